//! Win, draw and loss chances from a score, for UCI's `wdl W D L` (`UCI_ShowWDL`).
//!
//! The model is a logistic in the score, one for each side: the side to move wins with
//! chance `σ((v − MARGIN) / SCALE)` and loses with `σ((−v − MARGIN) / SCALE)`, and the
//! rest is the draw. At 0 the game is a draw about three times in four; one pawn up is an
//! even chance of winning; three pawns up wins nearly always. The two constants are a
//! plausible shape, not a fit to games: no one has measured machack's scores against
//! results yet. A mate found is a win or a loss outright.

use crate::score::Score;

/// Knobs of the model, in 1967 units (pawn = 128).
pub mod knobs {
    /// The score at which a win becomes as likely as not.
    pub const MARGIN: f64 = 128.0;
    /// How fast the chance changes with the score: a pawn is two units of the logistic.
    pub const SCALE: f64 = 64.0;
}

/// Win, draw and loss per mille for the side to move; the three sum to 1000.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wdl {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
}

impl Wdl {
    /// The chances the model gives `score`.
    pub fn from_score(score: Score) -> Wdl {
        let (win, loss) = match score {
            Score::Mate(n) if n > 0 => (1000, 0),
            Score::Mate(_) => (0, 1000),
            Score::Value(v) => (per_mille(v), per_mille(-v)),
        };
        // The two logistics sum below 1 because MARGIN > 0, so the draw is never negative.
        Wdl {
            win,
            draw: 1000 - win - loss,
            loss,
        }
    }
}

/// The chance per mille of winning with score `v`.
fn per_mille(v: i32) -> u32 {
    let x = (f64::from(v) - knobs::MARGIN) / knobs::SCALE;
    (1000.0 / (1.0 + (-x).exp())).round() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_sum_to_1000_and_follow_the_score() {
        let mut last_win = 0;
        for v in (-100_000..=100_000).step_by(97) {
            let w = Wdl::from_score(Score::Value(v));
            assert_eq!(w.win + w.draw + w.loss, 1000, "{v}");
            assert!(w.win >= last_win, "{v}");
            last_win = w.win;
        }
        let even = Wdl::from_score(Score::Value(0));
        assert_eq!(even.win, even.loss);
        assert!(even.draw > 700, "{even:?}");
        assert_eq!(Wdl::from_score(Score::Value(128)).win, 500);
        assert_eq!(
            Wdl::from_score(Score::Mate(3)),
            Wdl {
                win: 1000,
                draw: 0,
                loss: 0
            }
        );
        assert_eq!(Wdl::from_score(Score::Mate(-2)).loss, 1000);
    }
}
