"""Hand order, describe() and best_five() on hand-picked cases (the rules of hand values)."""

from __future__ import annotations

import pytest

from helpers import CATEGORY_BOUNDS, RANK_CHARS, category_of_rank, hand, ranks_to_cards

# The rules of hand values, worked order from worst to best.
WORKED_ORDER = [
    "3c 3d 3h 5s 5c",
    "Kc Kd 4h 3s 2c",
    "2d 2h 7s 6c 5d",
    "Ah As Ts 9c 8d",
    "Ks Qc Jd Th 9s",
    "Kc Qd Jh Ts 7c",
    "9d 8h 7s 6c 5d",
    "9h 7s 6c 5d 3h",
    "9s 7c 6d 5h Ac",
    "6d 5h 4s 3c 2d",
    "6h 4s 3c 2d Ah",
    "5s 4c 3d 2h As",
]


def test_worked_order_strictly_improves(impl):
    ranks = [impl.rank(h) for h in WORKED_ORDER]
    assert all(a > b for a, b in zip(ranks, ranks[1:])), ranks


def test_worked_order_with_other_suits(impl):
    patterns = [
        "3-3-3-5-5", "K-K-4-3-2", "2-2-7-6-5", "A-A-T-9-8", "K-Q-J-T-9", "K-Q-J-T-7",
        "9-8-7-6-5", "9-7-6-5-3", "9-7-6-5-A", "6-5-4-3-2", "6-4-3-2-A", "5-4-3-2-A",
    ]  # fmt: skip
    for offset in range(4):
        ranks = [impl.rank(hand(p, offset)) for p in patterns]
        assert all(a > b for a, b in zip(ranks, ranks[1:])), (offset, ranks)


@pytest.mark.parametrize(
    "worse, better",
    [
        ("Ac 3d 5h 7s 8c", "Ad 3h 5s 6c 8d"),  # A-3-5-7-8 worse than A-3-5-6-8
        ("Ac 2d 4h 5s 6c", "Ad 2h 3s 5c 6d"),  # A-2-3-5-6 beats A-2-4-5-6
        ("8c 7d 3h 2s Ac", "8d 6h 4s 3c 2d"),  # 8-6-4-3-2 beats 8-7-3-2-A
        ("6c 5d 4h 3s 2c", "6d 4h 3s 2c Ad"),  # six-four beats six-five
        ("Ac Ad 2h 3s 4c", "Kc Qd Jh Ts 9c"),  # any no pair beats a pair
        ("Kc Kd 2h 3s 4c", "Ac Ad Kh Qs Jc"),  # lower pair is better, kickers aside
        ("2c 2d 5h 6s 7c", "2h 2s 4h 6c 7d"),  # same pair: kickers from the top
        ("Ac Ad 4h 4s 2c", "2h 2s 3h 3s Kc"),  # two pair: higher pair first
        ("5c 5d 4h 4s Ac", "5h 5s 3c 3d Kc"),  # two pair: then the lower pair
        ("5c 5d 4h 4s 3c", "5h 5s 4c 4d 2c"),  # two pair: then the kicker
        ("Ac Ad Ah 2s 3c", "Kc Kd Qh Qs Jc"),  # trips worse than any two pair
        ("3c 3d 3h 2s 2c", "Ac Ad Ah Ks Qc"),  # full house worse than any trips
        ("Ac Ad Ah As 2c", "Kc Kd Kh Qs Qd"),  # quads worse than any full house
        ("5c 5d 5h 6s 6c", "5s 5c 5d 4h 4s"),  # full house: then the pair
        ("7c 7d 7h 7s 2c", "6c 6d 6h 6s Kc"),  # quads: lower quads better
    ],
)
def test_pairwise_order(impl, worse, better):
    assert impl.rank(worse) > impl.rank(better)


@pytest.mark.parametrize(
    "worse, better",
    [
        # Q-Q-Q-J-J-J-2 plays Q-Q-J-J-2; K-K-K-7-7-3-3 plays 7-7-3-3-K.
        ("Qc Qd Qh Jc Jd Jh 2c", "Kc Kd Kh 7c 7d 3c 3d"),
        # 7-7-7-7-K-K-K plays 7-7-7-K-K; Q-Q-Q-5-5-5-5 plays 5-5-5-Q-Q.
        ("7c 7d 7h 7s Kc Kd Kh", "Qc Qd Qh 5c 5d 5h 5s"),
    ],
)
def test_paired_seven_card_cases(impl, worse, better):
    assert impl.rank(worse) > impl.rank(better)


def test_paired_seven_card_values(impl):
    assert impl.rank("Qc Qd Qh Jc Jd Jh 2c") == impl.rank("Qc Qd Jc Jd 2c")
    assert impl.rank("Kc Kd Kh 7c 7d 3c 3d") == impl.rank("7c 7d 3c 3d Kc")
    assert impl.rank("Qc Qd Qh 5c 5d 5h 5s") == impl.rank("5c 5d 5h Qc Qd")
    assert impl.rank("7c 7d 7h 7s Kc Kd Kh") == impl.rank("7c 7d 7h Kc Kd")


def test_extremes(impl):
    assert impl.rank("5s 4c 3d 2h As") == 1
    assert impl.rank("Kc Kd Kh Ks Qc") == 6175
    assert impl.rank("6d 4h 3s 2c Ad") == 2
    assert impl.rank("Kc Qd Jh Ts 9c") == 1287
    assert impl.rank("Ac Ad 2h 3s 4c") == 1288


def test_seven_cards_use_best_five(impl):
    assert impl.rank("Kc Qd 5s 4c 3d 2h As") == 1
    assert impl.rank("As Ad Ah 2c 2d 3c 4c") == impl.rank("Ac Ad 2c 3c 4c")
    assert impl.rank("Ks Qs Js Ts 9s 8s 7s") == impl.rank("Js Ts 9s 8s 7s")
    assert impl.rank("Kc Kd Kh Ks Qc Qd Qh") == impl.rank("Kc Kd Qc Qd Qh")


@pytest.mark.parametrize(
    "cards, text",
    [
        ("7s 5d 4c 2h As", "7-5-4-2-A (seven-five low)"),
        ("5s 4c 3d 2h As", "5-4-3-2-A (five-four low)"),
        ("Ks Qc Jd Th 9s", "K-Q-J-T-9 (king-queen low)"),
        ("6d 4h 3s 2c Ad", "6-4-3-2-A (six-four low)"),
        ("Tc 9d 3h 2s Ac", "T-9-3-2-A (ten-nine low)"),
        ("Kc Kd 4h 3s 2c", "K-K-4-3-2 (pair of kings)"),
        ("2d 2h 7s 6c 5d", "2-2-7-6-5 (pair of twos)"),
        ("Ah As Ts 9c 8d", "A-A-T-9-8 (pair of aces)"),
        ("6h 6s Ts 9c 8d", "6-6-T-9-8 (pair of sixes)"),
        ("Qs Qd Jc Jh 2s", "Q-Q-J-J-2 (two pair, queens and jacks)"),
        ("2s 2d Ac Ah Ks", "2-2-A-A-K (two pair, twos and aces)"),
        ("3c 3d 3h Kc Qd", "3-3-3-K-Q (three threes)"),
        ("5c 5d 5h Qc Qd", "5-5-5-Q-Q (fives full of queens)"),
        ("Ac Ad Ah Tc Td", "A-A-A-T-T (aces full of tens)"),
        ("3c 3d 3h 5s 5c", "3-3-3-5-5 (threes full of fives)"),
        ("Kc Kd Kh Ks Qc", "K-K-K-K-Q (four kings)"),
        ("Ac Ad Ah As 2c", "A-A-A-A-2 (four aces)"),
        ("Kc Qd 7s 5d 4c 2h As", "7-5-4-2-A (seven-five low)"),
        ("Qc Qd Qh Jc Jd Jh 2c", "Q-Q-J-J-2 (two pair, queens and jacks)"),
        ("Qc Qd Qh 5c 5d 5h 5s", "5-5-5-Q-Q (fives full of queens)"),
        ("Kc Kd Kh 7c 7d 3c 3d", "7-7-3-3-K (two pair, sevens and threes)"),
    ],
)
def test_describe(impl, cards, text):
    assert impl.describe(cards) == text
    assert impl.describe(impl.rank(cards)) == text
    assert impl.describe(impl.parse_cards(cards)) == text


def test_describe_extreme_ranks(impl):
    assert impl.describe(1) == "5-4-3-2-A (five-four low)"
    assert impl.describe(6175) == "K-K-K-K-Q (four kings)"
    assert impl.describe(1287) == "K-Q-J-T-9 (king-queen low)"
    assert impl.describe(1288) == "A-A-4-3-2 (pair of aces)"


@pytest.mark.parametrize(
    "cards, expected",
    [
        ("5s 4c 3d 2h As", "5s 4c 3d 2h As"),
        ("As 2h 3d 4c 5s", "5s 4c 3d 2h As"),
        ("Kc Qd 7s 5d 4c 2h As", "7s 5d 4c 2h As"),
        ("Ks Qs Js Ts 9s 8s 7s", "Js Ts 9s 8s 7s"),
        # Suit tie rule: among equal ranks, the lowest suits go in.
        ("As Ad Ac 2c 3c 4c 5c", "5c 4c 3c 2c Ac"),
        ("As Ad Ac Kc Kd Ks Qc", "Kd Kc Qc Ad Ac"),
        ("Kh Ks Kd Kc Qs Qh Qd", "Kd Kc Qs Qh Qd"),
        ("7s 7h 6s 6h 5s 5h 4s", "7h 6h 5s 5h 4s"),
        ("Qc Qd Qh Jc Jd Jh 2c", "Qd Qc Jd Jc 2c"),
        ("Qs Qh Qd 5s 5h 5d 5c", "Qh Qd 5d 5c 5h"),
        ("9s 9h 9d 9c 8s 8h 8d", "9d 9c 8h 8d 8s"),
    ],
)
def test_best_five(impl, cards, expected):
    result = impl.best_five(cards)
    assert result == sorted(impl.parse_cards(expected), reverse=True)
    assert impl.format_cards(result) == impl.format_cards(sorted(result, reverse=True))
    assert all(type(c) is int for c in result)


def test_best_five_of_five_is_the_hand_sorted(impl):
    cards = [3, 50, 17, 22, 40]
    assert impl.best_five(cards) == sorted(cards, reverse=True)


def _rank_chars_of(text: str) -> list[int]:
    """The ranks in the first part of a describe() text, e.g. "K-K-4-3-2 (...)"."""
    head, _, _ = text.partition(" ")
    chars = head.split("-")
    assert len(chars) == 5, text
    return [RANK_CHARS.index(ch) for ch in chars]


_CATEGORY_WORDS = {
    "no pair": " low)",
    "one pair": "(pair of ",
    "two pair": "(two pair, ",
    "trips": "(three ",
    "full house": " full of ",
    "quads": "(four ",
}


def test_every_rank_describes_and_parses_back(impl):
    """describe(r) for every rank names the right category and, given suits,
    its five ranks come back to rank r."""
    seen_texts = set()
    for r in range(1, 6176):
        text = impl.describe(r)
        seen_texts.add(text)
        category = category_of_rank(r)
        assert _CATEGORY_WORDS[category] in text, (r, text)
        for other, word in _CATEGORY_WORDS.items():
            if other != category:
                assert word not in text, (r, text)
        cards = ranks_to_cards(_rank_chars_of(text))
        assert impl.rank(cards) == r, (r, text)
        assert impl.describe(cards) == text
    assert len(seen_texts) == 6175


def test_category_boundaries(impl):
    for category, (low, high) in CATEGORY_BOUNDS.items():
        for r in (low, high):
            assert _CATEGORY_WORDS[category] in impl.describe(r), (category, r)
