//! The weight table seen as one flat list of (middlegame, endgame) pairs, so the tuner can
//! read and write every weight in a fixed order and print the table back as Rust source.
//!
//! `S` is one tunable pair; arrays of tables are tables. `Scale` is a fixed number that
//! belongs in the table (so every knob of the evaluation sits in one place) but is not
//! fitted: the tuner skips it and prints it back unchanged.

use std::fmt::Write;

/// One weight: a (middlegame, endgame) pair in centipawns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct S(pub i16, pub i16);

impl S {
    /// The middlegame value.
    pub const fn mg(self) -> i32 {
        self.0 as i32
    }

    /// The endgame value.
    pub const fn eg(self) -> i32 {
        self.1 as i32
    }
}

/// A fixed (not fitted) number of the table, e.g. an endgame scale in 128ths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Scale(pub i16);

impl Scale {
    /// The value.
    pub const fn get(self) -> i32 {
        self.0 as i32
    }
}

/// A part of the weight table: walked in one fixed order, printed as Rust source.
pub trait Table {
    /// How many tunable pairs it holds.
    const LEN: usize;
    /// Calls `f` on each tunable pair in order.
    fn visit(&self, f: &mut impl FnMut(S));
    /// Calls `f` on each tunable pair in order, to change it.
    fn visit_mut(&mut self, f: &mut impl FnMut(&mut S));
    /// Appends the Rust expression of this part; `indent` is the nesting depth.
    fn write(&self, out: &mut String, indent: usize);
}

impl Table for S {
    const LEN: usize = 1;

    fn visit(&self, f: &mut impl FnMut(S)) {
        f(*self);
    }

    fn visit_mut(&mut self, f: &mut impl FnMut(&mut S)) {
        f(self);
    }

    fn write(&self, out: &mut String, _indent: usize) {
        let _ = write!(out, "S({}, {})", self.0, self.1);
    }
}

impl Table for Scale {
    const LEN: usize = 0;

    fn visit(&self, _f: &mut impl FnMut(S)) {}

    fn visit_mut(&mut self, _f: &mut impl FnMut(&mut S)) {}

    fn write(&self, out: &mut String, _indent: usize) {
        let _ = write!(out, "Scale({})", self.0);
    }
}

/// Pairs per line when an array of pairs is printed (a rank of a piece-square table).
const PER_LINE: usize = 8;

impl<T: Table, const N: usize> Table for [T; N] {
    const LEN: usize = N * T::LEN;

    fn visit(&self, f: &mut impl FnMut(S)) {
        for t in self {
            t.visit(f);
        }
    }

    fn visit_mut(&mut self, f: &mut impl FnMut(&mut S)) {
        for t in self {
            t.visit_mut(f);
        }
    }

    fn write(&self, out: &mut String, indent: usize) {
        let pad = "    ".repeat(indent + 1);
        let leaves = T::LEN == 1;
        out.push('[');
        for (i, t) in self.iter().enumerate() {
            if !leaves || i % PER_LINE == 0 {
                out.push('\n');
                out.push_str(&pad);
            } else {
                out.push(' ');
            }
            t.write(out, indent + 1);
            out.push(',');
        }
        out.push('\n');
        out.push_str(&"    ".repeat(indent));
        out.push(']');
    }
}

/// Declares the weight table: the struct with one documented field per term, and its walk
/// in field order (`visit`, `visit_mut`, `write_fields`).
macro_rules! weight_table {
    ($(#[$smeta:meta])* pub struct $table:ident {
        $($(#[$meta:meta])* pub $name:ident: $ty:ty,)*
    }) => {
        $(#[$smeta])*
        pub struct $table {
            $($(#[$meta])* pub $name: $ty,)*
        }

        impl $table {
            /// How many tunable pairs the table holds.
            pub const LEN: usize = 0 $(+ <$ty as Table>::LEN)*;

            /// Each field's name and how many tunable pairs it holds, in the table's order
            /// (the pairs of a field are consecutive in [`Self::visit`]'s walk).
            pub const FIELDS: &[(&str, usize)] = &[$((stringify!($name), <$ty as Table>::LEN),)*];

            /// Calls `f` on each tunable pair in the table's fixed order.
            pub fn visit(&self, f: &mut impl FnMut(S)) {
                $(Table::visit(&self.$name, f);)*
            }

            /// Calls `f` on each tunable pair in the table's fixed order, to change it.
            pub fn visit_mut(&mut self, f: &mut impl FnMut(&mut S)) {
                $(Table::visit_mut(&mut self.$name, f);)*
            }

            /// Appends `name: value,` for every field, as Rust source.
            pub fn write_fields(&self, out: &mut String) {
                $(
                    out.push_str(concat!("    ", stringify!($name), ": "));
                    Table::write(&self.$name, out, 1);
                    out.push_str(",\n");
                )*
            }
        }
    };
}

pub(crate) use weight_table;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrays_walk_in_order_and_count_their_pairs() {
        let mut t = [[S(1, 2), S(3, 4)], [S(5, 6), S(7, 8)]];
        assert_eq!(<[[S; 2]; 2] as Table>::LEN, 4);
        let mut seen = Vec::new();
        t.visit(&mut |s| seen.push(s.0));
        assert_eq!(seen, [1, 3, 5, 7]);
        t.visit_mut(&mut |s| s.1 = -s.1);
        assert_eq!(t[1][0], S(5, -6));
    }

    #[test]
    fn scales_are_printed_but_not_walked() {
        assert_eq!(<[Scale; 3] as Table>::LEN, 0);
        let mut out = String::new();
        [Scale(64), Scale(0)].write(&mut out, 0);
        assert_eq!(out, "[\n    Scale(64),\n    Scale(0),\n]");
    }

    #[test]
    fn pairs_print_eight_a_line() {
        let mut out = String::new();
        [S(1, -1); 9].write(&mut out, 0);
        let line = ["S(1, -1)"; 8].join(", ");
        assert_eq!(out, format!("[\n    {line},\n    S(1, -1),\n]"));
    }
}
