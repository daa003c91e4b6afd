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
     -10,  -3,  14,  30,  56,  47,  20, -10,
     -10,   2,  -3,  10,  13,  14,   0, -16,
     -19, -15,  -1,  -1,   2,   3,  -3, -26,
     -22, -16, -14, -18, -10,  -1,  20, -16,
     -19,  -7, -15, -15, -15,  15,  29, -16,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const EG_PAWN: [i32; 64] = [
       0,   0,   0,   0,   0,   0,   0,   0,
     150, 161, 157, 135, 147, 132, 157, 160,
      58,  69,  64,  51,  50,  40,  60,  56,
      24,   4,   5, -10,  -5,   2,  12,  13,
      15,   5,  -8, -12,  -8,  -1,  -1,   3,
       5,  -5,   0,   4,   4,   6, -13,  -4,
      19,   7,  15,  16,  19,  14,  -2,   1,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const MG_KNIGHT: [i32; 64] = [
    -166, -89, -34, -49,  61, -97, -15,-107,
     -66, -40,  65,  36,  23,  62,   7, -17,
     -47,  52,  37,  56,  78, 120,  71,  43,
      -5,  17,  25,  45,  25,  62,  21,  30,
       3,   5,  23,  19,  22,  28,  19,   6,
     -21,  -2,   5,   9,  18,  15,  19, -19,
     -29, -53, -12,   7,   5,   6, -14, -15,
    -105, -11, -58, -31, -13, -24, -10, -21,
];
#[rustfmt::skip]
const EG_KNIGHT: [i32; 64] = [
     -58, -38, -13, -28, -31, -27, -63, -99,
     -24,  -8, -23,  -2,  -9, -25, -24, -52,
     -24, -19,   9,  11,  -2, -17, -19, -41,
     -12,   2,  18,  22,  21,   9,  10, -14,
     -16,  -6,  20,  20,  18,  17,   5, -10,
     -24,  -2,  -3,  15,  10,  -4, -16, -26,
     -42, -20, -11,  -4,  -4, -21, -23, -44,
     -29, -45, -23, -14, -21, -15, -43, -63,
];
#[rustfmt::skip]
const MG_BISHOP: [i32; 64] = [
     -29,   4, -82, -37, -25, -42,   7,  -8,
     -24,  14, -16, -13,  29,  56,  18, -47,
     -11,  33,  39,  32,  36,  50,  37,   6,
      -5,  25,  18,  42,  33,  37,  22,  -3,
       4,   6,  17,  22,  35,  15,  13,   9,
       5,  22,   9,  13,   5,  15,  17,   6,
       9,  11,  16,  -1,   7,  22,  17,   8,
     -27,   3,  -5, -20, -11, -14, -39, -19,
];
#[rustfmt::skip]
const EG_BISHOP: [i32; 64] = [
     -14, -17,  -9,  -8,  -7,  -8, -17, -24,
      -8,  -4,  11,  -6,  -5, -13,  -2, -13,
       3,  -6,  -4,  -3,   0,   8,   0,   6,
      -4,   7,   9,   8,  16,   4,   6,   1,
      -4,   1,  17,  16,   4,  15,  -2,  -9,
      -9,   0,   8,   6,  19,  -5,  -5, -15,
     -14, -16,  -8,   2,  -1, -10, -16, -27,
     -17,  -9, -13,  -4,  -4, -11,  -5, -17,
];
#[rustfmt::skip]
const MG_ROOK: [i32; 64] = [
      32,  42,  33,  50,  63,   9,  31,  43,
      27,  31,  54,  61,  80,  67,  26,  42,
       0,  20,  26,  36,  19,  45,  61,  16,
     -20,  -8,  11,  25,  25,  36,  -6, -17,
     -25, -25, -13,  -4,   7,  -7,   5, -24,
     -34, -25, -15, -19,  -8, -10, -13, -31,
     -36, -18, -22, -11,  -7,   7,  -7, -70,
      -7,  -9,  -2,   3,   9,   7, -29, -10,
];
#[rustfmt::skip]
const EG_ROOK: [i32; 64] = [
       9,  10,  18,  10,   9,  18,  11,   8,
      15,  14,   9,   9,  -3,   1,   9,   1,
      17,  13,  11,   6,   7,  -2,  -6,   2,
      18,  16,  19,   3,   1,   2,   4,   6,
      15,  14,  10,   7,  -5,  -2,  -7,  -9,
       6,   2,   1,   2,  -7, -13,  -8, -13,
      -6, -10,  -2,  -3, -13, -20, -12,  -3,
      -8,  -3,  -4,  -8, -17, -13,   5, -21,
];
#[rustfmt::skip]
const MG_QUEEN: [i32; 64] = [
     -27,   0,  29,  12,  59,  44,  44,  45,
     -19, -33,  -7,   1, -16,  57,  19,  49,
     -11, -16,   7,   8,  25,  57,  44,  46,
     -25, -18,  -8,  -8,  -3,  13,  -3,  -5,
       0, -19,  -6,  -4,  -4,  -4,   1, -14,
     -14,   5,  -5,  -2,  -4,   1,   0,  -6,
     -33,  -7,   8,   8,   9,   8,  -2,   1,
      -3, -19,  -3,  11, -15, -24, -31, -50,
];
#[rustfmt::skip]
const EG_QUEEN: [i32; 64] = [
      -9,  22,  22,  27,  27,  19,  10,  20,
     -16,  23,  32,  41,  58,  25,  30,   0,
     -20,   6,  10,  49,  47,  36,  19,   0,
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
       2,   9,  -6, -54, -35, -21,  12,  15,
     -15,  27,  14, -55,  -4, -34,  20,  10,
];
#[rustfmt::skip]
const EG_KING: [i32; 64] = [
     -80, -35, -18, -18, -11,  15,   4, -26,
     -12,  17,  14,  17,  17,  29,  23,   1,
       3,  10,  23,  16,  21,  36,  33,  11,
     -11,  18,  24,  31,  30,  34,  21,  -3,
     -18,  -5,  20,  29,  33,  25,  12,  -9,
     -17,  -5,  12,  23,  24,  17,   5,  -9,
     -24,  -4,   7,  16,  14,  10,  -5, -18,
     -44, -31, -14,  -5, -26,  -9, -24, -46,
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
