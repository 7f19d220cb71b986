//! Game records: Piskvork's PSQ and SGF, both with the think time of every move.

use super::game::{GameRecord, Reason};
use crate::types::Color;
use std::fmt::Write;

/// Piskvork's time steps for levels 1..=11, in ms.
const LEVELS: [u64; 11] = [
    100, 300, 600, 1000, 1500, 2500, 5000, 10000, 15000, 30000, 60000,
];

/// The Piskvork level whose time step is nearest to `turn_ms` (1-based).
pub fn psq_level(turn_ms: u64) -> usize {
    let mut best = 0;
    for (i, &t) in LEVELS.iter().enumerate() {
        if t.abs_diff(turn_ms) < LEVELS[best].abs_diff(turn_ms) {
            best = i;
        }
    }
    best + 1
}

/// A player name for the PSQ name lines, written so that Piskvork reads it and shows it
/// whole. Piskvork takes these lines for brain file names: it shows one without its
/// folder (up to the last `/` or `\\`), without an extension (a `.` and 3 characters at
/// the end) and without a `pbrain-` prefix. So a name that starts like a number (it
/// would be read as a move) gets a `pbrain-` prefix, slashes become `-`, and a name
/// that ends like an extension gets `.exe` after it: "Wuzi 0.1.0", seen as
/// "Wuzi 0" plus the extension ".1.0" when Piskvork opened a record, is written
/// "Wuzi 0.1.0.exe" and shown "Wuzi 0.1.0".
fn psq_name(name: &str) -> String {
    let mut n: String = name
        .chars()
        .filter(|c| !c.is_control())
        .map(|c| if c == '/' || c == '\\' { '-' } else { c })
        .collect();
    // A name that starts like a number (or is empty) would be read as a move.
    if n.chars()
        .next()
        .is_none_or(|c| c.is_ascii_digit() || c == '-' || c == '+' || c.is_whitespace())
    {
        n = format!("pbrain-{n}");
    }
    if n.len() >= 4 && n.as_bytes()[n.len() - 4] == b'.' {
        n.push_str(".exe");
    }
    n
}

/// The PSQ end code: 0 normal, 15 time-out (Piskvork's `finishGame(15)`), -2 error.
pub fn psq_code(r: &GameRecord) -> i32 {
    match &r.outcome.reason {
        Reason::Fault { fault, .. } if fault.is_time() => 15,
        Reason::Fault { .. } => -2,
        _ => 0,
    }
}

/// The game as a PSQ file (what Piskvork's own "save" writes and its "open" reads):
/// ```text
/// Piskvorky 15x15, 11:11, 0      size, the two players' levels (0 = human), who began
/// 8,8,0                          one line per stone: x,y 1-based, then the time in ms
/// 9,9,103
/// ...
/// new                            first player's name, then the second's
/// base
/// 0                              end code: 0 normal end, 15 time-out, -2 other error
/// ```
/// A level above 0 marks a computer player, and levels 1..=11 select Piskvork's time
/// steps (0.1 s .. 60 s): we write the step nearest the turn limit ([`psq_level`]).
pub fn psq(r: &GameRecord) -> String {
    let level = psq_level(r.tc.info_turn().max(1));
    let mut s = format!("Piskvorky {}x{}, {level}:{level}, 0\n", r.width, r.height);
    for m in &r.moves {
        let _ = writeln!(s, "{},{},{}", m.pos.x + 1, m.pos.y + 1, m.ms.unwrap_or(0));
    }
    let _ = writeln!(s, "{}", psq_name(&r.names[0]));
    let _ = writeln!(s, "{}", psq_name(&r.names[1]));
    let _ = writeln!(s, "{}", psq_code(r));
    s
}

/// An SGF coordinate letter (0..52).
fn sgf_coord(v: u8) -> char {
    if v < 26 {
        (b'a' + v) as char
    } else {
        (b'A' + v - 26) as char
    }
}

/// Escapes SGF text (`]` and `\`).
fn sgf_text(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// The columns of [`stats_lines`].
pub const STATS_HEADER: &str =
    "game,engine,color,pid,moves,mean_ms,max_ms,turn_ms,rss_kb,peak_kb,result\n";

/// One CSV line per brain of a finished game: its think times, and its process id and
/// resident memory (now and peak, in KiB) read at the end of the game. With `-reuse` the
/// same pid recurs, so growth over games shows directly. Unreadable memory is left empty.
pub fn stats_lines(r: &GameRecord) -> String {
    let mut out = String::new();
    for (ci, color) in [Color::Black, Color::White].into_iter().enumerate() {
        let times: Vec<u64> = r
            .moves
            .iter()
            .enumerate()
            .filter(|(i, _)| i % 2 == ci)
            .filter_map(|(_, m)| m.ms)
            .collect();
        let mean = if times.is_empty() {
            0.0
        } else {
            times.iter().sum::<u64>() as f64 / times.len() as f64
        };
        let max = times.iter().max().copied().unwrap_or(0);
        let mem = r.memory[ci];
        let field = |v: Option<u64>| v.map(|v| v.to_string()).unwrap_or_default();
        let result = match r.outcome.winner {
            None => "draw",
            Some(w) if w == color => "win",
            Some(_) => "loss",
        };
        out += &format!(
            "{},{},{},{},{},{:.1},{},{},{},{},{}\n",
            r.index + 1,
            r.names[ci],
            if color == Color::Black {
                "black"
            } else {
                "white"
            },
            field(mem.map(|m| m.pid as u64)),
            times.len(),
            mean,
            max,
            field(r.tc.turn_ms),
            field(mem.map(|m| m.rss / 1024)),
            field(mem.map(|m| m.peak / 1024)),
            result,
        );
    }
    out
}

/// The SGF result: `B+`/`W+` for a five or foul, `+T` on time, `+F` for other faults,
/// `0` for a draw.
pub fn sgf_result(r: &GameRecord) -> String {
    let Some(w) = r.outcome.winner else {
        return "0".into();
    };
    let c = if w == Color::Black { 'B' } else { 'W' };
    match &r.outcome.reason {
        Reason::Fault { fault, .. } if fault.is_time() => format!("{c}+T"),
        Reason::Fault { .. } => format!("{c}+F"),
        _ => format!("{c}+"),
    }
}

/// The game as one SGF game tree (append several to make a collection): `FF[4]`,
/// `GM[4]` (Gomoku), `SZ[15]` or `SZ[w:h]`, coordinates `a`..`z` then `A`..`Z` (x
/// first, from the top left), opening stones and moves as `B[]`/`W[]` nodes, each with
/// a comment holding the think time (and the engine's last MESSAGE line).
pub fn sgf(r: &GameRecord) -> String {
    let size = if r.width == r.height {
        r.width.to_string()
    } else {
        format!("{}:{}", r.width, r.height)
    };
    let mut s = format!(
        "(;FF[4]GM[4]CA[UTF-8]AP[wuzi-match:{}]SZ[{size}]RU[{}]PB[{}]PW[{}]RE[{}]GN[game {}]",
        env!("CARGO_PKG_VERSION"),
        r.rule.name(),
        sgf_text(&r.names[0]),
        sgf_text(&r.names[1]),
        sgf_result(r),
        r.index + 1
    );
    let mut gc = format!("{}; time {}", r.outcome.describe(), r.tc.describe());
    if let Some(o) = r.opening_index {
        let _ = write!(gc, "; opening {} ({} stones)", o + 1, r.opening_len);
    }
    let _ = write!(s, "GC[{}]", sgf_text(&gc));
    for (k, m) in r.moves.iter().enumerate() {
        let c = if k % 2 == 0 { 'B' } else { 'W' };
        let comment = match (m.ms, &m.message) {
            (None, _) => "opening".to_string(),
            (Some(ms), None) => format!("{ms} ms"),
            (Some(ms), Some(msg)) => format!("{ms} ms; {msg}"),
        };
        let _ = write!(
            s,
            "\n;{c}[{}{}]C[{}]",
            sgf_coord(m.pos.x),
            sgf_coord(m.pos.y),
            sgf_text(&comment)
        );
    }
    s.push_str(")\n");
    s
}

/// A file name for a game's PSQ: `0007-new-base.psq` (names reduced to safe characters).
pub fn psq_file_name(r: &GameRecord) -> String {
    let safe = |n: &str| -> String {
        n.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    };
    format!(
        "{:04}-{}-{}.psq",
        r.index + 1,
        safe(&r.names[0]),
        safe(&r.names[1])
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::game::{Fault, Move, Outcome, TimeControl};
    use crate::types::{Pos, Rule};

    fn record(reason: Reason, winner: Option<Color>) -> GameRecord {
        let mv = |x, y, ms: Option<u64>, msg: Option<&str>| Move {
            pos: Pos::new(x, y),
            ms,
            message: msg.map(str::to_string),
        };
        GameRecord {
            index: 6,
            players: [0, 1],
            names: ["new".into(), "base".into()],
            width: 15,
            height: 15,
            rule: Rule::Freestyle,
            tc: TimeControl {
                turn_ms: Some(100),
                match_ms: None,
                inc_ms: 0,
            },
            opening_index: Some(2),
            opening_len: 2,
            moves: vec![
                mv(7, 7, None, None),
                mv(8, 8, None, None),
                mv(9, 7, Some(98), Some("MESSAGE depth 5 ev 12")),
                mv(0, 14, Some(101), None),
            ],
            outcome: Outcome { winner, reason },
            killed: [false; 2],
            memory: [None; 2],
            swap2: None,
        }
    }

    #[test]
    fn psq_layout() {
        let r = record(Reason::Five, Some(Color::Black));
        assert_eq!(
            psq(&r),
            "Piskvorky 15x15, 1:1, 0\n8,8,0\n9,9,0\n10,8,98\n1,15,101\nnew\nbase\n0\n"
        );
        let t = record(
            Reason::Fault {
                fault: Fault::TimeTurn,
                detail: String::new(),
            },
            Some(Color::White),
        );
        assert!(psq(&t).ends_with("\n15\n"));
        let e = record(
            Reason::Fault {
                fault: Fault::Crash,
                detail: String::new(),
            },
            Some(Color::White),
        );
        assert!(psq(&e).ends_with("\n-2\n"));
        assert_eq!(psq_level(100), 1);
        assert_eq!(psq_level(1000), 4);
        assert_eq!(psq_level(5000), 7);
        assert_eq!(psq_level(1_000_000), 11);
        assert_eq!(psq_name("7even"), "pbrain-7even");
        assert_eq!(psq_name("wuzi"), "wuzi");
        assert_eq!(psq_name("Wuzi 0.1.0"), "Wuzi 0.1.0.exe");
        assert_eq!(psq_file_name(&r), "0007-new-base.psq");
    }

    /// The name Piskvork shows for a PSQ name line (its `Tplayer::getName`: the file
    /// name without a 3-letter extension, its folder and a `pbrain-` prefix).
    fn piskvork_shows(line: &str) -> String {
        let b = line.as_bytes();
        let stem = if b.len() > 4 && b[b.len() - 4] == b'.' {
            &line[..line.len() - 4]
        } else {
            line
        };
        let file = stem.rsplit(['/', '\\']).next().unwrap_or("");
        match file.get(..7) {
            Some(p) if p.eq_ignore_ascii_case("pbrain-") => file[7..].to_string(),
            _ => file.to_string(),
        }
    }

    /// Opened in Piskvork, a wuzi-match record showed "Wuzi 0" for "Wuzi 0.1.0".
    #[test]
    fn psq_names_show_whole_in_piskvork() {
        for name in [
            "Wuzi 0.1.0",
            "wuzi",
            "Rapfi 2024.1",
            "7even",
            "a/b\\c.d",
            "x.y",
        ] {
            let line = psq_name(name);
            let shown = piskvork_shows(&line);
            let want = name.replace(['/', '\\'], "-");
            assert_eq!(shown, want, "{name:?} written {line:?}");
            assert!(!line.starts_with(|c: char| c.is_ascii_digit()), "{line:?}");
        }
    }

    #[test]
    fn stats_layout() {
        use crate::arena::engine::Memory;
        let mut r = record(Reason::Five, Some(Color::Black));
        r.memory[1] = Some(Memory {
            pid: 42,
            rss: 10 << 20,
            peak: 12 << 20,
        });
        assert_eq!(
            stats_lines(&r),
            "7,new,black,,1,98.0,98,100,,,win\n7,base,white,42,1,101.0,101,100,10240,12288,loss\n"
        );
        assert_eq!(STATS_HEADER.split(',').count(), 11);
    }

    #[test]
    fn sgf_layout() {
        let r = record(Reason::Five, Some(Color::Black));
        let s = sgf(&r);
        assert!(s.starts_with("(;FF[4]GM[4]"), "{s}");
        assert!(
            s.contains("SZ[15]RU[freestyle]PB[new]PW[base]RE[B+]GN[game 7]"),
            "{s}"
        );
        assert!(s.contains("opening 3 (2 stones)"), "{s}");
        assert!(s.contains("\n;B[hh]C[opening]\n;W[ii]C[opening]"), "{s}");
        assert!(s.contains("\n;B[jh]C[98 ms; MESSAGE depth 5 ev 12]"), "{s}");
        assert!(s.contains("\n;W[ao]C[101 ms])\n"), "{s}");
        let draw = record(Reason::FullBoard, None);
        assert!(sgf(&draw).contains("RE[0]"));
        let t = record(
            Reason::Fault {
                fault: Fault::TimeMatch,
                detail: "x]y".into(),
            },
            Some(Color::White),
        );
        assert!(sgf(&t).contains("RE[W+T]"));
        assert!(sgf(&t).contains("x\\]y"), "escaped");
        let mut wide = record(Reason::Five, Some(Color::Black));
        wide.width = 30;
        wide.height = 20;
        wide.moves[3].pos = Pos::new(29, 19);
        let s = sgf(&wide);
        assert!(s.contains("SZ[30:20]") && s.contains("W[Dt]"), "{s}");
    }
}
