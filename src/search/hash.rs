//! The hash table of the 1967 program (docs/design.md §6.6): positions already searched, keyed by
//! their Zobrist key, so a transposition is not searched twice.
//!
//! An entry holds the whole key (the check against slot collisions), the value, the depth
//! of the search that produced it, whether that value is exact or only a bound, and the
//! best move packed in 16 bits (`search::packed`, which never trusts a stored move).
//! Replacement is "always replace", as simple as the 1967 table; there is one thread, so
//! there are no races to admit.

use crate::score::Bound;

/// One slot of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The full Zobrist key of the position (0 with `depth` 0: an empty slot).
    pub key: u64,
    /// The value, for the side to move, mate values relative to this node.
    pub value: i32,
    /// The basic-search depth (plies) of the search that produced the value.
    pub depth: u8,
    /// Exact or a bound.
    pub bound: Bound,
    /// The best (or refuting) move, packed by [`crate::search::packed`]; 0 for none.
    pub mv: u16,
}

const EMPTY: Entry = Entry {
    key: 0,
    value: 0,
    depth: 0,
    bound: Bound::Exact,
    mv: 0,
};

/// A fixed-size table of [`Entry`].
#[derive(Debug, Clone)]
pub struct HashTable {
    slots: Vec<Entry>,
    used: usize,
    /// The key bits a probe compares (all of them, unless a torture test says otherwise).
    check: u64,
}

impl HashTable {
    /// A table of `entries` slots (at least one).
    pub fn new(entries: usize) -> HashTable {
        HashTable {
            slots: vec![EMPTY; entries.max(1)],
            used: 0,
            check: u64::MAX,
        }
    }

    /// Compares only the low `bits` bits of the key on probing (64 or more: the whole key).
    /// A torture setting: fewer bits turn slot collisions into false hits.
    pub fn set_check_bits(&mut self, bits: u32) {
        self.check = if bits >= 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
    }

    /// The number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the table has no slots in use.
    pub fn is_empty(&self) -> bool {
        self.used == 0
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        self.slots.fill(EMPTY);
        self.used = 0;
    }

    fn index(&self, key: u64) -> usize {
        // Multiply-shift maps the key onto any table size, not only powers of two.
        ((u128::from(key) * self.slots.len() as u128) >> 64) as usize
    }

    /// The entry stored for `key`, if its slot holds that key.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.slots[self.index(key)];
        ((e.key ^ key) & self.check == 0 && e.depth > 0).then_some(e)
    }

    /// Stores an entry (replacing whatever the slot held).
    pub fn store(&mut self, entry: Entry) {
        let i = self.index(entry.key);
        if self.slots[i].depth == 0 {
            self.used += 1;
        }
        self.slots[i] = Entry {
            depth: entry.depth.max(1),
            ..entry
        };
    }

    /// Slots in use, per mille.
    pub fn hashfull(&self) -> u32 {
        (self.used as u64 * 1000 / self.slots.len() as u64) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fewer_check_bits_make_false_hits() {
        let mut t = HashTable::new(1);
        t.set_check_bits(8);
        t.store(Entry {
            key: 0x1_00ff,
            value: 7,
            depth: 3,
            bound: Bound::Exact,
            mv: 0,
        });
        assert!(
            t.probe(0x2_00ff).is_some(),
            "same low 8 bits: a (false) hit"
        );
        assert!(t.probe(0x1_00fe).is_none(), "low 8 bits differ: a miss");
        t.set_check_bits(64);
        assert!(t.probe(0x2_00ff).is_none());
    }

    #[test]
    fn probe_checks_the_whole_key() {
        let mut t = HashTable::new(1);
        t.store(Entry {
            key: 42,
            value: 7,
            depth: 3,
            bound: Bound::Lower,
            mv: 0,
        });
        assert_eq!(
            t.probe(42).map(|e| (e.value, e.bound)),
            Some((7, Bound::Lower))
        );
        assert_eq!(t.probe(43), None);
        assert_eq!(t.hashfull(), 1000);
        t.clear();
        assert_eq!(t.probe(42), None);
        assert!(t.is_empty());
    }
}
