//! The late-move reductions' table (step 10 of the search): how many plies shallower a
//! move is first searched, by the depth and the move's place in the order, computed once
//! per searcher from the parameters.

use super::params::Params;

/// Late-move reductions by depth and move number, `base + ln(depth) · ln(n) / divisor`
/// plies, computed once.
#[derive(Debug, Clone)]
pub struct Reductions(Vec<[u8; 64]>);

impl Reductions {
    pub fn new(p: &Params) -> Reductions {
        let table = (0..64)
            .map(|d| {
                std::array::from_fn(|n| {
                    if d == 0 || n == 0 {
                        return 0;
                    }
                    let r = p.lmr_base + (d as f64).ln() * (n as f64).ln() / p.lmr_divisor;
                    r.max(0.0) as u8
                })
            })
            .collect();
        Reductions(table)
    }

    /// The reduction of the move searched `n`-th (from 0) at `depth`.
    #[inline]
    pub fn get(&self, depth: i32, n: usize) -> i32 {
        i32::from(self.0[depth.clamp(0, 63) as usize][n.min(63)])
    }
}
