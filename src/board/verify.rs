//! The recount oracle: the incremental data against a full recomputation, and the
//! census of the counts the evaluation is made of.

use super::{is_foul_code, Board, COMBO_CODES, EMPTY};
use crate::eval::classical::Census;
use crate::types::Color;
impl Board {
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

    /// A 9x9 board under `rule` with 5 to 44 stones played at random (a test position:
    /// crowded enough for fours and fives).
    #[cfg(test)]
    pub(crate) fn random_9x9(rule: crate::types::Rule, rng: &mut crate::types::XorShift) -> Board {
        let mut b = Board::new(9, 9, rule);
        for _ in 0..rng.below(40) + 5 {
            let empty: Vec<usize> = b.cell_indices().filter(|&i| b.is_empty_at(i)).collect();
            b.make(empty[rng.below(empty.len())]);
        }
        b
    }

    // ------------------------------------------------------------- renju fouls
}
