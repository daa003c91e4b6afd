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
      97, 132,  61,  95,  68, 126,  34, -13,
      -9,   6,  22,  31,  63,  54,  24, -16,
     -11,   8,   2,  15,  21,  14,  15, -24,
     -18, -10,  -7,  12,  15,  11,   9, -23,
     -23, -10,  -7, -12,  -4,   1,  27, -18,
     -21,   5, -19, -20, -16,  17,  40, -26,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const EG_PAWN: [i32; 64] = [
       0,   0,   0,   0,   0,   0,   0,   0,
     172, 170, 158, 134, 147, 132, 164, 181,
      85,  93,  81,  62,  56,  50,  77,  75,
      32,  19,  12,   0,  -3,   2,  11,  12,
      19,  14,  -7, -14,  -6,  -2,  -1,  -1,
      11,   0,   0,  10,  -3,   7, -10,  -3,
      25,  12,  13,  13,  17,  12,   3,   2,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const MG_KNIGHT: [i32; 64] = [
    -166, -89, -34, -49,  61, -97, -15,-107,
     -73, -40,  72,  36,  23,  62,   7, -17,
     -47,  60,  37,  64,  82, 128,  74,  44,
      -8,  20,  19,  51,  24,  69,  14,  24,
      -8,   5,  16,  18,  26,  19,  20,  -5,
     -24, -10,  10,  10,  22,  13,  30, -18,
     -29, -53,  -9,   0,   0,  15, -14, -17,
    -105, -16, -58, -32, -19, -25, -19, -21,
];
#[rustfmt::skip]
const EG_KNIGHT: [i32; 64] = [
     -58, -38, -13, -28, -31, -27, -63, -99,
     -24,  -8, -24,  -2,  -9, -25, -24, -52,
     -24, -19,  10,  11,  -2,  -9, -19, -41,
     -16,   5,  19,  22,  18,   9,   9, -18,
     -16,  -6,  18,  24,  16,  17,   5, -18,
     -23,  -2,  -2,  15,  10,  -3, -17, -25,
     -42, -20,  -9,  -5,  -4, -20, -23, -44,
     -29, -51, -23, -15, -21, -15, -50, -63,
];
#[rustfmt::skip]
const MG_BISHOP: [i32; 64] = [
     -29,   4, -82, -37, -25, -42,   7,  -8,
     -26,  16, -17, -13,  29,  58,  18, -47,
     -15,  34,  43,  37,  36,  50,  37,   0,
      -7,   7,  18,  48,  36,  37,   2,  -3,
      -5,  11,   9,  26,  32,   6,   9,   5,
       3,  18,  16,  10,   8,  27,  21,  11,
       3,  14,  15,   1,  15,  23,  37,   3,
     -33,  -2,  -6, -20, -12, -14, -39, -20,
];
#[rustfmt::skip]
const EG_BISHOP: [i32; 64] = [
     -14, -21, -10,  -8,  -7,  -8, -17, -24,
      -8,  -3,  10, -10,  -5, -13,  -3, -13,
       3,  -7,   0,  -3,  -1,   6,   0,   5,
      -4,   7,  10,   9,  16,   9,   2,   1,
      -5,   1,  11,  18,   4,  13,  -3,  -9,
     -11,  -1,  10,   7,  17,  -1,  -6, -15,
     -14, -16,  -7,  -1,   3, -10, -16, -27,
     -24, -10, -20,  -4,  -9, -15,  -5, -17,
];
#[rustfmt::skip]
const MG_ROOK: [i32; 64] = [
      32,  42,  33,  50,  63,   9,  31,  43,
      27,  31,  57,  61,  80,  67,  26,  43,
      -4,  20,  28,  36,  19,  45,  61,  16,
     -23,  -9,  10,  25,  25,  36,  -7, -20,
     -34, -25, -11,  -1,   7,  -7,   5, -23,
     -41, -25, -15, -15,   0,  -3,  -7, -33,
     -41, -18, -20, -11,  -3,  12,  -6, -70,
      -7, -12,   2,   9,   9,   9, -38, -22,
];
#[rustfmt::skip]
const EG_ROOK: [i32; 64] = [
      11,  10,  19,  14,  12,  13,  10,   7,
      10,  13,   9,  10,  -3,   2,   8,   2,
      11,  10,  10,   6,   6,  -2,  -6,  -3,
       8,   7,  18,   1,   2,   2,   0,   3,
       6,   6,   8,   6,  -6,  -5,  -8, -12,
      -1,   1,  -5,   1,  -6, -12,  -8, -15,
      -6,  -8,   0,  -1, -10, -10, -12,  -3,
      -5,   6,   0,  -4,  -9, -11,   4, -21,
];
#[rustfmt::skip]
const MG_QUEEN: [i32; 64] = [
     -28,   0,  29,  12,  59,  44,  44,  45,
     -22, -37,  -6,   1, -16,  57,  27,  54,
     -12, -16,   8,   8,  27,  57,  47,  55,
     -27, -26, -15, -15,  -2,  15,  -3,   1,
      -6, -24,  -9, -10,  -4,  -4,   1,  -5,
     -14,   5,  -8,  -2,  -6,   3,  11,   4,
     -35,  -9,   8,   2,   6,  10,  -2,   1,
      -2, -19,  -7,  13, -16, -24, -31, -50,
];
#[rustfmt::skip]
const EG_QUEEN: [i32; 64] = [
      -9,  22,  22,  27,  27,  19,  10,  20,
     -16,  21,  32,  41,  58,  25,  30,   0,
     -20,   6,  10,  49,  47,  36,  19,   8,
       3,  22,  24,  46,  57,  40,  57,  36,
     -17,  29,  19,  47,  31,  34,  38,  23,
     -16, -26,  15,   6,   8,  16,   9,   5,
     -22, -24, -31, -16, -16, -25, -36, -32,
     -34, -28, -22, -42,  -5, -32, -20, -41,
];
#[rustfmt::skip]
const MG_KING: [i32; 64] = [
     -65,  23,  16, -15, -56, -34,   2,  13,
      29,  -1, -20,  -7,  -8,  -4, -38, -29,
      -9,  24,   2, -16, -20,   6,  21, -22,
     -17, -20, -12, -27, -30, -25, -14, -37,
     -49,  -1, -27, -39, -44, -44, -33, -51,
     -14, -13, -22, -45, -43, -30, -14, -26,
       2,   9,  -7, -62, -42, -16,  10,  10,
     -15,  35,  14, -55,   1, -30,  23,  12,
];
#[rustfmt::skip]
const EG_KING: [i32; 64] = [
     -74, -35, -18, -18, -11,  15,   4, -18,
     -12,  17,  14,  17,  17,  37,  23,   9,
       9,  17,  23,  16,  20,  42,  40,  12,
      -9,  21,  24,  28,  25,  33,  24,   0,
     -18,  -5,  21,  27,  30,  24,   8, -11,
     -17,  -2,  11,  23,  23,  13,   6,  -9,
     -25,  -7,   6,  14,  14,   4,  -4, -14,
     -52, -34, -21, -10, -31, -13, -25, -45,
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
