//! Forward estimation (Zhang 1995; docs/design.md §2.3): alpha-beta that does not
//! search a node whose whole reachable value range lies outside the window.
//!
//! A node with static value `c` (MAX's view) and `r` plies left below it can
//! only reach leaves whose values are `c` plus `r` edge costs, so with edge
//! costs in `[l, u]` its minimax value lies in `[c + l·r, c + u·r]`. δ ≤ 1
//! narrows that to `[c + δ·l·r, c + δ·u·r]`, trading decision quality for
//! nodes. The bounds are the generator's own (exact), or the least and
//! greatest edge cost the search has generated so far (learned on-line).
//!
//! The rule is applied at the node itself, before its children are
//! generated, which is the same as the parent's test on that child:
//! * a child that cannot reach the parent's alpha fails high in its own
//!   (negated) view — its worst case reaches its beta = −alpha — and returns
//!   that worst case, which the parent reads as an upper bound ≤ alpha: the
//!   child is skipped with the bound fail-soft needs;
//! * a child whose worst case already reaches the parent's beta fails low
//!   in its own view and returns its best case, which the parent reads as a
//!   lower bound ≥ beta: the parent is cut off.
//!
//! With exact bounds and δ = 1 these bounds are true bounds, so the search
//! keeps alpha-beta's fail-soft contract and root value and never generates
//! more nodes; with learned bounds or δ < 1 it is a forward-pruning gamble.

use super::alphabeta::{search, Frontier, Pruning, INFINITY};
use super::protocol::{Order, SearchResult};
use super::tree::GameTree;
use intrigue::search::forward::settle_range;

/// Where forward estimation gets its bounds on an edge's cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EdgeBounds {
    /// Known in advance (the random-tree generator's least and greatest cost).
    Exact { least: i64, greatest: i64 },
    /// The least and greatest edge cost generated so far in this search.
    Learned,
}

/// The forward-estimation rule: edge bounds and δ.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ForwardEstimation {
    pub bounds: EdgeBounds,
    /// δ in (0, 1]: the share of the bounds trusted.
    pub delta: f64,
}

impl ForwardEstimation {
    /// The range `[low, high]` (MAX's view) the node's value is estimated to
    /// lie in; `None` while learned bounds have seen no edge.
    pub fn reach(&self, node: &Frontier) -> Option<(i64, i64)> {
        let (least, greatest) = match self.bounds {
            EdgeBounds::Exact { least, greatest } => (least, greatest),
            EdgeBounds::Learned => {
                let seen = node.edges?;
                (seen.least, seen.greatest)
            }
        };
        let plies = node.remaining as i64;
        let scaled = |cost: i64| (self.delta * (cost * plies) as f64).round() as i64;
        Some((node.value + scaled(least), node.value + scaled(greatest)))
    }
}

impl Pruning for ForwardEstimation {
    fn settle(&self, node: &Frontier, alpha: i64, beta: i64) -> Option<i64> {
        let (low, high) = self.reach(node)?;
        // For the side to move: its worst and best case.
        let (worst, best) = if node.max_to_move { (low, high) } else { (-high, -low) };
        settle_range(worst, best, alpha, beta)
    }
}

/// Forward estimation on `tree` to `depth` plies with the full window.
pub fn forward_estimation<T: GameTree>(tree: &T, depth: u32, order: Order, rule: ForwardEstimation) -> SearchResult {
    search(tree, depth, order, (-INFINITY, INFINITY), &rule)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::alphabeta::{alpha_beta, tests::assert_fail_soft};
    use crate::lab::protocol::EdgeRange;
    use crate::lab::tree::{splitmix64, RandomTree, TreeShape, EDGE_COST_MAX, EDGE_COST_MIN};

    const EXACT: ForwardEstimation =
        ForwardEstimation { bounds: EdgeBounds::Exact { least: EDGE_COST_MIN, greatest: EDGE_COST_MAX }, delta: 1.0 };

    fn frontier(value: i64, max_to_move: bool, remaining: u32) -> Frontier {
        Frontier { value, max_to_move, remaining, edges: Some(EdgeRange { least: -10, greatest: 20 }) }
    }

    #[test]
    fn the_reachable_range_is_static_value_plus_plies_times_the_edge_bounds() {
        let exact = ForwardEstimation { bounds: EdgeBounds::Exact { least: -10, greatest: 20 }, delta: 1.0 };
        assert_eq!(exact.reach(&frontier(100, true, 2)), Some((80, 140)));
        let half = ForwardEstimation { delta: 0.5, ..exact };
        assert_eq!(half.reach(&frontier(100, false, 2)), Some((90, 120)));
        let learned = ForwardEstimation { bounds: EdgeBounds::Learned, delta: 1.0 };
        assert_eq!(learned.reach(&frontier(100, true, 3)), Some((70, 160)));
        assert_eq!(learned.reach(&Frontier { edges: None, ..frontier(100, true, 3) }), None, "nothing learned, nothing settled");
    }

    #[test]
    fn a_node_is_settled_only_when_its_whole_range_is_outside_the_window() {
        let exact = ForwardEstimation { bounds: EdgeBounds::Exact { least: -10, greatest: 20 }, delta: 1.0 };
        // MAX to move: range [80, 140] for MAX.
        let max = frontier(100, true, 2);
        assert_eq!(exact.settle(&max, 140, 200), Some(140), "cannot exceed alpha: upper bound");
        assert_eq!(exact.settle(&max, 139, 200), None);
        assert_eq!(exact.settle(&max, 0, 80), Some(80), "worst case reaches beta: lower bound");
        assert_eq!(exact.settle(&max, 0, 81), None);
        // MIN to move: MAX's range [80, 140] is [−140, −80] for MIN.
        let min = frontier(100, false, 2);
        assert_eq!(exact.settle(&min, -80, 0), Some(-80));
        assert_eq!(exact.settle(&min, -81, 0), None);
        assert_eq!(exact.settle(&min, -300, -140), Some(-140));
        assert_eq!(exact.settle(&min, -300, -139), None);
    }

    #[test]
    fn exact_bounds_at_delta_one_give_alpha_beta_value_and_move_with_no_more_nodes() {
        let mut saved = 0;
        for seed in 0..3000u64 {
            let branching = 1 + (splitmix64(seed) % 6) as u32;
            let depth = 1 + (splitmix64(seed ^ 77) % 6) as u32;
            let tree = RandomTree::new(TreeShape { branching, depth, uniform: seed % 3 == 0 }, seed);
            for order in [Order::Sorted, Order::Natural] {
                for k in 1..=depth {
                    let ab = alpha_beta(&tree, k, order);
                    let fe = forward_estimation(&tree, k, order, EXACT);
                    assert_eq!((fe.value, fe.best), (ab.value, ab.best), "{tree:?} depth {k} {order:?}");
                    assert!(fe.generated <= ab.generated, "{tree:?} depth {k} {order:?}: {} > {}", fe.generated, ab.generated);
                    saved += ab.generated - fe.generated;
                }
            }
        }
        assert!(saved > 0, "forward estimation never pruned anything");
    }

    #[test]
    fn exact_bounds_keep_the_fail_soft_contract() {
        assert_fail_soft(&EXACT);
    }

    #[test]
    fn on_papers_trees_exact_bounds_save_nodes_and_learned_bounds_save_more() {
        let shape = TreeShape { branching: 9, depth: 6, uniform: false };
        let (mut ab, mut exact, mut learned) = (0, 0, 0);
        for trial in 0..30 {
            let tree = RandomTree::trial(shape, 5, trial);
            ab += alpha_beta(&tree, 6, Order::Sorted).generated;
            exact += forward_estimation(&tree, 6, Order::Sorted, EXACT).generated;
            learned += forward_estimation(&tree, 6, Order::Sorted, ForwardEstimation { bounds: EdgeBounds::Learned, delta: 1.0 }).generated;
        }
        assert!(exact < ab, "exact {exact} vs alpha-beta {ab}");
        // Learned bounds can only be narrower than the generator's.
        assert!(learned <= exact, "learned {learned} vs exact {exact}");
    }
}
