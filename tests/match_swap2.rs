//! The match runner's Swap2 mode: whole games between two Wuzi processes whose opening
//! is decided by SWAP2BOARD exchanges, and the colour choices tallied.

use wuzi::arena::engine::{EngineSpec, Log};
use wuzi::arena::game::{GameConfig, Swap2Choice, TimeControl};
use wuzi::arena::tournament::{self, MatchConfig};
use wuzi::types::Color;

const WUZI: &str = env!("CARGO_BIN_EXE_pbrain-wuzi");

fn spec(name: &str) -> EngineSpec {
    EngineSpec {
        name: name.into(),
        cmd: vec![WUZI.to_string()],
        ..EngineSpec::default()
    }
}

/// Four Swap2 games at 40 ms a move (drawn at 50 stones to keep them short): no fault,
/// every opening decided by one of the four ways with the stones that way places, the
/// colours following the choice, the tally in the summary and the report, and after
/// the opening each brain's first move command sends the whole position.
#[test]
fn swap2_games_between_two_wuzi_processes() {
    let path = std::env::temp_dir().join(format!("wuzi-swap2-{}.log", std::process::id()));
    let log: Log =
        std::sync::Arc::new(std::sync::Mutex::new(std::fs::File::create(&path).unwrap()));
    let cfg = MatchConfig {
        engines: vec![spec("a"), spec("b")],
        games: 4,
        concurrency: 1,
        game: GameConfig {
            tc: TimeControl {
                turn_ms: Some(40),
                match_ms: None,
                inc_ms: 0,
            },
            tolerance_ms: 1000,
            grace_ms: 500,
            max_stones: Some(50),
            max_memory: 64 << 20,
            swap2: true,
            log: Some(log),
            ..GameConfig::default()
        },
        ..MatchConfig::default()
    };
    let mut games = Vec::new();
    let s = tournament::run(&cfg, |r, _| games.push(r.clone())).expect("the match runs");
    let text = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(games.len(), 4);
    let (_, jobs) = tournament::schedule(2, cfg.mode, cfg.games, 0);
    assert_eq!(
        s.fault_count(),
        0,
        "{:?}",
        games
            .iter()
            .map(|g| g.outcome.describe())
            .collect::<Vec<_>>()
    );
    for g in &games {
        let choice = g
            .swap2
            .unwrap_or_else(|| panic!("game {}: no Swap2 choice", g.index));
        let stones = match choice {
            Swap2Choice::SecondSwap => 3,
            Swap2Choice::SecondWhite => 4,
            Swap2Choice::FirstSwap => 5,
            Swap2Choice::FirstWhite => 6,
        };
        assert_eq!(g.opening_len, stones, "game {}: {choice:?}", g.index);
        assert!(g.moves[..stones].iter().all(|m| m.ms.is_none()));
        assert!(
            g.moves.len() > stones,
            "game {}: no move after the opening",
            g.index
        );
        // The scheduled black is the first player; who is black now follows the
        // choice.
        let first = jobs[g.index].players[0];
        let first_black = g.players[Color::Black.index()] == first;
        assert_eq!(
            first_black,
            choice.first_is_black(),
            "game {}: {choice:?}, first player {first}, players {:?}",
            g.index,
            g.players
        );
        println!(
            "game {}: {} ({} stones), {}",
            g.index + 1,
            choice.name(),
            stones,
            g.outcome.describe()
        );
    }
    assert_eq!(s.swap2.iter().sum::<u32>(), 4);
    // The exchanges as the log shows them: the empty board, then three stones.
    assert!(text.contains("> SWAP2BOARD"), "no SWAP2BOARD in the log");
    let report = wuzi::arena::report::report(&cfg, &s);
    assert!(
        report.contains("Swap2 choices: second player white "),
        "{report}"
    );
}

/// A brain that does not know SWAP2BOARD (the test brain answers `UNKNOWN`) loses by
/// a fault at its first Swap2 question, as first player or as second; the opening
/// then has no choice.
#[test]
fn a_brain_without_swap2_loses_by_a_fault() {
    let mut testbrain = spec("t");
    testbrain.cmd = vec![env!("CARGO_BIN_EXE_wuzi-testbrain").to_string()];
    let cfg = MatchConfig {
        engines: vec![spec("w"), testbrain],
        games: 2,
        concurrency: 1,
        game: GameConfig {
            tc: TimeControl {
                turn_ms: Some(100),
                match_ms: None,
                inc_ms: 0,
            },
            grace_ms: 300,
            max_memory: 64 << 20,
            swap2: true,
            ..GameConfig::default()
        },
        ..MatchConfig::default()
    };
    let mut games = Vec::new();
    let s = tournament::run(&cfg, |r, _| games.push(r.clone())).expect("the match runs");
    assert_eq!(games.len(), 2);
    for g in &games {
        let (c, f) = g
            .fault()
            .unwrap_or_else(|| panic!("{}", g.outcome.describe()));
        assert_eq!(g.players[c.index()], 1, "{}", g.outcome.describe());
        assert_eq!(f.name(), "error-reply", "{}", g.outcome.describe());
        assert_eq!(g.swap2, None);
    }
    assert_eq!(s.engines[1].faults.values().sum::<u32>(), 2);
    assert_eq!(s.swap2, [0; 4]);
}
