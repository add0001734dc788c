"""A third opinion: replay random hands in pokerkit's ``FixedLimitRazz``.

Each hand is played in lockstep in our engine and in pokerkit, with the same
cards (pokerkit is dealt, card by card, the cards our engine dealt) and the
same randomly chosen actions. After every step the actor, the legal action
kinds and the stacks must agree; at the end, the final stacks.

pokerkit differs from docs/ENGINE.md by design in a few places (ENGINE.md
section 10). pokerkit's own reopening rule is neither of the rule books'
(``reopen="full"`` nor ``"half"``: it measures a raise against the largest
increment of the round, a no-limit rule), so it is compared with the
default rules (``Rules()``, the "pokerstars" preset); its cap of 4 and
its bring-in, opener and pot rules are the default's. The differences
random play can reach are allowed for explicitly, each by the rule
that makes it:

* Reopening: after a short all-in completion, bet or raise on
  a round (or after a completion, whose increment pokerkit takes to be
  ``small_bet - bring_in``), pokerkit may let a player re-raise where the
  rule book does not, or the reverse. Then only the wager kinds may differ,
  and the action is chosen among the actions both allow;
* The cap: a short all-in counts toward the cap only when it,
  with earlier short all-ins, makes a real bet or raise; pokerkit counts
  every wager. So on such a round the last raise of one may be missing in
  the other: again only the wager kinds differ. (A bring-in of a whole
  small bet, which the cap counts as the opening bet, cannot be
  compared: pokerkit refuses ``bring_in == small_bet``.);
* The bring-in ( "posts the bring-in or completes to the small
  bet"): pokerkit lets a bring-in player with no more chips than the
  bring-in "complete" all-in; we do not;
* split pots: pokerkit kills the hands that cannot win before building the
  pots (so pots that differed only by a losing player merge) and gives all
  of a pot's odd chips to the first tied winner (the rules: one each in seat
  order). When a pot is split, the final stacks are compared with pokerkit's
  way of awarding the same pots (``pokerkit_awards`` in tests/helpers.py).

pokerkit always burns a card before streets 4 to 7; it is given a burn of an
unknown card ("??") so that it never takes a card from its own deck. Deck
exhaustion cannot happen with six players or fewer (7 × 6 = 42 cards).
"""

from __future__ import annotations

import random
import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

pokerkit = pytest.importorskip("pokerkit")

from helpers import pokerkit_final_stacks  # noqa: E402
from razz_fast.events import Action  # noqa: E402

RANKS = "A23456789TJQK"
SUITS = "cdhs"

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)

# (ante, bring_in, small_bet, big_bet); the first is the default Rules().
STAKES = [(0, 1, 2, 4), (1, 1, 2, 4), (1, 2, 4, 8), (2, 3, 6, 12)]


def card_text(card: int) -> str:
    return RANKS[card // 4] + SUITS[card % 4]


def dealt_in_order(hand, seat: int) -> list[int]:
    """A seat's cards in the order a stud dealer gives them."""
    down, up = hand.down_cards(seat), hand.up_cards(seat)
    return down[:2] + up + down[2:]


def random_stacks(rng: random.Random, players: int, big_bet: int) -> list[int]:
    stacks = []
    for _ in range(players):
        kind = rng.random()
        if kind < 0.35:
            stacks.append(rng.randint(1, 2 * big_bet))  # short: all-ins everywhere
        elif kind < 0.7:
            stacks.append(rng.randint(2 * big_bet, 8 * big_bet))
        else:
            stacks.append(rng.randint(8 * big_bet, 40 * big_bet))
    return stacks


class PokerkitMirror:
    """A pokerkit state fed with our engine's cards."""

    def __init__(self, stakes, stacks):
        ante, bring_in, small_bet, big_bet = stakes
        self.state = pokerkit.FixedLimitRazz.create_state(
            AUTOMATIONS,
            True,  # ante trimming: antes count as contributions, like ours
            ante,
            bring_in,
            small_bet,
            big_bet,
            tuple(stacks),
            len(stacks),
        )

    def catch_up(self, hand) -> None:
        """Burns and deals everything pokerkit is waiting for."""
        state = self.state
        while True:
            if state.can_burn_card("??"):
                state.burn_card("??")
            elif state.can_deal_hole():
                seat = state.hole_dealee_index
                index = len(state.hole_cards[seat])
                cards = dealt_in_order(hand, seat)
                assert index < len(cards), f"pokerkit deals seat {seat} a card we did not"
                state.deal_hole(card_text(cards[index]))
            else:
                return

    def legal(self) -> set:
        state = self.state
        legal = set()
        if state.can_post_bring_in():
            legal.add(Action.BRING_IN)
        if state.can_fold():
            legal.add(Action.FOLD)
        if state.can_check_or_call():
            legal.add(Action.CHECK if state.checking_or_calling_amount == 0 else Action.CALL)
        if state.can_complete_bet_or_raise_to():
            if state.completion_status:
                legal.add(Action.COMPLETE)
            elif max(state.bets) == 0:
                legal.add(Action.BET)
            else:
                legal.add(Action.RAISE)
        return legal

    def act(self, action: Action) -> None:
        state = self.state
        if action == Action.FOLD:
            state.fold()
        elif action in (Action.CHECK, Action.CALL):
            state.check_or_call()
        elif action == Action.BRING_IN:
            state.post_bring_in()
        else:
            state.complete_bet_or_raise_to()


WAGERS = (Action.COMPLETE, Action.BET, Action.RAISE)


def play_lockstep(impl, seed: int, players: int, stakes) -> str:
    """Plays one random hand in both engines; returns how it was compared."""
    rng = random.Random(seed)
    ante, bring_in, small_bet, big_bet = stakes
    stacks = random_stacks(rng, players, big_bet)
    rules = impl.Rules(ante, bring_in, small_bet, big_bet)
    hand = impl.Hand(rules, stacks, seed=rng.getrandbits(64))
    mirror = PokerkitMirror(stakes, stacks)
    special_street = None  # a street where pokerkit's reopening rule may differ
    diverged = False

    while True:
        mirror.catch_up(hand)
        state = mirror.state
        if hand.is_over:
            assert state.actor_index is None
            break
        assert state.actor_index == hand.actor, "actors differ"
        ours = set(hand.legal_actions())
        theirs = mirror.legal()
        if ours != theirs:
            difference = ours ^ theirs
            bring_in_phase = Action.BRING_IN in ours
            actor = hand.actor
            if (
                bring_in_phase
                and difference == {Action.COMPLETE}
                and Action.COMPLETE in theirs
                and hand.stacks[actor] <= bring_in
            ):
                pass  # pokerkit's completion for no more than the bring-in
            else:
                assert difference <= set(WAGERS), (ours, theirs)
                assert special_street == hand.street, (ours, theirs, hand.history)
                diverged = True
        choices = sorted(ours & theirs)
        weights = [1 if a == Action.FOLD else 4 for a in choices]
        action = rng.choices(choices, weights)[0]
        street, actor, high = hand.street, hand.actor, max(hand.bets)
        before = hand.bets[actor]
        hand.act(action)
        mirror.act(action)
        if action in WAGERS:
            moved = next(e for e in reversed(hand.history) if e.kind == action.name.lower())
            target = before + moved.amount
            bet_size = small_bet if street <= 4 else big_bet
            full = {
                Action.COMPLETE: small_bet,
                Action.BET: bet_size,
                Action.RAISE: high + bet_size,
            }[action]
            # A short all-in wager, or a completion (whose increment pokerkit
            # takes to be small_bet - bring_in): pokerkit's reopening rule
            # may differ from the full-bet rule for the rest of the round.
            if target < full or action == Action.COMPLETE:
                special_street = street
        if not hand.is_over:
            mirror.catch_up(hand)
            assert list(state.stacks) == hand.stacks, "stacks differ"

    expected = pokerkit_final_stacks(impl, hand)
    outcome = "diverged" if diverged else "same"
    if any(len(pot.winners) > 1 for pot in hand.pots):
        outcome = "split"
    assert list(mirror.state.stacks) == expected, (stacks, hand.history)
    assert not mirror.state.status
    return outcome


@pytest.mark.parametrize("stakes", STAKES, ids=lambda s: "-".join(map(str, s)))
def test_random_hands_match_pokerkit(impl, stakes):
    outcomes = {}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for seed in range(150):
            players = 2 + seed % 5
            outcome = play_lockstep(impl, 1000 * seed + 7, players, stakes)
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
    assert outcomes.get("same", 0) >= 100, outcomes
    assert set(outcomes) <= {"same", "diverged", "split"}


@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    stakes=st.sampled_from(STAKES),
)
def test_hypothesis_hands_match_pokerkit(impl, seed, players, stakes):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        play_lockstep(impl, seed, players, stakes)
