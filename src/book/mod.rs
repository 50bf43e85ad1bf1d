//! The opening book (docs/design.md §7): the built-in book and Polyglot `.bin` books.
//!
//! The 1967 program had a book of over 5,000 moves, compiled by a master and an expert to
//! suit its style; games rarely stayed in it past ten plies, and its main use was keeping
//! the program out of book traps. Ours has two sources behind one [`Book`]:
//!
//! - the built-in book ([`builtin`]): readable opening lines in `book/*.txt`, compiled into
//!   the binary and read at first use into a map from position key to moves, so that a
//!   transposition finds the book as well as the line's own move order;
//! - a Polyglot `.bin` file ([`polyglot`]), read from disk, and written from PGN games by
//!   [`build`].
//!
//! Positions are identified by the Polyglot Zobrist key ([`polyglot_key`]). Every book move
//! is checked for legality in the position before it is returned: a stored move is never
//! trusted. Left out: Polyglot "learn" data (read, never used or updated).
//!
//! ```
//! use machack::book::{Book, Choice};
//! use shakmaty::{Chess, Position};
//!
//! let book = Book::builtin();
//! let start = Chess::default();
//! let moves = book.moves(&start); // every book move, highest weight first
//! assert!(moves.iter().any(|m| m.names.iter().any(|n| n.starts_with("Ruy Lopez"))));
//! let m = book.pick(&start, Choice::Random { seed: 7 }).expect("the start is in book");
//! assert!(start.is_legal(m));
//! // A Polyglot file that cannot be read is an error; the engine then plays without a book.
//! assert!(Book::open(std::path::Path::new("no-such-book.bin")).is_err());
//! ```

use std::path::Path;

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, Position};

pub mod build;
pub mod builtin;
pub mod polyglot;

pub use builtin::{BuiltIn, LineProblem, builtin};
pub use polyglot::{BookError, PolyglotBook};

/// The Polyglot key of a position.
///
/// Polyglot counts the en passant file whenever a pawn of the side to move stands beside a
/// pawn that has just made a double step, even when the capture would be illegal (a pinned
/// pawn, or a king left in check): that is shakmaty's `EnPassantMode::PseudoLegal`, not the
/// FIDE rule of `rules::position_key`. The two keys differ only in those positions.
pub fn polyglot_key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::PseudoLegal).0
}

/// One move the book knows in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookMove {
    /// The move, legal in the position asked about.
    pub mv: Move,
    /// Its weight: the chance of choosing it is proportional to this; 0 = never chosen.
    pub weight: u32,
    /// The names of the book lines through this move (built-in book only).
    pub names: Vec<String>,
}

/// How to choose among the book moves of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// The move of highest weight (the first listed on ties).
    Best,
    /// A move chosen at random in proportion to weight; the same seed in the same position
    /// always gives the same move.
    Random { seed: u64 },
}

/// An opening book: the built-in one or a Polyglot file.
#[derive(Debug, Clone)]
pub enum Book {
    /// The book compiled into the binary.
    BuiltIn(&'static BuiltIn),
    /// A Polyglot `.bin` book read from a file.
    Polyglot(PolyglotBook),
}

impl Book {
    /// The built-in book.
    pub fn builtin() -> Book {
        Book::BuiltIn(builtin())
    }

    /// Reads a Polyglot `.bin` book; a truncated or corrupt file is an error naming the
    /// path and the byte offset, and the caller plays on without a book.
    pub fn open(path: &Path) -> Result<Book, BookError> {
        PolyglotBook::open(path).map(Book::Polyglot)
    }

    /// The book moves of a position, legal ones only, highest weight first.
    pub fn moves(&self, pos: &Chess) -> Vec<BookMove> {
        let mut moves = match self {
            Book::BuiltIn(b) => b.moves(pos),
            Book::Polyglot(b) => b.moves(pos),
        };
        moves.retain(|m| pos.is_legal(m.mv));
        moves.sort_by_key(|m| std::cmp::Reverse(m.weight));
        moves
    }

    /// The book move to play in a position, or `None` when the position is out of book
    /// (or every book move there has weight 0).
    pub fn pick(&self, pos: &Chess, choice: Choice) -> Option<Move> {
        let moves = self.moves(pos);
        pick_from(&moves, polyglot_key(pos), choice)
    }
}

/// Chooses among `moves` (sorted highest weight first); `key` varies the random draw from
/// one position to the next.
fn pick_from(moves: &[BookMove], key: u64, choice: Choice) -> Option<Move> {
    let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
    if total == 0 {
        return None;
    }
    match choice {
        Choice::Best => moves.first().map(|m| m.mv),
        Choice::Random { seed } => {
            let mut target = splitmix64(seed ^ key) % total;
            for m in moves {
                let w = u64::from(m.weight);
                if target < w {
                    return Some(m.mv);
                }
                target -= w;
            }
            None
        }
    }
}

/// A small, well-mixed hash of a 64-bit number (SplitMix64's output function).
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::notation::read_move;

    /// The position after `moves` (SAN or any notation) from the start.
    pub(crate) fn after(moves: &str) -> Chess {
        let mut pos = Chess::default();
        for text in moves.split_whitespace() {
            let m = read_move(&pos, text).unwrap();
            pos.play_unchecked(m);
        }
        pos
    }

    /// The reference keys published with the Polyglot book format.
    #[test]
    fn polyglot_reference_keys() {
        let cases: [(&str, u64); 9] = [
            ("", 0x463b96181691fc9c),
            ("e4", 0x823c9b50fd114196),
            ("e4 d5", 0x0756b94461c50fb0),
            ("e4 d5 e5", 0x662fafb965db29d4),
            ("e4 d5 e5 f5", 0x22a48b5a8e47ff78),
            ("e4 d5 e5 f5 Ke2", 0x652a607ca3f242c1),
            ("e4 d5 e5 f5 Ke2 Kf7", 0x00fdd303c946bdd9),
            ("a4 b5 h4 b4 c4", 0x3c8123ea7b067637),
            ("a4 b5 h4 b4 c4 bxc3 Ra3", 0x5c3f9b829b279560),
        ];
        for (moves, key) in cases {
            assert_eq!(polyglot_key(&after(moves)), key, "after '{moves}'");
        }
    }

    /// After e4 d5 e5 f5 the e5 pawn can take en passant, so the f file is hashed; after
    /// e4 no black pawn stands beside, so no file is.
    #[test]
    fn en_passant_file_counts_when_a_pawn_stands_beside() {
        let pos = after("e4 d5 e5 f5");
        assert_eq!(
            polyglot_key(&pos),
            pos.zobrist_hash::<Zobrist64>(EnPassantMode::Always).0
        );
        let quiet = after("e4");
        assert_eq!(
            polyglot_key(&quiet),
            quiet.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
        );
    }

    /// Polyglot's rule differs from FIDE's when the capturing pawn is pinned: the file is
    /// still hashed by Polyglot, while the repetition key leaves it out.
    #[test]
    fn pinned_en_passant_pawn_still_counts_for_polyglot() {
        // White: Ka5, Pb5; Black: Rh5 pins nothing yet; after ...c5 the b5 pawn is pinned
        // along the fifth rank by the rook on h5 (the c5 pawn leaves the rank on capture).
        let (pos, _) =
            crate::rules::parse_fen("4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1").expect("valid FEN");
        let mut pos = pos;
        let m = read_move(&pos, "c5").unwrap();
        pos.play_unchecked(m);
        assert!(
            pos.en_passant_moves().is_empty(),
            "bxc6 would expose the king"
        );
        assert_ne!(polyglot_key(&pos), crate::rules::position_key(&pos));
        assert_eq!(
            polyglot_key(&pos),
            pos.zobrist_hash::<Zobrist64>(EnPassantMode::Always).0
        );
    }

    #[test]
    fn weighted_choice_is_deterministic_and_proportional() {
        let pos = Chess::default();
        let e4 = read_move(&pos, "e4").unwrap();
        let d4 = read_move(&pos, "d4").unwrap();
        let moves = vec![
            BookMove {
                mv: e4,
                weight: 3,
                names: vec![],
            },
            BookMove {
                mv: d4,
                weight: 1,
                names: vec![],
            },
        ];
        assert_eq!(pick_from(&moves, 1, Choice::Best), Some(e4));
        let mut e4_count = 0;
        for seed in 0..4000u64 {
            let a = pick_from(&moves, 7, Choice::Random { seed });
            assert_eq!(a, pick_from(&moves, 7, Choice::Random { seed }));
            if a == Some(e4) {
                e4_count += 1;
            }
        }
        assert!(
            (2800..3200).contains(&e4_count),
            "e4 chosen {e4_count} of 4000"
        );
        let zero = vec![BookMove {
            mv: e4,
            weight: 0,
            names: vec![],
        }];
        assert_eq!(pick_from(&zero, 1, Choice::Best), None);
    }
}
