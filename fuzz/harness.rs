//! The fuzz harness: one function per parser, each taking arbitrary bytes and checking that
//! the parser answers with a value or a typed error, never a panic, and that what it accepts
//! is consistent (a FEN that reads writes back and reads the same; a move that reads is
//! legal; a Zobrist key kept incrementally equals the key computed from scratch).
//!
//! The same file is the library of the cargo-fuzz crate (`fuzz/Cargo.toml`, one target per
//! function) and is included by `tests/fuzz_corpus.rs`, which runs every function over the
//! seed corpus and every crash reproducer in `tests/data/fuzz/`, so a fixed crash stays
//! fixed in `cargo test` on a machine without nightly.

use std::io::Cursor;
use std::path::Path;
use std::sync::{Mutex, OnceLock};

use machack::book::build::{BuildOptions, build_from_pgn};
use machack::book::polyglot::Entry;
use machack::book::{self, PolyglotBook};
use machack::engine::Engine;
use machack::notation::{self, Notation};
use machack::protocol::{Out, uci, xboard};
use machack::rules::{self, Game};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

/// Positions the move readers are fuzzed in: the start, Kiwipete (castling both ways,
/// pins), an en passant capture, promotions with capture choices, and a middlegame with two
/// knights and two rooks able to reach the same squares (qualifiers).
pub const POSITIONS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "r3r1k1/pp3ppp/2n2n2/8/8/2N2N2/PP3PPP/R3R1K1 w - - 0 1",
    "8/8/8/8/8/8/6k1/4K2R w K - 0 1",
];

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// The position `POSITIONS[i]`, for `i` taken from a byte (read once).
pub fn position(i: u8) -> Chess {
    static READ: OnceLock<Vec<Chess>> = OnceLock::new();
    let all = READ.get_or_init(|| {
        POSITIONS
            .iter()
            .map(|fen| {
                rules::parse_fen(fen)
                    .map(|(pos, _)| pos)
                    .unwrap_or_else(|e| panic!("harness position {fen}: {e}"))
            })
            .collect()
    });
    all[i as usize % all.len()].clone()
}

/// FEN: `rules::parse_fen` on the text. An accepted position writes back as a FEN that
/// reads to the same position and key, and every legal move in it writes and reads back in
/// all three notations.
pub fn fen(data: &[u8]) {
    let text = text(data);
    let Ok((pos, _warnings)) = rules::parse_fen(&text) else {
        return;
    };
    let written = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
    let (again, _) = rules::parse_fen(&written)
        .unwrap_or_else(|e| panic!("'{text}' read, but its FEN '{written}' does not: {e}"));
    assert_eq!(
        rules::position_key(&pos),
        rules::position_key(&again),
        "'{text}' and its FEN '{written}' have different keys"
    );
    round_trip_moves(&pos);
}

/// Every legal move of `pos` written in each notation reads back as itself.
fn round_trip_moves(pos: &Chess) {
    for m in pos.legal_moves() {
        for n in [Notation::San, Notation::Uci, Notation::Descriptive] {
            let written = notation::write_move(pos, m, n);
            match notation::read_move(pos, &written) {
                Ok(back) => assert_eq!(
                    back,
                    m,
                    "{n:?} '{written}' read back as another move in {}",
                    notation::fen_of(pos)
                ),
                Err(e) => panic!(
                    "{n:?} '{written}' does not read back in {}: {e}",
                    notation::fen_of(pos)
                ),
            }
        }
    }
}

/// The move reader (descriptive, SAN, coordinate) and the game-score splitter. The first
/// byte picks a position from `POSITIONS`; the rest is the text. A move that reads is legal;
/// every word of the score is read in turn, playing those that read.
pub fn read_move(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let pos = position(which);
    let text = text(rest);
    if let Ok(m) = notation::read_move(&pos, &text) {
        assert!(pos.is_legal(m), "'{text}' read as an illegal move {m:?}");
    }
    let _ = notation::descriptive::parse(&text);
    let mut game = Game::new(pos);
    for word in notation::score::moves(&text).into_iter().take(64) {
        if let Ok(m) = notation::read_move(game.position(), &word) {
            assert!(game.play(m), "'{word}' read as an illegal move {m:?}");
        }
    }
}

/// The engine of the protocol targets, made once (making one allocates its tables) and
/// handed out reset by `small_engine`.
static ENGINE: Mutex<Option<Engine>> = Mutex::new(None);

/// An engine for the protocol targets: a new game, default options, then the 1967 profile
/// at depth 1 with narrow widths and the smallest hash, so that a search a line starts
/// ends in about a millisecond.
fn small_engine() -> Engine {
    static SMALL: OnceLock<machack::engine::Options> = OnceLock::new();
    let reused = ENGINE.lock().unwrap_or_else(|e| e.into_inner()).take();
    let mut engine = reused.unwrap_or_default();
    engine.abort();
    engine.new_game();
    // Setting options makes the engine rebuild its searcher: only when the last input
    // changed them.
    if SMALL.get() == Some(engine.options()) {
        return engine;
    }
    for option in machack::engine::options::OPTIONS {
        if let Some(default) = machack::engine::options::default_text(option) {
            let _ = engine.set_option(option.name, Some(&default));
        }
    }
    for (name, value) in [
        ("Hash", "1"),
        ("Profile", "1967"),
        ("Depth", "1"),
        ("Widths", "2"),
        ("OwnBook", "false"),
    ] {
        // An option missing from this build changes only the speed of the fuzzing.
        let _ = engine.set_option(name, Some(value));
    }
    let _ = SMALL.set(engine.options().clone());
    engine
}

/// Gives the engine back for the next run.
fn return_engine(mut engine: Engine) {
    engine.abort();
    *ENGINE.lock().unwrap_or_else(|e| e.into_inner()) = Some(engine);
}

/// Lines that would make a search long or a table large are dropped from the protocol
/// targets (`sd`, `memory`, the Depth/Widths/Profile/Hash options): what is fuzzed is the
/// parsing, and those parsers are simple numbers, which the torture test covers with real
/// searches. Clock lines (`time`, `level`, `st`) stay: a depth-1 search ends at once
/// whatever its clock says.
fn slow(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let first = lower.split_whitespace().next().unwrap_or("");
    matches!(first, "sd" | "memory")
        || [
            "depth", "width", "profile", "hash", "nodes", "mate", "movetime",
        ]
        .iter()
        .any(|w| lower.contains(w))
}

/// The UCI parser: every line through `uci::command`, except that `go` lines are only
/// parsed (`uci::parse_go`), so no search runs. Position, option and malformed lines are
/// all applied to one engine.
pub fn uci_lines(data: &[u8]) {
    let text = text(data);
    let mut engine = small_engine();
    let out = Out::new(Box::new(std::io::sink()));
    for line in text.lines().take(64) {
        let trimmed = line.trim_start();
        if trimmed == "go" || trimmed.starts_with("go ") || trimmed.starts_with("go\t") {
            let rest = trimmed.get(2..).unwrap_or("");
            let _ = uci::parse_go(&engine, &out, rest);
            continue;
        }
        if slow(line) {
            continue;
        }
        if !uci::command(&mut engine, &out, line) {
            break;
        }
    }
    return_engine(engine);
}

/// The xboard parser: every line through an `xboard::Session` whose searches are the
/// small engine's (depth 1); a search that starts is waited for before the next line.
pub fn xboard_lines(data: &[u8]) {
    let text = text(data);
    let engine = small_engine();
    let out = Out::new(Box::new(std::io::sink()));
    let mut session = xboard::Session::new(engine, out);
    for line in text.lines().take(32) {
        if slow(line) {
            continue;
        }
        if !session.line(line) {
            break;
        }
    }
    return_engine(session.close());
}

/// PGN: the console's reader (`pgn::read_games`) and the book builder's reader
/// (`book::build::build_from_pgn`) over the bytes as a file. A game the console reads writes
/// back (`pgn::write_game`) as PGN that reads to the same moves.
pub fn pgn(data: &[u8]) {
    let text = text(data);
    for read in machack::pgn::read_games(&text).into_iter().flatten() {
        let written = machack::pgn::write_game(&read.game, &read.tags, &[], &read.result);
        let again = machack::pgn::read_games(&written);
        match again.first() {
            Some(Ok(back)) => assert_eq!(
                back.game.moves(),
                read.game.moves(),
                "PGN written from a game reads to other moves:\n{written}"
            ),
            Some(Err(e)) => panic!("PGN written from a game does not read: {e}\n{written}"),
            None => panic!("PGN written from a game holds no game:\n{written}"),
        }
    }
    let options = BuildOptions::default();
    if let Ok((entries, _report)) = build_from_pgn(Cursor::new(data), options) {
        for e in entries {
            assert_ne!(e.weight, 0, "a built entry has weight 0");
        }
    }
}

/// Polyglot: the bytes as a book file (`book::polyglot::parse`), and, sorted, as a book
/// whose moves are looked up in every `POSITIONS` entry: a book move offered is legal.
pub fn polyglot(data: &[u8]) {
    let _ = book::polyglot::parse(Path::new("fuzz.bin"), data);
    let mut entries: Vec<Entry> = data
        .chunks_exact(16)
        .map(|c| {
            let mut b = [0u8; 16];
            b.copy_from_slice(c);
            Entry::from_bytes(&b)
        })
        .collect();
    for e in &entries {
        assert_eq!(Entry::from_bytes(&e.to_bytes()), *e, "entry round trip");
    }
    // Point the entries at our positions so their move fields are really decoded.
    for (i, e) in entries.iter_mut().enumerate() {
        if i % 2 == 0 {
            e.key = book::polyglot_key(&position(i as u8));
        }
    }
    let book = PolyglotBook::from_entries(entries);
    for i in 0..POSITIONS.len() {
        let pos = position(i as u8);
        for bm in book.moves(&pos) {
            assert!(pos.is_legal(bm.mv), "book move {:?} is illegal", bm.mv);
        }
        for e in book.entries_for(book::polyglot_key(&pos)) {
            if let Some(m) = book::polyglot::decode_move(&pos, e.raw_move) {
                assert!(pos.is_legal(m), "decoded move {m:?} is illegal");
            }
        }
    }
}

/// EPD: every line through `cli::epd::parse_epd_line`, and an accepted record's position
/// through the FEN reader with its `bm`/`am` moves through the move reader.
pub fn epd(data: &[u8]) {
    let text = text(data);
    for line in text.lines().take(64) {
        let Ok(Some(record)) = machack::epd::parse_epd_line(line) else {
            continue;
        };
        let Ok((pos, _)) = rules::parse_fen(&record.fen) else {
            continue;
        };
        for op in ["bm", "am"] {
            for m in record.op(op).unwrap_or(&[]) {
                if let Ok(mv) = notation::read_move(&pos, m) {
                    assert!(pos.is_legal(mv));
                }
            }
        }
    }
}

/// Zobrist: random legal moves through `rules::Game` from a position the first byte picks,
/// each later byte choosing a move (or, with its top bit set and a move to take back, an
/// undo). After every step the incrementally kept key equals the key computed from scratch,
/// and every key of the game equals its position's.
pub fn zobrist(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let mut game = Game::new(position(which));
    for &b in rest.iter().take(128) {
        if b & 0x80 != 0 && b & 0x40 != 0 && !game.moves().is_empty() {
            game.undo();
        } else {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[b as usize % moves.len()];
            assert!(game.play(m), "a legal move was refused");
        }
        let from_scratch = rules::position_key(game.position());
        assert_eq!(
            game.key(),
            from_scratch,
            "incremental key differs after {:?} in {}",
            game.moves()
                .last()
                .map(|m| m.to_uci(CastlingMode::Standard).to_string()),
            notation::fen_of(game.position())
        );
    }
    for (ply, &k) in game.keys().iter().enumerate() {
        let pos = game
            .position_at(ply)
            .unwrap_or_else(|| panic!("no position at ply {ply}"));
        assert_eq!(k, rules::position_key(pos), "key of ply {ply}");
    }
}

/// A fuzz target: bytes in, a panic on a bug.
pub type Target = fn(&[u8]);

/// Every target by name, for the corpus test and for `fuzz/` scripts.
pub const TARGETS: [(&str, Target); 8] = [
    ("fen", fen),
    ("read_move", read_move),
    ("uci", uci_lines),
    ("xboard", xboard_lines),
    ("pgn", pgn),
    ("polyglot", polyglot),
    ("epd", epd),
    ("zobrist", zobrist),
];
