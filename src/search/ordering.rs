//! Move-ordering tables, shared with interest search: the same facts that
//! order the walker's moves are interest terms 5 (killer), 6 (best reply)
//! and 17 (best non-capture). The best follow-on (term 7) is learnt in
//! both modes but read only by the interest terms: ranked after the best
//! reply in the move order it lost 19 Elo (docs/changelog.md).
//!
//! Moves are stored packed (`tt::pack_move`), so an empty slot is 0 and a
//! table never holds a move that is illegal by construction: it is only
//! ever compared against legal moves of the current node.

use arrayvec::ArrayVec;
use shakmaty::{Chess, Color, Move, MoveList, Position, Role};

use super::{Searcher, MAX_PLY};
use crate::eval::{piece_value, see::loses_material};
use crate::tt::pack_move;

/// Neither a capture nor a promotion: the moves the history tables rank.
#[inline]
pub fn is_quiet(m: Move) -> bool {
    !m.is_capture() && !m.is_promotion()
}

/// Largest magnitude a history score can reach (gravity keeps it bounded).
pub const HISTORY_MAX: i32 = 16_384;

/// (piece, destination) index for the reply tables: 12 pieces × 64 squares.
#[inline]
pub fn piece_to(color: Color, role: Role, to: shakmaty::Square) -> usize {
    let c = if color == Color::White { 0 } else { 6 };
    (c + role as usize - 1) * 64 + to as usize
}

/// The destination square of a [`piece_to`] index.
#[inline]
pub fn piece_to_square(index: usize) -> shakmaty::Square {
    shakmaty::Square::new((index % 64) as u32)
}

pub struct OrderingTables {
    /// Two quiet moves per ply that caused a beta cut-off (term 5).
    killers: [[u16; 2]; MAX_PLY + 2],
    /// Butterfly history of quiet moves by side, from, to (term 17 uses it
    /// to find the best non-capture).
    history: [[[i16; 64]; 64]; 2],
    /// Best reply to the opponent's previous move, by (piece, to) of that
    /// move (term 6, the counter-move).
    best_reply: [u16; 12 * 64],
    /// Best follow-on to our own move two plies ago, by (piece, to) of that
    /// move (term 7, the follow-up).
    follow_up: [u16; 12 * 64],
}

impl Default for OrderingTables {
    fn default() -> Self {
        OrderingTables { killers: [[0; 2]; MAX_PLY + 2], history: [[[0; 64]; 64]; 2], best_reply: [0; 12 * 64], follow_up: [0; 12 * 64] }
    }
}

#[inline]
fn side(color: Color) -> usize {
    (color == Color::White) as usize
}

/// A move's from and to squares as indices (a drop, which chess lacks,
/// counts from a1).
#[inline]
pub(super) fn from_to(m: Move) -> (usize, usize) {
    let from = m.from().map_or(0, |s| s as usize);
    (from, m.to() as usize)
}

impl OrderingTables {
    pub fn clear(&mut self) {
        *self = OrderingTables::default();
    }

    /// Forget the previous search's killers (they belong to other plies).
    pub fn new_search(&mut self) {
        self.killers = [[0; 2]; MAX_PLY + 2];
    }

    pub fn is_killer(&self, ply: usize, m: Move) -> bool {
        let p = pack_move(m);
        self.killers[ply].contains(&p)
    }

    pub fn history(&self, color: Color, m: Move) -> i32 {
        let (f, t) = from_to(m);
        self.history[side(color)][f][t] as i32
    }

    pub fn killers(&self, ply: usize) -> [u16; 2] {
        self.killers[ply]
    }

    /// The best reply to the move with (piece, to) index `previous` (packed; 0 for none).
    pub fn best_reply_to(&self, previous: Option<usize>) -> u16 {
        previous.map_or(0, |i| self.best_reply[i])
    }

    /// The best follow-on to our move with (piece, to) index `own_previous`.
    pub fn follow_up_to(&self, own_previous: Option<usize>) -> u16 {
        own_previous.map_or(0, |i| self.follow_up[i])
    }

    pub fn is_best_reply(&self, previous: Option<usize>, m: Move) -> bool {
        previous.is_some_and(|i| self.best_reply[i] == pack_move(m))
    }

    pub fn is_follow_up(&self, own_previous: Option<usize>, m: Move) -> bool {
        own_previous.is_some_and(|i| self.follow_up[i] == pack_move(m))
    }

    /// Gravity update: the bonus shrinks as the entry nears the maximum,
    /// so scores stay bounded and recent results outweigh old ones.
    fn apply_history(entry: &mut i16, bonus: i32) {
        let e = *entry as i32;
        let new = e + bonus - e * bonus.abs() / HISTORY_MAX;
        *entry = new.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
    }

    /// A quiet move caused a beta cut-off: it becomes a killer, the best
    /// reply and follow-on for the moves before it, and gains history;
    /// the quiets tried before it lose history.
    #[allow(clippy::too_many_arguments)]
    pub fn reward_quiet(
        &mut self,
        color: Color,
        ply: usize,
        depth: i32,
        m: Move,
        tried: &[Move],
        previous: Option<usize>,
        own_previous: Option<usize>,
    ) {
        let p = pack_move(m);
        if self.killers[ply][0] != p {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = p;
        }
        if let Some(i) = previous {
            self.best_reply[i] = p;
        }
        if let Some(i) = own_previous {
            self.follow_up[i] = p;
        }
        let bonus = (depth * depth * 16).min(1600);
        let s = side(color);
        let (f, t) = from_to(m);
        Self::apply_history(&mut self.history[s][f][t], bonus);
        for &q in tried {
            if q != m {
                let (f, t) = from_to(q);
                Self::apply_history(&mut self.history[s][f][t], -bonus);
            }
        }
    }
}

/// Ordering score bands: the table move, then winning captures, killers,
/// the best reply, then quiets by history, and losing captures last.
const TT_MOVE: i32 = 1 << 28;
const GOOD_CAPTURE: i32 = 1 << 24;
const KILLER: i32 = 1 << 22;
const BEST_REPLY: i32 = 1 << 21;
const BAD_CAPTURE: i32 = -(1 << 24);

/// Moves of a node with their ordering scores, handed out best first.
///
/// At an inner node the table move comes out before anything is generated:
/// it cuts most cut nodes off on its own, and then generating, scoring and
/// SEE-testing every other move was wasted work.
pub struct MovePicker {
    moves: MoveList,
    scores: ArrayVec<i32, 270>,
    next: usize,
    /// The table move handed out ahead of generation, if any.
    table: Option<Move>,
    stage: Stage,
}

/// Where a picker is: before its table move, before generating, or
/// selecting among generated moves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    TableMove,
    Generate,
    Select,
}

impl MovePicker {
    /// A picker with no moves yet: [`MovePicker::fill`] gives it the
    /// node's moves, or [`MovePicker::table_move_first`] its table move.
    /// It is made empty and filled where it stands, never handed back
    /// full: a picker is over two kilobytes whatever it holds, and moving
    /// one copies all of it, which at a quiescence node with two or three
    /// captures cost more than scoring them.
    #[inline(always)]
    pub fn empty() -> MovePicker {
        MovePicker { moves: MoveList::new(), scores: ArrayVec::new(), next: 0, table: None, stage: Stage::Select }
    }

    /// Takes `moves` (generated up front) and their scores in, in order.
    #[inline(always)]
    pub fn fill(&mut self, moves: &[Move], score: impl Fn(Move) -> i32) {
        self.moves.clear();
        self.scores.clear();
        for &m in moves {
            self.moves.push(m);
            self.scores.push(score(m));
        }
    }

    /// Hands out `table` (a legal move of the node) before generating the
    /// rest; [`MovePicker::pick`] generates when needed.
    pub fn table_move_first(&mut self, table: Move) {
        self.table = Some(table);
        self.stage = Stage::TableMove;
    }

    /// The next move and its ordering score, generating the node's moves
    /// (and setting the table move aside) once the table move is out. The
    /// order is the one [`MovePicker::fill`] gives: there, selection swaps
    /// the table move to the front too. `scorer` makes the scoring function
    /// when the moves are generated, so that it reads the tables as the
    /// table move's search left them.
    pub fn pick<F: Fn(Move) -> i32>(&mut self, generate: impl FnOnce() -> MoveList, scorer: impl FnOnce() -> F) -> Option<(Move, i32)> {
        if self.stage == Stage::TableMove {
            self.stage = Stage::Generate;
            return self.table.map(|m| (m, TT_MOVE));
        }
        if self.stage == Stage::Generate {
            self.stage = Stage::Select;
            self.fill(&generate(), scorer());
            if let Some(i) = self.moves.iter().position(|&m| Some(m) == self.table) {
                self.moves.swap(0, i);
                self.scores.swap(0, i);
                self.next = 1;
            }
        }
        self.select()
    }

    /// The moves generated so far (all of the node's once the table move
    /// is out; none before).
    pub fn generated(&self) -> &[Move] {
        &self.moves
    }

    /// The node has no legal move at all (mate or stalemate).
    pub fn is_empty(&self) -> bool {
        self.stage == Stage::Select && self.moves.is_empty()
    }

    /// Selection: swaps the best of the remaining moves to the front, the
    /// first of them where several share the best score. At an All node
    /// every move is selected, and this scan was 7 % of `bench`. Each
    /// score goes in the high half of a key and its place, counted down,
    /// in the low half, so the greatest key is the first greatest score:
    /// one branch-free maximum over the keys, which the compiler turns
    /// into vector instructions, instead of a compare and a branch a move.
    fn select(&mut self) -> Option<(Move, i32)> {
        let rest = self.scores.get(self.next..)?;
        if rest.is_empty() {
            return None;
        }
        let key = |(i, &s): (usize, &i32)| (s as i64) << 32 | (u32::MAX - i as u32) as i64;
        let greatest = rest.iter().enumerate().map(key).fold(i64::MIN, i64::max);
        let best = self.next + (u32::MAX - greatest as u32) as usize;
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        self.next += 1;
        Some((self.moves[self.next - 1], self.scores[self.next - 1]))
    }
}

impl Iterator for MovePicker {
    type Item = (Move, i32);

    fn next(&mut self) -> Option<(Move, i32)> {
        self.select()
    }
}

/// Most valuable victim, least valuable attacker: a cheap capture order.
#[inline]
pub fn mvv_lva(m: Move) -> i32 {
    let victim = if m.is_en_passant() { piece_value(Role::Pawn) } else { m.capture().map_or(0, piece_value) };
    let promo = m.promotion().map_or(0, piece_value);
    victim * 16 + promo - piece_value(m.role()) / 16
}

/// What a node's move order reads from the tables, gathered once per node
/// rather than once per move: the table move, the killers and the best
/// reply to the opponent's last move, all packed, so each move is packed
/// once and compared against them.
#[derive(Clone, Copy)]
pub(super) struct OrderKeys {
    tt_move: u16,
    killers: [u16; 2],
    best_reply: u16,
}

impl Searcher {
    /// The ordering keys of the node at `ply` whose table move is `tt_move`.
    pub(super) fn order_keys(&self, tt_move: u16, ply: usize) -> OrderKeys {
        let (previous, _) = self.earlier_moves(ply);
        OrderKeys { tt_move, killers: self.tables.killers(ply), best_reply: self.tables.best_reply_to(previous) }
    }

    /// The scoring function of the node at `ply`: its keys read now, once.
    pub(super) fn move_scorer<'a>(&'a self, pos: &'a Chess, tt_move: u16, ply: usize) -> impl Fn(Move) -> i32 + 'a {
        let keys = self.order_keys(tt_move, ply);
        move |m| self.order_score(pos, m, &keys)
    }

    /// A move's place in the move order: its band, then its rank in it.
    #[inline]
    pub(super) fn order_score(&self, pos: &Chess, m: Move, keys: &OrderKeys) -> i32 {
        let packed = pack_move(m);
        if packed == keys.tt_move {
            return TT_MOVE;
        }
        if !is_quiet(m) {
            let base = mvv_lva(m);
            return if m.is_promotion() || !loses_material(pos, m) { GOOD_CAPTURE + base } else { BAD_CAPTURE + base };
        }
        // A killer or best-reply slot is 0 when empty, and no move packs
        // to 0 (from a1 to a1), so an empty slot matches nothing.
        if let Some(rank) = keys.killers.iter().position(|&k| k == packed) {
            return KILLER - rank as i32;
        }
        if keys.best_reply == packed {
            return BEST_REPLY;
        }
        self.tables.history(pos.turn(), m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

    fn quiet(from: Square, to: Square) -> Move {
        Move::Normal { role: Role::Knight, from, capture: None, to, promotion: None }
    }

    #[test]
    fn a_cutoff_move_becomes_killer_reply_and_follow_up() {
        let mut t = OrderingTables::default();
        let m = quiet(Square::G1, Square::F3);
        let other = quiet(Square::B1, Square::C3);
        t.reward_quiet(Color::White, 3, 5, m, &[other, m], Some(10), Some(20));
        assert!(t.is_killer(3, m) && !t.is_killer(4, m));
        assert!(t.is_best_reply(Some(10), m) && !t.is_best_reply(Some(11), m));
        assert!(t.is_follow_up(Some(20), m));
        assert!(t.history(Color::White, m) > 0);
        assert!(t.history(Color::White, other) < 0);
        assert_eq!(t.history(Color::Black, m), 0);
    }

    #[test]
    fn history_stays_bounded() {
        let mut t = OrderingTables::default();
        let m = quiet(Square::G1, Square::F3);
        for _ in 0..1000 {
            t.reward_quiet(Color::White, 0, 30, m, &[m], None, None);
        }
        assert!(t.history(Color::White, m) <= HISTORY_MAX);
    }

    #[test]
    fn mvv_lva_prefers_big_victims_and_small_attackers() {
        use shakmaty::Square;
        let pxq = Move::Normal { role: Role::Pawn, from: Square::E4, capture: Some(Role::Queen), to: Square::D5, promotion: None };
        let qxq = Move::Normal { role: Role::Queen, from: Square::D1, capture: Some(Role::Queen), to: Square::D5, promotion: None };
        let pxp = Move::Normal { role: Role::Pawn, from: Square::E4, capture: Some(Role::Pawn), to: Square::D5, promotion: None };
        assert!(mvv_lva(pxq) > mvv_lva(qxq));
        assert!(mvv_lva(qxq) > mvv_lva(pxp));
    }

    #[test]
    fn the_table_move_comes_first_once_and_the_order_is_unchanged() {
        let pos = crate::eval::tests::pos("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let moves = pos.legal_moves();
        let table = moves[moves.len() / 2];
        let score = |m: Move| if m == table { TT_MOVE } else { m.to() as i32 + 64 * m.from().map_or(0, |s| s as i32) % 7 };
        let mut eager = MovePicker::empty();
        eager.fill(&moves, score);
        let eager: Vec<Move> = eager.map(|(m, _)| m).collect();
        let mut lazy = MovePicker::empty();
        lazy.table_move_first(table);
        let mut staged = Vec::new();
        while let Some((m, _)) = lazy.pick(|| pos.legal_moves(), || score) {
            staged.push(m);
        }
        assert_eq!(staged[0], table);
        assert_eq!(staged, eager);
    }

    #[test]
    fn a_node_without_moves_is_empty() {
        let mate = crate::eval::tests::pos("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
        let filled = |pos: &Chess| {
            let mut picker = MovePicker::empty();
            picker.fill(&pos.legal_moves(), |_| 0);
            picker
        };
        assert!(filled(&mate).is_empty());
        assert!(!filled(&Chess::default()).is_empty());
    }

    #[test]
    fn picker_hands_out_moves_best_first() {
        let pos = Chess::default();
        let mut picker = MovePicker::empty();
        picker.fill(&pos.legal_moves(), |m| m.to() as i32);
        let order: Vec<i32> = picker.map(|(_, s)| s).collect();
        assert_eq!(order.len(), 20);
        assert!(order.windows(2).all(|w| w[0] >= w[1]));
    }
}
