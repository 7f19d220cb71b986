//! Renju's foul test: whether black's stone at a cell makes an overline, a double
//! four or a double three (counting only the threes that can become straight fours).

use super::{Board, Threat, EMPTY};
use crate::pattern::Pattern;
use crate::types::Rule;
impl Board {
    pub(super) fn get(&self, i: isize, extra: &[usize]) -> u8 {
        let u = i as usize;
        if extra.contains(&u) {
            1
        } else {
            self.cells[u]
        }
    }

    /// Black run through `i` in direction `d`, with the black stones in `extra` added.
    pub(super) fn black_run(&self, i: usize, d: usize, extra: &[usize]) -> usize {
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
    pub(super) fn five_points(
        &self,
        i: usize,
        d: usize,
        extra: &mut Vec<usize>,
    ) -> ([usize; 2], usize) {
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
    pub(super) fn forbidden_with(&self, i: usize, extra: &mut Vec<usize>) -> bool {
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
    pub(super) fn fours_on_line(&self, i: usize, d: usize, extra: &mut Vec<usize>) -> usize {
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
    pub(super) fn makes_three(&self, i: usize, d: usize, extra: &mut Vec<usize>) -> bool {
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
    pub(super) fn is_straight_four(&self, i: usize, j: usize, d: usize, extra: &[usize]) -> bool {
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
pub(super) fn with_foul_scratch<T>(f: impl FnOnce(&mut Vec<usize>) -> T) -> T {
    FOUL_SCRATCH.with_borrow_mut(|extra| {
        extra.clear();
        f(extra)
    })
}
