//! The tactical suite's positions (`tests/data/tactics.txt`) and the search that must
//! solve them, shared by `tests/tactics.rs` (which asserts the answers) and
//! `benches/tactics.rs` (which times the solves).

#![allow(dead_code)]

use std::sync::atomic::AtomicBool;
use wuzi::bench::parse_moves;
use wuzi::board::Board;
use wuzi::search::{Limits, SearchResult, Searcher};
use wuzi::types::{is_mate, Pos, Rule};

/// One position of the suite (see `tests/tactics.rs` for the fields' meaning).
pub struct Case {
    pub name: String,
    pub board: Board,
    pub kind: String,
    pub answers: Vec<Pos>,
    pub line: Vec<Pos>,
}

/// Every position in `tests/data/tactics.txt`.
pub fn load() -> Vec<Case> {
    include_str!("../data/tactics.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 7, "bad line: {l}");
            let rule = Rule::from_info(f[1].parse().unwrap());
            let size: usize = f[2].parse().unwrap();
            let mut board = Board::new(size, size, rule);
            for m in parse_moves(f[3]) {
                board
                    .play(m)
                    .unwrap_or_else(|e| panic!("{}: {m}: {e}", f[0]));
            }
            assert_eq!(board.winner(), None, "{}: already decided", f[0]);
            Case {
                name: f[0].to_string(),
                board,
                kind: f[4].to_string(),
                answers: parse_moves(f[5]),
                line: parse_moves(f[6]),
            }
        })
        .collect()
}

/// The search each case gets: a fresh 16 MB table, depth 12, at most 3M nodes.
pub fn limits() -> Limits {
    Limits {
        nodes: Some(3_000_000),
        ..Limits::depth(12)
    }
}

/// Searches a case and says whether the answer is right: a win reports a mate score
/// and plays one of the answers (any move if none are listed), a defence plays one of
/// them, and an avoid case plays none of them. The move must be legal in every case.
pub fn solve(c: &Case) -> (SearchResult, bool) {
    let mut s = Searcher::new(16 << 20);
    let r = s
        .search(&c.board, &limits(), &AtomicBool::new(false))
        .expect("a move");
    let ok = c.board.is_legal(r.best)
        && match c.kind.as_str() {
            "win" => {
                r.score > 0
                    && is_mate(r.score)
                    && (c.answers.is_empty() || c.answers.contains(&r.best))
            }
            "defend" => c.answers.contains(&r.best),
            "avoid" => !c.answers.contains(&r.best),
            k => panic!("{}: unknown kind {k}", c.name),
        };
    (r, ok)
}
