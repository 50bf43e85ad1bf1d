//! The FIDE rules that end a game or let a player claim a draw (Laws of Chess, articles
//! 5 and 9; docs/design.md §10 "Game rules").
//!
//! A game ends by itself on checkmate (5.1.1), stalemate (5.2.1), a dead position (5.2.2 —
//! we recognise the dead positions that come from insufficient material, as shakmaty
//! does), the fifth occurrence of a position (9.6.1) and 75 moves by each side without a
//! pawn move or capture (9.6.2); a checkmate on the last move takes precedence over the
//! two counting rules. The player to move may claim a draw when the position has occurred
//! three times (9.2.2) or 50 moves by each side have passed without a pawn move or capture
//! (9.3.2), or declare a move after which either will be true (9.2.1, 9.3.1). Positions are
//! the same by 9.2.3, which [`crate::rules::position_key`] hashes. The console, the
//! protocols and `machack status` all ask this module.

use std::collections::HashMap;

use serde::Serialize;
use shakmaty::{Color, KnownOutcome, Move, Position};

use crate::rules::{Game, key_after};

/// Halfmoves without pawn move or capture that allow the fifty-move claim.
pub const FIFTY_MOVES: u32 = 100;
/// Halfmoves without pawn move or capture that end the game (seventy-five-move rule).
pub const SEVENTYFIVE_MOVES: u32 = 150;
/// Occurrences that allow the repetition claim.
pub const THREEFOLD: usize = 3;
/// Occurrences that end the game.
pub const FIVEFOLD: usize = 5;

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Outcome {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
}

impl Outcome {
    /// The PGN spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// A win for `color`.
    pub fn win(color: Color) -> Outcome {
        match color {
            Color::White => Outcome::WhiteWins,
            Color::Black => Outcome::BlackWins,
        }
    }

    /// From shakmaty's (and pgn-reader's) outcome.
    pub fn from_known(k: KnownOutcome) -> Outcome {
        match k {
            KnownOutcome::Decisive { winner } => Outcome::win(winner),
            KnownOutcome::Draw => Outcome::Draw,
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why the game ended by itself, in the order the rules are checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    Checkmate,
    InsufficientMaterial,
    Stalemate,
    SeventyfiveMoves,
    FivefoldRepetition,
}

impl Reason {
    /// The name used in JSON and text.
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::InsufficientMaterial => "insufficient_material",
            Reason::Stalemate => "stalemate",
            Reason::SeventyfiveMoves => "seventyfive_moves",
            Reason::FivefoldRepetition => "fivefold_repetition",
        }
    }
}

/// A draw the player to move may claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Claim {
    ThreefoldRepetition,
    FiftyMoves,
}

impl Claim {
    /// The name used in JSON and text.
    pub fn as_str(self) -> &'static str {
        match self {
            Claim::ThreefoldRepetition => "threefold_repetition",
            Claim::FiftyMoves => "fifty_moves",
        }
    }
}

/// What the rules say about the current position of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct State {
    /// The result if the game is over by the rules, else `None`.
    pub outcome: Option<Outcome>,
    /// Why it is over (the first rule that applies).
    pub reason: Option<Reason>,
    /// Draws the side to move may claim without moving (empty once the game is over).
    pub claims: Vec<Claim>,
    /// Times the current position has occurred in the game, itself included.
    pub occurrences: usize,
    /// Halfmoves since the last pawn move or capture.
    pub halfmove_clock: u32,
}

impl State {
    /// The state of `game` after its last move.
    pub fn of(game: &Game) -> State {
        State::at(game.position(), occurrences(game))
    }

    /// The state of a position that has occurred `occurrences` times.
    pub fn at(pos: &shakmaty::Chess, occurrences: usize) -> State {
        let halfmove_clock = pos.halfmoves();
        let ended = if pos.is_checkmate() {
            Some((Outcome::win(!pos.turn()), Reason::Checkmate))
        } else if pos.is_insufficient_material() {
            Some((Outcome::Draw, Reason::InsufficientMaterial))
        } else if pos.is_stalemate() {
            Some((Outcome::Draw, Reason::Stalemate))
        } else if halfmove_clock >= SEVENTYFIVE_MOVES {
            Some((Outcome::Draw, Reason::SeventyfiveMoves))
        } else if occurrences >= FIVEFOLD {
            Some((Outcome::Draw, Reason::FivefoldRepetition))
        } else {
            None
        };
        let mut claims = Vec::new();
        if ended.is_none() {
            if occurrences >= THREEFOLD {
                claims.push(Claim::ThreefoldRepetition);
            }
            if halfmove_clock >= FIFTY_MOVES {
                claims.push(Claim::FiftyMoves);
            }
        }
        State {
            outcome: ended.map(|e| e.0),
            reason: ended.map(|e| e.1),
            claims,
            occurrences,
            halfmove_clock,
        }
    }

    /// Whether the game is over by the rules.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
}

/// Times the current position of `game` has occurred, itself included.
pub fn occurrences(game: &Game) -> usize {
    let key = game.key();
    game.keys().iter().filter(|&&k| k == key).count()
}

/// A declared move that is not legal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the declared move is not legal in this position")]
pub struct IllegalMove;

/// What the side to move may claim by declaring `m` (9.2.1, 9.3.1): the position after it
/// would occur for the third time, or the clock would reach 100 halfmoves. Empty when the
/// game is already over.
pub fn claims_with_move(game: &Game, m: Move) -> Result<Vec<Claim>, IllegalMove> {
    let pos = game.position();
    if !pos.is_legal(m) {
        return Err(IllegalMove);
    }
    if State::of(game).is_over() {
        return Ok(Vec::new());
    }
    let mut after = pos.clone();
    after.play_unchecked(m);
    let key = key_after(pos, game.key(), m, &after);
    let occurrences = 1 + game.keys().iter().filter(|&&k| k == key).count();
    let mut claims = Vec::new();
    if occurrences >= THREEFOLD {
        claims.push(Claim::ThreefoldRepetition);
    }
    if after.halfmoves() >= FIFTY_MOVES {
        claims.push(Claim::FiftyMoves);
    }
    Ok(claims)
}

/// The first position of `game` at which it was over by the rules: its ply (0 = start)
/// and the state there. Moves played after that point should not have been.
pub fn first_end(game: &Game) -> Option<(usize, State)> {
    let mut seen: HashMap<u64, usize> = HashMap::new();
    for (ply, &key) in game.keys().iter().enumerate() {
        let count = seen.entry(key).or_default();
        *count += 1;
        let pos = game.position_at(ply)?;
        let state = State::at(pos, *count);
        if state.is_over() {
            return Some((ply, state));
        }
    }
    None
}

/// How a recorded result compares with the rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The rules ended the game and the record says the same.
    Agrees,
    /// The rules did not end the game; the record gives a result reached some other way
    /// (resignation, time, agreement, a claim, an arbiter's decision) or none ("*").
    NotDecidedByRules,
    /// The rules ended the game with another result than the record's.
    Contradicts,
}

/// Compares a recorded result (`None` for "*") with what the rules say about `game`;
/// returns the verdict and a sentence for the arbiter.
pub fn judge(game: &Game, recorded: Option<Outcome>) -> (Verdict, String) {
    let tag = recorded.map_or("*", Outcome::as_str);
    let Some((ply, state)) = first_end(game) else {
        let state = State::of(game);
        let note = match recorded {
            None => "game not finished by the rules; result '*'".to_string(),
            Some(Outcome::Draw) if !state.claims.is_empty() => format!(
                "drawn by agreement or claim ({} available)",
                state
                    .claims
                    .iter()
                    .map(|c| c.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Some(Outcome::Draw) => "drawn by agreement (not by the rules)".to_string(),
            Some(_) => {
                format!("{tag} was reached outside the board rules (resignation, time, forfeit)")
            }
        };
        return (Verdict::NotDecidedByRules, note);
    };
    let outcome = state.outcome.expect("an ended state has an outcome");
    let reason = state.reason.map_or("", Reason::as_str);
    let late = if ply + 1 < game.keys().len() {
        format!(
            " at ply {ply}, but {} more halfmove(s) were played",
            game.keys().len() - 1 - ply
        )
    } else {
        String::new()
    };
    if recorded == Some(outcome) {
        (
            Verdict::Agrees,
            format!("{tag} agrees with the rules ({reason}{late})"),
        )
    } else {
        (
            Verdict::Contradicts,
            format!(
                "result {tag} contradicts the rules: {} by {reason}{late}",
                outcome.as_str()
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::game;

    #[test]
    fn fools_mate_is_checkmate_for_black() {
        let g = game(crate::rules::START_FEN, "f2f3 e7e5 g2g4 d8h4");
        let s = State::of(&g);
        assert_eq!(s.outcome, Some(Outcome::BlackWins));
        assert_eq!(s.reason, Some(Reason::Checkmate));
        assert!(s.claims.is_empty());
        assert_eq!(judge(&g, Some(Outcome::WhiteWins)).0, Verdict::Contradicts);
        assert_eq!(judge(&g, Some(Outcome::BlackWins)).0, Verdict::Agrees);
        assert_eq!(judge(&g, None).0, Verdict::Contradicts);
    }

    #[test]
    fn stalemate_and_bare_kings() {
        let s = State::of(&game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", ""));
        assert_eq!(s.reason, Some(Reason::Stalemate));
        let s = State::of(&game("7k/8/6K1/8/8/8/8/8 b - - 0 1", ""));
        assert_eq!(s.reason, Some(Reason::InsufficientMaterial));
        assert_eq!(s.outcome, Some(Outcome::Draw));
    }

    #[test]
    fn a_resignation_is_not_decided_by_the_rules() {
        let g = game(crate::rules::START_FEN, "e2e4 e7e5");
        assert_eq!(
            judge(&g, Some(Outcome::WhiteWins)).0,
            Verdict::NotDecidedByRules
        );
        assert_eq!(judge(&g, None).0, Verdict::NotDecidedByRules);
    }
}
