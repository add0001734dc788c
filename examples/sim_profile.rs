//! A fixed simulation workload for instruction counting: six players, one
//! thread, one strategy for every seat.
//!
//!     cargo build --release --example sim_profile
//!     valgrind --tool=callgrind target/release/examples/sim_profile check_call 4
//!
//! Run it with two chunk counts and divide the difference by the difference
//! in hands to get instructions per hand without the start-up cost.

use std::sync::atomic::AtomicBool;

use razz_fast::{builtin_only, simulate_chunks, Player, Rules, Strategy, Table, CHUNK};

fn main() {
    let mut args = std::env::args().skip(1);
    let strategy = Strategy::from_name(&args.next().unwrap_or("check_call".into()))
        .expect("a built-in strategy name");
    let chunks: u64 = args.next().map_or(4, |c| c.parse().expect("a chunk count"));
    let stacks = [400u64; 6];
    let players = [Player::Builtin(strategy); 6];
    let table = Table {
        rules: Rules::default(),
        stacks: &stacks,
        players: &players,
        seed: 1,
        hands: chunks * CHUNK,
    };
    let totals = simulate_chunks(
        &table,
        0,
        chunks,
        Some(1),
        &AtomicBool::new(false),
        &builtin_only(),
    )
    .expect("one thread");
    println!(
        "{:?} {} {:?}",
        totals.net,
        totals.showdowns,
        &totals.winning_ranks.iter().sum::<u64>()
    );
}
