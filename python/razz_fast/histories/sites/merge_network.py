"""Merge Network (Carbon) razz histories: one XML element per line.

Read line by line rather than with an XML parser so that every error can
name its line and a truncated game does not hide the games before it.
Amounts: bring-ins, bets and calls are the chips added; ``COMPLETE`` and
``RAISE`` are round totals; ``ALL_IN`` is the chips added. Card lists are
positional (``null`` for a hidden card). ``winner`` amounts are what was
collected, after a rake the file does not state. Descriptions look like
``9-8-6-3-2`` (also for fewer than five cards, ``K-7-A``).

Tournament files differ: their header may say only ``stakes="Limit"``
(the limits are then read off the hand's wagers, ``stakes.py``), and a
``balance`` there is the stack after the player's ante (a player whose
ante put them all in shows ``$0.00``), so the ante is added back.
"""

from __future__ import annotations

import dataclasses
import re
from functools import partial
from html import unescape

from razz_fast.histories.model import (
    SLOTS,
    HandHistory,
    HistoryError,
    HistoryFile,
    undecoded_line,
    unexpected,
)
from razz_fast.histories.sites._text import (
    Builder,
    builder_for,
    card_tokens,
    finish,
    rank_groups,
    read_in_units,
)
from razz_fast.histories.stakes import infer_limits

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
#: Events that move no chips: shown or mucked cards, a player knocked out
#: of a tournament, chat (whose ``player`` is a nickname, not a seat).
_SILENT = {"SHOW", "MUCK", "PLAYER_OUT", "CHAT"}


def describe(best: list[str]) -> str:
    """Merge's words: the ranks from the highest down, joined by dashes;
    a paired hand in poker words, as its tournament logs write them
    (``Pair of Jacks``; ``Two Pair Kings and Sevens`` and ``Three of a
    Kind Sevens`` as the same logs word other games' hands)."""
    shape, names = rank_groups(best)
    if shape[0] == 1:
        return "-".join(card[0] for card in best)
    if shape[0] == 3 and shape[1:2] != [2]:
        return f"Three of a Kind {names[0]}"
    if shape[:2] == [2, 2]:
        return f"Two Pair {names[0]} and {names[1]}"
    if shape[0] == 2:
        return f"Pair of {names[0]}"
    return "-".join(card[0] for card in best)  # no log shows Merge's words for these


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
            # A razz tournament is "Razz Tournament", as a HORSE one is "HORSE Tournament".
            razz = (game_type or "").removesuffix(" Tournament") == "Razz"
            razz = razz or attrs.get("multigametype") in _RAZZ_CODES
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
    when = re.fullmatch(r"(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})", game.get("starttime", ""))
    if tournament and len(fields) > 2 and fields[2]:
        hand.tournament_id = fields[2]
    if when:  # (Merge names no time zone)
        hand.date = "/".join(when.groups()[:3])
        hand.time = ":".join(when.groups()[3:])
    found = re.search(r"([$€£]?[\d.,]+)/([$€£]?[\d.,]+)", stakes)
    if found:
        hand.small_bet = b.amount(found.group(1), first_line)
        hand.big_bet = b.amount(found.group(2), first_line)
    elif not tournament:
        raise hand.error(f"no stakes in {stakes!r}", first_line)
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
    # A winner line without uncalled="true" includes any uncalled bet (a
    # folded game's winner collects it with the pot); a hand with such a
    # line logs its returns apart.
    hand.collect_includes_return = all(a.get("uncalled") != "true" for a, _ in winners)
    for attrs, line in winners:
        player = _player(b, attrs, by_seat, line)
        kind = "return" if attrs.get("uncalled") == "true" else "collect"
        b.payout(
            player, kind, b.amount(attrs.get("amount", ""), line), line, attrs.get("potnumber")
        )
        if attrs.get("hand"):
            known = tuple(card for card in hand.cards[player] if card)
            hand.descriptions.append((known, attrs["hand"], line))
    if tournament:
        _add_back_antes(hand)
    hand = finish(b)
    if not found:
        hand.small_bet, hand.big_bet = infer_limits(hand)
    return hand


def _add_back_antes(hand: HandHistory) -> None:
    """A tournament ``balance`` is the stack after the ante: the stack the
    hand started with is that plus the ante."""
    antes: dict[str, int] = {}
    for play in hand.plays:
        if play.kind == "ante":
            antes[play.player] = antes.get(play.player, 0) + play.amount
    hand.seats = [
        dataclasses.replace(seat, stack=seat.stack + antes.get(seat.name, 0)) for seat in hand.seats
    ]


def _player(b: Builder, attrs: dict[str, str], by_seat: dict[str, str], line: int) -> str:
    seat = attrs.get("player")
    if seat not in by_seat:
        raise b.hand.error(f"no player in seat {seat}", line)
    return by_seat[seat]


def _event(b: Builder, attrs: dict[str, str], by_seat: dict[str, str], line: int) -> None:
    kind = attrs.get("type")
    if kind in _SILENT:
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
    if len(cards) > SLOTS:
        raise b.hand.error(f"{len(cards)} cards dealt", line)
    for slot, card in enumerate(cards):
        b.put(player, slot, card, line)
    if attrs.get("hand"):
        known = tuple(card for card in cards if card)
        b.hand.descriptions.append((known, attrs["hand"], line))
