"""PokerStars razz histories (cash, tournaments, home games, mixed games).

PokerStars writes ``NAME: verb`` lines, raise lines as ``raises X to Y``
(``Y`` the round total), uncalled bets as ``Uncalled bet (X) returned to
NAME`` and showdown hands as ``(Lo: 9,5,4,2,A)``. It marks every all-in.
The summary's total pot is before rake; ``collected`` amounts are after it.
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
    on_cancelled,
    on_dealt,
    on_payout,
    on_play,
    on_shows,
    on_summary_seat,
    on_total,
    read_header,
    run_lines,
    seat_line,
    sections,
    street_of,
)

SITE = "PokerStars"
# PokerStars' razz: cap 4 with the completion counted, no burns, seat 1 shows
# first on a checked seventh street (its own rules pages and logs;
# docs/RULES.md)
PRESET = "pokerstars"
# (A hand converted from another site keeps that site's number: Winamax's
# "9250793-444-1478990340", Merge's "43618199-14".)
HEADER = re.compile(r"^PokerStars (?:Home Game )?(?:Hand|Game) #(\d[\d-]*):")
# "(Razz Limit, $400/$800 USD)" in mixed games, "($0.04/$0.08 USD)" alone.
_STAKES = re.compile(
    r"\((?:[^(),]*, )?(?P<small>" + AMOUNT + ")/(?P<big>" + AMOUNT + r")(?: [A-Z]{3})?\)"
)
_AMT = r"(?P<amount>" + AMOUNT + ")"
_ALL_IN = r"(?P<allin> and is all-in)?"
_ORDER = "A23456789TJQK"


def is_razz(header: str) -> bool:
    return is_razz_header(header, r"\bRazz Limit\b")


def describe(best: list[str]) -> str:
    """PokerStars' words for a razz hand: ``Lo: 9,5,4,2,A``, the best five
    from the highest card down, paired ranks first (``Lo: 3,3,5,4``)."""
    ranks = [card[0] for card in best]
    ordered = sorted(ranks, key=lambda rank: (-ranks.count(rank), -_ORDER.index(rank)))
    return "Lo: " + ",".join(ordered)


def _verb(regex: str) -> re.Pattern[str]:
    return re.compile(r"^(?P<name>.+?): " + regex + "$")


def _folds(b: Builder, m: re.Match[str], line: int) -> None:
    on_play("fold")(b, m, line)
    if m["cards"]:
        b.shown(m["name"], b.cards(m["cards"], line), None, line)


PATTERNS = [
    (re.compile(r"^Seat (?P<number>\d+): (?P<name>.+?) \(" + _AMT + r" in chips[^()]*\).*$"),
     seat_line),
    (re.compile(r"^Seat (?P<number>\d+): (?P<rest>.+)$"), on_summary_seat),
    (_verb(r"posts the ante " + _AMT + _ALL_IN), on_play("ante")),
    (_verb(r"brings[- ]in(?: low)? for " + _AMT + _ALL_IN), on_play("bring_in")),
    (_verb(r"bets " + _AMT + _ALL_IN), on_play("bet")),
    (_verb(r"calls " + _AMT + _ALL_IN), on_play("call")),
    (_verb(r"raises (?P<by>" + AMOUNT + ") to " + _AMT + _ALL_IN), on_play("raise", total=True)),
    (_verb(r"completes it to " + _AMT + _ALL_IN), on_play("complete", total=True)),
    (_verb(r"checks"), on_play("check")),
    (_verb(r"folds(?: (?P<cards>\[[^\]]*\]))?"), _folds),
    (re.compile(r"^Dealt to (?P<rest>.+)$"), on_dealt()),
    (_verb(r"shows (?P<cards>\[[^\]]*\])(?: \((?P<desc>Lo: [^)]*)\))?"), on_shows),
    (re.compile(r"^(?P<name>.+?) collected " + _AMT
                + r" from (?P<pot>(?:main |side )?pot(?:-\d+)?)$"), on_payout("collect")),
    (re.compile(r"^Uncalled bet \(" + _AMT + r"\) returned to (?P<name>.+)$"),
     on_payout("return")),
    (re.compile(r"^Total pot " + _AMT + r".*\| Rake (?P<rake>" + AMOUNT + ")$"), on_total),
    (re.compile(r"^Hand cancelled$"), on_cancelled),
]  # fmt: skip

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


_sections = sections()


def _section(b: Builder, name: str, rest: str, line: int) -> None:
    _sections(b, name, rest, line)
    if street_of(name) == 7 and rest.strip():  # "*** RIVER *** [4c]": a community card
        cards = b.cards(rest, line)
        if len(cards) != 1 or cards[0] is None:
            raise b.hand.error("one community card expected", line)
        b.hand.community = cards[0]


def parse(lines: list[str], first_line: int, source: str | None) -> HandHistory:
    tournament = "Tournament #" in lines[0]
    b = new_hand(SITE, HEADER, lines, first_line, source, tournament, marks_all_in=True)
    # (To the line's last quote: a name may hold one, "Bob's".)
    read_header(b, _STAKES, r"^Table '(.*)'")
    run_lines(b, PATTERNS, NOISE, _section)
    b.require_rake()
    return finish(b)
