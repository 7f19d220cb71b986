//! Solve times of the tactical suite: `cargo bench --bench tactics [-- RUNS]`.
//!
//! Each position gets the same search as `tests/tactics.rs` (a fresh 16 MB table, depth
//! 12, at most 3M nodes), RUNS times (default 5); the median wall time, the nodes and
//! the depth are printed per position, with whether the answer was right. Times are
//! reported, never asserted: this machine is shared and noisy.

#[path = "../tests/suite/mod.rs"]
mod suite;

use std::time::Instant;

fn main() {
    // `cargo bench` passes `--bench`; the first number given is the run count.
    let runs: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(5)
        .max(1);
    let cases = suite::load();
    println!(
        "{:<26} {:>6} {:>6} {:>10} {:>5} {:>11}  ({runs} runs each, median time)",
        "position", "kind", "solved", "nodes", "depth", "time ms"
    );
    let mut medians = Vec::new();
    let mut solved = 0;
    for c in &cases {
        let mut times = Vec::new();
        let mut last = None;
        for _ in 0..runs {
            let t = Instant::now();
            let (r, ok) = suite::solve(c);
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            last = Some((r, ok));
        }
        let (r, ok) = last.expect("at least one run");
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        medians.push(median);
        solved += usize::from(ok);
        println!(
            "{:<26} {:>6} {:>6} {:>10} {:>5} {:>11.2}",
            c.name,
            c.kind,
            if ok { "yes" } else { "NO" },
            r.nodes,
            r.depth,
            median
        );
    }
    medians.sort_by(f64::total_cmp);
    let total: f64 = medians.iter().sum();
    println!(
        "solved {solved} of {}; median of the medians {:.2} ms, largest {:.2} ms, sum {:.1} ms",
        cases.len(),
        medians[medians.len() / 2],
        medians[medians.len() - 1],
        total
    );
}
