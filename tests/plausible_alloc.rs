//! The plausible move generator allocates nothing (a hot path, BRIEF): counted with a
//! global allocator around `generate` at every search level, tracing off. Only this test's
//! thread is counted (the test harness allocates on its own threads), and one call warms
//! up before counting so that lazily built tables are not taken for per-node work.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use machack::attack::Analysis;
use machack::plausible::{self, Context, PlausibleList};
use machack::rules::parse_fen;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn generate_allocates_nothing() {
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ];
    let positions: Vec<_> = fens.iter().map(|f| parse_fen(f).unwrap().0).collect();
    let analyses: Vec<_> = positions.iter().map(Analysis::new).collect();
    let mut list = PlausibleList::new();
    plausible::generate(&positions[0], &analyses[0], &Context::default(), &mut list);
    for level in 1..=4 {
        let ctx = Context {
            level,
            ..Context::default()
        };
        let before = ALLOCATIONS.with(Cell::get);
        for (pos, analysis) in positions.iter().zip(&analyses) {
            plausible::generate(pos, analysis, &ctx, &mut list);
            assert!(!list.is_empty());
        }
        let after = ALLOCATIONS.with(Cell::get);
        assert_eq!(after, before, "generate allocated at level {level}");
    }
}
