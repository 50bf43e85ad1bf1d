//! The modern profile's evaluation: the 1967 evaluator's ideas (material, mobility, centre,
//! pawn structure, king safety) grown into tapered middlegame/endgame terms.
//!
//! The score is linear in the weights: every term adds `count × weight` for White and
//! subtracts it for Black, through a [`Sink`]. Playing, the sink sums the weights; tuning,
//! it records the counts (a trace), so the tuner can fit the whole table at once. The two
//! sums, middlegame and endgame, are blended by the game phase (how much non-pawn material
//! is left). Nothing here allocates.

pub mod table;
pub mod weights;

use shakmaty::{Board, Chess, Color, Position, Role, Square};

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
    let board = pos.board();
    let mut sum = Sum {
        weights: w,
        mg: 0,
        eg: 0,
    };
    terms(board, &mut sum);
    let white = taper(sum.mg, sum.eg, phase(board));
    match pos.turn() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// Every term of the evaluation, from White's point of view, into `sink`.
pub fn terms(board: &Board, sink: &mut impl Sink) {
    for color in Color::ALL {
        let sign = color.fold_wb(1, -1);
        let ours = board.by_color(color);
        for (i, role) in Role::ALL.into_iter().enumerate() {
            for sq in board.by_role(role) & ours {
                if role != Role::King {
                    sink.add(sign, |w| w.material[i]);
                }
                let h = half_board(color, sq);
                sink.add(sign, |w| w.pst[i][h]);
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

/// The piece-square index of `sq` for a piece of `color`: ranks counted from its own side,
/// files e–h folded onto d–a.
fn half_board(color: Color, sq: Square) -> usize {
    let sq = color.fold_wb(sq, sq.flip_vertical());
    let file = sq.file() as usize;
    4 * sq.rank() as usize + file.min(7 - file)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;
    use shakmaty::{CastlingMode, EnPassantMode, FromSetup};

    fn pos(fen: &str) -> Chess {
        parse_fen(fen).expect("a legal FEN").0
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

    /// Every position of the test data's EPD files.
    fn epd_positions() -> Vec<Chess> {
        [
            include_str!("../../../../tests/data/perftsuite.epd"),
            include_str!("../../../../tests/data/wac.epd"),
            include_str!("../../../../tests/data/game_only_moves.epd"),
        ]
        .iter()
        .flat_map(|text| text.lines())
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let fields: Vec<&str> = l.split_whitespace().take(4).collect();
            pos(&format!("{} 0 1", fields.join(" ")))
        })
        .collect()
    }

    #[test]
    fn the_start_is_level() {
        assert_eq!(evaluate(&Chess::default()), 0);
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
