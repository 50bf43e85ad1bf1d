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

/// The weights the engine plays with (hand-set starting values).
// Kept as printed (a piece-square row per line); `machack tune` writes it in this layout.
#[rustfmt::skip]
pub const DEFAULT: Weights = Weights {
    material: [
        S(85, 105), S(320, 300), S(335, 320), S(470, 530),
        S(980, 960),
    ],
    pst: [
        [
            S(0, 0), S(0, 0), S(0, 0), S(0, 0),
            S(0, 0), S(5, 0), S(5, 0), S(-5, 0),
            S(0, 0), S(0, 0), S(5, 0), S(5, 0),
            S(0, 5), S(0, 5), S(10, 5), S(20, 5),
            S(5, 10), S(5, 10), S(15, 10), S(25, 10),
            S(10, 25), S(15, 25), S(20, 25), S(30, 25),
            S(30, 50), S(35, 50), S(40, 50), S(45, 50),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        ],
        [
            S(-40, -30), S(-20, -20), S(-15, -10), S(-10, -5),
            S(-20, -20), S(-10, -10), S(0, 0), S(5, 5),
            S(-15, -10), S(5, 0), S(10, 5), S(15, 10),
            S(-10, -5), S(5, 5), S(15, 10), S(20, 15),
            S(-10, -5), S(10, 5), S(20, 10), S(25, 15),
            S(-15, -10), S(10, 0), S(20, 5), S(25, 10),
            S(-20, -20), S(-10, -10), S(5, 0), S(10, 5),
            S(-40, -30), S(-20, -20), S(-15, -10), S(-10, -5),
        ],
        [
            S(-10, -10), S(-5, -5), S(-10, -5), S(-5, 0),
            S(-5, -5), S(10, 0), S(5, 0), S(5, 5),
            S(0, -5), S(5, 0), S(10, 5), S(10, 5),
            S(0, 0), S(5, 5), S(10, 5), S(15, 10),
            S(0, 0), S(10, 5), S(10, 5), S(15, 10),
            S(0, -5), S(5, 0), S(10, 5), S(10, 5),
            S(-5, -5), S(0, 0), S(0, 0), S(0, 5),
            S(-10, -10), S(-5, -5), S(-5, -5), S(-5, 0),
        ],
        [
            S(-5, 0), S(-2, 0), S(3, 0), S(8, 0),
            S(-10, 0), S(-5, 0), S(0, 0), S(0, 0),
            S(-8, 0), S(-3, 0), S(0, 0), S(2, 0),
            S(-8, 0), S(-3, 0), S(0, 0), S(2, 0),
            S(-8, 0), S(-3, 0), S(0, 0), S(2, 0),
            S(-8, 0), S(-3, 0), S(0, 0), S(2, 0),
            S(10, 10), S(15, 10), S(15, 10), S(15, 10),
            S(5, 0), S(5, 0), S(5, 0), S(5, 0),
        ],
        [
            S(-10, -20), S(-5, -10), S(-5, -5), S(0, 0),
            S(-5, -10), S(0, 0), S(5, 5), S(5, 5),
            S(-5, -5), S(0, 5), S(5, 10), S(5, 10),
            S(-5, 0), S(0, 5), S(5, 10), S(5, 15),
            S(-5, 0), S(0, 5), S(5, 10), S(5, 15),
            S(-5, -5), S(0, 5), S(0, 10), S(0, 10),
            S(-5, -10), S(0, 0), S(0, 5), S(0, 5),
            S(-10, -20), S(-5, -10), S(-5, -5), S(-5, 0),
        ],
        [
            S(20, -40), S(30, -25), S(10, -15), S(0, -10),
            S(10, -25), S(10, -10), S(-5, 0), S(-10, 5),
            S(-20, -15), S(-25, 0), S(-30, 10), S(-30, 15),
            S(-30, -10), S(-40, 5), S(-45, 15), S(-50, 25),
            S(-50, -5), S(-55, 10), S(-60, 20), S(-65, 25),
            S(-50, -5), S(-55, 10), S(-60, 20), S(-65, 25),
            S(-50, -15), S(-55, 0), S(-60, 10), S(-65, 15),
            S(-50, -30), S(-55, -15), S(-60, -5), S(-65, 0),
        ],
    ],
    knight_mobility: [
        S(-30, -40), S(-12, -18), S(-4, -9), S(2, -2),
        S(7, 4), S(11, 9), S(15, 14), S(19, 18),
        S(22, 22),
    ],
    bishop_mobility: [
        S(-25, -35), S(-8, -16), S(-1, -8), S(4, -1),
        S(8, 4), S(12, 8), S(16, 13), S(19, 16),
        S(22, 20), S(25, 23), S(28, 26), S(30, 29),
        S(33, 32), S(35, 35),
    ],
    rook_mobility: [
        S(-15, -35), S(-6, -15), S(-3, -7), S(0, -1),
        S(3, 4), S(5, 9), S(7, 13), S(8, 17),
        S(10, 20), S(11, 24), S(13, 27), S(14, 30),
        S(16, 33), S(17, 35), S(18, 38),
    ],
    queen_mobility: [
        S(-12, -25), S(-5, -12), S(-2, -6), S(0, -2),
        S(2, 2), S(4, 5), S(5, 8), S(7, 11),
        S(8, 13), S(9, 15), S(11, 18), S(12, 20),
        S(13, 22), S(14, 24), S(15, 25), S(16, 27),
        S(16, 29), S(17, 31), S(18, 32), S(19, 34),
        S(20, 35), S(21, 37), S(21, 38), S(22, 40),
        S(23, 41), S(24, 42), S(24, 44), S(25, 45),
    ],
    centre_control: [
        S(8, 0), S(6, 0),
    ],
    bishop_pair: S(30, 50),
    outpost: [
        S(25, 15), S(15, 8),
    ],
    rook_open_file: S(25, 10),
    rook_half_open_file: S(12, 5),
    rook_seventh: S(15, 25),
    isolated: S(-10, -12),
    doubled: S(-10, -20),
    backward: S(-8, -8),
    connected: [
        S(0, 0), S(5, 0), S(8, 3), S(12, 6),
        S(20, 15), S(35, 30), S(60, 60), S(0, 0),
    ],
    passed: [
        S(0, 0), S(0, 5), S(0, 10), S(5, 20),
        S(15, 40), S(30, 70), S(50, 110), S(0, 0),
    ],
    passed_blocked: [
        S(0, 0), S(0, 0), S(0, 0), S(-3, -8),
        S(-8, -15), S(-12, -25), S(-15, -35), S(0, 0),
    ],
    passed_own_king: [
        S(0, 0), S(0, 6), S(0, 4), S(0, 2),
        S(0, 0), S(0, -2), S(0, -4), S(0, -6),
    ],
    passed_enemy_king: [
        S(0, -10), S(0, -8), S(0, -4), S(0, 0),
        S(0, 4), S(0, 8), S(0, 10), S(0, 12),
    ],
    passed_unstoppable: S(0, 150),
    king_pawn_tropism: [
        S(0, 0), S(0, 10), S(0, 5), S(0, 0),
        S(0, -5), S(0, -10), S(0, -15), S(0, -20),
    ],
    shelter: [
        S(8, 0), S(0, 0), S(-12, 0), S(-22, 0),
    ],
    storm: [
        S(-5, 0), S(-20, 0), S(-10, 0), S(0, 0),
    ],
    king_danger: [
        S(0, 0), S(-2, -2), S(-6, -4), S(-14, -6),
        S(-24, -8), S(-38, -10), S(-54, -12), S(-74, -14),
        S(-96, -16), S(-122, -18), S(-150, -20), S(-182, -22),
        S(-216, -24), S(-254, -26), S(-294, -28), S(-338, -30),
    ],
    threat_by_pawn: S(50, 40),
    threat_by_minor: [
        S(5, 15), S(20, 20), S(20, 20), S(40, 30),
        S(40, 40),
    ],
    threat_by_rook: [
        S(0, 15), S(20, 20), S(20, 20), S(15, 15),
        S(40, 40),
    ],
    hanging: S(25, 20),
    tempo: S(15, 5),
    scale_cannot_win: Scale(0),
    scale_pawnless_small_edge: Scale(24),
    scale_two_knights: Scale(0),
    scale_opposite_bishops: Scale(64),
    scale_opposite_bishops_with_pieces: Scale(104),
};
