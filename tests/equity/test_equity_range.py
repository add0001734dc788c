"""equity() against a Range (docs/EQUITY.md, "Against a range"): the core's
and the reference's exact results equal brute force over the hidden cards
that pass the filter (each passing choice of actual cards run as a plain
spot); sampled results agree with exact ones, seeds repeat, threads change
nothing; bad input raises a clear exception.

The reference enumerates real card deals, so its spots here are late streets
with dead cards; the bigger brute forces run each choice through the core.
"""

from __future__ import annotations

import itertools

import pytest

import razz_fast
import razz_fast.reference
from razz_fast import Range
from razz_fast.errors import InvalidCardError

IMPLS = [
    pytest.param(razz_fast, id="core"),
    pytest.param(razz_fast.reference, id="reference"),
]

# Small spots: (hands, dead), each Range's filter chosen to cut its hidden cards.
SMALL = [
    pytest.param(
        ["As 2d 7c 4h 5s Kd 9c", Range("3h 6d 8s 2c", hidden=3, max_rank="8")], "", id="7th-2way"
    ),
    pytest.param(
        ["As 2d 7c 4h 5s Kd", Range("3h 6d 8s 2c", max_rank="8")],
        "Ks Kh Kc Qs Qd Qh Qc Js Jd Jh Jc Ts Td Th",
        id="6th-2way-dead",
    ),
    pytest.param(
        ["As 2d 7c 4h 5s", Range("3h 6d 8s", where=lambda r: len(set(r)) == 2)],
        "Ks Kd Kh Kc Qs Qd Qh Qc Js Jd Jh Jc Ts Td Th Tc 9s 9d 9h 8c 8d 7s 7d 7h 6s 6h 5d 5h 4c",
        id="5th-2way-dead-unpaired",
    ),
    pytest.param(
        ["As 2d 7c 4h 5s Kd", Range("3h 6d 8s 2c", max_rank="9"), "9s Ts Js 4c Qc 2h"],
        "Ks Kh Kc Qs Qd Qh Jd Jh 8h Tc Td Th 9h 9d 7s 7d 6s 6h 5d 5h",
        id="6th-3way-dead",
    ),
    pytest.param(
        [
            "As 2d 7c 4h 5s Kd 9c",
            Range("3h 6d 8s 2c", hidden=3, max_rank="5"),
            Range("9s Ts Js 4c", hidden=3, where=lambda r: r[0] == 0 and r[2] <= 8),
        ],
        "Ks Kh Kc Qs Qd Qh Jd Jh 8h Tc Td Th 9h 9d 7s 7d 6s 6h 5d 5h",
        id="7th-two-ranges-dead",
    ),
    pytest.param(
        # Three Ranges after the same nine low cards: a choice of ranks for
        # the first seats can leave a later one none of a rank it wants.
        [Range(f"K{s} Q{s} J{s} T{s}", hidden=3, max_rank="3") for s in "cdh"],
        "As Ad 2s",
        id="7th-three-ranges-scarce-ranks",
    ),
    pytest.param(
        [
            "As Ad 2c 2d 3c 3d",
            "4c 4d 5c 5d 6c 6d",
            "7c 7d 8c 8d 9c 9d",
            "Tc Td Jc Jd Qc Qd",
            "Kc Kd Ah 2h 3h 4h",
            "5h 6h 7h 8h 9h Th",
            "Jh Qh Kh Ac 2s 3s",
            Range("4s 5s 6s 7s", max_rank="J"),
        ],
        "",
        id="8-players-community-card",
    ),
]


_BRUTE = {}


def brute_force(hands, dead):
    """The exact tallies summed over every choice of actual unseen cards for
    the Ranges' hidden cards that passes, each run as a plain core spot."""
    key = (id(hands), str(dead))
    if key in _BRUTE:  # the same spot for the core and the reference
        return _BRUTE[key][1]
    parse = razz_fast.parse_cards
    seats = [i for i, h in enumerate(hands) if isinstance(h, Range)]
    known = [h.up if isinstance(h, Range) else parse(h) for h in hands]
    out = set(parse(dead)).union(*map(set, known))
    pool = [c for c in range(52) if c not in out]
    per_seat = [
        [
            combo
            for combo in itertools.combinations(pool, hands[s].hidden)
            if hands[s].admits(tuple(c // 4 for c in combo))
        ]
        for s in seats
    ]
    total, shares, wins, ties = 0, [0] * len(hands), [0] * len(hands), [0] * len(hands)
    for joint in itertools.product(*per_seat):
        cards = [c for combo in joint for c in combo]
        if len(set(cards)) < len(cards):
            continue
        filled = [list(k) for k in known]
        for s, combo in zip(seats, joint):
            filled[s] += list(combo)
        _, t, sh, _, w, ti = razz_fast._core.equity_tallies(filled, parse(dead), True, 1, 0, 1)
        total += t
        shares = [a + b for a, b in zip(shares, sh)]
        wins = [a + b for a, b in zip(wins, w)]
        ties = [a + b for a, b in zip(ties, ti)]
    _BRUTE[key] = hands, (total, shares, wins, ties)  # holding hands keeps its id unique
    return _BRUTE[key][1]


def _matches(result, brute):
    total, shares, wins, ties = brute
    assert result.exact and result.trials == total
    assert result.equity == [s / (840 * total) for s in shares]
    assert result.win == [w / total for w in wins]
    assert result.tie == [t / total for t in ties]
    assert result.stderr == [0.0] * len(shares) and result.seed is None


@pytest.mark.parametrize("hands,dead", SMALL)
@pytest.mark.parametrize("impl", IMPLS)
def test_small_spots_equal_brute_force_over_the_passing_hidden_cards(impl, hands, dead):
    _matches(impl.equity(hands, dead, exact=True), brute_force(hands, dead))


@pytest.mark.parametrize(
    "hands",
    [
        ["As 2d 7c 4h 5s", Range("3h 6d 8s", max_rank="8")],
        ["As 2d 7c 4h 5s Kd", Range("3h 6d 8s 2c", where=lambda r: r[1] >= 9), "Qc Jd 9s Th"],
    ],
    ids=["5th-2way", "6th-3way"],
)
def test_bigger_spots_equal_brute_force_in_the_core(hands):
    _matches(razz_fast.equity(hands, exact=True), brute_force(hands, ""))


def test_no_filter_is_a_random_hand_with_those_up_cards():
    hero, board = "As 2d 7c 4h 5s", "3h 6d 8s"
    ranged = razz_fast.equity([hero, Range(board)])
    plain = razz_fast.equity([hero, board])
    assert ranged.equity == plain.equity and ranged.win == plain.win
    # The hidden cards are dealt apart from the ones to come: C(4, 2) orders.
    assert ranged.trials == 6 * plain.trials


def test_the_filter_changes_the_answer_and_exact_none_is_exact_heads_up():
    hero = "As 2d 7c 4h 5s Kd"
    anything = razz_fast.equity([hero, Range("3h 6d 8s 2c")])
    low = razz_fast.equity([hero, Range("3h 6d 8s 2c", max_rank="8")])
    assert anything.exact and low.exact
    assert low.equity[1] > anything.equity[1] + 0.05


def test_sampled_agrees_with_exact_repeats_for_a_seed_and_ignores_threads():
    hands = ["As 2d 7c 4h 5s", Range("3h 6d 8s", max_rank="8")]
    exact = razz_fast.equity(hands)
    runs = [razz_fast.equity(hands, trials=200_000, seed=11, threads=t) for t in (1, 2, None)]
    assert runs[0] == runs[1] == runs[2]
    sampled = runs[0]
    assert not sampled.exact and sampled.trials == 200_000 and sampled.seed == 11
    for e, s, err in zip(exact.equity, sampled.equity, sampled.stderr):
        assert 0 < err < 0.002 and abs(e - s) < 4 * err
    assert razz_fast.equity(hands, trials=200_000, seed=12) != sampled


def test_a_filter_with_one_rank_multiset_samples_like_the_plain_spot():
    # Only 8-8 passes, so every sample is the spot with two eights known:
    # the whole run goes to choice 0, seeded with the seed itself.
    hands = ["As 2d 7c 4h 5s", Range("3h 6d 8s", where=lambda r: r == (7, 7))]
    ranged = razz_fast.equity(hands, trials=50_000, seed=5)
    plain = razz_fast.equity(["As 2d 7c 4h 5s", "3h 6d 8s 8c 8d"], trials=50_000, seed=5)
    assert ranged == plain


def test_the_reference_samples_agree_with_exact():
    hands = ["As 2d 7c 4h 5s Kd", Range("3h 6d 8s 2c", max_rank="8")]
    exact = razz_fast.equity(hands)
    sampled = razz_fast.reference.equity(hands, trials=20_000, seed=3)
    assert sampled == razz_fast.reference.equity(hands, trials=20_000, seed=3)
    for e, s, err in zip(exact.equity, sampled.equity, sampled.stderr):
        assert abs(e - s) < 4 * err


@pytest.mark.parametrize("impl", IMPLS)
def test_a_filter_nothing_passes_is_a_value_error(impl):
    hero = "As Ad 7c 4h 5s"
    with pytest.raises(ValueError, match=r"no unseen hidden cards of hands\[1\]"):
        impl.equity([hero, Range("3h 6d 8s", where=lambda r: False)])
    # Aces only, but one ace is left unseen: two aces cannot be found.
    with pytest.raises(ValueError, match="pass its Range's filter"):
        impl.equity([hero + " Ac", Range("3h 6d", max_rank="A")])
    # Each alone can have both remaining aces, not both at once.
    with pytest.raises(ValueError, match="together"):
        impl.equity(["As Ad 4h", Range("3h", max_rank="A"), Range("6d", max_rank="A")])


@pytest.mark.parametrize("impl", IMPLS)
def test_too_many_choices_of_hidden_ranks_is_a_value_error_before_any_work(impl):
    # Four unfiltered Ranges, 91**4 choices: every one was listed first,
    # tens of GB, before a single sample.
    message = r"Ranges of hands\[0, 1, 2, 3\] allow 68,574,961 choices of hidden ranks together"
    with pytest.raises(ValueError, match=message):
        impl.equity([Range()] * 4, trials=10, seed=1)
    # A seat whose filter nothing passes is still named first.
    with pytest.raises(ValueError, match=r"no unseen hidden cards of hands\[3\]"):
        impl.equity([Range()] * 3 + [Range(where=lambda r: False)], trials=10, seed=1)
    # Eight seven-card Ranges: the reference listed C(52, 7) cards a seat first.
    with pytest.raises(ValueError, match=r"Ranges of hands\[0, 1, 2, 3, 4, 5, 6, 7\] allow"):
        impl.equity([Range(hidden=7)] * 8, trials=10, seed=1)


@pytest.mark.parametrize("impl", IMPLS)
def test_a_deck_too_short_for_the_hands_is_named_before_the_filters(impl):
    # As the plain equity says it, in both implementations, even where a
    # Range's filter could not pass either.
    full = ["As 2d 3c 4h 5s 6c 7h", "Ks Qs Js Ts 9s 8s 7s", "Kd Qd Jd Td 9d 8d 7d"]
    full += ["Kc Qc Jc Tc 9c 8c 7c", "Kh Qh Jh Th 9h 8h 6h", "Ah 2h 3h 4d 5d 6d 2c"]
    hands = [*full, Range("3s 4s 5h 5c", hidden=3, max_rank="2"), "Ad 2s 3d 4c"]
    with pytest.raises(ValueError, match="the hands need 5 with a community card, 2 are left"):
        impl.equity(hands, trials=10, seed=1)


@pytest.mark.parametrize("impl", IMPLS)
def test_a_predicate_must_return_a_bool_and_its_errors_go_through(impl):
    hands = ["As 2d 7c 4h 5s Kd 9c", Range("3h 6d 8s 2c", hidden=3, where=lambda r: r[0])]
    with pytest.raises(TypeError, match="must return a bool, got int"):
        impl.equity(hands)

    def broken(ranks):
        raise KeyError("mine")

    with pytest.raises(KeyError, match="mine"):
        impl.equity(["As 2d 7c 4h 5s Kd 9c", Range("3h 6d 8s 2c", hidden=3, where=broken)])


def test_bad_range_arguments():
    with pytest.raises(TypeError, match="hidden must be an int"):
        Range("3h", hidden="2")
    with pytest.raises(ValueError, match=r"hidden must be 1\.\.7"):
        Range("3h", hidden=0)
    with pytest.raises(ValueError, match="at most 7 cards: 5 up and 3 hidden"):
        Range("3h 4h 5h 6h 7h", hidden=3)
    with pytest.raises(TypeError, match="max_rank must be a rank such as '8', got int"):
        Range("3h", max_rank=8)
    with pytest.raises(ValueError, match="max_rank must be one of"):
        Range("3h", max_rank="1")
    with pytest.raises(TypeError, match="where must be a callable"):
        Range("3h", where=True)
    with pytest.raises(InvalidCardError):
        Range("3z")
    assert repr(Range("3h 4d", max_rank="t")) == "Range('3h 4d', hidden=2, max_rank='T')"
    assert Range().up == [] and Range("Ah").hidden == 2


@pytest.mark.parametrize("impl", IMPLS)
def test_a_range_card_seen_elsewhere_is_an_invalid_card(impl):
    with pytest.raises(InvalidCardError):
        impl.equity(["As 2d 7c", Range("7c 6d")])
    with pytest.raises(InvalidCardError):
        impl.equity(["As 2d 7c", Range("8c 6d")], dead="6d")
    with pytest.raises(TypeError):
        impl.equity(["As 2d 7c", Range("8c")], exact="yes")


def test_the_distributed_helpers_refuse_a_range_clearly():
    from razz_fast._equity import checked_spot

    with pytest.raises(TypeError, match="Range"):
        checked_spot(["As 2d", Range("3h")], (), None, None, None, None)


def test_the_standard_error_is_the_spread_of_runs_with_other_seeds():
    hands = ["As 2d 7c 4h 5s", Range("3h 6d 8s", max_rank="8")]
    runs = [razz_fast.equity(hands, trials=20_000, seed=seed) for seed in range(40)]
    mean = sum(r.equity[0] for r in runs) / len(runs)
    spread = (sum((r.equity[0] - mean) ** 2 for r in runs) / (len(runs) - 1)) ** 0.5
    stderr = sum(r.stderr[0] for r in runs) / len(runs)
    assert 0.7 < spread / stderr < 1.3  # the sd of 40 runs' spread is about 11%
    assert abs(mean - razz_fast.equity(hands).equity[0]) < 4 * stderr / len(runs) ** 0.5


@pytest.mark.parametrize("impl", IMPLS)
def test_exact_none_enumerates_heads_up_and_samples_when_asked(impl):
    hands = ["As 2d 7c 4h 5s Kd 9c", Range("3h 6d 8s 2c", hidden=3, max_rank="6")]
    assert impl.equity(hands).exact
    sampled = impl.equity(hands, trials=1000, seed=2)
    assert not sampled.exact and sampled.trials == 1000 and sampled.seed == 2


def test_exact_none_samples_a_big_multiway_spot():
    result = razz_fast.equity(["As 2d 3c", Range("7h", max_rank="8"), "Kc Qd Jh"], threads=1)
    assert not result.exact and result.trials == 1_000_000


@pytest.mark.parametrize("seed", range(6))
def test_random_seventh_street_spots_agree_three_ways(seed):
    import random

    rng = random.Random(seed)
    deck = rng.sample(range(52), 52)
    players = rng.choice([2, 3])
    hands = [deck[7 * i : 7 * i + 7] for i in range(players - 1)]
    up, rest = deck[7 * (players - 1) : 7 * (players - 1) + 4], deck[7 * players :]
    dead = rest[: rng.randrange(0, 16)]
    allowed = {ranks for ranks in itertools.combinations_with_replacement(range(13), 3)
               if rng.random() < 0.3}  # fmt: skip
    hands.append(Range(up, hidden=3, where=lambda r: r in allowed))
    core = razz_fast.equity(hands, dead, exact=True)
    assert core == razz_fast.reference.equity(hands, dead, exact=True)
    _matches(core, brute_force(hands, dead))


@pytest.mark.parametrize("impl", IMPLS)
def test_progress_changes_nothing_and_must_be_a_bool(impl):
    hands = ["As 2d 7c 4h 5s Kd 9c", Range("3h 6d 8s 2c", hidden=3, max_rank="6")]
    assert impl.equity(hands, progress=True) == impl.equity(hands)
    sampled = impl.equity(hands, trials=3000, seed=4, progress=True)
    assert sampled == impl.equity(hands, trials=3000, seed=4)
    with pytest.raises(TypeError, match="progress must be a bool"):
        impl.equity(hands, progress=1)
