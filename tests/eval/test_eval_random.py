"""Property tests on random hands: the implementations agree, and the
invariants of an ace-to-five low hold (property tests)."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from helpers import card_text

cards_5_to_7 = st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True)
cards_5_to_6 = st.lists(st.integers(0, 51), min_size=5, max_size=6, unique=True)


@st.composite
def hand_forms(draw):
    """5 to 7 distinct cards, and the same cards in some accepted input form."""
    cards = draw(cards_5_to_7)
    form = draw(st.sampled_from(["ints", "tuple", "strings", "text", "concatenated"]))
    if form == "ints":
        return cards, list(cards)
    if form == "tuple":
        return cards, tuple(cards)
    if form == "strings":
        return cards, [card_text(c) for c in cards]
    if form == "text":
        return cards, " ".join(card_text(c) for c in cards)
    return cards, "".join(card_text(c) for c in cards)


@given(data=hand_forms())
def test_implementations_agree(core, ref, data):
    cards, form = data
    expected_rank = ref.rank(cards)
    assert core.rank(form) == expected_rank
    assert ref.rank(form) == expected_rank
    assert core.best_five(form) == ref.best_five(cards)
    assert core.describe(form) == ref.describe(cards)
    assert list(core.rank_many([cards])) == ref.rank_many([cards]) == [expected_rank]


@given(cards=cards_5_to_7, suits=st.permutations(range(4)), order=st.randoms())
def test_rank_ignores_suits_and_order(impl, cards, suits, order):
    recoloured = [4 * (c // 4) + suits[c % 4] for c in cards]
    order.shuffle(recoloured)
    assert impl.rank(recoloured) == impl.rank(cards)
    assert impl.describe(recoloured) == impl.describe(cards)


@given(cards=cards_5_to_7, order=st.randoms())
def test_best_five_ignores_order(impl, cards, order):
    shuffled = list(cards)
    order.shuffle(shuffled)
    assert impl.best_five(shuffled) == impl.best_five(cards)


@given(cards=cards_5_to_6, extra=st.integers(0, 51))
def test_adding_a_card_never_hurts(impl, cards, extra):
    assume(extra not in cards)
    assert impl.rank(cards + [extra]) <= impl.rank(cards)


@given(cards=cards_5_to_7)
def test_best_five_makes_the_rank(impl, cards):
    five = impl.best_five(cards)
    assert len(five) == 5
    assert five == sorted(five, reverse=True)
    assert set(five) <= set(cards)
    assert impl.rank(five) == impl.rank(cards)
    assert impl.describe(five) == impl.describe(cards)


@given(cards=cards_5_to_7)
def test_best_five_takes_lowest_suits(impl, cards):
    """Among cards of a rank, best_five takes the lowest suits first."""
    five = impl.best_five(cards)
    for c in five:
        same_rank = [x for x in cards if x // 4 == c // 4]
        taken = [x for x in five if x // 4 == c // 4]
        assert sorted(taken) == sorted(same_rank)[: len(taken)]


@given(cards=cards_5_to_7)
def test_describe_matches_rank(impl, cards):
    assert impl.describe(cards) == impl.describe(impl.rank(cards))


@st.composite
def unpaired_and_paired(draw):
    """Two hands of 5 to 7 cards: one holding five distinct ranks (it can make
    a low without a pair) and one holding at most four (it cannot)."""
    ranks = draw(st.lists(st.integers(0, 12), min_size=5, max_size=5, unique=True))
    unpaired = [4 * r + draw(st.integers(0, 3)) for r in ranks]
    extra = draw(st.lists(st.integers(0, 51), max_size=2, unique=True))
    unpaired += [c for c in extra if c not in unpaired]

    few_ranks = draw(st.lists(st.integers(0, 12), min_size=2, max_size=4, unique=True))
    pool = [4 * r + s for r in few_ranks for s in range(4)]
    size = draw(st.integers(5, 7))
    paired = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))
    return unpaired, paired


@given(hands=unpaired_and_paired())
def test_no_pair_beats_any_pair(impl, hands):
    unpaired, paired = hands
    assert impl.rank(unpaired) < impl.rank(paired)
    assert impl.rank(unpaired) <= 1287 < impl.rank(paired)


@given(cards=cards_5_to_7)
def test_rank_range(impl, cards):
    assert 1 <= impl.rank(cards) <= 6175
