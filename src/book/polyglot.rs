//! The Polyglot opening-book format: 16-byte big-endian entries (key,
//! move, weight, learn), sorted by key, so a position's moves are found by
//! binary search. The key is the Polyglot Zobrist hash, which is exactly
//! shakmaty's 64-bit Zobrist key (the one the transposition table uses).

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position, Role, Square};

/// Bytes per entry.
pub const ENTRY_SIZE: usize = 16;

/// One book entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: u64,
    /// The move in Polyglot's packing: to (bits 0–5), from (6–11),
    /// promotion (12–14: none, knight, bishop, rook, queen); castling is
    /// written as the king taking its own rook.
    pub raw_move: u16,
    pub weight: u16,
    pub learn: u32,
}

impl Entry {
    pub fn from_bytes(b: &[u8; ENTRY_SIZE]) -> Entry {
        Entry {
            key: u64::from_be_bytes(b[0..8].try_into().expect("8 bytes")),
            raw_move: u16::from_be_bytes([b[8], b[9]]),
            weight: u16::from_be_bytes([b[10], b[11]]),
            learn: u32::from_be_bytes(b[12..16].try_into().expect("4 bytes")),
        }
    }

    pub fn to_bytes(self) -> [u8; ENTRY_SIZE] {
        let mut b = [0u8; ENTRY_SIZE];
        b[0..8].copy_from_slice(&self.key.to_be_bytes());
        b[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        b[10..12].copy_from_slice(&self.weight.to_be_bytes());
        b[12..16].copy_from_slice(&self.learn.to_be_bytes());
        b
    }
}

/// The Polyglot key of a position.
pub fn key(pos: &Chess) -> u64 {
    crate::game::hash(pos)
}

/// A legal move in Polyglot's packing.
pub fn encode_move(m: Move) -> u16 {
    // King-takes-rook is Polyglot's castling notation, as in Chess960 UCI.
    let (from, to) = match m {
        Move::Castle { king, rook } => (king, rook),
        _ => (m.from().expect("a chess move has a from square"), m.to()),
    };
    let promotion = match m.promotion() {
        None => 0,
        Some(Role::Knight) => 1,
        Some(Role::Bishop) => 2,
        Some(Role::Rook) => 3,
        Some(_) => 4,
    };
    (promotion << 12) | ((from as u16) << 6) | to as u16
}

/// The legal move of `pos` that `raw` stands for, if any (a book may hold
/// garbage, or a key collision may point at another position's move).
pub fn decode_move(pos: &Chess, raw: u16) -> Option<Move> {
    let to = Square::new((raw & 63) as u32);
    let from = Square::new(((raw >> 6) & 63) as u32);
    let promotion = match (raw >> 12) & 7 {
        0 => None,
        1 => Some(Role::Knight),
        2 => Some(Role::Bishop),
        3 => Some(Role::Rook),
        4 => Some(Role::Queen),
        _ => return None,
    };
    // UciMove reads king-takes-rook as castling.
    let m = UciMove::Normal { from, to, promotion }.to_move(pos).ok()?;
    pos.is_legal(m).then_some(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{fen::Fen, CastlingMode};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    #[test]
    fn keys_are_polyglots_reference_keys() {
        // The reference values of the Polyglot book format's description.
        for (fen, expected) in [
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9c),
            ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196),
            ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22a48b5a8e47ff78),
            ("rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 2 4", 0x00fdd303c946bdd9),
            ("rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637),
            ("rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 1 4", 0x5c3f9b829b279560),
        ] {
            assert_eq!(key(&pos(fen)), expected, "{fen}");
        }
    }

    #[test]
    fn moves_round_trip_through_the_packing() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/1P6/8/8/8/8/6p1/R3K2R b KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ] {
            let p = pos(fen);
            for m in p.legal_moves() {
                assert_eq!(decode_move(&p, encode_move(m)), Some(m), "{fen} {m}");
            }
        }
    }

    #[test]
    fn castling_is_packed_as_king_takes_rook() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let short = p.legal_moves().into_iter().find(|m| m.is_castle() && m.to() == Square::H1).unwrap();
        assert_eq!(encode_move(short), ((Square::E1 as u16) << 6) | Square::H1 as u16);
    }

    #[test]
    fn entries_round_trip_through_bytes() {
        let e = Entry { key: 0x463b96181691fc9c, raw_move: 0x031c, weight: 7, learn: 0xdeadbeef };
        assert_eq!(Entry::from_bytes(&e.to_bytes()), e);
        assert_eq!(e.to_bytes()[..8], [0x46, 0x3b, 0x96, 0x18, 0x16, 0x91, 0xfc, 0x9c]);
    }
}
