//! Static exchange evaluation for the modern search: what a move wins or loses on its
//! target square if both sides then capture there with their cheapest piece, each free to
//! stop. It orders captures and prunes losing ones, so it must be fast: it reads only
//! bitboards and allocates nothing.
//!
//! Unlike the 1967 attack analysis ([`crate::attack`]), which judges every piece of a
//! position once for the plausible move generator, this judges one move at a time, in
//! centipawns. Left out on purpose: pins (a pinned piece may join the exchange) and
//! checks; a king takes part only as the last capturer onto an undefended square.

use shakmaty::{Bitboard, Board, Chess, Color, Move, Position, Role, Square};

use crate::attack::CHEAPEST_FIRST;

/// Piece values of the exchange, in centipawns; the king's is beyond any exchange.
pub const fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 320,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 20_000,
    }
}

/// The most captures one exchange can hold (all the pieces on the board).
const MAX_EXCHANGE: usize = 34;

/// Every piece of either colour attacking `sq` through the occupancy `occ` (pieces off
/// `occ` take no part).
fn attackers(board: &Board, sq: Square, occ: Bitboard) -> Bitboard {
    (board.attacks_to(sq, Color::White, occ) | board.attacks_to(sq, Color::Black, occ)) & occ
}

/// The static exchange value of `m` in `pos` for the side making it.
pub fn see(pos: &Chess, m: Move) -> i32 {
    let (from, to) = match m {
        Move::Normal { from, to, .. } | Move::EnPassant { from, to } => (from, to),
        Move::Castle { .. } | Move::Put { .. } => return 0,
    };
    let board = pos.board();
    let mut occ = board.occupied().without(from);
    if let Move::EnPassant { from, to } = m {
        occ = occ.without(Square::from_coords(to.file(), from.rank()));
    }
    let mut gains = [0i32; MAX_EXCHANGE];
    gains[0] = m.capture().map_or(0, value);
    // The value standing on the target square, which the next capture wins.
    let mut standing = match m.promotion() {
        Some(p) => {
            gains[0] += value(p) - value(Role::Pawn);
            value(p)
        }
        None => value(m.role()),
    };
    let mut side = !pos.turn();
    let mut n = 0;
    while n + 1 < MAX_EXCHANGE {
        let ours = attackers(board, to, occ) & board.by_color(side);
        let Some((sq, role)) = cheapest(board, ours) else {
            break;
        };
        let rest = occ.without(sq);
        if role == Role::King && (attackers(board, to, rest) & board.by_color(!side)).any() {
            break;
        }
        n += 1;
        gains[n] = standing - gains[n - 1];
        standing = value(role);
        occ = rest;
        side = !side;
    }
    // Each side, from the last capture back, takes only if taking beats stopping.
    while n > 0 {
        gains[n - 1] = -(-gains[n - 1]).max(gains[n]);
        n -= 1;
    }
    gains[0]
}

/// Whether the static exchange value of `m` is at least `threshold`.
#[inline]
pub fn see_ge(pos: &Chess, m: Move, threshold: i32) -> bool {
    // Cheap answers first: a capture of a piece worth at least the capturer wins that
    // difference at worst.
    if let (Some(victim), false) = (m.capture(), m.is_promotion())
        && value(victim) - value(m.role()) >= threshold
        && m.role() != Role::King
    {
        return true;
    }
    see(pos, m) >= threshold
}

/// The cheapest piece among `pieces`, with its role.
fn cheapest(board: &Board, pieces: Bitboard) -> Option<(Square, Role)> {
    if pieces.is_empty() {
        return None;
    }
    CHEAPEST_FIRST
        .iter()
        .find_map(|&role| (pieces & board.by_role(role)).first().map(|sq| (sq, role)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{pos, uci};

    fn see_of(fen: &str, m: &str) -> i32 {
        let p = pos(fen);
        see(&p, uci(&p, m))
    }

    #[test]
    fn exchanges_count_recaptures_and_xrays() {
        // A free pawn.
        assert_eq!(see_of("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), 100);
        // Pawn defended by a pawn: the rook is lost for a pawn.
        assert_eq!(
            see_of("4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"),
            100 - 500
        );
        // Doubled rooks against a defended pawn: the x-ray rook recaptures.
        assert_eq!(
            see_of("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"),
            100 - 500 + 500
        );
        // Knight takes a pawn defended by a knight: bad.
        assert_eq!(
            see_of("4k3/8/5n2/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5"),
            100 - 320
        );
        // Queen takes a rook defended by a bishop: loses queen for rook.
        assert_eq!(
            see_of("4k3/8/1b6/8/3r4/8/8/3QK3 w - - 0 1", "d1d4"),
            500 - 900
        );
    }

    #[test]
    fn quiet_moves_promotions_and_kings() {
        // A quiet move onto a square the enemy pawn attacks loses the piece.
        assert_eq!(see_of("4k3/8/4p3/8/8/8/8/3RK3 w - - 0 1", "d1d5"), -500);
        // A quiet move onto a safe square is worth nothing.
        assert_eq!(see_of("4k3/8/8/8/8/8/8/3RK3 w - - 0 1", "d1d4"), 0);
        // Promotion on a free square gains queen minus pawn.
        assert_eq!(see_of("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), 800);
        // The king recaptures on an undefended square, not on a defended one.
        assert_eq!(
            see_of("4k3/4p3/8/8/8/8/8/4RK2 w - - 0 1", "e1e7"),
            100 - 500
        );
        assert_eq!(see_of("4k3/4p3/8/8/1B6/8/8/4RK2 w - - 0 1", "e1e7"), 100);
        assert_eq!(see_of("8/8/8/3k4/8/8/4p3/R3K3 w - - 0 1", "e1e2"), 100);
        // En passant removes the passed pawn.
        assert_eq!(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
    }

    #[test]
    fn threshold_agrees_with_the_value() {
        let p = pos("r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3");
        for m in p.legal_moves() {
            let v = see(&p, m);
            for t in [-900, -100, 0, 1, 100, 320] {
                assert_eq!(see_ge(&p, m, t), v >= t, "{m:?} {t}");
            }
        }
    }
}
