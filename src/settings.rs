//! What the options set, apart from their side effects: everything the
//! engine reads when it is asked for a move.
//!
//! Each field is written by one entry of the option table
//! (`uci::options`); options whose effect is an action — resizing the
//! table, starting threads, loading a book or tablebases, changing how
//! castling is written — are carried out by the engine instead.

use crate::search::SearchSettings;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The search rule and its knobs.
    pub search: SearchSettings,
    /// Milliseconds kept back from every move for the GUI's lag.
    pub move_overhead_ms: u64,
    /// How many best lines `go` reports (`MultiPV`).
    pub multi_pv: usize,
    /// Play from the opening book (`OwnBook`), its heaviest move only
    /// (`BestBookMove`).
    pub own_book: bool,
    pub best_book_move: bool,
    /// `UCI_LimitStrength` and `UCI_Elo`.
    pub limit_strength: bool,
    pub elo: u32,
    /// Report win/draw/loss shares with each score (`UCI_ShowWDL`).
    pub show_wdl: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            search: SearchSettings::default(),
            move_overhead_ms: 10,
            multi_pv: 1,
            own_book: false,
            best_book_move: false,
            limit_strength: false,
            elo: crate::search::strength::MAX_ELO,
            show_wdl: false,
        }
    }
}
