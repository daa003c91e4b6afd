//! The tree walker of both search modes: negamax, fail-soft, principal
//! variation search. What the modes differ in — how a move is paid for —
//! is the depth policy's ([`super::budget`]); everything here reads only
//! the node's draft.
//!
//! Bound semantics follow the reference text: with the window
//! (alpha0, beta), a returned `score` with `alpha0 < score < beta` is
//! exact, `score >= beta` is a lower bound (a cut node), `score <= alpha0`
//! an upper bound (an all node); the table stores that bound kind.
//! Node kinds are predicted as the text describes: a PV node's first child
//! is PV and the rest are Cut; a Cut node's children are All; an All node's
//! children are Cut. The prediction steers the reductions.

use arrayvec::ArrayVec;
use shakmaty::{Chess, Move, Position};

use super::budget::{Budget, NodeSpending, PricedMove, PricedNode, PLY};
use super::checks::Checks;
use super::interest::Price;
use super::ordering::{is_quiet, MovePicker};
use super::{score_from_tt, score_to_tt, table_cutoff, Searcher, DRAW, INFINITY, MATE, MATE_BOUND};
use crate::eval::see::see;
use crate::tt::{pack_move, unpack_move, Bound, Entry};

/// Double singular extensions allowed on one line.
const MAX_DOUBLE_EXTENSIONS: u8 = 6;

/// The static eval, corrected by the table's score where its bound says
/// the search already knows better: a lower bound above the eval or an
/// upper bound below it. Pruning decisions and quiescence's stand pat
/// read this.
pub(super) fn refined_eval(static_eval: i32, entry: Option<Entry>, ply: usize) -> i32 {
    // The table settles "is the value above the eval?" exactly as it
    // settles a cut-off for the null window just above the eval.
    entry
        .filter(|_| static_eval > -INFINITY)
        .and_then(|e| table_cutoff(&e, ply, static_eval, static_eval + 1))
        .filter(|score| score.abs() < MATE_BOUND)
        .unwrap_or(static_eval)
}

/// A quiet move near the horizon that puts a piece where it is lost
/// (SEE below −margin × depth²): too little depth is left for the
/// sacrifice to pay, and there are quiet moves that do not give away
/// material. The margin grows with depth², so at the default margin a
/// pawn may be offered two plies from the horizon, a minor piece four, a
/// rook five and a queen six, and beyond eight plies nothing is skipped
/// this way.
fn hangs_material(pos: &Chess, m: Move, depth: i32, margin: i32) -> bool {
    const QUIET_SEE_DEPTH: i32 = 8;
    depth <= QUIET_SEE_DEPTH && see(pos, m) < -margin * depth * depth
}

/// The side to move has something besides king and pawns: null-move
/// pruning is unsafe without it (zugzwang).
pub(super) fn has_non_pawn_material(pos: &Chess) -> bool {
    let b = pos.board();
    (pos.us() & !(b.pawns() | b.kings())).any()
}

impl Searcher {
    /// (piece, to) of the opponent's move into this node and of our own
    /// move before it, for the reply tables.
    #[inline]
    pub(super) fn earlier_moves(&self, ply: usize) -> (Option<usize>, Option<usize>) {
        let previous = if ply >= 1 { self.stack[ply - 1].moved } else { None };
        let own_previous = if ply >= 2 { self.stack[ply - 2].moved } else { None };
        (previous, own_previous)
    }

    /// Our static eval is better than two plies ago, at our previous move:
    /// the line is going our way, so a fail-high is likelier and a quiet
    /// move less likely to be refuted. Pruning and reductions are bolder
    /// when not.
    fn is_improving(&self, ply: usize, static_eval: i32) -> bool {
        static_eval > -INFINITY && ply >= 2 && static_eval > self.stack[ply - 2].static_eval
    }

    /// The move into this node was a null move (two in a row prove nothing).
    #[inline]
    pub(super) fn follows_null_move(&self, ply: usize) -> bool {
        ply >= 1 && self.stack[ply - 1].moved.is_none()
    }

    /// Negamax alpha-beta with PVS. `budget` is what each side may still
    /// spend below this node; its draft for the side to move is the
    /// depth every mechanism reads. `cut_node` is the predicted node kind
    /// for non-PV nodes (true: Cut, false: All).
    pub(crate) fn negamax(&mut self, pos: &Chess, budget: Budget, ply: usize, mut alpha: i32, beta: i32, cut_node: bool) -> i32 {
        self.pv_len[ply] = ply;
        let side = pos.turn();
        let depth = budget.draft(side);
        if depth <= 0 {
            return self.horizon(pos, ply, alpha, beta);
        }
        if let Some(score) = self.open_node(pos, ply, alpha, beta) {
            return score;
        }
        let root = ply == 0;
        let pv_node = beta - alpha > 1;
        let alpha0 = alpha;
        let in_check = pos.is_check();
        self.stack[ply].in_check = in_check;
        let key = self.current_key();
        // A singularity search asks about this node without its table
        // move: the table's score and the tablebase answer another question.
        let excluded = self.stack[ply].excluded;
        let entry = self.tt.probe(key);
        let tt_move = entry.map_or(0, |e| e.packed_move);
        if let Some(e) = entry.filter(|e| !pv_node && e.depth >= depth && excluded == 0) {
            if let Some(score) = table_cutoff(&e, ply, alpha, beta) {
                if score >= beta {
                    self.reward_table_move(pos, ply, depth, tt_move);
                }
                return score;
            }
        }
        if excluded == 0 {
            if let Some(score) = self.probe_tablebase(pos, ply, depth) {
                self.tt.store(key, 0, score_to_tt(score, ply), 0, depth, Bound::Exact);
                return score;
            }
        }
        // Internal iterative reduction: with no table move this node was
        // never searched, so ordering is poor; spend one ply less on it.
        let (budget, depth) =
            if depth >= 4 && tt_move == 0 && !in_check { (budget.clipped(side, depth - 1), depth - 1) } else { (budget, depth) };
        let static_eval = self.static_eval(pos, ply, in_check, entry);
        self.stack[ply].static_eval = static_eval;
        if self.settings.forward.enabled && !root {
            if let Some(score) = self.forward_estimate(ply, depth, static_eval, alpha, beta) {
                return score;
            }
        }

        let improving = self.is_improving(ply, static_eval);
        let params = self.settings.alphabeta;
        let corrected = if in_check { static_eval } else { self.correction.correct(pos, static_eval) };
        let eval = refined_eval(corrected, entry, ply);
        if !pv_node && !in_check && excluded == 0 {
            // Reverse futility: far above beta with little depth left.
            if depth <= params.rfp_depth && eval - params.rfp_margin * (depth - improving as i32) >= beta && beta.abs() < MATE_BOUND {
                return eval;
            }
            // Razoring: far below alpha with little depth left, only a
            // capture can help; if quiescence finds none, trust it.
            if depth <= params.razor_depth && eval + params.razor_margin * depth <= alpha && alpha.abs() < MATE_BOUND {
                let score = self.qsearch(pos, ply, alpha, alpha + 1);
                if score <= alpha || self.stopped {
                    return score;
                }
            }
            // Null move: if passing still fails high, a real move will too.
            if depth >= 3 && eval >= beta && !self.follows_null_move(ply) && has_non_pawn_material(pos) {
                if let Some(score) = self.null_move(pos, budget, ply, beta, cut_node) {
                    return score;
                }
                if self.stopped {
                    return 0;
                }
            }
        }

        // Singular extension: when every move but the table move fails well
        // below the table's score, the table move is the only one that
        // holds and is searched deeper; when even without it the node
        // fails high, more than one move refutes and the node is cut.
        let mut tt_extension = 0;
        if let Some(e) = entry.filter(|e| !root && excluded == 0 && self.is_singular_candidate(e, depth, ply)) {
            let tt_score = score_from_tt(e.score, ply);
            let singular_beta = tt_score - params.singular_margin * depth;
            let score = self.without_table_move(pos, budget, ply, singular_beta, cut_node, tt_move);
            if self.stopped {
                return 0;
            }
            if score < singular_beta {
                tt_extension = self.singular_extension(ply, pv_node, singular_beta - score);
            } else if singular_beta >= beta {
                return singular_beta;
            } else if tt_score >= beta {
                // Another move nearly holds as well, and the table expects
                // a fail high: the table move is not the node's only hope.
                tt_extension = -1;
            }
        }

        let mut picker = MovePicker::empty();
        match (!root).then(|| unpack_move(tt_move, pos)).flatten() {
            Some(table_move) => picker.table_move_first(table_move),
            None if root => picker.fill(&self.root_moves, self.move_scorer(pos, tt_move, ply)),
            None => picker.fill(&pos.legal_moves(), self.move_scorer(pos, tt_move, ply)),
        }
        if picker.is_empty() {
            return if in_check { -MATE + ply as i32 } else { DRAW };
        }
        let mut best = -INFINITY;
        let mut best_move: Option<Move> = None;
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        let mut searched = 0usize;
        let priced_node = PricedNode { draft: depth, ply, pv: pv_node, cut: cut_node, in_check, improving, tt_move };
        let mut spending = NodeSpending::default();
        let mut place = 0;
        let mut checks = None;
        while let Some((m, order)) = picker.pick(|| pos.legal_moves(), || self.move_scorer(pos, tt_move, ply)) {
            place += 1;
            if excluded != 0 && pack_move(m) == excluded {
                continue;
            }
            let quiet = is_quiet(m);
            // Known without playing the move: most moves that get this
            // far are pruned below, unplayed.
            let gives_check = checks.get_or_insert_with(|| Checks::of(pos)).gives_check(pos, m);
            // Prune only moves that do not give check: a quiet check can
            // be the mate the static eval knows nothing about.
            let may_prune = !root && !in_check && !gives_check && best > -MATE_BOUND && searched > 0;
            if may_prune {
                let late_quiet = quiet
                    && self.settings.late.pruning
                    && depth <= 4
                    && quiets_tried.len() as i32 > (params.lmp_base + depth * depth) / (2 - improving as i32);
                let futile = quiet && !pv_node && depth <= 3 && eval + params.futility_margin * depth + params.futility_base <= alpha;
                let losing_capture = !quiet && order < 0 && depth <= 4 && see(pos, m) < -params.see_margin * depth;
                if late_quiet || futile || losing_capture || (quiet && hangs_material(pos, m, depth, params.quiet_see_margin)) {
                    continue;
                }
            }
            let extension = if tt_extension != 0 && pack_move(m) == tt_move { tt_extension } else { gives_check as i32 };
            // The move's base cost: one ply, less its extension; a later
            // move's price adds a surcharge to it, or takes some off.
            let base = PLY * (1 - extension);
            let surcharge = if searched == 0 {
                spending.spent += PLY;
                0
            } else {
                let mv = PricedMove { m, place: place - 1, searched, quiet, gives_check, may_cut: may_prune && !pv_node };
                match self.later_move_price(pos, &priced_node, &mut spending, picker.generated(), &mv) {
                    Price::CutOff => continue,
                    Price::Surcharge(s) => s,
                }
            };
            let child = self.make(pos, m, ply);
            let pay = |cost| if extension > 0 { budget.pay_extended(side, cost) } else { budget.pay(side, cost) };
            let full = pay(base);
            self.stack[ply + 1].double_extensions = self.stack[ply].double_extensions + (extension == 2) as u8;
            self.stack[ply + 1].deepened = self.stack[ply].deepened - surcharge.min(0);
            let nodes_before = self.nodes;
            let score = if searched == 0 {
                -self.negamax(&child, full, ply + 1, -beta, -alpha, !pv_node && !cut_node)
            } else {
                let child_cut = if pv_node { true } else { !cut_node };
                let priced = pay(base + surcharge);
                let mut s = -self.negamax(&child, priced, ply + 1, -alpha - 1, -alpha, child_cut);
                // Verification: a move that paid a surcharge and beats
                // alpha is searched again at its base cost.
                if s > alpha && surcharge > 0 {
                    s = -self.negamax(&child, full, ply + 1, -alpha - 1, -alpha, !child_cut);
                }
                // A deepened move keeps its depth in the full window.
                if s > alpha && s < beta {
                    s = -self.negamax(&child, if surcharge < 0 { priced } else { full }, ply + 1, -beta, -alpha, false);
                }
                s
            };
            self.unmake();
            if root {
                self.root_move_nodes.charge(m, self.nodes - nodes_before);
            }
            if self.stopped {
                return 0;
            }
            searched += 1;
            if quiet && quiets_tried.len() < quiets_tried.capacity() {
                quiets_tried.push(m);
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    self.update_pv(ply, m);
                    if root {
                        self.iteration_best = Some(m);
                        self.iteration_best_score = score;
                    }
                    if score >= beta {
                        if quiet {
                            self.record_choice(pos, ply, depth, tt_move, m);
                            let (previous, own_previous) = self.earlier_moves(ply);
                            self.tables.reward_quiet(pos.turn(), ply, depth, m, &quiets_tried, previous, own_previous);
                        }
                        break;
                    }
                }
            }
        }
        self.pricing.cut_nodes += spending.cut_off as u64;
        if searched == 0 {
            // Without the table move nothing was left: it is singular.
            // Otherwise everything was pruned: the static eval is our best guess.
            return if excluded != 0 { alpha } else { corrected };
        }
        if excluded != 0 {
            // The node's value without its best move is no fact about the node.
            return best;
        }
        let best = self.blend_fail_high(best, beta, depth, pv_node);
        let bound = Bound::classify(best, alpha0, beta);
        if bound == Bound::Exact && best_move.is_some_and(is_quiet) {
            self.record_choice(pos, ply, depth, tt_move, best_move.expect("checked"));
        }
        if !in_check && best_move.is_none_or(is_quiet) && best.abs() < MATE_BOUND {
            self.correction.update(pos, depth, bound, best, corrected);
        }
        let stored_eval = if in_check { 0 } else { static_eval };
        self.tt.store(key, best_move.map_or(0, pack_move), score_to_tt(best, ply), stored_eval, depth, bound);
        best
    }

    /// A non-PV fail-high's score drawn toward beta by the
    /// `FailHighBlend` weight (see [`super::tunables::AlphaBetaParams`]);
    /// mate scores and windows at a mate are left as they are. The result
    /// stays at or above beta, so the node's bound does not change.
    fn blend_fail_high(&self, best: i32, beta: i32, depth: i32, pv_node: bool) -> i32 {
        let w = self.settings.alphabeta.fail_high_blend;
        if w == 0 || pv_node || best <= beta || best.abs() >= MATE_BOUND || beta.abs() >= MATE_BOUND {
            return best;
        }
        let draft = depth.max(1);
        (best * draft + beta * w) / (draft + w)
    }

    /// The table's move cut this node off without a search: had it been
    /// searched, a quiet one would have earned a killer's place and
    /// history, so it earns them now and stays first in sibling nodes.
    fn reward_table_move(&mut self, pos: &Chess, ply: usize, depth: i32, tt_move: u16) {
        if let Some(m) = unpack_move(tt_move, pos).filter(|&m| is_quiet(m)) {
            let (previous, _) = self.earlier_moves(ply);
            self.tables.reward_quiet(pos.turn(), ply, depth, m, &[], previous, None);
        }
    }

    /// Deep enough, and the table's entry a lower bound (or exact) from a
    /// search nearly as deep, with a move and a score that is not a mate:
    /// only then is "is the table move the only good one?" worth a search.
    fn is_singular_candidate(&self, e: &Entry, depth: i32, ply: usize) -> bool {
        depth >= self.settings.alphabeta.singular_depth
            && e.packed_move != 0
            && e.bound != Bound::Upper
            && e.depth >= depth - 3
            && score_from_tt(e.score, ply).abs() < MATE_BOUND
    }

    /// How much deeper a singular table move is searched: two plies when
    /// its rivals fell far short (`gap` below the singular mark) at a
    /// non-PV node, while the line has few double extensions; else one.
    fn singular_extension(&self, ply: usize, pv_node: bool, gap: i32) -> i32 {
        let doubled = self.stack[ply].double_extensions;
        if !pv_node && gap > self.settings.alphabeta.singular_double_margin && doubled < MAX_DOUBLE_EXTENSIONS {
            2
        } else {
            1
        }
    }

    /// The node searched at half depth with a null window at `singular_beta`
    /// and its table move left out.
    fn without_table_move(&mut self, pos: &Chess, budget: Budget, ply: usize, singular_beta: i32, cut_node: bool, tt_move: u16) -> i32 {
        let depth = budget.draft(pos.turn());
        self.stack[ply].excluded = tt_move;
        let score = self.negamax(pos, budget.clipped(pos.turn(), (depth - 1) / 2), ply, singular_beta - 1, singular_beta, cut_node);
        self.stack[ply].excluded = 0;
        // The inner search may have left its own line in the node's PV slot.
        self.pv_len[ply] = ply;
        score
    }

    /// Tries a null move; `Some(score)` when it proves a fail-high.
    /// The reply search is clipped for both sides: charged to the passer
    /// alone, a separate tally would leave the opponent its whole budget
    /// and the test would be as deep as the node.
    fn null_move(&mut self, pos: &Chess, budget: Budget, ply: usize, beta: i32, cut_node: bool) -> Option<i32> {
        let null = pos.clone().swap_turn().ok()?;
        let p = self.settings.alphabeta;
        let depth = budget.draft(pos.turn());
        let r = p.nmp_base + depth / p.nmp_divisor.max(1);
        self.enter_null(pos, &null, ply);
        self.stack[ply + 1].double_extensions = self.stack[ply].double_extensions;
        self.stack[ply + 1].deepened = self.stack[ply].deepened;
        let score = -self.negamax(&null, budget.clipped(null.turn(), depth - 1 - r), ply + 1, -beta, -beta + 1, !cut_node);
        self.unmake();
        if self.stopped {
            return None;
        }
        (score >= beta).then_some(if score >= MATE_BOUND { beta } else { score })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_corrects_the_eval_only_where_its_bound_knows_better() {
        let entry = |score, bound| Some(Entry { packed_move: 0, score, eval: 0, depth: 5, bound });
        assert_eq!(refined_eval(40, entry(120, Bound::Lower), 3), 120);
        assert_eq!(refined_eval(40, entry(10, Bound::Lower), 3), 40);
        assert_eq!(refined_eval(40, entry(-30, Bound::Upper), 3), -30);
        assert_eq!(refined_eval(40, entry(90, Bound::Upper), 3), 40);
        assert_eq!(refined_eval(40, entry(-7, Bound::Exact), 3), -7);
        assert_eq!(refined_eval(40, None, 3), 40);
        // A mate score is no estimate of the position; in check there is no eval to correct.
        assert_eq!(refined_eval(40, entry(MATE - 10, Bound::Lower), 3), 40);
        assert_eq!(refined_eval(-INFINITY, entry(50, Bound::Exact), 3), -INFINITY);
    }

    #[test]
    fn a_quiet_move_that_hangs_a_piece_is_skipped_only_near_the_horizon() {
        let pos = crate::eval::tests::pos("4k3/8/4p3/8/8/8/8/3QK1N1 w - - 0 1");
        let play = |uci: &str| uci.parse::<shakmaty::uci::UciMove>().unwrap().to_move(&pos).unwrap();
        let (queen_to_d5, knight_to_f3, queen_to_d4) = (play("d1d5"), play("g1f3"), play("d1d4"));
        let margin = crate::search::tunables::AlphaBetaParams::default().quiet_see_margin;
        assert!(hangs_material(&pos, queen_to_d5, 3, margin), "the queen is taken by the pawn");
        assert!(!hangs_material(&pos, queen_to_d5, 9, margin), "too far from the horizon to judge");
        assert!(!hangs_material(&pos, knight_to_f3, 1, margin));
        assert!(!hangs_material(&pos, queen_to_d4, 1, margin));
    }

    #[test]
    fn improving_compares_the_eval_with_our_previous_move() {
        use crate::search::Signals;
        use std::sync::Arc;
        let mut s = Searcher::new(Arc::new(crate::tt::TranspositionTable::new(1)), Arc::new(Signals::default()));
        s.stack[3].static_eval = 50;
        assert!(s.is_improving(5, 60));
        assert!(!s.is_improving(5, 50));
        assert!(!s.is_improving(5, -INFINITY), "in check nothing is improving");
        assert!(!s.is_improving(1, 60), "the root's children have no earlier move of ours");
    }

    #[test]
    fn a_fail_high_is_drawn_toward_beta_only_where_the_option_says() {
        use crate::search::Signals;
        use std::sync::Arc;
        let mut s = Searcher::new(Arc::new(crate::tt::TranspositionTable::new(1)), Arc::new(Signals::default()));
        assert_eq!(s.blend_fail_high(300, 100, 2, false), 300, "off by default");
        s.settings.alphabeta.fail_high_blend = 1;
        assert_eq!(s.blend_fail_high(300, 100, 1, false), 200, "halfway at draft 1");
        assert_eq!(s.blend_fail_high(300, 100, 3, false), 250, "less the deeper the node");
        assert_eq!(s.blend_fail_high(-99, -100, 1, false), -99, "never below beta");
        assert_eq!(s.blend_fail_high(300, 100, 2, true), 300, "a PV node's score is exact");
        assert_eq!(s.blend_fail_high(50, 100, 2, false), 50, "a fail-low is left alone");
        assert_eq!(s.blend_fail_high(MATE - 5, 100, 2, false), MATE - 5, "a mate is a fact");
    }

    /// A searcher at `fen`'s position, the position, and a shared-tally
    /// budget of `depth` plies for searching it as a node below the root.
    fn node_at(fen: &str, depth: i32) -> (Searcher, Chess, Budget) {
        let (s, game) = crate::search::searcher_at_root(fen);
        let pos = game.position().clone();
        let budget = Budget::root(depth, pos.turn(), crate::search::budget::Tallies::Shared);
        (s, pos, budget)
    }

    /// A node without a legal move is lost in check and drawn otherwise.
    #[test]
    fn a_node_without_moves_scores_mate_or_stalemate() {
        let score_at_ply_1 = |fen: &str| {
            let (mut s, pos, budget) = node_at(fen, 4);
            s.negamax(&pos, budget, 1, -INFINITY, INFINITY, false)
        };
        assert_eq!(score_at_ply_1("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"), -MATE + 1, "checkmated");
        assert_eq!(score_at_ply_1("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), DRAW, "stalemated");
    }

    /// The node's score at half of `depth` without `table_move`.
    fn score_without(fen: &str, table_move: &str, depth: i32, singular_beta: i32) -> i32 {
        let (mut s, pos, budget) = node_at(fen, depth);
        let m = table_move.parse::<shakmaty::uci::UciMove>().unwrap().to_move(&pos).unwrap();
        s.without_table_move(&pos, budget, 1, singular_beta, false, pack_move(m))
    }

    #[test]
    fn the_only_recapture_is_singular_and_one_of_two_is_not() {
        // Black's queen has just taken on d4. Only Rxd4 wins it back…
        let only = score_without("6k1/5ppp/8/8/3q4/8/5PPP/3R2K1 w - - 0 1", "d1d4", 9, 300);
        assert!(only < 300, "without the recapture White is a queen for a rook down: {only}");
        // … unless the knight on f3 can take it too.
        let either = score_without("6k1/5ppp/8/8/3q4/5N2/5PPP/3R2K1 w - - 0 1", "d1d4", 9, 300);
        assert!(either >= 300, "Nxd4 wins the queen as well: {either}");
    }

    #[test]
    fn a_quiet_table_move_that_cuts_off_from_the_table_becomes_a_killer() {
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        for (score, bound, rewarded) in [(100, Bound::Lower, true), (-100, Bound::Upper, false)] {
            let (mut s, pos, budget) = node_at(fen, 5);
            let m = "f1b5".parse::<shakmaty::uci::UciMove>().unwrap().to_move(&pos).unwrap();
            s.tt.store(s.current_key(), pack_move(m), score, 0, 20, bound);
            assert!(!s.tables.is_killer(1, m));
            let got = s.negamax(&pos, budget, 1, -1, 0, true);
            assert_eq!(got, score, "the table's bound settles the node");
            assert_eq!(s.tables.is_killer(1, m), rewarded, "{bound:?}");
            assert_eq!(s.tables.history(pos.turn(), m) > 0, rewarded, "{bound:?}");
        }
    }

    #[test]
    fn a_far_singular_move_goes_two_plies_deeper_a_few_times_a_line() {
        use crate::search::Signals;
        use std::sync::Arc;
        let mut s = Searcher::new(Arc::new(crate::tt::TranspositionTable::new(1)), Arc::new(Signals::default()));
        let margin = s.settings.alphabeta.singular_double_margin;
        assert_eq!(s.singular_extension(4, false, margin + 1), 2);
        assert_eq!(s.singular_extension(4, false, margin), 1, "rivals just short: one ply");
        assert_eq!(s.singular_extension(4, true, margin + 1), 1, "PV nodes are searched fully anyway");
        s.stack[4].double_extensions = MAX_DOUBLE_EXTENSIONS;
        assert_eq!(s.singular_extension(4, false, margin + 1), 1, "the line has had its share");
    }

    #[test]
    fn reverse_futility_does_not_hide_a_queen_sacrifice_that_mates() {
        use crate::search::{limits::Limits, Signals};
        use std::{sync::Arc, time::Instant};
        // WAC.001: Qg6 leaves the queen en prise and mates. Below it Black
        // is a queen up, "far above beta"; reverse futility to depth 8
        // returned there without a search, and the engine played Ne8 at
        // every budget up to 200,000 nodes.
        let fen = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";
        let game = crate::game::Game::from_fen(fen, shakmaty::CastlingMode::Standard).unwrap();
        let mut s = Searcher::new(Arc::new(crate::tt::TranspositionTable::new(16)), Arc::new(Signals::default()));
        s.settings.mode = crate::search::SearchMode::AlphaBeta;
        let limits = Limits { nodes: Some(100_000), ..Limits::default() };
        let best = s.think(&game, &limits, 0, Instant::now(), &mut |_| {}).best.unwrap();
        assert_eq!(best.to_uci(shakmaty::CastlingMode::Standard).to_string(), "g3g6", "{best:?}");
    }
}
