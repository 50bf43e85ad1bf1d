//! Self-play for tuning data (`machack datagen`): the modern search plays itself at a fixed
//! node budget from openings of a few random moves, and every quiet position of a game is
//! written with the game's result and the search's score of it, the lines `machack tune`
//! fits the evaluation to. Fixed nodes make a run the same on any machine, under any load
//! and on any number of threads: a seed gives one data set.
//!
//! A game ends by the rules (a draw is claimed as soon as it may be), by adjudication once
//! one side has been at least [`WIN_CP`] ahead for [`WIN_PLIES`] plies in a row, or as a
//! draw at [`MAX_PLIES`]. With Syzygy tables ([`Plan::tablebases`]), a game also ends as
//! soon as a move reaches a position the tables know ([`by_tables`]), with their result:
//! such a position is decided, and none is written.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::thread;

use shakmaty::{Chess, Color, Position};

use super::data::Writer;
use crate::fide::{Outcome, State};
use crate::rules::Game;
use crate::search::modern::level::mix;
use crate::search::modern::{Searcher, is_quiet};
use crate::search::{Limits, Score};
use crate::tablebase::{self, Tablebases};

/// An advantage (centipawns, for the side to move) that decides a game...
pub const WIN_CP: i32 = 1000;
/// ...once held this many plies in a row.
pub const WIN_PLIES: usize = 6;
/// Games reaching this length are drawn.
pub const MAX_PLIES: usize = 400;

/// How to play the games.
#[derive(Debug, Clone, Copy)]
pub struct Plan<'a> {
    /// Nodes each move may search.
    pub nodes: u64,
    /// Random moves played before the search takes over (each game its own).
    pub random_plies: usize,
    /// Picks the random moves: one seed, one set of games.
    pub seed: u64,
    /// Syzygy tables that end a game on reaching a position they know ([`by_tables`]);
    /// None plays every game out as without them.
    pub tablebases: Option<&'a Tablebases>,
}

impl Plan<'_> {
    /// The tables' result once a game reaches `pos` ([`by_tables`]); None without tables.
    fn tables_end(&self, pos: &Chess) -> Option<Outcome> {
        self.tablebases.and_then(|t| by_tables(t, pos))
    }
}

/// A mate found by the search is written as this score (centipawns).
pub const MATE_CP: i32 = 3000;

/// One quiet position of a game and the search's score of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Scored {
    pub pos: Chess,
    /// Centipawns for White.
    pub white_cp: i32,
}

/// One played game: its quiet positions (after the random opening) and its result.
#[derive(Debug, Clone)]
pub struct Played {
    pub positions: Vec<Scored>,
    pub outcome: Outcome,
    pub plies: usize,
    /// Whether the tablebases gave the result ([`by_tables`]).
    pub by_tables: bool,
}

/// Plays game number `index` of `plan` with `searcher` (whose table is cleared first).
pub fn play(searcher: &mut Searcher, plan: &Plan, index: u64) -> Played {
    searcher.clear();
    let mut game = Game::default();
    if let Some((outcome, by_tables)) = random_opening(&mut game, plan, index) {
        return finished(Vec::new(), outcome, by_tables, &game);
    }
    play_on(searcher, plan, game)
}

/// Plays `game` on to its end with `searcher`, from the position it has reached.
fn play_on(searcher: &mut Searcher, plan: &Plan, mut game: Game) -> Played {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(plan.nodes),
        ..Limits::default()
    };
    let mut positions = Vec::new();
    let mut ahead = Adjudicator::default();
    loop {
        if let Some(outcome) = ended(&game) {
            return finished(positions, outcome, false, &game);
        }
        let result = searcher
            .run(&game, &limits, 0, &stop, &mut |_| {})
            .expect("a game the rules have not ended has a legal move");
        let pos = game.position();
        if !pos.is_check() && is_quiet(result.best) {
            positions.push(Scored {
                pos: pos.clone(),
                white_cp: pos.turn().fold_wb(1, -1) * centipawns(result.score),
            });
        }
        if let Some(outcome) = ahead.judge(pos.turn(), result.score) {
            return finished(positions, outcome, false, &game);
        }
        game.play(result.best);
        if let Some(outcome) = plan.tables_end(game.position()) {
            return finished(positions, outcome, true, &game);
        }
    }
}

/// Hash table of each searcher [`generate`] plays with, in MiB.
const TABLE_MB: usize = 16;

/// What [`generate`] wrote: positions, and games by result for White.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub positions: usize,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// Games the tablebases ended.
    pub by_tables: u64,
}

/// Plays games `0..games` of `plan` on `threads` threads, each with its own searcher taking
/// the next game not yet begun, and writes their positions to `out` (not flushed) in the
/// games' order: a game depends only on the plan and its number, so the output is the same
/// whatever the number of threads. `each` hears of every game, in that order, with its number.
pub fn generate<W: Write>(
    plan: &Plan,
    games: u64,
    threads: usize,
    out: &mut Writer<W>,
    each: &mut dyn FnMut(u64, &Played),
) -> io::Result<Tally> {
    let next = AtomicU64::new(0);
    let (send, receive) = mpsc::channel::<(u64, Played)>();
    thread::scope(|scope| {
        for _ in 0..threads.clamp(1, usize::try_from(games).unwrap_or(usize::MAX)) {
            let (send, next) = (send.clone(), &next);
            scope.spawn(move || {
                let mut searcher = Searcher::new(TABLE_MB);
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    // A closed channel: the writer failed, and no more games are wanted.
                    if index >= games
                        || send
                            .send((index, play(&mut searcher, plan, index)))
                            .is_err()
                    {
                        break;
                    }
                }
            });
        }
        drop(send);
        // Games that ended before an earlier one, held until it has been written.
        let mut early = BTreeMap::new();
        let mut tally = Tally::default();
        let mut due = 0;
        for (index, played) in receive {
            early.insert(index, played);
            while let Some(played) = early.remove(&due) {
                write_game(&played, out, &mut tally)?;
                each(due, &played);
                due += 1;
            }
        }
        Ok(tally)
    })
}

/// Writes the positions of one game with its result, and counts it in `tally`.
fn write_game<W: Write>(played: &Played, out: &mut Writer<W>, tally: &mut Tally) -> io::Result<()> {
    let (white, count) = match played.outcome {
        Outcome::WhiteWins => (1.0, &mut tally.wins),
        Outcome::Draw => (0.5, &mut tally.draws),
        Outcome::BlackWins => (0.0, &mut tally.losses),
    };
    *count += 1;
    tally.by_tables += u64::from(played.by_tables);
    for p in &played.positions {
        out.write(&p.pos, white, p.white_cp)?;
    }
    tally.positions += played.positions.len();
    Ok(())
}

/// A score in centipawns for the side to move (a mate as [`MATE_CP`]).
fn centipawns(score: Score) -> i32 {
    match score {
        Score::Mate(n) if n > 0 => MATE_CP,
        Score::Mate(_) => -MATE_CP,
        Score::Value(v) => (v * 100 / 128).clamp(-MATE_CP, MATE_CP),
    }
}

fn finished(positions: Vec<Scored>, outcome: Outcome, by_tables: bool, game: &Game) -> Played {
    Played {
        positions,
        outcome,
        plies: game.moves().len(),
        by_tables,
    }
}

/// The result of a game that has reached `pos`, when `tables` know it (few enough pieces,
/// no castling rights, and the probe succeeds): the tables' win, draw or loss for the side
/// to move under the fifty-move rule, which the games play by. A cursed win or a blessed
/// loss (one the fifty-move rule turns into a draw) is a draw, and so is a result DTZ
/// rounding leaves in doubt (possible only when the halfmove clock is not 0, as after the
/// last castling right is lost: the tables are otherwise entered by a capture or a
/// promotion, and a position so reached is read exactly).
pub fn by_tables(tables: &Tablebases, pos: &Chess) -> Option<Outcome> {
    let wdl = tables.wdl_now(pos)?.unambiguous();
    Some(match wdl.map_or(0, |wdl| tablebase::outcome(wdl, true)) {
        1 => Outcome::win(pos.turn()),
        -1 => Outcome::win(!pos.turn()),
        _ => Outcome::Draw,
    })
}

/// The rules' result, a claimable draw, or a draw by length.
fn ended(game: &Game) -> Option<Outcome> {
    let state = State::of(game);
    if state.outcome.is_some() {
        return state.outcome;
    }
    (!state.claims.is_empty() || game.moves().len() >= MAX_PLIES).then_some(Outcome::Draw)
}

/// Plays the random opening of game `index`; the result if it already ended the game,
/// and whether the tablebases gave it.
fn random_opening(game: &mut Game, plan: &Plan, index: u64) -> Option<(Outcome, bool)> {
    let mut state = mix(plan.seed ^ mix(index));
    for _ in 0..plan.random_plies {
        if let Some(outcome) = ended(game) {
            return Some((outcome, false));
        }
        let moves = game.position().legal_moves();
        state = mix(state);
        game.play(moves[(state % moves.len() as u64) as usize]);
        if let Some(outcome) = plan.tables_end(game.position()) {
            return Some((outcome, true));
        }
    }
    None
}

/// Counts the plies one side has been far ahead in a row.
#[derive(Debug, Default)]
struct Adjudicator {
    leader: Option<Color>,
    plies: usize,
}

impl Adjudicator {
    /// Takes the score of the side to move; the result once a side has led long enough.
    fn judge(&mut self, turn: Color, score: Score) -> Option<Outcome> {
        let cp = centipawns(score);
        let leader = match cp {
            c if c >= WIN_CP => Some(turn),
            c if c <= -WIN_CP => Some(!turn),
            _ => None,
        };
        if leader.is_some() && leader == self.leader {
            self.plies += 1;
        } else {
            self.plies = usize::from(leader.is_some());
        }
        self.leader = leader;
        (self.plies >= WIN_PLIES).then(|| Outcome::win(leader.expect("a leader")))
    }
}

#[cfg(test)]
mod tests {
    use super::super::data::Format;
    use super::*;

    const PLAN: Plan = Plan {
        nodes: 300,
        random_plies: 6,
        seed: 7,
        tablebases: None,
    };

    #[test]
    fn a_seed_gives_the_same_games_and_other_indices_other_games() {
        let mut s = Searcher::new(1);
        let a = play(&mut s, &PLAN, 0);
        let b = play(&mut s, &PLAN, 0);
        let c = play(&mut s, &PLAN, 1);
        assert_eq!(a.positions, b.positions);
        assert_eq!(a.outcome, b.outcome);
        assert_ne!(a.positions.first(), c.positions.first());
        assert!(a.plies > PLAN.random_plies && a.plies <= MAX_PLIES);
    }

    #[test]
    fn positions_are_legal_quiet_fens() {
        let mut s = Searcher::new(1);
        let played = play(&mut s, &PLAN, 3);
        assert!(!played.positions.is_empty());
        for p in &played.positions {
            assert!(!p.pos.is_check(), "{:?}", p.pos);
        }
        // The scores are the search's, for White: the side that won was mostly ahead.
        let lead: i64 = played.positions.iter().map(|p| i64::from(p.white_cp)).sum();
        match played.outcome {
            Outcome::WhiteWins => assert!(lead > 0, "{lead}"),
            Outcome::BlackWins => assert!(lead < 0, "{lead}"),
            Outcome::Draw => {}
        }
    }

    #[test]
    fn generate_writes_every_games_positions_with_its_result() {
        let mut text = Vec::new();
        let mut seen = Vec::new();
        let mut out = Writer::new(&mut text, Format::Text);
        let tally = generate(&PLAN, 2, 1, &mut out, &mut |i, p| seen.push((i, p.clone()))).unwrap();
        assert_eq!(seen.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [0, 1]);
        assert_eq!(tally.wins + tally.draws + tally.losses, 2);
        let positions: usize = seen.iter().map(|(_, p)| p.positions.len()).sum();
        assert!(positions > 0);
        assert_eq!(tally.positions, positions);
        let text = String::from_utf8(text).unwrap();
        assert_eq!(text.lines().count(), positions);
        let first = &seen[0].1;
        let result = first.outcome.as_str();
        assert!(
            text.lines()
                .take(first.positions.len())
                .all(|l| l.contains(result))
        );
    }

    #[test]
    fn more_threads_write_the_same_games_in_the_same_order() {
        let run = |threads| {
            let (mut bytes, mut order) = (Vec::new(), Vec::new());
            let mut out = Writer::new(&mut bytes, Format::Bullet);
            let tally = generate(&PLAN, 3, threads, &mut out, &mut |i, _| order.push(i)).unwrap();
            (bytes, order, tally)
        };
        let one = run(1);
        assert_eq!(one.1, [0, 1, 2]);
        assert!(one.2.positions > 0);
        assert_eq!(run(3), one);
    }

    fn tables() -> Tablebases {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");
        Tablebases::open(dir, crate::tablebase::MAX_PIECES).expect("the test tables")
    }

    #[test]
    fn the_tables_judge_a_position_they_hold_and_the_fifty_move_rule_draws_a_cursed_win() {
        use crate::rules::testing::pos;
        let tb = tables();
        for (fen, outcome) in [
            // Just after a capture: KQvK and KRvK won by the side with the piece, whoever
            // is to move; a rook pawn with the defender in front drawn.
            ("8/8/8/8/8/2k5/8/KQ6 w - - 0 60", Some(Outcome::WhiteWins)),
            ("8/8/4k3/8/8/8/8/KR6 b - - 0 60", Some(Outcome::WhiteWins)),
            ("8/8/8/8/8/2K5/8/kq6 w - - 0 60", Some(Outcome::BlackWins)),
            ("k7/8/8/8/8/8/P7/K7 w - - 0 60", Some(Outcome::Draw)),
            // KRvK 90 plies after the last capture: a cursed win for White to move, a
            // blessed loss for Black to move; both drawn.
            ("8/8/8/4k3/8/8/8/KR6 w - - 90 100", Some(Outcome::Draw)),
            ("8/8/8/4k3/8/8/8/KR6 b - - 90 100", Some(Outcome::Draw)),
            // More pieces than the tables hold, or a castling right: not theirs.
            ("4k3/8/8/8/8/8/4P3/R3K3 w - - 0 30", None),
            ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 30", None),
        ] {
            assert_eq!(by_tables(&tb, &pos(fen)), outcome, "{fen}");
        }
        assert_eq!(by_tables(&tb, &Chess::default()), None);
    }

    /// Plays on from `fen` with the test tables: the game, and the least number of pieces
    /// of a position written.
    fn play_from(fen: &str) -> (Played, usize) {
        let tb = tables();
        let plan = Plan {
            tablebases: Some(&tb),
            ..PLAN
        };
        let mut s = Searcher::new(1);
        let game = Game::new(crate::rules::testing::pos(fen));
        let played = play_on(&mut s, &plan, game);
        let fewest = played
            .positions
            .iter()
            .map(|p| p.pos.board().occupied().count())
            .min()
            .unwrap_or(usize::MAX);
        (played, fewest)
    }

    #[test]
    fn a_game_that_reaches_the_tables_ends_with_their_result_and_none_of_theirs_written() {
        for (fen, outcome) in [
            // The queen wins the pawn (KQvK, won); Black's queen, the mirror; the knight
            // runs the pawn down and takes it (KNvK, drawn).
            ("8/8/8/4k3/8/8/6p1/K2Q4 w - - 0 1", Outcome::WhiteWins),
            ("k2q4/6P1/8/8/4K3/8/8/8 b - - 0 1", Outcome::BlackWins),
            ("8/8/8/k7/8/6p1/2N5/K7 w - - 0 1", Outcome::Draw),
        ] {
            let (played, fewest) = play_from(fen);
            assert!(played.by_tables, "{fen}: {played:?}");
            assert_eq!(played.outcome, outcome, "{fen}");
            assert!(!played.positions.is_empty(), "{fen}");
            assert!(fewest == 4, "{fen}: a position of {fewest} pieces written");
        }
        // The queen takes the pawn at once: with the tables the game ends there, without
        // them it plays on past the capture (a lead is adjudicated after six plies).
        let fen = "8/8/8/4k3/8/8/6p1/K5Q1 w - - 0 1";
        let mut s = Searcher::new(1);
        let game = Game::new(crate::rules::testing::pos(fen));
        let (with, _) = play_from(fen);
        assert_eq!(with.plies, 1);
        let without = play_on(&mut s, &PLAN, game);
        assert!(!without.by_tables);
        assert!(
            without.plies > with.plies,
            "{} {}",
            without.plies,
            with.plies
        );
        // Where quiet moves come first, the game without the tables writes the same
        // positions up to where the tables end it.
        let fen = "8/8/8/4k3/8/8/6p1/K2Q4 w - - 0 1";
        let (with, _) = play_from(fen);
        let game = Game::new(crate::rules::testing::pos(fen));
        let without = play_on(&mut Searcher::new(1), &PLAN, game);
        assert!(with.by_tables && !without.by_tables);
        assert!(!with.positions.is_empty());
        assert_eq!(without.positions[..with.positions.len()], with.positions);
    }

    #[test]
    fn a_side_far_ahead_long_enough_wins_and_a_break_restarts_the_count() {
        let mut a = Adjudicator::default();
        let (big, behind) = (WIN_CP * 128 / 100 + 1, -(WIN_CP * 128 / 100 + 1));
        for ply in 0..WIN_PLIES - 1 {
            // White to move ahead, then Black to move behind: White leads throughout.
            let turn = if ply % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let score = Score::Value(if turn == Color::White { big } else { behind });
            assert_eq!(a.judge(turn, score), None);
        }
        assert_eq!(a.judge(Color::Black, Score::Value(0)), None);
        assert_eq!(a.plies, 0);
        for _ in 0..WIN_PLIES - 1 {
            assert_eq!(a.judge(Color::Black, Score::Mate(3)), None);
        }
        assert_eq!(
            a.judge(Color::White, Score::Mate(-2)),
            Some(Outcome::BlackWins)
        );
    }
}
