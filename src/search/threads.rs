//! Lazy SMP: the main searcher and its helper threads on one table.
//!
//! Helpers search the same root with the same settings and no limits of
//! their own; they only fill the shared table (and count their nodes
//! toward `go nodes`). The main searcher alone reports, decides when to
//! stop and answers; when it is done the helpers are stopped. A helper
//! that panics is caught by joining it: the main search's answer stands,
//! and the caller rebuilds the helpers.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::thread;
use std::time::Instant;

use super::limits::Limits;
use super::tablebase::Syzygy;
use super::{Outcome, Report, SearchSettings, Searcher, Signals};
use crate::game::Game;
use crate::tt::TranspositionTable;

/// Stack for each search thread: deep lines recurse deeply.
pub const STACK_BYTES: usize = 64 * 1024 * 1024;

pub struct SearchThreads {
    /// The searcher that reports and answers.
    pub main: Searcher,
    /// Helper threads' searchers, kept across searches so their tables
    /// and buffers are allocated once.
    helpers: Vec<Searcher>,
    /// The helpers' stop flag: raised when the main thread has its move.
    helper_signals: Arc<Signals>,
    /// The engine's signals (`stop`, `ponderhit`, node counts).
    signals: Arc<Signals>,
}

impl SearchThreads {
    pub fn new(tt: Arc<TranspositionTable>, signals: Arc<Signals>) -> SearchThreads {
        let main = Searcher::new(tt, Arc::clone(&signals));
        SearchThreads { main, helpers: Vec::new(), helper_signals: Arc::new(Signals::default()), signals }
    }

    /// How many threads search: the main one and `threads - 1` helpers.
    pub fn count(&self) -> usize {
        self.helpers.len() + 1
    }

    pub fn set_threads(&mut self, threads: usize) {
        self.helpers.clear();
        for id in 1..threads.max(1) {
            let tt = Arc::clone(&self.main.tt);
            self.helpers.push(Searcher::helper(tt, Arc::clone(&self.helper_signals), id, Arc::clone(&self.signals)));
        }
    }

    /// Installs a new table; every reference to the old one is dropped
    /// before the new one is used.
    pub fn set_table(&mut self, tt: TranspositionTable) {
        self.main.tt = Arc::new(tt);
        for h in &mut self.helpers {
            h.tt = Arc::clone(&self.main.tt);
        }
    }

    pub fn set_tablebase(&mut self, tb: Option<Arc<Syzygy>>) {
        self.main.tablebase = tb;
    }

    /// Forgets the game: the table, histories and killers of every thread.
    pub fn new_game(&mut self) {
        self.main.tt.clear();
        self.main.new_game();
        for h in &mut self.helpers {
            h.new_game();
        }
    }

    /// Fresh searchers after a panic left the old ones in an unknown
    /// state; the table and tablebases are kept (the table's entries are
    /// checked on every probe).
    pub fn rebuild(&mut self) {
        let tablebase = self.main.tablebase.take();
        self.main = Searcher::new(Arc::clone(&self.main.tt), Arc::clone(&self.signals));
        self.main.tablebase = tablebase;
        self.set_threads(self.count());
    }

    /// Searches `game` with every thread; the main searcher's reports go
    /// to `report`. Returns the main searcher's outcome, and whether a
    /// helper failed (its searchers are rebuilt already).
    pub fn think(
        &mut self,
        game: &Game,
        settings: SearchSettings,
        limits: &Limits,
        overhead_ms: u64,
        start: Instant,
        report: &mut dyn FnMut(&Report),
    ) -> (Outcome, bool) {
        if table_outdated(&self.main.settings, &settings) {
            self.main.tt.clear();
        }
        self.main.settings = settings;
        for h in &mut self.helpers {
            h.settings = settings;
            h.tablebase = self.main.tablebase.clone();
            h.network = Arc::clone(&self.main.network);
        }
        self.helper_signals.reset(false);
        let (main, helpers, helper_signals) = (&mut self.main, &mut self.helpers, &self.helper_signals);
        let mut helper_failed = false;
        let outcome = thread::scope(|scope| {
            let mut running = Vec::with_capacity(helpers.len());
            for helper in helpers.iter_mut() {
                let limits = helper_limits(limits);
                let started = thread::Builder::new().stack_size(STACK_BYTES).spawn_scoped(scope, move || {
                    helper.think(game, &limits, 0, start, &mut |_| {});
                });
                match started {
                    Ok(handle) => running.push(handle),
                    Err(_) => log::warn!("could not start a helper thread; searching with fewer threads"),
                }
            }
            // Stop the helpers however the main search ends.
            let stop_helpers = StopOnDrop(helper_signals);
            let outcome = main.think(game, limits, overhead_ms, start, report);
            drop(stop_helpers);
            for handle in running {
                helper_failed |= handle.join().is_err();
            }
            outcome
        });
        if helper_failed {
            self.set_threads(self.count());
        }
        (outcome, helper_failed)
    }
}

/// What a helper is asked to search: the same root moves and `go nodes`,
/// so that helpers stop at the node limit too while the main thread waits
/// for a core (more threads than cores), and no clock or depth of their
/// own: the main search stops them.
fn helper_limits(limits: &Limits) -> Limits {
    Limits { searchmoves: limits.searchmoves.clone(), nodes: limits.nodes, ..Limits::default() }
}

/// Raises a stop flag when dropped: the helpers stop even when the main
/// search unwinds.
struct StopOnDrop<'a>(&'a Signals);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.stop.store(true, Relaxed);
    }
}

/// Whether a search with `next` settings must not read what one with
/// `previous` settings stored: another evaluator's static evaluations
/// (`Use NNUE`) would be read as this one's, and the other mode's entries
/// were searched under other prices (the A/B match compares them apart).
fn table_outdated(previous: &SearchSettings, next: &SearchSettings) -> bool {
    previous.mode != next.mode || previous.evaluator != next.evaluator
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Evaluator;
    use crate::search::limits::Clock;
    use crate::search::SearchMode;
    use shakmaty::{Move, Role, Square};

    #[test]
    fn switching_the_evaluator_or_the_mode_outdates_the_table() {
        let network = SearchSettings { mode: SearchMode::AlphaBeta, ..SearchSettings::default() };
        let classical = SearchSettings { evaluator: Evaluator::using_network(false), ..network };
        let interest = SearchSettings { mode: SearchMode::Interest, ..network };
        assert!(table_outdated(&network, &classical) && table_outdated(&classical, &network));
        assert!(table_outdated(&network, &interest));
        let mut tuned = network;
        tuned.interest.cost_scale = 150;
        assert!(!table_outdated(&network, &tuned) && !table_outdated(&network, &network));
    }

    #[test]
    fn helpers_keep_the_node_limit_and_root_moves_but_not_the_clock() {
        let e2e4 = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
        let clock = Clock { time_ms: 1000, inc_ms: 10, moves_to_go: None };
        let asked = Limits { nodes: Some(200_000), depth: Some(9), clock: Some(clock), searchmoves: vec![e2e4], ..Limits::default() };
        let given = helper_limits(&asked);
        assert_eq!(given.nodes, Some(200_000));
        assert_eq!(given.searchmoves, vec![e2e4]);
        assert!(given.depth.is_none() && given.clock.is_none() && given.movetime_ms.is_none());
    }
}
