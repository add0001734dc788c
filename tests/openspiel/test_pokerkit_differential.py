"""``python_razz`` against OpenSpiel's own razz, ``python_pokerkit_wrapper``
with ``variant=FixedLimitRazz`` (open-spiel 2.0.2, pokerkit 0.7.7).

Each hand is played in both games in lockstep from random stacks: every
seat's seven cards are drawn first, and each game's chance nodes are
given the card of the seat and place it is dealing (both deal third street
down, down, up around the table, then one card a street to the seats still
in); at each decision both must have the same player to act and the same
legal actions, mapped (theirs: 0 fold, 1 check, call or bring-in, a
raise-to amount for the one completion, bet or raise a limit game allows;
ours: ``Action`` values); the same randomly chosen action is taken in both;
at the end the returns must agree. razz_fast plays its default rules
(``preset="pokerstars"``), the settings closest to pokerkit's.

Every difference is allowed only where the rule that makes it applies
(docs/RULES.md, "Differences from OpenSpiel's razz"):

* reopening and the cap after a short all-in wager or a completion: only
  the wager may be legal in one game and not the other, on that round;
  the action is then chosen among those both allow;
* a bring-in seat with no more chips than the bring-in may "complete" in
  pokerkit;
* split pots: pokerkit's odd chips and merged pots (``pokerkit_final_stacks``);
* with eight players, when the deck cannot give every player a
  seventh-street card, both deal one card face up for all (ours the
  community card, pokerkit a board card): the same hands.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pokerkit")

# Registers python_pokerkit_wrapper.
from open_spiel.python.games import pokerkit_wrapper  # noqa: E402, F401

import razz_fast as rf  # noqa: E402
import razz_fast.openspiel  # noqa: E402
from helpers import pokerkit_final_stacks  # noqa: E402
from razz_fast.events import Action  # noqa: E402

RANKS = "A23456789TJQK"
SUITS = "cdhs"
# (ante, bring_in, small_bet, big_bet): pokerkit needs bring_in < small_bet.
STAKES = [(0, 1, 2, 4), (1, 1, 2, 4), (1, 2, 4, 8), (2, 3, 6, 12)]
WAGERS = {Action.COMPLETE, Action.BET, Action.RAISE}
FOLD, PASSIVE, WAGER = "fold", "passive", "wager"
CLASS = {
    Action.FOLD: FOLD,
    Action.CHECK: PASSIVE,
    Action.CALL: PASSIVE,
    Action.BRING_IN: PASSIVE,
    Action.COMPLETE: WAGER,
    Action.BET: WAGER,
    Action.RAISE: WAGER,
}


def random_stacks(rng: random.Random, players: int, big_bet: int) -> list[int]:
    """Small stacks: all-ins, short bring-ins and side pots are common."""
    return [
        rng.randint(1, 2 * big_bet)
        if rng.random() < 0.4
        else rng.randint(2 * big_bet, 12 * big_bet)
        for _ in range(players)
    ]


def pokerkit_card_index(game) -> dict[int, int]:
    """pokerkit's card action -> razz_fast's card index."""
    return {
        action: 4 * RANKS.index(card.rank.value) + SUITS.index(card.suit.value)
        for action, card in game.int_to_card.items()
    }


def theirs_by_class(state) -> dict[str, int]:
    actions = {}
    for action in state.legal_actions():
        actions[FOLD if action == 0 else PASSIVE if action == 1 else WAGER] = action
    return actions


def play_lockstep(seed: int) -> str:
    """One random hand in both games; returns how it compared."""
    rng = random.Random(seed)
    players = 2 + seed % 7
    ante, bring_in, small_bet, big_bet = STAKES[seed // 7 % len(STAKES)]
    stacks = random_stacks(rng, players, big_bet)
    ours = pyspiel.load_game(
        "python_razz",
        {
            "players": players,
            "ante": ante,
            "bring_in": bring_in,
            "small_bet": small_bet,
            "big_bet": big_bet,
            "seat_stacks": " ".join(map(str, stacks)),
        },
    )
    theirs = pyspiel.load_game(
        "python_pokerkit_wrapper",
        {
            "variant": "FixedLimitRazz",
            "num_players": players,
            "bring_in": bring_in,
            "small_bet": small_bet,
            "big_bet": big_bet,
            "antes": " ".join([str(ante)] * players),
            "stack_sizes": " ".join(map(str, stacks)),
        },
    )
    to_ours = pokerkit_card_index(theirs)
    to_theirs = {card: action for action, card in to_ours.items()}
    deck = rng.sample(range(52), 52)
    # Each seat's first six cards, in dealing order; the seventh-street
    # cards (or the one community card) go out in seat order in both games.
    cards = [deck[6 * s : 6 * s + 6] for s in range(players)]
    sevenths: list[int] = []
    taken = [0, 0]  # how many of them ours and theirs dealt

    def seventh(game: int, undealt: set[int]) -> int:
        # The rest of the deck, then the cards of seats that folded before
        # they got them (ours reaches seventh street first, and the same
        # seats fold in both games).
        if not sevenths:
            kept = [c for seat_cards in cards for c in seat_cards if c in undealt]
            sevenths.extend(c for c in deck[6 * players :] + kept if c in undealt)
        taken[game] += 1
        return sevenths[taken[game] - 1]

    a, b = ours.new_initial_state(), theirs.new_initial_state()
    diverged_on = None  # the round where pokerkit's reopening or cap may differ
    outcome = "same"
    community = False  # ours dealt the community card
    while True:
        while a.is_chance_node():
            seat, place = a.dealing()
            community |= seat < 0
            if place < 6:
                a.apply_action(cards[seat][place])
            else:
                a.apply_action(seventh(0, set(a.legal_actions())))
        while b.is_chance_node():
            wrapped = b._wrapped_state
            hole = wrapped.can_deal_hole()
            place = len(wrapped.hole_cards[wrapped.hole_dealee_index]) if hole else 6
            if place == 6 and hole == community:
                # One game deals a card face up for all, the other a card
                # each (pokerkit deals mucked cards when the deck is short).
                return "short deck"
            if place < 6:
                b.apply_action(to_theirs[cards[wrapped.hole_dealee_index][place]])
            else:  # a seventh-street card, or pokerkit's board card
                undealt = {to_ours[c] for c in b.legal_actions()}
                b.apply_action(to_theirs[seventh(1, undealt)])
        if a.is_terminal() or b.is_terminal():
            break
        assert a.current_player() == b.current_player(), "actors differ"
        actor = a.current_player()
        hand = a.hand
        ours_legal = {CLASS[Action(x)]: Action(x) for x in a.legal_actions()}
        theirs_legal = theirs_by_class(b)
        if set(ours_legal) != set(theirs_legal):
            difference = set(ours_legal) ^ set(theirs_legal)
            bring_in_phase = Action.BRING_IN in ours_legal.values()
            if bring_in_phase and difference == {WAGER} and hand.stacks[actor] <= bring_in:
                pass  # pokerkit's completion for no more than the bring-in
            else:
                assert difference == {WAGER}, (ours_legal, theirs_legal)
                assert diverged_on == hand.street, (ours_legal, theirs_legal, hand.history)
                outcome = "diverged"
        common = sorted(set(ours_legal) & set(theirs_legal))
        kind = rng.choices(common, [1 if k == FOLD else 4 for k in common])[0]
        action = ours_legal[kind]
        if action in WAGERS:
            street, high, before = hand.street, max(hand.bets), hand.bets[actor]
            bet_size = small_bet if street <= 4 else big_bet
            full = {Action.COMPLETE: small_bet, Action.BET: bet_size, Action.RAISE: high + bet_size}
            target = min(full[action], before + hand.stacks[actor])
            # A short all-in wager, or a completion (whose increment pokerkit
            # takes to be small_bet - bring_in): pokerkit's reopening rule
            # and its cap may differ from ours for the rest of the round.
            if target < full[action] or action == Action.COMPLETE:
                diverged_on = street
        a.apply_action(int(action))
        b.apply_action(theirs_legal[kind])
    assert a.is_terminal() and b.is_terminal(), "one game ended before the other"
    hand = a.hand
    expected = pokerkit_final_stacks(rf, hand)
    starting = hand.starting_stacks
    assert sum(a.returns()) == sum(b.returns()) == 0
    if any(stack < ante for stack in stacks):
        # pokerkit is made without ante trimming: a seat all in on a short
        # ante is eligible for every ante in full.
        return "short ante"
    if any(len(pot.winners) > 1 for pot in hand.pots):
        outcome = "split"
    assert b.returns() == [float(x - s) for x, s in zip(expected, starting)], hand.history
    if outcome != "split":
        assert a.returns() == b.returns()
    return outcome


def check(seeds) -> dict[str, int]:
    outcomes: dict[str, int] = {}
    for seed in seeds:
        outcome = play_lockstep(seed)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    assert set(outcomes) <= {"same", "diverged", "split", "short ante", "short deck"}, outcomes
    return outcomes


def test_random_hands_agree_with_openspiels_razz():
    outcomes = check(range(140))
    assert outcomes.get("same", 0) >= 90, outcomes


@pytest.mark.slow
def test_a_thousand_random_hands_agree_with_openspiels_razz():
    # At least 1,000 hands agree at every step, legal actions and returns;
    # every other hand differs only in a way docs/RULES.md names.
    outcomes = check(range(1000, 2300))
    assert outcomes.get("same", 0) >= 1000, outcomes
