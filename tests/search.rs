//! The 1967 search through its public API (docs/design.md §6): mates, draws, feedover, secondary
//! search, value modifications, the width rule, determinism and stopping.
//!
//! The assertions hold for any plausible move generator and evaluator that keep their
//! contracts: where the generator's order matters, the test either widens the search or
//! states the property relative to the order the generator gave.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use machack::notation::read_move;
use machack::plausible::Flags;
use machack::rules::{Game, parse_fen};
use machack::search::mac_hack::{MacHack, Params};
use machack::search::{Bound, Limits, NoLegalMove, Score, Search, SearchResult};
use shakmaty::{Move, Position};

/// Stack for the deep-line test: 60 plies in 512 KiB means the 128-ply limit fits in about
/// 1.1 MiB, well inside a spawned thread's default 2 MiB (release build).
const STACK: usize = 512 << 10;

fn game(fen: &str, moves: &[&str]) -> Game {
    let (pos, _) = parse_fen(fen).unwrap();
    let mut g = Game::new(pos);
    for m in moves {
        let mv = read_move(g.position(), m).unwrap();
        assert!(g.play(mv));
    }
    g
}

fn mv(g: &Game, text: &str) -> Move {
    read_move(g.position(), text).unwrap()
}

fn run(g: &Game, params: Params, limits: Limits) -> SearchResult {
    let stop = AtomicBool::new(false);
    MacHack::new(params)
        .search(g, &limits, &stop, &mut |_| {})
        .unwrap()
}

/// A search with no limits but the stop flag.
fn run_with(g: &Game, params: Params, stop: &AtomicBool) -> SearchResult {
    MacHack::new(params)
        .search(g, &Limits::default(), stop, &mut |_| {})
        .unwrap()
}

/// Every move searched, `depth` plies: the generator's order cannot hide a line.
fn wide(depth: u32) -> Params {
    Params {
        depth,
        widths: vec![99],
        ..Params::mac_hack_1967()
    }
}

fn legal_line(g: &Game, pv: &[Move]) -> bool {
    let mut pos = g.position().clone();
    for &m in pv {
        if !pos.is_legal(m) {
            return false;
        }
        pos.play_unchecked(m);
    }
    true
}

#[test]
fn mate_in_one_two_and_three() {
    let cases = [
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, "Ra8#"),
        ("2r3k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1", 2, "Re8+"),
        ("2rr2k1/5ppp/8/8/8/4R3/4RPPP/4R1K1 w - - 0 1", 3, "Re8+"),
    ];
    for (fen, n, first) in cases {
        let g = game(fen, &[]);
        let r = run(&g, wide(2 * n - 1), Limits::default());
        assert_eq!(r.score, Score::Mate(n as i32), "{fen}");
        assert_eq!(r.best, mv(&g, first), "{fen}");
        assert_eq!(r.pv.len(), 2 * n as usize - 1, "{fen}");
        assert!(legal_line(&g, &r.pv));
    }
}

#[test]
fn being_mated_is_scored_from_the_losers_side() {
    // Black to move has only Kb8, and then Rh8 mates.
    let g = game("k7/8/1K6/8/8/8/8/7R b - - 0 1", &[]);
    let r = run(&g, wide(2), Limits::default());
    assert_eq!(r.score, Score::Mate(-1));
}

#[test]
fn shorter_mates_are_preferred() {
    // Mate in one is available (Ra8#); longer mates exist too. A deeper search must still
    // choose the mate in one.
    let g = game("6k1/5ppp/8/8/8/8/8/RR4K1 w - - 0 1", &[]);
    let r = run(&g, wide(3), Limits::default());
    assert_eq!(r.score, Score::Mate(1));
    assert_eq!(r.pv.len(), 1);
}

#[test]
fn stalemate_is_a_draw() {
    // Queen g5 to g6 stalemates the bare king on h8.
    let g = game("7k/8/8/6Q1/8/8/8/K7 w - - 0 1", &[]);
    let stalemate = mv(&g, "Qg6");
    let only = Limits {
        searchmoves: vec![stalemate],
        ..Limits::default()
    };
    let r = run(&g, wide(2), only);
    assert_eq!(r.best, stalemate);
    assert_eq!(r.score, Score::Value(0));
    // Left free, White does not stalemate and keeps its queen's worth.
    let r = run(&g, wide(2), Limits::default());
    assert_ne!(r.best, stalemate);
    assert!(matches!(r.score, Score::Value(v) if v > 1000) || matches!(r.score, Score::Mate(_)));
}

#[test]
fn repetition_of_a_game_position_is_a_draw_in_1967() {
    // After 1. Nf3 Nf6 2. Ng1, the reply Ng8 repeats the starting position: the 1967 rule
    // scores the first repetition as a draw.
    let g = game(machack::rules::START_FEN, &["Nf3", "Nf6", "Ng1"]);
    let back = mv(&g, "Ng8");
    let only = Limits {
        searchmoves: vec![back],
        ..Limits::default()
    };
    // (The generator may flag the knight's retreat developmentally poor: that costs 3
    // points on top of the draw value, so the penalty is switched off here.)
    let params = Params {
        poor_move: 0,
        ..Params::mac_hack_1967()
    };
    let r = run(&g, params.clone(), only);
    assert_eq!(r.score, Score::Value(0));
    assert_eq!(r.pv, vec![back]);
    // Contempt makes the draw unattractive for the side that searched.
    let params = Params {
        contempt: 50,
        ..params
    };
    let only = Limits {
        searchmoves: vec![back],
        ..Limits::default()
    };
    assert_eq!(run(&g, params, only).score, Score::Value(-50));
}

#[test]
fn feedover_finds_the_fork_and_avoids_walking_into_one() {
    // Nc7+ forks king and rook. At depth 1 only the feedover at the end of the line lets
    // Black answer the check and White then take the rook.
    let g = game("r3k3/8/1P6/3N4/8/8/8/6K1 w - - 0 1", &[]);
    let fork = mv(&g, "Nc7+");
    let params = Params {
        depth: 1,
        ..Params::mac_hack_1967_tournament()
    };
    let r = run(&g, params.clone(), Limits::default());
    assert_eq!(r.best, fork);
    assert!(
        matches!(r.score, Score::Value(v) if v > 300),
        "{:?}",
        r.score
    );
    assert!(r.stats.mac_hack().unwrap().feedovers_en_prise_constrained > 0);
    // Without feedovers (and without the secondary search, which would also see it),
    // the fork looks like nothing at all.
    let only_fork = Limits {
        searchmoves: vec![fork],
        ..Limits::default()
    };
    let blind = Params {
        max_feedovers: 0,
        secondary_depth: 0,
        ..params.clone()
    };
    let without = run(&g, blind, only_fork.clone());
    assert_eq!(without.stats.mac_hack().unwrap().feedovers(), 0);
    let with = run(&g, params, only_fork);
    match (with.score, without.score) {
        (Score::Value(a), Score::Value(b)) => assert!(a > b + 400, "{a} vs {b}"),
        other => panic!("{other:?}"),
    }

    // Black to move, the knight on b5 threatens the fork: a pawn move walks into it.
    let g = game("r3k3/6pp/1P6/1N6/8/8/8/6K1 b - - 0 1", &[]);
    let pawn = mv(&g, "h6");
    let params = Params {
        depth: 2,
        widths: vec![40],
        ..Params::mac_hack_1967()
    };
    // Alone at the top level, h6 gets an exact value.
    let only_h6 = || Limits {
        searchmoves: vec![pawn],
        ..Limits::default()
    };
    let value = |r: SearchResult| match r.score {
        Score::Value(v) => v,
        other => panic!("{other:?}"),
    };
    // Black, a rook for a knight up, keeps its advantage; h6 would lose the rook.
    let best = value(run(&g, params.clone(), Limits::default()));
    assert!(best > 0, "{best}");
    let h6 = value(run(&g, params.clone(), only_h6()));
    assert!(h6 < best - 400, "h6 should lose the rook: {h6} vs {best}");
    let blind = Params {
        max_feedovers: 0,
        secondary_depth: 0,
        ..params
    };
    let h6_blind = value(run(&g, blind, only_h6()));
    assert!(
        h6_blind > h6 + 400,
        "without feedover h6 looks safe: {h6_blind}"
    );
}

#[test]
fn secondary_search_changes_the_move() {
    // Rxa7 wins a pawn at depth 1, but leaves the back rank: Rd1 mates. Only the
    // secondary search, two plies below, sees it.
    let g = game("3r2k1/p4ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &[]);
    let grab = mv(&g, "Rxa7");
    let params = Params {
        depth: 1,
        ..Params::mac_hack_1967_tournament()
    };
    let without = run(
        &g,
        Params {
            secondary_depth: 0,
            ..params.clone()
        },
        Limits::default(),
    );
    assert_eq!(without.best, grab);
    assert_eq!(without.stats.mac_hack().unwrap().secondary_searches, 0);
    let with = run(&g, params, Limits::default());
    assert_ne!(with.best, grab);
    let rec = with.root_moves.iter().find(|rm| rm.mv == grab).unwrap();
    assert_eq!(rec.secondary, Some(Score::Mate(-1)));
    assert!(with.stats.mac_hack().unwrap().secondary_changed_value >= 1);
    assert!(with.stats.mac_hack().unwrap().secondary_changed_move >= 1);
}

/// Root values of the searched moves with an exact value, in plausibility order.
fn exact_values(r: &SearchResult) -> Vec<(Move, i32)> {
    r.root_moves
        .iter()
        .filter(|rm| rm.bound == Some(Bound::Exact))
        .filter_map(|rm| match rm.score {
            Some(Score::Value(v)) => Some((rm.mv, v)),
            _ => None,
        })
        .collect()
}

#[test]
fn value_modifications_decide_between_equal_moves() {
    // Only king moves are possible (the pawns are locked, no queens): every line has the
    // same static value. Moving the king again two plies down costs points: 4 when it
    // returns, 2 when one move could have done it, 1 in the first eight moves.
    let fen = "4k3/8/8/p7/P7/8/8/4K3 w - - 0 5";
    let g = game(fen, &[]);
    let base = Params {
        depth: 3,
        widths: vec![99],
        secondary_depth: 0,
        ..Params::mac_hack_1967()
    };
    let flat = Params {
        poor_move: 0,
        early_second_move: 0,
        returns_to_square: 0,
        two_step_translation: 0,
        ..base.clone()
    };
    let r_flat = run(&g, flat, Limits::default());
    // Without modifications every move ties and the first (most plausible) stays best.
    let first = r_flat.root_moves.iter().find(|rm| rm.searched).unwrap().mv;
    assert_eq!(r_flat.best, first);
    let raw = match r_flat.score {
        Score::Value(v) => v,
        other => panic!("{other:?}"),
    };

    let r = run(&g, base, Limits::default());
    // The first move is searched with an open window, so its value is exact; it is
    // penalised, since its variation moves the king again.
    let values = exact_values(&r);
    assert_eq!(values[0].0, first);
    assert!(values[0].1 < raw, "{values:?}");
    // The modifications separate the tied moves: the best is the first (most plausible)
    // of those that lost least, and it never scores above the unmodified value.
    let top = values.iter().map(|&(_, v)| v).max().unwrap();
    assert_eq!(r.score, Score::Value(top));
    assert_eq!(r.best, values.iter().find(|&&(_, v)| v == top).unwrap().0);
    assert!(top <= raw);
    let distinct: std::collections::BTreeSet<i32> = values.iter().map(|&(_, v)| v).collect();
    assert!(distinct.len() > 1 || values.len() == 1, "{values:?}");
}

#[test]
fn width_extends_to_safe_checks_and_top_level_captures_only() {
    // A lively middlegame with captures and checks for White.
    let g = game(
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5",
        &["Nxe5", "Nxe5"],
    );
    let params = Params {
        depth: 2,
        widths: vec![1],
        ..Params::mac_hack_1967()
    };
    let r = run(&g, params, Limits::default());
    assert!(
        r.root_moves
            .iter()
            .any(|rm| rm.flags.contains(Flags::CAPTURE))
    );
    for (i, rm) in r.root_moves.iter().enumerate() {
        let f = rm.flags;
        let extended =
            f.contains(Flags::CAPTURE) || (f.contains(Flags::CHECK) && f.contains(Flags::SAFE));
        // Width 1: the quota is min(0, ...) = 0, so only the first move, then every
        // capture (level 1) and every safe check.
        assert_eq!(rm.searched, i == 0 || extended, "move {i}: {:?}", rm.mv);
    }
}

#[test]
fn width_meets_the_distinct_piece_quota() {
    let g = game(machack::rules::START_FEN, &["e4", "e5"]);
    for width in [2u32, 4, 6, 10] {
        let params = Params {
            depth: 1,
            widths: vec![width],
            secondary_depth: 0,
            ..Params::mac_hack_1967()
        };
        let r = run(&g, params, Limits::default());
        let mut safe_pieces: Vec<_> = r
            .root_moves
            .iter()
            .filter(|rm| rm.flags.contains(Flags::SAFE))
            .map(|rm| rm.mv.from())
            .collect();
        safe_pieces.sort();
        safe_pieces.dedup();
        let quota = (width as usize / 2).min(safe_pieces.len());
        let mut searched_pieces: Vec<_> = r
            .root_moves
            .iter()
            .filter(|rm| rm.searched)
            .map(|rm| rm.mv.from())
            .collect();
        searched_pieces.sort();
        searched_pieces.dedup();
        assert!(searched_pieces.len() >= quota, "width {width}");
        assert!(r.root_moves.iter().filter(|rm| rm.searched).count() >= width as usize);
    }
}

#[test]
fn moves_that_get_mated_do_not_count_against_the_width() {
    // Every rook move along the a-file abandons the back rank to Rd1 mate; only h3 (or
    // g3) is safe. With width 1 the search keeps going past the mated moves.
    let g = game("3r2k1/p4ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &[]);
    let candidates: Vec<Move> = ["Ra2", "Ra3", "Ra4", "h3"]
        .iter()
        .map(|m| mv(&g, m))
        .collect();
    let params = Params {
        depth: 2,
        widths: vec![1],
        secondary_depth: 0,
        ..Params::mac_hack_1967()
    };
    let r = run(
        &g,
        params,
        Limits {
            searchmoves: candidates.clone(),
            ..Limits::default()
        },
    );
    assert_eq!(r.best, candidates[3]);
    assert!(matches!(r.score, Score::Value(_)));
    for rm in &r.root_moves {
        if rm.searched && rm.mv != candidates[3] {
            assert_eq!(rm.score, Some(Score::Mate(-1)));
        }
    }
}

#[test]
fn the_same_search_twice_gives_the_same_everything() {
    let g = game(
        "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 0 7",
        &[],
    );
    let params = Params {
        depth: 3,
        ..Params::mac_hack_1967_tournament()
    };
    let mut searcher = MacHack::new(params.clone());
    let stop = AtomicBool::new(false);
    let mut twice = || {
        searcher
            .search(&g, &Limits::default(), &stop, &mut |_| {})
            .unwrap()
    };
    let a = twice();
    let b = twice();
    let c = run(&g, params, Limits::default());
    for other in [&b, &c] {
        assert_eq!(a.best, other.best);
        assert_eq!(a.score, other.score);
        assert_eq!(a.pv, other.pv);
        assert_eq!(a.stats, other.stats);
        let pvs = |r: &SearchResult| {
            r.root_moves
                .iter()
                .map(|rm| (rm.score, rm.pv.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(pvs(&a), pvs(other));
    }
    assert!(a.nodes > 100);
}

#[test]
fn a_stopped_search_still_returns_a_legal_move() {
    let g = game(
        "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 0 7",
        &[],
    );
    let params = Params {
        depth: 12,
        widths: vec![30],
        ..Params::mac_hack_1967()
    };
    // Stopped from another thread after 1 ms.
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(1));
        flag.store(true, Ordering::Relaxed);
    });
    let start = Instant::now();
    let r = run_with(&g, params.clone(), &stop);
    stopper.join().unwrap();
    assert!(start.elapsed() < Duration::from_secs(5));
    assert!(r.stopped);
    assert!(g.position().is_legal(r.best));
    assert!(legal_line(&g, &r.pv));

    // Stopped before it starts: the most plausible move.
    let stop = AtomicBool::new(true);
    let r = run_with(&g, params.clone(), &stop);
    assert!(g.position().is_legal(r.best));
    assert_eq!(r.best, r.root_moves[0].mv);

    // A deadline and a node limit stop it too.
    let r = run(
        &g,
        params.clone(),
        Limits {
            deadline: Some(Instant::now() + Duration::from_millis(1)),
            ..Limits::default()
        },
    );
    assert!(g.position().is_legal(r.best));
    let r = run(
        &g,
        params,
        Limits {
            nodes: Some(500),
            ..Limits::default()
        },
    );
    assert!(r.nodes <= 501);
    assert!(g.position().is_legal(r.best));
}

#[test]
fn no_legal_move_gives_no_result() {
    let g = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[]);
    let stop = AtomicBool::new(false);
    let r = MacHack::new(Params::mac_hack_1967_tournament()).search(
        &g,
        &Limits::default(),
        &stop,
        &mut |_| {},
    );
    assert_eq!(r.unwrap_err(), NoLegalMove);
}

#[test]
fn deep_capture_sequences_stay_within_the_ply_limit() {
    // Many pieces en prise on both sides: the capture search and feedovers can run long,
    // but never past the ply limit.
    let g = game("qqqqkqqq/qqqqqqqq/8/8/8/8/QQQQQQQQ/QQQQKQQQ w - - 0 1", &[]);
    let params = Params {
        depth: 1,
        widths: vec![3],
        ..Params::mac_hack_1967()
    };
    let r = run(
        &g,
        params,
        Limits {
            nodes: Some(200_000),
            ..Limits::default()
        },
    );
    assert!(g.position().is_legal(r.best));
    assert!(r.stats.seldepth() < machack::search::MAX_PLY as u32);
}

#[test]
fn a_sixty_ply_line_fits_in_half_a_megabyte_of_stack() {
    // Width 1 sends the first line straight down 60 plies (and captures beyond); the
    // per-node stack use must leave room for it on an ordinary spawned thread.
    let child = std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(|| {
            let g = game(machack::rules::START_FEN, &[]);
            let params = Params {
                depth: 60,
                widths: vec![1],
                secondary_depth: 0,
                ..Params::mac_hack_1967()
            };
            let r = run(
                &g,
                params,
                Limits {
                    nodes: Some(5_000),
                    ..Limits::default()
                },
            );
            assert!(g.position().is_legal(r.best));
            r.stats.seldepth()
        })
        .unwrap();
    let seldepth = child.join().expect("no stack overflow");
    assert!(seldepth >= 60, "{seldepth}");
}

#[test]
fn the_fifty_move_rule_ends_a_line_as_a_draw() {
    // A queen up, but 99 halfmoves without capture or pawn move: any quiet move draws,
    // unless it mates.
    let g = game("7k/8/8/6Q1/8/8/8/K7 w - - 99 80", &[]);
    let quiet = mv(&g, "Kb2");
    let params = Params {
        poor_move: 0,
        ..wide(2)
    };
    let only = |m: Move| Limits {
        searchmoves: vec![m],
        ..Limits::default()
    };
    assert_eq!(run(&g, params.clone(), only(quiet)).score, Score::Value(0));
    // With the clock further from 100 the win stays on the board.
    let g = game("7k/8/8/6Q1/8/8/8/K7 w - - 80 80", &[]);
    assert!(matches!(run(&g, params, only(quiet)).score, Score::Value(v) if v > 1000));
}
