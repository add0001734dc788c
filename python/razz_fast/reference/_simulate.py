"""``simulate``: many independent hands in the pure-Python reference
([simulating](SIMULATION.md) is the specification).

Hand ``k`` of a run is dealt from the deck seed ``hand_seeds(seed, k)[0]``,
and the ``"random"`` strategy draws its choices in that hand from a
generator seeded with ``hand_seeds(seed, k)[1]``: every hand is the same
however hands are grouped. Hands are summed in chunks of ``CHUNK`` (the
core's unit of work); integer totals make the order irrelevant
(``threads`` and ``progress`` only matter to the compiled core; here they
are checked and otherwise ignored). A per-decision callable gets the
actor's ``PlayerView``; a ``batch_policy`` gets a one-row ``Batch``.
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Sequence

from razz_fast._checks import is_bool, rules_type
from razz_fast.events import Action
from razz_fast.policy import checked_answer, is_batch_policy
from razz_fast.reference.arguments import (
    MAX_CHIPS,
    MAX_COUNT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    check_seed,
    check_threads,
    int_in,
    is_int,
    per_seat,
)
from razz_fast.reference.evaluation import rank
from razz_fast.reference.generator import CHUNK, Xoshiro256PlusPlus, hand_seeds
from razz_fast.reference.hand import Hand
from razz_fast.reference.rules import Rules
from razz_fast.reference.strategies import Resolved, UserStrategy, resolve_strategies
from razz_fast.reference.tables import Batch, batch_row
from razz_fast.results import SimulationResult, Totals, checked_record

__all__ = ["simulate"]

# --- argument checks -----------------------------------------------------------


def _check_hands(hands: object) -> int:
    return int_in(hands, "hands", 1, MAX_COUNT)


def _check_players(players: object) -> int:
    return int_in(players, "players", MIN_PLAYERS, MAX_PLAYERS)


def _check_rules(rules: object) -> Rules:
    if rules is None:
        return Rules()
    if not isinstance(rules, Rules):
        raise TypeError(
            f"rules must be a razz_fast.reference.Rules or None, not {rules_type(rules)}"
        )
    return rules


def _check_stack(value: object, where: str) -> int:
    return int_in(value, where, 1, MAX_CHIPS)


def _check_stacks(stacks: object, players: int, rules: Rules) -> list[int]:
    if stacks is None:
        default = 100 * rules.big_bet
        if default > MAX_CHIPS:
            raise ValueError(
                f"stacks=None means 100 big bets, {default}, past the chip limit {MAX_CHIPS}:"
                " give stacks"
            )
        return [default] * players
    if per_seat(stacks):
        if len(stacks) != players:
            raise ValueError(f"stacks has {len(stacks)} entries but there are {players} players")
        return [_check_stack(value, f"stacks[{seat}]") for seat, value in enumerate(stacks)]
    if is_int(stacks):
        return [_check_stack(stacks, "stacks")] * players
    raise TypeError(f"stacks must be None, an int or a list of ints, not {type(stacks).__name__}")


def _seed_or_random(seed: object) -> int:
    checked = check_seed(seed)
    return int.from_bytes(os.urandom(8), "little") if checked is None else checked


def _check_progress(progress: object) -> None:
    if not is_bool(progress):
        raise TypeError(f"progress must be a bool, not {type(progress).__name__}")


# --- playing -------------------------------------------------------------------


def _python_action(function: UserStrategy, hand: Hand, seat: int) -> Action:
    """Asks a user callable for seat ``seat``'s action and checks the answer
    (exceptions from the callable propagate unchanged). The callable gets
    the seat's view, as in the core; a batch policy a batch of one row."""
    if is_batch_policy(function):
        answer = batch_row(function(Batch([hand], hand.rules.big_bet)))
        who = f"batch policy of seat {seat}"
    else:
        answer = function(hand.view(seat))
        who = f"strategy of seat {seat}"
    # The core's messages, word for word for a per-decision strategy; the
    # core also names a batch policy's row.
    return checked_answer(who, answer, hand.legal_actions())


def _winning_rank(hand: Hand) -> int:
    """The best rank among the seats that showed down."""
    community = hand.community_cards
    return min(
        rank(hand.down_cards(seat) + hand.up_cards(seat) + community)
        for seat in hand.showdown_order
    )


def play_hand(
    seed: int, k: int, rules: Rules, stacks: list[int], seats: Sequence[Resolved]
) -> Hand:
    """Hand ``k`` of the run seeded with ``seed``, played to the end by
    ``seats`` (``(kind, function)`` per seat, from ``resolve_strategies``)."""
    deck, decisions = hand_seeds(seed, k)
    rng = Xoshiro256PlusPlus(decisions)
    hand = Hand(rules, stacks, seed=deck)
    while not hand.is_over:
        seat = hand.actor
        assert seat is not None, "a hand that is not over has a seat to act"
        strategy = seats[seat]
        if strategy[0] == "builtin":
            action = strategy[1](hand, rng)
        else:
            action = _python_action(strategy[1], hand, seat)
        hand.act(action)
    return hand


def _play_chunk(
    seed: int, chunk: int, count: int, rules: Rules, stacks: list[int], seats: Sequence[Resolved]
) -> Totals:
    """Plays the ``count`` hands of chunk ``chunk`` and sums their results."""
    totals = Totals(players=len(stacks))
    for k in range(chunk * CHUNK, chunk * CHUNK + count):
        hand = play_hand(seed, k, rules, stacks, seats)
        payoffs = hand.payoffs
        totals.hands += 1
        totals.net = [total + p for total, p in zip(totals.net, payoffs)]
        totals.sum_sq = [total + p * p for total, p in zip(totals.sum_sq, payoffs)]
        if len(hand.showdown_order) >= 2:
            totals.showdowns += 1
            best = _winning_rank(hand)
            totals.winning_ranks[best] = totals.winning_ranks.get(best, 0) + 1
    return totals


def simulate(
    hands: int,
    *,
    players: int = 6,
    strategies: str | UserStrategy | Sequence[str | UserStrategy] = "check_call",
    rules: Rules | None = None,
    stacks: int | Sequence[int] | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool = False,
    record: int = 0,
) -> SimulationResult:
    """Plays ``hands`` independent hands of ``players`` seats (stacks reset
    every hand) and returns the totals as a ``SimulationResult``.

    ``strategies`` is a built-in name (``"check_call"``, ``"random"``,
    ``"tight"``), a callable ``f(view) -> Action`` (it gets the seat's
    ``PlayerView``) or a ``batch_policy`` for every seat, or a list of them,
    one per seat. ``stacks`` is None (100 big bets each), an int, or
    a list per seat. ``seed`` None draws a random seed (reported in the
    result). ``threads`` and ``progress`` are checked and otherwise ignored
    here: the result never depends on them.
    """
    start = time.perf_counter()
    hands = _check_hands(hands)
    players = _check_players(players)
    seats = resolve_strategies(strategies, players)
    rules = _check_rules(rules)
    stacks = _check_stacks(stacks, players, rules)
    seed = _seed_or_random(seed)
    check_threads(threads)
    _check_progress(progress)
    record = checked_record(record, hands)

    totals = Totals(players=players)
    chunks = (hands + CHUNK - 1) // CHUNK
    for chunk in range(chunks):
        count = min(CHUNK, hands - chunk * CHUNK)
        totals.add(_play_chunk(seed, chunk, count, rules, stacks, seats))
    result = totals.result(seed=seed, elapsed=time.perf_counter() - start)
    if record:
        kept = [play_hand(seed, k, rules, stacks, seats) for k in range(record)]
        return dataclasses.replace(result, records=kept)
    return result
