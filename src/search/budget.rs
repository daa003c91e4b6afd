//! How far a line may still go: each side's budget, and the depth policy
//! that spends it.
//!
//! There is one tree walker ([`Searcher::negamax`](super::Searcher)); the
//! two search modes differ only in how a move is paid for. A node carries
//! what remains of both sides' budgets, in [`PLY`]ths of a ply. The side
//! to move's remainder, in whole plies, is the node's *draft*: what the
//! table stores and what every pruning, reduction and extension reads.
//!
//! - **AlphaBeta** is the policy "each ply costs one ply, and the late-move
//!   table surcharges late quiet moves", with one tally shared by both
//!   sides: the draft is the familiar remaining depth.
//! - **Interest** is Rollason's rule: a move costs `K / interest`, its
//!   interest coming from the seventeen terms, and later siblings pay a
//!   share of what the earlier ones cost (the article's `net = path cost of
//!   the mover + cost spent at this node + cost of the move`, the limit
//!   being the iteration's depth). Each side pays into its own tally, so a
//!   dull defensive move shortens the defender's line, not the attacker's.
//!
//! Whatever a move paid above one ply is a surcharge: if the move then
//! beats alpha it is searched again at the base cost before it is believed
//! (verification, as late-move reductions re-search and as the shogi
//! realization-probability searches do).

use shakmaty::Color;

/// One ply in budget units. Budgets and costs are fixed-point so that an
/// interest cost may be a fraction of a ply.
pub const PLY: i32 = 64;

/// Whose spending ends a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tallies {
    /// One tally: every move, by either side, shortens the whole line.
    Shared,
    /// One tally per side (the article's rule): a move is charged to its
    /// mover only, so one side's cheap moves buy the other side nothing.
    /// Each side's tally runs at two plies per own move — its move and
    /// the reply it calls for — so that a limit of `n` plies still buys
    /// lines of about `n` plies.
    Separate,
}

/// What each side may still spend on the line below a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    left: [i32; 2],
    tallies: Tallies,
}

#[inline]
fn index(side: Color) -> usize {
    side.is_white() as usize
}

impl Budget {
    /// An iteration's budget: `depth` plies for `side`, the root's side to
    /// move. With separate tallies the other side starts a ply lower, as
    /// it moves a ply later.
    pub fn root(depth: i32, side: Color, tallies: Tallies) -> Budget {
        let mut left = [depth * PLY; 2];
        if tallies == Tallies::Separate {
            left[index(!side)] -= PLY;
        }
        Budget { left, tallies }
    }

    /// What `side` has left, in budget units.
    #[inline]
    pub fn left(&self, side: Color) -> i32 {
        self.left[index(side)]
    }

    /// The draft of a node with `side` to move: the whole plies its
    /// subtree has left. With separate tallies that is what the side to
    /// move has left, or what the opponent has a ply later if that is
    /// less: the line ends at whichever side's turn finds its tally spent,
    /// and the table, the pruning and the reductions must see how deep the
    /// subtree really is.
    #[inline]
    pub fn draft(&self, side: Color) -> i32 {
        let left = self.left(side).min(self.left(!side) + self.lag() * PLY);
        left.div_euclid(PLY)
    }

    /// How many plies after the side to move the other side's tally is
    /// read: none when both share one.
    #[inline]
    fn lag(&self) -> i32 {
        match self.tallies {
            Tallies::Shared => 0,
            Tallies::Separate => 1,
        }
    }

    /// The budget below a move of `side` that costs `cost`.
    #[inline]
    pub fn pay(self, side: Color, cost: i32) -> Budget {
        let mut next = self;
        match self.tallies {
            Tallies::Shared => next.left = [self.left[0] - cost, self.left[1] - cost],
            Tallies::Separate => next.left[index(side)] -= cost + PLY,
        }
        next
    }

    /// The budget of a search asked at `draft` plies with `side` to move
    /// (a null move's reply, a singularity test, a node reduced for want
    /// of a table move): no side keeps more than that search may spend,
    /// so that it really is as shallow as its draft says.
    #[inline]
    pub fn clipped(self, side: Color, draft: i32) -> Budget {
        let mut next = self;
        next.left[index(side)] = next.left[index(side)].min(draft * PLY);
        next.left[index(!side)] = next.left[index(!side)].min((draft - self.lag()) * PLY);
        next
    }
}

/// How a move's cost beyond its base ply is worked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CostModel {
    /// Alpha-beta's late-move reductions: the table by draft and move
    /// number, adjusted by node kind, improvement, killers and history.
    LateMoveTable,
    /// Interest search: `K / interest` from the seventeen terms, plus a
    /// share of what the node's earlier moves cost.
    Interest,
}

/// The one thing that tells the two search modes apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DepthPolicy {
    pub costs: CostModel,
    pub tallies: Tallies,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The drafts met along a line whose moves each cost `costs[i]`
    /// (white moves first), while the side to move has a ply left.
    fn drafts(depth: i32, tallies: Tallies, costs: &[i32]) -> Vec<i32> {
        let mut budget = Budget::root(depth, Color::White, tallies);
        let mut side = Color::White;
        let mut seen = vec![budget.draft(side)];
        for &cost in costs {
            if budget.draft(side) <= 0 {
                break;
            }
            budget = budget.pay(side, cost);
            side = !side;
            seen.push(budget.draft(side));
        }
        seen
    }

    #[test]
    fn a_line_of_plain_moves_counts_down_one_ply_a_move_with_either_tally() {
        let plain = [PLY; 12];
        let expected: Vec<i32> = (0..=6).rev().collect();
        assert_eq!(drafts(6, Tallies::Shared, &plain), expected);
        assert_eq!(drafts(6, Tallies::Separate, &plain), expected);
    }

    #[test]
    fn with_separate_tallies_each_sides_line_is_bounded_by_its_own_spending() {
        // White's moves cost a ply; Black's replies are free (forced).
        let costs: Vec<i32> = (0..40).map(|i| if i % 2 == 0 { PLY } else { 0 }).collect();
        let shared = drafts(6, Tallies::Shared, &costs);
        let separate = drafts(6, Tallies::Separate, &costs);
        assert_eq!(shared, [6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0], "one tally: the free replies double the line");
        assert_eq!(separate, [6, 5, 4, 3, 2, 1, 0], "White's own tally ends the line after six plies");
    }

    #[test]
    fn a_dull_move_lowers_the_draft_of_every_node_below_it() {
        // Black's first reply costs three plies.
        let mut costs = [PLY; 12];
        costs[1] = 3 * PLY;
        for tallies in [Tallies::Shared, Tallies::Separate] {
            assert_eq!(drafts(8, tallies, &costs), [8, 7, 4, 3, 2, 1, 0], "{tallies:?}");
        }
    }

    #[test]
    fn a_clipped_budget_is_as_shallow_as_its_draft_for_both_sides() {
        for tallies in [Tallies::Shared, Tallies::Separate] {
            let b = Budget::root(12, Color::White, tallies).pay(Color::White, PLY);
            let null = b.clipped(Color::White, 4);
            assert_eq!(null.draft(Color::White), 4);
            assert!(null.draft(Color::Black) <= 4, "{tallies:?}: the reply may not go deeper than the test");
            let wide = b.clipped(Color::Black, 40);
            assert_eq!(wide, b, "clipping never adds budget");
        }
    }

    #[test]
    fn fractions_of_a_ply_add_up() {
        let mut b = Budget::root(3, Color::White, Tallies::Shared);
        for _ in 0..4 {
            b = b.pay(Color::White, PLY / 4);
        }
        assert_eq!(b.draft(Color::White), 2);
        assert_eq!(b.pay(Color::White, 1).draft(Color::White), 1, "a part-spent ply is not a whole one");
    }
}
