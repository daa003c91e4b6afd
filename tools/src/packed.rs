//! Training positions as marlinformat records: the 32-byte packed board
//! that marlinflow introduced and that the field's trainers read (bullet
//! loads it directly, and its `bullet-utils` converts it to bulletformat),
//! so a user with a GPU can train on Intrigue's data with the field's tools.
//!
//! A record, little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 0–7 | occupancy bitboard (a1 = bit 0) |
//! | 8–23 | one nibble per occupied square, lowest square first, low nibble first: colour << 3 \| piece (pawn 0 … king 5; 6 a rook that may still castle) |
//! | 24 | side to move << 7 (Black 1) \| en passant square (64: none) |
//! | 25 | halfmove clock |
//! | 26–27 | fullmove number |
//! | 28–29 | score in centipawns, White's view |
//! | 30 | result, White's view: 0 loss, 1 draw, 2 win |
//! | 31 | unused (0) |

use shakmaty::{Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Piece, Position, Role, Setup, Square};

/// Bytes in one record.
pub const RECORD_BYTES: usize = 32;

/// The nibble of a rook that still has its castling right.
const CASTLING_ROOK: u8 = 6;

/// One position with its labels, as a record holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labelled {
    pub pos: Chess,
    /// Search score in centipawns, White's view.
    pub score: i16,
    /// Game result, White's view: 0 loss, 1 draw, 2 win.
    pub result: u8,
}

/// `pos` and its labels as a record.
pub fn pack(pos: &Chess, white_score: i16, white_result: u8) -> [u8; RECORD_BYTES] {
    let mut out = [0u8; RECORD_BYTES];
    let setup = pos.to_setup(EnPassantMode::Legal);
    let occupied = setup.board.occupied();
    out[..8].copy_from_slice(&occupied.0.to_le_bytes());
    for (i, sq) in occupied.into_iter().enumerate() {
        let piece = setup.board.piece_at(sq).expect("an occupied square holds a man");
        let code = if setup.castling_rights.contains(sq) { CASTLING_ROOK } else { piece.role as u8 - 1 };
        out[8 + i / 2] |= ((u8::from(piece.color == Color::Black) << 3) | code) << (4 * (i % 2));
    }
    out[24] = (u8::from(setup.turn == Color::Black) << 7) | setup.ep_square.map_or(64, |sq| sq as u8);
    out[25] = setup.halfmoves.min(255) as u8;
    out[26..28].copy_from_slice(&(setup.fullmoves.get().min(u32::from(u16::MAX)) as u16).to_le_bytes());
    out[28..30].copy_from_slice(&white_score.to_le_bytes());
    out[30] = white_result;
    out
}

/// The position and labels of a record; an error if it holds no legal
/// chess position.
pub fn unpack(record: &[u8; RECORD_BYTES]) -> Result<Labelled, String> {
    let occupied = Bitboard(u64::from_le_bytes(record[..8].try_into().expect("8 bytes")));
    if occupied.count() > 32 {
        return Err(format!("{} men on the board", occupied.count()));
    }
    let mut board = Board::empty();
    let mut castling_rights = Bitboard::EMPTY;
    for (i, sq) in occupied.into_iter().enumerate() {
        let nibble = (record[8 + i / 2] >> (4 * (i % 2))) & 0xf;
        let (color, code) = (Color::from_white(nibble >> 3 == 0), nibble & 7);
        let role = match code {
            CASTLING_ROOK => {
                castling_rights.add(sq);
                Role::Rook
            }
            0..=5 => Role::ALL[code as usize],
            _ => return Err(format!("piece code {code} on {sq}")),
        };
        board.set_piece_at(sq, Piece { color, role });
    }
    let ep = record[24] & 0x7f;
    let setup = Setup {
        board,
        turn: if record[24] >> 7 == 1 { Color::Black } else { Color::White },
        castling_rights,
        ep_square: if ep == 64 { None } else { Some(Square::try_from(ep).map_err(|_| format!("en passant square {ep}"))?) },
        halfmoves: u32::from(record[25]),
        fullmoves: u32::from(u16::from_le_bytes([record[26], record[27]])).max(1).try_into().expect("at least 1"),
        ..Setup::empty()
    };
    // Standard castling where the rooks allow it, Chess960's otherwise.
    let pos = match Chess::from_setup(setup.clone(), CastlingMode::Standard) {
        Ok(pos) => pos,
        Err(_) => Chess::from_setup(setup, CastlingMode::Chess960).map_err(|e| format!("not a legal position: {e}"))?,
    };
    let result = record[30];
    if result > 2 {
        return Err(format!("result {result} (0, 1 or 2)"));
    }
    Ok(Labelled { pos, score: i16::from_le_bytes([record[28], record[29]]), result })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn position(fen: &str, mode: CastlingMode) -> Chess {
        fen.parse::<Fen>().expect("a FEN").into_position(mode).expect("legal")
    }

    #[test]
    fn the_start_position_packs_as_marlinformat_does() {
        let record = pack(&Chess::default(), -12, 2);
        assert_eq!(&record[..8], &0xffff_0000_0000_ffffu64.to_le_bytes());
        // a1 castling rook (6), b1 knight (1); c1 bishop (2), d1 queen (4);
        // e1 king (5), f1 bishop; g1 knight, h1 castling rook; eight white pawns.
        assert_eq!(&record[8..16], &[0x16, 0x42, 0x25, 0x61, 0, 0, 0, 0]);
        // Black: pawns 8, then a8 castling rook 14 …
        assert_eq!(&record[16..24], &[0x88, 0x88, 0x88, 0x88, 0x9e, 0xca, 0xad, 0xe9]);
        assert_eq!(record[24], 64, "White to move, no en passant");
        assert_eq!((record[25], u16::from_le_bytes([record[26], record[27]])), (0, 1));
        assert_eq!((i16::from_le_bytes([record[28], record[29]]), record[30], record[31]), (-12, 2, 0));
    }

    #[test]
    fn records_round_trip() {
        let cases = [
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", CastlingMode::Standard),
            ("r3k2r/8/8/8/8/8/8/4K2R b Kq - 3 40", CastlingMode::Standard),
            ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", CastlingMode::Standard),
            ("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 60", CastlingMode::Standard),
            ("1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9", CastlingMode::Chess960),
        ];
        for (fen, mode) in cases {
            let pos = position(fen, mode);
            let back = unpack(&pack(&pos, 345, 0)).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(back.pos.board(), pos.board(), "{fen}");
            assert_eq!(back.pos.castles().castling_rights(), pos.castles().castling_rights(), "{fen}");
            assert_eq!(back.pos.ep_square(EnPassantMode::Legal), pos.ep_square(EnPassantMode::Legal), "{fen}");
            assert_eq!((back.pos.turn(), back.pos.halfmoves(), back.pos.fullmoves()), (pos.turn(), pos.halfmoves(), pos.fullmoves()));
            assert_eq!((back.score, back.result), (345, 0));
        }
    }

    #[test]
    fn a_broken_record_is_refused() {
        let mut record = pack(&Chess::default(), 0, 1);
        record[30] = 3;
        assert!(unpack(&record).is_err(), "result 3");
        let mut no_king = pack(&Chess::default(), 0, 1);
        no_king[10] = 0x11; // e1's king becomes a knight
        assert!(unpack(&no_king).is_err(), "no white king");
    }
}
