//! A fixed `Tables` workload for instruction counting and profiling: six
//! caller-decided seats, 4096 tables unless told, one thread, a uniform random legal
//! action each step (chosen in Rust, so only the tables' own cost counts),
//! observations written every step.
//!
//!     cargo build --release --example tables_profile
//!     valgrind --tool=callgrind target/release/examples/tables_profile 20 [TABLES]
//!
//! Run it with two step counts and divide the difference by the difference
//! in decisions to get instructions per decision without the start-up cost.

use razz_fast::obs::SLOTS;
use razz_fast::{Action, Obs, Player, Rng, Rules, Tables};

const PLAYERS: usize = 6;

fn main() {
    let mut args = std::env::args().skip(1);
    let steps: usize = args.next().map_or(20, |s| s.parse().expect("a step count"));
    let t: usize = args
        .next()
        .map_or(4096, |s| s.parse().expect("a table count"));
    let (p, a) = (PLAYERS, Action::ALL.len());
    let mut tables = Tables::new(
        Rules::default(),
        &[400; PLAYERS],
        &[Player::Batch(0); PLAYERS],
        t,
        1,
        0,
        u64::MAX,
        Some(1),
    )
    .expect("valid tables");
    let (mut actor, mut street, mut community) = (vec![0i8; t], vec![0i8; t], vec![0i8; t]);
    let (mut to_call, mut pot) = (vec![0i64; t], vec![0i64; t]);
    let mut legal = vec![0u8; t * a];
    let (mut stacks, mut bets) = (vec![0i64; t * p], vec![0i64; t * p]);
    let (mut folded, mut all_in) = (vec![0u8; t * p], vec![0u8; t * p]);
    let mut cards = vec![0i8; t * p * SLOTS];
    let mut rng = Rng::new(7);
    let mut actions = vec![0i64; t];
    let mut decisions = 0usize;
    for step in 0..=steps {
        if step > 0 {
            for (row, action) in actions.iter_mut().enumerate() {
                let flags = &legal[row * a..(row + 1) * a];
                let n = flags.iter().filter(|&&f| f != 0).count();
                let mut pick = if n == 0 { 0 } else { rng.below(n) };
                *action = 0;
                for (i, &f) in flags.iter().enumerate() {
                    if f != 0 {
                        if pick == 0 {
                            *action = i as i64;
                            break;
                        }
                        pick -= 1;
                    }
                }
            }
            decisions += actor.iter().filter(|&&x| x >= 0).count();
        }
        let obs = Obs {
            players: p,
            actor: &mut actor,
            street: &mut street,
            to_call: &mut to_call,
            pot: &mut pot,
            legal: &mut legal,
            stacks: &mut stacks,
            bets: &mut bets,
            folded: &mut folded,
            all_in: &mut all_in,
            cards: &mut cards,
            community: &mut community,
        };
        if step == 0 {
            tables.observe(obs);
        } else {
            tables
                .step(&actions, None, Some(obs))
                .expect("legal actions");
        }
    }
    println!("{decisions} decisions, {} hands", tables.hands_played());
}
