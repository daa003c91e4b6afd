//! Reliability, proven over the real binary: a failing search still
//! answers, `stop` is answered within milliseconds, no move oversteps the
//! clock, memory follows `Hash`, and hostile bytes cost one rejected line.
//!
//! The measuring tests print their figures (run with `--nocapture` to see
//! them). `INTRIGUE_TIME_SAFETY_GAMES=N` plays N games per time control in
//! the time-safety test instead of the CI's 2.

mod common;

use std::thread;
use std::time::Duration;

use shakmaty::{Chess, Color, Position};

use common::*;

// ---------------------------------------------------------------------------
// Panic safety.

/// With `INTRIGUE_INJECT_PANIC` the first search to reach that many nodes
/// panics inside the search thread (or a helper).
#[track_caller]
fn panicking_search_answers(mode: &str, threads: u32, panic_at_nodes: &str) {
    let _cpu = shared_cpu();
    let mut e = Engine::start_with_env(&[("INTRIGUE_INJECT_PANIC", panic_at_nodes), ("RUST_BACKTRACE", "0")]);
    e.send("uci");
    e.expect_line(|l| l == "uciok", LONG);
    e.send(&format!("setoption name SearchMode value {mode}"));
    e.send(&format!("setoption name Threads value {threads}"));
    e.sync();
    e.send(&format!("position fen {MIDDLEGAME}"));
    // A bounded search: when a helper is the one that fails, the main
    // search carries on to its limit and answers.
    let lines = e.go("go movetime 1500");
    let report = lines.iter().find(|l| is_error(l)).unwrap_or_else(|| panic!("no error reported{}", e.context()));
    assert!(report.contains("failed"), "{report}");
    assert_legal_bestmove(&pos_from_fen(MIDDLEGAME), lines.last().unwrap());

    // The engine keeps serving, and searches normally again.
    e.sync();
    e.send("position startpos moves e2e4");
    let lines = e.go("go depth 5");
    assert!(!lines.iter().any(|l| is_error(l)), "a later search failed too{}", e.context());
    assert_legal_bestmove(&play_all(Chess::default(), &["e2e4"]), lines.last().unwrap());
    assert!(!search_infos(&lines).is_empty(), "no info lines after recovery{}", e.context());
}

#[test]
fn a_panic_in_the_alphabeta_search_still_gives_a_legal_bestmove() {
    panicking_search_answers("AlphaBeta", 1, "20000");
}

#[test]
fn a_panic_in_the_interest_search_still_gives_a_legal_bestmove() {
    panicking_search_answers("Interest", 1, "20000");
}

#[test]
fn a_panic_before_any_line_was_reported_still_gives_a_legal_bestmove() {
    panicking_search_answers("AlphaBeta", 1, "1");
}

#[test]
fn a_panic_with_helper_threads_still_gives_a_legal_bestmove() {
    panicking_search_answers("AlphaBeta", 2, "20000");
}

// ---------------------------------------------------------------------------
// Stop latency.

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

/// `stop` → `bestmove` over `searches` searches in varied positions, each
/// stopped after a varied few milliseconds.
fn stop_latencies(mode: &str, searches: usize) -> Vec<Duration> {
    let positions = [STARTPOS, KIWIPETE, MIDDLEGAME, "8/2k5/3p4/p2P1p2/P2P1P2/8/4K3/8 w - - 0 1"];
    let mut e = Engine::ready();
    e.send(&format!("setoption name SearchMode value {mode}"));
    e.sync();
    let mut latencies = Vec::with_capacity(searches);
    for i in 0..searches {
        let fen = positions[i % positions.len()];
        e.send(&format!("position fen {fen}"));
        e.sync();
        e.send("go infinite");
        thread::sleep(Duration::from_millis(2 + (i as u64 * 7) % 40));
        let asked = e.send("stop");
        let line = e.expect_line(is_bestmove, LONG);
        latencies.push(e.last_at.duration_since(asked));
        assert_legal_bestmove(&pos_from_fen(fen), &line);
    }
    latencies.sort();
    latencies
}

/// Searches in one round of the stop-latency test.
const STOP_SEARCHES: usize = 200;

/// How many rounds of `STOP_SEARCHES` a mode gets to show its p99. A shared
/// CI machine can stall any process for a few milliseconds (the CI saw one
/// round at 10.5 ms where this machine measures 1.8 ms); a stall is rare and
/// passing, a slow stop is in every round, so a real regression (a search
/// loop that stops polling) still fails all of them.
const STOP_ROUNDS: usize = 3;

#[test]
fn stop_is_answered_within_10ms_at_the_99th_percentile_in_both_modes() {
    let _cpu = exclusive_cpu();
    for mode in ["AlphaBeta", "Interest"] {
        let mut rounds = Vec::new();
        let passed = (0..STOP_ROUNDS).any(|_| {
            let l = stop_latencies(mode, STOP_SEARCHES);
            let (p50, p99, max) = (percentile(&l, 0.5), percentile(&l, 0.99), *l.last().unwrap());
            println!("stop latency {mode}: {STOP_SEARCHES} searches, p50 {p50:?}, p99 {p99:?}, max {max:?}");
            rounds.push(format!("p99 {p99:?} (p50 {p50:?}, max {max:?})"));
            p99 <= Duration::from_millis(10)
        });
        assert!(passed, "{mode}: p99 over 10 ms in all {STOP_ROUNDS} rounds: {}", rounds.join("; "));
    }
}

// ---------------------------------------------------------------------------
// Time safety.

/// A clock: `base` then `inc` per move, or `moves` moves per `base`.
#[derive(Clone, Copy)]
struct Control {
    name: &'static str,
    base_ms: u64,
    inc_ms: u64,
    moves_per_period: Option<u32>,
}

const CONTROLS: [Control; 3] = [
    Control { name: "1+0.01", base_ms: 1000, inc_ms: 10, moves_per_period: None },
    Control { name: "0.2+0.002", base_ms: 200, inc_ms: 2, moves_per_period: None },
    Control { name: "20/1", base_ms: 1000, inc_ms: 0, moves_per_period: Some(20) },
];

/// The engine's default `Move Overhead`.
const OVERHEAD_MS: i64 = 10;

/// What one game showed about the clock.
#[derive(Default)]
struct ClockRecord {
    moves: usize,
    /// The largest `elapsed − (clock − overhead)` seen: negative means
    /// every move left at least the overhead unused.
    worst_overshoot_ms: i64,
    /// Moves that took more than the clock minus the overhead.
    late_moves: usize,
}

/// Plays one game, Interest (as `interest_color`) against AlphaBeta, under
/// `control`, keeping both clocks the way a match runner does.
fn timed_game(control: Control, interest_color: Color, opening: &[&str]) -> ClockRecord {
    let mut engines = [Engine::ready(), Engine::ready()];
    let interest = if interest_color == Color::White { 0 } else { 1 };
    engines[interest].send("setoption name SearchMode value Interest");
    engines[1 - interest].send("setoption name SearchMode value AlphaBeta");
    for e in engines.iter_mut() {
        e.send("ucinewgame");
        e.sync();
    }
    let mut pos = play_all(Chess::default(), opening);
    let mut moves: Vec<String> = opening.iter().map(|s| s.to_string()).collect();
    let mut clock = [control.base_ms as i64; 2];
    let mut own_moves = [0u32; 2];
    let mut record = ClockRecord { worst_overshoot_ms: i64::MIN, ..ClockRecord::default() };
    let mut seen = std::collections::HashMap::new();
    while !pos.is_game_over() && pos.halfmoves() < 100 && moves.len() < 200 {
        let key = fen_of(&pos).rsplitn(3, ' ').nth(2).unwrap().to_string();
        let count = seen.entry(key).or_insert(0);
        *count += 1;
        if *count >= 3 {
            break;
        }
        let side = if pos.turn() == Color::White { 0 } else { 1 };
        let mut go = format!("go wtime {} btime {} winc {} binc {}", clock[0], clock[1], control.inc_ms, control.inc_ms);
        if let Some(period) = control.moves_per_period {
            go.push_str(&format!(" movestogo {}", period - own_moves[side] % period));
        }
        let e = &mut engines[side];
        e.send(&position_command("startpos", &moves));
        e.sync();
        let asked = e.send(&go);
        let line = e.expect_line(is_bestmove, LONG);
        let elapsed = e.last_at.duration_since(asked).as_millis() as i64;
        let overshoot = elapsed - (clock[side] - OVERHEAD_MS);
        record.worst_overshoot_ms = record.worst_overshoot_ms.max(overshoot);
        record.late_moves += usize::from(overshoot > 0);
        record.moves += 1;
        clock[side] += control.inc_ms as i64 - elapsed;
        own_moves[side] += 1;
        if control.moves_per_period.is_some_and(|period| own_moves[side] % period == 0) {
            clock[side] += control.base_ms as i64;
        }
        let m = assert_legal_bestmove(&pos, &line);
        moves.push(parse_bestmove(&line).0);
        pos.play_unchecked(m);
    }
    record
}

#[test]
fn no_move_oversteps_the_clock_minus_move_overhead() {
    let _cpu = exclusive_cpu();
    let games: usize = std::env::var("INTRIGUE_TIME_SAFETY_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(2);
    let openings: [&[&str]; 4] =
        [&["e2e4", "e7e5"], &["d2d4", "d7d5", "c2c4"], &["e2e4", "c7c5", "g1f3"], &["c2c4", "g8f6", "b1c3", "e7e6"]];
    for control in CONTROLS {
        let mut total = ClockRecord { worst_overshoot_ms: i64::MIN, ..ClockRecord::default() };
        for g in 0..games {
            let color = if g % 2 == 0 { Color::White } else { Color::Black };
            let r = timed_game(control, color, openings[(g / 2) % openings.len()]);
            total.moves += r.moves;
            total.late_moves += r.late_moves;
            total.worst_overshoot_ms = total.worst_overshoot_ms.max(r.worst_overshoot_ms);
        }
        println!(
            "time safety {}: {games} games, {} moves, {} late, worst elapsed − (clock − overhead) = {} ms",
            control.name, total.moves, total.late_moves, total.worst_overshoot_ms
        );
        assert_eq!(total.late_moves, 0, "{}: worst overshoot {} ms", control.name, total.worst_overshoot_ms);
    }
}

// ---------------------------------------------------------------------------
// Memory.

#[test]
fn resident_memory_follows_hash_and_resizing_mid_game_works() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("position startpos moves e2e4 e7e5");
    e.go("go depth 8");
    let small = e.resident_mb().expect("VmRSS");
    assert!(small < 40, "Hash=16 uses {small} MB");

    e.send("setoption name Hash value 1024");
    e.sync();
    e.send("position startpos moves e2e4 e7e5 g1f3");
    let lines = e.go("go depth 8");
    assert_legal_bestmove(&play_all(Chess::default(), &["e2e4", "e7e5", "g1f3"]), lines.last().unwrap());
    let large = e.resident_mb().expect("VmRSS");
    assert!((1000..1200).contains(&large), "Hash=1024 uses {large} MB");

    e.send("setoption name Hash value 64");
    e.sync();
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6");
    let lines = e.go("go depth 8");
    assert_legal_bestmove(&play_all(Chess::default(), &["e2e4", "e7e5", "g1f3", "b8c6"]), lines.last().unwrap());
    let back = e.resident_mb().expect("VmRSS");
    assert!(back < 100, "after Hash=64 the engine still uses {back} MB");
    println!("resident memory: Hash=16 {small} MB, Hash=1024 {large} MB, back to Hash=64 {back} MB");
}

#[test]
fn a_hash_larger_than_the_machine_is_refused_and_the_old_table_kept() {
    let _cpu = shared_cpu();
    let Some(available) = intrigue::tt::available_memory().map(|bytes| bytes >> 20) else {
        eprintln!("note: /proc/meminfo unreadable; skipping");
        return;
    };
    if available >= 65_536 {
        eprintln!("note: this machine could give 64 GB; skipping");
        return;
    }
    let mut e = Engine::ready();
    e.send("setoption name Hash value 64");
    e.sync();
    let before = e.resident_mb().expect("VmRSS");
    e.send("setoption name Hash value 65536");
    let lines = e.sync();
    assert!(lines.iter().any(|l| is_error(l) && l.contains("Hash")), "no refusal: {lines:?}");
    let lines = e.go("go depth 6");
    assert_legal_bestmove(&Chess::default(), lines.last().unwrap());
    let after = e.resident_mb().expect("VmRSS");
    assert!(after.abs_diff(before) < 20, "memory went from {before} to {after} MB");
}

// ---------------------------------------------------------------------------
// Bytes no GUI should send.

#[test]
fn non_utf8_and_control_bytes_cost_one_rejected_line() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("position startpos moves d2d4");
    let before = e.fen();
    e.send_raw(b"position startpos moves e2e4 \xff\xfe\n");
    e.send_raw(b"\x00\x01go\x1b[0m\n");
    e.send_raw(b"isready\r\n");
    let lines = e.lines_until(|l| l == "readyok", LONG);
    let errors: Vec<&String> = lines.iter().filter(|l| is_error(l)).collect();
    assert_eq!(errors.len(), 2, "{lines:?}");
    assert!(errors.iter().all(|l| !l.chars().any(|c| c.is_control())), "control bytes echoed: {errors:?}");
    assert!(!lines.iter().any(|l| is_bestmove(l)), "a garbled go searched: {lines:?}");
    assert_eq!(e.fen(), before);
    let lines = e.go("go depth 4");
    assert_legal_bestmove(&play_all(Chess::default(), &["d2d4"]), lines.last().unwrap());
}

#[test]
fn bench_over_uci_is_stopped_by_stop() {
    let _cpu = shared_cpu();
    let mut e = Engine::ready();
    e.send("bench 40");
    thread::sleep(Duration::from_millis(100));
    let asked = e.send("stop");
    e.expect_line(|l| l == "info string bench stopped", LONG);
    assert!(asked.elapsed() < Duration::from_secs(2), "bench took {:?} to stop", asked.elapsed());
    e.sync();
    let lines = e.go("go depth 3");
    assert_legal_bestmove(&Chess::default(), lines.last().unwrap());
}
