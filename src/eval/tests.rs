//! Exhaustive and property checks of the evaluator against the rule text.

use super::*;

/// Independent check: the best of every five-card subset, compared by
/// (category, display ranks) — the rules of hand values, directly.
fn brute_force(counts: &[u8; 13]) -> Rank {
    let cards: Vec<u8> = (0..13u8)
        .flat_map(|r| std::iter::repeat_n(r, counts[r as usize] as usize))
        .collect();
    let n = cards.len();
    let mut best = u16::MAX;
    for skip in 0..(1u32 << n) {
        if skip.count_ones() as usize != n - 5 {
            continue;
        }
        let mut c5 = [0u8; 13];
        for (i, &r) in cards.iter().enumerate() {
            if skip >> i & 1 == 0 {
                c5[r as usize] += 1;
            }
        }
        best = best.min(rank_of_low(&best_low(&c5)));
    }
    best
}

fn low_from(text: &str) -> [u8; 13] {
    let mut counts = [0; 13];
    for ch in text.split('-') {
        let r = crate::card::RANK_CHARS
            .iter()
            .position(|&c| c == ch.as_bytes()[0])
            .unwrap();
        counts[r] += 1;
    }
    counts
}

fn cards_of(counts: &[u8; 13]) -> Vec<Card> {
    (0..13u8)
        .flat_map(|r| (0..counts[r as usize]).map(move |s| r * 4 + s))
        .collect()
}

#[test]
fn five_card_ranks_are_a_bijection_in_rule_order() {
    let mut seen = vec![false; NUM_RANKS + 1];
    let mut lows = Vec::new();
    for_each_rank_multiset(5, &mut |counts| {
        let low = best_low(counts);
        let r = rank_of_low(&low) as usize;
        assert!((1..=NUM_RANKS).contains(&r));
        assert!(!seen[r], "rank {r} twice");
        seen[r] = true;
        lows.push((r, low));
    });
    assert_eq!(lows.len(), NUM_RANKS);
    // Rank order is (category, display ranks) order, lower better.
    lows.sort_by_key(|&(r, _)| r);
    for w in lows.windows(2) {
        let key = |l: &Low| (l.category, l.ranks);
        assert!(key(&w[0].1) < key(&w[1].1), "{:?} vs {:?}", w[0], w[1]);
    }
    assert_eq!(describe_rank(1).unwrap(), "5-4-3-2-A (five-four low)");
    assert_eq!(describe_rank(6175).unwrap(), "K-K-K-K-Q (four kings)");
}

#[test]
fn the_hash_reads_inside_its_table_for_any_key() {
    // Partial, overfull or garbage keys give some rank and never read
    // outside the table (the const check proves it; this exercises it).
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for key in (0..1u32 << 16).chain([u32::MAX, u32::MAX - 1, 1 << 31]) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        for k in [key, state as u32, (state >> 32) as u32] {
            assert!(rank_of_key(k) <= WORST_RANK);
        }
    }
    let key = [0u8, 4, 8].iter().fold(LowKey::EMPTY, |k, &c| k.with(c));
    assert_eq!((key.len(), key.is_empty()), (3, false));
    assert_eq!(key.with(1).ranks(), 0b111);
    assert!(LowKey::EMPTY.is_empty());
    // Cards past the deck add nothing.
    assert_eq!(key.with(52).with(255), key);
}

#[test]
fn every_multiset_matches_brute_force_and_fast_paths() {
    for n in 5..=7u8 {
        let mut count = 0;
        for_each_rank_multiset(n, &mut |counts| {
            count += 1;
            let expect = brute_force(counts);
            let cards = cards_of(counts);
            assert_eq!(rank_unchecked(&cards), expect, "{counts:?}");
            let key = cards.iter().fold(LowKey::EMPTY, |k, &c| k.with(c));
            assert_eq!(key.rank(), expect);
            assert_eq!(key.len(), n as u32);
            // Split anywhere and merged back, the key is the same.
            for cut in 0..=cards.len() {
                let (a, b) = cards.split_at(cut);
                let part = |cs: &[u8]| cs.iter().fold(LowKey::EMPTY, |k, &c| k.with(c));
                assert_eq!(part(a).merge(part(b)), key, "{counts:?} cut {cut}");
            }
        });
        assert_eq!(count, [6175, 18395, 49205][n as usize - 5]);
    }
}

#[test]
fn seven_card_frequencies_match_the_table() {
    let mut by_class = std::collections::BTreeMap::new();
    let (mut wheel64, mut eight_seven) = (0u64, 0u64);
    for_each_rank_multiset(7, &mut |counts| {
        let ways: u64 = counts.iter().map(|&c| binom(4, c as u32) as u64).product();
        let low = best_low(counts);
        let class = match low.category {
            Category::NoPair => format!("{}-low", low.ranks[0]),
            c => format!("{c:?}"),
        };
        *by_class.entry(class).or_insert(0u64) += ways;
        let d = describe_low(&low);
        if d.starts_with("6-4-3-2-A ") {
            wheel64 += ways;
        }
        if d.starts_with("8-7-6-5-4 ") {
            eight_seven += ways;
        }
    });
    let expect = [
        ("4-low", 781_824),
        ("5-low", 3_151_360),
        ("6-low", 7_426_560),
        ("7-low", 13_171_200),
        ("8-low", 19_174_400),
        ("9-low", 23_675_904),
        ("10-low", 24_837_120),
        ("11-low", 21_457_920),
        ("12-low", 13_939_200),
        ("OnePair", 5_948_800),
        ("TwoPair", 219_648),
        ("FullHouse", 624),
    ];
    for (k, v) in expect {
        assert_eq!(by_class.get(k).copied(), Some(v), "{k}");
    }
    assert_eq!(by_class.len(), expect.len());
    assert_eq!(by_class.values().sum::<u64>(), 133_784_560);
    assert_eq!(wheel64, 630_272);
    assert_eq!(eight_seven, 376_320);
}

#[test]
fn worked_order_and_paired_traps() {
    let order = [
        "3-3-3-5-5",
        "K-K-4-3-2",
        "2-2-7-6-5",
        "A-A-T-9-8",
        "K-Q-J-T-9",
        "K-Q-J-T-7",
        "9-8-7-6-5",
        "9-7-6-5-3",
        "9-7-6-5-A",
        "6-5-4-3-2",
        "6-4-3-2-A",
        "5-4-3-2-A",
    ];
    let ranks: Vec<Rank> = order
        .iter()
        .map(|h| rank_of_low(&best_low(&low_from(h))))
        .collect();
    assert!(ranks.windows(2).all(|w| w[0] > w[1]), "{ranks:?}");
    let r = |h: &str| rank_unchecked(&cards_of(&low_from(h)));
    assert!(r("A-3-5-7-8") > r("A-3-5-6-8"));
    assert!(r("A-2-3-5-6") < r("A-2-4-5-6"));
    assert!(r("Q-Q-Q-J-J-J-2") > r("K-K-K-7-7-3-3"));
    assert!(r("Q-Q-Q-5-5-5-5") < r("7-7-7-7-K-K-K"));
}

#[test]
fn best_five_and_describe() {
    let cards = crate::card::parse_cards("Ac Ad As 2c 3c 4c Kh").unwrap();
    assert_eq!(
        crate::card::format_cards(&best_five(&cards).unwrap()),
        "Kh 4c 3c 2c Ac"
    );
    let cards = crate::card::parse_cards("Qc Qd Qh Jc Jd Jh 2s").unwrap();
    assert_eq!(
        describe_cards(&cards).unwrap(),
        "Q-Q-J-J-2 (two pair, queens and jacks)"
    );
    assert!(rank(&cards[..4]).is_err());
    assert!(rank(&[0, 0, 1, 2, 3]).is_err());
    assert!(low_of_rank(0).is_err() && low_of_rank(6176).is_err());
}

mod properties {
    use super::*;
    use proptest::prelude::*;
    use proptest::sample::subsequence;

    /// 5 to 7 distinct cards in random order.
    fn hand() -> impl Strategy<Value = Vec<Card>> {
        (5usize..=7)
            .prop_flat_map(|n| subsequence((0..52u8).collect::<Vec<_>>(), n))
            .prop_shuffle()
    }

    proptest! {
        #[test]
        fn suits_and_order_never_matter(cards in hand(), perm in Just([0u8, 1, 2, 3]).prop_shuffle(), rot in 0usize..7) {
            let mut moved: Vec<Card> = cards.iter().map(|&c| (c & !3) | perm[(c & 3) as usize]).collect();
            let n = moved.len();
            moved.rotate_left(rot % n);
            prop_assert_eq!(rank(&cards).unwrap(), rank(&moved).unwrap());
        }

        #[test]
        fn another_card_never_makes_a_low_worse(cards in hand(), extra in 0u8..52) {
            prop_assume!(cards.len() < 7 && !cards.contains(&extra));
            let mut more = cards.clone();
            more.push(extra);
            prop_assert!(rank(&more).unwrap() <= rank(&cards).unwrap());
        }

        #[test]
        fn no_pair_always_beats_a_pair(a in hand(), b in hand()) {
            let (ra, rb) = (rank(&a).unwrap(), rank(&b).unwrap());
            let unpaired = |r: Rank| r <= 1287;
            if unpaired(ra) && !unpaired(rb) {
                prop_assert!(ra < rb);
            }
            let best = best_five(&a).unwrap();
            prop_assert_eq!(rank(&best).unwrap(), ra);
        }
    }
}
