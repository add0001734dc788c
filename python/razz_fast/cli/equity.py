"""`razz-fast equity`, `chart` and `rank`: hands' equities, the
starting-hand chart, and hand values."""

from __future__ import annotations

import argparse
import dataclasses
import math
import sys
import time
from collections.abc import Sequence
from typing import Any

import razz_fast
from razz_fast import _core
from razz_fast.cli import chart_time
from razz_fast.cli.options import (
    JSON_HELP,
    NO_PROGRESS_HELP,
    SEED_HELP,
    THREADS_HELP,
    OptionTypes,
    int_option,
    json_text,
    plot_path,
)
from razz_fast.errors import RazzError


def _rank(args: argparse.Namespace) -> int:
    # Every hand is checked before any is printed; an error names the hand.
    ranked = []
    for text in args.hands:
        try:
            cards = razz_fast.parse_cards(text)
            ranked.append((text, cards, razz_fast.rank(cards)))
        except ValueError as error:
            raise RazzError(f"hand {text!r}: {error}") from None
    width = max(len(h) for h in args.hands)
    for text, cards, value in ranked:
        best = razz_fast.format_cards(razz_fast.best_five(cards))
        print(f"{text:<{width}}  rank {value:>4}  best {best}  {razz_fast.describe(value)}")
    return 0


def _checked_cards(hands: Sequence[str], dead: Sequence[str]) -> None:
    """The players' and dead cards read as the core will read them, so that
    an error says whose: which player (1-based, with the text given) or
    which --dead, and for a card given twice, both of its places. Every
    fault is named at once, not the first alone."""
    places: dict[str, str] = {}
    faults = []
    given = [(f"player {i} ({text!r})", text) for i, text in enumerate(hands, 1)]
    given += [(f"--dead {text!r}", text) for text in dead]
    for place, text in given:
        try:
            cards = razz_fast.parse_cards(text)
        except ValueError as error:
            faults.append(f"{place}: {error}")
            continue
        if place.startswith("player") and len(cards) > 7:
            faults.append(f"{place}: a player has 0 to 7 known cards, not {len(cards)}")
        for card in razz_fast.format_cards(cards).split():
            if card in places:
                faults.append(f"duplicate card {card}: {places[card]} and {place}")
            places.setdefault(card, place)
    if faults:
        raise RazzError("; ".join(faults))


def _labels(hands: Sequence[str]) -> list[str]:
    """Row labels: a player's cards, or 'player N (no cards)' when none are known."""
    return [text.strip() or f"player {seat + 1} (no cards)" for seat, text in enumerate(hands)]


def _warn_single_cards(hands: Sequence[str]) -> None:
    """`razz-fast equity As 2d 3h 7s 8d 9h` is six one-card players: said once."""
    if all(len(razz_fast.parse_cards(text)) == 1 for text in hands):
        print(
            f"razz-fast: warning: {len(hands)} players of one card each "
            f"({', '.join(hands)}); to give a player several cards, quote them: "
            'razz-fast equity "As 2d 3h" "7s 8d 9h"',
            file=sys.stderr,
        )


def _equity(args: argparse.Namespace) -> int:
    exact = {"auto": None, "yes": True, "no": False}[args.exact]
    _checked_cards(args.hands, args.dead)
    _warn_single_cards(args.hands)
    start = time.perf_counter()
    result = razz_fast.equity(
        args.hands,
        " ".join(args.dead),
        exact=exact,
        trials=args.trials,
        seed=args.seed,
        threads=args.threads,
        progress=not args.json and not args.no_progress and sys.stderr.isatty(),
    )
    elapsed = time.perf_counter() - start
    if args.json:
        record = dataclasses.asdict(result)
        record["hands"] = args.hands
        record["dead"] = " ".join(args.dead)
        record["elapsed"] = elapsed
        print(json_text(record))
        return 0
    labels = _labels(args.hands)
    width = max(len("player"), *(len(label) for label in labels))
    how = (
        f"exact over {result.trials:,} deals"
        if result.exact
        else f"{result.trials:,} samples (seed {result.seed})"
    )
    print(f"{how}, {elapsed * 1000:.1f} ms\n")
    print(f"{'player':<{width}}  {'equity':>8}  {'win':>8}  {'tie':>8}  {'± s.e.':>8}")
    for cards, eq, win, tie, err in zip(
        labels, result.equity, result.win, result.tie, result.stderr
    ):
        error = "exact" if result.exact else "n/a" if math.isnan(err) else f"{err:.4%}"
        print(f"{cards:<{width}}  {eq:>8.3%}  {win:>8.3%}  {tie:>8.3%}  {error:>8}")
    return 0


def _chart(args: argparse.Namespace) -> int:
    exact = {"auto": None, "yes": True, "no": False}[args.exact]
    args.plot = plot_path(args.plot)  # said before a run of half a minute
    show_progress = not (args.json or args.csv) and not args.no_progress and sys.stderr.isatty()
    if exact or (exact is None and args.opponents == 1):
        # Exact: seconds heads-up, hours or weeks against more. Said before
        # the run, with its estimate and end; the bar (a terminal's) counts
        # the rows down with its own estimate of the time left.
        seconds, at_least = chart_time.exact_chart_seconds(args.opponents, args.threads)
        warning = chart_time.slow_chart_warning(args.opponents, seconds, at_least)
        if warning:
            print(warning, file=sys.stderr, flush=True)
    result = razz_fast.chart(
        args.opponents,
        exact=exact,
        trials=args.trials,
        seed=args.seed,
        threads=args.threads,
        progress=show_progress,
    )
    fields = ("hand", "combos", "equity", "win", "tie", "stderr", "trials")
    if args.json:
        record = dataclasses.asdict(result)
        print(json_text(record))
    elif args.csv:
        print(",".join(fields))
        for row in result.rows:
            print(",".join(str(getattr(row, name)) for name in fields))
    else:
        how = (
            "exact"
            if result.exact
            else f"{result.rows[0].trials:,} samples a hand (seed {result.seed})"
        )
        others = "one random hand" if args.opponents == 1 else f"{args.opponents} random hands"
        print(f"three-card starts against {others}: {how}, {result.elapsed:.1f} s\n")
        head = f"{'#':>3}  {'hand':<6} {'combos':>6}  {'equity':>8}  {'win':>8}  {'tie':>7}"
        print(f"{head}  {'± s.e.':>7}")
        for i, row in enumerate(result.rows, 1):
            error = (
                "exact"
                if result.exact
                else "n/a"
                if math.isnan(row.stderr)
                else f"{row.stderr:.3%}"
            )
            print(
                f"{i:>3}  {row.hand:<6} {row.combos:>6}  {row.equity:>8.3%}  {row.win:>8.3%}"
                f"  {row.tie:>7.3%}  {error:>7}"
            )
    if args.plot:
        result.plot(args.plot)
        print(f"chart written to {args.plot}", file=sys.stderr if args.json or args.csv else None)
    return 0


def add_rank(commands: Any, types: OptionTypes) -> None:
    """`razz-fast rank`."""
    rank = commands.add_parser("rank", help="rank and describe 5 to 7 card hands")
    rank.add_argument("hands", nargs="+", help='a hand such as "As 2d 3c 4h 6s Kd Kc"')
    rank.set_defaults(run=_rank)


def add_equity(commands: Any, types: OptionTypes) -> None:
    """`razz-fast equity`."""
    eq = commands.add_parser(
        "equity",
        help="each player's share of the pot, exact or sampled",
        description='Equity of razz hands, e.g. razz-fast equity "As 2d 3h" "7s 8d 9h" '
        '--dead "Kc". Each hand is the cards known for a player (0 to 7); unknown '
        "cards are dealt from the unseen ones.",
    )
    eq.add_argument(
        "hands",
        nargs="+",
        help='a player\'s known cards, quoted, e.g. "As 2d 3h"; "" for a player with none',
    )
    eq.add_argument(
        "--dead",
        action="append",
        default=[],
        help='cards out of play, e.g. --dead "Kc Qd" or --dead Kc --dead Qd',
    )
    eq.add_argument(
        "--exact",
        choices=("auto", "yes", "no"),
        default="auto",
        help="enumerate every deal (yes), sample (no), or exact when cheap (auto; "
        "--trials or --seed with auto samples)",
    )
    eq.add_argument(
        "--trials", type=types.count, default=None, help="deals to sample (default 1,000,000)"
    )
    eq.add_argument("--seed", type=types.seed, default=None, help=SEED_HELP + " (sampled)")
    eq.add_argument("--threads", type=types.threads, default=None, help=THREADS_HELP)
    eq.add_argument("--json", action="store_true", help=JSON_HELP)
    eq.add_argument("--no-progress", action="store_true", help=NO_PROGRESS_HELP)
    eq.set_defaults(run=_equity)


def add_chart(commands: Any, types: OptionTypes) -> None:
    """`razz-fast chart`."""
    ch = commands.add_parser(
        "chart",
        help="equity of every three-card starting hand against random hands",
        description="The equity of each of the 455 three-card starting hands (suits "
        "only remove cards) against 1 to 7 random opponents, best first: exact heads-up, "
        "sampled against more.",
    )
    ch.add_argument(
        "--opponents",
        type=int_option(1, _core.MAX_PLAYERS - 1),  # refused before the estimate
        default=1,
        help="how many random hands each start plays against, 1 to 7 (default 1)",
    )
    ch.add_argument(
        "--exact",
        choices=("auto", "yes", "no"),
        default="auto",
        help="enumerate every deal (yes), sample (no), or exact heads-up only (auto); "
        "an exact run expected to take over a minute says so first, with its estimate",
    )
    ch.add_argument(
        "--trials",
        type=types.count,
        default=None,
        help="deals to sample for each starting hand (default 100,000)",
    )
    ch.add_argument("--seed", type=types.seed, default=None, help=SEED_HELP + " (sampled)")
    ch.add_argument("--threads", type=types.threads, default=None, help=THREADS_HELP)
    out = ch.add_mutually_exclusive_group()
    out.add_argument("--csv", action="store_true", help="print the rows as CSV")
    out.add_argument("--json", action="store_true", help="print the result as JSON")
    ch.add_argument("--no-progress", action="store_true", help=NO_PROGRESS_HELP)
    ch.add_argument("--plot", metavar="FILE", help="draw the chart to FILE (.png, .svg, .pdf)")
    ch.set_defaults(run=_chart)
