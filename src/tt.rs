//! The transposition table: a lock-free, fixed-size cache of search results
//! keyed by Zobrist hash, sized by the `Hash` option and shared by all
//! search threads.
//!
//! Each slot is two `AtomicU64`s: the packed data and `key ^ data`. A reader
//! accepts an entry only when `stored_key ^ data` gives back its own key, so
//! a torn write by another thread reads as a miss instead of corrupt data
//! (Hyatt's lockless hashing). Slots are grouped in buckets of four that
//! share a cache line; replacement prefers empty, stale and shallow slots.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use shakmaty::{Chess, Move, Position, Role, Square};

/// What a stored score means relative to the true value of the node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact (the search ended strictly inside its window).
    Exact,
    /// The true value is at least the score (a cut node: fail high).
    Lower,
    /// The true value is at most the score (an all node: fail low).
    Upper,
}

impl Bound {
    /// What a fail-soft search's `best` means for a window that started as
    /// (`alpha0`, `beta`): at least `beta` is a lower bound (cut node),
    /// at most `alpha0` an upper bound (all node), in between exact.
    pub fn classify(best: i32, alpha0: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// A search result read back from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub packed_move: u16,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

impl Entry {
    /// The stored best move, if it is legal in `pos` (a hash collision can
    /// hand us another position's move).
    pub fn best_move(&self, pos: &Chess) -> Option<Move> {
        unpack_move(self.packed_move, pos)
    }
}

const BUCKET: usize = 4;

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// Four slots on one 64-byte cache line. The alignment is what makes a
/// probe one memory access: the allocator hands out big blocks 16 bytes
/// past a page boundary, and an unaligned bucket straddled two lines.
#[repr(C, align(64))]
struct Bucket([Slot; BUCKET]);

const _: () = assert!(std::mem::size_of::<Bucket>() == 64 && std::mem::align_of::<Bucket>() == 64);

pub struct TranspositionTable {
    buckets: TableMemory,
    generation: AtomicU8,
}

/// The table's buckets in one zeroed block, aligned to 2 MiB and, on
/// Linux, marked for transparent huge pages. A gigabyte in 4 KiB pages is
/// 262,144 page faults when the table is first cleared and a TLB miss on
/// nearly every probe; in 2 MiB pages it is 512 faults, so a large `Hash`
/// is ready sooner and probed faster. Where the kernel gives no huge pages
/// (or the advice is unknown) the block behaves as ordinary memory.
struct TableMemory {
    ptr: std::ptr::NonNull<Bucket>,
    len: usize,
    layout: std::alloc::Layout,
}

// SAFETY: the block is owned uniquely by its `TableMemory` and its
// buckets are atomics, so sharing and sending it is what `Box<[Bucket]>`
// would allow.
unsafe impl Send for TableMemory {}
unsafe impl Sync for TableMemory {}

/// The huge-page size the table is aligned to.
const HUGE_PAGE: usize = 2 << 20;

impl TableMemory {
    /// `len` zeroed buckets, or `None` when the allocator refuses. The
    /// block is advised before it is first written, because the zeroing
    /// is what faults its pages in (the allocator's own zeroing would do
    /// it on one thread, in small pages, before the advice).
    fn zeroed(len: usize) -> Option<TableMemory> {
        let bytes = len.checked_mul(std::mem::size_of::<Bucket>())?;
        let huge = bytes >= HUGE_PAGE;
        let align = if huge { HUGE_PAGE } else { std::mem::align_of::<Bucket>() };
        let layout = std::alloc::Layout::from_size_align(bytes, align).ok()?;
        // SAFETY: the layout has a non-zero size (`len` ≥ 1 bucket of 64 bytes).
        let raw = unsafe { std::alloc::alloc(layout) };
        let ptr = std::ptr::NonNull::new(raw as *mut Bucket)?;
        if huge {
            advise_huge_pages(raw, bytes);
        }
        let base = raw as usize;
        in_parallel_chunks(len, |range| {
            // SAFETY: the ranges split `0..len` without overlap, so each
            // thread writes its own part of the block just allocated.
            unsafe { std::ptr::write_bytes((base as *mut Bucket).add(range.start), 0, range.len()) }
        });
        Some(TableMemory { ptr, len, layout })
    }
}

/// Runs `work` over `0..len` split in one range per CPU, or in one range on
/// the calling thread when the whole is no more than a thread's minimum
/// share (64 MB of buckets): for a small table, starting threads costs
/// more than the stores (the trainer's labelling clears a 1 MB table before
/// each of millions of short searches). A large table's cost is its page
/// faults, which the CPUs then take in parallel.
fn in_parallel_chunks(len: usize, work: impl Fn(std::ops::Range<usize>) + Sync) {
    const BUCKETS_PER_THREAD_MIN: usize = (64 << 20) / std::mem::size_of::<Bucket>();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = len.div_ceil(threads).max(BUCKETS_PER_THREAD_MIN);
    if len <= chunk {
        work(0..len);
        return;
    }
    let work = &work;
    std::thread::scope(|scope| {
        for start in (0..len).step_by(chunk) {
            scope.spawn(move || work(start..(start + chunk).min(len)));
        }
    });
}

impl std::ops::Deref for TableMemory {
    type Target = [Bucket];
    fn deref(&self) -> &[Bucket] {
        // SAFETY: `ptr` holds `len` buckets, zero-initialised (a valid value
        // for atomics) and alive until `drop`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for TableMemory {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with exactly this layout.
        unsafe { std::alloc::dealloc(self.ptr.as_ptr() as *mut u8, self.layout) }
    }
}

/// Asks Linux to back `bytes` at `ptr` (a block aligned to `HUGE_PAGE`)
/// with transparent huge pages. Only advice: the call's result is ignored, because a kernel without huge
/// pages (or one that refuses) leaves the memory ordinary and correct.
#[cfg(target_os = "linux")]
fn advise_huge_pages(ptr: *mut u8, bytes: usize) {
    // SAFETY: madvise reads no memory; the range is the block just
    // allocated, and MADV_HUGEPAGE does not change its contents.
    unsafe {
        libc::madvise(ptr as *mut libc::c_void, bytes, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_ptr: *mut u8, _bytes: usize) {}

/// Packs a move as from (6 bits), to (6 bits), promotion role (3 bits).
/// Castling is stored king-takes-rook so it is unambiguous in Chess960 too.
pub fn pack_move(m: Move) -> u16 {
    let (from, to, promo) = match m {
        Move::Normal { from, to, promotion, .. } => (from, to, promotion.map_or(0, |r| r as u16)),
        Move::EnPassant { from, to } => (from, to, 0),
        Move::Castle { king, rook } => (king, rook, 0),
        Move::Put { to, .. } => (to, to, 0),
    };
    (from as u16) | ((to as u16) << 6) | (promo << 12)
}

/// Turns a packed move back into a legal move of `pos`, or `None`.
pub fn unpack_move(packed: u16, pos: &Chess) -> Option<Move> {
    if packed == 0 {
        return None;
    }
    let from = Square::new((packed & 63) as u32);
    let to = Square::new(((packed >> 6) & 63) as u32);
    let promotion = match packed >> 12 {
        0 => None,
        r => Some(Role::try_from(r as u8).ok()?),
    };
    let board = pos.board();
    let role = board.role_at(from)?;
    if board.color_at(from) != Some(pos.turn()) {
        return None;
    }
    let candidate = if role == Role::King && (pos.castles().castling_rights() & pos.us()).contains(to) {
        Move::Castle { king: from, rook: to }
    } else if role == Role::Pawn && from.file() != to.file() && !board.occupied().contains(to) {
        Move::EnPassant { from, to }
    } else {
        Move::Normal { role, from, capture: board.role_at(to), to, promotion }
    };
    pos.is_legal(candidate).then_some(candidate)
}

/// Bytes the machine can still give us without swapping (Linux's
/// `MemAvailable`); `None` where that is not known.
pub fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn bound_bits(b: Bound) -> u64 {
    match b {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    }
}

/// Zeroes the slots of `buckets`.
fn clear_buckets(buckets: &[Bucket]) {
    for s in buckets.iter().flat_map(|b| &b.0) {
        s.check.store(0, Relaxed);
        s.data.store(0, Relaxed);
    }
}

impl TranspositionTable {
    /// A table of (about) `mb` megabytes, or `None` when the memory cannot
    /// be had: more than the machine has available is refused up front,
    /// because an operating system that overcommits would grant it and
    /// then kill the engine mid-game when the pages are first touched.
    /// The memory comes zeroed (an all-zero slot is an empty one), written
    /// here, so the resident size follows `Hash` from the start.
    pub fn try_new(mb: usize) -> Option<TranspositionTable> {
        let bytes = mb.max(1).checked_mul(1024 * 1024)?;
        if available_memory().is_some_and(|available| bytes as u64 > available) {
            return None;
        }
        let len = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let buckets = TableMemory::zeroed(len)?;
        Some(TranspositionTable { buckets, generation: AtomicU8::new(0) })
    }

    /// A table of `mb` megabytes; panics only if even that cannot be had,
    /// which callers avoid by using `try_new` for user-chosen sizes.
    pub fn new(mb: usize) -> TranspositionTable {
        Self::try_new(mb).expect("transposition table allocation")
    }

    /// Empties every slot, one thread per CPU for a large table.
    pub fn clear(&self) {
        in_parallel_chunks(self.buckets.len(), |range| clear_buckets(&self.buckets[range]));
        self.generation.store(0, Relaxed);
    }

    /// Called once per search so that old entries become replaceable.
    pub fn new_search(&self) {
        let g = self.generation.load(Relaxed);
        self.generation.store((g + 1) & 63, Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[Slot; BUCKET] {
        let index = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index].0
    }

    /// Asks the memory system for the bucket of `key` without waiting for
    /// it. The table is far larger than the caches, so a probe usually
    /// waits for main memory; a search that knows the next key a little
    /// before it probes spends that wait making the move instead.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is a hint; it reads nothing and cannot fault.
        #[allow(unused_unsafe)]
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(self.bucket(key).as_ptr() as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        for slot in self.bucket(key) {
            let data = slot.data.load(Relaxed);
            if data != 0 && slot.check.load(Relaxed) ^ data == key {
                return Some(decode(data));
            }
        }
        None
    }

    pub fn store(&self, key: u64, packed_move: u16, score: i32, eval: i32, depth: i32, bound: Bound) {
        let generation = self.generation.load(Relaxed);
        let bucket = self.bucket(key);
        let mut victim = &bucket[0];
        let mut victim_worth = i32::MAX;
        for slot in bucket {
            let data = slot.data.load(Relaxed);
            if data == 0 || slot.check.load(Relaxed) ^ data == key {
                victim = slot;
                // Keep the old move when the new result has none.
                if data != 0 {
                    let old = decode(data);
                    if bound != Bound::Exact && depth + 3 < old.depth && data_generation(data) == generation {
                        return;
                    }
                }
                break;
            }
            let age = (64 + generation as i32 - data_generation(data) as i32) & 63;
            let worth = decode(data).depth - 8 * age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = slot;
            }
        }
        let mut packed_move = packed_move;
        if packed_move == 0 {
            let data = victim.data.load(Relaxed);
            if data != 0 && victim.check.load(Relaxed) ^ data == key {
                packed_move = decode(data).packed_move;
            }
        }
        let data = encode(packed_move, score, eval, depth, bound, generation);
        victim.data.store(data, Relaxed);
        victim.check.store(key ^ data, Relaxed);
    }

    /// Permille of the first thousand slots written in the current search,
    /// as UCI's `hashfull` wants.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed);
        let sample = (self.buckets.len() * BUCKET).min(1000);
        let used = self
            .buckets
            .iter()
            .flat_map(|b| &b.0)
            .take(sample)
            .filter(|s| {
                let d = s.data.load(Relaxed);
                d != 0 && data_generation(d) == generation
            })
            .count();
        (used * 1000 / sample) as u32
    }
}

fn encode(packed_move: u16, score: i32, eval: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
    (packed_move as u64)
        | ((score as i16 as u16 as u64) << 16)
        | ((eval as i16 as u16 as u64) << 32)
        | (((depth.clamp(-1, 254) + 1) as u64) << 48)
        | (bound_bits(bound) << 56)
        | ((generation as u64) << 58)
}

fn data_generation(data: u64) -> u8 {
    (data >> 58) as u8
}

fn decode(data: u64) -> Entry {
    Entry {
        packed_move: data as u16,
        score: (data >> 16) as u16 as i16 as i32,
        eval: (data >> 32) as u16 as i16 as i32,
        depth: ((data >> 48) as u8) as i32 - 1,
        bound: match (data >> 56) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{fen::Fen, uci::UciMove, CastlingMode};

    #[test]
    fn stored_entries_read_back() {
        let tt = TranspositionTable::new(1);
        tt.store(0xdead_beef, 1234, -345, 17, 9, Bound::Lower);
        let e = tt.probe(0xdead_beef).unwrap();
        assert_eq!((e.packed_move, e.score, e.eval, e.depth, e.bound), (1234, -345, 17, 9, Bound::Lower));
        assert!(tt.probe(0xdead_bee0).is_none());
    }

    #[test]
    fn moves_round_trip_including_castling_and_promotion() {
        let pos: Chess = "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1".parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
        for uci in ["e1g1", "e1c1", "b7a8q", "b7b8n", "a1a7"] {
            let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            assert_eq!(unpack_move(pack_move(m), &pos), Some(m), "{uci}");
        }
    }

    #[test]
    fn a_foreign_move_is_rejected() {
        let pos = Chess::default();
        let m = Move::Normal { role: Role::Queen, from: Square::D1, capture: None, to: Square::D5, promotion: None };
        assert_eq!(unpack_move(pack_move(m), &pos), None);
    }

    #[test]
    fn bounds_follow_the_window() {
        assert_eq!(Bound::classify(50, 10, 50), Bound::Lower);
        assert_eq!(Bound::classify(30, 10, 50), Bound::Exact);
        assert_eq!(Bound::classify(10, 10, 50), Bound::Upper);
        assert_eq!(Bound::classify(-99, 10, 50), Bound::Upper);
    }

    #[test]
    fn clear_empties_the_table() {
        let tt = TranspositionTable::new(1);
        tt.store(42, 1, 2, 3, 4, Bound::Exact);
        tt.clear();
        assert!(tt.probe(42).is_none());
    }

    /// Every slot of `tt` is the all-zero empty slot.
    fn all_slots_empty(tt: &TranspositionTable) -> bool {
        tt.buckets.iter().flat_map(|b| &b.0).all(|s| s.check.load(Relaxed) == 0 && s.data.load(Relaxed) == 0)
    }

    /// A table is split among threads both when it is made and when it is
    /// cleared (80 MB is more than one thread's 64 MB share): every slot,
    /// in every thread's part, must start empty and be emptied by `clear`.
    #[test]
    fn a_large_table_starts_empty_and_clears_everywhere() {
        let keys: Vec<u64> = (0..4096u64).map(|i| i.wrapping_mul(u64::MAX / 4096) | 1).collect();
        let tt = TranspositionTable::new(80);
        assert!(all_slots_empty(&tt));
        for &k in &keys {
            tt.store(k, 7, 1, 2, 3, Bound::Exact);
        }
        assert!(keys.iter().all(|&k| tt.probe(k).is_some()));
        tt.clear();
        assert!(all_slots_empty(&tt));
    }
}
