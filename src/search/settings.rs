//! What a `go` searches with: the mode, and every knob of the search.

use super::budget::{CostModel, DepthPolicy, Tallies};
use super::interest::InterestParams;

/// Which depth policy `go` uses (UCI `SearchMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SearchMode {
    /// The default: what the engine is for, and it holds alpha-beta's
    /// level at equal time (docs/results.md).
    #[default]
    Interest,
    /// The modern alpha-beta search, kept as the yardstick.
    AlphaBeta,
}

impl SearchMode {
    pub const ALL: [SearchMode; 2] = [SearchMode::Interest, SearchMode::AlphaBeta];

    /// The name users see (the `SearchMode` option's choices).
    pub const fn name(self) -> &'static str {
        match self {
            SearchMode::Interest => "Interest",
            SearchMode::AlphaBeta => "AlphaBeta",
        }
    }

    /// The mode named `name`, in any case (`interest`, `AlphaBeta`, …).
    pub fn from_name(name: &str) -> Option<SearchMode> {
        SearchMode::ALL.into_iter().find(|m| m.name().eq_ignore_ascii_case(name))
    }
}

/// The search settings a `go` runs with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SearchSettings {
    pub mode: SearchMode,
    pub interest: InterestParams,
    /// The tunable constants of the selectivity both modes share.
    pub alphabeta: super::tunables::AlphaBetaParams,
    /// How the search uses Syzygy tables.
    pub tablebase: super::tablebase::TablebaseSettings,
    /// Forward estimation (off by default).
    pub forward: super::forward::ForwardSettings,
    /// The conspiracy player (off unless `ConspiracyDepth` > 0).
    pub conspiracy: super::conspiracy::ConspiracySettings,
    /// Which static evaluation both modes read.
    pub evaluator: crate::eval::Evaluator,
    /// Alpha-beta's late-move tools, on or off.
    pub late: LateMoves,
}

/// Alpha-beta's two late-move tools (UCI `LateMoveReductions`,
/// `LateMovePruning`). With both off, AlphaBeta mode is the plainer
/// alpha-beta of the article's table, whose rows measure interest search
/// against a search that does not already spend less on late moves.
/// Interest mode prices late moves by interest, so only the pruning
/// switch reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LateMoves {
    pub reductions: bool,
    pub pruning: bool,
}

impl Default for LateMoves {
    fn default() -> Self {
        LateMoves { reductions: true, pruning: true }
    }
}

impl SearchSettings {
    /// How the mode pays for moves: alpha-beta by plies and the late-move
    /// table on one tally; interest search by its cost model, on a tally
    /// per side unless `SeparateTallies` is off.
    pub fn policy(&self) -> DepthPolicy {
        match self.mode {
            SearchMode::AlphaBeta => DepthPolicy { costs: CostModel::LateMoveTable, tallies: Tallies::Shared },
            SearchMode::Interest => DepthPolicy {
                costs: self.interest.costs,
                tallies: if self.interest.separate_tallies { Tallies::Separate } else { Tallies::Shared },
            },
        }
    }
}
