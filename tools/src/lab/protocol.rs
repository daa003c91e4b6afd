//! How the lab's searches generate children and count them: the protocol
//! of the papers' experiments, so our node counts mean what theirs mean.
//!
//! Sorted (the papers' protocol): a node whose children are interior
//! generates all of them, counts them all, and searches them best static
//! value first for the side to move; a node whose children are leaves
//! generates them one at a time and stops at a cut-off, since sorting
//! leaves would cost a generation each and gain nothing. Natural: every node
//! generates its children one at a time in the tree's own order.
//!
//! "Nodes generated" counts every child created; the root is not counted.

use super::tree::GameTree;

/// The order children are searched in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Interior children all generated, best static value first; leaf
    /// children one at a time.
    Sorted,
    /// Every child generated one at a time, in the tree's natural order.
    Natural,
}

impl Order {
    pub fn from_name(name: &str) -> Option<Order> {
        match name {
            "sorted" => Some(Order::Sorted),
            "natural" => Some(Order::Natural),
            _ => None,
        }
    }

    /// One line saying which protocol ran, for the lab's reports.
    pub fn describe(self) -> &'static str {
        match self {
            Order::Sorted => {
                "sorted: a node with interior children generates them all and searches them best static value first; \
                 leaf children are generated one at a time until a cut-off"
            }
            Order::Natural => "natural: every node generates its children one at a time in the tree's order until a cut-off",
        }
    }
}

/// What one search of a tree reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The root's value for the side to move there (MAX in random trees).
    pub value: i64,
    /// The chosen root move: a child index in the tree's natural order.
    pub best: Option<usize>,
    /// Nodes generated (root excluded).
    pub generated: u64,
}

/// A generated child: its index in the tree's natural order (the "move"),
/// the node, and its static value (MAX's view).
#[derive(Clone, Debug)]
pub struct Child<N> {
    pub index: usize,
    pub node: N,
    pub value: i64,
}

/// The least and greatest edge cost (child's static value minus its
/// parent's, MAX's view) a search has generated so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeRange {
    pub least: i64,
    pub greatest: i64,
}

/// Generates children for one search and keeps its tally: the number of
/// nodes generated, and the range of edge costs seen (what forward
/// estimation with learned bounds learns from).
pub struct Generator<'t, T: GameTree> {
    tree: &'t T,
    order: Order,
    generated: u64,
    edges: Option<EdgeRange>,
}

impl<'t, T: GameTree> Generator<'t, T> {
    pub fn new(tree: &'t T, order: Order) -> Self {
        Generator { tree, order, generated: 0, edges: None }
    }

    pub fn tree(&self) -> &'t T {
        self.tree
    }

    /// Nodes generated so far.
    pub fn generated(&self) -> u64 {
        self.generated
    }

    /// Edge costs seen so far, `None` before the first child.
    pub fn edges(&self) -> Option<EdgeRange> {
        self.edges
    }

    /// The children of `parent` (static value `value`), for a search with
    /// `remaining` plies left below the parent. Interior children (more
    /// than one ply left) are generated here when the order is sorted.
    pub fn children(&mut self, parent: &T::Node, value: i64, remaining: u32) -> Children<T::Node> {
        let count = self.tree.child_count(parent);
        let mut children = Children { parent: parent.clone(), parent_value: value, count, next: 0, ready: None };
        if self.order == Order::Sorted && remaining >= 2 {
            let mut all: Vec<Child<T::Node>> = (0..count).map(|i| self.generate(parent, value, i)).collect();
            // Best first for the side to move; equal values keep the natural order.
            if self.tree.max_to_move(parent) {
                all.sort_by_key(|c| std::cmp::Reverse(c.value));
            } else {
                all.sort_by_key(|c| c.value);
            }
            all.reverse(); // popped from the back
            children.ready = Some(all);
        }
        children
    }

    fn generate(&mut self, parent: &T::Node, parent_value: i64, index: usize) -> Child<T::Node> {
        let node = self.tree.child(parent, index);
        let value = self.tree.value(&node);
        self.generated += 1;
        let edge = value - parent_value;
        self.edges = Some(match self.edges {
            None => EdgeRange { least: edge, greatest: edge },
            Some(r) => EdgeRange { least: r.least.min(edge), greatest: r.greatest.max(edge) },
        });
        Child { index, node, value }
    }
}

/// The children of one node, handed out in search order: either all
/// generated already (sorted), or generated on demand, so a cut-off leaves
/// the rest ungenerated and uncounted.
pub struct Children<N> {
    parent: N,
    parent_value: i64,
    count: usize,
    next: usize,
    ready: Option<Vec<Child<N>>>,
}

impl<N: Clone> Children<N> {
    pub fn next<T: GameTree<Node = N>>(&mut self, generator: &mut Generator<T>) -> Option<Child<N>> {
        if let Some(ready) = &mut self.ready {
            return ready.pop();
        }
        (self.next < self.count).then(|| {
            self.next += 1;
            generator.generate(&self.parent, self.parent_value, self.next - 1)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::tree::{RandomTree, TreeShape};

    const SHAPE: TreeShape = TreeShape { branching: 6, depth: 4, uniform: false };

    #[test]
    fn interior_children_come_all_at_once_best_first_for_the_side_to_move() {
        let tree = RandomTree::new(SHAPE, 9);
        let mut g = Generator::new(&tree, Order::Sorted);
        let root = tree.root();
        let mut children = g.children(&root, 0, 3);
        assert_eq!(g.generated(), tree.child_count(&root) as u64, "all generated and counted up front");
        let first = children.next(&mut g).unwrap();
        let mut values = vec![first.value];
        while let Some(c) = children.next(&mut g) {
            values.push(c.value);
        }
        assert!(values.windows(2).all(|w| w[0] >= w[1]), "MAX's children best first: {values:?}");
        // MIN's children, lowest first.
        let mut grandchildren = g.children(&first.node, first.value, 2);
        let mut values = Vec::new();
        while let Some(c) = grandchildren.next(&mut g) {
            values.push(c.value);
        }
        assert!(values.windows(2).all(|w| w[0] <= w[1]), "MIN's children best first: {values:?}");
    }

    #[test]
    fn leaf_children_and_natural_order_come_one_at_a_time() {
        let tree = RandomTree::new(SHAPE, 10);
        let root = tree.root();
        for (order, remaining) in [(Order::Sorted, 1), (Order::Natural, 3)] {
            let mut g = Generator::new(&tree, order);
            let mut children = g.children(&root, 0, remaining);
            assert_eq!(g.generated(), 0);
            let first = children.next(&mut g).unwrap();
            assert_eq!((first.index, g.generated()), (0, 1));
            assert_eq!(first.node, tree.child(&root, 0));
            assert_eq!(children.next(&mut g).unwrap().index, 1);
            assert_eq!(g.generated(), 2);
        }
    }

    #[test]
    fn the_edge_range_is_the_least_and_greatest_cost_generated() {
        let tree = RandomTree::new(SHAPE, 12);
        let root = tree.root();
        let mut g = Generator::new(&tree, Order::Natural);
        assert_eq!(g.edges(), None);
        let mut children = g.children(&root, 0, 1);
        let mut costs = Vec::new();
        while let Some(c) = children.next(&mut g) {
            costs.push(c.value);
        }
        let expected = EdgeRange { least: *costs.iter().min().unwrap(), greatest: *costs.iter().max().unwrap() };
        assert_eq!(g.edges(), Some(expected));
    }
}
