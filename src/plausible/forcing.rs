//! The forcing line after an offer, at the root only: what a line of captures,
//! promotions and a few checks wins against any defence. Ours, not the paper's nor the
//! 1980 program's: `sacrifice_regains` below the root looks one exchange, a promotion or
//! a check deep; at the root, where the generation runs once a move and decides which
//! offers the width lets the search see, it reads this line instead, so a decoy that wins
//! back its piece two or three exchanges on is not cut before the search sees it. The
//! same line after every reply to a quiet move finds the quiet blows (`quiet_blow`): a
//! double attack or a threat that no reply parries.
//!
//! A small negamax on material (no allocation: positions and move lists on the stack).
//! Either side may stand on the material it has unless in check; in check it must answer.

use shakmaty::{Chess, Move, Position, Role};

use crate::eval::{piece_value, won_at_once as gain};
use crate::plausible::squares::{attacks_of, line_checkers};

/// Plies of the line and quiet checks in it, as the root's look reads it.
const PLIES: u32 = 6;
const CHECKS: u32 = 2;

/// A mate, in material: more than any line wins otherwise.
const MATE: i32 = 16 * piece_value(Role::Queen);

/// In `pos`: the most material the side to move wins, against any defence, within
/// `PLIES` plies of captures, promotions and evasions, and at most `CHECKS` quiet checks
/// (either side's); a mate counts `MATE`.
pub(super) fn forcing_gain(pos: &Chess) -> i32 {
    line(pos, PLIES, CHECKS, -MATE, MATE)
}

/// After our move (`after`, the opponent to move): the least material we win against
/// any reply, the reply's own capture counted against it, by the forcing line after it;
/// `None` unless every reply loses material (a reply that mates or stalemates parries).
pub(super) fn won_against_any_reply(after: &Chess) -> Option<i32> {
    let mut replies = after.legal_moves();
    if replies.is_empty() {
        return None;
    }
    // The replies that take most first: they are the likeliest to parry.
    replies.sort_unstable_by_key(|m| -gain(*m));
    let mut least = MATE;
    for r in replies {
        let taken = gain(r);
        let mut next = after.clone();
        next.play_unchecked(r);
        // Only whether the line beats what the reply took, and by less than the least
        // so far, matters.
        let won = line(&next, PLIES, CHECKS, taken, taken + least) - taken;
        if won <= 0 {
            return None;
        }
        least = least.min(won);
    }
    Some(least)
}

/// `forcing_gain` with `plies` and `checks` left, within the bounds `alpha`..`beta`.
fn line(pos: &Chess, plies: u32, checks: u32, mut alpha: i32, beta: i32) -> i32 {
    let in_check = pos.is_check();
    let mut moves = pos.legal_moves();
    if moves.is_empty() {
        return if in_check { -MATE } else { 0 };
    }
    // Out of plies, the side stands on the material held.
    if plies == 0 {
        return 0;
    }
    // Standing is the floor; in check the evasions decide it.
    let mut best = if in_check { -MATE } else { 0 };
    if best >= beta {
        return best;
    }
    alpha = alpha.max(best);
    if !in_check {
        moves.retain(|m| gain(*m) > 0 || (checks > 0 && gives_check(pos, *m)));
    }
    // The biggest gains first, so that the bounds cut early.
    moves.sort_unstable_by_key(|m| -gain(*m));
    for m in moves {
        let won = gain(m);
        // Out of check, a move that wins nothing is one of the quiet checks.
        let left = if in_check || won > 0 {
            checks
        } else {
            checks - 1
        };
        let mut next = pos.clone();
        next.play_unchecked(m);
        let value = won - line(&next, plies - 1, left, won - beta, won - alpha);
        if value > best {
            best = value;
            if best >= beta {
                break;
            }
            alpha = alpha.max(best);
        }
    }
    best
}

/// Whether `m` gives check: from the piece's new square or along a line it opens to the
/// king (castling played out).
fn gives_check(pos: &Chess, m: Move) -> bool {
    let Move::Normal {
        role,
        from,
        to,
        promotion,
        ..
    } = m
    else {
        let mut next = pos.clone();
        next.play_unchecked(m);
        return next.is_check();
    };
    let (board, us) = (pos.board(), pos.turn());
    let Some(king) = board.king_of(!us) else {
        return false;
    };
    let occ = board.occupied().without(from).with(to);
    attacks_of(promotion.unwrap_or(role), us, to, occ).contains(king)
        || line_checkers(board, king, board.by_color(us).without(from), occ).any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::pos;

    const N: i32 = piece_value(Role::Knight);
    const R: i32 = piece_value(Role::Rook);
    const Q: i32 = piece_value(Role::Queen);

    #[test]
    fn a_defended_piece_is_not_won() {
        // The rook takes the knight, the pawn takes back: nothing won, so stand.
        assert_eq!(forcing_gain(&pos("4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1")), 0);
        // Undefended, it is.
        assert_eq!(forcing_gain(&pos("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1")), N);
    }

    #[test]
    fn a_check_that_forks_wins_the_queen() {
        // Nc7+ forks king and queen: the king steps aside and the queen falls, knight
        // for queen at worst.
        let fen = "r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1";
        assert_eq!(forcing_gain(&pos(fen)), R);
        let fen = "q3k3/8/8/1N6/8/8/8/4K3 w - - 0 1";
        assert!(forcing_gain(&pos(fen)) >= Q - N);
        // Without quiet checks the fork is not seen.
        assert_eq!(line(&pos(fen), PLIES, 0, -MATE, MATE), 0);
    }

    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        // Direct and discovered checks, castling into check, en passant, promotions.
        let fens = [
            "4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1",
            "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
            "4k3/8/8/2pP4/8/8/8/K6B w - c6 0 1",
            "3rk3/1P6/8/3B4/8/8/8/3K4 w - - 0 1",
            "r2qr1k1/p1p2ppp/2p5/2b5/4nPQ1/3B4/PPP3PP/R1B2R1K b - - 0 1",
        ];
        for fen in fens {
            let p = pos(fen);
            for m in p.legal_moves() {
                let mut next = p.clone();
                next.play_unchecked(m);
                assert_eq!(gives_check(&p, m), next.is_check(), "{fen} {m}");
            }
        }
    }

    #[test]
    fn a_fork_wins_against_any_reply_unless_a_reply_takes_or_checks() {
        // After Nd6 (Black to move) every reply loses a rook, or the knight for one.
        let forked = "7k/1r3r2/3N4/8/8/7P/6PK/8 b - - 0 1";
        assert_eq!(won_against_any_reply(&pos(forked)), Some(R - N));
        // A pawn on c7 takes the knight.
        assert_eq!(
            won_against_any_reply(&pos("7k/1rp2r2/3N4/8/8/7P/6PK/8 b - - 0 1")),
            None
        );
        // With the king on e1 a rook checks on the first rank, and the line, in which the
        // checker may then stand, counts the fork parried.
        assert_eq!(
            won_against_any_reply(&pos("7k/1r3r2/3N4/8/8/8/8/4K3 b - - 0 1")),
            None
        );
    }

    #[test]
    fn a_mate_by_checks_counts_as_mate() {
        // Back rank: Ra8 mates at once.
        assert_eq!(
            forcing_gain(&pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")),
            MATE
        );
    }
}
