//! Cards: index = 4 × rank + suit (rank 0 = ace … 12 = king; suit 0 = clubs,
//! 1 = diamonds, 2 = hearts, 3 = spades), text parsing and formatting.

use crate::error::{Error, Result};

/// A card index 0..=51.
pub type Card = u8;

pub const DECK_SIZE: usize = 52;
pub const RANK_CHARS: [u8; 13] = *b"A23456789TJQK";
pub const SUIT_CHARS: [u8; 4] = *b"cdhs";

#[inline(always)]
pub const fn rank_of(card: Card) -> u8 {
    card >> 2
}

#[inline(always)]
pub const fn suit_of(card: Card) -> u8 {
    card & 3
}

pub fn format_card(card: Card) -> String {
    let mut s = String::with_capacity(2);
    s.push(RANK_CHARS[rank_of(card) as usize % 13] as char);
    s.push(SUIT_CHARS[suit_of(card) as usize] as char);
    s
}

/// "As 2d 3c".
pub fn format_cards(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|&c| format_card(c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// An integer card index, checked.
pub fn card_from_index(index: i64) -> Result<Card> {
    if (0..DECK_SIZE as i64).contains(&index) {
        Ok(index as Card)
    } else {
        Err(Error::CardOutOfRange(index.to_string()))
    }
}

fn rank_from_char(c: u8) -> Option<u8> {
    let upper = c.to_ascii_uppercase();
    RANK_CHARS.iter().position(|&r| r == upper).map(|r| r as u8)
}

fn suit_from_char(c: u8) -> Option<u8> {
    let lower = c.to_ascii_lowercase();
    SUIT_CHARS.iter().position(|&s| s == lower).map(|s| s as u8)
}

/// Parses one run of concatenated cards ("As", "As2d3c", "10h"), appending to `out`.
fn parse_run(run: &str, input: &str, out: &mut Vec<Card>) -> Result<()> {
    let bytes = run.as_bytes();
    let bad = || Error::BadToken {
        token: run.to_string(),
        input: input.to_string(),
    };
    let mut i = 0;
    while i < bytes.len() {
        // "10" is the one two-character rank.
        let (rank, width) = if bytes[i] == b'1' && bytes.get(i + 1) == Some(&b'0') {
            (9, 2)
        } else {
            (rank_from_char(bytes[i]).ok_or_else(bad)?, 1)
        };
        let suit = bytes
            .get(i + width)
            .and_then(|&c| suit_from_char(c))
            .ok_or_else(bad)?;
        out.push(rank * 4 + suit);
        i += width + 1;
    }
    Ok(())
}

/// Whitespace by Python's rule (`str.isspace`, which the reference splits
/// on), which is Rust's plus the four information separators U+001C..U+001F;
/// or a comma.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c) || c == ','
}

/// Parses card text: tokens separated by whitespace or commas, each token
/// one or more concatenated cards. Ranks and suits are case-insensitive.
/// Duplicates are rejected.
pub fn parse_cards(text: &str) -> Result<Vec<Card>> {
    let mut out = Vec::new();
    for run in text.split(is_separator).filter(|r| !r.is_empty()) {
        parse_run(run, text, &mut out)?;
    }
    check_distinct(&out)?;
    Ok(out)
}

/// Parses text that must hold exactly one card.
pub fn parse_card(text: &str) -> Result<Card> {
    let cards = parse_cards(text)?;
    match cards[..] {
        [c] => Ok(c),
        _ => Err(Error::BadToken {
            token: text.to_string(),
            input: text.to_string(),
        }),
    }
}

/// Fails on the first card seen twice.
pub fn check_distinct(cards: &[Card]) -> Result<()> {
    let mut seen = 0u64;
    for &c in cards {
        let bit = 1u64 << (c & 63);
        if seen & bit != 0 {
            return Err(Error::DuplicateCard(format_card(c)));
        }
        seen |= bit;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_form() {
        assert_eq!(parse_cards("As 2d 3c").unwrap(), vec![3, 5, 8]);
        assert_eq!(parse_cards("As2d3c").unwrap(), vec![3, 5, 8]);
        assert_eq!(parse_cards("as, 2D,3C").unwrap(), vec![3, 5, 8]);
        assert_eq!(
            parse_cards("10h Th").unwrap_err(),
            Error::DuplicateCard("Th".into())
        );
        assert_eq!(parse_cards("10h Kc").unwrap(), vec![38, 48]);
        assert_eq!(parse_cards("  ").unwrap(), Vec::<Card>::new());
    }

    #[test]
    fn rejects_bad_tokens() {
        for bad in ["Xs", "A", "As2", "1h", "Asx", "A s", "Ks Kz"] {
            assert!(
                matches!(parse_cards(bad), Err(Error::BadToken { .. })),
                "{bad}"
            );
        }
        assert!(parse_card("As Kd").is_err());
        assert!(card_from_index(52).is_err());
        assert!(card_from_index(-1).is_err());
    }

    #[test]
    fn formats_round_trip() {
        let all: Vec<Card> = (0..52).collect();
        assert_eq!(parse_cards(&format_cards(&all)).unwrap(), all);
        assert_eq!(format_cards(&[3, 5, 8, 39]), "As 2d 3c Ts");
    }
}
