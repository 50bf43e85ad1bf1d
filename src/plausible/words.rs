//! Words for the factor comments: squares in descriptive and algebraic form ("QN5 (b5)",
//! counted from the mover's side) and piece names ("queen's bishop"). They are `Display`
//! values, so nothing is formatted unless a trace asks for it.

use std::fmt;

use shakmaty::{Color, Role, Square};

const FILES: [&str; 8] = ["QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"];

/// A square named from `viewer`'s side: `QN5 (b5)`.
#[derive(Clone, Copy)]
pub struct Sq(pub Square, pub Color);

impl fmt::Display for Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Sq(sq, viewer) = *self;
        let rank = viewer.relative_rank(sq.rank()).to_u32() + 1;
        write!(f, "{}{} ({})", FILES[sq.file().to_usize()], rank, sq)
    }
}

/// The descriptive name of a square without the algebraic part (`QN5`).
pub fn descriptive_square(sq: Square, viewer: Color) -> String {
    let rank = viewer.relative_rank(sq.rank()).to_u32() + 1;
    format!("{}{}", FILES[sq.file().to_usize()], rank)
}

/// The English name of a role.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// A piece by its role and square: "knight on KB3 (f3)".
#[derive(Clone, Copy)]
pub struct RoleOn(pub Role, pub Sq);

impl fmt::Display for RoleOn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} on {}", role_name(self.0), self.1)
    }
}

/// A piece as the mover speaks of it: "queen's bishop", "enemy knight on KB3 (f3)".
#[derive(Clone, Copy)]
pub struct Piece {
    pub role: Role,
    pub owner: Color,
    pub sq: Square,
    pub viewer: Color,
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let own = self.owner == self.viewer;
        if !own {
            f.write_str("enemy ")?;
        }
        if self.role == Role::Bishop {
            // The queen's bishop stands on the colour of its home square QB1 (c1 / c8).
            let home = if self.owner == Color::White {
                Square::C1
            } else {
                Square::C8
            };
            let wing = if home.is_dark() == self.sq.is_dark() {
                "queen's"
            } else {
                "king's"
            };
            return write!(f, "{wing} bishop on {}", Sq(self.sq, self.viewer));
        }
        fmt::Display::fmt(&RoleOn(self.role, Sq(self.sq, self.viewer)), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_named_from_the_viewer_side() {
        assert_eq!(Sq(Square::B5, Color::White).to_string(), "QN5 (b5)");
        assert_eq!(Sq(Square::B4, Color::Black).to_string(), "QN5 (b4)");
        assert_eq!(Sq(Square::E4, Color::White).to_string(), "K4 (e4)");
        assert_eq!(descriptive_square(Square::H8, Color::Black), "KR1");
    }

    #[test]
    fn bishops_are_named_by_their_wing() {
        let cases = [
            (
                Role::Bishop,
                Color::White,
                Square::G5,
                "queen's bishop on KN5 (g5)",
            ),
            (
                Role::Knight,
                Color::Black,
                Square::F6,
                "enemy knight on KB6 (f6)",
            ),
        ];
        for (role, owner, sq, words) in cases {
            let viewer = Color::White;
            let p = Piece {
                role,
                owner,
                sq,
                viewer,
            };
            assert_eq!(p.to_string(), words);
        }
        let plain = RoleOn(Role::Bishop, Sq(Square::G5, Color::White));
        assert_eq!(plain.to_string(), "bishop on KN5 (g5)");
    }
}
