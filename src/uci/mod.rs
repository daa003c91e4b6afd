//! The UCI side: reading commands, writing replies.
//!
//! All output goes through `send`, which writes one whole line and flushes,
//! so lines from the UCI thread and the search thread never interleave.

pub mod command;
pub mod options;

use std::io::{self, BufRead, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::OnceLock;

use crossbeam_channel::Sender;
use shakmaty::CastlingMode;

use crate::engine::Engine;
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

/// The `info` line for one finished iteration.
pub fn info_line(r: &Report, mode: CastlingMode) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}{} nodes {} nps {} hashfull {} tbhits {} time {}",
        r.depth,
        r.seldepth.max(1),
        r.multipv,
        format_score(r.score),
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

/// Reads commands from stdin until `quit` or end of input.
///
/// Lines are read as bytes, so a stray non-UTF-8 byte costs one rejected
/// line rather than the session; a read error is the GUI going away.
pub fn run() {
    crate::search::fault::arm_from_env();
    let mut engine = Engine::new();
    let mut input = io::stdin().lock();
    let mut line = Vec::with_capacity(256);
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if !handle_guarded(&mut engine, &line) {
            return;
        }
    }
    // End of input is a quit.
    engine.quit();
}

/// Handles one raw input line; a panic while handling it is reported and
/// the engine keeps serving. Returns false on `quit`.
pub fn handle_guarded(engine: &mut Engine, raw: &[u8]) -> bool {
    match panic::catch_unwind(AssertUnwindSafe(|| engine.handle_input(raw))) {
        Ok(more) => more,
        Err(payload) => {
            send_error(&format!("internal error ({}) while handling that line; please report it", panic_message(&*payload)));
            true
        }
    }
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
