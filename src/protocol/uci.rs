//! The Universal Chess Interface: parse UCI commands, call the `Engine`, print UCI replies.
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `setoption`, `position startpos|fen ... moves
//! ...`, `go` (`wtime btime winc binc movestogo depth nodes mate movetime infinite ponder
//! searchmoves`), `stop`, `ponderhit`, `quit`; `debug` and `register` are accepted and
//! ignored; OpenBench's `genfens` writes openings for self-play data. Progress is printed
//! as `info depth seldepth multipv score cp|mate [wdl W D L] nodes nps hashfull tbhits
//! time pv`, in that order, one line per `MultiPV` line, and after
//! the first second `info depth currmove currmovenumber` for the root move being searched (cp = 1967 value × 100 / 128; wdl with
//! `UCI_ShowWDL`; `lowerbound`/`upperbound` never appear, as the 1967 search reports exact
//! values only); book moves and every error as `info string`. With `UCI_Chess960` a
//! `position fen` may be Shredder-FEN or X-FEN and castling is written as king takes rook
//! (`e1h1`). A malformed line is reported and otherwise ignored, with two choices made so
//! the GUI is never left waiting: a `go` with a bad field still searches (the field
//! reported and dropped, a negative time taken as 0), and a `position` with an illegal
//! move keeps the moves before it. A `position fen` with a bad FEN leaves the position as
//! it was.

use std::time::Duration;

use shakmaty::CastlingMode;

use super::{Event, Input, Out, split_word};
use crate::engine::options::Tunable;
use crate::engine::options::{OPTIONS, announced_tunables};
use crate::engine::{BestMove, Clocks, Engine, Go, OptionKind, Source, short};
use crate::genfens::Plan;
use crate::notation::{self, uci_in};
use crate::rules::{self, Game};
use crate::search::wdl::Wdl;
use crate::search::{Info, Score};

/// Speaks UCI until `quit` or the end of input. `first` is a line already read (`uci`).
pub fn run(mut engine: Engine, input: Input, out: Out, first: Option<String>) {
    let mut pending = first;
    loop {
        match input.next_after(&mut pending) {
            Event::Line(line) => {
                if !command(&mut engine, &out, &line) {
                    break;
                }
            }
            Event::TooLong(n) => error(&out, &format!("line of {n} bytes is too long; ignored")),
            Event::Eof => {
                // Let a timed search finish and answer; stop an endless one.
                engine.finish();
                break;
            }
            Event::Done(..) => {}
        }
    }
}

/// The words that start a UCI command (and `genfens`, OpenBench's command for openings).
const COMMANDS: &[&str] = &[
    "uci",
    "isready",
    "debug",
    "register",
    "ucinewgame",
    "setoption",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "genfens",
];

/// Whether command-line arguments are UCI commands to run (`machack "genfens 10 seed 1
/// book None" quit`, as OpenBench runs engines): the first starts with a command word, and
/// it is not `uci` alone, the subcommand that speaks UCI on stdin (`machack uci --help`).
pub fn is_command_line(args: &[String]) -> bool {
    args.first().is_some_and(|first| {
        let first = first.trim();
        first != "uci" && COMMANDS.contains(&split_word(first).0)
    })
}

/// Runs each of `lines` as a UCI command, each to its end (a search is waited for; an
/// infinite one is stopped, as nothing could stop it later), until `quit` or the last.
pub fn run_lines(mut engine: Engine, lines: &[String], out: Out) {
    for line in lines {
        let more = command(&mut engine, &out, line.trim());
        engine.finish();
        if !more {
            break;
        }
    }
}

fn error(out: &Out, text: &str) {
    out.line(&format!("info string error {text}"));
}

/// Handles one line; false on `quit`. Public so a line can be driven without the input
/// thread (fuzzing, tests).
pub fn command(engine: &mut Engine, out: &Out, line: &str) -> bool {
    let (word, rest) = split_word(line);
    match word {
        "" => error(out, "empty line"),
        "uci" => identify(out, announced_tunables()),
        "isready" => out.line("readyok"),
        "debug" | "register" => {}
        "ucinewgame" => engine.new_game(),
        "setoption" => set_option(engine, out, rest),
        "position" => position(engine, out, rest),
        "go" => go(engine, out, rest),
        "stop" => engine.stop(),
        "ponderhit" => engine.ponderhit(None),
        "quit" => return false,
        "genfens" => genfens(engine, out, rest),
        _ => error(out, &format!("unknown command '{}'", short(word))),
    }
    true
}

/// The reply to `uci`: names, the options, then `tunables` (those of a `tune` build).
fn identify(out: &Out, tunables: &[Tunable]) {
    out.line(&format!("id name machack {}", env!("CARGO_PKG_VERSION")));
    out.line("id author the machack authors, after Richard Greenblatt (MIT, 1967)");
    for option in OPTIONS.iter().filter(|o| o.shown.uci) {
        out.line(&format!(
            "option name {} {}",
            option.name,
            uci_kind(&option.kind)
        ));
    }
    for t in tunables {
        out.line(&format!(
            "option name {} type spin default {} min {} max {}",
            t.name,
            t.default(),
            t.min,
            t.max
        ));
    }
    out.line("uciok");
}

/// The `type ...` part of an `option` line.
fn uci_kind(kind: &OptionKind) -> String {
    match *kind {
        OptionKind::Spin {
            default, min, max, ..
        } => format!("type spin default {default} min {min} max {max}"),
        OptionKind::Check { default, .. } => format!("type check default {default}"),
        OptionKind::Combo {
            default, choices, ..
        } => {
            let vars: Vec<String> = choices().iter().map(|c| format!("var {c}")).collect();
            format!("type combo default {default} {}", vars.join(" "))
        }
        OptionKind::Button => "type button".to_string(),
        OptionKind::Text { default, .. } => {
            let d = if default.is_empty() {
                "<empty>"
            } else {
                default
            };
            format!("type string default {d}")
        }
    }
}

/// `setoption name NAME [value VALUE]`; names and values may hold spaces.
fn set_option(engine: &mut Engine, out: &Out, rest: &str) {
    let Some(after_name) = rest.strip_prefix("name") else {
        return error(out, "setoption: expected 'name'");
    };
    let words: Vec<&str> = after_name.split_whitespace().collect();
    let (name, value) = match words.iter().position(|w| *w == "value") {
        Some(i) => {
            // The value is the raw text after the first " value ", spaces kept.
            let raw = after_name
                .find(" value")
                .map(|at| after_name[at + " value".len()..].trim())
                .unwrap_or("");
            (words[..i].join(" "), Some(raw))
        }
        None => (words.join(" "), None),
    };
    if name.is_empty() {
        return error(out, "setoption: no option name");
    }
    match engine.set_option(&name, value) {
        Err(e) => error(out, &format!("setoption: {e}")),
        // Which network plays, by the name OpenBench gives it.
        Ok(()) if name.eq_ignore_ascii_case("EvalFile") => {
            let options = engine.options();
            let source = value.filter(|_| options.network.is_some());
            out.line(&format!(
                "info string EvalFile network {} ({})",
                options.network_name(),
                source.unwrap_or("embedded")
            ));
        }
        Ok(()) => {}
    }
}

/// `genfens N seed S book <None|FILE> [plies P] [margin CP] [nodes N]`: N openings, one
/// line `info string genfens FEN` each, as OpenBench's datagen reads them.
fn genfens(engine: &Engine, out: &Out, rest: &str) {
    let plan = match parse_genfens(rest) {
        Ok(plan) => plan,
        Err(e) => return error(out, &format!("genfens: {e}")),
    };
    let made = engine.genfens(&plan, |fen| out.line(&format!("info string genfens {fen}")));
    if let Err(e) = made {
        error(out, &format!("genfens: {e}"));
    }
}

/// Reads the fields of `genfens`: the count, seed and book, then any of `plies`, `margin`
/// and `nodes` with a value each.
fn parse_genfens(rest: &str) -> Result<Plan, String> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let [count, "seed", seed, "book", book, extra @ ..] = words.as_slice() else {
        return Err(format!(
            "expected 'N seed S book <None|FILE> [plies P] [margin CP] [nodes N]', got '{}'",
            short(rest)
        ));
    };
    fn number<T: std::str::FromStr>(name: &str, text: &str) -> Result<T, String> {
        text.parse()
            .map_err(|_| format!("{name} needs a whole number, got '{}'", short(text)))
    }
    let book = (!book.eq_ignore_ascii_case("none")).then(|| book.into());
    let mut plan = Plan::new(number("N", count)?, number("seed", seed)?, book);
    for pair in extra.chunks(2) {
        match *pair {
            ["plies", v] => plan.plies = Some(number("plies", v)?),
            ["margin", v] => plan.margin = i32::from(number::<u16>("margin", v)?),
            ["nodes", v] => plan.nodes = number::<u64>("nodes", v)?.max(1),
            _ => return Err(format!("unknown argument '{}'", short(&pair.join(" ")))),
        }
    }
    Ok(plan)
}

/// `position startpos|fen FEN [moves M...]`.
fn position(engine: &mut Engine, out: &Out, rest: &str) {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let moves_at = words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len());
    let start = match words.first() {
        Some(&"startpos") if moves_at == 1 => shakmaty::Chess::default(),
        Some(&"fen") => match rules::parse_fen_in(
            &words[1..moves_at].join(" "),
            engine.options().castling_mode(),
        ) {
            Ok((pos, _warnings)) => pos,
            Err(e) => return error(out, &format!("position: {e}; position unchanged")),
        },
        _ => {
            return error(
                out,
                &format!(
                    "position: expected 'startpos' or 'fen', got '{}'; position unchanged",
                    short(rest)
                ),
            );
        }
    };
    let mut game = Game::new(start);
    for (i, text) in words.iter().enumerate().skip(moves_at + 1) {
        match notation::read_move(game.position(), text) {
            Ok(m) => {
                game.play(m);
            }
            Err(e) => {
                error(
                    out,
                    &format!(
                        "position: move {} {e}; the moves before it are played",
                        i - moves_at
                    ),
                );
                break;
            }
        }
    }
    engine.set_game(game);
}

/// Reads a number of milliseconds; a negative one is reported and taken as 0.
fn millis(out: &Out, name: &str, text: Option<&str>) -> Option<Duration> {
    match text.map(str::parse::<i64>) {
        Some(Ok(n)) if n >= 0 => Some(Duration::from_millis(n as u64)),
        Some(Ok(n)) => {
            error(out, &format!("go: {name} {n} is negative; taken as 0"));
            Some(Duration::ZERO)
        }
        _ => {
            error(
                out,
                &format!(
                    "go: {name} needs a whole number of milliseconds, got '{}'; ignored",
                    short(text.unwrap_or(""))
                ),
            );
            None
        }
    }
}

fn count<T: std::str::FromStr>(out: &Out, name: &str, text: Option<&str>) -> Option<T> {
    let v = text.and_then(|t| t.parse::<T>().ok());
    if v.is_none() {
        error(
            out,
            &format!(
                "go: {name} needs a positive whole number, got '{}'; ignored",
                short(text.unwrap_or(""))
            ),
        );
    }
    v
}

/// Parses the fields of `go` (the text after `go`) without starting a search. Bad fields
/// are reported on `out` and dropped.
pub fn parse_go(engine: &Engine, out: &Out, rest: &str) -> Go {
    let mut go = Go {
        currmove: true,
        ..Go::default()
    };
    let mut clocks = Clocks::default();
    let mut timed = false;
    let mut words = rest.split_whitespace().peekable();
    while let Some(word) = words.next() {
        match word {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "wtime" | "btime" | "winc" | "binc" | "movetime" => {
                let Some(t) = millis(out, word, words.next()) else {
                    continue;
                };
                match word {
                    "wtime" => (clocks.white, timed) = (t, true),
                    "btime" => (clocks.black, timed) = (t, true),
                    "winc" => clocks.white_increment = t,
                    "binc" => clocks.black_increment = t,
                    _ => go.movetime = Some(t),
                }
            }
            "movestogo" => {
                clocks.moves_to_go = count::<u32>(out, word, words.next()).filter(|&n| n > 0)
            }
            "depth" => go.depth = count::<u32>(out, word, words.next()).map(|d| d.max(1)),
            "nodes" => go.nodes = count::<u64>(out, word, words.next()).map(|n| n.max(1)),
            "mate" => go.mate = count::<u32>(out, word, words.next()).map(|n| n.max(1)),
            "searchmoves" => {
                while let Some(text) = words.peek() {
                    let Ok(m) = notation::read_move(engine.position(), text) else {
                        break;
                    };
                    go.searchmoves.push(m);
                    words.next();
                }
                if go.searchmoves.is_empty() {
                    error(out, "go: searchmoves names no legal move; searching all");
                }
            }
            _ => error(
                out,
                &format!("go: unknown field '{}'; ignored", short(word)),
            ),
        }
    }
    if timed {
        go.clocks = Some(clocks);
    }
    go
}

fn go(engine: &mut Engine, out: &Out, rest: &str) {
    let request = parse_go(engine, out, rest);
    let style = Style {
        wdl: engine.options().show_wdl,
        castling: engine.options().castling_mode(),
    };
    let info_out = out.clone();
    let done_out = out.clone();
    let started = engine.go(
        request,
        move |info| info_out.line(&info_line(info, style)),
        move |best| bestmove(&done_out, &best, style.castling),
    );
    if let Err(e) = started {
        error(out, &format!("go: {e}"));
    }
}

/// `score cp N` or `score mate N`.
pub fn score_text(score: Score) -> String {
    match score {
        Score::Value(v) => format!("cp {}", v * 100 / 128),
        Score::Mate(n) => format!("mate {n}"),
    }
}

/// How a search's moves and scores are written, as the options stood at `go`.
#[derive(Debug, Clone, Copy)]
struct Style {
    /// Win/draw/loss chances after each score (`UCI_ShowWDL`).
    wdl: bool,
    /// Castling as the king's two-square move, or (Chess960) as king takes rook.
    castling: CastlingMode,
}

/// One `info` line in `style`.
fn info_line(info: &Info, style: Style) -> String {
    let ms = info.time.as_millis() as u64;
    let nps = info.nodes * 1000 / ms.max(1);
    if let Some(c) = info.currmove {
        let mut line = format!(
            "info depth {} currmove {} currmovenumber {}",
            info.depth,
            uci_in(c.mv, style.castling),
            c.number
        );
        if info.nodes > 0 {
            line.push_str(&format!(" nodes {} nps {nps} time {ms}", info.nodes));
        }
        return line;
    }
    let pv: Vec<String> = info.pv.iter().map(|&m| uci_in(m, style.castling)).collect();
    let wdl = if style.wdl {
        let w = Wdl::from_score(info.score);
        format!(" wdl {} {} {}", w.win, w.draw, w.loss)
    } else {
        String::new()
    };
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}{wdl} nodes {} nps {nps} hashfull {} \
         tbhits {} time {ms}",
        info.depth,
        info.seldepth.max(info.depth),
        info.multipv,
        score_text(info.score),
        info.nodes,
        info.hashfull,
        info.tbhits,
    );
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

fn bestmove(out: &Out, best: &BestMove, castling: CastlingMode) {
    let uci = |m| uci_in(m, castling);
    match best.source {
        Source::Book => {
            if let Some(m) = best.best {
                out.line(&format!("info string book move {}", uci(m)));
            }
        }
        Source::Tablebase { probes } => out.line(&format!("info tbhits {probes}")),
        Source::Fallback => out.line("info string error the search failed; first legal move"),
        Source::Search | Source::NoMove => {}
    }
    match (best.best, best.ponder) {
        (None, _) => out.line("bestmove (none)"),
        (Some(m), Some(p)) => out.line(&format!("bestmove {} ponder {}", uci(m), uci(p))),
        (Some(m), None) => out.line(&format!("bestmove {}", uci(m))),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::search::CurrMove;
    use shakmaty::Move;
    use std::sync::{Arc, Mutex};

    /// A writer the test can read back.
    #[derive(Clone, Default)]
    struct Capture(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Capture {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Capture {
        fn text(&self) -> String {
            String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
        }
    }

    fn session(lines: &[&str]) -> (Engine, String) {
        let cap = Capture::default();
        let out = Out::new(Box::new(cap.clone()));
        let mut engine = Engine::new();
        for l in lines {
            command(&mut engine, &out, l);
        }
        engine.finish();
        (engine, cap.text())
    }

    #[test]
    fn position_moves_are_played() {
        let (e, text) = session(&["position startpos moves e2e4 e7e5 g1f3"]);
        assert!(text.is_empty(), "{text}");
        assert_eq!(e.game().moves().len(), 3);
        let (e, _) = session(&["position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1"]);
        assert_eq!(e.game().moves().len(), 1);
    }

    #[test]
    fn bad_positions_are_reported() {
        let (e, text) = session(&["position startpos moves e2e4 e2e4 e7e5"]);
        assert!(
            text.contains("info string error position: move 2"),
            "{text}"
        );
        assert_eq!(e.game().moves().len(), 1);
        let (e, text) = session(&[
            "position startpos moves e2e4",
            "position fen garbage moves e2e4",
        ]);
        assert!(text.starts_with("info string error position:"), "{text}");
        assert_eq!(e.game().moves().len(), 1, "unchanged");
        let (_, text) = session(&["position"]);
        assert!(text.contains("error position"), "{text}");
    }

    #[test]
    fn setoption_names_and_values_may_hold_spaces() {
        let (e, text) = session(&[
            "setoption name Move Overhead value 120",
            "setoption name Widths value 9 9 7",
            "setoption name Clear Hash",
        ]);
        assert!(text.is_empty(), "{text}");
        assert_eq!(e.options().move_overhead, Duration::from_millis(120));
        assert_eq!(e.options().widths, Some(vec![9, 9, 7]));
        let (_, text) = session(&["setoption name Hash value lots"]);
        assert!(text.starts_with("info string error setoption"), "{text}");
        let (_, text) = session(&["setoption"]);
        assert!(text.starts_with("info string error setoption"), "{text}");
    }

    #[test]
    fn genfens_fields_are_read_and_bad_ones_named() {
        let plan = parse_genfens("5 seed 2147483647 book None").unwrap();
        assert_eq!(plan, Plan::new(5, 2147483647, None));
        let plan = parse_genfens("2 seed 9 book Books/x.epd plies 4 margin 90 nodes 800").unwrap();
        assert_eq!(
            (plan.book.unwrap().to_str(), plan.plies),
            (Some("Books/x.epd"), Some(4))
        );
        assert_eq!((plan.margin, plan.nodes), (90, 800));
        for (line, why) in [
            ("5 seed 1", "expected 'N seed S book"),
            ("x seed 1 book None", "N needs a whole number, got 'x'"),
            ("5 seed -1 book None", "seed needs a whole number, got '-1'"),
            ("5 seed 1 book None depth 3", "unknown argument 'depth 3'"),
            ("5 seed 1 book None plies", "unknown argument 'plies'"),
        ] {
            let e = parse_genfens(line).unwrap_err();
            assert!(e.starts_with(why), "{line}: {e}");
        }
        let (_, text) = session(&[
            "genfens 3 seed 1 book None",
            "genfens 1 seed 1 book /no/book",
        ]);
        let fens: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("info string genfens "))
            .collect();
        assert_eq!(fens.len(), 3, "{text}");
        assert!(
            text.contains("info string error genfens: cannot read the book /no/book"),
            "{text}"
        );
    }

    #[test]
    fn arguments_are_commands_when_the_first_starts_with_one() {
        let line = |args: &[&str]| {
            is_command_line(&args.iter().map(|a| a.to_string()).collect::<Vec<_>>())
        };
        assert!(line(&["genfens 5 seed 1 book None", "quit"]));
        assert!(line(&["go depth 5"]) && line(&["isready"]) && line(&["setoption name Hash"]));
        assert!(!line(&["uci"]) && !line(&["uci", "--help"]) && !line(&[" uci "]));
        assert!(!line(&["bench"]) && !line(&["search", "--depth", "3"]) && !line(&[]));
    }

    #[test]
    fn tunables_are_set_by_name_and_announced_only_when_asked() {
        let (e, text) = session(&[
            "setoption name razor_margin value 300",
            "setoption name lmr_base value 900",
            "setoption name lmr_base value 1.5",
        ]);
        assert_eq!(e.options().modern.razor_margin, 300);
        assert_eq!(e.options().modern.lmr_base, 0.75, "bad values leave it");
        assert!(
            text.contains("info string error setoption: option 'lmr_base': 900 is outside 0..=200")
                && text.contains("'1.5' is not a whole number"),
            "{text}"
        );
        let reply = |tunables| {
            let cap = Capture::default();
            identify(&Out::new(Box::new(cap.clone())), tunables);
            cap.text()
        };
        let short = reply(&[]);
        assert!(!short.contains("razor_margin") && short.ends_with("uciok\n"));
        let long = reply(crate::engine::options::TUNABLES);
        assert!(
            long.contains("option name razor_margin type spin default 250 min 50 max 600\n")
                && long.contains("option name lmr_base type spin default 75 min 0 max 200\n"),
            "{long}"
        );
        assert_eq!(
            long.lines().count(),
            short.lines().count() + crate::engine::options::TUNABLES.len()
        );
    }

    #[test]
    fn go_fields_are_read() {
        let cap = Capture::default();
        let out = Out::new(Box::new(cap.clone()));
        let e = Engine::new();
        let g = parse_go(
            &e,
            &out,
            "wtime 1000 btime 2000 winc 10 binc 20 movestogo 5 depth 3 nodes 100 mate 2 searchmoves e2e4 d2d4",
        );
        let c = g.clocks.unwrap();
        assert_eq!(c.white, Duration::from_millis(1000));
        assert_eq!(c.black_increment, Duration::from_millis(20));
        assert_eq!(c.moves_to_go, Some(5));
        assert_eq!((g.depth, g.nodes, g.mate), (Some(3), Some(100), Some(2)));
        assert_eq!(g.searchmoves.len(), 2);
        let g = parse_go(&e, &out, "wtime -5 btime x infinite ponder movetime 7");
        assert!(g.infinite && g.ponder);
        assert_eq!(g.movetime, Some(Duration::from_millis(7)));
        assert_eq!(g.clocks.unwrap().white, Duration::ZERO);
        let text = cap.text();
        assert!(text.contains("wtime -5 is negative"), "{text}");
        assert!(text.contains("btime needs a whole number"), "{text}");
    }

    /// Words the junk generator draws from: commands, fields, numbers good and bad, moves.
    pub(crate) const VOCABULARY: &[&str] = &[
        "uci",
        "isready",
        "ucinewgame",
        "setoption",
        "name",
        "value",
        "Hash",
        "Depth",
        "Clear",
        "Move",
        "Overhead",
        "Profile",
        "1967",
        "Widths",
        "position",
        "startpos",
        "fen",
        "moves",
        "go",
        "wtime",
        "btime",
        "winc",
        "binc",
        "movestogo",
        "depth",
        "nodes",
        "mate",
        "movetime",
        "infinite",
        "ponder",
        "searchmoves",
        "stop",
        "ponderhit",
        "e2e4",
        "e7e5",
        "g1f3",
        "e1g1",
        "a7a8q",
        "Nf3",
        "P-K4",
        "0",
        "1",
        "2",
        "-5",
        "99999999999999999999",
        "1.5",
        "x",
        "",
        "8/8/8/8/8/8/8/8",
        "w",
        "KQkq",
        "-",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "\u{fffd}",
        "é",
        "\t",
    ];

    /// A deterministic stream of junk lines built from `VOCABULARY`.
    pub(crate) fn junk_lines(n: usize, mut seed: u64) -> Vec<String> {
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        (0..n)
            .map(|_| {
                let words = (next() % 9) as usize;
                (0..words)
                    .map(|_| VOCABULARY[(next() % VOCABULARY.len() as u64) as usize])
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    #[test]
    fn junk_never_panics_and_the_engine_still_answers() {
        let cap = Capture::default();
        let out = Out::new(Box::new(cap.clone()));
        let mut engine = Engine::new();
        engine.set_option("Depth", Some("1")).unwrap();
        for line in junk_lines(600, 0x9e37_79b9_7f4a_7c15) {
            if line.trim() == "quit" {
                continue;
            }
            assert!(command(&mut engine, &out, &line));
            // Keep searches short: a junk `go` may ask for a long one.
            engine.stop();
        }
        engine.finish();
        command(&mut engine, &out, "isready");
        assert!(cap.text().ends_with("readyok\n"), "{}", cap.text());
    }

    const STANDARD: Style = Style {
        wdl: false,
        castling: CastlingMode::Standard,
    };

    #[test]
    fn info_lines_keep_the_order() {
        let info = Info {
            depth: 3,
            seldepth: 5,
            score: Score::Value(64),
            nodes: 2000,
            time: Duration::from_millis(4),
            pv: vec![],
            hashfull: 7,
            multipv: 2,
            tbhits: 9,
            currmove: None,
        };
        assert_eq!(
            info_line(&info, STANDARD),
            "info depth 3 seldepth 5 multipv 2 score cp 50 nodes 2000 nps 500000 hashfull 7 \
             tbhits 9 time 4"
        );
        let busy = Info {
            currmove: Some(CurrMove {
                mv: Move::Normal {
                    role: shakmaty::Role::Pawn,
                    from: shakmaty::Square::E2,
                    capture: None,
                    to: shakmaty::Square::E4,
                    promotion: None,
                },
                number: 3,
            }),
            ..info.clone()
        };
        assert_eq!(
            info_line(&busy, STANDARD),
            "info depth 3 currmove e2e4 currmovenumber 3 nodes 2000 nps 500000 time 4"
        );
        let unknown = Info {
            nodes: 0,
            ..busy.clone()
        };
        assert_eq!(
            info_line(&unknown, STANDARD),
            "info depth 3 currmove e2e4 currmovenumber 3"
        );
        let wdl = info_line(
            &info,
            Style {
                wdl: true,
                ..STANDARD
            },
        );
        assert!(wdl.contains(" score cp 50 wdl 269 684 47 nodes "), "{wdl}");
        assert_eq!(score_text(Score::Mate(-2)), "mate -2");
    }
}
