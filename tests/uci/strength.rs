//! `UCI_LimitStrength`: weaker, varied, still legal.

use crate::common::*;
use crate::expect_one_error;

#[test]
fn limit_strength_plays_varied_legal_moves_on_a_small_budget() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name UCI_Elo value 1350");
    let budget = intrigue::search::strength::StrengthLimit::new(1350, intrigue::search::SearchMode::Interest)
        .nodes()
        .expect("a budget below full strength") as i64;
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

/// The nodes a fresh `go depth 7` from `MIDDLEGAME` reports.
fn nodes_to_depth_7(e: &mut Engine) -> i64 {
    e.send("ucinewgame");
    e.send(&format!("position fen {MIDDLEGAME}"));
    let lines = e.go("go depth 7");
    let infos = search_infos(&lines);
    infos.last().and_then(|(_, i)| i.get("nodes")).unwrap_or_else(|| panic!("a node count{}", e.context()))
}

#[test]
fn limit_strength_searches_in_the_chosen_search_mode() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    let mut full_strength = Vec::new();
    for mode in ["Interest", "AlphaBeta"] {
        e.send(&format!("setoption name SearchMode value {mode}"));
        e.send("setoption name UCI_LimitStrength value false");
        let full = nodes_to_depth_7(&mut e);
        // At 2300 the weakened player keeps one line and plays it, and
        // depth 7 stays within its budget: only the search mode is left
        // to tell the trees apart.
        e.send("setoption name UCI_LimitStrength value true");
        e.send("setoption name UCI_Elo value 2300");
        assert_eq!(nodes_to_depth_7(&mut e), full, "UCI_Elo 2300 with SearchMode {mode} searched another tree");
        full_strength.push(full);
    }
    assert_ne!(full_strength[0], full_strength[1], "the two modes search different trees");
}
