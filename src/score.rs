//! Search values, the floor every search, the tablebases and every front end stand on:
//! the integer scale the 1967 search works in (pawn = 128, the program's unit), how mates
//! are encoded on it, [`Score`] (a value as the protocols and the console show it) and
//! [`Bound`] (what a stored or reported value says of the true one).
//!
//! A mate `p` plies from the root is worth `MATE - p` (mated: `-(MATE - p)`), so a shorter
//! mate is a larger value. A value stored in a hash table is counted from its node instead
//! ([`value_to_hash`], [`value_from_hash`]), so it stays right when read at another ply;
//! the modern search encodes its mates the same way on a scale of its own.

/// The deepest ply any line may reach (basic search, extensions and captures together).
pub const MAX_PLY: usize = 128;
/// The value of mating at the root; a mate `p` plies from the root is worth `MATE - p`.
pub const MATE: i32 = 1_000_000;
/// Values at least this far from 0 are mates.
pub const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;
/// Beyond every value.
pub const INF: i32 = 2_000_000;

/// Whether `v` is a mate value (for either side).
pub fn is_mate(v: i32) -> bool {
    v.abs() >= MATE_BOUND
}

/// The value of a draw for the side to move at `ply` under `contempt`: the contempt works
/// against the side that started the search (even plies), for its opponent (odd plies).
pub fn draw_value(contempt: i32, ply: usize) -> i32 {
    if ply.is_multiple_of(2) {
        -contempt
    } else {
        contempt
    }
}

/// A value as a hash table stores it: a mate (a value at least `bound` from 0: [`MATE_BOUND`]
/// on this scale) counted from the node at `ply`, not from the root.
#[inline]
pub fn value_to_hash(v: i32, ply: usize, bound: i32) -> i32 {
    if v >= bound {
        v + ply as i32
    } else if v <= -bound {
        v - ply as i32
    } else {
        v
    }
}

/// A stored value read back at `ply` (the inverse of [`value_to_hash`]).
#[inline]
pub fn value_from_hash(v: i32, ply: usize, bound: i32) -> i32 {
    if v >= bound {
        v - ply as i32
    } else if v <= -bound {
        v + ply as i32
    } else {
        v
    }
}

/// A search value: units of the 1967 program (pawn = 128), or a mate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Value for the side to move, pawn = 128.
    Value(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    /// The score of an internal value (for the side to move at the root).
    pub fn from_value(v: i32) -> Score {
        Score::mate_of(v, MATE, MATE_BOUND).unwrap_or(Score::Value(v))
    }

    /// The mate that the value `v` stands for on a scale where mating at the root is
    /// worth `mate` and values at least `bound` from 0 are mates (every search encodes
    /// mates so, each on its own scale); None for a value that is not a mate.
    pub fn mate_of(v: i32, mate: i32, bound: i32) -> Option<Score> {
        if v >= bound {
            Some(Score::Mate((mate - v + 1) / 2))
        } else if v <= -bound {
            Some(Score::Mate(-(mate + v) / 2))
        } else {
            None
        }
    }

    /// The internal value of a score (mates as ±(MATE − plies)): the inverse of
    /// [`Score::from_value`] for the shortest line that gives the score.
    pub fn value(self) -> i32 {
        match self {
            Score::Value(v) => v,
            Score::Mate(n) if n > 0 => MATE - (2 * n - 1),
            Score::Mate(n) => -(MATE - 2 * n.abs()),
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Value(v) => write!(f, "{:+.2}", f64::from(*v) / 128.0),
            Score::Mate(n) if *n >= 0 => write!(f, "mate in {n}"),
            Score::Mate(n) => write!(f, "mated in {}", -n),
        }
    }
}

/// What a value means relative to the true value of the position. The discriminants are
/// the two bits the modern transposition table packs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most this (the search failed low: no move reached alpha).
    Upper = 1,
    /// The true value is at least this (the search failed high: a move reached beta).
    Lower = 2,
    /// The value is exact.
    Exact = 3,
}

impl Bound {
    /// How a fail-soft value `v` of a node searched within (alpha, beta) bounds its true
    /// value.
    #[inline]
    pub fn of(v: i32, alpha: i32, beta: i32) -> Bound {
        if v >= beta {
            Bound::Lower
        } else if v > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored value `v` with this bound settles a node searched within (alpha,
    /// beta): it is exact, or a bound that falls outside the window on its side.
    #[inline]
    pub fn settles(self, v: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => v >= beta,
            Bound::Upper => v <= alpha,
        }
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_values_read_as_moves() {
        assert_eq!(Score::from_value(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_value(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_value(MATE - 5), Score::Mate(3));
        assert_eq!(Score::from_value(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(Score::from_value(-(MATE - 4)), Score::Mate(-2));
        assert_eq!(Score::from_value(300), Score::Value(300));
        assert_eq!(Score::from_value(-300), Score::Value(-300));
        assert_eq!(Score::Value(-64).to_string(), "-0.50");
        assert_eq!(Score::Mate(2).to_string(), "mate in 2");
        assert_eq!(Score::Mate(-1).to_string(), "mated in 1");
    }

    #[test]
    fn values_round_trip_through_scores() {
        for v in [MATE - 1, MATE - 5, -(MATE - 2), -(MATE - 6), 0, 300, -300] {
            assert_eq!(Score::from_value(v).value(), v);
        }
    }

    #[test]
    fn mate_values_survive_a_hash_table() {
        // Mate in 2 seen at ply 3 is a mate 4 plies from the node: stored as such, and
        // read back as the same distance from wherever it is read.
        let at_3 = MATE - 7;
        let stored = value_to_hash(at_3, 3, MATE_BOUND);
        assert_eq!(stored, MATE - 4);
        assert_eq!(value_from_hash(stored, 5, MATE_BOUND), MATE - 9);
        let round_trip = value_from_hash(value_to_hash(-at_3, 3, MATE_BOUND), 3, MATE_BOUND);
        assert_eq!(round_trip, -at_3);
        assert_eq!(value_to_hash(250, 9, MATE_BOUND), 250);
        assert_eq!(draw_value(20, 0), -20);
        assert_eq!(draw_value(20, 1), 20);
    }

    #[test]
    fn mate_values_are_stored_relative_to_the_node_on_any_scale() {
        // The modern search's scale: mate 32,000, tablebase wins and mates from 31,000.
        let bound = 31_000;
        let mate_in_3_from_root = 32_000 - 5;
        let stored = value_to_hash(mate_in_3_from_root, 2, bound);
        assert_eq!(value_from_hash(stored, 2, bound), mate_in_3_from_root);
        assert_eq!(value_from_hash(stored, 4, bound), mate_in_3_from_root - 2);
        let round_trip = value_from_hash(value_to_hash(-250, 7, bound), 1, bound);
        assert_eq!(round_trip, -250);
        let mated = value_to_hash(-mate_in_3_from_root, 2, bound);
        assert_eq!(value_from_hash(mated, 0, bound), -mate_in_3_from_root - 2);
    }

    #[test]
    fn a_value_bounds_the_truth_by_where_it_fell_and_a_bound_settles_outside_the_window() {
        assert_eq!(Bound::of(50, 10, 50), Bound::Lower);
        assert_eq!(Bound::of(30, 10, 50), Bound::Exact);
        assert_eq!(Bound::of(10, 10, 50), Bound::Upper);
        assert!(Bound::Exact.settles(30, 10, 50));
        assert!(Bound::Lower.settles(50, 10, 50) && !Bound::Lower.settles(49, 10, 50));
        assert!(Bound::Upper.settles(10, 10, 50) && !Bound::Upper.settles(11, 10, 50));
    }
}
