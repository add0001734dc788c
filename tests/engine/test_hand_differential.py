"""The compiled hand and the reference hand, step by step: the same rules,
stacks, deck and actions must give the same value of every observable after
every step, and the invariants of a hand must hold throughout."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import razz_fast as core
from helpers import observe
from razz_fast import IllegalActionError
from razz_fast import reference as ref
from razz_fast.events import Action


def check_invariants(state: dict) -> None:
    assert sum(state["stacks"]) + state["pot"] == sum(state["starting_stacks"])
    assert all(s >= 0 for s in state["stacks"])
    seen = [c for cards in state["up"] + state["down"] for c in cards] + state["community"]
    assert len(seen) == len(set(seen)), "a card dealt twice"
    if state["is_over"]:
        assert sum(state["payoffs"]) == 0
        assert state["actor"] is None and state["street"] is None and state["legal"] == []
    else:
        assert state["actor"] is not None and state["legal"]
        assert sum(p[0] for p in state["pots"]) == state["pot"]
        for seat, up in enumerate(state["up"]):
            if not state["folded"][seat]:
                assert len(up) == min(state["street"] - 2, 4)


#: Every named setting and its values (RULES.md; docs/RULES.md).
SETTINGS = {
    "heads_up": ["capped", "round_starts", "before_cap"],
    "reopen": ["full", "half"],
    "short_bring_in": ["short", "full"],
    "ante_all_in": ["forced", "may_fold"],
    "opener_ties": ["seat", "suit"],
    "burn_cards": [False, True],
    "showdown": ["seat", "opener"],
    "odd_chip": ["seat", "low_card", "high_card"],
}


def rules_kwargs(draw) -> dict:
    """Rules arguments drawn with hypothesis' `data.draw`: a preset's
    settings, or every setting drawn on its own."""
    bring_in = draw(st.integers(1, 3))
    small_bet = bring_in + draw(st.integers(0, 3))
    stakes = (draw(st.integers(0, 3)), bring_in, small_bet, small_bet + draw(st.integers(0, 4)))
    preset = draw(st.sampled_from([None, *core.Rules.PRESETS]))
    if preset is not None:
        return fields(core.Rules.preset(preset, *stakes))
    kwargs = dict(zip(("ante", "bring_in", "small_bet", "big_bet"), stakes))
    kwargs["cap"] = draw(st.sampled_from([4, None, 1, 2, 3, 5]))
    for name, values in SETTINGS.items():
        kwargs[name] = draw(st.sampled_from(values), label=name)
    return kwargs


def fields(rules) -> dict:
    """A Rules' every setting by name, to build the same rules elsewhere."""
    return {
        name: getattr(rules, name)
        for name in ("ante", "bring_in", "small_bet", "big_bet", "cap", *SETTINGS)
    }


class SameHand(RuleBasedStateMachine):
    """One hand played in both implementations with hypothesis choosing the
    setup and every action, legal or not."""

    @initialize(data=st.data())
    def deal(self, data):
        kwargs = rules_kwargs(data.draw)
        players = data.draw(st.integers(2, 8), label="players")
        # Small stacks reach every all-in case: below the ante, the bring-in, a bet.
        stacks = data.draw(st.lists(st.integers(1, 40), min_size=players, max_size=players))
        if data.draw(st.booleans(), label="explicit deck"):
            source = {"deck": data.draw(st.permutations(range(52)), label="deck")}
        else:
            source = {"seed": data.draw(st.integers(0, 2**64 - 1), label="seed")}
        self.core = core.Hand(core.Rules(**kwargs), stacks, **source)
        self.ref = ref.Hand(ref.Rules(**kwargs), stacks, **source)

    @rule(data=st.data())
    def act(self, data):
        legal = self.core.legal_actions()
        if legal:
            action = data.draw(st.sampled_from(legal), label="action")
            self.core.act(action)
            self.ref.act(action)

    @rule(action=st.sampled_from(list(Action)))
    def illegal_action_changes_nothing(self, action):
        if action in self.core.legal_actions():
            return
        for hand in (self.core, self.ref):
            before = observe(hand)
            with pytest.raises(IllegalActionError):
                hand.act(action)
            assert observe(hand) == before

    @rule()
    def pickle_and_play_on(self):
        """A pickled hand comes back equal, and play goes on with the copy."""
        for name in ("core", "ref"):
            hand = getattr(self, name)
            copy = pickle.loads(pickle.dumps(hand))
            assert observe(copy) == observe(hand)
            setattr(self, name, copy)

    @invariant()
    def both_agree(self):
        state = observe(self.core)
        assert state == observe(self.ref)
        check_invariants(state)


TestSameHand = SameHand.TestCase


@pytest.mark.parametrize("batch", range(4))
def test_random_hands_agree_to_the_end(batch):
    """Seeded random play to the end of the hand, many hands: cheap breadth."""
    rng = random.Random(batch)
    for _ in range(150):
        kwargs = {
            "ante": rng.randint(0, 3),
            "bring_in": (b := rng.randint(1, 3)),
            "small_bet": (s := b + rng.randint(0, 3)),
            "big_bet": s + rng.randint(0, 4),
            "cap": rng.choice([4, None, 1, 2, 5]),
        }
        for name, values in SETTINGS.items():
            kwargs[name] = rng.choice(values)
        if rng.random() < 0.3:
            kwargs = fields(
                core.Rules.preset(rng.choice(core.Rules.PRESETS), *list(kwargs.values())[:4])
            )
        players = rng.randint(2, 8)
        stacks = [rng.choice([1, 2, 3, 5, 8, 13, 40, 200]) for _ in range(players)]
        seed = rng.getrandbits(64)
        a = core.Hand(core.Rules(**kwargs), stacks, seed=seed)
        b = ref.Hand(ref.Rules(**kwargs), stacks, seed=seed)
        while True:
            state = observe(a)
            assert state == observe(b), (kwargs, stacks, seed)
            check_invariants(state)
            if a.is_over:
                break
            action = rng.choice(a.legal_actions())
            a.act(action)
            b.act(action)
        # clone() is independent of the original.
        assert observe(a.clone()) == state


@pytest.mark.parametrize("source", [{"seed": 11}, {"deck": list(range(51, -1, -1))}])
def test_pickling_through_the_reshuffle(impl, source):
    """Eight players with burn cards run the deck dry, so the burns are
    reshuffled on seventh street: a hand pickled at any step (explicit deck or
    seed) replays to the same state, reshuffle included."""
    hand = impl.Hand(impl.Rules(burn_cards=True), [100] * 8, **source)
    while True:
        copy = pickle.loads(pickle.dumps(hand, protocol=pickle.HIGHEST_PROTOCOL))
        assert type(copy) is type(hand) and observe(copy) == observe(hand)
        if hand.is_over:
            break
        legal = hand.legal_actions()
        hand.act(next(a for a in (Action.BRING_IN, Action.CHECK, Action.CALL) if a in legal))
    assert any(e.kind == "reshuffle" for e in hand.history)
