//! The layout every observation shares (a table's arrays, the features
//! encoded from them, a view's row): below `obs` and `features`, which
//! both read it.

/// Card slots per seat: two down, four up (third to sixth street), the
/// seventh-street down card.
pub const SLOTS: usize = 7;
/// Unknown card, empty slot, or no actor.
pub const NONE: i8 = -1;
