//! Pawn structure: passed, isolated, doubled, backward and connected
//! pawns, weak pawns on half-open files, blocked pawns, and pawns
//! defending pawns.

use shakmaty::{attacks, Bitboard, Color, Role, Square};

use super::context::Ctx;
use super::masks::{adjacent_files, attack_span, ci, file_mask, forward, front_span, passed_span, pawn_attacks_by_side, relative_rank};
use super::score::S;

fn stop_square(color: Color, sq: Square) -> Option<Square> {
    sq.offset(if color == Color::White { 8 } else { -8 })
}

/// Pawns of `color` with no enemy pawn ahead on their own or a
/// neighbouring file, and no pawn of ours in front of them.
pub fn passers(ctx: &Ctx, color: Color) -> Bitboard {
    let c = ci(color);
    ctx.pawns[c]
        .into_iter()
        .filter(|&sq| (passed_span(color, sq) & ctx.pawns[1 - c]).is_empty() && (front_span(color, sq) & ctx.pawns[c]).is_empty())
        .collect()
}

/// Passed pawns, with their rank, a free path and both kings' distance to
/// the square in front.
pub fn passed_pawns(ctx: &Ctx, color: Color) -> S {
    passed_pawn_bonus(ctx, color, passers(ctx, color))
}

/// The passed-pawn bonus for known passers (the cacheable part of the
/// passed-pawn term is finding them; the rest depends on kings and pieces).
pub fn passed_pawn_bonus(ctx: &Ctx, color: Color, passers: Bitboard) -> S {
    let c = ci(color);
    let mut total = S::ZERO;
    for sq in passers {
        let rank = relative_rank(color, sq);
        total += ctx.p.passed[rank];
        if (front_span(color, sq) & ctx.occupied).is_empty() {
            total += ctx.p.free_path[rank];
        }
        if let Some(stop) = stop_square(color, sq) {
            let weight = rank.saturating_sub(2) as i32;
            let theirs = ctx.king[1 - c].distance(stop).min(5) as i32;
            let ours = ctx.king[c].distance(stop).min(5) as i32;
            total += (ctx.p.king_distance_theirs * theirs + ctx.p.king_distance_ours * ours) * weight;
            total += passer_stop_square(ctx, color, stop, rank);
        }
        total += rook_behind_passer(ctx, color, sq);
    }
    total
}

/// What stands on the square in front of a passer: an enemy piece there
/// blockades it; an empty square the enemy does not win lets it advance.
pub fn passer_stop_square(ctx: &Ctx, color: Color, stop: Square, rank: usize) -> S {
    if ctx.pieces[ci(!color)].contains(stop) {
        ctx.p.passer_blockaded
    } else if !ctx.occupied.contains(stop) && ctx.held(color).contains(stop) {
        ctx.p.passer_safe_advance[rank]
    } else {
        S::ZERO
    }
}

/// A rook of ours behind the passer on its file, with nothing between:
/// it pushes the pawn on and keeps guarding it as it advances.
pub fn rook_behind_passer(ctx: &Ctx, color: Color, sq: Square) -> S {
    let behind = attacks::rook_attacks(sq, ctx.occupied) & front_span(!color, sq) & ctx.ours(color, Role::Rook);
    if behind.any() {
        ctx.p.rook_behind_passer
    } else {
        S::ZERO
    }
}

/// No pawn of ours on either neighbouring file.
fn is_isolated(ctx: &Ctx, color: Color, sq: Square) -> bool {
    (Bitboard(adjacent_files(sq.file() as usize)) & ctx.pawns[ci(color)]).is_empty()
}

/// No neighbour can still come up to support the pawn, and an enemy pawn
/// controls its stop square.
fn is_backward(ctx: &Ctx, color: Color, sq: Square) -> bool {
    let supporters = Bitboard(adjacent_files(sq.file() as usize)) & ctx.pawns[ci(color)];
    // Supporters level with or behind this pawn could still come up.
    let behind_or_level = supporters & !attack_span(color, sq);
    behind_or_level.is_empty() && stop_square(color, sq).is_some_and(|stop| ctx.pawn_attacks(!color).contains(stop))
}

/// Pawns with no friendly pawn on either neighbouring file.
pub fn isolated_pawns(ctx: &Ctx, color: Color) -> S {
    let n = ctx.pawns[ci(color)].into_iter().filter(|&sq| is_isolated(ctx, color, sq)).count() as i32;
    ctx.p.isolated * n
}

/// Each pawn beyond the first on a file.
pub fn doubled_pawns(ctx: &Ctx, color: Color) -> S {
    let c = ci(color);
    let extra: i32 = (0..8).map(|f| ((Bitboard(file_mask(f)) & ctx.pawns[c]).count() as i32 - 1).max(0)).sum();
    ctx.p.doubled * extra
}

/// Pawns that can no longer be supported by a neighbour and whose stop
/// square an enemy pawn controls.
pub fn backward_pawns(ctx: &Ctx, color: Color) -> S {
    let n = ctx.pawns[ci(color)].into_iter().filter(|&sq| is_backward(ctx, color, sq)).count() as i32;
    ctx.p.backward * n
}

/// Isolated or backward pawns with no enemy pawn in front of them: the
/// file before them is half open, and enemy rooks attack them down it.
pub fn weak_unopposed_pawns(ctx: &Ctx, color: Color) -> S {
    let enemy_pawns = ctx.pawns[ci(!color)];
    let n = ctx.pawns[ci(color)]
        .into_iter()
        .filter(|&sq| (front_span(color, sq) & enemy_pawns).is_empty())
        .filter(|&sq| is_isolated(ctx, color, sq) || is_backward(ctx, color, sq))
        .count() as i32;
    ctx.p.weak_unopposed * n
}

/// Our pawns on the fifth or sixth rank with an enemy pawn right in front:
/// stuck, they gain no more space and fix the squares our pieces need.
pub fn blocked_pawns(ctx: &Ctx, color: Color) -> S {
    let (us, them) = (ci(color), ci(!color));
    let fifth_and_sixth = match color {
        Color::White => Bitboard(0x0000_ffff_0000_0000),
        Color::Black => Bitboard(0x0000_0000_ffff_0000),
    };
    let blocked = ctx.pawns[us] & fifth_and_sixth & forward(!color, ctx.pawns[them]);
    ctx.p.blocked_pawn * blocked.count() as i32
}

/// Per pawn of ours, the pawns of ours defending it (none, one or two):
/// the links of a chain hold each other.
pub fn pawn_support(ctx: &Ctx, color: Color) -> S {
    let pawns = ctx.pawns[ci(color)];
    let [towards_a, towards_h] = pawn_attacks_by_side(color, pawns);
    ctx.p.pawn_support * ((towards_a & pawns).count() + (towards_h & pawns).count()) as i32
}

/// Pawns defended by a pawn or standing beside one.
pub fn connected_pawns(ctx: &Ctx, color: Color) -> S {
    let c = ci(color);
    let mut total = S::ZERO;
    for sq in ctx.pawns[c] {
        let defended = (attacks::pawn_attacks(!color, sq) & ctx.pawns[c]).any();
        let rank_mask = Bitboard::from_rank(sq.rank());
        let phalanx = (Bitboard(adjacent_files(sq.file() as usize)) & rank_mask & ctx.pawns[c]).any();
        if defended || phalanx {
            total += ctx.p.connected[relative_rank(color, sq)];
        }
    }
    total
}

/// What depends on the pawns alone (cached by the search's pawn cache):
/// the skeleton terms, White's view, and each side's passers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PawnInfo {
    pub skeleton: S,
    pub passers: [Bitboard; 2],
}

/// Isolated, doubled, backward and connected pawns for both sides, and
/// the passers.
pub fn pawn_info(ctx: &Ctx) -> PawnInfo {
    PawnInfo {
        skeleton: ctx.white_minus_black(|ctx, color| {
            isolated_pawns(ctx, color)
                + doubled_pawns(ctx, color)
                + backward_pawns(ctx, color)
                + weak_unopposed_pawns(ctx, color)
                + blocked_pawns(ctx, color)
                + pawn_support(ctx, color)
                + connected_pawns(ctx, color)
        }),
        passers: [passers(ctx, Color::White), passers(ctx, Color::Black)],
    }
}

/// All pawn-structure terms, White's view, from the pawn-only part.
pub fn pawn_structure_from(ctx: &Ctx, info: &PawnInfo) -> S {
    info.skeleton + passed_pawn_bonus(ctx, Color::White, info.passers[0]) - passed_pawn_bonus(ctx, Color::Black, info.passers[1])
}

/// All pawn-structure terms, White's view.
pub fn pawn_structure(ctx: &Ctx) -> S {
    pawn_structure_from(ctx, &pawn_info(ctx))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::params::PARAMS;
    use crate::eval::tests::term;

    #[test]
    fn a_passer_is_worth_more_with_the_kings_on_its_side() {
        let alone = term(passed_pawns, "7k/8/1P6/8/8/8/8/7K w - - 0 1", Color::White);
        let caught = term(passed_pawns, "2k5/8/1P6/8/8/8/8/7K w - - 0 1", Color::White);
        let escorted = term(passed_pawns, "7k/8/1P6/K7/8/8/8/8 w - - 0 1", Color::White);
        assert!(alone.eg() > caught.eg(), "{alone:?} {caught:?}");
        assert!(escorted.eg() > alone.eg(), "{escorted:?} {alone:?}");
    }

    #[test]
    fn a_passed_pawn_is_worth_more_further_up() {
        // Both kings five or more squares from either stop square, so the
        // king-distance terms are equal and only the rank differs.
        let far = term(passed_pawns, "7k/8/1P6/8/8/8/8/7K w - - 0 1", Color::White);
        let near = term(passed_pawns, "7k/8/8/8/8/1P6/8/7K w - - 0 1", Color::White);
        assert!(far.eg() > near.eg() && near.eg() > 0, "{far:?} {near:?}");
        // Blocked by an enemy pawn ahead: not passed.
        assert_eq!(term(passed_pawns, "4k3/1p6/8/8/8/1P6/8/4K3 w - - 0 1", Color::White), S::ZERO);
    }

    #[test]
    fn a_passer_is_helped_by_a_rook_behind_and_a_free_stop_square() {
        let rook = term(passed_pawns, "7k/8/8/1P6/8/8/8/1R5K w - - 0 1", Color::White);
        let no_rook = term(passed_pawns, "7k/8/8/1P6/8/8/8/R6K w - - 0 1", Color::White);
        assert_eq!(rook - no_rook, PARAMS.rook_behind_passer);
        // A knight on b6 blockades the pawn; an empty, unattacked b6 lets it advance.
        let pos = crate::eval::tests::pos("7k/8/1n6/1P6/8/8/8/7K w - - 0 1");
        let ctx = Ctx::new(&pos);
        assert_eq!(passer_stop_square(&ctx, Color::White, Square::B6, 4), PARAMS.passer_blockaded);
        let pos = crate::eval::tests::pos("7k/8/8/1P6/8/8/8/7K w - - 0 1");
        let ctx = Ctx::new(&pos);
        assert_eq!(passer_stop_square(&ctx, Color::White, Square::B6, 4), PARAMS.passer_safe_advance[4]);
        // A black rook on b8 wins b6 (nothing of White's guards it).
        let pos = crate::eval::tests::pos("1r5k/8/8/1P6/8/8/8/7K w - - 0 1");
        let ctx = Ctx::new(&pos);
        assert_eq!(passer_stop_square(&ctx, Color::White, Square::B6, 4), S::ZERO);
    }

    #[test]
    fn isolated_and_doubled_pawns_cost() {
        assert_eq!(term(isolated_pawns, "4k3/8/8/8/8/8/P1P5/4K3 w - - 0 1", Color::White), PARAMS.isolated * 2);
        assert_eq!(term(isolated_pawns, "4k3/8/8/8/8/8/PP6/4K3 w - - 0 1", Color::White), S::ZERO);
        assert_eq!(term(doubled_pawns, "4k3/8/8/8/8/P7/P7/4K3 w - - 0 1", Color::White), PARAMS.doubled);
    }

    #[test]
    fn backward_pawn_detected() {
        // d3 pawn: neighbours c4/e4 are ahead, and e5... black pawn on e5? No: c5 controls d4.
        let s = term(backward_pawns, "4k3/8/8/2p5/2P1P3/3P4/8/4K3 w - - 0 1", Color::White);
        assert_eq!(s, PARAMS.backward);
        assert_eq!(term(backward_pawns, "4k3/8/8/8/2P1P3/3P4/8/4K3 w - - 0 1", Color::White), S::ZERO);
    }

    #[test]
    fn an_isolated_or_backward_pawn_without_an_enemy_pawn_in_front_is_weak_and_unopposed() {
        // a2 is isolated with nothing in front; the black pawn on a7 opposes it.
        assert_eq!(term(weak_unopposed_pawns, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", Color::White), PARAMS.weak_unopposed);
        assert_eq!(term(weak_unopposed_pawns, "4k3/p7/8/8/8/8/P7/4K3 w - - 0 1", Color::White), S::ZERO);
        // The backward d3 (c5 controls d4) on a file with no black pawn.
        assert_eq!(term(weak_unopposed_pawns, "4k3/8/8/2p5/2P1P3/3P4/8/4K3 w - - 0 1", Color::White), PARAMS.weak_unopposed);
        // Connected pawns are not weak.
        assert_eq!(term(weak_unopposed_pawns, "4k3/8/8/8/8/8/PP6/4K3 w - - 0 1", Color::White), S::ZERO);
        assert!(PARAMS.weak_unopposed.mg() < 0);
    }

    #[test]
    fn a_pawn_stopped_by_an_enemy_pawn_on_the_fifth_or_sixth_is_blocked() {
        assert_eq!(term(blocked_pawns, "4k3/8/4p3/4P3/8/8/8/4K3 w - - 0 1", Color::White), PARAMS.blocked_pawn);
        assert_eq!(term(blocked_pawns, "4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1", Color::White), S::ZERO);
        // Black's fifth rank is White's fourth.
        assert_eq!(term(blocked_pawns, "4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1", Color::Black), PARAMS.blocked_pawn);
        assert!(PARAMS.blocked_pawn.mg() < 0);
    }

    #[test]
    fn each_pawn_defending_a_pawn_supports_it() {
        // d4 is defended by c3 and e3; c3 and e3 by nothing.
        assert_eq!(term(pawn_support, "4k3/8/8/8/3P4/2P1P3/8/4K3 w - - 0 1", Color::White), PARAMS.pawn_support * 2);
        assert_eq!(term(pawn_support, "4k3/8/8/8/8/2P1P3/8/4K3 w - - 0 1", Color::White), S::ZERO);
        // From Black's side: d5 defended by e6.
        assert_eq!(term(pawn_support, "4k3/8/4p3/3p4/8/8/8/4K3 w - - 0 1", Color::Black), PARAMS.pawn_support);
        assert!(PARAMS.pawn_support.mg() > 0);
    }

    #[test]
    fn connected_pawns_score() {
        assert!(term(connected_pawns, "4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", Color::White).mg() > 0);
        assert_eq!(term(connected_pawns, "4k3/8/8/8/3P3P/8/8/4K3 w - - 0 1", Color::White), S::ZERO);
    }
}
