//! Interest search (DESIGN.md §2.2): lines end by what they cost, not by
//! depth.
//!
//! Every legal move at a node gets an interest from the seventeen
//! plausibility terms ([`terms`]); its cost is `cost_scale / interest`.
//! Moves are searched cheapest first. Before each one the node works out
//!
//! `net = path cost of the side to move + cost already spent here + cost of the move`
//!
//! and stops expanding once `net` passes the iteration's **interest
//! limit**. The child inherits `net` as the mover's path cost, so the later
//! siblings of a node carry heavier subtrees. Each side has its own tally:
//! a dull defensive move does not shorten the attacker's line. Iterations
//! raise the limit.
//!
//! Decisions the article leaves open, and what this implementation does:
//! - A node where not even the cheapest move can be paid for is the
//!   horizon: it is scored by the quiescence search, exactly as alpha-beta
//!   scores depth 0, so both modes share the same leaf evaluation.
//! - A node whose later moves were cut keeps the side to move's right to
//!   play one of them: unless in check, its score is at least the static
//!   evaluation (stand pat), as in quiescence — but bounded by what the
//!   opponent achieves if the side to move passes ([`CutScore::Verified`]).
//!   A bare stand pat at every cut interior node hid every threat the
//!   evaluation cannot see; verifying it was worth about +170 Elo at fixed
//!   nodes (docs/measurements.md).
//! - The limit rises by a fixed step per iteration and no move costs less
//!   than a floor (`step` 100, `min_cost` 250): with a percentage growth
//!   and no floor the tree grew tenfold and more per iteration and spent
//!   itself on chains of checks and evasions dozens of plies deep while
//!   quiet moves got a ply or two.
//! - The table stores, in place of depth, the smaller of the two sides'
//!   remaining budgets (in units of `cost_scale / 400`); an entry is reused
//!   when it was searched with at least the budget we have now.
//! - Alpha-beta cut-offs and principal-variation zero windows work as in the
//!   alpha-beta mode; there is no null move, no depth reduction and no
//!   futility pruning: the interest cut is the only selectivity.
//! - Later siblings pay a quarter of what the earlier ones cost
//!   (`sibling_share_percent` = 25), not all of it as in the article: a
//!   chess node has 30–45 moves, and with the full share a move near the end
//!   of the list costs as much as a dozen plies of the line it starts, so
//!   the search never looked at quiet moves beyond the first few.
//! - The similar-move penalty raises a move's cost by a percentage for
//!   each characteristic it shares with moves already searched at the
//!   node: the same piece moving again, another check, another capture on
//!   the same square. It is off by default (0 %): with the cost floor,
//!   25 % lost to 0 % by 67 ± 53 Elo at fixed nodes.

pub mod terms;

use arrayvec::ArrayVec;
use shakmaty::{Bitboard, Chess, Color, Move, Position};

use super::ordering::is_quiet;
use crate::eval::see::least_valuable;
use super::{score_to_tt, table_cutoff, Searcher, DRAW, INFINITY, MATE};
#[cfg(test)]
use super::Outcome;
use crate::tt::{pack_move, Bound};
use terms::MoveFacts;

/// Which search rule `go` uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SearchMode {
    Interest,
    /// The default until interest search matches it in play (issue 4).
    #[default]
    AlphaBeta,
}

impl SearchMode {
    pub const ALL: [SearchMode; 2] = [SearchMode::Interest, SearchMode::AlphaBeta];

    /// The name users see (the `SearchMode` option's choices).
    pub const fn name(self) -> &'static str {
        match self {
            SearchMode::Interest => "Interest",
            SearchMode::AlphaBeta => "AlphaBeta",
        }
    }

    /// The mode named `name`, in any case (`interest`, `AlphaBeta`, …).
    pub fn from_name(name: &str) -> Option<SearchMode> {
        SearchMode::ALL.into_iter().find(|m| m.name().eq_ignore_ascii_case(name))
    }
}

/// The knobs of the interest rule (each a UCI option).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InterestParams {
    /// K in `cost = K / interest`.
    pub cost_scale: u32,
    /// The interest limit of the first iteration.
    pub first_limit: u32,
    /// How much the limit grows per iteration, in percent.
    pub growth_percent: u32,
    /// The least the limit grows per iteration, in cost units. A step that
    /// adds a fixed cost deepens every line by about the same number of
    /// plies each iteration, as depth + 1 does; a percentage adds more
    /// plies the deeper the search already is, so the tree's growth per
    /// iteration keeps rising.
    pub step: u32,
    /// The least a move costs, in cost units (0: no floor). Checks,
    /// evasions and good captures have interests many times a plain
    /// move's, so without a floor a line of them is nearly free and the
    /// tree fills with forcing sequences dozens of plies long while quiet
    /// moves get one or two plies; the floor bounds how much deeper a
    /// forcing line may go than a quiet one.
    pub min_cost: u32,
    /// Extra cost per characteristic shared with a move already searched
    /// at the node, in percent of the move's cost.
    pub similar_penalty_percent: u32,
    /// One tally per side (the article's rule) or one shared tally (the
    /// variant the article warns about, kept for the ablation).
    pub separate_tallies: bool,
    /// Null move: the side to move may pass, paying this percentage of
    /// its remaining budget; if the opponent still cannot bring the score
    /// below beta, the node is cut. 0 turns it off.
    pub null_move_percent: u32,
    /// Reverse futility as alpha-beta does it (its `RfpMargin` and
    /// `RfpDepth`), the depth being the budget left in plies of
    /// interest 100: a node whose static evaluation is that far above
    /// beta is not expanded.
    pub reverse_futility: bool,
    /// The tunable term weights.
    pub weights: terms::TermWeights,
    /// How much of the cost already spent at a node its next move pays, in
    /// percent: 100 is the article's rule (`total_cost_this_ply` in full);
    /// less widens nodes, 0 leaves only the path cost and the move's own.
    /// 25 by measurement: in chess the full share starves every node after
    /// its first few moves (the root of a 45-move position is searched in
    /// full only from iteration 15 on), and 25 beat 100 by +164 ± 65 at
    /// equal time (docs/measurements.md).
    pub sibling_share_percent: u32,
    /// How a node whose later moves were cut is scored.
    pub cut_score: CutScore,
}

impl Default for InterestParams {
    fn default() -> Self {
        InterestParams {
            cost_scale: 10_000,
            first_limit: 200,
            growth_percent: 0,
            step: 100,
            min_cost: 250,
            similar_penalty_percent: 0,
            separate_tallies: true,
            null_move_percent: 0,
            reverse_futility: false,
            weights: terms::TermWeights::default(),
            sibling_share_percent: 25,
            cut_score: CutScore::Verified,
        }
    }
}

impl InterestParams {
    /// The interest limit of iteration `n` (1-based): the first limit,
    /// raised per iteration by `growth_percent` or `step`, whichever is
    /// more, and by at least one unit.
    pub fn limit(&self, iteration: u32) -> u32 {
        let mut limit = self.first_limit.max(1) as u64;
        for _ in 1..iteration {
            limit += (limit * self.growth_percent as u64 / 100).max(self.step as u64).max(1);
            if limit >= u32::MAX as u64 / 4 {
                return u32::MAX / 4;
            }
        }
        limit as u32
    }

    /// The cost of a move of the given interest.
    pub fn cost(&self, interest: i32) -> u32 {
        (self.cost_scale / interest.max(1) as u32).max(self.min_cost).max(1)
    }

    /// A remaining budget as the table stores it (in place of depth).
    fn table_depth(&self, budget: u32) -> i32 {
        (budget / (self.cost_scale / 400).max(1)).min(250) as i32
    }

    /// How many moves of interest 100 a budget buys: the depth-like figure
    /// the history tables' bonuses are scaled by.
    fn depth_equivalent(&self, budget: u32) -> i32 {
        (budget / (self.cost_scale / 100).max(1)).clamp(1, 20) as i32
    }
}

/// How a node whose later moves were cut by the limit is scored
/// (DESIGN.md §2.2 leaves it open; UCI `InterestCutScore`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CutScore {
    /// The side to move may play one of the cut moves and keep the static
    /// evaluation, as at a quiescence node.
    StandPat,
    /// As `StandPat`, less what the side to move stands to lose: the
    /// second most valuable of its pieces en prise (it can save one with
    /// the move it did not search, not two). The static evaluation does
    /// not see a fork, and a stand pat that ignores it lets the forked
    /// side wave the fork away.
    ThreatAware,
    /// Only the moves searched count: a fail-low bound from the plausible
    /// moves alone.
    SearchedOnly,
    /// The stand pat, checked by a pass: the opponent moves again with its
    /// own budget while the passer has none left (the pass spends what the
    /// cut moves would have), and the node is worth the smaller of the
    /// static evaluation and that result. A bare stand pat lets the side
    /// to move wave away any threat the evaluation does not see, at every
    /// interior node where the limit cut its moves; this is the null-move
    /// test of alpha-beta, used to bound the stand pat instead of to prune.
    #[default]
    Verified,
}

impl CutScore {
    pub const ALL: [CutScore; 4] = [CutScore::StandPat, CutScore::ThreatAware, CutScore::SearchedOnly, CutScore::Verified];

    pub const fn name(self) -> &'static str {
        match self {
            CutScore::StandPat => "StandPat",
            CutScore::ThreatAware => "ThreatAware",
            CutScore::SearchedOnly => "SearchedOnly",
            CutScore::Verified => "Verified",
        }
    }

    pub fn from_name(name: &str) -> Option<CutScore> {
        CutScore::ALL.into_iter().find(|c| c.name().eq_ignore_ascii_case(name))
    }
}

/// The search settings a `go` runs with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SearchSettings {
    pub mode: SearchMode,
    pub interest: InterestParams,
    /// The alpha-beta mode's tunable constants.
    pub alphabeta: super::tunables::AlphaBetaParams,
    /// How the search uses Syzygy tables.
    pub tablebase: super::tablebase::TablebaseSettings,
    /// Forward estimation (alpha-beta mode).
    pub forward: super::forward::ForwardSettings,
    /// The conspiracy player (off unless `ConspiracyDepth` > 0).
    pub conspiracy: super::conspiracy::ConspiracySettings,
    /// Which static evaluation both modes read.
    pub evaluator: crate::eval::Evaluator,
}

/// What each side has spent on the path to a node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    spent: [u32; 2],
}

impl Tally {
    pub fn spent(&self, side: Color) -> u32 {
        self.spent[side.is_white() as usize]
    }

    /// The tally of a child reached by `side` paying up to `net`. With a
    /// shared tally both sides' figures move together.
    pub fn after(self, side: Color, net: u32, separate: bool) -> Tally {
        if separate {
            let mut t = self;
            t.spent[side.is_white() as usize] = net;
            t
        } else {
            Tally { spent: [net, net] }
        }
    }
}

/// The article's rule for one move: `net = path cost of the mover + cost
/// already spent at this node + cost of the move`. Past the limit the node
/// stops expanding (`None`); otherwise the child's tally, in which the
/// mover's path cost is `net`.
pub fn pay(tally: Tally, side: Color, spent_here: u32, cost: u32, limit: u32, separate: bool) -> Option<Tally> {
    let net = tally.spent(side).saturating_add(spent_here).saturating_add(cost);
    (net <= limit).then(|| tally.after(side, net, separate))
}

/// The value the side to move loses to a double threat: the second
/// largest of what its en-prise pieces would cost (a piece is en prise
/// when it is attacked and undefended, or attacked by a cheaper piece).
fn second_en_prise(pos: &Chess) -> i32 {
    let board = pos.board();
    let us = pos.turn();
    let occupied = board.occupied();
    let (mut first, mut second) = (0, 0);
    for sq in board.by_color(us) & !board.kings() {
        let attackers = board.attacks_to(sq, !us, occupied);
        if attackers.is_empty() {
            continue;
        }
        let Some(role) = board.role_at(sq) else { continue };
        let value = crate::eval::piece_value(role);
        let loss = if board.attacks_to(sq, us, occupied).is_empty() {
            value
        } else {
            let cheapest = least_valuable(pos, attackers, !us).map_or(value, |(_, role)| crate::eval::piece_value(role));
            (value - cheapest).max(0)
        };
        if loss > first {
            second = first;
            first = loss;
        } else if loss > second {
            second = loss;
        }
    }
    second
}

/// What the moves already searched at a node had in common, for the
/// similar-move penalty.
#[derive(Default)]
struct Searched {
    from_squares: Bitboard,
    any_check: bool,
    capture_squares: Bitboard,
}

impl Searched {
    /// How many characteristics `m` shares with the moves searched so far.
    fn shared_with(&self, m: Move, gives_check: bool) -> u32 {
        let same_piece = m.from().is_some_and(|f| self.from_squares.contains(f));
        let another_check = gives_check && self.any_check;
        let same_target = m.is_capture() && self.capture_squares.contains(m.to());
        same_piece as u32 + another_check as u32 + same_target as u32
    }

    fn add(&mut self, m: Move, gives_check: bool) {
        if let Some(f) = m.from() {
            self.from_squares.add(f);
        }
        self.any_check |= gives_check;
        if m.is_capture() {
            self.capture_squares.add(m.to());
        }
    }
}

/// A move with its cost, ready to be searched in cost order.
#[derive(Clone, Copy)]
struct Rated {
    m: Move,
    cost: u32,
    gives_check: bool,
    /// Tie-break among equal costs (the cost floor makes many equal): the
    /// alpha-beta move-ordering score, table move first. Ordering the
    /// ties by interest instead lost 7 / 16 / 97 at fixed nodes: a check
    /// or a capture went before the table move, and every node's first,
    /// principal move was a worse one; the table move first and then the
    /// interest still lost 19 / 30 / 71.
    order: i32,
}

impl Searcher {
    /// The interest search of one node. `tally` is what each side spent to
    /// get here; the limit is `self.interest_limit`.
    pub(crate) fn interest_search(&mut self, pos: &Chess, tally: Tally, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.pv_len[ply] = ply;
        if let Some(score) = self.open_node(pos, ply, alpha, beta) {
            return score;
        }
        let root = ply == 0;
        let pv_node = beta - alpha > 1;
        let alpha0 = alpha;
        let params = self.settings.interest;
        let side = pos.turn();
        let limit = self.interest_limit;
        let budget = limit.saturating_sub(tally.spent(side));
        let table_depth = params.table_depth(budget.min(limit.saturating_sub(tally.spent(!side))));
        let key = self.current_key();
        let entry = self.tt.probe(key);
        let tt_move = entry.map_or(0, |e| e.packed_move);
        if let Some(score) = entry.filter(|e| !pv_node && e.depth >= table_depth).and_then(|e| table_cutoff(&e, ply, alpha, beta)) {
            return score;
        }
        if let Some(score) = self.probe_tablebase(pos, ply, params.depth_equivalent(budget)) {
            self.tt.store(key, 0, score_to_tt(score, ply), 0, table_depth, Bound::Exact);
            return score;
        }
        let in_check = pos.is_check();
        self.stack[ply].in_check = in_check;
        let moves = if root { self.root_moves.clone() } else { pos.legal_moves() };
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { DRAW };
        }
        // No move costs less than the floor: a side with less left is at
        // its horizon, and rating its moves would be wasted.
        if !root && tally.spent(side).saturating_add(params.min_cost) > limit {
            return self.horizon(pos, ply, alpha, beta);
        }
        let static_eval = self.static_eval(pos, in_check, entry);
        if params.reverse_futility && !pv_node && !in_check && !root && beta.abs() < super::MATE_BOUND {
            let depth = params.depth_equivalent(budget);
            let ab = self.settings.alphabeta;
            if depth <= ab.rfp_depth && static_eval - ab.rfp_margin * depth >= beta {
                return static_eval;
            }
        }
        if !pv_node && !in_check && !root && static_eval >= beta {
            if let Some(score) = self.interest_null_move(pos, tally, ply, beta) {
                return score;
            }
            if self.stopped {
                return 0;
            }
        }
        let mut rated: ArrayVec<Rated, 256> = ArrayVec::new();
        self.rate_moves(pos, &moves, tt_move, ply, &mut rated);
        // The cheapest move costs more than we have: this is the horizon.
        let cheapest = rated.iter().map(|r| r.cost).min().unwrap_or(u32::MAX);
        if !root && tally.spent(side).saturating_add(cheapest) > limit {
            return self.horizon(pos, ply, alpha, beta);
        }

        let mut best = -INFINITY;
        let mut best_move: Option<Move> = None;
        let mut spent_here = 0u32;
        let mut searched = Searched::default();
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        let mut count = 0usize;
        let mut cut = false;
        for i in 0..rated.len() {
            // Cheapest first, picked one at a time: most nodes search only
            // a few of their moves, so sorting them all would be waste.
            let next = (i..rated.len()).min_by_key(|&j| (rated[j].cost, -rated[j].order)).unwrap_or(i);
            rated.swap(i, next);
            let r = &rated[i];
            let shared = searched.shared_with(r.m, r.gives_check);
            let cost = r.cost + r.cost * params.similar_penalty_percent * shared / 100;
            let siblings = (spent_here as u64 * params.sibling_share_percent as u64 / 100) as u32;
            let paid = pay(tally, side, siblings, cost, limit, params.separate_tallies);
            // The root always searches its first move: there must be a move to play.
            let child_tally = match paid {
                Some(child) => child,
                None if root && count == 0 => tally.after(side, limit, params.separate_tallies),
                None => {
                    cut = true;
                    break;
                }
            };
            spent_here = spent_here.saturating_add(cost);
            #[cfg(test)]
            self.trace.push(tests::Visit { ply: ply + 1, net: child_tally.spent(side), limit });
            let nodes_before = self.nodes;
            let child = self.make(pos, r.m, ply);
            let score = if count == 0 {
                -self.interest_search(&child, child_tally, ply + 1, -beta, -alpha)
            } else {
                let mut s = -self.interest_search(&child, child_tally, ply + 1, -alpha - 1, -alpha);
                if s > alpha && s < beta {
                    s = -self.interest_search(&child, child_tally, ply + 1, -beta, -alpha);
                }
                s
            };
            self.unmake();
            if root {
                // The time manager's node-share factor reads this.
                self.charge_root_move(r.m, self.nodes - nodes_before);
            }
            if self.stopped {
                return 0;
            }
            count += 1;
            searched.add(r.m, r.gives_check);
            let quiet = is_quiet(r.m);
            if quiet && quiets_tried.len() < quiets_tried.capacity() {
                quiets_tried.push(r.m);
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(r.m);
                    alpha = score;
                    self.update_pv(ply, r.m);
                    if root {
                        self.iteration_best = Some(r.m);
                    }
                    if score >= beta {
                        if quiet {
                            let (previous, own_previous) = self.earlier_moves(ply);
                            let depth = params.depth_equivalent(budget);
                            self.tables.reward_quiet(side, ply, depth, r.m, &quiets_tried, previous, own_previous);
                        }
                        break;
                    }
                }
            }
        }
        // The side to move may play one of the moves we cut.
        if cut && !in_check && !root && static_eval > best {
            let floor = self.cut_floor(pos, tally, ply, static_eval, alpha.max(best), beta);
            if self.stopped {
                return 0;
            }
            if let Some(floor) = floor.filter(|&f| f > best) {
                best = floor;
                best_move = None;
                self.pv_len[ply] = ply;
            }
        }
        let bound = Bound::classify(best, alpha0, beta);
        if !in_check && best_move.map_or(true, is_quiet) && best.abs() < super::MATE_BOUND {
            let corrected = self.correction.correct(pos, static_eval);
            self.correction.update(pos, params.depth_equivalent(budget), bound, best, corrected);
        }
        let stored_eval = if in_check { 0 } else { static_eval };
        self.tt.store(key, best_move.map_or(0, pack_move), score_to_tt(best, ply), stored_eval, table_depth, bound);
        best
    }

    /// The least a node whose later moves were cut is worth to its side to
    /// move, by the rule of `InterestCutScore` (`None`: only the searched
    /// moves count). `low` is what the searched moves already secure.
    fn cut_floor(&mut self, pos: &Chess, tally: Tally, ply: usize, static_eval: i32, low: i32, beta: i32) -> Option<i32> {
        match self.settings.interest.cut_score {
            CutScore::StandPat => Some(static_eval),
            CutScore::ThreatAware => Some(static_eval - second_en_prise(pos)),
            CutScore::SearchedOnly => None,
            CutScore::Verified => Some(self.verified_stand_pat(pos, tally, ply, low, static_eval.min(beta))),
        }
    }

    /// The stand pat of a cut node, bounded by what the opponent can do if
    /// the side to move passes (see [`CutScore::Verified`]). Only a score
    /// in `(low, ceiling)` matters to the caller, `ceiling` being the
    /// static evaluation or beta, whichever is lower.
    fn verified_stand_pat(&mut self, pos: &Chess, tally: Tally, ply: usize, low: i32, ceiling: i32) -> i32 {
        if low >= ceiling || self.follows_null_move(ply) || !super::alphabeta::has_non_pawn_material(pos) {
            return ceiling;
        }
        let Ok(null) = pos.clone().swap_turn() else { return ceiling };
        let passed = tally.after(pos.turn(), self.interest_limit, self.settings.interest.separate_tallies);
        self.enter_null(pos, &null, ply);
        let score = -self.interest_search(&null, passed, ply + 1, -ceiling, -low);
        self.unmake();
        score.min(ceiling)
    }

    /// The null move of interest search: the side to move passes and pays
    /// `null_move_percent` of what it has left, so the opponent's reply
    /// search is the one its own budget allows while ours is shorter.
    /// `Some(score)` when even passing holds beta.
    fn interest_null_move(&mut self, pos: &Chess, tally: Tally, ply: usize, beta: i32) -> Option<i32> {
        let params = self.settings.interest;
        let side = pos.turn();
        let budget = self.interest_limit.saturating_sub(tally.spent(side));
        if params.null_move_percent == 0 || self.follows_null_move(ply) || !super::alphabeta::has_non_pawn_material(pos) {
            return None;
        }
        let cost = (budget as u64 * params.null_move_percent as u64 / 100) as u32;
        let child_tally = pay(tally, side, 0, cost.max(1), self.interest_limit, params.separate_tallies)?;
        let null = pos.clone().swap_turn().ok()?;
        self.enter_null(pos, &null, ply);
        let score = -self.interest_search(&null, child_tally, ply + 1, -beta, -beta + 1);
        self.unmake();
        (!self.stopped && score >= beta).then(|| if score >= super::MATE_BOUND { beta } else { score })
    }

    /// Every move with its cost, in generation order, into `rated` (filled
    /// in place: returned by value, the 5 kB list was copied at every node).
    fn rate_moves(&self, pos: &Chess, moves: &shakmaty::MoveList, tt_move: u16, ply: usize, rated: &mut ArrayVec<Rated, 256>) {
        let params = self.settings.interest;
        let node = self.interest_node(pos, moves, tt_move, ply);
        rated.extend(moves.iter().map(|&m| {
            let facts = MoveFacts::of(pos, m);
            let interest = terms::interest(pos, &node, m, &facts);
            Rated { m, cost: params.cost(interest), gives_check: facts.gives_check, order: self.tie_break(pos, m, tt_move) }
        }));
    }

    /// Among moves of equal cost: the table move, then captures by
    /// MVV-LVA, then quiets by history.
    fn tie_break(&self, pos: &Chess, m: Move, tt_move: u16) -> i32 {
        if pack_move(m) == tt_move {
            i32::MAX
        } else if m.is_capture() || m.is_promotion() {
            (1 << 20) + super::alphabeta::mvv_lva(m)
        } else {
            self.tables.history(pos.turn(), m)
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

    /// The facts the interest terms need about this node.
    fn interest_node(&self, pos: &Chess, moves: &shakmaty::MoveList, tt_move: u16, ply: usize) -> terms::Node {
        let (previous, own_previous) = self.earlier_moves(ply);
        let turn = pos.turn();
        let best_quiet = moves
            .iter()
            .filter(|&&m| is_quiet(m))
            .max_by_key(|&&m| self.tables.history(turn, m))
            .map_or(0, |&m| pack_move(m));
        let mut node = terms::Node::from_position(pos);
        node.legal = moves.len();
        node.weights = self.settings.interest.weights;
        node.tt_move = tt_move;
        node.previous_best = if ply == 0 { self.previous_best } else { 0 };
        node.killers = self.tables.killers(ply);
        node.best_reply = self.tables.best_reply_to(previous);
        node.follow_up = self.tables.follow_up_to(own_previous);
        node.our_last_move_checked = ply >= 1 && self.stack[ply - 1].in_check;
        node.best_quiet = best_quiet;
        node.move_ply = ply as u32 + 1;
        node.nominal_depth = self.nominal_depth;
        node
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::game::Game;
    use crate::search::limits::Limits;
    use crate::search::Signals;
    use crate::tt::TranspositionTable;
    use std::sync::Arc;
    use std::time::Instant;

    /// One move the interest search paid for.
    #[derive(Clone, Debug)]
    pub struct Visit {
        pub ply: usize,
        pub net: u32,
        pub limit: u32,
    }


    /// How many plies a line gets before a move cannot be paid for, each
    /// move being the first at its node (white moves first).
    fn line_length(costs: &[u32], limit: u32, separate: bool) -> usize {
        let mut tally = Tally::default();
        let mut side = Color::White;
        for (plies, &cost) in costs.iter().enumerate() {
            match pay(tally, side, 0, cost, limit, separate) {
                Some(t) => tally = t,
                None => return plies,
            }
            side = !side;
        }
        costs.len()
    }

    #[test]
    fn an_interesting_line_goes_deeper_than_one_with_a_dull_move() {
        let interesting = [50; 40];
        let mut one_dull = interesting;
        one_dull[2] = 400;
        assert!(line_length(&interesting, 500, true) > line_length(&one_dull, 500, true));
    }

    #[test]
    fn a_dull_defence_does_not_end_the_attackers_line() {
        // White's moves cost 50, Black's 10, but Black's second move is dull.
        let mut costs: Vec<u32> = (0..40).map(|i| if i % 2 == 0 { 50 } else { 10 }).collect();
        costs[3] = 300;
        let separate = line_length(&costs, 500, true);
        let shared = line_length(&costs, 500, false);
        assert_eq!(separate, 20, "White pays only for its own ten moves, Black affords ten too");
        assert!(shared < separate, "one shared tally lets the defender's dull move end the line ({shared})");
    }

    #[test]
    fn later_siblings_pay_for_the_earlier_ones() {
        let t = Tally::default();
        assert!(pay(t, Color::White, 0, 300, 500, true).is_some());
        assert!(pay(t, Color::White, 300, 300, 500, true).is_none());
        assert_eq!(pay(t, Color::White, 100, 300, 500, true).unwrap().spent(Color::White), 400);
    }

    fn traced_search(fen: &str, params: InterestParams, iterations: u32) -> (Vec<Visit>, Outcome) {
        let game = Game::from_fen(fen, shakmaty::CastlingMode::Standard).unwrap();
        let mut s = Searcher::new(Arc::new(TranspositionTable::new(4)), Arc::new(Signals::default()));
        s.settings = SearchSettings { mode: SearchMode::Interest, interest: params, ..SearchSettings::default() };
        let outcome = s.think(&game, &Limits::depth(iterations), 0, Instant::now(), &mut |_| {});
        (std::mem::take(&mut s.trace), outcome)
    }

    const POSITIONS: [&str; 3] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "6k1/5ppp/8/8/3q4/8/5PPP/3R2K1 w - - 0 1",
    ];

    #[test]
    fn every_searched_move_is_paid_for_within_the_limit() {
        for fen in POSITIONS {
            let (trace, _) = traced_search(fen, InterestParams::default(), 4);
            assert!(!trace.is_empty());
            for v in &trace {
                assert!(v.net <= v.limit, "{fen}: net {} > limit {} at ply {}", v.net, v.limit, v.ply);
            }
        }
    }

    #[test]
    fn raising_the_limit_never_shrinks_the_tree() {
        for fen in POSITIONS {
            let mut previous = 0;
            for first_limit in [200, 400, 600, 800, 1000, 1200] {
                let params = InterestParams { first_limit, ..InterestParams::default() };
                let (trace, _) = traced_search(fen, params, 1);
                assert!(trace.len() >= previous, "{fen}: limit {first_limit} searched {} moves, less than {previous}", trace.len());
                previous = trace.len();
            }
        }
    }

    #[test]
    fn interest_search_finds_a_back_rank_mate() {
        // Twelve iterations: under the cost floor the mate costs what most
        // moves cost and waits its turn in the alpha-beta order, which
        // the evaluation steers (with the stop-23 evaluation the mate is
        // first seen at the eleventh, with stop 22's at the ninth).
        let (_, outcome) = traced_search("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", InterestParams::default(), 12);
        assert_eq!(outcome.best.map(|m| m.to()), Some(shakmaty::Square::D8));
        assert_eq!(outcome.score, MATE - 1);
    }

    /// A searcher after an interest search of `fen` for `iterations`.
    fn interest_searched(fen: &str, iterations: u32) -> (Searcher, Outcome) {
        let game = Game::from_fen(fen, shakmaty::CastlingMode::Standard).unwrap();
        let mut s = Searcher::new(Arc::new(TranspositionTable::new(4)), Arc::new(Signals::default()));
        s.settings = SearchSettings { mode: SearchMode::Interest, ..SearchSettings::default() };
        let outcome = s.think(&game, &Limits::depth(iterations), 0, Instant::now(), &mut |_| {});
        (s, outcome)
    }

    #[test]
    fn interest_search_charges_its_nodes_to_the_root_moves() {
        // Uncharged, the best move's share of the nodes read 0 and the
        // time manager doubled the soft limit on every move.
        let fen = "r1b1kbnr/pppp1ppp/2n5/4p3/3qP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 5";
        let (s, outcome) = interest_searched(fen, 10);
        let scale = s.best_move_node_scale(outcome.best, 10);
        assert!(scale < 2.0, "an obvious recapture's node share gives the factor {scale}");
    }

    #[test]
    fn interest_search_teaches_the_correction_history() {
        let fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5";
        let (s, _) = interest_searched(fen, 10);
        let pos = Game::from_fen(fen, shakmaty::CastlingMode::Standard).unwrap().position().clone();
        let mut learned = 0;
        for m in pos.legal_moves() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            learned += (s.correction.correct(&child, 0) != 0) as usize;
        }
        assert!(learned > 0, "no child of the root has a correction after the search");
    }

    #[test]
    fn the_limit_rises_every_iteration() {
        let p = InterestParams::default();
        let limits: Vec<u32> = (1..40).map(|i| p.limit(i)).collect();
        assert_eq!(limits[0], p.first_limit);
        assert!(limits.windows(2).all(|w| w[1] > w[0]));
        let tiny = InterestParams { growth_percent: 0, step: 0, ..p };
        assert_eq!(tiny.limit(3), p.first_limit + 2, "a zero growth still rises by one unit");
    }

    #[test]
    fn a_verified_stand_pat_sees_the_fork_a_bare_one_waves_away() {
        // White to move, its queen and rook forked by the knight on c3.
        let fen = "6k1/5ppp/8/8/8/2n5/P3QPPP/1R5K w - - 0 1";
        let game = Game::from_fen(fen, shakmaty::CastlingMode::Standard).unwrap();
        let mut s = Searcher::new(Arc::new(TranspositionTable::new(4)), Arc::new(Signals::default()));
        s.settings = SearchSettings { mode: SearchMode::Interest, ..SearchSettings::default() };
        s.prepare(&game, &Limits::depth(1), 0, Instant::now());
        s.interest_limit = 1000;
        let pos = game.position().clone();
        let static_eval = s.evaluate(&pos);
        s.settings.interest.cut_score = CutScore::StandPat;
        assert_eq!(s.cut_floor(&pos, Tally::default(), 0, static_eval, -INFINITY, INFINITY), Some(static_eval));
        let verified = s.verified_stand_pat(&pos, Tally::default(), 0, -INFINITY, static_eval);
        assert!(verified <= static_eval - 700, "the pass loses the queen: {verified} against a static {static_eval}");
    }

    #[test]
    fn a_step_raises_the_limit_by_a_fixed_cost() {
        let p = InterestParams { growth_percent: 0, step: 100, ..InterestParams::default() };
        assert_eq!((1..5).map(|i| p.limit(i)).collect::<Vec<_>>(), [p.first_limit, p.first_limit + 100, p.first_limit + 200, p.first_limit + 300]);
        let both = InterestParams { growth_percent: 40, step: 100, first_limit: 1000, ..p };
        assert_eq!(both.limit(2), 1400, "the larger of the two rises wins");
    }

    #[test]
    fn no_move_costs_less_than_the_floor() {
        let p = InterestParams { min_cost: 150, ..InterestParams::default() };
        assert_eq!(p.cost(5000), 150);
        assert_eq!(p.cost(20), p.cost_scale / 20, "a dull move's cost is above the floor and unchanged");
    }

    #[test]
    fn costs_fall_as_interest_rises() {
        let p = InterestParams { min_cost: 0, ..InterestParams::default() };
        assert!(p.cost(50) > p.cost(100) && p.cost(100) > p.cost(1000));
        assert_eq!(p.cost(0), p.cost_scale);
    }

    #[test]
    fn each_side_pays_into_its_own_tally() {
        let t = Tally::default().after(Color::White, 300, true).after(Color::Black, 50, true);
        assert_eq!((t.spent(Color::White), t.spent(Color::Black)), (300, 50));
        let shared = Tally::default().after(Color::White, 300, false).after(Color::Black, 350, false);
        assert_eq!((shared.spent(Color::White), shared.spent(Color::Black)), (350, 350));
    }

    #[test]
    fn similar_moves_share_characteristics() {
        use shakmaty::{Role, Square};
        let mut s = Searched::default();
        let nf3 = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
        let nh3 = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::H3, promotion: None };
        let e4 = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
        assert_eq!(s.shared_with(nf3, true), 0);
        s.add(nf3, true);
        assert_eq!(s.shared_with(nh3, false), 1);
        assert_eq!(s.shared_with(nh3, true), 2);
        assert_eq!(s.shared_with(e4, false), 0);
    }
}
