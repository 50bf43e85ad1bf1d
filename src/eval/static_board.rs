//! The static board evaluator of 1967 (docs/design.md §3): S = B + R + P + K + C, from White's
//! point of view, in units where a pawn is 128.
//!
//! - **B**, material: Table 2 of the paper (P 128, N 416, B 448, R 640, Q 1248).
//! - **R**, piece-ratio change: R = (N / T − 1) · M / 4, N and T the ratios of White's to
//!   Black's material (king valued 1) at this node and at the root, M = 5281 one side's
//!   starting material. The paper's printed formula is garbled; this is our
//!   reconstruction. It is computed exactly in integers and rounded to nearest (halves away
//!   from zero). As the paper says, it is *slightly asymmetric with respect to colour*:
//!   swapping colours turns N/T into T/N, so the flipped R is −R · T/N, not −R (White three
//!   pawns up, Q×Q: +33 for White, but −32 with the colours swapped).
//! - **P**, pawn structure, each side scoring for the other's tripled pawns (doubled only
//!   when also isolated), isolated and backward pawns, and for its own passed pawns, with
//!   the paper's definitions (see [`PawnVerdict`]) and our weights.
//! - **K**, king safety, only while both queens are on: 8 × the rank of the black king
//!   (from Black's side) − 8 × the rank of the white king (from White's side).
//! - **C**, centre control: ±1 for the side alone in having pawns on d4/e4/d5/e5.
//!
//! Every number lives in one tuning table, [`Weights`]; [`WEIGHTS_1967`] is the 1967
//! profile. Allocation-free.

use shakmaty::{Bitboard, Board, Chess, Color, Position, Role};

#[cfg(doc)]
use super::pawns::PawnVerdict;
use super::pawns::pawn_verdict;
use super::piece_value;

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

/// The 1967 profile: the paper's formulas, docs/design.md §3's choice where the paper gives no
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
/// (4 · black · root_white), rounded and held within ±`ratio_cap`. A side with no material at all
/// (no king either) counts as 1 so the ratios stay defined.
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
        Some(k) => color.relative_rank(k.rank()) as i32 + 1,
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
            let value = w.passed[color.relative_rank(sq.rank()) as usize];
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
