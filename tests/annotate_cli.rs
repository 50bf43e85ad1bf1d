//! `machack annotate`: the PGN it writes reads back (pgn-reader) with the same main line,
//! a comment on every move and a variation wherever machack would have played otherwise;
//! the table and its summary line; errors.

use std::ops::ControlFlow;

use pgn_reader::{RawComment, Reader, SanPlus, Skip, Visitor};

#[path = "common/cli.rs"]
mod cli;
use cli::machack;

const GAMES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/annotate_short.pgn");

/// The standard output of a run that must succeed.
fn stdout_of(args: &[&str]) -> String {
    let out = machack(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// What one game of the output holds: main-line moves, comments, variations, and the
/// first move of each variation.
#[derive(Default)]
struct Counts {
    main: Vec<String>,
    comments: usize,
    variations: usize,
    depth: usize,
}

impl Visitor for Counts {
    type Tags = ();
    type Movetext = ();
    type Output = (Vec<String>, usize, usize);

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        *self = Counts::default();
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<Self::Output, ()> {
        ControlFlow::Continue(())
    }

    fn san(&mut self, _: &mut (), san: SanPlus) -> ControlFlow<Self::Output> {
        if self.depth == 0 {
            self.main.push(san.to_string());
        }
        ControlFlow::Continue(())
    }

    fn comment(&mut self, _: &mut (), _: RawComment<'_>) -> ControlFlow<Self::Output> {
        self.comments += usize::from(self.depth == 0);
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<Self::Output, Skip> {
        self.variations += usize::from(self.depth == 0);
        self.depth += 1;
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, _: &mut ()) -> ControlFlow<Self::Output> {
        self.depth -= 1;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: ()) -> Self::Output {
        (
            std::mem::take(&mut self.main),
            self.comments,
            self.variations,
        )
    }
}

#[test]
fn the_pgn_reads_back_with_comments_and_variations() {
    let out = machack(&["annotate", GAMES, "--profile", "1967", "--depth", "2"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut reader = Reader::new(text.as_bytes());
    let mut games = Vec::new();
    while let Some(g) = reader.read_game(&mut Counts::default()).unwrap() {
        games.push(g);
    }
    assert_eq!(games.len(), 2, "{text}");
    let (main, comments, variations) = &games[0];
    assert_eq!(main.join(" "), "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#");
    // A comment a move, and the summary before the first.
    assert_eq!(*comments, 8);
    // The summary, on stderr too, counts the moves machack would have played otherwise.
    let err = String::from_utf8_lossy(&out.stderr);
    let first = err.lines().next().unwrap();
    assert!(first.starts_with("game 1: White matches "), "{err}");
    let summary = first.trim_start_matches("game 1: ");
    assert!(text.contains(&format!("{{{summary}}} 1. e4 {{")), "{text}");
    let matched: usize = [first.split(' ').nth(4), first.split(' ').nth(9)]
        .iter()
        .map(|w| w.unwrap().parse::<usize>().unwrap())
        .sum();
    assert_eq!(*variations, 7 - matched, "{first}\n{text}");
    // A game from a FEN keeps it, and Black's first move is numbered.
    assert!(text.contains("[FEN \"6k1/5ppp/8/8/8/8/r4PPP/1R4K1 b - - 0 30\"]"));
    assert!(text.contains("30... Ra1 {"), "{text}");
    assert_eq!(games[1].0.join(" "), "Ra1 Rxa1 h6");
    assert!(text.contains("[Annotator \"machack 1967 depth 2\"]"));
    assert!(err.contains("total: White matches "), "{err}");
    // The crate's own reader (pgn-reader, with the main line checked) agrees.
    let back = machack::pgn::read_games(&text);
    assert!(back.iter().all(Result::is_ok), "{back:?}");
}

#[test]
fn the_table_has_a_row_a_move_and_the_summary() {
    let text = stdout_of(&[
        "annotate",
        GAMES,
        "--game",
        "1",
        "--format",
        "table",
        "--profile",
        "1967",
        "--depth",
        "2",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("game 1: W - B"), "{text}");
    assert!(lines[1].starts_with("move"), "{text}");
    assert_eq!(lines.len(), 2 + 7 + 1, "{text}");
    assert!(lines[8].starts_with("4.      Qxf7#"), "{text}");
    assert!(lines[8].contains("machack agrees"), "{text}");
    assert!(
        lines[9].starts_with("White matches ") && lines[9].ends_with(" of 3"),
        "{text}"
    );
}

#[test]
fn bad_arguments_exit_2_bad_input_1() {
    for (args, code, start) in [
        (
            vec!["annotate", GAMES, "--profile", "1968"],
            2,
            "machack: error: ",
        ),
        (vec!["annotate", "/nonexistent.pgn"], 1, "machack: error: "),
        (
            vec!["annotate", GAMES, "--game", "3"],
            1,
            "machack: error: ",
        ),
        (
            vec!["annotate", GAMES, "--depth", "0"],
            2,
            "error: invalid value '0'",
        ),
    ] {
        let out = machack(&args);
        assert_eq!(out.status.code(), Some(code), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with(start), "{args:?}: {err}");
    }
}

#[test]
fn the_papers_games_read_whole() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/paper_games.pgn");
    let games = machack::pgn::read_file(std::path::Path::new(path)).unwrap();
    let plies: Vec<usize> = games
        .iter()
        .map(|g| g.as_ref().unwrap().game.moves().len())
        .collect();
    // Won in 21, drawn after 50, drawn in 33, and the first game up to 25... QxN.
    assert_eq!(plies, [41, 100, 66, 50]);
    for g in &games {
        let g = g.as_ref().unwrap();
        let side = ["White", "Black"]
            .iter()
            .filter(|t| g.tag(t) == Some("Mac Hack VI"));
        assert_eq!(side.count(), 1, "Mac Hack plays one side: {:?}", g.tags);
        assert!(g.tag("MacHackBook").is_some());
    }
}
