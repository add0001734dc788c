//! The simulation loop on one thread: six players, check/call and tight.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use razz_fast::Strategy;
use razz_fast::{simulate_chunks, Player, Table, CHUNK};
use razz_fast::{Action, Hand, Rules};

fn never(_: usize, _: &Hand) -> Result<Action, std::convert::Infallible> {
    unreachable!("only built-in strategies here")
}

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
            b.iter(|| simulate_chunks(&table, 0, chunks, Some(1), &never).unwrap())
        });
    }
    g.finish();
}

criterion_group!(benches, bench_sim);
criterion_main!(benches);
