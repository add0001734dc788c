"""razz_fast.openspiel: the pyspiel game ``python_razz`` passes OpenSpiel's
own conformance run, deals the cards chance gives where the core deals
them, keeps a seat's tensors blind to what it has not seen, pickles and
serializes, and its bots play through ``evaluate_bots``."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import razz_fast as rf  # noqa: E402
import razz_fast.openspiel as ro  # noqa: E402
from razz_fast.openspiel._game import FEATURES  # noqa: E402

# Settings whose hands reach every way the core deals: plain streets,
# burns, all-in runouts to a seventh street with a community card, and the
# reshuffle of the burns (seven players all in: the stub is short).
GAMES = [
    {"players": 2},
    {"players": 6, "ante": 1},
    {"players": 8, "ante": 1, "stacks": 3},
    {"players": 7, "ante": 1, "stacks": 2, "preset": "wsop"},
    {"players": 8, "ante": 1, "stacks": 2, "preset": "wsop"},
    {"players": 4, "preset": "tda", "ante": 1, "seat_stacks": "1 5 30 60"},
    {"players": 3, "preset": "wsop_live", "cap": 0, "stacks": 40},
    # Everyone all in on the ante: the hand is over, its cards still to deal.
    {"players": 8, "ante": 1, "stacks": 1},
    {"players": 7, "ante": 1, "stacks": 1, "preset": "wsop"},
]


def play(state, rng: random.Random, until: int | None = None):
    """Random legal actions (chance included) to the end, or ``until`` steps."""
    steps = 0
    while not state.is_terminal() and (until is None or steps < until):
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return state


@pytest.mark.parametrize("players", [2, 6, 8])
def test_random_sim_test_with_serialization(players):
    game = pyspiel.load_game("python_razz", {"players": players, "ante": 1})
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


@pytest.mark.parametrize("params", GAMES[2:], ids=str)
def test_random_sim_test_at_short_stacks_and_presets(params):
    game = pyspiel.load_game("python_razz", params)
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


def seat_cards_of(hand, seat: int) -> list[int]:
    down, up = hand.down_cards(seat), hand.up_cards(seat)
    return sorted(down + up)


@pytest.mark.parametrize("params", GAMES, ids=str)
def test_the_core_holds_the_cards_chance_dealt(params):
    """At every decision and at the end, each seat's cards in the core hand
    are the ones chance dealt it, street by street (burns, reshuffles and
    the community card included)."""
    game = pyspiel.load_game("python_razz", params)
    rng = random.Random(7)
    for _ in range(60):
        state = game.new_initial_state()
        while True:
            if not state.is_chance_node():
                hand = state.hand
                track = state._t
                for seat in range(game.num_players()):
                    mine = sorted(c for c in track.seat_cards(seat) if c >= 0)
                    assert seat_cards_of(hand, seat) == mine
                community = track.community()
                assert hand.community_cards == ([community] if community >= 0 else [])
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        assert sum(state.returns()) == 0


def test_actions_are_the_core_actions_and_chance_is_uniform():
    game = pyspiel.load_game("python_razz", {"players": 3})
    assert game.num_distinct_actions() == len(rf.Action) == ro.NUM_ACTIONS
    assert game.max_chance_outcomes() == 52
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [c for c, _ in outcomes] == list(range(52))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    for card in (4, 9, 13, 0, 1, 2, 51, 50, 49):  # seat 0's up card, the 2c, brings in
        state.apply_action(card)
    assert state.current_player() == 0
    assert state.legal_actions() == [rf.Action.BRING_IN, rf.Action.COMPLETE]
    assert state.legal_actions(1) == []
    assert state.action_to_string(0, rf.Action.BRING_IN) == "bring_in"
    state.apply_action(rf.Action.BRING_IN)
    assert state.history()[-1] == rf.Action.BRING_IN
    assert state.view(1).to_call == 1
    with pytest.raises(rf.IllegalActionError):
        state.apply_action(rf.Action.BET)


def test_a_card_already_dealt_is_refused():
    state = pyspiel.load_game("python_razz", {"players": 2}).new_initial_state()
    state.apply_action(5)
    with pytest.raises(ValueError, match="card 5"):
        state.apply_action(5)
    assert state.legal_actions() == [c for c in range(52) if c != 5]


def test_parameters():
    game = pyspiel.load_game(
        "python_razz",
        {"players": 4, "ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8, "stacks": 50},
    )
    config = game.config
    assert config.rules == rf.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)
    assert config.stacks == [50] * 4
    assert pyspiel.load_game("python_razz").config.stacks == [400, 400]
    wsop = pyspiel.load_game("python_razz", {"preset": "wsop", "odd_chip": "seat", "cap": 0})
    assert wsop.config.rules == rf.Rules.preset("wsop").replace(odd_chip="seat", cap=None)
    burns = pyspiel.load_game("python_razz", {"burn_cards": 1}).config.rules
    assert burns.burn_cards
    assert game.max_utility() == 150.0 and game.min_utility() == -50.0


@pytest.mark.parametrize(
    ("params", "match"),
    [
        ({"players": 9}, "players"),
        ({"players": 1}, "players"),
        ({"seat_stacks": "10 20 30"}, "seat_stacks"),
        ({"seat_stacks": "ten 20"}, "seat_stacks"),
        ({"seat_stacks": "10 20", "stacks": 5}, "not both"),
        ({"stacks": -1}, "stacks"),
        ({"seat_stacks": "0 5"}, "stack"),
        ({"preset": "casino"}, "casino"),
        ({"reopen": "sometimes"}, "reopen"),
        ({"burn_cards": 2}, "burn_cards"),
    ],
)
def test_bad_parameters_are_refused_by_name(params, match):
    with pytest.raises((ValueError, pyspiel.SpielError), match=match):
        pyspiel.load_game("python_razz", params)


def test_game_and_state_pickle_and_serialize():
    game = pyspiel.load_game("python_razz", {"players": 5, "preset": "wsop", "stacks": 20})
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    rng = random.Random(3)
    for until in (0, 4, 15, 16, 30, 60, 400):
        state = play(game.new_initial_state(), rng, until)
        copy = pickle.loads(pickle.dumps(state))
        assert str(copy) == str(state)
        assert copy.history() == state.history()
        text = pyspiel.serialize_game_and_state(game, state)
        _, again = pyspiel.deserialize_game_and_state(text)
        assert str(again) == str(state)
        assert again.history() == state.history()
        clone = state.clone()
        # Each goes on alone: the copies share nothing that changes.
        play(clone, random.Random(1))
        assert str(copy) == str(state)
        if not state.is_terminal():
            assert play(copy, random.Random(1)).returns() == clone.returns()


def test_tensors_have_the_declared_sizes_and_the_features_of_the_core():
    game = pyspiel.load_game("python_razz", {"players": 6, "ante": 1, "stacks": 30})
    info_size = game.information_state_tensor_size()
    assert game.observation_tensor_size() == FEATURES == rf.FEATURES
    assert info_size == FEATURES + 3 * game.config.max_decisions
    rng = random.Random(5)
    for _ in range(30):
        state = game.new_initial_state()
        while True:
            for p in range(6):
                assert len(state.information_state_tensor(p)) == info_size
                observation = np.array(state.observation_tensor(p), dtype=np.float32)
                if not state.is_chance_node():
                    assert np.array_equal(observation, state.view(p).features())
                assert isinstance(state.observation_string(p), str)
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))


def test_chance_node_features_follow_the_core_layout():
    """The features a chance node gives (the core's encoder over the
    state's own record) equal the core's wherever both apply: at the first
    decision of a street, for every seat not to act."""
    game = pyspiel.load_game("python_razz", {"players": 5, "ante": 1, "stacks": 25})
    rng = random.Random(11)
    checked = 0
    for _ in range(80):
        state = game.new_initial_state()
        while not state.is_terminal():
            track = state._t
            first = state.is_player_node() and track.deals[-1].taken_at == len(track.actions)
            if first:
                for p in range(5):
                    if p != state.current_player():
                        row = track.row_features(p)
                        assert np.array_equal(row, state.view(p).features())
                        checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 500


def swapped(cards: list[int], seat: int, players: int, rng: random.Random) -> list[int]:
    """Third street of ``cards`` (a deal in chance order) with the other
    seats' down cards exchanged at random with cards never dealt."""
    never = [c for c in range(52) if c not in cards]
    places = [i for i in range(2 * players) if i % players != seat]
    pool = [cards[i] for i in places] + never
    rng.shuffle(pool)
    out = cards[: 3 * players]
    for i, card in zip(places, pool):
        out[i] = card
    return out


@pytest.mark.parametrize("players", [2, 5, 8])
def test_a_seats_information_state_ignores_other_seats_unseen_cards(players):
    """Replaying a hand with other seats' down cards swapped for unseen
    cards leaves the seat's information-state tensor and string, and its
    observation, the same at every node up to the next deal (later up
    cards are dealt as before, so the betting stays legal)."""
    game = pyspiel.load_game("python_razz", {"players": players, "ante": 1, "stacks": 30})
    rng = random.Random(players)
    compared = 0
    for _ in range(40):
        original = play(game.new_initial_state(), rng)
        for seat in range(players):
            cards = [pa.action for pa in original.full_history() if pa.player < 0]
            deck = swapped(cards, seat, players, rng)
            third = 3 * players
            a, b = game.new_initial_state(), game.new_initial_state()
            dealt = 0
            for pa in original.full_history():
                if pa.player < 0:
                    a.apply_action(pa.action)
                    # Third street's hidden cards differ; later cards are
                    # the ones the original dealt (the same seats see them).
                    b.apply_action(deck[dealt] if dealt < third else pa.action)
                    dealt += 1
                else:
                    a.apply_action(pa.action)
                    b.apply_action(pa.action)
                if a.is_terminal():
                    break  # a showdown shows the cards
                assert a.information_state_tensor(seat) == b.information_state_tensor(seat)
                assert a.information_state_string(seat) == b.information_state_string(seat)
                assert a.observation_tensor(seat) == b.observation_tensor(seat)
                compared += 1
    assert compared > 1000


def test_bots_play_through_evaluate_bots():
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

    game = pyspiel.load_game("python_razz", {"players": 6, "ante": 1, "stacks": 40})
    rng = np.random.RandomState(0)
    names = ["tight", "check_call", "random", "tight", "check_call", "random"]
    total = np.zeros(6)
    for i in range(30):
        bots = [ro.RazzBot(name, seat, seed=i) for seat, name in enumerate(names)]
        total += evaluate_bots(game.new_initial_state(), bots, rng)
    assert total.sum() == 0

    heads_up = pyspiel.load_game("python_razz", {"players": 2})
    for i in range(20):
        bots = [ro.RazzBot("blueprint", 0, seed=i), ro.RazzBot(lambda v: v.legal_actions()[-1], 1)]
        returns = evaluate_bots(heads_up.new_initial_state(), bots, rng)
        assert sum(returns) == 0


def test_the_tight_bot_decides_as_the_core_tight():
    """The bot's "tight" (the plain statement the reference plays, from the seat's view)
    decides as the core's built-in in the hands the core plays: the same
    hands, played by simulate with recording, step for step."""
    result = rf.simulate(200, players=4, strategies="tight", seed=3, record=200)
    bot = {seat: ro.RazzBot("tight", seat) for seat in range(4)}
    decided = 0
    for hand in result.records:
        replay = rf.Hand(hand.rules, hand.starting_stacks, seed=hand.seed)
        for event in hand.history:
            if event.kind in ("bring_in", "complete", "bet", "raise", "call", "check", "fold"):
                view = replay.view()
                chosen = bot[view.seat]._decide(view)
                assert chosen == rf.Action[event.kind.upper()]
                replay.act(chosen)
                decided += 1
    assert decided > 500


def test_bot_arguments_are_checked():
    with pytest.raises(ValueError, match="strategy"):
        ro.RazzBot("loose", 0)
    with pytest.raises(TypeError, match="strategy"):
        ro.RazzBot(3, 0)
    with pytest.raises(ValueError, match="player"):
        ro.RazzBot("tight", -1)
    game = pyspiel.load_game("python_razz", {"players": 2})
    state = game.new_initial_state()
    for card in range(6):
        state.apply_action(card)
    other = 1 - state.current_player()
    with pytest.raises(ValueError, match="to act"):
        ro.RazzBot("tight", other).step(state)


def test_a_view_at_a_chance_node_is_refused():
    state = pyspiel.load_game("python_razz", {"players": 2}).new_initial_state()
    assert state.hand is None
    with pytest.raises(ValueError, match="chance node"):
        state.view(0)


def test_the_public_api_has_docstrings():
    names = {"RazzGame": ["new_initial_state", "make_py_observer"]}
    names["RazzState"] = ["current_player", "legal_actions", "chance_outcomes", "returns"]
    names["RazzState"] += ["dealing", "hand", "view", "features"]
    names["RazzBot"] = ["step"]
    for name in ro.__all__:
        obj = getattr(ro, name)
        if isinstance(obj, type):
            assert len((obj.__doc__ or "").split()) >= 5, name
            for member in names.get(name, []):
                doc = getattr(obj, member).__doc__ or ""
                assert len(doc.split()) >= 3, f"{name}.{member}"
