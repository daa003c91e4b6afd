//! Texel tuning: fit the evaluation weights to game results.
//!
//! Each training position carries the result of the game it came from.
//! It is first replaced by the leaf of its quiescence search, so the
//! evaluation is fitted on positions where nothing hangs.
//! The evaluation, squashed by a sigmoid, predicts that result; tuning
//! minimises the mean squared error over all positions. Every weight in
//! `eval::params` enters the evaluation linearly, so each position's
//! coefficient for each weight is measured once (by nudging the weight)
//! and the fit then runs in memory with Adam, full-batch.
//!
//! With `placement` the piece-square tables join the fit: material plus
//! table value of each (role, square) is one more linear weight, counted
//! +1 for a White piece and −1 for a Black one on the mirrored square.
//! PeSTO's tables were fitted for an evaluation with nothing else in it;
//! ours adds mobility, pawn structure and king safety on top.
//!
//! Validation holds out every tenth block of 1000 lines (of a hundredth of
//! the file, if smaller): positions of one game are neighbours in a file
//! made by `intrigue-tools positions`, so most games fall wholly on one side and
//! the held-out error is honest.
//!
//! Data: one position per line, `FEN [R]` with R the game result from
//! White's view (1.0, 0.5, 0.0). `intrigue-tools positions GAMES.pgn` makes such
//! a file from the engine's own games (`positions_from_pgn`).
//!
//! With `only=NAME,...` just the named weights move (a table's name
//! covers its entries) and everything else keeps its fitted value: a new
//! term can be fitted on a fresh set of positions smaller than the one
//! the rest was fitted on, without refitting the rest on less data.
//!
//! Tables whose order is known (mobility up to a piece's usual count, the
//! king-attack penalty) leave the fit in that order:
//! `Params::pool_monotone` pools neighbours the fit set a few centipawns
//! out of it, so the printed weights can be pasted in as they are.

use shakmaty::{Chess, Color, Move, Position};

use intrigue::eval::context::Ctx;
use intrigue::eval::params::{Params, DEFAULT};
use intrigue::eval::pst::{EG_TABLES, EG_VALUE, MG_TABLES, MG_VALUE, PHASE_MAX};
use intrigue::eval::score::S;
use intrigue::eval::{endgame, endgame_scale, material_and_placement, positional_terms, TEMPO};
use std::sync::Arc;

use intrigue::game::Game;
use intrigue::search::{Searcher, Signals};
use intrigue::tt::TranspositionTable;

/// One training position, reduced to what the linear model needs.
struct Sample {
    result: f64,
    /// mg and eg weights of the position: phase / 24 and
    /// scale * (24 - phase) / (24 * 64).
    mg_share: f64,
    eg_share: f64,
    /// The part of the evaluation that tuning does not touch (material,
    /// placement, king attacks), White's view, untapered.
    fixed: (f64, f64),
    /// The tempo bonus and the mop-up against a bare king, White's view:
    /// added after tapering, as the engine does.
    after_taper: f64,
    /// (parameter index, mg coefficient, eg coefficient), non-zero only.
    coefficients: Vec<(u16, f32, f32)>,
}

/// Parses `FEN [R]` (also `FEN; R` and `FEN R`), R from White's view:
/// a game result, or any expected score between 0 and 1 (a result
/// blended with a stronger engine's verdict, say).
pub fn parse_line(line: &str) -> Option<(Game, f64)> {
    let line = line.trim();
    let (fen, result) = if let Some(i) = line.rfind('[') {
        (&line[..i], line[i + 1..].trim_end_matches(']'))
    } else {
        let i = line.rfind([' ', ';'])?;
        (&line[..i], &line[i + 1..])
    };
    let result = match result.trim() {
        "1-0" => 1.0,
        "1/2-1/2" => 0.5,
        "0-1" => 0.0,
        number => number.parse::<f64>().ok().filter(|score| (0.0..=1.0).contains(score))?,
    };
    let game = Game::from_fen(fen.trim().trim_end_matches(';'), shakmaty::CastlingMode::Standard).ok()?;
    Some((game, result))
}

fn field_values(p: &Params) -> Vec<S> {
    let mut copy = p.clone();
    copy.fields_mut().into_iter().map(|(_, s)| *s).collect()
}

/// A pair's middlegame and endgame halves as the fit's floating point.
fn halves(s: S) -> (f64, f64) {
    (f64::from(s.mg()), f64::from(s.eg()))
}

/// Every field's halves, in `fields_mut` order: the fit's weights.
fn field_halves(p: &Params) -> Vec<(f64, f64)> {
    field_values(p).into_iter().map(halves).collect()
}

/// The weights' names in `fields_mut` order (`table[i]` for a table's entries).
fn field_names() -> Vec<String> {
    DEFAULT.clone().fields_mut().into_iter().map(|(name, _)| name).collect()
}

fn set_fields(p: &mut Params, values: &[(f64, f64)]) {
    for ((_, s), &(mg, eg)) in p.fields_mut().into_iter().zip(values) {
        *s = S(mg.round() as i32, eg.round() as i32);
    }
}

/// One weight per (role, square of the diagram, a8 first) after the
/// `Params` fields: material plus placement.
const PLACEMENT_WEIGHTS: usize = 6 * 64;

/// The placement weights' starting values: PeSTO's material plus table.
fn placement_values() -> Vec<(f64, f64)> {
    (0..PLACEMENT_WEIGHTS)
        .map(|i| {
            let (role, sq) = (i / 64, i % 64);
            ((MG_VALUE[role] + MG_TABLES[role][sq]) as f64, (EG_VALUE[role] + EG_TABLES[role][sq]) as f64)
        })
        .collect()
}

/// How often each placement weight counts in `pos`, White's view: a White
/// piece reads the diagram at `sq ^ 56`, a Black one at `sq` (as `pst::build`).
fn placement_counts(pos: &Chess) -> [i8; PLACEMENT_WEIGHTS] {
    let mut counts = [0i8; PLACEMENT_WEIGHTS];
    let board = pos.board();
    for sq in board.occupied() {
        let piece = board.piece_at(sq).expect("occupied");
        let role = piece.role as usize - 1;
        if piece.color == Color::White {
            counts[role * 64 + (sq as usize ^ 56)] += 1;
        } else {
            counts[role * 64 + sq as usize] -= 1;
        }
    }
    counts
}

/// For every weight in `fields_mut` order, its value in `base` and `base`
/// with that weight raised by one in each phase: the sample's coefficients
/// are the differences they make. Built once per fit, not per position,
/// since there are a hundred weights and hundreds of thousands of positions.
fn nudged_params(base: &Params) -> Vec<(S, Params)> {
    field_values(base)
        .into_iter()
        .enumerate()
        .map(|(i, w)| {
            let mut nudged = base.clone();
            *nudged.fields_mut()[i].1 = S(w.mg() + 1, w.eg() + 1);
            (w, nudged)
        })
        .collect()
}

fn sample(pos: &Chess, result: f64, base: &Params, nudged: &[(S, Params)]) -> Sample {
    let (material, phase) = material_and_placement(pos);
    let base_terms = positional_terms(&Ctx::with_params(pos, base));
    let total = material + base_terms;
    let scale = endgame_scale(pos, total);
    let mut coefficients = Vec::new();
    let mut tuned = S::ZERO;
    for (i, (w, nudged)) in nudged.iter().enumerate() {
        let d = positional_terms(&Ctx::with_params(pos, nudged)) - base_terms;
        if d != S::ZERO {
            coefficients.push((i as u16, d.mg() as f32, d.eg() as f32));
            tuned += S(w.mg() * d.mg(), w.eg() * d.eg());
        }
    }
    for (j, &n) in placement_counts(pos).iter().enumerate().filter(|(_, &n)| n != 0) {
        coefficients.push(((nudged.len() + j) as u16, n as f32, n as f32));
    }
    let tempo = if pos.turn() == Color::White { TEMPO } else { -TEMPO };
    // Material that cannot win evaluates to 0 whatever the weights.
    let live = if scale == 0 { 0.0 } else { 1.0 };
    let after_taper = live * (tempo + endgame::mop_up(pos)) as f64;
    // What no weight explains: material and placement are all weights.
    let fixed = base_terms - tuned;
    Sample {
        result,
        mg_share: live * phase as f64 / PHASE_MAX as f64,
        eg_share: scale as f64 * (PHASE_MAX - phase) as f64 / (PHASE_MAX as f64 * endgame::FULL as f64),
        fixed: halves(fixed),
        after_taper,
        coefficients,
    }
}

fn predict(s: &Sample, w: &[(f64, f64)]) -> f64 {
    let (mut mg, mut eg) = s.fixed;
    for &(i, cm, ce) in &s.coefficients {
        mg += w[i as usize].0 * cm as f64;
        eg += w[i as usize].1 * ce as f64;
    }
    mg * s.mg_share + eg * s.eg_share + s.after_taper
}

fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + (-k * eval / 400.0).exp())
}

fn error(samples: &[Sample], w: &[(f64, f64)], k: f64) -> f64 {
    samples.iter().map(|s| (s.result - sigmoid(k, predict(s, w))).powi(2)).sum::<f64>() / samples.len() as f64
}

/// The sigmoid scale that best maps evaluations to results.
fn fit_k(samples: &[Sample], w: &[(f64, f64)]) -> f64 {
    let (mut lo, mut hi) = (0.1, 5.0);
    for _ in 0..40 {
        let a = lo + (hi - lo) / 3.0;
        let b = hi - (hi - lo) / 3.0;
        if error(samples, w, a) < error(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

pub struct Outcome {
    pub positions: usize,
    pub k: f64,
    /// Training error before and after.
    pub error_before: f64,
    pub error_after: f64,
    /// Error on the held-out positions (every tenth block of 1000 lines),
    /// before and after:
    /// the honest measure of whether the fit generalises.
    pub validation_before: f64,
    pub validation_after: f64,
    pub params: Params,
    /// Material plus placement per (role, diagram square), as fitted (the
    /// starting values when placement was not tuned).
    pub placement: Vec<(i32, i32)>,
}

impl Outcome {
    /// The fitted piece-square tables as `eval/pst.rs` writes them (table
    /// value without the material, which stays in `MG_VALUE`/`EG_VALUE`).
    pub fn placement_source(&self) -> String {
        let names = ["PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING"];
        let mut out = String::new();
        for (phase, value) in [("MG", &MG_VALUE), ("EG", &EG_VALUE)] {
            for (role, name) in names.iter().enumerate() {
                out.push_str(&format!("#[rustfmt::skip]\nconst {phase}_{name}: [i32; 64] = [\n"));
                for rank in 0..8 {
                    let row: Vec<String> = (0..8)
                        .map(|file| {
                            let (mg, eg) = self.placement[role * 64 + rank * 8 + file];
                            let v = if phase == "MG" { mg } else { eg };
                            format!("{:>4}", v - value[role])
                        })
                        .collect();
                    out.push_str(&format!("    {},\n", row.join(",")));
                }
                out.push_str("];\n");
            }
        }
        out
    }
}

/// Which weights a fit moves.
#[derive(Clone, Debug, PartialEq)]
pub enum Fit {
    /// Every field of `Params`; the piece-square tables keep their values.
    Fields,
    /// The fields and the piece-square tables (material plus placement).
    FieldsAndPlacement,
    /// Only the named fields, a table's name standing for all its entries.
    Only(Vec<String>),
}

/// Does `given` (a field's name, or a table's for all its entries) name
/// the field called `field` (`table[i]` for a table's entry)?
fn names_field(given: &str, field: &str) -> bool {
    field == given || field.strip_prefix(given).is_some_and(|rest| rest.starts_with('['))
}

impl Fit {
    /// Does the fit move the field called `name` (`table[i]` for a table's entry)?
    fn moves_field(&self, name: &str) -> bool {
        match self {
            Fit::Fields | Fit::FieldsAndPlacement => true,
            Fit::Only(names) => names.iter().any(|given| names_field(given, name)),
        }
    }

    /// Which weights move: the fields in `fields_mut` order, then the placement weights.
    fn moving(&self) -> Vec<bool> {
        let mut moving: Vec<bool> = field_names().iter().map(|name| self.moves_field(name)).collect();
        moving.extend(std::iter::repeat_n(*self == Fit::FieldsAndPlacement, PLACEMENT_WEIGHTS));
        moving
    }

    /// The names in `Only` that are no field of `Params`.
    pub fn unknown_names(&self) -> Vec<String> {
        let Fit::Only(names) = self else { return Vec::new() };
        let fields = field_names();
        names.iter().filter(|given| !fields.iter().any(|field| names_field(given, field))).cloned().collect()
    }
}

/// Tunes `DEFAULT` on the positions in `lines`, for `epochs` full passes.
/// `l2` pulls every weight towards its starting value (ridge
/// regularisation), so rare features cannot run wild on little data.
pub fn tune(lines: impl Iterator<Item = String>, epochs: usize, l2: f64, fit: Fit, log: &mut dyn FnMut(&str)) -> Outcome {
    let base = DEFAULT.clone();
    let mut searcher = Searcher::new(Arc::new(TranspositionTable::new(1)), Arc::new(Signals::default()));
    let nudged = nudged_params(&base);
    let all: Vec<Sample> = lines
        .filter_map(|l| parse_line(&l))
        .filter(|(g, _)| !g.position().is_check())
        .map(|(g, r)| (searcher.quiet_leaf(g.position()), r))
        .filter(|(leaf, _)| !leaf.is_check() && !leaf.is_insufficient_material())
        .map(|(leaf, r)| sample(&leaf, r, &base, &nudged))
        .collect();
    let (mut samples, mut validation) = (Vec::new(), Vec::new());
    // Blocks of 1000 lines (fewer for a small file, so it still has some
    // held-out positions).
    let block = (all.len() / 100).clamp(1, 1000);
    for (i, s) in all.into_iter().enumerate() {
        if (i / block) % 10 == 9 {
            validation.push(s)
        } else {
            samples.push(s)
        }
    }
    log(&format!("{} training and {} validation positions", samples.len(), validation.len()));
    let mut start = field_halves(&base);
    let fields = start.len();
    start.extend(placement_values());
    let moving = fit.moving();
    let mut w = start.clone();
    let k = fit_k(&samples, &w);
    let error_before = error(&samples, &w, k);
    let validation_before = error(&validation, &w, k);
    log(&format!("K = {k:.4}, error {error_before:.6}, validation {validation_before:.6}"));
    // Adam, full batch.
    let (rate, b1, b2, eps) = (1.0, 0.9, 0.999, 1e-8);
    let mut m = vec![(0.0, 0.0); w.len()];
    let mut v = vec![(0.0, 0.0); w.len()];
    for epoch in 1..=epochs {
        let mut grad = vec![(0.0, 0.0); w.len()];
        for s in &samples {
            let p = sigmoid(k, predict(s, &w));
            let g = -2.0 * (s.result - p) * p * (1.0 - p) * k / 400.0;
            for &(i, cm, ce) in &s.coefficients {
                grad[i as usize].0 += g * cm as f64 * s.mg_share;
                grad[i as usize].1 += g * ce as f64 * s.eg_share;
            }
        }
        let n = samples.len() as f64;
        for i in (0..w.len()).filter(|&i| moving[i]) {
            let gm = grad[i].0 / n + 2.0 * l2 * (w[i].0 - start[i].0);
            let ge = grad[i].1 / n + 2.0 * l2 * (w[i].1 - start[i].1);
            m[i] = (b1 * m[i].0 + (1.0 - b1) * gm, b1 * m[i].1 + (1.0 - b1) * ge);
            v[i] = (b2 * v[i].0 + (1.0 - b2) * gm * gm, b2 * v[i].1 + (1.0 - b2) * ge * ge);
            let c1 = 1.0 - b1.powi(epoch as i32);
            let c2 = 1.0 - b2.powi(epoch as i32);
            w[i].0 -= rate * (m[i].0 / c1) / ((v[i].0 / c2).sqrt() + eps);
            w[i].1 -= rate * (m[i].1 / c1) / ((v[i].1 / c2).sqrt() + eps);
        }
        if epoch % 50 == 0 || epoch == epochs {
            log(&format!("epoch {epoch}: error {:.6}, validation {:.6}", error(&samples, &w, k), error(&validation, &w, k)));
        }
    }
    let mut params = base;
    set_fields(&mut params, &w[..fields]);
    params.pool_monotone();
    let placement: Vec<(i32, i32)> = w[fields..].iter().map(|&(mg, eg)| (mg.round() as i32, eg.round() as i32)).collect();
    let mut rounded = field_halves(&params);
    rounded.extend(placement.iter().map(|&(mg, eg)| (mg as f64, eg as f64)));
    Outcome {
        positions: samples.len() + validation.len(),
        k,
        error_before,
        error_after: error(&samples, &rounded, k),
        validation_before,
        validation_after: error(&validation, &rounded, k),
        params,
        placement,
    }
}

/// One game of a PGN file.
#[derive(Debug, PartialEq)]
struct PgnGame {
    /// The result from White's view, if the game ended.
    result: Option<f64>,
    /// The `[FEN]` start position, if not the standard one.
    fen: Option<String>,
    /// The moves in SAN.
    moves: Vec<String>,
    /// The mover's score in centipawns from each move's comment
    /// (`{ +0.15/16 0.843s }`, as cutechess-cli and match.py write it);
    /// `None` for a mate score or no score.
    scores: Vec<Option<i32>>,
}

/// The games of a PGN text. Comments, variations, NAGs and move numbers
/// are skipped.
fn pgn_games(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut result = None;
    let mut fen = None;
    let mut moves: Vec<String> = Vec::new();
    let mut scores: Vec<Option<i32>> = Vec::new();
    let mut in_movetext = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            if in_movetext {
                games.push(PgnGame {
                    result: result.take(),
                    fen: fen.take(),
                    moves: std::mem::take(&mut moves),
                    scores: std::mem::take(&mut scores),
                });
                in_movetext = false;
            }
            if let Some(f) = line.strip_prefix("[FEN \"") {
                fen = Some(f.trim_end_matches("\"]").to_string());
            }
            if let Some(r) = line.strip_prefix("[Result \"") {
                result = match r.trim_end_matches("\"]") {
                    "1-0" => Some(1.0),
                    "0-1" => Some(0.0),
                    "1/2-1/2" => Some(0.5),
                    _ => None,
                };
            }
            continue;
        }
        in_movetext |= !line.is_empty();
        let mut depth = 0;
        let mut cleaned = String::new();
        let mut comment = String::new();
        for ch in line.chars() {
            match ch {
                '{' | '(' => {
                    if depth == 0 {
                        push_moves(&cleaned, &mut moves, &mut scores);
                        cleaned.clear();
                    }
                    depth += 1;
                }
                '}' | ')' => {
                    depth -= 1;
                    if depth == 0 && ch == '}' {
                        if let Some(last) = scores.last_mut() {
                            *last = comment_score(&comment);
                        }
                    }
                    comment.clear();
                }
                _ if depth == 0 => cleaned.push(ch),
                _ => comment.push(ch),
            }
        }
        push_moves(&cleaned, &mut moves, &mut scores);
    }
    if in_movetext {
        games.push(PgnGame { result, fen, moves, scores });
    }
    games
}

/// The SAN moves among `text`'s tokens (move numbers, NAGs and results
/// dropped), each with no score yet.
fn push_moves(text: &str, moves: &mut Vec<String>, scores: &mut Vec<Option<i32>>) {
    for token in text.split_whitespace() {
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
            continue;
        }
        let token = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if token.is_empty() || token.starts_with('$') {
            continue;
        }
        moves.push(token.to_string());
        scores.push(None);
    }
}

/// The centipawn score a move comment starts with (`+0.15/16 …` → 15);
/// `None` for a mate (`+M3/5`) or a comment without a score.
fn comment_score(comment: &str) -> Option<i32> {
    let first = comment.split_whitespace().next()?;
    let pawns: f64 = first.split('/').next()?.parse().ok()?;
    pawns.is_finite().then(|| (pawns * 100.0).round() as i32)
}

/// A position of a game, the mover's score for it, and how the game ended
/// for the mover (1, ½ or 0): what the WDL model is fitted to.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoredPosition {
    pub position: Chess,
    pub score_cp: i32,
    pub result: f64,
}

/// Every position of the games in a PGN text whose move carries a
/// centipawn score, with the game's result from the mover's view.
pub fn scored_positions(text: &str) -> Vec<Vec<ScoredPosition>> {
    let mut out = Vec::new();
    for game in pgn_games(text) {
        let Some(white_result) = game.result else { continue };
        let Some(mut pos) = start_position(&game) else { continue };
        let mut positions = Vec::new();
        for (san, score) in game.moves.iter().zip(&game.scores) {
            let Some(m) = parse_san(&pos, san) else { break };
            if let Some(score_cp) = *score {
                let result = if pos.turn().is_white() { white_result } else { 1.0 - white_result };
                positions.push(ScoredPosition { position: pos.clone(), score_cp, result });
            }
            pos.play_unchecked(m);
        }
        out.push(positions);
    }
    out
}

fn start_position(game: &PgnGame) -> Option<Chess> {
    match &game.fen {
        None => Some(Chess::default()),
        Some(fen) => Game::from_fen(fen, shakmaty::CastlingMode::Standard).ok().map(|g| g.position().clone()),
    }
}

fn parse_san(pos: &Chess, san: &str) -> Option<Move> {
    san.parse::<shakmaty::san::San>().ok()?.to_move(pos).ok()
}

/// Training lines (`FEN [R]`) from the games in a PGN text: positions
/// after the first 10 plies of the game, not in check, where the move
/// played next is quiet (so the static evaluation is meaningful), one in
/// `every`.
pub fn positions_from_pgn(text: &str, every: usize) -> Vec<String> {
    let mut out = Vec::new();
    for game in pgn_games(text) {
        let Some(result) = game.result else { continue };
        let Some(mut pos) = start_position(&game) else { continue };
        // Ply counts from the game's first move, whatever the start position.
        for (ply, san) in game.moves.iter().enumerate() {
            let Some(m) = parse_san(&pos, san) else { break };
            let quiet = !m.is_capture() && !m.is_promotion();
            if ply >= 10 && quiet && !pos.is_check() && ply % every.max(1) == 0 {
                let fen = shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal);
                out.push(format!("{fen} [{result:.1}]"));
            }
            pos.play_unchecked(m);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_come_out_of_a_pgn_with_their_result() {
        let pgn = "[Event \"x\"]\n[Result \"0-1\"]\n\n1. f3 {book} e5 2. g4 $1 (2. e4) Qh4# 0-1\n\n\
                   [Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 1-0\n";
        let games = pgn_games(pgn);
        assert_eq!(games.len(), 2);
        let moves = vec!["f3".into(), "e5".into(), "g4".into(), "Qh4#".into()];
        assert_eq!(games[0], PgnGame { result: Some(0.0), fen: None, moves, scores: vec![None; 4] });
        let lines = positions_from_pgn(pgn, 1);
        assert_eq!(lines.len(), 7, "{lines:?}");
        assert!(lines[0].ends_with(" [1.0]"));
        assert!(parse_line(&lines[0]).is_some());
        // Games from a set-up position start there.
        let from_fen = "[Result \"1/2-1/2\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n1. Ra7 Kf8 2. Ra6 Kg8 3. Ra5 Kh8 4. Ra4 Kg8 5. Ra3 Kf8 6. Ra2 Ke8 1/2-1/2\n";
        let lines = positions_from_pgn(from_fen, 1);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert_eq!(lines[0], "5k2/8/8/8/8/R7/8/4K3 w - - 10 6 [0.5]");
        assert!(lines.iter().all(|l| l.ends_with(" [0.5]")));
    }

    #[test]
    fn lines_parse_in_the_usual_formats() {
        let (_, r) = parse_line("4k3/8/8/8/8/8/8/3QK3 w - - 0 1 [1.0]").unwrap();
        assert_eq!(r, 1.0);
        let (_, r) = parse_line("4k3/8/8/8/8/8/8/3QK3 w - - 0 1; 0.5").unwrap();
        assert_eq!(r, 0.5);
        let (_, r) = parse_line("4k3/8/8/8/8/8/8/3QK3 w - - 0 1 [0.8125]").unwrap();
        assert_eq!(r, 0.8125);
        assert!(parse_line("4k3/8/8/8/8/8/8/3QK3 w - - 0 1 [1.5]").is_none());
        assert!(parse_line("nonsense [1.0]").is_none());
    }

    #[test]
    fn the_linear_model_reproduces_the_evaluation() {
        let nudged = nudged_params(&DEFAULT);
        for fen in intrigue::bench::POSITIONS {
            let g = Game::from_fen(fen, shakmaty::CastlingMode::Standard).unwrap();
            let pos = g.position();
            if pos.is_insufficient_material() {
                continue;
            }
            let s = sample(pos, 0.5, &DEFAULT, &nudged);
            let mut w = field_halves(&DEFAULT);
            w.extend(placement_values());
            let model = predict(&s, &w);
            let white_view = if pos.turn() == Color::White { intrigue::eval::evaluate(pos) } else { -intrigue::eval::evaluate(pos) };
            // The engine rounds each division; the model does not.
            assert!((model - white_view as f64).abs() <= 2.0, "{fen}: model {model} eval {white_view}");
        }
    }

    #[test]
    fn placement_tuning_moves_a_square_the_results_disagree_with() {
        // A White knight on d5 keeps winning, on d3 it only draws.
        let lines = || {
            (0..40)
                .flat_map(|_| ["4k3/8/8/3N4/8/8/P7/4K3 w - - 0 1 [1.0]".to_string(), "4k3/8/8/8/8/3N4/P7/4K3 w - - 0 1 [0.5]".to_string()])
        };
        let d5 = 64 + (shakmaty::Square::D5 as usize ^ 56);
        let start = placement_values()[d5];
        let out = tune(lines(), 100, 0.0, Fit::FieldsAndPlacement, &mut |_| {});
        assert!(out.placement[d5].1 as f64 > start.1, "{:?} from {start:?}", out.placement[d5]);
        let fields_only = tune(lines(), 100, 0.0, Fit::Fields, &mut |_| {});
        assert_eq!(fields_only.placement[d5], (start.0 as i32, start.1 as i32));
    }

    #[test]
    fn tuning_moves_a_weight_the_results_disagree_with() {
        // White keeps winning positions where it has an isolated pawn: the
        // tuner must make the isolated-pawn penalty less negative.
        let lines: Vec<String> = (0..40)
            .flat_map(|_| ["4k3/8/8/8/8/8/P1P5/4K3 w - - 0 1 [1.0]".to_string(), "4k3/8/8/8/8/8/PP6/4K3 w - - 0 1 [0.5]".to_string()])
            .collect();
        let out = tune(lines.iter().cloned(), 100, 0.0, Fit::Fields, &mut |_| {});
        assert!(out.error_after < out.error_before);
        assert!(out.params.isolated.eg() > DEFAULT.isolated.eg(), "{:?}", out.params.isolated);
        // Told to fit something else, the tuner leaves the isolated pawn alone.
        let others = tune(lines.into_iter(), 100, 0.0, Fit::Only(vec!["doubled".into(), "passed".into()]), &mut |_| {});
        assert_eq!(others.params.isolated, DEFAULT.isolated);
    }

    #[test]
    fn a_fit_of_named_weights_moves_those_and_whole_tables_by_name() {
        let fit = Fit::Only(vec!["passed".into(), "doubled".into()]);
        assert!(fit.moves_field("passed[3]") && fit.moves_field("doubled"));
        assert!(!fit.moves_field("passer_blockaded") && !fit.moves_field("isolated"));
        assert_eq!(fit.moving().iter().filter(|&&m| m).count(), 9, "eight passer ranks and the doubled pawn");
        assert!(Fit::FieldsAndPlacement.moving().iter().all(|&m| m));
        assert_eq!(Fit::Only(vec!["doubled".into(), "no_such_term".into()]).unknown_names(), vec!["no_such_term".to_string()]);
    }
}
