//! Endgame knowledge: material that cannot win (or hardly can) pulls the
//! score towards a draw.

use shakmaty::{Bitboard, Chess, Color, Position, Role};

/// Full scale; the endgame score is multiplied by `scale / FULL`.
pub const FULL: i32 = 64;

fn non_pawn_material(pos: &Chess, color: Color) -> i32 {
    let b = pos.board();
    let ours = b.by_color(color);
    [(Role::Knight, 3), (Role::Bishop, 3), (Role::Rook, 5), (Role::Queen, 9)]
        .iter()
        .map(|&(r, v)| (b.by_role(r) & ours).count() as i32 * v)
        .sum()
}

/// How much of the endgame score `strong` (the side ahead) can convert.
pub fn scale_factor(pos: &Chess, strong: Color) -> i32 {
    let b = pos.board();
    let weak = !strong;
    let strong_pawns = (b.pawns() & b.by_color(strong)).count();
    let (npm_strong, npm_weak) = (non_pawn_material(pos, strong), non_pawn_material(pos, weak));
    // No pawns and at most a minor piece up: usually a draw (KR v KB, KBN… aside).
    if strong_pawns == 0 && npm_strong - npm_weak <= 3 {
        return if npm_strong <= 3 { 0 } else { FULL / 8 };
    }
    // Opposite-coloured bishops, nothing else but pawns: very drawish.
    let bishops = b.bishops();
    let only_bishops = npm_strong == 3 && npm_weak == 3 && (b.knights() | b.rooks() | b.queens()).is_empty();
    if only_bishops && bishops.count() == 2 {
        let light = (bishops & Bitboard::LIGHT_SQUARES).count();
        if light == 1 {
            return FULL / 2;
        }
    }
    FULL
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tests::pos;

    #[test]
    fn drawish_material_is_scaled_down() {
        assert_eq!(scale_factor(&pos("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), Color::White), 0);
        assert_eq!(scale_factor(&pos("4k3/8/8/8/8/8/3r4/2B1K1R1 w - - 0 1"), Color::White), FULL / 8);
        // Opposite bishops with pawns.
        assert_eq!(scale_factor(&pos("4k3/5b2/8/8/8/8/P4B2/4K3 w - - 0 1"), Color::White), FULL / 2);
        // Same-coloured bishops are not drawish.
        assert_eq!(scale_factor(&pos("4k3/4b3/8/8/8/8/P4B2/4K3 w - - 0 1"), Color::White), FULL);
        assert_eq!(scale_factor(&pos("4k3/8/8/8/8/8/P7/3QK3 w - - 0 1"), Color::White), FULL);
    }
}
