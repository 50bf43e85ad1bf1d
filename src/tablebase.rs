//! Syzygy endgame tablebases, through `shakmaty-syzygy`: the tables found in the
//! directories of `SyzygyPath`, probed for positions of at most `SyzygyProbeLimit` pieces.
//!
//! Two uses. At the root the engine plays the move the tables choose by DTZ (distance to
//! the next capture or pawn move), which converts a won ending and holds a drawn one under
//! the fifty-move rule; [`Tablebases::root`] gives that move, its score and a line. Inside
//! a search [`Tablebases::wdl`] gives win, draw or loss for a position reached by a capture
//! or pawn move: the modern search probes it (the 1967 search does not: the paper had no
//! tablebases). [`outcome`] reads a result under `Syzygy50MoveRule`.

use shakmaty::{Chess, Move, Position};
use shakmaty_syzygy::{AmbiguousWdl, MaybeRounded, Tablebase, Wdl};
use thiserror::Error;

use crate::score::Score;

/// The most pieces any Syzygy table holds (standard chess).
pub const MAX_PIECES: u32 = 7;

/// A tablebase win is worth this (1967 units: 100 pawns) less the plies to the next
/// capture or pawn move: beyond any evaluation, short of any mate.
pub const TB_WIN: i32 = 100 * 128;

/// How many plies of the DTZ line the root answer shows.
const LINE_PLIES: usize = 12;

/// Why tables could not be opened.
#[derive(Debug, Error)]
pub enum TablebaseError {
    #[error("cannot read tablebase directory '{path}': {reason}")]
    Directory { path: String, reason: String },
    #[error("no Syzygy table in '{0}'")]
    Empty(String),
}

/// The opened tables and the probe limit.
#[derive(Debug)]
pub struct Tablebases {
    tables: Tablebase<Chess>,
    probe_limit: u32,
}

/// What the tables say at the root: the move, its score for the side to move, the DTZ
/// line that follows it, and how many positions were probed.
#[derive(Debug, Clone)]
pub struct RootProbe {
    pub best: Move,
    pub score: Score,
    pub pv: Vec<Move>,
    pub probes: u64,
}

impl Tablebases {
    /// Opens every table in the directories of `paths` (separated as the platform's
    /// `PATH` is: `:` on Unix, `;` on Windows); a directory without tables is an error.
    pub fn open(paths: &str, probe_limit: u32) -> Result<Tablebases, TablebaseError> {
        let mut tables = Tablebase::new();
        for dir in std::env::split_paths(paths).filter(|d| !d.as_os_str().is_empty()) {
            let shown = dir.display().to_string();
            let added = tables
                .add_directory(&dir)
                .map_err(|e| TablebaseError::Directory {
                    path: shown.clone(),
                    reason: e.to_string(),
                })?;
            if added == 0 {
                return Err(TablebaseError::Empty(shown));
            }
        }
        Ok(Tablebases {
            tables,
            probe_limit,
        })
    }

    /// Whether `pos` may be probed: few enough pieces for the tables and the limit, and no
    /// castling rights (the tables have none).
    pub fn covers(&self, pos: &Chess) -> bool {
        let pieces = pos.board().occupied().count();
        pieces <= self.tables.max_pieces().min(self.probe_limit as usize)
            && pos.castles().is_empty()
    }

    /// Win, draw or loss for the side to move, as if `pos` had just been reached by a
    /// capture or pawn move (the fifty-move counter at 0): the probe a search makes.
    /// None when the tables do not cover `pos`.
    pub fn wdl(&self, pos: &Chess) -> Option<Wdl> {
        if !self.covers(pos) {
            return None;
        }
        self.tables.probe_wdl_after_zeroing(pos).ok()
    }

    /// Win, draw or loss for the side to move of `pos` as it stands, its halfmove clock
    /// counted under the fifty-move rule: exact when the clock is 0 (from the WDL tables
    /// alone), otherwise read from the DTZ tables, which may leave a win or loss in doubt
    /// ([`AmbiguousWdl::MaybeWin`], [`AmbiguousWdl::MaybeLoss`]). None when the tables do
    /// not cover `pos` or the probe fails (a table missing).
    pub fn wdl_now(&self, pos: &Chess) -> Option<AmbiguousWdl> {
        if !self.covers(pos) {
            return None;
        }
        if pos.halfmoves() == 0 {
            return self
                .tables
                .probe_wdl_after_zeroing(pos)
                .ok()
                .map(AmbiguousWdl::from);
        }
        self.tables.probe_wdl(pos).ok()
    }

    /// The move to play at the root by DTZ, with a tablebase score and the line that
    /// follows; None when the tables do not cover `pos` or it has no legal move. With
    /// `fifty_move_rule`, a win the rule frustrates (or a loss it saves), given the
    /// position's halfmove clock, scores as a draw.
    pub fn root(&self, pos: &Chess, fifty_move_rule: bool) -> Option<RootProbe> {
        if !self.covers(pos) {
            return None;
        }
        let (best, dtz) = self.tables.best_move(pos).ok()??;
        let mut probes = pos.legal_moves().len() as u64;
        let mut pv = vec![best];
        let mut line = pos.clone();
        line.play_unchecked(best);
        while pv.len() < LINE_PLIES && !line.is_game_over() {
            let Ok(Some((m, _))) = self.tables.best_move(&line) else {
                break;
            };
            probes += line.legal_moves().len() as u64;
            pv.push(m);
            line.play_unchecked(m);
        }
        // A win that DTZ rounding leaves in doubt counts as one: the DTZ line is kept.
        let wdl = self.tables.probe_wdl(pos).ok()?.after_zeroing();
        Some(RootProbe {
            best,
            score: score(outcome(wdl, fifty_move_rule), dtz),
            pv,
            probes: probes + 1,
        })
    }
}

/// Who wins a position the tables value `wdl`: 1 the side to move, -1 the other, 0
/// neither. With `fifty_move_rule` a cursed win or blessed loss is a draw.
pub fn outcome(wdl: Wdl, fifty_move_rule: bool) -> i32 {
    match wdl {
        Wdl::Win => 1,
        Wdl::Loss => -1,
        Wdl::CursedWin if !fifty_move_rule => 1,
        Wdl::BlessedLoss if !fifty_move_rule => -1,
        _ => 0,
    }
}

/// The score of a position the tables value `sign` (1 won, 0 drawn, -1 lost, under the
/// fifty-move rule) at `dtz` plies from a zeroing move: a quicker conversion is worth more.
fn score(sign: i32, dtz: MaybeRounded<shakmaty_syzygy::Dtz>) -> Score {
    let plies = dtz.ignore_rounding().0.abs().min(TB_WIN / 2);
    Score::Value(sign * (TB_WIN - plies))
}

/// Opens `paths` if it names anything (an empty text or `<empty>` means no tables).
pub fn open_option(paths: &str, probe_limit: u32) -> Result<Option<Tablebases>, TablebaseError> {
    let paths = paths.trim();
    if paths.is_empty() || paths == "<empty>" {
        return Ok(None);
    }
    Tablebases::open(paths, probe_limit).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::pos;

    fn tables() -> Tablebases {
        Tablebases::open(
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy"),
            MAX_PIECES,
        )
        .unwrap()
    }

    #[test]
    fn probes_match_known_results() {
        let tb = tables();
        let known = [
            // KQvK and KRvK are won for the strong side to move, lost for the weak one.
            ("8/8/8/8/8/2k5/8/KQ6 w - - 0 1", Wdl::Win),
            ("8/8/4k3/8/8/8/8/KR6 b - - 0 1", Wdl::Loss),
            // KPvK: the defender in front of a rook pawn draws; an advanced pawn with its
            // king in front wins.
            ("k7/8/8/8/8/8/P7/K7 w - - 0 1", Wdl::Draw),
            ("8/8/8/3k4/8/8/4P3/4K3 w - - 0 1", Wdl::Draw),
            ("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", Wdl::Win),
            // A lone bishop cannot win.
            ("8/8/8/3k4/8/8/8/KB6 w - - 0 1", Wdl::Draw),
        ];
        for (fen, wdl) in known {
            assert_eq!(tb.wdl(&pos(fen)), Some(wdl), "{fen}");
        }
        // Too many pieces, or castling rights: not covered.
        assert_eq!(tb.wdl(&Chess::default()), None);
        assert_eq!(tb.wdl(&pos("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")), None);
    }

    #[test]
    fn the_root_move_converts_and_is_scored() {
        let tb = tables();
        let p = pos("8/8/8/8/8/2k5/8/KQ6 w - - 0 1");
        let r = tb.root(&p, true).unwrap();
        assert!(p.is_legal(r.best) && r.pv[0] == r.best && r.pv.len() > 1);
        assert!(
            matches!(r.score, Score::Value(v) if v > TB_WIN - 100),
            "{:?}",
            r.score
        );
        assert!(r.probes > 1);
        let drawn = tb.root(&pos("k7/8/8/8/8/8/P7/K7 w - - 0 1"), true).unwrap();
        assert_eq!(drawn.score, Score::Value(0));
    }

    #[test]
    fn the_fifty_move_rule_turns_cursed_results_into_draws() {
        for (wdl, with_rule, without) in [
            (Wdl::Win, 1, 1),
            (Wdl::CursedWin, 0, 1),
            (Wdl::Draw, 0, 0),
            (Wdl::BlessedLoss, 0, -1),
            (Wdl::Loss, -1, -1),
        ] {
            assert_eq!(outcome(wdl, true), with_rule, "{wdl:?}");
            assert_eq!(outcome(wdl, false), without, "{wdl:?}");
        }
        // KRvK with the clock at 90: won only if the rule is ignored.
        let p = pos("8/8/8/4k3/8/8/8/KR6 w - - 90 100");
        assert_eq!(tables().root(&p, true).unwrap().score, Score::Value(0));
        assert!(matches!(
            tables().root(&p, false).unwrap().score,
            Score::Value(v) if v > TB_WIN - 100
        ));
    }

    #[test]
    fn the_probe_limit_and_bad_paths_are_respected() {
        let tb =
            Tablebases::open(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy"), 2).unwrap();
        assert_eq!(tb.wdl(&pos("8/8/8/8/8/2k5/8/KQ6 w - - 0 1")), None);
        assert!(matches!(
            open_option("/no/such/dir", 7),
            Err(TablebaseError::Directory { .. })
        ));
        assert!(open_option("", 7).unwrap().is_none());
        assert!(matches!(
            Tablebases::open(env!("CARGO_MANIFEST_DIR"), 7),
            Err(TablebaseError::Empty(_))
        ));
    }
}
