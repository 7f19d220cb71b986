//! Fitted bonuses of single combination codes, per rule and board class (see
//! [`super::classical::combo_bonus`]).
/// Fitted bonuses of single combinations, in place of their threat class's
/// [`THREAT_BONUS`]: the counts of open fours, fours, open threes and twos (no five),
/// and the bonus. `wuzi-tune codes=N` fits them with the pattern values. None here
/// (caro on larger boards, where the fit raised the held-out error): every other rule
/// and size has its own list, fitted with its threat-mask table.
pub const COMBO_BONUS: &[([u8; 4], i32)] = &[];

/// The same under freestyle on boards larger than 15x15, fitted by `wuzi-tune
/// codes=100 patterns=0` (the pattern values and the threat-mask table fixed) to the
/// 1200 freestyle 20x20 games of [`THREAT_MASK_VALUE_FREESTYLE_LARGE`]: held-out
/// error 0.12413 to 0.10766. Against none under freestyle 20x20 at 100 ms/move (game
/// pairs, SPRT 0/10), two runs side by side: 1036 games, 518 pairs [81, 0, 307, 0,
/// 130], +33.0 Elo [+14.0, +52.1], H1; 1243 games, 621 pairs [106, 0, 381, 0, 134],
/// +15.7 [-1.3, +32.7], stopped (together +23.5 [+10.9, +36.2]).
///
/// Second round: 1200 new freestyle 20x20 games played with those two tables
/// (`GAMES=1200 RULE=0 SIZE=20 SEED=47 scripts/tune-eval.sh`), and both tables
/// refitted together on all 2400 games (`wuzi-tune masks=15 codes=100 patterns=0`;
/// held-out error 0.11330 to 0.11011; the values' "was" is the first round's).
/// Against the first round under freestyle 20x20 at 100 ms/move (game pairs, SPRT
/// 0/10): 1054 games, 527 pairs [62, 0, 364, 0, 101], +25.8 Elo [+9.4, +42.3], H1;
/// a second run beside it 1044 games, 522 pairs [72, 0, 345, 0, 105], +22.0 [+4.7,
/// +39.4], stopped.
///
/// Third round: 800 new games played with the second round's tables (`SEED=4953`),
/// both refitted on all 3200 (held-out error 0.10866 to 0.10797). Against the second
/// round, two runs side by side: 1006 games, 503 pairs [59, 0, 346, 0, 98], +27.0 Elo
/// [+10.1, +44.0], H1; 1049 games, 524 pairs [71, 0, 371, 0, 82], +7.3 [-8.8, +23.4],
/// stopped when the first ended (together 1027 pairs, +16.9 [+5.3, +28.6]).
///
/// Not kept: a round on new games alone as standard 20x20's fourth (1600 games played
/// with these tables, `GAMES=1600 RULE=0 SIZE=20 SEED=7001 scripts/tune-eval.sh`;
/// `masks=60 codes=300 patterns=0 step=0.5`). Every fit tried raised the held-out
/// error (0.13023 to 0.13069 at the half step, 0.13216 at the full one; larger
/// minimum counts, a quarter step and `l2` too), as did the half step on two other
/// tenths held out (0.17836 to 0.17880, 0.11448 to 0.11476); not played.
pub const COMBO_BONUS_FREESTYLE_LARGE: &[([u8; 4], i32)] = &[
    ([0, 0, 0, 1], -10),   // Two, was -13
    ([0, 0, 0, 2], 21),    // Two, was 30
    ([0, 0, 0, 3], 46),    // Two, was 78
    ([0, 0, 0, 4], 10),    // Two, was 22
    ([0, 0, 1, 0], -11),   // Three, was -19
    ([0, 0, 1, 1], 106),   // Three, was 82
    ([0, 0, 1, 2], 101),   // Three, was 124
    ([0, 0, 1, 3], 268),   // Three, was 209
    ([0, 0, 2, 0], -32),   // ThreeThree, was 12
    ([0, 0, 2, 1], -160),  // ThreeThree, was 76
    ([0, 0, 2, 2], -89),   // ThreeThree, was 228
    ([0, 0, 3, 0], -1070), // ThreeThree, was 0
    ([0, 1, 0, 0], -67),   // Four, was -37
    ([0, 1, 0, 1], 196),   // Four, was 163
    ([0, 1, 0, 2], 385),   // Four, was 280
    ([0, 1, 0, 3], 227),   // Four, was 634
    ([0, 1, 1, 0], 1137),  // FourThree, was 1036
    ([0, 1, 1, 1], 853),   // FourThree, was 875
    ([0, 1, 1, 2], 587),   // FourThree, was 980
    ([0, 2, 0, 0], -310),  // FourFour, was -202
    ([1, 0, 0, 0], 195),   // FourFour, was 216
    ([1, 0, 0, 1], 345),   // FourFour, was 332
    ([1, 0, 0, 2], 553),   // FourFour, was 523
    ([1, 0, 0, 3], 1092),  // FourFour, was 313
    ([1, 0, 1, 0], -413),  // FourFour, was -330
    ([1, 0, 1, 1], -406),  // FourFour, was 313
];

/// The same under standard on boards larger than 15x15, fitted the same way to the
/// 1200 standard 20x20 games of [`THREAT_MASK_VALUE_STANDARD_LARGE`]: held-out error
/// 0.13827 to 0.12821. Against none under standard 20x20 at 100 ms/move (game pairs,
/// SPRT 0/10), two runs side by side, both H1: 686 games, 343 pairs [44, 0, 212, 0,
/// 87], +43.8 Elo [+21.3, +66.6]; 764 games, 382 pairs [48, 0, 244, 0, 90], +38.4
/// [+17.6, +59.4].
///
/// Second round, as freestyle 20x20's: 1200 new standard 20x20 games played with
/// those two tables (`GAMES=1200 RULE=1 SIZE=20 SEED=4951 scripts/tune-eval.sh`), and
/// both tables refitted together on all 2400 games (`wuzi-tune rule=1 masks=15
/// codes=100 patterns=0`; held-out error 0.13218 to 0.12687). Against the first round
/// under standard 20x20 at 100 ms/move (game pairs, SPRT 0/10): 1944 games, 972 pairs
/// [140, 0, 643, 0, 189], +17.5 Elo [+4.9, +30.3], H1.
///
/// Third round: 1200 new games played with the second round's tables (`SEED=5001`),
/// both refitted on all 3600 (held-out error 0.12993 to 0.12913). Against the second
/// round, two runs side by side: 4038 games, 2019 pairs [293, 2, 1368, 0, 356], +10.7
/// Elo [+2.1, +19.3], H1; 2250 games, 1125 pairs [168, 0, 760, 0, 197], +9.0 [-2.6,
/// +20.5], stopped when the first ended.
///
/// Fourth round, on new games alone: 1969 games played with the third round's tables
/// (`GAMES=3000 RULE=1 SIZE=20 SEED=6001 scripts/tune-eval.sh`, stopped at 1969; the
/// earlier rounds' games were no longer at hand). Both tables refitted on them as
/// before (`masks=15 codes=100`, held-out error 0.13686 to 0.13529; entries the fit
/// left out kept) lost against the third round: 483 games +211 =0 -272, -44.1 Elo,
/// stopped at LLR -2.52. Refitted with only the entries seen more often (`masks=60
/// codes=300`; 0.13544) and each value moved half way from the third round's to the
/// fit's (the values here, with every other entry kept; `wuzi-tune step=0.5` does
/// this now), they gained: 3884 games, 1942
/// pairs [286, 1, 1307, 0, 348], +11.0 Elo [+2.2, +19.8], H1; a second run after it,
/// 2233 games +1134 =0 -1099, +5.4 Elo (LLR 0.17, stopped by the clock); both runs,
/// 6117 games, +9.0 [+0.3, +17.7].
///
/// The step, not the smaller entry set, made the difference: the rest of the way to
/// the same fit (`wuzi-tune rule=1 masks=60 codes=300 patterns=0` from these values on
/// the same 1969 games) lost against these, two runs side by side at 100 ms/move:
/// 892 games, 446 pairs [87, 0, 299, 0, 60], -21.1 Elo [-39.6, -2.6], H0; 963 games
/// +463 =0 -500, -13.4, stopped; together 1855 games, -17.1.
///
/// Not kept: a fifth round, the same half step on 2000 new games played with these
/// tables (`GAMES=2000 RULE=1 SIZE=20 SEED=7301`; `masks=60 codes=300 patterns=0
/// step=0.5`, held-out error 0.11601 to 0.11530). Against these at 100 ms/move, SPRT
/// 0/10, two runs side by side: 808 games, 404 pairs [86, 0, 262, 0, 56], -25.8 Elo
/// [-46.0, -5.9], H0; 946 games +449 =0 -497, -17.6, stopped; together 1754 games,
/// -21.4. Nor did the same half step fitted on those 2000 games and the fourth round's 1969
/// together (3969 games, held-out error 0.13538 to 0.13498), two runs side by side, both
/// H0: 1322 games, 661 pairs [132, 0, 424, 0, 105], -14.2 Elo [-30.1, +1.6]; 1260 games,
/// 630 pairs [120, 0, 416, 0, 94], -14.3 [-30.2, +1.4]. The one rule and size where new
/// rounds kept gaining has stopped gaining too.
pub const COMBO_BONUS_STANDARD_LARGE: &[([u8; 4], i32)] = &[
    ([0, 0, 0, 1], -12),  // Two, was 0
    ([0, 0, 0, 2], 18),   // Two, was 0
    ([0, 0, 0, 3], 32),   // Two, was 0
    ([0, 0, 0, 4], -47),  // Two, was 0
    ([0, 0, 1, 0], -12),  // Three, was 0
    ([0, 0, 1, 1], 101),  // Three, was 0
    ([0, 0, 1, 2], 116),  // Three, was 0
    ([0, 0, 1, 3], 49),   // Three, was 0
    ([0, 0, 2, 0], -58),  // ThreeThree, was 0
    ([0, 0, 2, 1], -73),  // ThreeThree, was 0
    ([0, 0, 2, 2], -324), // ThreeThree, was 0
    ([0, 0, 3, 0], 312),  // ThreeThree, was 0
    ([0, 1, 0, 0], -38),  // Four, was 0
    ([0, 1, 0, 1], 228),  // Four, was 0
    ([0, 1, 0, 2], 354),  // Four, was 0
    ([0, 1, 0, 3], 677),  // Four, was 0
    ([0, 1, 1, 0], 1280), // FourThree, was 980
    ([0, 1, 1, 1], 1241), // FourThree, was 980
    ([0, 1, 1, 2], 711),  // FourThree, was 980
    ([0, 2, 0, 0], -18),  // FourFour, was 313
    ([1, 0, 0, 0], 216),  // FourFour, was 313
    ([1, 0, 0, 1], 382),  // FourFour, was 313
    ([1, 0, 0, 2], 492),  // FourFour, was 313
    ([1, 0, 0, 3], 479),  // FourFour, was 313
    ([1, 0, 1, 0], -478), // FourFour, was 313
    ([1, 0, 1, 1], -600), // FourFour, was 313
    ([1, 1, 0, 0], -978), // FourFour, was 313
];

/// The same under standard on boards up to 15x15, fitted together with
/// [`THREAT_MASK_VALUE_STANDARD`] (`wuzi-tune rule=1 masks=15 codes=100 patterns=0`)
/// to the 1200 standard games behind that table: held-out error 0.12731 to 0.11899
/// (the masks alone had gone from 0.13159 to 0.12741). Against the mask table alone
/// under standard 15x15 at 100 ms/move (game pairs, SPRT 0/10): 866 games, 433 pairs
/// [54, 5, 270, 14, 90], +32.6 Elo [+13.6, +51.8], H1; a second run beside it 950
/// games, 475 pairs [67, 10, 284, 9, 105], +27.5 [+8.5, +46.6], stopped.
///
/// Not kept: a half step on new games alone, as standard 20x20's fourth round
/// (`wuzi-tune rule=1 masks=60 codes=300 patterns=0 step=0.5` on 2400 standard 15x15
/// self-play games played with these tables, `GAMES=2400 RULE=1 scripts/tune-eval.sh`;
/// held-out error 0.11681 to 0.11403, and lower on two other tenths held out). Against
/// these tables at 100 ms/move (SPRT 0/10), two runs side by side: 1253 games +609 =45
/// -599, +2.8 Elo, and 429 games +202 =15 -212, -8.1; together 1682 games +811 =60
/// -811, 0.0 Elo, stopped.
pub const COMBO_BONUS_STANDARD: &[([u8; 4], i32)] = &[
    ([0, 0, 0, 1], -13),  // Two, was 0
    ([0, 0, 0, 2], 24),   // Two, was 0
    ([0, 0, 0, 3], 97),   // Two, was 0
    ([0, 0, 0, 4], -58),  // Two, was 0
    ([0, 0, 1, 0], -7),   // Three, was 0
    ([0, 0, 1, 1], 107),  // Three, was 0
    ([0, 0, 1, 2], 99),   // Three, was 0
    ([0, 0, 1, 3], 185),  // Three, was 0
    ([0, 0, 2, 0], -80),  // ThreeThree, was 0
    ([0, 0, 2, 1], -174), // ThreeThree, was 0
    ([0, 0, 2, 2], -241), // ThreeThree, was 0
    ([0, 1, 0, 0], -64),  // Four, was 0
    ([0, 1, 0, 1], 201),  // Four, was 0
    ([0, 1, 0, 2], 478),  // Four, was 0
    ([0, 1, 0, 3], 795),  // Four, was 0
    ([0, 1, 1, 0], 1400), // FourThree, was 980
    ([0, 1, 1, 1], 1489), // FourThree, was 980
    ([0, 2, 0, 0], -353), // FourFour, was 313
    ([1, 0, 0, 0], 243),  // FourFour, was 313
    ([1, 0, 0, 1], 306),  // FourFour, was 313
    ([1, 0, 0, 2], 558),  // FourFour, was 313
    ([1, 0, 1, 0], -510), // FourFour, was 313
];

/// The same under caro on boards up to 15x15, fitted together with
/// [`THREAT_MASK_VALUE_CARO`] (`wuzi-tune rule=8 masks=15 codes=100 patterns=0`) to
/// 2100 caro 15x15 games (the 900 behind that table and 1200 more): held-out error
/// 0.10927 to 0.10431 (the masks alone, refitted: 0.10840). Against the mask table
/// alone under caro 15x15 at 100 ms/move (game pairs, SPRT 0/10): 392 games, 196
/// pairs [17, 10, 97, 25, 47], +67.3 Elo [+38.5, +97.1], H1; a second run beside it
/// 409 games, 204 pairs [26, 15, 99, 25, 39], +30.7 [+2.1, +59.8], stopped.
pub const COMBO_BONUS_CARO: &[([u8; 4], i32)] = &[
    ([0, 0, 0, 1], -4),   // Two, was 0
    ([0, 0, 0, 2], 23),   // Two, was 0
    ([0, 0, 0, 3], 56),   // Two, was 0
    ([0, 0, 0, 4], 57),   // Two, was 0
    ([0, 0, 1, 0], 17),   // Three, was 0
    ([0, 0, 1, 1], 140),  // Three, was 0
    ([0, 0, 1, 2], 199),  // Three, was 0
    ([0, 0, 1, 3], 239),  // Three, was 0
    ([0, 0, 2, 0], 273),  // ThreeThree, was 0
    ([0, 0, 2, 1], 365),  // ThreeThree, was 0
    ([0, 0, 2, 2], 951),  // ThreeThree, was 0
    ([0, 1, 0, 0], -119), // Four, was 0
    ([0, 1, 0, 1], 164),  // Four, was 0
    ([0, 1, 0, 2], 457),  // Four, was 0
    ([0, 1, 0, 3], 814),  // Four, was 0
    ([0, 1, 1, 0], 1703), // FourThree, was 980
    ([0, 1, 1, 1], 1704), // FourThree, was 980
    ([0, 2, 0, 0], 196),  // FourFour, was 313
    ([0, 2, 0, 1], 882),  // FourFour, was 313
    ([1, 0, 0, 0], 344),  // FourFour, was 313
    ([1, 0, 0, 1], 568),  // FourFour, was 313
    ([1, 0, 0, 2], 882),  // FourFour, was 313
    ([1, 0, 1, 0], 44),   // FourFour, was 313
];

/// The same under freestyle on boards up to 15x15, fitted together with
/// [`THREAT_MASK_VALUE`] (`wuzi-tune rule=0 masks=15 codes=100 patterns=0`) to 2400
/// freestyle 15x15 games: held-out error 0.13504 to 0.13249. Against the mask table
/// alone under freestyle 15x15 at 100 ms/move (game pairs, SPRT 0/10), two runs side
/// by side, both H1: 608 games, 304 pairs [35, 3, 187, 5, 74], +46.0 Elo [+22.7,
/// +69.7]; 539 games, 269 pairs [27, 5, 166, 8, 63], +48.8 [+24.7, +73.3].
pub const COMBO_BONUS_FREESTYLE: &[([u8; 4], i32)] = &[
    ([0, 0, 0, 1], -11),  // Two, was 0
    ([0, 0, 0, 2], 27),   // Two, was 0
    ([0, 0, 0, 3], 40),   // Two, was 0
    ([0, 0, 0, 4], 142),  // Two, was 0
    ([0, 0, 1, 0], 2),    // Three, was 0
    ([0, 0, 1, 1], 109),  // Three, was 0
    ([0, 0, 1, 2], 139),  // Three, was 0
    ([0, 0, 1, 3], 115),  // Three, was 0
    ([0, 0, 2, 0], -182), // ThreeThree, was 0
    ([0, 0, 2, 1], -43),  // ThreeThree, was 0
    ([0, 0, 2, 2], -348), // ThreeThree, was 0
    ([0, 1, 0, 0], -110), // Four, was 0
    ([0, 1, 0, 1], 190),  // Four, was 0
    ([0, 1, 0, 2], 473),  // Four, was 0
    ([0, 1, 0, 3], 574),  // Four, was 0
    ([0, 1, 1, 0], 1164), // FourThree, was 980
    ([0, 1, 1, 1], 1155), // FourThree, was 980
    ([0, 1, 1, 2], 640),  // FourThree, was 980
    ([0, 2, 0, 0], -373), // FourFour, was 313
    ([1, 0, 0, 0], 279),  // FourFour, was 313
    ([1, 0, 0, 1], 430),  // FourFour, was 313
    ([1, 0, 0, 2], 566),  // FourFour, was 313
    ([1, 0, 0, 3], 156),  // FourFour, was 313
    ([1, 0, 1, 0], -255), // FourFour, was 313
    ([1, 0, 1, 1], -474), // FourFour, was 313
];

/// The same under renju on boards up to 15x15 (black's foul cells keep
/// [`foul_bonus`]), fitted together with [`THREAT_MASK_VALUE_RENJU`]
/// (`wuzi-tune rule=4 masks=15 codes=100 patterns=0`) to 1200 renju 15x15 games:
/// held-out error 0.15631 to 0.12667 (renju had no mask table: each fitted alone had
/// lost, see `Params::threat_mask`). Both against neither under renju 15x15 at 100
/// ms/move (game pairs, SPRT 0/10), two runs side by side, both H1: 1080 games, 540
/// pairs [88, 5, 299, 15, 133], +32.3 Elo [+13.4, +51.3]; 974 games, 487 pairs [72,
/// 19, 258, 15, 123], +35.1 [+15.3, +55.1].
pub const COMBO_BONUS_RENJU: &[([u8; 4], i32)] = &[
    ([0, 0, 0, 1], -26),  // Two, was 0
    ([0, 0, 0, 2], -1),   // Two, was 0
    ([0, 0, 0, 3], -7),   // Two, was 0
    ([0, 0, 0, 4], -137), // Two, was 0
    ([0, 0, 1, 0], -40),  // Three, was 0
    ([0, 0, 1, 1], 23),   // Three, was 0
    ([0, 0, 1, 2], 3),    // Three, was 0
    ([0, 0, 1, 3], 57),   // Three, was 0
    ([0, 0, 2, 0], -253), // ThreeThree, was 0
    ([0, 0, 2, 1], -221), // ThreeThree, was 0
    ([0, 0, 2, 2], 128),  // ThreeThree, was 0
    ([0, 1, 0, 0], -110), // Four, was 0
    ([0, 1, 0, 1], 148),  // Four, was 0
    ([0, 1, 0, 2], 301),  // Four, was 0
    ([0, 1, 0, 3], 98),   // Four, was 0
    ([0, 1, 1, 0], 892),  // FourThree, was 980
    ([0, 1, 1, 1], 1010), // FourThree, was 980
    ([1, 0, 0, 0], 29),   // FourFour, was 313
    ([1, 0, 0, 1], 110),  // FourFour, was 313
    ([1, 0, 0, 2], 169),  // FourFour, was 313
    ([1, 0, 1, 0], -385), // FourFour, was 313
    ([1, 0, 1, 1], -618), // FourFour, was 313
];

/// The same under renju on boards larger than 15x15 (black's foul cells keep
/// [`foul_bonus`]), fitted together with [`THREAT_MASK_VALUE_RENJU_LARGE`]
/// (`wuzi-tune rule=4 masks=15 codes=100 patterns=0`) to 1200 renju 20x20
/// self-play games (`GAMES=1200 RULE=4 SIZE=20 SEED=4950 scripts/tune-eval.sh`;
/// 19,945 training positions): held-out error 0.16254 (no tables) to 0.12568. Both
/// against neither under renju 20x20 (`renju20.txt`) at 100 ms/move (game pairs, SPRT
/// 0/10), two runs side by side, both H1: 166 games, 83 pairs [3, 0, 43, 0, 37],
/// +151.2 Elo [+103.4, +205.1]; 246 games, 123 pairs [9, 0, 66, 0, 48], +114.1
/// [+74.3, +157.0].
///
/// Second round: 1200 new renju 20x20 games played with those two tables (`SEED=4952`),
/// both tables refitted together on all 2400 games (held-out error 0.12184 to 0.11975).
/// Against the first round under renju 20x20 at 100 ms/move (game pairs, SPRT 0/10):
/// 1390 games, 695 pairs [106, 0, 435, 0, 154], +24.0 Elo [+8.3, +39.9], H1.
///
/// A third round did not gain: 1200 new games (`SEED=5002`), both tables refitted on
/// all 3600 (held-out error 0.11856 to 0.11794); against the second round, 1442
/// games, 721 pairs [125, 0, 467, 0, 129], +1.9 Elo [-13.1, +17.0], stopped.
///
/// Nor a round on new games alone as standard 20x20's fourth: 2000 games played with
/// these tables (`GAMES=2000 RULE=4 SIZE=20 SEED=7002 scripts/tune-eval.sh`), both
/// tables refitted with `masks=60 codes=300 patterns=0 step=0.5` (held-out error
/// 0.12236 to 0.12225, and lower on two other tenths held out: 0.11285 to 0.11033,
/// 0.12212 to 0.12150). Against these tables under renju 20x20 at 100 ms/move (SPRT
/// 0/10): 698 games +318 =0 -380, -30.9 Elo, stopped at LLR -2.78.
pub const COMBO_BONUS_RENJU_LARGE: &[([u8; 4], i32)] = &[
    ([0, 0, 0, 1], -26),  // Two, was 0
    ([0, 0, 0, 2], 5),    // Two, was 0
    ([0, 0, 0, 3], 19),   // Two, was 0
    ([0, 0, 0, 4], 4),    // Two, was 0
    ([0, 0, 1, 0], -8),   // Three, was 0
    ([0, 0, 1, 1], 113),  // Three, was 0
    ([0, 0, 1, 2], 58),   // Three, was 0
    ([0, 0, 1, 3], -94),  // Three, was 0
    ([0, 0, 2, 0], -262), // ThreeThree, was 0
    ([0, 0, 2, 1], -20),  // ThreeThree, was 0
    ([0, 0, 2, 2], -501), // ThreeThree, was 0
    ([0, 1, 0, 0], -3),   // Four, was 0
    ([0, 1, 0, 1], 297),  // Four, was 0
    ([0, 1, 0, 2], 353),  // Four, was 0
    ([0, 1, 0, 3], 340),  // Four, was 0
    ([0, 1, 1, 0], 790),  // FourThree, was 980
    ([0, 1, 1, 1], 906),  // FourThree, was 980
    ([0, 1, 1, 2], 1133), // FourThree, was 980
    ([1, 0, 0, 0], 103),  // FourFour, was 313
    ([1, 0, 0, 1], 215),  // FourFour, was 313
    ([1, 0, 0, 2], 373),  // FourFour, was 313
    ([1, 0, 0, 3], 482),  // FourFour, was 313
    ([1, 0, 1, 0], -300), // FourFour, was 313
    ([1, 0, 1, 1], -456), // FourFour, was 313
];
