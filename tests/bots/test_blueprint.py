"""The built-in "blueprint": the shipped heads-up policy loads with its
header, plays in every place a strategy is taken (as the reference plays
it), refuses more than two players everywhere, fits the size bound, and
beats the simple built-ins (the full-size proof, a million duplicate hands a
pairing, is benches/leaderboard.py's)."""

from __future__ import annotations

import os

import numpy as np
import pytest

import razz_fast as rf
import razz_fast.reference as ref
from razz_fast._policy_file import shipped_path
from razz_fast.bots.blueprint import blueprint


def test_it_is_a_trained_heads_up_policy_of_at_most_16_mb():
    path = shipped_path("blueprint")
    assert os.path.getsize(path) <= 16 * 2**20
    policy = blueprint()
    assert policy is blueprint()  # loaded once
    assert policy.players == 2 and policy.__name__ == "blueprint"
    made = policy.header["made"]
    assert made["by"] == "train" and made["iterations"] >= 1_000_000
    assert policy.rules == rf.Rules()
    assert "blueprint" in rf._core.STRATEGIES


def test_it_plays_as_the_reference_plays_it():
    core = rf.simulate(300, players=2, strategies=["blueprint", "tight"], seed=5, record=300)
    mirror = ref.simulate(300, players=2, strategies=["blueprint", "tight"], seed=5, record=300)
    assert core.net == mirror.net
    assert [h.history for h in core.records] == [h.history for h in mirror.records]
    by_name = rf.simulate(5000, players=2, strategies=["blueprint", "random"], seed=2)
    by_object = rf.simulate(5000, players=2, strategies=[blueprint(), "random"], seed=2)
    assert by_name.net == by_object.net


def test_it_plays_in_tables_and_the_environments():
    from razz_fast.env import RazzEnv, RazzVectorEnv

    core = rf.Tables(rf.Rules(), [400, 400], 3, seed=1, strategies=["blueprint", None])
    mirror = ref.Tables(ref.Rules(), [400, 400], 3, seed=1, strategies=["blueprint", None])
    for _ in range(30):
        assert (core.actor == mirror.actor).all()
        passive = np.where(core.legal[:, rf.Action.CALL], rf.Action.CALL, rf.Action.CHECK)
        passive = np.where(core.legal[:, rf.Action.BRING_IN], rf.Action.BRING_IN, passive)
        core.step(passive)
        mirror.step(passive)
    env = RazzEnv(players=2, opponents="blueprint")
    env.reset(seed=3)
    vector = RazzVectorEnv(num_envs=2, players=2, opponents="blueprint")
    vector.reset(seed=3)
    for _ in range(10):
        env.step(1)
        vector.step(np.ones(2, dtype=np.int64))


@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
def test_more_than_two_players_is_a_value_error_saying_heads_up_only(impl):
    message = "blueprint is heads-up only: it plays at 2 players, the table has 3"
    with pytest.raises(ValueError, match=message):
        impl.simulate(10, players=3, strategies="blueprint")
    with pytest.raises(ValueError, match=message):
        impl.match(["blueprint", "tight", "random"], 10)
    with pytest.raises(ValueError, match=message):
        impl.Tables(impl.Rules(), [50] * 3, 2, strategies=["blueprint", None, None])


def test_more_than_two_players_in_the_environments_and_command_line(capsys):
    from razz_fast.cli import main
    from razz_fast.env import RazzEnv

    with pytest.raises(ValueError, match="heads-up only"):
        RazzEnv(players=6, opponents="blueprint")
    assert main(["simulate", "--strategies", "blueprint", "--hands", "10"]) == 2
    assert "heads-up only" in capsys.readouterr().err
    assert main(["match", "blueprint", "random", "--hands", "2000"]) == 0
    assert "blueprint" in capsys.readouterr().out


def test_it_beats_check_call_and_random():
    for opponent in ("check_call", "random"):
        duel = rf.match(["blueprint", opponent], 40_000, seed=8)
        edge, error = duel.pairwise[("blueprint", opponent)]
        assert edge - 2 * error > 0, (opponent, edge, error)
