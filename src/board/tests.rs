use super::threat::*;
use super::*;
use crate::eval::classical::*;
use crate::pattern::Pattern;
use crate::types::XorShift;

/// `verify` checks the board-wide threat counts against a recount, not only the
/// cells they are summed from: a count off by one is reported.
#[test]
fn verify_catches_a_wrong_threat_count() {
    let mut b = Board::new(15, 15, Rule::Freestyle);
    for (x, y) in [(7, 7), (0, 0), (8, 7), (0, 14), (9, 7)] {
        b.play(Pos::new(x, y)).unwrap();
    }
    assert!(b.verify().is_ok());
    let mut bad = b.clone();
    bad.threat_count[0][Threat::FourFour as usize] += 1;
    assert!(bad.verify().is_err_and(|e| e.starts_with("threat counts")));
    let mut bad = b.clone();
    bad.open_four_count[0] -= 1;
    assert!(bad.verify().is_err_and(|e| e.starts_with("threat counts")));
}

/// `within_reach` is the 5x5 square and the four lines out to four points, and
/// `last_move_of` finds a colour's stone among the last two placed.
#[test]
fn reach_and_last_moves() {
    let mut b = Board::new(15, 15, Rule::Freestyle);
    let at = |b: &Board, x, y| b.index(Pos::new(x, y));
    let c = at(&b, 7, 7);
    for (x, y, near) in [
        (9, 9, true),
        (5, 6, true),
        (11, 11, true),
        (3, 11, true),
        (7, 11, true),
        (3, 7, true),
        (7, 12, false),
        (12, 12, false),
        (11, 10, false),
        (10, 9, false),
        (4, 5, false),
    ] {
        let i = at(&b, x, y);
        assert_eq!(b.within_reach(c, i), near, "{x},{y}");
        assert_eq!(b.within_reach(i, c), near, "{x},{y} back");
    }
    assert_eq!(b.last_move_of(Color::Black), None);
    b.play(Pos::new(7, 7)).unwrap();
    assert_eq!(b.last_move_of(Color::Black), Some(c));
    assert_eq!(b.last_move_of(Color::White), None);
    b.play(Pos::new(8, 8)).unwrap();
    b.play(Pos::new(9, 9)).unwrap();
    assert_eq!(b.last_move_of(Color::Black), Some(at(&b, 9, 9)));
    assert_eq!(b.last_move_of(Color::White), Some(at(&b, 8, 8)));
    // Two black stones in a row (as a BOARD command may list them): white's
    // stone is too far back to count.
    b.place(Pos::new(1, 1), Color::Black).unwrap();
    assert_eq!(b.last_move_of(Color::White), None);
}

/// The threat class of four line patterns, counted from the patterns themselves.
fn threat_by_counting(p: &[Pattern; 4]) -> Threat {
    let count = |x: Pattern| p.iter().filter(|&&q| q == x).count();
    let (fives, f4, b4, f3) = (
        count(Pattern::F5),
        count(Pattern::F4),
        count(Pattern::B4),
        count(Pattern::F3),
    );
    let twos = count(Pattern::F2) + count(Pattern::B3);
    match () {
        _ if fives > 0 => Threat::Five,
        _ if f4 > 0 || b4 >= 2 => Threat::FourFour,
        _ if b4 == 1 && f3 > 0 => Threat::FourThree,
        _ if b4 == 1 => Threat::Four,
        _ if f3 >= 2 => Threat::ThreeThree,
        _ if f3 == 1 => Threat::Three,
        _ if twos > 0 => Threat::Two,
        _ => Threat::None,
    }
}

/// Under renju, black's double-three and double-four points are valued without
/// their threes and fours (they are fouls), and the census counts them apart;
/// white's cells, and black's under the other rules, keep the usual value. An open
/// four and a four-three are not fouls.
#[test]
fn black_fouls_lose_their_threat_values_under_renju() {
    let value = |b: &Board, p: Pos, c: Color| {
        let info = b.info(b.index(p), c);
        (info.value, info.code as usize, pattern_values(&info.pat))
    };
    // Black: an open three through (7,7) on the column and on the row, and a
    // four through (3,3) with a three across it; white stones far away.
    let moves = "7,5 0,0 7,6 14,0 5,7 0,14 6,7 14,14 3,0 13,13 3,1 1,13 3,2 13,1 \
                 1,3 12,12 2,3 2,12";
    for rule in Rule::ALL {
        let mut b = Board::new(15, 15, rule);
        for m in crate::bench::parse_moves(moves) {
            b.play(m).unwrap();
        }
        let (v33, code33, pv33) = value(&b, Pos::new(7, 7), Color::Black);
        assert_eq!(combo_threat(code33), Threat::ThreeThree, "{rule:?}");
        let (v43, code43, pv43) = value(&b, Pos::new(3, 3), Color::Black);
        assert_eq!(combo_threat(code43), Threat::FourThree, "{rule:?}");
        assert_eq!(
            v43,
            pv43 + combo_bonus(code43, b.combo_bonuses()),
            "{rule:?}: a four-three is legal"
        );
        let census = b.census(Color::Black);
        if rule == Rule::Renju {
            assert!(is_foul_code(code33));
            assert_eq!(v33, pv33 + foul_bonus(code33));
            assert!(v33 < pv33 - 2 * PATTERN_VALUE[Pattern::F3 as usize] + 50);
            assert_eq!(census.codes[COMBO_CODES + code33], 1);
            assert_eq!(census.codes[code33], 0);
        } else {
            assert_eq!(
                v33,
                pv33 + combo_bonus(code33, b.combo_bonuses()),
                "{rule:?}"
            );
            assert_eq!(census.codes[code33], 1, "{rule:?}");
        }
        // White always reads the plain table.
        let (vw, codew, pvw) = value(&b, Pos::new(7, 7), Color::White);
        assert_eq!(vw, pvw + combo_bonus(codew, b.combo_bonuses()), "{rule:?}");
    }
    let four_code = combo_code(&[Pattern::B4, Pattern::B4, Pattern::Dead, Pattern::Dead]);
    let open_four = combo_code(&[Pattern::F4, Pattern::B2, Pattern::Dead, Pattern::Dead]);
    let four_three = combo_code(&[Pattern::B4, Pattern::F3, Pattern::Dead, Pattern::Dead]);
    assert!(is_foul_code(four_code));
    assert!(!is_foul_code(open_four) && !is_foul_code(four_three));
}

/// The small combination table for all 11^4 pattern combinations: the threat
/// class against an independent count of the four patterns (the code must keep
/// every distinction the threat class makes), the value against the pattern values
/// plus the code's bonus.
#[test]
fn combination_codes_agree_with_counting() {
    for (set, tables) in EVAL_TABLES.iter().enumerate() {
        let (table, bonuses) = (combo_table(false, set), tables.bonuses);
        for a in Pattern::ALL {
            for b in Pattern::ALL {
                for c in Pattern::ALL {
                    for d in Pattern::ALL {
                        let p = [a, b, c, d];
                        let (t, v, _) = combo_of(table, &p);
                        assert_eq!(t, threat_by_counting(&p), "{p:?}");
                        let bonus = combo_bonus(combo_code(&p), bonuses);
                        assert_eq!(v, pattern_values(&p) + bonus, "{p:?}");
                    }
                }
            }
        }
    }
}

/// `stone_stops_fives` (read from the line keys) against placing the stone and
/// counting the fives left, for every empty cell of random positions with fours,
/// under every rule.
#[test]
fn stopping_fives_from_the_keys_matches_playing_the_stone() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut checked = [0usize; 2];
    // Fours stopped off their five point (caro: both ends blocked).
    let mut past_the_point = 0;
    for rule in Rule::ALL {
        for _ in 0..300 {
            let b = Board::random_9x9(rule, &mut rng);
            for attacker in [Color::Black, Color::White] {
                if b.threat_count(attacker, Threat::Five) == 0 {
                    continue;
                }
                let empty: Vec<usize> = b.cell_indices().filter(|&i| b.is_empty_at(i)).collect();
                let fives: Vec<usize> = b.five_cells(attacker).collect();
                for r in empty {
                    let mut played = b.clone();
                    played.set_side_to_move(attacker.opp());
                    played.make(r);
                    let stopped = played.threat_count(attacker, Threat::Five) == 0;
                    assert_eq!(
                        b.stone_stops_fives(r, attacker, &fives),
                        stopped,
                        "{rule:?} {b:?} at {}",
                        b.pos(r)
                    );
                    checked[stopped as usize] += 1;
                    if stopped && b.info(r, attacker).threat != Threat::Five {
                        past_the_point += 1;
                    }
                }
            }
        }
    }
    assert!(checked[0] > 1000 && checked[1] > 100, "{checked:?}");
    assert!(past_the_point > 10, "{past_the_point}");
}

/// The search's make/unmake (which restores saved data instead of recomputing)
/// against a recount, under every rule, with walls and deep lines of moves.
/// `forbidden_at` skips the full foul test where the patterns rule a foul out (and
/// takes a short cut for a lone open four): on random renju positions it must agree
/// with the full test at every empty cell.
#[test]
fn foul_filter_agrees_with_the_full_test() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let (mut fouls, mut open_fours) = (0, 0);
    for _ in 0..400 {
        let mut b = Board::new(15, 15, Rule::Renju);
        let c = b.index(Pos::new(7, 7));
        for _ in 0..rng.below(50) + 10 {
            let empty: Vec<usize> = b
                .cell_indices()
                .filter(|&i| b.is_empty_at(i) && b.info(i, Color::Black).threat != Threat::Five)
                .filter(|&i| b.info(i, Color::White).threat != Threat::Five)
                .collect();
            // Near the centre, so that lines form.
            let Some(&i) = empty
                .iter()
                .min_by_key(|&&j| (j as i64 - c as i64).abs() + rng.below(60) as i64)
            else {
                break;
            };
            b.make(i);
        }
        for i in b.cell_indices().filter(|&i| b.is_empty_at(i)) {
            let full = b.forbidden_with(i, &mut Vec::new());
            assert_eq!(b.forbidden_at(i), full, "cell {i}");
            fouls += usize::from(full);
            open_fours += usize::from(b.info(i, Color::Black).pat.contains(&Pattern::F4));
        }
    }
    assert!(
        fouls > 200 && open_fours > 200,
        "{fouls} fouls, {open_fours} open fours"
    );
}

#[test]
fn make_unmake_matches_recount() {
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let mut checks = 0;
    for rule in Rule::ALL {
        for (w, h) in [(15, 15), (20, 20), (6, 9)] {
            let mut b = Board::new(w, h, rule);
            let _ = b.place_wall(Pos::new(1, 1));
            let start = b.clone();
            for _ in 0..60 {
                let mut depth = 0;
                for _ in 0..rng.below(30) + 1 {
                    let empty: Vec<usize> =
                        b.cell_indices().filter(|&i| b.is_empty_at(i)).collect();
                    if empty.is_empty() {
                        break;
                    }
                    // mostly near the centre so lines form
                    let i = if rng.below(4) > 0 {
                        let c = b.index(Pos::new((w / 2) as u8, (h / 2) as u8));
                        *empty
                            .iter()
                            .min_by_key(|&&j| (j as i64 - c as i64).abs() + rng.below(40) as i64)
                            .unwrap()
                    } else {
                        empty[rng.below(empty.len())]
                    };
                    let predicted = b.hash_after(i);
                    b.make(i);
                    assert_eq!(b.hash(), predicted, "{rule:?}: hash_after");
                    depth += 1;
                    b.verify()
                        .unwrap_or_else(|e| panic!("{rule:?} after make: {e}"));
                    checks += 1;
                }
                for _ in 0..depth {
                    b.unmake();
                    b.verify()
                        .unwrap_or_else(|e| panic!("{rule:?} after unmake: {e}"));
                    checks += 1;
                }
                assert_eq!(b.hash(), start.hash());
                assert_eq!(b.value_sum, start.value_sum);
            }
        }
    }
    assert!(checks > 5000, "{checks}");
}
