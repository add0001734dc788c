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

from razz_fast.histories.model import HandHistory
from razz_fast.histories.sites._text import (
    AMOUNT,
    Builder,
    finish,
    is_razz_header,
    new_hand,
    on_dealt,
    on_payout,
    on_play,
    on_shows,
    read_header,
    run_lines,
    seat_line,
    sections,
)

SITE = "KingsClub"
# KingsClub deals online razz as PokerStars does: no burns, and its logs never
# show a fifth wager on a round (docs/RULES.md)
PRESET = "pokerstars"
HEADER = re.compile(r"^#(\d+): .*(?:Razz|Stud|Hold|Omaha|Draw|Badugi|Triple)")
_AMT = r"(?P<amount>" + AMOUNT + ")"
_STAKES = re.compile(r" - (?P<small>" + AMOUNT + ")/(?P<big>" + AMOUNT + r")\s*$")
_ALL_IN = r"(?P<allin>, and is all in)?"

#: No KingsClub showdown in the data carries a description.
describe = None


def is_razz(header: str) -> bool:
    return is_razz_header(header, r": Limit Razz - ")


def _summary_seat(b: Builder, m: re.Match[str], line: int) -> None:
    """KingsClub's summary gives each seat's final stack and net result."""
    if not b.summary:
        seat_line(b, m, line)
        return
    name = b.known(m["name"], line)
    b.summary_seat(b.seat_number(m["number"], line), name, line)
    b.hand.final_stacks[name] = b.amount(m["amount"], line)
    if m["net"]:
        sign = -1 if m["net"].startswith("-") else 1
        b.hand.net[name] = sign * b.amount(m["net"][1:], line)


def _verb(regex: str) -> re.Pattern[str]:
    return re.compile(r"^(?P<name>.+?) " + regex + "$")


def _rake(b: Builder, m: re.Match[str], line: int) -> None:
    b.hand.rake = b.amount(m["amount"], line)


PATTERNS = [
    (re.compile(r"^Seat (?P<number>\d+): (?P<name>.+?) \(" + _AMT
                + r"\)(?: (?P<net>[+-]" + AMOUNT + "))?$"), _summary_seat),
    (re.compile(r"^(?P<name>.+?): posts ante " + _AMT + _ALL_IN + "$"), on_play("ante")),
    (_verb(r"brings in for " + _AMT + _ALL_IN), on_play("bring_in")),
    (_verb(r"bets " + _AMT + _ALL_IN), on_play("bet", total=True)),
    (_verb(r"calls " + _AMT + _ALL_IN), on_play("call", total=True)),
    (_verb(r"raises to " + _AMT + _ALL_IN), on_play("raise", total=True)),
    (_verb(r"checks"), on_play("check")),
    (_verb(r"folds"), on_play("fold")),
    (re.compile(r"^Dealt to (?P<rest>.+)$"), on_dealt(sep=": ")),
    (_verb(r"shows (?P<cards>\[[^\]]*\])"), on_shows),
    (_verb(r"wins (?:the )?(?P<pot>(?:main |side )?pot) \(" + _AMT + r"\)"),
     on_payout("collect")),
    (re.compile(r"^Rake " + _AMT + "$"), _rake),
]  # fmt: skip

NOISE = [
    re.compile(r"^Table '.*'$"),
    re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$"),
    re.compile(r"^.+? (?:mucks|is sitting out|sits out)$"),
]


def parse(lines: list[str], first_line: int, source: str | None) -> HandHistory:
    b = new_hand(SITE, HEADER, lines, first_line, source, False, logs_returns=False)
    read_header(b, _STAKES, r"^Table '(.*?)'")
    run_lines(b, PATTERNS, NOISE, sections(offset=1))  # the labels run one street low
    if not b.hand.final_stacks:
        last = first_line + len(lines) - 1
        raise b.hand.error("no summary of final stacks: the hand is incomplete", last)
    return finish(b)
