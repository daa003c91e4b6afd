//! Piece-square tables, started from PeSTO's published middlegame/endgame
//! values (Ronald Friederich's "Piece-Square Tables Only" evaluation).
//!
//! They were a well-measured starting point: material and placement alone
//! already play sound chess. PeSTO fitted them for an evaluation with
//! nothing else in it, so once the other terms were in, the tables were
//! refitted together with their weights on Intrigue's own games
//! (`intrigue tune … placement`, see docs/measurements.md); the material
//! values stay PeSTO's. The tables
//! are written as a diagram from White's side (index 0 is a8), so White
//! reads square `sq ^ 56` and Black reads `sq` directly.

/// Middlegame and endgame material, indexed by `Role as usize - 1`
/// (pawn, knight, bishop, rook, queen, king).
pub const MG_VALUE: [i32; 6] = [82, 337, 365, 477, 1025, 0];
pub const EG_VALUE: [i32; 6] = [94, 281, 297, 512, 936, 0];

/// How much each piece counts towards "still a middlegame" (24 = full).
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub const PHASE_MAX: i32 = 24;

#[rustfmt::skip]
const MG_PAWN: [i32; 64] = [
       0,   0,   0,   0,   0,   0,   0,   0,
      93, 131,  61,  95,  68, 126,  34, -15,
     -11,  -2,  15,  31,  57,  47,  20, -11,
     -12,   2,  -3,  10,  14,  15,   1, -18,
     -19, -14,   0,   0,   3,   4,  -2, -26,
     -21, -16, -13, -17,  -8,   0,  21, -16,
     -19,  -7, -15, -15, -15,  16,  30, -16,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const EG_PAWN: [i32; 64] = [
       0,   0,   0,   0,   0,   0,   0,   0,
     152, 162, 157, 134, 147, 132, 158, 162,
      60,  71,  66,  52,  51,  40,  61,  58,
      24,   4,   5, -10,  -5,   2,  11,  12,
      16,   5,  -8, -12,  -8,  -1,  -1,   3,
       6,  -5,   0,   5,   4,   6, -14,  -3,
      20,   8,  16,  16,  19,  15,  -2,   2,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const MG_KNIGHT: [i32; 64] = [
    -166, -89, -34, -49,  61, -97, -15,-107,
     -67, -40,  66,  36,  23,  62,   7, -17,
     -47,  53,  37,  57,  78, 121,  71,  43,
      -6,  17,  25,  45,  25,  63,  21,  30,
       2,   5,  22,  19,  22,  27,  19,   5,
     -22,  -3,   5,  10,  19,  15,  20, -20,
     -29, -53, -12,   8,   5,   7, -14, -15,
    -105, -12, -58, -31, -14, -24, -10, -21,
];
#[rustfmt::skip]
const EG_KNIGHT: [i32; 64] = [
     -58, -38, -13, -28, -31, -27, -63, -99,
     -24,  -8, -23,  -2,  -9, -25, -24, -52,
     -24, -19,   9,  11,  -2, -16, -19, -41,
     -12,   2,  18,  22,  21,   9,  10, -14,
     -16,  -6,  20,  20,  18,  17,   5, -11,
     -24,  -2,  -3,  15,  10,  -4, -16, -26,
     -42, -20, -11,  -4,  -4, -21, -23, -44,
     -29, -46, -23, -14, -21, -15, -44, -63,
];
#[rustfmt::skip]
const MG_BISHOP: [i32; 64] = [
     -29,   4, -82, -37, -25, -42,   7,  -8,
     -24,  15, -16, -13,  29,  56,  18, -47,
     -12,  33,  40,  32,  36,  50,  37,   5,
      -5,  25,  18,  42,  33,  37,  21,  -3,
       3,   6,  16,  22,  34,  14,  13,   9,
       5,  21,  10,  12,   4,  16,  18,   6,
       8,  11,  16,  -1,   8,  23,  18,   8,
     -27,   2,  -5, -20, -11, -13, -39, -19,
];
#[rustfmt::skip]
const EG_BISHOP: [i32; 64] = [
     -14, -17,  -9,  -8,  -7,  -8, -17, -24,
      -8,  -3,  11,  -6,  -5, -13,  -2, -13,
       3,  -6,  -3,  -3,   0,   8,   0,   6,
      -4,   7,   9,   8,  16,   4,   6,   1,
      -4,   1,  17,  16,   4,  15,  -2,  -9,
      -9,   0,   9,   6,  19,  -5,  -5, -15,
     -14, -16,  -8,   2,  -1, -10, -15, -27,
     -18,  -9, -13,  -4,  -4, -12,  -5, -17,
];
#[rustfmt::skip]
const MG_ROOK: [i32; 64] = [
      32,  42,  33,  50,  63,   9,  31,  43,
      27,  31,  54,  61,  80,  67,  26,  42,
       0,  20,  27,  36,  19,  45,  61,  16,
     -20,  -8,  11,  25,  25,  36,  -6, -17,
     -26, -25, -13,  -4,   7,  -7,   5, -24,
     -34, -25, -15, -19,  -7, -10, -13, -31,
     -37, -18, -22, -11,  -7,   7,  -7, -70,
      -7, -10,  -2,   4,   9,   8, -29, -11,
];
#[rustfmt::skip]
const EG_ROOK: [i32; 64] = [
       9,  10,  18,  10,   9,  18,  11,   8,
      14,  14,   9,   9,  -3,   1,   9,   1,
      17,  13,  11,   6,   7,  -2,  -6,   2,
      17,  15,  19,   3,   1,   2,   3,   5,
      14,  13,   9,   7,  -6,  -3,  -7, -10,
       6,   2,   1,   2,  -7, -13,  -8, -13,
      -6, -10,  -2,  -3, -13, -19, -12,  -3,
      -7,  -2,  -4,  -8, -17, -13,   5, -21,
];
#[rustfmt::skip]
const MG_QUEEN: [i32; 64] = [
     -27,   0,  29,  12,  59,  44,  44,  45,
     -19, -34,  -7,   1, -16,  57,  20,  50,
     -11, -16,   7,   8,  25,  57,  45,  47,
     -26, -19,  -8,  -8,  -3,  14,  -3,  -5,
       1, -20,  -6,  -4,  -4,  -4,   1, -13,
     -14,   5,  -5,  -2,  -4,   1,   1,  -5,
     -34,  -8,   8,   8,   9,   8,  -2,   1,
      -3, -19,  -3,  10, -15, -24, -31, -50,
];
#[rustfmt::skip]
const EG_QUEEN: [i32; 64] = [
      -9,  22,  22,  27,  27,  19,  10,  20,
     -16,  23,  32,  41,  58,  25,  30,   0,
     -20,   6,  10,  49,  47,  36,  19,   1,
       3,  22,  24,  46,  57,  40,  57,  36,
     -17,  29,  19,  47,  31,  34,  38,  23,
     -16, -26,  15,   6,   7,  16,   9,   5,
     -22, -25, -32, -16, -16, -25, -36, -32,
     -34, -28, -22, -43,  -5, -32, -20, -41,
];
#[rustfmt::skip]
const MG_KING: [i32; 64] = [
     -65,  23,  16, -15, -56, -34,   2,  13,
      29,  -1, -20,  -7,  -8,  -4, -38, -29,
      -9,  24,   2, -16, -20,   6,  20, -22,
     -17, -20, -12, -27, -30, -25, -14, -37,
     -49,  -1, -27, -39, -44, -44, -33, -51,
     -14, -13, -22, -45, -43, -29, -13, -26,
       2,   9,  -6, -55, -35, -20,  12,  14,
     -15,  27,  15, -55,  -4, -33,  20,  10,
];
#[rustfmt::skip]
const EG_KING: [i32; 64] = [
     -79, -35, -18, -18, -11,  15,   4, -25,
     -12,  17,  14,  17,  17,  30,  23,   2,
       3,  11,  23,  16,  21,  36,  33,  11,
     -11,  18,  24,  30,  29,  33,  21,  -3,
     -18,  -5,  20,  29,  33,  25,  11,  -9,
     -17,  -5,  12,  23,  24,  17,   5,  -9,
     -24,  -4,   7,  16,  14,  10,  -4, -17,
     -45, -31, -14,  -5, -26,  -9, -23, -46,
];

pub const MG_TABLES: [&[i32; 64]; 6] = [&MG_PAWN, &MG_KNIGHT, &MG_BISHOP, &MG_ROOK, &MG_QUEEN, &MG_KING];
pub const EG_TABLES: [&[i32; 64]; 6] = [&EG_PAWN, &EG_KNIGHT, &EG_BISHOP, &EG_ROOK, &EG_QUEEN, &EG_KING];

/// Material plus placement, folded into one table per (colour, role, square)
/// at compile time so the evaluation does one lookup per piece.
pub struct Psqt {
    pub mg: [[[i32; 64]; 6]; 2],
    pub eg: [[[i32; 64]; 6]; 2],
}

const fn build() -> Psqt {
    let mut t = Psqt { mg: [[[0; 64]; 6]; 2], eg: [[[0; 64]; 6]; 2] };
    let mut role = 0;
    while role < 6 {
        let mut sq = 0;
        while sq < 64 {
            // colour index 0 = White (mirrored lookup), 1 = Black.
            t.mg[0][role][sq] = MG_VALUE[role] + MG_TABLES[role][sq ^ 56];
            t.eg[0][role][sq] = EG_VALUE[role] + EG_TABLES[role][sq ^ 56];
            t.mg[1][role][sq] = MG_VALUE[role] + MG_TABLES[role][sq];
            t.eg[1][role][sq] = EG_VALUE[role] + EG_TABLES[role][sq];
            sq += 1;
        }
        role += 1;
    }
    t
}

pub static PSQT: Psqt = build();
