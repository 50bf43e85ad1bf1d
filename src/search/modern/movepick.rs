//! Move ordering for the modern search: which move of a node to try next.
//!
//! The transposition-table move comes first, before the other moves are generated, when
//! shakmaty's legality test passes it (it often cuts the node off alone). The rest of a
//! node's legal moves are generated once (shakmaty's stack-allocated `MoveList`), each
//! gets a score in a band, and [`MovePicker::next`] hands them out best first by selection
//! (most nodes cut off after one or two moves, so sorting the whole list would be waste).
//! The bands, best first: captures that do not lose material
//! by static exchange (and queen promotions), most valuable victim first and cheapest
//! attacker among equals (MVV-LVA); the two killer moves of this ply; the counter-move to
//! the opponent's last move; the other quiet moves by history; losing captures; and
//! under-promotions last.
//!
//! Killers and counter-moves are never played as they are: they only raise the score of an
//! equal move of the generated list, so a stale one is simply not found. The table's move
//! is rebuilt from the board and played only when legal.
//!
//! [`Heuristics`] keeps what the ordering learns while searching: killers per ply,
//! counter-moves per previous move and a history score per side, from- and to-square.

use arrayvec::ArrayVec;
use shakmaty::{Chess, Color, Move, MoveList, Piece, Position, Role, Square};

use super::see::{see_ge, value};
use super::value::{MAX_MOVES, MAX_PLY};
use crate::search::packed::unpack_move;

/// The transposition-table move.
const TT_MOVE: i32 = 1 << 30;
/// Captures that do not lose material, and queen promotions (plus MVV-LVA).
pub const GOOD_CAPTURE: i32 = 1 << 28;
/// The first killer; the second is one less, the counter-move two less.
const KILLER: i32 = 1 << 27;
/// The lowest score of a killer or counter-move.
pub const REFUTER: i32 = KILLER - 2;
/// The end of the good-capture band.
const GOOD_CAPTURE_END: i32 = TT_MOVE;
/// Captures that lose material (plus MVV-LVA): below every quiet move.
pub const BAD_CAPTURE: i32 = -(1 << 28);
/// Under-promotions, last of all.
const UNDER_PROMOTION: i32 = -(1 << 29);

/// The last move played, as the counter-move table sees it: the piece and where it went.
pub type LastMove = Option<(Piece, Square)>;

/// What the ordering learns while searching.
#[derive(Debug, Clone)]
pub struct Heuristics {
    /// History scores by side, from-square and to-square.
    history: Vec<[[i32; 64]; 64]>,
    /// The move that refuted a move: by the refuted move's piece and to-square.
    counters: [[Option<Move>; 64]; 12],
    /// Two quiet moves per ply that recently caused a beta cut-off there.
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    /// History scores saturate at this magnitude.
    max: i32,
}

fn piece_index(p: Piece) -> usize {
    p.color as usize * 6 + (p.role as usize - 1)
}

/// The from-square used for history (a castling king's square).
fn from_of(m: Move) -> usize {
    m.from().map_or(0, |s| s as usize)
}

impl Heuristics {
    /// Empty heuristics; history saturates at `max`.
    pub fn new(max: i32) -> Heuristics {
        Heuristics {
            history: vec![[[0; 64]; 64]; 2],
            counters: [[None; 64]; 12],
            killers: [[None; 2]; MAX_PLY + 1],
            max,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        *self = Heuristics::new(self.max);
    }

    /// Forgets the killers (they belong to one search's plies), keeps the rest.
    pub fn new_search(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 1];
    }

    /// The history score of the quiet move `m` by `side`.
    #[inline]
    pub fn history(&self, side: Color, m: Move) -> i32 {
        self.history[side as usize][from_of(m)][m.to() as usize]
    }

    /// Clears the killers of `ply` (for a node about to be searched below a new parent).
    pub fn clear_killers(&mut self, ply: usize) {
        self.killers[ply] = [None; 2];
    }

    /// Moves `v` toward `bonus`'s sign with gravity, so scores stay within the maximum and
    /// recent results weigh most.
    fn nudge(v: &mut i32, bonus: i32, max: i32) {
        let bonus = bonus.clamp(-max, max);
        *v += bonus - *v * bonus.abs() / max;
    }

    /// Learns from a beta cut-off by the quiet move `best` at `ply` after `depth` plies of
    /// search: it becomes a killer and the counter-move to `last`, its history rises and
    /// that of the quiet moves tried before it (`tried`) falls.
    pub fn reward(
        &mut self,
        side: Color,
        ply: usize,
        depth: i32,
        best: Move,
        last: LastMove,
        tried: &[Move],
    ) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(best) {
            killers[1] = killers[0];
            killers[0] = Some(best);
        }
        if let Some((piece, to)) = last {
            self.counters[piece_index(piece)][to as usize] = Some(best);
        }
        let bonus = (depth * depth * 16).min(self.max / 8);
        let table = &mut self.history[side as usize];
        Self::nudge(
            &mut table[from_of(best)][best.to() as usize],
            bonus,
            self.max,
        );
        for &m in tried.iter().filter(|&&m| m != best) {
            Self::nudge(&mut table[from_of(m)][m.to() as usize], -bonus, self.max);
        }
    }

    fn counter(&self, last: LastMove) -> Option<Move> {
        last.and_then(|(piece, to)| self.counters[piece_index(piece)][to as usize])
    }
}

/// A capture's MVV-LVA score: the victim's value dominates, the attacker breaks ties.
fn mvv_lva(m: Move) -> i32 {
    m.capture().map_or(0, value) * 8 - m.role() as i32
}

/// Where a picker stands: the table's move still to hand out, the list still to generate,
/// or handing out the list.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    TableMove,
    Generate,
    List,
}

/// The legal moves of one node, handed out best first. The table's move, when it is legal,
/// is handed out before the others are generated: it often cuts the node off alone.
pub struct MovePicker {
    moves: MoveList,
    scores: ArrayVec<i32, MAX_MOVES>,
    next: usize,
    /// The table's move when it is legal here (and a quiescence move in the quiescence
    /// search); the generated list leaves it out.
    table_move: Option<Move>,
    stage: Stage,
    /// The two killers and the counter-move (none in the quiescence search).
    refuters: [Option<Move>; 3],
    /// Captures and queen promotions only (the quiescence search out of check).
    captures_only: bool,
}

/// Whether `m` is quiet: neither a capture nor a promotion (the moves that killers,
/// history, late-move pruning and reductions are about).
#[inline]
pub fn is_quiet(m: Move) -> bool {
    !m.is_capture() && !m.is_promotion()
}

/// Whether the quiescence search out of check tries `m`.
fn is_quiescence_move(m: Move) -> bool {
    m.is_capture() || m.promotion() == Some(Role::Queen)
}

impl MovePicker {
    /// Every legal move of `pos` at `ply`, ordered for the main search.
    pub fn main(pos: &Chess, tt_move: u16, ply: usize, last: LastMove, h: &Heuristics) -> Self {
        let refuters = [h.killers[ply][0], h.killers[ply][1], h.counter(last)];
        MovePicker::staged(pos, tt_move, refuters, false)
    }

    /// The moves of the quiescence search: every evasion when in check, else captures and
    /// queen promotions (losing ones included; the search decides what to skip).
    pub fn quiescence(pos: &Chess, in_check: bool, tt_move: u16) -> Self {
        MovePicker::staged(pos, tt_move, [None; 3], !in_check)
    }

    /// A picker with its lists still empty: the first [`MovePicker::next`] or
    /// [`MovePicker::is_empty`] that needs them fills them in place, as returning them filled
    /// would copy them whole.
    fn staged(pos: &Chess, tt_move: u16, refuters: [Option<Move>; 3], captures_only: bool) -> Self {
        let table_move =
            unpack_move(pos, tt_move).filter(|&m| !captures_only || is_quiescence_move(m));
        MovePicker {
            moves: MoveList::new(),
            scores: ArrayVec::new(),
            next: 0,
            table_move,
            stage: if table_move.is_some() {
                Stage::TableMove
            } else {
                Stage::Generate
            },
            refuters,
            captures_only,
        }
    }

    /// Generates and scores the node's moves but the table's move, in place: only the
    /// generated moves are copied out of shakmaty's list, not its whole capacity.
    fn generate(&mut self, pos: &Chess, h: &Heuristics) {
        self.stage = Stage::List;
        let (table_move, captures_only) = (self.table_move, self.captures_only);
        let legal = pos.legal_moves();
        self.moves
            .try_extend_from_slice(&legal)
            .expect("two move lists have the same capacity");
        if captures_only {
            self.moves.retain(|&mut m| is_quiescence_move(m));
        }
        if let Some(t) = table_move
            && let Some(i) = self.moves.iter().position(|&m| m == t)
        {
            self.moves.remove(i);
        }
        let side = pos.turn();
        let refuters = self.refuters;
        self.scores.extend(self.moves.iter().map(|&m| {
            if !is_quiet(m) {
                capture_score(m)
            } else if let Some(i) = refuters.iter().position(|&r| r == Some(m)) {
                KILLER - i as i32
            } else {
                h.history(side, m)
            }
        }));
    }

    /// Whether the node has no legal move (the list is generated unless the table's move is
    /// legal).
    pub fn is_empty(&mut self, pos: &Chess, h: &Heuristics) -> bool {
        if self.table_move.is_some() {
            return false;
        }
        if self.stage == Stage::Generate {
            self.generate(pos, h);
        }
        self.moves.is_empty()
    }

    /// The best move not yet handed out, with its ordering score. A capture is checked by
    /// static exchange only when its turn comes (most nodes never get that far): one that
    /// loses material drops to the losing-capture band and the choice is made again.
    #[inline]
    pub fn next(&mut self, pos: &Chess, h: &Heuristics) -> Option<(Move, i32)> {
        match self.stage {
            Stage::TableMove => {
                self.stage = Stage::Generate;
                return self.table_move.map(|m| (m, TT_MOVE));
            }
            Stage::Generate => self.generate(pos, h),
            Stage::List => {}
        }
        loop {
            let mut at = self.next;
            let mut best = *self.scores.get(at)?;
            for (i, &s) in self.scores.iter().enumerate().skip(at + 1) {
                if s > best {
                    (at, best) = (i, s);
                }
            }
            let m = self.moves[at];
            if (GOOD_CAPTURE..GOOD_CAPTURE_END).contains(&best) && !see_ge(pos, m, 0) {
                self.scores[at] = BAD_CAPTURE + mvv_lva(m);
                continue;
            }
            self.moves.swap(self.next, at);
            self.scores.swap(self.next, at);
            self.next += 1;
            return Some((m, best));
        }
    }
}

/// The score of a capture or promotion: MVV-LVA within the good band until static
/// exchange says otherwise ([`MovePicker::next`]); under-promotions last.
fn capture_score(m: Move) -> i32 {
    match m.promotion() {
        Some(Role::Queen) => GOOD_CAPTURE + mvv_lva(m) + value(Role::Queen) * 8,
        Some(_) => UNDER_PROMOTION + mvv_lva(m),
        None => GOOD_CAPTURE + mvv_lva(m),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{pos, uci as mv};
    use crate::search::packed::pack_move;

    fn order(p: &Chess, h: &Heuristics, mut picker: MovePicker) -> Vec<Move> {
        std::iter::from_fn(|| picker.next(p, h).map(|(m, _)| m)).collect()
    }

    /// Perft through the picker: it must hand out exactly the legal moves, once each.
    fn picker_perft(p: &Chess, depth: u32, h: &Heuristics) -> u64 {
        if depth == 0 {
            return 1;
        }
        let picker = MovePicker::main(p, 0, 0, None, h);
        order(p, h, picker)
            .into_iter()
            .map(|m| {
                let mut next = p.clone();
                next.play_unchecked(m);
                picker_perft(&next, depth - 1, h)
            })
            .sum()
    }

    #[test]
    fn the_picker_loses_no_move() {
        let h = Heuristics::new(16384);
        let kiwipete = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        assert_eq!(picker_perft(&kiwipete, 3, &h), 97_862);
    }

    #[test]
    fn order_is_table_move_captures_killers_counter_history_losing_captures() {
        // The queen can take a free pawn on h7, the knight a pawn on e5 defended by d6.
        let p = pos("4k3/7p/3p4/4p3/8/5N2/8/R3K2Q w - - 0 1");
        let mut h = Heuristics::new(16384);
        let killer = mv(&p, "a1a7");
        let counter = mv(&p, "e1d2");
        let liked = mv(&p, "a1b1");
        let last = Some((Piece::from_char('p').unwrap(), Square::D6));
        h.reward(Color::White, 3, 4, killer, None, &[]);
        h.reward(Color::White, 7, 4, counter, last, &[]);
        h.reward(Color::White, 7, 6, liked, None, &[]);
        let tt = mv(&p, "h1h4");
        let got = order(&p, &h, MovePicker::main(&p, pack_move(tt), 3, last, &h));
        assert_eq!(got[0], tt);
        assert_eq!(got[1], mv(&p, "h1h7"), "the free pawn");
        assert_eq!(got[2], killer);
        assert_eq!(got[3], counter);
        assert_eq!(got[4], liked, "highest history among the rest");
        assert_eq!(got.last(), Some(&mv(&p, "f3e5")), "the losing capture last");
    }

    #[test]
    fn quiescence_moves_are_captures_unless_in_check() {
        let h = Heuristics::new(16384);
        let p = pos("4k3/7p/3p4/4p3/8/5N2/8/R3K2Q w - - 0 1");
        let got = order(&p, &h, MovePicker::quiescence(&p, false, 0));
        assert_eq!(got, vec![mv(&p, "h1h7"), mv(&p, "f3e5")]);
        let checked = pos("4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1");
        let evasions = order(&checked, &h, MovePicker::quiescence(&checked, true, 0));
        assert_eq!(evasions.len(), checked.legal_moves().len());
    }

    #[test]
    fn the_table_move_comes_first_once_and_only_when_legal() {
        let h = Heuristics::new(16384);
        let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        let all = p.legal_moves().len();
        for m in p.legal_moves() {
            let got = order(&p, &h, MovePicker::main(&p, pack_move(m), 0, None, &h));
            assert_eq!(got[0], m);
            assert_eq!(got.len(), all, "{m:?} handed out twice or a move lost");
        }
        // A quiet table move is not a quiescence move; a stale one is not played.
        let quiet = mv(&p, "e1f1");
        let got = order(&p, &h, MovePicker::quiescence(&p, false, pack_move(quiet)));
        assert!(!got.contains(&quiet) && got.iter().all(|m| m.is_capture()));
        let stale = mv(&Chess::default(), "g1f3");
        let got = order(&p, &h, MovePicker::main(&p, pack_move(stale), 0, None, &h));
        assert_eq!(got.len(), all);
    }

    #[test]
    fn history_saturates() {
        let mut h = Heuristics::new(1000);
        let p = Chess::default();
        let m = mv(&p, "g1f3");
        for _ in 0..100 {
            h.reward(Color::White, 0, 20, m, None, &[]);
        }
        let v = h.history(Color::White, m);
        assert!(v > 900 && v <= 1000, "{v}");
        let other = mv(&p, "b1c3");
        h.reward(Color::White, 0, 20, m, None, &[other]);
        assert!(h.history(Color::White, other) < 0);
        h.clear();
        assert_eq!(h.history(Color::White, m), 0);
    }
}
