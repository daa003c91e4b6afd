//! `intrigue-tools selfplay` and `records text` as a user runs them to make
//! a teacher's work list: the real binary on a small tree sample.

use std::process::Command;

fn tools(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_intrigue-tools")).args(args).output().expect("the intrigue-tools binary runs");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("text output")
}

#[test]
fn records_text_quiet_keeps_only_the_positions_train_quiet_would_keep() {
    let dir = std::env::temp_dir().join(format!("intrigue-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let openings = dir.join("openings.epd");
    std::fs::write(&openings, "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq -\n").unwrap();
    let data = dir.join("tree.bin");
    let data = data.to_str().unwrap();
    tools(&["selfplay", openings.to_str().unwrap(), data, "1", "300", "1", "--tree-sample", "2", "--random-plies", "0"]);
    let all = tools(&["records", "text", data]);
    let quiet = tools(&["records", "text", data, "--quiet"]);
    std::fs::remove_dir_all(&dir).ok();
    let (all, quiet): (Vec<&str>, Vec<&str>) = (all.lines().collect(), quiet.lines().collect());
    assert!(!quiet.is_empty() && quiet.len() < all.len(), "{} quiet of {}", quiet.len(), all.len());
    assert!(quiet.iter().all(|line| all.contains(line)), "the quiet lines are some of the records, unchanged");
}
