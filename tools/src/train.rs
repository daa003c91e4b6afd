//! Training the NNUE network (`eval::nnue`) on labelled positions.
//!
//! The network corrects the classical evaluation (see `eval::nnue`): its
//! prediction is the classical score plus its output, times the share of
//! it the engine adds (`eval::classical_and_share`). Positions the
//! correction does not apply to (a bare king, a score beyond what a label
//! can hold) are left out.
//!
//! Data: `FEN [T]` lines, T White's expected score from a teacher's
//! centipawns (`intrigue-tools label … 1.0`, which squashes them steeply: 250 cp
//! is already 91 %). The trainer turns T back into the teacher's
//! centipawns and squashes them again by the flatter `FIT_CP_SCALE`, so
//! that a pawn and a piece ahead still differ clearly in the target and
//! the corrected score keeps the scale the search's margins assume. The
//! network's output o, in units of `SCALE` centipawns, predicts that
//! target through the same curve. Loss: mean squared error; Adam,
//! mini-batches, the gradient of each batch split over threads.
//!
//! The last fiftieth of the file is held out, and its loss printed after
//! every epoch: when it stops falling, the network has learned what the
//! data can teach. Files from `intrigue-tools datagen` keep each game's
//! positions together, so the held-out positions come from games the
//! network never saw; positions drawn at random would have neighbours
//! from the same game in training and flatter the fit.

use shakmaty::{Chess, Color, Move, Position};

use crate::packed::Labelled;
use crate::tune::parse_line;
use intrigue::eval::nnue::{bucket, feature, groups, other_view, Kind, Network, BUCKETS, INPUTS, MAX_HIDDEN, QA, QB, SCALE, WIDTHS};
use intrigue::eval::see::see;
use intrigue::rng::Rng;
use intrigue::search::ordering;

/// Men on the board at most, so a position's features fit a fixed array.
const MAX_MEN: usize = 32;
const BATCH: usize = 16_384;
/// Output-layer weights stay where the quantised sum cannot overflow.
const OUTPUT_CLIP: f32 = 1.98;
const _: () =
    assert!(OUTPUT_CLIP * QB as f32 <= intrigue::eval::nnue::MAX_OUTPUT_WEIGHT as f32, "the engine refuses weights beyond its bound");
const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
/// Centipawns per unit of the logistic the fit works in.
const FIT_CP_SCALE: f32 = 400.0;
/// A label with four decimals cannot tell teacher scores beyond about
/// this apart, so positions whose teacher or classical score is beyond it
/// are left out (the engine does not apply the correction there).
const MAX_TEACHER_CP: f32 = 990.0;

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The engine's own static evaluation of `pos` (the classical terms and
/// the shipped correction), White's view, as a record's score: the
/// teacher of a whole network distilled from the evaluation it replaces.
pub fn static_score(pos: &shakmaty::Chess) -> i16 {
    let eval = intrigue::eval::evaluate_using(pos, intrigue::eval::Evaluator::Network, intrigue::eval::nnue::shipped());
    let white = if pos.turn() == Color::White { eval } else { -eval };
    white.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16
}

/// One training position: White's view of each man, the side to move,
/// the output head, the classical evaluation the network corrects (in
/// units of `SCALE` centipawns) and the target, both for the side to move.
///
/// Black's view is not stored: it is White's mirrored (`nnue::other_view`),
/// which keeps a sample at 80 bytes, so that a hundred million positions
/// train in the memory of a small machine.
#[derive(Clone)]
pub struct Sample {
    white_view: [u16; MAX_MEN],
    men: u8,
    white_to_move: bool,
    bucket: u8,
    base: f32,
    /// How much of the network's output the engine adds (`eval::classical_and_share`).
    share: f32,
    target: f32,
}

/// Whether the position of a `FEN [T]` line is quiet (see [`is_quiet`]).
pub fn line_is_quiet(line: &str) -> bool {
    parse_line(line).is_some_and(|(game, _)| is_quiet(game.position()))
}

/// Whether `pos` is quiet: the side to move is not in check and has no
/// capture or promotion that SEE says wins material. Elsewhere a static
/// label prices the tactic the mover is about to play rather than the
/// position, and the search reaches such a position's quiet successors
/// anyway.
pub fn is_quiet(pos: &Chess) -> bool {
    let tactic = |m: &Move| !ordering::is_quiet(*m) && (m.is_promotion() || see(pos, *m) > 0);
    !pos.is_check() && !pos.legal_moves().iter().any(tactic)
}

impl Sample {
    /// The sample of `pos` with the classical `base` (units of `SCALE`
    /// centipawns), the `share` of the output the engine adds, and
    /// White's expected score `white` as the target; `None` past
    /// `MAX_MEN` men.
    fn new(pos: &shakmaty::Chess, base: f32, share: f32, white: f32) -> Option<Sample> {
        let board = pos.board();
        let white_to_move = pos.turn() == Color::White;
        let mut s = Sample {
            white_view: [0; MAX_MEN],
            men: 0,
            white_to_move,
            bucket: bucket(board) as u8,
            base,
            share,
            target: if white_to_move { white } else { 1.0 - white },
        };
        for (color, role, men) in groups(board) {
            for sq in men {
                let i = s.men as usize;
                if i >= MAX_MEN {
                    return None;
                }
                s.white_view[i] = feature(Color::White, color, role, sq) as u16;
                s.men += 1;
            }
        }
        Some(s)
    }

    /// The sample of a `FEN [T]` line; `None` if it does not parse or
    /// its teacher or classical score is beyond what the fit can use.
    pub fn from_line(line: &str) -> Option<Sample> {
        let (game, target) = parse_line(line)?;
        let pos = game.position();
        let teacher = crate::label::centipawns(target) as f32;
        let (classical, share) = intrigue::eval::classical_and_share(pos);
        let classical = classical as f32;
        if teacher.abs() > MAX_TEACHER_CP || classical.abs() > MAX_TEACHER_CP || share == 0.0 {
            return None;
        }
        Sample::new(pos, classical / SCALE as f32, share, sigmoid(teacher / FIT_CP_SCALE))
    }

    /// The sample of a `FEN [T]` line for a whole-evaluation network: the
    /// teacher's score alone is the target, with no classical base (so a
    /// whole network can learn from Stockfish's labels of the same
    /// positions, to set against Intrigue's own scores).
    pub fn from_line_whole(line: &str) -> Option<Sample> {
        let (game, target) = parse_line(line)?;
        let pos = game.position();
        let teacher = crate::label::centipawns(target) as f32;
        if teacher.abs() > MAX_TEACHER_CP || pos.is_insufficient_material() {
            return None;
        }
        Sample::new(pos, 0.0, 1.0, sigmoid(teacher / FIT_CP_SCALE))
    }

    /// The sample of a self-play record for a whole-evaluation network:
    /// no classical base, the target White's expected score from the
    /// search's centipawns blended with the game's result
    /// (`result_weight` of it); `None` for a dead draw.
    pub fn from_record(record: &Labelled, result_weight: f32) -> Option<Sample> {
        if record.pos.is_insufficient_material() {
            return None;
        }
        let score = sigmoid(f32::from(record.score) / FIT_CP_SCALE);
        let white = (1.0 - result_weight) * score + result_weight * f32::from(record.result) / 2.0;
        Sample::new(&record.pos, 0.0, 1.0, white)
    }

    /// The side to move's features, then the other side's.
    fn views(&self) -> ([u16; MAX_MEN], [u16; MAX_MEN], usize) {
        let mut black_view = [0; MAX_MEN];
        let n = self.men as usize;
        black_view[..n].iter_mut().zip(&self.white_view[..n]).for_each(|(b, &w)| *b = other_view(usize::from(w)) as u16);
        if self.white_to_move {
            (self.white_view, black_view, n)
        } else {
            (black_view, self.white_view, n)
        }
    }
}

const _: () = assert!(std::mem::size_of::<Sample>() <= 80, "a sample stays small enough for 100 M in memory");

/// The network in floating point, or a gradient of it, `width` hidden
/// units per point of view (one of `nnue::WIDTHS`).
#[derive(Clone)]
pub struct FloatNet {
    hidden_weights: Vec<f32>,
    hidden_bias: Vec<f32>,
    output_weights: Vec<f32>,
    output_bias: Vec<f32>,
}

impl FloatNet {
    fn zeros(width: usize) -> FloatNet {
        assert!(WIDTHS.contains(&width), "a network is {WIDTHS:?} units wide, not {width}");
        FloatNet {
            hidden_weights: vec![0.0; INPUTS * width],
            hidden_bias: vec![0.0; width],
            output_weights: vec![0.0; BUCKETS * 2 * width],
            output_bias: vec![0.0; BUCKETS],
        }
    }

    /// Small random weights: each hidden sum starts near zero, where the
    /// activation still has a slope, whatever men are on the board.
    pub fn random(width: usize, seed: u64) -> FloatNet {
        let mut rng = Rng::seeded(seed);
        let mut uniform = |scale: f32| (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 * scale - scale;
        let mut net = FloatNet::zeros(width);
        net.hidden_weights.iter_mut().for_each(|w| *w = uniform(1.0 / (INPUTS as f32).sqrt()));
        net.output_weights.iter_mut().for_each(|w| *w = uniform(1.0 / (2.0 * width as f32).sqrt()));
        net
    }

    /// The floating-point network an engine network rounds from: where a
    /// training run starts that carries on from an existing network (on
    /// more data, or other labels). Rounding loses under half a unit of
    /// each quantum, far below what an epoch moves a weight.
    pub fn from_network(net: &Network) -> FloatNet {
        intrigue::with_layers!(&net.layers, l => {
            let hidden = |w: &i16| f32::from(*w) / QA as f32;
            FloatNet {
                hidden_weights: l.hidden_weights.iter().flatten().map(hidden).collect(),
                hidden_bias: l.hidden_bias.iter().map(hidden).collect(),
                output_weights: l.output_weights.iter().flatten().flatten().map(|&w| f32::from(w) / QB as f32).collect(),
                output_bias: l.output_bias.iter().map(|&b| b as f32 / (QA * QB) as f32).collect(),
            }
        })
    }

    /// Hidden units per point of view.
    fn width(&self) -> usize {
        self.hidden_bias.len()
    }

    fn slices_mut(&mut self) -> [&mut [f32]; 4] {
        [&mut self.hidden_weights, &mut self.hidden_bias, &mut self.output_weights, &mut self.output_bias]
    }

    fn slices(&self) -> [&[f32]; 4] {
        [&self.hidden_weights, &self.hidden_bias, &self.output_weights, &self.output_bias]
    }

    /// One point of view's hidden sums, in the first `width` places.
    fn hidden_sums(&self, features: &[u16]) -> [f32; MAX_HIDDEN] {
        let w = self.width();
        let mut acc = [0.0f32; MAX_HIDDEN];
        acc[..w].copy_from_slice(&self.hidden_bias);
        for &f in features {
            let row = &self.hidden_weights[f as usize * w..][..w];
            acc[..w].iter_mut().zip(row).for_each(|(a, w)| *a += w);
        }
        acc
    }

    /// The network's output for `s` (units of `SCALE` centipawns) and,
    /// when `grad` is given, adds the gradient of the loss to it; returns
    /// the loss too.
    fn forward_backward(&self, s: &Sample, grad: Option<&mut FloatNet>) -> (f32, f32) {
        let w = self.width();
        let (ours, theirs, n) = s.views();
        let (ours, theirs) = (&ours[..n], &theirs[..n]);
        let sums = [self.hidden_sums(ours), self.hidden_sums(theirs)];
        let head = s.bucket as usize * 2 * w;
        let weights = &self.output_weights[head..head + 2 * w];
        let mut out = self.output_bias[s.bucket as usize];
        let base = s.base;
        for (half, acc) in sums.iter().enumerate() {
            for (i, &x) in acc[..w].iter().enumerate() {
                let a = x.clamp(0.0, 1.0);
                out += a * a * weights[half * w + i];
            }
        }
        let slope = SCALE as f32 / FIT_CP_SCALE;
        let p = sigmoid((base + s.share * out) * slope);
        let error = p - s.target;
        let Some(g) = grad else { return (out, error * error) };
        let d_out = 2.0 * error * p * (1.0 - p) * slope * s.share;
        g.output_bias[s.bucket as usize] += d_out;
        for (half, (acc, features)) in sums.iter().zip([ours, theirs]).enumerate() {
            let mut d_acc = [0.0f32; MAX_HIDDEN];
            for (i, &x) in acc[..w].iter().enumerate() {
                let a = x.clamp(0.0, 1.0);
                g.output_weights[head + half * w + i] += d_out * a * a;
                if x > 0.0 && x < 1.0 {
                    d_acc[i] = d_out * weights[half * w + i] * 2.0 * x;
                }
            }
            g.hidden_bias.iter_mut().zip(&d_acc[..w]).for_each(|(b, d)| *b += d);
            for &f in features {
                let row = &mut g.hidden_weights[f as usize * w..][..w];
                row.iter_mut().zip(&d_acc[..w]).for_each(|(w, d)| *w += d);
            }
        }
        (out, error * error)
    }

    /// Rounds to the engine's integer network of `kind`.
    pub fn quantise(&self, kind: Kind) -> Box<Network> {
        let q = |w: f32, scale: i32| (w * scale as f32).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
        let fingerprint = if kind == Kind::Correction { intrigue::eval::nnue::classical_fingerprint() } else { 0 };
        let hidden = self.hidden_weights.iter().chain(&self.hidden_bias).map(|&f| q(f, QA));
        let weights: Vec<i16> = hidden.chain(self.output_weights.iter().map(|&f| q(f, QB))).collect();
        let biases: Vec<i32> = self.output_bias.iter().map(|&f| (f * (QA * QB) as f32).round() as i32).collect();
        Network::from_parts(kind, fingerprint, self.width(), &weights, &biases).expect("a width the engine reads")
    }
}

/// Adam's running moments, one pair per weight.
struct Adam {
    first: FloatNet,
    second: FloatNet,
    steps: i32,
}

impl Adam {
    fn step(&mut self, net: &mut FloatNet, grad: &FloatNet, rate: f32) {
        self.steps += 1;
        let c1 = 1.0 - BETA1.powi(self.steps);
        let c2 = 1.0 - BETA2.powi(self.steps);
        let moments = self.first.slices_mut().into_iter().zip(self.second.slices_mut());
        for (part, ((w, g), (m, v))) in net.slices_mut().into_iter().zip(grad.slices()).zip(moments).enumerate() {
            for i in 0..w.len() {
                m[i] = BETA1 * m[i] + (1.0 - BETA1) * g[i];
                v[i] = BETA2 * v[i] + (1.0 - BETA2) * g[i] * g[i];
                w[i] -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + 1e-8);
                if part == 2 {
                    w[i] = w[i].clamp(-OUTPUT_CLIP, OUTPUT_CLIP);
                }
            }
        }
    }
}

/// Sum of the batch's gradients, computed on `threads` threads.
fn batch_gradient(net: &FloatNet, batch: &[Sample], threads: usize, grads: &mut [FloatNet]) -> f32 {
    let chunk = batch.len().div_ceil(threads);
    let losses: Vec<f32> = std::thread::scope(|scope| {
        let handles: Vec<_> = batch
            .chunks(chunk)
            .zip(grads.iter_mut())
            .map(|(part, g)| {
                scope.spawn(move || {
                    g.slices_mut().into_iter().for_each(|s| s.fill(0.0));
                    part.iter().map(|s| net.forward_backward(s, Some(g)).1).sum::<f32>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a gradient thread does not panic")).collect()
    });
    let (first, rest) = grads.split_first_mut().expect("at least one thread");
    for g in rest.iter().take(losses.len() - 1) {
        for (a, b) in first.slices_mut().into_iter().zip(g.slices()) {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
    }
    let scale = 1.0 / batch.len() as f32;
    first.slices_mut().into_iter().for_each(|s| s.iter_mut().for_each(|x| *x *= scale));
    losses.iter().sum::<f32>() * scale
}

/// Mean loss over `samples`.
pub fn mean_loss(net: &FloatNet, samples: &[Sample]) -> f32 {
    samples.iter().map(|s| net.forward_backward(s, None).1).sum::<f32>() / samples.len().max(1) as f32
}

/// Training settings.
pub struct Schedule {
    /// Hidden units per point of view (one of `nnue::WIDTHS`).
    pub width: usize,
    pub epochs: usize,
    pub rate: f32,
    pub threads: usize,
    pub seed: u64,
}

/// Trains a network on `samples` (the last fiftieth held out, the rest
/// shuffled in place), from small random weights or from `start` (its
/// width then sets the width). The rate falls tenfold over the last
/// quarter of the epochs.
pub fn train(samples: &mut [Sample], schedule: &Schedule, start: Option<FloatNet>, log: &mut dyn FnMut(&str)) -> FloatNet {
    let mut rng = Rng::seeded(schedule.seed);
    let held = samples.len() / 50;
    let (train_set, validation) = samples.split_at_mut(samples.len() - held);
    let mut net = start.unwrap_or_else(|| FloatNet::random(schedule.width, schedule.seed));
    assert_eq!(net.width(), schedule.width, "the starting network's width is the schedule's");
    let zeros = FloatNet::zeros(schedule.width);
    let mut adam = Adam { first: zeros.clone(), second: zeros.clone(), steps: 0 };
    let threads = schedule.threads.max(1);
    let mut grads = vec![zeros; threads];
    log(&format!(
        "{} training positions, {} held out; validation loss {:.6}",
        train_set.len(),
        validation.len(),
        mean_loss(&net, validation)
    ));
    for epoch in 0..schedule.epochs {
        for i in (1..train_set.len()).rev() {
            train_set.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
        }
        let rate = if epoch * 4 >= schedule.epochs * 3 { schedule.rate / 10.0 } else { schedule.rate };
        let mut loss = 0.0;
        let mut batches = 0;
        for batch in train_set.chunks(BATCH) {
            loss += batch_gradient(&net, batch, threads, &mut grads);
            adam.step(&mut net, &grads[0], rate);
            batches += 1;
        }
        log(&format!(
            "epoch {}: training loss {:.6}, validation loss {:.6}",
            epoch + 1,
            loss / batches as f32,
            mean_loss(&net, validation)
        ));
    }
    net
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_network_read_back_for_training_rounds_to_itself() {
        let shipped = intrigue::eval::nnue::shipped();
        let again = FloatNet::from_network(shipped).quantise(Kind::Correction);
        assert_eq!(again.to_bytes(), shipped.to_bytes(), "training resumes from exactly the shipped weights");
    }

    /// The teacher thinks White better off than the classical evaluation
    /// does, whoever is to move, in two positions.
    const LINES: [&str; 4] = [
        "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2 [0.8]",
        "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 1 2 [0.8]",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4 [0.7]",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4 [0.7]",
    ];

    use intrigue::eval::nnue::HIDDEN;

    #[test]
    fn training_learns_the_correction_and_the_quantised_net_agrees() {
        let mut data: Vec<Sample> = LINES.iter().cycle().take(400).map(|l| Sample::from_line(l).expect("parses")).collect();
        let before = mean_loss(&FloatNet::random(HIDDEN, 1), &data);
        let schedule = Schedule { width: HIDDEN, epochs: 80, rate: 0.01, threads: 2, seed: 1 };
        let net = train(&mut data, &schedule, None, &mut |_| {});
        let after = mean_loss(&net, &data);
        assert!(after < before / 10.0, "loss {before} -> {after}");
        let quantised = net.quantise(Kind::Correction);
        for line in LINES {
            let sample = Sample::from_line(line).unwrap();
            let float_cp = net.forward_backward(&sample, None).0 * SCALE as f32;
            let fen = line.rsplit_once(" [").unwrap().0;
            let int_cp =
                quantised.evaluate(&intrigue::game::Game::from_fen(fen, shakmaty::CastlingMode::Standard).unwrap().position().clone());
            let white_better = if sample.white_to_move { float_cp > 30.0 } else { float_cp < -30.0 };
            assert!(white_better, "{line}: the correction {float_cp} should favour White");
            assert!((int_cp as f32 - float_cp).abs() < 3.0, "{line}: quantised {int_cp} vs float {float_cp}");
        }
    }

    fn record(fen: &str, score: i16, result: u8) -> Labelled {
        let game = intrigue::game::Game::from_fen(fen, shakmaty::CastlingMode::Standard).expect("a FEN");
        Labelled { pos: game.position().clone(), score, result }
    }

    #[test]
    fn a_record_blends_score_and_result_for_the_side_to_move() {
        // +400 cp is 73.1 % for White; a White win with weight 0.3 makes 81.2 %.
        let s = Sample::from_record(&record("4k3/4p3/8/8/8/8/8/4K2R b K - 0 1", 400, 2), 0.3).expect("a sample");
        assert!((s.target - (1.0 - 0.8117)).abs() < 1e-3, "Black's view: {}", s.target);
        assert_eq!((s.base, s.share), (0.0, 1.0));
        assert!(Sample::from_record(&record("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", 0, 1), 0.3).is_none(), "a dead draw");
        // A teacher's label: 0.9 is +238.6 cp, 64.5 % for White on the fit's curve, whatever the classical score.
        let s = Sample::from_line_whole("4k3/4p3/8/8/8/8/8/3QK2R b K - 0 1 [0.9]").expect("no classical limit");
        assert!((s.target - 0.3552).abs() < 1e-3 && s.base == 0.0, "{}", s.target);
    }

    #[test]
    fn a_whole_network_learns_material_from_records() {
        let lines = [
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1", -900, 0),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1", -900, 0),
            ("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 900, 2),
            ("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", 900, 2),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, 1),
        ];
        let mut data: Vec<Sample> =
            lines.iter().cycle().take(500).map(|&(f, s, r)| Sample::from_record(&record(f, s, r), 0.3).expect("a sample")).collect();
        for width in WIDTHS {
            let net = train(&mut data, &Schedule { width, epochs: 150, rate: 0.01, threads: 2, seed: 1 }, None, &mut |_| {});
            let quantised = net.quantise(Kind::Whole);
            assert_eq!(quantised.width(), width);
            learned_material(&quantised, &lines);
        }
    }

    fn learned_material(quantised: &Network, lines: &[(&str, i16, u8)]) {
        let eval =
            |fen: &str| quantised.evaluate(intrigue::game::Game::from_fen(fen, shakmaty::CastlingMode::Standard).unwrap().position());
        assert!(eval(lines[0].0) < -300 && eval(lines[1].0) > 300, "a queen down for White: {} / {}", eval(lines[0].0), eval(lines[1].0));
        assert!(eval(lines[2].0) > 300, "a queen up: {}", eval(lines[2].0));
        assert!(eval(lines[4].0).abs() < 100, "level: {}", eval(lines[4].0));
    }

    #[test]
    fn a_position_with_a_winning_capture_or_a_promotion_is_not_quiet() {
        assert!(line_is_quiet("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 [0.5]"));
        assert!(!line_is_quiet("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1 [0.5]"), "exd5 wins the queen");
        assert!(line_is_quiet("4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1 [0.5]"), "exd5 cxd5 is an even trade");
        assert!(!line_is_quiet("4k3/P7/8/8/8/8/8/4K3 w - - 0 1 [0.5]"), "a8=Q");
        assert!(line_is_quiet("4k3/8/8/8/8/8/8/4K2R b K - 0 1 [0.5]"), "no capture, not in check");
        assert!(!line_is_quiet("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1 [0.5]"), "in check");
        assert!(!line_is_quiet("not a fen [0.5]"));
    }

    #[test]
    fn a_sample_reads_its_target_for_the_side_to_move() {
        // 0.9 is the label of +238.6 cp: 35.5 % for Black on the flatter curve.
        let s = Sample::from_line("4k3/4p3/8/8/8/8/8/4K2R b K - 0 1 [0.9]").unwrap();
        assert_eq!(s.men, 4);
        assert!((s.target - 0.3552).abs() < 1e-3, "{}", s.target);
        assert!(!s.white_to_move);
        assert!(Sample::from_line("4k3/8/8/8/8/8/8/4K2R b K - 0 1 [0.9]").is_none(), "a bare king is mop-up's");
        assert!(Sample::from_line("4k3/4p3/8/8/8/8/8/4K2R b K - 0 1 [0.9999]").is_none(), "a score the label cannot tell from a win");
        assert!(Sample::from_line("4k3/4p3/8/8/8/8/8/3QK2R b K - 0 1 [0.9]").is_none(), "a classical score beyond the correction's range");
    }
}
