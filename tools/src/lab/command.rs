//! `intrigue-tools lab …`: the arguments of the lab's experiments (parsed
//! by clap; a bad one is a usage error, exit code 2, never a panic) and
//! what each experiment prints.

use std::io::Write;

use clap::Args;

use super::experiment::{conspiracy_report, forward_table, ConspiracyConfig, ForwardConfig};
use super::plot::forward_charts;
use super::protocol::Order;
use super::tree::TreeShape;

/// Why a lab command did not succeed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabError {
    /// The arguments were wrong together (each alone passed clap).
    Usage(String),
    /// The command ran and found something wrong (or could not write).
    Failed(String),
}

/// `lab forward-estimation`: alpha-beta against forward estimation on
/// Korf random trees, at each search depth 1..D.
#[derive(Args, Clone, Debug)]
pub struct ForwardArgs {
    /// Children per node (the mean, unless --uniform).
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub branching: u32,
    /// Deepest search depth.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub depth: u32,
    /// Random trees searched.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub trials: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Every node has exactly --branching children.
    #[arg(long)]
    pub uniform: bool,
    /// How children are ordered: sorted (by static value) or natural.
    #[arg(long, default_value = "sorted", value_parser = parse_order)]
    pub order: Order,
    /// δ values for the sweep, comma-separated, each in (0, 1].
    #[arg(long, value_delimiter = ',', value_parser = parse_delta)]
    pub delta: Vec<f64>,
    /// Print CSV instead of the text table.
    #[arg(long)]
    pub csv: bool,
    /// Also write the charts to this SVG file.
    #[arg(long)]
    pub plot: Option<std::path::PathBuf>,
}

/// `lab conspiracy`: conspiracy numbers and CAEV on random trees,
/// checked against brute force.
#[derive(Args, Clone, Debug)]
pub struct ConspiracyArgs {
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub branching: u32,
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=12))]
    pub depth: u32,
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub trials: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[arg(long)]
    pub uniform: bool,
    /// CAEV integrates over the minimax value ± this …
    #[arg(long, default_value_t = 1 << 15, value_parser = clap::value_parser!(i64).range(1..=1 << 40))]
    pub range: i64,
    /// … in segments of this.
    #[arg(long, default_value_t = 1 << 12, value_parser = clap::value_parser!(i64).range(1..))]
    pub step: i64,
}

fn parse_order(name: &str) -> Result<Order, String> {
    Order::from_name(name).ok_or_else(|| format!("'{name}' is neither sorted nor natural"))
}

fn parse_delta(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(v) if v > 0.0 && v <= 1.0 => Ok(v),
        _ => Err(format!("'{text}' is not a number in (0, 1]")),
    }
}

pub fn run_forward(args: &ForwardArgs) -> Result<(), LabError> {
    let config = ForwardConfig {
        shape: TreeShape { branching: args.branching, depth: args.depth, uniform: args.uniform },
        trials: args.trials,
        seed: args.seed,
        order: args.order,
        deltas: args.delta.clone(),
    };
    let table = forward_table(&config);
    if args.csv {
        eprintln!("protocol {}", config.order.describe());
        emit(&table.csv())?;
    } else {
        emit(&table.text())?;
    }
    if let Some(path) = &args.plot {
        std::fs::write(path, forward_charts(&table)).map_err(|e| LabError::Failed(format!("{}: {e}", path.display())))?;
        eprintln!("plot written to {}", path.display());
    }
    Ok(())
}

pub fn run_conspiracy(args: &ConspiracyArgs) -> Result<(), LabError> {
    let config = ConspiracyConfig {
        shape: TreeShape { branching: args.branching, depth: args.depth, uniform: args.uniform },
        trials: args.trials,
        seed: args.seed,
        range: args.range,
        step: args.step,
    };
    if config.range / config.step > 10_000 {
        return Err(LabError::Usage("--range / --step: at most 10000 sample points each side".into()));
    }
    let leaves = (config.shape.branching as u64).saturating_pow(config.shape.depth);
    if leaves > 1_000_000 {
        return Err(LabError::Usage(format!("conspiracy: trees of up to {leaves} leaves are too big to write out (at most 1000000)")));
    }
    let report = conspiracy_report(&config);
    emit(&report.text)?;
    if report.differ > 0 {
        return Err(LabError::Failed(format!("conspiracy numbers differ from brute force at {} points", report.differ)));
    }
    Ok(())
}

/// Writes to stdout; a closed pipe (`| head`) is not an error worth a panic.
fn emit(text: &str) -> Result<(), LabError> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(LabError::Failed(format!("stdout: {e}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    enum Lab {
        ForwardEstimation(ForwardArgs),
        Conspiracy(ConspiracyArgs),
    }

    fn error(line: &str) -> String {
        match Lab::try_parse_from(std::iter::once("lab").chain(line.split_whitespace())) {
            Ok(lab) => match lab {
                Lab::Conspiracy(args) => format!("{:?}", run_conspiracy(&args).unwrap_err()),
                Lab::ForwardEstimation(args) => panic!("'{line}' parsed: {args:?}"),
            },
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn bad_arguments_are_refused_with_what_is_wrong() {
        assert!(error("forward-estimation --depth").contains("--depth"));
        assert!(error("forward-estimation --depth 0").contains("--depth"));
        assert!(error("forward-estimation --depth ten").contains("'ten'"));
        assert!(error("forward-estimation --order random").contains("neither sorted nor natural"));
        assert!(error("forward-estimation --delta 1.0,1.5").contains("'1.5'"));
        assert!(error("forward-estimation --trials 5 --trials 6").contains("--trials"));
        assert!(error("forward-estimation --bogus").contains("--bogus"));
        assert!(error("conspiracy --range 100 --step 0").contains("--step"));
        assert!(error("conspiracy --branching 20 --depth 12").contains("too big"));
        assert!(error("conspiracy --csv").contains("--csv"));
    }

    #[test]
    fn defaults_and_values_are_read() {
        let Lab::ForwardEstimation(args) =
            Lab::try_parse_from(["lab", "forward-estimation", "--depth=4", "--seed", "9", "--uniform", "--delta", "1,0.5"]).unwrap()
        else {
            panic!()
        };
        assert_eq!((args.depth, args.seed, args.trials, args.branching), (4, 9, 1000, 9));
        assert!(args.uniform && !args.csv);
        assert_eq!(args.delta, vec![1.0, 0.5]);
    }
}
