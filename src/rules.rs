//! Rules: the stakes and settings of a razz game (RULES.md, docs/RULES.md,
//! docs/ENGINE.md §2), and the presets of the major rule books.

use crate::error::{Error, Result};

/// Chips stay below 2^53 so every sum of them fits in 64 bits and survives a
/// trip through a Python float.
pub const MAX_CHIPS: u64 = (1 << 53) - 1;

/// A setting with a few named values: the enum, its names (as Python spells
/// them) and the parse of a name, whose error lists every choice.
macro_rules! setting {
    ($(#[$doc:meta])* $name:ident, $field:literal, { $($(#[$vdoc:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant),+
        }

        impl $name {
            /// Every value, in the order the documentation lists them.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            pub fn from_name(name: &str) -> Result<$name> {
                match name {
                    $($text => Ok($name::$variant),)+
                    _ => {
                        let choices: Vec<String> =
                            [$($text),+].iter().map(|t| format!("'{t}'")).collect();
                        Err(Error::InvalidArgument(format!(
                            "{} must be one of {}, got {name:?}",
                            $field,
                            choices.join(", ")
                        )))
                    }
                }
            }
        }
    };
}

setting!(
    /// Whether the cap holds when only two players can still bet (the cap).
    HeadsUp, "heads_up", {
        /// The cap always holds.
        Capped = "capped",
        /// No cap on a round that begins with two players who can bet.
        RoundStarts = "round_starts",
        /// No cap once the action is heads-up before the cap was reached.
        BeforeCap = "before_cap",
    }
);

setting!(
    /// Which all-in wager for less reopens the betting (reopening after an all-in for less).
    Reopen, "reopen", {
        /// Only a full bet or raise (with earlier short all-ins) reopens.
        Full = "full",
        /// Half a bet or more counts as a full one (the limit rule).
        Half = "half",
    }
);

setting!(
    /// What the others owe after an all-in bring-in for less (the bring-in rule).
    ShortBringIn, "short_bring_in", {
        /// They call the short amount.
        Short = "short",
        /// They enter for at least the full bring-in.
        Full = "full",
    }
);

setting!(
    /// The bring-in duty passed on by a player all-in from the ante (the bring-in rule).
    AnteAllIn, "ante_all_in", {
        /// The next player with chips must bring in.
        Forced = "forced",
        /// The next player with chips must bring in or fold.
        MayFold = "may_fold",
    }
);

setting!(
    /// Who opens among equal boards on fourth street and later (the opener rule).
    OpenerTies, "opener_ties", {
        /// The lowest seat number.
        Seat = "seat",
        /// The board holding the highest up card by suit.
        Suit = "suit",
    }
);

setting!(
    /// Who shows first when nobody bet on seventh street (the showdown order).
    Showdown, "showdown", {
        /// The lowest seat in the hand.
        Seat = "seat",
        /// The player who would act first on seventh street (best board).
        Opener = "opener",
    }
);

setting!(
    /// Who gets the indivisible chips of a split pot.
    OddChip, "odd_chip", {
        /// One by one in seat order from seat 0.
        Seat = "seat",
        /// First to the tied winner holding the lowest card (ace of clubs lowest).
        LowCard = "low_card",
        /// First to the tied winner holding the highest card of its five.
        HighCard = "high_card",
    }
);

/// Immutable stakes and settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub ante: u64,
    pub bring_in: u64,
    pub small_bet: u64,
    pub big_bet: u64,
    /// Completions, bets and raises allowed per round; `None` is no limit.
    pub cap: Option<u64>,
    pub heads_up: HeadsUp,
    pub reopen: Reopen,
    pub short_bring_in: ShortBringIn,
    pub ante_all_in: AnteAllIn,
    pub opener_ties: OpenerTies,
    pub burn_cards: bool,
    pub showdown: Showdown,
    pub odd_chip: OddChip,
}

impl Default for Rules {
    /// The `"pokerstars"` preset at stakes 0/1/2/4.
    fn default() -> Rules {
        Rules {
            ante: 0,
            bring_in: 1,
            small_bet: 2,
            big_bet: 4,
            cap: Some(4),
            heads_up: HeadsUp::Capped,
            reopen: Reopen::Full,
            short_bring_in: ShortBringIn::Short,
            ante_all_in: AnteAllIn::Forced,
            opener_ties: OpenerTies::Seat,
            burn_cards: false,
            showdown: Showdown::Seat,
            odd_chip: OddChip::Seat,
        }
    }
}

/// The names of the presets, the default first (docs/RULES.md).
pub const PRESETS: [&str; 5] = ["pokerstars", "wsop", "wsop_live", "tda", "roberts"];

fn check(ok: bool, message: impl FnOnce() -> String) -> Result<()> {
    if ok {
        Ok(())
    } else {
        Err(Error::InvalidArgument(message()))
    }
}

impl Rules {
    /// A rule book's settings at the given stakes (docs/RULES.md, "The presets").
    pub fn preset(
        name: &str,
        ante: u64,
        bring_in: u64,
        small_bet: u64,
        big_bet: u64,
    ) -> Result<Rules> {
        let stakes = Rules {
            ante,
            bring_in,
            small_bet,
            big_bet,
            ..Rules::default()
        };
        // Every preset but PokerStars' is a live rule book: burns, the
        // half-bet reopening, the opener showing first.
        let live = Rules {
            reopen: Reopen::Half,
            burn_cards: true,
            showdown: Showdown::Opener,
            odd_chip: OddChip::HighCard,
            short_bring_in: ShortBringIn::Full,
            ..stakes
        };
        let rules = match name {
            "pokerstars" => stakes,
            "wsop" => Rules {
                cap: Some(5),
                ..live
            },
            "wsop_live" => Rules {
                cap: Some(5),
                heads_up: HeadsUp::RoundStarts,
                ..live
            },
            "tda" => Rules {
                ante_all_in: AnteAllIn::MayFold,
                opener_ties: OpenerTies::Suit,
                ..live
            },
            "roberts" => Rules {
                heads_up: HeadsUp::BeforeCap,
                short_bring_in: ShortBringIn::Short,
                odd_chip: OddChip::LowCard,
                ..live
            },
            _ => {
                return Err(Error::InvalidArgument(format!(
                    "unknown preset {name:?}; the presets are {}",
                    PRESETS.join(", ")
                )))
            }
        };
        rules.validated()
    }

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
        check(cap.is_none_or(|c| (1..=MAX_CHIPS).contains(&c)), || {
            format!(
                "cap must be None or 1..{MAX_CHIPS}, got {}",
                cap.unwrap_or(0)
            )
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

    /// The rise that makes a real bet or raise on a street (reopening after an all-in for less): a
    /// whole bet, or under `Reopen::Half` half a bet, rounded up.
    pub fn full_rise(&self, street: u8) -> u64 {
        let bet = self.bet_size(street);
        match self.reopen {
            Reopen::Full => bet,
            Reopen::Half => bet.div_ceil(2),
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
        assert_eq!(OddChip::from_name("high_card").unwrap(), OddChip::HighCard);
        assert!(OddChip::from_name("dealer").is_err());
        assert_eq!(Rules::default().bet_size(4), 2);
        assert_eq!(Rules::default().bet_size(5), 4);
    }

    #[test]
    fn names_round_trip() {
        for &v in HeadsUp::ALL {
            assert_eq!(HeadsUp::from_name(v.name()).unwrap(), v);
        }
        for &v in Reopen::ALL {
            assert_eq!(Reopen::from_name(v.name()).unwrap(), v);
        }
        let err = HeadsUp::from_name("never").unwrap_err().to_string();
        assert!(
            err.contains("heads_up") && err.contains("'before_cap'"),
            "{err}"
        );
    }

    #[test]
    fn presets_follow_the_table() {
        assert_eq!(
            Rules::preset("pokerstars", 0, 1, 2, 4).unwrap(),
            Rules::default()
        );
        let wsop = Rules::preset("wsop", 25, 50, 200, 400).unwrap();
        assert_eq!(
            (wsop.cap, wsop.reopen, wsop.burn_cards),
            (Some(5), Reopen::Half, true)
        );
        assert_eq!(wsop.short_bring_in, ShortBringIn::Full);
        let live = Rules::preset("wsop_live", 0, 1, 2, 4).unwrap();
        assert_eq!(live.heads_up, HeadsUp::RoundStarts);
        let tda = Rules::preset("tda", 0, 1, 2, 4).unwrap();
        assert_eq!(
            (tda.cap, tda.ante_all_in, tda.opener_ties),
            (Some(4), AnteAllIn::MayFold, OpenerTies::Suit)
        );
        let roberts = Rules::preset("roberts", 0, 1, 2, 4).unwrap();
        assert_eq!(
            (roberts.heads_up, roberts.short_bring_in, roberts.odd_chip),
            (HeadsUp::BeforeCap, ShortBringIn::Short, OddChip::LowCard)
        );
        assert!(Rules::preset("bicycle", 0, 1, 2, 4).is_err());
        assert!(Rules::preset("wsop", 0, 3, 2, 4).is_err());
        assert_eq!(Rules::default().full_rise(5), 4);
        assert_eq!(wsop.full_rise(3), 100);
        assert_eq!(
            Rules {
                reopen: Reopen::Half,
                ..Rules::default()
            }
            .full_rise(3),
            1
        );
        assert_eq!(
            Rules {
                reopen: Reopen::Half,
                small_bet: 5,
                big_bet: 5,
                ..Rules::default()
            }
            .full_rise(3),
            3
        );
    }
}
