//! The width of the search (docs/design.md §6.3): which of the plausibility-ordered moves of a node
//! are searched.
//!
//! The basic width is a constant per level; the paper's four heuristics only widen it:
//! (1) all safe checks are searched; (2) at levels 1 and 2 all captures are searched;
//! (3) moves of at least min(width / 2, pieces with safe moves) distinct pieces are
//! searched; (4) moves that lead to the mover being mated are not counted against the
//! width. One pass in plausibility order gives exactly the paper's set: the first `width`
//! counted moves, then moves of pieces not yet seen until the quota is met, then the
//! remaining safe checks and captures.

use shakmaty::{Bitboard, Square};

use crate::plausible::{Flags, PlausibleMove};

/// The width rule's state at one node while its moves are searched in order.
#[derive(Debug, Clone, Copy)]
pub struct WidthRule {
    width: u32,
    quota: u32,
    level: u32,
    counted: u32,
    pieces: Bitboard,
    investigate: bool,
}

impl WidthRule {
    /// The rule for a node at `level` (1 = the top) with basic width `width`, whose moves
    /// (all legal moves, most plausible first) are `moves`; `investigate`: also search
    /// every move flagged INVESTIGATE.
    pub fn new(level: u32, width: u32, moves: &[PlausibleMove], investigate: bool) -> WidthRule {
        let mut safe_pieces = Bitboard::EMPTY;
        for pm in moves {
            if pm.flags.contains(Flags::SAFE) {
                safe_pieces.add(origin(pm));
            }
        }
        let width = width.max(1);
        WidthRule {
            width,
            quota: (width / 2).min(safe_pieces.count() as u32),
            level,
            counted: 0,
            pieces: Bitboard::EMPTY,
            investigate,
        }
    }

    /// Whether `pm`, the next move in plausibility order, is searched.
    pub fn admits(&self, pm: &PlausibleMove) -> bool {
        if self.counted < self.width {
            return true;
        }
        if (self.pieces.count() as u32) < self.quota && !self.pieces.contains(origin(pm)) {
            return true;
        }
        let safe_check = pm.flags.contains(Flags::CHECK) && pm.flags.contains(Flags::SAFE);
        let early_capture = self.level <= 2 && pm.flags.contains(Flags::CAPTURE);
        safe_check || early_capture || (self.investigate && pm.flags.contains(Flags::INVESTIGATE))
    }

    /// Records that `pm` was searched; `mated` when its value says the mover is mated,
    /// so it does not count against the width or the quota.
    pub fn searched(&mut self, pm: &PlausibleMove, mated: bool) {
        if !mated {
            self.counted += 1;
            self.pieces.add(origin(pm));
        }
    }
}

fn origin(pm: &PlausibleMove) -> Square {
    pm.mv.from().unwrap_or(pm.mv.to())
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Move, Role};

    fn pm(from: Square, to: Square, flags: &[Flags]) -> PlausibleMove {
        let mut f = Flags::default();
        for &x in flags {
            f.insert(x);
        }
        PlausibleMove {
            mv: Move::Normal {
                role: Role::Queen,
                from,
                capture: None,
                to,
                promotion: None,
            },
            score: 0,
            flags: f,
        }
    }

    /// Runs the rule over `moves`, with the moves at the indices in `mated` leading to
    /// mate; returns the indices searched.
    fn run(level: u32, width: u32, moves: &[PlausibleMove], mated: &[usize]) -> Vec<usize> {
        let mut rule = WidthRule::new(level, width, moves, false);
        let mut out = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            if rule.admits(m) {
                rule.searched(m, mated.contains(&i));
                out.push(i);
            }
        }
        out
    }

    #[test]
    fn width_then_safe_checks_and_early_captures() {
        use Square::*;
        let s = Flags::SAFE;
        let moves = [
            pm(A1, A2, &[s]),
            pm(B1, B2, &[s]),
            pm(A1, A3, &[s]),
            pm(C1, C2, &[s, Flags::CHECK]),
            pm(C1, C3, &[Flags::CHECK]),
            pm(B1, B3, &[Flags::CAPTURE]),
        ];
        // Width 2, quota min(1, 3) = 1 already met: then the safe check (3) and, at
        // level 1, the capture (5); the unsafe check (4) is not taken.
        assert_eq!(run(1, 2, &moves, &[]), vec![0, 1, 3, 5]);
        // At level 3 captures are no longer extended.
        assert_eq!(run(3, 2, &moves, &[]), vec![0, 1, 3]);
    }

    #[test]
    fn distinct_piece_quota() {
        use Square::*;
        let s = Flags::SAFE;
        // A queen's moves fill the width; the rule then looks at other pieces.
        let moves = [
            pm(D1, D2, &[s]),
            pm(D1, D3, &[s]),
            pm(D1, D4, &[s]),
            pm(D1, D5, &[s]),
            pm(D1, D6, &[s]),
            pm(D1, D7, &[s]),
            pm(G1, F3, &[s]),
            pm(D1, D8, &[s]),
            pm(B1, C3, &[s]),
            pm(E2, E4, &[s]),
            pm(F2, F4, &[s]),
        ];
        // Width 6 → quota min(3, 5 pieces with safe moves) = 3: the queen, then the two
        // next pieces in plausibility order (g1, b1), skipping the queen's seventh move.
        assert_eq!(run(3, 6, &moves, &[]), vec![0, 1, 2, 3, 4, 5, 6, 8]);
        // With only two pieces having safe moves, the quota is 2, not 6 / 2 = 3.
        let few = [
            pm(D1, D2, &[s]),
            pm(D1, D3, &[s]),
            pm(D1, D4, &[]),
            pm(D1, D5, &[]),
            pm(D1, D6, &[]),
            pm(D1, D7, &[]),
            pm(G1, F3, &[s]),
            pm(B1, C3, &[]),
            pm(E2, E3, &[]),
        ];
        assert_eq!(run(3, 6, &few, &[]), vec![0, 1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn investigate_flag_extends_only_when_asked() {
        use Square::*;
        let s = Flags::SAFE;
        let moves = [pm(A1, A2, &[s]), pm(B1, B2, &[s, Flags::INVESTIGATE])];
        let searched = |investigate| {
            let mut rule = WidthRule::new(3, 1, &moves, investigate);
            moves
                .iter()
                .filter(|m| {
                    let yes = rule.admits(m);
                    if yes {
                        rule.searched(m, false);
                    }
                    yes
                })
                .count()
        };
        assert_eq!(searched(false), 1);
        assert_eq!(searched(true), 2);
    }

    #[test]
    fn mated_moves_are_not_counted() {
        use Square::*;
        let s = Flags::SAFE;
        let moves = [
            pm(A1, A2, &[s]),
            pm(A1, A3, &[s]),
            pm(A1, A4, &[s]),
            pm(A1, A5, &[s]),
        ];
        assert_eq!(run(3, 2, &moves, &[]), vec![0, 1]);
        // The first two lead to mate: two more are searched.
        assert_eq!(run(3, 2, &moves, &[0, 1]), vec![0, 1, 2, 3]);
    }
}
