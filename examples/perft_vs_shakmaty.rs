//! Times Intrigue's perft (`divide`, as `go perft` runs it) against shakmaty's own `perft` on the same
//! positions in the same run (alternating, median of 5), so the ratio is
//! not skewed by whatever else the machine is doing.
//!
//! cargo run --release --example perft_vs_shakmaty

use std::time::Instant;

use intrigue::game::Game;
use shakmaty::CastlingMode;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let cases = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7),
    ];
    for (fen, depth) in cases {
        let pos = Game::from_fen(fen, CastlingMode::Standard).unwrap().position().clone();
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        let mut nodes = 0;
        for _ in 0..5 {
            let t = Instant::now();
            nodes = intrigue::perft::divide(&pos, depth, CastlingMode::Standard).iter().map(|(_, n)| n).sum();
            ours.push(t.elapsed().as_secs_f64());
            let t = Instant::now();
            assert_eq!(shakmaty::perft(&pos, depth), nodes);
            theirs.push(t.elapsed().as_secs_f64());
        }
        let (o, s) = (median(ours), median(theirs));
        println!(
            "D{depth} {nodes:>11} nodes  intrigue {:7.3} s ({:6.1} Mnps)  shakmaty {:7.3} s ({:6.1} Mnps)  ratio {:.2}  [{fen}]",
            o,
            nodes as f64 / o / 1e6,
            s,
            nodes as f64 / s / 1e6,
            s / o
        );
    }
}
