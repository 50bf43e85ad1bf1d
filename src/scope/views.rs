//! What the page draws, as the server computes it: the board, the FIDE status, the clocks
//! and the live search lines, with moves and values as `crate::aids` writes them. Each
//! view is a plain serialisable struct; the page keeps no chess knowledge of its own.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Position, Role};

use crate::aids::{MoveText, ScoreView, line};
use crate::fide::State;
use crate::search::Info;

/// A colour as the page names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    White,
    Black,
}

impl From<Side> for shakmaty::Color {
    fn from(s: Side) -> Self {
        match s {
            Side::White => shakmaty::Color::White,
            Side::Black => shakmaty::Color::Black,
        }
    }
}

impl From<shakmaty::Color> for Side {
    fn from(c: shakmaty::Color) -> Self {
        match c {
            shakmaty::Color::White => Side::White,
            shakmaty::Color::Black => Side::Black,
        }
    }
}

/// A profile the page offers.
#[derive(Debug, Clone, Serialize)]
pub struct ProfileView {
    pub name: &'static str,
    pub description: &'static str,
}

/// A piece on its square, e.g. `{"square":"e4","piece":"wP"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PieceView {
    pub square: String,
    pub piece: String,
}

/// The pieces of `pos`.
pub fn pieces(pos: &Chess) -> Vec<PieceView> {
    pos.board()
        .iter()
        .map(|(sq, p)| PieceView {
            square: sq.to_string(),
            piece: format!(
                "{}{}",
                p.color.fold_wb('w', 'b'),
                p.role.char().to_ascii_uppercase()
            ),
        })
        .collect()
}

/// A legal move as the board's clicks find it: from, to, and the promotion piece.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LegalView {
    pub from: String,
    pub to: String,
    pub uci: String,
    pub promotion: Option<char>,
}

/// Every legal move of `pos`.
pub fn legal(pos: &Chess) -> Vec<LegalView> {
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let uci = m.to_uci(shakmaty::CastlingMode::Standard);
            let text = uci.to_string();
            LegalView {
                from: text[..2].to_string(),
                to: text[2..4].to_string(),
                promotion: m.promotion().map(Role::char),
                uci: text,
            }
        })
        .collect()
}

/// The FIDE status of the position, with a sentence for the status line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StatusView {
    pub turn: Side,
    pub check: Option<String>,
    /// The rules' result, or the players' (resignation, agreement, a claim, the flag).
    pub result: Option<String>,
    /// Why the game is over.
    pub reason: Option<String>,
    pub claims: Vec<&'static str>,
    pub occurrences: usize,
    pub halfmove_clock: u32,
    pub text: String,
}

impl StatusView {
    /// The status of `pos` whose FIDE state is `state`; `ended` is a result the players
    /// made (result, why) that the rules did not.
    pub fn new(pos: &Chess, state: &State, ended: Option<(&str, &str)>) -> StatusView {
        let turn = Side::from(pos.turn());
        let check = pos
            .is_check()
            .then(|| pos.board().king_of(pos.turn()).map(|sq| sq.to_string()))
            .flatten();
        let (result, reason) = match (state.outcome, state.reason, ended) {
            (Some(o), Some(r), _) => (Some(o.as_str().to_string()), Some(reason_text(r.as_str()))),
            (_, _, Some((res, why))) => (Some(res.to_string()), Some(why.to_string())),
            _ => (None, None),
        };
        let side = pos.turn().fold_wb("White", "Black");
        let mut text = match (&result, &reason) {
            (Some(res), Some(why)) => format!("Game over: {res} ({why})."),
            _ if check.is_some() => format!("{side} to move, in check."),
            _ => format!("{side} to move."),
        };
        let times = match state.occurrences {
            1 => "once".to_string(),
            2 => "twice".to_string(),
            n => format!("{n} times"),
        };
        let clock = state.halfmove_clock;
        text.push_str(&format!(
            " This position has occurred {times}; {clock} halfmove{} since a capture or pawn move.",
            if clock == 1 { "" } else { "s" }
        ));
        let claims: Vec<&'static str> = state.claims.iter().map(|c| c.as_str()).collect();
        if !claims.is_empty() {
            text.push_str(&format!(
                " {side} may claim a draw ({}).",
                reason_text(&claims.join(", "))
            ));
        }
        StatusView {
            turn,
            check,
            result,
            reason,
            claims,
            occurrences: state.occurrences,
            halfmove_clock: state.halfmove_clock,
            text,
        }
    }
}

/// `fivefold_repetition` as `fivefold repetition`.
fn reason_text(name: &str) -> String {
    name.replace('_', " ")
}

/// Both clocks, when the game has them; the page counts down the running one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ClockView {
    pub white_ms: u64,
    pub black_ms: u64,
    /// The side whose clock runs (none once the game is over).
    pub running: Option<Side>,
}

/// The game as it stands.
#[derive(Debug, Clone, Serialize)]
pub struct GameView {
    pub fen: String,
    pub pieces: Vec<PieceView>,
    pub legal: Vec<LegalView>,
    pub moves: Vec<MoveText>,
    pub last_move: Option<[String; 2]>,
    pub status: StatusView,
    pub human: Side,
    pub profile: String,
    pub book: bool,
    pub level: String,
    /// The Elo machack plays at when its strength is limited (modern profile only).
    pub strength: Option<u32>,
    /// How many best lines a search reports (`MultiPV`).
    pub multipv: u32,
    pub clocks: Option<ClockView>,
    /// `play`, `analyse` or none: what the engine is doing.
    pub thinking: Option<&'static str>,
    /// A draw offer machack has not answered yet, or its answer.
    pub draw_offer: Option<String>,
    /// The watch pace: a 1967 search is shown one top-level move at a time.
    pub watch: bool,
    pub pgn: String,
    /// Which of the tab's games this is: a new number after a new game, a FEN, a PGN or
    /// an undo, when what the page showed of the game before no longer applies.
    pub game: u64,
}

/// One top-level move while the search runs: plausibility order, the value it had when
/// it became the best move (the engine reports only new best moves while searching).
#[derive(Debug, Clone, Serialize)]
pub struct LiveRootMove {
    #[serde(rename = "move")]
    pub mv: MoveText,
    pub plausibility: i32,
    pub value: Option<ScoreView>,
    pub best: bool,
}

/// Live progress of a search.
#[derive(Debug, Clone, Serialize)]
pub struct InfoView {
    /// The side to move at the root: every value here is its (the mover's); the page
    /// tells them from White's point of view unless asked for the mover's.
    pub turn: Side,
    pub depth: u32,
    pub seldepth: u32,
    pub score: ScoreView,
    #[serde(flatten)]
    pub effort: Effort,
    pub pv: Vec<MoveText>,
    /// Every line the search reports (`MultiPV`), best first; one unless more are asked.
    pub lines: Vec<LineView>,
    pub root: Vec<LiveRootMove>,
    /// At the watch pace, the top-level move just shown of a finished search's record.
    pub replay: Option<ReplayStep>,
}

/// One step of a finished search shown again at the watch pace: the top-level move
/// searched (`step` of `of`, in the search's order).
#[derive(Debug, Clone, Serialize)]
pub struct ReplayStep {
    pub step: usize,
    pub of: usize,
    #[serde(rename = "move")]
    pub mv: MoveText,
}

/// One of the best lines of a search: its number, depth, value and moves.
#[derive(Debug, Clone, Serialize)]
pub struct LineView {
    pub multipv: u32,
    pub depth: u32,
    pub score: ScoreView,
    pub pv: Vec<MoveText>,
}

/// What a search has spent, as the views of a search report it (flattened into them).
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Effort {
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds, to the microsecond.
    pub time_ms: f64,
}

impl Effort {
    pub fn new(nodes: u64, time: Duration) -> Effort {
        Effort {
            nodes,
            nps: (nodes as f64 / time.as_secs_f64().max(1e-3)) as u64,
            time_ms: time.as_secs_f64() * 1000.0,
        }
    }
}

impl InfoView {
    /// The view of the latest report of each line (`lines`, best first) from the root
    /// `pos`; `root` holds the top-level moves in plausibility order and learns the value
    /// of each line's first move. None before any report.
    pub fn new(pos: &Chess, lines: &[Info], root: &mut [LiveRootMove]) -> Option<InfoView> {
        let best = lines.first()?;
        // The counts are the latest report's, whichever line it was.
        let latest = lines.iter().max_by_key(|l| (l.time, l.nodes))?;
        let lines: Vec<LineView> = lines
            .iter()
            .map(|l| LineView {
                multipv: l.multipv,
                depth: l.depth,
                score: l.score.into(),
                pv: line(pos, &l.pv),
            })
            .collect();
        for r in root.iter_mut() {
            let first = |l: &LineView| l.pv.first().is_some_and(|m| m.uci == r.mv.uci);
            r.best = lines.first().is_some_and(first);
            if let Some(l) = lines.iter().find(|l| first(l)) {
                r.value = Some(l.score);
            }
        }
        Some(InfoView {
            turn: pos.turn().into(),
            depth: best.depth.max(latest.depth),
            seldepth: best.seldepth.max(latest.seldepth),
            score: best.score.into(),
            effort: Effort::new(latest.nodes, latest.time),
            pv: lines[0].pv.clone(),
            lines,
            root: root.to_vec(),
            replay: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, parse_fen};

    #[test]
    fn the_board_and_legal_moves_are_listed() {
        let (pos, _) = parse_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let p = pieces(&pos);
        assert!(p.contains(&PieceView {
            square: "b7".into(),
            piece: "wP".into()
        }));
        let l = legal(&pos);
        let promotions: Vec<_> = l.iter().filter(|m| m.from == "b7").collect();
        assert_eq!(promotions.len(), 4);
        assert!(promotions.iter().any(|m| m.promotion == Some('q')));
    }

    #[test]
    fn status_names_claims_and_occurrences() {
        let mut g = Game::default();
        for t in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
            let m = crate::notation::read_move(g.position(), t).unwrap();
            g.play(m);
        }
        let s = StatusView::new(g.position(), &State::of(&g), None);
        assert_eq!(s.occurrences, 3);
        assert_eq!(s.claims, vec!["threefold_repetition"]);
        assert!(s.text.contains("3 times"), "{}", s.text);
        assert!(s.text.contains("may claim a draw"), "{}", s.text);
        let s = StatusView::new(g.position(), &State::of(&g), Some(("0-1", "White resigns")));
        assert_eq!(s.result.as_deref(), Some("0-1"));
        assert!(s.text.starts_with("Game over"));
    }
}
