//! The looks ahead near the root (levels 1–2, where the search plays each move anyway;
//! ours, neither the paper's nor the 1980 program's, though the paper lists "multiple
//! threats" and "putting enemy pieces en prise"): a quiet move that threatens mate
//! (`threatens_mate`) or mates next whatever the reply (`unstoppable_mate`); a move that
//! stops the enemy's mate (`parries_mate`); and the material a move threatens to win
//! beyond what already stood (`creates_threat`) and still wins after every reply
//! (`unparried_threat`); at the root, what a quiet move wins against any reply along the
//! forcing line (`quiet_blow`).

use shakmaty::{Bitboard, Chess, Color, Position, Role};

use super::facts::MoveFacts;
use super::{Scorer, Sink};
use crate::attack::Analysis;
use crate::eval::piece_value;
use crate::plausible::forcing::won_against_any_reply;
use crate::plausible::mate::{mate_after_every_reply, mating_move, threatened_mate};
use crate::plausible::squares::{attacks_of, ci};
use crate::plausible::words::Sq;

/// Near the root only: a move other than a check that bears on the king's field
/// (directly, behind one of our own pieces, or by opening a line, `opens_king_field`),
/// or whose piece could check next, may threaten mate next move (a null move, then every
/// check is tried).
#[inline(always)]
pub(super) fn threatens_mate<S: Sink>(
    s: &mut Scorer<'_, '_, S>,
    f: &MoveFacts<'_, '_>,
    opens_king_field: bool,
) {
    let (sc, w, us) = s.scene();
    let new_role = f.new_role;
    if sc.near_root
        && !f.checks
        && new_role != Role::King
        && (opens_king_field
            || (sc.king_zone & (f.new_att | attacks_of(new_role, us, f.to, f.occ2 & !f.ours2)))
                .any()
            || new_role != Role::Pawn
                && (f.new_att & attacks_of(new_role, sc.them, f.their_king, f.occ2)).any())
        && let Some(mate) = threatened_mate(f.played())
    {
        s.threats += 1;
        s.add(
            "threatens_mate",
            if f.captured.is_some() {
                w.threatens_mate_capture
            } else {
                w.threatens_mate
            },
            format_args!(
                "threatens mate on the king on {} by a move to {}",
                Sq(f.their_king, us),
                Sq(mate, us)
            ),
        );
        if let Some(square) = mate_after_every_reply(f.played()) {
            s.add(
                "unstoppable_mate",
                w.unstoppable_mate,
                format_args!(
                    "mates next move on {} whatever the enemy replies",
                    Sq(square, us)
                ),
            );
        }
    }
}

/// Near the root only: whether the move stops a mate the enemy threatens.
#[inline(always)]
pub(super) fn parries_mate<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    if let Some(mate) = s.sc.mate_threat
        && mating_move(f.played()).is_none()
    {
        s.add(
            "parries_mate",
            s.sc.w.parries_mate,
            format_args!("stops the enemy's threat of mate on {}", Sq(mate, s.sc.us)),
        );
    }
}

/// Near the root only: what a move threatens to win next (the exchange on each enemy
/// piece after the move), beyond the threats already standing and beyond what the move
/// puts en prise (unless that is `poison`ed): an offer that threatens more than it gives
/// is how combinations start.
#[inline(always)]
pub(super) fn creates_threat<S: Sink>(
    s: &mut Scorer<'_, '_, S>,
    f: &MoveFacts<'_, '_>,
    poison: bool,
) {
    let sc = s.sc;
    if !sc.near_root {
        return;
    }
    let (w, us) = (sc.w, sc.us);
    let offered = if poison { 0 } else { f.exposed };
    let before = sc.biggest_loss[ci(sc.them)].max(offered);
    if let (threat, Some(t)) = Analysis::biggest_threat(f.played().board(), us)
        && threat > before
    {
        s.add(
            "creates_threat",
            (threat - before) * w.threat_pct / 100,
            format_args!(
                "threatens to win {} on {}, {} more than what stood or is offered",
                threat,
                Sq(t, us),
                threat - before
            ),
        );
        if threat - before >= w.unparried_min
            && let Some(held) = threat_holds(f.played(), us)
        {
            s.add(
                "unparried_threat",
                held * w.unparried_pct / 100,
                format_args!(
                    "from {} still wins at least {} whatever the reply",
                    Sq(f.to, us),
                    held
                ),
            );
        }
    }
}

/// At the root only: a quiet move (no capture, check or promotion) after which every
/// reply loses material to the forcing line that follows (`forcing`): a double attack, a
/// threat behind a pin or a mate threat that no reply parries, or an offer whose taking
/// loses more than it wins. Scored as what the worst reply for us still loses (at most
/// a queen) beyond what the enemy would lose were it his move now.
#[inline(always)]
pub(super) fn quiet_blow<S: Sink>(s: &mut Scorer<'_, '_, S>, f: &MoveFacts<'_, '_>) {
    let sc = s.sc;
    if sc.level > 1 || f.captured.is_some() || f.promo.is_some() || f.checks {
        return;
    }
    if let Some(won) = won_against_any_reply(f.played())
        && let more = won.min(piece_value(Role::Queen)) - sc.standing_blow
        && more > 0
    {
        s.add(
            "quiet_blow",
            more * sc.w.quiet_blow_pct / 100,
            format_args!(
                "from {} wins at least {} against any reply by captures and checks ({} stood \
                 before the move)",
                Sq(f.to, sc.us),
                won,
                sc.standing_blow
            ),
        );
    }
}

/// After our move (`after`, the opponent to move): the least that `us` can still win
/// by one exchange after any reply, less what the reply took; `None` when some reply
/// parries, mates or stalemates. After a checking reply only the checker can be won.
pub(super) fn threat_holds(after: &Chess, us: Color) -> Option<i32> {
    least_held(after, us).filter(|&held| held > 0)
}

/// After our move (`after`, the opponent to move): over the replies, the least of what
/// one exchange then wins for `us` less what the reply took (negative when a reply takes
/// more than is left to win); `None` when a reply mates or there is none.
pub(super) fn least_held(after: &Chess, us: Color) -> Option<i32> {
    let mut least = None::<i32>;
    for reply in after.legal_moves() {
        let taken = reply.capture().map_or(0, piece_value);
        let mut next = after.clone();
        next.play_unchecked(reply);
        let targets = if next.is_check() {
            if next.is_checkmate() {
                return None;
            }
            next.checkers()
        } else {
            Bitboard::FULL
        };
        let held = Analysis::biggest_threat_among(next.board(), us, targets).0 - taken;
        least = Some(least.map_or(held, |l| l.min(held)));
    }
    least
}
