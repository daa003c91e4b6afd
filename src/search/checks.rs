//! What a move's piece does where it lands — the squares it attacks and
//! whether it checks — worked out from attack sets without playing the
//! move. The search asks whether every move it looks at gives check (a
//! check is never pruned and is extended), and most of the moves a node
//! looks at are then pruned unplayed: in `bench`, about three in five.

use shakmaty::{attacks, Bitboard, Chess, Move, Position, Role, Square};

/// A move's piece on its new square.
#[derive(Clone, Copy, Debug)]
pub struct Landing {
    /// The squares the moved (or promoted) piece attacks from where it
    /// lands; empty for castling and en passant.
    pub attacks: Bitboard,
    /// The move checks the enemy king, directly or by opening a line.
    pub gives_check: bool,
}

impl Landing {
    pub fn of(pos: &Chess, m: Move) -> Landing {
        let Move::Normal { role, from, to, promotion, .. } = m else {
            // Castling and en passant move two men: rare, so simply play them.
            let mut child = pos.clone();
            child.play_unchecked(m);
            return Landing { attacks: Bitboard::EMPTY, gives_check: child.is_check() };
        };
        let board = pos.board();
        let us = pos.turn();
        let (occupied, attacked) = after_move(pos, role, from, to, promotion);
        let gives_check = board.king_of(!us).is_some_and(|king| {
            // The moved piece itself, or one of ours behind the square it left.
            let sliders = board.by_color(us) & !Bitboard::from(from);
            let discovered = (attacks::rook_attacks(king, occupied) & board.rooks_and_queens()
                | attacks::bishop_attacks(king, occupied) & board.bishops_and_queens())
                & sliders;
            attacked.contains(king) || discovered.any()
        });
        Landing { attacks: attacked, gives_check }
    }

    /// [`Landing::of`]'s attacks alone, for a caller that knows already
    /// whether the move checks.
    #[inline]
    pub fn attacks_of(pos: &Chess, m: Move) -> Bitboard {
        let Move::Normal { role, from, to, promotion, .. } = m else {
            return Bitboard::EMPTY;
        };
        after_move(pos, role, from, to, promotion).1
    }
}

/// The squares the board's men stand on after the mover's `role` goes
/// `from` → `to`, and what it (or its promotion) attacks from there.
#[inline]
fn after_move(pos: &Chess, role: Role, from: Square, to: Square, promotion: Option<Role>) -> (Bitboard, Bitboard) {
    let occupied = (pos.board().occupied() & !Bitboard::from(from)) | Bitboard::from(to);
    (occupied, attacks::attacks(to, promotion.unwrap_or(role).of(pos.turn()), occupied))
}

/// Whether `m` (legal in `pos`) checks the enemy king.
#[inline]
pub fn gives_check(pos: &Chess, m: Move) -> bool {
    Landing::of(pos, m).gives_check
}

/// The checks a node's moves can give, worked out once for all of them:
/// from which squares each kind of man would check the enemy king, and
/// which of our men stand alone between it and one of our sliders. A move
/// then checks when it lands on its kind's square, or when it takes a
/// lone blocker off that line. A node that asks about several moves pays
/// one set of slider lookups instead of a set per move.
#[derive(Clone, Copy, Debug)]
pub struct Checks {
    /// By role (`Role as usize`): the squares from which our man of that
    /// role attacks the enemy king. The king's are empty: it never checks.
    direct: [Bitboard; 7],
    /// Our men whose leaving the line opens a check by the slider behind.
    discoverers: Bitboard,
    king: Option<Square>,
}

impl Checks {
    pub fn of(pos: &Chess) -> Checks {
        let board = pos.board();
        let us = pos.turn();
        let Some(king) = board.king_of(!us) else {
            return Checks { direct: [Bitboard::EMPTY; 7], discoverers: Bitboard::EMPTY, king: None };
        };
        let occupied = board.occupied();
        let (diagonal, straight) = (attacks::bishop_attacks(king, occupied), attacks::rook_attacks(king, occupied));
        let mut direct = [Bitboard::EMPTY; 7];
        direct[Role::Pawn as usize] = attacks::pawn_attacks(!us, king);
        direct[Role::Knight as usize] = attacks::knight_attacks(king);
        direct[Role::Bishop as usize] = diagonal;
        direct[Role::Rook as usize] = straight;
        direct[Role::Queen as usize] = diagonal | straight;
        let ours = board.by_color(us);
        let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens()
            | attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens())
            & ours;
        let mut discoverers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = attacks::between(sniper, king) & occupied;
            if between.is_subset(ours) && between.count() == 1 {
                discoverers |= between;
            }
        }
        Checks { direct, discoverers, king: Some(king) }
    }

    /// Whether `m` (legal in the node's position `pos`) checks the enemy
    /// king. Castling, en passant and promotions, which change more than
    /// one man's square or the man's kind, are worked out one by one.
    #[inline]
    pub fn gives_check(&self, pos: &Chess, m: Move) -> bool {
        match (m, self.king) {
            (Move::Normal { role, from, to, promotion: None, .. }, Some(king)) => {
                self.direct[role as usize].contains(to) || (self.discoverers.contains(from) && !attacks::aligned(from, to, king))
            }
            _ => gives_check(pos, m),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::each_position_of_random_games;
    use shakmaty::{fen::Fen, uci::UciMove, CastlingMode};

    fn pos(fen: &str, mode: CastlingMode) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(mode).unwrap()
    }

    fn played_checks(p: &Chess, m: Move) -> bool {
        let mut child = p.clone();
        child.play_unchecked(m);
        child.is_check()
    }

    #[test]
    fn direct_and_discovered_checks() {
        // Bf4 uncovers the rook on d1, Ba5 checks twice, Ra1 and Kh1 do not.
        let p = pos("3k4/8/8/8/8/8/3B4/3R2K1 w - - 0 1", CastlingMode::Standard);
        for (uci, check) in [("d2f4", true), ("d2a5", true), ("d1a1", false), ("g1h1", false)] {
            let m = uci.parse::<UciMove>().unwrap().to_move(&p).unwrap();
            assert_eq!(gives_check(&p, m), check, "{uci}");
        }
        // A capture that opens the bishop's diagonal from b3 to g8.
        let q = pos("6k1/2r5/8/3N4/8/1B6/8/4K3 w - - 0 1", CastlingMode::Standard);
        for (uci, check) in [("d5c7", true), ("d5f6", true), ("e1d1", false), ("b3a4", false)] {
            let m = uci.parse::<UciMove>().unwrap().to_move(&q).unwrap();
            assert_eq!(gives_check(&q, m), check, "{uci}");
        }
    }

    /// Random games from positions rich in castling, en passant,
    /// promotions and pins: every legal move's answer is the one playing
    /// it gives.
    #[test]
    fn agrees_with_playing_the_move() {
        let starts = [
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CastlingMode::Standard),
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", CastlingMode::Standard),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", CastlingMode::Standard),
            ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", CastlingMode::Standard),
            ("1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9", CastlingMode::Chess960),
        ];
        let (mut moves, mut checks) = (0, 0);
        each_position_of_random_games(&starts, 61, 40, 60, |p, legal| {
            // One `Checks` answers for all of a node's moves, as in the search.
            let node = Checks::of(p);
            let fen = Fen::from_position(p, shakmaty::EnPassantMode::Legal);
            for &m in legal {
                let check = played_checks(p, m);
                assert_eq!(gives_check(p, m), check, "{m:?} in {fen}");
                assert_eq!(node.gives_check(p, m), check, "the node's checks: {m:?} in {fen}");
                moves += 1;
                checks += check as usize;
            }
        });
        assert!(checks > 1000 && moves > 100_000, "{checks} checks among {moves} moves");
    }
}
