"""Writing a played ``Hand``, or a replayed site history, as a
PokerStars-style text history.

The text follows PokerStars' razz wording closely enough that our own
reader (and tools written for PokerStars files) can read it back. It writes
what the source knows and nothing more: a replayed history's cards as its
site showed them (an opponent's up cards on ``Dealt to`` lines, the hero's
whole hand, a ``shows`` line for a hand shown, ``mucks hand`` for one
nobody saw), its seat numbers, hand number, table and size, date and time
zone, tournament and level, and what each winner collected after the rake,
with the rake on the summary line. An engine ``Hand`` knows every card, so
every seat's cards are written as PokerStars writes the hero's, unless
``known`` says which cards may be written. A completion is written as
PokerStars does, as a raise (``raises 3 to 4``). Amounts are chips;
``currency``/``scale`` write them as money (``scale=100``: chips are cents).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import razz_fast
from razz_fast.events import Event, Pot
from razz_fast.histories._arguments import (
    checked_hand,
    checked_line,
    checked_names,
    checked_places,
    checked_scale,
    type_name,
)
from razz_fast.histories._phh_writer import RULE_SETTINGS
from razz_fast.histories._source import DOWN_SLOTS, Source, source_of
from razz_fast.histories.engine import PlayedHand, seat_of
from razz_fast.histories.model import HandHistory, HistoryError
from razz_fast.histories.replay import Replay, replay, site_description, uncontested_excess
from razz_fast.histories.sites import pokerstars
from razz_fast.histories.sites._text import CURRENCIES, roman

__all__ = ["to_pokerstars"]

_STREET = {3: "3rd STREET", 4: "4th STREET", 5: "5th STREET", 6: "6th STREET", 7: "RIVER"}
_SUMMARY_STREET = {3: "3rd Street", 4: "4th Street", 5: "5th Street", 6: "6th Street", 7: "River"}
_CODES = {"$": " USD", "€": " EUR", "£": " GBP"}
_NAME = re.compile(r"^\S(?:.*\S)?$")
#: A hand number PokerStars' header holds (sites' numbers in any form of digits and dashes).
_HAND_ID = re.compile(r"^\d[\d-]*$")
#: Names that begin like a line that names no player: the reader would
#: take "Seat 1: posts the ante 1" for a seat line.
_RESERVED = re.compile(
    r"^(?:Seat \d|Dealt to\b|Uncalled bet\b|Total pot\b|Table '|\*\*\*|Hand cancelled\b"
    r"|Betting is capped\b|PokerStars\b)"
)


def to_pokerstars(
    hand: PlayedHand | Replay,
    *,
    names: Sequence[str] | None = None,
    hand_id: int | str | None = None,
    table: str | None = None,
    currency: str | None = None,
    scale: int | None = None,
    date: str | None = None,
    known: Sequence[Sequence[bool]] | None = None,
) -> str:
    """The hand as text: a core or reference ``Hand`` (finished or not) or
    a ``Replay`` of a site history, whose names, seats, hand number, table,
    date, currency, scale, rake and known cards are the history's unless
    given. ``known`` (engine hands only): for each seat, whether each of
    its cards in dealing order may be written (the others are written as a
    site writes an opponent's); by default every card is known. ``date``
    (``"2026/01/01 00:00:00 ET"``) is written only when given or known.
    A player name the reader could not read back is a ValueError, and so is
    any other argument that cannot be written (a wrong type: TypeError)."""
    history = hand.history if isinstance(hand, Replay) else None
    if isinstance(hand, Replay):
        names = list(hand.names) if names is None else names
        hand_id = history.hand_id if hand_id is None and history else hand_id
        table = history.table if table is None and history else table
        currency = (history.currency or "") if currency is None and history else currency
        scale = history.scale if scale is None and history else scale
        played = hand.hand
    else:
        played = checked_hand(hand, also=" or a Replay")
    source = source_of(hand if isinstance(hand, Replay) else played, known)
    n = len(played.stacks)
    names = [f"Player{seat + 1}" for seat in range(n)] if names is None else names
    names = checked_names(names, n)
    _check_names(names)
    scale = checked_scale(1 if scale is None else scale)
    hand_id = _checked_hand_id(1 if hand_id is None else hand_id)
    table = checked_line("razz_fast" if table is None else table, "table")
    if date is not None:
        checked_line(date, "date")
    elif history is not None and history.date:
        date = " ".join(filter(None, (history.date, history.time, history.time_zone)))
    currency = "" if currency is None else currency
    if not isinstance(currency, str):
        raise TypeError(f"currency must be a str, not {type_name(currency)}")
    if currency and currency not in CURRENCIES:
        symbols = ", ".join(repr(c) for c in CURRENCIES)
        raise ValueError(f"currency must be '' or one of {symbols}, got {currency!r}")
    writer = _Writer(source, names, currency, scale)
    text = writer.text(hand_id, table, date)
    if played.is_over:
        history = _check_reads_back(text, names)
        if history.table != table:
            raise ValueError(f"table {table!r} cannot be written in a history (it reads back"
                             f" as {history.table!r})")  # fmt: skip
        if isinstance(hand, Replay):
            _check_replays(history, hand)
    return text


def _check_replays(history: HandHistory, source: Replay) -> None:
    """PokerStars text states no rules: it replays under the PokerStars
    preset (or the one other preset that explains it). A hand whose rules
    are others (a PHH file's ``_cap``, ``_reopen``, …) and play out
    differently there is refused, never written to replay otherwise."""
    try:
        net = replay(history).net
    except HistoryError as error:
        why = error.message
    else:
        if net == source.net:
            return
        why = "it nets other results"
    rules = source.rules
    stars = razz_fast.Rules.preset("pokerstars")
    differ = [
        f"{name}={getattr(rules, name)!r}"
        for name in RULE_SETTINGS
        if getattr(rules, name) != getattr(stars, name)
    ]
    raise ValueError(
        "PokerStars text states no rules and replays under PokerStars' own, which this hand"
        f" ({', '.join(differ) or 'its rules'}) does not follow: {why}; write it as PHH"
    )


def _checked_hand_id(hand_id: object) -> str:
    if isinstance(hand_id, bool) or not isinstance(hand_id, (int, str)):
        raise TypeError(f"hand_id must be an int or a str, not {type_name(hand_id)}")
    if isinstance(hand_id, int) and hand_id < 0:
        raise ValueError(f"hand_id must be 0 or more, got {hand_id}")
    text = str(hand_id)
    if not _HAND_ID.match(text):
        raise ValueError(
            f"hand_id {text[:40]!r} cannot be written as a PokerStars hand number"
            " (digits, and dashes after the first)"
        )
    return text


def _check_names(names: list[str]) -> None:
    for name in names:
        # A name must read back: no edge spaces, no line breaks, nothing that
        # looks like the "(… in chips)" after it or the ": " after it, and
        # no beginning of a line that names no player.
        if (
            not _NAME.match(name)
            or any(part in name for part in ("\n", "\r", " (", ": "))
            or _RESERVED.match(name)
        ):
            raise ValueError(f"player name {name!r} cannot be written in a history")


def _check_reads_back(text: str, names: list[str]) -> HandHistory:
    """The written hand must parse back as the same players: a name that
    still confuses the reader is refused, never written."""
    from razz_fast.histories.reader import parse_histories  # (the reader imports replay)

    loaded = parse_histories(text)
    if loaded.errors or len(loaded.hands) != 1 or loaded.hands[0].players != names:
        why = loaded.errors[0].message if loaded.errors else "other players"
        raise ValueError(f"the player names {names!r} cannot be written in a history ({why})")
    return loaded.hands[0]


class _Writer:
    """Writes one hand's events as PokerStars' lines, keeping what the
    lines depend on: stacks, this round's bets, each seat's cards."""

    def __init__(self, source: Source, names: list[str], currency: str, scale: int) -> None:
        self.source, self.history = source, source.history
        self.hand, self.names, self.currency, self.scale = source.hand, names, currency, scale
        hand = self.hand
        self.stacks = _starting(hand)
        n = len(self.stacks)
        self.numbers = (
            [seat.number for seat in self.history.seats]
            if self.history is not None
            else list(range(1, n + 1))
        )
        self.stack = list(self.stacks)
        self.cards: list[list[int]] = [[] for _ in range(n)]
        self.bets = [0] * n
        self.street = 2
        self.folded_on: dict[int, int] = {}
        self.showed: dict[int, tuple[str, str]] = {}
        self.mucked: set[int] = set()
        self.won = [0] * n
        self.rake_left = list(source.rake_paid) or [0] * n
        self.shown_down = False
        self.awards = 0
        for seat in range(n):
            self.kind(seat)  # (refuses a hand PokerStars text cannot hold)
        # A pot only one player paid into is written as PokerStars writes
        # it: an uncalled bet returned.
        pots = hand.pots
        self.excess_seat, self.excess = uncontested_excess(hand)
        self.excess_from = sum(pot.amount for pot in pots) - self.excess
        self.contested = pots[:-1] if self.excess else pots
        self.out: list[str] = []

    def kind(self, seat: int) -> str:
        """How the seat's cards are written: ``"hero"`` (every card on its
        ``Dealt to`` lines), ``"shown"`` (up cards dealt, the whole hand
        shown) or ``"unseen"`` (up cards only: its down cards are unknown).
        PokerStars text shows a player's down cards all or none."""
        source, dealt = self.source, self.source.dealt(seat)
        known = source.known[seat][:dealt]
        down = [known[slot] for slot in DOWN_SLOTS if slot < dealt]
        if not any(down):
            return "unseen"
        if all(known):
            return "hero" if source.from_deal[seat] else "shown"
        raise ValueError(
            f"PokerStars text cannot hold {self.names[seat]}'s cards: some of them are"
            " known and some are not (it writes a player's hidden cards all or none)"
        )

    def money(self, chips: int) -> str:
        checked_places(chips, self.scale, 2, "the PokerStars text reader")
        if self.scale == 1:
            return f"{self.currency}{chips}"
        digits = len(str(self.scale)) - 1
        return f"{self.currency}{chips // self.scale}.{chips % self.scale:0{digits}d}"

    def header(self, hand_id: str, date: str | None) -> str:
        rules, history = self.hand.rules, self.history
        stakes = f"{self.money(rules.small_bet)}/{self.money(rules.big_bet)}"
        when = f" - {date}" if date else ""
        if history is not None and history.tournament:
            level = f" - Level {roman(history.level)}" if history.level else ""
            number = history.tournament_id or ""
            return (
                f"PokerStars Hand #{hand_id}: Tournament #{number}, Razz Limit{level}"
                f" ({stakes}){when}"
            )
        unit = _CODES.get(self.currency, "")
        return f"PokerStars Hand #{hand_id}:  Razz Limit ({stakes}{unit}){when}"

    def text(self, hand_id: str, table: str, date: str | None) -> str:
        n = len(self.stacks)
        history = self.history
        if history is None:
            size: int | None = max(n, 2)  # (the engine's table: its seats)
        else:
            size = history.seat_count
        self.out += [
            self.header(hand_id, date),
            f"Table '{table}'" + (f" {size}-max" if size else ""),
        ]
        self.out += [
            f"Seat {self.numbers[seat]}: {self.names[seat]} ({self.money(self.stacks[seat])}"
            " in chips)"
            for seat in range(n)
        ]
        for event in self.hand.history:
            self.event(event)
        if self.hand.is_over:
            self.shown_elsewhere()
            self.summary()
        return "\n".join(self.out) + "\n"

    def event(self, event: Event) -> None:
        kind = event.kind
        if kind in ("burn", "reshuffle"):
            return  # (not written)
        if kind == "community":
            self.community(event.cards)
            return
        seat = seat_of(event)
        if kind in ("deal_down", "deal_up"):
            self.deal(seat, event.cards[0])
        elif kind == "ante":
            self.stack[seat] -= event.amount
            self.say(seat, f"posts the ante {self.money(event.amount)}")
        elif kind in ("bring_in", "bet", "call", "complete", "raise"):
            self.wager(kind, seat, event.amount)
        elif kind in ("check", "fold"):
            self.say(seat, f"{kind}s")
            if kind == "fold":
                self.folded_on[seat] = self.street
        elif kind == "return":
            self.stack[seat] += event.amount
            self.bets[seat] -= event.amount
            self.returned(seat, event.amount)
        elif kind == "show":
            self.show(seat)
        elif kind == "award":
            self.award(seat, event.amount)

    def say(self, seat: int, words: str) -> None:
        """``NAME: words``, marked all-in when the seat has no chips left."""
        all_in = " and is all-in" if self.stack[seat] == 0 else ""
        self.out.append(f"{self.names[seat]}: {words}{all_in}")

    def deal(self, seat: int, card: int) -> None:
        held = self.cards[seat]
        if len(held) in (0, 3, 4, 5, 6) and _street_of(len(held)) > self.street:
            self.street = _street_of(len(held))
            self.bets = [0] * len(self.bets)
            self.out.append(f"*** {_STREET[self.street]} ***")
        held.append(card)
        if self.street == 3 and len(held) < 3:
            return
        texts = razz_fast.format_cards(held).split()
        name = self.names[seat]
        if self.kind(seat) == "hero":
            if self.street == 3:
                self.out.append(f"Dealt to {name} [{' '.join(texts)}]")
            else:
                self.out.append(f"Dealt to {name} [{' '.join(texts[:-1])}] [{texts[-1]}]")
            return
        # As a site shows an opponent: the up cards, the new one last.
        slot, known = len(held) - 1, self.source.known[seat]
        if slot in DOWN_SLOTS or not known[slot]:
            return
        earlier = texts[2:slot]
        if self.street == 3:
            self.out.append(f"Dealt to {name} [{texts[slot]}]")
        elif all(known[2:slot]):
            self.out.append(f"Dealt to {name} [{' '.join(earlier)}] [{texts[slot]}]")
        else:
            self.out.append(f"Dealt to {name} [{texts[slot]}]")

    def community(self, cards: tuple[int, ...]) -> None:
        self.street, self.bets = 7, [0] * len(self.bets)
        self.out.append(f"*** RIVER *** [{razz_fast.format_cards(cards)}]")
        for held in self.cards:
            if len(held) == 6:
                held.append(cards[0])

    def wager(self, kind: str, seat: int, amount: int) -> None:
        self.stack[seat] -= amount
        self.bets[seat] += amount
        high = max(b for s, b in enumerate(self.bets) if s != seat)
        verbs = {"bring_in": "brings in for", "bet": "bets", "call": "calls"}
        if kind in verbs:
            words = f"{verbs[kind]} {self.money(amount)}"
        elif high == 0:  # completing with nothing posted: PokerStars says "bets"
            words = f"bets {self.money(amount)}"
        else:
            raised = self.money(self.bets[seat] - high)
            words = f"raises {raised} to {self.money(self.bets[seat])}"
        self.say(seat, words)

    def returned(self, seat: int, amount: int) -> None:
        self.out.append(f"Uncalled bet ({self.money(amount)}) returned to {self.names[seat]}")

    def show(self, seat: int) -> None:
        if not self.shown_down:
            self.out.append("*** SHOW DOWN ***")
            self.shown_down = True
        if self.kind(seat) == "unseen":  # nobody saw the hand: as sites write it
            self.out.append(f"{self.names[seat]}: mucks hand")
            self.mucked.add(seat)
            return
        text = razz_fast.format_cards(self.cards[seat])
        words = site_description(pokerstars.SITE, tuple(text.split()))
        self.out.append(f"{self.names[seat]}: shows [{text}] ({words})")
        self.showed[seat] = f"showed [{text}]", words

    def shown_elsewhere(self) -> None:
        """The cards of a player the source saw who never showed at a
        showdown (a site's player who showed a folded hand): a ``shows``
        line, so that they are kept."""
        for seat in range(len(self.names)):
            if self.kind(seat) == "shown" and seat not in self.showed:
                text = razz_fast.format_cards(self.cards[seat])
                self.out.append(f"{self.names[seat]}: shows [{text}]")

    def award(self, seat: int, amount: int) -> None:
        self.awards += amount
        if seat == self.excess_seat and self.awards > self.excess_from:
            self.returned(seat, amount)
            return
        pot = _pot_name(self.contested, self.awards)
        # What the site paid: the award less the rake taken from it.
        raked = min(amount, self.rake_left[seat])
        self.rake_left[seat] -= raked
        self.out.append(f"{self.names[seat]} collected {self.money(amount - raked)} from {pot}")
        self.won[seat] += amount - raked

    def summary(self) -> None:
        contested, money = self.contested, self.money
        self.out.append("*** SUMMARY ***")
        total = f"Total pot {money(sum(p.amount for p in contested))}"
        if len(contested) > 1:
            total += f" Main pot {money(contested[0].amount)}."
            total += "".join(
                f" Side pot-{number} {money(pot.amount)}."
                for number, pot in enumerate(contested[1:], start=1)
            )
        self.out.append(f"{total} | Rake {money(self.source.rake)}")
        for seat, name in enumerate(self.names):
            self.out.append(f"Seat {self.numbers[seat]}: {name} {self.seat_summary(seat)}")

    def seat_summary(self, seat: int) -> str:
        if seat in self.showed:
            cards, words = self.showed[seat]
            result = f"won ({self.money(self.won[seat])})" if self.won[seat] else "lost"
            return f"{cards} and {result} with {words}"
        if self.won[seat]:
            return f"collected ({self.money(self.won[seat])})"
        if seat in self.folded_on:
            return f"folded on the {_SUMMARY_STREET[self.folded_on[seat]]}"
        return "mucked" if seat in self.mucked else "did not show"


def _starting(hand: PlayedHand) -> list[int]:
    """Stacks before the antes: the current stacks less what the hand has
    moved so far."""
    stacks = list(hand.stacks)
    for event in hand.history:
        if event.kind in ("ante", "bring_in", "bet", "call", "complete", "raise"):
            stacks[seat_of(event)] += event.amount
        elif event.kind in ("return", "award"):
            stacks[seat_of(event)] -= event.amount
    return stacks


def _street_of(cards_held: int) -> int:
    return 3 if cards_held < 3 else cards_held + 1


def _pot_name(pots: list[Pot], awarded: int) -> str:
    """Which pot an award comes from, counting awards in pot order."""
    if len(pots) == 1:
        return "pot"
    total = 0
    for number, pot in enumerate(pots):
        total += pot.amount
        if awarded <= total:
            return "main pot" if number == 0 else f"side pot-{number}"
    return "pot"
