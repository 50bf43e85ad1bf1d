//! Chess960: Shredder-FEN and X-FEN read alike, perft of Chess960 positions against the
//! published counts, castling written as king takes rook in UCI and as O-O/O-O-O in SAN
//! and xboard, and a Chess960 game played to its end over UCI.

#[path = "uci/pipe.rs"]
mod pipe;

use std::collections::HashMap;
use std::time::Duration;

use machack::notation::{Notation, read_move, uci_in, write_move};
use machack::perft::perft;
use machack::rules::{parse_fen_in, position_key};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

const LONG: Duration = Duration::from_secs(30);

fn fen960(fen: &str) -> Chess {
    parse_fen_in(fen, CastlingMode::Chess960).unwrap().0
}

/// Positions 0 to 3 of the Chess Programming Wiki's "Chess960 Perft Results" (also
/// Ethereal's fischer.epd), with their depth-4 counts.
const PERFT: &[(&str, u64)] = &[
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        326_672,
    ),
    (
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
        667_366,
    ),
    (
        "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
        273_318,
    ),
    (
        "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
        382_958,
    ),
];

#[test]
fn perft_matches_the_published_counts() {
    for &(fen, count) in PERFT {
        let pos = fen960(fen);
        assert_eq!(perft(&pos, position_key(&pos), 4), count, "{fen}");
    }
}

#[test]
fn shredder_fen_and_x_fen_are_the_same_position() {
    let shredder = fen960("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    let xfen = fen960("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    assert_eq!(shredder, xfen);
    assert_eq!(position_key(&shredder), position_key(&xfen));
}

#[test]
fn castling_is_king_takes_rook_in_uci_and_o_o_in_san() {
    let pos = fen960("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1");
    let long = read_move(&pos, "O-O-O").unwrap();
    let short = read_move(&pos, "e1g1").unwrap();
    assert_eq!(uci_in(long, CastlingMode::Chess960), "e1b1");
    assert_eq!(uci_in(short, CastlingMode::Chess960), "e1g1");
    assert!(short.is_castle() && long.is_castle());
    assert_eq!(write_move(&pos, long, Notation::San), "O-O-O");
    assert_eq!(write_move(&pos, short, Notation::San), "O-O");
    assert_eq!(read_move(&pos, "e1b1").unwrap(), long);
}

fn uci960() -> pipe::Engine {
    let mut e = pipe::Engine::start(&["uci"]);
    e.send("uci");
    e.expect_prefix("uciok", LONG);
    assert!(
        e.seen
            .iter()
            .any(|l| l == "option name UCI_Chess960 type check default false")
    );
    e.send("setoption name UCI_Chess960 value true");
    e.send("setoption name Profile value 1967");
    e
}

#[test]
fn uci_sends_castling_as_king_takes_rook() {
    let mut e = uci960();
    let fen = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1";
    e.send(&format!("position fen {fen}"));
    e.send("go depth 1 searchmoves e1b1");
    e.expect("bestmove e1b1", LONG, |l| l.starts_with("bestmove e1b1"));
    // Black castles long after White did: c8 for the king, d8 for the rook.
    e.send(&format!("position fen {fen} moves e1b1"));
    e.send("go depth 1 searchmoves e8b8");
    e.expect("bestmove e8b8", LONG, |l| l.starts_with("bestmove e8b8"));
    e.quit("quit");
}

/// How a game stands: over (and why) or not.
fn game_over(pos: &Chess, seen: &HashMap<u64, u32>) -> Option<&'static str> {
    if pos.is_checkmate() {
        Some("checkmate")
    } else if pos.is_stalemate() {
        Some("stalemate")
    } else if pos.is_insufficient_material() {
        Some("insufficient material")
    } else if pos.halfmoves() >= 100 {
        Some("fifty moves")
    } else if seen.get(&position_key(pos)).is_some_and(|&n| n >= 3) {
        Some("threefold repetition")
    } else {
        None
    }
}

#[test]
fn a_chess960_game_is_played_to_its_end() {
    let start = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
    let mut e = uci960();
    let mut pos = fen960(start);
    let mut moves: Vec<String> = Vec::new();
    let mut seen = HashMap::from([(position_key(&pos), 1)]);
    let end = loop {
        if let Some(end) = game_over(&pos, &seen) {
            break end;
        }
        assert!(moves.len() < 1000, "no end after 1000 plies");
        e.send(&format!("position fen {start} moves {}", moves.join(" ")));
        e.send("go depth 2");
        let (line, _) = e.expect_prefix("bestmove", LONG);
        let text = line.split_whitespace().nth(1).unwrap().to_string();
        let m = text
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(&pos).ok())
            .unwrap_or_else(|| panic!("{text} is not legal in {pos:?}"));
        assert_eq!(uci_in(m, CastlingMode::Chess960), text, "king takes rook");
        pos.play_unchecked(m);
        *seen.entry(position_key(&pos)).or_insert(0) += 1;
        moves.push(text);
    };
    eprintln!("{end} after {} plies", moves.len());
    e.quit("quit");
}

#[test]
fn xboard_plays_fischerandom_with_o_o() {
    let mut e = pipe::Engine::start(&["xboard"]);
    e.send("xboard");
    e.send("protover 2");
    e.expect("done=1", LONG, |l| l == "feature done=1");
    assert!(
        e.seen
            .join(" ")
            .contains("variants=\"normal,fischerandom\"")
    );
    e.send("new");
    e.send("variant fischerandom");
    e.send("force");
    e.send("setboard 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1");
    e.send("usermove O-O-O");
    e.send("sd 1");
    e.send("go");
    let (line, _) = e.expect_prefix("move ", LONG);
    assert!(
        !e.seen
            .iter()
            .any(|l| l.starts_with("Error") || l.starts_with("Illegal")),
        "{:?}",
        e.seen
    );
    assert!(line.len() > 5, "{line}");
    e.quit("quit");
}
