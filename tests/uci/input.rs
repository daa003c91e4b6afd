//! Input: bad lines get one `info string error` and change nothing; odd but valid lines
//! (huge numbers, trailing blanks, short and Shredder FENs, either castling notation) are read.

use std::thread;
use std::time::Duration;

use shakmaty::Chess;

use crate::common::*;
use crate::expect_one_error;

#[test]
fn bad_input_is_reported_and_changes_nothing() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("position startpos moves d2d4");
    let fen = fen_of(&play_all(Chess::default(), &["d2d4"]));
    assert_eq!(e.fen(), fen);

    for bad in [
        "xyzzy",
        "position startpos moves e2e4 e7e5 e1e3",
        "position startpos moves e2e4 junk e7e5",
        "position fen not/a/fen w - - 0 1",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position startpos moves e7e8k",
        "position startpos moves e2e4 e7e5 e1g1",
        "position fen",
        "position",
        "position startpos junk",
        "setoption name Hash value 0",
        "setoption name Hash value 70000",
        "setoption name Hash value abc",
        "setoption name Hash",
        "setoption name Move Overhead value -1",
        "setoption name Ponder value maybe",
        "setoption name NoSuchOption value 1",
        "setoption Hash 32",
        "go perft 0",
        "perft abc",
    ] {
        expect_one_error(&mut e, bad, &fen);
    }

    // Blank lines are ignored silently.
    for blank in ["", " ", "      ", "\t", " \t  "] {
        e.send(blank);
    }
    let lines = e.sync();
    assert!(lines.is_empty(), "blank lines produced output: {lines:#?}");
    assert_eq!(e.fen(), fen);

    // A 100 KB line of garbage.
    let mut state: u32 = 12345;
    let garbage: String = (0..100_000)
        .map(|_| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let c = (state >> 16) % 40;
            match c {
                0..=25 => (b'a' + c as u8) as char,
                26..=35 => (b'0' + (c - 26) as u8) as char,
                36 => '/',
                _ => ' ',
            }
        })
        .collect();
    let garbage = format!("zz{garbage}");
    expect_one_error(&mut e, &garbage, &fen);

    // The engine still works, from the unchanged position, with its options.
    let lines = e.go("go depth 4");
    assert_legal_bestmove(&play_all(Chess::default(), &["d2d4"]), lines.last().unwrap());
    assert!(e.sync().is_empty());
}

#[test]
fn go_with_a_bad_number_is_reported_and_still_answers() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("position startpos moves e2e4");
    let pos = play_all(Chess::default(), &["e2e4"]);
    // `depth abc` is dropped, leaving a plain `go`: an unbounded search,
    // which `stop` ends like `go infinite`.
    e.send("go depth abc");
    let error = e.expect_line(|l| l.starts_with("info string") || is_bestmove(l), LONG);
    assert!(is_error(&error), "expected an error line for 'go depth abc', got '{error}'");
    thread::sleep(Duration::from_millis(200));
    e.send("stop");
    let lines = e.lines_until(is_bestmove, LONG);
    assert!(!lines.iter().any(|l| l.starts_with("info string")), "more than one error line: {lines:#?}");
    assert_legal_bestmove(&pos, lines.last().unwrap());

    // A bad token next to a good limit: the good limit still applies.
    e.send("go depth 3 frobnicate");
    let lines = e.lines_until(is_bestmove, LONG);
    assert_eq!(lines.iter().filter(|l| is_error(l)).count(), 1, "{lines:#?}");
    let infos = search_infos(&lines);
    assert_eq!(infos.last().and_then(|(_, i)| i.get("depth")), Some(3), "{lines:#?}");
    assert_legal_bestmove(&pos, lines.last().unwrap());
}

#[test]
fn bad_hash_values_keep_the_engine_working() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    for bad in ["setoption name Hash value 0", "setoption name Hash value 70000", "setoption name Hash value abc"] {
        e.send(bad);
        let lines = e.sync();
        assert_eq!(lines.len(), 1, "{bad}: {lines:#?}");
        assert!(is_error(&lines[0]), "{bad}: {lines:#?}");
    }
    e.send("position startpos");
    let lines = e.go("go depth 6");
    assert_legal_bestmove(&Chess::default(), lines.last().unwrap());
    assert!(!lines.iter().any(|l| l.starts_with("info string")), "{lines:#?}");
}

#[test]
fn large_numbers_in_go_do_not_crash() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("position startpos");
    for go in ["go depth 300", "go mate 256", "go depth 1234 nodes 123456789012"] {
        e.send(go);
        thread::sleep(Duration::from_millis(200));
        e.send("stop");
        let lines = e.lines_until(is_bestmove, LONG);
        assert!(!lines.iter().any(|l| is_error(l)), "{go}: {lines:#?}");
        assert_legal_bestmove(&Chess::default(), lines.last().unwrap());
    }
    // A clock with a huge movestogo ends by itself, well within the clock.
    let sent = e.send("go movestogo 300 wtime 1000 btime 1000");
    let lines = e.lines_until(is_bestmove, LONG);
    let took = e.last_at.duration_since(sent);
    assert!(!lines.iter().any(|l| is_error(l)), "{lines:#?}");
    assert!(took < Duration::from_secs(1), "go movestogo 300 wtime 1000: bestmove after {took:?}");
    assert_legal_bestmove(&Chess::default(), lines.last().unwrap());
    assert!(e.sync().is_empty());
}

#[test]
fn trailing_whitespace_is_accepted() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("position startpos moves e2e4 ");
    let lines = e.go("go depth 5 ");
    assert!(!lines.iter().any(|l| is_error(l)), "{lines:#?}");
    let infos = search_infos(&lines);
    assert_eq!(infos.last().and_then(|(_, i)| i.get("depth")), Some(5), "{lines:#?}");
    assert_legal_bestmove(&play_all(Chess::default(), &["e2e4"]), lines.last().unwrap());
    e.send("isready  ");
    e.expect_line(|l| l == "readyok", LONG);
    e.send("  isready\t");
    e.expect_line(|l| l == "readyok", LONG);
}

#[test]
fn four_field_and_shredder_fens_are_accepted() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    assert!(e.sync().is_empty(), "{}", e.context());
    assert_eq!(e.fen(), STARTPOS);

    e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R b KQkq - moves e8g8");
    assert!(e.sync().is_empty(), "{}", e.context());
    assert_eq!(e.fen(), "r4rk1/8/8/8/8/8/8/R3K2R w KQ - 1 2");

    e.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1 moves e2e4");
    assert!(e.sync().is_empty(), "{}", e.context());
    assert_eq!(e.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let lines = e.go("go depth 4");
    assert_legal_bestmove(&play_all(Chess::default(), &["e2e4"]), lines.last().unwrap());

    // En passant squares as GUIs write them (even when no capture is possible).
    e.send("position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert!(e.sync().is_empty(), "{}", e.context());
    assert_eq!(e.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    e.send("position fen rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 moves d4e3");
    assert!(e.sync().is_empty(), "{}", e.context());
    assert_eq!(e.fen(), "rnbqkbnr/ppp1pppp/8/8/8/4p3/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    e.send("position startpos moves e2e4 a7a6 e4e5 d7d5 e5d6");
    assert!(e.sync().is_empty(), "{}", e.context());
    assert_eq!(e.fen(), "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
}

#[test]
fn castling_is_accepted_as_king_to_square_and_king_takes_rook() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    let cases = [
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ["e1g1", "e1h1"], "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ["e1c1", "e1a1"], "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", ["e8g8", "e8h8"], "r4rk1/8/8/8/8/8/8/R3K2R w KQ - 1 2"),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", ["e8c8", "e8a8"], "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2"),
    ];
    for (fen, notations, expected) in cases {
        for castle in notations {
            e.send(&format!("position fen {fen} moves {castle}"));
            assert!(e.sync().is_empty(), "{fen} moves {castle}{}", e.context());
            assert_eq!(e.fen(), expected, "{fen} moves {castle}");
        }
    }
    // In a game from the start position.
    let opening = "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6";
    for castle in ["e1g1", "e1h1"] {
        e.send(&format!("position startpos moves {opening} {castle}"));
        assert!(e.sync().is_empty(), "{}", e.context());
        let fen = e.fen();
        assert_eq!(fen, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4", "after {castle}");
    }
    // The engine's own castling moves come in king-to-square form.
    e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let lines = e.go("go depth 3 searchmoves e1g1");
    assert_eq!(parse_bestmove(lines.last().unwrap()).0, "e1g1", "{lines:#?}");
}
