//! A fixed-size set of padded board cell indices, one bit a cell: the board keeps the
//! cells the search asks about often (empty cells next to stones, empty cells where a
//! colour makes a four) as sets, so it walks a few words instead of the whole board.

use crate::pattern::HALF;
use crate::types::MAX_SIZE;

/// Words for the largest padded board.
const WORDS: usize = ((MAX_SIZE + 2 * HALF) * (MAX_SIZE + 2 * HALF)).div_ceil(64);

/// A set of cell indices below `(MAX_SIZE + 2 * HALF)^2`, or below the bound it was
/// made for ([`CellSet::for_cells`]), which its walks stop at.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct CellSet {
    words: [u64; WORDS],
    /// The words in use: the rest stay zero.
    used: usize,
}

impl Default for CellSet {
    fn default() -> CellSet {
        CellSet {
            words: [0; WORDS],
            used: WORDS,
        }
    }
}

impl std::fmt::Debug for CellSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl CellSet {
    /// An empty set of indices below `n` (a board's padded cell count): a walk reads
    /// only the words those need (10 of the 28 on a 15x15 board).
    pub fn for_cells(n: usize) -> CellSet {
        CellSet {
            words: [0; WORDS],
            used: n.div_ceil(64).min(WORDS),
        }
    }

    /// Puts `i` in the set (`on`) or takes it out.
    #[inline]
    pub fn set(&mut self, i: usize, on: bool) {
        let (w, bit) = (i / 64, 1u64 << (i % 64));
        debug_assert!(w < self.used, "cell {i} past the set's bound");
        if on {
            self.words[w] |= bit;
        } else {
            self.words[w] &= !bit;
        }
    }

    /// Puts `i` in the set if it was out, and out if it was in.
    #[inline]
    pub fn flip(&mut self, i: usize) {
        debug_assert!(i / 64 < self.used, "cell {i} past the set's bound");
        self.words[i / 64] ^= 1 << (i % 64);
    }

    #[cfg(test)]
    pub fn contains(&self, i: usize) -> bool {
        self.words[i / 64] >> (i % 64) & 1 != 0
    }

    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The members in increasing order (the board's cell order).
    #[inline]
    pub fn iter(&self) -> Members<'_> {
        let words = &self.words[..self.used];
        Members {
            bits: words.first().copied().unwrap_or(0),
            base: 0,
            rest: words.get(1..).unwrap_or(&[]),
        }
    }
}

/// The members of a [`CellSet`], lowest first.
pub(crate) struct Members<'a> {
    /// The bits of the current word not yet returned ...
    bits: u64,
    /// ... whose bit 0 is this cell ...
    base: usize,
    /// ... and the words after it.
    rest: &'a [u64],
}

impl Iterator for Members<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.bits == 0 {
            let (&w, rest) = self.rest.split_first()?;
            self.bits = w;
            self.rest = rest;
            self.base += 64;
        }
        let b = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(self.base + b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_iterates_in_order_and_matches_a_sorted_list() {
        let mut s = CellSet::default();
        let mut model = std::collections::BTreeSet::new();
        let mut x: u64 = 12345;
        for _ in 0..5000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let i = (x % (WORDS as u64 * 64)) as usize;
            let on = x & (1 << 40) != 0;
            s.set(i, on);
            if on {
                model.insert(i);
            } else {
                model.remove(&i);
            }
            assert_eq!(s.contains(i), on);
        }
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            model.into_iter().collect::<Vec<_>>()
        );
        assert!(!s.is_empty());
        assert!(CellSet::default().is_empty());
    }

    /// A set bounded to a board's cells walks only its words, the last one and the
    /// first one included, and empty words in between are skipped.
    #[test]
    fn a_bounded_set_walks_its_words() {
        let n = 25 * 25;
        let mut s = CellSet::for_cells(n);
        assert_eq!(s.used, 10);
        assert_eq!(s.iter().next(), None);
        let members = [0, 1, 63, 64, 200, 511, n - 1];
        for &i in &members {
            s.set(i, true);
        }
        assert_eq!(s.iter().collect::<Vec<_>>(), members);
        s.flip(0);
        s.flip(n - 1);
        assert_eq!(s.iter().collect::<Vec<_>>(), members[1..members.len() - 1]);
    }
}
