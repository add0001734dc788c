"""Small helpers shared by the tests; independent of both implementations."""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from collections import Counter

from razz_fast.events import Action

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "cdhs"

# Dense-rank boundaries of the categories (first and last rank of each).
CATEGORY_BOUNDS = {
    "no pair": (1, 1287),
    "one pair": (1288, 4147),
    "two pair": (4148, 5005),
    "trips": (5006, 5863),
    "full house": (5864, 6019),
    "quads": (6020, 6175),
}


def category_of_rank(r: int) -> str:
    for name, (low, high) in CATEGORY_BOUNDS.items():
        if low <= r <= high:
            return name
    raise AssertionError(f"rank {r} out of range")


def card(rank: int, suit: int) -> int:
    return 4 * rank + suit


def card_text(c: int) -> str:
    return RANK_CHARS[c // 4] + SUIT_CHARS[c % 4]


def ranks_to_cards(ranks, suit_offset: int = 0) -> list[int]:
    """Cards for a list of ranks (0 = ace ... 12 = king), giving repeated ranks
    different suits (the first occurrence gets suit ``suit_offset``)."""
    seen: Counter = Counter()
    cards = []
    for r in ranks:
        cards.append(card(r, (seen[r] + suit_offset) % 4))
        seen[r] += 1
    return cards


def hand(text: str, suit_offset: int = 0) -> list[int]:
    """Cards from a rank pattern such as ``"3-3-3-5-5"`` or ``"K-Q-J-T-9"``."""
    return ranks_to_cards([RANK_CHARS.index(ch) for ch in text.split("-")], suit_offset)


def rank_multisets(k: int) -> list[tuple[int, ...]]:
    """Every multiset of ``k`` ranks with no rank more than four times."""
    return [
        combo
        for combo in itertools.combinations_with_replacement(range(13), k)
        if max(Counter(combo).values()) <= 4
    ]


# The sets of distinct suits a rank occurring ``count`` times can take.
_SUIT_SETS = {count: list(itertools.combinations(range(4), count)) for count in range(5)}


def with_random_suits(multiset, rng: random.Random) -> list[int]:
    """Cards for a rank multiset with random distinct suits per rank, shuffled."""
    cards = []
    for r, count in Counter(multiset).items():
        cards.extend(card(r, s) for s in rng.choice(_SUIT_SETS[count]))
    rng.shuffle(cards)
    return cards


# Short names for actions in scripted hands.
F, X, C, B, CO, BE, R = (
    Action.FOLD,
    Action.CHECK,
    Action.CALL,
    Action.BRING_IN,
    Action.COMPLETE,
    Action.BET,
    Action.RAISE,
)


def observe(hand) -> dict:
    """Every observable of a hand, as plain data comparable across the core
    and the reference."""
    n = hand.num_players
    return {
        "street": hand.street,
        "actor": hand.actor,
        "legal": [int(a) for a in hand.legal_actions()],
        "to_call": hand.to_call,
        "stacks": hand.stacks,
        "bets": hand.bets,
        "pot": hand.pot,
        "folded": hand.folded,
        "all_in": hand.all_in,
        "up": [hand.up_cards(s) for s in range(n)],
        "down": [hand.down_cards(s) for s in range(n)],
        "community": hand.community_cards,
        "is_over": hand.is_over,
        "payoffs": hand.payoffs,
        "showdown_order": hand.showdown_order,
        "pots": [tuple(p) for p in hand.pots],
        "history": [tuple(e) for e in hand.history],
        "seed": hand.seed,
        "starting_stacks": hand.starting_stacks,
    }


def seen(view) -> dict:
    """Everything a ``PlayerView`` shows, as plain data comparable across
    the core and the reference."""
    seats = range(view.num_players)
    return {
        "seat": view.seat,
        "street": view.street,
        "actor": view.actor,
        "is_over": view.is_over,
        "legal": [int(a) for a in view.legal_actions()],
        "to_call": view.to_call,
        "pot": view.pot,
        "stacks": view.stacks,
        "starting_stacks": view.starting_stacks,
        "bets": view.bets,
        "folded": view.folded,
        "all_in": view.all_in,
        "up": [view.up_cards(s) for s in seats],
        "down": [view.down_cards(s) for s in seats],
        "community": view.community_cards,
        "payoffs": view.payoffs,
        "history": view.history,
    }


# pokerkit's way of settling a split pot, for the tests that compare final stacks
# with pokerkit's (tests/engine/test_pokerkit_razz.py, tests/histories/test_phh.py).


def pokerkit_awards(impl, hand) -> list[int]:
    """The chips each seat wins at showdown the way pokerkit awards them.

    pokerkit first kills the hands that cannot win anything, then builds the
    pots from the contributions of the seats left (so two pots that differed
    only by a losing seat become one), and gives all of a pot's odd chips to
    its first winner in seat order. With our pots and odd-chip rule a tie can
    come out a chip or two differently (docs/ENGINE.md, section 10).
    """
    n = len(hand.stacks)
    contributed = [0] * n
    for event in hand.history:
        if event.kind in ("ante", "bring_in", "complete", "bet", "raise", "call"):
            contributed[event.seat] += event.amount
        elif event.kind == "return":
            contributed[event.seat] -= event.amount
    alive = sorted({seat for pot in hand.pots for seat in pot.winners})
    ranks = {
        seat: impl.rank(hand.down_cards(seat) + hand.up_cards(seat) + hand.community_cards)
        for seat in alive
    }
    pots = []
    previous = 0
    for level in sorted({amount for amount in contributed if amount > 0}):
        amount = (level - previous) * sum(1 for x in contributed if x >= level)
        eligible = [seat for seat in alive if contributed[seat] >= level]
        previous = level
        if pots and pots[-1][1] == eligible:
            pots[-1][0] += amount
        else:
            pots.append([amount, eligible])
    awards = [0] * n
    for amount, eligible in pots:
        best = min(ranks[seat] for seat in eligible)
        winners = [seat for seat in eligible if ranks[seat] == best]
        share, odd = divmod(amount, len(winners))
        for seat in winners:
            awards[seat] += share
        awards[winners[0]] += odd
    return awards


def pokerkit_final_stacks(impl, hand) -> list[int]:
    """The final stacks pokerkit gives a finished hand: ours, except that a
    split pot is split pokerkit's way (see pokerkit_awards)."""
    expected = list(hand.stacks)
    if any(len(pot.winners) > 1 for pot in hand.pots):
        for event in hand.history:
            if event.kind == "award":
                expected[event.seat] -= event.amount
        for seat, amount in enumerate(pokerkit_awards(impl, hand)):
            expected[seat] += amount
    return expected


# Ctrl-C tests run in a child process that signals itself from a helper
# thread once the call is well under way and prints how long the call took
# to raise `KeyboardInterrupt` after the signal, read on the child's clock:
# no test reads the clock itself. `after_signal(call)`: SIGINT `delay`
# seconds into `call()`, then the seconds from the signal to its
# KeyboardInterrupt; a call that ends first fails the child.
SIGNAL_HELPER = """
import importlib, os, signal, sys, threading, time
import numpy as np
rf = importlib.import_module(os.environ.get("RAZZ_IMPL", "razz_fast"))

def after_signal(call, delay=0.3):
    sent = []
    def fire():
        time.sleep(delay)
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)
    threading.Thread(target=fire, daemon=True).start()
    try:
        call()
    except KeyboardInterrupt:
        return time.monotonic() - sent[0]
    sys.exit("the call ended before the signal")

def rules(name):
    # Heads-up with no cap: the preset's own rule where it lifts the cap
    # heads-up ("wsop_live", "roberts"), else no cap at all.
    r = rf.Rules.preset(name, 1, 2, 4, 8)
    return r.replace(cap=None) if r.heads_up == "capped" else r

# Two "tight" seats re-raise each other at hand 80 of seed 1 (2**50
# raises at these stacks: days).
S = 2**53 - 1
"""


def run_child(body: str, impl: str = "razz_fast") -> list[tuple[str, float]]:
    """The child's `case seconds` lines, once it exited cleanly; `impl` is
    the module it tests."""
    done = subprocess.run(
        [sys.executable, "-c", SIGNAL_HELPER + body],
        capture_output=True,
        text=True,
        timeout=120,  # a run that ignored the signal would go on for days
        env={**os.environ, "RAZZ_IMPL": impl},
    )
    assert done.returncode == 0, done.stderr
    lines = [line.rsplit(" ", 1) for line in done.stdout.splitlines()]
    return [(case, float(seconds)) for case, seconds in lines]


def run_main(capsys, *argv):
    """The razz-fast command run in this process (``main(argv)``, paths
    given as they are): (status, stdout, stderr)."""
    from razz_fast.cli import main

    status = main([os.fspath(a) for a in argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err
