//! What the GUI asked for in `go`: the clock, fixed limits, and the root
//! moves to consider.

use shakmaty::Move;

/// One side's clock as `go` reports it. Times may be negative: some GUIs
/// send the remaining time even after it has run out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub time_ms: i64,
    pub inc_ms: i64,
    pub moves_to_go: Option<u32>,
}

#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Our clock, when the game is timed.
    pub clock: Option<Clock>,
    pub movetime_ms: Option<u64>,
    /// Iterations to run (the nominal depth in alpha-beta mode).
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Stop once a mate in at most this many moves is found.
    pub mate: Option<u32>,
    /// Search until `stop`: no bestmove before it, whatever the search finds.
    pub infinite: bool,
    /// Start in ponder mode: no bestmove until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Restrict the root to these moves (empty: all legal moves).
    pub searchmoves: Vec<Move>,
    /// How many best lines to find and report (`MultiPV`; 0 counts as 1).
    pub multi_pv: usize,
    /// Report only this many of them (0: all). A weakened search finds
    /// more lines than the user asked to see.
    pub report_lines: usize,
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }
}
