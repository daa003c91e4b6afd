//! Interest search's cost model: what a move costs by how plausible it is.
//!
//! Rollason's rule, as the one tree walker runs it (see [`super::budget`]):
//! every move gets an interest from the seventeen plausibility terms
//! ([`terms`]) and costs `K / interest` plies; a node's later moves also
//! pay a share of what its earlier ones cost; a line ends where the side
//! to move has no ply left. The iteration's depth is the interest limit.
//! Each side spends from a tally of its own, as the article has it
//! (`SeparateTallies`, the default); one shared tally is the option.
//!
//! Decisions the article leaves open, and what Intrigue does:
//! - **The first move pays one ply** (less a check or singular
//!   extension), as in alpha-beta: it is the table's or the best-ordered
//!   move, and the principal line is searched in full. Interest prices the
//!   node's later moves.
//! - **Captures and promotions pay their ply** and no more: the
//!   exchange is for the search to settle. Term 9 rates a capture by its
//!   static exchange, which calls every sacrifice implausible; priced by
//!   it, interest mode solved 233 of 300 WAC positions at 250 ms, and 273
//!   with captures at their ply (alpha-beta: 276), and it played alpha-beta
//!   level at fixed nodes (+1.7 ± 33.6 over 200 games, docs/changelog.md).
//!   Nothing is rated for them, either.
//! - **What a quiet move pays above its ply is a surcharge**, bounded as a
//!   late-move reduction is: nothing within two plies of the horizon,
//!   and never so much that the move gets less than one ply.
//! - **The interest cut-off** (`InterestCutoff`, off by default): the
//!   article ends a node's moves once its price passes what the line has
//!   left; with the option a later quiet move (any later move, with
//!   `InterestCaptures`) whose price passes the draft is not searched,
//!   except in check, at PV nodes, for a checking move and while a mate
//!   is all the node has found. Within two plies of
//!   the horizon late-move and futility pruning decide by draft: the
//!   cut-off there cut two of three priced nodes and lost (see
//!   [`InterestParams::price`]).
//! - **Interest that deepens** (`InterestDeepening`, half a ply by default): a
//!   later quiet move whose price is under a ply pays that price, down to
//!   a share of a ply set by the option, and a line buys at most
//!   [`LINE_DEEPENING_CAP`] in all, so every line still ends. A deepened
//!   move keeps its depth in the re-search.
//! - **The node and the move's record**: a later quiet move's surcharge
//!   also carries what alpha-beta's reduction reads outside its table
//!   ([`node_kind_cost`], [`history_cost`]); the terms rate the move, not
//!   the node it is tried at.
//! - **Verification**: a move that paid a surcharge and beats alpha is
//!   searched again at its base ply before it is believed. Without it a
//!   junk move that looked good on a shallow look was accepted (root moves
//!   such as b2b4 and a2a3).
//! - **Everything else is shared**: move order, the table, null move,
//!   reverse futility, razoring, singular extensions, pruning by draft,
//!   history and correction updates read the draft the budget gives.
//! - **Lazy plausibility**: the node's facts (attacked, pinned and tied
//!   pieces, the best quiet move) are gathered when the first move that
//!   needs a price comes up, and a move's terms when it does: most nodes
//!   are cut by their first move and rate nothing.

pub mod learned;
pub mod terms;

use shakmaty::{Chess, Move, Position};

use super::budget::{CostModel, PricedMove, PLY};
use super::ordering::is_quiet;
use super::Searcher;
use crate::tt::pack_move;
use terms::MoveFacts;

/// The most a move costs (a move of interest 1, at the default scale, would
/// cost a hundred plies): the surcharge is bounded by the draft anyway.
const MAX_COST: i64 = 64 * PLY as i64;

/// The knobs of the interest rule (each a UCI option but `costs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InterestParams {
    /// K in `cost = K / interest` plies: a move of interest K costs one
    /// ply (UCI `InterestCostScale`).
    pub cost_scale: u32,
    /// A later move pays this percentage of what the node's earlier
    /// moves cost (the article's `total_cost_this_ply`; UCI
    /// `InterestSiblingShare`).
    pub sibling_share_percent: u32,
    /// One tally per side (the article's rule; UCI `SeparateTallies`, the
    /// default) or one shared tally. Separate tallies lost 31–45 Elo while
    /// an extension refunded only the mover's tally, so that the
    /// defender's evasion ended the line anyway;
    /// [`Budget::pay_extended`] refunds both sides, and with it and
    /// interest that deepens they measured level with one shared tally
    /// (docs/design.md has the figures).
    ///
    /// [`Budget::pay_extended`]: super::budget::Budget::pay_extended
    pub separate_tallies: bool,
    /// The tunable term weights.
    pub weights: terms::TermWeights,
    /// Interest costs, or the late-move table's: with the table and a
    /// shared tally interest mode walks exactly alpha-beta's tree, which
    /// pins that the modes differ in nothing but the cost function.
    pub costs: CostModel,
    /// Where a quiet move's interest comes from: the article's terms as
    /// hand-set, or their weights as fitted (UCI `InterestModel`).
    pub plausibility: Plausibility,
    /// The interest cut-off (UCI `InterestCutoff`): a later quiet move
    /// whose price passes what the line has left is not searched at all,
    /// as the article ends a node's moves once its interest is spent,
    /// instead of getting a one-ply look.
    pub cutoff: bool,
    /// How much of a ply a plausible move may buy below its ply, in
    /// percent (UCI `InterestDeepening`; 0: interest never deepens). A
    /// line buys at most [`LINE_DEEPENING_CAP`] in all, so every line
    /// still ends. 50 by default: level at 2+0.02 (+0.0 ± 18.4, 503
    /// games) and at 8+0.08 (+5.0 ± 11.8, 978 games) against no
    /// deepening, and the article's rule deepens (docs/changelog.md).
    pub deepening_percent: u32,
    /// Later captures and promotions priced by their interest too (UCI
    /// `InterestCaptures`), as the article prices every move: a capture
    /// that loses material costs more than a ply, a winning one at most a
    /// ply. Off, they pay one ply: term 9 rates by static exchange, which
    /// calls every sacrifice implausible (priced by that alone, interest
    /// mode solved 233 of 300 WAC positions against 273 at one ply).
    pub price_captures: bool,
    /// How much of the fitted log-odds learned interest takes, in
    /// percent (UCI `InterestLearnedShare`): at 100 a move's cost is the
    /// inverse of its fitted probability, which spreads costs over two
    /// orders of magnitude and played 45-81 Elo below the hand-set terms
    /// at fixed nodes; 30 tempers the fit toward term 1 (docs/changelog.md).
    pub learned_percent: u32,
    /// K read from alpha-beta's late-move table (UCI `InterestTableScale`):
    /// a later quiet move's surcharge is the table's reduction for the
    /// node's draft and the move's number, times term 1's share over the
    /// move's interest. A move the terms rate no higher than term 1 is
    /// reduced as alpha-beta would reduce it; a move rated twice as
    /// interesting pays half that; a faded one (term 15) pays more. The
    /// price stays `K / interest`, with K set per node by the table
    /// instead of one constant, and siblings pay no share (the table
    /// already grows with the move's number). The default since
    /// 2026-12-07, with the exponent at 50: it gained on the constant K at
    /// 8+0.08 and solves more of WAC (docs/results.md).
    pub table_scale: bool,
    /// How strongly interest bends the table's reduction, in percent (UCI
    /// `InterestTableExponent`): the surcharge is the table's times
    /// `(base / interest)` to this power. At 100 a move rated twice term
    /// 1's share pays half the table's reduction; at 50, `1/√2` of it.
    /// Over 40,000 logged choices of the best later quiet move, move order
    /// and history alone (what the table and LMR read) predicted the choice
    /// better than interest alone, and interest helped on top of them most
    /// at half weight (docs/changelog.md); 50 is the default.
    pub table_exponent_percent: u32,
}

/// Where interest comes from (UCI `InterestModel`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Plausibility {
    /// The seventeen terms with the article's values ([`terms::interest`]).
    #[default]
    Terms,
    /// The terms and a few more facts, weighted as fitted on the engine's
    /// own searches ([`learned`]).
    Learned,
}

impl Plausibility {
    pub const ALL: [Plausibility; 2] = [Plausibility::Terms, Plausibility::Learned];

    /// The name users see (the `InterestModel` option's choices).
    pub const fn name(self) -> &'static str {
        match self {
            Plausibility::Terms => "Terms",
            Plausibility::Learned => "Learned",
        }
    }

    /// The model named `name`, in any case.
    pub fn from_name(name: &str) -> Option<Plausibility> {
        Plausibility::ALL.into_iter().find(|p| p.name().eq_ignore_ascii_case(name))
    }
}

impl Default for InterestParams {
    fn default() -> Self {
        InterestParams {
            cost_scale: 100,
            sibling_share_percent: 5,
            separate_tallies: true,
            weights: terms::TermWeights::default(),
            costs: CostModel::Interest,
            plausibility: Plausibility::default(),
            learned_percent: 30,
            cutoff: false,
            deepening_percent: 50,
            price_captures: false,
            table_scale: true,
            table_exponent_percent: 50,
        }
    }
}

impl InterestParams {
    /// The cost of a move of the given interest, in budget units.
    pub fn cost(&self, interest: i32) -> i32 {
        (self.cost_scale as i64 * PLY as i64 / interest.max(1) as i64).min(MAX_COST) as i32
    }

    /// What a later move at a node of `draft` plies pays above its ply:
    /// its `cost` and its share of the `spent_here` by earlier siblings,
    /// less the ply, bounded as a late-move reduction is.
    pub fn surcharge(&self, cost: i32, spent_here: i32, draft: i32) -> i32 {
        if draft < 3 {
            return 0;
        }
        (cost + self.sibling_share(spent_here) - PLY).clamp(0, (draft - 2) * PLY)
    }

    /// Whether a price at a node of `draft` plies can be anything but one
    /// ply: within two plies of the horizon only deepening can change a
    /// price, so without it no move there is priced at all.
    pub fn can_price_at(&self, draft: i32) -> bool {
        draft >= 3 || self.deepening_percent > 0
    }

    /// Whether a later move's interest can make its price at a node of
    /// `draft` plies anything but one ply, where its context (node kind,
    /// history) adds `context` and the line has `room` left to buy below a
    /// ply. Within two plies of the horizon there is no surcharge, so only
    /// deepening can; and with the table's K a move costs at least its ply
    /// and pays no sibling share, so only a context below zero, on a line
    /// with room left, lets it deepen. Where the answer is no the terms are
    /// not worked out at all: most nodes are that close to the horizon.
    /// (The constant K's later moves pay a share of what earlier ones cost,
    /// so there every move near the horizon is priced.)
    pub fn can_price(&self, draft: i32, context: i32, room: i32) -> bool {
        self.can_price_at(draft) && (draft >= 3 || !self.table_scale || (context < 0 && room > 0))
    }

    /// The part of what a node's earlier moves cost that a later one pays:
    /// none with the table's K, whose reduction already grows with the
    /// move's number.
    fn sibling_share(&self, spent_here: i32) -> i32 {
        if self.table_scale {
            return 0;
        }
        (spent_here as i64 * self.sibling_share_percent as i64 / 100) as i32
    }

    /// The interest rule's verdict on a later quiet move at a node of
    /// `draft` plies: its `cost` (interest and context) and its share of
    /// the `spent_here` by earlier siblings make its price. A price past
    /// the draft is the article's cut-off, where the node may cut
    /// (`may_cut`) and is three or more plies from the horizon (cutting at
    /// every draft lost 22.4 ± 22.1 Elo at 2+0.02 over 450 games); a price
    /// under a ply deepens the line by up to the move's share and what the
    /// line has `room` left to buy; otherwise the price above a ply is a
    /// surcharge ([`InterestParams::surcharge`]).
    pub fn price(&self, cost: i32, spent_here: i32, draft: i32, may_cut: bool, room: i32) -> Price {
        let net = cost + self.sibling_share(spent_here);
        if self.cutoff && may_cut && draft >= 3 && net > draft * PLY {
            return Price::CutOff;
        }
        if net < PLY && self.deepening_percent > 0 && room > 0 {
            let most = (PLY * self.deepening_percent as i32 / 100).min(room);
            return Price::Surcharge((net - PLY).max(-most));
        }
        Price::Surcharge(self.surcharge(cost, spent_here, draft))
    }
}

/// What a move of `interest` costs, in budget units, where the node's K
/// is `table_plies` (the late-move table's reduction for its draft and
/// the move's number) over term 1's share `base`: its ply, and the
/// table's surcharge scaled by how much more interesting than an equal
/// share the move is, that ratio raised to `exponent_percent` / 100.
fn table_scaled_cost(table_plies: i32, base: i32, interest: i32, exponent_percent: u32) -> i32 {
    let (base, interest) = (base.max(1) as i64, interest.max(1) as i64);
    let table = table_plies as i64 * PLY as i64;
    // At 100 the integer ratio, exactly as the option was measured before
    // the exponent existed; a float cast saturates, and the sum is bounded.
    let surcharge = if exponent_percent == 100 {
        table * base / interest
    } else {
        let ratio = base as f64 / interest as f64;
        // The default's square root by `sqrt`, a few cycles where `powf`
        // took 1.3 % of a `bench` profile.
        let bent = if exponent_percent == 50 { ratio.sqrt() } else { ratio.powf(exponent_percent as f64 / 100.0) };
        (table as f64 * bent) as i64
    };
    PLY + surcharge.min(MAX_COST) as i32
}

/// The most a line may buy below one ply a move, all its moves together:
/// interest deepens plausible lines, and every line still ends.
pub const LINE_DEEPENING_CAP: i32 = 2 * PLY;

/// What a later move pays, as its node's price rule decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Price {
    /// Searched at its base ply plus this many budget units (fewer when
    /// negative: interest deepens the move).
    Surcharge(i32),
    /// Not searched: its price passes what the line has left.
    CutOff,
}

/// What a later quiet move pays for the kind of node it is tried at, in
/// budget units: a ply more at an expected cut node and where the side to
/// move's eval is not improving, a ply less at a PV node. These are the
/// plies alpha-beta's late-move reduction adds and takes for the node;
/// the terms rate the move and know nothing of the node around it.
pub fn node_kind_cost(pv_node: bool, cut_node: bool, improving: bool) -> i32 {
    PLY * (cut_node as i32 + !improving as i32 - pv_node as i32)
}

/// What a quiet move's history record adds to its price, in budget units:
/// `divisor` points of history take a ply off (a bad record adds one).
/// Alpha-beta's late-move reduction moves by the same plies; the terms
/// read history only through term 17, which lifts the node's single
/// best-history quiet move.
pub fn history_cost(history: i32, divisor: i32) -> i32 {
    -PLY * history / divisor.max(1)
}

impl Searcher {
    /// What the later move `mv` costs at a node of `draft` plies that
    /// `node` describes, in budget units: `K / interest`, K the constant
    /// `InterestCostScale` or, with `InterestTableScale`, the late-move
    /// table's reduction over term 1's share. The learned weights were
    /// fitted on quiet moves only: a capture's interest is always the
    /// terms'.
    pub(super) fn interest_cost(&self, pos: &Chess, node: &terms::Node, mv: &PricedMove, draft: i32) -> i32 {
        let facts = MoveFacts::knowing_check(pos, mv.m, mv.gives_check);
        let interest = self.interest_of(pos, node, mv.m, mv.place, &facts);
        if self.settings.interest.table_scale {
            let exponent = self.settings.interest.table_exponent_percent;
            table_scaled_cost(self.late_move_table(draft, mv.searched), terms::base(node), interest, exponent)
        } else {
            self.settings.interest.cost(interest)
        }
    }

    /// The interest of `m`, the node's move number `place` in move order,
    /// by the model `InterestModel` names; `facts` are `m`'s.
    pub(super) fn interest_of(&self, pos: &Chess, node: &terms::Node, m: Move, place: usize, facts: &MoveFacts) -> i32 {
        if self.settings.interest.plausibility == Plausibility::Learned && is_quiet(m) {
            let x = learned::features(pos, node, m, facts, place, self.tables.history(pos.turn(), m));
            let percent = self.settings.interest.learned_percent;
            if self.settings.interest.table_scale {
                learned::relative_interest(node, &learned::LEARNED, &x, percent)
            } else {
                learned::interest(node, &learned::LEARNED, &x, percent)
            }
        } else {
            terms::interest(pos, node, m, facts)
        }
    }

    /// When a choice log is kept (`intrigue-tools interest data`), the node is
    /// deep enough to have searched its moves with care, and its `best`
    /// move was a quiet one after the first: its later quiet moves'
    /// features, their hand-set interest, and which was best.
    /// Called before the cut-off updates the killers and history, so the
    /// features are what the search saw when it priced the moves.
    #[inline]
    pub(super) fn record_choice(&mut self, pos: &Chess, ply: usize, depth: i32, tt_move: u16, best: Move) {
        if depth < learned::MIN_LOGGED_DEPTH || self.choice_log.is_none() {
            return;
        }
        let legal = pos.legal_moves();
        let node = self.interest_node(pos, &legal, tt_move, ply);
        let order: Vec<i32> = legal.iter().copied().map(self.move_scorer(pos, tt_move, ply)).collect();
        let mut choice = learned::Choice::default();
        let mut found = false;
        for (&m, &score) in legal.iter().zip(&order) {
            // The first move pays its ply whatever its interest: the
            // fit is about the later ones.
            let place = order.iter().filter(|&&s| s > score).count();
            if !is_quiet(m) || place == 0 {
                continue;
            }
            if m == best {
                choice.best = choice.moves.len();
                found = true;
            }
            let facts = MoveFacts::of(pos, m);
            choice.moves.push(learned::features(pos, &node, m, &facts, place, self.tables.history(pos.turn(), m)));
            choice.hand.push(terms::interest(pos, &node, m, &facts));
        }
        if found && choice.moves.len() >= 2 {
            self.choice_log.as_mut().expect("checked above").push(choice);
        }
    }

    /// The interest of each of `moves` at the root of `pos`, with what the
    /// last search learned (its table move, killers, history): how
    /// plausible each looks, for the weakened player's choice.
    pub fn root_interests(&self, pos: &Chess, moves: &[Move]) -> Vec<i32> {
        let legal = pos.legal_moves();
        let tt_move = self.tt.probe(crate::game::hash(pos)).map_or(0, |e| e.packed_move);
        let node = self.interest_node(pos, &legal, tt_move, 0);
        moves.iter().map(|&m| terms::interest(pos, &node, m, &MoveFacts::of(pos, m))).collect()
    }

    /// The facts the interest terms need about this node, whose legal
    /// moves are `moves`.
    pub(super) fn interest_node(&self, pos: &Chess, moves: &[Move], tt_move: u16, ply: usize) -> terms::Node {
        let (previous, own_previous) = self.earlier_moves(ply);
        let turn = pos.turn();
        let best_quiet = moves.iter().filter(|&&m| is_quiet(m)).max_by_key(|&&m| self.tables.history(turn, m)).map_or(0, |&m| pack_move(m));
        let mut node = terms::Node::from_position(pos);
        node.legal = moves.len();
        node.weights = self.settings.interest.weights;
        node.tt_move = tt_move;
        node.previous_best = if ply == 0 { self.previous_best } else { 0 };
        node.killers = self.tables.killers(ply);
        node.best_reply = self.tables.best_reply_to(previous);
        node.follow_up = self.tables.follow_up_to(own_previous);
        node.own_previous_to = own_previous.map(super::ordering::piece_to_square);
        node.our_last_move_checked = ply >= 1 && self.stack[ply - 1].in_check;
        node.best_quiet = best_quiet;
        node.move_ply = ply as u32 + 1;
        node.nominal_depth = self.nominal_depth;
        node
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::search::limits::Limits;
    use crate::search::{Outcome, SearchMode, SearchSettings, Signals, MATE};
    use crate::tt::TranspositionTable;
    use std::sync::Arc;
    use std::time::Instant;

    /// A searcher after an interest search of `fen` to `depth`.
    fn interest_searched(fen: &str, depth: u32) -> (Searcher, Outcome) {
        let game = Game::from_fen(fen, shakmaty::CastlingMode::Standard).unwrap();
        let mut s = Searcher::new(Arc::new(TranspositionTable::new(4)), Arc::new(Signals::default()));
        s.settings = SearchSettings { mode: SearchMode::Interest, ..SearchSettings::default() };
        let outcome = s.think(&game, &Limits::depth(depth), 0, Instant::now(), &mut |_| {});
        (s, outcome)
    }

    #[test]
    fn a_cut_node_or_a_falling_eval_makes_a_move_dearer_and_a_pv_node_cheaper() {
        let plain = node_kind_cost(false, false, true);
        assert_eq!(plain, 0);
        assert_eq!(node_kind_cost(false, true, true), plain + PLY, "an expected cut node");
        assert_eq!(node_kind_cost(false, false, false), plain + PLY, "eval not improving");
        assert_eq!(node_kind_cost(true, false, true), plain - PLY, "a PV node");
        assert_eq!(node_kind_cost(false, true, false), 2 * PLY, "both add up");
    }

    #[test]
    fn a_good_history_makes_a_move_cheaper_and_a_bad_one_dearer() {
        assert_eq!(history_cost(0, 6000), 0);
        assert_eq!(history_cost(6000, 6000), -PLY, "a full divisor's worth takes a ply off");
        assert_eq!(history_cost(-3000, 6000), PLY / 2, "half a bad record adds half a ply");
        assert!(history_cost(100, 0) < 0, "a zero divisor is read as one");
    }

    #[test]
    fn interest_search_finds_a_back_rank_mate_at_depth_one() {
        let (_, outcome) = interest_searched("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1);
        assert_eq!(outcome.best.map(|m| m.to()), Some(shakmaty::Square::D8));
        assert_eq!(outcome.score, MATE - 1);
    }

    #[test]
    fn interest_search_finds_capture_sacrifices() {
        // WAC.063 (Nxf7) and WAC.090 (Nxg7): each gives a knight for a
        // pawn. With captures priced by their static exchange (about three
        // plies of surcharge), the first played a3a4 in 200k nodes.
        for (fen, best) in [
            ("r1brnbk1/ppq2pp1/4p2p/4N3/3P4/P1PB1Q2/3B1PPP/R3R1K1 w - - 0 1", "e5f7"),
            ("3qrrk1/1pp2pp1/1p2bn1p/5N2/2P5/P1P3B1/1P4PP/2Q1RRK1 w - - 0 1", "f5g7"),
        ] {
            let game = Game::from_fen(fen, shakmaty::CastlingMode::Standard).unwrap();
            let mut s = Searcher::new(Arc::new(TranspositionTable::new(16)), Arc::new(Signals::default()));
            s.settings = SearchSettings { mode: SearchMode::Interest, ..SearchSettings::default() };
            let limits = Limits { nodes: Some(200_000), ..Limits::default() };
            let found = s.think(&game, &limits, 0, Instant::now(), &mut |_| {}).best.unwrap();
            assert_eq!(found.to_uci(shakmaty::CastlingMode::Standard).to_string(), best, "{fen}");
        }
    }

    #[test]
    fn interest_search_charges_its_nodes_to_the_root_moves() {
        // Uncharged, the best move's share of the nodes read 0 and the
        // time manager doubled the soft limit on every move.
        let fen = "r1b1kbnr/pppp1ppp/2n5/4p3/3qP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 5";
        let (s, outcome) = interest_searched(fen, 10);
        let scale = s.best_move_node_scale(outcome.best, 10);
        assert!(scale < 1.0, "an obvious recapture's node share gives the factor {scale}");
    }

    #[test]
    fn interest_search_teaches_the_correction_history() {
        let fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5";
        let (s, _) = interest_searched(fen, 8);
        let pos = Game::from_fen(fen, shakmaty::CastlingMode::Standard).unwrap().position().clone();
        let learned = pos.legal_moves().iter().any(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            s.correction.correct(&child, 0) != 0
        });
        assert!(learned, "no child of the root has a correction after the search");
    }

    #[test]
    fn costs_fall_as_interest_rises_and_interest_k_costs_a_ply() {
        let p = InterestParams::default();
        assert!(p.cost(30) > p.cost(100) && p.cost(100) > p.cost(1000));
        assert_eq!(p.cost(p.cost_scale as i32), PLY);
        assert_eq!(p.cost(0), p.cost(1), "no interest is the least interest");
    }

    #[test]
    fn a_plausible_move_pays_no_surcharge_and_a_plain_one_does() {
        let p = InterestParams { sibling_share_percent: 0, ..InterestParams::default() };
        assert_eq!(p.surcharge(p.cost(250), 0, 10), 0);
        assert_eq!(p.surcharge(p.cost(25), 0, 10), 3 * PLY, "interest K/4 costs four plies");
    }

    #[test]
    fn a_surcharge_leaves_a_ply_and_spares_the_horizon() {
        let p = InterestParams::default();
        let junk = p.cost(1);
        assert_eq!(p.surcharge(junk, 0, 6), 4 * PLY, "a move keeps at least one ply");
        assert_eq!(p.surcharge(junk, 0, 2), 0, "two plies from the horizon nothing is reduced");
    }

    #[test]
    fn the_cut_off_skips_a_move_whose_price_passes_the_draft_where_the_node_may_cut() {
        let off = InterestParams { sibling_share_percent: 0, ..constant_k() };
        let on = InterestParams { cutoff: true, ..off };
        let dull = 6 * PLY;
        assert_eq!(on.price(dull, 0, 5, true, 0), Price::CutOff);
        assert_eq!(on.price(dull, 0, 6, true, 0), Price::Surcharge(4 * PLY), "a price equal to the draft is not past it");
        assert_eq!(on.price(dull, 0, 5, false, 0), Price::Surcharge(3 * PLY), "in check, at a PV node…: reduced, not cut");
        assert_eq!(on.price(dull, 0, 2, true, 0), Price::Surcharge(0), "near the horizon pruning decides by draft");
        assert_eq!(off.price(dull, 0, 5, true, 0), Price::Surcharge(3 * PLY), "the cut-off is an option");
        let shared = InterestParams { sibling_share_percent: 50, ..on };
        assert_eq!(shared.price(3 * PLY, 6 * PLY, 5, true, 0), Price::CutOff, "earlier siblings' spending counts");
    }

    #[test]
    fn a_plausible_move_buys_depth_up_to_its_share_and_the_lines_room() {
        let p = InterestParams { sibling_share_percent: 0, deepening_percent: 50, ..InterestParams::default() };
        let keen = PLY / 4;
        assert_eq!(p.price(keen, 0, 8, false, LINE_DEEPENING_CAP), Price::Surcharge(-PLY / 2), "at most half a ply a move");
        assert_eq!(p.price(PLY * 7 / 8, 0, 8, false, LINE_DEEPENING_CAP), Price::Surcharge(-PLY / 8), "only what the move is under a ply");
        assert_eq!(p.price(keen, 0, 8, false, PLY / 8), Price::Surcharge(-PLY / 8), "the line has an eighth of a ply left to buy");
        assert_eq!(p.price(keen, 0, 8, false, 0), Price::Surcharge(0), "the line has bought its cap");
        let never = InterestParams { deepening_percent: 0, ..p };
        assert_eq!(never.price(keen, 0, 8, false, LINE_DEEPENING_CAP), Price::Surcharge(0));
    }

    #[test]
    fn with_the_tables_k_a_dull_move_is_reduced_as_alpha_beta_reduces_it() {
        let base = 33; // term 1's share with 30 legal moves
        assert_eq!(table_scaled_cost(3, base, base, 100), 4 * PLY, "term 1 alone: the table's three plies");
        assert_eq!(table_scaled_cost(3, base, 2 * base, 100), PLY + 3 * PLY / 2, "twice as interesting: half the surcharge");
        assert_eq!(table_scaled_cost(0, base, 1, 100), PLY, "where the table reduces nothing, nothing is added");
        assert!(table_scaled_cost(2, base, base / 2, 100) > table_scaled_cost(2, base, base, 100), "a faded move pays more than the table");
    }

    #[test]
    fn with_a_lower_exponent_interest_bends_the_tables_reduction_less() {
        let base = 33;
        assert_eq!(table_scaled_cost(4, base, base, 50), 5 * PLY, "term 1 alone: the table's plies at any exponent");
        assert_eq!(table_scaled_cost(4, base, 4 * base, 50), PLY + 2 * PLY, "four times as interesting: half the surcharge");
        assert_eq!(table_scaled_cost(4, base, 4 * base, 0), 5 * PLY, "exponent 0: the table alone");
    }

    #[test]
    fn later_siblings_pay_for_the_earlier_ones_with_the_constant_k_only() {
        let p = InterestParams { sibling_share_percent: 10, ..constant_k() };
        let cost = p.cost(50);
        assert!(p.surcharge(cost, 20 * PLY, 12) > p.surcharge(cost, 0, 12));
        assert_eq!(p.surcharge(cost, 20 * PLY, 12) - p.surcharge(cost, 0, 12), 2 * PLY);
        let table = InterestParams { sibling_share_percent: 10, ..InterestParams::default() };
        assert!(table.table_scale, "the table's K is the default");
        assert_eq!(table.surcharge(cost, 20 * PLY, 12), table.surcharge(cost, 0, 12), "the table already grows with the move's number");
    }

    #[test]
    fn near_the_horizon_the_tables_k_prices_only_moves_that_can_deepen() {
        let table = InterestParams::default();
        let room = LINE_DEEPENING_CAP;
        assert!(table.can_price(3, 0, 0), "three plies out a surcharge is possible");
        assert!(!table.can_price(2, 0, room), "a move costs at least its ply and a dull context adds to it");
        assert!(table.can_price(2, -PLY, room), "a PV node or a good history can take it under a ply");
        assert!(!table.can_price(2, -PLY, 0), "the line has bought its cap");
        // Every price the terms could give agrees with not pricing.
        for interest in [1, 33, 500, 10_000] {
            let cost = table_scaled_cost(0, 33, interest, 50);
            assert_eq!(table.price(cost, 0, 2, true, room), Price::Surcharge(0), "interest {interest}");
        }
        let constant = constant_k();
        assert!(constant.can_price(2, 0, room), "the constant K can price a keen move under a ply");
        assert!(!InterestParams { deepening_percent: 0, ..constant }.can_price(2, -PLY, room), "without deepening nothing to price");
    }

    /// The article's constant K, the default before 2026-12-07.
    fn constant_k() -> InterestParams {
        InterestParams { table_scale: false, table_exponent_percent: 100, ..InterestParams::default() }
    }
}
