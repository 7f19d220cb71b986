//! Rules with known answers: wins under every rule, renju fouls (including ones that need
//! the recursive definition of a three), and the incremental board against a recount.

use wuzi::board::{Board, Cell};
use wuzi::types::{Color, Pos, Rule, XorShift};

fn p(x: u8, y: u8) -> Pos {
    Pos::new(x, y)
}

/// A board with the given stones (placement order: all black, then all white).
fn board(rule: Rule, black: &[(u8, u8)], white: &[(u8, u8)], to_move: Color) -> Board {
    let mut b = Board::new(15, 15, rule);
    for &(x, y) in black {
        b.place(p(x, y), Color::Black).unwrap();
    }
    for &(x, y) in white {
        b.place(p(x, y), Color::White).unwrap();
    }
    b.set_side_to_move(to_move);
    b
}

fn row(y: u8, xs: &[u8]) -> Vec<(u8, u8)> {
    xs.iter().map(|&x| (x, y)).collect()
}

/// Far-away filler stones so the stone counts look like a real game.
fn filler(n: usize) -> Vec<(u8, u8)> {
    (0..n)
        .map(|i| ((i % 5 * 3) as u8, (14 - i / 5) as u8))
        .collect()
}

#[test]
fn freestyle_five_and_overline_win() {
    let b = board(
        Rule::Freestyle,
        &row(7, &[3, 4, 5, 6, 7]),
        &filler(4),
        Color::White,
    );
    assert_eq!(b.winner(), Some(Color::Black));
    let b = board(
        Rule::Freestyle,
        &row(7, &[3, 4, 5, 6, 7, 8]),
        &filler(5),
        Color::White,
    );
    assert_eq!(b.winner(), Some(Color::Black), "six wins in freestyle");
    let b = board(
        Rule::Freestyle,
        &row(7, &[3, 4, 5, 6]),
        &filler(4),
        Color::Black,
    );
    assert_eq!(b.winner(), None);
    // Diagonals and the edge count.
    let diag: Vec<(u8, u8)> = (0..5).map(|i| (10 + i, i)).collect();
    let b = board(Rule::Freestyle, &[], &diag, Color::Black);
    assert_eq!(b.winner(), Some(Color::White));
}

#[test]
fn standard_needs_exactly_five() {
    let b = board(
        Rule::Standard,
        &row(7, &[3, 4, 5, 6, 7]),
        &filler(4),
        Color::White,
    );
    assert_eq!(b.winner(), Some(Color::Black));
    let b = board(
        Rule::Standard,
        &row(7, &[3, 4, 5, 6, 7, 8]),
        &filler(5),
        Color::White,
    );
    assert_eq!(b.winner(), None, "an overline wins for nobody");
    let b = board(
        Rule::Standard,
        &filler(5),
        &row(7, &[2, 3, 4, 5, 6, 7, 8]),
        Color::Black,
    );
    assert_eq!(b.winner(), None);
}

#[test]
fn caro_blocked_five_and_edge() {
    for rule in [Rule::Caro, Rule::CaroStandard] {
        // o x x x x x o: blocked at both ends by white: no win.
        let b = board(
            rule,
            &row(7, &[3, 4, 5, 6, 7]),
            &row(7, &[2, 8]),
            Color::White,
        );
        assert_eq!(b.winner(), None, "{rule:?}: OXXXXXO does not win");
        // Blocked at one end only: wins.
        let b = board(rule, &row(7, &[3, 4, 5, 6, 7]), &row(7, &[2]), Color::White);
        assert_eq!(b.winner(), Some(Color::Black), "{rule:?}");
        // The edge does not block: x x x x x o at the left edge wins.
        let b = board(rule, &row(7, &[0, 1, 2, 3, 4]), &row(7, &[5]), Color::White);
        assert_eq!(
            b.winner(),
            Some(Color::Black),
            "{rule:?}: the edge is not a block"
        );
    }
    let six = row(7, &[3, 4, 5, 6, 7, 8]);
    assert_eq!(
        board(Rule::Caro, &six, &filler(5), Color::White).winner(),
        Some(Color::Black)
    );
    assert_eq!(
        board(Rule::CaroStandard, &six, &filler(5), Color::White).winner(),
        None
    );
    // Under rule 8 an overline wins even when blocked at both ends.
    let b = board(Rule::Caro, &six, &row(7, &[2, 9]), Color::White);
    assert_eq!(b.winner(), Some(Color::Black));
}

#[test]
fn renju_five_rules_by_colour() {
    let six = row(7, &[3, 4, 5, 6, 7, 8]);
    assert_eq!(
        board(Rule::Renju, &six, &filler(6), Color::White).winner(),
        None,
        "black six is no win"
    );
    assert_eq!(
        board(Rule::Renju, &filler(6), &six, Color::Black).winner(),
        Some(Color::White),
        "white six wins"
    );
    let five = row(7, &[3, 4, 5, 6, 7]);
    assert_eq!(
        board(Rule::Renju, &five, &filler(4), Color::White).winner(),
        Some(Color::Black)
    );
}

#[test]
fn renju_overline_point_is_forbidden_for_black_only() {
    let b = board(
        Rule::Renju,
        &row(7, &[1, 2, 3, 5, 6]),
        &filler(5),
        Color::Black,
    );
    assert!(b.is_forbidden(p(4, 7)), "six in a row");
    assert!(!b.is_legal(p(4, 7)));
    let w = board(
        Rule::Renju,
        &filler(5),
        &row(7, &[1, 2, 3, 5, 6]),
        Color::White,
    );
    assert!(!w.is_forbidden(p(4, 7)) || w.side_to_move() == Color::White);
    assert!(w.is_legal(p(4, 7)), "white may make six");
    // Same shape under freestyle and standard: never forbidden.
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Caro] {
        let b = board(rule, &row(7, &[1, 2, 3, 5, 6]), &filler(5), Color::Black);
        assert!(!b.is_forbidden(p(4, 7)));
    }
}

#[test]
fn renju_double_four_and_double_three() {
    // Double four: row 7 x=4,5,6 and column 7 y=4,5,6 -> (7,7) makes two fours.
    let mut black = row(7, &[4, 5, 6]);
    black.extend([(7, 4), (7, 5), (7, 6)]);
    let b = board(Rule::Renju, &black, &filler(6), Color::Black);
    assert!(b.is_forbidden(p(7, 7)), "double four");
    // Two fours on one line: x . x X x . x
    let b = board(
        Rule::Renju,
        &row(7, &[3, 5, 7, 9]),
        &filler(4),
        Color::Black,
    );
    assert!(b.is_forbidden(p(6, 7)), "double four in one line");
    // Double three: row 7 x=5,6 and column 7 y=5,6 with open space.
    let mut black = row(7, &[5, 6]);
    black.extend([(7, 5), (7, 6)]);
    let b = board(Rule::Renju, &black, &filler(4), Color::Black);
    assert!(b.is_forbidden(p(7, 7)), "double three");
    // A split three counts too: row x=4,6 (+7) and column y=5,6.
    let mut black = row(7, &[4, 6]);
    black.extend([(7, 5), (7, 6)]);
    let b = board(Rule::Renju, &black, &filler(4), Color::Black);
    assert!(b.is_forbidden(p(7, 7)), "split three + three");
    // Four-three is allowed.
    let mut black = row(7, &[4, 5, 6]);
    black.extend([(7, 5), (7, 6)]);
    let b = board(Rule::Renju, &black, &filler(5), Color::Black);
    assert!(!b.is_forbidden(p(7, 7)), "four-three is legal");
    // A three blocked on one side is no three: white at (3,7) and (8,7) ... row x=5,6
    // with white at 4 makes it dead on the left; the column three alone is fine.
    let mut black = row(7, &[5, 6]);
    black.extend([(7, 5), (7, 6)]);
    let b = board(Rule::Renju, &black, &row(7, &[4, 9]), Color::Black);
    assert!(!b.is_forbidden(p(7, 7)), "blocked three does not count");
    // A five made together with a double four is a win, not a foul.
    let mut black = row(7, &[3, 4, 5, 6]);
    black.extend([(7, 4), (7, 5), (7, 6)]);
    let b = board(Rule::Renju, &black, &filler(7), Color::Black);
    assert!(!b.is_forbidden(p(7, 7)), "five wins over the foul");
}

/// The recursive definition: a three counts only if it can become a straight four by a
/// move that is itself not forbidden.
#[test]
fn renju_three_whose_four_point_is_forbidden_does_not_count() {
    // Row 7: black (5,7),(6,7); (7,7) would make a three whose straight-four points are
    // (4,7) and (8,7). Columns 4 and 8 hold black at y=4,5,6 and 8,9,10, so each of
    // those points would make a seven-stone overline: both are forbidden. Column 7:
    // black (7,5),(7,6): a real three. So (7,7) makes one real three only: legal.
    let mut black = row(7, &[5, 6]);
    black.extend([(7, 5), (7, 6)]);
    for x in [4u8, 8] {
        black.extend([(x, 4), (x, 5), (x, 6), (x, 8), (x, 9), (x, 10)]);
    }
    let white = filler(16);
    let b = board(Rule::Renju, &black, &white, Color::Black);
    assert!(b.is_forbidden(p(4, 7)) && b.is_forbidden(p(8, 7)));
    assert!(
        !b.is_forbidden(p(7, 7)),
        "the row three is not a real three"
    );
    // Control: without column 8, (8,7) is a legal straight-four point, so the row three is
    // real and (7,7) is a double three.
    let mut black = row(7, &[5, 6]);
    black.extend([(7, 5), (7, 6)]);
    black.extend([(4, 4), (4, 5), (4, 6), (4, 8), (4, 9), (4, 10)]);
    let b = board(Rule::Renju, &black, &filler(10), Color::Black);
    assert!(b.is_forbidden(p(4, 7)));
    assert!(!b.is_forbidden(p(8, 7)));
    assert!(
        b.is_forbidden(p(7, 7)),
        "one straight-four point is legal: a real double three"
    );
}

#[test]
fn walls_and_errors() {
    let mut b = Board::new(15, 15, Rule::Freestyle);
    assert!(b.place_wall(p(7, 7)).is_ok());
    assert_eq!(b.cell(p(7, 7)), Some(Cell::Wall));
    assert!(b.play(p(7, 7)).is_err());
    assert!(b.play(p(15, 0)).is_err());
    assert!(b.remove(p(3, 3)).is_err());
    // A wall breaks a line: x x # x x x is no five.
    for x in [3, 4, 6, 7, 8] {
        b.place(p(x, 3), Color::Black).unwrap();
    }
    b.place_wall(p(5, 3)).unwrap();
    assert_eq!(b.winner(), None);
    assert!(b.verify().is_ok());
}

/// Every incremental structure against a recount from scratch, over thousands of random
/// make/undo/remove steps under every rule and several board shapes.
#[test]
fn incremental_board_matches_recount() {
    let mut rng = XorShift(12345);
    let mut steps = 0;
    for (w, h) in [(15, 15), (20, 20), (5, 5), (7, 12), (32, 32)] {
        for rule in Rule::ALL {
            let mut b = Board::new(w, h, rule);
            for _ in 0..150 {
                let r = rng.below(10);
                if r < 6 || b.stone_count() == 0 {
                    // play near the centre so the lines fill up
                    let x = (w / 2 + rng.below(7)).saturating_sub(3).min(w - 1) as u8;
                    let y = (h / 2 + rng.below(7)).saturating_sub(3).min(h - 1) as u8;
                    let _ = b.play(p(x, y));
                } else if r < 8 {
                    b.undo();
                } else if r < 9 {
                    let k = rng.below(b.stone_count());
                    let q = b.history()[k].0;
                    b.remove(q).unwrap();
                } else {
                    let _ = b.place_wall(p(rng.below(w) as u8, rng.below(h) as u8));
                }
                steps += 1;
                if let Err(e) = b.verify() {
                    panic!("{rule:?} {w}x{h} after {steps} steps: {e}\n{b:?}");
                }
            }
            // A rule change on a full position rebuilds correctly too.
            b.set_rule(Rule::ALL[rng.below(5)]);
            assert!(b.verify().is_ok());
        }
    }
    assert!(steps >= 3000);
}
