//! Every line the brain prints is formatted here, and nowhere else.

use crate::search::{Line, Progress, SearchResult, MAX_THREADS};
use crate::types::{Pos, Score, WIN_MIN};
use std::fmt;
use std::time::Duration;

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
    /// Several points on one line, `x,y x,y ...` (YXBALANCETWO, SWAP2BOARD).
    Moves(Vec<Pos>),
    /// `SWAP`: under Swap2, we take the other colour.
    Swap,
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
            Reply::Moves(points) => {
                let text: Vec<String> = points.iter().map(|p| format!("{},{}", p.x, p.y)).collect();
                f.write_str(&text.join(" "))
            }
            Reply::Swap => f.write_str("SWAP"),
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

/// What `INFO show_detail` asks to see while the engine thinks: bit 1 the realtime
/// lines a GUI draws, bit 2 each iteration's result. 0, the default, shows nothing:
/// what a tournament manager reads does not change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Detail(pub u8);

impl Detail {
    /// Nothing to show: no observer is needed.
    pub fn none(self) -> bool {
        self.0 & 3 == 0
    }

    fn realtime(self) -> bool {
        self.0 & 1 != 0
    }

    fn iterations(self) -> bool {
        self.0 & 2 != 0
    }
}

/// The root moves' realtime lines start this long into a search: before that the
/// iterations take milliseconds, and their moves would only flood the GUI.
pub const REALTIME_AFTER: Duration = Duration::from_millis(200);

/// The lines `detail` shows for one report of a running search:
/// * realtime, after [`REALTIME_AFTER`]: `MESSAGE REALTIME POS x,y` when a root move's
///   search starts, `DONE x,y` when it ends, then `LOST x,y` if it loses or `BEST x,y`
///   if it is the best so far;
/// * realtime, after each iteration: `MESSAGE REALTIME REFRESH` (the GUI clears the
///   moves it marked searching) and `MESSAGE REALTIME BEST x,y`;
/// * iterations: each iteration's result as the search `MESSAGE` (one line), or its
///   lines as YXNBEST prints them.
pub fn progress(p: &Progress, detail: Detail) -> Vec<Reply> {
    let realtime = |what: &str, m: &Pos| Reply::Message(format!("REALTIME {what} {},{}", m.x, m.y));
    let mut out = Vec::new();
    match p {
        Progress::Searching { mv, elapsed, .. } => {
            if detail.realtime() && *elapsed >= REALTIME_AFTER {
                out.push(realtime("POS", mv));
            }
        }
        Progress::Searched {
            mv,
            score,
            best,
            elapsed,
            ..
        } => {
            if detail.realtime() && *elapsed >= REALTIME_AFTER {
                out.push(realtime("DONE", mv));
                if *score <= -WIN_MIN {
                    out.push(realtime("LOST", mv));
                } else if *best {
                    out.push(realtime("BEST", mv));
                }
            }
        }
        Progress::Iteration {
            depth,
            nodes,
            elapsed,
            lines,
        } => {
            let Some(first) = lines.first() else {
                return out;
            };
            if detail.realtime() {
                out.push(Reply::Message("REALTIME REFRESH".into()));
                out.push(realtime("BEST", &first.best));
            }
            if detail.iterations() {
                if let [line] = &lines[..] {
                    let text = info_text(*depth, line.score, *nodes, *elapsed, line.best, &line.pv);
                    out.push(Reply::Message(text));
                } else {
                    let text = lines.iter().enumerate().map(|(k, l)| line_info(k + 1, l));
                    out.extend(text.map(Reply::Message));
                }
            }
        }
    }
    out
}

/// The `MESSAGE` lines answering `YXSHOWINFO`: the name, then the limits a GUI reads.
/// Up to [`MAX_THREADS`] threads (`INFO thread_num`); the table's size follows
/// `INFO max_memory`, so no hash size is offered (`MAX_HASH_SIZE 0`: Yixin-Board then
/// leaves `INFO hash_size` at 0).
pub fn show_info() -> Vec<Reply> {
    vec![
        Reply::Message(concat!("Wuzi ", env!("CARGO_PKG_VERSION")).to_string()),
        Reply::Message(format!("INFO MAX_THREAD_NUM {MAX_THREADS}")),
        Reply::Message("INFO MAX_HASH_SIZE 0".to_string()),
    ]
}

/// The text of the `MESSAGE` line printed before a searched move:
/// `depth D ev S nodes N nps K pv x,y x,y ...`.
pub fn search_info(r: &SearchResult) -> String {
    info_text(r.depth, r.score, r.nodes, r.elapsed, r.best, &r.pv)
}

/// `depth D ev S nodes N nps K pv x,y ...` for a search of `nodes` nodes in `elapsed`
/// whose move is `best`.
fn info_text(
    depth: i32,
    score: Score,
    nodes: u64,
    elapsed: Duration,
    best: Pos,
    pv: &[Pos],
) -> String {
    // Under a millisecond the rate means nothing; print 0 rather than a huge number.
    let micros = elapsed.as_micros();
    let nps = if micros < 1000 {
        0
    } else {
        (nodes as u128 * 1_000_000 / micros).min(u64::MAX as u128)
    };
    let mut s = format!("depth {depth} ev {score} nodes {nodes} nps {nps} pv");
    // The PV should start with the move played; if it does not, show only the move.
    let pv: &[Pos] = if pv.first() == Some(&best) {
        pv
    } else {
        std::slice::from_ref(&best)
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
        let moves = Reply::Moves(vec![Pos::new(7, 7), Pos::new(8, 6), Pos::new(10, 12)]);
        assert_eq!(moves.to_string(), "7,7 8,6 10,12");
        assert_eq!(Reply::Swap.to_string(), "SWAP");
        let info: Vec<String> = show_info().iter().map(|r| r.to_string()).collect();
        assert_eq!(
            info[1..],
            [
                "MESSAGE INFO MAX_THREAD_NUM 128",
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

    fn texts(replies: Vec<Reply>) -> Vec<String> {
        replies.iter().map(|r| r.to_string()).collect()
    }

    #[test]
    fn progress_lines_follow_show_detail() {
        let (p, ms) = (Pos::new, Duration::from_millis);
        let searching = |elapsed| Progress::Searching {
            mv: p(3, 4),
            depth: 9,
            elapsed,
        };
        let searched = |score, best| Progress::Searched {
            mv: p(3, 4),
            depth: 9,
            score,
            best,
            elapsed: ms(300),
        };
        for d in 0..4 {
            let want: &[&str] = if d & 1 == 1 {
                &["MESSAGE REALTIME POS 3,4"]
            } else {
                &[]
            };
            assert_eq!(texts(progress(&searching(ms(300)), Detail(d))), want, "{d}");
            assert!(progress(&searching(ms(199)), Detail(d)).is_empty(), "{d}");
        }
        assert_eq!(
            texts(progress(&searched(40, true), Detail(1))),
            ["MESSAGE REALTIME DONE 3,4", "MESSAGE REALTIME BEST 3,4"]
        );
        assert_eq!(
            texts(progress(&searched(-WIN_MIN, false), Detail(3))),
            ["MESSAGE REALTIME DONE 3,4", "MESSAGE REALTIME LOST 3,4"]
        );
        assert_eq!(
            texts(progress(&searched(40, false), Detail(1))),
            ["MESSAGE REALTIME DONE 3,4"]
        );
        assert!(progress(&searched(40, true), Detail(2)).is_empty());
        let line = |x, score| Line {
            best: p(x, 7),
            score,
            depth: 5,
            pv: vec![p(x, 7), p(8, 8)],
        };
        let iteration = |lines| Progress::Iteration {
            depth: 5,
            nodes: 1000,
            elapsed: ms(100),
            lines,
        };
        let one = iteration(vec![line(7, 12)]);
        assert!(progress(&one, Detail(0)).is_empty());
        assert_eq!(
            texts(progress(&one, Detail(3))),
            [
                "MESSAGE REALTIME REFRESH",
                "MESSAGE REALTIME BEST 7,7",
                "MESSAGE depth 5 ev 12 nodes 1000 nps 10000 pv 7,7 8,8"
            ]
        );
        let two = iteration(vec![line(6, 12), line(9, -3)]);
        assert_eq!(
            texts(progress(&two, Detail(2))),
            [
                "MESSAGE (1) 6,7 ev 12 depth 5 pv 6,7 8,8",
                "MESSAGE (2) 9,7 ev -3 depth 5 pv 9,7 8,8"
            ]
        );
        assert_eq!(
            texts(progress(&two, Detail(1))),
            ["MESSAGE REALTIME REFRESH", "MESSAGE REALTIME BEST 6,7"]
        );
        assert!(Detail(0).none() && !Detail(1).none() && !Detail(2).none());
    }
}
