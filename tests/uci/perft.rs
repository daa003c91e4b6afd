//! `go perft`: the known counts, the Chess960 suite, and a long perft that still answers.

use std::thread;
use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess};

use crate::common::*;
use crate::perft_lines;

#[test]
fn go_perft_counts_match_the_known_values() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("position startpos");
    let (moves, total) = perft_lines(&mut e, "go perft 3");
    assert_eq!(moves.len(), 20, "{moves:?}");
    assert!(moves.contains(&("e2e4".to_string(), 600)), "{moves:?}");
    assert_eq!(total, 8902);
    assert_eq!(moves.iter().map(|(_, n)| n).sum::<u64>(), total);
    for (m, _) in &moves {
        assert!(legal_move(&Chess::default(), m).is_some(), "perft printed an illegal move {m}");
    }

    e.send(&format!("position fen {KIWIPETE}"));
    let (moves, total) = perft_lines(&mut e, "go perft 3");
    assert_eq!(moves.len(), 48, "{moves:?}");
    assert_eq!(total, 97_862);
    assert!(moves.iter().any(|(m, _)| m == "e1g1") && moves.iter().any(|(m, _)| m == "e1c1"), "{moves:?}");

    // The plain `perft` spelling too, and the position is untouched.
    let (_, total) = perft_lines(&mut e, "perft 2");
    assert_eq!(total, 2039);
    assert_eq!(e.fen(), KIWIPETE);
}

#[test]
fn chess960_perft_through_go_perft_matches_the_suite() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("setoption name UCI_Chess960 value true");
    // The 960-position suite where the test data has it, else the
    // repository's own ten positions.
    let path = test_data::test_data("perft/chess960.epd")
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("perft/chess960.epd"));
    let suite = std::fs::read_to_string(path).unwrap();
    let positions: Vec<&str> = suite.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).take(60).collect();
    let mut checked = 0;
    for &line in &positions {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let d3: u64 = parts
            .find_map(|p| p.trim().strip_prefix("D3 ").map(|n| n.trim().parse().unwrap()))
            .unwrap_or_else(|| panic!("no D3 count in '{line}'"));
        e.send(&format!("position fen {fen}"));
        let (moves, total) = perft_lines(&mut e, "go perft 3");
        assert_eq!(total, d3, "{fen}");
        let pos = pos_from_fen(fen);
        for (m, _) in &moves {
            let legal = legal_move(&pos, m).unwrap_or_else(|| panic!("{fen}: illegal {m}"));
            assert_eq!(m, &UciMove::from_move(legal, CastlingMode::Chess960).to_string(), "{fen}: castling as king takes rook");
        }
        checked += 1;
    }
    assert!(checked >= 10 && checked == positions.len(), "{checked} of {} positions checked", positions.len());
    // A standard position's castling is written king-takes-rook too.
    e.send(&format!("position fen {KIWIPETE}"));
    let (moves, _) = perft_lines(&mut e, "go perft 1");
    let names: Vec<&str> = moves.iter().map(|(m, _)| m.as_str()).collect();
    assert!(names.contains(&"e1h1") && names.contains(&"e1a1") && !names.contains(&"e1g1"), "{names:?}");
}

#[test]
fn a_long_perft_answers_isready_and_ends_on_stop_or_quit() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("position startpos");
    e.send("go perft 9");
    thread::sleep(Duration::from_millis(200));
    let asked = e.send("isready");
    e.expect_line(|l| l == "readyok", LONG);
    assert!(e.last_at - asked < Duration::from_secs(1), "readyok took {:?} during perft", e.last_at - asked);
    let stop = e.send("stop");
    e.expect_line(|l| l == "info string perft stopped", LONG);
    assert!(e.last_at - stop < Duration::from_secs(1), "perft took {:?} to stop", e.last_at - stop);
    // The engine is usable again, and quit during a perft exits promptly.
    let (_, total) = perft_lines(&mut e, "go perft 2");
    assert_eq!(total, 400);
    e.send("go perft 9");
    thread::sleep(Duration::from_millis(200));
    e.send("quit");
    assert!(e.wait_exit(Duration::from_secs(2)).is_some(), "still running 2 s after quit during perft");
}
