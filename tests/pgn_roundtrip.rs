//! PGN written by `machack::pgn` and read back: real games (Morphy's Opera game,
//! Anderssen's Immortal, Réti–Tartakower, a Lucena ending from a FEN) survive a round trip
//! with their moves, start, tags and result; variations, comments and NAGs are ignored.

use machack::pgn::{self, PgnError};
use shakmaty::Position;

fn games() -> Vec<pgn::PgnGame> {
    let path = format!(
        "{}/tests/data/console_games.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    pgn::read_file(std::path::Path::new(&path))
        .unwrap()
        .into_iter()
        .map(Result::unwrap)
        .collect()
}

#[test]
fn real_games_read_with_their_results() {
    let g = games();
    assert_eq!(g.len(), 4);
    let plies: Vec<usize> = g.iter().map(|g| g.game.moves().len()).collect();
    assert_eq!(plies, [33, 45, 21, 13]);
    assert!(g.iter().all(|g| g.result == "1-0"));
    assert_eq!(g[1].tag("White"), Some("Adolf Anderssen"));
    assert!(g[0].game.position().is_checkmate());
}

#[test]
fn real_games_round_trip() {
    for g in games() {
        let comments: Vec<Option<String>> = (0..g.game.moves().len())
            .map(|i| (i % 3 == 0).then(|| format!("+0.{i}/5")))
            .collect();
        let text = pgn::write_game(&g.game, &g.tags, &comments, &g.result);
        let back = pgn::read_games(&text);
        assert_eq!(back.len(), 1, "{text}");
        let back = back.into_iter().next().unwrap().unwrap();
        assert_eq!(back.game.moves(), g.game.moves(), "{text}");
        assert_eq!(back.game.start(), g.game.start());
        assert_eq!(back.result, g.result);
        for name in ["Event", "Site", "Date", "Round", "White", "Black"] {
            assert_eq!(back.tag(name), g.tag(name), "{name}");
        }
        assert!(text.lines().all(|l| l.len() <= 79), "{text}");
        // Writing what was read gives the same text again.
        assert_eq!(
            pgn::write_game(&back.game, &back.tags, &comments, &back.result),
            text
        );
    }
}

#[test]
fn malformed_pgn_names_game_and_line() {
    let path = format!("{}/tests/data/console_bad.pgn", env!("CARGO_MANIFEST_DIR"));
    let read = pgn::read_file(std::path::Path::new(&path)).unwrap();
    assert!(read[0].is_ok());
    assert_eq!(
        read[1].as_ref().unwrap_err(),
        &PgnError::IllegalMove {
            game: 2,
            line: 20,
            number: "4.".into(),
            text: "Bxf7".into()
        }
    );
    let missing = pgn::read_file(std::path::Path::new("/nonexistent/x.pgn"));
    assert!(matches!(missing, Err(PgnError::Io { .. })));
    assert!(matches!(
        pgn::read_file_game(std::path::Path::new(&path), 0),
        Err(PgnError::NoSuchGame {
            wanted: 0,
            found: 2
        })
    ));
}

#[test]
fn mangled_pgn_never_panics() {
    let path = format!(
        "{}/tests/data/console_games.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read(&path).unwrap();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let noise = b"[]{}()\n\r;%$.-+#=!?0123456789abcdefghKQRBNOxP\" \t\xff";
    for _ in 0..300 {
        let mut t = text.clone();
        for _ in 0..(next() % 12 + 1) {
            let at = (next() as usize) % t.len();
            match next() % 3 {
                0 => t[at] = noise[(next() as usize) % noise.len()],
                1 => {
                    t.remove(at);
                }
                _ => t.insert(at, noise[(next() as usize) % noise.len()]),
            }
        }
        // Every game is read or named with its number and a line inside the text.
        let lines = String::from_utf8_lossy(&t).lines().count() + 1;
        for (i, g) in pgn::read_games(&String::from_utf8_lossy(&t))
            .iter()
            .enumerate()
        {
            match g {
                Ok(_) => {}
                Err(PgnError::IllegalMove { game, line, .. })
                | Err(PgnError::NotAMove { game, line, .. })
                | Err(PgnError::Fen { game, line, .. })
                | Err(PgnError::Syntax { game, line, .. }) => {
                    assert_eq!(*game, i + 1);
                    assert!(*line >= 1 && *line <= lines, "line {line} of {lines}");
                }
                Err(e) => panic!("unexpected error {e}"),
            }
        }
    }
}
