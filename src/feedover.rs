//! The feedover condition (SPEC §6.2): at the end of the basic search, whether the position
//! is too unsettled to evaluate statically, so the plausible move generator is applied again.
//!
//! PLACEHOLDER INTERFACE until the attack analysis is complete; the three cases are the
//! paper's.

use shakmaty::{Chess, Position};

use crate::attack::Analysis;

/// Which of the paper's three cases made the feedover condition true.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feedover {
    /// 1. The side to move has a piece en prise and is in check, or that piece is trapped
    ///    or pinned.
    EnPriseAndConstrained,
    /// 2. The side to move has two or more pieces en prise.
    TwoEnPrise,
    /// 3. Each side has one piece en prise; the opponent's is trapped or pinned, ours not.
    OpponentsPieceCannotEscape,
}

/// Tests the feedover condition of `pos`.
pub fn feedover(pos: &Chess, analysis: &Analysis) -> Option<Feedover> {
    let us = pos.turn();
    let ours = analysis.en_prise(us);
    let theirs = analysis.en_prise(!us);
    let stuck = |c| analysis.trapped(c) | analysis.pinned(c);
    if ours.count() >= 2 {
        return Some(Feedover::TwoEnPrise);
    }
    if ours.any() && (pos.is_check() || (ours & stuck(us)).any()) {
        return Some(Feedover::EnPriseAndConstrained);
    }
    if ours.count() == 1
        && theirs.count() == 1
        && (theirs & stuck(!us)).any()
        && !(ours & stuck(us)).any()
    {
        return Some(Feedover::OpponentsPieceCannotEscape);
    }
    None
}
