//! Conspiracy numbers and the conspiracy-adjusted evaluation (Vu et al.
//! 2016, after McAllester; docs/design.md §2.4), over a tree written out
//! to a depth: what the conspiracy player of the chess search
//! ([`super::conspiracy`]) computes, and what the lab checks against a
//! brute force on random trees (`lab::conspiracy`).
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
//! leaves). The lab's brute force checks that reasoning by enumerating
//! leaf sets.
//!
//! CAEV weighs every value x near the minimax value m by how hard it is to
//! reach: CAEV = ∫ x / CN(x) dx / ∫ 1 / CN(x) dx over [m − RANGE, m + RANGE],
//! the integrals taken in segments of STEP, with CN(m) taken as 1.

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
    pub fn value_with(&self, leaf_value: &mut impl FnMut(&Written) -> i64) -> i64 {
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
