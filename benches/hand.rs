//! The core hand engine alone: complete six-player hands with random legal
//! actions, reusing one `Hand` through `reset` as a simulation loop would.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use razz_fast::Rng;
use razz_fast::{Action, DeckSource, Hand, Rules};

const HANDS: u64 = 10_000;

fn play(
    hand: &mut Hand,
    rng: &mut Rng,
    seed: u64,
    stacks: &[u64],
    policy: fn(&Hand, &mut Rng) -> Action,
) -> i64 {
    hand.reset(stacks, DeckSource::Seed(seed));
    while !hand.is_over() {
        let action = policy(hand, rng);
        hand.act(action).expect("the policy picks a legal action");
    }
    hand.payoffs()[0]
}

fn random_policy(hand: &Hand, rng: &mut Rng) -> Action {
    let legal = hand.legal_actions();
    legal
        .iter()
        .nth(rng.below(legal.len()))
        .expect("a live hand has actions")
}

fn check_call(hand: &Hand, _: &mut Rng) -> Action {
    let legal = hand.legal_actions();
    [Action::BringIn, Action::Check, Action::Call]
        .into_iter()
        .find(|&a| legal.contains(a))
        .expect("one of them is always legal")
}

fn bench_hands(c: &mut Criterion) {
    let rules = Rules {
        ante: 1,
        bring_in: 2,
        small_bet: 4,
        big_bet: 8,
        ..Rules::default()
    };
    let stacks = [200u64; 6];
    let mut g = c.benchmark_group("hand");
    g.throughput(Throughput::Elements(HANDS));
    for (name, policy) in [
        (
            "6 players, random legal actions",
            random_policy as fn(&Hand, &mut Rng) -> Action,
        ),
        ("6 players, check/call", check_call),
    ] {
        let mut hand = Hand::new(rules, &stacks, DeckSource::Seed(0)).unwrap();
        let mut rng = Rng::new(1);
        let mut seed = 0;
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut total = 0;
                for _ in 0..HANDS {
                    seed += 1;
                    total += play(&mut hand, &mut rng, seed, &stacks, policy);
                }
                black_box(total)
            });
        });
    }
    g.finish();
}

criterion_group!(benches, bench_hands);
criterion_main!(benches);
