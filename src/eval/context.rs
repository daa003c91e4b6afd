//! What every evaluation term looks at, computed once per evaluation:
//! piece sets, attack maps by piece type, king zones.

use arrayvec::ArrayVec;
use shakmaty::{attacks, Bitboard, Board, Chess, Color, Position, Role, Square};

use super::masks::{ci, forward};
use super::pst::{PHASE_MAX, PHASE_WEIGHT, PSQT};
use super::score::S;
use super::params::{Params, PARAMS};

/// One knight, bishop, rook or queen and the squares it attacks.
#[derive(Clone, Copy)]
pub struct PieceAttacks {
    pub color: Color,
    pub role: Role,
    pub square: Square,
    pub attacks: Bitboard,
}

pub struct Ctx<'a> {
    /// Material and piece-square score (White's view) and game phase,
    /// summed in the same pass over the board.
    pub material: S,
    pub phase: i32,
    /// The weights the terms use.
    pub p: &'a Params,
    /// Every knight, bishop, rook and queen with its attacks (at most 32
    /// pieces on a legal board).
    pub pieces_attacks: ArrayVec<PieceAttacks, 32>,
    pub board: &'a Board,
    pub occupied: Bitboard,
    /// By colour index (White 0, Black 1).
    pub pawns: [Bitboard; 2],
    pub pieces: [Bitboard; 2],
    pub king: [Square; 2],
    /// Squares attacked by each colour's pieces of each role (index `Role as usize`).
    pub attacks_by: [[Bitboard; 7]; 2],
    /// Squares attacked by each colour at all.
    pub attacks: [Bitboard; 2],
    /// The king's square, its neighbours, and one more rank towards the enemy.
    pub king_zone: [Bitboard; 2],
}

fn zone(king: Square, color: Color) -> Bitboard {
    let near = attacks::king_attacks(king).with(king);
    near | forward(color, near)
}

impl<'a> Ctx<'a> {
    pub fn new(pos: &'a Chess) -> Ctx<'a> {
        Ctx::with_params(pos, &PARAMS)
    }

    pub fn with_params(pos: &'a Chess, p: &'a Params) -> Ctx<'a> {
        let board = pos.board();
        let occupied = board.occupied();
        let mut attacks_by = [[Bitboard(0); 7]; 2];
        let mut all = [Bitboard(0); 2];
        let mut pieces_attacks = ArrayVec::new();
        let mut material = S::ZERO;
        let mut phase = 0;
        for (sq, piece) in board.iter() {
            let a = attacks::attacks(sq, piece, occupied);
            let c = ci(piece.color);
            let r = piece.role as usize - 1;
            let placed = S(PSQT.mg[c][r][sq as usize], PSQT.eg[c][r][sq as usize]);
            if c == 0 {
                material += placed;
            } else {
                material -= placed;
            }
            phase += PHASE_WEIGHT[r];
            attacks_by[c][piece.role as usize] |= a;
            all[c] |= a;
            if !matches!(piece.role, Role::Pawn | Role::King) && !pieces_attacks.is_full() {
                pieces_attacks.push(PieceAttacks { color: piece.color, role: piece.role, square: sq, attacks: a });
            }
        }
        let king_of = |c: Color| board.king_of(c).unwrap_or(Square::A1);
        let king = [king_of(Color::White), king_of(Color::Black)];
        Ctx {
            material,
            phase: phase.min(PHASE_MAX),
            p,
            pieces_attacks,
            board,
            occupied,
            pawns: [board.pawns() & board.white(), board.pawns() & board.black()],
            pieces: [board.white(), board.black()],
            king,
            attacks_by,
            attacks: all,
            king_zone: [zone(king[0], Color::White), zone(king[1], Color::Black)],
        }
    }

    #[inline]
    pub fn ours(&self, color: Color, role: Role) -> Bitboard {
        self.board.by_role(role) & self.pieces[ci(color)]
    }

    /// A per-side term summed from White's view: White's minus Black's.
    #[inline]
    pub fn white_minus_black(&self, term: impl Fn(&Ctx, Color) -> S) -> S {
        term(self, Color::White) - term(self, Color::Black)
    }

    /// Squares the enemy does not win from `color`: we guard them, or the
    /// enemy does not attack them.
    #[inline]
    pub fn held(&self, color: Color) -> Bitboard {
        self.attacks[ci(color)] | !self.attacks[ci(!color)]
    }

    #[inline]
    pub fn pawn_attacks(&self, color: Color) -> Bitboard {
        self.attacks_by[ci(color)][Role::Pawn as usize]
    }
}
