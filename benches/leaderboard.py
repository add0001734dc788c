"""The heads-up leaderboard of docs/BOTS.md: every built-in and the example
bot against every other in duplicate matches, and each one's local-best-
response value.

    python benches/leaderboard.py --hands 1000000 --bot-hands 200000 \
        --lbr-hands 400000 --bot-lbr-hands 2000 --seed 1 --write docs/BOTS.md

Prints both tables in Markdown; with ``--write FILE`` it also replaces the
block between the ``<!-- leaderboard:start -->`` and ``<!-- leaderboard:end
-->`` lines of FILE. Every figure is in big bets per 100 hands with its 95%
interval. The example bot (examples/equity_bot.py, a Python strategy) plays
fewer hands than the built-ins; its local best response asks it once per
rank class of its hidden cards (it declares itself suit-blind).
"""

from __future__ import annotations

import argparse
import itertools
import pathlib
import sys
import time
from typing import Any

import razz_fast as rf

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "examples"))
from equity_bot import EquityBot  # noqa: E402

sys.path.insert(0, str(ROOT / "benches"))
from _markdown import replace_block  # noqa: E402

BUILT_INS = ("blueprint", "tight", "check_call", "random")
Z = 1.959963984540054


def _bots() -> dict[str, Any]:
    bots: dict[str, Any] = {name: name for name in BUILT_INS}
    bots["equity_bot"] = EquityBot()
    return bots


def _interval(mean: float, stderr: float) -> str:
    return f"{mean:+.2f} [{mean - Z * stderr:+.2f}, {mean + Z * stderr:+.2f}]"


def matches(args: argparse.Namespace, bots: dict[str, Any]) -> list[str]:
    rows = ["| bot | against | hands | bb/100 [95% interval] |", "|---|---|---:|---|"]
    for pair in itertools.combinations(bots, 2):
        a, b = pair
        python = "equity_bot" in pair
        hands = args.bot_hands if python else args.hands
        start = time.perf_counter()
        result = rf.match([bots[a], bots[b]], hands, seed=args.seed, threads=args.threads)
        edge, error = result.pairwise[(a, b)]
        # The row reads from the side of the stronger bot.
        if edge < 0:
            a, b, edge = b, a, -edge
        rows.append(f"| {a} | {b} | {hands:,} | {_interval(edge, error)} |")
        print(f"  {a} v {b}: {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    return rows


def values(args: argparse.Namespace, bots: dict[str, Any]) -> list[str]:
    rows = ["| bot | hands | local best response, bb/100 [95% interval] |", "|---|---:|---|"]
    found = []
    for name, bot in bots.items():
        python = name == "equity_bot"
        hands = args.lbr_hands_of.get(name, args.bot_lbr_hands if python else args.lbr_hands)
        strategy = rf.probability_policy(bot.probabilities, suit_blind=True) if python else bot
        start = time.perf_counter()
        result = rf.exploitability(strategy, hands, seed=args.seed, threads=args.threads)
        found.append((result.bb_per_100, name, hands, result))
        print(f"  LBR {name}: {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    for value, name, hands, result in sorted(found):
        rows.append(f"| {name} | {hands:,} | {_interval(value, result.stderr)} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--bot-hands", type=int, default=200_000)
    parser.add_argument("--lbr-hands", type=int, default=400_000)
    parser.add_argument("--bot-lbr-hands", type=int, default=2_000)
    parser.add_argument(
        "--lbr-hands-of",
        action="append",
        default=[],
        metavar="NAME=HANDS",
        help="more hands for one bot's local best response (close values need them)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--write", default=None, help="a Markdown file to update")
    args = parser.parse_args()
    args.lbr_hands_of = {k: int(v) for k, v in (x.split("=", 1) for x in args.lbr_hands_of)}
    bots = _bots()
    start = time.perf_counter()
    table = matches(args, bots)
    lbr = values(args, bots)
    made = (
        f"Made by `python benches/leaderboard.py --hands {args.hands} --bot-hands"
        f" {args.bot_hands} --lbr-hands {args.lbr_hands} --bot-lbr-hands {args.bot_lbr_hands}"
        + "".join(f" --lbr-hands-of {k}={v}" for k, v in args.lbr_hands_of.items())
        + f" --seed {args.seed}` ({time.perf_counter() - start:.0f} s), default `Rules()` and"
        " stacks, duplicate matches."
    )
    text = "\n".join([made, "", *table, "", *lbr])
    print(text)
    if args.write:
        replace_block(args.write, "leaderboard", text)


if __name__ == "__main__":
    main()
