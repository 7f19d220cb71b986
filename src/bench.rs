//! `pbrain-wuzi bench`: fixed positions searched to a fixed depth on one thread with a
//! fixed table size. The total node count is the engine's signature: it changes only
//! when search behaviour changes (quote it as `Bench: N` in such commits).
//!
//! `pbrain-wuzi bench [depth=N] [nodes=N] [movetime=MS] [rule=R] [only=NAME]
//! [file=PATH]`: with `nodes` or `movetime`, each position is searched with that node
//! budget (deterministic) or for that long instead, and the depth reached is reported.
//! `rule=R` (a Gomocup rule number) plays every position's moves under that rule
//! instead of its own, to compare the rules' trees on the same stones. `file=PATH`
//! searches the positions listed in a file instead, one a line as `NAME SIZE RULE
//! MOVES` (RULE a Gomocup rule number, MOVES `x,y` black first; `#` starts a comment):
//! a wider sample than the built-in seven, for judging a change to the tree's size,
//! which varies a lot from one position to the next. `only=NAME` searches only the
//! positions (built-in or from the file) whose name starts with `NAME`, to profile or
//! time one of them, or one rule's part of a file.
//! `evaluator=E` evaluates with `classical` (the default), `net` or a weight file.
//! `threads=N` searches on N threads (Lazy SMP; the node count then varies from run to
//! run, and is the sum over the threads). `NAME=V` sets a search tunable (a `Params` field) for a quick look at its effect.

use crate::board::Board;
use crate::eval::Evaluation;
use crate::search::{Limits, Params, Searcher};
use crate::types::{Pos, Rule};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Default bench depth.
pub const DEPTH: i32 = 7;
/// Table size used by bench unless `hash=MB` asks for another (the node count of the
/// signature is for this size).
pub const TT_BYTES: usize = 16 << 20;

/// One bench position: size, rule and the moves from the start, black first.
pub struct BenchPosition {
    pub name: &'static str,
    pub size: usize,
    pub rule: Rule,
    pub moves: &'static str,
}

/// The bench positions: every rule, sizes 15 and 20, openings and middle games.
pub const POSITIONS: &[BenchPosition] = &[
    BenchPosition {
        name: "free15-opening",
        size: 15,
        rule: Rule::Freestyle,
        moves: "7,7 8,8 8,6",
    },
    BenchPosition {
        name: "free15-middle",
        size: 15,
        rule: Rule::Freestyle,
        moves: "7,7 5,5 7,5 7,4 9,5 6,4 8,5 6,5 8,6 10,4 5,9 6,8",
    },
    BenchPosition {
        name: "std15-middle",
        size: 15,
        rule: Rule::Standard,
        moves: "7,7 10,8 10,6 6,8 4,9 8,8 7,8 7,9 6,7 5,7 8,10 5,8",
    },
    BenchPosition {
        name: "renju15-middle",
        size: 15,
        rule: Rule::Renju,
        moves: "7,7 5,5 9,5 8,6 7,5 7,6 9,6 9,4 8,4 10,5 5,7 6,6",
    },
    BenchPosition {
        name: "caro15-middle",
        size: 15,
        rule: Rule::Caro,
        moves: "7,7 6,7 8,6 9,5 6,6 8,8 7,6 5,6 7,8 7,5",
    },
    BenchPosition {
        name: "free20-opening",
        size: 20,
        rule: Rule::Freestyle,
        moves: "9,9 10,10 10,8 8,10",
    },
    BenchPosition {
        name: "free20-middle",
        size: 20,
        rule: Rule::Freestyle,
        moves: "9,9 10,10 11,9 8,9 10,8 8,10 9,7 8,6 11,10 9,8 11,11 11,8",
    },
];

/// Parses a space-separated move list.
pub fn parse_moves(s: &str) -> Vec<Pos> {
    s.split_whitespace()
        .map(|m| parse_move(m).expect("x,y"))
        .collect()
}

/// Parses one move written `x,y`.
fn parse_move(m: &str) -> Option<Pos> {
    let (x, y) = m.split_once(',')?;
    Some(Pos::new(x.parse().ok()?, y.parse().ok()?))
}

/// The rule of a canonical Gomocup rule number (0, 1, 4, 8 or 9).
fn rule_of_code(v: &str) -> Option<Rule> {
    Rule::ALL
        .iter()
        .copied()
        .find(|r| v.parse() == Ok(r.code()))
}

/// Builds the position of a bench entry.
pub fn board_of(p: &BenchPosition) -> Board {
    board_under(p, p.rule)
}

/// Builds the position of a bench entry under `rule`.
pub(crate) fn board_under(p: &BenchPosition, rule: Rule) -> Board {
    let mut b = Board::new(p.size, p.size, rule);
    for m in parse_moves(p.moves) {
        b.play(m).expect("bench move legal");
    }
    b
}

/// Reads a position file (see the module comment): the named positions, each under
/// `rule` if given, else its own; or what is wrong with the file.
fn read_positions(path: &str, rule: Option<Rule>) -> Result<Vec<(String, Board)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |what: &str| format!("{path}:{}: {what}", n + 1);
        let mut words = line.split_whitespace();
        let name = words.next().unwrap_or_default().to_string();
        let size = words
            .next()
            .and_then(|w| w.parse::<usize>().ok())
            .filter(|s| (5..=32).contains(s))
            .ok_or_else(|| bad("size must be 5 to 32"))?;
        let own = words
            .next()
            .and_then(rule_of_code)
            .ok_or_else(|| bad("unknown rule number"))?;
        let mut b = Board::new(size, size, rule.unwrap_or(own));
        for w in words {
            let m = parse_move(w).ok_or_else(|| bad(&format!("bad move {w}")))?;
            b.play(m).map_err(|e| bad(&format!("move {w}: {e}")))?;
        }
        out.push((name, b));
    }
    if out.is_empty() {
        return Err(format!("{path}: no positions"));
    }
    Ok(out)
}

/// Runs the benchmark with the command-line arguments after `bench`; returns the exit code.
pub fn run(args: &[String]) -> i32 {
    let mut depth = DEPTH;
    let mut movetime = None;
    let mut nodes = None;
    let mut params = Params::DEFAULT;
    let mut rule = None;
    let mut only = "";
    let mut file = None;
    let mut tt_bytes = TT_BYTES;
    let mut eval = Evaluation::default();
    let mut threads = 1;
    for a in args {
        if let Some(v) = a.strip_prefix("evaluator=") {
            match Evaluation::named(v) {
                Ok(e) => eval = e,
                Err(e) => {
                    say(format_args!("bench: evaluator {v}: {e:#}"));
                    return 2;
                }
            }
        } else if let Some(v) = a.strip_prefix("only=") {
            only = v;
        } else if let Some(v) = a.strip_prefix("file=") {
            file = Some(v);
        } else if let Some(v) = a.strip_prefix("rule=") {
            match rule_of_code(v) {
                Some(r) => rule = Some(r),
                None => return usage(),
            }
        } else if let Some(v) = a.strip_prefix("threads=") {
            match v.parse::<usize>() {
                Ok(n @ 1..=crate::search::MAX_THREADS) => threads = n,
                _ => return usage(),
            }
        } else if let Some(v) = a.strip_prefix("hash=") {
            match v.parse::<usize>() {
                Ok(mb @ 1..=65536) => tt_bytes = mb << 20,
                _ => return usage(),
            }
        } else if let Some(v) = a.strip_prefix("depth=") {
            depth = v.parse().unwrap_or(DEPTH);
        } else if let Some(v) = a.strip_prefix("nodes=") {
            nodes = v.parse::<u64>().ok();
        } else if let Some(v) = a.strip_prefix("movetime=") {
            movetime = v.parse::<u64>().ok().map(Duration::from_millis);
        } else if let Some((name, v)) = a.split_once('=').filter(|(name, v)| {
            let mut p = params;
            v.parse().is_ok_and(|v| p.set(name, v))
        }) {
            params.set(name, v.parse().expect("checked above"));
        } else {
            return usage();
        }
    }
    let mut positions: Vec<(String, Board)> = match file {
        Some(path) => match read_positions(path, rule) {
            Ok(list) => list,
            Err(e) => {
                say(format_args!("bench: {e}"));
                return 2;
            }
        },
        None => POSITIONS
            .iter()
            .map(|p| (p.name.to_string(), board_under(p, rule.unwrap_or(p.rule))))
            .collect(),
    };
    positions.retain(|(name, _)| name.starts_with(only));
    if positions.is_empty() {
        return usage();
    }
    let stop = AtomicBool::new(false);
    let mut total_nodes = 0u64;
    let t0 = Instant::now();
    for (name, board) in positions {
        let mut s = Searcher::new(tt_bytes);
        s.set_params(params);
        s.set_evaluation(eval.clone());
        s.set_threads(threads);
        let limits = match movetime {
            Some(t) => Limits {
                start: Instant::now(),
                soft: Some(t),
                hard: Some(t),
                depth: None,
                nodes: None,
            },
            None => match nodes {
                Some(n) => Limits {
                    nodes: Some(n),
                    ..Limits::depth(crate::search::MAX_PLY as i32)
                },
                None => Limits::depth(depth),
            },
        };
        let Some(r) = s.search(&board, &limits, &stop) else {
            say(format_args!("{name:<16} no move to search"));
            continue;
        };
        total_nodes += r.nodes;
        say(format_args!(
            "{:<16} depth {:>2} score {:>6} best {:<5} nodes {:>10} time {:>6} ms",
            name,
            r.depth,
            r.score,
            r.best.to_string(),
            r.nodes,
            r.elapsed.as_millis()
        ));
    }
    let el = t0.elapsed();
    let nps = (total_nodes as f64 / el.as_secs_f64().max(1e-9)) as u64;
    say(format_args!("==========================="));
    say(format_args!("Total time (ms) : {}", el.as_millis()));
    say(format_args!("Nodes searched  : {total_nodes}"));
    say(format_args!("Nodes/second    : {nps}"));
    0
}

/// Prints the usage line; returns the exit code of a usage error.
fn usage() -> i32 {
    say(format_args!(
        "usage: pbrain-wuzi bench [depth=N] [nodes=N] [movetime=MS] [hash=MB] [threads=N] [evaluator=E] [rule=R] [only=NAME] \
         [file=PATH] [PARAM=V]..."
    ));
    2
}

/// Prints one line; a closed stdout (`bench | head`) ends the process quietly.
fn say(line: std::fmt::Arguments) {
    use std::io::Write;
    if writeln!(std::io::stdout(), "{line}").is_err() {
        std::process::exit(0);
    }
}

#[cfg(test)]
mod tests {
    use super::run;

    /// A tunable may be set by name, and the table's size; an unknown name or a bad
    /// value is a usage error.
    #[test]
    fn bench_takes_tunables_by_name() {
        let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(run(&args(&["depth=1", "iir_min_depth=0"])), 0);
        assert_eq!(run(&args(&["depth=1", "no_such_param=3"])), 2);
        assert_eq!(run(&args(&["depth=1", "iir_min_depth=x"])), 2);
        assert_eq!(run(&args(&["depth=1", "tempo_percent=-1"])), 2);
        assert_eq!(run(&args(&["depth=1", "rule=4"])), 0);
        assert_eq!(run(&args(&["depth=1", "rule=3"])), 2);
        assert_eq!(run(&args(&["depth=1", "rule=x"])), 2);
        assert_eq!(run(&args(&["depth=1", "only=renju"])), 0);
        assert_eq!(run(&args(&["depth=1", "only=nosuch"])), 2);
        assert_eq!(run(&args(&["depth=1", "hash=1"])), 0);
        assert_eq!(run(&args(&["depth=1", "hash=0"])), 2);
        assert_eq!(run(&args(&["depth=1", "hash=big"])), 2);
    }

    /// A position file is read line by line; a bad size, rule or move, or a missing
    /// file, is a usage error, not a panic.
    #[test]
    fn bench_reads_a_position_file() {
        let dir = std::env::temp_dir().join(format!("wuzi-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let run_with = |text: &str| {
            let path = dir.join("p.txt");
            std::fs::write(&path, text).unwrap();
            run(&["depth=1".to_string(), format!("file={}", path.display())])
        };
        assert_eq!(
            run_with("# comment\na 15 0 7,7 8,8\n\nb 20 4 9,9 # note\n"),
            0
        );
        assert_eq!(run_with("a 4 0 1,1\n"), 2, "size below 5");
        assert_eq!(run_with("a 15 3 7,7\n"), 2, "no rule 3");
        assert_eq!(run_with("a 15 0 7,7 7,7\n"), 2, "occupied point");
        assert_eq!(run_with("a 15 0 7-7\n"), 2, "not x,y");
        assert_eq!(run_with("# only a comment\n"), 2, "no positions");
        let two = "free1 15 0 7,7 8,8\nstan1 15 1 7,7 8,8\n";
        let path = dir.join("two.txt");
        std::fs::write(&path, two).unwrap();
        let with_only = |only: &str| {
            let file = format!("file={}", path.display());
            run(&["depth=1".to_string(), file, format!("only={only}")])
        };
        assert_eq!(
            with_only("stan"),
            0,
            "only= picks among the file's positions"
        );
        assert_eq!(with_only("renj"), 2, "no file position matches");
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(run(&["file=/no/such/file".to_string()]), 2);
    }
}
