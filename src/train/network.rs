//! The trainer of the evaluation network (`machack train-net`): fits the network in
//! floating point to self-play positions (what `machack datagen` writes, text lines or
//! bullet records), then writes it quantised in the layout [`Network::read`] reads. The
//! positions are read anew each pass, a chunk at a time ([`Files`]), so the data need not
//! fit in memory; each chunk is shuffled on its own.
//!
//! Each position aims at `λ·σ(score) + (1 − λ)·result` for the side to move, σ being the
//! logistic curve with [`SCALE`] centipawns a unit; the loss is the squared error of
//! σ(output). A residual network's output is added to the hand-written evaluation's
//! value (computed here for each position), so it learns what that evaluation misses.
//! Adam over mini-batches, their gradients summed over the machine's cores; the step
//! size falls along a half cosine. Optionally half the positions of each pass are seen
//! mirrored left to right (the inputs hold no castling rights, so the mirror is as good a
//! position; a network of the king's half sees a position and its mirror alike, so for it
//! this changes nothing). Training allocates its buffers once.
//!
//! The network's kind ([`Kind`]) is the file's: clipped or squared clipped units, one
//! output head or several chosen by the pieces on the board, and each side's point of view
//! mirrored to its king's half or not; the float forward pass is the integer one's without
//! its rounding.

use std::path::PathBuf;

use shakmaty::{Chess, Color, Position};

use super::data::{self, DataError, Format, Labelled, in_file};
use crate::search::modern::eval::evaluate;
use crate::search::modern::level::mix;
use crate::search::modern::network::{
    Activation, INPUTS, Kind, Network, NetworkError, QA, QB, SCALE, bucket, feature, file_size,
    header, king_half, screlu_weight_bound,
};

/// The hidden width of the engine's own network, a new network's default.
pub use crate::search::modern::network::HIDDEN;

/// The most pieces a position holds.
const MAX_PIECES: usize = 32;

/// One training position.
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    /// Its inputs from White's point of view (Black's follow by [`flip`]).
    features: [u16; MAX_PIECES],
    count: u8,
    white_to_move: bool,
    /// Whether White's king, then Black's, stands on files e–h ([`king_half`]).
    king_half: [bool; 2],
    /// The target for the side to move, 0 to 1.
    target: f32,
    /// The hand-written evaluation for the side to move, in centipawns.
    hce: f32,
}

/// White's input `f` as Black sees it: the other side's piece, the board turned round.
#[inline]
fn flip(f: usize) -> usize {
    ((f / 64 + 6) % 12) * 64 + ((f % 64) ^ 56)
}

/// The input `f` with the board mirrored left to right.
#[inline]
fn mirror(f: usize) -> usize {
    f ^ 7
}

/// Reads the positions of `text` (the lines `machack tune` reads), each aiming at
/// `score_weight` of its search score and the rest of its game's result.
pub fn read_samples(text: &str, score_weight: f64) -> Result<Vec<Sample>, DataError> {
    data::read(text, |pos, result, score| {
        sample(pos, result, score, score_weight)
    })
}

/// The sample of `pos`, whose game White scored `result`, with the search's score for
/// White if known.
fn sample(pos: &Chess, result: f64, score: Option<i32>, score_weight: f64) -> Sample {
    let sign = pos.turn().fold_wb(1.0, -1.0);
    let result = if sign > 0.0 { result } else { 1.0 - result };
    let target = match score {
        Some(cp) => {
            let s = sigmoid(sign * f64::from(cp) / f64::from(SCALE));
            score_weight * s + (1.0 - score_weight) * result
        }
        None => result,
    };
    let mut sample = Sample {
        features: [0; MAX_PIECES],
        count: 0,
        white_to_move: sign > 0.0,
        king_half: Color::ALL.map(|c| pos.board().king_of(c).is_some_and(king_half)),
        target: target as f32,
        hce: evaluate(pos) as f32,
    };
    for (sq, piece) in pos.board() {
        let f = feature(Color::White, piece, sq, false);
        sample.features[usize::from(sample.count)] = f as u16;
        sample.count += 1;
    }
    sample
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// `items` cut into one part for each of `threads` threads.
fn parts<T>(items: &[T], threads: usize) -> std::slice::Chunks<'_, T> {
    items.chunks(items.len().div_ceil(threads).max(1))
}

/// The samples of `positions`, made on `threads` threads (the hand-written evaluation
/// of each is the costly part).
fn samples(positions: &[Labelled], score_weight: f64, threads: usize, out: &mut Vec<Sample>) {
    out.clear();
    std::thread::scope(|scope| {
        let handles: Vec<_> = parts(positions, threads)
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|l| sample(&l.pos, l.result, l.score, score_weight))
                        .collect::<Vec<Sample>>()
                })
            })
            .collect();
        for h in handles {
            out.extend(h.join().expect("no panic"));
        }
    });
}

/// Where the positions to fit come from, pass after pass.
pub trait Source {
    /// The positions of a pass.
    fn positions(&self) -> usize;
    /// Calls `each` with every position of a pass, a shuffled chunk at a time; `seed`
    /// picks the order.
    fn pass(&mut self, seed: u64, each: &mut dyn FnMut(&mut [Sample])) -> Result<(), DataError>;
}

/// Positions held in memory: one chunk, shuffled whole.
impl Source for Vec<Sample> {
    fn positions(&self) -> usize {
        self.len()
    }

    fn pass(&mut self, seed: u64, each: &mut dyn FnMut(&mut [Sample])) -> Result<(), DataError> {
        shuffle(self, seed);
        each(self);
        Ok(())
    }
}

/// Data files read anew each pass, `chunk` positions at a time, each file's end held
/// back for checking.
pub struct Files {
    parts: Vec<Part>,
    chunk: usize,
    score_weight: f64,
    threads: usize,
}

/// A file and the positions of it that are fitted (those before the held-back end).
struct Part {
    path: PathBuf,
    format: Format,
    fit: u64,
}

impl Files {
    /// The files `paths` (each with its format), the last `check` share of each held
    /// back: those positions are read now and returned with the files.
    pub fn open(
        paths: &[(PathBuf, Format)],
        check: f64,
        score_weight: f64,
        chunk: usize,
        threads: usize,
    ) -> Result<(Files, Vec<Sample>), DataError> {
        let mut parts = Vec::new();
        let mut held_back = Vec::new();
        for (path, format) in paths {
            let in_file = |e| in_file(path, e);
            let total = data::count(path, *format).map_err(in_file)?;
            if total == 0 {
                return Err(in_file(DataError::Empty));
            }
            let held = (total as f64 * check).round() as u64;
            let rest = data::stream(path, *format, total - held)
                .map_err(in_file)?
                .collect::<Result<Vec<Labelled>, DataError>>()
                .map_err(in_file)?;
            let mut some = Vec::new();
            samples(&rest, score_weight, threads, &mut some);
            held_back.append(&mut some);
            parts.push(Part {
                path: path.clone(),
                format: *format,
                fit: total - held,
            });
        }
        let files = Files {
            parts,
            chunk: chunk.max(1),
            score_weight,
            threads,
        };
        Ok((files, held_back))
    }
}

impl Source for Files {
    fn positions(&self) -> usize {
        self.parts.iter().map(|p| p.fit as usize).sum()
    }

    fn pass(&mut self, seed: u64, each: &mut dyn FnMut(&mut [Sample])) -> Result<(), DataError> {
        let mut positions = Vec::with_capacity(self.chunk);
        let mut chunk = Vec::with_capacity(self.chunk);
        let mut n = 0u64;
        let mut flush = |positions: &mut Vec<Labelled>, chunk: &mut Vec<Sample>| {
            samples(positions, self.score_weight, self.threads, chunk);
            positions.clear();
            n += 1;
            shuffle(chunk, mix(seed ^ n));
            each(chunk);
        };
        for part in &self.parts {
            let in_file = |e| in_file(&part.path, e);
            let stream = data::stream(&part.path, part.format, 0).map_err(in_file)?;
            for position in stream.take(part.fit as usize) {
                positions.push(position.map_err(in_file)?);
                if positions.len() == self.chunk {
                    flush(&mut positions, &mut chunk);
                }
            }
        }
        if !positions.is_empty() {
            flush(&mut positions, &mut chunk);
        }
        Ok(())
    }
}

/// How to train.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    pub epochs: usize,
    /// Adam's first step size.
    pub rate: f32,
    pub batch: usize,
    /// See half the positions of each pass mirrored left to right.
    pub mirror: bool,
    /// Seeds the order of the positions and the mirroring.
    pub seed: u64,
    /// Threads that share each batch's gradient.
    pub threads: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            epochs: 20,
            rate: 0.001,
            batch: 16384,
            mirror: true,
            seed: 1,
            threads: std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
        }
    }
}

/// The network in floating point: one vector of parameters, laid out as w1 (by input),
/// b1, w2 (for each output head, the side to move's units, then the other's), b2 (one for
/// each head).
#[derive(Debug, Clone)]
pub struct FloatNet {
    pub hidden: usize,
    pub kind: Kind,
    pub params: Vec<f32>,
}

/// Why a training cannot start from a network file (`train-net --init`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InitError {
    #[error(transparent)]
    Network(#[from] NetworkError),
    #[error(
        "the network is {found}, not the {wanted} asked for: to train it further, ask for \
         its kind ({flags}); for a new kind, start without --init"
    )]
    Kind {
        found: String,
        wanted: String,
        /// The options that ask for the network's kind.
        flags: String,
    },
}

impl FloatNet {
    /// A network of `kind` with small random weights.
    pub fn new(hidden: usize, kind: Kind, seed: u64) -> FloatNet {
        let mut net = FloatNet {
            hidden,
            kind,
            params: vec![0.0; INPUTS * hidden + hidden + kind.buckets * (2 * hidden + 1)],
        };
        let uniform = |i: usize, span: f32| {
            let r = mix(seed ^ (i as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
            ((r >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * span
        };
        for (i, p) in net.params.iter_mut().enumerate() {
            *p = uniform(i, 0.1);
        }
        let (b1, w2, b2) = (net.b1(), net.w2(), net.b2());
        net.params[b1..b1 + hidden].fill(0.3);
        for i in w2..b2 {
            net.params[i] = uniform(i, if kind.residual { 0.01 } else { 0.1 });
        }
        net.params[b2..].fill(0.0);
        net
    }

    /// The weights of a network file (what [`FloatNet::to_bytes`] writes), to train on
    /// from there.
    pub fn read(bytes: &[u8]) -> Result<FloatNet, NetworkError> {
        Network::read(bytes).map(|net| FloatNet::from_network(&net))
    }

    /// The weights of a network file to train further as a network of `activation`,
    /// `buckets` heads and mirrored to the king's half if `mirrored`; a file of another
    /// kind is refused, saying both. A network that mirrors nothing may go on as one of
    /// the king's half: its weights read the half a–d as they did, and the half e–h as its
    /// mirror image, which a network fitted with mirrored positions has learnt alike.
    pub fn read_as(
        bytes: &[u8],
        activation: Activation,
        buckets: usize,
        mirrored: bool,
    ) -> Result<FloatNet, InitError> {
        let mut net = FloatNet::read(bytes)?;
        let kind = net.kind;
        let same = (kind.activation, kind.buckets) == (activation, buckets);
        if !same || kind.mirrored && !mirrored {
            let wanted = Kind {
                activation,
                buckets,
                mirrored,
                ..kind
            };
            let mut flags: Vec<String> = Vec::new();
            if kind.activation == Activation::SCReLU {
                flags.push("--screlu".into());
            }
            if kind.buckets > 1 {
                flags.push(format!("--output-buckets {}", kind.buckets));
            }
            if kind.mirrored {
                flags.push("--king-half".into());
            }
            let flags = if flags.is_empty() {
                "none of --screlu, --output-buckets, --king-half".to_string()
            } else {
                flags.join(" ")
            };
            return Err(InitError::Kind {
                found: kind.to_string(),
                wanted: wanted.to_string(),
                flags,
            });
        }
        net.kind.mirrored = mirrored;
        Ok(net)
    }

    /// The weights a quantised network stands for, to train on from there.
    pub fn from_network(net: &Network) -> FloatNet {
        let (qa, qb) = (QA as f32, QB as f32);
        let (hidden, kind) = (net.hidden(), net.kind());
        let buckets = kind.buckets;
        let mut params = Vec::with_capacity(INPUTS * hidden + hidden + buckets * (2 * hidden + 1));
        params.extend(
            (0..INPUTS)
                .flat_map(|f| net.w1(f))
                .map(|w| f32::from(w) / qa),
        );
        params.extend(net.b1().map(|b| f32::from(b) / qa));
        params.extend(
            (0..buckets)
                .flat_map(|b| net.w2(b, 0).chain(net.w2(b, 1)))
                .map(|w| f32::from(w) / qb),
        );
        params.extend((0..buckets).map(|b| net.b2(b) as f32 / (qa * qb)));
        FloatNet {
            hidden,
            kind,
            params,
        }
    }

    fn b1(&self) -> usize {
        INPUTS * self.hidden
    }

    fn w2(&self) -> usize {
        self.b1() + self.hidden
    }

    /// The first output bias (one for each head follows).
    fn b2(&self) -> usize {
        self.w2() + 2 * self.hidden * self.kind.buckets
    }

    /// The output head of `s`.
    fn head(&self, s: &Sample) -> usize {
        bucket(usize::from(s.count), self.kind.buckets)
    }

    /// The largest output weight a file of this network can hold: for squared units, the
    /// bound that keeps the integer sum within 32 bits ([`screlu_weight_bound`]: 2.0 up to
    /// 129 hidden units, 1.0 at 256, 0.5 at 512, 0.25 at 1,024), to which training clips
    /// them; else what 16 bits hold.
    fn w2_max(&self) -> f32 {
        match self.kind.activation {
            Activation::CReLU => 32767.0 / QB as f32,
            Activation::SCReLU => screlu_weight_bound(self.hidden) as f32 / QB as f32,
        }
    }

    /// Whether `side`'s point of view of `s` is seen mirrored, the position being seen
    /// mirrored if `mirrored`: in a network of the king's half, as its king stands
    /// whichever way the position is seen.
    fn turned(&self, s: &Sample, side: Color, mirrored: bool) -> bool {
        if self.kind.mirrored {
            s.king_half[side.fold_wb(0, 1)]
        } else {
            mirrored
        }
    }

    /// The first layer's units of `s` for `side`, into `acc`.
    fn accumulate(&self, s: &Sample, side: Color, mirrored: bool, acc: &mut [f32]) {
        let h = self.hidden;
        acc.copy_from_slice(&self.params[self.b1()..self.b1() + h]);
        let turned = self.turned(s, side, mirrored);
        for &f in &s.features[..usize::from(s.count)] {
            let f = input(usize::from(f), side, turned);
            for (a, w) in acc.iter_mut().zip(&self.params[f * h..(f + 1) * h]) {
                *a += w;
            }
        }
    }

    /// The predicted score of `s` (0 to 1, for the side to move), with the units of the
    /// side to move and of the other side left in `acc`.
    fn predict(&self, s: &Sample, mirrored: bool, acc: &mut [Vec<f32>; 2]) -> f32 {
        let x = self.forward(s, mirrored, acc);
        1.0 / (1.0 + (-x).exp())
    }

    /// The output for `s` before the logistic curve (in units of [`SCALE`] centipawns),
    /// with the units left in `acc` as by [`FloatNet::predict`].
    fn forward(&self, s: &Sample, mirrored: bool, acc: &mut [Vec<f32>; 2]) -> f32 {
        let us = if s.white_to_move {
            Color::White
        } else {
            Color::Black
        };
        self.accumulate(s, us, mirrored, &mut acc[0]);
        self.accumulate(s, !us, mirrored, &mut acc[1]);
        let (h, b) = (self.hidden, self.head(s));
        let w2 = &self.params[self.w2() + 2 * h * b..self.w2() + 2 * h * (b + 1)];
        let mut x = self.params[self.b2() + b];
        let squared = self.kind.activation == Activation::SCReLU;
        for (units, weights) in acc.iter().zip(w2.chunks_exact(h)) {
            x += units
                .iter()
                .zip(weights)
                .map(|(&u, &w)| {
                    let c = u.clamp(0.0, 1.0);
                    if squared { c * c * w } else { c * w }
                })
                .sum::<f32>();
        }
        if self.kind.residual {
            x += s.hce / SCALE as f32;
        }
        x
    }

    /// Adds the gradient of `s`'s squared error to `grad`; returns the error.
    fn backward(
        &self,
        s: &Sample,
        mirrored: bool,
        grad: &mut [f32],
        acc: &mut [Vec<f32>; 2],
    ) -> f32 {
        let p = self.predict(s, mirrored, acc);
        let error = p - s.target;
        let g = 2.0 * error * p * (1.0 - p);
        let (h, b1, head) = (self.hidden, self.b1(), self.head(s));
        let w2 = self.w2() + 2 * h * head;
        grad[self.b2() + head] += g;
        let us = if s.white_to_move {
            Color::White
        } else {
            Color::Black
        };
        let squared = self.kind.activation == Activation::SCReLU;
        for (k, side) in [us, !us].into_iter().enumerate() {
            let weights = &self.params[w2 + k * h..w2 + (k + 1) * h];
            // The output weights' gradient, then the units' (zero where clipped; the
            // square's slope is twice the unit).
            for (j, &u) in acc[k].iter().enumerate() {
                let c = u.clamp(0.0, 1.0);
                grad[w2 + k * h + j] += g * if squared { c * c } else { c };
            }
            let units = &mut acc[k];
            for (u, &w) in units.iter_mut().zip(weights) {
                *u = match (*u > 0.0 && *u < 1.0, squared) {
                    (false, _) => 0.0,
                    (true, false) => g * w,
                    (true, true) => 2.0 * *u * g * w,
                };
            }
            for (gb, &d) in grad[b1..b1 + h].iter_mut().zip(units.iter()) {
                *gb += d;
            }
            let turned = self.turned(s, side, mirrored);
            for &f in &s.features[..usize::from(s.count)] {
                let f = input(usize::from(f), side, turned);
                for (gw, &d) in grad[f * h..(f + 1) * h].iter_mut().zip(units.iter()) {
                    *gw += d;
                }
            }
        }
        error * error
    }

    /// The mean squared error over `samples`, on `threads` threads.
    pub fn error(&self, samples: &[Sample], threads: usize) -> f64 {
        let total: f64 = std::thread::scope(|scope| {
            let handles: Vec<_> = parts(samples, threads)
                .map(|part| {
                    scope.spawn(move || {
                        let mut acc = [vec![0.0; self.hidden], vec![0.0; self.hidden]];
                        part.iter()
                            .map(|s| {
                                f64::from((self.predict(s, false, &mut acc) - s.target).powi(2))
                            })
                            .sum::<f64>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("no panic"))
                .sum()
        });
        total / samples.len().max(1) as f64
    }

    /// The network quantised, as a file [`Network::read`] reads.
    pub fn to_bytes(&self) -> Vec<u8> {
        let h = self.hidden;
        let mut out = Vec::with_capacity(file_size(h, self.kind.buckets));
        out.extend_from_slice(&header(h, self.kind));
        let quantise = |v: f32, q: i32, max: f32| (v * q as f32).round().clamp(-max, max) as i16;
        let (b1, w2, b2) = (self.b1(), self.w2(), self.b2());
        for &v in &self.params[b1..b1 + h] {
            out.extend_from_slice(&quantise(v, QA, 32767.0).to_le_bytes());
        }
        for &v in &self.params[..b1] {
            out.extend_from_slice(&quantise(v, QA, 32767.0).to_le_bytes());
        }
        // Within the bound of squared units even if the weights were set by hand.
        let w2_max = (self.w2_max() * QB as f32).round();
        for &v in &self.params[w2..b2] {
            out.extend_from_slice(&quantise(v, QB, w2_max).to_le_bytes());
        }
        for &v in &self.params[b2..] {
            let b2 = (v * (QA * QB) as f32).round() as i32;
            out.extend_from_slice(&b2.to_le_bytes());
        }
        out
    }
}

/// White's input `f` as `side` sees it, mirrored left to right if asked.
#[inline]
fn input(f: usize, side: Color, mirrored: bool) -> usize {
    let f = if side == Color::White { f } else { flip(f) };
    if mirrored { mirror(f) } else { f }
}

/// The errors after an epoch: on the fitted positions and on those held back.
#[derive(Debug, Clone, Copy)]
pub struct Errors {
    pub fitted: f64,
    pub checked: f64,
}

/// Fits the network `net` (new, or one trained before) further to `fit` by `settings`,
/// reporting the errors on `fit` and `check` before the first epoch (as 0: for a new
/// residual network, about the hand-written evaluation's) and after every epoch, with the
/// network so far (to save it, say); an error from `report` stops the training.
pub fn train(
    mut net: FloatNet,
    fit: &mut dyn Source,
    check: &[Sample],
    settings: &Settings,
    report: &mut dyn FnMut(usize, Errors, &FloatNet) -> Result<(), DataError>,
) -> Result<FloatNet, DataError> {
    let n = net.params.len();
    let threads = settings.threads.max(1);
    let mut grads = vec![vec![0.0f32; n]; threads];
    let (mut m, mut v) = (vec![0.0f32; n], vec![0.0f32; n]);
    let mut step = 0i32;
    let total_steps = (settings.epochs * fit.positions().div_ceil(settings.batch)) as f32;
    let mut before = 0.0f64;
    fit.pass(settings.seed, &mut |chunk| {
        before += net.error(chunk, threads) * chunk.len() as f64;
    })?;
    report(
        0,
        Errors {
            fitted: before / fit.positions().max(1) as f64,
            checked: net.error(check, threads),
        },
        &net,
    )?;
    for epoch in 1..=settings.epochs {
        let mut fitted = 0.0f64;
        let mut b = 0u64;
        fit.pass(mix(settings.seed ^ epoch as u64), &mut |chunk| {
            for batch in chunk.chunks(settings.batch) {
                let salt = mix(settings.seed ^ ((epoch as u64) << 32) ^ b);
                b += 1;
                fitted += batch_gradient(&net, batch, settings.mirror, salt, &mut grads);
                let (first, rest) = grads.split_first_mut().expect("one thread");
                for g in rest.iter() {
                    for (a, &b) in first.iter_mut().zip(g) {
                        *a += b;
                    }
                }
                step += 1;
                let progress = (step as f32 / total_steps).min(1.0);
                let rate = settings.rate
                    * (0.05 + 0.95 * 0.5 * (1.0 + (std::f32::consts::PI * progress).cos()));
                adam(&mut net, first, &mut m, &mut v, rate, step);
            }
        })?;
        report(
            epoch,
            Errors {
                fitted: fitted / fit.positions().max(1) as f64,
                checked: net.error(check, threads),
            },
            &net,
        )?;
    }
    Ok(net)
}

/// The summed gradients of `batch` into `grads[0]` and the other cores' buffers (to be
/// added up); returns the summed squared error.
fn batch_gradient(
    net: &FloatNet,
    batch: &[Sample],
    mirror: bool,
    salt: u64,
    grads: &mut [Vec<f32>],
) -> f64 {
    let part = batch.len().div_ceil(grads.len()).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = batch
            .chunks(part)
            .zip(grads.iter_mut())
            .enumerate()
            .map(|(c, (samples, grad))| {
                scope.spawn(move || {
                    grad.fill(0.0);
                    let mut acc = [vec![0.0; net.hidden], vec![0.0; net.hidden]];
                    let mut error = 0.0f64;
                    for (i, s) in samples.iter().enumerate() {
                        let mirrored = mirror && mix(salt ^ ((c * part + i) as u64)) & 1 == 1;
                        error += f64::from(net.backward(s, mirrored, grad, &mut acc));
                    }
                    error
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .sum()
    })
}

/// One Adam step of size `rate` along `grad`, the layer's weights kept where the
/// quantised network can hold them.
fn adam(net: &mut FloatNet, grad: &[f32], m: &mut [f32], v: &mut [f32], rate: f32, step: i32) {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;
    const EPSILON: f32 = 1e-8;
    let c1 = 1.0 - BETA1.powi(step);
    let c2 = 1.0 - BETA2.powi(step);
    // 32 inputs of at most this much stay within the quantised layer's i16 range.
    let layer_max = 32767.0 / QA as f32 / 33.0;
    let (w2, b2, w2_max) = (net.w2(), net.b2(), net.w2_max());
    let squared = net.kind.activation == Activation::SCReLU;
    for (i, p) in net.params.iter_mut().enumerate() {
        let g = grad[i];
        m[i] = BETA1 * m[i] + (1.0 - BETA1) * g;
        v[i] = BETA2 * v[i] + (1.0 - BETA2) * g * g;
        let update = (m[i] / c1) / ((v[i] / c2).sqrt() + EPSILON);
        *p -= rate * update;
        if i < w2 {
            *p = p.clamp(-layer_max, layer_max);
        } else if squared && i < b2 {
            *p = p.clamp(-w2_max, w2_max);
        }
    }
}

/// Shuffles `samples` (Fisher–Yates) from `seed`.
fn shuffle(samples: &mut [Sample], seed: u64) {
    let mut state = seed;
    for i in (1..samples.len()).rev() {
        state = mix(state);
        samples.swap(i, (state % (i as u64 + 1)) as usize);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;
    use crate::train::data::fen_fields;

    const LINES: &str = "\
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 1/2-1/2 cp=20
4k3/8/8/8/8/8/4P3/3QK3 w - - 0 1 1-0 cp=900
4k3/8/8/8/8/8/4P3/3QK3 b - - 0 1 1-0 cp=900
4k3/4q3/8/8/8/8/8/4K3 w - - 0 1 0-1
";

    #[test]
    fn inputs_flip_and_mirror_back() {
        for f in 0..INPUTS {
            assert_eq!(flip(flip(f)), f);
            assert_eq!(mirror(mirror(f)), f);
            assert_eq!(flip(mirror(f)), mirror(flip(f)));
        }
        let piece = shakmaty::Piece {
            color: Color::White,
            role: shakmaty::Role::Knight,
        };
        let sq = shakmaty::Square::G1;
        assert_eq!(
            flip(feature(Color::White, piece, sq, false)),
            feature(Color::Black, piece, sq, false)
        );
        assert_eq!(
            mirror(feature(Color::White, piece, sq, false)),
            feature(Color::White, piece, sq, true)
        );
    }

    #[test]
    fn targets_are_for_the_side_to_move() {
        let s = read_samples(LINES, 1.0).unwrap();
        assert_eq!(s.len(), 4);
        // White is 20 cp up with Black to move: Black's target is below one half.
        assert!(s[0].target < 0.5 && !s[0].white_to_move);
        assert!(s[1].target > 0.9 && s[2].target < 0.1);
        // No score: the result alone, for White who lost.
        assert_eq!(s[3].target, 0.0);
        assert_eq!(s[3].count, 3);
        let results = read_samples(LINES, 0.0).unwrap();
        assert_eq!(results[1].target, 1.0);
        assert_eq!(results[2].target, 0.0);
        assert!(matches!(
            read_samples("8/8/8 w - - 1-0", 1.0),
            Err(DataError::BadPosition { line: 1, .. })
        ));
    }

    /// The kinds of network the tests train: clipped or squared units, one head or eight,
    /// and two of the king's half.
    fn kinds(residual: bool) -> [Kind; 6] {
        let kind = |activation, buckets, mirrored| Kind {
            residual,
            activation,
            buckets,
            mirrored,
        };
        [
            kind(Activation::CReLU, 1, false),
            kind(Activation::SCReLU, 1, false),
            kind(Activation::CReLU, 8, false),
            kind(Activation::SCReLU, 8, false),
            kind(Activation::CReLU, 1, true),
            kind(Activation::SCReLU, 8, true),
        ]
    }

    /// A network of the king's half sees a position and its mirror image alike, whether
    /// the position is shown mirrored or not; one that does not mirror tells them apart.
    #[test]
    fn a_network_of_the_king_s_half_sees_a_mirror_image_alike() {
        let lines = "\
r1bq1rk1/pp3ppp/2n1pn2/3p4/1bPP4/2NBPN2/PP3PPP/R1BQK2R w - - 0 8 1-0 cp=30
1kr1qb1r/ppp3pp/2np1n2/4p3/4PPb1/2NPBN2/PPP3PP/R2KQB1R w - - 0 8 1-0 cp=30
";
        let s = read_samples(lines, 1.0).unwrap();
        for kind in kinds(false) {
            let net = FloatNet::new(16, kind, 4);
            let mut acc = [vec![0.0; 16], vec![0.0; 16]];
            let mut value = |i: usize, shown_mirrored| net.forward(&s[i], shown_mirrored, &mut acc);
            // A position, it shown mirrored, its mirror image, that shown mirrored.
            let v = [
                value(0, false),
                value(0, true),
                value(1, false),
                value(1, true),
            ];
            let same = |a: f32, b: f32| (a - b).abs() < 1e-5;
            assert!(same(v[0], v[3]) && same(v[1], v[2]), "{kind:?} {v:?}");
            assert_eq!(same(v[0], v[1]), kind.mirrored, "{kind:?} {v:?}");
        }
    }

    #[test]
    fn the_gradient_matches_the_error_s_slope() {
        for kind in kinds(true) {
            gradient_matches_slope(kind);
        }
    }

    fn gradient_matches_slope(kind: Kind) {
        let s = read_samples(LINES, 0.7).unwrap();
        let net = FloatNet::new(8, kind, 3);
        // The endgames' head (3 pieces), which every sample but the first uses.
        let head = net.head(&s[1]);
        assert_eq!(head, 0);
        let mut grad = vec![0.0; net.params.len()];
        let mut acc = [vec![0.0; 8], vec![0.0; 8]];
        for sample in &s {
            net.backward(sample, true, &mut grad, &mut acc);
        }
        let error = |net: &FloatNet| -> f32 {
            let mut acc = [vec![0.0; 8], vec![0.0; 8]];
            s.iter()
                .map(|x| (net.predict(x, true, &mut acc) - x.target).powi(2))
                .sum()
        };
        let checked = [
            0,
            5 * 8 + 3,
            net.b1() + 2,
            net.w2() + 2 * 8 * head + 9,
            net.b2() + head,
            net.b2() + net.head(&s[0]),
        ];
        for &i in &checked {
            let mut up = net.clone();
            up.params[i] += 1e-2;
            let mut down = net.clone();
            down.params[i] -= 1e-2;
            let slope = (error(&up) - error(&down)) / 2e-2;
            assert!(
                (slope - grad[i]).abs() < 1e-3 + 0.05 * grad[i].abs(),
                "{kind:?} {i}: {slope} vs {}",
                grad[i]
            );
        }
    }

    #[test]
    fn training_lowers_the_error_and_the_file_reads_back() {
        for kind in kinds(false) {
            trains_and_reads_back(kind);
        }
    }

    fn trains_and_reads_back(kind: Kind) {
        let mut s = read_samples(LINES, 0.5).unwrap();
        let check = s.clone();
        let settings = Settings {
            epochs: 200,
            rate: 0.01,
            batch: 2,
            mirror: false,
            seed: 5,
            threads: 2,
        };
        let before = FloatNet::new(HIDDEN, kind, 5).error(&check, 1);
        let mut last = None;
        let start = FloatNet::new(HIDDEN, kind, 5);
        let net = train(start, &mut s, &check, &settings, &mut |_, e, _| {
            last = Some(e);
            Ok(())
        })
        .unwrap();
        let after = last.unwrap().checked;
        assert!(after < before / 4.0, "{kind:?}: {before} -> {after}");
        let read = Network::read(&net.to_bytes()).unwrap();
        assert_eq!(read.kind(), kind);
        // The quantised network agrees with the float one to about ten centipawns (to 2%
        // far from equality, where the logistic curve is flat); squared units, whose slope
        // doubles each unit's rounding, to a few more.
        let near = match kind.activation {
            Activation::CReLU => 12.0,
            Activation::SCReLU => 24.0,
        };
        for (line, sample) in LINES.lines().zip(&check) {
            let pos = parse_fen(&fen_fields(line)).unwrap().0;
            let p =
                f64::from(net.predict(sample, false, &mut [vec![0.0; HIDDEN], vec![0.0; HIDDEN]]));
            let float_cp = (p / (1.0 - p)).ln() * f64::from(SCALE);
            let cp = f64::from(read.evaluate(&pos));
            assert!(
                (cp - float_cp).abs() < near + 0.02 * cp.abs(),
                "{kind:?} {line}: {cp} vs {float_cp}"
            );
        }
        // Read back for more training, each weight is what was written, to the step of
        // its quantisation; and the float pass of the weights read back is the integer
        // one, but for the units' rounding.
        let again = FloatNet::from_network(&read);
        for (line, sample) in LINES.lines().zip(&check) {
            let pos = parse_fen(&fen_fields(line)).unwrap().0;
            let mut acc = [vec![0.0; HIDDEN], vec![0.0; HIDDEN]];
            let float_cp = f64::from(again.forward(sample, false, &mut acc)) * f64::from(SCALE);
            let cp = f64::from(read.evaluate(&pos));
            assert!(
                (cp - float_cp).abs() < 1.5,
                "{kind:?} {line}: {cp} vs {float_cp}"
            );
        }
        assert_eq!(again.params.len(), net.params.len());
        assert_eq!(again.kind, kind);
        let steps = [(net.w2(), QA), (net.b2(), QB), (usize::MAX, QA * QB)];
        for (i, (&a, &b)) in again.params.iter().zip(&net.params).enumerate() {
            let q = steps
                .iter()
                .find(|&&(end, _)| i < end)
                .map_or(1, |&(_, q)| q);
            assert!(
                (a - b).abs() <= 0.5 / q as f32 + 1e-6,
                "{kind:?} {i}: {a} vs {b}"
            );
        }
    }

    /// Output weights pushed past what squared units' integer sum allows are clipped by
    /// training to the bound, and the file written keeps them there.
    #[test]
    fn training_keeps_squared_units_output_weights_within_the_bound() {
        let kind = Kind {
            residual: false,
            activation: Activation::SCReLU,
            buckets: 2,
            mirrored: false,
        };
        let hidden = 512;
        let bound = screlu_weight_bound(hidden);
        assert_eq!(bound, 32);
        let mut net = FloatNet::new(hidden, kind, 9);
        let (w2, b2) = (net.w2(), net.b2());
        // Far beyond the bound, both signs; the bytes written are clipped even untrained.
        for (j, p) in net.params[w2..b2].iter_mut().enumerate() {
            *p = if j % 2 == 0 { 3.0 } else { -3.0 };
        }
        let clipped = Network::read(&net.to_bytes()).unwrap();
        assert!((0..2).all(|b| {
            clipped
                .w2(b, 0)
                .chain(clipped.w2(b, 1))
                .all(|w| i32::from(w).abs() == bound)
        }));
        let mut s = read_samples(LINES, 0.5).unwrap();
        let check = s.clone();
        let settings = Settings {
            epochs: 2,
            rate: 0.01,
            batch: 4,
            mirror: false,
            seed: 1,
            threads: 1,
        };
        let net = train(net, &mut s, &check, &settings, &mut |_, _, _| Ok(())).unwrap();
        let max = net.params[w2..b2]
            .iter()
            .fold(0.0f32, |m, p| m.max(p.abs()));
        assert!(max <= bound as f32 / QB as f32, "{max}");
        assert!(
            max > 0.9 * bound as f32 / QB as f32,
            "{max}: the weights stay near the bound"
        );
        assert!(Network::read(&net.to_bytes()).is_ok());
    }

    #[test]
    fn a_start_of_another_kind_is_refused() {
        let file = FloatNet::new(16, kinds(true)[0], 1).to_bytes();
        assert!(FloatNet::read_as(&file, Activation::CReLU, 1, false).is_ok());
        let err = FloatNet::read_as(&file, Activation::SCReLU, 8, false).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the network is residual, CReLU, 1 output bucket, not the residual, SCReLU, 8 \
             output buckets asked for: to train it further, ask for its kind (none of \
             --screlu, --output-buckets, --king-half); for a new kind, start without --init"
        );
        let squared = FloatNet::new(16, kinds(false)[3], 1).to_bytes();
        assert!(FloatNet::read_as(&squared, Activation::SCReLU, 8, false).is_ok());
        let err = FloatNet::read_as(&squared, Activation::SCReLU, 4, false).unwrap_err();
        assert!(
            err.to_string()
                .contains("standalone, SCReLU, 8 output buckets, not the standalone, SCReLU, 4")
                && err.to_string().contains("(--screlu --output-buckets 8)"),
            "{err}"
        );
        assert!(matches!(
            FloatNet::read_as(&squared[..100], Activation::SCReLU, 8, false),
            Err(InitError::Network(NetworkError::Size { .. }))
        ));
        // A network that mirrors nothing goes on as one of the king's half, its weights
        // as they were; not the other way.
        let plain = FloatNet::read(&file).unwrap();
        let half = FloatNet::read_as(&file, Activation::CReLU, 1, true).unwrap();
        assert!(half.kind.mirrored && half.params == plain.params);
        let err = FloatNet::read_as(&half.to_bytes(), Activation::CReLU, 1, false).unwrap_err();
        assert!(
            err.to_string()
                .contains("residual, CReLU, 1 output bucket, king's half, not the residual")
                && err.to_string().contains("(--king-half)"),
            "{err}"
        );
    }
}
