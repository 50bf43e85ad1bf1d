//! Playing strength levels (`UCI_LimitStrength`, `UCI_Elo`): the modern search made
//! weaker the way a weaker player is, not by random blunders. A level gives the search a
//! node budget per move (it sees less deep) and blurs its evaluation by a fixed amount per
//! position (it judges positions less well); the search itself is unchanged, so its moves
//! stay the best it can find within what it sees.
//!
//! Labels up to [`HAND_WRITTEN_UP_TO`] judge positions by the hand-written evaluation
//! alone, as when they were calibrated; stronger labels add the evaluation network.
//!
//! The labels aim at Stockfish's `UCI_Elo` scale: the anchors in [`ANCHORS`] are placed by
//! matches at 10+0.1 against Stockfish at the same `UCI_Elo` (below its lowest, 1350, by
//! the score against that level); docs/strength.md gives the matches and their figures.

use crate::search::interface::{MAX_ELO, MIN_ELO};

/// Labels up to this one leave the evaluation network out.
pub const HAND_WRITTEN_UP_TO: u32 = 2400;

/// One calibrated level: its label, the nodes a move may search, the evaluation's blur
/// (each position's value moved by up to this many centipawns either way) and whether
/// the evaluation network judges with the hand-written evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    pub elo: u32,
    pub nodes: u64,
    pub blur: i32,
    pub network: bool,
}

/// The calibrated levels, weakest first (docs/strength.md has the matches behind each).
/// Between two, the node budget grows geometrically and the blur shrinks linearly with the
/// label. At 10+0.1 the clock, not the budget, holds the search from about 2300 up.
pub const ANCHORS: &[Level] = &[
    Level {
        elo: 1000,
        nodes: 170,
        blur: 172,
        network: false,
    },
    Level {
        elo: 1350,
        nodes: 500,
        blur: 90,
        network: false,
    },
    Level {
        elo: 1800,
        nodes: 3_800,
        blur: 34,
        network: false,
    },
    Level {
        elo: 2000,
        nodes: 18_000,
        blur: 17,
        network: false,
    },
    Level {
        elo: 2200,
        nodes: 150_000,
        blur: 0,
        network: false,
    },
    Level {
        elo: 2400,
        nodes: 500_000,
        blur: 0,
        network: false,
    },
    // The top label is full strength at 10+0.1 (the clock holds the search before the
    // budget); at slower controls the budget keeps it near its label. A label above it
    // would be full strength at fast controls too, and would not play within 100 of it.
    Level {
        elo: 2500,
        nodes: 707_107,
        blur: 0,
        network: true,
    },
];

/// The level labelled `elo` (clamped to the table's range).
pub fn level(elo: u32) -> Level {
    let elo = elo.clamp(MIN_ELO, MAX_ELO);
    let upper = ANCHORS
        .iter()
        .position(|a| a.elo >= elo)
        .unwrap_or(ANCHORS.len() - 1);
    let (lo, hi) = (ANCHORS[upper.saturating_sub(1)], ANCHORS[upper]);
    if hi.elo == lo.elo || elo == hi.elo {
        return hi;
    }
    let t = f64::from(elo - lo.elo) / f64::from(hi.elo - lo.elo);
    let nodes = (lo.nodes as f64).ln() * (1.0 - t) + (hi.nodes as f64).ln() * t;
    Level {
        elo,
        nodes: nodes.exp().round() as u64,
        blur: (f64::from(lo.blur) * (1.0 - t) + f64::from(hi.blur) * t).round() as i32,
        network: elo > HAND_WRITTEN_UP_TO,
    }
}

/// The blur of the position with Zobrist key `key`: a fixed value in `-blur..=blur`, the
/// same every time the position is seen (so the transposition table stays consistent).
#[inline]
pub fn blur(key: u64, blur: i32) -> i32 {
    if blur == 0 {
        return 0;
    }
    let span = 2 * blur as u64 + 1;
    (mix(key) % span) as i32 - blur
}

/// SplitMix64's step: neighbouring inputs get unrelated outputs (the blur of a position,
/// the random openings of self-play).
#[inline]
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_anchors_span_the_strengths_a_search_may_be_asked_for() {
        assert_eq!(ANCHORS[0].elo, MIN_ELO);
        assert_eq!(ANCHORS.last().map(|a| a.elo), Some(MAX_ELO));
        assert!(ANCHORS.windows(2).all(|w| w[0].elo < w[1].elo));
    }

    #[test]
    fn anchors_are_returned_as_they_are_and_the_range_is_clamped() {
        for a in ANCHORS {
            assert_eq!(level(a.elo), *a);
        }
        assert_eq!(level(0), ANCHORS[0]);
        assert_eq!(level(9999), *ANCHORS.last().unwrap());
    }

    #[test]
    fn stronger_labels_search_more_and_blur_less() {
        let mut last = level(MIN_ELO);
        for elo in (MIN_ELO..=MAX_ELO).step_by(25) {
            let l = level(elo);
            assert!(l.nodes >= last.nodes && l.blur <= last.blur, "{elo}: {l:?}");
            last = l;
        }
        let (lo, hi) = (ANCHORS[1], ANCHORS[2]);
        let mid = level((lo.elo + hi.elo) / 2);
        assert!(mid.nodes > lo.nodes && mid.nodes < hi.nodes, "{mid:?}");
    }

    #[test]
    fn only_labels_above_the_hand_written_range_use_the_network() {
        assert!(!level(HAND_WRITTEN_UP_TO).network && !level(MIN_ELO).network);
        assert!(level(HAND_WRITTEN_UP_TO + 1).network && level(MAX_ELO).network);
        assert!(
            ANCHORS
                .iter()
                .all(|a| a.network == (a.elo > HAND_WRITTEN_UP_TO))
        );
    }

    #[test]
    fn blur_is_fixed_per_position_and_spans_its_range() {
        assert_eq!(blur(12345, 0), 0);
        assert_eq!(blur(12345, 100), blur(12345, 100));
        let values: Vec<i32> = (0..2000u64).map(|k| blur(k, 100)).collect();
        assert!(values.iter().all(|v| (-100..=100).contains(v)));
        assert!(values.iter().any(|&v| v > 80) && values.iter().any(|&v| v < -80));
        let mean = values.iter().sum::<i32>() as f64 / values.len() as f64;
        assert!(mean.abs() < 10.0, "{mean}");
    }
}
