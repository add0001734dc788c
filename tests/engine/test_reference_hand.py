"""The hand engine (``Rules``, ``Hand``, ``Action``) against docs/ENGINE.md.

Every test runs against each implementation that has a ``Hand`` (the
pure-Python reference now; the compiled core as soon as it has one): the
``impl`` fixture below overrides the one in conftest.py.

Hands with a chosen deck are written as the cards each seat gets, in the
order a stud dealer gives them (first down, second down, third-street up,
fourth, fifth, sixth street up, seventh-street down); ``stud_deck`` turns
that into a deck in dealing order.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import BE, CO, RANK_CHARS, SUIT_CHARS, B, C, F, R, X, observe
from razz_fast.errors import IllegalActionError, InvalidCardError
from razz_fast.events import Action, Event, Pot
from razz_fast.reference.generator import Xoshiro256PlusPlus

# --- helpers -----------------------------------------------------------------


def c(text: str) -> int:
    """One card from its text, e.g. ``"Ks" -> 51``."""
    return 4 * RANK_CHARS.index(text[0]) + SUIT_CHARS.index(text[1])


def cards(text: str) -> list[int]:
    return [c(token) for token in text.split()]


def stud_deck(seat_cards: list[str], folds: dict | None = None) -> list[int]:
    """A 52-card deck dealing ``seat_cards[s]`` (space-separated, in stud
    order) to seat ``s``; ``folds[s] = k`` means seat ``s`` folds after its
    first ``k`` cards (it gets no more). No burns. Unused cards follow, kings
    first."""
    per_seat = [cards(text) for text in seat_cards]
    folds = folds or {}
    n = len(per_seat)
    order = []
    for position in range(7):
        for seat in range(n):
            if position < folds.get(seat, 7) and position < len(per_seat[seat]):
                order.append(per_seat[seat][position])
    used = set(order)
    assert len(used) == len(order), "a card is given twice"
    return order + [card for card in range(51, -1, -1) if card not in used]


def third_street_deck(ups: str, n: int | None = None) -> list[int]:
    """A deck whose third-street up cards are ``ups`` (seat order); the down
    cards and everything later are the unused cards, kings first."""
    up = cards(ups)
    n = n or len(up)
    filler = [card for card in range(51, -1, -1) if card not in up]
    downs, rest = filler[: 2 * n], filler[2 * n :]
    return downs + up + rest


def play(hand, actions) -> None:
    for action in actions:
        hand.act(action)


def kinds(hand, *wanted) -> list[Event]:
    return [e for e in hand.history if e.kind in wanted]


def check_invariants(hand, starting: list[int]) -> None:
    n = len(starting)
    stacks, bets, pot = hand.stacks, hand.bets, hand.pot
    assert sum(stacks) + pot == sum(starting)
    assert min(stacks) >= 0 and min(bets) >= 0
    assert sum(bets) <= pot

    # Cards: nothing twice, the history agrees with the card lists.
    dealt = [card for s in range(n) for card in hand.down_cards(s) + hand.up_cards(s)]
    dealt += hand.community_cards
    assert len(dealt) == len(set(dealt))
    burns = [e.cards[0] for e in kinds(hand, "burn")]
    reshuffled = [e for e in kinds(hand, "reshuffle")]
    if not reshuffled:
        assert not set(burns) & set(dealt)
    else:
        # Before seventh street the burns went back into the deck (burns and the
        # short deck): only they can be dealt again, and the last burn never is.
        assert len(reshuffled) == 1
        assert set(burns[:-1]) <= set(reshuffled[0].cards)
        assert set(burns) & set(dealt) <= set(burns[:-1])
    for s in range(n):
        assert [e.cards[0] for e in hand.history if e.kind == "deal_down" and e.seat == s] == (
            hand.down_cards(s)
        )
        assert [e.cards[0] for e in hand.history if e.kind == "deal_up" and e.seat == s] == (
            hand.up_cards(s)
        )

    # Chips in the history.
    put_in = sum(
        e.amount
        for e in hand.history
        if e.kind in ("ante", "bring_in", "complete", "bet", "raise", "call")
    )
    returned = sum(e.amount for e in kinds(hand, "return"))
    awarded = sum(e.amount for e in kinds(hand, "award"))
    assert put_in - returned - awarded == pot

    if hand.is_over:
        assert hand.street is None and hand.actor is None
        assert hand.legal_actions() == [] and hand.to_call == 0
        assert pot == 0 and bets == [0] * n
        payoffs = hand.payoffs
        assert sum(payoffs) == 0
        assert payoffs == [stacks[s] - starting[s] for s in range(n)]
        assert sum(p.amount for p in hand.pots) == put_in - returned == awarded
        for p in hand.pots:
            assert p.winners and set(p.winners) <= set(p.eligible)
        in_hand = [s for s in range(n) if not hand.folded[s]]
        if len(in_hand) >= 2:
            assert sorted(hand.showdown_order) == in_hand
            for s in in_hand:
                assert (
                    len(hand.down_cards(s)) + len(hand.up_cards(s)) + len(hand.community_cards) == 7
                )
        else:
            assert hand.showdown_order == []
    else:
        street, actor = hand.street, hand.actor
        assert 3 <= street <= 7
        assert not hand.folded[actor] and stacks[actor] > 0
        legal = hand.legal_actions()
        assert legal and legal == sorted(set(legal))
        assert 0 <= hand.to_call <= stacks[actor]
        assert hand.payoffs == [0] * n
        assert sum(p.amount for p in hand.pots) == pot
        for s in range(n):
            if hand.folded[s]:
                continue
            up, down = hand.up_cards(s), hand.down_cards(s)
            if street < 7:
                assert (len(down), len(up)) == (2, street - 2)
            else:
                assert len(up) == 4
                assert len(down) + len(hand.community_cards) == 3


def random_hand(impl, rng: random.Random, *, players=None, rules=None, stacks=None):
    players = players or rng.randint(2, 8)
    if rules is None:
        stakes = rng.choice([(0, 1, 2, 4), (1, 1, 2, 4), (1, 2, 4, 8), (5, 10, 20, 40)])
        rules = impl.Rules.preset(rng.choice(impl.Rules.PRESETS), *stakes).replace(
            cap=rng.choice([4, 4, 2, 1, 5, None]),
            heads_up=rng.choice(["capped", "round_starts", "before_cap"]),
            reopen=rng.choice(["full", "half"]),
            burn_cards=rng.random() < 0.4,
            odd_chip=rng.choice(["seat", "low_card", "high_card"]),
        )
    if stacks is None:
        top = rules.big_bet
        stacks = [rng.randint(1, rng.choice([2, 10, 60]) * top) for _ in range(players)]
    if rng.random() < 0.5:
        hand = impl.Hand(rules, stacks, seed=rng.getrandbits(64))
    else:
        deck = list(range(52))
        rng.shuffle(deck)
        hand = impl.Hand(rules, stacks, deck=deck)
    return hand, stacks


def random_action(hand, rng: random.Random):
    legal = hand.legal_actions()
    weights = [1 if a == F else 3 for a in legal]
    return rng.choices(legal, weights)[0]


# --- Rules -------------------------------------------------------------------


def test_rules_defaults_and_repr(impl):
    rules = impl.Rules()
    assert (rules.ante, rules.bring_in, rules.small_bet, rules.big_bet) == (0, 1, 2, 4)
    assert rules.cap == 4
    assert (rules.heads_up, rules.reopen, rules.short_bring_in) == ("capped", "full", "short")
    assert (rules.ante_all_in, rules.opener_ties, rules.showdown) == ("forced", "seat", "seat")
    assert rules.burn_cards is False and rules.odd_chip == "seat"
    assert repr(rules) == (
        "Rules(ante=0, bring_in=1, small_bet=2, big_bet=4, cap=4, heads_up='capped',"
        " reopen='full', short_bring_in='short', ante_all_in='forced', opener_ties='seat',"
        " burn_cards=False, showdown='seat', odd_chip='seat')"
    )
    other = impl.Rules(15, 50, 100, 200, cap=None, burn_cards=True, odd_chip="low_card")
    assert repr(other) == (
        "Rules(ante=15, bring_in=50, small_bet=100, big_bet=200, cap=None, heads_up='capped',"
        " reopen='full', short_bring_in='short', ante_all_in='forced', opener_ties='seat',"
        " burn_cards=True, showdown='seat', odd_chip='low_card')"
    )
    # Rules() is the "pokerstars" preset.
    assert impl.Rules.preset("pokerstars") == rules
    assert impl.Rules.PRESETS == ("pokerstars", "wsop", "wsop_live", "tda", "roberts")


def test_presets_and_replace(impl):
    wsop = impl.Rules.preset("wsop", 25, 50, 200, 400)
    assert (wsop.ante, wsop.bring_in, wsop.small_bet, wsop.big_bet, wsop.cap) == (
        25,
        50,
        200,
        400,
        5,
    )
    expected = {
        "wsop": ("capped", "half", "full", "forced", "seat", True, "opener", "high_card"),
        "wsop_live": (
            "round_starts",
            "half",
            "full",
            "forced",
            "seat",
            True,
            "opener",
            "high_card",
        ),
        "tda": ("capped", "half", "full", "may_fold", "suit", True, "opener", "high_card"),
        "roberts": ("before_cap", "half", "short", "forced", "seat", True, "opener", "low_card"),
        "pokerstars": ("capped", "full", "short", "forced", "seat", False, "seat", "seat"),
    }
    names = ("heads_up", "reopen", "short_bring_in", "ante_all_in", "opener_ties")
    names += ("burn_cards", "showdown", "odd_chip")
    for preset, values in expected.items():
        rules = impl.Rules.preset(preset, 1, 2, 4, 8)
        assert tuple(getattr(rules, name) for name in names) == values, preset
        assert rules.cap == (5 if preset.startswith("wsop") else 4)
    changed = wsop.replace(cap=None, odd_chip="seat")
    assert changed.cap is None and changed.odd_chip == "seat" and changed.reopen == "half"
    assert wsop.cap == 5  # unchanged
    assert wsop.replace() == wsop
    with pytest.raises(ValueError, match="bicycle"):
        impl.Rules.preset("bicycle")
    with pytest.raises(TypeError):
        impl.Rules.preset(None)
    with pytest.raises(ValueError):
        impl.Rules.preset("wsop", 0, 5, 2, 4)
    with pytest.raises(TypeError):
        wsop.replace(colour="red")
    with pytest.raises(ValueError, match="heads_up"):
        wsop.replace(heads_up="never")
    with pytest.raises(TypeError, match="heads_up"):
        wsop.replace(uncapped_heads_up=True)
    with pytest.raises(TypeError, match="heads_up"):
        impl.Rules(uncapped_heads_up=False)


def test_rules_equality_and_immutability(impl):
    assert impl.Rules() == impl.Rules(0, 1, 2, 4)
    assert hash(impl.Rules()) == hash(impl.Rules(0, 1, 2, 4))
    assert impl.Rules() != impl.Rules(cap=None)
    assert impl.Rules() != impl.Rules(ante=1)
    assert len({impl.Rules(), impl.Rules(), impl.Rules(burn_cards=True)}) == 2
    rules = impl.Rules()
    with pytest.raises(AttributeError):
        rules.ante = 5
    assert rules.ante == 0


@pytest.mark.parametrize(
    "args, kwargs, error",
    [
        ((1.0,), {}, TypeError),
        (("1",), {}, TypeError),
        ((True,), {}, TypeError),
        ((0, None), {}, TypeError),
        ((0, 1, 2.5), {}, TypeError),
        ((0, 1, 2, "4"), {}, TypeError),
        ((), {"cap": 4.0}, TypeError),
        ((), {"cap": True}, TypeError),
        ((), {"uncapped_heads_up": 1}, TypeError),
        ((), {"burn_cards": None}, TypeError),
        ((), {"odd_chip": 0}, TypeError),
        ((-1,), {}, ValueError),
        ((0, 0), {}, ValueError),
        ((0, -1), {}, ValueError),
        ((0, 3, 2, 4), {}, ValueError),
        ((0, 1, 2, 1), {}, ValueError),
        ((0, 1, 2, 4), {"cap": 0}, ValueError),
        ((0, 1, 2, 4), {"cap": -3}, ValueError),
        ((), {"odd_chip": "highest"}, ValueError),
        ((), {"heads_up": True}, TypeError),
        ((), {"reopen": None}, TypeError),
        ((), {"short_bring_in": 1}, TypeError),
        ((), {"ante_all_in": b"forced"}, TypeError),
        ((), {"opener_ties": 0}, TypeError),
        ((), {"showdown": None}, TypeError),
        ((), {"heads_up": "uncapped"}, ValueError),
        ((), {"reopen": "Half"}, ValueError),
        ((), {"short_bring_in": "long"}, ValueError),
        ((), {"ante_all_in": "fold"}, ValueError),
        ((), {"opener_ties": "dealer"}, ValueError),
        ((), {"showdown": "last"}, ValueError),
        ((), {"odd_chip": "Seat"}, ValueError),
        ((2**53,), {}, ValueError),
        ((0, 1, 2, 2**60), {}, ValueError),
        ((), {"cap": 2**53}, ValueError),
        ((), {"cap": 2**64}, ValueError),
        ((), {"cap": 10**40}, ValueError),
    ],
)
def test_rules_validation(impl, args, kwargs, error):
    with pytest.raises(error):
        impl.Rules(*args, **kwargs)


def test_rules_edge_values_accepted(impl):
    impl.Rules(0, 1, 1, 1, cap=1)
    impl.Rules(0, 5, 5, 5, cap=10**9)
    assert impl.Rules(cap=2**53 - 1).cap == 2**53 - 1
    impl.Rules(2**53 - 1, 2**53 - 1, 2**53 - 1, 2**53 - 1)
    with pytest.raises(TypeError):
        impl.Rules(0, 1, 2, 4, 4)  # cap is keyword-only


# --- Hand construction -------------------------------------------------------


@pytest.mark.parametrize(
    "stacks, error",
    [
        ([10], ValueError),
        ([], ValueError),
        ([10] * 9, ValueError),
        ([10, 0], ValueError),
        ([10, -5], ValueError),
        ([10, 10.0], TypeError),
        ([10, True], TypeError),
        ([10, "10"], TypeError),
        ("10 10", TypeError),
        (10, TypeError),
        (None, TypeError),
        ([10, 2**53], ValueError),
    ],
)
def test_hand_bad_stacks(impl, stacks, error):
    with pytest.raises(error):
        impl.Hand(impl.Rules(), stacks, seed=1)


def test_hand_bad_arguments(impl):
    rules = impl.Rules()
    with pytest.raises(TypeError):
        impl.Hand(None, [10, 10])
    with pytest.raises(TypeError):
        impl.Hand((0, 1, 2, 4), [10, 10])
    with pytest.raises(ValueError):
        impl.Hand(rules, [10, 10], seed=1, deck=list(range(52)))
    with pytest.raises(TypeError):
        impl.Hand(rules, [10, 10], seed=1.5)
    with pytest.raises(TypeError):
        impl.Hand(rules, [10, 10], seed=True)
    with pytest.raises(TypeError):
        impl.Hand(rules, [10, 10], seed="1")
    with pytest.raises(ValueError):
        impl.Hand(rules, [10, 10], seed=-1)
    with pytest.raises(ValueError):
        impl.Hand(rules, [10, 10], seed=2**64)
    impl.Hand(rules, [10, 10], seed=2**64 - 1)
    impl.Hand(rules, [10, 10], seed=0)
    with pytest.raises(InvalidCardError):
        impl.Hand(rules, [10, 10], deck=list(range(51)))
    with pytest.raises(InvalidCardError):
        impl.Hand(rules, [10, 10], deck=list(range(51)) + [0])
    with pytest.raises(InvalidCardError):
        impl.Hand(rules, [10, 10], deck=list(range(52)) + [0])
    with pytest.raises(InvalidCardError):
        impl.Hand(rules, [10, 10], deck=list(range(51)) + [52])
    with pytest.raises(InvalidCardError):
        impl.Hand(rules, [10, 10], deck="As Xx")
    with pytest.raises(TypeError):
        impl.Hand(rules, [10, 10], deck=52)
    with pytest.raises(TypeError):
        impl.Hand(rules, [10, 10], deck=[0.0] * 52)


def test_explicit_deck_as_text(impl):
    text = " ".join(RANK_CHARS[i // 4] + SUIT_CHARS[i % 4] for i in range(52))
    hand = impl.Hand(impl.Rules(), [10, 10, 10], deck=text)
    assert hand.down_cards(1) == [1, 4]
    assert hand.up_cards(2) == [8]
    assert hand.seed is None


# The decks of ENGINE.md 3 (also checked by the core's unit tests).
DOCUMENTED_DECKS = {
    42: [39, 41, 44, 15, 35, 7, 33, 48, 21, 4, 47, 28, 25, 29, 10, 40, 3, 6, 19, 2, 20, 9, 31, 50,
         49, 18, 5, 12, 22, 30, 23, 16, 27, 36, 34, 45, 43, 13, 0, 24, 32, 8, 1, 14, 38, 37, 46,
         11, 51, 26, 17, 42],
    7: [13, 4, 12, 21, 20, 22, 48, 1, 42, 5, 8, 18, 29, 50, 37, 39, 17, 45, 47, 49, 28, 32, 10,
        36, 51, 41, 19, 11, 46, 34, 26, 6, 30, 3, 25, 31, 16, 35, 14, 23, 0, 27, 24, 7, 33, 15, 9,
        43, 38, 40, 44, 2],
}  # fmt: skip


@pytest.mark.parametrize("seed", sorted(DOCUMENTED_DECKS))
def test_seeded_deck_is_the_documented_generator(impl, seed):
    """seed -> splitmix64 -> xoshiro256++ -> batched Fisher-Yates (ENGINE.md 3)."""
    expected = list(range(52))
    generator = Xoshiro256PlusPlus(seed)
    generator.shuffle(expected)
    assert expected == DOCUMENTED_DECKS[seed]
    five_steps = Xoshiro256PlusPlus(seed)
    for _ in range(5):
        five_steps.next()
    assert generator.state == five_steps.state, "five batches, none rolled again"
    hand = impl.Hand(impl.Rules(), [10, 10], seed=seed)
    assert hand.seed == seed
    assert hand.down_cards(0) == [expected[0], expected[2]]
    assert hand.down_cards(1) == [expected[1], expected[3]]
    assert [hand.up_cards(0), hand.up_cards(1)] == [[expected[4]], [expected[5]]]
    deal = [e.cards[0] for e in hand.history if e.kind.startswith("deal")]
    assert deal == expected[:6]
    eight = impl.Hand(impl.Rules(), [10] * 8, seed=seed)
    assert [e.cards[0] for e in eight.history if e.kind.startswith("deal")] == expected[:24]


class _Scripted(Xoshiro256PlusPlus):
    """A generator whose outputs are given."""

    def __init__(self, outputs: list[int]) -> None:
        super().__init__(0)
        self.outputs = list(outputs)

    def next(self) -> int:
        return self.outputs.pop(0)


def test_a_batch_with_a_surplus_remainder_is_rolled_again():
    """2**64 mod 6 = 4: an output whose final remainder is below 4 is redrawn."""
    # x = 0 leaves remainder 0 (surplus); x = 3/4 of 2**64 rolls 1 of 2 (leaving
    # 1/2), then 1 of 3 with remainder 2**63: kept.
    g = _Scripted([0, 3 << 62])
    assert g.roll([2, 3]) == [1, 1]
    assert g.outputs == []
    # Four items are one batch, dice 4, 3, 2: 0 is redrawn (2**64 mod 24 = 16),
    # then 5/8 of 2**64 (plus a little) rolls 2, 1, 1.
    g = _Scripted([0, (5 << 61) + 12345])
    items = ["a", "b", "c", "d"]
    g.shuffle(items)  # swap 3 and 2, then 2 and 1, then 1 and 1
    assert items == ["a", "d", "b", "c"]
    assert g.outputs == []


def test_shuffles_are_uniform():
    """Every order of four items about equally often (one batch of dice 4, 3, 2)."""
    counts: dict[tuple, int] = {}
    g = Xoshiro256PlusPlus(3)
    for _ in range(24_000):
        items = [0, 1, 2, 3]
        g.shuffle(items)
        counts[tuple(items)] = counts.get(tuple(items), 0) + 1
    assert len(counts) == 24
    assert all(800 < n < 1200 for n in counts.values()), counts


def test_generator_vectors():
    g = Xoshiro256PlusPlus(0)
    g.state = [1, 2, 3, 4]
    assert [g.next() for _ in range(5)] == [
        41943041,
        58720359,
        3588806011781223,
        3591011842654386,
        9228616714210784205,
    ]


def test_same_seed_same_hand(impl):
    rng1, rng2 = random.Random(5), random.Random(5)
    for seed in (0, 1, 2**63, 2**64 - 1):
        h1 = impl.Hand(impl.Rules(), [30] * 6, seed=seed)
        h2 = impl.Hand(impl.Rules(), [30] * 6, seed=seed)
        while not h1.is_over:
            h1.act(random_action(h1, rng1))
            h2.act(random_action(h2, rng2))
        assert observe(h1) == observe(h2)
    a = impl.Hand(impl.Rules(), [30] * 6, seed=1)
    b = impl.Hand(impl.Rules(), [30] * 6, seed=2)
    assert a.history != b.history
    random_seeded = impl.Hand(impl.Rules(), [30] * 6)
    assert 0 <= random_seeded.seed < 2**64


# --- antes and third street ---------------------------------------------------


def test_antes_and_third_street_deal_order(impl):
    hand = impl.Hand(impl.Rules(ante=2), [10, 1, 10], deck=list(range(52)))
    assert hand.history[:3] == [
        Event("ante", 0, 2, ()),
        Event("ante", 1, 1, ()),
        Event("ante", 2, 2, ()),
    ]
    deals = hand.history[3:12]
    assert [(e.kind, e.seat, e.cards) for e in deals] == [
        ("deal_down", 0, (0,)),
        ("deal_down", 1, (1,)),
        ("deal_down", 2, (2,)),
        ("deal_down", 0, (3,)),
        ("deal_down", 1, (4,)),
        ("deal_down", 2, (5,)),
        ("deal_up", 0, (6,)),
        ("deal_up", 1, (7,)),
        ("deal_up", 2, (8,)),
    ]
    assert hand.all_in == [False, True, False]
    assert hand.stacks == [8, 0, 8]
    assert hand.pot == 5 and hand.bets == [0, 0, 0]
    assert hand.street == 3
    assert hand.pots == [Pot(3, (0, 1, 2), ()), Pot(2, (0, 2), ())]


def test_no_ante_events_without_ante(impl):
    hand = impl.Hand(impl.Rules(), [10, 10], seed=3)
    assert not kinds(hand, "ante")
    assert hand.pot == 0 and hand.pots == []


def test_later_streets_deal_only_to_players_in_the_hand(impl):
    hand = impl.Hand(impl.Rules(), [10, 10, 10], deck=list(range(52)))
    assert hand.actor == 2  # up cards 6, 7, 8: 8 = 3c is highest
    play(hand, [B, F, C])  # seat 0 folds facing the bring-in; seat 1 calls
    assert hand.street == 4
    assert hand.up_cards(0) == [6]
    assert hand.up_cards(1) == [7, 9]
    assert hand.up_cards(2) == [8, 10]


# --- bring-in -----------------------------------------------------------------


@pytest.mark.parametrize(
    "ups, expected",
    [
        ("Kh Ks 2c", 1),
        ("Ks Kh Qs", 0),
        ("Kc Kd Kh", 2),
        ("Ac 2c 3c", 2),
        ("As 2c", 1),
        ("7d 7c 7s 7h", 2),
        ("Qs Jc 9d Ks Td 8h 2c As", 3),
    ],
)
def test_bring_in_by_highest_up_card(impl, ups, expected):
    n = len(ups.split())
    hand = impl.Hand(impl.Rules(), [20] * n, deck=third_street_deck(ups))
    assert hand.actor == expected
    assert hand.legal_actions() == [B, CO]
    assert hand.to_call == 0


@pytest.mark.parametrize("top_seat, expected", [(1, 2), (3, 0)])
def test_bring_in_passes_over_all_in_on_ante(impl, top_seat, expected):
    ups = ["Ac", "2c", "3c", "4c"]
    ups[top_seat] = "Ks"
    stacks = [10, 10, 10, 10]
    stacks[top_seat] = 2
    hand = impl.Hand(impl.Rules(ante=2), stacks, deck=third_street_deck(" ".join(ups)))
    assert hand.all_in[top_seat]
    assert hand.actor == expected
    assert hand.legal_actions() == [B, CO]
    hand.bring_in()
    assert hand.bets[expected] == 1
    assert top_seat not in [hand.actor]


def test_bring_in_all_in_for_less(impl):
    rules = impl.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)
    hand = impl.Hand(rules, [2, 20, 20], deck=third_street_deck("Ks 2c 3c"))
    assert hand.stacks == [1, 19, 19]
    assert hand.actor == 0
    assert hand.legal_actions() == [B]  # completing would put in no more than the bring-in
    hand.bring_in()
    assert hand.history[-1] == Event("bring_in", 0, 1, ())
    assert hand.all_in == [True, False, False]
    assert hand.actor == 1 and hand.to_call == 1
    assert hand.legal_actions() == [F, C, CO]
    hand.complete()
    assert hand.bets == [1, 4, 0]
    assert hand.legal_actions() == [F, C, R]
    hand.raise_()
    assert hand.bets == [1, 4, 8]
    hand.call()
    assert hand.street == 4
    assert hand.pots == [Pot(6, (0, 1, 2), ()), Pot(14, (1, 2), ())]


def test_short_bring_in_others_may_call_the_short_amount(impl):
    rules = impl.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)
    hand = impl.Hand(rules, [2, 20, 20], deck=third_street_deck("Ks 2c 3c"))
    play(hand, [B, C, C])
    assert hand.street == 4
    assert hand.stacks == [0, 18, 18]
    assert hand.pot == 6


def test_short_completion(impl):
    rules = impl.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)
    hand = impl.Hand(rules, [4, 20, 20], deck=third_street_deck("Ks 2c 3c"))
    assert hand.legal_actions() == [B, CO]  # 3 chips: more than the bring-in
    hand.complete()
    assert hand.bets == [3, 0, 0] and hand.all_in[0]
    assert hand.legal_actions() == [F, C, R]
    hand.raise_()
    assert hand.bets == [3, 7, 0]  # one full small bet over the short completion


def test_completion_amounts(impl):
    hand = impl.Hand(impl.Rules(), [50, 50, 50], deck=third_street_deck("Ks 2c 3c"))
    hand.complete()
    assert hand.bets == [2, 0, 0]
    assert hand.history[-1] == Event("complete", 0, 2, ())
    hand = impl.Hand(impl.Rules(), [50, 50, 50], deck=third_street_deck("Ks 2c 3c"))
    hand.bring_in()
    assert hand.legal_actions() == [F, C, CO]
    hand.complete()
    assert hand.bets == [1, 2, 0]
    assert hand.legal_actions() == [F, C, R]
    hand.raise_()
    assert hand.bets == [1, 2, 4]
    assert hand.actor == 0 and hand.to_call == 3
    assert hand.legal_actions() == [F, C, R]  # the bring-in poster may raise
    hand.raise_()
    assert hand.bets == [6, 2, 4]


def test_bring_in_equal_to_small_bet(impl):
    rules = impl.Rules(bring_in=2, small_bet=2, big_bet=4)
    hand = impl.Hand(rules, [50, 50, 50], deck=third_street_deck("Ks 2c 3c"))
    assert hand.legal_actions() == [B]
    hand.bring_in()
    assert hand.legal_actions() == [F, C, R]
    hand.raise_()
    assert hand.bets == [2, 4, 0]


def test_no_bring_in_when_at_most_one_player_has_chips(impl):
    hand = impl.Hand(impl.Rules(ante=5), [5, 5, 20], deck=list(range(52)))
    assert hand.is_over
    assert hand.street is None and hand.actor is None
    assert not kinds(hand, "bring_in")
    assert hand.stacks[2] >= 15
    for seat in range(3):
        assert len(hand.up_cards(seat)) == 4 and len(hand.down_cards(seat)) == 3
    assert sorted(hand.showdown_order) == [0, 1, 2]
    assert hand.all_in == [True, True, False]
    check_invariants(hand, [5, 5, 20])


def test_fold_and_check_not_allowed_in_bring_in_phase(impl):
    hand = impl.Hand(impl.Rules(), [50, 50], deck=third_street_deck("Ks 2c"))
    before = observe(hand)
    for action in (F, X, C, BE, R):
        with pytest.raises(IllegalActionError):
            hand.act(action)
    assert observe(hand) == before


# --- cap ----------------------------------------------------------------------


def test_cap_counts_completion_not_bring_in(impl):
    hand = impl.Hand(impl.Rules(), [100] * 4, deck=third_street_deck("Ks 2c 3c 4c"))
    play(hand, [B, CO, R, R])  # completion and two raises: 3 so far
    assert hand.legal_actions() == [F, C, R]
    hand.raise_()  # the fourth
    assert hand.bets == [8, 2, 4, 6]
    assert hand.legal_actions() == [F, C]
    play(hand, [C, C, C])
    assert hand.street == 4


def test_cap_is_per_round_and_configurable(impl):
    hand = impl.Hand(impl.Rules(cap=1), [100] * 3, deck=third_street_deck("Ks 2c 3c"))
    play(hand, [B, CO])
    assert hand.legal_actions() == [F, C]
    play(hand, [C, C])
    assert hand.street == 4
    hand.bet()
    assert hand.legal_actions() == [F, C]

    hand = impl.Hand(impl.Rules(cap=None), [1000] * 3, deck=third_street_deck("Ks 2c 3c"))
    hand.bring_in()
    hand.complete()
    for _ in range(12):
        assert R in hand.legal_actions()
        hand.raise_()
    assert max(hand.bets) == 2 + 12 * 2


@pytest.mark.parametrize("heads_up", ["round_starts", "before_cap"])
def test_uncapped_heads_up(impl, heads_up):
    rules = impl.Rules(heads_up=heads_up)
    hand = impl.Hand(rules, [1000, 1000], deck=third_street_deck("Ks 2c"))
    hand.bring_in()
    hand.complete()
    for _ in range(8):
        hand.raise_()
    assert R in hand.legal_actions()
    # Capped heads-up without the option.
    hand = impl.Hand(impl.Rules(), [1000, 1000], deck=third_street_deck("Ks 2c"))
    play(hand, [B, CO, R, R, R])
    assert hand.legal_actions() == [F, C]


def test_before_cap_lifts_the_cap_once_heads_up_below_it(impl):
    rules = impl.Rules(heads_up="before_cap")
    hand = impl.Hand(rules, [1000] * 3, deck=third_street_deck("Ks 2c 3c"))
    play(hand, [B, CO, R])  # seats 1 and 2: two wagers
    hand.fold()  # seat 0: heads-up with two wagers, below the cap of 4
    play(hand, [R, R, R, R])
    assert hand.legal_actions() == [F, C, R]
    # "round_starts" looks only at the start of the round: three began it.
    hand = impl.Hand(
        impl.Rules(heads_up="round_starts"), [1000] * 3, deck=third_street_deck("Ks 2c 3c")
    )
    play(hand, [B, CO, R, F, R, R])
    assert hand.legal_actions() == [F, C]


def test_all_in_players_do_not_count_for_heads_up(impl):
    """The cap: heads-up counts only players who are not all-in."""
    deck = third_street_deck("Ks 2c 3c")
    hand = impl.Hand(impl.Rules(heads_up="before_cap"), [1000, 2, 1000], deck=deck)
    play(hand, [B, CO])  # seat 1 completes all-in: seats 0 and 2 can bet
    play(hand, [R, R, R, R])  # seats 2, 0, 2, 0: five wagers
    assert hand.actor == 2 and hand.legal_actions() == [F, C, R]
    hand = impl.Hand(impl.Rules(heads_up="round_starts"), [1000, 2, 1000], deck=deck)
    play(hand, [B, CO, R, R, R])  # the round began with three who could bet
    assert hand.actor == 0 and hand.legal_actions() == [F, C]


# --- opener from fourth street ------------------------------------------------


def test_opener_best_showing_low_ties_to_lowest_seat(impl):
    deck = stud_deck(["Jc Jd Kc Qc", "9c 9d 5d 3d", "9h 9s 5h 3h"])
    hand = impl.Hand(impl.Rules(), [50] * 3, deck=deck)
    play(hand, [B, C, C])
    assert hand.street == 4
    assert hand.actor == 1  # 5-3 ties 5-3; seat 1 is lower
    assert hand.legal_actions() == [X, BE]
    assert hand.to_call == 0


def test_opener_unpaired_beats_paired(impl):
    deck = stud_deck(["Jc Jd Kc Qc", "9c 9d 5d 5s", "9h 8s 2h 2s"])
    hand = impl.Hand(impl.Rules(), [50] * 3, deck=deck)
    play(hand, [B, C, C])
    assert hand.actor == 0  # K-Q beats 5-5 and 2-2


def test_opener_on_later_streets(impl):
    deck = stud_deck(
        [
            "Jc Jd Kc Qc 2c Ac",  # K-Q-2-A
            "9c 9d 5d 3d 4d 6d",  # 6-5-4-3
            "9h 8s 7h 8h 8d 2h",  # 8-8-7-2
        ]
    )
    hand = impl.Hand(impl.Rules(), [50] * 3, deck=deck)
    play(hand, [B, C, C])
    play(hand, [X, X, X])  # fourth: seat 1 (5-3) opens
    assert hand.street == 5
    assert hand.actor == 1  # 5-4-3 vs K-Q-2 vs 8-8-7
    play(hand, [X, X, X])
    assert hand.street == 6
    assert hand.actor == 1  # 6-5-4-3 beats K-Q-2-A, 8-8-7-2


def test_opener_all_in_action_starts_clockwise(impl):
    deck = stud_deck(["Kc Kd Ks Qc", "9c 9d 5d 3d", "9h 8s 8h 7h"])
    hand = impl.Hand(impl.Rules(), [20, 2, 20], deck=deck)
    play(hand, [B, CO, C, C])  # seat 1 completes all-in
    assert hand.all_in == [False, True, False]
    assert hand.street == 4
    assert hand.actor == 2  # seat 1 shows 5-3 but is all-in
    play(hand, [BE, C])
    assert hand.street == 5


# --- all-ins and the full-bet rule --------------------------------------------


def fourth_street_hand(impl, stacks):
    """Everyone calls the bring-in (seat 0, K♠ up); on fourth street seat 0
    shows K-A, the best low against paired boards, and opens."""
    seat_cards = ["Jc Jd Ks Ac", "9c 9d Qc Qd", "9h 9s Jh Js", "8c 8d Tc Td"][: len(stacks)]
    hand = impl.Hand(impl.Rules(), stacks, deck=stud_deck(seat_cards))
    hand.bring_in()
    for _ in range(len(stacks) - 1):
        hand.call()
    assert hand.street == 4 and hand.actor == 0
    return hand


def test_short_all_in_raise_does_not_reopen(impl):
    hand = fourth_street_hand(impl, [50, 4, 50])
    assert hand.stacks == [49, 3, 49]
    hand.bet()
    assert hand.legal_actions() == [F, C, R]
    hand.raise_()  # all-in for 3: a raise of 1, short of the full 2
    assert hand.bets == [2, 3, 0] and hand.all_in[1]
    assert hand.actor == 2 and hand.legal_actions() == [F, C, R]  # has not acted yet
    hand.call()
    assert hand.actor == 0 and hand.to_call == 1
    assert hand.legal_actions() == [F, C]  # already acted, faces less than a full bet
    hand.call()
    assert hand.street == 5


def test_full_raise_after_short_all_in_reopens(impl):
    hand = fourth_street_hand(impl, [50, 4, 50])
    play(hand, [BE, R])  # seat 1 all-in to 3
    hand.raise_()  # seat 2 raises a full bet: to 5
    assert hand.bets == [2, 3, 5]
    assert hand.actor == 0 and hand.legal_actions() == [F, C, R]
    hand.raise_()
    assert hand.bets == [7, 3, 5]


def test_short_all_ins_add_up_to_a_full_bet(impl):
    hand = fourth_street_hand(impl, [50, 4, 5, 50])
    play(hand, [BE, R])  # seat 1: all-in to 3
    assert hand.legal_actions() == [F, C, R]
    hand.raise_()  # seat 2: all-in to 4 (one over)
    assert hand.bets == [2, 3, 4, 0]
    hand.call()  # seat 3
    assert hand.actor == 0 and hand.to_call == 2
    assert hand.legal_actions() == [F, C, R]  # 2 + 1 + 1: a full bet since seat 0 acted
    hand.call()
    assert hand.street == 5


def test_short_all_in_bet_does_not_reopen_to_checkers(impl):
    hand = fourth_street_hand(impl, [50, 50, 2])
    assert hand.stacks == [49, 49, 1]
    play(hand, [X, X])
    assert hand.legal_actions() == [X, BE]
    hand.bet()  # seat 2: all-in for 1
    assert hand.bets == [0, 0, 1]
    assert hand.legal_actions() == [F, C]
    hand.call()
    assert hand.legal_actions() == [F, C]
    hand.call()
    assert hand.street == 5


def test_short_all_in_bet_may_be_raised_by_players_yet_to_act(impl):
    hand = fourth_street_hand(impl, [2, 50, 50])
    hand.bet()  # seat 0: all-in for 1
    assert hand.bets == [1, 0, 0]
    assert hand.legal_actions() == [F, C, R]
    hand.raise_()
    assert hand.bets == [1, 3, 0]  # one full bet over the short one


def full_bring_in_hand(impl, stacks):
    """The bring-in is a whole small bet (bring_in == small_bet == 2), so it
    cannot be completed; seat 0 (K♠ up) posts it and seat 1 calls."""
    rules = impl.Rules(bring_in=2, small_bet=2, big_bet=4)
    hand = impl.Hand(rules, stacks, deck=third_street_deck("Ks 4c 5d"))
    hand.bring_in()
    assert hand.legal_actions() == [F, C, R]  # no completion over a full bring-in
    hand.call()
    return hand


def test_short_all_in_raise_over_a_full_bring_in_does_not_reopen(impl):
    hand = full_bring_in_hand(impl, [100, 100, 3])
    hand.raise_()  # seat 2: all-in to 3, one over the full bring-in of 2
    assert hand.bets == [2, 2, 3] and hand.all_in[2]
    # The poster has not acted (a bring-in is like a blind); a full bet
    # since then is still owed to it.
    assert hand.actor == 0 and hand.legal_actions() == [F, C, R]
    hand.call()
    # Seat 1 called 2 and faces 1 more: less than a full bet, no raise.
    assert hand.actor == 1 and hand.legal_actions() == [F, C]
    hand.call()
    assert hand.street == 4


def test_full_raise_over_a_full_bring_in_reopens(impl):
    hand = full_bring_in_hand(impl, [100, 100, 100])
    hand.raise_()  # seat 2: to 4, a full bet over the bring-in
    hand.call()  # seat 0
    assert hand.actor == 1 and hand.legal_actions() == [F, C, R]
    hand.raise_()
    assert hand.bets == [4, 6, 4]


def test_facing_a_bet_with_everyone_else_all_in(impl):
    hand = impl.Hand(impl.Rules(), [50, 3], deck=stud_deck(["Jc Jd Ks Kc", "9c 9d 2c Ac"]))
    play(hand, [B, CO, C])
    assert hand.street == 4 and hand.actor == 1
    hand.bet()  # all-in for 1
    assert hand.actor == 0
    assert hand.legal_actions() == [F, C]  # nobody could answer a raise
    hand.call()
    assert hand.is_over  # run out
    assert len(hand.up_cards(0)) == 4 and len(hand.down_cards(1)) == 3
    check_invariants(hand, [50, 3])


def test_no_raise_when_every_other_player_is_covered(impl):
    hand = impl.Hand(impl.Rules(), [50, 50, 2], deck=third_street_deck("Ks 2c 3c"))
    play(hand, [B, CO])  # seat 1 completes to 2
    assert hand.actor == 2 and hand.legal_actions() == [F, C]  # can only call all-in
    hand.call()
    assert hand.actor == 0 and hand.legal_actions() == [F, C, R]


def test_uncalled_bet_returned_at_end_of_round(impl):
    hand = fourth_street_hand(impl, [50, 50])
    hand.bet()
    hand.fold()
    assert hand.is_over
    ret = kinds(hand, "return")
    assert ret == [Event("return", 0, 2, ())]
    assert hand.payoffs == [1, -1]


def test_uncalled_part_of_an_all_in_call(impl):
    hand = fourth_street_hand(impl, [50, 2])
    hand.bet()  # 2; seat 1 has 1 left
    hand.call()  # all-in for 1
    returns = kinds(hand, "return")
    assert returns == [Event("return", 0, 1, ())]
    assert hand.is_over  # run out: only seat 0 has chips
    check_invariants(hand, [50, 2])


# --- side pots ----------------------------------------------------------------


SIDE_POT_DECK = stud_deck(
    [
        "Kc Qc Ac 2c 3c 4c 5c",  # wheel
        "Kd Qd Ad 2d 3d 4d 6d",  # 6-4-3-2-A
        "Kh Qh Ah 2h 3h 4h 7h",  # 7-4-3-2-A
        "9s 8s 7s",  # folds on third street
        "Jc Jd Ks Jh Tc Td Th",  # jacks full
    ],
    folds={3: 3},
)


def test_three_way_all_in_two_side_pots_and_a_folded_contributor(impl):
    stacks = [3, 5, 7, 30, 30]
    hand = impl.Hand(impl.Rules(), stacks, deck=SIDE_POT_DECK)
    assert hand.actor == 4  # K♠
    play(hand, [B, CO, R, R, C, R])  # bring-in 1; 2, 4, 6 (seat 3 calls), 8 (cap)
    assert hand.legal_actions() == [F, C]
    play(hand, [C, C, C])  # seats 0, 1, 2 all-in for 3, 5, 7
    assert hand.all_in[:3] == [True, True, True]
    hand.fold()  # seat 3 leaves 6 behind
    assert kinds(hand, "return") == [Event("return", 4, 1, ())]
    assert hand.is_over  # run out: only seat 4 has chips
    assert hand.pots == [
        Pot(15, (0, 1, 2, 4), (0,)),
        Pot(8, (1, 2, 4), (1,)),
        Pot(5, (2, 4), (2,)),
    ]
    assert hand.payoffs == [12, 3, -2, -6, -7]
    assert hand.showdown_order == [0, 1, 2, 4]
    assert [e.seat for e in kinds(hand, "show")] == [0, 1, 2, 4]
    assert [(e.seat, e.amount) for e in kinds(hand, "award")] == [(0, 15), (1, 8), (2, 5)]
    assert hand.all_in == [True, True, True, False, False]
    check_invariants(hand, stacks)


def test_pots_while_betting(impl):
    stacks = [3, 5, 7, 30, 30]
    hand = impl.Hand(impl.Rules(), stacks, deck=SIDE_POT_DECK)
    play(hand, [B, CO, R, R, C, R, C, C, C])
    assert hand.pot == 3 + 5 + 7 + 6 + 8
    assert sum(p.amount for p in hand.pots) == hand.pot
    assert all(p.winners == () for p in hand.pots)


# --- the deck running short ---------------------------------------------------


def check_down_to_seventh(hand):
    hand.bring_in()
    while hand.street == 3:
        hand.call()
    while not hand.is_over:
        hand.check()


def test_eight_players_community_card(impl):
    hand = impl.Hand(impl.Rules(), [100] * 8, deck=list(range(52)))
    assert hand.actor == 7  # up cards 16..23: 23 = 6s
    check_down_to_seventh(hand)
    assert hand.community_cards == [48]
    assert kinds(hand, "community") == [Event("community", None, 0, (48,))]
    for seat in range(8):
        assert hand.down_cards(seat) == [seat, 8 + seat]
        assert hand.up_cards(seat) == [16 + seat, 24 + seat, 32 + seat, 40 + seat]
    assert not kinds(hand, "burn", "reshuffle")
    check_invariants(hand, [100] * 8)


def test_seven_players_reaching_seventh_get_down_cards(impl):
    hand = impl.Hand(impl.Rules(), [100] * 8, deck=list(range(52)))
    hand.bring_in()
    hand.fold()  # seat 0
    while hand.street == 3:
        hand.call()
    while not hand.is_over:
        hand.check()
    assert hand.community_cards == []
    assert hand.down_cards(1) == [1, 9, 45]  # 24 + 21 = 45 cards before seventh
    assert hand.down_cards(0) == [0, 8]
    check_invariants(hand, [100] * 8)


def test_eight_players_with_burns_reshuffle_explicit_deck(impl):
    hand = impl.Hand(impl.Rules(burn_cards=True), [100] * 8, deck=list(range(52)))
    check_down_to_seventh(hand)
    burns = [e.cards[0] for e in kinds(hand, "burn")]
    # One card is left before seventh street: it and the three burns, in
    # that order (an explicit deck is not shuffled), are the new deck; it
    # is burned and the first burn is the community card (burns and the short deck).
    assert burns == [24, 33, 42, 51]
    assert kinds(hand, "reshuffle") == [Event("reshuffle", None, 0, (51, 24, 33, 42))]
    assert hand.community_cards == [24]
    assert hand.up_cards(0) == [16, 25, 34, 43]
    kinds_in_order = [e.kind for e in hand.history if e.kind in ("burn", "reshuffle", "community")]
    assert kinds_in_order == ["burn", "burn", "burn", "reshuffle", "burn", "community"]
    check_invariants(hand, [100] * 8)


def test_eight_players_with_burns_reshuffle_seeded(impl):
    seed = 2024
    hand = impl.Hand(impl.Rules(burn_cards=True), [100] * 8, seed=seed)
    check_down_to_seventh(hand)
    generator = Xoshiro256PlusPlus(seed)
    deck = list(range(52))
    generator.shuffle(deck)
    burns = [deck[24], deck[33], deck[42]]
    new_deck = [deck[51], *burns]
    generator.shuffle(new_deck)  # the same generator, continued
    assert kinds(hand, "reshuffle") == [Event("reshuffle", None, 0, tuple(new_deck))]
    assert [e.cards[0] for e in kinds(hand, "burn")] == [*burns, new_deck[0]]
    assert hand.community_cards == [new_deck[1]]
    check_invariants(hand, [100] * 8)


def test_seven_players_with_burns_gather_the_burns_and_deal_down(impl):
    """Burns and the short deck: seven cards left cannot give a burn, seven cards and a
    bottom card; with the three burns they can."""
    hand = impl.Hand(impl.Rules(burn_cards=True), [100] * 7, deck=list(range(52)))
    check_down_to_seventh(hand)
    new_deck = (45, 46, 47, 48, 49, 50, 51, 21, 29, 37)
    assert kinds(hand, "reshuffle") == [Event("reshuffle", None, 0, new_deck)]
    assert [e.cards[0] for e in kinds(hand, "burn")] == [21, 29, 37, 45]
    assert [hand.down_cards(seat)[2] for seat in range(7)] == [46, 47, 48, 49, 50, 51, 21]
    assert hand.community_cards == []  # 29 and 37 stay undealt
    check_invariants(hand, [100] * 7)


def test_burns_come_before_each_later_street(impl):
    hand = impl.Hand(impl.Rules(burn_cards=True), [100] * 3, deck=list(range(52)))
    check_down_to_seventh(hand)
    assert [e.cards[0] for e in kinds(hand, "burn")] == [9, 13, 17, 21]
    assert hand.up_cards(0) == [6, 10, 14, 18]
    assert hand.down_cards(0) == [0, 3, 22]
    check_invariants(hand, [100] * 3)


# --- splits and odd chips -----------------------------------------------------


TWO_WAY_TIE = stud_deck(
    [
        "Kh Jh Ks Js Th Ts 9h",  # jacks and tens
        "Kd Qd Ad 2d 3d 4d 6d",  # 6-4-3-2-A
        "Kc Qc Ac 2c 3c 4c 6c",  # 6-4-3-2-A, holds the A♣
        "8s 9s 7h",  # folds to the bring-in
    ],
    folds={3: 3},
)


@pytest.mark.parametrize("odd_chip, seat1, seat2", [("seat", 4, 3), ("low_card", 3, 4)])
def test_split_pot_odd_chip(impl, odd_chip, seat1, seat2):
    hand = impl.Hand(impl.Rules(ante=1, odd_chip=odd_chip), [10] * 4, deck=TWO_WAY_TIE)
    assert hand.actor == 0
    play(hand, [B, C, C, F])
    assert hand.actor == 1  # A-2 ties A-2: lower seat opens
    while not hand.is_over:
        hand.check()
    assert hand.pots == [Pot(7, (0, 1, 2), (1, 2))]
    assert [(e.seat, e.amount) for e in kinds(hand, "award")] == [(1, seat1), (2, seat2)]
    assert hand.payoffs == [-2, seat1 - 2, seat2 - 2, -1]
    assert hand.showdown_order == [0, 1, 2]


THREE_WAY_TIE = stud_deck(
    [
        "Js Ts Ks 9s 8s 7s 5s",  # T-9-8-7-5
        "Kh Qh Ah 2h 3h 4h 6h",
        "Kd Qd Ad 2d 3d 4d 6d",
        "Kc Qc Ac 2c 3c 4c 6c",
    ]
)


@pytest.mark.parametrize(
    "odd_chip, awards",
    [("seat", [(1, 3), (2, 3), (3, 2)]), ("low_card", [(1, 2), (2, 3), (3, 3)])],
)
def test_three_way_split_two_odd_chips(impl, odd_chip, awards):
    hand = impl.Hand(impl.Rules(ante=1, odd_chip=odd_chip), [10] * 4, deck=THREE_WAY_TIE)
    play(hand, [B, C, C, C])
    while not hand.is_over:
        hand.check()
    assert hand.pots == [Pot(8, (0, 1, 2, 3), (1, 2, 3))]
    assert [(e.seat, e.amount) for e in kinds(hand, "award")] == awards


def community_tie_deck() -> list[int]:
    """Eight players, burns on; seat 7 folds on third street, so the other
    seven reach seventh street with 3 cards left after the burn: the
    community card, the A♣, gives seats 0-3 (2-3-4-5 each, in spades,
    hearts, diamonds, clubs) a wheel each."""
    per_seat = [cards(f"2{x} 3{x} K{x} 4{x} 5{x} Q{x}") for x in "shdc"]
    junk = [c(rank + suit) for rank in "6789TJ" for suit in "cdhs"]
    per_seat += [junk[0:6], junk[6:12], junk[12:18], junk[18:21]]
    burns = cards("Ad Ah As") + [junk[21]]
    order = [per_seat[seat][k] for k in range(3) for seat in range(8)]
    for street in range(3):
        order.append(burns[street])
        order += [per_seat[seat][3 + street] for seat in range(7)]
    order += [burns[3], c("Ac"), junk[22], junk[23]]
    assert sorted(order) == list(range(52))
    return order


@pytest.mark.parametrize(
    "odd_chip, awards",
    [
        ("seat", [(0, 2), (1, 2), (2, 2), (3, 1)]),
        ("low_card", [(0, 1), (1, 2), (2, 2), (3, 2)]),
        ("high_card", [(0, 2), (1, 2), (2, 2), (3, 1)]),  # 5s, 5h, 5d before 5c
    ],
)
def test_odd_chips_with_a_community_card(impl, odd_chip, awards):
    rules = impl.Rules(burn_cards=True, odd_chip=odd_chip)
    hand = impl.Hand(rules, [100] * 8, deck=community_tie_deck())
    assert hand.actor == 0  # K♠
    hand.bring_in()
    for _ in range(6):
        hand.call()
    hand.fold()  # seat 7
    while not hand.is_over:
        hand.check()
    assert hand.community_cards == [c("Ac")]
    # Four cards and the three burns cannot serve seven players: a burn and
    # a community card from the gathered deck (burns and the short deck).
    assert len(kinds(hand, "reshuffle")) == 1
    assert hand.pots == [Pot(7, (0, 1, 2, 3, 4, 5, 6), (0, 1, 2, 3))]
    # The lowest own cards are 2s, 2h, 2d, 2c: the shared A♣ never counts.
    assert [(e.seat, e.amount) for e in kinds(hand, "award")] == awards
    check_invariants(hand, [100] * 8)


# --- fold-outs ----------------------------------------------------------------


def test_fold_to_the_bring_in(impl):
    hand = impl.Hand(impl.Rules(ante=1), [10, 10, 10], deck=third_street_deck("Ks 2c 3c"))
    play(hand, [B, F, F])
    assert hand.is_over
    assert kinds(hand, "return") == [Event("return", 0, 1, ())]
    assert hand.pots == [Pot(3, (0,), (0,))]
    assert hand.payoffs == [2, -1, -1]
    assert hand.showdown_order == [] and not kinds(hand, "show")
    assert len(hand.up_cards(0)) == 1
    check_invariants(hand, [10, 10, 10])


def test_fold_to_the_bring_in_without_antes(impl):
    hand = impl.Hand(impl.Rules(), [10, 10], deck=third_street_deck("Ks 2c"))
    play(hand, [B, F])
    assert hand.is_over and hand.pots == [] and hand.payoffs == [0, 0]
    assert not kinds(hand, "award")


@pytest.mark.parametrize("street", [3, 4, 5, 6, 7])
def test_fold_out_on_every_street(impl, street):
    hand = impl.Hand(impl.Rules(ante=1), [100] * 3, seed=street)
    hand.bring_in()
    while hand.street == 3 and street > 3:
        hand.call()
    while hand.street < street:
        hand.check()
    assert hand.street == street
    if street == 3:
        hand.complete()
    else:
        hand.bet()
    aggressor = hand.history[-1].seat
    hand.fold()
    hand.fold()
    assert hand.is_over and hand.street is None
    assert [hand.folded[s] for s in range(3)].count(False) == 1
    assert not hand.folded[aggressor]
    assert hand.showdown_order == [] and not kinds(hand, "show")
    expected_up = min(street - 2, 4)
    for seat in range(3):
        assert len(hand.up_cards(seat)) == expected_up
    assert hand.community_cards == []
    assert kinds(hand, "return")[-1].seat == aggressor
    awards = kinds(hand, "award")
    assert len(awards) == 1 and awards[0].seat == aggressor
    assert hand.payoffs[aggressor] > 0
    check_invariants(hand, [100] * 3)


# --- showdown order -----------------------------------------------------------


def test_showdown_order_last_aggressor_on_seventh(impl):
    hand = impl.Hand(impl.Rules(), [100] * 4, seed=11)
    hand.bring_in()
    hand.fold()
    while hand.street == 3:
        hand.call()
    while hand.street < 7:
        hand.check()
    opener = hand.actor
    hand.bet()
    raiser = hand.actor
    hand.raise_()
    while not hand.is_over:
        hand.call()
    in_hand = [s for s in range(4) if not hand.folded[s]]
    start = in_hand.index(raiser)
    assert hand.showdown_order == in_hand[start:] + in_hand[:start]
    assert raiser != opener
    assert [e.seat for e in kinds(hand, "show")] == hand.showdown_order
    check_invariants(hand, [100] * 4)


def test_showdown_order_without_a_seventh_street_bet(impl):
    hand = impl.Hand(impl.Rules(), [100] * 4, deck=third_street_deck("Ks 2c 3c 4c"))
    play(hand, [B, C, C])
    hand.fold()  # seat 3
    # Seat 0 is not the first in the hand any more after it folds on fourth.
    assert hand.street == 4
    hand.bet()
    while hand.street == 4:
        hand.fold() if hand.actor == 0 else hand.call()
    while not hand.is_over:
        hand.check()
    assert hand.folded[0] and hand.folded[3]
    assert hand.showdown_order == [1, 2]
    shows = kinds(hand, "show")
    assert [e.seat for e in shows] == [1, 2]
    assert shows[0].cards == tuple(hand.down_cards(1))


def test_showdown_order_after_a_run_out(impl):
    hand = impl.Hand(impl.Rules(), [3, 100, 3], deck=third_street_deck("2c Ks 3c"))
    assert hand.actor == 1
    play(hand, [B, CO])  # seat 2 completes to 2
    assert hand.legal_actions() == [F, C, R]
    hand.raise_()  # seat 0: all-in for 3, short of 4
    play(hand, [C, C])  # seat 1 calls; seat 2 calls all-in
    assert hand.is_over  # only seat 1 has chips: run out
    assert hand.showdown_order == [0, 1, 2]
    assert hand.all_in == [True, False, True]
    check_invariants(hand, [3, 100, 3])


# --- actions and errors ----------------------------------------------------------


def test_act_accepts_ints_and_rejects_bad_types(impl):
    hand = impl.Hand(impl.Rules(), [50, 50], deck=third_street_deck("Ks 2c"))
    before = observe(hand)
    for bad in (None, "BRING_IN", 3.0, True, [3]):
        with pytest.raises(TypeError):
            hand.act(bad)
    for bad in (7, -1, 100):
        with pytest.raises(IllegalActionError):
            hand.act(bad)
    assert observe(hand) == before
    hand.act(3)
    assert hand.history[-1].kind == "bring_in"


def test_acting_after_the_end_is_illegal(impl):
    hand = impl.Hand(impl.Rules(), [50, 50], deck=third_street_deck("Ks 2c"))
    play(hand, [B, F])
    before = observe(hand)
    for action in Action:
        with pytest.raises(IllegalActionError):
            hand.act(action)
    for method in ("fold", "check", "call", "bring_in", "complete", "bet", "raise_"):
        with pytest.raises(IllegalActionError):
            getattr(hand, method)()
    assert observe(hand) == before


def test_shorthands(impl):
    hand = impl.Hand(impl.Rules(), [50, 50, 50], deck=third_street_deck("Ks 2c 3c"))
    hand.bring_in()
    hand.complete()
    hand.raise_()
    hand.call()
    hand.fold()
    assert hand.street == 4
    hand.check()
    hand.bet()
    assert [e.kind for e in hand.history if e.seat is not None and e.kind not in ("deal_up",)][
        -7:
    ] == ["bring_in", "complete", "raise", "call", "fold", "check", "bet"]


def test_seat_arguments(impl):
    hand = impl.Hand(impl.Rules(), [50, 50], seed=1)
    for bad in (2, -1, 8):
        with pytest.raises(ValueError):
            hand.up_cards(bad)
        with pytest.raises(ValueError):
            hand.down_cards(bad)
    for bad in (None, "0", 0.0, True):
        with pytest.raises(TypeError):
            hand.up_cards(bad)


def test_properties_are_fresh_and_clone_is_independent(impl):
    hand = impl.Hand(impl.Rules(ante=1), [50, 50, 50], seed=9)
    before = observe(hand)
    stacks = hand.stacks
    stacks[0] = 999
    hand.bets.append(5)
    hand.folded[0] = True
    hand.history.clear()
    hand.up_cards(0).append(1)
    hand.pots.clear()
    hand.legal_actions().clear()
    assert observe(hand) == before

    copy = hand.clone()
    assert observe(copy) == before
    rng = random.Random(1)
    while not copy.is_over:
        copy.act(random_action(copy, rng))
    assert observe(hand) == before
    # The clone continues the same generator: both play on identically.
    other = hand.clone()
    rng1, rng2 = random.Random(4), random.Random(4)
    while not hand.is_over:
        hand.act(random_action(hand, rng1))
        other.act(random_action(other, rng2))
    assert observe(hand) == observe(other)


def test_history_amounts_and_order(impl):
    hand = impl.Hand(impl.Rules(ante=1), [50, 50, 50], deck=third_street_deck("Ks 2c 3c"))
    play(hand, [B, CO, R, C, C])
    events = hand.history
    actions = [e for e in events if e.kind in ("bring_in", "complete", "raise", "call")]
    assert [(e.kind, e.seat, e.amount) for e in actions] == [
        ("bring_in", 0, 1),
        ("complete", 1, 2),
        ("raise", 2, 4),
        ("call", 0, 3),
        ("call", 1, 2),
    ]
    fourth = events[events.index(actions[-1]) + 1 :]
    assert [(e.kind, e.seat) for e in fourth] == [("deal_up", 0), ("deal_up", 1), ("deal_up", 2)]
    assert all(isinstance(e, Event) for e in events)


# --- random play ------------------------------------------------------------------


def play_random_hand(impl, rng: random.Random, passive=False, **kwargs):
    """A random hand, checking the invariants after every step; ``passive``
    players never fold."""
    hand, stacks = random_hand(impl, rng, **kwargs)
    check_invariants(hand, stacks)
    steps = 0
    while not hand.is_over:
        # Every illegal action raises and leaves the hand exactly as it was.
        legal = hand.legal_actions()
        illegal = [a for a in Action if a not in legal]
        if illegal:
            before = observe(hand)
            with pytest.raises(IllegalActionError):
                hand.act(rng.choice(illegal))
            assert observe(hand) == before
        if passive and len(legal) > 1 and F in legal:
            legal.remove(F)
            hand.act(rng.choice(legal))
        else:
            hand.act(random_action(hand, rng))
        check_invariants(hand, stacks)
        steps += 1
        assert steps < 200
    return hand


@given(seed=st.integers(0, 2**64 - 1))
def test_random_play_invariants(impl, seed):
    play_random_hand(impl, random.Random(seed))


def test_random_play_many(impl):
    rng = random.Random(20240601)
    seen = {"community": 0, "reshuffle": 0, "side pots": 0, "split": 0, "run-out": 0}
    for _ in range(300):
        hand = play_random_hand(impl, rng)
        if hand.community_cards:
            seen["community"] += 1
        if kinds(hand, "reshuffle"):
            seen["reshuffle"] += 1
        if len(hand.pots) > 1:
            seen["side pots"] += 1
        if any(len(p.winners) > 1 for p in hand.pots):
            seen["split"] += 1
        if any(hand.all_in) and hand.showdown_order:
            seen["run-out"] += 1
    for _ in range(30):
        rules = impl.Rules(burn_cards=True)
        hand = play_random_hand(impl, rng, passive=True, players=8, rules=rules, stacks=[1000] * 8)
        if kinds(hand, "reshuffle"):
            seen["reshuffle"] += 1
    assert seen["side pots"] and seen["run-out"], seen
    assert seen["community"] and seen["reshuffle"], seen
