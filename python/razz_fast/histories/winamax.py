"""Winamax razz histories.

Winamax writes ``NAME verb`` lines without a colon, amounts with the
currency after them (``25€``), raises as ``raises X to Y`` (``Y`` the round
total) and stakes as ``(ante/small bet/big bet)``. It logs no uncalled bet:
the winner's ``collected`` sum includes it, and the summary's total pot is
what was collected, after rake.
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

SITE = "Winamax"
HEADER = re.compile(r"^Winamax Poker - .*HandId: #([\d-]+)")
_AMT = r"([$€£]?[\d.,]+[$€£]?)"
_STAKES = re.compile(r"\(" + _AMT + "/" + _AMT + "/" + _AMT + r"\)")
_ALL_IN = r"( and is all-in)?"
_SEAT = re.compile(r"^Seat (\d+): (.+?) \(" + _AMT + r"(?:, [^()]*)?\)$")


def is_razz(header: str) -> bool:
    return "Razz" in header


#: No Winamax razz showdown with a description has been seen, so its
#: wording is unknown and descriptions are kept but not compared.
describe = None


def _verb(regex: str):
    return re.compile(r"^(.+?) " + regex + "$")


def _play(kind: str, raise_to: bool = False):
    def handle(b: Builder, m: re.Match, line: int) -> None:
        name = b.known(m.group(1), line)
        if kind in ("check", "fold"):
            b.play(name, kind, line)
        elif raise_to:
            b.play(name, kind, line, to=b.amount(m.group(3), line), all_in=bool(m.group(4)))
        else:
            b.play(name, kind, line, amount=b.amount(m.group(2), line), all_in=bool(m.group(3)))

    return handle


def _seat(b: Builder, m: re.Match, line: int) -> None:
    if not b.summary:
        b.seat(int(m.group(1)), m.group(2), b.amount(m.group(3), line), line)


def _dealt(b: Builder, m: re.Match, line: int) -> None:
    b.dealt_line(m.group(1), line)


def _shows(b: Builder, m: re.Match, line: int) -> None:
    b.shown(b.known(m.group(1), line), b.cards(m.group(2), line), m.group(3), line)


def _collected(b: Builder, m: re.Match, line: int) -> None:
    b.payout(m.group(1), "collect", b.amount(m.group(2), line), line, m.group(3))


def _total(b: Builder, m: re.Match, line: int) -> None:
    b.hand.total_pot = b.amount(m.group(1), line)
    b.hand.rake = b.amount(m.group(2), line) if m.group(2) else 0


def _summary_seat(b: Builder, m: re.Match, line: int) -> None:
    name, rest = b.player_at(m.group(2), line)
    cards = re.search(r"(?:showed|mucked) (\[[^\]]*\])", rest)
    if cards:
        b.shown(name, b.cards(cards.group(1), line), None, line)


PATTERNS = [
    (_SEAT, _seat),
    (re.compile(r"^(Seat \d+): (.+)$"), _summary_seat),
    (_verb(r"posts ante " + _AMT + _ALL_IN), _play("ante")),
    (_verb(r"brings in " + _AMT + _ALL_IN), _play("bring_in")),
    (_verb(r"completes " + _AMT + " to " + _AMT + _ALL_IN), _play("complete", raise_to=True)),
    (_verb(r"raises " + _AMT + " to " + _AMT + _ALL_IN), _play("raise", raise_to=True)),
    (_verb(r"bets " + _AMT + _ALL_IN), _play("bet")),
    (_verb(r"calls " + _AMT + _ALL_IN), _play("call")),
    (_verb(r"checks"), _play("check")),
    (_verb(r"folds"), _play("fold")),
    (re.compile(r"^Dealt to (.+)$"), _dealt),
    (_verb(r"shows (\[[^\]]*\])(?: \((.*)\))?"), _shows),
    (_verb(r"collected " + _AMT + r" from ((?:main |side )?pot(?: \d+)?)"), _collected),
    (re.compile(r"^Total pot " + _AMT + r"(?: \| (?:Rake " + _AMT + r"|No rake))?$"), _total),
]

NOISE = [
    re.compile(r"^Table: '.*'.*$"),
    re.compile(r"^.+? (?:mucks|doesn't show|is sitting out|sits out|is disconnected)$"),
]


def _section(b: Builder, name: str, rest: str, line: int) -> None:
    street = street_of(name)
    if street is not None:
        b.new_street(street, line)
    elif name == "SUMMARY":
        b.summary = True
    elif name not in ("ANTE/BLINDS", "SHOW DOWN", "SHOWDOWN"):
        raise b.hand.error(f"unknown section {name!r}", line)


def parse(lines: list[str], first_line: int, source) -> HandHistory:
    header = lines[0]
    text = "\n".join(lines)
    hand = HandHistory(
        site=SITE,
        hand_id=HEADER.match(header).group(1),
        table="",
        tournament="Tournament" in header,
        currency=currency_of(header),
        scale=money_scale(text),
        ante=0,
        small_bet=0,
        big_bet=0,
        collect_includes_return=True,
        total_pot_after_rake=True,
        first_line=first_line,
        lines=lines,
        source=source,
    )
    stakes = _STAKES.search(header)
    if not stakes:
        raise hand.error("no stakes in the header", first_line)
    b = Builder(hand)
    hand.ante = b.amount(stakes.group(1), first_line)
    hand.small_bet = b.amount(stakes.group(2), first_line)
    hand.big_bet = b.amount(stakes.group(3), first_line)
    table = re.search(r"^Table: '(.*?)'", text, re.M)
    hand.table = table.group(1) if table else ""
    run_lines(b, PATTERNS, NOISE, _section)
    return finish(b)
