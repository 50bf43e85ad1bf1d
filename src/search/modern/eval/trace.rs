//! The evaluation as feature counts: for one position, how many times each weight of the
//! table was added (White minus Black), with the phase and endgame scale that blend them.
//! The evaluation is then `Σ count × weight`, tapered: the terms the debugging aids show
//! come from it, and the tuner (`crate::train::tune`) fits the weights on many traces
//! without evaluating a board again.

use serde::Serialize;
use shakmaty::{Chess, Position};

use super::table::S;
use super::{
    DEFAULT, FULL_SCALE, MAX_PHASE, Sink, Sum, Weights, endgame_scale, phase, taper, terms,
};

/// The table with each pair replaced by its own position in the table's order: choosing a
/// weight from it gives the weight's index.
pub fn indices() -> Weights {
    let mut table = DEFAULT.clone();
    let mut i = 0i16;
    table.visit_mut(&mut |s| {
        *s = S(i, 0);
        i += 1;
    });
    table
}

/// One position's features.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trace {
    /// (weight index, count) for every weight with a non-zero count, by index.
    pub features: Vec<(u16, i16)>,
    /// The game phase, 0 ..= [`MAX_PHASE`].
    pub phase: u8,
    /// The endgame scale in 128ths (decided with the weights the trace was taken with,
    /// which tell the side ahead).
    pub scale: u8,
}

/// The sink that records which weight each term chose.
struct Recorder<'w> {
    index: &'w Weights,
    features: Vec<(u16, i16)>,
}

impl Sink for Recorder<'_> {
    fn add(&mut self, n: i32, pick: impl Fn(&Weights) -> S) {
        if n != 0 {
            let i = pick(self.index).0 as u16;
            self.features.push((i, n as i16));
        }
    }
}

impl Trace {
    /// The features of `pos`; `index` comes from [`indices`], `weights` decide the
    /// endgame scale (which side is ahead).
    pub fn of(pos: &Chess, index: &Weights, weights: &Weights) -> Trace {
        let mut recorder = Recorder {
            index,
            features: Vec::with_capacity(96),
        };
        terms(pos, &mut recorder);
        let mut features = recorder.features;
        features.sort_unstable_by_key(|&(i, _)| i);
        let mut merged: Vec<(u16, i16)> = Vec::with_capacity(features.len());
        for (i, n) in features {
            match merged.last_mut() {
                Some((j, m)) if *j == i => *m += n,
                _ => merged.push((i, n)),
            }
        }
        merged.retain(|&(_, n)| n != 0);
        let mut sum = Sum {
            weights,
            mg: 0,
            eg: 0,
        };
        terms(pos, &mut sum);
        let board = pos.board();
        let phase = phase(board);
        let blended = taper(sum.mg, sum.eg, phase);
        Trace {
            features: merged,
            phase: phase as u8,
            scale: endgame_scale(board, blended, weights) as u8,
        }
    }

    /// The count of the weight at `index` (0 when absent).
    pub fn count(&self, index: usize) -> i32 {
        self.features
            .iter()
            .find(|&&(i, _)| usize::from(i) == index)
            .map_or(0, |&(_, n)| i32::from(n))
    }

    /// The evaluation (White's point of view, centipawns, unrounded) with the flat weights
    /// `w`: `w[i]` is the (middlegame, endgame) pair at index `i`.
    pub fn evaluate(&self, w: &[[f64; 2]]) -> f64 {
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(i, n) in &self.features {
            let [m, e] = w[usize::from(i)];
            mg += f64::from(n) * m;
            eg += f64::from(n) * e;
        }
        let (mg_share, eg_share) = self.shares();
        mg * mg_share + eg * eg_share
    }

    /// How much the middlegame and the endgame sums count in the evaluation.
    pub fn shares(&self) -> (f64, f64) {
        let p = f64::from(self.phase) / f64::from(MAX_PHASE);
        let s = f64::from(self.scale) / f64::from(FULL_SCALE);
        (p * s, (1.0 - p) * s)
    }
}

/// One field of the weight table in one position's evaluation (White's point of view,
/// centipawns): its middlegame and endgame sums, and what it adds to the evaluation once
/// they are blended by the phase and the endgame scale.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Term {
    pub name: &'static str,
    pub mg: i32,
    pub eg: i32,
    /// Written to a hundredth of a centipawn: the blend's binary fractions (293.66666666666663)
    /// say nothing more.
    #[serde(serialize_with = "hundredths")]
    pub value: f64,
}

fn hundredths<S: serde::Serializer>(v: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64((v * 100.0).round() / 100.0)
}

impl Trace {
    /// The traced evaluation split by the fields of the table, weighed with `weights`:
    /// every field with a feature, in the table's order. The values add up to
    /// [`Trace::evaluate`].
    pub fn terms(&self, weights: &Weights) -> Vec<Term> {
        let flat = flatten(weights);
        // The field each pair of the flat table belongs to.
        let owners: Vec<&'static str> = (Weights::FIELDS.iter())
            .flat_map(|&(name, len)| std::iter::repeat_n(name, len))
            .collect();
        let (mg_share, eg_share) = self.shares();
        let mut terms: Vec<Term> = Vec::new();
        for &(i, n) in &self.features {
            let (name, [m, e]) = (owners[usize::from(i)], flat[usize::from(i)]);
            if terms.last().is_none_or(|t| t.name != name) {
                terms.push(Term {
                    name,
                    mg: 0,
                    eg: 0,
                    value: 0.0,
                });
            }
            if let Some(t) = terms.last_mut() {
                t.mg += i32::from(n) * m as i32;
                t.eg += i32::from(n) * e as i32;
                t.value = f64::from(t.mg) * mg_share + f64::from(t.eg) * eg_share;
            }
        }
        terms
    }
}

/// The table as a flat list of pairs in its fixed order.
pub fn flatten(w: &Weights) -> Vec<[f64; 2]> {
    let mut flat = Vec::with_capacity(Weights::LEN);
    w.visit(&mut |s| flat.push([f64::from(s.0), f64::from(s.1)]));
    flat
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_term_is_written_to_a_hundredth() {
        let t = Term {
            name: "pst",
            mg: 881,
            eg: 0,
            value: 881.0 / 3.0,
        };
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(json, r#"{"name":"pst","mg":881,"eg":0,"value":293.67}"#);
    }
    use crate::rules::testing::epd_positions;
    use crate::search::modern::eval::evaluate_with;
    use shakmaty::Color;

    #[test]
    fn indices_number_every_pair_once() {
        let flat = flatten(&indices());
        assert_eq!(flat.len(), Weights::LEN);
        assert!(flat.iter().enumerate().all(|(i, p)| p[0] == i as f64));
    }

    #[test]
    fn the_trace_evaluates_like_the_evaluation() {
        let index = indices();
        let flat = flatten(&DEFAULT);
        for pos in epd_positions() {
            let t = Trace::of(&pos, &index, &DEFAULT);
            let white = t.evaluate(&flat);
            let direct = evaluate_with(&pos, &DEFAULT);
            let direct = f64::from(pos.turn().fold_wb(direct, -direct));
            assert!((white - direct).abs() <= 2.0, "{white} vs {direct}");
        }
    }

    #[test]
    fn the_terms_add_up_to_the_evaluation() {
        let index = indices();
        let flat = flatten(&DEFAULT);
        for pos in epd_positions().iter().step_by(7) {
            let t = Trace::of(pos, &index, &DEFAULT);
            let terms = t.terms(&DEFAULT);
            let sum: f64 = terms.iter().map(|t| t.value).sum();
            assert!((sum - t.evaluate(&flat)).abs() < 1e-6, "{sum}");
            let names: Vec<&str> = terms.iter().map(|t| t.name).collect();
            let mut unique = names.clone();
            unique.dedup();
            assert_eq!(names, unique, "one term per field");
        }
        let fen = "4k3/8/8/8/8/2N5/1N6/4K3 w - - 0 1";
        let (pos, _) = crate::rules::parse_fen(fen).unwrap();
        let terms = Trace::of(&pos, &index, &DEFAULT).terms(&DEFAULT);
        let material = terms.iter().find(|t| t.name == "material").unwrap();
        assert_eq!(
            (material.mg, material.eg),
            (2 * DEFAULT.material[1].mg(), 2 * DEFAULT.material[1].eg())
        );
        assert!(terms.iter().any(|t| t.name == "knight_mobility"));
    }

    #[test]
    fn the_fields_cover_the_table() {
        let pairs: usize = Weights::FIELDS.iter().map(|&(_, len)| len).sum();
        assert_eq!(pairs, Weights::LEN);
        assert_eq!(Weights::FIELDS[0], ("material", 5));
    }

    #[test]
    fn counts_are_white_minus_black() {
        let index = indices();
        let start = Trace::of(&Chess::default(), &index, &DEFAULT);
        // Only the tempo survives at the start; material and squares cancel.
        assert_eq!(start.features, vec![(index.tempo.0 as u16, 1)]);
        let black_to_move = Chess::default().swap_turn().expect("legal");
        let t = Trace::of(&black_to_move, &index, &DEFAULT);
        assert_eq!(t.count(index.tempo.0 as usize), Color::Black.fold_wb(1, -1));
    }
}
