//! Every constant of the modern search in one table (docs/style.md point 3). Values are in
//! centipawns and plies. Each pruning or reduction step has its own switch, so any step
//! can be turned off to measure what it earns.

/// The knobs of the modern search.
#[derive(Debug, Clone, PartialEq)]
pub struct Params {
    /// Half-width of the first aspiration window around the last iteration's value.
    pub aspiration_window: i32,
    /// Iterations from this depth on use an aspiration window (earlier ones a full one).
    pub aspiration_depth: i32,

    /// Razoring: at shallow depth, a static evaluation below alpha by
    /// `razor_base + razor_margin * depth` drops straight into the quiescence search, and
    /// the node fails low if that confirms it.
    pub razoring: bool,
    pub razor_depth: i32,
    pub razor_base: i32,
    pub razor_margin: i32,

    /// Null-move pruning: let the opponent move twice; if we still reach beta, cut.
    pub null_move: bool,
    /// The shallowest depth at which to try a null move.
    pub null_min_depth: i32,
    /// The null move's reduction is `null_base + depth / null_depth_divisor`...
    pub null_base: i32,
    pub null_depth_divisor: i32,
    /// ...plus one ply for every this many centipawns the static evaluation exceeds beta
    /// (at most `null_eval_max` plies).
    pub null_eval_divisor: i32,
    pub null_eval_max: i32,

    /// Reverse futility pruning: at shallow depth, a static evaluation above beta by a
    /// margin per ply is trusted.
    pub reverse_futility: bool,
    pub reverse_futility_depth: i32,
    pub reverse_futility_margin: i32,

    /// Futility pruning: at shallow depth, quiet moves are skipped when the static
    /// evaluation plus `futility_base + futility_margin * depth` cannot reach alpha.
    pub futility: bool,
    pub futility_depth: i32,
    pub futility_base: i32,
    pub futility_margin: i32,

    /// Late-move pruning: at shallow depth, quiet moves after the first
    /// `(lmp_base + depth²) / 2` (twice as many when the evaluation improves) are skipped.
    pub late_move_pruning: bool,
    pub lmp_depth: i32,
    pub lmp_base: i32,

    /// Static-exchange pruning of moves at shallow depth: a quiet move losing more than
    /// `see_quiet_margin * depth`, a capture losing more than `see_capture_margin * depth`.
    pub see_pruning: bool,
    pub see_depth: i32,
    pub see_quiet_margin: i32,
    pub see_capture_margin: i32,

    /// Late-move reductions, `lmr_base + ln(depth) · ln(move number) / lmr_divisor` plies
    /// (a table built once), adjusted by history and node type.
    pub late_move_reductions: bool,
    pub lmr_base: f64,
    pub lmr_divisor: f64,
    /// The reduction shrinks by one ply per this much history score of the move.
    pub lmr_history_divisor: i32,
    /// A reduced move that beats alpha by this much plus two per ply is searched again
    /// one ply deeper than its full depth.
    pub lmr_deeper_margin: i32,

    /// Correction history: the static evaluation is corrected by what the search learnt
    /// of its errors in positions with the same pawns.
    pub eval_correction: bool,

    /// The evaluation network (`nets/modern.nnue`): added to the hand-written evaluation
    /// when it was fitted to that evaluation's error, else in its place.
    pub network: bool,

    /// Check extension: a move that gives check, and does not lose material by static
    /// exchange, is searched one ply deeper.
    pub check_extension: bool,

    /// Internal iterative reduction: a node without a stored move at this depth or more
    /// is searched one ply shallower (its move order would be poor anyway).
    pub iir_depth: i32,

    /// Quiescence search: captures losing material by static exchange are skipped.
    pub qsearch_see: bool,
    /// Quiescence search: a capture is skipped when even winning the piece outright
    /// leaves the evaluation this far below alpha (delta pruning).
    pub delta_margin: i32,

    /// History scores saturate at this magnitude.
    pub history_max: i32,
}

impl Params {
    /// The modern profile's values.
    pub const MODERN: Params = Params {
        aspiration_window: 25,
        aspiration_depth: 5,
        razoring: true,
        razor_depth: 3,
        razor_base: 150,
        razor_margin: 250,
        null_move: true,
        null_min_depth: 3,
        null_base: 3,
        null_depth_divisor: 3,
        null_eval_divisor: 200,
        null_eval_max: 3,
        reverse_futility: true,
        reverse_futility_depth: 8,
        reverse_futility_margin: 80,
        futility: true,
        futility_depth: 8,
        futility_base: 100,
        futility_margin: 100,
        late_move_pruning: true,
        lmp_depth: 8,
        lmp_base: 3,
        see_pruning: true,
        see_depth: 8,
        see_quiet_margin: 60,
        see_capture_margin: 100,
        late_move_reductions: true,
        lmr_base: 0.75,
        lmr_divisor: 2.25,
        lmr_history_divisor: 8192,
        lmr_deeper_margin: 40,
        eval_correction: true,
        network: true,
        check_extension: true,
        iir_depth: 4,
        qsearch_see: true,
        delta_margin: 200,
        history_max: 16384,
    };
}

impl Default for Params {
    fn default() -> Self {
        Params::MODERN
    }
}
