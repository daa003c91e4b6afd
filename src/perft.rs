//! Perft: counting the leaves of the legal move tree, the standard check
//! that move generation (here shakmaty's) and our use of it are exact.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Instant;

use shakmaty::{uci::UciMove, CastlingMode, Chess, Position};

use crate::game;

/// Leaf count at `depth`. The last ply is counted in bulk (the length of
/// the legal move list) instead of being played out.
pub fn perft(pos: &Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &m in &moves {
        let mut child = pos.clone();
        child.play_unchecked(m);
        total += perft(&child, depth - 1);
    }
    total
}

/// A cache of subtree counts keyed by (position, depth): transpositions are
/// common in perft trees, so deep counts get much cheaper. Keys are full
/// 64-bit Zobrist keys (en passant counted only when legal, so equal keys
/// mean equal move trees), mixed with the depth.
pub struct PerftTable<'a> {
    entries: Vec<(u64, u64)>,
    /// Raised by `stop` or `quit`: a long perft must not hold the engine.
    stop: Option<&'a AtomicBool>,
    stopped: bool,
}

impl<'a> PerftTable<'a> {
    pub fn new(log2_entries: u32) -> PerftTable<'a> {
        PerftTable { entries: vec![(0, 0); 1 << log2_entries], stop: None, stopped: false }
    }

    /// A table whose counting ends early once `stop` is raised.
    pub fn stoppable(log2_entries: u32, stop: &'a AtomicBool) -> PerftTable<'a> {
        PerftTable { stop: Some(stop), ..PerftTable::new(log2_entries) }
    }

    pub fn was_stopped(&self) -> bool {
        self.stopped
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    #[inline]
    fn lookup_key(key: u64, depth: u32) -> u64 {
        key ^ (depth as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// Leaf count at `depth`, using and filling the cache from depth 2 up.
    pub fn perft(&mut self, pos: &Chess, key: u64, depth: u32) -> u64 {
        if depth < 2 {
            return perft(pos, depth);
        }
        if depth >= 4 && self.stop.is_some_and(|s| s.load(Relaxed)) {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let k = Self::lookup_key(key, depth);
        let slot = self.slot(k);
        if self.entries[slot].0 == k {
            return self.entries[slot].1;
        }
        let mut total = 0;
        for &m in &pos.legal_moves() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let child_key = game::hash_after(pos, key, m, &child);
            total += self.perft(&child, child_key, depth - 1);
        }
        if !self.stopped {
            self.entries[slot] = (k, total);
        }
        total
    }
}

/// Per-root-move counts, as Stockfish's `go perft` prints them.
pub fn divide(pos: &Chess, depth: u32, mode: CastlingMode) -> Vec<(String, u64)> {
    divide_until(pos, depth, mode, &AtomicBool::new(false)).unwrap_or_default()
}

/// Like `divide`, but `None` once `stop` is raised.
pub fn divide_until(pos: &Chess, depth: u32, mode: CastlingMode, stop: &AtomicBool) -> Option<Vec<(String, u64)>> {
    let depth = depth.max(1);
    let mut table = PerftTable::stoppable(21, stop);
    let key = game::hash(pos);
    let counts = pos
        .legal_moves()
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let child_key = game::hash_after(pos, key, m, &child);
            (UciMove::from_move(m, mode).to_string(), table.perft(&child, child_key, depth - 1))
        })
        .collect::<Vec<_>>();
    (!table.was_stopped()).then_some(counts)
}

/// The lines Stockfish prints for `go perft N`: one `move: count` per root
/// move, a blank line, `Nodes searched: N`. Stopped early: one line saying so.
pub fn report(pos: &Chess, depth: u32, mode: CastlingMode, stop: &AtomicBool) -> Vec<String> {
    let start = Instant::now();
    let Some(counts) = divide_until(pos, depth, mode, stop) else {
        return vec!["info string perft stopped".to_string()];
    };
    let total: u64 = counts.iter().map(|(_, n)| n).sum();
    let ms = start.elapsed().as_millis().max(1) as u64;
    let mut lines: Vec<String> = counts.into_iter().map(|(m, n)| format!("{m}: {n}")).collect();
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    log::info!("perft {depth}: {total} nodes in {ms} ms ({} nps)", total * 1000 / ms);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_counts() {
        let pos = Chess::default();
        assert_eq!([1, 2, 3, 4].map(|d| perft(&pos, d)), [20, 400, 8902, 197_281]);
    }

    #[test]
    fn cached_perft_agrees_with_plain_perft() {
        let kiwipete =
            crate::game::Game::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", CastlingMode::Standard)
                .unwrap();
        let pos = kiwipete.position();
        let mut table = PerftTable::new(12);
        assert_eq!(table.perft(pos, game::hash(pos), 4), 4_085_603);
        assert_eq!(table.perft(pos, game::hash(pos), 4), perft(pos, 4));
    }

    #[test]
    fn divide_sums_to_perft_and_uses_uci_notation() {
        let pos = Chess::default();
        let d = divide(&pos, 3, CastlingMode::Standard);
        assert_eq!(d.len(), 20);
        assert_eq!(d.iter().map(|(_, n)| n).sum::<u64>(), 8902);
        assert!(d.iter().any(|(m, n)| m == "e2e4" && *n == 600));
    }
}
