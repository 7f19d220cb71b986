//! The match runner end to end: protocol styles, process reuse, boards and rules, draws,
//! records, a real match with Wuzi, the SPRT's early stop, and the `wuzi-match` binary's
//! exit status.

use std::process::Command;
use wuzi::arena::engine::{EngineSpec, Log};
use wuzi::arena::game::{GameConfig, GameRecord, Reason, Style, TimeControl};
use wuzi::arena::judge::{Judge, Verdict};
use wuzi::arena::stats::{Model, Sprt, SprtState};
use wuzi::arena::tournament::{self, MatchConfig, Summary};
use wuzi::types::{Color, Pos, Rule};

const TESTBRAIN: &str = env!("CARGO_BIN_EXE_wuzi-testbrain");
const WUZI: &str = env!("CARGO_BIN_EXE_pbrain-wuzi");
const MATCH: &str = env!("CARGO_BIN_EXE_wuzi-match");

fn spec(name: &str, cmd: &[&str]) -> EngineSpec {
    EngineSpec {
        name: name.into(),
        cmd: cmd.iter().map(|s| s.to_string()).collect(),
        ..EngineSpec::default()
    }
}

fn config() -> MatchConfig {
    MatchConfig {
        engines: vec![spec("a", &[TESTBRAIN]), spec("b", &[TESTBRAIN])],
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
            grace_ms: 300,
            ..GameConfig::default()
        },
        ..MatchConfig::default()
    }
}

fn run(cfg: &MatchConfig) -> (Summary, Vec<GameRecord>) {
    let mut games = Vec::new();
    let s = tournament::run(cfg, |r, _| games.push(r.clone())).expect("match runs");
    games.sort_by_key(|g| g.index);
    (s, games)
}

/// Runs with a protocol log and returns the log text too.
fn run_logged(cfg: &mut MatchConfig, name: &str) -> (Summary, Vec<GameRecord>, String) {
    let path =
        std::env::temp_dir().join(format!("wuzi-match-test-{}-{name}.log", std::process::id()));
    let file = std::fs::File::create(&path).unwrap();
    let log: Log = std::sync::Arc::new(std::sync::Mutex::new(file));
    cfg.game.log = Some(log);
    let (s, g) = run(cfg);
    let text = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    (s, g, text)
}

/// The log's lines from one direction (">" sent, "<" received), without the timestamps.
fn sent(log: &str, dir: &str) -> Vec<String> {
    log.lines()
        .filter_map(|l| {
            let mut it = l.split_whitespace();
            it.next()?;
            let rest: Vec<&str> = it.collect();
            // "g1 a > TEXT": label has two words.
            (rest.get(2) == Some(&dir)).then(|| rest[3..].join(" "))
        })
        .collect()
}

#[test]
fn styles_send_the_right_commands_and_agree() {
    let mut base = config();
    let (s, games, log) = run_logged(&mut base, "piskvork");
    assert_eq!(s.fault_count(), 0);
    let out = sent(&log, ">");
    // ABOUT first, START, the INFO set, then time_left and BOARD (three opening stones).
    assert_eq!(out[0], "ABOUT");
    assert_eq!(out[1], "START 15");
    assert_eq!(
        &out[2..7],
        [
            "INFO timeout_turn 3000",
            "INFO timeout_match 0",
            "INFO max_memory 367001600",
            "INFO game_type 1",
            "INFO rule 0"
        ]
    );
    assert!(out.iter().any(|l| l.starts_with("TURN ")));
    assert!(out.iter().any(|l| l == "BOARD"));
    assert!(out.iter().any(|l| l == "INFO time_left 2147483647"));
    assert!(out.iter().any(|l| l == "END"));
    assert!(!out.iter().any(|l| l == "BEGIN"));
    let points = |gs: &[GameRecord]| -> Vec<Vec<Pos>> {
        gs.iter()
            .map(|g| g.moves.iter().map(|m| m.pos).collect())
            .collect()
    };
    let moves = points(&games);

    // Always BOARD: no TURN at all, same games.
    let mut cfg = config();
    cfg.game.style = Style::AlwaysBoard;
    let (_, games, log) = run_logged(&mut cfg, "board");
    assert!(!sent(&log, ">").iter().any(|l| l.starts_with("TURN")));
    assert_eq!(points(&games), moves, "same games");

    // GomocupJudge: START and the INFO set go out before OK comes back.
    let mut cfg = config();
    cfg.game.style = Style::Judge;
    cfg.openings.clear();
    let (s, games, log) = run_logged(&mut cfg, "judge");
    assert_eq!(s.fault_count(), 0, "the late OK is ignored");
    let first_ok = log.lines().position(|l| l.ends_with("< OK")).unwrap();
    let info_rule = log
        .lines()
        .position(|l| l.ends_with("> INFO rule 0"))
        .unwrap();
    assert!(info_rule < first_ok, "INFO sent without waiting for OK");
    let out = sent(&log, ">");
    assert!(!out.iter().any(|l| l == "BEGIN"));
    let b = out.iter().position(|l| l == "BOARD").unwrap();
    assert_eq!(out[b + 1], "DONE", "empty board by BOARD");
    assert!(games.iter().all(|g| g.outcome.reason == Reason::Five));

    // Piskvork style without an opening starts with BEGIN.
    let mut cfg = config();
    cfg.openings.clear();
    let (_, _, log) = run_logged(&mut cfg, "begin");
    assert!(sent(&log, ">").iter().any(|l| l == "BEGIN"));
}

#[test]
fn processes_are_reused_or_fresh() {
    let abouts = |log: &str| sent(log, ">").iter().filter(|l| *l == "ABOUT").count();
    let mut cfg = config();
    cfg.games = 4;
    let (_, _, log) = run_logged(&mut cfg, "fresh");
    assert_eq!(abouts(&log), 8, "a new process per brain and game");
    let mut cfg = config();
    cfg.games = 4;
    cfg.reuse = true;
    let (s, fresh_games, log) = run_logged(&mut cfg, "reuse");
    assert_eq!(s.played, 4);
    assert_eq!(abouts(&log), 2, "one process per brain");
    assert_eq!(
        sent(&log, ">").iter().filter(|l| *l == "START 15").count(),
        8
    );
    assert!(fresh_games.iter().all(|g| g.outcome.reason == Reason::Five));
    // A brain that broke a rule is restarted for the next game.
    let mut cfg = config();
    cfg.games = 4;
    cfg.reuse = true;
    cfg.engines[1]
        .cmd
        .extend(["--fault".to_string(), "junk".to_string()]);
    let (s, _, log) = run_logged(&mut cfg, "reuse-fault");
    assert_eq!(s.engines[1].faults.values().sum::<u32>(), 4);
    assert_eq!(abouts(&log), 1 + 4);
}

#[test]
fn rectangular_boards_rules_and_draws() {
    let mut cfg = config();
    cfg.openings.clear();
    cfg.game.width = 20;
    cfg.game.height = 9;
    cfg.game.rule = Rule::Renju;
    let (s, games, log) = run_logged(&mut cfg, "rect");
    let out = sent(&log, ">");
    assert!(out.contains(&"RECTSTART 20,9".to_string()));
    assert!(out.contains(&"INFO rule 4".to_string()));
    assert_eq!(s.played, 2);
    // Replay each game: the referee agrees with the recorded end.
    for g in &games {
        let mut j = Judge::new(20, 9, Rule::Renju, None);
        let mut last = Verdict::Continue;
        for m in &g.moves {
            assert_eq!(last, Verdict::Continue);
            last = j.play(m.pos).unwrap();
        }
        match (&g.outcome.reason, last) {
            (Reason::Five, Verdict::Win(c, _)) | (Reason::Foul, Verdict::Win(c, _)) => {
                assert_eq!(g.outcome.winner, Some(c))
            }
            other => panic!("{other:?}"),
        }
    }
    // The move limit.
    let mut cfg = config();
    cfg.game.max_stones = Some(12);
    let (s, games) = run(&cfg);
    assert_eq!(s.ends.move_limit, 2);
    assert!(games
        .iter()
        .all(|g| g.moves.len() == 12 && g.outcome.winner.is_none()));
    assert_eq!(s.pair_wdl[0].draws, 2);
}

#[test]
fn wuzi_wins_and_the_sprt_stops_early() {
    let mut cfg = config();
    cfg.engines = vec![spec("wuzi", &[WUZI]), spec("scan", &[TESTBRAIN])];
    cfg.game.tc.turn_ms = Some(200);
    cfg.games = 30;
    cfg.sprt = Some(Sprt {
        elo0: 0.0,
        elo1: 200.0,
        alpha: 0.05,
        beta: 0.05,
        model: Model::Pentanomial,
    });
    let (s, games) = run(&cfg);
    assert_eq!(s.fault_count(), 0, "{:?}", s.engines);
    assert_eq!(s.sprt.map(|x| x.1), Some(SprtState::AcceptH1));
    assert!(s.stopped_early && s.played < 30, "played {}", s.played);
    assert_eq!(s.pair_wdl[0].wins as usize, s.played);
    // The test reads finished pairs, so it decides on a pair's end; a game the worker
    // had already started by then is still counted, but makes no pair.
    assert_eq!(s.pair_penta[0].counts, [0, 0, 0, 0, s.played as u32 / 2]);
    for g in &games {
        assert_eq!(g.outcome.reason, Reason::Five);
        let wuzi = if g.players[0] == 0 {
            Color::Black
        } else {
            Color::White
        };
        assert_eq!(g.outcome.winner, Some(wuzi));
        // Think times are recorded and within the limit.
        for m in &g.moves[g.opening_len..] {
            assert!(m.ms.unwrap() <= 200 + 500);
        }
    }
    assert!(s.engines[0].moves > 0 && s.engines[0].max_ms <= 700);
}

#[test]
fn the_binary_writes_records_and_sets_its_exit_status() {
    let dir = std::env::temp_dir().join(format!("wuzi-match-bin-{}", std::process::id()));
    let psq = dir.join("psq");
    let sgf = dir.join("games.sgf");
    let out = Command::new(MATCH)
        .args(["-engine", &format!("cmd={TESTBRAIN}"), "-engine"])
        .arg(format!("cmd={TESTBRAIN} --name other"))
        .args(["-games", "2", "-tc", "turn=5s", "-quiet", "-psq"])
        .arg(&psq)
        .arg("-sgf")
        .arg(&sgf)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Names from ABOUT, made unique.
    assert!(stdout.contains("testbrain 1 vs other 1"), "{stdout}");
    assert!(stdout.contains("Losses by fault:"), "{stdout}");
    let mut files: Vec<_> = std::fs::read_dir(&psq)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 2);
    // The PSQ reads the way Piskvork's openPsq reads it, and replays to a five.
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Piskvorky 15x15, 7:7, 0");
    let mut judge = Judge::new(15, 15, Rule::Freestyle, None);
    let mut k = 1;
    let mut last = Verdict::Continue;
    while let Some(f) = lines[k]
        .split(',')
        .map(|t| t.parse::<i64>().ok())
        .collect::<Option<Vec<_>>>()
    {
        assert_eq!(f.len(), 3);
        let p = Pos::new(f[0] as u8 - 1, f[1] as u8 - 1);
        last = judge.play(p).unwrap();
        k += 1;
    }
    assert!(matches!(last, Verdict::Win(..)));
    assert_eq!(&lines[k..], ["testbrain 1", "other 1", "0"]);
    let sgf_text = std::fs::read_to_string(&sgf).unwrap();
    assert_eq!(sgf_text.matches("(;FF[4]GM[4]").count(), 2);

    // A fault: status 4.
    let out = Command::new(MATCH)
        .args(["-engine", &format!("cmd={TESTBRAIN}"), "name=a", "-engine"])
        .arg(format!("cmd={TESTBRAIN} --fault junk"))
        .args(["name=b", "-games", "2", "-quiet", "-tc", "turn=2s"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("junk 2"), "{stdout}");
    // Usage and runner errors.
    let out = Command::new(MATCH)
        .args(["-engine", "cmd=x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = Command::new(MATCH)
        .args([
            "-engine",
            "cmd=/nonexistent/brain",
            "-engine",
            &format!("cmd={TESTBRAIN}"),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5));
    let _ = std::fs::remove_dir_all(&dir);
}
