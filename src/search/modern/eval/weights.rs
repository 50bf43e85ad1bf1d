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

/// The weights the engine plays with: the table of commit f1fc87b refitted by
/// `machack tune --data positions.txt --epochs 300 --rate 1 --prior 0.00001 --check 0.2`
/// on 10,000 self-play games of that build (`machack datagen --games 5000 --nodes 5000`
/// with seeds 21 and 22, concatenated; docs/strength.md), 852076 positions: K = 1.2514,
/// mean squared error fitted 0.081765 checked 0.082410 -> fitted 0.079147 checked 0.081973.
// Kept as printed (a piece-square row per line); `machack tune` writes it in this layout.
#[rustfmt::skip]
pub const DEFAULT: Weights = Weights {
    material: [
        S(71, 95), S(357, 326), S(354, 346), S(479, 599), S(1078, 1043),
    ],
    pst: [
        [
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
            S(-2, 5), S(25, 13), S(7, 14), S(0, 38), S(0, 38), S(7, 14), S(25, 13), S(-2, 5),
            S(-4, 1), S(7, 1), S(-3, -15), S(-2, 1), S(-2, 1), S(-3, -15), S(7, 1), S(-4, 1),
            S(-4, 12), S(-3, 11), S(4, -18), S(7, -13), S(7, -13), S(4, -18), S(-3, 11), S(-4, 12),
            S(-6, 21), S(11, 14), S(6, 5), S(9, -10), S(9, -10), S(6, 5), S(11, 14), S(-6, 21),
            S(1, 20), S(21, 2), S(-1, 44), S(45, 10), S(45, 10), S(-1, 44), S(21, 2), S(1, 20),
            S(84, 35), S(8, 5), S(47, 68), S(37, 84), S(37, 84), S(47, 68), S(8, 5), S(84, 35),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        ],
        [
            S(-38, -2), S(-28, -7), S(11, -27), S(-11, 2), S(-11, 2), S(11, -27), S(-28, -7), S(-38, -2),
            S(-8, -12), S(10, 11), S(-15, -1), S(-2, 0), S(-2, 0), S(-15, -1), S(10, 11), S(-8, -12),
            S(-33, -17), S(-11, 3), S(-8, -1), S(19, -4), S(19, -4), S(-8, -1), S(-11, 3), S(-33, -17),
            S(19, -3), S(-5, -5), S(1, 13), S(-1, 22), S(-1, 22), S(1, 13), S(-5, -5), S(19, -3),
            S(34, -11), S(5, -11), S(27, 12), S(-2, 33), S(-2, 33), S(27, 12), S(5, -11), S(34, -11),
            S(-2, -10), S(18, -19), S(45, 15), S(28, 15), S(28, 15), S(45, 15), S(18, -19), S(-2, -10),
            S(-1, -7), S(-9, -25), S(12, 10), S(6, -18), S(6, -18), S(12, 10), S(-9, -25), S(-1, -7),
            S(-55, -26), S(-21, -14), S(-20, -17), S(2, 7), S(2, 7), S(-20, -17), S(-21, -14), S(-55, -26),
        ],
        [
            S(-11, -25), S(20, 10), S(-11, 2), S(-13, -9), S(-13, -9), S(-11, 2), S(20, 10), S(-11, -25),
            S(36, 22), S(17, -10), S(13, -41), S(1, -7), S(1, -7), S(13, -41), S(17, -10), S(36, 22),
            S(1, -17), S(16, 11), S(16, 1), S(7, -4), S(7, -4), S(16, 1), S(16, 11), S(1, -17),
            S(-2, -12), S(22, -12), S(-7, 17), S(10, 12), S(10, 12), S(-7, 17), S(22, -12), S(-2, -12),
            S(0, 1), S(11, -2), S(25, -13), S(-11, 31), S(-11, 31), S(25, -13), S(11, -2), S(0, 1),
            S(-7, -11), S(24, -13), S(11, 32), S(45, 1), S(45, 1), S(11, 32), S(24, -13), S(-7, -11),
            S(-9, 2), S(-47, 51), S(4, 13), S(12, 12), S(12, 12), S(4, 13), S(-47, 51), S(-9, 2),
            S(-11, -19), S(-20, 13), S(-16, -8), S(-34, 8), S(-34, 8), S(-16, -8), S(-20, 13), S(-11, -19),
        ],
        [
            S(-10, -7), S(-13, -2), S(0, -7), S(17, -16), S(17, -16), S(0, -7), S(-13, -2), S(-10, -7),
            S(-23, 1), S(-28, -31), S(-1, -1), S(15, -20), S(15, -20), S(-1, -1), S(-28, -31), S(-23, 1),
            S(-16, -12), S(11, -7), S(-2, 10), S(-8, -2), S(-8, -2), S(-2, 10), S(11, -7), S(-16, -12),
            S(-9, 1), S(-22, 3), S(7, 9), S(-35, 22), S(-35, 22), S(7, 9), S(-22, 3), S(-9, 1),
            S(-2, 5), S(-4, -1), S(17, 1), S(-22, 30), S(-22, 30), S(17, 1), S(-4, -1), S(-2, 5),
            S(-21, 13), S(20, 5), S(11, 5), S(10, 21), S(10, 21), S(11, 5), S(20, 5), S(-21, 13),
            S(13, 8), S(20, 3), S(37, 0), S(23, 1), S(23, 1), S(37, 0), S(20, 3), S(13, 8),
            S(21, 12), S(12, 10), S(-1, 26), S(17, 27), S(17, 27), S(-1, 26), S(12, 10), S(21, 12),
        ],
        [
            S(-12, -37), S(2, -21), S(4, -56), S(-1, -10), S(-1, -10), S(4, -56), S(2, -21), S(-12, -37),
            S(25, -16), S(20, -36), S(6, -30), S(4, -5), S(4, -5), S(6, -30), S(20, -36), S(25, -16),
            S(-11, -19), S(5, -20), S(0, 4), S(-2, 18), S(-2, 18), S(0, 4), S(5, -20), S(-11, -19),
            S(2, -8), S(-6, 32), S(-5, 13), S(-7, 54), S(-7, 54), S(-5, 13), S(-6, 32), S(2, -8),
            S(-16, -6), S(-1, 35), S(-22, 23), S(-10, 36), S(-10, 36), S(-22, 23), S(-1, 35), S(-16, -6),
            S(7, -6), S(15, 25), S(11, 30), S(24, 30), S(24, 30), S(11, 30), S(15, 25), S(7, -6),
            S(9, 15), S(-18, 16), S(-14, 29), S(25, 26), S(25, 26), S(-14, 29), S(-18, 16), S(9, 15),
            S(4, -26), S(6, 1), S(10, 2), S(13, 20), S(13, 20), S(10, 2), S(6, 1), S(4, -26),
        ],
        [
            S(0, -31), S(23, -28), S(-26, -6), S(-9, -28), S(-9, -28), S(-26, -6), S(23, -28), S(0, -31),
            S(0, -7), S(5, -15), S(-6, -6), S(-22, -23), S(-22, -23), S(-6, -6), S(5, -15), S(0, -7),
            S(-3, -9), S(10, -1), S(-22, 13), S(-28, -1), S(-28, -1), S(-22, 13), S(10, -1), S(-3, -9),
            S(-32, 13), S(-18, 2), S(-31, 17), S(-71, 24), S(-71, 24), S(-31, 17), S(-18, 2), S(-32, 13),
            S(-36, -1), S(-35, 15), S(-64, 28), S(-73, 25), S(-73, 25), S(-64, 28), S(-35, 15), S(-36, -1),
            S(-49, 4), S(-50, 14), S(-59, 41), S(-61, 46), S(-61, 46), S(-59, 41), S(-50, 14), S(-49, 4),
            S(-65, -46), S(-49, 22), S(-41, 34), S(-70, 22), S(-70, 22), S(-41, 34), S(-49, 22), S(-65, -46),
            S(-71, -127), S(-58, -18), S(-50, 15), S(-64, -6), S(-64, -6), S(-50, 15), S(-58, -18), S(-71, -127),
        ],
    ],
    knight_mobility: [
        S(-23, -51), S(-8, -29), S(-3, -11), S(1, 2), S(12, 22), S(18, 31), S(18, 31), S(21, 31),
        S(32, -3),
    ],
    bishop_mobility: [
        S(-19, -71), S(-9, -19), S(7, -10), S(12, 0), S(14, 6), S(20, 20), S(27, 24), S(17, 30),
        S(25, 20), S(27, 27), S(23, 23), S(24, 35), S(21, 32), S(31, 54),
    ],
    rook_mobility: [
        S(-83, -50), S(-11, -43), S(0, -8), S(-2, 7), S(2, 7), S(11, 19), S(3, 33), S(16, 26),
        S(19, 32), S(13, 41), S(16, 41), S(27, 40), S(30, 43), S(34, 41), S(32, 36),
    ],
    queen_mobility: [
        S(-12, -25), S(-17, -7), S(-7, -19), S(-6, -16), S(5, 10), S(4, -9), S(10, -17), S(12, 5),
        S(17, 33), S(23, 20), S(21, 46), S(19, 51), S(25, 49), S(23, 64), S(30, 36), S(11, 59),
        S(18, 41), S(21, 34), S(13, 46), S(25, 36), S(48, 32), S(30, 34), S(35, 30), S(14, 3),
        S(24, 40), S(18, 25), S(22, 38), S(23, 37),
    ],
    centre_control: [
        S(5, 22), S(-1, 2),
    ],
    bishop_pair: S(29, 55),
    outpost: [
        S(27, 14), S(10, 9),
    ],
    rook_open_file: S(44, -12),
    rook_half_open_file: S(17, 8),
    rook_seventh: S(18, 15),
    bishop_pawns: S(0, 0),
    minor_behind_pawn: S(0, 0),
    minor_king_distance: S(0, 0),
    bishop_long_diagonal: S(0, 0),
    isolated: S(3, -20),
    doubled: S(-9, -5),
    backward: S(-9, -20),
    weak_unopposed: S(0, 0),
    connected: [
        S(0, 0), S(3, -3), S(11, 7), S(10, 9), S(18, 20), S(66, 33), S(86, 72), S(0, 0),
    ],
    passed: [
        S(0, 0), S(-6, 20), S(0, 5), S(-10, 19), S(4, 52), S(26, 86), S(76, 103), S(0, 0),
    ],
    passed_blocked: [
        S(0, 0), S(11, -9), S(-20, 0), S(-13, -6), S(-13, -7), S(-15, -53), S(-25, -86), S(0, 0),
    ],
    passed_own_king: [
        S(-37, 23), S(60, 8), S(26, 4), S(19, -1), S(0, 2), S(1, 3), S(-2, 2), S(-16, 16),
    ],
    passed_enemy_king: [
        S(15, -11), S(7, -16), S(7, 0), S(2, 11), S(-1, 18), S(-14, 31), S(-2, 25), S(36, 16),
    ],
    passed_unstoppable: S(0, 161),
    passed_free: [
        S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    ],
    king_pawn_tropism: [
        S(0, 0), S(13, 45), S(6, 30), S(-17, 23), S(4, -11), S(4, -25), S(-3, -38), S(-7, -58),
    ],
    shelter: [
        S(14, 5), S(1, 24), S(4, 7), S(-13, 20),
    ],
    storm: [
        S(0, 54), S(-4, 1), S(0, 1), S(4, 2),
    ],
    king_danger: [
        S(0, 0), S(-2, -2), S(-6, -4), S(-42, 13), S(-36, 2), S(-17, -10), S(-10, -28), S(-17, -30),
        S(-31, -31), S(-17, -36), S(-31, -17), S(-32, -13), S(-39, -35), S(-104, -1), S(-118, -17), S(-171, -29),
    ],
    safe_check: [
        S(-42, -4), S(-13, -19), S(-60, -1), S(-19, -89),
    ],
    king_ring_weak: S(0, 0),
    threat_by_pawn: S(49, 45),
    threat_by_minor: [
        S(24, 22), S(8, 22), S(10, -1), S(51, 29), S(37, 52),
    ],
    threat_by_rook: [
        S(25, 31), S(31, 27), S(33, 19), S(-7, 2), S(56, 37),
    ],
    hanging: S(2, 10),
    threat_by_king: S(0, 0),
    pawn_push_threat: S(0, 0),
    tempo: S(16, 8),
    scale_cannot_win: Scale(0),
    scale_pawnless_small_edge: Scale(24),
    scale_two_knights: Scale(0),
    scale_opposite_bishops: Scale(64),
    scale_opposite_bishops_with_pieces: Scale(104),
};
