//! Records scored afresh by a short search of Intrigue's own.
//!
//! A network distilled from the static evaluation can at best copy it.
//! A search of a few hundred nodes from the same position sees what the
//! static evaluation misses (a piece that hangs, a threat, a capture
//! that wins), so its score is a label that knows more than the teacher
//! whose copy it trains. Each kept record is one of every `every` input
//! records, its score replaced by the search's (White's view) and its
//! result kept.
//!
//! Positions whose best move captures or promotes, and those the search
//! scores as mate, are left out: there the score is the capture's or the
//! mate's, which a static evaluation should not try to predict.
//!
//! Each position is searched from an empty table and empty histories, so
//! a record's label depends on the position and the node count alone,
//! whatever thread or order it was searched in. A run appends to its
//! output and writes `OUT.progress` (input records consumed, records
//! kept) after each batch, so it can be stopped and resumed.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Instant;

use shakmaty::{CastlingMode, Chess, Color, Position};

use crate::packed::{pack, Labelled, RECORD_BYTES};
use crate::selfplay::{progress_path, Records};
use intrigue::game::Game;
use intrigue::search::limits::Limits;
use intrigue::search::{Searcher, Signals, MATE_BOUND};
use intrigue::tt::TranspositionTable;

/// Input records handed out to the threads at once: a stop loses at most
/// one batch's work.
const BATCH: usize = 1 << 18;

/// The table each position is searched with, in megabytes: a search of
/// a few thousand nodes fills a small part of it.
const TABLE_MB: usize = 1;

/// How a run scores its records.
#[derive(Clone, Copy, Debug)]
pub struct Relabel {
    /// Nodes each position's search may spend.
    pub nodes: u64,
    /// Keep one of every `every` input records.
    pub every: usize,
    pub threads: usize,
    pub kind: LabelKind,
}

/// How far a run has got: input records read, output records written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub consumed: u64,
    pub kept: u64,
}

impl Progress {
    fn text(&self, relabel: &Relabel) -> String {
        let balanced = (relabel.kind == LabelKind::Balanced) as u8;
        format!("consumed {}\nkept {}\nnodes {}\nevery {}\nbalanced {balanced}\n", self.consumed, self.kept, relabel.nodes, relabel.every)
    }

    /// Reads a progress record, refusing one made with other settings.
    fn parse(text: &str, relabel: &Relabel) -> Result<Progress, String> {
        let mut p = Progress::default();
        for line in text.lines() {
            let (key, value) = line.split_once(' ').ok_or_else(|| format!("line '{line}'"))?;
            let n = value.parse::<u64>().map_err(|_| format!("{key}: '{value}' is not a number"))?;
            match key {
                "consumed" => p.consumed = n,
                "kept" => p.kept = n,
                "nodes" if n != relabel.nodes => return Err(format!("the file was made at {n} nodes a position")),
                "every" if n != relabel.every as u64 => return Err(format!("the file kept one record in {n}")),
                "balanced" if (n == 1) != (relabel.kind == LabelKind::Balanced) => {
                    return Err(format!("the file's labels are {}", if n == 1 { "balanced" } else { "plain" }))
                }
                "nodes" | "every" | "balanced" => {}
                _ => return Err(format!("unknown field '{key}'")),
            }
        }
        Ok(p)
    }
}

/// The search's score of `pos` for its side to move, or `None` where it
/// is a mate's, or where `quiet_only` and the best move captures or
/// promotes. Each search starts from an empty table and histories.
fn score_of(searcher: &mut Searcher, pos: &Chess, nodes: u64, quiet_only: bool) -> Option<i32> {
    searcher.tt.clear();
    searcher.new_game();
    let game = Game::new(pos.clone(), CastlingMode::Standard);
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    let out = searcher.think(&game, &limits, 0, Instant::now(), &mut |_| {});
    let best = out.best?;
    let noisy = best.is_capture() || best.is_promotion();
    (out.score.abs() < MATE_BOUND && !(quiet_only && noisy)).then_some(out.score)
}

/// The label of `record`'s position, White's view, or `None` where it
/// would be a capture's, a promotion's or a mate's.
///
/// A plain label is the search's score. A balanced one is half the
/// difference between that score and the score of the same position with
/// the other side to move: the move itself is worth something, and in a
/// position from a search tree (often one where the last move was a
/// mistake the side to move can punish) it is worth a lot. Trained on
/// plain labels, a network learned a side-to-move bonus of about 100 cp
/// (docs/changelog.md); the balanced label leaves who moves out.
pub fn search_score(searcher: &mut Searcher, record: &Labelled, nodes: u64, kind: LabelKind) -> Option<i16> {
    let mover = score_of(searcher, &record.pos, nodes, true)?;
    let score = match kind {
        LabelKind::Plain => mover,
        LabelKind::Balanced => {
            // A record is never in check, so the side not to move is not
            // in check either, and the swapped position is legal.
            let other = record.pos.clone().swap_turn().ok()?;
            (mover - score_of(searcher, &other, nodes, false)?) / 2
        }
    };
    let white = if record.pos.turn() == Color::White { score } else { -score };
    Some(white.clamp(i16::MIN.into(), i16::MAX.into()) as i16)
}

/// Which score a relabelled record gets (see [`search_score`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabelKind {
    Plain,
    Balanced,
}

/// Scores `input`'s records into `output` (appending, resuming from its
/// progress record); returns the final progress.
pub fn run(input: &Path, output: &Path, relabel: &Relabel, log: &dyn Fn(&str)) -> Result<Progress, String> {
    let every = relabel.every.max(1);
    let mut progress = match std::fs::read_to_string(progress_path(output)) {
        Ok(text) => Progress::parse(&text, relabel).map_err(|e| format!("{}: {e}", progress_path(output).display()))?,
        Err(_) => Progress::default(),
    };
    let length = std::fs::metadata(output).map_or(0, |m| m.len());
    if length != progress.kept * RECORD_BYTES as u64 {
        return Err(format!("{} holds {length} bytes where its progress record says {} records", output.display(), progress.kept));
    }
    let mut records = Records::open(input)?;
    records.pass_over(progress.consumed as usize)?;
    let mut file = OpenOptions::new().append(true).create(true).open(output).map_err(|e| format!("{}: {e}", output.display()))?;
    let mut searchers: Vec<Searcher> = (0..relabel.threads.max(1))
        .map(|_| Searcher::new(Arc::new(TranspositionTable::new(TABLE_MB)), Arc::new(Signals::default())))
        .collect();
    let started = Instant::now();
    loop {
        let mut batch = Vec::with_capacity(BATCH / every + 1);
        let mut read = 0;
        for record in records.by_ref().take(BATCH) {
            let record = record?;
            if (progress.consumed + read).is_multiple_of(every as u64) {
                batch.push(record);
            }
            read += 1;
        }
        if read == 0 {
            return Ok(progress);
        }
        let bytes = score_batch(&mut searchers, &batch, relabel.nodes, relabel.kind);
        file.write_all(&bytes).and_then(|_| file.flush()).map_err(|e| format!("{}: {e}", output.display()))?;
        progress.consumed += read;
        progress.kept += (bytes.len() / RECORD_BYTES) as u64;
        std::fs::write(progress_path(output), progress.text(relabel)).map_err(|e| format!("{}: {e}", output.display()))?;
        let rate = progress.kept as f64 / started.elapsed().as_secs_f64();
        log(&format!("{} records read, {} kept ({rate:.0} a second this run)", progress.consumed, progress.kept));
    }
}

/// The batch's kept records, packed in input order. The threads take
/// positions one at a time from a shared counter, so none waits on
/// another's harder share.
fn score_batch(searchers: &mut [Searcher], batch: &[Labelled], nodes: u64, kind: LabelKind) -> Vec<u8> {
    let next = AtomicUsize::new(0);
    let mut scored: Vec<(usize, i16)> = std::thread::scope(|scope| {
        let handles: Vec<_> = searchers
            .iter_mut()
            .map(|searcher| {
                let next = &next;
                scope.spawn(move || {
                    let mut scored = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Relaxed);
                        let Some(record) = batch.get(i) else { return scored };
                        scored.extend(search_score(searcher, record, nodes, kind).map(|score| (i, score)));
                    }
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("a scoring thread panicked")).collect()
    });
    scored.sort_unstable_by_key(|&(i, _)| i);
    scored.iter().flat_map(|&(i, score)| pack(&batch[i].pos, score, batch[i].result)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn record(fen: &str, score: i16) -> Labelled {
        let pos: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
        Labelled { pos, score, result: 1 }
    }

    fn searcher() -> Searcher {
        Searcher::new(Arc::new(TranspositionTable::new(TABLE_MB)), Arc::new(Signals::default()))
    }

    /// A knight fork is a quiet move (a check, not a capture): the
    /// static evaluation sees a rook against a knight, the search sees
    /// the rook won. The label is the search's.
    #[test]
    fn a_fork_is_in_the_search_score_not_the_static_one() {
        let r = record("2r3k1/pp3ppp/8/3N4/8/7P/PP3PP1/6K1 w - - 0 1", 0);
        assert!(crate::train::static_score(&r.pos) < 0, "statically a rook beats a knight");
        let score = search_score(&mut searcher(), &r, 2000, LabelKind::Plain).expect("Ne7+ is quiet");
        assert!(score > 150, "after Ne7+ and Nxc8 White is a knight up: {score}");
    }

    /// The start position is level: a plain label gives the side to move
    /// its move's worth, a balanced one takes it out again.
    #[test]
    fn a_balanced_label_leaves_out_who_is_to_move() {
        let start = record("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0);
        let plain = search_score(&mut searcher(), &start, 3000, LabelKind::Plain).unwrap();
        let balanced = search_score(&mut searcher(), &start, 3000, LabelKind::Balanced).unwrap();
        assert!(plain > 5, "White to move is a little better: {plain}");
        assert!(balanced.abs() < plain, "balanced {balanced}, plain {plain}");
        let fork = record("2r3k1/pp3ppp/8/3N4/8/7P/PP3PP1/6K1 w - - 0 1", 0);
        let plain = search_score(&mut searcher(), &fork, 2000, LabelKind::Plain).unwrap();
        let balanced = search_score(&mut searcher(), &fork, 2000, LabelKind::Balanced).unwrap();
        assert!(balanced < plain - 200, "the fork is White's only with White to move: balanced {balanced}, plain {plain}");
    }

    #[test]
    fn a_winning_capture_leaves_the_position_out() {
        // White to move takes a loose queen on d5 with the e4 pawn.
        let r = record("rnb1kbnr/ppp2ppp/8/3qp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", 0);
        assert_eq!(search_score(&mut searcher(), &r, 2000, LabelKind::Plain), None);
    }

    #[test]
    fn the_same_position_gets_the_same_label_after_other_searches() {
        let r = record("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", 0);
        let mut s = searcher();
        let first = search_score(&mut s, &r, 1500, LabelKind::Plain);
        search_score(&mut s, &record("8/8/4k3/8/2P5/3K4/8/8 w - - 0 1", 0), 1500, LabelKind::Balanced);
        assert_eq!(search_score(&mut s, &r, 1500, LabelKind::Plain), first);
        assert_eq!(search_score(&mut searcher(), &r, 1500, LabelKind::Plain), first, "and on a fresh searcher");
    }

    #[test]
    fn a_progress_record_reads_back_and_refuses_other_settings() {
        let relabel = Relabel { nodes: 300, every: 4, threads: 2, kind: LabelKind::Balanced };
        let p = Progress { consumed: 65536, kept: 9000 };
        assert_eq!(Progress::parse(&p.text(&relabel), &relabel), Ok(p));
        let other = Relabel { nodes: 500, ..relabel };
        assert!(Progress::parse(&p.text(&relabel), &other).is_err());
        let plain = Relabel { kind: LabelKind::Plain, ..relabel };
        assert!(Progress::parse(&p.text(&relabel), &plain).is_err());
    }
}
