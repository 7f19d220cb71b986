//! Generators shared by the fuzz tests: protocol-flavoured tokens, random lines, and
//! byte-level mutations of a line.

use proptest::prelude::*;
use proptest::sample::select;

/// Command words: the protocol's, words a manager or a brain prints, and Yixin-Board
/// extensions.
pub const WORDS: &[&str] = &[
    "START",
    "RECTSTART",
    "RESTART",
    "BEGIN",
    "TURN",
    "BOARD",
    "DONE",
    "INFO",
    "END",
    "ABOUT",
    "TAKEBACK",
    "YXSTOP",
    "STOP",
    "PLAY",
    "SWAP2BOARD",
    "SUGGEST",
    "MESSAGE",
    "DEBUG",
    "OK",
    "ERROR",
    "UNKNOWN",
    "YXBOARD",
    "YXNBEST",
    "YXSHOWFORBID",
    "YXHASHCLEAR",
    "YXSHOWINFO",
    "YXBLOCK",
    "YXBLOCKUNDO",
    "YXBLOCKRESET",
    "YXSEARCHDEFEND",
    "YXBALANCEONE",
    "YXBALANCETWO",
];

/// INFO keys, known and unknown (c-gomoku-cli forwards user keys), and an empty one.
pub const KEYS: &[&str] = &[
    "timeout_turn",
    "timeout_match",
    "time_left",
    "max_memory",
    "rule",
    "game_type",
    "folder",
    "evaluate",
    "thread_num",
    "max_depth",
    "max_node",
    "caution_factor",
    "show_detail",
    "",
];

/// Number-like texts: board sizes and coordinates, limits of every integer type, and
/// things that are almost numbers.
pub const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "7",
    "8",
    "9",
    "14",
    "15",
    "19",
    "20",
    "31",
    "32",
    "33",
    "255",
    "256",
    "-1",
    "-5",
    "+7",
    "007",
    "-0",
    "+0",
    "2147483647",
    "2147483648",
    "-2147483648",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999",
    "367001600",
    "1e3",
    "0x10",
    "1.5",
    "--1",
    "+-1",
    "1-",
    "",
];

/// Bits of junk: separators, control characters, non-ASCII blanks, and text that is
/// not UTF-8 once it is bytes (U+FFFD is what the splitter makes of it).
pub const JUNK: &[&str] = &[
    ",", ",,", " ", "  ", "\t", "x", "\0", "\x7f", "\x0b", "\x0c", "\u{85}", "\u{a0}", "\u{3000}",
    "\u{fffd}", "é", "日本", "\"", "=", "-", "+", "#", "\\", "/", ":", ";",
];

/// Separators between tokens.
pub const SEPS: &[&str] = &[" ", " ", " ", "", ",", " , ", "\t", "  ", "\u{a0}", "\x0b"];

/// `s` with its ASCII letters in upper or lower case by the bits of `mask`.
pub fn recase(s: &str, mask: u64) -> String {
    s.chars()
        .enumerate()
        .map(|(i, c)| {
            if mask >> (i % 64) & 1 == 1 {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect()
}

/// A command word, mostly in upper case.
pub fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => select(WORDS).prop_map(str::to_string),
        1 => (select(WORDS), any::<u64>()).prop_map(|(w, m)| recase(w, m)),
    ]
}

/// A number-like text.
pub fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => select(NUMBERS).prop_map(str::to_string),
        3 => (-3i64..40).prop_map(|n| n.to_string()),
        1 => any::<i64>().prop_map(|n| n.to_string()),
        1 => any::<u64>().prop_map(|n| n.to_string()),
    ]
}

/// One token of a random line.
pub fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => word(),
        2 => select(KEYS).prop_map(str::to_string),
        6 => number(),
        2 => (number(), number()).prop_map(|(x, y)| format!("{x},{y}")),
        1 => (number(), number(), number()).prop_map(|(x, y, f)| format!("{x},{y},{f}")),
        2 => select(JUNK).prop_map(str::to_string),
        1 => "[a-zA-Z_]{1,10}",
        1 => any::<char>().prop_map(String::from),
    ]
}

/// A line of random tokens and separators.
pub fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec((token(), select(SEPS)), 0..8).prop_map(|parts| {
        parts
            .into_iter()
            .map(|(t, sep)| t + sep)
            .collect::<String>()
    })
}

/// A byte-level change to one line.
#[derive(Clone, Debug)]
pub enum Mutation {
    /// Flip one bit of one byte.
    Flip(usize, u8),
    /// Keep only the first bytes.
    Truncate(usize),
    /// Send the line twice.
    Duplicate,
    /// Do not send the line.
    Drop,
    /// Change the case of its letters.
    Case(u64),
    /// Insert a blank (ASCII or not) somewhere.
    Blank(usize, &'static str),
    /// Insert any byte (a CR or LF splits the line in two).
    Insert(usize, u8),
    /// Replace one run of digits (with its sign) by another number-like text.
    Number(usize, String),
    /// Add text at the end.
    Append(String),
}

pub fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => (any::<usize>(), 0u8..8).prop_map(|(i, b)| Mutation::Flip(i, b)),
        2 => any::<usize>().prop_map(Mutation::Truncate),
        2 => Just(Mutation::Duplicate),
        2 => Just(Mutation::Drop),
        2 => any::<u64>().prop_map(Mutation::Case),
        2 => (any::<usize>(), select(&[" ", "\t", "  ", "\x0b", "\x0c", "\u{a0}", "\u{3000}"][..]))
            .prop_map(|(i, s)| Mutation::Blank(i, s)),
        3 => (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Insert(i, b)),
        4 => (any::<usize>(), number()).prop_map(|(i, n)| Mutation::Number(i, n)),
        1 => soup().prop_map(Mutation::Append),
    ]
}

/// Applies `m` to `line`: zero, one or two lines.
pub fn mutate(line: &[u8], m: &Mutation) -> Vec<Vec<u8>> {
    let at = |i: usize| i % (line.len() + 1);
    let insert = |i: usize, bytes: &[u8]| {
        let i = at(i);
        let mut out = line[..i].to_vec();
        out.extend_from_slice(bytes);
        out.extend_from_slice(&line[i..]);
        out
    };
    match m {
        Mutation::Flip(i, bit) if !line.is_empty() => {
            let mut out = line.to_vec();
            out[i % line.len()] ^= 1 << bit;
            vec![out]
        }
        Mutation::Flip(..) => vec![line.to_vec()],
        Mutation::Truncate(i) => vec![line[..at(*i)].to_vec()],
        Mutation::Duplicate => vec![line.to_vec(), line.to_vec()],
        Mutation::Drop => vec![],
        Mutation::Case(mask) => {
            // Byte-wise, so that non-UTF-8 lines keep their bytes.
            let out = line
                .iter()
                .enumerate()
                .map(|(i, &b)| {
                    if mask >> (i % 64) & 1 == 1 {
                        b.to_ascii_lowercase()
                    } else {
                        b.to_ascii_uppercase()
                    }
                })
                .collect();
            vec![out]
        }
        Mutation::Blank(i, s) => vec![insert(*i, s.as_bytes())],
        Mutation::Insert(i, b) => vec![insert(*i, &[*b])],
        Mutation::Number(k, n) => {
            let runs = digit_runs(line);
            if runs.is_empty() {
                return vec![line.to_vec()];
            }
            let (a, b) = runs[k % runs.len()];
            let mut out = line[..a].to_vec();
            out.extend_from_slice(n.as_bytes());
            out.extend_from_slice(&line[b..]);
            vec![out]
        }
        Mutation::Append(s) => {
            let mut out = line.to_vec();
            out.extend_from_slice(s.as_bytes());
            vec![out]
        }
    }
}

/// The byte ranges of the numbers in `line`: runs of digits with a sign just before.
fn digit_runs(line: &[u8]) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut i = 0;
    while i < line.len() {
        if line[i].is_ascii_digit() {
            let mut a = i;
            if a > 0 && (line[a - 1] == b'-' || line[a - 1] == b'+') {
                a -= 1;
            }
            while i < line.len() && line[i].is_ascii_digit() {
                i += 1;
            }
            runs.push((a, i));
        } else {
            i += 1;
        }
    }
    runs
}

/// The harness's own choices (chunk sizes, search outcomes) come from the project's
/// seedable SplitMix64, seeded from the generated case so that a case replays exactly.
pub use wuzi::types::Rng;
