"""The ``default`` abstraction of policies, written plainly ([the
abstraction](BOTS.md#the-abstraction)): a decision, as its seat sees it, to
one of ``INFOSETS`` abstract information sets.

Suits never matter for a low, so only ranks are read (rank 0 is the ace,
12 the king). Third street keeps the ranks of the seat's two down cards
(as a pair, unordered), its up card and the best (lowest) opposing up card,
with the betting. From fourth street on, the seat's cards are bucketed by
the low they make or draw to, its board and the most threatening opposing
board by grade, and the betting by the bet's level, facing it or not, and
the pot from earlier streets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from razz_fast.events import Action

if TYPE_CHECKING:
    from razz_fast.reference.view import PlayerView

__all__ = ["NAME", "VERSION", "INFOSETS", "SLOT_ACTIONS", "infoset", "slot_actions"]

NAME = "default"
VERSION = 1

#: Third street: 91 down pairs × 13 up ranks, 13 opposing up ranks, and
#: 11 betting states (the bring-in, then bet level 0-4 × facing it).
_THIRD = 91 * 13 * 13 * 11
#: Later streets: 47 own buckets × 4 × 4 board grades × 10 betting states
#: × 4 pot sizes.
_LATER = 47 * 4 * 4 * 10 * 4
INFOSETS = _THIRD + 4 * _LATER

#: The actions of each slot: fold, passive, aggressive.
SLOT_ACTIONS = (
    (Action.FOLD,),
    (Action.CHECK, Action.CALL, Action.BRING_IN),
    (Action.COMPLETE, Action.BET, Action.RAISE),
)


def slot_actions(legal: list[Action]) -> list[Action | None]:
    """The legal action of each slot, or None."""
    return [next((a for a in slot if a in legal), None) for slot in SLOT_ACTIONS]


def _own_bucket(ranks: set[int]) -> int:
    """A made low (five distinct ranks) by its fifth-lowest rank and how far
    the fourth is below it (1, 2, 3 or more); a draw by how many distinct
    ranks and the class of the highest (five or lower, six, seven, eight,
    nine or higher)."""
    low = sorted(ranks)
    if len(low) >= 5:
        fourth, fifth = low[3], low[4]
        return (fifth - 4) * 3 + min(fifth - fourth - 1, 2)
    top = low[-1]
    cls = 0 if top <= 4 else 1 if top == 5 else 2 if top == 6 else 3 if top == 7 else 4
    return 27 + (max(len(low), 1) - 1) * 5 + cls


def _board_grade(up: list[int]) -> int:
    """3: no bad card and nothing above a six; 2: no bad card; 1: one bad
    card; 0: more. A bad card is a nine or higher or one pairing the board."""
    seen: set[int] = set()
    bad = 0
    for card in up:
        rank = card // 4
        if rank >= 8 or rank in seen:
            bad += 1
        seen.add(rank)
    if bad == 0:
        return 3 if max(seen, default=0) <= 5 else 2
    return 1 if bad == 1 else 0


def infoset(view: PlayerView) -> int:
    """The information set of the view's seat, which must be the actor."""
    seat = view.seat
    if view.actor != seat or view.street is None:
        raise ValueError(f"the view is seat {seat}'s, which is not to act")
    street = view.street
    bets = view.bets
    bet = view.rules.small_bet if street <= 4 else view.rules.big_bet
    level = min(max(bets) // max(bet, 1), 4)
    betting = level * 2 + (1 if view.to_call > 0 else 0)
    opponents = [
        view.up_cards(s) for s in range(view.num_players) if s != seat and not view.folded[s]
    ]
    if street == 3:
        a, b = (card // 4 for card in view.down_cards(seat))
        low, high = min(a, b), max(a, b)
        own = (high * (high + 1) // 2 + low) * 13 + view.up_cards(seat)[0] // 4
        opp = min((up[0] // 4 for up in opponents if up), default=12)
        state = 0 if Action.BRING_IN in view.legal_actions() else 1 + betting
        return (own * 13 + opp) * 11 + state
    cards = [*view.down_cards(seat), *view.up_cards(seat), *view.community_cards]
    own = _own_bucket({card // 4 for card in cards})
    board = _board_grade(view.up_cards(seat))
    opp = max((_board_grade(up) for up in opponents), default=0)
    before = (view.pot - sum(bets)) // max(view.rules.big_bet, 1)
    pot = 0 if before <= 1 else 1 if before <= 3 else 2 if before <= 6 else 3
    later = (((own * 4 + board) * 4 + opp) * 10 + betting) * 4 + pot
    return _THIRD + (street - 4) * _LATER + later
