//! The tactical suite's positions (`tests/data/tactics.txt`) and the search that must
//! solve them, shared by `tests/tactics.rs` (which asserts the answers) and
//! `benches/tactics.rs` (which times the solves).

#![allow(dead_code)]

use std::sync::atomic::AtomicBool;
use wuzi::bench::parse_moves;
use wuzi::board::{Board, Cell};
use wuzi::search::{Limits, SearchResult, Searcher};
use wuzi::types::{is_mate, Color, Pos, Rule};

/// One position of the suite (see `tests/tactics.rs` for the fields' meaning).
pub struct Case {
    pub name: String,
    pub board: Board,
    pub kind: String,
    pub answers: Vec<Pos>,
    pub line: Vec<Pos>,
}

/// Every position in `tests/data/tactics.txt`.
pub fn load() -> Vec<Case> {
    include_str!("../data/tactics.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 7, "bad line: {l}");
            let rule = Rule::from_info(f[1].parse().unwrap());
            let size: usize = f[2].parse().unwrap();
            let mut board = Board::new(size, size, rule);
            for m in parse_moves(f[3]) {
                board
                    .play(m)
                    .unwrap_or_else(|e| panic!("{}: {m}: {e}", f[0]));
            }
            assert_eq!(board.winner(), None, "{}: already decided", f[0]);
            Case {
                name: f[0].to_string(),
                board,
                kind: f[4].to_string(),
                answers: parse_moves(f[5]),
                line: parse_moves(f[6]),
            }
        })
        .collect()
}

/// The limits each case gets: depth 12, at most 3M nodes.
pub fn limits() -> Limits {
    Limits {
        nodes: Some(3_000_000),
        ..Limits::depth(12)
    }
}

/// The searcher a case gets: a fresh 16 MB table, and the VCT solver on (it is off in
/// games by default; see `Params::root_vct_threats`) with a fifth of the node budget.
pub fn searcher() -> Searcher {
    let mut s = Searcher::new(16 << 20);
    let mut params = *s.params();
    params.root_vct_threats = 8;
    params.root_vct_percent = 20;
    s.set_params(params);
    s
}

/// A searcher for the prover's attacker moves, with a wide VCT budget.
pub fn oracle_searcher() -> Searcher {
    let mut s = searcher();
    let mut params = *s.params();
    params.root_vct_nodes = 2_000_000;
    params.root_vct_percent = 100;
    s.set_params(params);
    s
}

/// The oracle's move: the searcher's best move within 3M nodes (the VCT solver may
/// take 2M of them).
pub fn oracle_move(s: &mut Searcher, b: &Board) -> Option<Pos> {
    let limits = Limits {
        nodes: Some(3_000_000),
        ..Limits::depth(10)
    };
    s.search(b, &limits, &AtomicBool::new(false))
        .map(|r| r.best)
}

/// Searches a case and says whether the answer is right: a win reports a mate score
/// and plays one of the answers (any move if none are listed), a defence plays one of
/// them, and an avoid case plays none of them. The move must be legal in every case.
pub fn solve(c: &Case) -> (SearchResult, bool) {
    let mut s = searcher();
    let r = s
        .search(&c.board, &limits(), &AtomicBool::new(false))
        .expect("a move");
    let ok = c.board.is_legal(r.best)
        && match c.kind.as_str() {
            "win" | "vct" => {
                r.score > 0
                    && is_mate(r.score)
                    && (c.answers.is_empty() || c.answers.contains(&r.best))
            }
            "defend" => c.answers.contains(&r.best),
            "avoid" => !c.answers.contains(&r.best),
            k => panic!("{}: unknown kind {k}", c.name),
        };
    (r, ok)
}

/// True if `c` playing the empty point `p` makes a five under the board's rule, read
/// from the stones alone (no pattern tables): a run of at least five (freestyle, renju
/// white) or exactly five (standard, renju black). Caro is not supported.
pub fn makes_five(b: &Board, p: Pos, c: Color) -> bool {
    if b.cell(p) != Some(Cell::Empty) {
        return false;
    }
    let exact = match b.rule() {
        Rule::Freestyle => false,
        Rule::Standard => true,
        Rule::Renju => c == Color::Black,
        r => panic!("makes_five: rule {r:?} is not supported"),
    };
    let run = |dx: i64, dy: i64| {
        let mut n = 0;
        let (mut x, mut y) = (p.x as i64 + dx, p.y as i64 + dy);
        while b.contains(x, y) && b.cell(Pos::new(x as u8, y as u8)) == Some(Cell::Stone(c)) {
            n += 1;
            x += dx;
            y += dy;
        }
        n
    };
    [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
        let len = 1 + run(dx, dy) + run(-dx, -dy);
        if exact {
            len == 5
        } else {
            len >= 5
        }
    })
}

/// The empty points of the board.
fn empties(b: &Board) -> Vec<Pos> {
    (0..b.height() as u8)
        .flat_map(|y| (0..b.width() as u8).map(move |x| Pos::new(x, y)))
        .filter(|&p| b.cell(p) == Some(Cell::Empty))
        .collect()
}

/// True if `c` may play the empty point `p` (under renju black may not play a foul).
fn legal_for(b: &Board, p: Pos, c: Color) -> bool {
    b.cell(p) == Some(Cell::Empty) && !(c == Color::Black && b.is_forbidden(p))
}

/// Proposes the attacker's move in a position (the side to move attacks).
type Oracle<'a> = Box<dyn FnMut(&Board) -> Option<Pos> + 'a>;

/// A checker of claimed wins by threats (VCT and VCF) that tries every legal reply of
/// the defender. The attacker's moves come from an oracle (Wuzi's own search), which is
/// trusted for nothing: the checker accepts a win only when every line it walks ends in
/// a five that [`makes_five`] sees, so a wrong oracle move makes the proof fail, never
/// pass.
///
/// At a defender node every legal reply is played. A reply is refuted at once when the
/// attacker still has a five point, or when some move of the attacker (found by trying
/// them all) leaves the attacker two five points and the defender none: one stone
/// cannot block two fives (outside caro, an opponent stone never removes a five point
/// it does not occupy). Every other reply is answered by the oracle and checked again.
pub struct Prover<'a> {
    oracle: Oracle<'a>,
    proved: std::collections::HashSet<(u64, Color)>,
    /// Attacker nodes visited (each one oracle call at most).
    pub nodes: usize,
    /// Give up after this many attacker nodes.
    pub max_nodes: usize,
}

impl<'a> Prover<'a> {
    pub fn new(oracle: impl FnMut(&Board) -> Option<Pos> + 'a) -> Prover<'a> {
        Prover {
            oracle: Box::new(oracle),
            proved: Default::default(),
            nodes: 0,
            max_nodes: 5_000,
        }
    }

    /// A prover whose oracle is Wuzi's search ([`oracle_searcher`], [`oracle_move`]).
    pub fn wuzi() -> Prover<'static> {
        let mut s = oracle_searcher();
        Prover::new(move |b: &Board| oracle_move(&mut s, b))
    }

    /// Ok if the side to move wins by force within `budget` moves of its own.
    pub fn attacker_wins(&mut self, b: &mut Board, budget: usize) -> Result<(), String> {
        let me = b.side_to_move();
        if empties(b).iter().any(|&p| makes_five(b, p, me)) {
            return Ok(());
        }
        let key = (b.hash(), me);
        if self.proved.contains(&key) {
            return Ok(());
        }
        self.nodes += 1;
        if budget == 0 || self.nodes > self.max_nodes {
            return Err(format!(
                "gave up (budget or nodes) at {:?}",
                b.history().last()
            ));
        }
        let m = (self.oracle)(b).ok_or("the oracle has no move")?;
        if !b.is_legal(m) {
            return Err(format!("the oracle's move {m} is not legal"));
        }
        b.play(m).unwrap();
        let r = self.defender_loses(b, budget - 1);
        b.undo();
        r.map_err(|e| format!("{m} {e}"))?;
        self.proved.insert(key);
        Ok(())
    }

    /// Ok if every legal reply of the side to move loses (see [`Prover`]).
    pub fn defender_loses(&mut self, b: &mut Board, budget: usize) -> Result<(), String> {
        let defender = b.side_to_move();
        let attacker = defender.opp();
        let free = empties(b);
        if let Some(p) = free.iter().find(|&&p| makes_five(b, p, defender)) {
            return Err(format!("the defender makes five at {p}"));
        }
        let fives: Vec<Pos> = free
            .iter()
            .copied()
            .filter(|&p| makes_five(b, p, attacker))
            .collect();
        let mut followups: Option<Vec<Pos>> = None;
        for &r in &free {
            if !legal_for(b, r, defender) {
                continue;
            }
            b.play(r).unwrap();
            let refuted = fives.iter().any(|&f| f != r && makes_five(b, f, attacker)) || {
                let fs = followups.get_or_insert_with(|| double_five_moves(b, r, attacker));
                fs.iter()
                    .any(|&f| f != r && double_five_after(b, f, attacker))
            };
            let r_result = if refuted {
                Ok(())
            } else {
                self.attacker_wins(b, budget)
            };
            b.undo();
            r_result.map_err(|e| format!("/ {r} {e}"))?;
        }
        Ok(())
    }
}

/// The moves of `attacker` (to move in `b` after the defender's `r`, which is then taken
/// back) that leave it two five points: its candidate follow-ups against any reply.
fn double_five_moves(b: &mut Board, r: Pos, attacker: Color) -> Vec<Pos> {
    let mut t = b.clone();
    t.remove(r).unwrap();
    t.set_side_to_move(attacker);
    empties(&t)
        .into_iter()
        .filter(|&f| {
            legal_for(&t, f, attacker) && {
                t.play(f).unwrap();
                let n = empties(&t)
                    .iter()
                    .filter(|&&p| makes_five(&t, p, attacker))
                    .count();
                t.undo();
                n >= 2
            }
        })
        .collect()
}

/// True if `attacker` (to move) playing `f` leaves itself two five points and the
/// defender none.
fn double_five_after(b: &mut Board, f: Pos, attacker: Color) -> bool {
    if !legal_for(b, f, attacker) {
        return false;
    }
    b.play(f).unwrap();
    let free = empties(b);
    let ok = !free.iter().any(|&p| makes_five(b, p, attacker.opp()))
        && free
            .iter()
            .filter(|&&p| makes_five(b, p, attacker))
            .take(2)
            .count()
            == 2;
    b.undo();
    ok
}
