//! What a score means in results: the win/draw/loss model behind
//! `UCI_ShowWDL`.
//!
//! A centipawn score is the search's currency, not a probability. The
//! model turns it into the shares of wins, draws and losses that Intrigue
//! actually scored from positions it rated so, the way Stockfish's does:
//!
//! `win = 1 / (1 + exp((a − s) / b))`, `loss = 1 / (1 + exp((a + s) / b))`,
//! `draw = 1 − win − loss`,
//!
//! with `s` the score bent toward zero a little (`power`), `a` (the score
//! at which a win is as likely as not) and `b` (how quickly the odds turn)
//! quadratics in how far the game has gone: the same +100 wins far more
//! often soon after the opening than after a hundred moves.
//! `intrigue-tools wdl fit GAMES.pgn…` fits the seven constants to Intrigue's own
//! games by maximum likelihood and prints how well they match on games
//! held out of the fit (docs/results.md).

use shakmaty::{Chess, Position};

/// The model's constants: `a = a[0] + a[1]·g + a[2]·g²` and `b` alike,
/// with `g` how far the game has gone ([`progress`]), applied to the
/// score bent by `power`: `s' = sign(s)·100·(|s|/100)^power`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlModel {
    pub a: [f64; 3],
    pub b: [f64; 3],
    pub power: f64,
}

/// Fitted by `intrigue-tools wdl fit` on Intrigue's equal-time games
/// (docs/results.md has the command, the data and the held-out error).
pub const FITTED: WdlModel = WdlModel { a: [112.5, -31.2, 45.9], b: [76.1, -72.5, 30.9], power: 0.750 };

/// How far the game has gone: its ply from the position's move counter,
/// in hundreds, from 0.16 (the fit's games start eight moves in, so
/// earlier positions are read as that) to 2.4. The same score wins less often the later it is
/// reached (in Intrigue's games +100 won 46 % of the time in the first 40
/// plies after the opening, 15 % after 120): late games that are still
/// close are the drawish ones.
pub fn progress(pos: &Chess) -> f64 {
    let ply = 2 * (pos.fullmoves().get() as i64 - 1) + i64::from(pos.turn().is_black());
    ply.clamp(16, 240) as f64 / 100.0
}

impl WdlModel {
    /// `a` and `b` at progress `g`; `b` is kept positive and `a` above
    /// zero so that a draw always keeps a share.
    pub fn at(&self, g: f64) -> (f64, f64) {
        let quadratic = |c: &[f64; 3]| (c[2] * g + c[1]) * g + c[0];
        (quadratic(&self.a).max(1.0), quadratic(&self.b).max(1.0))
    }

    /// Win, draw and loss probabilities for the side to move at score
    /// `cp` at progress `g`.
    pub fn probabilities(&self, cp: f64, g: f64) -> [f64; 3] {
        let (a, b) = self.at(g);
        let s = cp.signum() * 100.0 * (cp.abs() / 100.0).powf(self.power.clamp(0.2, 2.0));
        let win = logistic((s - a) / b);
        let loss = logistic((-s - a) / b);
        [win, (1.0 - win - loss).max(0.0), loss]
    }

    /// The `wdl W D L` triple in per mille, summing to 1000 (the UCI
    /// convention); a mate score is a certain win or loss.
    pub fn per_mille(&self, cp: Option<i32>, mate_for_mover: Option<bool>, pos: &Chess) -> [u32; 3] {
        match (cp, mate_for_mover) {
            (_, Some(true)) => [1000, 0, 0],
            (_, Some(false)) => [0, 0, 1000],
            (Some(cp), None) => {
                let [w, _, l] = self.probabilities(cp as f64, progress(pos));
                let win = (w * 1000.0).round() as u32;
                let loss = ((l * 1000.0).round() as u32).min(1000 - win);
                [win, 1000 - win - loss, loss]
            }
            (None, None) => [0, 1000, 0],
        }
    }
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_scores_are_mostly_draws_and_symmetric() {
        let pos = Chess::default();
        let [w, d, l] = FITTED.per_mille(Some(0), None, &pos);
        assert_eq!(w, l);
        assert!(d > 500, "{w} {d} {l}");
        assert_eq!(w + d + l, 1000);
    }

    #[test]
    fn a_better_score_wins_more_and_loses_less() {
        let pos = Chess::default();
        let mut last = [0, 0, 1001];
        for cp in [-400, -200, -100, 0, 100, 200, 400] {
            let now = FITTED.per_mille(Some(cp), None, &pos);
            assert!(now[0] >= last[0] && now[2] <= last[2], "{cp}: {now:?} after {last:?}");
            assert_eq!(now.iter().sum::<u32>(), 1000);
            last = now;
        }
        assert!(FITTED.per_mille(Some(600), None, &pos)[0] > 900);
    }

    #[test]
    fn mates_are_certain() {
        let pos = Chess::default();
        assert_eq!(FITTED.per_mille(None, Some(true), &pos), [1000, 0, 0]);
        assert_eq!(FITTED.per_mille(None, Some(false), &pos), [0, 0, 1000]);
    }

    #[test]
    fn progress_counts_the_games_plies() {
        assert_eq!(progress(&Chess::default()), 0.16);
        let later: Chess = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 31"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        assert_eq!(progress(&later), 0.61);
        let late: Chess = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 200"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        assert_eq!(progress(&late), 2.4);
    }

    #[test]
    fn the_same_score_wins_less_late_in_a_game() {
        let early = FITTED.probabilities(100.0, 0.2);
        let late = FITTED.probabilities(100.0, 1.6);
        assert!(early[0] > late[0], "{early:?} {late:?}");
    }
}
