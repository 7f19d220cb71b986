//! Pure time manager: from the manager's clock settings to soft and hard limits.
//!
//! No I/O and no clock reads: the caller passes in what it knows and gets durations back.
//! The clock itself starts when the move command arrives (the caller's `Instant`).

use std::time::Duration;

/// `time_left` value that managers use to mean "no match limit".
pub const UNLIMITED_MS: i64 = 2_147_483_647;
/// Per-move time used when the manager sent neither a turn nor a match limit.
pub const DEFAULT_TURN_MS: u64 = 5_000;

/// What the manager told us about the clock (`INFO timeout_turn`, `timeout_match`,
/// `time_left`), plus our own count of time used this game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// `INFO timeout_turn`, if sent. `Some(0)` means "move at once".
    pub timeout_turn: Option<u64>,
    /// `INFO timeout_match`, if sent. 0 means no match limit.
    pub timeout_match: Option<u64>,
    /// The last `INFO time_left`, if sent this game. May be negative.
    pub time_left: Option<i64>,
    /// Our own think time this game in ms (used when `time_left` is never sent).
    pub used_ms: u64,
}

/// The limits for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Aim to finish by this time; no new iteration starts after it.
    pub soft: Duration,
    /// Never think longer than this.
    pub hard: Duration,
}

impl Budget {
    /// A budget that means "move at once" (the search still completes depth 1).
    pub const INSTANT: Budget = Budget {
        soft: Duration::ZERO,
        hard: Duration::ZERO,
    };
}

/// Match-clock time kept back for each move that may still come ...
pub const RESERVE_PER_MOVE_MS: u64 = 20;
/// ... counting at most this many moves.
pub const RESERVE_MOVES: usize = 60;

/// Our moves still to come on an empty board, as [`Clock::budget`] plans the match
/// clock: self-play games end in about 18 moves a side, and 24 (Rapfi plans about 22)
/// keeps time for long games (tuned: `MOVES_LEFT` in docs/experiments.md).
pub const MOVES_LEFT: u32 = 24;
/// The same for the hard limit: a longer game, so that the hard limits of every move
/// together still fit in the clock.
pub const HARD_MOVES_LEFT: u32 = 40;

/// Safety margin kept back from a limit of `limit_ms`: process and pipe latency,
/// the time between node-count checks, and the move's output.
pub fn margin_ms(limit_ms: u64) -> u64 {
    (30 + limit_ms / 16).min(300)
}

/// `v` as an `i64`, capped at `i64::MAX`.
fn saturating_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

impl Clock {
    /// Remaining match time in ms, or `None` when there is no match limit.
    pub fn match_left_ms(&self) -> Option<i64> {
        match self.time_left {
            Some(t) if t != UNLIMITED_MS => Some(t),
            Some(_) => None,
            None => match self.timeout_match {
                // Saturating: `m as i64` would turn a limit of 2^63 ms or more negative,
                // which reads as "no time left" and plays every move instantly.
                Some(m) if m > 0 => {
                    Some(saturating_i64(m).saturating_sub(saturating_i64(self.used_ms)))
                }
                _ => None,
            },
        }
    }

    /// The longest one move may take under the settings (the turn limit, a tenth of
    /// the match limit, or [`DEFAULT_TURN_MS`] with neither), whatever time is left:
    /// what sizes the transposition table, so it must not change from move to move.
    pub fn longest_move_ms(&self) -> u64 {
        let per_match = self.timeout_match.filter(|&m| m > 0).map(|m| m / 10);
        match (self.timeout_turn, per_match) {
            (Some(t), Some(m)) => t.min(m),
            (Some(t), None) => t,
            (None, Some(m)) => m,
            (None, None) => DEFAULT_TURN_MS,
        }
    }

    /// The per-turn limit in ms, if any.
    pub fn turn_limit_ms(&self) -> Option<u64> {
        match self.timeout_turn {
            Some(t) => Some(t),
            None if self.match_left_ms().is_none() => Some(DEFAULT_TURN_MS),
            None => None,
        }
    }

    /// The budget for the next move. `stones` is the number of stones on the board and
    /// `empties` the number of empty points (both used to spread the match clock).
    pub fn budget(&self, stones: usize, empties: usize) -> Budget {
        self.budget_planning(stones, empties, MOVES_LEFT)
    }

    /// [`Clock::budget`], planning the match clock for `moves_left` more moves of ours
    /// on an empty board; the plan shrinks by `moves_left`/120 a stone (a move for every
    /// 5 stones when it is 24), down to 3/10 of it.
    pub fn budget_planning(&self, stones: usize, empties: usize, moves_left: u32) -> Budget {
        let turn = self.turn_limit_ms();
        let left = self.match_left_ms();
        if turn == Some(0) || left.is_some_and(|l| l <= 0) {
            return Budget::INSTANT;
        }
        let mut soft = u64::MAX;
        let mut hard = u64::MAX;
        if let Some(t) = turn {
            let avail = t.saturating_sub(margin_ms(t));
            hard = avail;
            // Divide first: `avail * 4` overflows past 2^62 ms (in a release build it
            // wraps, and can wrap to a soft limit of 0: a move played at once).
            // An iteration started before the soft limit runs on to the hard one, so
            // the soft limit stops at 4/5 of it (at the hard one: `Clock::budget_planning:
            // soft limit` in docs/experiments.md).
            soft = avail / 5 * 4;
        }
        if let Some(l) = left {
            let l = l as u64;
            // Every move costs the match clock some latency besides the search, so a
            // reserve for the moves that may still come is never planned away: once the
            // clock is down to it, moves are played at once. (The soak lost a game with
            // 9 ms left: spending a share of what is left shrinks it geometrically.)
            let moves_may_come = (empties / 2 + 1).min(RESERVE_MOVES) as u64;
            let reserve = moves_may_come * RESERVE_PER_MOVE_MS;
            let avail = l.saturating_sub(margin_ms(l)).saturating_sub(reserve);
            // Our moves still to come, never more than the empty points allow: the
            // soft limit plans for `moves_left`, the hard one for a long game
            // (`HARD_MOVES_LEFT`), so that even a search that runs to the hard limit
            // on every move keeps time for a game of over 100 moves a side.
            let to_go = |plan: u32| {
                let plan = plan.max(1) as usize;
                let expected = (plan * 120usize.saturating_sub(stones) / 120).max(plan * 3 / 10);
                expected.min(empties / 2 + 1).max(1) as u64
            };
            soft = soft.min(avail / to_go(moves_left));
            let long_share = avail / to_go(HARD_MOVES_LEFT.max(moves_left));
            hard = hard.min(avail).min(long_share.saturating_mul(4).max(1));
        }
        if soft == u64::MAX {
            soft = DEFAULT_TURN_MS;
            hard = DEFAULT_TURN_MS;
        }
        Budget {
            soft: Duration::from_millis(soft.min(hard)),
            hard: Duration::from_millis(hard),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(d: Duration) -> u64 {
        d.as_millis() as u64
    }

    #[test]
    fn turn_limit_only() {
        let c = Clock {
            timeout_turn: Some(1000),
            timeout_match: Some(0),
            time_left: Some(UNLIMITED_MS),
            used_ms: 0,
        };
        let b = c.budget(10, 200);
        assert!(ms(b.hard) < 1000 && ms(b.hard) >= 850, "{b:?}");
        assert!(b.soft <= b.hard);
    }

    #[test]
    fn the_longest_move_follows_the_settings_not_the_time_left() {
        let mut c = Clock::default();
        assert_eq!(c.longest_move_ms(), DEFAULT_TURN_MS);
        c.timeout_turn = Some(100);
        c.timeout_match = Some(0);
        assert_eq!(c.longest_move_ms(), 100);
        c.timeout_match = Some(180_000);
        c.timeout_turn = Some(30_000);
        assert_eq!(c.longest_move_ms(), 18_000);
        c.time_left = Some(500);
        assert_eq!(c.longest_move_ms(), 18_000);
        c.timeout_turn = None;
        assert_eq!(c.longest_move_ms(), 18_000);
        c.timeout_turn = Some(u64::MAX);
        c.timeout_match = Some(0);
        assert_eq!(c.longest_move_ms(), u64::MAX);
    }

    #[test]
    fn zero_turn_or_negative_left_is_instant() {
        let c = Clock {
            timeout_turn: Some(0),
            ..Clock::default()
        };
        assert_eq!(c.budget(0, 225), Budget::INSTANT);
        let c = Clock {
            timeout_turn: Some(5000),
            time_left: Some(-5),
            ..Clock::default()
        };
        assert_eq!(c.budget(0, 225), Budget::INSTANT);
    }

    #[test]
    fn match_clock_is_spread_and_never_exceeded() {
        let c = Clock {
            timeout_turn: Some(5000),
            timeout_match: Some(60000),
            time_left: Some(150),
            used_ms: 0,
        };
        let b = c.budget(4, 221);
        assert!(ms(b.hard) < 150, "{b:?}");
        let c = Clock {
            timeout_turn: Some(30000),
            timeout_match: Some(180000),
            time_left: Some(180000),
            used_ms: 0,
        };
        let b = c.budget(0, 225);
        assert!(ms(b.soft) <= 180000 / 12 && ms(b.soft) >= 2000, "{b:?}");
        assert!(ms(b.hard) <= 30000);
    }

    /// The soak's match-clock games (10 s a game, 2 s a move, no tolerance) lost one on
    /// time with 9 ms left, and a qpiskvork game (60 s a game, 5 s a move) ran to a
    /// nearly full board and lost on time: qpiskvork charges 11 to 14 ms to a move
    /// answered at once. Play a game to a full board against the budget, charging every
    /// move its budget plus such a latency: the clock must never run out.
    #[test]
    fn match_clock_keeps_a_reserve_for_the_moves_to_come() {
        for (game, turn, latency) in [(10_000, 2000, 8), (60_000, 5000, 15)] {
            let mut left: i64 = game;
            let mut empties = 224usize;
            while empties > 1 {
                let c = Clock {
                    timeout_turn: Some(turn),
                    timeout_match: Some(game as u64),
                    time_left: Some(left),
                    used_ms: 0,
                };
                let b = c.budget(225 - empties, empties);
                // The worst case: the search runs to the hard limit every time.
                left -= ms(b.hard) as i64 + latency;
                assert!(
                    left > 0,
                    "{game} ms a game: ran out with {empties} empty points"
                );
                empties -= 2;
            }
        }
        // Early moves still get a fair share.
        let c = Clock {
            timeout_turn: Some(2000),
            timeout_match: Some(10_000),
            time_left: Some(10_000),
            used_ms: 0,
        };
        assert!(ms(c.budget(5, 220).soft) >= 150, "{:?}", c.budget(5, 220));
    }

    /// A shorter plan spends more of the clock on each move, but only through the
    /// soft limit: the hard limit plans for a long game whatever the soft plan.
    #[test]
    fn the_plan_moves_the_soft_limit_only() {
        let c = Clock {
            timeout_turn: Some(30_000),
            timeout_match: Some(180_000),
            time_left: Some(180_000),
            used_ms: 0,
        };
        let long = c.budget_planning(0, 225, HARD_MOVES_LEFT);
        let short = c.budget_planning(0, 225, 20);
        assert_eq!(short.hard, long.hard);
        assert!(
            short.soft.as_millis() * 10 > long.soft.as_millis() * 19,
            "{short:?} {long:?}"
        );
        assert!(short.soft < short.hard);
        // Later in the game the plan shrinks, so each move gets a larger share.
        let later = c.budget_planning(60, 165, 20);
        assert!(later.soft > short.soft, "{later:?} {short:?}");
    }

    #[test]
    fn match_limit_without_time_left_uses_own_count() {
        // liskvork sends timeout_match but never time_left.
        let c = Clock {
            timeout_turn: None,
            timeout_match: Some(10000),
            time_left: None,
            used_ms: 9990,
        };
        assert_eq!(c.budget(30, 195), Budget::INSTANT);
        let c = Clock { used_ms: 5000, ..c };
        let b = c.budget(30, 195);
        assert!(ms(b.hard) < 5000 && ms(b.hard) > 0, "{b:?}");
    }

    /// Found by tests/fuzz_session.rs: `INFO timeout_match 9223372036854775808` (2^63)
    /// was read as a negative match time, so every move was played at once.
    #[test]
    fn huge_match_limit_is_plenty_not_negative() {
        for (m, used_ms) in [(1 << 63, 0), (u64::MAX, 0), (1 << 63, 1234)] {
            let c = Clock {
                timeout_match: Some(m),
                used_ms,
                ..Clock::default()
            };
            assert_eq!(c.match_left_ms(), Some(i64::MAX - used_ms as i64));
            let b = c.budget(0, 25);
            assert!(ms(b.hard) > 1000 && b.soft <= b.hard, "{m}: {b:?}");
        }
    }

    /// Found by tests/fuzz_session.rs (debug build: "attempt to multiply with
    /// overflow"): `INFO timeout_turn 4611686018427388204`. In a release build the
    /// product wrapped to a soft limit of 0 ms.
    #[test]
    fn huge_turn_limit_does_not_overflow() {
        for t in [4611686018427388204, 1 << 62, u64::MAX / 4 + 1, u64::MAX] {
            let c = Clock {
                timeout_turn: Some(t),
                ..Clock::default()
            };
            let b = c.budget(0, 225);
            assert!(ms(b.soft) > 1000 && b.soft <= b.hard, "{t}: {b:?}");
        }
    }

    #[test]
    fn nothing_sent_uses_default_turn() {
        let b = Clock::default().budget(0, 225);
        assert!(ms(b.hard) < DEFAULT_TURN_MS && ms(b.hard) > DEFAULT_TURN_MS / 2);
    }
}
