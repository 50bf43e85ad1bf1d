//! The tuner (Texel's method): fit the static evaluation to game results.
//!
//! Each sample is a position with the result of the game it came from (1, ½ or 0 for
//! White). The evaluation `e` (White's point of view) predicts the result as
//! `σ(e) = 1 / (1 + 10^(−K·e/400))`; the tuner first fits `K` to the starting weights, then
//! moves every weight of the table by gradient descent (Adam) to lower the mean squared
//! error between prediction and result. A sample may also carry the score the search gave
//! its position; with a score weight `λ`, the positions fitted aim at
//! `λ·σ(score) + (1 − λ)·result` instead, a target less noisy than one game's result (the
//! positions held back are still checked against the results alone). Since the evaluation
//! is `Σ count × weight`, tapered, each sample is kept as its trace of feature counts
//! (`eval::trace`) and no board is evaluated again. The result is printed back as the Rust
//! source of `weights.rs`'s `DEFAULT`.

use super::data::{self, DataError};
use crate::search::modern::eval::trace::{Trace, flatten, indices};
use crate::search::modern::eval::{S, Weights};

/// The weight table the engine was built with, where tuning starts.
pub use crate::search::modern::eval::DEFAULT;

/// One training position: its features and the game's result for White.
#[derive(Debug, Clone)]
pub struct Sample {
    pub trace: Trace,
    /// 1 for a White win, 0.5 for a draw, 0 for a Black win.
    pub result: f64,
    /// The search's score of the position in centipawns for White, when the data has one.
    pub score: Option<f64>,
}

/// Reads the samples of `text` (the lines of [`data`]); `weights` decide each position's
/// endgame scale.
pub fn read_samples(text: &str, weights: &Weights) -> Result<Vec<Sample>, DataError> {
    let index = indices();
    data::read(text, |pos, result, score| Sample {
        trace: Trace::of(pos, &index, weights),
        result,
        score: score.map(f64::from),
    })
}

/// `base` with its pairs replaced, in order, by `flat` rounded to whole centipawns.
pub fn unflatten(base: &Weights, flat: &[[f64; 2]]) -> Weights {
    let mut w = base.clone();
    let mut it = flat.iter();
    w.visit_mut(&mut |s| {
        if let Some(&[m, e]) = it.next() {
            *s = S(round_i16(m), round_i16(e));
        }
    });
    w
}

/// `x` rounded to the nearest i16.
fn round_i16(x: f64) -> i16 {
    x.round().clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16
}

/// The predicted result of an evaluation `e` with the scaling constant `k`.
fn sigmoid(e: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// The mean squared error of the predictions with the flat weights `w`.
pub fn mean_squared_error(samples: &[Sample], w: &[[f64; 2]], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (sigmoid(s.trace.evaluate(w), k) - s.result).powi(2))
        .sum();
    total / samples.len().max(1) as f64
}

/// The `K` that makes the weights `w` predict the results best (golden-section search).
pub fn fit_k(samples: &[Sample], w: &[[f64; 2]]) -> f64 {
    let evals: Vec<(f64, f64)> = samples
        .iter()
        .map(|s| (s.trace.evaluate(w), s.result))
        .collect();
    let error = |k: f64| -> f64 {
        evals
            .iter()
            .map(|&(e, r)| (sigmoid(e, k) - r).powi(2))
            .sum()
    };
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0.01, 10.0);
    for _ in 0..80 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// How the descent runs.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// Passes over the whole data.
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub rate: f64,
    /// How strongly each weight is held to its starting value: the error fitted grows by
    /// `prior × (change / 100 cp)²` for every weight. Without it a weight that few
    /// positions use (a knight's square in a corner) swings by hundreds of centipawns to
    /// fit the noise of those few games.
    pub prior: f64,
    /// The share of the search's score in the target of a sample that has one (0: the
    /// result alone).
    pub score_weight: f64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            epochs: 1000,
            rate: 1.0,
            prior: 0.0,
            score_weight: 0.0,
        }
    }
}

/// The gradient of the fitted error with respect to every weight: the mean squared error
/// plus the prior's pull towards `start`.
fn gradient(
    samples: &[Sample],
    (w, start): (&[[f64; 2]], &[[f64; 2]]),
    k: f64,
    prior: f64,
    grad: &mut [[f64; 2]],
) {
    grad.iter_mut().for_each(|g| *g = [0.0, 0.0]);
    let c = k * std::f64::consts::LN_10 / 400.0;
    for s in samples {
        let p = sigmoid(s.trace.evaluate(w), k);
        let d = 2.0 * (p - s.result) * c * p * (1.0 - p);
        let (mg, eg) = s.trace.shares();
        for &(i, n) in &s.trace.features {
            let g = &mut grad[usize::from(i)];
            g[0] += d * f64::from(n) * mg;
            g[1] += d * f64::from(n) * eg;
        }
    }
    let scale = 1.0 / samples.len().max(1) as f64;
    let pull = 2.0 * prior / (100.0 * 100.0);
    for ((g, wi), si) in grad.iter_mut().zip(w).zip(start) {
        for j in 0..2 {
            g[j] = g[j] * scale + pull * (wi[j] - si[j]);
        }
    }
}

/// Moves the flat weights `w` downhill for `settings.epochs` passes (Adam); calls
/// `progress(epoch, w)` every 50 epochs and at the end.
pub fn descend(
    samples: &[Sample],
    w: &mut [[f64; 2]],
    k: f64,
    settings: Settings,
    progress: &mut dyn FnMut(usize, &[[f64; 2]]),
) {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-12;
    let start = w.to_vec();
    let mut grad = vec![[0.0; 2]; w.len()];
    let mut m = vec![[0.0; 2]; w.len()];
    let mut v = vec![[0.0; 2]; w.len()];
    for epoch in 1..=settings.epochs {
        gradient(samples, (w, &start), k, settings.prior, &mut grad);
        let t = epoch as i32;
        let (c1, c2) = (1.0 - BETA1.powi(t), 1.0 - BETA2.powi(t));
        for (((wi, gi), mi), vi) in w.iter_mut().zip(&grad).zip(&mut m).zip(&mut v) {
            for j in 0..2 {
                mi[j] = BETA1 * mi[j] + (1.0 - BETA1) * gi[j];
                vi[j] = BETA2 * vi[j] + (1.0 - BETA2) * gi[j] * gi[j];
                wi[j] -= settings.rate * (mi[j] / c1) / ((vi[j] / c2).sqrt() + EPSILON);
            }
        }
        if epoch % 50 == 0 || epoch == settings.epochs {
            progress(epoch, w);
        }
    }
}

/// The mean squared error on the positions fitted and on those held back to check it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Errors {
    pub fitted: f64,
    /// `None` when no position was held back.
    pub checked: Option<f64>,
}

/// What a tuning run produced.
#[derive(Debug, Clone)]
pub struct Tuned {
    pub weights: Weights,
    pub k: f64,
    pub before: Errors,
    pub after: Errors,
}

/// Splits `samples` into the positions to fit and the last `fraction` of them, held back
/// to check the fit. `datagen` writes a game's positions together, so the positions held
/// back come from other games than the fitted ones (but for the one game cut in two).
pub fn hold_back(mut samples: Vec<Sample>, fraction: f64) -> (Vec<Sample>, Vec<Sample>) {
    let held = (samples.len() as f64 * fraction.clamp(0.0, 1.0)).round() as usize;
    let check = samples.split_off(samples.len() - held);
    (samples, check)
}

/// Moves the target of every sample with a score to `weight × σ(score) + (1 − weight) ×
/// result`, the score read with the scaling constant `k`.
pub fn blend_scores(samples: &mut [Sample], k: f64, weight: f64) {
    for s in samples.iter_mut() {
        if let Some(score) = s.score {
            s.result = weight * sigmoid(score, k) + (1.0 - weight) * s.result;
        }
    }
}

/// Tunes `start` on `fit`: fits K to the results, blends the scores into the targets of
/// `fit` by the settings' score weight, then descends; `check` is never fitted, only
/// measured (against its results). `progress(epoch, errors)` comes every 50 epochs and at
/// the end.
pub fn tune(
    (fit, check): (&mut [Sample], &[Sample]),
    start: &Weights,
    settings: Settings,
    progress: &mut dyn FnMut(usize, Errors),
) -> Tuned {
    let mut w = flatten(start);
    let k = fit_k(fit, &w);
    blend_scores(fit, k, settings.score_weight);
    let fit = &*fit;
    let errors = |w: &[[f64; 2]]| Errors {
        fitted: mean_squared_error(fit, w, k),
        checked: (!check.is_empty()).then(|| mean_squared_error(check, w, k)),
    };
    let before = errors(&w);
    descend(fit, &mut w, k, settings, &mut |epoch, w| {
        progress(epoch, errors(w))
    });
    let weights = unflatten(start, &w);
    // The errors of the table as it will be used: rounded to whole centipawns.
    let after = errors(&flatten(&weights));
    Tuned {
        weights,
        k,
        before,
        after,
    }
}

/// The Rust source of `pub const DEFAULT: Weights = …;` for `w`, with `doc` (one line a
/// string) as its doc comment, laid out as `weights.rs` keeps it.
pub fn rust_source(w: &Weights, doc: &[String]) -> String {
    let mut out = String::new();
    for line in doc {
        out.push_str("///");
        if !line.is_empty() {
            out.push(' ');
            out.push_str(line);
        }
        out.push('\n');
    }
    out.push_str(
        "// Kept as printed (a piece-square row per line); `machack tune` writes it in this layout.\n",
    );
    out.push_str("#[rustfmt::skip]\npub const DEFAULT: Weights = Weights {\n");
    w.write_fields(&mut out);
    out.push_str("};\n");
    out
}

/// `file` (the text of `weights.rs`) with its `DEFAULT` (the doc comment above it
/// included) replaced by `source`; `None` when `file` has no `DEFAULT`.
pub fn replace_default(file: &str, source: &str) -> Option<String> {
    let lines: Vec<&str> = file.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("pub const DEFAULT: Weights"))?;
    let start = lines[..at]
        .iter()
        .rposition(|l| !(l.starts_with("///") || l.starts_with("//") || l.starts_with("#[")))
        .map_or(0, |i| i + 1);
    let end = at + lines[at..].iter().position(|l| *l == "};")?;
    let mut out = lines[..start].join("\n");
    out.push('\n');
    out.push_str(source);
    for l in &lines[end + 1..] {
        out.push_str(l);
        out.push('\n');
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::epd_positions;
    use crate::search::modern::eval::DEFAULT;
    use shakmaty::{EnPassantMode, fen::Fen};

    /// Samples from the test data's positions whose results are what `truth` predicts
    /// with `k` (fractions, as if averaged over many games).
    fn synthetic(truth: &Weights, k: f64) -> Vec<Sample> {
        let index = indices();
        let w = flatten(truth);
        epd_positions()
            .iter()
            .map(|pos| {
                let trace = Trace::of(pos, &index, truth);
                let result = sigmoid(trace.evaluate(&w), k);
                Sample {
                    trace,
                    result,
                    score: None,
                }
            })
            .collect()
    }

    #[test]
    fn results_and_fens_are_read_in_several_spellings() {
        let start = Fen::from_position(&shakmaty::Chess::default(), EnPassantMode::Legal);
        let text = format!(
            "# comment\n\n{start} 1-0\n{start} \"0-1\";\n{start} [0.5]\n\
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 \"1/2-1/2\";\n"
        );
        let samples = read_samples(&text, &DEFAULT).expect("readable");
        let results: Vec<f64> = samples.iter().map(|s| s.result).collect();
        assert_eq!(results, [1.0, 0.0, 0.5, 0.5]);
        assert!(samples.iter().all(|s| s.score.is_none()));
    }

    #[test]
    fn a_score_after_the_result_is_read() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let samples = read_samples(&format!("{start} 1-0 cp=37\n{start} 0-1 cp=-1\n"), &DEFAULT)
            .expect("readable");
        let read: Vec<_> = samples.iter().map(|s| (s.result, s.score)).collect();
        assert_eq!(read, [(1.0, Some(37.0)), (0.0, Some(-1.0))]);
        assert_eq!(
            read_samples(&format!("{start} 1-0 cp=1.5\n"), &DEFAULT).unwrap_err(),
            DataError::BadScore {
                line: 1,
                score: "1.5".to_string()
            }
        );
        let no_counters = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
        assert_eq!(
            read_samples(&format!("{no_counters} cp=3\n"), &DEFAULT).unwrap_err(),
            DataError::NoResult { line: 1 }
        );
    }

    #[test]
    fn scores_are_blended_into_the_targets() {
        let mut samples = synthetic(&DEFAULT, 1.0)[..2].to_vec();
        samples[0].result = 1.0;
        samples[0].score = Some(0.0);
        samples[1].result = 0.0;
        blend_scores(&mut samples, 1.0, 0.25);
        // A level score (one half) takes a quarter of the target; no score leaves it.
        assert!((samples[0].result - 0.875).abs() < 1e-12);
        assert_eq!(samples[1].result, 0.0);
    }

    #[test]
    fn bad_lines_are_named() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(
            read_samples(&format!("{start} 1-0\n{start} win\n"), &DEFAULT).unwrap_err(),
            DataError::NoResult { line: 2 }
        );
        let err = read_samples("8/8/8/8/8/8/8/8 w - - 0 1 1-0", &DEFAULT).unwrap_err();
        assert!(
            matches!(err, DataError::BadPosition { line: 1, .. }),
            "{err}"
        );
        assert_eq!(
            read_samples("# nothing\n", &DEFAULT).unwrap_err(),
            DataError::Empty
        );
    }

    #[test]
    fn flattening_round_trips() {
        assert_eq!(unflatten(&DEFAULT, &flatten(&DEFAULT)), DEFAULT);
    }

    #[test]
    fn k_is_recovered() {
        let samples = synthetic(&DEFAULT, 1.3);
        let k = fit_k(&samples, &flatten(&DEFAULT));
        assert!((k - 1.3).abs() < 0.01, "{k}");
    }

    #[test]
    fn descent_brings_a_wrong_weight_back() {
        let samples = synthetic(&DEFAULT, 1.0);
        // The tempo: a weight no other term can stand in for (a piece's value can move
        // into its piece-square table and back, the bishop pair into the bishops' pawn
        // terms, so those are not a fair test).
        let mut wrong = DEFAULT.clone();
        let truth = DEFAULT.tempo;
        wrong.tempo = S(truth.0 + 150, truth.1 + 150);
        let mut w = flatten(&wrong);
        let before = mean_squared_error(&samples, &w, 1.0);
        let settings = Settings {
            epochs: 300,
            rate: 2.0,
            ..Settings::default()
        };
        descend(&samples, &mut w, 1.0, settings, &mut |_, _| {});
        let after = mean_squared_error(&samples, &w, 1.0);
        assert!(after < before / 10.0, "{before} -> {after}");
        let tempo = unflatten(&DEFAULT, &w).tempo;
        assert!(
            (tempo.0 - truth.0).abs() + (tempo.1 - truth.1).abs() < 40,
            "{tempo:?} vs {truth:?}"
        );
    }

    #[test]
    fn tuning_lowers_the_error_and_reports_it() {
        let samples = synthetic(&DEFAULT, 1.0);
        let mut wrong = DEFAULT.clone();
        wrong.bishop_pair = S(-100, -100);
        let (mut fit, check) = hold_back(samples, 0.25);
        let mut reports = 0;
        let settings = Settings {
            epochs: 100,
            rate: 2.0,
            ..Settings::default()
        };
        let tuned = tune((&mut fit, &check), &wrong, settings, &mut |_, _| {
            reports += 1
        });
        assert!(tuned.after.fitted < tuned.before.fitted);
        let checked = |e: Errors| e.checked.expect("positions held back");
        assert!(checked(tuned.after) < checked(tuned.before));
        assert_eq!(reports, 2);
        assert!(tuned.weights.bishop_pair.0 > -100);
    }

    #[test]
    fn the_last_positions_are_held_back() {
        let samples = synthetic(&DEFAULT, 1.0);
        let n = samples.len();
        let last = samples[n - 1].clone();
        let (fit, check) = hold_back(samples.clone(), 0.25);
        assert_eq!(fit.len() + check.len(), n);
        assert_eq!(check.len(), (n as f64 * 0.25).round() as usize);
        assert_eq!(check.last().map(|s| &s.trace), Some(&last.trace));
        let (fit, check) = hold_back(samples, 0.0);
        assert_eq!((fit.len(), check.len()), (n, 0));
    }

    #[test]
    fn the_prior_holds_weights_near_their_start() {
        // Results that say the bishop pair is worth nothing: free, the weight goes far;
        // with a strong prior it stays near where it started.
        let mut truth = DEFAULT.clone();
        truth.bishop_pair = S(0, 0);
        let samples = synthetic(&truth, 1.0);
        let moved = |prior: f64| {
            let mut w = flatten(&DEFAULT);
            let settings = Settings {
                epochs: 300,
                rate: 2.0,
                prior,
                ..Settings::default()
            };
            descend(&samples, &mut w, 1.0, settings, &mut |_, _| {});
            let pair = unflatten(&DEFAULT, &w).bishop_pair;
            (pair.0 - DEFAULT.bishop_pair.0).abs() + (pair.1 - DEFAULT.bishop_pair.1).abs()
        };
        let (free, held) = (moved(0.0), moved(1.0));
        assert!(free > 20, "free {free}");
        assert!(held * 3 < free, "held {held}, free {free}");
    }

    #[test]
    fn weights_rs_is_laid_out_as_the_tuner_prints_it() {
        let file = include_str!("../search/modern/eval/weights.rs");
        assert!(file.contains(&rust_source(&DEFAULT, &[])));
        let doc = ["Tuned.".to_string(), String::new(), "Again.".to_string()];
        let replaced = replace_default(file, &rust_source(&DEFAULT, &doc)).expect("a DEFAULT");
        assert!(replaced.contains("/// Tuned.\n///\n/// Again.\n// Kept as printed"));
        assert!(replaced.starts_with(&file[..file.find("/// The weights the engine").unwrap()]));
        assert_eq!(replace_default("fn main() {}", "x"), None);
    }
}
