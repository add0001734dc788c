//! Rules: the stakes and settings of a razz game (RULES.md, docs/ENGINE.md §2).

use crate::error::{Error, Result};

/// Chips stay below 2^53 so every sum of them fits in 64 bits and survives a
/// trip through a Python float.
pub const MAX_CHIPS: u64 = (1 << 53) - 1;

/// Who gets the indivisible chips of a split pot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OddChip {
    /// One by one in seat order from seat 0.
    Seat,
    /// First to the tied winner holding the lowest card (ace of clubs lowest).
    LowCard,
}

impl OddChip {
    pub fn name(self) -> &'static str {
        match self {
            OddChip::Seat => "seat",
            OddChip::LowCard => "low_card",
        }
    }

    pub fn from_name(name: &str) -> Result<OddChip> {
        match name {
            "seat" => Ok(OddChip::Seat),
            "low_card" => Ok(OddChip::LowCard),
            _ => Err(Error::InvalidArgument(format!(
                "odd_chip must be 'seat' or 'low_card', got {name:?}"
            ))),
        }
    }
}

/// Immutable stakes and settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub ante: u64,
    pub bring_in: u64,
    pub small_bet: u64,
    pub big_bet: u64,
    /// Completions, bets and raises allowed per round; `None` is no limit.
    pub cap: Option<u64>,
    pub uncapped_heads_up: bool,
    pub burn_cards: bool,
    pub odd_chip: OddChip,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            ante: 0,
            bring_in: 1,
            small_bet: 2,
            big_bet: 4,
            cap: Some(4),
            uncapped_heads_up: false,
            burn_cards: false,
            odd_chip: OddChip::Seat,
        }
    }
}

fn check(ok: bool, message: impl FnOnce() -> String) -> Result<()> {
    if ok {
        Ok(())
    } else {
        Err(Error::InvalidArgument(message()))
    }
}

impl Rules {
    /// Checks the values in signature order (ENGINE.md §2).
    pub fn validated(self) -> Result<Rules> {
        let Rules {
            ante,
            bring_in,
            small_bet,
            big_bet,
            cap,
            ..
        } = self;
        check(ante <= MAX_CHIPS, || {
            format!("ante must be 0..{MAX_CHIPS}, got {ante}")
        })?;
        check((1..=MAX_CHIPS).contains(&bring_in), || {
            format!("bring_in must be 1..{MAX_CHIPS}, got {bring_in}")
        })?;
        check((bring_in..=MAX_CHIPS).contains(&small_bet), || {
            format!("small_bet must be at least bring_in ({bring_in}) and at most {MAX_CHIPS}, got {small_bet}")
        })?;
        check((small_bet..=MAX_CHIPS).contains(&big_bet), || {
            format!("big_bet must be at least small_bet ({small_bet}) and at most {MAX_CHIPS}, got {big_bet}")
        })?;
        check(cap != Some(0), || {
            "cap must be None or at least 1, got 0".into()
        })?;
        Ok(self)
    }

    /// The size of a bet or raise on a street (3 to 7).
    pub fn bet_size(&self, street: u8) -> u64 {
        if street <= 4 {
            self.small_bet
        } else {
            self.big_bet
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validates_stakes() {
        assert!(Rules::default().validated().is_ok());
        let bad = [
            Rules {
                bring_in: 0,
                ..Rules::default()
            },
            Rules {
                small_bet: 0,
                ..Rules::default()
            },
            Rules {
                big_bet: 1,
                ..Rules::default()
            },
            Rules {
                ante: MAX_CHIPS + 1,
                ..Rules::default()
            },
            Rules {
                cap: Some(0),
                ..Rules::default()
            },
        ];
        for rules in bad {
            assert!(
                matches!(rules.validated(), Err(Error::InvalidArgument(_))),
                "{rules:?}"
            );
        }
        assert_eq!(OddChip::from_name("low_card").unwrap(), OddChip::LowCard);
        assert!(OddChip::from_name("dealer").is_err());
        assert_eq!(Rules::default().bet_size(4), 2);
        assert_eq!(Rules::default().bet_size(5), 4);
    }
}
