//! `go`'s limits: depth, nodes, movetime, mate, searchmoves and the clock, down to tiny clocks.

use std::time::Duration;

use shakmaty::{Chess, Position};

use crate::common::*;

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
