//! The facts of one generation, computed once before any move is scored: square
//! importance for both sides (recomputed every generation, docs/design.md §5), who attacks what,
//! the expected loss of every en prise piece (a static exchange on its square), pins,
//! pin bases, sole defenders, and the pawn structure. Allocation-free.

use shakmaty::attacks;
use shakmaty::{Bitboard, Board, CastlingSide, Chess, Color, Position, Role, Square};

use super::Context;
use super::forcing::won_against_any_reply;
use super::mate::mating_move;
use super::squares::{attacks_of, ci, lone_blockers, snipers};
use super::weights::Weights;
use super::words::{RoleOn, Sq};
use crate::attack::Analysis;
use crate::attack::see::{self, Capturers, StandingPins};
use crate::eval::pawns::{backward, isolated, passed, pawn_cover};
use crate::eval::piece_value;

/// The facts of one generation.
pub(crate) struct Scene<'a> {
    pub pos: &'a Chess,
    pub board: &'a Board,
    pub w: &'static Weights,
    pub us: Color,
    pub them: Color,
    pub occ: Bitboard,
    pub by: [Bitboard; 2],
    pub king: [Square; 2],
    /// Importance of each square to a piece of each side attacking it.
    pub imp: [[i32; 64]; 2],
    /// Importance sum of what each of our pieces attacks (its development before
    /// weighting); 0 on other squares.
    pub dev_sum: [i32; 64],
    /// Every square each side attacks.
    pub att: [Bitboard; 2],
    /// Every square each side's bishops, rooks and queens attack.
    pub slider_att: [Bitboard; 2],
    /// What the piece on each occupied square attacks.
    pub piece_att: [Bitboard; 64],
    /// The bishops, rooks and queens (both sides) attacking each square: the only pieces
    /// whose lines a move from, to or capturing on that square can block or open.
    pub slider_seen: [Bitboard; 64],
    /// The role on each square (a pawn on empty squares), read without searching the
    /// board's role sets.
    pub role_on: [Role; 64],
    /// Pieces (of either side) that alone block a line from one of our sliders to the
    /// enemy king.
    pub check_blockers: Bitboard,
    /// Expected loss of the piece on each square if its opponent starts capturing there.
    pub loss: [i32; 64],
    /// Value of the cheapest enemy piece attacking each en prise piece (0 elsewhere: only
    /// en prise pieces are asked for, and the search for it is not free).
    pub cheapest_attacker: [i32; 64],
    /// Pieces of each side with a positive `loss`.
    pub en_prise: [Bitboard; 2],
    /// The biggest `loss` among each side's pieces: what the opponent already threatens.
    pub biggest_loss: [i32; 2],
    /// Pieces pinned against their own king.
    pub king_pinned: [Bitboard; 2],
    /// Pieces pinned against their king or a more valuable or undefended piece.
    pub pinned: [Bitboard; 2],
    /// Pieces against which a piece of the same side is pinned (kings excluded).
    pub pin_base: [Bitboard; 2],
    /// Squares strictly between a pinner and the piece it pins, by the pinned side.
    pub pin_lines: [Bitboard; 2],
    /// Pieces the attack analysis found trapped.
    pub trapped: [Bitboard; 2],
    /// Pieces that are the only defender of an attacked piece of their side.
    pub sole_defender: [Bitboard; 2],
    /// The squares the enemy's key guards attack: where an overload can start.
    pub guard_reach: Bitboard,
    /// Attacked pieces with exactly one defender.
    pub defended_once: [Bitboard; 2],
    /// Defenders whose removal would let an attacked piece of their side be won (the sole
    /// defenders and, for the enemy, of pieces defended more often, the ones the exchange
    /// hinges on).
    pub key_guard: [Bitboard; 2],
    /// The attacked pieces that a key guard holds.
    pub key_guarded: [Bitboard; 2],
    /// Squares between an enemy slider and an en prise piece it attacks, by that piece's side.
    pub interpose_squares: [Bitboard; 2],
    pub pawns: [Bitboard; 2],
    /// Squares each side's pawns attack.
    pub pawn_cover: [Bitboard; 2],
    pub passed: [Bitboard; 2],
    pub backward: [Bitboard; 2],
    /// The squares just ahead of the enemy passed pawns, where a piece of ours blockades one.
    pub blockade_squares: Bitboard,
    /// The diagonals through the enemy king on an empty board (looked up once, not for
    /// every bishop and queen move).
    pub king_diagonals: Bitboard,
    /// The squares next to the enemy king.
    pub king_zone: Bitboard,
    /// Isolated or backward pawns.
    pub weak_pawns: [Bitboard; 2],
    /// The squares of our rooks that may still castle: moving one spoils its side's
    /// castling (one set test per rook move instead of asking both sides' rights).
    pub castling_rooks: Bitboard,
    /// Material without kings.
    pub material: [i32; 2],
    pub opening: bool,
    pub endgame: bool,
    pub level: u32,
    /// Whether the moves are near enough the root for the factors that look ahead.
    pub near_root: bool,
    /// Whether the side to move is in check.
    pub in_check: bool,
    /// Near the root: the square where the enemy would mate at once were it his move.
    pub mate_threat: Option<Square>,
    /// At the root: what the enemy loses against any reply were it his move now (the
    /// `quiet_blow` a move makes counts beyond it).
    pub standing_blow: i32,
    /// Our pieces, not en prise and not the king, guarded by one piece only against an
    /// attack: the only pieces a move can leave undefended.
    pub lone_guarded: Bitboard,
    /// 7 for Black, 0 for White: a rank number xor this counts from our side.
    rank_flip: u32,
    /// `dev_weight` of each role (pawn first) in this phase.
    dev_weights: [i32; 6],
    /// Whether `dev_scale` is 16.
    dev_by_16: bool,
}

impl<'a> Scene<'a> {
    /// Gathers the facts of `pos` for one generation.
    pub fn new(pos: &'a Chess, analysis: &Analysis, ctx: &Context) -> Scene<'a> {
        let mut scene = Scene::blank(pos, analysis, ctx);
        scene.fill(ctx);
        scene
    }

    /// The scene of `pos` with only the facts read straight from the position and the
    /// analysis; `fill` gathers the rest. Two steps so that `generate` builds the scene
    /// in its own frame: returning a finished scene copies its few kilobytes.
    #[inline(always)]
    pub fn blank(pos: &'a Chess, analysis: &Analysis, ctx: &Context) -> Scene<'a> {
        let board = pos.board();
        let w = ctx.weights.unwrap_or(&Weights::DEFAULT);
        let us = pos.turn();
        let them = !us;
        let occ = board.occupied();
        let by = [board.by_color(Color::Black), board.by_color(Color::White)];
        let king = [
            board.king_of(Color::Black).unwrap_or(Square::A8),
            board.king_of(Color::White).unwrap_or(Square::A1),
        ];
        let pawns = [board.pawns() & by[0], board.pawns() & by[1]];
        let passed = [
            passed(Color::Black, pawns[0], pawns[1]),
            passed(Color::White, pawns[1], pawns[0]),
        ];
        Scene {
            pos,
            board,
            w,
            us,
            them,
            occ,
            by,
            king,
            imp: [[0; 64]; 2],
            dev_sum: [0; 64],
            att: [Bitboard::EMPTY; 2],
            slider_att: [Bitboard::EMPTY; 2],
            piece_att: [Bitboard::EMPTY; 64],
            slider_seen: [Bitboard::EMPTY; 64],
            role_on: [Role::Pawn; 64],
            check_blockers: Bitboard::EMPTY,
            loss: [0; 64],
            cheapest_attacker: [0; 64],
            en_prise: [Bitboard::EMPTY; 2],
            biggest_loss: [0; 2],
            king_pinned: [Bitboard::EMPTY; 2],
            pinned: [analysis.pinned(Color::Black), analysis.pinned(Color::White)],
            pin_base: [Bitboard::EMPTY; 2],
            pin_lines: [Bitboard::EMPTY; 2],
            trapped: [
                analysis.trapped(Color::Black),
                analysis.trapped(Color::White),
            ],
            sole_defender: [Bitboard::EMPTY; 2],
            guard_reach: Bitboard::EMPTY,
            defended_once: [Bitboard::EMPTY; 2],
            key_guard: [Bitboard::EMPTY; 2],
            key_guarded: [Bitboard::EMPTY; 2],
            interpose_squares: [Bitboard::EMPTY; 2],
            pawns,
            pawn_cover: [
                pawn_cover(Color::Black, pawns[0]),
                pawn_cover(Color::White, pawns[1]),
            ],
            passed,
            backward: [
                backward(Color::Black, pawns[0], pawns[1]),
                backward(Color::White, pawns[1], pawns[0]),
            ],
            blockade_squares: Bitboard(match them {
                Color::White => passed[1].0 << 8,
                Color::Black => passed[0].0 >> 8,
            }),
            king_diagonals: attacks::bishop_attacks(king[ci(them)], Bitboard::EMPTY),
            king_zone: attacks::king_attacks(king[ci(them)]),
            weak_pawns: [Bitboard::EMPTY; 2],
            castling_rooks: [CastlingSide::KingSide, CastlingSide::QueenSide]
                .into_iter()
                .filter_map(|cs| pos.castles().rook(us, cs))
                .collect(),
            material: [0; 2],
            opening: false,
            endgame: false,
            level: ctx.level,
            near_root: ctx.level <= w.near_root_levels,
            in_check: pos.is_check(),
            lone_guarded: Bitboard::EMPTY,
            mate_threat: None,
            standing_blow: 0,
            rank_flip: if us == Color::White { 0 } else { 7 },
            dev_weights: [0; 6],
            dev_by_16: w.dev_scale == 16,
        }
    }

    /// Gathers the facts `blank` left empty.
    pub fn fill(&mut self, ctx: &Context) {
        let scene = self;
        let (board, by, occ, us, them, pawns, king) = (
            scene.board,
            scene.by,
            scene.occ,
            scene.us,
            scene.them,
            scene.pawns,
            scene.king,
        );
        // Filled in place, role by role (cheaper than the board's square-by-square walk, and
        // nothing large is moved); one loop per role, each with its own attack lookup.
        for c in Color::ALL {
            let mine = by[ci(c)];
            scene.add_pieces(c, Role::Pawn, board.pawns() & mine, |sq| {
                attacks::pawn_attacks(c, sq)
            });
            scene.add_pieces(
                c,
                Role::Knight,
                board.knights() & mine,
                attacks::knight_attacks,
            );
            scene.add_pieces(c, Role::Bishop, board.bishops() & mine, |sq| {
                attacks::bishop_attacks(sq, occ)
            });
            scene.add_pieces(c, Role::Rook, board.rooks() & mine, |sq| {
                attacks::rook_attacks(sq, occ)
            });
            scene.add_pieces(c, Role::Queen, board.queens() & mine, |sq| {
                attacks::queen_attacks(sq, occ)
            });
            scene.add_pieces(c, Role::King, board.kings() & mine, attacks::king_attacks);
        }
        for c in Color::ALL {
            scene.weak_pawns[ci(c)] = isolated(pawns[ci(c)]) | scene.backward[ci(c)];
        }
        scene.find_pins();
        scene.find_losses();
        scene.lone_guarded = scene.defended_once[ci(us)] & !scene.en_prise[ci(us)] & !board.kings();
        for d in scene.key_guard[ci(them)] {
            scene.guard_reach |= scene.piece_att[d.to_usize()];
        }
        // Were it the enemy's move now: his mate at once, and (at the root) what he loses
        // against any reply; one passed position for both.
        if scene.near_root
            && !scene.in_check
            && let Ok(passed) = scene.pos.clone().swap_turn()
        {
            scene.mate_threat = mating_move(&passed);
            if scene.level <= 1 {
                scene.standing_blow = won_against_any_reply(&passed).unwrap_or(0);
            }
        }
        scene.find_phase(ctx);
        for role in Role::ALL {
            scene.dev_weights[role as usize - 1] = scene.dev_weight_of(role);
        }
        scene.find_importance();
        for sq in scene.by[ci(us)] {
            scene.dev_sum[sq.to_usize()] = scene.importance(us, scene.piece_att[sq.to_usize()]);
        }
        // The squares that alone stand between the enemy king and one of our sliders: only
        // a move from one of them (or an en passant capture removing one) can discover check.
        let k = king[ci(them)];
        scene.check_blockers = lone_blockers(k, snipers(board, k, by[ci(us)]), occ);
    }

    /// Records the pieces `on` of `c`, all of `role`, attacking what `attacks` gives:
    /// their role, attacks and material, and for sliders the squares they see.
    #[inline(always)]
    fn add_pieces(
        &mut self,
        c: Color,
        role: Role,
        on: Bitboard,
        attacks: impl Fn(Square) -> Bitboard,
    ) {
        let slider = matches!(role, Role::Bishop | Role::Rook | Role::Queen);
        for sq in on {
            let i = sq.to_usize();
            self.role_on[i] = role;
            let a = attacks(sq);
            self.piece_att[i] = a;
            self.att[ci(c)] |= a;
            if slider {
                self.slider_att[ci(c)] |= a;
                for t in a {
                    self.slider_seen[t.to_usize()].add(sq);
                }
            }
            if role != Role::King {
                self.material[ci(c)] += piece_value(role);
            }
        }
    }

    fn find_pins(&mut self) {
        for c in Color::ALL {
            let k = self.king[ci(c)];
            let enemy = self.by[ci(!c)];
            for s in snipers(self.board, k, enemy) {
                let b = attacks::between(k, s) & self.occ;
                if let Some(p) = b.single_square()
                    && self.by[ci(c)].contains(p)
                {
                    self.king_pinned[ci(c)].add(p);
                    self.pinned[ci(c)].add(p);
                    self.pin_lines[ci(c)] |= attacks::between(p, s);
                }
            }
            // Pins against pieces other than the king.
            for s in self.board.sliders() & enemy {
                let role = self.role_on[s.to_usize()];
                let seen = self.piece_att[s.to_usize()];
                for p in seen & self.by[ci(c)] & !self.board.kings() {
                    // A pin needs another piece of ours (not the king) on the line.
                    if (attacks::ray(s, p) & self.by[ci(c)] & !self.board.kings())
                        .without(p)
                        .is_empty()
                    {
                        continue;
                    }
                    let behind = attacks_of(role, !c, s, self.occ ^ p) & !seen & self.by[ci(c)];
                    let Some(b) = behind.first() else {
                        continue;
                    };
                    let brole = self.role_on[b.to_usize()];
                    if brole == Role::King {
                        continue;
                    }
                    if piece_value(brole) > piece_value(role) || !self.att[ci(c)].contains(b) {
                        self.pinned[ci(c)].add(p);
                        self.pin_base[ci(c)].add(b);
                        self.pin_lines[ci(c)] |= attacks::between(p, s);
                    }
                }
            }
        }
    }

    fn find_losses(&mut self) {
        for c in Color::ALL {
            for p in self.by[ci(c)] & self.att[ci(!c)] & !self.board.kings() {
                let role = self.role_on[p.to_usize()];
                let both = self.slider_seen[p.to_usize()] | self.leapers_of(p);
                let l = self.exchange(p, self.occ, both, piece_value(role), !c);
                self.loss[p.to_usize()] = l;
                let attackers = both & self.by[ci(!c)];
                let defenders = both & self.by[ci(c)];
                if let Some(d) = defenders.single_square() {
                    self.sole_defender[ci(c)].add(d);
                    self.defended_once[ci(c)].add(p);
                    self.key_guard[ci(c)].add(d);
                    self.key_guarded[ci(c)].add(p);
                } else if c == self.them && l == 0 && defenders.more_than_one() {
                    // Only the enemy's key guards are looked for (overloads to exploit).
                    for d in defenders & !self.board.kings() {
                        let without = self.occ.without(d);
                        if self.exchange(p, without, both.without(d), piece_value(role), !c) > 0 {
                            self.key_guard[ci(c)].add(d);
                            self.key_guarded[ci(c)].add(p);
                        }
                    }
                }
                if l > 0 {
                    self.en_prise[ci(c)].add(p);
                    self.biggest_loss[ci(c)] = self.biggest_loss[ci(c)].max(l);
                    self.cheapest_attacker[p.to_usize()] = self
                        .least_valuable(attackers, !c, p)
                        .map_or(0, |(_, r)| piece_value(r));
                    let sliders = attackers & self.board.sliders();
                    for x in sliders {
                        self.interpose_squares[ci(c)] |= attacks::between(x, p);
                    }
                }
            }
        }
    }

    fn find_phase(&mut self, ctx: &Context) {
        let pos_ply = crate::rules::game_ply(self.pos);
        let ply = pos_ply.max(ctx.game_ply).max(ctx.root_game_ply);
        let home_minors = match self.us {
            Color::White => Bitboard::from(Square::B1) | Square::G1 | Square::C1 | Square::F1,
            Color::Black => Bitboard::from(Square::B8) | Square::G8 | Square::C8 | Square::F8,
        };
        let undeveloped =
            (self.board.knights() | self.board.bishops()) & self.by[ci(self.us)] & home_minors;
        self.opening = ply < self.w.opening_plies
            && (undeveloped.count() >= 2 || self.pos.castles().has_color(self.us));
        let non_pawn = |c: Color| self.material[ci(c)] - 128 * self.pawns[ci(c)].count() as i32;
        self.endgame = self.board.queens().is_empty()
            || (non_pawn(Color::White) <= 1664 && non_pawn(Color::Black) <= 1664);
    }

    fn find_importance(&mut self) {
        const CENTRE: u64 = 0x0000_0018_1800_0000;
        const RING: u64 = 0x0000_3c3c_3c3c_0000 & !CENTRE;
        let w = self.w;
        // The base, then the centre and the ring around it (a few squares each).
        let mut base = [w.square_base; 64];
        for sq in Bitboard(CENTRE) {
            base[sq.to_usize()] += w.square_centre;
        }
        for sq in Bitboard(RING) {
            base[sq.to_usize()] += w.square_ring;
        }
        for c in Color::ALL {
            let t = &mut self.imp[ci(c)];
            *t = base;
            if self.opening {
                for (i, v) in t.iter_mut().enumerate() {
                    let rank = (i >> 3) as i32;
                    let relative = if c == Color::White { rank } else { 7 - rank };
                    *v += w.square_per_rank * relative;
                }
            }
            for sq in attacks::king_attacks(self.king[ci(!c)]) {
                t[sq.to_usize()] += w.square_king_zone;
            }
            for sq in self.by[ci(c)] {
                t[sq.to_usize()] += w.square_own_piece;
            }
            for sq in self.en_prise[ci(c)] {
                t[sq.to_usize()] += w.square_own_en_prise;
            }
        }
    }

    /// Sum of `c`'s importance over `squares`.
    #[inline]
    pub fn importance(&self, c: Color, squares: Bitboard) -> i32 {
        // A table walk: the sets are small (a handful of squares), and without a hardware
        // population count this beats summing the table's layers.
        let t = &self.imp[ci(c)];
        let mut v = 0;
        let mut bits = squares.0;
        while bits != 0 {
            v += t[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        v
    }

    /// The rank of `sq` counted from our side, 0..=7.
    #[inline]
    pub fn rel_rank(&self, sq: Square) -> i32 {
        ((sq.to_u32() >> 3) ^ self.rank_flip) as i32
    }

    /// The role on `sq` (a pawn if empty; callers ask only for occupied squares).
    #[inline]
    pub fn role(&self, sq: Square) -> Role {
        self.role_on[sq.to_usize()]
    }

    /// `pct` percent of what our en prise piece on `sq` stands to lose: the part of it a
    /// move that shields or frees the piece saves.
    #[inline]
    pub fn loss_pct(&self, sq: Square, pct: i32) -> i32 {
        self.loss[sq.to_usize()] * pct / 100
    }

    /// The piece on `sq` in the factors' words, named from our side ("knight on KB3 (f3)").
    #[inline]
    pub fn piece_on(&self, sq: Square) -> RoleOn {
        RoleOn(self.role(sq), Sq(sq, self.us))
    }

    /// Development weight of a role.
    #[inline]
    pub fn dev_weight(&self, role: Role) -> i32 {
        self.dev_weights[role as usize - 1]
    }

    /// A weighted development sum in plausibility units (divided by `dev_scale`). With
    /// the default scale 16 the flag spares the division by the weight its zero and
    /// overflow checks; the compiler still merges both branches into one division (by 16
    /// or the weight), and writing the shift out instead costs more instructions than it
    /// saves time (measured: +212 instructions per generation, no gain in CPU time).
    #[inline]
    pub fn dev_scaled(&self, x: i32) -> i32 {
        if self.dev_by_16 {
            x / 16
        } else {
            x / self.w.dev_scale
        }
    }

    /// Development weight of a role, read from the weights (filling `dev_weights`).
    fn dev_weight_of(&self, role: Role) -> i32 {
        let w = self.w;
        match role {
            Role::Pawn => w.dev_pawn,
            Role::Knight => w.dev_knight,
            Role::Bishop => w.dev_bishop,
            Role::Rook => w.dev_rook,
            Role::Queen => w.dev_queen,
            Role::King => {
                if self.endgame {
                    w.dev_king_endgame
                } else {
                    w.dev_king
                }
            }
        }
    }

    /// The least valuable piece of `side` in `attackers` that may capture on `target`
    /// (pieces pinned against their own king only along the pin line): the first capturer
    /// of the generator's exchange.
    fn least_valuable(
        &self,
        attackers: Bitboard,
        side: Color,
        target: Square,
    ) -> Option<(Square, Role)> {
        let rules = StandingPins::new(self.king_pinned, self.king, target);
        rules.next(
            self.board,
            attackers & self.by[ci(side)],
            side,
            target,
            self.occ,
        )
    }

    /// The pieces of both sides attacking `sq` with `occ` occupied (pieces not in `occ`
    /// included).
    #[inline]
    pub fn attackers_of(&self, sq: Square, occ: Bitboard) -> Bitboard {
        let b = self.board;
        attacks::rook_attacks(sq, occ) & b.rooks_and_queens()
            | attacks::bishop_attacks(sq, occ) & b.bishops_and_queens()
            | self.leapers_of(sq)
    }

    /// The knights, kings and pawns (both sides) attacking `sq`.
    #[inline]
    fn leapers_of(&self, sq: Square) -> Bitboard {
        let b = self.board;
        attacks::knight_attacks(sq) & b.knights()
            | attacks::king_attacks(sq) & b.kings()
            | attacks::pawn_attacks(Color::White, sq) & b.pawns() & self.by[ci(Color::Black)]
            | attacks::pawn_attacks(Color::Black, sq) & b.pawns() & self.by[ci(Color::White)]
    }

    /// The pieces of both sides attacking the destination `to` of a legal move from `from`
    /// (neither castling nor en passant), `occ` being the occupancy after it: what
    /// `attackers_of(to, occ) & occ` gives, the sliders read from `slider_seen` instead of
    /// two line lookups: those that see `to` now, and those that see `from` on the line
    /// through both squares (the path between them is empty, so vacating `from` opens the
    /// line to `to`), less the mover and what it takes.
    pub fn attackers_on_arrival(&self, from: Square, to: Square, occ: Bitboard) -> Bitboard {
        let sliders = (self.slider_seen[to.to_usize()]
            | self.slider_seen[from.to_usize()] & attacks::ray(to, from))
            & !(Bitboard::from(from) | to);
        (sliders | self.leapers_of(to)) & occ
    }

    /// Static exchange on `sq` by the generator's rules (`see::StandingPins`): what `side`
    /// gains at best by starting to capture there a piece worth `target`, with `occ`
    /// occupied (0 when it should not capture), the pieces in `occ` attacking `sq` being
    /// `attackers`. X-rays count; the board's pieces not in `occ` are gone.
    #[inline]
    pub fn exchange(
        &self,
        sq: Square,
        occ: Bitboard,
        attackers: Bitboard,
        target: i32,
        side: Color,
    ) -> i32 {
        let rules = StandingPins::new(self.king_pinned, self.king, sq);
        see::exchange(self.board, &rules, sq, occ, attackers, target, side)
    }

    /// A cheap trapped test for the piece on `sq` (besides the analysis's own): every
    /// square it can go to is attacked by the opponent, and no capture there wins.
    pub fn is_trapped(&self, sq: Square) -> bool {
        let Some(piece) = self.board.piece_at(sq) else {
            return false;
        };
        if self.trapped[ci(piece.color)].contains(sq) {
            return true;
        }
        if matches!(piece.role, Role::Pawn | Role::King) {
            return false;
        }
        let v = piece_value(piece.role);
        let enemy_att = self.att[ci(!piece.color)];
        for d in self.piece_att[sq.to_usize()] & !self.by[ci(piece.color)] {
            if !enemy_att.contains(d) {
                return false;
            }
            if let Some(r) = self.board.role_at(d)
                && piece_value(r) >= v
            {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::pos;

    #[test]
    fn en_prise_losses_come_from_the_exchange() {
        // The loose knight e5 is lost whole; the pawn e5 guarded by d6 is not en prise to
        // the queen and rook (Qxe5 dxe5).
        let p = pos("4k3/8/8/4n3/8/8/4Q3/4R1K1 w - - 0 1");
        let s = Scene::new(&p, &Analysis::new(&p), &Context::default());
        assert_eq!(s.loss[Square::E5.to_usize()], 416);
        assert!(s.en_prise[ci(Color::Black)].contains(Square::E5));
        let p = pos("4k3/8/3p4/4p3/8/8/4Q3/4R1K1 w - - 0 1");
        let s = Scene::new(&p, &Analysis::new(&p), &Context::default());
        assert_eq!(s.loss[Square::E5.to_usize()], 0);
        assert!(s.en_prise[ci(Color::Black)].is_empty());
    }
}
