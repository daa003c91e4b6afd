//! `intrigue-tools spsa` through the real binary: without `--iterations`
//! it lists OpenBench's input, with it it tunes by self-play and prints
//! one `Name=Value` per constant that the engine's options take.

use std::process::Command;

fn spsa(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_intrigue-tools")).arg("spsa").args(args).output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

/// Two openings in a file of the test's own (`tag`: the tests run at once).
fn openings_file(tag: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("intrigue-spsa-{tag}-{}.epd", std::process::id()));
    std::fs::write(
        &path,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\nrnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -\n",
    )
    .unwrap();
    path
}

#[test]
fn a_tuning_run_prints_every_interest_only_constant_as_an_option_setting() {
    let openings = openings_file("run");
    let (code, out, err) = spsa(&[
        "interest",
        "--iterations",
        "4",
        "--openings",
        openings.to_str().unwrap(),
        "--nodes",
        "300",
        "--threads",
        "2",
        "--r-end",
        "0.05",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("iteration 4/4"), "progress on stderr: {err}");
    let settings = out.lines().find_map(|l| l.strip_prefix("settings: ")).unwrap_or_else(|| panic!("no settings line in {out}"));
    let names: Vec<&str> = settings.split(' ').map(|s| s.split_once('=').expect("Name=Value").0).collect();
    assert!(names.contains(&"InterestTableExponent") && names.contains(&"InterestBestQuiet"), "{names:?}");
    assert!(!names.contains(&"RfpMargin"), "AlphaBeta's pruning constants stay put without --shared: {names:?}");
    // The values are ones `intrigue bench` (and `setoption`) accept.
    let mut bench = Command::new(env!("CARGO_BIN_EXE_intrigue-tools"));
    bench.args(["shape", "3", "interest"]).args(settings.split(' '));
    let shape = bench.output().unwrap();
    assert!(shape.status.success(), "{}", String::from_utf8_lossy(&shape.stderr));
    std::fs::remove_file(openings).ok();
}

#[test]
fn only_narrows_the_constants_and_bad_requests_exit_with_2() {
    let openings = openings_file("only");
    let path = openings.to_str().unwrap();
    let (code, out, _) =
        spsa(&["interest", "--iterations", "2", "--openings", path, "--nodes", "200", "--only", "InterestKiller,interesttableexponent"]);
    assert_eq!(code, Some(0));
    let settings = out.lines().find_map(|l| l.strip_prefix("settings: ")).unwrap();
    assert_eq!(settings.split(' ').count(), 2, "{settings}");
    let (code, _, err) = spsa(&["interest", "--iterations", "2", "--openings", path, "--only", "RfpMargin"]);
    assert_eq!(code, Some(2), "a shared constant needs --shared");
    assert!(err.contains("RfpMargin"), "{err}");
    let (code, _, err) = spsa(&["interest", "--iterations", "2"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--openings"), "{err}");
    let (code, out, _) = spsa(&["alphabeta"]);
    assert_eq!(code, Some(0));
    assert!(out.lines().next().unwrap().starts_with("RfpMargin, int, "), "the listing is unchanged: {out}");
    std::fs::remove_file(openings).ok();
}
