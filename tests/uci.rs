//! The real `intrigue` binary driven over UCI pipes, the way a GUI drives
//! it: every test spawns the engine, writes commands to its stdin and reads
//! its stdout line by line, checking what a user would notice (replies,
//! their order, their timing, the legality of every move printed).
//!
//! Timing: everything that normally takes milliseconds gets a generous
//! `LONG` timeout so that a loaded 2-core CI machine passes. The tests that
//! are *about* latency (stop → bestmove, movetime, tiny clocks) take an
//! exclusive lock so that no other test's engine competes for the CPU while
//! they measure; all other tests take the lock shared.

mod common;

use std::collections::HashMap;
use std::process::Command;
use std::thread;
use std::time::{Duration, Instant};

use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

use common::*;

// ---------------------------------------------------------------------------
// 1. Handshake.

#[test]
fn uci_handshake_identifies_and_declares_options() {
    let _cpu = shared_cpu();
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.lines_until(|l| l == "uciok", LONG);
    assert_eq!(lines[0], format!("id name Intrigue {}", env!("CARGO_PKG_VERSION")), "{lines:#?}");
    assert!(lines[1].starts_with("id author ") && lines[1].len() > "id author ".len(), "second line should be 'id author …': {lines:#?}");
    for declaration in PLAYER_DECLARATIONS {
        assert_eq!(lines.iter().filter(|l| *l == declaration).count(), 1, "expected exactly one '{declaration}' in {lines:#?}");
    }
    for line in &lines[2..lines.len() - 1] {
        assert!(line.starts_with("option name "), "unexpected line in the uci reply: '{line}'");
    }
    // A GUI's dialog shows the options a player sets, not the research knobs.
    let options = lines.len() - 3;
    assert!((15..=22).contains(&options), "{options} options in the default listing: {lines:#?}");
    for knob in RESEARCH_KNOBS {
        assert!(!lines.iter().any(|l| l.starts_with(&format!("option name {knob} "))), "{knob} listed by default: {lines:#?}");
    }
    assert_eq!(lines.last().unwrap(), "uciok");
    // Nothing trails the uciok: the next reply is the readyok.
    assert!(e.sync().is_empty(), "{}", e.context());
}

const PLAYER_DECLARATIONS: [&str; 16] = [
    "option name Hash type spin default 16 min 1 max 65536",
    "option name Clear Hash type button",
    "option name Move Overhead type spin default 10 min 0 max 5000",
    "option name Ponder type check default false",
    "option name SearchMode type combo default Interest var Interest var AlphaBeta",
    "option name UCI_Chess960 type check default false",
    "option name UCI_ShowWDL type check default false",
    "option name MultiPV type spin default 1 min 1 max 256",
    "option name OwnBook type check default false",
    "option name Use NNUE type check default true",
    "option name BookFile type string default <bundled>",
    "option name SyzygyPath type string default <empty>",
    "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
    "option name Syzygy50MoveRule type check default true",
    "option name UCI_LimitStrength type check default false",
    "option name UCI_Elo type spin default 2850 min 1350 max 2850",
];

const RESEARCH_KNOBS: [&str; 6] =
    ["SeparateTallies", "InterestModel", "LateMoveReductions", "ForwardEstimation", "ConspiracyDepth", "LmrBase"];

#[test]
fn all_options_lists_the_research_knobs_and_setoption_reaches_them_either_way() {
    let _cpu = shared_cpu();
    let mut e = Engine::start_with(&["--all-options"], &[]);
    e.send("uci");
    let lines = e.lines_until(|l| l == "uciok", LONG);
    for declaration in PLAYER_DECLARATIONS.iter().copied().chain([
        "option name SeparateTallies type check default false",
        "option name InterestModel type combo default Terms var Terms var Learned",
        "option name LateMoveReductions type check default true",
        "option name LateMovePruning type check default true",
        "option name ForwardEstimation type check default false",
        "option name ConspiracyDepth type spin default 0 min 0 max 4",
        "option name LmrBase type spin default 75 min 0 max 300",
    ]) {
        assert_eq!(lines.iter().filter(|l| *l == declaration).count(), 1, "expected exactly one '{declaration}' in {lines:#?}");
    }
    assert!(lines.len() - 3 > 45, "{lines:#?}");
    // Without the flag a knob is unlisted but still set: the same search.
    // LmrBase is alpha-beta's.
    e.send("setoption name SearchMode value AlphaBeta");
    let listed = uci_bench_nodes(&mut e, 6);
    e.send("setoption name LmrBase value 250");
    let reduced = uci_bench_nodes(&mut e, 6);
    assert!(reduced < listed);
    let mut plain = Engine::ready();
    plain.send("setoption name SearchMode value AlphaBeta");
    assert_eq!(uci_bench_nodes(&mut plain, 6), listed);
    plain.send("setoption name LmrBase value 250");
    assert_eq!(uci_bench_nodes(&mut plain, 6), reduced, "an unlisted knob is set all the same");
}

// ---------------------------------------------------------------------------
// 2. isready.

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

// ---------------------------------------------------------------------------
// 3. go infinite / stop.

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

// ---------------------------------------------------------------------------
// 4. Search limits.

#[test]
fn go_depth_stops_at_that_depth() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("position startpos");
    let lines = e.go("go depth 5");
    let infos = search_infos(&lines);
    assert!(!infos.is_empty(), "no info lines: {lines:#?}");
    for (line, info) in &infos {
        assert!(info.get("depth").unwrap() <= 5, "deeper than asked: {line}");
    }
    let (last, info) = infos.last().unwrap();
    assert_eq!(info.get("depth"), Some(5), "last info should be depth 5: {last}");
    assert_legal_bestmove(&Chess::default(), lines.last().unwrap());
}

#[test]
fn go_nodes_stops_by_itself_within_the_budget() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    for (position, pos) in
        [("position startpos".to_string(), Chess::default()), (format!("position fen {KIWIPETE}"), pos_from_fen(KIWIPETE))]
    {
        e.send(&position);
        let lines = e.go("go nodes 5000");
        let infos = search_infos(&lines);
        assert!(!infos.is_empty(), "no info lines: {lines:#?}");
        for (line, info) in &infos {
            let nodes = info.get("nodes").unwrap_or_else(|| panic!("no nodes in {line}"));
            assert!(nodes <= 5000, "{position}: more nodes than the budget of 5000: {line}");
        }
        assert_legal_bestmove(&pos, lines.last().unwrap());
    }
    // A budget too small for even one iteration still gives a legal move.
    e.send("position startpos moves e2e4");
    let lines = e.go("go nodes 1");
    for (line, info) in search_infos(&lines) {
        assert!(info.get("nodes").unwrap() <= 1, "more nodes than the budget of 1: {line}");
    }
    assert_legal_bestmove(&play_all(Chess::default(), &["e2e4"]), lines.last().unwrap());
}

#[test]
fn go_movetime_is_honoured() {
    let _cpu = exclusive_cpu();
    let mut e = Engine::ready();
    for (position, pos) in
        [("position startpos".to_string(), Chess::default()), (format!("position fen {MIDDLEGAME}"), pos_from_fen(MIDDLEGAME))]
    {
        e.send(&position);
        let go = e.send("go movetime 300");
        let best = e.expect_line(is_bestmove, LONG);
        let took = e.last_at.duration_since(go);
        eprintln!("{position}: go movetime 300 -> bestmove {took:?}");
        // Exactly the time asked for, less the 10 ms `Move Overhead`: a
        // stable best move must not end a fixed-time search early.
        assert!(
            took >= Duration::from_millis(280) && took <= Duration::from_millis(450),
            "{position}: go movetime 300 answered after {took:?} (expected 280..450 ms)"
        );
        assert_legal_bestmove(&pos, &best);
    }
}

// ---------------------------------------------------------------------------
// 5. Info lines.

#[test]
fn info_lines_are_complete_and_their_pvs_legal() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    let fen_case = |fen: &str, score: Option<Score>| (format!("position fen {fen}"), pos_from_fen(fen), score);
    let cases = [
        ("position startpos moves e2e4 c7c5 g1f3".to_string(), play_all(Chess::default(), &["e2e4", "c7c5", "g1f3"]), None),
        fen_case(KIWIPETE, None),
        fen_case(MIDDLEGAME, None),
        // An endgame with promotions in the tree.
        fen_case("8/5P2/8/8/8/2k5/p7/4K3 w - - 0 1", None),
        // Mate in one for white: reported as `mate 1`.
        fen_case("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", Some(Score::Mate(1))),
        // Black's only move allows mate in one: reported as `mate -1`.
        fen_case("k7/8/1K6/8/8/8/8/7R b - - 0 1", Some(Score::Mate(-1))),
    ];
    for (position, pos, final_score) in cases {
        e.send(&position);
        let lines = e.go("go depth 7");
        let infos = search_infos(&lines);
        assert!(!infos.is_empty(), "{position}: no info lines: {lines:#?}");
        for (line, info) in &infos {
            if let Some(pv) = &info.pv {
                assert!(!pv.is_empty(), "empty pv in {line}");
                assert_legal_line(&pos, pv, line);
            }
            if info.score.is_some() {
                for key in ["depth", "seldepth", "nodes", "nps", "time", "hashfull"] {
                    assert!(info.get(key).is_some(), "{position}: '{key}' missing in {line}");
                }
                assert!(info.pv.is_some(), "{position}: pv missing in {line}");
                assert!(info.get("seldepth").unwrap() >= info.get("depth").unwrap(), "seldepth below depth in {line}");
                let hashfull = info.get("hashfull").unwrap();
                assert!((0..=1000).contains(&hashfull), "hashfull out of 0..1000 in {line}");
            }
        }
        let best = assert_legal_bestmove(&pos, lines.last().unwrap());
        // The bestmove is the first move of the last pv.
        let last_pv = infos.iter().rev().find_map(|(_, i)| i.pv.clone()).expect("some pv");
        assert_eq!(legal_move(&pos, &last_pv[0]), Some(best), "{position}: bestmove differs from the last pv's first move{}", e.context());
        if let Some(score) = final_score {
            let (line, info) = infos.last().unwrap();
            assert_eq!(info.score, Some(score), "{position}: wrong final score in {line}");
            // A mate's pv plays it out to the mate.
            let mut p = pos.clone();
            for m in info.pv.as_ref().unwrap() {
                p.play_unchecked(legal_move(&p, m).unwrap());
            }
            assert!(p.is_checkmate(), "{position}: the mate pv does not end in mate: {line}");
        }
    }
}

// ---------------------------------------------------------------------------
// 6. bestmove legality.

#[test]
fn bestmove_and_ponder_move_are_legal_in_varied_positions() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    let fens = [
        MIDDLEGAME,
        KIWIPETE,
        // In check from a knight; castling rights present but unusable.
        "4k3/8/8/8/8/3n4/8/R3K2R w KQ - 0 1",
        // In check from a queen, with captures and interpositions available.
        "rnb1kbnr/pppp1ppp/8/4p3/5P1q/8/PPPPP1PP/RNBQKBNR w KQkq - 1 3",
        // Promotions, both colours.
        "8/P7/8/8/8/8/k7/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/p6K/8 b - - 0 1",
        // Promotion onto a square the enemy queen covers.
        "3q4/P3k3/8/8/8/8/8/K7 w - - 0 1",
        // En passant available.
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ];
    for fen in fens {
        let pos = pos_from_fen(fen);
        e.send(&format!("position fen {fen}"));
        let lines = e.go("go depth 6");
        assert_legal_bestmove(&pos, lines.last().unwrap());
    }
    let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1"];
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    let lines = e.go("go depth 6");
    assert_legal_bestmove(&play_all(Chess::default(), &moves), lines.last().unwrap());
    // And once with a clock, which is how ponder moves are normally used.
    e.send("setoption name Ponder value true");
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    let lines = e.go("go wtime 3000 btime 3000 winc 100 binc 100");
    assert_legal_bestmove(&play_all(Chess::default(), &moves), lines.last().unwrap());
}

#[test]
fn interest_mode_plays_legal_moves_with_legal_lines() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("setoption name SearchMode value Interest");
    let fens = [
        MIDDLEGAME,
        KIWIPETE,
        "4k3/8/8/8/8/3n4/8/R3K2R w KQ - 0 1",
        "8/P7/8/8/8/8/k7/4K3 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ];
    for (fen, go) in fens.iter().flat_map(|f| [(f, "go depth 4"), (f, "go movetime 150")]) {
        let pos = pos_from_fen(fen);
        e.send(&format!("position fen {fen}"));
        let lines = e.go(go);
        let infos = search_infos(&lines);
        assert!(!infos.is_empty(), "{go} on {fen}: no info lines");
        for (line, info) in &infos {
            assert_legal_line(&pos, info.pv.as_deref().unwrap_or_default(), line);
        }
        assert_legal_bestmove(&pos, lines.last().unwrap());
    }
    // A mate in one is found in interest mode at depth 1, as in alpha-beta:
    // the first ply is searched in full.
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    let lines = e.go("go depth 1");
    assert_eq!(parse_bestmove(lines.last().unwrap()).0, "d1d8");
    // Switching back and forth between games is just an option.
    e.send("setoption name SearchMode value AlphaBeta");
    e.send("ucinewgame");
    e.send("position startpos");
    let lines = e.go("go depth 5");
    assert_legal_bestmove(&Chess::default(), lines.last().unwrap());
    let fen = e.fen();
    expect_one_error(&mut e, "setoption name SearchMode value Minimax", &fen);
    expect_one_error(&mut e, "setoption name InterestSiblingShare value -1", &fen);
    expect_one_error(&mut e, "setoption name InterestDeepening value 101", &fen);
    expect_one_error(&mut e, "setoption name InterestCutoff value maybe", &fen);
}

/// The `multipv k` lines of the last completed iteration of `lines`.
fn last_iteration_lines(lines: &[String]) -> Vec<(String, Info)> {
    let infos = search_infos(lines);
    let last_depth = infos.last().and_then(|(_, i)| i.get("depth")).expect("an info line with a depth");
    infos.into_iter().filter(|(_, i)| i.get("depth") == Some(last_depth)).collect()
}

fn score_value(score: Score) -> i64 {
    match score {
        Score::Cp(cp) => cp as i64,
        Score::Mate(n) if n > 0 => 1_000_000 - n as i64,
        Score::Mate(n) => -1_000_000 - n as i64,
    }
}

#[test]
fn multipv_reports_distinct_best_lines_in_both_modes() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("setoption name MultiPV value 3");
    // `go depth` is in plies in both modes.
    for (mode, go) in [("AlphaBeta", "go depth 5"), ("Interest", "go depth 5")] {
        e.send(&format!("setoption name SearchMode value {mode}"));
        for fen in [MIDDLEGAME, KIWIPETE, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"] {
            let pos = pos_from_fen(fen);
            e.send(&format!("position fen {fen}"));
            let lines = e.go(go);
            let last = last_iteration_lines(&lines);
            let ks: Vec<i64> = last.iter().map(|(_, i)| i.get("multipv").unwrap()).collect();
            assert_eq!(ks, [1, 2, 3], "{mode} {fen}: the last iteration's lines{}", e.context());
            let firsts: Vec<&String> = last.iter().map(|(_, i)| &i.pv.as_ref().expect("a pv")[0]).collect();
            assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{mode} {fen}: {firsts:?}");
            let scores: Vec<i64> = last.iter().map(|(_, i)| score_value(i.score.expect("a score"))).collect();
            assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{mode} {fen}: lines not best first: {scores:?}");
            for (line, info) in &last {
                assert_legal_line(&pos, info.pv.as_deref().unwrap(), line);
            }
            assert_eq!(&parse_bestmove(lines.last().unwrap()).0, firsts[0], "{mode} {fen}: bestmove is line 1's move");
        }
    }
    // Asking for more lines than there are legal moves gives one line per move.
    e.send("setoption name MultiPV value 10");
    e.send("position fen 7k/8/8/8/8/8/6q1/7K w - - 0 1");
    let lines = e.go("go depth 4");
    let last = last_iteration_lines(&lines);
    assert_eq!(last.len(), 1, "Kxg2 is the only legal move{}", e.context());
    let fen = e.fen();
    expect_one_error(&mut e, "setoption name MultiPV value 0", &fen);
    expect_one_error(&mut e, "setoption name MultiPV value 257", &fen);
}

/// What a GUI's analysis pane shows after each burst of reports (just
/// before each `multipv 1` line, and at the end): the latest line of each
/// MultiPV index. Panics when two indices hold the same root move; returns
/// whether a stop inside an iteration left lines of two depths on screen.
fn assert_distinct_lines_on_screen(lines: &[String], context: &str) -> bool {
    let mut screen: HashMap<i64, (String, i64)> = HashMap::new();
    let check = |screen: &HashMap<i64, (String, i64)>, when: &str| {
        let mut firsts: Vec<&String> = screen.values().map(|(m, _)| m).collect();
        firsts.sort();
        let n = firsts.len();
        firsts.dedup();
        assert_eq!(firsts.len(), n, "{when}: one root move shown twice: {screen:?}{context}");
        let depths: Vec<i64> = screen.values().map(|&(_, d)| d).collect();
        depths.iter().any(|&d| d != depths[0])
    };
    for (_, info) in search_infos(lines) {
        let (Some(k), Some(pv)) = (info.get("multipv"), info.pv.as_ref()) else { continue };
        if k == 1 {
            check(&screen, "before a new burst");
        }
        screen.insert(k, (pv[0].clone(), info.get("depth").unwrap()));
    }
    let mixed = check(&screen, "at the end");
    let played = parse_bestmove(lines.last().unwrap()).0;
    assert_eq!(screen.get(&1).map(|(m, _)| m), Some(&played), "line 1 shows the move played{context}");
    mixed
}

#[test]
fn multipv_lines_stay_distinct_when_a_stop_cuts_an_iteration() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("setoption name MultiPV value 3");
    // Node limits stop the search inside an iteration at a repeatable
    // point; these left line 1 at a new depth beside an older line of the
    // same move before the fix. `movetime 500` is what the issue tried.
    let mut cut = 0;
    for mode in ["Interest", "AlphaBeta"] {
        e.send(&format!("setoption name SearchMode value {mode}"));
        for go in ["go nodes 69632", "go nodes 366593", "go nodes 120000", "go nodes 250000", "go movetime 500"] {
            e.send("ucinewgame");
            e.send("position startpos");
            let lines = e.go(go);
            cut += assert_distinct_lines_on_screen(&lines, &format!("\n{mode}, {go}{}", e.context())) as usize;
        }
    }
    assert!(cut >= 2, "only {cut} searches stopped inside an iteration: the test no longer tests the stop");
}

// ---------------------------------------------------------------------------
// 7. No legal moves.

#[test]
fn no_legal_moves_gives_bestmove_none_at_once() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    let positions = [
        // Fool's mate, reached through moves.
        "position startpos moves f2f3 e7e5 g2g4 d8h4",
        // Checkmated from a FEN.
        "position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        // Stalemated.
        "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    ];
    for position in positions {
        for go in ["go depth 5", "go infinite", "go wtime 1000 btime 1000"] {
            e.send(position);
            let sent = e.send(go);
            let lines = e.lines_until(is_bestmove, LONG);
            let took = e.last_at.duration_since(sent);
            assert_eq!(lines.last().unwrap(), "bestmove (none)", "{position} / {go}{}", e.context());
            assert!(took <= Duration::from_secs(2), "{position} / {go}: bestmove (none) took {took:?}");
            // `stop` afterwards must not produce a second bestmove.
            e.send("stop");
            let after = e.sync();
            assert!(!after.iter().any(|l| is_bestmove(l)), "{position} / {go}: second bestmove: {after:#?}");
        }
    }
}

// ---------------------------------------------------------------------------
// 8. go mate, go searchmoves.

#[test]
fn go_mate_finds_the_mate_in_two() {
    let _cpu = shared_cpu();
    // 1. Nf6+ gxf6 2. Bxf7# (Legal's mate pattern).
    let fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10";
    let pos = pos_from_fen(fen);
    assert!(!forced_mate(&pos, 1) && forced_mate(&pos, 2), "test position should be a mate in 2 exactly");
    let mut e = Engine::ready();
    e.send(&format!("position fen {fen}"));
    let lines = e.go("go mate 2");
    let infos = search_infos(&lines);
    assert!(infos.iter().any(|(_, i)| i.score == Some(Score::Mate(2))), "no 'score mate 2' reported: {lines:#?}");
    let best = assert_legal_bestmove(&pos, lines.last().unwrap());
    assert!(forces_mate_after(&pos, best, 2), "bestmove does not force mate in 2: {}", lines.last().unwrap());
    // The final pv is three plies ending in mate.
    let (line, info) = infos.last().unwrap();
    assert_eq!(info.score, Some(Score::Mate(2)), "{line}");
    let pv = info.pv.as_ref().unwrap();
    let mut p = pos.clone();
    for m in pv {
        p.play_unchecked(legal_move(&p, m).unwrap());
    }
    assert!(pv.len() == 3 && p.is_checkmate(), "the mate-in-2 pv is not a mate in 3 plies: {line}");
}

#[test]
fn go_searchmoves_restricts_the_root() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("position startpos");
    let lines = e.go("go depth 4 searchmoves a2a3 h2h3");
    assert!(!lines.iter().any(|l| is_error(l)), "searchmoves reported an error: {lines:#?}");
    let (best, _) = parse_bestmove(lines.last().unwrap());
    assert!(best == "a2a3" || best == "h2h3", "bestmove {best} is not among searchmoves a2a3 h2h3");
    for (line, info) in search_infos(&lines) {
        if let Some(pv) = info.pv {
            assert!(pv[0] == "a2a3" || pv[0] == "h2h3", "pv outside searchmoves: {line}");
        }
    }
    // From a FEN with black to move, and searchmoves after the limits.
    e.send(&format!("position fen {KIWIPETE} moves e1g1"));
    let lines = e.go("go depth 4 searchmoves a8b8 h8g8");
    let (best, _) = parse_bestmove(lines.last().unwrap());
    assert!(best == "a8b8" || best == "h8g8", "bestmove {best} is not among searchmoves a8b8 h8g8");
    // An illegal searchmove is reported and ignored; the legal one stays.
    e.send("position startpos");
    let lines = e.go("go depth 3 searchmoves e2e5 b1c3");
    assert_eq!(lines.iter().filter(|l| is_error(l)).count(), 1, "{lines:#?}");
    assert_eq!(parse_bestmove(lines.last().unwrap()).0, "b1c3", "{lines:#?}");
}

// ---------------------------------------------------------------------------
// 9. Pondering.

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

// ---------------------------------------------------------------------------
// 10. Bad input.

/// Sends `bad`, expects exactly one error line (before the next readyok),
/// then checks the position is still `fen`.
#[track_caller]
fn expect_one_error(e: &mut Engine, bad: &str, fen: &str) {
    e.send(bad);
    let lines = e.sync();
    let errors = lines.iter().filter(|l| is_error(l)).count();
    assert!(
        errors == 1 && lines.len() == 1,
        "'{}' should give exactly one 'info string error:' line, got {:#?}",
        shorten(bad),
        lines.iter().map(|l| shorten(l)).collect::<Vec<_>>()
    );
    assert_eq!(e.fen(), fen, "position changed after '{}'", shorten(bad));
}

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

// ---------------------------------------------------------------------------
// 11. What vampirc-uci alone would get wrong.

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

#[test]
fn option_names_are_case_insensitive() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    for ok in [
        "setoption name hash value 32",
        "setoption name HASH value 16",
        "setoption name move overhead value 20",
        "setoption name MOVE OVERHEAD value 10",
        "setoption name ponder value true",
        "setoption name Ponder value false",
        "setoption name clear hash",
        "setoption name Hash value 8 ",
    ] {
        e.send(ok);
        let lines = e.sync();
        assert!(lines.is_empty(), "'{ok}' produced output: {lines:#?}");
    }
    e.send("position startpos");
    let lines = e.go("go depth 5");
    assert_legal_bestmove(&Chess::default(), lines.last().unwrap());
}

#[test]
fn threads_option_runs_helpers_and_still_answers_legally() {
    let _cpu = exclusive_cpu();
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.lines_until(|l| l == "uciok", LONG);
    let max = std::thread::available_parallelism().map_or(1, |n| n.get()) * 4;
    let declared = format!("option name Threads type spin default 1 min 1 max {max}");
    assert!(lines.contains(&declared), "expected '{declared}' in {lines:#?}");
    e.send("setoption name Threads value 2");
    assert!(e.sync().is_empty());
    e.send(&format!("position fen {MIDDLEGAME}"));
    let lines = e.go("go movetime 300");
    assert_legal_bestmove(&pos_from_fen(MIDDLEGAME), lines.last().unwrap());
    // A stop during a two-thread infinite search still answers at once.
    e.send("go infinite");
    thread::sleep(Duration::from_millis(200));
    let stop = e.send("stop");
    let best = e.expect_line(is_bestmove, LONG);
    assert!(e.last_at - stop < Duration::from_millis(50), "bestmove {:?} after stop", e.last_at - stop);
    assert_legal_bestmove(&pos_from_fen(MIDDLEGAME), &best);
    e.send(&format!("setoption name Threads value {}", max + 1));
    assert_eq!(e.sync().iter().filter(|l| is_error(l)).count(), 1);
}

// ---------------------------------------------------------------------------
// 12. Perft.

fn perft_lines(e: &mut Engine, cmd: &str) -> (Vec<(String, u64)>, u64) {
    e.send(cmd);
    let lines = e.lines_until(|l| l.starts_with("Nodes searched: "), Duration::from_secs(30));
    let total: u64 = lines.last().unwrap()["Nodes searched: ".len()..].trim().parse().expect("a node count");
    let moves = lines[..lines.len() - 1]
        .iter()
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (m, n) = l.split_once(": ").unwrap_or_else(|| panic!("unexpected perft line '{l}'"));
            (m.to_string(), n.parse::<u64>().unwrap_or_else(|_| panic!("unexpected perft line '{l}'")))
        })
        .collect();
    (moves, total)
}

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

/// The node count of a `bench` over UCI.
fn uci_bench_nodes(e: &mut Engine, depth: u32) -> u64 {
    e.send(&format!("bench {depth}"));
    let lines = e.lines_until(|l| l.starts_with("Nodes/second"), Duration::from_secs(60));
    let nodes = lines.iter().find_map(|l| l.strip_prefix("Nodes searched  : ")).expect("a 'Nodes searched' line");
    nodes.trim().parse().expect("a node count")
}

#[test]
fn tunable_search_constants_are_uci_options_that_steer_the_search() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    // The late-move knobs are alpha-beta's.
    e.send("setoption name SearchMode value AlphaBeta");
    let default = uci_bench_nodes(&mut e, 6);
    e.send("setoption name LmrBase value 250");
    let reduced = uci_bench_nodes(&mut e, 6);
    assert!(reduced < default, "larger reductions should search fewer nodes: {reduced} vs {default}");
    e.send("setoption name LmrBase value 75");
    assert_eq!(uci_bench_nodes(&mut e, 6), default, "restoring the default restores the search");
    let fen = e.fen();
    expect_one_error(&mut e, "setoption name NmpBase value 7", &fen);
    assert_eq!(uci_bench_nodes(&mut e, 6), default, "a rejected value changes nothing");
}

#[test]
fn late_move_switches_and_the_interest_model_steer_the_search() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    // The late-move knobs are alpha-beta's.
    e.send("setoption name SearchMode value AlphaBeta");
    let default = uci_bench_nodes(&mut e, 6);
    e.send("setoption name LateMoveReductions value false");
    let unreduced = uci_bench_nodes(&mut e, 6);
    assert!(unreduced > default, "without reductions more nodes: {unreduced} vs {default}");
    e.send("setoption name LateMovePruning value false");
    let plain = uci_bench_nodes(&mut e, 6);
    assert!(plain > unreduced, "without late-move pruning more still: {plain} vs {unreduced}");
    e.send("setoption name LateMoveReductions value true");
    e.send("setoption name LateMovePruning value true");
    assert_eq!(uci_bench_nodes(&mut e, 6), default, "switching both back restores the search");

    e.send("setoption name SearchMode value Interest");
    let terms = uci_bench_nodes(&mut e, 6);
    e.send("setoption name InterestModel value Learned");
    let learned = uci_bench_nodes(&mut e, 6);
    assert_ne!(learned, terms, "the learned weights price moves otherwise");
    let fen = e.fen();
    expect_one_error(&mut e, "setoption name InterestModel value Neural", &fen);
    assert_eq!(uci_bench_nodes(&mut e, 6), learned, "a rejected model changes nothing");
    e.send("setoption name InterestLearnedShare value 0");
    assert_ne!(uci_bench_nodes(&mut e, 6), learned, "the share tempers the fit");
}

fn final_evaluation(e: &mut Engine) -> i64 {
    e.send("eval");
    let lines = e.lines_until(|l| l.starts_with("Final evaluation"), LONG);
    let last = lines.last().expect("a 'Final evaluation' line");
    last.split_whitespace().nth(2).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("a number in '{last}'"))
}

#[test]
fn use_nnue_switches_between_the_network_and_the_classical_evaluation() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    let network = final_evaluation(&mut e);
    let network_nodes = uci_bench_nodes(&mut e, 6);
    e.send("setoption name Use NNUE value false");
    let classical = final_evaluation(&mut e);
    let classical_nodes = uci_bench_nodes(&mut e, 6);
    assert_ne!(network_nodes, classical_nodes, "another evaluation searches another tree");
    e.send("setoption name use nnue value true");
    assert_eq!(final_evaluation(&mut e), network, "switching back restores the network");
    assert_eq!(uci_bench_nodes(&mut e, 6), network_nodes);
    let fen = e.fen();
    expect_one_error(&mut e, "setoption name Use NNUE value maybe", &fen);
    assert_eq!(final_evaluation(&mut e), network, "a rejected value changes nothing");
    // The two evaluations are different functions of the same position.
    e.send("setoption name Use NNUE value false");
    assert_eq!(final_evaluation(&mut e), classical);
}

#[test]
fn bench_output_is_what_openbench_parses() {
    let _cpu = shared_cpu();
    let out = Command::new(env!("CARGO_BIN_EXE_intrigue")).args(["bench", "5"]).output().expect("run intrigue bench");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    // OpenBench's client turns non-alphanumerics into spaces, then reads
    // the last "nodes searched N" and "nodes second N" it finds.
    let cleaned: Vec<String> = text
        .lines()
        .map(|l| l.chars().map(|c| if c.is_ascii_alphanumeric() || c == ' ' { c.to_ascii_lowercase() } else { ' ' }).collect())
        .collect();
    let number_after = |key: &str| -> Option<u64> {
        cleaned.iter().rev().find_map(|l| {
            let rest = l.split_once(key)?.1.trim_start();
            rest.split_whitespace().next()?.parse().ok()
        })
    };
    let nodes = number_after("nodes searched").expect("a 'Nodes searched' line");
    let nps = number_after("nodes second").expect("a 'Nodes/second' line");
    assert!(nodes > 10_000 && nps > 1_000, "{text}");
    let again = Command::new(env!("CARGO_BIN_EXE_intrigue")).args(["bench", "5"]).output().unwrap();
    assert!(String::from_utf8(again.stdout).unwrap().contains(&format!("Nodes searched  : {nodes}")), "bench is deterministic");
}

#[test]
fn bench_takes_tunable_constants_and_rejects_bad_ones() {
    let _cpu = shared_cpu();
    let bench = |extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_intrigue")).args(["bench", "5", "alphabeta"]).args(extra).output().unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
    };
    let nodes = |text: &str| text.lines().find(|l| l.starts_with("Nodes searched")).map(str::to_string);
    let (code, plain, _) = bench(&[]);
    assert_eq!(code, Some(0));
    let (code, same, _) = bench(&["RazorMargin=250"]);
    assert_eq!((code, nodes(&same)), (Some(0), nodes(&plain)), "the default value changes nothing");
    let (code, varied, _) = bench(&["razordepth=0", "RfpMargin=200"]);
    assert_eq!(code, Some(0));
    assert_ne!(nodes(&varied), nodes(&plain), "another value searches another tree");
    for bad in ["RazorMargin=5", "Razor=3", "RazorMargin", "RazorMargin=x"] {
        let (code, out, err) = bench(&[bad]);
        assert_eq!(code, Some(2), "{bad}: {out}");
        assert!(err.starts_with("bench: "), "{bad}: {err}");
    }
}

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

/// The moves of `pos` that keep its tablebase result (per the shared tables).
fn result_keeping_moves(tables: &shakmaty_syzygy::Tablebase<Chess>, pos: &Chess) -> Vec<String> {
    let wdl = tables.probe_wdl_after_zeroing(pos).unwrap();
    pos.legal_moves()
        .into_iter()
        .filter(|&m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            after.is_checkmate() || tables.probe_wdl_after_zeroing(&after).unwrap() == -wdl
        })
        .map(|m| UciMove::from_move(m, CastlingMode::Standard).to_string())
        .collect()
}

#[test]
fn syzygy_tables_keep_the_result_and_count_tbhits() {
    let _cpu = shared_cpu();
    let Some(dir) = shared_data("syzygy") else { return };
    let mut tables = shakmaty_syzygy::Tablebase::<Chess>::new();
    tables.add_directory(&dir).unwrap();
    let mut e = Engine::ready();
    e.send(&format!("setoption name SyzygyPath value {}", dir.display()));
    e.expect_line(|l| l.starts_with("info string found") && l.contains("up to 4 pieces"), LONG);
    for mode in ["AlphaBeta", "Interest"] {
        e.send(&format!("setoption name SearchMode value {mode}"));
        for fen in [
            "8/8/8/4k3/8/8/2KP4/8 w - - 0 1",  // only Kc3 wins
            "8/8/8/8/5k2/8/3KP3/8 w - - 0 1",  // only Kd3 wins
            "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", // Kd6 or Kf6
            "8/8/8/3k4/8/8/3KP3/8 b - - 0 1",  // half of Black's moves hold the draw
            "1k6/8/8/8/8/8/r7/K1Q5 w - - 0 1", // take the rook or lose
        ] {
            let pos = pos_from_fen(fen);
            let good = result_keeping_moves(&tables, &pos);
            e.send(&format!("position fen {fen}"));
            let lines = e.go("go depth 1");
            let (best, _) = parse_bestmove(lines.last().unwrap());
            assert!(good.contains(&best), "{mode} {fen}: {best} throws the result away; keepers {good:?}");
            let hits = search_infos(&lines).iter().filter_map(|(_, i)| i.get("tbhits")).max().unwrap_or(0);
            assert!(hits > 0, "{mode} {fen}: no tbhits reported{}", e.context());
        }
    }
    // Bad paths are refused and the tables kept; <empty> unloads them.
    let fen = e.fen();
    expect_one_error(&mut e, "setoption name SyzygyPath value /nonexistent/tables", &fen);
    e.send("setoption name SearchMode value AlphaBeta");
    e.send("position fen 8/8/8/4k3/8/8/2KP4/8 w - - 0 1");
    let lines = e.go("go depth 1");
    assert!(search_infos(&lines).iter().any(|(_, i)| i.get("tbhits").unwrap_or(0) > 0), "tables still in use");
    e.send("setoption name SyzygyPath value <empty>");
    let lines = e.go("go depth 1");
    assert!(search_infos(&lines).iter().all(|(_, i)| i.get("tbhits") == Some(0)), "tables unloaded{}", e.context());
}

#[test]
fn limit_strength_plays_varied_legal_moves_on_a_small_budget() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name UCI_Elo value 1350");
    let budget = intrigue::search::strength::StrengthLimit::new(1350).nodes().expect("a budget below full strength") as i64;
    let pos = pos_from_fen(MIDDLEGAME);
    let mut played = std::collections::HashSet::new();
    for _ in 0..12 {
        e.send(&format!("position fen {MIDDLEGAME}"));
        let lines = e.go("go wtime 60000 btime 60000");
        let infos = search_infos(&lines);
        assert!(infos.iter().all(|(_, i)| i.get("multipv") == Some(1)), "only the lines asked for are shown{}", e.context());
        let nodes = infos.iter().filter_map(|(_, i)| i.get("nodes")).max().unwrap_or(0);
        assert!(nodes <= budget, "{nodes} nodes at UCI_Elo 1350 (its budget is {budget})");
        played.insert(assert_legal_bestmove(&pos, lines.last().unwrap()));
    }
    assert!(played.len() >= 2, "a weak setting should not always play the same move: {played:?}");
    // The top of the range is full strength: no node budget, the depth asked for.
    e.send("setoption name UCI_Elo value 2850");
    e.send(&format!("position fen {MIDDLEGAME}"));
    let lines = e.go("go depth 9");
    let infos = search_infos(&lines);
    let last = &infos.last().unwrap().1;
    assert_eq!(last.get("depth"), Some(9), "UCI_Elo 2850 stopped early{}", e.context());
    assert!(last.get("nodes").unwrap() > budget, "UCI_Elo 2850 searched within the 1350 budget");
    // Full strength again: the normal search, with its depth.
    e.send("setoption name UCI_LimitStrength value false");
    let lines = e.go("go depth 6");
    assert_eq!(search_infos(&lines).last().and_then(|(_, i)| i.get("depth")), Some(6));
    let fen = e.fen();
    expect_one_error(&mut e, "setoption name UCI_Elo value 1000", &fen);
    expect_one_error(&mut e, "setoption name UCI_Elo value 3500", &fen);
}

/// A file of the shared data set (`../shared/data`, beside the
/// repository), or `None` with a note when this checkout has none.
fn shared_data(relative: &str) -> Option<std::path::PathBuf> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data").join(relative);
    if !path.exists() {
        eprintln!("{} is not present: skipping", path.display());
    }
    path.exists().then_some(path)
}

#[test]
fn chess960_perft_through_go_perft_matches_the_suite() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("setoption name UCI_Chess960 value true");
    let Some(path) = shared_data("perft/chess960.epd") else { return };
    let suite = std::fs::read_to_string(path).unwrap();
    let mut checked = 0;
    for line in suite.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).take(60) {
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
    assert_eq!(checked, 60);
    // A standard position's castling is written king-takes-rook too.
    e.send(&format!("position fen {KIWIPETE}"));
    let (moves, _) = perft_lines(&mut e, "go perft 1");
    let names: Vec<&str> = moves.iter().map(|(m, _)| m.as_str()).collect();
    assert!(names.contains(&"e1h1") && names.contains(&"e1a1") && !names.contains(&"e1g1"), "{names:?}");
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

// ---------------------------------------------------------------------------
// 13. Quitting.

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

// ---------------------------------------------------------------------------
// 14. Hash options.

#[test]
fn large_hash_is_ready_promptly_and_searches() {
    // A latency test: making a gigabyte resident took 0.6–1.4 s alone on
    // the 2-core machine, and 2.02 s once beside the other tests. The
    // machine of fbe22ad's measurements took 1.4–1.8 s alone (the whole test) and 2.06 s
    // in a full CI run; three seconds is still well inside what a GUI
    // waits for `readyok`.
    let _cpu = exclusive_cpu();
    let mut e = Engine::ready();
    e.send("setoption name Hash value 1024");
    let asked = e.send("isready");
    let lines = e.lines_until(|l| l == "readyok", LONG);
    let took = e.last_at.duration_since(asked);
    assert_eq!(lines, ["readyok"], "{}", e.context());
    assert!(took <= Duration::from_secs(3), "readyok {took:?} after setting Hash to 1024");
    e.send("position startpos");
    let lines = e.go("go depth 6");
    assert_legal_bestmove(&Chess::default(), lines.last().unwrap());
    e.send("setoption name Hash value 16");
    assert!(e.sync().is_empty(), "{}", e.context());
}

#[test]
fn clear_hash_and_ucinewgame_work() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send(&format!("position fen {MIDDLEGAME}"));
    let first = e.go("go depth 6");
    let pos = pos_from_fen(MIDDLEGAME);
    assert_legal_bestmove(&pos, first.last().unwrap());

    e.send("setoption name Clear Hash");
    assert!(e.sync().is_empty(), "{}", e.context());
    let lines = e.go("go depth 6");
    assert_legal_bestmove(&pos, lines.last().unwrap());

    e.send("ucinewgame");
    assert!(e.sync().is_empty(), "{}", e.context());
    e.send("position startpos moves e2e4");
    let lines = e.go("go depth 6");
    assert_legal_bestmove(&play_all(Chess::default(), &["e2e4"]), lines.last().unwrap());
}

// ---------------------------------------------------------------------------
// 15. A whole game.

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

// ---------------------------------------------------------------------------
// 16. Tiny clocks.

#[test]
fn tiny_clocks_never_flag() {
    let _cpu = exclusive_cpu();
    let mut e = Engine::ready();
    let cases: [(&str, &[&str]); 4] = [
        ("startpos", &[]),
        ("startpos", &["e2e4"]),
        ("startpos", &["e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4", "f3d4", "g8f6", "b1c3"]),
        ("fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &[]),
    ];
    for (start, moves) in cases {
        let moves: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
        let root = if start == "startpos" { Chess::default() } else { pos_from_fen(&start[4..]) };
        let pos = play_all(root, &moves.iter().map(String::as_str).collect::<Vec<_>>());
        for (go, budget_ms) in [("go wtime 100 btime 100", 100), ("go wtime 50 btime 50 winc 0 binc 0 movestogo 1", 50)] {
            e.send(&position_command(start, &moves));
            let sent = e.send(go);
            let best = e.expect_line(is_bestmove, LONG);
            let took = e.last_at.duration_since(sent);
            eprintln!("{start} moves {moves:?} / {go}: bestmove after {took:?}");
            assert!(
                took < Duration::from_millis(budget_ms),
                "{start} moves {moves:?} / {go}: bestmove after {took:?}, the clock had {budget_ms} ms"
            );
            assert_legal_bestmove(&pos, &best);
        }
    }
    // Only the side to move's clock counts; a clock already below zero
    // means move at once.
    for (position, pos, go) in [
        ("position startpos", Chess::default(), "go wtime 100 btime 600000"),
        ("position startpos moves e2e4", play_all(Chess::default(), &["e2e4"]), "go wtime 600000 btime 100"),
        ("position startpos", Chess::default(), "go wtime -50 btime 600000"),
    ] {
        e.send(position);
        let sent = e.send(go);
        let best = e.expect_line(is_bestmove, LONG);
        let took = e.last_at.duration_since(sent);
        eprintln!("{position} / {go}: bestmove after {took:?}");
        assert!(took < Duration::from_millis(100), "{position} / {go}: bestmove after {took:?}");
        assert_legal_bestmove(&pos, &best);
    }
}

// ---------------------------------------------------------------------------
// Extra: a new `go` while searching.

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

// ---------------------------------------------------------------------------
// Forward estimation and the conspiracy player.

#[test]
fn forward_estimation_still_mates_in_two_and_plays_legally_in_both_modes() {
    let _cpu = shared_cpu();
    let fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10";
    let pos = pos_from_fen(fen);
    for mode in ["AlphaBeta", "Interest"] {
        let mut e = Engine::ready();
        e.send(&format!("setoption name SearchMode value {mode}"));
        e.send("setoption name ForwardEstimation value true");
        e.send("setoption name FEDelta value 50");
        assert!(e.sync().is_empty(), "{}", e.context());
        e.send(&format!("position fen {fen}"));
        let lines = e.go("go mate 2");
        let best = assert_legal_bestmove(&pos, lines.last().unwrap());
        assert!(forces_mate_after(&pos, best, 2), "{mode}: bestmove does not force mate in 2{}", e.context());
        for (position, pos) in
            [(format!("position fen {KIWIPETE}"), pos_from_fen(KIWIPETE)), (format!("position fen {MIDDLEGAME}"), pos_from_fen(MIDDLEGAME))]
        {
            e.send(&position);
            let lines = e.go("go nodes 30000");
            assert_legal_bestmove(&pos, lines.last().unwrap());
            for (line, info) in search_infos(&lines) {
                assert_legal_line(&pos, info.pv.as_deref().unwrap_or_default(), &line);
            }
        }
    }
}

/// An engine with `ConspiracyDepth 2`, set and accepted.
fn conspiracy_engine() -> Engine {
    let mut e = Engine::ready();
    e.send("setoption name ConspiracyDepth value 2");
    assert!(e.sync().is_empty(), "{}", e.context());
    e
}

#[test]
fn the_conspiracy_player_plays_legal_moves_under_movetime_depth_and_nodes() {
    let _cpu = shared_cpu();
    let mut e = conspiracy_engine();
    for (position, pos) in
        [("position startpos".to_string(), Chess::default()), (format!("position fen {MIDDLEGAME}"), pos_from_fen(MIDDLEGAME))]
    {
        e.send(&position);
        let go = e.send("go movetime 300");
        let lines = e.lines_until(is_bestmove, LONG);
        let took = e.last_at.duration_since(go);
        assert!(took <= Duration::from_millis(450), "{position}: go movetime 300 answered after {took:?}");
        assert_legal_bestmove(&pos, lines.last().unwrap());

        let lines = e.go("go depth 3");
        let infos = search_infos(&lines);
        let depths: Vec<i64> = infos.iter().filter_map(|(_, i)| i.get("depth")).collect();
        assert_eq!(depths, vec![2, 3], "{position}: one report per pass, x + y with y = 0, 1: {lines:#?}");
        let best = assert_legal_bestmove(&pos, lines.last().unwrap());
        let (line, info) = infos.last().unwrap();
        let pv = info.pv.as_deref().unwrap_or_default();
        assert_legal_line(&pos, pv, line);
        assert_eq!(legal_move(&pos, &pv[0]), Some(best), "the pv starts with the chosen move: {line}");

        let lines = e.go("go nodes 20000");
        for (line, info) in search_infos(&lines) {
            assert!(info.get("nodes").unwrap() <= 20000, "over the node budget: {line}");
        }
        assert_legal_bestmove(&pos, lines.last().unwrap());
    }
}

#[test]
fn the_conspiracy_player_holds_go_infinite_and_answers_stop_within_50ms() {
    let _cpu = exclusive_cpu();
    let mut e = conspiracy_engine();
    for (position, pos) in
        [(format!("position fen {KIWIPETE}"), pos_from_fen(KIWIPETE)), (format!("position fen {MIDDLEGAME}"), pos_from_fen(MIDDLEGAME))]
    {
        e.send(&position);
        e.send("go infinite");
        let early = e.lines_for(Duration::from_millis(500));
        assert!(!early.iter().any(|l| is_bestmove(l)), "bestmove before stop: {early:#?}");
        let stop = e.send("stop");
        let best = e.expect_line(is_bestmove, LONG);
        let latency = e.last_at.duration_since(stop);
        assert!(latency <= Duration::from_millis(50), "{position}: bestmove {latency:?} after stop");
        assert_legal_bestmove(&pos, &best);
        assert!(!e.sync().iter().any(|l| is_bestmove(l)), "{}", e.context());
    }
    // Pondering: nothing until ponderhit, then the clock runs.
    e.send("position startpos moves e2e4");
    e.send("go ponder wtime 2000 btime 2000");
    assert!(!e.lines_for(Duration::from_millis(300)).iter().any(|l| is_bestmove(l)));
    e.send("ponderhit");
    let best = e.expect_line(is_bestmove, LONG);
    assert_legal_bestmove(&play_all(Chess::default(), &["e2e4"]), &best);
}

#[test]
fn an_odd_conspiracy_depth_is_refused_and_the_old_one_kept() {
    let _cpu = shared_cpu();
    let first_depth = |e: &mut Engine| {
        e.send("position startpos");
        let lines = e.go("go depth 3");
        search_infos(&lines).first().and_then(|(_, i)| i.get("depth"))
    };
    let mut e = Engine::ready();
    expect_one_error(&mut e, "setoption name ConspiracyDepth value 3", STARTPOS);
    assert_eq!(first_depth(&mut e), Some(1), "still the normal search, iterations from depth 1");
    e.send("setoption name ConspiracyDepth value 2");
    expect_one_error(&mut e, "setoption name ConspiracyDepth value 1", STARTPOS);
    assert_eq!(first_depth(&mut e), Some(2), "still the conspiracy player, whose first pass is depth x = 2");
}

// ---------------------------------------------------------------------------
// What the clients check: the bestmove begins the last PV, mates end the search.

#[test]
fn every_bestmove_begins_the_last_reported_pv() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9";
    for mode in ["AlphaBeta", "Interest"] {
        e.send(&format!("setoption name SearchMode value {mode}"));
        for ms in [20, 35, 50, 80, 120, 200, 300] {
            e.send("ucinewgame");
            e.send(&format!("position fen {fen}"));
            let lines = e.go(&format!("go movetime {ms}"));
            let pv = search_infos(&lines)
                .into_iter()
                .filter_map(|(_, info)| info.pv)
                .next_back()
                .unwrap_or_else(|| panic!("{mode} {ms} ms: no pv before the bestmove: {lines:#?}"));
            let (best, ponder) = parse_bestmove(lines.last().unwrap());
            assert_eq!(best, pv[0], "{mode} {ms} ms: {lines:#?}");
            if let Some(ponder) = ponder {
                assert_eq!(Some(&ponder), pv.get(1), "{mode} {ms} ms: the ponder move is the PV's second");
            }
        }
    }
}

#[test]
fn a_mate_found_within_the_depth_searched_ends_the_search() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    for mode in ["AlphaBeta", "Interest"] {
        e.send(&format!("setoption name SearchMode value {mode}"));
        e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        let lines = e.go("go movetime 500");
        let infos = search_infos(&lines);
        assert!(!infos.is_empty() && infos.len() <= 3, "{mode}: {lines:#?}");
        for (line, info) in &infos {
            assert!(info.fields["seldepth"] <= 3, "{mode}: {line}");
        }
        assert_eq!(parse_bestmove(lines.last().unwrap()).0, "a1a8");
    }
}

#[test]
fn go_nodes_counts_the_nodes_of_every_thread() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("setoption name Threads value 4");
    e.send("position startpos");
    let lines = e.go("go nodes 200000");
    let infos = search_infos(&lines);
    assert!(!infos.is_empty(), "{lines:#?}");
    // Helpers hand in their counts every 1024 nodes.
    for (line, info) in infos {
        assert!(info.fields["nodes"] <= 200_000 + 4 * 1024, "over the budget: {line}");
    }
}

#[test]
fn show_wdl_adds_win_draw_loss_shares_that_follow_the_score() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("position startpos");
    let plain = e.go("go depth 6");
    assert!(plain.iter().all(|l| !l.contains(" wdl ")), "no wdl unless asked: {plain:#?}");
    e.send("setoption name UCI_ShowWDL value true");
    let wdl = |line: &str| -> [u32; 3] {
        let rest = line.split(" wdl ").nth(1).unwrap_or_else(|| panic!("no wdl in '{line}'"));
        let v: Vec<u32> = rest.split_whitespace().take(3).map(|n| n.parse().unwrap()).collect();
        [v[0], v[1], v[2]]
    };
    for (fen, expect) in
        [("startpos", "even"), ("fen 4k3/8/8/8/8/8/8/QQQQK3 w - - 0 40", "won"), ("fen qqqqk3/8/8/8/8/8/8/4K3 w - - 0 40", "lost")]
    {
        e.send(&format!("position {fen}"));
        let lines = e.go("go depth 6");
        let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
        assert!(!infos.is_empty(), "{lines:#?}");
        for line in &infos {
            let [w, d, l] = wdl(line);
            assert_eq!(w + d + l, 1000, "{line}");
            assert!(line.contains(" score ") && line.find(" wdl ") > line.find(" score "), "wdl follows the score: {line}");
        }
        let [w, d, l] = wdl(infos.last().unwrap());
        match expect {
            "even" => assert!(d > w && d > l, "{fen}: {w} {d} {l}"),
            "won" => assert!(w > 900, "{fen}: {w} {d} {l}"),
            _ => assert!(l > 900, "{fen}: {w} {d} {l}"),
        }
    }
}
