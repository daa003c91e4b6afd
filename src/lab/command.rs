//! `intrigue lab …`: the command line of the lab's experiments. Bad
//! arguments are reported as [`LabError::Usage`] (exit code 2), never a panic.

use std::collections::HashMap;
use std::io::Write;

use super::experiment::{conspiracy_report, forward_table, ConspiracyConfig, ForwardConfig};
use super::plot::forward_charts;
use super::protocol::Order;
use super::tree::TreeShape;

pub const USAGE: &str = "usage: intrigue lab forward-estimation [--branching B] [--depth D] [--trials N] [--seed S] [--uniform]
                                    [--order sorted|natural] [--delta 1.0,0.8,...] [--csv] [--plot FILE.svg]
           alpha-beta vs forward estimation (exact and learned edge bounds) at each search depth 1..D
           on Korf random trees (defaults B 9, D 10, N 1000, S 1, sorted); --delta adds the delta sweep
       intrigue lab conspiracy [--branching B] [--depth D] [--trials N] [--seed S] [--uniform] [--range R] [--step S]
           conspiracy numbers and CAEV on random trees, checked against brute force
           (defaults B 3, D 3, N 100, S 1, R 32768, S 4096)";

/// Why a lab command did not succeed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabError {
    /// The command line was wrong.
    Usage(String),
    /// The command ran and found something wrong (or could not write).
    Failed(String),
}

impl LabError {
    pub fn exit_code(&self) -> u8 {
        match self {
            LabError::Usage(_) => 2,
            LabError::Failed(_) => 1,
        }
    }
}

impl std::fmt::Display for LabError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LabError::Usage(m) => write!(f, "{m}\n{USAGE}"),
            LabError::Failed(m) => write!(f, "{m}"),
        }
    }
}

/// Runs `intrigue lab ARGS…`, writing its report to stdout.
pub fn run(args: &[String]) -> Result<(), LabError> {
    let usage = |m: String| LabError::Usage(m);
    match args.first().map(String::as_str) {
        Some("forward-estimation") => run_forward(&Flags::parse(&args[1..], &FORWARD_OPTIONS, &["--uniform", "--csv"]).map_err(usage)?),
        Some("conspiracy") => run_conspiracy(&Flags::parse(&args[1..], &CONSPIRACY_OPTIONS, &["--uniform"]).map_err(usage)?),
        Some(other) => Err(usage(format!("unknown lab experiment '{other}'"))),
        None => Err(usage("name an experiment".into())),
    }
}

const FORWARD_OPTIONS: [&str; 7] = ["--branching", "--depth", "--trials", "--seed", "--order", "--delta", "--plot"];
const CONSPIRACY_OPTIONS: [&str; 6] = ["--branching", "--depth", "--trials", "--seed", "--range", "--step"];

fn run_forward(flags: &Flags) -> Result<(), LabError> {
    let config = ForwardConfig {
        shape: flags.shape(9, 10, 20)?,
        trials: flags.number("--trials", 1000u64, |&n| (1..=10_000_000).contains(&n), "a number in 1..10000000")?,
        seed: flags.number("--seed", 1u64, |_| true, "a non-negative integer")?,
        order: match flags.value("--order") {
            None => Order::Sorted,
            Some(name) => {
                Order::from_name(name).ok_or_else(|| LabError::Usage(format!("--order: '{name}' is neither sorted nor natural")))?
            }
        },
        deltas: flags.value("--delta").map_or(Ok(Vec::new()), |d| parse_deltas(d))?,
    };
    let table = forward_table(&config);
    if flags.switch("--csv") {
        eprintln!("protocol {}", config.order.describe());
        emit(&table.csv())?;
    } else {
        emit(&table.text())?;
    }
    if let Some(path) = flags.value("--plot") {
        std::fs::write(path, forward_charts(&table)).map_err(|e| LabError::Failed(format!("{path}: {e}")))?;
        eprintln!("plot written to {path}");
    }
    Ok(())
}

fn run_conspiracy(flags: &Flags) -> Result<(), LabError> {
    let config = ConspiracyConfig {
        shape: flags.shape(3, 3, 12)?,
        trials: flags.number("--trials", 100u64, |&n| (1..=1_000_000).contains(&n), "a number in 1..1000000")?,
        seed: flags.number("--seed", 1u64, |_| true, "a non-negative integer")?,
        range: flags.number("--range", 1i64 << 15, |&r| (1..=1 << 40).contains(&r), "a positive number")?,
        step: flags.number("--step", 1i64 << 12, |&s| s >= 1, "a positive number")?,
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

/// δ values: comma-separated, each in (0, 1].
fn parse_deltas(text: &str) -> Result<Vec<f64>, LabError> {
    text.split(',')
        .map(|d| match d.trim().parse::<f64>() {
            Ok(v) if v > 0.0 && v <= 1.0 => Ok(v),
            _ => Err(LabError::Usage(format!("--delta: '{d}' is not a number in (0, 1]"))),
        })
        .collect()
}

/// Parsed `--name value` options and `--name` switches.
struct Flags {
    values: HashMap<String, String>,
    switches: Vec<String>,
}

impl Flags {
    /// `args` as options (each needs a value; `--name=value` works too) and
    /// switches, refusing anything else and anything given twice.
    fn parse(args: &[String], options: &[&str], switches: &[&str]) -> Result<Flags, String> {
        let mut flags = Flags { values: HashMap::new(), switches: Vec::new() };
        let mut rest = args.iter();
        while let Some(arg) = rest.next() {
            let (name, inline) = match arg.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (arg.as_str(), None),
            };
            let seen = flags.values.contains_key(name) || flags.switches.iter().any(|s| s == name);
            if seen {
                return Err(format!("{name} given twice"));
            }
            if options.contains(&name) {
                let value = inline.or_else(|| rest.next().cloned()).ok_or_else(|| format!("{name} needs a value"))?;
                flags.values.insert(name.to_string(), value);
            } else if switches.contains(&name) && inline.is_none() {
                flags.switches.push(name.to_string());
            } else {
                return Err(format!("unknown argument '{arg}'"));
            }
        }
        Ok(flags)
    }

    fn value(&self, name: &str) -> Option<&String> {
        self.values.get(name)
    }

    fn switch(&self, name: &str) -> bool {
        self.switches.iter().any(|s| s == name)
    }

    /// The number given for `name` (`default` when absent) if it parses
    /// and passes `valid`; otherwise a usage error saying what was wanted.
    fn number<T: std::str::FromStr>(&self, name: &str, default: T, valid: impl Fn(&T) -> bool, wanted: &str) -> Result<T, LabError> {
        match self.value(name).map(|v| (v, v.parse::<T>())) {
            None => Ok(default),
            Some((_, Ok(n))) if valid(&n) => Ok(n),
            Some((v, _)) => Err(LabError::Usage(format!("{name}: '{v}' is not {wanted}"))),
        }
    }

    /// The tree shape from --branching, --depth and --uniform.
    fn shape(&self, branching: u32, depth: u32, max_depth: u32) -> Result<TreeShape, LabError> {
        Ok(TreeShape {
            branching: self.number("--branching", branching, |b| (1..=64).contains(b), "a number in 1..64")?,
            depth: self.number("--depth", depth, |d| (1..=max_depth).contains(d), &format!("a number in 1..{max_depth}"))?,
            uniform: self.switch("--uniform"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    fn usage_error(line: &str) -> String {
        match run(&args(line)) {
            Err(LabError::Usage(m)) => m,
            other => panic!("'{line}': expected a usage error, got {other:?}"),
        }
    }

    #[test]
    fn bad_arguments_are_usage_errors_that_say_what_is_wrong() {
        assert!(usage_error("").contains("name an experiment"));
        assert!(usage_error("frobnicate").contains("unknown lab experiment"));
        assert!(usage_error("forward-estimation --depth").contains("--depth needs a value"));
        assert!(usage_error("forward-estimation --depth 0").contains("--depth: '0'"));
        assert!(usage_error("forward-estimation --depth ten").contains("'ten'"));
        assert!(usage_error("forward-estimation --branching -3").contains("--branching"));
        assert!(usage_error("forward-estimation --order random").contains("neither sorted nor natural"));
        assert!(usage_error("forward-estimation --delta 1.0,1.5").contains("'1.5'"));
        assert!(usage_error("forward-estimation --delta 0").contains("'0'"));
        assert!(usage_error("forward-estimation --trials 5 --trials 6").contains("given twice"));
        assert!(usage_error("forward-estimation --bogus").contains("unknown argument"));
        assert!(usage_error("forward-estimation --csv=yes").contains("unknown argument"));
        assert!(usage_error("conspiracy --range 100 --step 0").contains("--step"));
        assert!(usage_error("conspiracy --branching 20 --depth 12").contains("too big"));
        assert!(usage_error("conspiracy --csv").contains("unknown argument"));
        assert_eq!(LabError::Usage(String::new()).exit_code(), 2);
    }

    #[test]
    fn options_take_values_inline_or_after() {
        let flags = Flags::parse(&args("--depth=4 --seed 9 --uniform"), &FORWARD_OPTIONS, &["--uniform"]).unwrap();
        assert_eq!(flags.number("--depth", 1u32, |_| true, "").unwrap(), 4);
        assert_eq!(flags.number("--seed", 1u64, |_| true, "").unwrap(), 9);
        assert_eq!(flags.number("--trials", 7u64, |_| true, "").unwrap(), 7);
        assert!(flags.switch("--uniform") && !flags.switch("--csv"));
        assert_eq!(parse_deltas("1, 0.5").unwrap(), vec![1.0, 0.5]);
    }
}
