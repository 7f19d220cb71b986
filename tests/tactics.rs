//! The tactical suite: positions with known answers in `tests/data/tactics.txt`.
//!
//! Line format (fields separated by `|`):
//! `name | rule | size | moves (black first) | kind | answers | line`
//! - kind `win`: the side to move has a forced win. Wuzi must report a win (a mate
//!   score) and play one of `answers` (any move if empty). `line` is the claimed winning
//!   line (attacker and defender alternating, ending in the attacker's five); the test
//!   replays it and checks, with `Board::winner` (which scans real lines and does not use
//!   the pattern tables), that it ends in five under the rule, and that every defender
//!   move in it is forced: any other legal reply lets the attacker make five at once on
//!   the line's reply point (or, at the last step, on a five point the defender may not
//!   take, a renju foul for black). Lines of this kind are VCFs (every attacker move a
//!   four).
//! - kind `defend`: Wuzi must play one of `answers`.
//! - kind `avoid`: Wuzi must not play any of `answers` (for example renju fouls).
//!
//! Solve times are measured by `cargo bench --bench tactics`, not asserted here.

mod suite;

use std::sync::atomic::AtomicBool;
use suite::{load, solve};
use wuzi::bench::parse_moves;
use wuzi::board::{Board, Cell};
use wuzi::search::{Limits, Searcher};
use wuzi::types::{is_mate, Color, Pos, Rule};

/// Replays a claimed winning line (a VCF: every attacker move a four) and checks it is
/// forced, with `winner()` as the only judge. Returns what is wrong, if anything.
fn check_line(name: &str, start: &Board, line: &[Pos]) -> Result<(), String> {
    let mut b = start.clone();
    let attacker = b.side_to_move();
    if line.len().is_multiple_of(2) {
        return Err(format!("{name}: a line ends with the attacker's move"));
    }
    for (k, &m) in line.iter().enumerate() {
        if !b.is_legal(m) {
            return Err(format!("{name}: line move {k} ({m}) is not legal"));
        }
        if k % 2 == 1 {
            // Defender's move m must be forced. Normally m is the five point of the
            // attacker's four: after any other legal reply r the attacker makes five on
            // m at once. At the last step the attacker may instead have a five point the
            // defender may not take (a renju foul for black): then every legal reply r
            // loses to the attacker's final move. No reply may give the defender a five.
            let next = line[k + 1];
            let last = k + 2 == line.len();
            let foul_block = last && !b.is_legal(next);
            let point = if foul_block { next } else { m };
            for y in 0..b.height() as u8 {
                for x in 0..b.width() as u8 {
                    let r = Pos::new(x, y);
                    if b.cell(r) != Some(Cell::Empty) || !b.is_legal(r) {
                        continue;
                    }
                    let mut t = b.clone();
                    t.play(r).unwrap();
                    if t.winner().is_some() {
                        return Err(format!("{name}: defender reply {r} makes five"));
                    }
                    if r != point {
                        t.play(point).unwrap();
                        if t.winner() != Some(attacker) {
                            return Err(format!(
                                "{name}: defender {r} instead of {m} does not lose at once"
                            ));
                        }
                    }
                }
            }
        }
        b.play(m).unwrap();
        if k + 1 < line.len() && b.winner().is_some() {
            return Err(format!("{name}: the game ended early at move {k}"));
        }
    }
    if b.winner() != Some(attacker) {
        return Err(format!("{name}: the line does not end in five"));
    }
    Ok(())
}

#[test]
fn claimed_lines_are_forced_fives() {
    let cases = load();
    assert!(cases.len() >= 10, "suite too small: {}", cases.len());
    let mut checked = 0;
    for c in cases
        .iter()
        .filter(|c| c.kind == "win" && !c.line.is_empty())
    {
        if let Err(e) = check_line(&c.name, &c.board, &c.line) {
            panic!("{e}");
        }
        checked += 1;
    }
    assert!(checked >= 12, "only {checked} lines checked");
}

#[test]
fn wuzi_solves_the_suite() {
    let failures: Vec<String> = load()
        .iter()
        .filter_map(|c| {
            let (r, ok) = solve(c);
            (!ok).then(|| {
                format!(
                    "{}: played {} score {} ({})",
                    c.name, r.best, r.score, c.kind
                )
            })
        })
        .collect();
    assert!(failures.is_empty(), "unsolved:\n{}", failures.join("\n"));
}

/// Generator (run by hand): plays short self-play games from random openings and prints
/// positions where the side to move has a VCF, with the line found by Wuzi. Candidates
/// are then checked by `claimed_lines_are_forced_fives` before they go in the suite.
/// `cargo test --release --test tactics -- --ignored --nocapture generate`
#[test]
#[ignore]
fn generate() {
    let stop = AtomicBool::new(false);
    let mut seed: u64 = 0x1234_5678;
    let mut rnd = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let only = std::env::var("WUZI_GEN_RULE").ok();
    for &rule in &[Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
        if only.as_deref().is_some_and(|o| o != rule.name()) {
            continue;
        }
        let mut printed = 0;
        for _game in 0..40 {
            if printed >= 4 {
                break;
            }
            let mut b = Board::new(15, 15, rule);
            b.play(Pos::new(7, 7)).unwrap();
            for _ in 0..2 {
                let p = Pos::new(5 + rnd(5) as u8, 5 + rnd(5) as u8);
                let _ = b.play(p);
            }
            let mut s = Searcher::new(16 << 20);
            for _ply in 0..60 {
                if b.winner().is_some() || b.is_full() {
                    break;
                }
                let r = s
                    .search(
                        &b,
                        &Limits {
                            nodes: Some(40_000),
                            ..Limits::depth(6)
                        },
                        &stop,
                    )
                    .unwrap();
                if r.depth == 0 && is_mate(r.score) && r.score > 0 && r.score < 29990 {
                    // Found by the VCF solver: print the position and play the line out.
                    let moves: Vec<String> =
                        b.history().iter().map(|(p, _)| p.to_string()).collect();
                    let mut t = b.clone();
                    let mut line = Vec::new();
                    while t.winner().is_none() && line.len() < 40 {
                        let rr = s.search(&t, &Limits::depth(4), &stop).unwrap();
                        line.push(rr.best.to_string());
                        t.play(rr.best).unwrap();
                    }
                    let side = if b.side_to_move() == Color::Black {
                        "black"
                    } else {
                        "white"
                    };
                    let proof: Vec<Pos> = parse_moves(&line.join(" "));
                    if let Err(e) = check_line("candidate", &b, &proof) {
                        // Not provable as a single line (e.g. a caro defence past the
                        // five point leaves the defender a choice): skip it.
                        println!("skipped: {e}");
                        b.play(r.best).unwrap();
                        continue;
                    }
                    println!(
                        "gen-{}-{} | {} | 15 | {} | win | {} | {}   # {side} to move, score {}",
                        rule.name(),
                        printed,
                        rule.code(),
                        moves.join(" "),
                        r.best,
                        line.join(" "),
                        r.score
                    );
                    printed += 1;
                    break;
                }
                b.play(r.best).unwrap();
            }
        }
    }
}
