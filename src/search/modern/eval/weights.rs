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
        /// Piece-square tables by role (pawn … king), on a half board seen from the
        /// piece's own side: index 4 × rank + file, files a–d, e–h folded onto d–a. They
        /// carry the 1967 K term (the king stays home while queens are on) and the pawn
        /// part of its centre term.
        pub pst: [[S; 32]; 6],
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
        /// Per pawn with no own pawn on an adjacent file.
        pub isolated: S,
        /// Per pawn with an own pawn behind it on its file.
        pub doubled: S,
        /// Per pawn that no own pawn can defend (none beside or behind on the adjacent
        /// files) and whose advance an enemy pawn stops.
        pub backward: S,
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
        /// Per piece (not a pawn) an enemy pawn attacks.
        pub threat_by_pawn: S,
        /// Per piece an enemy knight or bishop attacks, by its role (pawn … queen), when
        /// it is undefended or a rook or queen.
        pub threat_by_minor: [S; 5],
        /// Per piece an enemy rook attacks, by its role, when undefended or a queen.
        pub threat_by_rook: [S; 5],
        /// Per piece (not a pawn) attacked and not defended.
        pub hanging: S,
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

/// The weights the engine plays with: the table of commit a73cc68, with the safe-check
/// term added, refitted by
/// `machack tune --data positions.txt --epochs 300 --rate 1 --prior 0.0001 --check 0.2`
/// on 10,000 self-play games (`machack datagen --games 5000 --nodes 5000` with seeds 11
/// and 12, concatenated; docs/strength.md), 861201 positions: K = 1.1937, mean squared
/// error fitted 0.082210 checked 0.082465 -> fitted 0.079523 checked 0.081199.
// Kept as printed (a piece-square row per line); `machack tune` writes it in this layout.
#[rustfmt::skip]
pub const DEFAULT: Weights = Weights {
    material: [
        S(77, 94), S(347, 307), S(347, 328), S(471, 547),
        S(1011, 975),
    ],
    pst: [
        [
            S(0, 0), S(0, 0), S(0, 0), S(0, 0),
            S(-8, 1), S(13, 2), S(8, 20), S(0, 16),
            S(-2, 0), S(12, 2), S(5, 0), S(4, 4),
            S(-2, 9), S(-11, 10), S(11, 1), S(17, -15),
            S(14, 9), S(-2, 3), S(4, 10), S(16, -13),
            S(11, 20), S(24, 29), S(7, 8), S(26, 43),
            S(27, 24), S(31, 38), S(43, 56), S(61, 73),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        ],
        [
            S(-38, -26), S(-9, -16), S(-16, -20), S(-4, -4),
            S(-35, -27), S(9, -5), S(11, -1), S(-4, -2),
            S(-11, -12), S(-11, -5), S(0, 8), S(40, 8),
            S(7, 0), S(2, 10), S(14, 6), S(3, 8),
            S(-1, -6), S(4, 19), S(24, 15), S(16, 19),
            S(-11, -5), S(7, 7), S(20, -6), S(24, 13),
            S(-18, -23), S(-11, -9), S(7, -2), S(12, 6),
            S(-39, -28), S(-20, -20), S(-16, -9), S(-8, -5),
        ],
        [
            S(-10, -12), S(2, 6), S(2, -2), S(-5, -10),
            S(0, -9), S(27, -12), S(11, -6), S(2, 6),
            S(-13, 0), S(5, -7), S(11, 11), S(11, 12),
            S(-4, -5), S(4, 8), S(2, 5), S(22, 0),
            S(10, -4), S(2, 18), S(13, 8), S(21, 13),
            S(9, 0), S(3, -1), S(7, 7), S(8, 2),
            S(-11, -6), S(-3, 10), S(-9, -7), S(-1, 8),
            S(-16, -12), S(-5, -3), S(-5, 0), S(-6, -2),
        ],
        [
            S(2, -6), S(9, -12), S(5, -7), S(20, -14),
            S(-27, -10), S(-11, -6), S(-1, 1), S(-9, -12),
            S(0, -4), S(-21, -6), S(-6, 0), S(-7, -2),
            S(-14, 4), S(-10, -1), S(2, 0), S(-2, 4),
            S(-2, 5), S(-10, 4), S(7, 5), S(9, 5),
            S(-4, 7), S(-4, 1), S(8, 9), S(2, 0),
            S(10, 17), S(11, 14), S(24, 19), S(23, 23),
            S(4, 1), S(5, 7), S(9, 10), S(6, 1),
        ],
        [
            S(-5, -21), S(-11, -12), S(-6, -12), S(1, 1),
            S(-6, -12), S(11, 0), S(5, 1), S(9, 4),
            S(2, -3), S(3, 2), S(2, 9), S(-3, 8),
            S(-5, -2), S(14, 9), S(-4, 6), S(-8, 14),
            S(2, 3), S(-6, 8), S(6, 13), S(3, 16),
            S(-10, -2), S(15, 11), S(3, 10), S(3, 13),
            S(-5, -10), S(12, 5), S(3, 8), S(4, 10),
            S(-18, -19), S(-5, -12), S(-6, -6), S(-1, 3),
        ],
        [
            S(12, -33), S(33, -23), S(-8, -6), S(-11, -16),
            S(7, -17), S(8, 3), S(5, 1), S(-2, -7),
            S(-25, -11), S(-19, 4), S(-26, 8), S(-26, 8),
            S(-29, -18), S(-35, 0), S(-42, 16), S(-46, 29),
            S(-50, -2), S(-51, 14), S(-58, 25), S(-66, 19),
            S(-50, -5), S(-53, 19), S(-62, 19), S(-68, 11),
            S(-53, -27), S(-54, 8), S(-59, 12), S(-67, 8),
            S(-51, -34), S(-54, -13), S(-60, -7), S(-65, -3),
        ],
    ],
    knight_mobility: [
        S(-22, -43), S(-16, -22), S(-3, 0), S(2, 0),
        S(9, 12), S(14, 12), S(22, 19), S(28, 21),
        S(23, 6),
    ],
    bishop_mobility: [
        S(-28, -36), S(-11, -13), S(-2, -17), S(7, 1),
        S(10, 6), S(13, 13), S(21, 18), S(25, 20),
        S(22, 27), S(22, 24), S(34, 21), S(31, 29),
        S(33, 27), S(35, 34),
    ],
    rook_mobility: [
        S(-41, -40), S(-24, -31), S(-6, -20), S(-1, 0),
        S(4, 17), S(13, 11), S(8, 17), S(16, 16),
        S(13, 26), S(17, 28), S(15, 40), S(27, 31),
        S(16, 37), S(20, 39), S(22, 40),
    ],
    queen_mobility: [
        S(-12, -25), S(-4, -12), S(8, -6), S(4, -3),
        S(1, 0), S(8, 7), S(1, 7), S(3, 8),
        S(5, 15), S(12, 17), S(22, 23), S(17, 26),
        S(18, 29), S(16, 31), S(15, 33), S(18, 30),
        S(18, 32), S(19, 35), S(20, 35), S(18, 33),
        S(18, 31), S(19, 29), S(21, 34), S(20, 34),
        S(22, 39), S(23, 38), S(24, 43), S(25, 44),
    ],
    centre_control: [
        S(5, 12), S(2, 2),
    ],
    bishop_pair: S(51, 45),
    outpost: [
        S(16, 22), S(19, 4),
    ],
    rook_open_file: S(34, 9),
    rook_half_open_file: S(12, 17),
    rook_seventh: S(16, 19),
    isolated: S(-5, -12),
    doubled: S(-2, -22),
    backward: S(-4, -17),
    connected: [
        S(0, 0), S(3, -2), S(5, 2), S(10, 1),
        S(16, 22), S(39, 43), S(62, 57), S(0, 0),
    ],
    passed: [
        S(0, 0), S(-1, 19), S(-16, -4), S(-20, 25),
        S(19, 54), S(38, 78), S(62, 102), S(0, 0),
    ],
    passed_blocked: [
        S(0, 0), S(-9, -7), S(-9, -5), S(-4, -8),
        S(-21, -13), S(-13, -36), S(-11, -54), S(0, 0),
    ],
    passed_own_king: [
        S(0, 13), S(9, 19), S(20, 8), S(15, -1),
        S(-6, -1), S(2, -2), S(-7, 2), S(4, -7),
    ],
    passed_enemy_king: [
        S(3, -17), S(8, -20), S(7, -3), S(1, 9),
        S(6, 13), S(0, 18), S(-3, 25), S(14, 18),
    ],
    passed_unstoppable: S(0, 150),
    king_pawn_tropism: [
        S(0, 0), S(1, 22), S(-4, 12), S(-3, -4),
        S(4, -18), S(2, -10), S(1, -15), S(0, -22),
    ],
    shelter: [
        S(12, -7), S(2, 4), S(-2, -4), S(-19, 7),
    ],
    storm: [
        S(-2, 16), S(-16, -3), S(-1, -9), S(2, -4),
    ],
    king_danger: [
        S(0, 0), S(-2, -2), S(-6, -4), S(-10, -1),
        S(-22, 1), S(-34, -5), S(-36, -18), S(-56, -19),
        S(-84, -19), S(-64, -13), S(-88, -17), S(-121, -13),
        S(-163, -14), S(-215, -21), S(-256, -20), S(-295, -22),
    ],
    safe_check: [
        S(-49, 1), S(-9, -17), S(-51, -4), S(-23, -26),
    ],
    threat_by_pawn: S(58, 38),
    threat_by_minor: [
        S(25, 25), S(22, 19), S(16, 14), S(39, 25),
        S(47, 39),
    ],
    threat_by_rook: [
        S(11, 34), S(19, 22), S(20, 19), S(13, 8),
        S(45, 45),
    ],
    hanging: S(14, 7),
    tempo: S(19, 6),
    scale_cannot_win: Scale(0),
    scale_pawnless_small_edge: Scale(24),
    scale_two_knights: Scale(0),
    scale_opposite_bishops: Scale(64),
    scale_opposite_bishops_with_pieces: Scale(104),
};
