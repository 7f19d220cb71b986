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
//! - kind `vct`: the side to move wins with threes and fours (and has no VCF). Wuzi must
//!   report a win and play one of `answers` or another move the prover shows wins. The
//!   win itself is proved by `vct_wins_are_proved`: `suite::Prover` tries every legal
//!   defender reply and reads fives from the stones alone; Wuzi only proposes the
//!   attacker's moves, so a wrong proposal fails the proof and never passes it.
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
use wuzi::types::{is_mate, Color, Pos, Rule, XorShift};

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
            let (r, mut ok) = solve(c);
            if !ok && c.kind == "vct" && r.score > 0 && is_mate(r.score) {
                // Another first move than the listed one: accepted if it is proved.
                let mut prover = suite::Prover::wuzi();
                let mut b = c.board.clone();
                b.play(r.best).unwrap();
                ok = prover.defender_loses(&mut b, 30).is_ok();
            }
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
    let mut rng = XorShift(0x1234_5678);
    let mut rnd = |n: u64| rng.below(n as usize) as u64;
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

/// Every `vct` case is a forced win: the prover walks every legal defender reply (see
/// `suite::Prover`), with Wuzi's search proposing the attacker's moves.
#[test]
fn vct_wins_are_proved() {
    let cases = load();
    let vct: Vec<_> = cases.iter().filter(|c| c.kind == "vct").collect();
    assert!(vct.len() >= 8, "only {} vct cases", vct.len());
    for c in vct {
        let mut prover = suite::Prover::wuzi();
        let mut b = c.board.clone();
        if let Err(e) = prover.attacker_wins(&mut b, 30) {
            panic!("{}: not proved: {e}", c.name);
        }
    }
}

/// Generator of VCT positions (run by hand): short self-play games from random
/// openings; a position goes in when Wuzi's root VCT finds a win, its VCF solver alone
/// does not, and the prover checks the win.
/// `WUZI_GEN_SIZE=20 cargo test --release --test tactics -- --ignored --nocapture generate_vct`
#[test]
#[ignore]
fn generate_vct() {
    let stop = AtomicBool::new(false);
    let size: usize = std::env::var("WUZI_GEN_SIZE").map_or(15, |s| s.parse().unwrap());
    let per_rule: usize = std::env::var("WUZI_GEN_COUNT").map_or(3, |s| s.parse().unwrap());
    let mut rng =
        XorShift(std::env::var("WUZI_GEN_SEED").map_or(0x9e37_79b9, |s| s.parse().unwrap()));
    let mut rnd = |n: u64| rng.below(n as usize) as u64;
    let rules: &[Rule] = if size == 15 {
        &[Rule::Freestyle, Rule::Standard, Rule::Renju]
    } else {
        &[Rule::Freestyle]
    };
    let c = (size / 2) as u8;
    let only = std::env::var("WUZI_GEN_RULE").ok();
    for &rule in rules {
        if only.as_deref().is_some_and(|o| o != rule.name()) {
            continue;
        }
        let mut printed = 0;
        for _game in 0..60 {
            if printed >= per_rule {
                break;
            }
            let mut b = Board::new(size, size, rule);
            b.play(Pos::new(c, c)).unwrap();
            for _ in 0..3 {
                let p = Pos::new(c - 2 + rnd(5) as u8, c - 2 + rnd(5) as u8);
                let _ = b.play(p);
            }
            let mut player = Searcher::new(16 << 20);
            let mut vcf_only = Searcher::new(16 << 20);
            let mut params = *vcf_only.params();
            params.root_vct_threats = 0;
            vcf_only.set_params(params);
            let mut vct = suite::oracle_searcher();
            for _ply in 0..80 {
                if b.winner().is_some() || b.is_full() {
                    break;
                }
                let quick = Limits::depth(1);
                let f = vcf_only.search(&b, &quick, &stop).unwrap();
                let t = vct.search(&b, &quick, &stop).unwrap();
                let solved = |r: &wuzi::search::SearchResult| {
                    r.depth == 0 && is_mate(r.score) && r.score > 0
                };
                if solved(&t) && !solved(&f) {
                    let mut prover = suite::Prover::wuzi();
                    let mut t2 = b.clone();
                    let moves: Vec<String> =
                        b.history().iter().map(|(p, _)| p.to_string()).collect();
                    match prover.attacker_wins(&mut t2, 30) {
                        Ok(()) => {
                            println!(
                                "vct-{}{}-{} | {} | {size} | {} | vct | {} |   # proved, {} attacker nodes",
                                rule.name(),
                                if size == 15 { String::new() } else { size.to_string() },
                                printed,
                                rule.code(),
                                moves.join(" "),
                                t.best,
                                prover.nodes
                            );
                            printed += 1;
                            break;
                        }
                        Err(e) => println!("# not proved: {} | {e}", moves.join(" ")),
                    }
                }
                let r = player
                    .search(
                        &b,
                        &Limits {
                            nodes: Some(30_000),
                            ..Limits::depth(6)
                        },
                        &stop,
                    )
                    .unwrap();
                b.play(r.best).unwrap();
            }
        }
    }
}

/// The prover is a real check: an attacker move that does not win, or a position that
/// is not won, is rejected.
#[test]
fn the_prover_rejects_what_is_not_won() {
    let case = load()
        .into_iter()
        .find(|c| c.name == "free-double-three")
        .unwrap();
    // The winning double three at 7,7, through Wuzi's search: proved.
    let mut prover = suite::Prover::wuzi();
    prover
        .attacker_wins(&mut case.board.clone(), 10)
        .expect("the double three wins");
    // The same position with an oracle that plays far away: not proved.
    let mut prover = suite::Prover::new(|b: &Board| {
        [Pos::new(0, 7), Pos::new(14, 7), Pos::new(0, 8)]
            .into_iter()
            .find(|&p| b.is_legal(p))
    });
    prover.max_nodes = 20;
    assert!(prover.attacker_wins(&mut case.board.clone(), 10).is_err());
    // White to move after black's double three can still not be proved a win for white.
    let mut b = case.board.clone();
    b.play(Pos::new(7, 7)).unwrap();
    let mut prover = suite::Prover::wuzi();
    prover.max_nodes = 20;
    assert!(prover.attacker_wins(&mut b, 10).is_err());
    // And every white reply there loses: the defender's side of the same proof.
    let mut prover = suite::Prover::wuzi();
    prover.defender_loses(&mut b, 10).expect("white loses");
}

/// `makes_five` follows the rule: six wins in freestyle only, and renju black needs
/// exactly five while white may make more.
#[test]
fn makes_five_follows_the_rule() {
    for (rule, black_six, white_six) in [
        (Rule::Freestyle, true, true),
        (Rule::Standard, false, false),
        (Rule::Renju, false, true),
    ] {
        for (c, expect) in [(Color::Black, black_six), (Color::White, white_six)] {
            let mut b = Board::new(15, 15, rule);
            for x in [1u8, 2, 3, 5, 6] {
                b.place(Pos::new(x, 7), c).unwrap();
            }
            assert_eq!(
                suite::makes_five(&b, Pos::new(4, 7), c),
                expect,
                "{rule:?} {c:?} six"
            );
            assert!(!suite::makes_five(&b, Pos::new(4, 7), c.opp()));
            assert!(!suite::makes_five(&b, Pos::new(4, 8), c));
            b.place(Pos::new(1, 7), c).unwrap_err();
            // x=2..6 with 4 filled is a five in every rule: take 1 away.
            b.remove(Pos::new(1, 7)).unwrap();
            assert!(
                suite::makes_five(&b, Pos::new(4, 7), c),
                "{rule:?} {c:?} five"
            );
        }
    }
}
