//! Self-play games for training data, played in-process (no UCI round
//! trips) on several threads: each game starts from an opening of an EPD
//! file (and, for network data, a few random moves), every move is a
//! fixed-node search, and the quiet positions of the game are kept with
//! the search's score and the game's result: as `FEN [R]` lines for
//! `intrigue-tools tune`, or as marlinformat records (`selfplay`) for
//! network training.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::{mpsc, Arc};
use std::time::Instant;

use shakmaty::{fen::Fen, CastlingMode, Chess, Color, EnPassantMode, Outcome as GameOutcome, Position};

use intrigue::eval::Evaluator;
use intrigue::game::{self, Game};
use intrigue::rng::{mix64, Rng};
use intrigue::search::limits::Limits;
use intrigue::search::{EvalLog, Searcher, Signals, MATE_BOUND};
use intrigue::tt::TranspositionTable;

/// Longest game before it is called a draw.
const MAX_PLIES: usize = 400;
/// A score this large for this many plies in a row ends the game.
const RESIGN_SCORE: i32 = 1500;
const RESIGN_PLIES: usize = 6;

/// White's result (1, ½, 0) when the game is over in `game`, by the rules
/// or by adjudication on `scores` (White's view, one per ply).
pub(crate) fn result(game: &Game, scores: &[i32]) -> Option<f64> {
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

/// One game's recorded positions and White's result.
pub struct Played {
    /// Each quiet position with the search's score, side to move's view.
    pub positions: Vec<(Chess, i32)>,
    /// White's result: 1, ½ or 0.
    pub result: f64,
}

/// Games from random opening moves whose first search scores beyond this
/// are not recorded: the random moves left one side lost, and a game
/// decided before it starts teaches little.
const MAX_START_SCORE: i32 = 400;

/// Plays one game from `start`: every move a search of `nodes` nodes. The
/// positions kept are the quiet ones (not in check, the best move neither
/// a capture nor a promotion, no mate score), where a static evaluation
/// can be right. With `balanced_start`, a game whose first search scores
/// beyond `MAX_START_SCORE` yields nothing.
///
/// With `tree_sample` n > 0 the positions kept are instead every nth
/// position the game's searches evaluated, each scored by the static
/// evaluation: data to distil the evaluation into a network, drawn from
/// the positions a search meets (after captures, threats, blunders), not
/// only from those a game reaches.
fn play(searcher: &mut Searcher, start: &Game, nodes: u64, balanced_start: bool, tree_sample: u32) -> Played {
    let mut game = start.clone();
    let mut scores = Vec::new();
    let mut positions = Vec::new();
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    searcher.new_game();
    searcher.tt.clear();
    searcher.eval_log = (tree_sample > 0).then(|| EvalLog::new(tree_sample));
    let result = loop {
        if let Some(r) = result(&game, &scores) {
            break r;
        }
        let out = searcher.think(&game, &limits, 0, Instant::now(), &mut |_| {});
        let Some(best) = out.best else { break 0.5 };
        if balanced_start && scores.is_empty() && out.score.abs() > MAX_START_SCORE {
            return Played { positions: Vec::new(), result: 0.5 };
        }
        let white_score = if game.position().turn() == Color::White { out.score } else { -out.score };
        scores.push(white_score);
        if let Some(log) = &mut searcher.eval_log {
            let network = intrigue::eval::nnue::shipped();
            positions.extend(log.positions.drain(..).map(|p| {
                let eval = intrigue::eval::evaluate_using(&p, Evaluator::Network, network);
                (p, eval)
            }));
        } else if !best.is_capture() && !best.is_promotion() && !game.position().is_check() && out.score.abs() < MATE_BOUND {
            positions.push((game.position().clone(), out.score));
        }
        game.play(best);
    };
    Played { positions, result }
}

/// How each game of a run is played and what it keeps: the settings a
/// data file records, so that a resumed run plays its games alike.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameSettings {
    /// Nodes searched per move.
    pub nodes: u64,
    /// Random legal moves played after the opening before the search
    /// takes over, so that one opening gives many games (with none, a
    /// fixed-node search plays the same game from the same opening).
    pub random_plies: usize,
    /// Seeds the random moves: game `i` always gets the same ones.
    pub seed: u64,
    /// Keep every nth position the searches evaluate, statically scored,
    /// instead of the game's quiet positions (0: off).
    pub tree_sample: u32,
}

/// What a self-play run plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Games `first .. first + games`; game `i` starts from opening
    /// `i % openings`.
    pub first: usize,
    pub games: usize,
    pub threads: usize,
    pub game: GameSettings,
}

/// The start of game `i`: its opening, then `settings.random_plies`
/// random legal moves (`None` if the game ends among them).
pub fn start_of(openings: &[Game], i: usize, settings: &GameSettings) -> Option<Game> {
    let mut game = openings[i % openings.len()].clone();
    let mut rng = Rng::seeded(mix64(settings.seed ^ mix64(i as u64)));
    for _ in 0..settings.random_plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            return None;
        }
        game.play(moves[rng.below(moves.len() as u64) as usize]);
    }
    Some(game)
}

/// Plays the plan's games on its threads and hands each to `sink` in
/// the order of their numbers, whichever thread finishes first, so that
/// a file written from them is the same on every run.
pub fn play_games(openings: &[Game], plan: &Plan, sink: &mut dyn FnMut(usize, Played), log: &(dyn Fn(&str) + Sync)) {
    if openings.is_empty() {
        return;
    }
    let next = AtomicUsize::new(plan.first);
    let end = plan.first + plan.games;
    let (send, receive) = mpsc::channel();
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..plan.threads.max(1) {
            let send = send.clone();
            let next = &next;
            scope.spawn(move || {
                let tt = Arc::new(TranspositionTable::new(16));
                let mut searcher = Searcher::new(tt, Arc::new(Signals::default()));
                loop {
                    let i = next.fetch_add(1, Relaxed);
                    if i >= end {
                        return;
                    }
                    let g = &plan.game;
                    let played = match start_of(openings, i, g) {
                        Some(start) => play(&mut searcher, &start, g.nodes, g.random_plies > 0, g.tree_sample),
                        None => Played { positions: Vec::new(), result: 0.5 },
                    };
                    if send.send((i, played)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(send);
        let mut waiting = BTreeMap::new();
        let (mut due, mut positions) = (plan.first, 0);
        for (i, played) in receive {
            waiting.insert(i, played);
            while let Some(played) = waiting.remove(&due) {
                positions += played.positions.len();
                sink(due, played);
                due += 1;
                if (due - plan.first).is_multiple_of(100) {
                    log(&format!("{} games, {positions} positions, {:.0} s", due - plan.first, started.elapsed().as_secs_f64()));
                }
            }
        }
    });
}

/// Plays `games` games on `threads` threads, openings taken in turn from
/// `openings` (starting at `first`), and returns their positions as
/// `FEN [R]` lines, R White's result (`intrigue-tools tune`'s input).
pub fn generate(openings: &[Game], games: usize, nodes: u64, threads: usize, first: usize, log: &(dyn Fn(&str) + Sync)) -> Vec<String> {
    let plan = Plan { first, games, threads, game: GameSettings { nodes, ..GameSettings::default() } };
    let mut lines = Vec::new();
    play_games(
        openings,
        &plan,
        &mut |_, played| {
            for (pos, _) in &played.positions {
                lines.push(format!("{} [{:.1}]", Fen::from_position(pos, EnPassantMode::Legal), played.result));
            }
        },
        log,
    );
    lines
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
        let played = play(&mut searcher, &start, 20_000, false, 0);
        assert!(!played.positions.is_empty());
        assert_eq!(played.result, 1.0);
        assert!(played.positions.iter().all(|(pos, score)| pos.turn() == Color::Black || *score > 0));
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
