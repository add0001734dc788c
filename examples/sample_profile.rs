//! A fixed sampled-equity workload for instruction counting and timing: the
//! spot of benches/bench_equity.py (As 2d 3c against 7s 8d 9h, third
//! street), one thread.
//!
//!     cargo build --release --example sample_profile
//!     valgrind --tool=callgrind target/release/examples/sample_profile 100000
//!
//! Run it with two sample counts and divide the difference in instructions
//! by the difference in samples to get instructions per sample without the
//! start-up cost. Without valgrind it prints samples per second.

use std::time::Instant;

use razz_fast::card::parse_cards;
use razz_fast::equity::{sample, Spot};

fn main() {
    let mut args = std::env::args().skip(1);
    let trials: u64 = args
        .next()
        .map_or(200_000, |n| n.parse().expect("a sample count"));
    let hands: Vec<Vec<u8>> = ["As 2d 3c", "7s 8d 9h"]
        .iter()
        .map(|h| parse_cards(h).unwrap())
        .collect();
    let spot = Spot::new(&hands, &[]).unwrap();
    let start = Instant::now();
    let tally = sample(&spot, trials, 1, Some(1));
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{:?} {:?} {:.1} M samples/s",
        &tally.shares[..2],
        &tally.wins[..2],
        trials as f64 / seconds / 1e6
    );
}
