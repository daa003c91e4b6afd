//! Plain minimax: every node to the horizon, MAX taking the greatest child
//! value and MIN the least. Written in the max/min form rather than as
//! negamax, so the tests hold alpha-beta against an independently written
//! reference.

use super::protocol::{Generator, Order, SearchResult};
use super::tree::GameTree;

/// The minimax value (MAX's view) of `tree` searched `depth` plies deep,
/// nodes at the horizon taking their static value; the root move is the
/// first child of best value.
pub fn minimax<T: GameTree>(tree: &T, depth: u32) -> SearchResult {
    let mut generator = Generator::new(tree, Order::Natural);
    let root = tree.root();
    let (value, best) = node_value(&mut generator, &root, tree.value(&root), depth);
    let value = if tree.max_to_move(&root) { value } else { -value };
    SearchResult { value, best, generated: generator.generated() }
}

/// (value from MAX's view, index of the first best child).
fn node_value<T: GameTree>(generator: &mut Generator<T>, node: &T::Node, value: i64, remaining: u32) -> (i64, Option<usize>) {
    if remaining == 0 {
        return (value, None);
    }
    let maximizing = generator.tree().max_to_move(node);
    let mut children = generator.children(node, value, remaining);
    let mut best: Option<(i64, usize)> = None;
    while let Some(child) = children.next(generator) {
        let (v, _) = node_value(generator, &child.node, child.value, remaining - 1);
        let better = match best {
            None => true,
            Some((b, _)) => {
                if maximizing {
                    v > b
                } else {
                    v < b
                }
            }
        };
        if better {
            best = Some((v, child.index));
        }
    }
    match best {
        None => (value, None),
        Some((v, index)) => (v, Some(index)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::tree::{RandomTree, TreeShape};

    /// The tree's value by brute enumeration of its leaves' paths: MAX at
    /// even depths takes the maximum, MIN the minimum.
    fn by_paths(tree: &RandomTree, path: &mut Vec<usize>, depth: u32) -> i64 {
        let node = tree.node_at(path).unwrap();
        let n = tree.child_count(&node);
        if depth == 0 || n == 0 {
            return node.value;
        }
        let values = (0..n).map(|i| {
            path.push(i);
            let v = by_paths(tree, path, depth - 1);
            path.pop();
            v
        });
        let values: Vec<i64> = values.collect();
        if path.len().is_multiple_of(2) {
            *values.iter().max().unwrap()
        } else {
            *values.iter().min().unwrap()
        }
    }

    #[test]
    fn minimax_generates_every_node_and_backs_up_max_and_min() {
        let shape = TreeShape { branching: 4, depth: 4, uniform: false };
        for seed in 0..50 {
            let tree = RandomTree::new(shape, seed);
            for depth in 1..=4 {
                let result = minimax(&tree, depth);
                assert_eq!(result.value, by_paths(&tree, &mut Vec::new(), depth), "seed {seed} depth {depth}");
                let best = result.best.unwrap();
                assert_eq!(by_paths(&tree, &mut vec![best], depth - 1), result.value, "the best move has the root's value");
            }
            let uniform = RandomTree::new(TreeShape { branching: 3, depth: 3, uniform: true }, seed);
            assert_eq!(minimax(&uniform, 3).generated, 3 + 9 + 27);
        }
    }
}
