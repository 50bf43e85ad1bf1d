//! The pawn structure, read by both evaluators of the 1967 program: the static board
//! evaluator's P term (docs/design.md §3) and the plausible move generator's pawn factors
//! (docs/design.md §5).
//!
//! - Set-wise facts of a side's pawns: the files beside a file, the squares ahead, which
//!   pawns are isolated, doubled or passed, and the squares pawns attack. The generator
//!   asks for them on pawn structures that are not on the board yet (after a move), so
//!   they take bitboards, not a position.
//! - The paper's verdicts on one pawn (`pawn_verdict`), with its four-step backward-pawn
//!   test (`is_backward`), which looks at the pieces that block a pawn's advance.
//!
//! Backward has two tests on purpose. The evaluator's is the paper's; the generator's
//! (`backward`) is the common short one, set-wise and board-free: no pawn of ours guards
//! the pawn, every pawn of ours on a neighbouring file stands ahead of it, and an enemy
//! pawn guards its stop square. The plausibility weights were set with the short test,
//! and the generator needs it for structures after a move, where the paper's test would
//! need the board after it.
//!
//! Allocation-free.

use shakmaty::{Bitboard, Board, Color, Rank, Role, Square};

/// The a-file and the h-file, to keep sideways shifts from wrapping round the board.
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;

/// The files next to the files of `files` (a file-filled set).
pub const fn adjacent_files(files: Bitboard) -> Bitboard {
    Bitboard(((files.0 << 1) & !FILE_A) | ((files.0 >> 1) & !FILE_H))
}

/// The files next to the file of `sq` (a table read: the generator asks for every pawn
/// push).
#[inline]
pub fn neighbour_files(sq: Square) -> Bitboard {
    Bitboard(TABLES.neighbour_files[sq.file() as usize])
}

/// Squares strictly ahead of `sq` (from `color`'s side) on its file and both neighbours.
#[inline]
pub fn front_span(color: Color, sq: Square) -> Bitboard {
    Bitboard(TABLES.front_span[color as usize][sq.to_usize()])
}

/// `neighbour_files` by file (a 0 .. h 7) and `front_span` by colour (black 0, white 1)
/// and square (a1 0 .. h8 63), computed at compile time.
struct Tables {
    neighbour_files: [u64; 8],
    front_span: [[u64; 64]; 2],
}

static TABLES: Tables = tables();

const fn tables() -> Tables {
    let mut t = Tables {
        neighbour_files: [0; 8],
        front_span: [[0; 64]; 2],
    };
    let mut i = 0;
    while i < 64 {
        let (file, rank) = (i % 8, i / 8);
        let file_mask = FILE_A << file;
        let beside = adjacent_files(Bitboard(file_mask)).0;
        let white_ahead = if rank == 7 {
            0
        } else {
            !0u64 << (8 * (rank + 1))
        };
        let black_ahead = (1u64 << (8 * rank)) - 1;
        t.neighbour_files[file] = beside;
        t.front_span[1][i] = (file_mask | beside) & white_ahead;
        t.front_span[0][i] = (file_mask | beside) & black_ahead;
        i += 1;
    }
    t
}

/// Pawns of `pawns` with no friendly pawn on a neighbouring file (set-wise: the files
/// holding a pawn, filled, then their neighbours).
pub fn isolated(pawns: Bitboard) -> Bitboard {
    let mut files = pawns.0;
    files |= files << 8;
    files |= files << 16;
    files |= files << 32;
    files |= files >> 8;
    files |= files >> 16;
    files |= files >> 32;
    pawns & !adjacent_files(Bitboard(files))
}

/// Extra pawns on files holding two or more of `pawns`: the number of pawns less the
/// number of files holding any.
pub fn doubled_count(pawns: Bitboard) -> i32 {
    let mut files = pawns.0;
    files |= files >> 32;
    files |= files >> 16;
    files |= files >> 8;
    (pawns.count() - Bitboard(files & 0xff).count()) as i32
}

/// The generator's backward pawns of `color` (the short test, see the module doc).
pub fn backward(color: Color, ours: Bitboard, theirs: Bitboard) -> Bitboard {
    backward_among(color, ours, ours, pawn_cover(!color, theirs))
}

/// The generator's backward pawns among `candidates`, pawns of `color` whose side's pawns
/// are `ours`, `their_cover` being the squares the enemy pawns attack.
#[inline]
pub fn backward_among(
    color: Color,
    candidates: Bitboard,
    ours: Bitboard,
    their_cover: Bitboard,
) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    // Set-wise first: only a pawn no pawn of ours guards, whose stop square an enemy pawn
    // guards, can be backward; then whether its neighbours all stand ahead of it.
    let stop_guarded = Bitboard(match color {
        Color::White => their_cover.0 >> 8,
        Color::Black => their_cover.0 << 8,
    });
    for p in candidates & !pawn_cover(color, ours) & stop_guarded {
        let neighbours = neighbour_files(p) & ours;
        if neighbours.any() && (neighbours & !front_span(color, p)).is_empty() {
            out.add(p);
        }
    }
    out
}

/// Squares the pawns `pawns` of `color` attack (set-wise: one shift per capture side).
pub fn pawn_cover(color: Color, pawns: Bitboard) -> Bitboard {
    let p = pawns.0;
    Bitboard(match color {
        Color::White => ((p & !FILE_A) << 7) | ((p & !FILE_H) << 9),
        Color::Black => ((p & !FILE_A) >> 9) | ((p & !FILE_H) >> 7),
    })
}

/// Passed pawns of `color`: no enemy pawn ahead on its file or a neighbouring one
/// (set-wise: the squares behind the enemy pawns and their neighbouring squares, filled).
pub fn passed(color: Color, ours: Bitboard, theirs: Bitboard) -> Bitboard {
    let spread = theirs.0 | adjacent_files(theirs).0;
    let mut behind = match color {
        Color::White => spread >> 8,
        Color::Black => spread << 8,
    };
    match color {
        Color::White => {
            behind |= behind >> 8;
            behind |= behind >> 16;
            behind |= behind >> 32;
        }
        Color::Black => {
            behind |= behind << 8;
            behind |= behind << 16;
            behind |= behind << 32;
        }
    }
    ours & !Bitboard(behind)
}

/// The square one step forward for `color`, if on the board.
fn forward(color: Color, sq: Square) -> Option<Square> {
    match color {
        Color::White => sq.offset(8),
        Color::Black => sq.offset(-8),
    }
}

/// The square one step back for `color`, if on the board.
fn behind(color: Color, sq: Square) -> Option<Square> {
    match color {
        Color::White => sq.offset(-8),
        Color::Black => sq.offset(8),
    }
}

/// Squares on ranks strictly ahead of `sq` for `color`.
fn ranks_ahead(color: Color, sq: Square) -> Bitboard {
    let r = sq.rank() as u32;
    match color {
        Color::White => Bitboard(u64::MAX.checked_shl(8 * (r + 1)).unwrap_or(0)),
        Color::Black => Bitboard((1u64 << (8 * r)) - 1),
    }
}

/// Squares on `sq`'s rank and every rank ahead of it for `color`.
fn ranks_from(color: Color, sq: Square) -> Bitboard {
    ranks_ahead(color, sq) | Bitboard::from_rank(sq.rank())
}

/// The paper's verdicts on one pawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PawnVerdict {
    /// Where the pawn stands.
    pub square: Square,
    /// Whose pawn it is.
    pub color: Color,
    /// No friendly pawn on an adjacent file.
    pub isolated: bool,
    /// Another friendly pawn on its file.
    pub doubled: bool,
    /// Two or more other friendly pawns on its file.
    pub tripled: bool,
    /// No enemy pawn ahead of it on its own or an adjacent file.
    pub passed: bool,
    /// An enemy piece stands on the square in front of it.
    pub blockaded: bool,
    /// The four-step test (docs/design.md §3), in this order:
    /// 1. defended by a pawn → not backward;
    /// 2. a pawn move would defend it (it advances to a square a friendly pawn guards, or a
    ///    friendly pawn on an adjacent file advances to guard it; moving onto or through
    ///    friendly pieces is allowed) → not backward; except that its own double step from
    ///    its second rank does not count when an enemy pawn could then take it en passant;
    /// 3. a defending move blocked by an enemy piece: if it is its own advance that is
    ///    blocked, backward; if only a neighbour's, not backward;
    /// 4. otherwise backward if a friendly pawn on an adjacent file stands level with it or
    ///    ahead (advanced far enough it would be defended), else not (it is isolated or
    ///    its neighbours are behind it).
    pub backward: bool,
    /// No enemy pawn ahead of it on its file.
    pub open_file: bool,
}

/// The verdicts on the pawn on `sq`, or `None` if no pawn stands there.
pub fn pawn_verdict(board: &Board, sq: Square) -> Option<PawnVerdict> {
    let piece = board.piece_at(sq)?;
    if piece.role != Role::Pawn {
        return None;
    }
    let color = piece.color;
    let own = board.pawns() & board.by_color(color);
    let enemy_pawns = board.pawns() & board.by_color(!color);
    let file = Bitboard::from_file(sq.file());
    let adjacent = adjacent_files(file);
    let ahead = ranks_ahead(color, sq);
    let on_file = (own & file).count();
    let blockaded = forward(color, sq).is_some_and(|f| board.by_color(!color).contains(f));
    Some(PawnVerdict {
        square: sq,
        color,
        isolated: (own & adjacent).is_empty(),
        doubled: on_file >= 2,
        tripled: on_file >= 3,
        passed: (enemy_pawns & (file | adjacent) & ahead).is_empty(),
        blockaded,
        backward: is_backward(board, color, sq),
        open_file: (enemy_pawns & file & ahead).is_empty(),
    })
}

/// The four-step backward-pawn test of the paper for `color`'s pawn on `sq`.
fn is_backward(board: &Board, color: Color, sq: Square) -> bool {
    use shakmaty::attacks::pawn_attacks;
    let own = board.pawns() & board.by_color(color);
    let enemy = board.by_color(!color);
    let enemy_pawns = board.pawns() & enemy;
    // Squares from which a friendly pawn guards `s`.
    let guards = |s: Square| pawn_attacks(!color, s) & own;

    // 1. Defended by a pawn.
    if guards(sq).any() {
        return false;
    }

    // 2 and 3. Every pawn move that would defend it.
    let mut own_blocked = false; // its own defending advance is blocked by an enemy piece
    let mut neighbour_blocked = false; // a neighbour's defending advance is
    // Its own advance by one.
    if let Some(one) = forward(color, sq) {
        if guards(one).any() {
            if enemy.contains(one) {
                own_blocked = true;
            } else {
                return false;
            }
        }
        // Its own double step from its second rank.
        if color.relative_rank(sq.rank()) == Rank::Second
            && let Some(two) = forward(color, one)
            && guards(two).any()
        {
            if enemy.contains(one) || enemy.contains(two) {
                own_blocked = true;
            } else {
                let beside = adjacent_files(Bitboard::from_file(two.file()))
                    & Bitboard::from_rank(two.rank());
                if (beside & enemy_pawns).is_empty() {
                    return false;
                }
                // The en passant exception: this move does not defend it.
            }
        }
    }
    // A neighbour's advance onto a square that guards it.
    for target in pawn_attacks(!color, sq) {
        let Some(from1) = behind(color, target) else {
            continue;
        };
        if own.contains(from1) {
            if enemy.contains(target) {
                neighbour_blocked = true;
            } else {
                return false;
            }
        }
        if color.relative_rank(target.rank()) == Rank::Fourth
            && let Some(from2) = behind(color, from1)
            && own.contains(from2)
        {
            if enemy.contains(from1) || enemy.contains(target) {
                neighbour_blocked = true;
            } else {
                return false;
            }
        }
    }
    if own_blocked {
        return true;
    }
    if neighbour_blocked {
        return false;
    }

    // 4. Friendly pawns beside or ahead on adjacent files.
    (own & adjacent_files(Bitboard::from_file(sq.file())) & ranks_from(color, sq)).any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;
    use shakmaty::Position;
    use shakmaty::Square::*;

    #[test]
    fn set_wise_facts() {
        let b = parse_fen("4k3/8/8/8/8/8/P1P2PP1/4K3 w - - 0 1").unwrap().0;
        let wp = b.board().pawns() & b.board().white();
        assert_eq!(isolated(wp).count(), 2);
        assert_eq!(passed(Color::White, wp, Bitboard::EMPTY).count(), 4);
        assert_eq!(doubled_count(wp | A3), 1);
        assert_eq!(
            adjacent_files(Bitboard::from_file(shakmaty::File::A)),
            Bitboard::from_file(shakmaty::File::B)
        );
        assert_eq!(
            neighbour_files(E4),
            Bitboard::from_file(shakmaty::File::D) | Bitboard::from_file(shakmaty::File::F)
        );
        assert_eq!(
            front_span(Color::White, E7),
            Bitboard::from_iter([D8, E8, F8])
        );
        assert_eq!(front_span(Color::Black, A2), Bitboard::from_iter([A1, B1]));
    }

    #[test]
    fn the_two_backward_tests_differ_where_the_paper_looks_further() {
        // White d3, its neighbour c4 ahead of it, the black pawn e5 guarding d4: backward
        // by both tests (no pawn move defends d3, and c4 stands ahead).
        let b = parse_fen("4k3/8/8/4p3/2P5/3P4/8/4K3 w - - 0 1").unwrap().0;
        let board = b.board();
        let (ours, theirs) = (board.pawns() & board.white(), board.pawns() & board.black());
        assert!(backward(Color::White, ours, theirs).contains(D3));
        assert!(is_backward(board, Color::White, D3));
        // With no enemy pawn guarding d4 the short test frees it; the paper's test does
        // not ask about the stop square, and still finds it backward.
        let b = parse_fen("4k3/8/8/8/2P5/3P4/8/4K3 w - - 0 1").unwrap().0;
        let board = b.board();
        let (ours, theirs) = (board.pawns() & board.white(), board.pawns() & board.black());
        assert!(!backward(Color::White, ours, theirs).contains(D3));
        assert!(is_backward(board, Color::White, D3));
    }

    #[test]
    fn ranks_ahead_by_colour() {
        assert_eq!(
            ranks_ahead(Color::White, E7),
            Bitboard::from_rank(shakmaty::Rank::Eighth)
        );
        assert_eq!(ranks_ahead(Color::White, E8), Bitboard::EMPTY);
        assert_eq!(
            ranks_ahead(Color::Black, E2),
            Bitboard::from_rank(shakmaty::Rank::First)
        );
        assert_eq!(ranks_ahead(Color::Black, E1), Bitboard::EMPTY);
        assert_eq!(ranks_ahead(Color::White, A1).count(), 56);
    }
}
