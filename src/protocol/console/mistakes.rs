//! Why a move the person typed is not played, and what they might play instead: text that
//! reads in no notation, a move that fits several legal moves, and one that is not legal,
//! with the reason the position shows (in check, no such piece, the castling right gone)
//! and the legal moves of the piece the person meant.

use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingSide, Chess, Move, Position, Role, Square};

use super::side_name;
use crate::aids::role_name;
use crate::engine::short;
use crate::notation::descriptive::{self, Desc};
use crate::notation::{self, Notation, NotationError};

/// What the text tried to move, as far as it says.
#[derive(Debug, PartialEq, Eq)]
enum Meant {
    /// A piece of this kind (descriptive or SAN).
    Piece(Role),
    /// Whatever stands on this square (coordinates).
    From(Square),
    Castle(CastlingSide),
    Unknown,
}

/// Reads what the text means to move, trying the notations in `notation::read_move`'s
/// order: coordinates, descriptive, SAN.
fn meant(text: &str) -> Meant {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if let Ok(uci) = compact.parse::<UciMove>() {
        return match uci {
            UciMove::Normal { from, .. } => Meant::From(from),
            _ => Meant::Unknown,
        };
    }
    if let Some(reading) = descriptive::parse(text) {
        return match reading.desc {
            Desc::Castle { long: true } => Meant::Castle(CastlingSide::QueenSide),
            Desc::Castle { long: false } => Meant::Castle(CastlingSide::KingSide),
            Desc::Move { piece, .. } | Desc::Capture { piece, .. } => Meant::Piece(piece.role),
        };
    }
    match compact.parse::<SanPlus>().map(|s| s.san) {
        Ok(San::Normal { role, .. }) => Meant::Piece(role),
        Ok(San::Castle(side)) => Meant::Castle(side),
        _ => Meant::Unknown,
    }
}

/// The lines that answer text that is not a move played: what is wrong, and what is legal.
pub(super) fn answer(
    pos: &Chess,
    text: &str,
    error: &NotationError,
    notation: Notation,
) -> Vec<String> {
    let t = short(text);
    match error {
        NotationError::Unreadable { .. } => vec![
            format!("'{t}' is neither a move nor a command; type 'help' for the commands."),
            "Moves are written P-K4, N-KB3, PxP, O-O (descriptive), e4, Nf3 (SAN) or e2e4."
                .to_string(),
        ],
        NotationError::Ambiguous { candidates, .. } => {
            let named: Vec<String> = candidates
                .iter()
                .map(|san| match notation::read_move(pos, san) {
                    Ok(m) => notation::write_move(pos, m, notation),
                    Err(_) => san.clone(),
                })
                .collect();
            vec![format!(
                "'{t}' could be any of {}: say which.",
                named.join(", ")
            )]
        }
        NotationError::Illegal { .. } => illegal(pos, &t, notation),
    }
}

/// A move that reads but is not legal: the reason, then the legal moves of what was meant.
fn illegal(pos: &Chess, text: &str, notation: Notation) -> Vec<String> {
    let meant = meant(text);
    let mut lines = vec![format!(
        "'{text}' is not a legal move here: {}.",
        reason(pos, &meant)
    )];
    let legal = pos.legal_moves();
    let (label, moves): (String, Vec<Move>) = match meant {
        _ if pos.is_check() => ("Your legal moves".into(), legal.to_vec()),
        Meant::From(sq) if pos.board().color_at(sq) == Some(pos.turn()) => (
            format!("Legal moves from {sq}"),
            legal
                .iter()
                .copied()
                .filter(|m| m.from() == Some(sq))
                .collect(),
        ),
        Meant::Piece(role) => (
            format!("Your legal {} moves", role_name(role)),
            legal.iter().copied().filter(|m| m.role() == role).collect(),
        ),
        Meant::Castle(_) => (
            "Your legal king moves".into(),
            legal
                .iter()
                .copied()
                .filter(|m| m.role() == Role::King)
                .collect(),
        ),
        _ => (String::new(), Vec::new()),
    };
    let all = format!("'moves' lists all {}", legal.len());
    if moves.is_empty() {
        lines.push(format!("{all}."));
    } else {
        let mut names: Vec<String> = moves
            .iter()
            .map(|&m| notation::write_move(pos, m, notation))
            .collect();
        names.sort();
        lines.push(format!("{label}: {}; {all}.", names.join(" ")));
    }
    lines
}

/// Why the move meant is not legal, as far as the position shows.
fn reason(pos: &Chess, meant: &Meant) -> String {
    let us = pos.turn();
    if pos.is_check() {
        return "you are in check".into();
    }
    match *meant {
        Meant::From(sq) => match pos.board().piece_at(sq) {
            None => format!("there is no piece on {sq}"),
            Some(p) if p.color != us => format!("the piece on {sq} is {}'s", side_name(!us)),
            Some(p) => format!("your {} on {sq} cannot go there", role_name(p.role)),
        },
        Meant::Piece(role) if pos.board().by_piece(role.of(us)).is_empty() => {
            format!("you have no {}", role_name(role))
        }
        Meant::Piece(role) => format!("no {} of yours can go there", role_name(role)),
        Meant::Castle(side) => castling_reason(pos, side),
        Meant::Unknown => "no legal move matches it".into(),
    }
}

/// Why castling on `side` is not legal (the side to move is not in check).
fn castling_reason(pos: &Chess, side: CastlingSide) -> String {
    let castles = pos.castles();
    let us = pos.turn();
    if !castles.has(us, side) {
        "your king or that rook has moved, so you may not castle on that side".into()
    } else if (castles.path(us, side) & pos.board().occupied()).any() {
        "there are pieces between the king and the rook".into()
    } else {
        "the king would pass through or land on an attacked square".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn at(fen: &str) -> Chess {
        let fen: Fen = fen.parse().unwrap();
        fen.into_position(shakmaty::CastlingMode::Standard).unwrap()
    }

    fn answer_to(pos: &Chess, text: &str) -> Vec<String> {
        let error = notation::read_move(pos, text).unwrap_err();
        answer(pos, text, &error, Notation::Descriptive)
    }

    #[test]
    fn what_was_meant() {
        assert_eq!(meant("e2e5"), Meant::From(Square::E2));
        assert_eq!(meant("P-K5"), Meant::Piece(Role::Pawn));
        assert_eq!(meant("NxP"), Meant::Piece(Role::Knight));
        assert_eq!(meant("Qh5+"), Meant::Piece(Role::Queen));
        assert_eq!(meant("O-O-O"), Meant::Castle(CastlingSide::QueenSide));
        assert_eq!(meant("xyzzy"), Meant::Unknown);
    }

    #[test]
    fn an_illegal_move_says_why_and_what_is_legal() {
        let start = Chess::default();
        let lines = answer_to(&start, "P-K5");
        assert_eq!(
            lines[0],
            "'P-K5' is not a legal move here: no pawn of yours can go there."
        );
        assert!(
            lines[1].starts_with("Your legal pawn moves: P-K3 P-K4 ")
                && lines[1].ends_with("; 'moves' lists all 20."),
            "{}",
            lines[1]
        );
        let lines = answer_to(&start, "e3e4");
        assert_eq!(
            lines[0],
            "'e3e4' is not a legal move here: there is no piece on e3."
        );
        assert_eq!(lines[1], "'moves' lists all 20.");
        assert!(answer_to(&start, "e7e5")[0].ends_with("the piece on e7 is Black's."));
        assert!(answer_to(&start, "O-O")[0].ends_with("between the king and the rook."));
    }

    #[test]
    fn in_check_lists_every_legal_move() {
        // Scholar's mate threatened: after 1. e4 f6 2. Qh5+ Black is in check.
        let pos = at("rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2");
        let lines = answer_to(&pos, "N-KB3");
        assert!(lines[0].ends_with("you are in check."), "{}", lines[0]);
        assert_eq!(lines[1], "Your legal moves: P-N3; 'moves' lists all 1.");
    }

    #[test]
    fn lost_castling_rights_and_missing_pieces() {
        let pos = at("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
        assert!(answer_to(&pos, "O-O")[0].contains("your king or that rook has moved"));
        assert!(answer_to(&pos, "Nf3")[0].ends_with("you have no knight."));
    }

    #[test]
    fn an_ambiguous_move_names_its_readings() {
        let mut pos = Chess::default();
        for m in ["e4", "e5"] {
            let m = notation::read_move(&pos, m).unwrap();
            pos.play_unchecked(m);
        }
        assert_eq!(
            answer_to(&pos, "N-B3"),
            ["'N-B3' could be any of N-QB3, N-KB3: say which."]
        );
        assert_eq!(answer_to(&pos, "xyzzy").len(), 2);
    }
}
