"""What every text site's parser shares: amounts, cards, player names, and a
builder that turns a hand's lines into a ``HandHistory`` one line at a time.

Sites differ in wording, not in what a line means, so each site module only
matches its own phrases and calls the builder; the builder keeps the
bookkeeping (street, chips put in this round, card slots) in one place.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from razz_fast.histories.model import SLOTS, HandHistory, Payout, Play, Seat, Show

CURRENCIES = "$€£"
_AMOUNT = re.compile(r"^[$€£]?-?[0-9][0-9,]*(?:\.[0-9]+)?[$€£]?$")
_DECIMAL = re.compile(r"[0-9]\.[0-9]")
_CARD = re.compile(r"^(?:[2-9TJQKA]|10)[cdhs]$")
_HIDDEN = {"X", "x", "XX", "xx", "null", "?"}


def money_scale(text: str) -> int:
    """100 if the hand's amounts are money or have decimals, else 1."""
    return 100 if any(c in text for c in CURRENCIES) or _DECIMAL.search(text) else 1


def currency_of(text: str) -> str | None:
    for symbol in CURRENCIES:
        if symbol in text:
            return symbol
    return None


class Lines:
    """A hand's lines with their file line numbers, and the errors that
    name them."""

    def __init__(self, hand: HandHistory) -> None:
        self.hand = hand

    def amount(self, token: str, line: int) -> int:
        """``"$1,060.38"`` → 106038 at scale 100; rejects fractions of a unit."""
        token = token.strip().rstrip(".")
        if not _AMOUNT.match(token):
            raise self.hand.error(f"not an amount: {token!r}", line)
        body = token.strip(CURRENCIES).replace(",", "")
        try:
            units = Decimal(body) * self.hand.scale
        except InvalidOperation:
            raise self.hand.error(f"not an amount: {token!r}", line) from None
        if units != units.to_integral_value() or units < 0:
            raise self.hand.error(f"amount {token!r} is not a whole number of units", line)
        return int(units)


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
            self.round = {}
        self.street = street

    def play(
        self,
        name: str,
        kind: str,
        line: int,
        *,
        amount: int = 0,
        to: int | None = None,
        all_in: bool = False,
    ) -> None:
        """Record a play; ``to`` is a raise-to total (this round), which is
        turned into the chips the line moved."""
        name = self.known(name, line)
        if to is not None:
            amount = to - self.round.get(name, 0)
            if amount <= 0:
                raise self.hand.error(f"{kind} to {to} is not above {name}'s bet", line)
        if kind != "ante":
            self.round[name] = self.round.get(name, 0) + amount
        text = self.hand.lines[line - self.hand.first_line]
        self.hand.plays.append(Play(self.street, name, kind, amount, all_in, line, text))

    def payout(self, name: str, kind: str, amount: int, line: int, pot: str | None = None):
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
        slots[slot] = card

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

    def shown(self, name: str, cards: list[str | None], description, line: int) -> None:
        """Cards shown (or mucked face up) lie in dealing order."""
        if len(cards) > SLOTS:
            raise self.hand.error(f"{len(cards)} cards shown", line)
        for slot, card in enumerate(cards):
            self.put(name, slot, card, line)
        text = self.hand.lines[line - self.hand.first_line]
        known = tuple(card for card in cards if card is not None)
        self.hand.shows.append(Show(name, known, description, line, text))


#: ``*** 3rd STREET ***`` and the like; the name inside is matched per site.
SECTION = re.compile(r"^\*\*\* (.+?) \*\*\*(.*)$")

_ORDINAL = {"3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "RIVER": 7}


def street_of(name: str) -> int | None:
    """``"3rd STREET"``, ``"4TH STREET"``, ``"RIVER"`` → 3, 4, 7; else None."""
    name = name.upper()
    if name == "RIVER":
        return 7
    found = re.match(r"^([3-7])(?:RD|TH) STREET$", name)
    return int(found.group(1)) if found else None


def run_lines(builder: Builder, patterns, noise, section) -> None:
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
    no card, no action) and check the hand has players."""
    hand = builder.hand
    active = {play.player for play in hand.plays}
    active |= {name for name, slots in hand.cards.items() if any(slots)}
    hand.seats = [seat for seat in hand.seats if seat.name in active]
    hand.cards = {seat.name: hand.cards[seat.name] for seat in hand.seats}
    if len(hand.seats) < 2:
        raise hand.error("fewer than two players dealt in", hand.first_line)
    return hand
