//! Quiescence search: at the horizon, resolve captures (and promotions)
//! until the position is quiet, so the static evaluation is only trusted
//! where nothing is hanging. In check, every evasion is searched.

use shakmaty::{Chess, Position};

use super::alphabeta::{mvv_lva, MovePicker};
use super::{Searcher, DRAW, MATE, MAX_PLY};
use crate::eval::{piece_value, see::see};

/// Margin for delta pruning: a capture that cannot lift the score to alpha
/// even with this bonus is skipped.
const DELTA_MARGIN: i32 = 200;

impl Searcher {
    pub(crate) fn qsearch(&mut self, pos: &Chess, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.pv_len[ply] = ply;
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if pos.halfmoves() >= 100 || pos.is_insufficient_material() {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        let in_check = pos.is_check();
        let stand_pat = if in_check { -MATE + ply as i32 } else { self.evaluate(pos) };
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut moves = pos.legal_moves();
        if in_check && moves.is_empty() {
            return -MATE + ply as i32;
        }
        if !in_check {
            moves.retain(|m| m.is_capture() || m.promotion() == Some(shakmaty::Role::Queen));
        }
        let picker = MovePicker::new(moves, mvv_lva);
        let mut best = stand_pat;
        for (m, _) in picker {
            if !in_check {
                let gain = m.capture().map_or(0, piece_value) + m.promotion().map_or(0, |p| piece_value(p) - 100);
                if stand_pat + gain + DELTA_MARGIN <= alpha && !m.is_en_passant() {
                    continue;
                }
                if see(pos, m) < 0 {
                    continue;
                }
            }
            let child = self.make(pos, m, ply);
            let score = -self.qsearch(&child, ply + 1, -beta, -alpha);
            self.unmake();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
