//! The threats on the board as the search sees them: one scan per node, five
//! defences (caro's two), quick wins, and the fallback move.

use crate::board::{Board, Threat};
use crate::cellset::CellSet;
use crate::pattern::Pattern;
use crate::types::{Color, Pos, Rule};

/// The threats on the board, from one scan of the candidate cells.
#[derive(Default)]
pub(super) struct Scan {
    /// A cell where the side to move makes five.
    pub(super) my_five: Option<usize>,
    /// How many cells the opponent makes five on.
    pub(super) opp_fives: usize,
    /// The side to move can make an open four or a double four somewhere (not checked
    /// for renju legality).
    pub(super) my_four_four: bool,
    /// The opponent has some move that makes a four.
    pub(super) opp_has_four: bool,
    /// The opponent has some move that makes an open four (he has a three).
    pub(super) opp_has_three: bool,
}

pub(super) fn board_pos(b: &Board, i: usize) -> Pos {
    b.pos(i)
}

/// The threats both sides have, from the board's incremental counts; the board is
/// walked only when a particular cell is needed (our five point, or, under renju,
/// whether black's open-four points are legal).
pub(super) fn scan(b: &Board) -> Scan {
    let me = b.side_to_move();
    let opp = me.opp();
    let mut s = Scan {
        opp_fives: b.threat_count(opp, Threat::Five) as usize,
        opp_has_four: b.threats_at_least(opp, Threat::Four) > 0,
        my_four_four: b.threat_count(me, Threat::FourFour) > 0,
        ..Scan::default()
    };
    if b.threat_count(me, Threat::Five) > 0 {
        // We win at once: the opponent's threes do not matter.
        s.my_five = five_point(b, me);
        return s;
    }
    s.opp_has_three = has_real_three(b, opp);
    s
}

/// True if the side to move, facing no five and no possible four of the opponent's,
/// has a four-three or a double three (see `Params::quick_win`), which wins in five
/// plies. Not under caro (where one stone may stop a five past its end) nor for
/// renju black (whose open-four points may be fouls).
pub(super) fn quick_win(b: &Board, s: &Scan) -> bool {
    let me = b.side_to_move();
    s.opp_fives == 0
        && !s.opp_has_four
        && !is_caro(b)
        && !b.has_fouls(me)
        && (b.threat_count(me, Threat::FourThree) > 0 || b.threat_count(me, Threat::ThreeThree) > 0)
}

/// True if `c` has a cell where it makes an open four and may play (under renju, black's
/// open-four points must not be fouls).
pub(super) fn has_real_three(b: &Board, c: Color) -> bool {
    if b.open_four_count(c) == 0 {
        return false;
    }
    if !b.has_fouls(c) {
        return true;
    }
    // An open four makes the cell at least a FourFour, so it is among the four cells.
    b.four_cells(c)
        .any(|i| b.info(i, c).pat.contains(&Pattern::F4) && !b.forbidden_at(i))
}

/// The empty cell where `c` makes five (the first in cell order), if any.
pub(super) fn five_point(b: &Board, c: Color) -> Option<usize> {
    b.five_cells(c).next()
}

/// True under the caro rules, where a four can also be stopped past its five point.
pub(super) fn is_caro(b: &Board) -> bool {
    matches!(b.rule(), Rule::Caro | Rule::CaroStandard)
}

/// The empty cells where the side to move (the defender) stops every five of
/// `attacker`, as a set (in cell order, and no allocation at the many nodes that ask).
/// Outside caro that is the five point when there is exactly one, and nothing when
/// there are two. Under caro a five blocked at both ends by the opponent does not win,
/// so the cells along the fives' lines are tried one by one (see
/// [`Board::stone_stops_fives`]).
pub(super) fn five_defences(b: &Board, attacker: Color) -> CellSet {
    let mut out = b.empty_cell_set();
    let mut fives = b.five_cells(attacker);
    let Some(first) = fives.next() else {
        return out;
    };
    if !is_caro(b) {
        if fives.next().is_none() {
            out.set(first, true);
        }
        return out;
    }
    // Every five point, kept inline unless there are many (the walk goes on from the
    // first point rather than reading the four set again).
    let (mut few, mut many, mut n) = ([0usize; 8], Vec::new(), 0);
    for p in std::iter::once(first).chain(fives) {
        if n < few.len() {
            few[n] = p;
        } else {
            if n == few.len() {
                many.extend_from_slice(&few);
            }
            many.push(p);
        }
        n += 1;
    }
    let points = if n <= few.len() { &few[..n] } else { &many[..] };
    // A five can only be killed on the line where it is a five, and a defence must kill
    // the first point's fives too: it is that point or on one of its five lines.
    out.set(first, true);
    let pat = b.info(first, attacker).pat;
    for d in (0..4).filter(|&d| pat[d] == Pattern::F5) {
        for q in b.line_cells(first, d, 5).filter(|&q| b.is_empty_at(q)) {
            out.set(q, true);
        }
    }
    let cands = out;
    for r in cands.iter() {
        if !b.stone_stops_fives(r, attacker, points) {
            out.set(r, false);
        }
    }
    out
}

/// True if the side to move has an open or double four it may legally play.
pub(super) fn has_legal_four_four(b: &Board) -> bool {
    let me = b.side_to_move();
    if b.threat_count(me, Threat::FourFour) == 0 {
        return false;
    }
    !b.has_fouls(me) || legal_four_four(b).is_some()
}

/// A cell where the side to move makes an open or double four and may legally play
/// (renju black may not play a double four, so those cells are checked one by one).
pub(super) fn legal_four_four(b: &Board) -> Option<usize> {
    let me = b.side_to_move();
    if b.threat_count(me, Threat::FourFour) == 0 {
        return None;
    }
    let renju_black = b.has_fouls(me);
    b.four_cells(me)
        .find(|&i| b.info(i, me).threat == Threat::FourFour && !(renju_black && b.forbidden_at(i)))
}

/// True if cell `m` is a point of the board where the side to move may play.
pub(super) fn playable(b: &Board, m: usize) -> bool {
    b.is_cell(m) && b.is_empty_at(m) && b.is_legal(b.pos(m))
}

/// The legal empty point nearest the centre (for an empty board or a desperate one).
pub(super) fn fallback_move(b: &Board) -> Option<usize> {
    let (cx, cy) = (b.width() as i64 - 1, b.height() as i64 - 1);
    b.cell_indices()
        .filter(|&i| b.is_empty_at(i))
        .min_by_key(|&i| {
            let p = b.pos(i);
            let legal = !(b.side_to_move() == Color::Black && b.forbidden_at(i));
            let d = (2 * p.x as i64 - cx).pow(2) + (2 * p.y as i64 - cy).pow(2);
            (!legal, d, i)
        })
}
