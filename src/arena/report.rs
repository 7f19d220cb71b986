//! The text a match prints: the live progress line and the final report.

use super::game::{Fault, Swap2Choice};
use super::stats::{elo_estimate, elo_estimate_penta, los, Model, SprtState};
use super::tournament::{MatchConfig, Summary};
use std::fmt::Write;

/// Formats an Elo value with a sign ("+12.3", "-inf").
pub fn elo_str(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else {
        // Adding 0.0 turns -0.0 into +0.0.
        format!("{:+.1}", e + 0.0)
    }
}

/// `m:ss` (or `h:mm:ss`).
pub fn clock(d: std::time::Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The progress line: games done/total, the first pair's (or first engine's) score and
/// Elo, the SPRT's LLR when there is one, and the elapsed time.
pub fn progress(cfg: &MatchConfig, s: &Summary) -> String {
    let (label, w) = if s.pairs.len() == 1 {
        let (a, b) = s.pairs[0];
        (
            format!("{} vs {}", cfg.engines[a].name, cfg.engines[b].name),
            s.pair_wdl[0],
        )
    } else {
        (format!("{} vs all", cfg.engines[0].name), s.engines[0].wdl)
    };
    let mut line = format!(
        "[{}/{}] {label}: +{} ={} -{} ({:.1}%) Elo {}",
        s.played,
        s.total,
        w.wins,
        w.draws,
        w.losses,
        100.0 * w.score(),
        elo_str(elo_estimate(w, 0.95).elo)
    );
    if let Some((llr, _)) = s.sprt {
        let _ = write!(line, " LLR {llr:.2}");
    }
    let faults = s.fault_count();
    if faults > 0 {
        let _ = write!(line, " faults {faults}");
    }
    let _ = write!(line, " {}", clock(s.elapsed));
    line
}

/// The final report: the match line, the pairs' results, the SPRT, the engines'
/// table, how the games ended, the faults and the think times.
pub fn report(cfg: &MatchConfig, s: &Summary) -> String {
    let mut out = String::new();
    let width = cfg
        .engines
        .iter()
        .map(|e| e.name.len())
        .max()
        .unwrap_or(4)
        .max(6);
    write_header(&mut out, cfg, s);
    write_pairs(&mut out, cfg, s, width);
    write_sprt(&mut out, cfg, s);
    write_engines(&mut out, cfg, s, width);
    write_ends(&mut out, cfg, s, width);
    write_think_times(&mut out, cfg, s, width);
    out
}

/// The report's first line: board, rule, time control, openings and games.
fn write_header(out: &mut String, cfg: &MatchConfig, s: &Summary) {
    let g = &cfg.game;
    let _ = writeln!(
        *out,
        "Match: {}x{} {} (rule {}), {}, tolerance {} ms, {} openings, {} of {} games in {}{}",
        g.width,
        g.height,
        g.rule.name(),
        g.rule.code(),
        g.tc.describe(),
        g.tolerance_ms,
        cfg.openings.len(),
        s.played,
        s.total,
        clock(s.elapsed),
        if s.stopped_early {
            " (stopped early)"
        } else {
            ""
        }
    );
}

/// Each pair's games (W/D/L, score, Elo, interval, LOS) and game pairs (pentanomial).
fn write_pairs(out: &mut String, cfg: &MatchConfig, s: &Summary, width: usize) {
    let name = |i: usize| cfg.engines[i].name.as_str();
    let _ = writeln!(*out);
    let _ = writeln!(
        *out,
        "{:<pw$}  {:>5}  {:>5} {:>5} {:>5}  {:>6}  {:>7}  {:>17}  {:>6}",
        "Pair",
        "Games",
        "W",
        "D",
        "L",
        "Score",
        "Elo",
        "95% interval",
        "LOS",
        pw = 2 * width + 4
    );
    for (i, &(a, b)) in s.pairs.iter().enumerate() {
        let w = s.pair_wdl[i];
        let e = elo_estimate(w, 0.95);
        let _ = writeln!(
            *out,
            "{:<pw$}  {:>5}  {:>5} {:>5} {:>5}  {:>5.1}%  {:>7}  {:>17}  {:>5.1}%",
            format!("{} vs {}", name(a), name(b)),
            w.games(),
            w.wins,
            w.draws,
            w.losses,
            100.0 * w.score(),
            elo_str(e.elo),
            format!("[{}, {}]", elo_str(e.low), elo_str(e.high)),
            100.0 * los(w),
            pw = 2 * width + 4
        );
    }
    for (i, &(a, b)) in s.pairs.iter().enumerate() {
        let p = s.pair_penta[i];
        if p.pairs() == 0 {
            continue;
        }
        let e = elo_estimate_penta(p, 0.95);
        let c = p.counts;
        let _ = writeln!(
            *out,
            "{} vs {}, game pairs (an opening's two games): {} scored 0: {}, 1/2: {}, 1: {}, \
             3/2: {}, 2: {}; Elo {} [{}, {}]",
            name(a),
            name(b),
            p.pairs(),
            c[0],
            c[1],
            c[2],
            c[3],
            c[4],
            elo_str(e.elo),
            elo_str(e.low),
            elo_str(e.high)
        );
    }
}

/// The SPRT's bounds, LLR and verdict, if one was asked for.
fn write_sprt(out: &mut String, cfg: &MatchConfig, s: &Summary) {
    if let (Some(t), Some((llr, state))) = (cfg.sprt, s.sprt) {
        let (lo, hi) = t.bounds();
        let verdict = match state {
            SprtState::Continue => "no decision",
            SprtState::AcceptH0 => "H0 accepted",
            SprtState::AcceptH1 => "H1 accepted",
        };
        let _ = writeln!(
            *out,
            "SPRT elo0={} elo1={} alpha={} beta={} model={}: LLR {llr:.2} in ({lo:.2}, {hi:.2}): \
             {verdict}",
            t.elo0,
            t.elo1,
            t.alpha,
            t.beta,
            match t.model {
                Model::Pentanomial => "penta",
                Model::Trinomial => "tri",
            }
        );
    } else if cfg.sprt.is_some() {
        let _ = writeln!(*out, "SPRT: only for a match between two engines");
    }
}

/// With more than one pair, each engine's games and score, best first.
fn write_engines(out: &mut String, cfg: &MatchConfig, s: &Summary, width: usize) {
    let name = |i: usize| cfg.engines[i].name.as_str();
    if s.pairs.len() > 1 {
        let _ = writeln!(*out);
        let _ = writeln!(
            *out,
            "{:<width$}  {:>5}  {:>5} {:>5} {:>5}  {:>6}",
            "Engine", "Games", "W", "D", "L", "Score"
        );
        let mut order: Vec<usize> = (0..cfg.engines.len()).collect();
        order.sort_by(|&a, &b| {
            s.engines[b]
                .wdl
                .score()
                .total_cmp(&s.engines[a].wdl.score())
        });
        for e in order {
            let w = s.engines[e].wdl;
            let _ = writeln!(
                *out,
                "{:<width$}  {:>5}  {:>5} {:>5} {:>5}  {:>5.1}%",
                name(e),
                w.games(),
                w.wins,
                w.draws,
                w.losses,
                100.0 * w.score()
            );
        }
    }
}

/// How the games ended, black's results, and each engine's losses by fault.
fn write_ends(out: &mut String, cfg: &MatchConfig, s: &Summary, width: usize) {
    let name = |i: usize| cfg.engines[i].name.as_str();
    let e = &s.ends;
    let _ = writeln!(*out);
    let _ = writeln!(
        *out,
        "Game ends: five {}, foul {}, full board {}, move limit {}, fault {}",
        e.five, e.foul, e.full_board, e.move_limit, e.fault
    );
    let b = s.black;
    let _ = writeln!(
        *out,
        "Black's results: +{} ={} -{} ({:.1}%)",
        b.wins,
        b.draws,
        b.losses,
        100.0 * b.score()
    );

    if cfg.game.swap2 {
        let list: Vec<String> = Swap2Choice::ALL
            .iter()
            .zip(s.swap2)
            .map(|(c, n)| format!("{} {n}", c.name()))
            .collect();
        let _ = writeln!(*out, "Swap2 choices: {}", list.join(", "));
    }
    let _ = writeln!(*out);
    let _ = writeln!(*out, "Losses by fault:");
    for (i, st) in s.engines.iter().enumerate() {
        let list: Vec<String> = Fault::ALL
            .iter()
            .filter_map(|f| st.faults.get(f).map(|n| format!("{} {n}", f.name())))
            .collect();
        let mut text = if list.is_empty() {
            "none".to_string()
        } else {
            list.join(", ")
        };
        if st.killed > 0 {
            let _ = write!(text, " (killed after END: {})", st.killed);
        }
        let _ = writeln!(*out, "  {:<width$}  {text}", name(i));
    }
}

/// Each engine's moves, mean and largest think time against the limit.
fn write_think_times(out: &mut String, cfg: &MatchConfig, s: &Summary, width: usize) {
    let g = &cfg.game;
    let name = |i: usize| cfg.engines[i].name.as_str();
    let limit = match (g.tc.turn_ms, g.tc.match_ms) {
        (Some(t), _) => format!("limit {t} ms/move + {} ms tolerance", g.tolerance_ms),
        (None, Some(_)) => format!("match clock {}", g.tc.describe()),
        (None, None) => "no limit".into(),
    };
    let _ = writeln!(*out);
    let _ = writeln!(*out, "Think time per move ({limit}):");
    for (i, st) in s.engines.iter().enumerate() {
        let mean = if st.moves > 0 {
            st.total_ms as f64 / st.moves as f64
        } else {
            0.0
        };
        let _ = writeln!(
            *out,
            "  {:<width$}  {:>6} moves  mean {:>7.1} ms  max {:>6} ms",
            name(i),
            st.moves,
            mean,
            st.max_ms
        );
    }
}
