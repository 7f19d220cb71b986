//! `wuzi-tune`: fits the evaluation weights to the outcomes of recorded games (see
//! [`wuzi::tune`] and the README's "Tuning the evaluation").
//!
//! `wuzi-tune [rule=R] [skip=N] [tempo=F] [iterations=N] [rate=X] [codes=N] [masks=N]
//! [patterns=0|1] [l2=X] [quiet=D] [step=X] PSQ_FILE_OR_DIR...`
//!
//! `codes=N` also fits the bonus of every combination code seen in at least N
//! positions (0, the default: the pattern values only) and prints them as
//! `COMBO_BONUS` entries; `masks=N` the value of every threat mask seen in at least
//! N positions, printed as `THREAT_MASK_VALUE` entries; `patterns=0` keeps the
//! pattern values; `l2` pulls the weights toward their current values;
//! `quiet=D` leaves out the positions a search of D plies proves won for either side
//! (0, the default: only those with a five or an open four to play); `step=X` moves
//! each fitted weight only that fraction of the way from its current value to the fit
//! (1, the default: all the way; the standard 20x20 fourth round used 0.5).

use std::path::{Path, PathBuf};
use wuzi::board::{combo_parts, combo_threat, Board};
use wuzi::eval::classical::MASK_CLASSES;
use wuzi::tune::{self, Fit, Sample, Tunable, CODES_AT, MASKS_AT};
use wuzi::types::Rule;

const NAMES: [&str; CODES_AT] = [
    "Dead", "Overline", "B1", "F1", "B2", "F2", "B3", "F3", "B4", "F4", "F5",
];

fn main() {
    let mut rule = Rule::Freestyle;
    let mut skip = 6;
    let mut tempo = wuzi::search::Params::DEFAULT.tempo_percent as f64 / 100.0;
    let mut iterations = 1500;
    let mut rate = 1.0;
    let mut codes = 0;
    let mut l2 = 0.0;
    let mut quiet = 0;
    let mut masks = 0;
    let mut patterns = true;
    let mut step = 1.0;
    let mut files: Vec<PathBuf> = Vec::new();
    for a in std::env::args().skip(1) {
        let num = |v: &str| v.parse::<f64>().unwrap_or_else(|_| usage());
        if let Some(v) = a.strip_prefix("rule=") {
            rule = Rule::from_info(num(v) as i64);
        } else if let Some(v) = a.strip_prefix("skip=") {
            skip = num(v) as usize;
        } else if let Some(v) = a.strip_prefix("tempo=") {
            tempo = num(v);
        } else if let Some(v) = a.strip_prefix("iterations=") {
            iterations = num(v) as usize;
        } else if let Some(v) = a.strip_prefix("rate=") {
            rate = num(v);
        } else if let Some(v) = a.strip_prefix("codes=") {
            codes = num(v) as usize;
        } else if let Some(v) = a.strip_prefix("l2=") {
            l2 = num(v);
        } else if let Some(v) = a.strip_prefix("masks=") {
            masks = num(v) as usize;
        } else if let Some(v) = a.strip_prefix("patterns=") {
            patterns = num(v) != 0.0;
        } else if let Some(v) = a.strip_prefix("step=") {
            step = num(v);
        } else if let Some(v) = a.strip_prefix("quiet=") {
            quiet = num(v) as i32;
        } else {
            collect(Path::new(&a), &mut files);
        }
    }
    if files.is_empty() {
        usage();
    }
    files.sort();
    // Every tenth game is held out, to check that the fit generalises.
    let (mut train, mut test): (Vec<Sample>, Vec<Sample>) = (Vec::new(), Vec::new());
    let mut games = 0;
    let mut searcher = wuzi::search::Searcher::new(16 << 20);
    let mut size = None;
    for (n, f) in files.iter().enumerate() {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        let Some((w, h, moves)) = tune::parse_psq(&text) else {
            continue;
        };
        searcher.new_game();
        let mut keep =
            |b: &wuzi::board::Board| quiet <= 0 || !tune::settled(&mut searcher, b, quiet);
        let Some(s) = tune::game_samples(w, h, &moves, rule, skip, tempo, &mut keep) else {
            continue;
        };
        games += 1;
        size.get_or_insert((w, h));
        if n % 10 == 9 { &mut test } else { &mut train }.extend(s);
    }
    println!(
        "{games} games, {} training positions, {} held out",
        train.len(),
        test.len()
    );
    if train.is_empty() {
        println!("no usable positions in the given files");
        std::process::exit(1);
    }
    // The current weights are the ones a search under the rule uses on the first
    // game's board (the games of one fit are meant to share a size).
    let (w, h) = size.unwrap_or((15, 15));
    let board = Board::new(w, h, rule);
    let masks_on = wuzi::search::Params::DEFAULT.profile(&board).threat_mask;
    let w0 = tune::current_weights(&board, masks_on);
    let scale = tune::fit_scale(&train, &w0);
    println!(
        "current weights: scale {scale:.1}, mse train {:.5} held out {:.5}",
        tune::mse(&train, &w0, scale),
        tune::mse(&test, &w0, scale)
    );
    let which = Tunable {
        patterns,
        codes,
        masks,
    };
    let tunable = tune::tunable(&train, which);
    let fit = Fit {
        iterations,
        rate,
        l2,
    };
    let mut w = tune::fit_weights(&train, &w0, scale, &tunable, fit);
    if step != 1.0 {
        println!(
            "full fit:        scale {scale:.1}, mse train {:.5} held out {:.5}; step {step}",
            tune::mse(&train, &w, scale),
            tune::mse(&test, &w, scale)
        );
        w = tune::step_toward(&w0, &w, &tunable, step);
    }
    println!(
        "fitted weights:  scale {scale:.1}, mse train {:.5} held out {:.5}",
        tune::mse(&train, &w, scale),
        tune::mse(&test, &w, scale)
    );
    for &i in tunable.iter().filter(|&&i| i < CODES_AT) {
        println!("  {:<10} {:>7.0} -> {:>7.1}", NAMES[i], w0[i], w[i]);
    }
    // The code bonuses as COMBO_BONUS entries: [open fours, fours, open threes, twos].
    for &i in tunable
        .iter()
        .filter(|&&i| (CODES_AT..MASKS_AT).contains(&i))
    {
        let [_, f4, b4, f3, twos] = combo_parts(i - CODES_AT);
        println!(
            "    ([{f4}, {b4}, {f3}, {twos}], {:.0}), // {:?}, was {:.0}",
            w[i],
            combo_threat(i - CODES_AT),
            w0[i]
        );
    }
    // The masks as THREAT_MASK_VALUE entries.
    for &i in tunable.iter().filter(|&&i| i >= MASKS_AT) {
        let m = i - MASKS_AT;
        println!(
            "    ({m}, {:.0}), // {}, was {:.0}",
            w[i],
            mask_name(m),
            w0[i]
        );
    }
}

/// The side to move's classes, then the opponent's, as `THREAT_MASK_VALUE`'s comments
/// name them.
fn mask_name(m: usize) -> String {
    let n = MASK_CLASSES.len();
    let side = |bits: usize| {
        let names: Vec<String> = (0..n)
            .filter(|k| bits >> k & 1 == 1)
            .map(|k| format!("{:?}", MASK_CLASSES[k]))
            .collect();
        if names.is_empty() {
            "-".to_string()
        } else {
            names.join("+")
        }
    };
    format!("{} / {}", side(m & ((1 << n) - 1)), side(m >> n))
}

fn collect(p: &Path, out: &mut Vec<PathBuf>) {
    if p.is_dir() {
        if let Ok(rd) = std::fs::read_dir(p) {
            for e in rd.flatten() {
                collect(&e.path(), out);
            }
        }
    } else {
        out.push(p.to_path_buf());
    }
}

fn usage() -> ! {
    println!(
        "usage: wuzi-tune [rule=R] [skip=N] [tempo=F] [iterations=N] [rate=X] [codes=N] \
         [masks=N] [patterns=0|1] [l2=X] [quiet=D] [step=X] PSQ_FILE_OR_DIR..."
    );
    std::process::exit(2);
}
