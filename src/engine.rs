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
use crate::eval::{evaluate, Evaluator};
use crate::game::{self, Game};
use crate::rng::Rng;
use crate::search::interest::Plausibility;
use crate::search::limits::Limits;
use crate::search::strength::{self, Candidate, StrengthLimit};
use crate::search::tablebase::Syzygy;
use crate::search::tunables;
use crate::search::{Outcome, Report, Searcher, Signals};
use crate::search::{SearchMode, SearchSettings};
use crate::tt::TranspositionTable;
use crate::uci::command::{self, Command, Go, PositionStart};
use crate::uci::options::{self, Value};
use crate::uci::{info_line, panic_message, send, send_error};
use crate::{bench, perft};

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
    start: Instant,
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
    Bench(Option<u32>, SearchSettings),
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
    /// The search rule and its knobs, as the options last set them.
    settings: SearchSettings,
    move_overhead_ms: u64,
    /// How many best lines `go` reports (`MultiPV`).
    multi_pv: usize,
    /// The opening book and how it is used (`OwnBook`, `BookFile`,
    /// `BestBookMove`).
    book: Book,
    own_book: bool,
    best_book_move: bool,
    /// The game has left the book: no more probing until a new game.
    left_book: bool,
    rng: Rng,
    /// `UCI_LimitStrength` and `UCI_Elo`.
    limit_strength: bool,
    elo: u32,
    jobs: Sender<Job>,
    shared: Arc<Shared>,
    worker: Option<JoinHandle<()>>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    pub fn new() -> Engine {
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
            .stack_size(64 * 1024 * 1024)
            .spawn(move || Worker::new(worker_shared, hash_mb).run(inbox))
            .expect("spawn the search thread");
        Engine {
            game: Game::default(),
            settings: SearchSettings::default(),
            move_overhead_ms: 10,
            multi_pv: 1,
            book: Book::bundled(),
            own_book: false,
            best_book_move: false,
            left_book: false,
            rng: Rng::from_time(),
            limit_strength: false,
            elo: strength::MAX_ELO,
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
            "fen {} | mode {:?} | history {} {:016x} | settings {:?} | overhead {} | multipv {} | book {} {} {} | strength {} {}",
            fen,
            self.game.castling_mode(),
            history.len(),
            history.iter().fold(0u64, |acc, k| acc.rotate_left(7) ^ k),
            self.settings,
            self.move_overhead_ms,
            self.multi_pv,
            self.book.len(),
            self.own_book,
            self.best_book_move,
            self.limit_strength,
            self.elo,
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
                self.post(Job::Bench(depth, self.settings))
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
            send(&options::declaration(&spec));
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
        if let (Some(t), Value::Int(n)) = (tunables::find(spec.name), &value) {
            *(t.field)(&mut self.settings.alphabeta) = *n as i32;
            return;
        }
        match (spec.name, value) {
            (options::HASH, Value::Int(mb)) => self.post(Job::ResizeHash(mb as usize)),
            (options::CLEAR_HASH, _) => self.post(Job::ClearHash),
            (options::MOVE_OVERHEAD, Value::Int(ms)) => self.move_overhead_ms = ms as u64,
            // The GUI only tells us it may send `go ponder`; pondering
            // needs no preparation, so there is nothing to keep.
            (options::PONDER, Value::Bool(_)) => {}
            (options::CHESS960, Value::Bool(on)) => {
                let mode = if on { CastlingMode::Chess960 } else { CastlingMode::Standard };
                self.game.set_castling_mode(mode);
            }
            (options::OWN_BOOK, Value::Bool(on)) => self.own_book = on,
            (options::USE_NNUE, Value::Bool(on)) => self.settings.evaluator = Evaluator::using_network(on),
            (options::BEST_BOOK_MOVE, Value::Bool(on)) => self.best_book_move = on,
            (options::BOOK_FILE, Value::Text(file)) => match Book::load(&file) {
                Ok(book) => {
                    send(&format!("info string book {file}: {} entries", book.len()));
                    self.book = book;
                    self.left_book = false;
                }
                Err(e) => send_error(&format!("{e}; book unchanged")),
            },
            (options::SYZYGY_PATH, Value::Text(path)) => self.set_syzygy_path(&path),
            (options::SYZYGY_PROBE_DEPTH, Value::Int(n)) => self.settings.tablebase.probe_depth = n as i32,
            (options::SYZYGY_50_MOVE_RULE, Value::Bool(on)) => self.settings.tablebase.fifty_move_rule = on,
            (options::LIMIT_STRENGTH, Value::Bool(on)) => self.limit_strength = on,
            (options::ELO, Value::Int(n)) => self.elo = n as u32,
            (options::MULTI_PV, Value::Int(n)) => self.multi_pv = n as usize,
            (options::THREADS, Value::Int(n)) => self.post(Job::SetThreads(n as usize)),
            (options::SEARCH_MODE, Value::Choice(c)) => match SearchMode::from_name(c) {
                Some(mode) => self.settings.mode = mode,
                None => send_error(&format!("{name}: unknown mode {c}")),
            },
            (options::INTEREST_COST_SCALE, Value::Int(n)) => self.settings.interest.cost_scale = n as u32,
            (options::SEPARATE_TALLIES, Value::Bool(b)) => self.settings.interest.separate_tallies = b,
            (options::INTEREST_SIBLING_SHARE, Value::Int(n)) => self.settings.interest.sibling_share_percent = n as u32,
            (options::INTEREST_CHECK_BONUS, Value::Int(n)) => self.settings.interest.weights.check_bonus = n as i32,
            (options::INTEREST_EVASION_SHARE, Value::Int(n)) => self.settings.interest.weights.evasion_share = n as i32,
            (options::INTEREST_TERM_WEIGHT, Value::Int(n)) => self.settings.interest.weights.term_percent = n as i32,
            (options::INTEREST_MODEL, Value::Choice(c)) => match Plausibility::from_name(c) {
                Some(model) => self.settings.interest.plausibility = model,
                None => send_error(&format!("{name}: unknown model {c}")),
            },
            (options::INTEREST_LEARNED_SHARE, Value::Int(n)) => self.settings.interest.learned_percent = n as u32,
            (options::LATE_MOVE_REDUCTIONS, Value::Bool(on)) => self.settings.late.reductions = on,
            (options::LATE_MOVE_PRUNING, Value::Bool(on)) => self.settings.late.pruning = on,
            (options::FORWARD_ESTIMATION, Value::Bool(on)) => self.settings.forward.enabled = on,
            (options::FE_DELTA, Value::Int(n)) => self.settings.forward.delta_percent = n as i32,
            (options::CONSPIRACY_DEPTH, Value::Int(n)) => {
                if let Err(e) = self.settings.conspiracy.set_depth(n) {
                    send_error(&format!("{e}; option unchanged"));
                }
            }
            (options::CONSPIRACY_RANGE, Value::Int(n)) => self.settings.conspiracy.range = n as i32,
            (options::CONSPIRACY_STEP, Value::Int(n)) => self.settings.conspiracy.step = n as i32,
            (name, value) => send_error(&format!("{name}: unexpected value {value:?}")),
        }
    }

    /// Loads the tables of `SyzygyPath` (`<empty>`: none) and hands them to
    /// the search thread; on failure the tables in use stay.
    fn set_syzygy_path(&mut self, path: &str) {
        if path == options::NO_PATH {
            return self.post(Job::SetTablebase(None));
        }
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
            multi_pv: self.multi_pv,
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
        let (settings, limits, strength) = self.weakened(self.settings, limits);
        let start = Instant::now();
        self.begin_search_job(limits.ponder);
        self.post(Job::Search(Box::new(SearchJob {
            game: self.game.clone(),
            settings,
            strength,
            limits,
            overhead_ms: self.move_overhead_ms,
            start,
        })));
    }

    /// Under `UCI_LimitStrength`: the rating's search (interest search at
    /// the bottom of the range, alpha-beta above) on its node budget,
    /// keeping a few lines to choose from (only the ones the user asked
    /// for are reported).
    fn weakened(&self, settings: SearchSettings, mut limits: Limits) -> (SearchSettings, Limits, Option<StrengthLimit>) {
        if !self.limit_strength {
            return (settings, limits, None);
        }
        let strength = StrengthLimit::new(self.elo);
        // The weakened player chooses among several lines: no conspiracy player.
        let mut settings = SearchSettings { mode: strength.mode(), ..settings };
        settings.conspiracy.depth = 0;
        limits.nodes = Some(limits.nodes.map_or(strength.nodes(), |n| n.min(strength.nodes())));
        limits.report_lines = self.multi_pv;
        limits.multi_pv = self.multi_pv.max(strength.candidate_lines());
        (settings, limits, Some(strength))
    }

    /// The book's move for this `go`, when `OwnBook` is on and the game has
    /// not left the book. Pondering and infinite analysis search instead:
    /// they must not answer at once.
    fn book_move(&mut self, limits: &Limits) -> Option<Move> {
        if !self.own_book || self.left_book || limits.ponder || limits.infinite {
            return None;
        }
        let m = self.book.choose(self.game.position(), &limits.searchmoves, self.best_book_move, &mut self.rng);
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
        let network = crate::eval::evaluate_by(pos, Evaluator::Network);
        let used = if self.settings.evaluator == Evaluator::Network { network } else { classical };
        send(&format!("Classical evaluation: {classical} cp (side to move)"));
        send(&format!("Network correction: {} cp", network - classical));
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

/// Raises a stop flag when dropped, so helper threads end even when the
/// main search unwinds.
struct StopOnDrop<'a>(&'a Signals);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.stop.store(true, Relaxed);
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

/// The search thread: owns the table, the main searcher and the Lazy SMP
/// helpers.
struct Worker {
    shared: Arc<Shared>,
    searcher: Searcher,
    /// Helper threads' searchers, kept across searches so their tables
    /// and buffers are allocated once.
    helpers: Vec<Searcher>,
    /// The helpers' stop flag: raised when the main thread has its move.
    helper_signals: Arc<Signals>,
    /// For the weakened player's choices.
    rng: Rng,
}

impl Worker {
    fn new(shared: Arc<Shared>, hash_mb: usize) -> Worker {
        let tt = Arc::new(TranspositionTable::new(hash_mb));
        let searcher = Searcher::new(tt, Arc::clone(&shared.signals));
        Worker { shared, searcher, helpers: Vec::new(), helper_signals: Arc::new(Signals::default()), rng: Rng::from_time() }
    }

    fn set_threads(&mut self, threads: usize) {
        self.helpers.clear();
        for id in 1..threads.max(1) {
            self.helpers.push(Searcher::helper(
                Arc::clone(&self.searcher.tt),
                Arc::clone(&self.helper_signals),
                id,
                Arc::clone(&self.shared.signals),
            ));
        }
    }

    fn set_table(&mut self, tt: TranspositionTable) {
        // Drop every reference to the old table before the new one is used.
        self.searcher.tt = Arc::new(tt);
        for h in &mut self.helpers {
            h.tt = Arc::clone(&self.searcher.tt);
        }
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
            Job::SetThreads(n) => self.set_threads(n),
            Job::ResizeHash(mb) => match TranspositionTable::try_new(mb) {
                Some(tt) => self.set_table(tt),
                None => send_error(&format!("Hash: could not allocate {mb} MB; keeping the old table")),
            },
            Job::ClearHash => self.searcher.tt.clear(),
            Job::NewGame => {
                self.searcher.tt.clear();
                self.searcher.new_game();
                for h in &mut self.helpers {
                    h.new_game();
                }
            }
            Job::SetTablebase(tb) => self.searcher.tablebase = tb,
            Job::Ping => send("readyok"),
            Job::Perft(pos, depth, mode) => {
                for line in perft::report(&pos, depth, mode, &self.shared.signals.stop) {
                    send(&line);
                }
                self.shared.searching.store(false, Relaxed);
            }
            Job::Bench(depth, settings) => {
                let depth = depth.unwrap_or(bench::DEFAULT_DEPTH);
                let result = bench::run(depth, settings, &self.shared.signals, &mut |_| {});
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
                self.rebuild_searchers();
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
        if table_outdated(&self.searcher.settings, &job.settings) {
            self.searcher.tt.clear();
        }
        self.searcher.settings = job.settings;
        for h in &mut self.helpers {
            h.settings = job.settings;
            h.tablebase = self.searcher.tablebase.clone();
        }
        let helper_signals = Arc::clone(&self.helper_signals);
        helper_signals.reset(false);
        let (main, helpers) = (&mut self.searcher, &mut self.helpers);
        let mut helper_failed = false;
        let outcome = thread::scope(|scope| {
            let mut running = Vec::with_capacity(helpers.len());
            for helper in helpers.iter_mut() {
                let game = &job.game;
                let limits = Limits { searchmoves: job.limits.searchmoves.clone(), ..Limits::default() };
                let started = thread::Builder::new().stack_size(64 * 1024 * 1024).spawn_scoped(scope, move || {
                    helper.think(game, &limits, 0, job.start, &mut |_| {});
                });
                match started {
                    Ok(handle) => running.push(handle),
                    Err(_) => log::warn!("could not start a helper thread; searching with fewer threads"),
                }
            }
            // Stop the helpers however the main search ends.
            let stop_helpers = StopOnDrop(&helper_signals);
            let outcome = main.think(&job.game, &job.limits, job.overhead_ms, job.start, &mut |r| {
                if r.multipv == 1 {
                    *reported_best = r.pv.first().copied();
                }
                send(&info_line(r, mode))
            });
            drop(stop_helpers);
            for handle in running {
                // A helper's panic is caught by joining it: the main
                // search's answer stands, the helpers are rebuilt below.
                helper_failed |= handle.join().is_err();
            }
            outcome
        });
        if helper_failed {
            send_error("a helper search thread failed; its searcher is rebuilt");
            self.set_threads(self.helpers.len() + 1);
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
            hashfull: self.searcher.tt.hashfull(),
            tbhits: 0,
            pv: vec![played],
            horizons: Default::default(),
            lowerbound: false,
        };
        send(&info_line(&report, job.game.castling_mode()));
    }

    /// The move to play and the ponder move, from a finished search.
    fn choose_move(&mut self, job: &SearchJob, outcome: &Outcome) -> (Move, Option<Move>) {
        let best = outcome.best.unwrap_or_else(|| fallback_move(job));
        let played = job.strength.and_then(|s| self.weakened_choice(s, &job.game, outcome)).unwrap_or(best);
        (played, outcome.ponder.filter(|_| played == best))
    }

    /// Fresh searchers after a panic left the old ones in an unknown
    /// state; the table and tablebases are kept (the table's entries are
    /// checked on every probe).
    fn rebuild_searchers(&mut self) {
        let tablebase = self.searcher.tablebase.take();
        self.searcher = Searcher::new(Arc::clone(&self.searcher.tt), Arc::clone(&self.shared.signals));
        self.searcher.tablebase = tablebase;
        self.set_threads(self.helpers.len() + 1);
    }

    /// The weakened player's move among the search's best lines.
    fn weakened_choice(&mut self, strength: StrengthLimit, game: &Game, outcome: &Outcome) -> Option<Move> {
        let moves: Vec<Move> = outcome.lines.iter().map(|&(m, _)| m).collect();
        let interests = self.searcher.root_interests(game.position(), &moves);
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

/// Whether a search with `next` settings must not read what one with
/// `previous` settings stored: another evaluator's static evaluations
/// (`Use NNUE`) would be read as this one's, and the other mode's entries
/// were searched under other prices (the A/B match compares them apart).
fn table_outdated(previous: &SearchSettings, next: &SearchSettings) -> bool {
    previous.mode != next.mode || previous.evaluator != next.evaluator
}

#[cfg(test)]
mod tests {
    use super::{table_outdated, SearchSettings};

    #[test]
    fn switching_the_evaluator_or_the_mode_outdates_the_table() {
        let network = SearchSettings::default();
        let classical = SearchSettings { evaluator: crate::eval::Evaluator::using_network(false), ..network };
        let interest = SearchSettings { mode: crate::search::SearchMode::Interest, ..network };
        assert!(table_outdated(&network, &classical) && table_outdated(&classical, &network));
        assert!(table_outdated(&network, &interest));
        let mut tuned = network;
        tuned.interest.cost_scale = 150;
        assert!(!table_outdated(&network, &tuned) && !table_outdated(&network, &network));
    }
}
