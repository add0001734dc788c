"""The view object a per-decision `simulate` reuses from decision to
decision (issue 34): no other thread can reach it emptied, and a view
someone holds keeps its content.

A thread that walks ``gc.get_objects()`` while the run plays finds the views
the core hands out. It used to find the spare one too, emptied between two
decisions: reading it raised PanicException, and holding it saw it refilled
by a later decision."""

import gc
import threading
import time

import razz_fast as rf


def content(view):
    """What a view says, as plain values (read through every getter that
    touches the hand's state)."""
    return (
        repr(view),
        view.seat,
        view.street,
        view.actor,
        view.pot,
        view.to_call,
        tuple(view.stacks),
        tuple(view.bets),
        tuple(view.folded),
        tuple(view.legal_actions()),
        tuple(view.down_cards(view.seat)),
        len(view.history),
    )


def test_a_thread_walking_the_gc_never_sees_a_view_emptied_or_changed():
    stop = threading.Event()
    failures: list[BaseException] = []
    held: list[tuple[rf.PlayerView, tuple]] = []
    seen = [0]
    passes = [0]

    def scan():
        try:
            while not stop.is_set():
                for obj in gc.get_objects():
                    if type(obj) is rf.PlayerView:
                        seen[0] += 1
                        # Every view reachable is a whole one.
                        got = content(obj)
                        if len(held) < 200:
                            held.append((obj, got))
                passes[0] += 1
        except BaseException as e:  # PanicException derives from BaseException
            failures.append(e)

    def strategy(view):
        # Giving up the GIL mid-decision lets the scanner walk the objects
        # while this view is handed out (and, before the fix, while the
        # spare waited emptied).
        time.sleep(0)
        return view.legal_actions()[-1 if view.street == 3 else 0]

    scanner = threading.Thread(target=scan)
    scanner.start()
    try:
        # (Each decision hands the GIL to a scan of every object, a few
        # milliseconds: a few hundred decisions.)
        for seed in range(4):
            rf.simulate(16, players=3, strategies=[strategy, strategy, "tight"], seed=seed)
            # Between runs too: the spare outlives its run (it used to wait
            # there emptied, in the collector's list).
            target = passes[0] + 2
            while passes[0] < target and scanner.is_alive():
                time.sleep(0.001)
    finally:
        stop.set()
        scanner.join()
    assert not failures, failures
    assert seen[0] > 0, "the scanner found no view: the test tested nothing"
    for view, got in held:
        assert content(view) == got


def test_a_reused_view_is_tracked_by_the_gc_while_a_strategy_holds_it():
    # The spare is untracked while empty and tracked again when handed
    # out: a strategy's view is a full object, the collector's like any.
    tracked = []

    def strategy(view):
        tracked.append(gc.is_tracked(view))
        return view.legal_actions()[0]

    rf.simulate(8, players=2, strategies=[strategy, "check_call"], seed=3)
    assert tracked and all(tracked)
