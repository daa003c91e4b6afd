//! The engine: the game state and options (owned by the UCI thread) and the
//! search worker thread (which owns the transposition table and search
//! state).
//!
//! The UCI thread never waits on a search. Jobs reach the worker through a
//! `crossbeam-channel` in order; `stop` and `ponderhit` are atomic flags
//! the search polls. The worker sends exactly one `bestmove` per `go`, and
//! holds it back while pondering or under `go infinite` until released.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, OnceLock};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crossbeam_channel::{unbounded, Receiver, Sender};
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

use crate::book::Book;
use crate::eval::nnue::{self, Network};
use crate::eval::{evaluate, wdl, Evaluator};
use crate::game::{self, Game};
use crate::rng::Rng;
use crate::search::limits::Limits;
use crate::search::strength::{Candidate, StrengthLimit};
use crate::search::tablebase::Syzygy;
use crate::search::threads::{SearchThreads, STACK_BYTES};
use crate::search::SearchSettings;
use crate::search::{Outcome, Report, Signals, MATE_BOUND};
use crate::settings::Settings;
use crate::tt::TranspositionTable;
use crate::uci::command::{self, Command, Go, PositionStart};
use crate::uci::options::{self, Action, Apply, Audience};
use crate::uci::{info_line, panic_message, send, send_error};
use crate::{bench, perft};
use std::io::{self, BufRead};

/// Reads commands from stdin until `quit` or end of input.
///
/// Lines are read as bytes, so a stray non-UTF-8 byte costs one rejected
/// line rather than the session; a read error is the GUI going away.
/// `all_options`: `uci` lists the research knobs too.
pub fn serve(all_options: bool) {
    crate::search::fault::arm_from_env();
    let mut engine = Engine::new(all_options);
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

pub const NAME: &str = "Intrigue";
pub const AUTHOR: &str = "the Intrigue developers";

/// A search request, with everything the worker needs copied in.
struct SearchJob {
    game: Game,
    settings: SearchSettings,
    /// Play at this rating instead of full strength.
    strength: Option<StrengthLimit>,
    limits: Limits,
    overhead_ms: u64,
    /// Report win/draw/loss shares with each score (`UCI_ShowWDL`).
    show_wdl: bool,
    start: Instant,
    /// The network `EvalFile` loaded.
    network: Arc<Network>,
}

impl SearchJob {
    /// The `wdl` triple for `score` at the root, if `UCI_ShowWDL` asks.
    fn wdl(&self, score: i32) -> Option<[u32; 3]> {
        let mate = (score.abs() >= MATE_BOUND).then_some(score > 0);
        self.show_wdl.then(|| wdl::FITTED.per_mille(Some(score), mate, self.game.position()))
    }
}

enum Job {
    Search(Box<SearchJob>),
    ResizeHash(usize),
    SetThreads(usize),
    ClearHash,
    NewGame,
    /// Answer `readyok` once every earlier job is done.
    Ping,
    Perft(Chess, u32, CastlingMode),
    Bench(Option<u32>, SearchSettings, Arc<Network>),
    SetTablebase(Option<Arc<Syzygy>>),
    Quit,
}

/// State both threads see: the search signals and whether a search runs.
struct Shared {
    signals: Arc<Signals>,
    searching: AtomicBool,
    /// When the current search started, in ms since `epoch()`.
    search_start_ms: AtomicU64,
}

fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

fn now_ms() -> u64 {
    epoch().elapsed().as_millis() as u64
}

pub struct Engine {
    game: Game,
    /// Everything the options set, as they last set it.
    settings: Settings,
    /// `uci` lists the research knobs too (`intrigue --all-options`).
    all_options: bool,
    /// The opening book (`BookFile`).
    book: Book,
    /// The game has left the book: no more probing until a new game.
    left_book: bool,
    /// The network `EvalFile` loaded; each search and bench job takes it.
    network: Arc<Network>,
    rng: Rng,
    jobs: Sender<Job>,
    shared: Arc<Shared>,
    worker: Option<JoinHandle<()>>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(false)
    }
}

impl Engine {
    /// A new engine; `all_options`: `uci` lists the research knobs too.
    pub fn new(all_options: bool) -> Engine {
        epoch();
        let shared = Arc::new(Shared {
            signals: Arc::new(Signals::default()),
            searching: AtomicBool::new(false),
            search_start_ms: AtomicU64::new(0),
        });
        let (jobs, inbox) = unbounded();
        let hash_mb = 16;
        let worker_shared = Arc::clone(&shared);
        let worker = thread::Builder::new()
            .name("search".into())
            .stack_size(STACK_BYTES)
            .spawn(move || Worker::new(worker_shared, hash_mb).run(inbox))
            .expect("spawn the search thread");
        Engine {
            game: Game::default(),
            settings: Settings::default(),
            all_options,
            book: Book::bundled(),
            left_book: false,
            network: nnue::embedded(),
            rng: Rng::from_time(),
            jobs,
            shared,
            worker: Some(worker),
        }
    }

    /// Handles one raw input line (its `\n` or `\r\n` may still be on
    /// it). Returns false on `quit`.
    pub fn handle_input(&mut self, raw: &[u8]) -> bool {
        let raw = raw.strip_suffix(b"\n").unwrap_or(raw);
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        match std::str::from_utf8(raw) {
            Ok(line) => {
                log::debug!("<< {line}");
                self.handle_line(line)
            }
            Err(_) => {
                send_error("input line is not valid UTF-8; ignored");
                true
            }
        }
    }

    /// Everything a command can change on this side of the worker: the
    /// game and every option's effect. Two equal digests mean the engine
    /// will behave the same; tests compare them around rejected lines.
    pub fn state_digest(&self) -> String {
        let history = self.game.history();
        let fen = shakmaty::fen::Fen::from_position(self.game.position(), EnPassantMode::Legal);
        format!(
            "fen {} | mode {:?} | history {} {:016x} | settings {:?} | book {}",
            fen,
            self.game.castling_mode(),
            history.len(),
            history.iter().fold(0u64, |acc, k| acc.rotate_left(7) ^ k),
            self.settings,
            self.book.len(),
        )
    }

    /// Handles one input line. Returns false on `quit`.
    pub fn handle_line(&mut self, line: &str) -> bool {
        match command::parse(line) {
            Ok(Some(Command::Quit)) => {
                self.quit();
                false
            }
            Ok(Some(cmd)) => {
                self.handle(cmd);
                true
            }
            Ok(None) => true,
            Err(message) => {
                send_error(&message);
                true
            }
        }
    }

    fn handle(&mut self, cmd: Command) {
        match cmd {
            Command::Uci => self.identify(),
            Command::Debug(_) | Command::Register => {}
            Command::IsReady => self.is_ready(),
            Command::UciNewGame => {
                self.stop_search();
                self.game = Game::new(Chess::default(), self.game.castling_mode());
                self.left_book = false;
                self.post(Job::NewGame);
            }
            Command::Position { start, moves } => self.set_position(start, &moves),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Go(go) => self.go(go),
            Command::Perft(depth) => {
                // Counted as a search: `isready` is answered at once and
                // `stop` / `quit` end it.
                self.begin_search_job(false);
                self.post(Job::Perft(self.game.position().clone(), depth, self.game.castling_mode()))
            }
            Command::Stop => self.stop_search(),
            Command::PonderHit => self.ponder_hit(),
            Command::Display => self.display(),
            Command::Eval => self.show_eval(),
            Command::Bench(depth) => {
                // Like a search: `stop` ends it and `isready` is answered.
                self.begin_search_job(false);
                self.post(Job::Bench(depth, self.settings.search, Arc::clone(&self.network)))
            }
            Command::Quit => self.quit(),
        }
    }

    fn post(&self, job: Job) {
        // The worker lives as long as the engine; a send can only fail after quit.
        let _ = self.jobs.send(job);
    }

    fn identify(&self) {
        send(&format!("id name {NAME} {}", env!("CARGO_PKG_VERSION")));
        send(&format!("id author {AUTHOR}"));
        for spec in options::table() {
            if self.all_options || spec.audience == Audience::Player {
                send(&options::declaration(&spec));
            }
        }
        send("uciok");
    }

    /// `readyok` at once while searching; otherwise after queued jobs (a
    /// hash resize, say) are done.
    fn is_ready(&self) {
        if self.shared.searching.load(Relaxed) {
            send("readyok");
        } else {
            self.post(Job::Ping);
        }
    }

    /// Builds the new position aside and only installs it if every part of
    /// the command is valid.
    fn set_position(&mut self, start: PositionStart, moves: &[String]) {
        let mode = self.game.castling_mode();
        let mut game = match start {
            PositionStart::StartPos => Game::new(Chess::default(), mode),
            PositionStart::Fen(fen) => match Game::from_fen(&fen, mode) {
                Ok(g) => g,
                Err(e) => return send_error(&format!("{e}; position unchanged")),
            },
        };
        for (i, text) in moves.iter().enumerate() {
            if let Err(e) = game.play_uci(text) {
                return send_error(&format!("move {} {e}; position unchanged", i + 1));
            }
        }
        if !game.continues(&self.game) {
            // Another game, or moves taken back: the book may apply again.
            self.left_book = false;
        }
        self.game = game;
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let (spec, value) = match options::validate(name, value) {
            Ok(v) => v,
            Err(e) => return send_error(&format!("{e}; option unchanged")),
        };
        let make_action = match spec.apply {
            Apply::Engine(make) => make,
            _ => {
                // A setting is written on a copy, so a refused value changes nothing.
                let mut settings = self.settings;
                return match spec.write(&mut settings, value) {
                    Ok(()) => self.settings = settings,
                    Err(e) => send_error(&format!("{}: {e}; option unchanged", spec.name)),
                };
            }
        };
        match make_action(value) {
            Ok(action) => self.carry_out(action),
            Err(e) => send_error(&format!("{}: {e}; option unchanged", spec.name)),
        }
    }

    /// What an option that is not a setting does. Each loader reports what
    /// it loaded, or keeps what the engine had.
    fn carry_out(&mut self, action: Action) {
        match action {
            Action::ResizeHash(mb) => self.post(Job::ResizeHash(mb)),
            Action::ClearHash => self.post(Job::ClearHash),
            Action::SetThreads(n) => self.post(Job::SetThreads(n)),
            Action::SetChess960(on) => {
                let mode = if on { CastlingMode::Chess960 } else { CastlingMode::Standard };
                self.game.set_castling_mode(mode);
            }
            Action::LoadBook(file) => match Book::load(&file) {
                Ok(book) => {
                    send(&format!("info string book {file}: {} entries", book.len()));
                    self.book = book;
                    self.left_book = false;
                }
                Err(e) => send_error(&format!("{e}; book unchanged")),
            },
            Action::LoadTablebases(path) => self.set_syzygy_path(path.as_deref()),
            Action::LoadNetwork(file) => match Network::load(&file) {
                Ok(network) => {
                    send(&format!("info string network {file} loaded"));
                    self.network = network;
                }
                Err(e) => send_error(&format!("EvalFile: {e}; network unchanged")),
            },
        }
    }

    /// Loads the tables of `SyzygyPath` (`<empty>`: none) and hands them to
    /// the search thread; on failure the tables in use stay.
    fn set_syzygy_path(&mut self, path: Option<&str>) {
        let Some(path) = path else {
            return self.post(Job::SetTablebase(None));
        };
        match Syzygy::load(path) {
            Ok(tb) => {
                send(&format!("info string found {} tablebase files, up to {} pieces", tb.files, tb.max_pieces()));
                self.post(Job::SetTablebase(Some(Arc::new(tb))));
            }
            Err(e) => send_error(&format!("SyzygyPath: {e}; tables unchanged")),
        }
    }

    fn limits_from(&self, go: &Go) -> Limits {
        let pos = self.game.position();
        let mut searchmoves: Vec<Move> = Vec::new();
        for text in &go.searchmoves {
            match self.game.parse_move(text) {
                Ok(m) => searchmoves.push(m),
                Err(e) => send_error(&format!("searchmoves: {e}; ignored")),
            }
        }
        Limits {
            clock: go.clock(pos.turn().is_white()),
            movetime_ms: go.movetime,
            depth: go.depth,
            nodes: go.nodes,
            mate: go.mate,
            infinite: go.infinite,
            ponder: go.ponder,
            searchmoves,
            multi_pv: self.settings.multi_pv,
            report_lines: 0,
        }
    }

    /// Ends any running job, then marks a new one as running: from here
    /// `isready` is answered at once and `stop` reaches the new job.
    fn begin_search_job(&self, ponder: bool) {
        self.stop_search();
        self.wait_until_idle();
        self.shared.signals.reset(ponder);
        self.shared.search_start_ms.store(now_ms(), Relaxed);
        self.shared.searching.store(true, Relaxed);
    }

    fn go(&mut self, go: Go) {
        for problem in &go.problems {
            send_error(&format!("go: {problem}; ignored"));
        }
        self.stop_search();
        self.wait_until_idle();
        let limits = self.limits_from(&go);
        if self.game.position().legal_moves().is_empty() {
            let score = if self.game.position().is_check() { "mate 0" } else { "cp 0" };
            send(&format!("info depth 0 score {score}"));
            send("bestmove (none)");
            return;
        }
        if let Some(m) = self.book_move(&limits) {
            return self.play_book_move(m);
        }
        let (settings, limits, strength) = self.weakened(self.settings.search, limits);
        let start = Instant::now();
        self.begin_search_job(limits.ponder);
        self.post(Job::Search(Box::new(SearchJob {
            game: self.game.clone(),
            settings,
            strength,
            limits,
            overhead_ms: self.settings.move_overhead_ms,
            show_wdl: self.settings.show_wdl,
            start,
            network: Arc::clone(&self.network),
        })));
    }

    /// Under `UCI_LimitStrength`: the user's `SearchMode` on the rating's
    /// node budget for that mode, keeping a few lines to choose from (only
    /// the ones the user asked for are reported).
    fn weakened(&self, mut settings: SearchSettings, mut limits: Limits) -> (SearchSettings, Limits, Option<StrengthLimit>) {
        if !self.settings.limit_strength {
            return (settings, limits, None);
        }
        let strength = StrengthLimit::new(self.settings.elo, settings.mode);
        // The weakened player chooses among several lines: no conspiracy player.
        settings.conspiracy.depth = 0;
        if let Some(budget) = strength.nodes() {
            limits.nodes = Some(limits.nodes.map_or(budget, |n| n.min(budget)));
        }
        limits.report_lines = self.settings.multi_pv;
        limits.multi_pv = self.settings.multi_pv.max(strength.candidate_lines());
        (settings, limits, Some(strength))
    }

    /// The book's move for this `go`, when `OwnBook` is on and the game has
    /// not left the book. Pondering and infinite analysis search instead:
    /// they must not answer at once.
    fn book_move(&mut self, limits: &Limits) -> Option<Move> {
        if !self.settings.own_book || self.left_book || limits.ponder || limits.infinite {
            return None;
        }
        let m = self.book.choose(self.game.position(), &limits.searchmoves, self.settings.best_book_move, &mut self.rng);
        self.left_book = m.is_none();
        m
    }

    /// Answers `go` with a book move, and the book's main reply to it as
    /// the ponder move when it has one.
    fn play_book_move(&mut self, m: Move) {
        let mut after = self.game.clone();
        after.play(m);
        let reply = self.book.moves(after.position()).first().map(|&(r, _)| r);
        send(&format!("info string book move {}", self.game.format_move(m)));
        let mut line = format!("bestmove {}", self.game.format_move(m));
        if let Some(r) = reply {
            line.push_str(&format!(" ponder {}", after.format_move(r)));
        }
        send(&line);
    }

    fn stop_search(&self) {
        if self.shared.searching.load(Relaxed) {
            self.shared.signals.stop.store(true, Relaxed);
            self.wake_worker();
        }
    }

    fn ponder_hit(&self) {
        let signals = &self.shared.signals;
        if self.shared.searching.load(Relaxed) && signals.pondering.load(Relaxed) {
            let since_start = now_ms().saturating_sub(self.shared.search_start_ms.load(Relaxed));
            signals.ponderhit_at_ms.store(since_start, Relaxed);
            signals.pondering.store(false, Relaxed);
            self.wake_worker();
        }
    }

    fn wake_worker(&self) {
        if let Some(w) = &self.worker {
            w.thread().unpark();
        }
    }

    /// Waits (briefly: a stopped search answers within milliseconds) until
    /// the worker has sent its `bestmove`.
    fn wait_until_idle(&self) {
        while self.shared.searching.load(Relaxed) {
            thread::sleep(Duration::from_micros(200));
        }
    }

    fn show_eval(&self) {
        let pos = self.game.position();
        send("      term            |   mg   |   eg   (White's view)");
        for (name, s) in crate::eval::breakdown(pos) {
            send(&format!("{name:>21} | {:>6} | {:>6}", s.mg(), s.eg()));
        }
        let classical = evaluate(pos);
        let network = crate::eval::evaluate_using(pos, Evaluator::Network, &self.network);
        let used = if self.settings.search.evaluator == Evaluator::Network { network } else { classical };
        send(&format!("Classical evaluation: {classical} cp (side to move)"));
        match self.network.kind {
            crate::eval::nnue::Kind::Correction => send(&format!("Network correction: {} cp", network - classical)),
            crate::eval::nnue::Kind::Whole => send(&format!("Network evaluation: {network} cp (side to move)")),
        }
        send(&format!("Final evaluation: {used} cp (side to move)"));
    }

    fn display(&self) {
        let pos = self.game.position();
        let board = pos.board();
        let mut text = String::new();
        for rank in (0..8).rev() {
            text.push_str(" +---+---+---+---+---+---+---+---+\n |");
            for file in 0..8 {
                let sq = shakmaty::Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank));
                let c = board.piece_at(sq).map_or(' ', |p| p.char());
                text.push_str(&format!(" {c} |"));
            }
            text.push_str(&format!(" {}\n", rank + 1));
        }
        text.push_str(" +---+---+---+---+---+---+---+---+\n   a   b   c   d   e   f   g   h\n");
        for line in text.lines() {
            send(line);
        }
        let fen = shakmaty::fen::Fen::from_position(pos, EnPassantMode::Legal);
        send(&format!("Fen: {fen}"));
        send(&format!("Key: {:016X}", game::hash(pos)));
        let checkers: Vec<String> = pos.checkers().into_iter().map(|s| s.to_string()).collect();
        send(&format!("Checkers: {}", checkers.join(" ")));
    }

    /// Stops any search (its bestmove is still sent) and ends the worker.
    pub fn quit(&mut self) {
        self.stop_search();
        if let Some(worker) = self.worker.take() {
            self.shared.signals.stop.store(true, Relaxed);
            self.shared.signals.pondering.store(false, Relaxed);
            let _ = self.jobs.send(Job::Quit);
            worker.thread().unpark();
            let _ = worker.join();
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.quit();
    }
}

/// A legal move for a search that produced none: the first of the
/// `searchmoves` that is legal, else the first legal move.
fn fallback_move(job: &SearchJob) -> Move {
    let pos = job.game.position();
    let legal = pos.legal_moves();
    job.limits
        .searchmoves
        .iter()
        .copied()
        .find(|m| legal.contains(m))
        .or_else(|| legal.first().copied())
        .expect("go is only posted when a legal move exists")
}

/// The search thread: runs the jobs in order, and owns the table and the
/// Lazy SMP search threads.
struct Worker {
    shared: Arc<Shared>,
    threads: SearchThreads,
    /// For the weakened player's choices.
    rng: Rng,
}

impl Worker {
    fn new(shared: Arc<Shared>, hash_mb: usize) -> Worker {
        let tt = Arc::new(TranspositionTable::new(hash_mb));
        let threads = SearchThreads::new(tt, Arc::clone(&shared.signals));
        Worker { shared, threads, rng: Rng::from_time() }
    }

    fn run(mut self, inbox: Receiver<Job>) {
        while let Ok(job) = inbox.recv() {
            if let Job::Quit = job {
                return;
            }
            // Searches contain their own panics (they must still answer);
            // this catches the rest, so the thread keeps serving.
            if let Err(payload) = panic::catch_unwind(AssertUnwindSafe(|| self.run_job(job))) {
                send_error(&format!("internal error in the search thread ({})", panic_message(&*payload)));
                self.shared.searching.store(false, Relaxed);
            }
        }
    }

    fn run_job(&mut self, job: Job) {
        match job {
            Job::Search(job) => self.search(*job),
            Job::SetThreads(n) => self.threads.set_threads(n),
            Job::ResizeHash(mb) => match TranspositionTable::try_new(mb) {
                Some(tt) => self.threads.set_table(tt),
                None => send_error(&format!("Hash: could not allocate {mb} MB; keeping the old table")),
            },
            Job::ClearHash => self.threads.main.tt.clear(),
            Job::NewGame => self.threads.new_game(),
            Job::SetTablebase(tb) => self.threads.set_tablebase(tb),
            Job::Ping => send("readyok"),
            Job::Perft(pos, depth, mode) => {
                for line in perft::report(&pos, depth, mode, &self.shared.signals.stop) {
                    send(&line);
                }
                self.shared.searching.store(false, Relaxed);
            }
            Job::Bench(depth, settings, network) => {
                let depth = depth.unwrap_or(bench::DEFAULT_DEPTH);
                let result = bench::run(depth, settings, &network, &self.shared.signals, &mut |_| {});
                if self.shared.signals.stop.load(Relaxed) {
                    send("info string bench stopped");
                } else {
                    for line in result.summary() {
                        send(&line);
                    }
                }
                self.shared.searching.store(false, Relaxed);
            }
            Job::Quit => {}
        }
    }

    /// Runs one search and sends its `bestmove`. A panic inside the search
    /// is contained here: it is reported, the searchers are rebuilt, and
    /// the move comes from the last line the search reported (or, failing
    /// that, the first legal root move), so the game goes on.
    fn search(&mut self, job: SearchJob) {
        let mut reported_best = None;
        let result = panic::catch_unwind(AssertUnwindSafe(|| self.think(&job, &mut reported_best)));
        let (played, ponder) = match result {
            Ok(outcome) => {
                let (played, ponder) = self.choose_move(&job, &outcome);
                if Some(played) != outcome.best {
                    // The weakened player chose another of the lines: its
                    // line is announced before it is played.
                    self.announce_choice(&job, &outcome, played);
                }
                (played, ponder)
            }
            Err(payload) => {
                send_error(&format!("the search failed ({}); playing the best move it reported", panic_message(&*payload)));
                self.threads.rebuild();
                (reported_best.unwrap_or_else(|| fallback_move(&job)), None)
            }
        };
        self.hold_while_pondering_or_infinite(&job.limits);
        let mut line = format!("bestmove {}", job.game.format_move(played));
        if let Some(reply) = ponder {
            line.push_str(&format!(" ponder {}", job.game.format_move(reply)));
        }
        send(&line);
        self.shared.searching.store(false, Relaxed);
    }

    /// The search proper: the main searcher with its Lazy SMP helpers.
    /// `reported_best` follows the first move of every first line reported.
    fn think(&mut self, job: &SearchJob, reported_best: &mut Option<Move>) -> Outcome {
        let mode = job.game.castling_mode();
        self.threads.main.network = Arc::clone(&job.network);
        let (outcome, helper_failed) = self.threads.think(&job.game, job.settings, &job.limits, job.overhead_ms, job.start, &mut |r| {
            if r.multipv == 1 {
                *reported_best = r.pv.first().copied();
            }
            send(&info_line(r, mode, job.wdl(r.score)))
        });
        if helper_failed {
            send_error("a helper search thread failed; its searcher is rebuilt");
        }
        outcome
    }

    /// An `info` line for `played`, the weakened player's choice among
    /// `outcome`'s lines, so that the `bestmove` begins the last PV.
    fn announce_choice(&self, job: &SearchJob, outcome: &Outcome, played: Move) {
        let score = outcome.lines.iter().find(|&&(m, _)| m == played).map_or(outcome.score, |&(_, s)| s);
        let report = Report {
            multipv: 1,
            depth: outcome.depth.max(1),
            seldepth: outcome.depth.max(1),
            score,
            nodes: outcome.nodes,
            time_ms: job.start.elapsed().as_millis() as u64,
            hashfull: self.threads.main.tt.hashfull(),
            tbhits: 0,
            pv: vec![played],
            horizons: Default::default(),
            pricing: Default::default(),
            lowerbound: false,
        };
        send(&info_line(&report, job.game.castling_mode(), job.wdl(score)));
    }

    /// The move to play and the ponder move, from a finished search.
    fn choose_move(&mut self, job: &SearchJob, outcome: &Outcome) -> (Move, Option<Move>) {
        let best = outcome.best.unwrap_or_else(|| fallback_move(job));
        let played = job.strength.and_then(|s| self.weakened_choice(s, &job.game, outcome)).unwrap_or(best);
        (played, outcome.ponder.filter(|_| played == best))
    }

    /// The weakened player's move among the search's best lines.
    fn weakened_choice(&mut self, strength: StrengthLimit, game: &Game, outcome: &Outcome) -> Option<Move> {
        let moves: Vec<Move> = outcome.lines.iter().map(|&(m, _)| m).collect();
        let interests = self.threads.main.root_interests(game.position(), &moves);
        let candidates: Vec<Candidate> =
            outcome.lines.iter().zip(interests).map(|(&(m, score), interest)| Candidate { m, score, interest }).collect();
        strength.choose(&candidates, &mut self.rng)
    }

    /// UCI forbids a bestmove while pondering or under `go infinite` until
    /// the GUI releases us, even when the search itself has finished.
    fn hold_while_pondering_or_infinite(&self, limits: &Limits) {
        let signals = &self.shared.signals;
        loop {
            let stopped = signals.stop.load(Relaxed);
            let pondering = signals.pondering.load(Relaxed);
            if stopped || !(pondering || limits.infinite) {
                return;
            }
            thread::park_timeout(Duration::from_millis(5));
        }
    }
}
