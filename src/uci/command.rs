//! One UCI input line → one typed `Command`.
//!
//! The simple keyword commands go through `vampirc-uci`. Measured against
//! real GUI traffic, that crate panics on large numbers in `go` (u8
//! overflow) and on trailing whitespace, drops `ponder` next to clock
//! fields, keeps only one of `wtime`/`movetime`, silently truncates depths,
//! move lists and FEN fields, rejects 4-field and Shredder FENs and option
//! names starting with "value", keeps trailing spaces in option values,
//! and knows none of the engine's own commands. So `go`, `position` and
//! `setoption` are tokenized here, positions and moves are parsed with
//! shakmaty by the engine, and every call into the crate is guarded
//! against panics. Each of those failure cases has a test below.

use std::panic::{self, AssertUnwindSafe};

use vampirc_uci::UciMessage;

use crate::search::limits::Clock;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionStart {
    StartPos,
    Fen(String),
}

/// The `go` parameters, numbers kept at full width.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    pub movestogo: Option<u32>,
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    /// Root moves as written; the engine checks them against the position.
    pub searchmoves: Vec<String>,
    /// Parts of the line that were not understood (reported, then ignored,
    /// so that a `go` always gets its `bestmove`).
    pub problems: Vec<String>,
}

impl Go {
    /// The clock of the side to move, if the game is timed.
    pub fn clock(&self, white_to_move: bool) -> Option<Clock> {
        let (time, inc) = if white_to_move { (self.wtime, self.winc) } else { (self.btime, self.binc) };
        time.map(|time_ms| Clock { time_ms, inc_ms: inc.unwrap_or(0), moves_to_go: self.movestogo })
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Uci,
    Debug(bool),
    IsReady,
    Register,
    UciNewGame,
    Position {
        start: PositionStart,
        moves: Vec<String>,
    },
    SetOption {
        name: String,
        value: Option<String>,
    },
    Go(Go),
    Perft(u32),
    Stop,
    PonderHit,
    Quit,
    /// Non-standard: print the board (`d`).
    Display,
    /// Non-standard: print the static evaluation.
    Eval,
    /// Non-standard: run the bench (optionally at another depth).
    Bench(Option<u32>),
}

/// Parses one input line. `Ok(None)` for a blank line; `Err` carries the
/// text of the `info string` to send.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let line = line.trim();
    let mut words = line.split_whitespace();
    let Some(keyword) = words.next() else { return Ok(None) };
    let rest: Vec<&str> = words.collect();
    let command = match keyword {
        "uci" | "isready" | "ucinewgame" | "stop" | "ponderhit" | "quit" | "debug" | "register" => parse_keyword(line)?,
        "position" => parse_position(&rest)?,
        "setoption" => parse_setoption(line)?,
        "go" => match rest.first() {
            Some(&"perft") => Command::Perft(parse_perft_depth(rest.get(1))?),
            _ => Command::Go(parse_go(&rest)),
        },
        "perft" => Command::Perft(parse_perft_depth(rest.first())?),
        "d" => Command::Display,
        "eval" => Command::Eval,
        "bench" => Command::Bench(match rest.first() {
            Some(d) => Some(d.parse().map_err(|_| format!("bench: '{d}' is not a depth"))?),
            None => None,
        }),
        other => return Err(format!("unknown command '{other}'")),
    };
    Ok(Some(command))
}

/// The plain keyword commands, through vampirc-uci (panics contained).
fn parse_keyword(line: &str) -> Result<Command, String> {
    let previous_hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let parsed = panic::catch_unwind(AssertUnwindSafe(|| vampirc_uci::parse_one(line)));
    panic::set_hook(previous_hook);
    match parsed {
        Ok(UciMessage::Uci) => Ok(Command::Uci),
        Ok(UciMessage::Debug(on)) => Ok(Command::Debug(on)),
        Ok(UciMessage::IsReady) => Ok(Command::IsReady),
        Ok(UciMessage::Register { .. }) => Ok(Command::Register),
        Ok(UciMessage::UciNewGame) => Ok(Command::UciNewGame),
        Ok(UciMessage::Stop) => Ok(Command::Stop),
        Ok(UciMessage::PonderHit) => Ok(Command::PonderHit),
        Ok(UciMessage::Quit) => Ok(Command::Quit),
        Ok(_) | Err(_) => Err(format!("could not parse '{line}'")),
    }
}

fn parse_perft_depth(word: Option<&&str>) -> Result<u32, String> {
    match word {
        Some(w) => match w.parse::<u32>() {
            Ok(d) if (1..=20).contains(&d) => Ok(d),
            _ => Err(format!("perft: '{w}' is not a depth in 1..20")),
        },
        None => Err("perft: missing depth".to_string()),
    }
}

fn parse_position(words: &[&str]) -> Result<Command, String> {
    let moves_at = words.iter().position(|&w| w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&words[..i], words[i + 1..].iter().map(|s| s.to_string()).collect()),
        None => (words, Vec::new()),
    };
    let start = match setup.first() {
        Some(&"startpos") if setup.len() == 1 => PositionStart::StartPos,
        Some(&"startpos") => return Err(format!("position: unexpected '{}' after startpos", setup[1..].join(" "))),
        Some(&"fen") if setup.len() > 1 => PositionStart::Fen(setup[1..].join(" ")),
        Some(&"fen") => return Err("position: missing FEN".to_string()),
        Some(other) => return Err(format!("position: expected 'startpos' or 'fen', got '{other}'")),
        None => return Err("position: missing 'startpos' or 'fen'".to_string()),
    };
    Ok(Command::Position { start, moves })
}

/// `setoption name <name…> [value <value…>]`. The first word after `name`
/// always belongs to the name (so a name may start with "value"); the value
/// is the rest of the line after ` value `, trimmed.
fn parse_setoption(line: &str) -> Result<Command, String> {
    let after = line.strip_prefix("setoption").unwrap_or("").trim_start();
    let Some(after_name) = after.strip_prefix("name") else {
        return Err("setoption: expected 'name'".to_string());
    };
    if !after_name.starts_with(char::is_whitespace) {
        return Err("setoption: expected 'name'".to_string());
    }
    let text = after_name.trim();
    if text.is_empty() {
        return Err("setoption: missing option name".to_string());
    }
    // Skip the first word, then look for the keyword `value` as a word.
    let first_end = text.find(char::is_whitespace).unwrap_or(text.len());
    let mut value_at = None;
    let mut offset = first_end;
    for word in text[first_end..].split_whitespace() {
        let at = offset + text[offset..].find(word).expect("word comes from this text");
        if word == "value" {
            value_at = Some(at);
            break;
        }
        offset = at + word.len();
    }
    let (name, value) = match value_at {
        Some(at) => (text[..at].trim(), Some(text[at + "value".len()..].trim().to_string())),
        None => (text, None),
    };
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    Ok(Command::SetOption { name, value })
}

const GO_KEYWORDS: &[&str] =
    &["searchmoves", "ponder", "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate", "movetime", "infinite"];

fn number<T: std::str::FromStr>(go: &mut Go, key: &str, word: Option<&&str>) -> Option<T> {
    match word {
        Some(w) => match w.parse::<T>() {
            Ok(v) => Some(v),
            Err(_) => {
                go.problems.push(format!("'{key} {w}': not a valid number"));
                None
            }
        },
        None => {
            go.problems.push(format!("'{key}' without a value"));
            None
        }
    }
}

fn parse_go(words: &[&str]) -> Go {
    let mut go = Go::default();
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        let next = words.get(i + 1);
        let mut consumed = 2;
        match key {
            "infinite" => {
                go.infinite = true;
                consumed = 1;
            }
            "ponder" => {
                go.ponder = true;
                consumed = 1;
            }
            "wtime" => go.wtime = number(&mut go, key, next),
            "btime" => go.btime = number(&mut go, key, next),
            "winc" => go.winc = number(&mut go, key, next),
            "binc" => go.binc = number(&mut go, key, next),
            "movestogo" => go.movestogo = number(&mut go, key, next),
            "movetime" => go.movetime = number(&mut go, key, next),
            "depth" => go.depth = number(&mut go, key, next),
            "nodes" => go.nodes = number(&mut go, key, next),
            "mate" => go.mate = number(&mut go, key, next),
            "searchmoves" => {
                consumed = 1;
                while let Some(w) = words.get(i + consumed) {
                    if GO_KEYWORDS.contains(w) {
                        break;
                    }
                    go.searchmoves.push(w.to_string());
                    consumed += 1;
                }
            }
            other => {
                go.problems.push(format!("unknown token '{other}'"));
                consumed = 1;
            }
        }
        i += consumed;
    }
    go
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> Go {
        match parse(line) {
            Ok(Some(Command::Go(g))) => g,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn large_numbers_in_go_neither_panic_nor_truncate() {
        assert_eq!(go("go depth 300").depth, Some(300));
        assert_eq!(go("go mate 256").mate, Some(256));
        assert_eq!(go("go movestogo 300").movestogo, Some(300));
        assert_eq!(go("go depth 1234").depth, Some(1234));
        assert_eq!(go("go nodes 123456789012").nodes, Some(123_456_789_012));
    }

    #[test]
    fn trailing_whitespace_is_fine() {
        assert_eq!(go("go depth 5 ").depth, Some(5));
        assert_eq!(go("go depth 5 \t\r").depth, Some(5));
        assert_eq!(parse("isready  \r"), Ok(Some(Command::IsReady)));
    }

    #[test]
    fn ponder_survives_next_to_clock_fields() {
        let g = go("go ponder wtime 1000 btime 2000 winc 10 binc 20");
        assert!(g.ponder);
        assert_eq!((g.wtime, g.btime, g.winc, g.binc), (Some(1000), Some(2000), Some(10), Some(20)));
    }

    #[test]
    fn clock_and_movetime_are_both_kept() {
        let g = go("go wtime 5000 btime 4000 movetime 300");
        assert_eq!((g.wtime, g.movetime), (Some(5000), Some(300)));
        assert!(g.problems.is_empty());
    }

    #[test]
    fn every_standard_go_parameter_is_read() {
        let g = go("go searchmoves e2e4 d2d4 wtime 1 btime 2 winc 3 binc 4 movestogo 5 depth 6 nodes 7 mate 8 movetime 9 infinite");
        assert_eq!(g.searchmoves, vec!["e2e4", "d2d4"]);
        assert_eq!((g.wtime, g.btime, g.winc, g.binc, g.movestogo), (Some(1), Some(2), Some(3), Some(4), Some(5)));
        assert_eq!((g.depth, g.nodes, g.mate, g.movetime, g.infinite), (Some(6), Some(7), Some(8), Some(9), true));
    }

    #[test]
    fn negative_clock_times_are_accepted() {
        assert_eq!(go("go wtime -50 btime 100").wtime, Some(-50));
    }

    #[test]
    fn bad_go_parts_are_reported_not_fatal() {
        let g = go("go depth abc nodes 5 frobnicate");
        assert_eq!(g.depth, None);
        assert_eq!(g.nodes, Some(5));
        assert_eq!(g.problems.len(), 2);
    }

    #[test]
    fn move_lists_are_kept_whole() {
        let p = parse("position startpos moves e2e4 junk e7e5").unwrap().unwrap();
        assert_eq!(p, Command::Position { start: PositionStart::StartPos, moves: vec!["e2e4".into(), "junk".into(), "e7e5".into()] });
        let p = parse("position startpos moves  e2e4   e7e5").unwrap().unwrap();
        assert_eq!(p, Command::Position { start: PositionStart::StartPos, moves: vec!["e2e4".into(), "e7e5".into()] });
        let p = parse("position startpos moves e7e8k").unwrap().unwrap();
        assert_eq!(p, Command::Position { start: PositionStart::StartPos, moves: vec!["e7e8k".into()] });
    }

    #[test]
    fn fens_are_passed_through_whole() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            "8/8/8/4k3/8/8/8/4K3 w - - 0 100000",
        ] {
            let p = parse(&format!("position fen {fen} moves e1e2")).unwrap().unwrap();
            assert_eq!(p, Command::Position { start: PositionStart::Fen(fen.into()), moves: vec!["e1e2".into()] });
        }
    }

    #[test]
    fn setoption_names_and_values() {
        let cases = [
            ("setoption name Hash value 64", "Hash", Some("64")),
            ("setoption name Move Overhead value 100  ", "Move Overhead", Some("100")),
            ("setoption name Clear Hash", "Clear Hash", None),
            ("setoption name valueish value 3", "valueish", Some("3")),
            ("setoption name value value 3", "value", Some("3")),
            ("setoption name BookFile value /tmp/my book.bin ", "BookFile", Some("/tmp/my book.bin")),
            ("setoption name SyzygyPath value", "SyzygyPath", Some("")),
        ];
        for (line, name, value) in cases {
            assert_eq!(parse(line).unwrap().unwrap(), Command::SetOption { name: name.into(), value: value.map(String::from) }, "{line}");
        }
        assert!(parse("setoption Hash 4").is_err());
        assert!(parse("setoption name").is_err());
    }

    #[test]
    fn engine_commands_are_known() {
        assert_eq!(parse("bench").unwrap(), Some(Command::Bench(None)));
        assert_eq!(parse("bench 5").unwrap(), Some(Command::Bench(Some(5))));
        assert_eq!(parse("d").unwrap(), Some(Command::Display));
        assert_eq!(parse("eval").unwrap(), Some(Command::Eval));
        assert_eq!(parse("go perft 3").unwrap(), Some(Command::Perft(3)));
        assert_eq!(parse("perft 4").unwrap(), Some(Command::Perft(4)));
        assert!(parse("go perft 0").is_err());
        assert!(parse("go perft x").is_err());
    }

    #[test]
    fn keywords_unknowns_and_blanks() {
        assert_eq!(parse("uci").unwrap(), Some(Command::Uci));
        assert_eq!(parse("debug on").unwrap(), Some(Command::Debug(true)));
        assert_eq!(parse("ucinewgame").unwrap(), Some(Command::UciNewGame));
        assert_eq!(parse("stop").unwrap(), Some(Command::Stop));
        assert_eq!(parse("ponderhit").unwrap(), Some(Command::PonderHit));
        assert_eq!(parse("quit").unwrap(), Some(Command::Quit));
        assert_eq!(parse("   ").unwrap(), None);
        assert!(parse("xyzzy").unwrap_err().contains("unknown command 'xyzzy'"));
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
        assert!(parse("position startpos junk").is_err());
    }
}
