//! Line patterns: what a stone placed on an empty point makes along one line.
//!
//! A point's neighbourhood on one line is encoded as a *key*: the 5 cells on each side,
//! 2 bits a cell (0 empty, 1 black, 2 white, 3 wall or off-board), 20 bits in all.
//! Slot `s` holds the cell at offset `k`, where `s = k + 5` for `k < 0` and `s = k + 4`
//! for `k > 0`. Tables built once per win condition map a key to the [`Pattern`] that
//! black makes by playing the centre; white reads the same table through [`swap_colors`].

use std::sync::OnceLock;

/// Half the width of the window read on each side of a point.
pub const HALF: usize = 5;
/// Number of bits of a line key.
pub const KEY_BITS: u32 = 4 * HALF as u32;

/// What one line makes for the player who puts a stone on the centre, ranked so that
/// `p >= Pattern::B4` reads as "at least a four". Pictures: `X` the stone played,
/// `x` own stones, `o` opponent, `.` empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// No five can ever be made through the centre on this line.
    #[default]
    Dead = 0,
    /// The move makes an overline that does not win (exact-five rules): `xxXxxx`.
    Overline,
    /// One stone, room for a five on one side only.
    B1,
    /// One stone, room on both sides.
    F1,
    /// A two that can become a blocked three.
    B2,
    /// A two that can become an open three: `..xX..`.
    F2,
    /// A three that can become a four but not an open four: `oxxX..`.
    B3,
    /// An open three: one more stone makes an open four: `..xxX..`.
    F3,
    /// A four: one point makes five: `oxxxX.`, `xx.Xx`.
    B4,
    /// An open four: two five points, the opponent cannot block both: `.xxxX.`.
    F4,
    /// A five (a win under the rule).
    F5,
}

impl Pattern {
    /// Every pattern, in rank order.
    pub const ALL: [Pattern; 11] = [
        Pattern::Dead,
        Pattern::Overline,
        Pattern::B1,
        Pattern::F1,
        Pattern::B2,
        Pattern::F2,
        Pattern::B3,
        Pattern::F3,
        Pattern::B4,
        Pattern::F4,
        Pattern::F5,
    ];

    #[inline]
    fn from_u8(v: u8) -> Pattern {
        Pattern::ALL[v as usize]
    }
}

/// What counts as a five for one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FiveRule {
    /// Five or more in a row (freestyle; renju white).
    AtLeast,
    /// Exactly five (standard; renju black).
    Exact,
    /// Caro (rule 8): six or more, or exactly five not blocked at both ends by the
    /// opponent (a wall or the edge does not block).
    CaroAtLeast,
    /// Standard caro (rule 9): exactly five, not blocked at both ends by the opponent.
    CaroExact,
}

impl FiveRule {
    /// True if a run of `len` own stones with the given end cells is a five.
    /// `len` counts only the cells inside the window; a run touching the window's edge
    /// is at least 6 long, which is all any rule needs to know.
    #[inline]
    pub fn is_five(self, len: usize, left_end: u8, right_end: u8) -> bool {
        let blocked = left_end == OPP && right_end == OPP;
        match self {
            FiveRule::AtLeast => len >= 5,
            FiveRule::Exact => len == 5,
            FiveRule::CaroAtLeast => len >= 6 || (len == 5 && !blocked),
            FiveRule::CaroExact => len == 5 && !blocked,
        }
    }

    /// True if an overline wins under this rule.
    pub fn overline_wins(self) -> bool {
        matches!(self, FiveRule::AtLeast | FiveRule::CaroAtLeast)
    }
}

const EMPTY: u8 = 0;
const OWN: u8 = 1;
const OPP: u8 = 2;

/// Swaps black and white in a key (empty and wall stay), so white can read black's table.
#[inline]
pub fn swap_colors(key: u32) -> u32 {
    let diff = (key ^ (key >> 1)) & 0x5_5555;
    key ^ (diff | (diff << 1))
}

/// The window as 11 cells, centre at index 5 holding the stone just played.
type Line = [u8; 2 * HALF + 1];

fn line_of(key: u32) -> Line {
    let mut l = [0u8; 2 * HALF + 1];
    for s in 0..2 * HALF {
        let idx = if s < HALF { s } else { s + 1 };
        l[idx] = ((key >> (2 * s)) & 3) as u8;
    }
    l[HALF] = OWN;
    l
}

fn key_of(l: &Line) -> u32 {
    let mut k = 0u32;
    for s in 0..2 * HALF {
        let idx = if s < HALF { s } else { s + 1 };
        k |= (l[idx] as u32) << (2 * s);
    }
    k
}

/// Length of the own run through the centre and the cells just past its ends.
fn run(l: &Line) -> (usize, u8, u8) {
    let (mut a, mut b) = (HALF, HALF);
    while a > 0 && l[a - 1] == OWN {
        a -= 1;
    }
    while b < 2 * HALF && l[b + 1] == OWN {
        b += 1;
    }
    let left = if a > 0 { l[a - 1] } else { 3 };
    let right = if b < 2 * HALF { l[b + 1] } else { 3 };
    (b - a + 1, left, right)
}

fn five(rule: FiveRule, l: &Line) -> bool {
    let (len, le, re) = run(l);
    rule.is_five(len, le, re)
}

/// Empty points within 4 of the centre where one more own stone makes a five.
fn five_points(rule: FiveRule, l: &Line) -> Vec<usize> {
    let mut out = Vec::new();
    for e in 1..2 * HALF {
        if l[e] == EMPTY {
            let mut m = *l;
            m[e] = OWN;
            if five(rule, &m) {
                out.push(e);
            }
        }
    }
    out
}

fn classify(rule: FiveRule, key: u32, memo: &mut [u8]) -> Pattern {
    if memo[key as usize] != u8::MAX {
        return Pattern::from_u8(memo[key as usize]);
    }
    let l = line_of(key);
    let p = classify_line(rule, &l, memo);
    memo[key as usize] = p as u8;
    p
}

fn classify_line(rule: FiveRule, l: &Line, memo: &mut [u8]) -> Pattern {
    if five(rule, l) {
        return Pattern::F5;
    }
    if run(l).0 >= 6 {
        return Pattern::Overline;
    }
    let fp = five_points(rule, l);
    if !fp.is_empty() {
        // An open four: wherever in the window the opponent plays, a five point still
        // makes five. Under caro a stone just past a five can kill it too, so every empty
        // cell is tried, not only the five points.
        let open = fp.len() >= 2
            && (0..=2 * HALF).filter(|&x| l[x] == EMPTY).all(|blk| {
                fp.iter().any(|&e| {
                    e != blk && {
                        let mut m = *l;
                        m[blk] = OPP;
                        m[e] = OWN;
                        five(rule, &m)
                    }
                })
            });
        return if open { Pattern::F4 } else { Pattern::B4 };
    }
    let mut best = Pattern::Dead;
    for e in 1..2 * HALF {
        if e == HALF || l[e] != EMPTY {
            continue;
        }
        let mut m = *l;
        m[e] = OWN;
        let sub = classify(rule, key_of(&m), memo);
        let up = match sub {
            Pattern::F4 => Pattern::F3,
            Pattern::B4 => Pattern::B3,
            Pattern::F3 => Pattern::F2,
            Pattern::B3 => Pattern::B2,
            Pattern::F2 => Pattern::F1,
            Pattern::B2 | Pattern::F1 | Pattern::B1 => Pattern::B1,
            _ => Pattern::Dead,
        };
        best = best.max(up);
    }
    best
}

/// A built table: black's pattern for every key under one win condition, stored as
/// the patterns of the canonical keys only (see `canonical_half`); a key is read
/// through the numbers of its two halves' canonical forms.
pub struct PatternTable {
    rule: FiveRule,
    /// Pattern of (left canonical number, right canonical number), row-major.
    dense: Vec<u8>,
    /// Number of distinct canonical right halves (the row length of `dense`).
    rights: usize,
    /// Each half key's canonical number, as a left and as a right half.
    left_of: Vec<u8>,
    right_of: Vec<u8>,
}

/// Bits of one half of a key (the cells on one side of the centre).
const HALF_BITS: u32 = KEY_BITS / 2;

/// The half of a key on one side of the centre with every cell past the first blocker
/// (an opponent stone or a wall, counted from the centre) made a wall. Such cells never
/// take part in a five through the centre, nor touch its ends, so a key and its
/// canonical form have the same pattern under every rule. `outward_low` says in which
/// direction the 5 slots (2 bits each) lead away from the centre: towards slot 0 (the
/// left half) or towards slot 4 (the right half).
fn canonical_half(half: u32, outward_low: bool) -> u32 {
    let mut out = 0u32;
    let mut blocked = false;
    for i in 0..HALF as u32 {
        let slot = if outward_low { HALF as u32 - 1 - i } else { i };
        let cell = (half >> (2 * slot)) & 3;
        let v = if blocked { 3 } else { cell };
        blocked |= cell >= OPP as u32;
        out |= v << (2 * slot);
    }
    out
}

/// Numbers the canonical forms of the half keys on one side: every half key's number,
/// and the canonical forms in number order (94 of them).
fn number_halves(outward_low: bool) -> (Vec<u8>, Vec<u32>) {
    let mut forms: Vec<u32> = Vec::new();
    let numbers = (0..1u32 << HALF_BITS)
        .map(|h| {
            let c = canonical_half(h, outward_low);
            let n = forms.iter().position(|&f| f == c).unwrap_or_else(|| {
                forms.push(c);
                forms.len() - 1
            });
            n as u8
        })
        .collect();
    (numbers, forms)
}

impl PatternTable {
    /// Classifies only the canonical keys (94 x 94 = 8836 of the 2^20), so a table
    /// takes a millisecond or so and a new process answers its first move under any
    /// rule at once.
    fn build(rule: FiveRule) -> PatternTable {
        let (left_of, lefts) = number_halves(true);
        let (right_of, rights) = number_halves(false);
        let mut memo = vec![u8::MAX; 1 << KEY_BITS];
        let mut dense = Vec::with_capacity(lefts.len() * rights.len());
        for &l in &lefts {
            for &r in &rights {
                dense.push(classify(rule, l | r << HALF_BITS, &mut memo) as u8);
            }
        }
        PatternTable {
            rule,
            dense,
            rights: rights.len(),
            left_of,
            right_of,
        }
    }

    /// Both colours' patterns for every key, black's under `black` and white's under
    /// `white`, in the compact form the board reads (see [`PairLookup`]).
    pub fn pair_lookup(black: FiveRule, white: FiveRule) -> PairLookup {
        let (tb, tw) = (PatternTable::get(black), PatternTable::get(white));
        let half = 1u32 << HALF_BITS;
        // White reads its table with the colours swapped, which swaps each half.
        let mut left = Box::new([0u32; 1 << HALF_BITS]);
        let mut right = Box::new([0u32; 1 << HALF_BITS]);
        for h in 0..half {
            let b = tb.left_of[h as usize] as usize * tb.rights;
            let w = tw.left_of[swap_colors(h) as usize] as usize * tw.rights;
            left[h as usize] = (b | w << 16) as u32;
            let b = tb.right_of[h as usize] as u32;
            let w = tw.right_of[swap_colors(h) as usize] as u32;
            right[h as usize] = b | w << 16;
        }
        let dense = |t: &PatternTable| {
            assert!(t.dense.len() <= DENSE_CAP, "dense pattern table too large");
            let mut d = Box::new([Pattern::default(); DENSE_CAP]);
            for (x, &v) in d.iter_mut().zip(&t.dense) {
                *x = Pattern::from_u8(v);
            }
            d
        };
        let mut t = PairLookup {
            left,
            right,
            black: dense(tb),
            white: dense(tw),
            far_matters: [false; 4],
        };
        for v in 1..4 {
            t.far_matters[v] = far_stone_matters(black, white, v as u8);
        }
        t
    }

    /// The shared table for `rule`, built on first use.
    pub fn get(rule: FiveRule) -> &'static PatternTable {
        static TABLES: [OnceLock<PatternTable>; 4] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        let i = match rule {
            FiveRule::AtLeast => 0,
            FiveRule::Exact => 1,
            FiveRule::CaroAtLeast => 2,
            FiveRule::CaroExact => 3,
        };
        TABLES[i].get_or_init(|| PatternTable::build(rule))
    }

    /// The win condition this table was built for.
    pub fn rule(&self) -> FiveRule {
        self.rule
    }

    /// Black's pattern for playing the centre of `key`.
    #[inline]
    pub fn black(&self, key: u32) -> Pattern {
        let l = self.left_of[(key & ((1 << HALF_BITS) - 1)) as usize] as usize;
        let r = self.right_of[(key >> HALF_BITS) as usize] as usize;
        Pattern::from_u8(self.dense[l * self.rights + r])
    }

    /// White's pattern for playing the centre of `key`.
    #[inline]
    pub fn white(&self, key: u32) -> Pattern {
        self.black(swap_colors(key))
    }
}

/// Both colours' pattern for every line key in about 26 KB, so it stays in cache:
/// each half of the key is mapped to both colours' canonical numbers (premultiplied
/// by the row length for the left half), which index the two dense tables. A flat
/// table of all 2^20 keys is 1 MB; a sampling profile put 13% of the search on the
/// load from it.
///
/// The tables are fixed-size arrays indexed by masked numbers, so the lookup, which
/// runs for every cell a move reaches, needs no bounds checks.
pub struct PairLookup {
    /// Per left half key: black's row offset (low 16 bits), white's (high 16 bits).
    left: Box<[u32; 1 << HALF_BITS]>,
    /// Per right half key: black's column (low 16 bits), white's (high 16 bits).
    right: Box<[u32; 1 << HALF_BITS]>,
    black: Box<[Pattern; DENSE_CAP]>,
    white: Box<[Pattern; DENSE_CAP]>,
    /// Per cell value (black, white, wall at 1, 2, 3): whether that value at distance
    /// [`HALF`] can change either colour's pattern (see [`PairLookup::far_matters`]).
    far_matters: [bool; 4],
}

/// Borrowed [`PairLookup`] tables (see [`PairLookup::view`]).
#[derive(Clone, Copy)]
pub struct PairView<'a> {
    left: &'a [u32; 1 << HALF_BITS],
    right: &'a [u32; 1 << HALF_BITS],
    black: &'a [Pattern; DENSE_CAP],
    white: &'a [Pattern; DENSE_CAP],
}

impl PairView<'_> {
    /// Black's and white's pattern for playing the centre of `key`.
    #[inline]
    pub fn get(&self, key: u32) -> (Pattern, Pattern) {
        let l = self.left[(key & ((1 << HALF_BITS) - 1)) as usize];
        let r = self.right[((key >> HALF_BITS) & ((1 << HALF_BITS) - 1)) as usize];
        let b = self.black[((l & 0xFFFF) + (r & 0xFFFF)) as usize & (DENSE_CAP - 1)];
        let w = self.white[((l >> 16) + (r >> 16)) as usize & (DENSE_CAP - 1)];
        (b, w)
    }
}

/// Room for the dense tables (a power of two above the largest, 94 x 94).
const DENSE_CAP: usize = 1 << 14;

impl PairLookup {
    /// Black's and white's pattern for playing the centre of `key`.
    #[inline]
    pub fn get(&self, key: u32) -> (Pattern, Pattern) {
        self.view().get(key)
    }

    /// The four tables' addresses, for a loop that looks up many keys (the compiler
    /// then keeps them in registers instead of reading them through `self` again after
    /// every store the loop makes).
    #[inline]
    pub fn view(&self) -> PairView<'_> {
        PairView {
            left: &self.left,
            right: &self.right,
            black: &self.black,
            white: &self.white,
        }
    }

    /// True if putting `v` (1 black, 2 white, 3 wall) on an empty cell at distance
    /// [`HALF`] from the centre can change either colour's pattern. Under freestyle
    /// nothing beyond distance 4 counts, and under exactly-five only an own stone
    /// there does (it would make an overline), so a move need not refresh the cells
    /// that far away; the board reads this to skip them.
    #[inline]
    pub fn far_matters(&self, v: u8) -> bool {
        self.far_matters[v as usize & 3]
    }

    /// [`PairLookup::far_matters`] read from the tables (the check of
    /// [`far_stone_matters`]): every key whose outermost cell on either side is
    /// empty, against the same key with `v` there.
    #[cfg(test)]
    fn far_cell_matters(&self, v: u32) -> bool {
        let far = [0, 2 * (2 * HALF as u32 - 1)];
        (0..1u32 << KEY_BITS).any(|key| {
            far.iter()
                .any(|&shift| key >> shift & 3 == 0 && self.get(key) != self.get(key | v << shift))
        })
    }
}

/// Whether `v` (1 black, 2 white, 3 wall) on a cell at distance [`HALF`] can change
/// either colour's pattern when black wins by `black` and white by `white`. A five
/// through the centre lies within distance 4, so the cell at distance 5 can only decide
/// whether the run is longer (an own stone: matters under exactly-five, and under caro,
/// where six wins even when both ends are blocked) or whether an end is blocked (an
/// opponent stone: matters under caro). A wall is neither.
fn far_stone_matters(black: FiveRule, white: FiveRule, v: u8) -> bool {
    [(black, 1), (white, 2)]
        .iter()
        .any(|&(rule, own)| match rule {
            FiveRule::AtLeast => false,
            FiveRule::Exact => v == own,
            FiveRule::CaroAtLeast | FiveRule::CaroExact => v == 1 || v == 2,
        })
}

/// Builds a key from a picture such as `"..xx_X_.o"`... used by tests: the string lists
/// cells from offset -5 to +5 with the centre marked `X`; `x` own (black), `o` white,
/// `.` or `_` empty, `#` wall. Missing cells at the ends are empty.
pub fn key_from_picture(pic: &str) -> u32 {
    let cells: Vec<char> = pic.chars().collect();
    let c = cells.iter().position(|&ch| ch == 'X').expect("centre X");
    let mut key = 0u32;
    for (i, &ch) in cells.iter().enumerate() {
        let k = i as i64 - c as i64;
        if k == 0 || k.unsigned_abs() as usize > HALF {
            continue;
        }
        let v = match ch {
            'x' => 1,
            'o' => 2,
            '#' => 3,
            _ => 0,
        };
        let s = if k < 0 {
            k + HALF as i64
        } else {
            k + HALF as i64 - 1
        } as u32;
        key |= v << (2 * s);
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pat(rule: FiveRule, pic: &str) -> Pattern {
        PatternTable::get(rule).black(key_from_picture(pic))
    }

    #[test]
    fn basic_shapes_freestyle() {
        let r = FiveRule::AtLeast;
        assert_eq!(pat(r, ".xxXx."), Pattern::F4);
        assert_eq!(pat(r, "oxxXx."), Pattern::B4);
        assert_eq!(pat(r, "xxXxx"), Pattern::F5);
        assert_eq!(pat(r, "xxXxxx"), Pattern::F5);
        assert_eq!(pat(r, "x.Xxx."), Pattern::B4);
        assert_eq!(pat(r, "...xX...."), Pattern::F2);
        assert_eq!(pat(r, "...xXx..."), Pattern::F3);
        assert_eq!(pat(r, "..oxXx..."), Pattern::B3);
        assert_eq!(pat(r, "..x.Xx..."), Pattern::F3);
        assert_eq!(pat(r, "o.x.Xx.o"), Pattern::F3, "o.xxxx.o is an open four");
        assert_eq!(pat(r, "ox.Xx.o"), Pattern::B3);
        assert_eq!(pat(r, "oxXxo"), Pattern::Dead);
        assert_eq!(pat(r, "#.X..#"), Pattern::Dead);
        assert_eq!(pat(r, "x.xXx.x"), Pattern::F4, "two fours in one line");
    }

    #[test]
    fn exact_five_and_overline() {
        let r = FiveRule::Exact;
        assert_eq!(pat(r, "xxXxx"), Pattern::F5);
        assert_eq!(pat(r, "xxXxxx"), Pattern::Overline);
        // .xxxX.x : the right five point would make six, so only one five point.
        assert_eq!(pat(r, ".xxxX.x"), Pattern::B4);
        assert_eq!(pat(FiveRule::AtLeast, ".xxxX.x"), Pattern::F4);
    }

    #[test]
    fn caro_blocked_five() {
        assert_eq!(pat(FiveRule::CaroAtLeast, "oxxXxxo"), Pattern::Dead);
        assert_eq!(pat(FiveRule::CaroAtLeast, "#xxXxx#"), Pattern::F5);
        assert_eq!(pat(FiveRule::CaroAtLeast, "xxXxxx"), Pattern::F5);
        assert_eq!(pat(FiveRule::CaroExact, "xxXxxx"), Pattern::Overline);
        // .xxX.o with o past a gap: after black fills, both ends are checked.
        assert_eq!(
            pat(FiveRule::CaroAtLeast, "o.xxXx.o"),
            Pattern::B4,
            "blocking one end leaves a dead five"
        );
        assert_eq!(pat(FiveRule::AtLeast, "o.xxXx.o"), Pattern::F4);
    }

    /// The reference: every one of the 2^20 keys classified on its own.
    fn build_every_key(rule: FiveRule) -> Vec<u8> {
        let mut memo = vec![u8::MAX; 1 << KEY_BITS];
        for key in 0..1u32 << KEY_BITS {
            classify(rule, key, &mut memo);
        }
        memo
    }

    #[test]
    fn canonical_build_equals_classifying_every_key() {
        for rule in [
            FiveRule::AtLeast,
            FiveRule::Exact,
            FiveRule::CaroAtLeast,
            FiveRule::CaroExact,
        ] {
            let fast = PatternTable::build(rule);
            let slow = build_every_key(rule);
            let diff = (0..slow.len()).find(|&k| fast.black(k as u32) as u8 != slow[k]);
            assert_eq!(diff, None, "{rule:?}: first differing key");
            assert_eq!(fast.dense.len(), 94 * 94);
        }
    }

    #[test]
    fn pair_lookup_reads_both_colours() {
        let pairs = PatternTable::pair_lookup(FiveRule::Exact, FiveRule::AtLeast);
        let (tb, tw) = (
            PatternTable::get(FiveRule::Exact),
            PatternTable::get(FiveRule::AtLeast),
        );
        for key in 0..1u32 << KEY_BITS {
            assert_eq!(pairs.get(key), (tb.black(key), tw.white(key)), "{key:#x}");
        }
        // Renju: black's six is an overline, white's six is a five.
        let six = key_from_picture("xxXxxx");
        assert_eq!(pairs.get(six).0, Pattern::Overline);
        assert_eq!(pairs.get(swap_colors(six)).1, Pattern::F5);
    }

    /// Which stones at distance [`HALF`] can matter: the rule's reading
    /// ([`far_stone_matters`], what the board uses) against every key of the tables,
    /// and against the expected answers: nothing beyond distance 4 decides a five under
    /// freestyle; under exactly-five an own stone there makes an overline; under caro
    /// an opponent stone there blocks a five's end. A wall never counts.
    #[test]
    fn far_cells_matter_only_where_the_rule_looks_that_far() {
        use FiveRule::*;
        let cases = [
            (AtLeast, AtLeast, [false, false, false]),
            (Exact, Exact, [true, true, false]),
            (Exact, AtLeast, [true, false, false]),
            (CaroAtLeast, CaroAtLeast, [true, true, false]),
            (CaroExact, CaroExact, [true, true, false]),
        ];
        for (black, white, want) in cases {
            let t = PatternTable::pair_lookup(black, white);
            let used = [1, 2, 3].map(|v| t.far_matters(v));
            let scanned = [1, 2, 3].map(|v| t.far_cell_matters(v));
            assert_eq!(used, scanned, "{black:?}/{white:?}");
            assert_eq!(used, want, "{black:?}/{white:?}");
        }
    }

    #[test]
    fn canonical_half_walls_off_cells_past_a_blocker() {
        // Left half, slots 0..4 = offsets -5..-1: "x o . x ." read outward from -1 is
        // ". x . o x": the o at -4 blocks, so -5 becomes a wall.
        let key = key_from_picture("xo.x.X");
        let canon = canonical_half(key & 0x3FF, true);
        assert_eq!(canon, key_from_picture("#o.x.X") & 0x3FF);
        // Right half: a wall right of the centre walls off everything past it.
        let key = key_from_picture("X#x.o.") >> 10;
        assert_eq!(canonical_half(key, false), key_from_picture("X#####") >> 10);
        // Nothing blocked: unchanged.
        let key = key_from_picture("X.x.xx") >> 10;
        assert_eq!(canonical_half(key, false), key);
    }

    #[test]
    fn swap_is_involution_and_maps_colors() {
        for key in [0u32, 0x1, 0x2, 0x3, 0xF_FFFF, 0x9_2461, 0x6_A5A5] {
            assert_eq!(swap_colors(swap_colors(key)), key);
        }
        assert_eq!(swap_colors(0b01), 0b10);
        assert_eq!(swap_colors(0b11), 0b11);
        assert_eq!(swap_colors(0b00), 0b00);
    }
}
