//! The text source of Intrigue's book: one opening line per text line, in
//! SAN from the start position (move numbers allowed), `#` starting a
//! comment that names the line.
//!
//! ```text
//! e4 e5 Nf3 Nc6 Bb5 a6   # Ruy Lopez
//! 1. d4 d5 2. c4 e6      # Queen's Gambit Declined
//! ```
//!
//! Every move of every line goes into the book for the side that plays it;
//! a move's weight is the number of lines that play it in that position,
//! so the main lines (which many variations share) weigh most.

use std::collections::BTreeMap;

use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{Chess, EnPassantMode, Move, Position};

use super::polyglot::{self, Entry};

/// One line of the source: its moves and its name.
#[derive(Clone, Debug)]
pub struct Line {
    pub moves: Vec<Move>,
    pub name: String,
    /// 1-based line number in the source, for messages.
    pub number: usize,
}

/// Reads every opening line of `text`, checking that each move is legal.
pub fn parse(text: &str) -> Result<Vec<Line>, String> {
    let mut lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let (body, name) = raw.split_once('#').unwrap_or((raw, ""));
        if body.trim().is_empty() {
            continue;
        }
        let mut pos = Chess::default();
        let mut moves = Vec::new();
        for token in body.split_whitespace().filter(|t| !is_move_number(t)) {
            let m = token
                .parse::<San>()
                .ok()
                .and_then(|san| san.to_move(&pos).ok())
                .ok_or_else(|| format!("line {}: '{token}' is not a legal move after {}", i + 1, describe(&moves)))?;
            pos.play_unchecked(m);
            moves.push(m);
        }
        lines.push(Line { moves, name: name.trim().to_string(), number: i + 1 });
    }
    Ok(lines)
}

fn is_move_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    token.ends_with('.') && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

fn describe(moves: &[Move]) -> String {
    if moves.is_empty() {
        "the start".to_string()
    } else {
        format!("{} moves", moves.len())
    }
}

/// The Polyglot book of `text`: entries sorted by key, then heaviest first.
pub fn build(text: &str) -> Result<Vec<u8>, String> {
    let mut counts: BTreeMap<(u64, u16), u32> = BTreeMap::new();
    for line in parse(text)? {
        let mut pos = Chess::default();
        for &m in &line.moves {
            *counts.entry((polyglot::key(&pos), polyglot::encode_move(m))).or_default() += 1;
            pos.play_unchecked(m);
        }
    }
    let mut entries: Vec<Entry> =
        counts.into_iter().map(|((key, raw_move), n)| Entry { key, raw_move, weight: n.min(u16::MAX as u32) as u16, learn: 0 }).collect();
    entries.sort_by_key(|e| (e.key, std::cmp::Reverse(e.weight), e.raw_move));
    Ok(entries.iter().flat_map(|e| e.to_bytes()).collect())
}

/// An opening set for matches: the position after the first `plies` plies
/// of each line (or the whole line when shorter), each position once, as
/// EPD lines `FEN id "name";`.
pub fn opening_set(text: &str, plies: usize) -> Result<Vec<String>, String> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for line in parse(text)? {
        let mut pos = Chess::default();
        for &m in line.moves.iter().take(plies) {
            pos.play_unchecked(m);
        }
        let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
        let epd: String = fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
        if seen.insert(epd.clone()) {
            let name = if line.name.is_empty() { format!("line {}", line.number) } else { line.name.replace('"', "'") };
            out.push(format!("{epd} id \"{name}\";"));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_with_move_numbers_and_names() {
        let lines = parse("# a comment line\n\n1. e4 e5 2. Nf3 Nc6  # Open game\nd4 d5\n").unwrap();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].moves.len(), 4);
        assert_eq!(lines[0].name, "Open game");
        assert_eq!(lines[1].number, 4);
    }

    #[test]
    fn an_illegal_move_names_its_line() {
        let err = parse("e4 e5\ne4 e4\n").unwrap_err();
        assert!(err.contains("line 2") && err.contains("'e4'"), "{err}");
    }

    #[test]
    fn the_book_is_sorted_and_weighted() {
        let bytes = build("e4 e5\ne4 c5\n").unwrap();
        assert_eq!(bytes.len(), 3 * 16, "e4 (twice), e5 and c5");
        let entries: Vec<Entry> = bytes.chunks(16).map(|c| Entry::from_bytes(c.try_into().unwrap())).collect();
        assert!(entries.windows(2).all(|w| w[0].key <= w[1].key));
        let first = entries.iter().find(|e| e.key == polyglot::key(&Chess::default())).unwrap();
        assert_eq!(first.weight, 2);
    }

    #[test]
    fn opening_sets_stop_at_the_ply_count_and_skip_repeats() {
        let set = opening_set("e4 e5 Nf3 # A\ne4 e5 Bc4 # B\nd4\n", 2).unwrap();
        assert_eq!(set.len(), 2);
        assert_eq!(set[0], "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"A\";");
        assert!(set[1].ends_with("id \"line 3\";"));
    }
}
