//! Tournament conduct (docs/design.md §9): when the game is over by rule, which draws may be
//! claimed, whether to accept a draw offer, whether to claim, whether to resign.
//!
//! The program never offers a draw. Offered one, it accepts when its search says it stands
//! worse than the draw score by a margin, or when the position is a dead draw. It claims a
//! threefold or fifty-move draw when the rules give it one and it does not stand better than
//! the draw score. It resigns when its searches have said "lost by more than the resignation
//! value" several times in a row, and only when the `Resign` option is on (off by default:
//! GUIs and match runners adjudicate, and a resignation counts as a loss there).
//!
//! The rules themselves (what ends a game, what may be claimed) are the `fide` module's;
//! this module only judges.

use shakmaty::{Chess, Color, Move, Position};

use super::{BestMove, Engine};
use crate::fide::{self, Claim, Outcome, Reason, State};
use crate::rules::Game;
use crate::search::Score;

/// The knobs of tournament conduct, one table (docs/style.md point 3). Values in 1967 units
/// (pawn = 128).
pub mod knobs {
    /// Accept a draw offer when we stand worse than the draw score by more than this.
    pub const ACCEPT_MARGIN: i32 = 64;
    /// Claim a draw unless we stand better than the draw score by more than this.
    pub const CLAIM_MARGIN: i32 = 0;
    /// Resign below minus this (ten pawns: a queen and more)...
    pub const RESIGN_VALUE: i32 = 1280;
    /// ...held for this many of our searches in a row.
    pub const RESIGN_MOVES: u32 = 3;
    /// A mate score counts as this much.
    pub const MATE_VALUE: i32 = 100_000;
}

/// How a game ended by rule, with nothing claimed (the first rule that applies, as the
/// `fide` module orders them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameEnd {
    pub outcome: Outcome,
    pub reason: Reason,
}

impl GameEnd {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        self.outcome.as_str()
    }
}

/// A draw the side to move may claim (FIDE 9.2, 9.3).
pub type DrawClaim = Claim;

/// What to do with a search's answer in a game (xboard and the console).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// Resign instead of moving.
    pub resign: bool,
    /// Accept the pending draw offer.
    pub accept_draw: bool,
    /// Claim this draw without moving (the position now allows it).
    pub claim_now: Option<DrawClaim>,
    /// Play the move (None when resigning, claiming now, or no legal move).
    pub play: Option<Move>,
    /// Claim this draw by declaring the move (FIDE 9.2.1, 9.3.1).
    pub claim_with_move: Option<DrawClaim>,
}

/// The value of a score for judging, from the side to move's view.
fn value(score: Option<Score>) -> i32 {
    match score {
        None => 0,
        Some(Score::Value(v)) => v,
        Some(Score::Mate(n)) if n > 0 => knobs::MATE_VALUE - n,
        Some(Score::Mate(n)) => -knobs::MATE_VALUE - n,
    }
}

/// The game's end by rule, if it is over.
pub fn game_end(game: &Game) -> Option<GameEnd> {
    let state = State::of(game);
    Some(GameEnd {
        outcome: state.outcome?,
        reason: state.reason?,
    })
}

/// A draw the side to move may claim now, without moving (threefold first).
pub fn claim_now(game: &Game) -> Option<DrawClaim> {
    State::of(game).claims.first().copied()
}

/// A draw the side to move may claim by declaring `m` (the position after it would be a
/// third occurrence, or the clock would reach 100).
pub fn claim_with_move(game: &Game, m: Move) -> Option<DrawClaim> {
    fide::claims_with_move(game, m).ok()?.first().copied()
}

/// A dead draw: no sequence of legal moves can mate (insufficient material), or a bare
/// ending no one can win by force: no pawns and each side at most one minor piece, or a
/// lone king against two knights.
pub fn is_dead_draw(pos: &Chess) -> bool {
    if pos.is_insufficient_material() {
        return true;
    }
    let board = pos.board();
    if board.pawns().any() || board.rooks().any() || board.queens().any() {
        return false;
    }
    let minors = |c: Color| (board.by_color(c) & (board.knights() | board.bishops())).count();
    let knights = |c: Color| (board.by_color(c) & board.knights()).count();
    let (w, b) = (minors(Color::White), minors(Color::Black));
    (w <= 1 && b <= 1)
        || (w == 0 && b == 2 && knights(Color::Black) == 2)
        || (b == 0 && w == 2 && knights(Color::White) == 2)
}

impl Engine {
    /// The game's end by rule, if it is over.
    pub fn game_end(&self) -> Option<GameEnd> {
        game_end(self.game())
    }

    /// Whether to accept a draw offered now, judged on `score` (our last search's value,
    /// None if there was none).
    pub fn accepts_draw(&self, score: Option<Score>) -> bool {
        if is_dead_draw(self.position()) {
            return true;
        }
        score.is_some_and(|_| value(score) < self.draw_score() - knobs::ACCEPT_MARGIN)
    }

    /// Decides what to do with a search's answer in a game: resign, accept a pending draw
    /// offer, claim a draw, and the move to play. Counts the losing streak for resignation,
    /// so call it once per answer played.
    pub fn decide(&mut self, best: &BestMove, draw_offered: bool) -> Decision {
        let v = value(best.score);
        if best.score.is_some() {
            if v <= -self.options().resign_value {
                self.losing_streak += 1;
            } else {
                self.losing_streak = 0;
            }
        }
        let mut d = Decision {
            resign: false,
            accept_draw: draw_offered && self.accepts_draw(best.score),
            claim_now: None,
            play: best.best,
            claim_with_move: None,
        };
        let draw_is_good = v <= self.draw_score() + knobs::CLAIM_MARGIN;
        if draw_is_good && let Some(c) = claim_now(self.game()) {
            d.claim_now = Some(c);
            d.play = None;
            return d;
        }
        if self.options().resign
            && best.best.is_some()
            && self.losing_streak >= self.options().resign_moves
            && !d.accept_draw
        {
            d.resign = true;
            d.play = None;
            return d;
        }
        if draw_is_good && let Some(m) = best.best {
            d.claim_with_move = claim_with_move(self.game(), m);
        }
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing;

    fn game(fen: &str, moves: &[&str]) -> Game {
        testing::game(fen, &moves.join(" "))
    }

    fn mv(g: &Game, uci: &str) -> Move {
        testing::uci(g.position(), uci)
    }

    const START: &str = crate::rules::START_FEN;
    const SHUFFLE: [&str; 8] = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ];

    #[test]
    fn threefold_is_claimable_on_the_third_occurrence() {
        let g = game(START, &SHUFFLE[..4]);
        assert_eq!(claim_now(&g), None);
        let g = game(START, &SHUFFLE[..7]);
        assert_eq!(claim_now(&g), None);
        // Two shuffles in, the knight's return would make the start's third occurrence.
        assert_eq!(
            claim_with_move(&g, mv(&g, "f6g8")),
            Some(DrawClaim::ThreefoldRepetition)
        );
        assert_eq!(claim_with_move(&g, mv(&g, "e7e5")), None);
        let g = game(START, &SHUFFLE);
        assert_eq!(claim_now(&g), Some(DrawClaim::ThreefoldRepetition));
        let g7 = game(START, &SHUFFLE[..7]);
        assert_eq!(
            claim_with_move(&g7, mv(&g7, "f6g8")),
            Some(DrawClaim::ThreefoldRepetition)
        );
    }

    #[test]
    fn fifty_and_seventy_five_moves() {
        let g = game("3k4/8/8/8/8/8/4R3/4K3 w - - 99 80", &[]);
        assert_eq!(claim_now(&g), None);
        assert_eq!(
            claim_with_move(&g, mv(&g, "e2d2")),
            Some(DrawClaim::FiftyMoves)
        );
        let g = game("3k4/8/8/8/8/8/4R3/4K3 w - - 100 80", &[]);
        assert_eq!(claim_now(&g), Some(DrawClaim::FiftyMoves));
        let g = game("3k4/8/8/8/8/8/4R3/4K3 w - - 150 80", &[]);
        assert_eq!(game_end(&g).unwrap().reason, Reason::SeventyfiveMoves);
        assert_eq!(claim_now(&g), None);
    }

    #[test]
    fn ends_by_rule() {
        let mate = game(START, &["f2f3", "e7e5", "g2g4", "d8h4"]);
        let end = game_end(&mate).unwrap();
        assert_eq!((end.reason, end.result()), (Reason::Checkmate, "0-1"));
        let stale = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[]);
        assert_eq!(game_end(&stale).unwrap().reason, Reason::Stalemate);
        let bare = game("7k/8/6K1/8/8/8/8/8 b - - 0 1", &[]);
        assert_eq!(
            game_end(&bare).unwrap().reason,
            Reason::InsufficientMaterial
        );
        let mut moves = Vec::new();
        for _ in 0..2 {
            moves.extend_from_slice(&SHUFFLE);
        }
        assert_eq!(
            game_end(&game(START, &moves)).map(|e| e.reason),
            Some(Reason::FivefoldRepetition)
        );
        assert_eq!(game_end(&game(START, &moves[..15])), None);
    }

    #[test]
    fn dead_draws() {
        let p = testing::pos("7k/8/6K1/8/8/8/8/2n1B3 w - - 0 1");
        assert!(is_dead_draw(&p));
        let p = testing::pos("7k/8/6K1/8/8/8/8/2N1N3 w - - 0 1");
        assert!(is_dead_draw(&p));
        let p = testing::pos("7k/8/6K1/8/8/8/8/2R5 w - - 0 1");
        assert!(!is_dead_draw(&p));
    }

    #[test]
    fn draw_offers_resignation_and_claims() {
        let mut e = Engine::new();
        let answer = |v: i32, m: Option<Move>| BestMove {
            best: m,
            ponder: None,
            score: Some(Score::Value(v)),
            pv: m.into_iter().collect(),
            depth: 1,
            nodes: 1,
            time: std::time::Duration::ZERO,
            source: super::super::Source::Search,
        };
        assert!(!e.accepts_draw(Some(Score::Value(0))));
        assert!(e.accepts_draw(Some(Score::Value(-200))));
        assert!(!e.accepts_draw(None));
        let m = mv(e.game(), "e2e4");
        // Resignation is off by default.
        for _ in 0..5 {
            assert!(!e.decide(&answer(-5000, Some(m)), false).resign);
        }
        e.set_option("Resign", Some("true")).unwrap();
        e.losing_streak = 0;
        assert!(!e.decide(&answer(-5000, Some(m)), false).resign);
        assert!(!e.decide(&answer(-5000, Some(m)), false).resign);
        assert!(e.decide(&answer(-5000, Some(m)), false).resign);
        assert!(!e.decide(&answer(0, Some(m)), false).resign);
        // A claim with the move when not better than the draw.
        e.set_game(game(START, &SHUFFLE[..7]));
        let back = mv(e.game(), "f6g8");
        let d = e.decide(&answer(0, Some(back)), true);
        assert_eq!(d.claim_with_move, Some(DrawClaim::ThreefoldRepetition));
        assert!(!d.accept_draw);
        let d = e.decide(&answer(300, Some(back)), false);
        assert_eq!(d.claim_with_move, None, "better: play on");
        e.set_game(game(START, &SHUFFLE));
        let d = e.decide(&answer(0, Some(mv(e.game(), "g1f3"))), false);
        assert_eq!(d.claim_now, Some(DrawClaim::ThreefoldRepetition));
        assert_eq!(d.play, None);
    }
}
