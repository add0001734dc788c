"""Tables and batch policies (the API, "Many tables at once"): the core's
Tables against the reference's after every step, over rule settings,
player counts and tiny stacks; against separate hands; all-or-nothing
steps; argument errors; batch policies against the same decisions made one
at a time, for any threads and on Dask."""

from __future__ import annotations

import copy
import pickle
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import razz_fast as rf
import razz_fast.reference as ref
from helpers import seen
from razz_fast.errors import IllegalActionError
from razz_fast.reference.generator import hand_seeds
from razz_fast.reference.tables import _row

ARRAYS = ("actor", "street", "to_call", "pot", "legal", "stacks", "bets", "folded",
          "all_in", "cards", "community")  # fmt: skip


def _rules(impl, r):
    ante, bring_in, small, settings = r
    return impl.Rules(ante, bring_in, small, 2 * small, **settings)


# Every rule setting (docs/RULES.md), stakes small enough for tiny stacks.
rules_st = st.tuples(
    st.integers(0, 2),
    st.integers(1, 2),
    st.sampled_from([2, 4]),
    st.fixed_dictionaries(
        {
            "cap": st.sampled_from([None, 1, 4, 5]),
            "heads_up": st.sampled_from(["capped", "round_starts", "before_cap"]),
            "reopen": st.sampled_from(["full", "half"]),
            "short_bring_in": st.sampled_from(["short", "full"]),
            "ante_all_in": st.sampled_from(["forced", "may_fold"]),
            "opener_ties": st.sampled_from(["seat", "suit"]),
            "burn_cards": st.booleans(),
            "showdown": st.sampled_from(["seat", "opener"]),
            "odd_chip": st.sampled_from(["seat", "low_card", "high_card"]),
        }
    ),
)


def _same(t, u, where):
    for name in ARRAYS:
        a, b = getattr(t, name), getattr(u, name)
        assert a.dtype == b.dtype and a.shape == b.shape, (where, name)
        assert (a == b).all(), (where, name, a, b)
    for table in range(t.num_tables):
        for seat in range(t.num_players):
            assert seen(t.view(table, seat)) == seen(u.view(table, seat)), (where, table, seat)
    assert (t.done == u.done).all(), where
    assert (t.payoffs == u.payoffs).all(), where
    assert t.hands_played == u.hands_played, where
    assert (t.features() == u.features()).all(), where


@settings(max_examples=40)
@given(
    rules_st,
    st.integers(2, 8),
    st.integers(1, 5),
    st.sampled_from([1, 3, 10, 400]),
    st.lists(st.sampled_from([None, None, "tight", "random", "check_call"]), min_size=8,
             max_size=8),
    st.integers(0, 2**64 - 1),
    st.integers(0, 2**32),
    st.booleans(),
)  # fmt: skip
def test_core_tables_equal_the_reference_after_every_step(
    r, players, tables, stack, strategies, seed, policy_seed, some_tables
):
    """(With ``some_tables``, each step goes to a random subset of the
    tables through ``where``, and the others must not change at all.)"""
    if all(s is not None for s in strategies[:players]):
        strategies[0] = None
    args = ([stack] * players, tables)
    kwargs = {"seed": seed, "strategies": strategies[:players]}
    t = rf.Tables(_rules(rf, r), *args, **kwargs)
    u = ref.Tables(_rules(ref, r), *args, **kwargs)
    rng = np.random.default_rng(policy_seed)
    for step in range(60):
        _same(t, u, step)
        actions = np.argmax(rng.random(t.legal.shape) * t.legal, axis=1)
        where = rng.random(tables) < 0.5 if some_tables else None
        before = {name: getattr(t, name).copy() for name in ARRAYS}
        played = t.hands_played
        t.step(actions, where=where)
        u.step(actions, where=where)
        if where is not None:
            for name in ARRAYS:
                assert (getattr(t, name)[~where] == before[name][~where]).all(), (step, name)
            assert not t.done[~where].any() and not t.payoffs[~where].any()
            assert t.hands_played - played == t.done[where].sum()
    _same(t, u, "end")


@pytest.mark.parametrize("impl", [rf, ref])
def test_where_steps_only_the_marked_tables_and_is_checked(impl):
    rules = impl.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)
    t = impl.Tables(rules, [100] * 3, 4, seed=9)
    never = np.full(4, 99)  # no action has this value
    legal_first = np.argmax(t.legal, axis=1)
    with pytest.raises(IllegalActionError, match="table 1"):
        t.step(np.where([True, False, True, False], legal_first, never))
    # An action at a table left out is never looked at.
    t.step(np.where([True, False, True, False], legal_first, never),
           where=np.array([True, False, True, False]))  # fmt: skip
    with pytest.raises(TypeError, match="where"):
        t.step(legal_first, where=[1, 0, 1, 0])
    with pytest.raises(ValueError, match="where"):
        t.step(legal_first, where=np.ones(3, dtype=bool))


def test_each_table_starts_with_hand_k_of_the_run():
    rules = rf.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)
    t = rf.Tables(rules, [200] * 5, 7, seed=42)
    hands = [rf.Hand(rules, [200] * 5, seed=hand_seeds(42, k)[0]) for k in range(7)]
    rng = np.random.default_rng(3)
    while not any(t.done):
        for k, hand in enumerate(hands):
            row = _row(hand)
            for name in ARRAYS:
                assert (getattr(t, name)[k] == np.array(row[name])).all(), (k, name)
            # The view of a table is the view of its hand, for the actor
            # (the default) and for every seat.
            assert t.view(k) == hand.view()
            for seat in range(5):
                assert t.view(k, seat) == hand.view(seat)
        actions = np.argmax(rng.random(t.legal.shape) * t.legal, axis=1)
        t.step(actions)
        for hand, action in zip(hands, actions):
            hand.act(int(action))
    for k, hand in enumerate(hands):
        if t.done[k]:
            assert list(t.payoffs[k]) == hand.payoffs


def _uniform(t, rng):
    return np.argmax(rng.random(t.legal.shape) * t.legal, axis=1)


@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("some_tables", [False, True])
def test_the_same_arrays_for_any_threads(threads, some_tables):
    """(700 tables: two or three threads step them in parallel; with
    ``some_tables`` each step goes to a random half through ``where``.)"""
    rules = rf.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)
    a = rf.Tables(rules, [50] * 6, 700, seed=5, threads=1, strategies=[None, "tight"] * 3)
    b = rf.Tables(rules, [50] * 6, 700, seed=5, threads=threads, strategies=[None, "tight"] * 3)
    rng = np.random.default_rng(1)
    for step in range(40):
        actions = _uniform(a, rng)
        where = rng.random(700) < 0.5 if some_tables else None
        a.step(actions, where=where)
        b.step(actions, where=where)
        assert a.hands_played == b.hands_played
        for name in (*ARRAYS, "done", "payoffs"):
            assert (getattr(a, name) == getattr(b, name)).all(), (step, name)


@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
def test_an_illegal_action_changes_no_table(impl):
    t = impl.Tables(impl.Rules(), [100] * 3, 4, seed=2)
    before = {name: getattr(t, name).copy() for name in ARRAYS}
    actions = _uniform(t, np.random.default_rng(0))
    actions[2] = int(rf.Action.RAISE)  # never legal facing nothing on third street
    with pytest.raises(IllegalActionError, match="table 2"):
        t.step(actions)
    for name in ARRAYS:
        assert (getattr(t, name) == before[name]).all()
    assert t.hands_played == 0


@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
def test_the_arrays_are_rewritten_in_place(impl):
    # docs/TABLES.md: allocated once and rewritten by every step, so a bot
    # may hold on to them. The reference made new ones each step, and a
    # bot holding tables.legal read the first step's forever.
    t = impl.Tables(impl.Rules(), [6] * 3, 4, seed=3)
    held = {name: getattr(t, name) for name in (*ARRAYS, "done", "payoffs")}
    rng = np.random.default_rng(1)
    for _ in range(30):
        t.step(_uniform(t, rng))
        for name, array in held.items():
            assert getattr(t, name) is array, name
    assert t.hands_played > 0


@pytest.mark.parametrize("illegal", [int(rf.Action.RAISE), 7, -1, 2**40])
def test_an_illegal_action_gets_the_same_message_in_both(illegal):
    # The reference said only "table 2: 4 is not legal".
    messages = []
    for impl in (rf, ref):
        t = impl.Tables(impl.Rules(), [100] * 3, 4, seed=2)
        actions = np.argmax(t.legal, axis=1)
        actions[2] = illegal
        with pytest.raises(IllegalActionError) as error:
            t.step(actions)
        messages.append(str(error.value))
    assert messages[0] == messages[1]
    assert messages[0].startswith("table 2: ") and "now (legal: " in messages[0]


@pytest.mark.parametrize("dtype", [np.uint64, np.uint32, np.uint8])
@pytest.mark.parametrize("value", [2**64 - 1, 2**63, 2**32 - 1, 255])
def test_an_unsigned_action_is_named_as_given_in_both(dtype, value):
    # Actions pass through int64: a uint64 past its range came back as the
    # negative number it wraps to ("-1" for 2**64 - 1).
    if value > np.iinfo(dtype).max:
        return
    messages = []
    for impl in (rf, ref):
        t = impl.Tables(impl.Rules(), [100] * 3, 4, seed=2)
        actions = np.array(np.argmax(t.legal, axis=1), dtype=dtype)
        actions[2] = value
        with pytest.raises(IllegalActionError) as error:
            t.step(actions)
        messages.append(str(error.value))
    assert messages[0] == messages[1]
    assert messages[0].startswith(f"table 2: {value} is not legal for seat ")


@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
def test_a_batch_policy_answering_a_huge_unsigned_action_is_named_as_given(impl):
    policy = rf.batch_policy(lambda batch: np.full(len(batch), 2**64 - 1, dtype=np.uint64))
    with pytest.raises(IllegalActionError, match=r"returned 18446744073709551615, which is not"):
        impl.simulate(1, players=2, strategies=[policy, "tight"], seed=1)


@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
def test_wrong_actions_and_arguments_are_clear_errors(impl):
    t = impl.Tables(impl.Rules(), [100] * 3, 4, seed=2)
    with pytest.raises(ValueError, match="length 4"):
        t.step(np.zeros(3, dtype=np.int64))
    for wrong in (np.zeros(4, dtype=np.float64), "call", np.zeros(4, dtype=object),
                  (a for a in [3, 3, 3, 3])):  # fmt: skip
        with pytest.raises(TypeError, match="integer array"):
            t.step(wrong)
    with pytest.raises(ValueError):
        t.step(np.zeros((4, 1), dtype=np.int64))
    with pytest.raises(ValueError, match="shape"):
        t.features(out=np.zeros((4, 3), dtype=np.float32))
    with pytest.raises(TypeError, match="float32"):
        t.features(out=np.zeros((4, rf.FEATURES), dtype=np.float64))
    with pytest.raises(ValueError, match="C-contiguous"):
        t.features(out=np.zeros((4, 2 * rf.FEATURES), dtype=np.float32)[:, ::2])
    misaligned = np.zeros(4 * 4 * rf.FEATURES + 1, np.uint8)[1:].view(np.float32)
    with pytest.raises(ValueError, match="aligned"):  # (was rust-numpy's TypeError)
        t.features(out=misaligned.reshape(4, rf.FEATURES))
    for count in (0, 2**22 + 1, 10**12):  # (the reference used to try 10**12 tables)
        with pytest.raises(ValueError, match="tables"):
            impl.Tables(impl.Rules(), [100] * 3, count)
    for threads, error in ((0, ValueError), (-1, ValueError), (1.5, TypeError)):
        with pytest.raises(error, match="threads"):
            impl.Tables(impl.Rules(), [100] * 3, 2, threads=threads)
    with pytest.raises(TypeError):
        impl.Tables(impl.Rules(), [100] * 3, 2, strategies=[1, 2, 3])
    with pytest.raises(ValueError, match="unknown strategy"):
        impl.Tables(impl.Rules(), [100] * 3, 2, strategies=["tight", "loose", None])
    # A bad name is named before a wrong count, in both (the reference counted first).
    with pytest.raises(TypeError, match="built-in strategy's name, a Policy or None"):
        impl.Tables(impl.Rules(), [100] * 3, 2, strategies=[5])
    with pytest.raises(ValueError, match="2 strategies for 3 players"):
        impl.Tables(impl.Rules(), [100] * 3, 2, strategies=[None, "tight"])
    # Strategies in any ordered iterable, as stacks; no text, dict or set.
    seats = ["tight", None, "random"]
    by_list = impl.Tables(impl.Rules(), [100] * 3, 2, seed=4, strategies=seats)
    by_generator = impl.Tables(impl.Rules(), [100] * 3, 2, seed=4, strategies=iter(seats))
    for field in ("actor", "cards", "pot"):
        assert np.array_equal(getattr(by_generator, field), getattr(by_list, field))
    for bad in ("tight", {"tight": 1}, {"tight", "random", None}, np.array("tight")):
        with pytest.raises(TypeError, match="strategies must be a sequence"):
            impl.Tables(impl.Rules(), [100] * 3, 2, strategies=bad)
    with pytest.raises(ValueError):
        impl.Tables(impl.Rules(), [100], 2)
    for stacks in (5, "ab", None):
        with pytest.raises(TypeError, match="stacks must be a sequence"):
            impl.Tables(impl.Rules(), stacks, 2)
    for table in (-1, 4, 2**70):
        with pytest.raises(ValueError, match="table must be"):
            t.view(table)
    for table in (1.0, "0", None):
        with pytest.raises(TypeError, match="table must be an int"):
            t.view(table)
    with pytest.raises(ValueError, match="seat must be"):
        t.view(0, seat=3)


def test_features_layout_and_reuse():
    t = rf.Tables(rf.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8), [80] * 4, 3, seed=8)
    f = t.features()
    assert f.shape == (3, rf.FEATURES) and f.dtype == np.float32
    out = np.full((3, rf.FEATURES), 7.0, dtype=np.float32)
    assert t.features(out=out) is out
    assert (out == f).all()
    # Street 3 one-hot, the bring-in legal, stacks in big bets.
    assert (f[:, 0] == 1).all() and (f[:, 5 + int(rf.Action.BRING_IN)] == 1).all()
    assert np.isclose(f[:, 53 + 3], (80 - 1) / 8).all()


# --- batch policies ----------------------------------------------------------------


def _call_down(legal):
    """Bring in, else call, else check: one row of legal flags."""
    return 3 if legal[3] else (2 if legal[2] else 1)


@rf.batch_policy
def lowball(batch):
    """Completes or raises with three cards eight or lower, else as _call_down."""
    legal = batch.legal
    rows = np.arange(len(batch))
    mine = batch.cards[rows, batch.actor]
    ranks = np.where(mine >= 0, mine // 4, -1)
    low = ((ranks >= 0) & (ranks <= 7)).sum(axis=1) >= 3
    aggressive = np.where(legal[:, 6], 6, np.where(legal[:, 4], 4, np.where(legal[:, 5], 5, -1)))
    passive = np.where(legal[:, 3], 3, np.where(legal[:, 2], 2, 1))
    return np.where(low & (aggressive >= 0), aggressive, passive)


def lowball_one(view):
    """The same decisions from a PlayerView."""
    legal = [a in view.legal_actions() for a in rf.Action]
    ranks = [c // 4 for c in view.down_cards(view.seat) + view.up_cards(view.seat)]
    low = sum(1 for r in ranks if r <= 7) >= 3
    for a in (6, 4, 5):
        if low and legal[a]:
            return a
    return _call_down(legal)


MIXES = [
    ([lowball, "tight", "random"], [lowball_one, "tight", "random"]),
    ([lowball, lowball, "check_call", "random", "tight", lowball],
     [lowball_one, lowball_one, "check_call", "random", "tight", lowball_one]),
    ([lowball] * 8, [lowball_one] * 8),
]  # fmt: skip


@pytest.mark.parametrize("batched,one", MIXES)
@pytest.mark.parametrize("seed", [1, 77])
def test_a_batch_policy_equals_its_per_decision_form(batched, one, seed):
    players = len(batched)
    rules = rf.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)
    stacks = [60, 300, 9, 100, 25, 100, 14, 100][:players]
    run = {"players": players, "rules": rules, "seed": seed, "stacks": stacks}
    expected = rf.simulate(2500, strategies=one, **run).net
    reference = {**run, "rules": ref.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)}
    assert ref.simulate(300, strategies=batched, **reference).net == (
        rf.simulate(300, strategies=one, **run).net
    )
    for threads in (1, 2, 3):
        assert rf.simulate(2500, strategies=batched, threads=threads, **run).net == expected


def test_batch_policies_in_the_reference_and_with_two_policies():
    other = rf.batch_policy(lambda batch: [_call_down(row) for row in batch.legal])
    strategies = [lowball, other, "random", lowball]
    singles = [lowball_one, lambda v: _call_down([a in v.legal_actions() for a in rf.Action]),
               "random", lowball_one]  # fmt: skip
    core = rf.simulate(600, players=4, strategies=strategies, seed=3)
    assert ref.simulate(600, players=4, strategies=strategies, seed=3).net == core.net
    assert rf.simulate(600, players=4, strategies=singles, seed=3).net == core.net


def test_a_batch_policy_gets_whole_batches():
    sizes = []

    @rf.batch_policy
    def check_call(batch):
        sizes.append(len(batch))
        return [_call_down(row) for row in batch.legal]

    rf.simulate(3000, players=6, strategies=check_call, seed=1, threads=1)
    # Check/call at six seats: 30 decisions a hand, asked in 30 calls a chunk.
    assert sum(sizes) == 3000 * 30
    assert max(sizes) == rf._core.CHUNK and len(sizes) == 30 * 3


def _error(call):
    try:
        call()
    except (TypeError, ValueError) as error:
        return type(error), str(error)
    raise AssertionError("no error")


@pytest.mark.parametrize(
    ("actions", "where"),
    [
        (np.zeros(3, np.int64), None),
        (np.zeros((4, 1), np.int64), None),
        (np.zeros(4), None),
        ("call", None),
        (np.int64(3), None),
        (np.zeros(4, np.int64), np.zeros(3, bool)),
        (np.zeros(4, np.int64), np.zeros(4)),
    ],
)
def test_bad_actions_and_where_get_the_same_message_in_both(actions, where):
    errors = [
        _error(
            lambda impl=impl: impl.Tables(impl.Rules(), [100] * 3, 4, seed=2).step(actions, where)
        )
        for impl in (rf, ref)
    ]
    assert errors[0] == errors[1]


@pytest.mark.parametrize("result", [lambda n: np.zeros(n + 1, np.int64), np.ones, lambda n: 3])
def test_a_bad_batch_policy_result_gets_the_same_message_in_both(result):
    # One hand, so that both ask for one row (the core batches every hand
    # that waits, the reference asks row by row).
    policy = rf.batch_policy(lambda batch: result(len(batch)))
    core, reference = (
        _error(lambda impl=impl: impl.simulate(1, players=2, strategies=[policy, "tight"], seed=1))
        for impl in (rf, ref)
    )
    assert core == reference and core[1].startswith("a batch policy's result: actions must")


@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
def test_a_batch_policy_that_answers_wrongly_is_a_clear_error(impl):
    hands = 3000 if impl is rf else 30
    bad = rf.batch_policy(lambda batch: np.full(len(batch), int(rf.Action.RAISE)))
    with pytest.raises(IllegalActionError, match="batch policy"):
        impl.simulate(100, players=3, strategies=[bad, "tight", "tight"], seed=1)
    for wrong in ([1] * 2, np.ones((1, 1), dtype=np.int64), 1):  # a batch of one row or more
        short = rf.batch_policy(lambda batch, wrong=wrong: wrong)
        with pytest.raises(TypeError, match="batch policy"):
            impl.simulate(hands, players=3, strategies=short, seed=1)
    floats = rf.batch_policy(lambda batch: np.ones(len(batch)))
    with pytest.raises(TypeError, match="integer array"):
        impl.simulate(100, players=3, strategies=floats, seed=1)


def test_a_strategy_may_call_back_into_the_library_with_any_threads():
    """Bots call the library from their strategies: every entry point works
    inside simulate, whatever ``threads`` (a shared pool used to deadlock)."""
    rules = rf.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)

    def thinker(view):
        mine = view.down_cards(view.seat) + view.up_cards(view.seat)
        rf.equity([mine, []], trials=2**18, exact=False, seed=1)  # several chunks: the pool
        rf.rank_many(np.arange(7, dtype=np.uint8).reshape(1, 7).repeat(50_000, axis=0))
        rf.rank("As 2d 3c 4h 6s")
        rf.simulate(2048, players=2, seed=1)
        rf.simulate(20, players=2, strategies=[lambda v: v.legal_actions()[-1], "tight"], seed=1)
        hand = view.determinize(5)
        hand.view(view.seat)
        tables = rf.Tables(rules, [100] * 3, 600, seed=1)
        tables.step(np.argmax(tables.legal, axis=1))
        return view.legal_actions()[-1]

    for threads in (None, 1, 2):
        result = rf.simulate(
            12, players=2, strategies=[thinker, "tight"], rules=rules, seed=1, threads=threads
        )
        assert sum(result.net) == 0

    @rf.batch_policy
    def batch_thinker(batch):
        rf.equity([[0, 4, 8], []], trials=2**12, exact=False, seed=1)
        return np.argmax(batch.legal, axis=1)

    for threads in (None, 2):
        result = rf.simulate(3000, players=3, strategies=batch_thinker, seed=1, threads=threads)
        assert sum(result.net) == 0


# --- values the caller wrote into the arrays (the API, "Errors") -----------------
# The arrays are the caller's: whatever it writes into them, features() and
# step() raise a ValueError naming the array and value, never panic.

_INT8 = (-128, -2, 52, 100, 127)
BAD_VALUES = [
    *(("cards", v) for v in _INT8),
    *(("community", v) for v in _INT8),
    *(("actor", v) for v in (-128, -2, 3, 100, 127)),
    *(("street", v) for v in (-128, -1, 1, 2, 8, 127)),
]


def _three_seats(impl):
    return impl.Tables(impl.Rules(1, 1, 2, 4), [50, 50, 50], 4, seed=1)


@pytest.mark.parametrize(("name", "value"), BAD_VALUES)
@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
def test_features_of_a_value_the_core_never_writes_is_a_value_error(impl, name, value):
    t = _three_seats(impl)
    assert (t.actor >= 0).all()  # every table reads its arrays
    getattr(t, name)[2] = value
    with pytest.raises(ValueError, match=f"^table 2: {name} holds {value}, not "):
        t.features()
    # Writing into the arrays never changes the game: the next step rewrites them.
    t.step(np.argmax(t.legal, axis=1))
    assert t.features().shape == (4, rf.FEATURES)


@pytest.mark.parametrize("name", ["legal", "folded", "all_in"])
@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
def test_a_flag_byte_other_than_0_or_1_is_a_value_error(impl, name):
    # Only a uint8 view of a bool array writes such a byte; read as a Rust
    # bool it would be undefined behaviour, so the core reads bytes and
    # refuses it as it refuses a bad card.
    t = _three_seats(impl)
    before = t.features()
    flags = getattr(t, name).view(np.uint8)
    was, flags[2, 1] = int(flags[2, 1]), 2
    with pytest.raises(ValueError, match=f"^table 2: {name} holds 2, not 0 or 1"):
        t.features()
    flags[2, 1] = was
    assert (t.features() == before).all()


@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
def test_features_read_the_flags_and_amounts_as_written(impl):
    t = _three_seats(impl)
    t.legal[...] = True
    t.folded[1] = True
    t.all_in[1] = [True, False, True]
    t.stacks[1, 0] = 2**62
    t.bets[1, 0] = -(2**63)  # amounts are encoded as given, never indices
    t.to_call[1] = -3
    f = t.features()
    assert (f[:, 5:12] == 1).all()
    actor = int(t.actor[1])
    assert [f[1, 53 + 18 * r + 1] for r in range(3)] == [0.0] * 3
    assert f[1, 53 + 18 * ((0 - actor) % 3) + 3] == np.float32(2**62 / 4)
    assert f[1, 53 + 18 * ((0 - actor) % 3) + 4] == np.float32(-(2**63) / 4)
    assert f[1, 12] == np.float32(-3 / 4)


@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
def test_a_read_only_out_is_a_value_error(impl):
    t = _three_seats(impl)
    out = np.zeros((4, rf.FEATURES), np.float32)
    out.setflags(write=False)
    with pytest.raises(ValueError, match="out is read-only"):
        t.features(out=out)
    with pytest.raises(TypeError, match="float32"):
        t.features(out=np.zeros((4, rf.FEATURES), dtype=np.float64))
    with pytest.raises(TypeError, match="float32"):
        t.features(out=[[0.0] * rf.FEATURES] * 4)
    with pytest.raises(ValueError, match="shape"):
        t.features(out=np.zeros((rf.FEATURES, 4), np.float32).T)


@pytest.mark.parametrize("name", ARRAYS)
def test_a_read_only_or_reshaped_array_is_a_value_error_in_the_core(name):
    # The core rewrites its arrays in place (the reference makes new ones).
    t = _three_seats(rf)
    actions = np.argmax(t.legal, axis=1)
    array = getattr(t, name)
    array.setflags(write=False)
    with pytest.raises(ValueError, match=f"^{name} is read-only, but step"):
        t.step(actions)
    assert t.hands_played == 0 and t.features().shape == (4, rf.FEATURES)
    array.setflags(write=True)
    t.step(actions)
    # An array whose dtype or shape the caller changed in place.
    shape, dtype = array.shape, array.dtype
    actions = np.argmax(t.legal, axis=1)
    array.shape = (*shape, 1)
    for call in (t.features, lambda: t.step(actions)):
        with pytest.raises(ValueError, match=f"^the {name} array was changed in place"):
            call()
    array.shape = shape
    array.dtype = np.uint8 if dtype == np.int8 else np.int8
    with pytest.raises(ValueError, match=f"^the {name} array was changed in place"):
        t.features()
    array.dtype = dtype
    t.step(np.argmax(t.legal, axis=1))


@pytest.mark.parametrize("name", ["done", "payoffs"])
def test_a_read_only_or_retyped_result_array_refuses_the_step_in_the_core(name):
    # They used to be written after the step with numpy's panicking borrow:
    # a PanicException, and the finished hands' results lost.
    t = rf.Tables(rf.Rules(), [100] * 2, 8, seed=1)
    actions = np.argmax(t.legal, axis=1)
    array = getattr(t, name)
    array.setflags(write=False)
    before = (t.actor.copy(), t.stacks.copy())
    with pytest.raises(ValueError, match=f"^{name} is read-only, but step"):
        t.step(actions)
    assert (t.actor == before[0]).all() and (t.stacks == before[1]).all()
    array.setflags(write=True)
    array.dtype = np.int64 if name == "done" else np.int8
    with pytest.raises(ValueError, match=f"^the {name} array was changed in place"):
        t.step(actions)
    array.dtype = bool if name == "done" else np.int64
    while t.hands_played == 0:
        t.step(np.argmax(t.legal, axis=1))
    assert t.done.any() and (t.payoffs.sum(axis=1) == 0).all()


@pytest.mark.skipif(
    np.lib.NumpyVersion(np.__version__) >= "2.0.0", reason="numpy 2 has no a.data ="
)
def test_an_array_pointed_at_other_memory_is_a_value_error():
    # numpy 1.x lets Python replace an array's buffer behind rust-numpy's
    # borrow tracking: two arrays over the same bytes, or a misaligned one.
    t = rf.Tables(rf.Rules(), [100] * 2, 4, seed=1)
    flags = t.all_in
    flags.data = memoryview(t.folded)
    for call in (t.features, lambda: t.step(np.argmax(t.legal, axis=1))):
        with pytest.raises(ValueError, match=r"^the all_in array was changed in place: its data"):
            call()
    t = rf.Tables(rf.Rules(), [100] * 2, 4, seed=1)
    stacks = t.stacks
    stacks.data = memoryview(bytearray(8 * 8 + 1))[1:]
    with pytest.raises(ValueError, match=r"^the stacks array was changed in place: its data"):
        t.step(np.argmax(t.legal, axis=1))


def test_where_reads_any_nonzero_byte_as_true():
    flags = np.zeros(4, dtype=bool)
    flags.view(np.uint8)[1:3] = [2, 255]
    runs = []
    for where in (flags, flags.astype(np.uint8).astype(bool)):
        t = _three_seats(rf)
        t.step(np.argmax(t.legal, axis=1), where=where)
        runs.append(t.features())
    assert (runs[0] == runs[1]).all()


def _writes(name, value, out_read_only=False):
    """A batch policy that spoils its batch before asking for its features."""

    @rf.batch_policy
    def policy(batch):
        if out_read_only:
            out = np.zeros((len(batch), rf.FEATURES), np.float32)
            out.setflags(write=False)
            batch.features(out=out)
        else:
            getattr(batch, name)[0] = value
            batch.features()
        return np.argmax(batch.legal, axis=1)

    return policy


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [("cards", 100, "cards holds 100"), ("community", 99, "community holds 99"),
     ("actor", 100, "actor holds 100"), ("street", 9, "street holds 9"),
     (None, None, "out is read-only")],
)  # fmt: skip
@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
def test_a_batch_policy_that_spoils_its_batch_gets_a_value_error(impl, name, value, message):
    policy = _writes(name, value, out_read_only=name is None)
    with pytest.raises(ValueError, match=message):
        impl.simulate(20, players=3, strategies=[policy, "tight", "tight"], seed=1)


_DTYPES = {"actor": "int8", "street": "int8", "cards": "int8", "community": "int8",
           "to_call": "int64", "pot": "int64", "stacks": "int64", "bets": "int64",
           "legal": "bool", "folded": "bool", "all_in": "bool"}  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 8),
    st.integers(0, 40),
    st.lists(
        st.tuples(st.sampled_from(ARRAYS), st.integers(0, 10**6), st.integers(-(2**63), 2**63 - 1)),
        max_size=4,
    ),
    st.booleans(),
)
def test_any_values_written_give_the_same_features_or_value_error_in_both(
    players, steps, writes, small
):
    """Random values in random cells: the core and the reference return the
    same features or raise the same ValueError, never anything else."""
    tables = [impl.Tables(impl.Rules(1, 1, 2, 4), [40] * players, 3, seed=5) for impl in (rf, ref)]
    rng = np.random.default_rng(steps)
    for _ in range(steps):
        actions = np.argmax(rng.random(tables[0].legal.shape) * tables[0].legal, axis=1)
        for t in tables:
            t.step(actions)
    for name, cell, raw in writes:
        dtype = np.dtype(_DTYPES[name])
        value = raw
        if dtype == np.bool_:
            value = bool(raw & 1)
        elif dtype == np.int8:
            value = raw % 256 - 128
        elif small:  # near the valid amounts, often negative
            value = raw % 200 - 100
        for t in tables:
            array = getattr(t, name)
            array.flat[cell % array.size] = value
    results = []
    for t in tables:
        try:
            results.append(t.features())
        except ValueError as e:
            results.append(str(e))
    core, reference = results
    if isinstance(core, str) or isinstance(reference, str):
        assert core == reference
    else:
        assert (core == reference).all()


@pytest.mark.parametrize("impl", [rf, ref], ids=["core", "reference"])
@pytest.mark.parametrize("refuse", [pickle.dumps, copy.copy, copy.deepcopy])
def test_tables_and_batches_refuse_pickle_and_copy_with_a_clear_error(impl, refuse):
    # They failed with an obscure error (numpy's, or pickle's own).
    t = impl.Tables(impl.Rules(), [100] * 3, 2, seed=1)
    with pytest.raises(TypeError) as error:
        refuse(t)
    assert str(error.value) == (
        "Tables cannot be pickled or copied: it holds live numpy arrays over the"
        " core's tables; make a new Tables with the same seed instead"
    )
    batches = []

    def policy(batch):
        batches.append(batch)
        return np.argmax(batch.legal, axis=1)

    impl.simulate(1, players=2, strategies=[rf.batch_policy(policy), "tight"], seed=1)
    with pytest.raises(TypeError) as error:
        refuse(batches[0])
    assert str(error.value) == (
        "Batch cannot be pickled or copied: it is the hands being played as a batch"
        " policy is asked about them; copy the arrays you need (numpy's copy) instead"
    )
    t.step(np.argmax(t.legal, axis=1))  # (still usable)


@pytest.mark.parametrize(
    ("impl", "again"),
    [(impl, again) for impl in (rf, ref) for again in ("step", "features", "view")]
    # (The reference's arrays and counts are plain attributes, free to read.)
    + [(rf, again) for again in ("legal", "hands_played", "len")],
)
def test_a_tables_in_use_is_a_clear_runtime_error(impl, again):
    # The core's step holds the Tables (releasing the GIL while it works):
    # a second call, from another thread or (deterministically, here) from
    # an __array__ of the step's own actions, got PyO3's bare "Already
    # borrowed" (or "Already mutably borrowed").
    t = impl.Tables(impl.Rules(), [100] * 3, 2, seed=1)
    legal = t.legal.copy()
    calls = {
        "step": lambda: t.step(np.argmax(legal, axis=1)),
        "features": t.features,
        "view": lambda: t.view(0),
        "legal": lambda: t.legal,
        "hands_played": lambda: t.hands_played,
        "len": lambda: len(t),
    }

    class Actions:
        def __array__(self, dtype=None, copy=None):
            calls[again]()
            return np.argmax(legal, axis=1)

    with pytest.raises(RuntimeError) as error:
        t.step(Actions())
    assert str(error.value) == (
        "this Tables is already in use (a call on it, such as step or features, is running in"
        " another thread, or called back into it): use one Tables per thread, or a lock"
    )
    # Nothing was stepped, and the Tables is free again.
    assert (t.legal == legal).all() and t.hands_played == 0
    t.step(np.argmax(legal, axis=1))
    t.features()
    t.view(0)


def test_two_threads_stepping_one_tables_get_the_clear_error_or_none():
    # Whether the threads ever meet is up to the scheduler: each call either
    # works or is refused in the clear words, never PyO3's bare ones (the
    # deterministic meeting is the test above).
    t = rf.Tables(rf.Rules(), [100] * 6, 256, seed=1)
    start = threading.Barrier(2)
    refused = []

    def play():
        start.wait()
        for _ in range(200):
            try:
                t.step(np.argmax(t.legal, axis=1))
                t.features()
            except RuntimeError as error:
                refused.append(str(error))
            except IllegalActionError:
                pass  # (actions read before the other thread stepped)

    threads = [threading.Thread(target=play) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(message.startswith("this Tables is already in use") for message in refused)


def test_a_thread_reading_features_while_another_steps_gets_a_clear_refusal_not_a_wait():
    # (Issue 34: a thread looping features() starved a stepping thread.) One
    # Tables is for one thread at a time: overlapping calls are refused with
    # a RuntimeError naming it, and once the reader stops the step goes on.
    import threading

    t = rf.Tables(rf.Rules(), [100] * 6, 1024, seed=1)
    done = threading.Event()
    read = []

    def reader():
        while not done.is_set():
            try:
                read.append(t.features().shape)
            except RuntimeError as e:
                assert str(e).startswith("this Tables is already in use"), e

    thread = threading.Thread(target=reader)
    thread.start()
    outcomes = []
    try:
        for _ in range(200):
            try:
                t.step(np.argmax(t.legal, axis=1))
                outcomes.append("stepped")
            except RuntimeError as e:
                assert "such as step or features" in str(e)
                outcomes.append("refused")
    finally:
        done.set()
        thread.join()
    assert len(outcomes) == 200 and read
    t.step(np.argmax(t.legal, axis=1))  # free again
