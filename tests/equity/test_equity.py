"""equity() (docs/EQUITY.md): exact results against brute force written here,
the community card when the deck runs short, sampled results against exact
ones, seeds and threads, core against reference, and bad input.

The reference enumerates real card deals, so every exact spot it runs here
is kept to at most ~10**5 deals; the big spots (third street) run on the core
only.
"""

from __future__ import annotations

import itertools
import math
import pickle
from fractions import Fraction

import pytest

import razz_fast
import razz_fast.reference
from razz_fast.errors import InvalidCardError

IMPLS = [
    pytest.param(module, id="core" if module is razz_fast else "reference")
    for module in (razz_fast, razz_fast.reference)
    if hasattr(module, "equity")
]

needs_core = pytest.mark.skipif(
    not hasattr(razz_fast, "equity"), reason="the compiled core has no equity() yet"
)

ref_rank = razz_fast.reference.rank
ref_parse = razz_fast.reference.parse_cards


@pytest.fixture(params=IMPLS)
def impl(request):
    return request.param


# --- spots ---------------------------------------------------------------------

# Small spots (hands, dead) the reference can enumerate quickly: every deal
# takes few cards from a small pool.
SMALL_SPOTS = {
    # Seventh street: each player gets one card.
    "7th-2p": (["As 2d 3h 4c 9s Ks", "5h 6h 7c 8d Qc Js"], "Th Td Tc Ts Jd Jc Jh Qd Qh Qs Kd Kc"),
    "7th-3p": (
        ["As 2d 3h 8c 9s Ks", "Ah 4h 5c 6d Qc Js", "2c 3c 7h 7d 8h 8s"],
        "Th Td Tc Ts Jd Jc Jh Qd Qh Qs Kd Kc",
    ),
    "7th-4p": (
        ["As 2d 3h 8c 9s Ks", "Ah 4h 5c 6d Qc Js", "2c 3c 7h 7d 8h 8s", "Ac 2s 4d 6c 9h 9d"],
        "Th Td Tc Ts Jd Jc Jh Qd Qh Qs Kd Kc 5s 6s",
    ),
    # Sixth street: each player gets two cards.
    "6th-2p": (
        ["As 2d 3h 9c Ks", "4h 5c 6d 8s Qc"],
        "Th Td Tc Ts Jd Jc Jh Js Qd Qh Qs Kd Kc Kh 9s 9h 9d 8h 8d 8c",
    ),
    # Fifth street heads-up: each player gets three cards.
    "5th-2p": (
        ["As 2d 7h 9c", "3h 4c 8d Ks"],
        "Th Td Tc Ts Jd Jc Jh Js Qd Qh Qs Qc Kd Kc Kh 9s 9h 9d 8h 8c 8s 7c 7d 7s 6c 6d 6h 6s 2c 5s",
    ),
    # Mixed streets, three players.
    "mixed-3p": (
        ["As 2d 7h 9c", "3h 4c 8d Ks Kh", "5d 6h 2s 2h Qc Qd"],
        "Th Td Tc Ts Jd Jc Jh Js Qh Qs Kd Kc 9s 9h 9d 8h 8c 8s 7c 7d 7s 6c 6d 6s",
    ),
}


def cards_of(hands, dead) -> tuple[list[list[int]], list[int]]:
    return [ref_parse(h) for h in hands], ref_parse(dead)


def unseen_of(hands: list[list[int]], dead: list[int]) -> list[int]:
    out = {c for h in hands for c in h} | set(dead)
    return [c for c in range(52) if c not in out]


def split(ranks: list[int]) -> list[Fraction]:
    """Each player's share of one pot for these ranks (lower wins)."""
    best = min(ranks)
    winners = [i for i, r in enumerate(ranks) if r == best]
    return [Fraction(1, len(winners)) if i in winners else Fraction(0) for i in range(len(ranks))]


def brute_force_seventh(hands: list[list[int]], dead: list[int]):
    """Exact (equity, win, tie, deals) when every player holds six cards:
    each ordered choice of distinct seventh cards is one deal."""
    n = len(hands)
    deals = 0
    eq = [Fraction(0)] * n
    win = [0] * n
    tie = [0] * n
    for extra in itertools.permutations(unseen_of(hands, dead), n):
        shares = split([ref_rank(h + [c]) for h, c in zip(hands, extra)])
        deals += 1
        winners = sum(1 for s in shares if s)
        for i, s in enumerate(shares):
            eq[i] += s
            if s and winners == 1:
                win[i] += 1
            elif s:
                tie[i] += 1
    return (
        [e / deals for e in eq],
        [Fraction(w, deals) for w in win],
        [Fraction(t, deals) for t in tie],
        deals,
    )


def number_of_deals(hands: list[list[int]], dead: list[int]) -> int:
    """Distinct deals per docs/EQUITY.md 'The deal'."""
    pool = len(unseen_of(hands, dead))
    missing = [7 - len(h) for h in hands]
    if sum(missing) <= pool:
        sizes, count = missing, 1
    else:
        sizes, count, pool = [max(m - 1, 0) for m in missing], pool, pool - 1
    for size in sizes:
        count *= math.comb(pool, size)
        pool -= size
    return count


def assert_close(actual: list[float], expected, rel: float = 1e-12) -> None:
    # (NaN, a single sample's error, equals NaN here.)
    assert actual == pytest.approx([float(x) for x in expected], rel=rel, abs=1e-15, nan_ok=True)


def assert_same_result(a, b, stderr_rel: float = 1e-12) -> None:
    """Two results derived from the same integer counts."""
    assert a.exact == b.exact
    assert a.trials == b.trials
    assert a.seed == b.seed
    for name in ("equity", "win", "tie"):
        assert_close(getattr(a, name), getattr(b, name))
    assert_close(a.stderr, b.stderr, rel=stderr_rel)


# --- exact ---------------------------------------------------------------------


@pytest.mark.parametrize("name", [k for k in SMALL_SPOTS if k.startswith("7th")])
def test_exact_seventh_street_equals_brute_force(impl, name):
    hands, dead = cards_of(*SMALL_SPOTS[name])
    result = impl.equity(hands, dead, exact=True)
    eq, win, tie, deals = brute_force_seventh(hands, dead)
    assert result.exact is True
    assert result.seed is None
    assert result.trials == deals
    assert result.stderr == [0.0] * len(hands)
    assert_close(result.equity, eq)
    assert_close(result.win, win)
    assert_close(result.tie, tie)


@pytest.mark.parametrize("name", list(SMALL_SPOTS))
def test_exact_invariants(impl, name):
    hands, dead = SMALL_SPOTS[name]
    result = impl.equity(hands, dead, exact=True)
    n = len(hands)
    assert result.trials == number_of_deals(*cards_of(hands, dead))
    assert isinstance(result.trials, int)
    assert sum(result.equity) == pytest.approx(1.0, abs=1e-12)
    assert len(result.equity) == len(result.win) == len(result.tie) == n
    for i in range(n):
        # Equity lies between the outright wins and the wins plus ties.
        assert result.win[i] <= result.equity[i] + 1e-12
        assert result.equity[i] <= result.win[i] + result.tie[i] + 1e-12
        assert 0.0 <= result.win[i] + result.tie[i] <= 1.0 + 1e-12
    # At most one player wins a deal outright.
    assert sum(result.win) <= 1.0 + 1e-12


@needs_core
@pytest.mark.parametrize("name", list(SMALL_SPOTS))
def test_exact_core_equals_reference(name):
    hands, dead = SMALL_SPOTS[name]
    core = razz_fast.equity(hands, dead, exact=True)
    ref = razz_fast.reference.equity(hands, dead, exact=True)
    assert_same_result(core, ref)


def test_exact_takes_every_card_form(impl):
    text = impl.equity(["As 2d 3h 4c 9s Ks", "5h 6h 7c 8d Qc Js"], "Th Td", exact=True)
    ints = impl.equity(
        (ref_parse("As 2d 3h 4c 9s Ks"), ref_parse("5h6h7c8dQcJs")), ["Th", 37], exact=True
    )
    assert text == ints


def test_exact_known_hands_only(impl):
    # Every player holds seven cards: one deal, decided already.
    result = impl.equity(["As 2d 3h 4c 5s Ks Kd", "Ah 2h 3c 4d 5c Qs Qd", "6h 6c 7d 8d 9c Tc Th"])
    assert result.exact is True
    assert result.trials == 1
    assert result.equity == [0.5, 0.5, 0.0]
    assert result.win == [0.0, 0.0, 0.0]
    assert result.tie == [1.0, 1.0, 0.0]


def test_exact_symmetric_heads_up(impl):
    # The same ranks in other suits, and a dead list that treats both alike.
    hands = ["As 3d 7h Kc Qc", "Ad 3s 7c Kh Qh"]
    dead = "2c 2d 2h 2s 9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js Qd Qs Kd Ks 8c 8d"
    result = impl.equity(hands, dead, exact=True)
    assert result.equity == [0.5, 0.5]
    assert result.win[0] == result.win[1]
    assert result.tie[0] == result.tie[1]
    assert result.tie[0] > 0


def test_exact_symmetric_three_way(impl):
    hands = ["As 2d 9h Kc Qc", "Ad 2s 9c Kh Qh", "3c 4c 5d 8s Js"]
    dead = "Th Td Tc Ts Jd Jc Jh Qd Qs Kd Ks 7c 7d 7h 7s 6c 6d 6h 6s 5c 5h 5s"
    result = impl.equity(hands, dead, exact=True)
    assert result.equity[0] == result.equity[1]
    assert result.win[0] == result.win[1]
    assert result.tie[0] == result.tie[1]
    assert sum(result.equity) == pytest.approx(1.0, abs=1e-12)


def test_exact_is_independent_of_seat_order(impl):
    hands, dead = SMALL_SPOTS["7th-3p"]
    forward = impl.equity(hands, dead, exact=True)
    backward = impl.equity(hands[::-1], dead, exact=True)
    assert_close(backward.equity, forward.equity[::-1])
    assert_close(backward.win, forward.win[::-1])
    assert_close(backward.tie, forward.tie[::-1])


@needs_core
def test_exact_threads_never_change_the_result():
    spot = ["As 2d 5h", "Kc Qd 3s"]
    results = [razz_fast.equity(spot, "4c", exact=True, threads=t) for t in (1, 2, 3, 8)]
    assert all(r == results[0] for r in results)
    assert results[0].trials == number_of_deals(*cards_of(spot, "4c"))


# --- the community card --------------------------------------------------------

# Eight players with six cards each: 48 known, 4 unseen (5c 6c 9s Ks) < 8
# needed, so one community card is everybody's seventh card.
SHORT_DECK = [
    "Ac 2c 3c 4c Jc Qc",
    "Ad 2d 3d 4d Jd Qd",
    "Ah 2h 3h 4h 8h Qh",
    "As 7c 7d 7h 7s Kc",
    "2s 8c 8d 8s Kd Jh",
    "3s Tc Td Th Ts Kh",
    "4s 5h 5d 5s 6d 6h",
    "6s 9c 9d 9h Js Qs",
]


def test_short_deck_uses_a_community_card(impl):
    hands = [ref_parse(h) for h in SHORT_DECK]
    unseen = unseen_of(hands, [])
    assert unseen == ref_parse("5c 6c 9s Ks")
    result = impl.equity(SHORT_DECK)
    assert result.exact is True
    assert result.trials == 4
    # By hand: every community card is every player's seventh card.
    expected = [Fraction(0)] * 8
    for community in unseen:
        for i, s in enumerate(split([ref_rank(h + [community]) for h in hands])):
            expected[i] += s / 4
    assert_close(result.equity, expected)
    # 5c, 6c: seats 0, 1, 2 tie (wheel; 6-4-3-2-A); 9s, Ks: seat 2 wins (8-4-3-2-A).
    assert expected[:3] == [Fraction(1, 6), Fraction(1, 6), Fraction(2, 3)]
    assert_close(result.win, [0, 0, Fraction(1, 2), 0, 0, 0, 0, 0])
    assert_close(result.tie, [Fraction(1, 2)] * 3 + [0] * 5)


def test_short_deck_with_private_cards(impl):
    # Seats 0-6 hold six cards, seat 7 five (its Qs is unseen too).
    hands = SHORT_DECK[:7] + ["6s 9c 9d 9h Js"]
    # With 5c 6c 9s Ks dead only Qs is unseen: a deal needs a community card
    # plus seat 7's private card, 2 > 1.
    with pytest.raises(ValueError, match="unseen"):
        impl.equity(hands, "5c 6c 9s Ks")
    # With Ks back, 8 + 2 = 10 cards are needed and 2 unseen: the community
    # card completes every hand and seat 7 gets one private card.
    parsed, dead_cards = cards_of(hands, "5c 6c 9s")
    unseen = unseen_of(parsed, dead_cards)
    assert unseen == ref_parse("Qs Ks")
    result = impl.equity(hands, "5c 6c 9s")
    # Two deals: either unseen card is the community card, the other seat 7's.
    assert result.trials == 2
    expected = [Fraction(0)] * 8
    for community, private in itertools.permutations(unseen, 2):
        cards = [h + [community] for h in parsed]
        cards[7].append(private)
        for i, s in enumerate(split([ref_rank(c) for c in cards])):
            expected[i] += s / 2
    assert_close(result.equity, expected)


def test_short_deck_sampled(impl):
    result = impl.equity(SHORT_DECK, exact=False, trials=5000, seed=11)
    assert result.exact is False
    assert result.trials == 5000
    assert result.seed == 11
    assert sum(result.equity) == pytest.approx(1.0, abs=1e-12)
    assert result.equity[3:] == [0.0] * 5
    # Seats 0 and 1 always hold identical ranks.
    assert result.equity[0] == result.equity[1]


def test_too_short_even_with_a_community_card(impl):
    with pytest.raises(ValueError, match="unseen") as info:
        impl.equity(SHORT_DECK, "5c 6c 9s Ks")
    assert not isinstance(info.value, InvalidCardError)


# --- exact=None ----------------------------------------------------------------


def test_auto_is_exact_heads_up_when_cheap(impl):
    hands, dead = SMALL_SPOTS["6th-2p"]
    assert impl.equity(hands, dead).exact is True


def test_auto_samples_big_multiway_spots(impl):
    # Three players on third street: far more than 2*10**7 multiset outcomes.
    result = impl.equity(["As 2d 5h", "Kc Qd 3s", "7c 7d 8h"], trials=300, seed=3)
    assert result.exact is False
    assert result.trials == 300
    assert result.seed == 3
    # Four players on sixth street: 91**4 > 2*10**7 outcomes.
    hands = ["As 2d 3h 9c Th", "4h 5c 6d 8s Td", "Kc Kd Qc Qd Tc", "7h 7s Jc Jd Ts"]
    assert impl.equity(hands, trials=100, seed=3).exact is False


def test_auto_is_exact_for_small_multiway_spots(impl):
    # Three players on sixth street with many dead cards: few multisets.
    hands, dead = SMALL_SPOTS["7th-3p"]
    assert impl.equity(hands, dead).exact is True


@needs_core
def test_auto_three_way_sixth_street_is_exact_on_core():
    # 3 players x 2 cards: at most 91**3 < 2*10**7 rank multiset outcomes.
    result = razz_fast.equity(["As 2d 3h 9c Th", "4h 5c 6d 8s Td", "Kc Kd Qc Qd Tc"])
    assert result.exact is True
    assert sum(result.equity) == pytest.approx(1.0, abs=1e-12)


def auto_measure(hands, dead) -> int:
    """docs/EQUITY.md's measure for exact=None: the multiset product or the
    number of deals, whichever is smaller."""
    return min(multiset_product(hands, dead), number_of_deals(*cards_of(hands, dead)))


def multiset_product(hands, dead) -> int:
    """docs/EQUITY.md's measure for exact=None: the product over players of
    the rank multisets their private cards can form from the unseen ranks."""
    parsed, dead_cards = cards_of(hands, dead)
    pool = unseen_of(parsed, dead_cards)
    counts = [sum(1 for c in pool if c // 4 == r) for r in range(13)]
    missing = [7 - len(h) for h in parsed]
    if sum(missing) > len(pool):
        missing = [max(m - 1, 0) for m in missing]
    product = 1
    for size in missing:
        product *= sum(
            1
            for combo in itertools.combinations_with_replacement(range(13), size)
            if all(combo.count(r) <= counts[r] for r in set(combo))
        )
    return product


@needs_core
def test_auto_is_exact_heads_up_even_when_big():
    hands = ["As 2d 3c", "Kc"]
    assert multiset_product(hands, "") > 2 * 10**7
    result = razz_fast.equity(hands)
    assert result.exact is True
    assert result.trials == number_of_deals(*cards_of(hands, ""))


AUTO_SPOTS = [
    (["As 2d 3c", "Kc"], ""),
    (["As 2d 3h 9c Th", "4h 5c 6d 8s Td", "Kc Kd Qc Qd Tc"], ""),
    (["As 2d 3h 9c Th", "4h 5c 6d 8s Td", "Kc Kd Qc Qd Tc", "7h 7s Jc Jd Ts"], ""),
    (["As 2d 5h", "Kc Qd 3s", "7c 7d 8h"], ""),
    (SHORT_DECK, ""),
    # The deck runs short and two players still get private cards.
    (SHORT_DECK[:6] + ["4s 5h 5d 5s", "6s 9c 9d"], ""),
    # Ten unseen cards for seven players: 226,800 deals, but a multiset
    # product above the limit, which alone would sample.
    (
        [
            "9s 6s 4d Qs 3c Ac 5h",
            "Ts Kc Tc 5d Kh",
            "5c Jh 7d 8c Jd",
            "3h Td 8s 3s 4c",
            "5s 6h 2c Jc 7h",
            "Qd 6d Js Ks Kd 4h",
            "7s 3d As Qc 9h Ad",
        ],
        "9d 2h 6c",
    ),
]


def test_auto_measure_takes_the_smaller_of_product_and_deals():
    hands, dead = AUTO_SPOTS[-1]
    assert multiset_product(hands, dead) > 2 * 10**7
    assert number_of_deals(*cards_of(hands, dead)) == 226_800


def test_reference_auto_measure():
    # The reference's exact=None choice, checked without running big spots.
    from razz_fast.reference._equity import _chooses_exact, _make_spot

    for hands, dead in AUTO_SPOTS:
        spot = _make_spot(*cards_of(hands, dead))
        expected = len(hands) == 2 or auto_measure(hands, dead) <= 2 * 10**7
        assert _chooses_exact(spot) is expected, hands


@needs_core
def test_core_auto_measure():
    # The core's exact=None choice, asked without running the spots.
    for hands, dead in AUTO_SPOTS:
        expected = len(hands) == 2 or auto_measure(hands, dead) <= 2 * 10**7
        known, out = cards_of(hands, dead)
        spot = razz_fast._core.EquitySpot(known, out, None, None, None, None, False)
        assert spot.plan()[0] is expected, hands


@pytest.mark.parametrize("asked", [{"trials": 50}, {"seed": 4}, {"trials": 50, "seed": 4}])
def test_auto_samples_when_trials_or_a_seed_is_given(impl, asked):
    # A caller who gives trials or a seed asked for sampling: even a spot
    # exact=None would enumerate (heads-up) is sampled, in both implementations.
    hands, dead = SMALL_SPOTS["6th-2p"]
    assert impl.equity(hands, dead).exact is True
    result = impl.equity(hands, dead, **asked)
    assert result.exact is False
    assert result.trials == asked.get("trials", 1_000_000)
    if "seed" in asked:
        assert result.seed == asked["seed"]
        assert result == impl.equity(hands, dead, exact=False, **asked)


def test_reference_samples_a_huge_spot_when_trials_are_given():
    # Heads-up from third street is 1.8 * 10**10 card deals for the
    # reference, which enumerates deals: with trials it must sample, at once.
    result = razz_fast.reference.equity(["As 2d 3c", "Ks Qd Jc"], trials=2_000, seed=1)
    assert (result.exact, result.trials) == (False, 2_000)


def test_exact_false_samples_heads_up(impl):
    hands, dead = SMALL_SPOTS["7th-2p"]
    result = impl.equity(hands, dead, exact=False, trials=10, seed=1)
    assert result.exact is False
    assert result.trials == 10


# --- sampled -------------------------------------------------------------------


def test_one_sample_has_no_standard_error(impl):
    # One sample gives no spread: NaN, as simulate and match say, not 0.
    one = impl.equity(["As 2d 3c", "Ks Qd Jc"], exact=False, trials=1, seed=1)
    assert one.trials == 1 and all(math.isnan(e) for e in one.stderr)
    assert one == impl.equity(["As 2d 3c", "Ks Qd Jc"], exact=False, trials=1, seed=1)
    assert one == pickle.loads(pickle.dumps(one))
    two = impl.equity(["As 2d 3c", "Ks Qd Jc"], exact=False, trials=2, seed=1)
    assert not any(math.isnan(e) for e in two.stderr)


def within_five_stderr(sampled, exact) -> None:
    for i, (s, e) in enumerate(zip(sampled.equity, exact.equity)):
        if sampled.stderr[i] == 0.0:
            assert s == pytest.approx(e, abs=1e-12)
        else:
            assert abs(s - e) <= 5 * sampled.stderr[i], (i, s, e, sampled.stderr[i])


@needs_core
@pytest.mark.parametrize(
    ("hands", "dead"),
    [
        (["As 2d 5h", "Kc Qd 3s"], ""),
        (["2c 3c 4d", "Ah 5s 6s"], "7c 8c"),
        (["Ts Js 2d", "8h 8c 3d"], "Ac Ad Ah"),
    ],
)
def test_sampled_within_five_stderr_of_exact_third_street(hands, dead):
    exact = razz_fast.equity(hands, dead, exact=True)
    sampled = razz_fast.equity(hands, dead, exact=False, trials=200_000, seed=2024)
    assert sampled.exact is False
    within_five_stderr(sampled, exact)


@pytest.mark.parametrize("name", ["6th-2p", "mixed-3p"])
def test_sampled_within_five_stderr_of_exact(impl, name):
    hands, dead = SMALL_SPOTS[name]
    exact = impl.equity(hands, dead, exact=True)
    sampled = impl.equity(hands, dead, exact=False, trials=20_000, seed=77)
    within_five_stderr(sampled, exact)
    assert sum(sampled.equity) == pytest.approx(1.0, abs=1e-12)
    assert all(s > 0 for s, e in zip(sampled.stderr, exact.equity) if 0 < e < 1)


def test_sampled_same_seed_same_result(impl):
    hands, dead = SMALL_SPOTS["mixed-3p"]
    a = impl.equity(hands, dead, exact=False, trials=5000, seed=123)
    b = impl.equity(hands, dead, exact=False, trials=5000, seed=123)
    c = impl.equity(hands, dead, exact=False, trials=5000, seed=124)
    assert a == b
    assert a.equity != c.equity


def test_sampled_random_seed_is_reported(impl):
    hands, dead = SMALL_SPOTS["mixed-3p"]
    a = impl.equity(hands, dead, exact=False, trials=100)
    assert isinstance(a.seed, int) and 0 <= a.seed < 2**64
    b = impl.equity(hands, dead, exact=False, trials=100, seed=a.seed)
    assert a == b


def test_sampled_counts_are_integral(impl):
    hands, dead = SMALL_SPOTS["mixed-3p"]
    n = 4097  # two chunks
    result = impl.equity(hands, dead, exact=False, trials=n, seed=5)
    for i in range(3):
        assert (result.win[i] * n) == pytest.approx(round(result.win[i] * n), abs=1e-6)
        assert (result.equity[i] * n * 840) == pytest.approx(
            round(result.equity[i] * n * 840), abs=1e-6
        )


@needs_core
@pytest.mark.parametrize(
    ("hands", "dead"),
    [
        (["As 2d 5h", "Kc Qd 3s", "7c 7d 8h", "4s 6s 9c"], ""),
        (["As 2d 5h", "Kc Qd 3s"], "4c"),
        (SHORT_DECK, ""),
    ],
)
def test_sampled_threads_never_change_the_result(hands, dead):
    results = [
        razz_fast.equity(hands, dead, exact=False, trials=50_000, seed=99, threads=t)
        for t in (1, 2, 3, 8)
    ]
    assert all(r == results[0] for r in results)


@needs_core
@pytest.mark.parametrize(
    ("hands", "dead"),
    [
        (["As 2d 5h", "Kc Qd 3s"], ""),
        (["As 2d 5h", "Kc Qd 3s", "7c 7d 8h", "4s 6s 9c"], "Td Jd"),
        (["", "Kc Qd 3s"], ""),
        (["", "", "", "", "", "", "", ""], ""),
        (SMALL_SPOTS["mixed-3p"][0], SMALL_SPOTS["mixed-3p"][1]),
        (SHORT_DECK, ""),
        (SHORT_DECK[:7] + ["6s 9c 9d 9h Js"], "5c 6c 9s"),
    ],
)
@pytest.mark.parametrize(("trials", "seed"), [(1, 0), (4096, 1), (9000, 2**64 - 1)])
def test_sampled_core_equals_reference(hands, dead, trials, seed):
    core = razz_fast.equity(hands, dead, exact=False, trials=trials, seed=seed)
    ref = razz_fast.reference.equity(hands, dead, exact=False, trials=trials, seed=seed)
    assert core.equity == ref.equity
    assert core.win == ref.win
    assert core.tie == ref.tie
    assert_same_result(core, ref, stderr_rel=1e-9)


# --- bad input -----------------------------------------------------------------

HU = ["As 2d", "Kc Qd"]


@pytest.mark.parametrize(
    ("args", "kwargs", "error"),
    [
        # hands
        (("As 2d",), {}, TypeError),
        (({"a": "As"},), {}, TypeError),
        ((None,), {}, TypeError),
        ((iter(HU),), {}, TypeError),
        (([],), {}, ValueError),
        ((["As"],), {}, ValueError),
        ((["As"] * 9,), {}, ValueError),
        ((["As 2d 3h 4c 5s 6d 7h 8c", "Kc"],), {}, InvalidCardError),
        ((["As 2d", "Zz"],), {}, InvalidCardError),
        ((["As 2d", [52]],), {}, InvalidCardError),
        ((["As 2d", [1.5]],), {}, TypeError),
        ((["As 2d", 7],), {}, TypeError),
        ((["As As", "Kc"],), {}, InvalidCardError),
        # dead
        ((HU, "Xx"), {}, InvalidCardError),
        ((HU, 5), {}, TypeError),
        # a card in two places
        ((["As 2d", "Kc 2d"],), {}, InvalidCardError),
        ((HU, "Qd"), {}, InvalidCardError),
        # exact
        ((HU,), {"exact": 1}, TypeError),
        ((HU,), {"exact": "yes"}, TypeError),
        # trials
        ((HU,), {"trials": 0}, ValueError),
        ((HU,), {"trials": -5}, ValueError),
        ((HU,), {"trials": 2**63}, ValueError),
        ((HU,), {"exact": True, "trials": 2**63}, ValueError),
        ((HU,), {"trials": True}, TypeError),
        ((HU,), {"trials": 10.0}, TypeError),
        ((HU,), {"trials": "10"}, TypeError),
        # seed
        ((HU,), {"seed": -1}, ValueError),
        ((HU,), {"seed": 2**64}, ValueError),
        ((HU,), {"seed": 1.0}, TypeError),
        ((HU,), {"seed": True}, TypeError),
        # threads
        ((HU,), {"threads": 0}, ValueError),
        ((HU,), {"threads": 65537}, ValueError),
        ((HU,), {"threads": 2.0}, TypeError),
        ((HU,), {"threads": True}, TypeError),
    ],
)
def test_bad_input(impl, args, kwargs, error):
    with pytest.raises(error) as info:
        impl.equity(*args, **kwargs)
    if error is ValueError:
        assert not isinstance(info.value, InvalidCardError)


@pytest.mark.parametrize(
    ("hands", "dead", "card"),
    [
        (["As 2d", "Kc 2d"], "", "2d"),
        (["As 2d", "Kc Qd"], "Tc Qd", "Qd"),
        (["As 2d", "Kc Qd", "7h 8h 9h Th"], "9h", "9h"),
    ],
)
def test_card_in_two_places_is_named(impl, hands, dead, card):
    with pytest.raises(InvalidCardError, match=card):
        impl.equity(hands, dead)


@pytest.mark.parametrize(
    ("args", "kwargs", "error"),
    [
        # The first bad argument raises: hands before dead before exact ...
        ((["As"], "Xx"), {"exact": 1}, ValueError),
        # A bad card before the count (the reference counted first).
        (([5],), {}, TypeError),
        ((["Xx"],), {}, InvalidCardError),
        ((HU, "Xx"), {"exact": 1}, InvalidCardError),
        ((HU, "As"), {"trials": 0}, InvalidCardError),
        ((HU,), {"exact": 1, "trials": 0}, TypeError),
        ((HU,), {"trials": 0, "seed": 1.0}, ValueError),
        ((HU,), {"seed": -1, "threads": 1.0}, ValueError),
        ((HU,), {"seed": 1.0, "threads": 0}, TypeError),
        # ... and every argument before the deal.
        ((SHORT_DECK, "5c 6c 9s Ks"), {"threads": 0}, ValueError),
    ],
)
def test_first_bad_argument_raises(impl, args, kwargs, error):
    with pytest.raises(error) as info:
        impl.equity(*args, **kwargs)
    if error is ValueError:
        assert not isinstance(info.value, InvalidCardError)
    if error is InvalidCardError:
        assert isinstance(info.value, InvalidCardError)


def test_arguments_checked_even_when_exact(impl):
    # trials, seed and threads are checked even though an exact result ignores them.
    hands, dead = SMALL_SPOTS["7th-2p"]
    for kwargs in ({"trials": 0}, {"seed": -1}, {"threads": 0}):
        with pytest.raises(ValueError):
            impl.equity(hands, dead, exact=True, **kwargs)
    result = impl.equity(hands, dead, exact=True, trials=5, seed=7, threads=2)
    assert result.exact is True
    assert result.seed is None
    assert result.trials == number_of_deals(*cards_of(hands, dead))


def test_equity_is_the_function_and_its_module_is_private():
    # The wrapper lives in razz_fast._runs.equity, so the name razz_fast.equity is
    # the function alone and no submodule import can rebind it.
    import razz_fast._runs.equity
    from razz_fast import equity

    assert equity is razz_fast.equity is razz_fast._runs.equity.equity
    assert callable(equity)
