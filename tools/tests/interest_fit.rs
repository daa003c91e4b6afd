//! `intrigue-tools interest data` and `interest fit` through the real
//! binary: the searches' choices are gathered, and a fit on them predicts
//! the best later quiet move better than the article's hand-set terms.

use std::process::Command;

fn intrigue(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_intrigue-tools")).args(args).output().unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

/// The cross-entropy on the report line that starts with `label`.
fn entropy(report: &str, label: &str) -> f64 {
    let line = report.lines().find(|l| l.trim_start().starts_with(label)).unwrap_or_else(|| panic!("no '{label}' in {report}"));
    line.split_whitespace().last().unwrap().parse().unwrap()
}

#[test]
fn gathered_choices_fit_better_than_the_hand_set_terms() {
    let dir = std::env::temp_dir().join(format!("intrigue-interest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let openings = dir.join("openings.epd");
    std::fs::write(
        &openings,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -\n\
         rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNB1KB1R w KQkq -\n",
    )
    .unwrap();
    let (ok, data, err) = intrigue(&["interest", "data", openings.to_str().unwrap(), "2", "15000", "interest", "2"]);
    assert!(ok, "{err}");
    assert!(data.lines().count() > 100, "{} choices; {err}", data.lines().count());
    let file = dir.join("choices.txt");
    std::fs::write(&file, &data).unwrap();
    let (ok, report, err) = intrigue(&["interest", "fit", file.to_str().unwrap()]);
    assert!(ok, "{err}");
    let (uniform, hand, learned) =
        (entropy(&report, "every move alike"), entropy(&report, "hand-set interest"), entropy(&report, "learned interest"));
    assert!(learned < hand && hand < uniform, "{report}");
    assert!(report.contains("pub const LEARNED: [f32; FEATURES] = ["), "{report}");

    let (ok, _, err) = intrigue(&["interest", "fit", openings.to_str().unwrap()]);
    assert!(!ok && err.contains("too few"), "a file of no choices is refused: {err}");
}
