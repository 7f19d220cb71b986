//! One game between two brains, played the way strict managers play it, and judged.
//!
//! Per brain: (spawn and `ABOUT` when the process is new) `START n` or `RECTSTART w,h`,
//! answered exactly `OK` within the start deadline, then the `INFO` set (`timeout_turn`,
//! `timeout_match`, `max_memory`, `game_type 1`, `rule`, `time_increment` when there is
//! one, the user's keys). Per move: `INFO time_left`, then `BEGIN` (empty board), `TURN x,y`
//! (the brain knows everything but the last stone) or `BOARD` (otherwise, or always with
//! [`Style::AlwaysBoard`]). [`Style::Judge`] is GomocupJudge's way: `START` and `INFO`
//! written without waiting for `OK` (a stray `OK` is ignored) and the first move command is
//! always `BOARD`, even on an empty board.
//!
//! A brain loses at once, with a [`Fault`], for: a late reply (turn limit or match clock,
//! both plus the tolerance), an occupied or off-board point, a malformed move, `ERROR`,
//! `UNKNOWN` or any other non-move line where a move is due, the end of its output
//! (a crash), any byte on stderr, a reply line ended by CR under `--strict-lf`, `START` not
//! answered `OK` in time, no `ABOUT` reply in time, or a peak memory above `max_memory`.

use super::engine::{EngineSpec, Log, Memory, Process, Reply};
use super::judge::{End, Illegal, Judge, Verdict};
use crate::types::{Color, Pos, Rule};
use anyhow::{anyhow, Result};
use std::time::{Duration, Instant};

/// `time_left` sent when there is no match clock (Piskvork's value).
pub const UNLIMITED: i64 = 2_147_483_647;

/// Time limits, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// Per-move limit (`None`: none beyond the match clock).
    pub turn_ms: Option<u64>,
    /// Match clock per player (`None`: no match clock).
    pub match_ms: Option<u64>,
    /// Added to the match clock after every move.
    pub inc_ms: u64,
}

impl TimeControl {
    /// The `INFO timeout_turn` value: the turn limit, else the match time (c-gomoku-cli's
    /// rule), else 0.
    pub fn info_turn(&self) -> u64 {
        self.turn_ms.or(self.match_ms).unwrap_or(0)
    }

    /// Short description, e.g. "100 ms/move" or "5000 ms/game + 100 ms".
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(t) = self.turn_ms {
            parts.push(format!("{t} ms/move"));
        }
        if let Some(m) = self.match_ms {
            parts.push(if self.inc_ms > 0 {
                format!("{m} ms/game + {} ms/move", self.inc_ms)
            } else {
                format!("{m} ms/game")
            });
        }
        if parts.is_empty() {
            "no limit".into()
        } else {
            parts.join(", ")
        }
    }
}

/// How move commands are sent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// Piskvork: BEGIN on an empty board, TURN when the brain knows all but the last
    /// stone, BOARD otherwise.
    #[default]
    Piskvork,
    /// BOARD before every move.
    AlwaysBoard,
    /// GomocupJudge: START and INFO unacknowledged, the first move by BOARD.
    Judge,
}

/// Settings shared by every game of a match.
#[derive(Clone, Debug)]
pub struct GameConfig {
    pub width: usize,
    pub height: usize,
    pub rule: Rule,
    pub tc: TimeControl,
    /// Grace added to every time limit.
    pub tolerance_ms: u64,
    /// `INFO max_memory` in bytes (0: no limit).
    pub max_memory: u64,
    /// Score a peak memory above `max_memory` as a loss (Linux only).
    pub check_memory: bool,
    /// Draw when this many stones stand (`None`: only on a full board).
    pub max_stones: Option<usize>,
    /// Deadline for the ABOUT and START replies.
    pub start_timeout_ms: u64,
    /// Time between END and the kill.
    pub grace_ms: u64,
    pub style: Style,
    /// A reply line ended by CR is a loss (liskvork); otherwise CR LF is fine (Piskvork).
    pub strict_lf: bool,
    /// Send CR LF (Piskvork, GomocupJudge) rather than LF.
    pub crlf: bool,
    /// Protocol log.
    pub log: Option<Log>,
    /// Open every game by the Swap2 rule, decided by `SWAP2BOARD` exchanges (the
    /// scheduled black is the first player), instead of an opening.
    pub swap2: bool,
}

impl Default for GameConfig {
    fn default() -> GameConfig {
        GameConfig {
            width: 15,
            height: 15,
            rule: Rule::Freestyle,
            tc: TimeControl {
                turn_ms: Some(5000),
                match_ms: None,
                inc_ms: 0,
            },
            tolerance_ms: 1000,
            swap2: false,
            max_memory: 367_001_600,
            check_memory: true,
            max_stones: None,
            start_timeout_ms: 5000,
            grace_ms: 700,
            style: Style::Piskvork,
            strict_lf: false,
            crlf: true,
            log: None,
        }
    }
}

/// A loss by the protocol or the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fault {
    /// Over the per-move limit plus tolerance.
    TimeTurn,
    /// Over the match clock plus tolerance.
    TimeMatch,
    /// A move on an occupied point.
    Occupied,
    /// A move off the board.
    OffBoard,
    /// A line that starts like a move but is not `x,y`.
    Malformed,
    /// `ERROR` or `UNKNOWN` where a move was due.
    ErrorReply,
    /// Any other non-move line where a move was due.
    Junk,
    /// The brain's output ended (it exited or crashed), or its input pipe broke.
    Crash,
    /// Bytes on stderr.
    Stderr,
    /// A reply line ended by CR (only with `--strict-lf`).
    CrLf,
    /// START not answered exactly `OK` within the deadline.
    Start,
    /// No reply to ABOUT within the deadline.
    About,
    /// Peak memory above `max_memory`.
    Memory,
}

impl Fault {
    /// Every kind, in report order.
    pub const ALL: [Fault; 13] = [
        Fault::TimeTurn,
        Fault::TimeMatch,
        Fault::Occupied,
        Fault::OffBoard,
        Fault::Malformed,
        Fault::ErrorReply,
        Fault::Junk,
        Fault::Crash,
        Fault::Stderr,
        Fault::CrLf,
        Fault::Start,
        Fault::About,
        Fault::Memory,
    ];

    /// The name used in reports.
    pub fn name(self) -> &'static str {
        match self {
            Fault::TimeTurn => "time-turn",
            Fault::TimeMatch => "time-match",
            Fault::Occupied => "occupied",
            Fault::OffBoard => "off-board",
            Fault::Malformed => "malformed",
            Fault::ErrorReply => "error-reply",
            Fault::Junk => "junk",
            Fault::Crash => "crash",
            Fault::Stderr => "stderr",
            Fault::CrLf => "cr-lf",
            Fault::Start => "start",
            Fault::About => "about",
            Fault::Memory => "memory",
        }
    }

    /// True for losses on time.
    pub fn is_time(self) -> bool {
        matches!(self, Fault::TimeTurn | Fault::TimeMatch)
    }
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A five by the rule.
    Five,
    /// Black's renju foul.
    Foul,
    FullBoard,
    MoveLimit,
    /// The loser broke the protocol or the clock.
    Fault {
        fault: Fault,
        detail: String,
    },
}

/// The result of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl Outcome {
    /// One-line description, e.g. "black wins: five" or "white wins: black time-turn (...)".
    pub fn describe(&self) -> String {
        let who = |c: Color| if c == Color::Black { "black" } else { "white" };
        match (&self.winner, &self.reason) {
            (None, Reason::FullBoard) => "draw: full board".into(),
            (None, Reason::MoveLimit) => "draw: move limit".into(),
            (None, r) => format!("draw: {r:?}"),
            (Some(w), Reason::Five) => format!("{} wins: five", who(*w)),
            (Some(w), Reason::Foul) => format!("{} wins: foul by black", who(*w)),
            (Some(w), Reason::Fault { fault, detail }) => {
                format!(
                    "{} wins: {} {} ({detail})",
                    who(*w),
                    who(w.opp()),
                    fault.name()
                )
            }
            (Some(w), r) => format!("{} wins: {r:?}", who(*w)),
        }
    }
}

/// How a Swap2 opening was decided (the first player placed three stones).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swap2Choice {
    /// The second player played white's fourth stone.
    SecondWhite,
    /// The second player took black (`SWAP`).
    SecondSwap,
    /// The second player placed two more stones; the first then played white's
    /// sixth stone.
    FirstWhite,
    /// The second player placed two more stones; the first took black (`SWAP`).
    FirstSwap,
}

impl Swap2Choice {
    pub const ALL: [Swap2Choice; 4] = [
        Swap2Choice::SecondWhite,
        Swap2Choice::SecondSwap,
        Swap2Choice::FirstWhite,
        Swap2Choice::FirstSwap,
    ];

    /// The name used in reports.
    pub fn name(self) -> &'static str {
        match self {
            Swap2Choice::SecondWhite => "second player white",
            Swap2Choice::SecondSwap => "second player swap",
            Swap2Choice::FirstWhite => "two stones, first player white",
            Swap2Choice::FirstSwap => "two stones, first player swap",
        }
    }

    /// True when the first player ended up black.
    pub fn first_is_black(self) -> bool {
        matches!(self, Swap2Choice::SecondWhite | Swap2Choice::FirstSwap)
    }
}

/// A stone in the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub pos: Pos,
    /// Think time in ms (`None` for opening stones).
    pub ms: Option<u64>,
    /// The brain's last MESSAGE line before the move, if any.
    pub message: Option<String>,
}

/// Everything about one finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 0-based number in the match schedule.
    pub index: usize,
    /// Engine indices and names, black first.
    pub players: [usize; 2],
    pub names: [String; 2],
    pub width: usize,
    pub height: usize,
    pub rule: Rule,
    pub tc: TimeControl,
    /// Index of the opening in the set, if one was used.
    pub opening_index: Option<usize>,
    /// Number of opening stones at the start of `moves`.
    pub opening_len: usize,
    pub moves: Vec<Move>,
    pub outcome: Outcome,
    /// Processes killed after END, per colour.
    pub killed: [bool; 2],
    /// Each brain's memory at the end of the game (before END), per colour; `None`
    /// where `/proc` cannot be read.
    pub memory: [Option<Memory>; 2],
    /// A Swap2 opening: how it was decided (`None` without Swap2, or when a brain
    /// faulted during it).
    pub swap2: Option<Swap2Choice>,
}

impl GameRecord {
    /// The score of engine `e` in this game (1, 0.5 or 0), if it played.
    pub fn score_of(&self, e: usize) -> Option<f64> {
        let c = if self.players[0] == e {
            Color::Black
        } else if self.players[1] == e {
            Color::White
        } else {
            return None;
        };
        Some(match self.outcome.winner {
            None => 0.5,
            Some(w) if w == c => 1.0,
            Some(_) => 0.0,
        })
    }

    /// The colour of the side that lost by a fault, and the fault.
    pub fn fault(&self) -> Option<(Color, Fault)> {
        match (&self.outcome.reason, self.outcome.winner) {
            (Reason::Fault { fault, .. }, Some(w)) => Some((w.opp(), *fault)),
            _ => None,
        }
    }
}

/// One brain's process slot: a live process kept between games (reuse) or none.
pub struct Seat<'a> {
    pub spec: &'a EngineSpec,
    pub process: &'a mut Option<Process>,
}

/// A brain during one game.
struct Side {
    /// Stones of the game this brain has been told of (it knows its own moves).
    known: usize,
    /// Has it received a move command yet?
    started: bool,
    /// Remaining match time in ms (for `INFO time_left`).
    time_left: i64,
    /// Judge style: an OK to START may still come and is ignored once.
    ok_pending: bool,
}

/// Plays one game. Returns the record; `Err` only when a brain cannot be started at all
/// (a spawn error is a configuration problem, not a game result).
///
/// With `reuse`, live processes are kept in the seats after a clean game and a new game
/// starts with `START`; a brain that faulted is ended and started again next time.
pub fn play(
    cfg: &GameConfig,
    seats: [Seat<'_>; 2],
    opening: &[Pos],
    opening_index: Option<usize>,
    index: usize,
    players: [usize; 2],
    reuse: bool,
) -> Result<GameRecord> {
    let [mut black, mut white] = seats;
    let mut names = [black.spec.name.clone(), white.spec.name.clone()];
    let mut players = players;
    let mut judge = Judge::new(cfg.width, cfg.height, cfg.rule, cfg.max_stones);
    let mut moves: Vec<Move> = Vec::new();
    for &p in opening {
        judge
            .play(p)
            .map_err(|e| anyhow!("opening stone {p} is {e}"))?;
        moves.push(Move {
            pos: p,
            ms: None,
            message: None,
        });
    }
    let clock = cfg.tc.match_ms.map(|m| m as i64).unwrap_or(UNLIMITED);
    let mut sides = [(); 2].map(|_| Side {
        known: 0,
        started: false,
        time_left: clock,
        ok_pending: false,
    });

    // Start both brains, black first; a failure there loses the game.
    let mut outcome = None;
    for (ci, seat) in [&mut black, &mut white].into_iter().enumerate() {
        let label = format!("g{} {}", index + 1, seat.spec.name);
        if let Err(f) = prepare(cfg, seat, &mut sides[ci], label)? {
            let loser = if ci == 0 { Color::Black } else { Color::White };
            outcome = Some(Outcome {
                winner: Some(loser.opp()),
                reason: Reason::Fault {
                    fault: f.0,
                    detail: f.1,
                },
            });
            break;
        }
    }

    // Swap2: the opening by SWAP2BOARD; the colours may change sides.
    let mut swap2 = None;
    let mut opening_len = opening.len();
    if cfg.swap2 && outcome.is_none() && opening.is_empty() {
        let procs = [
            black.process.as_mut().expect("started"),
            white.process.as_mut().expect("started"),
        ];
        match swap2_opening(cfg, procs, &mut sides, &mut judge, &mut moves) {
            Err((seat, (fault, detail))) => {
                // Colours are not settled yet: the scheduled ones count.
                let loser = if seat == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                outcome = Some(Outcome {
                    winner: Some(loser.opp()),
                    reason: Reason::Fault { fault, detail },
                });
            }
            Ok(choice) => {
                if !choice.first_is_black() {
                    std::mem::swap(&mut black, &mut white);
                    names.swap(0, 1);
                    players.swap(0, 1);
                    sides.swap(0, 1);
                }
                opening_len = moves.len();
                swap2 = Some(choice);
            }
        }
    }

    while outcome.is_none() {
        let color = judge.to_move();
        let ci = color.index();
        let seat = if ci == 0 { &mut black } else { &mut white };
        let proc = seat.process.as_mut().expect("started");
        match one_move(cfg, proc, &mut sides[ci], &judge, color) {
            Err((fault, detail)) => {
                outcome = Some(Outcome {
                    winner: Some(color.opp()),
                    reason: Reason::Fault { fault, detail },
                })
            }
            Ok((p, ms)) => {
                let message = proc.messages.last().cloned();
                let verdict = judge.play(p).expect("checked legal");
                sides[ci].known = judge.moves().len();
                moves.push(Move {
                    pos: p,
                    ms: Some(ms),
                    message,
                });
                match verdict {
                    Verdict::Continue => {}
                    Verdict::Win(c, End::Foul) => {
                        outcome = Some(Outcome {
                            winner: Some(c),
                            reason: Reason::Foul,
                        })
                    }
                    Verdict::Win(c, _) => {
                        outcome = Some(Outcome {
                            winner: Some(c),
                            reason: Reason::Five,
                        })
                    }
                    Verdict::Draw(e) => {
                        outcome = Some(Outcome {
                            winner: None,
                            reason: if e == End::MoveLimit {
                                Reason::MoveLimit
                            } else {
                                Reason::FullBoard
                            },
                        })
                    }
                }
            }
        }
    }
    let outcome = outcome.expect("decided");

    // END (or keep for the next game): a faulty brain is always ended.
    let faulty = match (&outcome.reason, outcome.winner) {
        (Reason::Fault { .. }, Some(w)) => Some(w.opp().index()),
        _ => None,
    };
    let mut killed = [false; 2];
    let mut memory = [None; 2];
    let grace = Duration::from_millis(cfg.grace_ms);
    for (ci, seat) in [&mut black, &mut white].into_iter().enumerate() {
        memory[ci] = seat.process.as_ref().and_then(|p| p.memory());
        if !reuse || faulty == Some(ci) {
            if let Some(p) = seat.process.take() {
                killed[ci] = !p.end(grace);
            }
        }
    }
    Ok(GameRecord {
        index,
        players,
        names,
        width: cfg.width,
        height: cfg.height,
        rule: cfg.rule,
        tc: cfg.tc,
        opening_index,
        opening_len,
        moves,
        outcome,
        killed,
        memory,
        swap2,
    })
}

/// The Swap2 opening between the first player (`procs[0]`) and the second: three
/// stones from the first; then from the second `SWAP`, white's move or two more
/// stones; after two more, from the first `SWAP` or white's move. The stones go on
/// the board and into `moves` as opening stones. A bad answer is the fault of that
/// seat (0 or 1).
fn swap2_opening(
    cfg: &GameConfig,
    mut procs: [&mut Process; 2],
    sides: &mut [Side; 2],
    judge: &mut Judge,
    moves: &mut Vec<Move>,
) -> std::result::Result<Swap2Choice, (usize, FaultInfo)> {
    let mut ask = |seat: usize, judge: &mut Judge, counts: &[usize], swap_ok: bool| {
        swap2_step(
            cfg,
            procs[seat],
            &mut sides[seat],
            judge,
            moves,
            counts,
            swap_ok,
        )
        .map_err(|f| (seat, f))
    };
    ask(0, judge, &[3], false)?;
    let choice = match ask(1, judge, &[1, 2], true)? {
        None => Swap2Choice::SecondSwap,
        Some(1) => Swap2Choice::SecondWhite,
        _ => match ask(0, judge, &[1], true)? {
            None => Swap2Choice::FirstSwap,
            _ => Swap2Choice::FirstWhite,
        },
    };
    // Each brain's first move command then sends the whole position (BOARD).
    for side in sides.iter_mut() {
        side.known = 0;
        side.started = false;
    }
    Ok(choice)
}

/// One Swap2 question to one brain: `SWAP` (if `swap_ok`: `None`) or as many points
/// as one of `counts`, placed on the board and recorded as opening stones.
fn swap2_step(
    cfg: &GameConfig,
    p: &mut Process,
    side: &mut Side,
    judge: &mut Judge,
    moves: &mut Vec<Move>,
    counts: &[usize],
    swap_ok: bool,
) -> std::result::Result<Option<usize>, FaultInfo> {
    match swap2_ask(cfg, p, side, judge)? {
        None if swap_ok => Ok(None),
        Some(points) if counts.contains(&points.len()) => {
            for &q in &points {
                judge
                    .play(q)
                    .map_err(|e| (Fault::Occupied, format!("{q} is {e}")))?;
                moves.push(Move {
                    pos: q,
                    ms: None,
                    message: None,
                });
            }
            Ok(Some(points.len()))
        }
        other => Err((
            Fault::Malformed,
            format!(
                "Swap2 answer {} where {counts:?} points{} were due",
                other.map_or("SWAP".to_string(), |p| format!("of {} points", p.len())),
                if swap_ok { " or SWAP" } else { "" }
            ),
        )),
    }
}

/// Sends `SWAP2BOARD` with the stones so far and reads the answer within the move's
/// limits: `None` for `SWAP` (any case), else the points, each legal after the ones
/// before it (checked on a copy of `judge`).
fn swap2_ask(
    cfg: &GameConfig,
    p: &mut Process,
    side: &mut Side,
    judge: &Judge,
) -> std::result::Result<Option<Vec<Pos>>, FaultInfo> {
    let mut lines = vec![
        format!("INFO time_left {}", side.time_left),
        "SWAP2BOARD".into(),
    ];
    lines.extend(judge.moves().iter().map(|q| format!("{},{}", q.x, q.y)));
    lines.push("DONE".into());
    side.started = true;
    p.messages.clear();
    if !p.send(&lines) {
        return Err((Fault::Crash, "input pipe closed".into()));
    }
    let (text, _ms) = await_answer(cfg, p, side, "SWAP2BOARD", "Swap2 answer")?;
    if text.trim().eq_ignore_ascii_case("SWAP") {
        return Ok(None);
    }
    let mut after = judge.clone();
    let mut points = Vec::new();
    for word in text.split_whitespace() {
        let (x, y) = parse_move(word)?;
        let pos = legal_point(&after, x, y)?;
        after
            .play(pos)
            .map_err(|e| (Fault::Occupied, format!("{pos} is {e}")))?;
        points.push(pos);
    }
    if points.is_empty() {
        return Err((Fault::Junk, format!("'{}'", clip(&text))));
    }
    Ok(Some(points))
}

/// Point `x,y` if a stone may go there, else the fault (off the board, occupied).
fn legal_point(judge: &Judge, x: i64, y: i64) -> std::result::Result<Pos, FaultInfo> {
    judge.legal(x, y).map_err(|e| {
        let f = match e {
            Illegal::OffBoard => Fault::OffBoard,
            Illegal::Occupied => Fault::Occupied,
        };
        (f, format!("{x},{y} is {e}"))
    })
}

/// Waits for the brain's answer to the command just sent (`what`, for messages; `due`
/// names the answer in a time-out's message): skips the OK still owed for START,
/// checks the line end and the time against the binding limit (whose kind a time loss
/// takes), and charges the match clock. Returns the line and the think time in ms.
fn await_answer(
    cfg: &GameConfig,
    p: &mut Process,
    side: &mut Side,
    what: &str,
    due: &str,
) -> std::result::Result<(String, u64), FaultInfo> {
    let t0 = Instant::now();
    let tol = cfg.tolerance_ms as i64;
    let matched = cfg.tc.match_ms.is_some();
    // The binding limit decides the kind of a time loss.
    let (limit, kind) = match (cfg.tc.turn_ms.map(|t| t as i64), matched) {
        (Some(t), true) if side.time_left < t => (side.time_left, Fault::TimeMatch),
        (Some(t), _) => (t, Fault::TimeTurn),
        (None, true) => (side.time_left, Fault::TimeMatch),
        (None, false) => (i64::MAX / 4, Fault::TimeTurn),
    };
    let deadline = t0 + Duration::from_millis((limit + tol).max(0) as u64);
    loop {
        match p.reply(Some(deadline)) {
            Reply::Timeout => return Err((kind, format!("no {due} within {limit} + {tol} ms"))),
            Reply::Line { text, cr, at } => {
                if side.ok_pending && text == "OK" {
                    side.ok_pending = false;
                    continue;
                }
                let ms = at.saturating_duration_since(t0).as_millis() as u64;
                if ms as i64 > limit + tol {
                    return Err((kind, format!("{ms} ms > {limit} + {tol} ms")));
                }
                if cr && cfg.strict_lf {
                    return Err((Fault::CrLf, format!("'{}' ended by CR", clip(&text))));
                }
                if matched {
                    side.time_left -= ms as i64;
                    side.time_left += cfg.tc.inc_ms as i64;
                }
                return Ok((text, ms));
            }
            r => return Err(reply_fault(r, what)),
        }
    }
}

type FaultInfo = (Fault, String);

/// Spawns the brain if needed (with ABOUT), then START and the INFO set. The outer
/// `Err` is a spawn failure; the inner one a fault of the brain.
fn prepare(
    cfg: &GameConfig,
    seat: &mut Seat<'_>,
    side: &mut Side,
    label: String,
) -> Result<std::result::Result<(), FaultInfo>> {
    let deadline = || Some(Instant::now() + Duration::from_millis(cfg.start_timeout_ms));
    if seat.process.is_none() {
        let mut p = Process::spawn(seat.spec, cfg.crlf, cfg.log.clone()).map_err(|e| {
            anyhow!(
                "cannot start {} ({}): {e}",
                seat.spec.name,
                seat.spec.cmd.join(" ")
            )
        })?;
        p.set_label(label.clone());
        if !p.send(&["ABOUT".into()]) {
            return Ok(Err((Fault::Crash, "input pipe closed at ABOUT".into())));
        }
        match p.reply(deadline()) {
            Reply::Line { .. } => {}
            Reply::Timeout => {
                *seat.process = Some(p);
                return Ok(Err((Fault::About, "no reply to ABOUT".into())));
            }
            r => {
                *seat.process = Some(p);
                return Ok(Err(reply_fault(r, "ABOUT")));
            }
        }
        *seat.process = Some(p);
    }
    let p = seat.process.as_mut().expect("spawned");
    p.set_label(label);
    let start = if cfg.width == cfg.height {
        format!("START {}", cfg.width)
    } else {
        format!("RECTSTART {},{}", cfg.width, cfg.height)
    };
    let info = info_lines(cfg, &seat.spec.options);
    if cfg.style == Style::Judge {
        let mut all = vec![start];
        all.extend(info);
        side.ok_pending = true;
        if !p.send(&all) {
            return Ok(Err((Fault::Crash, "input pipe closed at START".into())));
        }
        return Ok(Ok(()));
    }
    if !p.send(&[start]) {
        return Ok(Err((Fault::Crash, "input pipe closed at START".into())));
    }
    match p.reply(deadline()) {
        Reply::Line { text, cr, .. } => {
            if cr && cfg.strict_lf {
                return Ok(Err((Fault::CrLf, "OK ended by CR".into())));
            }
            if text != "OK" {
                return Ok(Err((
                    Fault::Start,
                    format!("START answered '{}'", clip(&text)),
                )));
            }
        }
        Reply::Timeout => {
            return Ok(Err((
                Fault::Start,
                format!("no OK within {} ms", cfg.start_timeout_ms),
            )))
        }
        r => return Ok(Err(reply_fault(r, "START"))),
    }
    if !p.send(&info) {
        return Ok(Err((Fault::Crash, "input pipe closed at INFO".into())));
    }
    Ok(Ok(()))
}

/// The INFO set sent after START.
fn info_lines(cfg: &GameConfig, options: &[(String, String)]) -> Vec<String> {
    let mut v = vec![
        format!("INFO timeout_turn {}", cfg.tc.info_turn()),
        format!("INFO timeout_match {}", cfg.tc.match_ms.unwrap_or(0)),
        format!("INFO max_memory {}", cfg.max_memory),
        "INFO game_type 1".to_string(),
        format!("INFO rule {}", cfg.rule.code()),
    ];
    if cfg.tc.inc_ms > 0 {
        v.push(format!("INFO time_increment {}", cfg.tc.inc_ms));
    }
    for (k, val) in options {
        v.push(format!("INFO {k} {val}"));
    }
    v
}

/// The fault for a reply that is not a line.
fn reply_fault(r: Reply, what: &str) -> FaultInfo {
    match r {
        Reply::Stderr(t) => (Fault::Stderr, format!("stderr '{}'", clip(&t))),
        Reply::Closed => (Fault::Crash, format!("exited at {what}")),
        Reply::Timeout => (Fault::TimeTurn, format!("no reply to {what}")),
        Reply::Line { text, .. } => (Fault::Junk, format!("'{}'", clip(&text))),
    }
}

/// Shortens a brain's text for a report.
fn clip(s: &str) -> String {
    let t: String = s.chars().take(60).collect();
    t.escape_debug().to_string()
}

/// Asks the brain to move and checks the answer. Returns the point and the think time.
fn one_move(
    cfg: &GameConfig,
    p: &mut Process,
    side: &mut Side,
    judge: &Judge,
    color: Color,
) -> std::result::Result<(Pos, u64), FaultInfo> {
    let history = judge.moves();
    let n = history.len();
    let mut lines = vec![format!("INFO time_left {}", side.time_left)];
    let board = match cfg.style {
        Style::AlwaysBoard => true,
        Style::Judge => !side.started,
        Style::Piskvork => n > 0 && side.known + 1 != n,
    };
    if board {
        lines.push("BOARD".into());
        for (k, q) in history.iter().enumerate() {
            let own = (k % 2 == 0) == (color == Color::Black);
            lines.push(format!("{},{},{}", q.x, q.y, if own { 1 } else { 2 }));
        }
        lines.push("DONE".into());
    } else if n == 0 {
        lines.push("BEGIN".into());
    } else {
        lines.push(format!("TURN {}", history[n - 1]));
    }
    side.started = true;
    p.messages.clear();
    if !p.send(&lines) {
        return Err((Fault::Crash, "input pipe closed".into()));
    }
    let (text, ms) = await_answer(cfg, p, side, "a move command", "move")?;
    let (x, y) = parse_move(&text)?;
    let pos = legal_point(judge, x, y)?;
    if cfg.check_memory && cfg.max_memory > 0 {
        if let Some(peak) = p.peak_memory() {
            if peak > cfg.max_memory {
                return Err((
                    Fault::Memory,
                    format!("peak {peak} bytes > {}", cfg.max_memory),
                ));
            }
        }
    }
    Ok((pos, ms))
}

/// Classifies a reply where a move is due: `x,y` (blanks around the numbers allowed), or
/// the fault: malformed (starts like a number), error-reply (`ERROR`/`UNKNOWN`), junk.
pub fn parse_move(text: &str) -> std::result::Result<(i64, i64), FaultInfo> {
    let t = text.trim();
    let first = t.chars().next().unwrap_or(' ');
    if first.is_ascii_digit() || first == '-' || first == '+' {
        let parsed = t.split_once(',').and_then(|(a, b)| {
            Some((a.trim().parse::<i64>().ok()?, b.trim().parse::<i64>().ok()?))
        });
        return parsed.ok_or_else(|| (Fault::Malformed, format!("'{}'", clip(text))));
    }
    let upper = t.to_ascii_uppercase();
    if upper.starts_with("ERROR") || upper.starts_with("UNKNOWN") {
        return Err((Fault::ErrorReply, format!("'{}'", clip(text))));
    }
    Err((Fault::Junk, format!("'{}'", clip(text))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_replies_are_classified() {
        assert_eq!(parse_move("7,7"), Ok((7, 7)));
        assert_eq!(parse_move(" 10 , 3 "), Ok((10, 3)));
        assert_eq!(parse_move("-1,-1"), Ok((-1, -1)));
        assert_eq!(parse_move("99,0"), Ok((99, 0)));
        let kind = |s: &str| parse_move(s).unwrap_err().0;
        assert_eq!(kind("7,7,1"), Fault::Malformed);
        assert_eq!(kind("7;7"), Fault::Malformed);
        assert_eq!(kind("7,7 junk"), Fault::Malformed);
        assert_eq!(kind("7"), Fault::Malformed);
        assert_eq!(kind("ERROR no move"), Fault::ErrorReply);
        assert_eq!(kind("unknown command"), Fault::ErrorReply);
        assert_eq!(kind("OK"), Fault::Junk);
        assert_eq!(kind("hello"), Fault::Junk);
        assert_eq!(kind("MESSAGE"), Fault::Junk);
        assert_eq!(kind("SUGGEST 7,7"), Fault::Junk);
    }

    #[test]
    fn info_set_and_time_control() {
        let cfg = GameConfig {
            tc: TimeControl {
                turn_ms: None,
                match_ms: Some(5000),
                inc_ms: 100,
            },
            ..GameConfig::default()
        };
        let v = info_lines(&cfg, &[("thread_num".into(), "1".into())]);
        assert_eq!(
            v,
            vec![
                "INFO timeout_turn 5000",
                "INFO timeout_match 5000",
                "INFO max_memory 367001600",
                "INFO game_type 1",
                "INFO rule 0",
                "INFO time_increment 100",
                "INFO thread_num 1",
            ]
        );
        assert_eq!(cfg.tc.describe(), "5000 ms/game + 100 ms/move");
        assert_eq!(GameConfig::default().tc.describe(), "5000 ms/move");
    }
}
