"""Writing a played ``Hand`` as a PokerStars-style text history.

The text follows PokerStars' razz wording closely enough that our own
reader (and tools written for PokerStars files) can read it back; since the
engine knows every card, every player's cards are written as PokerStars
writes the hero's. A completion is written as PokerStars does, as a raise
(``raises 3 to 4``). Amounts are chips; ``currency``/``scale`` write them as
money (``scale=100``: chips are cents).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import razz_fast
from razz_fast.histories import pokerstars
from razz_fast.histories.replay import site_description, uncontested_excess

__all__ = ["to_pokerstars"]

_STREET = {3: "3rd STREET", 4: "4th STREET", 5: "5th STREET", 6: "6th STREET", 7: "RIVER"}
_SUMMARY_STREET = {3: "3rd Street", 4: "4th Street", 5: "5th Street", 6: "6th Street", 7: "River"}
_NAME = re.compile(r"^\S(?:.*\S)?$")


def to_pokerstars(
    hand,
    *,
    names: Sequence[str] | None = None,
    hand_id: int = 1,
    table: str = "razz_fast",
    currency: str = "",
    scale: int = 1,
    date: str = "2026/01/01 00:00:00 ET",
) -> str:
    """The hand (core or reference ``Hand``, finished or not) as text."""
    rules = hand.rules
    history = list(hand.history)
    stacks = _starting(hand)
    n = len(stacks)
    names = list(names) if names is not None else [f"Player{seat + 1}" for seat in range(n)]
    if len(names) != n or len(set(names)) != n:
        raise ValueError(f"names must be {n} distinct names")
    for name in names:
        # A name must read back: no edge spaces, no line breaks, nothing that
        # looks like the "(… in chips)" after it or the ": " after it.
        if (
            not isinstance(name, str)
            or not _NAME.match(name)
            or any(part in name for part in ("\n", "\r", " (", ": "))
        ):
            raise ValueError(f"player name {name!r} cannot be written in a history")
    if scale < 1 or str(scale).strip("0") != "1":
        raise ValueError(f"scale must be 1, 10, 100, …; got {scale}")

    def money(chips: int) -> str:
        if scale == 1:
            return f"{currency}{chips}"
        digits = len(str(scale)) - 1
        return f"{currency}{chips // scale}.{chips % scale:0{digits}d}"

    unit = " USD" if currency == "$" else ""
    out = [
        f"PokerStars Hand #{hand_id}:  Razz Limit ({money(rules.small_bet)}/"
        f"{money(rules.big_bet)}{unit}) - {date}",
        f"Table '{table}' {max(n, 2)}-max",
    ]
    out += [f"Seat {seat + 1}: {names[seat]} ({money(stacks[seat])} in chips)" for seat in range(n)]
    stack = list(stacks)
    cards: list[list[int]] = [[] for _ in range(n)]
    bets = [0] * n
    street = 2
    folded_on: dict[int, int] = {}
    showed: dict[int, tuple[str, str]] = {}
    won = [0] * n
    shown_down = False
    pots = hand.pots
    awards = 0
    # A pot only one player paid into is written as PokerStars writes it:
    # an uncalled bet returned.
    excess_seat, excess = uncontested_excess(hand)
    excess_from = sum(pot.amount for pot in pots) - excess
    contested = pots[:-1] if excess else pots
    for event in history:
        kind, seat, amount = event.kind, event.seat, event.amount
        if kind in ("deal_down", "deal_up"):
            if len(cards[seat]) in (0, 3, 4, 5, 6) and _street_of(len(cards[seat])) > street:
                street = _street_of(len(cards[seat]))
                bets = [0] * n
                out.append(f"*** {_STREET[street]} ***")
            cards[seat].append(event.cards[0])
            if street == 3 and len(cards[seat]) < 3:
                continue
            shown = razz_fast.format_cards(cards[seat])
            if street == 3:
                out.append(f"Dealt to {names[seat]} [{shown}]")
            else:
                earlier, new = shown.rsplit(" ", 1)
                out.append(f"Dealt to {names[seat]} [{earlier}] [{new}]")
        elif kind == "community":
            street, bets = 7, [0] * n
            out.append(f"*** RIVER *** [{razz_fast.format_cards(event.cards)}]")
            for s in range(n):
                if len(cards[s]) == 6:
                    cards[s].append(event.cards[0])
        elif kind in ("burn", "reshuffle"):
            continue
        elif kind == "ante":
            stack[seat] -= amount
            out.append(f"{names[seat]}: posts the ante {money(amount)}{_all_in(stack[seat])}")
        elif kind in ("bring_in", "bet", "call", "complete", "raise"):
            stack[seat] -= amount
            bets[seat] += amount
            high = max(b for s, b in enumerate(bets) if s != seat)
            verbs = {"bring_in": "brings in for", "bet": "bets", "call": "calls"}
            if kind in verbs:
                text = f"{verbs[kind]} {money(amount)}"
            elif high == 0:  # completing with nothing posted: PokerStars says "bets"
                text = f"bets {money(amount)}"
            else:
                text = f"raises {money(bets[seat] - high)} to {money(bets[seat])}"
            out.append(f"{names[seat]}: {text}{_all_in(stack[seat])}")
        elif kind in ("check", "fold"):
            out.append(f"{names[seat]}: {kind}s")
            if kind == "fold":
                folded_on[seat] = street
        elif kind == "return":
            stack[seat] += amount
            bets[seat] -= amount
            out.append(f"Uncalled bet ({money(amount)}) returned to {names[seat]}")
        elif kind == "show":
            if not shown_down:
                out.append("*** SHOW DOWN ***")
                shown_down = True
            text = razz_fast.format_cards(cards[seat])
            words = site_description(pokerstars.SITE, tuple(text.split()))
            out.append(f"{names[seat]}: shows [{text}] ({words})")
            showed[seat] = f"showed [{text}]", words
        elif kind == "award":
            awards += amount
            if seat == excess_seat and awards > excess_from:
                out.append(f"Uncalled bet ({money(amount)}) returned to {names[seat]}")
                continue
            out.append(
                f"{names[seat]} collected {money(amount)} from {_pot_name(contested, awards)}"
            )
            won[seat] += amount

    def _summary(seat: int) -> str:
        if seat in showed:
            cards, words = showed[seat]
            result = f"won ({money(won[seat])})" if won[seat] else "lost"
            return f"{cards} and {result} with {words}"
        if won[seat]:
            return f"collected ({money(won[seat])})"
        if seat in folded_on:
            return f"folded on the {_SUMMARY_STREET[folded_on[seat]]}"
        return "did not show"

    if hand.is_over:
        out.append("*** SUMMARY ***")
        total = f"Total pot {money(sum(p.amount for p in contested))}"
        if len(contested) > 1:
            total += f" Main pot {money(contested[0].amount)}."
            total += "".join(
                f" Side pot-{number} {money(pot.amount)}."
                for number, pot in enumerate(contested[1:], start=1)
            )
        out.append(f"{total} | Rake {money(0)}")
        for seat in range(n):
            out.append(f"Seat {seat + 1}: {names[seat]} {_summary(seat)}")
    return "\n".join(out) + "\n"


def _starting(hand) -> list[int]:
    """Stacks before the antes: the current stacks less what the hand has
    moved so far."""
    stacks = list(hand.stacks)
    for event in hand.history:
        if event.kind in ("ante", "bring_in", "bet", "call", "complete", "raise"):
            stacks[event.seat] += event.amount
        elif event.kind in ("return", "award"):
            stacks[event.seat] -= event.amount
    return stacks


def _street_of(cards_held: int) -> int:
    return 3 if cards_held < 3 else cards_held + 1


def _all_in(stack: int) -> str:
    return " and is all-in" if stack == 0 else ""


def _pot_name(pots, awarded: int) -> str:
    """Which pot an award comes from, counting awards in pot order."""
    if len(pots) == 1:
        return "pot"
    total = 0
    for number, pot in enumerate(pots):
        total += pot.amount
        if awarded <= total:
            return "main pot" if number == 0 else f"side pot-{number}"
    return "pot"
