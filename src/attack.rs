//! Attack analysis (SPEC §4), computed once per position and shared by the static board
//! evaluator, the feedover condition and the plausible move generator.
//!
//! PLACEHOLDER INTERFACE: the signatures below are the contract other modules build on;
//! the bodies are a first cut (en prise = attacked and undefended, or attacked by a
//! cheaper piece; no pins, nothing trapped) to be replaced by the full analysis.

use shakmaty::{Bitboard, Chess, Color, Move, Position, Role, Square};

use crate::eval::piece_value;

/// What the 1967 program knew about one position: who attacks what, and which pieces are
/// en prise, pinned or trapped.
#[derive(Debug, Clone)]
pub struct Analysis {
    en_prise: [Bitboard; 2],
    pinned: [Bitboard; 2],
    trapped: [Bitboard; 2],
}

impl Analysis {
    /// Analyses `pos`; allocation-free.
    pub fn new(pos: &Chess) -> Analysis {
        let board = pos.board();
        let occupied = board.occupied();
        let mut en_prise = [Bitboard::EMPTY; 2];
        for sq in occupied & !board.kings() {
            let Some(piece) = board.piece_at(sq) else {
                continue;
            };
            let attackers = board.attacks_to(sq, !piece.color, occupied);
            if attackers.is_empty() {
                continue;
            }
            let defenders = board.attacks_to(sq, piece.color, occupied);
            let cheapest = attackers
                .into_iter()
                .filter_map(|a| board.role_at(a))
                .map(piece_value)
                .min()
                .unwrap_or(0);
            if defenders.is_empty() || cheapest < piece_value(piece.role) {
                en_prise[piece.color as usize].add(sq);
            }
        }
        Analysis {
            en_prise,
            pinned: [Bitboard::EMPTY; 2],
            trapped: [Bitboard::EMPTY; 2],
        }
    }

    /// `color`'s pieces (never the king) that are en prise.
    pub fn en_prise(&self, color: Color) -> Bitboard {
        self.en_prise[color as usize]
    }

    /// `color`'s pieces that are pinned in the 1967 sense (moving one would put another of
    /// its side's pieces en prise, or expose the king).
    pub fn pinned(&self, color: Color) -> Bitboard {
        self.pinned[color as usize]
    }

    /// `color`'s pieces that have no safe move.
    pub fn trapped(&self, color: Color) -> Bitboard {
        self.trapped[color as usize]
    }

    /// Static exchange value of `m` for the mover, in 1967 units (pawn 128).
    pub fn see(&self, pos: &Chess, m: Move) -> i32 {
        let gain = m.capture().map_or(0, piece_value);
        let to: Square = m.to();
        let defended = !pos
            .board()
            .attacks_to(
                to,
                !pos.turn(),
                pos.board().occupied() ^ Bitboard::from(m.from().unwrap_or(to)),
            )
            .is_empty();
        if defended {
            gain - piece_value(m.role())
        } else {
            gain
        }
    }

    /// A safe move: after it the moved piece is not en prise.
    pub fn is_safe_move(&self, pos: &Chess, m: Move) -> bool {
        m.role() == Role::King || self.see(pos, m) >= 0
    }
}
