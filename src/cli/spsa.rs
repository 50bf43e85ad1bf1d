//! `machack spsa`: the modern search's tunables as OpenBench's SPSA input, one line each:
//! `name, int, default, min, max, c_end, r_end` (docs/openbench.md).

use super::CliError;
use crate::engine::options::{SPSA_R_END, TUNABLES, Tunable};

pub fn run() -> Result<(), CliError> {
    for t in TUNABLES {
        println!("{}", line(t));
    }
    Ok(())
}

/// One tunable's line.
fn line(t: &Tunable) -> String {
    format!(
        "{}, int, {}, {}, {}, {}, {}",
        t.name,
        t.default(),
        t.min,
        t.max,
        t.spsa_step(),
        SPSA_R_END
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::options::tunable;

    #[test]
    fn lines_are_openbench_spsa_input() {
        let razor = line(tunable("razor_margin").unwrap());
        assert_eq!(razor, "razor_margin, int, 250, 50, 600, 27.5, 0.002");
        let depth = line(tunable("razor_depth").unwrap());
        assert_eq!(depth, "razor_depth, int, 3, 1, 8, 0.5, 0.002");
        assert_eq!(
            line(tunable("lmr_divisor").unwrap()),
            "lmr_divisor, int, 225, 100, 400, 15, 0.002"
        );
    }
}
