//! Protocol sessions in this process: the [`Session`] state machine driven line by line
//! (exact positions checked), and whole sessions through `wuzi::protocol::run`.

mod common;

use common::{is_about, is_search_message, parse_move, Brain, Referee};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use wuzi::board::{Board, Cell};
use wuzi::protocol::{Action, Session};
use wuzi::search::{Analysis, Limits, Lines, Searcher};
use wuzi::types::{Color, Pos, Rule};

const T: Duration = Duration::from_secs(5);

/// Small table and short moves so that the real engine keeps these tests quick.
const SETUP: [&str; 2] = ["INFO max_memory 33554432", "INFO timeout_turn 100"];

/// Feeds one line to `s` at `at`; a move request is searched here, synchronously.
fn feed_at(s: &mut Session, line: &str, at: Instant) -> Vec<String> {
    match s.handle_line(line, at) {
        Action::Nothing => vec![],
        Action::Exit => vec!["<exit>".into()],
        Action::Reply(r) => vec![r.to_string()],
        Action::Replies(r) => r.iter().map(|r| r.to_string()).collect(),
        Action::Think(mut job) => {
            assert!(s.is_thinking());
            assert_eq!(
                job.limits.start, at,
                "the clock starts when the command arrived"
            );
            let stop = AtomicBool::new(false);
            let r = job.searcher.search(&job.board, &job.limits, &stop);
            let out = s.search_done(Some(job.searcher), r);
            assert!(!s.is_thinking());
            out.iter().map(|r| r.to_string()).collect()
        }
    }
}

fn feed(s: &mut Session, line: &str) -> Vec<String> {
    feed_at(s, line, Instant::now())
}

/// A session after `START size` and the test settings.
fn started(size: usize) -> Session {
    let mut s = Session::new();
    assert_eq!(feed(&mut s, &format!("START {size}")), ["OK"]);
    for l in SETUP {
        assert!(feed(&mut s, l).is_empty());
    }
    s
}

/// The move at the end of a move reply, checked: exactly one search MESSAGE first.
fn moved(out: &[String]) -> Pos {
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(is_search_message(&out[0]), "{out:?}");
    parse_move(&out[1]).unwrap_or_else(|| panic!("not a move: {out:?}"))
}

fn is_error(out: &[String]) -> bool {
    out.len() == 1 && out[0].starts_with("ERROR ") && out[0].len() > 6
}

fn stones(s: &Session) -> Vec<(Pos, Color)> {
    s.board().unwrap().history().to_vec()
}

fn snapshot(b: &Board) -> (Vec<(Pos, Color)>, Color, Vec<Option<Cell>>) {
    let cells = (0..b.height())
        .flat_map(|y| (0..b.width()).map(move |x| Pos::new(x as u8, y as u8)))
        .map(|p| b.cell(p))
        .collect();
    (b.history().to_vec(), b.side_to_move(), cells)
}

#[test]
fn start_accepts_5_to_32_and_rejects_the_rest() {
    let mut s = Session::new();
    for n in [5, 15, 20, 32] {
        assert_eq!(feed(&mut s, &format!("START {n}")), ["OK"]);
        let b = s.board().unwrap();
        assert_eq!((b.width(), b.height(), b.stone_count()), (n, n, 0));
    }
    for bad in [
        "START 4",
        "START 33",
        "START 0",
        "START -15",
        "START 1000",
        "START x",
        "START",
    ] {
        assert!(is_error(&feed(&mut s, bad)), "{bad}");
        assert_eq!(s.board().unwrap().width(), 32, "{bad} changed the board");
    }
    assert_eq!(feed(&mut s, "RECTSTART 20,12"), ["OK"]);
    let b = s.board().unwrap();
    assert_eq!((b.width(), b.height()), (20, 12));
    assert_eq!(feed(&mut s, "rectstart 30 ,20"), ["OK"]);
    for bad in [
        "RECTSTART 4,10",
        "RECTSTART 10,40",
        "RECTSTART 10",
        "RECTSTART a,b",
    ] {
        assert!(is_error(&feed(&mut s, bad)), "{bad}");
    }
    assert_eq!(s.board().unwrap().width(), 30);
}

#[test]
fn moves_before_start_are_refused() {
    let mut s = Session::new();
    for l in ["BEGIN", "TURN 7,7", "TAKEBACK 7,7", "RESTART"] {
        assert!(is_error(&feed(&mut s, l)), "{l}");
    }
    for l in ["BOARD", "7,7,1", "DONE"] {
        let out = feed(&mut s, l);
        if l == "DONE" {
            assert!(is_error(&out), "{out:?}");
        } else {
            assert!(out.is_empty());
        }
    }
    assert!(s.board().is_none());
    assert_eq!(feed(&mut s, "ABOUT").len(), 1);
}

#[test]
fn begin_turn_and_the_side_to_move() {
    let mut s = started(15);
    let m1 = moved(&feed(&mut s, "BEGIN"));
    assert_eq!(stones(&s), [(m1, Color::Black)]);
    let opp = if m1 == Pos::new(0, 0) {
        Pos::new(1, 0)
    } else {
        Pos::new(0, 0)
    };
    let m2 = moved(&feed(&mut s, &format!("TURN {},{}", opp.x, opp.y)));
    assert_eq!(
        stones(&s),
        [(m1, Color::Black), (opp, Color::White), (m2, Color::Black)]
    );
    assert_eq!(s.board().unwrap().side_to_move(), Color::White);
    // BEGIN on a non-empty board: a new empty board, then our first move.
    let m = moved(&feed(&mut s, "BEGIN"));
    assert_eq!(stones(&s), [(m, Color::Black)]);
    // TURN as the first move command (Piskvork with one stone): we are white.
    let mut s = started(15);
    let m = moved(&feed(&mut s, "turn 7,7"));
    assert_eq!(
        stones(&s),
        [(Pos::new(7, 7), Color::Black), (m, Color::White)]
    );
}

#[test]
fn board_sets_colours_from_the_counts_and_keeps_the_order() {
    let p = Pos::new;
    // Equal counts: we are black.
    let mut s = started(15);
    for l in ["BOARD", "7,7,1", "8,8,2", "0,0,3", "6,6,1", "9,9,2"] {
        assert!(feed(&mut s, l).is_empty(), "{l}");
    }
    assert!(s.in_board_block());
    let m = moved(&feed(&mut s, "DONE"));
    let b = s.board().unwrap();
    assert_eq!(
        b.history(),
        [
            (p(7, 7), Color::Black),
            (p(8, 8), Color::White),
            (p(6, 6), Color::Black),
            (p(9, 9), Color::White),
            (m, Color::Black),
        ]
    );
    assert_eq!(b.cell(p(0, 0)), Some(Cell::Wall));
    // One more opponent stone: we are white.
    let mut s = started(15);
    for l in ["BOARD", "7,7,2", "8,7,1", "9,9,2"] {
        assert!(feed(&mut s, l).is_empty());
    }
    let m = moved(&feed(&mut s, "done"));
    assert_eq!(
        stones(&s),
        [
            (p(7, 7), Color::Black),
            (p(8, 7), Color::White),
            (p(9, 9), Color::Black),
            (m, Color::White)
        ]
    );
    // BOARD replaces whatever was there; an empty BOARD means BEGIN.
    assert!(feed(&mut s, "BOARD").is_empty());
    let m = moved(&feed(&mut s, "DONE"));
    assert_eq!(stones(&s), [(m, Color::Black)]);
}

#[test]
fn bad_turns_leave_the_position_exactly_as_it_was() {
    let mut s = started(15);
    moved(&feed(&mut s, "TURN 7,7"));
    let before = snapshot(s.board().unwrap());
    for bad in [
        "TURN 7,7",
        "TURN 15,0",
        "TURN 99,99",
        "TURN -1,3",
        "TURN 7",
        "TURN a,b",
        "TURN 7,7,1",
        "TURN",
    ] {
        let out = feed(&mut s, bad);
        assert!(is_error(&out), "{bad} -> {out:?}");
        assert_eq!(
            snapshot(s.board().unwrap()),
            before,
            "{bad} changed the position"
        );
    }
    // And play goes on correctly.
    let m = moved(&feed(&mut s, "TURN 0,0"));
    assert_eq!(stones(&s).len(), 4);
    assert_eq!(stones(&s)[3], (m, Color::White));
}

#[test]
fn a_malformed_board_is_consumed_to_done_and_changes_nothing() {
    let mut s = started(15);
    moved(&feed(&mut s, "TURN 7,7"));
    let before = snapshot(s.board().unwrap());
    let blocks: [&[&str]; 5] = [
        &["BOARD", "7,7,1", "garbage", "8,8,2", "DONE"],
        &["BOARD", "7,7,1", "7,7,2", "DONE"],
        &["BOARD", "7,7,1", "15,3,2", "DONE"],
        &["BOARD", "7,7,1", "3,3,4", "DONE"],
        &["BOARD", "INFO rule 4", "TURN 1,1", "ABOUT", "DONE"],
    ];
    for block in blocks {
        let (last, body) = block.split_last().unwrap();
        for l in body {
            assert!(feed(&mut s, l).is_empty(), "{l} inside BOARD was answered");
        }
        let out = feed(&mut s, last);
        assert!(is_error(&out), "{block:?} -> {out:?}");
        assert!(out[0].contains("BOARD"), "{out:?}");
        assert!(!s.in_board_block());
        assert_eq!(snapshot(s.board().unwrap()), before, "{block:?}");
        assert_eq!(s.rule(), Rule::Freestyle);
    }
    // END inside a block still ends the session.
    assert!(feed(&mut s, "BOARD").is_empty());
    assert_eq!(feed(&mut s, "END"), ["<exit>"]);
}

#[test]
fn a_new_game_inside_a_board_block_drops_the_block() {
    let mut s = started(15);
    moved(&feed(&mut s, "TURN 7,7"));
    for (restart, w, h) in [
        ("START 20", 20, 20),
        ("RESTART", 20, 20),
        ("RECTSTART 12,9", 12, 9),
    ] {
        for l in ["BOARD", "1,1,1", "2,2,2"] {
            assert!(feed(&mut s, l).is_empty());
        }
        // The block gets no reply of its own: OK answers the new game.
        assert_eq!(feed(&mut s, restart), ["OK"], "{restart}");
        assert!(!s.in_board_block());
        let b = s.board().unwrap();
        assert_eq!((b.width(), b.height(), b.stone_count()), (w, h, 0));
        // Lines after it are commands again.
        assert_eq!(feed(&mut s, "TAKEBACK 1,1").len(), 1);
    }
    // A bad size inside a block: the block is still dropped, START answers ERROR.
    feed(&mut s, "BOARD");
    assert!(is_error(&feed(&mut s, "START 99")));
    assert!(!s.in_board_block());
}

#[test]
fn takeback_removes_exactly_that_stone() {
    let mut s = started(15);
    let m = moved(&feed(&mut s, "TURN 7,7"));
    let take = format!("TAKEBACK {},{}", m.x, m.y);
    assert_eq!(feed(&mut s, &take), ["OK"]);
    assert_eq!(stones(&s), [(Pos::new(7, 7), Color::Black)]);
    assert_eq!(s.board().unwrap().side_to_move(), Color::White);
    assert!(is_error(&feed(&mut s, &take)), "no stone there any more");
    for bad in [
        "TAKEBACK 20,1",
        "TAKEBACK -1,0",
        "TAKEBACK 7",
        "TAKEBACK x,y",
    ] {
        assert!(is_error(&feed(&mut s, bad)), "{bad}");
    }
    assert_eq!(feed(&mut s, "takeback 7,7"), ["OK"]);
    assert_eq!(stones(&s), []);
    assert_eq!(s.board().unwrap().side_to_move(), Color::Black);
    // The point is free again: the opponent can take it.
    let m2 = moved(&feed(&mut s, "TURN 7,7"));
    assert_eq!(
        stones(&s),
        [(Pos::new(7, 7), Color::Black), (m2, Color::White)]
    );
}

#[test]
fn start_resets_the_game_and_keeps_the_info_settings() {
    let mut s = Session::new();
    for l in [
        "INFO rule 4",
        "INFO timeout_turn 1234",
        "INFO timeout_match 90000",
        "INFO max_memory 33554432",
        "INFO folder C:\\Gomocup data\\x",
    ] {
        assert!(feed(&mut s, l).is_empty());
    }
    assert_eq!(feed(&mut s, "START 15"), ["OK"]);
    assert_eq!(s.board().unwrap().rule(), Rule::Renju, "INFO before START");
    assert!(feed(&mut s, "INFO time_left 80000").is_empty());
    assert_eq!(s.clock().time_left, Some(80000));
    let arrived = Instant::now() - Duration::from_millis(300);
    moved(&feed_at(&mut s, "TURN 7,7", arrived));
    assert!(s.clock().used_ms >= 300, "used {} ms", s.clock().used_ms);
    for again in ["START 20", "RESTART"] {
        assert_eq!(feed(&mut s, again), ["OK"]);
        let b = s.board().unwrap();
        assert_eq!((b.width(), b.stone_count()), (20, 0));
        assert_eq!(b.rule(), Rule::Renju);
        assert_eq!(s.rule(), Rule::Renju);
        assert_eq!(s.clock().timeout_turn, Some(1234));
        assert_eq!(s.clock().timeout_match, Some(90000));
        assert_eq!(
            s.clock().time_left,
            None,
            "{again} keeps last game's time_left"
        );
        assert_eq!(s.clock().used_ms, 0);
        assert_eq!(s.max_memory(), 33554432);
        assert_eq!(s.folder(), Some("C:\\Gomocup data\\x"));
        moved(&feed(&mut s, "TURN 3,3"));
    }
}

#[test]
fn info_applies_at_once_and_is_never_answered() {
    let mut s = started(15);
    moved(&feed(&mut s, "TURN 7,7"));
    for l in [
        "INFO rule 1",
        "INFO time_left -5",
        "INFO timeout_turn abc",
        "INFO max_memory -3",
        "INFO evaluate 7,7",
        "INFO game_type 1",
        "INFO thread_num 4",
        "INFO",
        "info Rule 4",
    ] {
        assert!(feed(&mut s, l).is_empty(), "{l} was answered");
    }
    assert_eq!(s.board().unwrap().rule(), Rule::Renju);
    assert_eq!(s.clock().time_left, Some(-5));
    assert_eq!(s.clock().timeout_turn, Some(100), "a bad value is ignored");
    assert_eq!(s.max_memory(), 33554432);
}

#[test]
fn other_commands() {
    let mut s = started(15);
    let about = feed(&mut s, "about");
    assert_eq!(about.len(), 1);
    assert!(is_about(&about[0]), "{about:?}");
    assert!(about[0].contains(&format!("version=\"{}\"", env!("CARGO_PKG_VERSION"))));
    for l in [
        "FROBNICATE 1 2",
        "DONE",
        "7,7,1",
        "PLAY 7,7",
        "YXSWAP2STEP1",
    ] {
        let out = feed(&mut s, l);
        assert!(
            out.len() == 1 && out[0].starts_with("UNKNOWN ") && out[0].len() > 8,
            "{l} -> {out:?}"
        );
    }
    assert!(
        feed(&mut s, "YXSTOP").is_empty(),
        "nothing to stop: no reply"
    );
    assert!(feed(&mut s, "STOP").is_empty());
    assert_eq!(feed(&mut s, "END"), ["<exit>"]);
}

#[test]
fn no_move_is_asked_of_a_full_or_decided_board() {
    // A 5x5 board of walls but one point: full after the opponent's TURN.
    let mut s = started(5);
    let mut lines = vec!["BOARD".to_string()];
    for y in 0..5 {
        for x in 0..5 {
            if (x, y) != (2, 2) && (x, y) != (4, 4) {
                lines.push(format!("{x},{y},3"));
            }
        }
    }
    for l in &lines {
        assert!(feed(&mut s, l).is_empty());
    }
    let m = moved(&feed(&mut s, "DONE"));
    assert!(m == Pos::new(2, 2) || m == Pos::new(4, 4), "{m}");
    let last = if m == Pos::new(2, 2) {
        "TURN 4,4"
    } else {
        "TURN 2,2"
    };
    let out = feed(&mut s, last);
    assert!(is_error(&out) && out[0].contains("full"), "{out:?}");
    assert_eq!(stones(&s).len(), 2, "the stone that filled the board stays");
    assert!(is_error(&feed(&mut s, "TURN 0,0")));
    // A position with black's five on the board.
    let five = [
        "BOARD", "3,7,1", "3,9,2", "4,7,1", "4,9,2", "5,7,1", "5,9,2", "6,7,1", "6,9,2", "7,7,1",
        "12,12,2",
    ];
    let mut s = started(15);
    for l in five {
        assert!(feed(&mut s, l).is_empty());
    }
    let mut referee = Board::new(15, 15, Rule::Freestyle);
    for (i, x) in [3, 4, 5, 6, 7].iter().enumerate() {
        referee.place(Pos::new(*x, 7), Color::Black).unwrap();
        referee
            .place(
                Pos::new([3, 4, 5, 6, 12][i], [9, 9, 9, 9, 12][i]),
                Color::White,
            )
            .unwrap();
    }
    // The manager is the referee: even with a five on the board the brain moves.
    assert!(referee.winner().is_some());
    let out = feed(&mut s, "DONE");
    moved(&out);
}

// ---------------------------------------------------------------- through `run`

fn reply(b: &mut Brain) -> String {
    b.reply(T).expect("no reply")
}

/// Starts an in-process brain with a 15x15 game and quick settings.
fn brain() -> Brain {
    let mut b = Brain::in_process();
    b.send("START 15");
    assert_eq!(reply(&mut b), "OK");
    for l in SETUP {
        b.send(l);
    }
    b
}

#[test]
fn run_a_whole_game_with_every_command() {
    let mut b = brain();
    let mut r = Referee::new(15, 15, Rule::Freestyle);
    b.send("BEGIN");
    let m = parse_move(&reply(&mut b)).unwrap();
    r.play(m).unwrap();
    assert_eq!(b.messages.len(), 1);
    assert!(is_search_message(&b.messages[0]), "{:?}", b.messages);
    for i in 0..6 {
        let o = r.pick_near(m, i).unwrap();
        r.play(o).unwrap();
        b.send(&format!("TURN {},{}", o.x, o.y));
        let m = parse_move(&reply(&mut b)).unwrap();
        r.play(m).unwrap();
        if r.over() {
            break;
        }
    }
    assert_eq!(b.messages.len(), r.board.history().len().div_ceil(2));
    let first = r.board.history()[0].0;
    let take = format!("TAKEBACK {},{}", first.x, first.y);
    b.send(&take);
    assert_eq!(reply(&mut b), "OK");
    b.send(&take);
    assert!(reply(&mut b).starts_with("ERROR "));
    b.send("RESTART");
    assert_eq!(reply(&mut b), "OK");
    b.send("ABOUT");
    assert!(is_about(&reply(&mut b)));
    b.send("END");
    assert_eq!(b.wait_exit(T), Some(0));
    assert!(b.quiet(Duration::from_millis(100)), "output after END");
}

#[test]
fn run_never_answers_info_and_stays_in_sync() {
    let mut b = Brain::in_process();
    for l in [
        "INFO max_memory 33554432",
        "INFO timeout_turn 100",
        "INFO bogus",
        "INFO time_left -1",
        "INFO folder /tmp/a b",
    ] {
        b.send(l);
    }
    b.send("ABOUT");
    let first = b.line(T).unwrap();
    assert!(is_about(&first), "first line was {first:?}");
    // A malformed BOARD: consumed to DONE, one ERROR, then the next command is answered.
    b.send("START 15");
    assert_eq!(reply(&mut b), "OK");
    for l in ["BOARD", "7,7,1", "garbage", "8,8,2", "DONE", "ABOUT"] {
        b.send(l);
    }
    assert!(reply(&mut b).starts_with("ERROR BOARD"));
    assert!(is_about(&reply(&mut b)));
    // The position is still the empty one: a TURN there makes us white, any point free.
    b.send("TURN 7,7");
    let m = parse_move(&reply(&mut b)).unwrap();
    assert_ne!(m, Pos::new(7, 7));
    b.send("INFO rule 4");
    b.send("yxstop");
    b.send("TAKEBACK 7,7");
    assert_eq!(reply(&mut b), "OK", "INFO or YXSTOP was answered");
}

#[test]
fn run_reads_any_line_end_and_case() {
    let mut b = Brain::in_process();
    b.send_raw(b"start 15\r\ninfo max_memory 33554432\rInfo Timeout_Turn 100\n\n\r\n   \nBeGiN\r");
    assert_eq!(reply(&mut b), "OK");
    assert!(parse_move(&reply(&mut b)).is_some());
    // Garbage: a 200 KB line, control bytes, invalid UTF-8; each gets one UNKNOWN.
    let mut junk = vec![b'X'; 200_000];
    junk.push(b'\n');
    junk.extend_from_slice(b"\xff\xfe\x00\x01 START 15\n");
    junk.extend_from_slice(b"ABOUT\n");
    b.send_raw(&junk);
    assert!(reply(&mut b).starts_with("UNKNOWN "));
    assert!(reply(&mut b).starts_with("UNKNOWN "));
    assert!(is_about(&reply(&mut b)));
    assert!(!b.stdout().contains(&b'\r'));
    b.close_input();
    assert_eq!(b.wait_exit(T), Some(0), "end of input ends the session");
}

// ---------------------------------------------------------------- Yixin-Board analysis

/// Feeds every line; all but the last must get no reply. Returns the last one's.
fn block(s: &mut Session, lines: &[&str]) -> Vec<String> {
    let (last, body) = lines.split_last().unwrap();
    for l in body {
        assert_eq!(feed(s, l), Vec::<String>::new(), "{l} was answered");
    }
    feed(s, last)
}

/// The `nodes` and `depth` of a search MESSAGE.
fn nodes_and_depth(message: &str) -> (u64, i32) {
    let w: Vec<&str> = message.split(' ').collect();
    (w[6].parse().unwrap(), w[2].parse().unwrap())
}

#[test]
fn yxboard_sets_the_position_and_answers_nothing() {
    let p = Pos::new;
    let mut s = started(15);
    // One more opponent stone: we are white, to move.
    let out = block(&mut s, &["YXBOARD", "7,7,2", "8,7,1", "9,9,2", "DONE"]);
    assert_eq!(out, Vec::<String>::new());
    assert!(!s.in_board_block());
    let b = s.board().unwrap();
    assert_eq!(
        b.history(),
        [
            (p(7, 7), Color::Black),
            (p(8, 7), Color::White),
            (p(9, 9), Color::Black)
        ]
    );
    assert_eq!(b.side_to_move(), Color::White);
    // A bad line: consumed to DONE, one ERROR, the position unchanged.
    let before = snapshot(s.board().unwrap());
    let out = block(&mut s, &["yxboard", "1,1,1", "garbage", "TURN 2,2", "done"]);
    assert_eq!(
        out,
        ["ERROR YXBOARD: x,y,who or DONE expected, got 'garbage'"]
    );
    let out = block(&mut s, &["YXBOARD", "1,1,1", "1,1,2", "DONE"]);
    assert_eq!(out, ["ERROR YXBOARD: 1,1 is given twice"]);
    let out = block(&mut s, &["YXBOARD", "15,1,1", "DONE"]);
    assert_eq!(out, ["ERROR YXBOARD: 15,1 is off the 15x15 board"]);
    assert_eq!(snapshot(s.board().unwrap()), before);
    // An empty YXBOARD: an empty board, black to move; then a move is asked for.
    assert_eq!(block(&mut s, &["YXBOARD", "DONE"]), Vec::<String>::new());
    assert_eq!(s.board().unwrap().stone_count(), 0);
    let m = moved(&feed(&mut s, "TURN 7,7"));
    assert_eq!(stones(&s), [(p(7, 7), Color::Black), (m, Color::White)]);
    // Before START, and END inside a block.
    let mut fresh = Session::new();
    let out = block(&mut fresh, &["YXBOARD", "7,7,1", "DONE"]);
    assert_eq!(out, ["ERROR YXBOARD: no board, send START first"]);
    assert!(feed(&mut s, "YXBOARD").is_empty());
    assert_eq!(feed(&mut s, "END"), ["<exit>"]);
}

/// Black's double three at (7,7) (threes on row 7 and column 7) is its only foul, and
/// only when black is to move under renju (rule 4, or Yixin-Board's 2).
#[test]
fn yxshowforbid_lists_black_fouls_under_renju() {
    let position = [
        "YXBOARD", "5,7,1", "0,0,2", "6,7,1", "14,0,2", "7,5,1", "0,14,2", "7,6,1", "14,14,2",
        "DONE",
    ];
    for (rule, want) in [
        ("4", "FORBID 0707."),
        ("2", "FORBID 0707."),
        ("0", "FORBID ."),
        ("1", "FORBID ."),
    ] {
        let mut s = started(15);
        assert!(feed(&mut s, &format!("INFO rule {rule}")).is_empty());
        assert!(block(&mut s, &position).is_empty());
        assert_eq!(s.board().unwrap().side_to_move(), Color::Black);
        assert_eq!(feed(&mut s, "YXSHOWFORBID"), [want], "rule {rule}");
    }
    // White to move: nothing is forbidden for it.
    let mut s = started(15);
    feed(&mut s, "INFO rule 4");
    block(&mut s, &position[..position.len() - 2]);
    feed(&mut s, "DONE");
    moved(&feed(&mut s, "TURN 7,7"));
    assert_eq!(feed(&mut s, "yxshowforbid"), ["FORBID ."]);
    assert_eq!(
        feed(&mut Session::new(), "YXSHOWFORBID"),
        ["ERROR no board, send START first"]
    );
    assert!(is_error(&feed(&mut s, "YXSHOWFORBID now")));
}

#[test]
fn yxshowinfo_names_wuzi_and_its_limits() {
    let mut s = Session::new();
    assert_eq!(
        feed(&mut s, "YXSHOWINFO"),
        [
            format!("MESSAGE Wuzi {}", env!("CARGO_PKG_VERSION")),
            "MESSAGE INFO MAX_THREAD_NUM 128".to_string(),
            "MESSAGE INFO MAX_HASH_SIZE 0".to_string(),
        ]
    );
}

/// Yixin-Board starts every analysis with `start w h`.
#[test]
fn start_with_width_and_height() {
    let mut s = Session::new();
    assert_eq!(feed(&mut s, "start 15 15"), ["OK"]);
    assert_eq!(feed(&mut s, "START 20 12"), ["OK"]);
    let b = s.board().unwrap();
    assert_eq!((b.width(), b.height()), (20, 12));
    for bad in ["START 15 40", "START 15 15 15", "START 15,15"] {
        assert!(is_error(&feed(&mut s, bad)), "{bad}");
    }
}

/// `INFO max_depth` and `max_node` bound the search (0 or a negative value: no
/// bound); YXHASHCLEAR makes the next search exactly a fresh searcher's, where the
/// warm table and history gave another.
#[test]
fn depth_and_node_limits_and_yxhashclear() {
    let position = ["BOARD", "7,7,1", "8,8,2", "8,6,1", "6,8,2", "9,7,1", "DONE"];
    let search = |s: &mut Session| {
        let out = block(s, &position);
        moved(&out);
        nodes_and_depth(&out[0])
    };
    let mut s = started(15);
    for l in ["INFO timeout_turn 60000", "INFO max_depth 5"] {
        assert!(feed(&mut s, l).is_empty());
    }
    assert_eq!(s.max_depth(), Some(5));
    let (cold, depth) = search(&mut s);
    assert_eq!(depth, 5);
    let (warm, _) = search(&mut s);
    assert_ne!(warm, cold, "what the first search learnt changed nothing");
    assert!(feed(&mut s, "YXHASHCLEAR").is_empty());
    assert_eq!(search(&mut s), (cold, 5));
    // A node limit stops the search within a clock check or so of it, short of the
    // depth the unbounded search reaches; without it, that search again.
    assert!(feed(&mut s, "INFO max_depth 8").is_empty());
    feed(&mut s, "YXHASHCLEAR");
    let (full, depth) = search(&mut s);
    assert!(full > 4000 && depth == 8, "{full} nodes, depth {depth}");
    assert!(feed(&mut s, "INFO max_node 2000").is_empty());
    assert_eq!((s.max_node(), s.max_depth()), (Some(2000), Some(8)));
    feed(&mut s, "YXHASHCLEAR");
    let (nodes, depth) = search(&mut s);
    assert!(
        nodes < 2000 + 1000 && depth < 8,
        "{nodes} nodes, depth {depth}"
    );
    for l in ["INFO max_node -1", "YXHASHCLEAR"] {
        assert!(feed(&mut s, l).is_empty());
    }
    assert_eq!(s.max_node(), None);
    assert_eq!(search(&mut s), (full, 8));
    assert!(feed(&mut s, "INFO max_depth -1").is_empty());
    assert_eq!(s.max_depth(), None);
}

/// A Yixin-Board style session through `run`: `start w h`, YXBOARD (no output at
/// all), YXSHOWFORBID, YXSHOWINFO, YXHASHCLEAR, then a move from BOARD.
#[test]
fn run_a_yixin_board_analysis_session() {
    let mut b = Brain::in_process();
    for l in [
        "INFO max_memory 33554432",
        "INFO timeout_turn 100",
        "INFO rule 2",
        "start 15 15",
    ] {
        b.send(l);
    }
    assert_eq!(b.line(T).as_deref(), Some("OK"));
    let stones = [
        "5,7,1", "0,0,2", "6,7,1", "14,0,2", "7,5,1", "0,14,2", "7,6,1", "14,14,2", "done",
    ];
    b.send("yxboard");
    for l in stones {
        b.send(l);
    }
    assert!(b.quiet(Duration::from_millis(200)), "YXBOARD was answered");
    b.send("yxshowforbid");
    assert_eq!(b.line(T).as_deref(), Some("FORBID 0707."));
    b.send("yxshowinfo");
    assert!(b.line(T).unwrap().starts_with("MESSAGE Wuzi "));
    assert_eq!(
        b.line(T).as_deref(),
        Some("MESSAGE INFO MAX_THREAD_NUM 128")
    );
    assert_eq!(b.line(T).as_deref(), Some("MESSAGE INFO MAX_HASH_SIZE 0"));
    b.send("yxhashclear");
    b.send("INFO max_depth 3");
    b.send("board");
    for l in stones {
        b.send(l);
    }
    let m = parse_move(&reply(&mut b)).unwrap();
    assert!(m != Pos::new(7, 7), "black played its foul");
    let (_, depth) = nodes_and_depth(b.messages.last().unwrap());
    assert!((1..=3).contains(&depth), "{:?}", b.messages);
}

/// Black (we, to move) has an open four on row 7: fives at (2,7) and (7,7).
const OPEN_FOUR: [&str; 8] = [
    "3,7,1", "3,9,2", "4,7,1", "10,10,2", "5,7,1", "11,3,2", "6,7,1", "12,12,2",
];

/// `word`, the open four's lines, DONE.
fn open_four(word: &str) -> Vec<&str> {
    let mut lines = vec![word];
    lines.extend(OPEN_FOUR);
    lines.push("DONE");
    lines
}

#[test]
fn yxblock_keeps_the_search_off_those_points() {
    let p = Pos::new;
    let mut s = started(15);
    assert!(block(&mut s, &open_four("YXBOARD")).is_empty());
    // The normal choice is the first five in cell order.
    assert_eq!(moved(&block(&mut s, &open_four("BOARD"))), p(2, 7));
    // Our move is on the board now: back to the position.
    assert!(block(&mut s, &open_four("YXBOARD")).is_empty());
    for (line, want) in [
        ("YXBLOCK", None),
        ("3,7", Some("ERROR YXBLOCK: 3,7 is occupied")),
        ("15,0", Some("ERROR YXBLOCK: 15,0 is off the 15x15 board")),
        (
            "2,7,1",
            Some("ERROR YXBLOCK: x,y or DONE expected, got '2,7,1'"),
        ),
        (
            "INFO rule 4",
            Some("ERROR YXBLOCK: x,y or DONE expected, got 'INFO rule 4'"),
        ),
        ("2,7", None),
        ("2 , 7", None),
        ("DONE", None),
    ] {
        let out = feed(&mut s, line);
        assert_eq!(out, want.into_iter().collect::<Vec<_>>(), "{line}");
    }
    assert_eq!(s.rule(), Rule::Freestyle, "an INFO inside the block acted");
    assert_eq!(s.blocked(), [p(2, 7)]);
    assert_eq!(moved(&block(&mut s, &open_four("BOARD"))), p(7, 7));
    assert!(block(&mut s, &open_four("YXBOARD")).is_empty());
    assert!(block(&mut s, &["yxblock", "7,7", "done"]).is_empty());
    let m = moved(&block(&mut s, &open_four("BOARD")));
    assert!(m != p(2, 7) && m != p(7, 7), "{m}");
    // The list outlives a new game (Yixin-Board sends START before each analysis).
    assert_eq!(feed(&mut s, "START 15"), ["OK"]);
    assert_eq!(s.blocked(), [p(2, 7), p(7, 7)]);
    for (line, want) in [
        ("YXBLOCKUNDO", None),
        ("2,7", None),
        (
            "99,1",
            Some("ERROR YXBLOCKUNDO: 99,1 is off the 15x15 board"),
        ),
        ("0,0", None),
        ("DONE", None),
    ] {
        let out = feed(&mut s, line);
        assert_eq!(out, want.into_iter().collect::<Vec<_>>(), "{line}");
    }
    assert_eq!(s.blocked(), [p(7, 7)]);
    assert_eq!(moved(&block(&mut s, &open_four("BOARD"))), p(2, 7));
    assert!(feed(&mut s, "YXBLOCKRESET").is_empty());
    assert_eq!(s.blocked(), []);
    assert!(is_error(&feed(&mut s, "YXBLOCKRESET 1")));
    // A new game inside a block drops it; without a board, DONE answers ERROR.
    assert!(block(&mut s, &["YXBLOCK", "1,1"]).is_empty());
    assert_eq!(feed(&mut s, "START 15"), ["OK"]);
    assert!(!s.in_board_block() && s.blocked().is_empty());
    let out = block(&mut Session::new(), &["YXBLOCK", "1,1", "DONE"]);
    assert_eq!(out, ["ERROR YXBLOCK: no board, send START first"]);
}

/// A 5x5 board of walls but three empty points among six stones; we are black.
const THREE_POINTS: [(i64, i64, i64); 6] = [
    (1, 1, 1),
    (1, 2, 2),
    (1, 3, 1),
    (3, 1, 2),
    (3, 2, 1),
    (3, 3, 2),
];

fn three_points(word: &str) -> Vec<String> {
    let empty = [(2, 1), (2, 2), (2, 3)];
    let mut lines = vec![word.to_string()];
    lines.extend(THREE_POINTS.iter().map(|(x, y, f)| format!("{x},{y},{f}")));
    for y in 0..5 {
        for x in 0..5 {
            if !empty.contains(&(x, y)) && !THREE_POINTS.iter().any(|s| (s.0, s.1) == (x, y)) {
                lines.push(format!("{x},{y},3"));
            }
        }
    }
    lines.push("DONE".into());
    lines
}

fn block_of(s: &mut Session, lines: &[String]) -> Vec<String> {
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    block(s, &lines)
}

/// With every legal point blocked a move is still due: the list sits that move out,
/// and a MESSAGE says so.
#[test]
fn every_point_blocked_still_gets_a_move() {
    let mut s = started(5);
    assert!(block_of(&mut s, &three_points("YXBOARD")).is_empty());
    assert!(block(&mut s, &["YXBLOCK", "2,1", "2,2", "2,3", "DONE"]).is_empty());
    let out = block_of(&mut s, &three_points("BOARD"));
    assert_eq!(out.len(), 3, "{out:?}");
    assert_eq!(
        out[0],
        "MESSAGE every legal point is blocked (YXBLOCK): the list is ignored for this move"
    );
    moved(&out[1..]);
    assert_eq!(s.blocked().len(), 3, "the list itself stays");
    assert!(block(&mut s, &["YXBLOCKUNDO", "2,2", "DONE"]).is_empty());
    assert_eq!(
        moved(&block_of(&mut s, &three_points("BOARD"))),
        Pos::new(2, 2)
    );
}

/// The parts of a `MESSAGE (k) x,y ev S depth D pv ...` line: k, the move, S, the PV.
fn line_parts(message: &str) -> (usize, Pos, i32, Vec<Pos>) {
    let w: Vec<&str> = message.split(' ').collect();
    assert!(
        w.len() >= 9 && w[0] == "MESSAGE" && w[3] == "ev" && w[5] == "depth" && w[7] == "pv",
        "{message:?}"
    );
    let k = w[1]
        .strip_prefix('(')
        .and_then(|k| k.strip_suffix(')'))
        .and_then(|k| k.parse().ok())
        .unwrap_or_else(|| panic!("{message:?}"));
    w[6].parse::<i32>().unwrap();
    let pv: Vec<Pos> = w[8..].iter().map(|m| parse_move(m).unwrap()).collect();
    (k, parse_move(w[2]).unwrap(), w[4].parse().unwrap(), pv)
}

/// YXNBEST 3 on the open four: both fives (each a win in one), then a move that wins
/// three plies later, each line its own search; the answer is the first, and the
/// position does not change.
#[test]
fn yxnbest_reports_each_line_and_plays_nothing() {
    let p = Pos::new;
    let mut s = started(15);
    for l in ["INFO timeout_turn 60000", "INFO max_depth 6"] {
        feed(&mut s, l);
    }
    assert!(block(&mut s, &open_four("YXBOARD")).is_empty());
    let before = snapshot(s.board().unwrap());
    let out = feed(&mut s, "YXNBEST 3");
    assert_eq!(out.len(), 5, "{out:?}");
    let lines: Vec<_> = out[..3].iter().map(|l| line_parts(l)).collect();
    let win = wuzi::types::WIN;
    assert_eq!((lines[0].0, lines[0].1, lines[0].2), (1, p(2, 7), win - 1));
    assert_eq!((lines[1].0, lines[1].1, lines[1].2), (2, p(7, 7), win - 1));
    assert_eq!((lines[2].0, lines[2].2), (3, win - 3));
    assert!(![p(2, 7), p(7, 7)].contains(&lines[2].1));
    for (_, m, _, pv) in &lines {
        assert_eq!(pv.first(), Some(m));
    }
    assert!(is_search_message(&out[3]), "{out:?}");
    assert_eq!(out[4], "2,7");
    assert_eq!(
        snapshot(s.board().unwrap()),
        before,
        "NBEST played its move"
    );
    // Blocked points stay out of the lines too.
    assert!(block(&mut s, &["YXBLOCK", "2,7", "DONE"]).is_empty());
    let out = feed(&mut s, "yxnbest 1");
    assert_eq!(out.len(), 3, "{out:?}");
    assert_eq!(line_parts(&out[0]).1, p(7, 7));
    assert_eq!(out[2], "7,7");
    assert_eq!(snapshot(s.board().unwrap()), before);
}

#[test]
fn yxnbest_past_the_moves_there_are_and_bad_counts() {
    let mut s = started(5);
    feed(&mut s, "INFO max_depth 4");
    assert!(block_of(&mut s, &three_points("YXBOARD")).is_empty());
    let out = feed(&mut s, "YXNBEST 10");
    assert_eq!(out.len(), 6, "{out:?}");
    let mut moves: Vec<Pos> = out[..3].iter().map(|l| line_parts(l).1).collect();
    assert_eq!(line_parts(&out[2]).0, 3);
    assert_eq!(out[3], "MESSAGE NBEST 10 asked, 3 found");
    assert!(is_search_message(&out[4]));
    assert_eq!(parse_move(&out[5]), Some(moves[0]));
    moves.sort_by_key(|m| m.y);
    assert_eq!(moves, [Pos::new(2, 1), Pos::new(2, 2), Pos::new(2, 3)]);
    assert_eq!(s.board().unwrap().stone_count(), 6, "NBEST played its move");
    for (line, want) in [
        (
            "YXNBEST 0",
            "ERROR YXNBEST: 0 moves asked, 1 or more expected",
        ),
        (
            "YXNBEST -3",
            "ERROR YXNBEST: -3 moves asked, 1 or more expected",
        ),
        (
            "YXNBEST",
            "ERROR YXNBEST: expected a number of moves, got nothing",
        ),
        (
            "YXNBEST two",
            "ERROR YXNBEST: expected a number of moves, got 'two'",
        ),
    ] {
        assert_eq!(feed(&mut s, line), [want], "{line}");
    }
    assert_eq!(
        feed(&mut Session::new(), "YXNBEST 2"),
        ["ERROR no board, send START first"]
    );
}

/// Black's open three on row 7 (x = 5..7), white (we) to move: the stones next to it
/// hold, the rest lose. Against an open four nothing holds, and the answer is still a
/// legal move.
#[test]
fn yxsearchdefend_lists_the_moves_that_hold() {
    let p = Pos::new;
    let mut s = started(15);
    for l in ["INFO timeout_turn 60000", "INFO max_depth 6"] {
        feed(&mut s, l);
    }
    let three = [
        "YXBOARD", "5,7,2", "1,13,1", "6,7,2", "13,1,1", "7,7,2", "DONE",
    ];
    assert!(block(&mut s, &three).is_empty());
    let before = snapshot(s.board().unwrap());
    let out = feed(&mut s, "YXSEARCHDEFEND");
    assert_eq!(out.len(), 5, "{out:?}");
    let mut hold: Vec<Pos> = out[..2].iter().map(|l| line_parts(l).1).collect();
    assert_eq!(out[2], "MESSAGE DEFEND 2 moves hold");
    assert!(is_search_message(&out[3]));
    assert_eq!(parse_move(&out[4]), Some(hold[0]));
    hold.sort_by_key(|m| m.x);
    assert_eq!(hold, [p(4, 7), p(8, 7)]);
    assert_eq!(
        snapshot(s.board().unwrap()),
        before,
        "DEFEND played its move"
    );
    // Black's open four (one more black stone: we are white): every move loses.
    let mut four: Vec<String> = vec!["YXBOARD".into()];
    for l in OPEN_FOUR {
        let (xy, f) = l.rsplit_once(',').unwrap();
        four.push(format!("{xy},{}", if f == "1" { 2 } else { 1 }));
    }
    four.extend(["12,0,2".to_string(), "DONE".to_string()]);
    assert!(block_of(&mut s, &four).is_empty());
    let out = feed(&mut s, "yxsearchdefend");
    assert_eq!(out.len(), 3, "{out:?}");
    assert_eq!(out[0], "MESSAGE DEFEND no move holds");
    let m = parse_move(&out[2]).unwrap();
    assert!(m == p(2, 7) || m == p(7, 7), "{m}: not even a block");
    assert!(is_error(&feed(&mut s, "YXSEARCHDEFEND 3")));
}

/// Through `run`: YXNBEST with a minute to think is stopped by YXSTOP and still
/// answers its lines and a move at once; nothing is played.
#[test]
fn run_yxnbest_stops_on_yxstop() {
    let mut b = brain();
    b.send("INFO timeout_turn 60000");
    for l in [
        "YXBOARD", "7,7,1", "8,8,2", "8,6,1", "6,8,2", "9,7,1", "7,9,2", "DONE",
    ] {
        b.send(l);
    }
    b.send("YXNBEST 3");
    assert!(
        b.quiet(Duration::from_millis(300)),
        "answered before YXSTOP"
    );
    b.send("YXSTOP");
    let (m, after) = b.reply_timed(T).unwrap();
    assert!(after < Duration::from_secs(1), "{after:?}");
    let m = parse_move(&m).unwrap();
    let lines: Vec<_> = b
        .messages
        .iter()
        .filter(|l| l.starts_with("MESSAGE ("))
        .map(|l| line_parts(l))
        .collect();
    assert!(!lines.is_empty() && lines.len() <= 3, "{:?}", b.messages);
    assert_eq!(lines[0].1, m);
    // The answer was not played: a stone can still go there (else: ERROR occupied).
    b.send(&format!("TURN {},{}", m.x, m.y));
    let reply = parse_move(&reply(&mut b)).unwrap();
    assert_ne!(reply, m);
}

/// `INFO thread_num 2` through `run`: a move and a YXNBEST are searched as with one
/// thread, YXSTOP still stops at once, and bad values are ignored without a reply.
#[test]
fn run_thread_num_searches_on_two_threads() {
    let nps_of = |b: &mut Brain| -> u64 {
        let m = b
            .messages
            .iter()
            .rev()
            .find(|l| l.starts_with("MESSAGE depth"))
            .cloned()
            .expect("a search MESSAGE");
        m.split(' ').nth(8).unwrap().parse().unwrap()
    };
    let mut rates = Vec::new();
    for threads in ["1", "2"] {
        let mut b = brain();
        for l in [
            "INFO thread_num 0",
            "INFO thread_num many",
            &format!("INFO thread_num {threads}"),
            "INFO timeout_turn 400",
        ] {
            b.send(l);
        }
        for l in OPENING {
            b.send(l);
        }
        let m = parse_move(&reply(&mut b)).unwrap();
        assert!(m.x < 15 && m.y < 15);
        rates.push(nps_of(&mut b));
        b.messages.clear();
        b.send("INFO timeout_turn 60000");
        b.send("YXNBEST 2");
        assert!(
            b.quiet(Duration::from_millis(300)),
            "answered before YXSTOP"
        );
        b.send("YXSTOP");
        let (_, after) = b.reply_timed(T).unwrap();
        assert!(
            after < Duration::from_secs(1),
            "{threads} threads: {after:?}"
        );
        let lines = b
            .messages
            .iter()
            .filter(|l| l.starts_with("MESSAGE ("))
            .count();
        assert!((1..=2).contains(&lines), "{:?}", b.messages);
    }
    // Shown, not judged (a timing): idle, two threads count about 2.1 times the nodes.
    println!("nodes/s at 1 and 2 threads: {rates:?}");
}

/// The position of the show_detail tests: a quiet opening, black (we) to move.
const OPENING: [&str; 5] = ["BOARD", "7,7,1", "8,8,2", "8,6,1", "DONE"];

/// Sends the opening for a move and returns it with the MESSAGE lines before it.
fn think_with(b: &mut Brain, head: &[&str]) -> (Pos, Vec<String>) {
    b.messages.clear();
    for l in head.iter().chain(&OPENING) {
        b.send(l);
    }
    let m = parse_move(&reply(b)).unwrap();
    (m, std::mem::take(&mut b.messages))
}

/// `INFO show_detail`: by default nothing but the search MESSAGE (what tournament
/// managers read does not change); 1 adds the realtime lines, a REFRESH and the BEST
/// move after each iteration; 2 each iteration's result; 3 both; YXNBEST's lines per
/// iteration under 2.
#[test]
fn run_show_detail_lines() {
    let mut b = brain();
    for l in ["INFO timeout_turn 60000", "INFO max_depth 4"] {
        b.send(l);
    }
    let (_, said) = think_with(&mut b, &[]);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(is_search_message(&said[0]));
    // 1: after each of the four iterations, REFRESH then BEST (the root moves' lines
    // may come too if the search ran past 200 ms).
    let (m, said) = think_with(&mut b, &["INFO show_detail 1"]);
    let refresh: Vec<usize> = (0..said.len())
        .filter(|&i| said[i] == "MESSAGE REALTIME REFRESH")
        .collect();
    assert_eq!(refresh.len(), 4, "{said:?}");
    for &i in &refresh {
        assert!(
            said[i + 1].starts_with("MESSAGE REALTIME BEST "),
            "{said:?}"
        );
    }
    let last = refresh[3];
    assert_eq!(
        said[last + 1],
        format!("MESSAGE REALTIME BEST {},{}", m.x, m.y)
    );
    assert!(is_search_message(said.last().unwrap()));
    for l in &said[..said.len() - 1] {
        let rest = l.strip_prefix("MESSAGE REALTIME ").expect(l);
        let ok = rest == "REFRESH"
            || ["POS ", "DONE ", "BEST ", "LOST "]
                .iter()
                .any(|w| rest.strip_prefix(w).and_then(parse_move).is_some());
        assert!(ok, "{l:?}");
    }
    // 2: each iteration's search MESSAGE, depths 1 to 4, then the final one.
    let (_, said) = think_with(&mut b, &["INFO show_detail 2"]);
    let depths: Vec<i32> = said.iter().map(|l| nodes_and_depth(l).1).collect();
    assert_eq!(depths, [1, 2, 3, 4, 4], "{said:?}");
    // 3: both.
    let (_, said) = think_with(&mut b, &["INFO show_detail 3"]);
    assert_eq!(said.iter().filter(|l| l.contains("REFRESH")).count(), 4);
    assert_eq!(said.iter().filter(|l| is_search_message(l)).count(), 5);
    // YXNBEST under 2: both lines after each iteration, then the answer's.
    b.send("INFO show_detail 2");
    for l in ["YXBOARD", "7,7,1", "8,8,2", "8,6,1", "DONE", "YXNBEST 2"] {
        b.send(l);
    }
    b.messages.clear();
    reply(&mut b);
    let numbered = |k: &str| b.messages.iter().filter(|l| l.starts_with(k)).count();
    assert_eq!((numbered("MESSAGE (1) "), numbered("MESSAGE (2) ")), (5, 5));
    // And back to 0: nothing new.
    let (_, said) = think_with(&mut b, &["INFO show_detail 0"]);
    assert_eq!(said.len(), 1, "{said:?}");
}

/// A long search with realtime lines: past 200 ms each root move searched is shown
/// (POS) and then done (DONE) before the next one starts.
#[test]
fn run_realtime_root_moves() {
    let _t = common::timing_lock();
    let mut b = brain();
    for l in ["INFO timeout_turn 60000", "INFO show_detail 1"] {
        b.send(l);
    }
    for l in OPENING {
        b.send(l);
    }
    std::thread::sleep(Duration::from_millis(1000));
    b.send("YXSTOP");
    reply(&mut b);
    let mut open: Option<&str> = None;
    let mut shown = 0;
    for l in &b.messages {
        if let Some(m) = l.strip_prefix("MESSAGE REALTIME POS ") {
            assert_eq!(open, None, "two root moves at once: {l}");
            open = Some(m);
            shown += 1;
        } else if let Some(m) = l.strip_prefix("MESSAGE REALTIME DONE ") {
            // The first DONE may close a move announced before 200 ms.
            assert!(open.is_none_or(|o| o == m), "{l} after POS {open:?}");
            open = None;
        }
    }
    assert!(shown > 0, "{:?}", b.messages);
}

// ---------------------------------------------------------------- balance and Swap2

/// The points of an answer line `x,y x,y ...`.
fn points(line: &str) -> Vec<Pos> {
    line.split(' ')
        .map(|m| parse_move(m).unwrap_or_else(|| panic!("not points: {line:?}")))
        .collect()
}

/// The `ev` of a search MESSAGE.
fn ev(message: &str) -> i32 {
    let w: Vec<&str> = message.split(' ').collect();
    assert_eq!(w[3], "ev", "{message}");
    w[4].parse().unwrap()
}

/// YXBALANCEONE and YXBALANCETWO answer what the balance search finds (at depth 1 a
/// search of every candidate by its static evaluation: `tests/search.rs` checks it
/// is the closest), one point or two on one line after the search MESSAGE, and play
/// nothing. Bad arguments and boards without room get ERROR and change nothing.
#[test]
fn yxbalance_one_and_two() {
    let position = ["YXBOARD", "7,7,1", "8,8,2", "6,8,1", "8,6,2", "DONE"];
    let mut s = started(15);
    feed(&mut s, "INFO max_depth 1");
    assert!(block(&mut s, &position).is_empty());
    let before = snapshot(s.board().unwrap());
    for (line, stones, bias) in [
        ("YXBALANCEONE 0", 1, 0),
        ("yxbalanceone -300", 1, -300),
        ("YXBALANCETWO 0", 2, 0),
        ("YXBALANCETWO 250", 2, 250),
    ] {
        let mut direct = Searcher::new(1 << 20);
        direct.set_analysis(Analysis {
            blocked: vec![],
            lines: Lines::Balance { stones, bias },
        });
        let b = s.board().unwrap().clone();
        let want = direct
            .search(&b, &Limits::depth(1), &AtomicBool::new(false))
            .unwrap();
        let out = feed(&mut s, line);
        assert_eq!(out.len(), 2, "{line}: {out:?}");
        assert!(is_search_message(&out[0]), "{out:?}");
        assert_eq!(ev(&out[0]), want.score, "{line}: {out:?}");
        let answer = points(&out[1]);
        assert_eq!(answer[..], want.pv[..stones as usize], "{line}: {out:?}");
        assert_eq!(snapshot(s.board().unwrap()), before, "{line} played");
    }
    for (line, want) in [
        (
            "YXBALANCEONE",
            "ERROR YXBALANCEONE: expected a score bias, got nothing",
        ),
        (
            "YXBALANCETWO x",
            "ERROR YXBALANCETWO: expected a score bias, got 'x'",
        ),
        (
            "YXBALANCETWO 1 2",
            "ERROR YXBALANCETWO: expected a score bias, got '1 2'",
        ),
        (
            "YXBALANCEONE 29000",
            "ERROR YXBALANCEONE: bias 29000 out of range, -28999 to 28999 expected",
        ),
        (
            "YXBALANCETWO -40000",
            "ERROR YXBALANCETWO: bias -40000 out of range, -28999 to 28999 expected",
        ),
    ] {
        assert_eq!(feed(&mut s, line), [want], "{line}");
    }
    assert_eq!(snapshot(s.board().unwrap()), before);
    assert_eq!(
        feed(&mut Session::new(), "YXBALANCEONE 0"),
        ["ERROR no board, send START first"]
    );
    // One empty point left: one move, not two.
    let mut s = started(5);
    let mut walls = vec!["YXBOARD".to_string()];
    for y in 0..5 {
        for x in 0..5 {
            if (x, y) != (4, 4) {
                walls.push(format!("{x},{y},3"));
            }
        }
    }
    walls.push("DONE".into());
    assert!(block_of(&mut s, &walls).is_empty());
    assert_eq!(moved(&feed(&mut s, "YXBALANCEONE 0")), Pos::new(4, 4));
    assert_eq!(
        feed(&mut s, "YXBALANCETWO 0"),
        ["ERROR YXBALANCETWO: fewer than 2 empty points"]
    );
    let mut full = walls.clone();
    full.insert(full.len() - 1, "4,4,3".to_string());
    assert!(block_of(&mut s, &full).is_empty());
    assert_eq!(feed(&mut s, "YXBALANCEONE 0"), ["ERROR the board is full"]);
    // An empty board: a point of a quarter, or two different points.
    let mut s = started(15);
    feed(&mut s, "INFO max_depth 2");
    let m = moved(&feed(&mut s, "YXBALANCEONE 0"));
    assert!(m.x <= 7 && m.y <= 7, "{m}");
    let out = feed(&mut s, "YXBALANCETWO 0");
    let two = points(&out[1]);
    assert!(two.len() == 2 && two[0] != two[1], "{out:?}");
    assert_eq!(s.board().unwrap().stone_count(), 0);
}

/// A SWAP2BOARD block of `stones` (`x,y` each) and its answer.
fn swap2(s: &mut Session, stones: &[&str]) -> Vec<String> {
    let mut lines = vec!["SWAP2BOARD"];
    lines.extend(stones);
    lines.push("DONE");
    block(s, &lines)
}

/// SWAP2BOARD at each stage: the three opening stones (black at the centre, then a
/// balance search's white and black), after three stones SWAP, white's move or two
/// more stones as the position's score says, after five SWAP or white's move. Each
/// answer follows the search MESSAGE; the stones we answer are on the board after.
#[test]
fn swap2board_at_each_stage() {
    let p = Pos::new;
    let mut s = started(15);
    feed(&mut s, "INFO max_depth 3");
    // No stone: three, black white black, the first at the centre.
    let out = swap2(&mut s, &[]);
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(is_search_message(&out[0]), "{out:?}");
    let three = points(&out[1]);
    assert_eq!(three.len(), 3, "{out:?}");
    assert_eq!(three[0], p(7, 7));
    let b = s.board().unwrap();
    let placed: Vec<(Pos, Color)> = b.history().to_vec();
    assert_eq!(
        placed,
        [
            (three[0], Color::Black),
            (three[1], Color::White),
            (three[2], Color::Black)
        ]
    );
    assert_eq!(b.side_to_move(), Color::White);
    // The balance search aimed at even for white: the MESSAGE says how close.
    assert!(ev(&out[0]).abs() < 300, "{out:?}");

    // Three stones, black far ahead (two in a row at the centre, white in a corner):
    // we take black.
    let out = swap2(&mut s, &["7,7", "0,0", "8,8"]);
    assert!(ev(&out[0]) < -wuzi::search::SWAP2_EVEN, "{out:?}");
    assert_eq!(out[1], "SWAP", "{out:?}");
    assert_eq!(s.board().unwrap().stone_count(), 3);
    // White far ahead (black's stones in two corners): we play white's move.
    let out = swap2(&mut s, &["0,0", "7,7", "14,14"]);
    assert!(ev(&out[0]) > wuzi::search::SWAP2_EVEN, "{out:?}");
    let m = parse_move(&out[1]).unwrap_or_else(|| panic!("{out:?}"));
    let b = s.board().unwrap();
    assert_eq!(
        (b.stone_count(), b.cell(m)),
        (4, Some(Cell::Stone(Color::White)))
    );
    // Whatever the score, the answer agrees with it: two more stones when about
    // even, else the better colour.
    for stones in [
        ["7,7", "8,7", "9,9"],
        ["7,7", "7,8", "9,7"],
        ["7,7", "8,8", "6,8"],
    ] {
        let out = swap2(&mut s, &stones);
        let v = ev(&out[0]);
        if v.abs() <= wuzi::search::SWAP2_EVEN {
            let two = points(&out[1]);
            assert_eq!(two.len(), 2, "{stones:?}: {out:?}");
            let h = s.board().unwrap().history().to_vec();
            assert_eq!(h[3..], [(two[0], Color::White), (two[1], Color::Black)]);
        } else if v < 0 {
            assert_eq!(out[1], "SWAP", "{stones:?}: {out:?}");
        } else {
            assert!(parse_move(&out[1]).is_some(), "{stones:?}: {out:?}");
        }
    }
    // Five stones, black's open three: we take black.
    let out = swap2(&mut s, &["6,7", "0,0", "7,7", "0,14", "8,7"]);
    assert!(ev(&out[0]) < 0, "{out:?}");
    assert_eq!(out[1], "SWAP");
    // White's two stones in the centre against black's three in the corners: we
    // play white's sixth stone.
    let out = swap2(&mut s, &["0,0", "7,7", "14,14", "8,7", "0,14"]);
    assert!(ev(&out[0]) >= 0, "{out:?}");
    let m = parse_move(&out[1]).unwrap_or_else(|| panic!("{out:?}"));
    assert_eq!(s.board().unwrap().stone_count(), 6);
    assert_eq!(s.board().unwrap().cell(m), Some(Cell::Stone(Color::White)));
    // `x,y,f` lines are read too: the order tells the colours.
    let out = swap2(&mut s, &["7,7,1", "0,0,2", "8,8,1"]);
    assert_eq!(out[1], "SWAP");
}

/// SWAP2BOARD at no stage of Swap2, or with a bad line, is answered with one ERROR
/// at DONE, changes nothing, and the next command is answered as usual.
#[test]
fn swap2board_at_a_wrong_stage_or_with_bad_lines() {
    let mut s = started(15);
    feed(&mut s, "INFO max_depth 2");
    assert!(block(&mut s, &["YXBOARD", "3,3,1", "DONE"]).is_empty());
    let before = snapshot(s.board().unwrap());
    let err = |n: &str| format!("ERROR SWAP2BOARD: {n} given, a Swap2 stage has 0, 3 or 5");
    for (stones, want) in [
        (&["7,7"][..], err("1 stone")),
        (&["7,7", "8,8"][..], err("2 stones")),
        (&["7,7", "8,8", "9,9", "1,1"][..], err("4 stones")),
        (
            &["7,7", "8,8", "9,9", "1,1", "2,2", "3,3"][..],
            err("6 stones"),
        ),
        (
            &["7,7", "8,8", "7,7"][..],
            "ERROR SWAP2BOARD: 7,7 is given twice".to_string(),
        ),
        (
            &["7,7", "15,3", "9,9"][..],
            "ERROR SWAP2BOARD: 15,3 is off the 15x15 board".to_string(),
        ),
        (
            &["7,7", "junk", "9,9"][..],
            "ERROR SWAP2BOARD: x,y or DONE expected, got 'junk'".to_string(),
        ),
    ] {
        assert_eq!(swap2(&mut s, stones), [want], "{stones:?}");
        assert_eq!(snapshot(s.board().unwrap()), before, "{stones:?}");
        assert!(is_about(&feed(&mut s, "ABOUT")[0]));
    }
    assert_eq!(
        feed(&mut s, "SWAP2BOARD 3"),
        ["ERROR SWAP2BOARD: takes no argument, got '3'"]
    );
    assert!(is_about(&feed(&mut s, "ABOUT")[0]));
    let mut fresh = Session::new();
    assert_eq!(
        block(&mut fresh, &["SWAP2BOARD", "DONE"]),
        ["ERROR SWAP2BOARD: no board, send START first"]
    );
}

/// Through `run`: a manager's Swap2 exchange, a wrong stage between, and a command
/// queued behind each answer still answered in order.
#[test]
fn run_swap2board_keeps_every_command() {
    let mut b = brain();
    b.send("INFO max_depth 2");
    for l in ["SWAP2BOARD", "DONE", "ABOUT"] {
        b.send(l);
    }
    let three = points(&reply(&mut b));
    assert_eq!(three.len(), 3);
    assert!(is_about(&reply(&mut b)));
    for l in ["SWAP2BOARD", "7,7", "8,8", "DONE", "ABOUT"] {
        b.send(l);
    }
    assert_eq!(
        reply(&mut b),
        "ERROR SWAP2BOARD: 2 stones given, a Swap2 stage has 0, 3 or 5"
    );
    assert!(is_about(&reply(&mut b)));
    let opening: Vec<String> = three.iter().map(|p| p.to_string()).collect();
    b.send("SWAP2BOARD");
    for l in &opening {
        b.send(l);
    }
    b.send("DONE");
    b.send("ABOUT");
    let answer = reply(&mut b);
    assert!(
        answer == "SWAP" || !points(&answer).is_empty(),
        "{answer:?}"
    );
    assert!(is_about(&reply(&mut b)));
}
