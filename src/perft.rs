//! Perft: counting the leaves of the legal move tree, the standard check
//! that move generation (here shakmaty's) and our use of it are exact.

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
pub struct PerftTable {
    entries: Vec<(u64, u64)>,
}

impl PerftTable {
    pub fn new(log2_entries: u32) -> PerftTable {
        PerftTable { entries: vec![(0, 0); 1 << log2_entries] }
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
        self.entries[slot] = (k, total);
        total
    }
}

/// Per-root-move counts, as Stockfish's `go perft` prints them.
pub fn divide(pos: &Chess, depth: u32, mode: CastlingMode) -> Vec<(String, u64)> {
    let depth = depth.max(1);
    let mut table = PerftTable::new(21);
    let key = game::hash(pos);
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let child_key = game::hash_after(pos, key, m, &child);
            (UciMove::from_move(m, mode).to_string(), table.perft(&child, child_key, depth - 1))
        })
        .collect()
}

/// The lines Stockfish prints for `go perft N`: one `move: count` per root
/// move, a blank line, `Nodes searched: N`.
pub fn report(pos: &Chess, depth: u32, mode: CastlingMode) -> Vec<String> {
    let start = Instant::now();
    let counts = divide(pos, depth, mode);
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
        let kiwipete = crate::game::Game::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            CastlingMode::Standard,
        )
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
