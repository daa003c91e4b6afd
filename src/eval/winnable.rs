//! Winnability: how much of an endgame advantage can be turned into a win.
//!
//! The same extra pawn wins with passers, pawns on both wings and an
//! active king, and draws with all the pawns on one wing and the kings
//! facing each other. The features below add up to a *complexity*; it
//! moves the endgame score away from zero when positive, and towards zero
//! (never past it) when negative. This is the "initiative" of the classical
//! Stockfish evaluation, with its weights fitted here like every other.
//! Only the endgame half of each weight is read.

use shakmaty::Color;

use super::context::Ctx;
use super::masks::{ci, relative_rank, KING_SIDE, QUEEN_SIDE};
use super::score::S;

/// Files between the kings minus ranks between them: positive when the
/// kings stand side by side and the attacker can walk round (outflank).
pub fn outflanking(ctx: &Ctx) -> i32 {
    let (w, b) = (ctx.king[0], ctx.king[1]);
    let files = (w.file() as i32 - b.file() as i32).abs();
    let ranks = (w.rank() as i32 - b.rank() as i32).abs();
    files - ranks
}

/// A king already in the enemy's half.
pub fn infiltration(ctx: &Ctx) -> bool {
    relative_rank(Color::White, ctx.king[ci(Color::White)]) > 3 || relative_rank(Color::Black, ctx.king[ci(Color::Black)]) > 3
}

/// The complexity of the position: the fitted sum of the features.
pub fn complexity(ctx: &Ctx, passers: usize) -> i32 {
    let p = ctx.p;
    let pawns = ctx.pawns[0] | ctx.pawns[1];
    let both_flanks = (pawns & QUEEN_SIDE).any() && (pawns & KING_SIDE).any();
    // No knight, bishop, rook or queen left: the phase counts only those.
    let pawn_ending = ctx.phase == 0;
    let outflank = outflanking(ctx);
    let almost_drawn = passers == 0 && outflank < 0 && !both_flanks;
    (p.winnable_passers * passers as i32
        + p.winnable_pawns * pawns.count() as i32
        + p.winnable_outflanking * outflank
        + p.winnable_infiltration * infiltration(ctx) as i32
        + p.winnable_both_flanks * both_flanks as i32
        + p.winnable_pawn_ending * pawn_ending as i32
        + p.winnable_almost_drawn * almost_drawn as i32
        + p.winnable_base)
        .eg()
}

/// The endgame correction for an endgame score `eg` (White's view): the
/// complexity, in the direction of whoever is ahead, but never taking
/// more than the whole advantage.
pub fn winnability(ctx: &Ctx, passers: usize, eg: i32) -> S {
    let c = complexity(ctx, passers);
    S(0, eg.signum() * c.max(-eg.abs()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tests::pos;

    #[test]
    fn kings_side_by_side_outflank_and_facing_do_not() {
        assert_eq!(outflanking(&Ctx::new(&pos("8/8/8/8/8/8/8/k5K1 w - - 0 1"))), 6);
        assert_eq!(outflanking(&Ctx::new(&pos("k7/8/8/8/8/8/8/K7 w - - 0 1"))), -7);
        assert!(infiltration(&Ctx::new(&pos("4k3/8/4K3/8/8/8/8/8 w - - 0 1"))));
        assert!(!infiltration(&Ctx::new(&pos("4k3/8/8/8/4K3/8/8/8 w - - 0 1"))));
    }

    #[test]
    fn a_single_wing_pawn_up_is_less_winnable_than_pawns_on_both_wings() {
        // White is a pawn up both times; the second has pawns on both wings
        // and a passer, the first has everything on the king's wing with
        // the kings facing.
        let (one_wing, two_wings) = (pos("6k1/5pp1/8/8/8/8/5PPP/6K1 w - - 0 1"), pos("6k1/5pp1/8/8/8/8/P4PP1/6K1 w - - 0 1"));
        let (drawish, winnable) = (Ctx::new(&one_wing), Ctx::new(&two_wings));
        assert!(complexity(&winnable, 1) > complexity(&drawish, 0));
        // Never more than the whole advantage is taken away, and a level
        // endgame stays level.
        assert!(winnability(&drawish, 0, 100).eg() >= -100);
        assert_eq!(winnability(&drawish, 0, 0), S::ZERO);
        assert_eq!(winnability(&drawish, 0, -100).eg(), -winnability(&drawish, 0, 100).eg());
    }
}
