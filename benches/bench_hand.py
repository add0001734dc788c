"""Complete razz hands driven from Python, one action at a time: razz_fast's
`Hand` against the pure-Python reference and pokerkit, in one run.

    python benches/bench_hand.py [--hands 20000]

Six players, ante 1, bring-in 2, bets 4/8, stacks of 200, and every action
drawn uniformly from the legal ones with Python's `random`, each engine
through its cheapest correct loop. The engines run alternately in rounds,
best of each. Prints hands per second and the ratios. Timings never decide
a test.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from functools import partial

from alternate import alternate, how, pair_ratios, spread

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
    """Hands per second through pokerkit's FixedLimitRazz, the same policy.

    Its cheapest correct loop: the legal moves from the state's own fields
    (the bring-in phase, the amount to call: pokerkit's tournament mode, its
    default, lets a player fold only when facing a bet, as razz_fast does)
    and one `can_` call, for the wager, whose cap pokerkit alone knows;
    each `can_` call costs a verification and a caught exception.
    """
    import pokerkit

    automations = tuple(pokerkit.Automation)  # deal, burn, show, push: all automatic
    create = pokerkit.FixedLimitRazz.create_state
    stacks = (STACK,) * PLAYERS
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(hands):
        state = create(automations, True, *STAKES, stacks, PLAYERS)
        while state.status:
            if state.bring_in_status:
                moves = [state.post_bring_in]
            elif state.checking_or_calling_amount:
                moves = [state.fold, state.check_or_call]
            else:
                moves = [state.check_or_call]
            if state.can_complete_bet_or_raise_to():
                moves.append(state.complete_bet_or_raise_to)
            rng.choice(moves)()
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    engines = {
        "razz_fast.Hand": partial(ours, razz_fast, args.hands),
        "razz_fast.reference.Hand": partial(ours, reference, max(args.hands // 40, 50)),
    }
    pokerkit = "pokerkit 0.7.7 FixedLimitRazz"
    installed = importlib.util.find_spec("pokerkit") is not None
    if installed:
        engines[pokerkit] = partial(pokerkit_rate, max(args.hands // 200, 20))
    best, every = alternate(engines, args.rounds)
    rows = [
        (name, rate, "" if i == 0 else spread(pair_ratios(every, "razz_fast.Hand", name)))
        for i, (name, rate) in enumerate(best.items())
    ]
    if not installed:
        rows.append((pokerkit, float("nan"), "not installed"))

    base = rows[0][1]
    print(f"complete {PLAYERS}-player hands, random legal actions from Python")
    print(how(args.rounds) + "\n")
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
