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
      93, 130,  61,  95,  69, 126,  34, -15,
      -8,  -3,  13,  28,  55,  47,  21,  -8,
      -6,   2,  -2,   6,  10,  13,   1, -13,
     -19, -14,  -6,  -5,   1,   2,  -2, -26,
     -22, -17, -16, -18, -13,  -2,  15, -14,
     -19, -10, -15, -16, -14,  18,  26, -18,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const EG_PAWN: [i32; 64] = [
       0,   0,   0,   0,   0,   0,   0,   0,
     149, 160, 156, 136, 147, 131, 157, 158,
      58,  66,  62,  50,  48,  40,  60,  54,
      24,   6,   5, -13,  -7,   2,  12,  14,
      11,   5,  -8, -11, -10,  -3,   0,   2,
       5,  -4,   1,   3,   2,   4, -12,  -4,
      18,   8,  15,  16,  20,  14,   0,   3,
       0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const MG_KNIGHT: [i32; 64] = [
    -166, -89, -34, -49,  61, -97, -15,-107,
     -65, -39,  65,  36,  23,  62,   7, -17,
     -47,  51,  36,  54,  78, 118,  71,  43,
      -4,  17,  25,  45,  27,  61,  21,  29,
       5,   5,  24,  18,  24,  28,  20,   7,
     -21,   0,   7,   9,  16,  11,  18, -19,
     -29, -52, -11,   7,   2,   4, -13, -14,
    -105, -13, -57, -30, -12, -22, -12, -21,
];
#[rustfmt::skip]
const EG_KNIGHT: [i32; 64] = [
     -58, -38, -13, -27, -31, -27, -63, -99,
     -23,  -8, -23,  -2,  -9, -26, -24, -52,
     -24, -19,   8,  10,  -2, -17, -19, -41,
     -12,   2,  18,  21,  22,   8,   9, -14,
     -16,  -6,  19,  19,  19,  17,   5,  -9,
     -24,  -2,  -2,  16,  10,  -4, -15, -25,
     -42, -20, -10,  -4,  -4, -21, -22, -44,
     -29, -45, -22, -13, -20, -14, -43, -63,
];
#[rustfmt::skip]
const MG_BISHOP: [i32; 64] = [
     -29,   4, -82, -37, -25, -42,   7,  -8,
     -23,  13, -15, -13,  29,  56,  18, -47,
     -11,  33,  38,  32,  36,  50,  37,   7,
      -5,  24,  18,  42,  33,  36,  23,  -3,
       3,   7,  17,  24,  35,  15,  14,   9,
       5,  22,   8,  15,   9,  11,  15,   7,
      10,  10,  16,  -2,   5,  20,  13,   7,
     -26,   4,  -5, -19, -10, -13, -39, -19,
];
#[rustfmt::skip]
const EG_BISHOP: [i32; 64] = [
     -14, -17,  -9,  -7,  -7,  -8, -17, -24,
      -7,  -4,  12,  -6,  -5, -13,  -2, -13,
       3,  -6,  -5,  -2,   0,   8,   0,   6,
      -4,   6,   9,   8,  16,   3,   6,   1,
      -4,   2,  16,  17,   4,  14,  -2,  -9,
      -9,   0,   8,   5,  18,  -7,  -5, -14,
     -14, -16,  -9,   2,  -2, -10, -18, -27,
     -16,  -9, -13,  -3,  -4, -10,  -5, -17,
];
#[rustfmt::skip]
const MG_ROOK: [i32; 64] = [
      32,  42,  33,  49,  63,   9,  31,  43,
      27,  31,  53,  61,  79,  67,  26,  42,
       0,  20,  25,  35,  20,  45,  61,  16,
     -19,  -7,  10,  25,  25,  37,  -5, -16,
     -25, -24, -12,  -5,   7,  -7,   6, -23,
     -34, -24, -16, -19,  -9,  -9, -12, -30,
     -35, -18, -21, -12,  -7,   5,  -6, -69,
      -9,  -7,  -5,   1,   8,   4, -27, -10,
];
#[rustfmt::skip]
const EG_ROOK: [i32; 64] = [
       9,  10,  17,   9,   9,  18,  11,   8,
      16,  14,   9,   8,  -4,   1,   9,   1,
      18,  13,  11,   5,   8,  -2,  -6,   3,
      20,  17,  18,   3,   1,   3,   5,   7,
      16,  16,  11,   7,  -4,  -1,  -6,  -8,
       6,   3,   1,   1,  -8, -12,  -7, -13,
      -6, -10,  -2,  -4, -14, -21, -12,  -3,
      -9,  -5,  -5,  -9, -18, -15,   4, -20,
];
#[rustfmt::skip]
const MG_QUEEN: [i32; 64] = [
     -26,   0,  29,  12,  59,  44,  44,  45,
     -18, -32,  -7,   1, -16,  57,  19,  49,
     -10, -15,   7,   8,  25,  57,  44,  45,
     -24, -16,  -8,  -8,  -2,  12,  -4,  -5,
      -1, -19,  -5,  -5,  -4,  -4,   1, -14,
     -14,   4,  -5,  -2,  -4,   0,   0,  -6,
     -32,  -6,   5,   7,   8,   8,  -2,   1,
      -3, -18,  -2,   9, -14, -23, -31, -50,
];
#[rustfmt::skip]
const EG_QUEEN: [i32; 64] = [
      -8,  22,  22,  27,  27,  19,  10,  20,
     -15,  24,  32,  41,  58,  25,  30,   0,
     -19,   7,  11,  49,  47,  36,  19,   0,
       4,  23,  24,  46,  57,  40,  57,  36,
     -17,  29,  20,  46,  31,  34,  38,  23,
     -16, -25,  15,   6,   7,  15,   9,   5,
     -22, -25, -32, -17, -17, -26, -36, -32,
     -34, -28, -22, -43,  -5, -32, -20, -41,
];
#[rustfmt::skip]
const MG_KING: [i32; 64] = [
     -65,  23,  16, -15, -56, -34,   2,  13,
      29,  -1, -20,  -7,  -8,  -5, -38, -29,
      -9,  24,   2, -16, -20,   6,  19, -22,
     -17, -20, -12, -27, -30, -25, -14, -37,
     -49,  -1, -27, -39, -44, -43, -32, -51,
     -14, -12, -22, -45, -43, -29, -12, -26,
       2,   9,  -7, -53, -34, -21,  13,  15,
     -14,  29,  13, -55,  -6, -34,  15,  10,
];
#[rustfmt::skip]
const EG_KING: [i32; 64] = [
     -80, -35, -18, -18, -11,  15,   4, -28,
     -12,  17,  14,  17,  17,  29,  23,   0,
       3,  10,  24,  17,  21,  36,  32,  10,
     -11,  18,  24,  31,  31,  35,  21,  -3,
     -18,  -4,  20,  29,  33,  27,  13,  -8,
     -17,  -3,  12,  22,  25,  17,   5,  -8,
     -24,  -4,   6,  15,  13,   9,  -6, -19,
     -44, -30, -15,  -5, -27,  -8, -25, -47,
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
