//! Pawn structure: the 1967 P term's defects (isolated, doubled, backward) and passed
//! pawns, now by rank, with their blockers and the two kings' distances.
//!
//! The defects are found for all of a side's pawns at once with bitboard fills; only the
//! passed pawns (few) are visited one by one.

use shakmaty::{Bitboard, Board, Color, Rank, Square};

use super::Sink;
use super::bits::{east, file_fill, forward, front_span, pawn_attacks, relative_rank, west};

/// Isolated, doubled, backward and connected pawns of `color`.
pub fn structure(board: &Board, color: Color, sink: &mut impl Sink) {
    let sign = color.fold_wb(1, -1);
    let ours = board.pawns() & board.by_color(color);
    let theirs = board.pawns() & board.by_color(!color);
    let files = file_fill(ours);
    let isolated = ours & !(east(files) | west(files));
    let doubled = ours & front_span(color, ours);
    let supported = ours & pawn_attacks(color, ours);
    let phalanx = ours & (east(ours) | west(ours));
    // Squares level with or ahead of an own pawn on an adjacent file: a pawn there is, or
    // can become, defended by a pawn.
    let level_or_ahead = ours | front_span(color, ours);
    let supportable = east(level_or_ahead) | west(level_or_ahead);
    let stopped = forward(!color, pawn_attacks(!color, theirs));
    let backward = ours & !isolated & !supportable & stopped;

    sink.add(sign * isolated.count() as i32, |w| w.isolated);
    sink.add(sign * doubled.count() as i32, |w| w.doubled);
    sink.add(sign * backward.count() as i32, |w| w.backward);
    let unopposed = !front_span(!color, theirs);
    sink.add(
        sign * ((isolated | backward) & unopposed).count() as i32,
        |w| w.weak_unopposed,
    );
    for sq in supported | phalanx {
        let r = relative_rank(color, sq);
        sink.add(sign, |w| w.connected[r]);
    }
}

/// `color`'s passed pawns: no enemy pawn ahead on its own or an adjacent file, and no own
/// pawn ahead on its file (the rear pawn of a doubled pair is not counted).
fn passed_set(board: &Board, color: Color) -> Bitboard {
    let ours = board.pawns() & board.by_color(color);
    let theirs = board.pawns() & board.by_color(!color);
    let their_front = front_span(!color, theirs);
    let guarded = their_front | east(their_front) | west(their_front);
    ours & !guarded & !front_span(!color, ours)
}

/// The passed-pawn terms of `color`; `turn` is the side to move (for the square rule),
/// `their_attacks` the squares the enemy attacks (a passer whose next square is empty and
/// not among them can advance at once).
pub fn passed(
    board: &Board,
    color: Color,
    turn: Color,
    their_attacks: Bitboard,
    sink: &mut impl Sink,
) {
    let sign = color.fold_wb(1, -1);
    let (Some(own_king), Some(their_king)) = (board.king_of(color), board.king_of(!color)) else {
        return;
    };
    let enemy_pieces_only_pawns =
        (board.by_color(!color) & !board.pawns() & !board.kings()).is_empty();
    for sq in passed_set(board, color) {
        let r = relative_rank(color, sq);
        sink.add(sign, |w| w.passed[r]);
        let Some(stop) = forward(color, sq.into()).first() else {
            continue;
        };
        if board.occupied().contains(stop) {
            sink.add(sign, |w| w.passed_blocked[r]);
        } else if !their_attacks.contains(stop) {
            sink.add(sign, |w| w.passed_free[r]);
        }
        let escort = sign * (r as i32 - 1).max(0);
        let own = own_king.distance(stop) as usize;
        let their = their_king.distance(stop) as usize;
        sink.add(escort, |w| w.passed_own_king[own]);
        sink.add(escort, |w| w.passed_enemy_king[their]);
        if enemy_pieces_only_pawns && unstoppable(board, color, sq, their_king, turn) {
            sink.add(sign, |w| w.passed_unstoppable);
        }
    }
}

/// The rule of the square: the enemy king cannot reach the promotion square in time and
/// nothing stands in the pawn's way.
fn unstoppable(board: &Board, color: Color, sq: Square, their_king: Square, turn: Color) -> bool {
    if (front_span(color, sq.into()) & board.occupied()).any() {
        return false;
    }
    let promotion = Square::from_coords(sq.file(), Rank::new(color.fold_wb(7, 0)));
    let r = relative_rank(color, sq);
    let pawn_moves = if r == 1 { 5 } else { 7 - r as u32 };
    let tempo = u32::from(turn != color);
    their_king.distance(promotion) > pawn_moves + tempo
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::board;
    use crate::search::modern::eval::tests::{count, white_score};
    use shakmaty::Square::*;

    #[test]
    fn passed_pawns_ignore_rear_pawns_and_guarded_files() {
        // d5 is passed; of the doubled a-pawns only the front one counts; g4 and h5 stand
        // on adjacent files facing each other, so neither is passed.
        let b = board("4k3/8/8/3P3p/P5P1/P7/8/4K3 w - - 0 1");
        assert_eq!(passed_set(&b, Color::White), Bitboard::from_iter([D5, A4]));
        assert_eq!(passed_set(&b, Color::Black), Bitboard::EMPTY);
    }

    #[test]
    fn defects_are_counted_for_their_side() {
        // White: a2 and c2 isolated; Black: a7 b7 connected.
        let fen = "4k3/pp6/8/8/8/8/P1P5/4K3 w - - 0 1";
        assert_eq!(count(fen, |w| w.isolated), 2);
        assert_eq!(count(fen, |w| w.connected[1]), -2);
        // White c2 c3: one doubled (and connected? no: same file).
        assert_eq!(count("4k3/8/8/8/8/2P5/2P5/4K3 w - - 0 1", |w| w.doubled), 1);
        // d3 cannot be defended by c4 and e5 stops it; e5 itself is isolated.
        let fen = "4k3/8/8/4p3/2P5/3P4/8/4K3 w - - 0 1";
        assert_eq!(count(fen, |w| w.backward), 1);
        assert_eq!(count(fen, |w| w.isolated), -1);
    }

    #[test]
    fn passed_pawns_by_rank_blocker_and_kings() {
        let fen = "8/8/3n4/3P4/8/8/8/3K2k1 w - - 0 1";
        assert_eq!(count(fen, |w| w.passed[4]), 1);
        assert_eq!(count(fen, |w| w.passed_blocked[4]), 1);
        // Escort weight rank − 1 = 3: the white king is 5 steps from d6, the black 5.
        assert_eq!(count(fen, |w| w.passed_own_king[5]), 3);
        assert_eq!(count(fen, |w| w.passed_enemy_king[5]), 3);
        assert_eq!(count(fen, |w| w.passed_unstoppable), 0);
        let runner = "8/8/k7/8/8/8/6P1/4K3 w - - 0 1";
        assert_eq!(count(runner, |w| w.passed_unstoppable), 1);
        assert!(white_score(runner) > white_score("8/8/1k6/8/8/8/6P1/4K3 w - - 0 1"));
    }

    #[test]
    fn unopposed_weak_pawns_and_free_passers() {
        // a2, c2 and c6 are isolated; c2 and c6 face each other, so only a2 is unopposed.
        let fen = "4k3/8/2p5/8/8/8/P1P5/4K3 w - - 0 1";
        assert_eq!(count(fen, |w| w.weak_unopposed), 1);
        // d5 can step to d6 (empty, unguarded); b5's next square b6 is guarded by the
        // knight on d7 (b5 is passed since nothing black is on a, b or c ahead).
        let fen = "4k3/3n4/8/1P1P4/8/8/8/4K3 w - - 0 1";
        assert_eq!(count(fen, |w| w.passed_free[4]), 1);
    }

    #[test]
    fn square_rule_counts_the_tempo() {
        // g2 needs five moves (a double step first); from a6 the king needs six to g8,
        // from b6 five.
        let b = board("8/8/k7/8/8/8/6P1/4K3 w - - 0 1");
        assert!(unstoppable(&b, Color::White, G2, A6, Color::White));
        assert!(!unstoppable(&b, Color::White, G2, A6, Color::Black));
        let b = board("8/8/1k6/8/8/8/6P1/4K3 w - - 0 1");
        assert!(!unstoppable(&b, Color::White, G2, B6, Color::White));
    }
}
