//! The debugging aids of the paper (docs/design.md §8), over the current position and the last
//! search: the evaluation term by term (aid 3), the plausibility trace of a move (aid 4),
//! the record of every top-level move (aid 5), the statistics (aid 6), and the principal
//! variation with the static value after each move. After a modern search, the record,
//! statistics and tree are that search's own: its root moves, its counters and its
//! evaluator.

use shakmaty::{Chess, Move, Position};

use super::{Console, show, side_name};
use crate::aids::{BoardTerms, Generator};
use crate::engine::short;
use crate::eval::{Root, static_board_evaluator};
use crate::notation::{self, Notation};
use crate::search::modern::eval::{FULL_SCALE, MAX_PHASE, evaluate};
use crate::search::modern::{EndTerms, end_terms, to_score};
use crate::search::{Bound, ModernRootMove, ModernStats, Score, SearchResult};

impl Console {
    /// Debugging aid 3: the evaluation of the current position, or at the end of a
    /// top-level move's variation in the last search, term by term.
    pub(super) fn eval(&self, rest: &str) {
        if rest.is_empty() {
            let pos = self.engine.position();
            let terms = BoardTerms::of(pos, pos);
            self.say(
                "Static board evaluation of this position (White's point of view, pawn = 128):",
            );
            for l in show::terms(&terms) {
                self.say(&l);
            }
            if let Some(last) = &self.last
                && last.game.key() == self.engine.game().key()
                && last.game.moves() == self.engine.game().moves()
            {
                self.say(&format!(
                    "Search value here: {}",
                    show::verdict(last.result.score, last.game.position().turn())
                ));
            }
            return;
        }
        let Some(last) = &self.last else {
            self.say("No search yet: 'eval MOVE' looks at the last search's variations.");
            return;
        };
        let root = last.game.position();
        let m = match notation::read_move(root, rest) {
            Ok(m) => m,
            Err(_) => {
                self.say(&format!(
                    "'{}' is not a top-level move of the last search (from {}).",
                    short(rest),
                    notation::fen_of(root)
                ));
                return;
            }
        };
        if let Some(modern) = &last.result.modern {
            self.modern_eval(root, m, &modern.root_moves);
            return;
        }
        let Some(rm) = last.result.root_moves.iter().find(|r| r.mv == m) else {
            self.say("That move was not among the last search's top-level moves.");
            return;
        };
        let text = notation::write_move(root, m, self.notation);
        match (&rm.end_terms, rm.searched) {
            (Some(terms), _) => {
                self.say(&format!(
                    "At the end of {text}'s variation: {}",
                    show::line(root, &rm.pv, self.notation)
                ));
                for l in show::terms(&BoardTerms::from(terms)) {
                    self.say(&l);
                }
                if let Some(s) = rm.score {
                    self.say(&format!(
                        "Backed-up value of {text}: {} (mover's view)",
                        show::score(s)
                    ));
                }
            }
            (None, false) => self.say(&format!(
                "{text} was not searched (outside the width); its plausibility was {}.",
                rm.plausibility
            )),
            (None, true) => self.say(&format!("{text} was searched but left no variation.")),
        }
    }

    /// Aid 3 after a modern search: the modern evaluator's terms at the end of root move
    /// `m`'s line in the record.
    fn modern_eval(&self, root: &Chess, m: Move, moves: &[ModernRootMove]) {
        let Some(rm) = moves.iter().find(|r| r.mv == m) else {
            self.say("That move was not among the last search's top-level moves.");
            return;
        };
        let text = notation::write_move(root, m, self.notation);
        self.say(&format!(
            "At the end of {text}'s variation: {}",
            show::line(root, &rm.pv, self.notation)
        ));
        self.modern_terms(&end_terms(root, &rm.pv));
        self.say(&format!(
            "Backed-up value of {text}: {} (mover's view)",
            bounded(rm.score, Some(rm.bound))
        ));
    }

    /// Debugging aid 4: the plausibility trace of one move in the current position.
    pub(super) fn trace(&self, rest: &str) {
        if rest.is_empty() {
            self.say("trace takes a MOVE, e.g. trace N-KB3");
            return;
        }
        let Some(m) = self.read_move(rest) else {
            return;
        };
        let game = self.engine.game();
        let pos = game.position();
        let t = Generator::root(pos, game.moves().len() as u32).trace(m);
        self.say(&format!(
            "{} ({}): plausibility {}, rank {} of {}{}",
            notation::write_move(pos, m, Notation::Descriptive),
            notation::write_move(pos, m, Notation::San),
            t.plausibility,
            t.rank.unwrap_or(0),
            t.of,
            if t.flags.is_empty() {
                String::new()
            } else {
                format!(" [{}]", t.flags.join(", "))
            }
        ));
        if t.factors.is_empty() {
            self.say("  (no factor applies)");
        }
        for f in t.factors {
            self.say(&format!("  {:<28} {}", f.name, f.comment));
        }
    }

    /// Debugging aid 5: every top-level move of the last search.
    pub(super) fn record(&self) {
        let Some(last) = &self.last else {
            self.say("No search yet.");
            return;
        };
        if let Some(m) = &last.result.modern {
            self.modern_record(last.game.position(), &last.result, &m.root_moves);
            return;
        }
        let root = last.game.position();
        self.say(&format!(
            "Last search from {} ({} top-level moves, best {}):",
            notation::fen_of(root),
            last.result.root_moves.len(),
            notation::write_move(root, last.result.best, self.notation)
        ));
        self.say("  rank move        plaus  value                  main variation");
        for (i, rm) in last.result.root_moves.iter().enumerate() {
            let value = match (rm.score, rm.searched) {
                (Some(s), _) => bounded(s, rm.bound),
                (None, true) => "searched".into(),
                (None, false) => "not searched".into(),
            };
            self.say(&format!(
                "  {:>3}. {:<10} {:>6}  {:<22} {}",
                i + 1,
                notation::write_move(root, rm.mv, self.notation),
                rm.plausibility,
                value,
                show::line(root, &rm.pv, self.notation)
            ));
        }
    }

    /// Aid 5 of the modern search: every root move of its last completed iteration, best
    /// first, with its place in the move ordering instead of a plausibility.
    fn modern_record(&self, root: &Chess, r: &SearchResult, moves: &[ModernRootMove]) {
        let depth = moves.first().map_or(0, |rm| rm.depth);
        self.say(&format!(
            "Last search from {} ({} top-level moves at depth {depth}, best {}):",
            notation::fen_of(root),
            moves.len(),
            notation::write_move(root, r.best, self.notation)
        ));
        self.say("  rank move        order  value            nodes  main variation");
        for (i, rm) in moves.iter().enumerate() {
            self.say(&format!(
                "  {:>3}. {:<10} {:>6}  {:<16} {:>6}  {}",
                i + 1,
                notation::write_move(root, rm.mv, self.notation),
                rm.order,
                bounded(rm.score, Some(rm.bound)),
                rm.nodes,
                show::line(root, &rm.pv, self.notation)
            ));
        }
        self.say(
            "  (order: the move's place in the first iteration's move ordering; nodes: spent under it at this depth)",
        );
    }

    /// Debugging aid 6: the statistics of the last search, the modern search's own for a
    /// modern search.
    pub(super) fn stats(&self) {
        let Some(last) = &self.last else {
            self.say("No search yet.");
            return;
        };
        let r = &last.result;
        let rows = match &r.modern {
            Some(m) => modern_stats_rows(r, &m.stats),
            None => stats_rows(r),
        };
        self.say("Statistics of the last search:");
        for (name, v) in rows {
            self.say(&format!("  {name:<27} {v}"));
        }
    }

    /// The principal variation of the last search with values: the backed-up value at
    /// the root, the static value after each move, the terms at the end; the 1967
    /// evaluator's after a 1967 search, the modern evaluator's after a modern one.
    pub(super) fn tree(&self) {
        let Some(last) = &self.last else {
            self.say("No search yet.");
            return;
        };
        let r = &last.result;
        let root = last.game.position();
        let eval_root = Root::new(root);
        self.say(&format!(
            "Principal variation, value {} for {} (depth {}):",
            show::score(r.score),
            side_name(root.turn()),
            r.depth
        ));
        let mut pos = root.clone();
        for &m in &r.pv {
            if !pos.is_legal(m) {
                break;
            }
            let text = show::numbered(&pos, m, self.notation);
            pos.play_unchecked(m);
            let value = match r.modern {
                Some(_) => format!("eval {}", show::score(to_score(modern_white(&pos)))),
                None => {
                    let s = static_board_evaluator(&pos, &eval_root).s();
                    format!("static {}", show::value(s))
                }
            };
            self.say(&format!("  {text:<22} {value}"));
        }
        if let Some(m) = &r.modern {
            self.modern_terms(&m.pv_end_terms);
            return;
        }
        self.say("Terms at the end of the variation (White's point of view):");
        for l in show::terms(&BoardTerms::from(&r.pv_end_terms)) {
            self.say(&l);
        }
    }

    /// The modern evaluator's terms at the end of a line, one per field of its weight
    /// table that counts there (White's point of view).
    fn modern_terms(&self, end: &EndTerms) {
        self.say(&format!(
            "Modern evaluation terms at the end of the variation (White's point of view; \
             centipawns before the blend, phase {} of {MAX_PHASE}, endgame scale {} of {FULL_SCALE}):",
            end.phase, end.scale
        ));
        for t in &end.terms {
            let value = show::score(to_score(t.value.round() as i32));
            self.say(&format!(
                "  {:<26} mg {:>5}  eg {:>5}  {value}",
                t.name.replace('_', " "),
                t.mg,
                t.eg
            ));
        }
        let total = show::score(to_score(end.eval));
        self.say(&format!("  {:<42} {total}", "= the evaluation"));
    }
}

/// The modern evaluation of `pos` from White's point of view, centipawns.
fn modern_white(pos: &Chess) -> i32 {
    let v = evaluate(pos);
    pos.turn().fold_wb(v, -v)
}

/// The rows of aid 6 every search has: time, depth, nodes and their speed.
fn common_rows(r: &SearchResult, seldepth: u32) -> Vec<(&'static str, String)> {
    let secs = r.time.as_secs_f64();
    vec![
        ("time", format!("{secs:.3} s")),
        ("depth", format!("{} (selective {seldepth})", r.depth)),
        ("nodes", r.nodes.to_string()),
        (
            "nodes per second",
            format!("{:.0}", r.nodes as f64 / secs.max(1e-6)),
        ),
    ]
}

/// Aid 6 of the 1967 search: the paper's counters.
fn stats_rows(r: &SearchResult) -> Vec<(&'static str, String)> {
    let s = &r.stats;
    let mut rows = common_rows(r, s.seldepth);
    rows.extend([
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
        ("stopped early", stopped(r)),
    ]);
    rows
}

/// Aid 6 of the modern search: what each of its steps did.
fn modern_stats_rows(r: &SearchResult, s: &ModernStats) -> Vec<(&'static str, String)> {
    let mut rows = common_rows(r, s.seldepth);
    rows.extend([
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
        ("stopped early", stopped(r)),
    ]);
    rows
}

/// A value with its bound: `<=` when it is at most that, `>=` at least.
fn bounded(s: Score, bound: Option<Bound>) -> String {
    format!("{}{}", bound.map_or("", Bound::sign), show::score(s))
}

/// `part` of `whole` as a percentage.
fn percent(part: u64, whole: u64) -> String {
    format!("{:.1}%", part as f64 * 100.0 / whole.max(1) as f64)
}

fn stopped(r: &SearchResult) -> String {
    if r.stopped { "yes" } else { "no" }.into()
}
