//! A small neural network (NNUE-shaped) that corrects the classical
//! evaluation.
//!
//! The classical evaluation knows what its author named; a network learns
//! whatever its training positions hold. Ours are scored by a stronger
//! engine's static evaluation (`intrigue-tools label DATA stockfish 0`), so the
//! network carries knowledge no hand-written term has: pawn storms that
//! work, rook lifts that do not.
//!
//! It learns only the difference between the teacher and the classical
//! evaluation, not the whole score. The classical terms already say most
//! of what matters, and the few million positions this machine can make
//! in an hour are far too few to learn material, mobility and king safety
//! from nothing: a network trained on the whole score lost about 300 Elo
//! to the classical evaluation at equal nodes, while the correction gains
//! (docs/changelog.md, "A network that corrects the classical evaluation"). The teacher's static evaluation, not
//! its search score, is the target, because a search score holds tactics
//! our own search finds anyway; as a target it is noise for a static
//! evaluation (the correction learned from depth-6 scores gained half as
//! much).
//!
//! Because it corrects the classical evaluation, the network belongs to
//! one version of it: after the classical weights or terms change, train
//! the network again (`intrigue-tools train`). The file records a fingerprint
//! of the classical evaluation it was trained on, and a test fails when
//! the two part.
//!
//! The shape is the simplest that is known to work well:
//! 768 inputs (colour relative to the viewer × role × square, the board
//! flipped for Black) → one hidden layer of `HIDDEN` units (or any of
//! [`WIDTHS`], read from the file's length), computed once
//! from each side's point of view with shared weights → a squared clipped
//! ReLU → one output, from one of `BUCKETS` output heads chosen by how many
//! men are left (the same features weigh differently in an endgame).
//! The side to move's half comes first, so the network knows the tempo.
//!
//! The hidden layer (the *accumulator*) is a sum of one weight row per man
//! on the board, so a move changes it by the two to four rows of the men
//! it moves, takes or promotes. The search keeps one accumulator per ply
//! and updates it from a nearby one ([`super::accumulator`]); `evaluate`
//! here computes it from the whole board, as the tools and `eval` need.
//!
//! A network file may instead hold a *whole* evaluation ([`Kind::Whole`],
//! its own header): trained on Intrigue's self-play records
//! (`intrigue-tools selfplay`, `train --whole`), it replaces the classical
//! terms when loaded with `EvalFile`, and it is tied to no classical
//! fingerprint. It is how the next network is grown; the shipped one is
//! still a correction.
//!
//! Weights are quantised as usual: the hidden layer in units of 1/`QA`,
//! the output layer in 1/`QB`; `SCALE` turns the network's output into
//! centipawns. `intrigue-tools train` fits the network in floating point and
//! writes this file format (`Network::to_bytes`).

use std::sync::{Arc, LazyLock};

use shakmaty::{Bitboard, Board, Chess, Color, Position, Role, Square};

/// Inputs: 2 colours (ours, theirs) × 6 roles × 64 squares.
pub const INPUTS: usize = 768;
/// Hidden units per point of view of the shipped network. 64 were enough
/// for 3 million training positions; on 9 million, 128 fitted the teacher
/// better and won at equal nodes (docs/changelog.md, "The network on twice
/// the positions").
pub const HIDDEN: usize = 128;
/// The widest of [`WIDTHS`]: the room the search's per-ply sums keep.
pub const MAX_HIDDEN: usize = WIDTHS[WIDTHS.len() - 1];
/// Output heads, chosen by the number of men on the board.
pub const BUCKETS: usize = 8;
/// Hidden-layer quantisation: 1.0 is stored as `QA`.
pub const QA: i32 = 255;
/// Output-layer quantisation: 1.0 is stored as `QB`. Fine, because the
/// output weights are small (clipped below 2); the output layer's two
/// 32-bit sums are combined in 64 bits.
pub const QB: i32 = 1024;
/// The largest output weight a network may have (the trainer clips them
/// at 1.98 · `QB`). Bounded so that the output layer can sum in 32 bits
/// (`squared_clipped_dot`).
pub const MAX_OUTPUT_WEIGHT: i16 = 2 * QB as i16;
/// Centipawns per unit of network output.
pub const SCALE: i32 = 400;

/// The file's first bytes, one per kind of network.
const MAGIC: &[u8; 8] = b"INTRNN02";
const WHOLE_MAGIC: &[u8; 8] = b"INTRNW02";

/// What a network's output means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A correction added to the classical evaluation it was trained on.
    Correction,
    /// The whole evaluation: trained on Intrigue's own self-play scores
    /// and results (`intrigue-tools selfplay`, `train --whole`), read
    /// without the classical terms.
    Whole,
}

impl Kind {
    /// The kind a file's header names, if it is a network file.
    fn of(bytes: &[u8]) -> Option<Kind> {
        [Kind::Correction, Kind::Whole].into_iter().find(|k| bytes.starts_with(k.magic()))
    }

    fn magic(self) -> &'static [u8; 8] {
        match self {
            Kind::Correction => MAGIC,
            Kind::Whole => WHOLE_MAGIC,
        }
    }
}

/// The network shipped inside the binary.
static DEFAULT_NET: &[u8] = include_bytes!("intrigue.nnue");

/// The `EvalFile` value that names the network shipped inside the binary.
pub const EMBEDDED_NAME: &str = "<embedded>";

static NETWORK: LazyLock<Arc<Network>> =
    LazyLock::new(|| Network::from_bytes(DEFAULT_NET).expect("the network compiled into the binary is well formed").into());

/// The network shipped inside the binary, shared.
pub fn embedded() -> Arc<Network> {
    Arc::clone(&NETWORK)
}

/// The network shipped inside the binary, borrowed.
pub fn shipped() -> &'static Network {
    &NETWORK
}

/// One point of view's hidden sums before the activation, for a layer
/// `H` units wide.
pub type Half<const H: usize> = [i16; H];

/// Both points of view's hidden sums, White's first.
pub type Sums<const H: usize> = [Half<H>; 2];

/// A network's weights for a hidden layer `H` units wide. The width is a
/// constant of the code that reads them, so each width's loops are
/// compiled for it, and a network pays for its width once per evaluation
/// (the `match` in `AccumulatorStack::evaluate`), never per weight.
pub struct Layers<const H: usize> {
    /// One row of hidden weights per input feature.
    pub hidden_weights: Vec<Half<H>>,
    pub hidden_bias: Half<H>,
    /// Per bucket: the weights of the side to move's half, then of the
    /// other side's.
    pub output_weights: [Sums<H>; BUCKETS],
    pub output_bias: [i32; BUCKETS],
}

/// Declares, from one list, the widths a network may have: [`WIDTHS`],
/// an [`AnyLayers`] variant for each, and the constructor that picks one
/// by width. (`with_layers!` names the variants too; a missing arm there
/// does not compile.)
macro_rules! network_widths {
    ($($variant:ident = $width:literal),+ $(,)?) => {
        /// The widths a network file may have: the shipped one's, and wider
        /// ones to try with `EvalFile` (a whole evaluation needs more units
        /// than a correction). The width is read from the file's length.
        pub const WIDTHS: [usize; [$($width),+].len()] = [$($width),+];
        $(const _: () = assert!(
            $width as i64 * QA as i64 * MAX_OUTPUT_WEIGHT as i64 <= i32::MAX as i64,
            "the output layer's 32-bit sums could overflow at this width"
        );)+

        /// A network's layers, whichever width its file has.
        pub enum AnyLayers {
            $($variant(Box<Layers<$width>>)),+
        }

        impl AnyLayers {
            /// The layers `width` units wide of `weights` (file order) and
            /// `biases`; `None` for another width or the wrong counts.
            fn from_parts(width: usize, weights: &[i16], biases: &[i32]) -> Option<AnyLayers> {
                match width {
                    $($width => Some(AnyLayers::$variant(Layers::from_parts(weights, biases)?)),)+
                    _ => None,
                }
            }
        }
    };
}

network_widths!(W128 = 128, W256 = 256, W512 = 512);

/// Runs `$body` with `$l` bound to `$layers`'s `Layers` of its width.
#[macro_export]
macro_rules! with_layers {
    ($layers:expr, $l:ident => $body:expr) => {
        match $layers {
            $crate::eval::nnue::AnyLayers::W128($l) => $body,
            $crate::eval::nnue::AnyLayers::W256($l) => $body,
            $crate::eval::nnue::AnyLayers::W512($l) => $body,
        }
    };
}

/// The quantised network.
pub struct Network {
    /// Told apart from every other network this process makes, so that
    /// sums kept for one (`accumulator`) are never read for another.
    pub id: u64,
    pub kind: Kind,
    /// `classical_fingerprint()` of the evaluation a correction was
    /// trained to correct (0 in a whole evaluation).
    pub fingerprint: u64,
    pub layers: AnyLayers,
}

/// The input feature of a `color` `role` on `sq`, seen by `viewer`: own
/// men first, and the board flipped for Black, so both sides read the
/// position the same way.
#[inline]
pub fn feature(viewer: Color, color: Color, role: Role, sq: Square) -> usize {
    let side = usize::from(color != viewer);
    let sq = if viewer == Color::White { sq } else { sq.flip_vertical() };
    side * 384 + (role as usize - 1) * 64 + sq as usize
}

/// The same man as `feature` seen by the other viewer: colours swapped
/// (ours ↔ theirs) and the board flipped top to bottom. The trainer keeps
/// one view of a position and derives the other with it.
pub fn other_view(feature: usize) -> usize {
    const HALF: usize = INPUTS / 2;
    let (side, rest) = (feature / HALF, feature % HALF);
    (1 - side) * HALF + (rest & !63) + ((rest & 63) ^ 56)
}

/// The output head for a board: one per four men, 2..=32 men → 0..=7.
#[inline]
pub fn bucket(board: &Board) -> usize {
    (board.occupied().count().saturating_sub(2) / 4).min(BUCKETS - 1)
}

/// Every (colour, role, squares) group on the board, for feature walks.
pub fn groups(board: &Board) -> impl Iterator<Item = (Color, Role, Bitboard)> + '_ {
    Color::ALL.into_iter().flat_map(move |c| Role::ALL.into_iter().map(move |r| (c, r, board.by_color(c) & board.by_role(r))))
}

/// The 16-bit weights of a layer `width` units wide.
pub(crate) const fn words(width: usize) -> usize {
    INPUTS * width + width + BUCKETS * 2 * width
}

/// The width of a network whose file has `len` bytes after the magic.
fn width_of_body(len: usize) -> Option<usize> {
    WIDTHS.into_iter().find(|&w| len == body_bytes(w))
}

/// Bytes after the magic: the fingerprint, the 16-bit weights, then the
/// 32-bit output biases.
const fn body_bytes(width: usize) -> usize {
    8 + 2 * words(width) + 4 * BUCKETS
}

impl<const H: usize> Layers<H> {
    fn zeroed() -> Box<Layers<H>> {
        Box::new(Layers {
            hidden_weights: vec![[0; H]; INPUTS],
            hidden_bias: [0; H],
            output_weights: [[[0; H]; 2]; BUCKETS],
            output_bias: [0; BUCKETS],
        })
    }

    /// The layers of `weights` (file order) and `biases`; `None` if there
    /// are not exactly as many as the width needs, or an output weight is
    /// beyond [`MAX_OUTPUT_WEIGHT`].
    fn from_parts(weights: &[i16], biases: &[i32]) -> Option<Box<Layers<H>>> {
        if weights.len() != words(H) || biases.len() != BUCKETS {
            return None;
        }
        let output_words = &weights[(INPUTS + 1) * H..];
        if output_words.iter().any(|w| w.unsigned_abs() > MAX_OUTPUT_WEIGHT.unsigned_abs()) {
            return None;
        }
        let mut layers = Layers::<H>::zeroed();
        let mut words = weights.iter().copied();
        let rows = layers.hidden_weights.iter_mut().chain(std::iter::once(&mut layers.hidden_bias));
        for row in rows.chain(layers.output_weights.iter_mut().flatten()) {
            row.iter_mut().for_each(|w| *w = words.next().unwrap_or(0));
        }
        layers.output_bias.copy_from_slice(biases);
        Some(layers)
    }

    /// Every 16-bit weight in file order.
    fn weights(&self) -> impl Iterator<Item = &i16> {
        self.hidden_weights.iter().flatten().chain(&self.hidden_bias).chain(self.output_weights.iter().flatten().flatten())
    }

    /// Both points of view's hidden sums from the whole board, White's
    /// first.
    pub fn refresh(&self, board: &Board) -> Sums<H> {
        let [mut white, mut black] = [self.hidden_bias; 2];
        for (color, role, men) in groups(board) {
            for sq in men {
                self.add_man(&mut white, &mut black, color, role, sq);
            }
        }
        [white, black]
    }

    /// Adds a `color` `role` on `sq` to both points of view.
    #[inline]
    pub fn add_man(&self, white: &mut Half<H>, black: &mut Half<H>, color: Color, role: Role, sq: Square) {
        add(white, &self.hidden_weights[feature(Color::White, color, role, sq)]);
        add(black, &self.hidden_weights[feature(Color::Black, color, role, sq)]);
    }

    /// Takes a `color` `role` on `sq` out of both points of view.
    #[inline]
    pub fn remove_man(&self, white: &mut Half<H>, black: &mut Half<H>, color: Color, role: Role, sq: Square) {
        sub(white, &self.hidden_weights[feature(Color::White, color, role, sq)]);
        sub(black, &self.hidden_weights[feature(Color::Black, color, role, sq)]);
    }

    /// The evaluation in centipawns for the side to move, given the
    /// position's hidden sums.
    #[inline]
    pub fn output(&self, white: &Half<H>, black: &Half<H>, pos: &Chess) -> i32 {
        let (ours, theirs) = if pos.turn() == Color::White { (white, black) } else { (black, white) };
        let head = bucket(pos.board());
        let [our_weights, their_weights] = &self.output_weights[head];
        let sum = squared_clipped_dot(ours, our_weights) + squared_clipped_dot(theirs, their_weights);
        let out = sum / i64::from(QA) + i64::from(self.output_bias[head]);
        (out * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }
}

impl Network {
    /// A network of `kind` from its `width` (one of [`WIDTHS`]), its
    /// 16-bit weights in file order and its output biases; `None` if
    /// they do not fit that width.
    pub fn from_parts(kind: Kind, fingerprint: u64, width: usize, weights: &[i16], biases: &[i32]) -> Option<Box<Network>> {
        static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        let layers = AnyLayers::from_parts(width, weights, biases)?;
        Some(Box::new(Network { id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed), kind, fingerprint, layers }))
    }

    /// Hidden units per point of view.
    pub fn width(&self) -> usize {
        with_layers!(&self.layers, l => l.hidden_bias.len())
    }

    /// Reads the file format `to_bytes` writes; `None` if it is not one.
    pub fn from_bytes(bytes: &[u8]) -> Option<Box<Network>> {
        let kind = Kind::of(bytes)?;
        let body = &bytes[MAGIC.len()..];
        let width = width_of_body(body.len())?;
        let (fingerprint, body) = body.split_at(8);
        let (weights, biases) = body.split_at(2 * words(width));
        let weights: Vec<i16> = weights.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect();
        let biases: Vec<i32> = biases.chunks_exact(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        Network::from_parts(kind, u64::from_le_bytes(fingerprint.try_into().ok()?), width, &weights, &biases)
    }

    /// Loads `EvalFile`: a network file `intrigue-tools train` wrote, or
    /// [`EMBEDDED_NAME`]. A file that is not one, or one trained to
    /// correct another classical evaluation than this binary's, is
    /// refused, so the engine keeps the network it has.
    pub fn load(file: &str) -> Result<Arc<Network>, String> {
        if file == EMBEDDED_NAME {
            return Ok(embedded());
        }
        let bytes = std::fs::read(file).map_err(|e| format!("cannot read network '{file}': {e}"))?;
        if Kind::of(&bytes).is_none() {
            return Err(format!("'{file}' is not an Intrigue network (no {} header)", String::from_utf8_lossy(MAGIC)));
        }
        if width_of_body(bytes.len() - MAGIC.len()).is_none() {
            let sizes: Vec<String> = WIDTHS.iter().map(|&w| format!("{} ({w} units)", MAGIC.len() + body_bytes(w))).collect();
            return Err(format!("network '{file}' has {} bytes, a network has {}", bytes.len(), sizes.join(" or ")));
        }
        let net = Network::from_bytes(&bytes).ok_or_else(|| {
            format!("network '{file}' has an output weight beyond ±{MAX_OUTPUT_WEIGHT}, which this engine cannot sum exactly")
        })?;
        let ours = classical_fingerprint();
        if net.kind == Kind::Correction && net.fingerprint != ours {
            return Err(format!(
                "network '{file}' corrects another classical evaluation (fingerprint {:#018x}, this binary's is {ours:#018x})",
                net.fingerprint
            ));
        }
        Ok(net.into())
    }

    /// The file format: magic, fingerprint, then every weight
    /// little-endian, in the order of `Layers`' fields.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = self.kind.magic().to_vec();
        out.extend_from_slice(&self.fingerprint.to_le_bytes());
        with_layers!(&self.layers, l => {
            for w in l.weights() {
                out.extend_from_slice(&w.to_le_bytes());
            }
            for b in &l.output_bias {
                out.extend_from_slice(&b.to_le_bytes());
            }
        });
        out
    }

    /// The evaluation in centipawns for the side to move, from scratch.
    pub fn evaluate(&self, pos: &Chess) -> i32 {
        with_layers!(&self.layers, l => {
            let [white, black] = l.refresh(pos.board());
            l.output(&white, &black, pos)
        })
    }
}

#[inline]
fn add<const H: usize>(acc: &mut Half<H>, row: &Half<H>) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

#[inline]
fn sub<const H: usize>(acc: &mut Half<H>, row: &Half<H>) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}

/// Σ clamp(x, 0, QA)² · w, the output layer on one half, exactly.
///
/// A square (at most 255², sixteen bits) is split into its high and low
/// bytes, and each byte's products with the weights are summed in 32
/// bits: a sum of 16-bit products, which the compiler turns into the
/// CPU's multiply-and-add of sixteen-bit pairs. [`MAX_OUTPUT_WEIGHT`]
/// keeps either sum inside an `i32` at any width.
#[inline]
fn squared_clipped_dot<const H: usize>(hidden: &Half<H>, weights: &Half<H>) -> i64 {
    let (mut high, mut low) = (0i32, 0i32);
    for (&x, &w) in hidden.iter().zip(weights) {
        let x = x.clamp(0, QA as i16) as u16;
        let square = x * x;
        high += i32::from((square >> 8) as i16) * i32::from(w);
        low += i32::from((square & 0xff) as i16) * i32::from(w);
    }
    (i64::from(high) << 8) + i64::from(low)
}

/// Positions whose classical scores identify the evaluation: openings,
/// middlegames with every piece kind, pawn and piece endgames (the perft
/// suite's classics among them), so that a change to any classical
/// weight or term moves some score.
const FINGERPRINT_POSITIONS: [&str; 12] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "2rq1rk1/pp1bppbp/3p1np1/4n3/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 9 13",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 3 8",
    "8/5pk1/6p1/3R4/7P/6P1/r4PK1/8 w - - 0 40",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "6k1/5p2/6p1/8/3B4/5PP1/1b3K2/8 b - - 0 45",
    "4k3/8/8/3N4/8/8/3PK3/8 w - - 0 60",
];

/// A fingerprint of the classical evaluation: its scores of
/// [`FINGERPRINT_POSITIONS`], mixed.
pub fn classical_fingerprint() -> u64 {
    FINGERPRINT_POSITIONS.iter().fold(0u64, |acc, fen| {
        let game = crate::game::Game::from_fen(fen, shakmaty::CastlingMode::Standard).expect("fingerprint positions are valid");
        crate::rng::mix64(acc ^ crate::eval::evaluate(game.position()) as u64)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tests::{mirrored, pos};

    #[test]
    fn the_file_format_round_trips() {
        let bytes = NETWORK.to_bytes();
        assert_eq!(bytes, DEFAULT_NET, "reading and writing the shipped network changes nothing");
        assert!(Network::from_bytes(&bytes[..bytes.len() - 1]).is_none(), "a truncated file is refused");
    }

    #[test]
    fn a_whole_evaluation_network_is_read_as_one_and_scores_alone() {
        let mut whole = Network::from_bytes(DEFAULT_NET).expect("the shipped network");
        whole.kind = Kind::Whole;
        whole.fingerprint = 0;
        with_layers!(&mut whole.layers, l => l.output_bias = [QA * QB / 4; BUCKETS]);
        let bytes = whole.to_bytes();
        assert!(bytes.starts_with(WHOLE_MAGIC));
        let read = Network::from_bytes(&bytes).expect("reads back");
        assert_eq!((read.kind, read.to_bytes()), (Kind::Whole, bytes.clone()));
        let file = std::env::temp_dir().join(format!("intrigue-whole-{}.nnue", std::process::id()));
        std::fs::write(&file, &bytes).expect("writable");
        let loaded = Network::load(file.to_str().expect("a UTF-8 path")).expect("no fingerprint is asked of a whole evaluation");
        let _ = std::fs::remove_file(&file);
        let eval = |fen: &str| crate::eval::evaluate_using(&pos(fen), crate::eval::Evaluator::Network, &loaded);
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(eval(start), loaded.evaluate(&pos(start)), "the network's score, no classical terms");
        assert_ne!(eval(start), crate::eval::evaluate_using(&pos(start), crate::eval::Evaluator::Network, shipped()));
        assert_eq!(eval("8/8/8/8/2N5/3K4/2N5/2k5 b - - 0 1"), 0, "a dead draw stays a draw");
    }

    /// The output layer as plain 64-bit arithmetic says it.
    fn reference_dot(hidden: &[i16], weights: &[i16]) -> i64 {
        hidden.iter().zip(weights).map(|(&x, &w)| i64::from(x).clamp(0, i64::from(QA)).pow(2) * i64::from(w)).sum()
    }

    #[test]
    fn the_output_layer_sums_exactly_at_its_extremes() {
        fn check<const H: usize>(rng: &mut crate::rng::Rng) {
            let extreme_x = [i16::MIN, -1, 0, 1, 254, QA as i16, QA as i16 + 1, i16::MAX];
            let extreme_w = [-MAX_OUTPUT_WEIGHT, -1, 0, 1, MAX_OUTPUT_WEIGHT];
            let all_max = ([i16::MAX; H], [MAX_OUTPUT_WEIGHT; H]);
            let all_min = ([QA as i16; H], [-MAX_OUTPUT_WEIGHT; H]);
            let mut cases = vec![all_max, all_min];
            for _ in 0..200 {
                let mut x = [0i16; H];
                let mut w = [0i16; H];
                for (v, u) in x.iter_mut().zip(w.iter_mut()) {
                    // Half extremes, half any value near the clipped range (every byte of a square).
                    *v = match rng.below(2) {
                        0 => extreme_x[rng.below(extreme_x.len() as u64) as usize],
                        _ => rng.below(300) as i16 - 20,
                    };
                    *u = match rng.below(2) {
                        0 => extreme_w[rng.below(extreme_w.len() as u64) as usize],
                        _ => rng.below(2 * MAX_OUTPUT_WEIGHT as u64 + 1) as i16 - MAX_OUTPUT_WEIGHT,
                    };
                }
                cases.push((x, w));
            }
            for (x, w) in &cases {
                assert_eq!(squared_clipped_dot::<H>(x, w), reference_dot(x, w), "width {H}");
            }
        }
        let mut rng = crate::rng::Rng::seeded(5);
        check::<128>(&mut rng);
        check::<256>(&mut rng);
        check::<512>(&mut rng);
    }

    #[test]
    fn a_network_with_an_output_weight_beyond_the_bound_is_refused() {
        let mut bytes = NETWORK.to_bytes();
        // The first output weight: after the magic, fingerprint, hidden weights and biases.
        let at = MAGIC.len() + 8 + 2 * (INPUTS + 1) * HIDDEN;
        bytes[at..at + 2].copy_from_slice(&(MAX_OUTPUT_WEIGHT + 1).to_le_bytes());
        assert!(Network::from_bytes(&bytes).is_none());
        let file = std::env::temp_dir().join(format!("intrigue-outsize-{}.nnue", std::process::id()));
        std::fs::write(&file, &bytes).expect("writable");
        let error = Network::load(file.to_str().expect("a UTF-8 path")).err().expect("refused");
        let _ = std::fs::remove_file(&file);
        assert!(error.contains("output weight beyond"), "{error}");
        bytes[at..at + 2].copy_from_slice(&MAX_OUTPUT_WEIGHT.to_le_bytes());
        assert!(Network::from_bytes(&bytes).is_some(), "the bound itself is allowed");
    }

    #[test]
    fn the_network_was_trained_on_this_classical_evaluation() {
        assert_eq!(
            NETWORK.fingerprint,
            classical_fingerprint(),
            "the classical evaluation changed since the network was trained to correct it: run `intrigue-tools train` again (now {:#018x})",
            classical_fingerprint()
        );
    }

    #[test]
    fn black_sees_each_man_as_white_does_mirrored() {
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in Square::ALL {
                    let white = feature(Color::White, color, role, sq);
                    assert_eq!(other_view(white), feature(Color::Black, color, role, sq), "{color:?} {role:?} {sq}");
                }
            }
        }
    }

    #[test]
    fn features_see_the_board_from_each_side() {
        // White's pawn on e2 is, for Black, "their pawn on e7".
        assert_eq!(feature(Color::White, Color::White, Role::Pawn, Square::E2), Square::E2 as usize);
        assert_eq!(feature(Color::Black, Color::White, Role::Pawn, Square::E2), 384 + Square::E7 as usize);
        assert_eq!(feature(Color::Black, Color::Black, Role::King, Square::E8), 5 * 64 + Square::E1 as usize);
    }

    #[test]
    fn the_network_reads_both_colours_alike() {
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 99 50",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ] {
            let p = pos(fen);
            assert_eq!(NETWORK.evaluate(&p), NETWORK.evaluate(&mirrored(&p)), "{fen}");
        }
    }

    #[test]
    fn the_corrected_evaluation_still_knows_material() {
        let eval = |fen: &str| crate::eval::evaluate_using(&pos(fen), crate::eval::Evaluator::Network, shipped());
        let level = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(level.abs() < 60, "the start position is about level, not {level}");
        let queen_up = eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(queen_up > 500, "a queen ahead is winning, not {queen_up}");
        let rook_down = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1");
        assert!(rook_down < -250, "a rook behind is losing, not {rook_down}");
        assert_eq!(eval("8/8/8/8/2N5/3K4/2N5/2k5 b - - 0 1"), 0, "a dead draw stays a draw");
    }
}
