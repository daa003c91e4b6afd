//! The game as the GUI described it: a start position, the moves played
//! since, and the Zobrist keys of every position on the way (for
//! repetition detection in the search).

use shakmaty::{fen::Fen, uci::UciMove, zobrist::Zobrist64, CastlingMode, Chess, EnPassantMode, Move, Position};

/// The Zobrist key of a position (Polyglot-compatible, en passant counted
/// only when a capture is really possible, as repetition rules want).
#[inline]
pub fn hash(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// The key after `m`, updated incrementally where shakmaty can, recomputed
/// where it cannot (king moves, double pushes, castling-rights squares,
/// positions with an en passant square).
#[inline]
pub fn hash_after(pos: &Chess, key: u64, m: Move, child: &Chess) -> u64 {
    match pos.update_zobrist_hash(Zobrist64(key), m, EnPassantMode::Legal) {
        Some(z) => z.0,
        None => hash(child),
    }
}

#[derive(Clone, Debug)]
pub struct Game {
    position: Chess,
    /// Keys of all positions before the current one, oldest first.
    history: Vec<u64>,
    moves: Vec<Move>,
    mode: CastlingMode,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Chess::default(), CastlingMode::Standard)
    }
}

impl Game {
    pub fn new(start: Chess, mode: CastlingMode) -> Game {
        Game { position: start, history: Vec::new(), moves: Vec::new(), mode }
    }

    /// Parses a FEN (or Shredder-/X-FEN; the halfmove and fullmove fields
    /// may be left out). Castling rights are read in Chess960 mode, which
    /// accepts every standard position too, so `HAha` works whatever the
    /// `UCI_Chess960` setting; `mode` only decides how moves are written.
    #[allow(clippy::result_large_err)] // shakmaty's error carries the position; it is turned into text at once
    pub fn from_fen(fen: &str, mode: CastlingMode) -> Result<Game, String> {
        let parsed: Fen = fen.trim().parse().map_err(|e| format!("bad FEN '{fen}': {e}"))?;
        // A check no legal game can reach (two checkers on one line, say)
        // is still a position move generation handles exactly; perft suites
        // and GUIs' setup boards use them, so accept it.
        let pos: Chess = parsed
            .into_position(CastlingMode::Chess960)
            .or_else(|e| e.ignore_impossible_check())
            .map_err(|e| format!("illegal position in FEN '{fen}': {e}"))?;
        Ok(Game::new(pos, mode))
    }

    pub fn position(&self) -> &Chess {
        &self.position
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn history(&self) -> &[u64] {
        &self.history
    }

    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// How castling is written from now on (`UCI_Chess960`): king to its
    /// destination (`e1g1`) or king takes rook (`e1h1`). Positions and
    /// moves already given are unaffected: both forms are always read.
    pub fn set_castling_mode(&mut self, mode: CastlingMode) {
        self.mode = mode;
    }

    /// The key of the position the game started from.
    pub fn start_key(&self) -> u64 {
        self.history.first().copied().unwrap_or_else(|| hash(&self.position))
    }

    /// This game is `earlier` with zero or more moves played on.
    pub fn continues(&self, earlier: &Game) -> bool {
        self.start_key() == earlier.start_key() && self.moves.starts_with(&earlier.moves)
    }

    /// Turns a UCI move string into a legal move of the current position.
    /// Castling is accepted both as king-to-destination (`e1g1`) and as
    /// king-takes-rook (`e1h1`).
    pub fn parse_move(&self, text: &str) -> Result<Move, String> {
        parse_uci_move(&self.position, text)
    }

    /// Plays a move given in UCI notation; on error nothing changes.
    pub fn play_uci(&mut self, text: &str) -> Result<(), String> {
        let m = self.parse_move(text)?;
        self.play(m);
        Ok(())
    }

    pub fn play(&mut self, m: Move) {
        self.history.push(hash(&self.position));
        self.position.play_unchecked(m);
        self.moves.push(m);
    }

    /// The move written as the GUI expects it in this castling mode.
    pub fn format_move(&self, m: Move) -> String {
        UciMove::from_move(m, self.mode).to_string()
    }
}

/// Parses `text` as a legal move of `pos`, or says why it is not one.
pub fn parse_uci_move(pos: &Chess, text: &str) -> Result<Move, String> {
    let uci: UciMove = text.parse().map_err(|_| format!("'{text}' is not a move in UCI notation"))?;
    uci.to_move(pos).map_err(|_| format!("'{text}' is not a legal move here"))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rng::Rng;
    use shakmaty::{fen::Fen, CastlingMode};

    /// Shows `visit` every position of `games` random games of up to
    /// `plies` plies from each start, with its legal moves, for tests that
    /// check a shortcut against the slow answer over many kinds of move.
    pub fn each_position_of_random_games(
        starts: &[(&str, CastlingMode)],
        seed: u64,
        games: usize,
        plies: usize,
        mut visit: impl FnMut(&Chess, &[Move]),
    ) {
        let mut rng = Rng::seeded(seed);
        for &(fen, mode) in starts {
            for _ in 0..games {
                let mut pos: Chess = fen.parse::<Fen>().unwrap().into_position(mode).unwrap();
                for _ in 0..plies {
                    let legal = pos.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    visit(&pos, &legal);
                    pos.play_unchecked(legal[rng.below(legal.len() as u64) as usize]);
                }
            }
        }
    }

    #[test]
    fn incremental_hash_matches_full_hash_along_a_game() {
        let mut pos = Chess::default();
        let mut key = hash(&pos);
        for uci in
            ["e2e4", "d7d5", "e4d5", "g8f6", "f1b5", "c7c6", "d5c6", "d8d2", "b1d2", "e7e5", "g1f3", "f8c5", "e1g1", "e8g8", "c6b7", "c8b7"]
        {
            let m = parse_uci_move(&pos, uci).unwrap();
            let mut child = pos.clone();
            child.play_unchecked(m);
            key = hash_after(&pos, key, m, &child);
            assert_eq!(key, hash(&child), "after {uci}");
            pos = child;
        }
    }

    #[test]
    fn castling_is_accepted_in_both_notations() {
        let g = Game::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", CastlingMode::Standard).unwrap();
        assert_eq!(g.parse_move("e1g1").unwrap(), g.parse_move("e1h1").unwrap());
        assert_eq!(g.format_move(g.parse_move("e1h1").unwrap()), "e1g1");
    }

    #[test]
    fn four_field_and_shredder_fens_are_accepted() {
        assert!(Game::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", CastlingMode::Standard).is_ok());
        let g = Game::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", CastlingMode::Standard).unwrap();
        assert_eq!(g.position().castles().castling_rights().count(), 4);
    }

    #[test]
    fn a_game_continues_its_earlier_positions_only() {
        let mut g = Game::default();
        let start = g.clone();
        g.play_uci("e2e4").unwrap();
        assert!(g.continues(&start) && g.continues(&g.clone()));
        assert!(!start.continues(&g), "taking a move back is not a continuation");
        let mut other = Game::default();
        other.play_uci("d2d4").unwrap();
        assert!(!other.continues(&g));
        let fen = Game::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", CastlingMode::Standard).unwrap();
        assert!(!fen.continues(&start));
    }

    #[test]
    fn bad_fens_are_errors() {
        for fen in ["", "hello", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "8/8/8/8/8/8/8/8 w - - 0 1"] {
            assert!(Game::from_fen(fen, CastlingMode::Standard).is_err(), "{fen}");
        }
    }
}
