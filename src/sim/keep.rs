//! Runs that keep the hands they play, not only their sums: whole hands
//! for `record=`, and each chunk's hands as columns for columnar output.
//! Both play chunks exactly as [`simulate_chunks`](super::simulate_chunks)
//! does, so the hands kept are the hands a plain run plays.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::{play_chunk, Deciders, Hands, Table, Totals, CHUNK};
use crate::columns::HandColumns;
use crate::error::Error;
use crate::hand::Hand;
use crate::threads::run_in;

/// Hands `first .. first + count` of `table`'s run, played as `simulate`
/// plays them and kept whole, history and all (for `record=`). Once `stop`
/// is set it ends within a hand's [`LOOK_EVERY`](super::LOOK_EVERY) actions, short of hands.
pub fn record_hands<E: From<Error>>(
    table: &Table<'_>,
    first: u64,
    count: u64,
    deciders: &Deciders<'_, E>,
    stop: &AtomicBool,
) -> Result<Vec<Hand>, E> {
    let end = first.saturating_add(count).min(table.hands);
    let mut work = Hands::with_history(table, true);
    // (The caller's count: memory short of it is an error, not an abort.)
    let mut kept = Vec::new();
    crate::error::reserved(&mut kept, end.saturating_sub(first) as usize, "record=")?;
    for chunk in first / CHUNK..end.div_ceil(CHUNK) {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let range = first.max(chunk * CHUNK)..end;
        let mut keep = |i: usize, hand: &Hand| {
            if range.contains(&(chunk * CHUNK + i as u64)) {
                kept.push(hand.clone());
            }
        };
        play_chunk(table, chunk, &mut work, deciders, stop, &mut keep)?;
    }
    Ok(kept)
}

/// Chunks `first_chunk .. first_chunk + n_chunks` played as
/// [`simulate_chunks`](super::simulate_chunks) plays them (the same hands, on `threads` threads),
/// each chunk's hands kept as columns (in chunk order, whichever thread
/// played it), with the sums of them all. Stopped (`stop`), the result is
/// short of hands and is to be thrown away.
pub fn simulate_columns<E: Send + From<Error>>(
    table: &Table<'_>,
    first_chunk: u64,
    n_chunks: u64,
    threads: Option<usize>,
    stop: &AtomicBool,
    deciders: &Deciders<'_, E>,
) -> Result<(Vec<HandColumns>, Totals), E> {
    let run = || {
        (first_chunk..first_chunk + n_chunks)
            .into_par_iter()
            // The actions are read off each hand's history.
            .map_init(
                || Hands::with_history(table, true),
                |work, chunk| {
                    let mut columns = HandColumns::new(table.players.len());
                    let mut totals = Totals::default();
                    let mut played = Ok(());
                    if !stop.load(Ordering::Relaxed) {
                        (deciders.around_chunk)(&mut || {
                            let mut done = |i: usize, hand: &Hand| {
                                columns.push(chunk * CHUNK + i as u64, hand);
                                totals.record(hand);
                            };
                            played = play_chunk(table, chunk, work, deciders, stop, &mut done);
                        });
                    }
                    played.map(|()| (columns, totals))
                },
            )
            .collect::<Result<Vec<_>, E>>()
    };
    let chunks = run_in(threads, run)??;
    let mut all = Totals::default();
    let mut kept = Vec::with_capacity(chunks.len());
    for (columns, totals) in chunks {
        all = all.merge(totals);
        kept.push(columns);
    }
    Ok((kept, all))
}
