//! The game position: stones, walls, side to move, history, and the rules' verdicts.
//!
//! Internally the board is padded by [`HALF`] wall cells on every side, so every line
//! window can be read and updated without bounds checks. Every line of the padded
//! board (row, column and both diagonals) is one word, two bits a cell, so a move
//! flips four words and a cell's line key (see [`crate::pattern`]) is a shift and a
//! mask of its line's word. For every empty cell the board keeps, for each colour, the
//! pattern a stone there would make on each line, the cell's threat class and its
//! evaluation value. Placing a stone updates only the 40 cells within reach; taking it
//! back flips the four words and restores the saved cells.

mod hash;
mod lines;
mod renju;
mod threat;
mod verify;

pub use threat::{combo_parts, combo_threat, is_foul_code, Threat, COMBO_CODES};

use crate::eval::classical::{combo_bonuses, threat_mask};
use lines::{line_refs, pair_table, UndoFrame};
pub(crate) use threat::CellInfo;
use threat::{combo_tables, ComboTable};

use crate::cellset::CellSet;
use crate::pattern::{FiveRule, PairLookup, HALF};
use crate::types::{Color, Pos, Rule, MAX_SIZE, MIN_SIZE};
/// What occupies a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Stone(Color),
    /// A blocked point (BOARD field 3 in continuous games).
    Wall,
}

/// Why a stone cannot be placed or removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The point is outside the board.
    OffBoard,
    /// The point already holds a stone or wall.
    Occupied,
    /// There is no stone at the point (for removal).
    NoStone,
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            MoveError::OffBoard => "point is off the board",
            MoveError::Occupied => "point is occupied",
            MoveError::NoStone => "no stone at that point",
        })
    }
}

pub(crate) const EMPTY: u8 = 0;

pub(crate) const WALL: u8 = 3;

#[inline]
fn stone(c: Color) -> u8 {
    c as u8 + 1
}

/// A Gomoku position.
#[derive(Clone)]
pub struct Board {
    width: usize,
    height: usize,
    /// Padded row length.
    stride: usize,
    rule: Rule,
    /// Both colours' pattern for every line key under the rule (see [`pair_table`]).
    pairs: &'static PairLookup,
    cells: Vec<u8>,
    /// Every line of the padded board, two bits a cell (see [`line_key`]).
    lines: Vec<u128>,
    /// Per cell and direction: the index of its line in `lines` (high bits) and its
    /// position on it (low 8 bits).
    line_of: Vec<[u32; 4]>,
    info: Vec<[CellInfo; 2]>,
    /// Number of stones in the 5x5 square around each cell.
    near: Vec<u8>,
    /// The empty cells with a stone in their 5x5 square (the search's candidates).
    cands: CellSet,
    /// Per colour, the empty cells where it makes at least a four.
    fours: [CellSet; 2],
    /// Sum of `value` over empty cells, per colour.
    value_sum: [i32; 2],
    /// Number of empty cells of each threat class, per colour.
    threat_count: [[u16; 8]; 2],
    /// Number of empty cells where the colour makes an open four, per colour.
    open_four_count: [u16; 2],
    /// Per colour, the combination table (see [`combo_table`]).
    combos: [&'static ComboTable; 2],
    /// Cell data saved by `make` for `unmake`, and one frame per `make`.
    undo_cells: Vec<(u32, [CellInfo; 2])>,
    /// The four-set memberships `make` flipped (cell index, colour in bit 31).
    undo_fours: Vec<u32>,
    undo_frames: Vec<UndoFrame>,
    hash: u64,
    side: Color,
    history: Vec<(Pos, Color)>,
    empties: usize,
    dirs: [isize; 4],
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "Board {}x{} {:?} side {:?}",
            self.width, self.height, self.rule, self.side
        )?;
        for y in 0..self.height {
            for x in 0..self.width {
                let c = match self.cells[self.index(Pos::new(x as u8, y as u8))] {
                    EMPTY => '.',
                    1 => 'X',
                    2 => 'O',
                    _ => '#',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// True when colour `c` has forbidden points under `rule`: black under renju.
fn fouls_for(rule: Rule, c: Color) -> bool {
    rule == Rule::Renju && c == Color::Black
}

/// Whether a board of `width` x `height` has more than 15x15 cells (see
/// [`Board::larger_than_15x15`]; also asked before the board is built).
fn more_than_15x15(width: usize, height: usize) -> bool {
    width * height > 15 * 15
}

/// The win condition for each colour under a rule.
pub fn five_rules(rule: Rule) -> [FiveRule; 2] {
    match rule {
        Rule::Freestyle => [FiveRule::AtLeast; 2],
        Rule::Standard => [FiveRule::Exact; 2],
        Rule::Renju => [FiveRule::Exact, FiveRule::AtLeast],
        Rule::Caro => [FiveRule::CaroAtLeast; 2],
        Rule::CaroStandard => [FiveRule::CaroExact; 2],
    }
}

impl Board {
    /// An empty board. Panics if a side is outside `MIN_SIZE..=MAX_SIZE`.
    pub fn new(width: usize, height: usize, rule: Rule) -> Board {
        assert!((MIN_SIZE..=MAX_SIZE).contains(&width) && (MIN_SIZE..=MAX_SIZE).contains(&height));
        let stride = width + 2 * HALF;
        let n = stride * (height + 2 * HALF);
        let mut b = Board {
            width,
            height,
            stride,
            rule,
            pairs: pair_table(rule),
            cells: vec![WALL; n],
            lines: Vec::new(),
            line_of: line_refs(stride, height + 2 * HALF),
            info: vec![[CellInfo::default(); 2]; n],
            near: vec![0; n],
            cands: CellSet::for_cells(n),
            fours: [CellSet::for_cells(n); 2],
            value_sum: [0; 2],
            threat_count: [[0; 8]; 2],
            open_four_count: [0; 2],
            combos: combo_tables(rule, more_than_15x15(width, height)),
            undo_cells: Vec::with_capacity(4096),
            undo_fours: Vec::with_capacity(1024),
            undo_frames: Vec::with_capacity(256),
            hash: 0,
            side: Color::Black,
            history: Vec::new(),
            empties: width * height,
            dirs: [1, stride as isize, stride as isize + 1, stride as isize - 1],
        };
        for y in 0..height {
            for x in 0..width {
                let i = b.index(Pos::new(x as u8, y as u8));
                b.cells[i] = EMPTY;
            }
        }
        b.rebuild();
        b
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether the board has more than 15x15 cells (the size the evaluation's 15x15
    /// fits and the search's small-board switch lists were made on).
    pub fn larger_than_15x15(&self) -> bool {
        more_than_15x15(self.width(), self.height())
    }

    /// The combination bonuses the board's cell values use ([`combo_bonuses`]).
    pub fn combo_bonuses(&self) -> &'static [([u8; 4], i32)] {
        combo_bonuses(self.rule(), self.larger_than_15x15())
    }

    /// The rule in force.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// True when colour `c` has forbidden points: black under renju.
    pub fn has_fouls(&self, c: Color) -> bool {
        fouls_for(self.rule, c)
    }

    /// Changes the rule, keeping the stones (rebuilds the rule-dependent data).
    pub fn set_rule(&mut self, rule: Rule) {
        if rule != self.rule {
            self.rule = rule;
            self.pairs = pair_table(rule);
            self.combos = combo_tables(rule, self.larger_than_15x15());
            self.rebuild();
        }
    }

    /// True if (x, y) lies on the board.
    pub fn contains(&self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height
    }

    /// Internal index of an on-board point.
    #[inline]
    pub(crate) fn index(&self, p: Pos) -> usize {
        (p.y as usize + HALF) * self.stride + p.x as usize + HALF
    }

    /// The point of an internal index.
    #[inline]
    pub(crate) fn pos(&self, i: usize) -> Pos {
        Pos::new(
            (i % self.stride - HALF) as u8,
            (i / self.stride - HALF) as u8,
        )
    }

    /// What is at `p`; `None` when `p` is off the board.
    pub fn cell(&self, p: Pos) -> Option<Cell> {
        if !self.contains(p.x as i64, p.y as i64) {
            return None;
        }
        Some(match self.cells[self.index(p)] {
            EMPTY => Cell::Empty,
            1 => Cell::Stone(Color::Black),
            2 => Cell::Stone(Color::White),
            _ => Cell::Wall,
        })
    }

    /// The colour to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Sets the colour to move (after a BOARD command).
    pub fn set_side_to_move(&mut self, c: Color) {
        self.side = c;
    }

    /// Places a stone of the side to move at `p` and passes the turn.
    pub fn play(&mut self, p: Pos) -> Result<(), MoveError> {
        self.place(p, self.side)?;
        self.side = self.side.opp();
        Ok(())
    }

    /// Places a stone of colour `c` at `p` without changing the side to move.
    pub fn place(&mut self, p: Pos, c: Color) -> Result<(), MoveError> {
        match self.cell(p) {
            None => Err(MoveError::OffBoard),
            Some(Cell::Empty) => {
                let i = self.index(p);
                self.set_cell(i, stone(c));
                self.history.push((p, c));
                Ok(())
            }
            Some(_) => Err(MoveError::Occupied),
        }
    }

    /// Puts a wall (a point nobody may use) at `p`.
    pub fn place_wall(&mut self, p: Pos) -> Result<(), MoveError> {
        match self.cell(p) {
            None => Err(MoveError::OffBoard),
            Some(Cell::Empty) => {
                let i = self.index(p);
                self.set_cell(i, WALL);
                Ok(())
            }
            Some(_) => Err(MoveError::Occupied),
        }
    }

    /// Removes the stone at `p` (any stone, not only the last); the side to move becomes
    /// that stone's colour. Returns the colour removed.
    pub fn remove(&mut self, p: Pos) -> Result<Color, MoveError> {
        match self.cell(p) {
            None => Err(MoveError::OffBoard),
            Some(Cell::Stone(c)) => {
                let i = self.index(p);
                self.clear_cell(i);
                if let Some(k) = self.history.iter().rposition(|&(q, _)| q == p) {
                    self.history.remove(k);
                }
                self.side = c;
                Ok(c)
            }
            Some(_) => Err(MoveError::NoStone),
        }
    }

    /// Takes back the last stone placed, if any.
    pub fn undo(&mut self) -> Option<Pos> {
        let &(p, _) = self.history.last()?;
        self.remove(p).ok()?;
        Some(p)
    }

    /// Stones in the order they were placed.
    pub fn history(&self) -> &[(Pos, Color)] {
        &self.history
    }

    /// Number of stones on the board.
    pub fn stone_count(&self) -> usize {
        self.history.len()
    }

    /// True if no empty point is left.
    pub fn is_full(&self) -> bool {
        self.empties == 0
    }

    /// Number of empty points.
    pub fn empty_count(&self) -> usize {
        self.empties
    }

    /// The colour that has a winning line under the rule, if any.
    pub fn winner(&self) -> Option<Color> {
        for &(p, c) in &self.history {
            let i = self.index(p);
            let rule = five_rules(self.rule)[c.index()];
            for d in 0..4 {
                let (len, le, re) = self.run_through(i, d, stone(c));
                let rel = |v: u8| if v == stone(c.opp()) { 2 } else { v.min(1) };
                if rule.is_five(len, rel(le), rel(re)) {
                    return Some(c);
                }
            }
        }
        None
    }

    /// Length of the run of `v` through cell `i` (which holds `v` or is treated as
    /// holding it) in direction `d`, and the cells just past its ends.
    fn run_through(&self, i: usize, d: usize, v: u8) -> (usize, u8, u8) {
        let step = self.dirs[d];
        let mut a = i as isize;
        while self.cells[(a - step) as usize] == v {
            a -= step;
        }
        let mut b = i as isize;
        while self.cells[(b + step) as usize] == v {
            b += step;
        }
        let len = ((b - a) / step + 1) as usize;
        (
            len,
            self.cells[(a - step) as usize],
            self.cells[(b + step) as usize],
        )
    }

    /// True if the side to move may play at `p` (empty, and not a renju foul for black).
    pub fn is_legal(&self, p: Pos) -> bool {
        self.cell(p) == Some(Cell::Empty) && !(self.side == Color::Black && self.is_forbidden(p))
    }

    /// True if `p` is an empty point forbidden for black under renju (always false for
    /// other rules).
    pub fn is_forbidden(&self, p: Pos) -> bool {
        if self.rule != Rule::Renju || self.cell(p) != Some(Cell::Empty) {
            return false;
        }
        let i = self.index(p);
        self.forbidden_at(i)
    }

    // ----------------------------------------------------------- engine accessors

    /// Internal: is `i` the index of an on-board cell (a stale index from another board
    /// may not be)?
    #[inline]
    pub(crate) fn is_cell(&self, i: usize) -> bool {
        i < self.cells.len() && self.is_inner(i)
    }

    /// Internal: what is at padded cell `i`: 0 empty, 1 black, 2 white, 3 wall or
    /// off the board (the padding).
    #[inline]
    pub(crate) fn cell_code(&self, i: usize) -> u8 {
        self.cells[i]
    }

    /// Internal: number of padded cells (every index is below it).
    pub(crate) fn padded_len(&self) -> usize {
        self.cells.len()
    }

    /// Internal: the index step of line direction `d` (row, column, diagonal,
    /// anti-diagonal); the padding keeps [`HALF`] steps from any cell in bounds.
    #[inline]
    pub(crate) fn dir_step(&self, d: usize) -> isize {
        self.dirs[d]
    }

    /// Internal: is cell `i` empty?
    #[inline]
    pub(crate) fn is_empty_at(&self, i: usize) -> bool {
        self.cells[i] == EMPTY
    }

    /// Internal: the derived data of cell `i` for colour `c`.
    #[inline]
    pub(crate) fn info(&self, i: usize, c: Color) -> &CellInfo {
        &self.info[i][c.index()]
    }

    /// The empty cells where `c` makes five, in cell order.
    #[inline]
    pub(crate) fn five_cells(&self, c: Color) -> impl Iterator<Item = usize> + '_ {
        self.four_cells(c)
            .filter(move |&i| self.info[i][c.index()].threat == Threat::Five)
    }

    /// The cell of colour `c`'s last stone played, if it is one of the last two moves.
    pub(crate) fn last_move_of(&self, c: Color) -> Option<usize> {
        self.history
            .iter()
            .rev()
            .take(2)
            .find(|&&(_, col)| col == c)
            .map(|&(p, _)| self.index(p))
    }

    /// True if cells `a` and `b` are within two points of each other in both
    /// directions (the 5x5 square), or on one line within four points.
    pub(crate) fn within_reach(&self, a: usize, b: usize) -> bool {
        let (dx, dy) = self.offsets(a, b);
        let far = dx.max(dy);
        far <= 2 || (far <= 4 && (dx == 0 || dy == 0 || dx == dy))
    }

    /// The larger of the column and row distances between cells `a` and `b`.
    pub(crate) fn distance(&self, a: usize, b: usize) -> i32 {
        let (dx, dy) = self.offsets(a, b);
        dx.max(dy)
    }

    /// The column and row distances between cells `a` and `b`.
    fn offsets(&self, a: usize, b: usize) -> (i32, i32) {
        let (pa, pb) = (self.pos(a), self.pos(b));
        (
            (pa.x as i32 - pb.x as i32).abs(),
            (pa.y as i32 - pb.y as i32).abs(),
        )
    }

    /// Internal: whether cell `j` lies on line `d` through cell `i`, at most `reach`
    /// (up to [`HALF`]) steps away; `i` itself does, on every line. The padding makes
    /// an index difference of `k` steps of `d` mean just that.
    #[inline]
    pub(crate) fn on_line_within(&self, i: usize, j: usize, d: usize, reach: usize) -> bool {
        debug_assert!(reach <= HALF);
        let (diff, step) = (j as isize - i as isize, self.dirs[d]);
        diff % step == 0 && (diff / step).unsigned_abs() <= reach
    }

    /// Internal: the on-board cells up to `reach` steps from cell `i` along line `d`
    /// (not `i` itself).
    pub(crate) fn line_cells(
        &self,
        i: usize,
        d: usize,
        reach: usize,
    ) -> impl Iterator<Item = usize> + '_ {
        let step = self.dirs[d];
        (1..=reach as isize)
            .flat_map(move |k| [i as isize - k * step, i as isize + k * step])
            .map(|j| j as usize)
            .filter(move |&j| j < self.cells.len() && self.cells[j] != WALL)
    }

    /// An empty set sized for this board's cells.
    #[inline]
    pub(crate) fn empty_cell_set(&self) -> CellSet {
        CellSet::for_cells(self.cells.len())
    }

    /// The empty cells with a stone within two points (in the 5x5 square), in cell
    /// order.
    #[inline]
    pub(crate) fn candidates(&self) -> CellSet {
        self.cands
    }

    /// The empty cells where `c` makes at least a four, in cell order.
    #[inline]
    pub(crate) fn four_cells(&self, c: Color) -> impl Iterator<Item = usize> + '_ {
        self.fours[c.index()].iter()
    }

    /// Internal: all on-board cell indices, row by row.
    pub(crate) fn cell_indices(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.height).flat_map(move |y| {
            let row = (y + HALF) * self.stride + HALF;
            row..row + self.width
        })
    }

    /// Number of empty cells where colour `c` has threat class `t`.
    #[inline]
    pub(crate) fn threat_count(&self, c: Color, t: Threat) -> u16 {
        self.threat_count[c.index()][t as usize]
    }

    /// The threat mask of the position with `me` to move (see [`threat_mask`]).
    #[inline]
    pub fn threat_mask(&self, me: Color) -> usize {
        let count = |c: Color| move |t: Threat| self.threat_count(c, t) as u32;
        threat_mask(count(me), count(me.opp()))
    }

    /// Number of empty cells where colour `c` has at least threat class `t`.
    #[inline]
    pub(crate) fn threats_at_least(&self, c: Color, t: Threat) -> u32 {
        self.threat_count[c.index()][t as usize..]
            .iter()
            .map(|&n| n as u32)
            .sum()
    }

    /// Number of empty cells where colour `c` makes an open four.
    #[inline]
    pub(crate) fn open_four_count(&self, c: Color) -> u16 {
        self.open_four_count[c.index()]
    }

    /// Sum of the cell values of colour `c` over the empty cells.
    #[inline]
    pub fn value_sum(&self, c: Color) -> i32 {
        self.value_sum[c.index()]
    }
}

#[cfg(test)]
mod tests;
