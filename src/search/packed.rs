//! Moves packed in 16 bits, as both hash tables store them: from (6 bits), to (6; the
//! rook's square for castling, as shakmaty has it) and the promotion role (3). Distinct
//! for the legal moves of any one position, and 0 never packs a real move (from and to
//! would coincide).
//!
//! A stored move is never trusted (docs/style.md point 6): [`unpack_move`] rebuilds it
//! from the board and shakmaty's legality test, so a stale entry, or another position's,
//! yields None and never an illegal move.

use shakmaty::{Chess, Move, Position, Role, Square};

/// `m` in 16 bits.
#[inline]
pub fn pack_move(m: Move) -> u16 {
    let from = m.from().map_or(0, |s| s as u16);
    let to = m.to() as u16;
    let promo = m.promotion().map_or(0, |r| r as u16);
    from | to << 6 | promo << 12
}

/// The to-square of a packed move.
#[inline]
fn packed_to(packed: u16) -> Square {
    Square::new(u32::from(packed >> 6 & 63))
}

/// Whether the packed move `packed` lands on an enemy piece of `pos`: a capture, en
/// passant aside (a stale move gives a wrong answer, never an illegal move).
#[inline]
pub fn packed_capture(pos: &Chess, packed: u16) -> bool {
    packed != 0 && pos.them().contains(packed_to(packed))
}

/// The legal move of `pos` that `packed` stands for, if any: rebuilt from the board (the
/// piece on the from-square and what stands on the to-square) and checked by shakmaty's
/// legality test. A move it returns packs back to `packed`.
pub fn unpack_move(pos: &Chess, packed: u16) -> Option<Move> {
    if packed == 0 {
        return None;
    }
    let from = Square::new(u32::from(packed & 63));
    let to = packed_to(packed);
    let promotion = match packed >> 12 {
        0 => None,
        r => Some(Role::try_from(u32::from(r)).ok()?),
    };
    let board = pos.board();
    let piece = board.piece_at(from).filter(|p| p.color == pos.turn())?;
    let target = board.piece_at(to);
    let m = match target {
        Some(t) if t.color == pos.turn() => {
            if piece.role != Role::King || t.role != Role::Rook || promotion.is_some() {
                return None;
            }
            Move::Castle {
                king: from,
                rook: to,
            }
        }
        None if piece.role == Role::Pawn && from.file() != to.file() && promotion.is_none() => {
            Move::EnPassant { from, to }
        }
        _ => Move::Normal {
            role: piece.role,
            from,
            capture: target.map(|t| t.role),
            to,
            promotion,
        },
    };
    let legal = pos.is_legal(m);
    debug_assert!(
        !legal || (pack_move(m) == packed && pos.legal_moves().contains(&m)),
        "{m:?} unpacked from {packed:#06x}"
    );
    legal.then_some(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{pos, uci};

    #[test]
    fn packed_moves_are_distinct_in_a_position() {
        let pos = pos("r3k2r/pPpp1ppp/8/8/8/8/P1PPPPPP/R3K2R w KQkq - 0 1");
        let moves = pos.legal_moves();
        let mut packed: Vec<u16> = moves.iter().map(|&m| pack_move(m)).collect();
        packed.sort_unstable();
        packed.dedup();
        assert_eq!(packed.len(), moves.len());
        assert!(packed.iter().all(|&p| p != 0));
    }

    #[test]
    fn every_legal_move_round_trips_through_16_bits() {
        let fens = [
            crate::rules::START_FEN,
            // Castling both ways, en passant, promotions with and without capture.
            "r3k2r/1P4P1/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
            "r3k2r/8/8/8/3Pp3/8/1p4p1/R3K2R b KQkq d3 0 1",
            "r3k2r/pPpp1ppp/8/8/8/8/P1PPPPPP/R3K2R w KQkq - 0 1",
            "rn2k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
        ];
        for fen in fens {
            let p = pos(fen);
            let moves = p.legal_moves();
            assert!(moves.len() > 10);
            for &m in &moves {
                let packed = pack_move(m);
                assert_ne!(packed, 0);
                assert_eq!(unpack_move(&p, packed), Some(m), "{fen}: {m:?}");
            }
        }
    }

    #[test]
    fn stale_moves_are_rejected() {
        let start = pos(crate::rules::START_FEN);
        // e2e5 and e1h1 (no castling possible) are not legal here.
        let e2e5 = Square::E2 as u16 | ((Square::E5 as u16) << 6);
        assert_eq!(unpack_move(&start, e2e5), None);
        let e1h1 = Square::E1 as u16 | ((Square::H1 as u16) << 6);
        assert_eq!(unpack_move(&start, e1h1), None);
        assert_eq!(unpack_move(&start, 0), None);
        // The moves of another position that are not legal here.
        let p = pos("rn2k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
        for m in start.legal_moves() {
            if !p.is_legal(m) {
                assert_eq!(unpack_move(&p, pack_move(m)), None, "{m:?}");
            }
        }
        assert_eq!(unpack_move(&p, 0), None);
        // A promotion role on a move that cannot promote, or no role at all.
        let e5d6 = pack_move(uci(&p, "e5d6"));
        assert_eq!(unpack_move(&p, e5d6 | (Role::Queen as u16) << 12), None);
        assert_eq!(unpack_move(&p, e5d6 | 7 << 12), None);
    }

    #[test]
    fn a_packed_move_captures_when_it_lands_on_an_enemy_piece() {
        let p = pos("r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3");
        assert!(packed_capture(&p, pack_move(uci(&p, "e5d4"))));
        assert!(!packed_capture(&p, pack_move(uci(&p, "g8f6"))));
        assert!(!packed_capture(&p, 0));
        let castling = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert!(!packed_capture(
            &castling,
            pack_move(uci(&castling, "e1g1"))
        ));
    }
}
