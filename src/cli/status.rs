//! `machack status [--intend MOVE] [--json]` and `machack status --pgn FILE`: what the
//! FIDE rules say about a game (docs/design.md §10, §11) — an arbiter's tool.
//!
//! With a position (`--fen`, `--moves`) it prints the outcome and reason if the game is
//! over, the draws the side to move may claim, how often the position has occurred and
//! the halfmove clock; `--intend` adds the claims available by declaring that move. With
//! `--pgn` it reads every game of the file, prints the state after its last move and
//! whether the Result tag agrees with the rules. A game that cannot be replayed (an
//! illegal or ambiguous move, a bad FEN tag) is reported with its number and move, and the
//! next game is read. pgn-reader skips tokens that are not SAN at all; those are not seen,
//! and a file with no tag and no move in it (not PGN) is an error: "no games in FILE".

use std::fs::File;
use std::io::BufReader;
use std::ops::ControlFlow;
use std::path::PathBuf;

use clap::Args;
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use serde::Serialize;
use shakmaty::{Color, Position};

use super::{CliError, PositionArgs};
use crate::fide::{self, Claim, Outcome, State, Verdict};
use crate::notation::{self, Notation};
use crate::rules::{self, Game};

#[derive(Debug, Args)]
pub struct StatusArgs {
    /// A move the side to move declares it will play (FIDE 9.2.1, 9.3.1): also list the
    /// draws it could claim with it.
    #[arg(long)]
    intend: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Check every game of a PGN file instead of one position.
    #[arg(long, conflicts_with = "intend")]
    pgn: Option<PathBuf>,
    #[command(flatten)]
    position: PositionArgs,
}

/// The JSON of docs/design.md §11.
#[derive(Debug, Serialize)]
struct StatusJson {
    #[serde(flatten)]
    state: State,
    #[serde(skip_serializing_if = "Option::is_none")]
    claims_with_move: Option<Vec<Claim>>,
}

pub fn run(args: &StatusArgs) -> Result<(), CliError> {
    if let Some(path) = &args.pgn {
        if args.position.fen.is_some() || !args.position.moves.is_empty() {
            return Err(CliError::Usage(
                "--pgn reads its games from the file; --fen and --moves do not apply".into(),
            ));
        }
        return run_pgn(path, args.json);
    }
    let game = args.position.game()?;
    let state = State::of(&game);
    let intended = match &args.intend {
        None => None,
        Some(text) => {
            let pos = game.position();
            let m = notation::read_move(pos, text)
                .map_err(|e| CliError::Input(format!("--intend {text}: {e}")))?;
            let claims = fide::claims_with_move(&game, m)
                .map_err(|e| CliError::Input(format!("--intend {text}: {e}")))?;
            Some((notation::write_move(pos, m, Notation::San), claims))
        }
    };
    if args.json {
        let json = StatusJson {
            state,
            claims_with_move: intended.map(|(_, c)| c),
        };
        println!("{}", serde_json::to_string(&json).map_err(io_error)?);
    } else {
        print_state(&state);
        if let Some((san, claims)) = intended {
            println!("claims with {san}: {}", list(&claims));
        }
    }
    Ok(())
}

fn io_error(e: serde_json::Error) -> CliError {
    CliError::Io(std::io::Error::other(e))
}

fn list(claims: &[Claim]) -> String {
    if claims.is_empty() {
        "none".to_string()
    } else {
        claims
            .iter()
            .map(|c| c.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn print_state(state: &State) {
    match (state.outcome, state.reason) {
        (Some(o), Some(r)) => println!("outcome: {o} ({})", r.as_str()),
        _ => println!("outcome: none, the game goes on"),
    }
    println!("claims: {}", list(&state.claims));
    println!("occurrences: {}", state.occurrences);
    println!("halfmove clock: {}", state.halfmove_clock);
}

/// One game of the file, as read.
struct PgnGame {
    white: String,
    black: String,
    /// The result recorded: the Result tag, else the movetext's termination marker.
    result: Option<String>,
    /// The game, or where it broke: (move number text, SAN, why).
    game: Result<Game, String>,
    /// Whether anything of a game was read (a tag or a move): text that is not PGN reads
    /// as "games" with neither, which are no games.
    found: bool,
}

/// What the visitor carries through a game's movetext.
struct Movetext {
    game: Result<Game, String>,
    found: bool,
    /// The termination marker at the movetext's end (`1-0`, `*`, ...), if any.
    marker: Option<String>,
}

struct Tags {
    white: String,
    black: String,
    result: Option<String>,
    fen: Option<String>,
    found: bool,
}

struct Collect;

impl Visitor for Collect {
    type Tags = Tags;
    type Movetext = (Tags, Movetext);
    type Output = PgnGame;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Tags {
            white: "?".into(),
            black: "?".into(),
            result: None,
            fen: None,
            found: false,
        })
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        let text = value.decode_utf8_lossy().into_owned();
        tags.found = true;
        match name {
            b"White" => tags.white = text,
            b"Black" => tags.black = text,
            b"Result" => tags.result = Some(text),
            b"FEN" => tags.fen = Some(text),
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let game = match &tags.fen {
            None => Ok(Game::default()),
            Some(fen) => rules::parse_fen(fen)
                .map(|(pos, _)| Game::new(pos))
                .map_err(|e| format!("FEN tag: {e}")),
        };
        let found = tags.found;
        ControlFlow::Continue((
            tags,
            Movetext {
                game,
                found,
                marker: None,
            },
        ))
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        movetext.1.found = true;
        let Ok(game) = &mut movetext.1.game else {
            return ControlFlow::Continue(());
        };
        let pos = game.position();
        let number = pos.fullmoves();
        let dots = if pos.turn() == Color::White {
            "."
        } else {
            "..."
        };
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                game.play(m);
            }
            Err(e) => {
                movetext.1.game = Err(format!(
                    "move {number}{dots} {san_plus}: not playable here ({e})"
                ));
            }
        }
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        movetext: &mut Self::Movetext,
        outcome: pgn_reader::Outcome,
    ) -> ControlFlow<Self::Output> {
        movetext.1.marker = Some(outcome.to_string());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        let (tags, text) = movetext;
        PgnGame {
            white: tags.white,
            black: tags.black,
            result: tags.result.or(text.marker),
            game: text.game,
            found: text.found,
        }
    }
}

/// One line of the `--pgn` report.
#[derive(Debug, Serialize)]
struct PgnJson {
    game: usize,
    white: String,
    black: String,
    result: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    plies: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<State>,
    #[serde(skip_serializing_if = "Option::is_none")]
    verdict: Option<Verdict>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

fn parse_result(tag: &str) -> Result<Option<Outcome>, String> {
    match tag.trim() {
        "1-0" => Ok(Some(Outcome::WhiteWins)),
        "0-1" => Ok(Some(Outcome::BlackWins)),
        "1/2-1/2" => Ok(Some(Outcome::Draw)),
        "*" => Ok(None),
        other => Err(format!(
            "Result tag '{other}' is not 1-0, 0-1, 1/2-1/2 or *"
        )),
    }
}

fn check(number: usize, g: PgnGame) -> PgnJson {
    let mut out = PgnJson {
        game: number,
        white: g.white,
        black: g.black,
        result: g.result.clone(),
        plies: None,
        state: None,
        verdict: None,
        note: None,
        error: None,
    };
    let game = match g.game {
        Ok(game) => game,
        Err(e) => {
            out.error = Some(e);
            return out;
        }
    };
    out.plies = Some(game.moves().len());
    out.state = Some(State::of(&game));
    let Some(result) = g.result.as_deref() else {
        // Nothing recorded to judge: say what the rules say.
        out.note = Some(match first_outcome(&game) {
            Some(said) => format!("no result recorded; by the rules {said}"),
            None => "no result recorded; by the rules the game goes on".into(),
        });
        return out;
    };
    match parse_result(result) {
        Ok(recorded) => {
            let (verdict, note) = fide::judge(&game, recorded);
            out.verdict = Some(verdict);
            out.note = Some(note);
        }
        Err(e) => out.error = Some(e),
    }
    out
}

/// How the rules ended `game`, in words (`0-1 by checkmate`), if they did.
fn first_outcome(game: &Game) -> Option<String> {
    let state = State::of(game);
    let (outcome, reason) = state.outcome.zip(state.reason)?;
    Some(format!("{} by {}", outcome.as_str(), reason.as_str()))
}

fn run_pgn(path: &PathBuf, json: bool) -> Result<(), CliError> {
    let file = File::open(path)
        .map_err(|e| CliError::Input(format!("cannot read '{}': {e}", path.display())))?;
    let mut reader = Reader::new(BufReader::new(file));
    let mut number = 0;
    let mut all = Vec::new();
    while let Some(g) = reader.read_game(&mut Collect)? {
        if !g.found {
            continue;
        }
        number += 1;
        let report = check(number, g);
        if json {
            all.push(report);
        } else {
            print_game(&report);
        }
    }
    if number == 0 {
        return Err(CliError::Input(format!(
            "no games in {} (is it a PGN file?)",
            path.display()
        )));
    }
    if json {
        println!("{}", serde_json::to_string(&all).map_err(io_error)?);
    } else {
        println!("games {number}");
    }
    Ok(())
}

fn print_game(r: &PgnJson) {
    let result = r.result.as_deref().unwrap_or("no result");
    print!("game {} ({} - {}, {result}): ", r.game, r.white, r.black);
    if let Some(e) = &r.error
        && r.state.is_none()
    {
        println!("BROKEN: {e}");
        return;
    }
    let plies = r.plies.unwrap_or(0);
    match r.state.as_ref().and_then(|s| s.outcome.zip(s.reason)) {
        Some((o, why)) => print!("after {plies} plies {o} by {}", why.as_str()),
        None => print!("after {plies} plies the game goes on"),
    }
    let verdict = match &r.verdict {
        Some(Verdict::Agrees) => "AGREES",
        Some(Verdict::NotDecidedByRules) => "not decided by the rules",
        Some(Verdict::Contradicts) => "CONTRADICTS THE RULES",
        None if r.error.is_none() => "nothing to judge",
        None => "cannot judge",
    };
    let note = r.note.as_deref().or(r.error.as_deref()).unwrap_or("");
    println!("; {verdict}: {note}");
}
