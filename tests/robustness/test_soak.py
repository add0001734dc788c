"""The soak test (run before each release; skipped unless asked for):

    RAZZ_SOAK_SECONDS=600 python -m pytest tests/robustness/test_soak.py -s

For the given time it plays random tables under random rules — simulate
with built-in strategies, per-decision strategies that call back into the
library and batch policies, Tables stepped with random actions, equity —
and interrupts runs at random moments (Ctrl-C, as ``_thread.interrupt_main``
delivers it). It fails on a hang (a round that outlives its two-minute
watchdog, which prints every thread's stack), a
crash (the process dies), a wrong sum (chips not conserved) or memory that
grows: the resident size at the end must stay within 10% of what it was
after the warm-up.
"""

from __future__ import annotations

import _thread
import faulthandler
import os
import random
import threading

import numpy as np
import pytest

import razz_fast as rf

SECONDS = float(os.environ.get("RAZZ_SOAK_SECONDS", "0"))

pytestmark = pytest.mark.skipif(SECONDS <= 0, reason="set RAZZ_SOAK_SECONDS to run the soak test")


def _rss() -> int:
    with open(f"/proc/{os.getpid()}/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _rules(rnd: random.Random) -> rf.Rules:
    small = rnd.choice([2, 4, 10])
    return rf.Rules(
        ante=rnd.randint(0, 2),
        bring_in=rnd.randint(1, small),
        small_bet=small,
        big_bet=2 * small,
        cap=rnd.choice([None, 1, 4, 5]),
        burn_cards=rnd.random() < 0.3,
    )


def _thinker(view):
    mine = view.down_cards(view.seat) + view.up_cards(view.seat)
    rf.equity([mine, []], trials=2048, exact=False, seed=1)
    return random.Random(len(view.history)).choice(view.legal_actions())


@rf.batch_policy
def _uniform(batch):
    rng = np.random.default_rng(len(batch))
    return np.argmax(rng.random(batch.legal.shape) * batch.legal, axis=1)


def _round(rnd: random.Random) -> None:
    """One random piece of work, maybe interrupted."""
    rules, players = _rules(rnd), rnd.randint(2, 8)
    stacks = [rnd.choice([1, 5, 40, 400]) for _ in range(players)]
    kind = rnd.choice(["builtin", "callback", "batch", "tables", "equity"])
    timer = None
    if rnd.random() < 0.3:
        timer = threading.Timer(rnd.uniform(0.0, 0.3), _thread.interrupt_main)
        timer.start()
    # A hang fails the run, with every thread's stack printed.
    faulthandler.dump_traceback_later(120, exit=True)
    try:
        if kind == "tables":
            tables = rf.Tables(rules, stacks, rnd.randint(1, 700), seed=rnd.getrandbits(64))
            rng = np.random.default_rng(rnd.getrandbits(32))
            for _ in range(200):
                tables.step(np.argmax(rng.random(tables.legal.shape) * tables.legal, axis=1))
                assert tables.payoffs.sum() == 0
        elif kind == "equity":
            deck = rnd.sample(range(52), 12)
            rf.equity([deck[:3], deck[3:6], deck[6:8]], trials=200_000, seed=1)
        else:
            pool = {"builtin": ["tight", "random", "check_call"], "callback": [_thinker, "tight"],
                    "batch": [_uniform, "random"]}[kind]  # fmt: skip
            strategies = [rnd.choice(pool) for _ in range(players)]
            hands = 50_000 if kind == "builtin" else 300 if kind == "callback" else 5_000
            result = rf.simulate(
                hands, players=players, strategies=strategies, rules=rules, stacks=stacks,
                seed=rnd.getrandbits(64), threads=rnd.choice([None, 1, 2]),
            )  # fmt: skip
            assert sum(result.net) == 0
    except KeyboardInterrupt:
        pass
    finally:
        faulthandler.cancel_dump_traceback_later()
        if timer is not None:
            timer.cancel()
            timer.join()


def test_soak():
    rnd = random.Random(int(os.environ.get("RAZZ_SOAK_SEED", "1")))
    deadline = threading.Event()
    threading.Timer(SECONDS, deadline.set).start()
    warm = threading.Event()
    threading.Timer(min(60.0, SECONDS / 5), warm.set).start()
    baseline = None
    rounds = 0
    while not deadline.is_set():
        try:
            _round(rnd)
        except KeyboardInterrupt:  # an interrupt that landed between two calls
            pass
        rounds += 1
        if baseline is None and warm.is_set():
            baseline = _rss()
    end = _rss()
    print(f"soak: {rounds} rounds, RSS {baseline} -> {end} bytes")
    assert baseline is not None
    assert end <= 1.1 * baseline
