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

    message: str
    """What is wrong, without where."""
    hand_id: str | None
    """The hand's number, or None if the text never got that far."""
    line: int | None
    """The 1-based line number in the file, if known."""
    text: str | None
    """That line's text, if known."""
    source: str | None
    """The file, if known."""

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
    """The seat number the site gave the player."""
    name: str
    """The player's name as the site wrote it."""
    stack: int
    """The starting stack, in the hand's units (see ``HandHistory.scale``)."""


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
    """The street the line belongs to, 3 to 7."""
    player: str
    """The name of the player who acted."""
    kind: str
    """The site's word: ``'ante'``, ``'bring_in'``, ``'complete'``, ``'bet'``, ``'raise'``,
    ``'call'``, ``'check'`` or ``'fold'``."""
    amount: int
    """The chips this line moved from the player's stack (raise-to totals are converted)."""
    all_in: bool
    """Whether the site marked the line all-in."""
    line: int
    """The 1-based line number in the file."""
    text: str
    """The line as the site wrote it."""


@dataclass(frozen=True)
class Show:
    """Cards a player showed or mucked face up, and the site's description
    of the hand (``None`` if it gave none)."""

    player: str
    """The name of the player who showed."""
    cards: tuple[str, ...]
    """The cards shown, as card strings (``'As'``)."""
    description: str | None
    """The site's description of the hand, or None if it gave none."""
    line: int
    """The 1-based line number in the file."""
    text: str
    """The line as the site wrote it."""


@dataclass(frozen=True)
class Payout:
    """Chips a player got back (``kind="return"``: an uncalled bet) or won
    (``kind="collect"``), with the pot's name if the site gave one."""

    player: str
    """The name of the player paid."""
    kind: str
    """``'return'`` (an uncalled bet given back) or ``'collect'`` (chips won)."""
    amount: int
    """The chips paid, in the hand's units."""
    pot: str | None
    """The name of the pot paid, if the site gave one, else None."""
    line: int
    """The 1-based line number in the file."""
    text: str
    """The line as the site wrote it."""


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
    """The site that wrote the history (``'PokerStars'``, ``'Full Tilt'``, ``'PHH'``, ...)."""
    hand_id: str
    """The site's hand number."""
    table: str
    """The table's name."""
    tournament: bool
    """Whether the hand is from a tournament (amounts are then chips)."""
    currency: str | None
    """The currency symbol of a money game (``'$'``), or None for chips."""
    scale: int
    """Units per currency unit or chip: 100 for money and chips with decimals, else 1."""
    ante: int
    """The ante, in units (0 when the header gives none)."""
    small_bet: int
    """The small bet (third and fourth street), in units."""
    big_bet: int
    """The big bet (fifth street on), in units."""
    bring_in: int | None = None
    """The bring-in as posted in full (None: never posted in full)."""
    seats: list[Seat] = field(default_factory=list)
    """Every player dealt in, in seat order (players sitting out are dropped)."""
    cards: dict[str, list[str | None]] = field(default_factory=dict)
    """Each player's seven cards in dealing order (two down, four up, one down), None where
    the site never showed the card."""
    community: str | None = None
    """The seventh-street community card, if the deck ran short."""
    plays: list[Play] = field(default_factory=list)
    """Every ante, bring-in, completion, bet, raise, call, check and fold, in order."""
    shows: list[Show] = field(default_factory=list)
    """The cards shown or mucked face up, with the site's descriptions."""
    payouts: list[Payout] = field(default_factory=list)
    """The chips returned (uncalled bets) and collected."""
    descriptions: list[tuple[tuple[str, ...], str, int]] = field(default_factory=list)
    """Other descriptions the site gave of some cards, as (cards, text, line) (Merge
    describes the hero's cards every street)."""
    total_pot: int | None = None
    """The total pot the summary gives, if any."""
    rake: int | None = None
    """The rake the summary gives, if any."""
    final_stacks: dict[str, int] = field(default_factory=dict)
    """Each player's stack after the hand, where the site prints it."""
    net: dict[str, int] = field(default_factory=dict)
    """Each player's net result, where the site prints it."""
    summary_collected: dict[str, int] = field(default_factory=dict)
    """The summary's own account, where the site gives one: what each player collected."""
    summary_folds: dict[str, int] = field(default_factory=dict)
    """The summary's own account: the street each player folded on."""
    summary_line: int | None = None
    """The file line of the summary (for errors about it)."""
    summary_lines: dict[str, int] = field(default_factory=dict)
    """The file line of each player's summary line."""
    card_lines: dict[str, list[int | None]] = field(default_factory=dict)
    """The file line each card of ``cards`` was read from."""
    collect_includes_return: bool = False
    """A site convention replay has to know: the collected sums include uncalled bets
    (Winamax)."""
    total_pot_after_rake: bool = False
    """A site convention: the total pot is given after the rake is taken."""
    logs_returns: bool = True
    """A site convention: uncalled bets are logged as returned."""
    logs_payouts: bool = True
    """The history logs what each player collected (PHH does not: it gives only the
    finishing stacks)."""
    settings: dict[str, Any] = field(default_factory=dict)
    """Rules the history states (PHH's ``_cap``, ``_uncapped_heads_up``, ``_odd_chip``,
    ``_burn_cards``); replay plays by these."""
    logs_rake: bool = True
    """The site writes a rake (or summary) line in every hand, so a hand without one is
    incomplete."""
    marks_all_in: bool = False
    """The site marks every all-in, so a missing mark is a mismatch."""
    date: str | None = None
    """The day the hand was played, ``"YYYY/MM/DD"``, as the site gives it (None: not given)."""
    time: str | None = None
    """The time the hand began, ``"HH:MM:SS"`` (None: not given)."""
    time_zone: str | None = None
    """The time zone the site gives the time in, as it writes it (``"ET"``, ``"UTC"``),
    None if it names none."""
    seat_count: int | None = None
    """The table's size (``8`` for an ``8-max`` table), None if the history does not say."""
    tournament_id: str | None = None
    """The tournament's number, where the history gives it."""
    level: int | None = None
    """The tournament's blind level (PokerStars' ``Level IV`` is 4), where given."""
    venue: str | None = None
    """Where the hand was played: the site's name for a site's text, PHH's ``venue``."""
    final_stacks_before_rake: bool = False
    """A convention: ``final_stacks`` are the stacks before the rake is taken (PHH's
    ``finishing_stacks``, as pokerkit plays a hand)."""
    first_line: int = 1
    """The file line the hand starts at."""
    lines: list[str] = field(default_factory=list)
    """The hand's text, line by line."""
    source: str | None = None
    """The file the hand was read from, if known."""

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
    """The file read, if known."""
    hands: list[HandHistory] = field(default_factory=list)
    """The razz hands read, in file order."""
    errors: list[HistoryError] = field(default_factory=list)
    """A ``HistoryError`` for each hand that could not be read."""
    skipped: int = 0
    """How many hands of other games were skipped."""
