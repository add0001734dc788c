"""The run objects of the core (``SimRun``, ``MatchRun``, ``EquitySpot``):
built once from the user's arguments, checked in signature order, reused
for every batch, and pickled to Dask workers."""

from __future__ import annotations

import pickle
import threading

import pytest

import razz_fast as rf
import razz_fast.reference as ref
from razz_fast import _core
from razz_fast.events import Action


def _sim_sums(sums: _core.SimSums) -> tuple[object, ...]:
    return sums.hands, sums.net, sums.sum_sq, sums.showdowns, sums.ranks


def _match_sums(sums: _core.MatchSums) -> tuple[object, ...]:
    return (sums.deals, sums.hands, sums.net, sums.deal_sq, sums.hand_sq, sums.seat_hands,
            sums.luck, sums.adjusted_sq)  # fmt: skip


def first_legal(view: rf.PlayerView) -> Action:
    """A per-decision strategy that pickles by reference."""
    return view.legal_actions()[0]


def test_a_simulation_run_pickles_and_plays_the_same_after():
    run = _core.SimRun(5000, 3, ["tight", first_legal, "random"], rf.Rules(ante=1),
                       [100, 200, 300], 7, 2, False, 3)  # fmt: skip
    again = pickle.loads(pickle.dumps(run))
    assert type(again) is _core.SimRun
    fields = ("hands", "players", "strategies", "rules", "stacks", "seed", "threads",
              "progress", "record", "chunks", "max_chunks_per_call", "pool_threads")  # fmt: skip
    for name in fields:
        assert getattr(again, name) == getattr(run, name), name
    assert _sim_sums(again.play(1, 3)) == _sim_sums(run.play(1, 3))
    first, second = run.record_hands(0, 2), again.record_hands(0, 2)
    assert [h.history for h in first] == [h.history for h in second]


def test_a_match_run_pickles_and_plays_the_same_after():
    seating = ["tight", "random", first_legal, "random"]
    run = _core.MatchRun(seating, 3000, None, None, 500, True, 5, None, False, 4, True)
    again = pickle.loads(pickle.dumps(run))
    assert type(again) is _core.MatchRun
    for name in ("hands", "deals", "players", "strategies", "index", "seatings", "stacks",
                 "duplicate", "seed", "threads", "record", "adjust_luck", "chunks"):  # fmt: skip
        assert getattr(again, name) == getattr(run, name), name
    assert run.index == [0, 1, 2, 1] and run.seatings == 4 and run.deals == 750
    assert _match_sums(again.play(0, 1)) == _match_sums(run.play(0, 1))
    assert len(run.record_hands(run.record)) == 4


@pytest.mark.parametrize("exact", [None, False, True])
def test_an_equity_spot_pickles_and_counts_the_same_after(exact):
    # exact=None with a drawn seed must stay None after the trip (given
    # again to the constructor, a seed would mean sampling).
    spot = _core.EquitySpot(["As 2d 3c", "4h 5h 6s"], "7c", exact, None, None, 1, False)
    again = pickle.loads(pickle.dumps(spot))
    for name in ("known", "dead", "exact", "trials", "seed", "threads", "progress"):
        assert getattr(again, name) == getattr(spot, name), name
    assert again.plan() == spot.plan()
    a, b = spot.slice(0, 3), again.slice(0, 3)
    assert (a.exact, a.total, a.shares, a.wins) == (b.exact, b.total, b.shares, b.wins)


# Arguments of simulate in signature order, each bad, with what the error
# names; each case fixes the arguments before it.
SIMULATE_BAD = [
    ("hands", 0, "hands"),
    ("players", 1, "players"),
    ("strategies", "nope", "strateg"),
    ("rules", 3, "rules"),
    ("stacks", 0, "stack"),
    ("seed", -1, "seed"),
    ("threads", 0, "threads"),
    ("progress", 3, "progress"),
    ("record", -1, "record"),
]
SIMULATE_GOOD = dict(hands=10, players=2, strategies="tight", rules=None, stacks=100, seed=1,
                     threads=1, progress=False, record=0)  # fmt: skip


@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
@pytest.mark.parametrize("k", range(len(SIMULATE_BAD)))
def test_simulate_reports_the_first_bad_argument_in_signature_order(impl, k):
    args = dict(SIMULATE_GOOD)
    args.update({name: bad for name, bad, _ in SIMULATE_BAD[k:]})
    hands = args.pop("hands")
    with pytest.raises((TypeError, ValueError), match=SIMULATE_BAD[k][2]):
        impl.simulate(hands, **args)


MATCH_BAD = [
    ("strategies", "tight", "strategies"),
    ("hands", 0, "hands"),
    ("players", 3, "players"),
    ("rules", 3, "rules"),
    ("stacks", 0, "stack"),
    ("duplicate", 1, "duplicate"),
    ("seed", -1, "seed"),
    ("threads", 0, "threads"),
    ("progress", 3, "progress"),
    ("record", -1, "record"),
    ("adjust_luck", 1, "adjust_luck"),
]
MATCH_GOOD = dict(strategies=["tight", "random"], hands=10, players=None, rules=None,
                  stacks=100, duplicate=True, seed=1, threads=1, progress=False, record=0,
                  adjust_luck=False)  # fmt: skip


@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
@pytest.mark.parametrize("k", range(len(MATCH_BAD)))
def test_match_reports_the_first_bad_argument_in_signature_order(impl, k):
    args = dict(MATCH_GOOD)
    args.update({name: bad for name, bad, _ in MATCH_BAD[k:]})
    strategies, hands = args.pop("strategies"), args.pop("hands")
    with pytest.raises((TypeError, ValueError), match=MATCH_BAD[k][2]):
        impl.match(strategies, hands, **args)


EQUITY_BAD = [
    ("hands", "As 2d", "hands"),
    ("dead", "As", "As"),
    ("exact", "yes", "exact"),
    ("trials", 0, "trials"),
    ("seed", -1, "seed"),
    ("threads", 0, "threads"),
    ("progress", 3, "progress"),
]
EQUITY_GOOD = dict(hands=["As 2d 3c", "4h 5h 6s"], dead=(), exact=None, trials=10, seed=1,
                   threads=1, progress=False)  # fmt: skip


@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
@pytest.mark.parametrize("k", range(len(EQUITY_BAD)))
def test_equity_reports_the_first_bad_argument_in_signature_order(impl, k):
    args = dict(EQUITY_GOOD)
    args.update({name: bad for name, bad, _ in EQUITY_BAD[k:]})
    hands, dead = args.pop("hands"), args.pop("dead")
    with pytest.raises((TypeError, ValueError), match=EQUITY_BAD[k][2]):
        impl.equity(hands, dead, **args)


def test_a_python_strategy_run_plays_every_batch_on_its_one_pool():
    # Threads of a pool built per batch would be new OS threads each batch
    # (Linux numbers threads afresh): one native id over two batches means
    # the run's one pool played both.
    seen: set[int] = set()

    def strategy(view: rf.PlayerView) -> Action:
        seen.add(threading.get_native_id())
        return view.legal_actions()[0]

    run = _core.SimRun(4 * _core.CHUNK, 2, strategy, None, 100, 3, None, False, 0)
    assert run.pool_threads == 1  # per-decision strategies hold the GIL: one thread
    for first in range(3):
        run.play(first, 1)
    assert len(seen) == 1 and threading.get_native_id() not in seen


def test_only_built_in_strategies_need_no_pool():
    assert _core.SimRun(10, 2, "tight", None, 100, 1, None, False, 0).pool_threads is None
    policy = rf.batch_policy(lambda batch: batch.legal.argmax(axis=1))
    run = _core.SimRun(10, 2, policy, None, 100, 1, 2, False, 0)
    assert run.pool_threads == 2
