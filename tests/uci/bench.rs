//! `bench` as OpenBench reads it, with tunables on its command line.

use std::process::Command;

use crate::common::*;

#[test]
fn bench_output_is_what_openbench_parses() {
    let _cpu = shared_cpu();
    let out = Command::new(env!("CARGO_BIN_EXE_intrigue")).args(["bench", "5"]).output().expect("run intrigue bench");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    // OpenBench's client turns non-alphanumerics into spaces, then reads
    // the last "nodes searched N" and "nodes second N" it finds.
    let cleaned: Vec<String> = text
        .lines()
        .map(|l| l.chars().map(|c| if c.is_ascii_alphanumeric() || c == ' ' { c.to_ascii_lowercase() } else { ' ' }).collect())
        .collect();
    let number_after = |key: &str| -> Option<u64> {
        cleaned.iter().rev().find_map(|l| {
            let rest = l.split_once(key)?.1.trim_start();
            rest.split_whitespace().next()?.parse().ok()
        })
    };
    let nodes = number_after("nodes searched").expect("a 'Nodes searched' line");
    let nps = number_after("nodes second").expect("a 'Nodes/second' line");
    assert!(nodes > 10_000 && nps > 1_000, "{text}");
    let again = Command::new(env!("CARGO_BIN_EXE_intrigue")).args(["bench", "5"]).output().unwrap();
    assert!(String::from_utf8(again.stdout).unwrap().contains(&format!("Nodes searched  : {nodes}")), "bench is deterministic");
}

#[test]
fn bench_takes_tunable_constants_and_rejects_bad_ones() {
    let _cpu = shared_cpu();
    let bench = |extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_intrigue")).args(["bench", "5", "alphabeta"]).args(extra).output().unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
    };
    let nodes = |text: &str| text.lines().find(|l| l.starts_with("Nodes searched")).map(str::to_string);
    let (code, plain, _) = bench(&[]);
    assert_eq!(code, Some(0));
    let (code, same, _) = bench(&["RazorMargin=250"]);
    assert_eq!((code, nodes(&same)), (Some(0), nodes(&plain)), "the default value changes nothing");
    let (code, varied, _) = bench(&["razordepth=0", "RfpMargin=200"]);
    assert_eq!(code, Some(0));
    assert_ne!(nodes(&varied), nodes(&plain), "another value searches another tree");
    for bad in ["RazorMargin=5", "Razor=3", "RazorMargin", "RazorMargin=x"] {
        let (code, out, err) = bench(&[bad]);
        assert_eq!(code, Some(2), "{bad}: {out}");
        assert!(err.starts_with("bench: "), "{bad}: {err}");
    }
}
