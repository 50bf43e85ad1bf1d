//! bullet's `ChessBoard` records (crate `bulletformat`): the binary data the GPU trainer
//! bullet reads, 32 bytes a position, and what `machack datagen --format bullet` writes.
//!
//! A record is little-endian: the occupancy (u64), then the pieces packed four bits each
//! in the occupancy's square order (bit 3 the colour, bits 0–2 pawn to king), the score
//! (i16, centipawns), the result (u8: 0 loss, 1 draw, 2 win), the two kings' squares and
//! three spare bytes. Everything is from the side to move's point of view: with Black to
//! move the board is turned round and the colours swapped, and score and result are
//! Black's. The first spare byte, which bullet does not read, holds the side to move
//! (1 = Black), so machack can give back the position as it was; a record from elsewhere
//! (spare byte 0) reads as the same position with colours swapped and White to move,
//! which is the same training example. Castling rights, the en-passant square and the
//! move counters are not kept.

use std::io::{self, Read, Write};

use bulletformat::ChessBoard;
use shakmaty::{
    Board, CastlingMode, Chess, Color, FromSetup, Piece, Position, Role, Setup, Square,
};
use thiserror::Error;

use super::labelled::Labelled;

/// Bytes a record.
pub const RECORD: usize = 32;

/// Why a record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error("record {record}: {reason}")]
    Bad { record: u64, reason: String },
    #[error(
        "record {record}: the file ends inside it ({left} bytes left over; a record is {RECORD} bytes)"
    )]
    Truncated { record: u64, left: usize },
    #[error("{0}")]
    Io(String),
}

/// The record of `pos`, whose game White scored `result` (0, ½ or 1), searched at
/// `white_cp` centipawns for White (clamped to what 16 bits hold).
pub fn encode(pos: &Chess, white_cp: i32, result: f64) -> [u8; RECORD] {
    let board = pos.board();
    let bbs = [
        board.white(),
        board.black(),
        board.pawns(),
        board.knights(),
        board.bishops(),
        board.rooks(),
        board.queens(),
        board.kings(),
    ]
    .map(u64::from);
    let stm = pos.turn().fold_wb(0, 1);
    let score = white_cp.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
    let mut record = ChessBoard::from_raw(bbs, stm, score, result as f32)
        .expect("every occupied square of a board holds a piece");
    record.extra[0] = stm as u8;
    to_bytes(&record)
}

/// The record's bytes, little-endian whatever the machine.
fn to_bytes(b: &ChessBoard) -> [u8; RECORD] {
    let mut out = [0; RECORD];
    out[..8].copy_from_slice(&b.occ.to_le_bytes());
    out[8..24].copy_from_slice(&b.pcs);
    out[24..26].copy_from_slice(&b.score.to_le_bytes());
    out[26] = b.result;
    out[27] = b.ksq;
    out[28] = b.opp_ksq;
    out[29..].copy_from_slice(&b.extra);
    out
}

fn from_bytes(bytes: &[u8; RECORD]) -> ChessBoard {
    let word = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
    ChessBoard {
        occ: word(0),
        pcs: bytes[8..24].try_into().expect("16 bytes"),
        score: i16::from_le_bytes([bytes[24], bytes[25]]),
        result: bytes[26],
        ksq: bytes[27],
        opp_ksq: bytes[28],
        extra: [bytes[29], bytes[30], bytes[31]],
    }
}

/// The position, result and score of a record (`record`: its number, for errors).
pub fn decode(bytes: &[u8; RECORD], record: u64) -> Result<Labelled, RecordError> {
    let bad = |reason: String| RecordError::Bad { record, reason };
    let b = from_bytes(bytes);
    let turn = if b.extra[0] == 1 {
        Color::Black
    } else {
        Color::White
    };
    let mut board = Board::empty();
    for (piece, sq) in b {
        let role =
            Role::try_from((piece & 7) + 1).map_err(|_| bad(format!("piece code {piece}")))?;
        let color = if piece & 8 == 0 { turn } else { !turn };
        let sq = Square::new(u32::from(sq));
        let sq = turn.fold_wb(sq, sq.flip_vertical());
        board.set_piece_at(sq, Piece { color, role });
    }
    if b.result > 2 {
        return Err(bad(format!("result {} (0, 1 or 2)", b.result)));
    }
    let mut setup = Setup::empty();
    setup.board = board;
    setup.turn = turn;
    let pos = Chess::from_setup(setup, CastlingMode::Standard).map_err(|e| bad(e.to_string()))?;
    let sign = turn.fold_wb(1, -1);
    let result = f64::from(b.result) / 2.0;
    Ok(Labelled {
        pos,
        result: if sign > 0 { result } else { 1.0 - result },
        score: Some(sign * i32::from(b.score)),
    })
}

/// Writes `pos` as a record.
pub fn write(out: &mut impl Write, pos: &Chess, white_cp: i32, result: f64) -> io::Result<()> {
    out.write_all(&encode(pos, white_cp, result))
}

/// The records of a stream, one at a time (wrap a file in a `BufReader`).
pub struct Records<R> {
    input: R,
    next: u64,
    done: bool,
}

impl<R: Read> Records<R> {
    /// The records of `input`, numbered from `first` in errors.
    pub fn new(input: R, first: u64) -> Records<R> {
        Records {
            input,
            next: first,
            done: false,
        }
    }
}

impl<R: Read> Iterator for Records<R> {
    type Item = Result<Labelled, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut bytes = [0u8; RECORD];
        let mut filled = 0;
        while filled < RECORD {
            match self.input.read(&mut bytes[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.done = true;
                    return Some(Err(RecordError::Io(e.to_string())));
                }
            }
        }
        match filled {
            0 => {
                self.done = true;
                None
            }
            RECORD => {
                self.next += 1;
                Some(decode(&bytes, self.next - 1))
            }
            partial => {
                self.done = true;
                Some(Err(RecordError::Truncated {
                    record: self.next,
                    left: partial,
                }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;
    use bulletformat::BulletFormat;
    use shakmaty::{EnPassantMode, fen::Fen};

    fn fen(pos: &Chess) -> String {
        Fen::from_position(pos, EnPassantMode::Legal).to_string()
    }

    const FENS: [(&str, i32, f64); 4] = [
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1",
            -35,
            0.5,
        ),
        ("4k3/8/8/8/8/8/4P3/3QK3 w - - 0 1", 900, 1.0),
        ("4k3/4q3/8/8/8/8/8/R2K4 b - - 0 1", 600, 0.0),
        ("8/8/8/8/8/8/8/K6k w - - 0 1", 40_000, 0.5),
    ];

    #[test]
    fn records_read_back_as_written() {
        let mut bytes = Vec::new();
        for (text, cp, result) in FENS {
            write(&mut bytes, &parse_fen(text).unwrap().0, cp, result).unwrap();
        }
        assert_eq!(bytes.len(), FENS.len() * RECORD);
        let read: Vec<Labelled> = Records::new(&bytes[..], 1).map(Result::unwrap).collect();
        assert_eq!(read.len(), FENS.len());
        for (r, (text, cp, result)) in read.iter().zip(FENS) {
            assert_eq!(fen(&r.pos), text);
            assert_eq!(r.score, Some(cp.min(i32::from(i16::MAX))));
            assert_eq!(r.result, result);
        }
    }

    #[test]
    fn a_record_is_bulletformat_s_chess_board() {
        // Black to move: bullet sees the board turned round, Black's score and result.
        let (pos, _) = parse_fen(FENS[2].0).unwrap();
        let bytes = encode(&pos, 600, 0.0);
        let board: ChessBoard = "4k3/4q3/8/8/8/8/8/R2K4 b - - 0 1 | 600 | 0.0"
            .parse()
            .unwrap();
        let mut ours = from_bytes(&bytes);
        assert_eq!(ours.extra[0], 1);
        ours.extra = [0; 3];
        assert_eq!(ours, board);
        assert_eq!((board.score(), board.result()), (-600, 1.0));
        // In memory the crate's struct is these very bytes (on a little-endian machine).
        if cfg!(target_endian = "little") {
            let mut with_turn = board;
            with_turn.extra[0] = 1;
            assert_eq!(ChessBoard::as_bytes_slice(&[with_turn]), &bytes[..]);
        }
        // A record from elsewhere (no side to move): the same position, colours swapped.
        let mut foreign = bytes;
        foreign[29] = 0;
        let read = decode(&foreign, 1).unwrap();
        assert_eq!(fen(&read.pos), "r2k4/8/8/8/8/8/4Q3/4K3 w - - 0 1");
        assert_eq!((read.score, read.result), (Some(-600), 1.0));
    }

    #[test]
    fn bad_records_are_named() {
        let (pos, _) = parse_fen(FENS[1].0).unwrap();
        let mut bytes = encode(&pos, 0, 1.0).to_vec();
        bytes.extend_from_slice(&encode(&pos, 0, 1.0));
        bytes[RECORD + 26] = 7;
        let read: Vec<_> = Records::new(&bytes[..], 1).collect();
        assert!(read[0].is_ok());
        assert_eq!(
            read[1].as_ref().unwrap_err().to_string(),
            "record 2: result 7 (0, 1 or 2)"
        );
        // Two kings for White is not a position.
        let mut kings = encode(&pos, 0, 1.0);
        kings[8] = (kings[8] & 0xf0) | 5;
        assert!(matches!(
            decode(&kings, 9),
            Err(RecordError::Bad { record: 9, .. })
        ));
        let cut = &bytes[..RECORD + 5];
        let last = Records::new(cut, 1).last().unwrap();
        assert_eq!(
            last.unwrap_err(),
            RecordError::Truncated { record: 2, left: 5 }
        );
    }
}
