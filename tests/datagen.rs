//! Self-play training data (`wuzi::datagen`): records read back as written, games are
//! legal and their results true, a run is the same for the same seed, and an
//! interrupted file resumes at its first incomplete game.

use wuzi::arena::judge::{Judge, Verdict};
use wuzi::datagen::{play_game, read_games, run_worker, write_game, GameData, GenConfig, MAGIC};
use wuzi::search::Searcher;
use wuzi::types::{Color, Rule};

fn config(rules: &[Rule], sizes: &[usize]) -> GenConfig {
    GenConfig {
        rules: rules.to_vec(),
        sizes: sizes.to_vec(),
        nodes: 3000,
        random_plies: 2,
        seed: 7,
    }
}

/// Replays a record: every set-up stone and move is legal, the game ends exactly at the
/// last move (or is lost by the side that had no legal answer), and the stored result
/// is the judge's.
fn check_game(g: &GameData) {
    let (w, h) = (g.width as usize, g.height as usize);
    let mut judge = Judge::new(w, h, g.rule, None);
    for &p in &g.setup {
        assert_eq!(judge.play(p), Ok(Verdict::Continue), "set-up stone {p}");
    }
    let mut end = None;
    for (k, m) in g.moves.iter().enumerate() {
        assert!(end.is_none(), "a move after the end");
        let mover = judge.to_move();
        match judge.play(m.pos) {
            Ok(Verdict::Continue) => {}
            Ok(Verdict::Win(c, _)) => end = Some(if c == Color::Black { 1 } else { -1 }),
            Ok(Verdict::Draw(_)) => end = Some(0),
            Err(_) => {
                // Only a side that is lost answers a taken point.
                assert_eq!(k + 1, g.moves.len());
                end = Some(if mover == Color::Black { -1 } else { 1 });
            }
        }
    }
    assert_eq!(
        end,
        Some(g.result as i32),
        "the stored result is the game's"
    );
}

#[test]
fn records_read_back_as_written_and_games_are_legal() {
    let cfg = config(
        &[Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro],
        &[15, 20],
    );
    let mut s = Searcher::new(4 << 20);
    let games: Vec<GameData> = (0..6)
        .map(|i| play_game(&cfg, i, &mut s).unwrap())
        .collect();
    let mut bytes = MAGIC.to_vec();
    for g in &games {
        check_game(g);
        assert!(!g.moves.is_empty());
        write_game(&mut bytes, g).unwrap();
    }
    let (back, used) = read_games(&bytes).unwrap();
    assert_eq!(back, games);
    assert_eq!(used, bytes.len());
    // A cut anywhere inside the last record leaves the others.
    let (cut, used) = read_games(&bytes[..bytes.len() - 3]).unwrap();
    assert_eq!(cut, games[..5].to_vec());
    assert!(used < bytes.len() - 3);
    assert!(read_games(b"nope").is_err());
}

#[test]
fn a_run_is_reproducible_and_resumes_where_it_stopped() {
    let cfg = config(&[Rule::Freestyle, Rule::Renju], &[15]);
    let dir = std::env::temp_dir().join(format!("wuzi-datagen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("a.wzg"), dir.join("b.wzg"));
    let _ = std::fs::remove_file(&a);
    let _ = std::fs::remove_file(&b);
    // One go: worker 1 of 2 makes games 1, 3, 5 of 6.
    run_worker(&cfg, &a, 1, 2, 6, |_, _| {}).unwrap();
    let whole = std::fs::read(&a).unwrap();
    let (games, _) = read_games(&whole).unwrap();
    assert_eq!(games.len(), 3);
    let mut s = Searcher::new(16 << 20);
    assert_eq!(
        games[1],
        play_game(&cfg, 3, &mut s).unwrap(),
        "game 3 of the run"
    );
    // Interrupted in the middle of its second game, then resumed: the same file.
    let (first, _) = read_games(&whole).unwrap();
    let mut partial = MAGIC.to_vec();
    write_game(&mut partial, &first[0]).unwrap();
    let mut second = Vec::new();
    write_game(&mut second, &first[1]).unwrap();
    partial.extend_from_slice(&second[..second.len() / 2]);
    std::fs::write(&b, &partial).unwrap();
    let mut seen = Vec::new();
    run_worker(&cfg, &b, 1, 2, 6, |g, _| seen.push(g)).unwrap();
    assert_eq!(seen, vec![1, 2, 3], "resumed after the one complete game");
    assert_eq!(std::fs::read(&b).unwrap(), whole);
    let _ = std::fs::remove_dir_all(&dir);
}
