"""Full Tilt Poker razz histories (cash and sit-and-go).

Full Tilt writes ``NAME verb`` lines without a colon, raise and completion
lines as round totals (``raises to $5``, ``completes it to $2.50``), bets
and calls as the chips added, ``Uncalled bet of X returned to NAME``, and
hand descriptions as ``J,T,7,4,A`` or words for paired hands (``a pair of
Sevens``). Chat is ``NAME: text``. The summary's total pot is before rake.
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

SITE = "Full Tilt"
HEADER = re.compile(r"^Full Tilt Poker Game #(\d+):")
_AMT = r"([$€£]?[\d.,]+)"
_STAKES = re.compile(r" - " + _AMT + "/" + _AMT + r"(?: Ante " + _AMT + r")? - ")
_ALL_IN = r"(, and is all in)?"
_SEAT = re.compile(r"^Seat (\d+): (.+?) \(" + _AMT + r"\)(?:, is sitting out)?$")
_PLURAL = {
    "A": "Aces", "2": "Twos", "3": "Threes", "4": "Fours", "5": "Fives", "6": "Sixes",
    "7": "Sevens", "8": "Eights", "9": "Nines", "T": "Tens", "J": "Jacks", "Q": "Queens",
    "K": "Kings",
}  # fmt: skip


def is_razz(header: str) -> bool:
    return "Razz" in header


def describe(best: list[str]) -> str:
    """Full Tilt's words: ``K,J,T,9,2`` for five different ranks, poker
    words for paired hands (``a pair of Sevens``)."""
    ranks = [card[0] for card in best]
    counts = sorted({r: ranks.count(r) for r in ranks}.items(), key=lambda rc: -rc[1])
    shape = [count for _, count in counts]
    names = [_PLURAL[rank] for rank, _ in counts]
    if shape[0] == 1:
        return ",".join(ranks)
    if shape[0] == 4:
        return f"four of a kind, {names[0]}"
    if shape[:2] == [3, 2]:
        return f"{names[0]} full of {names[1]}"
    if shape[0] == 3:
        return f"three of a kind, {names[0]}"
    if shape[:2] == [2, 2]:
        return f"two pair, {names[0]} and {names[1]}"
    return f"a pair of {names[0]}"


def _verb(regex: str):
    return re.compile(r"^(.+?) " + regex + "$")


def _play(kind: str, raise_to: bool = False):
    def handle(b: Builder, m: re.Match, line: int) -> None:
        name = b.known(m.group(1), line)
        if kind in ("check", "fold"):
            b.play(name, kind, line)
            return
        amount = b.amount(m.group(2), line)
        if raise_to:
            b.play(name, kind, line, to=amount, all_in=bool(m.group(3)))
        else:
            b.play(name, kind, line, amount=amount, all_in=bool(m.group(3)))

    return handle


def _seat(b: Builder, m: re.Match, line: int) -> None:
    if b.summary:
        _summary_seat(b, m, line)
    else:
        b.seat(int(m.group(1)), m.group(2), b.amount(m.group(3), line), line)


def _summary_seat(b: Builder, m: re.Match, line: int) -> None:
    name, rest = b.player_at(m.group(2), line)
    cards = re.search(r"(?:showed|mucked) (\[[^\]]*\])", rest)
    if cards:
        described = re.search(r" with (.+?)$", rest)
        b.shown(name, b.cards(cards.group(1), line), described and described.group(1), line)


def _dealt(b: Builder, m: re.Match, line: int) -> None:
    b.dealt_line(m.group(1), line)


def _shows(b: Builder, m: re.Match, line: int) -> None:
    description = m.group(3).strip() or None
    b.shown(b.known(m.group(1), line), b.cards(m.group(2), line), description, line)


def _wins(b: Builder, m: re.Match, line: int) -> None:
    b.payout(m.group(1), "collect", b.amount(m.group(3), line), line, m.group(2))


def _returned(b: Builder, m: re.Match, line: int) -> None:
    b.payout(m.group(2), "return", b.amount(m.group(1), line), line)


def _total(b: Builder, m: re.Match, line: int) -> None:
    b.hand.total_pot = b.amount(m.group(1), line)
    b.hand.rake = b.amount(m.group(2), line)


PATTERNS = [
    (_SEAT, _seat),
    (re.compile(r"^(Seat \d+): (.+)$"), _summary_seat),
    (_verb(r"antes " + _AMT + _ALL_IN), _play("ante")),
    (_verb(r"brings in for " + _AMT + _ALL_IN), _play("bring_in")),
    (_verb(r"completes it to " + _AMT + _ALL_IN), _play("complete", raise_to=True)),
    (_verb(r"raises to " + _AMT + _ALL_IN), _play("raise", raise_to=True)),
    (_verb(r"bets " + _AMT + _ALL_IN), _play("bet")),
    (_verb(r"calls " + _AMT + _ALL_IN), _play("call")),
    (_verb(r"checks"), _play("check")),
    (_verb(r"folds"), _play("fold")),
    (re.compile(r"^Dealt to (.+)$"), _dealt),
    (_verb(r"shows (\[[^\]]*\])(.*)"), _shows),
    (_verb(r"wins the ((?:main |side )?pot(?: #?\d+)?) \(" + _AMT + r"\)(?: with .*)?"), _wins),
    (re.compile(r"^Uncalled bet of " + _AMT + r" returned to (.+)$"), _returned),
    (re.compile(r"^Total pot " + _AMT + r".*\| Rake " + _AMT + r"$"), _total),
]

NOISE = [
    re.compile(r"^Board: .*$"),
    re.compile(
        r"^.+? (?:is (?:high|low) with \[[^\]]*\]|has \d+ seconds left to act|has returned|"
        r"is feeling \w+|stands up|sits down|adds [$€£]?[\d.,]+|is sitting out|"
        r"has requested TIME|has reconnected|is disconnected|has timed out|mucks|"
        r"sits out|seconds to reconnect|is connected)$"
    ),
    re.compile(r"^[^:]+: .*$"),  # chat: "NAME: text"
]


def _section(b: Builder, name: str, rest: str, line: int) -> None:
    street = street_of(name)
    if street is not None:
        b.new_street(street, line)
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
        tournament="Sit & Go" in header or "Tournament" in header,
        currency=currency_of(header),
        scale=money_scale(text),
        ante=0,
        small_bet=0,
        big_bet=0,
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
    if stakes.group(3):
        hand.ante = b.amount(stakes.group(3), first_line)
    table = re.search(r"Table (.+?)(?: \(\d+ max\))? - ", header)
    hand.table = table.group(1) if table else ""
    run_lines(b, PATTERNS, NOISE, _section)
    return finish(b)
