//! Rank multisets: the counts of each of the 13 ranks in a set of cards,
//! enumerated. Suits never matter to a low, so both the evaluator's tables
//! (built by `build.rs`, which compiles this file as a module of its own)
//! and exact equity walk these. Standalone on purpose: it uses nothing of
//! the crate, so the build script can compile it before the crate exists.

/// Calls `f` with the counts of every multiset of `size` ranks holding at
/// most `limits[r]` of rank `r`, and its (rank, count) entries of the ranks
/// present, rank order (kept as the walk goes, so a caller that wants
/// them need not scan all 13 counts), in lexicographic order of the counts,
/// rank 0 first: each rank from its fewest (`most_first` false) or its
/// most. The order is part of the contract: exact equity numbers its units
/// of work by it. Generic, so that the caller's `f` is inlined into the
/// walk (exact equity lists up to some 50,000 multisets a call with it);
/// `?Sized`, so that a `&mut dyn FnMut` works too.
pub fn for_each_multiset<F: FnMut(&[u8; 13], &[(u8, u8)]) + ?Sized>(
    limits: &[u8; 13],
    size: u8,
    most_first: bool,
    f: &mut F,
) {
    /// The walk's state: the counts so far and the entries of the ranks
    /// present among them (`parts[..n]`).
    struct Walk {
        counts: [u8; 13],
        parts: [(u8, u8); 13],
        n: usize,
    }
    fn go<F: FnMut(&[u8; 13], &[(u8, u8)]) + ?Sized>(
        rank: usize,
        left: u8,
        limits: &[u8; 13],
        most_first: bool,
        walk: &mut Walk,
        f: &mut F,
    ) {
        // The ranks past `rank` are all zero here (each level resets its
        // own), so a full multiset is reported as soon as it is full.
        if left == 0 {
            f(&walk.counts, &walk.parts[..walk.n]);
            return;
        }
        if rank == 13 {
            return;
        }
        let most = left.min(limits[rank]);
        for i in 0..=most {
            let count = if most_first { most - i } else { i };
            walk.counts[rank] = count;
            if count > 0 {
                walk.parts[walk.n] = (rank as u8, count);
                walk.n += 1;
            }
            go(rank + 1, left - count, limits, most_first, walk, f);
            if count > 0 {
                walk.n -= 1;
            }
        }
        walk.counts[rank] = 0;
    }
    let mut walk = Walk {
        counts: [0; 13],
        parts: [(0, 0); 13],
        n: 0,
    };
    go(0, size, limits, most_first, &mut walk, f);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(limits: &[u8; 13], size: u8, most_first: bool) -> Vec<[u8; 13]> {
        let mut out = Vec::new();
        for_each_multiset(limits, size, most_first, &mut |c, _| out.push(*c));
        out
    }

    #[test]
    fn lists_each_multiset_once_in_its_order() {
        let mut limits = [4; 13];
        limits[0] = 1;
        limits[12] = 0;
        for most_first in [false, true] {
            let all = listed(&limits, 3, most_first);
            // Ranks 1..=11 (at most 4 each) and one of rank 0: C(13, 3)
            // multisets of 11 ranks, plus those with the rank-0 card, C(12, 2).
            assert_eq!(all.len(), 286 + 66);
            for c in &all {
                assert_eq!(c.iter().map(|&n| n as usize).sum::<usize>(), 3);
                assert!(c.iter().zip(&limits).all(|(n, l)| n <= l));
            }
            let mut sorted = all.clone();
            sorted.sort_unstable();
            if most_first {
                sorted.reverse();
            }
            assert_eq!(all, sorted);
        }
        assert_eq!(listed(&[4; 13], 0, true), vec![[0; 13]]);
        assert!(listed(&[4; 13], 53, false).is_empty());
    }
}
