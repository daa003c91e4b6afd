//! The UCI option table: every option's name, type, range, default, who
//! it is for, what it does and the setting it writes, declared once.
//!
//! Names follow Stockfish's where one exists and are matched
//! case-insensitively. A value out of range or of the wrong type is
//! rejected with a message and the old value kept.

use vampirc_uci::{UciMessage, UciOptionConfig};

use crate::book::BUNDLED_NAME;
use crate::eval::nnue::EMBEDDED_NAME;
use crate::eval::Evaluator;
use crate::search::conspiracy;
use crate::search::interest::terms::{TermWeight, TermWeights, TERM_WEIGHTS};
use crate::search::interest::Plausibility;
use crate::search::strength::{MAX_ELO, MIN_ELO};
use crate::search::tunables::{AlphaBetaParams, TUNABLES};
use crate::search::MAX_MULTI_PV;
use crate::search::{SearchMode, SearchSettings};
use crate::settings::Settings;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check {
        default: bool,
    },
    Combo {
        default: &'static str,
        choices: &'static [&'static str],
    },
    /// A free text value (a file name).
    Text {
        default: &'static str,
    },
    Button,
}

/// Who an option is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Listed by `uci`: what a player sets in a GUI.
    Player,
    /// Listed only when the engine runs as `intrigue --all-options`, but
    /// always accepted by `setoption`: the knobs of A/B matches and tuning.
    Research,
}

/// What setting an option takes effect through.
#[derive(Clone, Copy, Debug)]
pub enum Apply {
    /// An action the engine carries out, made from the value.
    Engine(fn(Value) -> Result<Action, String>),
    /// Writes one field of the settings.
    Setting(fn(&mut Settings, Value) -> Result<(), String>),
    /// One of the alpha-beta search's tunable constants.
    Tunable(fn(&mut AlphaBetaParams) -> &mut i32),
    /// One interest term's weight.
    TermWeight(fn(&mut TermWeights) -> &mut i32),
}

/// What the engine does when an option that is not a setting is set: the
/// option's value, typed, so the engine matches on the action and never
/// on the option's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// `Hash`: a new table of this many MB, on the search thread.
    ResizeHash(usize),
    /// `Clear Hash`.
    ClearHash,
    /// `Threads`: this many search threads.
    SetThreads(usize),
    /// `UCI_Chess960`: castling written king-takes-rook, or not.
    SetChess960(bool),
    /// `BookFile`: a Polyglot file, or the bundled book.
    LoadBook(String),
    /// `SyzygyPath`: table folders, or none (`<empty>`).
    LoadTablebases(Option<String>),
    /// `EvalFile`: a network file, or the embedded network.
    LoadNetwork(String),
}

/// One option: everything about it is declared here, once.
#[derive(Clone, Debug)]
pub struct Spec {
    pub name: &'static str,
    pub kind: Kind,
    pub audience: Audience,
    /// What it does, as docs/options.md and the README print it.
    pub doc: &'static str,
    pub apply: Apply,
}

impl Spec {
    /// Writes a validated `value` into `settings`; an option that only the
    /// engine can carry out (an action, not a setting) is refused.
    pub fn write(&self, settings: &mut Settings, value: Value) -> Result<(), String> {
        match self.apply {
            Apply::Engine(_) => Err(format!("{}: not a setting", self.name)),
            Apply::Setting(set) => set(settings, value),
            Apply::Tunable(field) => set(field(&mut settings.search.alphabeta), value.int()? as i32),
            Apply::TermWeight(field) => set(field(&mut settings.search.interest.weights), value.int()? as i32),
        }
    }
}

/// The setters' common body: store the value, succeed.
fn set<T>(field: &mut T, value: T) -> Result<(), String> {
    *field = value;
    Ok(())
}

/// A validated option value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Int(i64),
    Bool(bool),
    /// One of a combo's choices, spelled as declared.
    Choice(&'static str),
    Text(String),
    Press,
}

impl Value {
    fn int(&self) -> Result<i64, String> {
        match self {
            Value::Int(n) => Ok(*n),
            other => Err(format!("expected a number, got {other:?}")),
        }
    }

    fn flag(&self) -> Result<bool, String> {
        match self {
            Value::Bool(b) => Ok(*b),
            other => Err(format!("expected true or false, got {other:?}")),
        }
    }

    fn text(&self) -> Result<String, String> {
        match self {
            Value::Text(t) => Ok(t.clone()),
            other => Err(format!("expected text, got {other:?}")),
        }
    }

    fn choice(&self) -> Result<&'static str, String> {
        match self {
            Value::Choice(c) => Ok(c),
            other => Err(format!("expected a choice, got {other:?}")),
        }
    }
}

pub const HASH: &str = "Hash";
pub const CLEAR_HASH: &str = "Clear Hash";
pub const MOVE_OVERHEAD: &str = "Move Overhead";
pub const PONDER: &str = "Ponder";
pub const THREADS: &str = "Threads";
pub const MULTI_PV: &str = "MultiPV";
pub const CHESS960: &str = "UCI_Chess960";
pub const SHOW_WDL: &str = "UCI_ShowWDL";
pub const OWN_BOOK: &str = "OwnBook";
/// Stockfish's name for choosing the network over the classical evaluation.
pub const USE_NNUE: &str = "Use NNUE";
/// Stockfish's name for the network file.
pub const EVAL_FILE: &str = "EvalFile";
pub const LIMIT_STRENGTH: &str = "UCI_LimitStrength";
pub const ELO: &str = "UCI_Elo";
pub const SYZYGY_PATH: &str = "SyzygyPath";
pub const SYZYGY_PROBE_DEPTH: &str = "SyzygyProbeDepth";
pub const SYZYGY_50_MOVE_RULE: &str = "Syzygy50MoveRule";
/// The `SyzygyPath` value for "no tables" (Stockfish's convention).
pub const NO_PATH: &str = "<empty>";
pub const BOOK_FILE: &str = "BookFile";
pub const BEST_BOOK_MOVE: &str = "BestBookMove";
pub const SEARCH_MODE: &str = "SearchMode";
pub const INTEREST_COST_SCALE: &str = "InterestCostScale";
pub const SEPARATE_TALLIES: &str = "SeparateTallies";
pub const INTEREST_CHECK_BONUS: &str = "InterestCheckBonus";
pub const INTEREST_SIBLING_SHARE: &str = "InterestSiblingShare";
pub const INTEREST_EVASION_SHARE: &str = "InterestEvasionShare";
pub const INTEREST_TERM_WEIGHT: &str = "InterestTermWeight";
pub const INTEREST_MODEL: &str = "InterestModel";
pub const INTEREST_LEARNED_SHARE: &str = "InterestLearnedShare";
pub const INTEREST_CUTOFF: &str = "InterestCutoff";
pub const INTEREST_DEEPENING: &str = "InterestDeepening";
pub const INTEREST_CAPTURES: &str = "InterestCaptures";
pub const INTEREST_TABLE_SCALE: &str = "InterestTableScale";
pub const INTEREST_TABLE_EXPONENT: &str = "InterestTableExponent";
pub const LATE_MOVE_REDUCTIONS: &str = "LateMoveReductions";
pub const LATE_MOVE_PRUNING: &str = "LateMovePruning";
pub const FORWARD_ESTIMATION: &str = "ForwardEstimation";
pub const FE_DELTA: &str = "FEDelta";
pub const CONSPIRACY_DEPTH: &str = "ConspiracyDepth";
pub const CONSPIRACY_RANGE: &str = "ConspiracyRange";
pub const CONSPIRACY_STEP: &str = "ConspiracyStep";
const MODE_CHOICES: [&str; 2] = [SearchMode::ALL[0].name(), SearchMode::ALL[1].name()];
const MODEL_CHOICES: [&str; 2] = [Plausibility::ALL[0].name(), Plausibility::ALL[1].name()];

/// Up to four search threads per CPU, as the issue asks; more only adds
/// contention.
pub fn max_threads() -> i64 {
    std::thread::available_parallelism().map_or(1, |n| n.get()) as i64 * 4
}

/// Largest hash a user may ask for, in MB (Stockfish's 64-bit limit is
/// larger; this is what any machine we target can hold and is what the
/// issue specifies).
pub const MAX_HASH_MB: i64 = 65_536;

fn player(name: &'static str, kind: Kind, doc: &'static str, apply: Apply) -> Spec {
    Spec { name, kind, audience: Audience::Player, doc, apply }
}

fn research(name: &'static str, kind: Kind, doc: &'static str, set: fn(&mut Settings, Value) -> Result<(), String>) -> Spec {
    Spec { name, kind, audience: Audience::Research, doc, apply: Apply::Setting(set) }
}

/// Every option, players' first, in the order `uci` lists them.
pub fn table() -> Vec<Spec> {
    use Action::*;
    use Apply::{Engine, Setting};
    let d = Settings::default();
    let interest = d.search.interest;
    let late = d.search.late;
    let forward = d.search.forward;
    let cn = d.search.conspiracy;
    let tb = d.search.tablebase;
    let check = |default| Kind::Check { default };
    let mut specs = vec![
        player(
            THREADS,
            Kind::Spin { default: 1, min: 1, max: max_threads() },
            "search threads (Lazy SMP on one table)",
            Engine(|v| Ok(SetThreads(v.int()? as usize))),
        ),
        player(
            HASH,
            Kind::Spin { default: 16, min: 1, max: MAX_HASH_MB },
            "table size in MB, resized on the search thread",
            Engine(|v| Ok(ResizeHash(v.int()? as usize))),
        ),
        player(CLEAR_HASH, Kind::Button, "empty the table", Engine(|_| Ok(ClearHash))),
        player(
            MOVE_OVERHEAD,
            spin(d.move_overhead_ms as u32, 0, 5000),
            "ms kept back per move for GUI and network lag",
            Setting(|s, v| set(&mut s.move_overhead_ms, v.int()? as u64)),
        ),
        player(PONDER, check(false), "the GUI may send `go ponder` (nothing to prepare)", Setting(|_, v| v.flag().map(drop))),
        player(
            MULTI_PV,
            spin(d.multi_pv as u32, 1, MAX_MULTI_PV as i64),
            "lines searched and reported, best first; `bestmove` is the first's",
            Setting(|s, v| set(&mut s.multi_pv, v.int()? as usize)),
        ),
        player(
            CHESS960,
            check(false),
            "castling written king-takes-rook (`e1h1`); any FEN style is read",
            Engine(|v| Ok(SetChess960(v.flag()?))),
        ),
        player(
            SHOW_WDL,
            check(d.show_wdl),
            "add `wdl W D L` (per mille) to each score, from a model fitted to Intrigue's own games",
            Setting(|s, v| set(&mut s.show_wdl, v.flag()?)),
        ),
        player(
            OWN_BOOK,
            check(d.own_book),
            "play from the opening book until the game leaves it (not when pondering or in `go infinite`)",
            Setting(|s, v| set(&mut s.own_book, v.flag()?)),
        ),
        player(
            BOOK_FILE,
            Kind::Text { default: BUNDLED_NAME },
            "a Polyglot `.bin` book; `<bundled>` is Intrigue's own (`book/`)",
            Engine(|v| Ok(LoadBook(v.text()?))),
        ),
        player(
            BEST_BOOK_MOVE,
            check(d.best_book_move),
            "always the book's heaviest move, not a weighted choice",
            Setting(|s, v| set(&mut s.best_book_move, v.flag()?)),
        ),
        player(
            SYZYGY_PATH,
            Kind::Text { default: NO_PATH },
            "Syzygy table folders, `:`-separated (`;` on Windows)",
            Engine(|v| Ok(LoadTablebases(Some(v.text()?).filter(|path| path != NO_PATH)))),
        ),
        player(
            SYZYGY_PROBE_DEPTH,
            spin(tb.probe_depth as u32, 1, 100),
            "probe in the search only with this many plies left",
            Setting(|s, v| set(&mut s.search.tablebase.probe_depth, v.int()? as i32)),
        ),
        player(
            SYZYGY_50_MOVE_RULE,
            check(tb.fifty_move_rule),
            "results the fifty-move rule spoils count as draws",
            Setting(|s, v| set(&mut s.search.tablebase.fifty_move_rule, v.flag()?)),
        ),
        player(
            LIMIT_STRENGTH,
            check(d.limit_strength),
            "play at `UCI_Elo` in the `SearchMode` chosen: a shallower, more impulsive search, not random blunders",
            Setting(|s, v| set(&mut s.limit_strength, v.flag()?)),
        ),
        player(
            ELO,
            spin(d.elo, MIN_ELO as i64, MAX_ELO as i64),
            "the rating aimed at, on Stockfish's `UCI_Elo` scale, by either `SearchMode`; 2850 is full strength",
            Setting(|s, v| set(&mut s.elo, v.int()? as u32)),
        ),
        player(
            USE_NNUE,
            check(d.search.evaluator == Evaluator::Network),
            "the network's correction on top of the classical evaluation",
            Setting(|s, v| set(&mut s.search.evaluator, Evaluator::using_network(v.flag()?))),
        ),
        player(
            EVAL_FILE,
            Kind::Text { default: EMBEDDED_NAME },
            "the network file (`intrigue-tools train` writes them); `<embedded>` is the one built in",
            Engine(|v| Ok(LoadNetwork(v.text()?))),
        ),
        player(
            SEARCH_MODE,
            Kind::Combo { default: d.search.mode.name(), choices: &MODE_CHOICES },
            "`Interest`: a move costs by its plausibility; `AlphaBeta`: by the late-move table",
            Setting(|s, v| set(&mut s.search.mode, SearchMode::from_name(v.choice()?).ok_or("unknown mode")?)),
        ),
        research(
            INTEREST_COST_SCALE,
            spin(interest.cost_scale, 1, 10_000),
            "K in cost = K / interest plies when InterestTableScale is off: a quiet move of interest K costs one ply",
            |s, v| set(&mut s.search.interest.cost_scale, v.int()? as u32),
        ),
        research(
            SEPARATE_TALLIES,
            check(interest.separate_tallies),
            "one cost tally per side, the article's rule (false: one tally both sides share)",
            |s, v| set(&mut s.search.interest.separate_tallies, v.flag()?),
        ),
        research(
            INTEREST_SIBLING_SHARE,
            spin(interest.sibling_share_percent, 0, 100),
            "% of what a node's earlier moves cost that a later move pays too (100: the article's `total_cost_this_ply`)",
            |s, v| set(&mut s.search.interest.sibling_share_percent, v.int()? as u32),
        ),
        research(
            INTEREST_CUTOFF,
            check(interest.cutoff),
            "the article's cut-off: a later quiet move whose price passes what the line has left is not searched",
            |s, v| set(&mut s.search.interest.cutoff, v.flag()?),
        ),
        research(
            INTEREST_DEEPENING,
            spin(interest.deepening_percent, 0, 100),
            "% of a ply a plausible move may cost less than one ply (two plies a line at most); 0: interest never deepens",
            |s, v| set(&mut s.search.interest.deepening_percent, v.int()? as u32),
        ),
        research(
            INTEREST_CAPTURES,
            check(interest.price_captures),
            "later captures and promotions priced by their interest like quiet moves (term 9 rates a capture by what it wins), not one ply",
            |s, v| set(&mut s.search.interest.price_captures, v.flag()?),
        ),
        research(
            INTEREST_TABLE_SCALE,
            check(interest.table_scale),
            "K per node from alpha-beta's late-move table: a move rated as term 1's share is reduced as alpha-beta reduces it, a more interesting one less (see InterestTableExponent)",
            |s, v| set(&mut s.search.interest.table_scale, v.flag()?),
        ),
        research(
            INTEREST_TABLE_EXPONENT,
            spin(interest.table_exponent_percent, 0, 200),
            "with `InterestTableScale`: the surcharge is the table's times (term 1's share / interest) to this power, in %",
            |s, v| set(&mut s.search.interest.table_exponent_percent, v.int()? as u32),
        ),
        research(
            INTEREST_CHECK_BONUS,
            spin(interest.weights.check_bonus as u32, 0, 1000),
            "term 10's bonus for a check (doubled after our own check)",
            |s, v| set(&mut s.search.interest.weights.check_bonus, v.int()? as i32),
        ),
        research(
            INTEREST_EVASION_SHARE,
            spin(interest.weights.evasion_share as u32, 0, 10_000),
            "term 2: interest shared among the replies to a check",
            |s, v| set(&mut s.search.interest.weights.evasion_share, v.int()? as i32),
        ),
        research(
            INTEREST_TERM_WEIGHT,
            spin(interest.weights.term_percent as u32, 0, 400),
            "% weight of terms 2-14, 16 and 17 against the base share 1000/N",
            |s, v| set(&mut s.search.interest.weights.term_percent, v.int()? as i32),
        ),
        research(
            INTEREST_MODEL,
            Kind::Combo { default: interest.plausibility.name(), choices: &MODEL_CHOICES },
            "a quiet move's interest from the article's terms as hand-set, or weighted as fitted (`intrigue-tools interest fit`)",
            |s, v| set(&mut s.search.interest.plausibility, Plausibility::from_name(v.choice()?).ok_or("unknown model")?),
        ),
        research(
            INTEREST_LEARNED_SHARE,
            spin(interest.learned_percent, 0, 200),
            "% of the fitted log-odds learned interest takes: with the table's K, of what the move's facts add beyond its place and history; with the constant K, of all of it (100: cost is the inverse of the fitted probability)",
            |s, v| set(&mut s.search.interest.learned_percent, v.int()? as u32),
        ),
        research(
            LATE_MOVE_REDUCTIONS,
            check(late.reductions),
            "alpha-beta's late-move reductions; off with `LateMovePruning` off, AlphaBeta is the plain search of the article's table",
            |s, v| set(&mut s.search.late.reductions, v.flag()?),
        ),
        research(LATE_MOVE_PRUNING, check(late.pruning), "skip late quiet moves near the horizon, in both modes", |s, v| {
            set(&mut s.search.late.pruning, v.flag()?)
        }),
        research(
            FORWARD_ESTIMATION,
            check(forward.enabled),
            "Zhang's forward estimation: skip a node whose reachable value range cannot touch the window",
            |s, v| set(&mut s.search.forward.enabled, v.flag()?),
        ),
        research(
            FE_DELTA,
            spin(forward.delta_percent as u32, 10, 100),
            "δ in %: the share of forward estimation's learned bounds trusted (smaller prunes more)",
            |s, v| set(&mut s.search.forward.delta_percent, v.int()? as i32),
        ),
        research(
            CONSPIRACY_DEPTH,
            spin(cn.depth, 0, conspiracy::MAX_DEPTH as i64),
            "x > 0, even: the root move by conspiracy-adjusted evaluation over the full-width x-ply tree",
            |s, v| s.search.conspiracy.set_depth(v.int()?),
        ),
        research(
            CONSPIRACY_RANGE,
            spin(cn.range as u32, 10, 1000),
            "CAEV integrates over the minimax value ± this many cp …",
            |s, v| set(&mut s.search.conspiracy.range, v.int()? as i32),
        ),
        research(CONSPIRACY_STEP, spin(cn.step as u32, 1, 100), "… in segments of this many cp", |s, v| {
            set(&mut s.search.conspiracy.step, v.int()? as i32)
        }),
    ];
    specs.extend(TERM_WEIGHTS.iter().map(|t| Spec {
        name: t.name,
        kind: Kind::Spin { default: t.default_value() as i64, min: 0, max: TermWeight::MAX_PERCENT as i64 },
        audience: Audience::Research,
        doc: t.doc,
        apply: Apply::TermWeight(t.field),
    }));
    specs.extend(TUNABLES.iter().map(|t| Spec {
        name: t.name,
        kind: Kind::Spin { default: t.default_value() as i64, min: t.min as i64, max: t.max as i64 },
        audience: Audience::Research,
        doc: t.doc,
        apply: Apply::Tunable(t.field),
    }));
    specs
}

fn spin(default: u32, min: i64, max: i64) -> Kind {
    Kind::Spin { default: default as i64, min, max }
}

/// The weights of terms 2 and 10 and of all terms: constants of the
/// interest rule whatever sets its K.
const TERM_CONSTANTS: [&str; 3] = [INTEREST_CHECK_BONUS, INTEREST_EVASION_SHARE, INTEREST_TERM_WEIGHT];

/// The constant K's own knobs: `K` and the sibling share (with the
/// table's K, the default, neither is read).
const CONSTANT_K: [&str; 2] = [INTEREST_COST_SCALE, INTEREST_SIBLING_SHARE];

/// Alpha-beta constants that only its late-move table reads; interest
/// search reads them too when its K comes from the table.
const LATE_MOVE_TABLE: [&str; 2] = ["LmrBase", "LmrDivisor"];

/// Whether interest search as it plays by default takes K from the
/// late-move table (`InterestTableScale`).
fn interest_reads_the_table() -> bool {
    Settings::default().search.interest.table_scale
}

/// The interest rule's own constants besides the term weights, as the
/// default rule reads them: the table's exponent with the table's K, K
/// and the sibling share with the constant one; the term weights either
/// way. Tuning a knob the rule does not read would only add noise.
fn is_interest_constant(name: &str) -> bool {
    TERM_CONSTANTS.contains(&name) || if interest_reads_the_table() { name == INTEREST_TABLE_EXPONENT } else { CONSTANT_K.contains(&name) }
}

/// Whether a tuner of `mode` should move this option: every constant that
/// mode's search reads (interest search shares the walker's pruning
/// constants and `LmrHistory`, and the late-move table when its K comes
/// from it).
fn tuned_in(spec: &Spec, mode: SearchMode) -> bool {
    match (spec.apply, mode) {
        (Apply::Tunable(_), SearchMode::AlphaBeta) => true,
        (Apply::Tunable(_), SearchMode::Interest) => interest_reads_the_table() || !LATE_MOVE_TABLE.contains(&spec.name),
        (Apply::TermWeight(_), mode) => mode == SearchMode::Interest,
        (_, mode) => mode == SearchMode::Interest && is_interest_constant(spec.name),
    }
}

/// One constant an SPSA tuner moves: the option's name, its default, the
/// range explored, and OpenBench's final perturbation and learning rate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpsaParam {
    pub name: &'static str,
    pub default: i64,
    pub min: i64,
    pub max: i64,
    /// The perturbation at the last iteration: a twentieth of the range
    /// explored, at least 1.
    pub c_end: f64,
    /// The learning rate at the last iteration: OpenBench's usual 0.002.
    pub r_end: f64,
}

/// The constants a tuner of `mode` moves, in the option table's order.
/// The interest constants' options allow far more than a tuner should try
/// (K up to 10,000): it explores half to twice the default.
pub fn spsa_params(mode: SearchMode) -> Vec<SpsaParam> {
    table()
        .iter()
        .filter(|spec| tuned_in(spec, mode))
        .filter_map(|spec| match spec.kind {
            Kind::Spin { default, min, max } => {
                let (min, max) = if is_interest_constant(spec.name) { (min.max(default / 2), max.min(default * 2)) } else { (min, max) };
                let c_end = ((max - min) as f64 / 20.0).max(1.0);
                Some(SpsaParam { name: spec.name, default, min, max, c_end, r_end: 0.002 })
            }
            _ => None,
        })
        .collect()
}

/// The constants interest search reads and alpha-beta does not (the
/// table's exponent, or K and the sibling share, and the term weights):
/// tuning them leaves AlphaBeta mode, the yardstick, as it is.
pub fn interest_only_params() -> Vec<SpsaParam> {
    let shared = spsa_params(SearchMode::AlphaBeta);
    spsa_params(SearchMode::Interest).into_iter().filter(|p| !shared.iter().any(|s| s.name == p.name)).collect()
}

/// OpenBench's SPSA input for tuning `mode`, one line per option:
/// `name, int, value, min, max, c_end, r_end` ([`spsa_params`]). Every
/// option listed is a UCI spin (shown with `--all-options`), so tuning
/// needs no rebuild.
pub fn spsa_lines(mode: SearchMode) -> Vec<String> {
    spsa_params(mode).iter().map(|p| format!("{}, int, {}, {}, {}, {:.1}, {}", p.name, p.default, p.min, p.max, p.c_end, p.r_end)).collect()
}

/// The option reference as a Markdown table of one audience's options
/// (docs/options.md and the README print these; a test keeps them equal).
pub fn markdown(audience: Audience) -> String {
    let mut out = String::from("| option | type | default | what it does |\n|---|---|---|---|\n");
    for spec in table().iter().filter(|s| s.audience == audience) {
        let (kind, default) = match &spec.kind {
            // The machine sets the most threads; the reference says how.
            Kind::Spin { default, min, .. } if spec.name == THREADS => (format!("spin {min}…4 × CPUs"), default.to_string()),
            Kind::Spin { default, min, max } => (format!("spin {min}…{max}"), default.to_string()),
            Kind::Check { default } => ("check".to_string(), default.to_string()),
            Kind::Combo { default, choices } => (format!("combo {}", choices.join(" / ")), default.to_string()),
            Kind::Text { default } => ("string".to_string(), format!("`{default}`")),
            Kind::Button => ("button".to_string(), String::new()),
        };
        out.push_str(&format!("| `{}` | {kind} | {default} | {} |\n", spec.name, spec.doc));
    }
    out
}

/// Search settings for a tool or the bench: default ones in `mode`
/// (`interest` or `alphabeta`, any case), with `Name=Value` overrides for
/// any option that is a search setting (`InterestCostScale=150`,
/// `RazorDepth=0`, `Use NNUE=false` or `UseNNUE=false`), each checked as
/// `setoption` checks it.
pub fn search_settings(mode: Option<&str>, overrides: &[String]) -> Result<SearchSettings, String> {
    let mut settings = Settings::default();
    if let Some(name) = mode {
        settings.search.mode =
            SearchMode::from_name(name).ok_or_else(|| format!("unknown search mode '{name}' (interest or alphabeta)"))?;
    }
    for arg in overrides {
        let (name, value) = arg.split_once('=').ok_or_else(|| format!("expected Name=Value, got '{arg}'"))?;
        let name = if name.eq_ignore_ascii_case("UseNNUE") { USE_NNUE } else { name };
        let (spec, value) = validate(name, Some(value))?;
        let before = settings;
        let written = spec.write(&mut settings, value);
        if written.is_err() || (Settings { search: before.search, ..settings }) != before {
            return Err(format!("{}: not a search setting ('intrigue options' lists them)", spec.name));
        }
    }
    Ok(settings.search)
}

/// docs/options.md: every option, players' and research knobs, as
/// `intrigue options` prints it (a test keeps the file equal to this).
pub fn reference() -> String {
    format!(
        "# Options\n\n\
         Generated from the option table (`src/uci/options.rs`) by `intrigue options`.\n\
         Names are matched case-insensitively; a value out of range or of the wrong type is\n\
         refused with an `info string error` and the option keeps its value.\n\n\
         ## For players\n\n\
         Listed by `uci`, so a GUI's dialog shows them.\n\n{}\n\
         ## Research knobs\n\n\
         The interest rule's constants, alpha-beta's switches and tunables, forward estimation and\n\
         the conspiracy player: the knobs of A/B matches and tuning. `uci` lists them only when\n\
         the engine runs as `intrigue --all-options` (cutechess-cli and match.py:\n\
         `arg=--all-options`; fastchess: `args=--all-options`); `setoption` accepts them either\n\
         way, and `bench` and `epd` take them as `Name=Value`. What each was measured to be\n\
         worth is in changelog.md.\n\n{}",
        markdown(Audience::Player),
        markdown(Audience::Research)
    )
}

/// The `option name … type …` line for one option (formatted by vampirc-uci).
pub fn declaration(spec: &Spec) -> String {
    let name = spec.name.to_string();
    let config = match spec.kind {
        Kind::Spin { default, min, max } => UciOptionConfig::Spin { name, default: Some(default), min: Some(min), max: Some(max) },
        Kind::Check { default } => UciOptionConfig::Check { name, default: Some(default) },
        Kind::Combo { default, choices } => {
            UciOptionConfig::Combo { name, default: Some(default.to_string()), var: choices.iter().map(|c| c.to_string()).collect() }
        }
        Kind::Text { default } => UciOptionConfig::String { name, default: Some(default.to_string()) },
        Kind::Button => UciOptionConfig::Button { name },
    };
    UciMessage::Option(config).to_string()
}

/// Looks `name` up (case-insensitively) and checks `value` against its type
/// and range.
pub fn validate(name: &str, value: Option<&str>) -> Result<(Spec, Value), String> {
    let spec = table().into_iter().find(|s| s.name.eq_ignore_ascii_case(name)).ok_or_else(|| format!("no such option '{name}'"))?;
    let value = match (&spec.kind, value) {
        (Kind::Button, _) => Value::Press,
        (Kind::Spin { min, max, .. }, Some(v)) => match v.parse::<i64>() {
            Ok(n) if (*min..=*max).contains(&n) => Value::Int(n),
            Ok(n) => return Err(format!("{}: {n} is out of range {min}..{max}", spec.name)),
            Err(_) => return Err(format!("{}: '{v}' is not an integer", spec.name)),
        },
        (Kind::Check { .. }, Some(v)) => match v.to_ascii_lowercase().as_str() {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => return Err(format!("{}: '{v}' is not true or false", spec.name)),
        },
        (Kind::Combo { choices, .. }, Some(v)) => match choices.iter().find(|c| c.eq_ignore_ascii_case(v)) {
            Some(c) => Value::Choice(c),
            None => return Err(format!("{}: '{v}' is not one of {}", spec.name, choices.join(", "))),
        },
        (Kind::Text { .. }, Some(v)) if !v.trim().is_empty() => Value::Text(v.trim().to_string()),
        (_, None) | (Kind::Text { .. }, Some(_)) => return Err(format!("{}: missing value", spec.name)),
    };
    Ok((spec, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The action `setoption name NAME value VALUE` asks the engine for.
    fn action(name: &str, value: Option<&str>) -> Result<Action, String> {
        let (spec, value) = validate(name, value)?;
        match spec.apply {
            Apply::Engine(make) => make(value),
            _ => Err(format!("{name} is a setting")),
        }
    }

    #[test]
    fn actions_carry_the_value_typed() {
        assert_eq!(action("hash", Some("64")), Ok(Action::ResizeHash(64)));
        assert_eq!(action("Clear Hash", None), Ok(Action::ClearHash));
        assert_eq!(action("Threads", Some("3")), Ok(Action::SetThreads(3)));
        assert_eq!(action("UCI_Chess960", Some("true")), Ok(Action::SetChess960(true)));
        assert_eq!(action("BookFile", Some("my.bin")), Ok(Action::LoadBook("my.bin".into())));
        assert_eq!(action("SyzygyPath", Some("/tb")), Ok(Action::LoadTablebases(Some("/tb".into()))));
        assert_eq!(action("SyzygyPath", Some(NO_PATH)), Ok(Action::LoadTablebases(None)), "<empty> unloads the tables");
        assert_eq!(action("EvalFile", Some(EMBEDDED_NAME)), Ok(Action::LoadNetwork(EMBEDDED_NAME.into())));
        assert!(action("Hash", Some("0")).is_err(), "out of range before any action");
        assert!(action("MultiPV", Some("2")).is_err(), "MultiPV is a setting, not an action");
    }

    #[test]
    fn declarations_look_like_uci() {
        let lines: Vec<String> = table().iter().map(declaration).collect();
        assert!(lines.contains(&"option name Hash type spin default 16 min 1 max 65536".to_string()), "{lines:?}");
        assert!(lines.contains(&"option name Clear Hash type button".to_string()));
        assert!(lines.contains(&"option name Ponder type check default false".to_string()));
        let mode = format!("option name SearchMode type combo default {} var Interest var AlphaBeta", SearchMode::default().name());
        assert!(lines.contains(&mode), "{lines:?}");
        assert!(lines.contains(&"option name SeparateTallies type check default true".to_string()));
        assert!(lines.contains(&"option name BookFile type string default <bundled>".to_string()), "{lines:?}");
        assert!(lines.contains(&"option name ForwardEstimation type check default false".to_string()));
        assert!(lines.contains(&"option name FEDelta type spin default 100 min 10 max 100".to_string()));
        assert!(lines.contains(&"option name ConspiracyDepth type spin default 0 min 0 max 4".to_string()));
    }

    #[test]
    fn combo_values_are_checked_against_their_choices() {
        assert_eq!(validate("searchmode", Some("alphabeta")).unwrap().1, Value::Choice(SearchMode::AlphaBeta.name()));
        assert!(validate("SearchMode", Some("Minimax")).unwrap_err().contains("not one of Interest, AlphaBeta"));
        assert!(validate("InterestSiblingShare", Some("101")).unwrap_err().contains("out of range"));
    }

    #[test]
    fn names_match_case_insensitively() {
        assert_eq!(validate("hash", Some("32")).unwrap().1, Value::Int(32));
        assert_eq!(validate("MOVE OVERHEAD", Some("0")).unwrap().1, Value::Int(0));
        assert_eq!(validate("ponder", Some("TRUE")).unwrap().1, Value::Bool(true));
    }

    #[test]
    fn bad_values_are_rejected_with_a_reason() {
        assert!(validate("Hash", Some("0")).unwrap_err().contains("out of range"));
        assert!(validate("Hash", Some("65537")).unwrap_err().contains("out of range"));
        assert!(validate("Hash", Some("big")).unwrap_err().contains("not an integer"));
        assert!(validate("Hash", None).unwrap_err().contains("missing value"));
        assert!(validate("Ponder", Some("yes")).is_err());
        assert!(validate("Nonsense", Some("1")).unwrap_err().contains("no such option"));
    }

    #[test]
    fn spsa_lists_the_constants_each_mode_reads_in_openbench_form() {
        let alphabeta = spsa_lines(SearchMode::AlphaBeta);
        assert_eq!(alphabeta.len(), TUNABLES.len());
        assert_eq!(alphabeta[0], "RfpMargin, int, 80, 20, 300, 14.0, 0.002");
        let interest = spsa_lines(SearchMode::Interest);
        let names: Vec<&str> = interest.iter().map(|l| l.split(',').next().unwrap()).collect();
        let read = TERM_CONSTANTS.iter().chain(TERM_WEIGHTS.iter().map(|w| &w.name));
        for name in read.chain(["RfpMargin", "LmrHistory", INTEREST_TABLE_EXPONENT].iter()) {
            assert!(names.contains(name), "{name} missing from {names:?}");
        }
        // The default K comes from the late-move table, bent by the exponent:
        // the table's constants move it, the constant K and sibling share do not.
        assert!(names.contains(&"LmrBase") && names.contains(&"LmrDivisor"), "interest search reads the late-move table: {names:?}");
        assert!(!names.contains(&INTEREST_COST_SCALE) && !names.contains(&INTEREST_SIBLING_SHARE), "unread by the table's K: {names:?}");
        assert!(interest.contains(&"InterestKiller, int, 100, 0, 400, 20.0, 0.002".to_string()), "{interest:?}");
        assert!(interest.contains(&"InterestTableExponent, int, 50, 25, 100, 3.8, 0.002".to_string()), "half to twice: {interest:?}");
    }

    #[test]
    fn the_interest_only_constants_are_those_alphabeta_does_not_read() {
        let only: Vec<&str> = interest_only_params().iter().map(|p| p.name).collect();
        let own = TERM_CONSTANTS.iter().chain(TERM_WEIGHTS.iter().map(|w| &w.name)).chain([INTEREST_TABLE_EXPONENT].iter());
        for name in own {
            assert!(only.contains(name), "{name} missing from {only:?}");
        }
        assert_eq!(only.len(), TERM_CONSTANTS.len() + TERM_WEIGHTS.len() + 1, "no shared constant: {only:?}");
    }
}
