//! The hash table of the 1967 program (docs/design.md §6.6): positions already searched, keyed by
//! their Zobrist key, so a transposition is not searched twice.
//!
//! An entry holds the whole key (the check against slot collisions), the value, the depth
//! of the search that produced it, whether that value is exact or only a bound, and the
//! best move packed in 16 bits. A stored move is never trusted: [`unpack_move`] rebuilds it
//! through shakmaty's legality check. Replacement is "always replace", as simple as the
//! 1967 table; there is one thread, so there are no races to admit.

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Role, Square};

/// What a stored value means relative to the true value of the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

impl Bound {
    /// The bound in words: `exact`, `lower` or `upper` (JSON, the scope page).
    pub fn name(self) -> &'static str {
        match self {
            Bound::Exact => "exact",
            Bound::Lower => "lower",
            Bound::Upper => "upper",
        }
    }

    /// The sign written before a bounded value: `>=`, `<=`, or nothing when exact.
    pub fn sign(self) -> &'static str {
        match self {
            Bound::Exact => "",
            Bound::Lower => ">=",
            Bound::Upper => "<=",
        }
    }
}

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
    /// The best (or refuting) move, packed by [`pack_move`]; 0 for none.
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

/// Packs a move in 16 bits: from (6) | to (6) | promotion role (3). Castling is packed as
/// king square to rook square. 0 never packs a real move (from and to would coincide).
pub fn pack_move(m: Move) -> u16 {
    let from = m.from().map_or(0, |s| s as u16);
    let to = m.to() as u16;
    let promo = m.promotion().map_or(0, |r| r as u16);
    from | (to << 6) | (promo << 12)
}

/// Rebuilds a packed move in `pos`: `None` unless it is a legal move there.
pub fn unpack_move(pos: &Chess, packed: u16) -> Option<Move> {
    if packed == 0 {
        return None;
    }
    let from = Square::new(u32::from(packed & 63));
    let to = Square::new(u32::from((packed >> 6) & 63));
    let promotion = match packed >> 12 {
        0 => None,
        r => Some(Role::try_from(r as u8).ok()?),
    };
    let uci = UciMove::Normal {
        from,
        to,
        promotion,
    };
    let m = uci.to_move(pos).ok()?;
    // `to_move` reads king-to-rook as castling only when the rights allow it; insist that
    // the rebuilt move is the one packed, so a stale entry can never alias another move.
    (pack_move(m) == packed).then_some(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::uci;
    use crate::rules::parse_fen;
    use shakmaty::Position;

    #[test]
    fn every_legal_move_round_trips_through_16_bits() {
        let fens = [
            crate::rules::START_FEN,
            // Castling both ways, en passant, promotions with and without capture.
            "r3k2r/1P4P1/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
            "r3k2r/8/8/8/3Pp3/8/1p4p1/R3K2R b KQkq d3 0 1",
        ];
        for fen in fens {
            let (pos, _) = parse_fen(fen).unwrap();
            let moves = pos.legal_moves();
            assert!(moves.len() > 10);
            for &m in &moves {
                let p = pack_move(m);
                assert_ne!(p, 0);
                assert_eq!(unpack_move(&pos, p), Some(m), "{fen}: {}", uci(m));
            }
        }
    }

    #[test]
    fn stale_moves_are_rejected() {
        let (pos, _) = parse_fen(crate::rules::START_FEN).unwrap();
        // e2e5 and e1g1 (no castling possible) are not legal here.
        let e2e5 = Square::E2 as u16 | ((Square::E5 as u16) << 6);
        assert_eq!(unpack_move(&pos, e2e5), None);
        let e1h1 = Square::E1 as u16 | ((Square::H1 as u16) << 6);
        assert_eq!(unpack_move(&pos, e1h1), None);
        assert_eq!(unpack_move(&pos, 0), None);
    }

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
