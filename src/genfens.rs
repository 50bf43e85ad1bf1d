//! Openings for self-play data on OpenBench (`genfens`, docs/openbench.md). A datagen
//! workload asks each engine process for `N` openings with a seed, and plays its games
//! from them. Each opening is a start, either the standard position or a random position
//! of the book (an EPD or FEN file, or a PGN file whose games' last positions count), and
//! then random legal moves, `plies` of them or one more (so both sides get to move first).
//! A short search of the result (`nodes`) drops it when one side is already more than
//! `margin` centipawns ahead, or mates; so is a position met before in the same run. One
//! seed always gives the same openings, other seeds other ones.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use shakmaty::{CastlingMode, Chess, EnPassantMode, Position, fen::Fen};
use thiserror::Error;

use crate::rules::{self, Game};
use crate::search::modern::Searcher;
use crate::search::modern::level::mix;
use crate::search::{Limits, Score, Search, Settings};

/// Random plies after the standard start unless `plies` says otherwise...
pub const START_PLIES: u32 = 8;
/// ...and after a book position, which is varied already.
pub const BOOK_PLIES: u32 = 2;
/// An opening is kept when the side to move is at most this many centipawns ahead or behind.
pub const MARGIN: i32 = 150;
/// The nodes of the search that judges an opening.
pub const NODES: u64 = 5_000;
/// Tries in a row that find nothing before giving up (a book of lopsided or finished
/// positions, a margin of 0): some seconds.
const MISSES: usize = 1_000;

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub count: usize,
    pub seed: u64,
    pub book: Option<PathBuf>,
    /// Random plies from the start (None: [`START_PLIES`], or [`BOOK_PLIES`] after a
    /// book position).
    pub plies: Option<u32>,
    pub margin: i32,
    pub nodes: u64,
}

impl Plan {
    /// `count` openings from `seed` and `book`, with the default plies, margin and nodes.
    pub fn new(count: usize, seed: u64, book: Option<PathBuf>) -> Plan {
        Plan {
            count,
            seed,
            book,
            plies: None,
            margin: MARGIN,
            nodes: NODES,
        }
    }
}

/// Why openings could not be made.
#[derive(Debug, Error)]
pub enum GenfensError {
    #[error("cannot read the book {path}: {reason}")]
    Book { path: String, reason: String },
    #[error("the book {0} holds no position")]
    EmptyBook(String),
    #[error(
        "found only {found} of {wanted} openings: the last {MISSES} tries were lopsided, finished or met before"
    )]
    TooFew { found: usize, wanted: usize },
}

/// Writes `plan.count` openings as FENs through `each`, judged by the modern search with
/// the parameters and network of `settings`.
pub fn generate(
    plan: &Plan,
    settings: &Settings,
    mut each: impl FnMut(&str),
) -> Result<(), GenfensError> {
    let starts = match &plan.book {
        None => vec![Start::Position(Chess::default())],
        Some(path) => read_book(path)?,
    };
    let plies = plan.plies.unwrap_or(match plan.book {
        None => START_PLIES,
        Some(_) => BOOK_PLIES,
    });
    let mut searcher = Searcher::new(1);
    searcher.configure(&Settings {
        hash_mib: 1,
        modern: settings.modern.clone(),
        network: settings.network.clone(),
        ..Settings::default()
    });
    let mut rng = Rng(mix(plan.seed));
    let mut seen = HashSet::new();
    let (mut found, mut misses) = (0, 0);
    while found < plan.count {
        if misses == MISSES {
            return Err(GenfensError::TooFew {
                found,
                wanted: plan.count,
            });
        }
        misses += 1;
        let start = &starts[rng.below(starts.len())];
        let Some(pos) = start
            .position()
            .and_then(|p| random_moves(p, plies, &mut rng))
        else {
            continue;
        };
        if !seen.insert(rules::position_key(&pos)) || !balanced(&mut searcher, &pos, plan) {
            continue;
        }
        each(&Fen::from_position(&pos, EnPassantMode::Legal).to_string());
        (found, misses) = (found + 1, 0);
    }
    Ok(())
}

/// A start: the standard position, or a book line read when it is drawn.
enum Start {
    Position(Chess),
    Line(String),
}

impl Start {
    /// The position (None for a book line that is not one).
    fn position(&self) -> Option<Chess> {
        match self {
            Start::Position(pos) => Some(pos.clone()),
            Start::Line(line) => book_position(line),
        }
    }
}

/// The starts of a book: every game of a PGN file (`.pgn`) at its end, or every line of an
/// EPD or FEN file.
fn read_book(path: &Path) -> Result<Vec<Start>, GenfensError> {
    let shown = || path.display().to_string();
    let is_pgn = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
    let starts: Vec<Start> = if is_pgn {
        let games = crate::pgn::read_file(path).map_err(|e| GenfensError::Book {
            path: shown(),
            reason: e.to_string(),
        })?;
        games
            .into_iter()
            .flatten()
            .map(|g| Start::Position(g.game.position().clone()))
            .collect()
    } else {
        let text = std::fs::read_to_string(path).map_err(|e| GenfensError::Book {
            path: shown(),
            reason: e.to_string(),
        })?;
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| Start::Line(l.to_string()))
            .collect()
    };
    if starts.is_empty() {
        return Err(GenfensError::EmptyBook(shown()));
    }
    Ok(starts)
}

/// The position of a book line: a FEN, or an EPD record (its four fields, with the clocks
/// of `hmvc` and `fmvn` when it gives them). Chess960 castling is read too.
fn book_position(line: &str) -> Option<Chess> {
    if let Ok((pos, _)) = rules::parse_fen_in(line, CastlingMode::Chess960) {
        return Some(pos);
    }
    let record = crate::epd::parse_epd_line(line).ok()??;
    let clock = |op: &str, default: &str| {
        record
            .op(op)
            .and_then(|v| v.first().cloned())
            .unwrap_or_else(|| default.to_string())
    };
    let fen = format!(
        "{} {} {}",
        record.fen,
        clock("hmvc", "0"),
        clock("fmvn", "1")
    );
    rules::parse_fen_in(&fen, CastlingMode::Chess960)
        .ok()
        .map(|(pos, _)| pos)
}

/// `plies` random legal moves from `pos`, or one more as the coin says; None when the
/// game ends on the way or at the end.
fn random_moves(mut pos: Chess, plies: u32, rng: &mut Rng) -> Option<Chess> {
    let plies = plies + rng.below(2) as u32;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        pos.play_unchecked(moves[rng.below(moves.len())]);
    }
    (!pos.legal_moves().is_empty()).then_some(pos)
}

/// Whether a short search finds the side to move within the plan's margin (no mate).
fn balanced(searcher: &mut Searcher, pos: &Chess, plan: &Plan) -> bool {
    searcher.clear();
    let limits = Limits {
        nodes: Some(plan.nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let result = searcher.run(&Game::new(pos.clone()), &limits, 0, &stop, &mut |_| {});
    match result.map(|r| r.score) {
        Some(Score::Value(v)) => (v * 100 / 128).abs() <= plan.margin,
        _ => false,
    }
}

/// The random moves and book picks: SplitMix64 steps from the seed.
struct Rng(u64);

impl Rng {
    /// A number below `n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        self.0 = mix(self.0);
        (self.0 % n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fens(plan: &Plan) -> Vec<String> {
        let mut out = Vec::new();
        generate(plan, &Settings::default(), |f| out.push(f.to_string())).unwrap();
        out
    }

    #[test]
    fn a_seed_gives_the_same_legal_balanced_openings_and_another_seed_others() {
        let plan = Plan::new(12, 7, None);
        let a = fens(&plan);
        assert_eq!(a, fens(&plan));
        let b = fens(&Plan {
            seed: 8,
            ..plan.clone()
        });
        assert!(a.iter().all(|f| !b.contains(f)), "{a:?} {b:?}");
        let distinct: HashSet<&String> = a.iter().collect();
        assert_eq!(distinct.len(), 12);
        for fen in &a {
            let (pos, warnings) = rules::parse_fen(fen).unwrap();
            assert!(
                warnings.is_empty() && !pos.legal_moves().is_empty(),
                "{fen}"
            );
            // Eight or nine plies from the start.
            let ply = rules::game_ply(&pos);
            assert!(ply == 8 || ply == 9, "{fen}");
            assert_eq!(fen.split(' ').count(), 6, "{fen}");
        }
    }

    #[test]
    fn a_lopsided_start_is_dropped() {
        let dir = std::env::temp_dir().join(format!("machack-genfens-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let book = dir.join("book.epd");
        // White a queen up, and a level opening: only the level one survives the search.
        std::fs::write(
            &book,
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1;\n\
             rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n",
        )
        .unwrap();
        let plan = Plan {
            plies: Some(0),
            ..Plan::new(1, 3, Some(book.clone()))
        };
        // The level start, or one random move after it.
        let got = fens(&plan);
        assert!(got.len() == 1 && got[0].starts_with("rnbq"), "{got:?}");
        // Only the lopsided one: no opening can be found.
        std::fs::write(
            &book,
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n",
        )
        .unwrap();
        let err = generate(&plan, &Settings::default(), |_| {}).unwrap_err();
        assert!(
            matches!(err, GenfensError::TooFew { found: 0, .. }),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_book_that_cannot_be_read_or_holds_nothing_says_so() {
        let missing = Plan::new(1, 1, Some("/no/such/book.epd".into()));
        let err = generate(&missing, &Settings::default(), |_| {}).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("cannot read the book /no/such/book.epd"),
            "{err}"
        );
        let dir = std::env::temp_dir().join(format!("machack-genfens-e-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let empty = dir.join("empty.epd");
        std::fs::write(&empty, "# nothing\n\n").unwrap();
        let err = generate(&Plan::new(1, 1, Some(empty)), &Settings::default(), |_| {});
        assert!(matches!(err, Err(GenfensError::EmptyBook(_))));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
