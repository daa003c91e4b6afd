//! The opening book: `OwnBook` plays the bundled book's moves at once and leaves it for good.

use std::time::Duration;

use shakmaty::Chess;

use crate::common::*;
use crate::expect_one_error;

/// Writes a Polyglot book built from `lines` to a fresh temporary file.
fn temporary_book(name: &str, lines: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("intrigue-test-{}-{name}.bin", std::process::id()));
    std::fs::write(&path, intrigue::book::source::build(lines).unwrap()).unwrap();
    path
}

fn is_book_move(line: &str) -> bool {
    line.starts_with("info string book move")
}

#[test]
fn own_book_plays_the_bundled_books_moves_at_once() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    // Off by default: the engine searches.
    e.send("position startpos");
    let lines = e.go("go depth 3");
    assert!(!lines.iter().any(|l| is_book_move(l)) && !search_infos(&lines).is_empty(), "{lines:#?}");

    e.send("setoption name OwnBook value true");
    let first_moves = ["e2e4", "d2d4", "c2c4", "g1f3", "b2b3", "g2g3"];
    let mut seen = std::collections::HashSet::new();
    for _ in 0..20 {
        let lines = e.go("go wtime 60000 btime 60000");
        assert!(lines.iter().any(|l| is_book_move(l)), "{lines:#?}");
        let (best, ponder) = parse_bestmove(lines.last().unwrap());
        assert!(first_moves.contains(&best.as_str()), "{best} is not a book move");
        let after = play_all(Chess::default(), &[&best]);
        assert!(legal_move(&after, ponder.as_deref().expect("the book's reply as ponder move")).is_some());
        seen.insert(best);
    }
    assert!(seen.len() >= 2, "weighted random choice should vary: {seen:?}");
    e.send("setoption name BestBookMove value true");
    for _ in 0..5 {
        assert_eq!(parse_bestmove(e.go("go wtime 60000 btime 60000").last().unwrap()).0, "e2e4");
    }
    // Pondering never answers from the book: no bestmove before stop.
    e.send("go ponder wtime 60000 btime 60000");
    let early = e.lines_for(Duration::from_millis(300));
    assert!(!early.iter().any(|l| is_bestmove(l) || is_book_move(l)), "{early:#?}");
    e.send("stop");
    e.expect_line(is_bestmove, LONG);
    // Out of book, the engine searches.
    e.send("position startpos moves a2a3 h7h6");
    let lines = e.go("go depth 3");
    assert!(!lines.iter().any(|l| is_book_move(l)) && !search_infos(&lines).is_empty(), "{lines:#?}");
}

#[test]
fn a_game_that_left_the_book_stays_out_of_it() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    let book = temporary_book("transposition", "e4 e5 Nf3 Nc6 Bb5\n");
    e.send("setoption name OwnBook value true");
    e.send(&format!("setoption name BookFile value {}", book.display()));
    e.expect_line(|l| l.starts_with("info string book") && l.contains("5 entries"), LONG);
    // 1.Nf3 is not in the book: Black searches, and the game has left it …
    e.send("position startpos moves g1f3");
    assert!(!e.go("go depth 2").iter().any(|l| is_book_move(l)));
    // … so 1.Nf3 e5 2.e4, the book's position after 1.e4 e5 2.Nf3, is searched too.
    e.send("position startpos moves g1f3 e7e5 e2e4");
    assert!(!e.go("go depth 2").iter().any(|l| is_book_move(l)));
    // A new game starts in the book again, and reaches it by transposition.
    e.send("ucinewgame");
    e.send("position startpos moves g1f3 e7e5 e2e4");
    let lines = e.go("go depth 2");
    assert!(lines.iter().any(|l| is_book_move(l)), "{lines:#?}");
    assert_eq!(parse_bestmove(lines.last().unwrap()).0, "b8c6");
    // A missing or broken book file is refused and the loaded one kept.
    let fen = e.fen();
    expect_one_error(&mut e, "setoption name BookFile value /nonexistent/book.bin", &fen);
    let broken = std::env::temp_dir().join(format!("intrigue-test-{}-broken.bin", std::process::id()));
    std::fs::write(&broken, [0u8; 17]).unwrap();
    expect_one_error(&mut e, &format!("setoption name BookFile value {}", broken.display()), &fen);
    e.send("ucinewgame");
    e.send("position startpos moves e2e4 e7e5");
    assert_eq!(parse_bestmove(e.go("go depth 2").last().unwrap()).0, "g1f3");
    let _ = std::fs::remove_file(book);
    let _ = std::fs::remove_file(broken);
}
