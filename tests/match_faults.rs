//! The match runner against deliberately broken brains (`wuzi-testbrain`, a test aid):
//! every fault is reported as the right kind of loss, by the right engine, and the match
//! goes on to the next game.

use std::collections::BTreeMap;
use wuzi::arena::engine::EngineSpec;
use wuzi::arena::game::{Fault, GameConfig, GameRecord, Reason, TimeControl};
use wuzi::arena::stats::Wdl;
use wuzi::arena::tournament::{self, MatchConfig, Summary};
use wuzi::types::{Color, Pos};

fn brain(name: &str, args: &[&str]) -> EngineSpec {
    let mut cmd = vec![env!("CARGO_BIN_EXE_wuzi-testbrain").to_string()];
    cmd.extend(args.iter().map(|s| s.to_string()));
    EngineSpec {
        name: name.into(),
        cmd,
        ..EngineSpec::default()
    }
}

/// Two games (one opening, colours swapped) between a good brain and `bad`.
fn config(bad: &[&str]) -> MatchConfig {
    MatchConfig {
        engines: vec![brain("good", &[]), brain("bad", bad)],
        games: 2,
        concurrency: 1,
        openings: vec![vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(6, 8)]],
        game: GameConfig {
            tc: TimeControl {
                turn_ms: Some(3000),
                match_ms: None,
                inc_ms: 0,
            },
            tolerance_ms: 500,
            start_timeout_ms: 3000,
            grace_ms: 200,
            ..GameConfig::default()
        },
        ..MatchConfig::default()
    }
}

fn run(cfg: &MatchConfig) -> (Summary, Vec<GameRecord>) {
    let mut games = Vec::new();
    let s = tournament::run(cfg, |r, _| games.push(r.clone())).expect("match runs");
    (s, games)
}

/// Both games lost by `bad` with `kind`; the good brain never faulted.
fn assert_lost_twice(cfg: &MatchConfig, kind: Fault) -> Vec<GameRecord> {
    let (s, games) = run(cfg);
    assert_eq!(s.played, 2, "the match went on after the fault");
    assert_eq!(games.len(), 2);
    for g in &games {
        let bad = if g.players[0] == 1 {
            Color::Black
        } else {
            Color::White
        };
        assert_eq!(
            g.fault(),
            Some((bad, kind)),
            "game {}: {:?}",
            g.index,
            g.outcome
        );
        assert_eq!(g.score_of(0), Some(1.0));
    }
    assert_eq!(s.engines[1].faults, BTreeMap::from([(kind, 2)]));
    assert!(s.engines[0].faults.is_empty());
    assert_eq!(
        s.pair_wdl[0],
        Wdl {
            wins: 2,
            draws: 0,
            losses: 0
        }
    );
    games
}

#[test]
fn illegal_and_non_move_replies() {
    for (args, kind) in [
        (&["--fault", "occupied"][..], Fault::Occupied),
        (&["--fault", "offboard"], Fault::OffBoard),
        (&["--fault", "malformed"], Fault::Malformed),
        (&["--fault", "junk"], Fault::Junk),
        (&["--fault", "error"], Fault::ErrorReply),
        (&["--fault", "bad-ok"], Fault::Start),
    ] {
        let games = assert_lost_twice(&config(args), kind);
        // The bad brain faulted at its first move: only the opening (and, when it
        // played white second, nothing more) is on the board.
        for g in &games {
            assert!(g.moves.len() <= 4, "{args:?}: {} moves", g.moves.len());
        }
    }
}

#[test]
fn crash_mid_game_and_stderr() {
    let games = assert_lost_twice(&config(&["--fault", "crash", "--at", "3"]), Fault::Crash);
    for g in &games {
        // Two moves of the crashing brain stand, plus the good brain's replies.
        let bad_moves = g.moves[g.opening_len..]
            .iter()
            .enumerate()
            .filter(|(k, _)| (g.opening_len + k) % 2 == (g.players[1] == 1) as usize)
            .count();
        assert_eq!(bad_moves, 2, "{:?}", g.moves);
    }
    let games = assert_lost_twice(&config(&["--fault", "stderr", "--at", "2"]), Fault::Stderr);
    match &games[0].outcome.reason {
        Reason::Fault { detail, .. } => assert!(detail.contains("oops"), "{detail}"),
        r => panic!("{r:?}"),
    }
}

#[test]
fn time_losses_turn_and_match_clock() {
    // Never answers: the turn limit plus tolerance passes.
    let mut cfg = config(&["--fault", "timeout", "--at", "2"]);
    cfg.game.tc.turn_ms = Some(300);
    cfg.game.tolerance_ms = 100;
    let t0 = std::time::Instant::now();
    assert_lost_twice(&cfg, Fault::TimeTurn);
    assert!(t0.elapsed().as_secs_f64() < 10.0, "deadline enforced");

    // 150 ms a move against a 1 s match clock: the clock runs out after a few moves.
    let mut cfg = config(&["--delay", "150"]);
    cfg.game.tc = TimeControl {
        turn_ms: None,
        match_ms: Some(1000),
        inc_ms: 0,
    };
    cfg.game.tolerance_ms = 100;
    let games = assert_lost_twice(&cfg, Fault::TimeMatch);
    for g in &games {
        let n = g.moves.len() - g.opening_len;
        assert!((10..=20).contains(&n), "lost after {n} plies");
    }
}

#[test]
fn start_and_about_deadlines() {
    for (args, kind) in [
        (&["--fault", "no-ok"][..], Fault::Start),
        (&["--fault", "about-silent"], Fault::About),
    ] {
        let mut cfg = config(args);
        cfg.game.start_timeout_ms = 300;
        let games = assert_lost_twice(&cfg, kind);
        for g in &games {
            assert_eq!(g.moves.len(), g.opening_len, "no move was played");
        }
    }
}

#[test]
fn line_ends_messages_and_memory() {
    // CR LF replies: fine by default (Piskvork), a loss with --strict-lf (liskvork).
    let (s, games) = run(&config(&["--crlf"]));
    assert_eq!(s.fault_count(), 0);
    assert!(games.iter().all(|g| g.outcome.reason == Reason::Five));
    let mut strict = config(&["--crlf"]);
    strict.game.strict_lf = true;
    assert_lost_twice(&strict, Fault::CrLf);
    // MESSAGE, DEBUG and empty lines before the move are skipped; the message is kept.
    let (s, games) = run(&config(&["--chatty"]));
    assert_eq!(s.fault_count(), 0);
    let bad_move = games[0]
        .moves
        .iter()
        .find(|m| m.message.is_some())
        .expect("a move with a message");
    assert_eq!(bad_move.message.as_deref(), Some("thinking hard"));
    // A memory limit below any process's size (Linux only: the check reads /proc).
    if std::path::Path::new("/proc/self/status").exists() {
        let mut cfg = config(&[]);
        cfg.game.max_memory = 4096;
        let (s, _) = run(&cfg);
        assert_eq!(s.played, 2);
        let faults: u32 = s
            .engines
            .iter()
            .map(|e| e.faults.get(&Fault::Memory).copied().unwrap_or(0))
            .sum();
        assert_eq!(faults, 2, "{:?}", s.engines);
    }
}

/// A brain that races on its input (`--racy`, as Rapfi 0.43 does: a line that arrives
/// as it finishes loses its first word) loses when the runner writes right after its
/// output: START, sent just after the ABOUT reply, reads as "15" and gets an error
/// reply (c-gomoku-cli saw that from Rapfi); paced (`pace=`), it plays both games
/// without a fault, and
/// its clock starts when the held line is sent: each hold is longer than the turn
/// limit plus tolerance, so a clock started before it would lose every move on time.
#[test]
fn a_racy_brain_plays_clean_games_when_paced() {
    let racy = config(&["--racy", "40"]);
    let games = assert_lost_twice(&racy, Fault::Start);
    for g in &games {
        let why = format!("{:?}", g.outcome);
        assert!(why.contains("ERROR Unknown command: 15"), "{why}");
    }

    let mut paced = config(&["--racy", "40"]);
    paced.engines[1].pace_ms = 250;
    paced.game.tc.turn_ms = Some(100);
    paced.game.tolerance_ms = 50;
    paced.game.max_stones = Some(16);
    let (s, games) = run(&paced);
    assert_eq!(s.played, 2);
    for g in &games {
        assert_eq!(g.fault(), None, "game {}: {:?}", g.index, g.outcome);
        assert!(g.moves.len() >= 16, "game {} played on", g.index);
    }
    assert!(s.engines.iter().all(|e| e.faults.is_empty()));
}
