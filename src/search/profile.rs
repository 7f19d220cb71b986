//! Per-rule profiles: what the search does under each rule on each board class.
//!
//! Matches tuned the search apart by rule and by board size (up to 15x15, or larger),
//! so each of those eight cases has one row in [`PROFILES`] that names every switch
//! and margin in force there. A switch of [`super::Params`] set to 1 (its default)
//! takes the row's value; 0 turns it off and 2 on everywhere. Standard caro plays
//! with caro's rows ([`tuned_rule`]). Why each row is as it is: the ledger in
//! `docs/experiments.md`, under each switch's name.

use crate::board::Board;
use crate::types::Rule;

/// Every switch and margin of the search under one rule on one board class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Profile {
    /// The rule (standard caro takes caro's row) ...
    pub rule: Rule,
    /// ... and the board class: more than 15x15 cells.
    pub large: bool,
    /// Late move reductions grow as ln(depth) * ln(move) * 100 / this (0: one or two plies).
    pub lmr_log_div: i32,
    /// Half width of the aspiration window (0: full window).
    pub aspiration: i32,
    /// ProbCut at non-PV quiet nodes ...
    pub probcut: bool,
    /// ... with this margin over beta.
    pub probcut_margin: i32,
    /// Move count pruning at every depth.
    pub mcp: bool,
    /// Late move pruning one ply deeper than `Params::lmp_max_depth`.
    pub lmp_deeper: bool,
    /// The static pruning reads the table's score where its bound beats the evaluation.
    pub tt_eval: bool,
    /// A forced block is searched a ply deeper everywhere, not only at the horizon.
    pub forced_ext: bool,
    /// A four-three or double three at the horizon wins in five plies.
    pub quick_win: bool,
    /// The evaluation adds the fitted value of the threat mask.
    pub threat_mask: bool,
    /// A continuous attack (threats two plies apart) is reduced one ply less.
    pub cont_attack: bool,
    /// The reply that last cut off after the opponent's move is ordered early.
    pub countermove: bool,
    /// History and killers cover moves that make or stop threes.
    pub history_threes: bool,
    /// A block of a plain four is ordered and reduced like a stop of a three (the lean
    /// set, with `lmr_fours` and `lmr_early`).
    pub plain_blocks: bool,
    /// Plain fours are reduced like quiet moves.
    pub lmr_fours: bool,
    /// Late move reductions from the second move on.
    pub lmr_early: bool,
    /// A four that ignores the opponent's three, far from the last stones, is reduced more.
    pub useless_fours: bool,
    /// Against a four-three point, only moves on its lines (or fours) are searched.
    pub four_three_guard: bool,
    /// Against a three, only stops on its line (or fours) are searched.
    pub three_lines: bool,
    /// Moves that make a three are reduced like quiet moves ...
    pub lmr_threes: bool,
    /// ... and so are stops of the opponent's threes ...
    pub lmr_three_stops: bool,
    /// ... and where neither is, both are from `Params::lmr_threes_from` plies deep.
    pub deep_threes: bool,
}

use Rule::{Caro, Freestyle, Renju, Standard};

/// The rows, by [`row_index`]: freestyle, standard, renju and caro, each up to 15x15
/// and then larger.
#[rustfmt::skip]
pub const PROFILES: [Profile; 8] = [
    Profile {
        rule: Freestyle, large: false,
        lmr_log_div: 250, aspiration: 60, probcut: false, probcut_margin: 150,
        mcp: true, lmp_deeper: false, tt_eval: true, forced_ext: true, quick_win: true,
        threat_mask: true, cont_attack: true, countermove: true, history_threes: false,
        plain_blocks: true, lmr_fours: true, lmr_early: true, useless_fours: true,
        four_three_guard: false, three_lines: false,
        lmr_threes: true, lmr_three_stops: true, deep_threes: false,
    },
    Profile {
        rule: Freestyle, large: true,
        lmr_log_div: 250, aspiration: 150, probcut: false, probcut_margin: 150,
        mcp: true, lmp_deeper: false, tt_eval: false, forced_ext: true, quick_win: false,
        threat_mask: true, cont_attack: false, countermove: false, history_threes: false,
        plain_blocks: true, lmr_fours: true, lmr_early: true, useless_fours: true,
        four_three_guard: false, three_lines: false,
        lmr_threes: true, lmr_three_stops: true, deep_threes: false,
    },
    Profile {
        rule: Standard, large: false,
        lmr_log_div: 300, aspiration: 150, probcut: true, probcut_margin: 250,
        mcp: true, lmp_deeper: true, tt_eval: true, forced_ext: true, quick_win: false,
        threat_mask: true, cont_attack: false, countermove: true, history_threes: true,
        plain_blocks: true, lmr_fours: true, lmr_early: true, useless_fours: false,
        four_three_guard: false, three_lines: false,
        lmr_threes: true, lmr_three_stops: true, deep_threes: false,
    },
    Profile {
        rule: Standard, large: true,
        lmr_log_div: 300, aspiration: 150, probcut: false, probcut_margin: 250,
        mcp: true, lmp_deeper: false, tt_eval: true, forced_ext: true, quick_win: false,
        threat_mask: true, cont_attack: false, countermove: true, history_threes: true,
        plain_blocks: true, lmr_fours: true, lmr_early: true, useless_fours: true,
        four_three_guard: false, three_lines: false,
        lmr_threes: true, lmr_three_stops: true, deep_threes: false,
    },
    Profile {
        rule: Renju, large: false,
        lmr_log_div: 200, aspiration: 150, probcut: true, probcut_margin: 350,
        mcp: true, lmp_deeper: false, tt_eval: true, forced_ext: true, quick_win: false,
        threat_mask: true, cont_attack: false, countermove: false, history_threes: false,
        plain_blocks: true, lmr_fours: true, lmr_early: true, useless_fours: false,
        four_three_guard: true, three_lines: false,
        lmr_threes: false, lmr_three_stops: true, deep_threes: false,
    },
    Profile {
        rule: Renju, large: true,
        lmr_log_div: 200, aspiration: 150, probcut: false, probcut_margin: 350,
        mcp: true, lmp_deeper: false, tt_eval: false, forced_ext: true, quick_win: false,
        threat_mask: true, cont_attack: false, countermove: false, history_threes: false,
        plain_blocks: true, lmr_fours: true, lmr_early: true, useless_fours: true,
        four_three_guard: false, three_lines: false,
        lmr_threes: false, lmr_three_stops: true, deep_threes: false,
    },
    Profile {
        rule: Caro, large: false,
        lmr_log_div: 250, aspiration: 60, probcut: true, probcut_margin: 150,
        mcp: true, lmp_deeper: true, tt_eval: true, forced_ext: false, quick_win: false,
        threat_mask: true, cont_attack: false, countermove: false, history_threes: false,
        plain_blocks: true, lmr_fours: true, lmr_early: true, useless_fours: true,
        four_three_guard: false, three_lines: false,
        lmr_threes: false, lmr_three_stops: false, deep_threes: true,
    },
    Profile {
        rule: Caro, large: true,
        lmr_log_div: 250, aspiration: 60, probcut: false, probcut_margin: 150,
        mcp: true, lmp_deeper: true, tt_eval: false, forced_ext: false, quick_win: false,
        threat_mask: true, cont_attack: false, countermove: false, history_threes: false,
        plain_blocks: true, lmr_fours: true, lmr_early: true, useless_fours: true,
        four_three_guard: false, three_lines: false,
        lmr_threes: false, lmr_three_stops: false, deep_threes: false,
    },
];

/// The row of [`PROFILES`] for `rule` (as tuned, [`tuned_rule`]) on a board larger
/// than 15x15 (`large`) or not.
pub fn row_index(rule: Rule, large: bool) -> usize {
    let r = match tuned_rule(rule) {
        Freestyle => 0,
        Standard => 1,
        Renju => 2,
        _ => 3,
    };
    2 * r + usize::from(large)
}

/// The row index for `board`.
pub fn row_for(board: &Board) -> usize {
    row_index(board.rule(), board.larger_than_15x15())
}

/// The rule whose tuning a search under `rule` takes: standard caro (exactly five,
/// rule 9, as the Gomocup caro league plays) takes caro's, as its games differ only
/// in overlines.
pub fn tuned_rule(rule: Rule) -> Rule {
    match rule {
        Rule::CaroStandard => Caro,
        r => r,
    }
}
