//! Interest learned from the engine's own searches: the article's
//! hand-set "`+= 100`" terms, measured.
//!
//! Realization-probability search (Tsuruoka, Yokoyama and Chikayama, 2002)
//! prices a move by how often a move of its kind turns out to be the one
//! played. Here the kinds are described by [`features`]: which of the
//! seventeen terms fire for the move (as flags, or their values in pawns),
//! its history, its place in the move order, whether it hangs itself, and
//! the "similar move" facts the article's penalty was about (the same piece
//! again, the square our last move went to). A conditional logit over each
//! node's quiet moves, fitted on the best moves of searched nodes
//! (`intrigue-tools interest fit`, tools/src/interest_fit.rs), gives each move the
//! weight `exp(w·x)`. A move's interest is then term 1's equal share times
//! that weight, tempered and scaled: `LEARNED_SCALE · 1000 / legal ·
//! exp(w·x · share)`, the share being `InterestLearnedShare` and the scale
//! making an average later quiet move cost about what the hand-set terms
//! give it; `cost = K / interest` still holds, and term 15 fades it beyond
//! the nominal depth as it fades the hand-set sum. Where K comes from the
//! late-move table, which prices the move's place (and `history_cost` its
//! history), interest is term 1's share times the odds the move's other
//! facts add ([`relative_interest`]), so that nothing is priced twice.
//!
//! Only quiet moves are priced by interest (captures and promotions pay
//! their ply), so only quiet moves are in the fit: each node's candidates
//! are its later quiet moves (all but the first in move order), its label
//! the one that was best.

use shakmaty::{Chess, Color, Move, Position, Role};

use super::terms::{self, MoveFacts, Node};
use crate::eval::see::see;
use crate::search::ordering::HISTORY_MAX;

/// Nodes with less draft than this are not logged for the fit: their
/// best move is a shallow guess.
pub const MIN_LOGGED_DEPTH: i32 = 6;

/// One searched node's quiet moves, for the fit: each move's features and
/// hand-set interest, and which of them was best.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Choice {
    pub moves: Vec<[f32; FEATURES]>,
    pub hand: Vec<i32>,
    pub best: usize,
}

/// How many features describe a move.
pub const FEATURES: usize = 18;

/// What each feature is, in the order of [`features`] (the fit prints them).
pub const NAMES: [&str; FEATURES] = [
    "table move (term 3)",
    "previous iteration's best (term 4)",
    "killer (term 5)",
    "best reply (term 6)",
    "best follow-on (term 7)",
    "pawn attacks a piece, pawns (term 8)",
    "gives check (term 10)",
    "check after our check (term 10)",
    "attacks pieces, pawns (term 11)",
    "moves an attacked piece, pawns (term 12)",
    "moves a pinned or tied piece, pawns (term 16)",
    "best history (term 17)",
    "history / max",
    "ln(1 + place in move order)",
    "hangs itself (static exchange < 0)",
    "same piece as our last move",
    "castles",
    "retreats (moves toward its own side)",
];

/// The weights `intrigue-tools interest fit` printed for choices logged
/// by Interest mode on its default of a tally per side and term 12
/// counting real threats only (`intrigue-tools interest data
/// book/openings-8ply.epd 100 50000 interest 2`; docs/data.md,
/// docs/changelog.md "Learned interest refitted on"); all zero would be
/// term 1 alone.
pub const LEARNED: [f32; FEATURES] = [
    0.0000,  // table move (term 3)
    0.1770,  // previous iteration's best (term 4)
    0.5015,  // killer (term 5)
    0.7470,  // best reply (term 6)
    0.4588,  // best follow-on (term 7)
    0.4896,  // pawn attacks a piece, pawns (term 8)
    0.6756,  // gives check (term 10)
    0.5543,  // check after our check (term 10)
    0.6045,  // attacks pieces, pawns (term 11)
    2.0659,  // moves an attacked piece, pawns (term 12)
    -0.5390, // moves a pinned or tied piece, pawns (term 16)
    -0.0064, // best history (term 17)
    1.3534,  // history / max
    -1.0798, // ln(1 + place in move order)
    -2.6920, // hangs itself (static exchange < 0)
    0.0161,  // same piece as our last move
    0.4478,  // castles
    -0.2631, // retreats (moves toward its own side)
];

/// The features of quiet move `m` at the node `node` describes: `place` is
/// its index in the node's move order, `history` its history score.
pub fn features(pos: &Chess, node: &Node, m: Move, facts: &MoveFacts, place: usize, history: i32) -> [f32; FEATURES] {
    let flag = |b: bool| if b { 1.0 } else { 0.0 };
    let pawns = |v: i32| v as f32 / 100.0;
    let check = facts.gives_check;
    [
        flag(terms::table_move(node, m) > 0),
        flag(terms::previous_iteration_best(node, m) > 0),
        flag(terms::killer(node, m) > 0),
        flag(terms::best_reply(node, m) > 0),
        flag(terms::best_follow_on(node, m) > 0),
        pawns(terms::pawn_attacks_piece(pos, m)),
        flag(check),
        flag(check && node.our_last_move_checked),
        pawns(terms::attacks_pieces(pos, node, m, facts)),
        pawns(terms::moves_attacked_piece(node, m)),
        pawns(terms::moves_pinned_or_tied(node, m)),
        flag(terms::best_non_capture(node, m) > 0),
        history as f32 / HISTORY_MAX as f32,
        (1.0 + place as f32).ln(),
        flag(m.role() != Role::King && see(pos, m) < 0),
        flag(node.own_previous_to.is_some() && m.from() == node.own_previous_to),
        flag(m.is_castle()),
        flag(retreats(pos.turn(), m)),
    ]
}

/// The move goes back toward its own side of the board.
fn retreats(us: Color, m: Move) -> bool {
    let Some(from) = m.from() else { return false };
    let (from, to) = (from.rank() as i32, m.to().rank() as i32);
    if us == Color::White {
        to < from
    } else {
        to > from
    }
}

/// Learned interest is term 1's share times the tempered odds, times this:
/// the odds of a later quiet move are mostly below 1 (a later move is
/// seldom the best), so that unscaled the same `K` would price it about
/// four times as dear as the hand-set terms do. With it, `K = 100` and a
/// 30 % share walk trees near the hand-set size (`intrigue bench 11
/// interest`, deepening on: 1.77 M nodes against 1.58 M).
pub const LEARNED_SCALE: f32 = 4.0;

/// `w · x`.
pub fn score(weights: &[f32; FEATURES], x: &[f32; FEATURES]) -> f32 {
    weights.iter().zip(x).map(|(w, x)| w * x).sum()
}

/// Where `features` puts the move's history and its place in the move
/// order. Under the table's K the late-move table prices the place and
/// `history_cost` the history, so [`relative_interest`] leaves them out.
pub const HISTORY_FEATURE: usize = 12;
pub const PLACE_FEATURE: usize = 13;

/// `w · x` over the features the late-move table does not price: what
/// the move's facts say about it beyond its place and history. The fit
/// kept place and history in, so these weights are what each fact adds
/// to a move's odds of being best at a given place and history.
pub fn score_beyond_table(weights: &[f32; FEATURES], x: &[f32; FEATURES]) -> f32 {
    let mut beyond = *x;
    beyond[HISTORY_FEATURE] = 0.0;
    beyond[PLACE_FEATURE] = 0.0;
    score(weights, &beyond)
}

/// Learned interest where K comes from the late-move table: term 1's
/// share times the odds the move's facts add (`percent` / 100 of the
/// fitted log-odds), faded by term 15; at least 1. A move with no fact
/// for or against it is rated as term 1 alone and so reduced exactly as
/// alpha-beta reduces it; unlike the hand-set terms, which only add,
/// a fact the fit found against a move (it hangs itself, moves a pinned
/// piece, retreats) rates it below term 1's share and reduces it more.
pub fn relative_interest(node: &Node, weights: &[f32; FEATURES], x: &[f32; FEATURES], percent: u32) -> i32 {
    share_at_odds(node, terms::base(node) as f32, score_beyond_table(weights, x), percent)
}

/// The learned interest of a move with features `x`: term 1's share
/// times the fitted odds taken to the power `percent` / 100 (tempered),
/// faded by term 15; at least 1.
pub fn interest(node: &Node, weights: &[f32; FEATURES], x: &[f32; FEATURES], percent: u32) -> i32 {
    let share = LEARNED_SCALE * 1000.0 / node.legal.max(1) as f32;
    share_at_odds(node, share, score(weights, x), percent)
}

/// `share` times the odds `e^(log_odds · percent / 100)`, faded by term
/// 15; at least 1. Beyond e^±8 the fit has no data; the bound keeps the
/// cost finite.
fn share_at_odds(node: &Node, share: f32, log_odds: f32, percent: u32) -> i32 {
    let odds = (log_odds * percent as f32 / 100.0).clamp(-8.0, 8.0).exp();
    terms::beyond_nominal_depth(node, (share * odds).round() as i32).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{fen::Fen, uci::UciMove, CastlingMode};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    fn node(p: &Chess) -> Node {
        let mut n = Node::from_position(p);
        n.legal = p.legal_moves().len();
        n.move_ply = 1;
        n.nominal_depth = 5;
        n
    }

    fn mv(p: &Chess, uci: &str) -> Move {
        uci.parse::<UciMove>().unwrap().to_move(p).unwrap()
    }

    #[test]
    fn without_weights_learned_interest_is_term_1_scaled() {
        let p = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let n = node(&p);
        let m = mv(&p, "e2e4");
        let x = features(&p, &n, m, &MoveFacts::of(&p, m), 3, 500);
        assert_eq!(interest(&n, &[0.0; FEATURES], &x, 100), (LEARNED_SCALE * 1000.0 / n.legal as f32).round() as i32);
    }

    #[test]
    fn relative_interest_ignores_place_and_history_and_can_fall_below_term_1() {
        let p = pos("4k3/8/3p4/8/8/1N6/8/4K3 w - - 0 1");
        let n = node(&p);
        let (bad, safe) = (mv(&p, "b3c5"), mv(&p, "b3a5"));
        let early = features(&p, &n, safe, &MoveFacts::of(&p, safe), 1, 0);
        let late = features(&p, &n, safe, &MoveFacts::of(&p, safe), 20, HISTORY_MAX / 2);
        let share = terms::base(&n);
        // The fitted weights on place and history are not zero, yet the
        // table prices those: a safe move with no other fact is term 1's share.
        const { assert!(LEARNED[PLACE_FEATURE] != 0.0 && LEARNED[HISTORY_FEATURE] != 0.0) };
        assert_eq!(relative_interest(&n, &LEARNED, &early, 100), share);
        assert_eq!(relative_interest(&n, &LEARNED, &late, 100), share);
        // A knight put where a pawn takes it is rated below term 1's share,
        // by less when the fit's log-odds are taken at a lower percent.
        let hanging = features(&p, &n, bad, &MoveFacts::of(&p, bad), 1, 0);
        let full = relative_interest(&n, &LEARNED, &hanging, 100);
        let half = relative_interest(&n, &LEARNED, &hanging, 50);
        assert!(full < half && half < share, "{full} {half} {share}");
    }

    #[test]
    fn a_feature_with_positive_weight_raises_interest() {
        // e4-e5 attacks the knight on f6 (term 8).
        let p = pos("4k3/8/5n2/8/4P3/8/8/4K3 w - - 0 1");
        let n = node(&p);
        let m = mv(&p, "e4e5");
        let x = features(&p, &n, m, &MoveFacts::of(&p, m), 0, 0);
        assert!(x[5] > 0.0, "e5 attacks the knight");
        let mut w = [0.0; FEATURES];
        w[5] = 1.0;
        assert!(interest(&n, &w, &x, 100) > interest(&n, &[0.0; FEATURES], &x, 100));
        w[5] = -1.0;
        assert!(interest(&n, &w, &x, 100) < interest(&n, &[0.0; FEATURES], &x, 100));
    }

    #[test]
    fn the_similar_move_facts_are_seen() {
        // Black's knight on c6 came from b8 last move; Nd4 moves it again
        // and Ng5 is a white retreat-free advance.
        let p = pos("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 3");
        let mut n = node(&p);
        n.own_previous_to = Some(shakmaty::Square::C6);
        let again = mv(&p, "c6d4");
        let other = mv(&p, "g8f6");
        let retreat = mv(&p, "c6b8");
        assert_eq!(features(&p, &n, again, &MoveFacts::of(&p, again), 0, 0)[15], 1.0);
        assert_eq!(features(&p, &n, other, &MoveFacts::of(&p, other), 0, 0)[15], 0.0);
        assert_eq!(features(&p, &n, retreat, &MoveFacts::of(&p, retreat), 0, 0)[17], 1.0);
        assert_eq!(features(&p, &n, other, &MoveFacts::of(&p, other), 0, 0)[17], 0.0);
    }

    #[test]
    fn a_move_into_a_pawns_attack_hangs_itself() {
        // The pawn on d6 takes a knight on c5, not one on a5.
        let p = pos("4k3/8/3p4/8/8/1N6/8/4K3 w - - 0 1");
        let n = node(&p);
        let (bad, safe) = (mv(&p, "b3c5"), mv(&p, "b3a5"));
        assert_eq!(features(&p, &n, bad, &MoveFacts::of(&p, bad), 0, 0)[14], 1.0);
        assert_eq!(features(&p, &n, safe, &MoveFacts::of(&p, safe), 0, 0)[14], 0.0);
    }
}
