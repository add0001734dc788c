//! A small driver for deterministic instruction counts of the evaluator hot
//! paths (`valgrind --tool=callgrind --toggle-collect='*measure_*'`), and for
//! rough timings: `cargo run --release --example evalcount -- arrays|keys|pairs|many [n]`.

use std::hint::black_box;
use std::time::Instant;

use razz_fast::rank_unchecked;

#[path = "../benches/common/enumerate.rs"]
mod enumerate;

fn random_hands(n: usize) -> Vec<[u8; 7]> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut deck: Vec<u8> = (0..52).collect();
    (0..n)
        .map(|_| {
            for j in 0..7 {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let pick = j + (state >> 33) as usize % (52 - j);
                deck.swap(j, pick);
            }
            deck[..7].try_into().unwrap()
        })
        .collect()
}

#[inline(never)]
fn measure_arrays(hands: &[[u8; 7]]) -> u64 {
    hands
        .iter()
        .map(|h| {
            let h: &[u8; 7] = black_box(h);
            rank_unchecked(h) as u64
        })
        .sum()
}

/// The enumeration the criterion bench times (named `measure_*` for callgrind).
#[inline(never)]
fn measure_keys(first: u8) -> u64 {
    enumerate::sum_ranks(first)
}

#[inline(never)]
fn measure_pair_keys(first: u8) -> u64 {
    enumerate::sum_ranks_pair_keys(first)
}

#[inline(never)]
fn measure_many(cards: &[u8], out: &mut [u16]) {
    razz_fast::rank_many(cards, 7, out, Some(1)).unwrap();
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("arrays", |s| s.as_str());
    let n: usize = args.get(2).map_or(1 << 16, |s| s.parse().unwrap());
    let reps: usize = args.get(3).map_or(1, |s| s.parse().unwrap());
    let hands = random_hands(n);
    let flat: Vec<u8> = hands.iter().flatten().copied().collect();
    let mut out = vec![0u16; n];
    let start = Instant::now();
    let (count, check) = match mode {
        "arrays" => {
            let mut s = 0;
            for _ in 0..reps {
                s += measure_arrays(&hands);
            }
            (n * reps, s)
        }
        "keys" | "pairs" => {
            let first = n.min(46) as u8;
            let mut s = 0;
            for _ in 0..reps {
                // black_box: without it the repeated calls, pure, fold into one.
                let first = std::hint::black_box(first);
                s += if mode == "keys" {
                    measure_keys(first)
                } else {
                    measure_pair_keys(first)
                };
            }
            // Hands whose lowest card is below `first`.
            let all = |m: u64| (0..7).fold(1u64, |p, i| p * (m - i) / (i + 1));
            ((all(52) - all(52 - first as u64)) as usize * reps, s)
        }
        "many" => {
            for _ in 0..reps {
                measure_many(&flat, &mut out);
            }
            (n * reps, out.iter().map(|&r| r as u64).sum())
        }
        _ => panic!("mode: arrays | keys | pairs | many"),
    };
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{mode}: {count} hands, {:.1} M/s, checksum {check}",
        count as f64 / secs / 1e6
    );
}
