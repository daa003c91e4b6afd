//! Perft: counting the leaves of the legal move tree, the standard check
//! that move generation (here shakmaty's) and our use of it are exact.

use std::time::Instant;

use shakmaty::{uci::UciMove, CastlingMode, Chess, Position};

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

/// Per-root-move counts, as Stockfish's `go perft` prints them.
pub fn divide(pos: &Chess, depth: u32, mode: CastlingMode) -> Vec<(String, u64)> {
    let depth = depth.max(1);
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (UciMove::from_move(m, mode).to_string(), perft(&child, depth - 1))
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
    fn divide_sums_to_perft_and_uses_uci_notation() {
        let pos = Chess::default();
        let d = divide(&pos, 3, CastlingMode::Standard);
        assert_eq!(d.len(), 20);
        assert_eq!(d.iter().map(|(_, n)| n).sum::<u64>(), 8902);
        assert!(d.iter().any(|(m, n)| m == "e2e4" && *n == 600));
    }
}
