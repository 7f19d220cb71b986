//! Property tests (proptest) of the protocol's pure parts: the command parser
//! (`parse`, `parse_board_line`) and the input line splitter (`LineSplitter`), each
//! against the independent model in `tests/fuzz_model/` and on arbitrary input.
//!
//! The whole session is fuzzed in `tests/fuzz_session.rs`.

mod fuzz_model;

use fuzz_model::gen::{self, recase, soup, Rng};
use fuzz_model::{
    mboard_line, mparse, mpoint_line, MBoardLine, MCmd, MInfo, MPointLine, ModelSplitter, MAX_LINE,
};
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::FileFailurePersistence;
use wuzi::protocol::{
    parse, parse_board_line, parse_point_line, BoardLine, Command, Info, LineSplitter, PointLine,
};

/// What the model makes of the parser's answer, for comparison.
fn as_model(line: &str) -> MCmd {
    match parse(line) {
        Err(_) => MCmd::Malformed,
        Ok(c) => match c {
            Command::Start { size } => MCmd::Start(size),
            Command::RectStart { width, height } => MCmd::RectStart(width, height),
            Command::Restart => MCmd::Restart,
            Command::Begin => MCmd::Begin,
            Command::Turn { x, y } => MCmd::Turn(x, y),
            Command::Board => MCmd::Board,
            Command::Info(i) => MCmd::Info(match i {
                Info::TimeoutTurn(t) => MInfo::TimeoutTurn(t),
                Info::TimeoutMatch(t) => MInfo::TimeoutMatch(t),
                Info::TimeLeft(t) => MInfo::TimeLeft(t),
                Info::MaxMemory(m) => MInfo::MaxMemory(m),
                Info::Rule(r) => MInfo::Rule(r),
                Info::Folder(f) => MInfo::Folder(f),
                Info::MaxNode(n) => MInfo::MaxNode(n),
                Info::MaxDepth(d) => MInfo::MaxDepth(d),
                Info::ShowDetail(d) => MInfo::ShowDetail(d),
                Info::ThreadNum(n) => MInfo::ThreadNum(n),
                Info::GameType(_)
                | Info::Evaluate { .. }
                | Info::Evaluator(_)
                | Info::Unknown { .. }
                | Info::Invalid { .. } => MInfo::Ignored,
            }),
            Command::End => MCmd::End,
            Command::About => MCmd::About,
            Command::Takeback { x, y } => MCmd::Takeback(x, y),
            Command::Stop => MCmd::Stop,
            Command::YxBoard => MCmd::YxBoard,
            Command::YxShowForbid => MCmd::YxShowForbid,
            Command::YxHashClear => MCmd::YxHashClear,
            Command::YxShowInfo => MCmd::YxShowInfo,
            Command::YxBlock => MCmd::YxBlock,
            Command::YxBlockUndo => MCmd::YxBlockUndo,
            Command::YxBlockReset => MCmd::YxBlockReset,
            Command::YxNbest { n } => MCmd::YxNbest(n),
            Command::YxSearchDefend => MCmd::YxSearchDefend,
            Command::YxBalance { stones, bias } => MCmd::YxBalance(stones, bias),
            Command::Swap2Board => MCmd::Swap2Board,
            Command::Unknown(_) => MCmd::Unknown,
        },
    }
}

/// The parser agrees with the model, and what it carries is sane: an unknown command
/// keeps its whole (trimmed) text; an error names its command and says why on one
/// printable ASCII line.
fn check_line(line: &str) -> Result<(), TestCaseError> {
    prop_assert_eq!(as_model(line), mparse(line), "line {:?}", line);
    match parse(line) {
        Ok(Command::Unknown(text)) => prop_assert_eq!(text, line.trim()),
        Ok(Command::Info(Info::Invalid { key, .. } | Info::Unknown { key, .. })) => {
            prop_assert_eq!(key.to_ascii_lowercase(), key)
        }
        Err(e) => {
            let word = fuzz_model::first_word(line).0.to_ascii_uppercase();
            prop_assert_eq!(e.command, word.as_str());
            let shown = e.to_string();
            prop_assert!(!e.reason.trim().is_empty());
            prop_assert!(
                shown.bytes().all(|b| (b' '..=b'~').contains(&b)),
                "not one printable ASCII line: {:?}",
                shown
            );
        }
        Ok(_) => {}
    }
    let model = match mboard_line(line) {
        MBoardLine::Done => Some(BoardLine::Done),
        MBoardLine::Stone(x, y, field) => Some(BoardLine::Stone { x, y, field }),
        MBoardLine::Bad => None,
    };
    let point = match mpoint_line(line) {
        MPointLine::Done => Some(PointLine::Done),
        MPointLine::Point(x, y) => Some(PointLine::Point { x, y }),
        MPointLine::Bad => None,
    };
    prop_assert_eq!(parse_point_line(line).ok(), point, "point line {:?}", line);
    match parse_board_line(line) {
        Ok(b) => prop_assert_eq!(Some(b), model, "board line {:?}", line),
        Err(e) => {
            prop_assert_eq!(model, None, "board line {:?}", line);
            prop_assert_eq!(e.command, "BOARD");
            prop_assert!(e.to_string().bytes().all(|b| (b' '..=b'~').contains(&b)));
        }
    }
    Ok(())
}

/// A well-formed command with blanks where the grammar allows them.
fn command_line() -> impl Strategy<Value = (String, Command)> {
    let blank = || select(&["", " ", "  ", "\t", " \t "][..]);
    let n = || prop_oneof![3 => -2i64..40, 1 => any::<i64>()];
    let pair = move |name: &'static str, make: fn(i64, i64) -> Command| {
        (n(), n(), blank(), blank(), blank(), any::<u64>()).prop_map(move |(x, y, a, b, c, m)| {
            (
                format!("{}{a} {b}{x}{c},{a}{y}{b}", recase(name, m)),
                make(x, y),
            )
        })
    };
    prop_oneof![
        (n(), blank(), any::<u64>()).prop_map(|(s, b, m)| (
            format!("{b}{} {s}{b}", recase("start", m)),
            Command::Start { size: s }
        )),
        pair("RECTSTART", |width, height| Command::RectStart {
            width,
            height
        }),
        (n(), n(), blank(), any::<u64>()).prop_map(|(w, h, b, m)| (
            format!("{} {w} {b}{h}{b}", recase("start", m)),
            Command::RectStart {
                width: w,
                height: h
            }
        )),
        pair("TURN", |x, y| Command::Turn { x, y }),
        (n(), blank(), any::<u64>()).prop_map(|(k, b, m)| (
            format!("{}{b} {k}{b}", recase("yxnbest", m)),
            Command::YxNbest { n: k }
        )),
        pair("TAKEBACK", |x, y| Command::Takeback { x, y }),
        (any::<u64>(), blank()).prop_map(|(t, b)| (
            format!("INFO{b} timeout_turn {t}"),
            Command::Info(Info::TimeoutTurn(t))
        )),
        any::<i64>().prop_map(|t| (
            format!("info TIME_LEFT {t}"),
            Command::Info(Info::TimeLeft(t))
        )),
        (0i64..=i64::MAX).prop_map(|r| (format!("INFO rule {r}"), Command::Info(Info::Rule(r)))),
        any::<u64>().prop_map(|n| (
            format!("INFO max_node {n}"),
            Command::Info(Info::MaxNode(n))
        )),
        (i64::MIN..0).prop_map(|d| (
            format!("INFO MAX_DEPTH {d}"),
            Command::Info(Info::MaxDepth(0))
        )),
        "[a-zA-Z0-9:/\\\\._-]([a-zA-Z0-9:/\\\\ ._-]{0,30}[a-zA-Z0-9])?"
            .prop_map(|f| (format!("INFO folder {f}"), Command::Info(Info::Folder(f)))),
        select(
            &[
                "RESTART",
                "BEGIN",
                "BOARD",
                "END",
                "ABOUT",
                "YXSTOP",
                "STOP",
                "YXBOARD",
                "YXSHOWFORBID",
                "YXHASHCLEAR",
                "YXSHOWINFO",
                "YXBLOCK",
                "YXBLOCKUNDO",
                "YXBLOCKRESET",
                "YXSEARCHDEFEND"
            ][..]
        )
        .prop_map(|w| (w.to_string(), parse(w).expect("a bare command word parses"))),
    ]
}

/// `cases` cases; a failing case's seed is kept in `tests/fuzz_parse.proptest-regressions`
/// (proptest's default place, without its warning that integration tests have no lib.rs
/// beside them).
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(2000))]

    /// Any text at all: no panic, and the model's reading.
    #[test]
    fn any_string_parses_like_the_model(line in any::<String>()) {
        check_line(&line)?;
    }

    /// Protocol-flavoured token soup, which reaches the interesting branches far more
    /// often than arbitrary text.
    #[test]
    fn token_soup_parses_like_the_model(line in soup()) {
        check_line(&line)?;
    }

    /// Well-formed commands, then the same lines mutated byte by byte.
    #[test]
    fn mutated_commands_parse_like_the_model(
        (line, cmd) in command_line(),
        muts in prop::collection::vec(gen::mutation(), 0..3),
    ) {
        // Round trip: the numbers come back exactly.
        prop_assert_eq!(parse(&line), Ok(cmd), "{:?}", line);
        check_line(&line)?;
        let mut lines = vec![line.into_bytes()];
        for m in &muts {
            lines = lines.iter().flat_map(|l| gen::mutate(l, m)).collect();
        }
        for l in lines {
            check_line(&String::from_utf8_lossy(&l))?;
        }
    }

    /// Board lines: `x,y,f` round trip, and mutated ones against the model.
    #[test]
    fn board_lines_round_trip(
        x in any::<i64>(), y in -3i64..40, f in -1i64..5,
        pad in select(&["", " ", "\t"][..]),
        m in gen::mutation(),
    ) {
        let line = format!("{pad}{x}{pad},{y} ,{pad}{f}{pad}");
        prop_assert_eq!(
            parse_board_line(&line),
            Ok(BoardLine::Stone { x, y, field: f })
        );
        for l in gen::mutate(line.as_bytes(), &m) {
            check_line(&String::from_utf8_lossy(&l))?;
        }
    }

    /// The line splitter on arbitrary bytes in arbitrary pieces gives the model's lines.
    #[test]
    fn splitter_matches_the_model(
        parts in prop::collection::vec(
            prop_oneof![
                4 => soup().prop_map(String::into_bytes),
                2 => prop::collection::vec(any::<u8>(), 0..40),
                2 => prop::collection::vec(
                    select(&[b'\r', b'\n', b' ', b'\t', b'A', 0xff, 0xc3, 0xa9][..]), 0..20),
                1 => (0usize..3 * MAX_LINE, select(&["X", "é", " ", "\u{fffd}", "7,"][..]))
                    .prop_map(|(n, s)| s.repeat(n / s.len()).into_bytes()),
            ],
            0..12,
        ),
        seed in any::<u64>(),
    ) {
        let bytes: Vec<u8> = parts.concat();
        let mut rng = Rng(seed);
        let mut real = LineSplitter::new();
        let mut model = ModelSplitter::default();
        let (mut got, mut want) = (Vec::new(), Vec::new());
        let mut rest = &bytes[..];
        while !rest.is_empty() {
            let n = (1 + rng.below(64) as usize).min(rest.len());
            real.feed(&rest[..n], |l| got.push(l));
            rest = &rest[n..];
        }
        got.extend(real.finish());
        want.extend(model.feed(&bytes));
        want.extend(model.finish());
        prop_assert_eq!(&got, &want);
        for l in &got {
            prop_assert!(!l.is_empty() && l.trim() == l && !l.contains(['\r', '\n']));
            // Each kept byte becomes at most one 3-byte U+FFFD.
            prop_assert!(l.len() <= 3 * MAX_LINE);
        }
    }
}

/// Numbers far past 64 bits, signs in the wrong place, and blanks the grammar does not
/// allow: all malformed, never a panic.
#[test]
fn hard_numbers() {
    for line in [
        "TURN 99999999999999999999999999999999999999,1",
        "TURN 1,-99999999999999999999999999999999999999",
        "START +-5",
        "START 5-",
        "START - 5",
        "TURN 7 ,, 7",
        "RECTSTART 20,",
        "TAKEBACK ,",
        "INFO timeout_turn +",
        "INFO max_memory 18446744073709551616",
    ] {
        check_line(line).unwrap();
        assert!(
            matches!(mparse(line), MCmd::Malformed | MCmd::Info(MInfo::Ignored)),
            "{line}"
        );
    }
    assert_eq!(
        parse("TURN -9223372036854775808,9223372036854775807"),
        Ok(Command::Turn {
            x: i64::MIN,
            y: i64::MAX
        })
    );
}
