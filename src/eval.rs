//! The static board evaluator of 1967 (SPEC §3): S = B + R + P + K + C, from White's point
//! of view, in units where a pawn is 128.
//!
//! - **B**, material: Table 2 of the paper (P 128, N 416, B 448, R 640, Q 1248).
//! - **R**, piece-ratio change: R = (N / T − 1) · M / 4, N and T the ratios of White's to
//!   Black's material (king valued 1) at this node and at the root, M = 5281 one side's
//!   starting material. The paper's printed formula is garbled; this is SPEC's
//!   reconstruction. It is computed exactly in integers and rounded to nearest (halves away
//!   from zero). As the paper says, it is *slightly asymmetric with respect to colour*:
//!   swapping colours turns N/T into T/N, so the flipped R is −R · T/N, not −R (White three
//!   pawns up, Q×Q: +33 for White, but −32 with the colours swapped).
//! - **P**, pawn structure, each side scoring for the other's tripled pawns (doubled only
//!   when also isolated), isolated and backward pawns, and for its own passed pawns, with
//!   the paper's definitions (see [`PawnVerdict`]) and SPEC's weights.
//! - **K**, king safety, only while both queens are on: 8 × the rank of the black king
//!   (from Black's side) − 8 × the rank of the white king (from White's side).
//! - **C**, centre control: ±1 for the side alone in having pawns on d4/e4/d5/e5.
//!
//! Every number lives in one tuning table, [`Weights`]; [`WEIGHTS_1967`] is the 1967
//! profile. Allocation-free.

use shakmaty::{Bitboard, Board, Chess, Color, File, Position, Role, Square};

/// Table 2 of the paper: the value of each piece (pawn = 128).
pub const fn piece_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 128,
        Role::Knight => 416,
        Role::Bishop => 448,
        Role::Rook => 640,
        Role::Queen => 1248,
        Role::King => 1536,
    }
}

/// The evaluator's tuning table: every weight of S = B + R + P + K + C that is not a piece
/// value (pawn = 128).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// M of the R term: one side's material at the start with the king valued 1
    /// (8·128 + 2·416 + 2·448 + 2·640 + 1248 + 1 = 5281).
    pub ratio_material: i64,
    /// The divisor of M in R = (N / T − 1) · M / 4.
    pub ratio_divisor: i64,
    /// The king's value inside the R term's ratios (the paper: 1 instead of 1536).
    pub ratio_king_value: i32,
    /// The most R may be worth either way. Ours, not the paper's: with the king valued 1
    /// the ratio grows without bound as one side nears a bare king (a knight against a
    /// bare king gives N/T in the hundreds), which would let R outweigh all material.
    pub ratio_cap: i64,
    /// Per isolated pawn (no friendly pawn on an adjacent file). Not given in the paper.
    pub isolated: i32,
    /// Per file holding exactly two pawns of a side that are also isolated.
    pub doubled_isolated: i32,
    /// Per file holding three or more pawns of a side (isolated or not).
    pub tripled: i32,
    /// Multiplies the doubled-and-isolated and the tripled weights on a file without enemy
    /// pawns (the enemy's rooks attack them down it).
    pub doubled_open_file_factor: i32,
    /// Per backward pawn (the four-step test of [`PawnVerdict::backward`]).
    pub backward: i32,
    /// Per backward pawn on an open file (no enemy pawn ahead of it on its file), or when
    /// the enemy has rooks or queens: the paper's "considered weaker".
    pub backward_exposed: i32,
    /// Per own passed pawn, indexed by its rank counted from its own side (index 1 = the
    /// second rank … 6 = the seventh).
    pub passed: [i32; 8],
    /// A passed pawn with an enemy piece on the square in front of it scores this fraction
    /// (the divisor) of its value.
    pub passed_blockaded_divisor: i32,
    /// K: per rank the king stands from its own side, while both queens are on.
    pub king_rank: i32,
    /// C: for the side alone in having a pawn on d4, e4, d5 or e5.
    pub centre: i32,
}

/// The 1967 profile: the paper's formulas, SPEC §3's choice where the paper gives no
/// number.
pub const WEIGHTS_1967: Weights = Weights {
    ratio_material: 5281,
    ratio_divisor: 4,
    ratio_king_value: 1,
    ratio_cap: 256,
    isolated: 4,
    doubled_isolated: 16,
    tripled: 48,
    doubled_open_file_factor: 2,
    backward: 6,
    backward_exposed: 10,
    passed: [0, 8, 12, 24, 52, 112, 256, 0],
    passed_blockaded_divisor: 2,
    king_rank: 8,
    centre: 1,
};

/// The terms of one evaluation, each from White's point of view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Terms {
    /// Material balance.
    pub b: i32,
    /// Piece-ratio change against the root.
    pub r: i32,
    /// Pawn structure.
    pub p: i32,
    /// King safety (only while both queens are on).
    pub k: i32,
    /// Centre control (±1).
    pub c: i32,
}

impl Terms {
    /// S = B + R + P + K + C.
    pub fn s(&self) -> i32 {
        self.b + self.r + self.p + self.k + self.c
    }
}

/// What the evaluator needs to know about the root of the search (the R term compares
/// the material ratio at a node with the ratio at the root): each side's material with
/// the king valued 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Root {
    white: i32,
    black: i32,
}

impl Root {
    /// The root facts of `pos`.
    pub fn new(pos: &Chess) -> Root {
        Root::of_board(pos.board())
    }

    /// The root facts of a bare board.
    pub fn of_board(board: &Board) -> Root {
        Root {
            white: ratio_material(board, Color::White, &WEIGHTS_1967),
            black: ratio_material(board, Color::Black, &WEIGHTS_1967),
        }
    }

    /// White's material at the root, king valued 1.
    pub fn white(&self) -> i32 {
        self.white
    }

    /// Black's material at the root, king valued 1.
    pub fn black(&self) -> i32 {
        self.black
    }
}

/// Material of `color` without the king (Table 2).
fn material(board: &Board, color: Color) -> i32 {
    let ours = board.by_color(color);
    let n = |bb: Bitboard| (bb & ours).count() as i32;
    n(board.pawns()) * piece_value(Role::Pawn)
        + n(board.knights()) * piece_value(Role::Knight)
        + n(board.bishops()) * piece_value(Role::Bishop)
        + n(board.rooks()) * piece_value(Role::Rook)
        + n(board.queens()) * piece_value(Role::Queen)
}

/// Material of `color` as the R term counts it: the king valued `ratio_king_value`.
fn ratio_material(board: &Board, color: Color, w: &Weights) -> i32 {
    material(board, color)
        + (board.kings() & board.by_color(color)).count() as i32 * w.ratio_king_value
}

/// a / b rounded to nearest, halves away from zero (b > 0).
fn div_round(a: i64, b: i64) -> i64 {
    debug_assert!(b > 0);
    if a >= 0 {
        (2 * a + b) / (2 * b)
    } else {
        -((-2 * a + b) / (2 * b))
    }
}

/// R = (N / T − 1) · M / 4 with N = white / black at the node and T = root_white /
/// root_black, computed exactly as (white·root_black − black·root_white) · M /
/// (4 · black · root_white), rounded and held within ±`ratio_cap`. A side with no material at all (no king either)
/// counts as 1 so the ratios stay defined.
pub fn piece_ratio_change(white: i32, black: i32, root: &Root, w: &Weights) -> i32 {
    let (nw, nb) = (i64::from(white.max(1)), i64::from(black.max(1)));
    let (tw, tb) = (i64::from(root.white.max(1)), i64::from(root.black.max(1)));
    let num = (nw * tb - nb * tw) * w.ratio_material;
    let den = w.ratio_divisor * nb * tw;
    div_round(num, den).clamp(-w.ratio_cap, w.ratio_cap) as i32
}

/// Evaluates `pos` term by term (White's point of view), 1967 weights.
pub fn static_board_evaluator(pos: &Chess, root: &Root) -> Terms {
    evaluate_board(pos.board(), root, &WEIGHTS_1967)
}

/// Evaluates a bare board term by term with the weights `w`.
pub fn evaluate_board(board: &Board, root: &Root, w: &Weights) -> Terms {
    let white = material(board, Color::White);
    let black = material(board, Color::Black);
    let b = white - black;
    let white_kings = (board.kings() & board.white()).count() as i32;
    let black_kings = (board.kings() & board.black()).count() as i32;
    let r = piece_ratio_change(
        white + white_kings * w.ratio_king_value,
        black + black_kings * w.ratio_king_value,
        root,
        w,
    );
    let p = pawn_structure(board, Color::White, w) - pawn_structure(board, Color::Black, w);
    let k = king_safety(board, w);
    let c = centre_control(board, w);
    Terms { b, r, p, k, c }
}

/// K: 8 × black king's rank from Black's side − 8 × white king's rank from White's side,
/// only while both sides have a queen.
fn king_safety(board: &Board, w: &Weights) -> i32 {
    let queens = board.queens();
    if (queens & board.white()).is_empty() || (queens & board.black()).is_empty() {
        return 0;
    }
    let rank_from_own_side = |color: Color| match board.king_of(color) {
        Some(k) => relative_rank(color, k) as i32 + 1,
        None => 0,
    };
    w.king_rank * rank_from_own_side(Color::Black) - w.king_rank * rank_from_own_side(Color::White)
}

/// The four centre squares d4, e4, d5, e5.
const CENTRE: Bitboard = Bitboard(0x0000_0018_1800_0000);

/// C: +1 when only White has a pawn in the centre, −1 when only Black has.
fn centre_control(board: &Board, w: &Weights) -> i32 {
    let white = (board.pawns() & board.white() & CENTRE).any();
    let black = (board.pawns() & board.black() & CENTRE).any();
    match (white, black) {
        (true, false) => w.centre,
        (false, true) => -w.centre,
        _ => 0,
    }
}

/// The rank of `sq` counted from `color`'s side, 0 = its first rank.
fn relative_rank(color: Color, sq: Square) -> u32 {
    match color {
        Color::White => sq.rank() as u32,
        Color::Black => 7 - sq.rank() as u32,
    }
}

/// The square one step forward for `color`, if on the board.
fn forward(color: Color, sq: Square) -> Option<Square> {
    match color {
        Color::White => sq.offset(8),
        Color::Black => sq.offset(-8),
    }
}

/// The square one step backward for `color`, if on the board.
fn backward_of(color: Color, sq: Square) -> Option<Square> {
    match color {
        Color::White => sq.offset(-8),
        Color::Black => sq.offset(8),
    }
}

/// Squares on ranks strictly ahead of `sq` for `color`.
fn ranks_ahead(color: Color, sq: Square) -> Bitboard {
    let r = sq.rank() as u32;
    match color {
        Color::White => Bitboard(u64::MAX.checked_shl(8 * (r + 1)).unwrap_or(0)),
        Color::Black => Bitboard((1u64 << (8 * r)) - 1),
    }
}

/// Squares on `sq`'s rank and every rank ahead of it for `color`.
fn ranks_from(color: Color, sq: Square) -> Bitboard {
    ranks_ahead(color, sq) | Bitboard::from_rank(sq.rank())
}

/// The files beside `file`.
fn adjacent_files(file: File) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    if let Some(f) = file.offset(-1) {
        bb |= Bitboard::from_file(f);
    }
    if let Some(f) = file.offset(1) {
        bb |= Bitboard::from_file(f);
    }
    bb
}

/// The paper's verdicts on one pawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PawnVerdict {
    /// Where the pawn stands.
    pub square: Square,
    /// Whose pawn it is.
    pub color: Color,
    /// No friendly pawn on an adjacent file.
    pub isolated: bool,
    /// Another friendly pawn on its file.
    pub doubled: bool,
    /// Two or more other friendly pawns on its file.
    pub tripled: bool,
    /// No enemy pawn ahead of it on its own or an adjacent file.
    pub passed: bool,
    /// An enemy piece stands on the square in front of it.
    pub blockaded: bool,
    /// The four-step test (SPEC §3), in this order:
    /// 1. defended by a pawn → not backward;
    /// 2. a pawn move would defend it (it advances to a square a friendly pawn guards, or a
    ///    friendly pawn on an adjacent file advances to guard it; moving onto or through
    ///    friendly pieces is allowed) → not backward; except that its own double step from
    ///    its second rank does not count when an enemy pawn could then take it en passant;
    /// 3. a defending move blocked by an enemy piece: if it is its own advance that is
    ///    blocked, backward; if only a neighbour's, not backward;
    /// 4. otherwise backward if a friendly pawn on an adjacent file stands level with it or
    ///    ahead (advanced far enough it would be defended), else not (it is isolated or
    ///    its neighbours are behind it).
    pub backward: bool,
    /// No enemy pawn ahead of it on its file.
    pub open_file: bool,
}

/// The verdicts on the pawn on `sq`, or `None` if no pawn stands there.
pub fn pawn_verdict(board: &Board, sq: Square) -> Option<PawnVerdict> {
    let piece = board.piece_at(sq)?;
    if piece.role != Role::Pawn {
        return None;
    }
    let color = piece.color;
    let own = board.pawns() & board.by_color(color);
    let enemy_pawns = board.pawns() & board.by_color(!color);
    let file = Bitboard::from_file(sq.file());
    let adjacent = adjacent_files(sq.file());
    let ahead = ranks_ahead(color, sq);
    let on_file = (own & file).count();
    let blockaded = forward(color, sq).is_some_and(|f| board.by_color(!color).contains(f));
    Some(PawnVerdict {
        square: sq,
        color,
        isolated: (own & adjacent).is_empty(),
        doubled: on_file >= 2,
        tripled: on_file >= 3,
        passed: (enemy_pawns & (file | adjacent) & ahead).is_empty(),
        blockaded,
        backward: is_backward(board, color, sq),
        open_file: (enemy_pawns & file & ahead).is_empty(),
    })
}

/// The four-step backward-pawn test of the paper for `color`'s pawn on `sq`.
fn is_backward(board: &Board, color: Color, sq: Square) -> bool {
    use shakmaty::attacks::pawn_attacks;
    let own = board.pawns() & board.by_color(color);
    let enemy = board.by_color(!color);
    let enemy_pawns = board.pawns() & enemy;
    // Squares from which a friendly pawn guards `s`.
    let guards = |s: Square| pawn_attacks(!color, s) & own;

    // 1. Defended by a pawn.
    if guards(sq).any() {
        return false;
    }

    // 2 and 3. Every pawn move that would defend it.
    let mut own_blocked = false; // its own defending advance is blocked by an enemy piece
    let mut neighbour_blocked = false; // a neighbour's defending advance is
    // Its own advance by one.
    if let Some(one) = forward(color, sq) {
        if guards(one).any() {
            if enemy.contains(one) {
                own_blocked = true;
            } else {
                return false;
            }
        }
        // Its own double step from its second rank.
        if relative_rank(color, sq) == 1
            && let Some(two) = forward(color, one)
            && guards(two).any()
        {
            if enemy.contains(one) || enemy.contains(two) {
                own_blocked = true;
            } else {
                let beside = adjacent_files(two.file()) & Bitboard::from_rank(two.rank());
                if (beside & enemy_pawns).is_empty() {
                    return false;
                }
                // The en passant exception: this move does not defend it.
            }
        }
    }
    // A neighbour's advance onto a square that guards it.
    for target in pawn_attacks(!color, sq) {
        let Some(from1) = backward_of(color, target) else {
            continue;
        };
        if own.contains(from1) {
            if enemy.contains(target) {
                neighbour_blocked = true;
            } else {
                return false;
            }
        }
        if relative_rank(color, target) == 3
            && let Some(from2) = backward_of(color, from1)
            && own.contains(from2)
        {
            if enemy.contains(from1) || enemy.contains(target) {
                neighbour_blocked = true;
            } else {
                return false;
            }
        }
    }
    if own_blocked {
        return true;
    }
    if neighbour_blocked {
        return false;
    }

    // 4. Friendly pawns beside or ahead on adjacent files.
    (own & adjacent_files(sq.file()) & ranks_from(color, sq)).any()
}

/// What `color` scores from the pawn structure: its own passed pawns plus the defects of
/// the opponent's pawns (tripled, doubled-and-isolated, isolated, backward).
fn pawn_structure(board: &Board, color: Color, w: &Weights) -> i32 {
    let them = !color;
    let their_pawns = board.pawns() & board.by_color(them);
    let our_pawns = board.pawns() & board.by_color(color);
    let we_have_heavy = (board.rooks_and_queens() & board.by_color(color)).any();
    let mut score = 0;
    // The opponent's pawn defects.
    let mut files_done = Bitboard::EMPTY;
    for sq in their_pawns {
        let Some(v) = pawn_verdict(board, sq) else {
            continue;
        };
        if v.isolated {
            score += w.isolated;
        }
        if v.backward {
            score += if v.open_file || we_have_heavy {
                w.backward_exposed
            } else {
                w.backward
            };
        }
        let file = Bitboard::from_file(sq.file());
        if v.doubled && !files_done.intersects(file) {
            files_done |= file;
            let factor = if (our_pawns & file).is_empty() {
                w.doubled_open_file_factor
            } else {
                1
            };
            if v.tripled {
                score += w.tripled * factor;
            } else if v.isolated {
                score += w.doubled_isolated * factor;
            }
        }
    }
    // Our passed pawns.
    for sq in our_pawns {
        let Some(v) = pawn_verdict(board, sq) else {
            continue;
        };
        if v.passed {
            let value = w.passed[relative_rank(color, sq) as usize];
            score += if v.blockaded {
                value / w.passed_blockaded_divisor
            } else {
                value
            };
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square::*;

    #[test]
    fn rounding_is_symmetric() {
        assert_eq!(div_round(7, 2), 4);
        assert_eq!(div_round(-7, 2), -4);
        assert_eq!(div_round(5, 4), 1);
        assert_eq!(div_round(-5, 4), -1);
        assert_eq!(div_round(0, 3), 0);
    }

    #[test]
    fn ratio_change_is_capped_near_a_bare_king() {
        // Root: rook and pawn against rook; node: the rooks are gone and a knight faces a
        // bare king. Uncapped, (N/T - 1) * M / 4 would be about 700,000.
        let root = Root::new(
            &crate::rules::parse_fen("r3k3/8/1P6/3N4/8/8/8/6K1 w - - 0 1")
                .unwrap()
                .0,
        );
        let w = &WEIGHTS_1967;
        assert_eq!(piece_ratio_change(416 + 128 + 1, 1, &root, w), 256);
        assert_eq!(piece_ratio_change(1, 416 + 128 + 1, &root, w), -256);
    }

    #[test]
    fn ranks_ahead_by_colour() {
        assert_eq!(
            ranks_ahead(Color::White, E7),
            Bitboard::from_rank(shakmaty::Rank::Eighth)
        );
        assert_eq!(ranks_ahead(Color::White, E8), Bitboard::EMPTY);
        assert_eq!(
            ranks_ahead(Color::Black, E2),
            Bitboard::from_rank(shakmaty::Rank::First)
        );
        assert_eq!(ranks_ahead(Color::Black, E1), Bitboard::EMPTY);
        assert_eq!(ranks_ahead(Color::White, A1).count(), 56);
    }

    #[test]
    fn one_sides_starting_material_is_m() {
        let root = Root::new(&Chess::default());
        assert_eq!(root.white(), 5281);
        assert_eq!(root.black(), WEIGHTS_1967.ratio_material as i32);
    }

    #[test]
    fn centre_mask_is_the_four_squares() {
        assert_eq!(CENTRE, Bitboard::from_iter([D4, E4, D5, E5]));
    }
}
