"""Writing pokerkit's Poker Hand History format (PHH) for razz: the
``dumps`` and ``dumps_all`` that ``razz_fast.histories.phh`` gives (its
docstring says what is written and why)."""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Sequence
from typing import Callable

import razz_fast
from razz_fast.histories._arguments import (
    checked_hand,
    checked_names,
    checked_places,
    checked_scale,
    type_name,
)
from razz_fast.histories._source import source_of
from razz_fast.histories.engine import PlayedHand, seat_of
from razz_fast.histories.model import HandHistory
from razz_fast.histories.replay import Replay

__all__ = ["MAX_PLACES", "VARIANT", "RULE_SETTINGS", "dumps", "dumps_all"]

VARIANT = "FR"
"""The PHH variant code of fixed-limit razz, written as ``variant``."""
RULE_SETTINGS = tuple(
    parameter.name
    for parameter in inspect.signature(razz_fast.Rules).parameters.values()
    if parameter.kind is inspect.Parameter.KEYWORD_ONLY
)
"""The rule settings (every keyword-only field of ``Rules``, in its order:
all but the four stakes), which PHH has no field for: written as
user-defined fields. Read from the core's signature, so a new setting is
written without a change here."""
_WAGERS = ("bring_in", "complete", "bet", "raise", "call")

#: Decimals an amount may have (a millionth of a unit): the reader's sums
#: stay exact in ``Decimal``'s 28 digits up to ``MAX_CHIPS``; what is
#: written is held to it, so that it reads back.
MAX_PLACES = 6


def dumps(
    hand_or_replay: PlayedHand | Replay,
    *,
    names: list[str] | None = None,
    hand_id: str | int | None = None,
    table: str | None = None,
    scale: int | None = None,
    currency_symbol: str | None = None,
    known: Sequence[Sequence[bool]] | None = None,
) -> str:
    """The PHH text of a finished engine ``Hand`` (core or reference) or of
    a ``Replay`` (whose names, hand number, table, amounts' scale, date,
    seats, rake and known cards come from the site history unless given).
    ``known`` (engine hands only): for each seat, whether each of its cards
    in dealing order is known; the others are written ``??``. By default an
    engine hand's cards are all known."""
    history = None
    if isinstance(hand_or_replay, Replay):
        replayed = hand_or_replay
        hand, history = replayed.hand, replayed.history
        names = list(replayed.names) if names is None else names
        hand_id = history.hand_id if hand_id is None else hand_id
        table = (history.table or None) if table is None else table
        scale = history.scale if scale is None else scale
        currency_symbol = history.currency if currency_symbol is None else currency_symbol
    else:
        hand = checked_hand(hand_or_replay, also=" or a Replay")
    # Cards nobody saw (filled in for a replay) are written "??".
    source = source_of(hand_or_replay, known)
    if not hand.is_over:
        raise ValueError("only a finished hand can be written as PHH")
    scale = checked_scale(1 if scale is None else scale)
    n = len(hand.stacks)
    if names is not None:
        names = checked_names(names, n)  # (loads refuses a file without them)
    if hand_id is not None and (isinstance(hand_id, bool) or not isinstance(hand_id, (str, int))):
        raise TypeError(f"hand_id must be a str or an int, not {type_name(hand_id)}")
    for name, value in (("table", table), ("currency_symbol", currency_symbol)):
        if value is not None and not isinstance(value, str):
            raise TypeError(f"{name} must be a str, not {type_name(value)}")
    rules = hand.rules

    def amount(units: int) -> str:
        checked_places(units, scale, MAX_PLACES, "the PHH reader")
        if scale == 1:
            return str(units)
        digits = len(str(scale)) - 1
        return f"{units // scale}.{units % scale:0{digits}d}"

    fields: list[tuple[str, str]] = [
        ("variant", _string(VARIANT)),
        # The engine counts antes as contributions to the pot, which is
        # pokerkit's "ante trimming".
        ("ante_trimming_status", "true"),
        ("antes", _array([amount(rules.ante)] * n)),
        ("bring_in", amount(rules.bring_in)),
        ("small_bet", amount(rules.small_bet)),
        ("big_bet", amount(rules.big_bet)),
        ("starting_stacks", _array([amount(s) for s in _starting(hand)])),
        ("actions", _array([_string(a) for a in _actions(hand, amount, source.known)])),
    ]
    if history is not None:
        fields += _when(history)
    if hand_id is not None:
        fields.append(("hand", str(hand_id) if isinstance(hand_id, int) else _string(hand_id)))
    if history is not None and history.level is not None:
        fields.append(("level", str(history.level)))
    if history is not None:
        fields.append(("seats", _array([str(seat.number) for seat in history.seats])))
        if history.seat_count is not None:
            fields.append(("seat_count", str(history.seat_count)))
    if table is not None:
        fields.append(("table", _string(str(table))))
    if names is not None:
        fields.append(("players", _array([_string(name) for name in names])))
    fields.append(("finishing_stacks", _array([amount(s) for s in hand.stacks])))
    if history is not None:
        # What each player won after the rake (pokerkit's winnings), which
        # says whose winnings the rake came from.
        fields.append(("winnings", _array([amount(w) for w in source.winnings()])))
    if currency_symbol:
        fields.append(("currency_symbol", _string(currency_symbol)))
    for name in RULE_SETTINGS:
        value = getattr(rules, name)
        text = _string(value) if isinstance(value, str) else str(value).lower()
        fields.append((f"_{name}", "0" if value is None else text))
    if source.rake:
        fields.append(("_rake", amount(source.rake)))
    if history is not None and history.tournament:
        # PHH has no field for a tournament: user-defined ones.
        fields.append(("_tournament", "true"))
        if history.tournament_id is not None:
            fields.append(("_tournament_id", _string(history.tournament_id)))
    return "".join(f"{key} = {value}\n" for key, value in fields)


def _when(history: HandHistory) -> list[tuple[str, str]]:
    """The venue, time, time zone and day of a history, as PHH's fields
    (``time`` a TOML local time, the zone as the site names it)."""
    fields = []
    if history.venue:
        fields.append(("venue", _string(history.venue)))
    if history.time:
        fields.append(("time", history.time))
    if history.time_zone:
        fields.append(("time_zone", _string(history.time_zone)))
    if history.date:
        year, month, day = history.date.split("/")
        fields += [("day", str(int(day))), ("month", str(int(month))), ("year", str(int(year)))]
    return fields


def dumps_all(hands: Iterable[PlayedHand | Replay | str]) -> str:
    """A ``.phhs`` collection: each hand (a ``Hand``, a ``Replay`` or PHH
    text) under ``[1]``, ``[2]``, … as pokerkit writes them."""
    parts = []
    for number, item in enumerate(hands, start=1):
        text = item if isinstance(item, str) else dumps(item)
        parts.append(f"[{number}]\n{text}")
    return "\n".join(parts)


def _string(value: str) -> str:
    """A TOML basic string."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    for char in {c for c in escaped if ord(c) < 0x20 or ord(c) == 0x7F}:
        escaped = escaped.replace(char, f"\\u{ord(char):04x}")
    return f'"{escaped}"'


def _array(items: list[str]) -> str:
    return "[" + ", ".join(items) + "]"


def _starting(hand: PlayedHand) -> list[int]:
    stacks = list(hand.stacks)
    for event in hand.history:
        if event.kind == "ante" or event.kind in _WAGERS:
            stacks[seat_of(event)] += event.amount
        elif event.kind in ("return", "award"):
            stacks[seat_of(event)] -= event.amount
    return stacks


def _actions(hand: PlayedHand, amount: Callable[[int], str], known: list[list[bool]]) -> list[str]:
    """The PHH actions of a finished hand. Cards dealt together are written
    in one action per player, in seat order (pokerkit's compressed form);
    a wager is written as the player's total bet on the street. Cards not
    ``known`` (by seat and slot) are written as ``??``."""
    out: list[str] = []
    pending: dict[int, list[int]] = {}
    bets = [0] * len(hand.stacks)
    held = [0] * len(hand.stacks)
    dealing = 3

    def cards_text(cards: Iterable[int], seat: int, first: int) -> str:
        texts = razz_fast.format_cards(list(cards)).split()
        return "".join(t if known[seat][first + i] else "??" for i, t in enumerate(texts))

    def flush() -> None:
        for seat in sorted(pending):
            first = held[seat] - len(pending[seat])
            out.append(f"d dh p{seat + 1} {cards_text(pending[seat], seat, first)}")
        pending.clear()

    for event in hand.history:
        kind = event.kind
        if kind in ("deal_down", "deal_up"):
            seat = seat_of(event)
            street = 3 if held[seat] < 3 else held[seat] + 1
            if pending and street != dealing:
                flush()  # all-in players get several streets at once: one action a street
            dealing = street
            if street > 3:  # a new betting round
                bets = [0] * len(bets)
            held[seat] += 1
            pending.setdefault(seat, []).extend(event.cards)
            continue
        if kind == "community":
            bets = [0] * len(bets)
            flush()
            out.append(f"d db {razz_fast.format_cards(list(event.cards))}")
            continue
        flush()
        if event.seat is None:  # burns and reshuffles: pokerkit does these itself
            continue
        seat = event.seat
        player = f"p{seat + 1}"
        if kind == "bring_in":
            bets[seat] += event.amount
            out.append(f"{player} pb")
        elif kind in ("complete", "bet", "raise"):
            bets[seat] += event.amount
            out.append(f"{player} cbr {amount(bets[seat])}")
        elif kind in ("call", "check"):
            bets[seat] += event.amount
            out.append(f"{player} cc")
        elif kind == "fold":
            out.append(f"{player} f")
        elif kind == "show":
            down, up = hand.down_cards(seat), hand.up_cards(seat)
            out.append(f"{player} sm {cards_text(down[:2] + up + down[2:], seat, 0)}")
        # Antes, burns, returns and awards: pokerkit does these itself.
    flush()
    return out
