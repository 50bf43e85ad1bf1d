//! How well a move ordering ranks the best move of a test suite (issue 24): for any EPD file
//! with `bm` (and STS's `c8` points with `c9` moves), the share of positions whose best move
//! is ranked first, in the top 6 (the `1967` width) and in the top 15 (the
//! `1967-tournament` top-level width), and the average STS points earned by the first
//! move. The 1967 plausible generator is measured beside a two-line ordering (captures by
//! most valuable victim, least valuable attacker; then checks) so that a figure says
//! whether the generator knows more than that.

use shakmaty::{Chess, Move, Position};
use thiserror::Error;

use crate::attack::Analysis;
use crate::epd::parse_epd_line;
use crate::eval::piece_value;
use crate::notation;
use crate::plausible::{self, Context};
use crate::rules;

/// One position of a suite: its best moves and, for STS, the points of the scored moves.
#[derive(Debug, Clone)]
pub struct Case {
    pub id: String,
    pub pos: Chess,
    pub best: Vec<Move>,
    /// `(move, points)` from `c9` and `c8`; empty when the file has none.
    pub points: Vec<(Move, u32)>,
}

/// Why a suite could not be read: the line and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("EPD line {line}: {reason}")]
pub struct SuiteError {
    pub line: usize,
    pub reason: String,
}

/// Reads every record of an EPD text that has a `bm`; a record without one is skipped
/// (an `am`-only problem says nothing about ranking), a bad record is an error.
pub fn read(text: &str) -> Result<Vec<Case>, SuiteError> {
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let bad = |reason: String| SuiteError {
            line: i + 1,
            reason,
        };
        let Some(rec) = parse_epd_line(line).map_err(|e| bad(e.to_string()))? else {
            continue;
        };
        let Some(bm) = rec.op("bm") else { continue };
        let (pos, _) = rules::parse_fen(&rec.fen).map_err(|e| bad(e.to_string()))?;
        let read_all = |op: &str, texts: &[String]| -> Result<Vec<Move>, SuiteError> {
            texts
                .iter()
                .map(|t| notation::read_move(&pos, t).map_err(|e| bad(format!("{op}: {e}"))))
                .collect()
        };
        let best = read_all("bm", bm)?;
        let points = match (rec.op("c9"), rec.op("c8")) {
            (Some(moves), Some(points)) => scored(&pos, moves, points).map_err(bad)?,
            _ => Vec::new(),
        };
        let id = rec
            .op("id")
            .and_then(|v| v.first().cloned())
            .unwrap_or_else(|| format!("line {}", i + 1));
        cases.push(Case {
            id,
            pos,
            best,
            points,
        });
    }
    Ok(cases)
}

/// STS's `c9` (moves, UCI) and `c8` (their points), each one quoted operand of
/// space-separated words.
fn scored(pos: &Chess, moves: &[String], points: &[String]) -> Result<Vec<(Move, u32)>, String> {
    let words = |v: &[String]| -> Vec<String> {
        v.iter()
            .flat_map(|s| s.split_whitespace().map(str::to_string))
            .collect()
    };
    let moves = words(moves)
        .iter()
        .map(|t| notation::read_move(pos, t).map_err(|e| format!("c9: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let points = words(points)
        .iter()
        .map(|p| {
            p.parse::<u32>()
                .map_err(|_| format!("c8: '{p}' is not a number"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if moves.len() != points.len() {
        return Err(format!(
            "c8 has {} points for the {} moves of c9",
            points.len(),
            moves.len()
        ));
    }
    Ok(moves.into_iter().zip(points).collect())
}

/// The orderings measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ordering {
    /// The 1967 plausible move generator, as at the top level of a search.
    Plausible,
    /// Captures by most valuable victim then least valuable attacker, then promotions,
    /// then checks, then the rest in generation order.
    MvvLvaChecks,
}

impl Ordering {
    pub fn name(self) -> &'static str {
        match self {
            Ordering::Plausible => "plausibility (1967)",
            Ordering::MvvLvaChecks => "MVV-LVA + checks",
        }
    }

    /// Every legal move of `pos`, first choice first.
    pub fn order(self, pos: &Chess) -> Vec<Move> {
        match self {
            Ordering::Plausible => {
                let ctx = Context::root(rules::game_ply(pos));
                plausible::ranked(pos, &Analysis::new(pos), &ctx)
                    .iter()
                    .map(|pm| pm.mv)
                    .collect()
            }
            Ordering::MvvLvaChecks => mvv_lva_checks(pos),
        }
    }
}

fn mvv_lva_checks(pos: &Chess) -> Vec<Move> {
    let key = |m: Move| match (m.capture(), m.promotion()) {
        (Some(victim), _) => 3_000 + 10 * piece_value(victim) - piece_value(m.role()),
        (None, Some(_)) => 2_000,
        (None, None) => {
            let mut after = pos.clone();
            after.play_unchecked(m);
            if after.is_check() { 1_000 } else { 0 }
        }
    };
    let mut moves: Vec<Move> = pos.legal_moves().into_iter().collect();
    // A stable sort keeps generation order among equals.
    moves.sort_by_key(|&m| std::cmp::Reverse(key(m)));
    moves
}

/// The figures of one ordering over a suite.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub positions: usize,
    pub first: usize,
    pub top6: usize,
    pub top15: usize,
    /// Positions with STS points, and the points their first moves earned.
    pub scored: usize,
    pub points: u64,
}

impl Tally {
    /// Counts one position: `rank` of its best move (from 1; `None` if no best move is
    /// legal) and the points of the first move, when the position has points.
    pub fn add(&mut self, rank: Option<usize>, points: Option<u32>) {
        self.positions += 1;
        let within = |k| rank.is_some_and(|r| r <= k);
        self.first += usize::from(within(1));
        self.top6 += usize::from(within(6));
        self.top15 += usize::from(within(15));
        if let Some(p) = points {
            self.scored += 1;
            self.points += u64::from(p);
        }
    }

    fn share(&self, k: usize) -> f64 {
        100.0 * k as f64 / self.positions.max(1) as f64
    }

    /// One line: the three shares and, when the suite has points, their average.
    pub fn line(&self, name: &str) -> String {
        let mut s = format!(
            "{name:<20} first {:5.1}%  top 6 {:5.1}%  top 15 {:5.1}%",
            self.share(self.first),
            self.share(self.top6),
            self.share(self.top15)
        );
        if self.scored > 0 {
            let avg = self.points as f64 / self.scored as f64;
            s.push_str(&format!("  points {avg:5.1} of 100"));
        }
        s.push_str(&format!("  ({} positions)", self.positions));
        s
    }
}

/// The rank (from 1) of the first of `best` in `order`.
pub fn rank_of(order: &[Move], best: &[Move]) -> Option<usize> {
    order.iter().position(|m| best.contains(m)).map(|i| i + 1)
}

/// Measures `ordering` over `cases`.
pub fn measure(cases: &[Case], ordering: Ordering) -> Tally {
    let mut tally = Tally::default();
    for case in cases {
        let order = ordering.order(&case.pos);
        let points = (!case.points.is_empty()).then(|| {
            order.first().map_or(0, |first| {
                case.points
                    .iter()
                    .find(|(m, _)| m == first)
                    .map_or(0, |&(_, p)| p)
            })
        });
        tally.add(rank_of(&order, &case.best), points);
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_bm_and_sts_points() {
        let text = "\
# a comment
1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - bm f5; id \"U.1\"; c8 \"100 46\"; c9 \"f4f5 d4f2\";
4k3/8/8/8/8/8/8/4K2R w K - am Kd1; id \"skipped\";
";
        let cases = read(text).unwrap();
        assert_eq!(cases.len(), 1);
        assert_eq!(cases[0].id, "U.1");
        assert_eq!(notation::uci(cases[0].best[0]), "f4f5");
        let pts: Vec<(String, u32)> = cases[0]
            .points
            .iter()
            .map(|&(m, p)| (notation::uci(m), p))
            .collect();
        assert_eq!(pts, [("f4f5".into(), 100), ("d4f2".into(), 46)]);
        let err = read("4k3/8/8/8/8/8/8/4K2R w K - bm Qh5;").unwrap_err();
        assert_eq!(err.line, 1);
        let err = read("4k3/8/8/8/8/8/8/4K2R w K - bm O-O; c8 \"1 2\"; c9 \"e1g1\";").unwrap_err();
        assert!(err.reason.contains("c8 has 2 points"), "{err}");
    }

    #[test]
    fn the_plain_order_takes_the_biggest_victim_with_the_smallest_piece_then_checks() {
        let (pos, _) = rules::parse_fen("3k4/8/8/3q4/4P3/8/8/R2RK3 w - - 0 1").unwrap();
        let order: Vec<String> = Ordering::MvvLvaChecks
            .order(&pos)
            .iter()
            .map(|&m| notation::write_move(&pos, m, notation::Notation::San))
            .collect();
        assert_eq!(order[..3], ["exd5", "Rxd5+", "Ra8+"]);
    }
}
