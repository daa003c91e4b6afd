//! Game trees for the lab: the small trait every lab algorithm is written
//! against, and Korf's incremental random trees (docs/design.md §2.5), the trees
//! Zhang's and Vu et al.'s experiments were run on.
//!
//! A random tree is never stored. Every node is named by a 64-bit hash of
//! (seed, path from the root), and its branching factor and the cost of the
//! edge leading to it are drawn from that hash. So a tree is a pure function
//! of its seed: any algorithm, in any visiting order, sees the same tree, and
//! the same 1000 trees can be handed to every algorithm in turn.

/// A two-player game tree as the lab's searches see it. Values are static
/// values from MAX's point of view; the searches decide what they mean for
/// the side to move.
pub trait GameTree {
    type Node: Clone;

    fn root(&self) -> Self::Node;

    /// How many children `node` has (zero at a leaf of the whole tree).
    /// Knowing the count does not generate any child.
    fn child_count(&self, node: &Self::Node) -> usize;

    /// Generates child `index` (`0..child_count`), in the tree's natural order.
    fn child(&self, node: &Self::Node, index: usize) -> Self::Node;

    /// The static value of `node`, from MAX's point of view.
    fn value(&self, node: &Self::Node) -> i64;

    /// Whether MAX is to move at `node` (MAX moves at the root).
    fn max_to_move(&self, node: &Self::Node) -> bool;
}

/// SplitMix64's output function: a bijection of u64 that scatters nearby
/// inputs, which is all a tree needs from a hash of (seed, path).
pub fn splitmix64(x: u64) -> u64 {
    intrigue::rng::mix64(x.wrapping_add(0x9e37_79b9_7f4a_7c15))
}

/// The least edge cost of a random tree: −2^15 + 1.
pub const EDGE_COST_MIN: i64 = -(1 << 15) + 1;
/// The greatest edge cost of a random tree: 2^15.
pub const EDGE_COST_MAX: i64 = 1 << 15;

/// Salts that keep a node's branching draw independent of its edge draw.
const BRANCHING_SALT: u64 = 0x6272_616e_6368_696e; // "branchin"
const EDGE_SALT: u64 = 0x6564_6765_636f_7374; // "edgecost"

/// The shape of a family of random trees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeShape {
    /// B: a node's branching factor is uniform in 1..=B ...
    pub branching: u32,
    /// d: every node at depth d is a leaf; every node above it has children.
    pub depth: u32,
    /// ... or exactly B everywhere when `uniform`.
    pub uniform: bool,
}

impl TreeShape {
    /// The root's branching factor: the mean of 1..=B (rounded down) so the
    /// root is typical, as in the papers (B = 9 gives 5); B when uniform.
    pub fn root_branching(&self) -> u32 {
        if self.uniform {
            self.branching
        } else {
            self.branching.div_ceil(2)
        }
    }
}

/// A node of a random tree: its name (the hash of its path), its depth and
/// its value (the sum of the edge costs from the root, MAX's view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomNode {
    pub id: u64,
    pub depth: u32,
    pub value: i64,
}

/// One of Korf's incremental random trees.
#[derive(Clone, Copy, Debug)]
pub struct RandomTree {
    shape: TreeShape,
    seed: u64,
}

impl RandomTree {
    pub fn new(shape: TreeShape, seed: u64) -> RandomTree {
        RandomTree { shape, seed }
    }

    /// Tree number `trial` of a run seeded with `seed`: trials of one run
    /// differ, and a run can be repeated tree by tree.
    pub fn trial(shape: TreeShape, seed: u64, trial: u64) -> RandomTree {
        RandomTree::new(shape, splitmix64(seed ^ splitmix64(trial)))
    }

    pub fn shape(&self) -> TreeShape {
        self.shape
    }

    /// The generator's exact bounds on an edge cost, (least, greatest):
    /// what forward estimation with exact bounds is given.
    pub fn edge_cost_bounds(&self) -> (i64, i64) {
        (EDGE_COST_MIN, EDGE_COST_MAX)
    }

    /// The node reached from the root along `path` (child indices), or
    /// `None` if the path leaves the tree.
    pub fn node_at(&self, path: &[usize]) -> Option<RandomNode> {
        path.iter().try_fold(self.root(), |node, &i| (i < self.child_count(&node)).then(|| self.child(&node, i)))
    }

    /// The cost of the edge into the node named `id`: uniform over the 2^16
    /// integers EDGE_COST_MIN..=EDGE_COST_MAX.
    fn edge_cost(id: u64) -> i64 {
        (splitmix64(id ^ EDGE_SALT) >> 48) as i64 + EDGE_COST_MIN
    }
}

impl GameTree for RandomTree {
    type Node = RandomNode;

    fn root(&self) -> RandomNode {
        RandomNode { id: splitmix64(self.seed), depth: 0, value: 0 }
    }

    fn child_count(&self, node: &RandomNode) -> usize {
        let shape = self.shape;
        if node.depth >= shape.depth {
            0
        } else if node.depth == 0 {
            shape.root_branching() as usize
        } else if shape.uniform {
            shape.branching as usize
        } else {
            // High bits of a 64×64-bit product: uniform in 0..B without a modulo's bias.
            let draw = (splitmix64(node.id ^ BRANCHING_SALT) as u128 * shape.branching as u128) >> 64;
            draw as usize + 1
        }
    }

    fn child(&self, node: &RandomNode, index: usize) -> RandomNode {
        let id = splitmix64(node.id ^ splitmix64(index as u64 + 1));
        RandomNode { id, depth: node.depth + 1, value: node.value + RandomTree::edge_cost(id) }
    }

    fn value(&self, node: &RandomNode) -> i64 {
        node.value
    }

    fn max_to_move(&self, node: &RandomNode) -> bool {
        node.depth.is_multiple_of(2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    const SHAPE: TreeShape = TreeShape { branching: 4, depth: 5, uniform: false };

    /// Every (path → value) of `tree`, visited depth first, children in
    /// natural order or reversed.
    fn values_depth_first(tree: &RandomTree, reversed: bool) -> HashMap<Vec<usize>, i64> {
        fn walk(tree: &RandomTree, node: RandomNode, path: &mut Vec<usize>, reversed: bool, out: &mut HashMap<Vec<usize>, i64>) {
            out.insert(path.clone(), node.value);
            let mut order: Vec<usize> = (0..tree.child_count(&node)).collect();
            if reversed {
                order.reverse();
            }
            for i in order {
                path.push(i);
                walk(tree, tree.child(&node, i), path, reversed, out);
                path.pop();
            }
        }
        let mut out = HashMap::new();
        walk(tree, tree.root(), &mut Vec::new(), reversed, &mut out);
        out
    }

    #[test]
    fn a_tree_is_a_function_of_seed_and_path_whatever_the_visiting_order() {
        for seed in 0..20 {
            let tree = RandomTree::new(SHAPE, seed);
            let forward = values_depth_first(&tree, false);
            let backward = values_depth_first(&tree, true);
            assert_eq!(forward, backward);
            // A fresh tree value with the same seed, reached path by path, breadth first.
            let again = RandomTree::new(SHAPE, seed);
            let mut paths: Vec<&Vec<usize>> = forward.keys().collect();
            paths.sort_by_key(|p| (p.len(), (*p).clone()));
            for path in paths {
                assert_eq!(again.node_at(path).map(|n| n.value), Some(forward[path]), "seed {seed} path {path:?}");
            }
        }
    }

    #[test]
    fn different_seeds_give_different_trees() {
        let a = values_depth_first(&RandomTree::new(SHAPE, 1), false);
        let b = values_depth_first(&RandomTree::new(SHAPE, 2), false);
        assert_ne!(a, b);
        let t1 = RandomTree::trial(SHAPE, 7, 0);
        let t2 = RandomTree::trial(SHAPE, 7, 1);
        assert_ne!(t1.child(&t1.root(), 0).value, t2.child(&t2.root(), 0).value);
    }

    #[test]
    fn node_value_is_the_sum_of_edge_costs_from_the_root() {
        let tree = RandomTree::new(SHAPE, 3);
        let mut node = tree.root();
        assert_eq!(node.value, 0);
        let mut sum = 0;
        while tree.child_count(&node) > 0 {
            let child = tree.child(&node, tree.child_count(&node) - 1);
            sum += RandomTree::edge_cost(child.id);
            assert_eq!(child.value, sum);
            node = child;
        }
        assert_eq!(node.depth, SHAPE.depth);
    }

    #[test]
    fn branching_and_edge_costs_cover_their_ranges_uniformly() {
        let shape = TreeShape { branching: 9, depth: 6, uniform: false };
        let tree = RandomTree::new(shape, 11);
        let (mut counts, mut edges) = ([0u32; 10], Vec::new());
        let mut frontier = vec![tree.root()];
        while let Some(node) = frontier.pop() {
            let n = tree.child_count(&node);
            if node.depth > 0 && n > 0 {
                counts[n] += 1;
            }
            for i in 0..n {
                let child = tree.child(&node, i);
                edges.push(child.value - node.value);
                frontier.push(child);
            }
        }
        assert_eq!(tree.child_count(&tree.root()), 5, "the root gets the mean of 1..9");
        assert_eq!(counts[0], 0);
        let interior: u32 = counts.iter().sum();
        for (b, &c) in counts.iter().enumerate().skip(1) {
            let share = c as f64 / interior as f64;
            assert!((share - 1.0 / 9.0).abs() < 0.02, "branching {b}: {share}");
        }
        assert!(edges.iter().all(|e| (EDGE_COST_MIN..=EDGE_COST_MAX).contains(e)));
        let mean = edges.iter().sum::<i64>() as f64 / edges.len() as f64;
        assert!(mean.abs() < 1000.0, "mean edge cost {mean}");
        let below = edges.iter().filter(|&&e| e < EDGE_COST_MIN + (1 << 14)).count() as f64 / edges.len() as f64;
        assert!((below - 0.25).abs() < 0.02, "lowest quarter holds {below}");
    }

    #[test]
    fn uniform_trees_have_b_children_everywhere_and_leaves_at_depth_d() {
        let shape = TreeShape { branching: 3, depth: 4, uniform: true };
        let tree = RandomTree::new(shape, 5);
        let mut frontier = vec![tree.root()];
        let mut leaves = 0;
        while let Some(node) = frontier.pop() {
            let n = tree.child_count(&node);
            if node.depth == 4 {
                assert_eq!(n, 0);
                leaves += 1;
            } else {
                assert_eq!(n, 3);
            }
            frontier.extend((0..n).map(|i| tree.child(&node, i)));
        }
        assert_eq!(leaves, 81);
        assert!(tree.node_at(&[0, 3]).is_none());
    }
}
