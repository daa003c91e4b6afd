//! The UCI side: reading commands, writing replies.
//!
//! All output goes through `send`, which writes one whole line and flushes,
//! so lines from the UCI thread and the search thread never interleave.

pub mod command;
pub mod options;

use std::io::{self, BufRead, Write};

use shakmaty::CastlingMode;

use crate::engine::Engine;
use crate::search::{format_score, Report};

/// Writes one line to stdout and flushes it.
pub fn send(line: &str) {
    log::debug!(">> {line}");
    let stdout = io::stdout();
    let mut out = stdout.lock();
    // A closed stdout means the GUI is gone; there is nobody to tell.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Reports a problem with the input to the GUI.
pub fn send_error(message: &str) {
    log::info!("{message}");
    send(&format!("info string error: {message}"));
}

/// The `info` line for one finished iteration.
pub fn info_line(r: &Report, mode: CastlingMode) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} tbhits {} time {}",
        r.depth,
        r.seldepth.max(r.depth),
        r.multipv,
        format_score(r.score),
        r.nodes,
        r.nps(),
        r.hashfull,
        r.tbhits,
        r.time_ms
    );
    if !r.pv.is_empty() {
        line.push_str(" pv");
        for &m in &r.pv {
            line.push(' ');
            line.push_str(&shakmaty::uci::UciMove::from_move(m, mode).to_string());
        }
    }
    line
}

/// Reads commands from stdin until `quit` or end of input.
pub fn run() {
    let mut engine = Engine::new();
    let stdin = io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        log::debug!("<< {line}");
        if !engine.handle_line(&line) {
            return;
        }
    }
    // End of input is a quit.
    engine.quit();
}
