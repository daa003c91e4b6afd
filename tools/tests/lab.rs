//! The `intrigue-tools lab` commands as users run them: the real binary, small
//! experiments, output shape and exit codes.

use std::process::{Command, Output};

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_intrigue-tools")).arg("lab").args(args).output().expect("the intrigue-tools binary runs")
}

#[test]
fn forward_estimation_csv_has_the_documented_header_and_a_row_per_depth() {
    let out = lab(&["forward-estimation", "--trials", "20", "--depth", "6", "--csv"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "depth,ab_nodes,ab_quality,fe_exact_nodes,fe_exact_quality,fe_learned_nodes,fe_learned_quality");
    assert_eq!(lines.len(), 1 + 6, "{text}");
    for (k, line) in lines[1..].iter().enumerate() {
        let fields: Vec<f64> = line.split(',').map(|f| f.parse().unwrap()).collect();
        assert_eq!(fields.len(), 7);
        assert_eq!(fields[0], (k + 1) as f64);
        assert!(fields[3] <= fields[1], "FE exact generates no more nodes than alpha-beta: {line}");
        assert!(fields[2..].iter().step_by(2).all(|q| (0.0..=100.0).contains(q)), "{line}");
    }
    let last: Vec<&str> = lines[6].split(',').collect();
    assert_eq!((last[2], last[4]), ("100.0", "100.0"), "full-depth alpha-beta and exact FE pick the full-depth move");
    assert!(String::from_utf8_lossy(&out.stderr).contains("protocol sorted"));
}

#[test]
fn forward_estimation_text_says_which_protocol_ran_and_plots() {
    let plot = std::env::temp_dir().join(format!("intrigue-lab-test-{}.svg", std::process::id()));
    let plot_arg = plot.to_str().unwrap();
    let out = lab(&[
        "forward-estimation",
        "--trials",
        "5",
        "--depth",
        "4",
        "--order",
        "natural",
        "--uniform",
        "--branching",
        "3",
        "--delta",
        "1,0.5",
        "--plot",
        plot_arg,
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let svg = std::fs::read_to_string(&plot).unwrap();
    let _ = std::fs::remove_file(&plot);
    assert!(svg.starts_with("<svg") && svg.matches("<polyline").count() == 3 + 1 + 4);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("protocol natural"), "{text}");
    assert!(text.contains("branching 3 everywhere"));
    assert!(text.contains("delta sweep"));
}

#[test]
fn conspiracy_numbers_agree_with_brute_force() {
    let out = lab(&["conspiracy", "--trials", "20"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("differs at 0"), "{text}");
    assert!(text.contains("CN(T,v)"));
}

#[test]
fn bad_arguments_exit_with_2_and_a_message() {
    for args in [
        &["forward-estimation", "--depth", "x"][..],
        &["conspiracy", "--step", "0"],
        &["conspiracy", "--branching", "20", "--depth", "12"],
        &["nonsense"],
        &[],
    ] {
        let out = lab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        // clap's errors start "error:"; no experiment named prints the list.
        let says_why = stderr.starts_with("error: ") || (args.is_empty() && stderr.contains("Usage: intrigue-tools lab"));
        assert!(says_why && !stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}
