//! Memory: the brain keeps searching under the memory limits a manager or a machine may
//! impose (`RLIMIT_DATA` as liskvork sets it, an address-space limit far below
//! `max_memory`).
//!
//! Peak resident memory against `max_memory` is measured by `scripts/memory-check.sh`
//! (long searches that fill the table); these tests stay quick.

mod common;

use common::{parse_move, Brain, Referee};
use std::time::Duration;
use wuzi::search::tt_bytes_for_memory;
use wuzi::tt::TransTable;
use wuzi::types::{Pos, Rule};

const MB: u64 = 1 << 20;
const HANG: Duration = Duration::from_secs(5);

/// The table the brain should have under `max_memory`: whole entries only.
fn table_for(max_memory: u64) -> usize {
    let e = TransTable::ENTRY_BYTES;
    tt_bytes_for_memory(max_memory) / e * e
}

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

/// Plays three searched moves from `TURN 7,7` on 15x15 freestyle, 300 ms each, checked
/// legal; then END, exit status 0 and nothing on stderr. Returns the table sizes the
/// brain logged.
fn play_and_read_table(b: &mut Brain, max_memory: u64, log: &std::path::Path) -> Vec<usize> {
    b.send("START 15");
    assert_eq!(b.reply(HANG).as_deref(), Some("OK"));
    b.send(&format!("INFO max_memory {max_memory}"));
    b.send("INFO timeout_turn 300");
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
#[cfg(unix)]
#[test]
fn under_a_data_limit_of_max_memory_the_brain_searches_with_its_full_table() {
    let _serial = common::timing_lock();
    for m in [16 * MB, 64 * MB, 100 * MB, 350 * MB] {
        let log = log_path(&format!("data{m}"));
        let path = log.to_str().unwrap();
        let mut b = Brain::spawn_limited(&format!("ulimit -d {}", m / 1024), &[("WUZI_LOG", path)]);
        let tables = play_and_read_table(&mut b, m, &log);
        println!("RLIMIT_DATA {} MB: table {:?} bytes", m / MB, tables);
        assert!(!tables.is_empty(), "no table size logged");
        assert!(tables.iter().all(|&t| t == table_for(m)), "{tables:?}");
    }
}

/// An absurd max_memory (1 TB) under an address-space limit: the table falls back to what
/// can be had and leaves room for the rest; the brain searches normally.
#[cfg(unix)]
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
