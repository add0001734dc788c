"""KingsClub razz histories.

KingsClub deals third street before its first section line and then labels
each later street one too low (``*** 3RD STREET ***`` deals fourth street).
Bets, calls and raises are round totals (``calls 40`` after a bring-in of 10
adds 30); uncalled bets are not logged (the net results show them); the
summary gives each seat's final stack and net result, the rake, and
``NAME wins pot (X)``.
"""

from __future__ import annotations

import re

from razz_fast.histories._text import Builder, finish, money_scale, run_lines, street_of
from razz_fast.histories.model import HandHistory

SITE = "KingsClub"
HEADER = re.compile(r"^#(\d+): .*(?:Razz|Stud|Hold|Omaha|Draw|Badugi|Triple)")
_AMT = r"([\d.,]+)"
_STAKES = re.compile(r" - " + _AMT + "/" + _AMT + r"\s*$")
_ALL_IN = r"(, and is all in)?"
_SEAT = re.compile(r"^Seat (\d+): (.+?) \(" + _AMT + r"\)(?: ([+-][\d.,]+))?$")

#: No KingsClub showdown in the data carries a description.
describe = None


def is_razz(header: str) -> bool:
    return "Razz" in header


def _play(kind: str, total: bool = True):
    def handle(b: Builder, m: re.Match, line: int) -> None:
        name = b.known(m.group(1), line)
        if kind in ("check", "fold"):
            b.play(name, kind, line)
        elif total and kind != "ante":
            b.play(name, kind, line, to=b.amount(m.group(2), line), all_in=bool(m.group(3)))
        else:
            b.play(name, kind, line, amount=b.amount(m.group(2), line), all_in=bool(m.group(3)))

    return handle


def _seat(b: Builder, m: re.Match, line: int) -> None:
    if not b.summary:
        b.seat(int(m.group(1)), m.group(2), b.amount(m.group(3), line), line)
        return
    name = b.known(m.group(2), line)
    b.hand.final_stacks[name] = b.amount(m.group(3), line)
    if m.group(4):
        sign = -1 if m.group(4).startswith("-") else 1
        b.hand.net[name] = sign * b.amount(m.group(4)[1:], line)


def _dealt(b: Builder, m: re.Match, line: int) -> None:
    b.dealt_line(m.group(1), line, sep=": ")


def _shows(b: Builder, m: re.Match, line: int) -> None:
    b.shown(b.known(m.group(1), line), b.cards(m.group(2), line), None, line)


def _wins(b: Builder, m: re.Match, line: int) -> None:
    b.payout(m.group(1), "collect", b.amount(m.group(2), line), line)


def _rake(b: Builder, m: re.Match, line: int) -> None:
    b.hand.rake = b.amount(m.group(1), line)


PATTERNS = [
    (_SEAT, _seat),
    (re.compile(r"^(.+?): posts ante " + _AMT + _ALL_IN + "$"), _play("ante", total=False)),
    (re.compile(r"^(.+?) brings in for " + _AMT + _ALL_IN + "$"), _play("bring_in", False)),
    (re.compile(r"^(.+?) bets " + _AMT + _ALL_IN + "$"), _play("bet")),
    (re.compile(r"^(.+?) calls " + _AMT + _ALL_IN + "$"), _play("call")),
    (re.compile(r"^(.+?) raises to " + _AMT + _ALL_IN + "$"), _play("raise")),
    (re.compile(r"^(.+?) checks$"), _play("check")),
    (re.compile(r"^(.+?) folds$"), _play("fold")),
    (re.compile(r"^Dealt to (.+)$"), _dealt),
    (re.compile(r"^(.+?) shows (\[[^\]]*\])$"), _shows),
    (re.compile(r"^(.+?) wins (?:the )?(?:main |side )?pot \(" + _AMT + r"\)$"), _wins),
    (re.compile(r"^Rake " + _AMT + "$"), _rake),
]

NOISE = [
    re.compile(r"^Table '.*'$"),
    re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$"),
    re.compile(r"^.+? (?:mucks|is sitting out|sits out)$"),
]


def _section(b: Builder, name: str, rest: str, line: int) -> None:
    street = street_of(name)
    if street is not None and street < 7:
        b.new_street(street + 1, line)  # the labels run one street low
    elif name == "SUMMARY":
        b.summary = True
    elif name != "SHOW DOWN":
        raise b.hand.error(f"unknown section {name!r}", line)


def parse(lines: list[str], first_line: int, source) -> HandHistory:
    header = lines[0]
    text = "\n".join(lines)
    hand = HandHistory(
        site=SITE,
        hand_id=HEADER.match(header).group(1),
        table="",
        tournament=False,
        currency=None,
        scale=money_scale(text),
        ante=0,
        small_bet=0,
        big_bet=0,
        logs_returns=False,
        first_line=first_line,
        lines=lines,
        source=source,
    )
    stakes = _STAKES.search(header)
    if not stakes:
        raise hand.error("no stakes in the header", first_line)
    b = Builder(hand)
    hand.small_bet = b.amount(stakes.group(1), first_line)
    hand.big_bet = b.amount(stakes.group(2), first_line)
    table = re.search(r"^Table '(.*?)'", text, re.M)
    hand.table = table.group(1) if table else ""
    run_lines(b, PATTERNS, NOISE, _section)
    return finish(b)
