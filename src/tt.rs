//! Transposition table: one entry per slot, sized in bytes, depth-and-age replacement.

use crate::types::{Score, WIN_MIN};

/// Kind of bound a stored score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    None = 0,
    /// The score is at most this (fail low).
    Upper = 1,
    /// The score is at least this (fail high).
    Lower = 2,
    /// Exact score.
    Exact = 3,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
struct Entry {
    check: u32,
    mv: u16,
    score: i16,
    depth: i8,
    bound: u8,
    age: u8,
    _pad: u8,
}

/// What a probe finds.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// Stored move (internal cell index), `u16::MAX` for none.
    pub mv: u16,
    /// Score, already adjusted to the probing ply.
    pub score: Score,
    pub depth: i32,
    pub bound: Bound,
}

/// The table.
pub struct TransTable {
    entries: Vec<Entry>,
    age: u8,
}

/// Mate scores are stored relative to the node, read back relative to the root.
fn to_tt(s: Score, ply: usize) -> i16 {
    (if s >= WIN_MIN {
        s + ply as Score
    } else if s <= -WIN_MIN {
        s - ply as Score
    } else {
        s
    }) as i16
}

fn from_tt(s: i16, ply: usize) -> Score {
    let s = s as Score;
    if s >= WIN_MIN {
        s - ply as Score
    } else if s <= -WIN_MIN {
        s + ply as Score
    } else {
        s
    }
}

/// `n` zeroed entries straight from the allocator (calloc-like: the OS hands out zero
/// pages lazily), or `None` if the allocation fails.
fn zeroed_entries(n: usize) -> Option<Vec<Entry>> {
    let layout = std::alloc::Layout::array::<Entry>(n).ok()?;
    // SAFETY: `layout` has a non-zero size (n >= 1 and Entry is not zero-sized). An
    // all-zero `Entry` is a valid value (plain integers), the pointer comes from the global
    // allocator with exactly `layout`, and length and capacity are both `n`, which is what
    // `Vec::from_raw_parts` requires.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout) as *mut Entry;
        if ptr.is_null() {
            return None;
        }
        Some(Vec::from_raw_parts(ptr, n, n))
    }
}

impl TransTable {
    /// Size of one entry in bytes.
    pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

    /// A table of at most `bytes` bytes (at least one entry). The memory comes zeroed
    /// from the allocator, so pages are only touched (and counted as resident) when the
    /// search writes to them. A failed allocation falls back to a smaller table rather
    /// than aborting.
    pub fn new(bytes: usize) -> TransTable {
        let mut n = (bytes / Self::ENTRY_BYTES).max(1);
        loop {
            if let Some(entries) = zeroed_entries(n) {
                return TransTable { entries, age: 0 };
            }
            if n == 1 {
                return TransTable {
                    entries: vec![Entry::default()],
                    age: 0,
                };
            }
            n /= 2;
        }
    }

    /// Bytes used by the entries.
    pub fn bytes(&self) -> usize {
        self.entries.len() * Self::ENTRY_BYTES
    }

    /// Empties the table. A fresh zeroed allocation replaces the old one, which is
    /// faster than writing every entry and leaves untouched pages unmapped.
    pub fn clear(&mut self) {
        let n = self.entries.len();
        self.entries = Vec::new();
        *self = TransTable::new(n * Self::ENTRY_BYTES);
    }

    /// Marks the start of a new search (older entries become cheaper to replace).
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    fn slot(&self, hash: u64) -> usize {
        ((hash as u128 * self.entries.len() as u128) >> 64) as usize
    }

    /// Looks up `hash`.
    #[inline]
    pub fn probe(&self, hash: u64, ply: usize) -> Option<Hit> {
        let e = &self.entries[self.slot(hash)];
        (e.check == (hash >> 32) as u32 && e.bound != 0).then(|| Hit {
            mv: e.mv,
            score: from_tt(e.score, ply),
            depth: e.depth as i32,
            bound: match e.bound {
                1 => Bound::Upper,
                2 => Bound::Lower,
                _ => Bound::Exact,
            },
        })
    }

    /// Stores a result, replacing an entry of another position only if it is older or
    /// shallower.
    #[inline]
    pub fn store(
        &mut self,
        hash: u64,
        ply: usize,
        mv: u16,
        score: Score,
        depth: i32,
        bound: Bound,
    ) {
        let age = self.age;
        let i = self.slot(hash);
        let e = &mut self.entries[i];
        let check = (hash >> 32) as u32;
        let same = e.check == check;
        if !same && e.age == age && e.depth as i32 > depth + 2 && bound != Bound::Exact {
            return;
        }
        let mv = if mv == u16::MAX && same { e.mv } else { mv };
        *e = Entry {
            check,
            mv,
            score: to_tt(score, ply),
            depth: depth.clamp(-100, 120) as i8,
            bound: bound as u8,
            age,
            _pad: 0,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{win_in, WIN};

    #[test]
    fn store_probe_and_mate_adjust() {
        let mut t = TransTable::new(1 << 16);
        assert!(t.bytes() <= 1 << 16);
        let h = 0xDEAD_BEEF_1234_5678;
        assert!(t.probe(h, 0).is_none());
        t.store(h, 3, 42, win_in(7), 5, Bound::Exact);
        let hit = t.probe(h, 1).unwrap();
        assert_eq!(hit.mv, 42);
        assert_eq!(
            hit.score,
            WIN - 5,
            "mate distance re-based on the probing ply"
        );
        assert_eq!(hit.depth, 5);
        assert_eq!(hit.bound, Bound::Exact);
        t.clear();
        assert!(t.probe(h, 0).is_none());
    }
}
