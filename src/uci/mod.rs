//! The UCI protocol: reading commands, the option table, writing replies.
//! It knows nothing of the engine that serves them (`engine.rs` reads the
//! input and calls on this module to parse and to write).
//!
//! All output goes through `send`, which writes one whole line and flushes,
//! so lines from the UCI thread and the search thread never interleave.

pub mod command;
pub mod options;

use std::io::{self, Write};
use std::sync::OnceLock;

use crossbeam_channel::Sender;
use shakmaty::CastlingMode;

use crate::search::{format_score, Report};

/// Where output goes instead of stdout, once a test has asked for it.
static CAPTURE: OnceLock<Sender<String>> = OnceLock::new();

/// Sends every later output line of this process to `lines` instead of
/// stdout, so a test can drive an `Engine` in-process and read its replies.
/// Only the first call takes effect; returns whether this one did.
pub fn capture_output(lines: Sender<String>) -> bool {
    CAPTURE.set(lines).is_ok()
}

/// Writes one line to stdout and flushes it.
pub fn send(line: &str) {
    log::debug!(">> {line}");
    if let Some(capture) = CAPTURE.get() {
        let _ = capture.send(line.to_string());
        return;
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    // A closed stdout means the GUI is gone; there is nobody to tell.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Reports a problem with the input to the GUI.
/// Control characters the input carried are shown escaped, so an echo of
/// a bad line can never break the GUI's line reading.
pub fn send_error(message: &str) {
    log::info!("{message}");
    let mut shown = String::with_capacity(message.len());
    for c in message.chars() {
        if c.is_control() {
            shown.extend(c.escape_default());
        } else {
            shown.push(c);
        }
    }
    send(&format!("info string error: {shown}"));
}

/// The `info` line for one finished iteration; `wdl`, the win, draw and
/// loss shares in per mille when `UCI_ShowWDL` is on.
pub fn info_line(r: &Report, mode: CastlingMode, wdl: Option<[u32; 3]>) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}{}{} nodes {} nps {} hashfull {} tbhits {} time {}",
        r.depth,
        r.seldepth.max(1),
        r.multipv,
        format_score(r.score),
        wdl.map_or(String::new(), |[w, d, l]| format!(" wdl {w} {d} {l}")),
        if r.lowerbound { " lowerbound" } else { "" },
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

/// The text a panic carried, for the error report.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_string()
    }
}
