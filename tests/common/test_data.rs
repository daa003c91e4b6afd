//! The larger data sets a few tests read when a checkout has them: the
//! folder `INTRIGUE_TEST_DATA` names, or else `../shared/data` beside the
//! repository, where the project's developers keep them. A fresh clone has
//! neither, so those tests pass without their data, quietly, and the last
//! test binary (`tools/tests/what_was_skipped.rs`) ends the run with one line
//! naming what was skipped and where to get it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// A data set some tests need and the repository does not ship.
pub struct Suite {
    /// Where it lies inside the data folder.
    pub path: &'static str,
    /// What the tests check with it.
    pub checks: &'static str,
    /// Where a user gets it.
    pub source: &'static str,
}

pub const SUITES: [Suite; 3] = [
    Suite {
        path: "perft/standard.epd",
        checks: "the 133-position perft suite",
        source: "github.com/AndyGrant/Ethereal, src/perft/standard.epd",
    },
    Suite {
        path: "perft/chess960.epd",
        checks: "the 960-position Chess960 perft suite",
        source: "the same repository's src/perft/fischer.epd, renamed",
    },
    Suite {
        path: "syzygy",
        checks: "the Syzygy tests",
        source: "the 3- and 4-piece .rtbw and .rtbz files of tablebase.lichess.ovh/tables/standard/3-4-5/, 4.4 MB",
    },
];

/// The folder the data sets are looked for in.
pub fn data_dir() -> PathBuf {
    match std::env::var_os("INTRIGUE_TEST_DATA") {
        Some(dir) => PathBuf::from(dir),
        None => repository().join("../shared/data"),
    }
}

/// The workspace's root (the folder of `Cargo.lock`), seen from either
/// package's tests.
fn repository() -> &'static Path {
    let package = Path::new(env!("CARGO_MANIFEST_DIR"));
    package.ancestors().find(|dir| dir.join("Cargo.lock").exists()).unwrap_or(package)
}

/// A data set's path, or `None` when this checkout has not got it (the
/// caller then skips; the run's last line says so).
pub fn test_data(relative: &str) -> Option<PathBuf> {
    debug_assert!(SUITES.iter().any(|s| s.path == relative), "{relative} is not in SUITES");
    let path = data_dir().join(relative);
    path.exists().then_some(path)
}

/// Whether python3 with python-chess is installed, for the client checks
/// (tests/python_client.rs).
pub fn python_chess() -> bool {
    std::process::Command::new("python3").args(["-c", "import chess.engine, chess.syzygy"]).output().is_ok_and(|out| out.status.success())
}

/// The data sets this checkout lacks.
pub fn missing_suites() -> Vec<&'static Suite> {
    SUITES.iter().filter(|s| !data_dir().join(s.path).exists()).collect()
}
