//! The `intrigue` binary. No arguments: a UCI engine on stdin/stdout.
//! `intrigue bench [depth [mode]]`: the standard bench. `intrigue perft N [FEN]`:
//! per-move perft counts. `intrigue lab …`: the papers' experiments on random
//! game trees.

use std::process::ExitCode;

use intrigue::game::Game;
use intrigue::search::SearchSettings;
use intrigue::uci::options;
use intrigue::{bench, engine, perft, search::format_score, tune::Fit};
use shakmaty::{CastlingMode, Position};

const USAGE: &str = "usage: intrigue                  UCI mode (stdin/stdout)
       intrigue --all-options    UCI mode, 'uci' listing the research knobs too
       intrigue options          every option as Markdown (docs/options.md)
       intrigue bench [DEPTH [MODE [Name=Value...]]]  fixed-depth search over the bench positions;
                                 MODE alphabeta (default) or interest (DEPTH in plies for both);
                                 Name=Value sets any option that is a search setting ('intrigue options'),
                                 e.g. InterestCostScale=150, RazorDepth=0, UseNNUE=false
       intrigue shape [DEPTH [MODE]]  the bench's trees, one row per iteration: nodes, effective
                                 branching factor, PV length, mean ply where lines end, seldepth
       intrigue perft N [FEN]    perft to depth N, per root move
       intrigue epd FILE [MS [MODE [Name=Value...]]]  solve an EPD suite (bm/am), MS ms per position
                                 (default 250)
       intrigue tune DATA [EPOCHS [L2 [placement|only=NAME,...]]]  Texel-tune the evaluation weights on
                                 'FEN [score]' lines (result or 0..1 target); 'placement' fits the piece-square tables too,
                                 'only=NAME,...' just the named weights (a table's name covers its entries)
       intrigue label DATA ENGINE [DEPTH [WEIGHT [STEP [THREADS]]]]  relabel 'FEN [R]' lines with
                                 (1-WEIGHT)*R + WEIGHT*(ENGINE's score at DEPTH as an expected score);
                                 every STEP-th line, THREADS engines at once (defaults 7 0.5 1 1);
                                 DEPTH 0 takes the engine's static evaluation (Stockfish's 'eval')
       intrigue positions PGN... training lines 'FEN [result]' from games
       intrigue datagen OPENINGS GAMES NODES [THREADS [FIRST]]  self-play training lines
       intrigue train DATA OUT.nnue [EPOCHS [RATE [THREADS]]]  fit the NNUE network to 'FEN [target]'
                                 lines (defaults 30 0.001 2); OUT.nnue replaces src/eval/intrigue.nnue
       intrigue book build SOURCE OUT.bin   build a Polyglot book from a text file of opening lines
       intrigue book epd SOURCE OUT.epd [PLIES]  an opening set: each line's position after PLIES plies
       intrigue book show [FILE] [FEN]  the moves a Polyglot book has for a position
       intrigue interest data OPENINGS GAMES NODES [MODE [THREADS [Name=Value...]]]  self-play
                                 games (80 plies, NODES a move) logging each deep node's quiet moves
                                 and its best, one line per node, for 'interest fit'
       intrigue interest fit DATA [L2]  fit learned interest's weights (conditional logit, L2
                                 default 0.0001); prints held-out cross-entropy against the hand-set terms
       intrigue wdl fit PGN...   fit UCI_ShowWDL's win/draw/loss model to games whose move comments
                                 carry scores (cutechess-cli, match.py); prints the held-out error
       intrigue spsa             the tunable search constants as OpenBench SPSA input
       intrigue lab forward-estimation|conspiracy [OPTIONS]  the papers' experiments on random
                                 game trees (docs/lab.md; 'intrigue lab' lists the options)";

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).target(env_logger::Target::Stderr).init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => {
            engine::serve(false);
            ExitCode::SUCCESS
        }
        Some("--all-options") if args.len() == 1 => {
            engine::serve(true);
            ExitCode::SUCCESS
        }
        Some("options") => {
            print!("{}", options::reference());
            ExitCode::SUCCESS
        }
        Some("bench") => run_bench(args.get(1), args.get(2), args.get(3..).unwrap_or_default()),
        Some("shape") => run_shape(args.get(1), args.get(2)),
        Some("perft") => run_perft(&args[1..]),
        Some("epd") => run_epd(&args[1..]),
        Some("tune") => run_tune(&args[1..]),
        Some("label") => run_label(&args[1..]),
        Some("positions") => run_positions(&args[1..]),
        Some("datagen") => run_datagen(&args[1..]),
        Some("train") => run_train(&args[1..]),
        Some("book") => run_book(&args[1..]),
        Some("lab") => run_lab(&args[1..]),
        Some("interest") => run_interest(&args[1..]),
        Some("wdl") => run_wdl(&args[1..]),
        Some("spsa") => {
            for line in intrigue::search::tunables::spsa_lines() {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("unknown command '{other}'\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// `intrigue wdl fit PGN…`: the win/draw/loss model's constants, and how
/// they match games held out of the fit.
fn run_wdl(args: &[String]) -> ExitCode {
    let names: Vec<&str> = args.iter().map(String::as_str).collect();
    let ["fit", files @ ..] = &names[..] else {
        eprintln!("usage: intrigue wdl fit PGN...");
        return ExitCode::from(2);
    };
    if files.is_empty() {
        eprintln!("usage: intrigue wdl fit PGN...");
        return ExitCode::from(2);
    }
    let mut games = Vec::new();
    for file in files {
        let Some(text) = read_file("wdl", file) else { return ExitCode::from(2) };
        games.extend(intrigue::tune::scored_positions(&text));
    }
    eprintln!("{} games", games.len());
    print!("{}", intrigue::wdl_fit::run(&games, 1500));
    ExitCode::SUCCESS
}

/// `intrigue lab …`: usage errors exit with 2, failed checks with 1.
fn run_lab(args: &[String]) -> ExitCode {
    match intrigue::lab::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("lab: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// A file's text, or `None` after saying why it cannot be read.
fn read_file(command: &str, path: &str) -> Option<String> {
    std::fs::read_to_string(path).map_err(|e| eprintln!("{command}: {path}: {e}")).ok()
}

/// An optional numeric argument: `default` when absent, `None` after
/// printing `complaint` when it does not parse or fails `valid`.
fn optional_arg<T: std::str::FromStr>(arg: Option<&String>, default: T, valid: impl Fn(&T) -> bool, complaint: &str) -> Option<T> {
    match arg.map(|a| a.parse::<T>()) {
        None => Some(default),
        Some(Ok(v)) if valid(&v) => Some(v),
        Some(_) => {
            eprintln!("{complaint}");
            None
        }
    }
}

/// Default search settings in the mode named on the command line, with
/// `Name=Value` overrides.
fn settings_for(command: &str, mode: Option<&String>, overrides: &[String]) -> Option<SearchSettings> {
    options::search_settings(mode.map(String::as_str), overrides).map_err(|e| eprintln!("{command}: {e}")).ok()
}

fn run_bench(depth: Option<&String>, mode: Option<&String>, overrides: &[String]) -> ExitCode {
    let Some(settings) = settings_for("bench", mode, overrides) else { return ExitCode::from(2) };
    let Some(depth) = optional_arg(depth, bench::DEFAULT_DEPTH, |d| (1..=64).contains(d), "bench: depth must be a number in 1..64") else {
        return ExitCode::from(2);
    };
    let mut index = 0;
    let result = bench::run(depth, settings, &std::sync::Arc::default(), &mut |r| {
        index += 1;
        let best = r.pv.first().map(|m| shakmaty::uci::UciMove::from_standard(*m).to_string()).unwrap_or_default();
        eprintln!("Position {index:2}/{}: score {} nodes {} best {best}", bench::POSITIONS.len(), format_score(r.score), r.nodes);
    });
    for line in result.summary() {
        println!("{line}");
    }
    ExitCode::SUCCESS
}

fn run_shape(depth: Option<&String>, mode: Option<&String>) -> ExitCode {
    let Some(settings) = settings_for("shape", mode, &[]) else { return ExitCode::from(2) };
    let Some(depth) = optional_arg(depth, bench::DEFAULT_DEPTH, |d| (1..=64).contains(d), "shape: depth must be a number in 1..64") else {
        return ExitCode::from(2);
    };
    println!("{}", bench::SHAPE_HEADER);
    for row in bench::tree_shape(depth, settings) {
        println!("{}", row.line());
    }
    ExitCode::SUCCESS
}

fn run_book(args: &[String]) -> ExitCode {
    use intrigue::book::{source, Book, BUNDLED_NAME};
    let text = |path: &String| read_file("book", path);
    let written = |path: &String, bytes: &[u8]| match std::fs::write(path, bytes) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("book: {path}: {e}");
            ExitCode::FAILURE
        }
    };
    match (args.first().map(String::as_str), args.get(1), args.get(2)) {
        (Some("build"), Some(src), Some(out)) => {
            let Some(text) = text(src) else { return ExitCode::FAILURE };
            match source::build(&text) {
                Ok(bytes) => {
                    eprintln!("{} entries from {} lines", bytes.len() / 16, source::parse(&text).map_or(0, |l| l.len()));
                    written(out, &bytes)
                }
                Err(e) => {
                    eprintln!("book: {src}: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        (Some("epd"), Some(src), Some(out)) => {
            let Some(plies) = optional_arg::<usize>(args.get(3), 16, |&p| p >= 1, "book epd: PLIES must be a positive number") else {
                return ExitCode::from(2);
            };
            let Some(text) = text(src) else { return ExitCode::FAILURE };
            match source::opening_set(&text, plies) {
                Ok(lines) => {
                    eprintln!("{} positions", lines.len());
                    written(out, (lines.join("\n") + "\n").as_bytes())
                }
                Err(e) => {
                    eprintln!("book: {src}: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        (Some("show"), file, _) => {
            let file = file.map_or(BUNDLED_NAME, String::as_str);
            let fen = args.get(2..).map(|f| f.join(" ")).filter(|f| !f.is_empty());
            let game = match fen.map_or(Ok(Game::default()), |f| Game::from_fen(&f, CastlingMode::Standard)) {
                Ok(g) => g,
                Err(e) => {
                    eprintln!("book: {e}");
                    return ExitCode::from(2);
                }
            };
            match Book::load(file) {
                Ok(book) => {
                    for (m, weight) in book.moves(game.position()) {
                        println!("{} {weight}", game.format_move(m));
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("book: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        _ => {
            eprintln!("book: expected 'build SOURCE OUT.bin', 'epd SOURCE OUT.epd [PLIES]' or 'show [FILE] [FEN]'\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run_perft(args: &[String]) -> ExitCode {
    let depth = match args.first().map(|d| d.parse::<u32>()) {
        Some(Ok(d)) if (1..=20).contains(&d) => d,
        _ => {
            eprintln!("perft: give a depth in 1..20\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let game = if args.len() > 1 {
        match Game::from_fen(&args[1..].join(" "), CastlingMode::Standard) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("perft: {e}");
                return ExitCode::from(2);
            }
        }
    } else {
        Game::default()
    };
    let mode = game.position().castles().mode();
    for line in perft::report(game.position(), depth, mode, &std::sync::atomic::AtomicBool::new(false)) {
        println!("{line}");
    }
    ExitCode::SUCCESS
}

fn run_epd(args: &[String]) -> ExitCode {
    let Some(path) = args.first() else {
        eprintln!("epd: give a file\n{USAGE}");
        return ExitCode::from(2);
    };
    let Some(movetime) = optional_arg(args.get(1), 250u64, |&ms| ms > 0, "epd: the time per position must be a positive number of ms")
    else {
        return ExitCode::from(2);
    };
    let Some(settings) = settings_for("epd", args.get(2), args.get(3..).unwrap_or_default()) else { return ExitCode::from(2) };
    let Some(text) = read_file("epd", path) else { return ExitCode::from(2) };
    let mut problems = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        match intrigue::epd::parse_line(line) {
            Ok(p) => problems.push(p),
            Err(e) => eprintln!("{path}:{}: {e}", i + 1),
        }
    }
    let (solved, total) = intrigue::epd::run(&problems, movetime, 16, settings, &mut |p, best, ok| {
        let played = best.map(|m| shakmaty::san::San::from_move(p.game.position(), m).to_string()).unwrap_or_default();
        println!("{:<12} {:<8} {}", p.id, played, if ok { "ok" } else { "FAIL" });
    });
    println!("solved {solved}/{total} at {movetime} ms per position");
    ExitCode::SUCCESS
}

fn run_tune(args: &[String]) -> ExitCode {
    let Some(path) = args.first() else {
        eprintln!("tune: give a data file\n{USAGE}");
        return ExitCode::from(2);
    };
    let Some(epochs) = optional_arg(args.get(1), 500usize, |&n| n > 0, "tune: epochs must be a positive number") else {
        return ExitCode::from(2);
    };
    let Some(text) = read_file("tune", path) else { return ExitCode::from(2) };
    let Some(l2) = optional_arg(args.get(2), 1e-7f64, |&v| v >= 0.0, "tune: L2 must be a non-negative number") else {
        return ExitCode::from(2);
    };
    let fit = match args.get(3).map(String::as_str) {
        None => Fit::Fields,
        Some("placement") => Fit::FieldsAndPlacement,
        Some(only) if only.starts_with("only=") => {
            let names: Vec<String> = only["only=".len()..].split(',').filter(|n| !n.is_empty()).map(String::from).collect();
            if names.is_empty() {
                eprintln!("tune: 'only=' wants the names of the weights to fit, e.g. only=pinned,passed");
                return ExitCode::from(2);
            }
            Fit::Only(names)
        }
        Some(other) => {
            eprintln!("tune: the fourth argument is 'placement', 'only=NAME,...' or nothing, not '{other}'");
            return ExitCode::from(2);
        }
    };
    let unknown = fit.unknown_names();
    if !unknown.is_empty() {
        eprintln!("tune: no evaluation weight is called {}", unknown.join(", "));
        return ExitCode::from(2);
    }
    let placement = fit == Fit::FieldsAndPlacement;
    let out = intrigue::tune::tune(text.lines().map(String::from), epochs, l2, fit, &mut |m| eprintln!("{m}"));
    println!(
        "// {} positions, K {:.4}, error {:.6} -> {:.6}, validation {:.6} -> {:.6}, {epochs} epochs, L2 {l2:e}",
        out.positions, out.k, out.error_before, out.error_after, out.validation_before, out.validation_after
    );
    print!("{}", out.params.to_source());
    if placement {
        print!("{}", out.placement_source());
    }
    ExitCode::SUCCESS
}

fn run_label(args: &[String]) -> ExitCode {
    let (Some(path), Some(engine)) = (args.first(), args.get(1)) else {
        eprintln!("label: give a data file and a UCI engine\n{USAGE}");
        return ExitCode::from(2);
    };
    let (Some(depth), Some(weight), Some(step), Some(threads)) = (
        optional_arg(args.get(2), 7u32, |_| true, "label: depth must be a number (0: the static evaluation)"),
        optional_arg(args.get(3), 0.5f64, |w| (0.0..=1.0).contains(w), "label: the weight is between 0 and 1"),
        optional_arg(args.get(4), 1usize, |&s| s > 0, "label: step must be a positive number"),
        optional_arg(args.get(5), 1usize, |&t| (1..=256).contains(&t), "label: threads must be 1 to 256"),
    ) else {
        return ExitCode::from(2);
    };
    let Some(text) = read_file("label", path) else { return ExitCode::from(2) };
    let lines: Vec<String> = text.lines().step_by(step).map(String::from).collect();
    // Contiguous chunks, one teacher each, so that the output keeps the
    // input's order (the tuner's held-out blocks rely on it).
    let chunk = lines.len().div_ceil(threads).max(1);
    let labelled: Vec<std::io::Result<Vec<String>>> = std::thread::scope(|scope| {
        let workers: Vec<_> = lines
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut teacher = intrigue::label::Teacher::start(engine)?;
                    intrigue::label::label_lines(part, &mut teacher, depth, weight)
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or_else(|_| Err(std::io::Error::other("a labelling thread panicked")))).collect()
    });
    for part in labelled {
        match part {
            Ok(part) => part.iter().for_each(|l| println!("{l}")),
            Err(e) => {
                eprintln!("label: {engine}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

fn run_positions(paths: &[String]) -> ExitCode {
    if paths.is_empty() {
        eprintln!("positions: give one or more PGN files\n{USAGE}");
        return ExitCode::from(2);
    }
    for path in paths {
        let Some(text) = read_file("positions", path) else { return ExitCode::from(2) };
        for line in intrigue::tune::positions_from_pgn(&text, 1) {
            println!("{line}");
        }
    }
    ExitCode::SUCCESS
}

fn run_train(args: &[String]) -> ExitCode {
    let (Some(data), Some(out)) = (args.first(), args.get(1)) else {
        eprintln!("train: give a data file and the network file to write\n{USAGE}");
        return ExitCode::from(2);
    };
    let Some(epochs) = optional_arg(args.get(2), 30usize, |&n| n > 0, "train: epochs must be a positive number") else {
        return ExitCode::from(2);
    };
    let Some(rate) = optional_arg(args.get(3), 0.001f32, |&r| r > 0.0 && r < 1.0, "train: the rate must be in (0, 1)") else {
        return ExitCode::from(2);
    };
    let Some(threads) = optional_arg(args.get(4), 2usize, |&n| (1..=256).contains(&n), "train: threads must be 1..256") else {
        return ExitCode::from(2);
    };
    let Some(text) = read_file("train", data) else { return ExitCode::from(2) };
    let mut samples: Vec<_> = text.lines().filter_map(intrigue::train::Sample::from_line).collect();
    drop(text);
    if samples.len() < 100 {
        eprintln!("train: only {} positions could be read from {data}", samples.len());
        return ExitCode::from(2);
    }
    let schedule = intrigue::train::Schedule { epochs, rate, threads, seed: 1 };
    let started = std::time::Instant::now();
    let net = intrigue::train::train(&mut samples, &schedule, &mut |m| eprintln!("{m} ({:.0} s)", started.elapsed().as_secs_f64()));
    if let Err(e) = std::fs::write(out, net.quantise().to_bytes()) {
        eprintln!("train: cannot write {out}: {e}");
        return ExitCode::from(1);
    }
    eprintln!("wrote {out}");
    ExitCode::SUCCESS
}

/// `intrigue interest data …` and `intrigue interest fit …`.
fn run_interest(args: &[String]) -> ExitCode {
    match args.first().map(String::as_str) {
        Some("data") if args.len() >= 4 => {
            let (Ok(games), Ok(nodes)) = (args[2].parse::<usize>(), args[3].parse::<u64>()) else {
                eprintln!("interest data: GAMES and NODES must be numbers\n{USAGE}");
                return ExitCode::from(2);
            };
            let Some(settings) = settings_for("interest data", args.get(4), args.get(6..).unwrap_or_default()) else {
                return ExitCode::from(2);
            };
            let Some(threads) = optional_arg(args.get(5), 1usize, |t| (1..=256).contains(t), "interest data: THREADS must be 1..256")
            else {
                return ExitCode::from(2);
            };
            let Some(text) = read_file("interest data", &args[1]) else { return ExitCode::from(2) };
            let openings = intrigue::datagen::read_openings(&text);
            let choices = intrigue::interest_fit::gather(&openings, games, nodes, settings, threads);
            for c in &choices {
                println!("{}", intrigue::interest_fit::to_line(c));
            }
            eprintln!("interest data: {} choices from {games} games", choices.len());
            ExitCode::SUCCESS
        }
        Some("fit") if args.len() >= 2 => {
            let Some(l2) = optional_arg(args.get(2), 1e-4f64, |l| (0.0..1.0).contains(l), "interest fit: L2 must be in 0..1") else {
                return ExitCode::from(2);
            };
            let Some(text) = read_file("interest fit", &args[1]) else { return ExitCode::from(2) };
            let choices: Vec<_> = text.lines().filter_map(intrigue::interest_fit::from_line).collect();
            if choices.len() < 10 {
                eprintln!("interest fit: {} readable choices in {}; too few to fit", choices.len(), args[1]);
                return ExitCode::from(2);
            }
            print!("{}", intrigue::interest_fit::report(&intrigue::interest_fit::fit(&choices, l2)));
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("interest: 'data OPENINGS GAMES NODES [MODE [THREADS]]' or 'fit DATA [L2]'\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run_datagen(args: &[String]) -> ExitCode {
    let number = |i: usize, default: Option<usize>| -> Option<usize> {
        match args.get(i) {
            Some(v) => v.parse().ok(),
            None => default,
        }
    };
    let (Some(path), Some(games), Some(nodes), Some(threads), Some(first)) =
        (args.first(), number(1, None), number(2, None), number(3, Some(1)), number(4, Some(0)))
    else {
        eprintln!("datagen: OPENINGS GAMES NODES [THREADS [FIRST]]\n{USAGE}");
        return ExitCode::from(2);
    };
    let Some(text) = read_file("datagen", path) else { return ExitCode::from(2) };
    let openings = intrigue::datagen::read_openings(&text);
    let lines = intrigue::datagen::generate(&openings, games, nodes as u64, threads, first, &|m| eprintln!("{m}"));
    for line in lines {
        println!("{line}");
    }
    ExitCode::SUCCESS
}
