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

/// The weights the engine plays with: the table of commit a73cc68 refitted by
/// `machack tune --data positions.txt --epochs 300 --rate 1 --prior 0.0001 --check 0.2`
/// on 10,000 self-play games (`machack datagen --games 5000 --nodes 5000` with seeds 11
/// and 12, concatenated; docs/strength.md), 861201 positions: K = 1.2023, mean squared
/// error fitted 0.082374 checked 0.082583 -> fitted 0.079678 checked 0.081270.
// Kept as printed (a piece-square row per line); `machack tune` writes it in this layout.
#[rustfmt::skip]
pub const DEFAULT: Weights = Weights {
    material: [
        S(77, 94), S(346, 307), S(346, 327), S(470, 546),
        S(1012, 975),
    ],
    pst: [
        [
            S(0, 0), S(0, 0), S(0, 0), S(0, 0),
            S(-8, 1), S(14, 3), S(8, 20), S(1, 16),
            S(-2, 0), S(12, 2), S(5, 0), S(5, 4),
            S(-2, 9), S(-10, 9), S(11, 1), S(16, -15),
            S(14, 9), S(-2, 3), S(4, 10), S(15, -13),
            S(11, 20), S(24, 29), S(7, 8), S(26, 42),
            S(27, 25), S(31, 38), S(43, 56), S(61, 73),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        ],
        [
            S(-38, -26), S(-10, -17), S(-16, -20), S(-4, -4),
            S(-36, -27), S(9, -5), S(11, -1), S(-3, -2),
            S(-12, -12), S(-12, -5), S(0, 7), S(39, 8),
            S(7, 0), S(3, 10), S(13, 6), S(3, 8),
            S(0, -6), S(4, 19), S(24, 15), S(16, 20),
            S(-11, -5), S(7, 6), S(21, -6), S(24, 13),
            S(-18, -23), S(-11, -9), S(8, -2), S(12, 6),
            S(-39, -29), S(-20, -20), S(-16, -9), S(-8, -5),
        ],
        [
            S(-10, -12), S(2, 6), S(2, -2), S(-5, -9),
            S(0, -10), S(27, -11), S(11, -5), S(3, 7),
            S(-13, 0), S(5, -7), S(12, 11), S(11, 12),
            S(-4, -5), S(4, 8), S(2, 5), S(22, 0),
            S(9, -4), S(1, 18), S(12, 8), S(21, 12),
            S(9, 1), S(3, -1), S(6, 7), S(8, 2),
            S(-11, -6), S(-3, 10), S(-9, -7), S(-2, 7),
            S(-16, -12), S(-5, -3), S(-5, 0), S(-6, -2),
        ],
        [
            S(2, -7), S(9, -12), S(5, -7), S(20, -15),
            S(-27, -11), S(-11, -6), S(-1, 1), S(-9, -12),
            S(0, -5), S(-21, -6), S(-5, 0), S(-7, -2),
            S(-14, 4), S(-10, -1), S(2, 0), S(-2, 4),
            S(-2, 5), S(-10, 4), S(8, 5), S(9, 5),
            S(-4, 7), S(-4, 1), S(8, 9), S(1, -1),
            S(11, 18), S(11, 14), S(23, 18), S(23, 23),
            S(4, 2), S(5, 8), S(9, 10), S(6, 2),
        ],
        [
            S(-5, -21), S(-11, -12), S(-7, -13), S(1, 1),
            S(-7, -12), S(10, 0), S(4, 1), S(8, 4),
            S(1, -3), S(3, 2), S(1, 9), S(-4, 8),
            S(-5, -2), S(14, 9), S(-4, 6), S(-7, 14),
            S(2, 3), S(-7, 8), S(7, 13), S(3, 16),
            S(-9, -2), S(16, 11), S(4, 11), S(3, 14),
            S(-5, -9), S(12, 5), S(3, 9), S(4, 10),
            S(-18, -19), S(-5, -11), S(-7, -6), S(-1, 3),
        ],
        [
            S(13, -33), S(34, -23), S(-6, -6), S(-9, -17),
            S(8, -16), S(8, 4), S(3, 1), S(-3, -7),
            S(-25, -10), S(-19, 4), S(-26, 8), S(-28, 7),
            S(-29, -18), S(-35, 0), S(-42, 16), S(-47, 28),
            S(-50, -2), S(-51, 14), S(-58, 24), S(-67, 19),
            S(-50, -5), S(-53, 19), S(-62, 19), S(-68, 10),
            S(-53, -27), S(-54, 8), S(-59, 12), S(-67, 8),
            S(-51, -34), S(-54, -13), S(-60, -7), S(-65, -3),
        ],
    ],
    knight_mobility: [
        S(-22, -43), S(-16, -23), S(-2, 0), S(1, 0),
        S(8, 12), S(14, 12), S(22, 19), S(28, 21),
        S(23, 7),
    ],
    bishop_mobility: [
        S(-29, -37), S(-12, -13), S(-3, -18), S(7, 0),
        S(10, 5), S(13, 13), S(21, 18), S(25, 20),
        S(22, 27), S(22, 25), S(34, 22), S(31, 30),
        S(33, 27), S(35, 35),
    ],
    rook_mobility: [
        S(-42, -40), S(-25, -33), S(-7, -21), S(-1, -1),
        S(3, 16), S(12, 10), S(7, 16), S(16, 15),
        S(12, 26), S(17, 28), S(15, 41), S(28, 32),
        S(17, 39), S(21, 40), S(23, 42),
    ],
    queen_mobility: [
        S(-12, -25), S(-6, -12), S(5, -6), S(1, -3),
        S(0, 0), S(7, 7), S(1, 6), S(4, 7),
        S(6, 14), S(13, 17), S(23, 23), S(17, 25),
        S(19, 29), S(17, 31), S(17, 33), S(20, 31),
        S(19, 33), S(20, 36), S(21, 36), S(18, 34),
        S(19, 31), S(19, 29), S(21, 34), S(20, 34),
        S(22, 39), S(23, 38), S(24, 43), S(25, 44),
    ],
    centre_control: [
        S(5, 12), S(2, 2),
    ],
    bishop_pair: S(50, 45),
    outpost: [
        S(16, 22), S(19, 4),
    ],
    rook_open_file: S(34, 10),
    rook_half_open_file: S(12, 16),
    rook_seventh: S(15, 19),
    isolated: S(-5, -11),
    doubled: S(-2, -22),
    backward: S(-4, -17),
    connected: [
        S(0, 0), S(3, -1), S(5, 2), S(10, 1),
        S(16, 22), S(38, 43), S(62, 56), S(0, 0),
    ],
    passed: [
        S(0, 0), S(-1, 19), S(-15, -4), S(-19, 26),
        S(19, 55), S(37, 78), S(62, 102), S(0, 0),
    ],
    passed_blocked: [
        S(0, 0), S(-9, -7), S(-8, -5), S(-3, -7),
        S(-21, -13), S(-13, -35), S(-11, -54), S(0, 0),
    ],
    passed_own_king: [
        S(0, 13), S(9, 18), S(20, 8), S(14, -1),
        S(-6, -1), S(2, -2), S(-7, 1), S(4, -7),
    ],
    passed_enemy_king: [
        S(3, -17), S(8, -20), S(7, -4), S(1, 9),
        S(6, 13), S(0, 18), S(-3, 25), S(14, 18),
    ],
    passed_unstoppable: S(0, 150),
    king_pawn_tropism: [
        S(0, 0), S(1, 23), S(-4, 12), S(-3, -4),
        S(3, -19), S(2, -10), S(1, -15), S(0, -22),
    ],
    shelter: [
        S(13, -7), S(1, 4), S(-2, -5), S(-20, 7),
    ],
    storm: [
        S(-2, 16), S(-16, -3), S(-1, -10), S(2, -5),
    ],
    king_danger: [
        S(0, 0), S(-2, -2), S(-6, -4), S(-10, 0),
        S(-23, 1), S(-34, -5), S(-36, -18), S(-56, -19),
        S(-84, -18), S(-64, -13), S(-87, -17), S(-120, -13),
        S(-164, -14), S(-215, -21), S(-256, -20), S(-296, -23),
    ],
    threat_by_pawn: S(57, 38),
    threat_by_minor: [
        S(26, 25), S(22, 18), S(17, 13), S(39, 25),
        S(48, 39),
    ],
    threat_by_rook: [
        S(11, 35), S(19, 22), S(20, 19), S(13, 7),
        S(45, 45),
    ],
    hanging: S(15, 8),
    tempo: S(19, 6),
    scale_cannot_win: Scale(0),
    scale_pawnless_small_edge: Scale(24),
    scale_two_knights: Scale(0),
    scale_opposite_bishops: Scale(64),
    scale_opposite_bishops_with_pieces: Scale(104),
};
