//! The evaluation network of the modern profile: a small neural network read from
//! `nets/modern.nnue` (or the file a build names with `EVALFILE`, `build.rs`), embedded in
//! the binary. Its inputs are the pieces, 768 a point of view (own or the other side's, six
//! kinds, 64 squares, seen from that side), summed into as many hidden units for each side
//! as the file says by one shared layer, clipped to 0..1, then weighed into one value. The
//! side to move's units come first, so one network serves both colours. The inner loops
//! are in [`simd`], in the version the CPU runs best.
//!
//! Three options, each said by the file's header ([`Kind`]): the clipped units may be
//! squared before they are weighed ([`Activation::SCReLU`]), the output may have several
//! heads, one for each range of the number of pieces on the board ([`bucket`]), and each
//! point of view may see the board mirrored left to right when its own king stands on
//! files e–h ([`Kind::mirrored`]), so that a king on g1 and one on b1 share what they
//! learn. The embedded network has none of them.
//!
//! A network marked *residual* was fitted to what the hand-written evaluation misses: its
//! value is added to [`super::eval::evaluate`]. Integer arithmetic throughout (the layer in
//! 1/[`QA`], the output weights in 1/[`QB`]); nothing allocates after loading. The trainer
//! that writes the file is the lab's (`crate::train::network`).
//!
//! A network is named by its content: the first eight hex digits of its file's SHA-256
//! ([`name_of`]), the name OpenBench gives an uploaded network and its workers check, so a
//! commit, a file and an `EvalFile` (a [`NetFile`]) agree on which network plays.

use std::fmt;
use std::path::Path;
use std::sync::{Arc, LazyLock};

use shakmaty::{Board, Chess, Color, File, Move, Piece, Position, Role, Square};
use thiserror::Error;

use crate::rules::changes;

pub mod simd;

use simd::{LANES, Lanes, Simd};

/// Hidden units for each point of view of the embedded network, and of the networks
/// `train-net` writes unless told otherwise. A file says its own width.
pub const HIDDEN: usize = 128;
/// Inputs for each point of view: own and other pieces, six kinds, 64 squares.
pub const INPUTS: usize = 768;
/// The first layer's weights are stored in 1/QA; a unit is clipped to 0..QA.
pub const QA: i32 = 255;
/// The output weights are stored in 1/QB.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's raw output (the logistic curve's scale in
/// training: a value of `SCALE` centipawns predicts a score of 1 / (1 + e⁻¹)).
pub const SCALE: i32 = 400;

/// The start of every network file.
const MAGIC: &[u8; 4] = b"MHNN";
/// The file layout this build reads.
const VERSION: u16 = 1;
/// Bytes before the weights: magic, version, hidden units, flags, a spare u16.
const HEADER: usize = 12;
/// The flag bit of a residual network.
const RESIDUAL: u16 = 1;
/// The flag bit of a network whose clipped units are squared ([`Activation::SCReLU`]).
const SCRELU: u16 = 2;
/// The flag bit of a network whose points of view see their own king on files a–d.
const MIRROR: u16 = 4;
/// The most output heads a file may have: one for each number of pieces, 2 to 32, is
/// already more than can be told apart.
pub const MAX_BUCKETS: usize = 32;

/// The bytes of the embedded network file.
const EMBEDDED: &[u8] = include_bytes!(env!("MACHACK_NETWORK"));

// An embedded file this build cannot read (an `EVALFILE` of another layout) fails the
// build here, so [`NETWORK`] cannot fail at run time.
const _: () = {
    assert!(
        EMBEDDED.len() >= HEADER
            && EMBEDDED[0] == MAGIC[0]
            && EMBEDDED[1] == MAGIC[1]
            && EMBEDDED[2] == MAGIC[2]
            && EMBEDDED[3] == MAGIC[3],
        "the embedded network (nets/modern.nnue or EVALFILE) is not a machack network file"
    );
    assert!(
        EMBEDDED[4] as u16 | (EMBEDDED[5] as u16) << 8 == VERSION,
        "the embedded network's file version is not the one this build reads"
    );
    let hidden = EMBEDDED[6] as usize | (EMBEDDED[7] as usize) << 8;
    assert!(hidden > 0, "the embedded network has no hidden units");
    let buckets = EMBEDDED[10] as usize | (EMBEDDED[11] as usize) << 8;
    let buckets = if buckets == 0 { 1 } else { buckets };
    assert!(
        buckets <= MAX_BUCKETS,
        "the embedded network has too many output buckets"
    );
    assert!(
        EMBEDDED.len() == file_size(hidden, buckets),
        "the embedded network's size does not match its header"
    );
};

/// The network the engine plays with unless `EvalFile` names another.
pub static NETWORK: LazyLock<Network> = LazyLock::new(|| {
    Network::read(EMBEDDED).expect("the embedded network was checked when it was compiled")
});

/// The embedded network's name ([`name_of`] its file).
pub static EMBEDDED_NAME: LazyLock<String> = LazyLock::new(|| name_of(EMBEDDED));

/// A network's name: the first eight hex digits of the SHA-256 of its file.
pub fn name_of(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)[..4]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A network read from a file (`EvalFile`), with its name; shared by the searches that
/// play with it. Two are equal when their names are.
#[derive(Clone)]
pub struct NetFile {
    name: String,
    network: Arc<Network>,
}

/// Why a network file could not be used.
#[derive(Debug, Error)]
pub enum LoadError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: {source}")]
    Network { path: String, source: NetworkError },
}

impl NetFile {
    /// Reads the network file at `path`.
    pub fn load(path: &Path) -> Result<NetFile, LoadError> {
        let shown = || path.display().to_string();
        let bytes = std::fs::read(path).map_err(|source| LoadError::Read {
            path: shown(),
            source,
        })?;
        let network = Network::read(&bytes).map_err(|source| LoadError::Network {
            path: shown(),
            source,
        })?;
        Ok(NetFile {
            name: name_of(&bytes),
            network: Arc::new(network),
        })
    }

    /// The network's name ([`name_of`] its file).
    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn network(&self) -> &Network {
        &self.network
    }
}

impl PartialEq for NetFile {
    fn eq(&self, other: &NetFile) -> bool {
        self.name == other.name
    }
}

impl Eq for NetFile {}

/// Shows the name, not the weights.
impl fmt::Debug for NetFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NetFile({})", self.name)
    }
}

/// Why a network file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NetworkError {
    #[error("not a machack network file (it does not start with MHNN)")]
    Magic,
    #[error("network file version {0}, this build reads version {VERSION}")]
    Version(u16),
    #[error("the network file says it has no hidden units")]
    NoHidden,
    #[error("the network file has {found} bytes, its header says {expected}")]
    Size { expected: usize, found: usize },
    #[error("the network file sets flag bits {0:#06x} this build does not know")]
    Flags(u16),
    #[error("the network file says {0} output buckets, this build reads at most {MAX_BUCKETS}")]
    Buckets(usize),
    #[error(
        "the network file has an output weight of {found}: with squared units ({hidden} \
         hidden) the output's sum could overflow beyond \u{b1}{bound}"
    )]
    Overflow {
        hidden: usize,
        bound: i32,
        found: i16,
    },
}

/// What a hidden unit gives the output: its value clipped to 0..1, or that squared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Activation {
    /// Clipped ReLU: the unit clipped to 0..[`QA`].
    CReLU,
    /// Squared clipped ReLU: the clipped unit squared (in 1/[`QA`]², the output's sum
    /// divided by [`QA`] before the bias is added, which truncates toward zero).
    SCReLU,
}

impl Activation {
    /// Squared clipped units when `squared` (`--screlu`), else clipped ones.
    pub fn of(squared: bool) -> Activation {
        if squared {
            Activation::SCReLU
        } else {
            Activation::CReLU
        }
    }

    /// The name `machack net` shows.
    pub fn name(self) -> &'static str {
        match self {
            Activation::CReLU => "CReLU",
            Activation::SCReLU => "SCReLU",
        }
    }
}

/// What a network file's header says of its shape beyond its width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kind {
    /// Fitted to the hand-written evaluation's error: add it to that evaluation.
    pub residual: bool,
    pub activation: Activation,
    /// Output heads, 1 to [`MAX_BUCKETS`], chosen by the pieces on the board
    /// ([`bucket`]).
    pub buckets: usize,
    /// Each point of view sees the board mirrored left to right when its own king stands
    /// on files e–h ([`mirrors`]).
    pub mirrored: bool,
}

impl Kind {
    /// What `train-net` makes unless told otherwise, and the kind of `nets/modern.nnue`:
    /// residual, clipped units, one output.
    pub const DEFAULT: Kind = Kind {
        residual: true,
        activation: Activation::CReLU,
        buckets: 1,
        mirrored: false,
    };
}

/// A kind in words, as `machack net` shows it: "residual, CReLU, 1 output bucket", and
/// ", king's half" for a mirrored network.
impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, {}, {} output bucket{}{}",
            if self.residual {
                "residual"
            } else {
                "standalone"
            },
            self.activation.name(),
            self.buckets,
            if self.buckets == 1 { "" } else { "s" },
            if self.mirrored { ", king's half" } else { "" }
        )
    }
}

/// The output head of a position of `pieces` pieces (kings included) in a network of
/// `buckets` heads: (pieces − 2) / ⌈32 / buckets⌉, so each head covers as many piece
/// counts and the last holds the full board.
#[inline]
pub fn bucket(pieces: usize, buckets: usize) -> usize {
    let per = MAX_BUCKETS.div_ceil(buckets);
    (pieces.saturating_sub(2) / per).min(buckets - 1)
}

/// The largest output weight (in 1/[`QB`], either sign) of a network of `hidden` squared
/// units whose output cannot overflow: a clipped unit times its weight stays within 16
/// bits (|w| ≤ 128, as the kernels multiply them there), and the two points of view's
/// `2 · hidden` products of at most [`QA`]² · |w| sum within 32 bits. 128 up to 129
/// units, 64 at 256, 32 at 512, 16 at 1024; the trainer clips the weights to this.
pub const fn screlu_weight_bound(hidden: usize) -> i32 {
    let per_unit = 2 * (QA as i64) * (QA as i64);
    let bound = i32::MAX as i64 / (per_unit * hidden as i64);
    let product = i16::MAX as i64 / QA as i64;
    (if bound < product { bound } else { product }) as i32
}

/// The quantised weights. Each row of units is kept in whole [`Lanes`], padded with
/// zeros: a padding unit is 0 and weighs 0, so it changes no value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Network {
    /// What the header says: residual or not, the activation, the output heads.
    kind: Kind,
    /// Hidden units for each point of view.
    hidden: usize,
    /// The [`Lanes`] of a row of units.
    blocks: usize,
    /// The first layer's biases, in 1/[`QA`]...
    b1: Vec<Lanes>,
    /// ...and its weights, a row of units for each input.
    w1: Vec<Lanes>,
    /// For each output head, the output weights of the side to move's units, then of the
    /// other side's, in 1/[`QB`].
    w2: Vec<Lanes>,
    /// Each head's output bias, in 1/([`QA`]·[`QB`]).
    b2: Vec<i32>,
    /// The version of the inner loops that runs.
    simd: Simd,
}

/// The number of bytes of a file with `hidden` units and `buckets` output heads.
pub const fn file_size(hidden: usize, buckets: usize) -> usize {
    HEADER + 2 * (hidden + INPUTS * hidden + 2 * hidden * buckets) + 4 * buckets
}

/// The first bytes of a file of a network with `hidden` units of `kind`; the weights
/// follow, little-endian: b1, w1 by input, w2 head after head, then each head's b2 as 32
/// bits. The header: magic, version, hidden, flags (1 residual, 2 squared units, 4 the
/// king's half), heads (written 0 for one head, as files before heads were).
pub fn header(hidden: usize, kind: Kind) -> [u8; HEADER] {
    let mut bytes = [0; HEADER];
    bytes[..4].copy_from_slice(MAGIC);
    bytes[4..6].copy_from_slice(&VERSION.to_le_bytes());
    bytes[6..8].copy_from_slice(&(hidden as u16).to_le_bytes());
    let mut flags = if kind.residual { RESIDUAL } else { 0 };
    if kind.activation == Activation::SCReLU {
        flags |= SCRELU;
    }
    if kind.mirrored {
        flags |= MIRROR;
    }
    bytes[8..10].copy_from_slice(&flags.to_le_bytes());
    let buckets = if kind.buckets > 1 { kind.buckets } else { 0 };
    bytes[10..12].copy_from_slice(&(buckets as u16).to_le_bytes());
    bytes
}

impl Network {
    /// Reads a network file (little-endian: the header, then b1, w1 by input, w2, b2;
    /// [`header`]).
    pub fn read(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < HEADER || &bytes[..4] != MAGIC {
            return Err(NetworkError::Magic);
        }
        let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
        if u16_at(4) != VERSION {
            return Err(NetworkError::Version(u16_at(4)));
        }
        let hidden = usize::from(u16_at(6));
        if hidden == 0 {
            return Err(NetworkError::NoHidden);
        }
        let flags = u16_at(8);
        let known = RESIDUAL | SCRELU | MIRROR;
        if flags & !known != 0 {
            return Err(NetworkError::Flags(flags & !known));
        }
        let buckets = usize::from(u16_at(10)).max(1);
        if buckets > MAX_BUCKETS {
            return Err(NetworkError::Buckets(buckets));
        }
        if bytes.len() != file_size(hidden, buckets) {
            return Err(NetworkError::Size {
                expected: file_size(hidden, buckets),
                found: bytes.len(),
            });
        }
        let blocks = hidden.div_ceil(LANES);
        let mut words = bytes[HEADER..]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut rows = |n: usize| -> Vec<Lanes> {
            let mut out = vec![Lanes::ZERO; n * blocks];
            for row in out.chunks_exact_mut(blocks) {
                for (unit, w) in row
                    .iter_mut()
                    .flat_map(|l| &mut l.0)
                    .zip(words.by_ref().take(hidden))
                {
                    *unit = w;
                }
            }
            out
        };
        let b1 = rows(1);
        let w1 = rows(INPUTS);
        let w2 = rows(2 * buckets);
        let activation = if flags & SCRELU != 0 {
            Activation::SCReLU
        } else {
            Activation::CReLU
        };
        if activation == Activation::SCReLU {
            let bound = screlu_weight_bound(hidden);
            let over = units(&w2, usize::MAX).find(|w| i32::from(*w).abs() > bound);
            if let Some(found) = over {
                return Err(NetworkError::Overflow {
                    hidden,
                    bound,
                    found,
                });
            }
        }
        let b2 = bytes[bytes.len() - 4 * buckets..]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        Ok(Network {
            kind: Kind {
                residual: flags & RESIDUAL != 0,
                activation,
                buckets,
                mirrored: flags & MIRROR != 0,
            },
            hidden,
            blocks,
            b1,
            w1,
            w2,
            b2,
            simd: Simd::detect(),
        })
    }

    /// What the header says: residual or not, the activation, the output heads.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Hidden units for each point of view.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The version of the inner loops this network runs.
    pub fn simd(&self) -> Simd {
        self.simd
    }

    /// The network computing with `simd` instead (the tests compare versions).
    pub fn with_simd(mut self, simd: Simd) -> Network {
        self.simd = simd;
        self
    }

    /// The first layer's biases, in 1/[`QA`].
    pub fn b1(&self) -> impl Iterator<Item = i16> + '_ {
        units(&self.b1, self.hidden)
    }

    /// The first layer's weights of `input`, a weight for each unit, in 1/[`QA`].
    pub fn w1(&self, input: usize) -> impl Iterator<Item = i16> + '_ {
        units(self.row(input), self.hidden)
    }

    /// The output weights of head `b` of the side to move's units (`k` = 0) or of the
    /// other side's (1), in 1/[`QB`].
    pub fn w2(&self, b: usize, k: usize) -> impl Iterator<Item = i16> + '_ {
        let row = 2 * b + k;
        units(
            &self.w2[row * self.blocks..(row + 1) * self.blocks],
            self.hidden,
        )
    }

    /// The output bias of head `b`, in 1/([`QA`]·[`QB`]).
    pub fn b2(&self, b: usize) -> i32 {
        self.b2[b]
    }

    /// The first layer's row of `input`.
    #[inline]
    fn row(&self, input: usize) -> &[Lanes] {
        &self.w1[input * self.blocks..(input + 1) * self.blocks]
    }

    /// The network's value of `pos` in centipawns for the side to move (its correction
    /// alone, for a residual network), at the training scale.
    pub fn evaluate(&self, pos: &Chess) -> i32 {
        let acc = Accumulator::of(self, pos.board());
        self.output(&acc, pos, SCALE)
    }

    /// The value of the units `acc` of `pos` (its side to move and, for the output head,
    /// its number of pieces), in centipawns at `scale` centipawns per unit of output
    /// ([`SCALE`] as trained).
    #[inline]
    pub fn output(&self, acc: &Accumulator, pos: &Chess, scale: i32) -> i32 {
        let turn = pos.turn();
        let n = self.blocks;
        let buckets = self.kind.buckets;
        let b = if buckets == 1 {
            0
        } else {
            bucket(pos.board().occupied().count(), buckets)
        };
        let (ours, theirs) = self.w2[2 * b * n..2 * (b + 1) * n].split_at(n);
        let (us, them) = (acc.view(view(turn), n), acc.view(view(!turn), n));
        let sum = match self.kind.activation {
            Activation::CReLU => self
                .simd
                .dot(us, ours)
                .wrapping_add(self.simd.dot(them, theirs)),
            // In 1/(QA²·QB), within 32 bits by `screlu_weight_bound`; brought to
            // 1/(QA·QB).
            Activation::SCReLU => {
                self.simd
                    .dot_squared(us, ours)
                    .wrapping_add(self.simd.dot_squared(them, theirs))
                    / QA
            }
        }
        .wrapping_add(self.b2[b]);
        (i64::from(sum) * i64::from(scale) / i64::from(QA * QB)) as i32
    }
}

/// The first `hidden` units of `lanes`.
fn units(lanes: &[Lanes], hidden: usize) -> impl Iterator<Item = i16> + '_ {
    lanes.iter().flat_map(|l| l.0).take(hidden)
}

/// The index of a point of view in an [`Accumulator`].
#[inline]
fn view(color: Color) -> usize {
    color.fold_wb(0, 1)
}

/// The input a piece on a square is for the point of view of `side`, which sees the board
/// mirrored left to right if `mirrored` ([`mirrors`]).
#[inline]
pub fn feature(side: Color, piece: Piece, sq: Square, mirrored: bool) -> usize {
    let other = usize::from(piece.color != side);
    let kind = usize::from(piece.role) - 1;
    let seen = side.fold_wb(sq, sq.flip_vertical());
    let seen = if mirrored {
        seen.flip_horizontal()
    } else {
        seen
    };
    (other * 6 + kind) * 64 + usize::from(seen)
}

/// Whether a king on `king` has its side's point of view mirrored in a network that
/// mirrors ([`Kind::mirrored`]): it stands on files e–h.
#[inline]
pub fn king_half(king: Square) -> bool {
    king.file() >= File::E
}

/// Whether the point of view of `side` sees `board` mirrored in a network of `kind`.
#[inline]
pub fn mirrors(kind: Kind, side: Color, board: &Board) -> bool {
    kind.mirrored && board.king_of(side).is_some_and(king_half)
}

/// The first layer's units for both points of view (White's, then Black's), before
/// clipping, in the [`Lanes`] of the network they were computed by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Accumulator {
    units: Vec<Lanes>,
}

impl Accumulator {
    /// Units of no piece and no network, without allocating (to be filled by
    /// [`Accumulator::refresh`] or [`Accumulator::play`]).
    pub const fn zero() -> Accumulator {
        Accumulator { units: Vec::new() }
    }

    /// The units of `board`, summed from scratch.
    pub fn of(net: &Network, board: &Board) -> Accumulator {
        let mut acc = Accumulator::zero();
        acc.refresh(net, board);
        acc
    }

    /// Becomes the units of `board`, summed from scratch.
    pub fn refresh(&mut self, net: &Network, board: &Board) {
        self.fit(net);
        for side in Color::ALL {
            self.refresh_view(net, board, side);
        }
    }

    /// The units of `side`'s point of view of `board`, summed from scratch.
    fn refresh_view(&mut self, net: &Network, board: &Board, side: Color) {
        let (n, v) = (net.blocks, view(side));
        let mirrored = mirrors(net.kind, side, board);
        let units = &mut self.units[v * n..(v + 1) * n];
        units.copy_from_slice(&net.b1);
        for (sq, piece) in board {
            let row = net.row(feature(side, piece, sq, mirrored));
            net.simd.update(units, None, [row], []);
        }
    }

    /// Becomes the units after `mover` plays `m` in the position of `parent`'s units, the
    /// board after it being `board`: the moved pieces' inputs shift, a captured piece's
    /// drop out. A king that crosses into the other half of the board turns its side's
    /// point of view round in a mirrored network: that one is summed afresh.
    #[inline]
    pub fn play(
        &mut self,
        net: &Network,
        parent: &Accumulator,
        m: Move,
        mover: Color,
        board: &Board,
    ) {
        let n = self.fit(net);
        let Some(c) = changes(m, mover) else {
            self.units.copy_from_slice(&parent.units);
            return;
        };
        let turned = net.kind.mirrored
            && c.from.0.role == Role::King
            && king_half(c.from.1) != king_half(c.to.1);
        for s in Color::ALL {
            if turned && s == mover {
                self.refresh_view(net, board, s);
                continue;
            }
            let v = view(s);
            // Its king stayed on its half, so the board after the move says which it is.
            let mirrored = mirrors(net.kind, s, board);
            let units = &mut self.units[v * n..(v + 1) * n];
            let before = Some(parent.view(v, n));
            let row = |(piece, sq)| net.row(feature(s, piece, sq, mirrored));
            let (from, to) = (row(c.from), row(c.to));
            match (c.taken, c.rook) {
                (None, None) => net.simd.update(units, before, [to], [from]),
                (Some(taken), None) => net.simd.update(units, before, [to], [from, row(taken)]),
                (None, Some((rook, out, into))) => net.simd.update(
                    units,
                    before,
                    [to, row((rook, into))],
                    [from, row((rook, out))],
                ),
                // No move both takes and castles; were there one, it would still add up.
                (Some(taken), Some((rook, out, into))) => {
                    net.simd.update(units, before, [to], [from, row(taken)]);
                    net.simd
                        .update(units, None, [row((rook, into))], [row((rook, out))]);
                }
            }
        }
    }

    /// Sizes the units for `net` (allocating only the first time a frame meets a network of
    /// this width); returns the [`Lanes`] of a point of view.
    #[inline]
    fn fit(&mut self, net: &Network) -> usize {
        if self.units.len() != 2 * net.blocks {
            self.units.resize(2 * net.blocks, Lanes::ZERO);
        }
        net.blocks
    }

    /// The units of the point of view `v`, `n` [`Lanes`] a view.
    #[inline]
    fn view(&self, v: usize, n: usize) -> &[Lanes] {
        &self.units[v * n..(v + 1) * n]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::pos;
    use crate::search::modern::level::mix;
    use shakmaty::Role;

    #[test]
    fn the_embedded_network_loads() {
        assert_eq!(NETWORK.hidden(), HIDDEN);
        let start = NETWORK.evaluate(&Chess::default());
        assert!(start.abs() < 100, "{start}");
    }

    #[test]
    fn a_file_that_does_not_fit_is_refused() {
        let good = include_bytes!("../../../../nets/modern.nnue");
        assert!(Network::read(good).is_ok());
        assert_eq!(Network::read(b"NNUE"), Err(NetworkError::Magic));
        let short = &good[..good.len() - 2];
        assert!(matches!(
            Network::read(short),
            Err(NetworkError::Size { .. })
        ));
        // A file of another width is read at the width its header says.
        let mut other = good.to_vec();
        other[6] = other[6].wrapping_add(1);
        let expected = file_size(HIDDEN + 1, 1);
        assert_eq!(
            Network::read(&other),
            Err(NetworkError::Size {
                expected,
                found: good.len()
            })
        );
        other[6..8].copy_from_slice(&[0, 0]);
        assert_eq!(Network::read(&other), Err(NetworkError::NoHidden));
        other = good.to_vec();
        other[4] = 9;
        assert_eq!(Network::read(&other), Err(NetworkError::Version(9)));
    }

    #[test]
    fn a_file_of_another_kind_that_does_not_fit_is_refused() {
        let kind = Kind {
            residual: false,
            activation: Activation::SCReLU,
            buckets: 8,
            mirrored: false,
        };
        let good = noisy_file(64, 9, kind);
        assert!(Network::read(&good).is_ok());
        // The header says how many heads, so the size the weights must have.
        let mut other = good.clone();
        other[10..12].copy_from_slice(&7u16.to_le_bytes());
        assert_eq!(
            Network::read(&other),
            Err(NetworkError::Size {
                expected: file_size(64, 7),
                found: good.len()
            })
        );
        other[10..12].copy_from_slice(&33u16.to_le_bytes());
        assert_eq!(Network::read(&other), Err(NetworkError::Buckets(33)));
        assert!(
            NetworkError::Buckets(33)
                .to_string()
                .contains("33 output buckets, this build reads at most 32")
        );
        // One head read as eight: too short.
        let mut one = noisy_file(64, 9, Kind::DEFAULT);
        one[10..12].copy_from_slice(&8u16.to_le_bytes());
        assert!(matches!(
            Network::read(&one),
            Err(NetworkError::Size { expected, .. }) if expected == file_size(64, 8)
        ));
        // Flags this build does not know.
        other = good.clone();
        other[8..10].copy_from_slice(&(RESIDUAL | 8).to_le_bytes());
        assert_eq!(Network::read(&other), Err(NetworkError::Flags(8)));
        // An output weight of squared units beyond the bound: the sum could overflow.
        let bound = screlu_weight_bound(64);
        assert_eq!(bound, 128);
        let first_w2 = HEADER + 2 * (64 + INPUTS * 64);
        other = good.clone();
        other[first_w2..first_w2 + 2].copy_from_slice(&(-129i16).to_le_bytes());
        assert_eq!(
            Network::read(&other),
            Err(NetworkError::Overflow {
                hidden: 64,
                bound: 128,
                found: -129
            })
        );
        // The same weight with clipped units is fine.
        other[8..10].copy_from_slice(&0u16.to_le_bytes());
        assert!(Network::read(&other).is_ok());
    }

    #[test]
    fn the_weight_bound_keeps_the_squared_sum_within_32_bits() {
        for hidden in [1, 100, 128, 129, 130, 256, 512, 768, 1024, 4096, 16000] {
            let bound = i64::from(screlu_weight_bound(hidden));
            assert!(bound >= 1, "{hidden}");
            // A clipped unit times a weight fits in 16 bits...
            assert!(i64::from(QA) * bound <= i64::from(i16::MAX), "{hidden}");
            // ...and the largest sum of both points of view in 32.
            let worst = 2 * hidden as i64 * i64::from(QA * QA) * bound;
            assert!(worst <= i64::from(i32::MAX), "{hidden}");
            // The bound is the largest that does.
            let over = 2 * hidden as i64 * i64::from(QA * QA) * (bound + 1);
            assert!(bound == 128 || over > i64::from(i32::MAX), "{hidden}");
        }
        assert_eq!(
            [256, 512, 1024].map(screlu_weight_bound),
            [64, 32, 16],
            "the figures of the doc comment"
        );
    }

    /// Every unit at the top and every weight at the bound, the largest sum there is: the
    /// value is the exact one, in every version of the loops.
    #[test]
    fn squared_units_at_their_largest_do_not_overflow() {
        for hidden in [100, 512, 1024] {
            let bound = screlu_weight_bound(hidden) as i16;
            let mut bytes = header(
                hidden,
                Kind {
                    activation: Activation::SCReLU,
                    ..Kind::DEFAULT
                },
            )
            .to_vec();
            let words = (0..hidden)
                .map(|_| 1000i16) // every unit clipped to 255
                .chain((0..INPUTS * hidden).map(|_| 0))
                .chain((0..2 * hidden).map(|_| -bound));
            bytes.extend(words.flat_map(i16::to_le_bytes));
            bytes.extend(0i32.to_le_bytes());
            let net = Network::read(&bytes).unwrap();
            let exact = -2 * hidden as i64 * i64::from(QA * QA) * i64::from(bound) / i64::from(QA);
            let expected = exact * i64::from(SCALE) / i64::from(QA * QB);
            for simd in Simd::available() {
                let net = net.clone().with_simd(simd);
                let got = net.evaluate(&Chess::default());
                assert_eq!(i64::from(got), expected, "{hidden} {}", simd.name());
            }
        }
    }

    #[test]
    fn the_head_is_chosen_by_the_pieces_on_the_board() {
        assert_eq!(
            [2, 5, 6, 9, 10, 31, 32].map(|p| bucket(p, 8)),
            [0, 0, 1, 1, 2, 7, 7]
        );
        assert_eq!([2, 32].map(|p| bucket(p, 1)), [0, 0]);
        assert_eq!([2, 3, 32].map(|p| bucket(p, 32)), [0, 1, 30]);
        for n in 1..=MAX_BUCKETS {
            let heads: Vec<usize> = (2..=32).map(|p| bucket(p, n)).collect();
            assert!(heads.windows(2).all(|w| w[0] <= w[1]), "{n}");
            assert!(heads.iter().all(|&b| b < n), "{n}");
            // The full board has the last head but where 32 heads leave some unused.
            assert_eq!(heads[30], (n - 1).min(30 / MAX_BUCKETS.div_ceil(n)), "{n}");
        }
    }

    /// The value of `pos` computed from the weights as read, in 64 bits: the formula the
    /// loops compute.
    fn by_hand(net: &Network, pos: &Chess) -> i32 {
        let b = bucket(pos.board().occupied().count(), net.kind().buckets);
        let mut sum = 0i64;
        for (k, side) in [pos.turn(), !pos.turn()].into_iter().enumerate() {
            let mut units: Vec<i64> = net.b1().map(i64::from).collect();
            let mirrored = mirrors(net.kind(), side, pos.board());
            for (sq, piece) in pos.board() {
                let input = feature(side, piece, sq, mirrored);
                for (u, w) in units.iter_mut().zip(net.w1(input)) {
                    *u += i64::from(w);
                }
            }
            for (u, w) in units.iter().zip(net.w2(b, k)) {
                let c = (*u).clamp(0, i64::from(QA));
                sum += match net.kind().activation {
                    Activation::CReLU => c * i64::from(w),
                    Activation::SCReLU => c * c * i64::from(w),
                };
            }
        }
        if net.kind().activation == Activation::SCReLU {
            sum /= i64::from(QA);
        }
        sum += i64::from(net.b2(b));
        (sum * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    #[test]
    fn every_kind_evaluates_as_its_formula_says() {
        for (i, kind) in KINDS.into_iter().enumerate() {
            let net = Network::read(&noisy_file(100, 20 + i as u64, kind)).unwrap();
            let mut heads = std::collections::BTreeSet::new();
            for game in 0..4 {
                for (pos, _) in random_game(500 + game, 300) {
                    assert_eq!(net.evaluate(&pos), by_hand(&net, &pos), "{kind:?} {pos:?}");
                    heads.insert(bucket(pos.board().occupied().count(), kind.buckets));
                }
            }
            assert!(heads.len() >= kind.buckets.min(3), "{kind:?}: {heads:?}");
        }
    }

    /// Fails when `nets/modern.nnue` changes: write its new name here and in
    /// docs/network.md, so the commit says which network it embeds.
    #[test]
    fn the_committed_network_is_named_by_its_content() {
        let committed = include_bytes!("../../../../nets/modern.nnue");
        assert_eq!(name_of(committed), "00c9b774");
        assert_eq!(name_of(b"abc"), "ba7816bf", "SHA-256 of abc");
    }

    #[test]
    fn a_network_file_loads_with_its_name_and_a_bad_one_says_why() {
        let dir = std::env::temp_dir().join(format!("machack-netfile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.nnue");
        std::fs::write(&good, EMBEDDED).unwrap();
        let net = NetFile::load(&good).unwrap();
        assert_eq!(
            (net.name(), net.network()),
            (EMBEDDED_NAME.as_str(), &*NETWORK)
        );
        let bad = dir.join("bad.nnue");
        std::fs::write(&bad, &EMBEDDED[..100]).unwrap();
        let text = NetFile::load(&bad).unwrap_err().to_string();
        let why = format!(
            "bad.nnue: the network file has 100 bytes, its header says {}",
            file_size(HIDDEN, 1)
        );
        assert!(text.ends_with(&why), "{text}");
        let missing = NetFile::load(&dir.join("none.nnue"))
            .unwrap_err()
            .to_string();
        assert!(
            missing.starts_with("cannot read ") && missing.contains("none.nnue"),
            "{missing}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn features_see_the_board_from_each_side() {
        let white_pawn = Piece {
            color: Color::White,
            role: Role::Pawn,
        };
        assert_eq!(feature(Color::White, white_pawn, Square::E2, false), 12);
        // For Black, a white pawn on e2 is the other side's pawn on e7.
        assert_eq!(
            feature(Color::Black, white_pawn, Square::E2, false),
            384 + 52
        );
        let black_king = Piece {
            color: Color::Black,
            role: Role::King,
        };
        assert_eq!(
            feature(Color::Black, black_king, Square::E8, false),
            5 * 64 + 4
        );
        // Mirrored, e2 is seen on d2, and Black's e7 on d7.
        assert_eq!(feature(Color::White, white_pawn, Square::E2, true), 11);
        assert_eq!(
            feature(Color::Black, white_pawn, Square::E2, true),
            384 + 51
        );
    }

    #[test]
    fn a_point_of_view_is_mirrored_when_its_own_king_stands_on_files_e_to_h() {
        let mirrored = Kind {
            mirrored: true,
            ..Kind::DEFAULT
        };
        let board = pos("6k1/8/8/8/8/8/8/2K5 w - - 0 1").board().clone();
        assert!(!mirrors(mirrored, Color::White, &board), "c1");
        assert!(mirrors(mirrored, Color::Black, &board), "g8");
        assert!(
            !mirrors(Kind::DEFAULT, Color::Black, &board),
            "not a mirrored network"
        );
        assert_eq!(
            File::ALL.map(|f| king_half(Square::from_coords(f, shakmaty::Rank::First))),
            [false, false, false, false, true, true, true, true]
        );
    }

    /// In a mirrored network a position and its mirror image left to right (no castling
    /// rights, which do not mirror) have the same inputs, so the same value; a network
    /// that does not mirror tells them apart.
    #[test]
    fn a_mirrored_network_scores_a_position_and_its_mirror_image_the_same() {
        let kind = Kind {
            residual: false,
            mirrored: true,
            ..Kind::DEFAULT
        };
        let net = Network::read(&noisy_file(100, 31, kind)).unwrap();
        let plain = Network::read(&noisy_file(100, 31, Kind::DEFAULT)).unwrap();
        let a = pos("r1bq1rk1/pp3ppp/2n1pn2/3p4/1bPP4/2NBPN2/PP3PPP/R1BQK2R w - - 0 8");
        let b = pos("1kr1qb1r/ppp3pp/2np1n2/4p3/4PPb1/2NPBN2/PPP3PP/R2KQB1R w - - 0 8");
        assert_eq!(net.evaluate(&a), net.evaluate(&b));
        assert_ne!(plain.evaluate(&a), plain.evaluate(&b));
    }

    /// A network file of `hidden` units of `kind` with every weight set from a hash, so
    /// every input matters (the output weights as large as squared units allow).
    fn noisy_file(hidden: usize, seed: u64, kind: Kind) -> Vec<u8> {
        let mut k = seed;
        let mut next = |spread: u64| {
            k = mix(k);
            (k % (2 * spread + 1)) as i16 - spread as i16
        };
        let out = match kind.activation {
            Activation::CReLU => 60,
            Activation::SCReLU => screlu_weight_bound(hidden) as u64,
        };
        let mut bytes = header(hidden, kind).to_vec();
        let layer = hidden + INPUTS * hidden;
        let words = (0..layer + 2 * hidden * kind.buckets).map(|i| match i {
            i if i < hidden => next(20) + 60,
            i if i < layer => next(20),
            _ => next(out),
        });
        bytes.extend(words.flat_map(i16::to_le_bytes));
        for b in 0..kind.buckets as i32 {
            bytes.extend((-1234 + 1000 * b).to_le_bytes());
        }
        bytes
    }

    /// The kinds of network the tests try: the embedded one's, squared units, eight heads,
    /// both, standalone, the king's half, and that with the rest.
    const KINDS: [Kind; 7] = [
        Kind::DEFAULT,
        Kind {
            activation: Activation::SCReLU,
            ..Kind::DEFAULT
        },
        Kind {
            buckets: 8,
            ..Kind::DEFAULT
        },
        Kind {
            residual: false,
            activation: Activation::SCReLU,
            buckets: 8,
            mirrored: false,
        },
        Kind {
            residual: false,
            ..Kind::DEFAULT
        },
        Kind {
            mirrored: true,
            ..Kind::DEFAULT
        },
        Kind {
            residual: false,
            activation: Activation::SCReLU,
            buckets: 8,
            mirrored: true,
        },
    ];

    fn noisy() -> Network {
        Network::read(&noisy_file(HIDDEN, 7, Kind::DEFAULT)).unwrap()
    }

    /// The positions of a game of random legal moves from the start, `seed` choosing them.
    fn random_game(seed: u64, plies: usize) -> Vec<(Chess, Option<Move>)> {
        let mut pos = Chess::default();
        let mut k = seed;
        let mut out = Vec::new();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            k = mix(k);
            let m = moves[(k % moves.len() as u64) as usize];
            out.push((pos.clone(), Some(m)));
            pos.play_unchecked(m);
        }
        out.push((pos, None));
        out
    }

    #[test]
    fn a_file_says_its_width_and_kind_and_weights_read_back_as_written() {
        for kind in KINDS {
            let bytes = noisy_file(100, 3, kind);
            assert_eq!(bytes.len(), file_size(100, kind.buckets));
            let net = Network::read(&bytes).unwrap();
            assert_eq!((net.hidden(), net.blocks, net.kind()), (100, 4, kind));
            let b = kind.buckets;
            let words: Vec<i16> = net
                .b1()
                .chain((0..INPUTS).flat_map(|f| net.w1(f)))
                .chain((0..b).flat_map(|h| net.w2(h, 0).chain(net.w2(h, 1))))
                .collect();
            let written: Vec<i16> = bytes[HEADER..bytes.len() - 4 * b]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect();
            assert_eq!(words, written);
            let biases: Vec<i32> = (0..b).map(|h| net.b2(h)).collect();
            let expected: Vec<i32> = (0..b as i32).map(|h| -1234 + 1000 * h).collect();
            assert_eq!(biases, expected);
        }
        let bytes = noisy_file(100, 3, Kind::DEFAULT);
        let net = Network::read(&bytes).unwrap();
        // The padding of the last Lanes of a row stays zero.
        assert!(
            net.w1[..]
                .iter()
                .chain(&net.b1)
                .chain(&net.w2)
                .enumerate()
                .all(|(i, l)| i % net.blocks != 3 || l.0[100 % LANES..].iter().all(|&w| w == 0))
        );
    }

    /// Every version of the inner loops this CPU has scores random positions of networks of
    /// several widths (100 pads its last Lanes) as the plain loops do, move by move and
    /// from scratch.
    #[test]
    fn every_simd_version_evaluates_as_the_plain_loops() {
        let widths = [(HIDDEN, 1), (100, 2), (512, 3), (1024, 4)];
        for ((hidden, seed), kind) in widths.into_iter().flat_map(|w| KINDS.map(|k| (w, k))) {
            let plain = Network::read(&noisy_file(hidden, seed, kind))
                .unwrap()
                .with_simd(Simd::PORTABLE);
            let fast: Vec<Network> = Simd::available()
                .into_iter()
                .map(|s| plain.clone().with_simd(s))
                .collect();
            for game in 0..3 {
                let line = random_game(seed * 100 + game, 120);
                let mut accs = vec![Accumulator::of(&plain, line[0].0.board()); fast.len()];
                let mut acc = accs[0].clone();
                for (pos, m) in &line {
                    let value = plain.output(&acc, pos, SCALE);
                    assert_eq!(plain.evaluate(pos), value);
                    for (net, a) in fast.iter().zip(&mut accs) {
                        assert_eq!(*a, acc, "{} {hidden} {pos:?}", net.simd.name());
                        let got = net.output(a, pos, SCALE);
                        assert_eq!(got, value, "{} {hidden} {pos:?}", net.simd.name());
                        assert_eq!(net.evaluate(pos), value, "{}", net.simd.name());
                        if let Some(m) = *m {
                            let mut next = Accumulator::zero();
                            next.play(net, a, m, pos.turn(), after(pos, m).board());
                            *a = next;
                        }
                    }
                    if let Some(m) = *m {
                        let mut next = Accumulator::zero();
                        next.play(&plain, &acc, m, pos.turn(), after(pos, m).board());
                        acc = next;
                    }
                }
            }
        }
    }

    /// The position after `m` in `pos`.
    fn after(pos: &Chess, m: Move) -> Chess {
        let mut next = pos.clone();
        next.play_unchecked(m);
        next
    }

    #[test]
    fn units_of_random_games_played_move_by_move_are_the_units_summed_afresh() {
        let mirrored = Kind {
            mirrored: true,
            ..Kind::DEFAULT
        };
        for (hidden, seed, kind) in [(HIDDEN, 5, Kind::DEFAULT), (100, 6, Kind::DEFAULT)]
            .into_iter()
            .chain([(HIDDEN, 7, mirrored), (100, 8, mirrored)])
        {
            let net = Network::read(&noisy_file(hidden, seed, kind)).unwrap();
            let mut turned = 0;
            for game in 0..8 {
                let line = random_game(seed * 100 + game, 200);
                let mut acc = Accumulator::of(&net, line[0].0.board());
                for (pos, m) in &line {
                    assert_eq!(acc, Accumulator::of(&net, pos.board()), "{pos:?}");
                    if let Some(m) = *m {
                        // A frame reused: the units written over, never allocated again.
                        let mut next = acc.clone();
                        let child = after(pos, m);
                        next.play(&net, &acc, m, pos.turn(), child.board());
                        let side = |b: &Board| mirrors(kind, pos.turn(), b);
                        turned += usize::from(side(pos.board()) != side(child.board()));
                        acc = next;
                    }
                }
            }
            // The random kings cross between the halves, so the turned points of view
            // were summed afresh and checked.
            assert_eq!(turned > 0, kind.mirrored, "{kind:?}");
        }
    }

    #[test]
    fn units_played_move_by_move_are_the_units_summed_afresh() {
        let mirrored = Kind {
            mirrored: true,
            ..Kind::DEFAULT
        };
        for net in [
            noisy(),
            Network::read(&noisy_file(HIDDEN, 9, mirrored)).unwrap(),
        ] {
            special_moves_add_up(&net);
        }
    }

    fn special_moves_add_up(net: &Network) {
        // Castling both ways for both colours (as king takes rook), en passant, promotions
        // with and without a capture, and a Chess960 castling where the rook stays put.
        let lines: [(&str, &[&str]); 4] = [
            (
                "r3k2r/pppq1ppp/2n1bn2/3pp3/1bPP4/2NBPN2/PP1BQPPP/R3K2R w KQkq - 0 1",
                &["e1h1", "e8a8", "c4d5", "e5d4"],
            ),
            (
                "4k3/1P6/8/3pP3/8/8/6p1/4K2R w K d6 0 1",
                &["e5d6", "g2h1q", "e1d2", "h1a1", "b7b8n"],
            ),
            ("r3k3/8/8/8/8/8/8/4K3 b q - 0 1", &["e8a8"]),
            ("4k3/8/8/8/8/8/8/4KR2 w F - 0 1", &["e1f1"]),
        ];
        for (fen, moves) in lines {
            let mut pos: Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
                .unwrap()
                .into_position(shakmaty::CastlingMode::Chess960)
                .unwrap();
            let mut acc = Accumulator::of(net, pos.board());
            for uci in moves {
                let m = uci
                    .parse::<shakmaty::uci::UciMove>()
                    .unwrap()
                    .to_move(&pos)
                    .unwrap_or_else(|e| panic!("{uci} in {fen}: {e}"));
                let mut next = Accumulator::zero();
                next.play(net, &acc, m, pos.turn(), after(&pos, m).board());
                pos.play_unchecked(m);
                acc = next;
                assert_eq!(acc, Accumulator::of(net, pos.board()), "{fen} after {uci}");
            }
        }
    }

    #[test]
    fn colour_flipped_positions_score_the_same() {
        let a = pos("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let b = pos("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4");
        assert_eq!(NETWORK.evaluate(&a), NETWORK.evaluate(&b));
    }
}
