"""``simulate`` against docs/SIMULATION.md.

Most tests run against each implementation that has a ``simulate`` (the
pure-Python reference now; the compiled core as soon as ``razz_fast.simulate``
exists): the ``impl`` fixture below overrides the one in conftest.py. Tests
that need the core's speed or threads (thread invariance, the winning-rank
distribution) and the core-vs-reference differential tests skip until the
core has ``simulate``.

The reference plays about 1,000 hands a second, so the runs given to it are
small; ``size(impl, reference, core)`` picks a run length per implementation.
"""

from __future__ import annotations

import math
import pickle
import re
import threading
from collections import Counter

import numpy as np
import pytest

import razz_fast
from helpers import BE, CO, B, C, F, R, X
from razz_fast import reference as ref
from razz_fast.errors import IllegalActionError
from razz_fast.events import Action
from razz_fast.reference import strategies as ref_strategies
from razz_fast.reference.generator import MASK64, Xoshiro256PlusPlus


def is_core(impl) -> bool:
    return impl is razz_fast


def size(impl, reference: int, core: int) -> int:
    """A run length: ``reference`` hands for the slow reference, ``core`` for
    the core."""
    return core if is_core(impl) else reference


def outcome(result) -> tuple:
    """Everything in a result that must be reproducible (all but ``elapsed``)."""
    return (
        result.hands,
        result.players,
        result.seed,
        result.net,
        result.mean,
        result.stderr,
        result.showdowns,
        result.showdown_rate,
        result.winning_ranks,
    )


def same_numbers(result) -> tuple:
    """What the core and the reference must agree on bit for bit."""
    return (result.net, result.showdowns, result.winning_ranks)


# --- Python strategies used below ----------------------------------------------


def passive(hand):
    """check_call, written as a Python strategy."""
    legal = hand.legal_actions()
    for action in (B, X, C):
        if action in legal:
            return action
    raise AssertionError(legal)


def quirky(hand):
    """A deterministic strategy that uses every kind of action, computed from
    the visible state only (so the core and the reference agree). Returns a
    plain int, which is accepted like an Action."""
    legal = hand.legal_actions()
    seat = hand.actor
    k = sum(hand.up_cards(seat)) + 7 * hand.pot + 3 * hand.street + seat
    return int(legal[k % len(legal)])


def folder(hand):
    """Folds whenever it may (short hands), else the first legal action."""
    legal = hand.legal_actions()
    return F if F in legal else legal[0]


def ref_tight_as_callable(hand):
    """The reference's built-in "tight", run as a Python strategy on
    whichever implementation's hand it is given (it never uses the rng)."""
    return ref_strategies.tight(hand, None)


# --- an independent replay of the spec ---------------------------------------------


def spec_chunk_seed(seed: int, chunk: int) -> int:
    """The chunk seed formula of SIMULATION.md, written out again."""
    z = ((chunk + 1) * 0x9E3779B97F4A7C15) % 2**64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
    return seed ^ z ^ (z >> 31)


#: SIMULATION.md: hand k's built-in decisions draw from its deck seed xor this.
SPEC_DECISIONS = 0xD1B54A32D192ED03


def spec_hand_seeds(seed: int, hands: int) -> list[int]:
    """The deck seeds of the hands: hand k's is the unit seed of k."""
    return [spec_chunk_seed(seed, k) for k in range(hands)]


def replay(impl, hands, names, rules, stacks, seed) -> dict:
    """Plays what ``simulate`` should play, hand by hand with ``impl.Hand``,
    for seats that are ``"check_call"`` or ``"random"``; returns the sums."""
    players = len(names)
    net = [0] * players
    sum_sq = [0] * players
    showdowns = 0
    winning = Counter()
    for k in range(hands):
        if True:  # (one hand at a time: every hand has its own generators)
            deck = spec_chunk_seed(seed, k)
            generator = Xoshiro256PlusPlus(deck ^ SPEC_DECISIONS)
            hand = impl.Hand(rules, stacks, seed=deck)
            while not hand.is_over:
                legal = hand.legal_actions()
                if names[hand.actor] == "random":
                    action = legal[(generator.next() * len(legal)) >> 64]
                else:
                    action = next(a for a in (B, X, C) if a in legal)
                hand.act(action)
            for seat, payoff in enumerate(hand.payoffs):
                net[seat] += payoff
                sum_sq[seat] += payoff * payoff
            order = hand.showdown_order
            if len(order) >= 2:
                showdowns += 1
                community = hand.community_cards
                winning[
                    min(impl.rank(hand.down_cards(s) + hand.up_cards(s) + community) for s in order)
                ] += 1
    return {"net": net, "sum_sq": sum_sq, "showdowns": showdowns, "winning": winning}


# --- the result -------------------------------------------------------------------


def test_result_fields(impl):
    rules = impl.Rules(ante=1)
    result = impl.simulate(300, players=5, strategies="random", rules=rules, seed=7)
    assert type(result).__name__ == "SimulationResult"
    assert result.hands == 300 and result.players == 5 and result.seed == 7
    assert isinstance(result.elapsed, float) and result.elapsed >= 0
    assert len(result.net) == len(result.mean) == len(result.stderr) == 5
    assert all(type(x) is int for x in result.net)
    assert sum(result.net) == 0
    assert result.mean == [x / 300 for x in result.net]
    assert all(isinstance(s, float) and s > 0 for s in result.stderr)
    assert type(result.showdowns) is int and 0 < result.showdowns < 300
    assert result.showdown_rate == result.showdowns / 300
    assert sum(result.winning_ranks.values()) == result.showdowns
    assert list(result.winning_ranks) == sorted(result.winning_ranks)
    assert all(type(k) is int and 1 <= k <= 6175 for k in result.winning_ranks)
    assert all(type(v) is int and v > 0 for v in result.winning_ranks.values())
    with pytest.raises(AttributeError):
        result.hands = 1  # frozen


def test_one_hand(impl):
    result = impl.simulate(1, players=3, seed=5)
    # No spread can be measured from one hand: NaN, not a certain 0.
    assert all(math.isnan(e) for e in result.stderr) and len(result.stderr) == 3
    assert result.mean == [float(x) for x in result.net]
    assert result.showdowns == 1 and result.showdown_rate == 1.0
    # NaN is unknown, not unequal: one seed gives one result (the time
    # taken is not compared), in both implementations and after pickling.
    assert result == razz_fast.simulate(1, players=3, seed=5, threads=2)
    assert result == ref.simulate(1, players=3, seed=5)
    assert result == pickle.loads(pickle.dumps(result))
    assert result != impl.simulate(1, players=3, seed=6)


@pytest.mark.parametrize(
    ("players", "names", "seed", "hands"),
    [
        (2, ["random", "check_call"], 11, 1030),  # crosses a chunk boundary
        (4, ["random", "random", "check_call", "random"], 2**64 - 1, 120),
        (3, ["check_call"] * 3, 0, 60),
    ],
)
def test_matches_a_replay_of_the_spec(impl, players, names, seed, hands):
    """Chunk seeding, hand seeds, the "random" draws from the chunk generator
    and the result formulas, checked by replaying the hands one by one."""
    rules = impl.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)
    stacks = [60, 500, 9, 200][:players]
    result = impl.simulate(
        hands, players=players, strategies=names, rules=rules, stacks=stacks, seed=seed
    )
    expected = replay(impl, hands, names, rules, stacks, seed)
    assert result.net == expected["net"]
    assert result.showdowns == expected["showdowns"]
    assert result.winning_ranks == dict(sorted(expected["winning"].items()))
    for seat in range(players):
        mean = expected["net"][seat] / hands
        variance = expected["sum_sq"][seat] / hands - mean * mean
        assert result.mean[seat] == mean
        assert result.stderr[seat] == pytest.approx(
            math.sqrt(max(variance, 0.0) / (hands - 1)), rel=1e-12, abs=1e-15
        )


@pytest.mark.parametrize("threads", [1, None])
def test_every_hand_is_dealt_from_its_own_seed(impl, threads):
    """Hand k is dealt as ``Hand(rules, stacks, seed=unit seed of k)``: the
    first decision of each hand (by the bring-in, before any action) sees
    the cards that hand deals."""
    if threads is None and not is_core(impl):
        pytest.skip("threads only matter to the core")
    seen = Counter()

    def record(view):
        if not any(e.kind == "bring_in" for e in view.history):
            seen[
                (
                    tuple(view.up_cards(0)),
                    tuple(view.up_cards(1)),
                    tuple(view.down_cards(view.seat)),
                )
            ] += 1
        return folder(view)

    hands = size(impl, 1024 + 7, 2 * 1024 + 7)
    rules = impl.Rules()
    impl.simulate(hands, players=2, strategies=record, rules=rules, seed=123456789, threads=threads)
    expected = Counter()
    for deck in spec_hand_seeds(123456789, hands):
        hand = impl.Hand(rules, [100 * rules.big_bet] * 2, seed=deck)
        expected[
            (tuple(hand.up_cards(0)), tuple(hand.up_cards(1)), tuple(hand.down_cards(hand.actor)))
        ] += 1
    assert seen == expected


def test_python_strategy_gets_a_view(impl):
    """A callable gets the implementation's PlayerView of the seat it plays,
    with the rules and the stacks asked for (reset every hand); it cannot
    act on the simulated hand."""
    rules = impl.Rules(ante=2, bring_in=2, small_bet=6, big_bet=12, cap=None)
    calls = Counter()

    def seat_two(view):
        assert isinstance(view, impl.PlayerView)
        assert view.seat == view.actor == 2 and not view.is_over and view.legal_actions()
        assert view.rules == rules
        assert view.starting_stacks == [50, 1, 70, 5]
        assert not hasattr(view, "act")
        calls[tuple(view.down_cards(2))] += 1
        return quirky(view)

    impl.simulate(
        40,
        players=4,
        strategies=["random", "check_call", seat_two, "tight"],
        rules=rules,
        stacks=[50, 1, 70, 5],
        seed=3,
    )
    assert len(calls) >= 30  # seat 2 acted in most hands


@pytest.mark.parametrize(("stacks", "expected"), [(None, 1200), (77, 77)])
def test_stacks_default_and_int(impl, stacks, expected):
    rules = impl.Rules(bring_in=3, small_bet=6, big_bet=12)

    def check(hand):
        assert hand.starting_stacks == [expected] * 3
        return passive(hand)

    impl.simulate(5, players=3, strategies=check, rules=rules, stacks=stacks, seed=1)


def test_same_seed_same_result(impl):
    kwargs = dict(players=4, strategies=["tight", "random", "check_call", "random"], seed=99)
    n = size(impl, 150, 5000)
    assert outcome(impl.simulate(n, **kwargs)) == outcome(impl.simulate(n, **kwargs))


def test_different_seeds_differ(impl):
    n = size(impl, 150, 5000)
    a = impl.simulate(n, players=4, strategies="random", seed=1)
    b = impl.simulate(n, players=4, strategies="random", seed=2)
    assert same_numbers(a) != same_numbers(b)


def test_seed_none_is_reported_and_reproducible(impl):
    a = impl.simulate(40, players=3, strategies="random")
    assert type(a.seed) is int and 0 <= a.seed <= MASK64
    b = impl.simulate(40, players=3, strategies="random", seed=a.seed)
    assert outcome(a) == outcome(b)


@pytest.mark.parametrize("progress", [False, True])
def test_threads_and_progress_never_change_the_result(impl, progress, capsys):
    if progress and is_core(impl):
        pytest.importorskip("tqdm")
    kwargs = dict(players=3, strategies=["tight", "random", "check_call"], seed=5)
    n = size(impl, 100, 3000)
    base = impl.simulate(n, **kwargs)
    for threads in (None, 1, 2):
        result = impl.simulate(n, threads=threads, progress=progress, **kwargs)
        assert outcome(result) == outcome(base)
    assert capsys.readouterr().out == ""  # a progress bar goes to stderr only


# --- invariants -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "strategies", "rules", "stacks"),
    [
        (2, "random", {}, None),
        (5, "tight", {"ante": 1}, None),
        (8, ["random", "tight", "check_call"] * 2 + ["random", "tight"], {"ante": 2}, 9),
        (6, "random", {"odd_chip": "low_card", "ante": 1}, [3, 1, 40, 2, 100, 7]),
    ],
)
def test_net_sums_to_zero(impl, players, strategies, rules, stacks):
    n = size(impl, 120, 20000)
    result = impl.simulate(
        n,
        players=players,
        strategies=strategies,
        rules=impl.Rules(**rules),
        stacks=stacks,
        seed=17,
    )
    assert sum(result.net) == 0
    assert sum(result.winning_ranks.values()) == result.showdowns


@pytest.mark.parametrize(
    ("players", "rules", "stacks"),
    [
        (2, {}, None),
        (6, {"ante": 1}, None),
        (8, {"burn_cards": True}, None),  # the community card after a reshuffle
        (4, {"ante": 3, "bring_in": 2, "small_bet": 4, "big_bet": 8}, [1, 4, 10, 30]),
    ],
)
def test_check_call_tables_always_show_down(impl, players, rules, stacks):
    n = size(impl, 60, 20000)
    result = impl.simulate(
        n, players=players, rules=impl.Rules(**rules), stacks=stacks, seed=players
    )
    assert result.showdowns == n and result.showdown_rate == 1.0
    assert sum(result.winning_ranks.values()) == n


# --- the built-in strategies ----------------------------------------------------


def test_tight_folds_and_raises(impl):
    """Sanity of "tight" at a table: seen through a Python strategy at seat 0
    that reads the history, the tight seats fold, complete, bet and raise."""
    histories = {}

    def watcher(view):
        # Keyed by the first cards dealt, which tell the hands apart.
        histories[tuple(view.history[: 3 * 6 + 6])] = view.history
        return passive(view)

    n = size(impl, 150, 3000)
    result = impl.simulate(n, players=6, strategies=[watcher] + ["tight"] * 5, seed=8)
    kinds = Counter(
        event.kind
        for history in histories.values()
        for event in history
        if event.seat is not None and event.seat != 0
    )
    assert kinds["fold"] > n // 10
    assert kinds["complete"] > 0 and kinds["bet"] > 0 and kinds["raise"] > 0
    assert 0 < result.showdown_rate < 1


def test_tight_only_table_folds(impl):
    n = size(impl, 200, 20000)
    result = impl.simulate(n, players=6, strategies="tight", seed=4)
    assert 0 < result.showdown_rate < 0.9


@pytest.mark.parametrize("name", ["tight", "check_call"])
def test_built_in_equals_the_reference_function_as_a_callable(impl, name):
    """The built-in strategies that use no random numbers give exactly what
    the reference's functions give when run as Python strategies (on the
    core, this checks the compiled strategies against the reference's)."""
    function = ref_strategies.BUILT_IN[name]
    n = size(impl, 60, 3000)
    kwargs = dict(
        players=5,
        rules=impl.Rules(ante=1, cap=3),
        stacks=[200, 15, 40, 8, 400],
        seed=2024,
    )
    built_in = impl.simulate(n, strategies=name, **kwargs)
    as_callable = impl.simulate(n, strategies=lambda hand: function(hand, None), **kwargs)
    assert same_numbers(built_in) == same_numbers(as_callable)


def test_tight_beats_check_call_and_random(impl):
    """A soft statistical check: at a table of tight, check_call and random,
    tight wins more than three standard errors' worth. (The reference at
    1,500 hands gives about 6 standard errors, over several seeds.)"""
    n = size(impl, 1500, 100000)
    result = impl.simulate(n, players=3, strategies=["tight", "check_call", "random"], seed=31)
    assert result.mean[0] > 3 * result.stderr[0]
    heads_up = impl.simulate(
        size(impl, 600, 50000), players=2, strategies=["check_call", "tight"], seed=32
    )
    assert heads_up.mean[1] > 3 * heads_up.stderr[1]


# --- tight, spot by spot (the reference's function) -------------------------------

ref_cards = ref.parse_cards


def heads_up(seat0: str, seat1: str, actions=()):
    """A reference heads-up hand where seat ``s`` gets the cards of
    ``seat0``/``seat1`` in stud order (two down, then up cards), after
    ``actions``; big stacks, default stakes."""
    own = [ref_cards(seat0), ref_cards(seat1)]
    order = []
    for position in range(max(len(own[0]), len(own[1]))):
        for seat in (0, 1):
            if position < len(own[seat]):
                order.append(own[seat][position])
    deck = order + [card for card in range(52) if card not in order]
    hand = ref.Hand(ref.Rules(), [1000, 1000], deck=deck)
    for action in actions:
        hand.act(action)
    return hand


def tight_choice(hand, actor):
    assert hand.actor == actor, "the spot is not the one intended"
    return ref_strategies.tight(hand, None)


@pytest.mark.parametrize(
    ("seat0", "expected"),
    [
        ("As 3d 7c", CO),  # premium: three lows, all seven or better
        ("As 3d 8c", B),  # playable (an eight): bring in only
        ("Ks Qd 8c", B),  # weak
        ("As Ad 7c", B),  # a pair: two low ranks only
    ],
)
def test_tight_bring_in(seat0, expected):
    hand = heads_up(seat0, "Kc Qh 2h")  # seat 0's up card is higher: it brings in
    assert tight_choice(hand, 0) == expected


@pytest.mark.parametrize(
    ("seat1", "facing_bring_in", "facing_completion"),
    [
        ("4c 5d 2h", CO, R),  # premium
        ("4c 8d 2h", C, C),  # playable
        ("Kc 8d 2h", F, F),  # weak
    ],
)
def test_tight_third_street(seat1, facing_bring_in, facing_completion):
    assert tight_choice(heads_up("Ks Qd 8c", seat1, [B]), 1) == facing_bring_in
    assert tight_choice(heads_up("Ks Qd 8c", seat1, [CO]), 1) == facing_completion


def fourth_street(seat0: str, seat1: str, opener_bets: bool):
    """Both see fourth street (bring-in, call); seat 0 shows the better board
    and opens with a bet or a check; seat 1 is to act."""
    hand = heads_up(seat0, seat1, [B, C])
    assert hand.street == 4 and hand.actor == 0
    hand.act(BE if opener_bets else X)
    return hand


@pytest.mark.parametrize(
    ("seat1", "facing_bet", "checked_to"),
    [
        ("Kc Qd Jh Tc", F, X),  # dead: no low card, three to come
        ("As 2d Kh Qc", F, X),  # two lows, behind seat 0's unpaired 7-5 board
        ("As 2d 3h Kc", C, X),  # three lows: seat 0's two up cards are not ahead
    ],
)
def test_tight_fourth_street(seat1, facing_bet, checked_to):
    seat0 = "4s 3d 7c 5c"
    assert tight_choice(fourth_street(seat0, seat1, True), 1) == facing_bet
    assert tight_choice(fourth_street(seat0, seat1, False), 1) == checked_to


def test_tight_not_behind_a_paired_or_high_board():
    # Two lows against a paired low board (7-7) and against a king: drawing.
    assert tight_choice(fourth_street("4s 3d 7c 7d", "As 2d Kh Kc", True), 1) == C
    # Two lows against a 9-2 board (a nine is not a low card): drawing.
    assert tight_choice(fourth_street("4s 3d 9c 2c", "As 2d Qh Jc", True), 1) == C


def fifth_street(seat1: str, opener_bets: bool):
    """Seat 0 shows 5-3-2 and opens fifth street; seat 1 is to act."""
    hand = heads_up("Ks Qs 2h 3c 5d", seat1, [B, C])  # seat 1 brings in, seat 0 calls
    assert hand.street == 4 and hand.actor == 0
    hand.act(X)
    hand.act(X)
    assert hand.street == 5 and hand.actor == 0
    hand.act(BE if opener_bets else X)
    return hand


@pytest.mark.parametrize(
    ("seat1", "facing_bet", "checked_to"),
    [
        ("As 2d 3h 4c 6c", R, BE),  # a made six: raise
        ("As 3d 7h 4c 2s", R, BE),  # a made seven: raise
        ("As 2d 3h 4c 8c", C, BE),  # a made eight: bet, but only call a bet
    ],
)
def test_tight_made_hands(seat1, facing_bet, checked_to):
    assert tight_choice(fifth_street(seat1, True), 1) == facing_bet
    assert tight_choice(fifth_street(seat1, False), 1) == checked_to


@pytest.mark.parametrize(("seat2_folds", "expected"), [(False, F), (True, C)])
def test_tight_ignores_folded_boards(seat2_folds, expected):
    """Only seats still in the hand can put tight behind."""
    # Third street: seat 0 (Kd) brings in, seats 1 and 2 call. Fourth street:
    # seat 0 shows K-Q, seat 1 2-A (it holds K-Q-2-A: two lows), seat 2 3-4.
    # Seat 1 opens with a bet, seat 2 calls or folds, seat 0 raises.
    order = ref_cards("9s Ks Jh 9d Qs Jd Kd 2c 3h Qh Ac 4c")
    deck = order + [card for card in range(52) if card not in order]
    hand = ref.Hand(ref.Rules(), [1000] * 3, deck=deck)
    for action in (B, C, C):
        hand.act(action)
    assert hand.street == 4 and hand.actor == 1
    for action in (BE, F if seat2_folds else C, R):
        hand.act(action)
    assert tight_choice(hand, 1) == expected


# --- Python strategies that misbehave ----------------------------------------------


class StrategyBoom(Exception):
    """Raised by a test strategy, to see it come out of simulate unchanged."""


def bad_at_seat(seat, answer):
    """Seat ``seat`` plays ``answer(hand)``; the others check and call."""

    def strategy(hand):
        return answer(hand) if hand.actor == seat else passive(hand)

    return strategy


def assert_still_usable(impl):
    """After an error the interpreter and the library still work."""
    a = impl.simulate(30, players=3, strategies=["random", "tight", passive], seed=9)
    b = impl.simulate(30, players=3, strategies=["random", "tight", passive], seed=9)
    assert outcome(a) == outcome(b)
    assert sum(a.net) == 0


def test_strategy_exception_propagates(impl):
    error = StrategyBoom("no thanks")

    def boom(hand):
        raise error

    with pytest.raises(StrategyBoom) as excinfo:
        impl.simulate(10, players=4, strategies=bad_at_seat(3, boom), seed=1)
    assert excinfo.value is error
    assert_still_usable(impl)


def test_strategy_exception_late_in_a_threaded_run(impl):
    """An exception after many hands (in a later chunk), with several
    threads, still propagates."""
    calls = [0]
    limit = size(impl, 300, 20000)

    def late(hand):
        calls[0] += 1
        if calls[0] > limit:
            raise StrategyBoom("late")
        return folder(hand)

    with pytest.raises(StrategyBoom, match="late"):
        impl.simulate(limit * 3, players=2, strategies=late, seed=1, threads=2)
    assert_still_usable(impl)


def test_strategy_keyboard_interrupt_propagates(impl):
    def interrupt(hand):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        impl.simulate(10, players=2, strategies=["check_call", interrupt], seed=1)
    assert_still_usable(impl)


@pytest.mark.parametrize(
    ("value", "text"),
    [(None, "None"), ("banana", "banana"), (2.5, "2.5"), (True, "True"), ([1], "[1]")],
)
def test_strategy_returning_a_non_action(impl, value, text):
    with pytest.raises(TypeError) as excinfo:
        impl.simulate(10, players=4, strategies=bad_at_seat(3, lambda hand: value), seed=1)
    message = str(excinfo.value)
    assert re.search(r"\b3\b", message), message
    assert text in message, message
    assert_still_usable(impl)


@pytest.mark.parametrize(("value", "text"), [(X, "CHECK"), (99, "99"), (-1, "-1")])
def test_strategy_returning_an_illegal_action(impl, value, text):
    # On third street CHECK is never legal: the bring-in seat must bring in
    # (or complete), everyone else faces the bring-in.
    with pytest.raises(IllegalActionError) as excinfo:
        impl.simulate(10, players=4, strategies=bad_at_seat(3, lambda hand: value), seed=1)
    message = str(excinfo.value)
    assert re.search(r"\b3\b", message), message
    assert text in message, message
    assert_still_usable(impl)


# --- argument errors ----------------------------------------------------------------

OTHER_RULES = {"core": ref.Rules(), "reference": razz_fast.Rules()}


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"hands": 0}, ValueError),
        ({"hands": -5}, ValueError),
        ({"hands": 2**63}, ValueError),
        ({"hands": True}, TypeError),
        ({"hands": 10.0}, TypeError),
        ({"hands": "10"}, TypeError),
        ({"hands": None}, TypeError),
        ({"players": 1}, ValueError),
        ({"players": 9}, ValueError),
        ({"players": 0}, ValueError),
        ({"players": True}, TypeError),
        ({"players": 6.0}, TypeError),
        ({"players": "6"}, TypeError),
        ({"strategies": "nope"}, ValueError),
        ({"strategies": "Check_Call"}, ValueError),
        ({"strategies": 3}, TypeError),
        ({"strategies": None}, TypeError),
        ({"strategies": Action.CALL}, TypeError),
        ({"strategies": ["check_call"] * 5}, ValueError),
        ({"strategies": ["check_call"] * 7}, ValueError),
        ({"strategies": []}, ValueError),
        ({"strategies": ["check_call"] * 5 + ["nope"]}, ValueError),
        ({"strategies": ["check_call"] * 5 + [None]}, TypeError),
        ({"strategies": ["check_call"] * 5 + [["random"]]}, TypeError),
        ({"players": 2, "strategies": ["tight", "random", "tight"]}, ValueError),
        ({"rules": "default"}, TypeError),
        ({"rules": {"ante": 1}}, TypeError),
        ({"rules": "other implementation"}, TypeError),
        ({"stacks": 0}, ValueError),
        ({"stacks": -1}, ValueError),
        ({"stacks": 2**53}, ValueError),
        ({"stacks": True}, TypeError),
        ({"stacks": 100.0}, TypeError),
        ({"stacks": "100"}, TypeError),
        ({"stacks": [100] * 5}, ValueError),
        ({"stacks": [100] * 7}, ValueError),
        ({"stacks": [100] * 5 + [0]}, ValueError),
        ({"stacks": [100] * 5 + [2**53]}, ValueError),
        ({"stacks": [100] * 5 + [1.5]}, TypeError),
        ({"stacks": [100] * 5 + [False]}, TypeError),
        ({"stacks": [100] * 5 + [None]}, TypeError),
        ({"seed": -1}, ValueError),
        ({"seed": 2**64}, ValueError),
        ({"seed": 1.0}, TypeError),
        ({"seed": True}, TypeError),
        ({"seed": "1"}, TypeError),
        ({"threads": 0}, ValueError),
        ({"threads": -2}, ValueError),
        ({"threads": 1.0}, TypeError),
        ({"threads": True}, TypeError),
        ({"threads": "2"}, TypeError),
        ({"progress": 1}, TypeError),
        ({"progress": None}, TypeError),
        ({"progress": "yes"}, TypeError),
    ],
    ids=lambda value: repr(value)[:40] if isinstance(value, dict) else value.__name__,
)
def test_bad_arguments(impl, kwargs, error):
    kwargs = dict(kwargs)
    if kwargs.get("rules") == "other implementation":
        kwargs["rules"] = OTHER_RULES["core" if is_core(impl) else "reference"]
    hands = kwargs.pop("hands", 5)
    kwargs.setdefault("seed", 1)
    with pytest.raises(error):
        impl.simulate(hands, **kwargs)


def test_good_edge_arguments(impl):
    """The extremes of every range are accepted."""
    impl.simulate(1, players=2, seed=0)
    impl.simulate(1, players=8, seed=2**64 - 1, threads=1)
    impl.simulate(2, players=2, stacks=2**53 - 1, seed=1)
    impl.simulate(2, players=2, stacks=[1, 1], seed=1)
    impl.simulate(2, players=3, stacks=(5, 6, 7), strategies=("tight", passive, "random"), seed=1)
    impl.simulate(2, players=2, strategies=["random", "random"], threads=64, seed=1)


# --- the core against the reference ------------------------------------------------


def rules_of(module, arguments: dict):
    """``Rules(**arguments)``, or with a ``preset`` key that preset at the
    given stakes."""
    arguments = dict(arguments)
    preset = arguments.pop("preset", None)
    if preset is None:
        return module.Rules(**arguments)
    return module.Rules.preset(preset).replace(**arguments)


DIFFERENTIAL_CASES = [
    # (hands, players, strategies, rules, stacks)
    (300, 2, "check_call", {}, None),
    (400, 2, ["tight", "random"], {"cap": 2, "heads_up": "round_starts"}, None),
    # Every preset's house rules, with short stacks for the all-in rules.
    (200, 6, "random", {"preset": "wsop", "ante": 1}, [3, 12, 40, 2, 7, 100]),
    (200, 5, ["tight", "random"] * 2 + ["random"], {"preset": "tda", "ante": 2}, [2, 30, 9, 1, 60]),
    (200, 4, "random", {"preset": "roberts", "ante": 1}, [5, 40, 11, 80]),
    (150, 3, "random", {"preset": "wsop_live", "bring_in": 2}, [4, 50, 9]),
    (300, 3, "random", {"ante": 1}, None),
    (250, 4, "tight", {"cap": None}, 3),
    (200, 5, ["random"] * 5, {"ante": 1, "odd_chip": "low_card"}, [12, 1, 30, 4, 300]),
    (250, 6, "tight", {}, None),
    (200, 6, ["tight", "check_call", "random"] * 2, {"ante": 1, "bring_in": 2}, [40, 9, 25] * 2),
    (
        150,
        8,
        ["tight", "random", "check_call", "tight", "random", "check_call", "tight", "random"],
        {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8},
        [30, 5, 100, 1, 50, 17, 9, 200],
    ),
    (100, 8, "check_call", {"burn_cards": True}, None),  # reshuffled community cards
    (150, 7, "random", {"burn_cards": True, "ante": 2}, [8, 16, 3, 100, 2, 50, 6]),
    (1100, 2, "random", {"ante": 1}, [10, 25]),  # two chunks
]


@pytest.mark.parametrize(("hands", "players", "strategies", "rules", "stacks"), DIFFERENTIAL_CASES)
def test_core_equals_reference(hands, players, strategies, rules, stacks):
    results = [
        module.simulate(
            hands,
            players=players,
            strategies=strategies,
            rules=rules_of(module, rules),
            stacks=stacks,
            seed=hands * 1000 + players,
        )
        for module in (razz_fast, ref)
    ]
    core_result, ref_result = results
    assert same_numbers(core_result) == same_numbers(ref_result)
    assert outcome(core_result) == outcome(ref_result)


def test_core_equals_reference_with_python_strategies():
    strategies = [quirky, "tight", passive, "random", quirky]
    results = [
        module.simulate(150, players=5, strategies=strategies, rules=module.Rules(ante=1), seed=77)
        for module in (razz_fast, ref)
    ]
    assert outcome(results[0]) == outcome(results[1])


# --- the core only: threads, concurrency, the winning-rank distribution --------------


@pytest.mark.parametrize(
    ("hands", "players", "strategies", "stacks"),
    [
        (30000, 6, ["tight", "check_call", "random"] * 2, None),
        (20011, 2, ["random", "tight"], [7, 30]),
        (5000, 8, "random", 20),
    ],
)
def test_core_threads_are_bit_identical(hands, players, strategies, stacks):
    results = [
        razz_fast.simulate(
            hands, players=players, strategies=strategies, stacks=stacks, seed=5, threads=t
        )
        for t in (1, 2, 3, 8, None)
    ]
    for result in results[1:]:
        assert outcome(result) == outcome(results[0])


def test_core_threads_with_a_python_strategy():
    strategies = [quirky, "random", "tight", quirky]
    results = [
        razz_fast.simulate(3000, players=4, strategies=strategies, seed=6, threads=t)
        for t in (1, 4)
    ]
    assert outcome(results[0]) == outcome(results[1])


def test_core_from_several_python_threads():
    """simulate called from several Python threads at once gives what serial
    calls give (the same answers from several threads)."""
    jobs = [
        dict(hands=20000, players=p, strategies=s, seed=seed)
        for seed, (p, s) in enumerate(
            [(2, "random"), (6, "tight"), (4, "check_call"), (8, "random")]
        )
    ]
    serial = [outcome(razz_fast.simulate(**job)) for job in jobs]
    parallel = [None] * len(jobs)

    def run(i):
        parallel[i] = outcome(razz_fast.simulate(**jobs[i]))

    workers = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert parallel == serial


# Seven-card frequencies of the best low (all C(52, 7) hands), by class: the top card
# of an unpaired low (5 = wheel ... K), then one pair, then two pair or worse.
SEVEN_CARD_TABLE = {
    "5": 781_824,
    "6": 3_151_360,
    "7": 7_426_560,
    "8": 13_171_200,
    "9": 19_174_400,
    "T": 23_675_904,
    "J": 24_837_120,
    "Q": 21_457_920,
    "K": 13_939_200,
    "pair": 5_948_800,
    "two pair+": 219_648 + 624,
}
# The last dense rank of each class: C(t, 4) unpaired lows top out at rank t
# (index), cumulated; then the pair and two-pair boundaries.
CLASS_ENDS = [1, 6, 21, 56, 126, 252, 462, 792, 1287, 4147, 6175]


def rank_classes(ranks) -> np.ndarray:
    """Class index (0 = wheel ... 8 = K-low, 9 = pair, 10 = worse) of ranks."""
    return np.searchsorted(CLASS_ENDS, np.asarray(ranks))


def chi_square_bound(df: int) -> float:
    """A loose bound for a chi-square statistic with ``df`` degrees of freedom:
    the mean plus eight standard deviations (a false alarm is far rarer than
    one in a million)."""
    return df + 8 * math.sqrt(2 * df)


def best_of_six_sample(trials: int, seed: int) -> np.ndarray:
    """Random six-handed deals (42 cards from a shuffled deck, seven each):
    the rank of every hand, shape (trials, 6)."""
    generator = np.random.default_rng(seed)
    decks = generator.permuted(np.tile(np.arange(52, dtype=np.uint8), (trials, 1)), axis=1)
    hands = np.ascontiguousarray(decks[:, :42]).reshape(trials * 6, 7)
    return np.asarray(razz_fast.rank_many(hands)).reshape(trials, 6)


def winning_rank_bins(ranks) -> np.ndarray:
    """Bins of winning ranks: every rank up to 56 (eight-low or better) on
    its own, then nine-low, ten-low, and jack-low or worse."""
    ranks = np.asarray(ranks)
    bins = np.where(ranks <= 56, ranks - 1, 0)
    bins = np.where(ranks > 56, 56, bins)
    bins = np.where(ranks > 126, 57, bins)
    bins = np.where(ranks > 252, 58, bins)
    return np.bincount(bins, minlength=59)


def two_sample_chi_square(a: np.ndarray, b: np.ndarray) -> tuple[float, int]:
    """Chi-square statistic that counts ``a`` and ``b`` come from one
    distribution, and its degrees of freedom (bins empty in both are
    dropped)."""
    a = a.astype(float)
    b = b.astype(float)
    keep = (a + b) > 0
    a, b = a[keep], b[keep]
    na, nb = a.sum(), b.sum()
    statistic = float((((math.sqrt(nb / na) * a - math.sqrt(na / nb) * b) ** 2) / (a + b)).sum())
    return statistic, int(keep.sum()) - 1


def check_winning_ranks(winning_ranks: dict, showdowns: int) -> None:
    """The winning ranks of a six-handed check_call table against a Monte
    Carlo of random six-handed deals. A check_call table always shows down
    with all six players, each holding seven cards of one shuffled deck (no
    community card with six players), so the winning rank is the best of six
    dependent seven-card hands: not the single-hand frequencies of all C(52, 7) hands,
    which the sampler is checked against first."""
    sample = best_of_six_sample(300_000, seed=2024)

    # 1. The sampler: every single hand, against the exact seven-card table.
    single = np.bincount(rank_classes(sample.ravel()), minlength=11).astype(float)
    total = sum(SEVEN_CARD_TABLE.values())
    assert total == math.comb(52, 7)
    expected = np.array([count / total for count in SEVEN_CARD_TABLE.values()]) * single.sum()
    statistic = float(((single - expected) ** 2 / expected).sum())
    assert statistic < chi_square_bound(10), statistic

    # 2. The simulation's winning ranks against the sampled best of six.
    ranks = np.repeat(
        np.array(list(winning_ranks), dtype=np.int64),
        np.array(list(winning_ranks.values()), dtype=np.int64),
    )
    assert len(ranks) == showdowns
    statistic, df = two_sample_chi_square(
        winning_rank_bins(ranks), winning_rank_bins(sample.min(1))
    )
    assert statistic < chi_square_bound(df), (statistic, df)

    # 3. The single-hand table is the wrong expectation, and this test can
    # tell: the winning ranks are far from it.
    observed = np.bincount(rank_classes(ranks), minlength=11).astype(float)
    single_expected = expected / expected.sum() * observed.sum()
    wrong = float(((observed - single_expected) ** 2 / single_expected).sum())
    assert wrong > 100 * chi_square_bound(10), wrong


def test_core_winning_ranks_match_best_of_six():
    result = razz_fast.simulate(100_000, players=6, strategies="check_call", seed=606)
    assert result.showdowns == 100_000
    check_winning_ranks(result.winning_ranks, result.showdowns)


def test_default_stacks_past_the_chip_limit_say_so(impl):
    rules = impl.Rules(0, 1, 2, 2**53 - 1)
    with pytest.raises(ValueError, match="stacks=None means 100 big bets"):
        impl.simulate(10, rules=rules, seed=1)
    assert impl.simulate(10, players=2, rules=rules, stacks=2**53 - 1, seed=1).hands == 10
