//! An independent model of a Gomocup brain's protocol behaviour, for the fuzz tests
//! (`tests/fuzz_*.rs`).
//!
//! It is written from `gomocup-protocol.md` (shared with the project) and from the
//! grammar that `src/protocol/parse.rs` documents in its header, never by calling the
//! code under test: only plain vocabulary types (`Color`, `Rule`, `Pos`, `Cell`) and the
//! `MAX_LINE` constant are shared. Where the document leaves a choice open (BEGIN on a
//! non-empty board, the colour after TAKEBACK, END inside a BOARD block), the model
//! follows the choice the README's "Protocol support" section states.
//!
//! Parts:
//! * [`ModelSplitter`]: bytes to lines (LF, CR LF or lone CR; blank lines skipped; long
//!   lines cut; bad UTF-8 replaced);
//! * [`mparse`] and [`mboard_line`]: lines to commands;
//! * [`Model`]: the brain's state (position, rule, settings) and, for each line, the
//!   reply it is due ([`Expect`]);
//! * [`classify_reply`]: is an output line well formed, and of which kind.
#![allow(dead_code)]

pub mod gen;

use wuzi::board::Cell;
use wuzi::types::{Color, Pos, Rule};

/// Longest input line kept; the rest of a longer line is dropped (protocol doc §1:
/// "keep a bounded buffer and drop the excess"; the number is the engine's choice).
pub const MAX_LINE: usize = wuzi::protocol::MAX_LINE;

/// `time_left` that means "no match limit" (protocol doc §4).
pub const UNLIMITED_MS: i64 = 2_147_483_647;

/// Smallest and largest board side the engine supports (README: 5 <= n <= 32).
pub const MIN_SIZE: i64 = 5;
pub const MAX_SIZE: i64 = 32;

// ------------------------------------------------------------------------ lines

/// Bytes to lines, restated from the protocol document: a line ends at LF, CR LF or a
/// lone CR (a CR LF is a CR then an empty line, which is skipped anyway); blank lines
/// are skipped; a line keeps only its first [`MAX_LINE`] bytes; bytes that are not
/// UTF-8 become U+FFFD; blanks around a line are dropped.
#[derive(Default)]
pub struct ModelSplitter {
    pending: Vec<u8>,
}

impl ModelSplitter {
    /// Feeds bytes; returns the lines they complete.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<String> {
        self.pending.extend_from_slice(bytes);
        let mut out = Vec::new();
        while let Some(end) = self.pending.iter().position(|&b| b == b'\n' || b == b'\r') {
            let piece: Vec<u8> = self.pending.drain(..=end).collect();
            out.extend(normalise(&piece[..end]));
        }
        out
    }

    /// The end of input: the unterminated last line, if any.
    pub fn finish(&mut self) -> Option<String> {
        normalise(&std::mem::take(&mut self.pending))
    }
}

fn normalise(raw: &[u8]) -> Option<String> {
    let kept = &raw[..raw.len().min(MAX_LINE)];
    let text = String::from_utf8_lossy(kept);
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

// ------------------------------------------------------------------------ commands

/// A command as the model reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MCmd {
    Start(i64),
    RectStart(i64, i64),
    Restart,
    Begin,
    Turn(i64, i64),
    Board,
    Info(MInfo),
    End,
    About,
    Takeback(i64, i64),
    /// `YXSTOP` or `STOP`.
    Stop,
    /// `YXBOARD`: a position up to DONE, no reply.
    YxBoard,
    /// `YXSHOWFORBID`: the `FORBID` line.
    YxShowForbid,
    /// `YXHASHCLEAR`: no reply.
    YxHashClear,
    /// `YXSHOWINFO`: MESSAGE lines.
    YxShowInfo,
    /// `YXBLOCK` and `YXBLOCKUNDO`: points up to DONE; `YXBLOCKRESET`.
    YxBlock,
    YxBlockUndo,
    YxBlockReset,
    /// `YXNBEST n` and `YXSEARCHDEFEND`: a search whose answer is not played.
    YxNbest(i64),
    YxSearchDefend,
    /// `YXBALANCEONE s` (1) and `YXBALANCETWO s` (2): a search whose answer (one
    /// point, or two on one line) is not played.
    YxBalance(u8, i64),
    /// `SWAP2BOARD`: the Swap2 opening as `x,y` lines up to DONE.
    Swap2Board,
    /// Not a command word we know: answered `UNKNOWN`.
    Unknown,
    /// A known command word with arguments that cannot be read: answered `ERROR`.
    Malformed,
}

/// The INFO settings the model keeps (protocol doc §4). Every other key, and every
/// known key with a value that cannot be read, is ignored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MInfo {
    TimeoutTurn(u64),
    TimeoutMatch(u64),
    TimeLeft(i64),
    MaxMemory(u64),
    /// The rule bit mask; never negative.
    Rule(i64),
    /// The whole rest of the line, never empty.
    Folder(String),
    /// Limits: 0 (also written as any negative number) means none.
    MaxNode(u64),
    MaxDepth(u64),
    /// 0 to 3; any other value is ignored.
    ShowDetail(u8),
    /// At least 1; 0 and anything else is ignored.
    ThreadNum(u64),
    Ignored,
}

/// Reads one command line. The grammar (from `parse.rs`'s header and protocol doc §2,
/// §5): the command word is everything up to the first ASCII blank and matches in any
/// case; numbers are decimal with an optional sign and may have blanks around them and
/// around the commas, and nothing else may follow them. END, ABOUT, YXSTOP and STOP
/// ignore any argument; RESTART, BEGIN, BOARD and the other YX words take none.
/// `START w h` (two numbers apart, Yixin-Board's form) is a RECTSTART.
pub fn mparse(line: &str) -> MCmd {
    let (word, rest) = first_word(line);
    let no_args = |c: MCmd| if rest.is_empty() { c } else { MCmd::Malformed };
    match word.to_ascii_uppercase().as_str() {
        "START" => match int(rest) {
            Some(n) => MCmd::Start(n),
            None => {
                let words: Vec<&str> = rest
                    .split(|c: char| c.is_ascii_whitespace())
                    .filter(|w| !w.is_empty())
                    .collect();
                match words[..] {
                    [w, h] => match (int(w), int(h)) {
                        (Some(w), Some(h)) => MCmd::RectStart(w, h),
                        _ => MCmd::Malformed,
                    },
                    _ => MCmd::Malformed,
                }
            }
        },
        "RECTSTART" => ints::<2>(rest).map_or(MCmd::Malformed, |[w, h]| MCmd::RectStart(w, h)),
        "RESTART" => no_args(MCmd::Restart),
        "BEGIN" => no_args(MCmd::Begin),
        "BOARD" => no_args(MCmd::Board),
        "TURN" => ints::<2>(rest).map_or(MCmd::Malformed, |[x, y]| MCmd::Turn(x, y)),
        "TAKEBACK" => ints::<2>(rest).map_or(MCmd::Malformed, |[x, y]| MCmd::Takeback(x, y)),
        "INFO" => MCmd::Info(minfo(rest)),
        "END" => MCmd::End,
        "ABOUT" => MCmd::About,
        "YXSTOP" | "STOP" => MCmd::Stop,
        "YXBOARD" => no_args(MCmd::YxBoard),
        "YXSHOWFORBID" => no_args(MCmd::YxShowForbid),
        "YXHASHCLEAR" => no_args(MCmd::YxHashClear),
        "YXSHOWINFO" => no_args(MCmd::YxShowInfo),
        "YXBLOCK" => no_args(MCmd::YxBlock),
        "YXBLOCKUNDO" => no_args(MCmd::YxBlockUndo),
        "YXBLOCKRESET" => no_args(MCmd::YxBlockReset),
        "YXNBEST" => int(rest).map_or(MCmd::Malformed, MCmd::YxNbest),
        "YXSEARCHDEFEND" => no_args(MCmd::YxSearchDefend),
        "YXBALANCEONE" => int(rest).map_or(MCmd::Malformed, |s| MCmd::YxBalance(1, s)),
        "YXBALANCETWO" => int(rest).map_or(MCmd::Malformed, |s| MCmd::YxBalance(2, s)),
        "SWAP2BOARD" => no_args(MCmd::Swap2Board),
        _ => MCmd::Unknown,
    }
}

/// What follows `INFO`: a key, then its value (the rest of the line, blanks trimmed).
fn minfo(rest: &str) -> MInfo {
    let (key, value) = first_word(rest);
    let unsigned = |make: fn(u64) -> MInfo| uint(value).map_or(MInfo::Ignored, make);
    let limit = |make: fn(u64) -> MInfo| match (uint(value), signed(value)) {
        (Some(v), _) => make(v),
        (None, Some(v)) if v < 0 => make(0),
        _ => MInfo::Ignored,
    };
    match key.to_ascii_lowercase().as_str() {
        "timeout_turn" => unsigned(MInfo::TimeoutTurn),
        "timeout_match" => unsigned(MInfo::TimeoutMatch),
        "max_memory" => unsigned(MInfo::MaxMemory),
        "time_left" => signed(value).map_or(MInfo::Ignored, MInfo::TimeLeft),
        // A bit mask: a negative value is not one.
        "rule" => match signed(value) {
            Some(v) if v >= 0 => MInfo::Rule(v),
            _ => MInfo::Ignored,
        },
        "folder" if !value.is_empty() => MInfo::Folder(value.to_string()),
        "max_node" => limit(MInfo::MaxNode),
        "max_depth" => limit(MInfo::MaxDepth),
        "show_detail" => match uint(value) {
            Some(v) if v <= 3 => MInfo::ShowDetail(v as u8),
            _ => MInfo::Ignored,
        },
        "thread_num" => match uint(value) {
            Some(v) if v >= 1 => MInfo::ThreadNum(v),
            _ => MInfo::Ignored,
        },
        _ => MInfo::Ignored,
    }
}

/// One line inside a BOARD block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MBoardLine {
    Done,
    Stone(i64, i64, i64),
    Bad,
}

/// `DONE` (any case) or `x,y,f`.
pub fn mboard_line(line: &str) -> MBoardLine {
    let line = line.trim();
    if line.eq_ignore_ascii_case("DONE") {
        return MBoardLine::Done;
    }
    match ints::<3>(line) {
        Some([x, y, f]) => MBoardLine::Stone(x, y, f),
        None => MBoardLine::Bad,
    }
}

/// One line inside a YXBLOCK or YXBLOCKUNDO block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MPointLine {
    Done,
    Point(i64, i64),
    Bad,
}

/// `DONE` (any case) or `x,y`.
pub fn mpoint_line(line: &str) -> MPointLine {
    let line = line.trim();
    if line.eq_ignore_ascii_case("DONE") {
        return MPointLine::Done;
    }
    match ints::<2>(line) {
        Some([x, y]) => MPointLine::Point(x, y),
        None => MPointLine::Bad,
    }
}

/// The first word (up to an ASCII blank) and the rest, both without outer blanks.
pub fn first_word(s: &str) -> (&str, &str) {
    let s = s.trim();
    match s.char_indices().find(|(_, c)| c.is_ascii_whitespace()) {
        Some((i, _)) => (&s[..i], s[i..].trim()),
        None => (s, ""),
    }
}

/// Exactly `N` numbers separated by single commas, blanks allowed around each.
fn ints<const N: usize>(s: &str) -> Option<[i64; N]> {
    if s.matches(',').count() != N - 1 {
        return None;
    }
    let mut out = [0; N];
    for (slot, part) in out.iter_mut().zip(s.split(',')) {
        *slot = int(part)?;
    }
    Some(out)
}

/// One number with blanks around it.
fn int(s: &str) -> Option<i64> {
    signed(s.trim())
}

/// `[+-]?digits`, in range.
fn signed(s: &str) -> Option<i64> {
    let (negative, digits) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let v = digits_value(digits)?;
    let v = if negative { -v } else { v };
    i64::try_from(v).ok()
}

/// `[+]?digits`, in range.
fn uint(s: &str) -> Option<u64> {
    let digits = s.strip_prefix('+').unwrap_or(s);
    u64::try_from(digits_value(digits)?).ok()
}

/// The value of a non-empty run of ASCII digits; `None` for anything else or for a
/// value past 2^64 (which no type here holds).
fn digits_value(d: &str) -> Option<i128> {
    if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut v: i128 = 0;
    for b in d.bytes() {
        v = v * 10 + i128::from(b - b'0');
        if v > 1 << 64 {
            return None;
        }
    }
    Some(v)
}

/// The rule of an `INFO rule` bit mask (protocol doc §6): 1 exactly five, 2 continuous
/// (ignored), 4 renju, 8 caro; the lone value 2 is Yixin-Board's renju. Renju wins over
/// caro when both bits are set.
pub fn rule_of(v: i64) -> Rule {
    let exact = v & 1 != 0;
    if v == 2 || v & 4 != 0 {
        Rule::Renju
    } else if v & 8 != 0 && exact {
        Rule::CaroStandard
    } else if v & 8 != 0 {
        Rule::Caro
    } else if exact {
        Rule::Standard
    } else {
        Rule::Freestyle
    }
}

// ------------------------------------------------------------------------ the game

/// One game's position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MGame {
    pub width: usize,
    pub height: usize,
    /// Row by row.
    pub cells: Vec<Cell>,
    /// Stones in the order they were placed (walls are not stones).
    pub history: Vec<(Pos, Color)>,
    pub to_move: Color,
}

impl MGame {
    pub fn new(width: usize, height: usize) -> MGame {
        MGame {
            width,
            height,
            cells: vec![Cell::Empty; width * height],
            history: Vec::new(),
            to_move: Color::Black,
        }
    }

    pub fn contains(&self, x: i64, y: i64) -> bool {
        (0..self.width as i64).contains(&x) && (0..self.height as i64).contains(&y)
    }

    /// The cell at (x, y); `None` off the board.
    pub fn at(&self, x: i64, y: i64) -> Option<Cell> {
        self.contains(x, y)
            .then(|| self.cells[y as usize * self.width + x as usize])
    }

    fn set(&mut self, p: Pos, c: Cell) {
        self.cells[p.y as usize * self.width + p.x as usize] = c;
    }

    /// Puts a stone of `c` on an empty point (the caller checked it).
    pub fn put(&mut self, p: Pos, c: Color) {
        self.set(p, Cell::Stone(c));
        self.history.push((p, c));
    }

    pub fn points(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| Pos::new(x as u8, y as u8)))
    }

    pub fn empties(&self) -> Vec<Pos> {
        self.points()
            .filter(|p| self.at(p.x as i64, p.y as i64) == Some(Cell::Empty))
            .collect()
    }

    pub fn is_full(&self) -> bool {
        !self.cells.contains(&Cell::Empty)
    }
}

// ------------------------------------------------------------------------ the brain

/// What a line must be answered with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// No output at all.
    Nothing,
    Ok,
    Error,
    Unknown,
    About,
    /// A move (MESSAGE lines may come first), after the search.
    Move,
    /// The `FORBID ...` line.
    Forbid,
    /// The three MESSAGE lines of YXSHOWINFO.
    ShowInfo,
    /// The brain stops reading and exits (END).
    Exit,
}

/// What the input reader does with a line that arrives during a search (protocol doc
/// §1 "Threads", README "Protocol support").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DuringSearch {
    /// Exit at once, without the move.
    End,
    /// Stop the search.
    Stop,
    /// An INFO line: applied now if nothing waits before it; `stop` for
    /// `INFO timeout_turn 0` (Piskvork's "stop thinking").
    Info { stop: bool },
    /// START, RECTSTART or RESTART that will succeed: if nothing waits before it, the
    /// search is stopped and its move dropped, and the line is then handled as usual.
    NewGame,
    /// Anything else waits for the move.
    Wait,
}

/// What `line` does when it arrives during a search; `in_block` if the lines queued
/// before it leave a BOARD block open: then the line is the block's (END still exits).
pub fn during_search(line: &str, in_block: bool) -> DuringSearch {
    if in_block {
        return match mparse(line) {
            MCmd::End => DuringSearch::End,
            _ => DuringSearch::Wait,
        };
    }
    match mparse(line) {
        MCmd::End => DuringSearch::End,
        MCmd::Stop => DuringSearch::Stop,
        MCmd::Info(i) => DuringSearch::Info {
            stop: i == MInfo::TimeoutTurn(0),
        },
        MCmd::Start(n) if size_ok(n) => DuringSearch::NewGame,
        MCmd::RectStart(w, h) if size_ok(w) && size_ok(h) => DuringSearch::NewGame,
        // A search only runs with a game, so RESTART always succeeds.
        MCmd::Restart => DuringSearch::NewGame,
        _ => DuringSearch::Wait,
    }
}

/// Whether a BOARD block is being read after `line`, given whether one was before it
/// (§3.5: every line up to DONE is the block's, but END exits and START, RECTSTART or
/// RESTART abandon the block).
pub fn block_open_after(open: bool, line: &str) -> bool {
    if !open {
        return matches!(
            mparse(line),
            MCmd::Board | MCmd::YxBoard | MCmd::YxBlock | MCmd::YxBlockUndo | MCmd::Swap2Board
        );
    }
    match mboard_line(line) {
        MBoardLine::Done => false,
        MBoardLine::Stone(..) => true,
        MBoardLine::Bad => !matches!(
            mparse(line),
            MCmd::End | MCmd::Start(_) | MCmd::RectStart(..) | MCmd::Restart
        ),
    }
}

/// A board side the brain accepts.
fn size_ok(n: i64) -> bool {
    (MIN_SIZE..=MAX_SIZE).contains(&n)
}

/// What a block of lines up to DONE is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MBlock {
    /// BOARD: the position, then a move.
    Board,
    /// YXBOARD: the position, no reply.
    YxBoard,
    /// YXBLOCK and YXBLOCKUNDO: points to add to or take off the blocked list.
    Block,
    BlockUndo,
    /// SWAP2BOARD: the opening (0, 3 or 5 stones, black first), then its answer.
    Swap2,
}

/// The largest bias a balance search takes, either way.
pub const MAX_BIAS: i64 = 28_999;

/// What the answer to a search is (README "For analysts").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MTask {
    /// A move, played.
    #[default]
    Move,
    /// YXNBEST, YXSEARCHDEFEND, YXBALANCEONE: one point, not played.
    Analysis,
    /// YXBALANCETWO: two points on one line, not played.
    BalanceTwo,
    /// SWAP2BOARD on an empty board: black's first stone is put here before the
    /// search; the answer is it and two more (white's, black's), played.
    Swap2Place(Pos),
    /// SWAP2BOARD with three stones: `SWAP`, white's move, or two more stones.
    Swap2Three,
    /// SWAP2BOARD with five stones: `SWAP` or white's move.
    Swap2Five,
}

/// The stone lines of a block, `None` for a bad line.
pub type BlockLines = Vec<Option<(i64, i64, i64)>>;

/// The brain's state as the protocol document defines it.
#[derive(Clone, Debug, Default)]
pub struct Model {
    /// `None` before the first valid START.
    pub game: Option<MGame>,
    /// `INFO rule`; kept across games.
    pub rule: Option<Rule>,
    pub timeout_turn: Option<u64>,
    pub timeout_match: Option<u64>,
    /// This game's `time_left`: forgotten at every new game.
    pub time_left: Option<i64>,
    pub max_memory: u64,
    pub folder: Option<String>,
    /// `INFO max_node` and `max_depth` (`None`: no limit; a depth past `i32::MAX` is
    /// that).
    pub max_node: Option<u64>,
    pub max_depth: Option<i32>,
    /// `INFO show_detail` (0 by default).
    pub show_detail: u8,
    /// `INFO thread_num` (`None`: one thread).
    pub thread_num: Option<u64>,
    /// A block being read and its stone lines; `None` marks a bad line.
    pub block: Option<(MBlock, BlockLines)>,
    /// The good points of a YXBLOCK or YXBLOCKUNDO block being read, each once.
    pub points: Vec<Pos>,
    /// The blocked points, in the order given: kept until YXBLOCKRESET, across games
    /// (README: Yixin-Board sends START before every analysis).
    pub blocked: Vec<Pos>,
    /// A move was asked for and not given yet.
    pub thinking: bool,
    /// What that search's answer is.
    pub task: MTask,
    pub exited: bool,
}

impl Model {
    pub fn rule(&self) -> Rule {
        self.rule.unwrap_or(Rule::Freestyle)
    }

    /// A line handled while no search runs. Returns the reply due.
    pub fn line(&mut self, line: &str) -> Expect {
        assert!(!self.thinking && !self.exited, "model: line while thinking");
        if self.block.is_some() {
            return self.board_line(line);
        }
        match mparse(line) {
            MCmd::Start(n) => self.start(n, n),
            MCmd::RectStart(w, h) => self.start(w, h),
            MCmd::Restart => match &self.game {
                Some(g) => self.start(g.width as i64, g.height as i64),
                None => Expect::Error,
            },
            MCmd::Begin => match &mut self.game {
                // BEGIN on a non-empty board: a new empty board, then we play first.
                Some(g) => {
                    *g = MGame::new(g.width, g.height);
                    self.think()
                }
                None => Expect::Error,
            },
            MCmd::Turn(x, y) => self.turn(x, y),
            MCmd::Board => {
                self.block = Some((MBlock::Board, Vec::new()));
                Expect::Nothing
            }
            MCmd::YxBoard => {
                self.block = Some((MBlock::YxBoard, Vec::new()));
                Expect::Nothing
            }
            MCmd::YxBlock | MCmd::YxBlockUndo => {
                let kind = if mparse(line) == MCmd::YxBlock {
                    MBlock::Block
                } else {
                    MBlock::BlockUndo
                };
                self.block = Some((kind, Vec::new()));
                self.points.clear();
                Expect::Nothing
            }
            MCmd::YxBlockReset => {
                self.blocked.clear();
                Expect::Nothing
            }
            MCmd::YxNbest(n) if n < 1 => Expect::Error,
            MCmd::YxNbest(_) | MCmd::YxSearchDefend => self.think_for(MTask::Analysis),
            MCmd::YxBalance(_, bias) if bias.abs() > MAX_BIAS => Expect::Error,
            MCmd::YxBalance(stones, _) => match &self.game {
                Some(g) if g.empties().len() >= stones as usize => self.think_for(if stones == 1 {
                    MTask::Analysis
                } else {
                    MTask::BalanceTwo
                }),
                _ => Expect::Error,
            },
            MCmd::Swap2Board => {
                self.block = Some((MBlock::Swap2, Vec::new()));
                Expect::Nothing
            }
            MCmd::YxShowForbid if self.game.is_some() => Expect::Forbid,
            MCmd::YxShowForbid => Expect::Error,
            MCmd::YxHashClear => Expect::Nothing,
            MCmd::YxShowInfo => Expect::ShowInfo,
            MCmd::Info(i) => {
                self.info(i);
                Expect::Nothing
            }
            MCmd::End => {
                self.exited = true;
                Expect::Exit
            }
            MCmd::About => Expect::About,
            MCmd::Takeback(x, y) => self.takeback(x, y),
            // Nothing to stop: no reply.
            MCmd::Stop => Expect::Nothing,
            MCmd::Unknown => Expect::Unknown,
            MCmd::Malformed => Expect::Error,
        }
    }

    /// A line handed straight to a brain that is thinking (the session's API, without
    /// the reader's queue): INFO applies, END exits, STOP needs no reply, and anything
    /// else is refused with ERROR and changes nothing.
    pub fn line_while_thinking(&mut self, line: &str) -> Expect {
        assert!(self.thinking);
        match mparse(line) {
            MCmd::Info(i) => {
                self.info(i);
                Expect::Nothing
            }
            MCmd::End => {
                self.exited = true;
                Expect::Exit
            }
            MCmd::Stop => Expect::Nothing,
            _ => Expect::Error,
        }
    }

    /// Applies an INFO line (at any time, also during a search).
    pub fn info_line(&mut self, line: &str) {
        match mparse(line) {
            MCmd::Info(i) => self.info(i),
            c => panic!("model: not an INFO line: {line:?} ({c:?})"),
        }
    }

    /// END read by the input thread during a search: exit without the move (the
    /// search is never handed back, so the brain stays "thinking").
    pub fn exit(&mut self) {
        self.exited = true;
    }

    fn info(&mut self, i: MInfo) {
        match i {
            MInfo::TimeoutTurn(t) => self.timeout_turn = Some(t),
            MInfo::TimeoutMatch(t) => self.timeout_match = Some(t),
            MInfo::TimeLeft(t) => self.time_left = Some(t),
            MInfo::MaxMemory(m) => self.max_memory = m,
            MInfo::Rule(v) => self.rule = Some(rule_of(v)),
            MInfo::Folder(f) => self.folder = Some(f),
            MInfo::MaxNode(n) => self.max_node = (n > 0).then_some(n),
            MInfo::ShowDetail(d) => self.show_detail = d,
            MInfo::ThreadNum(n) => self.thread_num = Some(n),
            MInfo::MaxDepth(d) => self.max_depth = (d > 0).then(|| d.min(i32::MAX as u64) as i32),
            MInfo::Ignored => {}
        }
    }

    /// START, RECTSTART and RESTART: a new empty game; INFO settings stay, the game's
    /// `time_left` goes.
    fn start(&mut self, w: i64, h: i64) -> Expect {
        if !size_ok(w) || !size_ok(h) {
            return Expect::Error;
        }
        self.game = Some(MGame::new(w as usize, h as usize));
        self.time_left = None;
        Expect::Ok
    }

    /// TURN: the opponent's stone, then our move. A bad point changes nothing; on a full
    /// board the move request is refused. A five on the board does not end the game for
    /// the brain: the manager is the referee.
    fn turn(&mut self, x: i64, y: i64) -> Expect {
        let Some(g) = &mut self.game else {
            return Expect::Error;
        };
        if g.is_full() || g.at(x, y) != Some(Cell::Empty) {
            return Expect::Error;
        }
        let c = g.to_move;
        g.put(Pos::new(x as u8, y as u8), c);
        g.to_move = c.opp();
        self.think()
    }

    /// TAKEBACK: removes that stone; its colour is to move again (Piskvork's undo,
    /// protocol doc §11.4).
    fn takeback(&mut self, x: i64, y: i64) -> Expect {
        let Some(g) = &mut self.game else {
            return Expect::Error;
        };
        let Some(Cell::Stone(c)) = g.at(x, y) else {
            return Expect::Error;
        };
        let p = Pos::new(x as u8, y as u8);
        g.set(p, Cell::Empty);
        g.history.retain(|&(q, _)| q != p);
        g.to_move = c;
        Expect::Ok
    }

    /// A line inside a BOARD block (protocol doc §3.5): every line up to DONE belongs to
    /// the block; END still exits and START, RECTSTART or RESTART abandon the block.
    fn board_line(&mut self, line: &str) -> Expect {
        let (kind, block) = self.block.as_mut().expect("in a block");
        let kind = *kind;
        if matches!(kind, MBlock::Block | MBlock::BlockUndo) {
            return self.point_line(kind, line);
        }
        if kind == MBlock::Swap2 {
            return self.swap2_line(line);
        }
        match mboard_line(line) {
            MBoardLine::Stone(x, y, f) => {
                block.push(Some((x, y, f)));
                Expect::Nothing
            }
            MBoardLine::Bad if mparse(line) == MCmd::End => {
                self.exited = true;
                Expect::Exit
            }
            // A new game abandons the block (the manager gave up on it); the command
            // then acts as usual.
            MBoardLine::Bad
                if matches!(
                    mparse(line),
                    MCmd::Start(_) | MCmd::RectStart(..) | MCmd::Restart
                ) =>
            {
                self.block = None;
                self.line(line)
            }
            MBoardLine::Bad => {
                block.push(None);
                Expect::Nothing
            }
            MBoardLine::Done => {
                let lines = self.block.take().map(|b| b.1).unwrap_or_default();
                self.set_position(kind, &lines)
            }
        }
    }

    /// A line of a SWAP2BOARD block: `x,y` (or `x,y,f`, the field ignored); END exits
    /// and a new game drops the block, as in BOARD; any other line spoils the block,
    /// answered ERROR at DONE.
    fn swap2_line(&mut self, line: &str) -> Expect {
        let point = match (mpoint_line(line), mboard_line(line)) {
            (MPointLine::Point(x, y), _) | (_, MBoardLine::Stone(x, y, _)) => Some((x, y, 0)),
            (MPointLine::Done, _) => {
                let lines = self.block.take().map(|b| b.1).unwrap_or_default();
                return self.swap2_position(&lines);
            }
            _ => match mparse(line) {
                MCmd::End => {
                    self.exited = true;
                    return Expect::Exit;
                }
                MCmd::Start(_) | MCmd::RectStart(..) | MCmd::Restart => {
                    self.block = None;
                    return self.line(line);
                }
                _ => None,
            },
        };
        if let Some((_, block)) = &mut self.block {
            block.push(point);
        }
        Expect::Nothing
    }

    /// DONE of a SWAP2BOARD block: 0, 3 or 5 distinct points on the board, black
    /// first and then alternately, replace the position; on an empty board black's
    /// first stone goes to the centre (the lower point of an even side); then the
    /// search for the stage's answer.
    fn swap2_position(&mut self, lines: &[Option<(i64, i64, i64)>]) -> Expect {
        let Some(current) = &self.game else {
            return Expect::Error;
        };
        let Some(stones) = lines.iter().copied().collect::<Option<Vec<_>>>() else {
            return Expect::Error;
        };
        if !matches!(stones.len(), 0 | 3 | 5) {
            return Expect::Error;
        }
        let mut g = MGame::new(current.width, current.height);
        for (k, &(x, y, _)) in stones.iter().enumerate() {
            if g.at(x, y) != Some(Cell::Empty) {
                return Expect::Error;
            }
            let c = if k % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            g.put(Pos::new(x as u8, y as u8), c);
        }
        let task = match stones.len() {
            0 => {
                let first = Pos::new(((g.width - 1) / 2) as u8, ((g.height - 1) / 2) as u8);
                g.put(first, Color::Black);
                MTask::Swap2Place(first)
            }
            3 => MTask::Swap2Three,
            _ => MTask::Swap2Five,
        };
        g.to_move = if g.history.len().is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        };
        self.game = Some(g);
        self.think_for(task)
    }

    /// A line of a YXBLOCK or YXBLOCKUNDO block: END exits and a new game drops the
    /// block, as in BOARD; a malformed line, a point off the board or (to block) an
    /// occupied one is answered ERROR at once; the good points change the list at DONE,
    /// which without a board answers ERROR.
    fn point_line(&mut self, kind: MBlock, line: &str) -> Expect {
        match (mpoint_line(line), mparse(line)) {
            (MPointLine::Bad, MCmd::End) => {
                self.exited = true;
                Expect::Exit
            }
            (MPointLine::Bad, MCmd::Start(_) | MCmd::RectStart(..) | MCmd::Restart) => {
                self.block = None;
                self.line(line)
            }
            (MPointLine::Bad, _) => Expect::Error,
            (MPointLine::Done, _) => {
                self.block = None;
                let points = std::mem::take(&mut self.points);
                if self.game.is_none() {
                    return Expect::Error;
                }
                if kind == MBlock::Block {
                    self.blocked.extend(points);
                } else {
                    self.blocked.retain(|p| !points.contains(p));
                }
                Expect::Nothing
            }
            (MPointLine::Point(x, y), _) => {
                let Some(g) = &self.game else {
                    return Expect::Nothing;
                };
                match g.at(x, y) {
                    None => return Expect::Error,
                    Some(Cell::Empty) => {}
                    Some(_) if kind == MBlock::Block => return Expect::Error,
                    Some(_) => {}
                }
                let p = Pos::new(x as u8, y as u8);
                let known = kind == MBlock::Block && self.blocked.contains(&p);
                if !known && !self.points.contains(&p) {
                    self.points.push(p);
                }
                Expect::Nothing
            }
        }
    }

    /// DONE: the block replaces the position if every line is good, then we move
    /// (BOARD) or say nothing (YXBOARD). f = 1 ours, 2 the opponent's, 3 a blocked
    /// point; we are white when the opponent has more stones, black otherwise.
    fn set_position(&mut self, kind: MBlock, lines: &[Option<(i64, i64, i64)>]) -> Expect {
        let Some(current) = &self.game else {
            return Expect::Error;
        };
        let Some(stones) = lines.iter().copied().collect::<Option<Vec<_>>>() else {
            return Expect::Error;
        };
        let count = |f: i64| stones.iter().filter(|s| s.2 == f).count();
        let ours = if count(2) > count(1) {
            Color::White
        } else {
            Color::Black
        };
        let mut g = MGame::new(current.width, current.height);
        for (x, y, f) in stones {
            if g.at(x, y) != Some(Cell::Empty) {
                return Expect::Error;
            }
            let p = Pos::new(x as u8, y as u8);
            match f {
                1 => g.put(p, ours),
                2 => g.put(p, ours.opp()),
                3 => g.set(p, Cell::Wall),
                _ => return Expect::Error,
            }
        }
        g.to_move = ours;
        self.game = Some(g);
        match kind {
            MBlock::Board => self.think(),
            _ => Expect::Nothing,
        }
    }

    /// A search whose answer is `task` is asked for on the current position.
    fn think_for(&mut self, task: MTask) -> Expect {
        let e = self.think();
        if e == Expect::Move {
            self.task = task;
        }
        e
    }

    /// A move is asked for on the current position.
    fn think(&mut self) -> Expect {
        match &self.game {
            Some(g) if !g.is_full() => {
                self.thinking = true;
                Expect::Move
            }
            _ => Expect::Error,
        }
    }

    /// The search's move was dropped because a new game was asked for during it
    /// (nothing is played; the new game resets the board anyway).
    pub fn move_dropped(&mut self) {
        assert!(self.thinking, "no search to drop");
        self.thinking = false;
        self.task = MTask::Move;
    }

    /// Our move came: it must be on an empty point; it is played for the side to move
    /// (but not after YXNBEST, YXSEARCHDEFEND or YXBALANCEONE).
    pub fn our_move(&mut self, x: i64, y: i64) -> Result<(), String> {
        self.our_answer(&ReplyLine::Move(x, y))
    }

    /// The answer to a search came (the last line, after any MESSAGE): of the shape
    /// its task asks for, on empty points, and played as that task says.
    pub fn our_answer(&mut self, answer: &ReplyLine) -> Result<(), String> {
        if !self.thinking {
            return Err("an answer nobody asked for".into());
        }
        self.thinking = false;
        let task = std::mem::take(&mut self.task);
        let points: Vec<(i64, i64)> = match (task, answer) {
            (MTask::Swap2Three | MTask::Swap2Five, ReplyLine::Swap) => return Ok(()),
            (
                MTask::Move | MTask::Analysis | MTask::Swap2Three | MTask::Swap2Five,
                ReplyLine::Move(x, y),
            ) => {
                vec![(*x, *y)]
            }
            (MTask::BalanceTwo | MTask::Swap2Three, ReplyLine::Moves(p)) if p.len() == 2 => {
                p.clone()
            }
            (MTask::Swap2Place(first), ReplyLine::Moves(p)) if p.len() == 3 => {
                if p[0] != (first.x as i64, first.y as i64) {
                    return Err(format!("Swap2 opening {p:?} does not start at {first}"));
                }
                p[1..].to_vec()
            }
            (task, a) => return Err(format!("{a:?} answers a search for {task:?}")),
        };
        let play = !matches!(task, MTask::Analysis | MTask::BalanceTwo);
        let g = self.game.as_mut().ok_or("an answer without a board")?;
        let mut scratch = g.clone();
        for &(x, y) in &points {
            match scratch.at(x, y) {
                Some(Cell::Empty) => {
                    let c = scratch.to_move;
                    scratch.put(Pos::new(x as u8, y as u8), c);
                    scratch.to_move = c.opp();
                }
                None => return Err(format!("our point {x},{y} is off the board")),
                Some(c) => return Err(format!("our point {x},{y} is on {c:?}")),
            }
        }
        if play {
            *g = scratch;
        }
        Ok(())
    }
}

// ------------------------------------------------------------------------ output

/// The kinds of line a brain may print (protocol doc §10, and §13's `FORBID`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplyLine {
    Ok,
    Error,
    Unknown,
    About,
    Message,
    Move(i64, i64),
    /// Two or more points on one line, `x,y x,y ...` (YXBALANCETWO, SWAP2BOARD).
    Moves(Vec<(i64, i64)>),
    /// `SWAP` (SWAP2BOARD).
    Swap,
    /// `FORBID xxyy...xxyy.`: the points, each as two-digit x and y.
    Forbid(Vec<(i64, i64)>),
}

/// Checks that one output line (without its LF) is well formed and says which kind it
/// is: `OK` exactly; `ERROR`, `UNKNOWN` and `MESSAGE` with a non-empty text; a move
/// `x,y` in plain decimal (no blanks, signs or leading zeros); or the ABOUT line of
/// `key="value"` pairs separated by `, `. Every line is printable ASCII.
pub fn classify_reply(line: &str) -> Result<ReplyLine, String> {
    if !line.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        return Err(format!("not printable ASCII: {line:?}"));
    }
    if line == "OK" {
        return Ok(ReplyLine::Ok);
    }
    for (word, kind) in [
        ("ERROR ", ReplyLine::Error),
        ("UNKNOWN ", ReplyLine::Unknown),
        ("MESSAGE ", ReplyLine::Message),
    ] {
        if let Some(text) = line.strip_prefix(word) {
            return if text.trim().is_empty() {
                Err(format!("{word}with no text: {line:?}"))
            } else {
                Ok(kind)
            };
        }
    }
    if let Some(rest) = line.strip_prefix("FORBID ") {
        let digits = rest
            .strip_suffix('.')
            .filter(|d| d.len() % 4 == 0 && d.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| format!("not a FORBID line: {line:?}"))?;
        let n = |i: usize| digits[i..i + 2].parse::<i64>().expect("two digits");
        let points = (0..digits.len()).step_by(4).map(|i| (n(i), n(i + 2)));
        return Ok(ReplyLine::Forbid(points.collect()));
    }
    if line == "SWAP" {
        return Ok(ReplyLine::Swap);
    }
    let point = |s: &str| {
        let (x, y) = s.split_once(',')?;
        Some((plain_number(x)?, plain_number(y)?))
    };
    if let Some((x, y)) = point(line) {
        return Ok(ReplyLine::Move(x, y));
    }
    let points: Option<Vec<(i64, i64)>> = line.split(' ').map(point).collect();
    if let Some(points) = points.filter(|p| p.len() >= 2) {
        return Ok(ReplyLine::Moves(points));
    }
    if is_about(line) {
        return Ok(ReplyLine::About);
    }
    Err(format!("not a reply line: {line:?}"))
}

fn plain_number(s: &str) -> Option<i64> {
    let ok = !s.is_empty()
        && s.len() <= 3
        && s.bytes().all(|b| b.is_ascii_digit())
        && (s == "0" || !s.starts_with('0'));
    ok.then(|| s.parse().ok()).flatten()
}

/// `key="value", key="value"`: keys in lower case, values non-empty and free of `,`
/// `=` and `"` (GomocupJudgeLocal splits on them), and a `name` key.
fn is_about(line: &str) -> bool {
    let mut has_name = false;
    for pair in line.split(", ") {
        let Some((key, value)) = pair.split_once('=') else {
            return false;
        };
        let Some(inner) = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) else {
            return false;
        };
        if key.is_empty()
            || !key.bytes().all(|b| b.is_ascii_lowercase())
            || inner.is_empty()
            || inner.contains([',', '=', '"'])
        {
            return false;
        }
        has_name |= key == "name";
    }
    has_name
}
