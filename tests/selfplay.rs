//! Wuzi against Wuzi: two processes driven by a referee at 100 ms a move, as a
//! tournament manager would. Every move must be on the board, empty and (for black under
//! renju) not forbidden, and come within the turn limit plus the managers' 1000 ms
//! tolerance; the game must reach a result: a win, or a draw on a full board.

mod common;

use common::{parse_move, Brain, Referee};
use std::time::Duration;
use wuzi::types::{Color, Rule};

const TURN_MS: u64 = 100;
const TOLERANCE_MS: u64 = 1000;

fn selfplay(size: usize, rule: Rule) {
    let _serial = common::timing_lock();
    let mut brains = [Brain::spawn(), Brain::spawn()];
    for b in &mut brains {
        b.send(&format!("START {size}"));
        assert_eq!(b.reply(Duration::from_secs(3)).as_deref(), Some("OK"));
        for l in [
            format!("INFO timeout_turn {TURN_MS}"),
            "INFO timeout_match 0".into(),
            "INFO max_memory 67108864".into(),
            format!("INFO rule {}", rule.code()),
        ] {
            b.send(&l);
        }
    }
    let mut referee = Referee::new(size, size, rule);
    let deadline = Duration::from_millis(TURN_MS + TOLERANCE_MS);
    let mut worst = [Duration::ZERO; 2];
    let mut last = None;
    while !referee.over() {
        let side = referee.board.side_to_move();
        let b = &mut brains[side.index()];
        b.send("INFO time_left 2147483647");
        b.send(&match last {
            None => "BEGIN".to_string(),
            Some(p) => format!("TURN {p}"),
        });
        let ply = referee.board.stone_count();
        let (reply, dt) = b
            .reply_timed(deadline + Duration::from_secs(5))
            .unwrap_or_else(|| panic!("ply {ply}: no reply from {side:?}"));
        let m = parse_move(&reply).unwrap_or_else(|| panic!("ply {ply}: {side:?} said {reply:?}"));
        if let Err(e) = referee.play(m) {
            panic!("ply {ply}: illegal move by {side:?}: {e}");
        }
        assert!(
            dt <= deadline,
            "ply {ply}: {side:?} took {} ms",
            dt.as_millis()
        );
        worst[side.index()] = worst[side.index()].max(dt);
        last = Some(m);
    }
    let result = match referee.board.winner() {
        Some(Color::Black) => "black wins".to_string(),
        Some(Color::White) => "white wins".to_string(),
        None => {
            assert!(referee.board.is_full());
            "draw (full board)".to_string()
        }
    };
    for b in &mut brains {
        b.send("END");
        assert_eq!(b.wait_exit(Duration::from_secs(1)), Some(0));
        b.assert_clean_output();
    }
    println!(
        "selfplay {size}x{size} {}: {result} after {} moves; max think black {} ms, white {} ms (limit {TURN_MS} ms)",
        rule.name(),
        referee.board.stone_count(),
        worst[0].as_millis(),
        worst[1].as_millis()
    );
}

#[test]
fn freestyle_15() {
    selfplay(15, Rule::Freestyle);
}

#[test]
fn renju_15() {
    selfplay(15, Rule::Renju);
}

#[test]
fn freestyle_20() {
    selfplay(20, Rule::Freestyle);
}
