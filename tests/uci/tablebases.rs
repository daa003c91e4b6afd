//! Syzygy tables: `SyzygyPath`, results kept, `tbhits` counted.

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

use crate::common::*;
use crate::expect_one_error;

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
    let Some(dir) = test_data::test_data("syzygy") else { return };
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
