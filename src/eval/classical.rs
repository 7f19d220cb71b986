//! The classical evaluation: fitted values of line patterns and of combination codes
//! (kept per empty cell by the board as stones come and go), the fitted value of the
//! threat mask, and the tempo weight of the side to move.

pub use super::codes::*;
pub use super::masks::*;
use super::{EvalConfig, Evaluator};
use crate::board::{combo_parts, combo_threat, is_foul_code, Board, Threat, COMBO_CODES};
use crate::pattern::Pattern;
use crate::types::{Rule, Score};

/// The classical evaluator: the side to move's cell values at `tempo_percent` against
/// the opponent's, plus the fitted value of the position's threat mask.
#[derive(Clone, Debug)]
pub struct Classical {
    tempo_percent: i32,
    /// The threat-mask values of the rule and size searched, if the mask is on.
    mask_values: Option<&'static [i32; THREAT_MASKS]>,
}

impl Default for Classical {
    fn default() -> Classical {
        Classical {
            tempo_percent: 100,
            mask_values: None,
        }
    }
}

impl Evaluator for Classical {
    fn prepare(&mut self, board: &Board, cfg: &EvalConfig) {
        self.tempo_percent = cfg.tempo_percent;
        self.mask_values = cfg.threat_mask.then(|| threat_mask_table(board));
    }

    #[inline]
    fn score(&mut self, b: &Board) -> Score {
        let me = b.side_to_move();
        let mut v = (b.value_sum(me) * self.tempo_percent - b.value_sum(me.opp()) * 100) / 100;
        if let Some(values) = self.mask_values {
            v += values[b.threat_mask(me)];
        }
        v.clamp(-20000, 20000)
    }
}

/// Evaluation weight of each line pattern (in [`Pattern::ALL`] order) for the player
/// who could play there. A cell's value is the sum over its four lines plus the
/// bonus of its combination code ([`combo_bonus`]); `wuzi-tune` fits both from game
/// outcomes (tried: `PATTERN_VALUE` in docs/experiments.md).
pub const PATTERN_VALUE: [i32; 11] = [0, 0, 0, 4, 5, 13, 48, 117, 284, 256, 2000];

/// The bonus of a foul cell: minus the values of its fours and threes, which black
/// cannot make there.
pub fn foul_bonus(code: usize) -> i32 {
    let [_, f4, b4, f3, _] = combo_parts(code);
    -(f4 as i32 * PATTERN_VALUE[Pattern::F4 as usize]
        + b4 as i32 * PATTERN_VALUE[Pattern::B4 as usize]
        + f3 as i32 * PATTERN_VALUE[Pattern::F3 as usize])
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

/// The fitted evaluation tables of one rule and board size: the threat-mask values
/// and the combination bonuses (each table's doc says how it was fitted).
pub(crate) struct EvalTables {
    pub(crate) masks: &'static [(u16, i32)],
    pub(crate) bonuses: &'static [([u8; 4], i32)],
}

/// Number of table sets: every rule up to 15x15 and larger (see [`eval_set`]).
pub(crate) const EVAL_SETS: usize = 8;

/// The bonus of a cell with combination code `code` in table set `set` on top of its
/// pattern values: a foul cell's ([`foul_bonus`]) with `fouls` (black under renju),
/// else [`combo_bonus`] with the set's bonuses.
pub(crate) fn cell_bonus(code: usize, fouls: bool, set: usize) -> i32 {
    if fouls && is_foul_code(code) {
        foul_bonus(code)
    } else {
        combo_bonus(code, EVAL_TABLES[set].bonuses)
    }
}

/// Every rule's tables up to 15x15 and on larger boards, as [`eval_set`] numbers them.
/// Larger caro boards have no code bonuses of their own (their fit raised the
/// held-out error).
pub(crate) const EVAL_TABLES: [EvalTables; EVAL_SETS] = [
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
pub(crate) fn eval_set(rule: Rule, large: bool) -> usize {
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

impl Default for Census {
    fn default() -> Census {
        Census {
            patterns: [0; 11],
            threats: [0; 8],
            codes: vec![0; CENSUS_CODES],
        }
    }
}
