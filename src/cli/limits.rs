//! The limits of the command line's numeric flags, in one place. Where the engine options
//! table has a row for the quantity (depth, hash memory), the limit is read from that row,
//! so `setoption`, the console's `set` and the command line refuse the same values. Every
//! limit is a clap value parser, so every out-of-range value gets clap's one message
//! ("invalid value '99' for '--depth <Depth>': 99 is not in 0..=64") and exit status 2.

use clap::builder::{RangedI64ValueParser, RangedU64ValueParser};

use crate::engine::options::{OPTIONS, OptionKind};

/// Entries of the 1967 hash table per MiB: the paper's 32,000 entries fill half a MiB.
const HASH_ENTRIES_PER_MIB: u64 = 64_000;

/// The range of the options table's spin option `name`.
pub fn spin_range(name: &str) -> (i64, i64) {
    OPTIONS
        .iter()
        .find_map(|o| match o.kind {
            OptionKind::Spin { min, max, .. } if o.name == name => Some((min, max)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("the options table has no spin option {name}"))
}

/// A depth in plies (`perft`, `--secondary`, `--feedovers`): the `Depth` option's range.
pub fn plies() -> RangedI64ValueParser<u32> {
    let (min, max) = spin_range("Depth");
    RangedI64ValueParser::new().range(min..=max)
}

/// A search depth that must search something (`bench --depth`): 1 to the `Depth` maximum.
pub fn search_depth() -> RangedI64ValueParser<u32> {
    let (_, max) = spin_range("Depth");
    RangedI64ValueParser::new().range(1..=max)
}

/// The 1967 hash table in entries (`--hash`): at least one, at most what the `Hash`
/// option's largest memory holds.
pub fn hash_entries() -> RangedU64ValueParser<usize> {
    let (_, max_mib) = spin_range("Hash");
    RangedU64ValueParser::new().range(1..=max_mib as u64 * HASH_ENTRIES_PER_MIB)
}

/// A count that must be at least one (`book build --max-ply`, `--min-games`, `tune
/// --epochs`).
pub fn at_least_one<T>() -> RangedU64ValueParser<T>
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
    <T as TryFrom<u64>>::Error: std::error::Error + Send + Sync + 'static,
{
    RangedU64ValueParser::new().range(1..)
}

/// A finite number for which `ok` holds; `what` names such numbers in the error.
fn number_where(text: &str, ok: impl Fn(f64) -> bool, what: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && ok(v) => Ok(v),
        Ok(_) => Err(format!("{text} is not {what}")),
        Err(_) => Err(format!("'{text}' is not a number")),
    }
}

/// A positive finite number (`tune --rate`).
pub fn positive(text: &str) -> Result<f64, String> {
    number_where(text, |v| v > 0.0, "a positive number")
}

/// Zero or a positive finite number (`tune --prior`).
pub fn non_negative(text: &str) -> Result<f64, String> {
    number_where(text, |v| v >= 0.0, "zero or a positive number")
}

/// A share from 0 up to, not including, 1 (`tune --check`).
pub fn fraction(text: &str) -> Result<f64, String> {
    number_where(text, |v| (0.0..1.0).contains(&v), "a share from 0 up to 1")
}

/// A share from 0 to 1, both included (`train-net --score-weight`).
pub fn share(text: &str) -> Result<f64, String> {
    number_where(text, |v| (0.0..=1.0).contains(&v), "a share from 0 to 1")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `value` passes `parser` as the value of a flag.
    fn accepts<P>(parser: P, value: u64) -> bool
    where
        P: clap::builder::IntoResettable<clap::builder::ValueParser>,
    {
        clap::Command::new("t")
            .arg(clap::Arg::new("n").long("n").value_parser(parser))
            .try_get_matches_from(["t", "--n", &value.to_string()])
            .is_ok()
    }

    #[test]
    fn limits_come_from_the_options_table() {
        let (depth_min, depth_max) = spin_range("Depth");
        assert_eq!((depth_min, depth_max), (0, 64));
        assert!(accepts(plies(), 0) && accepts(plies(), 64) && !accepts(plies(), 65));
        assert!(!accepts(search_depth(), 0) && accepts(search_depth(), 1));
        let max = spin_range("Hash").1 as u64 * HASH_ENTRIES_PER_MIB;
        assert!(accepts(hash_entries(), max) && !accepts(hash_entries(), max + 1));
        assert!(!accepts(hash_entries(), 0) && accepts(hash_entries(), 1));
        assert!(!accepts(at_least_one::<u32>(), 0));
    }

    #[test]
    fn rates_are_positive_numbers() {
        assert_eq!(positive("0.5"), Ok(0.5));
        assert!(positive("0").unwrap_err().contains("not a positive number"));
        assert!(positive("inf").is_err() && positive("x").is_err());
        assert_eq!(non_negative("0"), Ok(0.0));
        assert!(
            non_negative("-1")
                .unwrap_err()
                .contains("not zero or a positive")
        );
        assert_eq!(fraction("0.2"), Ok(0.2));
        assert!(fraction("1").is_err() && fraction("-0.1").is_err());
    }
}
