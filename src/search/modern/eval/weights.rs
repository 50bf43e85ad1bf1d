//! Every weight of the modern evaluation, in one table.
//!
//! Each entry is a (middlegame, endgame) pair in centipawns; the evaluation blends the two
//! by the game phase. `DEFAULT` is the table the engine plays with.

use super::table::{S, Scale, Table, weight_table};

weight_table! {
    /// The modern evaluation's weights.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct Weights {
        /// Piece values: pawn, knight, bishop, rook, queen (the 1967 program's B term).
        pub material: [S; 5],
        /// Piece-square tables by role (pawn … king), by square seen from the piece's own
        /// side (a1 = 0 … h8 = 63). They carry the 1967 K term (the king stays home while
        /// queens are on) and the pawn part of its centre term.
        pub pst: [[S; 64]; 6],
        /// Knight mobility by the number of squares it reaches that hold no own pawn or
        /// king and no enemy pawn guards.
        pub knight_mobility: [S; 9],
        /// Bishop mobility, counted the same way.
        pub bishop_mobility: [S; 14],
        /// Rook mobility, counted the same way.
        pub rook_mobility: [S; 15],
        /// Queen mobility, counted the same way.
        pub queen_mobility: [S; 28],
        /// The 1967 C term grown up: per centre square (d4, e4, d5, e5) the side's pawns
        /// guard, and per centre square its pieces attack.
        pub centre_control: [S; 2],
        /// Both bishops still on the board.
        pub bishop_pair: S,
        /// A knight, then a bishop, on the fourth to sixth rank, guarded by a pawn, where
        /// no enemy pawn can ever chase it.
        pub outpost: [S; 2],
        /// A rook on a file without pawns.
        pub rook_open_file: S,
        /// A rook on a file with enemy pawns only.
        pub rook_half_open_file: S,
        /// A rook on the seventh rank while the enemy king is on the eighth or enemy pawns
        /// are on the seventh.
        pub rook_seventh: S,
        /// Per bishop, per own pawn on squares of the bishop's colour (they narrow its
        /// scope and leave the other colour weak).
        pub bishop_pawns: S,
        /// A knight or bishop right behind a pawn (of either side), shielded from the
        /// front.
        pub minor_behind_pawn: S,
        /// Per knight or bishop, per king step from its own king (far from home, it
        /// neither guards the king nor is guarded by it).
        pub minor_king_distance: S,
        /// A bishop on a long diagonal that sees both of its centre squares past any
        /// pieces (pawns block it).
        pub bishop_long_diagonal: S,
        /// Per pawn with no own pawn on an adjacent file.
        pub isolated: S,
        /// Per pawn with an own pawn behind it on its file.
        pub doubled: S,
        /// Per pawn that no own pawn can defend (none beside or behind on the adjacent
        /// files) and whose advance an enemy pawn stops.
        pub backward: S,
        /// Per isolated or backward pawn with no enemy pawn ahead on its file: open to
        /// the enemy's rooks.
        pub weak_unopposed: S,
        /// Per pawn defended by a pawn or standing beside one, by its rank from its own
        /// side.
        pub connected: [S; 8],
        /// Per passed pawn, by its rank from its own side.
        pub passed: [S; 8],
        /// Added for a passed pawn whose next square is occupied (a blocker), by its rank.
        pub passed_blocked: [S; 8],
        /// Per passed pawn, by its own king's distance to the square in front of it, times
        /// (rank − 1): the king escorts the pawn.
        pub passed_own_king: [S; 8],
        /// The same for the enemy king: the defender stops the pawn.
        pub passed_enemy_king: [S; 8],
        /// A passed pawn the enemy king cannot catch when the enemy has only pawns.
        pub passed_unstoppable: S,
        /// Per passed pawn whose next square is empty and not attacked by the enemy, by
        /// its rank.
        pub passed_free: [S; 8],
        /// King-pawn tropism: the king's distance to the nearest pawn (either side's).
        pub king_pawn_tropism: [S; 8],
        /// Per file at and beside the king: how far ahead the nearest own pawn stands
        /// (1, 2, 3 or more ranks, none).
        pub shelter: [S; 4],
        /// Per file at and beside the king: how far ahead the nearest enemy pawn stands
        /// (1, 2, 3, 4 or more ranks or none).
        pub storm: [S; 4],
        /// The 1967 K term's aim, measured: attack units against the king's zone (knight or
        /// bishop 2, rook 3, queen 5, plus one per zone square hit; halved without a queen),
        /// counted once two pieces take part, capped at 15.
        pub king_danger: [S; 16],
        /// Whether an enemy knight, bishop, rook or queen can give check on a square the
        /// king's side does not guard and no enemy piece stands on (by role: knight,
        /// bishop, rook, queen).
        pub safe_check: [S; 4],
        /// Per square next to the king that the enemy attacks and only the king guards.
        pub king_ring_weak: S,
        /// Per piece (not a pawn) an enemy pawn attacks.
        pub threat_by_pawn: S,
        /// Per piece an enemy knight or bishop attacks, by its role (pawn … queen), when
        /// it is undefended or a rook or queen.
        pub threat_by_minor: [S; 5],
        /// Per piece an enemy rook attacks, by its role, when undefended or a queen.
        pub threat_by_rook: [S; 5],
        /// Per piece (not a pawn) attacked and not defended.
        pub hanging: S,
        /// Per enemy piece or pawn the king attacks and nothing defends.
        pub threat_by_king: S,
        /// Per enemy piece (not a pawn) a pawn would attack after a safe push.
        pub pawn_push_threat: S,
        /// The side to move.
        pub tempo: S,
        /// Endgame scale (of 128) when the side ahead has no pawns and at most a minor
        /// piece: it cannot mate (KvK, K+minor v K, and the like).
        pub scale_cannot_win: Scale,
        /// Endgame scale when the side ahead has no pawns and at most a minor piece more
        /// (KR v KB, KRB v KR, …): mostly drawn.
        pub scale_pawnless_small_edge: Scale,
        /// Endgame scale when the side ahead has only two knights against a bare king.
        pub scale_two_knights: Scale,
        /// Endgame scale with bishops on opposite colours and nothing else but pawns.
        pub scale_opposite_bishops: Scale,
        /// Endgame scale with bishops on opposite colours and other pieces too.
        pub scale_opposite_bishops_with_pieces: Scale,
    }
}

/// The weights the engine plays with: the table of commit 1605c77 refitted by
/// `machack tune --data positions.txt --epochs 200 --rate 1 --prior 0.00003 --score-weight 0.5 --check 0.1`
/// on 40,000 self-play games (`machack datagen --games 5000 --nodes 5000`: seeds 21 and 22
/// on f1fc87b, 31 and 32 on e3732c2, 41 and 42 on 4887ec3, results only; then 51 and 52 on
/// 00756d1 with the search's scores; concatenated in that order; docs/strength.md),
/// 3377885 positions: K = 1.1884, mean squared error fitted 0.073582 checked 0.090263 ->
/// fitted 0.073205 checked 0.089877.
// Kept as printed (a piece-square row per line); `machack tune` writes it in this layout.
#[rustfmt::skip]
pub const DEFAULT: Weights = Weights {
    material: [
        S(74, 103), S(361, 331), S(370, 354), S(479, 601), S(1136, 1017),
    ],
    pst: [
        [
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
            S(4, 13), S(18, 9), S(0, 21), S(-15, 43), S(-5, 34), S(7, 23), S(27, 9), S(-6, 4),
            S(9, 0), S(10, -8), S(2, -4), S(-5, 11), S(-2, 8), S(-7, -3), S(18, -11), S(-6, -2),
            S(2, 1), S(2, -3), S(0, -7), S(11, -9), S(7, -5), S(-1, -8), S(1, -2), S(-13, 7),
            S(-3, 20), S(16, 1), S(11, 4), S(7, 0), S(0, 6), S(-2, 3), S(8, 9), S(4, 10),
            S(21, 20), S(29, 13), S(-6, 36), S(33, 2), S(33, 12), S(7, 34), S(8, 21), S(6, 8),
            S(98, 20), S(29, 24), S(48, 68), S(38, 90), S(41, 85), S(39, 56), S(7, 30), S(59, 7),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        ],
        [
            S(-43, -10), S(-29, -10), S(-16, -19), S(-10, 9), S(-16, 5), S(-18, -29), S(-28, -27), S(-37, -7),
            S(-5, -11), S(-23, -2), S(-15, -17), S(-14, -2), S(-13, -6), S(-12, 5), S(-16, 2), S(-17, -9),
            S(-26, -18), S(-12, 8), S(-11, 7), S(10, 8), S(9, -9), S(1, -5), S(4, -17), S(-17, -3),
            S(3, 5), S(-17, 0), S(4, 19), S(8, 8), S(6, 22), S(20, 9), S(16, 4), S(6, -12),
            S(22, -2), S(14, -16), S(27, 16), S(23, 30), S(11, 36), S(36, 8), S(13, -10), S(28, -7),
            S(-1, 2), S(26, -18), S(45, 10), S(25, 20), S(45, 13), S(54, 12), S(33, -16), S(-5, -16),
            S(-1, 4), S(-15, -18), S(4, 6), S(12, 5), S(21, -6), S(19, 0), S(-1, -20), S(9, -8),
            S(-62, -24), S(-22, -10), S(-16, -13), S(2, 1), S(4, 9), S(-22, -13), S(-20, -16), S(-63, -36),
        ],
        [
            S(15, -15), S(29, -1), S(-11, 2), S(-26, -7), S(-18, -16), S(-24, -11), S(-7, -3), S(-9, -16),
            S(46, -2), S(5, -7), S(26, -42), S(-9, 0), S(-4, -14), S(26, -37), S(1, -13), S(4, -6),
            S(3, -2), S(23, 5), S(16, 8), S(9, -1), S(-4, 0), S(5, -5), S(-1, 14), S(-1, -30),
            S(13, -5), S(11, -9), S(8, 13), S(22, 8), S(20, 2), S(2, 18), S(19, -10), S(-18, -16),
            S(9, -1), S(26, -2), S(21, -4), S(15, 12), S(3, 32), S(26, -7), S(16, 11), S(4, -1),
            S(1, -6), S(18, -4), S(-4, 27), S(51, 10), S(52, 4), S(17, 23), S(9, -15), S(7, -13),
            S(-11, 9), S(-48, 54), S(-1, 25), S(12, 5), S(7, 26), S(11, 19), S(-54, 30), S(-5, 11),
            S(-11, -14), S(-13, 29), S(-16, -6), S(-37, 9), S(-37, 15), S(-14, 4), S(-19, 13), S(-5, -23),
        ],
        [
            S(-12, -9), S(-6, -9), S(-8, -2), S(9, -13), S(16, -23), S(4, -18), S(-17, -12), S(-5, -27),
            S(-34, -2), S(-31, -28), S(-16, -5), S(3, -23), S(22, -30), S(-11, -12), S(-3, -33), S(-48, 1),
            S(-18, -5), S(-8, -3), S(-15, -1), S(-22, 10), S(-5, -10), S(-11, 3), S(8, -2), S(-21, -7),
            S(-15, 6), S(-25, 7), S(3, 7), S(-31, 25), S(-24, 12), S(7, 13), S(4, 10), S(-8, -8),
            S(-5, 21), S(-2, 3), S(20, 11), S(-7, 22), S(-6, 19), S(33, 11), S(-12, 11), S(-6, 8),
            S(-12, 23), S(22, 4), S(10, 7), S(18, 20), S(18, 13), S(22, 9), S(16, 10), S(-27, 26),
            S(14, 7), S(16, 1), S(40, -6), S(36, 5), S(16, -3), S(41, 5), S(14, -2), S(22, -6),
            S(20, 15), S(15, 22), S(-4, 31), S(16, 30), S(17, 25), S(1, 33), S(21, 20), S(20, 14),
        ],
        [
            S(-9, -43), S(-10, -21), S(5, -57), S(2, -20), S(5, -21), S(11, -74), S(6, -24), S(-13, -37),
            S(0, -17), S(2, -56), S(9, -54), S(2, -13), S(16, -29), S(-3, -28), S(27, -50), S(27, -23),
            S(-17, -18), S(0, -15), S(6, 2), S(-3, 15), S(5, 16), S(2, 21), S(28, -24), S(-6, -15),
            S(-4, -13), S(0, 30), S(-3, 17), S(-6, 50), S(-5, 49), S(-4, 21), S(-3, 39), S(-2, -3),
            S(-16, 1), S(-11, 34), S(-5, 26), S(-10, 44), S(-4, 45), S(-11, 33), S(0, 42), S(1, 0),
            S(0, -11), S(-4, 31), S(11, 33), S(28, 30), S(26, 33), S(26, 31), S(20, 32), S(3, -10),
            S(-13, 12), S(-29, 21), S(-9, 41), S(24, 22), S(22, 27), S(-14, 32), S(-11, 24), S(18, 17),
            S(-4, -30), S(0, -2), S(11, 1), S(18, 25), S(12, 20), S(13, 9), S(17, 4), S(16, -20),
        ],
        [
            S(-11, -11), S(31, -23), S(6, -11), S(-45, -22), S(-16, -12), S(-42, 1), S(26, -26), S(20, -27),
            S(18, 12), S(7, -13), S(0, -5), S(-28, -10), S(-32, -5), S(-12, 10), S(11, -2), S(-3, 6),
            S(-5, -4), S(18, 4), S(-29, 2), S(-19, 1), S(-29, 7), S(-19, 13), S(15, 0), S(5, 8),
            S(-38, 9), S(-19, 1), S(-30, 17), S(-77, 18), S(-63, 22), S(-28, 17), S(-17, -1), S(-41, 6),
            S(-36, -5), S(-31, 12), S(-65, 22), S(-73, 20), S(-74, 26), S(-59, 22), S(-30, 19), S(-33, -5),
            S(-49, -6), S(-52, 12), S(-63, 31), S(-66, 32), S(-64, 25), S(-60, 38), S(-49, 2), S(-48, 11),
            S(-67, -54), S(-49, 34), S(-38, 30), S(-70, 25), S(-69, 21), S(-41, 24), S(-49, 27), S(-70, -53),
            S(-74, -143), S(-56, -13), S(-50, 9), S(-64, -1), S(-64, -8), S(-50, 9), S(-62, -30), S(-77, -149),
        ],
    ],
    knight_mobility: [
        S(-22, -66), S(-5, -34), S(-3, 0), S(1, 12), S(9, 26), S(15, 32), S(19, 30), S(21, 31),
        S(38, -1),
    ],
    bishop_mobility: [
        S(-13, -84), S(-7, -16), S(7, -9), S(11, 10), S(15, 14), S(19, 28), S(23, 29), S(21, 32),
        S(24, 24), S(30, 27), S(23, 28), S(31, 29), S(26, 32), S(27, 37),
    ],
    rook_mobility: [
        S(-88, -56), S(-14, -41), S(-4, -16), S(-1, 7), S(3, 14), S(8, 21), S(7, 27), S(13, 29),
        S(19, 33), S(15, 41), S(22, 41), S(26, 44), S(31, 45), S(27, 47), S(47, 32),
    ],
    queen_mobility: [
        S(-12, -25), S(-11, -5), S(-4, -22), S(1, -25), S(3, 16), S(5, -10), S(11, -11), S(14, 0),
        S(16, 22), S(19, 29), S(19, 51), S(20, 54), S(23, 57), S(21, 66), S(27, 46), S(21, 71),
        S(24, 57), S(32, 42), S(31, 46), S(33, 34), S(50, 19), S(31, 20), S(38, 18), S(17, -11),
        S(23, 32), S(13, 11), S(22, 36), S(21, 32),
    ],
    centre_control: [
        S(5, 10), S(-2, 1),
    ],
    bishop_pair: S(29, 60),
    outpost: [
        S(19, 15), S(21, 7),
    ],
    rook_open_file: S(38, -7),
    rook_half_open_file: S(12, 15),
    rook_seventh: S(5, 20),
    bishop_pawns: S(-2, -4),
    minor_behind_pawn: S(4, 22),
    minor_king_distance: S(-4, -2),
    bishop_long_diagonal: S(20, -7),
    isolated: S(2, -13),
    doubled: S(-7, -13),
    backward: S(-4, -9),
    weak_unopposed: S(-7, -11),
    connected: [
        S(0, 0), S(5, -4), S(8, 9), S(11, 11), S(17, 31), S(74, 42), S(89, 71), S(0, 0),
    ],
    passed: [
        S(0, 0), S(-1, 13), S(-14, 9), S(-13, 29), S(-8, 51), S(27, 79), S(83, 100), S(0, 0),
    ],
    passed_blocked: [
        S(0, 0), S(3, -5), S(-10, 12), S(-14, 4), S(-10, -2), S(-4, -26), S(-26, -69), S(0, 0),
    ],
    passed_own_king: [
        S(-34, 26), S(64, 4), S(13, 6), S(2, 0), S(1, -2), S(-1, -2), S(-3, 0), S(-9, 6),
    ],
    passed_enemy_king: [
        S(0, -11), S(11, -15), S(8, -5), S(4, 5), S(-3, 16), S(-3, 25), S(3, 22), S(12, 17),
    ],
    passed_unstoppable: S(0, 159),
    passed_free: [
        S(0, 0), S(-5, 6), S(-13, 13), S(-12, 17), S(-8, 31), S(12, 48), S(13, 54), S(0, 0),
    ],
    king_pawn_tropism: [
        S(0, 0), S(3, 48), S(4, 38), S(-16, 35), S(10, -9), S(10, -30), S(-1, -45), S(-8, -70),
    ],
    shelter: [
        S(14, 8), S(5, 16), S(1, 6), S(-19, 23),
    ],
    storm: [
        S(6, 42), S(-8, 2), S(-4, 6), S(4, 4),
    ],
    king_danger: [
        S(0, 0), S(-2, -2), S(-6, -4), S(-34, 18), S(-34, 11), S(-10, -6), S(-11, -21), S(-14, -34),
        S(-21, -30), S(-5, -45), S(-19, -20), S(-17, -21), S(-24, -45), S(-65, -10), S(-73, -30), S(-117, -53),
    ],
    safe_check: [
        S(-50, 1), S(-6, -20), S(-73, 5), S(-18, -67),
    ],
    king_ring_weak: S(-10, 1),
    threat_by_pawn: S(49, 42),
    threat_by_minor: [
        S(18, 29), S(10, 25), S(16, 6), S(51, 42), S(36, 50),
    ],
    threat_by_rook: [
        S(20, 36), S(36, 37), S(33, 22), S(-16, 11), S(56, 40),
    ],
    hanging: S(6, -5),
    threat_by_king: S(28, 25),
    pawn_push_threat: S(14, 12),
    tempo: S(17, 8),
    scale_cannot_win: Scale(0),
    scale_pawnless_small_edge: Scale(24),
    scale_two_knights: Scale(0),
    scale_opposite_bishops: Scale(64),
    scale_opposite_bishops_with_pieces: Scale(104),
};
