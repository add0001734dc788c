//! Core evaluator throughput: random seven-card hands from card arrays, and
//! every seven-card hand enumerated with running keys (one lookup per hand).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use razz_fast::eval::{rank_unchecked, LowKey};

fn random_hands(n: usize) -> Vec<[u8; 7]> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut deck: Vec<u8> = (0..52).collect();
    (0..n)
        .map(|_| {
            let (hand, _) = deck.partial_shuffle(&mut rng, 7);
            hand.try_into().unwrap()
        })
        .collect()
}

fn bench_arrays(c: &mut Criterion) {
    let hands = random_hands(1 << 20);
    let mut g = c.benchmark_group("eval");
    g.throughput(Throughput::Elements(hands.len() as u64));
    g.bench_function("random 7-card arrays", |b| {
        b.iter(|| {
            hands
                .iter()
                .map(|h| {
                    let h: &[u8; 7] = black_box(h);
                    rank_unchecked(h) as u64
                })
                .sum::<u64>()
        })
    });
    g.finish();
}

/// All C(52, 7) hands by nested loops, adding one card to a running key per level.
fn enumerate_all() -> u64 {
    let mut total = 0u64;
    let k0 = LowKey::EMPTY;
    for a in 0..46u8 {
        let k1 = k0.with(a);
        for b in a + 1..47 {
            let k2 = k1.with(b);
            for c in b + 1..48 {
                let k3 = k2.with(c);
                for d in c + 1..49 {
                    let k4 = k3.with(d);
                    for e in d + 1..50 {
                        let k5 = k4.with(e);
                        for f in e + 1..51 {
                            let k6 = k5.with(f);
                            for g in f + 1..52 {
                                total += k6.with(g).rank() as u64;
                            }
                        }
                    }
                }
            }
        }
    }
    total
}

fn bench_running_keys(c: &mut Criterion) {
    let mut g = c.benchmark_group("eval");
    g.sample_size(10);
    g.throughput(Throughput::Elements(133_784_560));
    g.bench_function("all 7-card hands, running keys", |b| {
        b.iter(|| black_box(enumerate_all()))
    });
    g.finish();
}

criterion_group!(benches, bench_arrays, bench_running_keys);
criterion_main!(benches);
