//! A match: the schedule (pairs, openings twice with colours swapped), K games at once on
//! worker threads, the running statistics, records written as games finish, and an early
//! stop when the SPRT decides.

use super::engine::{EngineSpec, Process};
use super::game::{self, Fault, GameConfig, GameRecord, Reason, Seat, Swap2Choice};
use super::record;
use super::stats::{Penta, Results, Sprt, SprtState, Wdl};
use crate::types::{Color, Pos};
use anyhow::{Context, Result};
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

/// Who plays whom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Every pair once (with two engines: just the one pair).
    #[default]
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

/// Everything a match needs.
#[derive(Clone, Debug, Default)]
pub struct MatchConfig {
    pub engines: Vec<EngineSpec>,
    pub mode: Mode,
    /// Games per pair.
    pub games: usize,
    /// Games played at the same time.
    pub concurrency: usize,
    pub game: GameConfig,
    /// Openings in the order they are used (each one twice, colours swapped).
    pub openings: Vec<Vec<Pos>>,
    /// One process per engine and worker, reused across games (START per game).
    pub reuse: bool,
    /// Stop early when this test decides (two engines only).
    pub sprt: Option<Sprt>,
    /// Write one PSQ file per game into this folder.
    pub psq_dir: Option<PathBuf>,
    /// Write every game into this SGF collection.
    pub sgf_file: Option<PathBuf>,
    /// Write one CSV line per brain and game (think times, memory, process id).
    pub stats_file: Option<PathBuf>,
}

/// One scheduled game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    pub index: usize,
    pub pair: usize,
    /// The round: a pair's two games of one round share the opening, colours swapped.
    pub round: usize,
    /// Engine indices, black first.
    pub players: [usize; 2],
    pub opening: Option<usize>,
}

/// The pairs and the games, in playing order: round by round (one opening per round,
/// played twice with colours swapped), every pair in each round. A pair's first engine
/// has black in the first game of even rounds and in the second game of odd ones, so
/// that whatever sets a round's second game apart from its first favours neither
/// engine. (With the first engine always black first, in A/A self-play on the
/// screened freestyle openings, it lost both games of a pair in 213 pairs and won both
/// in 166 over eight runs, as black won a round's second game more often than its
/// first; see README "Openings".)
pub fn schedule(
    engines: usize,
    mode: Mode,
    games: usize,
    openings: usize,
) -> (Vec<(usize, usize)>, Vec<Job>) {
    let pairs: Vec<(usize, usize)> = match mode {
        Mode::Gauntlet => (1..engines).map(|j| (0, j)).collect(),
        Mode::RoundRobin => (0..engines)
            .flat_map(|i| (i + 1..engines).map(move |j| (i, j)))
            .collect(),
    };
    let mut jobs = Vec::new();
    for round in 0..games.div_ceil(2) {
        let opening = (openings > 0).then(|| round % openings);
        for (pi, &(a, b)) in pairs.iter().enumerate() {
            for k in 0..2 {
                if 2 * round + k >= games {
                    continue;
                }
                jobs.push(Job {
                    index: jobs.len(),
                    pair: pi,
                    round,
                    players: if (k + round) % 2 == 0 { [a, b] } else { [b, a] },
                    opening,
                });
            }
        }
    }
    (pairs, jobs)
}

/// Per-engine counters.
#[derive(Clone, Debug, Default)]
pub struct EngineStats {
    /// Results against everyone.
    pub wdl: Wdl,
    /// Losses by fault, by kind.
    pub faults: BTreeMap<Fault, u32>,
    /// Moves played (opening stones excluded), their total and longest think time.
    pub moves: u64,
    pub total_ms: u64,
    pub max_ms: u64,
    /// Times the process had to be killed after END.
    pub killed: u32,
}

/// Counts of how games ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ends {
    pub five: u32,
    pub foul: u32,
    pub full_board: u32,
    pub move_limit: u32,
    pub fault: u32,
}

/// The state of a match, updated after every game.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub pairs: Vec<(usize, usize)>,
    /// Results per pair, from the first engine of the pair's side ...
    pub pair_wdl: Vec<Wdl>,
    /// ... and by game pairs (both games of a round finished).
    pub pair_penta: Vec<Penta>,
    /// The first finished game of each round whose other game is still out: its score
    /// for the pair's first engine, by (pair, round).
    pub half_pairs: HashMap<(usize, usize), f64>,
    pub engines: Vec<EngineStats>,
    pub ends: Ends,
    /// Results from black's side (how balanced the openings are).
    pub black: Wdl,
    /// Swap2 openings: how many were decided each way, in the order of
    /// [`Swap2Choice::ALL`].
    pub swap2: [u32; 4],
    pub played: usize,
    pub total: usize,
    pub elapsed: Duration,
    /// The SPRT's log-likelihood ratio and decision so far.
    pub sprt: Option<(f64, SprtState)>,
    /// True when the SPRT stopped the match before the schedule ran out.
    pub stopped_early: bool,
}

impl Summary {
    fn add(&mut self, job: &Job, r: &GameRecord) {
        self.played += 1;
        let (a, _) = self.pairs[job.pair];
        if let Some(s) = r.score_of(a) {
            self.pair_wdl[job.pair].add(s);
            self.add_half(job.pair, job.round, s);
        }
        for (ci, &e) in r.players.iter().enumerate() {
            let st = &mut self.engines[e];
            if let Some(s) = r.score_of(e) {
                st.wdl.add(s);
            }
            if r.killed[ci] {
                st.killed += 1;
            }
        }
        for (k, m) in r.moves.iter().enumerate().skip(r.opening_len) {
            let e = r.players[k % 2];
            if let Some(ms) = m.ms {
                let st = &mut self.engines[e];
                st.moves += 1;
                st.total_ms += ms;
                st.max_ms = st.max_ms.max(ms);
            }
        }
        if let Some(c) = r.swap2 {
            if let Some(k) = Swap2Choice::ALL.iter().position(|&x| x == c) {
                self.swap2[k] += 1;
            }
        }
        self.black.add(match r.outcome.winner {
            None => 0.5,
            Some(Color::Black) => 1.0,
            Some(Color::White) => 0.0,
        });
        if let Some((c, f)) = r.fault() {
            *self.engines[r.players[c.index()]]
                .faults
                .entry(f)
                .or_default() += 1;
        }
        match r.outcome.reason {
            Reason::Five => self.ends.five += 1,
            Reason::Foul => self.ends.foul += 1,
            Reason::FullBoard => self.ends.full_board += 1,
            Reason::MoveLimit => self.ends.move_limit += 1,
            Reason::Fault { .. } => self.ends.fault += 1,
        }
    }

    /// Counts game `score` of `pair` in `round` into the game pairs: held until the
    /// round's other game is in.
    fn add_half(&mut self, pair: usize, round: usize, score: f64) {
        match self.half_pairs.remove(&(pair, round)) {
            Some(first) => self.pair_penta[pair].add(first, score),
            None => {
                self.half_pairs.insert((pair, round), score);
            }
        }
    }

    /// What the SPRT reads for the first pair.
    pub fn results(&self) -> Results {
        Results {
            wdl: self.pair_wdl[0],
            penta: self.pair_penta[0],
        }
    }

    /// Total faults over all engines.
    pub fn fault_count(&self) -> u32 {
        self.engines
            .iter()
            .map(|e| e.faults.values().sum::<u32>())
            .sum()
    }
}

/// Plays the match. `on_game` sees every finished game with the summary so far (in the
/// order games finish). Returns the final summary; `Err` if an engine cannot be started
/// or a record cannot be written.
pub fn run(cfg: &MatchConfig, mut on_game: impl FnMut(&GameRecord, &Summary)) -> Result<Summary> {
    let (pairs, jobs) = schedule(cfg.engines.len(), cfg.mode, cfg.games, cfg.openings.len());
    let mut summary = Summary {
        pair_wdl: vec![Wdl::default(); pairs.len()],
        pair_penta: vec![Penta::default(); pairs.len()],
        pairs,
        engines: vec![EngineStats::default(); cfg.engines.len()],
        total: jobs.len(),
        ..Summary::default()
    };
    let sprt = cfg.sprt.filter(|_| summary.pairs.len() == 1);
    if let Some(t) = sprt {
        summary.sprt = Some((0.0, t.state(&Results::default())));
    }
    if let Some(d) = &cfg.psq_dir {
        std::fs::create_dir_all(d).with_context(|| format!("creating {}", d.display()))?;
    }
    let create =
        |f: &PathBuf| std::fs::File::create(f).with_context(|| format!("creating {}", f.display()));
    let mut sgf = cfg.sgf_file.as_ref().map(create).transpose()?;
    let mut stats = cfg.stats_file.as_ref().map(create).transpose()?;
    if let Some(f) = stats.as_mut() {
        f.write_all(record::STATS_HEADER.as_bytes())
            .context("writing the stats file")?;
    }

    let started = Instant::now();
    let queue = Mutex::new(jobs.into_iter().collect::<VecDeque<Job>>());
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Result<(Job, GameRecord)>>();
    let workers = cfg.concurrency.max(1).min(summary.total.max(1));
    let mut failure: Option<anyhow::Error> = None;
    std::thread::scope(|s| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (queue, stop) = (&queue, &stop);
            s.spawn(move || worker(cfg, queue, stop, tx));
        }
        drop(tx);
        for msg in rx {
            match msg {
                Err(e) => {
                    stop.store(true, Ordering::SeqCst);
                    failure.get_or_insert(e);
                }
                Ok((job, r)) => {
                    summary.add(&job, &r);
                    summary.elapsed = started.elapsed();
                    if let Err(e) = write_records(cfg, &r, sgf.as_mut(), stats.as_mut()) {
                        stop.store(true, Ordering::SeqCst);
                        failure.get_or_insert(e);
                    }
                    if let Some(t) = sprt {
                        if sprt_update(&mut summary, &t) && !stop.swap(true, Ordering::SeqCst) {
                            summary.stopped_early = summary.played < summary.total;
                        }
                    }
                    on_game(&r, &summary);
                }
            }
        }
    });
    summary.elapsed = started.elapsed();
    if summary.played < summary.total && failure.is_none() {
        summary.stopped_early = true;
    }
    match failure {
        Some(e) => Err(e),
        None => Ok(summary),
    }
}

fn write_records(
    cfg: &MatchConfig,
    r: &GameRecord,
    sgf: Option<&mut std::fs::File>,
    stats: Option<&mut std::fs::File>,
) -> Result<()> {
    if let Some(d) = &cfg.psq_dir {
        let path = d.join(record::psq_file_name(r));
        std::fs::write(&path, record::psq(r))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if let Some(f) = sgf {
        f.write_all(record::sgf(r).as_bytes())
            .and_then(|_| f.flush())
            .context("writing the SGF file")?;
    }
    if let Some(f) = stats {
        f.write_all(record::stats_lines(r).as_bytes())
            .and_then(|_| f.flush())
            .context("writing the stats file")?;
    }
    Ok(())
}

/// Takes jobs until the queue is empty or the match stops. With `reuse`, processes stay
/// in this worker's slots between games and are ended when it finishes.
fn worker(
    cfg: &MatchConfig,
    queue: &Mutex<VecDeque<Job>>,
    stop: &AtomicBool,
    tx: mpsc::Sender<Result<(Job, GameRecord)>>,
) {
    let mut slots: Vec<Option<Process>> = (0..cfg.engines.len()).map(|_| None).collect();
    loop {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let Some(job) = queue.lock().expect("queue").pop_front() else {
            break;
        };
        let [b, w] = job.players;
        let (mut pb, mut pw) = (slots[b].take(), slots[w].take());
        let opening: &[Pos] = job
            .opening
            .map(|i| cfg.openings[i].as_slice())
            .unwrap_or(&[]);
        let res = game::play(
            &cfg.game,
            [
                Seat {
                    spec: &cfg.engines[b],
                    process: &mut pb,
                },
                Seat {
                    spec: &cfg.engines[w],
                    process: &mut pw,
                },
            ],
            opening,
            job.opening,
            job.index,
            job.players,
            cfg.reuse,
        );
        slots[b] = pb;
        slots[w] = pw;
        let failed = res.is_err();
        if tx.send(res.map(|r| (job, r))).is_err() || failed {
            break;
        }
    }
    let grace = Duration::from_millis(cfg.game.grace_ms);
    for p in slots.into_iter().flatten() {
        p.end(grace);
    }
}

/// Updates the SPRT after a game; true when this game decided it. A decision is final:
/// games still being played when it is reached (with `-concurrency` above 1) are
/// counted in the results but do not reopen it, as in fishtest. (They used to: a match
/// stopped by an accepted H1 could report "no decision" after one more game came in.)
fn sprt_update(summary: &mut Summary, t: &Sprt) -> bool {
    if summary
        .sprt
        .is_some_and(|(_, state)| state != SprtState::Continue)
    {
        return false;
    }
    let r = summary.results();
    let state = t.state(&r);
    summary.sprt = Some((t.llr(&r), state));
    state != SprtState::Continue
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::stats::Model;

    /// Once H1 is accepted, a game finished after the decision (another worker's) is
    /// counted but leaves the decision and its LLR as they were.
    #[test]
    fn an_sprt_decision_is_final() {
        let t = Sprt {
            elo0: 0.0,
            elo1: 30.0,
            alpha: 0.05,
            beta: 0.05,
            model: Model::Trinomial,
        };
        let mut s = Summary {
            pairs: vec![(0, 1)],
            pair_wdl: vec![Wdl::default()],
            pair_penta: vec![Penta::default()],
            total: 400,
            sprt: Some((0.0, SprtState::Continue)),
            ..Summary::default()
        };
        let mut decided_at = None;
        for game in 1..=400 {
            // Wins three games in five: H1 is accepted well before 400 games.
            s.pair_wdl[0].add(if game % 5 < 3 { 1.0 } else { 0.0 });
            if sprt_update(&mut s, &t) {
                decided_at = Some(game);
                break;
            }
        }
        let at = decided_at.expect("H1 accepted");
        let (llr, state) = s.sprt.unwrap();
        assert_eq!(state, SprtState::AcceptH1);
        // A late loss would put the LLR back under the bound on its own.
        s.pair_wdl[0].add(0.0);
        assert_eq!(t.state(&s.results()), SprtState::Continue, "game {at}");
        assert!(!sprt_update(&mut s, &t));
        assert_eq!(s.sprt, Some((llr, SprtState::AcceptH1)));
    }

    /// A round's two games make a pair whichever finishes first, and only when both
    /// are in; other pairs and rounds stay apart.
    #[test]
    fn game_pairs_wait_for_both_games() {
        let mut s = Summary {
            pairs: vec![(0, 1), (0, 2)],
            pair_penta: vec![Penta::default(); 2],
            ..Summary::default()
        };
        s.add_half(0, 0, 1.0);
        s.add_half(0, 1, 0.0);
        s.add_half(1, 0, 0.5);
        assert_eq!(s.pair_penta[0].pairs(), 0);
        s.add_half(0, 1, 0.0);
        assert_eq!(s.pair_penta[0].counts, [1, 0, 0, 0, 0]);
        s.add_half(0, 0, 0.0);
        assert_eq!(s.pair_penta[0].counts, [1, 0, 1, 0, 0]);
        assert_eq!(s.pair_penta[1].pairs(), 0);
        s.add_half(1, 0, 1.0);
        assert_eq!(s.pair_penta[1].counts, [0, 0, 0, 1, 0]);
        assert!(s.half_pairs.is_empty());
        let (_, jobs) = schedule(2, Mode::RoundRobin, 5, 3);
        let rounds: Vec<usize> = jobs.iter().map(|j| j.round).collect();
        assert_eq!(rounds, vec![0, 0, 1, 1, 2]);
    }

    #[test]
    fn schedules() {
        let (pairs, jobs) = schedule(2, Mode::RoundRobin, 4, 3);
        assert_eq!(pairs, vec![(0, 1)]);
        let p: Vec<_> = jobs.iter().map(|j| (j.players, j.opening)).collect();
        assert_eq!(
            p,
            vec![
                ([0, 1], Some(0)),
                ([1, 0], Some(0)),
                ([1, 0], Some(1)),
                ([0, 1], Some(1)),
            ]
        );
        // Odd game count: the last opening is played once.
        let (_, jobs) = schedule(2, Mode::RoundRobin, 3, 0);
        assert_eq!(jobs.len(), 3);
        assert_eq!(jobs[2].players, [1, 0]);
        assert_eq!(jobs[2].opening, None);
        // Each engine has black first in half the rounds, and black once a round.
        let (_, jobs) = schedule(3, Mode::Gauntlet, 40, 7);
        for pair in [0, 1] {
            let mine: Vec<&Job> = jobs.iter().filter(|j| j.pair == pair).collect();
            let first_black_first = mine.chunks(2).filter(|r| r[0].players[0] == 0).count();
            assert_eq!(first_black_first, 10, "pair {pair}");
            assert!(mine.chunks(2).all(|r| r[0].players[0] == r[1].players[1]));
        }
        // Openings wrap around.
        let (_, jobs) = schedule(2, Mode::RoundRobin, 6, 2);
        assert_eq!(jobs[4].opening, Some(0));
        let (pairs, jobs) = schedule(4, Mode::Gauntlet, 2, 5);
        assert_eq!(pairs, vec![(0, 1), (0, 2), (0, 3)]);
        assert_eq!(jobs.len(), 6);
        let (pairs, jobs) = schedule(4, Mode::RoundRobin, 2, 5);
        assert_eq!(pairs.len(), 6);
        assert_eq!(jobs.len(), 12);
        assert!(jobs.iter().enumerate().all(|(i, j)| j.index == i));
    }
}
