//! The rules of chess: our thin layer over `shakmaty`.
//!
//! shakmaty knows the rules (legal moves, FEN, Zobrist keys); this module adds what a game
//! needs on top: the move history and the history of position keys that the repetition
//! rules (docs/design.md §10) read, and a FEN reader that is lenient where real test suites need it
//! and strict where play would break. It deliberately does no move generation of its own.

use shakmaty::fen::Fen;
use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{
    Bitboard, CastlingMode, CastlingSide, Chess, Color, EnPassantMode, FromSetup, Move, Piece,
    Position, PositionError, PositionErrorKinds, Role, Square,
};
use thiserror::Error;

/// The standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN could not be read or could not be played from.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// A field of the FEN text is malformed; names the field.
    #[error("malformed FEN: {field} field is invalid in '{fen}'")]
    Field { field: &'static str, fen: String },
    /// The text reads, but the position cannot be played.
    #[error("unplayable FEN '{fen}': {reason}")]
    Unplayable { reason: String, fen: String },
}

/// Something a lenient FEN reading repaired and the user should hear about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenWarning {
    /// Castling rights that no legal game could have (king or rook not at home) were dropped.
    DroppedCastlingRights,
    /// An en passant square that no double step could have made was dropped.
    DroppedEnPassantSquare,
}

impl std::fmt::Display for FenWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FenWarning::DroppedCastlingRights => {
                "castling rights that cannot be valid were dropped"
            }
            FenWarning::DroppedEnPassantSquare => {
                "an en passant square that cannot be valid was dropped"
            }
        })
    }
}

/// The game ply of `pos` (0 at the start, 1 after White's first move), from its move
/// number and side to move.
pub fn game_ply(pos: &Chess) -> u32 {
    2 * (pos.fullmoves().get() - 1) + u32::from(pos.turn() == Color::Black)
}

/// Reads a FEN (an EPD's first four fields are accepted too: clocks default to 0 and 1).
///
/// Accepts positions shakmaty calls "impossible check" (test suites hold some) and drops
/// castling rights or en passant squares that cannot be valid, reporting that as a warning.
/// Rejects what cannot be played: no king, too many kings, pawns on the first or last rank,
/// or the side not to move in check.
pub fn parse_fen(text: &str) -> Result<(Chess, Vec<FenWarning>), FenError> {
    parse_fen_in(text, CastlingMode::Standard)
}

/// Reads a FEN as [`parse_fen`] does, under `mode`: with `CastlingMode::Chess960` the
/// castling field may be Shredder-FEN (`HAha`, the rooks' files) or X-FEN (`KQkq`, the
/// outermost rooks, a file letter for an inner one), and the king may start on any file.
pub fn parse_fen_in(text: &str, mode: CastlingMode) -> Result<(Chess, Vec<FenWarning>), FenError> {
    let text = text.trim();
    let fen: Fen = text.parse().map_err(|e| FenError::Field {
        field: fen_field_name(&e),
        fen: text.to_string(),
    })?;
    let mut warnings = Vec::new();
    let err = match Chess::from_setup(fen.into_setup(), mode) {
        Ok(pos) => return Ok((pos, warnings)),
        Err(err) => err,
    };
    let kinds = err.kinds();
    let fatal = PositionErrorKinds::EMPTY_BOARD
        | PositionErrorKinds::MISSING_KING
        | PositionErrorKinds::TOO_MANY_KINGS
        | PositionErrorKinds::PAWNS_ON_BACKRANK
        | PositionErrorKinds::OPPOSITE_CHECK
        | PositionErrorKinds::VARIANT;
    if kinds.intersects(fatal) {
        return Err(FenError::Unplayable {
            reason: unplayable_reason(kinds),
            fen: text.to_string(),
        });
    }
    if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
        warnings.push(FenWarning::DroppedCastlingRights);
    }
    if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE) {
        warnings.push(FenWarning::DroppedEnPassantSquare);
    }
    let pos = err
        .ignore_invalid_castling_rights()
        .or_else(PositionError::ignore_invalid_ep_square)
        .or_else(PositionError::ignore_impossible_check)
        .or_else(PositionError::ignore_too_much_material)
        .map_err(|e| FenError::Unplayable {
            reason: unplayable_reason(e.kinds()),
            fen: text.to_string(),
        })?;
    Ok((pos, warnings))
}

fn fen_field_name(e: &shakmaty::fen::ParseFenError) -> &'static str {
    use shakmaty::fen::ParseFenError as E;
    match e {
        E::InvalidBoard | E::InvalidPocket => "piece placement (1st)",
        E::InvalidTurn => "side to move (2nd)",
        E::InvalidCastling => "castling (3rd)",
        E::InvalidEpSquare => "en passant (4th)",
        E::InvalidHalfmoveClock => "halfmove clock (5th)",
        E::InvalidFullmoves => "fullmove number (6th)",
        E::InvalidRemainingChecks | E::InvalidFen => "overall layout",
    }
}

fn unplayable_reason(kinds: PositionErrorKinds) -> String {
    let mut reasons = Vec::new();
    if kinds.contains(PositionErrorKinds::EMPTY_BOARD) {
        reasons.push("the board is empty");
    }
    if kinds.contains(PositionErrorKinds::MISSING_KING) {
        reasons.push("a side has no king");
    }
    if kinds.contains(PositionErrorKinds::TOO_MANY_KINGS) {
        reasons.push("a side has more than one king");
    }
    if kinds.contains(PositionErrorKinds::PAWNS_ON_BACKRANK) {
        reasons.push("pawns stand on the first or last rank");
    }
    if kinds.contains(PositionErrorKinds::OPPOSITE_CHECK) {
        reasons.push("the side not to move is in check");
    }
    if reasons.is_empty() {
        reasons.push("the position is not legal chess");
    }
    reasons.join("; ")
}

/// The Zobrist key that identifies a position for the repetition rules (FIDE 9.2.3): en
/// passant counts only when a capture is really legal. Matches the Polyglot book keys.
pub fn position_key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// The key after `m`, updated incrementally: the pieces that moved, the side to move, the
/// castling rights that changed and the en passant file before and after (counted only
/// when a capture is legal, as in `position_key`). `after` must be `pos` with `m` played.
///
/// shakmaty's own `update_zobrist_hash` gives up (and we would recompute from scratch) on
/// every king move, double step and move touching a castling square; counted in
/// instructions (callgrind), perft 5 from the start cost 15.8% over shakmaty's `perft`
/// that way and costs 6.9% with this update, which handles every kind of move from
/// shakmaty's key tables.
pub fn key_after(pos: &Chess, key: u64, m: Move, after: &Chess) -> u64 {
    let Some(c) = changes(m, pos.turn()) else {
        return position_key(after);
    };
    let piece = |(piece, sq): (Piece, Square)| Zobrist64::zobrist_for_piece(sq, piece);
    let mut k = Zobrist64(key) ^ Zobrist64::zobrist_for_white_turn();
    k ^= piece(c.from) ^ piece(c.to);
    if let Some(taken) = c.taken {
        k ^= piece(taken);
    }
    if let Some((rook, from, to)) = c.rook {
        k ^= piece((rook, from)) ^ piece((rook, to));
    }
    let (was, now) = (pos.castles(), after.castles());
    if was.castling_rights() != now.castling_rights() {
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if was.has(color, side) != now.has(color, side) {
                    k ^= Zobrist64::zobrist_for_castling_right(color, side);
                }
            }
        }
    }
    for sq in [pos, after]
        .into_iter()
        .filter_map(|p| p.ep_square(EnPassantMode::Legal))
    {
        k ^= Zobrist64::zobrist_for_en_passant_file(sq.file());
    }
    k.0
}

/// What a move does to the board: the piece it lifts and the piece it sets down (promoted,
/// if it promotes; the king, castling), the enemy piece it takes (en passant: beside the
/// to-square) and castling's rook with its squares before and after. What an incremental
/// update (the key, the evaluation network's units) changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Changes {
    pub from: (Piece, Square),
    pub to: (Piece, Square),
    pub taken: Option<(Piece, Square)>,
    pub rook: Option<(Piece, Square, Square)>,
}

/// The changes of `m` played by `mover`; None for a piece put on the board (variants only).
#[inline]
pub fn changes(m: Move, mover: Color) -> Option<Changes> {
    let own = |role: Role| role.of(mover);
    Some(match m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => Changes {
            from: (own(role), from),
            to: (own(promotion.unwrap_or(role)), to),
            taken: capture.map(|r| (r.of(!mover), to)),
            rook: None,
        },
        Move::EnPassant { from, to } => Changes {
            from: (own(Role::Pawn), from),
            to: (own(Role::Pawn), to),
            taken: Some((
                Role::Pawn.of(!mover),
                Square::from_coords(to.file(), from.rank()),
            )),
            rook: None,
        },
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_queen_side(rook < king);
            Changes {
                from: (own(Role::King), king),
                to: (own(Role::King), side.king_to(mover)),
                taken: None,
                rook: Some((own(Role::Rook), rook, side.rook_to(mover))),
            }
        }
        Move::Put { .. } => return None,
    })
}

/// Whether the quiet move `m` (neither a capture nor a promotion) gives check, found
/// without playing it: the moved piece attacks the enemy king from its new square, or a
/// slider of ours attacks it through the square the piece left. The search asks this of
/// moves it may prune, most of which are then never played. A castling move is played
/// to find out (its rook may give check).
pub fn quiet_gives_check(pos: &Chess, m: Move) -> bool {
    let us = pos.turn();
    let Some(king) = pos.board().king_of(!us) else {
        return false;
    };
    match m {
        Move::Normal { role, from, to, .. } => {
            let occupied = (pos.board().occupied() ^ Bitboard::from(from)) | Bitboard::from(to);
            shakmaty::attacks::attacks(to, role.of(us), occupied).contains(king)
                || (pos.board().attacks_to(king, us, occupied) & !Bitboard::from(from)).any()
        }
        _ => {
            let mut after = pos.clone();
            after.play_unchecked(m);
            after.is_check()
        }
    }
}

/// A game: the starting position, every move played since, and the key of every position
/// reached (`keys()[0]` is the start, `keys()[i]` the position after `i` moves).
#[derive(Debug, Clone)]
pub struct Game {
    start: Chess,
    positions: Vec<Chess>,
    moves: Vec<Move>,
    keys: Vec<u64>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Chess::default())
    }
}

impl Game {
    /// A game starting from `start`.
    pub fn new(start: Chess) -> Game {
        let key = position_key(&start);
        Game {
            positions: vec![start.clone()],
            start,
            moves: Vec::new(),
            keys: vec![key],
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Chess {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        self.positions.last().expect("a game always has a position")
    }

    /// The key of the current position.
    pub fn key(&self) -> u64 {
        *self.keys.last().expect("a game always has a key")
    }

    /// The moves played from the start.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The key of every position of the game, the start first.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// The position after `ply` moves (0 = the start).
    pub fn position_at(&self, ply: usize) -> Option<&Chess> {
        self.positions.get(ply)
    }

    /// Plays a move, which must be legal in the current position; returns false (and plays
    /// nothing) if it is not.
    pub fn play(&mut self, m: Move) -> bool {
        let pos = self.position();
        if !pos.is_legal(m) {
            return false;
        }
        let mut after = pos.clone();
        after.play_unchecked(m);
        let key = key_after(pos, self.key(), m, &after);
        self.positions.push(after);
        self.keys.push(key);
        self.moves.push(m);
        true
    }

    /// Takes back the last move, if any, and returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.keys.pop();
        Some(m)
    }
}

/// Helpers every unit test of the crate reaches.
#[cfg(test)]
pub(crate) mod testing {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    use super::Game;
    use shakmaty::uci::UciMove;
    use shakmaty::{Board, Chess, Move, Position};

    /// The position of a FEN the test knows to be legal.
    pub fn pos(fen: &str) -> Chess {
        super::parse_fen(fen).expect("a legal FEN").0
    }

    /// The board of a FEN the test knows to be legal.
    pub fn board(fen: &str) -> Board {
        pos(fen).board().clone()
    }

    /// The legal move `text` (UCI notation) of `pos`.
    pub fn uci(pos: &Chess, text: &str) -> Move {
        let m = text.parse::<UciMove>().expect("a UCI move");
        m.to_move(pos).expect("a legal move")
    }

    /// Plays the legal moves `ucis` (UCI notation, space-separated) into `game`.
    pub fn play(game: &mut Game, ucis: &str) {
        for text in ucis.split_whitespace() {
            let m = uci(game.position(), text);
            assert!(game.play(m), "{text}");
        }
    }

    /// The game from a FEN the test knows to be legal, after the legal moves `ucis`.
    pub fn game(fen: &str, ucis: &str) -> Game {
        let mut g = Game::new(pos(fen));
        play(&mut g, ucis);
        g
    }

    /// What `search` returns when another thread raises its stop flag after `after`.
    pub fn stopped_after<T>(after: Duration, search: impl FnOnce(&AtomicBool) -> T) -> T {
        let stop = AtomicBool::new(false);
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(after);
                stop.store(true, Ordering::Relaxed);
            });
            search(&stop)
        })
    }

    /// Every position of the test data's EPD files (perft suite, WAC, game positions).
    pub fn epd_positions() -> Vec<Chess> {
        [
            include_str!("../tests/data/perftsuite.epd"),
            include_str!("../tests/data/wac.epd"),
            include_str!("../tests/data/game_only_moves.epd"),
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_reads_and_keys_match_polyglot() {
        let (pos, warnings) = parse_fen(START_FEN).unwrap();
        assert!(warnings.is_empty());
        // The Polyglot reference key of the start position.
        assert_eq!(position_key(&pos), 0x463b96181691fc9c);
    }

    #[test]
    fn malformed_fields_are_named() {
        let cases = [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
                "piece placement",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                "side to move",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
                "castling",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
                "en passant",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
                "halfmove",
            ),
        ];
        for (fen, field) in cases {
            let err = parse_fen(fen).unwrap_err().to_string();
            assert!(err.contains(field), "{fen}: {err}");
        }
    }

    #[test]
    fn unplayable_positions_say_why() {
        let cases = [
            ("8/8/8/8/8/8/8/4K3 w - - 0 1", "no king"),
            ("4k3/8/8/8/8/8/8/4K2P w - - 0 1", "first or last rank"),
            ("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", "not to move is in check"),
        ];
        for (fen, why) in cases {
            let err = parse_fen(fen).unwrap_err().to_string();
            assert!(err.contains(why), "{fen}: {err}");
        }
    }

    #[test]
    fn impossible_castling_rights_are_dropped_with_a_warning() {
        let (pos, warnings) = parse_fen("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1").unwrap();
        assert_eq!(warnings, vec![FenWarning::DroppedCastlingRights]);
        assert!(pos.castles().is_empty());
    }

    #[test]
    fn impossible_check_is_accepted() {
        // Two sliding checkers on one line: shakmaty calls it impossible, suites hold such.
        let fen = "4k3/8/8/8/8/8/8/R2rK2r w - - 0 1";
        assert!(parse_fen(fen).is_ok());
    }

    #[test]
    fn incremental_keys_match_keys_from_scratch() {
        let mut game = Game::default();
        for uci in [
            "e2e4", "d7d5", "e4d5", "e7e5", "d5e6", "e8e7", "g1f3", "g8f6",
        ] {
            let m = uci
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(game.position())
                .unwrap();
            assert!(game.play(m));
            assert_eq!(game.key(), position_key(game.position()), "after {uci}");
        }
        assert_eq!(game.undo().map(|m| m.to().to_string()), Some("f6".into()));
        assert_eq!(game.keys().len(), 8);
    }

    #[test]
    fn quiet_checks_are_found_without_playing_the_move() {
        // Positions with discovered checks, castling checks and pins, walked three plies.
        let fens = [
            START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
            "4k3/8/4N3/8/4R3/8/3B4/4K2B w - - 0 1",
        ];
        let mut checks = 0;
        for fen in fens {
            let mut stack = vec![(parse_fen(fen).unwrap().0, 0)];
            while let Some((pos, ply)) = stack.pop() {
                for m in pos.legal_moves() {
                    let mut after = pos.clone();
                    after.play_unchecked(m);
                    if !m.is_capture() && !m.is_promotion() {
                        assert_eq!(quiet_gives_check(&pos, m), after.is_check(), "{fen} {m}");
                        checks += usize::from(after.is_check());
                    }
                    if ply < 2 {
                        stack.push((after, ply + 1));
                    }
                }
            }
        }
        assert!(checks > 100, "{checks}");
    }
}
