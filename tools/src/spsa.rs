//! SPSA tuning of a search mode's constants by self-play, in-process, at a
//! fixed number of nodes a move.
//!
//! Simultaneous perturbation stochastic approximation moves every constant
//! at once: each iteration draws a random sign δᵢ for each constant, plays
//! one game pair from a random opening between θ + c·δ and θ − c·δ
//! (colours swapped), and moves θ by a·(W − L)/c·δ, W − L being the plus
//! side's wins less its losses in the pair. The gains fall as OpenBench's
//! do, a = a₀ / (A + k + 1)^0.602 and c = c₀ / (k + 1)^0.101 with A a
//! tenth of the iterations, so that the last iteration perturbs each
//! constant by its `c_end` and learns at its `r_end` (`a_end = r_end ·
//! c_end²`).
//!
//! Games are played at fixed nodes, not on a clock: both sides search at
//! the same speed, so a constant that shapes the tree is judged by what it
//! does with the same work, and a run's games do not depend on how busy
//! the machine is. Threads each play whole iterations against the θ of
//! the moment, as OpenBench's workers do.

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use shakmaty::{Color, Position};

use crate::datagen::result;
use intrigue::game::Game;
use intrigue::rng::{mix64, Rng};
use intrigue::search::limits::Limits;
use intrigue::search::{SearchMode, SearchSettings, Searcher, Signals};
use intrigue::tt::TranspositionTable;
use intrigue::uci::options::{search_settings, SpsaParam};

/// OpenBench's exponents for the learning rate and the perturbation.
const ALPHA: f64 = 0.602;
const GAMMA: f64 = 0.101;
/// Each side's table, in MB: the games are short searches.
const HASH_MB: usize = 8;

/// The gain sequences of a run of `iterations` iterations.
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    iterations: usize,
    /// OpenBench's stability constant A: a tenth of the iterations.
    stability: f64,
}

impl Schedule {
    pub fn new(iterations: usize) -> Schedule {
        Schedule { iterations: iterations.max(1), stability: iterations.max(1) as f64 / 10.0 }
    }

    /// How far `p` is perturbed at iteration `k` (from 0): `c_end` at the last.
    pub fn perturbation(&self, p: &SpsaParam, k: usize) -> f64 {
        p.c_end * (self.iterations as f64 / (k + 1) as f64).powf(GAMMA)
    }

    /// The learning rate of `p` at iteration `k`: `r_end · c_end²` at the last.
    pub fn rate(&self, p: &SpsaParam, r_end: f64, k: usize) -> f64 {
        let last = self.stability + self.iterations as f64;
        r_end * p.c_end * p.c_end * (last / (self.stability + (k + 1) as f64)).powf(ALPHA)
    }
}

/// What a tuning run is asked to do.
pub struct Tuning<'a> {
    pub mode: SearchMode,
    pub params: Vec<SpsaParam>,
    pub iterations: usize,
    pub nodes: u64,
    pub threads: usize,
    pub openings: &'a [Game],
    pub seed: u64,
    /// Every constant's final learning rate instead of its own `r_end`
    /// (a short run needs a larger one than OpenBench's 0.002).
    pub r_end: Option<f64>,
}

/// Where a run ended: each constant's value, and the game pairs from the
/// plus side's view (pentanomial: pairs scoring 0, ½, 1, 1½ and 2).
#[derive(Clone, Debug)]
pub struct Tuned {
    pub values: Vec<(&'static str, f64)>,
    pub pairs: [u64; 5],
}

impl Tuned {
    /// `Name=Value` for each constant, rounded as an option takes it.
    pub fn settings(&self) -> Vec<String> {
        self.values.iter().map(|(name, v)| format!("{name}={}", v.round() as i64)).collect()
    }
}

/// The search settings of `mode` with each constant at `values` (rounded).
fn settings_at(mode: SearchMode, params: &[SpsaParam], values: &[f64]) -> Result<SearchSettings, String> {
    let overrides: Vec<String> = params.iter().zip(values).map(|(p, v)| format!("{}={}", p.name, v.round() as i64)).collect();
    search_settings(Some(mode.name()), &overrides)
}

/// One game from `start` between two searchers at `nodes` a move;
/// White's result (1, ½, 0), by the rules or by adjudication.
pub fn play_game(white: &mut Searcher, black: &mut Searcher, start: &Game, nodes: u64) -> f64 {
    for s in [&mut *white, &mut *black] {
        s.new_game();
        s.tt.clear();
    }
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    let mut game = start.clone();
    let mut scores = Vec::new();
    loop {
        if let Some(r) = result(&game, &scores) {
            return r;
        }
        let turn = game.position().turn();
        let mover = if turn == Color::White { &mut *white } else { &mut *black };
        let out = mover.think(&game, &limits, 0, Instant::now(), &mut |_| {});
        let Some(best) = out.best else { return 0.5 };
        scores.push(if turn == Color::White { out.score } else { -out.score });
        game.play(best);
    }
}

/// The plus side's points (0 to 2) from a game pair from `start`,
/// colours swapped.
fn play_pair(plus: &mut Searcher, minus: &mut Searcher, start: &Game, nodes: u64) -> f64 {
    let first = play_game(plus, minus, start, nodes);
    let second = play_game(minus, plus, start, nodes);
    first + (1.0 - second)
}

/// The signs of iteration `k`'s perturbation and the opening it plays.
fn draw(seed: u64, k: usize, params: usize, openings: usize) -> (Vec<f64>, usize) {
    let mut rng = Rng::seeded(mix64(seed ^ mix64(k as u64)));
    let signs = (0..params).map(|_| if rng.below(2) == 0 { -1.0 } else { 1.0 }).collect();
    (signs, rng.below(openings as u64) as usize)
}

/// Moves `theta` after a pair the plus side scored `points` in (0 to 2).
fn step(theta: &mut [f64], params: &[SpsaParam], schedule: &Schedule, r_end: Option<f64>, k: usize, signs: &[f64], points: f64) {
    let wins_less_losses = 2.0 * points - 2.0;
    for ((t, p), sign) in theta.iter_mut().zip(params).zip(signs) {
        let rate = schedule.rate(p, r_end.unwrap_or(p.r_end), k);
        *t = (*t + rate / schedule.perturbation(p, k) * wins_less_losses * sign).clamp(p.min as f64, p.max as f64);
    }
}

/// The run's state the threads share.
struct Shared {
    theta: Vec<f64>,
    pairs: [u64; 5],
    done: usize,
}

/// Runs the tuning, reporting on `log` every twentieth of the run.
pub fn run(t: &Tuning, log: &(dyn Fn(&str) + Sync)) -> Result<Tuned, String> {
    if t.openings.is_empty() {
        return Err("no openings".to_string());
    }
    if t.params.is_empty() {
        return Err("no constants to tune".to_string());
    }
    let params = &t.params;
    let schedule = Schedule::new(t.iterations);
    settings_at(t.mode, params, &params.iter().map(|p| p.default as f64).collect::<Vec<_>>())?;
    let shared = Mutex::new(Shared { theta: params.iter().map(|p| p.default as f64).collect(), pairs: [0; 5], done: 0 });
    let next = AtomicUsize::new(0);
    let every = (t.iterations / 20).max(1);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..t.threads.max(1) {
            scope.spawn(|| {
                let searcher = || Searcher::new(Arc::new(TranspositionTable::new(HASH_MB)), Arc::new(Signals::default()));
                let (mut plus, mut minus) = (searcher(), searcher());
                loop {
                    let k = next.fetch_add(1, Relaxed);
                    if k >= t.iterations {
                        return;
                    }
                    let (signs, opening) = draw(t.seed, k, params.len(), t.openings.len());
                    let theta = shared.lock().expect("a tuning thread panicked").theta.clone();
                    let shifted = |sign: f64| -> Vec<f64> {
                        theta.iter().zip(params).zip(&signs).map(|((v, p), s)| v + sign * s * schedule.perturbation(p, k)).collect()
                    };
                    // In range by construction: the values are clamped to the option's own range.
                    let clamp = |values: Vec<f64>| -> Vec<f64> {
                        values.iter().zip(params).map(|(v, p)| v.clamp(p.min as f64, p.max as f64)).collect()
                    };
                    plus.settings = settings_at(t.mode, params, &clamp(shifted(1.0))).expect("values within the options' ranges");
                    minus.settings = settings_at(t.mode, params, &clamp(shifted(-1.0))).expect("values within the options' ranges");
                    let points = play_pair(&mut plus, &mut minus, &t.openings[opening], t.nodes);
                    let mut s = shared.lock().expect("a tuning thread panicked");
                    step(&mut s.theta, params, &schedule, t.r_end, k, &signs, points);
                    s.pairs[(2.0 * points).round() as usize] += 1;
                    s.done += 1;
                    if s.done.is_multiple_of(every) || s.done == t.iterations {
                        log(&progress_line(s.done, t.iterations, started, &s.pairs, params, &s.theta));
                    }
                }
            });
        }
    });
    let s = shared.into_inner().map_err(|_| "a tuning thread panicked".to_string())?;
    Ok(Tuned { values: params.iter().map(|p| p.name).zip(s.theta).collect(), pairs: s.pairs })
}

/// `iteration 400/2000, 311 s: pairs 12 / 95 / 180 / 100 / 13; InterestTableExponent 51.2 …`
fn progress_line(done: usize, of: usize, started: Instant, pairs: &[u64; 5], params: &[SpsaParam], theta: &[f64]) -> String {
    let values: Vec<String> = params.iter().zip(theta).map(|(p, v)| format!("{} {v:.1}", p.name)).collect();
    let pairs: Vec<String> = pairs.iter().map(|c| c.to_string()).collect();
    format!("iteration {done}/{of}, {:.0} s: pairs {}; {}", started.elapsed().as_secs_f64(), pairs.join(" / "), values.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;

    fn param(min: i64, max: i64) -> SpsaParam {
        SpsaParam { name: "InterestCostScale", default: 100, min, max, c_end: 7.5, r_end: 0.002 }
    }

    #[test]
    fn the_gains_end_at_the_tables_final_values() {
        let s = Schedule::new(1000);
        let p = param(50, 200);
        assert!((s.perturbation(&p, 999) - 7.5).abs() < 1e-9);
        assert!((s.rate(&p, 0.002, 999) - 0.002 * 7.5 * 7.5).abs() < 1e-12);
        assert!(s.perturbation(&p, 0) > 2.0 * 7.5, "the first perturbations are wider");
        assert!(s.rate(&p, 0.002, 0) > s.rate(&p, 0.002, 500), "the rate falls");
    }

    #[test]
    fn a_won_pair_moves_each_constant_toward_the_plus_side_within_its_range() {
        let params = [param(50, 200), param(50, 101)];
        let schedule = Schedule::new(10);
        let mut theta = vec![100.0, 100.0];
        step(&mut theta, &params, &schedule, Some(0.5), 0, &[1.0, -1.0], 2.0);
        assert!(theta[0] > 100.0, "plus was above: up {theta:?}");
        assert!(theta[1] < 100.0, "plus was below: down {theta:?}");
        let mut theta = vec![100.0, 100.0];
        step(&mut theta, &params, &schedule, Some(50.0), 0, &[1.0, 1.0], 2.0);
        assert_eq!(theta[1], 101.0, "held at the range's end");
        let mut level = vec![100.0, 100.0];
        step(&mut level, &params, &schedule, Some(0.5), 0, &[1.0, 1.0], 1.0);
        assert_eq!(level, [100.0, 100.0], "a drawn pair moves nothing");
    }

    #[test]
    fn the_side_with_the_queen_wins_and_a_pair_counts_both_games() {
        // King and queen against king: whoever has the queen wins.
        let start = Game::from_fen("8/8/2k5/8/8/8/8/3QK3 w - - 0 1", CastlingMode::Standard).unwrap();
        let searcher = || Searcher::new(Arc::new(TranspositionTable::new(1)), Arc::new(Signals::default()));
        let (mut a, mut b) = (searcher(), searcher());
        assert_eq!(play_game(&mut a, &mut b, &start, 20_000), 1.0, "White mates or is adjudicated the winner");
        let points = play_pair(&mut a, &mut b, &start, 20_000);
        assert_eq!(points, 1.0, "each side wins the game it has White in");
    }

    #[test]
    fn a_short_run_stays_in_range_and_counts_every_pair() {
        let openings = crate::datagen::read_openings("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
        let params = intrigue::uci::options::interest_only_params();
        let tuning = Tuning {
            mode: SearchMode::Interest,
            params,
            iterations: 4,
            nodes: 300,
            threads: 2,
            openings: &openings,
            seed: 7,
            r_end: Some(0.05),
        };
        let tuned = run(&tuning, &|_| {}).unwrap();
        assert_eq!(tuned.pairs.iter().sum::<u64>(), 4);
        for ((name, v), p) in tuned.values.iter().zip(&tuning.params) {
            assert!((p.min as f64..=p.max as f64).contains(v), "{name} {v}");
        }
        assert_eq!(tuned.settings().len(), tuning.params.len());
        assert!(settings_at(SearchMode::Interest, &tuning.params, &tuned.values.iter().map(|v| v.1).collect::<Vec<_>>()).is_ok());
    }
}
