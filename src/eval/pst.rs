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
      97, 133,  61,  95,  68, 126,  34, -12,
     -10,   6,  24,  30,  62,  55,  25, -17,
     -13,  13,   8,  15,  19,  15,  16, -26,
     -19,  -4,  -5,  13,  17,   6,   9, -22,
     -28,  -8,  -7,  -2,   4,   1,  28, -19,
     -20,  -3, -14, -18, -11,  14,  40, -22,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const EG_PAWN: [i32; 64] = [
       0,   0,   0,   0,   0,   0,   0,   0,
     175, 171, 158, 134, 147, 132, 164, 185,
      90,  98,  84,  65,  54,  51,  81,  79,
      33,  24,  15,   1,  -2,   5,  12,  12,
      15,  18,  -6,  -6,  -7,  -5,  -1,  -2,
       5,   8,  -9,   9,  -1,   1,  -6,  -5,
      20,   8,  10,  14,  16,   3,   4,   2,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const MG_KNIGHT: [i32; 64] = [
    -167, -89, -34, -49,  61, -97, -15,-107,
     -73, -40,  72,  36,  23,  62,   7, -17,
     -47,  60,  37,  65,  83, 129,  73,  44,
      -7,  18,  20,  52,  29,  68,  18,  22,
      -9,   5,  18,  15,  30,  20,  21,  -8,
     -24,  -7,   7,  10,  19,  12,  28, -18,
     -28, -53, -11,  -2,  -2,  19, -14, -17,
    -105, -24, -58, -33, -18, -26, -18, -22,
];
#[rustfmt::skip]
const EG_KNIGHT: [i32; 64] = [
     -58, -38, -13, -28, -31, -27, -63, -99,
     -24,  -8, -25,  -2,  -9, -25, -24, -52,
     -24, -19,  10,  10,  -1,  -9, -19, -41,
     -16,   4,  22,  22,  19,   9,   9, -18,
     -16,  -6,  17,  23,  16,  18,   5, -19,
     -22,  -2,  -1,  15,  10,  -5, -19, -23,
     -42, -20,  -9,  -6,  -4, -19, -23, -44,
     -29, -51, -23, -15, -21, -16, -50, -64,
];
#[rustfmt::skip]
const MG_BISHOP: [i32; 64] = [
     -29,   4, -82, -37, -25, -42,   7,  -8,
     -26,  16, -18, -13,  30,  59,  18, -47,
     -16,  35,  43,  38,  36,  50,  37,  -2,
      -6,   7,  19,  50,  35,  37,   5,  -2,
      -7,  12,  12,  28,  33,   8,  10,   5,
       3,  16,  14,  13,  11,  28,  20,  12,
       3,  15,  16,   0,  12,  22,  38,   1,
     -33,  -2, -13, -20, -13, -11, -39, -21,
];
#[rustfmt::skip]
const EG_BISHOP: [i32; 64] = [
     -14, -21, -11,  -8,  -7,  -8, -17, -24,
      -8,  -4,   8, -11,  -4, -13,  -4, -13,
       2,  -8,   1,  -2,  -2,   6,   0,   4,
      -4,   8,  13,   8,  14,   9,   3,   2,
      -6,   2,  12,  20,   6,  10,  -3,  -9,
     -11,  -3,   9,   8,  15,   0,  -7, -15,
     -14, -16,  -7,   0,   4, -10, -17, -27,
     -23, -10, -21,  -5, -10, -15,  -5, -17,
];
#[rustfmt::skip]
const MG_ROOK: [i32; 64] = [
      32,  42,  33,  51,  63,   9,  31,  43,
      27,  32,  58,  61,  80,  67,  26,  44,
      -5,  20,  28,  35,  18,  45,  61,  16,
     -23,  -9,  10,  26,  25,  35,  -8, -20,
     -35, -25, -10,  -1,   8,  -7,   5, -23,
     -43, -25, -14, -16,   1,   0,  -6, -34,
     -42, -18, -18, -12,  -3,  14,  -5, -71,
     -16, -11,   1,   7,   6,  12, -36, -26,
];
#[rustfmt::skip]
const EG_ROOK: [i32; 64] = [
      12,  10,  19,  15,  12,  12,   9,   6,
       9,  13,  11,  10,  -3,   2,   8,   4,
       9,   9,   9,   5,   5,  -3,  -6,  -3,
       5,   5,  16,   1,   2,   1,  -1,   2,
       4,   5,   8,   4,  -5,  -6,  -8, -11,
      -3,   0,  -5,   0,  -7, -11,  -8, -16,
      -6,  -7,   2,  -1, -10,  -9, -11,  -3,
      -7,   4,   2,  -5,  -9, -10,   3, -20,
];
#[rustfmt::skip]
const MG_QUEEN: [i32; 64] = [
     -29,   0,  29,  12,  59,  44,  44,  45,
     -23, -38,  -5,   1, -16,  57,  28,  54,
     -12, -16,   8,   8,  28,  57,  47,  57,
     -27, -27, -16, -16,  -1,  16,  -2,   2,
      -6, -24,  -9, -10,  -4,  -4,   1,  -4,
     -14,   4,  -9,  -6,  -4,   0,  12,   5,
     -35,  -6,   7,   2,   6,  11,  -3,   1,
      -1, -19,  -6,  13, -17, -24, -31, -50,
];
#[rustfmt::skip]
const EG_QUEEN: [i32; 64] = [
      -9,  22,  22,  27,  27,  19,  10,  20,
     -16,  20,  32,  41,  58,  25,  30,   0,
     -20,   6,  10,  49,  47,  36,  19,   9,
       3,  22,  24,  45,  57,  40,  57,  36,
     -17,  29,  19,  47,  31,  34,  39,  23,
     -16, -26,  15,   5,   9,  16,   9,   5,
     -22, -23, -30, -16, -17, -25, -36, -32,
     -34, -28, -21, -43,  -5, -32, -20, -41,
];
#[rustfmt::skip]
const MG_KING: [i32; 64] = [
     -65,  23,  16, -15, -56, -34,   2,  13,
      29,  -1, -20,  -7,  -8,  -4, -38, -29,
      -9,  24,   2, -16, -20,   6,  22, -22,
     -17, -20, -12, -27, -30, -25, -14, -36,
     -49,  -1, -27, -39, -45, -44, -33, -51,
     -14, -13, -22, -45, -43, -29, -15, -27,
       2,   8,  -8, -63, -41, -13,  10,   7,
     -15,  37,  15, -55,  -7, -29,  29,  11,
];
#[rustfmt::skip]
const EG_KING: [i32; 64] = [
     -74, -35, -18, -18, -11,  15,   4, -17,
     -12,  17,  14,  17,  17,  38,  23,  10,
      10,  17,  23,  16,  20,  44,  43,  13,
      -8,  22,  24,  27,  26,  35,  26,   3,
     -18,  -4,  22,  25,  28,  23,   9, -10,
     -18,  -1,  10,  22,  23,  16,   5,  -8,
     -27,  -9,   5,  14,  15,   4,  -7, -20,
     -53, -34, -21, -12, -32, -14, -26, -44,
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
