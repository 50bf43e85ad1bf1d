//! Method 4: repetition of moves (Vladan Vučković and Đorđe Vidanović, 2004; Axon).
//!
//! **How it works.** No keys at all: only the moves of the game and line, each as a from
//! and a to square with a flag saying whether it can be undone. From the last move back,
//! as long as moves are reversible, the moves are threaded into *chains*, one per piece
//! that moved: a move whose target is the start of an existing chain extends that chain
//! backwards (the chain keeps the earliest from-square and the latest to-square); a move
//! that starts where the chain now ends closes it (the piece is back where it was) and the
//! chain is dropped; any other move opens a new chain. At most 24 chains are kept. When the
//! last open chain closes, every piece that moved stands where it stood: a repetition.
//!
//! **Cost.** Per node, a backward scan over the reversible moves with a search of up to 24
//! chain slots for each, i.e. O(halfmove clock × 24) byte compares — more than the key
//! list's halfmove clock / 2 word compares — and nothing on entering or leaving a node
//! beyond storing the move. It needs no keys, so it is immune to key collisions.
//!
//! **Where it is wrong** (against FIDE and the list of keys, [`Variant::Paper`]):
//! 1. *Side to move*: it sees the board, not who moves. A king triangle (three moves) with
//!    a knight out and back (two moves) closes every chain after five plies, with the other
//!    side to move: it reports a repetition that is none.
//! 2. *Castling rights*: a king or rook that leaves its square and comes back has closed
//!    its chain, but the castling right it had is gone: a false repetition.
//! 3. *En passant*: the scan stops at a double pawn step (a pawn move) but compares the
//!    position right after it, in which an en passant capture may have been legal; the
//!    same board later, with the capture gone, is reported as a repetition.
//! 4. *Like pieces that swap squares*: two rooks (or knights …) that end on each other's
//!    squares leave two chains open, one a1→h1 and one h1→a1; the board is the same (FIDE
//!    counts kinds, not identities) but the chains never close: a repetition is missed.
//! 5. *More than 24 chains* (only possible with promoted pieces): the move is dropped and
//!    the scan answers no.
//!
//! [`Variant::Agreeing`] makes it agree with the list of keys: treat as irreversible every
//! move that loses a castling right or gives up a legal en passant capture (as shakmaty's
//! `is_irreversible` does; fixes 2 and 3), accept a closure only after an even number of
//! plies (fixes 1), and, after an even number of plies with open chains, accept them when
//! they only permute like pieces: every open chain starts where another ends, with a piece
//! of the same kind and colour (fixes 4). Castling and null moves are boundaries in both.

use shakmaty::{Chess, Move, Piece, Position, Square};

use crate::rules::Game;

/// Which version of the algorithm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// As published: irreversible = pawn move, capture or castling; any closure counts.
    Paper,
    /// With the four repairs listed above: agrees with the list of keys.
    Agreeing,
}

/// Chain slots, as in the paper.
const CHAINS: usize = 24;
/// No square.
const NONE: u8 = u8::MAX;

#[derive(Debug, Clone, Copy)]
struct Entry {
    from: u8,
    to: u8,
    /// Reversible for the published algorithm.
    paper: bool,
    /// Reversible for the repaired one.
    agreeing: bool,
}

/// The moves of the game and the line, scanned for closed cycles.
#[derive(Debug, Clone)]
pub struct MoveRepetition {
    variant: Variant,
    line: Vec<Entry>,
}

impl MoveRepetition {
    /// The move list of `game` under `variant`.
    pub fn new(game: &Game, variant: Variant) -> MoveRepetition {
        let mut r = MoveRepetition {
            variant,
            line: Vec::new(),
        };
        super::Detector::start(&mut r, game);
        r
    }

    fn entry(&self, before: &Chess, m: Move) -> Entry {
        let from = m.from().map_or(NONE, |s| s as u8);
        let paper = !(m.is_zeroing() || m.is_castle());
        Entry {
            from,
            to: m.to() as u8,
            paper,
            // shakmaty's test looks for a legal en passant capture: only pay for it here.
            agreeing: self.variant == Variant::Agreeing && paper && !before.is_irreversible(m),
        }
    }

    /// Whether the open chains only swap like pieces (every start is another's end, with
    /// a piece of the same kind on it now).
    fn permutation(pos: &Chess, from: &[u8; CHAINS], to: &[u8; CHAINS]) -> bool {
        let board = pos.board();
        let piece = |sq: u8| -> Option<Piece> { board.piece_at(Square::new(u32::from(sq))) };
        for i in 0..CHAINS {
            if from[i] == NONE {
                continue;
            }
            let mine = piece(to[i]);
            let ok =
                (0..CHAINS).any(|j| from[j] != NONE && to[j] == from[i] && piece(to[j]) == mine);
            if !ok {
                return false;
            }
        }
        true
    }

    /// The scan at the current node (`pos` is its position).
    #[inline]
    pub fn repetition(&self, pos: &Chess) -> bool {
        let agreeing = self.variant == Variant::Agreeing;
        let mut from = [NONE; CHAINS];
        let mut to = [NONE; CHAINS];
        let mut open = 0usize;
        let mut plies = 0usize;
        // Sums of the open chains' start and end squares: equal whenever the open chains
        // permute pieces, so the full check runs only then.
        let (mut starts, mut ends) = (0u32, 0u32);
        for e in self.line.iter().rev() {
            if !(if agreeing { e.agreeing } else { e.paper }) {
                break;
            }
            plies += 1;
            match from.iter().position(|&f| f == e.to) {
                Some(i) if to[i] == e.from => {
                    starts -= u32::from(from[i]);
                    ends -= u32::from(to[i]);
                    from[i] = NONE;
                    to[i] = NONE;
                    open -= 1;
                    if open == 0 && (!agreeing || plies.is_multiple_of(2)) {
                        return true;
                    }
                }
                Some(i) => {
                    starts = starts - u32::from(from[i]) + u32::from(e.from);
                    from[i] = e.from;
                }
                None => match from.iter().position(|&f| f == NONE) {
                    Some(i) => {
                        from[i] = e.from;
                        to[i] = e.to;
                        starts += u32::from(e.from);
                        ends += u32::from(e.to);
                        open += 1;
                    }
                    None => return false,
                },
            }
            if agreeing
                && plies.is_multiple_of(2)
                && open >= 2
                && starts == ends
                && Self::permutation(pos, &from, &to)
            {
                return true;
            }
        }
        false
    }
}

impl super::Detector for MoveRepetition {
    fn name(&self) -> &'static str {
        match self.variant {
            Variant::Paper => "moves",
            Variant::Agreeing => "moves-agreeing",
        }
    }

    fn start(&mut self, game: &Game) {
        self.line.clear();
        self.line.reserve(game.moves().len() + super::History::LINE);
        for (i, &m) in game.moves().iter().enumerate() {
            if let Some(before) = game.position_at(i) {
                let e = self.entry(before, m);
                self.line.push(e);
            }
        }
    }

    #[inline]
    fn enter(&mut self, before: &Chess, m: Move, _after: &Chess, _key: u64) {
        let e = self.entry(before, m);
        self.line.push(e);
    }

    #[inline]
    fn leave(&mut self) {
        self.line.pop();
    }

    #[inline]
    fn detects(&mut self, pos: &Chess) -> bool {
        self.repetition(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fide;
    use crate::rules::testing::game;

    /// (published says, repaired says, occurrences by key) after `ucis` from `fen`.
    fn verdicts(fen: &str, ucis: &str) -> (bool, bool, usize) {
        let game = game(fen, ucis);
        let pos = game.position();
        (
            MoveRepetition::new(&game, Variant::Paper).repetition(pos),
            MoveRepetition::new(&game, Variant::Agreeing).repetition(pos),
            fide::occurrences(&game),
        )
    }

    #[test]
    fn a_plain_knight_shuffle_is_found_by_both() {
        let start = crate::rules::START_FEN;
        assert_eq!(verdicts(start, "g1f3 g8f6 f3g1 f6g8"), (true, true, 2));
        assert_eq!(verdicts(start, "g1f3 g8f6 f3g1"), (false, false, 1));
    }

    #[test]
    fn a_king_triangle_fools_the_published_scan_on_side_to_move() {
        let fen = "k7/8/8/8/8/8/8/K7 w - - 0 1";
        assert_eq!(verdicts(fen, "a1b1 a8b8 b1b2 b8a8 b2a1"), (true, false, 1));
    }

    #[test]
    fn a_king_out_and_back_loses_castling_rights() {
        let fen = "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1";
        assert_eq!(verdicts(fen, "e1f1 e8d8 f1e1 d8e8"), (true, false, 1));
    }

    #[test]
    fn the_position_after_a_double_step_with_a_legal_capture_differs() {
        let fen = "4k3/8/8/8/5p2/8/6P1/4K3 w - - 0 1";
        assert_eq!(verdicts(fen, "g2g4 e8d8 e1d1 d8e8 d1e1"), (true, false, 1));
    }

    #[test]
    fn rooks_that_swap_squares_are_missed_by_the_published_scan() {
        let fen = "4k3/8/8/8/8/8/4K3/R6R w - - 0 1";
        let ucis = "a1a3 e8d8 h1a1 d8e8 a3h3 e8d8 h3h1 d8e8";
        assert_eq!(verdicts(fen, ucis), (false, true, 2));
    }
}
