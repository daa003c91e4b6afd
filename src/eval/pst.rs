//! Piece-square tables, started from PeSTO's published middlegame/endgame
//! values (Ronald Friederich's "Piece-Square Tables Only" evaluation).
//!
//! They were a well-measured starting point: material and placement alone
//! already play sound chess. PeSTO fitted them for an evaluation with
//! nothing else in it, so once the other terms were in, the tables were
//! refitted together with their weights on Intrigue's own games
//! (`intrigue-tools tune … placement`, see docs/changelog.md); the material
//! values stay PeSTO's. The tables
//! are written as a diagram from White's side (index 0 is a8), so White
//! reads square `sq ^ 56` and Black reads `sq` directly.

use super::score::S;

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
      93, 129,  61,  95,  70, 126,  34, -15,
      -6,  -3,  12,  25,  53,  47,  22,  -5,
      -4,   2,  -3,   5,   9,  12,   2, -11,
     -18, -14,  -9,  -8,   0,   1,  -3, -25,
     -22, -19, -18, -20, -15,  -3,  12, -14,
     -19, -12, -16, -17, -13,  17,  23, -19,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const MG_KNIGHT: [i32; 64] = [
    -166, -89, -34, -49,  61, -97, -15,-107,
     -64, -38,  65,  36,  23,  62,   7, -17,
     -47,  49,  36,  53,  78, 116,  71,  43,
      -3,  17,  26,  45,  28,  60,  21,  29,
       6,   5,  25,  17,  25,  28,  21,   8,
     -20,   1,   6,   9,  15,   9,  17, -19,
     -28, -51, -10,   6,   0,   3, -12, -14,
    -105, -14, -56, -29, -11, -20, -14, -21,
];
#[rustfmt::skip]
const MG_BISHOP: [i32; 64] = [
     -29,   4, -82, -37, -25, -42,   7,  -8,
     -22,  12, -14, -13,  29,  56,  18, -47,
     -11,  33,  37,  32,  36,  50,  37,   8,
      -4,  23,  18,  42,  33,  36,  23,  -3,
       3,   7,  17,  25,  35,  15,  15,   9,
       5,  22,   7,  16,  11,   8,  14,   8,
      11,   9,  16,  -2,   4,  18,  10,   6,
     -25,   5,  -5, -19,  -9, -13, -39, -19,
];
#[rustfmt::skip]
const MG_ROOK: [i32; 64] = [
      32,  42,  33,  48,  63,   9,  31,  43,
      27,  31,  52,  61,  79,  67,  26,  42,
       0,  20,  24,  34,  21,  45,  61,  16,
     -18,  -6,   9,  25,  25,  37,  -4, -15,
     -25, -23, -11,  -6,   7,  -7,   7, -22,
     -34, -23, -16, -19, -10,  -8, -11, -29,
     -34, -18, -20, -13,  -7,   3,  -6, -68,
     -11,  -6,  -7,  -1,   6,   1, -25, -11,
];
#[rustfmt::skip]
const MG_QUEEN: [i32; 64] = [
     -25,   0,  29,  12,  59,  44,  44,  45,
     -17, -32,  -7,   1, -16,  57,  19,  49,
      -9, -14,   7,   8,  25,  56,  44,  44,
     -23, -15,  -8,  -8,  -2,  11,  -5,  -5,
      -2, -19,  -4,  -6,  -4,  -4,   1, -14,
     -15,   3,  -4,  -2,  -3,   0,   0,  -6,
     -31,  -6,   3,   6,   7,   7,  -2,   1,
      -3, -17,  -2,   8, -13, -22, -31, -50,
];
#[rustfmt::skip]
const MG_KING: [i32; 64] = [
     -65,  23,  16, -15, -56, -34,   2,  13,
      29,  -1, -20,  -7,  -8,  -6, -38, -29,
      -9,  24,   2, -16, -20,   6,  18, -22,
     -17, -20, -12, -27, -30, -25, -14, -37,
     -49,  -1, -27, -39, -44, -42, -31, -51,
     -14, -11, -22, -45, -43, -29, -12, -26,
       3,   9,  -8, -53, -33, -21,  14,  15,
     -13,  29,  11, -55,  -8, -34,  13,  10,
];
#[rustfmt::skip]
const EG_PAWN: [i32; 64] = [
       0,   0,   0,   0,   0,   0,   0,   0,
     148, 159, 155, 136, 148, 130, 157, 156,
      57,  64,  61,  48,  46,  39,  60,  53,
      24,   7,   5, -14,  -7,   2,  11,  15,
      10,   4,  -8, -10, -11,  -4,   0,   2,
       4,  -3,   1,   1,   1,   2, -10,  -4,
      16,   8,  15,  16,  21,  13,   1,   4,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const EG_KNIGHT: [i32; 64] = [
     -58, -38, -13, -26, -31, -27, -63, -99,
     -22,  -8, -23,  -2,  -9, -26, -24, -52,
     -24, -19,   8,   9,  -2, -17, -19, -41,
     -12,   2,  18,  20,  22,   8,   9, -14,
     -16,  -6,  18,  18,  19,  17,   5,  -8,
     -23,  -2,  -1,  16,  10,  -4, -14, -24,
     -42, -20,  -9,  -4,  -4, -21, -21, -44,
     -29, -45, -21, -13, -19, -13, -43, -63,
];
#[rustfmt::skip]
const EG_BISHOP: [i32; 64] = [
     -14, -17,  -9,  -6,  -7,  -8, -17, -24,
      -6,  -5,  13,  -6,  -5, -13,  -2, -13,
       3,  -6,  -6,  -1,   0,   8,   0,   6,
      -4,   5,   9,   8,  16,   2,   6,   1,
      -4,   2,  15,  17,   4,  13,  -2, -10,
      -9,   0,   7,   4,  17,  -8,  -5, -13,
     -14, -17,  -9,   2,  -3, -10, -19, -27,
     -15,  -9, -13,  -3,  -4, -10,  -5, -17,
];
#[rustfmt::skip]
const EG_ROOK: [i32; 64] = [
       9,  10,  16,   8,   9,  18,  11,   9,
      17,  14,   9,   7,  -5,   1,   9,   1,
      19,  13,  11,   4,   8,  -2,  -6,   4,
      21,  18,  17,   3,   1,   3,   6,   8,
      17,  17,  12,   7,  -3,   0,  -5,  -7,
       6,   4,   1,   1,  -9, -11,  -6, -12,
      -6, -10,  -2,  -5, -14, -21, -12,  -3,
     -10,  -6,  -5, -10, -19, -16,   3, -20,
];
#[rustfmt::skip]
const EG_QUEEN: [i32; 64] = [
      -7,  22,  22,  27,  27,  19,  10,  20,
     -14,  25,  32,  41,  58,  25,  30,   0,
     -18,   8,  12,  49,  47,  36,  19,   0,
       5,  24,  24,  46,  57,  40,  56,  36,
     -17,  29,  20,  46,  31,  34,  37,  23,
     -16, -24,  15,   6,   7,  14,   9,   5,
     -22, -25, -32, -17, -18, -27, -36, -32,
     -34, -28, -22, -43,  -5, -32, -20, -41,
];
#[rustfmt::skip]
const EG_KING: [i32; 64] = [
     -80, -35, -18, -18, -11,  15,   4, -30,
     -13,  17,  14,  17,  17,  28,  23,  -1,
       3,  10,  25,  18,  21,  36,  31,   9,
     -11,  18,  24,  31,  32,  35,  21,  -3,
     -18,  -3,  20,  29,  33,  28,  14,  -7,
     -17,  -2,  12,  21,  26,  17,   5,  -7,
     -23,  -5,   5,  15,  12,   8,  -7, -20,
     -43, -30, -16,  -5, -27,  -7, -25, -48,
];

pub const MG_TABLES: [&[i32; 64]; 6] = [&MG_PAWN, &MG_KNIGHT, &MG_BISHOP, &MG_ROOK, &MG_QUEEN, &MG_KING];
pub const EG_TABLES: [&[i32; 64]; 6] = [&EG_PAWN, &EG_KNIGHT, &EG_BISHOP, &EG_ROOK, &EG_QUEEN, &EG_KING];

/// Material plus placement, folded into one table per (colour, role, square)
/// at compile time so the evaluation does one lookup per piece; each entry
/// is the middlegame and endgame value as one packed pair.
pub type Psqt = [[[S; 64]; 6]; 2];

const fn build() -> Psqt {
    let mut t = [[[S::ZERO; 64]; 6]; 2];
    let mut role = 0;
    while role < 6 {
        let mut sq = 0;
        while sq < 64 {
            // colour index 0 = White (mirrored lookup), 1 = Black.
            t[0][role][sq] = S(MG_VALUE[role] + MG_TABLES[role][sq ^ 56], EG_VALUE[role] + EG_TABLES[role][sq ^ 56]);
            t[1][role][sq] = S(MG_VALUE[role] + MG_TABLES[role][sq], EG_VALUE[role] + EG_TABLES[role][sq]);
            sq += 1;
        }
        role += 1;
    }
    t
}

pub static PSQT: Psqt = build();
