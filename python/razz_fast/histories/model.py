"""The plain data a parsed hand history becomes.

Every site's text is turned into the same objects, so replay, export and
analysis never look at a site's wording. Amounts are integers in the hand's
smallest unit (``HandHistory.scale`` units make one currency unit or one
chip: 100 for money games and for chip counts with decimals, else 1), so no
float ever touches a pot.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

__all__ = [
    "unexpected",
    "undecoded_line",
    "Seat",
    "Play",
    "Show",
    "Payout",
    "HandHistory",
    "HistoryError",
    "SLOTS",
]

#: A player's seven cards in dealing order: two down, four up, one down.
SLOTS = 7


class HistoryError(ValueError):
    """A hand history that cannot be read or replayed.

    ``hand_id`` names the hand (``None`` if the text never got that far),
    ``line`` is the 1-based line number in the file and ``text`` that line.
    """

    def __init__(
        self,
        message: str,
        *,
        hand_id: str | None = None,
        line: int | None = None,
        text: str | None = None,
        source: str | None = None,
    ) -> None:
        self.message = message
        self.hand_id = hand_id
        self.line = line
        self.text = text
        self.source = source
        where = []
        if source is not None:
            where.append(str(source))
        if hand_id is not None:
            where.append(f"hand {hand_id}")
        if line is not None:
            where.append(f"line {line}")
        prefix = ", ".join(where)
        quoted = f": {text.strip()!r}" if text is not None else ""
        super().__init__(f"{prefix}: {message}{quoted}" if prefix else message + quoted)

    def __reduce__(self) -> tuple[Callable[..., HistoryError], tuple[object, ...]]:
        # keep the keyword fields through pickling
        return (
            _rebuild_error,
            (self.message, self.hand_id, self.line, self.text, self.source),
        )


def _rebuild_error(
    message: str, hand_id: str | None, line: int | None, text: str | None, source: str | None
) -> HistoryError:
    return HistoryError(message, hand_id=hand_id, line=line, text=text, source=source)


def unexpected(error: Exception, block: list[str], line: int, source: str | None) -> HistoryError:
    """A hand that broke the reader in a way it did not foresee, reported
    like any unreadable hand (and worth a bug report)."""
    return HistoryError(
        f"cannot read the hand ({type(error).__name__}: {error})",
        hand_id=_hand_id_in(block[0]) if block else None,
        line=line,
        text=block[0] if block else None,
        source=source,
    )


_ESCAPED = re.compile("[\udc80-\udcff]")


def undecoded_line(block: list[str], first_line: int, source: str | None) -> HistoryError | None:
    """The first line of a hand holding bytes that were not UTF-8."""
    for offset, line in enumerate(block):
        found = _ESCAPED.search(line)
        if found:
            byte = ord(found.group()) - 0xDC00
            return HistoryError(
                f"not UTF-8 text (byte {byte:#04x} at column {found.start() + 1});"
                " pass encoding= if the file uses another encoding",
                hand_id=_hand_id_in(block[0]),
                line=first_line + offset,
                text=_ESCAPED.sub("\ufffd", line),
                source=source,
            )
    return None


def _hand_id_in(header: str) -> str | None:
    """The hand number in a header line (``#123`` or a Merge ``id="…"``)."""
    found = re.search(r"#([\w-]+)|id=\"([\w-]+)\"", header)
    return (found.group(1) or found.group(2)) if found else None


@dataclass(frozen=True)
class Seat:
    """A player dealt into the hand: the site's seat number, name and
    starting stack."""

    number: int
    name: str
    stack: int


@dataclass(frozen=True)
class Play:
    """One posted or wagered amount, or a check or fold, as the site logged it.

    ``kind`` is ``"ante"``, ``"bring_in"``, ``"complete"``, ``"bet"``,
    ``"raise"``, ``"call"``, ``"check"`` or ``"fold"``; ``amount`` is the
    chips this line moved from the player's stack (sites that log a raise-to
    total are converted); ``all_in`` is the site's own all-in mark.
    ``kind`` is the site's word: a site that calls a completion a raise or a
    bet is logged as such, and replay decides what the engine action is.
    """

    street: int
    player: str
    kind: str
    amount: int
    all_in: bool
    line: int
    text: str


@dataclass(frozen=True)
class Show:
    """Cards a player showed or mucked face up, and the site's description
    of the hand (``None`` if it gave none)."""

    player: str
    cards: tuple[str, ...]
    description: str | None
    line: int
    text: str


@dataclass(frozen=True)
class Payout:
    """Chips a player got back (``kind="return"``: an uncalled bet) or won
    (``kind="collect"``), with the pot's name if the site gave one."""

    player: str
    kind: str
    amount: int
    pot: str | None
    line: int
    text: str


@dataclass
class HandHistory:
    """One razz hand as a site logged it.

    ``cards`` maps each player to seven slots in dealing order (``None``
    where the site never showed the card); ``descriptions`` are the site's
    own low descriptions of any cards it described (``(cards, text)``).
    ``final_stacks`` and ``net`` are given by sites that print them.
    ``lines`` is the hand's text, ``first_line`` the file line it starts at.
    """

    site: str
    hand_id: str
    table: str
    tournament: bool
    currency: str | None
    scale: int
    ante: int
    small_bet: int
    big_bet: int
    #: The bring-in as posted in full (None: never posted in full).
    bring_in: int | None = None
    seats: list[Seat] = field(default_factory=list)
    cards: dict[str, list[str | None]] = field(default_factory=dict)
    #: The seventh-street community card, if the deck ran short.
    community: str | None = None
    plays: list[Play] = field(default_factory=list)
    shows: list[Show] = field(default_factory=list)
    payouts: list[Payout] = field(default_factory=list)
    descriptions: list[tuple[tuple[str, ...], str, int]] = field(default_factory=list)
    total_pot: int | None = None
    rake: int | None = None
    final_stacks: dict[str, int] = field(default_factory=dict)
    net: dict[str, int] = field(default_factory=dict)
    #: The summary's own account, where the site gives one: what each
    #: player collected and the street each player folded on.
    summary_collected: dict[str, int] = field(default_factory=dict)
    summary_folds: dict[str, int] = field(default_factory=dict)
    #: The file line of the summary (for errors about it), and of each card.
    summary_line: int | None = None
    summary_lines: dict[str, int] = field(default_factory=dict)
    card_lines: dict[str, list[int | None]] = field(default_factory=dict)
    #: Site conventions replay has to know (see replay.py).
    collect_includes_return: bool = False
    total_pot_after_rake: bool = False
    logs_returns: bool = True
    #: The history logs what each player collected (PHH does not: it gives
    #: only the finishing stacks).
    logs_payouts: bool = True
    #: Rules the history states (PHH's ``_cap``, ``_uncapped_heads_up``,
    #: ``_odd_chip``, ``_burn_cards``); replay plays by these.
    settings: dict[str, Any] = field(default_factory=dict)
    #: The site writes a rake (or summary) line in every hand, so a hand
    #: without one is incomplete; and marks every all-in.
    logs_rake: bool = True
    marks_all_in: bool = False
    first_line: int = 1
    lines: list[str] = field(default_factory=list)
    source: str | None = None

    @property
    def players(self) -> list[str]:
        """Names in seat order."""
        return [seat.name for seat in self.seats]

    def cards_seen(self, name: str, street: int) -> list[str]:
        """The cards of ``name`` dealt by ``street`` (3 to 7) that the
        history shows, in dealing order."""
        if not 3 <= street <= 7:
            raise ValueError(f"street must be 3 to 7, got {street}")
        return [card for card in self.cards[name][:street] if card is not None]

    def error(self, message: str, line: int | None = None) -> HistoryError:
        """A HistoryError naming this hand and, if given, a file line."""
        text = None
        if line is not None and 0 <= line - self.first_line < len(self.lines):
            text = self.lines[line - self.first_line]
        return HistoryError(message, hand_id=self.hand_id, line=line, text=text, source=self.source)

    def text_of(self, units: int) -> str:
        """``units`` written in the hand's currency unit, e.g. ``"$0.04"``."""
        sign = "-" if units < 0 else ""
        units = abs(units)
        if self.scale == 1:
            body = str(units)
        else:
            body = f"{units // self.scale}.{units % self.scale:0{len(str(self.scale)) - 1}d}"
        return f"{sign}{self.currency or ''}{body}"


@dataclass
class HistoryFile:
    """The razz hands of one file, the errors of hands that could not be
    read, and how many hands of other games were skipped."""

    source: str | None
    hands: list[HandHistory] = field(default_factory=list)
    errors: list[HistoryError] = field(default_factory=list)
    skipped: int = 0
