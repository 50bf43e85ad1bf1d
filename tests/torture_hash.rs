//! Hash-table torture: the search with a table of a few dozen slots that checks only 8
//! bits of the key (`Params::hash_check_bits`), so that false hits — another position's
//! value and move taken for this one — happen all the time. They may cost strength; they
//! must never cost legality: every best move, ponder move and principal variation stays
//! legal, over the bench positions and over seeded self-play games.

use std::sync::atomic::AtomicBool;

use machack::notation::uci;
use machack::rules::{Game, parse_fen};
use machack::search::bench::BENCH_POSITIONS;
use machack::search::mac_hack::{MacHack, Params};
use machack::search::{Limits, Search, SearchResult};
use shakmaty::{Chess, Position};

#[path = "common/rng.rs"]
mod rng;
use rng::Rng;

/// The torture setting: 8 bits of key check, 61 slots, kept between searches.
fn tortured(depth: u32, widths: Vec<u32>) -> Params {
    Params {
        depth,
        widths,
        hash_entries: 61,
        hash_check_bits: 8,
        keep_hash: true,
        ..Params::mac_hack_1967()
    }
}

/// Asserts that the result's best move, ponder move and whole PV are legal from `pos`.
fn assert_legal(pos: &Chess, r: &SearchResult, what: &str) {
    assert!(
        pos.is_legal(r.best),
        "{what}: best move {} is illegal",
        uci(r.best)
    );
    let mut line = pos.clone();
    for (i, &m) in r.pv.iter().enumerate() {
        assert!(
            line.is_legal(m),
            "{what}: PV move {i} ({}) is illegal; PV {:?}",
            uci(m),
            r.pv.iter().map(|&m| uci(m)).collect::<Vec<_>>()
        );
        line.play_unchecked(m);
    }
    if let Some(p) = r.ponder {
        let mut after = pos.clone();
        after.play_unchecked(r.best);
        assert!(
            after.is_legal(p),
            "{what}: ponder move {} is illegal",
            uci(p)
        );
    }
}

fn search(s: &mut MacHack, game: &Game) -> Option<SearchResult> {
    let stop = AtomicBool::new(false);
    s.search(game, &Limits::default(), &stop, &mut |_| {}).ok()
}

#[test]
fn bench_positions_under_eight_bit_keys() {
    let mut s = MacHack::new(tortured(4, vec![6]));
    let mut hits = 0;
    // Twice round, the table full of the other positions' entries the second time.
    for (i, fen) in BENCH_POSITIONS.iter().chain(BENCH_POSITIONS).enumerate() {
        let (pos, _) = parse_fen(fen).unwrap_or_else(|e| panic!("bench FEN {i}: {e}"));
        let game = Game::new(pos.clone());
        let r = search(&mut s, &game).unwrap_or_else(|| panic!("bench {i} has moves"));
        assert_legal(&pos, &r, &format!("bench {i} {fen}"));
        hits += r.stats.mac_hack().unwrap().hash_hits;
    }
    eprintln!("bench under torture: {hits} hash hits");
    assert!(hits > 40, "only {hits} hash hits: the torture did not bite");
}

#[test]
fn self_play_under_eight_bit_keys() {
    const GAMES: u64 = 24;
    const PLIES: usize = 120;
    let mut s = MacHack::new(tortured(2, vec![4]));
    let mut searched = 0;
    let mut hits = 0;
    for g in 0..GAMES {
        let mut rng = Rng(0xb0a7_d00d ^ ((g + 1) * 0x9e37_79b9));
        let mut game = Game::default();
        // A random opening of 2–7 plies so the games differ.
        for _ in 0..2 + rng.next() % 6 {
            let moves = game.position().legal_moves();
            let m = moves[(rng.next() % moves.len() as u64) as usize];
            assert!(game.play(m));
        }
        while game.moves().len() < PLIES {
            let pos = game.position().clone();
            if pos.is_game_over() {
                break;
            }
            let Some(r) = search(&mut s, &game) else {
                break;
            };
            assert_legal(&pos, &r, &format!("game {g} ply {}", game.moves().len()));
            assert!(game.play(r.best), "game {g}: the best move did not play");
            searched += 1;
            hits += r.stats.mac_hack().unwrap().hash_hits;
        }
    }
    eprintln!("self-play under torture: {searched} searches, {hits} hash hits");
    assert!(searched > 1000, "only {searched} searches");
    assert!(
        hits > 1000,
        "only {hits} hash hits: the torture did not bite"
    );
}
