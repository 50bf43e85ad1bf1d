//! The static exchange evaluator (SEE), the one swap list of the 1967 program: both sides
//! capture on one square, each with its least valuable piece that may capture, each free
//! to stop when going on would lose; pieces lined up behind a capturer on its line (a rook
//! behind a rook, a queen behind a bishop or a pawn) join as it leaves. The result is what
//! the side that starts gains at best (0 when it should not start).
//!
//! Who may capture next is the one thing its two users see differently, so it is a
//! parameter (`Capturers`):
//! - the attack analysis (`Analysis`, docs/design.md §4) judges a pin against the king as it stands
//!   at each step (a pinner that has captured or been captured pins no more), lets a king
//!   capture first when nothing can take it back, and crowns a pawn that captures onto the
//!   last rank;
//! - the plausible move generator (`StandingPins`, docs/design.md §5) asks for thousands of
//!   exchanges per generation, on boards that are the position before the move with a few
//!   pieces moved: it takes the pins against the king as they stood before the exchange,
//!   spends the king last, and leaves promotion to its own factor.
//!
//! Allocation-free.

use shakmaty::attacks::{bishop_attacks, ray, rook_attacks};
use shakmaty::{Bitboard, Board, Color, Rank, Role, Square};

use crate::eval::piece_value;

/// Roles from least to most valuable: the order in which a side spends its attackers.
pub(crate) const CHEAPEST_FIRST: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// Every role but the king's, cheapest first: what can be won or shut in.
pub(crate) const BELOW_KING: &[Role] = CHEAPEST_FIRST.split_last().expect("the king last").1;

/// `piece_value` of each role by `role as usize` (index 0, no piece, is 0): a table read
/// in the exchange's inner loop and for a move's captured piece, instead of a branch or an
/// indirect jump on the role.
pub const ROLE_VALUE: [i32; 7] = [
    0,
    piece_value(Role::Pawn),
    piece_value(Role::Knight),
    piece_value(Role::Bishop),
    piece_value(Role::Rook),
    piece_value(Role::Queen),
    piece_value(Role::King),
];

/// The most captures one exchange can hold (every piece on the board).
const MAX_EXCHANGE: usize = 34;

/// Who captures next in an exchange: the rules on pins and on the king.
pub(crate) trait Capturers {
    /// Whether a pawn capturing onto the last rank becomes a queen.
    const PROMOTES: bool;

    /// The piece of `side` among `mine` (its pieces attacking `sq` with `occ` occupied)
    /// that captures next, or `None` if none may. A king returned here that the other
    /// side still guards ends the exchange without capturing.
    fn next(
        &self,
        board: &Board,
        mine: Bitboard,
        side: Color,
        sq: Square,
        occ: Bitboard,
    ) -> Option<(Square, Role)>;
}

/// What `side` gains at best by starting to capture on `sq` a piece worth `target`
/// (≥ 0), with `occ` occupied and `attackers` the pieces of both sides in `occ` that take
/// part from the start (the board's pieces not in `occ` are gone), `rules` saying who may
/// capture.
#[inline]
pub(crate) fn exchange<C: Capturers>(
    board: &Board,
    rules: &C,
    sq: Square,
    mut occ: Bitboard,
    mut attackers: Bitboard,
    target: i32,
    side: Color,
) -> i32 {
    let promotes = C::PROMOTES && matches!(sq.rank(), Rank::First | Rank::Eighth);
    let mut gain = [0i32; MAX_EXCHANGE];
    let mut depth = 0usize;
    let mut stm = side;
    let mut on_sq = target;
    while depth < MAX_EXCHANGE {
        let mine = attackers & board.by_color(stm);
        let Some((from, role)) = rules.next(board, mine, stm, sq, occ) else {
            break;
        };
        let rest = occ ^ from;
        // Only a slider behind the capturer, on its line through `sq`, can join (a knight
        // stands on no such line): one line type to look along, not both, and only when
        // such a slider stands somewhere on that line.
        let mut next = attackers & rest;
        let line = ray(sq, from) & rest;
        if from.file() == sq.file() || from.rank() == sq.rank() {
            if line.intersects(board.rooks_and_queens()) {
                next |= rook_attacks(sq, rest) & board.rooks_and_queens() & rest;
            }
        } else if role != Role::Knight && line.intersects(board.bishops_and_queens()) {
            next |= bishop_attacks(sq, rest) & board.bishops_and_queens() & rest;
        }
        if role == Role::King && (next & board.by_color(!stm)).any() {
            break;
        }
        let mut captured = on_sq;
        on_sq = ROLE_VALUE[role as usize];
        if promotes && role == Role::Pawn {
            captured += piece_value(Role::Queen) - piece_value(Role::Pawn);
            on_sq = piece_value(Role::Queen);
        }
        gain[depth] = captured - if depth > 0 { gain[depth - 1] } else { 0 };
        occ = rest;
        attackers = next;
        depth += 1;
        stm = !stm;
    }
    // Each capturer may decline: back up the minimum from the end.
    while depth > 1 {
        depth -= 1;
        gain[depth - 1] = gain[depth - 1].min(-gain[depth]);
    }
    if depth == 0 { 0 } else { gain[0].max(0) }
}

/// The generator's rules: the pieces pinned against their own king before the exchange
/// take part only along the pin line (they still guard the square against a capturing
/// king), and the king is spent last.
pub(crate) struct StandingPins {
    /// The pieces that may capture on the square.
    allowed: Bitboard,
}

impl StandingPins {
    /// The rules for an exchange on `sq`, `king_pinned` and `kings` by colour (black
    /// first).
    #[inline]
    pub fn new(king_pinned: [Bitboard; 2], kings: [Square; 2], sq: Square) -> StandingPins {
        let mut allowed = Bitboard::FULL;
        for c in Color::ALL {
            let pinned = king_pinned[c as usize];
            if pinned.any() {
                allowed &= !(pinned & !ray(kings[c as usize], sq));
            }
        }
        StandingPins { allowed }
    }
}

impl Capturers for StandingPins {
    const PROMOTES: bool = false;

    /// The least valuable capturer, lowest square first among equals.
    #[inline]
    fn next(
        &self,
        board: &Board,
        mine: Bitboard,
        _: Color,
        _: Square,
        _: Bitboard,
    ) -> Option<(Square, Role)> {
        let mine = mine & self.allowed;
        if mine.is_empty() {
            return None;
        }
        for role in CHEAPEST_FIRST {
            if let Some(s) = (mine & board.by_role(role)).first() {
                return Some((s, role));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attack::Analysis;
    use crate::rules::testing::board;
    use shakmaty::Square::*;

    /// Both sides' pieces attacking `sq` on `b`.
    fn attackers(b: &Board, sq: Square) -> Bitboard {
        (b.attacks_to(sq, Color::White, b.occupied())
            | b.attacks_to(sq, Color::Black, b.occupied()))
            & b.occupied()
    }

    /// The generator's exchange on `sq` of the piece there, by `side`.
    fn standing(b: &Board, sq: Square, side: Color) -> i32 {
        let a = Analysis::of_board(b);
        let kings = [
            b.king_of(Color::Black).unwrap(),
            b.king_of(Color::White).unwrap(),
        ];
        let rules = StandingPins::new(
            [a.king_pinned(Color::Black), a.king_pinned(Color::White)],
            kings,
            sq,
        );
        let value = piece_value(b.role_at(sq).unwrap());
        exchange(b, &rules, sq, b.occupied(), attackers(b, sq), value, side)
    }

    #[test]
    fn defenders_and_xrays_count() {
        // The rook e1 and the queen e2 behind it against a pawn on e5 defended by d6:
        // Qxe5 dxe5 loses the queen for a pawn, so White should not start.
        let b = board("4k3/8/3p4/4p3/8/8/4Q3/4R1K1 w - - 0 1");
        assert_eq!(standing(&b, E5, Color::White), 0);
        // An undefended knight is simply won.
        let b = board("4k3/8/8/4n3/8/8/4Q3/4R1K1 w - - 0 1");
        assert_eq!(standing(&b, E5, Color::White), 416);
        // Doubled rooks against a rook defended once: the second rook joins through the
        // first, and both rule sets win the rook.
        let b = board("3rk3/8/8/3r4/8/8/3R4/3RK3 w - - 0 1");
        assert_eq!(standing(&b, D5, Color::White), 640);
        assert_eq!(Analysis::of_board(&b).exchange(D5, Color::White), 640);
    }

    #[test]
    fn a_pinned_attacker_captures_only_along_its_pin() {
        // The knight e4 is pinned to its king by the rook e8: it may not take on d6.
        let b = board("4r1k1/8/3p4/8/4N3/8/8/4K3 w - - 0 1");
        assert_eq!(standing(&b, D6, Color::White), 0);
        assert_eq!(Analysis::of_board(&b).exchange(D6, Color::White), 0);
    }

    #[test]
    fn the_rule_sets_differ_on_promotion() {
        // The pawn b7 takes the loose rook a8 and becomes a queen: the analysis counts the
        // new queen's worth, the generator only the rook (promotion is its own factor).
        let b = board("r6k/1P6/8/8/8/8/8/6K1 w - - 0 1");
        assert_eq!(standing(&b, A8, Color::White), 640);
        assert_eq!(
            Analysis::of_board(&b).exchange(A8, Color::White),
            640 + piece_value(Role::Queen) - piece_value(Role::Pawn)
        );
    }

    #[test]
    fn the_rule_sets_differ_on_a_king_that_may_capture() {
        // The king f6 may take the pawn e5 at once: the black rooks e2 and e1 stand behind
        // the white rook e4. The analysis lets the king take first and wins the pawn; the
        // generator spends the rook first, which lets both black rooks in, and then the
        // king may not take back: it does not start.
        let b = board("6k1/8/5K2/4p3/4R3/8/4r3/4r3 w - - 0 1");
        assert_eq!(Analysis::of_board(&b).exchange(E5, Color::White), 128);
        assert_eq!(standing(&b, E5, Color::White), 0);
    }
}
