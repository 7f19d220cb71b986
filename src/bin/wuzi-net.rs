//! `wuzi-net`: the engine's side of the trainer (`trainer/`).
//!
//! ```text
//! wuzi-net check net=FILE samples=FILE [score_tol=0.01] [policy_tol=0.02]
//! ```
//!
//! `check` loads a weight file as the engine does, sets up each sample position the
//! trainer wrote (`trainer/train.py`, `write_samples`) and compares the engine's
//! quantised score and policy with the trainer's float ones. Scores are compared in
//! win-chance logits (score / scale), the policy in the trainer's units. It prints the
//! largest differences and fails when one is above its tolerance.

use std::sync::Arc;
use wuzi::board::Board;
use wuzi::eval::net::{Net, Weights};
use wuzi::eval::{EvalConfig, Evaluator};
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
    anyhow::ensure!(cmd == "check", "unknown command '{cmd}'");
    let (mut net, mut samples) = (None, None);
    let (mut score_tol, mut policy_tol) = (0.01f32, 0.02f32);
    for a in rest {
        let (k, v) = a
            .split_once('=')
            .ok_or_else(|| anyhow::anyhow!("expected key=value: '{a}'"))?;
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
    let (mut worst_score, mut worst_policy, mut n) = (0f32, 0f32, 0);
    for (line_no, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let (s, p) = compare(&weights, line)
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

/// The score difference (in logits) and largest policy difference of one sample.
fn compare(weights: &Arc<Weights>, line: &str) -> anyhow::Result<(f32, f32)> {
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
    net.prepare(
        &b,
        &EvalConfig {
            tempo_percent: 100,
            threat_mask: false,
        },
    );
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
