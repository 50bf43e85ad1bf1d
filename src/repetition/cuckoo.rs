//! Method 6: upcoming-repetition detection with a cuckoo table (van Kervinck, 2013).
//!
//! **How it works.** A reversible move of one non-pawn piece (knight, bishop, rook, queen
//! or king going from `a` to `b` on otherwise unchanged squares) changes the Zobrist key by
//! a fixed amount: the piece's key on `a`, its key on `b` and the side-to-move key, all
//! XORed. There are exactly 3,668 such (piece, square pair) differences — per colour 168
//! knight, 280 bishop, 448 rook, 728 queen and 210 king pairs — and the table holds each
//! once, keyed by that difference, in a cuckoo hash of 8,192 slots (two candidate slots per
//! key, so a lookup reads at most two slots). At a node whose key is `k`, every earlier
//! position `p` of the same reversible stretch with the *other* side to move is one XOR
//! away: if `k ^ key(p)` is in the table, one move of one piece turns the present position
//! into `p`, provided the squares between `a` and `b` are empty and the piece standing on
//! `a` or `b` belongs to the side to move. That move is then also legal: the position it
//! reaches is `p`, which occurred in the game or line and so does not leave a king in
//! check. The search uses the answer to raise alpha to the draw score before searching any
//! move ("the side to move can at least repeat").
//!
//! **Cost.** One XOR and at most two table reads per earlier position of the opposite
//! parity within the reversible stretch — about half of what the list-of-keys walk reads —
//! plus a bitboard test on a hit, which is rare. The table is built once per process
//! (`OnceLock`), 8,192 × 10 bytes.
//!
//! **Where it is wrong.** It only sees one-move returns by a single non-pawn piece; it
//! does not see a return by castling (impossible anyway: castling changes the rights) nor
//! a return that needs two moves. It trusts the 64-bit keys (a key collision could report
//! a move that does not exist; the search only uses it to raise alpha to a draw score,
//! which a real search of the moves would then correct at worst by a draw-sized error).
//! It knows nothing of the draw rule by itself: [`super::History::upcoming_repetition`]
//! applies the rule to the earlier position found.

use std::sync::OnceLock;

use shakmaty::attacks;
use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{Bitboard, Chess, Color, Piece, Position, Role, Square};

/// Slots in the table (a power of two).
const SLOTS: usize = 8192;
/// The number of reversible single-piece moves the table must hold.
pub const ENTRIES: usize = 3668;

/// The cuckoo table: key differences and the square pairs that cause them.
#[derive(Debug)]
pub struct Cuckoo {
    keys: Box<[u64]>,
    /// `a | b << 6` for the pair of squares; 0 in empty slots (keys are 0 there too).
    squares: Box<[u16]>,
    len: usize,
}

fn slot1(key: u64) -> usize {
    (key as usize) & (SLOTS - 1)
}

fn slot2(key: u64) -> usize {
    ((key >> 32) as usize) & (SLOTS - 1)
}

impl Cuckoo {
    fn build() -> Cuckoo {
        let mut table = Cuckoo {
            keys: vec![0; SLOTS].into_boxed_slice(),
            squares: vec![0; SLOTS].into_boxed_slice(),
            len: 0,
        };
        let turn = Zobrist64::zobrist_for_white_turn().0;
        for color in Color::ALL {
            for role in [
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
                Role::King,
            ] {
                let piece = Piece { color, role };
                for a in Square::ALL {
                    let reach = attacks::attacks(a, piece, Bitboard::EMPTY);
                    for b in reach {
                        if b <= a {
                            continue;
                        }
                        let diff = Zobrist64::zobrist_for_piece(a, piece).0
                            ^ Zobrist64::zobrist_for_piece(b, piece).0
                            ^ turn;
                        table.insert(diff, u16::from(a) | (u16::from(b) << 6));
                    }
                }
            }
        }
        table
    }

    fn insert(&mut self, mut key: u64, mut squares: u16) {
        let mut at = slot1(key);
        // Kick out whatever sits there and move it to its other slot, until a slot is free.
        // With the table under half full this ends after a few steps for any decent keys.
        for _ in 0..SLOTS {
            std::mem::swap(&mut self.keys[at], &mut key);
            std::mem::swap(&mut self.squares[at], &mut squares);
            if key == 0 {
                self.len += 1;
                return;
            }
            at = if at == slot1(key) {
                slot2(key)
            } else {
                slot1(key)
            };
        }
        // Not reached with shakmaty's (Polyglot) keys; a test checks the count.
    }

    /// The number of moves held (3,668 when built right).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the table is empty (never, once built).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The pair of squares whose single-piece move changes a key by `diff`, if any.
    #[inline]
    pub fn lookup(&self, diff: u64) -> Option<(Square, Square)> {
        let at = slot1(diff);
        let at = if self.keys[at] == diff {
            at
        } else {
            let other = slot2(diff);
            if self.keys[other] != diff {
                return None;
            }
            other
        };
        let s = self.squares[at];
        Some((
            Square::new(u32::from(s & 63)),
            Square::new(u32::from(s >> 6)),
        ))
    }

    /// Whether the side to move in `pos` can play the move that changes the key by `diff`:
    /// the diff is a single-piece move, the squares between are empty, exactly one of the
    /// two squares is occupied, by a piece of the side to move.
    #[inline]
    pub fn playable(&self, pos: &Chess, diff: u64) -> bool {
        let Some((a, b)) = self.lookup(diff) else {
            return false;
        };
        let board = pos.board();
        let occupied = board.occupied();
        if (attacks::between(a, b) & occupied).any() {
            return false;
        }
        let from = match (occupied.contains(a), occupied.contains(b)) {
            (true, false) => a,
            (false, true) => b,
            _ => return false,
        };
        board.color_at(from) == Some(pos.turn())
    }
}

/// The process-wide table, built on first use.
pub fn table() -> &'static Cuckoo {
    static TABLE: OnceLock<Cuckoo> = OnceLock::new();
    TABLE.get_or_init(Cuckoo::build)
}

/// The index of an earlier position (in `keys`, same layout as [`super::History`]) that
/// the side to move of `pos` can reach with one reversible single-piece move, searching
/// back from the nearest. `back` is how many plies back the reversible stretch reaches.
/// `accept` decides whether a found index counts (the draw rule); the walk goes on if not.
#[inline]
pub fn reachable(
    keys: &[u64],
    back: usize,
    pos: &Chess,
    mut accept: impl FnMut(usize) -> bool,
) -> bool {
    let last = keys.len() - 1;
    let key = keys[last];
    let table = table();
    let mut i = 3;
    while i <= back {
        let at = last - i;
        if table.playable(pos, key ^ keys[at]) && accept(at) {
            return true;
        }
        i += 2;
    }
    false
}

/// Method 6 behind the common interface: the key list plus the question "can the side to
/// move reach any earlier position with one move?" (the 1967 rule's view).
#[derive(Debug, Clone, Default)]
pub struct Upcoming {
    history: super::History,
}

impl Upcoming {
    /// For `game`, root at its current position.
    pub fn new(game: &crate::rules::Game) -> Upcoming {
        Upcoming {
            history: super::History::new(game),
        }
    }
}

impl super::Detector for Upcoming {
    fn name(&self) -> &'static str {
        "cuckoo"
    }

    fn start(&mut self, game: &crate::rules::Game) {
        self.history.reset(game);
    }

    #[inline]
    fn enter(&mut self, _before: &Chess, _m: shakmaty::Move, after: &Chess, key: u64) {
        self.history.push(after, key);
    }

    #[inline]
    fn leave(&mut self) {
        self.history.pop();
    }

    #[inline]
    fn detects(&mut self, pos: &Chess) -> bool {
        self.history
            .upcoming_repetition_under(pos, super::DrawRule::Mac1967)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_holds_exactly_3668_moves() {
        assert_eq!(table().len(), ENTRIES);
        let filled = table().keys.iter().filter(|&&k| k != 0).count();
        assert_eq!(filled, ENTRIES);
    }

    #[test]
    fn every_single_piece_move_is_found_with_its_squares() {
        // The key difference of `piece` moving between `a` and `b`, the turn changing.
        let diff = |piece: Piece, a: Square, b: Square| {
            Zobrist64::zobrist_for_piece(a, piece).0
                ^ Zobrist64::zobrist_for_piece(b, piece).0
                ^ Zobrist64::zobrist_for_white_turn().0
        };
        let knight = Color::Black.knight();
        let (a, b) = table()
            .lookup(diff(knight, Square::G8, Square::F6))
            .unwrap();
        assert_eq!((a.min(b), a.max(b)), (Square::F6, Square::G8));
        // A pawn step is not reversible and not in the table.
        let pawn = Color::White.pawn();
        assert!(table().lookup(diff(pawn, Square::E2, Square::E3)).is_none());
    }
}
