//! The game position: stones, walls, side to move, history, and the rules' verdicts.
//!
//! PLACEHOLDER implementation with the final public API; the incremental pattern board
//! replaces the internals.

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

/// A Gomoku position.
#[derive(Clone, Debug)]
pub struct Board {
    width: usize,
    height: usize,
    rule: Rule,
    cells: Vec<Cell>,
    side: Color,
    history: Vec<(Pos, Color)>,
}

impl Board {
    /// An empty board. Panics if a side is outside `MIN_SIZE..=MAX_SIZE`.
    pub fn new(width: usize, height: usize, rule: Rule) -> Board {
        assert!((MIN_SIZE..=MAX_SIZE).contains(&width) && (MIN_SIZE..=MAX_SIZE).contains(&height));
        Board {
            width,
            height,
            rule,
            cells: vec![Cell::Empty; width * height],
            side: Color::Black,
            history: Vec::new(),
        }
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The rule in force.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Changes the rule, keeping the stones.
    pub fn set_rule(&mut self, rule: Rule) {
        self.rule = rule;
    }

    /// True if (x, y) lies on the board.
    pub fn contains(&self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height
    }

    /// What is at `p`; `None` when `p` is off the board.
    pub fn cell(&self, p: Pos) -> Option<Cell> {
        self.contains(p.x as i64, p.y as i64)
            .then(|| self.cells[p.y as usize * self.width + p.x as usize])
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
                self.cells[p.y as usize * self.width + p.x as usize] = Cell::Stone(c);
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
                self.cells[p.y as usize * self.width + p.x as usize] = Cell::Wall;
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
                self.cells[p.y as usize * self.width + p.x as usize] = Cell::Empty;
                self.history.retain(|&(q, _)| q != p);
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
        !self.cells.contains(&Cell::Empty)
    }

    /// Number of empty points.
    pub fn empty_count(&self) -> usize {
        self.cells.iter().filter(|&&c| c == Cell::Empty).count()
    }

    /// The colour that has a winning line under the rule, if any.
    pub fn winner(&self) -> Option<Color> {
        None
    }

    /// True if the side to move may play at `p` (empty, and not a renju foul for black).
    pub fn is_legal(&self, p: Pos) -> bool {
        self.cell(p) == Some(Cell::Empty)
    }

    /// True if `p` is forbidden for black under renju (always false for other rules).
    pub fn is_forbidden(&self, _p: Pos) -> bool {
        false
    }
}
