//! Threat classes: a cell's four line patterns combined into one code, its threat
//! class, and the per-rule tables that give both with the cell's value at once.

use super::fouls_for;
use crate::eval::classical::{cell_bonus, eval_set, EVAL_SETS, PATTERN_VALUE};
use crate::pattern::Pattern;
use crate::types::{Color, Rule};
/// A cell's best threat for one colour, combining its four line patterns. Ranked so
/// that `t >= Threat::Four` reads as "playing here makes at least a four".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Threat {
    #[default]
    None = 0,
    /// At least one open two or blocked three.
    Two,
    /// One open three.
    Three,
    /// Two open threes (a double three).
    ThreeThree,
    /// One four (blocked).
    Four,
    /// A four and an open three together.
    FourThree,
    /// An open four or two fours: wins unless the opponent has fours of his own.
    FourFour,
    /// A five.
    Five,
}

/// Per-cell derived data for one colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CellInfo {
    pub pat: [Pattern; 4],
    pub threat: Threat,
    /// The combination code of `pat` (see [`COMBO_DIGIT`]), kept so that a change in
    /// one direction updates it without reading the other three.
    pub(super) code: u16,
    pub value: i32,
}

/// Each pattern's digit in a cell's combination code: the code counts, in base 5, the
/// fives, open fours, fours, open threes and twos (open twos and blocked threes) among
/// a cell's four line patterns, which is all [`combo_threat`] and [`combo_bonus`] look
/// at.
pub(super) const COMBO_DIGIT: [u16; 11] = [0, 0, 0, 0, 0, 1, 1, 5, 25, 125, 625];

/// Room for the combination codes (four patterns, each digit at most 4, make 3125
/// codes): a power of two, so that a masked code indexes the table without a bounds
/// check.
pub(super) const COMBO_SLOTS: usize = 4096;

/// Threat class and bonus value (beyond the sum of the pattern values) by combination code.
pub(super) type ComboTable = [(Threat, i16); COMBO_SLOTS];

/// The [`ComboTable`], built once; 16 KB, so it stays in the first-level cache. Each
/// code's bonus is the classical evaluation's for table set `set`, with `fouls` (black
/// under renju) the foul cells' ([`cell_bonus`]).
pub(super) fn combo_table(fouls: bool, set: usize) -> &'static ComboTable {
    use std::sync::OnceLock;
    static T: [OnceLock<Box<ComboTable>>; 2 * EVAL_SETS] =
        [const { OnceLock::new() }; 2 * EVAL_SETS];
    T[fouls as usize + 2 * set].get_or_init(|| {
        let mut t = Box::new([(Threat::None, 0i16); COMBO_SLOTS]);
        for (code, entry) in t.iter_mut().enumerate().take(COMBO_CODES) {
            *entry = (combo_threat(code), cell_bonus(code, fouls, set) as i16);
        }
        t
    })
}

/// Each colour's combination table under a rule, on a board larger than 15x15 or not.
pub(super) fn combo_tables(rule: Rule, large: bool) -> [&'static ComboTable; 2] {
    let set = eval_set(rule, large);
    [Color::Black, Color::White].map(|c| combo_table(fouls_for(rule, c), set))
}

/// True if a combination code is a foul for black under renju, counted on the line
/// patterns alone: no five, and two fours or two open threes.
pub fn is_foul_code(code: usize) -> bool {
    let [fives, f4, b4, f3, _] = combo_parts(code);
    fives == 0 && (f4 + b4 >= 2 || f3 >= 2)
}

#[inline]
pub(super) fn combo_code(p: &[Pattern; 4]) -> usize {
    p.iter().map(|&q| COMBO_DIGIT[q as usize] as usize).sum()
}

/// True if a combination code counts at least one open four.
#[inline]
pub(super) fn code_has_open_four(code: u16) -> bool {
    !(code / COMBO_DIGIT[Pattern::F4 as usize]).is_multiple_of(5)
}

#[inline]
pub(super) fn pattern_values(p: &[Pattern; 4]) -> i32 {
    p.iter().map(|&q| PATTERN_VALUE[q as usize]).sum()
}

/// The threat class ([`combo_threat`]) and value (the pattern values plus
/// [`combo_bonus`]) of a cell's four line patterns, through the small table.
#[inline]
pub(super) fn combo_of(table: &ComboTable, p: &[Pattern; 4]) -> (Threat, i32, u16) {
    let code = combo_code(p);
    let (t, bonus) = table[code];
    (t, pattern_values(p) + bonus as i32, code as u16)
}

/// Number of combination codes: five base-5 digits (see `COMBO_DIGIT`).
pub const COMBO_CODES: usize = 3125;

/// The counts a combination code is made of: fives, open fours, fours, open threes
/// and twos (open twos and blocked threes) among a cell's four line patterns.
pub fn combo_parts(code: usize) -> [u8; 5] {
    [
        (code / 625 % 5) as u8,
        (code / 125 % 5) as u8,
        (code / 25 % 5) as u8,
        (code / 5 % 5) as u8,
        (code % 5) as u8,
    ]
}

/// The threat class of a combination code.
pub fn combo_threat(code: usize) -> Threat {
    let [fives, f4, b4, f3, twos] = combo_parts(code);
    if fives > 0 {
        Threat::Five
    } else if f4 > 0 || b4 >= 2 {
        Threat::FourFour
    } else if b4 == 1 && f3 > 0 {
        Threat::FourThree
    } else if b4 == 1 {
        Threat::Four
    } else if f3 >= 2 {
        Threat::ThreeThree
    } else if f3 == 1 {
        Threat::Three
    } else if twos > 0 {
        Threat::Two
    } else {
        Threat::None
    }
}
