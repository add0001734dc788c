//! Core evaluator throughput: random seven-card hands from card arrays (one
//! call per hand, and the checked batch behind `rank_many`), and
//! every seven-card hand enumerated with running keys (one lookup per hand),
//! one card a step and with the last two cards joined as a pair key.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use razz_fast::rank_many;
use razz_fast::rank_unchecked;

#[path = "common/enumerate.rs"]
mod enumerate;

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
    g.bench_function("random 7-card arrays, one at a time", |b| {
        b.iter(|| {
            hands
                .iter()
                .map(|h| {
                    let h: &[u8; 7] = black_box(h);
                    rank_unchecked(h) as u64
                })
                .sum::<u64>()
        });
    });
    // The validated batch path behind `rank_many`, on one thread: every
    // card checked, keys summed in vector registers where the CPU has AVX2.
    let flat: Vec<u8> = hands.concat();
    let mut ranks = vec![0; hands.len()];
    g.bench_function("random 7-card arrays, checked batch", |b| {
        b.iter(|| {
            rank_many(black_box(&flat), 7, &mut ranks, Some(1)).unwrap();
            ranks[ranks.len() - 1]
        });
    });
    g.finish();
}

fn bench_running_keys(c: &mut Criterion) {
    // Both loops rank the same hands (a sanity check, not a test).
    assert_eq!(enumerate::sum_ranks(3), enumerate::sum_ranks_pair_keys(3));
    let mut g = c.benchmark_group("eval");
    g.sample_size(10);
    g.throughput(Throughput::Elements(133_784_560));
    g.bench_function("all 7-card hands, running keys", |b| {
        b.iter(|| black_box(enumerate::sum_ranks(black_box(46))));
    });
    g.bench_function("all 7-card hands, running keys + pair keys", |b| {
        b.iter(|| black_box(enumerate::sum_ranks_pair_keys(black_box(46))));
    });
    g.finish();
}

criterion_group!(benches, bench_arrays, bench_running_keys);
criterion_main!(benches);
