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
//!   being the iteration's depth). Each side pays into a tally of its own
//!   (`SeparateTallies`, the default, as the article has it), so that a
//!   dull defensive move shortens the defender's line, not the
//!   attacker's; one tally shared by both sides is the option
//!   (docs/design.md has how they measured).
//!
//! Whatever a move paid above one ply is a surcharge: if the move then
//! beats alpha it is searched again at the base cost before it is believed
//! (verification, as late-move reductions re-search and as the shogi
//! realization-probability searches do). A later move's price is decided
//! in one place, [`Searcher::later_move_price`]: a surcharge, a deepening
//! (a price under a ply, `InterestDeepening`), or the interest cut-off
//! (`InterestCutoff`).

use shakmaty::{Chess, Color, Move, Position};

use super::interest::{history_cost, node_kind_cost, terms, Price, LINE_DEEPENING_CAP};
use super::Searcher;

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

    /// The budget below an extended move of `side` (a check, a singular
    /// table move) that costs `cost`: with separate tallies the other side
    /// also gets what the move cost under a ply, so that the extension
    /// lengthens the line, both sides' part of it, as it does with one
    /// shared tally. Charged to the mover alone, a check gave the attacker
    /// a ply while the defender's evasion still spent the defender's, and
    /// the line ended where it would have without it. A move that is
    /// merely cheap (a forced reply, a deepened move) saves its mover's
    /// tally only, as the article's tallies have it.
    #[inline]
    pub fn pay_extended(self, side: Color, cost: i32) -> Budget {
        let mut next = self.pay(side, cost);
        if self.tallies == Tallies::Separate {
            next.left[index(!side)] += (PLY - cost).max(0);
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

/// What a node is, as a later move's price reads it.
#[derive(Clone, Copy, Debug)]
pub(super) struct PricedNode {
    pub draft: i32,
    pub ply: usize,
    pub pv: bool,
    /// Predicted a cut node (a non-PV node's kind).
    pub cut: bool,
    pub in_check: bool,
    pub improving: bool,
    pub tt_move: u16,
}

/// A later move as its price reads it.
#[derive(Clone, Copy, Debug)]
pub(super) struct PricedMove {
    pub m: Move,
    /// Its place in the node's move order (0: the first).
    pub place: usize,
    /// How many of the node's moves were searched before it.
    pub searched: usize,
    pub quiet: bool,
    pub gives_check: bool,
    /// The node may end its loop here (the cut-off's exceptions: not in
    /// check, not a PV node, a move already searched, no mate against
    /// us, not a checking move).
    pub may_cut: bool,
}

/// What a node's moves have cost so far (the article's
/// `total_cost_this_ply`), and the terms' facts about the node, gathered
/// when the first move that needs a price comes up.
#[derive(Default)]
pub(super) struct NodeSpending {
    pub spent: i32,
    /// The facts the terms need about the node, worked out at its first
    /// move whose interest can change its price.
    terms: Option<terms::Node>,
    /// A later move reached the price rule.
    priced: bool,
    /// Interest cut off at least one of the node's moves.
    pub cut_off: bool,
}

/// How the search priced its moves, for `intrigue-tools shape`: nodes
/// whose move loop reached a priced move, those of them where interest cut
/// off at least one move, and the moves interest priced, under a ply or
/// at all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PricingCounts {
    pub priced_nodes: u64,
    pub cut_nodes: u64,
    pub priced_moves: u64,
    pub deepened_moves: u64,
}

impl PricingCounts {
    /// The counts since `earlier` (one iteration's).
    pub fn since(&self, earlier: &PricingCounts) -> PricingCounts {
        PricingCounts {
            priced_nodes: self.priced_nodes - earlier.priced_nodes,
            cut_nodes: self.cut_nodes - earlier.cut_nodes,
            priced_moves: self.priced_moves - earlier.priced_moves,
            deepened_moves: self.deepened_moves - earlier.deepened_moves,
        }
    }

    /// Percent of the priced nodes whose move loop interest cut off.
    pub fn cut_percent(&self) -> f64 {
        100.0 * self.cut_nodes as f64 / self.priced_nodes.max(1) as f64
    }

    /// Percent of the priced moves that cost less than a ply.
    pub fn deepened_percent(&self) -> f64 {
        100.0 * self.deepened_moves as f64 / self.priced_moves.max(1) as f64
    }
}

impl std::ops::AddAssign for PricingCounts {
    fn add_assign(&mut self, other: PricingCounts) {
        self.priced_nodes += other.priced_nodes;
        self.cut_nodes += other.cut_nodes;
        self.priced_moves += other.priced_moves;
        self.deepened_moves += other.deepened_moves;
    }
}

impl Searcher {
    /// The one place a later move's price is decided, in both modes: the
    /// late-move table's reduction, or the interest rule's price (a
    /// capture or promotion pays its ply unless `InterestCaptures` prices
    /// it too; a move its interest cost, its node's kind, a quiet move its
    /// history, and a share of what its earlier siblings cost).
    /// `spending` keeps the node's running total; what interest priced is
    /// counted for the tree's shape.
    pub(super) fn later_move_price(
        &mut self,
        pos: &Chess,
        node: &PricedNode,
        spending: &mut NodeSpending,
        generated: &[Move],
        mv: &PricedMove,
    ) -> Price {
        match self.policy.costs {
            CostModel::LateMoveTable => Price::Surcharge(PLY * self.reduction(pos, node, mv)),
            CostModel::Interest if !mv.quiet && !self.settings.interest.price_captures => {
                spending.spent += PLY;
                Price::Surcharge(0)
            }
            CostModel::Interest if !self.settings.interest.can_price_at(node.draft) => Price::Surcharge(0),
            CostModel::Interest => {
                self.pricing.priced_nodes += !spending.priced as u64;
                spending.priced = true;
                self.pricing.priced_moves += 1;
                let history = if mv.quiet { self.tables.history(pos.turn(), mv.m) } else { 0 };
                let context =
                    node_kind_cost(node.pv, node.cut, node.improving) + history_cost(history, self.settings.alphabeta.lmr_history);
                // A check is extended already: it buys nothing more.
                let room = if mv.gives_check { 0 } else { LINE_DEEPENING_CAP - self.stack[node.ply].deepened };
                if !self.settings.interest.can_price(node.draft, context, room) {
                    return Price::Surcharge(0);
                }
                let facts = spending.terms.get_or_insert_with(|| self.interest_node(pos, generated, node.tt_move, node.ply));
                let cost = self.interest_cost(pos, facts, mv, node.draft);
                let spent_before = spending.spent;
                spending.spent += cost;
                let price = self.settings.interest.price(cost + context, spent_before, node.draft, mv.may_cut, room);
                self.pricing.deepened_moves += matches!(price, Price::Surcharge(s) if s < 0) as u64;
                spending.cut_off |= price == Price::CutOff;
                price
            }
        }
    }

    /// The late-move table's reduction, in plies, for the move searched
    /// after `searched` others at a node of `draft` plies.
    #[inline]
    pub(super) fn late_move_table(&self, draft: i32, searched: usize) -> i32 {
        self.lmr[(draft as usize).min(63)][searched.min(63)]
    }

    /// Late-move reduction, in plies, for a later quiet move.
    fn reduction(&self, pos: &Chess, node: &PricedNode, mv: &PricedMove) -> i32 {
        if node.draft < 3 || !mv.quiet || node.in_check || mv.gives_check || !self.settings.late.reductions {
            return 0;
        }
        let mut r = self.late_move_table(node.draft, mv.searched);
        r += node_kind_cost(node.pv, node.cut, node.improving) / PLY;
        if self.tables.is_killer(node.ply, mv.m) {
            r -= 1;
        }
        r += history_cost(self.tables.history(pos.turn(), mv.m), self.settings.alphabeta.lmr_history) / PLY;
        r.clamp(0, node.draft - 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The drafts met along a line whose moves each cost `costs[i]`
    /// (white moves first), while the side to move has a ply left.
    fn drafts(depth: i32, tallies: Tallies, costs: &[i32]) -> Vec<i32> {
        drafts_paying(depth, tallies, costs.len(), |budget, side, i| budget.pay(side, costs[i]))
    }

    /// The same along a line of `moves` moves, the `i`th paid by `pay`.
    fn drafts_paying(depth: i32, tallies: Tallies, moves: usize, pay: impl Fn(Budget, Color, usize) -> Budget) -> Vec<i32> {
        let mut budget = Budget::root(depth, Color::White, tallies);
        let mut side = Color::White;
        let mut seen = vec![budget.draft(side)];
        for i in 0..moves {
            if budget.draft(side) <= 0 {
                break;
            }
            budget = pay(budget, side, i);
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
    fn an_extended_move_lengthens_the_line_alike_with_either_tally() {
        // White's second move is a check, extended: it costs nothing.
        for tallies in [Tallies::Shared, Tallies::Separate] {
            let seen =
                drafts_paying(6, tallies, 7, |budget, side, i| if i == 2 { budget.pay_extended(side, 0) } else { budget.pay(side, PLY) });
            assert_eq!(seen, [6, 5, 4, 4, 3, 2, 1, 0], "{tallies:?}");
        }
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
    fn with_the_tables_k_a_dull_later_move_is_priced_as_alpha_beta_prices_it() {
        let (mut s, game) = crate::search::searcher_at_root("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        s.settings.interest.table_scale = true;
        s.nominal_depth = 10; // as in an iteration of ten plies: term 15 fades nothing at ply 1
        let pos = game.position().clone();
        let generated = pos.legal_moves();
        let node = PricedNode { draft: 10, ply: 1, pv: false, cut: false, in_check: false, improving: true, tt_move: 0 };
        let facts = s.interest_node(&pos, &generated, 0, 1);
        // a2a3: no term but term 1 rates it, and it has no history.
        let m = generated.iter().copied().find(|m| m.to() == shakmaty::Square::A3 && m.role() == shakmaty::Role::Pawn).unwrap();
        assert_eq!(s.interest_of(&pos, &facts, m, 8, &terms::MoveFacts::of(&pos, m)), terms::base(&facts), "a2a3 is rated by term 1 alone");
        assert_eq!(s.tables.history(pos.turn(), m), 0);
        let mv = PricedMove { m, place: 8, searched: 8, quiet: true, gives_check: false, may_cut: true };
        let table = s.reduction(&pos, &node, &mv);
        assert!(table >= 2, "the late-move table reduces move 8 at draft 10");
        let price = s.later_move_price(&pos, &node, &mut NodeSpending::default(), &generated, &mv);
        assert_eq!(price, Price::Surcharge(table * PLY), "term 1 alone: alpha-beta's reduction");
        s.settings.interest.table_scale = false;
        let article = s.later_move_price(&pos, &node, &mut NodeSpending::default(), &generated, &mv);
        assert_ne!(article, price, "the constant K prices it otherwise");
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
