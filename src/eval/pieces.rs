//! Piece activity: mobility, the bishop pair, rooks on open files, the
//! seventh rank and the queens' files, outposts and knights one jump from
//! one, trapped rooks, space, the king's distance to the pawns, the
//! minors' distance to their king, and bishops on the long diagonals and
//! facing enemy pawns.

use shakmaty::{attacks, Bitboard, Color, Role};

use super::context::Ctx;
use super::masks::{ci, file_mask, forward, nearest_distance, pawn_attack_reach, relative_rank};
use super::score::S;

/// Squares a piece can use: not our own, not covered by enemy pawns.
fn mobility_area(ctx: &Ctx, color: Color) -> Bitboard {
    !ctx.pieces[ci(color)] & !ctx.pawn_attacks(!color)
}

/// Knights, bishops, rooks and queens by the squares they reach. Each
/// count has its own fitted value, since the worth of a square is not
/// constant: a knight's third square frees it far more than a queen's
/// twentieth square helps her, and a piece with one or two squares is
/// close to trapped.
pub fn mobility(ctx: &Ctx, color: Color) -> S {
    let area = mobility_area(ctx, color);
    let mut total = S::ZERO;
    for p in ctx.pieces_attacks.iter().filter(|p| p.color == color) {
        let n = (p.attacks & area).count();
        total += match p.role {
            Role::Knight => ctx.p.knight_mobility[n],
            Role::Bishop => ctx.p.bishop_mobility[n],
            Role::Rook => ctx.p.rook_mobility[n],
            Role::Queen => ctx.p.queen_mobility[n],
            Role::Pawn | Role::King => S::ZERO,
        };
    }
    total
}

/// Two bishops cover both colours of squares.
pub fn bishop_pair(ctx: &Ctx, color: Color) -> S {
    let bishops = ctx.ours(color, Role::Bishop);
    if (bishops & Bitboard::LIGHT_SQUARES).any() && (bishops & Bitboard::DARK_SQUARES).any() {
        ctx.p.bishop_pair
    } else {
        S::ZERO
    }
}

/// Rooks on files with no pawns (open) or no pawns of ours (semi-open).
pub fn rooks_on_files(ctx: &Ctx, color: Color) -> S {
    let c = ci(color);
    let mut total = S::ZERO;
    for sq in ctx.ours(color, Role::Rook) {
        let file = Bitboard(file_mask(sq.file() as usize));
        if (file & ctx.pawns[c]).is_empty() {
            total += if (file & ctx.pawns[1 - c]).is_empty() { ctx.p.rook_open_file } else { ctx.p.rook_semi_open_file };
        }
    }
    total
}

/// Rooks on the seventh rank, where the enemy pawns start.
pub fn rooks_on_seventh(ctx: &Ctx, color: Color) -> S {
    let n = ctx.ours(color, Role::Rook).into_iter().filter(|&sq| relative_rank(color, sq) == 6).count() as i32;
    ctx.p.rook_on_seventh * n
}

/// Squares on the enemy half (our fourth to sixth ranks) that one of our
/// pawns defends and no enemy pawn can ever attack: a piece there can
/// only be driven off by trading a piece for it.
fn outpost_squares(ctx: &Ctx, color: Color) -> Bitboard {
    let enemy_reach = pawn_attack_reach(!color, ctx.pawns[ci(!color)]);
    let ranks = match color {
        Color::White => Bitboard(0x0000_ffff_ff00_0000),
        Color::Black => Bitboard(0x0000_00ff_ffff_0000),
    };
    ranks & ctx.pawn_attacks(color) & !enemy_reach
}

/// Knights and bishops on one of our outpost `squares`.
pub fn outposts(ctx: &Ctx, color: Color, squares: Bitboard) -> S {
    ctx.p.knight_outpost * (ctx.ours(color, Role::Knight) & squares).count() as i32
        + ctx.p.bishop_outpost * (ctx.ours(color, Role::Bishop) & squares).count() as i32
}

/// Knights not on one of our outpost `squares` that could jump to one
/// next move (one not already taken by a piece of ours): the outpost is
/// theirs for a tempo.
pub fn reachable_outposts(ctx: &Ctx, color: Color, squares: Bitboard) -> S {
    let free = squares & !ctx.pieces[ci(color)];
    if free.is_empty() {
        return S::ZERO;
    }
    let n = (ctx.ours(color, Role::Knight) & !squares).into_iter().filter(|&sq| (attacks::knight_attacks(sq) & free).any()).count();
    ctx.p.reachable_outpost * n as i32
}

/// Own pawns on the squares of a bishop's colour, per bishop: they block
/// it and leave the other colour's squares to the enemy.
pub fn bishop_pawns(ctx: &Ctx, color: Color) -> S {
    let pawns = ctx.pawns[ci(color)];
    let mut n = 0;
    for sq in ctx.ours(color, Role::Bishop) {
        let shade = if Bitboard::LIGHT_SQUARES.contains(sq) { Bitboard::LIGHT_SQUARES } else { Bitboard::DARK_SQUARES };
        n += (pawns & shade).count() as i32;
    }
    ctx.p.bishop_pawns * n
}

/// Knights and bishops just behind one of our pawns: shielded from
/// frontal attack, and the pawn is protected from the front.
pub fn minor_behind_pawn(ctx: &Ctx, color: Color) -> S {
    let minors = ctx.ours(color, Role::Knight) | ctx.ours(color, Role::Bishop);
    let behind_our_pawns = forward(!color, ctx.pawns[ci(color)]);
    ctx.p.minor_behind_pawn * (minors & behind_our_pawns).count() as i32
}

/// Files c to f, ranks 2 to 4 from White's side (the centre of our half).
const WHITE_SPACE: Bitboard = Bitboard(0x3c3c3c00);
/// The same for Black, ranks 7 to 5.
const BLACK_SPACE: Bitboard = Bitboard(0x003c3c3c_00000000);

/// Room to manoeuvre behind our pawns: central squares of our half that
/// our pawns leave free and enemy pawns do not attack, counting twice
/// those up to three squares behind a pawn of ours that the enemy does not
/// reach at all. Space matters while there are pieces to use it, so it is
/// weighted by the square of our piece count (pawns and king included).
pub fn space(ctx: &Ctx, color: Color) -> S {
    let (us, them) = (ci(color), ci(!color));
    let area = if color == Color::White { WHITE_SPACE } else { BLACK_SPACE };
    let safe = area & !ctx.pawns[us] & !ctx.pawn_attacks(!color);
    let mut behind = ctx.pawns[us];
    behind |= forward(!color, behind);
    behind |= forward(!color, forward(!color, behind));
    let bonus = (safe.count() + (behind & safe & !ctx.attacks[them]).count()) as i32;
    let weight = ctx.pieces[us].count() as i32 - 1;
    ctx.p.space * (bonus * weight * weight / 64)
}

/// Our king's distance to the nearest pawn of either colour: in the
/// endgame the king attacks and defends pawns, and far from them it does
/// neither.
pub fn king_pawn_distance(ctx: &Ctx, color: Color) -> S {
    let nearest = nearest_distance(ctx.king[ci(color)], ctx.pawns[0] | ctx.pawns[1]);
    nearest.map_or(S::ZERO, |d| ctx.p.king_pawn_distance * d as i32)
}

/// Each knight's and each bishop's king-move distance from our own king:
/// minors near the king guard its zone, far away they guard nothing there.
pub fn king_protector(ctx: &Ctx, color: Color) -> S {
    let king = ctx.king[ci(color)];
    let distance = |role| ctx.ours(color, role).into_iter().map(|sq| sq.distance(king) as i32).sum::<i32>();
    ctx.p.knight_protector * distance(Role::Knight) + ctx.p.bishop_protector * distance(Role::Bishop)
}

/// d4, e4, d5 and e5.
const CENTER: Bitboard = Bitboard(0x0000_0018_1800_0000);
/// The a1–h8 and h1–a8 diagonals.
const LONG_DIAGONALS: Bitboard = Bitboard(0x8040_2010_0804_0201 | 0x0102_0408_1020_4080);

/// Bishops on a long diagonal that see both of its central squares past
/// every piece (pawns alone block): they bear on the centre and on the
/// far corner at once.
pub fn long_diagonal_bishop(ctx: &Ctx, color: Color) -> S {
    let pawns = ctx.pawns[0] | ctx.pawns[1];
    let n = (ctx.ours(color, Role::Bishop) & LONG_DIAGONALS)
        .into_iter()
        .filter(|&sq| (attacks::bishop_attacks(sq, pawns) & CENTER).count() >= 2)
        .count();
    ctx.p.long_diagonal_bishop * n as i32
}

/// Rooks with three squares or fewer that stand on the outer side of our
/// king (towards the nearer corner): the king itself walls them in, and
/// freeing them costs moves.
pub fn trapped_rooks(ctx: &Ctx, color: Color) -> S {
    let king_file = ctx.king[ci(color)].file() as u32;
    let outer = |file: u32| if king_file < 4 { file < king_file } else { file >= king_file };
    let area = mobility_area(ctx, color);
    let n = ctx
        .ours(color, Role::Rook)
        .into_iter()
        .filter(|&sq| outer(sq.file() as u32) && (attacks::rook_attacks(sq, ctx.occupied) & area).count() <= 3)
        .count();
    ctx.p.trapped_rook * n as i32
}

/// Rooks on a file with a queen of either side: the file will open onto
/// her, or she stands behind the rook as a battery.
pub fn rooks_on_queen_file(ctx: &Ctx, color: Color) -> S {
    let queens = ctx.board.queens();
    if queens.is_empty() {
        return S::ZERO;
    }
    let n = ctx.ours(color, Role::Rook).into_iter().filter(|sq| (Bitboard(file_mask(sq.file() as usize)) & queens).any()).count();
    ctx.p.rook_on_queen_file * n as i32
}

/// Enemy pawns on our bishops' diagonals, seen through everything. They
/// stand on the bishop's colour and block its diagonals once the men
/// between move away; the fit makes each a small cost, as Stockfish's
/// classical evaluation does.
pub fn bishop_xray_pawns(ctx: &Ctx, color: Color) -> S {
    let enemy_pawns = ctx.pawns[ci(!color)];
    let n: u32 = ctx
        .ours(color, Role::Bishop)
        .into_iter()
        .map(|sq| (attacks::bishop_attacks(sq, Bitboard::EMPTY) & enemy_pawns).count() as u32)
        .sum();
    ctx.p.bishop_xray_pawns * n as i32
}

/// All piece terms, White's view.
pub fn piece_activity(ctx: &Ctx) -> S {
    ctx.white_minus_black(|ctx, color| {
        let outpost_squares = outpost_squares(ctx, color);
        mobility(ctx, color)
            + bishop_pair(ctx, color)
            + rooks_on_files(ctx, color)
            + rooks_on_seventh(ctx, color)
            + outposts(ctx, color, outpost_squares)
            + bishop_pawns(ctx, color)
            + minor_behind_pawn(ctx, color)
            + space(ctx, color)
            + king_pawn_distance(ctx, color)
            + king_protector(ctx, color)
            + long_diagonal_bishop(ctx, color)
            + reachable_outposts(ctx, color, outpost_squares)
            + trapped_rooks(ctx, color)
            + rooks_on_queen_file(ctx, color)
            + bishop_xray_pawns(ctx, color)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::params::PARAMS;
    use crate::eval::tests::term;

    #[test]
    fn a_centralised_knight_is_more_mobile_than_a_cornered_one() {
        let (centre_fen, corner_fen) = ("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
        let (centre, corner) = (term(mobility, centre_fen, Color::White), term(mobility, corner_fen, Color::White));
        assert_eq!(centre, PARAMS.knight_mobility[8]);
        assert_eq!(corner, PARAMS.knight_mobility[2]);
        assert!(centre.mg() > corner.mg(), "{centre:?} {corner:?}");
        // In the endgame the fitted mobility hardly tells eight squares
        // from two; the knight's square carries the centre's worth, and
        // together they prefer it.
        let placed = |fen| crate::eval::material_and_placement(&crate::eval::tests::pos(fen)).0 + term(mobility, fen, Color::White);
        assert!(placed(centre_fen).eg() > placed(corner_fen).eg() + 20, "{:?} {:?}", placed(centre_fen), placed(corner_fen));
        // The fitted tables still pay for every square up to a piece's usual
        // count: a trapped piece is never worth more than a free one.
        let [knight, bishop, rook] = crate::eval::params::ORDERED_MOBILITY;
        for (table, usual) in
            [(&PARAMS.knight_mobility[..], knight), (&PARAMS.bishop_mobility[..], bishop), (&PARAMS.rook_mobility[..], rook)]
        {
            let mg: Vec<i32> = table[..usual].iter().map(|s| s.mg()).collect();
            assert!(mg.windows(2).all(|w| w[1] >= w[0]), "{mg:?}");
        }
    }

    #[test]
    fn space_counts_safe_central_squares_behind_the_pawns() {
        // No pawns: c3..f4 and c2..f2, twelve squares, none behind a pawn;
        // four pieces make a weight of 3² / 64, which rounds to nothing.
        assert_eq!(term(space, "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1", Color::White), S::ZERO);
        // The full set of pieces: a weight of 15². From the start, c3..f4
        // are safe; after d4 and e4, so are d2, e2, c3, d3, e3, f3, c4, f4,
        // and d2, d3, e2, e3 count twice, being behind the new pawns.
        let s = term(space, "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 1", Color::White);
        let start = term(space, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Color::White);
        assert_eq!(start, PARAMS.space * (8 * 15 * 15 / 64));
        assert_eq!(s, PARAMS.space * (12 * 15 * 15 / 64));
    }

    #[test]
    fn the_king_is_measured_to_the_nearest_pawn() {
        assert_eq!(term(king_pawn_distance, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", Color::White), PARAMS.king_pawn_distance * 4);
        assert_eq!(term(king_pawn_distance, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", Color::White), S::ZERO);
    }

    #[test]
    fn bishop_pair_needs_both_colours() {
        assert_eq!(term(bishop_pair, "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", Color::White), PARAMS.bishop_pair);
        assert_eq!(term(bishop_pair, "4k3/8/8/8/8/8/8/1B2KB2 w - - 0 1", Color::White), S::ZERO);
    }

    #[test]
    fn rooks_like_open_files_and_the_seventh() {
        assert_eq!(term(rooks_on_files, "4k3/p7/8/8/8/8/7P/R3K3 w - - 0 1", Color::White), PARAMS.rook_semi_open_file);
        assert_eq!(term(rooks_on_files, "4k3/8/8/8/8/8/7P/R3K3 w - - 0 1", Color::White), PARAMS.rook_open_file);
        assert_eq!(term(rooks_on_files, "4k3/p7/8/8/8/8/P7/R3K3 w - - 0 1", Color::White), S::ZERO);
        assert_eq!(term(rooks_on_seventh, "4k3/R7/8/8/8/8/8/4K3 w - - 0 1", Color::White), PARAMS.rook_on_seventh);
    }

    #[test]
    fn a_supported_knight_beyond_enemy_pawns_is_an_outpost() {
        assert_eq!(
            term(|ctx, color| outposts(ctx, color, outpost_squares(ctx, color)), "4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", Color::White),
            PARAMS.knight_outpost
        );
        // An enemy pawn on c7 can still drive it away.
        assert_eq!(
            term(|ctx, color| outposts(ctx, color, outpost_squares(ctx, color)), "4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", Color::White),
            S::ZERO
        );
    }

    #[test]
    fn pawns_on_the_bishops_colour_hem_it_in() {
        // c1 is dark; d2 and b2 are dark, c2 is light.
        assert_eq!(term(bishop_pawns, "4k3/8/8/8/8/8/1PPP4/2B1K3 w - - 0 1", Color::White), PARAMS.bishop_pawns * 2);
        assert_eq!(term(bishop_pawns, "4k3/8/8/8/8/8/2P5/2B1K3 w - - 0 1", Color::White), S::ZERO);
        assert!(PARAMS.bishop_pawns.mg() < 0 || PARAMS.bishop_pawns.eg() < 0);
    }

    #[test]
    fn a_minor_behind_its_pawn_is_shielded() {
        assert_eq!(term(minor_behind_pawn, "4k3/8/8/8/4P3/4N3/8/4K3 w - - 0 1", Color::White), PARAMS.minor_behind_pawn);
        assert_eq!(term(minor_behind_pawn, "4k3/8/8/4p3/4N3/8/8/4K3 w - - 0 1", Color::White), S::ZERO);
        assert_eq!(term(minor_behind_pawn, "4k3/4b3/4p3/8/8/8/8/4K3 w - - 0 1", Color::Black), PARAMS.minor_behind_pawn);
    }

    #[test]
    fn minors_are_counted_by_their_distance_from_our_king() {
        // The knight on a1 is four king moves from e1, the bishop on e3 two.
        let far = term(king_protector, "4k3/8/8/8/8/4B3/8/N3K3 w - - 0 1", Color::White);
        assert_eq!(far, PARAMS.knight_protector * 4 + PARAMS.bishop_protector * 2);
        assert_eq!(term(king_protector, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", Color::White), S::ZERO);
        assert!(PARAMS.knight_protector.mg() < 0 && PARAMS.bishop_protector.mg() < 0);
    }

    #[test]
    fn a_bishop_on_a_long_diagonal_must_see_both_central_squares() {
        // b2 sees d4 and e5; pieces do not block the view, pawns do.
        assert_eq!(term(long_diagonal_bishop, "4k3/8/8/8/8/8/1B6/4K3 w - - 0 1", Color::White), PARAMS.long_diagonal_bishop);
        assert_eq!(term(long_diagonal_bishop, "4k3/8/8/8/3n4/8/1B6/4K3 w - - 0 1", Color::White), PARAMS.long_diagonal_bishop);
        assert_eq!(term(long_diagonal_bishop, "4k3/8/8/8/8/2P5/1B6/4K3 w - - 0 1", Color::White), S::ZERO);
        // Off the long diagonals.
        assert_eq!(term(long_diagonal_bishop, "4k3/8/8/8/8/8/8/1B2K3 w - - 0 1", Color::White), S::ZERO);
        assert!(PARAMS.long_diagonal_bishop.mg() > 0);
    }

    #[test]
    fn a_knight_one_jump_from_an_outpost_can_reach_it() {
        // The knight on c3 reaches d5, which e4 defends and no black pawn can attack.
        assert_eq!(
            term(
                |ctx, color| reachable_outposts(ctx, color, outpost_squares(ctx, color)),
                "4k3/8/8/8/4P3/2N5/8/4K3 w - - 0 1",
                Color::White
            ),
            PARAMS.reachable_outpost
        );
        // A black pawn on c7 can attack d5 (and b5).
        assert_eq!(
            term(
                |ctx, color| reachable_outposts(ctx, color, outpost_squares(ctx, color)),
                "4k3/2p5/8/8/4P3/2N5/8/4K3 w - - 0 1",
                Color::White
            ),
            S::ZERO
        );
        // Standing on the outpost already is the outpost term's, not this one's.
        assert_eq!(
            term(
                |ctx, color| reachable_outposts(ctx, color, outpost_squares(ctx, color)),
                "4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1",
                Color::White
            ),
            S::ZERO
        );
        assert!(PARAMS.reachable_outpost.mg() > 0);
    }

    #[test]
    fn a_rook_walled_in_by_its_own_king_is_trapped() {
        // After Kf1 the rook on h1 has g1 and h2-h3 only (g2, h4 blocked by pawns).
        assert_eq!(term(trapped_rooks, "4k3/8/8/8/7P/8/6P1/5K1R w - - 0 1", Color::White), PARAMS.trapped_rook);
        // On the king's inner side the same rook is not behind the king.
        assert_eq!(term(trapped_rooks, "4k3/8/8/8/8/8/P7/R1K5 w - - 0 1", Color::White), PARAMS.trapped_rook);
        assert_eq!(term(trapped_rooks, "4k3/8/8/8/8/8/P7/R3K3 w - - 0 1", Color::White), S::ZERO);
        assert!(PARAMS.trapped_rook.mg() < 0);
    }

    #[test]
    fn rooks_and_queens_on_one_file() {
        assert_eq!(term(rooks_on_queen_file, "3qk3/8/8/8/8/8/8/3RK3 w - - 0 1", Color::White), PARAMS.rook_on_queen_file);
        assert_eq!(term(rooks_on_queen_file, "2q1k3/8/8/8/8/8/8/3RK3 w - - 0 1", Color::White), S::ZERO);
        assert!(PARAMS.rook_on_queen_file.mg() > 0);
    }

    #[test]
    fn a_bishop_sees_enemy_pawns_on_its_diagonals_through_everything() {
        // The c1 bishop's diagonals hold g5 (behind the d2 pawn) and a3.
        let n = term(bishop_xray_pawns, "4k3/8/8/6p1/8/p7/3P4/2B1K3 w - - 0 1", Color::White);
        assert_eq!(n, PARAMS.bishop_xray_pawns * 2);
        assert_eq!(term(bishop_xray_pawns, "4k3/8/8/7p/8/8/8/2B1K3 w - - 0 1", Color::White), S::ZERO);
        assert!(PARAMS.bishop_xray_pawns.mg() < 0);
    }
}
