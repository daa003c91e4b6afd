//! `intrigue-tools label` through the real binary, with Intrigue itself as the
//! teacher: the targets must follow the score, seen from White's side.

use std::process::Command;

fn label(lines: &str, weight: &str) -> Vec<f64> {
    let dir = std::env::temp_dir().join(format!("intrigue-label-{}-{weight}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data.txt");
    std::fs::write(&data, lines).unwrap();
    let tools = std::path::Path::new(env!("CARGO_BIN_EXE_intrigue-tools"));
    // The engine is built beside the tools by `cargo test` in the workspace.
    let engine = tools.with_file_name(format!("intrigue{}", std::env::consts::EXE_SUFFIX));
    assert!(engine.exists(), "{} is not built: run `cargo build --release` first", engine.display());
    let engine = engine.to_str().unwrap();
    let out = Command::new(tools).args(["label", data.to_str().unwrap(), engine, "3", weight, "1", "2"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().lines().map(|l| l[l.rfind('[').unwrap() + 1..l.len() - 1].parse().unwrap()).collect()
}

const LINES: &str = "\
3qk3/8/8/8/8/8/8/4K3 w - - 0 1 [0.5]
3qk3/8/8/8/8/8/8/4K3 b - - 0 1 [0.5]
4k3/8/8/8/8/8/8/3QK3 b - - 0 1 [0.5]
not a position [1.0]
4k3/8/8/8/8/8/8/3QK3 w - - 0 1 [0.5]
";

#[test]
fn a_queen_up_is_a_win_whoever_is_to_move() {
    let targets = label(LINES, "1");
    assert_eq!(targets.len(), 4, "{targets:?}");
    assert!(targets[0] < 0.05 && targets[1] < 0.05, "Black a queen up: {targets:?}");
    assert!(targets[2] > 0.95 && targets[3] > 0.95, "White a queen up: {targets:?}");
}

#[test]
fn weight_zero_keeps_the_result() {
    assert_eq!(label(LINES, "0"), vec![0.5; 4]);
}
