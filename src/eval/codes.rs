//! Fitted bonuses of single combination codes, per rule and board class (see
//! [`super::classical::combo_bonus`]).
/// Fitted bonuses of single combinations, in place of their threat class's
/// [`THREAT_BONUS`]: the counts of open fours, fours, open threes and twos (no five),
/// and the bonus. `wuzi-tune codes=N` fits them with the pattern values. None here
/// (caro on larger boards, where the fit raised the held-out error): every other rule
/// and size has its own list, fitted with its threat-mask table.
pub const COMBO_BONUS: &[([u8; 4], i32)] = &[];

/// The same under freestyle on boards larger than 15x15: `wuzi-tune codes=100
/// patterns=0` on self-play games, refitted with [`THREAT_MASK_VALUE_FREESTYLE_LARGE`]
/// over three rounds, each kept on a match.
/// Fits and matches: `COMBO_BONUS_FREESTYLE_LARGE` in docs/experiments.md.
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

/// The same under standard on boards larger than 15x15, fitted the same way with
/// [`THREAT_MASK_VALUE_STANDARD_LARGE`] over four rounds (the fourth on new games alone,
/// each value moved half way to the fit: `wuzi-tune step=0.5`), each kept on a match.
/// Fits and matches: `COMBO_BONUS_STANDARD_LARGE` in docs/experiments.md.
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
/// [`THREAT_MASK_VALUE_STANDARD`] (`wuzi-tune rule=1 masks=15 codes=100 patterns=0`).
/// Fits and matches: `COMBO_BONUS_STANDARD` in docs/experiments.md.
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
/// [`THREAT_MASK_VALUE_CARO`] (`wuzi-tune rule=8 masks=15 codes=100 patterns=0`).
/// Fits and matches: `COMBO_BONUS_CARO` in docs/experiments.md.
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
/// [`THREAT_MASK_VALUE`] (`wuzi-tune rule=0 masks=15 codes=100 patterns=0`).
/// Fits and matches: `COMBO_BONUS_FREESTYLE` in docs/experiments.md.
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
/// (`wuzi-tune rule=4 masks=15 codes=100 patterns=0`).
/// Fits and matches: `COMBO_BONUS_RENJU` in docs/experiments.md.
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
/// [`foul_bonus`]), fitted together with [`THREAT_MASK_VALUE_RENJU_LARGE`] in two
/// rounds.
/// Fits and matches: `COMBO_BONUS_RENJU_LARGE` in docs/experiments.md.
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
