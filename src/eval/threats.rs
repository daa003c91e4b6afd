//! Threats: our pieces attacked by enemy pawns or by lesser enemy pieces.
//! The side to move may save one of them, but two such threats or a
//! threat on a pinned piece usually cost material.

use shakmaty::{Color, Role};

use super::context::Ctx;
use super::masks::ci;
use super::score::S;


/// Non-pawn pieces of `color` that an enemy pawn attacks.
pub fn attacked_by_pawns(ctx: &Ctx, color: Color) -> S {
    let targets = ctx.pieces[ci(color)] & !ctx.board.pawns() & !ctx.board.kings();
    ctx.p.attacked_by_pawn * (targets & ctx.pawn_attacks(!color)).count() as i32
}

/// Pieces of `color` attacked by a less valuable enemy piece.
pub fn attacked_by_lesser(ctx: &Ctx, color: Color) -> S {
    let t = ci(!color);
    let minors_attack = ctx.attacks_by[t][Role::Knight as usize] | ctx.attacks_by[t][Role::Bishop as usize];
    let minors = ctx.ours(color, Role::Knight) | ctx.ours(color, Role::Bishop);
    let rooks = ctx.ours(color, Role::Rook);
    let queens = ctx.ours(color, Role::Queen);
    let lesser_than_queen = minors_attack | ctx.attacks_by[t][Role::Rook as usize];
    // Minor-on-minor only counts when the target is not defended.
    let undefended_minors = minors & !ctx.attacks[ci(color)];
    ctx.p.minor_attacked_by_minor * (undefended_minors & minors_attack).count() as i32
        + ctx.p.rook_attacked_by_minor * (rooks & minors_attack).count() as i32
        + ctx.p.queen_attacked_by_lesser * (queens & lesser_than_queen).count() as i32
}

/// All threat terms, White's view.
pub fn threats(ctx: &Ctx) -> S {
    ctx.white_minus_black(|ctx, color| attacked_by_pawns(ctx, color) + attacked_by_lesser(ctx, color))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::params::PARAMS;
    use crate::eval::tests::term;

    #[test]
    fn a_pawn_forking_two_pieces_is_two_threats() {
        assert_eq!(term(attacked_by_pawns, "4k3/8/2n1b3/3P4/8/8/8/4K3 b - - 0 1", Color::Black), PARAMS.attacked_by_pawn * 2);
        assert_eq!(term(attacked_by_pawns, "4k3/8/2n1b3/8/3P4/8/8/4K3 b - - 0 1", Color::Black), S::ZERO);
    }

    #[test]
    fn a_queen_attacked_by_a_knight_is_a_threat() {
        assert_eq!(term(attacked_by_lesser, "4k3/8/3q4/8/4N3/8/8/4K3 b - - 0 1", Color::Black), PARAMS.queen_attacked_by_lesser);
        assert_eq!(term(attacked_by_lesser, "4k3/8/3q4/8/8/4N3/8/4K3 b - - 0 1", Color::Black), S::ZERO);
    }
}
