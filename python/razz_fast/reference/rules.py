"""``Rules``: the stakes and rule settings of a hand (RULES.md; validation in
docs/ENGINE.md, section 2)."""

from __future__ import annotations

import dataclasses

from razz_fast.errors import int_text
from razz_fast.reference.arguments import as_int

__all__ = ["MAX_CHIPS", "Rules"]

#: The largest stack or stake accepted, so that every sum of chips fits in
#: 64 bits in the compiled core.
MAX_CHIPS = 2**53 - 1

_ODD_CHIP_RULES = ("seat", "low_card")
_FIELDS = (
    "ante",
    "bring_in",
    "small_bet",
    "big_bet",
    "cap",
    "uncapped_heads_up",
    "burn_cards",
    "odd_chip",
)


def _check_int(name: str, value) -> int:
    number = as_int(value)
    if number is None:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return number


def _check_bool(name: str, value) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
    return value


def _check_range(name: str, value: int, low: int, low_text: str) -> None:
    if value < low:
        raise ValueError(f"{name} must be at least {low_text}, got {int_text(value)}")
    if value > MAX_CHIPS:
        raise ValueError(f"{name} must be at most {MAX_CHIPS}, got {int_text(value)}")


class Rules:
    """Immutable stakes and rule settings.

    ``Rules(ante=0, bring_in=1, small_bet=2, big_bet=4, *, cap=4,
    uncapped_heads_up=False, burn_cards=False, odd_chip="seat")``
    """

    __slots__ = _FIELDS

    ante: int
    bring_in: int
    small_bet: int
    big_bet: int
    cap: int | None
    uncapped_heads_up: bool
    burn_cards: bool
    odd_chip: str

    def __init__(
        self,
        ante: int = 0,
        bring_in: int = 1,
        small_bet: int = 2,
        big_bet: int = 4,
        *,
        cap: int | None = 4,
        uncapped_heads_up: bool = False,
        burn_cards: bool = False,
        odd_chip: str = "seat",
    ) -> None:
        ante = _check_int("ante", ante)
        _check_range("ante", ante, 0, "0")
        bring_in = _check_int("bring_in", bring_in)
        _check_range("bring_in", bring_in, 1, "1")
        small_bet = _check_int("small_bet", small_bet)
        _check_range("small_bet", small_bet, bring_in, f"the bring-in ({bring_in})")
        big_bet = _check_int("big_bet", big_bet)
        _check_range("big_bet", big_bet, small_bet, f"the small bet ({small_bet})")
        if cap is not None:
            cap = _check_int("cap", cap)
            if not 1 <= cap <= MAX_CHIPS:
                raise ValueError(f"cap must be None or 1..{MAX_CHIPS}, got {int_text(cap)}")
        uncapped_heads_up = _check_bool("uncapped_heads_up", uncapped_heads_up)
        burn_cards = _check_bool("burn_cards", burn_cards)
        if not isinstance(odd_chip, str):
            raise TypeError(f"odd_chip must be a str, not {type(odd_chip).__name__}")
        if odd_chip not in _ODD_CHIP_RULES:
            raise ValueError(f"odd_chip must be 'seat' or 'low_card', got {odd_chip!r}")
        values = (ante, bring_in, small_bet, big_bet, cap, uncapped_heads_up, burn_cards, odd_chip)
        for name, value in zip(_FIELDS, values):
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise dataclasses.FrozenInstanceError(f"cannot assign to {name!r}: Rules is immutable")

    def __delattr__(self, name):
        raise dataclasses.FrozenInstanceError(f"cannot delete {name!r}: Rules is immutable")

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in _FIELDS)

    def __eq__(self, other):
        if not isinstance(other, Rules):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self):
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in _FIELDS)
        return f"Rules({fields})"

    def __reduce__(self):
        positional = (self.ante, self.bring_in, self.small_bet, self.big_bet)
        keywords = {name: getattr(self, name) for name in _FIELDS[4:]}
        return (_make_rules, (positional, keywords))


def _make_rules(positional, keywords):
    return Rules(*positional, **keywords)
