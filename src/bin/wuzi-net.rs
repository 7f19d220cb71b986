//! `wuzi-net`: the engine's side of the trainer (`trainer/`).
//!
//! ```text
//! wuzi-net check net=FILE samples=FILE [score_tol=0.01] [policy_tol=0.02]
//! wuzi-net accuracy net=FILE data=DIR [limit=N]
//! wuzi-net speed net=FILE
//! wuzi-net label data=DIR
//! ```
//!
//! `check` loads a weight file as the engine does, sets up each sample position the
//! trainer wrote (`trainer/train.py`, `write_samples`) and compares the engine's
//! quantised score and policy with the trainer's float ones. Scores are compared in
//! win-chance logits (score / scale), the policy in the trainer's units. It prints the
//! largest differences and fails when one is above its tolerance.
//!
//! `accuracy` judges the net against the classical evaluation on the held-out games of
//! a data folder (every 20th game of each file, as the trainer holds out), per rule:
//! the log loss of each one's win chance against the game's result (the classical
//! score read through the logistic scale that fits these positions best, the net
//! through its own), and how often the searched move is the best by one ply of each
//! evaluation, and the net's policy favourite.
//!
//! `label` writes, beside each `w<k>.wzg` of a data folder, `w<k>.cls`: b"WZC1", then
//! the classical evaluation (i16, the mover's view, as the search's leaves judge it) of
//! every searched position, game after game, which the net's head reads as an input.
//!
//! `speed` times one incremental update and one score on random 15x15 games, with the
//! CPU's best kernel (not a pass/fail test: run it on an idle machine).

use std::sync::Arc;
use wuzi::board::Board;
use wuzi::board::Cell;
use wuzi::eval::net::{Net, Weights};
use wuzi::eval::Evaluator;
use wuzi::search::Searcher;
use wuzi::types::{Color, Pos, Rule};

/// Units of the engine's policy per trainer unit: QE * QP.
const POLICY_UNIT: f32 = 1024.0 * 1024.0;

fn main() {
    match run() {
        Ok(true) => {}
        Ok(false) => std::process::exit(1),
        Err(e) => {
            eprintln!("wuzi-net: {e:#}");
            std::process::exit(2);
        }
    }
}

fn run() -> anyhow::Result<bool> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((cmd, rest)) = args.split_first() else {
        anyhow::bail!("usage: wuzi-net check net=FILE samples=FILE [score_tol=X] [policy_tol=X]");
    };
    if cmd == "speed" {
        let path = rest.iter().find_map(|a| a.strip_prefix("net="));
        let path = path.ok_or_else(|| anyhow::anyhow!("net=FILE is needed"))?;
        let weights = Arc::new(Weights::load(std::path::Path::new(path))?);
        let t = wuzi::eval::net::time_net(weights, Rule::Freestyle, 20000);
        println!(
            "kernel {:?}: {:.0} ns to apply a stone, {:.0} ns to take it back, {:.0} ns a score",
            wuzi::eval::net::detected(),
            t.apply,
            t.take_back,
            t.score
        );
        return Ok(true);
    }
    if cmd == "label" {
        let dir = rest.iter().find_map(|a| a.strip_prefix("data="));
        return label(dir.ok_or_else(|| anyhow::anyhow!("data=DIR is needed"))?).map(|()| true);
    }
    if cmd == "accuracy" {
        return accuracy(rest).map(|()| true);
    }
    anyhow::ensure!(cmd == "check", "unknown command '{cmd}'");
    let (mut net, mut samples) = (None, None);
    let (mut score_tol, mut policy_tol) = (0.01f32, 0.02f32);
    for a in rest {
        let (k, v) = key_value(a)?;
        match k {
            "net" => net = Some(v.to_string()),
            "samples" => samples = Some(v.to_string()),
            "score_tol" => score_tol = v.parse()?,
            "policy_tol" => policy_tol = v.parse()?,
            _ => anyhow::bail!("unknown key '{k}'"),
        }
    }
    let net = net.ok_or_else(|| anyhow::anyhow!("net=FILE is needed"))?;
    let samples = samples.ok_or_else(|| anyhow::anyhow!("samples=FILE is needed"))?;
    let weights = Arc::new(Weights::load(std::path::Path::new(&net))?);
    let text = std::fs::read_to_string(&samples)?;
    let searcher = Searcher::new(1 << 16);
    let (mut worst_score, mut worst_policy, mut n) = (0f32, 0f32, 0);
    for (line_no, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let (s, p) = compare(&weights, &searcher, line)
            .map_err(|e| anyhow::anyhow!("{samples} line {}: {e:#}", line_no + 1))?;
        worst_score = worst_score.max(s);
        worst_policy = worst_policy.max(p);
        n += 1;
    }
    println!(
        "{n} positions: largest score difference {worst_score:.4} (tolerance {score_tol}), \
         largest policy difference {worst_policy:.4} (tolerance {policy_tol})"
    );
    Ok(n > 0 && worst_score <= score_tol && worst_policy <= policy_tol)
}

/// An argument's key and value.
fn key_value(a: &str) -> anyhow::Result<(&str, &str)> {
    a.split_once('=')
        .ok_or_else(|| anyhow::anyhow!("expected key=value: '{a}'"))
}

/// The score difference (in logits) and largest policy difference of one sample.
fn compare(weights: &Arc<Weights>, searcher: &Searcher, line: &str) -> anyhow::Result<(f32, f32)> {
    let f: Vec<&str> = line.split_whitespace().collect();
    anyhow::ensure!(f.len() >= 6, "too few fields");
    let rule = Rule::from_info(f[0].parse()?);
    let (w, h): (usize, usize) = (f[1].parse()?, f[2].parse()?);
    let mut b = Board::new(w, h, rule);
    let cells = f[4].as_bytes();
    anyhow::ensure!(
        cells.len() == w * h && f.len() == 6 + w * h,
        "wrong board size"
    );
    for (k, &c) in cells.iter().enumerate() {
        let p = Pos::new((k % w) as u8, (k / w) as u8);
        match c {
            b'x' => b
                .place(p, Color::Black)
                .map_err(|e| anyhow::anyhow!("{e}"))?,
            b'o' => b
                .place(p, Color::White)
                .map_err(|e| anyhow::anyhow!("{e}"))?,
            _ => {}
        }
    }
    b.set_side_to_move(if f[3] == "b" {
        Color::Black
    } else {
        Color::White
    });
    let mut net = Net::new(weights.clone());
    net.prepare(&b, &searcher.eval_config_for(&b));
    anyhow::ensure!(net.active(), "no net for rule {}", f[0]);
    let want: f32 = f[5].parse()?;
    let score = (net.score_f32(&b) - want).abs() / weights.scale;
    let mut policy = 0f32;
    for (k, v) in f[6..].iter().enumerate() {
        if *v == "-" {
            continue;
        }
        let p = Pos::new((k % w) as u8, (k / w) as u8);
        policy = policy.max((net.policy_at(&b, p) as f32 / POLICY_UNIT - v.parse::<f32>()?).abs());
    }
    Ok((score, policy))
}

/// Held out by the trainer: every `HELD_OUT`th game of a file.
const HELD_OUT: usize = 20;

/// One rule's tallies: positions; log losses (classical at each trial scale, net);
/// one-ply agreements (classical, net) and policy agreements.
#[derive(Default)]
struct Tally {
    n: usize,
    classical: Vec<(f64, f64)>,
    net_loss: f64,
    agree: [usize; 3],
}

fn accuracy(args: &[String]) -> anyhow::Result<()> {
    let (mut net, mut data, mut limit) = (None, None, usize::MAX);
    for a in args {
        let (k, v) = key_value(a)?;
        match k {
            "net" => net = Some(v.to_string()),
            "data" => data = Some(v.to_string()),
            "limit" => limit = v.parse()?,
            _ => anyhow::bail!("unknown key '{k}'"),
        }
    }
    let net = net.ok_or_else(|| anyhow::anyhow!("net=FILE is needed"))?;
    let data = data.ok_or_else(|| anyhow::anyhow!("data=DIR is needed"))?;
    let weights = Arc::new(Weights::load(std::path::Path::new(&net))?);
    let files = data_files(&data)?;
    let scales: Vec<f64> = (0..60).map(|k| 50.0 * 1.08f64.powi(k)).collect();
    let mut tallies: std::collections::BTreeMap<u32, Tally> = Default::default();
    let mut searcher = Searcher::new(1 << 20);
    for path in files {
        let (games, _) = wuzi::datagen::read_games(&std::fs::read(&path)?)?;
        for g in games.iter().step_by(HELD_OUT) {
            let t = tallies.entry(g.rule.code()).or_default();
            if t.n >= limit {
                continue;
            }
            if t.classical.is_empty() {
                t.classical = scales.iter().map(|&s| (s, 0.0)).collect();
            }
            let mut b = Board::new(g.width as usize, g.height as usize, g.rule);
            for &p in &g.setup {
                b.play(p).map_err(|e| anyhow::anyhow!("{e}"))?;
            }
            for m in &g.moves {
                let black = b.side_to_move() == Color::Black;
                let result = match g.result {
                    0 => 0.5,
                    r if (r > 0) == black => 1.0,
                    _ => 0.0,
                };
                let c = searcher.static_eval(&b) as f64;
                for (s, loss) in &mut t.classical {
                    *loss += log_loss(1.0 / (1.0 + (-c / *s).exp()), result);
                }
                let mut n = Net::new(weights.clone());
                n.prepare(&b, &searcher.eval_config_for(&b));
                let e = n.score_f32(&b) as f64 / weights.scale as f64;
                t.net_loss += log_loss(1.0 / (1.0 + (-e).exp()), result);
                let [cl, nt, pol] = favourites(&b, &mut n, &mut searcher);
                t.agree[0] += (cl == Some(m.pos)) as usize;
                t.agree[1] += (nt == Some(m.pos)) as usize;
                t.agree[2] += (pol == Some(m.pos)) as usize;
                t.n += 1;
                b.play(m.pos).map_err(|e| anyhow::anyhow!("{e}"))?;
            }
        }
    }
    println!("held-out positions of {data}; net {net}");
    println!("rule   positions  value loss: classical (scale)  net   one-ply best = searched: classical  net  net policy");
    for (rule, t) in tallies {
        let n = t.n.max(1) as f64;
        let (scale, closs) =
            t.classical.iter().fold(
                (0.0, f64::MAX),
                |a, &(s, l)| if l < a.1 { (s, l) } else { a },
            );
        let pct = |k: usize| 100.0 * t.agree[k] as f64 / n;
        println!(
            "{rule:>4} {:>11}  {:>18.4} ({scale:>5.0})  {:.4}  {:>33.1}%  {:.1}%  {:.1}%",
            t.n,
            closs / n,
            t.net_loss / n,
            pct(0),
            pct(1),
            pct(2)
        );
    }
    Ok(())
}

fn log_loss(p: f64, result: f64) -> f64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    -(result * p.ln() + (1.0 - result) * (1.0 - p).ln())
}

/// The legal points next to a stone (within two), or the centre on an empty board.
fn candidates(b: &Board) -> Vec<Pos> {
    let (w, h) = (b.width() as i64, b.height() as i64);
    let stone = |x: i64, y: i64| {
        b.contains(x, y) && matches!(b.cell(Pos::new(x as u8, y as u8)), Some(Cell::Stone(_)))
    };
    let mut out = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let p = Pos::new(x as u8, y as u8);
            let near = (-2..=2).any(|dy| (-2..=2).any(|dx| stone(x + dx, y + dy)));
            if near && b.cell(p) == Some(Cell::Empty) && b.is_legal(p) {
                out.push(p);
            }
        }
    }
    if out.is_empty() {
        out.push(Pos::new((w / 2) as u8, (h / 2) as u8));
    }
    out
}

/// The best candidate by one ply of the classical evaluation, by one ply of the net,
/// and by the net's policy (the net prepared on `b`).
fn favourites(b: &Board, n: &mut Net, searcher: &mut Searcher) -> [Option<Pos>; 3] {
    let cfg = searcher.eval_config_for(b);
    let cands = candidates(b);
    let pol = cands.iter().copied().max_by_key(|&p| n.policy_at(b, p));
    let mut after = b.clone();
    let (mut cl, mut nt) = ((i32::MIN, None), (f32::MIN, None));
    let mut probe = Net::new(Arc::clone(n.weights()));
    for p in cands {
        after.play(p).expect("a legal candidate");
        if after.winner().is_some() {
            // A win at once is both evaluations' one-ply choice.
            return [Some(p), Some(p), pol];
        }
        let c = -searcher.static_eval(&after);
        probe.prepare(&after, &cfg);
        let v = -probe.score_f32(&after);
        if c > cl.0 {
            cl = (c, Some(p));
        }
        if v > nt.0 {
            nt = (v, Some(p));
        }
        after.undo();
    }
    [cl.1, nt.1, pol]
}

/// The data files of a folder, sorted.
fn data_files(dir: &str) -> anyhow::Result<Vec<std::path::PathBuf>> {
    let mut files: Vec<_> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "wzg"))
        .collect();
    files.sort();
    Ok(files)
}

/// Writes the classical evaluation of every searched position beside each data file.
fn label(dir: &str) -> anyhow::Result<()> {
    let mut searcher = Searcher::new(1 << 16);
    for path in data_files(dir)? {
        let (games, _) = wuzi::datagen::read_games(&std::fs::read(&path)?)?;
        let mut out = b"WZC1".to_vec();
        let mut n = 0usize;
        for g in &games {
            let mut b = Board::new(g.width as usize, g.height as usize, g.rule);
            for &p in &g.setup {
                b.play(p).map_err(|e| anyhow::anyhow!("{e}"))?;
            }
            for m in &g.moves {
                let v = searcher
                    .static_eval(&b)
                    .clamp(i16::MIN as i32, i16::MAX as i32);
                out.extend_from_slice(&(v as i16).to_le_bytes());
                n += 1;
                b.play(m.pos).map_err(|e| anyhow::anyhow!("{e}"))?;
            }
        }
        let cls = path.with_extension("cls");
        std::fs::write(&cls, out)?;
        println!("{}: {} games, {n} positions", cls.display(), games.len());
    }
    Ok(())
}
