//! The referee of one game: legal points, fives by the rule, renju fouls, draws.
//!
//! Wins are judged by [`Board::winner`] (fives per rule: exact five in standard, black's
//! exact five in renju, caro fives not blocked at both ends by the opponent, the edge
//! never blocking) and fouls by [`Board::is_forbidden`] (black's double-three,
//! double-four and overline under renju; a move that makes a five is never a foul).

use crate::board::{Board, Cell};
use crate::types::{Color, Pos, Rule};

/// How a game ended on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// A winning line by the rule.
    Five,
    /// A forbidden move by black under renju: black loses.
    Foul,
    /// No empty point left.
    FullBoard,
    /// The move limit was reached.
    MoveLimit,
}

/// The referee's verdict after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Continue,
    Win(Color, End),
    Draw(End),
}

/// Why a point cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    OffBoard,
    Occupied,
}

impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Illegal::OffBoard => "off the board",
            Illegal::Occupied => "occupied",
        })
    }
}

/// One game's board and its draw limit.
#[derive(Clone)]
pub struct Judge {
    board: Board,
    /// Draw once this many stones are on the board.
    max_stones: Option<usize>,
}

impl Judge {
    /// An empty board; `max_stones` declares a draw when that many stones stand.
    pub fn new(width: usize, height: usize, rule: Rule, max_stones: Option<usize>) -> Judge {
        Judge {
            board: Board::new(width, height, rule),
            max_stones,
        }
    }

    /// The position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The colour to move.
    pub fn to_move(&self) -> Color {
        self.board.side_to_move()
    }

    /// Stones played so far, in order.
    pub fn moves(&self) -> Vec<Pos> {
        self.board.history().iter().map(|&(p, _)| p).collect()
    }

    /// The point (x, y) if it lies on the board.
    pub fn point(&self, x: i64, y: i64) -> Option<Pos> {
        self.board
            .contains(x, y)
            .then(|| Pos::new(x as u8, y as u8))
    }

    /// Checks that (x, y) is an empty point on the board.
    pub fn legal(&self, x: i64, y: i64) -> Result<Pos, Illegal> {
        let p = self.point(x, y).ok_or(Illegal::OffBoard)?;
        match self.board.cell(p) {
            Some(Cell::Empty) => Ok(p),
            _ => Err(Illegal::Occupied),
        }
    }

    /// Plays `p` for the side to move and judges the result.
    pub fn play(&mut self, p: Pos) -> Result<Verdict, Illegal> {
        let p = self.legal(p.x as i64, p.y as i64)?;
        let mover = self.board.side_to_move();
        // Checked before the stone is placed: the foul is a property of the empty point.
        let foul = mover == Color::Black && self.board.is_forbidden(p);
        self.board.play(p).map_err(|_| Illegal::Occupied)?;
        if foul {
            return Ok(Verdict::Win(mover.opp(), End::Foul));
        }
        if let Some(c) = self.board.winner() {
            return Ok(Verdict::Win(c, End::Five));
        }
        if self.board.is_full() {
            return Ok(Verdict::Draw(End::FullBoard));
        }
        if self
            .max_stones
            .is_some_and(|m| self.board.stone_count() >= m)
        {
            return Ok(Verdict::Draw(End::MoveLimit));
        }
        Ok(Verdict::Continue)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays alternating moves given as (x, y); returns the last verdict.
    fn game(size: usize, rule: Rule, moves: &[(u8, u8)]) -> Verdict {
        let mut j = Judge::new(size, size, rule, None);
        let mut v = Verdict::Continue;
        for (k, &(x, y)) in moves.iter().enumerate() {
            assert_eq!(v, Verdict::Continue, "game over before move {k}");
            v = j.play(Pos::new(x, y)).unwrap();
        }
        v
    }

    /// Black on row 7 at `xs` (in order), white answering on row 12 from x = 0 on.
    fn row_game(xs: &[u8], white_first: &[(u8, u8)]) -> Vec<(u8, u8)> {
        let mut out = Vec::new();
        let mut wi = white_first
            .iter()
            .copied()
            .chain((0..15).map(|x| (x, 12 + x % 2)));
        for &x in xs {
            out.push((x, 7));
            out.push(wi.next().unwrap());
        }
        out.pop();
        out
    }

    #[test]
    fn freestyle_five_and_overline() {
        let five = row_game(&[3, 4, 5, 6, 7], &[]);
        assert_eq!(
            game(15, Rule::Freestyle, &five),
            Verdict::Win(Color::Black, End::Five)
        );
        // Six made by filling the gap: wins in freestyle.
        let six = row_game(&[3, 4, 5, 7, 8, 6], &[]);
        assert_eq!(
            game(15, Rule::Freestyle, &six),
            Verdict::Win(Color::Black, End::Five)
        );
    }

    #[test]
    fn standard_overline_is_not_a_win() {
        let six = row_game(&[3, 4, 5, 7, 8, 6], &[]);
        assert_eq!(game(15, Rule::Standard, &six), Verdict::Continue);
        let five = row_game(&[3, 4, 5, 6, 7], &[]);
        assert_eq!(
            game(15, Rule::Standard, &five),
            Verdict::Win(Color::Black, End::Five)
        );
    }

    #[test]
    fn renju_fouls_lose_and_five_beats_a_foul() {
        // Black overline: a foul, black loses.
        let six = row_game(&[3, 4, 5, 7, 8, 6], &[]);
        assert_eq!(
            game(15, Rule::Renju, &six),
            Verdict::Win(Color::White, End::Foul)
        );
        // Double three at (7,7): row (5,7),(6,7) and column (7,5),(7,6).
        let mut j = Judge::new(15, 15, Rule::Renju, None);
        for (b, w) in [
            ((5, 7), (0, 0)),
            ((6, 7), (0, 2)),
            ((7, 5), (0, 4)),
            ((7, 6), (0, 6)),
        ] {
            assert_eq!(j.play(Pos::new(b.0, b.1)), Ok(Verdict::Continue));
            assert_eq!(j.play(Pos::new(w.0, w.1)), Ok(Verdict::Continue));
        }
        assert!(j.board().is_forbidden(Pos::new(7, 7)));
        assert_eq!(
            j.play(Pos::new(7, 7)),
            Ok(Verdict::Win(Color::White, End::Foul))
        );
        // The same shape is fine for white, and fine for black under freestyle.
        let mut j = Judge::new(15, 15, Rule::Freestyle, None);
        for (b, w) in [
            ((5, 7), (0, 0)),
            ((6, 7), (0, 2)),
            ((7, 5), (0, 4)),
            ((7, 6), (0, 6)),
        ] {
            j.play(Pos::new(b.0, b.1)).unwrap();
            j.play(Pos::new(w.0, w.1)).unwrap();
        }
        assert_eq!(j.play(Pos::new(7, 7)), Ok(Verdict::Continue));
        // White overline wins under renju.
        let mut moves = Vec::new();
        let black = [(0, 0), (0, 2), (0, 4), (0, 6), (0, 8), (0, 10)];
        for (i, &x) in [3u8, 4, 5, 7, 8, 6].iter().enumerate() {
            moves.push(black[i]);
            moves.push((x, 7));
        }
        assert_eq!(
            game(15, Rule::Renju, &moves),
            Verdict::Win(Color::White, End::Five)
        );
        // Black's exact five wins under renju.
        let five = row_game(&[3, 4, 5, 6, 7], &[]);
        assert_eq!(
            game(15, Rule::Renju, &five),
            Verdict::Win(Color::Black, End::Five)
        );
    }

    #[test]
    fn caro_blocked_five_is_not_a_win() {
        // White stones at (2,7) and (8,7) block both ends of black's five 3..=7.
        let blocked = row_game(&[3, 4, 5, 6, 7], &[(2, 7), (8, 7)]);
        for rule in [Rule::Caro, Rule::CaroStandard] {
            assert_eq!(game(15, rule, &blocked), Verdict::Continue, "{rule:?}");
            assert_eq!(
                game(15, Rule::Freestyle, &blocked),
                Verdict::Win(Color::Black, End::Five)
            );
        }
        // One end blocked: a win.
        let half = row_game(&[3, 4, 5, 6, 7], &[(2, 7)]);
        assert_eq!(
            game(15, Rule::Caro, &half),
            Verdict::Win(Color::Black, End::Five)
        );
        // The edge does not block: a five from x = 0 with the other end blocked wins.
        let edge = row_game(&[0, 1, 2, 3, 4], &[(5, 7)]);
        assert_eq!(
            game(15, Rule::Caro, &edge),
            Verdict::Win(Color::Black, End::Five)
        );
        assert_eq!(
            game(15, Rule::CaroStandard, &edge),
            Verdict::Win(Color::Black, End::Five)
        );
        // Overline: a win under rule 8, not under rule 9.
        let six = row_game(&[3, 4, 5, 7, 8, 6], &[]);
        assert_eq!(
            game(15, Rule::Caro, &six),
            Verdict::Win(Color::Black, End::Five)
        );
        assert_eq!(game(15, Rule::CaroStandard, &six), Verdict::Continue);
    }

    #[test]
    fn illegal_points_and_draws() {
        let mut j = Judge::new(5, 5, Rule::Freestyle, None);
        assert_eq!(j.legal(5, 0), Err(Illegal::OffBoard));
        assert_eq!(j.legal(-1, 0), Err(Illegal::OffBoard));
        assert_eq!(j.legal(0, 7), Err(Illegal::OffBoard));
        j.play(Pos::new(2, 2)).unwrap();
        assert_eq!(j.play(Pos::new(2, 2)), Err(Illegal::Occupied));
        assert_eq!(j.to_move(), Color::White, "an illegal move changes nothing");
        // Fill a 5x5 board without a five: columns in pairs (x, x+1 same colour per row
        // pattern). Rows alternate colours in blocks so no line reaches five.
        let mut j = Judge::new(5, 5, Rule::Freestyle, None);
        let pattern = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XOXOX"];
        let mut xs: Vec<Pos> = Vec::new();
        let mut os: Vec<Pos> = Vec::new();
        for (y, row) in pattern.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let p = Pos::new(x as u8, y as u8);
                if c == 'X' {
                    xs.push(p)
                } else {
                    os.push(p)
                }
            }
        }
        assert_eq!(xs.len(), 13);
        assert_eq!(os.len(), 12);
        let mut last = Verdict::Continue;
        for i in 0..25 {
            assert_eq!(last, Verdict::Continue);
            let p = if i % 2 == 0 { xs[i / 2] } else { os[i / 2] };
            last = j.play(p).unwrap();
        }
        assert_eq!(last, Verdict::Draw(End::FullBoard));
        // The move limit.
        let mut j = Judge::new(15, 15, Rule::Freestyle, Some(3));
        j.play(Pos::new(0, 0)).unwrap();
        j.play(Pos::new(5, 5)).unwrap();
        assert_eq!(j.play(Pos::new(9, 9)), Ok(Verdict::Draw(End::MoveLimit)));
    }
}
