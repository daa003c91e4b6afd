//! Whole games through UCI, standard and Chess960.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

use crate::common::*;

#[test]
fn engine_plays_a_whole_game_against_itself() {
    let _cpu = shared_cpu();
    let started = Instant::now();
    let mut e = Engine::ready();
    e.send("ucinewgame");
    let mut pos = Chess::default();
    let mut moves: Vec<String> = Vec::new();
    let mut seen: HashMap<u64, u32> = HashMap::new();
    seen.insert(pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0, 1);
    let end = loop {
        if pos.is_checkmate() {
            break "checkmate";
        }
        if pos.is_stalemate() {
            break "stalemate";
        }
        if pos.is_insufficient_material() {
            break "insufficient material";
        }
        if pos.halfmoves() >= 100 {
            break "fifty-move rule";
        }
        if moves.len() >= 300 {
            break "300 plies";
        }
        e.send(&position_command("startpos", &moves));
        // Alternate the two ways of limiting time.
        let go = if moves.len() % 4 < 2 { "go movetime 20".to_string() } else { "go wtime 2000 btime 2000 winc 20 binc 20".to_string() };
        let lines = e.go(&go);
        let best = lines.last().unwrap();
        assert!(best != "bestmove (none)", "bestmove (none) in {} (moves {})", fen_of(&pos), moves.join(" "));
        let m = assert_legal_bestmove(&pos, best);
        moves.push(parse_bestmove(best).0);
        pos.play_unchecked(m);
        let count = seen.entry(pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0).or_insert(0);
        *count += 1;
        if *count >= 3 {
            break "threefold repetition";
        }
    };
    let took = started.elapsed();
    eprintln!("game over after {} plies ({end}) in {took:?}: {}", moves.len(), moves.join(" "));
    assert!(took < Duration::from_secs(60), "the game took {took:?}");
    // The engine agrees about the final position.
    e.send(&position_command("startpos", &moves));
    assert!(e.sync().is_empty(), "{}", e.context());
    assert_eq!(e.fen(), fen_of(&pos));
}

#[test]
fn chess960_games_play_out_legally() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("setoption name UCI_Chess960 value true");
    let mut castled = 0;
    for (start, mode) in [
        ("nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1", "AlphaBeta"),
        ("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1", "Interest"),
        ("bbqrknrn/pppppppp/8/8/8/8/PPPPPPPP/BBQRKNRN w GDgd - 0 1", "AlphaBeta"),
    ] {
        e.send(&format!("setoption name SearchMode value {mode}"));
        e.send("ucinewgame");
        let mut pos = pos_from_fen(start);
        let mut played: Vec<String> = Vec::new();
        while played.len() < 80 && !pos.is_game_over() {
            e.send(&position_command(&format!("fen {start}"), &played));
            let lines = e.go("go nodes 4000");
            let (text, _) = parse_bestmove(lines.last().unwrap());
            let m = legal_move(&pos, &text).unwrap_or_else(|| panic!("illegal {text} after {played:?}{}", e.context()));
            assert_eq!(text, UciMove::from_move(m, CastlingMode::Chess960).to_string(), "castling as king takes rook");
            castled += m.is_castle() as usize;
            pos.play_unchecked(m);
            played.push(text);
        }
    }
    assert!(castled > 0, "no side castled in three Chess960 games");
}
