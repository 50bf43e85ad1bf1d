//! Where each factor comes from (issue 24): the 1967 paper (docs/design.md §5), the 1980
//! source's catalogue (docs/machack-1980.md §10, "row N") when the paper does not name the
//! idea, or ours. A factor the paper names is the paper's even when the 1980 row gives
//! its weight; the basis says which words or rows it rests on. The trace shows both.

use std::fmt;

/// Who first asked for a factor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Source {
    /// Named in the 1967 paper.
    #[serde(rename = "paper")]
    Paper,
    /// In the 1980 source's catalogue, not in the paper.
    #[serde(rename = "1980")]
    Source1980,
    /// Neither: added by machack.
    #[serde(rename = "ours")]
    Ours,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Source::Paper => "paper",
            Source::Source1980 => "1980",
            Source::Ours => "ours",
        })
    }
}

use Source::{Ours, Paper, Source1980 as Y1980};

/// Every factor the generator scores: name, source, and what it rests on.
pub const ORIGINS: &[(&str, Source, &str)] = &[
    ("base_constant", Y1980, "row 1"),
    ("castle", Y1980, "row 2"),
    (
        "capture_gain",
        Paper,
        "a capture gains the victim's material; rows 35-41",
    ),
    ("capture_victim", Ours, "a capture forces the reply"),
    ("capture_removes_threat", Y1980, "row 51"),
    ("move_into_attack", Y1980, "row 47"),
    ("overloaded_guard", Y1980, "rows 46, 49"),
    (
        "trade_when_ahead",
        Paper,
        "offering trades when ahead; rows 42-43",
    ),
    ("promotion", Paper, "promotion; row 31"),
    ("underpromotion", Ours, "a promotion to less than a queen"),
    (
        "rescue_en_prise_piece",
        Paper,
        "rescuing a piece en prise; row 34",
    ),
    (
        "poisoned_offer",
        Ours,
        "a piece that cannot be taken without mate",
    ),
    (
        "sacrifice_regains",
        Ours,
        "an offer that wins as much back once taken (a decoy or deflection); cf. row 46",
    ),
    (
        "king_field_sacrifice",
        Ours,
        "an offer on the enemy king's field with pieces bearing on it; cf. rows 6, 82-85",
    ),
    ("development", Paper, "development value; rows 7-8"),
    (
        "captured_piece_development",
        Paper,
        "the victim's development value; row 9",
    ),
    ("block_own_line", Paper, "what the move blocks; row 10"),
    (
        "unblock_own_line",
        Paper,
        "what the move unblocks; rows 12, 14",
    ),
    ("block_enemy_line", Paper, "what the move blocks; row 11"),
    (
        "unblock_enemy_line",
        Paper,
        "what the move unblocks; rows 13-14",
    ),
    ("discovered_attack", Paper, "discovered attacks; row 12"),
    ("block_sole_defence", Y1980, "row 56"),
    ("unmask_attack_on_own_piece", Y1980, "row 57"),
    ("safe_check", Paper, "safe checks; row 80"),
    ("unsafe_check", Y1980, "row 81"),
    (
        "discovered_check",
        Paper,
        "discovered attacks; the 1980 discovery bit",
    ),
    ("checkmate", Ours, "a mate scores most"),
    ("forcing_check", Ours, "how few replies a check leaves"),
    (
        "check_then_mate",
        Ours,
        "every reply to the check allows mate",
    ),
    (
        "hollow_sacrifice",
        Ours,
        "a sacrificial check that leads nowhere",
    ),
    ("threatens_mate", Ours, "the look ahead for mate threats"),
    ("unstoppable_mate", Ours, "the look ahead for mate threats"),
    ("parries_mate", Ours, "the look ahead for mate threats"),
    (
        "creates_threat",
        Ours,
        "the look ahead for material threats",
    ),
    (
        "unparried_threat",
        Ours,
        "the look ahead for material threats",
    ),
    (
        "quiet_blow",
        Ours,
        "the forcing line after every reply to a quiet move",
    ),
    (
        "attack_bigger_piece",
        Paper,
        "putting enemy pieces en prise; row 58",
    ),
    (
        "attack_undefended_piece",
        Paper,
        "putting enemy pieces en prise; row 59",
    ),
    ("attack_weak_pawn", Paper, "attacks on weak pawns; row 63"),
    (
        "attack_pinned_piece",
        Paper,
        "attacks on pinned pieces; row 74",
    ),
    (
        "attack_sole_defender",
        Paper,
        "attacks on pieces that guard others",
    ),
    ("attack_trapped_piece", Paper, "trapping pieces"),
    ("multiple_threats", Paper, "double attacks; row 66"),
    ("offer_trade", Y1980, "row 60"),
    ("pile_on", Y1980, "rows 61-62"),
    ("pin_piece", Paper, "pins; rows 69-73"),
    ("skewer", Ours, "the pin's mirror"),
    ("prepare_discovery", Y1980, "row 67"),
    ("break_pin", Y1980, "rows 76-77"),
    ("move_pin_base", Y1980, "row 78"),
    ("defend_threatened_piece", Y1980, "row 52"),
    ("interpose", Y1980, "row 54"),
    ("abandon_defence", Y1980, "row 50"),
    (
        "block_centre_pawn",
        Paper,
        "the paper's quoted rule; row 19",
    ),
    (
        "early_queen_move",
        Paper,
        "the queen out early is bad unless attacked",
    ),
    (
        "first_minor_move",
        Paper,
        "a first minor-piece move is good; row 17",
    ),
    (
        "king_move_spoils_castling",
        Paper,
        "king moves are bad while castling is possible; row 21",
    ),
    (
        "rook_move_spoils_castling",
        Paper,
        "rook moves are bad while castling is possible; row 23",
    ),
    (
        "king_walk",
        Paper,
        "moving the king early is bad; rows 20, 22",
    ),
    ("king_rank_step", Y1980, "row 24"),
    (
        "king_centralise_endgame",
        Ours,
        "the king's march in the endgame",
    ),
    ("knight_centre", Y1980, "row 16"),
    ("knight_outpost", Ours, "an outpost"),
    ("rook_seventh", Ours, "the seventh rank"),
    ("king_line", Y1980, "rows 82-83"),
    ("king_diagonal", Y1980, "row 85"),
    ("open_line_to_king", Y1980, "row 84"),
    ("blockade_passed_pawn", Y1980, "row 32"),
    ("leave_blockade", Y1980, "row 33"),
    (
        "passed_pawn_push",
        Paper,
        "passed-pawn pushes growing with rank; row 25",
    ),
    ("pawn_break", Paper, "pawn breaks; row 30"),
    ("pawn_centre", Y1980, "row 15"),
    ("advance_backward_pawn", Y1980, "row 28"),
    ("trap_bishop", Y1980, "row 68"),
    (
        "creates_isolated_pawn",
        Paper,
        "avoiding new isolated pawns",
    ),
    (
        "creates_backward_pawn",
        Paper,
        "avoiding new backward pawns",
    ),
];

/// The source and basis of the factor `name`; `None` for a name the generator does not
/// score (a test keeps every scored name in the table).
pub fn origin(name: &str) -> Option<(Source, &'static str)> {
    ORIGINS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, s, b)| (s, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_factor_has_one_row() {
        let mut names: Vec<&str> = ORIGINS.iter().map(|(n, _, _)| *n).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ORIGINS.len(), "a name twice");
        // The generator's module doc counts 76 named factors.
        assert_eq!(ORIGINS.len(), 76);
        // Every name the factor groups score appears here: read from their source.
        let groups = [
            include_str!("factors/attacks.rs"),
            include_str!("factors/checks.rs"),
            include_str!("factors/defence.rs"),
            include_str!("factors/development.rs"),
            include_str!("factors/exchanges.rs"),
            include_str!("factors/lines.rs"),
            include_str!("factors/mod.rs"),
            include_str!("factors/opening.rs"),
            include_str!("factors/pawns.rs"),
            include_str!("factors/pins.rs"),
            include_str!("factors/placement.rs"),
            include_str!("factors/threats.rs"),
        ];
        let mut scored: Vec<&str> = groups.iter().flat_map(|t| scored_names(t)).collect();
        scored.sort_unstable();
        scored.dedup();
        assert_eq!(scored, names, "the scored names and the table differ");
    }

    #[test]
    fn a_trace_names_each_factors_source() {
        let pos = shakmaty::Chess::default();
        let m = crate::notation::read_move(&pos, "Nf3").unwrap();
        let analysis = crate::attack::Analysis::new(&pos);
        let factors = super::super::trace(&pos, &analysis, &super::super::Context::root(0), m);
        let source = |name: &str| {
            factors
                .iter()
                .find(|f| f.name == name)
                .map(|f| (f.source, f.basis))
        };
        assert_eq!(
            source("first_minor_move"),
            Some((Paper, "a first minor-piece move is good; row 17"))
        );
        assert_eq!(source("base_constant"), Some((Y1980, "row 1")));
        assert!(factors.iter().all(|f| !f.basis.is_empty()));
    }

    /// The quoted names that open an `add(` or `posi(` call or a `=> (` tuple, on the
    /// same line or the next.
    fn scored_names(text: &str) -> Vec<&str> {
        const OPENERS: [&str; 3] = [".add(", ".posi(", "=> ("];
        let mut out = Vec::new();
        let mut after_opener = false;
        for line in text.lines().map(str::trim) {
            let mut rests: Vec<&str> = OPENERS
                .iter()
                .flat_map(|o| {
                    line.match_indices(&format!("{o}\""))
                        .map(|(i, m)| &line[i + m.len()..])
                        .collect::<Vec<_>>()
                })
                .collect();
            if after_opener && let Some(rest) = line.strip_prefix('"') {
                rests.push(rest);
            }
            out.extend(
                rests
                    .into_iter()
                    .filter_map(|r| r.split_once('"').map(|(n, _)| n)),
            );
            after_opener = OPENERS.iter().any(|o| line.ends_with(o));
        }
        out
    }
}
