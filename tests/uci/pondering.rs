//! Pondering: `bestmove` held until `ponderhit` or `stop`.

use std::time::Duration;

use shakmaty::{Chess, Position};

use crate::common::*;

#[test]
fn go_ponder_holds_bestmove_until_ponderhit() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("setoption name Ponder value true");
    let pos = play_all(Chess::default(), &["e2e4", "e7e5"]);
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 1000 btime 1000");
    let early = e.lines_for(Duration::from_millis(500));
    assert!(!early.iter().any(|l| is_bestmove(l)), "bestmove while pondering: {early:#?}");
    let hit = e.send("ponderhit");
    let best = e.expect_line(is_bestmove, LONG);
    let took = e.last_at.duration_since(hit);
    assert!(took <= Duration::from_secs(1), "bestmove came {took:?} after ponderhit with 1 s on the clock");
    assert_legal_bestmove(&pos, &best);
    assert!(!e.sync().iter().any(|l| is_bestmove(l)), "{}", e.context());
}

#[test]
fn go_ponder_holds_bestmove_even_when_the_search_is_done() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("setoption name Ponder value true");
    // One legal move (the king must take the rook): the search ends at once.
    let fen = "7k/8/8/8/8/8/6r1/7K w - - 0 1";
    let pos = pos_from_fen(fen);
    assert_eq!(pos.legal_moves().len(), 1);
    e.send(&format!("position fen {fen}"));
    e.send("go ponder wtime 1000 btime 1000");
    let early = e.lines_for(Duration::from_millis(500));
    assert!(!early.iter().any(|l| is_bestmove(l)), "bestmove while pondering: {early:#?}");
    e.send("ponderhit");
    let best = e.expect_line(is_bestmove, Duration::from_secs(2));
    assert_legal_bestmove(&pos, &best);
}

#[test]
fn go_ponder_then_stop_answers_at_once() {
    let _cpu = exclusive_cpu();
    let mut e = Engine::ready();
    e.send("setoption name Ponder value true");
    let pos = play_all(Chess::default(), &["d2d4", "g8f6"]);
    e.send("position startpos moves d2d4 g8f6");
    e.send("go ponder wtime 1000 btime 1000 winc 10 binc 10");
    let early = e.lines_for(Duration::from_millis(300));
    assert!(!early.iter().any(|l| is_bestmove(l)), "bestmove while pondering: {early:#?}");
    let stop = e.send("stop");
    let best = e.expect_line(is_bestmove, LONG);
    let took = e.last_at.duration_since(stop);
    assert!(took <= Duration::from_millis(100), "bestmove came {took:?} after stop during ponder");
    assert_legal_bestmove(&pos, &best);
    assert!(!e.sync().iter().any(|l| is_bestmove(l)), "{}", e.context());
}
