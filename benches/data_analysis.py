"""The example analysis of docs/DATA.md: win rate by three-card start.

    python benches/data_analysis.py [--hands 10000000] [--seed 1] [--keep FILE]
                                    [--write docs/DATA.md] [--plot docs/data_start_winrate.png]

Plays ``--hands`` hands at the table of ``razz-fast simulate`` (six
players: tight, check_call, random, twice round; ante 1, bring-in 2, bets
4/8, stacks of 100 big bets), writes every hand to a Parquet file as
``razz-fast simulate --out`` does, then reads the file back one row group
at a time (memory stays flat) and, for every seat of every hand, takes its
start (its first three cards: two down, one up, as a rank multiset) and
whether it won a share of a pot. Prints the table (the best and worst
starts by win rate, with the seats' results in big bets per 100 hands),
and with ``--write`` puts it between the ``start-winrate`` markers of the
page; ``--plot`` draws every start's win rate (matplotlib).
"""

from __future__ import annotations

import argparse
import math
import os
import tempfile
import time

import numpy as np
import pyarrow.parquet as pq
from _markdown import replace_block

import razz_fast as rf
from razz_fast import columnar

RANKS = "A23456789TJQK"
STRATEGIES = ["tight", "check_call", "random"] * 2
RULES = rf.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)


def start_index(ranks: np.ndarray) -> np.ndarray:
    """Each row of three ranks (0 = ace), as one number per multiset."""
    r = np.sort(ranks, axis=1).astype(np.int64)
    return (r[:, 0] * 13 + r[:, 1]) * 13 + r[:, 2]


def start_name(index: int) -> str:
    a, rest = divmod(index, 169)
    b, c = divmod(rest, 13)
    return "-".join(RANKS[r] for r in (c, b, a))


def tally(path: str, players: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Per start (13**3 slots): seat-hands, wins and net chips."""
    seats = np.zeros(13**3, dtype=np.int64)
    wins = np.zeros(13**3, dtype=np.int64)
    net = np.zeros(13**3, dtype=np.int64)
    file = pq.ParquetFile(path)
    hands = 0
    for group in range(file.num_row_groups):
        table = file.read_row_group(group, columns=["down_cards", "up_cards", "payoffs", "winners"])
        rows = table.num_rows
        hands += rows
        # Every seat is dealt two down cards and one up card before any
        # action: each seat's list starts with its start.
        down = table.column("down_cards").combine_chunks().flatten()
        up = table.column("up_cards").combine_chunks().flatten()
        first = down.offsets.to_numpy()[:-1]
        values = down.values.to_numpy()
        cards = np.stack(
            [values[first], values[first + 1], up.values.to_numpy()[up.offsets.to_numpy()[:-1]]],
            axis=1,
        )
        start = start_index(cards // 4)
        winners = table.column("winners").combine_chunks()
        won = np.zeros(rows * players, dtype=bool)
        row_of = np.repeat(np.arange(rows), np.diff(winners.offsets.to_numpy()))
        won[row_of * players + winners.values.to_numpy()] = True
        payoffs = table.column("payoffs").combine_chunks().values.to_numpy()
        seats += np.bincount(start, minlength=13**3)
        wins += np.bincount(start, weights=won, minlength=13**3).astype(np.int64)
        net += np.bincount(start, weights=payoffs, minlength=13**3).astype(np.int64)
    return seats, wins, net, hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--keep", help="write the Parquet file here and keep it")
    parser.add_argument("--write", help="a page to put the table in (start-winrate markers)")
    parser.add_argument("--plot", help="draw every start's win rate to this file")
    args = parser.parse_args()
    path = args.keep or os.path.join(tempfile.mkdtemp(), "hands.parquet")

    began = time.perf_counter()
    with columnar.ParquetSink(path) as sink:
        result = rf.simulate(args.hands, players=6, strategies=STRATEGIES, rules=RULES,
                             seed=args.seed, threads=args.threads, record=sink)  # fmt: skip
    wrote = time.perf_counter() - began
    size = os.path.getsize(path)
    began = time.perf_counter()
    seats, wins, net, hands = tally(path, 6)
    read = time.perf_counter() - began
    if not args.keep:
        os.remove(path)
    assert hands == args.hands and int(net.sum()) == sum(result.net) == 0

    starts = np.flatnonzero(seats)
    rate = wins[starts] / seats[starts]
    order = starts[np.argsort(-rate, kind="stable")]
    big = RULES.big_bet

    def row(i: int, place: int) -> str:
        p = wins[i] / seats[i]
        error = 1.96 * math.sqrt(p * (1 - p) / seats[i])
        bb100 = 100 * net[i] / seats[i] / big
        return (f"| {place} | {start_name(i)} | {seats[i]:,} | {100 * p:.2f} ± {100 * error:.2f} |"
                f" {bb100:+.1f} |")  # fmt: skip

    lines = [
        f"{hands:,} hands, seed {args.seed}: written in {wrote:.0f} s "
        f"({hands / wrote:,.0f} hands/s, {size / 2**20:,.0f} MB, {size / hands:.0f} bytes a "
        f"hand), read back and tallied in {read:.0f} s. Win rate: the share of a start's "
        "seat-hands that won a share of a pot (± a 95% interval); bb/100: the seats' result in "
        "big bets per 100 hands.",
        "",
        "| # | start | seat-hands | win rate % | bb/100 |",
        "|---:|:---|---:|---:|---:|",
    ]
    shown = [*range(10), *range(len(order) - 5, len(order))]
    for place in shown:
        if place == shown[10]:
            lines.append("| … | | | | |")
        lines.append(row(int(order[place]), place + 1))
    text = "\n".join(lines)
    print(text)
    if args.write:
        replace_block(args.write, "start-winrate", text)
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(9, 4.2))
        high = np.array([max(start_name(int(i)).split("-"), key=RANKS.index) for i in order])
        rates = 100 * wins[order] / seats[order]
        colours = [
            "tab:blue" if RANKS.index(h) <= 7 else "tab:orange" if RANKS.index(h) <= 10
            else "tab:red" for h in high
        ]  # fmt: skip
        ax.scatter(np.arange(len(order)), rates, s=6, c=colours)
        ax.axhline(100 * wins.sum() / seats.sum(), color="grey", linestyle="--", linewidth=1)
        for place in (0, len(order) - 1):
            ax.annotate(start_name(int(order[place])), (place, rates[place]),
                        textcoords="offset points", xytext=(6, 0), fontsize=8)  # fmt: skip
        ax.set_xlabel("start, best to worst win rate (blue: eight or lower; orange: up to "
                      "a jack; red: queen or king)")  # fmt: skip
        ax.set_ylabel("win rate, %")
        ax.set_title(f"Win rate by three-card start, {hands:,} hands of the CLI's six-player "
                     "table", fontsize=10)  # fmt: skip
        fig.tight_layout()
        fig.savefig(args.plot, dpi=110, metadata={"Software": None})


if __name__ == "__main__":
    main()
