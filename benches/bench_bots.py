"""Bots at full speed: Tables stepped from Python with a numpy policy, batch
policies and per-decision callables in simulate, against a plain Python
loop over Hand and against what an RL user would otherwise step (OpenSpiel's
leduc_poker, RLCard's limit hold'em, PettingZoo's texas_holdem_v4), all in
one run, one thread.

    pip install -e '.[bench]' && python benches/bench_bots.py

Every peer is stepped through its cheapest correct loop, with Python's
`random` (no numpy call a step). The Tables, env and peer rows run
alternately in rounds, each row keeping its best round; the ratios are
printed best over best and as the median and range of the rounds' own
ratios. Prints decisions (or hands) per second and the ratios. Peers that
are not installed are skipped. Timings never decide a test.
"""

from __future__ import annotations

import importlib
import random
import statistics
import time
from functools import partial
from typing import Callable

import numpy as np
from alternate import alternate, how, pair_ratios, spread, times

import razz_fast as rf

RULES = rf.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)
SECONDS = 1.0  # each row's run in a round
ROUNDS = 5
TABLES = "Tables.step, 4096 tables, numpy uniform policy"
ENV = "RazzEnv.step, check/call opponents"
VECTOR = "RazzVectorEnv.step, 1024 envs, check/call opponents"


def timed(step: Callable[[], int], seconds: float = SECONDS) -> float:
    """Calls ``step`` (which returns the decisions it made) for about
    ``seconds``; decisions per second."""
    step()  # warm up
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += step()
    return done / elapsed


def tables_rate(tables: int, features: bool) -> float:
    t = rf.Tables(RULES, [400] * 6, tables, seed=1, threads=1)
    rng = np.random.default_rng(0)
    out = np.empty((tables, rf.FEATURES), dtype=np.float32)
    # The policy writes into buffers it keeps, as a tuned numpy loop does:
    # fresh arrays each step cost page faults that dwarf the tables' work.
    noise = np.empty(t.legal.shape)
    actions = np.empty(tables, dtype=np.int64)

    def step() -> int:
        if features:
            t.features(out=out)
        rng.random(out=noise)
        np.multiply(noise, t.legal, out=noise)
        np.argmax(noise, axis=1, out=actions)
        t.step(actions)
        return tables

    return timed(step)


def vector_env_rate(num_envs: int) -> float:
    from razz_fast.env import RazzVectorEnv

    env = RazzVectorEnv(num_envs=num_envs, players=6, opponents="check_call", threads=1)
    observation, _ = env.reset(seed=1)
    rng = np.random.default_rng(0)

    def step() -> int:
        nonlocal observation
        mask = observation["action_mask"]
        choice = np.argmax(rng.random(mask.shape) * mask, axis=1)
        observation, *_ = env.step(choice)
        return num_envs

    return timed(step)


def single_env_rate(opponents: str) -> float:
    """RazzEnv.step, six players: the learner picks a random legal choice
    with Python's random, as a pure-Python agent would."""
    import random

    from razz_fast.env import RazzEnv

    env = RazzEnv(players=6, opponents=opponents)
    observation, _ = env.reset(seed=1)
    choose = random.Random(0).choice

    def step() -> int:
        nonlocal observation
        for _ in range(1000):
            mask = observation["action_mask"].tolist()
            observation, _, ended, _, _ = env.step(choose([c for c in (0, 1, 2) if mask[c]]))
            if ended:
                observation, _ = env.reset()
        return 1000

    return timed(step)


@rf.batch_policy
def batch_check_call(batch):
    legal = batch.legal
    return np.where(legal[:, 3], 3, np.where(legal[:, 2], 2, 1))


def check_call(view) -> int:
    legal = view.legal_actions()
    return 3 if 3 in legal else (2 if 2 in legal else 1)


def simulate_rate(strategy, hands: int) -> float:
    result = rf.simulate(hands, players=6, strategies=strategy, rules=RULES, seed=1, threads=1)
    return hands / result.elapsed


def hand_loop_rate(hands: int) -> float:
    start = time.perf_counter()
    for seed in range(hands):
        hand = rf.Hand(RULES, [400] * 6, seed=seed)
        while not hand.is_over:
            hand.act(check_call(hand))
    return hands / (time.perf_counter() - start)


def openspiel_rate() -> float:
    import pyspiel

    game = pyspiel.load_game("leduc_poker")
    rng = random.Random(0)
    chance = int(pyspiel.PlayerId.CHANCE)

    def step() -> int:
        # OpenSpiel's cheapest correct loop from Python: one current_player()
        # call a node tells a decision, a chance node and the end apart; a
        # chance outcome is drawn by walking its (action, probability) list
        # against one random() (correct for any distribution, no
        # conversion); a decision is a uniform pick from the legal list.
        state, decisions = game.new_initial_state(), 0
        while True:
            player = state.current_player()
            if player >= 0:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
            elif player == chance:
                outcomes, left = state.chance_outcomes(), rng.random()
                for action, probability in outcomes:
                    left -= probability
                    if left < 0.0:
                        state.apply_action(action)
                        break
                else:  # rounding left a sliver: the last outcome
                    state.apply_action(outcomes[-1][0])
            else:
                return decisions

    return timed(step)


def rlcard_rate() -> float:
    import rlcard

    env = rlcard.make("limit-holdem", config={"seed": 0})
    rng = random.Random(0)

    def step() -> int:
        state, _ = env.reset()
        decisions = 0
        while not env.is_over():
            # legal_actions is a dict keyed by action id: its keys as a list
            # is the one conversion a uniform pick needs.
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            decisions += 1
        return decisions

    return timed(step)


def pettingzoo_rate() -> float:
    from pettingzoo.classic import texas_holdem_v4

    env = texas_holdem_v4.env()
    env.reset(seed=0)
    rng = random.Random(0)

    def step() -> int:
        env.reset()
        decisions = 0
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                # A uniform pick among the mask's ones with Python's random,
                # not the action space's numpy sampler.
                mask = observation["action_mask"].tolist()
                env.step(rng.choice([i for i, legal in enumerate(mask) if legal]))
                decisions += 1
        return decisions

    return timed(step)


def main() -> None:
    print("one thread; decisions/s unless marked")
    print(how(ROUNDS) + "\n")
    # Each row is a callable giving its rate, so that the rounds can run
    # them alternately.
    ours: dict[str, Callable[[], float]] = {
        TABLES: partial(tables_rate, 4096, False),
        "Tables.step + features(), 4096 tables": partial(tables_rate, 4096, True),
        VECTOR: partial(vector_env_rate, 1024),
        ENV: partial(single_env_rate, "check_call"),
    }
    peers: dict[str, Callable[[], float]] = {}
    for name, module, bench in (
        ("OpenSpiel leduc_poker (pyspiel)", "pyspiel", openspiel_rate),
        ("RLCard limit-holdem", "rlcard", rlcard_rate),
        # (Its classic environments also need pygame.)
        ("PettingZoo texas_holdem_v4", "pettingzoo.classic.texas_holdem_v4", pettingzoo_rate),
    ):
        try:
            importlib.import_module(module)
        except ImportError:
            print(f"  {name:<55} (not installed)")
        else:
            peers[name] = bench
    best, every = alternate({**ours, **peers}, ROUNDS)
    for name, value in best.items():
        print(f"  {name:<55} {value / 1e6:8.3f} M/s")
    for peer in peers:
        for mine in (TABLES, VECTOR, ENV):
            ratios = pair_ratios(every, mine, peer)
            print(f"\n  {mine.split(',')[0]} / {peer}: {times(best[mine] / best[peer])}"
                  f" best over best; {spread(ratios)}", end="")  # fmt: skip
    print()

    print("\nsimulate, six players, hands/s (best of 9, the four alternated)")
    batch = single = builtin = loop = 0.0
    pairs = []
    for _ in range(9):
        # Alternated, best of each: a burst of load on a shared machine
        # then hits every row alike instead of one. The callable and the
        # loop also run back to back, and the median of their ratio in
        # each pair is the figure that moves least with the host's load.
        batch = max(batch, simulate_rate(batch_check_call, 200_000))
        builtin = max(builtin, simulate_rate("check_call", 2_000_000))
        one, other = simulate_rate(check_call, 40_000), hand_loop_rate(20_000)
        single, loop = max(single, one), max(loop, other)
        pairs.append(one / other)
    print(f"  {'batch policy (numpy check/call)':<55} {batch:12,.0f}")
    print(f"  {'per-decision callable (check/call on a PlayerView)':<55} {single:12,.0f}")
    print(f"  {'plain Python loop over Hand (same decisions)':<55} {loop:12,.0f}")
    print(f"  {'built-in check_call':<55} {builtin:12,.0f}")
    print(f"\n  batch policy / per-decision callable: {batch / single:,.1f}x;"
          f" per-decision callable / plain loop: {single / loop:.2f}x"
          f" (median of the pairs {statistics.median(pairs):.2f}x,"
          f" range {min(pairs):.2f}-{max(pairs):.2f})")  # fmt: skip


if __name__ == "__main__":
    main()
