"""`razz-fast match`: strategies ranked on the same deals."""

from __future__ import annotations

import argparse
import dataclasses
import math
import sys
from typing import Any

import razz_fast
from razz_fast import _core
from razz_fast.cli.options import (
    NO_PROGRESS_HELP,
    OptionTypes,
    int_option,
    json_text,
    plot_path,
    rules_record,
    seat_strategies,
    stake_rules,
    strategy_names,
    strategy_of,
    table_options,
    table_stack,
)
from razz_fast.errors import RazzError


def _match(args: argparse.Namespace) -> int:
    args.plot = plot_path(args.plot)
    rules = stake_rules(args)
    # Names as simulate --strategies reads them: `match tight,check_call` too.
    names = strategy_names(args.strategies, "strategy")
    players = args.players or len(names)
    if players < 2:
        # (The core's "players must be 2..8, got 1" names no option given.)
        raise RazzError(
            f"match {names[0]!r} alone is one player: name another strategy or give --players"
        )
    strategies = seat_strategies(names, players, "match")
    show_progress = not args.json and not args.no_progress and sys.stderr.isatty()
    result = razz_fast.match(
        [strategy_of(name) for name in strategies],
        args.hands,
        rules=rules,
        stacks=table_stack(args, rules),
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
        record["rules"] = rules_record(rules)
        print(json_text(record))
        if args.plot:
            result.plot(args.plot)
            print(f"chart written to {args.plot}", file=sys.stderr)
        return 0
    kind = "duplicate" if result.duplicate else "plain"
    if result.adjust_luck:
        kind += ", luck-adjusted"
    if result.hands != args.hands:
        kind += f"; --hands {args.hands:,} rounded up to whole deals"
    print(
        f"{result.deals:,} deals, {result.hands:,} hands ({kind}),"
        f" {players} players, {rules!r}\nseed {result.seed}, {result.elapsed:.2f} s\n"
    )
    print(result.table())
    # The words of the table: its counts are not the hands above when a
    # strategy holds several seats.
    print(
        "\nseat-hands: hands played, once for each seat a strategy held;"
        " bb/100: big bets won per 100 seat-hands"
    )
    for (a, b), (diff, error) in result.pairwise.items():
        if math.isnan(error):  # one deal
            print(f"\n{a} against {b}: {diff:+.2f} bb/100 (one deal: no interval)")
        else:
            print(f"\n{a} against {b}: {diff:+.2f} ± {1.96 * error:.2f} bb/100 (95%)")
    if args.plot:
        result.plot(args.plot)
        print(f"\nchart written to {args.plot}")
    return 0


def add_match(commands: Any, types: OptionTypes) -> None:
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
    mat.add_argument(
        "strategies",
        nargs="+",
        help=f"a built-in strategy ({', '.join(_core.STRATEGIES)}) or a policy file's path;"
        " names may also be joined by commas, as for simulate --strategies",
    )
    mat.add_argument(
        "--players",
        type=int_option(2, 8),
        default=None,
        help="players at the table, 2-8 (default: one per strategy)",
    )
    mat.add_argument(
        "--hands",
        type=types.count,
        default=1_000_000,
        help="hands to play, every seating of every deal counted (default 1e6)",
    )
    mat.add_argument(
        "--no-duplicate",
        action="store_true",
        help="play every deal once, in one seating (plain play)",
    )
    mat.add_argument(
        "--adjust-luck",
        action="store_true",
        help="take each hand's luck out of the results: a smaller error, about 10 µs a hand",
    )
    table_options(mat, types.chips, types.seed, types.threads, "")
    mat.add_argument("--plot", metavar="FILE", help="a chart of the running results (.png, .svg)")
    mat.add_argument("--no-progress", action="store_true", help=NO_PROGRESS_HELP)
    mat.set_defaults(run=_match)
