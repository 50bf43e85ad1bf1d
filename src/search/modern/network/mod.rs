//! The evaluation network of the modern profile: a small neural network read from
//! `nets/modern.nnue` (or the file a build names with `EVALFILE`, `build.rs`), embedded in
//! the binary. Its inputs are the pieces, 768 a point of view (own or the other side's, six
//! kinds, 64 squares, seen from that side), summed into [`HIDDEN`] units for each side by
//! one shared layer, clipped to 0..1, then weighed into one value. The side to move's
//! units come first, so one network serves both colours.
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

use shakmaty::{Board, Chess, Color, Move, Piece, Position, Square};
use thiserror::Error;

use crate::rules::changes;

/// Hidden units for each point of view.
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
    assert!(
        EMBEDDED[6] as usize | (EMBEDDED[7] as usize) << 8 == HIDDEN,
        "the embedded network's hidden layer is not the size this build has"
    );
    assert!(
        EMBEDDED.len() == file_size(),
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
    #[error("the network has {0} hidden units, this build has {HIDDEN}")]
    Hidden(u16),
    #[error("the network file has {found} bytes, its header says {expected}")]
    Size { expected: usize, found: usize },
}

/// The quantised weights.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Network {
    /// Fitted to the hand-written evaluation's error: add it to that evaluation.
    pub residual: bool,
    /// The first layer's biases, in 1/[`QA`]...
    pub b1: [i16; HIDDEN],
    /// ...and its weights, a row of units for each input.
    pub w1: Vec<[i16; HIDDEN]>,
    /// The output weights of the side to move's units, then of the other side's, in
    /// 1/[`QB`].
    pub w2: [[i16; HIDDEN]; 2],
    /// The output bias, in 1/([`QA`]·[`QB`]).
    pub b2: i32,
}

/// The number of bytes of a file with `HIDDEN` units.
pub const fn file_size() -> usize {
    HEADER + 2 * (HIDDEN + INPUTS * HIDDEN + 2 * HIDDEN) + 4
}

/// The first bytes of a file of a network with `hidden` units, residual or not; the
/// weights follow, little-endian: b1, w1 by input, w2, then b2 as 32 bits.
pub fn header(hidden: usize, residual: bool) -> [u8; HEADER] {
    let mut bytes = [0; HEADER];
    bytes[..4].copy_from_slice(MAGIC);
    bytes[4..6].copy_from_slice(&VERSION.to_le_bytes());
    bytes[6..8].copy_from_slice(&(hidden as u16).to_le_bytes());
    let flags = if residual { RESIDUAL } else { 0 };
    bytes[8..10].copy_from_slice(&flags.to_le_bytes());
    bytes
}

impl Network {
    /// Reads a network file (little-endian: the header, then b1, w1 by input, w2, b2).
    pub fn read(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < HEADER || &bytes[..4] != MAGIC {
            return Err(NetworkError::Magic);
        }
        let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
        if u16_at(4) != VERSION {
            return Err(NetworkError::Version(u16_at(4)));
        }
        if usize::from(u16_at(6)) != HIDDEN {
            return Err(NetworkError::Hidden(u16_at(6)));
        }
        if bytes.len() != file_size() {
            return Err(NetworkError::Size {
                expected: file_size(),
                found: bytes.len(),
            });
        }
        let mut words = bytes[HEADER..]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut row = || std::array::from_fn(|_| words.next().unwrap_or(0));
        let b1 = row();
        let w1 = (0..INPUTS).map(|_| row()).collect();
        let w2 = [row(), row()];
        let tail = &bytes[bytes.len() - 4..];
        Ok(Network {
            residual: u16_at(8) & RESIDUAL != 0,
            b1,
            w1,
            w2,
            b2: i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]),
        })
    }

    /// The network's value of `pos` in centipawns for the side to move (its correction
    /// alone, for a residual network), at the training scale.
    pub fn evaluate(&self, pos: &Chess) -> i32 {
        let acc = Accumulator::of(self, pos.board());
        self.output(&acc, pos.turn(), SCALE)
    }

    /// The value of the units `acc` with `turn` to move, in centipawns at `scale`
    /// centipawns per unit of output ([`SCALE`] as trained).
    pub fn output(&self, acc: &Accumulator, turn: Color, scale: i32) -> i32 {
        let dot = |units: &[i16; HIDDEN], weights: &[i16; HIDDEN]| -> i32 {
            units
                .iter()
                .zip(weights)
                .map(|(&u, &w)| i32::from(u.clamp(0, QA as i16)) * i32::from(w))
                .sum()
        };
        let sum = dot(&acc.units[view(turn)], &self.w2[0])
            + dot(&acc.units[view(!turn)], &self.w2[1])
            + self.b2;
        (i64::from(sum) * i64::from(scale) / i64::from(QA * QB)) as i32
    }
}

/// The index of a point of view in an [`Accumulator`].
#[inline]
fn view(color: Color) -> usize {
    color.fold_wb(0, 1)
}

/// The input a piece on a square is for the point of view of `side`.
#[inline]
pub fn feature(side: Color, piece: Piece, sq: Square) -> usize {
    let other = usize::from(piece.color != side);
    let kind = usize::from(piece.role) - 1;
    let seen = side.fold_wb(sq, sq.flip_vertical());
    (other * 6 + kind) * 64 + usize::from(seen)
}

/// The first layer's units for both points of view (White's, then Black's), before clipping.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Accumulator {
    pub units: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// Units of no piece (to be filled by [`Accumulator::of`] or [`Accumulator::play`]).
    pub const fn zero() -> Accumulator {
        Accumulator {
            units: [[0; HIDDEN]; 2],
        }
    }

    /// The units of `board`, summed from scratch.
    pub fn of(net: &Network, board: &Board) -> Accumulator {
        let mut acc = Accumulator { units: [net.b1; 2] };
        for (sq, piece) in board {
            for side in Color::ALL {
                add(
                    &mut acc.units[view(side)],
                    &net.w1[feature(side, piece, sq)],
                );
            }
        }
        acc
    }
}

impl Accumulator {
    /// Becomes the units after `mover` plays `m` in the position of `parent`'s units: the
    /// moved pieces' inputs shift, a captured piece's drop out.
    pub fn play(&mut self, net: &Network, parent: &Accumulator, m: Move, mover: Color) {
        let Some(c) = changes(m, mover) else {
            self.units = parent.units;
            return;
        };
        for s in Color::ALL {
            let (units, before) = (&mut self.units[view(s)], &parent.units[view(s)]);
            let row = |(piece, sq)| &net.w1[feature(s, piece, sq)];
            shift(units, before, row(c.from), row(c.to));
            if let Some(taken) = c.taken {
                sub(units, row(taken));
            }
            if let Some((rook, from, to)) = c.rook {
                sub(units, row((rook, from)));
                add(units, row((rook, to)));
            }
        }
    }
}

/// `units` becomes `before` with the input `out` taken away and `into` added.
#[inline]
fn shift(
    units: &mut [i16; HIDDEN],
    before: &[i16; HIDDEN],
    out: &[i16; HIDDEN],
    into: &[i16; HIDDEN],
) {
    for i in 0..HIDDEN {
        units[i] = before[i].wrapping_sub(out[i]).wrapping_add(into[i]);
    }
}

#[inline]
fn sub(units: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (u, &w) in units.iter_mut().zip(row) {
        *u = u.wrapping_sub(w);
    }
}

#[inline]
fn add(units: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (u, &w) in units.iter_mut().zip(row) {
        *u = u.wrapping_add(w);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::pos;
    use shakmaty::Role;

    #[test]
    fn the_embedded_network_loads() {
        assert_eq!(NETWORK.w1.len(), INPUTS);
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
        let mut other = good.to_vec();
        other[6] = other[6].wrapping_add(1);
        assert!(matches!(
            Network::read(&other),
            Err(NetworkError::Hidden(_))
        ));
        other = good.to_vec();
        other[4] = 9;
        assert_eq!(Network::read(&other), Err(NetworkError::Version(9)));
    }

    /// Fails when `nets/modern.nnue` changes: write its new name here and in
    /// docs/network.md, so the commit says which network it embeds.
    #[test]
    fn the_committed_network_is_named_by_its_content() {
        let committed = include_bytes!("../../../../nets/modern.nnue");
        assert_eq!(name_of(committed), "9ef5acb2");
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
            file_size()
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
        assert_eq!(feature(Color::White, white_pawn, Square::E2), 12);
        // For Black, a white pawn on e2 is the other side's pawn on e7.
        assert_eq!(feature(Color::Black, white_pawn, Square::E2), 384 + 52);
        let black_king = Piece {
            color: Color::Black,
            role: Role::King,
        };
        assert_eq!(feature(Color::Black, black_king, Square::E8), 5 * 64 + 4);
    }

    /// A network with every weight set from a hash, so every input matters.
    fn noisy() -> Network {
        let mut net = NETWORK.clone();
        let mut k = 7u64;
        let mut next = || {
            k = crate::search::modern::level::mix(k);
            (k % 41) as i16 - 20
        };
        for row in &mut net.w1 {
            row.iter_mut().for_each(|w| *w = next());
        }
        net.b1.iter_mut().for_each(|w| *w = next() + 60);
        net.w2.iter_mut().flatten().for_each(|w| *w = next());
        net
    }

    #[test]
    fn units_played_move_by_move_are_the_units_summed_afresh() {
        let net = noisy();
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
            let mut acc = Accumulator::of(&net, pos.board());
            for uci in moves {
                let m = uci
                    .parse::<shakmaty::uci::UciMove>()
                    .unwrap()
                    .to_move(&pos)
                    .unwrap_or_else(|e| panic!("{uci} in {fen}: {e}"));
                let mut next = Accumulator::zero();
                next.play(&net, &acc, m, pos.turn());
                pos.play_unchecked(m);
                acc = next;
                assert_eq!(acc, Accumulator::of(&net, pos.board()), "{fen} after {uci}");
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
