"""The `razz-fast` command line."""

from __future__ import annotations

import argparse
import dataclasses
import decimal
import inspect
import json
import math
import os
import pathlib
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import razz_fast
from razz_fast import _core
from razz_fast._args import MAX_THREADS
from razz_fast._history_commands import add_convert, add_replay
from razz_fast.errors import RazzError
from razz_fast.plot import plot_available, plot_formats

_COUNT_LIMIT = 2**63 - 1
_SEED_LIMIT = 2**64 - 1
_CHIP_LIMIT = _core.MAX_CHIPS


def _int_option(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: an int in low..high, so that a bad value is refused
    with the option's own name before the command prints anything."""

    def convert(text: str) -> int:
        # Decimal, not float: 1e6 and 1_000_000 are counts too, and 1e30 is
        # ten to the thirty, not the float nearest it.
        try:
            value = decimal.Decimal(text.replace("_", ""))
        except decimal.InvalidOperation:
            value = decimal.Decimal("nan")
        if not value.is_finite() or value != value.to_integral_value():
            raise argparse.ArgumentTypeError(f"{text!r} is not an integer")
        # (More digits than ``high`` has is out of range: no int() of 1e999999999.)
        if value.adjusted() >= len(str(high)) or not low <= int(value) <= high:
            raise argparse.ArgumentTypeError(f"{text} is not in {low:,}..{high:,}")
        return int(value)

    convert.__name__ = "integer"  # argparse names the type in some messages
    return convert


def _json_text(record: Any) -> str:
    """``record`` as strict JSON: an infinite or undefined figure (a
    variance reduction with no error left, say) is ``null``, since JSON has
    no Infinity or NaN and strict parsers refuse Python's spelling of them."""

    def finite(value: Any) -> Any:
        if isinstance(value, float) and not math.isfinite(value):
            return None
        if isinstance(value, dict):
            return {k: finite(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [finite(v) for v in value]
        return value

    return json.dumps(finite(record), indent=2, allow_nan=False)


def _plot_path(path: str | None) -> str | None:
    """The file a ``--plot`` writes (with ``.png`` added to a name without
    an extension, as matplotlib would, so that the message names the file
    written); a path that cannot be drawn or written is refused before a
    run that may take minutes: ValueError (a message, status 2)."""
    if path is None:
        return None
    if not plot_available():
        raise ValueError("--plot needs matplotlib: pip install 'razz-fast[plot]'")
    target = pathlib.Path(path)
    folder = target.parent
    if target.is_dir() or not folder.is_dir() or not os.access(folder, os.W_OK):
        why = "is a folder" if target.is_dir() else f"cannot write in {str(folder)!r}"
        raise ValueError(f"--plot {path}: {why}")
    # matplotlib picks the format by the extension and refuses one it does
    # not know only when it saves, after the run.
    suffix = target.suffix[1:].lower()
    if suffix and suffix not in plot_formats():
        raise ValueError(
            f"--plot {path}: matplotlib cannot write .{suffix} files"
            f" (it writes {', '.join(plot_formats())})"
        )
    return path if suffix else f"{path}.png"


def _rules_record(rules: razz_fast.Rules) -> dict[str, Any]:
    """The rules as a JSON object: every public property of ``Rules``."""
    names = [
        name
        for name, attribute in inspect.getmembers(type(rules))
        if not name.startswith("_") and inspect.isdatadescriptor(attribute)
    ]
    return {name: getattr(rules, name) for name in names}


def _rank(args: argparse.Namespace) -> int:
    width = max(len(h) for h in args.hands)
    for text in args.hands:
        cards = razz_fast.parse_cards(text)
        value = razz_fast.rank(cards)
        best = razz_fast.format_cards(razz_fast.best_five(cards))
        print(f"{text:<{width}}  rank {value:>4}  best {best}  {razz_fast.describe(value)}")
    return 0


def _strategies(text: str, players: int) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        # "tight,,random" is a slip, not two strategies.
        raise RazzError(f"--strategies {text!r} has an empty name")
    if len(names) > players:
        raise RazzError(
            f"--strategies names {len(names)} strategies for --players {players}: "
            "give at most one a seat (they repeat round the table)"
        )
    return [names[seat % len(names)] for seat in range(players)]


_STAKES = ("ante", "bring_in", "small_bet", "big_bet")
#: The command's table, which is not Rules()'s (the help says so).
_STAKE_DEFAULTS = {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8}


def _stake_rules(args: argparse.Namespace) -> razz_fast.Rules:
    """The table's Rules from the stake options; an error names the options
    as the user typed them, and says which were left at their defaults (a
    --bring-in above the default --small-bet is blamed on --bring-in too)."""
    args.given = {name for name in _STAKES if getattr(args, name) is not None}
    values = {
        name: _STAKE_DEFAULTS[name] if getattr(args, name) is None else getattr(args, name)
        for name in _STAKES
    }
    try:
        return razz_fast.Rules.preset(getattr(args, "rules", "pokerstars"), *values.values())
    except ValueError as error:
        message = str(error)
        for name in _STAKES:
            message = message.replace(name, "--" + name.replace("_", "-"))
        given = [f"--{n.replace('_', '-')} {values[n]}" for n in _STAKES if n in args.given]
        defaults = [f"--{n.replace('_', '-')} {values[n]}" for n in _STAKES if n not in args.given]
        context = f"given {', '.join(given)}" if given else "all defaults"
        if given and defaults:
            context += f"; defaults {', '.join(defaults)}"
        raise RazzError(f"{message} ({context})") from None


def _stack(args: argparse.Namespace, rules: razz_fast.Rules) -> int:
    """--stack, or 100 big bets; a default past the chip limit (a huge
    --big-bet) says which option to give instead of naming a stack the
    user never typed."""
    if args.stack is not None:
        return int(args.stack)
    stack = 100 * rules.big_bet
    if stack > _CHIP_LIMIT:
        raise ValueError(
            f"the default --stack is 100 big bets, {stack:,}, past the chip limit"
            f" {_CHIP_LIMIT:,}: give --stack"
        )
    return stack


def _rank_classes(winning_ranks: dict[int, int]) -> dict[str, int]:
    """Showdown-winning ranks grouped as 5-low, 6-low, …, one pair, two pair
    and worse, by the core's category of each rank."""
    classes: dict[str, int] = {}
    for value, count in winning_ranks.items():
        category, top = _core.category(value)
        if category == "no pair":
            name = f"{_core.RANK_CHARS[top]}-low"
        elif category in ("one pair", "two pair"):
            name = category
        else:
            name = "worse"
        classes[name] = classes.get(name, 0) + count
    return classes


def _simulate(args: argparse.Namespace) -> int:
    rules = _stake_rules(args)
    strategies = _strategies(args.strategies, args.players)
    show_progress = not args.json and not args.no_progress and sys.stderr.isatty()
    result = razz_fast.simulate(
        args.hands,
        players=args.players,
        strategies=strategies,
        rules=rules,
        stacks=_stack(args, rules),
        seed=args.seed,
        threads=args.threads,
        progress=show_progress,
    )
    if args.json:
        record = dataclasses.asdict(result)
        record["strategies"] = strategies
        record["rules"] = _rules_record(rules)
        record["winning_ranks"] = {str(k): v for k, v in result.winning_ranks.items()}
        print(_json_text(record))
        return 0
    rate = result.hands / result.elapsed if result.elapsed > 0 else float("inf")
    print(
        f"{result.hands:,} hands, {result.players} players, {rules!r}\n"
        f"seed {result.seed}, {result.elapsed:.2f} s ({rate:,.0f} hands/s), "
        f"showdown rate {result.showdown_rate:.1%}\n"
    )
    big = rules.big_bet
    print(f"{'seat':>4}  {'strategy':<12} {'net chips':>14} {'bb/100 hands':>13} {'± s.e.':>7}")
    for seat in range(result.players):
        per100 = 100 * result.mean[seat] / big
        error = 100 * result.stderr[seat] / big
        name, net = strategies[seat], result.net[seat]
        shown = f"{error:>7.2f}" if not math.isnan(error) else f"{'n/a':>7}"  # one hand: NaN
        print(f"{seat:>4}  {name:<12} {net:>14,} {per100:>13.2f} {shown}")
    if result.showdowns:
        print("\nwinning hand at showdown:")
        for name, count in _rank_classes(result.winning_ranks).items():
            print(f"  {name:<9} {count / result.showdowns:7.2%}")
    return 0


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


def _match(args: argparse.Namespace) -> int:
    args.plot = _plot_path(args.plot)
    rules = _stake_rules(args)
    players = args.players or len(args.strategies)
    if players < len(args.strategies):
        # A strategy with no seat would silently drop out of the ranking.
        raise RazzError(
            f"{len(args.strategies)} strategies for --players {players}: "
            "give at most one a seat (they repeat round the table)"
        )
    strategies = [args.strategies[seat % len(args.strategies)] for seat in range(players)]
    show_progress = not args.json and not args.no_progress and sys.stderr.isatty()
    result = razz_fast.match(
        strategies,
        args.hands,
        rules=rules,
        stacks=_stack(args, rules),
        duplicate=not args.no_duplicate,
        seed=args.seed,
        threads=args.threads,
        progress=show_progress,
        adjust_luck=args.adjust_luck,
    )
    if args.json:
        record = dataclasses.asdict(result)
        record["pairwise"] = [
            {"strategy": a, "against": b, "bb_per_100": d, "stderr_bb_per_100": e}
            for (a, b), (d, e) in result.pairwise.items()
        ]
        record["seating"] = strategies
        record["rules"] = _rules_record(rules)
        print(_json_text(record))
        if args.plot:
            result.plot(args.plot)
            print(f"chart written to {args.plot}", file=sys.stderr)
        return 0
    kind = "duplicate" if result.duplicate else "plain"
    if result.adjust_luck:
        kind += ", luck-adjusted"
    print(
        f"{result.deals:,} deals, {result.hands:,} hands ({kind}), {players} players,"
        f" {rules!r}\nseed {result.seed}, {result.elapsed:.2f} s\n"
    )
    print(result.table())
    for (a, b), (diff, error) in result.pairwise.items():
        if math.isnan(error):  # one deal
            print(f"\n{a} against {b}: {diff:+.2f} bb/100 (one deal: no interval)")
        else:
            print(f"\n{a} against {b}: {diff:+.2f} ± {1.96 * error:.2f} bb/100 (95%)")
    if args.plot:
        result.plot(args.plot)
        print(f"\nchart written to {args.plot}")
    return 0


def _equity(args: argparse.Namespace) -> int:
    exact = {"auto": None, "yes": True, "no": False}[args.exact]
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
        print(_json_text(record))
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
    args.plot = _plot_path(args.plot)  # said before a run of half a minute
    show_progress = not (args.json or args.csv) and not args.no_progress and sys.stderr.isatty()
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
        print(_json_text(record))
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


def _table_options(
    parser: argparse.ArgumentParser, chips: Any, seed: Any, threads: Any, note: str
) -> None:
    """The options of a table of hands that simulate and match share: the
    preset, the stakes, the stacks, the seed, the threads and --json."""
    parser.add_argument(
        "--rules",
        choices=razz_fast.Rules.PRESETS,
        default="pokerstars",
        help="the rule book's preset (pokerstars; see docs/RULES.md)",
    )
    for name, value in _STAKE_DEFAULTS.items():
        flag = "--" + name.replace("_", "-")
        parser.add_argument(flag, type=chips, default=None, help=f"({value}{note})")
    parser.add_argument(
        "--stack",
        type=_int_option(1, _CHIP_LIMIT),
        default=None,
        help="every seat's stack (100 big bets)",
    )
    parser.add_argument("--seed", type=seed, default=None, help="seed for a reproducible run")
    parser.add_argument("--threads", type=threads, default=None, help="threads (all cores)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


class _OptionTypes:
    """The checked option types the subcommands share."""

    def __init__(self) -> None:
        self.count = _int_option(1, _COUNT_LIMIT)
        self.seed = _int_option(0, _SEED_LIMIT)
        self.threads = _int_option(1, MAX_THREADS)
        self.chips = _int_option(0, _CHIP_LIMIT)
        self.cap = _int_option(0, _COUNT_LIMIT)  # 0: no cap


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="razz-fast", description="Fast, correct razz (ace-to-five low) tools."
    )
    parser.add_argument("--version", action="version", version=razz_fast.__version__)
    commands = parser.add_subparsers(dest="command", required=True)
    rank = commands.add_parser("rank", help="rank and describe 5 to 7 card hands")
    rank.add_argument("hands", nargs="+", help='a hand such as "As 2d 3c 4h 6s Kd Kc"')
    rank.set_defaults(run=_rank)

    types = _OptionTypes()
    for add in (_add_simulate, _add_match, _add_equity, _add_chart, add_replay, add_convert):
        add(commands, types)
    return parser


def _add_simulate(commands: Any, types: _OptionTypes) -> None:
    """`razz-fast simulate`."""
    sim = commands.add_parser(
        "simulate",
        help="play many complete hands with built-in strategies",
        description="Play complete razz hands in the compiled core on every core. "
        "With no options: six players (tight, check_call, random, tight, check_call, "
        "random), a million hands, ante 1, bring-in 2, bets 4/8, stacks of 100 big bets. "
        f"This table is the command's own, not the library's: razz_fast.Rules() is "
        f"{razz_fast.Rules()!r}, so razz_fast.simulate(..., rules=Rules()) plays smaller "
        "stakes with no ante unless given these.",
    )
    sim.add_argument(
        "--hands", type=types.count, default=1_000_000, help="hands to play (1,000,000)"
    )
    sim.add_argument(
        "--players", type=_int_option(2, 8), default=6, help="players at the table, 2-8 (6)"
    )
    sim.add_argument(
        "--strategies",
        default="tight,check_call,random",
        help="comma-separated strategies, at most one a seat, repeated round the table "
        "(check_call, random, tight; default tight,check_call,random)",
    )
    _table_options(sim, types.chips, types.seed, types.threads, "; Rules(): see above")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar")
    sim.set_defaults(run=_simulate)


def _add_match(commands: Any, types: _OptionTypes) -> None:
    """`razz-fast match`."""
    mat = commands.add_parser(
        "match",
        help="rank strategies on the same deals, with confidence intervals",
        description="Play the strategies against each other, e.g. razz-fast match tight "
        "check_call random --players 6 --hands 1e6. Strategies are repeated round the "
        "table; with duplicate (the default) every deal is played once per rotation of the "
        "seating, with the same cards. Ante 1, bring-in 2, bets 4/8, stacks of 100 big "
        "bets unless given.",
    )
    mat.add_argument("strategies", nargs="+", help="check_call, random or tight")
    mat.add_argument(
        "--players", type=_int_option(2, 8), default=None, help="seats, 2-8 (one per strategy)"
    )
    mat.add_argument("--hands", type=types.count, default=1_000_000, help="hands (1e6)")
    mat.add_argument("--no-duplicate", action="store_true", help="one seating per deal")
    mat.add_argument(
        "--adjust-luck",
        action="store_true",
        help="take each hand's luck out of the results: a smaller error, about 10 µs a hand",
    )
    _table_options(mat, types.chips, types.seed, types.threads, "")
    mat.add_argument("--plot", metavar="FILE", help="a chart of the running results (.png, .svg)")
    mat.add_argument("--no-progress", action="store_true", help="no progress bar")
    mat.set_defaults(run=_match)


def _add_equity(commands: Any, types: _OptionTypes) -> None:
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
    eq.add_argument("--trials", type=types.count, default=None, help="samples (1,000,000)")
    eq.add_argument("--seed", type=types.seed, default=None)
    eq.add_argument("--threads", type=types.threads, default=None)
    eq.add_argument("--json", action="store_true")
    eq.add_argument("--no-progress", action="store_true", help="no progress bar")
    eq.set_defaults(run=_equity)


def _add_chart(commands: Any, types: _OptionTypes) -> None:
    """`razz-fast chart`."""
    ch = commands.add_parser(
        "chart",
        help="equity of every three-card starting hand against random hands",
        description="The equity of each of the 455 three-card starting hands (suits "
        "only remove cards) against 1 to 7 random opponents, best first: exact heads-up, "
        "sampled against more.",
    )
    ch.add_argument("--opponents", type=int, default=1, help="random opponents, 1 to 7 (1)")
    ch.add_argument(
        "--exact",
        choices=("auto", "yes", "no"),
        default="auto",
        help="enumerate (yes), sample (no), or exact heads-up only (auto)",
    )
    ch.add_argument("--trials", type=types.count, default=None, help="samples per hand (100,000)")
    ch.add_argument("--seed", type=types.seed, default=None)
    ch.add_argument("--threads", type=types.threads, default=None)
    out = ch.add_mutually_exclusive_group()
    out.add_argument("--csv", action="store_true", help="print the rows as CSV")
    out.add_argument("--json", action="store_true", help="print the result as JSON")
    ch.add_argument("--no-progress", action="store_true", help="no progress bar")
    ch.add_argument("--plot", metavar="FILE", help="draw the chart to FILE (.png, .svg, .pdf)")
    ch.set_defaults(run=_chart)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as stop:
        # A bad option (argparse printed which, status 2), --help or --version.
        return stop.code if isinstance(stop.code, int) else 2
    try:
        status: int = args.run(args)
        return status
    except (ValueError, TypeError) as error:
        # Bad options (razz_fast errors are ValueErrors): a message, not a traceback.
        print(f"razz-fast: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("razz-fast: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`razz-fast ... | head`): not an error of ours.
        sys.stderr.close()
        return 0
    except OSError as error:
        # A file that cannot be written after all (a full disk, say).
        print(f"razz-fast: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
