//! The console's commands: one table row per command (its name, other names, arguments,
//! one line of help and the function that does it), in one table per group of `help`.
//! `help` is printed from the tables, and a word that is neither a command nor a move is
//! answered with the nearest command.

use super::{Console, split_word};
use crate::engine::short;
use crate::notation::{self, NotationError};

/// One console command.
struct Command {
    name: &'static str,
    aliases: &'static [&'static str],
    /// The arguments as `help` shows them; empty when the command takes none.
    args: &'static str,
    help: &'static str,
    run: fn(&mut Console, &str),
}

/// The command groups as `help` lists them: a title and the commands, in order.
const GROUPS: [(&str, &[Command]); 5] = [
    ("Playing:", PLAYING),
    ("Settings:", SETTINGS),
    ("Positions and files:", FILES),
    ("Debugging aids (the paper's, numbered as in it):", AIDS),
    ("The session:", SESSION),
];

const PLAYING: &[Command] = &[
    Command {
        name: "new",
        aliases: &[],
        args: "",
        help: "a new game (you keep your colour)",
        run: |c, _| c.new_game(),
    },
    Command {
        name: "play",
        aliases: &[],
        args: "white|black|both|none",
        help: "the side(s) you play; machack plays the others",
        run: Console::play_sides,
    },
    Command {
        name: "go",
        aliases: &[],
        args: "",
        help: "machack plays the side to move, now",
        run: |c, _| c.go(),
    },
    Command {
        name: "undo",
        aliases: &["takeback"],
        args: "",
        help: "take back your last move (and machack's reply)",
        run: |c, _| c.undo(),
    },
    Command {
        name: "hint",
        aliases: &[],
        args: "",
        help: "machack's suggestion for your move (it thinks, then says it)",
        run: |c, _| c.hint_wanted = true,
    },
    Command {
        name: "moves",
        aliases: &[],
        args: "",
        help: "the legal moves",
        run: |c, _| c.list_moves(),
    },
    Command {
        name: "draw?",
        aliases: &["draw"],
        args: "[MOVE]",
        help: "offer a draw, or claim one (with a declared move)",
        run: Console::draw_offer,
    },
    Command {
        name: "resign",
        aliases: &[],
        args: "",
        help: "resign the game",
        run: |c, _| c.resign(),
    },
    Command {
        name: "level",
        aliases: &[],
        args: "MOVES MINUTES INC|off|elo N|elo off",
        help: "clocks, e.g. level 50 120 0 (1967's control); level elo 1500: play at that strength",
        run: Console::level,
    },
    Command {
        name: "clock",
        aliases: &[],
        args: "",
        help: "both clocks and the moves to the control",
        run: |c, _| c.show_clock(),
    },
];

const SETTINGS: &[Command] = &[
    Command {
        name: "notation",
        aliases: &[],
        args: "descriptive|san|uci",
        help: "how moves are written (aid 2)",
        run: Console::notation,
    },
    Command {
        name: "profile",
        aliases: &[],
        args: "NAME",
        help: "the search profile (`set` lists them)",
        run: Console::profile,
    },
    Command {
        name: "depth",
        aliases: &[],
        args: "N",
        help: "override the search depth",
        run: Console::depth,
    },
    Command {
        name: "widths",
        aliases: &[],
        args: "LIST",
        help: "override the search widths (e.g. 6,6,4)",
        run: Console::widths,
    },
    Command {
        name: "book",
        aliases: &[],
        args: "on|off|file PATH",
        help: "the opening book: on, off, or a Polyglot .bin file",
        run: Console::book,
    },
    Command {
        name: "set",
        aliases: &["options"],
        args: "[NAME VALUE]",
        help: "set any engine option; alone, list them all",
        run: Console::set,
    },
    Command {
        name: "flip",
        aliases: &[],
        args: "",
        help: "draw the board from the other side",
        run: |c, _| c.flip(),
    },
];

const FILES: &[Command] = &[
    Command {
        name: "fen",
        aliases: &[],
        args: "[FEN]",
        help: "show the position's FEN, or set up a position",
        run: Console::fen,
    },
    Command {
        name: "save",
        aliases: &[],
        args: "FILE.pgn",
        help: "save the game",
        run: |c, rest| c.save(rest),
    },
    Command {
        name: "load",
        aliases: &[],
        args: "FILE.pgn [GAME]",
        help: "load a game (the first, or GAME) and play on",
        run: Console::load,
    },
    Command {
        name: "history",
        aliases: &[],
        args: "",
        help: "the whole game, move by move",
        run: |c, _| c.history(),
    },
    Command {
        name: "pgn",
        aliases: &[],
        args: "",
        help: "the game in PGN, as save writes it",
        run: |c, _| c.pgn(),
    },
];

const AIDS: &[Command] = &[
    Command {
        name: "board",
        aliases: &["b"],
        args: "",
        help: "the board and the game (aid 1)",
        run: |c, _| c.draw(),
    },
    Command {
        name: "eval",
        aliases: &[],
        args: "[MOVE]",
        help: "the evaluation here, or at the end of MOVE's line (aid 3)",
        run: |c, rest| c.eval(rest),
    },
    Command {
        name: "trace",
        aliases: &[],
        args: "MOVE",
        help: "MOVE's plausibility, factor by factor (aid 4)",
        run: |c, rest| c.trace(rest),
    },
    Command {
        name: "record",
        aliases: &[],
        args: "",
        help: "each top-level move of the last search (aid 5)",
        run: |c, _| c.record(),
    },
    Command {
        name: "stats",
        aliases: &[],
        args: "",
        help: "the last search's statistics (aid 6)",
        run: |c, _| c.stats(),
    },
    Command {
        name: "tree",
        aliases: &[],
        args: "",
        help: "the last search's main line with values",
        run: |c, _| c.tree(),
    },
];

const SESSION: &[Command] = &[
    Command {
        name: "help",
        aliases: &["?"],
        args: "",
        help: "this list",
        run: |c, _| c.help(),
    },
    Command {
        name: "quit",
        aliases: &["exit", "bye"],
        args: "",
        help: "leave machack",
        run: |c, _| c.quit = true,
    },
];

/// Every command.
fn commands() -> impl Iterator<Item = &'static Command> {
    GROUPS.iter().flat_map(|(_, commands)| commands.iter())
}

/// The command a word names, if any (letter case aside).
fn find(word: &str) -> Option<&'static Command> {
    let word = word.to_ascii_lowercase();
    commands().find(|c| c.name == word || c.aliases.contains(&word.as_str()))
}

/// The command nearest to a mistyped word: within two edits, and fewer edits than the word
/// has letters, so that short words are not matched by chance.
fn nearest(word: &str) -> Option<&'static str> {
    let word = word.to_ascii_lowercase();
    commands()
        .flat_map(|c| {
            std::iter::once(&c.name)
                .chain(c.aliases)
                .map(move |n| (n, c.name))
        })
        .map(|(n, name)| (edits(&word, n), name))
        .filter(|&(d, _)| d <= 2 && d < word.chars().count())
        .min_by_key(|&(d, _)| d)
        .map(|(_, name)| name)
}

/// The number of single-letter insertions, deletions and substitutions that turn `a`
/// into `b` (Levenshtein distance).
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

/// The help text, one line per command under its group's title.
/// The width of the usage column of `help`.
const USAGE_WIDTH: usize = 32;

fn help_lines() -> Vec<String> {
    let mut lines = vec![
        "Type a move in any notation: P-K4, N-KB3, PxP, O-O (descriptive), e4, Nf3 (SAN), e2e4."
            .to_string(),
    ];
    for (title, commands) in GROUPS {
        lines.push(title.to_string());
        for c in commands {
            let mut usage = format!("{} {}", c.name, c.args);
            if !c.aliases.is_empty() {
                usage = format!("{} ({})", usage.trim_end(), c.aliases.join(", "));
            }
            // A usage too long for its column stands on a line of its own.
            if usage.len() > USAGE_WIDTH {
                lines.push(format!("  {usage}"));
                lines.push(format!("  {:<USAGE_WIDTH$} {}", "", c.help));
            } else {
                lines.push(format!("  {usage:<USAGE_WIDTH$} {}", c.help));
            }
        }
    }
    lines.push(
        "Values are in pawns from White's side: +0.35 (White is better), -1.00 (Black is \
         better)."
            .to_string(),
    );
    lines.push(
        "While machack thinks, press Enter or Ctrl-C to make it move at once; a second \
         Ctrl-C leaves."
            .to_string(),
    );
    lines
}

impl Console {
    /// One line typed at the prompt: a command from the table, or else a move.
    pub(super) fn command(&mut self, line: &str) {
        let (word, rest) = split_word(line);
        if word.is_empty() {
            return;
        }
        if let Some(c) = find(word) {
            (c.run)(self, rest.trim());
            return;
        }
        let unreadable = matches!(
            notation::read_move(self.engine.position(), line),
            Err(NotationError::Unreadable { .. })
        );
        match nearest(word) {
            Some(name) if unreadable => self.say(&format!(
                "'{}' is neither a move nor a command; did you mean '{name}'? Type 'help' for \
                 the commands.",
                short(word)
            )),
            _ => self.person_move(line.trim()),
        }
    }

    fn help(&mut self) {
        for l in help_lines() {
            self.say(&l);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_help_line_keeps_usage_and_words_apart() {
        for line in help_lines().iter().filter(|l| l.starts_with("  ")) {
            let usage = &line[2..];
            // Either the usage alone, or the column then one space then the words.
            let split = usage.len() > USAGE_WIDTH && usage.as_bytes()[USAGE_WIDTH] == b' ';
            assert!(split || !usage.contains("  "), "{line:?}");
        }
        let help = help_lines().join("\n");
        assert!(
            help.contains("\n  level MOVES MINUTES INC|off|elo N|elo off\n"),
            "{help}"
        );
    }

    #[test]
    fn names_and_aliases_are_found_in_any_case() {
        assert_eq!(find("UNDO").map(|c| c.name), Some("undo"));
        assert_eq!(find("takeback").map(|c| c.name), Some("undo"));
        assert_eq!(find("?").map(|c| c.name), Some("help"));
        assert!(find("e4").is_none());
    }

    #[test]
    fn every_name_is_unique() {
        let mut names: Vec<&str> = commands()
            .flat_map(|c| std::iter::once(c.name).chain(c.aliases.iter().copied()))
            .collect();
        let all = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all);
    }

    #[test]
    fn a_typo_gets_the_nearest_command() {
        assert_eq!(edits("kitten", "sitting"), 3);
        assert_eq!(edits("", "abc"), 3);
        assert_eq!(nearest("hepl"), Some("help"));
        assert_eq!(nearest("udno"), Some("undo"));
        assert_eq!(nearest("stat"), Some("stats"));
        assert_eq!(nearest("takebak"), Some("undo"));
        assert_eq!(nearest("xyzzy"), None);
        assert_eq!(nearest("q"), None);
    }

    #[test]
    fn help_lists_every_command_once_under_a_group() {
        let lines = help_lines();
        for c in commands() {
            let rows = lines
                .iter()
                .filter(|l| l.trim_start().starts_with(&format!("{} ", c.name)))
                .count();
            assert_eq!(rows, 1, "{}", c.name);
        }
        assert!(lines.iter().any(|l| l == "Playing:"));
    }
}
