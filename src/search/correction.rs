//! Correction history: what searches have said the static evaluation gets
//! wrong, by pawn structure and by where each side's pieces stand.
//!
//! The evaluation misjudges some pawn skeletons the same way every time
//! (a blocked centre, a weak pawn it does not see), and some piece
//! placements too (a knight it thinks active that is shut out, a king it
//! thinks safe). When a node's search returns a score its bound vouches
//! for, the gap between that score and the corrected eval is shared out
//! among the running corrections of the node's pawn structure and of
//! each side's pieces, for the side to move; later nodes that share any
//! of them add their sum to their eval before pruning decisions read it.

use shakmaty::{Bitboard, Board, Chess, Color, Position, Role};

use crate::eval::pawn_cache::pawn_key;
use crate::rng::mix64;
use crate::tt::Bound;

const ENTRIES: usize = 1 << 14;
/// Corrections are kept in 1/GRAIN centipawns so small updates count.
const GRAIN: i32 = 256;
/// No one table's correction exceeds this many centipawns …
const LIMIT_CP: i32 = 64;
/// … nor does their sum exceed this many.
const TOTAL_LIMIT_CP: i32 = 96;
/// An update moves a correction by at most this many 256ths of the gap.
const MAX_WEIGHT: i32 = 16;

type Table = [[i32; ENTRIES]; 2];

pub struct CorrectionHistory {
    /// By pawn structure, then side to move.
    pawns: Box<Table>,
    /// By the squares of White's pieces other than pawns (king included).
    white_pieces: Box<Table>,
    /// The same for Black's.
    black_pieces: Box<Table>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        let table = || Box::new([[0; ENTRIES]; 2]);
        CorrectionHistory { pawns: table(), white_pieces: table(), black_pieces: table() }
    }
}

/// Where one position's corrections live in the three tables.
struct Slots {
    side: usize,
    pawns: usize,
    white_pieces: usize,
    black_pieces: usize,
}

impl Slots {
    #[inline]
    fn of(pos: &Chess) -> Slots {
        let b = pos.board();
        let pawns = |c: Color| -> Bitboard { b.pawns() & b.by_color(c) };
        let index = |key: u64| key as usize & (ENTRIES - 1);
        Slots {
            side: pos.turn() as usize,
            pawns: index(pawn_key(pawns(Color::White), pawns(Color::Black))),
            white_pieces: index(pieces_key(b, Color::White)),
            black_pieces: index(pieces_key(b, Color::Black)),
        }
    }
}

/// A hash of where `color`'s knights, bishops, rooks, queens and king stand.
#[inline]
fn pieces_key(b: &Board, color: Color) -> u64 {
    // Each bitboard scaled by its own odd constant, then SplitMix64's
    // finalizer, so that every square's bit reaches the slot's low bits.
    const SCALE: [u64; 5] =
        [0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f, 0x1656_67b1_9e37_79f9, 0xd6e8_feb8_6659_fd93, 0xa076_1d64_78bd_642f];
    let mine = b.by_color(color);
    let roles = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
    mix64(roles.iter().zip(SCALE).fold(0u64, |key, (&role, scale)| key.wrapping_add((b.by_role(role) & mine).0.wrapping_mul(scale))))
}

impl CorrectionHistory {
    pub fn clear(&mut self) {
        for table in [&mut self.pawns, &mut self.white_pieces, &mut self.black_pieces] {
            for side in table.iter_mut() {
                side.fill(0);
            }
        }
    }

    /// `raw`, the static eval of `pos` for the side to move, corrected.
    #[inline]
    pub fn correct(&self, pos: &Chess, raw: i32) -> i32 {
        raw + self.correction(&Slots::of(pos))
    }

    #[inline]
    fn correction(&self, s: &Slots) -> i32 {
        let sum = self.pawns[s.side][s.pawns] + self.white_pieces[s.side][s.white_pieces] + self.black_pieces[s.side][s.black_pieces];
        (sum / GRAIN).clamp(-TOTAL_LIMIT_CP, TOTAL_LIMIT_CP)
    }

    /// Learn from a finished node: `best` was searched to `depth` and has
    /// bound `bound`; `corrected` is the eval the node pruned with. A
    /// bound that cannot tell which side of the eval the truth lies on
    /// teaches nothing. Each table moves by a share of the gap that is
    /// left, so together they fit what none of them sees alone.
    pub fn update(&mut self, pos: &Chess, depth: i32, bound: Bound, best: i32, corrected: i32) {
        let informative = match bound {
            Bound::Exact => true,
            Bound::Lower => best > corrected,
            Bound::Upper => best < corrected,
        };
        if !informative {
            return;
        }
        let s = Slots::of(pos);
        let gap = (best - corrected).clamp(-LIMIT_CP, LIMIT_CP) * GRAIN;
        let step = gap * (depth + 1).min(MAX_WEIGHT) / 256;
        for entry in [
            &mut self.pawns[s.side][s.pawns],
            &mut self.white_pieces[s.side][s.white_pieces],
            &mut self.black_pieces[s.side][s.black_pieces],
        ] {
            *entry = (*entry + step).clamp(-LIMIT_CP * GRAIN, LIMIT_CP * GRAIN);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tests::pos;

    #[test]
    fn searches_that_beat_the_eval_raise_it_where_pawns_or_pieces_match() {
        let mut c = CorrectionHistory::default();
        let a = pos("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1");
        for _ in 0..200 {
            c.update(&a, 10, Bound::Exact, 40, c.correct(&a, 0));
        }
        let learned = c.correct(&a, 0);
        assert!((38..=40).contains(&learned), "{learned}");
        // Three tables share the lesson: pawns, White's pieces, Black's.
        let same_pawns = c.correct(&pos("3k4/pp3ppp/8/8/8/8/PP3PPP/3K4 w - - 0 1"), 0);
        assert!((learned / 3 - 1..=learned / 3 + 1).contains(&same_pawns), "{same_pawns}");
        let same_pieces = c.correct(&pos("4k3/pp3ppp/8/8/3P4/8/PP3PPP/4K3 w - - 0 1"), 0);
        assert!((2 * learned / 3 - 1..=2 * learned / 3 + 1).contains(&same_pieces), "{same_pieces}");
        assert_eq!(c.correct(&pos("3k4/pp3ppp/8/8/3P4/8/PP3PPP/3K4 w - - 0 1"), 0), 0, "nothing shared");
        let black = pos("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 b - - 0 1");
        assert_eq!(c.correct(&black, 0), 0, "each side has its own corrections");
    }

    #[test]
    fn bounds_on_the_eval_side_teach_nothing_and_corrections_stay_small() {
        let mut c = CorrectionHistory::default();
        let a = pos("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1");
        // A fail-low below the eval says nothing about how much above it the truth is.
        c.update(&a, 10, Bound::Lower, -50, 0);
        c.update(&a, 10, Bound::Upper, 50, 0);
        assert_eq!(c.correct(&a, 0), 0);
        for _ in 0..500 {
            c.update(&a, 20, Bound::Upper, -3000, c.correct(&a, 0));
        }
        assert_eq!(c.correct(&a, 0), -TOTAL_LIMIT_CP);
        c.clear();
        assert_eq!(c.correct(&a, 0), 0);
    }
}
