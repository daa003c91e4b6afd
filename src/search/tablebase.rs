//! Syzygy endgame tablebases, through `shakmaty-syzygy`.
//!
//! Two uses, as in every engine that reads them:
//! - at the root, DTZ tables decide which moves keep the game-theoretic
//!   result (a win stays a win under the fifty-move rule, a draw a draw);
//!   the search then chooses only among those, so it can neither throw
//!   away a tablebase win nor walk into a loss it could have held;
//! - inside the search, WDL tables settle a node outright, but only right
//!   after a capture or pawn move (halfmove clock 0), where WDL is exact.

use std::sync::Arc;

use shakmaty::{Chess, Move, MoveList, Position};
use shakmaty_syzygy::{AmbiguousWdl, Tablebase, Wdl};

use super::{Searcher, DRAW, MATE_BOUND};

/// A tablebase win is worth this much less than the first mate score, so
/// mates found by the search still rank above it.
pub const TB_WIN: i32 = MATE_BOUND - 1000;

/// How the search uses the tables (the `Syzygy…` options).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TablebaseSettings {
    /// Probe WDL only at nodes with at least this much depth left
    /// (`SyzygyProbeDepth`): shallow probes cost I/O and gain little.
    pub probe_depth: i32,
    /// Count wins the fifty-move rule spoils as draws (`Syzygy50MoveRule`).
    pub fifty_move_rule: bool,
}

impl Default for TablebaseSettings {
    fn default() -> Self {
        TablebaseSettings { probe_depth: 1, fifty_move_rule: true }
    }
}

/// The loaded tables.
pub struct Syzygy {
    tables: Tablebase<Chess>,
    pub files: usize,
}

impl std::fmt::Debug for Syzygy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Syzygy({} files, up to {} pieces)", self.files, self.max_pieces())
    }
}

/// The separator of directories in `SyzygyPath`, as in `PATH`.
pub const PATH_SEPARATOR: char = if cfg!(windows) { ';' } else { ':' };

impl Syzygy {
    /// Loads every table in the directories of `paths`. A directory that
    /// cannot be read, or no table at all, is an error.
    pub fn load(paths: &str) -> Result<Syzygy, String> {
        let mut tables = Tablebase::new();
        let mut files = 0;
        for dir in paths.split(PATH_SEPARATOR).map(str::trim).filter(|d| !d.is_empty()) {
            files += tables.add_directory(dir).map_err(|e| format!("cannot read tablebase directory '{dir}': {e}"))?;
        }
        if files == 0 {
            return Err(format!("no Syzygy tables found in '{paths}'"));
        }
        Ok(Syzygy { tables, files })
    }

    pub fn max_pieces(&self) -> usize {
        self.tables.max_pieces()
    }

    /// The tables cover `pos`: few enough pieces and no castling rights.
    pub fn covers(&self, pos: &Chess) -> bool {
        pos.board().occupied().count() <= self.max_pieces() && !pos.castles().any()
    }

    /// The exact WDL of a position reached by a capture or pawn move, as a
    /// score for the side to move at `ply`.
    pub fn wdl_score(&self, pos: &Chess, ply: usize, settings: &TablebaseSettings) -> Option<i32> {
        let wdl = self.tables.probe_wdl_after_zeroing(pos).ok()?;
        Some(score_of(wdl, ply, settings.fifty_move_rule))
    }

    /// Which root moves keep the best result the tables promise, best
    /// first: `None` when the tables do not cover the root (or a probe
    /// fails). Wins keep only the moves that reach a zeroing move soonest
    /// (smallest DTZ), so the game makes progress; losses keep the moves
    /// that resist longest; draws keep every drawing move for the search
    /// to choose from.
    pub fn root_moves(&self, pos: &Chess, moves: &MoveList, settings: &TablebaseSettings) -> Option<(MoveList, i32)> {
        if !self.covers(pos) {
            return None;
        }
        let mut ranked: Vec<(Move, i32, i32)> = Vec::with_capacity(moves.len());
        for &m in moves {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let (rank, distance) = if after.is_checkmate() {
                (2, 0)
            } else {
                let wdl = self.tables.probe_wdl(&after).ok()?;
                let dtz = self.tables.probe_dtz(&after).ok()?.ignore_rounding();
                // The child's values are the opponent's: negate them.
                (-rank_of(wdl, settings.fifty_move_rule), -i32::from(dtz))
            };
            ranked.push((m, rank, distance));
        }
        let best = ranked.iter().map(|&(_, r, _)| r).max()?;
        ranked.retain(|&(_, r, _)| r == best);
        if best != 0 {
            // Winning: the fastest zeroing (smallest positive distance for us,
            // i.e. the opponent's DTZ closest to zero); losing: the slowest.
            let key = |&(_, _, d): &(Move, i32, i32)| if best > 0 { d.abs() } else { -d.abs() };
            let target = ranked.iter().map(key).min()?;
            ranked.retain(|r| key(r) == target);
        }
        let score = match best {
            2 => TB_WIN,
            -2 => -TB_WIN,
            _ => DRAW,
        };
        Some((ranked.into_iter().map(|(m, _, _)| m).collect(), score))
    }
}

/// A result as a rank: 2 win, 0 draw (wins and losses the fifty-move rule
/// spoils count as draws when it applies), -2 loss.
fn rank_of(wdl: AmbiguousWdl, fifty_move_rule: bool) -> i32 {
    match wdl {
        AmbiguousWdl::Win | AmbiguousWdl::MaybeWin => 2,
        AmbiguousWdl::CursedWin if !fifty_move_rule => 2,
        AmbiguousWdl::Loss | AmbiguousWdl::MaybeLoss => -2,
        AmbiguousWdl::BlessedLoss if !fifty_move_rule => -2,
        _ => 0,
    }
}

/// A WDL as a search score at `ply`: wins a little worse the deeper they
/// are found, so shorter routes into a won ending are preferred. A win
/// the fifty-move rule spoils is scored just above a draw.
fn score_of(wdl: Wdl, ply: usize, fifty_move_rule: bool) -> i32 {
    let win = TB_WIN - ply as i32;
    match wdl {
        Wdl::Win => win,
        Wdl::CursedWin if fifty_move_rule => DRAW + 1,
        Wdl::CursedWin => win,
        Wdl::Draw => DRAW,
        Wdl::BlessedLoss if fifty_move_rule => DRAW - 1,
        Wdl::BlessedLoss | Wdl::Loss => -win,
    }
}

impl Searcher {
    /// Inside the search: the node's exact score from the WDL tables, when
    /// they cover it, it was just reached by a zeroing move, and at least
    /// `probe_depth` is left.
    #[inline]
    pub(super) fn probe_tablebase(&mut self, pos: &Chess, ply: usize, depth: i32) -> Option<i32> {
        let tb = self.tablebase.as_ref()?;
        if ply == 0 || pos.halfmoves() != 0 || depth < self.settings.tablebase.probe_depth || !tb.covers(pos) {
            return None;
        }
        let score = tb.wdl_score(pos, ply, &self.settings.tablebase)?;
        self.tb_hits += 1;
        Some(score)
    }

    /// At the root: narrows the root moves to those that keep the tables'
    /// result. Returns the tables' score for the root when they cover it.
    pub(super) fn filter_root_by_tablebase(&mut self, pos: &Chess) -> Option<i32> {
        let tb: Arc<Syzygy> = Arc::clone(self.tablebase.as_ref()?);
        let (keep, score) = tb.root_moves(pos, &self.root_moves, &self.settings.tablebase)?;
        self.tb_hits += self.root_moves.len() as u64;
        if !keep.is_empty() {
            self.root_moves = keep;
        }
        Some(score)
    }
}

/// Where the integration tests find their data, so that every test
/// looks in one place.
#[cfg(test)]
#[path = "../../tests/common/test_data.rs"]
mod test_data;

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{fen::Fen, CastlingMode};

    /// The 3–4 piece tables of the test data folder, or `None` when this
    /// checkout has none: the test then passes without them, and the
    /// run's last line (tools/tests/what_was_skipped.rs) says so.
    fn tables() -> Option<Syzygy> {
        let dir = super::test_data::test_data("syzygy")?;
        Some(Syzygy::load(&dir.to_string_lossy()).expect("the test data's 3-4 piece tables load"))
    }

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    #[test]
    fn the_shared_tables_load_and_cover_four_pieces() {
        let Some(tb) = tables() else { return };
        assert!(tb.files >= 60, "{} files", tb.files);
        assert_eq!(tb.max_pieces(), 4);
        assert!(tb.covers(&pos("8/8/8/8/8/8/5k2/K2Q4 w - - 0 1")));
        assert!(!tb.covers(&Chess::default()));
        assert!(Syzygy::load("/nonexistent/tables").is_err());
    }

    #[test]
    fn wdl_scores_say_who_wins() {
        let Some(tb) = tables() else { return };
        let s = TablebaseSettings::default();
        // KQ v K, White to move: a win for White; Black to move: a loss.
        assert_eq!(tb.wdl_score(&pos("8/8/8/8/8/8/5k2/K2Q4 w - - 0 1"), 3, &s), Some(TB_WIN - 3));
        assert_eq!(tb.wdl_score(&pos("8/8/8/8/8/8/5k2/K2Q4 b - - 0 1"), 3, &s), Some(-(TB_WIN - 3)));
        // KB v K is a dead draw.
        assert_eq!(tb.wdl_score(&pos("8/8/8/8/8/8/5k2/K2B4 w - - 0 1"), 3, &s), Some(DRAW));
    }

    #[test]
    fn the_fifty_move_rule_decides_what_a_cursed_win_is_worth() {
        assert_eq!(score_of(Wdl::CursedWin, 4, true), DRAW + 1);
        assert_eq!(score_of(Wdl::CursedWin, 4, false), TB_WIN - 4);
        assert_eq!(score_of(Wdl::BlessedLoss, 4, true), DRAW - 1);
        assert_eq!(score_of(Wdl::BlessedLoss, 4, false), -(TB_WIN - 4));
        assert_eq!(rank_of(AmbiguousWdl::CursedWin, true), 0);
        assert_eq!(rank_of(AmbiguousWdl::CursedWin, false), 2);
        const _: () = assert!(TB_WIN - 128 > 20_000 && TB_WIN < MATE_BOUND, "tablebase wins rank below mates, above any evaluation");
    }

    #[test]
    fn root_filter_keeps_only_result_preserving_moves() {
        let Some(tb) = tables() else { return };
        let s = TablebaseSettings::default();
        // KQ v K: Qc7 stalemates, Qc8 mates at once.
        let p = pos("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1");
        let all = p.legal_moves();
        let (keep, score) = tb.root_moves(&p, &all, &s).unwrap();
        assert!(!keep.is_empty() && keep.len() < all.len(), "{} of {}", keep.len(), all.len());
        for m in &keep {
            let mut after = p.clone();
            after.play_unchecked(*m);
            let wdl = tb.tables.probe_wdl(&after).unwrap();
            assert_eq!(-rank_of(wdl, true), rank_of(tb.tables.probe_wdl(&p).unwrap(), true), "{m} changes the result");
        }
        assert_eq!(score, TB_WIN);
        assert_eq!(keep.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["Qc1-c8"], "the mate is the fastest win");
    }
}
