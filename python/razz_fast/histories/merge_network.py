"""Merge Network (Carbon) razz histories: one XML element per line.

Read line by line rather than with an XML parser so that every error can
name its line and a truncated game does not hide the games before it.
Amounts: bring-ins, bets and calls are the chips added; ``COMPLETE`` and
``RAISE`` are round totals; ``ALL_IN`` is the chips added. Card lists are
positional (``null`` for a hidden card). ``winner`` amounts are what was
collected, after a rake the file does not state. Descriptions look like
``9-8-6-3-2`` (also for fewer than five cards, ``K-7-A``).
"""

from __future__ import annotations

import re
from functools import partial
from html import unescape
from typing import TYPE_CHECKING

from razz_fast.histories._text import Builder, builder_for, card_tokens, finish, read_in_units
from razz_fast.histories.model import HandHistory, HistoryError, undecoded_line, unexpected

if TYPE_CHECKING:  # (the reader imports this module)
    from razz_fast.histories.reader import HistoryFile

SITE = "Merge"
# Merge dealt online razz as PokerStars does: its logs cap a round at four
# wagers and burn nothing (docs/RULES.md)
PRESET = "pokerstars"
_TAG = re.compile(r"^<(/?)(\w+)((?:\s+[\w-]+=\"[^\"]*\")*)\s*/?>$")
_ATTR = re.compile(r"([\w-]+)=\"([^\"]*)\"")
_STREETS = {
    "BLINDS": 3,
    "BRING_IN": 3,
    "THIRD_STREET": 3,
    "FOURTH_STREET": 4,
    "FIFTH_STREET": 5,
    "SIXTH_STREET": 6,
    "SEVENTH_STREET": 7,
    "SHOWDOWN": 7,
    "END_OF_GAME": 7,
    "END_OF_FOLDED_GAME": 7,
}
#: Merge's game codes for razz inside mixed-game (HORSE …) files.
_RAZZ_CODES = {"46", "47", "49"}
_KINDS = {
    "ANTE": "ante",
    "BRING_IN": "bring_in",
    "COMPLETE": "complete",
    "BET": "bet",
    "RAISE": "raise",
    "CALL": "call",
    "CHECK": "check",
    "FOLD": "fold",
    "ALL_IN": "all_in",
}
_TOTALS = {"complete", "raise"}


def describe(best: list[str]) -> str:
    """Merge's words: the ranks from the highest down, joined by dashes."""
    return "-".join(card[0] for card in best)


def _tag(text: str) -> tuple[bool, str, dict[str, str]] | None:
    """``(closing, name, attributes)`` of a one-line XML element."""
    found = _TAG.match(text)
    if not found:
        return None
    attrs = {key: unescape(value) for key, value in _ATTR.findall(found.group(3))}
    return bool(found.group(1)), found.group(2), attrs


def parse_file(text: str, source: str | None, result: HistoryFile) -> None:
    """Append every razz ``<game>`` of ``text`` to ``result``."""
    lines = text.replace("\r\n", "\n").split("\n")
    game_type, stakes, razz = None, "", False
    start = None
    for index, raw in enumerate(lines):
        stripped = raw.strip()
        if stripped.startswith("<?xml") or not stripped:
            continue
        tag = _tag(stripped)
        if tag is None:
            if start is None:
                result.errors.append(
                    HistoryError("not a Merge XML line", line=index + 1, text=raw, source=source)
                )
            continue
        closing, name, attrs = tag
        if name == "description" and start is None:
            game_type = attrs.get("type", "")
            stakes = attrs.get("stakes", "")
        elif name == "game" and not closing:
            razz = game_type == "Razz" or attrs.get("multigametype") in _RAZZ_CODES
            if start is not None:
                result.errors.append(
                    HistoryError(
                        "game not closed", line=start + 1, text=lines[start], source=source
                    )
                )
            start = index
        elif name == "game" and closing and start is not None:
            undecoded = undecoded_line(lines[start : index + 1], start + 1, source)
            if not razz:
                result.skipped += 1
            elif undecoded:
                result.errors.append(undecoded)
            else:
                try:
                    game = partial(_parse, lines[start : index + 1], start + 1, game_type, stakes)
                    result.hands.append(read_in_units(partial(game, source)))
                except HistoryError as error:
                    result.errors.append(error)
                except Exception as error:  # a reader bug must not lose the other games
                    result.errors.append(unexpected(error, lines[start:index], start + 1, source))
            start = None
    if start is not None:
        result.errors.append(
            HistoryError(
                "game not closed: the file ends inside it",
                line=start + 1,
                text=lines[start],
                source=source,
            )
        )


def _parse(
    lines: list[str], first_line: int, game_type: str | None, stakes: str, source: str | None
) -> HandHistory:
    opening = _tag(lines[0].strip())
    game = opening[2] if opening else {}
    fields = game.get("data", "").split("|")
    tournament = "Tournament" in (game_type or "")
    # The stakes alone say what the amounts are: never a nickname.
    b = builder_for(SITE, game.get("id", "?"), stakes, tournament, lines, first_line, source)
    hand = b.hand
    hand.table = fields[1] if len(fields) > 1 else ""
    found = re.search(r"([$€£]?[\d.,]+)/([$€£]?[\d.,]+)", stakes)
    if not found:
        raise hand.error(f"no stakes in {stakes!r}", first_line)
    hand.small_bet = b.amount(found.group(1), first_line)
    hand.big_bet = b.amount(found.group(2), first_line)
    by_seat: dict[str, str] = {}
    winners = []
    for offset, raw in enumerate(lines[1:], start=1):
        line = first_line + offset
        stripped = raw.strip()
        if not stripped:
            continue
        tag = _tag(stripped)
        if tag is None:
            raise hand.error("not a Merge XML line", line)
        closing, name, attrs = tag
        if closing or name == "players":
            continue
        if name == "player":
            if attrs.get("dealtin") == "true":
                seat, nickname = attrs.get("seat", ""), attrs.get("nickname")
                if not seat.isdigit() or not nickname:
                    raise hand.error("a player needs a seat number and a nickname", line)
                b.seat(
                    b.seat_number(seat, line),
                    nickname,
                    b.amount(attrs.get("balance", ""), line),
                    line,
                )
                by_seat[seat] = nickname
        elif name == "round":
            if attrs.get("id") not in _STREETS:
                raise hand.error(f"unknown round {attrs.get('id')!r}", line)
            b.new_street(_STREETS[attrs["id"]], line)
        elif name == "event":
            _event(b, attrs, by_seat, line)
        elif name == "cards":
            _cards(b, attrs, by_seat, line)
        elif name == "winner":
            winners.append((attrs, line))
        else:
            raise hand.error(f"unknown element <{name}>", line)
    for attrs, line in winners:
        player = _player(b, attrs, by_seat, line)
        kind = "return" if attrs.get("uncalled") == "true" else "collect"
        b.payout(
            player, kind, b.amount(attrs.get("amount", ""), line), line, attrs.get("potnumber")
        )
        if attrs.get("hand"):
            known = tuple(card for card in hand.cards[player] if card)
            hand.descriptions.append((known, attrs["hand"], line))
    return finish(b)


def _player(b: Builder, attrs: dict[str, str], by_seat: dict[str, str], line: int) -> str:
    seat = attrs.get("player")
    if seat not in by_seat:
        raise b.hand.error(f"no player in seat {seat}", line)
    return by_seat[seat]


def _event(b: Builder, attrs: dict[str, str], by_seat: dict[str, str], line: int) -> None:
    kind = attrs.get("type")
    if kind == "SHOW" or kind == "MUCK":
        return
    if kind not in _KINDS:
        raise b.hand.error(f"unknown event {kind!r}", line)
    player = _player(b, attrs, by_seat, line)
    kind = _KINDS[kind]
    if kind in ("check", "fold"):
        b.play(player, kind, line)
        return
    amount = b.amount(attrs.get("amount", ""), line)
    if kind in _TOTALS:
        b.play(player, kind, line, to=amount)
    else:
        b.play(player, kind, line, amount=amount, all_in=kind == "all_in")


def _cards(b: Builder, attrs: dict[str, str], by_seat: dict[str, str], line: int) -> None:
    player = _player(b, attrs, by_seat, line)
    try:
        cards = card_tokens(attrs.get("cards", ""))
    except ValueError as error:
        raise b.hand.error(str(error), line) from None
    if attrs.get("type") == "SHOWN":
        b.shown(player, cards, None, line)
        return
    for slot, card in enumerate(cards):
        b.put(player, slot, card, line)
    if attrs.get("hand"):
        known = tuple(card for card in cards if card)
        b.hand.descriptions.append((known, attrs["hand"], line))
