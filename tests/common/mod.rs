//! The harness the integration tests share: the real `intrigue` binary
//! driven over UCI pipes, readers for its output, chess helpers, and the
//! lock that lets latency measurements run alone.
#![allow(dead_code)]

pub mod test_data;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::thread;
use std::time::{Duration, Instant};

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

/// For things that normally take milliseconds.
pub const LONG: Duration = Duration::from_secs(10);

pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
pub const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 3 8";

// ---------------------------------------------------------------------------
// Scheduling: latency tests run alone.

pub static CPU: RwLock<()> = RwLock::new(());

/// Taken by ordinary tests: they may run side by side.
pub fn shared_cpu() -> RwLockReadGuard<'static, ()> {
    CPU.read().unwrap_or_else(|e| e.into_inner())
}

/// Taken by tests that measure latency: nothing else runs meanwhile.
pub fn exclusive_cpu() -> RwLockWriteGuard<'static, ()> {
    CPU.write().unwrap_or_else(|e| e.into_inner())
}

// ---------------------------------------------------------------------------
// The engine process.

pub struct Engine {
    pub child: Child,
    pub stdin: Option<ChildStdin>,
    /// Lines from the reader thread, stamped with when they were read.
    pub lines: Receiver<(Instant, String)>,
    /// Every line received so far (for failure messages).
    pub seen: Vec<String>,
    /// Commands sent so far (for failure messages).
    pub sent: Vec<String>,
    /// When the line most recently returned was read from the pipe.
    pub last_at: Instant,
}

impl Engine {
    pub fn start() -> Engine {
        Engine::start_with_env(&[])
    }

    /// An engine started with extra environment variables (fault
    /// injection, logging).
    pub fn start_with_env(vars: &[(&str, &str)]) -> Engine {
        Engine::start_with(&[], vars)
    }

    /// An engine started with command-line arguments (`--all-options`)
    /// and extra environment variables.
    pub fn start_with(args: &[&str], vars: &[(&str, &str)]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_intrigue"))
            .args(args)
            .envs(vars.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn the engine");
        let stdout = child.stdout.take().expect("piped stdout");
        let stdin = child.stdin.take().expect("piped stdin");
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin: Some(stdin), lines: rx, seen: Vec::new(), sent: Vec::new(), last_at: Instant::now() }
    }

    /// A started engine that has answered `uci` and `isready`.
    pub fn ready() -> Engine {
        let mut e = Engine::start();
        e.send("uci");
        e.expect_line(|l| l == "uciok", LONG);
        e.sync();
        e
    }

    /// Writes one command line; returns the instant just before writing.
    pub fn send(&mut self, line: &str) -> Instant {
        let at = Instant::now();
        let stdin = self.stdin.as_mut().expect("stdin is still open");
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .unwrap_or_else(|e| panic!("writing '{}' to the engine failed: {e}{}", shorten(line), self.context()));
        self.sent.push(line.to_string());
        at
    }

    /// Writes raw bytes (which need not be UTF-8 nor end in a newline).
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is still open");
        stdin.write_all(bytes).and_then(|_| stdin.flush()).unwrap_or_else(|e| panic!("writing raw bytes failed: {e}"));
        self.sent.push(String::from_utf8_lossy(bytes).into_owned());
    }

    /// The engine's resident memory in MB (Linux), if it can be read.
    pub fn resident_mb(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb / 1024)
    }

    /// Closes the engine's stdin (end of input).
    pub fn close_stdin(&mut self) -> Instant {
        self.stdin = None;
        Instant::now()
    }

    /// What was sent and everything seen, for failure messages (very long
    /// histories keep their first 50 and last 400 lines).
    pub fn context(&self) -> String {
        let list = |v: &[String]| -> String {
            let show = |ls: &[String]| -> String { ls.iter().map(|l| format!("\n    {}", shorten(l))).collect() };
            if v.len() <= 500 {
                show(v)
            } else {
                format!("{}\n    … {} lines …{}", show(&v[..50]), v.len() - 450, show(&v[v.len() - 400..]))
            }
        };
        format!("\n  commands sent ({}):{}\n  lines seen ({}):{}", self.sent.len(), list(&self.sent), self.seen.len(), list(&self.seen))
    }

    /// The next line, or why there is none before `deadline`.
    pub fn next_line(&mut self, deadline: Instant) -> Result<String, RecvTimeoutError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        let (at, line) = self.lines.recv_timeout(wait)?;
        self.last_at = at;
        self.seen.push(line.clone());
        Ok(line)
    }

    /// Reads until a line matches; panics (with everything seen) on timeout
    /// or if the engine's stdout closes.
    #[track_caller]
    pub fn expect_line(&mut self, pred: impl Fn(&str) -> bool, timeout: Duration) -> String {
        self.lines_until(pred, timeout).pop().expect("lines_until returns the matching line last")
    }

    /// All lines up to and including the first matching one.
    #[track_caller]
    pub fn lines_until(&mut self, pred: impl Fn(&str) -> bool, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            match self.next_line(deadline) {
                Ok(line) => {
                    let done = pred(&line);
                    got.push(line);
                    if done {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no expected line within {timeout:?}{}", self.context())
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("engine stdout closed before the expected line{}", self.context())
                }
            }
        }
    }

    /// Every line arriving within `duration` (no panic if none, nor if
    /// the engine's stdout closes).
    pub fn lines_for(&mut self, duration: Duration) -> Vec<String> {
        let deadline = Instant::now() + duration;
        let mut got = Vec::new();
        while let Ok(line) = self.next_line(deadline) {
            got.push(line);
        }
        got
    }

    /// `isready` → `readyok`; returns the lines that came before it.
    #[track_caller]
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.lines_until(|l| l == "readyok", LONG);
        lines.pop();
        lines
    }

    /// The position as the engine sees it, via `d`.
    #[track_caller]
    pub fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.sync();
        let fens: Vec<&String> = lines.iter().filter(|l| l.starts_with("Fen: ")).collect();
        assert_eq!(fens.len(), 1, "'d' should print one 'Fen: ' line{}", self.context());
        fens[0]["Fen: ".len()..].to_string()
    }

    /// Sends a `go` and returns every line up to and including `bestmove`.
    #[track_caller]
    pub fn go(&mut self, go: &str) -> Vec<String> {
        self.send(go);
        self.lines_until(is_bestmove, LONG)
    }

    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stdin = None;
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

pub fn shorten(line: &str) -> String {
    if line.len() <= 200 {
        line.to_string()
    } else {
        let cut = (0..=200).rev().find(|&i| line.is_char_boundary(i)).unwrap_or(0);
        format!("{}… ({} bytes)", &line[..cut], line.len())
    }
}

// ---------------------------------------------------------------------------
// Reading engine output.

pub fn is_bestmove(line: &str) -> bool {
    line == "bestmove" || line.starts_with("bestmove ")
}

pub fn is_error(line: &str) -> bool {
    line.starts_with("info string error:")
}

/// `bestmove X [ponder Y]` → (X, Y).
pub fn parse_bestmove(line: &str) -> (String, Option<String>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert!(words.len() == 2 || (words.len() == 4 && words[2] == "ponder"), "malformed bestmove line: {line}");
    assert_eq!(words[0], "bestmove", "malformed bestmove line: {line}");
    (words[1].to_string(), words.get(3).map(|s| s.to_string()))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    Mate(i32),
}

/// One `info` line, split into its fields.
#[derive(Debug, Default)]
pub struct Info {
    pub fields: HashMap<String, i64>,
    pub score: Option<Score>,
    pub pv: Option<Vec<String>>,
    pub string: Option<String>,
}

impl Info {
    pub fn get(&self, key: &str) -> Option<i64> {
        self.fields.get(key).copied()
    }
}

pub fn parse_info(line: &str) -> Info {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words.first(), Some(&"info"), "not an info line: {line}");
    let mut info = Info::default();
    let mut i = 1;
    while i < words.len() {
        match words[i] {
            "string" => {
                info.string = Some(words[i + 1..].join(" "));
                break;
            }
            "pv" => {
                info.pv = Some(words[i + 1..].iter().map(|s| s.to_string()).collect());
                break;
            }
            "score" => {
                let kind = words.get(i + 1).copied();
                let n: i32 = words.get(i + 2).and_then(|w| w.parse().ok()).unwrap_or_else(|| panic!("bad score in: {line}"));
                info.score = Some(match kind {
                    Some("cp") => Score::Cp(n),
                    Some("mate") => Score::Mate(n),
                    _ => panic!("bad score in: {line}"),
                });
                i += 3;
                while matches!(words.get(i), Some(&"lowerbound") | Some(&"upperbound")) {
                    i += 1;
                }
            }
            "currmove" => i += 2,
            key => {
                let value: i64 =
                    words.get(i + 1).and_then(|w| w.parse().ok()).unwrap_or_else(|| panic!("'{key}' without a number in: {line}"));
                info.fields.insert(key.to_string(), value);
                i += 2;
            }
        }
    }
    info
}

/// The search `info` lines (those with a depth) among `lines`.
pub fn search_infos(lines: &[String]) -> Vec<(String, Info)> {
    lines
        .iter()
        .filter(|l| l.starts_with("info ") && !l.starts_with("info string"))
        .map(|l| (l.clone(), parse_info(l)))
        .filter(|(_, i)| i.get("depth").is_some())
        .collect()
}

// ---------------------------------------------------------------------------
// Chess (shakmaty) helpers.

pub fn pos_from_fen(fen: &str) -> Chess {
    let parsed: Fen = fen.parse().unwrap_or_else(|e| panic!("test FEN '{fen}': {e}"));
    // Chess960 mode reads Shredder-FENs and every standard FEN alike.
    parsed.into_position(CastlingMode::Chess960).unwrap_or_else(|e| panic!("test FEN '{fen}': {e}"))
}

pub fn play_all(mut pos: Chess, moves: &[&str]) -> Chess {
    for m in moves {
        let mv = legal_move(&pos, m).unwrap_or_else(|| panic!("test move {m} is not legal"));
        pos.play_unchecked(mv);
    }
    pos
}

pub fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// The legal move `text` stands for in `pos`, if any.
pub fn legal_move(pos: &Chess, text: &str) -> Option<Move> {
    let uci: UciMove = text.parse().ok()?;
    let m = uci.to_move(pos).ok()?;
    pos.is_legal(m).then_some(m)
}

/// Checks that `moves` is a legal line from `pos`.
#[track_caller]
pub fn assert_legal_line(pos: &Chess, moves: &[String], context: &str) {
    let mut p = pos.clone();
    for (i, text) in moves.iter().enumerate() {
        match legal_move(&p, text) {
            Some(m) => p.play_unchecked(m),
            None => panic!("move {} '{text}' of {moves:?} is illegal in {} (root {})\n  in: {context}", i + 1, fen_of(&p), fen_of(pos)),
        }
    }
}

/// Checks a `bestmove` line against `pos`: the move is legal, and so is the
/// ponder move after it. Returns the move.
#[track_caller]
pub fn assert_legal_bestmove(pos: &Chess, line: &str) -> Move {
    let (best, ponder) = parse_bestmove(line);
    let m = legal_move(pos, &best).unwrap_or_else(|| panic!("'{line}': {best} is not legal in {}", fen_of(pos)));
    if let Some(reply) = ponder {
        let mut after = pos.clone();
        after.play_unchecked(m);
        assert!(legal_move(&after, &reply).is_some(), "'{line}': ponder move {reply} is not legal after {best} in {}", fen_of(pos));
    }
    m
}

/// Can the side to move force mate within `n` moves?
pub fn forced_mate(pos: &Chess, n: u32) -> bool {
    pos.legal_moves().iter().any(|&m| forces_mate_after(pos, m, n))
}

/// Does `m` force mate within `n` moves (counting `m`)?
pub fn forces_mate_after(pos: &Chess, m: Move, n: u32) -> bool {
    let mut p = pos.clone();
    p.play_unchecked(m);
    if p.is_checkmate() {
        return true;
    }
    if n <= 1 {
        return false;
    }
    let replies = p.legal_moves();
    !replies.is_empty()
        && replies.iter().all(|&r| {
            let mut q = p.clone();
            q.play_unchecked(r);
            forced_mate(&q, n - 1)
        })
}

pub fn position_command(start: &str, moves: &[String]) -> String {
    let mut cmd = format!("position {start}");
    if !moves.is_empty() {
        cmd.push_str(" moves ");
        cmd.push_str(&moves.join(" "));
    }
    cmd
}
