//! Networks trained with bullet (the GPU trainer, github.com/jw1912/bullet) turned into
//! machack's network file (`machack net import`).
//!
//! The architecture must be machack's: `Chess768` inputs seen from both sides, one shared
//! layer of N units with clipped ReLU (or, told so, squared clipped ReLU: bullet's
//! `screlu`, whose output sum is divided by QA before the bias), one output from the side
//! to move's units then the other side's, quantised with QA 255 and QB 64 (the output bias
//! in QA·QB), scale 400. A squared network's output weights must be within the bound
//! that keeps the engine's integer sum in 32 bits (`screlu_weight_bound`), or it is
//! refused.
//! bullet's inputs are machack's (own pieces first, pawn to king, the board turned round
//! for Black), so the weights are copied as they are.
//!
//! bullet's quantised file is the weights alone, i16 little-endian: the first layer's
//! weights input by input (N a input), its N biases, the 2N output weights (side to move's
//! units first), the output bias; then, in the versions that pad, filler bytes up to a
//! multiple of 64. Nothing in it says N, so N is what the file's size allows: 1,542 N + 2
//! bytes grow by more than the padding from one N to the next, so one N at most fits.

use thiserror::Error;

use crate::search::modern::network::{Activation, INPUTS, Kind, Network, NetworkError, header};

/// bullet pads its quantised files to a multiple of this many bytes.
const PAD: usize = 64;

/// Bytes of bullet's file of a network of `hidden` units, before any padding.
pub const fn unpadded_size(hidden: usize) -> usize {
    2 * (INPUTS * hidden + hidden + 2 * hidden + 1)
}

/// Why a file could not be imported.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ImportError {
    #[error(
        "{0} bytes is not the size of a bullet network machack plays (768 inputs for each \
         side, one hidden layer, one output: 1542 x hidden + 2 bytes, padded or not to a \
         multiple of 64); was it trained with input or output buckets or more layers?"
    )]
    Size(usize),
    #[error("the file holds a network of {found} hidden units, not the {expected} of --hidden")]
    Hidden { expected: usize, found: usize },
    #[error("{0} hidden units: a machack network file holds at most 65535")]
    TooWide(usize),
    #[error("this is already a machack network file (it starts with MHNN): use it as it is")]
    AlreadyMachack,
    #[error("{0}")]
    Network(NetworkError),
}

/// Bytes a hidden unit adds to bullet's file.
const PER_UNIT: usize = unpadded_size(1) - unpadded_size(0);

/// The hidden units of a bullet file of `len` bytes, if its size fits a network.
pub fn hidden_of(len: usize) -> Option<usize> {
    let hidden = len.checked_sub(unpadded_size(0))? / PER_UNIT;
    let size = unpadded_size(hidden);
    let fits = len == size || (len.is_multiple_of(PAD) && len - size < PAD);
    (hidden > 0 && fits).then_some(hidden)
}

/// machack's network file (standalone: it replaces the hand-written evaluation) of the
/// bullet file `bytes`, whose units are `activation`; `hidden`, when given, is the width
/// it must have.
pub fn import(
    bytes: &[u8],
    hidden: Option<usize>,
    activation: Activation,
) -> Result<Vec<u8>, ImportError> {
    if bytes.starts_with(b"MHNN") {
        return Err(ImportError::AlreadyMachack);
    }
    let found = hidden_of(bytes.len()).ok_or(ImportError::Size(bytes.len()))?;
    if let Some(expected) = hidden.filter(|&h| h != found) {
        return Err(ImportError::Hidden { expected, found });
    }
    if found > usize::from(u16::MAX) {
        return Err(ImportError::TooWide(found));
    }
    let word = |i: usize| [bytes[2 * i], bytes[2 * i + 1]];
    let weights = INPUTS * found;
    let kind = Kind {
        residual: false,
        activation,
        buckets: 1,
        mirrored: false,
    };
    let mut out = header(found, kind).to_vec();
    // machack's order: biases, weights input by input, output weights...
    (weights..weights + found)
        .chain(0..weights)
        .chain(weights + found..weights + 3 * found)
        .for_each(|i| out.extend_from_slice(&word(i)));
    // ...and the output bias in 32 bits.
    let bias = i16::from_le_bytes(word(weights + 3 * found));
    out.extend_from_slice(&i32::from(bias).to_le_bytes());
    // Read back as the engine will: a squared network's weights may be beyond its bound.
    Network::read(&out).map_err(ImportError::Network)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::pos;
    use crate::search::modern::network::screlu_weight_bound;
    use shakmaty::{Chess, Color, Position};

    /// A network's weights as bullet keeps them, before quantising to a file.
    struct Weights {
        hidden: usize,
        /// The first layer, input by input.
        l0w: Vec<i16>,
        l0b: Vec<i16>,
        /// The side to move's units' weights, then the other side's.
        l1w: Vec<i16>,
        l1b: i16,
    }

    impl Weights {
        /// Weights drawn from a hash of `seed`: biases around 100 and weights of ±`spread`,
        /// so that units go both below 0 and above 255 and the clipping counts.
        fn noisy(hidden: usize, seed: u64, spread: i16) -> Weights {
            let mut k = seed;
            let mut draw = |lo: i16, hi: i16| {
                k = k
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                lo + ((k >> 33) % (hi - lo + 1) as u64) as i16
            };
            Weights {
                hidden,
                l0w: (0..INPUTS * hidden)
                    .map(|_| draw(-spread, spread))
                    .collect(),
                l0b: (0..hidden).map(|_| draw(0, 200)).collect(),
                l1w: (0..2 * hidden).map(|_| draw(-127, 127)).collect(),
                l1b: draw(-3000, 3000),
            }
        }

        /// The file bullet saves, in the layout the module's doc says, padded with
        /// filler to a multiple of 64 bytes when `padded`.
        fn bullet_file(&self, padded: bool) -> Vec<u8> {
            let mut out: Vec<u8> = self
                .l0w
                .iter()
                .chain(&self.l0b)
                .chain(&self.l1w)
                .chain([&self.l1b])
                .flat_map(|w| w.to_le_bytes())
                .collect();
            while padded && !out.len().is_multiple_of(64) {
                out.push(b"bullet"[out.len() % 6]);
            }
            out
        }

        /// bullet's forward pass in integers, from the board as bullet's data has it:
        /// turned round with Black to move, so the side to move's pieces are "white";
        /// with `squared` units, their sum divided by 255 before the bias.
        fn evaluate(&self, pos: &Chess, squared: bool) -> i32 {
            let h = self.hidden;
            let mut stm: Vec<i32> = self.l0b.iter().map(|&b| i32::from(b)).collect();
            let mut ntm = stm.clone();
            for (sq, piece) in pos.board() {
                let theirs = usize::from(piece.color != pos.turn());
                let kind = usize::from(piece.role) - 1;
                let sq = usize::from(sq) ^ if pos.turn() == Color::Black { 56 } else { 0 };
                let ours_index = 384 * theirs + 64 * kind + sq;
                let theirs_index = 384 * (1 - theirs) + 64 * kind + (sq ^ 56);
                for u in 0..h {
                    stm[u] += i32::from(self.l0w[ours_index * h + u]);
                    ntm[u] += i32::from(self.l0w[theirs_index * h + u]);
                }
            }
            let active = |x: i32| {
                let c = i64::from(x.clamp(0, 255));
                if squared { c * c } else { c }
            };
            let weighed: i64 = (0..h)
                .map(|u| {
                    active(stm[u]) * i64::from(self.l1w[u])
                        + active(ntm[u]) * i64::from(self.l1w[h + u])
                })
                .sum();
            let weighed = if squared { weighed / 255 } else { weighed };
            let sum = i64::from(self.l1b) + weighed;
            (sum * 400 / (255 * 64)) as i32
        }
    }

    const POSITIONS: [&str; 6] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r3k2r/pppq1ppp/2n1bn2/3pp3/1bPP4/2NBPN2/PP1BQPPP/R3K2R b KQkq - 0 1",
        "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 99 50",
        "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1",
    ];

    #[test]
    fn an_imported_network_evaluates_as_bullet_computes_it() {
        // 24 units leave part of the engine's last block of units empty; 128 fill them.
        for (hidden, padded, seed) in [(24, true, 1), (24, false, 2), (128, true, 3)] {
            let weights = Weights::noisy(hidden, seed, 60);
            let file = weights.bullet_file(padded);
            assert_eq!(file.len().is_multiple_of(64), padded);
            let imported = import(&file, None, Activation::CReLU).unwrap();
            let net = Network::read(&imported).unwrap();
            assert_eq!((net.hidden(), net.kind().residual), (hidden, false));
            let mut values = Vec::new();
            for fen in POSITIONS {
                let p = pos(fen);
                let expected = weights.evaluate(&p, false);
                assert_eq!(net.evaluate(&p), expected, "{hidden} units, {fen}");
                values.push(expected);
            }
            // The positions are told apart: weights read in the wrong order would show.
            values.sort_unstable();
            values.dedup();
            assert!(values.len() >= 5, "{values:?}");
        }
    }

    #[test]
    fn an_imported_squared_network_evaluates_as_bullet_computes_it() {
        for (hidden, seed) in [(24, 6), (128, 7)] {
            let mut weights = Weights::noisy(hidden, seed, 60);
            // Within the bound of 128 units and fewer: ±128.
            assert_eq!(screlu_weight_bound(hidden), 128);
            let file = weights.bullet_file(true);
            let imported = import(&file, None, Activation::SCReLU).unwrap();
            let net = Network::read(&imported).unwrap();
            assert_eq!(net.kind().activation, Activation::SCReLU);
            let mut values = Vec::new();
            for fen in POSITIONS {
                let p = pos(fen);
                let expected = weights.evaluate(&p, true);
                assert_eq!(net.evaluate(&p), expected, "{hidden} units, {fen}");
                values.push(expected);
            }
            values.sort_unstable();
            values.dedup();
            assert!(values.len() >= 5, "{values:?}");
            // A weight beyond the bound is refused, saying why.
            weights.l1w[3] = 129;
            let err = import(&weights.bullet_file(true), None, Activation::SCReLU).unwrap_err();
            assert_eq!(
                err,
                ImportError::Network(NetworkError::Overflow {
                    hidden,
                    bound: 128,
                    found: 129
                })
            );
            assert!(err.to_string().contains("could overflow"), "{err}");
            // As clipped units, the same weights are fine.
            assert!(import(&weights.bullet_file(true), None, Activation::CReLU).is_ok());
        }
    }

    #[test]
    fn the_width_is_read_from_the_size() {
        assert_eq!(unpadded_size(128), 197_378);
        assert_eq!(hidden_of(197_378), Some(128));
        assert_eq!(hidden_of(197_440), Some(128), "padded to 64");
        assert_eq!(hidden_of(197_376), None);
        assert_eq!(hidden_of(197_380), None);
        assert_eq!(hidden_of(197_504), None, "more than the padding");
        assert_eq!(hidden_of(0), None);
        assert_eq!(hidden_of(2), None, "no units");
        assert_eq!(hidden_of(64), None, "no units, padded");
    }

    #[test]
    fn a_file_of_the_wrong_size_or_width_is_refused() {
        let file = Weights::noisy(32, 4, 60).bullet_file(true);
        assert!(import(&file, Some(32), Activation::CReLU).is_ok());
        assert_eq!(
            import(&file, Some(64), Activation::CReLU),
            Err(ImportError::Hidden {
                expected: 64,
                found: 32
            })
        );
        let truncated = &file[..file.len() - 100];
        assert_eq!(
            import(truncated, None, Activation::CReLU),
            Err(ImportError::Size(truncated.len()))
        );
        // Two output buckets: 2N more output weights and one more bias.
        let mut buckets = Weights::noisy(32, 5, 60).bullet_file(false);
        buckets.extend(vec![0; 2 * (2 * 32 + 1)]);
        assert!(matches!(
            import(&buckets, None, Activation::CReLU),
            Err(ImportError::Size(_))
        ));
        assert_eq!(
            import(&[], None, Activation::CReLU),
            Err(ImportError::Size(0))
        );
        let machack = include_bytes!("../../nets/modern.nnue");
        assert_eq!(
            import(machack, None, Activation::CReLU),
            Err(ImportError::AlreadyMachack)
        );
        let text = import(truncated, None, Activation::CReLU)
            .unwrap_err()
            .to_string();
        assert!(
            text.starts_with(&format!("{} bytes is not", truncated.len())),
            "{text}"
        );
    }
}
