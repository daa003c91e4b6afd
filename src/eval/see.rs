//! Static exchange evaluation: the material outcome of the capture sequence
//! on one square, each side recapturing with its least valuable attacker
//! and free to stop when continuing would lose.
//!
//! Used to order captures and to prune captures that lose material.

use shakmaty::{attacks, Bitboard, Chess, Color, Move, Position, Role, Square};

use super::piece_value;

/// The least valuable piece of `color` among `attackers`. Inlined: SEE
/// calls it once per recapture, on the alpha-beta hot path.
#[inline]
pub(crate) fn least_valuable(pos: &Chess, attackers: Bitboard, color: Color) -> Option<(Square, Role)> {
    let board = pos.board();
    let ours = attackers & board.by_color(color);
    for role in Role::ALL {
        if let Some(sq) = (ours & board.by_role(role)).first() {
            return Some((sq, role));
        }
    }
    None
}

/// All pieces of both colours attacking `sq` given the occupancy `occ`
/// (sliders see through pieces already removed from `occ`: x-rays).
fn attackers_to(pos: &Chess, sq: Square, occ: Bitboard) -> Bitboard {
    let board = pos.board();
    let rooks = board.rooks_and_queens();
    let bishops = board.bishops_and_queens();
    ((attacks::rook_attacks(sq, occ) & rooks)
        | (attacks::bishop_attacks(sq, occ) & bishops)
        | (attacks::knight_attacks(sq) & board.knights())
        | (attacks::king_attacks(sq) & board.kings())
        | (attacks::pawn_attacks(Color::White, sq) & board.pawns() & board.black())
        | (attacks::pawn_attacks(Color::Black, sq) & board.pawns() & board.white()))
        & occ
}

/// Material balance of `m` for the mover after the best exchange sequence.
/// Castling is 0; en passant wins a pawn before recaptures.
pub fn see(pos: &Chess, m: Move) -> i32 {
    let (from, to) = match m {
        Move::Normal { from, to, .. } | Move::EnPassant { from, to } => (from, to),
        _ => return 0,
    };
    let board = pos.board();
    let mut gains = [0i32; 32];
    let mut occ = board.occupied();
    let mut captured = match m {
        Move::EnPassant { .. } => {
            // Remove the captured pawn, which is not on `to`.
            let cap_sq = Square::from_coords(to.file(), from.rank());
            occ.discard(cap_sq);
            piece_value(Role::Pawn)
        }
        _ => m.capture().map_or(0, piece_value),
    };
    let mut mover_value = match m.promotion() {
        Some(p) => {
            captured += piece_value(p) - piece_value(Role::Pawn);
            piece_value(p)
        }
        None => piece_value(m.role()),
    };
    gains[0] = captured;
    let mut depth = 0;
    let mut side = !pos.turn();
    occ.discard(from);
    loop {
        let attackers = attackers_to(pos, to, occ);
        let Some((sq, role)) = least_valuable(pos, attackers, side) else { break };
        depth += 1;
        if depth >= gains.len() {
            break;
        }
        gains[depth] = mover_value - gains[depth - 1];
        // A king may only capture last: if the other side still attacks,
        // the king capture is illegal.
        if role == Role::King && (attackers_to(pos, to, occ.without(sq)) & pos.board().by_color(!side)).any() {
            depth -= 1;
            break;
        }
        mover_value = piece_value(role);
        occ.discard(sq);
        side = !side;
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// Whether `m` loses material by the static exchange: `see(pos, m) < 0`,
/// without the exchange where its first capture settles it. A man that
/// takes one worth at least as much cannot come out behind (at worst it
/// is taken back and the exchange stops), so most captures are answered
/// from two piece values; the rest play the exchange out.
#[inline]
pub fn loses_material(pos: &Chess, m: Move) -> bool {
    if m.promotion().is_none() && m.capture().map_or(0, piece_value) >= piece_value(m.role()) {
        return false;
    }
    see(pos, m) < 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{fen::Fen, uci::UciMove, CastlingMode};

    fn see_of(fen: &str, uci: &str) -> i32 {
        let pos: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
        let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        see(&pos, m)
    }

    #[test]
    fn winning_a_free_pawn() {
        assert_eq!(see_of("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"), 100);
    }

    #[test]
    fn queen_takes_defended_pawn_loses() {
        assert_eq!(see_of("4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1", "e1e5"), 100 - 950);
    }

    #[test]
    fn xray_recapture_is_seen() {
        // Rook takes a pawn defended by a rook, backed by a second rook: wins the pawn.
        assert_eq!(see_of("4r1k1/8/8/4p3/8/8/4R3/4R1K1 w - - 0 1", "e2e5"), 100);
    }

    #[test]
    fn en_passant_wins_a_pawn() {
        assert_eq!(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
    }

    /// Over every capture, promotion and quiet move of random games, the
    /// shortcut answers as the whole exchange does.
    #[test]
    fn losing_material_agrees_with_the_exchange() {
        let starts = [
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", CastlingMode::Standard),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CastlingMode::Standard),
            ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", CastlingMode::Standard),
        ];
        let (mut losing, mut moves) = (0, 0);
        crate::game::tests::each_position_of_random_games(&starts, 7, 40, 60, |pos, legal| {
            for &m in legal {
                let expected = see(pos, m) < 0;
                assert_eq!(loses_material(pos, m), expected, "{m:?} in {}", Fen::from_position(pos, shakmaty::EnPassantMode::Legal));
                losing += expected as usize;
                moves += 1;
            }
        });
        assert!(losing > 1000 && moves > 50_000, "{losing} losing among {moves}");
    }
}
