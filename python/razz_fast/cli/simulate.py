"""`razz-fast simulate`: the command's own six-player table by default."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import math
import os
import pathlib
import sys
from typing import Any

import razz_fast
from razz_fast import _core
from razz_fast.cli.options import (
    NO_PROGRESS_HELP,
    OptionTypes,
    int_option,
    json_text,
    rules_record,
    stake_rules,
    strategy_of,
    table_options,
    table_stack,
    table_strategies,
)


def rank_classes(winning_ranks: dict[int, int]) -> dict[str, int]:
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


def out_sink(path: str | None) -> Any:
    """The sink ``--out`` writes every hand to (a Parquet file: [every hand as data](DATA.md)),
    or a null context without it. A path that cannot be written, or no
    pyarrow, is refused before a run that may take minutes: ValueError."""
    if path is None:
        return contextlib.nullcontext()
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ValueError("--out needs pyarrow: pip install 'razz-fast[arrow]'") from None
    target = pathlib.Path(path)
    folder = target.parent
    if target.is_dir() or not folder.is_dir() or not os.access(folder, os.W_OK):
        why = "is a folder" if target.is_dir() else f"cannot write in {str(folder)!r}"
        raise ValueError(f"--out {path}: {why}")
    from razz_fast.columnar import ParquetSink

    return ParquetSink(target)


def _simulate(args: argparse.Namespace) -> int:
    rules = stake_rules(args)
    strategies = table_strategies(args.strategies, args.players)
    show_progress = not args.json and not args.no_progress and sys.stderr.isatty()
    with out_sink(args.out) as sink:
        result = razz_fast.simulate(
            args.hands,
            players=args.players,
            strategies=[strategy_of(name) for name in strategies],
            rules=rules,
            stacks=table_stack(args, rules),
            seed=args.seed,
            threads=args.threads,
            progress=show_progress,
            record=sink or 0,
        )
    if args.json:
        record = dataclasses.asdict(result)
        record["strategies"] = strategies
        record["rules"] = rules_record(rules)
        record["winning_ranks"] = {str(k): v for k, v in result.winning_ranks.items()}
        print(json_text(record))
        return 0
    rate = result.hands / result.elapsed if result.elapsed > 0 else float("inf")
    print(
        f"{result.hands:,} hands, {result.players} players, {rules!r}\n"
        f"seed {result.seed}, {result.elapsed:.2f} s ({rate:,.0f} hands/s), "
        f"showdown rate {result.showdown_rate:.1%}\n"
    )
    if args.out is not None:
        print(f"every hand written to {args.out} (Parquet; schema: docs/DATA.md)\n")
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
        for name, count in rank_classes(result.winning_ranks).items():
            print(f"  {name:<9} {count / result.showdowns:7.2%}")
    return 0


def add_simulate(commands: Any, types: OptionTypes) -> None:
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
        "--hands", type=types.count, default=1_000_000, help="hands to play (default 1,000,000)"
    )
    sim.add_argument(
        "--players", type=int_option(2, 8), default=6, help="players at the table, 2-8 (default 6)"
    )
    sim.add_argument(
        "--strategies",
        default="tight,check_call,random",
        help="comma-separated strategies, at most one a seat, repeated round the table "
        "(check_call, random, tight, or a policy file's path; default "
        "tight,check_call,random)",
    )
    table_options(
        sim, types.chips, types.seed, types.threads, "; this command's own table, see above"
    )
    sim.add_argument(
        "--out",
        metavar="FILE",
        help="also write every hand played to this Parquet file (columnar hands, "
        "docs/DATA.md; needs pyarrow: pip install 'razz-fast[arrow]')",
    )
    sim.add_argument("--no-progress", action="store_true", help=NO_PROGRESS_HELP)
    sim.set_defaults(run=_simulate)
