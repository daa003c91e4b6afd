//! Move-ordering tables, shared with interest search: the same facts that
//! order the walker's moves are interest terms 5 (killer), 6 (best reply)
//! and 17 (best non-capture). The best follow-on (term 7) is learnt in
//! both modes but read only by the interest terms: ranked after the best
//! reply in the move order it lost 19 Elo (docs/changelog.md).
//!
//! Moves are stored packed (`tt::pack_move`), so an empty slot is 0 and a
//! table never holds a move that is illegal by construction: it is only
//! ever compared against legal moves of the current node.

use shakmaty::{Color, Move, Role};

use super::MAX_PLY;
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

    /// Which killer slot (0 or 1) holds `m`, if any.
    pub fn killer_rank(&self, ply: usize, m: Move) -> Option<usize> {
        let p = pack_move(m);
        self.killers[ply].iter().position(|&k| k == p)
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
}
