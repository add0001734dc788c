"""What the history writers (``export.to_pokerstars`` and ``phh.dumps``)
know of the hand they write: the played hand, and either what a replayed
site history says about it (names, seats, date, table, rake, which cards
anybody saw) or, for an engine ``Hand``, only what the engine knows.

Both writers take it from here, so a conversion in either direction keeps
the same facts and invents none: a card nobody saw stays unknown, an amount
is the site's (after its rake), and a detail the source does not give is
left out rather than made up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from razz_fast.histories._arguments import type_name
from razz_fast.histories.engine import PlayedHand, seat_of
from razz_fast.histories.model import SLOTS, HandHistory
from razz_fast.histories.replay import Replay, uncontested_excess

__all__ = ["Source", "source_of", "checked_known", "DOWN_SLOTS"]

#: The down cards' places among a player's seven, in dealing order.
DOWN_SLOTS = (0, 1, 6)


@dataclass
class Source:
    """A hand to write and what is known of it."""

    hand: PlayedHand
    known: list[list[bool]]
    """Per seat and card (dealing order), whether the card may be written."""
    from_deal: list[bool]
    """Per seat, whether its down cards were known from the deal (a site's
    hero, every seat of an engine hand) rather than from a show."""
    history: HandHistory | None = None
    rake: int = 0
    rake_paid: list[int] = field(default_factory=list)
    """Per seat, the rake taken from what it won."""

    def seat_known(self, seat: int) -> bool:
        """Whether every card dealt to ``seat`` is known."""
        return all(self.known[seat][: self.dealt(seat)])

    def dealt(self, seat: int) -> int:
        """How many cards ``seat`` was dealt (the community card counts)."""
        count = len(self.hand.down_cards(seat)) + len(self.hand.up_cards(seat))
        return count + 1 if count == 6 and self.hand.community_cards else count

    def winnings(self) -> list[int]:
        """Per seat, what it won from the pots after rake, an uncontested
        last pot (an excess nobody could match, which sites return as an
        uncalled bet) left out."""
        won = [0] * len(self.hand.stacks)
        for event in self.hand.history:
            if event.kind == "award":
                won[seat_of(event)] += event.amount
        seat, excess = uncontested_excess(self.hand)
        if excess:
            won[seat] -= excess
        paid = self.rake_paid or [0] * len(won)
        return [w - r for w, r in zip(won, paid)]


def checked_known(known: object, n: int) -> list[list[bool]]:
    """``known``: for each of ``n`` seats, a sequence of up to seven bools
    (one a card, in dealing order; cards past its end are known)."""
    if isinstance(known, (str, bytes)) or not isinstance(known, Sequence):
        raise TypeError(f"known must be a list of lists of bool, not {type_name(known)}")
    if len(known) != n:
        raise ValueError(f"known must give {n} seats, one list each, not {len(known)}")
    out = []
    for seat, row in enumerate(known):
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            raise TypeError(f"known[{seat}] must be a list of bool, not {type_name(row)}")
        if len(row) > SLOTS:
            raise ValueError(f"known[{seat}] gives {len(row)} cards, more than {SLOTS}")
        bad = next((flag for flag in row if not isinstance(flag, bool)), None)
        if bad is not None:
            raise TypeError(f"known[{seat}] must hold bool, not {type_name(bad)}")
        out.append([*row, *[True] * (SLOTS - len(row))])
    return out


def source_of(item: PlayedHand | Replay, known: object = None) -> Source:
    """The ``Source`` of an engine hand (every card known unless ``known``
    says otherwise) or of a replayed history (the cards its site showed)."""
    if isinstance(item, Replay):
        if known is not None:
            raise ValueError("known is for an engine Hand: a Replay's history says what is known")
        history = item.history
        cards = [history.cards[name] for name in item.names]
        shows = {(s.player, s.line) for s in history.shows}
        from_deal = []
        for name, slots in zip(item.names, cards):
            lines = history.card_lines.get(name, [None] * SLOTS)
            from_deal.append(
                any(
                    slots[slot] is not None and (name, lines[slot]) not in shows
                    for slot in DOWN_SLOTS
                )
            )
        return Source(
            item.hand,
            [[card is not None for card in slots] for slots in cards],
            from_deal,
            history,
            item.rake,
            list(item.rake_paid),
        )
    n = len(item.stacks)
    mask = [[True] * SLOTS for _ in range(n)] if known is None else checked_known(known, n)
    source = Source(item, mask, [True] * n)
    # A seat whose down cards are all known is written as a site writes its
    # hero's; the others' known down cards as a show.
    source.from_deal = [
        all(mask[seat][slot] for slot in DOWN_SLOTS if slot < source.dealt(seat))
        for seat in range(n)
    ]
    return source
