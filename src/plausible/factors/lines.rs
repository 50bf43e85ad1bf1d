//! Lines blocked and opened (1980 catalogue rows 10–14, and what the opened lines uncover,
//! rows 12, 56 and 57; the paper: a development factor "including what it blocks and
//! unblocks for both sides' pieces", and "discovered attacks"): for every slider whose
//! lines the move changes, the importance it gains or loses, scored for ours and against
//! theirs; an attack one of our sliders uncovers; an enemy slider cut off from the one
//! piece it guarded; and our pieces an enemy slider newly hits.

use shakmaty::Bitboard;

use super::facts::{MoveFacts, slider_attacks};
use super::{Best, Scorer, Sink};
use crate::eval::piece_value;
use crate::plausible::squares::ci;
use crate::plausible::words::Piece;

/// What the lines group finds for the groups after it.
pub(super) struct LineNews {
    /// The move uncovers an attack by one of our sliders.
    pub discovery: bool,
    /// The move opens one of our lines onto the enemy king's field.
    pub opens_king_field: bool,
}

/// One slider whose lines the move changes.
struct Line {
    /// Where it stands, named for the comments.
    name: Piece,
    /// The squares it reaches after the move and no longer reaches.
    gained: Bitboard,
    lost: Bitboard,
    /// Its development change, scaled.
    val: i32,
}

/// Every slider of either side whose lines the move blocks or opens.
#[inline(always)]
pub(super) fn lines<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) -> LineNews {
    let (sc, _, us) = s.scene();
    let touched = Bitboard::from(f.from) | f.to | f.cap_sq;
    let mut news = LineNews {
        discovery: false,
        opens_king_field: false,
    };
    // A slider's lines change only where a square it reaches empties or fills: a capture
    // (not en passant) leaves its destination occupied, so sliders that see only that
    // square keep their lines.
    let landing = if f.en_passant {
        sc.slider_seen[f.to.to_usize()] | sc.slider_seen[f.cap_sq.to_usize()]
    } else if f.captured.is_some() {
        Bitboard::EMPTY
    } else {
        sc.slider_seen[f.to.to_usize()]
    };
    let candidates = sc.slider_seen[f.from.to_usize()] | landing;
    for x in candidates & !touched {
        let seen = sc.piece_att[x.to_usize()];
        let role = sc.role(x);
        let owner = if sc.by[ci(us)].contains(x) {
            us
        } else {
            sc.them
        };
        let now = slider_attacks(role, x, f.occ2);
        let gained = now & !seen;
        let lost = seen & !now;
        let delta = sc.importance(owner, gained) - sc.importance(owner, lost);
        let line = Line {
            name: Piece {
                role,
                owner,
                sq: x,
                viewer: us,
            },
            gained,
            lost,
            val: sc.dev_scaled(sc.dev_weight(role) * delta),
        };
        if owner == us {
            news.opens_king_field |= (gained & sc.king_zone).any();
            news.discovery |= own_line(s, f, &line);
        } else {
            enemy_line(s, f, &line);
        }
    }
    news
}

/// One of our sliders: its lines blocked or opened, and the attacks opening them
/// uncovers; returns whether it uncovers one.
#[inline(always)]
fn own_line<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>, line: &Line) -> bool {
    let (sc, w, _) = s.scene();
    let name = line.name;
    line_factor(s, line);
    // Discovered attacks by this slider.
    let mut discovery = false;
    for t in line.gained & f.theirs2 & !Bitboard::from(f.their_king) {
        let vt = piece_value(sc.role(t));
        if !sc.att[ci(sc.them)].contains(t) || vt > piece_value(name.role) {
            discovery = true;
            s.threats += 1;
            s.add(
                "discovered_attack",
                vt / w.discovered_attack_div,
                format_args!(
                    "uncovers an attack by the {} on the {}",
                    name,
                    sc.piece_on(t)
                ),
            );
        }
    }
    discovery
}

/// An enemy slider: its lines blocked or opened, a sole guard it loses, and our pieces it
/// newly hits.
#[inline(always)]
fn enemy_line<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>, line: &Line) {
    let (sc, w, _) = s.scene();
    let them = sc.them;
    let name = line.name;
    line_factor(s, line);
    // Interference: the block cuts this slider's guard of a piece we attack, which it
    // alone guarded.
    let cut_off = if sc.sole_defender[ci(them)].contains(name.sq) {
        line.lost & sc.defended_once[ci(them)] & f.theirs2
    } else {
        Bitboard::EMPTY
    };
    for t in cut_off {
        if f.new_att.contains(t) || (sc.attackers_of(t, f.occ2) & f.ours2).any() {
            s.threats += 1;
            s.add(
                "block_sole_defence",
                w.block_sole_defence,
                format_args!(
                    "cuts the {} off from the {}, which only it guarded",
                    name,
                    sc.piece_on(t)
                ),
            );
        }
    }
    unmasked(s, f, name, line.gained);
}

/// The line factor of one slider: a line of ours opened or blocked scores for us, one of
/// the enemy's against us.
#[inline(always)]
fn line_factor<S: Sink>(s: &mut Scorer<'_, '_, S>, line: &Line) {
    let us = s.sc.us;
    let own = line.name.owner == us;
    let opened = if own { line.val > 0 } else { line.val >= 0 };
    let (factor, verb, tail, squares) = match (own, opened) {
        (true, true) => ("unblock_own_line", "unblocks", "now attacks", line.gained),
        (true, false) => ("block_own_line", "blocks", "no longer reaches", line.lost),
        (false, false) => ("block_enemy_line", "blocks", "no longer reaches", line.lost),
        (false, true) => (
            "unblock_enemy_line",
            "opens a line for",
            "now reaches",
            line.gained,
        ),
    };
    s.posi(
        factor,
        if own { line.val } else { -line.val },
        format_args!(
            "{verb} the {}, which {tail} {}",
            line.name,
            Best {
                squares,
                imp: &s.sc.imp[ci(line.name.owner)],
                viewer: us
            }
        ),
    );
}

/// Our pieces newly exposed to the enemy slider `name`, which now reaches `gained`.
#[inline(always)]
fn unmasked<S: Sink>(
    s: &mut Scorer<'_, '_, S>,
    f: &MoveFacts<'_, '_>,
    name: Piece,
    gained: Bitboard,
) {
    let (sc, _, us) = s.scene();
    let board = sc.board;
    for p in gained & f.ours2 & !Bitboard::from(f.to) & !board.kings() {
        let vp = piece_value(sc.role(p));
        let defended = f.new_att.contains(p)
            || !(board.attacks_to(p, us, f.occ2) & sc.by[ci(us)] & !Bitboard::from(f.from))
                .is_empty();
        let loss = if !defended {
            vp
        } else {
            (vp - piece_value(name.role)).max(0)
        };
        s.add(
            "unmask_attack_on_own_piece",
            -loss * sc.w.unmask_enemy_pct / 100,
            format_args!("leaves our {} open to the {}", sc.piece_on(p), name),
        );
    }
}
