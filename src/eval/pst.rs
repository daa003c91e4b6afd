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
     -11,   2,  17,  32,  59,  49,  21, -11,
     -12,   4,  -1,  13,  19,  17,   3, -19,
     -19, -13,   1,   2,   5,   6,   1, -27,
     -20, -15, -14, -18,  -9,   0,  24, -15,
     -20,  -6, -16, -15, -16,  17,  32, -18,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const EG_PAWN: [i32; 64] = [
       0,   0,   0,   0,   0,   0,   0,   0,
     158, 164, 157, 134, 147, 132, 160, 166,
      65,  77,  70,  55,  53,  42,  65,  62,
      26,   5,   7,  -8,  -5,   3,   9,  12,
      18,   5,  -8, -12,  -8,  -1,  -1,   3,
       6,  -5,   0,   5,   5,   6, -14,  -4,
      22,   8,  16,  16,  19,  15,  -2,   3,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const MG_KNIGHT: [i32; 64] = [
    -166, -89, -34, -49,  61, -97, -15,-107,
     -69, -40,  68,  36,  23,  62,   7, -17,
     -47,  55,  37,  59,  78, 123,  71,  43,
      -8,  16,  23,  46,  25,  65,  19,  29,
      -1,   5,  20,  20,  23,  25,  19,   2,
     -24,  -5,   5,  10,  21,  17,  22, -22,
     -29, -53, -12,   8,   6,   9, -14, -15,
    -105, -14, -58, -31, -16, -24,  -9, -21,
];
#[rustfmt::skip]
const EG_KNIGHT: [i32; 64] = [
     -58, -38, -13, -28, -31, -27, -63, -99,
     -24,  -8, -23,  -2,  -9, -25, -24, -52,
     -24, -19,   9,  11,  -2, -14, -19, -41,
     -12,   3,  18,  22,  21,   9,  10, -14,
     -16,  -6,  20,  21,  18,  17,   5, -13,
     -24,  -2,  -3,  15,  10,  -3, -16, -26,
     -42, -20, -11,  -4,  -4, -21, -23, -44,
     -29, -48, -23, -14, -21, -15, -46, -63,
];
#[rustfmt::skip]
const MG_BISHOP: [i32; 64] = [
     -29,   4, -82, -37, -25, -42,   7,  -8,
     -25,  16, -16, -13,  29,  56,  18, -47,
     -14,  34,  42,  32,  36,  50,  37,   3,
      -5,  23,  18,  43,  34,  37,  17,  -3,
       1,   6,  13,  22,  32,  13,  13,   8,
       4,  19,  13,  10,   3,  21,  20,   6,
       6,  11,  16,   0,   9,  24,  22,   8,
     -29,   0,  -5, -20, -11, -12, -39, -19,
];
#[rustfmt::skip]
const EG_BISHOP: [i32; 64] = [
     -14, -17,  -9,  -8,  -7,  -8, -17, -24,
      -8,  -2,  11,  -7,  -5, -13,  -2, -13,
       3,  -6,  -2,  -3,   0,   8,   0,   6,
      -4,   7,   9,   9,  16,   5,   5,   1,
      -4,   1,  17,  16,   4,  15,  -2,  -9,
      -9,   0,  11,   6,  19,  -3,  -5, -15,
     -14, -16,  -8,   1,  -1, -10, -15, -27,
     -20,  -9, -14,  -4,  -5, -14,  -5, -17,
];
#[rustfmt::skip]
const MG_ROOK: [i32; 64] = [
      32,  42,  33,  50,  63,   9,  31,  43,
      27,  31,  55,  61,  80,  67,  26,  42,
       0,  20,  28,  36,  19,  45,  61,  16,
     -20,  -8,  11,  25,  25,  36,  -6, -18,
     -28, -25, -13,  -4,   7,  -7,   5, -24,
     -36, -25, -15, -18,  -5,  -9, -12, -31,
     -38, -18, -22, -11,  -7,   7,  -7, -70,
      -7, -10,  -1,   5,   8,   9, -31, -13,
];
#[rustfmt::skip]
const EG_ROOK: [i32; 64] = [
       9,  10,  19,  10,  11,  17,  11,   8,
      14,  14,   9,  10,  -3,   1,   8,   1,
      16,  13,  11,   6,   7,  -2,  -6,   1,
      15,  13,  19,   2,   1,   2,   1,   3,
      12,  11,   8,   7,  -6,  -4,  -7, -12,
       5,   1,   0,   2,  -7, -13,  -8, -15,
      -6, -10,  -2,  -3, -13, -17, -12,  -3,
      -6,   0,  -3,  -8, -17, -12,   5, -21,
];
#[rustfmt::skip]
const MG_QUEEN: [i32; 64] = [
     -27,   0,  29,  12,  59,  44,  44,  45,
     -19, -36,  -7,   1, -16,  57,  22,  52,
     -12, -16,   7,   8,  26,  57,  46,  49,
     -27, -21, -10, -10,  -3,  15,  -3,  -4,
       2, -22,  -7,  -6,  -4,  -4,   1, -11,
     -14,   4,  -7,  -3,  -5,   1,   3,  -3,
     -35,  -9,   8,   7,   9,   8,  -2,   1,
      -3, -19,  -3,  11, -15, -24, -31, -50,
];
#[rustfmt::skip]
const EG_QUEEN: [i32; 64] = [
      -9,  22,  22,  27,  27,  19,  10,  20,
     -16,  23,  32,  41,  58,  25,  30,   0,
     -20,   6,  10,  49,  47,  36,  19,   3,
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
       2,   9,  -6, -57, -37, -18,  12,  12,
     -15,  27,  16, -55,  -2, -32,  21,  10,
];
#[rustfmt::skip]
const EG_KING: [i32; 64] = [
     -77, -35, -18, -18, -11,  15,   4, -23,
     -12,  17,  14,  17,  17,  32,  23,   4,
       4,  13,  23,  16,  21,  36,  35,  11,
     -11,  18,  24,  30,  27,  33,  21,  -3,
     -18,  -5,  20,  29,  33,  25,  10,  -9,
     -16,  -5,  12,  24,  24,  16,   6,  -9,
     -24,  -4,   7,  15,  14,  10,  -4, -15,
     -47, -33, -15,  -6, -28, -10, -22, -46,
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
