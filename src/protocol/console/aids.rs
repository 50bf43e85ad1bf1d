//! The debugging aids of the paper (docs/design.md §8), over the current position and the last
//! search: the evaluation term by term (aid 3), the plausibility trace of a move (aid 4),
//! the record of every top-level move (aid 5), the statistics (aid 6), and the principal
//! variation with the static value after each move. The aids are `crate::aids`' records,
//! the same for every profile; this only writes them as text.

use shakmaty::{Color, Position};

use super::{Console, show};
use crate::aids::{self, BoardTerms, EndTerms, Generator, RecordRow};
use crate::engine::short;
use crate::notation::{self, Notation};
use crate::search::Score;

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
        let Some(row) = aids::record_row(root, &last.result, m) else {
            self.say("That move was not among the last search's top-level moves.");
            return;
        };
        let text = notation::write_move(root, m, self.notation);
        match (&row.end_terms, row.searched) {
            (Some(terms), _) => {
                self.say(&format!(
                    "At the end of {text}'s variation: {}",
                    show::line_of(&row.pv, self.notation)
                ));
                self.end_terms(terms, None);
                if let Some(s) = row.value {
                    self.say(&format!(
                        "Backed-up value of {text}: {} (White's point of view)",
                        show::told(s, row.bound, last.result.score, root.turn())
                    ));
                }
            }
            (None, false) => self.say(&format!(
                "{text} was not searched (outside the width); its plausibility was {}.",
                row.plausibility.unwrap_or_default()
            )),
            (None, true) => self.say(&format!("{text} was searched but left no variation.")),
        }
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

    /// Debugging aid 5: every top-level move of the last search, with how the search ranked
    /// it before searching: its plausibility, or its place in the search's own ordering.
    pub(super) fn record(&self) {
        let Some(last) = &self.last else {
            self.say("No search yet.");
            return;
        };
        let root = last.game.position();
        let rows = aids::record(root, &last.result);
        let best = notation::write_move(root, last.result.best, self.notation);
        let fen = notation::fen_of(root);
        if rows.iter().any(|r| r.order.is_some()) {
            self.ordered_record(&fen, &best, &rows, last.result.score, root.turn());
            return;
        }
        self.say(&format!(
            "Last search from {fen} ({} top-level moves, best {best}; values from White's point of view):",
            rows.len()
        ));
        self.say("  rank move        plaus  value                  main variation");
        for (i, row) in rows.iter().enumerate() {
            let value = match (row.value, row.searched) {
                (Some(s), _) => show::told(s, row.bound, last.result.score, root.turn()),
                (None, true) => "searched".into(),
                (None, false) => "not searched".into(),
            };
            self.say(&format!(
                "  {:>3}. {:<10} {:>6}  {:<22} {}",
                i + 1,
                row.mv.text(self.notation),
                row.plausibility.map_or_else(String::new, |p| p.to_string()),
                value,
                show::line_of(&row.pv, self.notation)
            ));
        }
    }

    /// Aid 5 of a search that orders its moves itself: its record best first, with each
    /// move's place in the ordering, its value and the nodes spent under it.
    fn ordered_record(
        &self,
        fen: &str,
        best: &str,
        rows: &[RecordRow],
        best_value: Score,
        mover: Color,
    ) {
        let depth = rows.first().and_then(|r| r.depth).unwrap_or(0);
        self.say(&format!(
            "Last search from {fen} ({} top-level moves at depth {depth}, best {best}; values from White's point of view):",
            rows.len()
        ));
        self.say("  rank move        order  value            nodes  main variation");
        for (i, row) in rows.iter().enumerate() {
            let value = row
                .value
                .map_or_else(String::new, |s| show::told(s, row.bound, best_value, mover));
            self.say(&format!(
                "  {:>3}. {:<10} {:>6}  {:<16} {:>6}  {}",
                i + 1,
                row.mv.text(self.notation),
                row.order.unwrap_or_default(),
                value,
                row.nodes.unwrap_or_default(),
                show::line_of(&row.pv, self.notation)
            ));
        }
        self.say(
            "  (order: the move's place in the first iteration's move ordering; nodes: spent under it at this depth)",
        );
    }

    /// Debugging aid 6: the statistics of the last search.
    pub(super) fn stats(&self) {
        let Some(last) = &self.last else {
            self.say("No search yet.");
            return;
        };
        self.say("Statistics of the last search:");
        for (name, v) in aids::stats_rows(&last.result) {
            self.say(&format!("  {name:<27} {v}"));
        }
    }

    /// The principal variation of the last search with values: the backed-up value at
    /// the root, the value after each move and the terms at the end, by the evaluator the
    /// search used.
    pub(super) fn tree(&self) {
        let Some(last) = &self.last else {
            self.say("No search yet.");
            return;
        };
        let r = &last.result;
        let root = last.game.position();
        self.say(&format!(
            "Principal variation, value {} (White's point of view, depth {}):",
            show::told(r.score, None, r.score, root.turn()),
            r.depth
        ));
        let tree = aids::Tree::of(root, r);
        let word = match tree.end_terms {
            EndTerms::Board(_) => "static",
            EndTerms::Modern(_) => "eval",
        };
        for step in &tree.steps {
            let text = show::numbered_text(&step.mv, self.notation);
            self.say(&format!("  {text:<22} {word} {}", show::score(step.value)));
        }
        let header = "Terms at the end of the variation (White's point of view):";
        self.end_terms(&tree.end_terms, Some(header));
    }

    /// The terms at the end of a line: the 1967 evaluator's five (after `header`, if any),
    /// or the modern evaluator's, one per field of its weight table that counts there
    /// (White's point of view).
    fn end_terms(&self, end: &EndTerms, header: Option<&str>) {
        let end = match end {
            EndTerms::Board(t) => {
                if let Some(h) = header {
                    self.say(h);
                }
                for l in show::terms(t) {
                    self.say(&l);
                }
                return;
            }
            EndTerms::Modern(end) => end,
        };
        self.say(&format!(
            "Modern evaluation terms at the end of the variation (White's point of view; \
             centipawns before the blend, phase {} of {}, endgame scale {} of {}):",
            end.phase, end.max_phase, end.scale, end.full_scale
        ));
        for t in &end.terms {
            let value = show::score(aids::from_centipawns(t.value.round() as i32));
            self.say(&format!(
                "  {:<26} mg {:>5}  eg {:>5}  {value}",
                t.name.replace('_', " "),
                t.mg,
                t.eg
            ));
        }
        let total = show::score(aids::from_centipawns(end.eval));
        self.say(&format!("  {:<42} {total}", "= the evaluation"));
    }
}
