//! A fixed sampled-equity workload for instruction counting and timing: by
//! default the spot of benches/bench_equity.py (As 2d 3c against 7s 8d 9h,
//! third street), or the hands given after the sample count; one thread.
//!
//!     cargo build --release --example sample_profile
//!     valgrind --tool=callgrind target/release/examples/sample_profile 100000
//!     target/release/examples/sample_profile 100000 "As 2d 3c" "4h 5h 6s" "7c 8d 9h"
//!
//! Run it with two sample counts and divide the difference in instructions
//! by the difference in samples to get instructions per sample without the
//! start-up cost. Without valgrind it prints samples per second.

use std::time::Instant;

use razz_fast::parse_cards;
use razz_fast::{sample, Spot};

fn main() {
    let mut args = std::env::args().skip(1);
    let trials: u64 = args
        .next()
        .map_or(200_000, |n| n.parse().expect("a sample count"));
    let mut hands: Vec<String> = args.collect();
    if hands.is_empty() {
        hands = vec!["As 2d 3c".into(), "7s 8d 9h".into()];
    }
    let hands: Vec<Vec<u8>> = hands.iter().map(|h| parse_cards(h).unwrap()).collect();
    let spot = Spot::new(&hands, &[]).unwrap();
    let start = Instant::now();
    let tally = sample(&spot, trials, 1, Some(1)).expect("one thread");
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{:?} {:?} {:.1} M samples/s",
        &tally.shares[..hands.len()],
        &tally.wins[..hands.len()],
        trials as f64 / seconds / 1e6
    );
}
