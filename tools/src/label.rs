//! Labelling training positions with a stronger engine's verdict.
//!
//! A game result says little about any one position of the game: a won
//! game passes through level positions, and one blunder flips the label
//! of every position before it. A strong engine's score after a shallow
//! search is a far less noisy target. `intrigue-tools label` asks a UCI engine
//! (the teacher) for its score on each `FEN [R]` line and writes
//! `FEN [T]`, T = (1 − w)·R + w·p, with p the score as an expected score.
//! Keeping part of the result keeps the fit honest about what wins games
//! at our own level, not only about what the teacher believes.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use shakmaty::fen::Fen;
use shakmaty::{Color, EnPassantMode, Position};

use crate::tune::parse_line;

/// The centipawn score a mate counts as.
const MATE_CP: i32 = 3000;
/// The lead at which the expected score is 10 : 1, about 91 %.
const TEN_TO_ONE_CP: f64 = 250.0;

/// A running UCI engine that scores positions.
pub struct Teacher {
    child: Child,
    to: ChildStdin,
    from: BufReader<ChildStdout>,
}

impl Teacher {
    /// Starts `command` and brings it to `readyok` with one thread and a
    /// small hash, so that several teachers can share the machine.
    pub fn start(command: &str) -> io::Result<Teacher> {
        let mut child = Command::new(command).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn()?;
        let to = child.stdin.take().ok_or_else(|| io::Error::other("no stdin"))?;
        let from = BufReader::new(child.stdout.take().ok_or_else(|| io::Error::other("no stdout"))?);
        let mut teacher = Teacher { child, to, from };
        teacher.send("uci")?;
        teacher.wait_for("uciok")?;
        teacher.send("setoption name Threads value 1")?;
        teacher.send("setoption name Hash value 16")?;
        teacher.send("isready")?;
        teacher.wait_for("readyok")?;
        Ok(teacher)
    }

    fn send(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.to, "{line}")?;
        self.to.flush()
    }

    fn read_line(&mut self) -> io::Result<String> {
        let mut line = String::new();
        if self.from.read_line(&mut line)? == 0 {
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "the teacher closed its output"));
        }
        Ok(line)
    }

    fn wait_for(&mut self, token: &str) -> io::Result<()> {
        while self.read_line()?.trim() != token {}
        Ok(())
    }

    /// The teacher's last reported score for the side to move after a
    /// search to `depth`, in centipawns; `None` if it reported none.
    /// Depth 0 asks for its static evaluation instead (Stockfish's `eval`).
    pub fn score(&mut self, fen: &str, depth: u32) -> io::Result<Option<i32>> {
        self.send(&format!("position fen {fen}"))?;
        if depth == 0 {
            return self.static_score(fen);
        }
        self.send(&format!("go depth {depth}"))?;
        let mut score = None;
        loop {
            let line = self.read_line()?;
            if line.starts_with("bestmove") {
                return Ok(score);
            }
            if let Some(s) = info_score(&line) {
                score = Some(s);
            }
        }
    }

    /// The side to move's score from the teacher's `eval` command, whose
    /// last line is Stockfish's `Final evaluation  +0.60 (white side) …`
    /// (or `none (in check)`).
    fn static_score(&mut self, fen: &str) -> io::Result<Option<i32>> {
        self.send("eval")?;
        let black_to_move = fen.split_whitespace().nth(1) == Some("b");
        loop {
            if let Some(score) = final_evaluation(&self.read_line()?, black_to_move) {
                return Ok(score);
            }
        }
    }
}

/// From the last line of Stockfish's `eval`, the side to move's score in
/// centipawns (`Some(None)` when it gives none); `None` for other lines.
fn final_evaluation(line: &str, black_to_move: bool) -> Option<Option<i32>> {
    let rest = line.strip_prefix("Final evaluation")?;
    let white_cp = rest.split_whitespace().next().and_then(|w| w.parse::<f64>().ok()).map(|p| (p * 100.0).round() as i32);
    Some(white_cp.map(|cp| if black_to_move { -cp } else { cp }))
}

impl Drop for Teacher {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// The score of an `info` line in centipawns, mates as ±`MATE_CP`.
fn info_score(line: &str) -> Option<i32> {
    let mut words = line.split_whitespace();
    if words.next()? != "info" {
        return None;
    }
    words.by_ref().find(|&w| w == "score")?;
    let kind = words.next()?;
    let value: i32 = words.next()?.parse().ok()?;
    match kind {
        "cp" => Some(value),
        "mate" => Some(if value > 0 { MATE_CP } else { -MATE_CP }),
        _ => None,
    }
}

/// White's expected score when White leads by `cp` centipawns.
pub fn expected_score(cp: i32) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp as f64 / TEN_TO_ONE_CP))
}

/// The centipawns an expected score stands for: `expected_score`
/// undone, for reading a label back as the teacher's score.
pub fn centipawns(expected: f64) -> f64 {
    let t = expected.clamp(1e-4, 1.0 - 1e-4);
    TEN_TO_ONE_CP * (t / (1.0 - t)).log10()
}

/// Labels `lines` (`FEN [R]`) with one teacher, in order. Lines that do
/// not parse, or that the teacher gives no score for, are left out.
pub fn label_lines(lines: &[String], teacher: &mut Teacher, depth: u32, weight: f64) -> io::Result<Vec<String>> {
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        let Some((game, result)) = parse_line(line) else { continue };
        let pos = game.position();
        let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
        let Some(cp) = teacher.score(&fen, depth)? else { continue };
        let white_cp = if pos.turn() == Color::White { cp } else { -cp };
        let target = (1.0 - weight) * result + weight * expected_score(white_cp);
        out.push(format!("{fen} [{target:.4}]"));
    }
    Ok(out)
}

/// Labels `lines` with `threads` teachers at once, each started from
/// `engine`, in contiguous chunks, so that the output keeps the input's
/// order (the tuner's held-out blocks rely on it).
pub fn label_parallel(lines: &[String], engine: &str, depth: u32, weight: f64, threads: usize) -> std::io::Result<Vec<String>> {
    let chunk = lines.len().div_ceil(threads.max(1)).max(1);
    let parts: Vec<std::io::Result<Vec<String>>> = std::thread::scope(|scope| {
        let workers: Vec<_> = lines
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut teacher = Teacher::start(engine)?;
                    label_lines(part, &mut teacher, depth, weight)
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or_else(|_| Err(std::io::Error::other("a labelling thread panicked")))).collect()
    });
    let mut out = Vec::with_capacity(lines.len());
    for part in parts {
        out.extend(part?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_their_score() {
        assert_eq!(info_score("info depth 7 seldepth 9 multipv 1 score cp -35 nodes 2013 pv e2e4"), Some(-35));
        assert_eq!(info_score("info depth 5 score mate -2 nodes 99 pv h2h3"), Some(-MATE_CP));
        assert_eq!(info_score("info depth 3 score cp 17 lowerbound nodes 80"), Some(17));
        assert_eq!(info_score("info string NNUE evaluation enabled"), None);
        assert_eq!(info_score("bestmove e2e4"), None);
    }

    #[test]
    fn the_static_evaluation_is_read_for_the_side_to_move() {
        let line = "Final evaluation       +0.60 (white side) [with scaled NNUE, hybrid, ...]";
        assert_eq!(final_evaluation(line, false), Some(Some(60)));
        assert_eq!(final_evaluation(line, true), Some(Some(-60)));
        assert_eq!(final_evaluation("Final evaluation: none (in check)", false), Some(None));
        assert_eq!(final_evaluation("NNUE evaluation        +0.46 (white side)", false), None);
    }

    #[test]
    fn a_lead_is_a_better_expected_score() {
        assert_eq!(expected_score(0), 0.5);
        assert!((expected_score(250) - 10.0 / 11.0).abs() < 1e-12);
        assert!((expected_score(-100) + expected_score(100) - 1.0).abs() < 1e-12);
    }
}
