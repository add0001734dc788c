//! The running-key enumerations shared by `benches/eval.rs` (timed) and
//! `examples/evalcount.rs` (instruction counts), so both measure the same
//! loops. Both rank every hand by its own key and one table lookup; they
//! differ in how the last cards join the key.

use razz_fast::LowKey;

/// Calls `f(key, e)` for every five cards whose lowest is below `first`
/// and whose highest, `e`, leaves two cards above it, with their key carried
/// one card a level.
#[inline(always)]
fn for_each_five(first: u8, mut f: impl FnMut(LowKey, u8)) {
    for a in 0..first {
        let k1 = LowKey::EMPTY.with(a);
        for b in a + 1..47 {
            let k2 = k1.with(b);
            for c in b + 1..48 {
                let k3 = k2.with(c);
                for d in c + 1..49 {
                    let k4 = k3.with(d);
                    for e in d + 1..50 {
                        f(k4.with(e), e);
                    }
                }
            }
        }
    }
}

/// The sum of the ranks of every seven-card hand whose lowest card is below
/// `first` (46: all C(52, 7) hands), by nested loops adding one card to a
/// running key per level.
#[inline(never)]
pub fn sum_ranks(first: u8) -> u64 {
    let mut total = 0u64;
    for_each_five(first, |k5, e| {
        for f in e + 1..51 {
            let k6 = k5.with(f);
            // Two last cards a step: half the loop branches and counter
            // updates per hand, measured about 20% faster than one card a
            // step. Each hand is still its own key and one lookup.
            let mut g = f + 1;
            while g < 51 {
                total += k6.with(g).rank() as u64 + k6.with(g + 1).rank() as u64;
                g += 2;
            }
            if g == 51 {
                total += k6.with(51).rank() as u64;
            }
        }
    });
    total
}

/// [`sum_ranks`] with the last two cards joined as one: the keys of every
/// pair of cards are made once, and each five-card prefix (carried one card
/// a level as above) is merged with the pairs above its highest card. The
/// innermost loop is then one long run per prefix instead of a short run
/// per six cards, the way an enumeration of two-card completions is written.
#[inline(never)]
pub fn sum_ranks_pair_keys(first: u8) -> u64 {
    // Pairs (f, g), f < g, by f from the highest down: those above card e
    // are the first C(51 − e, 2).
    let pairs: Vec<LowKey> = (0..51u8)
        .rev()
        .flat_map(|f| (f + 1..52).map(move |g| LowKey::EMPTY.with(f).with(g)))
        .collect();
    let mut total = 0u64;
    for_each_five(first, |k5, e| {
        let above = usize::from(51 - e) * usize::from(50 - e) / 2;
        // Two a step, as in `sum_ranks`.
        let (twos, rest) = pairs[..above].as_chunks::<2>();
        for [p, q] in twos {
            total += k5.merge(*p).rank() as u64 + k5.merge(*q).rank() as u64;
        }
        for p in rest {
            total += k5.merge(*p).rank() as u64;
        }
    });
    total
}
