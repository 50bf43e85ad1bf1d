//! Mac Hack's view of a game, move by move (issue 24): what the search would have played
//! in each position, where the move actually played ranked by plausibility, how much
//! better the search values its own move than the one played (a second search of the
//! played move alone, to the same limits), and one line in the plausibility trace's words.
//! The command line and the scope page both annotate through [`annotate`].

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use serde::Serialize;
use shakmaty::{Chess, Color, Move, Position};

use crate::aids::{PointOfView, ScoreView};
use crate::attack::Analysis;
use crate::notation::{self, Notation};
use crate::plausible::{self, Context, Factor};
use crate::rules::{self, Game};
use crate::search::{Limits, Score, Search};

/// How long each search of a position may run: a fixed depth, a time, or the profile's
/// own depth when neither is given.
#[derive(Debug, Clone, Copy, Default)]
pub struct Budget {
    pub depth: Option<u32>,
    pub movetime: Option<Duration>,
}

impl Budget {
    fn limits(&self, searchmoves: Vec<Move>) -> Limits {
        Limits {
            depth: self.depth,
            deadline: self.movetime.map(|t| Instant::now() + t),
            searchmoves,
            ..Limits::default()
        }
    }
}

/// One move of the game as machack sees it.
#[derive(Debug, Clone, Serialize)]
pub struct MoveNote {
    /// Index of the move in the game (0: the first move).
    pub ply: usize,
    /// Move number and side, as a PGN writes them.
    pub number: u32,
    pub white: bool,
    /// The position before the move.
    pub fen: String,
    /// The move played, in SAN and UCI.
    pub played: String,
    pub played_uci: String,
    /// Where the played move ranked by plausibility (1: first) among `legal` moves.
    pub rank: usize,
    pub legal: usize,
    /// What machack would have played, and its line (SAN, from this position).
    pub machack: String,
    pub machack_uci: String,
    pub line: Vec<String>,
    /// The search's value of its move and of the move played, from White's side.
    pub machack_score: String,
    pub played_score: String,
    /// The same two values for the side to move, as numbers, for a page that tells them
    /// from either side.
    pub machack_value: ScoreView,
    pub played_value: ScoreView,
    /// Machack's value minus the played move's, pawn = 128; `None` when one is a mate.
    pub diff: Option<i32>,
    /// Whether machack would have played the move.
    pub matches: bool,
    /// One line in the words of the plausibility trace.
    pub comment: String,
}

impl MoveNote {
    /// The value difference as text: `0.00`, `+0.45` (pawns), or the two scores when one
    /// is a mate.
    pub fn diff_text(&self) -> String {
        match self.diff {
            Some(d) => format!("{:+.2}", f64::from(d) / 128.0).replace("+0.00", "0.00"),
            None => format!("{} vs {}", self.machack_score, self.played_score),
        }
    }
}

/// How often machack's move was the one played, per side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Matches {
    pub white: (usize, usize),
    pub black: (usize, usize),
}

impl Matches {
    /// The moves of `notes` counted.
    pub fn of(notes: &[MoveNote]) -> Matches {
        let mut m = Matches::default();
        for n in notes {
            let side = if n.white { &mut m.white } else { &mut m.black };
            side.0 += usize::from(n.matches);
            side.1 += 1;
        }
        m
    }

    /// Adds another game's counts.
    pub fn add(&mut self, other: Matches) {
        self.white.0 += other.white.0;
        self.white.1 += other.white.1;
        self.black.0 += other.black.0;
        self.black.1 += other.black.1;
    }

    /// `White matches K of N, Black matches K of N`.
    pub fn line(&self) -> String {
        format!(
            "White matches {} of {}, Black matches {} of {}",
            self.white.0, self.white.1, self.black.0, self.black.1
        )
    }
}

/// Annotates every move of `game` with `search` (configured by the caller) within
/// `budget`; `progress` sees each note as it is made. Stops early, with the notes made so
/// far, when `stop` is raised.
pub fn annotate(
    game: &Game,
    search: &mut dyn Search,
    budget: Budget,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&MoveNote),
) -> Vec<MoveNote> {
    let mut so_far = Game::new(game.start().clone());
    let mut notes = Vec::with_capacity(game.moves().len());
    for (ply, &played) in game.moves().iter().enumerate() {
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            break;
        }
        let Some(note) = note(&so_far, ply, played, search, budget, stop) else {
            break;
        };
        progress(&note);
        notes.push(note);
        so_far.play(played);
    }
    notes
}

/// The note of `played` in the current position of `game`; `None` when the position has
/// no legal move (a game that goes on after its end).
fn note(
    game: &Game,
    ply: usize,
    played: Move,
    search: &mut dyn Search,
    budget: Budget,
    stop: &AtomicBool,
) -> Option<MoveNote> {
    let pos = game.position();
    search.clear_hash();
    let best = search
        .search(game, &budget.limits(Vec::new()), stop, &mut |_| {})
        .ok()?;
    let played_score = if best.best == played {
        best.score
    } else {
        search.clear_hash();
        search
            .search(game, &budget.limits(vec![played]), stop, &mut |_| {})
            .ok()?
            .score
    };
    let analysis = Analysis::new(pos);
    let ctx = Context::root(rules::game_ply(pos));
    let ranked = plausible::ranked(pos, &analysis, &ctx);
    let rank = ranked
        .iter()
        .position(|pm| pm.mv == played)
        .map_or(0, |i| i + 1);
    let san = |m: Move| notation::write_move(pos, m, Notation::San);
    let diff = match (best.score, played_score) {
        (Score::Value(a), Score::Value(b)) => Some(a - b),
        (a, b) if a == b => Some(0),
        _ => None,
    };
    let factors = |m: Move| plausible::trace(pos, &analysis, &ctx, m);
    let matches = best.best == played;
    let comment = comment(
        &san(played),
        &factors(played),
        (!matches).then(|| (san(best.best), factors(best.best))),
    );
    Some(MoveNote {
        ply,
        number: pos.fullmoves().get(),
        white: pos.turn() == Color::White,
        fen: notation::fen_of(pos),
        played: san(played),
        played_uci: notation::uci(played),
        rank,
        legal: ranked.len(),
        machack: san(best.best),
        machack_uci: notation::uci(best.best),
        line: line_san(pos, &best.pv),
        machack_score: PointOfView::White.text(best.score, None, pos.turn()),
        played_score: PointOfView::White.text(played_score, None, pos.turn()),
        machack_value: best.score.into(),
        played_value: played_score.into(),
        diff,
        matches,
        comment,
    })
}

/// The moves of `pv` in SAN from `pos`, up to the first that is not legal.
fn line_san(pos: &Chess, pv: &[Move]) -> Vec<String> {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for &m in pv {
        if !pos.is_legal(m) {
            break;
        }
        out.push(notation::write_move(&pos, m, Notation::San));
        pos.play_unchecked(m);
    }
    out
}

/// The factor that speaks most for a move (the base constant aside), as the trace words
/// it: its biggest gain, or its smallest loss when it has no gain.
fn main_factor(factors: &[Factor]) -> Option<&str> {
    let counted = || factors.iter().filter(|f| f.name != "base_constant");
    counted()
        .filter(|f| f.value > 0)
        .max_by_key(|f| f.value)
        .or_else(|| counted().max_by_key(|f| f.value))
        .map(|f| f.comment.as_str())
}

/// One line: the played move's main factor, and machack's move with its own when they
/// differ.
fn comment(played: &str, factors: &[Factor], machack: Option<(String, Vec<Factor>)>) -> String {
    let why = |f: &[Factor]| {
        main_factor(f)
            .unwrap_or("no factor beyond the base constant")
            .to_string()
    };
    match machack {
        None => format!("machack agrees, {played}: {}", why(factors)),
        Some((san, theirs)) => format!(
            "{played}: {}; machack plays {san}: {}",
            why(factors),
            why(&theirs)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search;

    #[test]
    fn a_blunder_is_found_and_a_good_move_matched() {
        // 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#: Black's third move loses at once.
        let read = crate::pgn::read_games("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0");
        let g = read[0].as_ref().unwrap().game.clone();
        let mut s = (search::profile("1967").unwrap().make)();
        s.configure(&search::Settings::default());
        let stop = AtomicBool::new(false);
        let budget = Budget {
            depth: Some(3),
            movetime: None,
        };
        let mut seen = 0;
        let notes = annotate(&g, s.as_mut(), budget, &stop, &mut |_| seen += 1);
        assert_eq!((notes.len(), seen), (7, 7));
        let blunder = &notes[5];
        assert_eq!((blunder.played.as_str(), blunder.white), ("Nf6", false));
        assert!(!blunder.matches);
        assert_eq!(blunder.played_score, "White mates in 1");
        assert!(blunder.diff.is_none(), "{}", blunder.diff_text());
        assert!(
            blunder.comment.contains("machack plays"),
            "{}",
            blunder.comment
        );
        let mate = &notes[6];
        assert!(mate.matches, "{mate:?}");
        assert_eq!(mate.machack_score, "White mates in 1");
        assert_eq!(mate.diff, Some(0));
        assert!(mate.rank >= 1 && mate.rank <= mate.legal);
        assert_eq!(mate.line.first().map(String::as_str), Some("Qxf7#"));
        let m = Matches::of(&notes);
        assert_eq!((m.white.1, m.black.1), (4, 3));
        assert!(m.white.0 >= 1 && m.black.0 < 3);
        assert!(m.line().starts_with("White matches "));
    }
}
