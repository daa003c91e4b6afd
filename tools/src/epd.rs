//! Test suites in EPD (`bm` / `am` in SAN, `id`): how many positions the
//! engine solves at a fixed time per position. Run as `intrigue-tools epd FILE`.

use std::sync::Arc;
use std::time::Instant;

use shakmaty::{san::San, CastlingMode, Move};

use intrigue::eval::nnue::Network;
use intrigue::game::Game;
use intrigue::search::limits::Limits;
#[cfg(test)]
use intrigue::search::SearchMode;
use intrigue::search::SearchSettings;
use intrigue::search::{Searcher, Signals};
use intrigue::tt::TranspositionTable;

/// One suite position: the position, the best moves (any solves it) and
/// the moves to avoid.
#[derive(Clone)]
pub struct Problem {
    pub id: String,
    pub game: Game,
    pub best: Vec<Move>,
    pub avoid: Vec<Move>,
}

/// Parses an EPD line: four FEN fields, then `opcode operands;` pairs.
pub fn parse_line(line: &str) -> Result<Problem, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() < 4 {
        return Err(format!("not an EPD line: '{line}'"));
    }
    let game = Game::from_fen(&fields[..4].join(" "), CastlingMode::Standard)?;
    let ops = fields[4..].join(" ");
    let mut problem = Problem { id: String::new(), game, best: Vec::new(), avoid: Vec::new() };
    for op in ops.split(';').map(str::trim).filter(|o| !o.is_empty()) {
        let (code, operands) = op.split_once(' ').unwrap_or((op, ""));
        match code {
            "id" => problem.id = operands.trim().trim_matches('"').to_string(),
            "bm" | "am" => {
                for san in operands.split_whitespace() {
                    let m = san
                        .parse::<San>()
                        .map_err(|e| format!("{san}: {e}"))?
                        .to_move(problem.game.position())
                        .map_err(|e| format!("{san}: {e}"))?;
                    if code == "bm" {
                        problem.best.push(m)
                    } else {
                        problem.avoid.push(m)
                    }
                }
            }
            _ => {}
        }
    }
    Ok(problem)
}

impl Problem {
    pub fn is_solved_by(&self, m: Move) -> bool {
        (self.best.is_empty() || self.best.contains(&m)) && !self.avoid.contains(&m)
    }
}

/// Searches each problem for `movetime_ms` with a fresh table; returns
/// (solved, total) and calls `each` with (problem, chosen move, solved).
pub fn run(
    problems: &[Problem],
    movetime_ms: u64,
    hash_mb: usize,
    settings: SearchSettings,
    network: &Arc<Network>,
    each: &mut dyn FnMut(&Problem, Option<Move>, bool),
) -> (usize, usize) {
    let signals = Arc::new(Signals::default());
    let mut solved = 0;
    for p in problems {
        let tt = Arc::new(TranspositionTable::new(hash_mb));
        let mut searcher = Searcher::new(tt, Arc::clone(&signals));
        searcher.settings = settings;
        searcher.network = Arc::clone(network);
        let limits = Limits { movetime_ms: Some(movetime_ms), ..Limits::default() };
        let outcome = searcher.think(&p.game, &limits, 0, Instant::now(), &mut |_| {});
        let ok = outcome.best.is_some_and(|m| p.is_solved_by(m));
        solved += ok as usize;
        each(p, outcome.best, ok);
    }
    (solved, problems.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_bm_am_and_id() {
        let p = parse_line(r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#).unwrap();
        assert_eq!(p.id, "WAC.001");
        assert_eq!(p.best.len(), 1);
        assert!(p.is_solved_by(p.best[0]));
        let q = parse_line(r#"4k3/8/8/8/8/8/8/R3K3 w Q - am Ra8+ Kd1; id "x";"#).unwrap();
        assert_eq!(q.avoid.len(), 2);
        assert!(!q.is_solved_by(q.avoid[0]));
        assert!(parse_line("garbage").is_err());
    }

    #[test]
    fn a_mate_in_one_is_solved() {
        let p = parse_line(r#"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id "backrank";"#).unwrap();
        for mode in [SearchMode::AlphaBeta, SearchMode::Interest] {
            let settings = SearchSettings { mode, ..SearchSettings::default() };
            let (solved, total) = run(std::slice::from_ref(&p), 200, 1, settings, &intrigue::eval::nnue::embedded(), &mut |_, _, _| {});
            assert_eq!((solved, total), (1, 1), "{mode:?}");
        }
    }
}
