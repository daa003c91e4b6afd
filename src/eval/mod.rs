//! Static evaluation: how good a quiet position is for the side to move.
//!
//! Tapered: every term gives a middlegame and an endgame score, blended by
//! the material left. Material and placement start from PeSTO's published
//! tables; pawn structure, piece activity, king safety and threats are
//! added as named terms in their own modules, and drawish material scales
//! the endgame part down. A small network (`nnue`) adds its correction of
//! that classical score, learned from a stronger engine's scores
//! (`Evaluator::Network`, the default; `Use NNUE` false leaves it out).
//! Both search modes read the same evaluation, so an A/B match between
//! them measures the search rule and nothing else.

pub mod accumulator;
pub mod context;
pub mod endgame;
pub mod eval_cache;
pub mod king;
pub mod masks;
pub mod nnue;
pub mod params;
pub mod pawn_cache;
pub mod pawns;
pub mod pieces;
pub mod pst;
pub mod score;
pub mod see;
pub mod threats;
pub mod wdl;
pub mod winnable;

use shakmaty::{Chess, Color, Position, Role};

use context::Ctx;
use pst::PHASE_MAX;
use score::S;

/// Centipawn values used wherever the search needs "what is this piece
/// worth" as a single number (SEE, move ordering, interest terms).
pub const PIECE_VALUE: [i32; 7] = [0, 100, 320, 330, 500, 950, 20_000];

/// The value of a role as one number, for SEE and ordering.
#[inline]
pub fn piece_value(role: Role) -> i32 {
    PIECE_VALUE[role as usize]
}

/// A small bonus for having the move: the side to move can usually improve
/// its position, and it damps the odd/even oscillation of iterative deepening.
pub const TEMPO: i32 = 10;

/// Material and piece-square tables (White's view) and the game phase.
pub fn material_and_placement(pos: &Chess) -> (S, i32) {
    let ctx = Ctx::new(pos);
    (ctx.material, ctx.phase)
}

/// Blends middlegame and endgame scores by how much material is left,
/// after scaling the endgame part by how winnable the material is.
#[inline]
fn taper(s: S, phase: i32, eg_scale: i32) -> i32 {
    let eg = s.eg() * eg_scale / endgame::FULL;
    (s.mg() * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX
}

/// The terms beyond material and placement, with the weights in `ctx`
/// (the tuner varies them).
pub fn positional_terms(ctx: &Ctx) -> S {
    positional_terms_from(ctx, &pawns::pawn_info(ctx))
}

fn positional_terms_from(ctx: &Ctx, pawn_info: &pawns::PawnInfo) -> S {
    let terms = pawns::pawn_structure_from(ctx, pawn_info) + pieces::piece_activity(ctx) + king::king_safety(ctx) + threats::threats(ctx);
    let passers = (pawn_info.passers[0] | pawn_info.passers[1]).count();
    terms + winnable::winnability(ctx, passers, (ctx.material + terms).eg())
}

/// Which side the endgame scale factor is judged for: the side ahead.
pub fn endgame_scale(pos: &Chess, total: S) -> i32 {
    let strong = if total.eg() >= 0 { Color::White } else { Color::Black };
    endgame::scale_factor(pos, strong)
}

/// The evaluation term by term (White's view, middlegame and endgame),
/// as the `eval` command shows it.
pub fn breakdown(pos: &Chess) -> Vec<(&'static str, S)> {
    let (material, _) = material_and_placement(pos);
    let ctx = Ctx::new(pos);
    let mut parts = vec![
        ("material+placement", material),
        ("pawn structure", pawns::pawn_structure(&ctx)),
        ("piece activity", pieces::piece_activity(&ctx)),
        ("king safety", king::king_safety(&ctx)),
        ("threats", threats::threats(&ctx)),
    ];
    let before: S = parts[1..].iter().fold(S::ZERO, |sum, &(_, s)| sum + s);
    parts.push(("winnability", positional_terms(&ctx) - before));
    parts
}

/// Which evaluation the search reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Evaluator {
    /// The classical terms plus the network's (`nnue`) correction of
    /// them, learned from positions a stronger engine scored.
    #[default]
    Network,
    /// The hand-written terms of this module alone, fitted by `intrigue-tools tune`.
    Classical,
}

impl Evaluator {
    /// The evaluator the `Use NNUE` check names.
    pub fn using_network(on: bool) -> Evaluator {
        if on {
            Evaluator::Network
        } else {
            Evaluator::Classical
        }
    }
}

/// The classical evaluation of `pos` in centipawns from the side to
/// move's point of view.
pub fn evaluate(pos: &Chess) -> i32 {
    evaluate_using(pos, Evaluator::Classical, nnue::shipped())
}

/// The evaluation `evaluator` names, side to move's view, with the
/// network `net`: the classical one, plus the network's correction of it
/// (dead draws stay zero).
pub fn evaluate_using(pos: &Chess, evaluator: Evaluator, net: &nnue::Network) -> i32 {
    evaluate_with(pos, None, evaluator, net.kind, |p| net.evaluate(p))
}

/// `evaluate_using`, with the pawn terms taken from (and stored in)
/// `cache`, and the output of a network of `kind` asked of `network` only
/// when it is used: the search's accumulators answer it.
pub fn evaluate_cached(
    pos: &Chess,
    cache: &mut pawn_cache::PawnCache,
    evaluator: Evaluator,
    kind: nnue::Kind,
    network: impl FnOnce(&Chess) -> i32,
) -> i32 {
    evaluate_with(pos, Some(cache), evaluator, kind, network)
}

fn evaluate_with(
    pos: &Chess,
    cache: Option<&mut pawn_cache::PawnCache>,
    evaluator: Evaluator,
    kind: nnue::Kind,
    network: impl FnOnce(&Chess) -> i32,
) -> i32 {
    if evaluator == Evaluator::Network && kind == nnue::Kind::Whole {
        return whole_network(pos, network);
    }
    let (score, share) = classical_with_share(pos, cache);
    match evaluator {
        // No share, no network: won positions and dead draws skip it.
        Evaluator::Network if share > 0 => score + network(pos) * share / CORRECTION_FULL,
        _ => score,
    }
}

/// A whole-evaluation network's score. Dead draws stay zero (material
/// that cannot mate, and the endgames the classical scale calls dead),
/// and a bare king is left to the mop-up, which drives it to the edge for
/// the mate (self-play rarely gets there, so the network knows little of
/// it).
fn whole_network(pos: &Chess, network: impl FnOnce(&Chess) -> i32) -> i32 {
    if pos.is_insufficient_material() {
        return 0;
    }
    if endgame::mop_up(pos) != 0 {
        return classical_with_share(pos, None).0;
    }
    let score = network(pos);
    let ahead = if score >= 0 { pos.turn() } else { !pos.turn() };
    if endgame::scale_factor(pos, ahead) == 0 {
        return 0;
    }
    score
}

/// The classical score (side to move's view) and the share of the
/// network's correction the engine adds to it, in 1/`CORRECTION_FULL`:
/// none for dead draws, a bare king or a won score.
fn classical_with_share(pos: &Chess, cache: Option<&mut pawn_cache::PawnCache>) -> (i32, i32) {
    if pos.is_insufficient_material() {
        return (0, 0);
    }
    let ctx = Ctx::new(pos);
    let pawn_info = match cache {
        Some(c) => c.probe(&ctx),
        None => pawns::pawn_info(&ctx),
    };
    let total = ctx.material + positional_terms_from(&ctx, &pawn_info);
    let scale = endgame_scale(pos, total);
    if scale == 0 {
        // Material that cannot win: the middlegame half must not keep an
        // edge the endgame half has given up.
        return (0, 0);
    }
    let mop_up = endgame::mop_up(pos);
    let white_view = taper(total, ctx.phase, scale) + mop_up;
    let score = match pos.turn() {
        Color::White => white_view,
        Color::Black => -white_view,
    } + TEMPO;
    let share = if mop_up != 0 { 0 } else { correction_share(score) };
    (score, share)
}

/// Up to this classical score the network's correction counts in full …
pub const CORRECTION_FULL_UP_TO: i32 = 800;
/// … and from this one not at all. The teacher's scores reach the network
/// through a label with four decimals, which cannot tell +1000 from
/// +2000, so the trainer leaves such positions out and the network knows
/// nothing of them; a lone king is mop-up's business.
pub const CORRECTION_NONE_FROM: i32 = 1200;
const CORRECTION_FULL: i32 = CORRECTION_NONE_FROM - CORRECTION_FULL_UP_TO;

/// How much of the correction a classical `score` takes, in
/// 1/`CORRECTION_FULL`: all of it near the balance, none when won.
fn correction_share(score: i32) -> i32 {
    (CORRECTION_NONE_FROM - score.abs()).clamp(0, CORRECTION_FULL)
}

/// The classical evaluation of `pos` and the share (0 to 1) of the
/// network's correction the engine adds to it, as the trainer needs them.
pub fn classical_and_share(pos: &Chess) -> (i32, f32) {
    let (classical, share) = classical_with_share(pos, None);
    (classical, share as f32 / CORRECTION_FULL as f32)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use shakmaty::{fen::Fen, CastlingMode};

    pub fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    /// One evaluation term for `color` in the position `fen`.
    pub fn term(f: fn(&Ctx, shakmaty::Color) -> S, fen: &str, color: shakmaty::Color) -> S {
        let p = pos(fen);
        f(&Ctx::new(&p), color)
    }

    #[test]
    fn start_position_is_level_but_for_the_tempo() {
        assert_eq!(evaluate(&Chess::default()), TEMPO);
    }

    /// The same position with the board mirrored and colours swapped.
    pub fn mirrored(p: &Chess) -> Chess {
        let mut setup = p.to_setup(shakmaty::EnPassantMode::Legal);
        setup.mirror();
        setup.position(CastlingMode::Standard).unwrap()
    }

    #[test]
    fn evaluation_is_symmetric_under_colour_flip() {
        for fen in crate::bench::POSITIONS {
            let p = pos(fen);
            assert_eq!(evaluate(&p), evaluate(&mirrored(&p)), "{fen}");
        }
    }

    #[test]
    fn the_pawn_cache_changes_nothing() {
        let mut cache = pawn_cache::PawnCache::default();
        for _ in 0..2 {
            for fen in crate::bench::POSITIONS {
                let p = pos(fen);
                assert_eq!(
                    evaluate_cached(&p, &mut cache, Evaluator::Classical, nnue::Kind::Correction, |p| nnue::shipped().evaluate(p)),
                    evaluate(&p),
                    "{fen}"
                );
            }
        }
    }

    #[test]
    fn an_extra_queen_is_worth_about_a_queen() {
        let up = pos("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        assert!(evaluate(&up) > 800, "{}", evaluate(&up));
        let down = pos("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert!(evaluate(&down) < -800);
    }

    #[test]
    fn insufficient_material_is_a_draw() {
        assert_eq!(evaluate(&pos("4k3/8/8/8/8/8/8/3NK3 w - - 0 1")), 0);
    }
}
