//! The one tuning table of the plausible move generator (docs/design.md §5): every weight of every
//! named factor, in 1967 units (pawn = 128). The starting values were the 1980 Mac Hack
//! ones (`docs/machack-1980.md`) where the 1967 paper is silent; the values below are
//! fitted by `scripts/fit_factors.py write` on its training split (game positions, half of
//! STS, half of WAC) and checked on the rest (docs/performance.md, "Ranking quality").

/// All plausibility weights. `Weights::DEFAULT` is the table the engine uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    // --- square importance (docs/design.md §5) ---
    /// Importance of every square before the extras below.
    pub square_base: i32,
    /// Extra importance of the four centre squares (d4, e4, d5, e5).
    pub square_centre: i32,
    /// Extra importance of the twelve squares around the centre (c3–f3, c4, f4, c5, f5, c6–f6).
    pub square_ring: i32,
    /// Extra importance of each square next to the enemy king.
    pub square_king_zone: i32,
    /// Extra importance per rank forward (counted from the attacker's side), in the opening.
    pub square_per_rank: i32,
    /// Extra importance of a square holding one of the attacker's own en prise pieces.
    pub square_own_en_prise: i32,
    /// Small extra importance of a square holding one of the attacker's own pieces.
    pub square_own_piece: i32,

    // --- the score of a move ---
    /// Every move starts from this constant (1980: 512).
    pub base_constant: i32,

    // --- development (W terms, each scaled by weight / 16) ---
    /// Development weight of a pawn's attacked squares (1980 `PINVF`).
    pub dev_pawn: i32,
    /// Development weight of a knight.
    pub dev_knight: i32,
    /// Development weight of a bishop.
    pub dev_bishop: i32,
    /// Development weight of a rook.
    pub dev_rook: i32,
    /// Development weight of a queen (the 1980 program used 0 in the first 16 plies).
    pub dev_queen: i32,
    /// Development weight of a king in the middlegame.
    pub dev_king: i32,
    /// Development weight of a king in the endgame.
    pub dev_king_endgame: i32,
    /// Divisor turning the weighted square sum into plausibility (1980: 16).
    pub dev_scale: i32,

    // --- material and en prise ---
    /// Percentage of a capture's static exchange loss that is scored when it loses material
    /// (captures are tactical: a sacrifice deserves a look).
    pub losing_capture_pct: i32,
    /// Divisor of the captured piece's value scored for any capture: a capture forces the
    /// opponent's hand, and the bigger the victim the more it deserves a look.
    pub capture_victim_div: i32,
    /// Percentage of the material a checking move puts at risk that is scored.
    pub checking_loss_pct: i32,
    /// Percentage of the expected loss scored when moving a piece onto an attacked square.
    pub move_into_attack_pct: i32,
    /// Percentage of the expected loss of one of our en prise pieces gained by moving it.
    pub rescue_pct: i32,
    /// Percentage of an en prise piece's loss gained by defending it from the new square.
    pub defend_pct: i32,
    /// Percentage of an en prise piece's loss gained by interposing against its attacker.
    pub interpose_pct: i32,
    /// Percentage of an en prise piece's loss gained by capturing one of its attackers while
    /// another remains (capturing the last one rescues it: `rescue_pct`, as moving it does).
    pub remove_threat_pct: i32,
    /// Divisor of the value of a piece left attacked and undefended by the mover.
    pub abandon_defence_div: i32,
    /// Percentage of the loss when leaving a line lets an enemy slider hit our piece.
    pub unmask_enemy_pct: i32,
    /// Bonus for an even trade (captured and capturing piece about equal) per 8 of capture value,
    /// when ahead.
    pub trade_when_ahead_div: i32,
    /// Material lead (or deficit) at which trades start to matter.
    pub trade_threshold: i32,

    // --- attacks on enemy pieces (weak spots) ---
    /// Divisor of the value of an undefended enemy piece newly attacked.
    pub attack_undefended_div: i32,
    /// Divisor of the value difference when newly attacking a bigger defended piece.
    pub attack_bigger_div: i32,
    /// Cap on the bigger-piece attack bonus.
    pub attack_bigger_cap: i32,
    /// Newly attacking an enemy piece of about our value (offering a trade).
    pub offer_trade: i32,
    /// Newly attacking a piece we already attack so that our attackers outnumber its defenders.
    pub pile_on: i32,
    /// Newly attacking an isolated or backward enemy pawn.
    pub attack_weak_pawn: i32,
    /// Newly attacking a pinned enemy piece.
    pub attack_pinned_piece: i32,
    /// Newly attacking a trapped enemy piece (it has no safe move).
    pub attack_trapped_div: i32,
    /// Newly attacking an enemy piece that is the only defender of another attacked piece.
    pub attack_sole_defender: i32,
    /// Landing on the line by which an enemy slider alone guards a piece we attack.
    pub block_sole_defence: i32,
    /// Two or more threats at once: by threat count 2, 3, 4+.
    pub multiple_threats: [i32; 3],

    // --- pins, skewers, discoveries ---
    /// Pinning an enemy piece, by its relative rank (from the mover's side) 1..8.
    pub pin_by_rank: [i32; 8],
    /// Pinning a pawn that is not weak.
    pub pin_sound_pawn: i32,
    /// Divisor of the value of the piece behind in a skewer.
    pub skewer_div: i32,
    /// Lining a slider up behind our own piece aimed at an enemy target (preparing a discovery).
    pub prepare_discovery: i32,
    /// Divisor of the value of an enemy piece hit by a discovered attack.
    pub discovered_attack_div: i32,
    /// Moving the piece that one of our pieces is pinned against.
    pub move_pin_base: i32,
    /// Landing between an enemy pinner and our pinned piece.
    pub break_pin: i32,

    // --- checks ---
    /// A check after which the moved piece is safe.
    pub safe_check: i32,
    /// A check that loses the moved piece.
    pub unsafe_check: i32,
    /// Extra for a discovered check (the moved piece may go anywhere).
    pub discovered_check: i32,
    /// A move that mates.
    pub checkmate: i32,
    /// A check (near the root) that leaves the opponent 1, 2 or 3 legal replies.
    pub forcing_check: [i32; 3],
    /// A check of few replies after each of which we mate (mate in two, near the root).
    pub check_then_mate: i32,
    /// A sacrificial check of 1, 2, 3 or more replies which, once taken, leaves us no safe
    /// check of at most two replies and no exchange that wins the material back (near the
    /// root).
    pub hollow_sacrifice: [i32; 4],
    /// Percentage scored of the material a move newly threatens to win (near
    /// the root: the exchange on every enemy piece after the move).
    pub threat_pct: i32,
    /// Percentage scored of what a move's threat still wins after every reply.
    pub unparried_pct: i32,
    /// The least new threat for which the replies are tried.
    pub unparried_min: i32,
    /// Percentage scored of what a quiet move wins against any reply along the forcing
    /// line that follows (at the root), at most a queen.
    pub quiet_blow_pct: i32,
    /// A move other than a check after which we would mate at once if it were our move again:
    /// it forces the reply much as a check of few replies does.
    pub threatens_mate: i32,
    /// The same threat made by a capture, which already forces the reply by its own weight.
    pub threatens_mate_capture: i32,
    /// A move other than a check that threatens a mate no reply can stop (mate in two, near
    /// the root).
    pub unstoppable_mate: i32,
    /// A move after which the enemy can no longer mate at once, when he could before.
    pub parries_mate: i32,
    /// Percentage given back of what the exchange on the destination cost a move whose
    /// piece cannot be taken without allowing mate (near the root).
    pub poisoned_pct: i32,
    /// Percentage given back of an offer's loss scored, and scored of its victim, when
    /// taking it lets us win back at least as much at once, or at the root along the line
    /// of captures and checks that follows (near the root).
    pub regain_pct: i32,
    /// An offer on the enemy king's field, per other piece of ours bearing on it (up to 3).
    pub king_field_sacrifice: i32,
    /// Search levels (1 = the root's moves) at which the near-root factors look ahead
    /// (`threatens_mate`, `unstoppable_mate`, `forcing_check`, `check_then_mate`,
    /// `hollow_sacrifice`, `creates_threat`, `unparried_threat`, `parries_mate`,
    /// `poisoned_offer`, `sacrifice_regains`: each look plays the move, too dear deeper in the tree;
    /// `quiet_blow` looks at the root only).
    pub near_root_levels: u32,
    /// Rook or queen lands on the enemy king's file or rank.
    pub king_line: i32,
    /// Extra when that file has no pawn on it.
    pub open_line_to_king: i32,
    /// Bishop or queen lands on a diagonal through the enemy king.
    pub king_diagonal: i32,

    // --- opening sense and the king ---
    /// Castling.
    pub castle: i32,
    /// First move of a knight or bishop from its original square.
    pub first_minor_move: i32,
    /// Queen move in the opening while the queen is not attacked.
    pub early_queen_move: i32,
    /// King move (not castling) while castling is still possible.
    pub king_move_spoils_castling: i32,
    /// Moving a rook from its corner while castling on its side is still possible.
    pub rook_move_spoils_castling: i32,
    /// Piece move to K3/Q3 in front of an unmoved centre pawn (d2/e2, d7/e7).
    pub block_centre_pawn: i32,
    /// King move in the middlegame (enemy queen on), per rank forward (negative) or back.
    pub king_rank_step: i32,
    /// Any ordinary king move in the middlegame.
    pub king_walk: i32,
    /// King centralisation in the endgame, per step of distance to the centre.
    pub king_centralise_endgame: i32,

    // --- piece placement ---
    /// Knight centralisation, times the centre factor of the destination (1..4).
    pub knight_centre: i32,
    /// Pawn centralisation, times the centre factor of the destination (1..5).
    pub pawn_centre: i32,
    /// Knight to an outpost: enemy half, defended by our pawn, no enemy pawn can chase it.
    pub knight_outpost: i32,
    /// Rook to the seventh rank with the enemy king on the eighth or enemy pawns on the seventh.
    pub rook_seventh: i32,

    // --- pawns ---
    /// Pushing a passed pawn, by its relative rank before the move (1..8).
    pub passed_push_by_rank: [i32; 8],
    /// Promoting (beyond the material gained).
    pub promotion: i32,
    /// Promoting to anything but a queen.
    pub underpromotion: i32,
    /// Pawn move that newly attacks an enemy pawn (a pawn break).
    pub pawn_break: i32,
    /// Each isolated pawn of ours the move creates.
    pub creates_isolated: i32,
    /// Each backward pawn of ours the move creates.
    pub creates_backward: i32,
    /// Advancing one of our backward pawns.
    pub advance_backward: i32,
    /// Pawn to KN3/QN3 trapping an enemy bishop on our KR2/QR2.
    pub trap_bishop: i32,
    /// Blockading an enemy passed pawn, by its relative rank (from its side) 1..8.
    pub blockade_by_rank: [i32; 8],

    // --- the positional flag ---
    /// A quiet move whose positional factors sum to this or less is flagged POOR.
    pub poor_threshold: i32,
    /// Game plies counted as the opening.
    pub opening_plies: u32,
}

impl Weights {
    /// The table the engine uses.
    pub const DEFAULT: Weights = Weights {
        square_base: 8,
        square_centre: 16,
        square_ring: 8,
        square_king_zone: 16,
        square_per_rank: 1,
        square_own_en_prise: 16,
        square_own_piece: 2,
        base_constant: 512,
        dev_pawn: 38,
        dev_knight: 19,
        dev_bishop: 19,
        dev_rook: 13,
        dev_queen: 6,
        dev_king: 6,
        dev_king_endgame: 25,
        dev_scale: 16,
        losing_capture_pct: 22,
        // Checks force the reply: a sacrificial check loses less of its score than another
        // move that loses material.
        checking_loss_pct: 15,
        capture_victim_div: 20,
        move_into_attack_pct: 30,
        rescue_pct: 35,
        defend_pct: 23,
        interpose_pct: 44,
        remove_threat_pct: 25,
        abandon_defence_div: 3,
        unmask_enemy_pct: 25,
        trade_when_ahead_div: 13,
        trade_threshold: 128,
        attack_undefended_div: 40,
        attack_bigger_div: 3,
        attack_bigger_cap: 143,
        offer_trade: 13,
        pile_on: 22,
        attack_weak_pawn: 58,
        attack_pinned_piece: 128,
        attack_trapped_div: 4,
        attack_sole_defender: 35,
        block_sole_defence: 20,
        multiple_threats: [40, 64, 96],
        pin_by_rank: [10, 10, 12, 14, 16, 18, 18, 18],
        pin_sound_pawn: 8,
        skewer_div: 3,
        prepare_discovery: 8,
        discovered_attack_div: 4,
        move_pin_base: 15,
        break_pin: 35,
        safe_check: 120,
        unsafe_check: 151,
        discovered_check: 231,
        checkmate: 8192,
        forcing_check: [474, 119, 59],
        check_then_mate: 2048,
        hollow_sacrifice: [-462, -173, -115, -72],
        threat_pct: 14,
        parries_mate: 725,
        poisoned_pct: 100,
        regain_pct: 100,
        king_field_sacrifice: 44,
        unstoppable_mate: 2048,
        unparried_pct: 68,
        unparried_min: 256,
        quiet_blow_pct: 100,
        threatens_mate: 272,
        threatens_mate_capture: 116,
        near_root_levels: 2,
        king_line: 23,
        open_line_to_king: 9,
        king_diagonal: 29,
        castle: 94,
        first_minor_move: 28,
        early_queen_move: -48,
        king_move_spoils_castling: -50,
        rook_move_spoils_castling: -44,
        block_centre_pawn: -91,
        king_rank_step: -21,
        king_walk: -65,
        king_centralise_endgame: 11,
        knight_centre: 2,
        pawn_centre: 4,
        knight_outpost: 80,
        rook_seventh: 83,
        passed_push_by_rank: [0, 44, 66, 88, 132, 176, 264, 0],
        promotion: 128,
        underpromotion: -512,
        pawn_break: 93,
        creates_isolated: -23,
        creates_backward: -21,
        advance_backward: 6,
        trap_bishop: 128,
        blockade_by_rank: [0, 36, 54, 72, 108, 144, 217, 0],
        poor_threshold: -76,
        opening_plies: 20,
    };
}
