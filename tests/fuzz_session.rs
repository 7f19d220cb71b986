//! Fuzzing of the whole protocol session (issue 6), with proptest.
//!
//! Random command streams go through the real line splitter into a real
//! [`Session`], in this process and without threads; after every line the session is
//! compared with the independent model in `tests/fuzz_model/`, written from the
//! protocol document. The harness plays the part of `src/protocol/io.rs`: it hands every
//! search lent out by `Action::Think` back through `Session::search_done`, and while a
//! search is out it treats incoming lines the way the input thread does (INFO, YXSTOP/STOP
//! and END act at once, everything else waits in a queue until the move is printed).
//!
//! Streams come in three kinds: (a) real games (START/RECTSTART, every INFO key,
//! BEGIN, TURN on empty points near the stones, BOARD and YXBOARD blocks in move order,
//! TAKEBACK, RESTART, ABOUT, YXSTOP, the Yixin-Board analysis commands, END) with a few
//! bad lines mixed in; (b) the same with many
//! lines mutated (bit flips, truncation, duplicated and dropped lines, case and blank
//! changes, huge and negative numbers, stray bytes, glued lines); (c) random tokens.
//! Lines end in LF, CR LF or CR, and some are far longer than the splitter keeps.
//!
//! Properties, checked at every step:
//! * nothing panics;
//! * every command that needs a reply gets exactly one, of the kind the model expects,
//!   and well formed (`OK`, `ERROR text`, `UNKNOWN text`, the ABOUT line, or MESSAGE
//!   lines then one move `x,y` on an empty point); INFO, YXSTOP/STOP and the lines
//!   inside a BOARD block get none;
//! * the position (size, rule, every point, stone order, side to move) and the INFO
//!   settings equal the model's;
//! * a move request gets a sane time budget (within `timeout_turn` and `time_left`, and
//!   more than nothing when every clock has plenty left).
//!
//! An *input* is one line handed on by the splitter. The short run below is part of
//! `cargo test --release`; the long run is
//! `cargo test --release --test fuzz_session -- --ignored --nocapture`
//! (`WUZI_FUZZ_INPUTS`, default 10 million; `WUZI_FUZZ_SEED` to repeat a run).

mod fuzz_model;

use fuzz_model::gen::{self, mutation, soup, Mutation, Rng};
use fuzz_model::{
    classify_reply, during_search, mparse, DuringSearch, Expect, MCmd, MGame, MInfo, Model,
    ModelSplitter, ReplyLine, UNLIMITED_MS,
};
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{Config, FileFailurePersistence, RngSeed, TestRunner};
use std::collections::VecDeque;
use std::io::Cursor;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use wuzi::board::{Board, Cell};
use wuzi::protocol::{
    block_open_after, parse, Action, Command, Info, LineSplitter, SearchJob, Session,
};
use wuzi::search::SearchResult;
use wuzi::types::{Color, Pos, Rule};

/// Inputs (lines handed on by the splitter) and cases run in this process.
static INPUTS: AtomicU64 = AtomicU64::new(0);
static CASES: AtomicU64 = AtomicU64::new(0);

/// What the runs reached, counted so that the long run can show its coverage.
#[derive(Clone, Copy)]
enum Seen {
    Ok,
    Error,
    Unknown,
    About,
    Move,
    /// A move request refused because a five stands or the board is full.
    GameOver,
    /// A BOARD block accepted (a move requested from it).
    BoardAccepted,
    /// A BOARD block refused at DONE.
    BoardRefused,
    TakebackOk,
    /// Lines queued behind a search; INFO applied during one; searches stopped.
    Queued,
    /// Lines queued inside a BOARD block that waits behind a search.
    QueuedBlockLine,
    InfoDuringSearch,
    Stopped,
    /// A search's move dropped for a new game read during it.
    Dropped,
    Exit,
    /// How searches came back.
    RealSearch,
    Crashed,
    NoResult,
    BadMove,
    LegalMove,
    /// FORBID lines and YXSHOWINFO answers.
    Forbid,
    ShowInfo,
    /// Answers of SWAP2BOARD and YXBALANCETWO: `SWAP`, and several points on a line.
    Swap,
    Points,
}

const SEEN_NAMES: [&str; 24] = [
    "OK",
    "ERROR",
    "UNKNOWN",
    "ABOUT",
    "moves",
    "game-over refusals",
    "BOARD accepted",
    "BOARD refused",
    "TAKEBACK OK",
    "lines queued in a search",
    "lines of a queued BOARD block",
    "INFO during a search",
    "searches stopped",
    "moves dropped for a new game",
    "END",
    "real searches",
    "crashed searches",
    "searches without a result",
    "searches with a bad move",
    "searches with a legal move",
    "FORBID replies",
    "YXSHOWINFO replies",
    "SWAP answers",
    "answers of several points",
];

static SEEN: [AtomicU64; 24] = [const { AtomicU64::new(0) }; 24];

fn seen(s: Seen) {
    SEEN[s as usize].fetch_add(1, Ordering::Relaxed);
}

macro_rules! ensure {
    ($cond:expr, $($fmt:tt)+) => {
        if !$cond {
            return Err(format!($($fmt)+));
        }
    };
}

// ---------------------------------------------------------------- generated cases

/// A point named relative to the position at the time the line is sent.
#[derive(Clone, Debug)]
enum Target {
    /// An empty point (mostly one near the stones): a legal move.
    Empty(u16),
    /// A point holding a stone.
    Stone(u16),
    /// The last stone placed.
    Last,
    /// Raw coordinates, often off the board.
    At(i64, i64),
}

/// One line of a BOARD block.
#[derive(Clone, Debug)]
enum BlockLine {
    /// A stone on an empty point; field 0 means "alternate 1 and 2 in move order".
    Stone(u16, u8),
    /// Raw `x,y,f`.
    Raw(i64, i64, i64),
    /// Any other line.
    Text(String),
}

#[derive(Clone, Copy, Debug)]
enum Terminator {
    Done,
    LowerDone,
    /// No DONE: the block swallows what follows.
    Missing,
    End,
}

/// What a generated line (or block of lines) says.
#[derive(Clone, Debug)]
enum Op {
    Start(i64),
    RectStart(i64, i64),
    Restart,
    Begin,
    About,
    End,
    /// `YXSTOP` (true) or `STOP`.
    Stop(bool),
    Turn(Target),
    Takeback(Target),
    Info(&'static str, String),
    /// The block's lines; whether the first stone is ours (field 1); the end; YXBOARD
    /// (true) or BOARD.
    Board(Vec<BlockLine>, bool, Terminator, bool),
    /// YXBLOCK (false) or YXBLOCKUNDO (true) with its lines (a point, or any text) and
    /// its end; YXBLOCKRESET.
    Block(Vec<Result<Target, String>>, bool, Terminator),
    BlockReset,
    /// `YXNBEST n`, YXSEARCHDEFEND.
    Nbest(i64),
    Defend,
    /// `YXBALANCEONE` (false) or `YXBALANCETWO` (true) with its argument.
    Balance(bool, String),
    /// SWAP2BOARD with its lines (a point near the stones before it, or any text)
    /// and its end.
    Swap2(Vec<Result<u16, String>>, Terminator),
    /// YXSHOWFORBID, YXHASHCLEAR, YXSHOWINFO.
    ShowForbid,
    HashClear,
    ShowInfo,
    Soup(String),
    Bytes(Vec<u8>),
    /// A line of `len` bytes: `prefix`, then `fill` repeated.
    Long(usize, &'static str, &'static str),
}

#[derive(Clone, Copy, Debug)]
enum Ending {
    Lf,
    CrLf,
    Cr,
    /// No line end: runs into the next line.
    Glued,
}

#[derive(Clone, Debug)]
struct Item {
    op: Op,
    /// Which of the op's lines to change, and how.
    mutation: Option<(u16, Mutation)>,
    ending: Ending,
}

#[derive(Clone, Debug)]
struct Case {
    items: Vec<Item>,
    /// Seeds the harness's own choices (chunking, search outcomes and timing).
    seed: u64,
    /// Hand lines straight to the session during a search (its API contract) rather
    /// than queue them as the input thread does.
    direct: bool,
}

fn size() -> impl Strategy<Value = i64> {
    prop_oneof![
        6 => 5i64..=9,
        4 => 10i64..=20,
        2 => 21i64..=32,
        1 => -3i64..5,
        1 => 33i64..100,
        1 => any::<i64>(),
    ]
}

fn coord() -> impl Strategy<Value = i64> {
    prop_oneof![
        6 => -2i64..34,
        1 => any::<i64>(),
        1 => select(&[i64::MIN, i64::MAX, 255, 256, -256, 1 << 32][..]),
    ]
}

fn target() -> impl Strategy<Value = Target> {
    prop_oneof![
        12 => any::<u16>().prop_map(Target::Empty),
        2 => any::<u16>().prop_map(Target::Stone),
        1 => Just(Target::Last),
        2 => (coord(), coord()).prop_map(|(x, y)| Target::At(x, y)),
    ]
}

fn takeback_target() -> impl Strategy<Value = Target> {
    prop_oneof![
        4 => Just(Target::Last),
        3 => any::<u16>().prop_map(Target::Stone),
        1 => any::<u16>().prop_map(Target::Empty),
        2 => (coord(), coord()).prop_map(|(x, y)| Target::At(x, y)),
    ]
}

fn texts(list: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop_oneof![
        3 => select(list).prop_map(str::to_string),
        1 => gen::number(),
    ]
}

/// `INFO key value` for every key, with good and bad values.
fn info() -> impl Strategy<Value = Op> {
    const TIMES: &[&str] = &[
        "0",
        "50",
        "1000",
        "5000",
        "30000",
        "180000",
        "2147483647",
        "-1",
    ];
    const MEMORY: &[&str] = &["0", "1", "65536", "1048576", "33554432", "367001600"];
    const RULES: &[&str] = &[
        "0", "1", "2", "4", "8", "9", "3", "5", "6", "12", "13", "-1",
    ];
    prop_oneof![
        2 => texts(TIMES).prop_map(|v| Op::Info("timeout_turn", v)),
        1 => texts(TIMES).prop_map(|v| Op::Info("timeout_match", v)),
        2 => texts(TIMES).prop_map(|v| Op::Info("time_left", v)),
        1 => texts(MEMORY).prop_map(|v| Op::Info("max_memory", v)),
        3 => texts(RULES).prop_map(|v| Op::Info("rule", v)),
        1 => texts(&["0", "1", "2", "3"]).prop_map(|v| Op::Info("game_type", v)),
        1 => select(&["C:\\Gomocup data\\x", "/tmp/a b", "", " ", "x"][..])
            .prop_map(|v| Op::Info("folder", v.to_string())),
        1 => (coord(), coord()).prop_map(|(x, y)| Op::Info("evaluate", format!("{x},{y}"))),
        1 => texts(&["0", "1", "-1", "1000", "18446744073709551615"])
            .prop_map(|v| Op::Info("max_node", v)),
        1 => texts(&["0", "1", "2", "-1", "225", "4294967296"])
            .prop_map(|v| Op::Info("max_depth", v)),
        1 => texts(&["0", "1", "2", "3", "4", "-1"]).prop_map(|v| Op::Info("show_detail", v)),
        1 => texts(&["0", "1", "2", "-1", "129", "18446744073709551615"])
            .prop_map(|v| Op::Info("thread_num", v)),
        1 => (select(gen::KEYS), soup()).prop_map(|(k, v)| Op::Info(k, v)),
    ]
}

/// A BOARD block: mostly a clean position in move order (sometimes with blocked
/// points), sometimes with bad lines, and now and then without its DONE.
fn board() -> impl Strategy<Value = Op> {
    let clean = prop_oneof![
        30 => any::<u16>().prop_map(|k| BlockLine::Stone(k, 0)),
        1 => any::<u16>().prop_map(|k| BlockLine::Stone(k, 3)),
    ];
    let clean = (prop::collection::vec(clean, 0..40), any::<bool>())
        .prop_map(|(lines, ours)| Op::Board(lines, ours, Terminator::Done, false));
    prop_oneof![3 => clean, 1 => messy_board()]
}

fn messy_board() -> impl Strategy<Value = Op> {
    let line = prop_oneof![
        20 => any::<u16>().prop_map(|k| BlockLine::Stone(k, 0)),
        1 => any::<u16>().prop_map(|k| BlockLine::Stone(k, 3)),
        1 => (coord(), coord(), -1i64..5).prop_map(|(x, y, f)| BlockLine::Raw(x, y, f)),
        1 => prop_oneof![
            soup(),
            Just("INFO rule 4".to_string()),
            Just("TURN 1,1".to_string()),
            Just("BOARD".to_string()),
            Just("YXBOARD".to_string()),
        ]
        .prop_map(BlockLine::Text),
    ];
    let end = prop_oneof![
        30 => Just(Terminator::Done),
        3 => Just(Terminator::LowerDone),
        2 => Just(Terminator::Missing),
        1 => Just(Terminator::End),
    ];
    (prop::collection::vec(line, 0..40), any::<bool>(), end)
        .prop_map(|(lines, ours, end)| Op::Board(lines, ours, end, false))
}

/// A line around or far past the 4096 bytes the splitter keeps: what is left after the
/// cut may still be a command (`START 15` and 5000 blanks).
fn long() -> impl Strategy<Value = Op> {
    (
        prop_oneof![4000usize..4200, 4200usize..13000],
        select(&["", "START 15", "TURN 7,", "INFO folder ", "BOARD", "X"][..]),
        select(&[" ", "0", "X", "é", "\u{fffd}", ",", "\t"][..]),
    )
        .prop_map(|(n, prefix, fill)| Op::Long(n, prefix, fill))
}

/// A YXBOARD block: as a BOARD block.
fn yxboard() -> impl Strategy<Value = Op> {
    board().prop_map(|op| match op {
        Op::Board(lines, ours, end, _) => Op::Board(lines, ours, end, true),
        other => other,
    })
}

/// A YXBLOCK or YXBLOCKUNDO block: mostly empty points, some stones, points off the
/// board and bad lines.
fn block_points() -> impl Strategy<Value = Op> {
    let line = prop_oneof![
        12 => target().prop_map(Ok),
        1 => prop_oneof![
            soup(),
            Just("7,7,1".to_string()),
            Just("INFO rule 4".to_string()),
            Just("YXBLOCK".to_string()),
        ]
        .prop_map(Err),
    ];
    let end = prop_oneof![
        30 => Just(Terminator::Done),
        3 => Just(Terminator::LowerDone),
        2 => Just(Terminator::Missing),
        1 => Just(Terminator::End),
    ];
    (prop::collection::vec(line, 0..8), any::<bool>(), end)
        .prop_map(|(lines, undo, end)| Op::Block(lines, undo, end))
}

/// A SWAP2BOARD block: mostly 0, 3 or 5 points, sometimes another count, a bad
/// line or no DONE.
fn swap2() -> impl Strategy<Value = Op> {
    let line = prop_oneof![
        20 => any::<u16>().prop_map(Ok),
        1 => prop_oneof![
            soup(),
            Just("7,7,1".to_string()),
            Just("40,3".to_string()),
            Just("INFO rule 4".to_string()),
        ]
        .prop_map(Err),
    ];
    let count = prop_oneof![6 => select(&[0usize, 3, 5][..]), 1 => 0usize..8];
    let end = prop_oneof![
        30 => Just(Terminator::Done),
        3 => Just(Terminator::LowerDone),
        2 => Just(Terminator::Missing),
        1 => Just(Terminator::End),
    ];
    (count, prop::collection::vec(line, 8), end).prop_map(|(n, mut lines, end)| {
        lines.truncate(n);
        Op::Swap2(lines, end)
    })
}

/// One operation; `games` weighs real play against random lines. END is rare, since it
/// ends the session.
fn op(games: u32) -> impl Strategy<Value = Op> {
    prop_oneof![
        30 * games => target().prop_map(Op::Turn),
        10 * games => info(),
        4 * games => board(),
        2 * games => yxboard(),
        2 * games => block_points(),
        games => Just(Op::BlockReset),
        games => (any::<bool>(), texts(&["0", "1", "-40", "150", "28999", "29000", "-29000", "x", ""]))
            .prop_map(|(two, s)| Op::Balance(two, s)),
        games => swap2(),
        2 * games => prop_oneof![
            4 => (-1i64..6).prop_map(Op::Nbest),
            1 => any::<i64>().prop_map(Op::Nbest),
            2 => Just(Op::Defend),
        ],
        games => prop_oneof![Just(Op::ShowForbid), Just(Op::HashClear), Just(Op::ShowInfo)],
        4 * games => takeback_target().prop_map(Op::Takeback),
        3 * games => Just(Op::Begin),
        3 * games => size().prop_map(Op::Start),
        games => (size(), size()).prop_map(|(w, h)| Op::RectStart(w, h)),
        games => Just(Op::Restart),
        games => Just(Op::About),
        2 * games => any::<bool>().prop_map(Op::Stop),
        3 => Just(Op::End),
        200 => soup().prop_map(Op::Soup),
        100 => prop::collection::vec(any::<u8>(), 0..24).prop_map(Op::Bytes),
        10 => long(),
    ]
}

fn ending() -> impl Strategy<Value = Ending> {
    prop_oneof![
        16 => Just(Ending::Lf),
        8 => Just(Ending::CrLf),
        2 => Just(Ending::Cr),
        1 => Just(Ending::Glued),
    ]
}

/// One item, mutated with probability `mutated`.
fn item(games: u32, mutated: f64) -> impl Strategy<Value = Item> {
    (
        op(games),
        prop::option::weighted(mutated, (any::<u16>(), mutation())),
        ending(),
    )
        .prop_map(|(op, mutation, ending)| Item {
            op,
            mutation,
            ending,
        })
}

fn plain(op: Op) -> Item {
    Item {
        op,
        mutation: None,
        ending: Ending::Lf,
    }
}

/// A case: (a) a real game, START and settings first, with 3% of its lines mutated;
/// (b) the same kind of lines, half of them mutated, with no set-up; (c) mostly random
/// tokens, bytes and long lines. A tenth of the cases hand lines straight to the
/// session during a search.
fn case() -> impl Strategy<Value = Case> {
    let games = (
        size(),
        select(&["0", "1", "4", "8", "9", "2"][..]),
        prop::collection::vec(item(100, 0.03), 0..80),
    )
        .prop_map(|(n, rule, rest)| {
            let mut items = vec![
                plain(Op::Start(n)),
                plain(Op::Info("max_memory", "1048576".into())),
                plain(Op::Info("rule", rule.into())),
            ];
            items.extend(rest);
            items
        });
    let items = prop_oneof![
        6 => games,
        3 => prop::collection::vec(item(100, 0.5), 0..80),
        1 => prop::collection::vec(item(1, 0.2), 0..60),
    ];
    (items, any::<u64>(), prop::bool::weighted(0.1)).prop_map(|(items, seed, direct)| Case {
        items,
        seed,
        direct,
    })
}

// ---------------------------------------------------------------- the harness

/// A search lent out by `Action::Think`.
struct Lent {
    job: Box<SearchJob>,
    /// YXSTOP/STOP or `INFO timeout_turn 0` arrived: the move comes before the next line.
    stop: bool,
    /// A new game arrived with nothing queued before it: the move is dropped.
    cancel: bool,
    /// Lines still to arrive before the search finishes by itself.
    lines_left: u64,
}

/// What the harness handed back as the search's result.
#[derive(Debug)]
enum Offer {
    Legal(Pos),
    Other,
}

struct Harness {
    session: Session,
    model: Model,
    splitter: LineSplitter,
    model_splitter: ModelSplitter,
    rng: Rng,
    direct: bool,
    /// Lines that arrived during a search, waiting (io.rs's queue).
    queue: VecDeque<(String, Instant)>,
    /// The queue ends inside a BOARD block, as io.rs sees it and as the model does.
    queued_block: (bool, bool),
    search: Option<Lent>,
    exited: bool,
    /// The last lines in and out, for the failure report.
    trace: VecDeque<String>,
    inputs: u64,
    /// Every input line, when asked for (to replay a stream end to end).
    record: Option<Vec<String>>,
}

impl Harness {
    fn new(seed: u64, direct: bool) -> Harness {
        Harness {
            session: Session::new(),
            model: Model::default(),
            splitter: LineSplitter::new(),
            model_splitter: ModelSplitter::default(),
            rng: Rng(seed),
            direct,
            queue: VecDeque::new(),
            queued_block: (false, false),
            search: None,
            exited: false,
            trace: VecDeque::new(),
            inputs: 0,
            record: None,
        }
    }

    fn note(&mut self, s: String) {
        if self.trace.len() == 40 {
            self.trace.pop_front();
        }
        self.trace.push_back(s);
    }

    /// Runs a whole case; on failure the error ends with the last lines in and out.
    fn run(&mut self, items: &[Item]) -> Result<(), String> {
        let result = (|| {
            for item in items {
                if self.exited {
                    break;
                }
                let bytes = self.render(item);
                self.feed(&bytes)?;
            }
            self.finish()
        })();
        result.map_err(|e| {
            let trace: Vec<&str> = self.trace.iter().map(String::as_str).collect();
            format!("{e}\n--- last lines (< in, > out):\n{}", trace.join("\n"))
        })
    }

    // ------------------------------------------------------------ input

    /// Feeds bytes to both splitters in random pieces; each line goes on at once.
    fn feed(&mut self, bytes: &[u8]) -> Result<(), String> {
        let mut rest = bytes;
        while !rest.is_empty() && !self.exited {
            let n = if self.rng.chance(50) {
                rest.len()
            } else {
                (1 + self.rng.below(16) as usize).min(rest.len())
            };
            let mut lines = Vec::new();
            self.splitter.feed(&rest[..n], |l| lines.push(l));
            let want = self.model_splitter.feed(&rest[..n]);
            ensure!(lines == want, "splitter: {lines:?}, model: {want:?}");
            rest = &rest[n..];
            for line in lines {
                self.input(line)?;
                if self.exited {
                    break;
                }
            }
        }
        Ok(())
    }

    /// The end of input: the last unterminated line, then every search and queued line
    /// is seen through (io.rs answers them all before it returns).
    fn finish(&mut self) -> Result<(), String> {
        if self.exited {
            return Ok(());
        }
        let (last, want) = (self.splitter.finish(), self.model_splitter.finish());
        ensure!(
            last == want,
            "splitter at the end: {last:?}, model: {want:?}"
        );
        if let Some(line) = last {
            self.input(line)?;
        }
        while !self.exited && self.search.is_some() {
            self.finish_search()?;
            self.drain()?;
        }
        ensure!(
            self.exited || self.queue.is_empty(),
            "lines left unanswered"
        );
        Ok(())
    }

    /// One line from the splitter.
    fn input(&mut self, line: String) -> Result<(), String> {
        INPUTS.fetch_add(1, Ordering::Relaxed);
        self.inputs += 1;
        if let Some(r) = &mut self.record {
            r.push(line.clone());
        }
        self.note(format!("< {}", fuzz_model_excerpt(&line)));
        let at = Instant::now();
        if self.search.is_some() {
            if self.direct {
                self.direct_while_thinking(&line, at)?;
            } else {
                self.reader(line, at)?;
            }
            if let Some(s) = &mut self.search {
                s.lines_left = s.lines_left.saturating_sub(1);
            }
        } else {
            self.process(line, at)?;
        }
        self.settle()
    }

    /// Finishes the searches that are due, answering the queued lines after each.
    fn settle(&mut self) -> Result<(), String> {
        while let Some(s) = &self.search {
            if self.exited || !(s.stop || s.lines_left == 0) {
                break;
            }
            self.finish_search()?;
            self.drain()?;
        }
        Ok(())
    }

    /// io.rs after a move: queued lines are handled in order until one starts a search.
    fn drain(&mut self) -> Result<(), String> {
        while !self.exited && self.search.is_none() {
            let Some((line, at)) = self.queue.pop_front() else {
                break;
            };
            self.process(line, at)?;
        }
        Ok(())
    }

    /// A line that arrives during a search, as io.rs's input side treats it.
    fn reader(&mut self, line: String, at: Instant) -> Result<(), String> {
        let parsed = parse(&line);
        let real = match &parsed {
            Ok(Command::End) => DuringSearch::End,
            // A line of a queued block is the block's.
            _ if self.queued_block.0 => DuringSearch::Wait,
            Ok(Command::Stop) => DuringSearch::Stop,
            Ok(Command::Info(i)) => DuringSearch::Info {
                stop: *i == Info::TimeoutTurn(0),
            },
            Ok(cmd) if self.session.starts_new_game(cmd) => DuringSearch::NewGame,
            _ => DuringSearch::Wait,
        };
        let want = during_search(&line, self.queued_block.1);
        ensure!(
            real == want,
            "during a search {line:?} is {real:?}, model: {want:?}"
        );
        let queue_empty = self.queue.is_empty();
        let queued = self.queue.len();
        let s = self.search.as_mut().expect("a search");
        match (real, parsed) {
            (DuringSearch::End, _) => {
                self.model.exit();
                self.exited = true;
                self.search = None;
                seen(Seen::Exit);
            }
            (DuringSearch::Stop, _) => {
                s.stop = true;
                seen(Seen::Stopped);
            }
            (DuringSearch::NewGame, _) if queue_empty => {
                s.stop = true;
                s.cancel = true;
                self.queue.push_back((line, at));
                seen(Seen::Dropped);
            }
            (DuringSearch::Info { stop }, Ok(Command::Info(info))) if queue_empty => {
                let stopped = self.session.apply_info(&info);
                self.model.info_line(&line);
                ensure!(stopped == stop, "{line:?}: stop {stopped}, model: {stop}");
                s.stop |= stopped;
                seen(Seen::InfoDuringSearch);
            }
            (DuringSearch::Info { stop: true }, _) => {
                s.stop = true;
                self.queue.push_back((line, at));
                seen(Seen::Stopped);
            }
            _ => {
                self.queue.push_back((line, at));
                seen(Seen::Queued);
            }
        }
        if self.queue.len() > queued {
            let line = &self.queue.back().expect("just queued").0;
            let (real, model) = self.queued_block;
            if real {
                seen(Seen::QueuedBlockLine);
            }
            self.queued_block = (
                block_open_after(real, line),
                fuzz_model::block_open_after(model, line),
            );
        }
        ensure!(
            self.queued_block.0 == self.queued_block.1,
            "after {:?} queued: block open {}, model: {}",
            self.queue.back(),
            self.queued_block.0,
            self.queued_block.1
        );
        self.check_state()
    }

    /// A line handed straight to the session during a search.
    fn direct_while_thinking(&mut self, line: &str, at: Instant) -> Result<(), String> {
        let action = self.session.handle_line(line, at);
        let want = self.model.line_while_thinking(line);
        self.check_action(action, want, at)?;
        if want == Expect::Exit {
            self.search = None;
            self.model.exit();
        }
        self.check_state()
    }

    /// A line handled while no search runs.
    fn process(&mut self, line: String, at: Instant) -> Result<(), String> {
        let action = self.session.handle_line(&line, at);
        let in_block = self.model.block.is_some();
        let takeback = matches!(mparse(&line), MCmd::Takeback(..));
        let want = self.model.line(&line);
        let over = (self.model.game.as_ref()).is_some_and(|g| g.is_full());
        match want {
            Expect::Move if in_block => seen(Seen::BoardAccepted),
            Expect::Error if in_block && self.model.block.is_none() => seen(Seen::BoardRefused),
            Expect::Error if over => seen(Seen::GameOver),
            Expect::Ok if takeback => seen(Seen::TakebackOk),
            _ => {}
        }
        self.check_action(action, want, at)?;
        self.check_state()
    }

    fn check_action(&mut self, action: Action, want: Expect, at: Instant) -> Result<(), String> {
        match action {
            Action::Nothing => ensure!(want == Expect::Nothing, "no reply, model: {want:?}"),
            Action::Exit => {
                ensure!(want == Expect::Exit, "exit, model: {want:?}");
                self.exited = true;
                seen(Seen::Exit);
            }
            Action::Reply(r) => {
                let text = r.to_string();
                self.note(format!("> {text}"));
                let kind = classify_reply(&text)?;
                seen(match kind {
                    ReplyLine::Ok => Seen::Ok,
                    ReplyLine::Error => Seen::Error,
                    ReplyLine::Unknown => Seen::Unknown,
                    ReplyLine::Forbid(_) => Seen::Forbid,
                    _ => Seen::About,
                });
                let same = matches!(
                    (&kind, want),
                    (ReplyLine::Ok, Expect::Ok)
                        | (ReplyLine::Error, Expect::Error)
                        | (ReplyLine::Unknown, Expect::Unknown)
                        | (ReplyLine::About, Expect::About)
                        | (ReplyLine::Forbid(_), Expect::Forbid)
                );
                ensure!(same, "reply {text:?}, model: {want:?}");
                if let ReplyLine::Forbid(points) = kind {
                    self.check_forbid(&points)?;
                }
            }
            Action::Replies(replies) => {
                let text: Vec<String> = replies.iter().map(|r| r.to_string()).collect();
                for t in &text {
                    self.note(format!("> {t}"));
                    ensure!(
                        classify_reply(t)? == ReplyLine::Message,
                        "{t:?} among several lines"
                    );
                }
                ensure!(want == Expect::ShowInfo, "{text:?}, model: {want:?}");
                ensure!(
                    text.len() == 3
                        && text[1] == "MESSAGE INFO MAX_THREAD_NUM 128"
                        && text[2].starts_with("MESSAGE INFO MAX_HASH_SIZE "),
                    "YXSHOWINFO answered {text:?}"
                );
                seen(Seen::ShowInfo);
            }
            Action::Think(job) => {
                ensure!(want == Expect::Move, "a search, model: {want:?}");
                self.check_job(&job, at)?;
                let lines_left = if self.rng.chance(70) {
                    0
                } else {
                    1 + self.rng.below(3)
                };
                self.search = Some(Lent {
                    job,
                    stop: false,
                    cancel: false,
                    lines_left,
                });
                // What the queue holds when the search starts (io.rs looks too).
                let real = self
                    .queue
                    .iter()
                    .fold(self.session.in_board_block(), |o, l| {
                        block_open_after(o, &l.0)
                    });
                let model = self.queue.iter().fold(self.model.block.is_some(), |o, l| {
                    fuzz_model::block_open_after(o, &l.0)
                });
                self.queued_block = (real, model);
            }
        }
        Ok(())
    }

    // ------------------------------------------------------------ the search

    /// Hands the lent search back: mostly a cheap made-up result, sometimes a bad one
    /// (occupied or off-board point, no result, a crashed search), sometimes a real
    /// shallow search; then checks the move printed.
    fn finish_search(&mut self) -> Result<(), String> {
        let Lent { job, cancel, .. } = self.search.take().expect("a search");
        if cancel {
            // io.rs hands the searcher back (or none, if the thread died) and prints
            // nothing: the queued new game comes next.
            let searcher = (!self.rng.chance(2)).then_some(job.searcher);
            self.note(format!(
                "  (move dropped, searcher back: {})",
                searcher.is_some()
            ));
            self.session.search_cancelled(searcher);
            self.model.move_dropped();
            return self.check_state();
        }
        let SearchJob {
            board,
            limits,
            mut searcher,
            ..
        } = *job;
        let game = self.model.game.clone().ok_or("a search without a game")?;
        let empties = game.empties();
        let full: Vec<Pos> = game.points().filter(|p| !empties.contains(p)).collect();
        let r = self.rng.below(100);
        let real = (3..=5).contains(&r);
        let pick = |rng: &mut Rng, from: &[Pos]| from[rng.below(from.len() as u64) as usize];
        let (offer, searcher, result) = match r {
            // A crashed search thread, as io.rs reports it.
            0..=1 => (Offer::Other, None, None),
            // A crashed search with a result: not what io.rs sends, but the API allows it.
            2 => {
                let p = pick(&mut self.rng, &empties);
                (Offer::Other, None, Some(made_up(&mut self.rng, p)))
            }
            // The real search, shallow, under the session's own time limits.
            3..=5 => {
                let mut l = limits.clone();
                l.depth = Some(if self.rng.chance(25) { 2 } else { 1 });
                let result = searcher.search(&board, &l, &AtomicBool::new(false));
                (Offer::Other, Some(searcher), result)
            }
            6..=10 => (Offer::Other, Some(searcher), None),
            11..=17 if !full.is_empty() => {
                let p = pick(&mut self.rng, &full);
                (
                    Offer::Other,
                    Some(searcher),
                    Some(made_up(&mut self.rng, p)),
                )
            }
            11..=22 => {
                let x = game.width as u64 + self.rng.below(256 - game.width as u64);
                let y = self.rng.below(256);
                let p = if self.rng.chance(50) {
                    Pos::new(x as u8, y as u8)
                } else {
                    Pos::new(
                        y as u8 % game.width as u8,
                        (game.height as u64 + y % 200) as u8,
                    )
                };
                (
                    Offer::Other,
                    Some(searcher),
                    Some(made_up(&mut self.rng, p)),
                )
            }
            _ => {
                let p = pick(&mut self.rng, &empties);
                (
                    Offer::Legal(p),
                    Some(searcher),
                    Some(made_up(&mut self.rng, p)),
                )
            }
        };
        seen(match (&offer, &searcher, &result) {
            (_, None, _) => Seen::Crashed,
            (_, _, None) => Seen::NoResult,
            (Offer::Legal(_), ..) => Seen::LegalMove,
            (Offer::Other, _, Some(_)) if real => Seen::RealSearch,
            _ => Seen::BadMove,
        });
        self.note(format!(
            "  (search result {result:?}, searcher back: {})",
            searcher.is_some()
        ));
        let replies: Vec<String> = self
            .session
            .search_done(searcher, result)
            .iter()
            .map(|r| r.to_string())
            .collect();
        for r in &replies {
            self.note(format!("> {r}"));
        }
        let Some((last, before)) = replies.split_last() else {
            return Err("no reply to a move request".into());
        };
        for r in before {
            ensure!(
                classify_reply(r)? == ReplyLine::Message,
                "{r:?} before the move"
            );
        }
        let answer = classify_reply(last)?;
        ensure!(
            matches!(
                answer,
                ReplyLine::Move(..) | ReplyLine::Moves(_) | ReplyLine::Swap
            ),
            "{last:?} where a move was due"
        );
        seen(match answer {
            ReplyLine::Swap => Seen::Swap,
            ReplyLine::Moves(_) => Seen::Points,
            _ => Seen::Move,
        });
        // A legal move is played as given, except that a renju foul for black (which
        // the model does not know) is replaced.
        if let (Offer::Legal(p), &ReplyLine::Move(x, y)) = (offer, &answer) {
            let foul_possible = self.model.rule() == Rule::Renju && game.to_move == Color::Black;
            ensure!(
                foul_possible || (x, y) == (p.x as i64, p.y as i64),
                "offered the legal move {p}, played {x},{y}"
            );
        }
        self.model.our_answer(&answer)?;
        self.check_state()
    }

    // ------------------------------------------------------------ checks

    /// A `FORBID` line lists empty points, and none unless black is to move under
    /// renju (which points are fouls is the rules tests' business).
    fn check_forbid(&self, points: &[(i64, i64)]) -> Result<(), String> {
        let g = self.model.game.as_ref().ok_or("FORBID without a board")?;
        let renju_black = self.model.rule() == Rule::Renju && g.to_move == Color::Black;
        ensure!(
            renju_black || points.is_empty(),
            "fouls {points:?} for {:?} under {:?}",
            g.to_move,
            self.model.rule()
        );
        for &(x, y) in points {
            ensure!(
                g.at(x, y) == Some(Cell::Empty),
                "foul {x},{y} on {:?}",
                g.at(x, y)
            );
        }
        Ok(())
    }

    /// The session equals the model.
    fn check_state(&self) -> Result<(), String> {
        let (s, m) = (&self.session, &self.model);
        ensure!(
            s.rule() == m.rule(),
            "rule {:?}, model {:?}",
            s.rule(),
            m.rule()
        );
        ensure!(
            s.is_thinking() == m.thinking,
            "thinking {}, model {}",
            s.is_thinking(),
            m.thinking
        );
        ensure!(
            s.in_board_block() == m.block.is_some(),
            "in a BOARD block {}, model {}",
            s.in_board_block(),
            m.block.is_some()
        );
        let c = s.clock();
        let clock = (c.timeout_turn, c.timeout_match, c.time_left, s.max_memory());
        let want = (m.timeout_turn, m.timeout_match, m.time_left, m.max_memory);
        ensure!(
            clock == want,
            "turn, match, left, memory {clock:?}, model {want:?}"
        );
        ensure!(
            s.blocked() == &m.blocked[..],
            "blocked {:?}, model {:?}",
            s.blocked(),
            m.blocked
        );
        ensure!(
            (s.max_node(), s.max_depth()) == (m.max_node, m.max_depth),
            "max node and depth {:?}, model {:?}",
            (s.max_node(), s.max_depth()),
            (m.max_node, m.max_depth)
        );
        let threads = m.thread_num.map_or(1, |n| n.min(128) as usize);
        ensure!(
            s.threads() == threads,
            "threads {}, model {threads}",
            s.threads()
        );
        ensure!(
            s.folder() == m.folder.as_deref(),
            "folder {:?}, model {:?}",
            s.folder(),
            m.folder
        );
        match (s.board(), &m.game) {
            (None, None) => Ok(()),
            (Some(b), Some(g)) => same_position(b, g, m.rule()),
            (b, g) => Err(format!("board {b:?}, model {g:?}")),
        }
    }

    /// The search job: the model's position, the clock started when the command
    /// arrived, and a sane budget.
    fn check_job(&self, job: &SearchJob, at: Instant) -> Result<(), String> {
        let m = &self.model;
        same_position(&job.board, m.game.as_ref().ok_or("no game")?, m.rule())?;
        ensure!(
            job.detail.0 == m.show_detail,
            "show_detail {}, model {}",
            job.detail.0,
            m.show_detail
        );
        let l = &job.limits;
        ensure!(
            l.start == at,
            "the clock did not start when the command arrived"
        );
        let (Some(soft), Some(hard)) = (l.soft, l.hard) else {
            return Err(format!("no time limits: {l:?}"));
        };
        ensure!(soft <= hard, "soft {soft:?} past hard {hard:?}");
        let ms = hard.as_millis();
        if let Some(t) = m.timeout_turn {
            ensure!(ms <= u128::from(t), "{ms} ms for a move, timeout_turn {t}");
        }
        match m.time_left {
            Some(t) if t <= 0 => ensure!(ms == 0, "{ms} ms for a move, time_left {t}"),
            Some(t) if t != UNLIMITED_MS => {
                ensure!(ms <= t as u128, "{ms} ms for a move, time_left {t}")
            }
            _ => {}
        }
        // With plenty left on every clock the protocol document names (0 and
        // 2147483647 meaning none), the move gets some time, both to aim for (soft)
        // and at most (hard).
        const PLENTY: u64 = 100_000;
        let used = self.session.clock().used_ms;
        let turn_ok = m.timeout_turn.is_none_or(|t| t >= PLENTY);
        let match_ok = match m.time_left {
            Some(t) => t == UNLIMITED_MS || t >= PLENTY as i64,
            None => m
                .timeout_match
                .is_none_or(|t| t == 0 || t >= PLENTY.saturating_add(used)),
        };
        ensure!(
            !(turn_ok && match_ok) || (soft > Duration::ZERO && ms > 0),
            "no time ({soft:?}, {hard:?}) for a move with turn {:?}, match {:?}, left {:?}, used {used}",
            m.timeout_turn,
            m.timeout_match,
            m.time_left
        );
        Ok(())
    }

    // ------------------------------------------------------------ rendering

    /// The bytes of one item, made against the position the model holds now.
    fn render(&mut self, item: &Item) -> Vec<u8> {
        let mut lines = self.render_op(&item.op);
        if let Some((k, m)) = &item.mutation {
            if !lines.is_empty() {
                let i = *k as usize % lines.len();
                let changed = gen::mutate(&lines[i], m);
                lines.splice(i..=i, changed);
            }
        }
        let end: &[u8] = match item.ending {
            Ending::Lf => b"\n",
            Ending::CrLf => b"\r\n",
            Ending::Cr => b"\r",
            Ending::Glued => b"",
        };
        lines.iter().flat_map(|l| [&l[..], end].concat()).collect()
    }

    fn render_op(&mut self, op: &Op) -> Vec<Vec<u8>> {
        let one = |s: String| vec![s.into_bytes()];
        match op {
            Op::Start(n) => one(format!("START {n}")),
            Op::RectStart(w, h) => one(format!("RECTSTART {w},{h}")),
            Op::Restart => one("RESTART".into()),
            Op::Begin => one("BEGIN".into()),
            Op::About => one("ABOUT".into()),
            Op::End => one("END".into()),
            Op::Stop(yx) => one(if *yx { "YXSTOP" } else { "STOP" }.into()),
            Op::Turn(t) => {
                let (x, y) = self.resolve(t);
                one(format!("TURN {x},{y}"))
            }
            Op::Takeback(t) => {
                let (x, y) = self.resolve(t);
                one(format!("TAKEBACK {x},{y}"))
            }
            Op::Info(k, v) => one(format!("INFO {k} {v}")),
            Op::Board(lines, ours_first, end, yx) => {
                self.render_block(lines, *ours_first, *end, *yx)
            }
            Op::Block(lines, undo, end) => {
                let mut out = vec![if *undo { "YXBLOCKUNDO" } else { "YXBLOCK" }.into()];
                for l in lines {
                    out.push(match l {
                        Ok(t) => {
                            let (x, y) = self.resolve(t);
                            format!("{x},{y}")
                        }
                        Err(text) => text.clone(),
                    });
                }
                match end {
                    Terminator::Done => out.push("DONE".into()),
                    Terminator::LowerDone => out.push("done".into()),
                    Terminator::Missing => {}
                    Terminator::End => out.push("END".into()),
                }
                out.into_iter().map(String::into_bytes).collect()
            }
            Op::BlockReset => one("YXBLOCKRESET".into()),
            Op::Nbest(n) => one(format!("YXNBEST {n}")),
            Op::Defend => one("YXSEARCHDEFEND".into()),
            Op::Balance(two, s) => {
                one(format!("YXBALANCE{} {s}", if *two { "TWO" } else { "ONE" }))
            }
            Op::Swap2(lines, end) => {
                let (w, h) = self
                    .model
                    .game
                    .as_ref()
                    .map_or((15, 15), |g| (g.width, g.height));
                let mut scratch = MGame::new(w, h);
                let mut out = vec!["SWAP2BOARD".to_string()];
                for l in lines {
                    out.push(match l {
                        Ok(k) => {
                            let p = near_empty(&scratch, *k).unwrap_or(Pos::new(0, 0));
                            if scratch.at(p.x as i64, p.y as i64) == Some(Cell::Empty) {
                                let c = scratch.to_move;
                                scratch.put(p, c);
                                scratch.to_move = c.opp();
                            }
                            format!("{},{}", p.x, p.y)
                        }
                        Err(text) => text.clone(),
                    });
                }
                match end {
                    Terminator::Done => out.push("DONE".into()),
                    Terminator::LowerDone => out.push("done".into()),
                    Terminator::Missing => {}
                    Terminator::End => out.push("END".into()),
                }
                out.into_iter().map(String::into_bytes).collect()
            }
            Op::ShowForbid => one("YXSHOWFORBID".into()),
            Op::HashClear => one("YXHASHCLEAR".into()),
            Op::ShowInfo => one("YXSHOWINFO".into()),
            Op::Soup(s) => one(s.clone()),
            Op::Bytes(b) => vec![b.clone()],
            Op::Long(n, prefix, fill) => {
                let mut s = prefix.to_string();
                while s.len() < *n {
                    s.push_str(fill);
                }
                one(s)
            }
        }
    }

    fn render_block(
        &mut self,
        lines: &[BlockLine],
        ours_first: bool,
        end: Terminator,
        yx: bool,
    ) -> Vec<Vec<u8>> {
        let (w, h) = self
            .model
            .game
            .as_ref()
            .map_or((15, 15), |g| (g.width, g.height));
        let mut scratch = MGame::new(w, h);
        let word: &[u8] = if yx { b"YXBOARD" } else { b"BOARD" };
        let mut out = vec![word.to_vec()];
        let mut ours_next = ours_first;
        for line in lines {
            let text = match line {
                BlockLine::Stone(k, field) => {
                    let p = near_empty(&scratch, *k).unwrap_or(Pos::new(0, 0));
                    let field = match field {
                        0 => {
                            let f = if ours_next { 1 } else { 2 };
                            ours_next = !ours_next;
                            f
                        }
                        f => *f,
                    };
                    if scratch.at(p.x as i64, p.y as i64) == Some(Cell::Empty) {
                        if field == 3 {
                            scratch.cells[p.y as usize * w + p.x as usize] = Cell::Wall;
                        } else {
                            scratch.put(
                                p,
                                if field == 1 {
                                    Color::Black
                                } else {
                                    Color::White
                                },
                            );
                        }
                    }
                    format!("{},{},{field}", p.x, p.y)
                }
                BlockLine::Raw(x, y, f) => format!("{x},{y},{f}"),
                BlockLine::Text(t) => t.clone(),
            };
            out.push(text.into_bytes());
        }
        match end {
            Terminator::Done => out.push(b"DONE".to_vec()),
            Terminator::LowerDone => out.push(b"done".to_vec()),
            Terminator::Missing => {}
            Terminator::End => out.push(b"END".to_vec()),
        }
        out
    }

    /// Coordinates for a target, against the model's position.
    fn resolve(&self, t: &Target) -> (i64, i64) {
        let Some(g) = &self.model.game else {
            return match t {
                Target::At(x, y) => (*x, *y),
                _ => (7, 7),
            };
        };
        let stone = |k: usize| {
            g.history
                .get(k % g.history.len().max(1))
                .map_or((0, 0), |&(p, _)| (p.x as i64, p.y as i64))
        };
        match t {
            Target::Empty(k) => near_empty(g, *k).map_or((0, 0), |p| (p.x as i64, p.y as i64)),
            Target::Stone(k) => stone(*k as usize),
            Target::Last => stone(g.history.len().wrapping_sub(1)),
            Target::At(x, y) => (*x, *y),
        }
    }
}

/// An empty point chosen by `k`: mostly one within two steps of a stone (so that
/// games make threats and fives), sometimes any.
fn near_empty(g: &MGame, k: u16) -> Option<Pos> {
    let empties = g.empties();
    let near: Vec<Pos> = empties
        .iter()
        .copied()
        .filter(|p| {
            g.history.iter().any(|(q, _)| {
                (p.x as i32 - q.x as i32).abs() <= 2 && (p.y as i32 - q.y as i32).abs() <= 2
            })
        })
        .collect();
    let from = if near.is_empty() || k.is_multiple_of(5) {
        &empties
    } else {
        &near
    };
    (!from.is_empty()).then(|| from[k as usize / 5 % from.len()])
}

/// The session's board equals the model's game: size, rule, every point, the stones
/// in order, the side to move.
fn same_position(b: &Board, g: &MGame, rule: Rule) -> Result<(), String> {
    ensure!(
        (b.width(), b.height()) == (g.width, g.height),
        "size {}x{}, model {}x{}",
        b.width(),
        b.height(),
        g.width,
        g.height
    );
    ensure!(
        b.rule() == rule,
        "board rule {:?}, model {rule:?}",
        b.rule()
    );
    ensure!(
        b.side_to_move() == g.to_move,
        "side to move {:?}, model {:?}",
        b.side_to_move(),
        g.to_move
    );
    ensure!(
        b.history() == &g.history[..],
        "stones {:?}, model {:?}",
        b.history(),
        g.history
    );
    for p in g.points() {
        let want = g.cells[p.y as usize * g.width + p.x as usize];
        ensure!(
            b.cell(p) == Some(want),
            "{p}: {:?}, model {want:?}",
            b.cell(p)
        );
    }
    Ok(())
}

/// A search result around `best`, with wild numbers for the MESSAGE line.
fn made_up(rng: &mut Rng, best: Pos) -> SearchResult {
    let pv: Vec<Pos> = (0..rng.below(4))
        .map(|_| Pos::new(rng.below(40) as u8, rng.below(40) as u8))
        .collect();
    SearchResult {
        best,
        score: rng.next_u64() as i32,
        depth: rng.next_u64() as i32,
        nodes: if rng.chance(50) {
            rng.below(1 << 20)
        } else {
            rng.next_u64()
        },
        elapsed: Duration::from_nanos(rng.next_u64() >> rng.below(64)),
        pv: if rng.chance(70) {
            [vec![best], pv].concat()
        } else {
            pv
        },
        lines: vec![],
    }
}

fn fuzz_model_excerpt(line: &str) -> String {
    if line.len() > 80 {
        let cut = (0..=80)
            .rev()
            .find(|&i| line.is_char_boundary(i))
            .unwrap_or(0);
        format!("{}... ({} bytes)", &line[..cut], line.len())
    } else {
        line.to_string()
    }
}

fn check_case(case: &Case) -> Result<(), TestCaseError> {
    check_case_with(&mut Harness::new(case.seed, case.direct), case)
}

fn check_case_with(h: &mut Harness, case: &Case) -> Result<(), TestCaseError> {
    CASES.fetch_add(1, Ordering::Relaxed);
    h.run(&case.items).map_err(TestCaseError::fail)
}

/// Replays exact input bytes through the harness (for regression tests).
fn replay(bytes: &[u8], seed: u64) -> Result<(), String> {
    let mut h = Harness::new(seed, false);
    let result = h.feed(bytes).and_then(|()| h.finish());
    result.map_err(|e| {
        let trace: Vec<&str> = h.trace.iter().map(String::as_str).collect();
        format!("{e}\n{}", trace.join("\n"))
    })
}

// ---------------------------------------------------------------- the runs

/// `cases` cases; a failing case's seed is kept in `tests/fuzz_session.proptest-regressions`
/// and tried first from then on (proptest's default place, without its warning that
/// integration tests have no lib.rs beside them).
fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config(1500))]

    /// The short run, part of every `cargo test`.
    #[test]
    fn fuzz_session_short(case in case()) {
        check_case(&case)?;
    }
}

/// The long run: at least `WUZI_FUZZ_INPUTS` inputs (default 10 million), in rounds of
/// cases with consecutive seeds from `WUZI_FUZZ_SEED` (default: the clock).
#[test]
#[ignore = "long: cargo test --release --test fuzz_session -- --ignored --nocapture"]
fn fuzz_session_long() {
    let env = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    let target = env("WUZI_FUZZ_INPUTS").unwrap_or(10_000_000);
    let seed = env("WUZI_FUZZ_SEED").unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs())
    });
    println!("fuzz_session_long: target {target} inputs, WUZI_FUZZ_SEED={seed}");
    let t0 = Instant::now();
    let (inputs0, cases0) = (
        INPUTS.load(Ordering::Relaxed),
        CASES.load(Ordering::Relaxed),
    );
    let strategy = case();
    let mut round = 0u64;
    while INPUTS.load(Ordering::Relaxed) - inputs0 < target {
        let config = Config {
            cases: 2000,
            rng_seed: RngSeed::Fixed(seed.wrapping_add(round)),
            failure_persistence: None,
            ..Config::default()
        };
        let mut runner = TestRunner::new(config);
        if let Err(e) = runner.run(&strategy, |c| check_case(&c)) {
            panic!("round {round} (seed {}): {e}", seed.wrapping_add(round));
        }
        round += 1;
        let n = INPUTS.load(Ordering::Relaxed) - inputs0;
        if round.is_multiple_of(10) {
            println!(
                "  round {round}: {n} inputs, {:.0} s, {:.0} inputs/s",
                t0.elapsed().as_secs_f64(),
                n as f64 / t0.elapsed().as_secs_f64()
            );
        }
    }
    let n = INPUTS.load(Ordering::Relaxed) - inputs0;
    for (name, count) in SEEN_NAMES.iter().zip(&SEEN) {
        println!("  {name:>28}: {}", count.load(Ordering::Relaxed));
    }
    println!(
        "fuzz_session_long: {n} inputs in {} cases ({round} rounds), {:.1} s, no failure",
        CASES.load(Ordering::Relaxed) - cases0,
        t0.elapsed().as_secs_f64()
    );
    assert!(n >= target);
}

// ---------------------------------------------------------------- findings

/// Finding 1 (fixed in src/time.rs): the stream the fuzzer reduced it to. The match
/// limit 2^63 ms read as negative, so the move got no time at all.
#[test]
fn regression_huge_timeout_match_leaves_time_for_the_move() {
    replay(
        b"START 5\nINFO timeout_match 9223372036854775808\nTURN 0,0\n",
        0,
    )
    .unwrap();
}

/// Finding 2 (fixed in src/time.rs): the stream the fuzzer reduced it to. A debug build
/// overflowed computing the soft limit; a release build wrapped it to 0 ms.
#[test]
fn regression_huge_timeout_turn_leaves_time_for_the_move() {
    replay(
        b"START 5\nINFO max_memory 1048576\nINFO rule 0\nINFO timeout_turn 4611686018427388204\nTURN 0,0\n",
        0,
    )
    .unwrap();
}

// ---------------------------------------------------------------- end to end

/// Runs `input` through `wuzi::protocol::run` (its input and search threads, real
/// searches) and checks every output line against the model, in order. Returns the
/// kinds of the replies, one per command answered (`move` for MESSAGE lines and a move).
///
/// All input is there at once, so END may arrive during a search; the brain then exits
/// without that move or anything after it. So when the input holds an END, the output
/// may stop short at a move, and only there. Likewise a START, RECTSTART or RESTART
/// read during a search with nothing queued before it (only INFO or STOP lines, which
/// act at once) drops that search's move: where the input allows that, the `OK` may
/// come in the move's place.
fn end_to_end(input: &[u8]) -> Vec<&'static str> {
    let mut out = Vec::new();
    assert_eq!(
        wuzi::protocol::run(Cursor::new(input.to_vec()), &mut out),
        0
    );
    let text = String::from_utf8(out).expect("the output is ASCII");
    assert!(
        !text.contains('\r') && (text.is_empty() || text.ends_with('\n')),
        "{text:?}"
    );
    let mut replies = text.lines().peekable();
    let mut split = ModelSplitter::default();
    let mut lines = split.feed(input);
    lines.extend(split.finish());
    let may_stop_short = lines.iter().any(|l| mparse(l) == MCmd::End);
    let mut model = Model::default();
    let mut checked = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let want = model.line(line);
        let kind = match want {
            Expect::Nothing => continue,
            Expect::Exit => break,
            Expect::ShowInfo => {
                for _ in 0..3 {
                    let r = replies.next();
                    assert!(
                        r.is_some_and(|r| classify_reply(r) == Ok(ReplyLine::Message)),
                        "{r:?} for {line:?}; output:\n{text}"
                    );
                }
                checked.push("SHOWINFO");
                continue;
            }
            Expect::Forbid => {
                let r = replies
                    .next()
                    .unwrap_or_else(|| panic!("no reply to {line:?}; output:\n{text}"));
                assert!(
                    matches!(classify_reply(r), Ok(ReplyLine::Forbid(_))),
                    "{line:?} -> {r:?}"
                );
                checked.push("FORBID");
                continue;
            }
            Expect::Ok => ReplyLine::Ok,
            Expect::Error => ReplyLine::Error,
            Expect::Unknown => ReplyLine::Unknown,
            Expect::About => ReplyLine::About,
            Expect::Move => {
                while replies
                    .peek()
                    .is_some_and(|r| classify_reply(r) == Ok(ReplyLine::Message))
                {
                    replies.next();
                }
                let new_game_next = lines[i + 1..]
                    .iter()
                    .map(|l| mparse(l))
                    .find(|c| !matches!(c, MCmd::Info(_) | MCmd::Stop))
                    .is_some_and(|c| {
                        matches!(c, MCmd::Start(_) | MCmd::RectStart(..) | MCmd::Restart)
                    });
                if new_game_next && replies.peek().is_some_and(|r| *r == "OK") {
                    model.move_dropped();
                    checked.push("dropped");
                    continue;
                }
                let mut next = replies.next();
                while next.is_some_and(|r| classify_reply(r) == Ok(ReplyLine::Message)) {
                    next = replies.next();
                }
                let Some(r) = next else {
                    assert!(may_stop_short, "no move for {line:?}; output:\n{text}");
                    return checked;
                };
                let answer = classify_reply(r);
                let Ok(answer @ (ReplyLine::Move(..) | ReplyLine::Moves(_) | ReplyLine::Swap)) =
                    answer
                else {
                    panic!("{r:?} where a move was due for {line:?}; output:\n{text}");
                };
                model
                    .our_answer(&answer)
                    .unwrap_or_else(|e| panic!("{line:?}: {e}; output:\n{text}"));
                checked.push("move");
                continue;
            }
        };
        let r = replies
            .next()
            .unwrap_or_else(|| panic!("no reply to {line:?}; output:\n{text}"));
        assert_eq!(classify_reply(r), Ok(kind.clone()), "{line:?} -> {r:?}");
        checked.push(match kind {
            ReplyLine::Ok => "OK",
            ReplyLine::Error => "ERROR",
            ReplyLine::Unknown => "UNKNOWN",
            _ => "ABOUT",
        });
    }
    assert_eq!(replies.next(), None, "extra output; output:\n{text}");
    checked
}

/// A game with bad lines mixed in: occupied and off-board points, junk, a bad INFO,
/// TAKEBACK of a stone and of an empty point, RESTART.
#[test]
fn end_to_end_game_with_bad_lines() {
    let input = "ABOUT\nSTART 15\nINFO max_memory 33554432\nINFO timeout_turn 50\nINFO rule 0\n\
                 BEGIN\nTURN 0,0\nTURN 0,0\nTURN 15,3\nTURN 1,0\nfrobnicate 1 2\n\
                 INFO timeout_turn lots\nTURN 2,0\nTAKEBACK 2,0\nTAKEBACK 2,0\nTURN 3 , 0\n\
                 TURN 4,0,1\nRESTART now\nRESTART\nBEGIN\nYXSTOP\nABOUT\n";
    let want = [
        "ABOUT", "OK", "move", "move", "ERROR", "ERROR", "move", "UNKNOWN", "move", "OK", "ERROR",
        "move", "ERROR", "ERROR", "OK", "move", "ABOUT",
    ];
    assert_eq!(end_to_end(input.as_bytes()), want);
}

/// Piskvork's "stop thinking": a search with a minute to think is cut short by
/// `INFO timeout_turn 0`; every later move is instant. CR LF and lower case.
#[test]
fn end_to_end_stop_thinking() {
    let input = "start 20\r\ninfo max_memory 33554432\r\ninfo timeout_turn 60000\r\nbegin\r\n\
                 info timeout_turn 0\r\nturn 0,0\r\nturn 19,19\r\nabout\r\nturn 19,0\r\n";
    let t = Instant::now();
    let want = ["OK", "move", "move", "move", "ABOUT", "move"];
    assert_eq!(end_to_end(input.as_bytes()), want);
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
}

/// BOARD blocks: a renju position on a rectangular board, a bad block read to DONE,
/// a block with a blocked point, and a 5x5 board filled with blocked points.
#[test]
fn end_to_end_board_blocks() {
    let mut input = String::from(
        "INFO max_memory 33554432\nINFO timeout_turn 0\nRECTSTART 20,12\nINFO rule 4\n\
         BOARD\n10,5,1\n10,6,2\n11,5,1\nDONE\n\
         BOARD\n1,1,1\ngarbage\nTURN 2,2\nDONE\n\
         board\n0,0,3\n19,11,2\ndone\nTAKEBACK 19,11\nTAKEBACK 0,0\nRECTSTART 4,4\n\
         START 5\nINFO rule 0\nBOARD\n",
    );
    for y in 0..5 {
        for x in 0..5 {
            if (x, y) != (4, 4) {
                input.push_str(&format!("{x},{y},3\n"));
            }
        }
    }
    input.push_str("DONE\nTURN 4,4\nBEGIN\n");
    let want = [
        "OK", "move", "ERROR", "move", "OK", "ERROR", "ERROR", "OK", "move", "ERROR", "move",
    ];
    assert_eq!(end_to_end(input.as_bytes()), want);
}

/// Garbage the input thread must survive: a 200 KB line, bytes that are not UTF-8,
/// NUL, lone CRs, numbers past 64 bits, commands glued to junk.
#[test]
fn end_to_end_garbage() {
    let mut input = b"START 15\rINFO max_memory 33554432\rINFO timeout_turn 0\r".to_vec();
    input.extend(vec![b'X'; 200_000]);
    input.extend_from_slice(b"\n\xff\xfe\x00 TURN 7,7\n\0\nTURN 99999999999999999999,7\n");
    input.extend_from_slice(b"TURN 7,7\x00\nTURN\t7 , 7\r\nTAKEBACK -1,-1\nINFO rule \xff\n");
    input.extend_from_slice(b"START 15 ");
    input.extend(vec![b' '; 5000]);
    input.extend_from_slice(b"x\nBEGIN");
    // The long line and the START cut at 4096 bytes; the lines with junk bytes.
    let want = [
        "OK", "UNKNOWN", "UNKNOWN", "UNKNOWN", "ERROR", "ERROR", "move", "ERROR", "OK", "move",
    ];
    assert_eq!(end_to_end(&input), want);
}

proptest! {
    #![proptest_config(config(6))]

    /// Fuzzer streams end to end: the lines a generated case fed to the in-process
    /// harness, replayed through `run`, every move searched (at depth 1: timeout_turn
    /// is kept at 0).
    #[test]
    fn end_to_end_fuzz_streams(case in case()) {
        let mut h = Harness::new(case.seed, case.direct);
        h.record = Some(Vec::new());
        check_case_with(&mut h, &case)?;
        let mut input = b"INFO timeout_turn 0\n".to_vec();
        for line in h.record.take().unwrap_or_default() {
            if !matches!(mparse(&line), MCmd::Info(MInfo::TimeoutTurn(t)) if t > 0) {
                input.extend_from_slice(line.as_bytes());
                input.push(b'\n');
            }
        }
        end_to_end(&input);
    }
}
