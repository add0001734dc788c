//! Sampled equity on one thread: the heads-up third-street spot of
//! benches/bench_equity.py, and a three-way spot on the general loop.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use razz_fast::parse_cards;
use razz_fast::{sample, Spot};

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
        let hands: Vec<Vec<u8>> = hands.iter().map(|h| parse_cards(h).unwrap()).collect();
        let spot = Spot::new(&hands, &[]).unwrap();
        g.bench_function(name, |b| b.iter(|| sample(&spot, trials, 1, Some(1))));
    }
    g.finish();
}

criterion_group!(benches, bench_sample);
criterion_main!(benches);
