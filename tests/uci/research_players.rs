//! The research searches: forward estimation and the conspiracy player.

use std::time::Duration;

use shakmaty::Chess;

use crate::common::*;
use crate::expect_one_error;

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
