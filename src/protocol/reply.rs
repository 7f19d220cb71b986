//! Every line the brain prints is formatted here, and nowhere else.

use crate::search::{Line, SearchResult};
use crate::types::Pos;
use std::fmt;

/// The `ABOUT` reply. Values must not contain `,` `=` or `"` (GomocupJudgeLocal splits on
/// them without regard to quotes).
pub const ABOUT: &str = concat!(
    "name=\"Wuzi\", version=\"",
    env!("CARGO_PKG_VERSION"),
    "\", author=\"Wuzi team\", country=\"International\""
);

/// One line to the manager (without its line end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `OK`: exactly these two letters (Piskvork compares the whole line).
    Ok,
    /// `ERROR <reason>`; the reason is never empty (liskvork rejects a bare `ERROR`).
    Error(String),
    /// `UNKNOWN <text>` for a command we do not know.
    Unknown(String),
    /// The `ABOUT` line.
    About,
    /// `MESSAGE <text>`, only just before a move; the text is never empty.
    Message(String),
    /// Our move, `x,y`.
    Move(Pos),
    /// `FORBID ` then each point as two-digit x and y, then `.` (YXSHOWFORBID).
    Forbid(Vec<Pos>),
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Ok => f.write_str("OK"),
            Reply::Error(r) => write!(f, "ERROR {}", non_empty(r, "error")),
            Reply::Unknown(r) => write!(f, "UNKNOWN {}", non_empty(r, "command")),
            Reply::About => f.write_str(ABOUT),
            Reply::Message(m) => write!(f, "MESSAGE {}", non_empty(m, "-")),
            Reply::Move(p) => write!(f, "{},{}", p.x, p.y),
            Reply::Forbid(points) => {
                f.write_str("FORBID ")?;
                for p in points {
                    write!(f, "{:02}{:02}", p.x, p.y)?;
                }
                f.write_str(".")
            }
        }
    }
}

fn non_empty<'a>(s: &'a str, default: &'a str) -> &'a str {
    if s.trim().is_empty() {
        default
    } else {
        s
    }
}

/// The `MESSAGE` lines answering `YXSHOWINFO`: the name, then the limits a GUI reads.
/// One thread; the table's size follows `INFO max_memory`, so no hash size is offered
/// (`MAX_HASH_SIZE 0`: Yixin-Board then leaves `INFO hash_size` at 0).
pub fn show_info() -> Vec<Reply> {
    [
        concat!("Wuzi ", env!("CARGO_PKG_VERSION")),
        "INFO MAX_THREAD_NUM 1",
        "INFO MAX_HASH_SIZE 0",
    ]
    .map(|m| Reply::Message(m.to_string()))
    .to_vec()
}

/// The text of the `MESSAGE` line printed before a searched move:
/// `depth D ev S nodes N nps K pv x,y x,y ...`.
pub fn search_info(r: &SearchResult) -> String {
    // Under a millisecond the rate means nothing; print 0 rather than a huge number.
    let micros = r.elapsed.as_micros();
    let nps = if micros < 1000 {
        0
    } else {
        (r.nodes as u128 * 1_000_000 / micros).min(u64::MAX as u128)
    };
    let mut s = format!(
        "depth {} ev {} nodes {} nps {} pv",
        r.depth, r.score, r.nodes, nps
    );
    // The PV should start with the move played; if it does not, show only the move.
    let pv: &[Pos] = if r.pv.first() == Some(&r.best) {
        &r.pv
    } else {
        std::slice::from_ref(&r.best)
    };
    for p in pv {
        s.push_str(&format!(" {},{}", p.x, p.y));
    }
    s
}

/// The `MESSAGE` text of line `k` (from 1) of YXNBEST or YXSEARCHDEFEND:
/// `(k) x,y ev S depth D pv x,y ...`.
pub fn line_info(k: usize, line: &Line) -> String {
    let mut s = format!(
        "({k}) {},{} ev {} depth {} pv",
        line.best.x, line.best.y, line.score, line.depth
    );
    let pv: &[Pos] = if line.pv.first() == Some(&line.best) {
        &line.pv
    } else {
        std::slice::from_ref(&line.best)
    };
    for p in pv {
        s.push_str(&format!(" {},{}", p.x, p.y));
    }
    s
}

/// The `MESSAGE` text for a move that did not come from a finished search.
pub fn fallback_info(best: Pos, why: &str) -> String {
    format!(
        "depth 0 ev 0 nodes 0 nps 0 pv {},{} ({why})",
        best.x, best.y
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn lines_are_exact() {
        assert_eq!(Reply::Ok.to_string(), "OK");
        assert_eq!(Reply::Move(Pos::new(7, 12)).to_string(), "7,12");
        assert_eq!(Reply::Error("bad".into()).to_string(), "ERROR bad");
        assert_eq!(Reply::Error("".into()).to_string(), "ERROR error");
        assert_eq!(Reply::Message(" ".into()).to_string(), "MESSAGE -");
        assert_eq!(Reply::Unknown("x".into()).to_string(), "UNKNOWN x");
        let forbid = Reply::Forbid(vec![Pos::new(9, 12), Pos::new(10, 11)]);
        assert_eq!(forbid.to_string(), "FORBID 09121011.");
        assert_eq!(Reply::Forbid(vec![]).to_string(), "FORBID .");
        let info: Vec<String> = show_info().iter().map(|r| r.to_string()).collect();
        assert_eq!(
            info[1..],
            [
                "MESSAGE INFO MAX_THREAD_NUM 1",
                "MESSAGE INFO MAX_HASH_SIZE 0"
            ]
        );
        assert!(info[0].starts_with("MESSAGE Wuzi "));
    }

    #[test]
    fn about_values_hold_no_separators() {
        let about = Reply::About.to_string();
        assert!(about.starts_with("name=\"Wuzi\", version=\""));
        for pair in about.split(", ") {
            let (key, value) = pair.split_once('=').unwrap();
            assert!(key.chars().all(|c| c.is_ascii_lowercase()), "{pair}");
            let inner = value.strip_prefix('"').and_then(|v| v.strip_suffix('"'));
            let inner = inner.unwrap_or_else(|| panic!("unquoted value in {pair}"));
            assert!(
                !inner.is_empty() && !inner.contains([',', '=', '"']),
                "{pair}"
            );
        }
    }

    #[test]
    fn search_message() {
        let r = SearchResult {
            best: Pos::new(7, 7),
            score: -35,
            depth: 9,
            nodes: 500_000,
            elapsed: Duration::from_millis(250),
            pv: vec![Pos::new(7, 7), Pos::new(8, 8)],
            lines: vec![],
        };
        assert_eq!(
            search_info(&r),
            "depth 9 ev -35 nodes 500000 nps 2000000 pv 7,7 8,8"
        );
        let r = SearchResult {
            pv: vec![],
            elapsed: Duration::ZERO,
            ..r
        };
        assert_eq!(search_info(&r), "depth 9 ev -35 nodes 500000 nps 0 pv 7,7");
        let line = Line {
            best: Pos::new(7, 7),
            score: 35,
            depth: 9,
            pv: vec![Pos::new(7, 7), Pos::new(8, 8)],
        };
        assert_eq!(line_info(1, &line), "(1) 7,7 ev 35 depth 9 pv 7,7 8,8");
        let line = Line { pv: vec![], ..line };
        assert_eq!(line_info(12, &line), "(12) 7,7 ev 35 depth 9 pv 7,7");
    }
}
