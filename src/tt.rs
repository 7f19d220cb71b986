//! Transposition table: one entry per slot, sized in bytes, depth-and-age replacement.
//! The slot comes from a key's high bits, the check kept in the entry from its low bits.
//! (Clusters of entries per cache line were tried: `tt: clusters` in
//! docs/experiments.md.)
//!
//! The threads of a search share one table without locks: an entry is three relaxed
//! atomic words, and the first holds the check XOR the other two, so an entry torn by
//! two threads writing at once fails its check and reads as a miss (CITE: Hyatt and
//! Mann's lockless hashing). One thread reads and writes exactly as a plain table would.

use crate::types::{Score, WIN_MIN};
use std::sync::atomic::{AtomicU32, AtomicU8, Ordering::Relaxed};

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

/// One stored search result, as read from or written to a [`Slot`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    check: u32,
    mv: u16,
    score: i16,
    depth: i8,
    bound: u8,
    age: u8,
}

/// Where an [`Entry`] lives: the move and score in one word, depth, bound and age in
/// another, and the check XOR both in the first. All zero is the empty entry.
#[derive(Debug, Default)]
#[repr(C)]
struct Slot([AtomicU32; 3]);

impl Slot {
    #[inline(always)]
    fn load(&self) -> Entry {
        let [a, b, c] = [0, 1, 2].map(|k| self.0[k].load(Relaxed));
        Entry {
            check: a ^ b ^ c,
            mv: b as u16,
            score: (b >> 16) as u16 as i16,
            depth: c as u8 as i8,
            bound: (c >> 8) as u8,
            age: (c >> 16) as u8,
        }
    }

    #[inline(always)]
    fn save(&self, e: Entry) {
        let b = e.mv as u32 | (e.score as u16 as u32) << 16;
        let c = e.depth as u8 as u32 | (e.bound as u32) << 8 | (e.age as u32) << 16;
        self.0[0].store(e.check ^ b ^ c, Relaxed);
        self.0[1].store(b, Relaxed);
        self.0[2].store(c, Relaxed);
    }
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
    entries: Vec<Slot>,
    age: AtomicU8,
    /// The size asked for, in bytes (the table may be smaller if memory ran short).
    asked: usize,
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
fn zeroed_entries(n: usize) -> Option<Vec<Slot>> {
    let layout = std::alloc::Layout::array::<Slot>(n).ok()?;
    // SAFETY: `layout` has a non-zero size (n >= 1 and Slot is not zero-sized). An
    // all-zero `Slot` is a valid value (atomic integers), the pointer comes from the global
    // allocator with exactly `layout`, and length and capacity are both `n`, which is what
    // `Vec::from_raw_parts` requires.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout) as *mut Slot;
        if ptr.is_null() {
            return None;
        }
        advise_huge_pages(ptr as *mut u8, layout.size());
        Some(Vec::from_raw_parts(ptr, n, n))
    }
}

/// Asks Linux to back the table with transparent huge pages where it can (2 MB pages:
/// a probe anywhere in a large table otherwise misses the TLB, and the page walk costs
/// as much as the probe; CITE: Stockfish's large-page table). Only a hint: without it,
/// or where the kernel says no, the table works as before.
#[cfg(target_os = "linux")]
fn advise_huge_pages(ptr: *mut u8, len: usize) {
    const PAGE: usize = 4096;
    const MADV_HUGEPAGE: i32 = 14;
    extern "C" {
        fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
    }
    let start = (ptr as usize).next_multiple_of(PAGE);
    let end = (ptr as usize + len) / PAGE * PAGE;
    if end > start {
        // SAFETY: [start, end) is whole pages inside the allocation just made; madvise
        // with MADV_HUGEPAGE changes how the pages are backed, never their contents.
        unsafe {
            madvise(start as *mut u8, end - start, MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_ptr: *mut u8, _len: usize) {}

/// `n` entries from `alloc`, or fewer if it fails: the request is halved until it
/// succeeds (one entry at least, from the ordinary allocator). After a failure the table
/// takes only half of the largest size that could be had, so that as much memory again
/// stays free for everything else (the search thread, its buffers): a table that took
/// the last of the address space would leave the search unable to start.
fn fallback_entries(n: usize, mut alloc: impl FnMut(usize) -> Option<Vec<Slot>>) -> Vec<Slot> {
    let mut n = n.max(1);
    let mut failed = false;
    loop {
        if let Some(entries) = alloc(n) {
            if !failed || n == 1 {
                return entries;
            }
            drop(entries);
            if let Some(entries) = alloc(n / 2) {
                return entries;
            }
        }
        failed = true;
        if n == 1 {
            return vec![Slot::default()];
        }
        n /= 2;
    }
}

impl TransTable {
    /// Size of one entry in bytes.
    pub const ENTRY_BYTES: usize = std::mem::size_of::<Slot>();

    /// A table of at most `bytes` bytes (at least one entry). The memory comes zeroed
    /// from the allocator, so pages are only touched (and counted as resident) when the
    /// search writes to them. A failed allocation falls back to a smaller table rather
    /// than aborting (see `fallback_entries`).
    pub fn new(bytes: usize) -> TransTable {
        let n = (bytes / Self::ENTRY_BYTES).max(1);
        TransTable {
            entries: fallback_entries(n, zeroed_entries),
            age: AtomicU8::new(0),
            asked: bytes,
        }
    }

    /// Bytes used by the entries.
    pub fn bytes(&self) -> usize {
        self.entries.len() * Self::ENTRY_BYTES
    }

    /// Makes the table `bytes` bytes (emptied), unless that size was already asked for.
    /// The old entries are freed before the new ones are allocated, so the two never
    /// hold memory at the same time.
    pub fn resize(&mut self, bytes: usize) {
        if bytes != self.asked {
            self.entries = Vec::new();
            *self = TransTable::new(bytes);
        }
    }

    /// Empties the table. A fresh zeroed allocation replaces the old one, which is
    /// faster than writing every entry and leaves untouched pages unmapped.
    pub fn clear(&mut self) {
        let n = self.entries.len();
        let asked = self.asked;
        self.entries = Vec::new();
        self.entries = fallback_entries(n, zeroed_entries);
        *self.age.get_mut() = 0;
        self.asked = asked;
    }

    /// How full the table is, in permille: the share of the first 1000 entries that
    /// hold a result from any search since the last clear. (Sampling the first entries,
    /// not entries spread over the table, keeps this from faulting in untouched pages:
    /// spread samples cost 9 ms on a fresh 270 MB table.)
    pub fn hashfull(&self) -> usize {
        let samples = self.entries.len().min(1000);
        let used = self.entries[..samples]
            .iter()
            .filter(|e| e.load().bound != 0)
            .count();
        used * 1000 / samples
    }

    /// Marks the start of a new search (older entries become cheaper to replace).
    pub fn new_search(&mut self) {
        let age = self.age.get_mut();
        *age = age.wrapping_add(1);
    }

    /// The slot of `hash`: its high bits (the product's top word) ...
    #[inline]
    fn slot(&self, hash: u64) -> usize {
        ((hash as u128 * self.entries.len() as u128) >> 64) as usize
    }

    /// ... and the bits an entry keeps to tell its position from the others of its
    /// slot: the low 32, which the slot does not depend on (the high ones are nearly
    /// the same for every key of a slot).
    #[inline]
    fn check(hash: u64) -> u32 {
        hash as u32
    }

    /// Asks the CPU to bring `hash`'s entry into the cache ahead of a probe: a table
    /// far larger than the cache misses on almost every probe.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let e: *const Slot = &self.entries[self.slot(hash)];
            // SAFETY: prefetching is only a hint; it reads nothing and cannot fault.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    e as *const i8,
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// Looks up `hash`.
    #[inline]
    pub fn probe(&self, hash: u64, ply: usize) -> Option<Hit> {
        let e = self.entries[self.slot(hash)].load();
        (e.check == Self::check(hash) && e.bound != 0).then(|| Hit {
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
    pub fn store(&self, hash: u64, ply: usize, mv: u16, score: Score, depth: i32, bound: Bound) {
        let age = self.age.load(Relaxed);
        let slot = &self.entries[self.slot(hash)];
        let e = slot.load();
        let check = Self::check(hash);
        let same = e.check == check;
        if !same && e.age == age && e.depth as i32 > depth + 2 && bound != Bound::Exact {
            return;
        }
        let mv = if mv == u16::MAX && same { e.mv } else { mv };
        slot.save(Entry {
            check,
            mv,
            score: to_tt(score, ply),
            depth: depth.clamp(-100, 120) as i8,
            bound: bound as u8,
            age,
        });
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

    /// An allocator that fails above `limit` entries, and records what it was asked.
    fn limited(
        limit: usize,
        asked: &mut Vec<usize>,
    ) -> impl FnMut(usize) -> Option<Vec<Slot>> + '_ {
        move |n| {
            asked.push(n);
            (n <= limit).then(|| (0..n).map(|_| Slot::default()).collect())
        }
    }

    #[test]
    fn a_failed_allocation_falls_back_to_half_the_largest_that_fits() {
        let mut asked = Vec::new();
        assert_eq!(fallback_entries(800, limited(1000, &mut asked)).len(), 800);
        assert_eq!(asked, [800], "no failure: exactly the size asked for");

        let mut asked = Vec::new();
        let got = fallback_entries(1 << 20, limited(1000, &mut asked)).len();
        // 512 entries is the largest power-of-two share that fits; half of it is kept.
        assert_eq!(got, 256);
        assert_eq!(asked.iter().filter(|&&n| n > 1000).count(), 11);
        assert_eq!(&asked[asked.len() - 2..], [512, 256]);

        let mut asked = Vec::new();
        let got = fallback_entries(1 << 20, limited(0, &mut asked)).len();
        assert_eq!(
            got, 1,
            "nothing fits: one entry from the ordinary allocator"
        );
        assert_eq!(asked.last(), Some(&1));
    }

    #[test]
    fn an_absurd_size_gives_a_smaller_working_table() {
        // 1 PiB: more than the address space of any 64-bit machine we run on.
        let asked = 1usize << 50;
        let t = TransTable::new(asked);
        println!("asked for {asked} bytes, got {} bytes", t.bytes());
        assert!(t.bytes() < asked && t.bytes() >= TransTable::ENTRY_BYTES);
        // The table works over its whole range (only a few pages get touched).
        let keys: Vec<u64> = (0..64u64)
            .map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
            .collect();
        for (i, &h) in keys.iter().enumerate() {
            t.store(h, 0, i as u16, i as Score, 3, Bound::Lower);
        }
        let found = keys.iter().filter(|&&h| t.probe(h, 0).is_some()).count();
        assert!(found >= keys.len().min(t.bytes() / TransTable::ENTRY_BYTES) / 2);
    }

    /// Random keys, none equal, sharing a table: a probe must find only its own key.
    /// The check bits must not be the bits that chose the slot, which the keys of one
    /// slot share: taken from the top 32 bits, they told apart only about 2^32 / 2^22.4
    /// ~ 780 keys per slot of this 64 MB table (5.6M slots), and 803 of these million
    /// probes hit another position's entry.
    #[test]
    fn a_probe_finds_no_other_position() {
        let t = TransTable::new(64 << 20);
        // Keys as random as the board's (the same generator).
        let mut rng = crate::types::Rng(1);
        let mut next = || rng.next_u64();
        let slots = t.bytes() / TransTable::ENTRY_BYTES;
        for _ in 0..slots {
            t.store(next(), 0, 1, 0, 1, Bound::Exact);
        }
        let false_hits = (0..1_000_000)
            .filter(|_| t.probe(next(), 0).is_some())
            .count();
        assert_eq!(false_hits, 0);
    }

    /// Where Linux lends transparent huge pages on request (THP `madvise` mode), a
    /// written table is backed by them. (In `always` mode any table is, and in `never`
    /// mode none can be: nothing to check.)
    #[cfg(target_os = "linux")]
    #[test]
    fn a_written_table_gets_huge_pages_where_asked_for() {
        let mode = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled");
        if !mode.is_ok_and(|m| m.contains("[madvise]")) {
            return;
        }
        let huge_kb = || {
            let smaps = std::fs::read_to_string("/proc/self/smaps_rollup").unwrap_or_default();
            smaps
                .lines()
                .find_map(|l| l.strip_prefix("AnonHugePages:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
                .unwrap_or(0)
        };
        let t = TransTable::new(64 << 20);
        for k in 0..200_000u64 {
            t.store(
                k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                0,
                1,
                0,
                1,
                Bound::Exact,
            );
        }
        assert!(huge_kb() >= 2048, "{} kB in huge pages", huge_kb());
    }

    /// Threads storing and probing the same slots at once: a probe finds its own key's
    /// entry whole or nothing, never an entry torn between two writers (its payload
    /// here is a function of its key). Without the XOR in the check, torn entries pass.
    #[test]
    fn racing_threads_never_read_a_torn_entry() {
        let t = TransTable::new(64 * TransTable::ENTRY_BYTES);
        let payload = |k: u64| ((k >> 20) as u16, (k >> 40) as i16 % 1000, (k % 50) as i32);
        let torn = std::sync::atomic::AtomicUsize::new(0);
        let hits = std::sync::atomic::AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for seed in 1..=4u64 {
                let (t, torn, hits) = (&t, &torn, &hits);
                scope.spawn(move || {
                    let mut rng = crate::types::Rng(seed);
                    for _ in 0..300_000 {
                        let k = rng.next_u64() % 512 * 0x9E37_79B9_7F4A_7C15;
                        let (mv, score, depth) = payload(k);
                        t.store(k, 0, mv, score as Score, depth, Bound::Lower);
                        let k = rng.next_u64() % 512 * 0x9E37_79B9_7F4A_7C15;
                        if let Some(h) = t.probe(k, 0) {
                            hits.fetch_add(1, Relaxed);
                            let (mv, score, depth) = payload(k);
                            if (h.mv, h.score, h.depth) != (mv, score as Score, depth) {
                                torn.fetch_add(1, Relaxed);
                            }
                        }
                    }
                });
            }
        });
        println!("{} hits", hits.load(Relaxed));
        assert!(hits.load(Relaxed) > 1000);
        assert_eq!(torn.load(Relaxed), 0);
    }

    #[test]
    fn resize_and_hashfull() {
        let mut t = TransTable::new(1 << 20);
        assert_eq!(t.hashfull(), 0);
        for k in 0..100_000u64 {
            t.store(
                k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                0,
                1,
                0,
                1,
                Bound::Exact,
            );
        }
        let full = t.hashfull();
        assert!(full > 900, "{full}");
        // The same size again keeps the entries; another size empties the table.
        t.resize(1 << 20);
        assert_eq!(t.hashfull(), full);
        let whole = |bytes: usize| bytes / TransTable::ENTRY_BYTES * TransTable::ENTRY_BYTES;
        t.resize(1 << 18);
        assert_eq!((t.bytes(), t.hashfull()), (whole(1 << 18), 0));
        t.resize(1 << 21);
        assert_eq!(t.bytes(), whole(1 << 21));
        t.store(7 << 40, 0, 1, 0, 1, Bound::Exact);
        t.clear();
        assert_eq!((t.bytes(), t.hashfull()), (whole(1 << 21), 0));
    }
}
