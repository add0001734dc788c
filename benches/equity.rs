//! Equity on the core: exact heads-up third street on one thread (the spots
//! of the plain-Rust measuring stick the speed work compared against), heads-up against a
//! random hand, three- and four-way third street on two threads; sampled
//! heads-up and three-way on one thread.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use razz_fast::parse_cards;
use razz_fast::{exact, sample, Spot};

fn spot(hands: &[&str], dead: &str) -> Spot {
    let hands: Vec<Vec<u8>> = hands.iter().map(|h| parse_cards(h).unwrap()).collect();
    Spot::new(&hands, &parse_cards(dead).unwrap()).unwrap()
}

fn bench_exact(c: &mut Criterion) {
    let mut g = c.benchmark_group("exact equity");
    g.sample_size(10);
    for (name, hands, dead, threads) in [
        ("A23 v 456, 1 thread", ["Ah 2d 3c", "4s 5h 6d"], "", 1),
        ("A2K v 678, 1 thread", ["As 2s Kd", "6c 7c 8h"], "", 1),
        (
            "A23 v A24 dead 2c 3h 7s 9d, 1 thread",
            ["Ac 2d 3s", "Ad 2h 4c"],
            "2c 3h 7s 9d",
            1,
        ),
        ("55A v 789, 1 thread", ["5c 5d As", "7h 8d 9c"], "", 1),
        ("A23 v upcard 4, 1 thread", ["Ah 2d 3c", "4s"], "", 1),
        ("A23 v a random hand, 1 thread", ["Ah 2d 3c", ""], "", 1),
    ] {
        let s = spot(&hands, dead);
        g.bench_function(name, |b| b.iter(|| exact(&s, Some(threads))));
    }
    let three = spot(&["As 2d 3c", "4h 5h 6s", "7c 8d 9h"], "");
    g.bench_function("three-way third street, 2 threads", |b| {
        b.iter(|| exact(&three, Some(2)));
    });
    g.finish();
}

fn bench_sample(c: &mut Criterion) {
    let trials = 16 * 4096;
    let mut g = c.benchmark_group("sampled equity");
    g.throughput(Throughput::Elements(trials));
    for (name, hands) in [
        ("heads-up third street", &["As 2d 3c", "7s 8d 9h"][..]),
        (
            "three-way third street",
            &["As 2d 3c", "4h 5h 6s", "7c 8d 9h"][..],
        ),
    ] {
        let s = spot(hands, "");
        g.bench_function(name, |b| b.iter(|| sample(&s, trials, 1, Some(1))));
    }
    g.finish();
}

criterion_group!(benches, bench_exact, bench_sample);
criterion_main!(benches);
