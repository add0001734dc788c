"""Exception classes and bad input at every public card/evaluation function."""

from __future__ import annotations

import contextlib
import random
import subprocess
import sys

import numpy as np
import pytest

import razz_fast
import razz_fast.errors
import razz_fast.reference
from razz_fast.errors import IllegalActionError, InvalidCardError, RazzError

CARD_FUNCTIONS = ["parse_cards", "format_cards", "rank", "best_five", "describe"]
HAND_FUNCTIONS = ["rank", "best_five", "describe"]


def test_hierarchy():
    assert issubclass(RazzError, ValueError)
    assert issubclass(InvalidCardError, RazzError)
    assert issubclass(IllegalActionError, RazzError)
    assert not issubclass(InvalidCardError, IllegalActionError)
    assert not issubclass(IllegalActionError, InvalidCardError)


def test_classes_are_shared():
    for name in ("RazzError", "InvalidCardError", "IllegalActionError"):
        cls = getattr(razz_fast.errors, name)
        assert getattr(razz_fast, name) is cls
        assert getattr(razz_fast.reference, name) is cls
    assert razz_fast.InvalidCardError is razz_fast.reference.InvalidCardError


def test_public_names(impl):
    for name in [
        "parse_cards",
        "format_cards",
        "rank",
        "rank_many",
        "best_five",
        "describe",
        "RazzError",
        "InvalidCardError",
        "IllegalActionError",
    ]:
        assert name in impl.__all__
        assert hasattr(impl, name)


def test_the_reference_exports_every_public_name_of_the_core():
    # (MatchResult was missing: both implementations give the same names.)
    assert set(razz_fast.reference.__all__) == set(razz_fast.__all__) - {"__version__"}
    for name in razz_fast.reference.__all__:
        assert hasattr(razz_fast.reference, name), name


# --- bad cards at every function ---------------------------------------------


@pytest.mark.parametrize("function", CARD_FUNCTIONS)
@pytest.mark.parametrize(
    "cards, pattern",
    [
        ("As 2d 3c 4h Xs", "Xs"),
        ("As 2d 3c 4h 5z", "5z"),
        ("As 2d 3c 4h 1s", "1s"),
        (["As", "2d", "3c", "4h", "Qq"], "Qq"),
        ([0, 4, 8, 12, 52], "52"),
        ([0, 4, 8, 12, -1], "-1"),
        ([0, 4, 8, 12, 1000], "1000"),
        ("As 2d 3c 4h As", "(?i)duplicate.*As"),
        ([0, 4, 8, 12, 0], "(?i)duplicate.*Ac"),
        (["Ks", 51, "2c", "3c", "4c"], "(?i)duplicate.*Ks"),
    ],
)
def test_bad_cards(impl, function, cards, pattern):
    with pytest.raises(InvalidCardError, match=pattern):
        getattr(impl, function)(cards)


@pytest.mark.parametrize("function", HAND_FUNCTIONS)
@pytest.mark.parametrize(
    "cards, count",
    [
        ("", 0),
        ("As", 1),
        ("As 2d 3c 4h", 4),
        ([0, 4, 8, 12], 4),
        ("As 2d 3c 4h 5s 6d 7c 8h", 8),
        (list(range(8)), 8),
        (list(range(52)), 52),
    ],
)
def test_wrong_count(impl, function, cards, count):
    with pytest.raises(InvalidCardError, match=rf"\b{count}\b") as excinfo:
        getattr(impl, function)(cards)
    assert "5" in str(excinfo.value) and "7" in str(excinfo.value)


def test_wrong_count_message(impl):
    with pytest.raises(InvalidCardError, match="rank needs 5 to 7 cards, got 4"):
        impl.rank("As 2d 3c 4h")


@pytest.mark.parametrize("function", CARD_FUNCTIONS)
@pytest.mark.parametrize(
    "cards, type_name",
    [
        (None, "None"),
        (2.5, "float"),
        (b"As 2d 3c 4h 5s", "bytes"),
        ({"As": 1}, "dict"),
        ([0, 4, 8, 12, 16.0], "float"),
        ([0, 4, 8, 12, [16]], "list"),
        ([0, 4, 8, 12, None], "None"),
        ([0, 4, 8, 12, True], "bool"),
        ([0, 4, 8, 12, object()], "object"),
    ],
)
def test_wrong_type(impl, function, cards, type_name):
    with pytest.raises(TypeError, match=type_name):
        getattr(impl, function)(cards)


@pytest.mark.parametrize("function", ["parse_cards", "format_cards", "rank", "best_five"])
def test_ints_and_bools_are_not_cards(impl, function):
    with pytest.raises(TypeError, match="int"):
        getattr(impl, function)(5)
    with pytest.raises(TypeError, match="bool"):
        getattr(impl, function)(True)


# --- describe's rank argument ------------------------------------------------


@pytest.mark.parametrize("value", [0, -1, 6176, 10**6, 2**64, -(2**70)])
def test_describe_rank_out_of_range(impl, value):
    with pytest.raises(RazzError, match="6175"):
        impl.describe(value)


@pytest.mark.parametrize("value", [True, False, None, 1.0, 3.5])
def test_describe_wrong_type(impl, value):
    with pytest.raises(TypeError):
        impl.describe(value)


def test_describe_numpy_rank(impl):
    assert impl.describe(np.int64(1)) == "5-4-3-2-A (five-four low)"
    assert impl.describe(np.uint16(6175)) == "K-K-K-K-Q (four kings)"


# --- the reference checks the same things as the core ------------------------


def test_errors_do_not_leak_other_types(impl):
    """Every failure above is one of the documented classes: sanity-check a mix
    of odd inputs for anything else (IndexError, KeyError, panics...)."""
    odd_inputs = [
        "",
        " ",
        ",",
        "10",
        "100h",
        "As2",
        "\u00c5s",
        "A\u2660",
        "\u212as 2c 3c 4c 5c",  # KELVIN SIGN, which folds to "k"
        "A\u017f 2c 3c 4c 5c",  # LATIN SMALL LETTER LONG S, which folds to "s"
        "AsAs",
        [],
        [""],
        [" "],
        [-(2**100)],
        [2**100],
        [np.int8(-1)],
        [np.uint64(2**64 - 1)],
        np.array([0, 1, 2, 3, 4], dtype=np.float32),
        np.array([[0, 1, 2, 3, 4]]),
        iter([0, 1, 2, 3, 4, 5]),
        set(),
        frozenset([0, 1]),
    ]
    for function in CARD_FUNCTIONS:
        for value in odd_inputs:
            with contextlib.suppress(InvalidCardError, TypeError):
                getattr(impl, function)(value)


class _RaisingIndex:
    def __index__(self):
        raise RuntimeError("from __index__")


class _RaisingIter:
    def __iter__(self):
        raise RuntimeError("from __iter__")


@pytest.mark.parametrize(
    "call",
    [
        lambda m: m.parse_cards([_RaisingIndex()]),
        lambda m: m.parse_cards(_RaisingIter()),
        lambda m: m.rank([0, 4, 8, 12, _RaisingIndex()]),
        lambda m: m.rank_many([[0, 4, 8, 12, _RaisingIndex()]]),
        lambda m: m.rank_many(_RaisingIter()),
    ],
    ids=["index", "iter", "rank", "rank_many-index", "rank_many-iter"],
)
def test_an_objects_own_exception_is_not_replaced(impl, call):
    # A user's object that fails is the user's error to see, not a TypeError of ours.
    with pytest.raises(RuntimeError, match="from __"):
        call(impl)


@pytest.mark.parametrize("rank", [2**70, -(2**70), 2**63])
def test_describe_quotes_a_huge_rank(impl, rank):
    with pytest.raises(impl.RazzError, match=str(rank)):
        impl.describe(rank)


def test_numpy_integers_count_as_ints_everywhere(impl):
    # Python's own rule (operator.index), so numpy's integer scalars and
    # 1-D arrays of them work wherever an int or a list of ints does.
    i = np.int64
    rules = impl.Rules(ante=i(2))
    assert rules.ante == 2
    hand = impl.Hand(rules, np.array([50, 60]), seed=i(3))
    assert hand.up_cards(i(0)) == hand.up_cards(0)
    hand.act(i(int(hand.legal_actions()[0])))
    plain = impl.simulate(40, players=2, stacks=[100, 200], seed=1)
    numpy = impl.simulate(i(40), players=i(2), stacks=np.array([100, 200]), seed=i(1))
    assert (numpy.hands, list(numpy.net)) == (plain.hands, list(plain.net))
    assert list(impl.simulate(40, players=2, stacks=range(100, 300, 100), seed=1).net) == list(
        plain.net
    )
    picks = impl.simulate(20, players=2, strategies=lambda h: i(int(h.legal_actions()[0])), seed=1)
    assert picks.hands == 20
    spot = (["As 2d 3c 4h 5s 6d", "7c 8d 9h 2h 4c 8s"], "")
    by_numpy = impl.equity(*spot, exact=False, trials=i(1000), seed=i(1))
    assert by_numpy.equity == impl.equity(*spot, exact=False, trials=1000, seed=1).equity
    for bad in (np.float64(3.0), np.bool_(True), True):
        with pytest.raises(TypeError):
            impl.simulate(bad, seed=1)


def test_numpy_bools_count_as_bools_everywhere(impl):
    # As numpy's ints count as ints: a flag read off an array works, and
    # what comes back holds Python's bools. Never an int, though.
    yes, no = np.True_, np.False_
    assert impl.Rules(burn_cards=yes) == impl.Rules(burn_cards=True)
    assert impl.Rules(burn_cards=yes).burn_cards is True
    plain = impl.simulate(30, players=2, seed=1)
    assert impl.simulate(30, players=2, seed=1, progress=no) == plain
    seats = ["tight", "check_call"]
    flags = impl.match(seats, 40, seed=2, duplicate=yes, adjust_luck=no)
    assert flags == impl.match(seats, 40, seed=2) and flags.duplicate is True
    spot = (["As 2d 3c 4h 5s 6d", "7c 8d 9h 2h 4c 8s"], "")
    exact = impl.equity(*spot, exact=yes, progress=no)
    assert exact == impl.equity(*spot, exact=True) and exact.exact is True
    for bad in (np.int8(1), 1, "yes"):
        with pytest.raises(TypeError, match="must be"):
            impl.match(seats, 40, seed=2, duplicate=bad)
        with pytest.raises(TypeError, match="burn_cards must be a bool"):
            impl.Rules(burn_cards=bad)


def test_actions_as_members_ints_and_numpy_ints_play_alike(impl):
    # Hand.act and per-decision strategies know an Action member by identity
    # (no int conversion) and take anything else by operator.index.
    def play(convert):
        hand = impl.Hand(impl.Rules(), [60, 80, 100], seed=5)
        rng = random.Random(2)
        while not hand.is_over:
            hand.act(convert(rng.choice(hand.legal_actions())))
        return hand.history, hand.payoffs

    assert play(lambda a: a) == play(int) == play(lambda a: np.int64(int(a)))

    def strategy(convert):
        return lambda view: convert(view.legal_actions()[-1])

    runs = [
        impl.simulate(30, players=3, strategies=strategy(convert), seed=4)
        for convert in (lambda a: a, int, lambda a: np.int64(int(a)))
    ]
    assert len({tuple(run.net) for run in runs}) == 1


def test_an_illegal_member_is_refused_and_changes_nothing(impl):
    hand = impl.Hand(impl.Rules(), [60, 80], seed=5)
    illegal = next(a for a in impl.Action if a not in hand.legal_actions())
    before = (hand.history, hand.stacks)
    for given in (illegal, int(illegal)):
        with pytest.raises(IllegalActionError, match=illegal.name):
            hand.act(given)
    assert (hand.history, hand.stacks) == before
    with pytest.raises(IllegalActionError, match=f"{illegal.name}, which is not legal"):
        impl.simulate(3, players=2, strategies=lambda view: illegal, seed=1)


class _NoRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


@pytest.mark.parametrize(
    ("answer", "error"),
    [
        (lambda view: "call", TypeError),
        (lambda view: 9, IllegalActionError),
        (lambda view: np.int64(-1), IllegalActionError),
        (lambda view: 2**70, IllegalActionError),
        (lambda view: razz_fast.Action.FOLD, IllegalActionError),
        # Past Python's digits limit for str(), and no repr at all: shown as "?".
        (lambda view: 10**5000, IllegalActionError),
        (lambda view: _NoRepr(), TypeError),
    ],
    ids=["str", "nine", "numpy", "huge", "illegal", "too_long", "no_repr"],
)
def test_a_strategys_bad_answer_reads_the_same_in_core_and_reference(answer, error):
    # The first decision is a bring-in, where FOLD is not legal.
    said = []
    for impl in (razz_fast, razz_fast.reference):
        with pytest.raises(error) as raised:
            impl.simulate(1, players=2, strategies=answer, seed=1)
        said.append(str(raised.value))
    assert said[0] == said[1]
    assert said[0].startswith("strategy of seat ")


class _Index:
    """An int by Python's rule alone (``__index__``), as a rank."""

    def __index__(self) -> int:
        return 1


def test_describe_takes_any_int_by_operator_index(impl):
    assert impl.describe(_Index()) == "5-4-3-2-A (five-four low)"
    assert impl.describe(np.array(7)) == impl.describe(7)


@pytest.mark.parametrize(
    "call",
    [
        lambda impl: impl.Hand(impl.Rules(), bytearray([50, 50]), seed=1),
        lambda impl: impl.rank_many([bytearray([0, 4, 8, 12, 16])]),
        lambda impl: impl.rank_many(bytearray(range(7))),
    ],
    ids=["stacks", "rank_many row", "rank_many rows"],
)
def test_a_bytearray_is_no_list_of_ints(impl, call):
    with pytest.raises(TypeError):
        call(impl)


@pytest.mark.parametrize("unordered", [set, frozenset])
def test_sets_are_not_seat_lists_or_decks(impl, unordered):
    # Their order is not the caller's (for strings it changes from run to
    # run), so seats or a deal would be silently shuffled.
    with pytest.raises(TypeError):
        impl.simulate(10, players=2, strategies=unordered(["tight", "random"]), seed=1)
    with pytest.raises(TypeError):
        impl.simulate(10, players=2, stacks=unordered([100, 200]), seed=1)
    with pytest.raises(TypeError):
        impl.Hand(impl.Rules(), unordered([100, 200]), seed=1)
    with pytest.raises(TypeError):
        impl.Hand(impl.Rules(), [100, 100], deck=unordered(range(52)))


def test_a_0d_array_is_no_seat_list(impl):
    # It has a __len__ that raises: "len() of unsized object" said nothing.
    for value in (np.array("tight"), np.array(5)):
        with pytest.raises(TypeError, match=r"strateg.*ndarray"):
            impl.simulate(10, players=2, strategies=value, seed=1)
        with pytest.raises(TypeError, match="one strategy per seat"):
            impl.match(value, 10, seed=1)
    # A 0-d integer array is an integer: every seat's stack.
    by_int = impl.simulate(10, players=2, stacks=100, seed=1)
    assert list(impl.simulate(10, players=2, stacks=np.array(100), seed=1).net) == list(by_int.net)
    with pytest.raises(TypeError, match="one strategy per seat"):
        impl.match({"tight", "random"}, 10, seed=1)


def test_the_other_implementations_rules_are_named_in_full(impl):
    # razz_fast.Rules and razz_fast.reference.Rules are distinct types with
    # one name: "must be a Rules, got Rules" would not say which was given.
    other = razz_fast.reference if impl is razz_fast else razz_fast
    theirs = other.Rules()
    name = "razz_fast.reference.Rules" if impl is razz_fast else r"razz_fast.Rules\b"
    calls = [
        lambda: impl.Hand(theirs, [100, 100], seed=1),
        lambda: impl.simulate(10, rules=theirs, seed=1),
        lambda: impl.match(["tight", "random"], 10, rules=theirs, seed=1),
        lambda: impl.Tables(theirs, [100, 100], 2),
    ]
    for call in calls:
        with pytest.raises(TypeError, match=rf"rules must be .*, (got|not) {name}"):
            call()
    with pytest.raises(TypeError, match=r"rules must be .*, (got|not) int$"):
        impl.Hand(5, [100, 100], seed=1)


def test_ordered_sequences_are_seat_lists(impl):
    from collections import deque

    by_list = impl.simulate(30, players=2, strategies=["tight", "random"], seed=1)
    by_seat = {0: "tight", 1: "random"}
    for seats in (
        ("tight", "random"),
        deque(["tight", "random"]),
        np.array(["tight", "random"]),
        by_seat.values(),
    ):
        result = impl.simulate(30, players=2, strategies=seats, seed=1)
        assert list(result.net) == list(by_list.net)
    stacks = {0: 100, 1: 200}.values()
    as_list = impl.simulate(30, players=2, stacks=[100, 200], seed=1)
    assert list(impl.simulate(30, players=2, stacks=stacks, seed=1).net) == list(as_list.net)
    hand = impl.Hand(impl.Rules(), stacks, seed=1)
    assert hand.stacks == impl.Hand(impl.Rules(), [100, 200], seed=1).stacks


@pytest.mark.parametrize("separator", ["\x1c", "\x1d", "\x1e", "\x1f", "\u3000", "\x85"])
def test_every_python_whitespace_separates_cards(impl, separator):
    # Python's rule (str.isspace), which includes the information separators.
    assert impl.parse_cards(f"As{separator}2d") == [3, 5]
    assert impl.parse_cards([f"As{separator}"]) == [3]


def test_a_masked_value_is_refused_not_read_through(impl):
    hidden = np.ma.array([[0, 4, 8, 12, 16]], mask=[[0, 0, 0, 0, 1]])
    with pytest.raises(TypeError):
        impl.rank_many(hidden)
    # Nothing masked: the values are the hands.
    assert list(impl.rank_many(np.ma.array([[0, 4, 8, 12, 16]]))) == [1]
    assert list(impl.rank_many(np.ma.zeros((0, 7), dtype=np.uint8))) == []


def test_an_odd_chip_name_that_is_no_valid_text_is_a_value_error(impl):
    with pytest.raises(ValueError, match="odd_chip"):
        impl.Rules(odd_chip="\ud800")


@pytest.mark.parametrize("threads", [0, 1025, 10**6])
def test_the_run_objects_check_threads_too(threads):
    # The wrappers leave every check to them; a direct call must not start
    # a million threads either.
    from razz_fast import _core

    with pytest.raises(ValueError, match="threads"):
        _core.EquitySpot([[3], []], [], True, 1, 1, threads, False)
    with pytest.raises(ValueError, match="threads"):
        _core.SimRun(10, 2, "tight", None, 100, 1, threads, False, 0)
    with pytest.raises(ValueError, match="threads"):
        _core.MatchRun(["tight", "random"], 10, None, None, 100, True, 1, threads, False, 0, False)


def test_a_missing_numpy_is_an_import_error_not_a_panic():
    # numpy is a dependency, but a broken environment must still get a
    # Python error at import, not rust-numpy's panic with a backtrace.
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "try:\n"
        "    import razz_fast\n"
        "except ImportError as error:\n"
        "    print('ImportError', error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ImportError") and "numpy" in done.stdout
    assert "panic" not in done.stderr.lower()
