//! Line keys of the codebook network, as the trainer defines them
//! (`trainer/features.py`): per cell and direction, the cell's own state and the two
//! sides of its line, read nearest first up to four cells or the first wall, as an
//! unordered pair, all seen from one colour.
//!
//! The engine keeps each cell's line in absolute colours as a *raw* key, 2 bits a cell
//! (0 empty, 1 black, 2 white, 3 wall): the cell at offset `m` in slot [`slot`]`(m)`
//! and the centre at [`CENTRE_SHIFT`]. A stone changes one slot of each raw key it
//! reaches, and one table look-up per colour turns a raw key into the codebook row.

use std::sync::OnceLock;

/// Cells read on each side of the centre.
pub const REACH: isize = 4;
/// Codes of one side: sequences of 0 to 4 cells, each empty, own or opponent.
const SIDE_CODES: usize = 121;
/// Unordered pairs of side codes.
const PAIRS: usize = SIDE_CODES * (SIDE_CODES + 1) / 2;
/// Codebook rows: centre state (empty, own, opponent) times side pairs.
pub const KEYS: usize = 3 * PAIRS;
/// Bit position of the centre's state in a raw key.
pub const CENTRE_SHIFT: u32 = 16;
/// Raw keys: eight side slots and the centre.
const RAW_KEYS: usize = 1 << 18;
/// The table's entry for a wall centre, which has no row.
pub const NO_KEY: u16 = u16::MAX;

/// The slot of the cell at offset `m` (`-4..=4`, not 0) from the centre.
#[inline(always)]
pub fn slot(m: isize) -> u32 {
    debug_assert!(m != 0 && m.abs() <= REACH);
    (if m < 0 { m + 4 } else { m + 3 }) as u32
}

/// The codebook row of every raw key, seen by black (`[0]`) and by white (`[1]`).
pub fn key_table() -> &'static [Vec<u16>; 2] {
    static TABLE: OnceLock<[Vec<u16>; 2]> = OnceLock::new();
    TABLE.get_or_init(|| [0, 1].map(|view| (0..RAW_KEYS as u32).map(|r| row(r, view)).collect()))
}

/// A cell's state seen by colour `view` (0 black, 1 white): 1 own, 2 opponent.
fn seen(state: u32, view: u32) -> u32 {
    match state {
        1 | 2 if view == 1 => 3 - state,
        s => s,
    }
}

/// The code of one side, its states nearest first.
fn side_code(states: [u32; 4], view: u32) -> usize {
    let (mut len, mut value, mut place) = (0u32, 0usize, 1usize);
    for s in states {
        if s == 3 {
            break;
        }
        value += seen(s, view) as usize * place;
        place *= 3;
        len += 1;
    }
    (3usize.pow(len) - 1) / 2 + value
}

/// The codebook row of raw key `raw` seen by `view`.
fn row(raw: u32, view: u32) -> u16 {
    let centre = (raw >> CENTRE_SHIFT) & 3;
    if centre == 3 {
        return NO_KEY;
    }
    let at = |m: isize| (raw >> (2 * slot(m))) & 3;
    let a = side_code([-1, -2, -3, -4].map(at), view);
    let b = side_code([1, 2, 3, 4].map(at), view);
    let (lo, hi) = (a.min(b), a.max(b));
    let pair = lo * SIDE_CODES - lo * lo.saturating_sub(1) / 2 + (hi - lo);
    // lo * (lo - 1) / 2 with lo = 0 is 0, as saturating_sub gives.
    (seen(centre, view) as usize * PAIRS + pair) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A raw key from a picture of the line (`.` empty, `x` black, `o` white, `#` wall),
    /// nine cells with the centre in the middle.
    fn raw(line: &str) -> u32 {
        let code = |c: u8| match c {
            b'.' => 0,
            b'x' => 1,
            b'o' => 2,
            _ => 3,
        };
        let b = line.as_bytes();
        let mut r = code(b[4]) << CENTRE_SHIFT;
        for m in [-4isize, -3, -2, -1, 1, 2, 3, 4] {
            r |= code(b[(4 + m) as usize]) << (2 * slot(m));
        }
        r
    }

    #[test]
    fn keys_match_the_trainers_definition() {
        let t = key_table();
        // Numbers from trainer/features.py on the same lines.
        assert_eq!(t[0][raw("####.....") as usize], 40);
        assert_eq!(t[0][raw("....x....") as usize], PAIRS as u16 + 4060);
        assert_eq!(t[1][raw("....x....") as usize], 2 * PAIRS as u16 + 4060);
        assert_eq!(t[0][raw(".....xo..") as usize], 4067);
        assert_eq!(t[1][raw(".........") as usize], 4060);
    }

    #[test]
    fn a_line_read_backwards_has_the_same_row() {
        let t = key_table();
        for line in ["..xo.x#..", "#xx.o..ox", "....o.xx#", "ox.x.x.ox"] {
            let back: String = line.chars().rev().collect();
            for tv in t {
                assert_eq!(tv[raw(line) as usize], tv[raw(&back) as usize]);
            }
        }
    }

    #[test]
    fn swapping_colours_swaps_the_views() {
        let t = key_table();
        let swap = |s: &str| s.replace('x', "O").replace('o', "x").replace('O', "o");
        for line in ["..xo.x#..", "#xx.o..ox", "....o.xx#"] {
            assert_eq!(t[0][raw(line) as usize], t[1][raw(&swap(line)) as usize]);
        }
    }

    #[test]
    fn cells_past_a_wall_do_not_count_and_every_row_is_in_range() {
        let t = key_table();
        assert_eq!(
            t[0][raw("x#..o.#ox") as usize],
            t[0][raw("##..o.###") as usize]
        );
        assert!(t
            .iter()
            .flatten()
            .all(|&k| k == NO_KEY || (k as usize) < KEYS));
        assert_eq!(t[0][raw("...x#....") as usize], NO_KEY);
    }
}
