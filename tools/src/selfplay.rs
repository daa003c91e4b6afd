//! Network training data from self-play, at volume: each game's quiet
//! positions, labelled by Intrigue's own search score and the game's
//! result, appended to one file as marlinformat records (`packed`).
//!
//! Making enough positions takes many hours on a small machine, so a run
//! can stop at any moment and the same command carries on: the file's
//! progress record (`FILE.progress`) says how many games and bytes are in
//! it, and with what settings they were made. Games are written in the
//! order of their numbers and game `i` always starts from the same
//! opening and random moves, so a run stopped and resumed makes the same
//! file as one that never stopped. Every position is written once: one
//! seen before (common after the opening) is counted and skipped.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};

use shakmaty::fen::Fen;
use shakmaty::{Chess, Color, EnPassantMode, Position};

use crate::datagen::{play_games, GameSettings, Plan, Played};
use crate::packed::{pack, unpack, RECORD_BYTES};
use intrigue::game::{self, Game};

/// How far a data file has got, and what made it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Games played into the file (those that yielded nothing included).
    pub games: usize,
    pub bytes: u64,
    pub positions: u64,
    /// Positions skipped because the file already held them.
    pub duplicates: u64,
    /// How its games were played.
    pub game: GameSettings,
    /// The opening file's name (not its path: a copy elsewhere will do).
    pub openings: String,
}

impl Progress {
    fn text(&self) -> String {
        format!(
            "games {}\nbytes {}\npositions {}\nduplicates {}\nnodes {}\nrandom_plies {}\nseed {}\ntree_sample {}\nopenings {}\n",
            self.games,
            self.bytes,
            self.positions,
            self.duplicates,
            self.game.nodes,
            self.game.random_plies,
            self.game.seed,
            self.game.tree_sample,
            self.openings
        )
    }

    fn parse(text: &str) -> Result<Progress, String> {
        let mut p = Progress::default();
        for line in text.lines() {
            let (key, value) = line.split_once(' ').ok_or_else(|| format!("line '{line}'"))?;
            let number = || value.parse::<u64>().map_err(|_| format!("{key}: '{value}' is not a number"));
            match key {
                "games" => p.games = number()? as usize,
                "bytes" => p.bytes = number()?,
                "positions" => p.positions = number()?,
                "duplicates" => p.duplicates = number()?,
                "nodes" => p.game.nodes = number()?,
                "random_plies" => p.game.random_plies = number()? as usize,
                "seed" => p.game.seed = number()?,
                "tree_sample" => p.game.tree_sample = number()? as u32,
                "openings" => p.openings = value.to_string(),
                _ => return Err(format!("unknown field '{key}'")),
            }
        }
        Ok(p)
    }

    /// Whether games made by `other`'s settings belong in this file.
    fn same_settings(&self, other: &Progress) -> bool {
        (self.game, &self.openings) == (other.game, &other.openings)
    }
}

/// Where a data file's progress record lives.
pub fn progress_path(data: &Path) -> PathBuf {
    let mut name = data.as_os_str().to_owned();
    name.push(".progress");
    PathBuf::from(name)
}

/// What a run is asked to make.
pub struct Request<'a> {
    pub openings: &'a [Game],
    /// The opening file's name, recorded with the data.
    pub openings_name: String,
    /// Games the file should hold when the run ends.
    pub games: usize,
    pub threads: usize,
    pub game: GameSettings,
}

/// Plays games into `data` until it holds `request.games`, carrying on
/// from its progress record if it has one; returns the final progress.
pub fn run(data: &Path, request: &Request, log: &(dyn Fn(&str) + Sync)) -> Result<Progress, String> {
    let wanted = Progress { game: request.game, openings: request.openings_name.clone(), ..Progress::default() };
    let mut progress = resume(data, &wanted)?;
    let mut seen = positions_in(data, progress.bytes)?;
    let mut file = OpenOptions::new().append(true).create(true).open(data).map_err(|e| format!("{}: {e}", data.display()))?;
    let plan =
        Plan { first: progress.games, games: request.games.saturating_sub(progress.games), threads: request.threads, game: request.game };
    if plan.games > 0 {
        log(&format!("{}: {} games in it, {} to play", data.display(), progress.games, plan.games));
    }
    let mut failed = None;
    play_games(
        request.openings,
        &plan,
        &mut |_, played| {
            if failed.is_none() {
                failed = append(&mut file, data, &mut progress, &mut seen, &played).err();
            }
        },
        log,
    );
    failed.map_or(Ok(progress), Err)
}

/// The progress of `data` (empty if it does not exist yet), its file cut
/// back to the last game the record counts.
fn resume(data: &Path, wanted: &Progress) -> Result<Progress, String> {
    let record = progress_path(data);
    let Ok(text) = std::fs::read_to_string(&record) else {
        return match std::fs::metadata(data) {
            Ok(m) if m.len() > 0 => Err(format!("{} exists without {}: not a file this tool is making", data.display(), record.display())),
            _ => Ok(wanted.clone()),
        };
    };
    let progress = Progress::parse(&text).map_err(|e| format!("{}: {e}", record.display()))?;
    if !progress.same_settings(wanted) {
        return Err(format!(
            "{} was made with nodes {}, random plies {}, seed {}, tree sample {}, openings {}: carry on with those, or start another file",
            data.display(),
            progress.game.nodes,
            progress.game.random_plies,
            progress.game.seed,
            progress.game.tree_sample,
            progress.openings
        ));
    }
    let file = OpenOptions::new().write(true).open(data).map_err(|e| format!("{}: {e}", data.display()))?;
    let len = file.metadata().map_err(|e| e.to_string())?.len();
    if len < progress.bytes {
        return Err(format!("{} has {len} bytes, its progress record counts {}", data.display(), progress.bytes));
    }
    // Records of games after the last one counted were cut short by the
    // stop; those games are played again.
    file.set_len(progress.bytes).map_err(|e| format!("{}: {e}", data.display()))?;
    Ok(progress)
}

/// The keys of the first `bytes` bytes' positions.
fn positions_in(data: &Path, bytes: u64) -> Result<HashSet<u64>, String> {
    let mut seen = HashSet::new();
    if bytes == 0 {
        return Ok(seen);
    }
    let mut reader = Records::open(data)?;
    for _ in 0..bytes / RECORD_BYTES as u64 {
        let labelled = reader.next().ok_or("the file ended early")??;
        seen.insert(game::hash(&labelled.pos));
    }
    Ok(seen)
}

/// Appends a game's new positions, then updates the progress record.
fn append(file: &mut File, data: &Path, progress: &mut Progress, seen: &mut HashSet<u64>, played: &Played) -> Result<(), String> {
    let result = (played.result * 2.0).round() as u8;
    let mut bytes = Vec::with_capacity(played.positions.len() * RECORD_BYTES);
    for (pos, score) in &played.positions {
        if !seen.insert(game::hash(pos)) {
            progress.duplicates += 1;
            continue;
        }
        let white_score = if pos.turn() == Color::White { *score } else { -*score };
        bytes.extend_from_slice(&pack(pos, white_score.clamp(i16::MIN.into(), i16::MAX.into()) as i16, result));
        progress.positions += 1;
    }
    file.write_all(&bytes).and_then(|_| file.flush()).map_err(|e| format!("{}: {e}", data.display()))?;
    progress.bytes += bytes.len() as u64;
    progress.games += 1;
    let record = progress_path(data);
    let temporary = record.with_extension("progress.new");
    std::fs::write(&temporary, progress.text())
        .and_then(|_| std::fs::rename(&temporary, &record))
        .map_err(|e| format!("{}: {e}", record.display()))
}

/// A data file's records, read in order.
pub struct Records {
    reader: BufReader<File>,
    /// Whole records not yet read, from the file's length.
    left: usize,
}

impl Records {
    pub fn open(path: &Path) -> Result<Records, String> {
        let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let left = file.metadata().map(|m| m.len() as usize / RECORD_BYTES).unwrap_or(0);
        Ok(Records { reader: BufReader::with_capacity(1 << 20, file), left })
    }

    /// Passes over the next `n` records without reading them.
    pub fn pass_over(&mut self, n: usize) -> Result<(), String> {
        if n > self.left {
            return Err(format!("{n} records to pass over, {} left in the file", self.left));
        }
        self.reader.seek_relative((n * RECORD_BYTES) as i64).map_err(|e| e.to_string())?;
        self.left -= n;
        Ok(())
    }
}

impl Iterator for Records {
    type Item = Result<crate::packed::Labelled, String>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut record = [0u8; RECORD_BYTES];
        match self.reader.read_exact(&mut record) {
            Ok(()) => {
                self.left = self.left.saturating_sub(1);
                Some(unpack(&record))
            }
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => None,
            Err(e) => Some(Err(e.to_string())),
        }
    }

    /// The records the file's length holds: what a reader can reserve.
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

/// A record as a line of the field's text format: `FEN | score | result`,
/// both White's view, the result 1.0, 0.5 or 0.0.
pub fn text_line(pos: &Chess, white_score: i16, white_result: u8) -> String {
    format!("{} | {white_score} | {:.1}", Fen::from_position(pos, EnPassantMode::Legal), f64::from(white_result) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::read_openings;

    fn request(openings: &[Game], games: usize) -> Request<'_> {
        let game = GameSettings { nodes: 300, random_plies: 6, seed: 3, tree_sample: 0 };
        Request { openings, openings_name: "test.epd".into(), games, threads: 2, game }
    }

    fn temporary(name: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("intrigue-selfplay-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let _ = std::fs::remove_file(progress_path(&path));
        path
    }

    #[test]
    fn a_stopped_run_carries_on_to_the_same_file() {
        let openings = read_openings("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
        let whole = temporary("whole");
        let done = run(&whole, &request(&openings, 6), &|_| {}).expect("a run");
        assert_eq!(done.games, 6);
        assert!(done.positions > 20, "{done:?}");
        assert_eq!(std::fs::metadata(&whole).map(|m| m.len()).ok(), Some(done.positions * RECORD_BYTES as u64));

        // Two games, then a stop that left half a record behind, then the rest.
        let parts = temporary("parts");
        run(&parts, &request(&openings, 2), &|_| {}).expect("first part");
        OpenOptions::new().append(true).open(&parts).and_then(|mut f| f.write_all(&[7; 17])).expect("a torn write");
        let resumed = run(&parts, &request(&openings, 6), &|_| {}).expect("the rest");
        assert_eq!(resumed, done);
        assert_eq!(std::fs::read(&parts).ok(), std::fs::read(&whole).ok());

        let mut keys = HashSet::new();
        for labelled in Records::open(&whole).expect("readable") {
            let labelled = labelled.expect("a legal record");
            assert!(keys.insert(game::hash(&labelled.pos)), "a position written twice");
            assert!(!labelled.pos.is_check() && labelled.result <= 2);
        }

        let base = request(&openings, 8);
        let other = Request { game: GameSettings { seed: 4, ..base.game }, ..base };
        assert!(run(&whole, &other, &|_| {}).is_err(), "another seed may not extend the file");
        for p in [whole, parts] {
            let _ = std::fs::remove_file(progress_path(&p));
            let _ = std::fs::remove_file(p);
        }
    }

    #[test]
    fn a_tree_sample_keeps_searched_positions_with_their_static_scores() {
        let openings = read_openings("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
        let (games, sampled) = (temporary("games"), temporary("tree"));
        let quiet = run(&games, &request(&openings, 2), &|_| {}).expect("a run");
        let base = request(&openings, 2);
        let tree = run(&sampled, &Request { game: GameSettings { tree_sample: 8, ..base.game }, ..base }, &|_| {}).expect("a run");
        assert!(tree.positions > 5 * quiet.positions, "{} searched positions against {} game positions", tree.positions, quiet.positions);
        let mut captures_pending = 0;
        for labelled in Records::open(&sampled).expect("readable") {
            let l = labelled.expect("a legal record");
            assert_eq!(l.score, crate::train::static_score(&l.pos), "the static evaluation, White's view");
            captures_pending += usize::from(l.pos.legal_moves().iter().any(|m| m.is_capture()));
        }
        assert!(captures_pending > 0);
        for p in [games, sampled] {
            let _ = std::fs::remove_file(progress_path(&p));
            let _ = std::fs::remove_file(p);
        }
    }

    #[test]
    fn the_progress_record_round_trips() {
        let p = Progress {
            games: 3,
            bytes: 96,
            positions: 3,
            duplicates: 1,
            game: GameSettings { nodes: 5000, random_plies: 8, seed: 9, tree_sample: 16 },
            openings: "a b.epd".into(),
        };
        assert_eq!(Progress::parse(&p.text()), Ok(p));
        assert!(Progress::parse("games three\n").is_err());
    }
}
