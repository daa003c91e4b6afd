//! Static evaluation: how good a quiet position is for the side to move.
//!
//! Both search modes call the same `evaluate`, so an A/B match between them
//! measures the search rule and nothing else.

pub mod pst;
pub mod see;

use shakmaty::{Chess, Color, Position, Role};

use pst::{PHASE_MAX, PHASE_WEIGHT, PSQT};

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
const TEMPO: i32 = 10;

#[inline]
fn color_index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Middlegame and endgame scores (White's view) and the game phase.
fn material_and_placement(pos: &Chess) -> (i32, i32, i32) {
    let board = pos.board();
    let (mut mg, mut eg, mut phase) = (0, 0, 0);
    for (sq, piece) in board.iter() {
        let c = color_index(piece.color);
        let r = piece.role as usize - 1;
        let sign = if c == 0 { 1 } else { -1 };
        mg += sign * PSQT.mg[c][r][sq as usize];
        eg += sign * PSQT.eg[c][r][sq as usize];
        phase += PHASE_WEIGHT[r];
    }
    (mg, eg, phase.min(PHASE_MAX))
}

/// Blends middlegame and endgame scores by how much material is left.
#[inline]
fn taper(mg: i32, eg: i32, phase: i32) -> i32 {
    (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX
}

/// Positions where neither side can mate are dead draws whatever the
/// material count says.
fn is_dead_draw(pos: &Chess) -> bool {
    pos.is_insufficient_material()
}

/// The evaluation term by term (White's view, middlegame and endgame),
/// as the `eval` command shows it.
pub fn breakdown(pos: &Chess) -> Vec<(&'static str, (i32, i32))> {
    let (mg, eg, _) = material_and_placement(pos);
    vec![("material+placement", (mg, eg))]
}

/// Evaluates `pos` in centipawns from the side to move's point of view.
pub fn evaluate(pos: &Chess) -> i32 {
    if is_dead_draw(pos) {
        return 0;
    }
    let (mg, eg, phase) = material_and_placement(pos);
    let white_view = taper(mg, eg, phase);
    let score = match pos.turn() {
        Color::White => white_view,
        Color::Black => -white_view,
    };
    score + TEMPO
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{fen::Fen, CastlingMode};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    #[test]
    fn start_position_is_level_but_for_the_tempo() {
        assert_eq!(evaluate(&Chess::default()), TEMPO);
    }

    #[test]
    fn evaluation_is_symmetric_under_colour_flip() {
        let white = pos("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let black = pos("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(evaluate(&white), evaluate(&black));
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
