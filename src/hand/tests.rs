//! Invariants under random play, and a few rules checked directly; the full
//! rule-by-rule suite runs from Python against the core and the reference.

use super::showing::showing_value;
use super::*;
use crate::card::parse_cards;
use crate::rng::Rng;
use crate::rules::{AnteAllIn, HeadsUp, OddChip, OpenerTies, Reopen, ShortBringIn, Showdown};

fn deck_with(front: &str) -> [Card; DECK_SIZE] {
    let mut deck = parse_cards(front).unwrap();
    for c in 0..DECK_SIZE as Card {
        if !deck.contains(&c) {
            deck.push(c);
        }
    }
    deck.try_into().unwrap()
}

fn check_invariants(hand: &Hand) {
    let total: u64 = hand.starting_stacks().iter().sum();
    assert_eq!(hand.stacks().iter().sum::<u64>() + hand.pot(), total);
    let mut seen = 0u64;
    let mut count = 0;
    for s in 0..hand.num_players() {
        for &c in hand.down_cards(s).iter().chain(hand.up_cards(s)) {
            assert_eq!(seen & 1 << c, 0, "card {c} twice");
            seen |= 1 << c;
            count += 1;
        }
        let expect_up = match hand.street() {
            Some(street) if !hand.folded(s) => (street as usize - 2).min(4),
            _ => hand.up_cards(s).len(),
        };
        assert_eq!(hand.up_cards(s).len(), expect_up);
        // The packed cards hold the same cards, 0xFF past those dealt.
        let (up, down) = hand.packed_cards(s);
        let padded = |cards: &[Card]| {
            let mut bytes = [0xFF; 4];
            bytes[..cards.len()].copy_from_slice(cards);
            u32::from_le_bytes(bytes)
        };
        assert_eq!(up, padded(hand.up_cards(s)));
        assert_eq!(down, padded(hand.down_cards(s)));
        // The running values kept as cards are dealt equal the values
        // computed from scratch.
        let up = hand.up_cards(s);
        assert_eq!(hand.showing(s).value(), showing_value(up));
        let mine: Vec<Card> = hand
            .down_cards(s)
            .iter()
            .chain(up)
            .chain(hand.community_cards())
            .copied()
            .collect();
        let key = mine.iter().fold(LowKey::EMPTY, |k, &c| k.with(c));
        assert_eq!(hand.low_key(s), key);
        if mine.len() == 7 {
            assert_eq!(key.rank(), crate::eval::rank(&mine).unwrap());
        }
    }
    for &c in hand.community_cards() {
        assert_eq!(seen & 1 << c, 0);
        count += 1;
    }
    assert!(count <= 52);
    if hand.is_over() {
        assert_eq!(hand.payoffs().iter().sum::<i64>(), 0);
        assert!(hand.actor().is_none() && hand.legal_actions().is_empty());
    } else {
        assert!(hand.actor().is_some() && !hand.legal_actions().is_empty());
    }
}

#[test]
fn random_play_keeps_every_invariant() {
    let mut rng = Rng::new(2026);
    for i in 0..3000u64 {
        let n = 2 + rng.below(7);
        let rules = Rules {
            ante: rng.below(3) as u64,
            bring_in: 1 + rng.below(2) as u64,
            small_bet: 2 + rng.below(2) as u64,
            big_bet: 4 + rng.below(3) as u64,
            cap: [Some(4), Some(1), None, Some(5)][rng.below(4)],
            heads_up: HeadsUp::ALL[rng.below(3)],
            reopen: Reopen::ALL[rng.below(2)],
            short_bring_in: ShortBringIn::ALL[rng.below(2)],
            ante_all_in: AnteAllIn::ALL[rng.below(2)],
            opener_ties: OpenerTies::ALL[rng.below(2)],
            burn_cards: rng.below(2) == 1,
            showdown: Showdown::ALL[rng.below(2)],
            odd_chip: OddChip::ALL[rng.below(3)],
        };
        let stacks: Vec<u64> = (0..n).map(|_| 1 + rng.below(60) as u64).collect();
        let mut hand = Hand::new(rules, &stacks, DeckSource::Seed(i)).unwrap();
        check_invariants(&hand);
        while !hand.is_over() {
            // Every illegal action is refused and changes nothing.
            let legal = hand.legal_actions();
            for action in Action::ALL {
                if !legal.contains(action) {
                    let before = hand.clone();
                    assert!(matches!(hand.act(action), Err(Error::IllegalAction(_))));
                    assert_eq!(hand, before);
                }
            }
            let choices: Vec<Action> = legal.iter().collect();
            hand.act(choices[rng.below(choices.len())]).unwrap();
            check_invariants(&hand);
        }
        assert!(hand.act(Action::Check).is_err());
    }
}

#[test]
fn bring_in_goes_by_suit_between_kings() {
    // Two players: seat 0 shows K♥, seat 1 shows K♠: seat 1 brings in.
    let deck = deck_with("2c 3c 4c 5c Kh Ks");
    let hand = Hand::new(Rules::default(), &[50, 50], DeckSource::Cards(deck)).unwrap();
    assert_eq!(hand.actor(), Some(1));
    let names: Vec<Action> = hand.legal_actions().iter().collect();
    assert_eq!(names, vec![Action::BringIn, Action::Complete]);
}

#[test]
fn eight_players_to_seventh_street_share_a_community_card() {
    for burn_cards in [false, true] {
        let rules = Rules {
            burn_cards,
            ..Rules::default()
        };
        let mut hand = Hand::new(rules, &[100; 8], DeckSource::Seed(5)).unwrap();
        while !hand.is_over() {
            let a = if hand.legal_actions().contains(Action::BringIn) {
                Action::BringIn
            } else if hand.legal_actions().contains(Action::Check) {
                Action::Check
            } else {
                Action::Call
            };
            hand.act(a).unwrap();
        }
        assert_eq!(hand.community_cards().len(), 1);
        assert_eq!(hand.showdown_order().len(), 8);
        let reshuffled = hand
            .history()
            .iter()
            .any(|e| e.kind == EventKind::Reshuffle);
        assert_eq!(reshuffled, burn_cards);
        assert_eq!(hand.payoffs().iter().sum::<i64>(), 0);
    }
}

#[test]
fn reset_plays_the_same_hand_as_new() {
    let mut a = Hand::new(Rules::default(), &[30, 40, 50], DeckSource::Seed(1)).unwrap();
    a.act(Action::BringIn).unwrap();
    a.reset(&[30, 40, 50], DeckSource::Seed(9));
    let b = Hand::new(Rules::default(), &[30, 40, 50], DeckSource::Seed(9)).unwrap();
    assert_eq!(a, b);
}

/// Other down cards put in a seat read as a hand dealt them: the same
/// running key, down cards and (own) history as the hand dealt from a deck
/// with those cards swapped in and played the same way.
#[test]
fn set_down_cards_reads_as_the_hand_dealt_them() {
    let mut rng = Rng::new(17);
    let mut checked = 0;
    for deal in 0..300u64 {
        let mut deck: [Card; DECK_SIZE] = std::array::from_fn(|i| i as Card);
        rng.shuffle_deck(&mut deck);
        let mut hand = Hand::new(Rules::default(), &[40, 40], DeckSource::Cards(deck)).unwrap();
        let mut actions = Vec::new();
        let stop = rng.below(12);
        while hand.actor().is_some() && actions.len() < stop {
            let legal = hand.legal_actions();
            let action = legal.nth(rng.below(legal.len())).unwrap();
            hand.act(action).unwrap();
            actions.push(action);
        }
        let Some(seat) = hand.actor() else { continue };
        let old: Vec<Card> = hand.down_cards(seat).to_vec();
        // New down cards from the cards nobody was dealt (past the dealt part).
        let fresh: Vec<Card> = deck[30 + (deal as usize % 10)..][..old.len()].to_vec();
        let mut swapped = deck;
        for (&o, &f) in old.iter().zip(&fresh) {
            let (i, j) = (
                swapped.iter().position(|&c| c == o).unwrap(),
                swapped.iter().position(|&c| c == f).unwrap(),
            );
            swapped.swap(i, j);
        }
        let mut dealt = Hand::new(Rules::default(), &[40, 40], DeckSource::Cards(swapped)).unwrap();
        for &a in &actions {
            dealt.act(a).unwrap();
        }
        let put = hand.with_down_cards(seat, &fresh).unwrap();
        assert_eq!(put.down_cards(seat), dealt.down_cards(seat));
        assert_eq!(put.low_key(seat), dealt.low_key(seat));
        assert_eq!(put.legal_actions(), dealt.legal_actions());
        assert_eq!(put.history(), dealt.history());
        // Without a history, the same key.
        let mut quiet = hand.clone();
        quiet.set_record_history(false);
        quiet.set_down_cards(seat, &fresh).unwrap();
        assert_eq!(quiet.low_key(seat), dealt.low_key(seat));
        checked += 1;
        // chips_for: what each legal action moves, while the round goes on.
        for action in hand.legal_actions().iter() {
            let mut after = hand.clone();
            let before = after.contributed(seat);
            after.act(action).unwrap();
            if after.street() == hand.street() && !after.is_over() {
                assert_eq!(after.contributed(seat) - before, hand.chips_for(action));
            }
        }
    }
    assert!(checked > 100);
    let mut hand = Hand::new(Rules::default(), &[40, 40], DeckSource::Seed(1)).unwrap();
    assert_eq!(
        hand.set_down_cards(0, &[1]).unwrap_err().to_string(),
        "seat 0 holds 2 down cards, got 1 to put there"
    );
    assert!(hand.set_down_cards(5, &[1, 2]).is_err());
}
