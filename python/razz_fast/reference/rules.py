"""``Rules``: the stakes and rule settings of a hand ([the rules](RULES.md);
validation in [the hand engine](ENGINE.md#2-validation)), and the presets of
the major rule books."""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, NoReturn

from razz_fast._checks import int_text, is_bool
from razz_fast.reference.arguments import MAX_CHIPS, as_int

__all__ = ["MAX_CHIPS", "Rules"]

#: The named settings and their values, the default first.
_CHOICES = {
    "heads_up": ("capped", "round_starts", "before_cap"),
    "reopen": ("full", "half"),
    "short_bring_in": ("short", "full"),
    "ante_all_in": ("forced", "may_fold"),
    "opener_ties": ("seat", "suit"),
    "showdown": ("seat", "opener"),
    "odd_chip": ("seat", "low_card", "high_card"),
}
_FIELDS = (
    "ante",
    "bring_in",
    "small_bet",
    "big_bet",
    "cap",
    "heads_up",
    "reopen",
    "short_bring_in",
    "ante_all_in",
    "opener_ties",
    "burn_cards",
    "showdown",
    "odd_chip",
)


#: Settings of ``Rules`` a preset changes from the defaults, by name (the
#: constructor checks each, so a wrong one fails as soon as it is used).
_Settings = dict[str, Any]


# Every preset but PokerStars' is a live rule book: burns, the half-bet
# reopening, the opener showing first (docs/RULES.md, "Presets").
_LIVE: _Settings = {
    "reopen": "half",
    "short_bring_in": "full",
    "burn_cards": True,
    "showdown": "opener",
    "odd_chip": "high_card",
}
_PRESETS: dict[str, _Settings] = {
    "pokerstars": {},
    "wsop": {**_LIVE, "cap": 5},
    "wsop_live": {**_LIVE, "cap": 5, "heads_up": "round_starts"},
    "tda": {**_LIVE, "ante_all_in": "may_fold", "opener_ties": "suit"},
    "roberts": {
        **_LIVE,
        "heads_up": "before_cap",
        "short_bring_in": "short",
        "odd_chip": "low_card",
    },
}

#: Each field's docstring (``help(Rules.ante)``), as the core's getters have.
_FIELD_DOCS = {
    "ante": "Chips each player antes before the cards are dealt (0: no ante).",
    "bring_in": (
        "Chips the forced bring-in puts in on third street; it is paid by the seat "
        "showing the worst up card."
    ),
    "small_bet": "The size of a completion, bet or raise on third and fourth street.",
    "big_bet": "The size of a bet or raise on fifth, sixth and seventh street.",
    "cap": (
        "The most completions, bets and raises one betting round allows (the bring-in "
        "counts none), or None for no cap."
    ),
    "heads_up": (
        "When the cap is lifted heads-up: 'capped' (never), 'round_starts' (a round that "
        "starts with two players not all in), 'before_cap' (two players not all in before "
        "the cap is reached)."
    ),
    "reopen": (
        "What a short all-in must add to reopen the betting: 'full' (a whole bet) or "
        "'half' (at least half a bet)."
    ),
    "short_bring_in": (
        "After a bring-in posted all in for less: 'short' (the others call that "
        "amount, or complete) or 'full' (they enter for at least the whole bring-in, "
        "or complete)."
    ),
    "ante_all_in": (
        "When the high card is all in from the ante, the bring-in passes to the next "
        "player with chips: 'forced' (who must bring in or complete) or 'may_fold' "
        "(who may fold instead, passing it on)."
    ),
    "opener_ties": (
        "Equal boards from fourth street on: 'seat' (the lowest seat, first clockwise "
        "from the dealer, acts first) or 'suit' (the board with the highest up card "
        "by suit)."
    ),
    "burn_cards": "Whether one card is burned before each street is dealt.",
    "showdown": (
        "Who shows first when nobody bet on seventh street (else the last to bet or "
        "raise): 'seat' (the lowest seat in the hand) or 'opener' (the best low "
        "board); the rest show clockwise."
    ),
    "odd_chip": (
        "Who gets the odd chips of a split pot: 'seat' (lowest seat first), 'low_card' "
        "(the winner with the smallest card first) or 'high_card' (the winner with the "
        "highest card first)."
    ),
}


def _check_int(name: str, value: object) -> int:
    number = as_int(value)
    if number is None:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return number


def _check_range(name: str, value: int, low: int, low_text: str) -> None:
    if value < low:
        raise ValueError(f"{name} must be at least {low_text}, got {int_text(value)}")
    if value > MAX_CHIPS:
        raise ValueError(f"{name} must be at most {MAX_CHIPS}, got {int_text(value)}")


def _check_choice(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    choices = _CHOICES[name]
    if value not in choices:
        listed = ", ".join(repr(choice) for choice in choices)
        raise ValueError(f"{name} must be one of {listed}, got {value!r}")
    return value


def _check_stakes(
    ante: object, bring_in: object, small_bet: object, big_bet: object
) -> tuple[int, int, int, int]:
    ante = _check_int("ante", ante)
    _check_range("ante", ante, 0, "0")
    bring_in = _check_int("bring_in", bring_in)
    _check_range("bring_in", bring_in, 1, "1")
    small_bet = _check_int("small_bet", small_bet)
    _check_range("small_bet", small_bet, bring_in, f"the bring-in ({bring_in})")
    big_bet = _check_int("big_bet", big_bet)
    _check_range("big_bet", big_bet, small_bet, f"the small bet ({small_bet})")
    return ante, bring_in, small_bet, big_bet


class Rules:
    """Immutable stakes and rule settings.

    ``Rules(ante=0, bring_in=1, small_bet=2, big_bet=4, *, cap=4,
    heads_up="capped", reopen="full", short_bring_in="short",
    ante_all_in="forced", opener_ties="seat", burn_cards=False,
    showdown="seat", odd_chip="seat")``; ``Rules.preset(name, ...)`` gives
    a rule book's settings (``Rules.PRESETS``), ``rules.replace(**changes)``
    a copy with some settings changed.
    """

    __slots__ = {name: _FIELD_DOCS.get(name) for name in _FIELDS}

    #: The names ``preset`` takes, the default first.
    PRESETS = tuple(_PRESETS)

    ante: int
    bring_in: int
    small_bet: int
    big_bet: int
    cap: int | None
    heads_up: str
    reopen: str
    short_bring_in: str
    ante_all_in: str
    opener_ties: str
    burn_cards: bool
    showdown: str
    odd_chip: str

    def __init__(
        self,
        ante: int = 0,
        bring_in: int = 1,
        small_bet: int = 2,
        big_bet: int = 4,
        *,
        cap: int | None = 4,
        heads_up: str = "capped",
        reopen: str = "full",
        short_bring_in: str = "short",
        ante_all_in: str = "forced",
        opener_ties: str = "seat",
        burn_cards: bool = False,
        showdown: str = "seat",
        odd_chip: str = "seat",
        **removed: object,
    ) -> None:
        if "uncapped_heads_up" in removed:
            # Its old meaning (no cap with two players in the hand, all-in
            # ones counted) matched no rule book.
            raise TypeError(
                "uncapped_heads_up was removed: use heads_up='capped', 'round_starts'"
                " or 'before_cap'"
            )
        if removed:
            name = next(iter(removed))
            raise TypeError(f"Rules() got an unexpected keyword argument {name!r}")
        stakes = _check_stakes(ante, bring_in, small_bet, big_bet)
        if cap is not None:
            cap = _check_int("cap", cap)
            if not 1 <= cap <= MAX_CHIPS:
                raise ValueError(f"cap must be None or 1..{MAX_CHIPS}, got {int_text(cap)}")
        named = [
            _check_choice(name, value)
            for name, value in (
                ("heads_up", heads_up),
                ("reopen", reopen),
                ("short_bring_in", short_bring_in),
                ("ante_all_in", ante_all_in),
                ("opener_ties", opener_ties),
            )
        ]
        if not is_bool(burn_cards):
            raise TypeError(f"burn_cards must be a bool, not {type(burn_cards).__name__}")
        burn_cards = bool(burn_cards)
        showdown = _check_choice("showdown", showdown)
        odd_chip = _check_choice("odd_chip", odd_chip)
        values = (*stakes, cap, *named, burn_cards, showdown, odd_chip)
        for name, value in zip(_FIELDS, values):
            object.__setattr__(self, name, value)

    @staticmethod
    def preset(
        name: str, ante: int = 0, bring_in: int = 1, small_bet: int = 2, big_bet: int = 4
    ) -> Rules:
        """A rule book's settings at these stakes: ``"pokerstars"`` (the
        default ``Rules()``), ``"wsop"``, ``"wsop_live"``, ``"tda"`` or
        ``"roberts"`` ([the rules](RULES.md))."""
        if not isinstance(name, str):
            raise TypeError(f"name must be a str, not {type(name).__name__}")
        stakes = _check_stakes(ante, bring_in, small_bet, big_bet)
        if name not in _PRESETS:
            raise ValueError(f"unknown preset {name!r}; the presets are {', '.join(_PRESETS)}")
        return Rules(*stakes, **_PRESETS[name])

    def replace(self, **changes: Any) -> Rules:
        """A copy with the named settings changed, checked as the
        constructor checks them."""
        # Any: the caller's values, of any type, which the constructor checks.
        fields: dict[str, Any] = {**self._fields(), **changes}
        return Rules(**fields)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise dataclasses.FrozenInstanceError(f"cannot assign to {name!r}: Rules is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise dataclasses.FrozenInstanceError(f"cannot delete {name!r}: Rules is immutable")

    def _fields(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in _FIELDS}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rules):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(tuple(self._fields().values()))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in self._fields().items())
        return f"Rules({fields})"

    def __reduce__(self) -> tuple[Callable[..., Rules], tuple[object, ...]]:
        positional = (self.ante, self.bring_in, self.small_bet, self.big_bet)
        keywords = {name: getattr(self, name) for name in _FIELDS[4:]}
        return (_make_rules, (positional, keywords))


def _make_rules(positional: tuple[int, int, int, int], keywords: dict[str, Any]) -> Rules:
    return Rules(*positional, **keywords)
