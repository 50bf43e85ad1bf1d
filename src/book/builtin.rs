//! The built-in book: opening lines kept as readable text in `book/*.txt`.
//!
//! Each file holds one opening line per text line, `NAME | MOVES`, the moves in any
//! notation machack reads (SAN in our files); move numbers (`1.`, `3...`) are skipped. A
//! move may carry a weight, `Nf3/4` (default 1); the weight of a book entry is the sum of
//! the weights its lines give it, so a move on many lines is chosen more often, and a weight
//! of 0 on every line marks a move the book knows but never plays. `#` starts a comment
//! line. The files are compiled into the binary and read once, at first use, into a map
//! from Polyglot key to moves: a transposition into a book position finds the book.
//!
//! Every line is played through on the board when it is read; a line with a move that is
//! not legal (or not readable) is skipped whole and reported in [`BuiltIn::problems`],
//! never a panic. The tests require there be no such line.

use std::collections::HashMap;
use std::sync::OnceLock;

use shakmaty::{Chess, Move, Position};

use super::polyglot::{Entry as PolyglotEntry, encode_move};
use super::{BookMove, polyglot_key};
use crate::notation::read_move;

/// The book files, compiled in: (file name, text).
pub const SOURCES: &[(&str, &str)] = &[
    ("open.txt", include_str!("../../book/open.txt")),
    ("semi_open.txt", include_str!("../../book/semi_open.txt")),
    ("closed.txt", include_str!("../../book/closed.txt")),
    ("flank.txt", include_str!("../../book/flank.txt")),
];

/// The built-in book, read from [`SOURCES`] at first use.
pub fn builtin() -> &'static BuiltIn {
    static BOOK: OnceLock<BuiltIn> = OnceLock::new();
    BOOK.get_or_init(|| BuiltIn::parse(SOURCES))
}

/// A line of a book file that could not be played through, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineProblem {
    /// The book file.
    pub file: String,
    /// The line number in the file (1-based).
    pub line: usize,
    /// What went wrong.
    pub reason: String,
}

impl std::fmt::Display for LineProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "book/{}:{}: {}", self.file, self.line, self.reason)
    }
}

/// One opening line of the book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The opening's name.
    pub name: String,
    /// The book file.
    pub file: String,
    /// The line number in the file (1-based).
    pub line: usize,
    /// The moves, in order from the start position.
    pub moves: Vec<Move>,
}

/// One move in one book position.
#[derive(Debug, Clone)]
struct Entry {
    mv: Move,
    weight: u32,
    /// Indices into `BuiltIn::lines` of the lines through this move.
    lines: Vec<u32>,
}

/// The built-in book, read and checked.
#[derive(Debug)]
pub struct BuiltIn {
    lines: Vec<Line>,
    positions: HashMap<u64, Vec<Entry>>,
    problems: Vec<LineProblem>,
}

/// The statistics `machack book stats` prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stats {
    /// Distinct (position, move) pairs.
    pub entries: usize,
    /// Distinct positions with at least one book move.
    pub positions: usize,
    /// Opening lines read.
    pub lines: usize,
    /// The longest line: its name and its length in plies.
    pub deepest: Option<(String, usize)>,
    /// Lines skipped as illegal or unreadable.
    pub problems: usize,
}

impl BuiltIn {
    /// Reads book files given as (file name, text); bad lines are skipped and recorded.
    pub fn parse(sources: &[(&str, &str)]) -> BuiltIn {
        let mut book = BuiltIn {
            lines: Vec::new(),
            positions: HashMap::new(),
            problems: Vec::new(),
        };
        for (file, text) in sources {
            for (i, raw) in text.lines().enumerate() {
                let number = i + 1;
                match read_line(raw) {
                    Ok(None) => {}
                    Ok(Some((name, moves))) => book.add(file, number, name, moves),
                    Err(reason) => book.problems.push(LineProblem {
                        file: file.to_string(),
                        line: number,
                        reason,
                    }),
                }
            }
        }
        book
    }

    /// Adds a line read as (name, [(move, weight)]).
    fn add(&mut self, file: &str, number: usize, name: &str, moves: WeightedMoves) {
        let index = self.lines.len() as u32;
        let mut pos = Chess::default();
        for (mv, weight) in &moves {
            let entries = self.positions.entry(polyglot_key(&pos)).or_default();
            match entries.iter_mut().find(|e| e.mv == *mv) {
                Some(e) => {
                    e.weight += weight;
                    if e.lines.last() != Some(&index) {
                        e.lines.push(index);
                    }
                }
                None => entries.push(Entry {
                    mv: *mv,
                    weight: *weight,
                    lines: vec![index],
                }),
            }
            pos.play_unchecked(*mv);
        }
        self.lines.push(Line {
            name: name.to_string(),
            file: file.to_string(),
            line: number,
            moves: moves.into_iter().map(|(m, _)| m).collect(),
        });
    }

    /// The book moves of a position (legal ones only), in the order the book met them.
    pub fn moves(&self, pos: &Chess) -> Vec<BookMove> {
        let Some(entries) = self.positions.get(&polyglot_key(pos)) else {
            return Vec::new();
        };
        entries
            .iter()
            .filter(|e| pos.is_legal(e.mv))
            .map(|e| {
                let mut names: Vec<String> = Vec::new();
                for &i in &e.lines {
                    let name = &self.lines[i as usize].name;
                    if !names.contains(name) {
                        names.push(name.clone());
                    }
                }
                BookMove {
                    mv: e.mv,
                    weight: e.weight,
                    names,
                }
            })
            .collect()
    }

    /// Every line read.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// The lines skipped as illegal or unreadable.
    pub fn problems(&self) -> &[LineProblem] {
        &self.problems
    }

    /// Distinct (position, move) entries.
    pub fn entries(&self) -> usize {
        self.positions.values().map(Vec::len).sum()
    }

    /// Counts for `book stats`.
    pub fn stats(&self) -> Stats {
        let deepest = self
            .lines
            .iter()
            .max_by_key(|l| (l.moves.len(), std::cmp::Reverse(l.line)))
            .map(|l| (l.name.clone(), l.moves.len()));
        Stats {
            entries: self.entries(),
            positions: self.positions.len(),
            lines: self.lines.len(),
            deepest,
            problems: self.problems.len(),
        }
    }

    /// The book as Polyglot entries (weights capped at 65535), for writing a `.bin`.
    pub fn polyglot_entries(&self) -> Vec<PolyglotEntry> {
        let mut out = Vec::with_capacity(self.entries());
        for (&key, entries) in &self.positions {
            for e in entries {
                if let Some(raw_move) = encode_move(e.mv) {
                    out.push(PolyglotEntry {
                        key,
                        raw_move,
                        weight: e.weight.min(u32::from(u16::MAX)) as u16,
                        learn: 0,
                    });
                }
            }
        }
        out
    }
}

/// A line's moves, each with the weight the line gives it.
type WeightedMoves = Vec<(Move, u32)>;

/// Reads one text line: `None` for a blank or comment line, else the name and the moves
/// with their weights, every move checked legal from the start position.
fn read_line(raw: &str) -> Result<Option<(&str, WeightedMoves)>, String> {
    let text = raw.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let Some((name, movetext)) = text.split_once('|') else {
        return Err("no '|' between the name and the moves".to_string());
    };
    let name = name.trim();
    if name.is_empty() {
        return Err("the line has no name".to_string());
    }
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    for token in movetext.split_whitespace() {
        let token = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if token.is_empty() {
            continue;
        }
        let (move_text, weight) = match token.split_once('/') {
            None => (token, 1),
            Some((m, w)) => match w.parse::<u32>() {
                Ok(w) if w <= 1000 => (m, w),
                _ => return Err(format!("'{token}': the weight must be 0 to 1000")),
            },
        };
        let ply = moves.len() + 1;
        let mv = read_move(&pos, move_text).map_err(|e| format!("ply {ply}: {e}"))?;
        pos.play_unchecked(mv);
        moves.push((mv, weight));
    }
    if moves.is_empty() {
        return Err("the line has no moves".to_string());
    }
    Ok(Some((name, moves)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uci(pos: &Chess, text: &str) -> Move {
        read_move(pos, text).unwrap()
    }

    #[test]
    fn lines_weights_and_transpositions() {
        let text = "# a comment\n\
                    Queen's Gambit | 1. d4 d5 2. c4 e6 3. Nc3 Nf6\n\
                    English to QGD | c4/3 e6 Nc3 d5 d4 Nf6 Bg5\n\
                    \n";
        let book = BuiltIn::parse(&[("t.txt", text)]);
        assert!(book.problems().is_empty(), "{:?}", book.problems());
        assert_eq!(book.lines().len(), 2);
        let start = Chess::default();
        let moves = book.moves(&start);
        assert_eq!(moves.len(), 2);
        assert_eq!(moves[1].mv, uci(&start, "c4"));
        assert_eq!(moves[1].weight, 3);
        // Both lines reach the QGD position after 3.Nc3 Nf6; the English line continues.
        let mut pos = Chess::default();
        for m in ["d4", "d5", "c4", "e6", "Nc3", "Nf6"] {
            let mv = uci(&pos, m);
            pos.play_unchecked(mv);
        }
        let there = book.moves(&pos);
        assert_eq!(there.len(), 1);
        assert_eq!(there[0].mv, uci(&pos, "Bg5"));
        assert_eq!(there[0].names, vec!["English to QGD".to_string()]);
        // 6 + 7 plies; 3...Nf6 is played in the same position by both lines (the move
        // orders meet after five plies), so it counts once.
        assert_eq!(book.entries(), 12);
        assert_eq!(
            book.stats().deepest,
            Some(("English to QGD".to_string(), 7))
        );
    }

    #[test]
    fn bad_lines_are_skipped_and_reported() {
        let text = "Good | e4 e5\n\
                    Illegal | e4 e5 Ke3\n\
                    Nonsense | e4 zz9\n\
                    No bar e4 e5\n\
                    Bad weight | e4/x\n";
        let book = BuiltIn::parse(&[("t.txt", text)]);
        assert_eq!(book.lines().len(), 1);
        let lines: Vec<usize> = book.problems().iter().map(|p| p.line).collect();
        assert_eq!(lines, vec![2, 3, 4, 5]);
        assert!(book.problems()[0].to_string().contains("ply 3"));
        assert_eq!(book.entries(), 2);
    }
}
