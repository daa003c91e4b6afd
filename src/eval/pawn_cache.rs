//! A per-thread cache of the pawn-only part of the evaluation. Pawn
//! skeletons change far less often than positions, so most evaluations
//! find their pawn terms here instead of recomputing them.

use shakmaty::Bitboard;

use super::context::Ctx;
use super::pawns::{pawn_info, PawnInfo};
use crate::rng::mix64;

const ENTRIES: usize = 1 << 14;

/// A 64-bit key for the two pawn bitboards (splitmix64's finaliser on each,
/// so nearby bitboards give unrelated keys).
pub fn pawn_key(white: Bitboard, black: Bitboard) -> u64 {
    mix64(white.0) ^ mix64(black.0 ^ 0x9e37_79b9_7f4a_7c15).rotate_left(17)
}

pub struct PawnCache {
    entries: Box<[(u64, PawnInfo)]>,
}

impl Default for PawnCache {
    fn default() -> Self {
        PawnCache { entries: vec![(0, PawnInfo::default()); ENTRIES].into_boxed_slice() }
    }
}

impl PawnCache {
    /// The pawn terms of `ctx`'s position, from the cache when present.
    /// Only valid for the default weights (the tuner does not cache).
    pub fn probe(&mut self, ctx: &Ctx) -> PawnInfo {
        let key = pawn_key(ctx.pawns[0], ctx.pawns[1]);
        let slot = &mut self.entries[key as usize & (ENTRIES - 1)];
        if slot.0 != key || key == 0 {
            *slot = (key, pawn_info(ctx));
        }
        slot.1
    }
}
