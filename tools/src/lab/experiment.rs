//! The papers' experiments and their tables: forward estimation against
//! alpha-beta by search depth (Zhang 1995), the δ sweep, and conspiracy
//! numbers checked against brute force (Vu et al. 2016).

use std::fmt::Write;

use super::alphabeta::alpha_beta;
use super::conspiracy::{
    brute_force_conspiracy_numbers, caev_choice, caev_points, conspiracy_numbers, minimax_choice, node_caev, written, Written,
};
use super::forward::{forward_estimation, EdgeBounds, ForwardEstimation};
use super::protocol::{Order, SearchResult};
use super::tree::{RandomTree, TreeShape, EDGE_COST_MAX, EDGE_COST_MIN};

/// One forward-estimation experiment: which trees, how searched.
#[derive(Clone, Debug, PartialEq)]
pub struct ForwardConfig {
    pub shape: TreeShape,
    pub trials: u64,
    pub seed: u64,
    pub order: Order,
    /// δ values to sweep (empty: no sweep).
    pub deltas: Vec<f64>,
}

/// An algorithm's showing at one search depth, over all trees.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Measure {
    /// Mean nodes generated per search.
    pub nodes: f64,
    /// Decision quality: % of trees where the search picked the full-depth move.
    pub quality: f64,
    /// % of trees where the root value equals alpha-beta's at the same depth
    /// (always 100 for exact bounds at δ = 1; what unsafe pruning costs otherwise).
    pub same_value: f64,
}

/// One row of Zhang's table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DepthRow {
    pub depth: u32,
    pub alpha_beta: Measure,
    pub exact: Measure,
    pub learned: Measure,
}

/// One row of the δ sweep: forward estimation at δ with both kinds of bounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeltaRow {
    pub delta: f64,
    pub depth: u32,
    pub exact: Measure,
    pub learned: Measure,
}

/// The forward-estimation experiment's results.
#[derive(Clone, Debug, PartialEq)]
pub struct ForwardTable {
    pub config: ForwardConfig,
    pub rows: Vec<DepthRow>,
    pub sweep: Vec<DeltaRow>,
}

/// A search the experiment runs at every depth.
#[derive(Clone, Copy, Debug)]
enum Algorithm {
    AlphaBeta,
    Forward { learned: bool, delta: f64 },
}

impl Algorithm {
    fn run(self, tree: &RandomTree, depth: u32, order: Order) -> SearchResult {
        match self {
            Algorithm::AlphaBeta => alpha_beta(tree, depth, order),
            Algorithm::Forward { learned, delta } => {
                let (least, greatest) = tree.edge_cost_bounds();
                let bounds = if learned { EdgeBounds::Learned } else { EdgeBounds::Exact { least, greatest } };
                forward_estimation(tree, depth, order, ForwardEstimation { bounds, delta })
            }
        }
    }
}

/// Nodes and agreements summed over trees, for one algorithm at one depth.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    nodes: u64,
    same_move: u64,
    same_value: u64,
}

impl Tally {
    fn measure(self, trials: u64) -> Measure {
        let percent = |n: u64| 100.0 * n as f64 / trials as f64;
        Measure { nodes: self.nodes as f64 / trials as f64, quality: percent(self.same_move), same_value: percent(self.same_value) }
    }
}

/// Runs alpha-beta, forward estimation with exact and with learned bounds
/// (and each δ of the sweep) at every search depth 1..=d on `trials`
/// trees. A depth-k search treats depth-k nodes as leaves valued
/// statically; its move is held against a full-depth alpha-beta search's,
/// its root value against alpha-beta's at depth k.
pub fn forward_table(config: &ForwardConfig) -> ForwardTable {
    let mut algorithms =
        vec![Algorithm::AlphaBeta, Algorithm::Forward { learned: false, delta: 1.0 }, Algorithm::Forward { learned: true, delta: 1.0 }];
    for &delta in &config.deltas {
        algorithms.extend([Algorithm::Forward { learned: false, delta }, Algorithm::Forward { learned: true, delta }]);
    }
    let depth = config.shape.depth;
    let mut tallies = vec![vec![Tally::default(); depth as usize]; algorithms.len()];
    for trial in 0..config.trials {
        let tree = RandomTree::trial(config.shape, config.seed, trial);
        let reference = alpha_beta(&tree, depth, config.order).best;
        for k in 1..=depth {
            let results: Vec<SearchResult> = algorithms.iter().map(|a| a.run(&tree, k, config.order)).collect();
            for (result, tallies) in results.iter().zip(&mut tallies) {
                let tally = &mut tallies[k as usize - 1];
                tally.nodes += result.generated;
                tally.same_move += u64::from(result.best == reference);
                tally.same_value += u64::from(result.value == results[0].value);
            }
        }
    }
    let measure = |algorithm: usize, k: u32| tallies[algorithm][k as usize - 1].measure(config.trials);
    let rows =
        (1..=depth).map(|k| DepthRow { depth: k, alpha_beta: measure(0, k), exact: measure(1, k), learned: measure(2, k) }).collect();
    let sweep = config
        .deltas
        .iter()
        .enumerate()
        .flat_map(|(i, &delta)| (1..=depth).map(move |k| (i, delta, k)))
        .map(|(i, delta, k)| DeltaRow { delta, depth: k, exact: measure(3 + 2 * i, k), learned: measure(4 + 2 * i, k) })
        .collect();
    ForwardTable { config: config.clone(), rows, sweep }
}

/// The header line of the table's CSV form.
pub const FORWARD_CSV_HEADER: &str = "depth,ab_nodes,ab_quality,fe_exact_nodes,fe_exact_quality,fe_learned_nodes,fe_learned_quality";
/// The header line of the δ sweep's CSV form.
pub const DELTA_CSV_HEADER: &str = "delta,depth,fe_exact_nodes,fe_exact_quality,fe_learned_nodes,fe_learned_quality";

/// What was run, in words: the first lines of every report.
pub fn describe_trees(shape: TreeShape, trials: u64, seed: u64) -> String {
    let branching = if shape.uniform {
        format!("branching {} everywhere (--uniform)", shape.branching)
    } else {
        format!("branching uniform in 1..{} (root {})", shape.branching, shape.root_branching())
    };
    format!(
        "Korf random trees: {branching}, depth {}, {trials} trees, seed {seed}; edge costs uniform in {EDGE_COST_MIN}..={EDGE_COST_MAX}",
        shape.depth
    )
}

impl ForwardTable {
    /// The table as people read it.
    pub fn text(&self) -> String {
        let c = &self.config;
        let mut out = String::new();
        let _ = writeln!(out, "Forward estimation vs alpha-beta on {}", describe_trees(c.shape, c.trials, c.seed));
        let _ = writeln!(out, "protocol {}", c.order.describe());
        let _ = writeln!(out, "nodes: mean nodes generated by one depth-k search (root excluded); quality: % of trees where it picks");
        let _ = writeln!(out, "the move of the full-depth ({}-ply) alpha-beta search; FE/AB: FE's nodes over alpha-beta's", c.shape.depth);
        let _ = writeln!(
            out,
            "FE exact: edge bounds {EDGE_COST_MIN} and {EDGE_COST_MAX}; FE learned: least/greatest edge cost generated so far; delta 1"
        );
        let _ = writeln!(out);
        let _ = writeln!(out, "       {:^19} {:^27} {:^27}", "alpha-beta", "FE exact", "FE learned");
        let _ = writeln!(
            out,
            "depth  {:>10} {:>8} {:>10} {:>8} {:>7} {:>10} {:>8} {:>7}",
            "nodes", "quality", "nodes", "quality", "FE/AB", "nodes", "quality", "FE/AB"
        );
        for r in &self.rows {
            let ratio = |m: Measure| m.nodes / r.alpha_beta.nodes;
            let _ = writeln!(
                out,
                "{:>5}  {:>10.1} {:>7.1}% {:>10.1} {:>7.1}% {:>7.3} {:>10.1} {:>7.1}% {:>7.3}",
                r.depth,
                r.alpha_beta.nodes,
                r.alpha_beta.quality,
                r.exact.nodes,
                r.exact.quality,
                ratio(r.exact),
                r.learned.nodes,
                r.learned.quality,
                ratio(r.learned)
            );
        }
        let searches = c.trials * self.rows.len() as u64;
        let same =
            |pick: fn(&DepthRow) -> Measure| self.rows.iter().map(|r| pick(r).same_value * c.trials as f64 / 100.0).sum::<f64>().round();
        let _ = writeln!(
            out,
            "root value equal to alpha-beta's at the same depth: FE exact in {} of {searches} searches, FE learned in {}",
            same(|r| r.exact),
            same(|r| r.learned)
        );
        if !self.sweep.is_empty() {
            let _ = writeln!(out);
            let _ = writeln!(out, "delta sweep: forward estimation with bounds scaled by delta (nodes vs decision quality);");
            let _ = writeln!(out, "value=AB: % of trees where the root value equals alpha-beta's at the same depth");
            let _ = writeln!(out, "             {:^29} {:^29}", "exact bounds", "learned bounds");
            let _ = writeln!(
                out,
                "delta depth  {:>10} {:>8} {:>9} {:>10} {:>8} {:>9}",
                "nodes", "quality", "value=AB", "nodes", "quality", "value=AB"
            );
            for r in &self.sweep {
                let (e, l) = (r.exact, r.learned);
                let _ = writeln!(
                    out,
                    "{:>5.2} {:>5}  {:>10.1} {:>7.1}% {:>8.1}% {:>10.1} {:>7.1}% {:>8.1}%",
                    r.delta, r.depth, e.nodes, e.quality, e.same_value, l.nodes, l.quality, l.same_value
                );
            }
        }
        out
    }

    /// The table as CSV under [`FORWARD_CSV_HEADER`]; the δ sweep, if any,
    /// follows after a blank line under [`DELTA_CSV_HEADER`].
    pub fn csv(&self) -> String {
        let mut out = format!("{FORWARD_CSV_HEADER}\n");
        for r in &self.rows {
            let _ = writeln!(
                out,
                "{},{:.2},{:.1},{:.2},{:.1},{:.2},{:.1}",
                r.depth, r.alpha_beta.nodes, r.alpha_beta.quality, r.exact.nodes, r.exact.quality, r.learned.nodes, r.learned.quality
            );
        }
        if !self.sweep.is_empty() {
            let _ = writeln!(out, "\n{DELTA_CSV_HEADER}");
            for r in &self.sweep {
                let _ = writeln!(
                    out,
                    "{},{},{:.2},{:.1},{:.2},{:.1}",
                    r.delta, r.depth, r.exact.nodes, r.exact.quality, r.learned.nodes, r.learned.quality
                );
            }
        }
        out
    }
}

/// One conspiracy-number experiment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ConspiracyConfig {
    pub shape: TreeShape,
    pub trials: u64,
    pub seed: u64,
    /// CAEV's RANGE and STEP.
    pub range: i64,
    pub step: i64,
}

/// Trees with more leaves than this are not checked by brute force (2^leaves sets).
pub const BRUTE_FORCE_MAX_LEAVES: usize = 18;
/// How many trees the report shows in full.
pub const TREES_SHOWN: u64 = 3;

/// The conspiracy report and the brute-force check's verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct ConspiracyReport {
    pub text: String,
    /// (tree, v) points where the recursive CN and the brute force agree / differ.
    pub agree: u64,
    pub differ: u64,
}

/// CN of the root at CAEV's sample points and each root move's CAEV for
/// the first trees; for every tree, CN checked against brute force at those
/// points and the CAEV player's move held against the minimax player's.
pub fn conspiracy_report(config: &ConspiracyConfig) -> ConspiracyReport {
    let mut out = String::new();
    let _ = writeln!(out, "Conspiracy numbers on {}", describe_trees(config.shape, config.trials, config.seed));
    let _ = writeln!(
        out,
        "CN(T, v) at v = m + j*{} for |j*{}| <= {} (m: the root's minimax value); CAEV over that range, CN(m) taken as 1",
        config.step, config.step, config.range
    );
    let (mut agree, mut differ, mut unchecked, mut same_choice) = (0, 0, 0, 0);
    for trial in 0..config.trials {
        let tree = written(&RandomTree::trial(config.shape, config.seed, trial), config.shape.depth);
        let points = caev_points(tree.minimax(), config.range, config.step);
        let cn = conspiracy_numbers(&tree, &points);
        if tree.leaf_count() <= BRUTE_FORCE_MAX_LEAVES {
            let brute = brute_force_conspiracy_numbers(&tree, &points);
            let same = cn.iter().zip(&brute).filter(|(a, b)| a == b).count() as u64;
            agree += same;
            differ += cn.len() as u64 - same;
            if cn != brute {
                let _ = writeln!(out, "MISMATCH in tree {trial}: recursive {cn:?}, brute force {brute:?}");
            }
        } else {
            unchecked += 1;
        }
        let minimax_move = minimax_choice(&tree);
        let caev_move = caev_choice(&tree, config.range, config.step);
        same_choice += u64::from(minimax_move == caev_move);
        if trial < TREES_SHOWN {
            show_tree(&mut out, trial, &tree, &points, &cn, config);
        }
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "brute force: CN agrees at {agree} of {} (tree, v) points, differs at {differ}; {} trees checked, {unchecked} skipped (more than {BRUTE_FORCE_MAX_LEAVES} leaves)",
        agree + differ,
        config.trials - unchecked
    );
    let _ = writeln!(out, "the CAEV player picks the minimax player's move in {same_choice} of {} trees", config.trials);
    ConspiracyReport { text: out, agree, differ }
}

/// One tree in full: the root's CN profile and every root move's value and CAEV.
fn show_tree(out: &mut String, trial: u64, tree: &Written, points: &[i64], cn: &[u32], config: &ConspiracyConfig) {
    let m = tree.minimax();
    let _ = writeln!(out, "\ntree {trial}: minimax value m = {m}, {} leaves, {} root moves", tree.leaf_count(), tree.children.len());
    let offsets: Vec<String> = points.iter().map(|v| format!("{:>7}", v - m)).collect();
    let numbers: Vec<String> = cn.iter().map(|c| format!("{c:>7}")).collect();
    let _ = writeln!(out, "  v - m    {}", offsets.join(""));
    let _ = writeln!(out, "  CN(T,v)  {}", numbers.join(""));
    let _ = writeln!(out, "  move   minimax      CAEV");
    for (i, child) in tree.children.iter().enumerate() {
        let _ = writeln!(out, "  {i:>4} {:>9} {:>11.1}", child.minimax(), node_caev(child, config.range, config.step));
    }
    let name = |choice: Option<usize>| choice.map_or("-".to_string(), |c| c.to_string());
    let _ = writeln!(
        out,
        "  minimax picks move {}, CAEV picks move {}",
        name(minimax_choice(tree)),
        name(caev_choice(tree, config.range, config.step))
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(deltas: Vec<f64>) -> ForwardConfig {
        ForwardConfig { shape: TreeShape { branching: 5, depth: 5, uniform: false }, trials: 40, seed: 3, order: Order::Sorted, deltas }
    }

    #[test]
    fn full_depth_alpha_beta_and_exact_forward_estimation_always_pick_the_reference_move() {
        let table = forward_table(&config(Vec::new()));
        assert_eq!(table.rows.len(), 5);
        let last = table.rows[4];
        assert_eq!((last.alpha_beta.quality, last.exact.quality), (100.0, 100.0));
        for r in &table.rows {
            assert!(r.exact.nodes <= r.alpha_beta.nodes, "depth {}: FE exact never generates more", r.depth);
            assert_eq!(r.exact.quality, r.alpha_beta.quality, "the same move at every depth");
            assert_eq!((r.alpha_beta.same_value, r.exact.same_value), (100.0, 100.0), "the same value at every depth");
        }
        // Depth 1 searches generate exactly the root's children: the root has 3 (mean of 1..5).
        assert_eq!(table.rows[0].alpha_beta.nodes, 3.0);
    }

    #[test]
    fn the_sweep_holds_a_row_per_delta_and_depth_and_delta_one_repeats_the_table() {
        let table = forward_table(&config(vec![1.0, 0.5]));
        assert_eq!(table.sweep.len(), 10);
        for (r, row) in table.sweep[..5].iter().zip(&table.rows) {
            assert_eq!((r.delta, r.exact, r.learned), (1.0, row.exact, row.learned));
        }
        let half = &table.sweep[5..];
        assert!(half.iter().zip(&table.rows).map(|(h, r)| h.exact.nodes - r.exact.nodes).sum::<f64>() < 0.0, "δ = 0.5 prunes more");
        assert!(half.iter().any(|h| h.exact.same_value < 100.0), "and sometimes prunes the principal variation");
    }

    #[test]
    fn csv_has_the_header_and_a_line_per_depth() {
        let csv = forward_table(&config(Vec::new())).csv();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], FORWARD_CSV_HEADER);
        assert_eq!(lines.len(), 6);
        assert!(lines[1..].iter().all(|l| l.split(',').count() == 7));
        assert!(lines[5].starts_with("5,"));
    }

    #[test]
    fn the_conspiracy_report_checks_every_small_tree() {
        let shape = TreeShape { branching: 3, depth: 3, uniform: false };
        let report = conspiracy_report(&ConspiracyConfig { shape, trials: 30, seed: 2, range: 1 << 15, step: 1 << 12 });
        assert_eq!(report.differ, 0);
        assert_eq!(report.agree, 30 * 17, "{}", report.text);
        assert!(report.text.contains("tree 2:") && !report.text.contains("tree 3:"));
    }
}
