//! The network's hidden layer kept per ply of the search, updated from a
//! nearby ply's instead of summed from the whole board.
//!
//! The hidden layer is one weight row per man (`nnue`), so two positions'
//! sums differ by the rows of the men that stand differently: a quiet move
//! changes two, a capture three, castling four. The stack keeps, for each
//! ply, the sums of the last position evaluated there and the men they
//! count. To evaluate at ply `p` it compares the board with what plies
//! `p - 1` (usually the parent) and `p` (usually a sibling) hold, and
//! updates whichever differs by fewer men, or sums the whole board when
//! that is cheaper (after a long jump through the tree, or when neither
//! ply holds anything yet).
//!
//! Comparing boards rather than replaying moves makes every move alike —
//! castling, en passant, promotion, the null move, Chess960 — and keeps
//! the stack out of the move loop: a node pays for its sums only when it
//! evaluates, and a parent that never evaluated (its score came from the
//! table) costs nothing; its child then updates from whatever its own
//! ply or the one above holds.

use shakmaty::{Bitboard, Board, Chess, Color, Position, Role};

use super::nnue::{Half, Layers, Network, MAX_HIDDEN};
use crate::with_layers;

/// The men a set of sums counts: one bitboard per colour and role.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Men([[Bitboard; 6]; 2]);

impl Men {
    fn of(board: &Board) -> Men {
        let mut men = [[Bitboard::EMPTY; 6]; 2];
        for color in Color::ALL {
            for role in Role::ALL {
                men[color as usize][role as usize - 1] = board.by_color(color) & board.by_role(role);
            }
        }
        Men(men)
    }

    /// How many rows turn these sums into `other`'s: the men on one
    /// board and not the other.
    fn distance(&self, other: &Men) -> u32 {
        let mut rows = 0;
        for c in 0..2 {
            for r in 0..6 {
                rows += (self.0[c][r] ^ other.0[c][r]).count() as u32;
            }
        }
        rows
    }
}

/// One ply's sums and the men they count.
#[derive(Clone)]
struct Frame {
    men: Men,
    /// White's and Black's sums, with room for the widest network: one
    /// `H` units wide uses the first `H` of each.
    hidden: [[i16; MAX_HIDDEN]; 2],
    /// The frame holds sums (none before its ply first evaluates).
    filled: bool,
}

/// The first `H` sums of a frame's half: a network `H` wide's view of it.
fn narrow<const H: usize>(half: &[i16; MAX_HIDDEN]) -> &Half<H> {
    half[..H].try_into().expect("no network is wider than MAX_HIDDEN")
}

fn narrow_mut<const H: usize>(half: &mut [i16; MAX_HIDDEN]) -> &mut Half<H> {
    (&mut half[..H]).try_into().expect("no network is wider than MAX_HIDDEN")
}

/// The hidden sums of the search's plies, one frame each.
pub struct AccumulatorStack {
    frames: Box<[Frame]>,
    /// The network the frames were summed with (its `id`; 0: none):
    /// another one (`EvalFile`) makes them all stale.
    network: u64,
    /// Sums updated from a nearby ply, and sums from the whole board.
    pub updates: u64,
    pub refreshes: u64,
}

impl AccumulatorStack {
    /// A stack for plies `0..plies`, all empty.
    pub fn new(plies: usize) -> AccumulatorStack {
        let empty = Frame { men: Men([[Bitboard::EMPTY; 6]; 2]), hidden: [[0; MAX_HIDDEN]; 2], filled: false };
        AccumulatorStack { frames: vec![empty; plies].into_boxed_slice(), network: 0, updates: 0, refreshes: 0 }
    }

    /// Forgets every frame.
    pub fn clear(&mut self) {
        self.frames.iter_mut().for_each(|f| f.filled = false);
    }

    /// `net`'s output for `pos` (centipawns, side to move) from the
    /// hidden sums of its board at `ply`; the frame of `ply` keeps them
    /// for the plies around it. The network's width is matched here,
    /// once per evaluation.
    pub fn evaluate(&mut self, net: &Network, pos: &Chess, ply: usize) -> i32 {
        if self.network != net.id {
            self.clear();
            self.network = net.id;
        }
        with_layers!(&net.layers, layers => {
            let (white, black) = self.sums(layers, pos.board(), ply);
            layers.output(white, black, pos)
        })
    }

    /// The hidden sums of `board` at `ply` by `layers`, White's and
    /// Black's, updated from the nearer of this ply's and the ply above's
    /// frame, or summed from the board when neither is near.
    fn sums<const H: usize>(&mut self, layers: &Layers<H>, board: &Board, ply: usize) -> (&Half<H>, &Half<H>) {
        let men = Men::of(board);
        match self.nearest(&men, ply) {
            Some((from, 0)) if from == ply => {}
            Some((from, rows)) if rows < board.occupied().count() as u32 => {
                self.updates += 1;
                let counted = self.frames[from].men;
                if from != ply {
                    let (above, below) = self.frames.split_at_mut(ply);
                    for (dst, src) in below[0].hidden.iter_mut().zip(&above[from].hidden) {
                        dst[..H].copy_from_slice(&src[..H]);
                    }
                }
                let frame = &mut self.frames[ply];
                let [white, black] = &mut frame.hidden;
                update(layers, narrow_mut(white), narrow_mut(black), &counted, &men);
                frame.men = men;
                frame.filled = true;
            }
            _ => {
                self.refreshes += 1;
                let frame = &mut self.frames[ply];
                for (dst, src) in frame.hidden.iter_mut().zip(layers.refresh(board)) {
                    dst[..H].copy_from_slice(&src);
                }
                frame.men = men;
                frame.filled = true;
            }
        }
        let [white, black] = &self.frames[ply].hidden;
        (narrow(white), narrow(black))
    }

    /// Of the frames at `ply` and the ply above, the filled one closest
    /// to `men`, and how many rows away it is.
    fn nearest(&self, men: &Men, ply: usize) -> Option<(usize, u32)> {
        let own = Some(ply).filter(|&p| self.frames[p].filled);
        let above = ply.checked_sub(1).filter(|&p| self.frames[p].filled);
        [own, above].into_iter().flatten().map(|p| (p, self.frames[p].men.distance(men))).min_by_key(|&(_, rows)| rows)
    }
}

/// Turns sums of the men `from` into sums of the men `to`.
fn update<const H: usize>(layers: &Layers<H>, white: &mut Half<H>, black: &mut Half<H>, from: &Men, to: &Men) {
    for color in Color::ALL {
        for role in Role::ALL {
            let (old, new) = (from.0[color as usize][role as usize - 1], to.0[color as usize][role as usize - 1]);
            for sq in old & !new {
                layers.remove_man(white, black, color, role, sq);
            }
            for sq in new & !old {
                layers.add_man(white, black, color, role, sq);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::{self, words, Kind, BUCKETS};
    use crate::rng::Rng;
    use shakmaty::{fen::Fen, CastlingMode};

    /// A network `width` units wide with small random weights, so that
    /// every row counts.
    fn random_network(width: usize, seed: u64) -> Box<Network> {
        let mut rng = Rng::seeded(seed);
        let weights: Vec<i16> = (0..words(width)).map(|_| rng.below(129) as i16 - 64).collect();
        Network::from_parts(Kind::Whole, 0, width, &weights, &[0; BUCKETS]).expect("a width the engine reads")
    }

    /// The stack's sums at `ply`, White's then Black's, whatever the width.
    fn stack_sums(stack: &mut AccumulatorStack, net: &Network, board: &Board, ply: usize) -> Vec<i16> {
        with_layers!(&net.layers, l => {
            let (white, black) = stack.sums(l, board, ply);
            [white.as_slice(), black.as_slice()].concat()
        })
    }

    fn scratch_sums(net: &Network, board: &Board) -> Vec<i16> {
        with_layers!(&net.layers, l => l.refresh(board).concat())
    }

    /// Walks random games as a search does — down a move, back up to a
    /// random ply, sideways to another move, now and then a null move —
    /// and checks at every step that the stack's sums are those of the
    /// whole board.
    fn walk_agrees_with_scratch(net: &Network, fen: &str, mode: CastlingMode, seed: u64, steps: usize) {
        let root: Chess = fen.parse::<Fen>().expect("a FEN").into_position(mode).expect("legal");
        let mut rng = Rng::seeded(seed);
        let mut stack = AccumulatorStack::new(64);
        let mut line = vec![root.clone()];
        let (mut updated, mut castled, mut promoted, mut en_passant) = (0, 0, 0, 0);
        for _ in 0..steps {
            let pos = line.last().expect("the root stays").clone();
            let ply = line.len() - 1;
            let refreshes = stack.refreshes;
            let got = stack_sums(&mut stack, net, pos.board(), ply);
            assert!(got == scratch_sums(net, pos.board()), "ply {ply}: {}", Fen::from_position(&pos, shakmaty::EnPassantMode::Legal));
            updated += usize::from(stack.refreshes == refreshes);
            let moves = pos.legal_moves();
            if moves.is_empty() || line.len() >= 60 || rng.below(8) == 0 {
                let back = 1 + rng.below(line.len() as u64) as usize;
                line.truncate(line.len() + 1 - back.min(line.len()));
            } else if rng.below(16) == 0 && !pos.is_check() {
                line.push(pos.swap_turn().expect("not in check"));
            } else {
                // Half the time a castling, en passant or promotion when
                // there is one: the moves that change the most rows.
                let special: Vec<_> = moves.iter().filter(|m| m.is_castle() || m.is_en_passant() || m.is_promotion()).collect();
                let m = match special.is_empty() || rng.below(2) == 0 {
                    true => moves[rng.below(moves.len() as u64) as usize],
                    false => *special[rng.below(special.len() as u64) as usize],
                };
                castled += usize::from(m.is_castle());
                promoted += usize::from(m.is_promotion());
                en_passant += usize::from(m.is_en_passant());
                line.push(pos.play(m).expect("legal"));
            }
        }
        assert!(updated > steps / 2, "only {updated} of {steps} evaluations updated a nearby ply's sums");
        eprintln!("{fen}: {updated} updates, {castled} castlings, {promoted} promotions, {en_passant} en passant");
    }

    #[test]
    fn incremental_sums_equal_the_whole_boards_sums() {
        let cases = [
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CastlingMode::Standard),
            // Kiwipete: castling both ways, en passant, promotions soon.
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", CastlingMode::Standard),
            // Pawns one step from promoting, for both sides, and an en passant square.
            ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", CastlingMode::Standard),
            ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", CastlingMode::Standard),
            // Chess960: king and rooks where castling moves them onto each other's squares.
            ("1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9", CastlingMode::Chess960),
        ];
        // A random network of each width the shipped one is not.
        let wider: Vec<_> = nnue::WIDTHS.into_iter().filter(|&w| w != nnue::HIDDEN).map(|w| random_network(w, w as u64)).collect();
        for (i, (fen, mode)) in cases.into_iter().enumerate() {
            walk_agrees_with_scratch(nnue::shipped(), fen, mode, 7 + i as u64, 4000);
            for (j, net) in wider.iter().enumerate() {
                walk_agrees_with_scratch(net, fen, mode, 17 + (i + 10 * j) as u64, 1000);
            }
        }
    }

    #[test]
    fn another_network_is_summed_afresh() {
        let pos = Chess::default();
        let mut stack = AccumulatorStack::new(4);
        let shipped = stack.evaluate(nnue::shipped(), &pos, 0);
        assert_eq!(shipped, nnue::shipped().evaluate(&pos));
        let wide = random_network(256, 5);
        assert_ne!(wide.evaluate(&pos), shipped, "the two networks score the start differently");
        assert_eq!(stack.evaluate(&wide, &pos, 0), wide.evaluate(&pos), "the wider network's own sums");
        assert_eq!(stack.evaluate(nnue::shipped(), &pos, 0), shipped, "and back");
    }
}
