"""PokerStars razz histories (cash, tournaments and home games).

PokerStars writes ``NAME: verb`` lines, raise lines as ``raises X to Y``
(``Y`` the round total), uncalled bets as ``Uncalled bet (X) returned to
NAME`` and showdown hands as ``(Lo: 9,5,4,2,A)``. The total pot in the
summary is before rake; ``collected`` amounts are after it.
"""

from __future__ import annotations

import re

from razz_fast.histories._text import (
    Builder,
    currency_of,
    finish,
    money_scale,
    run_lines,
    street_of,
)
from razz_fast.histories.model import HandHistory

SITE = "PokerStars"
HEADER = re.compile(r"^PokerStars (?:Home Game )?(?:Hand|Game) #(\d+):")
_STAKES = re.compile(r"\(([$€£]?[\d.,]+)/([$€£]?[\d.,]+)(?: [A-Z]{3})?\)")
_AMT = r"([$€£]?[\d.,]+)"
_ALL_IN = r"( and is all-in)?"
_SEAT = re.compile(r"^Seat (\d+): (.+?) \(" + _AMT + r" in chips[^()]*\)(.*)$")


_ORDER = "A23456789TJQK"


def is_razz(header: str) -> bool:
    return "Razz" in header


def describe(best: list[str]) -> str:
    """PokerStars' words for a razz hand: ``Lo: 9,5,4,2,A``, the best five
    from the highest card down, paired ranks first (``Lo: 3,3,5,4``)."""
    ranks = [card[0] for card in best]
    ordered = sorted(ranks, key=lambda rank: (-ranks.count(rank), -_ORDER.index(rank)))
    return "Lo: " + ",".join(ordered)


def _verb(regex: str):
    return re.compile(r"^(.+?): " + regex + "$")


def _play(kind: str, raise_to: bool = False):
    def handle(b: Builder, m: re.Match, line: int) -> None:
        name = b.known(m.group(1), line)
        if raise_to:
            b.play(name, kind, line, to=b.amount(m.group(3), line), all_in=bool(m.group(4)))
        elif kind in ("check", "fold"):
            b.play(name, kind, line)
        else:
            b.play(name, kind, line, amount=b.amount(m.group(2), line), all_in=bool(m.group(3)))

    return handle


def _folds(b: Builder, m: re.Match, line: int) -> None:
    _play("fold")(b, m, line)
    if m.group(2):
        b.shown(m.group(1), b.cards(m.group(2), line), None, line)


def _dealt(b: Builder, m: re.Match, line: int) -> None:
    b.dealt_line(m.group(1), line)


def _shows(b: Builder, m: re.Match, line: int) -> None:
    b.shown(b.known(m.group(1), line), b.cards(m.group(2), line), m.group(3), line)


def _collected(b: Builder, m: re.Match, line: int) -> None:
    pot = m.group(3).strip() or None
    b.payout(m.group(1), "collect", b.amount(m.group(2), line), line, pot)


def _returned(b: Builder, m: re.Match, line: int) -> None:
    b.payout(m.group(2), "return", b.amount(m.group(1), line), line)


def _total(b: Builder, m: re.Match, line: int) -> None:
    b.hand.total_pot = b.amount(m.group(1), line)
    b.hand.rake = b.amount(m.group(2), line)


def _summary_seat(b: Builder, m: re.Match, line: int) -> None:
    name, rest = b.player_at(m.group(2), line)
    cards = re.search(r"(?:showed|mucked) (\[[^\]]*\])", rest)
    if cards:
        described = re.search(r" with (Lo: [^\]]*?)$", rest)
        b.shown(name, b.cards(cards.group(1), line), described and described.group(1), line)


def _seat(b: Builder, m: re.Match, line: int) -> None:
    b.seat(int(m.group(1)), m.group(2), b.amount(m.group(3), line), line)


PATTERNS = [
    (_SEAT, _seat),
    (_verb(r"posts the ante " + _AMT + _ALL_IN), _play("ante")),
    (_verb(r"brings[- ]in(?: low)? for " + _AMT + _ALL_IN), _play("bring_in")),
    (_verb(r"bets " + _AMT + _ALL_IN), _play("bet")),
    (_verb(r"calls " + _AMT + _ALL_IN), _play("call")),
    (_verb(r"raises " + _AMT + " to " + _AMT + _ALL_IN), _play("raise", raise_to=True)),
    (_verb(r"completes it to ()" + _AMT + _ALL_IN), _play("complete", raise_to=True)),
    (_verb(r"checks"), _play("check")),
    (_verb(r"folds(?: (\[[^\]]*\]))?"), _folds),
    (re.compile(r"^Dealt to (.+)$"), _dealt),
    (_verb(r"shows (\[[^\]]*\])(?: \((Lo: [^)]*)\))?"), _shows),
    (
        re.compile(r"^(.+?) collected " + _AMT + r" from ((?:main |side )?pot(?:-\d+)?)$"),
        _collected,
    ),
    (re.compile(r"^Uncalled bet \(" + _AMT + r"\) returned to (.+)$"), _returned),
    (re.compile(r"^Total pot " + _AMT + r".*\| Rake " + _AMT + r"$"), _total),
    (re.compile(r"^(Seat \d+): (.+)$"), _summary_seat),
]

NOISE = [
    re.compile(r"^Table '.*'.*$"),
    re.compile(r'^.+? said, ".*"$'),
    re.compile(r"^.+?:? (?:mucks hand|doesn't show hand|sits out|is sitting out)$"),
    re.compile(
        r"^.+? (?:is disconnected|is connected|has timed out(?: while disconnected)?|"
        r"leaves the table|joins the table at seat #\d+|has returned|"
        r"will be allowed to play after the button|was removed from the table.*|"
        r"finished the tournament.*|wins the tournament.*|re-buys.*|is sitting out)$"
    ),
    re.compile(r"^Betting is capped$"),
]


def _section(b: Builder, name: str, rest: str, line: int) -> None:
    street = street_of(name)
    if street is not None:
        b.new_street(street, line)
        if street == 7 and rest.strip():  # "*** RIVER *** [4c]": a community card
            cards = b.cards(rest, line)
            if len(cards) != 1 or cards[0] is None:
                raise b.hand.error("one community card expected", line)
            b.hand.community = cards[0]
    elif name == "SUMMARY":
        b.summary = True
    elif name != "SHOW DOWN":
        raise b.hand.error(f"unknown section {name!r}", line)


def parse(lines: list[str], first_line: int, source) -> HandHistory:
    header = lines[0]
    hand_id = HEADER.match(header).group(1)
    text = "\n".join(lines)
    stakes = _STAKES.search(header)
    hand = HandHistory(
        site=SITE,
        hand_id=hand_id,
        table="",
        tournament="Tournament #" in header,
        currency=currency_of(header),
        scale=money_scale(text),
        ante=0,
        small_bet=0,
        big_bet=0,
        first_line=first_line,
        lines=lines,
        source=source,
    )
    if not stakes:
        raise hand.error("no stakes in the header", first_line)
    b = Builder(hand)
    hand.small_bet = b.amount(stakes.group(1), first_line)
    hand.big_bet = b.amount(stakes.group(2), first_line)
    table = re.search(r"^Table '(.*?)'", text, re.M)
    hand.table = table.group(1) if table else ""
    run_lines(b, PATTERNS, NOISE, _section)
    return finish(b)
