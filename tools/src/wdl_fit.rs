//! `intrigue-tools wdl fit GAMES.pgn…`: fits the win/draw/loss model of
//! `UCI_ShowWDL` ([`intrigue::eval::wdl`]) to Intrigue's own games.
//!
//! Every move of the games whose comment carries a centipawn score is a
//! sample: the mover's score, how far the game had gone, and how it
//! ended for the mover. Four games in five are fitted (maximum likelihood
//! of the observed outcome, Adam on the mean negative log-likelihood); the
//! fifth is held out, and the report compares the fitted model with the
//! outcomes there, score band by score band.

use crate::tune::ScoredPosition;
use intrigue::eval::wdl::{progress, WdlModel};

/// One position: the mover's score, how far the game had gone, the
/// outcome for the mover (0 loss, 1 draw, 2 win).
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    pub cp: f64,
    pub progress: f64,
    pub outcome: usize,
    /// Which game it comes from: a game's positions share its result, so
    /// errors are counted by game.
    pub game: usize,
}

/// Scores beyond this are decided games; they teach the model nothing
/// about the scores a user reads.
const MAX_CP: i32 = 1000;

/// The samples of a set of games, game by game.
pub fn samples(games: &[Vec<ScoredPosition>]) -> Vec<Vec<Sample>> {
    games
        .iter()
        .enumerate()
        .map(|(index, game)| {
            game.iter()
                .filter(|p| p.score_cp.abs() <= MAX_CP)
                .map(|p| Sample {
                    cp: p.score_cp as f64,
                    progress: progress(&p.position),
                    outcome: (p.result * 2.0).round() as usize,
                    game: index,
                })
                .collect()
        })
        .collect()
}

/// Mean negative log-likelihood of the outcomes under `model`.
pub fn loss(model: &WdlModel, samples: &[Sample]) -> f64 {
    let total: f64 = samples.iter().map(|s| -probability(model, s).max(1e-9).ln()).sum();
    total / samples.len().max(1) as f64
}

fn probability(model: &WdlModel, s: &Sample) -> f64 {
    let [w, d, l] = model.probabilities(s.cp, s.progress);
    [l, d, w][s.outcome]
}

/// The gradient of [`loss`] in the eight constants, by central
/// differences (few parameters: exact enough, and nothing to get wrong).
fn gradient(model: &WdlModel, samples: &[Sample]) -> [f64; PARAMS] {
    let mut g = [0.0; PARAMS];
    for (i, gi) in g.iter_mut().enumerate() {
        let h = if i == PARAMS - 1 { 1e-5 } else { 1e-3 };
        let (mut up, mut down) = (*model, *model);
        *param(&mut up, i) += h;
        *param(&mut down, i) -= h;
        *gi = (loss(&up, samples) - loss(&down, samples)) / (2.0 * h);
    }
    g
}

/// The model's constants, in the order [`param`] names them.
const PARAMS: usize = 7;

fn param(model: &mut WdlModel, i: usize) -> &mut f64 {
    match i {
        0..=2 => &mut model.a[i],
        3..=5 => &mut model.b[i - 3],
        _ => &mut model.power,
    }
}

/// Adam's step for each constant: the power moves in hundredths where
/// the others move in centipawns.
const STEP: [f64; PARAMS] = [2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 0.01];

/// Maximum-likelihood constants for `samples`, from Stockfish-like
/// starting values.
pub fn fit(samples: &[Sample], steps: usize) -> WdlModel {
    let mut model = WdlModel { a: [200.0, 0.0, 0.0], b: [100.0, 0.0, 0.0], power: 1.0 };
    let (mut m, mut v) = ([0.0; PARAMS], [0.0; PARAMS]);
    let (beta1, beta2) = (0.9, 0.999);
    for t in 1..=steps {
        let g = gradient(&model, samples);
        for i in 0..PARAMS {
            m[i] = beta1 * m[i] + (1.0 - beta1) * g[i];
            v[i] = beta2 * v[i] + (1.0 - beta2) * g[i] * g[i];
            let m_hat = m[i] / (1.0 - beta1.powi(t as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(t as i32));
            *param(&mut model, i) -= STEP[i] * m_hat / (v_hat.sqrt() + 1e-12);
        }
    }
    model
}

/// Observed and predicted shares in one band of scores.
#[derive(Clone, Copy, Debug)]
pub struct Band {
    pub low: i32,
    pub high: i32,
    pub count: usize,
    /// Observed win, draw, loss shares.
    pub observed: [f64; 3],
    /// The model's mean win, draw, loss probabilities over the band.
    pub predicted: [f64; 3],
    /// The standard error of observed minus predicted win share, counted
    /// by game (positions of one game are not independent trials).
    pub win_error: f64,
}

/// Bands of the mover's score, centred on 0, ±100, ±200, ±300 (±20 cp)
/// and wider ones beyond.
pub const BANDS: [(i32, i32); 9] =
    [(-1000, -250), (-220, -180), (-120, -80), (-60, -20), (-20, 20), (20, 60), (80, 120), (180, 220), (250, 1000)];

pub fn bands(model: &WdlModel, samples: &[Sample]) -> Vec<Band> {
    BANDS
        .iter()
        .map(|&(low, high)| {
            let inside: Vec<&Sample> = samples.iter().filter(|s| s.cp >= low as f64 && s.cp <= high as f64).collect();
            let n = inside.len().max(1) as f64;
            let mut observed = [0.0; 3];
            let mut predicted = [0.0; 3];
            let mut residual_by_game = std::collections::HashMap::new();
            for s in &inside {
                observed[2 - s.outcome] += 1.0 / n;
                let p = model.probabilities(s.cp, s.progress);
                for k in 0..3 {
                    predicted[k] += p[k] / n;
                }
                *residual_by_game.entry(s.game).or_insert(0.0) += f64::from(u8::from(s.outcome == 2)) - p[0];
            }
            let win_error = residual_by_game.values().map(|r| r * r).sum::<f64>().sqrt() / n;
            Band { low, high, count: inside.len(), observed, predicted, win_error }
        })
        .collect()
}

/// The whole fit: the constants, and how they do on held-out games.
pub struct Report {
    pub model: WdlModel,
    pub fitted_samples: usize,
    pub held_out_samples: usize,
    /// Held-out negative log-likelihood of the model, and of the plain
    /// outcome frequencies (what knowing nothing of the score gives).
    pub held_out_loss: f64,
    pub baseline_loss: f64,
    pub bands: Vec<Band>,
}

/// Fits four games in five and tests on the fifth.
pub fn run(games: &[Vec<ScoredPosition>], steps: usize) -> Report {
    let by_game = samples(games);
    let (mut fitted, mut held) = (Vec::new(), Vec::new());
    for (i, game) in by_game.into_iter().enumerate() {
        if i % 5 == 4 {
            held.extend(game)
        } else {
            fitted.extend(game)
        }
    }
    let model = fit(&fitted, steps);
    let mut freq = [1e-9; 3];
    for s in &fitted {
        freq[s.outcome] += 1.0 / fitted.len() as f64;
    }
    let baseline_loss = held.iter().map(|s| -freq[s.outcome].ln()).sum::<f64>() / held.len().max(1) as f64;
    Report {
        model,
        fitted_samples: fitted.len(),
        held_out_samples: held.len(),
        held_out_loss: loss(&model, &held),
        baseline_loss,
        bands: bands(&model, &held),
    }
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let m = &self.model;
        writeln!(
            f,
            "fitted on {} positions, tested on {} held-out positions (every fifth game)",
            self.fitted_samples, self.held_out_samples
        )?;
        writeln!(f, "held-out log-loss: {:.4} model, {:.4} outcome frequencies alone", self.held_out_loss, self.baseline_loss)?;
        writeln!(f, "score band      positions  win observed  win model ± se (by game)  draw obs/model  loss obs/model")?;
        for b in &self.bands {
            writeln!(
                f,
                "{:>5} … {:<5}  {:>9}  {:>9.1} %  {:>6.1} % ± {:>4.1}          {:>5.1} / {:>5.1}   {:>5.1} / {:>5.1}",
                b.low,
                b.high,
                b.count,
                100.0 * b.observed[0],
                100.0 * b.predicted[0],
                100.0 * b.win_error,
                100.0 * b.observed[1],
                100.0 * b.predicted[1],
                100.0 * b.observed[2],
                100.0 * b.predicted[2]
            )?;
        }
        writeln!(
            f,
            "pub const FITTED: WdlModel = WdlModel {{ a: [{:.1}, {:.1}, {:.1}], b: [{:.1}, {:.1}, {:.1}], power: {:.3} }};",
            m.a[0], m.a[1], m.a[2], m.b[0], m.b[1], m.b[2], m.power
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use intrigue::rng::Rng;

    /// Outcomes drawn from a known model are fitted back to it.
    #[test]
    fn the_fit_recovers_the_model_that_made_the_data() {
        let truth = WdlModel { a: [150.0, 100.0, 0.0], b: [60.0, 40.0, 0.0], power: 0.8 };
        let mut rng = Rng::seeded(7);
        let samples: Vec<Sample> = (0..20_000)
            .map(|i| {
                let cp = (i % 801) as f64 - 400.0;
                let progress = 0.2 + 1.8 * ((i / 801) % 10) as f64 / 9.0;
                let [w, d, _] = truth.probabilities(cp, progress);
                let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                let outcome = if u < w {
                    2
                } else if u < w + d {
                    1
                } else {
                    0
                };
                Sample { cp, progress, outcome, game: i / 40 }
            })
            .collect();
        let model = fit(&samples, 1500);
        assert!(loss(&model, &samples) <= loss(&truth, &samples) + 0.002);
        for cp in [-200.0, 0.0, 100.0, 300.0] {
            for progress in [0.3, 1.5] {
                let (got, want) = (model.probabilities(cp, progress), truth.probabilities(cp, progress));
                assert!((got[0] - want[0]).abs() < 0.05, "{cp} {progress}: {got:?} vs {want:?}");
            }
        }
    }
}
