//! Every constant of the modern search in one table (docs/style.md point 3). Values are in
//! centipawns and plies. Each pruning or reduction step has its own switch, so any step
//! can be turned off to measure what it earns.
//!
//! The table is also the list of the search's tunables: a number with a range is a UCI
//! `spin` option of its own name (a fraction as a whole number over its scale, `lmr_base`
//! 0.75 as 75), settable in every build and announced in `uci`'s reply by builds with the
//! `tune` feature; `machack spsa` prints them as OpenBench's SPSA input
//! (docs/openbench.md). The search reads the fields; no name is looked up while it runs.

/// One tunable number of [`Params`] as a UCI `spin` option.
#[derive(Debug)]
pub struct Tunable {
    /// The field's name, which is the option's.
    pub name: &'static str,
    pub min: i64,
    pub max: i64,
    get: fn(&Params) -> i64,
    set: fn(&mut Params, i64),
}

/// SPSA's final learning rate (OpenBench's `r_end`) for every tunable: the value
/// Stockfish's tuning framework settled on and OpenBench's examples use.
pub const SPSA_R_END: f64 = 0.002;

impl Tunable {
    /// The option's value in `params`.
    pub fn get(&self, params: &Params) -> i64 {
        (self.get)(params)
    }

    /// Sets the option's value in `params`; one outside `min..=max` is refused.
    pub fn set(&self, params: &mut Params, value: i64) -> Result<(), String> {
        if !(self.min..=self.max).contains(&value) {
            return Err(format!("{value} is outside {}..={}", self.min, self.max));
        }
        (self.set)(params, value);
        Ok(())
    }

    /// The option's default: the modern profile's value.
    pub fn default(&self) -> i64 {
        self.get(&Params::MODERN)
    }

    /// The perturbation SPSA ends with (OpenBench's `c_end`): a twentieth of the range,
    /// Stockfish's tuning default, so the early steps (a few times larger) stay inside
    /// the range while the last still move play measurably; at least half a unit, so a
    /// depth in plies still moves by one ply half of the time.
    pub fn spsa_step(&self) -> f64 {
        ((self.max - self.min) as f64 / 20.0).max(0.5)
    }
}

/// The tunable called `name` (case-insensitive).
pub fn tunable(name: &str) -> Option<&'static Tunable> {
    TUNABLES.iter().find(|t| t.name.eq_ignore_ascii_case(name))
}

/// How a field's value becomes a whole-number option and back.
trait Knob: Copy {
    fn to_option(self, scale: f64) -> i64;
    fn from_option(value: i64, scale: f64) -> Self;
}

impl Knob for i32 {
    fn to_option(self, _: f64) -> i64 {
        i64::from(self)
    }
    fn from_option(value: i64, _: f64) -> i32 {
        value as i32
    }
}

impl Knob for f64 {
    fn to_option(self, scale: f64) -> i64 {
        (self * scale).round() as i64
    }
    fn from_option(value: i64, scale: f64) -> f64 {
        value as f64 / scale
    }
}

/// An option's scale: 1 unless the row gives `/ N`.
macro_rules! scale {
    () => {
        1.0
    };
    ($scale:literal) => {
        $scale as f64
    };
}

/// Declares [`Params`], its modern values and [`TUNABLES`] from one list of rows
/// `name: type = value` (a switch), or `name: type = value, spin MIN..=MAX [/ SCALE]` (a
/// tunable number, its option's range, and the scale of a fraction).
macro_rules! params {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident: $ty:ty = $value:expr $(, spin $min:literal ..= $max:literal $(/ $scale:literal)?)?;
    )*) => {
        /// The knobs of the modern search.
        #[derive(Debug, Clone, PartialEq)]
        pub struct Params {
            $($(#[doc = $doc])* pub $name: $ty,)*
        }

        impl Params {
            /// The modern profile's values.
            pub const MODERN: Params = Params {
                $($name: $value,)*
            };
        }

        /// Every tunable number of [`Params`], in the table's order.
        pub static TUNABLES: &[Tunable] = &[
            $($(Tunable {
                name: stringify!($name),
                min: $min,
                max: $max,
                get: |p| Knob::to_option(p.$name, scale!($($scale)?)),
                set: |p, v| p.$name = Knob::from_option(v, scale!($($scale)?)),
            },)?)*
        ];
    };
}

params! {
    /// Half-width of the first aspiration window around the last iteration's value.
    aspiration_window: i32 = 25, spin 5..=100;
    /// Iterations from this depth on use an aspiration window (earlier ones a full one).
    aspiration_depth: i32 = 5, spin 1..=12;

    /// Razoring: at shallow depth, a static evaluation below alpha by
    /// `razor_base + razor_margin * depth` drops straight into the quiescence search, and
    /// the node fails low if that confirms it.
    razoring: bool = true;
    razor_depth: i32 = 3, spin 1..=8;
    razor_base: i32 = 150, spin 0..=500;
    razor_margin: i32 = 250, spin 50..=600;

    /// Null-move pruning: let the opponent move twice; if we still reach beta, cut.
    null_move: bool = true;
    /// The shallowest depth at which to try a null move.
    null_min_depth: i32 = 3, spin 1..=8;
    /// The null move's reduction is `null_base + depth / null_depth_divisor`...
    null_base: i32 = 3, spin 1..=6;
    null_depth_divisor: i32 = 3, spin 1..=8;
    /// ...plus one ply for every this many centipawns the static evaluation exceeds beta
    /// (at most `null_eval_max` plies).
    null_eval_divisor: i32 = 200, spin 50..=600;
    null_eval_max: i32 = 3, spin 0..=8;

    /// Reverse futility pruning: at shallow depth, a static evaluation above beta by a
    /// margin per ply is trusted.
    reverse_futility: bool = true;
    reverse_futility_depth: i32 = 8, spin 1..=16;
    reverse_futility_margin: i32 = 80, spin 20..=250;

    /// Futility pruning: at shallow depth, quiet moves are skipped when the static
    /// evaluation plus `futility_base + futility_margin * depth` cannot reach alpha.
    futility: bool = true;
    futility_depth: i32 = 8, spin 1..=16;
    futility_base: i32 = 100, spin 0..=300;
    futility_margin: i32 = 100, spin 20..=300;

    /// Late-move pruning: at shallow depth, quiet moves after the first
    /// `(lmp_base + depth²) / 2` (twice as many when the evaluation improves) are skipped.
    late_move_pruning: bool = true;
    lmp_depth: i32 = 8, spin 1..=16;
    lmp_base: i32 = 3, spin 0..=12;

    /// Static-exchange pruning of moves at shallow depth: a quiet move losing more than
    /// `see_quiet_margin * depth`, a capture losing more than `see_capture_margin * depth`.
    see_pruning: bool = true;
    see_depth: i32 = 8, spin 1..=16;
    see_quiet_margin: i32 = 60, spin 10..=200;
    see_capture_margin: i32 = 100, spin 20..=300;

    /// Late-move reductions, `lmr_base + ln(depth) · ln(move number) / lmr_divisor` plies
    /// (a table built once), adjusted by history and node type.
    late_move_reductions: bool = true;
    lmr_base: f64 = 0.75, spin 0..=200 / 100;
    lmr_divisor: f64 = 2.25, spin 100..=400 / 100;
    /// The reduction shrinks by one ply per this much history score of the move.
    lmr_history_divisor: i32 = 8192, spin 1024..=32768;
    /// A reduced move that beats alpha by this much plus two per ply is searched again
    /// one ply deeper than its full depth.
    lmr_deeper_margin: i32 = 40, spin 0..=200;

    /// Correction history: the static evaluation is corrected by what the search learnt
    /// of its errors in positions with the same pawns.
    eval_correction: bool = true;

    /// The evaluation network (`nets/modern.nnue`): added to the hand-written evaluation
    /// when it was fitted to that evaluation's error, else in its place.
    network: bool = true;
    /// Centipawns per unit of the network's output: its training scale
    /// ([`super::network::SCALE`]) trusts it as fitted, more or less trusts it more or less.
    network_scale: i32 = super::network::SCALE, spin 200..=800;

    /// Check extension: a move that gives check, and does not lose material by static
    /// exchange, is searched one ply deeper.
    check_extension: bool = true;

    /// Internal iterative reduction: a node without a stored move at this depth or more
    /// is searched one ply shallower (its move order would be poor anyway).
    iir_depth: i32 = 4, spin 1..=12;

    /// Quiescence search: captures losing material by static exchange are skipped.
    qsearch_see: bool = true;
    /// Quiescence search: a capture is skipped when even winning the piece outright
    /// leaves the evaluation this far below alpha (delta pruning).
    delta_margin: i32 = 200, spin 50..=600;

    /// History scores saturate at this magnitude (at most 32768, so the gravity's
    /// product of two scores stays within 32 bits).
    history_max: i32 = 16384, spin 2048..=32768;

    /// The time plan under a clock (`time`): the search aims at this multiple of the
    /// soft time...
    time_target_scale: f64 = 1.5, spin 50..=300 / 100;
    /// ...and starts a new iteration only while the time spent is below this share of
    /// that target.
    time_start_share: f64 = 0.8, spin 30..=100 / 100;
    /// In the first `time_early_moves` moves of a game that target is larger by up to this
    /// share, falling evenly to nothing by that move: more of the clock where the
    /// opening and middlegame are decided (0: the same share for every move).
    time_early_boost: f64 = 0.0, spin 0..=100 / 100;
    /// The move by which the early boost has run out.
    time_early_moves: i32 = 30, spin 5..=60;
    /// How much each recent change of the best move stretches the time (the changes
    /// count half as much every iteration after)...
    time_change_stretch: f64 = 0.7, spin 0..=200 / 100;
    /// ...counted from this depth on (changes at shallower depths say nothing).
    time_first_counted_depth: i32 = 5, spin 1..=12;
    /// A value drop of this many centipawns since the last iteration...
    time_drop_scale: i32 = 100, spin 20..=400;
    /// ...stretches the time by this much (more for bigger drops, at most twice this).
    time_drop_stretch: f64 = 0.5, spin 0..=200 / 100;
    /// A drop of at least this many centipawns also ends a run of stable iterations.
    time_drop_unstable: i32 = 20, spin 0..=200;
    /// After this many iterations with the same best move...
    time_stable_iterations: i32 = 4, spin 1..=12;
    /// ...the time shrinks to this share.
    time_stable_shrink: f64 = 0.7, spin 30..=100 / 100;
}

// The floats are whole numbers over a scale, never NaN, so equality is an equivalence.
impl Eq for Params {}

impl Default for Params {
    fn default() -> Self {
        Params::MODERN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_is_in_its_range_and_reads_back_exactly() {
        let mut p = Params::MODERN;
        for t in TUNABLES {
            let d = t.default();
            assert!((t.min..=t.max).contains(&d), "{}: {d}", t.name);
            t.set(&mut p, d).unwrap();
            assert!(t.min < t.max && t.spsa_step() >= 0.5, "{}", t.name);
        }
        // The fractions come back bit for bit, so the options' defaults are the table's.
        assert_eq!(p, Params::MODERN);
    }

    #[test]
    fn a_value_reaches_its_field_and_one_out_of_range_is_refused() {
        let mut p = Params::MODERN;
        tunable("LMR_BASE").unwrap().set(&mut p, 100).unwrap();
        assert_eq!(p.lmr_base, 1.0);
        tunable("razor_margin").unwrap().set(&mut p, 300).unwrap();
        assert_eq!(p.razor_margin, 300);
        let window = tunable("aspiration_window").unwrap();
        assert_eq!(window.set(&mut p, 4), Err("4 is outside 5..=100".into()));
        assert_eq!(p.aspiration_window, 25, "a refused value changes nothing");
        assert!(tunable("razoring").is_none(), "switches are not tunables");
        assert!(tunable("nonsense").is_none());
    }
}
