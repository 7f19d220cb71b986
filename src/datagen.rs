//! Training data from self-play (`wuzi-datagen`): games Wuzi plays against itself at a
//! fixed node budget from varied balanced openings, one compact record a game.
//!
//! A game starts from a shipped opening of its rule and size (README "Matches") under
//! a random one of the square's eight symmetries, then `random_plies` random moves
//! near the stones (both kept as the game's set-up); from there each move is the
//! search's best at `nodes` nodes, recorded with its score and depth. Everything is
//! drawn from one generator seeded by (seed, game number), so a run is reproducible
//! and a worker resumes an interrupted file at its first incomplete game. The format
//! is in [`write_game`]; [`read_games`] reads it back.

use crate::arena::judge::{Judge, Verdict};
use crate::arena::openings;
use crate::search::{Limits, Searcher};
use crate::types::{Color, Pos, Rng, Rule};
use anyhow::{bail, Context, Result};
use std::io::{Read, Write};
use std::sync::atomic::AtomicBool;

/// The file header: magic and format version.
pub const MAGIC: &[u8; 4] = b"WZG1";

/// Scores are stored clamped to this (a proven result keeps its sign and distance).
const SCORE_CAP: i32 = i16::MAX as i32;

/// One self-play game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameData {
    pub rule: Rule,
    pub width: u8,
    pub height: u8,
    /// 1 black won, 0 draw, -1 white won.
    pub result: i8,
    /// The set-up stones, black first, colours alternating.
    pub setup: Vec<Pos>,
    /// The searched moves after the set-up.
    pub moves: Vec<MoveData>,
}

/// One searched move: the point played (the search's best), its score from the mover's
/// view, and the depth of the last finished iteration (0: forced or an instant win).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveData {
    pub pos: Pos,
    pub score: i16,
    pub depth: u8,
}

/// Writes one game record (all numbers little-endian):
///
/// ```text
/// u8 rule (Gomocup code)  u8 width  u8 height  i8 result (black's view)
/// u8 set-up stones S      u16 searched moves M
/// S x (u8 x, u8 y)        M x (u8 x, u8 y, i16 score, u8 depth)
/// ```
///
/// A file is [`MAGIC`] and then records; a game of 40 moves takes about 210 bytes.
pub fn write_game(out: &mut impl Write, g: &GameData) -> std::io::Result<()> {
    let mut b = Vec::with_capacity(7 + 2 * g.setup.len() + 5 * g.moves.len());
    b.extend_from_slice(&[g.rule.code() as u8, g.width, g.height, g.result as u8]);
    b.push(g.setup.len() as u8);
    b.extend_from_slice(&(g.moves.len() as u16).to_le_bytes());
    for p in &g.setup {
        b.extend_from_slice(&[p.x, p.y]);
    }
    for m in &g.moves {
        b.extend_from_slice(&[m.pos.x, m.pos.y]);
        b.extend_from_slice(&m.score.to_le_bytes());
        b.push(m.depth);
    }
    out.write_all(&b)
}

/// Reads the records of a file's bytes (after checking its header); a trailing
/// incomplete record (an interrupted write) is left out. Also returns how many bytes
/// the complete records take, header included.
pub fn read_games(bytes: &[u8]) -> Result<(Vec<GameData>, usize)> {
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        bail!(
            "not a wuzi-datagen file (no {:?} header)",
            std::str::from_utf8(MAGIC)
        );
    }
    let mut at = MAGIC.len();
    let mut games = Vec::new();
    while let Some((g, next)) = read_game(bytes, at)? {
        games.push(g);
        at = next;
    }
    Ok((games, at))
}

/// The record at `at`, and where the next one starts; `None` if it is incomplete.
fn read_game(b: &[u8], at: usize) -> Result<Option<(GameData, usize)>> {
    if b.len() < at + 7 {
        return Ok(None);
    }
    let h = &b[at..at + 7];
    let rule = match h[0] {
        0 | 1 | 4 | 8 | 9 => Rule::from_info(h[0] as i64),
        r => bail!("bad rule {r} in the record at byte {at}"),
    };
    let (setup_n, moves_n) = (h[4] as usize, u16::from_le_bytes([h[5], h[6]]) as usize);
    let end = at + 7 + 2 * setup_n + 5 * moves_n;
    if b.len() < end {
        return Ok(None);
    }
    let mut p = at + 7;
    let mut setup = Vec::with_capacity(setup_n);
    for _ in 0..setup_n {
        setup.push(Pos::new(b[p], b[p + 1]));
        p += 2;
    }
    let mut moves = Vec::with_capacity(moves_n);
    for _ in 0..moves_n {
        moves.push(MoveData {
            pos: Pos::new(b[p], b[p + 1]),
            score: i16::from_le_bytes([b[p + 2], b[p + 3]]),
            depth: b[p + 4],
        });
        p += 5;
    }
    let g = GameData {
        rule,
        width: h[1],
        height: h[2],
        result: h[3] as i8,
        setup,
        moves,
    };
    Ok(Some((g, end)))
}

/// What one run makes.
#[derive(Clone, Debug)]
pub struct GenConfig {
    /// The rules and board sizes a game's are drawn from.
    pub rules: Vec<Rule>,
    pub sizes: Vec<usize>,
    /// Nodes a move.
    pub nodes: u64,
    /// Random moves after the shipped opening (0 to this many).
    pub random_plies: usize,
    pub seed: u64,
}

/// The generator of game `index` of a run seeded `seed`.
fn game_rng(seed: u64, index: u64) -> Rng {
    let mut r = Rng(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
    r.next_u64();
    r
}

/// Plays game `index` of the run `cfg` with `searcher`.
pub fn play_game(cfg: &GenConfig, index: u64, searcher: &mut Searcher) -> Result<GameData> {
    let mut rng = game_rng(cfg.seed, index);
    let rule = cfg.rules[rng.below(cfg.rules.len() as u64) as usize];
    let size = cfg.sizes[rng.below(cfg.sizes.len() as u64) as usize];
    let text = openings::builtin(size, size, rule)
        .with_context(|| format!("no shipped openings for {size}x{size}"))?;
    let set = openings::load(text, openings::Format::Offset, size, size, rule)?;
    let opening = &set[rng.below(set.len() as u64) as usize];
    let sym = rng.below(8) as u8;
    let mut judge = Judge::new(size, size, rule, None);
    let mut setup = Vec::new();
    for &p in opening {
        let q = symmetric(sym, p, size);
        judge
            .play(q)
            .map_err(|e| anyhow::anyhow!("opening stone {q}: {e}"))?;
        setup.push(q);
    }
    let mut result = None;
    for _ in 0..rng.below(cfg.random_plies as u64 + 1) {
        let Some(q) = random_near(&judge, &mut rng) else {
            break;
        };
        match judge.play(q) {
            Ok(Verdict::Continue) => setup.push(q),
            _ => break,
        }
    }
    searcher.new_game();
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(cfg.nodes),
        ..Limits::depth(crate::search::MAX_PLY as i32)
    };
    let mut moves = Vec::new();
    while result.is_none() {
        let Some(r) = searcher.search(judge.board(), &limits, &stop) else {
            result = Some(0);
            break;
        };
        moves.push(MoveData {
            pos: r.best,
            score: r.score.clamp(-SCORE_CAP, SCORE_CAP) as i16,
            depth: r.depth.clamp(0, 255) as u8,
        });
        result = match judge.play(r.best) {
            Ok(Verdict::Continue) => None,
            Ok(Verdict::Win(c, _)) => Some(if c == Color::Black { 1 } else { -1 }),
            Ok(Verdict::Draw(_)) => Some(0),
            // Only a lost side answers a taken point (every move loses): it lost.
            Err(_) => Some(if judge.to_move() == Color::Black {
                -1
            } else {
                1
            }),
        };
    }
    Ok(GameData {
        rule,
        width: size as u8,
        height: size as u8,
        result: result.unwrap_or(0),
        setup,
        moves,
    })
}

/// Point `p` of a `size` board under the `k`-th symmetry of the square.
fn symmetric(k: u8, p: Pos, size: usize) -> Pos {
    let n = size as u8 - 1;
    let (x, y) = if k & 4 != 0 { (p.y, p.x) } else { (p.x, p.y) };
    let x = if k & 1 != 0 { n - x } else { x };
    let y = if k & 2 != 0 { n - y } else { y };
    Pos::new(x, y)
}

/// A random legal empty point within two of a stone (one of the board's candidates),
/// if any.
fn random_near(judge: &Judge, rng: &mut Rng) -> Option<Pos> {
    let b = judge.board();
    let points: Vec<Pos> = b
        .candidates()
        .iter()
        .map(|i| b.pos(i))
        .filter(|&p| b.is_legal(p))
        .collect();
    (!points.is_empty()).then(|| points[rng.below(points.len() as u64) as usize])
}

/// Resumes (or starts) worker `worker` of `workers` writing to `path`: its games are
/// the run's games `worker`, `worker + workers`, ... up to `games`; the file's complete
/// records count as done. `progress(done, positions)` is called after each game.
pub fn run_worker(
    cfg: &GenConfig,
    path: &std::path::Path,
    worker: u64,
    workers: u64,
    games: u64,
    mut progress: impl FnMut(u64, u64),
) -> Result<()> {
    let mut done = 0u64;
    let mut positions = 0u64;
    if path.exists() {
        let mut bytes = Vec::new();
        std::fs::File::open(path)?.read_to_end(&mut bytes)?;
        let (old, valid) = read_games(&bytes).with_context(|| path.display().to_string())?;
        done = old.len() as u64;
        positions = old.iter().map(|g| g.moves.len() as u64).sum();
        let f = std::fs::OpenOptions::new().write(true).open(path)?;
        f.set_len(valid as u64)?;
    } else {
        std::fs::write(path, MAGIC)?;
    }
    progress(done, positions);
    let mut out = std::fs::OpenOptions::new().append(true).open(path)?;
    let mut searcher = Searcher::new(16 << 20);
    let mine = games.saturating_sub(worker).div_ceil(workers);
    while done < mine {
        let g = play_game(cfg, worker + done * workers, &mut searcher)?;
        write_game(&mut out, &g)?;
        out.flush()?;
        done += 1;
        positions += g.moves.len() as u64;
        progress(done, positions);
    }
    Ok(())
}
