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
      95, 131,  61,  95,  68, 126,  34, -15,
     -10,   5,  20,  33,  62,  52,  22, -14,
     -11,   7,   2,  18,  27,  16,  11, -22,
     -19, -10,   1,  10,  12,  10,   5, -25,
     -20, -12, -12, -18,  -9,   0,  26, -16,
     -21,  -3, -19, -20, -18,  16,  36, -19,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const EG_PAWN: [i32; 64] = [
       0,   0,   0,   0,   0,   0,   0,   0,
     166, 167, 157, 134, 147, 132, 163, 174,
      76,  86,  76,  60,  56,  46,  71,  68,
      29,  11,  11,  -2,  -3,   0,   7,  11,
      21,   9,  -6, -13,  -7,  -2,  -3,   1,
      10,  -4,   1,   8,   3,   6, -14,  -3,
      26,  10,  17,  14,  19,  17,  -2,   5,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const MG_KNIGHT: [i32; 64] = [
    -166, -89, -34, -49,  61, -97, -15,-107,
     -72, -40,  71,  36,  23,  62,   7, -17,
     -47,  58,  37,  62,  81, 126,  74,  43,
      -8,  19,  20,  49,  23,  68,  16,  26,
      -5,   5,  17,  20,  25,  21,  19,  -2,
     -24,  -8,   7,  10,  22,  17,  26, -21,
     -29, -53, -10,   6,   4,  12, -14, -17,
    -105, -16, -58, -32, -19, -25, -13, -21,
];
#[rustfmt::skip]
const EG_KNIGHT: [i32; 64] = [
     -58, -38, -13, -28, -31, -27, -63, -99,
     -24,  -8, -23,  -2,  -9, -25, -24, -52,
     -24, -19,   9,  11,  -2, -11, -19, -41,
     -15,   5,  18,  22,  20,   9,  10, -16,
     -16,  -6,  20,  24,  17,  17,   5, -16,
     -24,  -2,  -3,  15,  10,  -2, -16, -26,
     -42, -20, -11,  -4,  -4, -21, -23, -44,
     -29, -51, -23, -15, -21, -15, -49, -63,
];
#[rustfmt::skip]
const MG_BISHOP: [i32; 64] = [
     -29,   4, -82, -37, -25, -42,   7,  -8,
     -25,  16, -16, -13,  29,  57,  18, -47,
     -15,  34,  43,  35,  36,  50,  37,   2,
      -6,  16,  18,  46,  35,  37,   8,  -3,
      -2,   9,  10,  24,  32,  11,  10,   6,
       3,  19,  17,   9,   5,  25,  21,   9,
       4,  13,  15,   0,  10,  24,  29,   5,
     -32,  -2,  -7, -20, -11, -12, -39, -19,
];
#[rustfmt::skip]
const EG_BISHOP: [i32; 64] = [
     -14, -20,  -9,  -8,  -7,  -8, -17, -24,
      -8,  -2,  11,  -8,  -5, -13,  -2, -13,
       3,  -6,  -1,  -3,   0,   7,   0,   6,
      -4,   7,   9,  10,  17,   8,   3,   1,
      -4,   1,  14,  17,   4,  15,  -2,  -9,
     -10,   0,  12,   7,  19,  -2,  -5, -15,
     -14, -16,  -8,  -1,   1, -10, -16, -27,
     -23,  -9, -18,  -4,  -7, -15,  -5, -17,
];
#[rustfmt::skip]
const MG_ROOK: [i32; 64] = [
      32,  42,  33,  50,  63,   9,  31,  43,
      27,  31,  56,  61,  80,  67,  26,  42,
      -2,  20,  28,  36,  19,  45,  61,  16,
     -22,  -8,  11,  25,  25,  36,  -6, -19,
     -31, -25, -11,  -1,   7,  -7,   5, -24,
     -39, -25, -15, -16,  -2,  -6,  -9, -32,
     -39, -18, -22, -11,  -5,   9,  -7, -70,
      -6, -10,   1,   6,   8,   8, -36, -16,
];
#[rustfmt::skip]
const EG_ROOK: [i32; 64] = [
       9,  10,  19,  12,  12,  15,  11,   8,
      11,  13,   9,  10,  -3,   2,   8,   1,
      13,  10,  11,   6,   7,  -2,  -6,  -2,
      11,  10,  19,   2,   2,   2,   1,   3,
       9,   8,   8,   7,  -6,  -4,  -7, -12,
       2,   1,  -3,   2,  -7, -13,  -8, -15,
      -6, -10,  -2,  -3, -12, -13, -12,  -3,
      -5,   4,  -2,  -7, -13, -12,   5, -21,
];
#[rustfmt::skip]
const MG_QUEEN: [i32; 64] = [
     -27,   0,  29,  12,  59,  44,  44,  45,
     -20, -37,  -7,   1, -16,  57,  25,  54,
     -12, -16,   7,   8,  26,  57,  47,  52,
     -27, -24, -13, -13,  -3,  15,  -3,  -1,
      -1, -23,  -9,  -8,  -4,  -4,   1,  -8,
     -14,   4,  -7,  -2,  -6,   2,   7,   0,
     -35, -11,   8,   4,   7,   9,  -2,   1,
      -3, -19,  -6,  14, -15, -24, -31, -50,
];
#[rustfmt::skip]
const EG_QUEEN: [i32; 64] = [
      -9,  22,  22,  27,  27,  19,  10,  20,
     -16,  22,  32,  41,  58,  25,  30,   0,
     -20,   6,  10,  49,  47,  36,  19,   6,
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
       2,   9,  -6, -60, -40, -17,  11,  11,
     -15,  31,  16, -55,   2, -31,  21,  11,
];
#[rustfmt::skip]
const EG_KING: [i32; 64] = [
     -74, -35, -18, -18, -11,  15,   4, -20,
     -12,  17,  14,  17,  17,  35,  23,   7,
       7,  16,  23,  16,  20,  39,  37,  11,
     -11,  19,  24,  29,  24,  32,  21,  -3,
     -18,  -5,  20,  29,  33,  25,   9, -11,
     -16,  -4,  12,  24,  24,  15,   7,  -9,
     -24,  -4,   7,  14,  14,   8,  -1, -12,
     -50, -34, -18,  -8, -31, -12, -24, -46,
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
