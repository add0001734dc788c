"""match(..., adjust_luck=True) (docs/MATCH.md, "Luck-adjusted results"):
core == reference integer for integer, for any threads and rules; a hand's
luck sums to zero; identical strategies still break exactly even; the
adjusted estimate agrees with the raw one and has a smaller error; the
command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import razz_fast as rf
import razz_fast.reference as ref
from razz_fast._core import MAX_CHIPS, MatchRun
from razz_fast._runs.match import play_match_chunks
from razz_fast.policy import batch_policy
from razz_fast.reference.generator import Xoshiro256PlusPlus
from razz_fast.reference.luck import UNITS, luck, luck_seed


def last(view):
    return view.legal_actions()[-1]


def last_again(view):
    return view.legal_actions()[-1]


@batch_policy
def first_legal(batch):
    """The first legal action of every row."""
    return batch.legal.argmax(axis=1)


FIELDS = ("strategies", "net", "mean", "bb_per_100", "stderr", "interval", "plain_stderr",
          "variance_reduction", "pairwise", "deals", "hands", "seat_hands", "luck")  # fmt: skip


# An eighth of the profile's examples: 12 by default, 625 when thorough.
@settings(max_examples=settings.default.max_examples // 8, deadline=None)
@given(
    st.integers(2, 8),
    st.integers(0, 2),
    st.sampled_from([None, 1, 4]),
    st.booleans(),
    st.sampled_from(rf.Rules.PRESETS),
    st.booleans(),
    st.integers(0, 2**32),
)
def test_core_equals_reference_integer_for_integer(players, ante, cap, burn, preset, duplicate,
                                                   seed):  # fmt: skip
    # Short, uneven stacks make side pots and all-in run-outs; eight players
    # a shared seventh-street card; burns the reshuffle; the rule books
    # their own ways of reopening, opening, showing and splitting.
    seating = (["tight", last, "random", "check_call", first_legal] * 2)[:players]
    stacks = [40, 400, 12, 400, 80, 400, 400, 7][:players]
    rules = rf.Rules.preset(preset, ante, 2, 4, 8).replace(cap=cap, burn_cards=burn)
    rrules = ref.Rules.preset(preset, ante, 2, 4, 8).replace(cap=cap, burn_cards=burn)
    hands = 12 * (players if duplicate else 1)
    got = rf.match(seating, hands, rules=rules, stacks=stacks, seed=seed,
                   duplicate=duplicate, adjust_luck=True)  # fmt: skip
    expected = ref.match(seating, hands, rules=rrules, stacks=stacks, seed=seed,
                         duplicate=duplicate, adjust_luck=True)  # fmt: skip
    for name in FIELDS:
        assert getattr(got, name) == getattr(expected, name), name
    assert got.adjust_luck and expected.adjust_luck
    # (Floats of integer sums that add to zero: a three-way split leaves a
    # rounding in the last bits.)
    assert sum(got.luck) == pytest.approx(0, abs=1e-9)


def test_any_threads_gives_the_same_result():
    seating = ["tight", "check_call", "random"] * 2
    one = rf.match(seating, 6000, seed=4, adjust_luck=True, threads=1)
    for threads in (2, 3):
        other = rf.match(seating, 6000, seed=4, adjust_luck=True, threads=threads)
        for name in FIELDS:
            assert getattr(other, name) == getattr(one, name), name


@pytest.mark.parametrize("players", [3, 8])
def test_the_cores_luck_is_the_references_luck_of_the_same_hands(players):
    # The reference's luck of each hand the core played (its records), summed
    # per strategy, is the core's: the core's own hands, not the reference's
    # replay of them, so the two luck counts are compared alone.
    seating = (["tight", "random", last, "check_call"] * 2)[:players]
    stacks = [30, 200, 90, 400, 12, 60, 250, 90][:players]
    rules = rf.Rules(1, 2, 4, 8, burn_cards=players == 8)
    result = rf.match(seating, 80, seed=8, duplicate=False, adjust_luck=True, rules=rules,
                      stacks=stacks, record=80)  # fmt: skip
    index = {"tight": 0, "random": 1, last: 2, "check_call": 3}
    total = [0] * len(result.strategies)
    for k, hand in enumerate(result.records):
        seat_luck = luck(hand, Xoshiro256PlusPlus(luck_seed(8, k)))
        assert sum(seat_luck) == 0
        for s, x in enumerate(seat_luck):
            total[index[seating[s]]] += x
    assert result.luck == [x / UNITS for x in total]
    assert any(total)


@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
@pytest.mark.parametrize("players", range(2, 9))
def test_two_copies_of_one_strategy_still_win_exactly_nothing(impl, players):
    hands = 6 * players if impl is ref else 2000
    for seating in ([last, last_again] * 4, [last] + [last_again] * 7):
        result = impl.match(seating[:players], hands, seed=players, adjust_luck=True)
        assert result.net == [0, 0]
        assert result.luck == [0.0, 0.0]
        assert result.mean == [0.0, 0.0]


def test_the_adjusted_estimate_agrees_with_the_raw_one_and_is_sharper():
    # Luck averages zero: over 300,000 hands the two estimates of each edge
    # differ by far less than the raw one's error, while the adjusted error
    # is smaller. (Fixed seeds: the figures are the same on every run.)
    for seating in (["check_call", "random"], ["tight", "check_call"] * 3):
        raw = rf.match(seating, 300_000, seed=12)
        adjusted = rf.match(seating, 300_000, seed=12, adjust_luck=True)
        assert adjusted.net == raw.net
        for j in range(2):
            luck_per_hand = adjusted.luck[j] / adjusted.seat_hands[j]
            assert abs(luck_per_hand) < 3 * raw.stderr[j]
            assert adjusted.mean[j] == pytest.approx(raw.mean[j] - luck_per_hand)
            assert adjusted.stderr[j] < 0.9 * raw.stderr[j]
            assert adjusted.plain_stderr[j] == raw.plain_stderr[j]
            assert adjusted.variance_reduction[j] > raw.variance_reduction[j]


def test_bad_arguments():
    for impl in (rf, ref):
        with pytest.raises(TypeError, match="adjust_luck"):
            impl.match(["tight", "random"], 100, adjust_luck=1)


def test_deep_stacks_are_counted_exactly():
    # Stakes near the chip limit: a deal's luck-adjusted result, in
    # 1/LUCK_UNITS chip, squares past 128 bits (the core keeps the sums in
    # 256; the reference's integers have no bound), and still every figure
    # agrees.
    stakes = ("pokerstars", 10**13, 2 * 10**13, 5 * 10**13, 10**14)
    rules = rf.Rules.preset(*stakes)
    seating = ["tight", "random", "check_call", "random"]
    args = dict(stacks=MAX_CHIPS, seed=11, adjust_luck=True)
    core = rf.match(seating, 200, rules=rules, **args)
    reference = ref.match(seating, 200, rules=ref.Rules.preset(*stakes), **args)
    for name in FIELDS:
        assert getattr(core, name) == getattr(reference, name), name
    run = MatchRun(seating, 50, 4, rules, MAX_CHIPS, True, 11, None, False, 0, True)
    assert run.index == [0, 1, 2, 1]
    sums = play_match_chunks(run, 0, 1)
    assert max(sums.adjusted_sq) > 2**128


def test_luck_is_counted_in_the_references_units():
    assert UNITS == rf._core.LUCK_UNITS


def test_the_command_line():
    command = [sys.executable, "-m", "razz_fast", "match", "tight", "check_call",
               "--hands", "2000", "--seed", "3", "--adjust-luck"]  # fmt: skip
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    assert "1,000 deals, 2,000 hands (duplicate, luck-adjusted), 2 players" in out
    record = json.loads(
        subprocess.run(command + ["--json"], capture_output=True, text=True, check=True).stdout
    )
    rules = rf.Rules.preset("pokerstars", 1, 2, 4, 8)  # the command's default stakes
    expected = rf.match(["tight", "check_call"], 2000, seed=3, adjust_luck=True, rules=rules,
                        stacks=800)  # fmt: skip
    assert record["adjust_luck"] is True
    assert record["luck"] == expected.luck
    assert record["bb_per_100"] == expected.bb_per_100
