"""``equity`` in the pure-Python reference ([equity](EQUITY.md)).

Written for clarity: the exact result enumerates actual card deals (the
community card first, when there is one, then each player's private cards in
seat order) and counts every deal once; the sampled result follows the
spec's chunked partial Fisher-Yates step by step, with the same integer
tallies as the compiled core, so a seed gives the same numbers in both.
"""

from __future__ import annotations

import itertools
import math
import os
from dataclasses import dataclass, field

from razz_fast._cards import CardsLike, card_to_str, parse_cards
from razz_fast._checks import is_bool
from razz_fast.errors import InvalidCardError
from razz_fast.reference.arguments import (
    MAX_COUNT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    check_seed,
    check_threads,
    int_in,
)
from razz_fast.reference.evaluation import rank
from razz_fast.reference.generator import BATCH_LIMIT, Xoshiro256PlusPlus, chunk_seed
from razz_fast.results import EquityResult

__all__ = ["SAMPLE_CHUNK", "SHARE_UNITS", "EXACT_LIMIT", "DEFAULT_TRIALS", "card_equity"]

#: Samples per seeded chunk.
SAMPLE_CHUNK = 4096
#: Shares are counted in 1/840 of a pot; 840 is divisible by every tie size 1..8.
SHARE_UNITS = 840
#: ``exact=None`` enumerates when the multiset product is at most this.
EXACT_LIMIT = 20_000_000
#: Samples drawn when ``trials`` is None.
DEFAULT_TRIALS = 1_000_000

_HAND_SIZE = 7


# --- argument checks -----------------------------------------------------------


def _check_hands(hands: object) -> list[list[int]]:
    if not isinstance(hands, (list, tuple)):
        raise TypeError(f"hands must be a list or tuple of hands, not {type(hands).__name__}")
    parsed = []
    for seat, entry in enumerate(hands):
        cards = parse_cards(entry)
        if len(cards) > _HAND_SIZE:
            raise InvalidCardError(
                f"hands[{seat}] has {len(cards)} cards; a player holds 0 to {_HAND_SIZE}"
            )
        parsed.append(cards)
    # (After the cards, as the core: a bad card is named before the count.)
    if not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
        raise ValueError(f"equity needs {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(hands)}")
    return parsed


def _check_no_card_twice(hands: list[list[int]], dead: list[int]) -> None:
    """Raises ``InvalidCardError`` naming the first card (in seat order, then
    ``dead``) that was already given to someone else."""
    where: dict[int, str] = {}
    places = [(f"hands[{seat}]", cards) for seat, cards in enumerate(hands)]
    places.append(("dead", dead))
    for place, cards in places:
        for card in cards:
            if card in where:
                raise InvalidCardError(
                    f"card {card_to_str(card)} is in both {where[card]} and {place}"
                )
            where[card] = place


def _check_exact(exact: bool | None) -> bool | None:
    if exact is not None and not is_bool(exact):
        raise TypeError(f"exact must be None, True or False, not {type(exact).__name__}")
    return None if exact is None else bool(exact)


def _check_trials(trials: int | None) -> int:
    if trials is None:
        return DEFAULT_TRIALS
    return int_in(trials, "trials", 1, MAX_COUNT, kind="an int or None")


# --- the spot -------------------------------------------------------------------


@dataclass
class _Spot:
    """What the players hold, what each still gets, and the unseen cards."""

    known: list[list[int]]
    #: Private cards each player still gets.
    private: list[int]
    #: Whether one community card completes every unfinished hand.
    community: bool
    #: Whether each player takes the community card.
    takes_community: list[bool]
    #: The unseen cards, in increasing order.
    pool: list[int]
    #: Rank of a sorted tuple of seven card ranks, filled in as needed.
    ranks: dict[tuple[int, ...], int] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.known)

    @property
    def need(self) -> int:
        """Cards one deal takes from the pool."""
        return int(self.community) + sum(self.private)

    def rank_of(self, cards: list[int]) -> int:
        """The rank of seven cards, looked up by their rank multiset."""
        key = tuple(sorted(card // 4 for card in cards))
        value = self.ranks.get(key)
        if value is None:
            value = self.ranks[key] = rank(cards)
        return value


def _make_spot(hands: list[list[int]], dead: list[int]) -> _Spot:
    out = {card for cards in hands for card in cards} | set(dead)
    pool = [card for card in range(52) if card not in out]
    missing = [_HAND_SIZE - len(cards) for cards in hands]
    if sum(missing) <= len(pool):
        return _Spot(hands, missing, False, [False] * len(hands), pool)
    # The deck runs short: one community card is every unfinished hand's seventh card.
    private = [max(m - 1, 0) for m in missing]
    need = 1 + sum(private)
    if need > len(pool):
        raise ValueError(
            f"not enough unseen cards: the hands need {need} with a community card,"
            f" {len(pool)} are left"
        )
    return _Spot(hands, private, True, [m >= 1 for m in missing], pool)


def _count_multisets(counts: list[int], size: int) -> int:
    """The number of multisets of ``size`` ranks with at most ``counts[r]`` of
    rank ``r``: the coefficient of x**size in the product of (1 + x + ... +
    x**counts[r])."""
    ways = [1] + [0] * size
    for available in counts:
        ways = [sum(ways[n - k] for k in range(min(available, n) + 1)) for n in range(size + 1)]
    return ways[size]


def _deals(spot: _Spot) -> int:
    """Distinct deals of the unseen cards: the community card, then each
    player's private cards."""
    left = len(spot.pool)
    deals = 1
    if spot.community:
        deals, left = left, left - 1
    for size in spot.private:
        deals *= math.comb(left, size)
        left -= size
    return deals


def _chooses_exact(spot: _Spot) -> bool:
    """``exact=None``: heads-up, or the enumeration is at most
    ``EXACT_LIMIT``, measured as the product over players of the rank
    multisets their private cards can make, or the number of distinct deals
    if that is smaller (the product ignores that players draw from one
    pool)."""
    if spot.players == 2:
        return True
    counts = [0] * 13
    for card in spot.pool:
        counts[card // 4] += 1
    product = 1
    for size in spot.private:
        product *= _count_multisets(counts, size)
    return min(product, _deals(spot)) <= EXACT_LIMIT


# --- tallies --------------------------------------------------------------------


class _Tally:
    """Integer sums over outcomes: shares in 1/840 of a pot and their squares,
    outright wins and ties."""

    def __init__(self, players: int) -> None:
        self.total = 0
        self.shares = [0] * players
        self.share_squares = [0] * players
        self.wins = [0] * players
        self.ties = [0] * players

    def add(self, ranks: list[int]) -> None:
        best = min(ranks)
        winners = [seat for seat, r in enumerate(ranks) if r == best]
        share = SHARE_UNITS // len(winners)
        self.total += 1
        for seat in winners:
            self.shares[seat] += share
            self.share_squares[seat] += share * share
            if len(winners) == 1:
                self.wins[seat] += 1
            else:
                self.ties[seat] += 1

    def merge(self, part: _Tally) -> None:
        """Adds the sums of ``part``, a tally of other outcomes."""
        self.total += part.total
        for seat in range(len(self.shares)):
            self.shares[seat] += part.shares[seat]
            self.share_squares[seat] += part.share_squares[seat]
            self.wins[seat] += part.wins[seat]
            self.ties[seat] += part.ties[seat]

    def result(self, *, exact: bool, seed: int | None) -> EquityResult:
        n = self.total
        if exact:
            stderr = [0.0] * len(self.shares)
        elif n == 1:  # one sample gives no spread, as for simulate and match
            stderr = [math.nan] * len(self.shares)
        else:
            # Variance of the mean share, from the integer sums in one division:
            # (n * S2 - S1**2) / (840**2 * n**3).
            stderr = [
                math.sqrt((n * s2 - s1 * s1) / (SHARE_UNITS * SHARE_UNITS * n**3))
                for s1, s2 in zip(self.shares, self.share_squares)
            ]
        return EquityResult(
            equity=[s / (SHARE_UNITS * n) for s in self.shares],
            win=[w / n for w in self.wins],
            tie=[t / n for t in self.ties],
            exact=exact,
            trials=n,
            stderr=stderr,
            seed=seed,
        )


# --- exact ----------------------------------------------------------------------


def _deal_private(
    spot: _Spot,
    fixed: list[list[int]],
    caches: list[dict[tuple[int, ...], int]],
    seat: int,
    remaining: list[int],
    ranks: list[int],
    tally: _Tally,
) -> None:
    """Players ``seat``, ``seat + 1``, ... take their private cards from
    ``remaining`` in every way; ``ranks`` holds the earlier players' ranks.
    ``fixed[i]`` is player i's cards before its private ones, and
    ``caches[i]`` its rank for each private combination met so far."""
    if seat == spot.players:
        tally.add(ranks)
        return
    cache = caches[seat]
    for combo in itertools.combinations(remaining, spot.private[seat]):
        r = cache.get(combo)
        if r is None:
            r = cache[combo] = spot.rank_of(fixed[seat] + list(combo))
        ranks.append(r)
        rest = [card for card in remaining if card not in combo] if combo else remaining
        _deal_private(spot, fixed, caches, seat + 1, rest, ranks, tally)
        ranks.pop()


def _exact(spot: _Spot) -> _Tally:
    """Every deal of distinct unseen cards, each counted once: the community
    card (if any), then each player's private cards in seat order."""
    tally = _Tally(spot.players)
    communities = [(card,) for card in spot.pool] if spot.community else [()]
    for community in communities:
        fixed = [
            known + list(community) if takes else known
            for known, takes in zip(spot.known, spot.takes_community)
        ]
        caches: list[dict[tuple[int, ...], int]] = [{} for _ in fixed]
        remaining = [card for card in spot.pool if card not in community]
        _deal_private(spot, fixed, caches, 0, remaining, [], tally)
    return tally


# --- sampled --------------------------------------------------------------------


def _dice_batches(size: int, need: int) -> list[list[int]]:
    """The sides of the ``need`` dice of a partial shuffle of ``size`` cards
    (``size``, ``size - 1``, ...), cut into consecutive batches whose product
    of sides is below ``BATCH_LIMIT`` (each rolled by one generator output:
    ``Xoshiro256PlusPlus.roll``)."""
    batches: list[list[int]] = []
    batch: list[int] = []
    for j in range(need):
        sides = size - j
        if math.prod(batch) * sides >= BATCH_LIMIT:
            batches.append(batch)
            batch = []
        batch.append(sides)
    if batch:
        batches.append(batch)
    return batches


def _sample_chunk(spot: _Spot, seed: int, chunk: int, count: int) -> _Tally:
    """``count`` samples of chunk ``chunk``: a partial Fisher-Yates of the pool
    (never reset between samples) for each, its dice rolled in batches, the
    community card first."""
    rng = Xoshiro256PlusPlus(chunk_seed(seed, chunk))
    pool = list(spot.pool)
    batches = _dice_batches(len(pool), spot.need)
    tally = _Tally(spot.players)
    for _ in range(count):
        rolls = [roll for sides in batches for roll in rng.roll(sides)]
        for j, roll in enumerate(rolls):
            r = j + roll
            pool[j], pool[r] = pool[r], pool[j]
        tally.add(_deal_ranks(spot, pool))
    return tally


def _deal_ranks(spot: _Spot, drawn: list[int]) -> list[int]:
    """Each player's rank when the unseen cards come in the order ``drawn``:
    the community card first (if any), then each player's private cards in
    seat order."""
    position = 0
    community = []
    if spot.community:
        community = [drawn[0]]
        position = 1
    ranks = []
    for seat in range(spot.players):
        cards = spot.known[seat] + drawn[position : position + spot.private[seat]]
        position += spot.private[seat]
        if spot.takes_community[seat]:
            cards = cards + community
        ranks.append(spot.rank_of(cards))
    return ranks


def _sampled(spot: _Spot, seed: int, trials: int) -> _Tally:
    total = _Tally(spot.players)
    for chunk in range((trials + SAMPLE_CHUNK - 1) // SAMPLE_CHUNK):
        count = min(SAMPLE_CHUNK, trials - chunk * SAMPLE_CHUNK)
        total.merge(_sample_chunk(spot, seed, chunk, count))
    return total


# --- equity ---------------------------------------------------------------------


def _checked_arguments(
    hands: object,
    dead: CardsLike,
    exact: bool | None,
    trials: int | None,
    seed: int | None,
    threads: int | None,
    progress: bool,
) -> tuple[list[list[int]], list[int], bool | None, bool, int, int | None]:
    """``equity``'s arguments checked in signature order: the hands' and the
    dead cards, ``exact``, whether ``trials`` or ``seed`` ask for sampling,
    the number of trials and the seed (None: draw one)."""
    parsed = _check_hands(hands)
    dead_cards = parse_cards(dead)
    _check_no_card_twice(parsed, dead_cards)
    exact = _check_exact(exact)
    samples_asked = trials is not None or seed is not None
    trials = _check_trials(trials)
    seed = check_seed(seed)
    check_threads(threads)
    if not is_bool(progress):
        raise TypeError(f"progress must be a bool, not {type(progress).__name__}")
    return parsed, dead_cards, exact, samples_asked, trials, seed


def card_equity(
    hands: object,
    dead: CardsLike,
    exact: bool | None,
    trials: int | None,
    seed: int | None,
    threads: int | None,
    progress: bool,
) -> EquityResult:
    """``equity`` of a spot whose hands are all cards (no ``Range``): its
    arguments checked in signature order, then every deal enumerated or
    ``trials`` deals sampled."""
    parsed, dead_cards, exact, samples_asked, trials, seed = _checked_arguments(
        hands, dead, exact, trials, seed, threads, progress
    )
    spot = _make_spot(parsed, dead_cards)

    if exact is None:
        # trials or a seed ask for sampling; else the cost estimate decides
        # before anything is enumerated.
        exact = False if samples_asked else _chooses_exact(spot)
    if exact:
        return _exact(spot).result(exact=True, seed=None)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    return _sampled(spot, seed, trials).result(exact=False, seed=seed)
