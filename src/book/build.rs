//! Building a Polyglot book from PGN games (`machack book build`).
//!
//! Every game's main line is replayed to `max_ply` plies; each (position, move) pair
//! gathers the games it was played in and the points the side that played it scored.
//! The weight is 2 × wins + draws (a `*` result scores nothing), scaled down together so
//! the largest fits in 16 bits. Pairs played in fewer than `min_games` games, and pairs of
//! weight 0, are left out. Games from a `FEN` tag start there. A game with a move that
//! cannot be read or played stops at that move and is counted in [`BuildReport::bad_games`];
//! the build goes on.

use std::collections::HashMap;
use std::io::Read;
use std::ops::ControlFlow;

use pgn_reader::{KnownOutcome, Outcome, RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Position};

use super::polyglot::{Entry, encode_move};
use super::polyglot_key;

/// What to build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildOptions {
    /// Plies of each game to take into the book.
    pub max_ply: usize,
    /// Pairs played in fewer games than this are left out.
    pub min_games: u32,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            max_ply: 20,
            min_games: 1,
        }
    }
}

/// What a build read and made.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BuildReport {
    /// Games read.
    pub games: usize,
    /// Games with an unreadable FEN or an illegal move (used up to that point).
    pub bad_games: usize,
    /// Entries in the book.
    pub entries: usize,
}

#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    games: u32,
    points: u64,
}

/// Reads PGN games and returns the book entries (unsorted) and a report.
pub fn build_from_pgn<R: Read>(
    input: R,
    options: BuildOptions,
) -> std::io::Result<(Vec<Entry>, BuildReport)> {
    let mut collector = Collector {
        options,
        tallies: HashMap::new(),
        report: BuildReport::default(),
    };
    let mut reader = Reader::new(input);
    while reader.read_game(&mut collector)?.is_some() {}
    let Collector {
        tallies,
        mut report,
        ..
    } = collector;
    let kept: Vec<((u64, u16), Tally)> = tallies
        .into_iter()
        .filter(|(_, t)| t.games >= options.min_games && t.points > 0)
        .collect();
    let max = kept.iter().map(|(_, t)| t.points).max().unwrap_or(1);
    let entries: Vec<Entry> = kept
        .into_iter()
        .map(|((key, raw_move), t)| {
            let weight = if max > u64::from(u16::MAX) {
                (t.points * u64::from(u16::MAX) / max).max(1)
            } else {
                t.points
            };
            Entry {
                key,
                raw_move,
                weight: weight as u16,
                learn: 0,
            }
        })
        .collect();
    report.entries = entries.len();
    Ok((entries, report))
}

/// One game's replay: the position, its moves so far as (key, move, mover), and whether
/// it has gone wrong.
struct GameState {
    pos: Chess,
    played: Vec<(u64, u16, Color)>,
    bad: bool,
    outcome: Outcome,
}

struct Collector {
    options: BuildOptions,
    tallies: HashMap<(u64, u16), Tally>,
    report: BuildReport,
}

impl Visitor for Collector {
    type Tags = Option<Result<Chess, ()>>;
    type Movetext = GameState;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let pos = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|f| f.into_position(CastlingMode::Standard).ok())
                .ok_or(());
            *tags = Some(pos);
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let (pos, bad) = match tags {
            None => (Chess::default(), false),
            Some(Ok(pos)) => (pos, false),
            Some(Err(())) => (Chess::default(), true),
        };
        ControlFlow::Continue(GameState {
            pos,
            played: Vec::new(),
            bad,
            outcome: Outcome::Unknown,
        })
    }

    fn san(&mut self, game: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if game.bad || game.played.len() >= self.options.max_ply {
            return ControlFlow::Continue(());
        }
        match san_plus.san.to_move(&game.pos) {
            Ok(m) => {
                if let Some(raw) = encode_move(m) {
                    game.played
                        .push((polyglot_key(&game.pos), raw, game.pos.turn()));
                }
                game.pos.play_unchecked(m);
            }
            Err(_) => game.bad = true,
        }
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        game: &mut Self::Movetext,
        outcome: Outcome,
    ) -> ControlFlow<Self::Output> {
        game.outcome = outcome;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Self::Movetext) -> Self::Output {
        self.report.games += 1;
        if game.bad {
            self.report.bad_games += 1;
        }
        for (key, raw, mover) in game.played {
            let points = match game.outcome {
                Outcome::Known(KnownOutcome::Decisive { winner }) if winner == mover => 2,
                Outcome::Known(KnownOutcome::Draw) => 1,
                _ => 0,
            };
            let t = self.tallies.entry((key, raw)).or_default();
            t.games += 1;
            t.points += points;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_are_twice_wins_plus_draws() {
        let pgn = "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n\
                   [Result \"1/2-1/2\"]\n\n1. e4 c5 1/2-1/2\n\n\
                   [Result \"0-1\"]\n\n1. d4 d5 0-1\n";
        let (entries, report) = build_from_pgn(pgn.as_bytes(), BuildOptions::default()).unwrap();
        assert_eq!(report.games, 3);
        assert_eq!(report.bad_games, 0);
        let start = polyglot_key(&Chess::default());
        let e4 = (12 << 6) | 28;
        let w = entries
            .iter()
            .find(|e| e.key == start && e.raw_move == e4)
            .map(|e| e.weight);
        assert_eq!(w, Some(3), "one win and one draw for 1.e4");
        // 1.d4 lost: weight 0, left out; 1...d5 won: kept.
        assert!(
            !entries
                .iter()
                .any(|e| e.key == start && e.raw_move == (11 << 6) | 27)
        );
        // Kept: e4 (3), Nf3 (won: 2), c5 (drawn: 1) and d5 (won: 2).
        assert_eq!(entries.len(), 4);
    }

    #[test]
    fn max_ply_min_games_and_bad_games() {
        let pgn = "1. e4 e5 2. Nf3 Nc6 1-0\n\n1. e4 e5 2. Ke3 1-0\n\n1. e4 c5 1-0\n";
        let options = BuildOptions {
            max_ply: 1,
            min_games: 2,
        };
        let (entries, report) = build_from_pgn(pgn.as_bytes(), options).unwrap();
        assert_eq!(report.games, 3);
        // Ke3 lies beyond max_ply, so that game is not read far enough to go wrong.
        assert_eq!(report.bad_games, 0);
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].weight, 6);
        let options = BuildOptions {
            max_ply: 10,
            min_games: 1,
        };
        let (_, report) = build_from_pgn(pgn.as_bytes(), options).unwrap();
        assert_eq!(report.bad_games, 1);
    }
}
