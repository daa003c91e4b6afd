//! Self-play games for tuning data, played in-process (no UCI round
//! trips) on several threads: each game starts from an opening of an EPD
//! file, every move is a fixed-node search, and the quiet positions of the
//! game are written with its result as `FEN [R]` lines for `intrigue-tools tune`.

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use shakmaty::{fen::Fen, CastlingMode, Color, EnPassantMode, Outcome as GameOutcome, Position};

use intrigue::game::{self, Game};
use intrigue::search::limits::Limits;
use intrigue::search::{Searcher, Signals, MATE_BOUND};
use intrigue::tt::TranspositionTable;

/// Longest game before it is called a draw.
const MAX_PLIES: usize = 400;
/// A score this large for this many plies in a row ends the game.
const RESIGN_SCORE: i32 = 1500;
const RESIGN_PLIES: usize = 6;

/// White's result (1, ½, 0) when the game is over in `game`, by the rules
/// or by adjudication on `scores` (White's view, one per ply).
fn result(game: &Game, scores: &[i32]) -> Option<f64> {
    let pos = game.position();
    match pos.outcome() {
        GameOutcome::Known(shakmaty::KnownOutcome::Decisive { winner }) => return Some(if winner == Color::White { 1.0 } else { 0.0 }),
        GameOutcome::Known(shakmaty::KnownOutcome::Draw) => return Some(0.5),
        _ => {}
    }
    let key = game::hash(pos);
    let repeats = game.history().iter().rev().take(pos.halfmoves() as usize).filter(|&&k| k == key).count();
    if pos.halfmoves() >= 100 || repeats >= 2 || game.moves().len() >= MAX_PLIES {
        return Some(0.5);
    }
    let tail = scores.iter().rev().take(RESIGN_PLIES);
    if scores.len() >= RESIGN_PLIES {
        if tail.clone().all(|&s| s >= RESIGN_SCORE) {
            return Some(1.0);
        }
        if tail.clone().all(|&s| s <= -RESIGN_SCORE) {
            return Some(0.0);
        }
    }
    None
}

/// Plays one game from `start`; returns the training lines it yields.
fn play(searcher: &mut Searcher, start: &Game, nodes: u64) -> Vec<String> {
    let mut game = start.clone();
    let mut scores = Vec::new();
    let mut fens = Vec::new();
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    searcher.new_game();
    searcher.tt.clear();
    let outcome = loop {
        if let Some(r) = result(&game, &scores) {
            break r;
        }
        let out = searcher.think(&game, &limits, 0, Instant::now(), &mut |_| {});
        let Some(best) = out.best else { break 0.5 };
        let white_score = if game.position().turn() == Color::White { out.score } else { -out.score };
        scores.push(white_score);
        let quiet = !best.is_capture() && !best.is_promotion();
        if quiet && !game.position().is_check() && out.score.abs() < MATE_BOUND {
            fens.push(Fen::from_position(game.position(), EnPassantMode::Legal).to_string());
        }
        game.play(best);
    };
    fens.into_iter().map(|f| format!("{f} [{outcome:.1}]")).collect()
}

/// Plays `games` games on `threads` threads, openings taken in turn from
/// `openings` (starting at `first`), and returns all training lines.
pub fn generate(openings: &[Game], games: usize, nodes: u64, threads: usize, first: usize, log: &(dyn Fn(&str) + Sync)) -> Vec<String> {
    let next = AtomicUsize::new(0);
    let lines = Mutex::new(Vec::new());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let tt = Arc::new(TranspositionTable::new(16));
                let mut searcher = Searcher::new(tt, Arc::new(Signals::default()));
                loop {
                    let i = next.fetch_add(1, Relaxed);
                    if i >= games || openings.is_empty() {
                        return;
                    }
                    let start = &openings[(first + i) % openings.len()];
                    let got = play(&mut searcher, start, nodes);
                    let mut all = lines.lock().expect("no thread panics while holding it");
                    all.extend(got);
                    if (i + 1).is_multiple_of(100) {
                        log(&format!("{} games, {} positions, {:.0} s", i + 1, all.len(), started.elapsed().as_secs_f64()));
                    }
                }
            });
        }
    });
    lines.into_inner().expect("no thread panicked")
}

/// Reads an opening file (one FEN or EPD per line; the first four fields
/// are the position).
pub fn read_openings(text: &str) -> Vec<Game> {
    text.lines()
        .filter_map(|l| {
            let fields: Vec<&str> = l.split_whitespace().take(6).collect();
            let fen = if fields.len() >= 6 && fields[4].parse::<u32>().is_ok() {
                fields.join(" ")
            } else {
                fields.iter().take(4).copied().collect::<Vec<_>>().join(" ")
            };
            Game::from_fen(&fen, CastlingMode::Standard).ok()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_end_and_yield_labelled_positions() {
        let openings = read_openings("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n4k3/8/8/8/8/8/8/R3K3 w Q -\n");
        assert_eq!(openings.len(), 2);
        let lines = generate(&openings, 2, 300, 2, 0, &|_| {});
        assert!(!lines.is_empty());
        for l in &lines {
            let (g, r) = crate::tune::parse_line(l).unwrap_or_else(|| panic!("unreadable line {l}"));
            assert!(!g.position().is_check());
            assert!([0.0, 0.5, 1.0].contains(&r));
        }
    }

    #[test]
    fn a_won_game_labels_its_positions_as_won() {
        // King and queen against king: White mates; every position
        // recorded before the mate was in sight gets White's win.
        let start = Game::from_fen("8/8/2k5/8/8/8/8/3QK3 w - - 0 1", CastlingMode::Standard).unwrap();
        let mut searcher = Searcher::new(Arc::new(TranspositionTable::new(1)), Arc::new(Signals::default()));
        let lines = play(&mut searcher, &start, 20_000);
        assert!(!lines.is_empty());
        assert!(lines.iter().all(|l| l.ends_with("[1.0]")), "{lines:?}");
    }

    #[test]
    fn the_rules_end_a_game() {
        let mated = Game::from_fen("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", CastlingMode::Standard).unwrap();
        assert_eq!(result(&mated, &[]), Some(1.0));
        let fifty = Game::from_fen("k7/8/1K6/8/8/8/8/7R b - - 100 80", CastlingMode::Standard).unwrap();
        assert_eq!(result(&fifty, &[]), Some(0.5));
        let going = Game::default();
        assert_eq!(result(&going, &[0; 10]), None);
        assert_eq!(result(&going, &[-2000; 6]), Some(0.0));
    }
}
