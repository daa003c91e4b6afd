//! Correction history: what searches have said the static evaluation gets
//! wrong, by pawn structure.
//!
//! The evaluation misjudges some pawn skeletons the same way every time
//! (a blocked centre, a weak pawn it does not see). When a node's search
//! returns a score its bound vouches for, the gap between that score and
//! the static eval is folded into a running average for the node's pawn
//! structure and side to move; later nodes with the same skeleton add the
//! average to their eval before pruning decisions read it.

use shakmaty::{Bitboard, Chess, Color, Position};

use crate::eval::pawn_cache::pawn_key;
use crate::tt::Bound;

const ENTRIES: usize = 1 << 14;
/// Corrections are kept in 1/GRAIN centipawns so small updates count.
const GRAIN: i32 = 256;
/// No correction exceeds this many centipawns.
const LIMIT_CP: i32 = 64;
/// An update moves the average by at most this many 256ths.
const MAX_WEIGHT: i32 = 16;

pub struct CorrectionHistory {
    table: Box<[[i32; ENTRIES]; 2]>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory { table: Box::new([[0; ENTRIES]; 2]) }
    }
}

/// The slot of `pos`'s pawn structure.
#[inline]
fn slot(pos: &Chess) -> usize {
    let b = pos.board();
    let pawns = |c: Color| -> Bitboard { b.pawns() & b.by_color(c) };
    pawn_key(pawns(Color::White), pawns(Color::Black)) as usize & (ENTRIES - 1)
}

impl CorrectionHistory {
    pub fn clear(&mut self) {
        for side in self.table.iter_mut() {
            side.fill(0);
        }
    }

    /// `raw`, the static eval of `pos` for the side to move, corrected.
    #[inline]
    pub fn correct(&self, pos: &Chess, raw: i32) -> i32 {
        raw + self.table[pos.turn() as usize][slot(pos)] / GRAIN
    }

    /// Learn from a finished node: `best` was searched to `depth` and has
    /// bound `bound`; `corrected` is the eval the node pruned with, `raw`
    /// the uncorrected one. A bound that cannot tell which side of the
    /// eval the truth lies on teaches nothing.
    pub fn update(&mut self, pos: &Chess, depth: i32, bound: Bound, best: i32, raw: i32, corrected: i32) {
        let informative = match bound {
            Bound::Exact => true,
            Bound::Lower => best > corrected,
            Bound::Upper => best < corrected,
        };
        if !informative {
            return;
        }
        let target = (best - raw).clamp(-LIMIT_CP, LIMIT_CP) * GRAIN;
        let weight = (depth + 1).min(MAX_WEIGHT);
        let entry = &mut self.table[pos.turn() as usize][slot(pos)];
        *entry = (*entry * (256 - weight) + target * weight) / 256;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tests::pos;

    #[test]
    fn searches_that_beat_the_eval_raise_it_for_the_same_pawns_only() {
        let mut c = CorrectionHistory::default();
        let a = pos("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1");
        let same_pawns = pos("3k4/pp3ppp/8/8/8/8/PP3PPP/3K4 w - - 0 1");
        let other_pawns = pos("4k3/pp3ppp/8/8/3P4/8/PP3PPP/4K3 w - - 0 1");
        for _ in 0..200 {
            c.update(&a, 10, Bound::Exact, 40, 0, c.correct(&a, 0));
        }
        let learned = c.correct(&same_pawns, 0);
        assert!((30..=40).contains(&learned), "{learned}");
        assert_eq!(c.correct(&other_pawns, 0), 0);
        let black = pos("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 b - - 0 1");
        assert_eq!(c.correct(&black, 0), 0, "each side has its own corrections");
    }

    #[test]
    fn bounds_on_the_eval_side_teach_nothing_and_corrections_stay_small() {
        let mut c = CorrectionHistory::default();
        let a = pos("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1");
        // A fail-low below the eval says nothing about how much above it the truth is.
        c.update(&a, 10, Bound::Lower, -50, 0, 0);
        c.update(&a, 10, Bound::Upper, 50, 0, 0);
        assert_eq!(c.correct(&a, 0), 0);
        for _ in 0..500 {
            c.update(&a, 20, Bound::Upper, -3000, 0, c.correct(&a, 0));
        }
        assert!(c.correct(&a, 0) >= -LIMIT_CP, "{}", c.correct(&a, 0));
        c.clear();
        assert_eq!(c.correct(&a, 0), 0);
    }
}
