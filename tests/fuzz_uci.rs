//! A property-based fuzz target for the UCI front end.
//!
//! Input lines — real GUI traffic from `tests/corpus/gui-traffic.txt`,
//! mutated (truncated, tokens swapped for huge, negative or garbage
//! values, bytes inserted), plain random bytes, 10 000-move `position`
//! lines, Chess960 FENs with bogus castling rights, and positions whose
//! side not to move is in check — go through `engine::handle_guarded`, the
//! very function the binary's input loop calls. After every line: no panic
//! was caught anywhere (the UCI thread reports one as "internal error",
//! the search thread as "internal error" or "the search failed"), and a
//! line that was answered with an error left the engine's state digest
//! exactly as it was. After every case the engine still answers `isready`.
//!
//! The run is deterministic (fixed seed) and bounded: `FUZZ_CASES`
//! (default 1500) cases of 1 to 6 lines. `cargo fuzz` needs a nightly
//! compiler, which this project does not use; proptest runs on stable and
//! in CI, and shrinks a failure to a minimal sequence of lines.

use std::cell::{Cell, RefCell};
use std::time::{Duration, Instant};

use crossbeam_channel::{unbounded, Receiver};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};

use intrigue::engine::{self, Engine};
use intrigue::uci;

const CORPUS: &str = include_str!("corpus/gui-traffic.txt");

/// Values GUIs never send but a fuzzer should.
const WEIRD_TOKENS: &[&str] = &[
    "",
    "0",
    "-1",
    "-0",
    "+5",
    "007",
    "1e9",
    "0x10",
    "NaN",
    "inf",
    "-2147483649",
    "4294967296",
    "18446744073709551616",
    "99999999999999999999999",
    "-99999999999999999999999",
    "value",
    "name",
    "moves",
    "startpos",
    "fen",
    "e2e4",
    "e1g1",
    "e1h1",
    "a7a8q",
    "a7a8k",
    "0000",
    "(none)",
    "\u{0}",
    "é",
    "♞",
    "KQkq",
    "HAha",
    "AHah",
    "-",
    "w",
    "b",
    "x",
    "9",
    "8/8/8/8/8/8/8/8",
];

fn corpus_lines() -> Vec<&'static str> {
    CORPUS.lines().filter(|l| !l.trim().is_empty()).collect()
}

/// One way of damaging a corpus line.
#[derive(Clone, Debug)]
enum Mutation {
    TruncateAt(usize),
    ReplaceToken(usize, usize),
    DeleteToken(usize),
    DuplicateToken(usize),
    InsertByte(usize, u8),
    SwapTokens(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::TruncateAt),
        (any::<usize>(), 0..WEIRD_TOKENS.len()).prop_map(|(i, t)| Mutation::ReplaceToken(i, t)),
        any::<usize>().prop_map(Mutation::DeleteToken),
        any::<usize>().prop_map(Mutation::DuplicateToken),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::InsertByte(i, b)),
        (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Mutation::SwapTokens(i, j)),
    ]
}

fn mutate(line: &str, mutations: &[Mutation]) -> Vec<u8> {
    let mut tokens: Vec<Vec<u8>> = line.split(' ').map(|t| t.as_bytes().to_vec()).collect();
    for m in mutations {
        let n = tokens.len().max(1);
        match *m {
            Mutation::TruncateAt(i) => {
                let mut bytes = tokens.join(&b' ');
                bytes.truncate(i % (bytes.len() + 1));
                tokens = bytes.split(|&b| b == b' ').map(<[u8]>::to_vec).collect();
            }
            Mutation::ReplaceToken(i, t) if !tokens.is_empty() => tokens[i % n] = WEIRD_TOKENS[t].as_bytes().to_vec(),
            Mutation::DeleteToken(i) if !tokens.is_empty() => {
                tokens.remove(i % n);
            }
            Mutation::DuplicateToken(i) if !tokens.is_empty() => {
                let t = tokens[i % n].clone();
                tokens.insert(i % n, t);
            }
            Mutation::InsertByte(i, b) if !tokens.is_empty() => {
                let t = &mut tokens[i % n];
                let at = i % (t.len() + 1);
                t.insert(at, b);
            }
            Mutation::SwapTokens(i, j) if !tokens.is_empty() => tokens.swap(i % n, j % n),
            _ => {}
        }
    }
    tokens.join(&b' ')
}

/// A `position` line with 10 000 moves: knights shuffling out and back
/// (legal all the way), or with one move somewhere replaced by garbage.
fn long_position_line() -> impl Strategy<Value = Vec<u8>> {
    (proptest::option::of((0..10_000usize, 0..WEIRD_TOKENS.len())), any::<bool>()).prop_map(|(damage, go)| {
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let mut moves: Vec<&str> = (0..10_000).map(|i| shuffle[i % 4]).collect();
        if let Some((at, token)) = damage {
            moves[at] = WEIRD_TOKENS[token];
        }
        let mut line = format!("position startpos moves {}", moves.join(" "));
        if go {
            line.push_str("\ngo depth 2");
        }
        line.into_bytes()
    })
}

/// Chess960 start positions with castling rights naming files where no
/// rook stands, rights for a king not on the back rank, and so on.
fn bogus_chess960_line() -> impl Strategy<Value = Vec<u8>> {
    let rights = prop_oneof![Just("HAha"), Just("BGbg"), Just("KQkq"), Just("AAaa"), Just("Hh"), Just("ZZzz"), Just("Ah")];
    let board = prop_oneof![
        Just("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR"),
        Just("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB"),
        Just("1krnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB"),
        Just("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR"),
    ];
    (board, rights, any::<bool>()).prop_map(|(board, rights, on)| {
        format!("setoption name UCI_Chess960 value {on}\nposition fen {board} w {rights} - 0 1 moves e1g1\ngo depth 1").into_bytes()
    })
}

/// Positions where the side not to move is in check, or both kings are.
fn wrong_side_in_check_line() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        Just("position fen 4k3/8/8/8/8/8/8/4KR2 b - - 0 1"),
        Just("position fen 4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"),
        Just("position fen 4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1"),
        Just("position fen 3qk3/8/8/8/8/8/8/3QK3 w - - 0 1 moves d1d8"),
        Just("position fen 8/8/8/8/8/8/8/K6k w - - 0 1"),
        Just("position fen 4k3/8/8/8/8/8/8/8 w - - 0 1"),
        Just("position fen kk6/8/8/8/8/8/8/KK6 w - - 0 1"),
    ]
    .prop_map(|l| l.as_bytes().to_vec())
}

/// One input line (possibly several, joined by newlines, for the
/// strategies that need a follow-up).
fn line() -> impl Strategy<Value = Vec<u8>> {
    let corpus: &'static [&'static str] = corpus_lines().leak();
    let n = corpus.len();
    let pick = move |i: usize| corpus[i % n];
    prop_oneof![
        4 => any::<usize>().prop_map(move |i| pick(i).as_bytes().to_vec()),
        8 => (any::<usize>(), prop::collection::vec(mutation(), 1..4)).prop_map(move |(i, ms)| mutate(pick(i), &ms)),
        2 => prop::collection::vec(any::<u8>(), 0..120),
        1 => long_position_line(),
        1 => bogus_chess960_line(),
        1 => wrong_side_in_check_line(),
    ]
}

/// The engine under test, its captured output, and what it said.
struct Harness {
    engine: Engine,
    output: Receiver<String>,
}

impl Harness {
    fn new(output: Receiver<String>) -> Harness {
        Harness { engine: Engine::new(false), output }
    }

    fn drain(&self) -> Vec<String> {
        self.output.try_iter().collect()
    }

    /// One line through the real input path; checks the invariants.
    fn feed(&mut self, raw: &[u8]) -> Result<(), TestCaseError> {
        let before = self.engine.state_digest();
        let more = engine::handle_guarded(&mut self.engine, raw);
        let said = self.drain();
        fail_on_internal_error(&said, raw)?;
        if !more {
            // `quit`: a GUI would start a new engine.
            self.engine = Engine::new(false);
            return Ok(());
        }
        if said.iter().any(|l| l.starts_with("info string error:")) {
            prop_assert_eq!(
                &before,
                &self.engine.state_digest(),
                "a rejected line changed the state: {:?} → {:?}",
                String::from_utf8_lossy(raw),
                said
            );
        }
        Ok(())
    }

    /// `stop`, then `isready` must be answered.
    fn settle(&mut self) -> Result<(), TestCaseError> {
        self.feed(b"stop")?;
        engine::handle_guarded(&mut self.engine, b"isready");
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut said = Vec::new();
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(wait) {
                Ok(l) if l == "readyok" => break,
                Ok(l) => said.push(l),
                Err(_) => return Err(TestCaseError::fail(format!("no readyok within 20 s; said {said:?}"))),
            }
        }
        fail_on_internal_error(&said, b"isready")
    }
}

fn fail_on_internal_error(said: &[String], raw: &[u8]) -> Result<(), TestCaseError> {
    for l in said {
        if l.contains("internal error") || l.contains("the search failed") {
            return Err(TestCaseError::fail(format!("{l} after {:?}", String::from_utf8_lossy(raw))));
        }
    }
    Ok(())
}

#[test]
fn hostile_input_never_panics_and_rejected_lines_change_nothing() {
    let (tx, rx) = unbounded();
    assert!(uci::capture_output(tx), "output already captured");
    let harness = RefCell::new(Harness::new(rx));
    let cases: u32 = std::env::var("FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(1500);
    let config = Config { cases, failure_persistence: None, ..Config::default() };
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let started = Instant::now();
    let lines_fed = Cell::new(0u64);
    let result = runner.run(&prop::collection::vec(line(), 1..6), |case| {
        let mut harness = harness.borrow_mut();
        for raw in &case {
            for part in raw.split(|&b| b == b'\n') {
                harness.feed(part)?;
                lines_fed.set(lines_fed.get() + 1);
            }
        }
        harness.settle()
    });
    println!("fuzz: {cases} cases, {} lines (with shrinking) in {:?}", lines_fed.get(), started.elapsed());
    if let Err(e) = result {
        panic!("{e}");
    }
}
