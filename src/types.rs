//! Basic domain types: colours, rules, board coordinates and score helpers, and the
//! seedable random generator that the board's keys, the opening tools and tests share.

/// A player colour. Black always moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    /// The other colour.
    #[inline]
    pub fn opp(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for black, 1 for white (for indexing per-colour arrays).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The game rule, as selected by `INFO rule`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Rule 0: five or more in a row wins.
    Freestyle,
    /// Rule 1: exactly five wins; an overline wins for nobody.
    Standard,
    /// Rule 4: black wins only with exactly five and may not play a double-three,
    /// double-four or overline; white wins with five or more.
    Renju,
    /// Rule 8: six or more wins; exactly five wins unless both ends are blocked by
    /// opponent stones (the board edge does not block).
    Caro,
    /// Rule 9: exactly five wins unless both ends are blocked by opponent stones;
    /// an overline does not win.
    CaroStandard,
}

impl Rule {
    /// Decodes the `INFO rule` bit mask. Bit 1 = exactly five, bit 2 = continuous game
    /// (ignored), bit 4 = renju, bit 8 = caro. The lone value 2 is Yixin-Board's code for
    /// renju (Rapfi maps it the same way), since Gomocup never sends it.
    pub fn from_info(v: i64) -> Rule {
        if v == 2 {
            return Rule::Renju;
        }
        let exact = v & 1 != 0;
        if v & 4 != 0 {
            Rule::Renju
        } else if v & 8 != 0 {
            if exact {
                Rule::CaroStandard
            } else {
                Rule::Caro
            }
        } else if exact {
            Rule::Standard
        } else {
            Rule::Freestyle
        }
    }

    /// The canonical `INFO rule` value of this rule.
    pub fn code(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
            Rule::Caro => 8,
            Rule::CaroStandard => 9,
        }
    }

    /// A short lowercase name.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
            Rule::CaroStandard => "caro-standard",
        }
    }

    /// Every rule, in `code` order.
    pub const ALL: [Rule; 5] = [
        Rule::Freestyle,
        Rule::Standard,
        Rule::Renju,
        Rule::Caro,
        Rule::CaroStandard,
    ];
}

/// A point in protocol coordinates: x is the column, y the row, both 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    pub x: u8,
    pub y: u8,
}

impl Pos {
    /// Builds a position from column and row.
    pub const fn new(x: u8, y: u8) -> Pos {
        Pos { x, y }
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Smallest board side supported.
pub const MIN_SIZE: usize = 5;
/// Largest board side supported.
pub const MAX_SIZE: usize = 32;

/// Search scores are centi-stone-ish integers; mate scores live near `WIN`.
pub type Score = i32;
/// The score of a win on the board right now (a five).
pub const WIN: Score = 30000;
/// Any score at or above this magnitude is a proven win or loss.
pub const WIN_MIN: Score = WIN - 1000;
/// A score larger than any real one.
pub const INFINITY: Score = 32000;

/// Score of a win `ply` plies from the root.
#[inline]
pub fn win_in(ply: usize) -> Score {
    WIN - ply as Score
}

/// Score of a loss `ply` plies from the root.
#[inline]
pub fn loss_in(ply: usize) -> Score {
    -WIN + ply as Score
}

/// True if the score is a proven win or loss.
#[inline]
pub fn is_mate(s: Score) -> bool {
    s.abs() >= WIN_MIN
}

/// xorshift64: the tests' generator of reproducible random games (their expected
/// counts were measured on its sequences). The seed must not be 0.
#[derive(Clone, Debug)]
pub struct XorShift(pub u64);

impl XorShift {
    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// splitmix64: a small, good, seedable generator (the board's Zobrist keys, the
/// opening generator and shuffle, tests).
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// Shuffles a slice (Fisher-Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            v.swap(i, j);
        }
    }
}
