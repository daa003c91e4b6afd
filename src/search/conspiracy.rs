//! The conspiracy player CN(x, y) in chess (Vu et al. 2016; docs/design.md §2.4).
//!
//! With `ConspiracyDepth` x > 0 the root move is not the one the search
//! scores best but the one of best conspiracy-adjusted evaluation (CAEV):
//! the player writes out the full-width minimax tree of the root to x plies,
//! values its leaves with the normal search (alpha-beta or interest, as
//! `SearchMode` says), and picks the root child whose CAEV is greatest — the
//! child whose value is hardest for a few wrong leaves to spoil and easiest
//! for a few good ones to raise.
//!
//! The conspiracy numbers and CAEV are [`super::caev`]'s, the code the lab
//! checks against brute force on random trees (`lab::conspiracy`); this
//! module only builds the chess tree and hands it over as a
//! [`Written`] tree in the root side's view (the root is MAX).
//!
//! How y, the leaves' search depth, meets UCI's limits: the leaves are
//! valued in passes of growing depth y = 0 (quiescence), 1, 2, … under the
//! one time and node budget of the `go`; the depth reported is x + y. A
//! pass stopped midway is thrown away (its leaves would mix depths): the
//! move is the last complete pass's. Before the first pass the leaves hold
//! their static values, so even a search stopped at once plays a CAEV
//! choice. `go depth N` runs the passes up to y = N − x (at least y = 0).
//! Passes stop at the soft time limit like iterations; `stop` and the hard
//! limit end the leaf search within its usual polling interval.
//!
//! Full width is what the player is: at x = 2 the tree has about a
//! thousand leaves, fine at any time control; at x = 4 about a million,
//! whose static pass alone takes seconds: for analysis only.

use shakmaty::{Chess, Move, Position};

use super::budget::Budget;
use super::caev::{caev_choice, Written};
use super::limits::Limits;
use super::{Frame, Outcome, Report, Searcher, DRAW, INFINITY, MATE, MAX_PLY};

/// The `ConspiracyDepth`, `ConspiracyRange` and `ConspiracyStep` options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConspiracySettings {
    /// x: plies of the minimax tree (0: off; even, as in the paper, so
    /// that the leaves have the root's side to move).
    pub depth: u32,
    /// CAEV integrates over [m − range, m + range] (centipawns) …
    pub range: i32,
    /// … in segments of this many centipawns.
    pub step: i32,
}

impl Default for ConspiracySettings {
    /// Range 100 and step 10: a pawn either way of the minimax value, in
    /// 21 points, where a chess evaluation's uncertainty lies.
    fn default() -> Self {
        ConspiracySettings { depth: 0, range: 100, step: 10 }
    }
}

/// The deepest tree the player builds (the option's maximum).
pub const MAX_DEPTH: u32 = 4;

impl ConspiracySettings {
    /// Sets x, which must be even (the paper's trees end on the root
    /// side's move); an odd or too large x is refused and x kept.
    pub fn set_depth(&mut self, depth: i64) -> Result<(), String> {
        if depth % 2 != 0 || !(0..=MAX_DEPTH as i64).contains(&depth) {
            return Err(format!("ConspiracyDepth: {depth} is not one of 0, 2, 4"));
        }
        self.depth = depth as u32;
        Ok(())
    }
}

/// The chess tree: the move into each node and, at the leaves, the value
/// (root side's view, root-relative mate scores) of the deepest complete
/// look at them.
#[derive(Clone, Debug)]
struct TreeNode {
    m: Option<Move>,
    value: i32,
    children: Vec<TreeNode>,
}

impl TreeNode {
    /// The values as the lab's CN code reads them: the root is MAX.
    fn written(&self, max_to_move: bool) -> Written {
        Written { value: self.value as i64, max_to_move, children: self.children.iter().map(|c| c.written(!max_to_move)).collect() }
    }
}

/// A root move the player chose, with its minimax value and line.
struct Choice {
    score: i32,
    line: Vec<Move>,
}

impl Choice {
    /// The CAEV choice over `tree` (`None` for a root without children).
    fn of(tree: &TreeNode, settings: ConspiracySettings) -> Option<Choice> {
        let written = tree.written(true);
        let index = caev_choice(&written, settings.range as i64, settings.step as i64)?;
        let score = written.children[index].minimax() as i32;
        Some(Choice { score, line: minimax_line(&tree.children[index], &written.children[index]) })
    }
}

/// The moves from `node` (included) down its minimax line.
fn minimax_line(node: &TreeNode, written: &Written) -> Vec<Move> {
    let mut line: Vec<Move> = node.m.into_iter().collect();
    let (mut node, mut written) = (node, written);
    while !node.children.is_empty() {
        let target = written.minimax();
        let Some(i) = written.children.iter().position(|c| c.minimax() == target) else { break };
        (node, written) = (&node.children[i], &written.children[i]);
        line.extend(node.m);
    }
    line
}

/// A score of the side to move at `ply` in the root side's view.
fn root_view(score: i32, ply: usize) -> i32 {
    if ply.is_multiple_of(2) {
        score
    } else {
        -score
    }
}

impl Searcher {
    /// The CN(x, y) player's search; the driver's `think` hands over to it
    /// after preparing the root.
    pub(super) fn think_conspiracy(&mut self, root: &Chess, limits: &Limits, report: &mut dyn FnMut(&Report)) -> Outcome {
        let settings = self.settings.conspiracy;
        let x = settings.depth;
        let first = self.root_moves.first().copied();
        let mut outcome = Outcome { best: first, ponder: None, score: 0, nodes: 0, depth: 0, lines: Vec::new() };
        // Only a stop inside the first root move's subtree leaves no tree.
        let Some(mut tree) = self.grow(root, None, 0, x) else {
            outcome.nodes = self.total_nodes();
            return outcome;
        };
        let mut choice = Choice::of(&tree, settings);
        let last_pass = limits.depth.map_or(MAX_PLY as u32 - x - 8, |d| d.saturating_sub(x));
        for y in 0..=last_pass {
            self.seldepth = 0;
            let mut valued = tree.clone();
            self.value_leaves(root, &mut valued, 0, x, y);
            if self.stopped {
                break;
            }
            tree = valued;
            choice = Choice::of(&tree, settings);
            outcome.depth = x + y;
            if let Some(c) = &choice {
                self.report_choice(c, x + y, report);
                if limits.mate.is_some_and(|n| c.score >= MATE - 2 * n as i32) {
                    break;
                }
            }
            if self.time.soft_stop(&self.signals, 1.0) {
                break;
            }
        }
        if let Some(c) = choice {
            outcome.best = c.line.first().copied().or(first);
            outcome.ponder = c.line.get(1).copied();
            outcome.score = c.score;
            outcome.lines = outcome.best.map(|m| (m, c.score)).into_iter().collect();
        }
        outcome.nodes = self.total_nodes();
        outcome
    }

    fn report_choice(&self, choice: &Choice, depth: u32, report: &mut dyn FnMut(&Report)) {
        self.report_line(choice.score, &choice.line, 1, depth, false, report);
    }

    /// The full-width tree below `pos` to `left` more plies, its leaves
    /// valued statically; `None` when the search stopped meanwhile. The
    /// root's children are the root moves (`searchmoves`); a position
    /// that is over (mate, stalemate, a draw) is a leaf at any ply.
    fn grow(&mut self, pos: &Chess, m: Option<Move>, ply: usize, left: u32) -> Option<TreeNode> {
        self.nodes += 1;
        if self.should_stop() {
            return None;
        }
        let moves = if ply == 0 { self.root_moves.clone() } else { pos.legal_moves() };
        let drawn = ply > 0 && self.is_draw(pos, ply);
        if left == 0 || moves.is_empty() || drawn {
            let score = self.static_leaf(pos, ply, moves.is_empty(), drawn);
            return Some(TreeNode { m, value: root_view(score, ply), children: Vec::new() });
        }
        let mut children = Vec::with_capacity(moves.len());
        for &next in &moves {
            let child = self.make(pos, next, ply);
            let grown = self.grow(&child, Some(next), ply + 1, left - 1);
            self.unmake();
            children.push(grown?);
        }
        Some(TreeNode { m, value: 0, children })
    }

    /// A leaf's static value for its side to move.
    fn static_leaf(&mut self, pos: &Chess, ply: usize, no_moves: bool, drawn: bool) -> i32 {
        match (no_moves, pos.is_check()) {
            (true, true) => -MATE + ply as i32,
            (true, false) => DRAW,
            _ if drawn => DRAW,
            _ => self.evaluate(pos, ply),
        }
    }

    /// One pass: every leaf of `node` (at `ply`) valued by the normal
    /// search to depth `y`. Stops midway when the search stops.
    fn value_leaves(&mut self, pos: &Chess, node: &mut TreeNode, ply: usize, x: u32, y: u32) {
        if node.children.is_empty() {
            let score = self.leaf_search(pos, ply, x, y);
            if !self.stopped {
                node.value = root_view(score, ply);
            }
            return;
        }
        // The tree's plies are no search nodes: nothing for a child to
        // learn a move's gain from, no killer or reply of the search's own.
        self.stack[ply] = Frame { in_check: pos.is_check(), ..Frame::default() };
        for child in &mut node.children {
            let next = self.make(pos, child.m.expect("below the root every node has its move"), ply);
            self.value_leaves(&next, child, ply + 1, x, y);
            self.unmake();
            if self.stopped {
                return;
            }
        }
    }

    /// The normal search of a leaf at `ply` with the full window, at
    /// depth `y` by the mode's depth policy (the quiescence search at
    /// y = 0).
    fn leaf_search(&mut self, pos: &Chess, ply: usize, x: u32, y: u32) -> i32 {
        self.nominal_depth = x + y;
        let budget = Budget::root(y as i32, pos.turn(), self.policy.tallies);
        self.negamax(pos, budget, ply, -INFINITY, INFINITY, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::Instant;

    use crate::game::Game;
    use crate::search::Signals;
    use crate::tt::TranspositionTable;

    #[test]
    fn only_even_depths_up_to_four_are_accepted() {
        let mut s = ConspiracySettings::default();
        for ok in [0, 2, 4] {
            assert_eq!(s.set_depth(ok), Ok(()));
            assert_eq!(s.depth, ok as u32);
        }
        for bad in [1, 3, 5, 6, -2] {
            assert!(s.set_depth(bad).unwrap_err().contains("not one of 0, 2, 4"));
            assert_eq!(s.depth, 4, "a refused depth leaves the old one");
        }
    }

    fn leaf(value: i32) -> TreeNode {
        TreeNode { m: None, value, children: Vec::new() }
    }

    fn reply(values: &[i32]) -> TreeNode {
        TreeNode { m: None, value: 0, children: values.iter().map(|&v| leaf(v)).collect() }
    }

    #[test]
    fn caev_chooses_the_move_a_hand_computed_example_says() {
        // Move A: the opponent has one reply holding us to 30, five others
        // give 200. Move B: six replies, all 35. Minimax plays B.
        let tree = TreeNode { m: None, value: 0, children: vec![reply(&[30, 200, 200, 200, 200, 200]), reply(&[35; 6])] };
        let written = tree.written(true);
        assert_eq!(crate::search::caev::minimax_choice(&written), Some(1));
        // CN over m ± 100 in steps of 10. A (m = 30): one leaf moves it
        // either way (the 30 down, or the 30 up as far as 200), so CN = 1
        // at every point, the profile is flat and CAEV = 30. B (m = 35):
        // one leaf lowers it, but raising it takes all six, so the points
        // above weigh 1/6: CAEV = (Σ below + 35 + Σ above / 6) / (10 + 1 + 10/6).
        let below: f64 = (1..=10).map(|j| 35.0 - 10.0 * j as f64).sum();
        let above: f64 = (1..=10).map(|j| 35.0 + 10.0 * j as f64).sum();
        let b_caev = (below + 35.0 + above / 6.0) / (10.0 + 1.0 + 10.0 / 6.0);
        assert!((b_caev - -1.184).abs() < 1e-3, "{b_caev}");
        let settings = ConspiracySettings { depth: 2, range: 100, step: 10 };
        let choice = Choice::of(&tree, settings).unwrap();
        assert_eq!(choice.score, 30, "CAEV plays A (30 > {b_caev:.1}), reported with A's minimax value");
        // A step wider than the range leaves only m itself: plain minimax.
        let minimax = ConspiracySettings { step: 200, ..settings };
        assert_eq!(Choice::of(&tree, minimax).unwrap().score, 35);
    }

    fn searcher(settings: ConspiracySettings) -> Searcher {
        let mut s = Searcher::new(Arc::new(TranspositionTable::new(1)), Arc::new(Signals::default()));
        s.settings.conspiracy = settings;
        s
    }

    fn think(s: &mut Searcher, fen: &str, limits: &Limits) -> (Outcome, Vec<Report>) {
        let game = Game::from_fen(fen, shakmaty::CastlingMode::Standard).unwrap();
        let mut reports = Vec::new();
        let outcome = s.think(&game, limits, 0, Instant::now(), &mut |r| reports.push(r.clone()));
        (outcome, reports)
    }

    #[test]
    fn the_player_reports_its_chosen_moves_value_and_line() {
        let mut s = searcher(ConspiracySettings { depth: 2, ..ConspiracySettings::default() });
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let (outcome, reports) = think(&mut s, fen, &Limits::depth(4));
        let depths: Vec<u32> = reports.iter().map(|r| r.depth).collect();
        assert_eq!(depths, vec![2, 3, 4], "one report per pass y = 0, 1, 2");
        let last = reports.last().unwrap();
        assert_eq!(last.pv.len(), 2, "the chosen move and the minimax reply");
        assert_eq!(Some(last.pv[0]), outcome.best);
        assert_eq!(last.score, outcome.score);
        let game = Game::from_fen(fen, shakmaty::CastlingMode::Standard).unwrap();
        assert!(game.position().legal_moves().contains(&outcome.best.unwrap()));
    }

    #[test]
    fn the_player_takes_a_free_queen_and_mates_in_one() {
        let mut s = searcher(ConspiracySettings { depth: 2, ..ConspiracySettings::default() });
        // White's rook takes the undefended queen on d8.
        let (o, _) = think(&mut s, "3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", &Limits::depth(3));
        assert_eq!(o.best.map(|m| m.to().to_string()), Some("d8".to_string()), "{o:?}");
        // Back-rank mate: the minimax value is a mate in one.
        let (o, _) = think(&mut s, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", &Limits::depth(3));
        assert_eq!(o.score, MATE - 1, "{o:?}");
    }

    #[test]
    fn a_node_budget_still_gives_a_legal_move() {
        let mut s = searcher(ConspiracySettings { depth: 2, ..ConspiracySettings::default() });
        for nodes in [1, 500, 5_000] {
            let limits = Limits { nodes: Some(nodes), ..Limits::default() };
            let (o, _) = think(&mut s, crate::bench::POSITIONS[9], &limits);
            let game = Game::from_fen(crate::bench::POSITIONS[9], shakmaty::CastlingMode::Standard).unwrap();
            assert!(game.position().legal_moves().contains(&o.best.unwrap()), "{nodes} nodes");
            assert!(o.nodes <= nodes + 1, "{} nodes for a budget of {nodes}", o.nodes);
        }
    }
}
