//! The modern profile's evaluation: the 1967 evaluator's ideas (material, mobility, centre,
//! pawn structure, king safety) grown into tapered middlegame/endgame terms.
//!
//! The score is linear in the weights: every term adds `count × weight` for White and
//! subtracts it for Black, through a [`Sink`]. Playing, the sink sums the weights; tuning,
//! it records the counts (a trace), so the tuner can fit the whole table at once. The two
//! sums, middlegame and endgame, are blended by the game phase (how much non-pawn material
//! is left). Nothing here allocates.

mod bits;
mod endgame;
mod king;
mod pawns;
mod pieces;
pub mod table;
mod threats;
pub mod trace;
pub mod weights;

use shakmaty::{Board, Chess, Color, Position, Role, Square};

pub use endgame::FULL_SCALE;
pub use table::{S, Scale};
pub use weights::{DEFAULT, Weights};

/// The phase when every piece is on the board: knights and bishops count 1, rooks 2,
/// queens 4.
pub const MAX_PHASE: i32 = 24;

/// Receives the evaluation's terms: `n` times the weight `pick` chooses from the table,
/// `n` positive for White and negative for Black.
pub trait Sink {
    /// Adds one term.
    fn add(&mut self, n: i32, pick: impl Fn(&Weights) -> S);
}

/// The sink that plays: sums the chosen weights.
struct Sum<'w> {
    weights: &'w Weights,
    mg: i32,
    eg: i32,
}

impl Sink for Sum<'_> {
    #[inline(always)]
    fn add(&mut self, n: i32, pick: impl Fn(&Weights) -> S) {
        let s = pick(self.weights);
        self.mg += n * s.mg();
        self.eg += n * s.eg();
    }
}

/// The static evaluation of `pos` in centipawns for the side to move, with the
/// engine's weights.
pub fn evaluate(pos: &Chess) -> i32 {
    evaluate_with(pos, &DEFAULT)
}

/// The static evaluation of `pos` in centipawns for the side to move, with the weights `w`.
pub fn evaluate_with(pos: &Chess, w: &Weights) -> i32 {
    let mut sum = Sum {
        weights: w,
        mg: 0,
        eg: 0,
    };
    terms(pos, &mut sum);
    let board = pos.board();
    let blended = taper(sum.mg, sum.eg, phase(board));
    let white = blended * endgame_scale(board, blended, w) / FULL_SCALE;
    match pos.turn() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// Every term of the evaluation, from White's point of view, into `sink`.
pub fn terms(pos: &Chess, sink: &mut impl Sink) {
    let board = pos.board();
    sink.add(pos.turn().fold_wb(1, -1), |w| w.tempo);
    material_and_squares(board, sink);
    let mut attacks = pieces::pawn_and_king_attacks(board);
    for color in Color::ALL {
        pawns::structure(board, color, sink);
        pieces::pieces(board, color, &mut attacks, sink);
    }
    for color in Color::ALL {
        pawns::passed(board, color, pos.turn(), attacks.get(!color).all, sink);
        king::safety(board, color, &attacks, sink);
        threats::threats(board, color, &attacks, sink);
    }
}

/// How much of the score `white` (White's point of view) counts, in 128ths: less when the
/// side it favours has drawn material.
pub fn endgame_scale(board: &Board, white: i32, w: &Weights) -> i32 {
    let strong = if white >= 0 {
        Color::White
    } else {
        Color::Black
    };
    endgame::scale(board, strong, w)
}

/// Material and piece-square terms of every piece.
fn material_and_squares(board: &Board, sink: &mut impl Sink) {
    for color in Color::ALL {
        let sign = color.fold_wb(1, -1);
        let ours = board.by_color(color);
        for (i, role) in Role::ALL.into_iter().enumerate() {
            for sq in board.by_role(role) & ours {
                if role != Role::King {
                    sink.add(sign, |w| w.material[i]);
                }
                let own = own_square(color, sq);
                sink.add(sign, |w| w.pst[i][own]);
            }
        }
    }
}

/// The game phase of `board`, from 0 (no pieces, only kings and pawns) to [`MAX_PHASE`].
pub fn phase(board: &Board) -> i32 {
    let minors = (board.knights() | board.bishops()).count() as i32;
    let rooks = board.rooks().count() as i32;
    let queens = board.queens().count() as i32;
    (minors + 2 * rooks + 4 * queens).min(MAX_PHASE)
}

/// Blends the middlegame and endgame sums by the phase.
pub fn taper(mg: i32, eg: i32, phase: i32) -> i32 {
    (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE
}

/// The piece-square index of `sq` for a piece of `color`: the square seen from its own
/// side (a8 for a black piece on a1).
fn own_square(color: Color, sq: Square) -> usize {
    color.fold_wb(sq, sq.flip_vertical()) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{epd_positions, pos};
    use shakmaty::{CastlingMode, EnPassantMode, FromSetup};

    /// How many times (White minus Black) the evaluation of `fen` adds the weight `pick`
    /// chooses.
    pub(super) fn count(fen: &str, pick: impl Fn(&Weights) -> S) -> i32 {
        let index = trace::indices();
        let t = trace::Trace::of(&pos(fen), &index, &DEFAULT);
        t.count(pick(&index).0 as usize)
    }

    /// A FEN, a weight of the table, and how many times the evaluation of the FEN adds
    /// the weight (see [`count`]).
    pub(super) type Counted = (&'static str, fn(&Weights) -> S, i32);

    /// Asserts the count of each case.
    pub(super) fn assert_counts(cases: &[Counted]) {
        for (i, &(fen, pick, want)) in cases.iter().enumerate() {
            assert_eq!(count(fen, pick), want, "case {i}: {fen}");
        }
    }

    /// The evaluation of `fen` from White's point of view.
    pub(super) fn white_score(fen: &str) -> i32 {
        let p = pos(fen);
        p.turn().fold_wb(1, -1) * evaluate(&p)
    }

    /// The same position with colours swapped and the board flipped.
    fn mirrored(pos: &Chess) -> Chess {
        let mut setup = pos.to_setup(EnPassantMode::Legal);
        setup.mirror();
        match Chess::from_setup(setup, CastlingMode::Standard) {
            Ok(p) => p,
            Err(e) => e
                .ignore_impossible_check()
                .expect("a mirrored legal position"),
        }
    }

    #[test]
    fn the_start_is_the_tempo() {
        let start = evaluate(&Chess::default());
        assert_eq!(
            start,
            taper(DEFAULT.tempo.mg(), DEFAULT.tempo.eg(), MAX_PHASE)
        );
    }

    #[test]
    fn colour_flipped_positions_score_the_same() {
        let all = epd_positions();
        assert!(all.len() > 1000);
        for p in &all {
            assert_eq!(evaluate(p), evaluate(&mirrored(p)), "{:?}", p.board());
        }
    }

    #[test]
    fn an_extra_piece_counts_for_its_side() {
        let missing_knight = pos("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(evaluate(&missing_knight) > 250);
        assert!(evaluate(&missing_knight.clone().swap_turn().unwrap()) < -250);
    }

    #[test]
    fn material_and_squares_count_per_piece() {
        let fen = "4k3/8/8/8/8/2N5/1N6/4K3 w - - 0 1";
        assert_eq!(count(fen, |w| w.material[1]), 2);
        assert_eq!(count(fen, |w| w.pst[1][Square::B2 as usize]), 1);
        assert_eq!(count(fen, |w| w.pst[1][Square::C3 as usize]), 1);
        // The kings stand on mirrored squares and cancel.
        assert_eq!(count(fen, |w| w.pst[5][Square::E1 as usize]), 0);
        // A black knight on c6 is a white one on c3.
        let fen = "4k3/8/2n5/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(count(fen, |w| w.pst[1][Square::C3 as usize]), -1);
    }

    #[test]
    fn bare_kings_and_a_lone_minor_are_dead_draws() {
        assert_eq!(white_score("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), 0);
        assert_eq!(white_score("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), 0);
        assert!(white_score("4k3/8/8/8/8/8/4P3/2B1K3 w - - 0 1") > 200);
    }

    #[test]
    fn phase_runs_from_full_to_bare() {
        assert_eq!(phase(Chess::default().board()), MAX_PHASE);
        assert_eq!(
            phase(pos("4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1").board()),
            0
        );
        assert_eq!(taper(100, 20, MAX_PHASE), 100);
        assert_eq!(taper(100, 20, 0), 20);
    }
}

#[cfg(test)]
mod timing {
    use super::*;

    /// Prints the time per call over the test data's positions (`cargo test --release --lib
    /// eval::timing -- --ignored --nocapture`); the target is well under 1 µs.
    #[test]
    #[ignore = "a measurement, not a check"]
    fn time_per_evaluation() {
        let all = crate::rules::testing::epd_positions();
        let rounds = 200;
        let start = std::time::Instant::now();
        let mut total = 0i64;
        for _ in 0..rounds {
            for p in &all {
                total += i64::from(evaluate(std::hint::black_box(p)));
            }
        }
        let per_call = start.elapsed().as_nanos() / (rounds * all.len()) as u128;
        println!(
            "{per_call} ns per evaluation over {} positions ({total})",
            all.len()
        );
    }
}
