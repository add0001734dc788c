"""A hand's luck, as the compiled core counts it for ``match(...,
adjust_luck=True)`` ([luck-adjusted results](MATCH.md#luck-adjusted-results)): the same
values, the same samples from the same generator, so the same integers.

A seat's value at a point of the hand is what it would net if every seat
still in went to showdown with no more betting: minus its chips in, plus its
expected share of each pot it may win over the cards still to come. A deal
cannot change a value on average (before and after it, the value is the
expectation of one function of the final cards), so the change it makes,
the seat's luck on that deal, averages zero. Burned cards count as unseen.
Values are sampled from ``TRIALS`` deals of the rest of the cards and kept
in units of 1 / ``UNITS`` chips.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Any

from razz_fast.reference.evaluation import rank
from razz_fast.reference.generator import Xoshiro256PlusPlus, chunk_seed
from razz_fast.reference.showdown import side_pots

__all__ = ["TRIALS", "UNITS", "luck", "luck_seed"]

#: Deals of the rest of the hand sampled for each value.
TRIALS = 16
#: A pot's shares: 840 splits evenly among any 1 to 8 winners.
SHARES = 840
#: A chip, in the units luck is counted in.
UNITS = SHARES * TRIALS

# Sets a deal's luck generator apart from its deck and decisions.
_LUCK = 0x6A09E667F3BCC908

_DEALS = frozenset({"deal_down", "deal_up", "burn", "reshuffle", "community"})


def luck_seed(seed: int, k: int) -> int:
    """The seed of deal ``k``'s luck generator: one per deal, so every
    seating of a deal samples alike."""
    return chunk_seed(seed, k) ^ _LUCK


def luck(hand: Any, generator: Xoshiro256PlusPlus) -> list[int]:
    """Each seat's luck in a finished reference ``hand``, in units of
    1 / ``UNITS`` chips; the seats' luck sums to zero."""
    state = _State(hand.num_players, hand.rules.burn_cards)
    result = [0] * state.n
    before: list[int] = []
    cache: _Cache | None = None
    dealing = False
    # (The None after the last event ends a deal the history ends on.)
    for event in [*hand.history, None]:
        chance = event is not None and event.kind in _DEALS
        if chance != dealing:
            if chance:
                before, cache = state.value(generator, cache)
            else:
                # The cards changed: no value before this deal holds after it.
                after, cache = state.value(generator, None)
                result = [x + a - b for x, a, b in zip(result, after, before)]
            dealing = chance
        if event is not None:
            state.apply(event)
    return result


#: ((the seats in, the pots' eligible seats), each pot's shares per seat
#: over the trials); who is in decides how the rest would be dealt.
_Cache = tuple[tuple[tuple[int, ...], list[tuple[int, ...]]], list[list[int]]]


@functools.lru_cache(maxsize=1 << 16)
def _rank_of(ranks: tuple[int, ...]) -> int:
    """The rank of cards of these ranks (sorted): suits never matter to a
    low, so any distinct suits do."""
    return rank([4 * r + ranks[:i].count(r) for i, r in enumerate(ranks)])


class _State:
    """What a hand's luck depends on, replayed event by event."""

    def __init__(self, n: int, burn_cards: bool) -> None:
        self.n = n
        self.burn_cards = burn_cards
        self.contributed = [0] * n
        self.folded = [False] * n
        self.cards: list[list[int]] = [[] for _ in range(n)]
        self.community: int | None = None
        self.out: set[int] = set()
        self.burns = 0

    def apply(self, event: Any) -> None:
        kind, seat = event.kind, event.seat
        if kind in ("deal_down", "deal_up"):
            self.cards[seat].append(event.cards[0])
            self.out.add(event.cards[0])
        elif kind == "community":
            self.community = event.cards[0]
            self.out.add(event.cards[0])
        elif kind == "burn":
            self.burns += 1
        elif kind == "reshuffle":
            self.burns = 0
        elif kind == "fold":
            self.folded[seat] = True
        elif kind == "return":
            self.contributed[seat] -= event.amount
        elif kind not in ("show", "award") and seat is not None:
            self.contributed[seat] += event.amount

    def live(self) -> list[int]:
        return [s for s in range(self.n) if not self.folded[s]]

    def value(self, generator: Xoshiro256PlusPlus, cache: _Cache | None,
              trials: int = TRIALS) -> tuple[list[int], _Cache]:  # fmt: skip
        """Each seat's value in units of 1 / (SHARES * trials) chips, and the
        shares it used (reused while who is in and the pots' eligible seats
        stay the same)."""
        pots = side_pots(self.contributed, self.folded)
        eligible = [seats for _, seats in pots]
        key = (tuple(self.live()), eligible)
        if cache is None or cache[0] != key:
            cache = (key, self.shares(eligible, generator, trials))
        shares = cache[1]
        value = []
        for s in range(self.n):
            v = -self.contributed[s] * SHARES * trials
            for p, (amount, _) in enumerate(pots):
                v += amount * shares[p][s]
            value.append(v)
        return value, cache

    def shares(self, eligible: Sequence[tuple[int, ...]], generator: Xoshiro256PlusPlus,
               trials: int) -> list[list[int]]:  # fmt: skip
        shares = [[0] * self.n for _ in eligible]
        if not self.out:
            # Before any card the seats' cards are exchangeable: equal parts.
            for p, seats in enumerate(eligible):
                for s in seats:
                    shares[p][s] = trials * SHARES // len(seats)
            return shares
        if all(len(seats) == 1 for seats in eligible):
            for p, seats in enumerate(eligible):
                shares[p][seats[0]] = SHARES * trials
            return shares
        draws, seventh = self.plan()
        pool = [c for c in range(52) if c not in self.out]
        for _ in range(1 if draws == 0 else trials):
            # A partial Fisher-Yates: the first ``draws`` cards of the pool.
            for i in range(draws):
                j = i + ((generator.next() * (len(pool) - i)) >> 64)
                pool[i], pool[j] = pool[j], pool[i]
            ranks = self.ranks(seventh, pool)
            for p, seats in enumerate(eligible):
                best = min(ranks[s] for s in seats)
                won = [s for s in seats if ranks[s] == best]
                for s in won:
                    shares[p][s] += SHARES // len(won)
        if draws == 0:
            shares = [[x * trials for x in row] for row in shares]
        return shares

    def ranks(self, seventh: str, pool: list[int]) -> dict[int, int]:
        """Each seat in the hand's rank once ``pool`` is dealt: seat by seat
        up to six cards, then seventh street."""
        hands = {s: list(self.cards[s]) for s in self.live()}
        deck = iter(pool)
        for cards in hands.values():
            cards.extend(itertools.islice(deck, max(0, 6 - len(cards))))
        community = self.community if seventh == "dealt" else None
        if seventh == "community":
            community = next(deck)
        for cards in hands.values():
            if seventh == "each":
                cards.append(next(deck))
            elif community is not None:
                cards.append(community)
        return {s: _rank_of(tuple(sorted(c // 4 for c in cards))) for s, cards in hands.items()}

    def plan(self) -> tuple[int, str]:
        """(cards to draw, how seventh street comes: "dealt" already, "each"
        seat a card, or one "community" card) if every seat in went to
        showdown ([order of dealing](ENGINE.md#order-of-dealing))."""
        live = self.live()
        held = max(len(self.cards[s]) for s in live)
        to_six = sum(6 - min(len(self.cards[s]), 6) for s in live)
        if held == 7 or self.community is not None:
            return to_six, "dealt"
        burns = self.burns + (6 - held if self.burn_cards else 0)
        stub = 52 - len(self.out) - to_six - burns
        if self.burn_cards:
            if stub < len(live) + 2:
                stub += burns
            each = stub - 1 > len(live)
        else:
            each = stub >= len(live)
        return to_six + (len(live) if each else 1), "each" if each else "community"
