"""match (docs/MATCH.md): the same deals for every rotation of the seating;
identical strategies break exactly even; core == reference; any threads;
plain play is simulate's run; the command line."""

from __future__ import annotations

import json
import math
import pickle
import subprocess
import sys

import numpy as np
import pytest

import razz_fast as rf
import razz_fast.reference as ref


def last(view):
    return view.legal_actions()[-1]


def last_again(view):
    return view.legal_actions()[-1]


@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
@pytest.mark.parametrize("players", range(2, 9))
def test_two_copies_of_one_strategy_each_win_exactly_nothing(impl, players):
    hands = 40 * players if impl is ref else 3000
    for seating in ([last, last_again] * 4, [last] + [last_again] * 7):
        result = impl.match(seating[:players], hands, seed=players)
        assert result.net == [0, 0]
        assert result.strategies == ["last", "last_again"]


@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
def test_one_deal_has_no_error_and_says_so(impl):
    # One deal says nothing of the spread: NaN, never an interval of no width.
    one = impl.match(["tight", "check_call"], 2, seed=3)
    assert one.deals == 1
    for figures in (one.stderr, one.variance_reduction, [e for _, e in one.pairwise.values()]):
        assert all(math.isnan(x) for x in figures)
    assert all(math.isnan(low) and math.isnan(high) for low, high in one.interval)
    assert one.table().count("(one deal)") == 2
    # Unknown figures are NaN, yet one seed still gives one result: for any
    # threads, in both implementations, and after a pickle round trip.
    assert one == rf.match(["tight", "check_call"], 2, seed=3, threads=2)
    assert one == ref.match(["tight", "check_call"], 2, seed=3)
    assert one == pickle.loads(pickle.dumps(one))
    assert one != rf.match(["tight", "check_call"], 2, seed=4)
    # Two deals measure it; two strategies that play alike leave none.
    two = impl.match(["tight", "check_call"], 4, seed=3)
    assert two.deals == 2 and not any(math.isnan(x) for x in two.stderr)
    alike = impl.match([last, last_again], 4, seed=3)
    assert alike.stderr == [0.0, 0.0] and alike.variance_reduction == [math.inf] * 2


@pytest.mark.parametrize(
    "seating",
    [
        ["tight", "check_call", "random"] * 2,
        ["tight", last],
        [last, "tight", "random", "tight", "check_call"],
        ["tight", "check_call"] * 4,
    ],
)
def test_core_equals_reference_for_any_threads(seating):
    expected = ref.match(seating, 500, seed=9)
    for threads in (1, 2, 3):
        got = rf.match(seating, 500, seed=9, threads=threads)
        for name in ("strategies", "net", "mean", "stderr", "plain_stderr", "deals", "hands",
                     "seat_hands", "pairwise"):  # fmt: skip
            assert getattr(got, name) == getattr(expected, name), name


def test_plain_play_is_simulate():
    seating = ["tight", "check_call", "random", "tight"]
    result = rf.match(seating, 5000, seed=3, duplicate=False)
    run = rf.simulate(5000, players=4, strategies=seating, seed=3)
    assert result.net == [run.net[0] + run.net[3], run.net[1], run.net[2]]
    assert result.deals == result.hands == 5000
    assert result.seat_hands == [10000, 5000, 5000]


def test_duplicate_plays_every_distinct_rotation():
    result = rf.match(["tight", "check_call"] * 3, 6000, seed=1)
    assert (result.deals, result.hands) == (3000, 6000)  # A-B-A-B-A-B: two seatings
    result = rf.match(["tight", "check_call", "random"], 6000, seed=1)
    assert (result.deals, result.hands) == (2000, 6000)
    assert sum(result.net) == 0
    assert all(low < bb < high for bb, (low, high) in zip(result.bb_per_100, result.interval))


def test_paired_errors_beat_plain_play_where_luck_dominates():
    # Check/call against random heads-up: the cards decide most hands, and
    # the paired error is less than half of plain play's on as many hands.
    duplicate = rf.match(["check_call", "random"], 200_000, seed=5)
    plain = rf.match(["check_call", "random"], 200_000, seed=5, duplicate=False)
    assert duplicate.stderr[0] * 2 < plain.stderr[0]
    assert duplicate.variance_reduction[0] > 1


@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
def test_plain_play_is_its_own_baseline_and_seats_of_one_hand_are_not_independent(impl):
    # plain_stderr is plain play's error on as many hands, computed over
    # hands: against plain play itself the reduction is exactly 1. Squares
    # taken seat by seat (the three tight seats of a hand as independent)
    # gave 1.39 for tight and 0.66 for check/call here.
    hands = 20_000 if impl is rf else 600
    seating = ["tight", "check_call"] * 3
    plain = impl.match(seating, hands, seed=1, duplicate=False)
    assert plain.variance_reduction == [1.0, 1.0]
    assert plain.plain_stderr == plain.stderr
    # Chips pass only between the two, so both have one plain error, and
    # duplicate cuts both alike.
    paired = impl.match(seating, hands, seed=1)
    assert paired.plain_stderr[0] == pytest.approx(paired.plain_stderr[1], rel=1e-12)
    assert paired.variance_reduction[0] == pytest.approx(paired.variance_reduction[1], rel=1e-9)


def test_any_integer_and_any_sequence_as_the_reference_takes_them():
    # A numpy hand count is about that many hands (rounded up to whole
    # deals), not that many deals; a 1-D array seats as a list does.
    expected = ref.match(["tight", "random"], 7, seed=1)
    for got in (rf.match(["tight", "random"], np.int64(7), seed=1),
                rf.match(np.array(["tight", "random"]), np.uint16(7), seed=1)):  # fmt: skip
        assert (got.deals, got.hands, got.net) == (4, 8, expected.net)
        assert got.stderr == expected.stderr


@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
def test_bad_arguments(impl):
    with pytest.raises(ValueError, match="one strategy per seat, 2 to 8 of them, got 0"):
        impl.match([], 10)
    with pytest.raises(ValueError, match="one strategy per seat, 2 to 8 of them, got 1"):
        impl.match(["tight"], 10)
    with pytest.raises(ValueError, match="players must be"):
        impl.match(["tight"], 10, players=1)
    with pytest.raises(TypeError):
        impl.match("tight", 100)
    with pytest.raises(ValueError, match="entries"):
        impl.match(["tight", "random"], 100, players=3)
    with pytest.raises(TypeError, match="duplicate"):
        impl.match(["tight", "random"], 100, duplicate=1)
    with pytest.raises(ValueError, match="unknown strategy"):
        impl.match(["tight", "loose"], 100)
    with pytest.raises(ValueError):
        impl.match(["tight", "random"], 0)


def test_the_command_line():
    command = [sys.executable, "-m", "razz_fast", "match", "tight", "check_call", "random"]
    out = subprocess.run(command + ["--hands", "3e3", "--seed", "1"], capture_output=True,
                         text=True, check=True).stdout  # fmt: skip
    assert "1,000 deals, 3,000 hands (duplicate), 3 players" in out
    assert out.index("tight") < out.index("random")  # ranked, tight first
    two = command[:-1] + ["--hands", "1000", "--json", "--seed", "2"]
    record = json.loads(subprocess.run(two, capture_output=True, text=True, check=True).stdout)
    assert record["strategies"] == ["tight", "check_call"] and len(record["pairwise"]) == 1
    one = subprocess.run(command[:-1] + ["--hands", "2"], capture_output=True, text=True,
                         check=True).stdout  # fmt: skip
    assert "(one deal)" in one and "nan" not in one
    bad = subprocess.run(command + ["--hands", "1.5"], capture_output=True, text=True)
    assert bad.returncode == 2 and "argument --hands: '1.5' is not an integer" in bad.stderr


# --- recorded hands ---------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from razz_fast.histories import parse_histories, replay  # noqa: E402
from razz_fast.histories.export import to_pokerstars  # noqa: E402


@settings(max_examples=25)
@given(
    st.integers(2, 8),
    st.integers(0, 2),
    st.sampled_from([None, 1, 4]),
    st.booleans(),
    st.integers(0, 2**32),
)
def test_recorded_hands_replay_to_their_payoffs(players, ante, cap, burn, seed):
    rules = rf.Rules(ante, 2, 4, 8, cap=cap, burn_cards=burn)
    seating = ["tight", last, "random", "check_call"] * 2
    result = rf.simulate(300, players=players, strategies=seating[:players], rules=rules,
                         stacks=[40, 400, 12, 400, 80, 400, 400, 7][:players], seed=seed,
                         record=6)  # fmt: skip
    assert len(result.records) == 6
    for hand in result.records:
        assert hand.is_over and hand.rules == rules
        history = parse_histories(to_pokerstars(hand)).hands[0]
        played = replay(history, cap=cap, odd_chip="seat", burn_cards=burn)
        assert played.hand.payoffs == hand.payoffs


def test_records_are_the_hands_played_in_both_implementations():
    seating = ["tight", last, "random"]
    core = rf.simulate(2000, players=3, strategies=seating, seed=4, record=9)
    reference = ref.simulate(40, players=3, strategies=seating, seed=4, record=9)
    assert [h.history for h in core.records] == [h.history for h in reference.records]
    assert rf.simulate(100, seed=4).records == []
    m = rf.match(seating, 300, seed=4, record=5)
    n = ref.match(seating, 300, seed=4, record=5)
    assert [h.history for h in m.records] == [h.history for h in n.records]
    # Deal 0 in each of the three seatings, then deal 1: the same cards.
    first_up = [hand.up_cards(0)[0] for hand in m.records[:3]]
    assert first_up[0] == first_up[1] == first_up[2] != m.records[3].up_cards(0)[0]
    with pytest.raises(TypeError):
        rf.simulate(10, record=1.5)
    with pytest.raises(ValueError):
        rf.simulate(10, record=-1)
