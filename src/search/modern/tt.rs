//! The transposition table of the modern search: results of earlier searches keyed by the
//! position, sized in MiB (UCI `Hash`).
//!
//! **Layout.** A table of 64-byte buckets (one cache line), four slots each. A slot is two
//! 64-bit words: the packed result (`data`) and the position key XORed with it. The
//! key's high bits pick nothing (the bucket index comes from a multiply-shift of the whole
//! key), so the full key is kept and checked.
//!
//! **Threads.** Every word is an atomic read and written with relaxed ordering, so threads
//! of a Lazy SMP search can share the table without locks. Two threads may write one slot
//! at once and a reader may see one word of each; storing `key ^ data` (Hyatt's lockless
//! hashing) makes such a torn slot fail the key check, so it reads as a miss instead of
//! another position's result. What remains is the ordinary cost of a shared table: a
//! result may be overwritten between a probe and its use, which only costs a re-search.
//!
//! **Replacement.** A store for a position already in the bucket overwrites it (keeping
//! its move when the new result has none) unless the old result is much deeper and from
//! this search; otherwise it takes the slot worth least, judged by depth less eight
//! plies for every search since the slot was written (aging by a 6-bit generation that
//! [`Tt::new_search`] advances).

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use crate::score::Bound;

/// Slots per bucket: four 16-byte slots fill a cache line.
const SLOTS: usize = 4;
/// Bytes per bucket.
const BUCKET_BYTES: usize = 64;
/// The largest table, in MiB (UCI `Hash` maximum).
pub const MAX_MIB: usize = 4096;
/// Ages are counted modulo this (6 bits of the slot).
const GENERATIONS: u8 = 64;
/// How many plies of depth one search of age is worth when choosing a slot to replace.
const AGE_WEIGHT: i32 = 8;
/// A result of the same position from this search is kept when it is this much deeper
/// than the new one (and the new one is not exact).
const KEEP_DEEPER: i32 = 4;

/// One stored result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The best or refuting move, packed by [`crate::search::packed`] (0: none).
    pub mv: u16,
    /// The search value, mates counted from this node (see [`value_to_tt`]).
    pub value: i16,
    /// The static evaluation of the position.
    pub eval: i16,
    /// The depth searched, in plies (0 for the quiescence search).
    pub depth: i32,
    /// How the value bounds the true value.
    pub bound: Bound,
}

impl Entry {
    fn pack(self, generation: u8) -> u64 {
        let depth = (self.depth + 1).clamp(1, 255) as u64;
        u64::from(self.mv)
            | u64::from(self.value as u16) << 16
            | u64::from(self.eval as u16) << 32
            | depth << 48
            | u64::from(generation << 2 | self.bound as u8) << 56
    }

    fn unpack(data: u64) -> Option<Entry> {
        let bound = match (data >> 56) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        Some(Entry {
            mv: data as u16,
            value: (data >> 16) as u16 as i16,
            eval: (data >> 32) as u16 as i16,
            depth: ((data >> 48) & 0xff) as i32 - 1,
            bound,
        })
    }
}

fn generation_of(data: u64) -> u8 {
    (data >> 58) as u8
}

fn depth_of(data: u64) -> i32 {
    ((data >> 48) & 0xff) as i32 - 1
}

#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

#[derive(Debug, Default)]
#[repr(align(64))]
struct Bucket {
    slots: [Slot; SLOTS],
}

/// The shared table. All methods but resizing take `&self`, so it can be shared by threads.
#[derive(Debug)]
pub struct Tt {
    buckets: Vec<Bucket>,
    generation: AtomicU8,
}

impl Tt {
    /// A table of `mib` MiB (clamped to 1..=[`MAX_MIB`]).
    pub fn new(mib: usize) -> Tt {
        let n = mib.clamp(1, MAX_MIB) * 1024 * 1024 / BUCKET_BYTES;
        Tt {
            buckets: (0..n).map(|_| Bucket::default()).collect(),
            generation: AtomicU8::new(0),
        }
    }

    /// The size in MiB.
    pub fn mib(&self) -> usize {
        self.buckets.len() * BUCKET_BYTES / (1024 * 1024)
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for slot in self.buckets.iter_mut().flat_map(|b| b.slots.iter_mut()) {
            *slot.check.get_mut() = 0;
            *slot.data.get_mut() = 0;
        }
        *self.generation.get_mut() = 0;
    }

    /// Marks the start of a new search: older results age.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation
            .store((g + 1) % GENERATIONS, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// Asks the processor to fetch the bucket of `key` into the cache: called as soon as a
    /// child's key is known, so the probe in the child finds it there instead of waiting
    /// on memory (the probe was the search's costliest step).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: a prefetch is only a hint; it reads nothing and cannot fault, and the
            // pointer is to a live bucket of this table.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The result stored for the position `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).slots.iter().find_map(|slot| {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == key {
                Entry::unpack(data)
            } else {
                None
            }
        })
    }

    /// Stores a result for the position `key` (see the module comment for which slot).
    pub fn store(&self, key: u64, mut entry: Entry) {
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut victim = &bucket.slots[0];
        let mut victim_worth = i32::MAX;
        for slot in &bucket.slots {
            let data = slot.data.load(Ordering::Relaxed);
            if slot.check.load(Ordering::Relaxed) ^ data == key && data != 0 {
                let old_deeper = depth_of(data) >= entry.depth + KEEP_DEEPER;
                if old_deeper && entry.bound != Bound::Exact && generation_of(data) == generation {
                    return;
                }
                if entry.mv == 0 {
                    entry.mv = data as u16;
                }
                victim = slot;
                break;
            }
            let age = i32::from((generation + GENERATIONS - generation_of(data)) % GENERATIONS);
            let worth = if data == 0 {
                i32::MIN
            } else {
                depth_of(data) - AGE_WEIGHT * age
            };
            if worth < victim_worth {
                victim = slot;
                victim_worth = worth;
            }
        }
        let data = entry.pack(generation);
        victim.data.store(data, Ordering::Relaxed);
        victim.check.store(key ^ data, Ordering::Relaxed);
    }

    /// How full the table is, per mille: slots written in this search among the first
    /// thousand.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.buckets.iter().take(1000 / SLOTS);
        let used = sample
            .flat_map(|b| b.slots.iter())
            .filter(|s| {
                let data = s.data.load(Ordering::Relaxed);
                data != 0 && generation_of(data) == generation
            })
            .count();
        (used * 1000 / (self.buckets.len().min(1000 / SLOTS) * SLOTS)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(depth: i32, bound: Bound, mv: u16) -> Entry {
        Entry {
            mv,
            value: -1234,
            eval: 56,
            depth,
            bound,
        }
    }

    #[test]
    fn a_stored_entry_reads_back_whole() {
        let tt = Tt::new(1);
        assert_eq!(tt.mib(), 1);
        let e = entry(0, Bound::Lower, 0x0abc);
        tt.store(42, e);
        assert_eq!(tt.probe(42), Some(e));
        assert_eq!(tt.probe(43), None);
        let deep = entry(200, Bound::Exact, 7);
        tt.store(42, deep);
        assert_eq!(tt.probe(42), Some(deep));
    }

    #[test]
    fn a_torn_slot_reads_as_a_miss() {
        let tt = Tt::new(1);
        tt.store(42, entry(3, Bound::Upper, 1));
        let slot = &tt.bucket(42).slots[0];
        slot.data.fetch_xor(1 << 20, Ordering::Relaxed);
        assert_eq!(tt.probe(42), None);
    }

    #[test]
    fn replacement_prefers_depth_then_age() {
        let tt = Tt::new(1);
        let n = tt.buckets.len() as u128;
        // Keys that share bucket 0: the multiply-shift maps key k to k * n >> 64.
        let keys: Vec<u64> = (1..=5).map(|i| i as u64).collect();
        assert!(keys.iter().all(|&k| (u128::from(k) * n) >> 64 == 0));
        for (i, &k) in keys[..4].iter().enumerate() {
            tt.store(k, entry(10 + i as i32, Bound::Exact, 1));
        }
        // A fifth position replaces the shallowest (key 1, depth 10).
        tt.store(keys[4], entry(5, Bound::Exact, 1));
        assert_eq!(tt.probe(keys[0]), None);
        assert!(tt.probe(keys[4]).is_some());
        // After many searches old deep results give way to new shallow ones.
        for _ in 0..3 {
            tt.new_search();
        }
        tt.store(99 << 40, entry(1, Bound::Upper, 1));
        tt.store(100 << 40, entry(1, Bound::Upper, 1));
        assert!(tt.probe(99 << 40).is_some() && tt.probe(100 << 40).is_some());
    }

    #[test]
    fn a_same_position_store_keeps_the_deeper_result_and_the_move() {
        let tt = Tt::new(1);
        tt.store(42, entry(12, Bound::Lower, 9));
        tt.store(42, entry(2, Bound::Upper, 0));
        assert_eq!(tt.probe(42).map(|e| e.depth), Some(12));
        tt.store(42, entry(9, Bound::Upper, 0));
        assert_eq!(tt.probe(42).map(|e| (e.depth, e.mv)), Some((9, 9)));
    }

    #[test]
    fn hashfull_and_clear() {
        let mut tt = Tt::new(1);
        assert_eq!(tt.hashfull(), 0);
        for k in 0..200_000u64 {
            tt.store(
                k.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                entry(1, Bound::Exact, 1),
            );
        }
        assert!(tt.hashfull() > 500);
        tt.clear();
        assert_eq!(tt.hashfull(), 0);
    }
}
