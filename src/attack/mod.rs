//! Attack analysis (docs/design.md §4), computed once per position and shared by the static board
//! evaluator, the feedover condition and the plausible move generator.
//!
//! The 1967 program decided whether a piece is **en prise** from the piece's value, the
//! numbers of attackers and defenders and the values of the least valuable attacker and
//! defender. We decide it by a static exchange evaluation (SEE) on the piece's square:
//! both sides capture on that square with their least valuable piece, each may stop when
//! continuing would lose, x-rays (a rook behind a rook, a queen behind a bishop, a bishop
//! behind a pawn) join as the front piece leaves, and attackers pinned against their own
//! king do not take part unless they capture along the pin line. A pawn capturing onto its
//! last rank becomes a queen. The exchange itself is `see`, the program's one static
//! exchange evaluator, which the plausible move generator uses with its own rules.
//!
//! From en prise follow the paper's other predicates:
//! - **pinned** (1967 sense): moving the piece would discover an attack that renders
//!   another piece of its side en prise, or would expose its king (`king_pinned` holds the
//!   latter alone);
//! - **safe move**: after it the moved piece is not en prise;
//! - **trapped**: the piece has no safe move.
//!
//! The analysis looks at the board only, not at whose turn it is, so it describes both
//! sides alike. A pin against the king is judged as it stands at each step of an exchange
//! (a pinner that has captured or been captured pins no more). Deliberate
//! simplifications: en passant captures are not part of an exchange; checks are ignored
//! (a capture that discovers check still allows the recapture, and a side's moves are
//! judged for *trapped* as if its king were not in check, pins against the king
//! respected); each side spends its least valuable piece first, the king last. The
//! brute-force test (`tests/attack_bruteforce.rs`) measures what these cost: about one
//! attacked piece in 700 is judged differently from playing out every legal capture.
//! Everything is allocation-free; about 0.7 µs per position.

use shakmaty::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, ray, rook_attacks,
};
use shakmaty::{Bitboard, Board, Chess, Color, Move, Position, Rank, Role, Square};

use crate::eval::pawns::pawn_cover;
use crate::eval::{piece_value, won_at_once};

pub mod see;

pub(crate) use see::CHEAPEST_FIRST;

/// What the 1967 program knew about one position: who attacks what, and which pieces are
/// en prise, pinned or trapped.
#[derive(Debug, Clone)]
pub struct Analysis {
    board: Board,
    /// Squares attacked by each side (pseudo-attacks, pins ignored).
    attacked: [Bitboard; 2],
    /// Squares attacked by each side's bishops, rooks and queens.
    slider_attacked: [Bitboard; 2],
    /// Pieces of each side pinned against their own king.
    king_pinned: [Bitboard; 2],
    en_prise: [Bitboard; 2],
    pinned: [Bitboard; 2],
    trapped: [Bitboard; 2],
}

impl Analysis {
    /// Analyses `pos`; allocation-free.
    pub fn new(pos: &Chess) -> Analysis {
        Analysis::of_board(pos.board())
    }

    /// Analyses a bare board (whose turn it is does not matter to the analysis). The board
    /// need not be a legal position, but each side should have at most one king.
    pub fn of_board(board: &Board) -> Analysis {
        let mut a = Analysis::bare(board);
        for color in Color::ALL {
            let (all, sliders) = a.compute_attacked(color);
            a.attacked[color as usize] = all;
            a.slider_attacked[color as usize] = sliders;
            a.king_pinned[color as usize] = a.compute_king_pins(color);
        }
        for color in Color::ALL {
            a.en_prise[color as usize] = a.compute_en_prise(color);
        }
        for color in Color::ALL {
            a.pinned[color as usize] = a.king_pinned[color as usize] | a.compute_pins(color);
            a.trapped[color as usize] = a.compute_trapped(color);
        }
        a
    }

    /// The board with nothing worked out yet: enough for the exchanges (`swap`).
    fn bare(board: &Board) -> Analysis {
        Analysis {
            board: board.clone(),
            attacked: [Bitboard::EMPTY; 2],
            slider_attacked: [Bitboard::EMPTY; 2],
            king_pinned: [Bitboard::EMPTY; 2],
            en_prise: [Bitboard::EMPTY; 2],
            pinned: [Bitboard::EMPTY; 2],
            trapped: [Bitboard::EMPTY; 2],
        }
    }

    /// The board analysed.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// `color`'s pieces (never the king) that are en prise: the opponent gains material by
    /// capturing on their square (SEE > 0).
    pub fn en_prise(&self, color: Color) -> Bitboard {
        self.en_prise[color as usize]
    }

    /// `color`'s pieces that are pinned in the 1967 sense (moving one would put another of
    /// its side's pieces en prise, or expose the king).
    pub fn pinned(&self, color: Color) -> Bitboard {
        self.pinned[color as usize]
    }

    /// `color`'s pieces pinned against their own king (they may still move along the pin).
    pub fn king_pinned(&self, color: Color) -> Bitboard {
        self.king_pinned[color as usize]
    }

    /// `color`'s pieces (never the king) that have no safe move.
    pub fn trapped(&self, color: Color) -> Bitboard {
        self.trapped[color as usize]
    }

    /// Every square `color` attacks (each piece's attacks on the present board; pins and
    /// x-rays ignored; a pawn attacks diagonally forward).
    pub fn attacked(&self, color: Color) -> Bitboard {
        self.attacked[color as usize]
    }

    /// `color`'s pieces attacking `sq` directly (pins ignored).
    pub fn attackers(&self, sq: Square, color: Color) -> Bitboard {
        self.all_attackers(sq, self.board.occupied()) & self.board.by_color(color)
    }

    /// The defenders of the piece on `sq`: its own side's pieces attacking the square
    /// directly (pins ignored). Empty if `sq` is empty.
    pub fn defenders(&self, sq: Square) -> Bitboard {
        match self.board.color_at(sq) {
            Some(color) => self.attackers(sq, color),
            None => Bitboard::EMPTY,
        }
    }

    /// `color`'s pieces that take part in an exchange on `sq`: the direct attackers and
    /// those lined up behind them (x-rays through attackers of either side), less pieces
    /// pinned against their own king off the line to `sq`.
    pub fn xray_attackers(&self, sq: Square, color: Color) -> Bitboard {
        let allowed = !self.pin_excluded(sq);
        let mut occ = self.board.occupied();
        let mut found = Bitboard::EMPTY;
        loop {
            let direct = self.all_attackers(sq, occ) & allowed & !found;
            if direct.is_empty() {
                break;
            }
            found |= direct;
            // A knight, king or pawn in front blocks nothing that matters except a
            // pawn in front of a bishop or queen; removing every attacker uncovers what
            // stands behind each.
            occ &= !direct;
        }
        found & self.board.by_color(color)
    }

    /// `color`'s least valuable piece that can capture on `sq` (pinned attackers off the
    /// line excluded), with its role.
    pub fn least_valuable_attacker(&self, sq: Square, color: Color) -> Option<(Square, Role)> {
        let occ = self.board.occupied();
        let att = self.all_attackers(sq, occ) & self.board.by_color(color);
        self.cheapest_capturer(att, color, sq, occ)
    }

    /// Static exchange on `sq`: what `by` gains by starting to capture the piece on `sq`
    /// (0 if the square is empty, holds a piece of `by`, or capturing does not pay).
    pub fn exchange(&self, sq: Square, by: Color) -> i32 {
        match self.board.piece_at(sq) {
            Some(p) if p.color != by && p.role != Role::King => {
                self.swap(sq, piece_value(p.role), by, self.board.occupied())
            }
            _ => 0,
        }
    }

    /// The most `by` wins by starting one exchange on `board`, and where: the biggest static
    /// exchange on the other side's pieces (the king excluded). What a move threatens is
    /// this on the board it leaves.
    pub fn biggest_threat(board: &Board, by: Color) -> (i32, Option<Square>) {
        Analysis::biggest_threat_among(board, by, board.by_color(!by))
    }

    /// `biggest_threat` on the pieces of `targets` only.
    pub fn biggest_threat_among(
        board: &Board,
        by: Color,
        targets: Bitboard,
    ) -> (i32, Option<Square>) {
        let a = Analysis::bare(board);
        let occ = board.occupied();
        let mut best = (0, None);
        for t in targets & board.by_color(!by) & !board.kings() {
            if (a.all_attackers(t, occ) & board.by_color(by)).any()
                && let Some(role) = board.role_at(t)
            {
                let gain = a.swap(t, piece_value(role), by, occ);
                if gain > best.0 {
                    best = (gain, Some(t));
                }
            }
        }
        best
    }

    /// Whether the piece on `sq` is en prise (the opponent gains by capturing it).
    pub fn is_en_prise(&self, sq: Square) -> bool {
        self.en_prise[0].contains(sq) || self.en_prise[1].contains(sq)
    }

    /// Static exchange value of `m` for the mover, in 1967 units (pawn 128): what it
    /// captures (and the promotion gain), less what the opponent then wins on the target
    /// square by the best exchange. Castling is worth 0.
    pub fn see(&self, pos: &Chess, m: Move) -> i32 {
        let Some(from) = m.from() else {
            return 0;
        };
        if m.is_castle() {
            return 0;
        }
        let _ = pos;
        let to = m.to();
        let mover = match self.board.color_at(from) {
            Some(c) => c,
            None => return 0,
        };
        let gain = won_at_once(m);
        let on_square = piece_value(m.promotion().unwrap_or(m.role()));
        if m.role() == Role::King {
            return gain;
        }
        let occ = self.occupancy_after(m, from, to);
        gain - self.swap(to, on_square, !mover, occ)
    }

    /// A safe move: after it the moved piece is not en prise (king moves and castling are
    /// always safe, since the king is never en prise).
    pub fn is_safe_move(&self, pos: &Chess, m: Move) -> bool {
        let _ = pos;
        let Some(from) = m.from() else {
            return true;
        };
        if m.role() == Role::King || m.is_castle() {
            return true;
        }
        let Some(mover) = self.board.color_at(from) else {
            return true;
        };
        let to = m.to();
        let on_square = piece_value(m.promotion().unwrap_or(m.role()));
        self.safe_target(to, on_square, mover, self.occupancy_after(m, from, to))
    }

    /// The occupancy after `m` (from `from` to `to`), en passant victim removed.
    fn occupancy_after(&self, m: Move, from: Square, to: Square) -> Bitboard {
        let mut occ = (self.board.occupied() & !Bitboard::from(from)) | Bitboard::from(to);
        if m.is_en_passant() {
            // The captured pawn stands beside the mover, on the from-rank and to-file.
            occ &= !Bitboard::from(Square::from_coords(to.file(), from.rank()));
        }
        occ
    }

    /// Whether a piece worth `on_square` of `mover`, arriving on `to` with occupancy `occ`,
    /// is not en prise there.
    fn safe_target(&self, to: Square, on_square: i32, mover: Color, occ: Bitboard) -> bool {
        let enemy = self.all_attackers(to, occ) & self.board.by_color(!mover);
        if enemy.is_empty() {
            return true;
        }
        self.swap(to, on_square, !mover, occ) <= 0
    }

    /// Both sides' pieces in `occ` attacking `sq` given occupancy `occ`.
    #[inline]
    fn all_attackers(&self, sq: Square, occ: Bitboard) -> Bitboard {
        let b = &self.board;
        ((rook_attacks(sq, occ) & b.rooks_and_queens())
            | (bishop_attacks(sq, occ) & b.bishops_and_queens())
            | (knight_attacks(sq) & b.knights())
            | (king_attacks(sq) & b.kings())
            | (pawn_attacks(Color::White, sq) & b.pawns() & b.black())
            | (pawn_attacks(Color::Black, sq) & b.pawns() & b.white()))
            & occ
    }

    /// Pieces pinned against their own king that cannot capture on `sq` (it is off their
    /// pin line).
    #[inline]
    fn pin_excluded(&self, sq: Square) -> Bitboard {
        let mut excluded = Bitboard::EMPTY;
        for color in Color::ALL {
            let pins = self.king_pinned[color as usize];
            if pins.any()
                && let Some(king) = self.board.king_of(color)
            {
                excluded |= pins & !ray(king, sq);
            }
        }
        excluded
    }

    /// Whether `side`'s piece on `from`, moving to `to` with occupancy `occ`, would open a
    /// line from an enemy slider to its own king (a pin as it stands at this moment of the
    /// exchange: a pinner that has left or been taken pins no more).
    #[inline]
    fn exposes_king(&self, from: Square, to: Square, side: Color, occ: Bitboard) -> bool {
        let Some(king) = self.board.king_of(side) else {
            return false;
        };
        let line = ray(king, from);
        if line.is_empty() || line.contains(to) {
            return false;
        }
        let after = (occ & !Bitboard::from(from)) | Bitboard::from(to);
        let b = &self.board;
        let them = b.by_color(!side) & occ & !Bitboard::from(to);
        let snipers = (rook_attacks(king, after) & b.rooks_and_queens())
            | (bishop_attacks(king, after) & b.bishops_and_queens());
        (snipers & them & line).any()
    }

    /// `side`'s cheapest piece among `set` that may legally capture on `sq` with
    /// occupancy `occ`: not pinned against its king off the line, and a king only onto a
    /// square the other side no longer attacks.
    #[inline]
    fn cheapest_capturer(
        &self,
        set: Bitboard,
        side: Color,
        sq: Square,
        occ: Bitboard,
    ) -> Option<(Square, Role)> {
        if set.is_empty() {
            return None;
        }
        for role in CHEAPEST_FIRST {
            for from in set & self.board.by_role(role) {
                if role == Role::King {
                    let guards = self.all_attackers(sq, occ & !Bitboard::from(from))
                        & self.board.by_color(!side);
                    return if guards.is_empty() {
                        Some((from, role))
                    } else {
                        None
                    };
                }
                if !self.exposes_king(from, sq, side, occ) {
                    return Some((from, role));
                }
            }
        }
        None
    }

    /// The static exchange (`see::exchange`) by the analysis's rules: what `by` gains
    /// by starting to capture a piece worth `target_value` on `sq`, occupancy `occ`.
    fn swap(&self, sq: Square, target_value: i32, by: Color, occ: Bitboard) -> i32 {
        let attackers = self.all_attackers(sq, occ);
        see::exchange(&self.board, self, sq, occ, attackers, target_value, by)
    }

    /// Every square `color` attacks, and those its sliders attack.
    fn compute_attacked(&self, color: Color) -> (Bitboard, Bitboard) {
        let b = &self.board;
        let ours = b.by_color(color);
        let occ = b.occupied();
        let pawns = b.pawns() & ours;
        let mut att = pawn_cover(color, pawns);
        for sq in b.knights() & ours {
            att |= knight_attacks(sq);
        }
        for sq in b.kings() & ours {
            att |= king_attacks(sq);
        }
        let mut sliders = Bitboard::EMPTY;
        for sq in b.bishops_and_queens() & ours {
            sliders |= bishop_attacks(sq, occ);
        }
        for sq in b.rooks_and_queens() & ours {
            sliders |= rook_attacks(sq, occ);
        }
        (att | sliders, sliders)
    }

    fn compute_king_pins(&self, color: Color) -> Bitboard {
        let b = &self.board;
        let Some(king) = b.king_of(color) else {
            return Bitboard::EMPTY;
        };
        let them = b.by_color(!color);
        let snipers = ((rook_attacks(king, Bitboard::EMPTY) & b.rooks_and_queens())
            | (bishop_attacks(king, Bitboard::EMPTY) & b.bishops_and_queens()))
            & them;
        let mut pins = Bitboard::EMPTY;
        for s in snipers {
            let blockers = shakmaty::attacks::between(king, s) & b.occupied();
            if !blockers.more_than_one() && (blockers & b.by_color(color)).any() {
                pins |= blockers;
            }
        }
        pins
    }

    fn compute_en_prise(&self, color: Color) -> Bitboard {
        let b = &self.board;
        let occ = b.occupied();
        let candidates = b.by_color(color) & self.attacked[!color as usize];
        let mut result = Bitboard::EMPTY;
        for &role in see::BELOW_KING {
            for sq in candidates & b.by_role(role) {
                if self.piece_en_prise(sq, piece_value(role), color, occ) {
                    result.add(sq);
                }
            }
        }
        result
    }

    /// Whether `color`'s piece worth `value` on `sq` is en prise with occupancy `occ`.
    #[inline]
    fn piece_en_prise(&self, sq: Square, value: i32, color: Color, occ: Bitboard) -> bool {
        let att = self.all_attackers(sq, occ) & self.board.by_color(!color);
        if att.is_empty() {
            return false;
        }
        match self.cheapest_capturer(att, !color, sq, occ) {
            None => false,
            // Taking with a cheaper piece gains at least the difference.
            Some((_, role)) if piece_value(role) < value && role != Role::King => true,
            Some(_) => self.swap(sq, value, !color, occ) > 0,
        }
    }

    /// Pieces of `color` whose move would discover an attack that renders another of its
    /// pieces (not the king) en prise that is not en prise now. Found from each enemy
    /// slider: our pieces it hits, and what stands right behind each of them.
    fn compute_pins(&self, color: Color) -> Bitboard {
        let b = &self.board;
        let occ = b.occupied();
        let ours = b.by_color(color) & !b.kings();
        let targets = ours & !self.en_prise[color as usize];
        let them = b.by_color(!color);
        let mut pins = Bitboard::EMPTY;
        for s in b.sliders() & them {
            let role = b.role_at(s);
            for diagonal in [true, false] {
                let fits = match role {
                    Some(Role::Queen) => true,
                    Some(Role::Bishop) => diagonal,
                    Some(Role::Rook) => !diagonal,
                    _ => false,
                };
                if !fits {
                    continue;
                }
                let lines = |o: Bitboard| {
                    if diagonal {
                        bishop_attacks(s, o)
                    } else {
                        rook_attacks(s, o)
                    }
                };
                let hit = lines(occ);
                let blockers = hit & ours & !pins;
                if blockers.is_empty() {
                    continue;
                }
                let behind = lines(occ & !blockers) & !hit & targets;
                for q in behind {
                    let p = shakmaty::attacks::between(s, q) & blockers;
                    let Some(p_sq) = p.single_square() else {
                        continue;
                    };
                    if pins.contains(p_sq) {
                        continue;
                    }
                    let Some(q_role) = b.role_at(q) else { continue };
                    if self.piece_en_prise(q, piece_value(q_role), color, occ & !p) {
                        pins.add(p_sq);
                    }
                }
            }
        }
        pins
    }

    /// `color`'s pieces (not the king) without a safe move.
    fn compute_trapped(&self, color: Color) -> Bitboard {
        let b = &self.board;
        let occ = b.occupied();
        let ours = b.by_color(color);
        let them = b.by_color(!color);
        let king = b.king_of(color);
        let mut trapped = Bitboard::EMPTY;
        for &role in see::BELOW_KING {
            for from in b.by_role(role) & ours {
                let mut targets = match role {
                    Role::Pawn => pawn_targets(color, from, occ, them),
                    Role::Knight => knight_attacks(from) & !ours,
                    Role::Bishop => bishop_attacks(from, occ) & !ours,
                    Role::Rook => rook_attacks(from, occ) & !ours,
                    _ => (bishop_attacks(from, occ) | rook_attacks(from, occ)) & !ours,
                };
                if self.king_pinned[color as usize].contains(from)
                    && let Some(k) = king
                {
                    targets &= ray(k, from);
                }
                // A square the enemy does not attack is safe, unless leaving `from` opens a
                // line for an enemy slider.
                if (targets & !self.attacked[!color as usize]).any()
                    && !self.slider_attacked[!color as usize].contains(from)
                {
                    continue;
                }
                let value = piece_value(role);
                let base = occ & !Bitboard::from(from);
                let safe = targets.into_iter().any(|to| {
                    let on_square =
                        if role == Role::Pawn && matches!(to.rank(), Rank::First | Rank::Eighth) {
                            piece_value(Role::Queen)
                        } else {
                            value
                        };
                    self.safe_target(to, on_square, color, base | Bitboard::from(to))
                });
                if !safe {
                    trapped.add(from);
                }
            }
        }
        trapped
    }
}

/// The analysis's rules for an exchange: pins against the king as they stand at each
/// step, a king that nothing can take back captures first, and a pawn capturing onto the
/// last rank becomes a queen.
impl see::Capturers for Analysis {
    const PROMOTES: bool = true;

    #[inline]
    fn next(
        &self,
        board: &Board,
        mine: Bitboard,
        side: Color,
        sq: Square,
        occ: Bitboard,
    ) -> Option<(Square, Role)> {
        // A king that may capture ends the exchange with the most this side can get
        // (nothing of the other side can recapture), so it goes first when it can.
        let king_capture = (mine & board.kings()).first().filter(|&k| {
            (self.all_attackers(sq, occ & !Bitboard::from(k)) & board.by_color(!side)).is_empty()
        });
        king_capture
            .map(|k| (k, Role::King))
            .or_else(|| self.cheapest_capturer(mine, side, sq, occ))
    }
}

/// Where a pawn of `color` on `from` can go: single and double pushes onto empty squares,
/// captures of `them` (en passant left out).
fn pawn_targets(color: Color, from: Square, occ: Bitboard, them: Bitboard) -> Bitboard {
    let mut t = pawn_attacks(color, from) & them;
    let (step, start) = match color {
        Color::White => (8, Rank::Second),
        Color::Black => (-8, Rank::Seventh),
    };
    let one = Bitboard::from(from).shift(step) & !occ;
    t |= one;
    if one.any() && from.rank() == start {
        t |= one.shift(step) & !occ;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{pos, uci};
    use shakmaty::Square::*;

    /// The analysis of a FEN the test knows to be legal.
    fn analysis(fen: &str) -> Analysis {
        Analysis::new(&pos(fen))
    }

    #[test]
    fn biggest_threat_is_the_best_exchange_and_its_square() {
        // Nothing attacked, nothing threatened.
        let p = pos("4k3/8/2p5/1b5n/8/8/8/R3K3 w - - 0 1");
        assert_eq!(Analysis::biggest_threat(p.board(), Color::White), (0, None));
        // The rooks win the loose knight (416), not the pawn-guarded bishop.
        let p = pos("4k3/8/2p5/1b5n/8/8/8/1R2K2R b - - 0 1");
        assert_eq!(
            Analysis::biggest_threat(p.board(), Color::White),
            (416, Some(H5))
        );
        // Guarded by a pawn, the knight is no threat: RxN PxR loses.
        let p = pos("4k3/8/6p1/R6n/8/8/8/4K3 b - - 0 1");
        assert_eq!(Analysis::biggest_threat(p.board(), Color::White), (0, None));
    }

    #[test]
    fn knight_attacked_by_pawn_is_en_prise_even_if_defended() {
        // The paper's first example: the pawn on e4 attacks the knight on d5, which the
        // pawn on c6 defends; taking still wins 416 - 128.
        let a = analysis("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1");
        assert!(a.en_prise(Color::Black).contains(D5));
        assert_eq!(a.exchange(D5, Color::White), 416 - 128);
    }

    #[test]
    fn knight_attacked_twice_defended_once_is_en_prise() {
        // The paper's second example: bishop b3 and rook d1 attack the knight on d5,
        // defended by the pawn on e6 only: BxN PxB RxP wins 416 - 448 + 128 = 96.
        let a = analysis("4k3/8/4p3/3n4/8/1B6/8/3RK3 w - - 0 1");
        assert!(a.en_prise(Color::Black).contains(D5));
        assert_eq!(a.exchange(D5, Color::White), 96);
        // With the rook gone, BxN PxB loses 32: not en prise.
        let a = analysis("4k3/8/4p3/3n4/8/1B6/8/4K3 w - - 0 1");
        assert!(!a.en_prise(Color::Black).contains(D5));
    }

    #[test]
    fn xray_behind_attacker_counts() {
        // Doubled white rooks d2/d1 against a rook on d5 defended by the rook d8:
        // RxR RxR RxR wins a rook because the second white rook joins through the first.
        let a = analysis("3rk3/8/8/3r4/8/8/3R4/3RK3 w - - 0 1");
        // d5 is defended by d8, attacked by d2 and (through it) d1.
        assert_eq!(a.exchange(D5, Color::White), 640);
        assert!(a.en_prise(Color::Black).contains(D5));
        assert_eq!(
            a.xray_attackers(D5, Color::White),
            Bitboard::from(D2) | Bitboard::from(D1)
        );
    }

    #[test]
    fn attacker_pinned_to_its_king_does_not_count() {
        // The knight on e4 would take the pawn on d6... it is pinned on the e-file by the
        // rook e8 against the king e1, so the undefended pawn on d6 is not en prise.
        let a = analysis("4r1k1/8/3p4/8/4N3/8/8/4K3 w - - 0 1");
        assert!(a.king_pinned(Color::White).contains(E4));
        assert!(a.pinned(Color::White).contains(E4));
        assert!(!a.en_prise(Color::Black).contains(D6));
        // And the knight itself: the rook takes it for free.
        assert!(a.en_prise(Color::White).contains(E4));
    }

    #[test]
    fn pinned_in_the_1967_sense_against_a_queen() {
        // The bishop on d2 stands between the rook d8 and the undefended queen d1:
        // moving it renders the queen en prise, so it is pinned (not against the king).
        let a = analysis("3rk3/8/8/8/8/8/3B4/3Q2K1 w - - 0 1");
        assert!(a.pinned(Color::White).contains(D2));
        assert!(!a.king_pinned(Color::White).contains(D2));
        // A rook on d1 defended by the king on c1 instead: moving the bishop lets RxR KxR,
        // an even trade, so nothing is rendered en prise and the bishop is free.
        let a = analysis("3rk3/8/8/8/8/8/3B4/2KR4 w - - 0 1");
        assert!(!a.pinned(Color::White).contains(D2));
    }

    #[test]
    fn trapped_piece_has_no_safe_move() {
        // The bishop on a7 is shut in by the pawn b6 (defended by c7): its only move,
        // Bxb6 or Bb8, lands en prise... b8 is covered by the rook e8.
        let a = analysis("4r1k1/B1p5/1p6/8/8/8/8/6K1 w - - 0 1");
        assert!(a.trapped(Color::White).contains(A7));
        // Free the b8 square and the bishop is no longer trapped.
        let a = analysis("6k1/B1p5/1p6/8/8/8/8/6K1 w - - 0 1");
        assert!(!a.trapped(Color::White).contains(A7));
    }

    #[test]
    fn see_and_safe_moves() {
        // Qxd6 PxQ NxP: the queen goes for two pawns, 128 - (1248 - 128) = -992.
        // Nxd6 PxN QxP: the knight goes for two pawns, 128 - (416 - 128) = -160.
        let p = pos("4k3/2p5/3p4/8/4N3/8/8/3QK3 w - - 0 1");
        let a = Analysis::new(&p);
        let qxd6 = uci(&p, "d1d6");
        assert_eq!(a.see(&p, qxd6), 128 - (1248 - 128));
        assert!(!a.is_safe_move(&p, qxd6));
        let nxd6 = uci(&p, "e4d6");
        assert_eq!(a.see(&p, nxd6), 128 - (416 - 128));
        let nf6 = uci(&p, "e4f6");
        assert!(a.is_safe_move(&p, nf6));
        assert_eq!(a.see(&p, nf6), 0);
    }

    #[test]
    fn start_position_is_quiet() {
        let a = Analysis::new(&Chess::default());
        for c in Color::ALL {
            assert!(a.en_prise(c).is_empty());
            assert!(a.pinned(c).is_empty());
        }
        // Rooks, bishops and the queen cannot move at all: trapped by the definition.
        assert!(a.trapped(Color::White).contains(A1));
        assert!(!a.trapped(Color::White).contains(B1));
        assert!(!a.trapped(Color::White).contains(E2));
    }
}
