//! The simulation loop on one thread: six players, check/call and tight.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::sync::atomic::AtomicBool;

use razz_fast::{builtin_only, simulate_chunks, Player, Rules, Strategy, Table, CHUNK};

fn bench_sim(c: &mut Criterion) {
    let stacks = [400u64; 6];
    let chunks = 16;
    let mut g = c.benchmark_group("simulate");
    g.throughput(Throughput::Elements(chunks * CHUNK));
    for (name, strategy) in [
        ("6 players check_call", Strategy::CheckCall),
        ("6 players tight", Strategy::Tight),
    ] {
        let players = [Player::Builtin(strategy); 6];
        let table = Table {
            rules: Rules::default(),
            stacks: &stacks,
            players: &players,
            seed: 1,
            hands: chunks * CHUNK,
        };
        g.bench_function(name, |b| {
            b.iter(|| {
                simulate_chunks(
                    &table,
                    0,
                    chunks,
                    Some(1),
                    &AtomicBool::new(false),
                    &builtin_only(),
                )
                .expect("one thread")
            });
        });
    }
    g.finish();
}

criterion_group!(benches, bench_sim);
criterion_main!(benches);
