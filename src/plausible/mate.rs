//! Mate detection for the short looks ahead near the root (levels 1–2, where the search
//! plays each move anyway): whether a position mates in one, whether a move threatens
//! mate or forces it next move, and whether an offered piece is poisoned by a mate. Ours,
//! not the paper's nor the 1980 program's: both left mates to the search. The scene asks
//! for the enemy's threat once per generation, the factors for each move's own looks.
//!
//! Every look plays moves on copies of the position (no allocation: `Chess` and its move
//! lists live on the stack).

use shakmaty::{Chess, Position, Square};

/// If, in the position `after` our move, we could mate at once were it our move again,
/// the mating move's square.
pub(super) fn threatened_mate(after: &Chess) -> Option<Square> {
    mating_move(&after.clone().swap_turn().ok()?)
}

/// After our move (`after`, the opponent to move): whether some reply takes on `to` and
/// every such reply lets us mate within `moves` moves of ours, each but the mating one a
/// check (2: at once, or by a check after which every reply is mated).
pub(super) fn poisoned(after: &Chess, to: Square, moves: u32) -> bool {
    let mut taken = false;
    for next in taken_on(after, to) {
        taken = true;
        if !mates_by_checks(&next, moves) {
            return false;
        }
    }
    taken
}

/// The moves of ours in which `poisoned` looks for the mate: three at the root, where it
/// runs once a generation and decides which offers the width lets the search see, two
/// below it, where it runs for every position of the level.
pub(super) fn poison_moves(level: u32) -> u32 {
    if level <= 1 { 3 } else { 2 }
}

/// In `pos` (our move): whether we mate within `moves` moves, each before the mate a
/// check after which every reply leaves us a mate in the moves left.
fn mates_by_checks(pos: &Chess, moves: u32) -> bool {
    if moves <= 1 {
        return mating_move(pos).is_some();
    }
    pos.legal_moves().into_iter().any(|c| {
        let mut checked = pos.clone();
        checked.play_unchecked(c);
        checked.is_check() && mated_within(&checked, moves - 1)
    })
}

/// After our check (`checked`, the opponent to move): whether it mates, or every reply
/// leaves us a mate within `moves` moves by checks.
fn mated_within(checked: &Chess, moves: u32) -> bool {
    checked.is_checkmate()
        || checked.legal_moves().into_iter().all(|reply| {
            let mut next = checked.clone();
            next.play_unchecked(reply);
            mates_by_checks(&next, moves)
        })
}

/// After our move (`after`, the opponent to move): the position after each reply that
/// takes on `to`, the offer's square.
pub(super) fn taken_on(after: &Chess, to: Square) -> impl Iterator<Item = Chess> + '_ {
    after
        .legal_moves()
        .into_iter()
        .filter(move |reply| reply.is_capture() && reply.to() == to)
        .map(|reply| {
            let mut next = after.clone();
            next.play_unchecked(reply);
            next
        })
}

/// After our check (`checked`, the opponent to move): whether it mates, or every reply
/// allows a mate.
pub(super) fn mates_now_or_next(checked: &Chess) -> bool {
    mated_within(checked, 1)
}

/// The square of a move that mates in `pos`, if any.
pub(super) fn mating_move(pos: &Chess) -> Option<Square> {
    pos.legal_moves().into_iter().find_map(|m| {
        let mut next = pos.clone();
        next.play_unchecked(m);
        next.is_checkmate().then(|| m.to())
    })
}

/// After our move (`after`, the opponent to move): whether each reply allows a mate (the
/// square of the last reply's mate), so the move forces mate in two.
pub(super) fn mate_after_every_reply(after: &Chess) -> Option<Square> {
    let mut square = None;
    for reply in after.legal_moves() {
        let mut next = after.clone();
        next.play_unchecked(reply);
        square = Some(mating_move(&next)?);
    }
    square
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{game, pos};

    /// The position of `fen` after the legal move `uci`.
    fn after(fen: &str, uci: &str) -> Chess {
        game(fen, uci).position().clone()
    }

    #[test]
    fn mating_move_finds_the_back_rank_mate() {
        let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
        assert_eq!(mating_move(&pos(fen)), Some(Square::A8));
        // With an escape square for the king there is none.
        let fen = "6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1";
        assert_eq!(mating_move(&pos(fen)), None);
    }

    #[test]
    fn a_quiet_move_threatens_the_back_rank_mate() {
        let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
        let quiet = after(fen, "a1b1");
        assert_eq!(threatened_mate(&quiet), Some(Square::B8));
        // With an escape square the same move threatens nothing.
        let fen = "6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1";
        let quiet = after(fen, "a1b1");
        assert_eq!(threatened_mate(&quiet), None);
    }

    #[test]
    fn the_rook_ladder_mates_whatever_the_reply() {
        // Rb1-b7 takes the seventh rank: Kf8 or Kh8, and Ra8 mates.
        let fen = "6k1/8/8/8/8/8/R7/1R4K1 w - - 0 1";
        let quiet = after(fen, "b1b7");
        assert_eq!(mate_after_every_reply(&quiet), Some(Square::A8));
        assert!(mates_now_or_next(&quiet));
        // A rook on the second rank leaves the king the seventh.
        let quiet = after(fen, "b1b2");
        assert_eq!(mate_after_every_reply(&quiet), None);
        assert!(!mates_now_or_next(&quiet));
    }

    #[test]
    fn mates_now_or_next_counts_a_mate_at_once() {
        let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
        let mated = after(fen, "a1a8");
        assert!(mated.is_checkmate());
        assert!(mates_now_or_next(&mated));
    }

    #[test]
    fn an_offer_is_poisoned_when_taking_it_allows_mate() {
        // Nd4-c6: Rxc6 leaves the back rank to Re8 mate.
        let fen = "2r3k1/5ppp/8/8/3N4/8/8/4R1K1 w - - 0 1";
        let offer = after(fen, "d4c6");
        assert!(poisoned(&offer, Square::C6, 2));
        // Nothing takes on b5: nothing is poisoned.
        let quiet = after(fen, "d4b5");
        assert!(!poisoned(&quiet, Square::B5, 2));
        // With an escape square the knight can be taken.
        let fen = "2r3k1/5pp1/7p/8/3N4/8/8/4R1K1 w - - 0 1";
        let offer = after(fen, "d4c6");
        assert!(!poisoned(&offer, Square::C6, 2));
    }

    #[test]
    fn at_the_root_an_offer_is_poisoned_by_a_mate_in_three_checks() {
        // Qg8+: Rxg8 Nf7 mates at once; Kxg8 Ne7+ (double check) Kh8 Nf7#, or Kf8 N7g6+
        // hxg6 and mate next: three moves.
        let fen = "rnbqr2k/pppp1Qpp/8/b2NN3/2B1n3/8/PPPP1PPP/R1B1K2R w KQ - 0 1";
        let offer = after(fen, "f7g8");
        assert!(poisoned(&offer, Square::G8, poison_moves(1)));
        // Two moves, as below the root, are not enough for the king's capture.
        assert!(!poisoned(&offer, Square::G8, poison_moves(2)));
        // Without the knight on e5 there is no mate: the queen is simply lost.
        let fen = "rnbqr2k/pppp1Qpp/8/b2N4/2B1n3/8/PPPP1PPP/R1B1K2R w KQ - 0 1";
        let offer = after(fen, "f7g8");
        assert!(!poisoned(&offer, Square::G8, poison_moves(1)));
    }
}
