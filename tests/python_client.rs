//! python-chess (`chess.engine`) as the client: the checks in
//! `tests/python_client.py` — ponder hit and miss, MultiPV 3, a Chess960
//! game, a book game, tablebase endgames played out to mate, the bundled
//! Polyglot book read back entry by entry against its source — run against
//! the real binary. Skipped where python3 with python-chess is not
//! installed (`.ci/run` installs it; the run's last line says so), the
//! tablebase checks where the test data has no Syzygy tables.

#[path = "common/test_data.rs"]
mod test_data;

use std::path::Path;
use std::process::Command;

#[test]
fn python_chess_drives_the_engine_through_every_user_feature() {
    if !test_data::python_chess() {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut command = Command::new("python3");
    command.arg(root.join("tests/python_client.py")).arg(env!("CARGO_BIN_EXE_intrigue"));
    if let Some(syzygy) = test_data::test_data("syzygy") {
        command.arg(&syzygy);
    }
    let out = command.output().expect("run python3");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "python-chess client checks failed:\n{text}");
    assert!(text.contains("all python-chess client checks passed"), "{text}");
}
