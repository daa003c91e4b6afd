//! The `intrigue` binary: a UCI engine on stdin/stdout, plus the two
//! commands every engine user and tester expects, `bench` and `perft`.
//! The training, tuning and research tools are `intrigue-tools`
//! (tools/, docs/tools.md).

use std::process::ExitCode;

use intrigue::game::Game;
use intrigue::uci::options;
use intrigue::{bench, engine, perft, search::format_score};
use shakmaty::{CastlingMode, Position};

const USAGE: &str = "usage: intrigue                  UCI mode (stdin/stdout)
       intrigue --all-options    UCI mode, 'uci' listing the research knobs too
       intrigue bench [DEPTH [MODE [Name=Value...]]]  fixed-depth search over the bench positions
                                 (DEPTH default 11; MODE alphabeta or interest; Name=Value sets
                                 any option that is a search setting, e.g. InterestTableExponent=100)
       intrigue perft N [FEN]    perft to depth N, per root move
       intrigue options          every option as Markdown (docs/options.md)
The training, tuning and research tools are 'intrigue-tools' (docs/tools.md).";

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
        Some("bench") => run_bench(&args[1..]),
        Some("perft") => run_perft(&args[1..]),
        Some("options") => {
            print!("{}", options::reference());
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

fn run_bench(args: &[String]) -> ExitCode {
    let depth = match args.first().map(|d| d.parse::<u32>()) {
        None => bench::DEFAULT_DEPTH,
        Some(Ok(d)) if (1..=64).contains(&d) => d,
        Some(_) => {
            eprintln!("bench: depth must be a number in 1..64");
            return ExitCode::from(2);
        }
    };
    let settings = match options::search_settings(args.get(1).map(String::as_str), args.get(2..).unwrap_or_default()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("bench: {e}");
            return ExitCode::from(2);
        }
    };
    let mut index = 0;
    let result = bench::run(depth, settings, &intrigue::eval::nnue::embedded(), &std::sync::Arc::default(), &mut |r| {
        index += 1;
        let best = r.pv.first().map(|m| shakmaty::uci::UciMove::from_standard(*m).to_string()).unwrap_or_default();
        eprintln!("Position {index:2}/{}: score {} nodes {} best {best}", bench::POSITIONS.len(), format_score(r.score), r.nodes);
    });
    for line in result.summary() {
        println!("{line}");
    }
    ExitCode::SUCCESS
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
