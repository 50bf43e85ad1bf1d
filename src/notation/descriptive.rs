//! English descriptive notation, the notation of the 1967 program (docs/design.md §2).
//!
//! Files are named after the pieces that start on them (QR QN QB Q K KB KN KR for a–h)
//! and ranks are counted from the mover's side, so White's K4 is e4 and Black's K4 is e5.
//! A move is `piece-square` (`N-KB3`) or `piece x piece` (`PxP`, `BxKP`), made unique by
//! qualifiers when needed: the side of the board or file of the piece (`KR-K1`, `QPxB`),
//! the short file name (`N-B3` for either B3), or a square after a slash (`R/K2-Q2`,
//! `QxP/Q6`, `N/1-Q2`).
//!
//! Both directions work from one idea: a [`Desc`] is one way of describing a move, and
//! [`descriptions`] lists every description of a legal move. Reading parses the text into
//! a `Desc` and keeps the legal moves it names; writing takes the shortest description of
//! the move that names no other legal move. [`names`] decides "this description names that
//! move" directly (it is the membership test of the description set, tested to agree).
//!
//! Left out: the "side of the board" of a piece means the half of the board it stands on
//! now (files a–d are the queen's side), not where it started the game; a scoresheet that
//! says `KR` for a king's rook that wandered to the queen's side reads as another rook or
//! not at all.

use shakmaty::{Chess, Color, File, Move, Position, Role, Square};

/// How a descriptive move names a file: one file (`QB`) or both files of a kind (`B`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileName {
    /// Exactly one file: QR QN QB Q K KB KN KR.
    One(File),
    /// The two files of the rooks (`R`: a and h), knights (`N`) or bishops (`B`), stored
    /// as the queen's-side file (a, b or c).
    Both(File),
}

impl FileName {
    /// Whether `file` is one of the files named.
    pub fn covers(self, file: File) -> bool {
        match self {
            FileName::One(f) => f == file,
            FileName::Both(f) => f == file || f.flip_horizontal() == file,
        }
    }

    /// The name as written (`KB`, `B`).
    pub fn text(self) -> &'static str {
        match self {
            FileName::One(f) => ["QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"][f.to_usize()],
            FileName::Both(f) => ["R", "N", "B", "", "", "", "", ""][f.to_usize()],
        }
    }

    /// Reads a file name in upper case (`KT` is accepted for the knight's files).
    fn parse(s: &str) -> Option<FileName> {
        let (wing, rest) = match s.as_bytes().first()? {
            b'Q' => (Some(File::D), &s[1..]),
            b'K' if !s.starts_with("KT") => (Some(File::E), &s[1..]),
            _ => (None, s),
        };
        let piece_file = match rest {
            "" => None,
            "R" => Some(File::A),
            "N" | "KT" => Some(File::B),
            "B" => Some(File::C),
            _ => return None,
        };
        match (wing, piece_file) {
            (Some(centre), None) => Some(FileName::One(centre)),
            (Some(File::D), Some(f)) => Some(FileName::One(f)),
            (Some(_), Some(f)) => Some(FileName::One(f.flip_horizontal())),
            (None, Some(f)) => Some(FileName::Both(f)),
            (None, None) => None,
        }
    }

    /// The names of a file: the exact one, and the short one unless it is the K or Q file.
    fn of(file: File) -> impl Iterator<Item = FileName> {
        let short = match file {
            File::D | File::E => None,
            f if f < File::D => Some(FileName::Both(f)),
            f => Some(FileName::Both(f.flip_horizontal())),
        };
        std::iter::once(FileName::One(file)).chain(short)
    }
}

/// A square or part of one, ranks counted from the mover's side: `KB3`, `B3`, or `3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Place {
    pub file: Option<FileName>,
    /// 1..=8, from the mover's side.
    pub rank: Option<u8>,
}

impl Place {
    fn covers(self, square: Square, mover: Color) -> bool {
        self.file.is_none_or(|f| f.covers(square.file()))
            && self.rank.is_none_or(|r| r == rank_of(square, mover))
    }

    fn len(self) -> usize {
        self.file.map_or(0, |f| f.text().len()) + usize::from(self.rank.is_some())
    }

    fn write(self, out: &mut String) {
        if let Some(f) = self.file {
            out.push_str(f.text());
        }
        if let Some(r) = self.rank {
            out.push(char::from(b'0' + r));
        }
    }

    /// Every name of a whole square (`KB3`, `B3`).
    fn squares(square: Square, mover: Color) -> impl Iterator<Item = Place> {
        let rank = Some(rank_of(square, mover));
        FileName::of(square.file()).map(move |f| Place {
            file: Some(f),
            rank,
        })
    }

    /// Every name of a square as a slash qualifier: the whole square or its rank alone.
    fn qualifiers(square: Square, mover: Color) -> impl Iterator<Item = Place> {
        Place::squares(square, mover).chain(std::iter::once(Place {
            file: None,
            rank: Some(rank_of(square, mover)),
        }))
    }
}

/// The rank of `square` counted from `mover`'s side, 1..=8.
fn rank_of(square: Square, mover: Color) -> u8 {
    let r = square.rank().to_u32() as u8;
    match mover {
        Color::White => r + 1,
        Color::Black => 8 - r,
    }
}

/// What stands before a piece letter: the side of the board for a piece (`KR`, `QN`),
/// the file for a pawn (`KBP`, `BP`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Prefix {
    /// A piece on the king's side (files e–h) when true, the queen's side (a–d) when false.
    Wing { king: bool },
    /// A pawn on the named file(s).
    File(FileName),
}

/// One way to name a piece on its square: `N`, `KR`, `QBP`, `R/K2`, `P/Q6`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Designator {
    pub role: Role,
    pub prefix: Option<Prefix>,
    /// A slash qualifier: the square the piece stands on.
    pub at: Option<Place>,
}

impl Designator {
    fn covers(self, role: Role, square: Square, mover: Color) -> bool {
        self.role == role
            && match self.prefix {
                None => true,
                Some(Prefix::Wing { king }) => (square.file() >= File::E) == king,
                Some(Prefix::File(f)) => f.covers(square.file()),
            }
            && self.at.is_none_or(|p| p.covers(square, mover))
    }

    fn len(self) -> usize {
        let prefix = match self.prefix {
            None => 0,
            Some(Prefix::Wing { .. }) => 1,
            Some(Prefix::File(f)) => f.text().len(),
        };
        prefix + 1 + self.at.map_or(0, |p| 1 + p.len())
    }

    fn write(self, out: &mut String) {
        match self.prefix {
            None => {}
            Some(Prefix::Wing { king }) => out.push(if king { 'K' } else { 'Q' }),
            Some(Prefix::File(f)) => out.push_str(f.text()),
        }
        out.push(role_letter(self.role));
        if let Some(p) = self.at {
            out.push('/');
            p.write(out);
        }
    }

    /// Every designator of a `role` standing on `square`.
    fn all(role: Role, square: Square, mover: Color) -> Vec<Designator> {
        let mut prefixes = vec![None];
        match role {
            Role::Pawn => prefixes.extend(FileName::of(square.file()).map(Prefix::File).map(Some)),
            Role::Rook | Role::Knight | Role::Bishop => prefixes.push(Some(Prefix::Wing {
                king: square.file() >= File::E,
            })),
            Role::Queen | Role::King => {}
        }
        let ats: Vec<Option<Place>> = std::iter::once(None)
            .chain(Place::qualifiers(square, mover).map(Some))
            .collect();
        let mut all = Vec::with_capacity(prefixes.len() * ats.len());
        for &prefix in &prefixes {
            for &at in &ats {
                all.push(Designator { role, prefix, at });
            }
        }
        all
    }
}

fn role_letter(role: Role) -> char {
    role.upper_char()
}

/// One description of a move in English descriptive notation, without check, mate or
/// e.p. annotations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Desc {
    /// `O-O` (king's side) or `O-O-O` (queen's side).
    Castle { long: bool },
    /// `piece-square`, with a promotion piece for `P-K8=Q`.
    Move {
        piece: Designator,
        to: Place,
        promotion: Option<Role>,
    },
    /// `piece x piece`; the victim's slash qualifier names the square it stands on.
    Capture {
        piece: Designator,
        victim: Designator,
        promotion: Option<Role>,
    },
}

impl Desc {
    /// The description as written (`N-KB3`, `PxP`, `R/K2-Q2`, `P-K8=Q`).
    pub fn text(&self) -> String {
        let mut out = String::with_capacity(8);
        let promotion = match *self {
            Desc::Castle { long } => {
                out.push_str(if long { "O-O-O" } else { "O-O" });
                None
            }
            Desc::Move {
                piece,
                to,
                promotion,
            } => {
                piece.write(&mut out);
                out.push('-');
                to.write(&mut out);
                promotion
            }
            Desc::Capture {
                piece,
                victim,
                promotion,
            } => {
                piece.write(&mut out);
                out.push('x');
                victim.write(&mut out);
                promotion
            }
        };
        if let Some(p) = promotion {
            out.push('=');
            out.push(role_letter(p));
        }
        out
    }

    /// The length of `text()`, without writing it.
    pub fn text_len(&self) -> usize {
        let promotion = |p: Option<Role>| if p.is_some() { 2 } else { 0 };
        match *self {
            Desc::Castle { long } => {
                if long {
                    5
                } else {
                    3
                }
            }
            Desc::Move {
                piece,
                to,
                promotion: p,
            } => piece.len() + 1 + to.len() + promotion(p),
            Desc::Capture {
                piece,
                victim,
                promotion: p,
            } => piece.len() + 1 + victim.len() + promotion(p),
        }
    }

    /// How a scoresheet writer would rank two descriptions: shorter first; of the same
    /// length, fewer slash qualifiers first, then naming the square or victim more fully
    /// before naming the moving piece more fully (`N-KB3` rather than `KN-B3`).
    fn preference(&self) -> (usize, u8, u8) {
        match *self {
            Desc::Castle { .. } => (self.text_len(), 0, 0),
            Desc::Move { piece, .. } | Desc::Capture { piece, .. } => {
                let victim_slash = match *self {
                    Desc::Capture { victim, .. } => u8::from(victim.at.is_some()),
                    _ => 0,
                };
                (
                    self.text_len(),
                    u8::from(piece.at.is_some()) + victim_slash,
                    u8::from(piece.prefix.is_some()),
                )
            }
        }
    }
}

/// The square of the piece a capture takes (for en passant, beside the target square).
fn victim_square(m: Move) -> Square {
    match m {
        Move::EnPassant { from, to } => Square::from_coords(to.file(), from.rank()),
        _ => m.to(),
    }
}

fn promotion_fits(wanted: Option<Role>, m: Move) -> bool {
    // A description without a promotion piece names every promotion, so `P-K8` alone is
    // ambiguous rather than illegal.
    wanted.is_none_or(|p| m.promotion() == Some(p))
}

/// Whether `desc` names the legal move `m` in `pos` (`m` must be legal in `pos`).
pub fn names(pos: &Chess, desc: &Desc, m: Move) -> bool {
    let mover = pos.turn();
    match (*desc, m) {
        (Desc::Castle { long }, Move::Castle { king, rook }) => long == (rook < king),
        (Desc::Castle { .. }, _) | (_, Move::Castle { .. }) | (_, Move::Put { .. }) => false,
        (
            Desc::Move {
                piece,
                to,
                promotion,
            },
            _,
        ) => {
            !m.is_capture()
                && m.from()
                    .is_some_and(|from| piece.covers(m.role(), from, mover))
                && to.covers(m.to(), mover)
                && promotion_fits(promotion, m)
        }
        (
            Desc::Capture {
                piece,
                victim,
                promotion,
            },
            _,
        ) => {
            m.capture().is_some_and(|taken| {
                victim.covers(taken, victim_square(m), mover)
                    && m.from()
                        .is_some_and(|from| piece.covers(m.role(), from, mover))
            }) && promotion_fits(promotion, m)
        }
    }
}

/// Every description of the legal move `m` in `pos`, long and short.
pub fn descriptions(pos: &Chess, m: Move) -> Vec<Desc> {
    if let Some(side) = m.castling_side() {
        return vec![Desc::Castle {
            long: side.is_queen_side(),
        }];
    }
    descriptions_of_piece_move(pos, m)
}

fn descriptions_of_piece_move(pos: &Chess, m: Move) -> Vec<Desc> {
    let mover = pos.turn();
    let Some(from) = m.from() else {
        return Vec::new();
    };
    let promotions: Vec<Option<Role>> = match m.promotion() {
        Some(p) => vec![Some(p), None],
        None => vec![None],
    };
    let pieces = Designator::all(m.role(), from, mover);
    let mut all = Vec::new();
    match m.capture() {
        Some(taken) => {
            let victims = Designator::all(taken, victim_square(m), mover);
            for &piece in &pieces {
                for &victim in &victims {
                    for &promotion in &promotions {
                        all.push(Desc::Capture {
                            piece,
                            victim,
                            promotion,
                        });
                    }
                }
            }
        }
        None => {
            for &piece in &pieces {
                for to in Place::squares(m.to(), mover) {
                    for &promotion in &promotions {
                        all.push(Desc::Move {
                            piece,
                            to,
                            promotion,
                        });
                    }
                }
            }
        }
    }
    all
}

/// The shortest description of the legal move `m` that names no other legal move (ties go
/// to the form a scoresheet would use), without annotations.
pub fn shortest(pos: &Chess, m: Move) -> Desc {
    let legal = pos.legal_moves();
    let mut descs = descriptions(pos, m);
    descs.sort_by_key(Desc::preference);
    let unique = |d: &Desc| legal.iter().filter(|&&other| names(pos, d, other)).count() == 1;
    // The longest forms (both pieces qualified by square) always name one move, since no
    // two legal moves share piece, origin and target; the fallback is never reached.
    descs
        .iter()
        .copied()
        .find(unique)
        .or_else(|| descs.last().copied())
        .unwrap_or(Desc::Castle { long: false })
}

/// Writes a legal move in descriptive notation: the shortest unique description, then
/// ` e.p.` for en passant, `ch` for check or ` mate` for checkmate.
pub fn write(pos: &Chess, m: Move) -> String {
    let mut out = shortest(pos, m).text();
    if m.is_en_passant() {
        out.push_str(" e.p.");
    }
    let mut after = pos.clone();
    after.play_unchecked(m);
    if after.is_checkmate() {
        out.push_str(" mate");
    } else if after.is_check() {
        if m.is_en_passant() {
            out.push(' ');
        }
        out.push_str("ch");
    }
    out
}

/// A descriptive move as read from text: the description and whether `e.p.` was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    pub desc: Desc,
    pub en_passant: bool,
}

/// Endings that annotate a move rather than describe it, upper case, longest first
/// within each family.
const ANNOTATIONS: [&str; 23] = [
    "MATE", "CHECK", "DIS.CH", "DISCH", "DBL.CH", "DBLCH", "CH.", "CH", "DIS.", "DIS", "DBL.",
    "DBL", "DOUBLE", "E.P.", "E.P", "EP.", "EP", "++", "+", "#", "!", "?", ",",
];

/// Upper-cases `text`, drops blanks, turns `:` and dashes into `x` and `-`, and strips
/// annotations; returns the rest and whether `e.p.` was among them.
pub fn normalize(text: &str) -> (String, bool) {
    let mut s: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            ':' | '×' => 'X',
            '–' | '—' | '‐' | '−' => '-',
            c => c.to_ascii_uppercase(),
        })
        .collect();
    let mut en_passant = false;
    'strip: loop {
        for a in ANNOTATIONS {
            if s.len() > a.len()
                && let Some(rest) = s.strip_suffix(a)
            {
                en_passant |= a.starts_with('E');
                s.truncate(rest.len());
                continue 'strip;
            }
        }
        // A trailing full stop (`P-K4.`) is punctuation, unless it ends `E.P.` handled above.
        if s.len() > 1 && s.ends_with('.') {
            s.pop();
            continue;
        }
        break;
    }
    (s, en_passant)
}

/// Whether `text` is only annotations (`ch`, `mate`, `e.p.`, `+`): a word that belongs to
/// the move before it in a game score.
pub fn is_annotation(text: &str) -> bool {
    let (rest, _) = normalize(&format!("P{text}"));
    !text.trim().is_empty() && rest == "P"
}

/// Parses descriptive text (any case, `x`, `X` or `:` for captures, `Kt` for knight,
/// promotions as `=Q`, `(Q)`, `/Q` or `Q`). None if the text is not descriptive notation.
pub fn parse(text: &str) -> Option<Reading> {
    let (s, en_passant) = normalize(text);
    let castle = match s.as_str() {
        "O-O" | "0-0" => Some(false),
        "O-O-O" | "0-0-0" => Some(true),
        _ => None,
    };
    if let Some(long) = castle {
        return Some(Reading {
            desc: Desc::Castle { long },
            en_passant,
        });
    }
    let split = s.find(['-', 'X'])?;
    let (left, sep, right) = (&s[..split], s.as_bytes()[split], &s[split + 1..]);
    let piece = parse_designator(left)?;
    let desc = if sep == b'-' {
        let (to, rest) = parse_place(right)?;
        if to.file.is_none() || to.rank.is_none() {
            return None;
        }
        Desc::Move {
            piece,
            to,
            promotion: parse_promotion(rest)?,
        }
    } else {
        let end = right.find(['/', '=', '(']).unwrap_or(right.len());
        let mut victim = parse_designator(&right[..end])?;
        let mut rest = &right[end..];
        if let Some(after_slash) = rest.strip_prefix('/')
            && after_slash.bytes().any(|b| b.is_ascii_digit())
        {
            let (at, more) = parse_place(after_slash)?;
            victim.at = Some(at);
            rest = more;
        }
        Desc::Capture {
            piece,
            victim,
            promotion: parse_promotion(rest)?,
        }
    };
    Some(Reading { desc, en_passant })
}

/// `N`, `KT`, `KR`, `QBP`, `BP`, `R/K2`, `N/1`.
fn parse_designator(s: &str) -> Option<Designator> {
    let (name, at) = match s.split_once('/') {
        Some((name, place)) => {
            let (at, rest) = parse_place(place)?;
            if !rest.is_empty() || at.rank.is_none() {
                return None;
            }
            (name, Some(at))
        }
        None => (s, None),
    };
    let (role, prefix) = if let Some(p) = name.strip_suffix("KT") {
        (Role::Knight, p)
    } else {
        let last = name.chars().last()?;
        (Role::from_char(last)?, &name[..name.len() - 1])
    };
    let prefix = match (role, prefix) {
        (_, "") => None,
        (Role::Pawn, p) => Some(Prefix::File(FileName::parse(p)?)),
        (Role::Rook | Role::Knight | Role::Bishop, "K") => Some(Prefix::Wing { king: true }),
        (Role::Rook | Role::Knight | Role::Bishop, "Q") => Some(Prefix::Wing { king: false }),
        _ => return None,
    };
    Some(Designator { role, prefix, at })
}

/// A place at the start of `s` (`KB3`, `B3`, `3`, `K`), and the rest.
fn parse_place(s: &str) -> Option<(Place, &str)> {
    let letters = s
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(s.len());
    let file = match &s[..letters] {
        "" => None,
        name => Some(FileName::parse(name)?),
    };
    let rest = &s[letters..];
    let rank = match rest.as_bytes().first() {
        Some(&d @ b'1'..=b'8') => Some(d - b'0'),
        _ => None,
    };
    let rest = if rank.is_some() { &rest[1..] } else { rest };
    if file.is_none() && rank.is_none() {
        return None;
    }
    Some((Place { file, rank }, rest))
}

/// `""`, `=Q`, `(Q)`, `/Q` or `Q` (`KT` or `N` for a knight). None if malformed.
fn parse_promotion(s: &str) -> Option<Option<Role>> {
    let s = s
        .strip_prefix('=')
        .or_else(|| s.strip_prefix('/'))
        .or_else(|| s.strip_prefix('(').and_then(|t| t.strip_suffix(')')))
        .unwrap_or(s);
    match s {
        "" => Some(None),
        "Q" => Some(Some(Role::Queen)),
        "R" => Some(Some(Role::Rook)),
        "B" => Some(Some(Role::Bishop)),
        "N" | "KT" => Some(Some(Role::Knight)),
        _ => None,
    }
}

/// The legal moves `reading` names in `pos`, in legal move order.
pub fn candidates(pos: &Chess, reading: &Reading) -> Vec<Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .filter(|&m| names(pos, &reading.desc, m) && (!reading.en_passant || m.is_en_passant()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{Notation, NotationError, read_move, write_move};
    use crate::rules::testing::pos;

    fn after(sans: &str) -> Chess {
        let mut p = Chess::default();
        for s in sans.split_whitespace() {
            let m = read_move(&p, s).unwrap();
            p.play_unchecked(m);
        }
        p
    }

    fn san(p: &Chess, text: &str) -> String {
        match read_move(p, text) {
            Ok(m) => write_move(p, m, Notation::San),
            Err(e) => format!("error: {e}"),
        }
    }

    #[test]
    fn every_form_of_the_issue_reads() {
        let cases: &[(&str, &str, &str)] = &[
            ("", "P-K4", "e4"),
            ("e4", "P-K4", "e5"),
            ("", "N-KB3", "Nf3"),
            ("Nf3 d5", "Kt-B3", "Nc3"),
            ("", "KKt-B3", "Nf3"),
            ("", "QKt-QB3", "Nc3"),
            ("", "QKtP-Kt4", "b4"),
            ("", "P-KKt3", "g3"),
            ("e4 d5", "PxP", "exd5"),
            ("e4 Nf6 e5 d5", "PxP e.p.", "exd6"),
            ("e4 Nf6 e5 d5", "pxp ep", "exd6"),
            ("e4 e5 Nf3 Nc6", "NxP", "Nxe5"),
            ("e4 d6", "B-N5ch", "Bb5+"),
            ("e4 d6", "b-n5 CH", "Bb5+"),
            ("f3 e5 g4", "Q-R5 mate", "Qh4#"),
            ("f3 e5 g4", "Q-R5mate", "Qh4#"),
        ];
        for &(moves, text, want) in cases {
            assert_eq!(san(&after(moves), text), want, "{text} after {moves}");
        }
        let fens: &[(&str, &str, &str)] = &[
            ("4k3/8/p3p3/8/2B5/8/8/4K3 w - - 0 1", "BxKP", "Bxe6"),
            ("4k3/8/p3p3/8/2B5/8/8/4K3 w - - 0 1", "BxRP", "Bxa6"),
            ("6k1/3p2pp/8/8/8/3Q4/8/4K3 w - - 0 1", "QxRPch", "Qxh7+"),
            ("6k1/3p2pp/8/8/8/3Q4/8/4K3 w - - 0 1", "Q:QP", "Qxd7"),
            ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", "O-O"),
            ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O", "O-O-O"),
            ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "0-0-0", "O-O-O"),
            ("7k/P3P3/8/8/8/8/8/4K3 w - - 0 1", "P-K8=Q", "e8=Q+"),
            ("7k/P3P3/8/8/8/8/8/4K3 w - - 0 1", "P-R8(Q)", "a8=Q+"),
            ("7k/P3P3/8/8/8/8/8/4K3 w - - 0 1", "P-K8/Q", "e8=Q+"),
            ("7k/P3P3/8/8/8/8/8/4K3 w - - 0 1", "p-k8=kt", "e8=N"),
            ("7k/P3P3/8/8/8/8/8/4K3 w - - 0 1", "P-QR8=R", "a8=R+"),
            ("7k/8/8/8/8/8/R3R3/4K3 w - - 0 1", "R/K2-Q2", "Red2"),
            ("7k/8/8/8/8/8/R3R3/4K3 w - - 0 1", "QR-Q2", "Rad2"),
            ("4k3/7p/3p4/8/8/3Q4/8/4K3 w - - 0 1", "QxP/Q6", "Qxd6"),
            ("4k3/7p/3p4/8/8/3Q4/8/4K3 w - - 0 1", "QXP/6", "Qxd6"),
            ("4k3/8/8/8/8/1N6/8/1N2K3 w - - 0 1", "N/1-Q2", "Nb1d2"),
            ("4k3/8/8/8/8/1N6/8/1N2K3 w - - 0 1", "N/QN3-Q2", "N3d2"),
            ("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "KR-K1", "Rfe1"),
            ("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "QR-Q1", "Rad1"),
            ("4k3/8/8/4b3/3P1P2/8/8/4K3 w - - 0 1", "QPxB", "dxe5"),
            ("4k3/8/8/4b3/3P1P2/8/8/4K3 w - - 0 1", "KBPxB", "fxe5"),
            ("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "KPxP", "exd5"),
            ("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "BPxP", "cxd5"),
            ("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "QBPxQP", "cxd5"),
            // Black's ranks are counted from Black's side.
            ("4k3/8/8/8/8/8/8/4K3 b - - 0 1", "K-Q1", "Kd8"),
            ("4k3/8/8/8/8/8/8/4K3 b - - 0 1", "K-K2", "Ke7"),
        ];
        for &(fen, text, want) in fens {
            let p = pos(fen);
            let got = san(&p, text);
            // SAN of N/1-Q2 is Nbd2 or N1d2 depending on the position; compare moves.
            let want_move = read_move(&p, want).unwrap();
            assert_eq!(
                got,
                write_move(&p, want_move, Notation::San),
                "{text} in {fen}"
            );
        }
    }

    #[test]
    fn ambiguous_descriptions_list_candidates_in_san() {
        let p = pos("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1");
        match read_move(&p, "PxP") {
            Err(NotationError::Ambiguous { candidates, .. }) => {
                let mut c = candidates.clone();
                c.sort();
                assert_eq!(c, ["cxd5", "exd5"]);
            }
            other => panic!("PxP: {other:?}"),
        }
        let err = read_move(&Chess::default(), "N-B3")
            .unwrap_err()
            .to_string();
        assert!(err.contains("ambiguous") && err.contains("Nf3") && err.contains("Nc3"));
        // A promotion without its piece names all four promotions.
        let p = pos("7k/4P3/8/8/8/8/8/4K3 w - - 0 1");
        assert!(matches!(
            read_move(&p, "P-K8"),
            Err(NotationError::Ambiguous { candidates, .. }) if candidates.len() == 4
        ));
    }

    #[test]
    fn illegal_and_unreadable_are_told_apart() {
        let p = Chess::default();
        assert!(matches!(
            read_move(&p, "P-K5"),
            Err(NotationError::Illegal { .. })
        ));
        assert!(matches!(
            read_move(&p, "PxP"),
            Err(NotationError::Illegal { .. })
        ));
        // e.p. written but no en passant capture: illegal even though a PxP exists.
        let q = after("e4 d5");
        assert!(matches!(
            read_move(&q, "PxP e.p."),
            Err(NotationError::Illegal { .. })
        ));
        for junk in [
            "", "hello", "P-Z4", "P-K9", "X-K4", "N-", "Ä-K4", "PxÄ", "P/-K4",
        ] {
            assert!(
                matches!(read_move(&p, junk), Err(NotationError::Unreadable { .. })),
                "{junk:?}"
            );
        }
    }

    #[test]
    fn shortest_forms_are_those_of_a_scoresheet() {
        let cases: &[(&str, &str, &str)] = &[
            ("", "Nf3", "N-KB3"),
            ("e4 e5", "Nf3", "N-KB3"),
            ("Nf3 d5", "Nc3", "N-B3"),
            ("e4 d5", "exd5", "PxP"),
            ("e4 Nf6 e5 d5", "exd6", "PxP e.p."),
            ("e4 d6", "Bb5+", "B-N5ch"),
            ("f3 e5 g4", "Qh4#", "Q-R5 mate"),
            ("", "a4", "P-QR4"),
            ("", "d4", "P-Q4"),
        ];
        let written = |p: Chess, san: &str, want: &str, place: String| {
            let m = read_move(&p, san).unwrap();
            let text = write_move(&p, m, Notation::Descriptive);
            assert_eq!(text, want, "{san} {place}");
        };
        for &(moves, san, want) in cases {
            written(after(moves), san, want, format!("after {moves}"));
        }
        let fens: &[(&str, &str, &str)] = &[
            ("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "exd5", "KPxP"),
            ("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "cxd5", "BPxP"),
            ("4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1", "dxe5", "PxKP"),
            ("4k3/8/8/8/8/1N6/8/1N2K3 w - - 0 1", "Nb1d2", "N/1-Q2"),
            ("7k/8/8/8/8/8/R3R3/4K3 w - - 0 1", "Red2", "KR-Q2"),
            ("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "Rfe1", "KR-K1ch"),
            ("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "Rad1", "QR-Q1"),
            ("4k3/7p/3p4/8/8/3Q4/8/4K3 w - - 0 1", "Qxd6", "QxQP"),
            ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O", "O-O-O"),
            ("7k/P3P3/8/8/8/8/8/4K3 w - - 0 1", "e8=Q+", "P-K8=Qch"),
            ("7k/P3P3/8/8/8/8/8/4K3 w - - 0 1", "a8=N", "P-R8=N"),
            // Doubled rooks on one file and side: only the rank tells them apart.
            ("4k3/8/8/8/R7/8/8/R3K3 w - - 0 1", "R1a2", "R/1-R2"),
        ];
        for &(fen, san, want) in fens {
            written(pos(fen), san, want, format!("in {fen}"));
        }
    }

    #[test]
    fn names_agrees_with_the_description_set() {
        // In a busy middlegame, every description of every legal move names that move, and
        // names another legal move exactly when that move's set holds it too.
        let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        let legal = p.legal_moves();
        let sets: Vec<Vec<Desc>> = legal.iter().map(|&m| descriptions(&p, m)).collect();
        for (i, set) in sets.iter().enumerate() {
            for d in set {
                for (j, &other) in legal.iter().enumerate() {
                    assert_eq!(names(&p, d, other), sets[j].contains(d), "{}", d.text());
                    if i == j {
                        assert!(names(&p, d, other));
                    }
                }
                assert_eq!(d.text_len(), d.text().len());
                // And the text reads back as the same description.
                assert_eq!(parse(&d.text()).map(|r| r.desc), Some(*d), "{}", d.text());
            }
        }
    }

    #[test]
    fn annotations_are_recognised() {
        for a in ["ch", "mate", "e.p.", "+", "#", "dis.ch", "CH", "ep"] {
            assert!(is_annotation(a), "{a}");
        }
        for w in ["P-K4", "N", "K", "Q4", ""] {
            assert!(!is_annotation(w), "{w}");
        }
    }

    #[test]
    fn no_text_makes_the_reader_panic() {
        // A small fuzz run: random words over the alphabet of all notations, plus bytes
        // that are not ASCII, read in positions with castling, e.p. and promotion moves.
        let alphabet: Vec<char> = "PNBRQKTxX:-/=()+#.0O12345678abcdefghepch mate é½—"
            .chars()
            .collect();
        let positions = [
            Chess::default(),
            after("e4 Nf6 e5 d5"),
            pos("r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1"),
        ];
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = (x % 9) as usize;
            let text: String = (0..len)
                .map(|i| alphabet[((x >> (6 * i + 4)) % alphabet.len() as u64) as usize])
                .collect();
            for p in &positions {
                if let Ok(m) = read_move(p, &text) {
                    assert!(p.is_legal(m), "{text}");
                }
            }
        }
    }
}
