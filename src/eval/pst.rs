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
     -11,   0,  16,  32,  58,  48,  20, -11,
     -13,   3,  -2,  11,  17,  16,   2, -19,
     -19, -13,   0,   1,   4,   5,   0, -27,
     -20, -16, -13, -18,  -9,   0,  22, -15,
     -20,  -7, -15, -15, -16,  17,  31, -18,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const EG_PAWN: [i32; 64] = [
       0,   0,   0,   0,   0,   0,   0,   0,
     155, 163, 157, 134, 147, 132, 159, 164,
      62,  74,  68,  54,  52,  41,  63,  60,
      25,   4,   6,  -9,  -5,   3,  10,  12,
      17,   5,  -8, -12,  -8,  -1,  -1,   3,
       6,  -5,   0,   5,   4,   6, -14,  -4,
      20,   8,  16,  16,  19,  15,  -2,   2,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const MG_KNIGHT: [i32; 64] = [
    -166, -89, -34, -49,  61, -97, -15,-107,
     -68, -40,  67,  36,  23,  62,   7, -17,
     -47,  54,  37,  58,  78, 122,  71,  43,
      -7,  16,  24,  45,  25,  64,  20,  30,
       1,   5,  21,  20,  23,  26,  19,   4,
     -23,  -4,   5,  10,  20,  16,  21, -21,
     -29, -53, -12,   8,   6,   8, -14, -15,
    -105, -13, -58, -31, -15, -24,  -9, -21,
];
#[rustfmt::skip]
const EG_KNIGHT: [i32; 64] = [
     -58, -38, -13, -28, -31, -27, -63, -99,
     -24,  -8, -23,  -2,  -9, -25, -24, -52,
     -24, -19,   9,  11,  -2, -15, -19, -41,
     -12,   2,  18,  22,  21,   9,  10, -14,
     -16,  -6,  20,  21,  18,  17,   5, -12,
     -24,  -2,  -3,  15,  10,  -3, -16, -26,
     -42, -20, -11,  -4,  -4, -21, -23, -44,
     -29, -47, -23, -14, -21, -15, -45, -63,
];
#[rustfmt::skip]
const MG_BISHOP: [i32; 64] = [
     -29,   4, -82, -37, -25, -42,   7,  -8,
     -24,  16, -16, -13,  29,  56,  18, -47,
     -13,  33,  41,  32,  36,  50,  37,   4,
      -5,  24,  18,  42,  33,  37,  19,  -3,
       2,   6,  14,  22,  33,  14,  13,   9,
       5,  20,  11,  11,   3,  18,  19,   6,
       7,  11,  16,  -1,   9,  24,  19,   8,
     -28,   1,  -4, -20, -11, -12, -39, -19,
];
#[rustfmt::skip]
const EG_BISHOP: [i32; 64] = [
     -14, -17,  -9,  -8,  -7,  -8, -17, -24,
      -8,  -2,  11,  -6,  -5, -13,  -2, -13,
       3,  -6,  -3,  -3,   0,   8,   0,   6,
      -4,   7,   9,   8,  16,   4,   6,   1,
      -4,   1,  17,  16,   4,  15,  -2,  -9,
      -9,   0,  10,   6,  19,  -4,  -5, -15,
     -14, -16,  -8,   1,  -1, -10, -15, -27,
     -19,  -9, -13,  -4,  -4, -13,  -5, -17,
];
#[rustfmt::skip]
const MG_ROOK: [i32; 64] = [
      32,  42,  33,  50,  63,   9,  31,  43,
      27,  31,  55,  61,  80,  67,  26,  42,
       0,  20,  28,  36,  19,  45,  61,  16,
     -20,  -8,  11,  25,  25,  36,  -6, -17,
     -27, -25, -13,  -4,   7,  -7,   5, -24,
     -35, -25, -15, -18,  -6, -10, -13, -31,
     -38, -18, -22, -11,  -7,   7,  -7, -70,
      -7, -10,  -2,   5,   9,   9, -30, -13,
];
#[rustfmt::skip]
const EG_ROOK: [i32; 64] = [
       9,  10,  19,  10,  10,  18,  11,   8,
      14,  14,   9,  10,  -3,   1,   9,   1,
      17,  13,  11,   6,   7,  -2,  -6,   2,
      16,  14,  19,   3,   1,   2,   2,   4,
      13,  12,   8,   7,  -6,  -4,  -7, -11,
       5,   1,   0,   2,  -7, -13,  -8, -14,
      -6, -10,  -2,  -3, -13, -18, -12,  -3,
      -6,  -1,  -4,  -8, -17, -12,   5, -21,
];
#[rustfmt::skip]
const MG_QUEEN: [i32; 64] = [
     -27,   0,  29,  12,  59,  44,  44,  45,
     -19, -35,  -7,   1, -16,  57,  21,  51,
     -12, -16,   7,   8,  26,  57,  45,  48,
     -27, -20,  -9,  -9,  -3,  15,  -3,  -5,
       2, -21,  -6,  -5,  -4,  -4,   1, -12,
     -14,   4,  -6,  -2,  -4,   1,   2,  -4,
     -35,  -9,   8,   7,   9,   8,  -2,   1,
      -3, -19,  -3,  10, -15, -24, -31, -50,
];
#[rustfmt::skip]
const EG_QUEEN: [i32; 64] = [
      -9,  22,  22,  27,  27,  19,  10,  20,
     -16,  23,  32,  41,  58,  25,  30,   0,
     -20,   6,  10,  49,  47,  36,  19,   2,
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
       2,   9,  -6, -56, -36, -19,  12,  13,
     -15,  27,  16, -55,  -4, -33,  20,  10,
];
#[rustfmt::skip]
const EG_KING: [i32; 64] = [
     -78, -35, -18, -18, -11,  15,   4, -24,
     -12,  17,  14,  17,  17,  31,  23,   3,
       3,  12,  23,  16,  21,  36,  34,  11,
     -11,  18,  24,  30,  28,  33,  21,  -3,
     -18,  -5,  20,  29,  33,  25,  10,  -9,
     -17,  -5,  12,  23,  24,  17,   6,  -9,
     -24,  -4,   7,  16,  14,  10,  -4, -16,
     -46, -32, -14,  -5, -27, -10, -23, -46,
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
