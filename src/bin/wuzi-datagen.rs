//! `wuzi-datagen`: self-play training data (see `wuzi::datagen`).
//!
//! ```text
//! wuzi-datagen out=DIR [games=1000] [workers=2] [nodes=20000] [rules=0,1,4,8]
//!              [sizes=15,20] [random=2] [seed=1]
//! ```
//!
//! Worker k writes `DIR/w<k>.wzg` (threads, one search each); `DIR/run.txt` keeps the
//! settings, and a run started again with the same ones resumes where its files end (a
//! larger `games=` extends it). Progress with an ETA goes to stderr every ten seconds.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use wuzi::datagen::{run_worker, GenConfig};
use wuzi::types::Rule;

fn main() {
    if let Err(e) = run() {
        eprintln!("wuzi-datagen: {e:#}");
        std::process::exit(1);
    }
}

fn run() -> anyhow::Result<()> {
    let mut out = None;
    let (mut games, mut workers) = (1000u64, 2u64);
    let mut cfg = GenConfig {
        rules: vec![Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro],
        sizes: vec![15, 20],
        nodes: 20_000,
        random_plies: 2,
        seed: 1,
    };
    for a in std::env::args().skip(1) {
        let (k, v) = a
            .split_once('=')
            .ok_or_else(|| anyhow::anyhow!("expected key=value, got '{a}'"))?;
        let num = || v.parse::<u64>().map_err(|_| anyhow::anyhow!("bad {k}={v}"));
        match k {
            "out" => out = Some(PathBuf::from(v)),
            "games" => games = num()?,
            "workers" => workers = num()?.clamp(1, 64),
            "nodes" => cfg.nodes = num()?.max(1),
            "random" => cfg.random_plies = num()? as usize,
            "seed" => cfg.seed = num()?,
            "rules" => {
                cfg.rules = v
                    .split(',')
                    .map(|r| match r.trim().parse::<i64>() {
                        Ok(c @ (0 | 1 | 4 | 8 | 9)) => Ok(Rule::from_info(c)),
                        _ => Err(anyhow::anyhow!("bad rule '{r}' (0, 1, 4, 8 or 9)")),
                    })
                    .collect::<anyhow::Result<_>>()?
            }
            "sizes" => {
                cfg.sizes = v
                    .split(',')
                    .map(|s| match s.trim().parse::<usize>() {
                        Ok(n @ (15 | 20)) => Ok(n),
                        _ => Err(anyhow::anyhow!(
                            "bad size '{s}' (15 or 20: the shipped openings)"
                        )),
                    })
                    .collect::<anyhow::Result<_>>()?
            }
            _ => anyhow::bail!("unknown key '{k}'"),
        }
    }
    let out = out.ok_or_else(|| anyhow::anyhow!("out=DIR is needed"))?;
    std::fs::create_dir_all(&out)?;
    let settings = format!(
        "rules={:?} sizes={:?} nodes={} random={} seed={} workers={workers}\n",
        cfg.rules.iter().map(|r| r.code()).collect::<Vec<_>>(),
        cfg.sizes,
        cfg.nodes,
        cfg.random_plies,
        cfg.seed
    );
    let run_file = out.join("run.txt");
    match std::fs::read_to_string(&run_file) {
        Ok(old) if old != settings => anyhow::bail!(
            "{} was made with other settings ({}): use another out=",
            out.display(),
            old.trim()
        ),
        _ => std::fs::write(&run_file, &settings)?,
    }
    let done: Arc<Vec<AtomicU64>> = Arc::new((0..2 * workers).map(|_| AtomicU64::new(0)).collect());
    let handles: Vec<_> = (0..workers)
        .map(|k| {
            let (cfg, done) = (cfg.clone(), Arc::clone(&done));
            let path = out.join(format!("w{k}.wzg"));
            std::thread::spawn(move || {
                run_worker(&cfg, &path, k, workers, games, |g, p| {
                    done[2 * k as usize].store(g, Ordering::Relaxed);
                    done[2 * k as usize + 1].store(p, Ordering::Relaxed);
                })
            })
        })
        .collect();
    let start = Instant::now();
    let total = |i: usize| {
        (0..workers as usize)
            .map(|k| done[2 * k + i].load(Ordering::Relaxed))
            .sum::<u64>()
    };
    let first = total(0);
    while handles.iter().any(|h| !h.is_finished()) {
        std::thread::sleep(Duration::from_millis(200));
        if start.elapsed().as_millis() % 10_000 < 200 {
            let (g, p) = (total(0), total(1));
            let rate = (g - first) as f64 / start.elapsed().as_secs_f64().max(1e-3);
            let eta = if rate > 0.0 {
                format!("{:.0} s", (games.saturating_sub(g)) as f64 / rate)
            } else {
                "-".into()
            };
            eprintln!(
                "{g}/{games} games, {p} positions, {:.1} games/min, ETA {eta}",
                rate * 60.0
            );
        }
    }
    for h in handles {
        h.join()
            .map_err(|_| anyhow::anyhow!("a worker panicked"))??;
    }
    eprintln!(
        "{}/{games} games, {} positions in {}",
        total(0),
        total(1),
        out.display()
    );
    Ok(())
}
