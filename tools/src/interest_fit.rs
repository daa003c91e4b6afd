//! Learned interest, the tool side: gather the choices of the engine's
//! own searches, and fit the weights of [`intrigue::search::interest::learned`].
//!
//! `intrigue-tools interest data` plays self-play games at a fixed number of
//! nodes a move and logs, at every node of at least
//! [`learned::MIN_LOGGED_DEPTH`] plies whose best move was quiet, each
//! quiet move's features, its hand-set interest, and which was best.
//! `intrigue-tools interest fit` fits a conditional logit (McFadden's: each
//! node's moves compete, `P(i) = exp(w·xᵢ) / Σⱼ exp(w·xⱼ)`) by Newton's
//! method on four nodes in five, and prints the cross-entropy of the held-
//! out fifth under three models: every move alike (term 1 alone), the
//! article's hand-set interest (`P(i) ∝ interestᵢ`) and the fit.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use shakmaty::Position;

use intrigue::game::Game;
use intrigue::search::interest::learned::{self, Choice, FEATURES};
use intrigue::search::limits::Limits;
use intrigue::search::{SearchSettings, Searcher, Signals};
use intrigue::tt::TranspositionTable;

/// Plies played from each opening: the middle game, where most choices are.
const GAME_PLIES: usize = 80;

/// Plays `games` games from `openings` (in turn) with `settings`, `nodes`
/// a move, on `threads` threads, and returns the choices their searches
/// logged.
pub fn gather(openings: &[Game], games: usize, nodes: u64, settings: SearchSettings, threads: usize) -> Vec<Choice> {
    let next = AtomicUsize::new(0);
    let all = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut searcher = Searcher::new(Arc::new(TranspositionTable::new(16)), Arc::new(Signals::default()));
                searcher.settings = settings;
                loop {
                    let i = next.fetch_add(1, Relaxed);
                    if i >= games || openings.is_empty() {
                        return;
                    }
                    let got = play(&mut searcher, &openings[i % openings.len()], nodes);
                    all.lock().expect("no thread panics while holding it").extend(got);
                }
            });
        }
    });
    all.into_inner().expect("no thread panicked")
}

/// One self-play game from `start`, its searches' choices.
fn play(searcher: &mut Searcher, start: &Game, nodes: u64) -> Vec<Choice> {
    let mut game = start.clone();
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    searcher.new_game();
    searcher.tt.clear();
    searcher.choice_log = Some(Vec::new());
    for _ in 0..GAME_PLIES {
        let out = searcher.think(&game, &limits, 0, Instant::now(), &mut |_| {});
        let Some(best) = out.best else { break };
        game.play(best);
        if game.position().legal_moves().is_empty() {
            break;
        }
    }
    searcher.choice_log.take().unwrap_or_default()
}

/// A choice as a line: `best|hand x1 x2 …|hand x1 x2 …`.
pub fn to_line(c: &Choice) -> String {
    let mut line = c.best.to_string();
    for (x, hand) in c.moves.iter().zip(&c.hand) {
        let _ = write!(line, "|{hand}");
        for v in x {
            let _ = write!(line, " {}", v);
        }
    }
    line
}

/// The choice a line of [`to_line`] describes.
pub fn from_line(line: &str) -> Option<Choice> {
    let mut parts = line.trim().split('|');
    let best: usize = parts.next()?.parse().ok()?;
    let mut c = Choice { best, ..Choice::default() };
    for part in parts {
        let mut fields = part.split_whitespace();
        c.hand.push(fields.next()?.parse().ok()?);
        let mut x = [0.0; FEATURES];
        for v in x.iter_mut() {
            *v = fields.next()?.parse().ok()?;
        }
        c.moves.push(x);
    }
    (c.best < c.moves.len() && c.moves.len() >= 2).then_some(c)
}

/// Mean −ln P(best) over `choices` when `p` gives each move's probability.
fn cross_entropy(choices: &[&Choice], p: impl Fn(&Choice) -> Vec<f64>) -> f64 {
    let total: f64 = choices.iter().map(|c| -p(c)[c.best].max(1e-12).ln()).sum();
    total / choices.len().max(1) as f64
}

/// The fitted model's probabilities of `c`'s moves.
fn logit_probabilities(w: &[f64; FEATURES], c: &Choice) -> Vec<f64> {
    let s: Vec<f64> = c.moves.iter().map(|x| x.iter().zip(w).map(|(&x, w)| x as f64 * w).sum()).collect();
    let top = s.iter().cloned().fold(f64::MIN, f64::max);
    let e: Vec<f64> = s.iter().map(|v| (v - top).exp()).collect();
    let z: f64 = e.iter().sum();
    e.iter().map(|v| v / z).collect()
}

/// The hand-set interests as probabilities.
fn hand_probabilities(c: &Choice) -> Vec<f64> {
    let z: f64 = c.hand.iter().map(|&h| h.max(1) as f64).sum();
    c.hand.iter().map(|&h| h.max(1) as f64 / z).collect()
}

/// What a fit reports: the weights and the held-out cross-entropies.
#[derive(Debug)]
pub struct Fit {
    pub weights: [f64; FEATURES],
    pub train: usize,
    pub held_out: usize,
    pub uniform: f64,
    pub hand: f64,
    pub learned: f64,
}

/// Fits the conditional logit on four choices in five (L2 penalty `l2`
/// per choice), and scores the held-out fifth.
pub fn fit(choices: &[Choice], l2: f64) -> Fit {
    let fifth =
        |held_out: bool| -> Vec<&Choice> { choices.iter().enumerate().filter(|(i, _)| (i % 5 == 4) == held_out).map(|(_, c)| c).collect() };
    let (train, test) = (fifth(false), fifth(true));
    let mut w = [0.0f64; FEATURES];
    let penalty = l2 * train.len() as f64;
    let objective = |w: &[f64; FEATURES]| {
        let fitted: f64 = train.iter().map(|c| -logit_probabilities(w, c)[c.best].max(1e-300).ln()).sum();
        fitted + 0.5 * penalty * w.iter().map(|v| v * v).sum::<f64>()
    };
    let mut current = objective(&w);
    for _ in 0..50 {
        let (g, h) = gradient_and_hessian(&w, &train, penalty);
        let step = solve(h, g);
        // Damped Newton: halve the step until the penalized loss falls.
        let mut scale = 1.0;
        let improved = loop {
            let mut trial = w;
            for (t, s) in trial.iter_mut().zip(&step) {
                *t += scale * s;
            }
            let value = objective(&trial);
            if value < current {
                break Some((trial, value));
            }
            scale /= 2.0;
            if scale < 1e-6 {
                break None;
            }
        };
        let Some((next, value)) = improved else { break };
        let gain = current - value;
        w = next;
        current = value;
        if gain < 1e-6 * (1.0 + current) {
            break;
        }
    }
    Fit {
        weights: w,
        train: train.len(),
        held_out: test.len(),
        uniform: cross_entropy(&test, |c| vec![1.0 / c.moves.len() as f64; c.moves.len()]),
        hand: cross_entropy(&test, hand_probabilities),
        learned: cross_entropy(&test, |c| logit_probabilities(&w, c)),
    }
}

type Matrix = [[f64; FEATURES]; FEATURES];

/// The log-likelihood's gradient (less the penalty's) and the negated
/// Hessian (plus the penalty's), for a Newton step `H⁻¹ g`.
fn gradient_and_hessian(w: &[f64; FEATURES], choices: &[&Choice], penalty: f64) -> ([f64; FEATURES], Matrix) {
    let mut g = [0.0; FEATURES];
    let mut h = [[0.0; FEATURES]; FEATURES];
    for c in choices {
        let p = logit_probabilities(w, c);
        let mut mean = [0.0; FEATURES];
        for (x, &pi) in c.moves.iter().zip(&p) {
            for k in 0..FEATURES {
                mean[k] += pi * x[k] as f64;
            }
        }
        for k in 0..FEATURES {
            g[k] += c.moves[c.best][k] as f64 - mean[k];
        }
        for (x, &pi) in c.moves.iter().zip(&p) {
            for a in 0..FEATURES {
                let da = x[a] as f64 - mean[a];
                for b in 0..FEATURES {
                    h[a][b] += pi * da * (x[b] as f64 - mean[b]);
                }
            }
        }
    }
    for k in 0..FEATURES {
        g[k] -= penalty * w[k];
        h[k][k] += penalty;
    }
    (g, h)
}

/// `a⁻¹ b` by Gaussian elimination with partial pivoting (`a` is positive
/// definite: the penalty sees to it).
#[allow(clippy::needless_range_loop)] // indices, as the textbook writes it
fn solve(mut a: Matrix, mut b: [f64; FEATURES]) -> [f64; FEATURES] {
    for col in 0..FEATURES {
        let pivot = (col..FEATURES).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs())).expect("rows left");
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..FEATURES {
            let f = a[row][col] / a[col][col];
            for k in col..FEATURES {
                a[row][k] -= f * a[col][k];
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; FEATURES];
    for row in (0..FEATURES).rev() {
        let tail: f64 = (row + 1..FEATURES).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - tail) / a[row][row];
    }
    x
}

/// The fit as the report `intrigue-tools interest fit` prints, ending with the
/// weights as the Rust array `learned::LEARNED` holds.
pub fn report(fit: &Fit) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "choices: {} fitted, {} held out", fit.train, fit.held_out);
    let _ = writeln!(out, "held-out cross-entropy (nats per choice, lower is better):");
    let _ = writeln!(out, "  every move alike (term 1)   {:.4}", fit.uniform);
    let _ = writeln!(out, "  hand-set interest (article) {:.4}", fit.hand);
    let _ = writeln!(out, "  learned interest            {:.4}", fit.learned);
    let _ = writeln!(out, "pub const LEARNED: [f32; FEATURES] = [");
    for (w, name) in fit.weights.iter().zip(learned::NAMES) {
        let _ = writeln!(out, "    {w:.4}, // {name}");
    }
    let _ = writeln!(out, "];");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_survives_its_line() {
        let mut x = [0.0; FEATURES];
        x[3] = 1.0;
        x[13] = 0.5;
        let c = Choice { moves: vec![x, [0.0; FEATURES]], hand: vec![150, 50], best: 1 };
        assert_eq!(from_line(&to_line(&c)), Some(c));
        assert_eq!(from_line("3|50 1 2"), None, "a short line is refused");
    }

    #[test]
    fn the_fit_finds_the_feature_that_picks_the_best_move() {
        // Feature 2 is set on the best of four moves in 80 % of the
        // choices: its weight must come out clearly positive, the others
        // near zero, and the held-out cross-entropy below ln 4.
        let mut choices = Vec::new();
        for i in 0..500 {
            let mut moves = vec![[0.0; FEATURES]; 4];
            let best = i % 4;
            let marked = if i % 5 == 0 { (best + 1) % 4 } else { best };
            moves[marked][2] = 1.0;
            choices.push(Choice { moves, hand: vec![1; 4], best });
        }
        let fit = fit(&choices, 1e-4);
        assert!(fit.weights[2] > 2.0, "{:?}", fit.weights);
        assert!(fit.weights.iter().enumerate().all(|(k, w)| k == 2 || w.abs() < 1e-6));
        assert!(fit.learned < fit.uniform - 0.3, "{fit:?}");
        assert!((fit.uniform - 4f64.ln()).abs() < 1e-9);
        assert!((fit.hand - fit.uniform).abs() < 1e-9, "equal hand interests are term 1");
    }

    #[test]
    fn searches_log_their_deep_quiet_choices() {
        let openings = crate::datagen::read_openings("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n");
        let settings = SearchSettings { mode: intrigue::search::SearchMode::Interest, ..SearchSettings::default() };
        let mut searcher = Searcher::new(Arc::new(TranspositionTable::new(4)), Arc::new(Signals::default()));
        searcher.settings = settings;
        let choices = play(&mut searcher, &openings[0], 20_000);
        assert!(choices.len() > 10, "{} choices", choices.len());
        assert!(choices.iter().all(|c| c.best < c.moves.len() && c.moves.len() == c.hand.len()));
        assert!(searcher.choice_log.is_none(), "the log is dropped after the game");
    }
}
