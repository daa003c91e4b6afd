//! Conspiracy numbers on random trees: the lab writes a tree out to a
//! depth and checks the chess search's conspiracy numbers and CAEV
//! (`search::caev`, docs/design.md §2.4) against a brute force that
//! enumerates leaf sets.

use super::tree::GameTree;
pub use intrigue::search::caev::{caev, caev_choice, caev_points, conspiracy_numbers, minimax_choice, node_caev, Written};

/// `tree` written out to `depth` plies; children in the tree's natural order.
pub fn written<T: GameTree>(tree: &T, depth: u32) -> Written {
    subtree(tree, &tree.root(), depth)
}

fn subtree<T: GameTree>(tree: &T, node: &T::Node, depth: u32) -> Written {
    let count = if depth == 0 { 0 } else { tree.child_count(node) };
    let children = (0..count).map(|i| subtree(tree, &tree.child(node, i), depth - 1)).collect();
    Written { value: tree.value(node), max_to_move: tree.max_to_move(node), children }
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
            let tree = written(&RandomTree::new(shape, seed), depth);
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
