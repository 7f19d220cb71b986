//! Zobrist hashing of the stones (fixed seed: the same keys, and bench, every run).

use super::{stone, Board};
use crate::pattern::HALF;
use crate::types::MAX_SIZE;
/// Zobrist keys: fixed seed, so hashes (and bench node counts) are the same every run.
pub(super) fn zobrist() -> &'static [[u64; 2]] {
    use std::sync::OnceLock;
    static Z: OnceLock<Vec<[u64; 2]>> = OnceLock::new();
    Z.get_or_init(|| {
        let mut rng = crate::types::Rng(0x9E37_79B9_7F4A_7C15);
        let n = (MAX_SIZE + 2 * HALF) * (MAX_SIZE + 2 * HALF);
        (0..n).map(|_| [rng.next_u64(), rng.next_u64()]).collect()
    })
}

impl Board {
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
}
