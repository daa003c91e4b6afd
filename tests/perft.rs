//! Perft suites: exact leaf counts for the project's own positions
//! (`perft/`) and, when the test data folder has them, for the larger
//! standard (133 positions) and Chess960 (960 positions) suites.

#[path = "common/test_data.rs"]
mod test_data;

use std::path::{Path, PathBuf};

use intrigue::game::Game;
use intrigue::perft::perft;
use shakmaty::CastlingMode;

struct Case {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn read_suite(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|field| {
                    let mut words = field.split_whitespace();
                    let depth = words.next().unwrap().trim_start_matches('D').parse().unwrap();
                    let count = words.next().unwrap().parse().unwrap();
                    (depth, count)
                })
                .collect();
            Case { fen, counts }
        })
        .collect()
}

/// Checks every count up to `max_nodes`; returns how many were checked.
fn check_suite(path: &Path, max_nodes: u64) -> usize {
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in read_suite(path) {
        let game = Game::from_fen(&case.fen, CastlingMode::Chess960).unwrap_or_else(|e| panic!("{e}"));
        for &(depth, expected) in &case.counts {
            if expected > max_nodes {
                continue;
            }
            let got = perft(game.position(), depth);
            checked += 1;
            if got != expected {
                failures.push(format!("{} D{depth}: expected {expected}, got {got}", case.fen));
            }
        }
    }
    assert!(failures.is_empty(), "{} perft failures:\n{}", failures.len(), failures.join("\n"));
    eprintln!("{}: {checked} counts checked (up to {max_nodes} nodes each)", path.display());
    checked
}

fn own(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("perft").join(relative)
}

#[test]
fn own_standard_suite() {
    let checked = check_suite(&own("intrigue.epd"), 20_000_000);
    assert!(checked >= 150, "only {checked} counts checked");
}

#[test]
fn own_chess960_suite() {
    let checked = check_suite(&own("chess960.epd"), 20_000_000);
    assert!(checked >= 40, "only {checked} counts checked");
}

#[test]
fn standard_suite_of_133_positions() {
    let Some(path) = test_data::test_data("perft/standard.epd") else { return };
    let checked = check_suite(&path, 2_000_000);
    assert!(checked >= 500, "only {checked} counts checked");
}

#[test]
fn chess960_suite_of_960_positions() {
    let Some(path) = test_data::test_data("perft/chess960.epd") else { return };
    let checked = check_suite(&path, 1_000_000);
    assert!(checked >= 3700, "only {checked} counts checked");
}
