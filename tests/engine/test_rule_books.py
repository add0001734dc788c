"""One test per rule-book line docs/RULES.md quotes, built from the book's
own example where it gives one. Each test names the rule and the edition;
each runs in the compiled core and in the reference (``impl``)."""

from __future__ import annotations

import pytest

from helpers import CO, B, C, F, R, X
from test_reference_hand import kinds, play, stud_deck, third_street_deck


def wsop(impl, *stakes):
    return impl.Rules.preset("wsop", *stakes)


# --- reopening (reopen="half") ------------------------------------


def fifth_street_bet_of(impl, short: int, reopen: str):
    """Three players at bring-in 5, bets 10/20; seat 1 has ``short`` chips
    left on fifth street, where seat 0 opens (K-2-A) and checks and seat 1
    bets them all."""
    deck = stud_deck(["Jd Js Ks Ac 2d", "Td Ts 2c Kh Qh", "9d 9s 3c Kc Qc"])
    rules = impl.Rules(0, 5, 10, 20, reopen=reopen)
    hand = impl.Hand(rules, [100, 5 + short, 100], deck=deck)
    play(hand, [B, C, C, X, X, X])  # third and fourth street
    assert hand.street == 5 and hand.actor == 0
    play(hand, [X, impl.Action.BET])
    assert hand.bets == [0, short, 0] and hand.all_in[1]
    return hand


def test_roberts_rules_6_a_half_bet_all_in_is_raised_to_all_in_plus_a_bet(impl):
    """Robert's Rules of Poker (Betting and Raising, rule 6), repeated in
    WSOP Live Action Rules 2024, rule 129: "An example of a full raise on a
    $20 betting round is raising a $15 all-in bet to $35"."""
    hand = fifth_street_bet_of(impl, 15, "half")
    assert hand.legal_actions() == [F, C, R]
    hand.raise_()
    assert hand.bets == [0, 15, 35]


def test_roberts_rules_6_a_half_bet_all_in_reopens_the_betting(impl):
    """Robert's Rules 6: "An all-in wager of a half a bet or more is treated
    as a full bet": the player who checked may raise. Under reopen="full"
    (reopening after an all-in for less) the same $15 is less than a full bet: call or fold."""
    hand = fifth_street_bet_of(impl, 15, "half")
    hand.call()
    assert hand.actor == 0 and hand.legal_actions() == [F, C, R]
    hand = fifth_street_bet_of(impl, 15, "full")
    hand.call()
    assert hand.actor == 0 and hand.legal_actions() == [F, C]


def fourth_street_bet_of(impl, short: int):
    """BARGE's stakes: a 400 limit on fourth street (bring-in 200); seat 1
    has ``short`` chips left and bets them after seat 0 (K-A) checks."""
    deck = stud_deck(["Jd Js Ks Ac", "Td Ts 2c Kh", "9d 9s 3c Kc"])
    hand = impl.Hand(
        impl.Rules(0, 200, 400, 800, reopen="half"), [5000, 200 + short, 5000], deck=deck
    )
    play(hand, [B, C, C, X, impl.Action.BET])
    assert hand.street == 4 and hand.bets == [0, short, 0]
    return hand


def test_barge_a_100_all_in_at_a_400_limit_is_completed_to_400(impl):
    """BARGE rules (limit, all-in for less than half a bet): facing a 100
    all-in at a 400 limit, the next player may call the 100 or complete the
    bet to 400 -- Robert's Rules 6: "may fold, call, or complete the
    wager". The completion is the bet: the player who checked may raise."""
    hand = fourth_street_bet_of(impl, 100)
    assert hand.to_call == 100 and hand.legal_actions() == [F, C, R]
    hand.raise_()
    assert hand.bets == [0, 100, 400]
    assert hand.actor == 0 and hand.legal_actions() == [F, C, R]
    hand.raise_()
    assert hand.bets == [800, 100, 400]


def test_barge_less_than_half_a_bet_does_not_reopen(impl):
    """Robert's Rules 6: "an all-in wager of less than half a bet does not
    reopen the betting for any player who has already acted"."""
    hand = fourth_street_bet_of(impl, 100)
    hand.call()
    assert hand.actor == 0 and hand.legal_actions() == [F, C]


def test_barge_a_300_all_in_at_a_400_limit_is_made_700(impl):
    """BARGE: a 300 all-in at a 400 limit is half a bet or more, so a full
    bet: a raise makes it 700 (300 and a full 400)."""
    hand = fourth_street_bet_of(impl, 300)
    hand.raise_()
    assert hand.bets == [0, 300, 700]


def short_all_ins(impl, second: int, reopen: str = "half"):
    """Four players, bring-in 200, small bet 400: seat 3 (K♠) brings in,
    seat 0 completes to 400, seat 1 is all-in for 500 and seat 2 all-in for
    ``second``, seat 3 calls."""
    rules = impl.Rules(0, 200, 400, 800, reopen=reopen)
    hand = impl.Hand(rules, [5000, 500, second, 5000], deck=third_street_deck("2c 3c 4c Ks"))
    play(hand, [B, CO, R, R, C])
    assert hand.bets == [400, 500, second, second]
    return hand


def test_tda_47b_short_all_ins_that_make_half_a_bet_reopen_the_betting(impl):
    """Poker TDA Rules 2024, rule 47-B: "In limit, at least 50% of a full bet
    or raise is required to re-open betting for players who have already
    acted"; Robert's Rules 6: "Multiple all-in wagers, each of an amount too
    small to individually qualify as a raise, still act as a raise and
    reopen the betting if the resulting wager size to a player qualifies"."""
    hand = short_all_ins(impl, 600)  # 100 and 100 more: half of 400
    assert hand.actor == 0 and hand.legal_actions() == [F, C, R]
    hand = short_all_ins(impl, 550)  # 150 in all: less than half
    assert hand.actor == 0 and hand.legal_actions() == [F, C]
    hand = short_all_ins(impl, 600, reopen="full")  # 200: less than a whole bet
    assert hand.actor == 0 and hand.legal_actions() == [F, C]


# --- the cap ---------------------------------------------------------


def test_wsop_cap_is_a_bet_and_four_raises(impl):
    """WSOP Tournament Rules 2024 (limit betting, "a bet and four raises"):
    cap=5; the completion counts as the bet."""
    hand = impl.Hand(wsop(impl, 0, 1, 2, 4), [1000] * 3, deck=third_street_deck("Ks 2c 3c"))
    play(hand, [B, CO, R, R, R])  # the completion and three raises: four wagers
    assert R in hand.legal_actions()
    hand.raise_()  # the fifth
    assert hand.legal_actions() == [F, C]
    assert hand.bets == [6, 8, 10]
    # The default (PokerStars) caps at four.
    hand = impl.Hand(impl.Rules(), [1000] * 3, deck=third_street_deck("Ks 2c 3c"))
    play(hand, [B, CO, R, R, R])
    assert hand.legal_actions() == [F, C]


def test_a_whole_small_bet_bring_in_is_the_opening_bet(impl):
    """The cap: a bring-in equal to a whole small bet is the opening bet
    and counts toward the cap, as a limit big blind does."""
    hand = impl.Hand(impl.Rules(0, 2, 2, 4), [1000] * 3, deck=third_street_deck("Ks 2c 3c"))
    play(hand, [B, R, R, R])  # the bring-in and three raises: four
    assert hand.legal_actions() == [F, C]


def test_a_short_all_in_raise_does_not_use_up_the_cap(impl):
    """The cap: an all-in for less counts toward the cap only when it
    makes a real raise. Seat 3's all-in raise of one chip (a bet is 2) is
    not one, so after it three more real wagers fit under the cap of 4."""
    hand = impl.Hand(impl.Rules(), [1000, 1000, 1000, 5], deck=third_street_deck("Ks 2c 3c 4c"))
    play(hand, [B, CO, R, R])  # 1; 2 and 4 (two wagers); all-in for 5
    assert hand.bets == [1, 2, 4, 5] and hand.all_in[3]
    hand.raise_()  # seat 0, who only brought in: to 7, the third wager
    assert hand.actor == 1 and hand.legal_actions() == [F, C, R]
    hand.raise_()  # the fourth
    assert hand.bets == [7, 9, 4, 5]
    assert hand.legal_actions() == [F, C]


def test_roberts_rules_4_heads_up_before_the_cap_is_uncapped(impl):
    """Robert's Rules of Poker (Betting and Raising, rule 4): "Unlimited
    raising is allowed in heads-up play. This applies any time the action
    becomes heads-up before the raising has been capped. Once the raising
    is capped on a betting round, it cannot be uncapped by a subsequent fold
    that leaves two players heads-up." (heads_up="before_cap")."""
    rules = impl.Rules.preset("roberts")
    deck = third_street_deck("Ks 2c 3c")
    hand = impl.Hand(rules, [1000] * 3, deck=deck)
    play(hand, [B, CO, R, R, R])  # four wagers: capped with three players
    assert hand.actor == 2 and hand.legal_actions() == [F, C]
    hand.fold()
    assert hand.actor == 0 and hand.legal_actions() == [F, C]  # stays capped
    hand = impl.Hand(rules, [1000] * 3, deck=deck)
    play(hand, [B, CO, F, R, R, R, R])  # heads-up after one wager
    assert R in hand.legal_actions()


def test_wsop_live_heads_up_rounds_are_uncapped(impl):
    """WSOP Live Action Rules 2024 (heads_up="round_starts"): a round that
    begins with two players who can bet has no cap; one that becomes
    heads-up later keeps it."""
    rules = impl.Rules.preset("wsop_live")
    hand = impl.Hand(rules, [1000] * 2, deck=third_street_deck("Ks 2c"))
    play(hand, [B, CO] + [R] * 8)
    assert R in hand.legal_actions()
    hand = impl.Hand(rules, [1000] * 3, deck=third_street_deck("Ks 2c 3c"))
    play(hand, [B, CO, F, R, R, R, R])  # five wagers: the cap
    assert hand.legal_actions() == [F, C]


# --- the bring-in ----------------------------------------------------


def test_wsop_the_others_enter_for_the_full_bring_in(impl):
    """WSOP Tournament Rules 2024 (short_bring_in="full"): after an all-in
    bring-in for less, the others must enter for at least the full
    bring-in; the excess forms a side pot. The `roberts` preset keeps
    "short" (no line of Robert's Rules we checked says otherwise): the
    others call the short amount."""
    deck = third_street_deck("Ks 2c 3c")
    hand = impl.Hand(wsop(impl, 1, 2, 4, 8), [2, 50, 50], deck=deck)
    play(hand, [B])  # all-in for 1 after the 1-chip ante
    assert hand.bets == [1, 0, 0] and hand.to_call == 2
    play(hand, [C, C])
    assert [e.amount for e in kinds(hand, "call")] == [2, 2]
    assert [(p.amount, p.eligible) for p in hand.pots] == [(6, (0, 1, 2)), (2, (1, 2))]
    roberts = impl.Rules.preset("roberts", 1, 2, 4, 8)
    hand = impl.Hand(roberts, [2, 50, 50], deck=deck)
    play(hand, [B])
    assert hand.to_call == 1


def test_tda_rp_10e_the_passed_bring_in_may_be_declined_by_folding(impl):
    """Poker TDA 2024, Recommended Procedure 10-E (ante_all_in="may_fold"):
    when the high card is all-in from the ante, the next player clockwise
    must bring in or fold. WSOP ("forced") makes them bring in."""
    deck = third_street_deck("Ks 2c 3c")
    hand = impl.Hand(impl.Rules.preset("tda", 1, 1, 2, 4), [1, 30, 30], deck=deck)
    assert hand.actor == 1 and hand.legal_actions() == [F, B, CO]
    hand.fold()
    # Seat 2 could not complete: nobody left could answer it.
    assert hand.actor == 2 and hand.legal_actions() == [F, B]
    hand.fold()
    assert hand.is_over and hand.payoffs == [2, -1, -1]
    hand = impl.Hand(wsop(impl, 1, 1, 2, 4), [1, 30, 30], deck=deck)
    assert hand.actor == 1 and hand.legal_actions() == [B, CO]


# --- the opener ------------------------------------------------------


def test_tda_rp_10d_equal_boards_open_by_the_highest_card_by_suit(impl):
    """Poker TDA 2024, Recommended Procedure 10-D (opener_ties="suit"):
    among equal boards the one holding the highest card by suit acts first;
    WSOP (opener_ties="seat") takes the lowest seat."""
    deck = stud_deck(["Jc Jd Kc Qc", "9c 9d 5d 3d", "9h 8s 5s 3h"])
    for preset, opener in (("tda", 2), ("wsop", 1)):
        rules = impl.Rules.preset(preset).replace(burn_cards=False)  # the deck as written
        hand = impl.Hand(rules, [50] * 3, deck=deck)
        play(hand, [B, C, C])
        assert hand.street == 4 and hand.actor == opener, preset


# --- Showdown --------------------------------------------------------------------


def test_tda_17a_with_no_seventh_street_bet_the_opener_shows_first(impl):
    """Poker TDA 2024, rule 17-A (showdown="opener"): with no bet on the last
    round, the player who would act first shows first; PokerStars
    ("seat") shows from the lowest seat."""
    deck = stud_deck(["Jc Jd Kc Qc Qd Jh", "9c 9d 5d 3d 2h Ah", "9h 8s 5s 4h 2s As"])
    for preset, order in (("tda", [1, 2, 0]), ("pokerstars", [0, 1, 2])):
        hand = impl.Hand(impl.Rules.preset(preset).replace(burn_cards=False), [50] * 3, deck=deck)
        play(hand, [B, C, C])
        while not hand.is_over:
            hand.check()
        assert hand.showdown_order == order, preset


# --- Odd chips -------------------------------------------------------------------


def odd_chip_tie(impl, odd_chip: str):
    """Seats 0 and 1 both make 5-4-3-2-A; seat 0 holds the A♣ (the lowest
    card), seat 1 the 5♠ (the highest card of the five). A 5-chip pot."""
    deck = stud_deck(["Ac 2c Kh 3c 4c 5c Qh", "Ad 2d Qd 3d 4d 5s Jd", "9h 9s Js"], folds={2: 3})
    hand = impl.Hand(impl.Rules(1, 1, 2, 4, odd_chip=odd_chip), [50] * 3, deck=deck)
    play(hand, [B, C, F])
    while not hand.is_over:
        hand.check()
    assert [(p.amount, p.winners) for p in hand.pots] == [(5, (0, 1))]
    return [(e.seat, e.amount) for e in kinds(hand, "award")]


def test_wsop_73_the_odd_chip_goes_to_the_highest_card_by_suit(impl):
    """WSOP Tournament Rules 2024, rule 73, and Poker TDA 2024, rule 20-B
    (odd_chip="high_card"): in stud games the odd chip goes to the high card
    by suit; here among the five cards of each tied hand, the 5♠."""
    assert odd_chip_tie(impl, "high_card") == [(0, 2), (1, 3)]


def test_roberts_rules_the_odd_chip_goes_to_the_lowest_card_by_suit(impl):
    """Robert's Rules of Poker (Ties, rule 5; odd_chip="low_card"): in low
    games the odd chip goes to the lowest card by suit, the A♣. "seat"
    gives it to seat 0 too."""
    assert odd_chip_tie(impl, "low_card") == [(0, 3), (1, 2)]
    assert odd_chip_tie(impl, "seat") == [(0, 3), (1, 2)]


# --- burns and the short deck ----------------------------------------


@pytest.mark.parametrize("players, community", [(7, False), (8, True)])
def test_tda_rp_10h_burns_are_gathered_back_before_a_community_card(impl, players, community):
    """Poker TDA 2024, Recommended Procedure 10-H, and WSOP Live Action Rules
    2024, rule 228 (which the Tournament Rules follow by their rule 129):
    when the stub cannot give the burn, a card to every player and a bottom
    card, the burns are added back and shuffled; only if that is still too
    few is one community card dealt."""
    hand = impl.Hand(impl.Rules(burn_cards=True), [100] * players, seed=5)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(B if B in legal else X if X in legal else C)
    assert len(kinds(hand, "reshuffle")) == 1
    assert (hand.community_cards != []) == community
    assert all(len(hand.down_cards(s)) == (2 if community else 3) for s in range(players))
