//! Forward estimation in chess (Zhang 1995; docs/design.md §2.3, the lab's
//! `lab::forward` on random trees, whose rule it shares).
//!
//! The edge cost is the change of the static evaluation across a move, for
//! the side that made it: `gain = −eval(child) − eval(parent)` (both are
//! side-to-move scores, so the child's is negated). The search learns, as it
//! goes, the least gain `l` and the greatest gain `u` a move plausibly
//! brings. A node with static value `c` and `d` plies left can then only
//! reach leaves within
//!
//! `[c + δ·(⌈d/2⌉·l − ⌊d/2⌋·u),  c + δ·(⌈d/2⌉·u − ⌊d/2⌋·l)]`
//!
//! for its side to move, who makes ⌈d/2⌉ of the d moves while the opponent's
//! ⌊d/2⌋ moves count against it. (This is the issue's `c + δ·u·d` and
//! `c + δ·l·d` with the per-ply bounds read for whoever moves.) If the best
//! case cannot reach alpha the node is not searched and returns that best
//! case, an upper bound; if the worst case already reaches beta it returns
//! the worst case, a lower bound: fail-soft, as in the lab.
//!
//! What chess changes, and what this module does about it:
//! * **Which edges teach the bounds.** Every move the search makes (not
//!   the null move). A capture's eval change is a piece's value, ten times
//!   a quiet move's, and captures are a tenth or more of the edges, so the
//!   greatest gain is a queen and the rule seldom fires. Learning from
//!   quiet moves only was tried first and is unsound in chess: the
//!   subtree still holds captures, and a node whose static value is a
//!   piece down with the recapture pending was cut as hopeless — the
//!   capture before it then looked like winning the piece. At δ = 100 %
//!   and 50 000 nodes a move that lost 1 win, 7 draws, 50 losses (−430 Elo
//!   in 58 games). The bounds must cover the captures the subtree can make.
//! * **Outliers.** The extremes are rare (a queen taken with promotion, a
//!   passer's last step); min/max grows with the number of edges seen and
//!   lets a single freak set the margin for the whole search. The bounds
//!   are the [`TAIL_PER_MILLE`]-th and (1000 − it)-th per-mille points of
//!   the gains seen, read off a histogram. In a middlegame at depth 12
//!   they come out near [−115, +975] at 1 % (a queen capture is inside),
//!   [−90, +380] at 5 %, [−60, +65] at 20 %; anything under the value of
//!   a queen lets a defended-piece capture by the queen look like a win
//!   (the recapture's gain is outside the bounds), so 1 % it is, and the
//!   rule prunes little: 1.9 % fewer bench nodes at δ = 100 %.
//! * **Where it applies.** Not in check (there is no static value), not at
//!   PV nodes or the root (their exact scores are the result), not with a
//!   mate score in the window, and not before enough edges are seen.
//!
//! The learner is a fixed array in the searcher, reset at each `go`: the
//! hot path counts one bucket and allocates nothing.

use super::{Searcher, INFINITY, MATE_BOUND};

/// The `ForwardEstimation` and `FEDelta` options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ForwardSettings {
    pub enabled: bool,
    /// δ in percent (10..=100): the share of the learned bounds trusted.
    pub delta_percent: i32,
}

impl Default for ForwardSettings {
    fn default() -> Self {
        ForwardSettings { enabled: false, delta_percent: 100 }
    }
}

/// Learned bounds on the gain of one move for the side that makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GainBounds {
    /// The least gain (usually negative): a move's worst plausible effect.
    pub least: i32,
    /// The greatest gain.
    pub greatest: i32,
}

impl GainBounds {
    /// The range `(worst, best)` the value of a node with static value
    /// `static_eval` can reach in `depth` plies, for its side to move,
    /// with δ = `delta_percent` / 100.
    pub fn reach(self, static_eval: i32, depth: i32, delta_percent: i32) -> (i32, i32) {
        let own = (depth + 1) / 2;
        let theirs = depth / 2;
        let scaled = |x: i32| x * delta_percent / 100;
        let worst = static_eval + scaled(own * self.least - theirs * self.greatest);
        let best = static_eval + scaled(own * self.greatest - theirs * self.least);
        (worst, best)
    }

    /// The forward-estimation rule at a node: `Some(score)` when the node's
    /// whole reachable range lies outside (alpha, beta) — its best case if
    /// that cannot reach alpha (an upper bound), its worst case if that
    /// already reaches beta (a lower bound).
    pub fn settle(self, static_eval: i32, depth: i32, delta_percent: i32, alpha: i32, beta: i32) -> Option<i32> {
        let (worst, best) = self.reach(static_eval, depth, delta_percent);
        settle_range(worst, best, alpha, beta)
    }
}

/// Gains are counted in buckets of this many centipawns …
const BUCKET_CP: i32 = 5;
/// … from −LIMIT_CP to +LIMIT_CP; larger gains fall in the end buckets.
const LIMIT_CP: i32 = 1000;
const BUCKETS: usize = (2 * LIMIT_CP / BUCKET_CP) as usize + 1;
/// The bounds are read at this per-mille point of the gains seen (and its
/// mirror): the most extreme 1 % at either end is treated as noise.
pub const TAIL_PER_MILLE: u64 = 10;
/// No bounds before this many gains are seen: a handful of edges says
/// nothing about the next thousand.
const MIN_SAMPLES: u32 = 512;
/// The bounds are re-read from the histogram every this many gains, so
/// the hot path only counts.
const REFRESH_EVERY: u32 = 1024;

/// The on-line learner: a histogram of the gains of the moves searched.
#[derive(Clone)]
pub struct GainLearner {
    counts: [u32; BUCKETS],
    seen: u32,
    bounds: Option<GainBounds>,
}

impl Default for GainLearner {
    fn default() -> Self {
        GainLearner { counts: [0; BUCKETS], seen: 0, bounds: None }
    }
}

impl GainLearner {
    /// Forget everything: a new search learns its own bounds.
    pub fn clear(&mut self) {
        *self = GainLearner::default();
    }

    /// The bounds learned so far, once there are enough samples.
    #[inline]
    pub fn bounds(&self) -> Option<GainBounds> {
        self.bounds
    }

    /// Counts one move's gain.
    #[inline]
    pub fn observe(&mut self, gain: i32) {
        let bucket = (gain.clamp(-LIMIT_CP, LIMIT_CP) + LIMIT_CP) / BUCKET_CP;
        self.counts[bucket as usize] += 1;
        self.seen += 1;
        if self.seen.is_multiple_of(REFRESH_EVERY) || self.seen == MIN_SAMPLES {
            self.refresh();
        }
    }

    /// Re-reads the bounds at the tail per-mille points.
    fn refresh(&mut self) {
        if self.seen < MIN_SAMPLES {
            return;
        }
        let tail = (self.seen as u64 * TAIL_PER_MILLE / 1000) as u32;
        let bucket_value = |i: usize| i as i32 * BUCKET_CP - LIMIT_CP;
        let least = self.first_bucket_past(tail, self.counts.iter().enumerate());
        let greatest = self.first_bucket_past(tail, self.counts.iter().enumerate().rev());
        self.bounds = Some(GainBounds { least: bucket_value(least), greatest: bucket_value(greatest) });
    }

    /// The first bucket, walking in the given direction, by which more
    /// than `tail` gains have been passed.
    fn first_bucket_past<'a>(&self, tail: u32, mut walk: impl Iterator<Item = (usize, &'a u32)>) -> usize {
        let mut passed = 0;
        walk.find(|&(_, &c)| {
            passed += c;
            passed > tail
        })
        .map_or(BUCKETS / 2, |(i, _)| i)
    }
}

impl Searcher {
    /// Forward estimation at a negamax node below the root: learns the gain
    /// of the move that led here, then `Some(score)` when the node
    /// need not be searched. `static_eval` is `-INFINITY` in check.
    #[inline]
    pub(super) fn forward_estimate(&mut self, ply: usize, depth: i32, static_eval: i32, alpha: i32, beta: i32) -> Option<i32> {
        let parent = self.stack[ply - 1];
        let in_check = static_eval == -INFINITY;
        if parent.moved.is_some() && parent.static_eval != -INFINITY && !in_check {
            self.gains.observe(-static_eval - parent.static_eval);
        }
        let pv_node = beta - alpha > 1;
        if pv_node || in_check || alpha.abs() >= MATE_BOUND || beta.abs() >= MATE_BOUND {
            return None;
        }
        let delta = self.settings.forward.delta_percent;
        self.gains.bounds()?.settle(static_eval, depth, delta, alpha, beta)
    }
}

/// The rule itself, for a node whose value lies in `[worst, best]` for its
/// side to move: its best case when that cannot reach alpha (an upper
/// bound), its worst case when that already reaches beta (a lower bound),
/// else `None` (search it). The lab's random-tree version uses it too.
pub fn settle_range<T: Ord>(worst: T, best: T, alpha: T, beta: T) -> Option<T> {
    if best <= alpha {
        Some(best)
    } else if worst >= beta {
        Some(worst)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOUNDS: GainBounds = GainBounds { least: -30, greatest: 50 };

    #[test]
    fn the_side_to_move_makes_the_odd_plies_and_the_opponent_the_even_ones() {
        // One ply: only our move, [c + l, c + u].
        assert_eq!(BOUNDS.reach(100, 1, 100), (70, 150));
        // Two: ours, then the opponent's gain counts against us.
        assert_eq!(BOUNDS.reach(100, 2, 100), (100 - 30 - 50, 100 + 50 + 30));
        // Three: two of ours, one of theirs.
        assert_eq!(BOUNDS.reach(0, 3, 100), (-60 - 50, 100 + 30));
        // δ = 50 % halves the spread.
        assert_eq!(BOUNDS.reach(100, 2, 50), (60, 140));
    }

    #[test]
    fn a_node_is_skipped_only_when_its_whole_range_is_outside_the_window() {
        // Depth 2 from 100: range [20, 180].
        assert_eq!(BOUNDS.settle(100, 2, 100, 180, 300), Some(180), "best case cannot pass alpha: upper bound");
        assert_eq!(BOUNDS.settle(100, 2, 100, 179, 300), None, "best case passes alpha by one");
        assert_eq!(BOUNDS.settle(100, 2, 100, -50, 20), Some(20), "worst case reaches beta: lower bound");
        assert_eq!(BOUNDS.settle(100, 2, 100, -50, 21), None);
        // A smaller δ settles more.
        assert_eq!(BOUNDS.settle(100, 2, 100, 150, 300), None);
        assert_eq!(BOUNDS.settle(100, 2, 50, 150, 300), Some(140));
    }

    #[test]
    fn nothing_is_learned_from_too_few_gains() {
        let mut learner = GainLearner::default();
        for _ in 0..MIN_SAMPLES - 1 {
            learner.observe(10);
        }
        assert_eq!(learner.bounds(), None);
        learner.observe(10);
        assert_eq!(learner.bounds(), Some(GainBounds { least: 10, greatest: 10 }));
    }

    #[test]
    fn the_learned_bounds_ignore_the_rarest_gains_at_either_end() {
        let mut learner = GainLearner::default();
        // 4096 gains spread evenly over −100..=100 in steps of 5, plus a
        // handful of freaks far out that min/max would take as the bounds.
        for i in 0..4096 {
            learner.observe(-100 + 5 * (i % 41));
        }
        for _ in 0..8 {
            learner.observe(900);
            learner.observe(-700);
        }
        learner.refresh();
        let b = learner.bounds().unwrap();
        assert!((-100..=-90).contains(&b.least), "{b:?}");
        assert!((90..=100).contains(&b.greatest), "{b:?}");
    }

    #[test]
    fn a_clear_forgets_the_bounds() {
        let mut learner = GainLearner::default();
        for _ in 0..MIN_SAMPLES {
            learner.observe(-20);
        }
        assert!(learner.bounds().is_some());
        learner.clear();
        assert_eq!(learner.bounds(), None);
    }
}
