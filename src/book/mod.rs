//! Opening books: reading any Polyglot `.bin` book, choosing a move from
//! it, and building Intrigue's own book from a text file of opening lines.
//!
//! The bundled book (`book/intrigue.bin`, built from `book/openings.txt`
//! by `intrigue-tools book build`) is embedded in the binary, so `OwnBook` works
//! whatever directory the GUI starts the engine in.

pub mod polyglot;
pub mod source;

use shakmaty::{Chess, Move};

use crate::rng::Rng;
use polyglot::{Entry, ENTRY_SIZE};

/// The bundled book's bytes.
pub const BUNDLED: &[u8] = include_bytes!("../../book/intrigue.bin");
/// The `BookFile` value that stands for the bundled book.
pub const BUNDLED_NAME: &str = "<bundled>";

/// A Polyglot book in memory, entries sorted by key.
#[derive(Clone, Debug, Default)]
pub struct Book {
    entries: Vec<Entry>,
}

impl Book {
    /// Reads a Polyglot book. Books whose entries are out of key order
    /// (hand-merged files) are sorted rather than refused.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, String> {
        if !bytes.len().is_multiple_of(ENTRY_SIZE) {
            return Err(format!("{} bytes is not a whole number of 16-byte Polyglot entries", bytes.len()));
        }
        let mut entries: Vec<Entry> =
            bytes.chunks_exact(ENTRY_SIZE).map(|c| Entry::from_bytes(c.try_into().expect("16-byte chunk"))).collect();
        if !entries.windows(2).all(|w| w[0].key <= w[1].key) {
            entries.sort_by_key(|e| e.key);
        }
        Ok(Book { entries })
    }

    pub fn bundled() -> Book {
        Book::from_bytes(BUNDLED).expect("the bundled book is a valid Polyglot file")
    }

    /// Loads `BookFile`: a path, or [`BUNDLED_NAME`].
    pub fn load(file: &str) -> Result<Book, String> {
        if file == BUNDLED_NAME {
            return Ok(Book::bundled());
        }
        let bytes = std::fs::read(file).map_err(|e| format!("cannot read book '{file}': {e}"))?;
        Book::from_bytes(&bytes).map_err(|e| format!("book '{file}': {e}"))
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book's legal moves for `pos` with their weights, heaviest first.
    pub fn moves(&self, pos: &Chess) -> Vec<(Move, u16)> {
        let key = polyglot::key(pos);
        let start = self.entries.partition_point(|e| e.key < key);
        let mut moves: Vec<(Move, u16)> = self.entries[start..]
            .iter()
            .take_while(|e| e.key == key)
            .filter_map(|e| polyglot::decode_move(pos, e.raw_move).map(|m| (m, e.weight)))
            .collect();
        moves.sort_by_key(|&(_, w)| std::cmp::Reverse(w));
        moves
    }

    /// A book move for `pos` among `allowed` (all moves when empty): the
    /// heaviest when `best_only`, otherwise one drawn in proportion to the
    /// weights. `None` when the position is out of book.
    pub fn choose(&self, pos: &Chess, allowed: &[Move], best_only: bool, rng: &mut Rng) -> Option<Move> {
        let moves: Vec<(Move, u16)> = self.moves(pos).into_iter().filter(|(m, _)| allowed.is_empty() || allowed.contains(m)).collect();
        let (&(best, _), _) = moves.split_first()?;
        let total: u64 = moves.iter().map(|&(_, w)| w as u64).sum();
        if best_only || total == 0 {
            return Some(best);
        }
        let mut pick = rng.below(total);
        for &(m, w) in &moves {
            if pick < w as u64 {
                return Some(m);
            }
            pick -= w as u64;
        }
        Some(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;

    fn book_of(lines: &str) -> Book {
        Book::from_bytes(&source::build(lines).unwrap()).unwrap()
    }

    #[test]
    fn moves_come_back_with_their_weights() {
        let book = book_of("e4 e5 Nf3\ne4 c5\nd4 d5\n");
        let start = Chess::default();
        let names: Vec<(String, u16)> = book.moves(&start).iter().map(|(m, w)| (m.to_string(), *w)).collect();
        assert_eq!(names.len(), 2);
        assert_eq!(names[0].1, 2, "1. e4 is in two lines: {names:?}");
        assert_eq!(names[1].1, 1);
    }

    #[test]
    fn weighted_choice_follows_the_weights_and_best_only_is_fixed() {
        let book = book_of("e4\ne4\ne4\nd4\n");
        let start = Chess::default();
        let mut rng = Rng::seeded(3);
        let e4s = (0..4000).filter(|_| book.choose(&start, &[], false, &mut rng).unwrap().to() == shakmaty::Square::E4).count();
        assert!((2700..3300).contains(&e4s), "e4 weighs 3 of 4 but came {e4s} times of 4000");
        assert!((0..50).all(|_| book.choose(&start, &[], true, &mut rng).unwrap().to() == shakmaty::Square::E4));
    }

    #[test]
    fn searchmoves_restrict_the_book_and_out_of_book_is_none() {
        let book = book_of("e4\nd4\n");
        let start = Chess::default();
        let d4 = start.legal_moves().into_iter().find(|m| m.to() == shakmaty::Square::D4).unwrap();
        let nf3 = start.legal_moves().into_iter().find(|m| m.to() == shakmaty::Square::F3).unwrap();
        let mut rng = Rng::seeded(1);
        assert_eq!(book.choose(&start, &[d4], false, &mut rng), Some(d4));
        assert_eq!(book.choose(&start, &[nf3], false, &mut rng), None);
        let mut after = start.clone();
        after.play_unchecked(nf3);
        assert_eq!(book.choose(&after, &[], false, &mut rng), None);
    }

    #[test]
    fn truncated_files_are_refused() {
        assert!(Book::from_bytes(&[0u8; 17]).is_err());
        assert!(Book::from_bytes(&[]).unwrap().is_empty());
    }

    #[test]
    fn the_bundled_book_is_built_from_its_source() {
        let text = include_str!("../../book/openings.txt");
        assert_eq!(source::build(text).unwrap(), BUNDLED, "book/intrigue.bin is stale: run intrigue-tools book build");
        let book = Book::bundled();
        assert!(book.len() > 1000, "{} entries", book.len());
        assert!(book.moves(&Chess::default()).len() >= 4, "the common first moves are in the book");
    }
}
