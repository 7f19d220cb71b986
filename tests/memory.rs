//! Memory: the transposition table follows `INFO max_memory` (both ways, also when it
//! changes during a search) and is no bigger than the time control can fill, and the
//! brain keeps searching under the memory limits a manager or a machine may impose
//! (`RLIMIT_DATA` as liskvork sets it, an address-space limit far below `max_memory`).
//!
//! Peak resident memory against `max_memory` is measured by `scripts/memory-check.sh`
//! (long searches that fill the table); these tests stay quick.

mod common;

use common::parse_move;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use wuzi::protocol::{Action, Session};
use wuzi::search::{tt_bytes_for_memory, tt_bytes_for_time, TT_MIN_BYTES};
use wuzi::tt::TransTable;

const MB: u64 = 1 << 20;

/// The table the brain should have under `max_memory`: whole entries only.
fn table_for(max_memory: u64) -> usize {
    whole_entries(tt_bytes_for_memory(max_memory, 1))
}

fn whole_entries(bytes: usize) -> usize {
    let e = TransTable::ENTRY_BYTES;
    bytes / e * e
}

/// A turn limit long enough that the memory limit alone sizes the table (the table
/// follows the longest move the session's time settings allow).
const LONG_TURN: &str = "INFO timeout_turn 600000";

/// Sends a move command to `s` and returns the search it asks for.
fn think(s: &mut Session, line: &str) -> Box<wuzi::protocol::SearchJob> {
    match s.handle_line(line, Instant::now()) {
        Action::Think(job) => job,
        other => panic!("{line} -> {other:?}"),
    }
}

#[test]
fn the_table_follows_max_memory_both_ways_and_waits_for_a_search() {
    let mut s = Session::new();
    s.handle_line("START 15", Instant::now());
    s.handle_line(LONG_TURN, Instant::now());
    // Short searches all the same.
    s.handle_line("INFO max_depth 4", Instant::now());
    s.handle_line(&format!("INFO max_memory {}", 16 * MB), Instant::now());
    assert_eq!(s.table_bytes(), None, "no table before the first move");
    let job = think(&mut s, "TURN 7,7");
    assert_eq!(job.searcher.tt_bytes(), table_for(16 * MB));

    // Up, during a real search on another thread: nothing can change until the
    // searcher comes back, and the move is not held up by the resize.
    let search = std::thread::spawn(move || {
        let mut job = job;
        let stop = AtomicBool::new(false);
        let r = job.searcher.search(&job.board, &job.limits, &stop);
        (job.searcher, r)
    });
    s.handle_line(&format!("INFO max_memory {}", 64 * MB), Instant::now());
    assert!(s.is_thinking());
    assert_eq!(s.table_bytes(), None, "the searcher is lent out");
    let (searcher, r) = search.join().unwrap();
    let out = s.search_done(Some(searcher), r);
    assert!(parse_move(&out[1].to_string()).is_some(), "{out:?}");
    assert_eq!(
        s.table_bytes(),
        Some(table_for(16 * MB)),
        "resized before the move was out"
    );
    s.sync_table_size();
    assert_eq!(s.table_bytes(), Some(table_for(64 * MB)));

    // Down and up again while idle: at once.
    for m in [16 * MB, 350 * MB, MB, 0, 64 * MB] {
        s.handle_line(&format!("INFO max_memory {m}"), Instant::now());
        assert_eq!(s.table_bytes(), Some(table_for(m)), "max_memory {m}");
    }

    // Down during a search; the next search gets the new size even if nobody called
    // sync_table_size. (Our moves go to far corners, which the brain's replies near
    // the centre never take, so the test does not depend on which move it picks.)
    let mut job = think(&mut s, "TURN 14,0");
    assert_eq!(job.searcher.tt_bytes(), table_for(64 * MB));
    s.handle_line(&format!("INFO max_memory {}", 16 * MB), Instant::now());
    let r = job
        .searcher
        .search(&job.board, &job.limits, &AtomicBool::new(true));
    s.search_done(Some(job.searcher), r);
    let job = think(&mut s, "TURN 0,14");
    assert_eq!(job.searcher.tt_bytes(), table_for(16 * MB));
    // START keeps the size (a new game clears the table, it does not resize it).
    s.search_done(Some(job.searcher), None);
    s.handle_line("START 20", Instant::now());
    assert_eq!(s.table_bytes(), Some(table_for(16 * MB)));
}

/// A fast game gets a small table whatever `max_memory` allows: every page of a table
/// is faulted in when first written, which for a 270 MB table cost most of the first 15
/// moves of a 100 ms/move game. The size follows the longest move the settings allow,
/// and only grows: Piskvork's `timeout_turn 0` ("move now") does not empty the table.
#[test]
fn the_table_is_no_bigger_than_the_time_control_can_fill() {
    let mut s = Session::new();
    s.handle_line("START 15", Instant::now());
    s.handle_line("INFO timeout_turn 100", Instant::now());
    s.handle_line("INFO timeout_match 0", Instant::now());
    s.handle_line(&format!("INFO max_memory {}", 350 * MB), Instant::now());
    let mut job = think(&mut s, "TURN 7,7");
    let fast = whole_entries(tt_bytes_for_time(100));
    assert_eq!(fast, whole_entries(TT_MIN_BYTES));
    assert!(fast < table_for(350 * MB) / 10);
    assert_eq!(job.searcher.tt_bytes(), fast);
    let r = job
        .searcher
        .search(&job.board, &job.limits, &AtomicBool::new(true));
    s.search_done(Some(job.searcher), r);

    // A longer turn: a second of search fills about 120 MB.
    s.handle_line("INFO timeout_turn 1000", Instant::now());
    let second = whole_entries(tt_bytes_for_time(1000));
    assert!(
        second > 4 * fast && second < table_for(350 * MB),
        "{second}"
    );
    assert_eq!(s.table_bytes(), Some(second));
    // "Move now" during a search, then back to 100 ms: the table stays (either
    // alone would have given the 16 MB one).
    let mut job = think(&mut s, "TURN 0,14");
    s.handle_line("INFO timeout_turn 0", Instant::now());
    let r = job
        .searcher
        .search(&job.board, &job.limits, &AtomicBool::new(true));
    s.search_done(Some(job.searcher), r);
    s.sync_table_size();
    assert_eq!(s.table_bytes(), Some(second), "move-now shrank the table");
    s.handle_line("INFO timeout_turn 100", Instant::now());
    assert_eq!(s.table_bytes(), Some(second));

    // A match clock alone: a tenth of it is the longest move.
    let mut s = Session::new();
    s.handle_line("START 15", Instant::now());
    s.handle_line("INFO timeout_match 20000", Instant::now());
    s.handle_line(&format!("INFO max_memory {}", 350 * MB), Instant::now());
    let job = think(&mut s, "TURN 7,7");
    assert_eq!(
        job.searcher.tt_bytes(),
        whole_entries(tt_bytes_for_time(2000))
    );
    // No time settings at all: the default 5 s turn, where memory decides.
    let mut s = Session::new();
    s.handle_line("START 15", Instant::now());
    s.handle_line(&format!("INFO max_memory {}", 350 * MB), Instant::now());
    let job = think(&mut s, "TURN 7,7");
    assert_eq!(job.searcher.tt_bytes(), table_for(350 * MB));
}

/// Piskvork and qpiskvork send `timeout_match` before `timeout_turn`. Between the two,
/// a tenth of the match clock is the longest move; that must not size the table. With
/// Piskvork's 1000 MB, 100 s a game and 300 ms a turn, it did (an 800 MB table: a Linux
/// brain searched 20 thousand nodes a second instead of a million, its first writes
/// taking most of each move).
#[test]
fn the_table_follows_the_time_settings_in_force_at_the_move() {
    for (manager, lines, turn_ms) in [
        (
            "Piskvork",
            &[
                "INFO max_memory 1048576000",
                "INFO timeout_match 100000",
                "INFO timeout_turn 300",
                "INFO game_type 1",
                "INFO rule 0",
                "INFO time_left 100000",
            ][..],
            300,
        ),
        (
            "qpiskvork",
            &[
                "INFO timeout_match 60000",
                "INFO timeout_turn 5000",
                "INFO max_memory 1073741824",
                "INFO game_type 0",
                "INFO rule 0",
                "INFO time_left 60000",
            ][..],
            5000,
        ),
    ] {
        let mut s = Session::new();
        s.handle_line("START 15", Instant::now());
        let memory: u64 = lines[0..3]
            .iter()
            .find_map(|l| l.strip_prefix("INFO max_memory ")?.parse().ok())
            .unwrap();
        for l in lines {
            s.handle_line(l, Instant::now());
        }
        let mut job = think(&mut s, "TURN 7,7");
        let want = whole_entries(tt_bytes_for_memory(memory, 1).min(tt_bytes_for_time(turn_ms)));
        assert_eq!(job.searcher.tt_bytes(), want, "{manager}");
        let r = job
            .searcher
            .search(&job.board, &job.limits, &AtomicBool::new(true));
        s.search_done(Some(job.searcher), r);
        // The next game, the same lines: the same table.
        s.handle_line("RESTART", Instant::now());
        for l in lines {
            s.handle_line(l, Instant::now());
        }
        assert_eq!(s.table_bytes(), Some(want), "{manager}, second game");
    }
}

/// Against the real binary, under limits set with `ulimit` (Unix).
#[cfg(unix)]
mod binary {
    use super::*;
    use common::{Brain, Referee};
    use std::time::Duration;
    use wuzi::types::{Pos, Rule};

    const HANG: Duration = Duration::from_secs(5);

    /// The search MESSAGE before a move: its depth, and whether it was a fallback.
    fn searched(b: &mut Brain) -> Pos {
        let before = b.messages.len();
        let reply = b.reply(HANG).expect("no move");
        let m = parse_move(&reply).unwrap_or_else(|| panic!("not a move: {reply:?}"));
        let msg = b.messages.get(before).cloned().unwrap_or_default();
        let depth: i32 = msg
            .split(' ')
            .nth(2)
            .and_then(|d| d.parse().ok())
            .unwrap_or(-1);
        assert!(
            depth >= 1 && !msg.contains("(search"),
            "not a real search: {msg:?}"
        );
        m
    }

    /// Plays three searched moves from `TURN 7,7` on 15x15 freestyle, 100,000 nodes each
    /// (a turn limit long enough for the memory limit alone to size the table), checked
    /// legal; then END, exit status 0 and nothing on stderr. Returns the table sizes the
    /// brain logged.
    fn play_and_read_table(b: &mut Brain, max_memory: u64, log: &std::path::Path) -> Vec<usize> {
        b.send("START 15");
        assert_eq!(b.reply(HANG).as_deref(), Some("OK"));
        b.send(&format!("INFO max_memory {max_memory}"));
        b.send(LONG_TURN);
        b.send("INFO max_node 100000");
        let mut r = Referee::new(15, 15, Rule::Freestyle);
        let mut o = Pos::new(7, 7);
        for i in 0..3 {
            r.play(o).unwrap();
            b.send(&format!("TURN {},{}", o.x, o.y));
            let m = searched(b);
            r.play(m).unwrap_or_else(|e| panic!("move {i}: {e}"));
            o = r.pick_near(m, i).unwrap();
        }
        b.send("END");
        assert_eq!(b.wait_exit(HANG), Some(0));
        b.assert_clean_output();
        let text = std::fs::read_to_string(log).unwrap_or_default();
        let _ = std::fs::remove_file(log);
        text.lines()
            .filter_map(|l| l.split("table ").nth(1))
            .filter_map(|t| t.split(' ').next()?.parse().ok())
            .collect()
    }

    fn log_path(tag: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("wuzi-memory-{tag}-{}.log", std::process::id()))
    }

    /// liskvork runs a brain with `RLIMIT_DATA` = max_memory. Thread stacks and the table
    /// count there in full: with its old 64 MB search stack the brain could not start a
    /// search under 16, 64 or 100 MB and answered every move with a fallback point.
    #[test]
    fn under_a_data_limit_of_max_memory_the_brain_searches_with_its_full_table() {
        let _serial = common::timing_lock();
        for m in [16 * MB, 64 * MB, 100 * MB, 350 * MB] {
            let log = log_path(&format!("data{m}"));
            let path = log.to_str().unwrap();
            let mut b =
                Brain::spawn_limited(&format!("ulimit -d {}", m / 1024), &[("WUZI_LOG", path)]);
            let tables = play_and_read_table(&mut b, m, &log);
            println!("RLIMIT_DATA {} MB: table {:?} bytes", m / MB, tables);
            assert!(!tables.is_empty(), "no table size logged");
            assert!(tables.iter().all(|&t| t == table_for(m)), "{tables:?}");
        }
    }

    /// An absurd max_memory (1 TB) under an address-space limit: the table falls back to what
    /// can be had and leaves room for the rest; the brain searches normally.
    #[test]
    fn a_terabyte_max_memory_under_an_address_space_limit_still_searches() {
        let _serial = common::timing_lock();
        for limit_mb in [4096u64, 200] {
            let log = log_path(&format!("as{limit_mb}"));
            let path = log.to_str().unwrap();
            let ulimit = format!("ulimit -v {}", limit_mb * 1024);
            let mut b = Brain::spawn_limited(&ulimit, &[("WUZI_LOG", path)]);
            let tables = play_and_read_table(&mut b, 1 << 40, &log);
            println!("address space {limit_mb} MB, max_memory 1 TB: table {tables:?} bytes");
            assert!(!tables.is_empty(), "no table size logged");
            assert!(
                tables.iter().all(|&t| (t as u64) < limit_mb * MB / 2),
                "{tables:?}"
            );
        }
    }

    /// The brain's resident size, from /proc.
    #[cfg(target_os = "linux")]
    fn rss_mb(b: &Brain) -> f64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", b.pid().unwrap())).unwrap();
        let kb: f64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap();
        kb / 1024.0
    }

    /// Resident memory goes down when max_memory does (the old table is given back to the
    /// system) and up again when it rises, also when the rise comes during a search.
    #[cfg(target_os = "linux")]
    #[test]
    fn resident_memory_follows_max_memory() {
        let _serial = common::timing_lock();
        let mut b = Brain::spawn();
        b.send("START 15");
        assert_eq!(b.reply(HANG).as_deref(), Some("OK"));
        b.send(&format!("INFO max_memory {}", 128 * MB));
        b.send("INFO timeout_turn 1000");
        let mut r = Referee::new(15, 15, Rule::Freestyle);
        let mut o = Pos::new(7, 7);
        let mut turn = |b: &mut Brain| {
            r.play(o).unwrap();
            b.send(&format!("TURN {},{}", o.x, o.y));
            let m = searched(b);
            r.play(m).unwrap();
            o = r.pick_defending().unwrap();
        };
        turn(&mut b);
        turn(&mut b);
        let big = rss_mb(&b);
        // Idle: the resize happens as the INFO is read (ABOUT's reply shows it was).
        b.send(&format!("INFO max_memory {}", 16 * MB));
        b.send("ABOUT");
        b.reply(HANG).unwrap();
        let small = rss_mb(&b);
        // Up again during the next search; the bigger table fills on the move after.
        b.send("INFO timeout_turn 300");
        r.play(o).unwrap();
        b.send(&format!("TURN {},{}", o.x, o.y));
        b.send(&format!("INFO max_memory {}", 128 * MB));
        let m = searched(&mut b);
        r.play(m).unwrap();
        // A defending opponent: against one that never blocks, the brain (whose moves
        // depend on its weights) can have an open four by now and win without a search.
        o = r.pick_defending().unwrap();
        b.send("INFO timeout_turn 1000");
        r.play(o).unwrap();
        b.send(&format!("TURN {},{}", o.x, o.y));
        searched(&mut b);
        let again = rss_mb(&b);
        println!(
        "resident: {big:.1} MB at 128 MB, {small:.1} MB after max_memory 16 MB, {again:.1} MB after 128 MB again"
    );
        assert!(big > 40.0, "a 128 MB limit hardly used: {big:.1} MB");
        assert!(
            small < 16.0,
            "still {small:.1} MB resident under a 16 MB limit"
        );
        assert!(again > 40.0, "the table did not grow back: {again:.1} MB");
        b.send("END");
        assert_eq!(b.wait_exit(HANG), Some(0));
        b.assert_clean_output();
    }
}
