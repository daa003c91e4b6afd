//! The article's seventeen plausibility terms, one function each.
//!
//! A move's interest is the sum of the terms that fire for it (term 15 is
//! the exception: it scales the sum down beyond the iteration's nominal
//! depth). Values are in the article's units: the base move shares 1000
//! among the legal moves, a "known good" move (killer, best reply, …) adds
//! 100. Where a term is "f(value)", the value is the evaluation's piece
//! value, so the terms and the evaluation agree on what a piece is worth.
//!
//! Everything a term needs about the node is gathered once in [`Node`];
//! what it needs about the move after it is played, in [`MoveFacts`].

use shakmaty::{attacks, Bitboard, Chess, Color, Move, Position, Role};

use crate::eval::{king::lone_blockers, masks::pawn_attacks_from, piece_value, see::see};
use crate::search::checks::Landing;
use crate::search::ordering::is_quiet;
use crate::tt::pack_move;

/// The interest a "known good" move earns (killer, best reply, check, …).
pub const GOOD_MOVE: i32 = 100;
/// Value the king counts for when a move attacks it together with another
/// piece (a fork with check).
const KING_TARGET_VALUE: i32 = 400;

/// How much each term counts. Terms 2 and 10 have the article's plain
/// numbers as weights (UCI `InterestEvasionShare`, `InterestCheckBonus`);
/// every other term that adds interest has a percent of the article's
/// value (`TERM_WEIGHTS`, UCI `InterestTableMove` …), and `term_percent`
/// scales them all against the base share. Term 1 is the unit the others
/// are measured in and term 15 a fade, so neither has a weight. Defaults
/// are the article's values: every percent 100.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TermWeights {
    /// Term 10: a checking move (doubled after our own check).
    pub check_bonus: i32,
    /// Term 2: shared among the replies to a check (÷ replies + 1).
    pub evasion_share: i32,
    /// How much terms 2–14, 16 and 17 count against the base share, in
    /// percent (UCI `InterestTermWeight`). At 100 (the article's units) a
    /// move any term fires for is several times cheaper than a plain one;
    /// lower values keep the costs of plausible and plain moves closer.
    pub term_percent: i32,
    /// Terms 3–9, 11–14, 16 and 17, each in percent of its article value.
    pub table_move: i32,
    pub previous_best: i32,
    pub killer: i32,
    pub best_reply: i32,
    pub follow_on: i32,
    pub pawn_attack: i32,
    pub capture: i32,
    pub attacks_pieces: i32,
    pub escape: i32,
    pub captures_checker: i32,
    pub promotion: i32,
    pub pinned_or_tied: i32,
    pub best_quiet: i32,
}

impl Default for TermWeights {
    fn default() -> Self {
        TermWeights {
            check_bonus: GOOD_MOVE,
            evasion_share: 2000,
            term_percent: 100,
            table_move: 100,
            previous_best: 100,
            killer: 100,
            best_reply: 100,
            follow_on: 100,
            pawn_attack: 100,
            capture: 100,
            attacks_pieces: 100,
            escape: 100,
            captures_checker: 100,
            promotion: 100,
            pinned_or_tied: 100,
            best_quiet: 100,
        }
    }
}

/// One term's weight as a UCI spin option (research, 0…400 %), so that a
/// match or a tuner can find what each term is worth.
pub struct TermWeight {
    /// The article's number for the term.
    pub term: u8,
    pub name: &'static str,
    pub doc: &'static str,
    pub field: fn(&mut TermWeights) -> &mut i32,
}

impl TermWeight {
    pub const MAX_PERCENT: i32 = 400;

    pub fn default_value(&self) -> i32 {
        *(self.field)(&mut TermWeights::default())
    }
}

/// Every term with a percent weight of its own, in the article's order.
#[rustfmt::skip]
pub const TERM_WEIGHTS: [TermWeight; 13] = [
    TermWeight { term: 3, name: "InterestTableMove", doc: "term 3, the table's move: % of its article value (25)", field: |w| &mut w.table_move },
    TermWeight { term: 4, name: "InterestPreviousBest", doc: "term 4, the root's previous best move: % of its article value (100)", field: |w| &mut w.previous_best },
    TermWeight { term: 5, name: "InterestKiller", doc: "term 5, a killer: % of its article value (100)", field: |w| &mut w.killer },
    TermWeight { term: 6, name: "InterestBestReply", doc: "term 6, the best reply to the opponent's move: % of its article value (100)", field: |w| &mut w.best_reply },
    TermWeight { term: 7, name: "InterestFollowOn", doc: "term 7, the best follow-on to our previous move: % of its article value (100)", field: |w| &mut w.follow_on },
    TermWeight { term: 8, name: "InterestPawnAttack", doc: "term 8, a pawn move attacking a piece: % of its article value (¼ of the target's)", field: |w| &mut w.pawn_attack },
    TermWeight { term: 9, name: "InterestCapture", doc: "term 9, a capture: % of its article value (50 + ¼ of the gain)", field: |w| &mut w.capture },
    TermWeight { term: 11, name: "InterestAttacksPieces", doc: "term 11, attacking pieces, a fork doubled: % of its article value", field: |w| &mut w.attacks_pieces },
    TermWeight { term: 12, name: "InterestEscape", doc: "term 12, moving a threatened piece away (attacked by a cheaper man, or undefended): % of its article value (¼ of the piece's)", field: |w| &mut w.escape },
    TermWeight { term: 13, name: "InterestCapturesChecker", doc: "term 13, capturing the checking piece: % of its article value (100)", field: |w| &mut w.captures_checker },
    TermWeight { term: 14, name: "InterestPromotion", doc: "term 14, a promotion: % of its article value (100 for a queen)", field: |w| &mut w.promotion },
    TermWeight { term: 16, name: "InterestPinnedOrTied", doc: "term 16, moving a pinned or tied piece: % of its article value (⅛ of the piece's)", field: |w| &mut w.pinned_or_tied },
    TermWeight { term: 17, name: "InterestBestQuiet", doc: "term 17, the node's best quiet move by history: % of its article value (100)", field: |w| &mut w.best_quiet },
];

/// What the terms know about the node whose moves they rate.
#[derive(Clone, Debug, Default)]
pub struct Node {
    pub weights: TermWeights,
    /// Number of legal moves here.
    pub legal: usize,
    /// Pieces giving check to the side to move.
    pub checkers: Bitboard,
    /// The transposition table's move (packed; 0 for none).
    pub tt_move: u16,
    /// At the root: the previous iteration's best move (packed; 0 elsewhere).
    pub previous_best: u16,
    /// This ply's killer moves.
    pub killers: [u16; 2],
    /// The best reply to the opponent's last move (the counter-move table).
    pub best_reply: u16,
    /// The best follow-on to our own move two plies ago.
    pub follow_up: u16,
    /// Our previous move (two plies ago) gave check.
    pub our_last_move_checked: bool,
    /// Where our previous move (two plies ago) went.
    pub own_previous_to: Option<shakmaty::Square>,
    /// The quiet move with the best history here (packed; 0 for none).
    pub best_quiet: u16,
    /// Squares the opponent attacks.
    pub enemy_attacks: Bitboard,
    /// Our men, bar the king, under a real threat: attacked by a cheaper
    /// man, or attacked and undefended (term 12).
    pub threatened: Bitboard,
    /// Our pieces that are pinned (to the king or queen) or tied to the
    /// defence of an attacked piece.
    pub pinned_or_tied: Bitboard,
    /// Ply of the moves being rated (the root's moves are ply 1).
    pub move_ply: u32,
    /// The iteration number: the depth a full-width search would have.
    pub nominal_depth: u32,
}

impl Node {
    /// Gathers the position-dependent facts; the caller fills in the
    /// search's tables (killers, replies, …).
    pub fn from_position(pos: &Chess) -> Node {
        let us = pos.turn();
        let enemy = AttackMaps::of(pos, !us);
        let defence = Defence::of(pos, us, enemy.all);
        Node {
            legal: 0,
            checkers: pos.checkers(),
            enemy_attacks: enemy.all,
            threatened: threatened(pos, us, &enemy, defence.hanging),
            pinned_or_tied: pinned(pos, us) | defence.tied,
            ..Node::default()
        }
    }
}

/// What the terms need to know about a move once it is made.
#[derive(Clone, Copy, Debug)]
pub struct MoveFacts {
    pub gives_check: bool,
    /// Enemy pieces the moved piece attacks from its new square.
    pub targets: Bitboard,
}

impl MoveFacts {
    /// Worked out from attack sets, without playing the move: this runs
    /// for every move of every node the interest search expands.
    pub fn of(pos: &Chess, m: Move) -> MoveFacts {
        let landing = Landing::of(pos, m);
        MoveFacts::landing(pos, m, landing.gives_check, landing.attacks)
    }

    /// The same facts where the search already knows whether `m` checks
    /// (its node's [`crate::search::checks::Checks`] said so): only the
    /// landing square's attacks are left to look up.
    pub fn knowing_check(pos: &Chess, m: Move, gives_check: bool) -> MoveFacts {
        MoveFacts::landing(pos, m, gives_check, Landing::attacks_of(pos, m))
    }

    /// The facts of `m`, whose man attacks `attacks` where it lands: the
    /// enemy men among them, bar the one it takes.
    fn landing(pos: &Chess, m: Move, gives_check: bool, attacks: Bitboard) -> MoveFacts {
        let them = pos.board().by_color(!pos.turn()) & !Bitboard::from(m.to());
        MoveFacts { gives_check, targets: attacks & them }
    }
}

/// Term 1: every move starts with an equal share of 1000.
pub fn base(node: &Node) -> i32 {
    1000 / node.legal.max(1) as i32
}

/// Term 2: in check, every reply is interesting, the more so the fewer
/// there are (a lone evasion gets the whole 1000).
pub fn in_check(node: &Node) -> i32 {
    if node.checkers.any() {
        node.weights.evasion_share / (node.legal as i32 + 1)
    } else {
        0
    }
}

/// Term 3: the transposition table's move.
pub fn table_move(node: &Node, m: Move) -> i32 {
    if node.tt_move != 0 && pack_move(m) == node.tt_move {
        25
    } else {
        0
    }
}

/// Term 4: at ply 1, the best move of the previous iteration.
pub fn previous_iteration_best(node: &Node, m: Move) -> i32 {
    if node.move_ply == 1 && node.previous_best != 0 && pack_move(m) == node.previous_best {
        GOOD_MOVE
    } else {
        0
    }
}

/// Term 5: a killer (a quiet move that refuted a sibling line).
pub fn killer(node: &Node, m: Move) -> i32 {
    if is_quiet(m) && node.killers.contains(&pack_move(m)) {
        GOOD_MOVE
    } else {
        0
    }
}

/// Term 6: the global best reply to the opponent's last move.
pub fn best_reply(node: &Node, m: Move) -> i32 {
    if node.best_reply != 0 && pack_move(m) == node.best_reply {
        GOOD_MOVE
    } else {
        0
    }
}

/// Term 7: the best follow-on to our own move two plies ago.
pub fn best_follow_on(node: &Node, m: Move) -> i32 {
    if node.follow_up != 0 && pack_move(m) == node.follow_up {
        GOOD_MOVE
    } else {
        0
    }
}

/// Term 8: a pawn move that attacks a piece: f(value of the best target).
pub fn pawn_attacks_piece(pos: &Chess, m: Move) -> i32 {
    if m.role() != Role::Pawn || m.is_promotion() {
        return 0;
    }
    let board = pos.board();
    let targets = attacks::pawn_attacks(pos.turn(), m.to()) & board.by_color(!pos.turn()) & !board.pawns();
    targets.into_iter().filter_map(|sq| board.role_at(sq)).map(target_value).max().map_or(0, |v| v / 4)
}

/// Term 9: a capture, f(what it wins by static exchange). An even or
/// winning capture is interesting in proportion to the gain; a losing one
/// only a little, by its victim.
pub fn capture_value(pos: &Chess, m: Move) -> i32 {
    if !m.is_capture() {
        return 0;
    }
    let victim = if m.is_en_passant() { piece_value(Role::Pawn) } else { m.capture().map_or(0, piece_value) };
    let gain = see(pos, m);
    if gain >= 0 {
        50 + gain.max(victim / 2) / 4
    } else {
        victim / 16
    }
}

/// Term 10: a checking move; more when our previous move also checked
/// (a chain of checks is how mating attacks look).
pub fn gives_check(node: &Node, facts: &MoveFacts) -> i32 {
    match (facts.gives_check, node.our_last_move_checked) {
        (false, _) => 0,
        (true, false) => node.weights.check_bonus,
        (true, true) => 2 * node.weights.check_bonus,
    }
}

/// Term 11: the moved piece attacks enemy pieces worth more than itself or
/// left undefended; f(their values), doubled for a fork (two or more, a
/// checked king counting as one).
pub fn attacks_pieces(pos: &Chess, node: &Node, m: Move, facts: &MoveFacts) -> i32 {
    let mover = piece_value(m.promotion().unwrap_or(m.role()));
    let board = pos.board();
    let mut total = 0;
    let mut count = 0;
    for sq in facts.targets {
        let Some(role) = board.role_at(sq) else { continue };
        let value = target_value(role);
        // What the opponent attacks, it defends.
        if role == Role::King || value > mover || !node.enemy_attacks.contains(sq) {
            total += value;
            count += 1;
        }
    }
    if count >= 2 {
        total / 4
    } else {
        total / 8
    }
}

/// Term 12: the move takes a threatened piece away: f(its value).
///
/// Only a real threat counts (see [`Node::threatened`]): a defended
/// knight a rook attacks is in no danger, and rating every such move
/// would make the term fire for most pieces of a middlegame.
pub fn moves_attacked_piece(node: &Node, m: Move) -> i32 {
    match m.from() {
        Some(from) if node.threatened.contains(from) => piece_value(m.role()) / 4,
        _ => 0,
    }
}

/// Term 13: the move captures the piece giving check.
pub fn captures_checker(node: &Node, m: Move) -> i32 {
    if m.is_capture() && node.checkers.contains(m.to()) {
        GOOD_MOVE
    } else {
        0
    }
}

/// Term 14: a promotion (to a queen; an under-promotion earns little).
pub fn promotion(m: Move) -> i32 {
    match m.promotion() {
        Some(Role::Queen) => GOOD_MOVE,
        Some(_) => GOOD_MOVE / 10,
        None => 0,
    }
}

/// Term 15: beyond the iteration's nominal depth a move's interest fades
/// with the square of the overshoot ratio, so that cheap moves alone (a
/// chain of checks, whose replies are nearly free) cannot carry a line
/// arbitrarily deep.
pub fn beyond_nominal_depth(node: &Node, interest: i32) -> i32 {
    if node.move_ply > node.nominal_depth {
        let nominal = node.nominal_depth.max(1) as i64;
        let ply = node.move_ply as i64;
        (interest as i64 * nominal * nominal / (ply * ply)) as i32
    } else {
        interest
    }
}

/// Term 16: the move is made by a piece that is pinned or tied down:
/// f(its value). Moving such a piece changes what it was holding.
pub fn moves_pinned_or_tied(node: &Node, m: Move) -> i32 {
    match m.from() {
        Some(from) if node.pinned_or_tied.contains(from) => piece_value(m.role()) / 8,
        _ => 0,
    }
}

/// Term 17: the quiet move with the best history at this node.
pub fn best_non_capture(node: &Node, m: Move) -> i32 {
    if node.best_quiet != 0 && is_quiet(m) && pack_move(m) == node.best_quiet {
        GOOD_MOVE
    } else {
        0
    }
}

/// A move's interest: the sum of the terms, each at its weight, faded by
/// term 15. At least 1, so that its cost is finite.
pub fn interest(pos: &Chess, node: &Node, m: Move, facts: &MoveFacts) -> i32 {
    let w = &node.weights;
    // Each term times its percent; terms 2 and 10 carry their weight in
    // their value. Summed before the one division, so that at the default
    // weights the sum is exactly the article's.
    let weighted = (in_check(node) + gives_check(node, facts)) * 100
        + table_move(node, m) * w.table_move
        + previous_iteration_best(node, m) * w.previous_best
        + killer(node, m) * w.killer
        + best_reply(node, m) * w.best_reply
        + best_follow_on(node, m) * w.follow_on
        + pawn_attacks_piece(pos, m) * w.pawn_attack
        + capture_value(pos, m) * w.capture
        + attacks_pieces(pos, node, m, facts) * w.attacks_pieces
        + moves_attacked_piece(node, m) * w.escape
        + captures_checker(node, m) * w.captures_checker
        + promotion(m) * w.promotion
        + moves_pinned_or_tied(node, m) * w.pinned_or_tied
        + best_non_capture(node, m) * w.best_quiet;
    let terms = (weighted as i64 * w.term_percent as i64 / 10_000) as i32;
    beyond_nominal_depth(node, base(node) + terms).max(1)
}

fn target_value(role: Role) -> i32 {
    if role == Role::King {
        KING_TARGET_VALUE
    } else {
        piece_value(role)
    }
}

/// The squares one side attacks, kept by the kind of attacker, so that a
/// threat can be told by who makes it: a pawn threatens any piece, a
/// minor a rook or queen, a rook a queen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AttackMaps {
    pub by_pawns: Bitboard,
    /// Knights and bishops.
    pub by_minors: Bitboard,
    /// Rooks alone (a queen is worth more than anything it threatens
    /// with a rook's move).
    pub by_rooks: Bitboard,
    /// Every man, queens and king included.
    pub all: Bitboard,
}

impl AttackMaps {
    /// Piece type by piece type, the pawns as one set: no lookup of what
    /// stands on each square (this runs at every node the rule prices).
    pub fn of(pos: &Chess, color: Color) -> AttackMaps {
        let board = pos.board();
        let occupied = board.occupied();
        let ours = board.by_color(color);
        let by_pawns = pawn_attacks_from(color, board.pawns() & ours);
        let mut by_minors = Bitboard::EMPTY;
        for sq in board.knights() & ours {
            by_minors |= attacks::knight_attacks(sq);
        }
        for sq in board.bishops() & ours {
            by_minors |= attacks::bishop_attacks(sq, occupied);
        }
        let mut by_rooks = Bitboard::EMPTY;
        for sq in board.rooks() & ours {
            by_rooks |= attacks::rook_attacks(sq, occupied);
        }
        let mut all = by_pawns | by_minors | by_rooks;
        for sq in board.queens() & ours {
            all |= attacks::queen_attacks(sq, occupied);
        }
        for sq in board.kings() & ours {
            all |= attacks::king_attacks(sq);
        }
        AttackMaps { by_pawns, by_minors, by_rooks, all }
    }
}

/// `us`'s men, bar the king, that the enemy (attacking `enemy`) threatens
/// to win: attacked by a cheaper man, or `hanging` (attacked and
/// undefended, [`Defence::hanging`]).
fn threatened(pos: &Chess, us: Color, enemy: &AttackMaps, hanging: Bitboard) -> Bitboard {
    let board = pos.board();
    let ours = board.by_color(us) & !board.kings();
    let pieces = ours & !board.pawns();
    let rooks_and_queens = board.rooks_and_queens() & ours;
    let by_cheaper = (pieces & enemy.by_pawns) | (rooks_and_queens & enemy.by_minors) | (board.queens() & ours & enemy.by_rooks);
    by_cheaper | hanging
}

/// Our pieces that alone block an enemy slider's line to our king or
/// queen: moving them exposes what is behind.
fn pinned(pos: &Chess, us: Color) -> Bitboard {
    let board = pos.board();
    let mut pinned = Bitboard::EMPTY;
    for target in (board.kings() | board.queens()) & board.by_color(us) {
        // A queen is not "pinned" by a queen: trading is no pin.
        let snipers = if board.role_at(target) == Some(Role::Queen) { !board.queens() } else { Bitboard::FULL };
        pinned |= lone_blockers(board, target, us, snipers);
    }
    pinned
}

/// Our attacked men, bar the king, told apart by their defenders: one
/// walk over them serves term 12 (the undefended) and term 16 (the lone
/// defenders).
struct Defence {
    /// Attacked and defended by none of ours.
    hanging: Bitboard,
    /// Our pieces that are the only defender of one of our attacked men.
    tied: Bitboard,
}

impl Defence {
    fn of(pos: &Chess, us: Color, enemy: Bitboard) -> Defence {
        let board = pos.board();
        let occupied = board.occupied();
        let mut defence = Defence { hanging: Bitboard::EMPTY, tied: Bitboard::EMPTY };
        for sq in board.by_color(us) & enemy & !board.kings() {
            let defenders = board.attacks_to(sq, us, occupied);
            match defenders.count() {
                0 => defence.hanging |= Bitboard::from(sq),
                // The king is never counted as tied: it is always "pinned".
                1 => defence.tied |= defenders & !board.kings(),
                _ => {}
            }
        }
        defence
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{fen::Fen, uci::UciMove, CastlingMode, Square};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    fn mv(p: &Chess, uci: &str) -> Move {
        uci.parse::<UciMove>().unwrap().to_move(p).unwrap()
    }

    fn node(p: &Chess) -> Node {
        let mut n = Node::from_position(p);
        n.legal = p.legal_moves().len();
        n.move_ply = 1;
        n.nominal_depth = 5;
        n
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn term_1_shares_1000_among_the_legal_moves() {
        let p = pos(START);
        assert_eq!(base(&node(&p)), 50);
        let lone = pos("k7/8/8/8/8/8/8/K7 w - - 0 1");
        assert_eq!(base(&node(&lone)), 333);
    }

    #[test]
    fn term_2_fires_in_check_and_more_with_fewer_replies() {
        let p = pos(START);
        assert_eq!(in_check(&node(&p)), 0);
        let one_reply = pos("k7/8/8/2B5/8/8/6PP/r6K w - - 0 1");
        let many = pos("k7/8/8/8/8/8/8/r3K3 w - - 0 1");
        assert_eq!(node(&one_reply).legal, 1);
        assert_eq!(in_check(&node(&one_reply)), 1000);
        assert!(in_check(&node(&many)) > 0 && in_check(&node(&many)) < 1000);
    }

    #[test]
    fn terms_3_to_7_and_17_fire_only_for_their_move() {
        let p = pos(START);
        let e4 = mv(&p, "e2e4");
        let d4 = mv(&p, "d2d4");
        let mut n = node(&p);
        n.tt_move = pack_move(e4);
        n.previous_best = pack_move(e4);
        n.killers = [pack_move(e4), 0];
        n.best_reply = pack_move(e4);
        n.follow_up = pack_move(e4);
        n.best_quiet = pack_move(e4);
        assert_eq!(table_move(&n, e4), 25);
        assert_eq!(previous_iteration_best(&n, e4), GOOD_MOVE);
        assert_eq!(killer(&n, e4), GOOD_MOVE);
        assert_eq!(best_reply(&n, e4), GOOD_MOVE);
        assert_eq!(best_follow_on(&n, e4), GOOD_MOVE);
        assert_eq!(best_non_capture(&n, e4), GOOD_MOVE);
        for term in [table_move, previous_iteration_best, killer, best_reply, best_follow_on, best_non_capture] {
            assert_eq!(term(&n, d4), 0);
        }
        // Term 4 is about ply 1 only.
        n.move_ply = 3;
        assert_eq!(previous_iteration_best(&n, e4), 0);
    }

    #[test]
    fn term_8_rates_a_pawn_attack_by_its_target() {
        // e4-e5 attacks the knight on f6 (and d6 is empty).
        let p = pos("4k3/8/5n2/8/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(pawn_attacks_piece(&p, mv(&p, "e4e5")), piece_value(Role::Knight) / 4);
        let quiet = pos("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(pawn_attacks_piece(&quiet, mv(&quiet, "e4e5")), 0);
    }

    #[test]
    fn term_9_rates_winning_captures_above_losing_ones() {
        // Rxd5 wins a free knight; Qxb5 takes a pawn defended by a pawn.
        let p = pos("4k3/8/p7/1p1n4/8/8/8/1Q1RK3 w - - 0 1");
        let free = capture_value(&p, mv(&p, "d1d5"));
        let losing = capture_value(&p, mv(&p, "b1b5"));
        assert!(free > 50 + piece_value(Role::Knight) / 5, "{free}");
        assert!(losing < 10 && losing > 0, "{losing}");
        assert_eq!(capture_value(&p, mv(&p, "e1e2")), 0);
    }

    #[test]
    fn term_10_rates_checks_more_after_our_own_check() {
        let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        let mut n = node(&p);
        let check = mv(&p, "a1a8");
        let quiet = mv(&p, "a1a2");
        assert_eq!(gives_check(&n, &MoveFacts::of(&p, check)), GOOD_MOVE);
        assert_eq!(gives_check(&n, &MoveFacts::of(&p, quiet)), 0);
        n.our_last_move_checked = true;
        assert_eq!(gives_check(&n, &MoveFacts::of(&p, check)), 2 * GOOD_MOVE);
    }

    #[test]
    fn move_facts_see_direct_and_discovered_checks() {
        // Bf4 uncovers the rook on d1, Ba5 checks twice, Ra1 and Kh1 do not.
        let p = pos("3k4/8/8/8/8/8/3B4/3R2K1 w - - 0 1");
        for (uci, check) in [("d2f4", true), ("d2a5", true), ("d1a1", false), ("g1h1", false)] {
            let m = mv(&p, uci);
            let mut child = p.clone();
            child.play_unchecked(m);
            assert_eq!(MoveFacts::of(&p, m).gives_check, child.is_check(), "{uci}");
            assert_eq!(child.is_check(), check, "{uci}");
        }
        let d = pos("3k4/8/8/8/8/8/3B4/3RK3 w - - 0 1");
        let bf4 = mv(&d, "d2f4");
        assert!(MoveFacts::of(&d, bf4).gives_check, "discovered check by the rook");
        let all = pos("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5");
        for m in all.legal_moves() {
            let mut child = all.clone();
            child.play_unchecked(m);
            assert_eq!(MoveFacts::of(&all, m).gives_check, child.is_check(), "{m:?}");
        }
    }

    /// The search prices a move with the check its node's `Checks` found
    /// and the landing's attacks alone; that must be the facts the move
    /// itself gives, for every move, castling, en passant and promotions
    /// included.
    #[test]
    fn facts_knowing_the_check_are_the_moves_own() {
        for fen in [
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/1P6/8/3pP3/8/8/6p1/R3K2R w KQ d6 0 1",
            "3k4/8/8/8/8/8/3B4/3R2K1 w - - 0 1",
        ] {
            let p = pos(fen);
            let checks = crate::search::checks::Checks::of(&p);
            for m in p.legal_moves() {
                let (of, knowing) = (MoveFacts::of(&p, m), MoveFacts::knowing_check(&p, m, checks.gives_check(&p, m)));
                assert_eq!((of.gives_check, of.targets), (knowing.gives_check, knowing.targets), "{fen} {m:?}");
            }
        }
    }

    /// Taken piece type by piece type, the attacked squares are the union
    /// of what each man attacks.
    #[test]
    fn attack_maps_cover_every_mans_attacks() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "6k1/5ppp/8/8/8/8/P4PPP/QQQQ2K1 w - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1",
        ] {
            let p = pos(fen);
            let board = p.board();
            for color in Color::ALL {
                let walk = board
                    .by_color(color)
                    .into_iter()
                    .fold(Bitboard::EMPTY, |seen, sq| seen | attacks::attacks(sq, board.piece_at(sq).expect("a man"), board.occupied()));
                assert_eq!(AttackMaps::of(&p, color).all, walk, "{fen} {color:?}");
            }
        }
    }

    #[test]
    fn term_11_doubles_for_a_fork() {
        // Nc7+ forks king and rook; Nb6 attacks the rook alone.
        let p = pos("r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1");
        let n = node(&p);
        let fork = mv(&p, "d5c7");
        let single = mv(&p, "d5b6");
        let fork_value = attacks_pieces(&p, &n, fork, &MoveFacts::of(&p, fork));
        let single_value = attacks_pieces(&p, &n, single, &MoveFacts::of(&p, single));
        assert_eq!(single_value, piece_value(Role::Rook) / 8);
        assert_eq!(fork_value, (piece_value(Role::Rook) + KING_TARGET_VALUE) / 4);
        let nothing = mv(&p, "d5f4");
        assert_eq!(attacks_pieces(&p, &n, nothing, &MoveFacts::of(&p, nothing)), 0);
    }

    #[test]
    fn term_12_fires_for_a_piece_under_attack() {
        // The black bishop on b4 attacks the knight on c3.
        let p = pos("4k3/8/8/8/1b6/2N5/8/5K1N w - - 0 1");
        let n = node(&p);
        assert_eq!(moves_attacked_piece(&n, mv(&p, "c3e4")), piece_value(Role::Knight) / 4);
        assert_eq!(moves_attacked_piece(&n, mv(&p, "h1g3")), 0);
    }

    #[test]
    fn term_12_ignores_a_defended_piece_a_dearer_man_attacks() {
        // The rook on c8 attacks the knight on c3, which b2 defends.
        let p = pos("2r1k3/8/8/8/8/2N5/1P6/5K2 w - - 0 1");
        assert_eq!(moves_attacked_piece(&node(&p), mv(&p, "c3e4")), 0);
        // A pawn on d4 attacking it is a threat, defended or not.
        let p = pos("2r1k3/8/8/8/3p4/2N5/1P6/5K2 w - - 0 1");
        assert_eq!(moves_attacked_piece(&node(&p), mv(&p, "c3e4")), piece_value(Role::Knight) / 4);
    }

    #[test]
    fn term_12_fires_for_a_rook_or_queen_a_cheaper_man_attacks() {
        // The knight on b5 attacks the defended rook on d4 …
        let p = pos("4k3/8/8/1n6/3R4/4P3/8/5K2 w - - 0 1");
        assert_eq!(moves_attacked_piece(&node(&p), mv(&p, "d4d1")), piece_value(Role::Rook) / 4);
        // … and the rook on d8 the defended queen on d4.
        let p = pos("3rk3/8/8/8/3Q4/4P3/8/5K2 w - - 0 1");
        assert_eq!(moves_attacked_piece(&node(&p), mv(&p, "d4a4")), piece_value(Role::Queen) / 4);
    }

    /// The maps by attacker are each the union of that kind's attacks.
    #[test]
    fn attack_maps_split_the_attacks_by_attacker() {
        let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        let board = p.board();
        for color in Color::ALL {
            let of = |roles: &[Role]| {
                roles.iter().fold(Bitboard::EMPTY, |seen, &role| {
                    (board.by_role(role) & board.by_color(color))
                        .into_iter()
                        .fold(seen, |seen, sq| seen | attacks::attacks(sq, role.of(color), board.occupied()))
                })
            };
            let maps = AttackMaps::of(&p, color);
            assert_eq!(maps.by_pawns, of(&[Role::Pawn]));
            assert_eq!(maps.by_minors, of(&[Role::Knight, Role::Bishop]));
            assert_eq!(maps.by_rooks, of(&[Role::Rook]));
            assert_eq!(maps.all, of(&Role::ALL));
        }
    }

    #[test]
    fn term_13_fires_for_capturing_the_checker() {
        let p = pos("4k3/8/8/8/8/8/3q4/2B1K3 w - - 0 1");
        let n = node(&p);
        assert_eq!(captures_checker(&n, mv(&p, "c1d2")), GOOD_MOVE);
        assert_eq!(captures_checker(&n, mv(&p, "e1f1")), 0);
    }

    #[test]
    fn term_14_prefers_queening() {
        let p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(promotion(mv(&p, "b7b8q")), GOOD_MOVE);
        assert!(promotion(mv(&p, "b7b8n")) < GOOD_MOVE);
        assert_eq!(promotion(mv(&p, "e1e2")), 0);
    }

    #[test]
    fn term_15_fades_interest_beyond_the_nominal_depth() {
        let p = pos(START);
        let mut n = node(&p);
        n.nominal_depth = 4;
        n.move_ply = 4;
        assert_eq!(beyond_nominal_depth(&n, 300), 300);
        n.move_ply = 8;
        assert_eq!(beyond_nominal_depth(&n, 300), 75);
    }

    #[test]
    fn term_16_fires_for_pinned_and_tied_pieces() {
        // The knight on d2 is pinned to the king by the bishop on b4.
        let p = pos("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1");
        let n = node(&p);
        assert_eq!(moves_pinned_or_tied(&n, mv(&p, "e1f2")), 0);
        assert!(n.pinned_or_tied.contains(Square::D2));
        // The rook on a1 alone defends the knight on a4, which the black rook attacks.
        let t = pos("4k3/8/8/r7/N7/8/8/R3K3 w - - 0 1");
        let tn = node(&t);
        assert_eq!(moves_pinned_or_tied(&tn, mv(&t, "a1b1")), piece_value(Role::Rook) / 8);
        assert_eq!(moves_pinned_or_tied(&tn, mv(&t, "e1f1")), 0);
    }

    #[test]
    fn interest_is_higher_for_forcing_moves() {
        let p = pos("r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1");
        let n = node(&p);
        let fork = mv(&p, "d5c7");
        let dull = mv(&p, "e1f1");
        assert!(interest(&p, &n, fork, &MoveFacts::of(&p, fork)) > 2 * interest(&p, &n, dull, &MoveFacts::of(&p, dull)));
    }

    #[test]
    fn each_term_weight_scales_its_own_term_alone() {
        // e4 is the table move, killer, best reply, follow-on and best
        // quiet at once: each weight must move its own term and no other.
        let p = pos(START);
        let e4 = mv(&p, "e2e4");
        let mut n = node(&p);
        n.move_ply = 1;
        n.tt_move = pack_move(e4);
        n.previous_best = pack_move(e4);
        n.killers = [pack_move(e4), 0];
        n.best_reply = pack_move(e4);
        n.follow_up = pack_move(e4);
        n.best_quiet = pack_move(e4);
        let facts = MoveFacts::of(&p, e4);
        let all = interest(&p, &n, e4, &facts);
        assert_eq!(all, base(&n) + 25 + 5 * GOOD_MOVE, "the default weights are the article's values");
        for (t, value) in [(3, 25), (4, GOOD_MOVE), (5, GOOD_MOVE), (6, GOOD_MOVE), (7, GOOD_MOVE), (17, GOOD_MOVE)] {
            let weight = TERM_WEIGHTS.iter().find(|w| w.term == t).unwrap();
            let mut m = n.clone();
            *(weight.field)(&mut m.weights) = 0;
            assert_eq!(interest(&p, &m, e4, &facts), all - value, "{} at 0", weight.name);
            *(weight.field)(&mut m.weights) = 300;
            assert_eq!(interest(&p, &m, e4, &facts), all + 2 * value, "{} at 300", weight.name);
        }
    }

    #[test]
    fn term_weights_have_distinct_names_and_fields_and_default_to_the_article() {
        for w in &TERM_WEIGHTS {
            assert_eq!(w.default_value(), 100, "{}", w.name);
            let mut weights = TermWeights::default();
            *(w.field)(&mut weights) = 7;
            let moved = TERM_WEIGHTS.iter().filter(|u| *(u.field)(&mut { weights }) == 7).count();
            assert_eq!(moved, 1, "{} shares a field", w.name);
            assert_eq!(TERM_WEIGHTS.iter().filter(|u| u.name == w.name || u.term == w.term).count(), 1, "{}", w.name);
        }
    }
}
