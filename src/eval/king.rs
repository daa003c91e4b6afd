//! King safety: enemy pieces bearing on the king's zone, safe checks and
//! weak squares, the pawn shield and storm, open files next to the king,
//! a flank without pawns, pins against the king, and our rooks and
//! bishops lined up on the enemy king.

use shakmaty::{attacks, Bitboard, Board, Color, Role, Square};

use super::context::Ctx;
use super::masks::{ci, file_mask, forward, relative_rank, CENTER_FILES, KING_SIDE, QUEEN_SIDE};
use super::score::S;

/// Attack units per attacking piece, by role (knight, bishop, rook, queen).
const ATTACKER_WEIGHT: [usize; 7] = [0, 0, 2, 2, 3, 5, 0];
/// Attack units a safe check adds, by checking piece (knight, bishop,
/// rook, queen): a check the defence cannot stop by capture turns pressure
/// on the zone into a forcing attack.
const SAFE_CHECK_UNITS: [usize; 4] = [3, 2, 4, 3];
/// Attack units taken off when the attacker has no queen: without her,
/// rooks and minors around the king rarely mate.
const NO_QUEEN_UNITS: usize = 4;

/// Penalty for enemy pieces attacking the squares around `color`'s king.
/// One attacker alone is rarely dangerous, so it takes two. The attack's
/// units add up everything that makes it dangerous together: the pieces
/// bearing on the zone and how many zone squares they hit, the safe
/// checks they have, the zone squares only our king defends, and whether
/// their queen is on the board. The penalty is a fitted table over the
/// units rather than a formula: danger grows much faster than any one of
/// these (a queen and a knight with a safe check are worth far more than
/// each alone), and the table lets the tuner find that curve.
pub fn king_attackers(ctx: &Ctx, color: Color, exposure: &Exposure) -> S {
    let them = !color;
    let zone = ctx.king_zone[ci(color)];
    let mut weight = 0;
    let mut hits = 0;
    let mut attackers = 0;
    for p in ctx.pieces_attacks.iter().filter(|p| p.color == them) {
        let h = (p.attacks & zone).count();
        if h > 0 {
            attackers += 1;
            weight += ATTACKER_WEIGHT[p.role as usize];
            hits += h;
        }
    }
    if attackers < 2 {
        return S::ZERO;
    }
    let checks: usize = exposure.checks.iter().zip(SAFE_CHECK_UNITS).filter(|(&c, _)| c).map(|(_, u)| u).sum();
    let units = weight + hits / 2 + checks + exposure.weak.count();
    let units = if ctx.ours(them, Role::Queen).is_empty() { units.saturating_sub(NO_QUEEN_UNITS) } else { units };
    ctx.p.king_attack[units.min(ctx.p.king_attack.len() - 1)]
}

fn king_files(ctx: &Ctx, color: Color) -> impl Iterator<Item = usize> {
    let f = ctx.king[ci(color)].file() as usize;
    f.saturating_sub(1)..=(f + 1).min(7)
}

/// Own pawns just in front of a king that stays home.
pub fn pawn_shield(ctx: &Ctx, color: Color) -> S {
    let c = ci(color);
    if relative_rank(color, ctx.king[c]) > 1 {
        return S::ZERO;
    }
    let mut total = S::ZERO;
    for f in king_files(ctx, color) {
        for sq in Bitboard(file_mask(f)) & ctx.pawns[c] {
            match relative_rank(color, sq) {
                1 => total += ctx.p.shield_near,
                2 => total += ctx.p.shield_far,
                _ => {}
            }
        }
    }
    total
}

/// Files around the king without our pawns are highways for rooks.
pub fn open_files_near_king(ctx: &Ctx, color: Color) -> S {
    let c = ci(color);
    let mut total = S::ZERO;
    for f in king_files(ctx, color) {
        let file = Bitboard(file_mask(f));
        if (file & ctx.pawns[c]).is_empty() {
            total += if (file & ctx.pawns[1 - c]).is_empty() { ctx.p.open_file_near_king } else { ctx.p.semi_open_file_near_king };
        }
    }
    total
}

/// Enemy pawns advancing on the files around `color`'s king: on each
/// file the one nearest our king, valued by how far it has come. A pawn
/// our own pawn blocks head-on cannot open the file and is left out.
pub fn pawn_storm(ctx: &Ctx, color: Color) -> S {
    let (us, them) = (ci(color), ci(!color));
    let blocked = forward(color, ctx.pawns[us]);
    let mut total = S::ZERO;
    for f in king_files(ctx, color) {
        let stormers = Bitboard(file_mask(f)) & ctx.pawns[them];
        let nearest = if color == Color::White { stormers.first() } else { stormers.last() };
        if let Some(sq) = nearest.filter(|&sq| !blocked.contains(sq)) {
            total += ctx.p.pawn_storm[relative_rank(color, sq)];
        }
    }
    total
}

/// What an attack on `color`'s king can use besides the pieces bearing on
/// its zone: the safe checks and the weak zone squares. The king attack,
/// the safe-check and the weak-square terms all read it, so it is worked
/// out once per side.
pub struct Exposure {
    /// Which kinds of enemy piece (knight, bishop, rook, queen) have a
    /// safe check.
    checks: [bool; 4],
    /// Zone squares the enemy attacks and only our king defends.
    weak: Bitboard,
}

impl Exposure {
    pub fn of(ctx: &Ctx, color: Color) -> Exposure {
        Exposure { checks: safe_check_kinds(ctx, color), weak: weak_king_zone(ctx, color) }
    }
}

/// Which kinds of enemy piece (knight, bishop, rook, queen, in that
/// order) have a safe check on `color`'s king: a square from which the
/// piece would check, that such a piece already reaches, and that we do
/// not guard.
fn safe_check_kinds(ctx: &Ctx, color: Color) -> [bool; 4] {
    let (us, them) = (ci(color), ci(!color));
    let king = ctx.king[us];
    let safe = !ctx.attacks[us] & !ctx.pieces[them];
    let bishop_lines = attacks::bishop_attacks(king, ctx.occupied);
    let rook_lines = attacks::rook_attacks(king, ctx.occupied);
    let checks = [
        attacks::knight_attacks(king) & ctx.attacks_by[them][Role::Knight as usize],
        bishop_lines & ctx.attacks_by[them][Role::Bishop as usize],
        rook_lines & ctx.attacks_by[them][Role::Rook as usize],
        (bishop_lines | rook_lines) & ctx.attacks_by[them][Role::Queen as usize],
    ];
    checks.map(|squares| (squares & safe).any())
}

/// A check the enemy can give without losing the piece forces our hand
/// and often wins material or starts a mating net. Each kind of piece
/// counts once, however many such squares it has.
pub fn safe_checks(ctx: &Ctx, exposure: &Exposure) -> S {
    let mut total = S::ZERO;
    for (&check, &weight) in exposure.checks.iter().zip(&ctx.p.safe_check) {
        if check {
            total += weight;
        }
    }
    total
}

/// Squares of `color`'s king zone that the enemy attacks and that only
/// our king (or nothing) defends: the holes an attack comes through.
fn weak_king_zone(ctx: &Ctx, color: Color) -> Bitboard {
    let (us, them) = (ci(color), ci(!color));
    let defended = ctx.attacks_by[us][Role::Pawn as usize]
        | ctx.attacks_by[us][Role::Knight as usize]
        | ctx.attacks_by[us][Role::Bishop as usize]
        | ctx.attacks_by[us][Role::Rook as usize]
        | ctx.attacks_by[us][Role::Queen as usize];
    ctx.king_zone[us] & ctx.attacks[them] & !defended
}

/// Each weak square of the king zone (see `weak_king_zone`) on its own,
/// besides what the squares add to the king attack's units.
pub fn weak_king_squares(ctx: &Ctx, exposure: &Exposure) -> S {
    ctx.p.weak_king_square * exposure.weak.count() as i32
}

/// The files of a king's flank, by the king's file: the three or four
/// files its pawn cover and an attack on it come from.
const KING_FLANK: [Bitboard; 8] = [
    Bitboard(QUEEN_SIDE.0 & !file_mask(3)),
    QUEEN_SIDE,
    QUEEN_SIDE,
    CENTER_FILES,
    CENTER_FILES,
    KING_SIDE,
    KING_SIDE,
    Bitboard(KING_SIDE.0 & !file_mask(4)),
];

/// Our king on a flank where neither side has a pawn: nothing shelters
/// it, and the enemy's rooks and queen reach it along open files.
pub fn pawnless_flank(ctx: &Ctx, color: Color) -> S {
    let flank = KING_FLANK[ctx.king[ci(color)].file() as usize];
    if ((ctx.pawns[0] | ctx.pawns[1]) & flank).is_empty() {
        ctx.p.pawnless_flank
    } else {
        S::ZERO
    }
}

/// Our rooks on a file through the enemy king zone, and our bishops on a
/// diagonal to it past everything but pawns, that do not attack the zone
/// yet: when the line opens, the attack is there.
pub fn king_ring_xrays(ctx: &Ctx, color: Color) -> S {
    let zone = ctx.king_zone[ci(!color)];
    let rooks = ctx
        .ours(color, Role::Rook)
        .into_iter()
        .filter(|&sq| (Bitboard(file_mask(sq.file() as usize)) & zone).any())
        .filter(|&sq| (attacks::rook_attacks(sq, ctx.occupied) & zone).is_empty())
        .count();
    let bishops = ctx
        .ours(color, Role::Bishop)
        .into_iter()
        .filter(|&sq| (attacks::bishop_attacks(sq, ctx.board.pawns()) & zone).any())
        .filter(|&sq| (attacks::bishop_attacks(sq, ctx.occupied) & zone).is_empty())
        .count();
    ctx.p.rook_on_king_ring * rooks as i32 + ctx.p.bishop_on_king_ring * bishops as i32
}

/// The men of `us` that alone stand between `target` and one of
/// `snipers` (enemy bishops, rooks or queens) aiming at it along a line:
/// moving one uncovers the target. The evaluation's pins and interest
/// search's term 16 both ask this.
pub fn lone_blockers(board: &Board, target: Square, us: Color, snipers: Bitboard) -> Bitboard {
    let aiming = (attacks::rook_attacks(target, Bitboard::EMPTY) & board.rooks_and_queens()
        | attacks::bishop_attacks(target, Bitboard::EMPTY) & board.bishops_and_queens())
        & snipers
        & board.by_color(!us);
    let mut blockers = Bitboard::EMPTY;
    for sniper in aiming {
        let between = attacks::between(target, sniper) & board.occupied();
        if between.count() == 1 && (between & board.by_color(us)).any() {
            blockers |= between;
        }
    }
    blockers
}

/// Our pawns and pieces pinned to our king by an enemy bishop, rook or
/// queen: a pinned man neither defends nor moves freely, and it is a
/// target the enemy can pile up on.
pub fn pinned(ctx: &Ctx, color: Color) -> S {
    let pinned = lone_blockers(ctx.board, ctx.king[ci(color)], color, Bitboard::FULL);
    ctx.p.pinned * pinned.count() as i32
}

/// All king-safety terms, White's view.
pub fn king_safety(ctx: &Ctx) -> S {
    ctx.white_minus_black(|ctx, color| {
        let exposure = Exposure::of(ctx, color);
        king_attackers(ctx, color, &exposure)
            + pawn_shield(ctx, color)
            + open_files_near_king(ctx, color)
            + pawn_storm(ctx, color)
            + safe_checks(ctx, &exposure)
            + weak_king_squares(ctx, &exposure)
            + pawnless_flank(ctx, color)
            + pinned(ctx, color)
            + king_ring_xrays(ctx, color)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::params::PARAMS;
    use crate::eval::tests::term;

    #[test]
    fn pieces_swarming_the_king_cost() {
        // Queen and knight on the castled king.
        let attacked = term(
            |ctx, color| king_attackers(ctx, color, &Exposure::of(ctx, color)),
            "r4rk1/ppp2ppp/8/6N1/7Q/8/PPP2PPP/R5K1 b - - 0 1",
            Color::Black,
        );
        assert!(attacked.mg() < -20 && attacked.mg() > -150, "{attacked:?}");
        let quiet = term(
            |ctx, color| king_attackers(ctx, color, &Exposure::of(ctx, color)),
            "r4rk1/ppp2ppp/8/8/8/8/PPP2PPP/R2Q2K1 b - - 0 1",
            Color::Black,
        );
        assert_eq!(quiet, S::ZERO);
        // However the table is fitted, a heavier attack never costs less.
        let mg: Vec<i32> = PARAMS.king_attack.iter().map(|s| s.mg()).collect();
        assert!(mg.windows(2).all(|w| w[1] <= w[0]), "{mg:?}");
    }

    #[test]
    fn a_pawn_shield_helps_and_open_files_hurt() {
        assert_eq!(term(pawn_shield, "4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1", Color::White), PARAMS.shield_near * 3);
        assert_eq!(term(pawn_shield, "4k3/8/8/8/4K3/8/5PPP/8 w - - 0 1", Color::White), S::ZERO);
        assert_eq!(term(open_files_near_king, "4k3/8/8/8/8/8/5P1P/6K1 w - - 0 1", Color::White), PARAMS.open_file_near_king);
    }

    #[test]
    fn pawns_storming_the_king_are_counted_nearest_first_unless_blocked() {
        // h4 storms (h6 behind it does not count again); g3 is stopped by g2.
        let white = term(pawn_storm, "6k1/8/7p/8/7p/6p1/5PPP/6K1 w - - 0 1", Color::White);
        assert_eq!(white, PARAMS.pawn_storm[3]);
        // The same picture from Black's side.
        let black = term(pawn_storm, "6k1/5ppp/6P1/7P/8/7P/8/6K1 b - - 0 1", Color::Black);
        assert_eq!(black, PARAMS.pawn_storm[3]);
        // A king in the centre is not stormed from the wing.
        assert_eq!(term(pawn_storm, "6k1/8/8/8/7p/8/5PPP/3K4 w - - 0 1", Color::White), S::ZERO);
    }

    #[test]
    fn an_unguarded_checking_square_is_a_safe_check() {
        // The rook on d1 can check on d8 and nothing of Black's guards it.
        let open = term(|ctx, color| safe_checks(ctx, &Exposure::of(ctx, color)), "6k1/5ppp/8/8/8/8/8/3R2K1 b - - 0 1", Color::Black);
        assert_eq!(open, PARAMS.safe_check[2]);
        // With a rook on e8 the d8 square no longer sees the king.
        let guarded = term(|ctx, color| safe_checks(ctx, &Exposure::of(ctx, color)), "4r1k1/5ppp/8/8/8/8/8/3R2K1 b - - 0 1", Color::Black);
        assert_eq!(guarded, S::ZERO);
        // Ng4 reaches f6 and h6, Qh5 reaches g5 on the open g-file.
        let both = term(|ctx, color| safe_checks(ctx, &Exposure::of(ctx, color)), "6k1/5p2/8/7Q/6N1/8/8/6K1 b - - 0 1", Color::Black);
        assert_eq!(both, PARAMS.safe_check[0] + PARAMS.safe_check[3]);
        assert!(PARAMS.safe_check.iter().all(|w| w.mg() < 0), "{:?}", PARAMS.safe_check);
    }

    #[test]
    fn king_zone_squares_only_the_king_defends_are_weak() {
        // The b2 bishop hits f6, g7 and h8; only the king guards them.
        let weak = term(|ctx, color| weak_king_squares(ctx, &Exposure::of(ctx, color)), "6k1/5p1p/8/8/8/8/1B6/6K1 b - - 0 1", Color::Black);
        assert_eq!(weak, PARAMS.weak_king_square * 3);
        // A bishop on f8 guards g7.
        let guarded =
            term(|ctx, color| weak_king_squares(ctx, &Exposure::of(ctx, color)), "5bk1/5p1p/8/8/8/8/1B6/6K1 b - - 0 1", Color::Black);
        assert_eq!(guarded, PARAMS.weak_king_square * 2);
        assert!(PARAMS.weak_king_square.mg() < 0);
    }

    #[test]
    fn a_king_on_a_flank_without_pawns_is_bare() {
        // Both kings on g-files, every pawn on the queen's wing.
        let bare = "6k1/ppp5/8/8/8/8/PPP5/6K1 w - - 0 1";
        assert_eq!(term(pawnless_flank, bare, Color::White), PARAMS.pawnless_flank);
        // One pawn on f2 (either side's would do) covers the flank e to h.
        assert_eq!(term(pawnless_flank, "6k1/ppp5/8/8/8/8/PPP2P2/6K1 w - - 0 1", Color::White), S::ZERO);
        assert_eq!(term(pawnless_flank, "6k1/ppp2p2/8/8/8/8/PPP5/6K1 w - - 0 1", Color::White), S::ZERO);
        assert!(PARAMS.pawnless_flank.eg() < 0, "{:?}", PARAMS.pawnless_flank);
    }

    #[test]
    fn a_man_alone_between_our_king_and_an_enemy_slider_is_pinned() {
        // The rook on e8 pins the knight on e2, the bishop on a5 the pawn on d2.
        assert_eq!(term(pinned, "4r1k1/8/8/b7/8/8/3PN3/4K3 w - - 0 1", Color::White), PARAMS.pinned * 2);
        // With two men between, nothing is pinned; nor by a slider off the line.
        assert_eq!(term(pinned, "4r1k1/8/8/8/8/4P3/4N3/4K3 w - - 0 1", Color::White), S::ZERO);
        assert_eq!(term(pinned, "3r2k1/8/8/8/8/8/4N3/4K3 w - - 0 1", Color::White), S::ZERO);
        // An enemy man between is no pin of ours.
        assert_eq!(term(pinned, "4r1k1/8/8/8/8/8/4n3/4K3 w - - 0 1", Color::White), S::ZERO);
        assert!(PARAMS.pinned.mg() < 0 && PARAMS.pinned.eg() < 0, "{:?}", PARAMS.pinned);
    }

    #[test]
    fn rooks_and_bishops_lined_up_on_the_king_zone_without_hitting_it() {
        // The rook on g1 shares the g-file with the king on g8 behind the g2 pawn.
        assert_eq!(term(king_ring_xrays, "6k1/8/8/8/8/8/6P1/4K1R1 w - - 0 1", Color::White), PARAMS.rook_on_king_ring);
        // With the file open it attacks the zone (and checks): the king-attack terms see it.
        assert_eq!(term(king_ring_xrays, "6k1/8/8/8/8/8/8/4K1R1 b - - 0 1", Color::White), S::ZERO);
        // The bishop on b2 sees the zone past the knight on d4, not past a pawn.
        assert_eq!(term(king_ring_xrays, "6k1/8/8/8/3n4/8/1B6/4K3 w - - 0 1", Color::White), PARAMS.bishop_on_king_ring);
        assert_eq!(term(king_ring_xrays, "6k1/8/8/8/3p4/8/1B6/4K3 w - - 0 1", Color::White), S::ZERO);
        assert!(PARAMS.rook_on_king_ring.mg() > 0 && PARAMS.bishop_on_king_ring.mg() > 0);
    }
}
