//! Bitboard masks the evaluation asks about: files, spans ahead of a pawn,
//! king zones. Built once at compile time.

use shakmaty::{Bitboard, Color, Square};

pub const FILE_A: u64 = 0x0101_0101_0101_0101;

pub const fn file_mask(file: usize) -> u64 {
    FILE_A << file
}

/// Files a to d, c to f, and e to h.
pub const QUEEN_SIDE: Bitboard = Bitboard(FILE_A * 0x0f);
pub const CENTER_FILES: Bitboard = Bitboard(FILE_A * 0x3c);
pub const KING_SIDE: Bitboard = Bitboard(FILE_A * 0xf0);

pub const fn adjacent_files(file: usize) -> u64 {
    let mut m = 0;
    if file > 0 {
        m |= file_mask(file - 1);
    }
    if file < 7 {
        m |= file_mask(file + 1);
    }
    m
}

/// All squares on ranks strictly ahead of `rank` from `white`'s view.
const fn ranks_ahead(white: bool, rank: usize) -> u64 {
    if white {
        if rank == 7 {
            0
        } else {
            !0u64 << (8 * (rank + 1))
        }
    } else if rank == 0 {
        0
    } else {
        !0u64 >> (8 * (8 - rank))
    }
}

struct Tables {
    /// Squares ahead on the same file: what a pawn must pass.
    front_span: [[u64; 64]; 2],
    /// Squares ahead on the same and adjacent files: a pawn is passed when
    /// no enemy pawn stands there.
    passed_span: [[u64; 64]; 2],
    /// Squares ahead on adjacent files: where enemy pawns could attack an
    /// outpost from.
    attack_span: [[u64; 64]; 2],
    /// Squares at exactly each king-move distance (0 to 7) from a square.
    ring: [[u64; 8]; 64],
}

const fn build() -> Tables {
    let mut t = Tables { front_span: [[0; 64]; 2], passed_span: [[0; 64]; 2], attack_span: [[0; 64]; 2], ring: [[0; 8]; 64] };
    let mut from: usize = 0;
    while from < 64 {
        let mut to: usize = 0;
        while to < 64 {
            let files = (from % 8).abs_diff(to % 8);
            let ranks = (from / 8).abs_diff(to / 8);
            t.ring[from][if files > ranks { files } else { ranks }] |= 1 << to;
            to += 1;
        }
        from += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 64 {
            let (file, rank) = (sq % 8, sq / 8);
            let ahead = ranks_ahead(c == 0, rank);
            t.front_span[c][sq] = ahead & file_mask(file);
            t.attack_span[c][sq] = ahead & adjacent_files(file);
            t.passed_span[c][sq] = t.front_span[c][sq] | t.attack_span[c][sq];
            sq += 1;
        }
        c += 1;
    }
    t
}

static TABLES: Tables = build();

/// Colour index used throughout the evaluation: White 0, Black 1.
#[inline]
pub fn ci(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// `squares` moved one rank towards `color`'s enemy (off the board at the
/// last rank).
#[inline]
pub fn forward(color: Color, squares: Bitboard) -> Bitboard {
    match color {
        Color::White => Bitboard(squares.0 << 8),
        Color::Black => Bitboard(squares.0 >> 8),
    }
}

/// The squares pawns of `color` standing on `squares` attack towards the
/// a-file and towards the h-file, apart: a square in both is attacked by
/// two pawns.
#[inline]
pub fn pawn_attacks_by_side(color: Color, squares: Bitboard) -> [Bitboard; 2] {
    let ahead = forward(color, squares).0;
    [Bitboard((ahead & !FILE_A) >> 1), Bitboard((ahead & !file_mask(7)) << 1)]
}

/// The squares pawns of `color` standing on `squares` attack, all at once.
#[inline]
pub fn pawn_attacks_from(color: Color, squares: Bitboard) -> Bitboard {
    let [towards_a, towards_h] = pawn_attacks_by_side(color, squares);
    towards_a | towards_h
}

/// Every square pawns of `color` standing on `pawns` attack now or could
/// attack after advancing: the union of their attack spans, by a fill
/// instead of a loop over the pawns.
#[inline]
pub fn pawn_attack_reach(color: Color, pawns: Bitboard) -> Bitboard {
    let mut reach = pawn_attacks_from(color, pawns);
    reach |= forward(color, reach);
    reach |= forward(color, forward(color, reach));
    reach | forward(color, forward(color, forward(color, forward(color, reach))))
}

#[inline]
pub fn front_span(color: Color, sq: Square) -> Bitboard {
    Bitboard(TABLES.front_span[ci(color)][sq as usize])
}

#[inline]
pub fn passed_span(color: Color, sq: Square) -> Bitboard {
    Bitboard(TABLES.passed_span[ci(color)][sq as usize])
}

#[inline]
pub fn attack_span(color: Color, sq: Square) -> Bitboard {
    Bitboard(TABLES.attack_span[ci(color)][sq as usize])
}

/// The king-move distance from `sq` to the nearest of `squares`, if any:
/// one table lookup per distance tried instead of one per square.
#[inline]
pub fn nearest_distance(sq: Square, squares: Bitboard) -> Option<u32> {
    if squares.is_empty() {
        return None;
    }
    let rings = &TABLES.ring[sq as usize];
    (0..8).find(|&d| rings[d] & squares.0 != 0).map(|d| d as u32)
}

/// Rank from `color`'s side: 0 is its back rank, 7 the promotion rank.
#[inline]
pub fn relative_rank(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.rank() as usize,
        Color::Black => 7 - sq.rank() as usize,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawn_attacks_from_a_set_match_shakmaty_square_by_square() {
        use shakmaty::attacks::pawn_attacks;
        let pawns = Bitboard(0x00ff_0000_0000_ff00 | 0x0000_0081_8100_0000);
        for color in [Color::White, Color::Black] {
            let one_by_one = pawns.into_iter().fold(Bitboard(0), |acc, sq| acc | pawn_attacks(color, sq));
            assert_eq!(pawn_attacks_from(color, pawns), one_by_one, "{color:?}");
        }
    }

    #[test]
    fn the_fill_reaches_what_the_pawns_attack_spans_do() {
        for pawns in [Bitboard(0x00ff_0000_0000_ff00), Bitboard(0x0000_0081_8100_0000), Bitboard(0x0010_2000_0408_0100), Bitboard(0)] {
            for color in [Color::White, Color::Black] {
                let one_by_one = pawns.into_iter().fold(Bitboard(0), |acc, sq| acc | attack_span(color, sq));
                assert_eq!(pawn_attack_reach(color, pawns), one_by_one, "{color:?} {pawns:?}");
            }
        }
    }

    #[test]
    fn the_nearest_distance_agrees_with_measuring_every_square() {
        let sets = [0x0000_0000_0000_ff00u64, 0x0081_0000_0000_8100, 0x8000_0000_0000_0000, 0x0000_0010_0800_0000, 0];
        for sq in Square::ALL {
            for &set in &sets {
                let brute = Bitboard(set).into_iter().map(|p| sq.distance(p)).min();
                assert_eq!(nearest_distance(sq, Bitboard(set)), brute, "{sq} {set:#x}");
            }
        }
    }

    #[test]
    fn spans_point_forward() {
        assert_eq!(front_span(Color::White, Square::E2), Bitboard::from_file(shakmaty::File::E) & !Bitboard(0xffff));
        assert!(passed_span(Color::Black, Square::D7).contains(Square::C1));
        assert!(!passed_span(Color::Black, Square::D7).contains(Square::D8));
        assert!(attack_span(Color::White, Square::A4).contains(Square::B8));
        assert!(!attack_span(Color::White, Square::A4).contains(Square::A8));
        assert_eq!(front_span(Color::White, Square::E8), Bitboard(0));
    }
}
