//! The `wuzi-match` command line: parsing, engine names, the run, the exit status.

use super::engine::{EngineSpec, Process, Reply};
use super::game::{Style, TimeControl};
use super::genopen;
use super::openings::{self, Format};
use super::report;
use super::stats::{Model, Sprt, SprtState};
use super::tournament::{self, MatchConfig, Mode};
use crate::types::Rng;
use crate::types::{Pos, Rule, MAX_SIZE, MIN_SIZE};
use anyhow::{anyhow, bail, Context, Result};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Exit status: the match ran, no brain broke a rule, and the SPRT (if any) accepted H1.
pub const EXIT_OK: i32 = 0;
/// The SPRT accepted H0.
pub const EXIT_H0: i32 = 1;
/// Bad command line.
pub const EXIT_USAGE: i32 = 2;
/// The SPRT had not decided when the games ran out.
pub const EXIT_UNDECIDED: i32 = 3;
/// At least one game was lost by a fault (time, illegal move, crash, ...).
pub const EXIT_FAULTS: i32 = 4;
/// The runner could not do its job (an engine does not start, a file cannot be written).
pub const EXIT_ERROR: i32 = 5;

/// The usage text.
pub const USAGE: &str = "\
usage: wuzi-match -engine cmd=CMD [name=N] [dir=D] [pace=T] [option.KEY=V] -engine ...
                  [options]
       wuzi-match gen-openings [size=15] [count=60] [stones=3-5] [radius=3] [depth=6]
                               [margin=100] [playout=5] [seed=1] [rule=0]

Plays Gomocup brains against each other the way strict managers do, judges every game
and prints a report. Options (one or two leading dashes):

  -engine cmd=CMD [name=N] [dir=D] [pace=T] [option.K=V]
                      a brain: CMD is split on blanks (program, then arguments) unless
                      it names an existing file; the working directory is D, else the
                      program's folder when CMD has a '/', else ours; name defaults to
                      the ABOUT name; option.K=V sends 'INFO K V' after the INFO set;
                      pace=T holds every line to it until T after its last output (for
                      a brain that races on its input), its clock starting when sent
  -each [dir=D] [option.K=V]   applies to every engine
  -gauntlet           first engine against each other one (default: round robin)
  -games N            games per pair (default 2); each opening is played twice with
                      colours swapped
  -concurrency K      games at once (default 1)
  -size N | WxH       board, 5..32 each way (default 15)
  -rule R             0 freestyle, 1 standard, 4 renju, 8 caro, 9 standard caro
  -tc [turn=T] [match=T] [inc=T]
                      per-move limit, match clock per player, increment per move;
                      T in ms, or with ms/s (default turn=5000)
  -tolerance T        added to every limit (default 1000)
  -memory BYTES       INFO max_memory, also checked against the peak resident size on
                      Linux (default 367001600; 0 = no limit)
  -no-memory-check    send max_memory but do not check it
  -draw-after N       draw when N stones stand (default: only a full board)
  -openings FILE|builtin|none [format=offset|moves] [order=sequential|random] [seed=S]
                      default: the shipped set on 15x15 and 20x20, else none
  -swap2              open every game by the Swap2 rule through SWAP2BOARD (the
                      scheduled black places three stones, the other swaps, plays
                      white or adds two, ...); colours follow the choices, which the
                      report tallies; no -openings
  -sprt [elo0=0] elo1=E [alpha=0.05] [beta=0.05] [model=penta|tri]
                      stop when decided (two engines); penta (the default) counts
                      game pairs (an opening's two games), tri single games
  -board              send BOARD before every move (default: Piskvork's BEGIN/TURN/BOARD)
  -judge              GomocupJudge style: START and INFO without waiting for OK, first
                      move by BOARD
  -reuse              keep each brain's process between games (START per game); a
                      brain that broke a rule is restarted (default: new process per game)
  -strict-lf          a reply line ended by CR (CR LF) is a loss, as in liskvork
                      (default: accepted, as in Piskvork)
  -lf                 send LF line ends (default: CR LF, as Piskvork and GomocupJudge)
  -start-timeout T    deadline for the ABOUT and START replies (default 5000)
  -grace T            time between END and the kill (default 700)
  -psq DIR            one PSQ file per game (Piskvork's format)
  -sgf FILE           all games as an SGF collection
  -stats FILE         CSV, one line per brain and game: think time mean and max, process
                      id, resident memory now and peak at the game's end (Linux)
  -log FILE           every protocol line, both ways
  -quiet              no progress line

Exit status: 0 done (and the SPRT accepted H1), 1 SPRT accepted H0, 2 usage,
3 SPRT undecided, 4 some game was lost by a fault, 5 runner error.
";

/// Parsed command line.
#[derive(Debug)]
pub struct Args {
    pub cfg: MatchConfig,
    pub quiet: bool,
    /// Engines whose name must come from ABOUT.
    pub unnamed: Vec<usize>,
}

/// Parses a time: `250`, `250ms`, `5s`, `1.5s` -> milliseconds.
pub fn parse_ms(s: &str) -> Result<u64> {
    let (num, scale) = if let Some(v) = s.strip_suffix("ms") {
        (v, 1.0)
    } else if let Some(v) = s.strip_suffix('s') {
        (v, 1000.0)
    } else {
        (s, 1.0)
    };
    let v: f64 = num.parse().map_err(|_| anyhow!("bad time '{s}'"))?;
    if !(0.0..1e12).contains(&v) {
        bail!("bad time '{s}'");
    }
    Ok((v * scale).round() as u64)
}

fn parse_size(s: &str) -> Result<(usize, usize)> {
    let (w, h) = match s.split_once(['x', 'X']) {
        Some((w, h)) => (w.parse()?, h.parse()?),
        None => {
            let n = s.parse()?;
            (n, n)
        }
    };
    let ok = |v: usize| (MIN_SIZE..=MAX_SIZE).contains(&v);
    if !ok(w) || !ok(h) {
        bail!("board sides must be {MIN_SIZE}..{MAX_SIZE}");
    }
    Ok((w, h))
}

/// Applies one engine key to a spec.
fn engine_key(spec: &mut EngineSpec, kv: &str, each: bool) -> Result<()> {
    let (k, v) = kv
        .split_once('=')
        .ok_or_else(|| anyhow!("expected key=value, got '{kv}'"))?;
    match k {
        // A path to an existing file is taken whole (it may hold blanks).
        "cmd" if !each && Path::new(v).is_file() => spec.cmd = vec![v.to_string()],
        "cmd" if !each => spec.cmd = v.split_whitespace().map(str::to_string).collect(),
        "name" if !each => spec.name = v.to_string(),
        "dir" => spec.dir = Some(PathBuf::from(v)),
        "pace" if !each => spec.pace_ms = parse_ms(v).with_context(|| format!("pace={v}"))?,
        _ => match k.strip_prefix("option.") {
            Some(key) if !key.is_empty() => spec.options.push((key.to_string(), v.to_string())),
            _ => bail!("unknown engine key '{k}'"),
        },
    }
    Ok(())
}

/// Fills in a program path and a working directory as c-gomoku-cli does: a command with
/// a '/' runs in its own folder (the path made absolute first).
fn settle_engine(spec: &mut EngineSpec) -> Result<()> {
    let prog = spec
        .cmd
        .first()
        .ok_or_else(|| anyhow!("engine without cmd="))?
        .clone();
    if prog.contains('/') || prog.contains('\\') {
        let abs = std::env::current_dir()?.join(&prog);
        if spec.dir.is_none() {
            spec.dir = abs.parent().map(Path::to_path_buf);
        }
        spec.cmd[0] = abs.to_string_lossy().into_owned();
    }
    Ok(())
}

/// The value after an option.
fn take(args: &[String], i: &mut usize, opt: &str) -> Result<String> {
    let v = args
        .get(*i)
        .cloned()
        .ok_or_else(|| anyhow!("-{opt} needs a value"))?;
    *i += 1;
    Ok(v)
}

/// Parses the command line (without the program name).
pub fn parse(args: &[String]) -> Result<Args> {
    let mut cfg = MatchConfig {
        games: 2,
        concurrency: 1,
        ..MatchConfig::default()
    };
    let mut each = EngineSpec::default();
    let mut quiet = false;
    let mut openings_arg: Option<(String, Vec<String>)> = None;
    let mut i = 0;
    // The key=value tokens after an option.
    let values = |i: &mut usize| -> Vec<String> {
        let mut v = Vec::new();
        while *i < args.len() && !args[*i].starts_with('-') && args[*i].contains('=') {
            v.push(args[*i].clone());
            *i += 1;
        }
        v
    };
    while i < args.len() {
        let raw = &args[i];
        let opt = raw.trim_start_matches('-');
        if opt.len() == raw.len() {
            bail!("unexpected argument '{raw}'");
        }
        i += 1;
        match opt {
            "engine" => {
                let mut spec = EngineSpec::default();
                for kv in values(&mut i) {
                    engine_key(&mut spec, &kv, false)?;
                }
                if spec.cmd.is_empty() {
                    bail!("-engine needs cmd=...");
                }
                cfg.engines.push(spec);
            }
            "each" => {
                for kv in values(&mut i) {
                    engine_key(&mut each, &kv, true)?;
                }
            }
            "gauntlet" => cfg.mode = Mode::Gauntlet,
            "roundrobin" => cfg.mode = Mode::RoundRobin,
            "games" => cfg.games = take(args, &mut i, opt)?.parse().context("-games")?,
            "concurrency" => {
                cfg.concurrency = take(args, &mut i, opt)?.parse().context("-concurrency")?
            }
            "size" => {
                (cfg.game.width, cfg.game.height) =
                    parse_size(&take(args, &mut i, opt)?).context("-size")?
            }
            "rule" => {
                let r: u32 = take(args, &mut i, opt)?.parse().context("-rule")?;
                cfg.game.rule = match r {
                    0 | 1 | 4 | 8 | 9 => Rule::from_info(r as i64),
                    _ => bail!("-rule must be 0, 1, 4, 8 or 9"),
                };
            }
            "tc" => cfg.game.tc = parse_tc(values(&mut i))?,
            "tolerance" => cfg.game.tolerance_ms = parse_ms(&take(args, &mut i, opt)?)?,
            "memory" => {
                cfg.game.max_memory = take(args, &mut i, opt)?.parse().context("-memory")?
            }
            "no-memory-check" => cfg.game.check_memory = false,
            "draw-after" => {
                cfg.game.max_stones = Some(take(args, &mut i, opt)?.parse().context("-draw-after")?)
            }
            "openings" => {
                let what = take(args, &mut i, opt)?;
                openings_arg = Some((what, values(&mut i)));
            }
            "sprt" => cfg.sprt = Some(parse_sprt(values(&mut i))?),
            "board" => cfg.game.style = Style::AlwaysBoard,
            "judge" => cfg.game.style = Style::Judge,
            "swap2" => cfg.game.swap2 = true,
            "reuse" => cfg.reuse = true,
            "strict-lf" => cfg.game.strict_lf = true,
            "lf" => cfg.game.crlf = false,
            "start-timeout" => cfg.game.start_timeout_ms = parse_ms(&take(args, &mut i, opt)?)?,
            "grace" => cfg.game.grace_ms = parse_ms(&take(args, &mut i, opt)?)?,
            "psq" => cfg.psq_dir = Some(PathBuf::from(take(args, &mut i, opt)?)),
            "sgf" => cfg.sgf_file = Some(PathBuf::from(take(args, &mut i, opt)?)),
            "stats" => cfg.stats_file = Some(PathBuf::from(take(args, &mut i, opt)?)),
            "log" => {
                let path = take(args, &mut i, opt)?;
                let f = std::fs::File::create(&path).with_context(|| format!("creating {path}"))?;
                cfg.game.log = Some(std::sync::Arc::new(std::sync::Mutex::new(f)));
            }
            "quiet" => quiet = true,
            _ => bail!("unknown option '{raw}'"),
        }
    }
    if cfg.engines.len() < 2 {
        bail!("at least two -engine are needed");
    }
    if cfg.games == 0 {
        bail!("-games must be at least 1");
    }
    let unnamed = settle_engines(&mut cfg.engines, &each)?;
    let (w, h, rule) = (cfg.game.width, cfg.game.height, cfg.game.rule);
    cfg.openings = if cfg.game.swap2 {
        if openings_arg.is_some() {
            bail!("-swap2 decides the openings: leave out -openings");
        }
        Vec::new()
    } else {
        load_openings(openings_arg, w, h, rule)?
    };
    Ok(Args {
        cfg,
        quiet,
        unnamed,
    })
}

/// The `-tc` keys: `turn=`, `match=` and `inc=` (times as [`parse_ms`] reads them).
fn parse_tc(vs: Vec<String>) -> Result<TimeControl> {
    let mut tc = TimeControl::default();
    if vs.is_empty() {
        bail!("-tc needs turn=, match= or inc=");
    }
    for kv in vs {
        let (k, v) = kv.split_once('=').expect("has =");
        let ms = parse_ms(v)?;
        match k {
            "turn" => tc.turn_ms = (ms > 0).then_some(ms),
            "match" => tc.match_ms = (ms > 0).then_some(ms),
            "inc" => tc.inc_ms = ms,
            _ => bail!("unknown -tc key '{k}'"),
        }
    }
    if tc.turn_ms.is_none() && tc.match_ms.is_none() {
        bail!("-tc needs a turn limit or a match clock");
    }
    Ok(tc)
}

/// The `-sprt` keys: `elo0=`, `elo1=` (needed), `alpha=`, `beta=` and `model=`.
fn parse_sprt(kvs: Vec<String>) -> Result<Sprt> {
    let mut t = Sprt {
        elo0: 0.0,
        elo1: f64::NAN,
        alpha: 0.05,
        beta: 0.05,
        model: Model::Pentanomial,
    };
    for kv in kvs {
        let (k, v) = kv.split_once('=').expect("has =");
        if k == "model" {
            t.model = match v {
                "penta" => Model::Pentanomial,
                "tri" => Model::Trinomial,
                _ => bail!("-sprt model is penta or tri, not '{v}'"),
            };
            continue;
        }
        let x: f64 = v.parse().with_context(|| format!("-sprt {k}"))?;
        match k {
            "elo0" => t.elo0 = x,
            "elo1" => t.elo1 = x,
            "alpha" => t.alpha = x,
            "beta" => t.beta = x,
            _ => bail!("unknown -sprt key '{k}'"),
        }
    }
    let p = |x: f64| x > 0.0 && x < 0.5;
    if t.elo1.is_nan() || t.elo1 <= t.elo0 || !p(t.alpha) || !p(t.beta) {
        bail!("-sprt needs elo1 > elo0 and 0 < alpha, beta < 0.5");
    }
    Ok(t)
}

/// Gives every engine the `-each` directory (unless it has its own) and options (before
/// its own), and settles its spec; returns the indices of the engines with no name yet.
fn settle_engines(engines: &mut [EngineSpec], each: &EngineSpec) -> Result<Vec<usize>> {
    let mut unnamed = Vec::new();
    for (k, e) in engines.iter_mut().enumerate() {
        if e.dir.is_none() {
            e.dir.clone_from(&each.dir);
        }
        let mut opts = each.options.clone();
        opts.append(&mut e.options);
        e.options = opts;
        settle_engine(e)?;
        if e.name.is_empty() {
            unnamed.push(k);
        }
    }
    Ok(unnamed)
}

/// The openings `-openings WHAT KEY=V...` names (`None`: the shipped set for the board
/// and rule, if any), checked on the board and rule, in file or random order.
fn load_openings(
    arg: Option<(String, Vec<String>)>,
    w: usize,
    h: usize,
    rule: Rule,
) -> Result<Vec<Vec<Pos>>> {
    Ok(match arg {
        None => match openings::builtin(w, h, rule) {
            Some(t) => openings::load(t, Format::Offset, w, h, rule)?,
            None => Vec::new(),
        },
        Some((what, kvs)) => {
            let mut format = Format::Offset;
            let mut random = false;
            let mut seed = 1u64;
            for kv in kvs {
                let (k, v) = kv.split_once('=').expect("has =");
                match k {
                    "format" => format = v.parse()?,
                    "order" => {
                        random = match v {
                            "random" => true,
                            "sequential" => false,
                            _ => bail!("order is sequential or random"),
                        }
                    }
                    "seed" => seed = v.parse().context("seed")?,
                    _ => bail!("unknown -openings key '{k}'"),
                }
            }
            let mut set = match what.as_str() {
                "none" => Vec::new(),
                "builtin" => {
                    let t = openings::builtin(w, h, rule).ok_or_else(|| {
                        anyhow!("no shipped openings for {w}x{h} (15x15 and 20x20 only)")
                    })?;
                    openings::load(t, Format::Offset, w, h, rule)?
                }
                file => {
                    let text =
                        std::fs::read_to_string(file).with_context(|| format!("reading {file}"))?;
                    openings::load(&text, format, w, h, rule).with_context(|| file.to_string())?
                }
            };
            if random {
                Rng(seed).shuffle(&mut set);
            }
            set
        }
    })
}

/// Reads `name="..."` (and `version="..."`) from an ABOUT reply.
pub fn about_name(line: &str) -> Option<String> {
    let value = |key: &str| -> Option<String> {
        let mut rest = line;
        while let Some(at) = rest.find(key) {
            let before = rest[..at].chars().last();
            let after = &rest[at + key.len()..];
            if before.is_none_or(|c| c == ',' || c.is_whitespace()) {
                if let Some(v) = after.trim_start().strip_prefix('=') {
                    let v = v.trim_start();
                    let text = match v.strip_prefix('"') {
                        Some(q) => q.split('"').next().unwrap_or(""),
                        None => v.split(',').next().unwrap_or("").trim(),
                    };
                    return (!text.is_empty()).then(|| text.to_string());
                }
            }
            rest = after;
        }
        None
    };
    let name = value("name")?;
    Some(match value("version") {
        Some(v) => format!("{name} {v}"),
        None => name,
    })
}

/// Starts a brain once to learn its ABOUT name (which also proves the command runs).
fn probe_name(spec: &EngineSpec, crlf: bool, timeout: Duration) -> Result<Option<String>> {
    let mut p = Process::spawn(spec, crlf, None)
        .map_err(|e| anyhow!("cannot start '{}': {e}", spec.cmd.join(" ")))?;
    p.send(&["ABOUT".into()]);
    let name = match p.reply(Some(Instant::now() + timeout)) {
        Reply::Line { text, .. } => about_name(&text),
        _ => None,
    };
    p.end(Duration::from_millis(700));
    Ok(name)
}

/// Gives unnamed engines their ABOUT name (or the program's file name) and makes all
/// names unique.
fn name_engines(a: &mut Args) -> Result<()> {
    let timeout = Duration::from_millis(a.cfg.game.start_timeout_ms);
    for &k in &a.unnamed {
        let spec = &a.cfg.engines[k];
        let name = match probe_name(spec, a.cfg.game.crlf, timeout)? {
            Some(n) => n,
            None => Path::new(&spec.cmd[0])
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| format!("engine{}", k + 1)),
        };
        a.cfg.engines[k].name = name;
    }
    for k in 1..a.cfg.engines.len() {
        let base = a.cfg.engines[k].name.clone();
        let mut n = 2;
        while a.cfg.engines[..k]
            .iter()
            .any(|e| e.name == a.cfg.engines[k].name)
        {
            a.cfg.engines[k].name = format!("{base}#{n}");
            n += 1;
        }
    }
    Ok(())
}

/// The exit status for a finished match.
pub fn exit_status(s: &tournament::Summary) -> i32 {
    match s.sprt {
        Some((_, SprtState::AcceptH0)) => EXIT_H0,
        _ if s.fault_count() > 0 => EXIT_FAULTS,
        Some((_, SprtState::Continue)) => EXIT_UNDECIDED,
        _ => EXIT_OK,
    }
}

/// Runs `wuzi-match` with its arguments (without the program name); returns the status.
pub fn main(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        Some("gen-openings") => return genopen::main(&args[1..]),
        Some("-h" | "--help" | "-help" | "help") | None => {
            print!("{USAGE}");
            return if args.is_empty() { EXIT_USAGE } else { EXIT_OK };
        }
        Some("-V" | "--version" | "-version") => {
            println!("wuzi-match {}", env!("CARGO_PKG_VERSION"));
            return EXIT_OK;
        }
        _ => {}
    }
    let mut a = match parse(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("wuzi-match: {e:#}\n(wuzi-match --help for the options)");
            return EXIT_USAGE;
        }
    };
    if let Err(e) = name_engines(&mut a) {
        eprintln!("wuzi-match: {e:#}");
        return EXIT_ERROR;
    }
    let cfg = &a.cfg;
    if cfg.openings.is_empty() && !cfg.game.swap2 {
        eprintln!("wuzi-match: no openings: every game starts from the empty board");
    }
    let tty = std::io::stderr().is_terminal();
    let quiet = a.quiet;
    let res = tournament::run(cfg, |r, s| {
        if quiet {
            return;
        }
        let mut err = std::io::stderr().lock();
        if let Some((c, f)) = r.fault() {
            let _ = write!(err, "{}", if tty { "\r\x1b[K" } else { "" });
            let _ = writeln!(
                err,
                "game {}: {} lost by {}: {}",
                r.index + 1,
                r.names[c.index()],
                f.name(),
                r.outcome.describe()
            );
        }
        let line = report::progress(cfg, s);
        if tty {
            let _ = write!(err, "\r\x1b[K{line}");
        } else {
            let _ = writeln!(err, "{line}");
        }
        let _ = err.flush();
    });
    if tty && !quiet {
        eprintln!();
    }
    match res {
        Ok(s) => {
            print!("{}", report::report(cfg, &s));
            exit_status(&s)
        }
        Err(e) => {
            eprintln!("wuzi-match: {e:#}");
            EXIT_ERROR
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn times_and_sizes() {
        assert_eq!(parse_ms("250").unwrap(), 250);
        assert_eq!(parse_ms("250ms").unwrap(), 250);
        assert_eq!(parse_ms("5s").unwrap(), 5000);
        assert_eq!(parse_ms("1.5s").unwrap(), 1500);
        assert!(parse_ms("fast").is_err());
        assert_eq!(parse_size("20").unwrap(), (20, 20));
        assert_eq!(parse_size("20x15").unwrap(), (20, 15));
        assert!(parse_size("4").is_err());
        assert!(parse_size("33x10").is_err());
    }

    #[test]
    fn a_full_command_line() {
        let a = parse(&args(
            "-engine cmd=/bin/a name=A option.thread_num=1 --engine cmd=b dir=/tmp name=B pace=40 \
             -each option.x=y -games 6 -size 20 -rule 4 -tc match=5s inc=100 turn=0 \
             -tolerance 200 -sprt elo1=10 -judge -reuse -strict-lf -openings none -quiet",
        ))
        .unwrap();
        let c = &a.cfg;
        assert_eq!(c.engines.len(), 2);
        assert_eq!(c.engines[0].cmd, vec!["/bin/a"]);
        assert_eq!(c.engines[0].dir, Some(PathBuf::from("/bin")));
        assert_eq!(
            c.engines[0].options,
            vec![("x".into(), "y".into()), ("thread_num".into(), "1".into())]
        );
        assert_eq!(c.engines[1].dir, Some(PathBuf::from("/tmp")));
        assert_eq!((c.engines[0].pace_ms, c.engines[1].pace_ms), (0, 40));
        assert_eq!(c.games, 6);
        assert_eq!(
            (c.game.width, c.game.height, c.game.rule),
            (20, 20, Rule::Renju)
        );
        assert_eq!(
            c.game.tc,
            TimeControl {
                turn_ms: None,
                match_ms: Some(5000),
                inc_ms: 100
            }
        );
        assert_eq!(c.game.tolerance_ms, 200);
        assert_eq!(c.sprt.unwrap().elo1, 10.0);
        assert_eq!(c.sprt.unwrap().model, Model::Pentanomial);
        assert_eq!(c.game.style, Style::Judge);
        assert!(c.reuse && c.game.strict_lf && a.quiet);
        assert!(c.openings.is_empty());
        assert!(a.unnamed.is_empty());
    }

    #[test]
    fn defaults_and_errors() {
        let a = parse(&args("-engine cmd=a -engine cmd=b")).unwrap();
        assert_eq!(
            a.cfg.openings.len(),
            openings::load(
                openings::FREESTYLE_15,
                Format::Offset,
                15,
                15,
                Rule::Freestyle
            )
            .unwrap()
            .len()
        );
        assert_eq!(a.unnamed, vec![0, 1]);
        assert_eq!(a.cfg.engines[0].dir, None);
        let swap2 = parse(&args("-engine cmd=a -engine cmd=b -swap2")).unwrap();
        assert!(swap2.cfg.game.swap2 && swap2.cfg.openings.is_empty());
        assert!(!a.cfg.game.swap2);
        let tri = parse(&args("-engine cmd=a -engine cmd=b -sprt elo1=5 model=tri")).unwrap();
        assert_eq!(tri.cfg.sprt.unwrap().model, Model::Trinomial);
        for bad in [
            "-engine cmd=a",
            "-engine name=x -engine cmd=b",
            "-engine cmd=a -engine cmd=b -rule 2",
            "-engine cmd=a -engine cmd=b -sprt elo0=5 elo1=0",
            "-engine cmd=a -engine cmd=b -sprt elo1=5 model=hexa",
            "-engine cmd=a -engine cmd=b -tc turn=0",
            "-engine cmd=a -engine cmd=b -bogus",
            "-engine cmd=a pace=soon -engine cmd=b",
            "-engine cmd=a -engine cmd=b -each pace=40",
            "-engine cmd=a -engine cmd=b -size 12 -openings builtin",
            "-engine cmd=a -engine cmd=b -swap2 -openings none",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn about_names() {
        assert_eq!(
            about_name(r#"name="Wuzi", version="0.1.0", author="Wuzi team""#).as_deref(),
            Some("Wuzi 0.1.0")
        );
        assert_eq!(about_name(r#"author="x", name="Y""#).as_deref(), Some("Y"));
        assert_eq!(about_name("name=plain, author=z").as_deref(), Some("plain"));
        assert_eq!(about_name(r#"nickname="no""#), None);
        assert_eq!(about_name("UNKNOWN"), None);
    }
}
