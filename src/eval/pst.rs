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
      96, 131,  61,  95,  68, 126,  34, -14,
      -9,   6,  21,  32,  63,  53,  23, -15,
     -10,   7,   0,  16,  24,  14,  14, -23,
     -19, -11,  -5,  11,  13,  11,   8, -23,
     -20, -10, -10, -17,  -7,   0,  26, -18,
     -22,   2, -19, -20, -17,  16,  37, -23,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const EG_PAWN: [i32; 64] = [
       0,   0,   0,   0,   0,   0,   0,   0,
     169, 168, 157, 134, 147, 132, 164, 177,
      80,  89,  78,  61,  57,  48,  74,  71,
      31,  15,  11,  -1,  -3,   0,   9,  11,
      21,  12,  -6, -15,  -6,  -1,  -2,   0,
      12,  -4,   3,   9,  -2,   7, -14,  -3,
      27,  11,  15,  13,  18,  15,   1,   4,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const MG_KNIGHT: [i32; 64] = [
    -166, -89, -34, -49,  61, -97, -15,-107,
     -73, -40,  72,  36,  23,  62,   7, -17,
     -47,  59,  37,  63,  81, 127,  74,  43,
      -8,  20,  19,  50,  22,  69,  14,  25,
      -6,   5,  15,  20,  25,  20,  19,  -3,
     -24, -10,   9,  10,  22,  15,  29, -19,
     -29, -53,  -9,   3,   1,  13, -14, -17,
    -105, -14, -58, -32, -19, -25, -17, -21,
];
#[rustfmt::skip]
const EG_KNIGHT: [i32; 64] = [
     -58, -38, -13, -28, -31, -27, -63, -99,
     -24,  -8, -23,  -2,  -9, -25, -24, -52,
     -24, -19,   9,  11,  -2, -10, -19, -41,
     -16,   6,  18,  22,  19,   9,   9, -17,
     -16,  -6,  19,  24,  16,  17,   5, -17,
     -24,  -2,  -3,  15,  10,  -2, -16, -26,
     -42, -20, -10,  -4,  -4, -21, -23, -44,
     -29, -51, -23, -15, -21, -15, -49, -63,
];
#[rustfmt::skip]
const MG_BISHOP: [i32; 64] = [
     -29,   4, -82, -37, -25, -42,   7,  -8,
     -25,  16, -16, -13,  29,  57,  18, -47,
     -15,  34,  43,  36,  36,  50,  37,   1,
      -7,  11,  18,  47,  36,  37,   4,  -3,
      -3,  10,   9,  25,  32,   8,   9,   5,
       3,  19,  17,   9,   6,  26,  21,  10,
       3,  14,  15,   2,  13,  24,  33,   4,
     -33,  -2,  -5, -20, -11, -14, -39, -19,
];
#[rustfmt::skip]
const EG_BISHOP: [i32; 64] = [
     -14, -21,  -9,  -8,  -7,  -8, -17, -24,
      -8,  -2,  11,  -9,  -5, -13,  -2, -13,
       3,  -6,  -1,  -3,   0,   6,   0,   6,
      -4,   7,   9,  10,  17,   9,   2,   1,
      -4,   1,  12,  17,   4,  15,  -3,  -9,
     -10,   0,  11,   7,  18,  -2,  -5, -15,
     -14, -16,  -7,  -1,   2, -10, -16, -27,
     -24,  -9, -19,  -4,  -8, -15,  -5, -17,
];
#[rustfmt::skip]
const MG_ROOK: [i32; 64] = [
      32,  42,  33,  50,  63,   9,  31,  43,
      27,  31,  56,  61,  80,  67,  26,  42,
      -3,  20,  28,  36,  19,  45,  61,  16,
     -23,  -8,  10,  25,  25,  36,  -6, -20,
     -33, -25, -11,  -1,   7,  -7,   5, -24,
     -40, -25, -15, -15,  -1,  -5,  -8, -32,
     -40, -18, -21, -11,  -4,  10,  -7, -70,
      -5, -11,   2,   8,   8,   9, -38, -19,
];
#[rustfmt::skip]
const EG_ROOK: [i32; 64] = [
      10,  10,  19,  13,  12,  14,  10,   8,
      10,  13,   9,  10,  -3,   2,   8,   1,
      12,  10,  10,   6,   7,  -2,  -6,  -3,
      10,   9,  19,   2,   2,   2,   1,   3,
       8,   7,   8,   7,  -6,  -4,  -8, -12,
       1,   1,  -4,   2,  -6, -13,  -8, -15,
      -6,  -9,  -1,  -2, -11, -11, -12,  -3,
      -5,   6,  -1,  -5, -11, -11,   5, -21,
];
#[rustfmt::skip]
const MG_QUEEN: [i32; 64] = [
     -27,   0,  29,  12,  59,  44,  44,  45,
     -21, -37,  -7,   1, -16,  57,  26,  54,
     -12, -16,   7,   8,  26,  57,  47,  53,
     -27, -25, -14, -14,  -3,  15,  -3,   0,
      -4, -24,  -9,  -9,  -4,  -4,   1,  -6,
     -14,   5,  -8,  -1,  -6,   3,   9,   2,
     -35, -11,   8,   3,   6,  10,  -2,   1,
      -3, -19,  -7,  15, -15, -24, -31, -50,
];
#[rustfmt::skip]
const EG_QUEEN: [i32; 64] = [
      -9,  22,  22,  27,  27,  19,  10,  20,
     -16,  21,  32,  41,  58,  25,  30,   0,
     -20,   6,  10,  49,  47,  36,  19,   7,
       3,  22,  24,  46,  57,  40,  57,  36,
     -17,  29,  19,  47,  31,  34,  38,  23,
     -16, -26,  15,   6,   7,  16,   9,   5,
     -22, -25, -32, -16, -16, -25, -36, -32,
     -34, -28, -22, -42,  -5, -32, -20, -41,
];
#[rustfmt::skip]
const MG_KING: [i32; 64] = [
     -65,  23,  16, -15, -56, -34,   2,  13,
      29,  -1, -20,  -7,  -8,  -4, -38, -29,
      -9,  24,   2, -16, -20,   6,  20, -22,
     -17, -20, -12, -27, -30, -25, -14, -37,
     -49,  -1, -27, -39, -44, -44, -33, -51,
     -14, -13, -22, -45, -43, -30, -13, -26,
       2,   9,  -6, -61, -42, -17,  10,  11,
     -15,  33,  15, -55,   3, -30,  21,  12,
];
#[rustfmt::skip]
const EG_KING: [i32; 64] = [
     -74, -35, -18, -18, -11,  15,   4, -19,
     -12,  17,  14,  17,  17,  36,  23,   8,
       8,  17,  23,  16,  20,  40,  38,  11,
     -10,  20,  24,  29,  24,  32,  22,  -2,
     -18,  -5,  20,  29,  32,  25,   8, -11,
     -16,  -3,  12,  24,  23,  13,   6,  -9,
     -24,  -5,   7,  14,  14,   6,  -2, -11,
     -51, -34, -20,  -9, -31, -12, -24, -46,
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
