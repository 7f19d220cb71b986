//! A fixed-size set of padded board cell indices, one bit a cell: the board keeps the
//! cells the search asks about often (empty cells next to stones, empty cells where a
//! colour makes a four) as sets, so it walks a few words instead of the whole board.

use crate::pattern::HALF;
use crate::types::MAX_SIZE;

/// Words for the largest padded board.
const WORDS: usize = ((MAX_SIZE + 2 * HALF) * (MAX_SIZE + 2 * HALF)).div_ceil(64);

/// A set of cell indices below `(MAX_SIZE + 2 * HALF)^2`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct CellSet {
    words: [u64; WORDS],
}

impl Default for CellSet {
    fn default() -> CellSet {
        CellSet { words: [0; WORDS] }
    }
}

impl std::fmt::Debug for CellSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl CellSet {
    /// Puts `i` in the set (`on`) or takes it out.
    #[inline]
    pub fn set(&mut self, i: usize, on: bool) {
        let (w, bit) = (i / 64, 1u64 << (i % 64));
        if on {
            self.words[w] |= bit;
        } else {
            self.words[w] &= !bit;
        }
    }

    /// Puts `i` in the set if it was out, and out if it was in.
    #[inline]
    pub fn flip(&mut self, i: usize) {
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
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words
            .iter()
            .enumerate()
            .flat_map(|(k, &w)| Bits(w).map(move |b| k * 64 + b))
    }
}

/// The set bits of one word, lowest first.
struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let b = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(b)
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
}
