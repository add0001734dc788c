"""Card parsing and formatting, for both implementations."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import RANK_CHARS, SUIT_CHARS, card_text
from razz_fast.errors import InvalidCardError

ALL_CARDS = list(range(52))


# --- accepted forms ----------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("As 2d 3c", [3, 5, 8]),
        ("As2d3c", [3, 5, 8]),
        ("as,2D", [3, 5]),
        ("AS 2D 3C", [3, 5, 8]),
        ("aS2d3C", [3, 5, 8]),
        ("10h", [38]),
        ("10H", [38]),
        ("Th", [38]),
        ("th", [38]),
        ("10h10d", [38, 37]),
        ("As10c2d", [3, 36, 5]),
        ("Kc Qd Jh Ts 9c", [48, 45, 42, 39, 32]),
        ("Ac", [0]),
        ("Ks", [51]),
        ("As, 2d ,3c", [3, 5, 8]),
        ("As,2d,,3c", [3, 5, 8]),
        ("  As\t2d\n3c  ", [3, 5, 8]),
        ("As 2d3c 4h", [3, 5, 8, 14]),
        ("", []),
        ("   ", []),
        (" , ", []),
    ],
)
def test_parse_strings(impl, text, expected):
    assert impl.parse_cards(text) == expected


def test_parse_every_card_by_name(impl):
    for c in ALL_CARDS:
        text = RANK_CHARS[c // 4] + SUIT_CHARS[c % 4]
        assert impl.parse_cards(text) == [c]
        assert impl.parse_cards(text.lower()) == [c]
        assert impl.parse_cards(text.upper()) == [c]
    for suit, suit_char in enumerate(SUIT_CHARS):
        assert impl.parse_cards("10" + suit_char) == [36 + suit]


def test_parse_sequences(impl):
    assert impl.parse_cards(["As", "2d", "3c"]) == [3, 5, 8]
    assert impl.parse_cards(("As", "2d", "3c")) == [3, 5, 8]
    assert impl.parse_cards(["as", "2D", "10h", "ts"]) == [3, 5, 38, 39]
    assert impl.parse_cards([3, 5, 8]) == [3, 5, 8]
    assert impl.parse_cards((0, 51)) == [0, 51]
    assert impl.parse_cards(["As", 5, "3c"]) == [3, 5, 8]
    assert impl.parse_cards([]) == []
    assert impl.parse_cards(()) == []
    assert impl.parse_cards(range(52)) == ALL_CARDS
    assert impl.parse_cards(c for c in (7, 6, 5)) == [7, 6, 5]


def test_parse_keeps_order(impl):
    assert impl.parse_cards("Ks Ac 7d") == [51, 0, 25]
    assert impl.parse_cards([51, 0, 25]) == [51, 0, 25]


def test_parse_numpy_ints(impl):
    assert impl.parse_cards([np.int64(3), np.uint8(5), np.int16(8)]) == [3, 5, 8]
    assert impl.parse_cards(np.array([3, 5, 8], dtype=np.uint8)) == [3, 5, 8]
    assert impl.parse_cards(np.array([51, 0], dtype=np.int64)) == [51, 0]


def test_parse_returns_plain_ints(impl):
    for cards in ("As 2d", [np.int64(3), np.uint8(5)], (3, 5)):
        result = impl.parse_cards(cards)
        assert type(result) is list
        assert all(type(c) is int for c in result)


def test_parse_has_no_count_limit(impl):
    assert impl.parse_cards(" ".join(card_text(c) for c in ALL_CARDS)) == ALL_CARDS
    assert impl.parse_cards("".join(card_text(c) for c in ALL_CARDS)) == ALL_CARDS


# --- formatting --------------------------------------------------------------


@pytest.mark.parametrize(
    "cards, expected",
    [
        ([3, 5, 8], "As 2d 3c"),
        ("as2D3c", "As 2d 3c"),
        ("10h", "Th"),
        ([36, 37, 38, 39], "Tc Td Th Ts"),
        ([51, 0], "Ks Ac"),
        (["kc", "QD"], "Kc Qd"),
        ([], ""),
        ("", ""),
    ],
)
def test_format(impl, cards, expected):
    assert impl.format_cards(cards) == expected


def test_format_every_card(impl):
    text = impl.format_cards(ALL_CARDS)
    assert text.split(" ") == [r + s for r in RANK_CHARS for s in SUIT_CHARS]


# --- round trips -------------------------------------------------------------

distinct_cards = st.lists(st.integers(0, 51), unique=True, max_size=52)


@given(cards=distinct_cards)
def test_round_trip_format_parse(impl, cards):
    text = impl.format_cards(cards)
    assert impl.parse_cards(text) == cards
    assert impl.format_cards(text) == text
    assert impl.parse_cards(text.split()) == cards


@st.composite
def card_texts(draw):
    """(cards, text) with a random mix of case, ten spelling and separators."""
    cards = draw(distinct_cards)
    pieces = []
    for c in cards:
        rank_text = RANK_CHARS[c // 4]
        if rank_text == "T" and draw(st.booleans()):
            rank_text = "10"
        suit_text = SUIT_CHARS[c % 4]
        token = draw(st.sampled_from([str.lower, str.upper]))(rank_text)
        token += draw(st.sampled_from([str.lower, str.upper]))(suit_text)
        pieces.append(token)
        pieces.append(draw(st.sampled_from(["", " ", ",", ", ", "\t", "  ", "\n"])))
    return cards, draw(st.sampled_from(["", " "])) + "".join(pieces)


@given(data=card_texts())
def test_parse_any_spelling(impl, data):
    cards, text = data
    assert impl.parse_cards(text) == cards


@given(cards=distinct_cards, data=st.data())
def test_parse_mixed_sequence(impl, cards, data):
    elements = [data.draw(st.sampled_from([c, card_text(c), np.int32(c)])) for c in cards]
    assert impl.parse_cards(elements) == cards
    assert impl.parse_cards(tuple(elements)) == cards


# --- errors ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, token",
    [
        ("Xs", "Xs"),
        ("As Xs 3c", "Xs"),
        ("As 1h", "1h"),
        ("As 11h", "11h"),
        ("As 2x", "2x"),
        ("As A", "A"),
        ("As s", "s"),
        ("As Ahh", "Ahh"),
        ("As,Zz", "Zz"),
        ("As 0c", "0c"),
        ("As2d3", "As2d3"),
        ("AsXd", "AsXd"),
        ("As 2d 3c 4", "4"),
        ("A s", "A"),
        ("As \u212as", "\u212as"),  # KELVIN SIGN is not a king
        ("As A\u017f", "A\u017f"),  # nor LONG S a spade
        ("As \uff21s", "\uff21s"),  # FULLWIDTH A
    ],
)
def test_parse_bad_token(impl, text, token):
    with pytest.raises(InvalidCardError) as excinfo:
        impl.parse_cards(text)
    assert token in str(excinfo.value)


@pytest.mark.parametrize("element", ["Xs", "As2d", "", "A", "10", "1h", "Asd"])
def test_parse_bad_element(impl, element):
    with pytest.raises(InvalidCardError) as excinfo:
        impl.parse_cards(["2d", element])
    if element:
        assert element in str(excinfo.value)


@pytest.mark.parametrize("value", [52, -1, 53, 100, 2**40, -(2**70)])
def test_parse_out_of_range(impl, value):
    with pytest.raises(InvalidCardError, match=str(value)):
        impl.parse_cards([0, value])


@pytest.mark.parametrize(
    "cards, name",
    [
        ("As As", "As"),
        ("As 2d as", "As"),
        ("Th 10h", "Th"),
        ("2c3c2C", "2c"),
        ([3, 5, 3], "As"),
        (["As", 3], "As"),
        ([51, 51], "Ks"),
        ([0, "Ac"], "Ac"),
    ],
)
def test_parse_duplicate(impl, cards, name):
    with pytest.raises(InvalidCardError, match=f"(?i)duplicate.*{name}"):
        impl.parse_cards(cards)


@pytest.mark.parametrize(
    "cards, type_name",
    [
        (None, "None"),
        (1.5, "float"),
        (7, "int"),
        (b"As 2d", "bytes"),
        ({"As": 1}, "dict"),
        (True, "bool"),
        ([3, 5.0], "float"),
        ([3, [5]], "list"),
        ([3, None], "None"),
        ([3, True], "bool"),
        ([3, b"As"], "bytes"),
        ([3, np.float64(5.0)], "float"),
    ],
)
def test_parse_wrong_type(impl, cards, type_name):
    for function in (impl.parse_cards, impl.format_cards):
        with pytest.raises(TypeError, match=type_name):
            function(cards)
