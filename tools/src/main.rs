//! `intrigue-tools`: the tools that built Intrigue's evaluation, network,
//! book and learned interest, and the random-tree lab. The engine itself
//! is the `intrigue` binary; these are for its developers
//! (docs/tools.md).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use intrigue::game::Game;
use intrigue::search::{SearchMode, SearchSettings};
use intrigue::uci::options::{search_settings, SpsaParam};
use intrigue_tools::lab::{self, ConspiracyArgs, ForwardArgs};
use intrigue_tools::{datagen, epd, interest_fit, label, relabel, selfplay, spsa, train, tune, wdl_fit};
use shakmaty::CastlingMode;

#[derive(Parser)]
#[command(name = "intrigue-tools", version, about = "Intrigue's training, tuning and research tools")]
struct Cli {
    #[command(subcommand)]
    command: Tool,
}

#[derive(Subcommand)]
enum Tool {
    /// Self-play training positions: 'FEN [result]' lines on stdout.
    Datagen {
        /// Opening positions (EPD, one per line).
        openings: PathBuf,
        games: usize,
        /// Nodes searched per move.
        nodes: u64,
        #[arg(default_value_t = 1)]
        threads: usize,
        /// Index of the first opening to play (to continue a run).
        #[arg(default_value_t = 0)]
        first: usize,
    },
    /// Network data: self-play positions with Intrigue's score and the result, as marlinformat
    /// records appended to OUT; run the same command again to carry on after a stop.
    Selfplay {
        /// Opening positions (EPD, one per line).
        openings: PathBuf,
        /// The data file (OUT.progress beside it records how far it got).
        out: PathBuf,
        /// Games the file should hold when the run ends.
        games: usize,
        /// Nodes searched per move.
        #[arg(default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: u64,
        #[arg(default_value_t = 1)]
        threads: usize,
        /// Random legal moves after each opening, so that one opening gives many games.
        #[arg(long, default_value_t = 8)]
        random_plies: usize,
        /// Seeds the random moves (a file keeps one seed).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Keep every Nth position the searches evaluate, scored by the static evaluation
        /// (data to distil the evaluation into a network), instead of the games' quiet positions.
        #[arg(long, default_value_t = 0)]
        tree_sample: u32,
    },
    /// Marlinformat data files: what is in one, or its records as text.
    #[command(subcommand)]
    Records(RecordsTool),
    /// Training lines 'FEN [result]' from the games of PGN files.
    Positions {
        #[arg(required = true)]
        pgn: Vec<PathBuf>,
    },
    /// Relabel 'FEN [R]' lines with (1-WEIGHT)·R + WEIGHT·(a UCI engine's score at DEPTH).
    Label {
        data: PathBuf,
        /// The teacher: a UCI engine's executable.
        engine: String,
        /// Search depth; 0 takes the engine's static evaluation (Stockfish's 'eval').
        #[arg(default_value_t = 7)]
        depth: u32,
        #[arg(default_value_t = 0.5, value_parser = unit_interval)]
        weight: f64,
        /// Label every STEP-th line.
        #[arg(default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
        step: u64,
        /// Teacher engines run at once.
        #[arg(default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
        threads: u64,
    },
    /// Texel-tune the evaluation weights on 'FEN [score]' lines; prints them as Rust source.
    Tune {
        data: PathBuf,
        #[arg(default_value_t = 500, value_parser = clap::value_parser!(u64).range(1..))]
        epochs: u64,
        #[arg(default_value_t = 1e-7)]
        l2: f64,
        /// 'placement' fits the piece-square tables too; 'only=NAME,...' just the named weights.
        fit: Option<String>,
    },
    /// Train a network: a correction of the classical evaluation on 'FEN [target]' lines, or with --whole the whole evaluation.
    Train {
        data: PathBuf,
        /// The network file to write (the shipped one is src/eval/intrigue.nnue).
        out: PathBuf,
        #[arg(default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..))]
        epochs: u64,
        #[arg(default_value_t = 0.001)]
        rate: f32,
        #[arg(default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=256))]
        threads: u64,
        /// Train a whole-evaluation network, not a correction: on marlinformat records
        /// (`selfplay`'s files), or on a teacher's 'FEN [T]' lines when DATA ends in .txt.
        #[arg(long)]
        whole: bool,
        /// With --whole: the share of the target taken from the game's result, the rest from the score.
        #[arg(long, default_value_t = 0.3, value_parser = unit_interval_f32)]
        result_weight: f32,
        /// With --whole on records: score each position by the engine's own static evaluation
        /// (classical + shipped correction) instead of the recorded search score: a distillation.
        #[arg(long)]
        static_teacher: bool,
        /// Hidden units per point of view: 128 (the shipped network's), 256 or 512.
        #[arg(long, default_value_t = intrigue::eval::nnue::HIDDEN, value_parser = network_width)]
        width: usize,
        /// Start from this network file instead of random weights (its kind and width must be the run's);
        /// the first line printed is then its loss on the held-out positions.
        #[arg(long, value_name = "NET")]
        init: Option<String>,
        /// Leave out positions where the side to move is in check or has a capture or promotion
        /// that wins material by SEE: a static label there prices a tactic, not the position.
        #[arg(long)]
        quiet: bool,
    },
    /// Learned interest: log the engine's choices, fit the weights.
    #[command(subcommand)]
    Interest(InterestTool),
    /// The win/draw/loss model of UCI_ShowWDL.
    #[command(subcommand)]
    Wdl(WdlTool),
    /// Solve an EPD suite (bm/am), MS ms per position.
    Epd {
        file: PathBuf,
        #[arg(default_value_t = 250, value_parser = clap::value_parser!(u64).range(1..))]
        ms: u64,
        #[command(flatten)]
        search: SearchArgs,
        /// A network file to evaluate with, as the engine's EvalFile option (the embedded one by default).
        #[arg(long, value_name = "FILE")]
        eval_file: Option<String>,
    },
    /// The bench's trees, one row per iteration: nodes, branching factor, PV length, where lines end.
    Shape {
        #[arg(default_value_t = intrigue::bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: u32,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// The constants a search mode reads, as OpenBench SPSA input; with --iterations, tune them by self-play.
    Spsa {
        /// interest (the default: the table's exponent, term weights, late-move table and pruning constants) or alphabeta.
        mode: Option<String>,
        /// Tune instead of listing: this many iterations, a game pair each, at fixed nodes (needs --openings).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        iterations: Option<u64>,
        /// Opening positions (EPD or FEN lines), one drawn at random for each pair.
        #[arg(long, value_name = "FILE")]
        openings: Option<PathBuf>,
        /// Nodes a move in the tuning games.
        #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(100..))]
        nodes: u64,
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
        threads: u64,
        /// Every constant's final learning rate (OpenBench's 0.002 by default; a short run wants more).
        #[arg(long)]
        r_end: Option<f64>,
        /// In interest mode, also the constants alpha-beta shares (the late-move table, pruning; by default
        /// only the table's exponent and the term weights move, so AlphaBeta mode stays as it is).
        #[arg(long)]
        shared: bool,
        /// Only these constants (comma-separated option names).
        #[arg(long, value_delimiter = ',')]
        only: Vec<String>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Opening books: build the bundled one, make opening sets, look up moves.
    #[command(subcommand)]
    Book(BookTool),
    /// The papers' experiments on random game trees (docs/lab.md).
    #[command(subcommand)]
    Lab(LabTool),
}

#[derive(Subcommand)]
enum InterestTool {
    /// Self-play games logging each deep node's later quiet moves and which was best.
    Data {
        openings: PathBuf,
        games: usize,
        nodes: u64,
        /// interest (the default) or alphabeta.
        mode: Option<String>,
        #[arg(default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
        threads: u64,
        /// Name=Value for any search setting ('intrigue options').
        #[arg(value_name = "NAME=VALUE")]
        settings: Vec<String>,
    },
    /// Fit learned interest's weights; prints held-out cross-entropy against the hand-set terms.
    Fit {
        data: PathBuf,
        #[arg(default_value_t = 1e-4)]
        l2: f64,
    },
}

#[derive(Subcommand)]
enum WdlTool {
    /// Fit the model to games whose move comments carry scores (cutechess-cli, match.py).
    Fit {
        #[arg(required = true)]
        pgn: Vec<PathBuf>,
    },
}

#[derive(Subcommand)]
enum BookTool {
    /// A Polyglot book from a text file of opening lines.
    Build { source: PathBuf, out: PathBuf },
    /// An opening set: each line's position after PLIES plies, as EPD.
    Epd {
        source: PathBuf,
        out: PathBuf,
        #[arg(default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..))]
        plies: u64,
    },
    /// The moves a Polyglot book has for a position.
    Show {
        /// A .bin book, or <bundled>.
        #[arg(default_value = intrigue::book::BUNDLED_NAME)]
        file: String,
        /// The position (FEN, in one or several words); the start position if none.
        fen: Vec<String>,
    },
}

#[derive(Subcommand)]
enum LabTool {
    /// Alpha-beta against forward estimation (exact and learned bounds) at each depth.
    ForwardEstimation(ForwardArgs),
    /// Conspiracy numbers and CAEV on random trees, checked against brute force.
    Conspiracy(ConspiracyArgs),
}

/// The search a tool runs: a mode and any option that is a search setting.
#[derive(Subcommand)]
enum RecordsTool {
    /// Records, results and scores in a marlinformat file.
    Info { file: PathBuf },
    /// Every record as 'FEN | score | result' (White's view), the text format trainers convert from.
    Text {
        file: PathBuf,
        /// Only the quiet positions, as `train --quiet` keeps them (so only those need a teacher's label).
        #[arg(long)]
        quiet: bool,
    },
    /// One of every EVERY records, scored afresh by a search of NODES nodes (appends to OUT; resumable).
    Relabel {
        input: PathBuf,
        out: PathBuf,
        nodes: u64,
        threads: u32,
        #[arg(long, default_value_t = 1)]
        every: usize,
        /// Half the difference from the score with the other side to move: no side-to-move bonus.
        #[arg(long)]
        balanced: bool,
    },
}

#[derive(Args)]
struct SearchArgs {
    /// interest (the default) or alphabeta.
    mode: Option<String>,
    /// Name=Value for any search setting ('intrigue options'), e.g. InterestTableExponent=100.
    #[arg(value_name = "NAME=VALUE")]
    settings: Vec<String>,
}

impl SearchArgs {
    fn settings(&self) -> Result<SearchSettings, String> {
        search_settings(self.mode.as_deref(), &self.settings)
    }
}

/// A hidden-layer width the engine reads (`nnue::WIDTHS`).
fn network_width(text: &str) -> Result<usize, String> {
    let widths = intrigue::eval::nnue::WIDTHS;
    text.parse::<usize>().ok().filter(|w| widths.contains(w)).ok_or_else(|| format!("'{text}' is not a network width ({widths:?})"))
}

fn unit_interval_f32(text: &str) -> Result<f32, String> {
    unit_interval(text).map(|v| v as f32)
}

fn unit_interval(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
        _ => Err(format!("'{text}' is not a number in 0..1")),
    }
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).target(env_logger::Target::Stderr).init();
    match run(Cli::parse().command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(e)) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
        Err(Failure::Failed(e)) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Why a tool did not finish: bad input (exit code 2) or a failure while
/// running (1).
enum Failure {
    Usage(String),
    Failed(String),
}

fn usage(e: impl std::fmt::Display) -> Failure {
    Failure::Usage(e.to_string())
}

/// `records info`: how many records, the results and the scores.
fn records_info(file: &std::path::Path) -> Result<(), Failure> {
    let (mut records, mut results, mut abs_score) = (0u64, [0u64; 3], 0u64);
    for labelled in selfplay::Records::open(file).map_err(usage)? {
        let l = labelled.map_err(|e| Failure::Failed(format!("record {}: {e}", records + 1)))?;
        records += 1;
        results[usize::from(l.result)] += 1;
        abs_score += u64::from(l.score.unsigned_abs());
    }
    println!("records {records}");
    println!("white wins {}, draws {}, black wins {}", results[2], results[1], results[0]);
    println!("mean |score| {:.0} cp", abs_score as f64 / records.max(1) as f64);
    Ok(())
}

/// The constants `spsa --iterations` moves: in interest mode those only
/// it reads (all it reads with `shared`), in alpha-beta mode all it
/// reads; `only` narrows them to the names given.
fn spsa_params(mode: SearchMode, shared: bool, only: &[String]) -> Result<Vec<SpsaParam>, String> {
    let all = match mode {
        SearchMode::Interest if !shared => intrigue::uci::options::interest_only_params(),
        mode => intrigue::uci::options::spsa_params(mode),
    };
    if let Some(unknown) = only.iter().find(|n| !all.iter().any(|p| p.name.eq_ignore_ascii_case(n))) {
        return Err(format!("'{unknown}' is not among the constants tuned here ('intrigue-tools spsa' lists them)"));
    }
    Ok(all.into_iter().filter(|p| only.is_empty() || only.iter().any(|n| p.name.eq_ignore_ascii_case(n))).collect())
}

fn read(path: &PathBuf) -> Result<String, Failure> {
    std::fs::read_to_string(path).map_err(|e| usage(format!("{}: {e}", path.display())))
}

fn write(path: &PathBuf, bytes: &[u8]) -> Result<(), Failure> {
    std::fs::write(path, bytes).map_err(|e| Failure::Failed(format!("{}: {e}", path.display())))
}

fn run(tool: Tool) -> Result<(), Failure> {
    match tool {
        Tool::Datagen { openings, games, nodes, threads, first } => {
            let openings = datagen::read_openings(&read(&openings)?);
            for line in datagen::generate(&openings, games, nodes, threads, first, &|m| eprintln!("{m}")) {
                println!("{line}");
            }
        }
        Tool::Selfplay { openings, out, games, nodes, threads, random_plies, seed, tree_sample } => {
            let name = openings.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            let openings = datagen::read_openings(&read(&openings)?);
            if openings.is_empty() {
                return Err(usage("no opening positions in the file"));
            }
            let request = selfplay::Request {
                openings: &openings,
                openings_name: name,
                games,
                threads,
                game: datagen::GameSettings { nodes, random_plies, seed, tree_sample },
            };
            let done = selfplay::run(&out, &request, &|m| eprintln!("{m}")).map_err(Failure::Failed)?;
            eprintln!(
                "{}: {} games, {} positions ({} bytes), {} duplicates skipped",
                out.display(),
                done.games,
                done.positions,
                done.bytes,
                done.duplicates
            );
        }
        Tool::Records(RecordsTool::Info { file }) => records_info(&file)?,
        Tool::Records(RecordsTool::Relabel { input, out, nodes, threads, every, balanced }) => {
            if nodes == 0 || every == 0 {
                return Err(usage("NODES and --every must be at least 1"));
            }
            let kind = if balanced { relabel::LabelKind::Balanced } else { relabel::LabelKind::Plain };
            let request = relabel::Relabel { nodes, every, threads: threads as usize, kind };
            let done = relabel::run(&input, &out, &request, &|m| eprintln!("{m}")).map_err(Failure::Failed)?;
            eprintln!("{}: {} records scored from {} read", out.display(), done.kept, done.consumed);
        }
        Tool::Records(RecordsTool::Text { file, quiet }) => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            for labelled in selfplay::Records::open(&file).map_err(usage)? {
                let l = labelled.map_err(Failure::Failed)?;
                if quiet && !train::is_quiet(&l.pos) {
                    continue;
                }
                if writeln!(out, "{}", selfplay::text_line(&l.pos, l.score, l.result)).is_err() {
                    break;
                }
            }
        }
        Tool::Positions { pgn } => {
            for path in &pgn {
                for line in tune::positions_from_pgn(&read(path)?, 1) {
                    println!("{line}");
                }
            }
        }
        Tool::Label { data, engine, depth, weight, step, threads } => {
            let text = read(&data)?;
            let lines: Vec<String> = text.lines().step_by(step as usize).map(String::from).collect();
            for line in label::label_parallel(&lines, &engine, depth, weight, threads as usize)
                .map_err(|e| Failure::Failed(format!("{engine}: {e}")))?
            {
                println!("{line}");
            }
        }
        Tool::Tune { data, epochs, l2, fit } => run_tune(&read(&data)?, epochs as usize, l2, fit.as_deref())?,
        Tool::Train { data, out, epochs, rate, threads, whole, result_weight, static_teacher, width, init, quiet } => {
            if !(rate > 0.0 && rate < 1.0) {
                return Err(usage("the rate must be in (0, 1)"));
            }
            let mut samples = Vec::new();
            if whole && data.extension().is_some_and(|e| e == "txt") {
                samples.extend(read(&data)?.lines().filter_map(train::Sample::from_line_whole));
            } else if whole {
                // One sample a record at most, reserved at once: a vector
                // that doubles as it grows would need half as much again.
                let records = selfplay::Records::open(&data).map_err(usage)?;
                samples.reserve_exact(records.size_hint().0);
                for record in records {
                    let mut record = record.map_err(Failure::Failed)?;
                    if static_teacher {
                        record.score = train::static_score(&record.pos);
                    }
                    samples.extend(train::Sample::from_record(&record, result_weight));
                }
            } else {
                let lines = read(&data)?;
                let kept = lines.lines().filter(|line| !quiet || train::line_is_quiet(line));
                samples.extend(kept.filter_map(train::Sample::from_line));
            }
            if samples.len() < 100 {
                return Err(usage(format!("only {} positions could be read from {}", samples.len(), data.display())));
            }
            let kind = if whole { intrigue::eval::nnue::Kind::Whole } else { intrigue::eval::nnue::Kind::Correction };
            let start = match init {
                Some(file) => {
                    let net = intrigue::eval::nnue::Network::load(&file).map_err(usage)?;
                    if net.kind != kind || net.width() != width {
                        return Err(usage(format!("{file} is not a {width}-unit {kind:?} network (--whole and --width say which)")));
                    }
                    Some(train::FloatNet::from_network(&net))
                }
                None => None,
            };
            let schedule = train::Schedule { width, epochs: epochs as usize, rate, threads: threads as usize, seed: 1 };
            let started = std::time::Instant::now();
            let net = train::train(&mut samples, &schedule, start, &mut |m| eprintln!("{m} ({:.0} s)", started.elapsed().as_secs_f64()));
            write(&out, &net.quantise(kind).to_bytes())?;
            eprintln!("wrote {}", out.display());
        }
        Tool::Interest(InterestTool::Data { openings, games, nodes, mode, threads, settings }) => {
            let settings = search_settings(mode.as_deref(), &settings).map_err(usage)?;
            let openings = datagen::read_openings(&read(&openings)?);
            let choices = interest_fit::gather(&openings, games, nodes, settings, threads as usize);
            for c in &choices {
                println!("{}", interest_fit::to_line(c));
            }
            eprintln!("interest data: {} choices from {games} games", choices.len());
        }
        Tool::Interest(InterestTool::Fit { data, l2 }) => {
            if !(0.0..1.0).contains(&l2) {
                return Err(usage("L2 must be in 0..1"));
            }
            let choices: Vec<_> = read(&data)?.lines().filter_map(interest_fit::from_line).collect();
            if choices.len() < 10 {
                return Err(usage(format!("{} readable choices in {}; too few to fit", choices.len(), data.display())));
            }
            print!("{}", interest_fit::report(&interest_fit::fit(&choices, l2)));
        }
        Tool::Wdl(WdlTool::Fit { pgn }) => {
            let mut games = Vec::new();
            for path in &pgn {
                games.extend(tune::scored_positions(&read(path)?));
            }
            eprintln!("{} games", games.len());
            print!("{}", wdl_fit::run(&games, 400));
        }
        Tool::Epd { file, ms, search, eval_file } => {
            let network = match eval_file {
                Some(f) => intrigue::eval::nnue::Network::load(&f).map_err(usage)?,
                None => intrigue::eval::nnue::embedded(),
            };
            run_epd(&file, ms, search.settings().map_err(usage)?, network)?
        }
        Tool::Shape { depth, search } => {
            let settings = search.settings().map_err(usage)?;
            println!("{}", intrigue::bench::SHAPE_HEADER);
            for row in intrigue::bench::tree_shape(depth, settings) {
                println!("{}", row.line());
            }
        }
        Tool::Spsa { mode, iterations: None, .. } => {
            let mode = search_settings(mode.as_deref(), &[]).map_err(usage)?.mode;
            intrigue::uci::options::spsa_lines(mode).iter().for_each(|l| println!("{l}"));
        }
        Tool::Spsa { mode, iterations: Some(iterations), openings, nodes, threads, r_end, shared, only, seed } => {
            let mode = search_settings(mode.as_deref(), &[]).map_err(usage)?.mode;
            let openings = openings.ok_or_else(|| usage("--iterations needs --openings FILE"))?;
            let openings = datagen::read_openings(&read(&openings)?);
            let params = spsa_params(mode, shared, &only).map_err(usage)?;
            let tuning = spsa::Tuning {
                mode,
                params,
                iterations: iterations as usize,
                nodes,
                threads: threads as usize,
                openings: &openings,
                seed,
                r_end,
            };
            let tuned = spsa::run(&tuning, &|m| eprintln!("{m}")).map_err(usage)?;
            for ((name, value), p) in tuned.values.iter().zip(&tuning.params) {
                println!("{name}={} (default {}, {value:.2})", value.round() as i64, p.default);
            }
            println!("settings: {}", tuned.settings().join(" "));
        }
        Tool::Book(book) => run_book(book)?,
        Tool::Lab(LabTool::ForwardEstimation(args)) => lab::run_forward(&args).map_err(lab_failure)?,
        Tool::Lab(LabTool::Conspiracy(args)) => lab::run_conspiracy(&args).map_err(lab_failure)?,
    }
    Ok(())
}

fn lab_failure(e: lab::LabError) -> Failure {
    match e {
        lab::LabError::Usage(m) => Failure::Usage(m),
        lab::LabError::Failed(m) => Failure::Failed(m),
    }
}

fn run_tune(text: &str, epochs: usize, l2: f64, fit: Option<&str>) -> Result<(), Failure> {
    let fit = match fit {
        None => tune::Fit::Fields,
        Some("placement") => tune::Fit::FieldsAndPlacement,
        Some(only) if only.starts_with("only=") => {
            let names: Vec<String> = only["only=".len()..].split(',').filter(|n| !n.is_empty()).map(String::from).collect();
            if names.is_empty() {
                return Err(usage("'only=' wants the names of the weights to fit, e.g. only=pinned,passed"));
            }
            tune::Fit::Only(names)
        }
        Some(other) => return Err(usage(format!("FIT is 'placement', 'only=NAME,...' or nothing, not '{other}'"))),
    };
    let unknown = fit.unknown_names();
    if !unknown.is_empty() {
        return Err(usage(format!("no evaluation weight is called {}", unknown.join(", "))));
    }
    let placement = fit == tune::Fit::FieldsAndPlacement;
    let out = tune::tune(text.lines().map(String::from), epochs, l2, fit, &mut |m| eprintln!("{m}"));
    println!(
        "// {} positions, K {:.4}, error {:.6} -> {:.6}, validation {:.6} -> {:.6}, {epochs} epochs, L2 {l2:e}",
        out.positions, out.k, out.error_before, out.error_after, out.validation_before, out.validation_after
    );
    print!("{}", out.params.to_source());
    if placement {
        print!("{}", out.placement_source());
    }
    Ok(())
}

fn run_epd(
    file: &PathBuf,
    ms: u64,
    settings: SearchSettings,
    network: std::sync::Arc<intrigue::eval::nnue::Network>,
) -> Result<(), Failure> {
    let text = read(file)?;
    let mut problems = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        match epd::parse_line(line) {
            Ok(p) => problems.push(p),
            Err(e) => eprintln!("{}:{}: {e}", file.display(), i + 1),
        }
    }
    let (solved, total) = epd::run(&problems, ms, 16, settings, &network, &mut |p, best, ok| {
        let played = best.map(|m| shakmaty::san::San::from_move(p.game.position(), m).to_string()).unwrap_or_default();
        println!("{:<12} {:<8} {}", p.id, played, if ok { "ok" } else { "FAIL" });
    });
    println!("solved {solved}/{total} at {ms} ms per position");
    Ok(())
}

fn run_book(book: BookTool) -> Result<(), Failure> {
    use intrigue::book::{source, Book};
    match book {
        BookTool::Build { source: src, out } => {
            let text = read(&src)?;
            let bytes = source::build(&text).map_err(|e| usage(format!("{}: {e}", src.display())))?;
            eprintln!("{} entries from {} lines", bytes.len() / 16, source::parse(&text).map_or(0, |l| l.len()));
            write(&out, &bytes)
        }
        BookTool::Epd { source: src, out, plies } => {
            let lines = source::opening_set(&read(&src)?, plies as usize).map_err(|e| usage(format!("{}: {e}", src.display())))?;
            eprintln!("{} positions", lines.len());
            write(&out, (lines.join("\n") + "\n").as_bytes())
        }
        BookTool::Show { file, fen } => {
            let game =
                if fen.is_empty() { Game::default() } else { Game::from_fen(&fen.join(" "), CastlingMode::Standard).map_err(usage)? };
            let book = Book::load(&file).map_err(|e| Failure::Failed(e.to_string()))?;
            for (m, weight) in book.moves(game.position()) {
                println!("{} {weight}", game.format_move(m));
            }
            Ok(())
        }
    }
}
