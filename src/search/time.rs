//! Time management: how long to think on this move.
//!
//! Two limits: a *soft* one, checked between iterations (don't start what
//! we likely can't finish; stop early when the best move is stable, think
//! longer when it flips or the score drops), and a *hard* one, polled
//! inside the search, that is never passed so the engine never flags.

use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

use shakmaty::Move;

use super::limits::Limits;
use super::ordering::from_to;
use super::Signals;

/// Below this much time left (after overhead) we move almost at once.
const EMERGENCY_MS: i64 = 50;
/// Moves we budget for in sudden death. Fewer than a game still has to
/// go: the increment pays for the late moves, and the early middlegame is
/// where thinking pays most. At 30 (with the soft limit at 70 % of the
/// budget) Intrigue used half the time Stockfish did on its first twenty
/// moves at 10+0.1 and ended its games with 3 s of 17 s unused; at 22
/// it still spent 7.6 s on them to Stockfish's 11.8 s and ended with
/// 1.6 s unused.
const HORIZON_MOVES: i64 = 18;
/// The soft limit's share of the per-move budget.
const SOFT_PERCENT: i64 = 80;
/// With fewer than this many increments on the clock, a move is budgeted
/// half an increment instead of three quarters, and its hard limit is
/// held to [`LOW_CLOCK_SHARE`] of the clock. Spending three quarters let a
/// long game's clock drain to three increments (0.09 s at 3+0.03), where
/// one stall of the machine lost on time (3ca1ef2: 0.219 s used with
/// 0.091 s left).
const LOW_CLOCK_INCREMENTS: i64 = 20;
/// On a low clock the hard limit is at most the clock divided by this.
/// An iteration begun under the soft limit runs on to the hard one, so
/// the hard limit is what a move spends there: held at 60 % of the clock,
/// a 2+0.02 game settled near 60 ms and a stall of the machine lost it on
/// time three times in 1,800 games (0.15–0.19 s used with 0.05–0.06 s
/// left). At an eighth, a move spends less than the increment until eight
/// increments are back on the clock.
const LOW_CLOCK_SHARE: i64 = 8;

#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    soft_ms: Option<u64>,
    hard_ms: Option<u64>,
}

impl TimeManager {
    pub fn new(limits: &Limits, overhead_ms: u64, start: Instant) -> TimeManager {
        let overhead = overhead_ms as i64;
        if let Some(mt) = limits.movetime_ms {
            // `go movetime` asks for exactly that long: no soft limit, so a
            // stable best move does not end the search early. (With one set
            // to the move time, the stability and node-share scales, down to
            // 0.7 × 0.6, could stop it after about two fifths of its time.)
            let t = (mt as i64 - overhead).max(1) as u64;
            return TimeManager { start, soft_ms: None, hard_ms: Some(t) };
        }
        let Some(clock) = limits.clock else {
            return TimeManager { start, soft_ms: None, hard_ms: None };
        };
        let avail = (clock.time_ms - overhead).max(1);
        let inc = clock.inc_ms.max(0);
        let mtg = clock.moves_to_go.map_or(HORIZON_MOVES, |m| (m as i64).clamp(1, HORIZON_MOVES));
        let low_clock = avail < LOW_CLOCK_INCREMENTS * inc;
        let inc_share = if low_clock { inc / 2 } else { inc * 3 / 4 };
        let base = avail / mtg + inc_share;
        // Never plan to use more than a share of what is left: with one move
        // to the control we may use most of it, otherwise keep a reserve.
        let cap = if mtg == 1 {
            avail * 8 / 10
        } else if low_clock {
            avail / LOW_CLOCK_SHARE
        } else {
            avail * 6 / 10
        };
        let hard = if avail < EMERGENCY_MS { avail / 4 } else { (base * 4).min(cap) };
        let soft = (base * SOFT_PERCENT / 100).min(hard);
        TimeManager { start, soft_ms: Some(soft.max(1) as u64), hard_ms: Some(hard.max(1) as u64) }
    }

    /// Milliseconds since the clock started for us: since `go`, or since
    /// `ponderhit` when we were pondering.
    pub fn elapsed_on_clock(&self, signals: &Signals) -> u64 {
        let elapsed = self.start.elapsed().as_millis() as u64;
        elapsed.saturating_sub(signals.ponderhit_at_ms.load(Relaxed))
    }

    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// The hard limit has passed (never true while pondering).
    pub fn out_of_time(&self, signals: &Signals) -> bool {
        match self.hard_ms {
            Some(hard) => !signals.pondering.load(Relaxed) && self.elapsed_on_clock(signals) >= hard,
            None => false,
        }
    }

    /// Between iterations: is it time to stop? `scale` stretches the soft
    /// limit (above 1 when the best move is unsettled, below when stable).
    pub fn soft_stop(&self, signals: &Signals, scale: f64) -> bool {
        match self.soft_ms {
            Some(soft) => !signals.pondering.load(Relaxed) && self.elapsed_on_clock(signals) as f64 >= soft as f64 * scale,
            None => false,
        }
    }

    pub fn hard_ms(&self) -> Option<u64> {
        self.hard_ms
    }

    pub fn soft_ms(&self) -> Option<u64> {
        self.soft_ms
    }
}

/// Nodes a search spent under each root move, by from and to square: the
/// share under the best move says how settled the choice is.
pub struct RootMoveNodes(Box<[[u64; 64]; 64]>);

impl Default for RootMoveNodes {
    fn default() -> Self {
        RootMoveNodes(Box::new([[0; 64]; 64]))
    }
}

impl RootMoveNodes {
    pub fn clear(&mut self) {
        self.0.fill([0; 64]);
    }

    /// Charges `nodes` searched under root move `m` to it.
    pub fn charge(&mut self, m: Move, nodes: u64) {
        let (from, to) = from_to(m);
        self.0[from][to] += nodes;
    }

    /// Soft-limit scale from the share of the search's `total` nodes spent
    /// under the `best` move: when the rivals were refuted cheaply the
    /// choice is easy and we stop sooner; when they cost as much as the
    /// best move, the choice is close and more time pays.
    pub fn scale(&self, best: Option<Move>, depth: u32, total: u64) -> f64 {
        match best {
            Some(m) if depth >= 4 && total > 0 => {
                let (from, to) = from_to(m);
                node_share_scale(self.0[from][to] as f64 / total as f64)
            }
            _ => 1.0,
        }
    }
}

/// The soft limit's factor for the best move's share of the nodes: 0.6
/// when it took them all, 2 points more per unit of share left to its
/// rivals. Searches of 20 opening positions to depth 15 gave the best move
/// 0.76 of the nodes on average (factor 1.08), so a typical move keeps
/// about its old budget and the time moves from easy choices to close ones.
fn node_share_scale(share: f64) -> f64 {
    ((1.0 - share) * NODE_SHARE_SLOPE + NODE_SHARE_AT_ALL).clamp(0.5, 2.0)
}

const NODE_SHARE_SLOPE: f64 = 2.0;
const NODE_SHARE_AT_ALL: f64 = 0.6;

/// Soft-limit scale: a best move that has held for several iterations lets
/// us stop early; a fresh one, or a falling score, buys more time.
pub fn stability_scale(stable_iterations: u32, score_drop: i32, depth: u32) -> f64 {
    if depth < 4 {
        return 1.0;
    }
    let stability = match stable_iterations {
        0 => 1.5,
        1 => 1.2,
        2 => 1.0,
        3 => 0.85,
        _ => 0.7,
    };
    let drop = if score_drop > 50 {
        1.4
    } else if score_drop > 20 {
        1.15
    } else {
        1.0
    };
    stability * drop
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::limits::Clock;

    fn tm(time: i64, inc: i64, mtg: Option<u32>) -> TimeManager {
        let limits = Limits { clock: Some(Clock { time_ms: time, inc_ms: inc, moves_to_go: mtg }), ..Limits::default() };
        TimeManager::new(&limits, 10, Instant::now())
    }

    #[test]
    fn the_more_nodes_the_best_move_took_the_sooner_the_search_stops() {
        assert!(node_share_scale(0.95) < node_share_scale(0.75));
        assert!(node_share_scale(0.75) < node_share_scale(0.4));
        assert_eq!(node_share_scale(0.0), 2.0, "capped");
    }

    #[test]
    fn a_stable_best_move_stops_early_and_a_falling_score_buys_time() {
        assert!(stability_scale(5, 0, 10) < stability_scale(0, 0, 10));
        assert!(stability_scale(2, 60, 10) > stability_scale(2, 0, 10));
        assert_eq!(stability_scale(0, 100, 3), 1.0, "too shallow to judge");
    }

    #[test]
    fn hard_limit_never_exceeds_the_clock() {
        for time in [-500, 0, 1, 20, 100, 1000, 5000, 60_000, 3_600_000] {
            for inc in [0, 50, 1000] {
                for mtg in [None, Some(1), Some(2), Some(40)] {
                    let t = tm(time, inc, mtg);
                    let hard = t.hard_ms().unwrap() as i64;
                    assert!(hard >= 1);
                    assert!(hard <= (time - 10).max(1), "time {time} inc {inc} mtg {mtg:?}: hard {hard}");
                    assert!(t.soft_ms().unwrap() <= t.hard_ms().unwrap());
                }
            }
        }
    }

    #[test]
    fn more_time_means_more_thinking() {
        assert!(tm(60_000, 0, None).soft_ms() > tm(5_000, 0, None).soft_ms());
        assert!(tm(5_000, 1000, None).soft_ms() > tm(5_000, 0, None).soft_ms());
    }

    #[test]
    fn a_clock_down_to_a_few_increments_grows_back() {
        // Every move runs to its hard limit and 2 ms more (the worst case:
        // an iteration begun under the soft limit), from 61 ms at +20 ms.
        let mut clock = 61;
        for _ in 0..60 {
            clock += 20 - (tm(clock, 20, None).hard_ms().unwrap() as i64 + 2);
            assert!(clock > 50, "the clock fell to {clock} ms");
        }
        assert!(clock >= 150, "after sixty moves the clock is back to {clock} ms, not 150");
    }

    #[test]
    fn movetime_is_honoured_minus_overhead() {
        let limits = Limits { movetime_ms: Some(1000), ..Limits::default() };
        let t = TimeManager::new(&limits, 10, Instant::now());
        assert_eq!(t.hard_ms(), Some(990));
        assert_eq!(t.soft_ms(), None, "a fixed move time is used in full");
        let signals = Signals::default();
        assert!(!t.soft_stop(&signals, 0.35), "no stability scale stops it early");
    }
}
