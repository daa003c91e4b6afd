//! Conspiracy numbers and the conspiracy-adjusted evaluation (Vu et al.
//! 2016, after McAllester; DESIGN.md §2.4).
//!
//! The conspiracy number CN(T, v) is the least number of leaves of T whose
//! values must change for the root's minimax value to become v. With m the
//! minimax value of a node:
//! * CN(leaf, v) = 0 if v is the leaf's value, else 1;
//! * CN(n, m) = 0;
//! * at a MAX node, v > m: one child must rise to v, the cheapest:
//!   min over children of CN(c, v); v < m: every child above v must fall to
//!   v: the sum of CN(c, v) over children with value > v;
//! * at a MIN node the mirror image: v < m: min over children; v > m: the
//!   sum over children with value < v.
//!
//! The sums and minima are exact because children share no leaves, and a
//! child that can be moved past v by some set of leaves can be moved to v
//! exactly by the same set (a minimax value moves continuously with its
//! leaves). The brute force below checks that reasoning by enumerating
//! leaf sets.
//!
//! CAEV weighs every value x near the minimax value m by how hard it is to
//! reach: CAEV = ∫ x / CN(x) dx / ∫ 1 / CN(x) dx over [m − RANGE, m + RANGE],
//! the integrals taken in segments of STEP, with CN(m) taken as 1.

use super::tree::GameTree;

/// A game tree written out to a depth, leaves at the horizon valued
/// statically: what conspiracy numbers are computed on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// Static value, MAX's view (a leaf's value).
    pub value: i64,
    pub max_to_move: bool,
    pub children: Vec<Written>,
}

impl Written {
    /// `tree` to `depth` plies; children in the tree's natural order.
    pub fn from_tree<T: GameTree>(tree: &T, depth: u32) -> Written {
        Written::subtree(tree, &tree.root(), depth)
    }

    fn subtree<T: GameTree>(tree: &T, node: &T::Node, depth: u32) -> Written {
        let count = if depth == 0 { 0 } else { tree.child_count(node) };
        let children = (0..count).map(|i| Written::subtree(tree, &tree.child(node, i), depth - 1)).collect();
        Written { value: tree.value(node), max_to_move: tree.max_to_move(node), children }
    }

    pub fn leaf_count(&self) -> usize {
        if self.children.is_empty() {
            1
        } else {
            self.children.iter().map(Written::leaf_count).sum()
        }
    }

    /// The minimax value, MAX's view.
    pub fn minimax(&self) -> i64 {
        self.value_with(&mut |leaf| leaf.value)
    }

    /// The minimax value when each leaf, met in depth-first order, is
    /// valued by `leaf_value`.
    fn value_with(&self, leaf_value: &mut impl FnMut(&Written) -> i64) -> i64 {
        if self.children.is_empty() {
            return leaf_value(self);
        }
        let values = self.children.iter().map(|c| c.value_with(leaf_value));
        if self.max_to_move { values.max() } else { values.min() }.unwrap_or(self.value)
    }
}

/// CN(node, v) for each v in `targets`, by the recursive definitions.
pub fn conspiracy_numbers(node: &Written, targets: &[i64]) -> Vec<u32> {
    profile(node, targets).1
}

/// (minimax value, CN for each target) of `node`.
fn profile(node: &Written, targets: &[i64]) -> (i64, Vec<u32>) {
    if node.children.is_empty() {
        return (node.value, targets.iter().map(|&v| u32::from(v != node.value)).collect());
    }
    let children: Vec<(i64, Vec<u32>)> = node.children.iter().map(|c| profile(c, targets)).collect();
    let values = children.iter().map(|(m, _)| *m);
    let m = if node.max_to_move { values.max() } else { values.min() }.unwrap_or(node.value);
    let cn = targets
        .iter()
        .enumerate()
        .map(|(j, &v)| {
            // The direction the root's value must move in, for the side to move.
            let toward_better = if node.max_to_move { v > m } else { v < m };
            if v == m {
                0
            } else if toward_better {
                // One child must get there: the cheapest one.
                children.iter().map(|(_, cn)| cn[j]).min().unwrap_or(0)
            } else {
                // Every child better than v for the side to move must fall back to it.
                let beyond = |cm: i64| if node.max_to_move { cm > v } else { cm < v };
                children.iter().filter(|(cm, _)| beyond(*cm)).map(|(_, cn)| cn[j]).sum()
            }
        })
        .collect();
    (m, cn)
}

/// CN(node, v) for each v in `targets` by enumerating leaf sets: the size
/// of the smallest set of leaves that, given free values, can put the root
/// at v. A set can reach exactly the values between the root's value with
/// those leaves all at −∞ and all at +∞ (the value moves continuously in
/// each leaf). Exponential in the leaves: for small trees and tests.
pub fn brute_force_conspiracy_numbers(node: &Written, targets: &[i64]) -> Vec<u32> {
    const FAR: i64 = 1 << 62;
    let leaves = node.leaf_count();
    assert!(leaves < 32, "brute force over {leaves} leaves");
    let mut cn = vec![u32::MAX; targets.len()];
    for set in 0u32..(1 << leaves) {
        let size = set.count_ones();
        let reach = |free: i64| {
            let mut i = 0;
            node.value_with(&mut |leaf| {
                i += 1;
                if set & (1 << (i - 1)) != 0 {
                    free
                } else {
                    leaf.value
                }
            })
        };
        let (low, high) = (reach(-FAR), reach(FAR));
        for (c, &v) in cn.iter_mut().zip(targets) {
            if (low..=high).contains(&v) && size < *c {
                *c = size;
            }
        }
    }
    cn
}

/// The sample points of CAEV's integrals: `m + j·step` for every j with
/// |j·step| ≤ range (always including m itself).
pub fn caev_points(m: i64, range: i64, step: i64) -> Vec<i64> {
    let n = range / step;
    (-n..=n).map(|j| m + j * step).collect()
}

/// The conspiracy-adjusted evaluation from CN at the sample points (CN 0,
/// which only the minimax value has, taken as 1). Each point stands for its
/// segment of width STEP, which cancels in the ratio.
pub fn caev(points: &[i64], cn: &[u32]) -> f64 {
    let weight = |c: u32| 1.0 / f64::from(c.max(1));
    let numerator: f64 = points.iter().zip(cn).map(|(&x, &c)| x as f64 * weight(c)).sum();
    let denominator: f64 = cn.iter().map(|&c| weight(c)).sum();
    numerator / denominator
}

/// The CAEV of a node: its CN profile around its own minimax value.
pub fn node_caev(node: &Written, range: i64, step: i64) -> f64 {
    let points = caev_points(node.minimax(), range, step);
    caev(&points, &conspiracy_numbers(node, &points))
}

/// The root move the conspiracy-adjusted player picks: the child of best
/// CAEV for the side to move (the first of equals).
pub fn caev_choice(root: &Written, range: i64, step: i64) -> Option<usize> {
    let scores: Vec<f64> = root.children.iter().map(|c| node_caev(c, range, step)).collect();
    let better = |a: f64, b: f64| if root.max_to_move { a > b } else { a < b };
    (0..scores.len()).reduce(|best, i| if better(scores[i], scores[best]) { i } else { best })
}

/// The root move plain minimax picks (the first of equals).
pub fn minimax_choice(root: &Written) -> Option<usize> {
    let values: Vec<i64> = root.children.iter().map(Written::minimax).collect();
    let better = |a: i64, b: i64| if root.max_to_move { a > b } else { a < b };
    (0..values.len()).reduce(|best, i| if better(values[i], values[best]) { i } else { best })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::tree::{splitmix64, RandomTree, TreeShape};

    fn leaf(value: i64, max_to_move: bool) -> Written {
        Written { value, max_to_move, children: Vec::new() }
    }

    /// MAX over two MIN nodes with leaves [3, 5] and [2, 9]: minimax 3.
    fn hand_tree() -> Written {
        let min = |a, b| Written { value: 0, max_to_move: false, children: vec![leaf(a, true), leaf(b, true)] };
        Written { value: 0, max_to_move: true, children: vec![min(3, 5), min(2, 9)] }
    }

    #[test]
    fn conspiracy_numbers_of_a_hand_worked_tree() {
        let tree = hand_tree();
        assert_eq!(tree.minimax(), 3);
        let targets = [1, 2, 3, 4, 5, 6, 9, 10];
        // 1: both MIN children must fall to 1 (one leaf each); 2: the first
        // must fall (one leaf), the second already is 2; 4: either MIN
        // child's least leaf rises; 6: the second child's 2 rises (its 9 is
        // above already); 10: both leaves of either child.
        assert_eq!(conspiracy_numbers(&tree, &targets), vec![2, 1, 0, 1, 1, 1, 1, 2]);
        assert_eq!(brute_force_conspiracy_numbers(&tree, &targets), vec![2, 1, 0, 1, 1, 1, 1, 2]);
    }

    #[test]
    fn caev_weighs_each_point_by_one_over_its_conspiracy_number() {
        // CN(m) = 0 counts as 1: weights 1, 1, 1/2 at −1, 0, +1.
        assert!((caev(&[-1, 0, 1], &[1, 0, 2]) - (-0.5 / 2.5)).abs() < 1e-12);
        assert_eq!(caev_points(10, 5, 2), vec![6, 8, 10, 12, 14]);
        assert_eq!(caev(&[4, 5, 6], &[1, 0, 1]), 5.0, "a symmetric profile keeps m");
        // The hand tree, m = 3, over [1, 5]: CN 2, 1, 0, 1, 1; weights ½, 1, 1, 1, 1.
        let expected = (0.5 * 1.0 + 2.0 + 3.0 + 4.0 + 5.0) / 4.5;
        assert!((node_caev(&hand_tree(), 2, 1) - expected).abs() < 1e-12);
    }

    /// Small random trees with the targets worth testing: every leaf value,
    /// its neighbours, and a coarse grid around the minimax value.
    fn cases(count: u64, max_leaves: usize) -> impl Iterator<Item = (Written, Vec<i64>)> {
        (0..count).filter_map(move |seed| {
            let branching = 2 + (splitmix64(seed) % 3) as u32;
            let depth = 1 + (splitmix64(seed ^ 5) % 4) as u32;
            let shape = TreeShape { branching, depth, uniform: seed % 5 == 0 };
            let tree = Written::from_tree(&RandomTree::new(shape, seed), depth);
            (tree.leaf_count() <= max_leaves).then(|| {
                let mut targets = caev_points(tree.minimax(), 1 << 17, 1 << 12);
                let mut stack = vec![&tree];
                while let Some(n) = stack.pop() {
                    if n.children.is_empty() {
                        targets.extend([n.value - 1, n.value, n.value + 1]);
                    }
                    stack.extend(&n.children);
                }
                targets.sort_unstable();
                targets.dedup();
                (tree, targets)
            })
        })
    }

    #[test]
    fn cn_is_zero_only_at_the_minimax_value_and_grows_moving_away_from_it() {
        let mut checked = 0;
        for (tree, targets) in cases(2000, 200) {
            let m = tree.minimax();
            let cn = conspiracy_numbers(&tree, &targets);
            for (&v, &c) in targets.iter().zip(&cn) {
                assert_eq!(c == 0, v == m, "CN({v}) = {c} with m = {m}");
            }
            for (w, c) in targets.windows(2).zip(cn.windows(2)) {
                if w[0] >= m {
                    assert!(c[0] <= c[1], "above m: CN({}) = {} > CN({}) = {}", w[0], c[0], w[1], c[1]);
                }
                if w[1] <= m {
                    assert!(c[0] >= c[1], "below m: CN({}) = {} < CN({}) = {}", w[0], c[0], w[1], c[1]);
                }
            }
            checked += 1;
        }
        assert!(checked > 1500);
    }

    #[test]
    fn cn_equals_the_brute_force_least_number_of_leaves_to_change() {
        let mut checked = 0;
        for (tree, targets) in cases(1500, 12) {
            assert_eq!(conspiracy_numbers(&tree, &targets), brute_force_conspiracy_numbers(&tree, &targets), "{tree:?}");
            for child in &tree.children {
                assert_eq!(conspiracy_numbers(child, &targets), brute_force_conspiracy_numbers(child, &targets));
            }
            checked += 1;
        }
        assert!(checked > 500, "only {checked} small trees");
    }

    #[test]
    fn changing_the_counted_leaves_really_moves_the_root() {
        // For CN(v) = 1 targets, some single leaf set to v puts the root at v.
        for (tree, targets) in cases(300, 12) {
            let cn = conspiracy_numbers(&tree, &targets);
            for (&v, _) in targets.iter().zip(&cn).filter(|(_, &c)| c == 1) {
                let reached = (0..tree.leaf_count()).any(|k| {
                    let mut i = 0;
                    tree.value_with(&mut |leaf| {
                        i += 1;
                        if i - 1 == k {
                            v
                        } else {
                            leaf.value
                        }
                    }) == v
                });
                assert!(reached, "CN({v}) = 1 but no single leaf moves the root there: {tree:?}");
            }
        }
    }

    #[test]
    fn the_caev_player_and_the_minimax_player_choose_among_the_root_moves() {
        let tree = hand_tree();
        assert_eq!(minimax_choice(&tree), Some(0));
        let choice = caev_choice(&tree, 8, 1).unwrap();
        let scores: Vec<f64> = tree.children.iter().map(|c| node_caev(c, 8, 1)).collect();
        assert!(scores.iter().all(|&s| s <= scores[choice]));
    }
}
