//! Aid 6, the statistics of a finished search as rows of text: what every search has (time,
//! depth, nodes and their speed), the counters its kind of search keeps, and whether it
//! stopped early. The counters themselves are [`Statistics`], written as they are.

use crate::search::{ModernStats, SearchResult, Statistics, Stats};

/// The statistics of the search `r`, one `(name, value)` row each.
pub fn stats_rows(r: &SearchResult) -> Vec<(&'static str, String)> {
    let secs = r.time.as_secs_f64();
    let mut rows = vec![
        ("time", format!("{secs:.3} s")),
        (
            "depth",
            format!("{} (selective {})", r.depth, r.stats.seldepth()),
        ),
        ("nodes", r.nodes.to_string()),
        (
            "nodes per second",
            format!("{:.0}", r.nodes as f64 / secs.max(1e-6)),
        ),
    ];
    match &r.stats {
        Statistics::MacHack(s) => rows.extend(paper_rows(s)),
        Statistics::Modern(s) => rows.extend(modern_rows(s)),
    }
    rows.push(("stopped early", if r.stopped { "yes" } else { "no" }.into()));
    rows
}

/// The 1967 search's counters: the paper's.
fn paper_rows(s: &Stats) -> Vec<(&'static str, String)> {
    vec![
        (
            "plausible move generations",
            s.plausible_generations.to_string(),
        ),
        (
            "feedovers",
            format!(
                "{} (en prise and constrained {}, two en prise {}, opponent cannot escape {})",
                s.feedovers(),
                s.feedovers_en_prise_constrained,
                s.feedovers_two_en_prise,
                s.feedovers_opponent_cannot_escape
            ),
        ),
        ("static evaluations", s.static_evaluations.to_string()),
        ("capture-search nodes", s.capture_nodes.to_string()),
        ("hash probes", s.hash_probes.to_string()),
        ("hash hits", s.hash_hits.to_string()),
        (
            "secondary searches",
            format!(
                "{} (changed the value {}, the move {})",
                s.secondary_searches, s.secondary_changed_value, s.secondary_changed_move
            ),
        ),
    ]
}

/// The modern search's counters: what each of its steps did.
fn modern_rows(s: &ModernStats) -> Vec<(&'static str, String)> {
    vec![
        ("quiescence nodes", s.quiescence_nodes.to_string()),
        ("evaluations", s.evaluations.to_string()),
        (
            "transposition table",
            format!(
                "probes {}, hits {} ({}), cut-offs {}, {} per mille full",
                s.tt_probes,
                s.tt_hits,
                percent(s.tt_hits, s.tt_probes),
                s.tt_cutoffs,
                s.hashfull
            ),
        ),
        (
            "beta cut-offs",
            format!(
                "{}, on the first move {} ({})",
                s.beta_cutoffs,
                s.first_move_cutoffs,
                percent(s.first_move_cutoffs, s.beta_cutoffs)
            ),
        ),
        (
            "null move",
            format!(
                "tries {}, cut-offs {}",
                s.null_move_tries, s.null_move_cutoffs
            ),
        ),
        (
            "late-move reductions",
            format!("{}, searched again {}", s.lmr_reductions, s.lmr_re_searches),
        ),
        (
            "pruned",
            format!(
                "reverse futility {}, razoring {}, futility {}, late moves {}, static exchange {}",
                s.reverse_futility_prunes,
                s.razor_prunes,
                s.futility_prunes,
                s.late_move_prunes,
                s.see_prunes
            ),
        ),
        ("check extensions", s.check_extensions.to_string()),
        (
            "aspiration fails",
            format!(
                "high {}, low {}",
                s.aspiration_fails_high, s.aspiration_fails_low
            ),
        ),
        ("tablebase hits", s.tbhits.to_string()),
    ]
}

/// `part` of `whole` as a percentage.
fn percent(part: u64, whole: u64) -> String {
    format!("{:.1}%", part as f64 * 100.0 / whole.max(1) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::aids::record::tests::searched;

    fn names(r: &SearchResult) -> Vec<&'static str> {
        stats_rows(r).into_iter().map(|(name, _)| name).collect()
    }

    #[test]
    fn every_search_has_the_common_rows_and_its_own_counters() {
        let paper = searched("1967", 2);
        let modern = searched("modern", 4);
        for r in [&paper, &modern] {
            let rows = stats_rows(r);
            assert_eq!(rows[2], ("nodes", r.nodes.to_string()));
            assert_eq!(rows.last().unwrap(), &("stopped early", "no".to_string()));
        }
        assert!(names(&paper).contains(&"feedovers"));
        assert!(!names(&paper).contains(&"transposition table"));
        assert!(names(&modern).contains(&"transposition table"));
        assert!(!names(&modern).contains(&"feedovers"));
    }
}
