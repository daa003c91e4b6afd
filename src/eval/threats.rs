//! Threats: our pieces attacked by enemy pawns or by lesser enemy pieces,
//! hanging pieces, pawn pushes that attack, contested squares, squares
//! from which the enemy queen can be attacked next move, and our queen
//! with a man pinned to her.
//! The side to move may save one of them, but two such threats or a
//! threat on a pinned piece usually cost material.

use shakmaty::{attacks, Bitboard, Color, Rank, Role};

use super::context::Ctx;
use super::king::lone_blockers;
use super::masks::{ci, forward, pawn_attacks_from};
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

/// Pieces and pawns of `color` (not the king) that the enemy attacks and
/// nothing of ours defends: free material unless we spend a move on it.
pub fn hanging(ctx: &Ctx, color: Color) -> S {
    let (us, them) = (ci(color), ci(!color));
    let targets = ctx.pieces[us] & !ctx.board.kings();
    ctx.p.hanging * (targets & ctx.attacks[them] & !ctx.attacks[us]).count() as i32
}

/// Squares `color`'s pawns can advance to in one move (two from their
/// starting rank) where no enemy pawn takes them and the enemy does not
/// win them outright.
fn safe_pawn_pushes(ctx: &Ctx, color: Color) -> Bitboard {
    let us = ci(color);
    let empty = !ctx.occupied;
    let single = forward(color, ctx.pawns[us]) & empty;
    let third_rank = Bitboard::from_rank(color.fold_wb(Rank::Third, Rank::Sixth));
    let double = forward(color, single & third_rank) & empty;
    (single | double) & !ctx.pawn_attacks(!color) & ctx.held(color)
}

/// Enemy pieces that one of `color`'s pawns would attack after a safe
/// push: a threat the enemy must already reckon with.
pub fn pawn_push_threats(ctx: &Ctx, color: Color) -> S {
    let hit = pawn_attacks_from(color, safe_pawn_pushes(ctx, color));
    let targets = ctx.pieces[ci(!color)] & !ctx.board.pawns() & !ctx.board.kings();
    ctx.p.pawn_push_threat * (hit & targets).count() as i32
}

/// Squares both sides attack where no enemy pawn stands guard: contested
/// ground on which the enemy's pieces cannot settle freely.
pub fn restricted(ctx: &Ctx, color: Color) -> S {
    let (us, them) = (ci(color), ci(!color));
    let contested = ctx.attacks[us] & ctx.attacks[them] & !ctx.pawn_attacks(!color);
    ctx.p.restricted * contested.count() as i32
}

/// Safe squares from which one of `color`'s knights, or bishops or rooks,
/// would attack the lone enemy queen, and that such a piece of ours
/// already reaches: next move the queen may have to run, and lose time or
/// leave what she guards.
pub fn queen_threats(ctx: &Ctx, color: Color) -> S {
    let us = ci(color);
    let queens = ctx.ours(!color, Role::Queen);
    let Some(queen) = queens.single_square() else { return S::ZERO };
    let safe = !ctx.pieces[us] & !ctx.pawn_attacks(!color) & ctx.held(color);
    let knights = attacks::knight_attacks(queen) & ctx.attacks_by[us][Role::Knight as usize];
    let sliders = (attacks::bishop_attacks(queen, ctx.occupied) & ctx.attacks_by[us][Role::Bishop as usize])
        | (attacks::rook_attacks(queen, ctx.occupied) & ctx.attacks_by[us][Role::Rook as usize]);
    ctx.p.knight_on_queen * (knights & safe).count() as i32 + ctx.p.slider_on_queen * (sliders & safe).count() as i32
}

/// Queens of `color` with a man of ours pinned to them by an enemy bishop
/// or rook: move the man and the queen falls to a lesser piece.
pub fn weak_queens(ctx: &Ctx, color: Color) -> S {
    let snipers = ctx.board.rooks() | ctx.board.bishops();
    let n = ctx.ours(color, Role::Queen).into_iter().filter(|&queen| lone_blockers(ctx.board, queen, color, snipers).any()).count();
    ctx.p.weak_queen * n as i32
}

/// All threat terms, White's view.
pub fn threats(ctx: &Ctx) -> S {
    ctx.white_minus_black(|ctx, color| {
        attacked_by_pawns(ctx, color)
            + attacked_by_lesser(ctx, color)
            + hanging(ctx, color)
            + pawn_push_threats(ctx, color)
            + restricted(ctx, color)
            + queen_threats(ctx, color)
            + weak_queens(ctx, color)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::params::PARAMS;
    use crate::eval::tests::term;

    #[test]
    fn squares_both_sides_attack_are_contested_unless_an_enemy_pawn_guards_them() {
        // Rd1 and Rd8 both attack d2..d7; a black pawn on c6 guards d5.
        let open = term(restricted, "3r2k1/8/8/8/8/8/8/3R2K1 w - - 0 1", Color::White);
        let guarded = term(restricted, "3r2k1/8/2p5/8/8/8/8/3R2K1 w - - 0 1", Color::White);
        assert_eq!(open, PARAMS.restricted * 6);
        assert_eq!(guarded, PARAMS.restricted * 5);
    }

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

    #[test]
    fn an_undefended_attacked_piece_hangs() {
        // The e5 knight is attacked by the e1 rook; the d6 pawn guards it.
        assert_eq!(term(hanging, "4k3/8/3p4/4n3/8/8/8/4RK2 b - - 0 1", Color::Black), S::ZERO);
        assert_eq!(term(hanging, "4k3/8/8/4n3/8/8/8/4RK2 b - - 0 1", Color::Black), PARAMS.hanging);
        // The fit puts the cost in the endgame half (the middlegame half is noise-level).
        assert!(PARAMS.hanging.mg() + PARAMS.hanging.eg() < 0 && PARAMS.hanging.eg() < 0);
    }

    #[test]
    fn a_safe_pawn_push_that_forks_is_a_threat() {
        // d4-d5 would hit the c6 knight and the e6 rook.
        assert_eq!(term(pawn_push_threats, "4k3/8/2n1r3/8/3P4/8/8/4K3 w - - 0 1", Color::White), PARAMS.pawn_push_threat * 2);
        // A bishop on e6 would win the pawn on d5, a pawn there would take it.
        assert_eq!(term(pawn_push_threats, "4k3/8/2n1b3/8/3P4/8/8/4K3 w - - 0 1", Color::White), S::ZERO);
        assert_eq!(term(pawn_push_threats, "4k3/8/2n1p3/8/3P4/8/8/4K3 w - - 0 1", Color::White), S::ZERO);
        assert!(PARAMS.pawn_push_threat.mg() > 0);
    }

    #[test]
    fn safe_squares_to_attack_the_queen_from_are_counted() {
        // The knight on d4 can go to c6 or e6 and hit the queen on d8.
        assert_eq!(term(queen_threats, "3qk3/8/8/8/3N4/8/8/4K3 w - - 0 1", Color::White), PARAMS.knight_on_queen * 2);
        // A pawn on d7 guards both.
        assert_eq!(term(queen_threats, "3qk3/3p4/8/8/3N4/8/8/4K3 w - - 0 1", Color::White), S::ZERO);
        // The rook on a1 can go to a8 or d1, both on the queen's lines and both held.
        assert_eq!(term(queen_threats, "3qk3/8/8/8/8/8/8/R3K3 w - - 0 1", Color::White), PARAMS.slider_on_queen * 2);
        // With two queens there is no one queen to chase.
        assert_eq!(term(queen_threats, "3qk2q/8/8/8/3N4/8/8/4K3 w - - 0 1", Color::White), S::ZERO);
        assert!(PARAMS.knight_on_queen.mg() > 0 && PARAMS.slider_on_queen.mg() > 0);
    }

    #[test]
    fn a_man_pinned_to_our_queen_makes_her_weak() {
        // The knight on d4 stands between the queen on d1 and the rook on d8.
        assert_eq!(term(weak_queens, "3rk3/8/8/8/3N4/8/8/3QK3 w - - 0 1", Color::White), PARAMS.weak_queen);
        // An enemy queen behind the knight does not count: she trades at worst.
        assert_eq!(term(weak_queens, "3qk3/8/8/8/3N4/8/8/3QK3 w - - 0 1", Color::White), S::ZERO);
        // Two men in between: no pin.
        assert_eq!(term(weak_queens, "3rk3/3p4/8/8/3N4/8/8/3QK3 w - - 0 1", Color::White), S::ZERO);
        assert!(PARAMS.weak_queen.mg() < 0);
    }
}
