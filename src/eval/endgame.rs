//! Endgame knowledge: material that cannot win (or hardly can) pulls the
//! score towards a draw, so does a fifty-move clock that runs, and
//! against a bare king the score says how to make progress towards mate.

use shakmaty::{Bitboard, Chess, Color, File, Position, Rank, Role, Square};

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
    // Both dead draws need a defender without pawns: most positions
    // have some, and then neither rule is looked at.
    let defender_has_pawns = (b.pawns() & b.by_color(weak)).any();
    if !defender_has_pawns && (lone_knights(pos, strong) || wrong_bishop(pos, strong)) {
        return 0;
    }
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

/// Two knights (or one) and nothing else cannot force mate on a king
/// without pawns (the caller has checked the defender has none).
fn lone_knights(pos: &Chess, strong: Color) -> bool {
    let b = pos.board();
    let pieces = b.by_color(strong) & !b.kings();
    pieces.any() && (pieces & !b.knights()).is_empty()
}

/// Pawns on one rook file only, with no piece but a bishop that does not
/// cover their queening square (or no piece at all), against a king
/// without pawns on or next to that square: it cannot be driven out, a
/// dead draw however many pawns. (The caller has checked the defender
/// has no pawns: one taken by a rook pawn makes a pawn of another file.)
fn wrong_bishop(pos: &Chess, strong: Color) -> bool {
    let b = pos.board();
    let pawns = b.pawns() & b.by_color(strong);
    if pawns.is_empty() {
        return false;
    }
    let Some(file) = [File::A, File::H].into_iter().find(|&f| (pawns & !Bitboard::from(f)).is_empty()) else {
        return false;
    };
    let last_rank = if strong == Color::White { Rank::Eighth } else { Rank::First };
    let promotion = Square::from_coords(file, last_rank);
    let pieces = b.by_color(strong) & !b.kings() & !b.pawns();
    let bishop_covers = |bishop: Square| bishop.is_light() == promotion.is_light();
    let helpless = match (pieces.count(), pieces.first()) {
        (0, _) => true,
        (1, Some(sq)) if b.bishops().contains(sq) => !bishop_covers(sq),
        _ => false,
    };
    helpless && b.king_of(!strong).is_some_and(|k| k.distance(promotion) <= 1)
}

/// Mop-up against a bare king (White's view, centipawns): drive the lone
/// king to the edge and bring our king close. Won material alone does not
/// say how to mate, so without this a low-depth search shuffles in KQK or
/// KRK until the fifty-move rule or a repetition ends the game; with it,
/// every move that makes progress scores better. Zero unless one side has
/// only its king and the other a rook's worth of pieces, not just knights.
pub fn mop_up(pos: &Chess) -> i32 {
    let b = pos.board();
    for strong in [Color::White, Color::Black] {
        let weak = !strong;
        let bare = b.by_color(weak) == b.kings() & b.by_color(weak);
        if !bare {
            continue;
        }
        let only_knights = (b.by_color(strong) & !b.kings() & !b.knights()).is_empty();
        if !only_knights && non_pawn_material(pos, strong) >= 5 {
            let (Some(ours), Some(theirs)) = (b.king_of(strong), b.king_of(weak)) else { return 0 };
            let bonus = MOP_UP_EDGE * center_distance(theirs) + MOP_UP_KINGS * (14 - manhattan(ours, theirs));
            return if strong == Color::White { bonus } else { -bonus };
        }
    }
    0
}

/// An edge that has not turned into a capture or a pawn move for many
/// moves is less likely ever to be converted, and the fifty-move rule
/// will end the game at zero: the eval fades toward a draw as the clock
/// runs, from its full value at 0 plies to half of it at 100. Capturing
/// or pushing a pawn restores it, so the search prefers progress. The
/// search applies it to the eval; the tuner fits the eval without it, as
/// its positions' clocks say little about their scores.
pub fn fifty_move_fade(eval: i32, halfmoves: u32) -> i32 {
    let clock = halfmoves.min(100) as i32;
    eval * (200 - clock) / 200
}

/// Mop-up weight per step of the lone king away from the centre (0…6).
/// A step of progress must outweigh what else moves the eval between
/// shuffling moves (king placement, the fifty-move fade, scores the TT
/// kept from earlier searches): at 10 and 8 cp a step the engine mated in
/// 141 of 200 random KRK/KQK starts at 1,000 nodes a move; at 40 and 30,
/// in 198.
const MOP_UP_EDGE: i32 = 40;
/// Mop-up weight per step the kings close in on each other (0…14).
const MOP_UP_KINGS: i32 = 30;

/// Manhattan distance from the nearest of the four centre squares.
fn center_distance(sq: Square) -> i32 {
    let file = sq.file().distance(File::D).min(sq.file().distance(File::E));
    let rank = sq.rank().distance(Rank::Fourth).min(sq.rank().distance(Rank::Fifth));
    (file + rank) as i32
}

fn manhattan(a: Square, b: Square) -> i32 {
    (a.file().distance(b.file()) + a.rank().distance(b.rank())) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tests::pos;

    #[test]
    fn the_eval_fades_as_the_fifty_move_clock_runs() {
        assert_eq!(fifty_move_fade(300, 0), 300);
        assert_eq!(fifty_move_fade(300, 50), 225);
        assert_eq!(fifty_move_fade(-300, 100), -150);
        assert_eq!(fifty_move_fade(-300, 140), -150);
    }

    #[test]
    fn mop_up_wants_the_lone_king_cornered_and_the_kings_close() {
        let centre = mop_up(&pos("8/8/8/3k4/8/8/8/2Q1K3 w - - 0 1"));
        let edge = mop_up(&pos("3k4/8/8/8/8/8/8/2Q1K3 w - - 0 1"));
        let close = mop_up(&pos("3k4/8/3K4/8/8/8/8/2Q5 w - - 0 1"));
        assert!(0 < centre && centre < edge && edge < close, "{centre} {edge} {close}");
        // Black's mop-up is the mirror image.
        assert_eq!(mop_up(&pos("2q1k3/8/8/8/8/8/8/3K4 w - - 0 1")), -edge);
        // Not against a king with a pawn, nor with only knights or a minor.
        assert_eq!(mop_up(&pos("3k4/3p4/8/8/8/8/8/2Q1K3 w - - 0 1")), 0);
        assert_eq!(mop_up(&pos("3k4/8/8/8/8/8/8/1NN1K3 w - - 0 1")), 0);
        assert_eq!(mop_up(&pos("3k4/8/8/8/8/8/8/2B1K3 w - - 0 1")), 0);
        assert!(mop_up(&pos("3k4/8/8/8/8/8/8/R3K3 w - - 0 1")) > 0);
    }

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

    #[test]
    fn two_knights_and_the_wrong_bishop_are_dead_draws() {
        use crate::eval::evaluate;
        assert_eq!(evaluate(&pos("8/8/8/8/2N5/3K4/2N5/2k5 b - - 0 1")), 0);
        // h-pawns queen on h8, a dark square the light bishop never covers.
        assert_eq!(evaluate(&pos("7k/8/8/7P/8/3B3P/8/6K1 w - - 0 1")), 0);
        let right = evaluate(&pos("7k/8/8/7P/8/4B2P/8/6K1 w - - 0 1"));
        assert!(right > 300, "the dark bishop covers h8: {right}");
        // Nor is it drawn while the defending king is away from the corner.
        assert!(evaluate(&pos("8/8/8/7P/3k4/3B4/8/6K1 w - - 0 1")) > 100);
        // Rook pawns alone, the king in front of them; Black's a-pawns queen on a1.
        assert_eq!(evaluate(&pos("k7/8/P7/P7/8/8/8/6K1 w - - 0 1")), 0);
        assert_eq!(evaluate(&pos("8/8/8/8/p7/p7/8/K5k1 b - - 0 1")), 0);
        // A defending pawn on the knight's file can be taken into a new file.
        assert_ne!(evaluate(&pos("7k/6p1/8/7P/8/3B3P/8/6K1 w - - 0 1")), 0);
    }
}
