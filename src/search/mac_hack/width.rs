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

    /// The flags of a safe move.
    const SAFE: &[Flags] = &[Flags::SAFE];

    /// Queen moves between the squares of each UCI move of `ucis` (space-separated),
    /// each with `flags`: the width rule reads only the squares and the flags.
    fn pms(ucis: &str, flags: &[Flags]) -> Vec<PlausibleMove> {
        let square = |text: &str| text.parse::<Square>().expect("a square");
        let mut f = Flags::default();
        for &x in flags {
            f.insert(x);
        }
        ucis.split_whitespace()
            .map(|uci| PlausibleMove {
                mv: Move::Normal {
                    role: Role::Queen,
                    from: square(&uci[..2]),
                    capture: None,
                    to: square(&uci[2..]),
                    promotion: None,
                },
                score: 0,
                flags: f,
            })
            .collect()
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
        let moves = [
            pms("a1a2 b1b2 a1a3", SAFE),
            pms("c1c2", &[Flags::SAFE, Flags::CHECK]),
            pms("c1c3", &[Flags::CHECK]),
            pms("b1b3", &[Flags::CAPTURE]),
        ]
        .concat();
        // Width 2, quota min(1, 3) = 1 already met: then the safe check (3) and, at
        // level 1, the capture (5); the unsafe check (4) is not taken.
        assert_eq!(run(1, 2, &moves, &[]), vec![0, 1, 3, 5]);
        // At level 3 captures are no longer extended.
        assert_eq!(run(3, 2, &moves, &[]), vec![0, 1, 3]);
    }

    #[test]
    fn distinct_piece_quota() {
        // A queen's moves fill the width; the rule then looks at other pieces.
        let moves = pms(
            "d1d2 d1d3 d1d4 d1d5 d1d6 d1d7 g1f3 d1d8 b1c3 e2e4 f2f4",
            SAFE,
        );
        // Width 6 → quota min(3, 5 pieces with safe moves) = 3: the queen, then the two
        // next pieces in plausibility order (g1, b1), skipping the queen's seventh move.
        assert_eq!(run(3, 6, &moves, &[]), vec![0, 1, 2, 3, 4, 5, 6, 8]);
        // With only two pieces having safe moves, the quota is 2, not 6 / 2 = 3.
        let few = [
            pms("d1d2 d1d3", SAFE),
            pms("d1d4 d1d5 d1d6 d1d7", &[]),
            pms("g1f3", SAFE),
            pms("b1c3 e2e3", &[]),
        ]
        .concat();
        assert_eq!(run(3, 6, &few, &[]), vec![0, 1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn investigate_flag_extends_only_when_asked() {
        let moves = [
            pms("a1a2", SAFE),
            pms("b1b2", &[Flags::SAFE, Flags::INVESTIGATE]),
        ]
        .concat();
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
        let moves = pms("a1a2 a1a3 a1a4 a1a5", SAFE);
        assert_eq!(run(3, 2, &moves, &[]), vec![0, 1]);
        // The first two lead to mate: two more are searched.
        assert_eq!(run(3, 2, &moves, &[0, 1]), vec![0, 1, 2, 3]);
    }
}
