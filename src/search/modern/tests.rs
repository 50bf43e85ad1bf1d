//! Tests of the whole modern search: it finds mates, plays only legal lines, keeps its
//! limits and scores draws by docs/design.md §10's search rule.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use shakmaty::{Chess, Move, Position};

use super::Searcher;
use super::value::to_score;
use crate::rules::Game;
use crate::rules::testing::{pos, stopped_after, uci};
use crate::score::Score;
use crate::search::limits::Limits;
use crate::search::result::SearchResult;

fn game(fen: &str) -> Game {
    Game::new(pos(fen))
}

fn to_depth(g: &Game, depth: u32) -> SearchResult {
    let stop = AtomicBool::new(false);
    let limits = Limits::to_depth(depth);
    Searcher::new(4)
        .run(g, &limits, 0, &stop, &mut |_| {})
        .unwrap()
}

/// Every move of the line is legal from `pos`.
fn legal_line(pos: &Chess, line: &[Move]) -> bool {
    let mut p = pos.clone();
    line.iter().all(|&m| {
        let ok = p.is_legal(m);
        if ok {
            p.play_unchecked(m);
        }
        ok
    })
}

#[test]
fn finds_mates_in_one_two_and_three() {
    let cases = [
        // Back-rank mate in one.
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, "a1a8"),
        // Rook ladder, mate in two (Ra7 or Rb7 first).
        ("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", 2, ""),
        // Two rooks from further away, mate in three (several first moves).
        ("k7/8/8/8/8/8/8/2R1R1K1 w - - 0 1", 3, ""),
    ];
    for (fen, n, first) in cases {
        let g = game(fen);
        let r = to_depth(&g, 2 * n as u32 + 1);
        assert_eq!(r.score, Score::Mate(n), "{fen}");
        if !first.is_empty() {
            assert_eq!(r.best, uci(g.position(), first), "{fen}");
        }
        assert!(legal_line(g.position(), &r.pv), "{fen}: {:?}", r.pv);
        let mut end = g.position().clone();
        r.pv.iter().for_each(|&m| end.play_unchecked(m));
        assert!(end.is_checkmate(), "{fen}: the line ends in mate");
    }
}

#[test]
fn sees_being_mated() {
    // Black to move is mated next move whatever it does.
    let g = game("7k/8/6KQ/8/8/8/8/8 b - - 0 1");
    let r = to_depth(&g, 4);
    assert_eq!(r.score, Score::Mate(-1));
}

#[test]
fn every_principal_variation_is_legal() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 0 7",
    ] {
        let g = game(fen);
        let stop = AtomicBool::new(false);
        let limits = Limits::to_depth(7);
        let mut infos = Vec::new();
        let r = Searcher::new(4)
            .run(&g, &limits, 0, &stop, &mut |i| infos.push(i.clone()))
            .unwrap();
        assert!(!infos.is_empty());
        for i in &infos {
            assert!(legal_line(g.position(), &i.pv), "{fen}: {:?}", i.pv);
        }
        assert_eq!(r.pv.first(), Some(&r.best));
        assert_eq!(r.depth, 7);
        assert!(!r.stopped);
    }
}

#[test]
fn the_stop_flag_ends_the_search_with_a_legal_move() {
    let g = game("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let start = Instant::now();
    let r = stopped_after(Duration::from_millis(100), |stop| {
        Searcher::new(4).run(&g, &Limits::default(), 0, stop, &mut |_| {})
    })
    .unwrap();
    assert!(start.elapsed() < Duration::from_secs(5));
    assert!(r.stopped);
    assert!(g.position().is_legal(r.best));
}

#[test]
fn the_node_budget_and_deadline_are_kept() {
    let g = game("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let stop = AtomicBool::new(false);
    for budget in [1, 100, 5_000, 50_000] {
        let limits = Limits {
            nodes: Some(budget),
            ..Limits::default()
        };
        let r = Searcher::new(1)
            .run(&g, &limits, 0, &stop, &mut |_| {})
            .unwrap();
        assert!(r.nodes <= budget, "{} > {budget}", r.nodes);
        assert!(g.position().is_legal(r.best));
    }
    let limits = Limits {
        deadline: Some(Instant::now() + Duration::from_millis(50)),
        ..Limits::default()
    };
    let start = Instant::now();
    let r = Searcher::new(1).run(&g, &limits, 0, &stop, &mut |_| {});
    assert!(start.elapsed() < Duration::from_millis(500));
    assert!(r.is_some_and(|r| r.stopped));
}

#[test]
fn no_result_without_a_legal_move() {
    let stop = AtomicBool::new(false);
    let mated = game("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    let r = Searcher::new(1).run(&mated, &Limits::default(), 0, &stop, &mut |_| {});
    assert!(r.is_none());
}

#[test]
fn searchmoves_restrict_the_root() {
    let g = game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    let only = uci(g.position(), "g1f2");
    let stop = AtomicBool::new(false);
    let limits = Limits {
        searchmoves: vec![only],
        ..Limits::to_depth(3)
    };
    let r = Searcher::new(1)
        .run(&g, &limits, 0, &stop, &mut |_| {})
        .unwrap();
    assert_eq!(r.best, only);
}

/// Plays a line of UCI moves from the start.
fn after(moves: &str) -> Game {
    let mut g = Game::default();
    for text in moves.split_whitespace() {
        let m = uci(g.position(), text);
        assert!(g.play(m));
    }
    g
}

/// Whether the search scores the end of `line`, played from the current position of
/// `game`, as a draw by the rules (and with which value, `draw` being the root's).
fn draw_after(game: &Game, line: &str, draw: i32) -> Option<i32> {
    let stop = AtomicBool::new(false);
    let mut s = Searcher::new(1);
    let limits = Limits::default();
    let nodes = std::sync::atomic::AtomicU64::new(0);
    let (shared, main, _) = s.split(game, &limits, draw, Instant::now(), &nodes);
    let mut w = shared.worker(main, &stop, 0);
    let mut pos = game.position().clone();
    let mut key = game.key();
    for text in line.split_whitespace() {
        let m = uci(&pos, text);
        let before = pos.clone();
        pos.play_unchecked(m);
        key = crate::rules::key_after(&before, key, m, &pos);
        w.history.push(&pos, key);
    }
    w.rule_draw(&pos, line.split_whitespace().count())
}

#[test]
fn repetitions_are_scored_by_the_search_rule() {
    let round_trip = "g1f3 g8f6 f3g1 f6g8";
    // The root (the start) occurred once before it: coming back is its third occurrence.
    assert_eq!(draw_after(&after(round_trip), round_trip, 7), Some(7));
    // From a fresh start, coming back to the root is only its second occurrence...
    assert_eq!(draw_after(&Game::default(), round_trip, 7), None);
    // ...but the position after 1. Nf3, first reached after the root, repeats at once
    // (and a draw at an odd ply is worth the opposite to the side to move there).
    let longer = "g1f3 g8f6 f3g1 f6g8 g1f3";
    assert_eq!(draw_after(&Game::default(), longer, 7), Some(-7));
}

#[test]
fn a_perpetual_check_saves_a_lost_position() {
    // White is a rook down and faces mate, but has a perpetual check with the queen: the
    // search must find the repetition (positions first reached after the root) and score
    // the draw value.
    let g = game("8/5Qpk/8/8/8/rq6/5PPP/6K1 w - - 0 1");
    let stop = AtomicBool::new(false);
    let limits = Limits::to_depth(8);
    let r = Searcher::new(4)
        .run(&g, &limits, -20, &stop, &mut |_| {})
        .unwrap();
    assert_eq!(r.score, to_score(-20));
    let mut after = g.position().clone();
    after.play_unchecked(r.best);
    assert!(after.is_check());
}

#[test]
fn the_fifty_move_rule_applies_in_search_unless_mated() {
    let stop = AtomicBool::new(false);
    let limits = Limits::to_depth(3);
    // Every move is quiet: whatever White plays completes the hundredth halfmove.
    let g = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    let r = Searcher::new(1)
        .run(&g, &limits, -300, &stop, &mut |_| {})
        .unwrap();
    assert_eq!(r.score, to_score(-300));
    // A mate on the hundredth halfmove is a mate.
    let g = game("k7/8/1K6/8/8/8/8/7R w - - 99 80");
    let r = Searcher::new(1)
        .run(&g, &limits, 2000, &stop, &mut |_| {})
        .unwrap();
    assert_eq!(r.score, Score::Mate(1));
}

#[test]
fn the_same_search_twice_counts_the_same_nodes() {
    let g = game("r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 0 7");
    let a = to_depth(&g, 8);
    let b = to_depth(&g, 8);
    assert_eq!((a.nodes, a.best, a.score), (b.nodes, b.best, b.score));
}

#[test]
fn clear_and_resize_keep_the_searcher_usable() {
    let g = Game::default();
    let stop = AtomicBool::new(false);
    let limits = Limits::to_depth(4);
    let mut s = Searcher::new(2);
    let first = s.run(&g, &limits, 0, &stop, &mut |_| {}).unwrap();
    s.clear();
    let again = s.run(&g, &limits, 0, &stop, &mut |_| {}).unwrap();
    assert_eq!(first.nodes, again.nodes, "clear forgets everything");
    s.resize(3);
    assert_eq!(s.tt.mib(), 3);
    assert!(s.run(&g, &limits, 0, &stop, &mut |_| {}).is_some());
}

#[test]
fn a_cut_search_keeps_the_last_complete_lines_best_move_first() {
    use crate::search::interface::{Search, Settings};
    let g = Game::default();
    let stop = AtomicBool::new(false);
    let mut s = Searcher::new(4);
    s.configure(&Settings {
        multipv: 3,
        ..Settings::default()
    });
    let limits = Limits {
        nodes: Some(30_000),
        ..Limits::default()
    };
    let r = s.search(&g, &limits, &stop, &mut |_| {}).unwrap();
    assert!(r.stopped);
    assert_eq!(r.lines.len(), 3);
    assert_eq!((r.lines[0].score, &r.lines[0].pv), (r.score, &r.pv));
    let firsts: Vec<Move> = r.lines.iter().map(|l| l.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    assert!(r.lines.iter().all(|l| legal_line(g.position(), &l.pv)));
}

#[test]
fn the_statistics_count_every_step_and_repeat_exactly() {
    let g = game("r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 0 7");
    let r = to_depth(&g, 9);
    let s = *r.stats.modern().expect("the modern figures");
    assert_eq!(s.nodes, r.nodes);
    assert!(
        s.quiescence_nodes > 0 && s.quiescence_nodes < s.nodes,
        "{s:?}"
    );
    assert!(s.tt_probes >= s.tt_hits && s.tt_hits >= s.tt_cutoffs && s.tt_cutoffs > 0);
    assert!(s.null_move_tries >= s.null_move_cutoffs && s.null_move_cutoffs > 0);
    assert!(s.lmr_reductions >= s.lmr_re_searches && s.lmr_re_searches > 0);
    assert!(s.beta_cutoffs >= s.first_move_cutoffs && s.first_move_cutoffs > 0);
    let pruned = s.reverse_futility_prunes + s.futility_prunes + s.late_move_prunes;
    assert!(pruned > 0 && s.evaluations > 0 && s.hashfull > 0, "{s:?}");
    assert!(s.razor_prunes > 0 && s.check_extensions > 0, "{s:?}");
    assert!(s.seldepth >= 9, "{s:?}");
    assert!(r.stats.mac_hack().is_none(), "no 1967 counters");
    // One thread counts the same every run.
    assert_eq!(to_depth(&g, 9).stats, r.stats);
}

#[test]
fn the_record_has_every_root_move_of_the_last_iteration_best_first() {
    let g = Game::default();
    let r = to_depth(&g, 7);
    let record = r.root_moves;
    assert_eq!(record.len(), 20);
    assert_eq!((record[0].mv, record[0].score), (r.best, Some(r.score)));
    assert_eq!(record[0].bound, Some(crate::search::Bound::Exact));
    assert_eq!(record[0].pv, r.pv);
    let mut orders: Vec<u32> = record.iter().filter_map(|rm| rm.order).collect();
    orders.sort_unstable();
    assert_eq!(orders, (1..=20).collect::<Vec<_>>());
    for rm in &record {
        assert_eq!(rm.depth, Some(7));
        assert!(rm.nodes > Some(0) && rm.pv[0] == rm.mv, "{rm:?}");
        assert!(legal_line(g.position(), &rm.pv));
    }
    let spent: u64 = record.iter().filter_map(|rm| rm.nodes).sum();
    assert!(spent < r.nodes, "{spent} of {}", r.nodes);
    // Below the best, by value: each at most the best's (a bound, as alpha-beta leaves it).
    assert!(
        record
            .windows(2)
            .skip(1)
            .all(|w| w[0].score.map(Score::value) >= w[1].score.map(Score::value))
    );
    assert!(
        record[1..]
            .iter()
            .all(|rm| rm.score.map(Score::value) <= Some(r.score.value()))
    );
}

#[test]
fn a_search_stopped_in_its_first_iteration_records_nothing() {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(5),
        ..Limits::default()
    };
    let r = Searcher::new(1)
        .run(&Game::default(), &limits, 0, &stop, &mut |_| {})
        .unwrap();
    assert!(r.stopped && r.root_moves.is_empty());
}

#[test]
fn a_search_stopped_in_an_iteration_records_the_move_it_answers_with() {
    // Node budgets that stop the search part-way through an iteration, in positions where
    // a later iteration changes its mind: whatever the answer, its record's first row is
    // that move with the same value and line, and the row says which iteration made it.
    let fens = [
        "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 0 7",
        "r2qkb1r/pp2pppp/2np1n2/8/3NP1b1/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ];
    let mut partial = 0;
    for fen in fens {
        let g = game(fen);
        for nodes in (1..=20).map(|k| k * 1500) {
            let limits = Limits {
                nodes: Some(nodes),
                ..Limits::default()
            };
            let stop = AtomicBool::new(false);
            let r = Searcher::new(1)
                .run(&g, &limits, 0, &stop, &mut |_| {})
                .unwrap();
            let Some(first) = r.root_moves.first() else {
                continue;
            };
            assert_eq!(first.mv, r.best, "{fen} at {nodes} nodes");
            assert_eq!(first.score, Some(r.score), "{fen} at {nodes} nodes");
            assert_eq!(first.pv, r.pv, "{fen} at {nodes} nodes");
            assert!(
                r.root_moves[1..].iter().all(|rm| rm.mv != r.best),
                "{fen} at {nodes} nodes: one row a move"
            );
            if first.depth > Some(r.depth) {
                partial += 1;
            }
        }
    }
    assert!(
        partial > 0,
        "some budget ended an iteration that had a value"
    );
}
