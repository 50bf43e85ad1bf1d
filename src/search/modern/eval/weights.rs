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

/// The weights the engine plays with: the hand-set table of commit 224115d, refitted by
/// `machack tune --data positions.txt --epochs 300 --rate 1 --prior 0.01 --check 0.2`
/// on `machack datagen --games 2000 --nodes 5000 --seed 1 --out positions.txt`
/// (docs/strength.md), 170782 positions: K = 1.1990, mean squared error
/// fitted 0.080461 checked 0.078601 -> fitted 0.079155 checked 0.078246.
// Kept as printed (a piece-square row per line); `machack tune` writes it in this layout.
#[rustfmt::skip]
pub const DEFAULT: Weights = Weights {
    material: [
        S(83, 103), S(321, 299), S(335, 318), S(471, 532),
        S(980, 960),
    ],
    pst: [
        [
            S(0, 0), S(0, 0), S(0, 0), S(0, 0),
            S(-4, 2), S(4, -1), S(5, 1), S(-2, 2),
            S(0, -4), S(3, -2), S(5, 2), S(5, -1),
            S(2, 6), S(-4, 6), S(8, 4), S(19, 3),
            S(5, 12), S(7, 12), S(14, 10), S(24, 9),
            S(11, 24), S(15, 25), S(20, 24), S(30, 25),
            S(30, 50), S(35, 50), S(40, 50), S(45, 50),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        ],
        [
            S(-40, -30), S(-17, -19), S(-15, -10), S(-10, -5),
            S(-20, -20), S(-10, -10), S(-1, -1), S(5, 5),
            S(-14, -10), S(7, 0), S(10, 4), S(15, 10),
            S(-10, -5), S(5, 5), S(14, 9), S(20, 15),
            S(-10, -5), S(8, 5), S(20, 10), S(24, 15),
            S(-15, -10), S(10, 0), S(20, 5), S(25, 10),
            S(-20, -20), S(-10, -10), S(5, 0), S(10, 5),
            S(-40, -30), S(-20, -20), S(-15, -10), S(-10, -5),
        ],
        [
            S(-10, -10), S(-5, -5), S(-13, -5), S(-5, 0),
            S(-4, -5), S(13, 0), S(5, 0), S(5, 4),
            S(0, -5), S(5, 0), S(11, 5), S(9, 5),
            S(0, 0), S(5, 5), S(9, 4), S(15, 10),
            S(0, 0), S(10, 5), S(9, 5), S(15, 10),
            S(0, -5), S(5, 0), S(10, 5), S(10, 5),
            S(-5, -5), S(0, 0), S(0, 0), S(0, 5),
            S(-10, -10), S(-5, -5), S(-5, -5), S(-5, 0),
        ],
        [
            S(-5, 0), S(-2, 1), S(3, -1), S(9, 0),
            S(-11, 0), S(-5, 0), S(0, 0), S(1, 0),
            S(-8, 0), S(-3, 0), S(0, -1), S(2, 0),
            S(-8, 0), S(-3, 0), S(0, 1), S(2, 0),
            S(-8, 0), S(-3, 0), S(0, 0), S(2, 0),
            S(-8, 0), S(-3, 0), S(0, 0), S(2, 0),
            S(10, 10), S(15, 10), S(15, 11), S(15, 10),
            S(5, 0), S(5, 0), S(5, 0), S(5, 0),
        ],
        [
            S(-10, -20), S(-5, -10), S(-5, -5), S(-1, 0),
            S(-5, -10), S(0, 0), S(5, 5), S(7, 5),
            S(-5, -5), S(0, 5), S(3, 10), S(5, 10),
            S(-5, 0), S(0, 5), S(5, 10), S(5, 15),
            S(-6, 0), S(0, 5), S(5, 10), S(5, 15),
            S(-5, -5), S(0, 5), S(0, 10), S(0, 10),
            S(-5, -10), S(0, 0), S(0, 5), S(0, 5),
            S(-10, -20), S(-5, -10), S(-5, -5), S(-5, 0),
        ],
        [
            S(19, -41), S(30, -26), S(10, -15), S(0, -10),
            S(11, -25), S(10, -11), S(-5, 0), S(-10, 5),
            S(-20, -15), S(-25, 0), S(-30, 11), S(-30, 15),
            S(-30, -10), S(-40, 5), S(-45, 15), S(-50, 25),
            S(-50, -5), S(-55, 10), S(-60, 20), S(-65, 25),
            S(-50, -5), S(-55, 10), S(-60, 20), S(-65, 25),
            S(-50, -15), S(-55, 0), S(-60, 10), S(-65, 15),
            S(-50, -30), S(-55, -15), S(-60, -5), S(-65, 0),
        ],
    ],
    knight_mobility: [
        S(-30, -40), S(-10, -18), S(-2, -9), S(1, -1),
        S(6, 3), S(12, 9), S(14, 13), S(18, 18),
        S(22, 22),
    ],
    bishop_mobility: [
        S(-24, -35), S(-9, -16), S(0, -8), S(3, -2),
        S(8, 3), S(13, 9), S(16, 13), S(18, 16),
        S(22, 20), S(25, 23), S(28, 26), S(30, 29),
        S(33, 32), S(35, 35),
    ],
    rook_mobility: [
        S(-16, -35), S(-7, -15), S(-4, -7), S(-1, -1),
        S(3, 4), S(7, 9), S(7, 13), S(9, 18),
        S(10, 20), S(12, 25), S(13, 28), S(14, 30),
        S(16, 33), S(17, 35), S(18, 38),
    ],
    queen_mobility: [
        S(-12, -25), S(-5, -12), S(-2, -6), S(0, -2),
        S(2, 2), S(5, 5), S(6, 8), S(6, 11),
        S(8, 13), S(8, 15), S(12, 18), S(12, 20),
        S(13, 22), S(14, 24), S(15, 25), S(16, 27),
        S(16, 29), S(17, 31), S(18, 32), S(19, 34),
        S(20, 35), S(21, 37), S(21, 38), S(22, 40),
        S(23, 41), S(24, 42), S(24, 44), S(25, 45),
    ],
    centre_control: [
        S(6, -2), S(5, 0),
    ],
    bishop_pair: S(31, 51),
    outpost: [
        S(25, 15), S(15, 8),
    ],
    rook_open_file: S(26, 12),
    rook_half_open_file: S(14, 7),
    rook_seventh: S(15, 25),
    isolated: S(-10, -8),
    doubled: S(-10, -19),
    backward: S(-5, -8),
    connected: [
        S(0, 0), S(2, -1), S(10, 2), S(10, 4),
        S(17, 13), S(35, 30), S(60, 60), S(0, 0),
    ],
    passed: [
        S(0, 0), S(0, 7), S(1, 10), S(4, 19),
        S(16, 42), S(31, 70), S(50, 110), S(0, 0),
    ],
    passed_blocked: [
        S(0, 0), S(0, 0), S(0, 0), S(-3, -8),
        S(-8, -15), S(-11, -25), S(-15, -35), S(0, 0),
    ],
    passed_own_king: [
        S(0, 2), S(1, 9), S(1, 6), S(1, 1),
        S(-2, -3), S(1, -3), S(3, -4), S(0, -5),
    ],
    passed_enemy_king: [
        S(-1, -13), S(0, -12), S(2, -4), S(0, 2),
        S(2, 7), S(1, 9), S(1, 13), S(0, 13),
    ],
    passed_unstoppable: S(0, 150),
    king_pawn_tropism: [
        S(0, 0), S(0, 12), S(0, 4), S(0, -1),
        S(0, -5), S(0, -10), S(0, -15), S(0, -20),
    ],
    shelter: [
        S(6, -1), S(1, -2), S(-11, -2), S(-22, 5),
    ],
    storm: [
        S(-5, 2), S(-20, 0), S(-11, -1), S(1, -1),
    ],
    king_danger: [
        S(0, 0), S(-2, -2), S(-6, -4), S(-14, -6),
        S(-24, -8), S(-38, -10), S(-54, -12), S(-73, -14),
        S(-96, -16), S(-121, -18), S(-148, -20), S(-181, -22),
        S(-215, -24), S(-254, -26), S(-293, -28), S(-338, -30),
    ],
    threat_by_pawn: S(50, 40),
    threat_by_minor: [
        S(6, 16), S(20, 20), S(20, 20), S(40, 30),
        S(40, 40),
    ],
    threat_by_rook: [
        S(1, 17), S(20, 20), S(20, 20), S(15, 15),
        S(40, 40),
    ],
    hanging: S(24, 19),
    tempo: S(17, 5),
    scale_cannot_win: Scale(0),
    scale_pawnless_small_edge: Scale(24),
    scale_two_knights: Scale(0),
    scale_opposite_bishops: Scale(64),
    scale_opposite_bishops_with_pieces: Scale(104),
};
