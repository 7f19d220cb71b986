//! The command parser: one input line in, one [`Command`] out. A pure function, no state.
//!
//! Command words and INFO keys match in any case. Numbers may have blanks around them and
//! around the commas (the C skeleton's `sscanf` accepts `RECTSTART 30 ,20`), but nothing
//! else may follow them: `TURN 7,7x` is malformed. Coordinates are parsed as signed
//! numbers; whether they lie on the board is the session's question.

use std::fmt;

/// One manager command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START n`: a new square game.
    Start { size: i64 },
    /// `RECTSTART w,h`: a new rectangular game; `w` belongs to x.
    RectStart { width: i64, height: i64 },
    /// `RESTART`: a new game of the same size.
    Restart,
    /// `BEGIN`: we move first on an empty board.
    Begin,
    /// `TURN x,y`: the opponent's move; we reply with ours.
    Turn { x: i64, y: i64 },
    /// `BOARD`: the position follows as `x,y,f` lines up to `DONE` (see [`parse_board_line`]).
    Board,
    /// `INFO key value`: a setting. Never answered.
    Info(Info),
    /// `END`: exit at once.
    End,
    /// `ABOUT`: describe the brain.
    About,
    /// `TAKEBACK x,y`: remove that stone.
    Takeback { x: i64, y: i64 },
    /// `YXSTOP` (Yixin-Board, c-gomoku-cli) or `STOP` (Rapfi): move now.
    Stop,
    /// `YXBOARD`: a position as for `BOARD`, up to `DONE`, set without a move in reply.
    YxBoard,
    /// `YXSHOWFORBID`: the renju fouls of black, to move.
    YxShowForbid,
    /// `YXHASHCLEAR`: forget the transposition table and what the search learnt.
    YxHashClear,
    /// `YXSHOWINFO`: the GUI asks who we are and what we support.
    YxShowInfo,
    /// `YXBLOCK`: points the search must not play at the root follow as `x,y` lines
    /// up to `DONE` (see [`parse_point_line`]).
    YxBlock,
    /// `YXBLOCKUNDO`: points to take off that list, as for `YXBLOCK`.
    YxBlockUndo,
    /// `YXBLOCKRESET`: empty the list.
    YxBlockReset,
    /// `YXNBEST n`: the `n` best moves, each with its own search; the best is the
    /// answer, not played.
    YxNbest { n: i64 },
    /// `YXSEARCHDEFEND`: the moves that do not lose; the best is the answer, not played.
    YxSearchDefend,
    /// `YXBALANCEONE bias` (`stones` 1) or `YXBALANCETWO bias` (2): the move, or the
    /// move and the opponent's reply, after which the side to move now scores closest
    /// to `bias`; the answer, not played.
    YxBalance { stones: u8, bias: i64 },
    /// `SWAP2BOARD`: the Swap2 opening so far follows as `x,y` lines (black first, in
    /// order) up to `DONE`; we answer this stage's choice.
    Swap2Board,
    /// Anything else; the text is the whole line.
    Unknown(String),
}

/// The payload of an `INFO` line. A bad value is not a parse error: INFO is never
/// answered, so it is carried as [`Info::Invalid`] and ignored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Info {
    /// Milliseconds for one move; 0 means "move at once".
    TimeoutTurn(u64),
    /// Milliseconds for the whole game; 0 means no limit.
    TimeoutMatch(u64),
    /// Remaining match time in ms; 2147483647 means unlimited; may be negative.
    TimeLeft(i64),
    /// Process memory limit in bytes; 0 means no limit.
    MaxMemory(u64),
    /// The rule bit mask (see `Rule::from_info`).
    Rule(i64),
    /// 0 human, 1 brain, 2 tournament, 3 network tournament.
    GameType(i64),
    /// Folder for persistent files: the whole rest of the line.
    Folder(String),
    /// Mouse position in a debug GUI.
    Evaluate { x: i64, y: i64 },
    /// Wuzi's evaluation: `classical`, `net` or a weight file (the rest of the line).
    Evaluator(String),
    /// Search at most this many nodes; 0 means no limit (so does a negative value:
    /// Yixin-Board sends -1).
    MaxNode(u64),
    /// Search at most this deep; 0 (or a negative value) means no limit.
    MaxDepth(u64),
    /// What to show while thinking: 0 nothing, 1 the realtime lines, 2 each
    /// iteration's result, 3 both.
    ShowDetail(u8),
    /// Search threads, at least 1 (Yixin-Board and Rapfi's `thread_num`).
    ThreadNum(u64),
    /// A key we do not use (c-gomoku-cli forwards user keys such as `pondering`).
    Unknown { key: String, value: String },
    /// A known key with a value we cannot read.
    Invalid { key: String, value: String },
}

/// One line inside a `YXBLOCK` or `YXBLOCKUNDO` block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointLine {
    /// `x,y`.
    Point { x: i64, y: i64 },
    /// `DONE`: the end of the block.
    Done,
}

/// One line inside a `BOARD` block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardLine {
    /// `x,y,f`: f = 1 ours, 2 the opponent's, 3 a wall.
    Stone { x: i64, y: i64, field: i64 },
    /// `DONE`: the end of the block.
    Done,
}

/// A line that names a known command but cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The command word, upper case (`TURN`), or `BOARD` for a line inside a block.
    pub command: &'static str,
    /// What was wrong, in words, ASCII and on one line.
    pub reason: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.command, self.reason)
    }
}

impl std::error::Error for ParseError {}

/// Parses one command line (without its line end).
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let line = line.trim();
    let (word, rest) = split_word(line);
    let is = |name: &str| word.eq_ignore_ascii_case(name);
    let no_args = |cmd: Command, name: &'static str| {
        if rest.is_empty() {
            Ok(cmd)
        } else {
            Err(err(
                name,
                format!("takes no argument, got '{}'", excerpt(rest)),
            ))
        }
    };
    if is("START") {
        if let Some(size) = number(rest) {
            return Ok(Command::Start { size });
        }
        // Yixin-Board's `start w h`.
        let words: Vec<&str> = rest
            .split(|c: char| c.is_ascii_whitespace())
            .filter(|w| !w.is_empty())
            .collect();
        match words[..] {
            [w, h] => match (number(w), number(h)) {
                (Some(width), Some(height)) => Ok(Command::RectStart { width, height }),
                _ => Err(err("START", expected("a board size", rest))),
            },
            _ => Err(err("START", expected("a board size", rest))),
        }
    } else if is("RECTSTART") {
        let [width, height] =
            numbers(rest).ok_or_else(|| err("RECTSTART", expected("width,height", rest)))?;
        Ok(Command::RectStart { width, height })
    } else if is("RESTART") {
        no_args(Command::Restart, "RESTART")
    } else if is("BEGIN") {
        no_args(Command::Begin, "BEGIN")
    } else if is("TURN") {
        let [x, y] = numbers(rest).ok_or_else(|| err("TURN", expected("x,y", rest)))?;
        Ok(Command::Turn { x, y })
    } else if is("BOARD") {
        no_args(Command::Board, "BOARD")
    } else if is("INFO") {
        Ok(Command::Info(parse_info(rest)))
    } else if is("END") {
        Ok(Command::End)
    } else if is("ABOUT") {
        Ok(Command::About)
    } else if is("TAKEBACK") {
        let [x, y] = numbers(rest).ok_or_else(|| err("TAKEBACK", expected("x,y", rest)))?;
        Ok(Command::Takeback { x, y })
    } else if is("YXSTOP") || is("STOP") {
        Ok(Command::Stop)
    } else if is("YXBOARD") {
        no_args(Command::YxBoard, "YXBOARD")
    } else if is("YXSHOWFORBID") {
        no_args(Command::YxShowForbid, "YXSHOWFORBID")
    } else if is("YXHASHCLEAR") {
        no_args(Command::YxHashClear, "YXHASHCLEAR")
    } else if is("YXSHOWINFO") {
        no_args(Command::YxShowInfo, "YXSHOWINFO")
    } else if is("YXBLOCK") {
        no_args(Command::YxBlock, "YXBLOCK")
    } else if is("YXBLOCKUNDO") {
        no_args(Command::YxBlockUndo, "YXBLOCKUNDO")
    } else if is("YXBLOCKRESET") {
        no_args(Command::YxBlockReset, "YXBLOCKRESET")
    } else if is("YXNBEST") {
        let n = number(rest).ok_or_else(|| err("YXNBEST", expected("a number of moves", rest)))?;
        Ok(Command::YxNbest { n })
    } else if is("YXSEARCHDEFEND") {
        no_args(Command::YxSearchDefend, "YXSEARCHDEFEND")
    } else if is("YXBALANCEONE") || is("YXBALANCETWO") {
        let (name, stones) = if is("YXBALANCEONE") {
            ("YXBALANCEONE", 1)
        } else {
            ("YXBALANCETWO", 2)
        };
        let bias = number(rest).ok_or_else(|| err(name, expected("a score bias", rest)))?;
        Ok(Command::YxBalance { stones, bias })
    } else if is("SWAP2BOARD") {
        no_args(Command::Swap2Board, "SWAP2BOARD")
    } else {
        Ok(Command::Unknown(line.to_string()))
    }
}

/// Parses one line inside a `BOARD` block: `x,y,f` or `DONE`.
/// A line inside a `BOARD` block that is not one of its lines yet still acts: END exits,
/// and START, RECTSTART or RESTART abandon the block (the manager gave up on it). Every
/// other line up to DONE belongs to the block.
pub fn breaks_block(line: &str) -> Option<Command> {
    match parse(line) {
        Ok(
            cmd @ (Command::End
            | Command::Start { .. }
            | Command::RectStart { .. }
            | Command::Restart),
        ) => Some(cmd),
        _ => None,
    }
}

/// Whether a block of lines up to `DONE` (`BOARD`, `YXBOARD`, `YXBLOCK`,
/// `YXBLOCKUNDO`, `SWAP2BOARD`) is being read after
/// `line`, given whether one was before it (as the session reads blocks: only DONE or
/// a line that breaks the block ends one). The input loop uses it for the lines it
/// queues behind a search.
pub fn block_open_after(open: bool, line: &str) -> bool {
    if open {
        parse_board_line(line) != Ok(BoardLine::Done) && breaks_block(line).is_none()
    } else {
        parse(line).is_ok_and(|c| c.opens_block())
    }
}

impl Command {
    /// True for the commands whose lines follow up to `DONE`.
    pub fn opens_block(&self) -> bool {
        matches!(
            self,
            Command::Board
                | Command::YxBoard
                | Command::YxBlock
                | Command::YxBlockUndo
                | Command::Swap2Board
        )
    }
}

pub fn parse_board_line(line: &str) -> Result<BoardLine, ParseError> {
    let line = line.trim();
    if line.eq_ignore_ascii_case("DONE") {
        return Ok(BoardLine::Done);
    }
    let [x, y, field] = numbers(line).ok_or_else(|| {
        err(
            "BOARD",
            format!("x,y,who or DONE expected, got '{}'", excerpt(line)),
        )
    })?;
    Ok(BoardLine::Stone { x, y, field })
}

/// Parses one line inside a `YXBLOCK` or `YXBLOCKUNDO` block: `x,y` or `DONE`.
pub fn parse_point_line(line: &str) -> Result<PointLine, ParseError> {
    let line = line.trim();
    if line.eq_ignore_ascii_case("DONE") {
        return Ok(PointLine::Done);
    }
    let [x, y] = numbers(line).ok_or_else(|| {
        err(
            "YXBLOCK",
            format!("x,y or DONE expected, got '{}'", excerpt(line)),
        )
    })?;
    Ok(PointLine::Point { x, y })
}

/// Parses what follows `INFO`.
fn parse_info(rest: &str) -> Info {
    let (key, value) = split_word(rest);
    let k = |name: &str| key.eq_ignore_ascii_case(name);
    let invalid = || Info::Invalid {
        key: key.to_ascii_lowercase(),
        value: value.to_string(),
    };
    let unsigned =
        |make: fn(u64) -> Info| value.parse::<u64>().map(make).unwrap_or_else(|_| invalid());
    let signed =
        |make: fn(i64) -> Info| value.parse::<i64>().map(make).unwrap_or_else(|_| invalid());
    // A limit: a negative value means none, as 0 does.
    let limit = |make: fn(u64) -> Info| match (value.parse::<u64>(), value.parse::<i64>()) {
        (Ok(v), _) => make(v),
        (_, Ok(v)) if v < 0 => make(0),
        _ => invalid(),
    };
    if k("timeout_turn") {
        unsigned(Info::TimeoutTurn)
    } else if k("timeout_match") {
        unsigned(Info::TimeoutMatch)
    } else if k("time_left") {
        signed(Info::TimeLeft)
    } else if k("max_memory") {
        unsigned(Info::MaxMemory)
    } else if k("rule") {
        // A bit mask: a negative value would switch on every bit.
        match value.parse::<i64>() {
            Ok(v) if v >= 0 => Info::Rule(v),
            _ => invalid(),
        }
    } else if k("game_type") {
        signed(Info::GameType)
    } else if k("folder") {
        if value.is_empty() {
            invalid()
        } else {
            Info::Folder(value.to_string())
        }
    } else if k("evaluator") {
        if value.is_empty() {
            invalid()
        } else {
            Info::Evaluator(value.to_string())
        }
    } else if k("max_node") {
        limit(Info::MaxNode)
    } else if k("max_depth") {
        limit(Info::MaxDepth)
    } else if k("thread_num") {
        match value.parse::<u64>() {
            Ok(v) if v >= 1 => Info::ThreadNum(v),
            _ => invalid(),
        }
    } else if k("show_detail") {
        match value.parse::<u8>() {
            Ok(v) if v <= 3 => Info::ShowDetail(v),
            _ => invalid(),
        }
    } else if k("evaluate") {
        match numbers(value) {
            Some([x, y]) => Info::Evaluate { x, y },
            None => invalid(),
        }
    } else {
        Info::Unknown {
            key: key.to_ascii_lowercase(),
            value: value.to_string(),
        }
    }
}

/// Splits off the first blank-separated word; the rest has its blanks trimmed.
fn split_word(s: &str) -> (&str, &str) {
    let s = s.trim();
    match s.find(|c: char| c.is_ascii_whitespace()) {
        Some(i) => (&s[..i], s[i..].trim()),
        None => (s, ""),
    }
}

/// One integer with optional blanks around it.
fn number(s: &str) -> Option<i64> {
    let s = s.trim();
    // `i64::from_str` also takes a leading '+', which sscanf's %d does too.
    if s.is_empty()
        || !s
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'-' || b == b'+')
    {
        return None;
    }
    s.parse().ok()
}

/// Exactly `N` comma-separated integers, blanks allowed around each.
fn numbers<const N: usize>(s: &str) -> Option<[i64; N]> {
    let mut out = [0i64; N];
    let mut parts = s.split(',');
    for slot in out.iter_mut() {
        *slot = number(parts.next()?)?;
    }
    parts.next().is_none().then_some(out)
}

fn err(command: &'static str, reason: String) -> ParseError {
    ParseError { command, reason }
}

fn expected(what: &str, got: &str) -> String {
    if got.is_empty() {
        format!("expected {what}, got nothing")
    } else {
        format!("expected {what}, got '{}'", excerpt(got))
    }
}

/// Up to 40 characters of `s` as printable ASCII, safe to echo in a reply line.
pub fn excerpt(s: &str) -> String {
    const MAX: usize = 40;
    let mut out: String = s
        .chars()
        .take(MAX)
        .map(|c| {
            if c == ' ' || c.is_ascii_graphic() {
                c
            } else {
                '?'
            }
        })
        .collect();
    if s.chars().nth(MAX).is_some() {
        out.push_str("...");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line).unwrap_or_else(|e| panic!("{line:?}: {e}"))
    }

    #[test]
    fn command_words_in_any_case() {
        assert_eq!(ok("START 15"), Command::Start { size: 15 });
        assert_eq!(ok("start 20"), Command::Start { size: 20 });
        assert_eq!(ok("StArT 5"), Command::Start { size: 5 });
        assert_eq!(ok("begin"), Command::Begin);
        assert_eq!(ok("Restart"), Command::Restart);
        assert_eq!(ok("board"), Command::Board);
        assert_eq!(ok("end"), Command::End);
        assert_eq!(ok("about"), Command::About);
        assert_eq!(ok("yxstop"), Command::Stop);
        assert_eq!(ok("STOP"), Command::Stop);
    }

    #[test]
    fn blanks_around_numbers_and_commas() {
        assert_eq!(
            ok("RECTSTART 30 ,20"),
            Command::RectStart {
                width: 30,
                height: 20
            }
        );
        assert_eq!(
            ok("RECTSTART 30, 20"),
            Command::RectStart {
                width: 30,
                height: 20
            }
        );
        assert_eq!(ok("  TURN\t7 , 8  "), Command::Turn { x: 7, y: 8 });
        assert_eq!(ok("TURN 10,11"), Command::Turn { x: 10, y: 11 });
        assert_eq!(ok("TAKEBACK 3,4"), Command::Takeback { x: 3, y: 4 });
        assert_eq!(ok("START   15  "), Command::Start { size: 15 });
    }

    #[test]
    fn yixin_board_words() {
        assert_eq!(
            ok("start 15 16"),
            Command::RectStart {
                width: 15,
                height: 16
            }
        );
        assert_eq!(
            ok("START  20\t20 "),
            Command::RectStart {
                width: 20,
                height: 20
            }
        );
        assert_eq!(ok("yxboard"), Command::YxBoard);
        assert_eq!(ok("YXSHOWFORBID"), Command::YxShowForbid);
        assert_eq!(ok("YxHashClear"), Command::YxHashClear);
        assert_eq!(ok("yxshowinfo"), Command::YxShowInfo);
        for line in [
            "YXBOARD 7,7,1",
            "YXSHOWFORBID x",
            "YXHASHCLEAR 1",
            "YXSHOWINFO 2",
        ] {
            assert!(parse(line).is_err(), "{line}");
        }
        assert!(ok("YXBOARD").opens_block() && ok("BOARD").opens_block());
        assert!(ok("yxblock").opens_block() && ok("YXBLOCKUNDO").opens_block());
        assert_eq!(ok("YXBLOCKRESET"), Command::YxBlockReset);
        assert_eq!(ok("yxnbest 3"), Command::YxNbest { n: 3 });
        assert_eq!(ok("YXNBEST  -2 "), Command::YxNbest { n: -2 });
        assert_eq!(ok("YXSEARCHDEFEND"), Command::YxSearchDefend);
        assert_eq!(
            ok("yxbalanceone 0"),
            Command::YxBalance { stones: 1, bias: 0 }
        );
        assert_eq!(
            ok("YXBALANCETWO -150"),
            Command::YxBalance {
                stones: 2,
                bias: -150
            }
        );
        assert_eq!(ok("swap2board"), Command::Swap2Board);
        assert!(ok("SWAP2BOARD").opens_block());
        for line in [
            "YXBALANCEONE",
            "YXBALANCEONE x",
            "YXBALANCETWO 1 2",
            "YXBALANCETWO 1.5",
            "SWAP2BOARD 3",
        ] {
            assert!(parse(line).is_err(), "{line}");
        }
        for line in [
            "YXNBEST",
            "YXNBEST x",
            "YXNBEST 3 4",
            "YXNBEST 3,4",
            "YXSEARCHDEFEND 1",
        ] {
            assert!(parse(line).is_err(), "{line}");
        }
        assert!(!ok("YXBLOCKRESET").opens_block());
        assert_eq!(
            parse_point_line(" 3 , 4 "),
            Ok(PointLine::Point { x: 3, y: 4 })
        );
        assert_eq!(parse_point_line("done"), Ok(PointLine::Done));
        for bad in ["3,4,1", "3", "x,y", "", "YXBLOCK"] {
            assert_eq!(
                parse_point_line(bad).unwrap_err().command,
                "YXBLOCK",
                "{bad}"
            );
        }
        assert!(!ok("YXSHOWINFO").opens_block());
    }

    #[test]
    fn negative_coordinates_parse_for_the_session_to_reject() {
        assert_eq!(ok("TURN -1,3"), Command::Turn { x: -1, y: 3 });
    }

    #[test]
    fn malformed_arguments_are_errors() {
        for line in [
            "START x",
            "START",
            "START 15 16 17",
            "START 15,16",
            "START 1.5",
            "START 99999999999999999999999",
            "RECTSTART 20",
            "RECTSTART 20,12,3",
            "TURN 7",
            "TURN a,b",
            "TURN 7,7x",
            "TURN 7 7",
            "TURN ,7",
            "TURN",
            "TAKEBACK 7",
            "BEGIN now",
            "RESTART 15",
        ] {
            let e = parse(line).expect_err(line);
            assert!(!e.reason.is_empty(), "{line}");
            assert!(e.to_string().is_ascii(), "{line}");
        }
        assert_eq!(parse("TURN a,b").unwrap_err().command, "TURN");
    }

    #[test]
    fn unknown_commands_keep_their_text() {
        assert_eq!(
            ok("FROBNICATE 1 2"),
            Command::Unknown("FROBNICATE 1 2".into())
        );
        assert_eq!(ok("DONE"), Command::Unknown("DONE".into()));
        assert_eq!(ok("7,7,1"), Command::Unknown("7,7,1".into()));
        assert_eq!(ok("STARTX 15"), Command::Unknown("STARTX 15".into()));
        assert_eq!(ok("PLAY 7,7"), Command::Unknown("PLAY 7,7".into()));
    }

    #[test]
    fn info_keys() {
        let info = |l: &str| match ok(l) {
            Command::Info(i) => i,
            c => panic!("{l}: {c:?}"),
        };
        assert_eq!(info("INFO timeout_turn 5000"), Info::TimeoutTurn(5000));
        assert_eq!(info("INFO TIMEOUT_TURN 0"), Info::TimeoutTurn(0));
        assert_eq!(
            info("INFO timeout_match 180000"),
            Info::TimeoutMatch(180000)
        );
        assert_eq!(info("INFO time_left -5"), Info::TimeLeft(-5));
        assert_eq!(
            info("INFO time_left 2147483647"),
            Info::TimeLeft(2147483647)
        );
        assert_eq!(
            info("INFO max_memory 367001600"),
            Info::MaxMemory(367001600)
        );
        assert_eq!(info("INFO max_memory 8589934592"), Info::MaxMemory(8 << 30));
        assert_eq!(info("INFO rule 4"), Info::Rule(4));
        assert_eq!(info("INFO game_type 1"), Info::GameType(1));
        assert_eq!(info("INFO evaluate 7,8"), Info::Evaluate { x: 7, y: 8 });
        assert_eq!(info("INFO evaluator net"), Info::Evaluator("net".into()));
        assert_eq!(
            info("INFO folder C:\\Program Files\\my data"),
            Info::Folder("C:\\Program Files\\my data".into())
        );
        assert_eq!(
            info("info folder  /tmp/a b/c "),
            Info::Folder("/tmp/a b/c".into())
        );
        assert_eq!(info("INFO max_node 10000"), Info::MaxNode(10000));
        assert_eq!(info("INFO max_node -1"), Info::MaxNode(0));
        assert_eq!(info("INFO MAX_NODE 0"), Info::MaxNode(0));
        assert_eq!(
            info("INFO max_node 18446744073709551615"),
            Info::MaxNode(u64::MAX)
        );
        assert_eq!(info("INFO max_depth 225"), Info::MaxDepth(225));
        assert_eq!(info("INFO max_depth -5"), Info::MaxDepth(0));
        assert_eq!(info("INFO show_detail 3"), Info::ShowDetail(3));
        assert_eq!(info("INFO SHOW_DETAIL 0"), Info::ShowDetail(0));
        assert_eq!(info("INFO thread_num 4"), Info::ThreadNum(4));
        assert_eq!(info("INFO THREAD_NUM 1"), Info::ThreadNum(1));
        assert_eq!(
            info("INFO pondering 1"),
            Info::Unknown {
                key: "pondering".into(),
                value: "1".into()
            }
        );
    }

    #[test]
    fn bad_info_values_are_carried_not_errors() {
        for line in [
            "INFO timeout_turn -1",
            "INFO timeout_turn abc",
            "INFO max_memory -1",
            "INFO rule -1",
            "INFO rule",
            "INFO time_left",
            "INFO folder",
            "INFO evaluate 7",
            "INFO evaluator",
            "INFO max_node",
            "INFO max_node lots",
            "INFO max_depth 1e3",
            "INFO max_depth -99999999999999999999",
            "INFO show_detail 4",
            "INFO show_detail -1",
            "INFO show_detail",
            "INFO thread_num 0",
            "INFO thread_num -2",
            "INFO thread_num two",
        ] {
            assert!(
                matches!(ok(line), Command::Info(Info::Invalid { .. })),
                "{line}"
            );
        }
        assert!(matches!(ok("INFO"), Command::Info(Info::Unknown { .. })));
    }

    #[test]
    fn board_lines() {
        assert_eq!(
            parse_board_line("7,7,1"),
            Ok(BoardLine::Stone {
                x: 7,
                y: 7,
                field: 1
            })
        );
        assert_eq!(
            parse_board_line(" 10 , 2 ,3 "),
            Ok(BoardLine::Stone {
                x: 10,
                y: 2,
                field: 3
            })
        );
        assert_eq!(parse_board_line("done"), Ok(BoardLine::Done));
        assert_eq!(parse_board_line("DONE"), Ok(BoardLine::Done));
        // The field's range is the session's business; the shape is the parser's.
        assert_eq!(
            parse_board_line("1,2,7"),
            Ok(BoardLine::Stone {
                x: 1,
                y: 2,
                field: 7
            })
        );
        for bad in ["garbage", "7,7", "7,7,1,1", "7,7,x", "", "END"] {
            assert_eq!(parse_board_line(bad).unwrap_err().command, "BOARD", "{bad}");
        }
    }

    #[test]
    fn excerpt_is_short_printable_ascii() {
        assert_eq!(excerpt("abc"), "abc");
        assert_eq!(excerpt("a\u{fffd}\u{1}b"), "a??b");
        let long = "X".repeat(1000);
        assert_eq!(excerpt(&long), format!("{}...", "X".repeat(40)));
    }
}
