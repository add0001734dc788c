"""Full Tilt Poker razz histories (cash and sit-and-go).

Full Tilt writes ``NAME verb`` lines without a colon, raise and completion
lines as round totals (``raises to $5``, ``completes it to $2.50``), bets
and calls as the chips added, ``Uncalled bet of X returned to NAME``, and
hand descriptions as ``J,T,7,4,A`` or words for paired hands (``a pair of
Sevens``). Chat is ``NAME: text``. The summary's total pot is before rake.
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
    rank_groups,
    read_header,
    run_lines,
    seat_line,
    sections,
)

SITE = "Full Tilt"
# Full Tilt dealt online razz as PokerStars does: its logs cap a round at four
# wagers and burn nothing (docs/RULES.md)
PRESET = "pokerstars"
HEADER = re.compile(r"^Full Tilt Poker Game #(\d+):")
_AMT = r"(?P<amount>" + AMOUNT + ")"
_STAKES = re.compile(
    r" - (?P<small>" + AMOUNT + ")/(?P<big>" + AMOUNT + r")(?: Ante (?P<ante>" + AMOUNT + r"))? - "
)
_ALL_IN = r"(?P<allin>, and is all in)?"


def is_razz(header: str) -> bool:
    return is_razz_header(header, r"\bLimit Razz\b")


def describe(best: list[str]) -> str:
    """Full Tilt's words: ``K,J,T,9,2`` for five different ranks, poker
    words for paired hands (``a pair of Sevens``)."""
    shape, names = rank_groups(best)
    if shape[0] == 1:
        return ",".join(card[0] for card in best)
    if shape[0] == 4:
        return f"four of a kind, {names[0]}"
    if shape[:2] == [3, 2]:
        return f"{names[0]} full of {names[1]}"
    if shape[0] == 3:
        return f"three of a kind, {names[0]}"
    if shape[:2] == [2, 2]:
        return f"two pair, {names[0]} and {names[1]}"
    return f"a pair of {names[0]}"


def _verb(regex: str) -> re.Pattern[str]:
    return re.compile(r"^(?P<name>.+?) " + regex + "$")


def _chat(b: Builder, m: re.Match[str], line: int) -> None:
    """``NAME: text`` is chat only from a seated player; anything else with
    a colon is a line we do not know."""
    b.player_at(m.string, line, ": ")


PATTERNS = [
    (re.compile(r"^Seat (?P<number>\d+): (?P<name>.+?) \(" + _AMT + r"\)(?:, is sitting out)?$"),
     seat_line),
    (re.compile(r"^Seat (?P<number>\d+): (?P<rest>.+)$"), on_summary_seat),
    (_verb(r"antes " + _AMT + _ALL_IN), on_play("ante")),
    (_verb(r"brings in for " + _AMT + _ALL_IN), on_play("bring_in")),
    (_verb(r"completes it to " + _AMT + _ALL_IN), on_play("complete", total=True)),
    (_verb(r"raises to " + _AMT + _ALL_IN), on_play("raise", total=True)),
    (_verb(r"bets " + _AMT + _ALL_IN), on_play("bet")),
    (_verb(r"calls " + _AMT + _ALL_IN), on_play("call")),
    (_verb(r"checks"), on_play("check")),
    (_verb(r"folds"), on_play("fold")),
    (re.compile(r"^Dealt to (?P<rest>.+)$"), on_dealt()),
    (_verb(r"shows (?P<cards>\[[^\]]*\])(?P<desc>.*)"), on_shows),
    (_verb(r"(?:wins|ties for) (?P<pot>the (?:main |side )?pot(?: #?\d+)?|pot \d+) \("
           + _AMT + r"\)(?: with .*)?"), on_payout("collect")),
    (re.compile(r"^Uncalled bet of " + _AMT + r" returned to (?P<name>.+)$"),
     on_payout("return")),
    (re.compile(r"^Total pot " + _AMT + r".*\| Rake (?P<rake>" + AMOUNT + ")$"), on_total),
    (re.compile(r"^Hand #\d+ has been canceled$"), on_cancelled),
    (re.compile(r"^[^:]+: .*$"), _chat),
]  # fmt: skip

NOISE = [
    re.compile(r"^Board: .*$"),
    re.compile(r"^\d+ seconds left to act$"),
    re.compile(
        r"^.+? (?:is (?:high|low) with \[[^\]]*\]|has \d+ seconds left to act|has returned|"
        r"is feeling \w+|stands up|sits down|adds [$€£]?[\d.,]+|is sitting out|"
        r"has requested TIME|has reconnected|is disconnected|has timed out|mucks|"
        r"sits out|seconds to reconnect|is connected)$"
    ),
]


def parse(lines: list[str], first_line: int, source: str | None) -> HandHistory:
    tournament = "Sit & Go" in lines[0] or "Tournament" in lines[0]
    b = new_hand(SITE, HEADER, lines, first_line, source, tournament, marks_all_in=True)
    read_header(b, _STAKES, r"Table (.+?)(?: \(\d+ max\))? - ")
    run_lines(b, PATTERNS, NOISE, sections())
    b.require_rake()
    return finish(b)
