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

/// The weights the engine plays with: the table of commit e3732c2, its piece-square tables
/// spread to the whole board and the terms added after it starting at zero, fitted by
/// `machack tune --data positions.txt --epochs 200 --rate 1 --prior 0.00003 --check 0.2`
/// on 20,000 self-play games (`machack datagen --games 5000 --nodes 5000`, seeds 21 and 22
/// on f1fc87b, then 31 and 32 on e3732c2, concatenated in that order; docs/strength.md),
/// 1706371 positions: K = 1.2129, mean squared error fitted 0.081694 checked 0.085880 ->
/// fitted 0.080568 checked 0.085177.
// Kept as printed (a piece-square row per line); `machack tune` writes it in this layout.
#[rustfmt::skip]
pub const DEFAULT: Weights = Weights {
    material: [
        S(70, 101), S(355, 333), S(366, 361), S(474, 604), S(1112, 1030),
    ],
    pst: [
        [
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
            S(2, 9), S(25, 10), S(3, 15), S(-9, 47), S(-3, 30), S(8, 18), S(25, 7), S(-6, 1),
            S(7, 2), S(10, -8), S(4, -7), S(-8, 9), S(0, 0), S(-5, -5), S(11, -11), S(-9, -3),
            S(0, 6), S(3, 1), S(-1, -9), S(13, -6), S(6, -2), S(2, -7), S(1, 1), S(-12, 6),
            S(-6, 25), S(24, 2), S(11, 8), S(11, 2), S(2, 4), S(-1, 0), S(7, 16), S(2, 10),
            S(13, 28), S(24, 6), S(-9, 35), S(39, 1), S(42, 18), S(1, 42), S(20, 15), S(-16, 5),
            S(94, 27), S(23, 14), S(51, 69), S(37, 90), S(40, 85), S(42, 62), S(5, 16), S(65, 15),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        ],
        [
            S(-40, -7), S(-31, -6), S(-4, -18), S(-10, 12), S(-14, 4), S(-20, -28), S(-29, -16), S(-38, -6),
            S(0, -12), S(-3, 5), S(-19, -15), S(-12, -3), S(-11, 0), S(-20, 1), S(-7, 4), S(-22, -11),
            S(-35, -22), S(-10, 12), S(-13, 7), S(13, 0), S(16, -16), S(-3, 6), S(2, -20), S(-20, -13),
            S(13, 10), S(-18, -5), S(1, 13), S(2, 9), S(0, 22), S(20, 5), S(11, 5), S(6, -9),
            S(39, -2), S(15, -12), S(27, 6), S(18, 36), S(4, 34), S(32, 11), S(13, -12), S(35, -7),
            S(3, 0), S(22, -22), S(47, 12), S(19, 19), S(37, 17), S(53, 15), S(26, -17), S(-7, -16),
            S(6, 6), S(-12, -19), S(9, 11), S(8, -7), S(15, -12), S(16, 4), S(-4, -23), S(4, -5),
            S(-60, -25), S(-21, -12), S(-17, -15), S(2, 2), S(2, 6), S(-20, -13), S(-20, -15), S(-62, -33),
        ],
        [
            S(9, -19), S(32, 5), S(-12, 6), S(-27, -14), S(-7, -14), S(-25, -5), S(1, 3), S(-14, -21),
            S(49, 6), S(10, -6), S(27, -44), S(-3, -4), S(0, -13), S(18, -42), S(1, -8), S(24, 11),
            S(13, -11), S(17, 8), S(23, 15), S(6, 2), S(-2, -8), S(8, 1), S(8, 21), S(5, -26),
            S(10, -6), S(17, -18), S(3, 19), S(17, 5), S(13, 5), S(2, 16), S(17, -13), S(-15, -12),
            S(9, 2), S(21, -5), S(23, -9), S(4, 14), S(-7, 36), S(28, -11), S(7, 12), S(-1, 3),
            S(-8, -13), S(20, -7), S(1, 32), S(53, 6), S(52, 3), S(18, 31), S(5, -18), S(-4, -15),
            S(-14, 4), S(-51, 55), S(1, 23), S(12, 6), S(13, 26), S(10, 19), S(-54, 38), S(-10, 3),
            S(-9, -19), S(-17, 20), S(-16, -8), S(-36, 9), S(-36, 14), S(-15, -2), S(-19, 16), S(-7, -21),
        ],
        [
            S(-12, -3), S(-8, -6), S(-2, -5), S(10, -9), S(15, -17), S(-3, -15), S(-20, -11), S(-9, -18),
            S(-21, -7), S(-31, -31), S(-14, -4), S(15, -27), S(23, -27), S(-10, -11), S(-19, -35), S(-50, -1),
            S(-15, -4), S(2, -5), S(-12, 4), S(-10, 9), S(-8, -8), S(-7, 4), S(18, -7), S(-21, -10),
            S(-8, 2), S(-26, 5), S(9, 10), S(-30, 24), S(-27, 15), S(5, 13), S(-1, 8), S(-7, -8),
            S(-4, 13), S(-3, 1), S(21, 7), S(-13, 28), S(-14, 26), S(23, 5), S(-11, 5), S(-13, 4),
            S(-16, 19), S(24, 4), S(13, 8), S(13, 22), S(19, 19), S(19, 11), S(18, 9), S(-30, 20),
            S(10, 6), S(17, 1), S(39, -3), S(32, 6), S(20, -1), S(40, 4), S(17, 0), S(17, -4),
            S(20, 14), S(15, 22), S(-5, 32), S(16, 28), S(18, 31), S(0, 31), S(17, 15), S(18, 14),
        ],
        [
            S(-10, -38), S(-9, -21), S(7, -57), S(0, -11), S(3, -14), S(13, -66), S(5, -22), S(-15, -37),
            S(5, -19), S(13, -48), S(5, -46), S(0, -11), S(12, -15), S(-2, -30), S(22, -44), S(38, -19),
            S(-18, -18), S(-3, -21), S(3, 1), S(-1, 19), S(4, 21), S(-2, 15), S(28, -22), S(-1, -18),
            S(-8, -12), S(1, 33), S(2, 13), S(-8, 50), S(-3, 54), S(1, 18), S(-4, 37), S(-9, -6),
            S(-14, 0), S(-12, 32), S(-15, 23), S(-16, 39), S(-3, 42), S(-14, 28), S(7, 41), S(-12, -4),
            S(7, -7), S(3, 29), S(11, 32), S(29, 30), S(23, 32), S(22, 30), S(11, 28), S(0, -10),
            S(-7, 12), S(-24, 19), S(-11, 36), S(28, 24), S(23, 25), S(-15, 30), S(-14, 20), S(12, 16),
            S(1, -28), S(2, -1), S(10, 1), S(16, 24), S(13, 20), S(10, 4), S(14, 3), S(16, -22),
        ],
        [
            S(-10, -20), S(31, -33), S(-1, -9), S(-38, -30), S(-15, -15), S(-36, -5), S(25, -26), S(10, -20),
            S(12, 6), S(7, -20), S(-5, -10), S(-22, -14), S(-28, -15), S(-6, 5), S(11, -7), S(-3, -1),
            S(-5, -9), S(16, 0), S(-27, 6), S(-22, 1), S(-27, 6), S(-24, 14), S(9, 4), S(6, 5),
            S(-36, 11), S(-18, 6), S(-29, 20), S(-74, 20), S(-65, 26), S(-30, 19), S(-17, 1), S(-38, 4),
            S(-37, -8), S(-32, 11), S(-64, 25), S(-73, 23), S(-74, 26), S(-62, 21), S(-31, 23), S(-35, -5),
            S(-49, -5), S(-52, 11), S(-61, 33), S(-63, 41), S(-63, 32), S(-60, 39), S(-51, 4), S(-47, 13),
            S(-67, -52), S(-49, 30), S(-39, 33), S(-70, 24), S(-70, 18), S(-41, 32), S(-49, 28), S(-68, -48),
            S(-73, -138), S(-57, -14), S(-50, 13), S(-64, -2), S(-64, -7), S(-50, 12), S(-61, -24), S(-75, -141),
        ],
    ],
    knight_mobility: [
        S(-22, -61), S(-8, -38), S(-4, -5), S(-1, 5), S(9, 24), S(16, 35), S(18, 35), S(21, 32),
        S(38, 4),
    ],
    bishop_mobility: [
        S(-15, -80), S(-8, -16), S(8, -10), S(12, 10), S(14, 13), S(17, 26), S(25, 30), S(20, 32),
        S(24, 21), S(32, 22), S(20, 27), S(30, 30), S(24, 34), S(30, 48),
    ],
    rook_mobility: [
        S(-88, -53), S(-13, -37), S(-3, -18), S(-1, 7), S(1, 12), S(9, 19), S(5, 29), S(14, 29),
        S(19, 33), S(10, 44), S(20, 42), S(27, 41), S(35, 43), S(31, 46), S(39, 33),
    ],
    queen_mobility: [
        S(-12, -25), S(-14, -5), S(-3, -20), S(-2, -22), S(4, 17), S(5, -9), S(11, -14), S(15, 0),
        S(15, 25), S(22, 25), S(19, 50), S(20, 54), S(25, 52), S(21, 65), S(30, 40), S(18, 65),
        S(22, 51), S(28, 38), S(20, 45), S(26, 33), S(49, 25), S(29, 28), S(36, 24), S(15, -5),
        S(23, 36), S(15, 18), S(22, 37), S(22, 34),
    ],
    centre_control: [
        S(5, 11), S(-2, 1),
    ],
    bishop_pair: S(23, 54),
    outpost: [
        S(20, 15), S(21, 8),
    ],
    rook_open_file: S(40, -11),
    rook_half_open_file: S(14, 12),
    rook_seventh: S(12, 19),
    bishop_pawns: S(-1, -5),
    minor_behind_pawn: S(5, 24),
    minor_king_distance: S(-3, -1),
    bishop_long_diagonal: S(17, -7),
    isolated: S(4, -13),
    doubled: S(-7, -10),
    backward: S(-4, -8),
    weak_unopposed: S(-4, -10),
    connected: [
        S(0, 0), S(4, -3), S(8, 11), S(11, 11), S(20, 26), S(72, 39), S(87, 73), S(0, 0),
    ],
    passed: [
        S(0, 0), S(1, 18), S(-9, 13), S(-11, 27), S(2, 53), S(23, 83), S(80, 98), S(0, 0),
    ],
    passed_blocked: [
        S(0, 0), S(6, -6), S(-13, 12), S(-21, 4), S(-15, -2), S(-7, -35), S(-22, -74), S(0, 0),
    ],
    passed_own_king: [
        S(-40, 25), S(66, 4), S(18, 4), S(9, 0), S(-1, 1), S(-1, 1), S(-3, 2), S(-8, 10),
    ],
    passed_enemy_king: [
        S(3, -8), S(13, -16), S(9, -4), S(6, 4), S(-1, 17), S(-9, 27), S(2, 25), S(16, 19),
    ],
    passed_unstoppable: S(0, 160),
    passed_free: [
        S(0, 0), S(-8, 4), S(-17, 12), S(-10, 15), S(-5, 19), S(13, 36), S(8, 34), S(0, 0),
    ],
    king_pawn_tropism: [
        S(0, 0), S(6, 48), S(8, 36), S(-17, 32), S(9, -10), S(5, -30), S(-2, -42), S(-8, -67),
    ],
    shelter: [
        S(15, 8), S(5, 19), S(3, 7), S(-16, 22),
    ],
    storm: [
        S(5, 48), S(-5, 3), S(-1, 5), S(4, 2),
    ],
    king_danger: [
        S(0, 0), S(-2, -2), S(-6, -4), S(-38, 19), S(-35, 7), S(-14, -7), S(-6, -26), S(-13, -31),
        S(-21, -28), S(-7, -43), S(-21, -17), S(-21, -15), S(-23, -41), S(-83, -6), S(-87, -24), S(-141, -43),
    ],
    safe_check: [
        S(-48, 0), S(-7, -20), S(-69, 3), S(-20, -74),
    ],
    king_ring_weak: S(-9, 1),
    threat_by_pawn: S(49, 42),
    threat_by_minor: [
        S(21, 24), S(9, 23), S(16, 4), S(53, 36), S(35, 52),
    ],
    threat_by_rook: [
        S(22, 35), S(35, 34), S(33, 18), S(-12, 8), S(54, 38),
    ],
    hanging: S(4, 0),
    threat_by_king: S(18, 21),
    pawn_push_threat: S(13, 9),
    tempo: S(16, 8),
    scale_cannot_win: Scale(0),
    scale_pawnless_small_edge: Scale(24),
    scale_two_knights: Scale(0),
    scale_opposite_bishops: Scale(64),
    scale_opposite_bishops_with_pieces: Scale(104),
};
