//! Process life against the real binary: END, the end of input, a closed stdout, and a
//! new game (START, RECTSTART, RESTART) at every point of a session: idle, inside a
//! BOARD block, during a long search. The brain must exit (status 0) or reset, at once,
//! and never write a byte to stderr.
//!
//! Timings are printed, never asserted tightly (the machines are shared): the asserts
//! are hang bounds of a few seconds, far below the 10-30 s searches they interrupt. The
//! real figures come from `scripts/process-life.sh`, which runs the ignored `measure`
//! test below (medians and maxima over many runs, every rule, 15x15 and 20x20).

mod common;

use common::{parse_move, Brain, Referee};
use std::io::{BufRead, BufReader};
use std::thread;
use std::time::{Duration, Instant};
use wuzi::types::{Color, Pos, Rule};

/// Generous bound for anything that should take milliseconds.
const HANG: Duration = Duration::from_secs(5);

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// A middle-game position around the centre, in move order, as (x, y, owner), owner 1
/// being the brain. Four stones each: the brain is black and to move.
fn middle_game(size: u8) -> Vec<(u8, u8, u8)> {
    let c = (size / 2) as i32;
    [
        (0, 0, 1),
        (1, 0, 2),
        (1, 1, 1),
        (0, 1, 2),
        (-1, 1, 1),
        (2, 2, 2),
        (-1, -1, 1),
        (2, -1, 2),
    ]
    .iter()
    .map(|&(dx, dy, f)| ((c + dx) as u8, (c + dy) as u8, f))
    .collect()
}

/// The BOARD block for `stones`.
fn board_lines(stones: &[(u8, u8, u8)]) -> Vec<String> {
    let mut v = vec!["BOARD".to_string()];
    v.extend(stones.iter().map(|(x, y, f)| format!("{x},{y},{f}")));
    v.push("DONE".into());
    v
}

/// The manager's board for `stones` (played in order, black first).
fn referee(size: usize, rule: Rule, stones: &[(u8, u8, u8)]) -> Referee {
    let mut r = Referee::new(size, size, rule);
    for &(x, y, _) in stones {
        r.play(Pos::new(x, y)).unwrap();
    }
    r
}

/// Gomocup's memory limit (350 MB).
const GOMOCUP_MEMORY: u64 = 367001600;

/// A brain after `START size`, `INFO rule` and a per-move limit of `turn_ms`.
fn started(size: usize, rule: Rule, turn_ms: u64) -> Brain {
    let mut b = Brain::spawn();
    start(&mut b, size, rule, turn_ms, GOMOCUP_MEMORY);
    b
}

/// `START size` and the INFO settings, as Piskvork sends them.
fn start(b: &mut Brain, size: usize, rule: Rule, turn_ms: u64, memory: u64) {
    b.send(&format!("START {size}"));
    assert_eq!(b.reply(HANG).as_deref(), Some("OK"), "START {size}");
    b.send(&format!("INFO max_memory {memory}"));
    b.send(&format!("INFO rule {}", rule.code()));
    b.send(&format!("INFO timeout_turn {turn_ms}"));
    b.send("INFO time_left 2147483647");
    // Wait until the settings are in: a new rule builds its pattern tables (about
    // 100 ms), and what follows should be timed on its own.
    b.send("ABOUT");
    assert!(b.reply(HANG).is_some_and(|l| l.starts_with("name=")));
}

/// Starts a long search on the middle-game position and checks it is still thinking
/// 300 ms later.
fn long_search(b: &mut Brain, size: u8) {
    thinking(b, size, Duration::from_millis(300));
}

/// Starts a long search on the middle-game position and checks it is still thinking
/// after `think`.
fn thinking(b: &mut Brain, size: u8, think: Duration) {
    for l in board_lines(&middle_game(size)) {
        b.send(&l);
    }
    assert!(b.quiet(think), "answered a 30 s search within {think:?}");
}

/// Sends END (or closes the input) and returns how long the brain took to exit; checks
/// the exit status, that nothing was printed after END and nothing at all on stderr.
fn stop_and_time(b: &mut Brain, end: bool) -> Duration {
    stop_and_time_owing(b, end, false)
}

/// As [`stop_and_time`]; with `searching`, END comes during a search, which it cuts
/// short: the search's move (and its MESSAGE) is then the only output after END.
fn stop_and_time_owing(b: &mut Brain, end: bool, searching: bool) -> Duration {
    let before = b.stdout().len();
    let t = Instant::now();
    if end {
        b.send("END");
    } else {
        b.close_input();
    }
    let code = b.wait_exit(HANG);
    let dt = b.exited_at.map_or(t.elapsed(), |at| at - t);
    assert_eq!(
        code,
        Some(0),
        "exit status (None: still running after {HANG:?})"
    );
    if end {
        let after = String::from_utf8_lossy(&b.stdout()[before..]).into_owned();
        let replies: Vec<&str> = after
            .lines()
            .filter(|l| !l.starts_with("MESSAGE "))
            .collect();
        if searching {
            assert!(
                replies.len() == 1 && parse_move(replies[0]).is_some(),
                "after END during a search, not just its move: {after:?}"
            );
        } else {
            assert_eq!(after, "", "wrote after END");
        }
    }
    b.assert_clean_output();
    dt
}

/// END cuts the search short: its move goes out (a manager that sent END does not read
/// it; a piped session does), then the brain exits.
#[test]
fn end_during_a_long_search_exits_at_once_after_its_move() {
    let _serial = common::timing_lock();
    for (size, rule) in [(15, Rule::Freestyle), (20, Rule::Renju)] {
        let mut b = started(size, rule, 30_000);
        long_search(&mut b, size as u8);
        let dt = stop_and_time_owing(&mut b, true, true);
        println!(
            "END during a search, {size}x{size} {}: exit after {:.1} ms",
            rule.name(),
            ms(dt)
        );
    }
}

/// The README's short session piped in whole, as a newcomer runs it
/// (`printf '...' | pbrain-wuzi`): END comes right behind moves that want 1 s each,
/// yet every command before it is answered, in order (the searches cut short), and
/// the brain exits at once.
#[test]
fn a_piped_session_gets_every_reply_before_end() {
    let mut b = Brain::spawn();
    let t = Instant::now();
    b.send_raw(
        b"ABOUT\nSTART 15\nINFO timeout_turn 1000\nINFO rule 0\nBEGIN\nTURN 8,8\n\
          frobnicate\nTURN 99,1\nEND\n",
    );
    b.close_input();
    assert_eq!(b.wait_exit(HANG), Some(0));
    let dt = t.elapsed();
    println!("piped session: exit after {:.1} ms", ms(dt));
    let out = String::from_utf8(b.stdout()).unwrap();
    let replies: Vec<&str> = out.lines().filter(|l| !l.starts_with("MESSAGE ")).collect();
    assert_eq!(replies.len(), 6, "{out}");
    assert!(common::is_about(replies[0]), "{out}");
    assert_eq!(replies[1], "OK");
    assert_eq!(replies[2], "7,7", "BEGIN");
    let m = parse_move(replies[3]).unwrap_or_else(|| panic!("TURN 8,8: {out}"));
    let mut r = Referee::new(15, 15, Rule::Freestyle);
    r.play(Pos::new(7, 7)).unwrap();
    r.play(Pos::new(8, 8)).unwrap();
    r.play(m)
        .unwrap_or_else(|e| panic!("illegal move {m}: {e}"));
    assert_eq!(replies[4], "UNKNOWN command not supported: frobnicate");
    assert_eq!(replies[5], "ERROR 99,1 is off the 15x15 board");
    assert_eq!(out.lines().filter(|l| l.starts_with("MESSAGE ")).count(), 2);
    b.assert_clean_output();
}

#[test]
fn end_while_idle_and_inside_a_board_block() {
    let mut b = Brain::spawn();
    println!(
        "END before any command: exit after {:.1} ms",
        ms(stop_and_time(&mut b, true))
    );
    let mut b = started(15, Rule::Freestyle, 300);
    println!(
        "END while idle: exit after {:.1} ms",
        ms(stop_and_time(&mut b, true))
    );
    let mut b = started(20, Rule::Standard, 300);
    b.send("BOARD");
    b.send("10,10,1");
    println!(
        "END inside a BOARD block: exit after {:.1} ms",
        ms(stop_and_time(&mut b, true))
    );
}

#[test]
fn end_of_input_exits_while_idle_and_stops_a_search() {
    let _serial = common::timing_lock();
    let mut b = started(15, Rule::Freestyle, 300);
    println!(
        "end of input while idle: exit after {:.1} ms",
        ms(stop_and_time(&mut b, false))
    );

    // A 30 s search: the brain stops it, still answers the move it was asked for (a
    // legal one), and exits long before the search would have ended.
    for (size, rule) in [(15, Rule::Renju), (20, Rule::Freestyle)] {
        let mut b = started(size, rule, 30_000);
        long_search(&mut b, size as u8);
        let dt = stop_and_time(&mut b, false);
        println!(
            "end of input during a search, {size}x{size} {}: exit after {:.1} ms",
            rule.name(),
            ms(dt)
        );
        let out = String::from_utf8(b.stdout()).unwrap();
        let last = out.lines().last().unwrap_or("");
        let m = parse_move(last).unwrap_or_else(|| panic!("no move before exiting: {out:?}"));
        let mut r = referee(size, rule, &middle_game(size as u8));
        r.play(m)
            .unwrap_or_else(|e| panic!("illegal move {m}: {e}"));
    }
}

/// Sends `line` every 10 ms until the brain exits; returns how long that took.
fn keep_sending_until_exit(b: &mut Brain, line: &str) -> Duration {
    let t = Instant::now();
    while t.elapsed() < HANG {
        b.send(line);
        if let Some(code) = b.wait_exit(Duration::from_millis(10)) {
            assert_eq!(code, 0, "exit status (141 would be a death by SIGPIPE)");
            return t.elapsed();
        }
    }
    panic!("still running {HANG:?} after its stdout was closed");
}

#[test]
fn a_closed_stdout_ends_the_brain_quietly() {
    let _serial = common::timing_lock();
    // Closed before the brain has written anything; the manager keeps sending.
    let (mut b, out) = Brain::spawn_own_stdout();
    drop(out);
    let dt = keep_sending_until_exit(&mut b, "ABOUT");
    println!(
        "stdout closed from the start: exit {:.1} ms after the first ABOUT",
        ms(dt)
    );
    b.assert_clean_output();

    // Closed during a search: the move cannot be written, and the brain ends there.
    let (mut b, out) = Brain::spawn_own_stdout();
    let mut out = BufReader::new(out);
    b.send("START 15");
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    assert_eq!(line, "OK\n");
    b.send("INFO timeout_turn 500");
    for l in board_lines(&middle_game(15)) {
        b.send(&l);
    }
    thread::sleep(Duration::from_millis(100));
    drop(out);
    let dt = keep_sending_until_exit(&mut b, "INFO time_left 100000");
    println!(
        "stdout closed during a 500 ms search: exit after {:.1} ms",
        ms(dt)
    );
    b.assert_clean_output();
}

#[test]
fn end_ends_the_brain_even_when_nobody_reads_its_stdout() {
    // A manager that stopped reading: the replies fill the pipe (64 KB on Linux) and
    // the brain's next write blocks for good. END must still end it.
    let (mut b, out) = Brain::spawn_own_stdout();
    b.send_raw("ABOUT\n".repeat(4000).as_bytes());
    thread::sleep(Duration::from_millis(300));
    let dt = stop_and_time(&mut b, true);
    println!("END with a full stdout pipe: exit after {:.1} ms", ms(dt));
    drop(out);
}

/// Plays `moves` of our moves on what must be an empty board of `w` x `h`: the scripted
/// opponent opens on the centre (occupied in the previous game, so a board that was not
/// reset answers ERROR), and every reply is checked legal on the manager's board and in
/// time.
fn play_empty_board(b: &mut Brain, w: usize, h: usize, rule: Rule, moves: usize, limit: Duration) {
    let mut r = Referee::new(w, h, rule);
    let mut o = Pos::new((w / 2) as u8, (h / 2) as u8);
    for i in 0..moves {
        r.play(o).unwrap();
        let req = format!("TURN {},{}", o.x, o.y);
        b.send(&req);
        let (reply, dt) = b
            .reply_timed(HANG)
            .unwrap_or_else(|| panic!("no reply to {req}"));
        let m = parse_move(&reply).unwrap_or_else(|| panic!("{req} -> {reply:?}"));
        r.play(m)
            .unwrap_or_else(|e| panic!("move {i} on the new {w}x{h} board: {e}"));
        assert!(
            dt < limit,
            "move {i} took {} ms: the time setting was lost",
            dt.as_millis()
        );
        o = r.pick_near(m, i % 3).unwrap();
    }
}

#[test]
fn a_new_game_at_any_point_resets_cleanly_and_keeps_the_settings() {
    let _serial = common::timing_lock();
    // Settings come once, before the first START; `timeout_turn 200` must survive every
    // reset (without it a move takes about 5 s).
    let mut b = Brain::spawn();
    b.send("INFO timeout_turn 200");
    b.send("INFO max_memory 67108864");
    b.send("INFO rule 4");
    b.send("START 15");
    assert_eq!(b.reply(HANG).as_deref(), Some("OK"));
    let limit = Duration::from_millis(2500);
    play_empty_board(&mut b, 15, 15, Rule::Renju, 3, limit);

    // START with another size while idle, mid-game.
    b.send("START 20");
    assert_eq!(b.reply(HANG).as_deref(), Some("OK"));
    play_empty_board(&mut b, 20, 20, Rule::Renju, 3, limit);

    // START inside a BOARD block: the block is dropped unanswered, OK is the next line,
    // and its stone is not on the new board.
    b.send("BOARD");
    b.send("7,7,1");
    b.send("START 15");
    assert_eq!(
        b.reply(HANG).as_deref(),
        Some("OK"),
        "START inside a BOARD block"
    );
    b.send("TURN 7,7");
    let m = parse_move(&b.reply(HANG).unwrap()).expect("7,7 was left on the board");
    assert_ne!(m, Pos::new(7, 7));

    // RESTART inside a BOARD block.
    b.send("BOARD");
    b.send("3,3,2");
    b.send("RESTART");
    assert_eq!(
        b.reply(HANG).as_deref(),
        Some("OK"),
        "RESTART inside a BOARD block"
    );
    play_empty_board(&mut b, 15, 15, Rule::Renju, 2, limit);

    // A new game during a long search: the search stops, its move is dropped, and OK
    // is the next line; then the new game plays on an empty board of the new size.
    b.send("INFO timeout_turn 30000");
    for (restart, w, h) in [
        ("RESTART", 15, 15),
        ("START 20", 20, 20),
        ("RECTSTART 20,15", 20, 15),
    ] {
        long_search(&mut b, 15);
        let t = Instant::now();
        b.send(restart);
        let reply = b.reply(HANG);
        println!(
            "{restart} during a search: OK after {:.1} ms",
            ms(t.elapsed())
        );
        assert_eq!(reply.as_deref(), Some("OK"), "{restart} during a search");
        b.send("INFO timeout_turn 200");
        play_empty_board(&mut b, w, h, Rule::Renju, 2, limit);
        b.send("INFO timeout_turn 30000");
    }
    b.send("END");
    assert_eq!(b.wait_exit(HANG), Some(0));
    b.assert_clean_output();
}

/// Median and maximum of `v` in ms, as one table cell.
fn cell(v: &mut [Duration]) -> String {
    v.sort();
    format!("{:.1} / {:.1}", ms(v[v.len() / 2]), ms(v[v.len() - 1]))
}

/// What `measure` times, one column each.
const COLUMNS: [&str; 7] = [
    "END in set-up",
    "END idle",
    "END in BOARD",
    "END search",
    "EOF search",
    "RESTART search",
    "stdout closed",
];

fn row(first: &str, second: &str, cells: &[String]) {
    let mut line = format!("{first:<6} {second:<13}");
    for c in cells {
        line += &format!(" {c:>15}");
    }
    println!("{line}");
}

/// One run of every column on a `size` board under `rule`, appended to `t`; END, end
/// of input and RESTART come `think` into a search.
fn measure_once(size: u8, rule: Rule, memory: u64, think: Duration, t: &mut [Vec<Duration>]) {
    let new = |turn: u64| {
        let mut b = Brain::spawn();
        start(&mut b, size as usize, rule, turn, memory);
        b
    };
    // END right behind START and the INFO lines, written in one go (GomocupJudge's
    // way): the brain is still setting up (building the rule's pattern tables).
    let mut b = Brain::spawn();
    let setup = [
        format!("START {size}"),
        format!("INFO max_memory {memory}"),
        format!("INFO rule {}", rule.code()),
    ];
    b.send_all(&setup.each_ref().map(String::as_str), "\r\n");
    let at = Instant::now();
    b.send("END");
    assert_eq!(b.wait_exit(HANG), Some(0));
    t[0].push(b.exited_at.unwrap() - at);
    // Only the OK may come out (it answers START, sent before END).
    assert!(matches!(&b.stdout()[..], b"" | b"OK\n"), "{:?}", b.stdout());
    b.assert_clean_output();
    // END while idle, after a move.
    let mut b = new(100);
    b.send("BEGIN");
    b.reply(HANG).unwrap();
    t[1].push(stop_and_time(&mut b, true));
    // END inside a BOARD block.
    let mut b = new(100);
    b.send("BOARD");
    b.send("1,1,2");
    t[2].push(stop_and_time(&mut b, true));
    // END and the end of input during a search (the table fills as it goes).
    for (k, end) in [(3, true), (4, false)] {
        let mut b = new(30_000);
        thinking(&mut b, size, think);
        t[k].push(stop_and_time_owing(&mut b, end, true));
    }
    // RESTART during a search: time to the OK.
    let mut b = new(30_000);
    thinking(&mut b, size, think);
    let at = Instant::now();
    b.send("RESTART");
    assert_eq!(b.reply(HANG).as_deref(), Some("OK"));
    t[5].push(at.elapsed());
    b.send("END");
    assert_eq!(b.wait_exit(HANG), Some(0));
    b.assert_clean_output();
    // stdout closed during a 300 ms search: time from the close to the exit (the brain
    // notices when it writes its move).
    let (mut b, out) = Brain::spawn_own_stdout();
    let mut out = BufReader::new(out);
    b.send(&format!("START {size}"));
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    b.send(&format!("INFO rule {}", rule.code()));
    b.send(&format!("INFO max_memory {memory}"));
    b.send("INFO timeout_turn 300");
    for l in board_lines(&middle_game(size)) {
        b.send(&l);
    }
    drop(out);
    t[6].push(keep_sending_until_exit(&mut b, "INFO time_left 100000"));
    b.assert_clean_output();
}

/// The figures behind `scripts/process-life.sh`: for every rule on 15x15 and 20x20,
/// `RUNS` runs (default 20) of each way a session can end or restart, timed from the
/// manager's side. `MEMORY` sets `INFO max_memory` (default 350 MB, Gomocup's),
/// `THINK_MS` how long into a search END, end of input and RESTART come (default 300).
#[test]
#[ignore]
fn measure() {
    let env = |k: &str| std::env::var(k).ok().and_then(|v| v.parse::<u64>().ok());
    let runs = env("RUNS").unwrap_or(20) as usize;
    let memory = env("MEMORY").unwrap_or(GOMOCUP_MEMORY);
    let think = Duration::from_millis(env("THINK_MS").unwrap_or(300));
    println!(
        "{runs} runs each, INFO max_memory {memory}, {} ms into a search; times in ms, median / max",
        think.as_millis()
    );
    row("board", "rule", &COLUMNS.map(String::from));
    let rules = [
        Rule::Freestyle,
        Rule::Standard,
        Rule::Renju,
        Rule::Caro,
        Rule::CaroStandard,
    ];
    let mut all = vec![Vec::new(); COLUMNS.len()];
    for size in [15u8, 20] {
        for rule in rules {
            let mut t = vec![Vec::new(); COLUMNS.len()];
            for _ in 0..runs {
                measure_once(size, rule, memory, think, &mut t);
            }
            let cells: Vec<String> = t.iter_mut().map(|v| cell(v)).collect();
            row(&format!("{size}x{size}"), rule.name(), &cells);
            for (a, v) in all.iter_mut().zip(t) {
                a.extend(v);
            }
        }
    }
    let cells: Vec<String> = all.iter_mut().map(|v| cell(v)).collect();
    row("all", "", &cells);
}

#[test]
fn the_middle_game_is_a_legal_position_for_every_rule() {
    for size in [15u8, 20] {
        for rule in [
            Rule::Freestyle,
            Rule::Standard,
            Rule::Renju,
            Rule::Caro,
            Rule::CaroStandard,
        ] {
            let r = referee(size as usize, rule, &middle_game(size));
            assert!(!r.over());
            assert_eq!(r.board.side_to_move(), Color::Black);
        }
    }
}
