//! Fail-soft alpha-beta in negamax form (docs/design.md §2.1): a search of a node
//! with window (alpha, beta) returns `ret` with `alpha < ret < beta` exact,
//! `ret >= beta` a lower bound and `ret <= alpha` an upper bound on the
//! node's value.
//!
//! The search takes a [`Pruning`] rule, asked at every node before its
//! children are generated; plain alpha-beta has none ([`NoPruning`]), and
//! forward estimation is alpha-beta plus its rule (`super::forward`), so the
//! two differ in nothing else.

use super::protocol::{EdgeRange, Generator, Order, SearchResult};
use super::tree::GameTree;

/// Beyond any value a lab tree can hold; the full window is (−INFINITY, INFINITY).
pub const INFINITY: i64 = 1 << 60;

/// What a pruning rule may look at before a node's children are generated.
#[derive(Clone, Copy, Debug)]
pub struct Frontier {
    /// The node's static value from MAX's view.
    pub value: i64,
    /// Whether MAX is to move at the node.
    pub max_to_move: bool,
    /// Plies left below the node (at least 1).
    pub remaining: u32,
    /// Edge costs the search has generated so far.
    pub edges: Option<EdgeRange>,
}

/// A rule that may settle a node without searching it.
pub trait Pruning {
    /// `Some(score)` (for the side to move) to return at once, instead of
    /// searching the node with window (`alpha`, `beta`); to keep the search
    /// fail-soft, `score` must be a valid bound: `<= alpha` an upper bound,
    /// `>= beta` a lower bound.
    fn settle(&self, node: &Frontier, alpha: i64, beta: i64) -> Option<i64>;
}

/// Plain alpha-beta: no node is settled without a search.
pub struct NoPruning;

impl Pruning for NoPruning {
    fn settle(&self, _: &Frontier, _: i64, _: i64) -> Option<i64> {
        None
    }
}

/// Alpha-beta with the full window: the root's minimax value and a best move.
pub fn alpha_beta<T: GameTree>(tree: &T, depth: u32, order: Order) -> SearchResult {
    search(tree, depth, order, (-INFINITY, INFINITY), &NoPruning)
}

/// Alpha-beta on `tree` to `depth` plies with the root window `window`
/// (for the side to move at the root), settling nodes by `rule`.
pub fn search<T: GameTree, P: Pruning>(tree: &T, depth: u32, order: Order, window: (i64, i64), rule: &P) -> SearchResult {
    let mut generator = Generator::new(tree, order);
    let root = tree.root();
    let (value, best) = negamax(&mut generator, rule, &root, tree.value(&root), depth, window.0, window.1);
    SearchResult { value, best, generated: generator.generated() }
}

/// The fail-soft score of `node` for the side to move, and the child that
/// gave it (if any child raised the score above the window's lower end).
fn negamax<T: GameTree, P: Pruning>(
    generator: &mut Generator<T>,
    rule: &P,
    node: &T::Node,
    value: i64,
    remaining: u32,
    mut alpha: i64,
    beta: i64,
) -> (i64, Option<usize>) {
    let tree = generator.tree();
    let max_to_move = tree.max_to_move(node);
    let static_score = if max_to_move { value } else { -value };
    if remaining == 0 || tree.child_count(node) == 0 {
        return (static_score, None);
    }
    let frontier = Frontier { value, max_to_move, remaining, edges: generator.edges() };
    if let Some(score) = rule.settle(&frontier, alpha, beta) {
        return (score, None);
    }
    let alpha0 = alpha;
    let mut best = (-INFINITY, None);
    let mut children = generator.children(node, value, remaining);
    while let Some(child) = children.next(generator) {
        let (child_score, _) = negamax(generator, rule, &child.node, child.value, remaining - 1, -beta, -alpha);
        let score = -child_score;
        if score > best.0 {
            best = (score, Some(child.index));
            alpha = alpha.max(score);
            if score >= beta {
                break;
            }
        }
    }
    // A move is only known best when its score is exact or a lower bound;
    // below the window every score is an upper bound and names no move.
    if best.0 <= alpha0 {
        best.1 = None;
    }
    best
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::lab::minimax::minimax;
    use crate::lab::tree::{splitmix64, RandomTree, TreeShape};

    /// Small trees of many shapes: (tree, its depth).
    fn small_trees(count: u64) -> impl Iterator<Item = (RandomTree, u32)> {
        (0..count).map(|seed| {
            let branching = 1 + (splitmix64(seed) % 5) as u32;
            let depth = 1 + (splitmix64(seed + 1000) % 5) as u32;
            let uniform = seed % 4 == 0;
            (RandomTree::new(TreeShape { branching, depth, uniform }, seed), depth)
        })
    }

    #[test]
    fn alpha_beta_returns_the_minimax_value_and_a_minimax_move() {
        for (tree, depth) in small_trees(3000) {
            for order in [Order::Sorted, Order::Natural] {
                for k in 1..=depth {
                    let exact = minimax(&tree, k);
                    let ab = alpha_beta(&tree, k, order);
                    assert_eq!(ab.value, exact.value, "{tree:?} depth {k} {order:?}");
                    let best = tree.child(&tree.root(), ab.best.unwrap());
                    let (best_value, _) =
                        negamax(&mut Generator::new(&tree, order), &NoPruning, &best, best.value, k - 1, -INFINITY, INFINITY);
                    assert_eq!(-best_value, exact.value, "the chosen move keeps the value");
                    assert!(ab.generated <= exact.generated);
                }
            }
        }
    }

    #[test]
    fn natural_order_plain_alpha_beta_matches_hand_counts_on_a_known_tree() {
        // Uniform b = 2, d = 2: the second MIN child is cut after its first
        // leaf exactly when that leaf is at most the first MIN child's value.
        for seed in 0..200 {
            let tree = RandomTree::new(TreeShape { branching: 2, depth: 2, uniform: true }, seed);
            let root = tree.root();
            let (a, b) = (tree.child(&root, 0), tree.child(&root, 1));
            let min_a = tree.child(&a, 0).value.min(tree.child(&a, 1).value);
            let cut = tree.child(&b, 0).value <= min_a;
            let expected = if cut { 5 } else { 6 };
            assert_eq!(alpha_beta(&tree, 2, Order::Natural).generated, expected, "seed {seed}");
        }
    }

    /// The fail-soft contract for `rule` on random windows around the true value.
    pub(crate) fn assert_fail_soft<P: Pruning>(rule: &P) {
        for (tree, depth) in small_trees(1500) {
            let truth = minimax(&tree, depth).value;
            let h = splitmix64(tree.root().id);
            for w in 0..6u64 {
                let spread = 1 + (splitmix64(h ^ w) % 60_000) as i64;
                let alpha = truth - spread + (splitmix64(h ^ (w + 99)) % (2 * spread as u64)) as i64;
                let beta = alpha + 1 + (splitmix64(h ^ (w + 7)) % 40_000) as i64;
                for order in [Order::Sorted, Order::Natural] {
                    let ret = search(&tree, depth, order, (alpha, beta), rule).value;
                    if ret >= beta {
                        assert!(truth >= ret, "fail high: truth {truth} < ret {ret} ({alpha}, {beta})");
                    } else if ret <= alpha {
                        assert!(truth <= ret, "fail low: truth {truth} > ret {ret} ({alpha}, {beta})");
                    } else {
                        assert_eq!(ret, truth, "inside ({alpha}, {beta}) the score is exact");
                    }
                }
            }
        }
    }

    #[test]
    fn fail_soft_bounds_hold_with_arbitrary_windows() {
        assert_fail_soft(&NoPruning);
    }
}
