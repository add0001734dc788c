"""pokerkit's Poker Hand History format (PHH) for razz: variant ``FR``.

A ``.phh`` file is one hand as TOML; a ``.phhs`` file holds several hands,
each under a ``[key]`` table. ``dumps`` writes a finished engine ``Hand`` (or
a ``Replay`` of a site history) with the fields in the order the PHH
specification and pokerkit 0.7.7 give them (``variant``,
``ante_trimming_status``, ``antes``, ``bring_in``, ``small_bet``, ``big_bet``,
``starting_stacks``, ``actions``, then the optional ``hand``, ``seats``,
``table``, ``players``, ``finishing_stacks``, ``currency_symbol``). Every
card is written where it is dealt (``d dh p1 2c3d4h``: the third card is the
door card, as pokerkit deals stud); pokerkit burns and posts antes itself,
so neither is written. Rules the format has no field for are written as
user-defined fields (``_cap``, ``_heads_up``, … every setting of ``Rules``
but the stakes), and the rake of a
replayed site hand as ``_rake`` (``finishing_stacks`` are before rake, as
pokerkit plays the hand).

``loads`` turns a PHH hand into the same ``HandHistory`` a site's text
becomes, so ``replay`` checks it the same way: every logged amount is the
engine's, the cards are the ones dealt, and each player ends with the
``finishing_stacks`` the file gives. PHH logs no collected amounts, so those
are not compared. Amounts with decimals (money) are read in the smallest
unit the file uses (``HandHistory.scale``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from decimal import Decimal
from typing import Any, Callable, Union

import razz_fast
from razz_fast.histories._arguments import checked_hand, checked_names, checked_scale, type_name
from razz_fast.histories.engine import PlayedHand, seat_of
from razz_fast.histories.model import SLOTS, HandHistory, HistoryError, Play, Seat, Show
from razz_fast.histories.reader import HistoryFile, decode
from razz_fast.histories.replay import Replay
from razz_fast.reference.rules import MAX_CHIPS

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
VARIANT = "FR"
#: The rule settings (every field of ``Rules`` but the four stakes, in its
#: order), which PHH has no field for: written as user-defined fields.
RULE_SETTINGS = (
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
_WAGERS = ("bring_in", "complete", "bet", "raise", "call")
#: ``fail(message, line)``: the error naming the hand being read and a line.
_Fail = Callable[[str, Union[int, None]], HistoryError]
#: ``bad(field, message)``: the error naming the hand and the field's line.
_Bad = Callable[[str, str], HistoryError]


def is_phh_path(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names a PHH file (``.phh`` or ``.phhs``)."""
    return os.fspath(path).lower().endswith((".phh", ".phhs"))


# --------------------------------------------------------------------------
# Writing


def dumps(
    hand_or_replay: PlayedHand | Replay,
    *,
    names: list[str] | None = None,
    hand_id: str | int | None = None,
    table: str | None = None,
    scale: int | None = None,
    currency_symbol: str | None = None,
) -> str:
    """The PHH text of a finished engine ``Hand`` (core or reference) or of
    a ``Replay`` (whose names, hand number, table, amounts' scale and rake
    come from the site history unless given)."""
    rake = None
    known = None
    if isinstance(hand_or_replay, Replay):
        replayed = hand_or_replay
        hand, history = replayed.hand, replayed.history
        names = list(replayed.names) if names is None else names
        hand_id = history.hand_id if hand_id is None else hand_id
        table = (history.table or None) if table is None else table
        scale = history.scale if scale is None else scale
        currency_symbol = history.currency if currency_symbol is None else currency_symbol
        rake = replayed.rake
        # Cards the site never showed were filled in for the replay: "??".
        known = [[card is not None for card in history.cards[name]] for name in replayed.names]
    else:
        hand = checked_hand(hand_or_replay, also=" or a Replay")
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
        ("actions", _array([_string(a) for a in _actions(hand, amount, known)])),
    ]
    if hand_id is not None:
        fields.append(("hand", str(hand_id) if isinstance(hand_id, int) else _string(hand_id)))
    if table is not None:
        fields.append(("table", _string(str(table))))
    if names is not None:
        fields.append(("players", _array([_string(name) for name in names])))
    fields.append(("finishing_stacks", _array([amount(s) for s in hand.stacks])))
    if currency_symbol:
        fields.append(("currency_symbol", _string(currency_symbol)))
    for name in RULE_SETTINGS:
        value = getattr(rules, name)
        text = _string(value) if isinstance(value, str) else str(value).lower()
        fields.append((f"_{name}", "0" if value is None else text))
    if rake:
        fields.append(("_rake", amount(rake)))
    return "".join(f"{key} = {value}\n" for key, value in fields)


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


def _actions(
    hand: PlayedHand, amount: Callable[[int], str], known: list[list[bool]] | None
) -> list[str]:
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
        if known is not None:
            texts = [t if known[seat][first + i] else "??" for i, t in enumerate(texts)]
        return "".join(texts)

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


# --------------------------------------------------------------------------
# Reading


def loads(text: str, *, source: str | None = None) -> HandHistory:
    """One PHH hand as a ``HandHistory`` (``site="PHH"``)."""
    data = _toml(text, source)
    if "variant" not in data and data and all(isinstance(v, dict) for v in data.values()):
        raise HistoryError("this is a .phhs collection; use loads_all", source=source)
    return _read_hand(data, text, 1, "1", source)


def loads_all(text: str, *, source: str | None = None) -> HistoryFile:
    """The hands of a ``.phhs`` collection (or of a single ``.phh`` hand):
    hands that cannot be read become errors and the others still load."""
    data = _toml(text, source)
    result = HistoryFile(source)
    if "variant" in data:
        try:
            result.hands.append(_read_hand(data, text, 1, "1", source))
        except HistoryError as error:
            result.errors.append(error)
        return result
    lines = text.splitlines()
    for key, value in data.items():
        first = _table_line(lines, key)
        if not isinstance(value, dict):
            result.errors.append(
                HistoryError("not a hand table", hand_id=key, line=first, source=source)
            )
            continue
        if value.get("variant") != VARIANT:
            result.skipped += 1
            continue
        try:
            result.hands.append(_read_hand(value, text, first, key, source))
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


def _table_line(lines: list[str], key: str) -> int:
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if stripped in (f"[{key}]", f'["{key}"]', f"['{key}']"):
            return number
    return 1


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
    data: dict[str, Any], text: str, first: int, key: str, source: str | None
) -> HandHistory:
    """One hand (``_history``), whatever breaks the reader an error of
    this hand only: a reader bug must not lose a file's other hands."""
    try:
        return _history(data, text, first, key, source)
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
    data: dict[str, Any], text: str, first: int, key: str, source: str | None
) -> HandHistory:
    hand_id = str(data.get("hand", key))
    lines = text.splitlines()

    def fail(message: str, line: int | None = None) -> HistoryError:
        return HistoryError(message, hand_id=hand_id, line=line, source=source)

    def bad(field: str, message: str) -> HistoryError:
        return fail(message, _field_line(lines, first, field))

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
        lines=lines,
        first_line=1,
        source=source,
    )
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
        history.final_stacks = dict(zip(players, units[4 + n :]))
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
    position = first - 1
    for action in actions:
        line, position = _find(lines, action, position)
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
    for field, value in zip(fields, amounts):
        problem = _amount_problem(value)
        if problem:
            raise bad(field, f"{field}: {_shown(value)} {problem}")
    if len(set(antes)) != 1:
        raise bad("antes", "players with different antes cannot be replayed")
    for field, value in zip(fields, amounts):
        if _places(value) > _MAX_PLACES:
            raise bad(field, f"{field}: {_shown(value)} has more than {_MAX_PLACES} decimals")
    scale = 10 ** max(_places(value) for value in amounts)
    units = [int(value * scale) for value in amounts]
    for field, value, unit in zip(fields, amounts, units):
        if unit < 0:
            raise bad(field, f"{field}: amount {value} is negative")
    return n, scale, [units[0], *units[n:]], finishing


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


def _field_line(lines: list[str], first: int, field: str) -> int:
    """The line of ``field`` in the hand that starts at line ``first`` (that
    line if it cannot be found), for error messages."""
    for number in range(first, len(lines) + 1):
        stripped = lines[number - 1].strip()
        if number > first and stripped.startswith("["):
            break  # the next hand's table
        name = stripped.split("=", 1)[0].strip().strip("'\"")
        if "=" in stripped and name == field:
            return number
    return first


def _find(lines: list[str], action: str, start: int) -> tuple[int | None, int]:
    """The file line of an action (searched from ``start``, as actions come
    in order), for error messages."""
    for index in range(start, len(lines)):
        if action in lines[index]:
            return index + 1, index
    return None, start


#: Decimals an amount may have (a millionth of a unit): the reader's sums
#: stay exact in ``Decimal``'s 28 digits up to ``MAX_CHIPS``.
_MAX_PLACES = 6


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
        if not (label[:1] == "p" and label[1:].isdigit() and 1 <= int(label[1:]) <= n):
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
