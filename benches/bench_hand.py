"""Complete razz hands driven from Python, one action at a time: razz_fast's
`Hand` against the pure-Python reference and pokerkit, in one run.

    python benches/bench_hand.py [--hands 20000]

Six players, ante 1, bring-in 2, bets 4/8, stacks of 200, and every action
drawn uniformly from the legal ones by the same Python loop. Prints hands
per second and the ratios. Timings never decide a test.
"""

from __future__ import annotations

import argparse
import random
import time

import razz_fast
from razz_fast import reference

STAKES = (1, 2, 4, 8)
PLAYERS = 6
STACK = 200


def ours(module, hands: int) -> float:
    """Hands per second through `module.Hand` with random legal actions."""
    rules = module.Rules(*STAKES)
    rng = random.Random(1)
    start = time.perf_counter()
    for seed in range(hands):
        hand = module.Hand(rules, [STACK] * PLAYERS, seed=seed)
        while not hand.is_over:
            hand.act(rng.choice(hand.legal_actions()))
    return hands / (time.perf_counter() - start)


def pokerkit_rate(hands: int) -> float:
    """Hands per second through pokerkit's FixedLimitRazz, the same policy."""
    import pokerkit

    automations = tuple(pokerkit.Automation)  # deal, burn, show, push: all automatic
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(hands):
        state = pokerkit.FixedLimitRazz.create_state(
            automations, True, *STAKES, (STACK,) * PLAYERS, PLAYERS
        )
        while state.status:
            moves = []
            if state.can_post_bring_in():
                moves.append(state.post_bring_in)
            if state.can_fold():
                moves.append(state.fold)
            if state.can_check_or_call():
                moves.append(state.check_or_call)
            if state.can_complete_bet_or_raise_to():
                moves.append(state.complete_bet_or_raise_to)
            rng.choice(moves)()
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    args = parser.parse_args()

    rows = [("razz_fast.Hand", ours(razz_fast, args.hands), "")]
    rows.append(("razz_fast.reference.Hand", ours(reference, max(args.hands // 40, 50)), ""))
    try:
        pokerkit_hands = max(args.hands // 200, 20)
        rows.append(("pokerkit 0.7.7 FixedLimitRazz", pokerkit_rate(pokerkit_hands), ""))
    except ImportError:
        rows.append(("pokerkit 0.7.7 FixedLimitRazz", float("nan"), "not installed"))

    base = rows[0][1]
    print(f"complete {PLAYERS}-player hands, random legal actions from Python\n")
    print(f"| {'engine':<32} | {'hands/s':>10} | {'vs razz_fast':>14} | note")
    print(f"|{'-' * 34}|{'-' * 12}|{'-' * 16}|------")
    for name, rate, note in rows:
        if rate != rate:
            print(f"| {name:<32} | {'-':>10} | {'':>14} | {note}")
            continue
        ratio = "1.00x" if rate == base else f"{base / rate:,.0f}x slower"
        print(f"| {name:<32} | {rate:>10,.0f} | {ratio:>14} | {note}")


if __name__ == "__main__":
    main()
