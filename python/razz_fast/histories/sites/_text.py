"""What every site's parser shares: amounts, cards, player names, and a
builder that turns a hand's lines into a ``HandHistory`` one line at a time.

Sites differ in wording, not in what a line means, so each site module only
matches its own phrases and calls the builder; the builder keeps the
bookkeeping (street, chips put in this round, card slots) in one place.
The text sites' readers use all of it; the Merge Network's XML reader
(``merge_network.py``) uses the builder, the amounts and the cards too,
one XML element per line.
"""

from __future__ import annotations

import contextvars
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypedDict

from razz_fast._core import MAX_CHIPS
from razz_fast.histories.model import SLOTS, HandHistory, HistoryError, Payout, Play, Seat, Show

if TYPE_CHECKING:
    from typing_extensions import Unpack

CURRENCIES = "$€£"
_AMOUNT = re.compile(r"^[$€£]?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?[$€£]?$")
_DECIMAL = re.compile(r"[0-9]\.[0-9]")
_CARD = re.compile(r"^(?:[2-9TJQKA]|10)[cdhs]$")
_HIDDEN = {"X", "x", "XX", "xx", "null", "?"}
#: Digits an amount may have: more is past any stack the engine takes
#: (``MAX_CHIPS``, 16 digits, in hundredths), and Python refuses to turn
#: more than 4,300 digits into an int at all.
_MAX_DIGITS = 20
#: A seat number has at most this many digits (sites seat up to 10).
_MAX_SEAT_DIGITS = 3
#: Set while a hand is read again in hundredths (see ``NeedsHundredths``).
_HUNDREDTHS = contextvars.ContextVar("hundredths", default=False)


#: Rank words in the plural, as sites name paired hands ("a pair of Sevens").
_PLURAL = {
    "A": "Aces", "2": "Twos", "3": "Threes", "4": "Fours", "5": "Fives", "6": "Sixes",
    "7": "Sevens", "8": "Eights", "9": "Nines", "T": "Tens", "J": "Jacks", "Q": "Queens",
    "K": "Kings",
}  # fmt: skip


def rank_groups(best: list[str]) -> tuple[list[int], list[str]]:
    """How often each rank of ``best`` (cards, highest first) occurs, most
    often first (then highest first), and those ranks' plural words: the
    shape and names of a paired hand's description."""
    ranks = [card[0] for card in best]
    counts = sorted({r: ranks.count(r) for r in ranks}.items(), key=lambda rc: -rc[1])
    return [count for _, count in counts], [_PLURAL[rank] for rank, _ in counts]


class NeedsHundredths(Exception):
    """A hand read in whole units met an amount with decimals: it is read
    again in hundredths (``read_in_units``)."""


def currency_of(text: str) -> str | None:
    for symbol in CURRENCIES:
        if symbol in text:
            return symbol
    return None


def units_of(header: str, tournament: bool) -> tuple[str | None, int]:
    """The currency and scale of a hand's amounts, from its header alone:
    chat, player names and table names never change them. A tournament's
    header names its buy-in in money, but its amounts are chips. Amounts
    are in hundredths for money, for stakes with decimals, and when the
    hand is read again for an amount with decimals."""
    currency = None if tournament else currency_of(header)
    decimals = not tournament and _DECIMAL.search(header)
    return currency, 100 if currency or decimals or _HUNDREDTHS.get() else 1


def read_in_units(parse: Callable[[], HandHistory]) -> HandHistory:
    """``parse()``, read again in hundredths if it met an amount with
    decimals in a hand whose header gave whole units."""
    try:
        return parse()
    except NeedsHundredths:
        with _in_hundredths():
            return parse()


@contextmanager
def _in_hundredths() -> Iterator[None]:
    token = _HUNDREDTHS.set(True)
    try:
        yield
    finally:
        _HUNDREDTHS.reset(token)


def hand_id(header: re.Pattern[str], line: str) -> str:
    """The hand number in a header line the reader found with ``header``."""
    found = header.match(line)
    if found is None:
        raise HistoryError("not a hand header", text=line)
    return found.group(1)


class HandCancelled(Exception):
    """A hand the site cancelled: not played, so skipped, not an error."""


class Lines:
    """A hand's lines with their file line numbers, and the errors that
    name them."""

    def __init__(self, hand: HandHistory) -> None:
        self.hand = hand

    def amount(self, token: str, line: int) -> int:
        """``"$1,060.38"`` → 106038 at scale 100, digit by digit (no
        rounding); rejects fractions of a unit and amounts past
        ``MAX_CHIPS``."""
        token = token.strip().rstrip(".")
        shown = token if len(token) <= 40 else f"{token[:40]}… ({len(token)} characters)"
        if not _AMOUNT.match(token):
            raise self.hand.error(f"not an amount: {shown!r}", line)
        whole, _, fraction = token.strip(CURRENCIES).replace(",", "").partition(".")
        whole = whole.lstrip("0") or "0"
        if len(whole) > _MAX_DIGITS:
            raise self.hand.error(f"amount {shown!r} is too large", line)
        scale = self.hand.scale
        places = len(str(scale)) - 1
        if fraction.rstrip("0") and scale == 1:
            raise NeedsHundredths(token)
        if len(fraction.rstrip("0")) > places:
            raise self.hand.error(f"amount {shown!r} is not a whole number of units", line)
        units = int(whole) * scale + int(fraction[:places].ljust(places, "0") or "0")
        if units > MAX_CHIPS:
            raise self.hand.error(f"amount {shown!r} is too large", line)
        return units

    def seat_number(self, text: str, line: int) -> int:
        """A seat number, bounded (it is quoted back in messages)."""
        if not (text.isascii() and text.isdigit()):  # (regex \d takes "１", "١")
            raise self.hand.error(f"seat number {text[:10]!r} is not in digits 0-9", line)
        if len(text) > _MAX_SEAT_DIGITS:
            raise self.hand.error(f"seat number {text[:10]!r} out of range", line)
        return int(text)


def card_tokens(text: str) -> list[str | None]:
    """``"[Td 2s X]"`` or ``"Td,2s,null"`` → ``["Td", "2s", None]``; any
    other token raises ValueError."""
    cards: list[str | None] = []
    for token in re.split(r"[\s,\[\]]+", text):
        if not token:
            continue
        if token in _HIDDEN:
            cards.append(None)
        elif _CARD.match(token):
            cards.append("T" + token[-1] if token.startswith("10") else token)
        else:
            raise ValueError(f"not a card: {token!r}")
    return cards


class Builder(Lines):
    """Collects one hand's plays, cards and payouts in the order of its
    lines. ``street`` is the betting round the lines belong to."""

    def __init__(self, hand: HandHistory) -> None:
        super().__init__(hand)
        self.street = 3
        self.summary = False
        self.round: dict[str, int] = {}
        self.names: list[str] = []
        #: Whether the "X" of "raises X to Y" counts from a bring-in
        #: (PokerStars) or only from the round's last full bet (Winamax).
        self.raise_over_bring_in = True
        self.full_bet = 0

    def start_summary(self, line: int) -> None:
        self.summary = True
        self.hand.summary_line = line

    def summary_seat(self, number: int, name: str, line: int) -> None:
        """A summary's ``Seat N: NAME`` line: N must be the player's seat,
        and each player is summed up once."""
        seated = next(seat.number for seat in self.hand.seats if seat.name == name)
        if number != seated:
            raise self.hand.error(
                f"the summary puts {name} in seat {number}, the hand in {seated}", line
            )
        if name in self.hand.summary_lines:
            raise self.hand.error(f"the summary lists {name} twice", line)
        self.hand.summary_lines[name] = line

    def summary_fold(self, name: str, street: int) -> None:
        self.hand.summary_folds[name] = street

    def summary_collect(self, name: str, amount: int) -> None:
        self.hand.summary_collected[name] = self.hand.summary_collected.get(name, 0) + amount

    def require_rake(self) -> None:
        """Sites that end every hand with a ``Total pot … | Rake …`` line:
        a hand without one was cut short."""
        if self.hand.rake is None:
            last = self.hand.first_line + len(self.hand.lines) - 1
            raise self.hand.error("no 'Total pot … | Rake …' line: the hand is incomplete", last)

    # -- players ---------------------------------------------------------
    def seat(self, number: int, name: str, stack: int, line: int) -> None:
        if name in self.hand.cards:
            raise self.hand.error(f"player {name!r} is seated twice", line)
        self.hand.seats.append(Seat(number, name, stack))
        self.hand.cards[name] = [None] * SLOTS
        # Longest first, so "Bob 2" is not read as "Bob" followed by "2 …".
        self.names = sorted(self.hand.cards, key=len, reverse=True)

    def player_at(self, text: str, line: int, sep: str = " ") -> tuple[str, str]:
        """Split ``"<name><sep><rest>"`` for a seated player's name."""
        for name in self.names:
            if text.startswith(name + sep):
                return name, text[len(name) + len(sep) :]
        raise self.hand.error("line names no seated player", line)

    def known(self, name: str, line: int) -> str:
        if name not in self.hand.cards:
            raise self.hand.error(f"unknown player {name!r}", line)
        return name

    # -- streets and plays -------------------------------------------------
    def new_street(self, street: int, line: int) -> None:
        if not 3 <= street <= 7 or street < self.street:
            raise self.hand.error(f"street {street} out of order", line)
        if street != self.street:
            self.round, self.full_bet = {}, 0
        self.street = street

    def play(
        self,
        name: str,
        kind: str,
        line: int,
        *,
        amount: int = 0,
        to: int | None = None,
        by: int | None = None,
        all_in: bool = False,
    ) -> None:
        """Record a play; ``to`` is a raise-to total (this round), which is
        turned into the chips the line moved; ``by``, the "X" of "raises X
        to Y", must be what ``to`` raises the bet by."""
        name = self.known(name, line)
        if to is not None:
            amount = to - self.round.get(name, 0)
            if amount <= 0:
                raise self.hand.error(f"{kind} to {to} is not above {name}'s bet", line)
            if by is not None:
                self._check_raise_size(by, to, line)
        if kind != "ante":
            self.round[name] = self.round.get(name, 0) + amount
            if kind != "bring_in":
                self.full_bet = max(self.full_bet, self.round[name])
        text = self.hand.lines[line - self.hand.first_line]
        self.hand.plays.append(Play(self.street, name, kind, amount, all_in, line, text))

    def _check_raise_size(self, by: int, to: int, line: int) -> None:
        """``by`` is ``to`` less the bet it raises: the round's highest bet
        (PokerStars), or its last full bet, the bring-in not counting
        (Winamax)."""
        raised = max(self.round.values(), default=0) if self.raise_over_bring_in else self.full_bet
        if by != to - raised:
            h = self.hand
            raise h.error(
                f"a raise to {h.text_of(to)} over a bet of {h.text_of(raised)} is a raise of"
                f" {h.text_of(to - raised)}, not {h.text_of(by)}",
                line,
            )

    def payout(self, name: str, kind: str, amount: int, line: int, pot: str | None = None) -> None:
        name = self.known(name, line)
        text = self.hand.lines[line - self.hand.first_line]
        self.hand.payouts.append(Payout(name, kind, amount, pot, line, text))

    # -- cards -------------------------------------------------------------
    def cards(self, text: str, line: int) -> list[str | None]:
        try:
            return card_tokens(text)
        except ValueError as error:
            raise self.hand.error(str(error), line) from None

    def put(self, name: str, slot: int, card: str | None, line: int) -> None:
        if card is None:
            return
        slots = self.hand.cards[self.known(name, line)]
        if slots[slot] is not None and slots[slot] != card:
            raise self.hand.error(f"{name}'s card {slot + 1} was {slots[slot]}, now {card}", line)
        if slots[slot] is None:
            slots[slot] = card
            self.hand.card_lines.setdefault(name, [None] * SLOTS)[slot] = line

    def dealt_line(self, rest: str, line: int, sep: str = " ") -> None:
        """``Dealt to <name><sep><cards>``: names may hold spaces and
        brackets, so the name is found among the seated players."""
        name, cards = self.player_at(rest, line, sep)
        self.dealt(name, self.cards(cards, line), line)

    def dealt(self, name: str, cards: list[str | None], line: int) -> None:
        """A street's deal as most sites print it: on third street the three
        cards (or the up card alone); later, optionally the cards so far,
        then the new card last."""
        if self.street == 3:
            if len(cards) == 3:
                slots = [0, 1, 2]
            elif len(cards) == 1:
                slots = [2]
            else:
                raise self.hand.error(f"{len(cards)} cards dealt on third street", line)
            for slot, card in zip(slots, cards):
                self.put(name, slot, card, line)
            return
        if not cards:
            raise self.hand.error("no card dealt", line)
        self.put(name, self.street - 1, cards[-1], line)
        earlier = cards[:-1]
        if len(earlier) == self.street - 1:  # every card so far
            for slot, card in enumerate(earlier):
                self.put(name, slot, card, line)
        elif len(earlier) == self.street - 3:  # the up cards so far
            for slot, card in enumerate(earlier, start=2):
                self.put(name, slot, card, line)
        elif earlier:
            raise self.hand.error(f"{len(cards)} cards listed on street {self.street}", line)

    def shown(self, name: str, cards: list[str | None], description: str | None, line: int) -> None:
        """Cards shown (or mucked face up) lie in dealing order, except that
        some sites (Full Tilt, KingsClub) list the down cards in another
        order than they dealt them: down cards already known are matched as
        a set, unknown ones fill the unknown down slots in the order shown."""
        if len(cards) > SLOTS:
            raise self.hand.error(f"{len(cards)} cards shown", line)
        slots = self.hand.cards[self.known(name, line)]
        down = [slot for slot in (0, 1, 6) if slot < len(cards)]
        for slot, card in enumerate(cards):
            if slot not in down:
                self.put(name, slot, card, line)
        shown_down = [cards[slot] for slot in down if cards[slot] is not None]
        known_down = [slots[slot] for slot in down if slots[slot] is not None]
        if any(card not in shown_down for card in known_down):
            raise self.hand.error(f"{name} shows other down cards than dealt", line)
        fresh = iter(card for card in shown_down if card not in known_down)
        for slot in down:
            if slots[slot] is None:
                self.put(name, slot, next(fresh, None), line)
        text = self.hand.lines[line - self.hand.first_line]
        known = tuple(card for card in cards if card is not None)
        self.hand.shows.append(Show(name, known, description, line, text))


#: ``*** 3rd STREET ***`` and the like; the name inside is matched per site.
SECTION = re.compile(r"^\*\*\* (.+?) \*\*\*(.*)$")

#: ``handler(builder, match, line)``: what a line matching a site's pattern does.
Handler = Callable[[Builder, "re.Match[str]", int], None]
#: ``section(builder, name, rest, line)``: what a ``*** NAME *** rest`` line does.
SectionHandler = Callable[[Builder, str, str, int], None]


def street_of(name: str) -> int | None:
    """``"3rd STREET"``, ``"4TH STREET"``, ``"RIVER"`` → 3, 4, 7; else None."""
    name = name.upper()
    if name == "RIVER":
        return 7
    found = re.match(r"^([3-7])(?:RD|TH) STREET$", name)
    return int(found.group(1)) if found else None


def run_lines(
    builder: Builder,
    patterns: Sequence[tuple[re.Pattern[str], Handler]],
    noise: Sequence[re.Pattern[str]],
    section: SectionHandler,
) -> None:
    """Feed the hand's lines after its header to ``patterns``: a list of
    ``(regex, handler(builder, match, line))`` tried in order. A section
    line goes to ``section(builder, name, rest, line)``; lines matching a
    ``noise`` regex are chat, table moves and timers; any other line is an
    error naming it, so a format we do not know never passes silently."""
    hand = builder.hand
    for offset, raw in enumerate(hand.lines[1:], start=1):
        line = hand.first_line + offset
        text = raw.strip()
        if not text:
            continue
        header = SECTION.match(text)
        if header:
            section(builder, header.group(1), header.group(2), line)
            continue
        for regex, handler in patterns:
            found = regex.match(text)
            if found:
                handler(builder, found, line)
                break
        else:
            if not any(regex.match(text) for regex in noise):
                raise hand.error("line not understood", line)


def finish(builder: Builder) -> HandHistory:
    """Drop listed players who were never dealt in (sitting out: no ante,
    no card, no action), check nothing else names them, note the bring-in
    posted in full, and check the hand has players."""
    hand = builder.hand
    active = {play.player for play in hand.plays}
    active |= {name for name, slots in hand.cards.items() if any(slots)}
    for payout in hand.payouts:
        if payout.player not in active:
            raise hand.error(f"{payout.player} was not dealt in", payout.line)
    for table in (hand.net, hand.final_stacks, hand.summary_collected, hand.summary_folds):
        for name in list(table):
            if name not in active:
                stack = next(seat.stack for seat in hand.seats if seat.name == name)
                if hand.net.get(name, 0) or hand.final_stacks.get(name, stack) != stack:
                    raise hand.error(f"{name} was not dealt in", hand.summary_line)
                del table[name]
    hand.seats = [seat for seat in hand.seats if seat.name in active]
    hand.cards = {seat.name: hand.cards[seat.name] for seat in hand.seats}
    full = [p.amount for p in hand.plays if p.kind == "bring_in" and not p.all_in]
    hand.bring_in = full[0] if full else None
    if len(hand.seats) < 2:
        raise hand.error("fewer than two players dealt in", hand.first_line)
    return hand


# -- handlers shared by the sites' line patterns --------------------------
# Patterns name their groups: ``name``, ``amount``, ``allin``, ``cards``,
# ``desc``, ``pot``, ``rake``; a handler reads the ones it needs.

AMOUNT = r"[$€£]?[\d.,]+[$€£]?"


def on_play(kind: str, total: bool = False) -> Handler:
    """A play line; ``total``: the amount is the player's round total
    (a raise-to), not the chips the line moved."""

    def handle(b: Builder, m: re.Match[str], line: int) -> None:
        name = b.known(m["name"], line)
        groups = m.groupdict()
        all_in = bool(groups.get("allin"))
        if groups.get("amount") is None:
            b.play(name, kind, line, all_in=all_in)
        elif total:
            by = b.amount(groups["by"], line) if groups.get("by") else None
            b.play(name, kind, line, to=b.amount(m["amount"], line), by=by, all_in=all_in)
        else:
            b.play(name, kind, line, amount=b.amount(m["amount"], line), all_in=all_in)

    return handle


def on_dealt(sep: str = " ") -> Handler:
    """``Dealt to <name><sep><cards>`` with the rest in group ``rest``."""

    def handle(b: Builder, m: re.Match[str], line: int) -> None:
        b.dealt_line(m["rest"], line, sep)

    return handle


def on_shows(b: Builder, m: re.Match[str], line: int) -> None:
    description = (m.groupdict().get("desc") or "").strip() or None
    b.shown(b.known(m["name"], line), b.cards(m["cards"], line), description, line)


def on_payout(kind: str) -> Handler:
    def handle(b: Builder, m: re.Match[str], line: int) -> None:
        pot = (m.groupdict().get("pot") or "").strip() or None
        b.payout(m["name"], kind, b.amount(m["amount"], line), line, pot)

    return handle


def on_total(b: Builder, m: re.Match[str], line: int) -> None:
    b.hand.total_pot = b.amount(m["amount"], line)
    rake = m.groupdict().get("rake")
    b.hand.rake = b.amount(rake, line) if rake else 0


def on_cancelled(b: Builder, m: re.Match[str], line: int) -> None:
    raise HandCancelled(b.hand.hand_id)


_SUMMARY_CARDS = re.compile(r"(?:showed|mucked) (\[[^\]]*\])")
_SUMMARY_WON = re.compile(r"\b(?:collected|won) \(?(" + AMOUNT + r")\)?")
_SUMMARY_FOLD = re.compile(
    r"folded (?:on|before) (?:the )?(?:([3-7])(?:rd|th) St(?:reet|\.)|(River))"
)


def on_summary_seat(b: Builder, m: re.Match[str], line: int) -> None:
    """``Seat N: NAME …`` in a summary: the cards a player showed or mucked
    face up, with the site's description, what they collected, and the
    street they folded on, for replay to check against the hand."""
    name, rest = b.player_at(m["rest"], line)
    _summary_account(b, b.seat_number(m["number"], line), name, rest, line)


def _summary_account(b: Builder, number: int, name: str, rest: str, line: int) -> None:
    b.summary_seat(number, name, line)
    cards = _SUMMARY_CARDS.search(rest)
    if cards:
        described = re.search(r" with (.+?)$", rest)
        b.shown(name, b.cards(cards.group(1), line), described and described.group(1), line)
    won = _SUMMARY_WON.search(rest)
    if won:
        b.summary_collect(name, b.amount(won.group(1), line))
    folded = _SUMMARY_FOLD.search(rest)
    if folded:
        b.summary_fold(name, 7 if folded.group(2) else int(folded.group(1)))
    elif re.search(r"\bfolded\b", rest):
        raise b.hand.error(f"the summary's fold street for {name} is not understood", line)


def seat_line(b: Builder, m: re.Match[str], line: int) -> None:
    """A seat line before the summary seats a player; in the summary it is
    the summary's account of that player."""
    number = b.seat_number(m["number"], line)
    if b.summary:
        text = m.string
        name, rest = b.player_at(text[text.index(": ") + 2 :], line)
        _summary_account(b, number, name, rest, line)
    else:
        b.seat(number, m["name"], b.amount(m["amount"], line), line)


def is_razz_header(header: str, game: str) -> bool:
    """Whether a hand header names ace-to-five razz: ``game`` is the
    site's phrase (a regex), matched without case; club names in braces
    are left out, and deuce-to-seven razz is another game."""
    header = re.sub(r"\{[^}]*\}", "", header)
    return bool(re.search(game, header, re.I)) and not re.search(r"2-7", header)


class Conventions(TypedDict, total=False):
    """The ``HandHistory`` flags a site sets for its conventions."""

    collect_includes_return: bool
    total_pot_after_rake: bool
    logs_returns: bool
    logs_payouts: bool
    logs_rake: bool
    marks_all_in: bool


def new_hand(
    site: str,
    header: re.Pattern[str],
    lines: list[str],
    first_line: int,
    source: str | None,
    tournament: bool,
    **conventions: Unpack[Conventions],
) -> Builder:
    """A builder for a hand of ``site`` whose first line matches ``header``,
    with its amounts in the units its lines use; ``conventions`` are the
    site's ``HandHistory`` flags."""
    return builder_for(
        site, hand_id(header, lines[0]), lines[0], tournament, lines, first_line, source,
        **conventions,
    )  # fmt: skip


def builder_for(
    site: str,
    number: str,
    units: str,
    tournament: bool,
    lines: list[str],
    first_line: int,
    source: str | None,
    **conventions: Unpack[Conventions],
) -> Builder:
    """A builder for hand ``number`` of ``site``, its amounts in the units
    the text ``units`` (the header, or Merge's stakes) gives."""
    currency, scale = units_of(units, tournament)
    hand = HandHistory(
        site=site,
        hand_id=number,
        table="",
        tournament=tournament,
        currency=currency,
        scale=scale,
        ante=0,
        small_bet=0,
        big_bet=0,
        first_line=first_line,
        lines=lines,
        source=source,
        venue=site,
        **conventions,
    )
    return Builder(hand)


def read_header(b: Builder, stakes: re.Pattern[str], table: str) -> None:
    """Stakes from the header (groups ``small``, ``big`` and, if the site
    states it, ``ante``) and the table name (first group of ``table``,
    searched in the whole hand)."""
    hand = b.hand
    found = stakes.search(hand.lines[0])
    if not found:
        raise hand.error("no stakes in the header", hand.first_line)
    hand.small_bet = b.amount(found["small"], hand.first_line)
    hand.big_bet = b.amount(found["big"], hand.first_line)
    if found.groupdict().get("ante"):
        hand.ante = b.amount(found["ante"], hand.first_line)
    name = re.search(table, "\n".join(hand.lines), re.M)
    hand.table = name.group(1) if name else ""
    read_details(hand, hand.lines[:2])


#: ``2009/11/26 10:24:42 ET`` (PokerStars, Winamax), ``2021-01-02 15:48:40`` (KingsClub).
_DATE_TIME = re.compile(
    r"\b(\d{4})[/-](\d{2})[/-](\d{2})[ T](\d{1,2}):(\d{2}):(\d{2})(?: ([A-Z]{2,5})\b)?"
)
#: ``17:10:10 CCT - 2010/12/07`` (Full Tilt: the time first).
_TIME_DATE = re.compile(
    r"\b(\d{1,2}):(\d{2}):(\d{2})(?: ([A-Z]{2,5}))? - (\d{4})/(\d{2})/(\d{2})\b"
)
#: ``Table 'Gotha II' 8-max`` (after the name's quote: a name may say "6-max"), Full
#: Tilt's ``Table Jackrabbit (6 max)``.
_SEAT_COUNT = re.compile(r"(?:' |\()(\d{1,2})[- ]max\b")
_TOURNAMENT = re.compile(r"Tournament #(\d[\d-]*)|Sit & Go \((\d+)\)")
_LEVEL = re.compile(r"\bLevel ([IVXLC]+|\d{1,4})\b")
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def read_details(hand: HandHistory, header: list[str]) -> None:
    """What the header lines say besides the stakes, kept so that a
    conversion writes it again: the date, time and time zone (the first
    the site gives, where it gives two), the table's size, the tournament's
    number and level."""
    text = "\n".join(header)
    found = _DATE_TIME.search(text)
    if found:
        year, month, day, hour, minute, second, zone = found.groups()
    else:
        other = _TIME_DATE.search(text)
        if other is None:
            year = None
        else:
            hour, minute, second, zone, year, month, day = other.groups()
    if year is not None:
        hand.date = f"{year}/{month}/{day}"
        hand.time = f"{int(hour):02d}:{minute}:{second}"
        hand.time_zone = zone
    size = _SEAT_COUNT.search(text)
    hand.seat_count = int(size.group(1)) if size else None
    tournament = _TOURNAMENT.search(text)
    if tournament and hand.tournament:
        hand.tournament_id = tournament.group(1) or tournament.group(2)
    level = _LEVEL.search(text)
    if level and hand.tournament:
        hand.level = roman_value(level.group(1))


def roman_value(text: str) -> int:
    """``"IV"`` → 4, ``"12"`` → 12."""
    if text.isdigit():
        return int(text)
    values = [_ROMAN[letter] for letter in text]
    return sum(-v if v < w else v for v, w in zip(values, values[1:] + [0]))


def roman(number: int) -> str:
    """4 → ``"IV"`` (PokerStars writes tournament levels so)."""
    out = ""
    for value, letters in ((100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"),
                           (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):  # fmt: skip
        count, number = divmod(number, value)
        out += letters * count
    return out


def sections(ignored: tuple[str, ...] = ("SHOW DOWN",), offset: int = 0) -> SectionHandler:
    """The handler of ``*** … ***`` lines: streets (``offset`` for a site
    whose labels run low), the summary, and section names that mean
    nothing to a replay; any other is an error."""

    def handle(b: Builder, name: str, rest: str, line: int) -> None:
        street = street_of(name)
        if street is not None and street + offset <= 7:
            b.new_street(street + offset, line)
        elif name == "SUMMARY":
            b.start_summary(line)
        elif name not in ignored:
            raise b.hand.error(f"unknown section {name!r}", line)

    return handle
