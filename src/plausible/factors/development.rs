//! Development (1980 catalogue rows 7–9; the paper's "development value of a piece = the
//! importance of every square it attacks", and "a capture gains the captured piece's
//! development value"): the change in what the moved piece bears on, weighted by its
//! role and scaled (`dev_scale`), and the development the capture takes from the enemy.
//! What the move blocks and opens for other pieces is in `lines`.

use super::facts::MoveFacts;
use super::{Best, Scorer, Sink};
use crate::plausible::squares::ci;
use crate::plausible::words::{Sq, role_name};

/// The moved piece's development, new squares less old, and the captured piece's.
#[inline(always)]
pub(super) fn development<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let (sc, _, us) = s.scene();
    let dev_old = sc.dev_sum[f.from.to_usize()];
    let dev_new = sc.importance(us, f.new_att);
    let dev = sc.dev_scaled(sc.dev_weight(f.new_role) * dev_new - sc.dev_weight(f.role) * dev_old);
    s.posi(
        "development",
        dev,
        format_args!(
            "the {} on {} bears on squares worth {} (was {} from {}), the best {}",
            role_name(f.new_role),
            Sq(f.to, us),
            dev_new,
            dev_old,
            Sq(f.from, us),
            Best {
                squares: f.new_att,
                imp: &sc.imp[ci(us)],
                viewer: us
            }
        ),
    );
    if let Some(cap) = f.captured {
        let cd = sc.dev_scaled(
            sc.dev_weight(cap) * sc.importance(sc.them, sc.piece_att[f.cap_sq.to_usize()]),
        );
        s.add(
            "captured_piece_development",
            cd,
            format_args!(
                "removes the development of the {} on {}",
                role_name(cap),
                Sq(f.cap_sq, us)
            ),
        );
    }
}
