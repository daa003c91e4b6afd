//! The alpha-beta search's tunable constants.
//!
//! Each is a UCI spin option, so a user, a script or OpenBench's SPSA
//! tuner can change it without a rebuild; `intrigue-tools spsa alphabeta`
//! prints them in the form OpenBench's tuning page takes. The defaults are the values the
//! matches in `docs/changelog.md` were played with.

/// The constants of the alpha-beta selectivity, in centipawns, plies or
/// (for the late-move-reduction formula) hundredths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlphaBetaParams {
    /// Reverse futility: margin per ply of depth.
    pub rfp_margin: i32,
    /// Reverse futility: deepest depth it applies at. Six, not eight:
    /// reverse futility returns without a search, so past a few plies it
    /// hides the sacrifice that mates (a side a queen up but about to be
    /// mated is "far above beta"); the null move, which searches, is the
    /// test for those depths. At 8, `wac.epd` fell from 272 to 262-264 of
    /// 300 at 250 ms, and play did not change (docs/changelog.md, "Reverse futility back to depth 6").
    pub rfp_depth: i32,
    /// Razoring: deepest depth it applies at …
    pub razor_depth: i32,
    /// … when the eval is this much per ply below alpha.
    pub razor_margin: i32,
    /// Null move: base reduction …
    pub nmp_base: i32,
    /// … plus one ply per this many plies of depth.
    pub nmp_divisor: i32,
    /// Late-move pruning (draft ≤ 4): quiets tried before the rest are
    /// skipped is this plus depth², halved where the eval is not improving.
    pub lmp_base: i32,
    /// Futility pruning: the margin is this plus `futility_margin` per ply.
    pub futility_base: i32,
    pub futility_margin: i32,
    /// Captures losing more than this per ply of depth (by SEE) are skipped.
    pub see_margin: i32,
    /// Quiet moves that lose more than this times depth² (by SEE: the
    /// piece is left where it can be taken) are skipped.
    pub quiet_see_margin: i32,
    /// Late-move reduction = base + ln(depth)·ln(move number) / divisor,
    /// both in hundredths.
    pub lmr_base: i32,
    pub lmr_divisor: i32,
    /// History that buys one ply less reduction.
    pub lmr_history: i32,
    /// Half-width of the first aspiration window.
    pub aspiration: i32,
    /// Singular extensions: the shallowest depth they are tried at …
    pub singular_depth: i32,
    /// … and how far below the table's score, per ply of depth, every
    /// other move must fail for the table move to be extended.
    pub singular_margin: i32,
    /// A table move whose rivals fail this much further below that mark
    /// (non-PV nodes) is extended two plies instead of one.
    pub singular_double_margin: i32,
    /// A non-PV node that fails high with a score `best` above `beta`
    /// returns `(best · draft + beta · w) / (draft + w)` for this weight
    /// `w`: a fail-high score is a lower bound, and the margin by which
    /// one refutation beat beta says less the shallower the node, so the
    /// score is drawn toward beta (0: returned as it is).
    pub fail_high_blend: i32,
}

impl Default for AlphaBetaParams {
    fn default() -> Self {
        AlphaBetaParams {
            rfp_margin: 80,
            rfp_depth: 6,
            razor_depth: 3,
            razor_margin: 250,
            nmp_base: 3,
            nmp_divisor: 4,
            lmp_base: 3,
            futility_base: 60,
            futility_margin: 120,
            see_margin: 100,
            quiet_see_margin: 30,
            lmr_base: 75,
            lmr_divisor: 225,
            lmr_history: 6000,
            aspiration: 25,
            singular_depth: 8,
            singular_margin: 2,
            singular_double_margin: 20,
            fail_high_blend: 0,
        }
    }
}

/// One tunable constant as a UCI spin option.
pub struct Tunable {
    pub name: &'static str,
    pub min: i32,
    pub max: i32,
    /// What it does, for the option reference (docs/options.md).
    pub doc: &'static str,
    pub field: fn(&mut AlphaBetaParams) -> &mut i32,
}

impl Tunable {
    pub fn default_value(&self) -> i32 {
        self.get(AlphaBetaParams::default())
    }

    pub fn get(&self, mut params: AlphaBetaParams) -> i32 {
        *(self.field)(&mut params)
    }
}

/// Every tunable, with the range a tuner may explore.
#[rustfmt::skip]
pub const TUNABLES: [Tunable; 19] = [
    Tunable { name: "RfpMargin", min: 20, max: 300, doc: "reverse futility: margin per ply of depth (cp)", field: |p| &mut p.rfp_margin },
    Tunable { name: "RfpDepth", min: 1, max: 12, doc: "reverse futility: the deepest draft it applies at", field: |p| &mut p.rfp_depth },
    Tunable { name: "RazorDepth", min: 0, max: 6, doc: "razoring: the deepest draft it applies at (0: off)", field: |p| &mut p.razor_depth },
    Tunable { name: "RazorMargin", min: 50, max: 1000, doc: "razoring: how far below alpha, per ply, the eval must be (cp)", field: |p| &mut p.razor_margin },
    Tunable { name: "NmpBase", min: 1, max: 6, doc: "null move: base reduction in plies", field: |p| &mut p.nmp_base },
    Tunable { name: "NmpDivisor", min: 1, max: 12, doc: "null move: one more ply of reduction per this many plies of draft", field: |p| &mut p.nmp_divisor },
    Tunable { name: "LmpBase", min: 0, max: 20, doc: "late-move pruning (draft ≤ 4): quiet moves tried before the rest are skipped, plus draft², halved when not improving", field: |p| &mut p.lmp_base },
    Tunable { name: "FutilityBase", min: 0, max: 300, doc: "futility pruning: base margin (cp)", field: |p| &mut p.futility_base },
    Tunable { name: "FutilityMargin", min: 20, max: 400, doc: "futility pruning: margin per ply of draft (cp)", field: |p| &mut p.futility_margin },
    Tunable { name: "SeeMargin", min: 0, max: 400, doc: "captures losing more than this per ply of draft (by SEE) are skipped (cp)", field: |p| &mut p.see_margin },
    Tunable { name: "QuietSeeMargin", min: 0, max: 200, doc: "quiet moves losing more than this times draft² (by SEE) are skipped (cp)", field: |p| &mut p.quiet_see_margin },
    Tunable { name: "LmrBase", min: 0, max: 300, doc: "late-move reduction = base + ln(draft)·ln(move number) / divisor: base, in hundredths of a ply", field: |p| &mut p.lmr_base },
    Tunable { name: "LmrDivisor", min: 100, max: 600, doc: "late-move reduction: divisor, in hundredths", field: |p| &mut p.lmr_divisor },
    Tunable { name: "LmrHistory", min: 1000, max: 30000, doc: "history that buys one ply less reduction", field: |p| &mut p.lmr_history },
    Tunable { name: "AspirationWindow", min: 5, max: 200, doc: "half-width of the first aspiration window (cp)", field: |p| &mut p.aspiration },
    Tunable { name: "SingularDepth", min: 4, max: 20, doc: "singular extensions: the shallowest draft they are tried at", field: |p| &mut p.singular_depth },
    Tunable { name: "SingularMargin", min: 0, max: 10, doc: "singular extensions: how far below the table's score, per ply, every other move must fail (cp)", field: |p| &mut p.singular_margin },
    Tunable { name: "SingularDoubleMargin", min: 0, max: 200, doc: "a table move whose rivals fail this much further below is extended two plies (non-PV nodes, cp)", field: |p| &mut p.singular_double_margin },
    Tunable { name: "FailHighBlend", min: 0, max: 8, doc: "a non-PV fail-high score is drawn toward beta: (score·draft + beta·this) / (draft + this) (0: off)", field: |p| &mut p.fail_high_blend },
];

/// The tunable called `name` (any case).
pub fn find(name: &str) -> Option<&'static Tunable> {
    TUNABLES.iter().find(|t| t.name.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_inside_their_ranges_and_names_are_unique() {
        for t in &TUNABLES {
            let v = t.default_value();
            assert!((t.min..=t.max).contains(&v), "{}: {v} outside {}..{}", t.name, t.min, t.max);
            assert_eq!(TUNABLES.iter().filter(|u| u.name.eq_ignore_ascii_case(t.name)).count(), 1, "{}", t.name);
        }
    }

    #[test]
    fn each_tunable_sets_its_own_field() {
        for t in &TUNABLES {
            let mut p = AlphaBetaParams::default();
            *(t.field)(&mut p) = t.default_value() + 1;
            assert_eq!(t.get(p), t.default_value() + 1);
            let changed = TUNABLES.iter().filter(|u| u.get(p) != u.default_value()).count();
            assert_eq!(changed, 1, "{} moved another field too", t.name);
        }
    }
}
