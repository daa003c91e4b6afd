//! The standard bench: a fixed-depth search over a fixed set of positions,
//! single-threaded with a fresh 16 MB table per position. The total node
//! count is deterministic — the search's signature, quoted in commits as
//! `Bench: N` — and nodes/second, over the searches' time alone, is the
//! speed figure.

use std::sync::Arc;
use std::time::{Duration, Instant};

use shakmaty::CastlingMode;

use crate::eval::nnue::{self, Network};
use crate::game::Game;
use crate::search::budget::PricingCounts;
use crate::search::limits::Limits;
use crate::search::SearchSettings;
use crate::search::{Horizons, Outcome, Report, Searcher, Signals};
use crate::tt::TranspositionTable;

/// The bench's depth in plies, in either mode: both spend one ply of the
/// limit per ply of a plain line.
pub const DEFAULT_DEPTH: u32 = 11;

/// Openings, middlegames, endgames, positions in check, promotions and
/// mates, chosen to exercise every part of the search.
pub const POSITIONS: &[&str] = &[
    // Openings
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "rnbqk2r/ppp1ppbp/3p1np1/8/2PPP3/2N5/PP3PPP/R1BQKBNR w KQkq - 1 5",
    "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
    // Middlegames
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 3 8",
    "r2q1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1P2PN2/PB1NBPPP/R2Q1RK1 w - - 2 10",
    "2rq1rk1/pp1bppbp/3p1np1/4n3/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 9 13",
    "r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2N2B2/PPPQ2PP/R4R1K b - - 3 13",
    "r2qr1k1/1p1nbppp/p2pbn2/4p3/4P3/1NN1BP2/PPPQ2PP/2KR1B1R w - - 4 12",
    "3r1rk1/p1q2ppp/1pn1p3/2p5/2P1P3/P1B2P2/2Q3PP/R3KB1R w KQ - 1 18",
    "r1bqr1k1/ppp2pbp/2np1np1/4p3/2P1P3/2NP1NP1/PP3PBP/R1BQR1K1 b - - 3 9",
    "1r2r1k1/p4ppp/1qp2n2/3p4/3P1B2/2P1Q3/P4PPP/1R2R1K1 w - - 0 20",
    "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 1 7",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    // Tactics: checks, sacrifices, mates
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "2r3k1/1q1nbppp/r3p3/3pP3/pPpP4/P1Q2N2/2RN1PPP/2R4K b - b3 0 23",
    "r1b2rk1/pp1p1pp1/1b1p2B1/n1qQ2p1/8/5N2/P3RPPP/4R1K1 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1",
    "2kr3r/pp1q1ppp/5n2/1Nb5/2Pp1B2/7Q/P4PPP/1R3RK1 w - - 0 1",
    "r1bqk2r/pp3ppp/2pb4/3pN3/3Pn3/2PB4/PP3PPP/RNBQ1RK1 w kq - 1 9",
    // In check
    "rnbqk1nr/pppp1ppp/8/4p3/1b1PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3",
    "r3k2r/8/8/8/4q3/8/8/R3K2R w KQkq - 0 1",
    "8/8/8/8/8/5k2/7q/6K1 w - - 0 1",
    // Promotions
    "8/1P6/8/8/8/8/6p1/K5k1 w - - 0 1",
    "3r4/2P5/8/8/8/8/k7/4K3 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    // Endgames
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
    "8/5k2/8/3K4/8/8/4P3/8 w - - 0 1",
    "8/8/8/4k3/8/8/4PK2/8 b - - 0 1",
    "6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 1",
    "8/5pk1/6p1/7p/7P/6P1/5PK1/8 w - - 0 1",
    "8/8/3k4/3p4/3P4/3K4/8/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
    "8/8/8/8/8/2k5/8/K1q5 w - - 0 1",
    "1k6/8/8/8/8/8/6R1/5RK1 w - - 0 1",
    "8/6pk/7p/8/2r5/6PP/5PK1/1R6 w - - 0 1",
    "8/8/1p1k4/p1p5/P1P1K3/1P6/8/8 w - - 0 1",
    "5k2/8/8/8/8/8/8/3BBK2 w - - 0 1",
    "8/3k4/8/8/8/8/4QK2/8 w - - 0 1",
];

pub struct BenchResult {
    pub nodes: u64,
    pub elapsed_ms: u64,
    pub per_position: Vec<u64>,
}

impl BenchResult {
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.elapsed_ms.max(1)
    }

    /// The closing lines, in Stockfish's layout (OpenBench reads them).
    pub fn summary(&self) -> Vec<String> {
        vec![
            "===========================".to_string(),
            format!("Total time (ms) : {}", self.elapsed_ms),
            format!("Nodes searched  : {}", self.nodes),
            format!("Nodes/second    : {}", self.nps()),
        ]
    }
}

/// Searches every bench position to `depth`; `report` sees each position's
/// final iteration, and raising `signals.stop` ends the run early (the UCI
/// `bench` is stoppable like a search).
///
/// The time is the searches' alone. Each position's fresh 16 MB table and
/// searcher cost a few milliseconds to set up whatever the search does
/// next, so counting them would charge the mode that searches fewer nodes
/// a larger share of its nodes/s.
pub fn run(
    depth: u32,
    settings: SearchSettings,
    network: &Arc<Network>,
    signals: &Arc<Signals>,
    report: &mut dyn FnMut(&Report),
) -> BenchResult {
    let mut per_position = Vec::with_capacity(POSITIONS.len());
    let mut searching = Duration::ZERO;
    for fen in POSITIONS {
        if signals.stop.load(std::sync::atomic::Ordering::Relaxed) {
            break;
        }
        let mut last = None;
        let (outcome, took) = search_position(fen, depth, settings, network, signals, &mut |r| last = Some(r.clone()));
        searching += took;
        if let Some(r) = last {
            report(&r);
        }
        per_position.push(outcome.nodes);
    }
    BenchResult { nodes: per_position.iter().sum(), elapsed_ms: searching.as_millis() as u64, per_position }
}

/// One bench position searched to `depth` the bench's way: single-threaded,
/// a fresh 16 MB table; `report` sees every iteration. Returns the search's
/// outcome and how long it took, not counting the set-up.
fn search_position(
    fen: &str,
    depth: u32,
    settings: SearchSettings,
    network: &Arc<Network>,
    signals: &Arc<Signals>,
    report: &mut dyn FnMut(&Report),
) -> (Outcome, Duration) {
    let game = Game::from_fen(fen, CastlingMode::Standard).expect("bench positions are valid");
    let mut searcher = Searcher::new(Arc::new(TranspositionTable::new(16)), Arc::clone(signals));
    searcher.settings = settings;
    searcher.network = Arc::clone(network);
    let start = Instant::now();
    let outcome = searcher.think(&game, &Limits::depth(depth), 0, start, report);
    (outcome, start.elapsed())
}

/// One iteration of the bench's trees, summed over the positions that
/// completed it: how big the tree was and how its lines ended.
#[derive(Clone, Debug, Default)]
pub struct ShapeRow {
    pub iteration: u32,
    pub positions: usize,
    /// Nodes this iteration searched (not counting earlier ones).
    pub nodes: u64,
    /// The same positions' nodes in the iteration before, for the
    /// effective branching factor.
    pub previous_nodes: u64,
    pub pv_plies: u64,
    pub seldepth_sum: u64,
    /// Where this iteration's lines met their horizon.
    pub horizons: Horizons,
    /// How this iteration priced its later moves (interest mode).
    pub pricing: PricingCounts,
}

impl ShapeRow {
    /// How much bigger this iteration's tree was than the last one's.
    pub fn branching(&self) -> f64 {
        self.nodes as f64 / self.previous_nodes.max(1) as f64
    }

    pub fn mean_pv(&self) -> f64 {
        self.pv_plies as f64 / self.positions.max(1) as f64
    }

    pub fn mean_seldepth(&self) -> f64 {
        self.seldepth_sum as f64 / self.positions.max(1) as f64
    }

    pub fn line(&self) -> String {
        format!(
            "{:>9} {:>9} {:>12} {:>6.2} {:>6.2} {:>6.2} {:>8.2} {:>6.1} {:>6.1}",
            self.iteration,
            self.positions,
            self.nodes,
            self.branching(),
            self.mean_pv(),
            self.horizons.mean_ply(),
            self.mean_seldepth(),
            self.pricing.cut_percent(),
            self.pricing.deepened_percent()
        )
    }
}

/// `cut%`: of the nodes where interest priced a move, those whose move
/// loop it cut off; `<ply%`: of the moves it priced, those under a ply.
pub const SHAPE_HEADER: &str = "iteration positions        nodes    ebf     pv   line seldepth   cut%  <ply%";

/// The bench's search, every iteration kept: one row per iteration with the
/// tree's size, its growth over the iteration before (the effective
/// branching factor), the principal variation's mean length, the mean ply
/// at which a line met its horizon, and the mean deepest ply. The shape of
/// the two searches' trees, side by side (docs/changelog.md).
pub fn tree_shape(depth: u32, settings: SearchSettings) -> Vec<ShapeRow> {
    let signals = Arc::default();
    let network = nnue::embedded();
    let iterations: Vec<Vec<Report>> = POSITIONS
        .iter()
        .map(|fen| {
            let mut reports = Vec::new();
            search_position(fen, depth, settings, &network, &signals, &mut |r| {
                if r.multipv == 1 {
                    reports.push(r.clone());
                }
            });
            reports
        })
        .collect();
    let deepest = iterations.iter().map(Vec::len).max().unwrap_or(0);
    (0..deepest).map(|i| shape_row(&iterations, i)).collect()
}

/// Row `i` of the shape: every position's `i`-th iteration against its one before.
fn shape_row(iterations: &[Vec<Report>], i: usize) -> ShapeRow {
    let mut row = ShapeRow::default();
    for reports in iterations.iter().filter(|r| r.len() > i) {
        let now = &reports[i];
        row.iteration = now.depth;
        row.positions += 1;
        row.nodes += iteration_nodes(reports, i);
        row.previous_nodes += i.checked_sub(1).map_or(0, |j| iteration_nodes(reports, j));
        row.pv_plies += now.pv.len() as u64;
        row.seldepth_sum += now.seldepth as u64;
        row.horizons += now.horizons.since(&i.checked_sub(1).map_or(Horizons::default(), |j| reports[j].horizons));
        row.pricing += now.pricing.since(&i.checked_sub(1).map_or(PricingCounts::default(), |j| reports[j].pricing));
    }
    row
}

/// The nodes of iteration `i` alone (reports count from the search's start).
fn iteration_nodes(reports: &[Report], i: usize) -> u64 {
    reports[i].nodes - i.checked_sub(1).map_or(0, |j| reports[j].nodes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::SearchMode;
    use shakmaty::Position;

    #[test]
    fn bench_positions_are_legal_and_varied() {
        assert!((40..=50).contains(&POSITIONS.len()), "{}", POSITIONS.len());
        let mut checks = 0;
        for fen in POSITIONS {
            let g = Game::from_fen(fen, CastlingMode::Standard).unwrap_or_else(|e| panic!("{e}"));
            assert!(!g.position().legal_moves().is_empty(), "{fen} has no moves");
            checks += g.position().is_check() as usize;
        }
        assert!(checks >= 3);
    }

    #[test]
    fn bench_is_deterministic_in_both_modes() {
        for mode in [SearchMode::AlphaBeta, SearchMode::Interest] {
            let settings = SearchSettings { mode, ..SearchSettings::default() };
            let a = run(4, settings, &nnue::embedded(), &Arc::default(), &mut |_| {});
            let b = run(4, settings, &nnue::embedded(), &Arc::default(), &mut |_| {});
            assert_eq!(a.per_position, b.per_position, "{mode:?}");
            assert!(a.nodes > 0);
        }
    }

    #[test]
    fn the_shape_accounts_for_every_node_of_the_bench() {
        for mode in [SearchMode::AlphaBeta, SearchMode::Interest] {
            let settings = SearchSettings { mode, ..SearchSettings::default() };
            let rows = tree_shape(5, settings);
            let bench = run(5, settings, &nnue::embedded(), &Arc::default(), &mut |_| {});
            assert_eq!(rows.iter().map(|r| r.nodes).sum::<u64>(), bench.nodes, "{mode:?}");
            assert_eq!(rows.len(), 5, "{mode:?}");
            for row in &rows {
                assert!(row.horizons.count > 0 && row.mean_pv() >= 1.0, "{mode:?} {row:?}");
                assert!(row.horizons.mean_ply() <= row.mean_seldepth(), "{mode:?} {row:?}");
            }
        }
    }

    /// Interest mode with alpha-beta's costs (one ply a move, the late-move
    /// table's surcharges) and one shared tally walks alpha-beta's tree
    /// node for node: the modes share one walker and differ only in how a
    /// move is paid for.
    #[test]
    fn interest_mode_with_the_neutral_cost_model_is_alpha_beta() {
        use crate::search::budget::CostModel;
        use crate::search::interest::InterestParams;
        let alphabeta = SearchSettings { mode: SearchMode::AlphaBeta, ..SearchSettings::default() };
        let neutral = InterestParams { costs: CostModel::LateMoveTable, separate_tallies: false, ..InterestParams::default() };
        let interest = SearchSettings { mode: SearchMode::Interest, interest: neutral, ..SearchSettings::default() };
        let a = run(7, alphabeta, &nnue::embedded(), &Arc::default(), &mut |_| {});
        let b = run(7, interest, &nnue::embedded(), &Arc::default(), &mut |_| {});
        assert_eq!(a.per_position, b.per_position);
        let real = run(
            7,
            SearchSettings { mode: SearchMode::Interest, ..SearchSettings::default() },
            &nnue::embedded(),
            &Arc::default(),
            &mut |_| {},
        );
        assert_ne!(real.nodes, a.nodes, "the interest costs change the tree");
    }

    #[test]
    fn the_shape_shows_the_interest_cut_off_and_deepening_at_work() {
        use crate::search::interest::InterestParams;
        let with = |interest| tree_shape(6, SearchSettings { mode: SearchMode::Interest, interest, ..SearchSettings::default() });
        let total = |rows: &[ShapeRow]| {
            rows.iter().fold(PricingCounts::default(), |mut sum, r| {
                sum += r.pricing;
                sum
            })
        };
        let plain = total(&with(InterestParams { deepening_percent: 0, ..InterestParams::default() }));
        assert!(plain.priced_moves > 0 && plain.cut_nodes == 0 && plain.deepened_moves == 0, "{plain:?}");
        let cut = total(&with(InterestParams { cutoff: true, deepening_percent: 0, ..InterestParams::default() }));
        assert!(cut.cut_percent() > 10.0, "{cut:?}");
        let deep = total(&with(InterestParams::default()));
        assert!(deep.deepened_percent() > 1.0 && deep.cut_nodes == 0, "{deep:?}");
        let alphabeta = total(&tree_shape(6, SearchSettings { mode: SearchMode::AlphaBeta, ..SearchSettings::default() }));
        assert_eq!(alphabeta, PricingCounts::default(), "alpha-beta prices by its table");
    }

    #[test]
    fn a_higher_interest_limit_lengthens_the_average_line() {
        let settings = SearchSettings { mode: SearchMode::Interest, ..SearchSettings::default() };
        let rows = tree_shape(8, settings);
        let (first, last) = (&rows[1], &rows[rows.len() - 1]);
        assert!(last.horizons.mean_ply() > first.horizons.mean_ply() + 1.0, "{first:?} {last:?}");
    }
}
