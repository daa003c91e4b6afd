//! The command flow a GUI relies on: `isready` at any time, `stop`, a new `go` during a
//! search, `quit` and the end of input.

use std::thread;
use std::time::{Duration, Instant};

use shakmaty::Chess;

use crate::common::*;

#[test]
fn isready_answers_readyok_idle_and_while_searching() {
    let _cpu = shared_cpu();
    let mut e = Engine::start();
    e.send("isready");
    let lines = e.lines_until(|l| l == "readyok", LONG);
    assert_eq!(lines, ["readyok"]);

    e.send("position startpos moves e2e4");
    e.send("go infinite");
    thread::sleep(Duration::from_millis(300));
    let asked = e.send("isready");
    let lines = e.lines_until(|l| l == "readyok" || is_bestmove(l), LONG);
    assert_eq!(lines.last().unwrap(), "readyok", "readyok must come before any bestmove under go infinite{}", e.context());
    let latency = e.last_at.duration_since(asked);
    assert!(latency <= Duration::from_secs(1), "readyok took {latency:?} during go infinite");

    e.send("stop");
    let best = e.expect_line(is_bestmove, LONG);
    assert_legal_bestmove(&play_all(Chess::default(), &["e2e4"]), &best);
    assert!(e.sync().is_empty(), "{}", e.context());

    // stop and ponderhit with no search running are ignored silently.
    e.send("stop");
    e.send("ponderhit");
    assert!(e.sync().is_empty(), "{}", e.context());
}

#[test]
fn stop_right_after_go_still_gives_a_legal_move() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    for (position, pos) in [
        ("position startpos".to_string(), Chess::default()),
        (format!("position fen {KIWIPETE}"), pos_from_fen(KIWIPETE)),
        ("position fen 4k3/8/8/8/8/3n4/8/R3K2R w KQ - 0 1".to_string(), pos_from_fen("4k3/8/8/8/8/3n4/8/R3K2R w KQ - 0 1")),
    ] {
        for go in ["go infinite", "go depth 30", "go ponder wtime 1000 btime 1000"] {
            e.send(&position);
            e.send(go);
            e.send("stop");
            let lines = e.lines_until(is_bestmove, LONG);
            assert_legal_bestmove(&pos, lines.last().unwrap());
            assert!(!e.sync().iter().any(|l| is_bestmove(l)), "{}", e.context());
        }
    }
}

#[test]
fn go_infinite_waits_for_stop_then_answers_within_50ms() {
    let _cpu = exclusive_cpu();
    let mut e = Engine::ready();
    let cases = [
        ("position startpos moves e2e4 e7e5".to_string(), play_all(Chess::default(), &["e2e4", "e7e5"])),
        (format!("position fen {KIWIPETE}"), pos_from_fen(KIWIPETE)),
        (format!("position fen {MIDDLEGAME}"), pos_from_fen(MIDDLEGAME)),
        // A mate in one: the search reaches its maximum depth almost at
        // once, and must still hold the bestmove until stop.
        ("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1".to_string(), pos_from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")),
    ];
    for (position, pos) in cases {
        e.send(&position);
        e.send("go infinite");
        let early = e.lines_for(Duration::from_millis(500));
        assert!(!early.iter().any(|l| is_bestmove(l)), "bestmove before stop under go infinite: {early:#?}");
        let stop = e.send("stop");
        let best = e.expect_line(is_bestmove, LONG);
        let latency = e.last_at.duration_since(stop);
        eprintln!("{position}: stop -> bestmove {latency:?}");
        assert!(latency <= Duration::from_millis(50), "{position}: bestmove came {latency:?} after stop (limit 50 ms)");
        assert_legal_bestmove(&pos, &best);
        // Exactly one bestmove.
        let after = e.sync();
        assert!(!after.iter().any(|l| is_bestmove(l)), "a second bestmove: {after:#?}");
    }
}

#[test]
fn a_new_go_during_a_search_gets_its_own_bestmove() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("position startpos");
    e.send("go infinite");
    thread::sleep(Duration::from_millis(200));
    e.send("position startpos moves e2e4");
    e.send("go depth 4");
    let first = e.lines_until(is_bestmove, LONG);
    assert_legal_bestmove(&Chess::default(), first.last().unwrap());
    let second = e.lines_until(is_bestmove, LONG);
    assert_legal_bestmove(&play_all(Chess::default(), &["e2e4"]), second.last().unwrap());
    assert_eq!(search_infos(&second).last().and_then(|(_, i)| i.get("depth")), Some(4), "{second:#?}");
    assert!(!e.sync().iter().any(|l| is_bestmove(l)), "{}", e.context());

    // Twenty searches sent back to back: twenty bestmoves, in order.
    let moves: Vec<String> = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7"].map(String::from).to_vec();
    let mut expected = Vec::new();
    for i in 0..20 {
        let played = &moves[..i / 2];
        e.send(&position_command("startpos", played));
        e.send(if i % 2 == 0 { "go depth 1" } else { "go nodes 300" });
        expected.push(play_all(Chess::default(), &played.iter().map(String::as_str).collect::<Vec<_>>()));
    }
    for (i, pos) in expected.iter().enumerate() {
        let lines = e.lines_until(is_bestmove, LONG);
        assert!(
            legal_move(pos, &parse_bestmove(lines.last().unwrap()).0).is_some(),
            "search {i}: {} is not legal in {}",
            lines.last().unwrap(),
            fen_of(pos)
        );
    }
    assert!(!e.sync().iter().any(|l| is_bestmove(l)), "{}", e.context());
}

#[test]
fn quit_when_idle_exits_promptly() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("quit");
    let status = e.wait_exit(Duration::from_secs(2)).expect("engine still running 2 s after quit");
    assert!(status.success(), "exit status {status}");
}

#[test]
fn quit_during_go_infinite_prints_bestmove_and_exits_promptly() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("position startpos moves g1f3");
    e.send("go infinite");
    thread::sleep(Duration::from_millis(300));
    let quit = Instant::now();
    e.send("quit");
    let status = e.wait_exit(Duration::from_secs(2));
    let took = quit.elapsed();
    assert!(status.is_some(), "engine still running {took:?} after quit during go infinite");
    assert!(status.unwrap().success(), "exit status {}", status.unwrap());
    let rest = e.lines_for(Duration::from_millis(500));
    let best: Vec<&String> = rest.iter().filter(|l| is_bestmove(l)).collect();
    assert_eq!(best.len(), 1, "expected one bestmove before exiting: {rest:#?}");
    assert_legal_bestmove(&play_all(Chess::default(), &["g1f3"]), best[0]);
}

#[test]
fn end_of_input_ends_the_process_promptly() {
    let _cpu = shared_cpu();
    // Idle.
    let mut e = Engine::ready();
    e.close_stdin();
    let status = e.wait_exit(Duration::from_secs(2)).expect("engine still running 2 s after end of input");
    assert!(status.success(), "exit status {status}");

    // During a search.
    let mut e = Engine::ready();
    e.send("position startpos");
    e.send("go infinite");
    thread::sleep(Duration::from_millis(300));
    e.close_stdin();
    let status = e.wait_exit(Duration::from_secs(2)).expect("engine still running 2 s after end of input during go infinite");
    assert!(status.success(), "exit status {status}");
    let rest = e.lines_for(Duration::from_millis(500));
    let best: Vec<&String> = rest.iter().filter(|l| is_bestmove(l)).collect();
    assert_eq!(best.len(), 1, "expected one bestmove before exiting: {rest:#?}");
    assert_legal_bestmove(&Chess::default(), best[0]);
}
