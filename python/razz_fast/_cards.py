"""Cards as text, in plain Python: parsing and formatting, shared by the
pure-Python reference and the shared value types (``Range``), which must
not reach the compiled core.

A card is an int ``4 * rank + suit`` with rank 0 = ace, 1 = deuce ... 12 = king
and suit 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades. Its text form is a
rank letter from ``A23456789TJQK`` (``10`` is accepted for the ten) followed
by a suit letter from ``cdhs``; both letters are case-insensitive on input.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable
from typing import SupportsIndex, Union

from razz_fast._checks import int_text
from razz_fast.errors import InvalidCardError

__all__ = [
    "RANK_CHARS",
    "SUIT_CHARS",
    "CardsLike",
    "card_to_str",
    "parse_cards",
    "format_cards",
    "not_cards",
]

#: Rank letters in rank order, ace (0) to king (12).
RANK_CHARS = "A23456789TJQK"
#: Suit letters in suit order, clubs (0) to spades (3).
SUIT_CHARS = "cdhs"

_NUM_CARDS = 52

# One card at the start of a piece of text: "10" or a rank letter, then a suit.
_CARD_RE = re.compile(r"(10|[A2-9TJQK])([CDHS])", re.IGNORECASE | re.ASCII)
# Whitespace and commas separate tokens.
_SEPARATORS_RE = re.compile(r"[\s,]+")


def card_to_str(card: int) -> str:
    """The two-character text of a card index, e.g. ``51 -> "Ks"``."""
    rank, suit = divmod(card, 4)
    return RANK_CHARS[rank] + SUIT_CHARS[suit]


def _card_from_match(match: re.Match[str]) -> int:
    rank_text, suit_text = match.group(1), match.group(2)
    rank = 9 if rank_text == "10" else RANK_CHARS.index(rank_text.upper())
    suit = SUIT_CHARS.index(suit_text.lower())
    return 4 * rank + suit


def _parse_token(token: str, text: str) -> list[int]:
    """Cards of one separator-free token of ``text``; several cards may be
    concatenated in it ("As2d3c")."""
    cards = []
    position = 0
    while position < len(token):
        match = _CARD_RE.match(token, position)
        if match is None:
            if token == text:
                raise InvalidCardError(f"invalid card {token!r}")
            raise InvalidCardError(f"invalid card {token!r} in {text!r}")
        cards.append(_card_from_match(match))
        position = match.end()
    return cards


def _parse_string(text: str) -> list[int]:
    cards = []
    for token in _SEPARATORS_RE.split(text):
        if token:
            cards.extend(_parse_token(token, text))
    return cards


def _parse_element(element: object) -> int:
    """One element of a sequence of cards: a single card string or an int 0..51."""
    if isinstance(element, str):
        token = element.strip()
        match = _CARD_RE.fullmatch(token)
        if match is None:
            raise InvalidCardError(f"invalid card {element!r}")
        return _card_from_match(match)
    wrong_type = f"a card must be a str or an int, not {type(element).__name__}"
    if isinstance(element, bool) or not isinstance(element, SupportsIndex):
        raise TypeError(wrong_type)
    try:
        index = operator.index(element)
    except TypeError:  # an __index__ that returns no int
        raise TypeError(wrong_type) from None
    if not 0 <= index < _NUM_CARDS:
        raise InvalidCardError(f"card index {int_text(index)} is out of range 0..51")
    return index


def _check_distinct(cards: list[int]) -> None:
    seen = set()
    for card in cards:
        if card in seen:
            raise InvalidCardError(f"duplicate card {card_to_str(card)}")
        seen.add(card)


#: What ``parse_cards`` reads: a string, or card strings and ints 0..51.
CardsLike = Union[str, Iterable[Union[str, int]]]


def parse_cards(cards: CardsLike) -> list[int]:
    """Card indices from a string (``"As 2d 3c"``, ``"As2d3c"``, ``"10h"``) or a
    sequence of card strings and/or ints 0..51.

    Raises ``InvalidCardError`` for a bad token, an index out of range or a
    duplicate card, and ``TypeError`` for an argument of the wrong type.
    """
    if isinstance(cards, str):
        result = _parse_string(cards)
    elif isinstance(cards, (bytes, bytearray, memoryview, dict)):
        raise not_cards(cards)
    else:
        try:
            elements = iter(cards)
        except TypeError:
            raise not_cards(cards) from None
        result = [_parse_element(element) for element in elements]
    _check_distinct(result)
    return result


def not_cards(value: object) -> TypeError:
    """The error for an argument that is no cards at all."""
    return TypeError(f"cards must be a str or a sequence of cards, not {type(value).__name__}")


def format_cards(cards: CardsLike) -> str:
    """The text form of some cards, e.g. ``"As 2d 3c"`` (ten is ``T``)."""
    return " ".join(card_to_str(card) for card in parse_cards(cards))
