//! Quiescence search: at the horizon, resolve captures (and queen promotions)
//! until the position is quiet, so the static evaluation is only trusted
//! where nothing is hanging. In check, every evasion is searched.

use shakmaty::{Chess, Position};

use super::negamax::refined_eval;
use super::ordering::{mvv_lva, MovePicker};
use super::{score_to_tt, table_cutoff, Searcher, DRAW, MATE, MAX_PLY};
use crate::eval::{piece_value, see::loses_material};
use crate::tt::{pack_move, Bound};

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
            return self.evaluate(pos, ply);
        }
        let in_check = pos.is_check();
        let pv_node = beta - alpha > 1;
        let alpha0 = alpha;
        let key = self.current_key();
        let entry = self.tt.probe(key);
        if let Some(score) = entry.filter(|_| !pv_node).and_then(|e| table_cutoff(&e, ply, alpha, beta)) {
            return score;
        }
        let raw_eval = match (in_check, entry) {
            (true, _) => -MATE + ply as i32,
            (false, Some(e)) => e.eval,
            (false, None) => self.evaluate(pos, ply),
        };
        // Like the pruning in the main search, standing pat trusts the
        // table's score over the eval where its bound knows better.
        let stand_pat = if in_check { raw_eval } else { refined_eval(self.correction.correct(pos, raw_eval), entry, ply) };
        if stand_pat >= beta {
            if entry.is_none() {
                self.tt.store(key, 0, score_to_tt(stand_pat, ply), raw_eval, 0, Bound::Lower);
            }
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
        let tt_move = entry.map_or(0, |e| e.packed_move);
        let mut picker = MovePicker::empty();
        picker.fill(&moves, |m| if pack_move(m) == tt_move { i32::MAX } else { mvv_lva(m) });
        let mut best = stand_pat;
        let mut best_move = 0;
        for (m, _) in &mut picker {
            if !in_check {
                let gain = m.capture().map_or(0, piece_value) + m.promotion().map_or(0, |p| piece_value(p) - 100);
                if stand_pat + gain + DELTA_MARGIN <= alpha && !m.is_en_passant() {
                    continue;
                }
                if loses_material(pos, m) {
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
                    best_move = pack_move(m);
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::classify(best, alpha0, beta);
        let eval = if in_check { 0 } else { raw_eval };
        self.tt.store(key, best_move, score_to_tt(best, ply), eval, 0, bound);
        best
    }
}

#[cfg(test)]
mod tests {
    use crate::search::searcher_at_root;
    use crate::tt::Bound;

    /// The score quiescence gives a position without captures when the
    /// table holds `bound` at `score` for it (and an eval of 10).
    fn stand_pat_with(bound: Bound, score: i32) -> i32 {
        let (mut s, game) = searcher_at_root("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        s.tt.clear();
        s.tt.store(s.current_key(), 0, score, 10, 0, bound);
        s.qsearch(game.position(), 1, -1000, 1000)
    }

    #[test]
    fn standing_pat_trusts_the_table_where_its_bound_knows_better() {
        assert_eq!(stand_pat_with(Bound::Lower, 300), 300, "the search proved at least 300");
        assert_eq!(stand_pat_with(Bound::Upper, -200), -200, "the search proved at most -200");
        let eval = stand_pat_with(Bound::Lower, -200);
        assert!((0..100).contains(&eval), "a bound on the eval's wrong side says nothing: {eval}");
    }
}
