//! What a `go` asks for and what it answers: the request ([`Go`], with the GUI's
//! [`Clocks`]) and its time control, and the answer ([`BestMove`]) checked before it leaves
//! the engine (docs/style.md point 6: a move from the search is played only if it is legal).

use std::time::{Duration, Instant};

use shakmaty::{Chess, Color, Move, Position};

use crate::search::{Limits, Score, SearchResult};
use crate::timeman::{Budget, Clock, TimeControl};

/// Both clocks as the GUI reports them; the engine uses the side to move's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Clocks {
    pub white: Duration,
    pub black: Duration,
    pub white_increment: Duration,
    pub black_increment: Duration,
    pub moves_to_go: Option<u32>,
}

/// What a `go` asks for. Every limit is optional; with none the search runs to the
/// profile's depth.
#[derive(Debug, Clone, Default)]
pub struct Go {
    pub clocks: Option<Clocks>,
    /// Exactly this long.
    pub movetime: Option<Duration>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Look for a mate in this many moves.
    pub mate: Option<u32>,
    /// Search until `stop`; the result is held until then.
    pub infinite: bool,
    /// Search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Only these root moves (empty: all). Must be legal in the current position.
    pub searchmoves: Vec<Move>,
    /// Report the root move being searched after the first second (UCI's `currmove`).
    pub currmove: bool,
    /// Search even where the book knows the position (an analysis asks for the search's
    /// view; [`crate::engine::Engine::book_move`] gives the book's).
    pub skip_book: bool,
}

/// Where a best move came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Search,
    Book,
    /// The Syzygy tables, which probed this many positions.
    Tablebase {
        probes: u64,
    },
    /// The position has no legal move.
    NoMove,
    /// The search failed (a bug); the move is the first legal one.
    Fallback,
}

/// The answer to one `go`.
#[derive(Debug, Clone)]
pub struct BestMove {
    /// None only when the root has no legal move.
    pub best: Option<Move>,
    /// The expected reply, legal after `best`.
    pub ponder: Option<Move>,
    /// The search value for the side to move (None for book moves).
    pub score: Option<Score>,
    pub pv: Vec<Move>,
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
    pub source: Source,
}

impl Clocks {
    /// The time control of the side `turn`.
    pub fn control(&self, turn: Color) -> TimeControl {
        let (remaining, increment) = match turn {
            Color::White => (self.white, self.white_increment),
            Color::Black => (self.black, self.black_increment),
        };
        TimeControl::Clock(Clock {
            remaining,
            increment,
            moves_to_go: self.moves_to_go,
        })
    }
}

impl Go {
    /// The time control of this request for the side `turn`.
    pub fn control(&self, turn: Color) -> TimeControl {
        if self.infinite {
            return TimeControl::Unlimited;
        }
        if let Some(t) = self.movetime {
            return TimeControl::MoveTime(t);
        }
        match self.clocks {
            Some(c) => c.control(turn),
            None => TimeControl::Unlimited,
        }
    }

    /// Whether the answer is held back until `stop` or `ponderhit`.
    pub fn holds(&self) -> bool {
        self.infinite || self.ponder
    }

    /// The search limits of this request in `pos`, the clock started `now` with `budget`:
    /// a mate in n is looked for 2n - 1 plies deep, only legal `searchmoves` are kept, and
    /// `go infinite` deepens until stopped (a ponder search deepens only with `Deepen`, as
    /// timed play does, so that after `ponderhit` it answers as the clock says).
    pub fn limits(&self, pos: &Chess, now: Instant, budget: Option<Budget>) -> Limits {
        let depth = self
            .depth
            .or(self.mate.map(|m| (2 * m).saturating_sub(1).max(1)));
        Limits {
            depth,
            nodes: self.nodes,
            deadline: if self.holds() {
                None
            } else {
                budget.map(|b| now + b.hard)
            },
            // `movetime` asks for exactly that long: no earlier target to stop near.
            soft: if self.holds() || self.movetime.is_some() {
                None
            } else {
                budget.map(|b| now + b.soft)
            },
            searchmoves: self
                .searchmoves
                .iter()
                .copied()
                .filter(|&m| pos.is_legal(m))
                .collect(),
            deepen: self.infinite,
            currmove: self.currmove,
            tablebases: None,
        }
    }
}

impl BestMove {
    /// The answer when the position has no legal move.
    pub fn no_move() -> BestMove {
        BestMove {
            best: None,
            ponder: None,
            score: None,
            pv: Vec::new(),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            source: Source::NoMove,
        }
    }

    /// A move from the book.
    pub fn book(m: Move, time: Duration) -> BestMove {
        BestMove {
            best: Some(m),
            pv: vec![m],
            time,
            source: Source::Book,
            ..BestMove::no_move()
        }
    }

    /// A search result, checked: the move must be legal (else the fallback), the PV is cut
    /// at its first illegal move and the ponder move must be legal after the best.
    pub fn from_search(pos: &Chess, r: SearchResult) -> BestMove {
        if !pos.is_legal(r.best) {
            return BestMove::fallback(pos, r.time);
        }
        let mut pv = legal_prefix(pos, &r.pv);
        if pv.first() != Some(&r.best) {
            pv = vec![r.best];
        }
        let mut after = pos.clone();
        after.play_unchecked(r.best);
        let ponder = r
            .ponder
            .or_else(|| pv.get(1).copied())
            .filter(|&m| after.is_legal(m));
        BestMove {
            best: Some(r.best),
            ponder,
            score: Some(r.score),
            pv,
            depth: r.depth,
            nodes: r.nodes,
            time: r.time,
            source: Source::Search,
        }
    }

    /// The first legal move: only when the search failed.
    pub fn fallback(pos: &Chess, time: Duration) -> BestMove {
        let best = pos.legal_moves().first().copied();
        BestMove {
            best,
            pv: best.into_iter().collect(),
            time,
            source: if best.is_some() {
                Source::Fallback
            } else {
                Source::NoMove
            },
            ..BestMove::no_move()
        }
    }
}

/// The longest prefix of `line` that is a legal sequence from `pos`.
pub fn legal_prefix(pos: &Chess, line: &[Move]) -> Vec<Move> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        if !p.is_legal(m) {
            break;
        }
        p.play_unchecked(m);
        out.push(m);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;

    #[test]
    fn the_side_to_move_uses_its_own_clock() {
        let c = Clocks {
            white: Duration::from_secs(60),
            black: Duration::from_secs(30),
            black_increment: Duration::from_secs(1),
            ..Clocks::default()
        };
        let go = Go {
            clocks: Some(c),
            ..Go::default()
        };
        let TimeControl::Clock(black) = go.control(Color::Black) else {
            panic!("a clock");
        };
        assert_eq!(
            (black.remaining, black.increment),
            (c.black, c.black_increment)
        );
        let infinite = Go {
            infinite: true,
            ..go
        };
        assert_eq!(infinite.control(Color::White), TimeControl::Unlimited);
    }

    #[test]
    fn limits_keep_legal_searchmoves_and_look_2n_minus_1_plies_for_mate() {
        let (pos, _) = parse_fen(crate::rules::START_FEN).unwrap();
        let e4 = crate::notation::read_move(&pos, "e4").unwrap();
        let e5 = crate::notation::read_move(&pos, "e5");
        assert!(e5.is_err(), "Black's move is not legal for White");
        assert_eq!(legal_prefix(&pos, &[e4, e4]), vec![e4]);
        let mate_in = Go {
            mate: Some(2),
            searchmoves: vec![e4],
            ..Go::default()
        };
        let limits = mate_in.limits(&pos, Instant::now(), None);
        assert_eq!((limits.depth, limits.searchmoves), (Some(3), vec![e4]));
    }
}
