"""pokerkit's Poker Hand History format (PHH) for razz: variant ``FR``.

A ``.phh`` file is one hand as TOML; a ``.phhs`` file holds several hands,
each under a ``[key]`` table. ``dumps`` writes a finished engine ``Hand`` (or
a ``Replay`` of a site history) with the fields in the order the PHH
specification and pokerkit 0.7.7 give them (``variant``,
``ante_trimming_status``, ``antes``, ``bring_in``, ``small_bet``, ``big_bet``,
``starting_stacks``, ``actions``, then the optional ``venue``, ``time``,
``time_zone``, ``day``, ``month``, ``year``, ``hand``, ``level``, ``seats``,
``seat_count``, ``table``, ``players``, ``finishing_stacks``, ``winnings``,
``currency_symbol``: those a replayed history knows). Every card is written
where it is dealt (``d dh p1 2c3d4h``: the third card is the door card, as
pokerkit deals stud), ``??`` for a card nobody saw (a site's opponent's
down cards; an engine hand's cards ``known=`` hides); pokerkit burns and
posts antes itself, so neither is written. Rules the format has no field
for are written as user-defined fields (``_cap``, ``_heads_up``, … every
setting of ``Rules`` but the stakes), and so are the rake of a replayed
site hand (``_rake``; ``finishing_stacks`` are before rake, as pokerkit
plays the hand, and ``winnings`` after it, as the site paid) and a
tournament (``_tournament = true``, ``_tournament_id``).

``loads`` turns a PHH hand into the same ``HandHistory`` a site's text
becomes, so ``replay`` checks it the same way: every logged amount is the
engine's, the cards are the ones dealt, and each player ends with the
``finishing_stacks`` the file gives (before the rake) and wins its
``winnings`` (after it; the rake of a file with ``_rake`` and no
``winnings`` is the one winner's). Every field ``dumps`` writes is read
back into the ``HandHistory`` (``date``, ``time``, ``seat_count``, …).
Amounts with decimals (money) are read in the smallest unit the file uses
(``HandHistory.scale``).
"""

from __future__ import annotations

import bisect
import datetime as dt
import os
import sys
from decimal import Decimal
from typing import Any, Callable, Union

import razz_fast
from razz_fast._core import MAX_CHIPS
from razz_fast.histories._phh_lines import action_lines, field_line, table_lines
from razz_fast.histories._phh_writer import MAX_PLACES, RULE_SETTINGS, VARIANT, dumps, dumps_all
from razz_fast.histories.model import SLOTS, HandHistory, HistoryError, Payout, Play, Seat, Show
from razz_fast.histories.reader import HistoryFile, decode

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.9/3.10 only
    import tomli as tomllib

__all__ = [
    "SITE",
    "VARIANT",
    "RULE_SETTINGS",
    "dumps",
    "dumps_all",
    "loads",
    "loads_all",
    "read_phh",
    "is_phh_path",
]

SITE = "PHH"
"""The ``site`` of every ``HandHistory`` read from PHH."""
#: ``fail(message, line)``: the error naming the hand being read and a line.
_Fail = Callable[[str, Union[int, None]], HistoryError]
#: ``bad(field, message)``: the error naming the hand and the field's line.
_Bad = Callable[[str, str], HistoryError]


def is_phh_path(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names a PHH file (``.phh`` or ``.phhs``)."""
    return os.fspath(path).lower().endswith((".phh", ".phhs"))


# --------------------------------------------------------------------------
# Reading


def loads(text: str, *, source: str | None = None) -> HandHistory:
    """One PHH hand as a ``HandHistory`` (``site="PHH"``)."""
    data = _toml(text, source)
    if "variant" not in data and data and all(isinstance(v, dict) for v in data.values()):
        raise HistoryError("this is a .phhs collection; use loads_all", source=source)
    return _read_hand(data, text.splitlines(), 1, "1", source)


def loads_all(text: str, *, source: str | None = None) -> HistoryFile:
    """The hands of a ``.phhs`` collection (or of a single ``.phh`` hand):
    hands that cannot be read become errors and the others still load."""
    data = _toml(text, source)
    result = HistoryFile(source)
    lines = text.splitlines()
    if "variant" in data:
        try:
            result.hands.append(_read_hand(data, lines, 1, "1", source))
        except HistoryError as error:
            result.errors.append(error)
        return result
    # Each hand gets its own lines (from its header to the next one), found
    # in one pass, so reading stays linear in the file's size.
    headers = table_lines(lines)
    starts = sorted(headers.values())
    for key, value in data.items():
        first = headers.get(key, 1)
        end = starts[bisect.bisect_right(starts, first)] - 1 if first < starts[-1] else len(lines)
        if not isinstance(value, dict):
            result.errors.append(
                HistoryError("not a hand table", hand_id=key, line=first, source=source)
            )
            continue
        if value.get("variant") != VARIANT:
            result.skipped += 1
            continue
        try:
            result.hands.append(_read_hand(value, lines[first - 1 : end], first, key, source))
        except HistoryError as error:
            result.errors.append(error)
    return result


def read_phh(path: str | os.PathLike[str], *, encoding: str | None = None) -> HistoryFile:
    """Read a ``.phh`` or ``.phhs`` file."""
    source = os.fspath(path)
    with open(source, "rb") as stream:
        data = stream.read()
    try:
        return loads_all(decode(data, source, encoding), source=source)
    except HistoryError as error:
        return HistoryFile(source, errors=[error])


def _toml(text: str, source: str | None) -> dict[str, Any]:
    if not isinstance(text, str):
        raise TypeError(f"PHH text must be a str, not {type(text).__name__}")
    try:
        # Decimal keeps money amounts exact (0.1 + 0.2 is 0.3).
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise HistoryError(f"not valid TOML: {error}", source=source) from None
    except RecursionError:
        raise HistoryError("not valid TOML: nested too deeply", source=source) from None


class _Hand:
    """The state a PHH hand is read with: who has which cards, stacks and
    bets, so that each action's chips moved can be logged as sites log it.

    ``high`` is the bet a call matches: the highest bet, or after a bring-in
    posted all-in for less under ``short_bring_in="full"`` (the rule the file
    states) the whole bring-in, which the engine makes a call put in (the
    excess comes back if nobody matches it). pokerkit's own reading of
    ``cc`` is the ``"short"`` rule, which is also the rule of a file that
    states none."""

    def __init__(self, history: HandHistory, stacks: list[int], full_bring_in: bool) -> None:
        self.history = history
        self.players = [seat.name for seat in history.seats]
        self.stacks = list(stacks)
        self.bets = [0] * len(stacks)
        self.high = 0
        self.full_bring_in = full_bring_in
        self.held = [0] * len(stacks)
        self.street = 3
        self.folded: set[int] = set()

    def new_round(self, street: int) -> None:
        self.street = street
        self.bets = [0] * len(self.bets)
        self.high = 0


def _read_hand(
    data: dict[str, Any], lines: list[str], first: int, key: str, source: str | None
) -> HandHistory:
    """One hand (``_history``), whatever breaks the reader an error of
    this hand only: a reader bug must not lose a file's other hands."""
    try:
        return _history(data, lines, first, key, source)
    except HistoryError:
        raise
    except Exception as error:
        raise HistoryError(
            f"cannot read the hand ({type(error).__name__}: {error})",
            hand_id=str(data.get("hand", key)),
            line=first,
            source=source,
        ) from error


def _history(
    data: dict[str, Any], lines: list[str], first: int, key: str, source: str | None
) -> HandHistory:
    """The hand whose own ``lines`` start at file line ``first``."""
    hand_id = str(data.get("hand", key))

    def fail(message: str, line: int | None = None) -> HistoryError:
        return HistoryError(message, hand_id=hand_id, line=line, source=source)

    def bad(field: str, message: str) -> HistoryError:
        return fail(message, field_line(lines, first, field))

    variant = data.get("variant")
    if variant != VARIANT:
        raise fail(f"variant {variant!r} is not razz ({VARIANT!r})", first)
    for name in ("antes", "bring_in", "small_bet", "big_bet", "starting_stacks", "actions"):
        if name not in data:
            raise fail(f"the required field {name!r} is missing", first)
    trimming = data.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise bad("ante_trimming_status", "ante_trimming_status must be true or false")
    currency = data.get("currency_symbol")
    if currency is not None and not isinstance(currency, str):
        raise bad("currency_symbol", f"currency_symbol must be a string, not {_shown(currency)}")
    n, scale, units, finishing = _amounts(data, bad)
    ante, bring_in, small_bet, big_bet = units[:4]
    stacks = units[4 : 4 + n]
    players, seats = _seating(data, n, bad)
    history = HandHistory(
        site=SITE,
        hand_id=hand_id,
        table=str(data.get("table", "")),
        tournament=False,
        currency=currency,
        scale=scale,
        ante=ante,
        small_bet=small_bet,
        big_bet=big_bet,
        bring_in=bring_in,
        seats=[Seat(seats[i], players[i], stacks[i]) for i in range(n)],
        cards={name: [None] * SLOTS for name in players},
        card_lines={name: [None] * SLOTS for name in players},
        rake=0,
        logs_returns=False,
        logs_rake=False,
        logs_payouts=False,
        final_stacks_before_rake=True,
        lines=lines,
        first_line=first,
        source=source,
    )
    _details(history, data, bad)
    winnings, rake = _paid(data, n, units)
    if rake is not None:
        history.rake = rake
    if winnings is not None:
        # What each player won after the rake: compared as a site's
        # collected amounts are.
        history.logs_payouts = True
        where = field_line(lines, first, "winnings")
        for name, won in zip(players, winnings):
            if won:
                history.payouts.append(Payout(name, "collect", won, None, where, ""))
    if not trimming and any(stack < ante for stack in stacks):
        # Untrimmed, pokerkit settles a short ante differently from the
        # engine (and the sites), which trim the others' antes to it.
        raise fail("a player cannot cover the ante and ante_trimming_status is false", first)
    # The settings the file states (razz_fast writes them all) over the
    # online rules pokerkit's own play is closest to.
    stated = _settings(data, bad)
    history.settings = {"preset": "pokerstars", **stated}
    rules = razz_fast.Rules.preset("pokerstars").replace(**stated)
    if finishing is not None:
        history.final_stacks = dict(zip(players, units[4 + n : 4 + 2 * n]))
    state = _Hand(history, stacks, rules.short_bring_in == "full")
    for seat in range(n):
        if ante:
            paid = min(ante, state.stacks[seat])
            state.stacks[seat] -= paid
            history.plays.append(
                Play(3, players[seat], "ante", paid, state.stacks[seat] == 0, first, "")
            )
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise bad("actions", "actions must be a list of strings")
    for action, line in zip(actions, action_lines(lines, first, len(actions))):
        _action(state, action.split("#", 1)[0].split(), line, action, players, fail)
    return history


def _amounts(data: dict[str, Any], bad: _Bad) -> tuple[int, int, list[int], list[Any] | None]:
    """The hand's amounts in whole units of its smallest fraction: (players,
    scale, [ante, bring-in, small bet, big bet, stacks..., finishing
    stacks...], the finishing stacks as given or None)."""
    starting = data["starting_stacks"]
    antes = data["antes"]
    if not isinstance(starting, list) or not 2 <= len(starting) <= 8:
        raise bad("starting_stacks", "starting_stacks must list 2 to 8 stacks")
    n = len(starting)
    if not isinstance(antes, list):
        antes = [antes] * n
    if len(antes) != n:
        raise bad("antes", f"antes lists {len(antes)} antes for {n} players")
    fields = ["antes"] * n + ["bring_in", "small_bet", "big_bet"] + ["starting_stacks"] * n
    amounts = [*antes, data["bring_in"], data["small_bet"], data["big_bet"], *starting]
    finishing = data.get("finishing_stacks")
    if finishing is not None:
        if not isinstance(finishing, list) or len(finishing) != n:
            raise bad("finishing_stacks", f"finishing_stacks must list {n} stacks")
        fields += ["finishing_stacks"] * n
        amounts += finishing
    # (After the stacks, so that units[4 + n:] stays the finishing stacks.)
    for name, count in (("winnings", n), ("_rake", 1)):
        value = data.get(name)
        if value is None:
            continue
        values = value if name == "winnings" else [value]
        if not isinstance(values, list) or len(values) != count:
            raise bad(name, f"{name} must list {n} amounts")
        fields += [name] * count
        amounts += values
    for field, value in zip(fields, amounts):
        problem = _amount_problem(value)
        if problem:
            raise bad(field, f"{field}: {_shown(value)} {problem}")
    if len(set(antes)) != 1:
        raise bad("antes", "players with different antes cannot be replayed")
    scale = 10 ** max(_places(value) for value in amounts)
    units = [int(value * scale) for value in amounts]
    for field, value, unit in zip(fields, amounts, units):
        if unit < 0:
            raise bad(field, f"{field}: amount {value} is negative")
    return n, scale, [units[0], *units[n:]], finishing


def _paid(data: dict[str, Any], n: int, units: list[int]) -> tuple[list[int] | None, int | None]:
    """The ``winnings`` and ``_rake`` a file gives, in units (None: not
    given): they follow the stacks in ``_amounts``' list."""
    rest = units[4 + n + (n if data.get("finishing_stacks") is not None else 0) :]
    winnings = None
    if data.get("winnings") is not None:
        winnings, rest = rest[:n], rest[n:]
    rake = rest[0] if data.get("_rake") is not None else None
    return winnings, rake


def _details(history: HandHistory, data: dict[str, Any], bad: _Bad) -> None:
    """The fields PHH defines for where and when a hand was played, and
    razz_fast's own for a tournament, each checked for its kind."""
    for name, kind in (
        ("venue", str), ("time_zone", str), ("seat_count", int), ("level", int),
        ("day", int), ("month", int), ("year", int), ("_tournament", bool),
        ("_tournament_id", str), ("table", (str, int)),
    ):  # fmt: skip
        value = data.get(name)
        wrong = isinstance(value, bool) and kind is not bool
        if value is not None and (wrong or not isinstance(value, kind)):
            raise bad(name, f"{name} must be {_KINDS[name]}, not {_shown(value)}")
    when = data.get("time")
    if when is not None:
        if not isinstance(when, dt.time):
            raise bad("time", f"time must be a TOML local time (10:24:42), not {_shown(when)}")
        history.time = when.strftime("%H:%M:%S")
    day, month, year = (data.get(name) for name in ("day", "month", "year"))
    if day is not None and month is not None and year is not None:
        try:
            history.date = dt.date(year, month, day).strftime("%Y/%m/%d")
        except ValueError as error:
            raise bad("day", f"day, month and year are not a date: {error}") from None
    history.time_zone = data.get("time_zone")
    history.venue = data.get("venue")
    history.seat_count = data.get("seat_count")
    highest = max(seat.number for seat in history.seats)
    if history.seat_count is not None and not (
        len(history.seats) <= history.seat_count and highest <= history.seat_count
    ):
        # A table of fewer seats than it seats, or than its highest number.
        raise bad(
            "seat_count",
            f"seat_count {history.seat_count} is less than the {len(history.seats)} players"
            f" or the highest seat, {highest}",
        )
    history.level = data.get("level")
    history.tournament = bool(data.get("_tournament", False))
    history.tournament_id = data.get("_tournament_id")


_KINDS = {
    "venue": "a string", "time_zone": "a string", "seat_count": "an integer",
    "level": "an integer", "day": "an integer", "month": "an integer", "year": "an integer",
    "_tournament": "true or false", "_tournament_id": "a string", "table": "a string",
}  # fmt: skip


def _seating(data: dict[str, Any], n: int, bad: _Bad) -> tuple[list[str], list[int]]:
    """The players' names and seat numbers, in seat order."""
    players = data.get("players", [f"p{seat + 1}" for seat in range(n)])
    seats = data.get("seats", list(range(1, n + 1)))
    if (
        not isinstance(players, list)
        or not all(isinstance(p, str) for p in players)
        or len(set(players)) != n
        or len(players) != n
    ):
        raise bad("players", f"players must be {n} distinct names")
    if (
        not isinstance(seats, list)
        or not all(isinstance(s, int) and not isinstance(s, bool) for s in seats)
        or len(set(seats)) != n
        or len(seats) != n
    ):
        raise bad("seats", f"seats must be {n} distinct seat numbers")
    if sorted(seats) != list(seats):
        raise bad("seats", "seats must be in increasing order (the order of the players)")
    return players, seats


def _settings(data: dict[str, Any], bad: _Bad) -> dict[str, Any]:
    """The rules a file states in razz_fast's user-defined fields, each
    checked as ``Rules`` checks it (``_cap = 0``: no cap)."""
    settings: dict[str, Any] = {}
    for name in RULE_SETTINGS:
        field = f"_{name}"
        if field not in data:
            continue
        value = data[field]
        if name == "cap" and type(value) is int and value == 0:
            value = None
        try:
            razz_fast.Rules().replace(**{name: value})
        except (TypeError, ValueError) as error:
            raise bad(field, f"{field} = {_shown(value)}: {error}") from None
        settings[name] = value
    return settings


def _shown(value: Any) -> str:
    """A field's value for an error message, cut short."""
    text = repr(value) if not isinstance(value, Decimal) else str(value)
    return text if len(text) <= 40 else f"{text[:40]}…"


def _amount_problem(value: Any) -> str | None:
    """Why ``value`` cannot be an amount, or None. Infinite stacks (pokerkit
    writes ``inf`` for an unknown stack) and amounts past the chip limit
    cannot be played, and would break the exact arithmetic."""
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        return "is not a number"
    if isinstance(value, Decimal) and not value.is_finite():
        return "is not a finite number"
    if not -MAX_CHIPS <= value <= MAX_CHIPS:
        return f"is past the chip limit {MAX_CHIPS}"
    # (Before anything raises 10 to the decimals: 1e-99999999 would hang.)
    if _places(value) > MAX_PLACES:
        return f"has more than {MAX_PLACES} decimals"
    return None


def _places(value: int | Decimal) -> int:
    """The decimals ``value`` needs (1.50 needs one), counted from its
    digits, never rounded."""
    if isinstance(value, int):
        return 0
    _, digits, exponent = value.as_tuple()
    significant = "".join(map(str, digits)).rstrip("0")
    if not significant or not isinstance(exponent, int):
        return 0
    return max(0, -exponent - (len(digits) - len(significant)))


def _action(
    state: _Hand, words: list[str], line: int | None, text: str, players: list[str], fail: _Fail
) -> None:
    """One PHH action line, read into ``state.history``."""
    n = len(players)

    def seat_of(label: str) -> int:
        if not (
            label[:1] == "p"
            and label[1:].isascii()
            and label[1:].isdigit()
            and 1 <= int(label[1:]) <= n
        ):
            raise fail(f"{label!r} is not a player p1 to p{n}", line)
        return int(label[1:]) - 1

    if len(words) == 4 and words[:2] == ["d", "dh"]:
        _deal_hole(state, seat_of(words[2]), _split_cards(words[3], fail, line), line, fail)
        return
    if len(words) == 3 and words[:2] == ["d", "db"]:
        _deal_board(state, _split_cards(words[2], fail, line), line, fail)
        return
    if len(words) < 2:
        if not words:
            return  # a comment only
        raise fail(f"cannot read the action {text!r}", line)
    seat = seat_of(words[0])
    if words[1] == "sm":
        _show(state, seat, words[2:], line, text, fail)
    else:
        _wager(state, seat, words[1], words[2:], line, text, fail)


def _deal_hole(
    state: _Hand, seat: int, cards: list[str | None], line: int | None, fail: _Fail
) -> None:
    """``d dh``: cards dealt to a seat; its fourth and later start streets."""
    history, name = state.history, state.players[seat]
    if state.held[seat] + len(cards) > SLOTS:
        raise fail(f"{name} is dealt more than {SLOTS} cards", line)
    for card in cards:
        slot = state.held[seat]
        if slot >= 3 and slot + 1 > state.street:
            state.new_round(slot + 1)
        history.cards[name][slot] = card
        history.card_lines[name][slot] = line
        state.held[seat] += 1


def _deal_board(state: _Hand, cards: list[str | None], line: int | None, fail: _Fail) -> None:
    """``d db``: the seventh-street community card, every live seat's."""
    history = state.history
    if len(cards) != 1 or cards[0] is None:
        raise fail("razz has one community card, and it must be known", line)
    history.community = cards[0]
    state.new_round(7)
    for seat, name in enumerate(state.players):
        if seat not in state.folded and state.held[seat] == 6:
            history.cards[name][6] = cards[0]
            state.held[seat] = 7


def _show(
    state: _Hand, seat: int, rest: list[str], line: int | None, text: str, fail: _Fail
) -> None:
    """``sm``: a seat shows (or mucks, ``-``) its cards, which must be the
    ones dealt where those are known."""
    history, name = state.history, state.players[seat]
    if rest in ([], ["-"]):
        history.shows.append(Show(name, (), None, line or 1, text))
        return
    if len(rest) != 1:
        raise fail(f"cannot read the action {text!r}", line)
    cards = _split_cards(rest[0], fail, line)
    known = history.cards[name]
    if len(cards) > SLOTS:
        raise fail(f"{name} shows more than {SLOTS} cards", line)
    for slot, card in enumerate(cards):
        if card is None:
            continue
        if known[slot] is None:
            known[slot] = card
            history.card_lines[name][slot] = line
        elif known[slot] != card:
            raise fail(f"{name} shows {card} where {known[slot]} was dealt", line)
    shown = tuple(card for card in cards if card is not None)
    history.shows.append(Show(name, shown, None, line or 1, text))


def _wager(
    state: _Hand,
    seat: int,
    verb: str,
    rest: list[str],
    line: int | None,
    text: str,
    fail: _Fail,
) -> None:
    """``pb``, ``cc``, ``f``, ``cbr``: logged with the chips they move, as
    sites log them."""
    history, name = state.history, state.players[seat]
    bring_in = history.bring_in or 0
    if verb == "pb" and not rest:
        kind, to = "bring_in", state.bets[seat] + min(bring_in, state.stacks[seat])
        if state.full_bring_in:
            state.high = max(state.high, bring_in)
    elif verb == "cc" and not rest:
        kind, to = "call", min(state.high, state.bets[seat] + state.stacks[seat])
    elif verb == "f" and not rest:
        kind, to = "fold", state.bets[seat]
        state.folded.add(seat)
    elif verb == "cbr" and len(rest) == 1:
        try:
            value = Decimal(rest[0])
        except ArithmeticError:
            raise fail(f"cannot read the amount {_shown(rest[0])}", line) from None
        problem = _amount_problem(value)
        if problem:
            raise fail(f"the amount {_shown(rest[0])} {problem}", line)
        if 10 ** _places(value) > history.scale:
            raise fail(f"amount {rest[0]} is finer than the hand's other amounts", line)
        kind, to = "raise", int(value * history.scale)
        if to <= state.bets[seat] or to - state.bets[seat] > state.stacks[seat]:
            raise fail(f"{name} cannot bet to {rest[0]}", line)
    else:
        raise fail(f"cannot read the action {text!r}", line)
    moved = to - state.bets[seat]
    state.bets[seat] = to
    state.high = max(state.high, to)
    state.stacks[seat] -= moved
    all_in = moved > 0 and state.stacks[seat] == 0
    history.plays.append(Play(state.street, name, kind, moved, all_in, line or 1, text))


def _split_cards(text: str, fail: _Fail, line: int | None) -> list[str | None]:
    if len(text) % 2:
        raise fail(f"cannot read the cards {text!r}", line)
    cards: list[str | None] = []
    for start in range(0, len(text), 2):
        card = text[start : start + 2]
        if card == "??":
            cards.append(None)
            continue
        try:
            cards.append(razz_fast.format_cards(razz_fast.parse_cards(card)))
        except ValueError:
            raise fail(f"{card!r} is not a card", line) from None
    return cards
