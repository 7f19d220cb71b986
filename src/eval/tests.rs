use super::classical::*;
use crate::board::Board;
use crate::types::{Color, Pos, Rule};

/// The threat mask puts the side to move's classes in the low five bits and the
/// opponent's in the next five: black's open three (two points that make an open
/// four, a FourFour cell each, and the points that make a plain four) shows in
/// black's bits when black is to move and in the opponent's bits when white is.
#[test]
fn threat_mask_bits_follow_the_side_to_move() {
    let mut b = Board::new(15, 15, Rule::Freestyle);
    for (x, y) in [(7, 7), (0, 0), (8, 7), (0, 14), (9, 7)] {
        b.play(Pos::new(x, y)).unwrap();
    }
    let (four_four, four) = (1usize, 1usize << 2);
    let black = b.threat_mask(Color::White) >> 5;
    assert_eq!(b.side_to_move(), Color::White);
    assert_eq!(b.threat_mask(Color::White) & 31, 0, "white has no threat");
    assert_eq!(black & (four_four | four), four_four | four);
    b.play(Pos::new(14, 14)).unwrap();
    assert_eq!(
        b.threat_mask(Color::Black),
        black,
        "the same classes, own bits now"
    );
}

/// Each rule and board size gets the threat-mask table fitted for it, every rule
/// its own on boards larger than 15x15 too; and its combination bonuses.
#[test]
fn threat_mask_table_follows_rule_and_size() {
    let table = |w, h, rule| -> Vec<(u16, i32)> {
        let t = threat_mask_table(&Board::new(w, h, rule));
        (0..THREAT_MASKS as u16)
            .filter(|&m| t[m as usize] != 0)
            .map(|m| (m, t[m as usize]))
            .collect()
    };
    let free_large = THREAT_MASK_VALUE_FREESTYLE_LARGE.to_vec();
    assert_eq!(table(15, 15, Rule::Freestyle), THREAT_MASK_VALUE.to_vec());
    assert_eq!(table(20, 20, Rule::Freestyle), free_large);
    assert_eq!(table(16, 15, Rule::Freestyle), free_large);
    assert_eq!(
        table(20, 20, Rule::Renju),
        THREAT_MASK_VALUE_RENJU_LARGE.to_vec()
    );
    assert_eq!(table(15, 15, Rule::Renju), THREAT_MASK_VALUE_RENJU.to_vec());
    assert_eq!(
        table(15, 15, Rule::Standard),
        THREAT_MASK_VALUE_STANDARD.to_vec()
    );
    assert_eq!(
        table(20, 20, Rule::Standard),
        THREAT_MASK_VALUE_STANDARD_LARGE.to_vec()
    );
    assert_eq!(
        table(12, 12, Rule::CaroStandard),
        THREAT_MASK_VALUE_CARO.to_vec()
    );
    assert_eq!(
        table(20, 20, Rule::Caro),
        THREAT_MASK_VALUE_CARO_LARGE.to_vec()
    );
    assert_ne!(free_large, THREAT_MASK_VALUE.to_vec());
    // The combination bonuses: freestyle's, standard's and renju's own on both
    // sizes, caro's own up to 15x15, none on larger caro boards.
    let bonuses = |w, h, rule| Board::new(w, h, rule).combo_bonuses().to_vec();
    assert_eq!(
        bonuses(20, 20, Rule::Freestyle),
        COMBO_BONUS_FREESTYLE_LARGE
    );
    assert_eq!(bonuses(15, 15, Rule::Freestyle), COMBO_BONUS_FREESTYLE);
    assert_eq!(bonuses(15, 15, Rule::Renju), COMBO_BONUS_RENJU);
    assert_eq!(bonuses(20, 20, Rule::Standard), COMBO_BONUS_STANDARD_LARGE);
    assert_eq!(bonuses(15, 15, Rule::Standard), COMBO_BONUS_STANDARD);
    assert_eq!(bonuses(9, 12, Rule::Standard), COMBO_BONUS_STANDARD);
    assert_eq!(bonuses(20, 20, Rule::Renju), COMBO_BONUS_RENJU_LARGE);
    assert_eq!(bonuses(15, 15, Rule::Caro), COMBO_BONUS_CARO);
    assert_eq!(bonuses(15, 15, Rule::CaroStandard), COMBO_BONUS_CARO);
    assert_eq!(bonuses(20, 20, Rule::Caro), COMBO_BONUS);
    assert_ne!(COMBO_BONUS_FREESTYLE_LARGE, COMBO_BONUS);
}
