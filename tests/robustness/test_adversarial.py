"""Regression cases from the adversarial audit (issue 20): buffers sized by
the caller's input, ints past Python's text limit, a Hand shared between
threads, and malformed arguments on which the core and the reference must
raise the same class."""

from __future__ import annotations

import itertools
import signal
import threading

import numpy as np
import pytest

import razz_fast
from razz_fast._checks import int_text
from razz_fast.errors import InvalidCardError
from razz_fast.events import Event

#: Past Python's default limit (4,300 digits) on converting an int to text.
HUGE = 10**5000


# -- 1. rank_many: the output is allocated fallibly ------------------------


@pytest.mark.parametrize(
    ("dtype", "rows"), [(np.uint8, 2**40), (np.int64, 2**40), (np.uint8, 2**36)]
)
def test_rank_many_of_a_huge_zero_stride_view_is_a_memory_error(dtype, rows):
    # 7 bytes of memory, 2**40 rows: the output cannot exist (numpy itself
    # raises MemoryError for it); it used to abort the interpreter.
    view = np.broadcast_to(np.arange(7, dtype=dtype), (rows, 7))
    with pytest.raises(MemoryError, match="rank_many"):
        razz_fast.rank_many(view)
    # The interpreter is still usable.
    assert razz_fast.rank_many(np.arange(7, dtype=dtype)[None, :]).tolist() == [
        razz_fast.rank(list(range(7)))
    ]


# -- 4. ints past 4,300 digits are quoted by their size --------------------


def test_int_text():
    assert int_text(42) == "42"
    assert int_text(-(10**4299)) == str(-(10**4299))
    assert int_text(HUGE) == "an int of about 5,001 digits"
    assert int_text(-HUGE) == "a negative int of about 5,001 digits"


HUGE_CALLS = {
    "rank": lambda m: m.rank([HUGE, 1, 2, 3, 4]),
    "rank_many": lambda m: m.rank_many([[HUGE, 1, 2, 3, 4]]),
    "describe": lambda m: m.describe(-HUGE),
    "parse_cards": lambda m: m.parse_cards([HUGE]),
    "Rules": lambda m: m.Rules(ante=HUGE),
    "Rules cap": lambda m: m.Rules(cap=HUGE),
    "Hand stack": lambda m: m.Hand(m.Rules(), [HUGE, 10]),
    "Hand seed": lambda m: m.Hand(m.Rules(), [10, 10], seed=HUGE),
    "Hand deck": lambda m: m.Hand(m.Rules(), [10, 10], deck=[HUGE]),
    "Hand seat": lambda m: m.Hand(m.Rules(), [10, 10], seed=1).up_cards(HUGE),
    "Hand act": lambda m: m.Hand(m.Rules(), [10, 10], seed=1).act(HUGE),
    "equity card": lambda m: m.equity([[HUGE], [2]]),
    "equity trials": lambda m: m.equity([[1], [2]], trials=HUGE, exact=False),
    "equity seed": lambda m: m.equity([[1], [2]], seed=HUGE),
    "equity threads": lambda m: m.equity([[1], [2]], threads=HUGE),
    "rank_many threads": lambda m: m.rank_many([[0, 1, 2, 3, 4]], threads=HUGE),
    "simulate hands": lambda m: m.simulate(HUGE, players=2),
    "simulate seed": lambda m: m.simulate(1, players=2, seed=HUGE),
}


@pytest.mark.parametrize("call", HUGE_CALLS.values(), ids=HUGE_CALLS.keys())
def test_a_huge_int_gets_a_clear_error(core, ref, call):
    errors = []
    for module in (core, ref):
        with pytest.raises(ValueError) as caught:
            call(module)
        message = str(caught.value)
        assert "int of about 5,001 digits" in message, message
        assert "4300" not in message and "unprintable" not in message
        errors.append(type(caught.value))
    assert errors[0] is errors[1]


# -- 4. a Hand used from two threads ----------------------------------------


def test_a_hand_used_from_two_threads_says_what_to_do(monkeypatch):
    hand = razz_fast.Hand(razz_fast.Rules(), [10, 10], seed=1)
    seen: list[BaseException] = []
    make = Event.__new__

    def slow_event(cls, *fields):
        # Reading `hand.history` builds events in Python, during which
        # another thread may run: it tries to act on the same hand.
        def other():
            try:
                hand.fold()
            except BaseException as error:
                seen.append(error)

        if not seen:
            thread = threading.Thread(target=other)
            thread.start()
            thread.join()
        return make(cls, *fields)

    monkeypatch.setattr(Event, "__new__", slow_event)
    events = hand.history
    monkeypatch.undo()
    assert len(seen) == 1
    assert isinstance(seen[0], RuntimeError)
    message = str(seen[0])
    assert "Hand" in message and "lock" in message and "clone()" in message
    # The hand is unchanged and usable.
    assert hand.history == events
    hand.act(hand.legal_actions()[0])


def test_an_action_whose_index_uses_the_hand_is_taken():
    # `__index__` runs before the hand is borrowed.
    hand = razz_fast.Hand(razz_fast.Rules(), [10, 10], seed=1)

    class Looking:
        def __index__(self):
            assert hand.actor is not None
            return int(hand.legal_actions()[0])

    hand.act(Looking())
    assert len([e for e in hand.history if e.kind == "bring_in"]) == 1


# -- 8. the same exception class in the core and the reference ---------------


def test_a_default_below_an_earlier_argument_is_a_value_error(impl):
    # small_bet's default (2) is below bring_in=10: checked in signature
    # order (ENGINE.md §2), before burn_cards' type.
    with pytest.raises(ValueError, match="small_bet"):
        impl.Rules(bring_in=10, burn_cards=1)
    with pytest.raises(ValueError, match="big_bet"):
        impl.Rules(small_bet=5, burn_cards=1)
    with pytest.raises(TypeError, match="burn_cards"):
        impl.Rules(bring_in=2, burn_cards=1)


class _Overflowing:
    def __index__(self):
        raise OverflowError("from the card's own __index__")


@pytest.mark.parametrize("function", ["rank", "parse_cards", "best_five"])
def test_an_overflow_error_from_a_cards_index_reaches_the_caller(impl, function):
    with pytest.raises(OverflowError, match="own __index__"):
        getattr(impl, function)([_Overflowing(), 1, 2, 3, 4])


def test_an_overflow_error_from_a_rank_many_element_reaches_the_caller(impl):
    with pytest.raises(OverflowError, match="own __index__"):
        impl.rank_many([[_Overflowing(), 1, 2, 3, 4]])


@pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")
def test_a_numpy_matrix_is_ranked_by_both(core, ref):
    rows = [[0, 1, 2, 3, 4], [51, 50, 49, 48, 47]]
    matrix = np.matrix(rows)
    expected = [core.rank(row) for row in rows]
    assert core.rank_many(matrix).tolist() == expected
    assert ref.rank_many(matrix) == expected
    with pytest.raises(InvalidCardError):
        ref.rank_many(np.matrix([[0, 1, 2, 3, 52]]))


def test_rank_many_of_an_endless_iterable_stops_at_ctrl_c():
    # `itertools.repeat` runs in C: nothing checked for Ctrl-C while the
    # core read it, and its cards grew until the allocation aborted.
    def interrupt(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    try:
        with pytest.raises(KeyboardInterrupt):
            razz_fast.rank_many(itertools.repeat([0, 1, 2, 3, 4]))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert razz_fast.rank_many([[0, 1, 2, 3, 4]]).tolist() == [razz_fast.rank([0, 1, 2, 3, 4])]
