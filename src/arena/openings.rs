//! Opening positions: parsing, placing on a board, checking, and the shipped sets.
//!
//! Two text formats, one opening per line, moves in playing order (black first):
//! * **offset** (c-gomoku-cli's plain-text format, also Piskvork's opening file): each move
//!   is `dx,dy` relative to the centre `(floor(width/2), floor(height/2))`; moves are
//!   separated by `, ` (c-gomoku-cli writes `8,-3, 6,-4, 5,-4`) or by blanks (`0,0 1,1`);
//! * **moves**: the same layout with absolute 0-based protocol coordinates `x,y`.
//!
//! The reader accepts either separator (the numbers are taken in pairs), skips empty lines
//! and lines starting with `#`, and reports the line number of anything else it cannot read.

use super::judge::{Judge, Verdict};
use crate::types::{Pos, Rule};
use anyhow::{anyhow, bail, Result};

/// The shipped set for freestyle on 15x15 (offset format): openings that 100 ms/move
/// self-play does not decide for one colour; see README "Matches".
pub const FREESTYLE_15: &str = include_str!("openings/freestyle15.txt");
/// The same for standard (exactly five) on 15x15, screened under that rule.
pub const STANDARD_15: &str = include_str!("openings/standard15.txt");
/// The same for caro (both caro rules) on 15x15, screened under caro (rule 8).
pub const CARO_15: &str = include_str!("openings/caro15.txt");
/// The same for renju on 15x15, screened under renju (rule 4).
pub const RENJU_15: &str = include_str!("openings/renju15.txt");
/// The shipped set for 20x20 (offset format), screened under freestyle; also the set
/// for caro on 20x20.
pub const FREESTYLE_20: &str = include_str!("openings/freestyle20.txt");
/// The same for standard on 20x20, screened under that rule.
pub const STANDARD_20: &str = include_str!("openings/standard20.txt");
/// The same for renju on 20x20, screened under renju.
pub const RENJU_20: &str = include_str!("openings/renju20.txt");

/// How the numbers of an opening file are meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Relative to the board centre (c-gomoku-cli, Piskvork).
    Offset,
    /// Absolute protocol coordinates.
    Moves,
}

impl std::str::FromStr for Format {
    type Err = anyhow::Error;
    fn from_str(s: &str) -> Result<Format> {
        match s {
            "offset" => Ok(Format::Offset),
            "moves" | "plain" => Ok(Format::Moves),
            _ => bail!("unknown opening format '{s}' (offset or moves)"),
        }
    }
}

/// One opening as written in the file, before it is placed on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawOpening {
    /// 1-based line number in its file.
    pub line: usize,
    pub moves: Vec<(i32, i32)>,
}

/// Parses one line into coordinate pairs (`None` for a blank or comment line).
pub fn parse_line(line: &str) -> Result<Option<Vec<(i32, i32)>>> {
    let t = line.trim();
    if t.is_empty() || t.starts_with('#') {
        return Ok(None);
    }
    let mut nums = Vec::new();
    for tok in t.split(|c: char| c == ',' || c.is_whitespace()) {
        if tok.is_empty() {
            continue;
        }
        let v: i32 = tok
            .parse()
            .map_err(|_| anyhow!("'{tok}' is not an integer"))?;
        if v.abs() > 64 {
            bail!("coordinate {v} is out of range");
        }
        nums.push(v);
    }
    if nums.len() % 2 != 0 {
        bail!("odd count of numbers ({})", nums.len());
    }
    Ok(Some(nums.chunks(2).map(|c| (c[0], c[1])).collect()))
}

/// Parses a whole opening file.
pub fn parse(text: &str) -> Result<Vec<RawOpening>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        match parse_line(line) {
            Ok(Some(moves)) => out.push(RawOpening { line: i + 1, moves }),
            Ok(None) => {}
            Err(e) => bail!("line {}: {e}", i + 1),
        }
    }
    Ok(out)
}

/// Places raw coordinates on a `width` x `height` board.
pub fn place(raw: &[(i32, i32)], format: Format, width: usize, height: usize) -> Vec<(i64, i64)> {
    let (cx, cy) = match format {
        Format::Offset => ((width / 2) as i64, (height / 2) as i64),
        Format::Moves => (0, 0),
    };
    raw.iter()
        .map(|&(x, y)| (x as i64 + cx, y as i64 + cy))
        .collect()
}

/// Checks that an opening can start a game: every stone on the board and on an empty
/// point, no renju foul by black, and the game not already over. Returns the moves.
pub fn check(points: &[(i64, i64)], width: usize, height: usize, rule: Rule) -> Result<Vec<Pos>> {
    let mut judge = Judge::new(width, height, rule, None);
    let mut out = Vec::with_capacity(points.len());
    for (k, &(x, y)) in points.iter().enumerate() {
        let p = judge
            .point(x, y)
            .ok_or_else(|| anyhow!("move {} ({x},{y}) is off the board", k + 1))?;
        match judge.play(p) {
            Ok(Verdict::Continue) => out.push(p),
            Ok(v) => bail!("move {} ({x},{y}) ends the game: {v:?}", k + 1),
            Err(e) => bail!("move {} ({x},{y}): {e}", k + 1),
        }
    }
    Ok(out)
}

/// Loads openings from text for a board and rule. Openings that do not fit (off the board,
/// occupied, already decided, a foul) are errors: a set is meant for a board.
pub fn load(
    text: &str,
    format: Format,
    width: usize,
    height: usize,
    rule: Rule,
) -> Result<Vec<Vec<Pos>>> {
    parse(text)?
        .into_iter()
        .map(|o| {
            check(&place(&o.moves, format, width, height), width, height, rule)
                .map_err(|e| anyhow!("line {}: {e}", o.line))
        })
        .collect()
}

/// The shipped set for a board and rule, if there is one (square 15 or 20).
pub fn builtin(width: usize, height: usize, rule: Rule) -> Option<&'static str> {
    match (width, height) {
        (15, 15) => Some(match rule {
            Rule::Freestyle => FREESTYLE_15,
            Rule::Standard => STANDARD_15,
            Rule::Renju => RENJU_15,
            Rule::Caro | Rule::CaroStandard => CARO_15,
        }),
        (20, 20) => Some(match rule {
            Rule::Standard => STANDARD_20,
            Rule::Renju => RENJU_20,
            Rule::Freestyle | Rule::Caro | Rule::CaroStandard => FREESTYLE_20,
        }),
        _ => None,
    }
}

/// Formats moves as one line of the offset format (`dx,dy, dx,dy`).
pub fn format_offset(moves: &[Pos], width: usize, height: usize) -> String {
    let (cx, cy) = ((width / 2) as i64, (height / 2) as i64);
    moves
        .iter()
        .map(|p| format!("{},{}", p.x as i64 - cx, p.y as i64 - cy))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_separators_and_comments() {
        let text = "# a comment\n\n8,-3, 6,-4, 5,-4\n0,0 1,1 -1,2\n  0,0,1,1  \n";
        let o = parse(text).unwrap();
        assert_eq!(o.len(), 3);
        assert_eq!(o[0].line, 3);
        assert_eq!(o[0].moves, vec![(8, -3), (6, -4), (5, -4)]);
        assert_eq!(o[1].moves, vec![(0, 0), (1, 1), (-1, 2)]);
        assert_eq!(o[2].moves, vec![(0, 0), (1, 1)]);
    }

    #[test]
    fn bad_lines_are_reported() {
        let e = parse("0,0 1,1\n0,0 1\n").unwrap_err().to_string();
        assert!(e.contains("line 2"), "{e}");
        let e = parse("0,0 a,1\n").unwrap_err().to_string();
        assert!(e.contains("line 1") && e.contains("'a'"), "{e}");
    }

    #[test]
    fn offsets_are_from_the_centre() {
        // c-gomoku-cli: x = dx + floor(size / 2).
        assert_eq!(
            place(&[(0, 0), (1, -1)], Format::Offset, 15, 15),
            vec![(7, 7), (8, 6)]
        );
        assert_eq!(place(&[(0, 0)], Format::Offset, 20, 20), vec![(10, 10)]);
        assert_eq!(place(&[(0, 0)], Format::Offset, 20, 15), vec![(10, 7)]);
        assert_eq!(place(&[(3, 4)], Format::Moves, 20, 15), vec![(3, 4)]);
        let pos = load("0,0 1,1 -1,2", Format::Offset, 15, 15, Rule::Freestyle).unwrap();
        assert_eq!(pos[0], vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(6, 9)]);
        assert_eq!(format_offset(&pos[0], 15, 15), "0,0, 1,1, -1,2");
    }

    #[test]
    fn unusable_openings_are_rejected() {
        let off = load("8,0", Format::Offset, 15, 15, Rule::Freestyle).unwrap_err();
        assert!(off.to_string().contains("off the board"), "{off}");
        let dup = load("0,0 0,0", Format::Offset, 15, 15, Rule::Freestyle).unwrap_err();
        assert!(dup.to_string().contains("occupied"), "{dup}");
        // Black five in the opening: the game would be over.
        let five = "0,0 0,5 1,0 1,5 2,0 2,5 3,0 3,5 4,0";
        assert!(load(five, Format::Offset, 15, 15, Rule::Freestyle).is_err());
        // A renju double-three by black is a foul.
        let foul = "1,0 6,6 2,0 6,5 0,1 5,6 0,2 5,5 0,0";
        assert!(load(foul, Format::Offset, 15, 15, Rule::Freestyle).is_ok());
        let e = load(foul, Format::Offset, 15, 15, Rule::Renju).unwrap_err();
        assert!(e.to_string().contains("Foul"), "{e}");
    }

    #[test]
    fn the_shipped_set_follows_board_and_rule() {
        assert_eq!(builtin(15, 15, Rule::Freestyle), Some(FREESTYLE_15));
        assert_eq!(builtin(15, 15, Rule::Standard), Some(STANDARD_15));
        assert_eq!(builtin(15, 15, Rule::Renju), Some(RENJU_15));
        for rule in [Rule::Caro, Rule::CaroStandard] {
            assert_eq!(builtin(15, 15, rule), Some(CARO_15));
        }
        assert_eq!(builtin(20, 20, Rule::Freestyle), Some(FREESTYLE_20));
        assert_eq!(builtin(20, 20, Rule::Standard), Some(STANDARD_20));
        assert_eq!(builtin(20, 20, Rule::Renju), Some(RENJU_20));
        for rule in [Rule::Caro, Rule::CaroStandard] {
            assert_eq!(builtin(20, 20, rule), Some(FREESTYLE_20));
        }
        assert_eq!(builtin(19, 19, Rule::Freestyle), None);
        let sets = [
            FREESTYLE_15,
            STANDARD_15,
            RENJU_15,
            CARO_15,
            FREESTYLE_20,
            STANDARD_20,
            RENJU_20,
        ];
        for (k, a) in sets.iter().enumerate() {
            assert!(
                sets[k + 1..].iter().all(|b| a != b),
                "set {k} is shipped twice"
            );
        }
    }

    #[test]
    fn shipped_sets_load_under_every_rule() {
        let sets = [
            (15, FREESTYLE_15),
            (15, STANDARD_15),
            (15, CARO_15),
            (15, RENJU_15),
            (20, FREESTYLE_20),
            (20, STANDARD_20),
            (20, RENJU_20),
        ];
        for (size, text) in sets {
            for rule in Rule::ALL {
                let set = load(text, Format::Offset, size, size, rule).unwrap();
                assert!(set.len() >= 40, "{size}: {} openings", set.len());
                let mut seen = std::collections::HashSet::new();
                for o in &set {
                    assert!(seen.insert(o.clone()), "duplicate opening");
                }
            }
        }
    }
}
