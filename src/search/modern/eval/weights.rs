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

/// The weights the engine plays with: the table of commit a8161ba refitted by
/// `machack tune --data positions.txt --epochs 200 --rate 1 --prior 0.00003 --score-weight 0.8 --check 0.1`
/// on 10,000 self-play games of a8161ba (`machack datagen --games 5000 --nodes 5000`, seeds
/// 61 and 62, with the search's scores; docs/strength.md), 834335 positions: K = 1.1828,
/// mean squared error fitted 0.011789 checked 0.086882 -> fitted 0.011365 checked 0.086845.
// Kept as printed (a piece-square row per line); `machack tune` writes it in this layout.
#[rustfmt::skip]
pub const DEFAULT: Weights = Weights {
    material: [
        S(72, 107), S(352, 346), S(361, 364), S(451, 620), S(1131, 1026),
    ],
    pst: [
        [
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
            S(4, 12), S(15, 9), S(1, 26), S(-13, 35), S(-4, 35), S(8, 24), S(31, 14), S(-4, 3),
            S(8, 1), S(3, -7), S(3, -5), S(-6, 9), S(-2, 4), S(-7, -3), S(22, -11), S(-4, -2),
            S(-1, 3), S(-4, 2), S(5, -10), S(12, -17), S(11, -6), S(4, -16), S(-1, -3), S(-10, 5),
            S(-4, 23), S(14, 6), S(10, 8), S(9, -4), S(5, 2), S(1, 5), S(11, 7), S(2, 9),
            S(26, 13), S(19, 20), S(-9, 32), S(25, 7), S(26, 15), S(16, 30), S(2, 29), S(2, 11),
            S(103, 24), S(29, 25), S(46, 66), S(38, 96), S(38, 78), S(42, 53), S(5, 41), S(60, 6),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        ],
        [
            S(-42, -5), S(-28, -18), S(-24, -22), S(-16, 6), S(-7, 8), S(-24, -31), S(-29, -22), S(-34, -6),
            S(-8, -16), S(-17, 1), S(-15, -16), S(-18, -4), S(-14, -2), S(-11, -8), S(-20, 1), S(-14, -8),
            S(-23, -18), S(-7, -5), S(-15, 3), S(-1, 11), S(2, -4), S(-2, -7), S(6, -9), S(-18, 4),
            S(8, 5), S(-13, 0), S(8, 14), S(8, 13), S(11, 22), S(19, 4), S(21, 0), S(11, -4),
            S(17, 0), S(10, -7), S(25, 13), S(22, 21), S(13, 31), S(33, 14), S(13, 1), S(32, -6),
            S(0, 3), S(31, -18), S(42, 7), S(24, 19), S(42, 8), S(50, 7), S(31, -18), S(2, -11),
            S(-1, 2), S(-16, -12), S(12, 9), S(17, 9), S(17, -3), S(20, 2), S(-2, -20), S(10, -4),
            S(-69, -28), S(-22, -7), S(-18, -12), S(1, 1), S(4, 11), S(-24, -10), S(-19, -16), S(-65, -36),
        ],
        [
            S(15, -13), S(25, -6), S(-9, 0), S(-15, -7), S(-9, -7), S(-25, -10), S(-8, -3), S(-16, -11),
            S(37, -13), S(7, -7), S(21, -39), S(-11, 4), S(-6, -13), S(20, -23), S(2, -25), S(4, -1),
            S(4, -4), S(31, -3), S(5, 7), S(5, 1), S(-7, 1), S(3, -9), S(5, 10), S(2, -21),
            S(15, 1), S(13, -2), S(10, 10), S(27, 8), S(20, 5), S(4, 16), S(18, -8), S(-10, -13),
            S(12, -5), S(18, 5), S(15, 4), S(25, 12), S(8, 27), S(27, -3), S(13, 11), S(5, -2),
            S(0, -6), S(16, -3), S(-8, 15), S(42, 6), S(44, 3), S(13, 18), S(13, -11), S(8, -4),
            S(-9, 8), S(-48, 39), S(5, 23), S(14, 6), S(4, 21), S(12, 14), S(-43, 31), S(-13, 8),
            S(-13, -10), S(-16, 24), S(-14, 2), S(-36, 15), S(-37, 16), S(-17, 5), S(-21, 11), S(-4, -22),
        ],
        [
            S(-14, -14), S(-10, -15), S(-7, -10), S(4, -16), S(9, -28), S(1, -18), S(-23, -15), S(-4, -30),
            S(-30, 1), S(-29, -18), S(-15, -7), S(-7, -21), S(10, -25), S(-9, -11), S(-9, -30), S(-40, -1),
            S(-21, 1), S(-16, -5), S(-19, 1), S(-24, 11), S(-5, -6), S(-14, 4), S(1, 0), S(-22, -8),
            S(-20, 12), S(-20, 14), S(-5, 11), S(-21, 19), S(-16, 13), S(0, 7), S(2, 9), S(-12, -5),
            S(1, 20), S(1, 13), S(24, 10), S(-3, 19), S(0, 14), S(24, 5), S(-8, 14), S(-4, 14),
            S(-13, 26), S(20, 9), S(10, 14), S(17, 15), S(20, 8), S(20, 8), S(21, 18), S(-18, 25),
            S(18, 9), S(14, 1), S(34, -1), S(42, 5), S(21, 4), S(38, -3), S(11, -3), S(26, 0),
            S(23, 18), S(13, 22), S(-3, 28), S(16, 22), S(18, 23), S(0, 24), S(17, 18), S(25, 19),
        ],
        [
            S(-13, -45), S(-13, -28), S(0, -57), S(-2, -40), S(-5, -29), S(6, -75), S(1, -30), S(-10, -39),
            S(-10, -20), S(-5, -58), S(5, -56), S(3, -20), S(7, -35), S(2, -33), S(21, -51), S(19, -25),
            S(-15, -16), S(-2, -20), S(-1, 1), S(-5, 16), S(0, 15), S(-5, 17), S(19, -17), S(2, -14),
            S(-1, -13), S(-13, 26), S(-4, 16), S(-6, 54), S(3, 48), S(-2, 27), S(-2, 38), S(-2, -2),
            S(-14, 3), S(-5, 36), S(-6, 30), S(-4, 44), S(-2, 51), S(-3, 37), S(5, 41), S(3, 4),
            S(-1, -9), S(-7, 29), S(9, 34), S(29, 34), S(28, 39), S(31, 33), S(22, 33), S(5, -8),
            S(-15, 10), S(-26, 27), S(-7, 41), S(28, 27), S(23, 32), S(-3, 41), S(0, 28), S(19, 15),
            S(-2, -28), S(1, 0), S(14, 3), S(23, 30), S(14, 23), S(14, 10), S(20, 4), S(19, -17),
        ],
        [
            S(-10, -13), S(31, -24), S(3, -17), S(-47, -17), S(-19, -14), S(-38, 4), S(28, -25), S(21, -24),
            S(20, 6), S(5, -16), S(-7, -4), S(-37, 0), S(-32, 1), S(-13, 2), S(22, -7), S(7, -7),
            S(-8, -5), S(17, -3), S(-30, 2), S(-20, 2), S(-31, 7), S(-20, 9), S(15, -2), S(0, 3),
            S(-37, 13), S(-18, 1), S(-30, 11), S(-76, 16), S(-62, 13), S(-30, 12), S(-15, 0), S(-42, 11),
            S(-34, 1), S(-29, 16), S(-65, 20), S(-73, 17), S(-75, 21), S(-58, 21), S(-30, 8), S(-33, 0),
            S(-48, 0), S(-50, 16), S(-62, 35), S(-67, 31), S(-65, 26), S(-61, 40), S(-48, 6), S(-49, 6),
            S(-67, -47), S(-49, 30), S(-39, 24), S(-70, 25), S(-69, 26), S(-40, 30), S(-49, 32), S(-70, -44),
            S(-74, -142), S(-55, -9), S(-50, 9), S(-64, 0), S(-64, -8), S(-50, 11), S(-61, -24), S(-77, -144),
        ],
    ],
    knight_mobility: [
        S(-18, -65), S(-9, -38), S(-4, -4), S(0, 12), S(8, 25), S(13, 33), S(20, 33), S(24, 31),
        S(31, 17),
    ],
    bishop_mobility: [
        S(-15, -76), S(-7, -21), S(7, -6), S(10, 11), S(14, 16), S(18, 28), S(22, 29), S(23, 31),
        S(23, 32), S(26, 28), S(25, 30), S(31, 25), S(26, 34), S(26, 32),
    ],
    rook_mobility: [
        S(-85, -57), S(-14, -44), S(-3, -11), S(0, 8), S(5, 12), S(8, 23), S(8, 28), S(11, 32),
        S(15, 35), S(13, 39), S(18, 42), S(16, 48), S(20, 51), S(26, 47), S(44, 36),
    ],
    queen_mobility: [
        S(-12, -25), S(-6, -4), S(-3, -23), S(5, -27), S(5, 7), S(7, -7), S(10, -11), S(12, 2),
        S(15, 18), S(16, 35), S(17, 44), S(17, 50), S(18, 55), S(18, 63), S(24, 54), S(18, 70),
        S(24, 56), S(31, 43), S(27, 47), S(32, 34), S(50, 24), S(36, 27), S(41, 21), S(22, -4),
        S(23, 32), S(14, 12), S(22, 36), S(21, 31),
    ],
    centre_control: [
        S(4, 11), S(-2, 2),
    ],
    bishop_pair: S(25, 62),
    outpost: [
        S(17, 10), S(16, 7),
    ],
    rook_open_file: S(37, -5),
    rook_half_open_file: S(15, 16),
    rook_seventh: S(0, 22),
    bishop_pawns: S(-2, -4),
    minor_behind_pawn: S(4, 19),
    minor_king_distance: S(-5, -1),
    bishop_long_diagonal: S(16, 2),
    isolated: S(-1, -10),
    doubled: S(-9, -15),
    backward: S(-3, -7),
    weak_unopposed: S(-5, -12),
    connected: [
        S(0, 0), S(3, -2), S(7, 10), S(10, 15), S(20, 29), S(67, 55), S(89, 75), S(0, 0),
    ],
    passed: [
        S(0, 0), S(0, 9), S(-9, 1), S(-17, 26), S(-4, 46), S(21, 75), S(84, 110), S(0, 0),
    ],
    passed_blocked: [
        S(0, 0), S(-8, 1), S(-7, 12), S(-13, 3), S(-11, -3), S(-1, -29), S(-32, -73), S(0, 0),
    ],
    passed_own_king: [
        S(-29, 30), S(37, 14), S(14, 6), S(5, 1), S(2, -3), S(1, -4), S(-2, -2), S(-5, 0),
    ],
    passed_enemy_king: [
        S(-5, -7), S(6, -14), S(5, -5), S(4, 6), S(0, 17), S(-1, 23), S(4, 21), S(10, 19),
    ],
    passed_unstoppable: S(0, 158),
    passed_free: [
        S(0, 0), S(-4, 1), S(-5, 10), S(-13, 13), S(-4, 24), S(14, 50), S(15, 64), S(0, 0),
    ],
    king_pawn_tropism: [
        S(0, 0), S(8, 45), S(8, 36), S(-22, 36), S(6, -6), S(9, -33), S(0, -42), S(-8, -69),
    ],
    shelter: [
        S(12, 3), S(1, 11), S(-3, 3), S(-18, 17),
    ],
    storm: [
        S(5, 30), S(-10, -3), S(-6, 6), S(0, 2),
    ],
    king_danger: [
        S(0, 0), S(-2, -2), S(-6, -4), S(-26, 13), S(-21, 10), S(-12, -4), S(-8, -16), S(-8, -26),
        S(-15, -30), S(-6, -40), S(-10, -27), S(-20, -23), S(-22, -45), S(-43, -18), S(-54, -34), S(-89, -60),
    ],
    safe_check: [
        S(-46, -4), S(-5, -25), S(-65, 4), S(-16, -84),
    ],
    king_ring_weak: S(-9, 2),
    threat_by_pawn: S(54, 45),
    threat_by_minor: [
        S(21, 29), S(14, 26), S(16, 8), S(50, 40), S(36, 47),
    ],
    threat_by_rook: [
        S(19, 35), S(35, 38), S(29, 30), S(-19, 12), S(58, 39),
    ],
    hanging: S(9, -11),
    threat_by_king: S(35, 31),
    pawn_push_threat: S(16, 8),
    tempo: S(20, 10),
    scale_cannot_win: Scale(0),
    scale_pawnless_small_edge: Scale(24),
    scale_two_knights: Scale(0),
    scale_opposite_bishops: Scale(64),
    scale_opposite_bishops_with_pieces: Scale(104),
};
