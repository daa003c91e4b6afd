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
//!
//! One test binary (one release link), one module per subject.

#[path = "../common/mod.rs"]
mod common;

mod bench;
mod book;
mod games;
mod input;
mod limits;
mod options;
mod perft;
mod pondering;
mod protocol;
mod reports;
mod research_players;
mod strength;
mod tablebases;

use std::time::Duration;

use common::*;

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

/// The node count of a `bench` over UCI.
fn uci_bench_nodes(e: &mut Engine, depth: u32) -> u64 {
    e.send(&format!("bench {depth}"));
    let lines = e.lines_until(|l| l.starts_with("Nodes/second"), Duration::from_secs(60));
    let nodes = lines.iter().find_map(|l| l.strip_prefix("Nodes searched  : ")).expect("a 'Nodes searched' line");
    nodes.trim().parse().expect("a node count")
}
