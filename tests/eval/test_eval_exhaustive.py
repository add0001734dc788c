"""Exhaustive checks over every 5-, 6- and 7-card rank multiset (exhaustive tables).

Suits never change a value, so a hand's rank depends only on its multiset of
ranks: checking one suit assignment of each multiset checks every hand. Each
multiset gets random suits (seeded) and a random card order.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import numpy as np
import pytest

from helpers import RANK_CHARS, rank_multisets, with_random_suits

SIZES = (5, 6, 7)
EXPECTED_MULTISETS = {5: 6175, 6: 18395, 7: 49205}

# Seven-card hands by best low, all C(52, 7) of them (all C(52, 7) hands).
EXPECTED_SEVEN_CARD_TABLE = {
    "5-low": 781_824,
    "6-low": 3_151_360,
    "7-low": 7_426_560,
    "8-low": 13_171_200,
    "9-low": 19_174_400,
    "T-low": 23_675_904,
    "J-low": 24_837_120,
    "Q-low": 21_457_920,
    "K-low": 13_939_200,
    "one pair": 5_948_800,
    "two pair": 219_648,
    "full house": 624,
}


@pytest.fixture(scope="module")
def multisets():
    return {k: rank_multisets(k) for k in SIZES}


@pytest.fixture(scope="module")
def hands(multisets):
    """One suited, shuffled hand per rank multiset, per size."""
    rng = random.Random(20240607)
    return {k: [with_random_suits(m, rng) for m in multisets[k]] for k in SIZES}


@pytest.fixture(scope="module")
def ref_ranks(ref, hands):
    return {k: [ref.rank(h) for h in hands[k]] for k in SIZES}


@pytest.fixture(scope="module")
def core_ranks(core, hands):
    result = {}
    for k in SIZES:
        ranks = core.rank_many(np.array(hands[k], dtype=np.uint8))
        assert ranks.dtype == np.uint16
        assert ranks.shape == (len(hands[k]),)
        result[k] = [int(r) for r in ranks]
    return result


def test_multiset_counts(multisets):
    assert {k: len(v) for k, v in multisets.items()} == EXPECTED_MULTISETS
    assert sum(math.prod(math.comb(4, c) for c in Counter(m).values()) for m in multisets[5]) == (
        math.comb(52, 5)
    )


@pytest.mark.parametrize("k", SIZES)
def test_core_rank_many_equals_reference(k, hands, core_ranks, ref_ranks):
    mismatches = [
        (hands[k][i], c, r) for i, (c, r) in enumerate(zip(core_ranks[k], ref_ranks[k])) if c != r
    ]
    assert not mismatches, (
        f"{len(mismatches)} mismatches, first (cards, core, ref): {mismatches[:5]}"
    )


@pytest.mark.parametrize("k", SIZES)
def test_core_rank_one_at_a_time(core, k, hands, ref_ranks):
    rng = random.Random(k)
    for i in rng.sample(range(len(hands[k])), 1500):
        assert core.rank(hands[k][i]) == ref_ranks[k][i], hands[k][i]


def test_five_card_ranks_are_dense(core_ranks, ref_ranks):
    assert sorted(ref_ranks[5]) == list(range(1, 6176))
    assert sorted(core_ranks[5]) == list(range(1, 6176))


@pytest.mark.parametrize("k", (6, 7))
def test_more_cards_reach_only_valid_ranks(k, ref_ranks):
    assert min(ref_ranks[k]) == 1
    assert max(ref_ranks[k]) <= 6175


def _label(r: int) -> str:
    """The row of the table above a seven-card rank belongs to."""
    if r <= 1287:
        # Unpaired lows with a high card of rank h or less: C(h + 1, 5).
        high = next(h for h in range(4, 13) if math.comb(h + 1, 5) >= r)
        return f"{RANK_CHARS[high]}-low"
    if r <= 4147:
        return "one pair"
    if r <= 5005:
        return "two pair"
    if r <= 5863:
        return "trips"
    if r <= 6019:
        return "full house"
    return "quads"


def _weights(multisets):
    """Number of seven-card hands with each rank multiset: prod C(4, count)."""
    return [math.prod(math.comb(4, c) for c in Counter(m).values()) for m in multisets]


@pytest.mark.parametrize(
    "ranks_fixture",
    [pytest.param("core_ranks", id="core"), pytest.param("ref_ranks", id="reference")],
)
def test_seven_card_frequency_table(ranks_fixture, request, multisets, ref):
    ranks = request.getfixturevalue(ranks_fixture)[7]
    weights = _weights(multisets[7])
    assert sum(weights) == math.comb(52, 7) == 133_784_560

    table: Counter = Counter()
    by_rank: Counter = Counter()
    for r, w in zip(ranks, weights):
        table[_label(r)] += w
        by_rank[r] += w
    assert dict(table) == EXPECTED_SEVEN_CARD_TABLE
    assert sum(table.values()) == 133_784_560
    assert by_rank[ref.rank("6s 4h 3d 2c As")] == 630_272
    assert by_rank[ref.rank("8s 7h 6d 5c 4s")] == 376_320
    assert by_rank[1] == 781_824


@pytest.mark.parametrize("k", SIZES)
def test_best_five_agrees(core, ref, k, hands, ref_ranks):
    for cards, r in zip(hands[k], ref_ranks[k]):
        expected = ref.best_five(cards)
        assert core.best_five(cards) == expected, cards
        assert ref.rank(expected) == r, cards


def test_describe_agrees_on_every_rank(core, ref):
    for r in range(1, 6176):
        assert core.describe(r) == ref.describe(r), r


def test_describe_of_cards_agrees(core, ref, hands):
    rng = random.Random(7)
    for k in SIZES:
        for cards in rng.sample(hands[k], 2000):
            assert core.describe(cards) == ref.describe(cards), cards
