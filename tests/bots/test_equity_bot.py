"""examples/equity_bot.py: the example bot written from the public API plays
legal, reproducible razz wherever a strategy goes, and beats the simple
built-ins heads-up."""

from __future__ import annotations

import importlib.util
import logging
import pathlib
import pickle
import subprocess
import sys

import pytest

import razz_fast as rf
import razz_fast.reference as ref
from razz_fast import Action

EXAMPLE = pathlib.Path(__file__).parents[2] / "examples" / "equity_bot.py"


def load_example():
    """The example as a module (it is no package's), registered under its
    own name so that pickle finds the bot's class again."""
    if "equity_bot" not in sys.modules:
        spec = importlib.util.spec_from_file_location("equity_bot", EXAMPLE)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["equity_bot"] = module
        spec.loader.exec_module(module)
    return sys.modules["equity_bot"]


@pytest.fixture(scope="module")
def bot():
    return load_example().EquityBot()


class Checked:
    """Wraps the bot: checks each answer is one of the view's legal actions,
    and counts the decisions and the actions taken."""

    def __init__(self, bot):
        self.bot = bot
        self.__name__ = "checked"
        self.decisions = 0
        self.taken: set[Action] = set()

    def __call__(self, view):
        answer = self.bot(view)
        assert isinstance(answer, Action)
        assert answer in view.legal_actions()
        self.decisions += 1
        self.taken.add(answer)
        return answer


@pytest.mark.parametrize("players", [2, 3, 6, 8])
def test_it_plays_only_legal_actions_in_simulate_at_any_player_count(bot, players):
    checked = Checked(bot)
    others = ["check_call", "tight", "random"] * 3
    result = rf.simulate(300, players=players, strategies=[checked, *others[: players - 1]],
                         seed=players)  # fmt: skip
    assert result.hands == 300
    assert checked.decisions > 300
    # It folds, checks, calls and bets or raises, by its equity.
    assert {Action.FOLD, Action.CALL} <= checked.taken
    assert checked.taken & {Action.BET, Action.RAISE, Action.COMPLETE}


def test_every_seat_can_be_an_equity_bot(bot):
    # Eight of them see the community card of a short deck and each
    # other's folds; every answer is still legal.
    checked = Checked(bot)
    result = rf.simulate(200, players=8, strategies=[checked] * 8, seed=3)
    assert sum(result.net) == 0
    assert checked.decisions > 1000


def test_the_same_view_gets_the_same_decision_and_the_same_seed_the_same_match(bot):
    first = rf.match([bot, "check_call"], 600, seed=7, record=600)
    again = rf.match([load_example().EquityBot(), "check_call"], 600, seed=7, record=600)
    assert first.net == again.net
    assert [h.history for h in first.records] == [h.history for h in again.records]
    views = []
    rf.simulate(20, players=2, strategies=[lambda v: views.append(v) or bot(v), "tight"],
                seed=2)  # fmt: skip
    assert views
    for view in views:
        assert bot(view) == bot(view)
        assert bot.decision_seed(view) == bot.decision_seed(view)
    for view in views:
        probabilities = bot.probabilities(view)
        assert list(probabilities) == view.legal_actions()
        assert sorted(probabilities.values())[-1] == 1.0 and sum(probabilities.values()) == 1.0
        assert probabilities[bot(view)] == 1.0
    # The bot's own seed changes its samples, and so some decisions.
    other = load_example().EquityBot(seed=1)
    assert any(bot.decision_seed(v) != other.decision_seed(v) for v in views)


def test_it_plays_the_same_hands_in_the_reference(bot):
    # The reference's views answer the same questions, so the same seed
    # gives the same hands, decision for decision.
    for players in (2, 3):
        seats = [bot, "tight", "check_call"][:players]
        core = rf.simulate(150, players=players, strategies=seats, seed=5, record=150)
        reference = ref.simulate(150, players=players, strategies=seats, seed=5, record=150)
        assert core.net == reference.net
        assert [h.history for h in core.records] == [h.history for h in reference.records]


def test_it_pickles_keeps_its_label_and_plays_the_same(bot):
    copy = pickle.loads(pickle.dumps(bot))
    assert type(copy) is type(bot) and copy.__name__ == "equity_bot"
    assert (copy.trials, copy.seed) == (bot.trials, bot.seed)
    a = rf.match([bot, "random"], 400, seed=4)
    b = rf.match([copy, "random"], 400, seed=4)
    assert a.net == b.net
    assert a.strategies == ["equity_bot", "random"]


def test_bad_arguments_are_clear_errors():
    module = load_example()
    with pytest.raises(ValueError, match="trials"):
        module.EquityBot(0)
    with pytest.raises(ValueError, match="seed"):
        module.EquityBot(seed=-1)


@pytest.mark.parametrize("opponent", ["check_call", "random"])
def test_it_beats_check_call_and_random_heads_up(bot, opponent):
    result = rf.match([bot, opponent], 4000, seed=12)
    assert result.hands == 4000
    low, _ = result.interval[0]
    assert low > 0, result.bb_per_100


def test_the_example_runs_as_a_script_and_reports_each_pairing():
    out = subprocess.run(
        [sys.executable, str(EXAMPLE), "--hands", "200", "--trials", "16"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout.splitlines()
    assert out[0].split()[:3] == ["pairing", "hands", "bb/100"]
    assert [line.split()[2] for line in out[1:]] == ["random", "check_call", "tight"]
    assert all(line.split()[3] == "200" for line in out[1:])


@pytest.mark.slow
def test_it_runs_on_dask_with_the_local_result():
    # Worker processes import the bot's module from the file the client
    # uploads, as the example's docstring says.
    distributed = pytest.importorskip("dask.distributed")
    import razz_fast.distributed as rd

    bot = load_example().EquityBot()
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    with cluster, distributed.Client(cluster) as client:
        client.upload_file(str(EXAMPLE))
        remote = rd.match([bot, "check_call"], 1000, seed=3, client=client)
    local = rf.match([bot, "check_call"], 1000, seed=3)
    assert remote.net == local.net
    assert remote.strategies == ["equity_bot", "check_call"]
