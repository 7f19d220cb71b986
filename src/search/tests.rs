use super::movegen::*;
use super::prune::*;
use super::root::Stability;
use super::threats::*;
use super::*;
use crate::types::loss_in;

/// Standard caro (rule 9) searches with caro's tuning: the profile a search puts in
/// force, its reduction table and its late move pruning depth are caro's (rule 8), on
/// either board size, and there the lean set is on (before, rule 9 matched none of
/// the rule lists).
#[test]
fn standard_caro_takes_the_caro_switches() {
    let stop = AtomicBool::new(false);
    let switches = |rule: Rule, size: usize| {
        let mut b = Board::new(size, size, rule);
        for m in [(7, 7), (8, 8), (7, 8), (9, 9)] {
            b.play(Pos::new(m.0, m.1)).unwrap();
        }
        let mut s = Searcher::new(1 << 16);
        s.search(&b, &Limits::depth(2), &stop).unwrap();
        (s.prof, s.lmp_depth, s.lmr_div)
    };
    for size in [15, 20] {
        let caro = switches(Rule::Caro, size);
        assert_eq!(switches(Rule::CaroStandard, size), caro, "{size}x{size}");
    }
    let (caro15, lmp_depth, _) = switches(Rule::Caro, 15);
    assert!(
        caro15.plain_blocks && caro15.lmr_fours && caro15.lmr_early,
        "caro's lean set"
    );
    assert_eq!(
        lmp_depth,
        Params::DEFAULT.lmp_max_depth + 1,
        "caro's deeper pruning"
    );
}

/// Each row of `PROFILES` is what the matches chose for its rule and board class
/// (`docs/experiments.md`, under each switch's name), written here as the rule lists
/// the ledger gives: a row edited by mistake fails here before it reaches a match.
#[test]
fn the_profile_rows_are_the_ones_the_matches_chose() {
    use Rule::*;
    let rows: Vec<(Rule, bool)> = PROFILES.iter().map(|p| (p.rule, p.large)).collect();
    let expected_rows: Vec<(Rule, bool)> = [Freestyle, Standard, Renju, Caro]
        .into_iter()
        .flat_map(|r| [(r, false), (r, true)])
        .collect();
    assert_eq!(rows, expected_rows);
    for p in PROFILES {
        let (r, small) = (p.rule, !p.large);
        let what = format!("{r:?} {}", if small { "up to 15x15" } else { "larger" });
        let lmr_log_div = match r {
            Standard => 300,
            Renju => 200,
            _ => 250,
        };
        assert_eq!(p.lmr_log_div, lmr_log_div, "{what}");
        let wide = r == Standard || r == Renju || (!small && r == Freestyle);
        assert_eq!(p.aspiration, if wide { 150 } else { 60 }, "{what}");
        assert_eq!(p.probcut, small && r != Freestyle, "{what}");
        let margin = match r {
            Standard => 250,
            Renju => 350,
            _ => 150,
        };
        assert_eq!(p.probcut_margin, margin, "{what}");
        assert!(p.mcp && p.threat_mask, "{what}: everywhere");
        assert!(
            p.plain_blocks && p.lmr_fours && p.lmr_early,
            "{what}: the lean set"
        );
        assert_eq!(p.lmp_deeper, r == Caro || small && r == Standard, "{what}");
        assert_eq!(p.tt_eval, small || r == Standard, "{what}");
        assert_eq!(p.forced_ext, r != Caro, "{what}");
        assert_eq!(p.quick_win, small && r == Freestyle, "{what}");
        assert_eq!(p.cont_attack, small && r == Freestyle, "{what}");
        assert_eq!(
            p.countermove,
            r == Standard || small && r == Freestyle,
            "{what}"
        );
        assert_eq!(p.history_threes, r == Standard, "{what}");
        let useless = !small || r == Freestyle || r == Caro;
        assert_eq!(p.useless_fours, useless, "{what}");
        assert_eq!(p.four_three_guard, small && r == Renju, "{what}");
        assert!(!p.three_lines, "{what}: never kept");
        let threes = match r {
            Freestyle | Standard => (true, true),
            Renju => (false, true),
            _ => (false, false),
        };
        assert_eq!((p.lmr_threes, p.lmr_three_stops), threes, "{what}");
        assert_eq!(p.deep_threes, small && r == Caro, "{what}");
    }
}

/// The aspiration window is the row's, and `INFO wuzi_aspiration` sets it in every
/// row, `wuzi_aspiration_<rule>` in one rule's rows only.
#[test]
fn the_aspiration_window_follows_the_rule_and_size() {
    let stop = AtomicBool::new(false);
    let window = |p: Params, rule: Rule, size: usize| {
        let mut b = Board::new(size, size, rule);
        b.play(Pos::new(7, 7)).unwrap();
        let mut s = Searcher::new(1 << 16);
        s.set_params(p);
        s.search(&b, &Limits::depth(1), &stop).unwrap();
        s.prof.aspiration
    };
    let d = Params::DEFAULT;
    for rule in Rule::ALL {
        for size in [15, 20] {
            let row = PROFILES[profile::row_index(rule, size > 15)];
            assert_eq!(window(d, rule, size), row.aspiration, "{rule:?} {size}");
        }
    }
    assert_ne!(
        window(d, Rule::Standard, 15),
        window(d, Rule::Freestyle, 15)
    );
    let mut p = d;
    assert!(p.set("aspiration", 60) && p.set("aspiration_standard", 77));
    assert_eq!(window(p, Rule::Renju, 15), 60);
    assert_eq!(window(p, Rule::Standard, 20), 77);
    assert_eq!(window(p, Rule::Freestyle, 20), 60);
    assert!(
        !p.set("aspiration_carostandard", 1),
        "standard caro has no rows"
    );
    assert!(!p.set("aspiration_wide", 1), "no such margin");
}

/// `INFO wuzi_*` accepts large values only for the node cap; the others stay small.
#[test]
fn tunables_keep_their_ranges() {
    let mut p = Params::DEFAULT;
    assert!(p.set("root_vct_nodes", 2_000_000));
    assert_eq!(p.root_vct_nodes, 2_000_000);
    assert!(p.set("root_vct_threats", 8));
    assert!(
        !p.set("tempo_percent", 2_000_000),
        "would overflow the evaluation"
    );
    assert!(!p.set("root_vct_nodes", 20_000_000));
    assert!(!p.set("root_vct_percent", -1));
    assert_eq!(p.tempo_percent, Params::DEFAULT.tempo_percent);
}

/// Saved time is banked (and `iteration_growth` applies) under a match clock whose
/// share of a move is below the turn limit; a turn limit alone, or one tighter
/// than the match clock's share, uses `iteration_growth_turn`.
#[test]
fn only_a_match_clock_banks_time() {
    use crate::time::Clock;
    let limits = |clock: Clock| Limits::timed(Instant::now(), clock.budget(10, 215));
    let turn = |ms| Clock {
        timeout_turn: Some(ms),
        ..Clock::default()
    };
    for ms in [100, 1000, 5000, 30_000] {
        assert!(!limits(turn(ms)).banked(), "turn {ms}");
    }
    let gomocup = Clock {
        timeout_turn: Some(30_000),
        timeout_match: Some(180_000),
        ..Clock::default()
    };
    assert!(limits(gomocup).banked(), "{:?}", gomocup.budget(10, 215));
    let tight_turn = Clock {
        timeout_turn: Some(1_000),
        ..gomocup
    };
    assert!(
        !limits(tight_turn).banked(),
        "{:?}",
        tight_turn.budget(10, 215)
    );
    let match_only = Clock {
        timeout_match: Some(4_000),
        time_left: Some(4_000),
        ..Clock::default()
    };
    assert!(limits(match_only).banked());
    assert!(!Limits::depth(8).banked(), "no clock, nothing to bank");
    let mut p = Params::DEFAULT;
    assert!(p.set("iteration_growth_turn", 2));
    assert_eq!((p.iteration_growth_turn, p.iteration_growth), (2, 1));
}

/// `five_defences` against a recount: the cells where a defender's stone leaves
/// the attacker no five (placed and counted), under caro; elsewhere the lone five
/// point, or nothing when there are two. Random positions under every rule, and a
/// caro position with more five points than the list keeps inline.
#[test]
fn five_defences_match_placing_the_stone() {
    let expected = |b: &Board, attacker: Color| -> Vec<usize> {
        let points: Vec<usize> = b.five_cells(attacker).collect();
        if !is_caro(b) {
            return if points.len() == 1 {
                points
            } else {
                Vec::new()
            };
        }
        let empty = b.cell_indices().filter(|&i| b.is_empty_at(i));
        empty
            .filter(|&r| {
                let mut played = b.clone();
                played.set_side_to_move(attacker.opp());
                played.make(r);
                played.threat_count(attacker, Threat::Five) == 0
            })
            .collect()
    };
    let check = |b: &Board, attacker: Color| -> usize {
        let got: Vec<usize> = five_defences(b, attacker).iter().collect();
        assert_eq!(got, expected(b, attacker), "{:?} {b:?}", b.rule());
        got.len()
    };
    let mut rng = crate::types::XorShift(0x2545_F491_4F6C_DD1D);
    let mut found = [0usize; 3];
    for rule in Rule::ALL {
        for _ in 0..300 {
            let b = Board::random_9x9(rule, &mut rng);
            for attacker in [Color::Black, Color::White] {
                if b.threat_count(attacker, Threat::Five) > 0 {
                    found[check(&b, attacker).min(2)] += 1;
                }
            }
        }
    }
    let [none, one, several] = found;
    assert!(none > 100 && one > 100 && several > 10, "{found:?}");
    // Six rows of four black stones: twelve five points, which no stone stops.
    let mut b = Board::new(15, 15, Rule::Caro);
    for y in (0..12).step_by(2) {
        for x in 5..9 {
            b.place(Pos::new(x, y), Color::Black).unwrap();
        }
    }
    assert_eq!(b.five_cells(Color::Black).count(), 12);
    assert_eq!(check(&b, Color::Black), 0);
}

/// ProbCut acts when switched on (here, from depth 5, it grows this depth-9 tree
/// from 34.5K to 43.5K nodes, while it shrinks the depth-14 trees of
/// std15-middle, renju15-middle and caro15-middle from 351K to 57K, 237K to 146K
/// and 860K to 383K), the tree is the same as without it while its depth is out of
/// reach, 1 turns it on under caro, standard and renju up to 15x15 only, and
/// standard and renju take their own margins.
#[test]
fn probcut_follows_its_parameters() {
    let position = |rule: Rule| {
        let mut b = Board::new(15, 15, rule);
        for m in crate::bench::parse_moves("7,7 5,5 7,5 7,4 9,5 6,4 8,5 6,5") {
            b.play(m).unwrap();
        }
        b
    };
    let b = position(Rule::Freestyle);
    let stop = AtomicBool::new(false);
    let run = |b: &Board, depth: i32, name: &str, v: i64| {
        let mut p = Params::DEFAULT;
        assert!(p.set("probcut_depth", 5) && p.set(name, v));
        let mut s = Searcher::new(1 << 20);
        s.set_params(p);
        s.search(b, &Limits::depth(depth), &stop).unwrap().nodes
    };
    let nodes = |depth: i32, switch: i64| run(&b, depth, "probcut", switch);
    let (off, on) = (nodes(9, 0), nodes(9, 2));
    assert_ne!(on, off, "ProbCut changed nothing");
    assert_eq!(
        nodes(4, 2),
        nodes(4, 0),
        "no node is 5 plies from the horizon"
    );
    assert_eq!(nodes(9, 1), off, "1 leaves it off under freestyle");
    // Under standard and renju the tree follows the rule's own margin, not another
    // rule's; the bare name sets every row.
    for rule in [Rule::Standard, Rule::Renju] {
        let b = position(rule);
        let own = format!("probcut_margin_{rule:?}").to_lowercase();
        let nodes = |name: &str, margin: i64| run(&b, 9, name, margin);
        let base = nodes("probcut_depth", 5);
        assert_eq!(
            nodes("probcut_margin_freestyle", 40),
            base,
            "{rule:?}: not freestyle's margin"
        );
        assert_ne!(nodes(&own, 40), base, "{rule:?}: its own margin");
        assert_eq!(
            nodes("probcut_margin", 40),
            nodes(&own, 40),
            "{rule:?}: every row"
        );
    }
    for rule in Rule::ALL {
        for size in [15, 20] {
            let b = Board::new(size, size, rule);
            let on = size == 15
                && matches!(
                    profile::tuned_rule(rule),
                    Rule::Caro | Rule::Standard | Rule::Renju
                );
            assert_eq!(Params::DEFAULT.profile(&b).probcut, on, "{rule:?} {size}");
        }
    }
}

/// The leaf VCF tries only fours near the attacker's last stone: a win that starts
/// far from it is left to the full VCF, whose answer the local search's cached
/// "no win" must not hide.
#[test]
fn the_local_vcf_keeps_to_the_last_move() {
    // Black wins by 6,3 (a four on row 3 and an open three on column 6), white's
    // forced block at 7,3, then an open four on column 6.
    let setup = |black: &[(u8, u8)]| {
        let mut b = Board::new(15, 15, Rule::Freestyle);
        for (x, y) in [(2, 3), (0, 14), (14, 0), (12, 2)] {
            b.place(Pos::new(x, y), Color::White).unwrap();
        }
        for &(x, y) in black {
            b.place(Pos::new(x, y), Color::Black).unwrap();
        }
        b.place(Pos::new(10, 12), Color::White).unwrap();
        b.set_side_to_move(Color::Black);
        b
    };
    let stones = [(3, 3), (4, 3), (6, 4), (6, 5), (5, 3)];
    let far = [(3, 3), (4, 3), (6, 4), (6, 5), (5, 3), (13, 13)];
    let mut s = Searcher::new(1 << 16);
    for (black, local_wins) in [(&stones[..], true), (&far[..], false)] {
        let last = black[black.len() - 1];
        let mut b = setup(black);
        s.new_game();
        let local = s.vcf_local(&mut b, 0, 10);
        assert_eq!(local.is_some(), local_wins, "last black stone {last:?}");
        let full = s.vcf(&mut b, 0, 10).expect("the full VCF wins");
        assert_eq!(b.pos(s.pv[0][0] as usize), Pos::new(6, 3));
        assert_eq!(full, 5, "four, block, open four, block, five");
        if let Some(p) = local {
            assert_eq!(p, full);
        }
    }
}

/// The same position reached by two orders: the local VCF finds the win only
/// when black's last stone is near it, and the "no win" it found after the far
/// last stone must not be read back from its cache after the near one (a
/// self-play caro game missed a forced win that way).
#[test]
fn the_local_vcf_cache_keeps_apart_the_last_stones() {
    // As above: black wins by 6,3, white's block at 7,3, then an open four.
    let whites = [(2, 3), (0, 14), (14, 0), (12, 2), (10, 12), (0, 0)];
    let play = |blacks: [(u8, u8); 6]| {
        let mut b = Board::new(15, 15, Rule::Freestyle);
        for (&(bx, by), &(wx, wy)) in blacks.iter().zip(&whites) {
            b.play(Pos::new(bx, by)).unwrap();
            b.play(Pos::new(wx, wy)).unwrap();
        }
        b
    };
    let mut far_last = play([(3, 3), (4, 3), (6, 4), (6, 5), (5, 3), (13, 13)]);
    let mut near_last = play([(13, 13), (3, 3), (4, 3), (6, 4), (6, 5), (5, 3)]);
    assert_eq!(far_last.hash(), near_last.hash());
    let mut s = Searcher::new(1 << 16);
    assert_eq!(s.vcf_local(&mut far_last, 0, 10), None, "far last stone");
    assert_eq!(
        s.vcf_local(&mut near_last, 0, 10),
        Some(5),
        "near last stone"
    );
}

/// Each search uses the reduction table of its row's divisor under the tunables in
/// force (`lmr_log_div`, per rule with a `_<rule>` suffix), also when the tunables
/// or the rule change between searches.
#[test]
fn the_reduction_table_follows_the_rule_and_its_parameter() {
    let mut s = Searcher::new(1 << 16);
    let stop = AtomicBool::new(false);
    let d = Params::DEFAULT;
    let div = |rule: Rule| PROFILES[profile::row_index(rule, false)].lmr_log_div;
    let (free, std, renju) = (div(Rule::Freestyle), div(Rule::Standard), div(Rule::Renju));
    assert!(free != std && free != renju && std != renju);
    assert_eq!(s.lmr, lmr_table(free));
    let with = |name: &str, v: i64| {
        let mut p = d;
        assert!(p.set(name, v), "{name}");
        p
    };
    let (div100, std_off, renju_off) = (
        with("lmr_log_div_freestyle", 100),
        with("lmr_log_div_standard", 0),
        with("lmr_log_div_renju", 0),
    );
    let cases = [
        (Rule::Standard, d, std),
        (Rule::Freestyle, d, free),
        (Rule::Renju, d, renju),
        (Rule::Caro, d, free),
        (Rule::Standard, d, std),
        (Rule::Freestyle, div100, 100),
        (Rule::Standard, div100, std),
        (Rule::Standard, std_off, 0),
        (Rule::Freestyle, std_off, free),
        (Rule::Renju, div100, renju),
        (Rule::Renju, renju_off, 0),
        (Rule::Standard, renju_off, std),
        (Rule::Caro, renju_off, free),
        (Rule::Renju, with("lmr_log_div", 100), 100),
    ];
    for (rule, params, div) in cases {
        let mut b = Board::new(15, 15, rule);
        b.play(Pos::new(7, 7)).unwrap();
        s.set_params(params);
        s.search(&b, &Limits::depth(2), &stop).unwrap();
        assert_eq!(s.lmr, lmr_table(div), "{rule:?} divisor {div}");
    }
    assert_ne!(lmr_table(100), lmr_table(250));
}

/// Three-class moves are reduced by rule under `lmr_threes` 1, and under caro up to
/// 15x15 only from `lmr_threes_from` plies deep; 0 reduces none and 2 all, at any
/// depth.
#[test]
fn three_reductions_follow_the_rule_and_the_depth() {
    use Rule::*;
    for large in [false, true] {
        for depth in 1..20 {
            for from in [0, 5, 7] {
                let deep = !large && from > 0 && depth >= from;
                let cases = [
                    (Freestyle, (true, true)),
                    (Standard, (true, true)),
                    (Renju, (false, true)),
                    (Caro, (deep, deep)),
                    (CaroStandard, (deep, deep)),
                ];
                for (rule, expected) in cases {
                    let b = Board::new(15, if large { 20 } else { 15 }, rule);
                    let got = |switch: i64| {
                        let mut p = Params::DEFAULT;
                        assert!(p.set("lmr_threes", switch));
                        three_reductions(&p.profile(&b), from, depth)
                    };
                    let what = format!("{rule:?} large {large} depth {depth} from {from}");
                    assert_eq!(got(1), expected, "{what}");
                    assert_eq!(got(0), (false, false), "{what}");
                    assert_eq!(got(2), (true, true), "{what}");
                }
            }
        }
    }
}

/// Move count pruning keeps 3 + depth^1.32 moves (scaled by `mcp_percent`), a
/// search uses the table of its parameter, and the pruning acts: a depth-9 search
/// of a middle game visits fewer nodes with it than without.
#[test]
fn move_count_pruning_follows_its_parameter() {
    let t = mcp_table(100);
    assert_eq!(t[1..=4], [4, 5, 7, 9]);
    assert_eq!(t[10], 23);
    assert_eq!(mcp_table(50)[10], 13);
    assert!(mcp_table(0).iter().all(|&n| n == usize::MAX));
    let mut b = Board::new(15, 15, Rule::Freestyle);
    for m in crate::bench::parse_moves("7,7 5,5 7,5 7,4 9,5 6,4 8,5 6,5") {
        b.play(m).unwrap();
    }
    let stop = AtomicBool::new(false);
    let nodes = |mcp_percent: i32| {
        let mut s = Searcher::new(1 << 20);
        s.set_params(Params {
            mcp: 2,
            mcp_percent,
            ..Params::DEFAULT
        });
        let r = s.search(&b, &Limits::depth(9), &stop).unwrap();
        assert_eq!(s.mcp, mcp_table(mcp_percent));
        r.nodes
    };
    let (off, on) = (nodes(0), nodes(Params::DEFAULT.mcp_percent));
    assert!(on < off, "pruned {on} nodes, unpruned {off}");
    // The default 1 turns it on under every rule, on 15x15 and 20x20; 0 turns it
    // off everywhere.
    for rule in Rule::ALL {
        for size in [15, 20] {
            let mut b = Board::new(size, size, rule);
            b.play(Pos::new(7, 7)).unwrap();
            for (mcp, on) in [(1, true), (0, false)] {
                let mut s = Searcher::new(1 << 16);
                s.set_params(Params {
                    mcp,
                    ..Params::DEFAULT
                });
                s.search(&b, &Limits::depth(2), &stop).unwrap();
                assert_eq!(s.prof.mcp, on, "{rule:?} {size}x{size} mcp {mcp}");
            }
        }
    }
}

/// Each search gives three-class moves history and killers exactly under the rules
/// `hist_threes` names, and a search with them learns from such a move's cut-off.
#[test]
fn three_class_history_follows_the_rule_and_its_parameter() {
    let mut s = Searcher::new(1 << 16);
    let stop = AtomicBool::new(false);
    for hist_threes in 0..=2 {
        for rule in Rule::ALL {
            let mut b = Board::new(15, 15, rule);
            for m in [(7, 7), (8, 8), (7, 8), (9, 9)] {
                b.play(Pos::new(m.0, m.1)).unwrap();
            }
            s.set_params(Params {
                hist_threes,
                ..Params::DEFAULT
            });
            s.new_game();
            s.search(&b, &Limits::depth(6), &stop).unwrap();
            let expected = match hist_threes {
                0 => false,
                1 => rule == Rule::Standard,
                _ => true,
            };
            assert_eq!(
                s.prof.history_threes, expected,
                "{rule:?} hist_threes {hist_threes}"
            );
            // Black's stones at 7,7 and 7,8 make threes on their column: with the
            // switch on, some such point has cut off and been credited. (Not the
            // converse: a point that makes a three here may be quiet deeper in the
            // tree and be credited there, as under standard caro with the fitted
            // caro bonuses.)
            let me = b.side_to_move();
            let learned = b
                .candidates()
                .iter()
                .any(|i| s.history[i][me.index()] > 0 && move_threat(&b, i) >= TACTICAL);
            if expected {
                assert!(learned, "{rule:?} hist_threes {hist_threes}");
            }
        }
    }
}

/// With `countermove` on, a search records the replies that cut off after the
/// opponent's move, and the reply recorded for the opponent's last move comes
/// first among the quiet moves (no table move or killers here); off, it does not.
#[test]
fn the_countermove_leads_the_quiet_moves_when_on() {
    let stop = AtomicBool::new(false);
    let mut b = Board::new(15, 15, Rule::Freestyle);
    for m in [(7, 7), (8, 8), (9, 6), (6, 9)] {
        b.play(Pos::new(m.0, m.1)).unwrap();
    }
    let me = b.side_to_move();
    let prev = b.index(Pos::new(6, 9));
    let quiet_order = |s: &mut Searcher, b: &mut Board| {
        s.gen_moves(b, &scan(b), 0, NO_MOVE);
        let mut list = s.moves[0].clone();
        list.sort_by(|a, c| c.1.cmp(&a.1).then(a.0.cmp(&c.0)));
        list.into_iter()
            .filter(|&(_, o)| o < TACTICAL)
            .map(|(m, _)| m)
            .collect::<Vec<u16>>()
    };
    for countermove in [0, 2] {
        let mut s = Searcher::new(1 << 16);
        s.set_params(Params {
            countermove,
            ..Params::DEFAULT
        });
        s.search(&b, &Limits::depth(8), &stop).unwrap();
        let recorded = s.counter.iter().any(|c| c.iter().any(|&m| m != NO_MOVE));
        assert_eq!(recorded, countermove > 0, "countermove {countermove}");
        // The quiet candidate ordered last without a recorded reply becomes the
        // reply to the opponent's last stone.
        s.new_game();
        let before = quiet_order(&mut s, &mut b);
        assert!(before.len() > 10);
        let last = *before.last().unwrap();
        s.counter[prev][me.index()] = last;
        let after = quiet_order(&mut s, &mut b);
        if countermove > 0 {
            assert_eq!(after[0], last);
        } else {
            assert_eq!(after, before);
        }
    }
}

/// `history_age` divides the history kept from the last search of the game at the
/// start of the next: a far corner, which no search visits, keeps exactly its value
/// divided by 2 to that power.
#[test]
fn the_history_ages_between_searches_when_set() {
    let stop = AtomicBool::new(false);
    let mut b = Board::new(15, 15, Rule::Freestyle);
    for m in [(7, 7), (8, 8), (9, 6)] {
        b.play(Pos::new(m.0, m.1)).unwrap();
    }
    let corner = b.index(Pos::new(0, 0));
    for age in [0, 1, 3] {
        let mut s = Searcher::new(1 << 16);
        s.set_params(Params {
            history_age: age,
            ..Params::DEFAULT
        });
        s.history[corner] = [800, 80];
        s.search(&b, &Limits::depth(6), &stop).unwrap();
        assert_eq!(
            s.history[corner],
            [800 >> age, 80 >> age],
            "history_age {age}"
        );
        assert!(
            (0..s.history.len()).any(|i| i != corner && s.history[i] != [0, 0]),
            "the search learnt something besides the corner"
        );
    }
}

/// Plays `games` random games on 15x15 under `rule` from a centre stone, at most
/// `plies` moves each (a xorshift generator seeded with `seed` picks among the
/// legal candidates), and shows `visit` every position reached before either side
/// has a five point.
fn random_positions(
    rule: Rule,
    games: usize,
    plies: usize,
    seed: u64,
    mut visit: impl FnMut(&mut Board, &Scan),
) {
    let mut rng = crate::types::XorShift(seed);
    for _game in 0..games {
        let mut b = Board::new(15, 15, rule);
        b.make(b.index(Pos::new(7, 7)));
        for _ in 0..plies {
            let sc = scan(&b);
            if sc.my_five.is_some() || sc.opp_fives > 0 {
                break;
            }
            visit(&mut b, &sc);
            let moves: Vec<usize> = b.candidates().iter().filter(|&i| playable(&b, i)).collect();
            if moves.is_empty() {
                break;
            }
            b.make(moves[rng.below(moves.len())]);
        }
    }
}

/// Every quick win (`quick_win`) found in random games is a real one: the VCT
/// solver proves it with one three or four and the continuous fours after it.
#[test]
fn a_quick_win_is_a_threat_win() {
    let mut s = Searcher::new(1 << 20);
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        let mut found = 0;
        random_positions(rule, 60, 60, 0x2545_F491_4F6C_DD1D, |b, sc| {
            if quick_win(b, sc) {
                found += 1;
                s.new_game();
                let five = s.vct(b, 0, 1);
                assert!(
                    five.is_some(),
                    "{rule:?}: no threat win after {:?}",
                    b.history()
                );
            }
        });
        assert!(found >= 20, "{rule:?}: only {found} quick wins");
    }
}

/// The stand pat at the horizon (`vcf_stand_pat`) changes no depth-1 result: the
/// first root move is searched with an open window, where it never acts, and a
/// reply that stands pat instead of finding its VCF fails high either way. Random
/// middle games under every rule, one search of each position with it and one
/// without, each with fresh tables.
#[test]
fn the_stand_pat_keeps_depth_one_results() {
    let search = |b: &Board, on: i32| {
        let mut s = Searcher::new(1 << 20);
        s.set_params(Params {
            vcf_stand_pat: on,
            root_vcf_fours: 0,
            ..Params::DEFAULT
        });
        let r = s
            .search(b, &Limits::depth(1), &AtomicBool::new(false))
            .unwrap();
        (r.best, r.score, r.nodes)
    };
    for rule in Rule::ALL {
        let (mut fewer, mut positions) = (0, 0);
        random_positions(rule, 8, 30, 0x9E37_79B9_7F4A_7C15, |b, _| {
            if b.stone_count() >= 8 {
                let (with, without) = (search(b, 1), search(b, 0));
                let what = format!("{rule:?} after {:?}", b.history());
                assert_eq!((with.0, with.1), (without.0, without.1), "{what}");
                assert!(with.2 <= without.2, "{what}");
                fewer += usize::from(with.2 < without.2);
                positions += 1;
            }
        });
        // It acts: some searches save the VCF.
        assert!(fewer * 4 >= positions, "{rule:?}: {fewer} of {positions}");
    }
}

/// A 15x15 board under `rule` with `stones` placed in that order, black to move.
fn board_with(rule: Rule, stones: &[((u8, u8), Color)]) -> Board {
    let mut b = Board::new(15, 15, rule);
    for &(p, c) in stones {
        b.place(Pos::new(p.0, p.1), c).unwrap();
    }
    b.set_side_to_move(Color::Black);
    b
}

/// White's three at 5..7,7, blocked by black at 4,7: at 8,7 white makes a four.
const BLOCKED_THREE: [((u8, u8), Color); 4] = [
    ((4, 7), Color::Black),
    ((5, 7), Color::White),
    ((6, 7), Color::White),
    ((7, 7), Color::White),
];

/// The cell index of point `p` on `b`.
fn at(b: &Board, p: (u8, u8)) -> usize {
    b.index(Pos::new(p.0, p.1))
}

/// With `plain_blocks` on, a point that only stops the opponent's plain four is
/// ordered below a point where we make a three, among the stops of threes; off,
/// it is ordered as a block of a four. Once the opponent has an open three, no
/// point is a plain block.
#[test]
fn a_plain_block_is_ordered_as_a_stop_when_on() {
    let (x, o) = (Color::Black, Color::White);
    // White's blocked three, and black's two at 7..8,10.
    let stones = [BLOCKED_THREE.as_slice(), &[((7, 10), x), ((8, 10), x)]].concat();
    let mut b = board_with(Rule::Caro, &stones);
    let block = b.index(Pos::new(8, 7));
    let three = b.index(Pos::new(6, 10));
    assert_eq!(b.info(block, o).threat, Threat::Four);
    assert_eq!(b.info(three, x).threat, Threat::Three);
    let order_of = |s: &mut Searcher, b: &mut Board, i: usize| {
        s.gen_moves(b, &scan(b), 0, NO_MOVE);
        s.moves[0]
            .iter()
            .find(|&&(m, _)| m as usize == i)
            .unwrap()
            .1
    };
    for plain_blocks in [0, 1, 2] {
        let mut s = Searcher::new(1 << 16);
        s.set_params(Params {
            plain_blocks,
            ..Params::DEFAULT
        });
        let stop = AtomicBool::new(false);
        s.search(&b, &Limits::depth(1), &stop).unwrap();
        let on =
            plain_blocks == 2 || plain_blocks == 1 && PROFILES[profile::row_for(&b)].plain_blocks;
        assert_eq!(s.prof.plain_blocks, on, "plain_blocks {plain_blocks}");
        assert!(is_plain_block(&b, &scan(&b), block));
        let (ob, ot) = (
            order_of(&mut s, &mut b, block),
            order_of(&mut s, &mut b, three),
        );
        if on {
            assert!(ob < ot && (TACTICAL..FOUR_ORDER).contains(&ob), "{ob} {ot}");
        } else {
            assert!(ob >= FOUR_ORDER && ob > ot, "{ob} {ot}");
        }
    }
    // With an open three of white's elsewhere (10,3 to 10,5), the point is no
    // plain block.
    b.place(Pos::new(10, 3), o).unwrap();
    b.place(Pos::new(10, 4), o).unwrap();
    b.place(Pos::new(10, 5), o).unwrap();
    b.place(Pos::new(3, 12), x).unwrap();
    b.place(Pos::new(12, 12), x).unwrap();
    b.set_side_to_move(x);
    assert!(scan(&b).opp_has_three);
    assert!(!is_plain_block(&b, &scan(&b), block));
}

/// `useless_fours` reduces only a four that leaves the opponent's three alone: by
/// two when far from his last stone, one more when far from ours too.
#[test]
fn a_four_that_ignores_a_three_is_reduced_by_distance() {
    let (x, o) = (Color::Black, Color::White);
    // White's open three on row 3; black's three on row 10, blocked by white at 9,10.
    let stones = |black_last: (u8, u8)| {
        let order = [
            ((10, 10), x),
            ((3, 3), o),
            ((11, 10), x),
            ((4, 3), o),
            ((12, 10), x),
            ((9, 10), o),
            (black_last, x),
            ((5, 3), o),
        ];
        board_with(Rule::Freestyle, &order)
    };
    // Black's last stone next to his four point, then far from it.
    for (black_last, expected) in [((13, 12), 2), ((1, 12), 3)] {
        let b = stones(black_last);
        let s = scan(&b);
        assert!(s.opp_has_three);
        let four = at(&b, (13, 10));
        assert!(b.info(four, x).threat >= Threat::Four);
        assert_eq!(
            useless_four_reduction(&b, &s, four),
            expected,
            "{black_last:?}"
        );
        // A block of the three, and a quiet point, are not touched.
        assert_eq!(useless_four_reduction(&b, &s, at(&b, (6, 3))), 0);
        assert_eq!(useless_four_reduction(&b, &s, at(&b, (8, 8))), 0);
    }
    // Without the opponent's three, nothing is reduced.
    let mut b = stones((13, 12));
    b.remove(Pos::new(5, 3)).unwrap();
    b.set_side_to_move(x);
    let s = scan(&b);
    assert!(!s.opp_has_three);
    assert_eq!(useless_four_reduction(&b, &s, at(&b, (13, 10))), 0);
}

/// The moves a searcher with switches set by `switch` generates at the root of
/// `b`, in cell order.
fn generated(b: &mut Board, switch: impl Fn(&mut Searcher)) -> Vec<usize> {
    let mut s = Searcher::new(1 << 16);
    switch(&mut s);
    s.gen_moves(b, &scan(b), 0, NO_MOVE);
    let mut m: Vec<usize> = s.moves[0].iter().map(|&(m, _)| m as usize).collect();
    m.sort_unstable();
    m
}

/// Each of `moves` lets the opponent win by continuous fours.
fn assert_each_loses_to_fours(b: &mut Board, moves: &[usize]) {
    let mut s = Searcher::new(1 << 16);
    for &m in moves {
        b.make(m);
        assert!(s.vcf(b, 0, 4).is_some(), "{:?} {}", b.rule(), b.pos(m));
        b.unmake();
    }
}

/// With `four_three_guard` on, against a point where the opponent makes a four and
/// an open three, the moves are that point and the points on its two lines, and
/// each move the guard drops loses to a win by continuous fours; off, every
/// candidate is generated. The reach along the lines is one more under caro.
#[test]
fn a_four_three_point_restricts_the_moves_to_its_lines() {
    let (x, o) = (Color::Black, Color::White);
    // White's blocked three, and a two at 8,5 and 8,6: at 8,7 white makes a four
    // and an open three. Black's stones far away give him quiet candidates there,
    // and the one at 14,9 makes 12,7 to 14,7 candidates.
    let rest = [
        ((8, 5), o),
        ((8, 6), o),
        ((2, 12), x),
        ((3, 12), x),
        ((12, 2), x),
        ((14, 9), x),
    ];
    let stones = [BLOCKED_THREE.as_slice(), &rest].concat();
    for rule in [Rule::Freestyle, Rule::Renju, Rule::Caro] {
        let mut b = board_with(rule, &stones);
        let point = at(&b, (8, 7));
        assert_eq!(b.info(point, o).threat, Threat::FourThree, "{rule:?}");
        assert!(!scan(&b).opp_has_three, "{rule:?}");
        // The switch as a search sets it from `Params::four_three_guard`.
        let all = generated(&mut b, |_| {});
        let kept = generated(&mut b, |s| s.prof.four_three_guard = true);
        assert_eq!(all.len(), b.candidates().iter().count(), "{rule:?}");
        // The four-three point, the defences on its lines, and the last point of
        // the row within reach (five points from 8,7 under caro, four otherwise).
        let reach = if rule == Rule::Caro { 5 } else { 4 };
        for p in [(8, 7), (9, 7), (8, 8), (8, 4), (8, 3), (8 + reach, 7)] {
            assert!(kept.contains(&at(&b, p)), "{rule:?} {p:?}");
        }
        assert!(!kept.contains(&at(&b, (9 + reach, 7))), "{rule:?}");
        let dropped: Vec<usize> = all.iter().copied().filter(|m| !kept.contains(m)).collect();
        assert!(dropped.contains(&at(&b, (3, 13))), "{rule:?}");
        assert_each_loses_to_fours(&mut b, &dropped);
    }
}

/// With `three_lines` on, against an open three only the points on its line are
/// kept (and our fours): a point where white makes a four on another line is
/// dropped, and every dropped move loses to white's fours.
#[test]
fn a_three_restricts_the_defences_to_its_line() {
    let (x, o) = (Color::Black, Color::White);
    // White's blocked three on row 7 (four points 8,7 and 9,7) and open three at
    // 5..7,11; black's two at 11..12,3 makes him no four.
    let rest = [
        ((5, 11), o),
        ((6, 11), o),
        ((7, 11), o),
        ((11, 3), x),
        ((12, 3), x),
    ];
    let stones = [BLOCKED_THREE.as_slice(), &rest].concat();
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
        let mut b = board_with(rule, &stones);
        assert!(scan(&b).opp_has_three, "{rule:?}");
        let all = generated(&mut b, |_| {});
        let kept = generated(&mut b, |s| s.prof.three_lines = true);
        let cells = |ps: &[(u8, u8)]| {
            let mut v: Vec<usize> = ps.iter().map(|&p| at(&b, p)).collect();
            v.sort_unstable();
            v
        };
        let defences = cells(&[(3, 11), (4, 11), (8, 11), (9, 11)]);
        assert_eq!(kept, defences, "{rule:?}");
        let dropped: Vec<usize> = all.iter().copied().filter(|m| !kept.contains(m)).collect();
        assert_eq!(dropped, cells(&[(8, 7), (9, 7)]), "{rule:?}");
        assert_each_loses_to_fours(&mut b, &dropped);
    }
}

/// The soft limit grows while the best move changes or the score falls, shrinks
/// once the move has held for five iterations, and stays as given when the scaling
/// is off.
#[test]
fn time_scaling_follows_the_iterations() {
    let soft = Duration::from_millis(1000);
    let ms = |st: &Stability, pct: i32| st.scale(soft, pct, true).as_millis();
    // The best move held from depth 1 to 6 with a steady score: settled.
    let mut st = Stability::default();
    st.update(None, 7, 50, 1);
    for d in 2..=6 {
        st.update(Some((7, 50)), 7, 50, d);
    }
    assert_eq!(ms(&st, 100), 600);
    assert_eq!(ms(&st, 50), 800);
    assert_eq!(ms(&st, 0), 1000);
    assert_eq!(
        st.scale(soft, 100, false).as_millis(),
        1000,
        "nothing banked"
    );
    // It changes at depth 7: twice as long, more when the score also falls.
    st.update(Some((7, 50)), 9, 50, 7);
    assert_eq!(ms(&st, 100), 2000);
    let mut falling = Stability::default();
    falling.update(Some((7, 50)), 9, -250, 7);
    assert_eq!(ms(&falling, 100), 2500);
    // Mate scores do not count as a fall.
    let mut mated = Stability::default();
    mated.update(Some((7, 50)), 7, loss_in(5), 3);
    assert_eq!(ms(&mated, 100), 1000);
}

/// A search whose time is already up stops within two clock checks (the root VCF's
/// and depth 1's) and still gives a legal move. The soak lost a renju game on time
/// when the clock was read every 1024 nodes: at about 170k renju nodes a second
/// that overran a 17 ms limit by 7 ms.
#[test]
fn a_search_out_of_time_stops_within_two_clock_checks() {
    for bp in crate::bench::POSITIONS {
        let board = crate::bench::board_of(bp);
        let mut s = Searcher::new(1 << 20);
        let limits = Limits {
            start: Instant::now(),
            soft: Some(Duration::ZERO),
            hard: Some(Duration::ZERO),
            depth: None,
            nodes: None,
        };
        let r = s.search(&board, &limits, &AtomicBool::new(false)).unwrap();
        assert!(board.is_legal(r.best), "{}: {}", bp.name, r.best);
        // Two checks 256 nodes apart, and the calls that see the flag on the way out.
        assert!(r.nodes <= 2 * 256 + 8, "{}: {} nodes", bp.name, r.nodes);
    }
}
