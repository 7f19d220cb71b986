//! The search's tunables ([`Params`]): the numbers every rule shares, the switches
//! (0 off, 1 as the rule's [`Profile`] says, 2 on everywhere) and the per-rule rows.
//! Every field can be set by match without a rebuild (`INFO wuzi_<name> <value>`);
//! how each value was chosen is in `docs/experiments.md` under the field's name.

use super::profile::{row_for, tuned_rule, Profile, PROFILES};
use crate::board::Board;

/// Search tunables, all in one place.
#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// Late move reductions start at this depth ...
    pub lmr_min_depth: i32,
    /// ... and after this many moves (or from the second with `lmr_early`).
    pub lmr_min_moves: usize,
    /// Under a match clock, another iteration starts only if the last one's time,
    /// times this, still fits before the hard limit ...
    pub iteration_growth: u32,
    /// ... and this under a turn limit alone (0: whenever the soft limit has not passed).
    pub iteration_growth_turn: u32,
    /// Weight of the side to move's cell values, in percent of the opponent's.
    pub tempo_percent: i32,
    /// With the network evaluator: its score's share, in percent, of a blend with the
    /// classical score (100: the net alone).
    pub net_percent: i32,
    /// Fours the side to move may spend on a VCF at a leaf of the main search.
    pub leaf_vcf_fours: i32,
    /// Fours allowed to the VCF solver run before the main search (0: off) ...
    pub root_vcf_fours: i32,
    /// ... which may spend at most this many percent of the move's expected time
    /// (the soft limit) and of the node limit.
    pub root_vcf_percent: i32,
    /// Threes and fours allowed to the VCT solver run before the main search, after
    /// the VCF solver (0: off; the tactical suite and analysis turn it on) ...
    pub root_vct_threats: i32,
    /// ... which may spend at most this many nodes ...
    pub root_vct_nodes: i32,
    /// ... and this many percent of the expected time and of the node limit.
    pub root_vct_percent: i32,
    /// Late move pruning applies at depths up to this (0: off) ...
    pub lmp_max_depth: i32,
    /// ... after `lmp_base + depth * depth` moves.
    pub lmp_base: usize,
    /// Move count pruning at every depth (CITE: Rapfi's futility move count, after
    /// Stockfish's move count pruning): at a non-PV node that need not stop a five,
    /// once a move that does not lose is found, the quiet moves after the first
    /// 3 + depth^1.32 * `mcp_percent` / 100 are skipped (a switch) ...
    pub mcp: i32,
    /// ... with this scale in percent.
    pub mcp_percent: i32,
    /// Moves that make a three or stop one are reduced like quiet moves as the rule's
    /// row says (a switch: 0 neither kind anywhere, 2 both kinds everywhere) ...
    pub lmr_threes: i32,
    /// ... and where the row reduces neither (caro up to 15x15), both from this many
    /// plies deep (0: never).
    pub lmr_threes_from: i32,
    /// Futility pruning: at non-PV nodes up to `futility_max_depth`, quiet moves are
    /// skipped when the evaluation plus this much a ply cannot reach alpha (0: off) ...
    pub futility_margin: i32,
    /// ... at depths up to this, which also bounds reverse futility.
    pub futility_max_depth: i32,
    /// Reverse futility: a quiet non-PV node near the horizon whose evaluation beats
    /// beta by this much a ply returns the evaluation (0: off).
    pub rfp_margin: i32,
    /// Internal iterative reduction: a node at least this deep (0: off) with no table
    /// move is searched a ply shallower.
    pub iir_min_depth: i32,
    /// Percent of the stability time scaling to apply (0: the soft limit as given).
    pub time_stability: i32,
    /// Our moves still to come on an empty board, as the match clock is planned (see
    /// `Clock::budget_planning`).
    pub time_moves_left: i32,
    /// Razoring: a quiet non-PV node at depth 1 or 2 whose evaluation plus this much
    /// a ply cannot reach alpha goes to the horizon (0: off).
    pub razor_margin: i32,
    /// History and killers also for moves that make or stop threes (a switch).
    pub hist_threes: i32,
    /// The leaf VCF tries only the fours near the side to move's last stone.
    pub leaf_vcf_local: i32,
    /// A table entry with a proven score cuts off at any depth.
    pub tt_mate: i32,
    /// The static pruning reads the table's score where it is sharper (a switch).
    pub tt_eval: i32,
    /// A continuous attack is reduced one ply less (a switch).
    pub cont_attack: i32,
    /// The countermove is ordered after the killers (a switch).
    pub countermove: i32,
    /// A block of a plain four is ordered and reduced like a stop of a three (a switch).
    pub plain_blocks: i32,
    /// A four that leaves the opponent's three alone is reduced more by its distance
    /// from the last stones (a switch).
    pub useless_fours: i32,
    /// Against a four-three or double-four point, only moves on its lines (a switch).
    pub four_three_guard: i32,
    /// Against a three, only stops on its line (a switch).
    pub three_lines: i32,
    /// A forced block is searched a ply deeper everywhere (a switch).
    pub forced_ext: i32,
    /// Plain fours are reduced like quiet moves (a switch).
    pub lmr_fours: i32,
    /// Late move reductions from the second move on (a switch).
    pub lmr_early: i32,
    /// A four-three or double three at the horizon wins in five plies (a switch).
    pub quick_win: i32,
    /// At the horizon, an evaluation at or above beta is returned without the leaf VCF.
    pub vcf_stand_pat: i32,
    /// Late move pruning one ply deeper (a switch).
    pub lmp_deeper: i32,
    /// The history is divided by 2 to this power at the start of each search (0: kept).
    pub history_age: i32,
    /// The evaluation adds the fitted value of the threat mask (a switch).
    pub threat_mask: i32,
    /// ProbCut (CITE: Stockfish): the first `probcut_moves` moves of a quiet non-PV
    /// node at least `probcut_depth` deep are searched `PROBCUT_REDUCTION` plies
    /// shallower against beta plus the row's margin; one that beats it cuts off (a switch) ...
    pub probcut: i32,
    /// ... from this depth ...
    pub probcut_depth: i32,
    /// ... trying at most this many moves (at most `LAZY_PICKS`).
    pub probcut_moves: i32,
    /// What each switch at 1 means, and the margins, per rule and board class
    /// ([`PROFILES`]); `INFO wuzi_<margin>` sets a margin in every row,
    /// `wuzi_<margin>_<rule>` in one rule's rows.
    pub profiles: [Profile; 8],
}

/// The margins kept per row, as `set` names them.
const ROW_MARGINS: [&str; 3] = ["lmr_log_div", "probcut_margin", "aspiration"];

impl Params {
    /// The defaults.
    pub const DEFAULT: Params = Params {
        lmr_min_depth: 3,
        lmr_min_moves: 3,
        iteration_growth: 1,
        iteration_growth_turn: 0,
        tempo_percent: 120,
        net_percent: 100,
        leaf_vcf_fours: 10,
        root_vcf_fours: 20,
        root_vcf_percent: 25,
        root_vct_threats: 0,
        root_vct_nodes: 1_000_000,
        root_vct_percent: 10,
        lmp_max_depth: 3,
        lmp_base: 5,
        mcp: 1,
        mcp_percent: 150,
        lmr_threes: 1,
        lmr_threes_from: 0,
        futility_margin: 0,
        futility_max_depth: 3,
        rfp_margin: 100,
        iir_min_depth: 4,
        time_stability: 100,
        time_moves_left: crate::time::MOVES_LEFT as i32,
        razor_margin: 200,
        hist_threes: 1,
        leaf_vcf_local: 1,
        tt_mate: 1,
        tt_eval: 1,
        cont_attack: 1,
        countermove: 1,
        plain_blocks: 1,
        useless_fours: 1,
        four_three_guard: 1,
        three_lines: 0,
        forced_ext: 1,
        lmr_fours: 1,
        lmr_early: 1,
        quick_win: 1,
        vcf_stand_pat: 1,
        lmp_deeper: 1,
        history_age: 0,
        threat_mask: 1,
        probcut: 1,
        probcut_depth: 7,
        probcut_moves: 2,
        profiles: PROFILES,
    };

    /// Sets the tunable called `name` (the field's name, or a row margin with an
    /// optional `_<rule>` suffix) to `value`, for tuning by match without a rebuild
    /// (the protocol passes `INFO wuzi_<name> <value>`). Returns false for an unknown
    /// name or a value out of the field's range.
    pub fn set(&mut self, name: &str, value: i64) -> bool {
        // Node counts may be large; every other tunable stays small (the tempo
        // multiplies cell values and must not overflow).
        let max = if name == "root_vct_nodes" {
            10_000_000
        } else {
            1000
        };
        let small = i32::try_from(value).ok().filter(|v| (0..=max).contains(v));
        let Some(v) = small else {
            return false;
        };
        if let Some(field) = self.row_field(name) {
            field.for_each(|f| *f = v);
            return true;
        }
        match name {
            "lmr_min_depth" => self.lmr_min_depth = v,
            "lmr_min_moves" => self.lmr_min_moves = v as usize,
            "iteration_growth" => self.iteration_growth = v as u32,
            "iteration_growth_turn" => self.iteration_growth_turn = v as u32,
            "tempo_percent" => self.tempo_percent = v,
            "net_percent" => self.net_percent = v.clamp(0, 100),
            "leaf_vcf_fours" => self.leaf_vcf_fours = v,
            "root_vcf_fours" => self.root_vcf_fours = v,
            "root_vcf_percent" => self.root_vcf_percent = v,
            "root_vct_threats" => self.root_vct_threats = v,
            "root_vct_nodes" => self.root_vct_nodes = v,
            "root_vct_percent" => self.root_vct_percent = v,
            "lmp_max_depth" => self.lmp_max_depth = v,
            "lmp_base" => self.lmp_base = v as usize,
            "mcp" => self.mcp = v,
            "mcp_percent" => self.mcp_percent = v,
            "lmr_threes" => self.lmr_threes = v,
            "lmr_threes_from" => self.lmr_threes_from = v,
            "futility_margin" => self.futility_margin = v,
            "futility_max_depth" => self.futility_max_depth = v,
            "rfp_margin" => self.rfp_margin = v,
            "iir_min_depth" => self.iir_min_depth = v,
            "time_stability" => self.time_stability = v,
            "time_moves_left" => self.time_moves_left = v,
            "razor_margin" => self.razor_margin = v,
            "hist_threes" => self.hist_threes = v,
            "leaf_vcf_local" => self.leaf_vcf_local = v,
            "tt_mate" => self.tt_mate = v,
            "tt_eval" => self.tt_eval = v,
            "cont_attack" => self.cont_attack = v,
            "countermove" => self.countermove = v,
            "plain_blocks" => self.plain_blocks = v,
            "useless_fours" => self.useless_fours = v,
            "four_three_guard" => self.four_three_guard = v,
            "three_lines" => self.three_lines = v,
            "forced_ext" => self.forced_ext = v,
            "lmr_fours" => self.lmr_fours = v,
            "lmr_early" => self.lmr_early = v,
            "quick_win" => self.quick_win = v,
            "lmp_deeper" => self.lmp_deeper = v,
            "history_age" => self.history_age = v,
            "threat_mask" => self.threat_mask = v,
            "vcf_stand_pat" => self.vcf_stand_pat = v,
            "probcut" => self.probcut = v,
            "probcut_depth" => self.probcut_depth = v,
            "probcut_moves" => self.probcut_moves = v,
            _ => return false,
        }
        true
    }

    /// The row margin `name` names (see [`ROW_MARGINS`]) in every row, or with a
    /// `_<rule>` suffix in that rule's rows; `None` if it names none.
    fn row_field<'a>(&'a mut self, name: &str) -> Option<impl Iterator<Item = &'a mut i32>> {
        let (margin, rule) = ROW_MARGINS.iter().find_map(|&m| {
            let rest = name.strip_prefix(m)?;
            if rest.is_empty() {
                return Some((m, None));
            }
            let rule = rest.strip_prefix('_')?;
            let rule = crate::types::Rule::ALL
                .into_iter()
                .find(|&r| tuned_rule(r) == r && format!("{r:?}").eq_ignore_ascii_case(rule))?;
            Some((m, Some(rule)))
        })?;
        let rows = self.profiles.iter_mut();
        Some(
            rows.filter(move |p| rule.is_none_or(|r| p.rule == r))
                .map(move |p| match margin {
                    "lmr_log_div" => &mut p.lmr_log_div,
                    "probcut_margin" => &mut p.probcut_margin,
                    _ => &mut p.aspiration,
                }),
        )
    }

    /// The profile in force for a search of `board`: its row with the switches
    /// applied (0 off, 1 the row's value, 2 on).
    pub fn profile(&self, board: &Board) -> Profile {
        let row = self.profiles[row_for(board)];
        let on = |switch: i32, default: bool| switch >= 2 || switch == 1 && default;
        let threes = |default: bool| on(self.lmr_threes, default);
        Profile {
            probcut: on(self.probcut, row.probcut),
            mcp: on(self.mcp, row.mcp),
            lmp_deeper: on(self.lmp_deeper, row.lmp_deeper),
            tt_eval: on(self.tt_eval, row.tt_eval),
            forced_ext: on(self.forced_ext, row.forced_ext),
            quick_win: on(self.quick_win, row.quick_win),
            threat_mask: on(self.threat_mask, row.threat_mask),
            cont_attack: on(self.cont_attack, row.cont_attack),
            countermove: on(self.countermove, row.countermove),
            history_threes: on(self.hist_threes, row.history_threes),
            plain_blocks: on(self.plain_blocks, row.plain_blocks),
            lmr_fours: on(self.lmr_fours, row.lmr_fours),
            lmr_early: on(self.lmr_early, row.lmr_early),
            useless_fours: on(self.useless_fours, row.useless_fours),
            four_three_guard: on(self.four_three_guard, row.four_three_guard),
            three_lines: on(self.three_lines, row.three_lines),
            lmr_threes: threes(row.lmr_threes),
            lmr_three_stops: threes(row.lmr_three_stops),
            deep_threes: self.lmr_threes == 1 && row.deep_threes,
            ..row
        }
    }
}
