//! A per-thread cache of whole evaluations by position key.
//!
//! The transposition table keeps a position's static evaluation only
//! where the search stores a result, and its entries are replaced; a node
//! cut by reverse futility or a null move stores nothing. In `bench`
//! about one evaluation in six was of a position evaluated before in the
//! same search. The evaluation is a function of the position alone (the
//! fifty-move fade is applied after the cache), so a hit returns exactly
//! what evaluating again would, and the search's tree does not change.

const ENTRIES: usize = 1 << 15;

/// 32 bits of the key (never 0, so an empty slot never matches) above
/// the 32-bit evaluation; the slot's index holds 15 more bits of the key.
pub struct EvalCache {
    slots: Box<[u64]>,
    /// What the entries were evaluated by (the network's id and the
    /// evaluator): another one empties the cache.
    filled_for: u64,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache { slots: vec![0; ENTRIES].into_boxed_slice(), filled_for: 0 }
    }
}

#[inline]
fn check(key: u64) -> u64 {
    (key >> 32) | 1
}

impl EvalCache {
    /// Serve evaluations by `evaluator` (an id of the network and the
    /// evaluator): entries made by another are forgotten.
    #[inline]
    pub fn serve(&mut self, evaluator: u64) {
        if self.filled_for != evaluator {
            self.slots.fill(0);
            self.filled_for = evaluator;
        }
    }

    /// The evaluation stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<i32> {
        let slot = self.slots[key as usize & (ENTRIES - 1)];
        (slot >> 32 == check(key)).then_some(slot as u32 as i32)
    }

    #[inline]
    pub fn put(&mut self, key: u64, eval: i32) {
        self.slots[key as usize & (ENTRIES - 1)] = check(key) << 32 | eval as u32 as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_evaluation_comes_back_for_its_key_alone() {
        let mut cache = EvalCache::default();
        cache.serve(7);
        let key = 0x1234_5678_9abc_def0;
        assert_eq!(cache.get(key), None, "empty at first");
        cache.put(key, -1234);
        assert_eq!(cache.get(key), Some(-1234), "negative evaluations survive the packing");
        assert_eq!(cache.get(key ^ 1 << 40), None, "same slot, another position");
        cache.put(key ^ 1 << 40, 99_999);
        assert_eq!(cache.get(key ^ 1 << 40), Some(99_999));
        assert_eq!(cache.get(key), None, "replaced");
        cache.put(0, 5);
        assert_eq!(cache.get(0), Some(5), "key 0 is a key like any other");
        cache.serve(7);
        assert_eq!(cache.get(0), Some(5), "the same evaluator keeps its entries");
        cache.serve(8);
        assert_eq!(cache.get(0), None, "another evaluator's entries are gone");
    }
}
