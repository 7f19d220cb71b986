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

use crate::cellset::CellSet;
use crate::pattern::{FiveRule, PairLookup, Pattern, PatternTable, HALF};
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

pub(crate) const EMPTY: u8 = 0;
pub(crate) const WALL: u8 = 3;

#[inline]
fn stone(c: Color) -> u8 {
    c as u8 + 1
}

/// Key slot of the cell at offset `k` (|k| in 1..=HALF) from the centre.
#[inline]
const fn slot(k: isize) -> u32 {
    (if k < 0 {
        k + HALF as isize
    } else {
        k + HALF as isize - 1
    }) as u32
}

/// The low bit of every cell's slot in a window (see [`Board::toggle`]).
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// The low bits of the cells within [`HALF`] of a window's centre (cell `2 * HALF`),
/// the centre left out, and of those within `HALF - 1`.
const REACH_MASKS: [u64; 2] = {
    let mut m = [0u64; 2];
    let mut k = 0;
    while k < 2 {
        let half = HALF - k;
        let mut at = 2 * HALF - half;
        while at <= 2 * HALF + half {
            if at != 2 * HALF {
                m[k] |= 1 << (2 * at);
            }
            at += 1;
        }
        k += 1;
    }
    m
};

/// The line key of the cell at position `p` (at least [`HALF`]) of a line word: the
/// cells from `p - HALF` to `p + HALF` without the centre, in [`slot`] order.
#[inline]
fn line_key(word: u128, p: usize) -> u32 {
    const SIDE: u32 = (1 << (2 * HALF)) - 1;
    let w = (word >> (2 * (p - HALF))) as u32;
    (w & SIDE) | ((w >> (2 * HALF + 2)) & SIDE) << (2 * HALF)
}

/// [`line_key`] on a window of a line word that fits one machine word (position
/// `p`, at least [`HALF`], counted in the window).
#[inline]
fn window_key(window: u64, p: usize) -> u32 {
    const SIDE: u32 = (1 << (2 * HALF)) - 1;
    let w = (window >> (2 * (p - HALF))) as u32;
    (w & SIDE) | ((w >> (2 * HALF + 2)) & SIDE) << (2 * HALF)
}

/// How [`Board::toggle`] treats the cells that see the toggled one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Refresh {
    /// Recompute their patterns.
    Update,
    /// Recompute, saving the old data for [`Board::unmake`].
    Record,
    /// Only flip the line words (the data is restored from the undo stack).
    LinesOnly,
}

/// What [`Board::make`] saves besides the changed cells.
#[derive(Clone, Copy)]
struct UndoFrame {
    cells_len: u32,
    fours_len: u32,
    value_sum: [i32; 2],
    threat_count: [[u16; 8]; 2],
    open_four_count: [u16; 2],
}

/// Per-cell derived data for one colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CellInfo {
    pub pat: [Pattern; 4],
    pub threat: Threat,
    /// The combination code of `pat` (see [`COMBO_DIGIT`]), kept so that a change in
    /// one direction updates it without reading the other three.
    code: u16,
    pub value: i32,
}

/// Evaluation weight of each line pattern (in [`Pattern::ALL`] order) for the player
/// who could play there. A cell's value is the sum over its four lines plus the
/// bonus of its combination code ([`combo_bonus`]); `wuzi-tune` fits both from game
/// outcomes. F2 at 20 in place of 13 under freestyle at 100 ms/move: 256 games, 128
/// pairs [25, 7, 78, 2, 16], -31.3 Elo [-66.6, +3.4], stopped (and the renju fit that
/// lowered it to 3 lost too, see the README).
pub const PATTERN_VALUE: [i32; 11] = [0, 0, 0, 4, 5, 13, 48, 117, 284, 256, 2000];

/// Each pattern's digit in a cell's combination code: the code counts, in base 5, the
/// fives, open fours, fours, open threes and twos (open twos and blocked threes) among
/// a cell's four line patterns, which is all [`combo_threat`] and [`combo_bonus`] look
/// at.
const COMBO_DIGIT: [u16; 11] = [0, 0, 0, 0, 0, 1, 1, 5, 25, 125, 625];
/// Room for the combination codes (four patterns, each digit at most 4, make 3125
/// codes): a power of two, so that a masked code indexes the table without a bounds
/// check.
const COMBO_SLOTS: usize = 4096;

/// Threat class and bonus value (beyond the sum of the pattern values) by combination code.
type ComboTable = [(Threat, i16); COMBO_SLOTS];

/// The [`ComboTable`], built once; 16 KB, so it stays in the first-level cache.
/// With `fouls` (black under renju), the combinations that are fouls get
/// [`foul_bonus`] instead; the others the bonuses of [`EVAL_TABLES`]`[set]`.
fn combo_table(fouls: bool, set: usize) -> &'static ComboTable {
    use std::sync::OnceLock;
    const SETS: usize = EVAL_TABLES.len();
    static T: [OnceLock<Box<ComboTable>>; 2 * SETS] = [const { OnceLock::new() }; 2 * SETS];
    T[fouls as usize + 2 * set].get_or_init(|| {
        let bonuses = EVAL_TABLES[set].bonuses;
        let mut t = Box::new([(Threat::None, 0i16); COMBO_SLOTS]);
        for (code, entry) in t.iter_mut().enumerate().take(COMBO_CODES) {
            let bonus = if fouls && is_foul_code(code) {
                foul_bonus(code)
            } else {
                combo_bonus(code, bonuses)
            };
            *entry = (combo_threat(code), bonus as i16);
        }
        t
    })
}

/// True if a combination code is a foul for black under renju, counted on the line
/// patterns alone: no five, and two fours or two open threes.
pub fn is_foul_code(code: usize) -> bool {
    let [fives, f4, b4, f3, _] = combo_parts(code);
    fives == 0 && (f4 + b4 >= 2 || f3 >= 2)
}

/// The bonus of a foul cell: minus the values of its fours and threes, which black
/// cannot make there.
pub fn foul_bonus(code: usize) -> i32 {
    let [_, f4, b4, f3, _] = combo_parts(code);
    -(f4 as i32 * PATTERN_VALUE[Pattern::F4 as usize]
        + b4 as i32 * PATTERN_VALUE[Pattern::B4 as usize]
        + f3 as i32 * PATTERN_VALUE[Pattern::F3 as usize])
}

#[inline]
fn combo_code(p: &[Pattern; 4]) -> usize {
    p.iter().map(|&q| COMBO_DIGIT[q as usize] as usize).sum()
}

/// True if a combination code counts at least one open four.
#[inline]
fn code_has_open_four(code: u16) -> bool {
    !(code / COMBO_DIGIT[Pattern::F4 as usize]).is_multiple_of(5)
}

#[inline]
fn pattern_values(p: &[Pattern; 4]) -> i32 {
    p.iter().map(|&q| PATTERN_VALUE[q as usize]).sum()
}

/// The threat class ([`combo_threat`]) and value (the pattern values plus
/// [`combo_bonus`]) of a cell's four line patterns, through the small table.
#[inline]
fn combo_of(table: &ComboTable, p: &[Pattern; 4]) -> (Threat, i32, u16) {
    let code = combo_code(p);
    let (t, bonus) = table[code];
    (t, pattern_values(p) + bonus as i32, code as u16)
}

/// Evaluation bonus of each threat class (in [`Threat`] order) on top of the cell's
/// pattern values.
pub const THREAT_BONUS: [i32; 8] = [0, 0, 0, 0, 0, 980, 313, 0];

/// The threat classes of one side's part of a threat mask, lowest bit first.
pub const MASK_CLASSES: [Threat; 5] = [
    Threat::FourFour,
    Threat::FourThree,
    Threat::Four,
    Threat::ThreeThree,
    Threat::Three,
];

/// Number of threat masks: five bits for each side (see [`threat_mask`]).
pub const THREAT_MASKS: usize = 1 << (2 * MASK_CLASSES.len());

/// The threat mask of a position (CITE: Rapfi's threat mask evaluation): for each
/// class of [`MASK_CLASSES`], whether the side to move has an empty cell of that class
/// (bits 0-4), and whether the opponent has one (bits 5-9). `mine` and `his` give a
/// side's count of such cells by class.
pub fn threat_mask(mine: impl Fn(Threat) -> u32, his: impl Fn(Threat) -> u32) -> usize {
    side_mask(mine) | side_mask(his) << MASK_CLASSES.len()
}

/// One side's bits of a threat mask, from its count of cells by class.
fn side_mask(count: impl Fn(Threat) -> u32) -> usize {
    MASK_CLASSES
        .iter()
        .enumerate()
        .map(|(k, &t)| usize::from(count(t) > 0) << k)
        .sum()
}

/// Fitted evaluation of threat masks under freestyle, from the side to move's view,
/// on top of the cell values; a mask not listed is worth 0. The comments name the
/// classes present, the side to move's first. Fitted by `wuzi-tune masks=30
/// patterns=0` to 1200 freestyle self-play games (`scripts/tune-eval.sh`, 100 ms a
/// move, 25,488 positions; held-out error 0.15950 to 0.15229) with the other
/// weights fixed. The values correct the linear sum: a cell where a side makes a
/// plain four, say, already adds the four's pattern value, so the mask of a lone four
/// is negative. Then refitted together with [`COMBO_BONUS_FREESTYLE`] (see there).
pub const THREAT_MASK_VALUE: &[(u16, i32)] = &[
    (4, -221),     // Four / -
    (16, 40),      // Three / -
    (20, -282),    // Four+Three / -
    (128, 417),    // - / Four
    (132, -120),   // Four / Four
    (144, 134),    // Three / Four
    (148, -277),   // Four+Three / Four
    (150, 1436),   // FourThree+Four+Three / Four
    (156, 784),    // Four+ThreeThree+Three / Four
    (160, 440),    // - / FourFour+Four
    (164, 309),    // Four / FourFour+Four
    (176, 342),    // Three / FourFour+Four
    (180, 229),    // Four+Three / FourFour+Four
    (182, 703),    // FourThree+Four+Three / FourFour+Four
    (184, 748),    // ThreeThree+Three / FourFour+Four
    (188, -21),    // Four+ThreeThree+Three / FourFour+Four
    (512, 50),     // - / Three
    (516, -131),   // Four / Three
    (528, 154),    // Three / Three
    (532, 289),    // Four+Three / Three
    (534, 2032),   // FourThree+Four+Three / Three
    (540, 2137),   // Four+ThreeThree+Three / Three
    (542, 1111),   // FourThree+Four+ThreeThree+Three / Three
    (640, 143),    // - / Four+Three
    (644, -47),    // Four / Four+Three
    (656, 334),    // Three / Four+Three
    (660, 335),    // Four+Three / Four+Three
    (662, 2182),   // FourThree+Four+Three / Four+Three
    (664, 1145),   // ThreeThree+Three / Four+Three
    (668, 1619),   // Four+ThreeThree+Three / Four+Three
    (670, 2255),   // FourThree+Four+ThreeThree+Three / Four+Three
    (672, 307),    // - / FourFour+Four+Three
    (676, -4),     // Four / FourFour+Four+Three
    (688, -270),   // Three / FourFour+Four+Three
    (692, -380),   // Four+Three / FourFour+Four+Three
    (694, 1413),   // FourThree+Four+Three / FourFour+Four+Three
    (696, -715),   // ThreeThree+Three / FourFour+Four+Three
    (700, -104),   // Four+ThreeThree+Three / FourFour+Four+Three
    (702, 2295),   // FourThree+Four+ThreeThree+Three / FourFour+Four+Three
    (704, 184),    // - / FourThree+Four+Three
    (708, 1302),   // Four / FourThree+Four+Three
    (720, 673),    // Three / FourThree+Four+Three
    (724, 756),    // Four+Three / FourThree+Four+Three
    (726, 1289),   // FourThree+Four+Three / FourThree+Four+Three
    (728, -371),   // ThreeThree+Three / FourThree+Four+Three
    (732, 953),    // Four+ThreeThree+Three / FourThree+Four+Three
    (734, 1252),   // FourThree+Four+ThreeThree+Three / FourThree+Four+Three
    (736, 851),    // - / FourFour+FourThree+Four+Three
    (740, 1272),   // Four / FourFour+FourThree+Four+Three
    (752, -2043),  // Three / FourFour+FourThree+Four+Three
    (756, 218),    // Four+Three / FourFour+FourThree+Four+Three
    (758, 2350),   // FourThree+Four+Three / FourFour+FourThree+Four+Three
    (760, -2107),  // ThreeThree+Three / FourFour+FourThree+Four+Three
    (764, 467),    // Four+ThreeThree+Three / FourFour+FourThree+Four+Three
    (766, 1310),   // FourThree+Four+ThreeThree+Three / FourFour+FourThree+Four+Three
    (768, -178),   // - / ThreeThree+Three
    (772, -343),   // Four / ThreeThree+Three
    (784, 42),     // Three / ThreeThree+Three
    (788, 441),    // Four+Three / ThreeThree+Three
    (790, 1908),   // FourThree+Four+Three / ThreeThree+Three
    (796, 2257),   // Four+ThreeThree+Three / ThreeThree+Three
    (798, 1077),   // FourThree+Four+ThreeThree+Three / ThreeThree+Three
    (896, -165),   // - / Four+ThreeThree+Three
    (900, -493),   // Four / Four+ThreeThree+Three
    (912, -20),    // Three / Four+ThreeThree+Three
    (916, 512),    // Four+Three / Four+ThreeThree+Three
    (918, 2267),   // FourThree+Four+Three / Four+ThreeThree+Three
    (920, -731),   // ThreeThree+Three / Four+ThreeThree+Three
    (924, 1989),   // Four+ThreeThree+Three / Four+ThreeThree+Three
    (926, 1305),   // FourThree+Four+ThreeThree+Three / Four+ThreeThree+Three
    (928, -879),   // - / FourFour+Four+ThreeThree+Three
    (932, -621),   // Four / FourFour+Four+ThreeThree+Three
    (944, -2232),  // Three / FourFour+Four+ThreeThree+Three
    (948, -748),   // Four+Three / FourFour+Four+ThreeThree+Three
    (950, 2475),   // FourThree+Four+Three / FourFour+Four+ThreeThree+Three
    (952, -2388),  // ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (956, 568),    // Four+ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (958, 2333),   // FourThree+Four+ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (964, 678),    // Four / FourThree+Four+ThreeThree+Three
    (976, -342),   // Three / FourThree+Four+ThreeThree+Three
    (980, 211),    // Four+Three / FourThree+Four+ThreeThree+Three
    (982, 1338),   // FourThree+Four+Three / FourThree+Four+ThreeThree+Three
    (984, -895),   // ThreeThree+Three / FourThree+Four+ThreeThree+Three
    (988, 1119),   // Four+ThreeThree+Three / FourThree+Four+ThreeThree+Three
    (992, -771),   // - / FourFour+FourThree+Four+ThreeThree+Three
    (996, 228),    // Four / FourFour+FourThree+Four+ThreeThree+Three
    (1008, -2086), // Three / FourFour+FourThree+Four+ThreeThree+Three
    (1012, -28),   // Four+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1014, 1342),  // FourThree+Four+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1016, -1167), // ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1020, 745),   // Four+ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1022, 1138),  // FourThree+Four+ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
];

/// The same under standard (exactly five), fitted the same way to 1200 standard
/// self-play games (24,336 positions; held-out error 0.13159 to 0.12741); then
/// refitted together with [`COMBO_BONUS_STANDARD`] (see there).
pub const THREAT_MASK_VALUE_STANDARD: &[(u16, i32)] = &[
    (4, -221),     // Four / -
    (16, -297),    // Three / -
    (20, -869),    // Four+Three / -
    (128, 403),    // - / Four
    (132, 2),      // Four / Four
    (144, 269),    // Three / Four
    (148, -149),   // Four+Three / Four
    (156, 1841),   // Four+ThreeThree+Three / Four
    (160, 19),     // - / FourFour+Four
    (164, -146),   // Four / FourFour+Four
    (176, 424),    // Three / FourFour+Four
    (180, 60),     // Four+Three / FourFour+Four
    (184, -121),   // ThreeThree+Three / FourFour+Four
    (188, 12),     // Four+ThreeThree+Three / FourFour+Four
    (512, 99),     // - / Three
    (516, -185),   // Four / Three
    (528, 124),    // Three / Three
    (532, 201),    // Four+Three / Three
    (534, 1813),   // FourThree+Four+Three / Three
    (540, 2049),   // Four+ThreeThree+Three / Three
    (542, 1663),   // FourThree+Four+ThreeThree+Three / Three
    (640, 567),    // - / Four+Three
    (644, 16),     // Four / Four+Three
    (656, 258),    // Three / Four+Three
    (660, 184),    // Four+Three / Four+Three
    (662, 40),     // FourThree+Four+Three / Four+Three
    (664, 370),    // ThreeThree+Three / Four+Three
    (668, 1298),   // Four+ThreeThree+Three / Four+Three
    (670, 1915),   // FourThree+Four+ThreeThree+Three / Four+Three
    (672, 333),    // - / FourFour+Four+Three
    (676, -332),   // Four / FourFour+Four+Three
    (688, -458),   // Three / FourFour+Four+Three
    (692, -394),   // Four+Three / FourFour+Four+Three
    (694, 2263),   // FourThree+Four+Three / FourFour+Four+Three
    (696, -617),   // ThreeThree+Three / FourFour+Four+Three
    (700, -249),   // Four+ThreeThree+Three / FourFour+Four+Three
    (702, 2292),   // FourThree+Four+ThreeThree+Three / FourFour+Four+Three
    (704, 1345),   // - / FourThree+Four+Three
    (708, 1320),   // Four / FourThree+Four+Three
    (720, 1000),   // Three / FourThree+Four+Three
    (724, 786),    // Four+Three / FourThree+Four+Three
    (726, 1215),   // FourThree+Four+Three / FourThree+Four+Three
    (728, 709),    // ThreeThree+Three / FourThree+Four+Three
    (732, 1022),   // Four+ThreeThree+Three / FourThree+Four+Three
    (736, 763),    // - / FourFour+FourThree+Four+Three
    (740, -71),    // Four / FourFour+FourThree+Four+Three
    (752, -1584),  // Three / FourFour+FourThree+Four+Three
    (756, 808),    // Four+Three / FourFour+FourThree+Four+Three
    (758, 2424),   // FourThree+Four+Three / FourFour+FourThree+Four+Three
    (760, -822),   // ThreeThree+Three / FourFour+FourThree+Four+Three
    (764, 235),    // Four+ThreeThree+Three / FourFour+FourThree+Four+Three
    (766, 1123),   // FourThree+Four+ThreeThree+Three / FourFour+FourThree+Four+Three
    (768, -385),   // - / ThreeThree+Three
    (772, -672),   // Four / ThreeThree+Three
    (784, -109),   // Three / ThreeThree+Three
    (788, 683),    // Four+Three / ThreeThree+Three
    (790, 1577),   // FourThree+Four+Three / ThreeThree+Three
    (796, 2151),   // Four+ThreeThree+Three / ThreeThree+Three
    (798, 766),    // FourThree+Four+ThreeThree+Three / ThreeThree+Three
    (896, -1150),  // - / Four+ThreeThree+Three
    (900, -681),   // Four / Four+ThreeThree+Three
    (912, -56),    // Three / Four+ThreeThree+Three
    (916, 387),    // Four+Three / Four+ThreeThree+Three
    (918, 1111),   // FourThree+Four+Three / Four+ThreeThree+Three
    (924, 1401),   // Four+ThreeThree+Three / Four+ThreeThree+Three
    (926, 1055),   // FourThree+Four+ThreeThree+Three / Four+ThreeThree+Three
    (932, -303),   // Four / FourFour+Four+ThreeThree+Three
    (944, -1945),  // Three / FourFour+Four+ThreeThree+Three
    (948, -786),   // Four+Three / FourFour+Four+ThreeThree+Three
    (950, 1464),   // FourThree+Four+Three / FourFour+Four+ThreeThree+Three
    (952, -1085),  // ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (956, 134),    // Four+ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (958, 929),    // FourThree+Four+ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (964, 695),    // Four / FourThree+Four+ThreeThree+Three
    (976, 388),    // Three / FourThree+Four+ThreeThree+Three
    (980, 771),    // Four+Three / FourThree+Four+ThreeThree+Three
    (984, -936),   // ThreeThree+Three / FourThree+Four+ThreeThree+Three
    (988, 590),    // Four+ThreeThree+Three / FourThree+Four+ThreeThree+Three
    (1008, -1721), // Three / FourFour+FourThree+Four+ThreeThree+Three
    (1012, 562),   // Four+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1014, 1296),  // FourThree+Four+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1016, -939),  // ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1020, 1934),  // Four+ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
];

/// The same under caro (and standard caro), fitted the same way (`masks=15`) to 900
/// caro self-play games (30,063 positions; held-out error 0.10208 to 0.09863); then
/// refitted together with [`COMBO_BONUS_CARO`] (see there).
pub const THREAT_MASK_VALUE_CARO: &[(u16, i32)] = &[
    (4, -329),     // Four / -
    (16, 334),     // Three / -
    (20, -544),    // Four+Three / -
    (22, 813),     // FourThree+Four+Three / -
    (128, 316),    // - / Four
    (132, -182),   // Four / Four
    (144, 212),    // Three / Four
    (148, -425),   // Four+Three / Four
    (150, 549),    // FourThree+Four+Three / Four
    (156, 310),    // Four+ThreeThree+Three / Four
    (160, 148),    // - / FourFour+Four
    (164, 416),    // Four / FourFour+Four
    (176, 536),    // Three / FourFour+Four
    (180, 290),    // Four+Three / FourFour+Four
    (182, -188),   // FourThree+Four+Three / FourFour+Four
    (184, -433),   // ThreeThree+Three / FourFour+Four
    (188, -582),   // Four+ThreeThree+Three / FourFour+Four
    (512, 141),    // - / Three
    (516, -132),   // Four / Three
    (528, 318),    // Three / Three
    (532, 913),    // Four+Three / Three
    (534, 2122),   // FourThree+Four+Three / Three
    (540, 2267),   // Four+ThreeThree+Three / Three
    (542, 2011),   // FourThree+Four+ThreeThree+Three / Three
    (640, 360),    // - / Four+Three
    (644, 80),     // Four / Four+Three
    (656, 200),    // Three / Four+Three
    (660, 166),    // Four+Three / Four+Three
    (662, 2171),   // FourThree+Four+Three / Four+Three
    (664, 7),      // ThreeThree+Three / Four+Three
    (668, 1465),   // Four+ThreeThree+Three / Four+Three
    (670, 2061),   // FourThree+Four+ThreeThree+Three / Four+Three
    (672, -301),   // - / FourFour+Four+Three
    (676, 214),    // Four / FourFour+Four+Three
    (688, -919),   // Three / FourFour+Four+Three
    (692, -367),   // Four+Three / FourFour+Four+Three
    (694, 1634),   // FourThree+Four+Three / FourFour+Four+Three
    (696, -1379),  // ThreeThree+Three / FourFour+Four+Three
    (700, -288),   // Four+ThreeThree+Three / FourFour+Four+Three
    (702, 2176),   // FourThree+Four+ThreeThree+Three / FourFour+Four+Three
    (704, 1075),   // - / FourThree+Four+Three
    (708, 1400),   // Four / FourThree+Four+Three
    (720, -220),   // Three / FourThree+Four+Three
    (724, 1193),   // Four+Three / FourThree+Four+Three
    (726, 2619),   // FourThree+Four+Three / FourThree+Four+Three
    (728, -912),   // ThreeThree+Three / FourThree+Four+Three
    (732, 888),    // Four+ThreeThree+Three / FourThree+Four+Three
    (736, -1248),  // - / FourFour+FourThree+Four+Three
    (740, 1479),   // Four / FourFour+FourThree+Four+Three
    (752, -2122),  // Three / FourFour+FourThree+Four+Three
    (756, 305),    // Four+Three / FourFour+FourThree+Four+Three
    (758, 2480),   // FourThree+Four+Three / FourFour+FourThree+Four+Three
    (760, -1421),  // ThreeThree+Three / FourFour+FourThree+Four+Three
    (764, 739),    // Four+ThreeThree+Three / FourFour+FourThree+Four+Three
    (766, 1059),   // FourThree+Four+ThreeThree+Three / FourFour+FourThree+Four+Three
    (768, -417),   // - / ThreeThree+Three
    (772, 123),    // Four / ThreeThree+Three
    (784, 634),    // Three / ThreeThree+Three
    (788, 1321),   // Four+Three / ThreeThree+Three
    (790, 2370),   // FourThree+Four+Three / ThreeThree+Three
    (796, 1271),   // Four+ThreeThree+Three / ThreeThree+Three
    (798, 1157),   // FourThree+Four+ThreeThree+Three / ThreeThree+Three
    (896, -868),   // - / Four+ThreeThree+Three
    (900, 272),    // Four / Four+ThreeThree+Three
    (912, -577),   // Three / Four+ThreeThree+Three
    (916, 879),    // Four+Three / Four+ThreeThree+Three
    (918, 2285),   // FourThree+Four+Three / Four+ThreeThree+Three
    (924, 2235),   // Four+ThreeThree+Three / Four+ThreeThree+Three
    (926, 1132),   // FourThree+Four+ThreeThree+Three / Four+ThreeThree+Three
    (928, -962),   // - / FourFour+Four+ThreeThree+Three
    (932, -586),   // Four / FourFour+Four+ThreeThree+Three
    (944, -2190),  // Three / FourFour+Four+ThreeThree+Three
    (948, -695),   // Four+Three / FourFour+Four+ThreeThree+Three
    (950, 1817),   // FourThree+Four+Three / FourFour+Four+ThreeThree+Three
    (952, -1298),  // ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (956, 84),     // Four+ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (958, 1072),   // FourThree+Four+ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (960, 1381),   // - / FourThree+Four+ThreeThree+Three
    (964, 734),    // Four / FourThree+Four+ThreeThree+Three
    (976, -1237),  // Three / FourThree+Four+ThreeThree+Three
    (980, 1066),   // Four+Three / FourThree+Four+ThreeThree+Three
    (982, 1349),   // FourThree+Four+Three / FourThree+Four+ThreeThree+Three
    (988, 939),    // Four+ThreeThree+Three / FourThree+Four+ThreeThree+Three
    (1008, -2108), // Three / FourFour+FourThree+Four+ThreeThree+Three
    (1012, 944),   // Four+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1014, 1370),  // FourThree+Four+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1016, -1081), // ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1020, 644),   // Four+ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
];

/// The same under renju on boards up to 15x15, fitted together with
/// [`COMBO_BONUS_RENJU`] (see there).
pub const THREAT_MASK_VALUE_RENJU: &[(u16, i32)] = &[
    (4, 110),      // Four / -
    (16, 178),     // Three / -
    (20, -652),    // Four+Three / -
    (128, 406),    // - / Four
    (132, -163),   // Four / Four
    (144, 493),    // Three / Four
    (148, 100),    // Four+Three / Four
    (160, -714),   // - / FourFour+Four
    (164, -164),   // Four / FourFour+Four
    (176, 119),    // Three / FourFour+Four
    (180, -74),    // Four+Three / FourFour+Four
    (184, 304),    // ThreeThree+Three / FourFour+Four
    (188, -588),   // Four+ThreeThree+Three / FourFour+Four
    (512, -109),   // - / Three
    (516, -235),   // Four / Three
    (528, 99),     // Three / Three
    (532, 331),    // Four+Three / Three
    (534, 872),    // FourThree+Four+Three / Three
    (536, -335),   // ThreeThree+Three / Three
    (540, 858),    // Four+ThreeThree+Three / Three
    (542, 884),    // FourThree+Four+ThreeThree+Three / Three
    (640, 86),     // - / Four+Three
    (644, -206),   // Four / Four+Three
    (656, 402),    // Three / Four+Three
    (660, 348),    // Four+Three / Four+Three
    (662, 500),    // FourThree+Four+Three / Four+Three
    (664, 719),    // ThreeThree+Three / Four+Three
    (668, 661),    // Four+ThreeThree+Three / Four+Three
    (670, 915),    // FourThree+Four+ThreeThree+Three / Four+Three
    (672, 104),    // - / FourFour+Four+Three
    (676, -565),   // Four / FourFour+Four+Three
    (688, -542),   // Three / FourFour+Four+Three
    (692, -532),   // Four+Three / FourFour+Four+Three
    (694, 1206),   // FourThree+Four+Three / FourFour+Four+Three
    (696, -666),   // ThreeThree+Three / FourFour+Four+Three
    (700, -391),   // Four+ThreeThree+Three / FourFour+Four+Three
    (702, 990),    // FourThree+Four+ThreeThree+Three / FourFour+Four+Three
    (704, 1043),   // - / FourThree+Four+Three
    (708, 623),    // Four / FourThree+Four+Three
    (720, 386),    // Three / FourThree+Four+Three
    (724, 666),    // Four+Three / FourThree+Four+Three
    (726, 1020),   // FourThree+Four+Three / FourThree+Four+Three
    (728, 91),     // ThreeThree+Three / FourThree+Four+Three
    (732, 643),    // Four+ThreeThree+Three / FourThree+Four+Three
    (736, 232),    // - / FourFour+FourThree+Four+Three
    (740, 882),    // Four / FourFour+FourThree+Four+Three
    (752, -157),   // Three / FourFour+FourThree+Four+Three
    (756, 202),    // Four+Three / FourFour+FourThree+Four+Three
    (758, 1204),   // FourThree+Four+Three / FourFour+FourThree+Four+Three
    (760, -975),   // ThreeThree+Three / FourFour+FourThree+Four+Three
    (764, -27),    // Four+ThreeThree+Three / FourFour+FourThree+Four+Three
    (766, 1234),   // FourThree+Four+ThreeThree+Three / FourFour+FourThree+Four+Three
    (768, -434),   // - / ThreeThree+Three
    (772, -170),   // Four / ThreeThree+Three
    (784, 113),    // Three / ThreeThree+Three
    (788, 520),    // Four+Three / ThreeThree+Three
    (790, 761),    // FourThree+Four+Three / ThreeThree+Three
    (796, 972),    // Four+ThreeThree+Three / ThreeThree+Three
    (798, 933),    // FourThree+Four+ThreeThree+Three / ThreeThree+Three
    (896, -184),   // - / Four+ThreeThree+Three
    (900, -147),   // Four / Four+ThreeThree+Three
    (912, -2),     // Three / Four+ThreeThree+Three
    (916, 430),    // Four+Three / Four+ThreeThree+Three
    (918, 1002),   // FourThree+Four+Three / Four+ThreeThree+Three
    (920, -75),    // ThreeThree+Three / Four+ThreeThree+Three
    (924, 1075),   // Four+ThreeThree+Three / Four+ThreeThree+Three
    (932, -360),   // Four / FourFour+Four+ThreeThree+Three
    (944, -1022),  // Three / FourFour+Four+ThreeThree+Three
    (948, -509),   // Four+Three / FourFour+Four+ThreeThree+Three
    (950, 1093),   // FourThree+Four+Three / FourFour+Four+ThreeThree+Three
    (952, -1004),  // ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (956, -231),   // Four+ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (958, 1103),   // FourThree+Four+ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (976, -898),   // Three / FourThree+Four+ThreeThree+Three
    (980, 789),    // Four+Three / FourThree+Four+ThreeThree+Three
    (988, 804),    // Four+ThreeThree+Three / FourThree+Four+ThreeThree+Three
    (996, 1297),   // Four / FourFour+FourThree+Four+ThreeThree+Three
    (1008, -971),  // Three / FourFour+FourThree+Four+ThreeThree+Three
    (1012, 704),   // Four+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1014, 1321),  // FourThree+Four+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1016, -1095), // ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1020, 786),   // Four+ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
];

/// The same under freestyle on boards larger than 15x15, fitted the same way
/// (`masks=15`) to 1200 freestyle 20x20 self-play games (`SIZE=20`, 20,750
/// positions; held-out error 0.14319 with [`THREAT_MASK_VALUE`] to 0.12644). Every
/// mask of the 15x15 table was seen often enough to be refitted. Then refitted with
/// [`COMBO_BONUS_FREESTYLE_LARGE`] (a second and a third round, see there).
pub const THREAT_MASK_VALUE_FREESTYLE_LARGE: &[(u16, i32)] = &[
    (4, -448),     // Four / -
    (16, -429),    // Three / -
    (20, -1054),   // Four+Three / -
    (22, 312),     // FourThree+Four+Three / -
    (28, 1623),    // Four+ThreeThree+Three / -
    (128, -162),   // - / Four
    (132, -679),   // Four / Four
    (144, -23),    // Three / Four
    (148, -603),   // Four+Three / Four
    (156, 86),     // Four+ThreeThree+Three / Four
    (160, -643),   // - / FourFour+Four
    (164, -166),   // Four / FourFour+Four
    (176, -200),   // Three / FourFour+Four
    (180, -418),   // Four+Three / FourFour+Four
    (182, -1251),  // FourThree+Four+Three / FourFour+Four
    (184, 102),    // ThreeThree+Three / FourFour+Four
    (188, -612),   // Four+ThreeThree+Three / FourFour+Four
    (512, -486),   // - / Three
    (516, -888),   // Four / Three
    (528, -466),   // Three / Three
    (532, -464),   // Four+Three / Three
    (534, 2803),   // FourThree+Four+Three / Three
    (536, 1673),   // ThreeThree+Three / Three
    (540, 3328),   // Four+ThreeThree+Three / Three
    (542, 1864),   // FourThree+Four+ThreeThree+Three / Three
    (640, -309),   // - / Four+Three
    (644, -693),   // Four / Four+Three
    (656, -130),   // Three / Four+Three
    (660, -251),   // Four+Three / Four+Three
    (662, 3660),   // FourThree+Four+Three / Four+Three
    (664, 281),    // ThreeThree+Three / Four+Three
    (668, 551),    // Four+ThreeThree+Three / Four+Three
    (670, 806),    // FourThree+Four+ThreeThree+Three / Four+Three
    (672, -249),   // - / FourFour+Four+Three
    (676, -604),   // Four / FourFour+Four+Three
    (688, -758),   // Three / FourFour+Four+Three
    (692, -917),   // Four+Three / FourFour+Four+Three
    (694, 2564),   // FourThree+Four+Three / FourFour+Four+Three
    (696, -1132),  // ThreeThree+Three / FourFour+Four+Three
    (700, -661),   // Four+ThreeThree+Three / FourFour+Four+Three
    (702, 3972),   // FourThree+Four+ThreeThree+Three / FourFour+Four+Three
    (704, 1106),   // - / FourThree+Four+Three
    (708, 405),    // Four / FourThree+Four+Three
    (720, 169),    // Three / FourThree+Four+Three
    (724, 122),    // Four+Three / FourThree+Four+Three
    (726, 3054),   // FourThree+Four+Three / FourThree+Four+Three
    (728, -680),   // ThreeThree+Three / FourThree+Four+Three
    (732, 124),    // Four+ThreeThree+Three / FourThree+Four+Three
    (734, 962),    // FourThree+Four+ThreeThree+Three / FourThree+Four+Three
    (736, -577),   // - / FourFour+FourThree+Four+Three
    (740, 95),     // Four / FourFour+FourThree+Four+Three
    (752, -620),   // Three / FourFour+FourThree+Four+Three
    (756, -375),   // Four+Three / FourFour+FourThree+Four+Three
    (758, 4809),   // FourThree+Four+Three / FourFour+FourThree+Four+Three
    (760, -2754),  // ThreeThree+Three / FourFour+FourThree+Four+Three
    (764, -222),   // Four+ThreeThree+Three / FourFour+FourThree+Four+Three
    (766, 3819),   // FourThree+Four+ThreeThree+Three / FourFour+FourThree+Four+Three
    (768, -827),   // - / ThreeThree+Three
    (772, -821),   // Four / ThreeThree+Three
    (784, -370),   // Three / ThreeThree+Three
    (788, -228),   // Four+Three / ThreeThree+Three
    (790, 3444),   // FourThree+Four+Three / ThreeThree+Three
    (796, 3479),   // Four+ThreeThree+Three / ThreeThree+Three
    (798, 2360),   // FourThree+Four+ThreeThree+Three / ThreeThree+Three
    (896, -979),   // - / Four+ThreeThree+Three
    (900, -761),   // Four / Four+ThreeThree+Three
    (912, -404),   // Three / Four+ThreeThree+Three
    (916, -7),     // Four+Three / Four+ThreeThree+Three
    (918, 3551),   // FourThree+Four+Three / Four+ThreeThree+Three
    (920, -988),   // ThreeThree+Three / Four+ThreeThree+Three
    (924, 1591),   // Four+ThreeThree+Three / Four+ThreeThree+Three
    (926, 2430),   // FourThree+Four+ThreeThree+Three / Four+ThreeThree+Three
    (928, -317),   // - / FourFour+Four+ThreeThree+Three
    (932, -598),   // Four / FourFour+Four+ThreeThree+Three
    (944, -2807),  // Three / FourFour+Four+ThreeThree+Three
    (948, -1194),  // Four+Three / FourFour+Four+ThreeThree+Three
    (950, 1469),   // FourThree+Four+Three / FourFour+Four+ThreeThree+Three
    (952, -2223),  // ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (956, -391),   // Four+ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (958, 4769),   // FourThree+Four+ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (960, -290),   // - / FourThree+Four+ThreeThree+Three
    (964, 142),    // Four / FourThree+Four+ThreeThree+Three
    (976, -970),   // Three / FourThree+Four+ThreeThree+Three
    (980, 62),     // Four+Three / FourThree+Four+ThreeThree+Three
    (982, 2388),   // FourThree+Four+Three / FourThree+Four+ThreeThree+Three
    (984, -2162),  // ThreeThree+Three / FourThree+Four+ThreeThree+Three
    (988, 439),    // Four+ThreeThree+Three / FourThree+Four+ThreeThree+Three
    (990, 884),    // FourThree+Four+ThreeThree+Three / FourThree+Four+ThreeThree+Three
    (996, -1077),  // Four / FourFour+FourThree+Four+ThreeThree+Three
    (1008, -3079), // Three / FourFour+FourThree+Four+ThreeThree+Three
    (1012, -47),   // Four+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1014, 3924),  // FourThree+Four+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1016, -2437), // ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1020, 912),   // Four+ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1022, 2347),  // FourThree+Four+ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
];

/// The same under standard on boards larger than 15x15, fitted the same way
/// (`masks=15`) to 1200 standard 20x20 self-play games (20,686 positions; held-out
/// error 0.15281 with [`THREAT_MASK_VALUE_STANDARD`] to 0.13842). Refitted together
/// with [`COMBO_BONUS_STANDARD_LARGE`] in a second, a third and a fourth round (see there).
pub const THREAT_MASK_VALUE_STANDARD_LARGE: &[(u16, i32)] = &[
    (4, -360),     // Four / -
    (16, -192),    // Three / -
    (20, -960),    // Four+Three / -
    (22, 163),     // FourThree+Four+Three / -
    (28, 1297),    // Four+ThreeThree+Three / -
    (128, -384),   // - / Four
    (132, -350),   // Four / Four
    (144, 98),     // Three / Four
    (148, -448),   // Four+Three / Four
    (150, -1713),  // FourThree+Four+Three / Four
    (152, -87),    // ThreeThree+Three / Four
    (156, -160),   // Four+ThreeThree+Three / Four
    (160, -568),   // - / FourFour+Four
    (164, -480),   // Four / FourFour+Four
    (176, -136),   // Three / FourFour+Four
    (180, -544),   // Four+Three / FourFour+Four
    (182, -1351),  // FourThree+Four+Three / FourFour+Four
    (184, -376),   // ThreeThree+Three / FourFour+Four
    (188, -714),   // Four+ThreeThree+Three / FourFour+Four
    (512, -536),   // - / Three
    (516, -908),   // Four / Three
    (528, -451),   // Three / Three
    (532, -310),   // Four+Three / Three
    (534, 3059),   // FourThree+Four+Three / Three
    (536, 1964),   // ThreeThree+Three / Three
    (540, 3926),   // Four+ThreeThree+Three / Three
    (542, 2598),   // FourThree+Four+ThreeThree+Three / Three
    (640, -492),   // - / Four+Three
    (644, -668),   // Four / Four+Three
    (656, -118),   // Three / Four+Three
    (660, -194),   // Four+Three / Four+Three
    (662, 2303),   // FourThree+Four+Three / Four+Three
    (664, -368),   // ThreeThree+Three / Four+Three
    (668, 734),    // Four+ThreeThree+Three / Four+Three
    (670, 3242),   // FourThree+Four+ThreeThree+Three / Four+Three
    (672, -454),   // - / FourFour+Four+Three
    (676, -750),   // Four / FourFour+Four+Three
    (688, -836),   // Three / FourFour+Four+Three
    (692, -958),   // Four+Three / FourFour+Four+Three
    (694, 3894),   // FourThree+Four+Three / FourFour+Four+Three
    (696, -979),   // ThreeThree+Three / FourFour+Four+Three
    (700, -520),   // Four+ThreeThree+Three / FourFour+Four+Three
    (702, 2317),   // FourThree+Four+ThreeThree+Three / FourFour+Four+Three
    (704, 1241),   // - / FourThree+Four+Three
    (708, 372),    // Four / FourThree+Four+Three
    (720, 424),    // Three / FourThree+Four+Three
    (724, 274),    // Four+Three / FourThree+Four+Three
    (726, 4130),   // FourThree+Four+Three / FourThree+Four+Three
    (728, -672),   // ThreeThree+Three / FourThree+Four+Three
    (732, 468),    // Four+ThreeThree+Three / FourThree+Four+Three
    (734, 596),    // FourThree+Four+ThreeThree+Three / FourThree+Four+Three
    (736, -1994),  // - / FourFour+FourThree+Four+Three
    (740, -236),   // Four / FourFour+FourThree+Four+Three
    (752, -2278),  // Three / FourFour+FourThree+Four+Three
    (756, -178),   // Four+Three / FourFour+FourThree+Four+Three
    (758, 3506),   // FourThree+Four+Three / FourFour+FourThree+Four+Three
    (760, -2646),  // ThreeThree+Three / FourFour+FourThree+Four+Three
    (764, -326),   // Four+ThreeThree+Three / FourFour+FourThree+Four+Three
    (766, 2449),   // FourThree+Four+ThreeThree+Three / FourFour+FourThree+Four+Three
    (768, -885),   // - / ThreeThree+Three
    (772, -754),   // Four / ThreeThree+Three
    (784, -558),   // Three / ThreeThree+Three
    (788, -239),   // Four+Three / ThreeThree+Three
    (790, 3447),   // FourThree+Four+Three / ThreeThree+Three
    (796, 3582),   // Four+ThreeThree+Three / ThreeThree+Three
    (798, 2223),   // FourThree+Four+ThreeThree+Three / ThreeThree+Three
    (896, -412),   // - / Four+ThreeThree+Three
    (900, -651),   // Four / Four+ThreeThree+Three
    (912, -584),   // Three / Four+ThreeThree+Three
    (916, -148),   // Four+Three / Four+ThreeThree+Three
    (918, 3401),   // FourThree+Four+Three / Four+ThreeThree+Three
    (920, -574),   // ThreeThree+Three / Four+ThreeThree+Three
    (924, 1830),   // Four+ThreeThree+Three / Four+ThreeThree+Three
    (926, 1619),   // FourThree+Four+ThreeThree+Three / Four+ThreeThree+Three
    (928, -2456),  // - / FourFour+Four+ThreeThree+Three
    (932, -942),   // Four / FourFour+Four+ThreeThree+Three
    (944, -2768),  // Three / FourFour+Four+ThreeThree+Three
    (948, -1022),  // Four+Three / FourFour+Four+ThreeThree+Three
    (950, 3944),   // FourThree+Four+Three / FourFour+Four+ThreeThree+Three
    (952, -2406),  // ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (956, -258),   // Four+ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (958, 3300),   // FourThree+Four+ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (960, -268),   // - / FourThree+Four+ThreeThree+Three
    (964, 492),    // Four / FourThree+Four+ThreeThree+Three
    (976, -1470),  // Three / FourThree+Four+ThreeThree+Three
    (980, 138),    // Four+Three / FourThree+Four+ThreeThree+Three
    (982, 2258),   // FourThree+Four+Three / FourThree+Four+ThreeThree+Three
    (984, -1768),  // ThreeThree+Three / FourThree+Four+ThreeThree+Three
    (988, 771),    // Four+ThreeThree+Three / FourThree+Four+ThreeThree+Three
    (990, 2656),   // FourThree+Four+ThreeThree+Three / FourThree+Four+ThreeThree+Three
    (992, -650),   // - / FourFour+FourThree+Four+ThreeThree+Three
    (996, -77),    // Four / FourFour+FourThree+Four+ThreeThree+Three
    (1008, -3388), // Three / FourFour+FourThree+Four+ThreeThree+Three
    (1012, 290),   // Four+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1014, 3844),  // FourThree+Four+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1016, -2436), // ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1020, 348),   // Four+ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1022, 2074),  // FourThree+Four+ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
];

/// The same under caro (and standard caro) on boards larger than 15x15, fitted the
/// same way (`masks=15`) to 900 caro 20x20 self-play games (23,041 positions;
/// held-out error 0.17015 with [`THREAT_MASK_VALUE_CARO`] to 0.16426).
pub const THREAT_MASK_VALUE_CARO_LARGE: &[(u16, i32)] = &[
    (4, -1205),    // Four / -
    (16, 271),     // Three / -
    (20, -94),     // Four+Three / -
    (128, 742),    // - / Four
    (132, -677),   // Four / Four
    (144, 1018),   // Three / Four
    (148, -206),   // Four+Three / Four
    (160, 654),    // - / FourFour+Four
    (164, -886),   // Four / FourFour+Four
    (176, 419),    // Three / FourFour+Four
    (180, -72),    // Four+Three / FourFour+Four
    (184, -58),    // ThreeThree+Three / FourFour+Four
    (188, 428),    // Four+ThreeThree+Three / FourFour+Four
    (512, -868),   // - / Three
    (516, -1508),  // Four / Three
    (528, -368),   // Three / Three
    (532, 483),    // Four+Three / Three
    (534, 2206),   // FourThree+Four+Three / Three
    (540, 2271),   // Four+ThreeThree+Three / Three
    (542, 2209),   // FourThree+Four+ThreeThree+Three / Three
    (640, -534),   // - / Four+Three
    (644, -1161),  // Four / Four+Three
    (656, 13),     // Three / Four+Three
    (660, -273),   // Four+Three / Four+Three
    (662, 1839),   // FourThree+Four+Three / Four+Three
    (664, 128),    // ThreeThree+Three / Four+Three
    (668, 1399),   // Four+ThreeThree+Three / Four+Three
    (670, 2270),   // FourThree+Four+ThreeThree+Three / Four+Three
    (672, -1067),  // - / FourFour+Four+Three
    (676, -1101),  // Four / FourFour+Four+Three
    (688, -1205),  // Three / FourFour+Four+Three
    (692, -1068),  // Four+Three / FourFour+Four+Three
    (694, 1042),   // FourThree+Four+Three / FourFour+Four+Three
    (696, -1459),  // ThreeThree+Three / FourFour+Four+Three
    (700, -367),   // Four+ThreeThree+Three / FourFour+Four+Three
    (702, 1161),   // FourThree+Four+ThreeThree+Three / FourFour+Four+Three
    (704, -116),   // - / FourThree+Four+Three
    (708, -572),   // Four / FourThree+Four+Three
    (720, -652),   // Three / FourThree+Four+Three
    (724, -367),   // Four+Three / FourThree+Four+Three
    (726, 1197),   // FourThree+Four+Three / FourThree+Four+Three
    (728, -1314),  // ThreeThree+Three / FourThree+Four+Three
    (732, -169),   // Four+ThreeThree+Three / FourThree+Four+Three
    (736, -2197),  // - / FourFour+FourThree+Four+Three
    (740, -15),    // Four / FourFour+FourThree+Four+Three
    (752, -2195),  // Three / FourFour+FourThree+Four+Three
    (756, -532),   // Four+Three / FourFour+FourThree+Four+Three
    (758, 613),    // FourThree+Four+Three / FourFour+FourThree+Four+Three
    (760, -2089),  // ThreeThree+Three / FourFour+FourThree+Four+Three
    (764, -38),    // Four+ThreeThree+Three / FourFour+FourThree+Four+Three
    (768, -1748),  // - / ThreeThree+Three
    (772, -1532),  // Four / ThreeThree+Three
    (784, -625),   // Three / ThreeThree+Three
    (788, 245),    // Four+Three / ThreeThree+Three
    (790, 2257),   // FourThree+Four+Three / ThreeThree+Three
    (796, 1170),   // Four+ThreeThree+Three / ThreeThree+Three
    (896, -1591),  // - / Four+ThreeThree+Three
    (900, -1425),  // Four / Four+ThreeThree+Three
    (912, -561),   // Three / Four+ThreeThree+Three
    (916, 42),     // Four+Three / Four+ThreeThree+Three
    (918, 2263),   // FourThree+Four+Three / Four+ThreeThree+Three
    (924, 2045),   // Four+ThreeThree+Three / Four+ThreeThree+Three
    (932, -916),   // Four / FourFour+Four+ThreeThree+Three
    (944, -2272),  // Three / FourFour+Four+ThreeThree+Three
    (948, -1357),  // Four+Three / FourFour+Four+ThreeThree+Three
    (950, 1815),   // FourThree+Four+Three / FourFour+Four+ThreeThree+Three
    (956, -1008),  // Four+ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (964, -546),   // Four / FourThree+Four+ThreeThree+Three
    (976, -1883),  // Three / FourThree+Four+ThreeThree+Three
    (980, -800),   // Four+Three / FourThree+Four+ThreeThree+Three
    (988, 56),     // Four+ThreeThree+Three / FourThree+Four+ThreeThree+Three
    (996, -1087),  // Four / FourFour+FourThree+Four+ThreeThree+Three
    (1008, -2244), // Three / FourFour+FourThree+Four+ThreeThree+Three
    (1012, -1023), // Four+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1020, 572),   // Four+ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
];

/// The same under renju on boards larger than 15x15, fitted together with
/// [`COMBO_BONUS_RENJU_LARGE`] in two rounds (see there).
pub const THREAT_MASK_VALUE_RENJU_LARGE: &[(u16, i32)] = &[
    (4, 494),      // Four / -
    (16, 72),      // Three / -
    (20, -614),    // Four+Three / -
    (128, 44),     // - / Four
    (132, -220),   // Four / Four
    (144, 415),    // Three / Four
    (148, -48),    // Four+Three / Four
    (152, 822),    // ThreeThree+Three / Four
    (156, 1125),   // Four+ThreeThree+Three / Four
    (160, -743),   // - / FourFour+Four
    (164, -924),   // Four / FourFour+Four
    (176, -362),   // Three / FourFour+Four
    (180, -650),   // Four+Three / FourFour+Four
    (184, -465),   // ThreeThree+Three / FourFour+Four
    (188, -1178),  // Four+ThreeThree+Three / FourFour+Four
    (512, -461),   // - / Three
    (516, -811),   // Four / Three
    (528, -298),   // Three / Three
    (532, -124),   // Four+Three / Three
    (534, 1794),   // FourThree+Four+Three / Three
    (536, 264),    // ThreeThree+Three / Three
    (540, 401),    // Four+ThreeThree+Three / Three
    (542, 1685),   // FourThree+Four+ThreeThree+Three / Three
    (640, -526),   // - / Four+Three
    (644, -468),   // Four / Four+Three
    (656, 179),    // Three / Four+Three
    (660, 81),     // Four+Three / Four+Three
    (662, 2252),   // FourThree+Four+Three / Four+Three
    (664, 89),     // ThreeThree+Three / Four+Three
    (668, 620),    // Four+ThreeThree+Three / Four+Three
    (670, 276),    // FourThree+Four+ThreeThree+Three / Four+Three
    (672, -881),   // - / FourFour+Four+Three
    (676, -982),   // Four / FourFour+Four+Three
    (688, -832),   // Three / FourFour+Four+Three
    (692, -1168),  // Four+Three / FourFour+Four+Three
    (694, 2166),   // FourThree+Four+Three / FourFour+Four+Three
    (696, -1281),  // ThreeThree+Three / FourFour+Four+Three
    (700, -829),   // Four+ThreeThree+Three / FourFour+Four+Three
    (702, 2374),   // FourThree+Four+ThreeThree+Three / FourFour+Four+Three
    (704, 106),    // - / FourThree+Four+Three
    (708, -11),    // Four / FourThree+Four+Three
    (720, -6),     // Three / FourThree+Four+Three
    (724, -99),    // Four+Three / FourThree+Four+Three
    (726, 2277),   // FourThree+Four+Three / FourThree+Four+Three
    (728, -488),   // ThreeThree+Three / FourThree+Four+Three
    (732, 178),    // Four+ThreeThree+Three / FourThree+Four+Three
    (736, -1705),  // - / FourFour+FourThree+Four+Three
    (740, -166),   // Four / FourFour+FourThree+Four+Three
    (752, -1393),  // Three / FourFour+FourThree+Four+Three
    (756, -495),   // Four+Three / FourFour+FourThree+Four+Three
    (758, 2653),   // FourThree+Four+Three / FourFour+FourThree+Four+Three
    (760, -2205),  // ThreeThree+Three / FourFour+FourThree+Four+Three
    (764, -147),   // Four+ThreeThree+Three / FourFour+FourThree+Four+Three
    (766, 2629),   // FourThree+Four+ThreeThree+Three / FourFour+FourThree+Four+Three
    (768, -1207),  // - / ThreeThree+Three
    (772, -783),   // Four / ThreeThree+Three
    (784, -334),   // Three / ThreeThree+Three
    (788, 314),    // Four+Three / ThreeThree+Three
    (790, 1774),   // FourThree+Four+Three / ThreeThree+Three
    (796, 1652),   // Four+ThreeThree+Three / ThreeThree+Three
    (798, 1788),   // FourThree+Four+ThreeThree+Three / ThreeThree+Three
    (896, -1709),  // - / Four+ThreeThree+Three
    (900, -769),   // Four / Four+ThreeThree+Three
    (912, 2),      // Three / Four+ThreeThree+Three
    (916, 125),    // Four+Three / Four+ThreeThree+Three
    (918, 2483),   // FourThree+Four+Three / Four+ThreeThree+Three
    (920, -545),   // ThreeThree+Three / Four+ThreeThree+Three
    (924, 420),    // Four+ThreeThree+Three / Four+ThreeThree+Three
    (926, 1847),   // FourThree+Four+ThreeThree+Three / Four+ThreeThree+Three
    (928, -1644),  // - / FourFour+Four+ThreeThree+Three
    (932, -881),   // Four / FourFour+Four+ThreeThree+Three
    (944, -1660),  // Three / FourFour+Four+ThreeThree+Three
    (948, -1015),  // Four+Three / FourFour+Four+ThreeThree+Three
    (950, 2088),   // FourThree+Four+Three / FourFour+Four+ThreeThree+Three
    (952, -1619),  // ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (956, -653),   // Four+ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (958, 1972),   // FourThree+Four+ThreeThree+Three / FourFour+Four+ThreeThree+Three
    (964, 427),    // Four / FourThree+Four+ThreeThree+Three
    (976, -556),   // Three / FourThree+Four+ThreeThree+Three
    (980, -19),    // Four+Three / FourThree+Four+ThreeThree+Three
    (982, 1238),   // FourThree+Four+Three / FourThree+Four+ThreeThree+Three
    (984, -996),   // ThreeThree+Three / FourThree+Four+ThreeThree+Three
    (988, 1062),   // Four+ThreeThree+Three / FourThree+Four+ThreeThree+Three
    (990, 1170),   // FourThree+Four+ThreeThree+Three / FourThree+Four+ThreeThree+Three
    (1008, -1307), // Three / FourFour+FourThree+Four+ThreeThree+Three
    (1012, -39),   // Four+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1014, 1362),  // FourThree+Four+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1016, -1772), // ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1020, 1195),  // Four+ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
    (1022, 1251),  // FourThree+Four+ThreeThree+Three / FourFour+FourThree+Four+ThreeThree+Three
];

/// The threat-mask values a search of `board` adds, as a table by mask: the ones of
/// its rule and size in `EVAL_TABLES`.
pub fn threat_mask_table(board: &Board) -> &'static [i32; THREAT_MASKS] {
    use std::sync::OnceLock;
    const SETS: usize = EVAL_TABLES.len();
    static T: [OnceLock<[i32; THREAT_MASKS]>; SETS] = [const { OnceLock::new() }; SETS];
    let set = eval_set(board.rule(), board.larger_than_15x15());
    T[set].get_or_init(|| {
        let mut t = [0; THREAT_MASKS];
        for &(m, v) in EVAL_TABLES[set].masks {
            t[m as usize] = v;
        }
        t
    })
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

/// Fitted bonuses of single combinations, in place of their threat class's
/// [`THREAT_BONUS`]: the counts of open fours, fours, open threes and twos (no five),
/// and the bonus. `wuzi-tune codes=N` fits them with the pattern values. None here
/// (caro on larger boards, where the fit raised the held-out error): every other rule
/// and size has its own list, fitted with its threat-mask table.
pub const COMBO_BONUS: &[([u8; 4], i32)] = &[];

/// The same under freestyle on boards larger than 15x15, fitted by `wuzi-tune
/// codes=100 patterns=0` (the pattern values and the threat-mask table fixed) to the
/// 1200 freestyle 20x20 games of [`THREAT_MASK_VALUE_FREESTYLE_LARGE`]: held-out
/// error 0.12413 to 0.10766. Against none under freestyle 20x20 at 100 ms/move (game
/// pairs, SPRT 0/10), two runs side by side: 1036 games, 518 pairs [81, 0, 307, 0,
/// 130], +33.0 Elo [+14.0, +52.1], H1; 1243 games, 621 pairs [106, 0, 381, 0, 134],
/// +15.7 [-1.3, +32.7], stopped (together +23.5 [+10.9, +36.2]).
///
/// Second round: 1200 new freestyle 20x20 games played with those two tables
/// (`GAMES=1200 RULE=0 SIZE=20 SEED=47 scripts/tune-eval.sh`), and both tables
/// refitted together on all 2400 games (`wuzi-tune masks=15 codes=100 patterns=0`;
/// held-out error 0.11330 to 0.11011; the values' "was" is the first round's).
/// Against the first round under freestyle 20x20 at 100 ms/move (game pairs, SPRT
/// 0/10): 1054 games, 527 pairs [62, 0, 364, 0, 101], +25.8 Elo [+9.4, +42.3], H1;
/// a second run beside it 1044 games, 522 pairs [72, 0, 345, 0, 105], +22.0 [+4.7,
/// +39.4], stopped.
///
/// Third round: 800 new games played with the second round's tables (`SEED=4953`),
/// both refitted on all 3200 (held-out error 0.10866 to 0.10797). Against the second
/// round, two runs side by side: 1006 games, 503 pairs [59, 0, 346, 0, 98], +27.0 Elo
/// [+10.1, +44.0], H1; 1049 games, 524 pairs [71, 0, 371, 0, 82], +7.3 [-8.8, +23.4],
/// stopped when the first ended (together 1027 pairs, +16.9 [+5.3, +28.6]).
///
/// Not kept: a round on new games alone as standard 20x20's fourth (1600 games played
/// with these tables, `GAMES=1600 RULE=0 SIZE=20 SEED=7001 scripts/tune-eval.sh`;
/// `masks=60 codes=300 patterns=0 step=0.5`). Every fit tried raised the held-out
/// error (0.13023 to 0.13069 at the half step, 0.13216 at the full one; larger
/// minimum counts, a quarter step and `l2` too), as did the half step on two other
/// tenths held out (0.17836 to 0.17880, 0.11448 to 0.11476); not played.
pub const COMBO_BONUS_FREESTYLE_LARGE: &[([u8; 4], i32)] = &[
    ([0, 0, 0, 1], -10),   // Two, was -13
    ([0, 0, 0, 2], 21),    // Two, was 30
    ([0, 0, 0, 3], 46),    // Two, was 78
    ([0, 0, 0, 4], 10),    // Two, was 22
    ([0, 0, 1, 0], -11),   // Three, was -19
    ([0, 0, 1, 1], 106),   // Three, was 82
    ([0, 0, 1, 2], 101),   // Three, was 124
    ([0, 0, 1, 3], 268),   // Three, was 209
    ([0, 0, 2, 0], -32),   // ThreeThree, was 12
    ([0, 0, 2, 1], -160),  // ThreeThree, was 76
    ([0, 0, 2, 2], -89),   // ThreeThree, was 228
    ([0, 0, 3, 0], -1070), // ThreeThree, was 0
    ([0, 1, 0, 0], -67),   // Four, was -37
    ([0, 1, 0, 1], 196),   // Four, was 163
    ([0, 1, 0, 2], 385),   // Four, was 280
    ([0, 1, 0, 3], 227),   // Four, was 634
    ([0, 1, 1, 0], 1137),  // FourThree, was 1036
    ([0, 1, 1, 1], 853),   // FourThree, was 875
    ([0, 1, 1, 2], 587),   // FourThree, was 980
    ([0, 2, 0, 0], -310),  // FourFour, was -202
    ([1, 0, 0, 0], 195),   // FourFour, was 216
    ([1, 0, 0, 1], 345),   // FourFour, was 332
    ([1, 0, 0, 2], 553),   // FourFour, was 523
    ([1, 0, 0, 3], 1092),  // FourFour, was 313
    ([1, 0, 1, 0], -413),  // FourFour, was -330
    ([1, 0, 1, 1], -406),  // FourFour, was 313
];

/// The same under standard on boards larger than 15x15, fitted the same way to the
/// 1200 standard 20x20 games of [`THREAT_MASK_VALUE_STANDARD_LARGE`]: held-out error
/// 0.13827 to 0.12821. Against none under standard 20x20 at 100 ms/move (game pairs,
/// SPRT 0/10), two runs side by side, both H1: 686 games, 343 pairs [44, 0, 212, 0,
/// 87], +43.8 Elo [+21.3, +66.6]; 764 games, 382 pairs [48, 0, 244, 0, 90], +38.4
/// [+17.6, +59.4].
///
/// Second round, as freestyle 20x20's: 1200 new standard 20x20 games played with
/// those two tables (`GAMES=1200 RULE=1 SIZE=20 SEED=4951 scripts/tune-eval.sh`), and
/// both tables refitted together on all 2400 games (`wuzi-tune rule=1 masks=15
/// codes=100 patterns=0`; held-out error 0.13218 to 0.12687). Against the first round
/// under standard 20x20 at 100 ms/move (game pairs, SPRT 0/10): 1944 games, 972 pairs
/// [140, 0, 643, 0, 189], +17.5 Elo [+4.9, +30.3], H1.
///
/// Third round: 1200 new games played with the second round's tables (`SEED=5001`),
/// both refitted on all 3600 (held-out error 0.12993 to 0.12913). Against the second
/// round, two runs side by side: 4038 games, 2019 pairs [293, 2, 1368, 0, 356], +10.7
/// Elo [+2.1, +19.3], H1; 2250 games, 1125 pairs [168, 0, 760, 0, 197], +9.0 [-2.6,
/// +20.5], stopped when the first ended.
///
/// Fourth round, on new games alone: 1969 games played with the third round's tables
/// (`GAMES=3000 RULE=1 SIZE=20 SEED=6001 scripts/tune-eval.sh`, stopped at 1969; the
/// earlier rounds' games were no longer at hand). Both tables refitted on them as
/// before (`masks=15 codes=100`, held-out error 0.13686 to 0.13529; entries the fit
/// left out kept) lost against the third round: 483 games +211 =0 -272, -44.1 Elo,
/// stopped at LLR -2.52. Refitted with only the entries seen more often (`masks=60
/// codes=300`; 0.13544) and each value moved half way from the third round's to the
/// fit's (the values here, with every other entry kept; `wuzi-tune step=0.5` does
/// this now), they gained: 3884 games, 1942
/// pairs [286, 1, 1307, 0, 348], +11.0 Elo [+2.2, +19.8], H1; a second run after it,
/// 2233 games +1134 =0 -1099, +5.4 Elo (LLR 0.17, stopped by the clock); both runs,
/// 6117 games, +9.0 [+0.3, +17.7].
///
/// The step, not the smaller entry set, made the difference: the rest of the way to
/// the same fit (`wuzi-tune rule=1 masks=60 codes=300 patterns=0` from these values on
/// the same 1969 games) lost against these, two runs side by side at 100 ms/move:
/// 892 games, 446 pairs [87, 0, 299, 0, 60], -21.1 Elo [-39.6, -2.6], H0; 963 games
/// +463 =0 -500, -13.4, stopped; together 1855 games, -17.1.
///
/// Not kept: a fifth round, the same half step on 2000 new games played with these
/// tables (`GAMES=2000 RULE=1 SIZE=20 SEED=7301`; `masks=60 codes=300 patterns=0
/// step=0.5`, held-out error 0.11601 to 0.11530). Against these at 100 ms/move, SPRT
/// 0/10, two runs side by side: 808 games, 404 pairs [86, 0, 262, 0, 56], -25.8 Elo
/// [-46.0, -5.9], H0; 946 games +449 =0 -497, -17.6, stopped; together 1754 games,
/// -21.4. Nor did the same half step fitted on those 2000 games and the fourth round's 1969
/// together (3969 games, held-out error 0.13538 to 0.13498), two runs side by side, both
/// H0: 1322 games, 661 pairs [132, 0, 424, 0, 105], -14.2 Elo [-30.1, +1.6]; 1260 games,
/// 630 pairs [120, 0, 416, 0, 94], -14.3 [-30.2, +1.4]. The one rule and size where new
/// rounds kept gaining has stopped gaining too.
pub const COMBO_BONUS_STANDARD_LARGE: &[([u8; 4], i32)] = &[
    ([0, 0, 0, 1], -12),  // Two, was 0
    ([0, 0, 0, 2], 18),   // Two, was 0
    ([0, 0, 0, 3], 32),   // Two, was 0
    ([0, 0, 0, 4], -47),  // Two, was 0
    ([0, 0, 1, 0], -12),  // Three, was 0
    ([0, 0, 1, 1], 101),  // Three, was 0
    ([0, 0, 1, 2], 116),  // Three, was 0
    ([0, 0, 1, 3], 49),   // Three, was 0
    ([0, 0, 2, 0], -58),  // ThreeThree, was 0
    ([0, 0, 2, 1], -73),  // ThreeThree, was 0
    ([0, 0, 2, 2], -324), // ThreeThree, was 0
    ([0, 0, 3, 0], 312),  // ThreeThree, was 0
    ([0, 1, 0, 0], -38),  // Four, was 0
    ([0, 1, 0, 1], 228),  // Four, was 0
    ([0, 1, 0, 2], 354),  // Four, was 0
    ([0, 1, 0, 3], 677),  // Four, was 0
    ([0, 1, 1, 0], 1280), // FourThree, was 980
    ([0, 1, 1, 1], 1241), // FourThree, was 980
    ([0, 1, 1, 2], 711),  // FourThree, was 980
    ([0, 2, 0, 0], -18),  // FourFour, was 313
    ([1, 0, 0, 0], 216),  // FourFour, was 313
    ([1, 0, 0, 1], 382),  // FourFour, was 313
    ([1, 0, 0, 2], 492),  // FourFour, was 313
    ([1, 0, 0, 3], 479),  // FourFour, was 313
    ([1, 0, 1, 0], -478), // FourFour, was 313
    ([1, 0, 1, 1], -600), // FourFour, was 313
    ([1, 1, 0, 0], -978), // FourFour, was 313
];

/// The same under standard on boards up to 15x15, fitted together with
/// [`THREAT_MASK_VALUE_STANDARD`] (`wuzi-tune rule=1 masks=15 codes=100 patterns=0`)
/// to the 1200 standard games behind that table: held-out error 0.12731 to 0.11899
/// (the masks alone had gone from 0.13159 to 0.12741). Against the mask table alone
/// under standard 15x15 at 100 ms/move (game pairs, SPRT 0/10): 866 games, 433 pairs
/// [54, 5, 270, 14, 90], +32.6 Elo [+13.6, +51.8], H1; a second run beside it 950
/// games, 475 pairs [67, 10, 284, 9, 105], +27.5 [+8.5, +46.6], stopped.
///
/// Not kept: a half step on new games alone, as standard 20x20's fourth round
/// (`wuzi-tune rule=1 masks=60 codes=300 patterns=0 step=0.5` on 2400 standard 15x15
/// self-play games played with these tables, `GAMES=2400 RULE=1 scripts/tune-eval.sh`;
/// held-out error 0.11681 to 0.11403, and lower on two other tenths held out). Against
/// these tables at 100 ms/move (SPRT 0/10), two runs side by side: 1253 games +609 =45
/// -599, +2.8 Elo, and 429 games +202 =15 -212, -8.1; together 1682 games +811 =60
/// -811, 0.0 Elo, stopped.
pub const COMBO_BONUS_STANDARD: &[([u8; 4], i32)] = &[
    ([0, 0, 0, 1], -13),  // Two, was 0
    ([0, 0, 0, 2], 24),   // Two, was 0
    ([0, 0, 0, 3], 97),   // Two, was 0
    ([0, 0, 0, 4], -58),  // Two, was 0
    ([0, 0, 1, 0], -7),   // Three, was 0
    ([0, 0, 1, 1], 107),  // Three, was 0
    ([0, 0, 1, 2], 99),   // Three, was 0
    ([0, 0, 1, 3], 185),  // Three, was 0
    ([0, 0, 2, 0], -80),  // ThreeThree, was 0
    ([0, 0, 2, 1], -174), // ThreeThree, was 0
    ([0, 0, 2, 2], -241), // ThreeThree, was 0
    ([0, 1, 0, 0], -64),  // Four, was 0
    ([0, 1, 0, 1], 201),  // Four, was 0
    ([0, 1, 0, 2], 478),  // Four, was 0
    ([0, 1, 0, 3], 795),  // Four, was 0
    ([0, 1, 1, 0], 1400), // FourThree, was 980
    ([0, 1, 1, 1], 1489), // FourThree, was 980
    ([0, 2, 0, 0], -353), // FourFour, was 313
    ([1, 0, 0, 0], 243),  // FourFour, was 313
    ([1, 0, 0, 1], 306),  // FourFour, was 313
    ([1, 0, 0, 2], 558),  // FourFour, was 313
    ([1, 0, 1, 0], -510), // FourFour, was 313
];

/// The same under caro on boards up to 15x15, fitted together with
/// [`THREAT_MASK_VALUE_CARO`] (`wuzi-tune rule=8 masks=15 codes=100 patterns=0`) to
/// 2100 caro 15x15 games (the 900 behind that table and 1200 more): held-out error
/// 0.10927 to 0.10431 (the masks alone, refitted: 0.10840). Against the mask table
/// alone under caro 15x15 at 100 ms/move (game pairs, SPRT 0/10): 392 games, 196
/// pairs [17, 10, 97, 25, 47], +67.3 Elo [+38.5, +97.1], H1; a second run beside it
/// 409 games, 204 pairs [26, 15, 99, 25, 39], +30.7 [+2.1, +59.8], stopped.
pub const COMBO_BONUS_CARO: &[([u8; 4], i32)] = &[
    ([0, 0, 0, 1], -4),   // Two, was 0
    ([0, 0, 0, 2], 23),   // Two, was 0
    ([0, 0, 0, 3], 56),   // Two, was 0
    ([0, 0, 0, 4], 57),   // Two, was 0
    ([0, 0, 1, 0], 17),   // Three, was 0
    ([0, 0, 1, 1], 140),  // Three, was 0
    ([0, 0, 1, 2], 199),  // Three, was 0
    ([0, 0, 1, 3], 239),  // Three, was 0
    ([0, 0, 2, 0], 273),  // ThreeThree, was 0
    ([0, 0, 2, 1], 365),  // ThreeThree, was 0
    ([0, 0, 2, 2], 951),  // ThreeThree, was 0
    ([0, 1, 0, 0], -119), // Four, was 0
    ([0, 1, 0, 1], 164),  // Four, was 0
    ([0, 1, 0, 2], 457),  // Four, was 0
    ([0, 1, 0, 3], 814),  // Four, was 0
    ([0, 1, 1, 0], 1703), // FourThree, was 980
    ([0, 1, 1, 1], 1704), // FourThree, was 980
    ([0, 2, 0, 0], 196),  // FourFour, was 313
    ([0, 2, 0, 1], 882),  // FourFour, was 313
    ([1, 0, 0, 0], 344),  // FourFour, was 313
    ([1, 0, 0, 1], 568),  // FourFour, was 313
    ([1, 0, 0, 2], 882),  // FourFour, was 313
    ([1, 0, 1, 0], 44),   // FourFour, was 313
];

/// The same under freestyle on boards up to 15x15, fitted together with
/// [`THREAT_MASK_VALUE`] (`wuzi-tune rule=0 masks=15 codes=100 patterns=0`) to 2400
/// freestyle 15x15 games: held-out error 0.13504 to 0.13249. Against the mask table
/// alone under freestyle 15x15 at 100 ms/move (game pairs, SPRT 0/10), two runs side
/// by side, both H1: 608 games, 304 pairs [35, 3, 187, 5, 74], +46.0 Elo [+22.7,
/// +69.7]; 539 games, 269 pairs [27, 5, 166, 8, 63], +48.8 [+24.7, +73.3].
pub const COMBO_BONUS_FREESTYLE: &[([u8; 4], i32)] = &[
    ([0, 0, 0, 1], -11),  // Two, was 0
    ([0, 0, 0, 2], 27),   // Two, was 0
    ([0, 0, 0, 3], 40),   // Two, was 0
    ([0, 0, 0, 4], 142),  // Two, was 0
    ([0, 0, 1, 0], 2),    // Three, was 0
    ([0, 0, 1, 1], 109),  // Three, was 0
    ([0, 0, 1, 2], 139),  // Three, was 0
    ([0, 0, 1, 3], 115),  // Three, was 0
    ([0, 0, 2, 0], -182), // ThreeThree, was 0
    ([0, 0, 2, 1], -43),  // ThreeThree, was 0
    ([0, 0, 2, 2], -348), // ThreeThree, was 0
    ([0, 1, 0, 0], -110), // Four, was 0
    ([0, 1, 0, 1], 190),  // Four, was 0
    ([0, 1, 0, 2], 473),  // Four, was 0
    ([0, 1, 0, 3], 574),  // Four, was 0
    ([0, 1, 1, 0], 1164), // FourThree, was 980
    ([0, 1, 1, 1], 1155), // FourThree, was 980
    ([0, 1, 1, 2], 640),  // FourThree, was 980
    ([0, 2, 0, 0], -373), // FourFour, was 313
    ([1, 0, 0, 0], 279),  // FourFour, was 313
    ([1, 0, 0, 1], 430),  // FourFour, was 313
    ([1, 0, 0, 2], 566),  // FourFour, was 313
    ([1, 0, 0, 3], 156),  // FourFour, was 313
    ([1, 0, 1, 0], -255), // FourFour, was 313
    ([1, 0, 1, 1], -474), // FourFour, was 313
];

/// The same under renju on boards up to 15x15 (black's foul cells keep
/// [`foul_bonus`]), fitted together with [`THREAT_MASK_VALUE_RENJU`]
/// (`wuzi-tune rule=4 masks=15 codes=100 patterns=0`) to 1200 renju 15x15 games:
/// held-out error 0.15631 to 0.12667 (renju had no mask table: each fitted alone had
/// lost, see `Params::threat_mask`). Both against neither under renju 15x15 at 100
/// ms/move (game pairs, SPRT 0/10), two runs side by side, both H1: 1080 games, 540
/// pairs [88, 5, 299, 15, 133], +32.3 Elo [+13.4, +51.3]; 974 games, 487 pairs [72,
/// 19, 258, 15, 123], +35.1 [+15.3, +55.1].
pub const COMBO_BONUS_RENJU: &[([u8; 4], i32)] = &[
    ([0, 0, 0, 1], -26),  // Two, was 0
    ([0, 0, 0, 2], -1),   // Two, was 0
    ([0, 0, 0, 3], -7),   // Two, was 0
    ([0, 0, 0, 4], -137), // Two, was 0
    ([0, 0, 1, 0], -40),  // Three, was 0
    ([0, 0, 1, 1], 23),   // Three, was 0
    ([0, 0, 1, 2], 3),    // Three, was 0
    ([0, 0, 1, 3], 57),   // Three, was 0
    ([0, 0, 2, 0], -253), // ThreeThree, was 0
    ([0, 0, 2, 1], -221), // ThreeThree, was 0
    ([0, 0, 2, 2], 128),  // ThreeThree, was 0
    ([0, 1, 0, 0], -110), // Four, was 0
    ([0, 1, 0, 1], 148),  // Four, was 0
    ([0, 1, 0, 2], 301),  // Four, was 0
    ([0, 1, 0, 3], 98),   // Four, was 0
    ([0, 1, 1, 0], 892),  // FourThree, was 980
    ([0, 1, 1, 1], 1010), // FourThree, was 980
    ([1, 0, 0, 0], 29),   // FourFour, was 313
    ([1, 0, 0, 1], 110),  // FourFour, was 313
    ([1, 0, 0, 2], 169),  // FourFour, was 313
    ([1, 0, 1, 0], -385), // FourFour, was 313
    ([1, 0, 1, 1], -618), // FourFour, was 313
];

/// The same under renju on boards larger than 15x15 (black's foul cells keep
/// [`foul_bonus`]), fitted together with [`THREAT_MASK_VALUE_RENJU_LARGE`]
/// (`wuzi-tune rule=4 masks=15 codes=100 patterns=0`) to 1200 renju 20x20
/// self-play games (`GAMES=1200 RULE=4 SIZE=20 SEED=4950 scripts/tune-eval.sh`;
/// 19,945 training positions): held-out error 0.16254 (no tables) to 0.12568. Both
/// against neither under renju 20x20 (`renju20.txt`) at 100 ms/move (game pairs, SPRT
/// 0/10), two runs side by side, both H1: 166 games, 83 pairs [3, 0, 43, 0, 37],
/// +151.2 Elo [+103.4, +205.1]; 246 games, 123 pairs [9, 0, 66, 0, 48], +114.1
/// [+74.3, +157.0].
///
/// Second round: 1200 new renju 20x20 games played with those two tables (`SEED=4952`),
/// both tables refitted together on all 2400 games (held-out error 0.12184 to 0.11975).
/// Against the first round under renju 20x20 at 100 ms/move (game pairs, SPRT 0/10):
/// 1390 games, 695 pairs [106, 0, 435, 0, 154], +24.0 Elo [+8.3, +39.9], H1.
///
/// A third round did not gain: 1200 new games (`SEED=5002`), both tables refitted on
/// all 3600 (held-out error 0.11856 to 0.11794); against the second round, 1442
/// games, 721 pairs [125, 0, 467, 0, 129], +1.9 Elo [-13.1, +17.0], stopped.
///
/// Nor a round on new games alone as standard 20x20's fourth: 2000 games played with
/// these tables (`GAMES=2000 RULE=4 SIZE=20 SEED=7002 scripts/tune-eval.sh`), both
/// tables refitted with `masks=60 codes=300 patterns=0 step=0.5` (held-out error
/// 0.12236 to 0.12225, and lower on two other tenths held out: 0.11285 to 0.11033,
/// 0.12212 to 0.12150). Against these tables under renju 20x20 at 100 ms/move (SPRT
/// 0/10): 698 games +318 =0 -380, -30.9 Elo, stopped at LLR -2.78.
pub const COMBO_BONUS_RENJU_LARGE: &[([u8; 4], i32)] = &[
    ([0, 0, 0, 1], -26),  // Two, was 0
    ([0, 0, 0, 2], 5),    // Two, was 0
    ([0, 0, 0, 3], 19),   // Two, was 0
    ([0, 0, 0, 4], 4),    // Two, was 0
    ([0, 0, 1, 0], -8),   // Three, was 0
    ([0, 0, 1, 1], 113),  // Three, was 0
    ([0, 0, 1, 2], 58),   // Three, was 0
    ([0, 0, 1, 3], -94),  // Three, was 0
    ([0, 0, 2, 0], -262), // ThreeThree, was 0
    ([0, 0, 2, 1], -20),  // ThreeThree, was 0
    ([0, 0, 2, 2], -501), // ThreeThree, was 0
    ([0, 1, 0, 0], -3),   // Four, was 0
    ([0, 1, 0, 1], 297),  // Four, was 0
    ([0, 1, 0, 2], 353),  // Four, was 0
    ([0, 1, 0, 3], 340),  // Four, was 0
    ([0, 1, 1, 0], 790),  // FourThree, was 980
    ([0, 1, 1, 1], 906),  // FourThree, was 980
    ([0, 1, 1, 2], 1133), // FourThree, was 980
    ([1, 0, 0, 0], 103),  // FourFour, was 313
    ([1, 0, 0, 1], 215),  // FourFour, was 313
    ([1, 0, 0, 2], 373),  // FourFour, was 313
    ([1, 0, 0, 3], 482),  // FourFour, was 313
    ([1, 0, 1, 0], -300), // FourFour, was 313
    ([1, 0, 1, 1], -456), // FourFour, was 313
];

/// The fitted evaluation tables of one rule and board size: the threat-mask values
/// and the combination bonuses (each table's doc says how it was fitted).
struct EvalTables {
    masks: &'static [(u16, i32)],
    bonuses: &'static [([u8; 4], i32)],
}

/// Every rule's tables up to 15x15 and on larger boards, as [`eval_set`] numbers them.
/// Larger caro boards have no code bonuses of their own (their fit raised the
/// held-out error).
const EVAL_TABLES: [EvalTables; 8] = [
    EvalTables {
        masks: THREAT_MASK_VALUE,
        bonuses: COMBO_BONUS_FREESTYLE,
    },
    EvalTables {
        masks: THREAT_MASK_VALUE_FREESTYLE_LARGE,
        bonuses: COMBO_BONUS_FREESTYLE_LARGE,
    },
    EvalTables {
        masks: THREAT_MASK_VALUE_STANDARD,
        bonuses: COMBO_BONUS_STANDARD,
    },
    EvalTables {
        masks: THREAT_MASK_VALUE_STANDARD_LARGE,
        bonuses: COMBO_BONUS_STANDARD_LARGE,
    },
    EvalTables {
        masks: THREAT_MASK_VALUE_CARO,
        bonuses: COMBO_BONUS_CARO,
    },
    EvalTables {
        masks: THREAT_MASK_VALUE_CARO_LARGE,
        bonuses: COMBO_BONUS,
    },
    EvalTables {
        masks: THREAT_MASK_VALUE_RENJU,
        bonuses: COMBO_BONUS_RENJU,
    },
    EvalTables {
        masks: THREAT_MASK_VALUE_RENJU_LARGE,
        bonuses: COMBO_BONUS_RENJU_LARGE,
    },
];

/// The combination bonuses under `rule` on a board larger than 15x15 (`large`) or
/// not (see `EVAL_TABLES`).
pub fn combo_bonuses(rule: Rule, large: bool) -> &'static [([u8; 4], i32)] {
    EVAL_TABLES[eval_set(rule, large)].bonuses
}

/// The index in [`EVAL_TABLES`] of the tables under `rule` on a board larger than
/// 15x15 (`large`) or not. Standard caro shares caro's.
fn eval_set(rule: Rule, large: bool) -> usize {
    let r = match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Caro | Rule::CaroStandard => 2,
        Rule::Renju => 3,
    };
    2 * r + large as usize
}

/// The evaluation bonus of a cell with combination code `code`, on top of the sum of
/// its pattern values: its entry in `bonuses` (one of [`combo_bonuses`]), or its
/// threat class's.
pub fn combo_bonus(code: usize, bonuses: &[([u8; 4], i32)]) -> i32 {
    let [fives, f4, b4, f3, twos] = combo_parts(code);
    bonuses
        .iter()
        .find(|(k, _)| fives == 0 && *k == [f4, b4, f3, twos])
        .map_or(THREAT_BONUS[combo_threat(code) as usize], |&(_, v)| v)
}

/// Zobrist keys: fixed seed, so hashes (and bench node counts) are the same every run.
fn zobrist() -> &'static [[u64; 2]] {
    use std::sync::OnceLock;
    static Z: OnceLock<Vec<[u64; 2]>> = OnceLock::new();
    Z.get_or_init(|| {
        let mut rng = crate::types::Rng(0x9E37_79B9_7F4A_7C15);
        let n = (MAX_SIZE + 2 * HALF) * (MAX_SIZE + 2 * HALF);
        (0..n).map(|_| [rng.next_u64(), rng.next_u64()]).collect()
    })
}

/// Number of census codes: a cell's combination code, or for a foul cell (black
/// under renju, [`is_foul_code`]) `COMBO_CODES` plus its code, which the evaluation
/// values apart ([`census_bonus`]).
pub const CENSUS_CODES: usize = 2 * COMBO_CODES;

/// The evaluation bonus of a cell with census code `k` (see [`CENSUS_CODES`]), with
/// the combination bonuses `bonuses` (one of [`combo_bonuses`]).
pub fn census_bonus(k: usize, bonuses: &[([u8; 4], i32)]) -> i32 {
    if k < COMBO_CODES {
        combo_bonus(k, bonuses)
    } else {
        foul_bonus(k - COMBO_CODES)
    }
}

/// Counts behind one colour's evaluation (see [`Board::census`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// Per pattern, in [`Pattern::ALL`] order.
    pub patterns: [u32; 11],
    /// Per threat class, in [`Threat`] order.
    pub threats: [u32; 8],
    /// Per census code (see [`CENSUS_CODES`]).
    pub codes: Vec<u32>,
}

impl Default for Census {
    fn default() -> Census {
        Census {
            patterns: [0; 11],
            threats: [0; 8],
            codes: vec![0; CENSUS_CODES],
        }
    }
}

impl Census {
    /// The evaluation value these counts make under the given pattern values and
    /// bonuses by census code.
    pub fn value(&self, pattern_value: &[i32; 11], bonus: impl Fn(usize) -> i32) -> i64 {
        let p: i64 = (0..11)
            .map(|k| self.patterns[k] as i64 * pattern_value[k] as i64)
            .sum();
        let t: i64 = (self.codes.iter().enumerate())
            .filter(|&(_, &n)| n > 0)
            .map(|(code, &n)| n as i64 * bonus(code) as i64)
            .sum();
        p + t
    }
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

/// For every cell of a padded board `stride` cells wide and `rows` high, and each
/// direction (the order of `Board::dirs`: across, down, down-right, down-left), the index
/// of the cell's line among all the board's lines (high bits) and the cell's position
/// on it (low 8 bits): its column across, its row otherwise.
fn line_refs(stride: usize, rows: usize) -> Vec<[u32; 4]> {
    let diagonals = stride + rows - 1;
    (0..stride * rows)
        .map(|i| {
            let (x, y) = (i % stride, i / stride);
            let line = [
                y,
                rows + x,
                rows + stride + (x + rows - 1 - y),
                rows + stride + diagonals + (x + y),
            ];
            let pos = [x, y, y, y];
            std::array::from_fn(|d| (line[d] << 8 | pos[d]) as u32)
        })
        .collect()
}

/// Both colours' pattern for every line key under `rule` (see [`PairLookup`]). Built
/// once per rule.
fn pair_table(rule: Rule) -> &'static PairLookup {
    use std::sync::OnceLock;
    static T: [OnceLock<PairLookup>; 5] = [const { OnceLock::new() }; 5];
    let k = Rule::ALL
        .iter()
        .position(|&r| r == rule)
        .expect("a known rule");
    T[k].get_or_init(|| {
        let fr = five_rules(rule);
        PatternTable::pair_lookup(fr[0], fr[1])
    })
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

/// Each colour's combination table under a rule, on a board larger than 15x15 or not.
fn combo_tables(rule: Rule, large: bool) -> [&'static ComboTable; 2] {
    let set = eval_set(rule, large);
    [Color::Black, Color::White].map(|c| combo_table(fouls_for(rule, c), set))
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

/// The board-wide sums and counts that a cell's pattern change updates (borrowed
/// apart from the cells, see [`Board::toggle`]).
struct Tally<'a> {
    value_sum: &'a mut [i32; 2],
    threat_count: &'a mut [[u16; 8]; 2],
    open_four_count: &'a mut [u16; 2],
    fours: &'a mut [CellSet; 2],
    /// Where a recorded change ([`Refresh::Record`]) notes the four-set flips.
    fours_flipped: Option<&'a mut Vec<u32>>,
    combos: [&'a ComboTable; 2],
}

impl Tally<'_> {
    /// Sets empty cell `j`'s pattern for colour `c` on line `d` to `p` (`info` is the
    /// cell's data for `c`), updating its combination code, threat and value from the
    /// one changed pattern, and the board's sums and counts by the difference.
    #[inline(always)]
    fn repattern(&mut self, info: &mut CellInfo, j: usize, c: usize, d: usize, p: Pattern) {
        let o = info.pat[d];
        if COMBO_DIGIT[p as usize] == COMBO_DIGIT[o as usize] {
            // The same combination code (most changes: among the ones and twos), so
            // the same threat and bonus: only the pattern's own value moves.
            let dv = PATTERN_VALUE[p as usize] - PATTERN_VALUE[o as usize];
            info.pat[d] = p;
            info.value += dv;
            self.value_sum[c] += dv;
            return;
        }
        let code = info.code + COMBO_DIGIT[p as usize] - COMBO_DIGIT[o as usize];
        let combos = self.combos[c & 1];
        let (t, bonus) = combos[code as usize & (COMBO_SLOTS - 1)];
        let old_bonus = combos[info.code as usize & (COMBO_SLOTS - 1)].1;
        let value = info.value + PATTERN_VALUE[p as usize] - PATTERN_VALUE[o as usize]
            + (bonus - old_bonus) as i32;
        self.value_sum[c] += value - info.value;
        if t != info.threat {
            self.threat_count[c][info.threat as usize] -= 1;
            self.threat_count[c][t as usize] += 1;
            if (t >= Threat::Four) != (info.threat >= Threat::Four) {
                self.fours[c].set(j, t >= Threat::Four);
                if let Some(flipped) = self.fours_flipped.as_mut() {
                    flipped.push(j as u32 | (c as u32) << 31);
                }
            }
        }
        // Only an open four appearing or going on this line can change the count.
        if p == Pattern::F4 || o == Pattern::F4 {
            let (had, has) = (code_has_open_four(info.code), code_has_open_four(code));
            if had != has {
                self.open_four_count[c] = if has {
                    self.open_four_count[c] + 1
                } else {
                    self.open_four_count[c] - 1
                };
            }
        }
        info.pat[d] = p;
        info.code = code;
        info.threat = t;
        info.value = value;
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

    /// Recomputes every derived structure from the cells (also the test oracle).
    fn rebuild(&mut self) {
        let n = self.cells.len();
        let lines = self
            .line_of
            .iter()
            .flatten()
            .map(|&r| r as usize >> 8)
            .max();
        self.lines = vec![u128::MAX; lines.map_or(0, |l| l + 1)];
        for i in 0..n {
            for d in 0..4 {
                let (l, p) = self.line_slot(i, d);
                let shift = 2 * p;
                self.lines[l] = self.lines[l] & !(3 << shift) | (self.cells[i] as u128) << shift;
            }
        }
        self.value_sum = [0; 2];
        self.threat_count = [[0; 8]; 2];
        self.open_four_count = [0; 2];
        for i in 0..n {
            if self.is_inner(i) {
                self.near[i] = self.count_near(i);
                for d in 0..4 {
                    self.refresh_pattern(i, d);
                }
                self.refresh_info(i);
                if self.cells[i] == EMPTY {
                    self.account(i, 1);
                }
            }
        }
        self.cands = CellSet::for_cells(n);
        self.fours = [CellSet::for_cells(n); 2];
        for i in 0..n {
            if self.is_inner(i) {
                self.refresh_sets(i);
            }
        }
        let z = zobrist();
        self.hash = 0;
        for i in 0..n {
            if let 1 | 2 = self.cells[i] {
                self.hash ^= z[i][self.cells[i] as usize - 1];
            }
        }
    }

    fn is_inner(&self, i: usize) -> bool {
        let (x, y) = (i % self.stride, i / self.stride);
        x >= HALF && x < HALF + self.width && y >= HALF && y < HALF + self.height
    }

    /// The index in `lines` of cell `i`'s line in direction `d`, and the cell's
    /// position on it.
    #[inline]
    fn line_slot(&self, i: usize, d: usize) -> (usize, usize) {
        let r = self.line_of[i][d];
        ((r >> 8) as usize, (r & 0xFF) as usize)
    }

    /// The line key of cell `i` in direction `d`, from its line word.
    #[inline]
    fn key(&self, i: usize, d: usize) -> u32 {
        let (l, p) = self.line_slot(i, d);
        line_key(self.lines[l], p)
    }

    /// The line key of cell `i` in direction `d`, read cell by cell (the recount that
    /// [`Board::verify`] checks the line words against).
    fn read_key(&self, i: usize, d: usize) -> u32 {
        let mut key = 0;
        for k in 1..=HALF as isize {
            for s in [-k, k] {
                let j = i as isize + s * self.dirs[d];
                let v = if j >= 0 && (j as usize) < self.cells.len() {
                    self.cells[j as usize]
                } else {
                    WALL
                };
                key |= (v as u32) << (2 * slot(s));
            }
        }
        key
    }

    fn count_near(&self, i: usize) -> u8 {
        let mut c = 0;
        for dy in -2isize..=2 {
            for dx in -2isize..=2 {
                let j = (i as isize + dy * self.stride as isize + dx) as usize;
                if let 1 | 2 = self.cells[j] {
                    c += 1;
                }
            }
        }
        c
    }

    /// Black's and white's pattern for a line key.
    #[inline]
    fn patterns(&self, key: u32) -> (Pattern, Pattern) {
        self.pairs.get(key)
    }

    #[inline]
    fn refresh_pattern(&mut self, i: usize, d: usize) {
        let key = self.key(i, d);
        let (pb, pw) = self.patterns(key);
        self.info[i][0].pat[d] = pb;
        self.info[i][1].pat[d] = pw;
    }

    #[inline]
    fn refresh_info(&mut self, i: usize) {
        for c in 0..2 {
            let (t, v, code) = combo_of(self.combos[c], &self.info[i][c].pat);
            self.info[i][c].threat = t;
            self.info[i][c].value = v;
            self.info[i][c].code = code;
        }
    }

    /// Adds (`sign` 1) or removes (`sign` -1) empty cell `i`'s share of the per-colour
    /// sums and counts.
    #[inline]
    fn account(&mut self, i: usize, sign: i32) {
        for c in 0..2 {
            let info = &self.info[i][c];
            self.value_sum[c] += sign * info.value;
            let t = &mut self.threat_count[c][info.threat as usize];
            *t = (*t as i32 + sign) as u16;
            if info.pat.contains(&Pattern::F4) {
                self.open_four_count[c] = (self.open_four_count[c] as i32 + sign) as u16;
            }
        }
    }

    /// Puts cell `i` in or out of the candidate and four sets from its current data.
    #[inline]
    fn refresh_sets(&mut self, i: usize) {
        self.cands
            .set(i, self.cells[i] == EMPTY && self.near[i] > 0);
        self.refresh_fours(i);
    }

    /// Puts cell `i` in or out of both colours' four sets from its current data.
    #[inline]
    fn refresh_fours(&mut self, i: usize) {
        let empty = self.cells[i] == EMPTY;
        for c in 0..2 {
            self.fours[c].set(i, empty && self.info[i][c].threat >= Threat::Four);
        }
    }

    /// Sets (`v` = stone or wall) or clears (same `v` again) cell `i` in its four line
    /// words and, unless `mode` is [`Refresh::LinesOnly`], refreshes the patterns of the
    /// cells that see it whose pattern changes ([`Refresh::Record`] saves their old data
    /// on the undo stack first).
    fn toggle(&mut self, i: usize, v: u8, mode: Refresh) {
        // Disjoint borrows of the fields, so that writing cell data does not make the
        // compiler reload the other fields' pointers.
        let Board {
            lines,
            line_of,
            info,
            pairs,
            combos,
            undo_cells,
            undo_fours,
            dirs,
            ..
        } = self;
        let mut tally = Tally {
            value_sum: &mut self.value_sum,
            threat_count: &mut self.threat_count,
            open_four_count: &mut self.open_four_count,
            fours: &mut self.fours,
            fours_flipped: (mode == Refresh::Record).then_some(undo_fours),
            combos: *combos,
        };
        let reach_mask = if pairs.far_matters(v) {
            REACH_MASKS[0]
        } else {
            REACH_MASKS[1]
        };
        let (info, pairs) = (&mut info[..], pairs.view());
        for d in 0..4 {
            let r = line_of[i][d];
            let (l, p) = ((r >> 8) as usize, (r & 0xFF) as usize);
            let word = lines[l] ^ (v as u128) << (2 * p);
            lines[l] = word;
            if mode == Refresh::LinesOnly {
                continue;
            }
            let step = dirs[d];
            // The 4 * HALF + 1 cells around the move, in one machine word: every key
            // the loop reads lies inside (the cells before the line's start, read as
            // empty, only reach keys of the padding, which the loop skips).
            let window = if p >= 2 * HALF {
                (word >> (2 * (p - 2 * HALF))) as u64
            } else {
                (word << (2 * (2 * HALF - p))) as u64
            };
            // Only empty cells' patterns are kept up to date: a stone's (or a wall's)
            // data is never read, and make/unmake being last-in first-out, it is still
            // right when the stone is taken back by unmake; `clear_cell` recomputes it
            // for any other removal. One bit a cell (the low bit of its slot), set for
            // the empty cells within reach: the loop visits only those, without a
            // branch a cell.
            let occupied = (window | window >> 1) & LOW_BITS;
            let mut empties = !occupied & reach_mask;
            while empties != 0 {
                let at = (empties.trailing_zeros() / 2) as usize;
                empties &= empties - 1;
                let s = at as isize - 2 * HALF as isize;
                let j = (i as isize + s * step) as usize;
                let (nb, nw) = pairs.get(window_key(window, at));
                let cell = &mut info[j];
                let (ob, ow) = (cell[0].pat[d], cell[1].pat[d]);
                if nb == ob && nw == ow {
                    continue;
                }
                if mode == Refresh::Record {
                    undo_cells.push((j as u32, *cell));
                }
                if nb != ob {
                    tally.repattern(&mut cell[0], j, 0, d, nb);
                }
                if nw != ow {
                    tally.repattern(&mut cell[1], j, 1, d, nw);
                }
            }
        }
    }

    fn set_cell(&mut self, i: usize, v: u8) {
        debug_assert_eq!(self.cells[i], EMPTY);
        self.account(i, -1);
        self.cells[i] = v;
        self.empties -= 1;
        self.refresh_sets(i);
        self.toggle(i, v, Refresh::Update);
        if v != WALL {
            self.hash ^= zobrist()[i][v as usize - 1];
            self.bump_near(i, 1);
        }
    }

    fn clear_cell(&mut self, i: usize) {
        let v = self.cells[i];
        debug_assert!(v != EMPTY);
        self.cells[i] = EMPTY;
        self.empties += 1;
        self.toggle(i, v, Refresh::Update);
        // The cell's own data went stale while it held a stone (see `toggle`).
        for d in 0..4 {
            self.refresh_pattern(i, d);
        }
        self.refresh_info(i);
        self.account(i, 1);
        if v != WALL {
            self.hash ^= zobrist()[i][v as usize - 1];
            self.bump_near(i, -1);
        }
        self.refresh_sets(i);
    }

    /// Adds `delta` to the stone counts around cell `i`, whose content has just
    /// changed, and updates the candidate set: the other cells' contents are fixed, so
    /// only a count crossing zero, and cell `i` itself, can change it.
    fn bump_near(&mut self, i: usize, delta: i8) {
        // The five counts of a row of the square are bytes of one little-endian word
        // (counts stay below 128, so adding or subtracting a byte of 1 never carries).
        const ONES: u64 = 0x01_0101_0101;
        const HIGH: u64 = 0x80_8080_8080;
        for dy in -2isize..=2 {
            let base = (i as isize + dy * self.stride as isize - 2) as usize;
            let bytes: &mut [u8; 8] = (&mut self.near[base..base + 8])
                .try_into()
                .expect("the padding holds a whole word past every row of the square");
            let old = u64::from_le_bytes(*bytes);
            let new = if delta > 0 { old + ONES } else { old - ONES };
            *bytes = new.to_le_bytes();
            // The counts that were zero (adding) or became zero (taking away): exactly
            // the bytes whose high bit the borrow clears.
            let z = if delta > 0 { old } else { new };
            let mut zero = !((z | HIGH) - ONES) & HIGH;
            while zero != 0 {
                let j = base + (zero.trailing_zeros() / 8) as usize;
                zero &= zero - 1;
                self.cands.set(j, delta > 0 && self.cells[j] == EMPTY);
            }
        }
        self.cands
            .set(i, self.near[i] > 0 && self.cells[i] == EMPTY);
    }

    // ----------------------------------------------------------------- public API

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

    /// Internal: true if a stone of `attacker`'s opponent on empty cell `r` would leave
    /// `attacker` no five point. Reads the patterns the stone would make from the line
    /// keys instead of placing it: a stone of the other colour never makes a five, so
    /// only the five points on a line through `r`, within reach of it, can lose theirs.
    /// (Under caro a four can be stopped past its five point, by blocking both ends.)
    /// `fives` are all of `attacker`'s five points ([`Board::five_cells`]), collected
    /// once by a caller that tries many cells.
    pub(crate) fn stone_stops_fives(&self, r: usize, attacker: Color, fives: &[usize]) -> bool {
        let a = attacker.index();
        let v = stone(attacker.opp()) as u32;
        fives.iter().all(|&p| {
            p == r
                || (0..4).all(|d| {
                    if self.info[p][a].pat[d] != Pattern::F5 {
                        return true;
                    }
                    let diff = r as isize - p as isize;
                    let step = self.dirs[d];
                    let k = diff / step;
                    if diff % step != 0 || k == 0 || k.unsigned_abs() > HALF {
                        return false; // `r` is not on this line: the five stays
                    }
                    let key = self.key(p, d) | v << (2 * slot(k));
                    let (pb, pw) = self.patterns(key);
                    [pb, pw][a] != Pattern::F5
                })
        })
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

    /// Zobrist hash of the stones (the side to move is mixed in by the search).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// [`Board::hash`] after the side to move plays at cell `i`, without playing it
    /// (to prefetch the child's table entry).
    #[inline]
    pub(crate) fn hash_after(&self, i: usize) -> u64 {
        self.hash ^ zobrist()[i][stone(self.side) as usize - 1]
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

    /// What the evaluation of colour `c` is made of: for each pattern, the number of
    /// (empty cell, line) pairs where `c` would make it, and for each threat class the
    /// number of empty cells, and the same by combination code. [`Board::value_sum`] is
    /// the dot product of the pattern and code counts with [`PATTERN_VALUE`] and
    /// [`combo_bonus`] (used to fit them; walks the board).
    pub fn census(&self, c: Color) -> Census {
        let mut n = Census::default();
        for i in self.cell_indices().filter(|&i| self.cells[i] == EMPTY) {
            let info = &self.info[i][c.index()];
            for p in info.pat {
                n.patterns[p as usize] += 1;
            }
            n.threats[info.threat as usize] += 1;
            let code = info.code as usize;
            let foul = self.has_fouls(c) && is_foul_code(code);
            n.codes[code + if foul { COMBO_CODES } else { 0 }] += 1;
        }
        n
    }

    /// Internal fast make: plays the side to move at cell `i`, saving what
    /// [`Board::unmake`] needs to restore the derived data without recomputing it.
    #[inline]
    pub(crate) fn make(&mut self, i: usize) {
        let c = self.side;
        self.undo_frames.push(UndoFrame {
            cells_len: self.undo_cells.len() as u32,
            fours_len: self.undo_fours.len() as u32,
            value_sum: self.value_sum,
            threat_count: self.threat_count,
            open_four_count: self.open_four_count,
        });
        let v = stone(c);
        self.account(i, -1);
        self.cells[i] = v;
        self.empties -= 1;
        self.refresh_fours(i);
        self.toggle(i, v, Refresh::Record);
        self.hash ^= zobrist()[i][v as usize - 1];
        self.bump_near(i, 1);
        let p = self.pos(i);
        self.history.push((p, c));
        self.side = c.opp();
        #[cfg(debug_assertions)]
        if let Err(e) = self.verify() {
            panic!("incremental state differs from a recount after make: {e}");
        }
    }

    /// Internal fast undo of the last [`Board::make`]: restores the saved cell data.
    #[inline]
    pub(crate) fn unmake(&mut self) {
        let (p, c) = self.history.pop().expect("unmake with no history");
        let frame = self.undo_frames.pop().expect("unmake without make");
        let i = self.index(p);
        let v = self.cells[i];
        self.cells[i] = EMPTY;
        self.empties += 1;
        self.toggle(i, v, Refresh::LinesOnly);
        // The saved cells were empty when saved, and still are.
        for &(j, info) in &self.undo_cells[frame.cells_len as usize..] {
            self.info[j as usize] = info;
        }
        for &f in &self.undo_fours[frame.fours_len as usize..] {
            self.fours[(f >> 31) as usize].flip((f & !(1 << 31)) as usize);
        }
        self.undo_fours.truncate(frame.fours_len as usize);
        self.refresh_fours(i);
        self.undo_cells.truncate(frame.cells_len as usize);
        self.value_sum = frame.value_sum;
        self.threat_count = frame.threat_count;
        self.open_four_count = frame.open_four_count;
        self.hash ^= zobrist()[i][v as usize - 1];
        self.bump_near(i, -1);
        self.side = c;
        #[cfg(debug_assertions)]
        if let Err(e) = self.verify() {
            panic!("incremental state differs from a recount after unmake: {e}");
        }
    }

    /// Checks every incremental structure against a recount from scratch; returns a
    /// description of the first difference.
    pub fn verify(&self) -> Result<(), String> {
        let mut fresh = self.clone();
        fresh.rebuild();
        if fresh.lines != self.lines {
            return Err("line words differ from a recount".into());
        }
        for i in self.cell_indices() {
            for d in 0..4 {
                if self.key(i, d) != self.read_key(i, d) {
                    return Err(format!(
                        "line key differs at {} in direction {d}",
                        self.pos(i)
                    ));
                }
            }
            // A stone's cell data is not kept (see `toggle`); only empty cells count.
            if self.cells[i] == EMPTY && fresh.info[i] != self.info[i] {
                return Err(format!("cell info differs at {}", self.pos(i)));
            }
            if fresh.near[i] != self.near[i] {
                return Err(format!("near count differs at {}", self.pos(i)));
            }
        }
        if (fresh.threat_count, fresh.open_four_count) != (self.threat_count, self.open_four_count)
        {
            return Err(format!(
                "threat counts {:?} open fours {:?} vs recount {:?} {:?}",
                self.threat_count, self.open_four_count, fresh.threat_count, fresh.open_four_count
            ));
        }
        if fresh.value_sum != self.value_sum {
            return Err(format!(
                "value sums {:?} vs recount {:?}",
                self.value_sum, fresh.value_sum
            ));
        }
        if fresh.hash != self.hash {
            return Err("hash differs".into());
        }
        if fresh.cands != self.cands {
            return Err(format!(
                "candidate set differs: {:?} vs {:?}",
                self.cands, fresh.cands
            ));
        }
        if fresh.fours != self.fours {
            return Err(format!(
                "four sets differ: {:?} vs {:?}",
                self.fours, fresh.fours
            ));
        }
        let empties = self
            .cell_indices()
            .filter(|&i| self.cells[i] == EMPTY)
            .count();
        if empties != self.empties {
            return Err("empty count differs".into());
        }
        Ok(())
    }

    /// A 9x9 board under `rule` with 5 to 44 stones played at random (a test position:
    /// crowded enough for fours and fives).
    #[cfg(test)]
    pub(crate) fn random_9x9(rule: Rule, rng: &mut crate::types::XorShift) -> Board {
        let mut b = Board::new(9, 9, rule);
        for _ in 0..rng.below(40) + 5 {
            let empty: Vec<usize> = b.cell_indices().filter(|&i| b.is_empty_at(i)).collect();
            b.make(empty[rng.below(empty.len())]);
        }
        b
    }

    // ------------------------------------------------------------- renju fouls

    fn get(&self, i: isize, extra: &[usize]) -> u8 {
        let u = i as usize;
        if extra.contains(&u) {
            1
        } else {
            self.cells[u]
        }
    }

    /// Black run through `i` in direction `d`, with the black stones in `extra` added.
    fn black_run(&self, i: usize, d: usize, extra: &[usize]) -> usize {
        let step = self.dirs[d];
        let mut len = 1;
        let mut j = i as isize - step;
        while self.get(j, extra) == 1 {
            len += 1;
            j -= step;
        }
        let mut j = i as isize + step;
        while self.get(j, extra) == 1 {
            len += 1;
            j += step;
        }
        len
    }

    /// Empty cells on line `d` within 4 of `i` where black makes exactly five through `i`
    /// (black stones `extra` and `i` assumed placed).
    fn five_points(&self, i: usize, d: usize, extra: &mut Vec<usize>) -> ([usize; 2], usize) {
        let step = self.dirs[d];
        let mut out = [0usize; 2];
        let mut n = 0;
        extra.push(i);
        for k in -4isize..=4 {
            if k == 0 {
                continue;
            }
            let j = i as isize + k * step;
            if self.get(j, extra) != EMPTY {
                continue;
            }
            extra.push(j as usize);
            let five = self.black_run(i, d, extra) == 5;
            extra.pop();
            if five && n < 2 {
                out[n] = j as usize;
                n += 1;
            }
        }
        extra.pop();
        (out, n)
    }

    /// Renju: is a black stone at empty cell `i` a foul, given the extra black stones?
    /// Full recursive definition: a three counts only if it can become a straight four
    /// by a move that is itself not forbidden.
    fn forbidden_with(&self, i: usize, extra: &mut Vec<usize>) -> bool {
        // A five wins even if the move also makes a forbidden shape.
        let runs: [usize; 4] = std::array::from_fn(|d| {
            extra.push(i);
            let r = self.black_run(i, d, extra);
            extra.pop();
            r
        });
        if runs.contains(&5) {
            return false;
        }
        if runs.iter().any(|&r| r >= 6) {
            return true;
        }
        let mut fours = 0;
        let mut has_four = [false; 4];
        for (d, four) in has_four.iter_mut().enumerate() {
            let n = self.fours_on_line(i, d, extra);
            *four = n > 0;
            fours += n;
        }
        if fours >= 2 {
            return true;
        }
        let mut threes = 0;
        for (d, &four) in has_four.iter().enumerate() {
            // A line that already makes a four is not also a three.
            if !four && self.makes_three(i, d, extra) {
                threes += 1;
                if threes >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// How many fours black at `i` makes on line `d` (0, 1 or 2: `x.xXx.x` is two).
    fn fours_on_line(&self, i: usize, d: usize, extra: &mut Vec<usize>) -> usize {
        let (pts, n) = self.five_points(i, d, extra);
        if n == 2 {
            // Two five points 5 apart around four stones are one straight four.
            let gap = (pts[1] as isize - pts[0] as isize).abs();
            if gap == 5 * self.dirs[d] {
                return 1;
            }
        }
        n
    }

    /// Does black at `i` make a (real) three on line `d`: is there an empty point that
    /// turns it into a straight four and is itself not forbidden?
    fn makes_three(&self, i: usize, d: usize, extra: &mut Vec<usize>) -> bool {
        let step = self.dirs[d];
        extra.push(i);
        let mut found = false;
        for k in -4isize..=4 {
            if k == 0 {
                continue;
            }
            let j = (i as isize + k * step) as usize;
            if self.get(j as isize, extra) != EMPTY {
                continue;
            }
            extra.push(j);
            let straight = self.is_straight_four(i, j, d, extra);
            extra.pop();
            if straight && !self.forbidden_with(j, extra) {
                found = true;
                break;
            }
        }
        extra.pop();
        found
    }

    /// With `extra` placed (including `i` and `j`), is there a straight four through `i`
    /// and `j` on line `d`: four in a row with both ends empty and each end making
    /// exactly five?
    fn is_straight_four(&self, i: usize, j: usize, d: usize, extra: &[usize]) -> bool {
        let step = self.dirs[d];
        let mut a = i as isize;
        while self.get(a - step, extra) == 1 {
            a -= step;
        }
        let mut b = i as isize;
        while self.get(b + step, extra) == 1 {
            b += step;
        }
        let j = j as isize;
        if (b - a) / step + 1 != 4 || j < a.min(b) || j > a.max(b) || (j - a) % step != 0 {
            return false;
        }
        let (l, r) = (a - step, b + step);
        self.get(l, extra) == EMPTY
            && self.get(r, extra) == EMPTY
            && self.get(l - step, extra) != 1
            && self.get(r + step, extra) != 1
    }

    /// Renju foul test for black at empty cell `i`, with a cheap pattern-based filter.
    pub(crate) fn forbidden_at(&self, i: usize) -> bool {
        if self.rule != Rule::Renju {
            return false;
        }
        let info = &self.info[i][0];
        if info.threat == Threat::Five {
            return false;
        }
        let p = &info.pat;
        let fours = p.iter().filter(|&&q| q >= Pattern::B4).count();
        let threes = p.iter().filter(|&&q| q == Pattern::F3).count();
        if p.contains(&Pattern::Overline) || fours >= 2 || threes >= 2 {
            return with_foul_scratch(|extra| self.forbidden_with(i, extra));
        }
        // At most one four and one three: only an open four that is two fours in one
        // line (`x.xXx.x`) can still be a foul. (Most such cells are the open-four
        // points `has_real_three` asks about at every node.)
        p.iter()
            .position(|&q| q == Pattern::F4)
            .is_some_and(|d| with_foul_scratch(|extra| self.fours_on_line(i, d, extra)) >= 2)
    }
}

thread_local! {
    /// The foul test's list of assumed black stones, kept between tests so that the test
    /// does not allocate: under renju `forbidden_at` runs at most nodes, and a fresh
    /// list each time was a malloc and a free (about 2% of renju search time).
    static FOUL_SCRATCH: std::cell::RefCell<Vec<usize>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `f` on the (emptied) foul-test scratch list. Never nested: the foul test
/// passes the list down its own recursion instead of asking for it again.
fn with_foul_scratch<T>(f: impl FnOnce(&mut Vec<usize>) -> T) -> T {
    FOUL_SCRATCH.with_borrow_mut(|extra| {
        extra.clear();
        f(extra)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::XorShift;

    /// The threat mask puts the side to move's classes in the low five bits and the
    /// opponent's in the next five: black's open three (two points that make an open
    /// four, a FourFour cell each, and the points that make a plain four) shows in
    /// black's bits when black is to move and in the opponent's bits when white is.
    #[test]
    fn threat_mask_bits_follow_the_side_to_move() {
        let mut b = Board::new(15, 15, Rule::Freestyle);
        for (x, y) in [(7, 7), (0, 0), (8, 7), (0, 14), (9, 7)] {
            b.play(Pos::new(x, y)).unwrap();
        }
        let (four_four, four) = (1usize, 1usize << 2);
        let black = b.threat_mask(Color::White) >> 5;
        assert_eq!(b.side_to_move(), Color::White);
        assert_eq!(b.threat_mask(Color::White) & 31, 0, "white has no threat");
        assert_eq!(black & (four_four | four), four_four | four);
        b.play(Pos::new(14, 14)).unwrap();
        assert_eq!(
            b.threat_mask(Color::Black),
            black,
            "the same classes, own bits now"
        );
    }

    /// Each rule and board size gets the threat-mask table fitted for it, every rule
    /// its own on boards larger than 15x15 too; and its combination bonuses.
    #[test]
    fn threat_mask_table_follows_rule_and_size() {
        let table = |w, h, rule| -> Vec<(u16, i32)> {
            let t = threat_mask_table(&Board::new(w, h, rule));
            (0..THREAT_MASKS as u16)
                .filter(|&m| t[m as usize] != 0)
                .map(|m| (m, t[m as usize]))
                .collect()
        };
        let free_large = THREAT_MASK_VALUE_FREESTYLE_LARGE.to_vec();
        assert_eq!(table(15, 15, Rule::Freestyle), THREAT_MASK_VALUE.to_vec());
        assert_eq!(table(20, 20, Rule::Freestyle), free_large);
        assert_eq!(table(16, 15, Rule::Freestyle), free_large);
        assert_eq!(
            table(20, 20, Rule::Renju),
            THREAT_MASK_VALUE_RENJU_LARGE.to_vec()
        );
        assert_eq!(table(15, 15, Rule::Renju), THREAT_MASK_VALUE_RENJU.to_vec());
        assert_eq!(
            table(15, 15, Rule::Standard),
            THREAT_MASK_VALUE_STANDARD.to_vec()
        );
        assert_eq!(
            table(20, 20, Rule::Standard),
            THREAT_MASK_VALUE_STANDARD_LARGE.to_vec()
        );
        assert_eq!(
            table(12, 12, Rule::CaroStandard),
            THREAT_MASK_VALUE_CARO.to_vec()
        );
        assert_eq!(
            table(20, 20, Rule::Caro),
            THREAT_MASK_VALUE_CARO_LARGE.to_vec()
        );
        assert_ne!(free_large, THREAT_MASK_VALUE.to_vec());
        // The combination bonuses: freestyle's, standard's and renju's own on both
        // sizes, caro's own up to 15x15, none on larger caro boards.
        let bonuses = |w, h, rule| Board::new(w, h, rule).combo_bonuses().to_vec();
        assert_eq!(
            bonuses(20, 20, Rule::Freestyle),
            COMBO_BONUS_FREESTYLE_LARGE
        );
        assert_eq!(bonuses(15, 15, Rule::Freestyle), COMBO_BONUS_FREESTYLE);
        assert_eq!(bonuses(15, 15, Rule::Renju), COMBO_BONUS_RENJU);
        assert_eq!(bonuses(20, 20, Rule::Standard), COMBO_BONUS_STANDARD_LARGE);
        assert_eq!(bonuses(15, 15, Rule::Standard), COMBO_BONUS_STANDARD);
        assert_eq!(bonuses(9, 12, Rule::Standard), COMBO_BONUS_STANDARD);
        assert_eq!(bonuses(20, 20, Rule::Renju), COMBO_BONUS_RENJU_LARGE);
        assert_eq!(bonuses(15, 15, Rule::Caro), COMBO_BONUS_CARO);
        assert_eq!(bonuses(15, 15, Rule::CaroStandard), COMBO_BONUS_CARO);
        assert_eq!(bonuses(20, 20, Rule::Caro), COMBO_BONUS);
        assert_ne!(COMBO_BONUS_FREESTYLE_LARGE, COMBO_BONUS);
    }

    /// `verify` checks the board-wide threat counts against a recount, not only the
    /// cells they are summed from: a count off by one is reported.
    #[test]
    fn verify_catches_a_wrong_threat_count() {
        let mut b = Board::new(15, 15, Rule::Freestyle);
        for (x, y) in [(7, 7), (0, 0), (8, 7), (0, 14), (9, 7)] {
            b.play(Pos::new(x, y)).unwrap();
        }
        assert!(b.verify().is_ok());
        let mut bad = b.clone();
        bad.threat_count[0][Threat::FourFour as usize] += 1;
        assert!(bad.verify().is_err_and(|e| e.starts_with("threat counts")));
        let mut bad = b.clone();
        bad.open_four_count[0] -= 1;
        assert!(bad.verify().is_err_and(|e| e.starts_with("threat counts")));
    }

    /// `within_reach` is the 5x5 square and the four lines out to four points, and
    /// `last_move_of` finds a colour's stone among the last two placed.
    #[test]
    fn reach_and_last_moves() {
        let mut b = Board::new(15, 15, Rule::Freestyle);
        let at = |b: &Board, x, y| b.index(Pos::new(x, y));
        let c = at(&b, 7, 7);
        for (x, y, near) in [
            (9, 9, true),
            (5, 6, true),
            (11, 11, true),
            (3, 11, true),
            (7, 11, true),
            (3, 7, true),
            (7, 12, false),
            (12, 12, false),
            (11, 10, false),
            (10, 9, false),
            (4, 5, false),
        ] {
            let i = at(&b, x, y);
            assert_eq!(b.within_reach(c, i), near, "{x},{y}");
            assert_eq!(b.within_reach(i, c), near, "{x},{y} back");
        }
        assert_eq!(b.last_move_of(Color::Black), None);
        b.play(Pos::new(7, 7)).unwrap();
        assert_eq!(b.last_move_of(Color::Black), Some(c));
        assert_eq!(b.last_move_of(Color::White), None);
        b.play(Pos::new(8, 8)).unwrap();
        b.play(Pos::new(9, 9)).unwrap();
        assert_eq!(b.last_move_of(Color::Black), Some(at(&b, 9, 9)));
        assert_eq!(b.last_move_of(Color::White), Some(at(&b, 8, 8)));
        // Two black stones in a row (as a BOARD command may list them): white's
        // stone is too far back to count.
        b.place(Pos::new(1, 1), Color::Black).unwrap();
        assert_eq!(b.last_move_of(Color::White), None);
    }

    /// The threat class of four line patterns, counted from the patterns themselves.
    fn threat_by_counting(p: &[Pattern; 4]) -> Threat {
        let count = |x: Pattern| p.iter().filter(|&&q| q == x).count();
        let (fives, f4, b4, f3) = (
            count(Pattern::F5),
            count(Pattern::F4),
            count(Pattern::B4),
            count(Pattern::F3),
        );
        let twos = count(Pattern::F2) + count(Pattern::B3);
        match () {
            _ if fives > 0 => Threat::Five,
            _ if f4 > 0 || b4 >= 2 => Threat::FourFour,
            _ if b4 == 1 && f3 > 0 => Threat::FourThree,
            _ if b4 == 1 => Threat::Four,
            _ if f3 >= 2 => Threat::ThreeThree,
            _ if f3 == 1 => Threat::Three,
            _ if twos > 0 => Threat::Two,
            _ => Threat::None,
        }
    }

    /// Under renju, black's double-three and double-four points are valued without
    /// their threes and fours (they are fouls), and the census counts them apart;
    /// white's cells, and black's under the other rules, keep the usual value. An open
    /// four and a four-three are not fouls.
    #[test]
    fn black_fouls_lose_their_threat_values_under_renju() {
        let value = |b: &Board, p: Pos, c: Color| {
            let info = b.info(b.index(p), c);
            (info.value, info.code as usize, pattern_values(&info.pat))
        };
        // Black: an open three through (7,7) on the column and on the row, and a
        // four through (3,3) with a three across it; white stones far away.
        let moves = "7,5 0,0 7,6 14,0 5,7 0,14 6,7 14,14 3,0 13,13 3,1 1,13 3,2 13,1 \
                     1,3 12,12 2,3 2,12";
        for rule in Rule::ALL {
            let mut b = Board::new(15, 15, rule);
            for m in crate::bench::parse_moves(moves) {
                b.play(m).unwrap();
            }
            let (v33, code33, pv33) = value(&b, Pos::new(7, 7), Color::Black);
            assert_eq!(combo_threat(code33), Threat::ThreeThree, "{rule:?}");
            let (v43, code43, pv43) = value(&b, Pos::new(3, 3), Color::Black);
            assert_eq!(combo_threat(code43), Threat::FourThree, "{rule:?}");
            assert_eq!(
                v43,
                pv43 + combo_bonus(code43, b.combo_bonuses()),
                "{rule:?}: a four-three is legal"
            );
            let census = b.census(Color::Black);
            if rule == Rule::Renju {
                assert!(is_foul_code(code33));
                assert_eq!(v33, pv33 + foul_bonus(code33));
                assert!(v33 < pv33 - 2 * PATTERN_VALUE[Pattern::F3 as usize] + 50);
                assert_eq!(census.codes[COMBO_CODES + code33], 1);
                assert_eq!(census.codes[code33], 0);
            } else {
                assert_eq!(
                    v33,
                    pv33 + combo_bonus(code33, b.combo_bonuses()),
                    "{rule:?}"
                );
                assert_eq!(census.codes[code33], 1, "{rule:?}");
            }
            // White always reads the plain table.
            let (vw, codew, pvw) = value(&b, Pos::new(7, 7), Color::White);
            assert_eq!(vw, pvw + combo_bonus(codew, b.combo_bonuses()), "{rule:?}");
        }
        let four_code = combo_code(&[Pattern::B4, Pattern::B4, Pattern::Dead, Pattern::Dead]);
        let open_four = combo_code(&[Pattern::F4, Pattern::B2, Pattern::Dead, Pattern::Dead]);
        let four_three = combo_code(&[Pattern::B4, Pattern::F3, Pattern::Dead, Pattern::Dead]);
        assert!(is_foul_code(four_code));
        assert!(!is_foul_code(open_four) && !is_foul_code(four_three));
    }

    /// The small combination table for all 11^4 pattern combinations: the threat
    /// class against an independent count of the four patterns (the code must keep
    /// every distinction the threat class makes), the value against the pattern values
    /// plus the code's bonus.
    #[test]
    fn combination_codes_agree_with_counting() {
        for (set, tables) in EVAL_TABLES.iter().enumerate() {
            let (table, bonuses) = (combo_table(false, set), tables.bonuses);
            for a in Pattern::ALL {
                for b in Pattern::ALL {
                    for c in Pattern::ALL {
                        for d in Pattern::ALL {
                            let p = [a, b, c, d];
                            let (t, v, _) = combo_of(table, &p);
                            assert_eq!(t, threat_by_counting(&p), "{p:?}");
                            let bonus = combo_bonus(combo_code(&p), bonuses);
                            assert_eq!(v, pattern_values(&p) + bonus, "{p:?}");
                        }
                    }
                }
            }
        }
    }

    /// `stone_stops_fives` (read from the line keys) against placing the stone and
    /// counting the fives left, for every empty cell of random positions with fours,
    /// under every rule.
    #[test]
    fn stopping_fives_from_the_keys_matches_playing_the_stone() {
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        let mut checked = [0usize; 2];
        // Fours stopped off their five point (caro: both ends blocked).
        let mut past_the_point = 0;
        for rule in Rule::ALL {
            for _ in 0..300 {
                let b = Board::random_9x9(rule, &mut rng);
                for attacker in [Color::Black, Color::White] {
                    if b.threat_count(attacker, Threat::Five) == 0 {
                        continue;
                    }
                    let empty: Vec<usize> =
                        b.cell_indices().filter(|&i| b.is_empty_at(i)).collect();
                    let fives: Vec<usize> = b.five_cells(attacker).collect();
                    for r in empty {
                        let mut played = b.clone();
                        played.set_side_to_move(attacker.opp());
                        played.make(r);
                        let stopped = played.threat_count(attacker, Threat::Five) == 0;
                        assert_eq!(
                            b.stone_stops_fives(r, attacker, &fives),
                            stopped,
                            "{rule:?} {b:?} at {}",
                            b.pos(r)
                        );
                        checked[stopped as usize] += 1;
                        if stopped && b.info(r, attacker).threat != Threat::Five {
                            past_the_point += 1;
                        }
                    }
                }
            }
        }
        assert!(checked[0] > 1000 && checked[1] > 100, "{checked:?}");
        assert!(past_the_point > 10, "{past_the_point}");
    }

    /// The search's make/unmake (which restores saved data instead of recomputing)
    /// against a recount, under every rule, with walls and deep lines of moves.
    /// `forbidden_at` skips the full foul test where the patterns rule a foul out (and
    /// takes a short cut for a lone open four): on random renju positions it must agree
    /// with the full test at every empty cell.
    #[test]
    fn foul_filter_agrees_with_the_full_test() {
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        let (mut fouls, mut open_fours) = (0, 0);
        for _ in 0..400 {
            let mut b = Board::new(15, 15, Rule::Renju);
            let c = b.index(Pos::new(7, 7));
            for _ in 0..rng.below(50) + 10 {
                let empty: Vec<usize> = b
                    .cell_indices()
                    .filter(|&i| b.is_empty_at(i) && b.info(i, Color::Black).threat != Threat::Five)
                    .filter(|&i| b.info(i, Color::White).threat != Threat::Five)
                    .collect();
                // Near the centre, so that lines form.
                let Some(&i) = empty
                    .iter()
                    .min_by_key(|&&j| (j as i64 - c as i64).abs() + rng.below(60) as i64)
                else {
                    break;
                };
                b.make(i);
            }
            for i in b.cell_indices().filter(|&i| b.is_empty_at(i)) {
                let full = b.forbidden_with(i, &mut Vec::new());
                assert_eq!(b.forbidden_at(i), full, "cell {i}");
                fouls += usize::from(full);
                open_fours += usize::from(b.info(i, Color::Black).pat.contains(&Pattern::F4));
            }
        }
        assert!(
            fouls > 200 && open_fours > 200,
            "{fouls} fouls, {open_fours} open fours"
        );
    }

    #[test]
    fn make_unmake_matches_recount() {
        let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
        let mut checks = 0;
        for rule in Rule::ALL {
            for (w, h) in [(15, 15), (20, 20), (6, 9)] {
                let mut b = Board::new(w, h, rule);
                let _ = b.place_wall(Pos::new(1, 1));
                let start = b.clone();
                for _ in 0..60 {
                    let mut depth = 0;
                    for _ in 0..rng.below(30) + 1 {
                        let empty: Vec<usize> =
                            b.cell_indices().filter(|&i| b.is_empty_at(i)).collect();
                        if empty.is_empty() {
                            break;
                        }
                        // mostly near the centre so lines form
                        let i = if rng.below(4) > 0 {
                            let c = b.index(Pos::new((w / 2) as u8, (h / 2) as u8));
                            *empty
                                .iter()
                                .min_by_key(|&&j| {
                                    (j as i64 - c as i64).abs() + rng.below(40) as i64
                                })
                                .unwrap()
                        } else {
                            empty[rng.below(empty.len())]
                        };
                        let predicted = b.hash_after(i);
                        b.make(i);
                        assert_eq!(b.hash(), predicted, "{rule:?}: hash_after");
                        depth += 1;
                        b.verify()
                            .unwrap_or_else(|e| panic!("{rule:?} after make: {e}"));
                        checks += 1;
                    }
                    for _ in 0..depth {
                        b.unmake();
                        b.verify()
                            .unwrap_or_else(|e| panic!("{rule:?} after unmake: {e}"));
                        checks += 1;
                    }
                    assert_eq!(b.hash(), start.hash());
                    assert_eq!(b.value_sum, start.value_sum);
                }
            }
        }
        assert!(checks > 5000, "{checks}");
    }
}
