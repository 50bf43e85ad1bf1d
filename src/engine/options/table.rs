//! The options table: one row per option, in the order help texts list them.

use std::time::Duration;

use super::row::{
    BOTH, Effect, EngineOption, OptionKind, UCI, XBOARD, is_none, parse_widths, text_or_none,
};
use crate::engine::conduct;
use crate::search::modern::network::NetFile;
use crate::search::{self, DEFAULT_HASH_MIB, DEFAULT_PROFILE, MAX_THREADS, PROFILES};
use crate::{tablebase, timeman};

/// Every option.
pub static OPTIONS: &[EngineOption] = &[
    EngineOption {
        name: "Hash",
        kind: OptionKind::Spin {
            default: DEFAULT_HASH_MIB as i64,
            min: 1,
            max: 4096,
            clamp: false,
            set: |o, v| o.hash_mib = v as u32,
        },
        help: "hash table memory in MiB (the 1967 search keeps the paper's 32,000 entries within it)",
        shown: UCI,
        flag: None,
        effect: Effect::Search,
    },
    EngineOption {
        name: "Clear Hash",
        kind: OptionKind::Button,
        help: "empty the hash table",
        shown: BOTH,
        flag: None,
        effect: Effect::ClearHash,
    },
    EngineOption {
        name: "Threads",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: MAX_THREADS as i64,
            clamp: false,
            set: |o, v| o.threads = v as u32,
        },
        help: "search threads (the modern profile: Lazy SMP over the shared table; the 1967 \
               search has one)",
        shown: UCI,
        flag: Some("threads"),
        effect: Effect::Search,
    },
    EngineOption {
        name: "Ponder",
        kind: OptionKind::Check {
            default: false,
            set: |o, v| o.ponder = v,
        },
        help: "think on the opponent's time",
        shown: UCI,
        flag: None,
        effect: Effect::None,
    },
    EngineOption {
        name: "Move Overhead",
        kind: OptionKind::Spin {
            default: timeman::knobs::MOVE_OVERHEAD.as_millis() as i64,
            min: 0,
            max: 5000,
            clamp: false,
            set: |o, v| o.move_overhead = Duration::from_millis(v as u64),
        },
        help: "milliseconds kept back from every clock for communication",
        shown: BOTH,
        flag: None,
        effect: Effect::None,
    },
    EngineOption {
        name: "Profile",
        kind: OptionKind::Combo {
            default: DEFAULT_PROFILE,
            choices: || PROFILES.iter().map(|p| p.name).collect(),
            set: |o, v| o.profile = v.to_string(),
        },
        help: "the search and its settings (modern: the strong engine; 1967: the paper's normal settings; 1967-tournament: its tournament play)",
        shown: BOTH,
        flag: Some("profile"),
        effect: Effect::Search,
    },
    EngineOption {
        name: "Depth",
        kind: OptionKind::Spin {
            default: 0,
            min: 0,
            max: 64,
            clamp: false,
            set: |o, v| o.depth = (v > 0).then_some(v as u32),
        },
        help: "depth of the basic search in plies (0: the profile's)",
        shown: BOTH,
        flag: Some("depth"),
        effect: Effect::Search,
    },
    EngineOption {
        name: "Widths",
        kind: OptionKind::Text {
            default: "",
            set: |o, v| {
                o.widths = parse_widths(v)?;
                Ok(())
            },
        },
        help: "basic widths per level, top level first, the last holding below (e.g. 15,15,9,9,7; empty: the profile's)",
        shown: BOTH,
        flag: Some("widths"),
        effect: Effect::Search,
    },
    EngineOption {
        name: "Deepen",
        kind: OptionKind::Check {
            default: false,
            set: |o, v| o.deepen = v,
        },
        help: "in timed play, search one ply deeper at a time (the paper's widths) while the \
               clock allows; off by default because the paper searches to a fixed depth",
        shown: BOTH,
        flag: None,
        effect: Effect::None,
    },
    EngineOption {
        name: "UCI_ShowWDL",
        kind: OptionKind::Check {
            default: false,
            set: |o, v| o.show_wdl = v,
        },
        help: "add win/draw/loss chances per mille to each score (a logistic in the score)",
        shown: UCI,
        flag: None,
        effect: Effect::None,
    },
    EngineOption {
        name: "UCI_Chess960",
        kind: OptionKind::Check {
            default: false,
            set: |o, v| o.chess960 = v,
        },
        help: "Chess960: castling rooks on any file, castling sent as king takes rook",
        shown: UCI,
        flag: None,
        effect: Effect::None,
    },
    EngineOption {
        name: "UCI_LimitStrength",
        kind: OptionKind::Check {
            default: false,
            set: |o, v| o.limit_strength = v,
        },
        help: "play the modern profile at the strength UCI_Elo names (fewer nodes, a blurred evaluation)",
        shown: BOTH,
        flag: None,
        effect: Effect::Search,
    },
    EngineOption {
        name: "UCI_Elo",
        kind: OptionKind::Spin {
            default: search::DEFAULT_ELO as i64,
            min: search::MIN_ELO as i64,
            max: search::MAX_ELO as i64,
            clamp: true,
            set: |o, v| o.elo = v as u32,
        },
        help: "the strength UCI_LimitStrength plays at, on Stockfish's UCI_Elo scale (docs/strength.md); values outside the range are brought into it",
        shown: BOTH,
        flag: None,
        effect: Effect::Search,
    },
    EngineOption {
        name: "Contempt",
        kind: OptionKind::Spin {
            default: 0,
            min: -1280,
            max: 1280,
            clamp: false,
            set: |o, v| o.contempt = v as i32,
        },
        help: "how much worse than 0 a draw is for us (pawn = 128)",
        shown: BOTH,
        flag: Some("contempt"),
        effect: Effect::Search,
    },
    EngineOption {
        name: "OwnBook",
        kind: OptionKind::Check {
            default: true,
            set: |o, v| o.own_book = v,
        },
        help: "play from the opening book while it has the position",
        shown: BOTH,
        flag: None,
        effect: Effect::None,
    },
    EngineOption {
        name: "BookFile",
        kind: OptionKind::Text {
            default: "",
            set: |o, v| {
                o.book_file = text_or_none(v);
                Ok(())
            },
        },
        help: "a Polyglot book to use instead of the built-in one (empty: the built-in)",
        shown: BOTH,
        flag: None,
        effect: Effect::Book,
    },
    EngineOption {
        name: "EvalFile",
        kind: OptionKind::Text {
            default: "",
            set: |o, v| {
                o.network = if is_none(v) {
                    None
                } else {
                    Some(NetFile::load(v.as_ref()).map_err(|e| e.to_string())?)
                };
                Ok(())
            },
        },
        help: "a network file for the modern evaluation (empty: the network built in); a file \
               that is not one is refused and the network in use stays",
        shown: BOTH,
        flag: None,
        effect: Effect::Search,
    },
    EngineOption {
        name: "SyzygyPath",
        kind: OptionKind::Text {
            default: "",
            set: |o, v| {
                o.syzygy_path = text_or_none(v);
                Ok(())
            },
        },
        help: "directories of Syzygy tables, ':'-separated (';' on Windows); empty: none",
        shown: BOTH,
        flag: None,
        effect: Effect::Tablebase,
    },
    EngineOption {
        name: "SyzygyProbeLimit",
        kind: OptionKind::Spin {
            default: tablebase::MAX_PIECES as i64,
            min: 0,
            max: tablebase::MAX_PIECES as i64,
            clamp: false,
            set: |o, v| o.syzygy_probe_limit = v as u32,
        },
        help: "use the tables only for positions of at most this many pieces",
        shown: BOTH,
        flag: None,
        effect: Effect::Tablebase,
    },
    EngineOption {
        name: "MultiPV",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: search::MAX_MULTIPV as i64,
            clamp: false,
            set: |o, v| o.multipv = v as u32,
        },
        help: "how many best moves to show, each with its exact value and line, best first",
        shown: BOTH,
        flag: Some("multipv"),
        effect: Effect::Search,
    },
    EngineOption {
        name: "SyzygyProbeDepth",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: 100,
            clamp: false,
            set: |o, v| o.syzygy_probe_depth = v as u32,
        },
        help: "probe the tables inside the search only this many plies or more from its leaves",
        shown: BOTH,
        flag: None,
        effect: Effect::Search,
    },
    EngineOption {
        name: "Syzygy50MoveRule",
        kind: OptionKind::Check {
            default: true,
            set: |o, v| o.syzygy_50_move_rule = v,
        },
        help: "score a tablebase win the fifty-move rule frustrates (a loss it saves) as a draw",
        shown: BOTH,
        flag: None,
        effect: Effect::Search,
    },
    EngineOption {
        name: "Resign",
        kind: OptionKind::Check {
            default: false,
            set: |o, v| o.resign = v,
        },
        help: "resign when hopelessly lost",
        shown: XBOARD,
        flag: None,
        effect: Effect::None,
    },
    EngineOption {
        name: "Resign Value",
        kind: OptionKind::Spin {
            default: conduct::knobs::RESIGN_VALUE as i64,
            min: 128,
            max: 100_000,
            clamp: false,
            set: |o, v| o.resign_value = v as i32,
        },
        help: "resign below minus this value (pawn = 128)...",
        shown: XBOARD,
        flag: None,
        effect: Effect::None,
    },
    EngineOption {
        name: "Resign Moves",
        kind: OptionKind::Spin {
            default: conduct::knobs::RESIGN_MOVES as i64,
            min: 1,
            max: 100,
            clamp: false,
            set: |o, v| o.resign_moves = v as u32,
        },
        help: "...held for this many of our searches in a row",
        shown: XBOARD,
        flag: None,
        effect: Effect::None,
    },
];
