//! The session state machine: a thin adapter from commands to [`Board`] and [`Searcher`].
//!
//! It does no I/O and starts no thread. A move command returns [`Action::Think`] holding
//! a copy of the position, the time limits and the searcher itself; whoever runs the
//! search hands the searcher and the result back through [`Session::search_done`], which
//! plays the move and returns the lines to print.
//!
//! Bad input never changes the position: a new position is built on a copy and only
//! replaces the current one when it is complete and valid.

use super::parse::{
    breaks_block, excerpt, parse, parse_board_line, parse_point_line, BoardLine, Command, Info,
    PointLine,
};
use super::reply::{fallback_info, line_info, search_info, show_info, Detail, Reply};
use crate::board::{Board, Cell, MoveError};
use crate::eval::Evaluation;
use crate::search::{
    tt_bytes_for_memory, tt_bytes_for_time, Analysis, Limits, Line, Lines, Params, SearchResult,
    Searcher, HELPER_BYTES, MAX_THREADS,
};
use crate::time::Clock;
use crate::types::{Color, Pos, Rule, Score, MAX_SIZE, MIN_SIZE, WIN_MIN};
use std::time::Instant;

/// The most lines a `BOARD` block may hold (one per point of the largest board); more
/// lines are consumed but make the block invalid, so memory stays bounded.
const MAX_BOARD_LINES: usize = MAX_SIZE * MAX_SIZE;

/// What the caller must do after a line.
#[derive(Debug)]
pub enum Action {
    /// Nothing to print (INFO, a line inside a BOARD block, YXSTOP while idle).
    Nothing,
    /// Print this line.
    Reply(Reply),
    /// Print these lines, in order.
    Replies(Vec<Reply>),
    /// Run this search, then call [`Session::search_done`].
    Think(Box<SearchJob>),
    /// Exit at once (END).
    Exit,
}

/// A search to run: the position (a copy), its limits, and the session's searcher, lent
/// out until [`Session::search_done`] gets it back.
pub struct SearchJob {
    /// The position to search; the side to move is us.
    pub board: Board,
    /// Time limits, with the clock started when the move command arrived.
    pub limits: Limits,
    /// The searcher, moved out of the session for the search.
    pub searcher: Searcher,
    /// What to show while it runs (`INFO show_detail`).
    pub detail: Detail,
}

impl std::fmt::Debug for SearchJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchJob")
            .field("stones", &self.board.stone_count())
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

/// What a block of lines up to `DONE` is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BlockKind {
    /// `BOARD`: a position, then our move.
    Board,
    /// `YXBOARD`: a position, and no reply.
    YxBoard,
    /// `YXBLOCK`: points to add to the blocked list.
    Block,
    /// `YXBLOCKUNDO`: points to take off it.
    BlockUndo,
    /// `SWAP2BOARD`: the Swap2 opening so far, as `x,y` in move order.
    Swap2,
}

impl BlockKind {
    /// The block a command opens (one of [`Command::opens_block`]'s).
    fn opened_by(cmd: &Command) -> BlockKind {
        match cmd {
            Command::YxBoard => BlockKind::YxBoard,
            Command::YxBlock => BlockKind::Block,
            Command::YxBlockUndo => BlockKind::BlockUndo,
            Command::Swap2Board => BlockKind::Swap2,
            _ => BlockKind::Board,
        }
    }

    fn name(self) -> &'static str {
        match self {
            BlockKind::Board => "BOARD",
            BlockKind::YxBoard => "YXBOARD",
            BlockKind::Block => "YXBLOCK",
            BlockKind::BlockUndo => "YXBLOCKUNDO",
            BlockKind::Swap2 => "SWAP2BOARD",
        }
    }
}

/// The lines of a block collected so far.
struct Block {
    kind: BlockKind,
    /// BOARD and YXBOARD: `x,y,f`; SWAP2BOARD: `x,y,0`; checked at DONE.
    stones: Vec<(i64, i64, i64)>,
    /// YXBLOCK and YXBLOCKUNDO: the good points, each once (a bad one is answered at
    /// once), applied at DONE.
    points: Vec<Pos>,
    /// BOARD, YXBOARD and SWAP2BOARD: the first problem found; the block is still
    /// read up to DONE.
    error: Option<String>,
}

impl Block {
    fn new(kind: BlockKind) -> Block {
        Block {
            kind,
            stones: Vec::new(),
            points: Vec::new(),
            error: None,
        }
    }
}

/// The stage of the Swap2 opening a SWAP2BOARD search answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Swap2Stage {
    /// No stone yet: we placed black's first stone here; the search finds white's
    /// stone and black's second (a balance search), and we answer all three.
    Place(Pos),
    /// Three stones, we are the second player: white's move, `SWAP`, or two more
    /// stones.
    Three,
    /// Five stones, we are the first player: white's move or `SWAP`.
    Five,
}

/// One brain's view of the game and of the manager's settings.
pub struct Session {
    /// The position; `None` until the first START.
    board: Option<Board>,
    /// `INFO rule`, kept across games.
    rule: Rule,
    /// Time settings (kept across games) and this game's time used and left.
    clock: Clock,
    /// `INFO max_memory` in bytes (0 = no limit), kept across games.
    max_memory: u64,
    /// `INFO folder`, kept across games.
    folder: Option<String>,
    /// `None` before the first search, while a search holds it, or after it panicked.
    searcher: Option<Searcher>,
    /// The table size the current searcher was given.
    searcher_tt: usize,
    /// The longest move the time settings allowed at a move command in this session (0
    /// before the first): with the settings in force now, it bounds the table. It only
    /// grows, so that a `timeout_turn 0` ("move now") or a shorter game never empties the
    /// table; but a setting never in force at a move does not count: Piskvork and
    /// qpiskvork send `timeout_match` before `timeout_turn`, and for that moment a tenth
    /// of the match clock was the longest move (10 s of Piskvork's 100 s against a
    /// 300 ms turn: an 800 MB table whose first writes took most of every move's time).
    longest_move_ms: u64,
    /// When the move command being searched arrived; `Some` while a search runs.
    thinking: Option<Instant>,
    /// A block of lines up to DONE being read.
    block: Option<Block>,
    /// Root points the search must not play (YXBLOCK), in the order given. Kept until
    /// YXBLOCKRESET, across games: Yixin-Board sends START before every analysis.
    blocked: Vec<Pos>,
    /// The current search was asked with every legal point blocked, so without them.
    blocks_ignored: bool,
    /// What the current search is for: a move (`Lines::One`), or YXNBEST,
    /// YXSEARCHDEFEND or a balance search, whose answer is not played.
    task: Lines,
    /// The current search answers a SWAP2BOARD at this stage.
    swap2: Option<Swap2Stage>,
    /// `INFO max_node` (`None`: no limit), kept across games.
    max_node: Option<u64>,
    /// `INFO max_depth` (`None`: no limit), kept across games.
    max_depth: Option<i32>,
    /// `INFO thread_num`, at most [`MAX_THREADS`], kept across games.
    threads: usize,
    /// `INFO show_detail`, kept across games.
    detail: Detail,
    /// Search tunables: the defaults unless `INFO wuzi_<name> <value>` changed one
    /// (a developer's hook for tuning by match; kept across games).
    params: Params,
    /// The evaluation (`INFO evaluator`), handed to the searcher when it changes.
    evaluation: Evaluation,
    evaluation_changed: bool,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A session with no board and default settings. Allocates nothing large: the
    /// searcher is created at the first move, sized by the `max_memory` known then.
    pub fn new() -> Session {
        Session {
            board: None,
            rule: Rule::Freestyle,
            clock: Clock::default(),
            max_memory: 0,
            folder: None,
            searcher: None,
            searcher_tt: 0,
            longest_move_ms: 0,
            thinking: None,
            block: None,
            blocked: Vec::new(),
            blocks_ignored: false,
            task: Lines::One,
            swap2: None,
            max_node: None,
            max_depth: None,
            threads: 1,
            detail: Detail::default(),
            params: Params::DEFAULT,
            evaluation: Evaluation::default(),
            evaluation_changed: false,
        }
    }

    /// The current position, if a game was started.
    pub fn board(&self) -> Option<&Board> {
        self.board.as_ref()
    }

    /// The rule from `INFO rule` (freestyle until one arrives).
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The time settings and this game's time used and left.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// `INFO max_memory` in bytes; 0 when not sent.
    pub fn max_memory(&self) -> u64 {
        self.max_memory
    }

    /// `INFO folder`, if sent.
    pub fn folder(&self) -> Option<&str> {
        self.folder.as_deref()
    }

    /// `INFO max_node`, if a limit is set.
    pub fn max_node(&self) -> Option<u64> {
        self.max_node
    }

    /// `INFO max_depth`, if a limit is set.
    pub fn max_depth(&self) -> Option<i32> {
        self.max_depth
    }

    /// `INFO thread_num` (1 when not sent), capped at [`MAX_THREADS`]; a memory limit
    /// may let a search use fewer.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// `INFO show_detail` (0 when not sent).
    pub fn show_detail(&self) -> u8 {
        self.detail.0
    }

    /// True while a search lent out by [`Action::Think`] has not come back.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Bytes of the searcher's transposition table; `None` before the first move
    /// command and while the searcher is lent out.
    pub fn table_bytes(&self) -> Option<usize> {
        self.searcher.as_ref().map(Searcher::tt_bytes)
    }

    /// The points YXBLOCK put on the list, in order.
    pub fn blocked(&self) -> &[Pos] {
        &self.blocked
    }

    /// True while the lines of a block (`BOARD`, `YXBOARD`, `YXBLOCK`, `YXBLOCKUNDO`)
    /// are being read.
    pub fn in_board_block(&self) -> bool {
        self.block.is_some()
    }

    /// Handles one input line that arrived at `arrived` (the clock of a move starts
    /// then). While a search runs only INFO, YXSTOP/STOP and END are handled here;
    /// the caller should queue other commands until the search is done.
    pub fn handle_line(&mut self, line: &str, arrived: Instant) -> Action {
        if self.block.is_some() {
            return self.board_line(line, arrived);
        }
        match parse(line) {
            Err(e) => Action::Reply(Reply::Error(e.to_string())),
            Ok(cmd) if self.thinking.is_some() => match cmd {
                Command::Info(info) => {
                    self.apply_info(&info);
                    Action::Nothing
                }
                Command::End => Action::Exit,
                Command::Stop => Action::Nothing,
                _ => Action::Reply(Reply::Error("busy: a search is running".into())),
            },
            Ok(cmd) => self.command(cmd, arrived),
        }
    }

    /// Applies an INFO line at once (also during a search). Returns true for
    /// `INFO timeout_turn 0`, which Piskvork sends to mean "stop thinking, move now".
    pub fn apply_info(&mut self, info: &Info) -> bool {
        match info {
            Info::TimeoutTurn(t) => {
                self.clock.timeout_turn = Some(*t);
                self.sync_table_size();
                return *t == 0;
            }
            Info::TimeoutMatch(t) => {
                self.clock.timeout_match = Some(*t);
                self.sync_table_size();
            }
            Info::TimeLeft(t) => self.clock.time_left = Some(*t),
            Info::MaxMemory(m) => {
                self.max_memory = *m;
                self.sync_table_size();
            }
            Info::Rule(v) => {
                self.rule = Rule::from_info(*v);
                if let Some(b) = &mut self.board {
                    b.set_rule(self.rule);
                }
            }
            Info::Folder(f) => self.folder = Some(f.clone()),
            Info::MaxNode(n) => self.max_node = (*n > 0).then_some(*n),
            Info::ShowDetail(d) => self.detail = Detail(*d),
            Info::MaxDepth(d) => {
                self.max_depth = (*d > 0).then(|| (*d).min(i32::MAX as u64) as i32);
            }
            Info::ThreadNum(n) => {
                self.threads = (*n).min(MAX_THREADS as u64) as usize;
                self.sync_table_size();
            }
            Info::GameType(_) | Info::Evaluate { .. } => {}
            // INFO is never answered: a bad value keeps the evaluation in use, logged.
            Info::Evaluator(v) => match Evaluation::named(v) {
                Ok(e) => {
                    log::info!("evaluator {v}");
                    self.evaluation = e;
                    self.evaluation_changed = true;
                }
                Err(e) => log::warn!("ignored INFO evaluator {v:?}: {e:#}"),
            },
            Info::Unknown { key, value } => {
                let param = key.strip_prefix("wuzi_").and_then(|name| {
                    let v = value.trim().parse::<i64>().ok()?;
                    self.params.set(name, v).then_some(())
                });
                match param {
                    Some(()) => log::info!("search parameter {key} = {value}"),
                    None => log::debug!("ignored INFO key {key:?} = {value:?}"),
                }
            }
            Info::Invalid { key, value } => {
                log::warn!("ignored INFO {key} with a bad value {value:?}");
            }
        }
        false
    }

    /// Takes back the searcher lent by [`Action::Think`] (`None` if the search thread
    /// died) and the search result (`None` if there was none), plays our move and returns
    /// the lines to print: one `MESSAGE` and the move. A missing or illegal result is
    /// replaced by the legal point nearest the centre: a move is always produced. For
    /// YXNBEST and YXSEARCHDEFEND a `MESSAGE` per line comes first, and the move is
    /// not played (nor its time counted on the game's clock); so for the balance
    /// searches, YXBALANCETWO answering two points on one line. A SWAP2BOARD gets its
    /// stage's answer (`SWAP`, or points on one line), whose points are played and
    /// whose time is counted.
    ///
    /// A table size asked for by `INFO max_memory` during the search is not applied
    /// here, so that freeing the old table never delays the move: call
    /// [`Session::sync_table_size`] once the move is out (the next move command does it
    /// otherwise).
    pub fn search_done(
        &mut self,
        searcher: Option<Searcher>,
        result: Option<SearchResult>,
    ) -> Vec<Reply> {
        let arrived = self.thinking.take();
        let task = std::mem::take(&mut self.task);
        let swap2 = self.swap2.take();
        let crashed = searcher.is_none();
        if let Some(s) = &searcher {
            log::info!(
                "table {} bytes, {} permille used",
                s.tt_bytes(),
                s.tt_hashfull()
            );
        }
        self.searcher = searcher;
        let Some(board) = self.board.as_mut() else {
            return vec![Reply::Error("no board".into())];
        };
        let mut replies = Vec::new();
        if std::mem::take(&mut self.blocks_ignored) {
            replies.push(Reply::Message(
                "every legal point is blocked (YXBLOCK): the list is ignored for this move".into(),
            ));
        }
        // A Swap2 or balance answer's extra points: the search's `pv` or lines.
        let mut found: Option<SearchResult> = None;
        let (best, info) = match result {
            Some(r) if board.is_legal(r.best) => {
                replies.extend(analysis_report(task, &r, board));
                let info = search_info(&r);
                let best = r.best;
                found = Some(r);
                (best, info)
            }
            other => {
                let why = match other {
                    Some(r) => format!("search gave the illegal move {}", r.best),
                    None if crashed => "search failed".to_string(),
                    None => "search gave no move".to_string(),
                };
                log::warn!("{why}; playing a fallback move");
                match fallback_move(board) {
                    Some(p) => (p, fallback_info(p, &why)),
                    None => return vec![Reply::Error("no empty point left".into())],
                }
            }
        };
        if let Some(stage) = swap2 {
            let answer = swap2_answer(stage, board, best, found.as_ref());
            for &p in &answer.play {
                if let Err(e) = board.play(p) {
                    return vec![Reply::Error(format!("cannot play {p}: {e}"))];
                }
            }
            if let Some(t) = arrived {
                self.clock.used_ms += t.elapsed().as_millis() as u64;
            }
            replies.extend([Reply::Message(info), answer.reply]);
            return replies;
        }
        if let Lines::Balance { stones: 2, .. } = task {
            let pair = found
                .and_then(|r| legal_pair(board, &r.pv))
                .or_else(|| fallback_pair(board));
            let Some(pair) = pair else {
                return vec![Reply::Error(
                    "YXBALANCETWO: fewer than two empty points".into(),
                )];
            };
            replies.extend([Reply::Message(info), Reply::Moves(pair.to_vec())]);
            return replies;
        }
        if task == Lines::One {
            if let Err(e) = board.play(best) {
                // Unreachable: `best` was checked above. Still answer something sane.
                return vec![Reply::Error(format!("cannot play {best}: {e}"))];
            }
            if let Some(t) = arrived {
                self.clock.used_ms += t.elapsed().as_millis() as u64;
            }
        }
        replies.extend([Reply::Message(info), Reply::Move(best)]);
        replies
    }

    /// Takes back the searcher of a search whose move is no longer wanted (a START or
    /// RESTART came during it): nothing is played and nothing is printed.
    pub fn search_cancelled(&mut self, searcher: Option<Searcher>) {
        self.thinking = None;
        self.swap2 = None;
        self.blocks_ignored = false;
        self.task = Lines::One;
        self.searcher = searcher;
    }

    fn command(&mut self, cmd: Command, arrived: Instant) -> Action {
        let reply = match cmd {
            Command::Start { size } => self.start(size, size),
            Command::RectStart { width, height } => self.start(width, height),
            Command::Restart => match &self.board {
                Some(b) => self.start(b.width() as i64, b.height() as i64),
                None => Err("no game to restart, send START first".into()),
            },
            Command::Begin => return self.begin(arrived),
            Command::Turn { x, y } => return self.turn(x, y, arrived),
            cmd @ (Command::Board
            | Command::YxBoard
            | Command::YxBlock
            | Command::YxBlockUndo
            | Command::Swap2Board) => {
                self.block = Some(Block::new(BlockKind::opened_by(&cmd)));
                return Action::Nothing;
            }
            Command::YxBlockReset => {
                self.blocked.clear();
                return Action::Nothing;
            }
            Command::YxShowForbid => return self.show_forbid(),
            Command::YxHashClear => {
                // The searcher is at home: commands wait while a search runs.
                if let Some(s) = &mut self.searcher {
                    s.new_game();
                }
                return Action::Nothing;
            }
            Command::YxShowInfo => return Action::Replies(show_info()),
            Command::YxNbest { n } if n < 1 => {
                return error(format!("YXNBEST: {n} moves asked, 1 or more expected"))
            }
            // More lines than the largest board has points cannot be found anyway.
            Command::YxNbest { n } => {
                let n = n.min((MAX_SIZE * MAX_SIZE) as i64) as usize;
                return self.think_for(arrived, Lines::Best(n));
            }
            Command::YxSearchDefend => return self.think_for(arrived, Lines::Defend),
            Command::YxBalance { stones, bias } => return self.balance(stones, bias, arrived),
            Command::Info(info) => {
                self.apply_info(&info);
                return Action::Nothing;
            }
            Command::End => return Action::Exit,
            Command::About => return Action::Reply(Reply::About),
            Command::Takeback { x, y } => self.takeback(x, y),
            // Not thinking: nothing to stop. A reply here would be read as the answer
            // to the manager's next command (c-gomoku-cli sends YXSTOP late).
            Command::Stop => return Action::Nothing,
            Command::Unknown(text) => {
                return Action::Reply(Reply::Unknown(format!(
                    "command not supported: {}",
                    excerpt(&text)
                )))
            }
        };
        Action::Reply(match reply {
            Ok(()) => Reply::Ok,
            Err(reason) => Reply::Error(reason),
        })
    }

    /// START, RECTSTART and RESTART: a full reset that keeps the INFO settings.
    /// True if `cmd` would start a new game now (START or RECTSTART of a supported
    /// size, or RESTART with a game going): the input thread may then drop the running
    /// search's move. A new-game command that will be refused must not cost the move.
    pub fn starts_new_game(&self, cmd: &Command) -> bool {
        match *cmd {
            Command::Start { size } => size_ok(size),
            Command::RectStart { width, height } => size_ok(width) && size_ok(height),
            Command::Restart => self.board.is_some(),
            _ => false,
        }
    }

    fn start(&mut self, width: i64, height: i64) -> Result<(), String> {
        if !size_ok(width) || !size_ok(height) {
            let size = if width == height {
                width.to_string()
            } else {
                format!("{width}x{height}")
            };
            return Err(format!(
                "unsupported board size {size}, sizes {MIN_SIZE} to {MAX_SIZE} are supported"
            ));
        }
        self.board = Some(Board::new(width as usize, height as usize, self.rule));
        self.block = None;
        if let Some(s) = &mut self.searcher {
            s.new_game();
        }
        self.clock.time_left = None;
        self.clock.used_ms = 0;
        Ok(())
    }

    fn begin(&mut self, arrived: Instant) -> Action {
        let Some(b) = &mut self.board else {
            return no_board();
        };
        if b.stone_count() > 0 || b.empty_count() != b.width() * b.height() {
            *b = Board::new(b.width(), b.height(), self.rule);
        }
        b.set_side_to_move(Color::Black);
        self.think(arrived)
    }

    fn turn(&mut self, x: i64, y: i64, arrived: Instant) -> Action {
        let Some(b) = &mut self.board else {
            return no_board();
        };
        if let Some(why) = game_over(b) {
            return error(why);
        }
        let p = match point(b, x, y) {
            Ok(p) => p,
            Err(why) => return error(why),
        };
        if b.cell(p) != Some(Cell::Empty) {
            return error(format!("{p} is occupied"));
        }
        if let Err(e) = b.play(p) {
            return error(format!("cannot play {p}: {e}"));
        }
        // A stone that ends the game stays; `think` then answers ERROR.
        self.think(arrived)
    }

    fn takeback(&mut self, x: i64, y: i64) -> Result<(), String> {
        let Some(b) = &mut self.board else {
            return Err("no board, send START first".into());
        };
        let p = point(b, x, y)?;
        match b.remove(p) {
            Ok(_) => Ok(()),
            Err(MoveError::NoStone) => Err(format!("no stone at {p}")),
            Err(e) => Err(format!("cannot take back {p}: {e}")),
        }
    }

    /// One line inside a block. Every line up to DONE is consumed, even after an error,
    /// so that the lines of a bad block are never read as commands; but END exits, and
    /// START, RECTSTART or RESTART drop the block (the manager gave up on it).
    fn board_line(&mut self, line: &str, arrived: Instant) -> Action {
        let Some(kind) = self.block.as_ref().map(|b| b.kind) else {
            return Action::Nothing;
        };
        match breaks_block(line) {
            Some(Command::End) => return Action::Exit,
            // It gets no reply of its own, so the next line out answers the START.
            Some(cmd) => {
                log::warn!("{} block abandoned for {line:?}", kind.name());
                self.block = None;
                return self.command(cmd, arrived);
            }
            None => {}
        }
        match kind {
            BlockKind::Board | BlockKind::YxBoard => self.stone_line(line, arrived),
            BlockKind::Block | BlockKind::BlockUndo => self.point_line(line),
            BlockKind::Swap2 => self.swap2_line(line, arrived),
        }
    }

    /// A line of a BOARD or YXBOARD block: a bad one spoils the block, answered at DONE.
    fn stone_line(&mut self, line: &str, arrived: Instant) -> Action {
        let Some(block) = &mut self.block else {
            return Action::Nothing;
        };
        match parse_board_line(line) {
            Ok(BoardLine::Done) => {
                let Some(block) = self.block.take() else {
                    return Action::Nothing;
                };
                let name = block.kind.name();
                let board = match block.error {
                    Some(why) => Err(why),
                    None => self.position(&block.stones),
                };
                match (board, block.kind) {
                    (Err(why), _) => error(format!("{name}: {why}")),
                    (Ok(b), BlockKind::Board) => {
                        self.board = Some(b);
                        self.think(arrived)
                    }
                    (Ok(b), _) => {
                        self.board = Some(b);
                        Action::Nothing
                    }
                }
            }
            Ok(BoardLine::Stone { x, y, field }) => {
                if block.error.is_none() {
                    if block.stones.len() >= MAX_BOARD_LINES {
                        block.error = Some("too many lines".into());
                    } else if !(1..=3).contains(&field) {
                        block.error = Some(format!(
                            "bad field in '{x},{y},{field}', 1, 2 or 3 expected"
                        ));
                    } else {
                        block.stones.push((x, y, field));
                    }
                }
                Action::Nothing
            }
            Err(e) => {
                if block.error.is_none() {
                    block.error = Some(e.reason);
                }
                Action::Nothing
            }
        }
    }

    /// A line of a SWAP2BOARD block: `x,y` (an `x,y,f` line is taken too, its field
    /// ignored: the order tells the colours). A bad line spoils the block, answered
    /// at DONE, and so does a number of stones that is no stage of Swap2.
    fn swap2_line(&mut self, line: &str, arrived: Instant) -> Action {
        let Some(block) = &mut self.block else {
            return Action::Nothing;
        };
        let point = match parse_point_line(line) {
            Ok(PointLine::Point { x, y }) => Ok(Some((x, y))),
            Ok(PointLine::Done) => Ok(None),
            Err(e) => match parse_board_line(line) {
                Ok(BoardLine::Stone { x, y, .. }) => Ok(Some((x, y))),
                _ => Err(e.reason),
            },
        };
        match point {
            Ok(Some((x, y))) => {
                if block.error.is_none() {
                    if block.stones.len() >= MAX_BOARD_LINES {
                        block.error = Some("too many lines".into());
                    } else {
                        block.stones.push((x, y, 0));
                    }
                }
                Action::Nothing
            }
            Err(why) => {
                if block.error.is_none() {
                    block.error = Some(why);
                }
                Action::Nothing
            }
            Ok(None) => {
                let Some(block) = self.block.take() else {
                    return Action::Nothing;
                };
                let opening = match block.error {
                    Some(why) => Err(why),
                    None => self.swap2_position(&block.stones),
                };
                match opening {
                    Ok(b) => self.swap2(b, arrived),
                    Err(why) => error(format!("SWAP2BOARD: {why}")),
                }
            }
        }
    }

    /// The Swap2 opening of a SWAP2BOARD block: 0, 3 or 5 stones, black first and
    /// then alternately, on a board of the current size.
    fn swap2_position(&self, stones: &[(i64, i64, i64)]) -> Result<Board, String> {
        let Some(current) = &self.board else {
            return Err("no board, send START first".into());
        };
        let n = stones.len();
        if !matches!(n, 0 | 3 | 5) {
            return Err(format!(
                "{n} stone{} given, a Swap2 stage has 0, 3 or 5",
                if n == 1 { "" } else { "s" }
            ));
        }
        let mut b = Board::new(current.width(), current.height(), self.rule);
        for (k, &(x, y, _)) in stones.iter().enumerate() {
            let p = point(&b, x, y)?;
            let c = if k % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            if let Err(e) = b.place(p, c) {
                return Err(match e {
                    MoveError::Occupied => format!("{p} is given twice"),
                    e => format!("cannot place {p}: {e}"),
                });
            }
        }
        b.set_side_to_move(if n.is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        });
        Ok(b)
    }

    /// Starts the search that answers SWAP2BOARD with the opening `b`.
    fn swap2(&mut self, mut b: Board, arrived: Instant) -> Action {
        let (stage, lines) = match b.stone_count() {
            0 => {
                let Some(first) = fallback_move(&b) else {
                    return error("SWAP2BOARD: no empty point");
                };
                if let Err(e) = b.play(first) {
                    return error(format!("SWAP2BOARD: cannot play {first}: {e}"));
                }
                let stage = Swap2Stage::Place(first);
                (stage, Lines::Balance { stones: 2, bias: 0 })
            }
            3 => (Swap2Stage::Three, Lines::Swap2Three),
            _ => (Swap2Stage::Five, Lines::One),
        };
        self.board = Some(b);
        let action = self.think_for(arrived, lines);
        if matches!(action, Action::Think(_)) {
            self.swap2 = Some(stage);
        }
        action
    }

    /// YXBALANCEONE (`stones` 1) and YXBALANCETWO (2) toward `bias`.
    fn balance(&mut self, stones: u8, bias: i64, arrived: Instant) -> Action {
        let name = if stones == 1 {
            "YXBALANCEONE"
        } else {
            "YXBALANCETWO"
        };
        let most = (WIN_MIN - 1) as i64;
        if bias.abs() > most {
            return error(format!(
                "{name}: bias {bias} out of range, -{most} to {most} expected"
            ));
        }
        let Some(b) = &self.board else {
            return no_board();
        };
        // (One move on a full board: `think_for` says so.)
        if stones == 2 && b.empty_count() < 2 {
            return error(format!("{name}: fewer than 2 empty points"));
        }
        let bias = bias as Score;
        self.think_for(arrived, Lines::Balance { stones, bias })
    }

    /// A line of a YXBLOCK or YXBLOCKUNDO block: a point off the board (or, to block,
    /// an occupied one) or a malformed line is answered ERROR at once and left out; the
    /// good points change the list at DONE. Without a board DONE answers ERROR.
    fn point_line(&mut self, line: &str) -> Action {
        let Some(block) = &mut self.block else {
            return Action::Nothing;
        };
        let name = block.kind.name();
        match parse_point_line(line) {
            Ok(PointLine::Done) => {
                let Some(block) = self.block.take() else {
                    return Action::Nothing;
                };
                if self.board.is_none() {
                    return error(format!("{name}: no board, send START first"));
                }
                if block.kind == BlockKind::Block {
                    self.blocked.extend(block.points);
                } else {
                    self.blocked.retain(|p| !block.points.contains(p));
                }
                Action::Nothing
            }
            Ok(PointLine::Point { x, y }) => {
                let Some(b) = &self.board else {
                    return Action::Nothing;
                };
                let p = match point(b, x, y) {
                    Ok(p) => p,
                    Err(why) => return error(format!("{name}: {why}")),
                };
                if block.kind == BlockKind::Block {
                    if b.cell(p) != Some(Cell::Empty) {
                        return error(format!("{name}: {p} is occupied"));
                    }
                    if self.blocked.contains(&p) {
                        return Action::Nothing;
                    }
                }
                if !block.points.contains(&p) {
                    block.points.push(p);
                }
                Action::Nothing
            }
            Err(e) => error(format!("{name}: {}", e.reason)),
        }
    }

    /// The position of a BOARD or YXBOARD block's stones (in move order), on a board
    /// of the current size. We are black with as many opponent stones as ours (or
    /// fewer), white with more.
    fn position(&self, stones: &[(i64, i64, i64)]) -> Result<Board, String> {
        let Some(current) = &self.board else {
            return Err("no board, send START first".into());
        };
        let count = |f: i64| stones.iter().filter(|s| s.2 == f).count();
        let ours = if count(2) > count(1) {
            Color::White
        } else {
            Color::Black
        };
        let mut b = Board::new(current.width(), current.height(), self.rule);
        for &(x, y, field) in stones {
            let p = point(&b, x, y)?;
            let placed = match field {
                1 => b.place(p, ours),
                2 => b.place(p, ours.opp()),
                _ => b.place_wall(p),
            };
            if let Err(e) = placed {
                return Err(match e {
                    MoveError::Occupied => format!("{p} is given twice"),
                    e => format!("cannot place {p}: {e}"),
                });
            }
        }
        b.set_side_to_move(ours);
        Ok(b)
    }

    /// YXSHOWFORBID: black's renju fouls when black is to move under renju, x by x;
    /// none otherwise.
    fn show_forbid(&self) -> Action {
        let Some(b) = &self.board else {
            return no_board();
        };
        let mut fouls = Vec::new();
        if b.rule() == Rule::Renju && b.side_to_move() == Color::Black {
            for x in 0..b.width() {
                for y in 0..b.height() {
                    let p = Pos::new(x as u8, y as u8);
                    if b.is_forbidden(p) {
                        fouls.push(p);
                    }
                }
            }
        }
        Action::Reply(Reply::Forbid(fouls))
    }

    /// Starts a search for the side to move, or answers ERROR if the board is full.
    fn think(&mut self, arrived: Instant) -> Action {
        self.think_for(arrived, Lines::One)
    }

    /// [`Session::think`] for `lines` lines, without the blocked points.
    fn think_for(&mut self, arrived: Instant, lines: Lines) -> Action {
        let Some(board) = &self.board else {
            return no_board();
        };
        if let Some(why) = game_over(board) {
            return error(why);
        }
        let budget = self.clock.budget_planning(
            board.stone_count(),
            board.empty_count(),
            self.params.time_moves_left as u32,
        );
        let mut limits = Limits::timed(arrived, budget);
        limits.depth = self.max_depth;
        limits.nodes = self.max_node;
        let board = board.clone();
        self.note_time_settings();
        self.sync_table_size();
        let mut searcher = match self.searcher.take() {
            Some(s) => s,
            None => {
                self.searcher_tt = self.wanted_table_bytes();
                self.evaluation_changed = true;
                Searcher::new(self.searcher_tt)
            }
        };
        searcher.set_params(self.params);
        if std::mem::take(&mut self.evaluation_changed) {
            searcher.set_evaluation(self.evaluation.clone());
        }
        searcher.set_threads(self.search_threads());
        // Every legal point blocked: a move is still due, so the list sits this one out.
        self.blocks_ignored = !self.blocked.is_empty()
            && !points(&board).any(|p| board.is_legal(p) && !self.blocked.contains(&p));
        let blocked = if self.blocks_ignored {
            Vec::new()
        } else {
            self.blocked.clone()
        };
        searcher.set_analysis(Analysis { blocked, lines });
        self.task = lines;
        self.thinking = Some(arrived);
        Action::Think(Box::new(SearchJob {
            board,
            limits,
            searcher,
            detail: self.detail,
        }))
    }

    /// At a move command: takes the longest move the time settings allow into account
    /// for good (see `longest_move_ms`).
    fn note_time_settings(&mut self) {
        self.longest_move_ms = self.longest_move_ms.max(self.clock.longest_move_ms());
    }

    /// The threads a search uses: `INFO thread_num`, but no more helpers than fit in half
    /// of `INFO max_memory`, so that the table keeps the other half.
    fn search_threads(&self) -> usize {
        match self.max_memory {
            0 => self.threads,
            m => self.threads.min(1 + (m / 2 / HELPER_BYTES) as usize),
        }
    }

    /// The table for `max_memory` and the longest move (the longest allowed at a move so
    /// far, or by the settings now): the smaller of what the memory limit allows and
    /// what such a move can fill.
    fn wanted_table_bytes(&self) -> usize {
        let longest = self.longest_move_ms.max(self.clock.longest_move_ms());
        tt_bytes_for_memory(self.max_memory, self.search_threads()).min(tt_bytes_for_time(longest))
    }

    /// Resizes the searcher's table when `max_memory` or the time settings ask for
    /// another size. Only while the searcher is at home: a change during a search waits
    /// for it to come back (this is called again after the move is printed, and before
    /// each search).
    pub fn sync_table_size(&mut self) {
        let want = self.wanted_table_bytes();
        if let Some(s) = &mut self.searcher {
            if self.searcher_tt != want {
                s.set_tt_bytes(want);
                self.searcher_tt = want;
            }
        }
    }
}

/// The legal point nearest the centre (any empty one if none is legal), for when the
/// search gives no usable move. Ties go to the first in row order.
pub fn fallback_move(board: &Board) -> Option<Pos> {
    let (w, h) = (board.width() as i64, board.height() as i64);
    let dist = |p: Pos| (2 * p.x as i64 - (w - 1)).pow(2) + (2 * p.y as i64 - (h - 1)).pow(2);
    let empty: Vec<Pos> = (0..h)
        .flat_map(|y| (0..w).map(move |x| Pos::new(x as u8, y as u8)))
        .filter(|&p| board.cell(p) == Some(Cell::Empty))
        .collect();
    let legal = empty.iter().copied().filter(|&p| board.is_legal(p));
    legal
        .min_by_key(|&p| dist(p))
        .or_else(|| empty.iter().copied().min_by_key(|&p| dist(p)))
}

/// The `MESSAGE` lines of a YXNBEST or YXSEARCHDEFEND answer (none for a move): one
/// per line found, `(k) x,y ev S depth D pv ...`, best first; then for YXNBEST a note
/// when fewer lines were found than asked, for YXSEARCHDEFEND only the lines that do
/// not lose and how many hold. A result without its lines counts as one line.
fn analysis_report(task: Lines, r: &SearchResult, b: &Board) -> Vec<Reply> {
    let one = [Line {
        best: r.best,
        score: r.score,
        depth: r.depth,
        pv: r.pv.clone(),
    }];
    let lines = if r.lines.is_empty() {
        &one[..]
    } else {
        &r.lines[..]
    };
    let lines = lines.iter().filter(|l| b.is_legal(l.best));
    let numbered = |lines: Vec<&Line>| -> Vec<Reply> {
        let text = lines.iter().enumerate().map(|(k, l)| line_info(k + 1, l));
        text.map(Reply::Message).collect()
    };
    match task {
        Lines::One | Lines::Balance { .. } | Lines::Swap2Three => Vec::new(),
        Lines::Best(n) => {
            let lines: Vec<&Line> = lines.collect();
            let found = lines.len();
            let mut out = numbered(lines);
            if found < n {
                out.push(Reply::Message(format!("NBEST {n} asked, {found} found")));
            }
            out
        }
        Lines::Defend => {
            let hold: Vec<&Line> = lines.filter(|l| l.score > -WIN_MIN).collect();
            let summary = match hold.len() {
                0 => "DEFEND no move holds".to_string(),
                1 => "DEFEND 1 move holds".to_string(),
                k => format!("DEFEND {k} moves hold"),
            };
            let mut out = numbered(hold);
            out.push(Reply::Message(summary));
            out
        }
    }
}

/// What to answer to a SWAP2BOARD and the points of ours to play.
struct Swap2Answer {
    reply: Reply,
    play: Vec<Pos>,
}

/// The SWAP2BOARD answer at `stage` on `board` (after the stones we placed, if any),
/// from the search's result `found` (`None`: none usable, `best` is a fallback):
/// * no stone: our three stones, black, white, black;
/// * three stones: two more stones (white's, black's) when the search placed them
///   (the position was about even), else `SWAP` (to play black) when the position is
///   worse for white, else white's move;
/// * five stones: `SWAP` when the position is worse for white, else white's move.
fn swap2_answer(
    stage: Swap2Stage,
    board: &Board,
    best: Pos,
    found: Option<&SearchResult>,
) -> Swap2Answer {
    let white_move = Swap2Answer {
        reply: Reply::Move(best),
        play: vec![best],
    };
    let Some(r) = found else {
        return match stage {
            Swap2Stage::Place(first) => {
                let pair = fallback_pair(board).unwrap_or([best, best]);
                Swap2Answer {
                    reply: Reply::Moves(vec![first, pair[0], pair[1]]),
                    play: pair.to_vec(),
                }
            }
            _ => white_move,
        };
    };
    match stage {
        Swap2Stage::Place(first) => {
            let pair = legal_pair(board, &r.pv)
                .or_else(|| fallback_pair(board))
                .unwrap_or([best, best]);
            Swap2Answer {
                reply: Reply::Moves(vec![first, pair[0], pair[1]]),
                play: pair.to_vec(),
            }
        }
        Swap2Stage::Three if r.lines.len() >= 2 && legal_pair(board, &r.lines[1].pv).is_some() => {
            let pair = legal_pair(board, &r.lines[1].pv).map_or(Vec::new(), |p| p.to_vec());
            Swap2Answer {
                reply: Reply::Moves(pair.clone()),
                play: pair,
            }
        }
        _ if r.score < 0 => Swap2Answer {
            reply: Reply::Swap,
            play: Vec::new(),
        },
        _ => white_move,
    }
}

/// The first two points of `pv` if the side to move may play the first and the
/// other side the second after it.
fn legal_pair(board: &Board, pv: &[Pos]) -> Option<[Pos; 2]> {
    let [a, b, ..] = pv else { return None };
    let mut after = board.clone();
    (board.is_legal(*a) && after.play(*a).is_ok() && after.is_legal(*b)).then_some([*a, *b])
}

/// Two points for the side to move and then the other, each the fallback move.
fn fallback_pair(board: &Board) -> Option<[Pos; 2]> {
    let mut b = board.clone();
    let first = fallback_move(&b)?;
    b.play(first).ok()?;
    Some([first, fallback_move(&b)?])
}

/// Every point of `b`, row by row.
fn points(b: &Board) -> impl Iterator<Item = Pos> {
    let w = b.width();
    (0..b.height()).flat_map(move |y| (0..w).map(move |x| Pos::new(x as u8, y as u8)))
}

/// Why no move can be asked for on this board, if so.
fn game_over(b: &Board) -> Option<String> {
    // A five on the board does not stop us: the manager is the referee, and one that
    // judges differently (another rule, or a test harness that plays on) must still
    // get a move, never an ERROR that could score as a fault. Only a full board leaves
    // nothing to play.
    if let Some(c) = b.winner() {
        log::warn!("asked to move although {c:?} has a five; playing on");
    }
    b.is_full().then(|| "the board is full".to_string())
}

/// A board side Wuzi supports.
fn size_ok(n: i64) -> bool {
    (MIN_SIZE as i64..=MAX_SIZE as i64).contains(&n)
}

/// Protocol coordinates to a point on `b`.
fn point(b: &Board, x: i64, y: i64) -> Result<Pos, String> {
    if b.contains(x, y) {
        Ok(Pos::new(x as u8, y as u8))
    } else {
        Err(format!(
            "{x},{y} is off the {}x{} board",
            b.width(),
            b.height()
        ))
    }
}

fn error(why: impl Into<String>) -> Action {
    Action::Reply(Reply::Error(why.into()))
}

fn no_board() -> Action {
    error("no board, send START first")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    /// `INFO thread_num` sets the threads of the next searches, kept across games; a
    /// bad value keeps the count in force, and more than [`MAX_THREADS`] is capped, as
    /// are helpers that would take more than half of `INFO max_memory`.
    #[test]
    fn info_thread_num_sets_the_search_threads() {
        let mut s = Session::new();
        let now = Instant::now();
        let threads = |s: &mut Session, line: &str| match s.handle_line(line, now) {
            Action::Think(job) => {
                let n = job.searcher.threads();
                s.search_done(Some(job.searcher), None);
                n
            }
            other => panic!("{line} -> {other:?}"),
        };
        s.handle_line("START 15", now);
        assert_eq!(threads(&mut s, "BEGIN"), 1, "one thread by default");
        for (info, want) in [
            ("INFO thread_num 3", 3),
            ("INFO thread_num 0", 3),
            ("INFO thread_num x", 3),
            ("INFO thread_num 1000", MAX_THREADS),
            ("INFO thread_num 8", 8),
            // 64 MB: helpers may take half (32 MB), 4 of 7 MB each.
            ("INFO max_memory 67108864", 5),
            ("INFO max_memory 0", 8),
            ("INFO thread_num 2", 2),
        ] {
            assert!(matches!(s.handle_line(info, now), Action::Nothing));
            s.handle_line("START 15", now);
            assert_eq!(threads(&mut s, "BEGIN"), want, "{info}");
        }
    }

    #[test]
    fn info_sets_search_parameters_by_name() {
        let mut s = Session::new();
        let now = Instant::now();
        for line in [
            "INFO wuzi_lmp_base 9",
            "INFO WUZI_ITERATION_GROWTH 2",
            "INFO wuzi_no_such_param 4",
            "INFO wuzi_lmr_min_depth -3",
            "INFO wuzi_tempo_percent x",
        ] {
            assert!(
                matches!(s.handle_line(line, now), Action::Nothing),
                "{line}"
            );
        }
        assert_eq!(s.params.lmp_base, 9);
        assert_eq!(s.params.iteration_growth, 2);
        assert_eq!(s.params.lmr_min_depth, Params::DEFAULT.lmr_min_depth);
        assert_eq!(s.params.tempo_percent, Params::DEFAULT.tempo_percent);
        // The searcher lent out for a move carries them.
        s.handle_line("START 15", now);
        let Action::Think(job) = s.handle_line("BEGIN", now) else {
            panic!("BEGIN must start a search");
        };
        assert_eq!(job.searcher.params().lmp_base, 9);
    }

    #[test]
    fn fallback_prefers_the_centre_and_skips_stones() {
        let mut b = Board::new(15, 15, Rule::Freestyle);
        assert_eq!(fallback_move(&b), Some(Pos::new(7, 7)));
        b.play(Pos::new(7, 7)).unwrap();
        let p = fallback_move(&b).unwrap();
        assert_eq!((p.x as i64 - 7).abs() + (p.y as i64 - 7).abs(), 1, "{p}");
        let mut full = Board::new(5, 5, Rule::Freestyle);
        for y in 0..5 {
            for x in 0..5 {
                full.place_wall(Pos::new(x, y)).unwrap();
            }
        }
        assert_eq!(fallback_move(&full), None);
    }
}
