//! Stones and lines: the line words, the cells' line keys and patterns, and the
//! incremental make and undo that keep every empty cell's patterns, threat class and
//! value (and the board's sums and counts) up to date.

use super::hash::zobrist;
use super::threat::{code_has_open_four, combo_of, CellInfo, ComboTable, COMBO_DIGIT, COMBO_SLOTS};
use super::{five_rules, stone, Board, Threat, EMPTY, WALL};
use crate::cellset::CellSet;
use crate::eval::classical::PATTERN_VALUE;
use crate::pattern::{PairLookup, Pattern, PatternTable, HALF};
use crate::types::{Color, Rule};
/// Key slot of the cell at offset `k` (|k| in 1..=HALF) from the centre.
#[inline]
pub(super) const fn slot(k: isize) -> u32 {
    (if k < 0 {
        k + HALF as isize
    } else {
        k + HALF as isize - 1
    }) as u32
}

/// The low bit of every cell's slot in a window (see [`Board::toggle`]).
pub(super) const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// The low bits of the cells within [`HALF`] of a window's centre (cell `2 * HALF`),
/// the centre left out, and of those within `HALF - 1`.
pub(super) const REACH_MASKS: [u64; 2] = {
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
pub(super) fn line_key(word: u128, p: usize) -> u32 {
    const SIDE: u32 = (1 << (2 * HALF)) - 1;
    let w = (word >> (2 * (p - HALF))) as u32;
    (w & SIDE) | ((w >> (2 * HALF + 2)) & SIDE) << (2 * HALF)
}

/// [`line_key`] on a window of a line word that fits one machine word (position
/// `p`, at least [`HALF`], counted in the window).
#[inline]
pub(super) fn window_key(window: u64, p: usize) -> u32 {
    const SIDE: u32 = (1 << (2 * HALF)) - 1;
    let w = (window >> (2 * (p - HALF))) as u32;
    (w & SIDE) | ((w >> (2 * HALF + 2)) & SIDE) << (2 * HALF)
}

/// How [`Board::toggle`] treats the cells that see the toggled one.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Refresh {
    /// Recompute their patterns.
    Update,
    /// Recompute, saving the old data for [`Board::unmake`].
    Record,
    /// Only flip the line words (the data is restored from the undo stack).
    LinesOnly,
}

/// What [`Board::make`] saves besides the changed cells.
#[derive(Clone, Copy)]
pub(super) struct UndoFrame {
    cells_len: u32,
    fours_len: u32,
    value_sum: [i32; 2],
    threat_count: [[u16; 8]; 2],
    open_four_count: [u16; 2],
}

/// For every cell of a padded board `stride` cells wide and `rows` high, and each
/// direction (the order of `Board::dirs`: across, down, down-right, down-left), the index
/// of the cell's line among all the board's lines (high bits) and the cell's position
/// on it (low 8 bits): its column across, its row otherwise.
pub(super) fn line_refs(stride: usize, rows: usize) -> Vec<[u32; 4]> {
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
pub(super) fn pair_table(rule: Rule) -> &'static PairLookup {
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

/// The board-wide sums and counts that a cell's pattern change updates (borrowed
/// apart from the cells, see [`Board::toggle`]).
pub(super) struct Tally<'a> {
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
    pub(super) fn repattern(
        &mut self,
        info: &mut CellInfo,
        j: usize,
        c: usize,
        d: usize,
        p: Pattern,
    ) {
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
    /// Recomputes every derived structure from the cells (also the test oracle).
    pub(super) fn rebuild(&mut self) {
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

    pub(super) fn is_inner(&self, i: usize) -> bool {
        let (x, y) = (i % self.stride, i / self.stride);
        x >= HALF && x < HALF + self.width && y >= HALF && y < HALF + self.height
    }

    /// The index in `lines` of cell `i`'s line in direction `d`, and the cell's
    /// position on it.
    #[inline]
    pub(super) fn line_slot(&self, i: usize, d: usize) -> (usize, usize) {
        let r = self.line_of[i][d];
        ((r >> 8) as usize, (r & 0xFF) as usize)
    }

    /// The line key of cell `i` in direction `d`, from its line word.
    #[inline]
    pub(super) fn key(&self, i: usize, d: usize) -> u32 {
        let (l, p) = self.line_slot(i, d);
        line_key(self.lines[l], p)
    }

    /// The line key of cell `i` in direction `d`, read cell by cell (the recount that
    /// [`Board::verify`] checks the line words against).
    pub(super) fn read_key(&self, i: usize, d: usize) -> u32 {
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

    pub(super) fn count_near(&self, i: usize) -> u8 {
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
    pub(super) fn patterns(&self, key: u32) -> (Pattern, Pattern) {
        self.pairs.get(key)
    }

    #[inline]
    pub(super) fn refresh_pattern(&mut self, i: usize, d: usize) {
        let key = self.key(i, d);
        let (pb, pw) = self.patterns(key);
        self.info[i][0].pat[d] = pb;
        self.info[i][1].pat[d] = pw;
    }

    #[inline]
    pub(super) fn refresh_info(&mut self, i: usize) {
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
    pub(super) fn account(&mut self, i: usize, sign: i32) {
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
    pub(super) fn refresh_sets(&mut self, i: usize) {
        self.cands
            .set(i, self.cells[i] == EMPTY && self.near[i] > 0);
        self.refresh_fours(i);
    }

    /// Puts cell `i` in or out of both colours' four sets from its current data.
    #[inline]
    pub(super) fn refresh_fours(&mut self, i: usize) {
        let empty = self.cells[i] == EMPTY;
        for c in 0..2 {
            self.fours[c].set(i, empty && self.info[i][c].threat >= Threat::Four);
        }
    }

    /// Sets (`v` = stone or wall) or clears (same `v` again) cell `i` in its four line
    /// words and, unless `mode` is [`Refresh::LinesOnly`], refreshes the patterns of the
    /// cells that see it whose pattern changes ([`Refresh::Record`] saves their old data
    /// on the undo stack first).
    pub(super) fn toggle(&mut self, i: usize, v: u8, mode: Refresh) {
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

    pub(super) fn set_cell(&mut self, i: usize, v: u8) {
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

    pub(super) fn clear_cell(&mut self, i: usize) {
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
    pub(super) fn bump_near(&mut self, i: usize, delta: i8) {
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
}
