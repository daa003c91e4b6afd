//! What every evaluation term looks at, computed once per evaluation:
//! piece sets, attack maps by piece type, king zones.

use arrayvec::ArrayVec;
use shakmaty::{attacks, Bitboard, Board, Chess, Color, Piece, Position, Role, Square};

use super::masks::{ci, forward, pawn_attacks_from};
use super::params::{Params, PARAMS};
use super::pst::{PHASE_MAX, PHASE_WEIGHT, PSQT};
use super::score::S;

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

/// The squares `piece`'s `men` attack together: the pawns' by two shifts
/// for all of them; each knight, bishop, rook and queen also goes on
/// `list` with its own attacks, for the terms that look at pieces one by
/// one.
fn attacks_of(piece: Piece, men: Bitboard, occupied: Bitboard, list: &mut ArrayVec<PieceAttacks, 32>) -> Bitboard {
    match piece.role {
        Role::Pawn => pawn_attacks_from(piece.color, men),
        Role::King => men.into_iter().fold(Bitboard(0), |union, sq| union | attacks::king_attacks(sq)),
        _ => men.into_iter().fold(Bitboard(0), |union, sq| {
            let attacks = attacks::attacks(sq, piece, occupied);
            if !list.is_full() {
                list.push(PieceAttacks { color: piece.color, role: piece.role, square: sq, attacks });
            }
            union | attacks
        }),
    }
}

impl<'a> Ctx<'a> {
    #[inline(always)]
    pub fn new(pos: &'a Chess) -> Ctx<'a> {
        Ctx::with_params(pos, &PARAMS)
    }

    #[inline(always)]
    pub fn with_params(pos: &'a Chess, p: &'a Params) -> Ctx<'a> {
        let board = pos.board();
        let occupied = board.occupied();
        let mut attacks_by = [[Bitboard(0); 7]; 2];
        let mut all = [Bitboard(0); 2];
        let mut pieces_attacks = ArrayVec::new();
        let mut material = S::ZERO;
        let mut phase = 0;
        // Piece type by piece type rather than square by square: each set
        // comes from two bitboards, with no lookup of what stands on a
        // square.
        for color in Color::ALL {
            let c = ci(color);
            let mut placed = S::ZERO;
            for role in Role::ALL {
                let men = board.by_piece(Piece { color, role });
                let r = role as usize - 1;
                phase += PHASE_WEIGHT[r] * men.count() as i32;
                for sq in men {
                    placed += PSQT[c][r][sq as usize];
                }
                attacks_by[c][role as usize] = attacks_of(Piece { color, role }, men, occupied, &mut pieces_attacks);
                all[c] |= attacks_by[c][role as usize];
            }
            material += if color == Color::White { placed } else { -placed };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tests::pos;

    /// The context walks the board piece type by piece type and takes the
    /// pawns' attacks as a set; square by square, man by man, must give
    /// the same maps, material, phase and pieces.
    #[test]
    fn the_context_agrees_with_a_walk_over_every_square() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r1bq1rk1/pp2ppbp/2np1np1/8/2PNP3/2N1B3/PP2BPPP/R2QK2R w KQ - 0 9",
            "6k1/5ppp/8/8/8/8/P4PPP/QQQQ2K1 w - - 0 1",
        ] {
            let p = pos(fen);
            let ctx = Ctx::new(&p);
            let board = p.board();
            let (mut by, mut material, mut phase) = ([[Bitboard(0); 7]; 2], S::ZERO, 0);
            for (sq, piece) in board.iter() {
                let (c, r) = (ci(piece.color), piece.role as usize - 1);
                by[c][piece.role as usize] |= attacks::attacks(sq, piece, board.occupied());
                let placed = PSQT[c][r][sq as usize];
                material += if c == 0 { placed } else { -placed };
                phase += PHASE_WEIGHT[r];
            }
            assert_eq!(ctx.attacks_by, by, "{fen}");
            assert_eq!(ctx.attacks, [0, 1].map(|c| by[c].iter().fold(Bitboard(0), |a, &b| a | b)), "{fen}");
            assert_eq!((ctx.material, ctx.phase), (material, phase.min(PHASE_MAX)), "{fen}");
            let men = board.occupied() & !board.pawns() & !board.kings();
            assert_eq!(ctx.pieces_attacks.len(), men.count(), "{fen}");
            for pa in &ctx.pieces_attacks {
                assert_eq!(board.piece_at(pa.square), Some(Piece { color: pa.color, role: pa.role }), "{fen}");
                assert_eq!(pa.attacks, attacks::attacks(pa.square, Piece { color: pa.color, role: pa.role }, board.occupied()), "{fen}");
            }
        }
    }
}
