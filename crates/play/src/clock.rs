//! A game clock: each player's time left, counted down by the time a move takes, with an
//! increment a move. Times are at most 24 h and the arithmetic saturates, so nothing wraps
//! however long a game or a move takes. The clock reads no time itself: the match tells it how
//! long a move took, measured on the timer the front end handed in.

use hetproba_engine::rules::describe::format_ms;
use hetproba_engine::rules::model::{Clock, PlayerId};
use std::time::Duration;

/// Both players' time left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    control: Clock,
    left_ms: [u64; 2],
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl Clocks {
    /// Both players with the control's initial time.
    pub fn new(control: Clock) -> Clocks {
        Clocks { control, left_ms: [control.initial_ms; 2] }
    }

    /// The control with `left_ms` left, the first player's first: clocks that have run.
    pub fn with_left(control: Clock, left_ms: [u64; 2]) -> Clocks {
        Clocks { control, left_ms }
    }

    /// The time control.
    pub fn control(&self) -> Clock {
        self.control
    }

    /// `side`'s time left.
    pub fn left(&self, side: PlayerId) -> Duration {
        Duration::from_millis(self.left_ms[side.index()])
    }

    /// Both players' time left, in milliseconds, the first player's first.
    pub fn left_ms(&self) -> [u64; 2] {
        self.left_ms
    }

    /// Takes `used` from `side`'s time, without the increment; false if that was more than it
    /// had (its time ran out, and it is now zero).
    pub fn spend(&mut self, side: PlayerId, used: Duration) -> bool {
        let used = millis(used);
        let left = &mut self.left_ms[side.index()];
        if used > *left {
            *left = 0;
            return false;
        }
        *left -= used;
        true
    }

    /// Takes `used` from `side`'s time, then adds the increment; false if `used` was more than
    /// it had (its time ran out, and it is now zero).
    pub fn charge(&mut self, side: PlayerId, used: Duration) -> bool {
        if !self.spend(side, used) {
            return false;
        }
        let left = &mut self.left_ms[side.index()];
        *left = left.saturating_add(self.control.increment_ms);
        true
    }

    /// `side`'s time runs out now.
    pub fn flag(&mut self, side: PlayerId) {
        self.left_ms[side.index()] = 0;
    }
}

/// A time left as `m:ss.t` (`4:59.8`).
pub fn format_clock(ms: u64) -> String {
    format!("{}:{:02}.{}", ms / 60_000, (ms / 1000) % 60, (ms % 1000) / 100)
}

/// A time control as the command line and the records write it: `5m`, `3m+2s`.
pub fn control_label(control: &Clock) -> String {
    let increment = if control.increment_ms > 0 { format!("+{}", format_ms(control.increment_ms)) } else { String::new() };
    format_ms(control.initial_ms) + &increment
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetproba_engine::rules::MAX_CLOCK_MS;

    #[test]
    fn clocks_never_wrap() {
        let mut clocks = Clocks::new(Clock { initial_ms: 1000, increment_ms: MAX_CLOCK_MS });
        assert!(clocks.charge(PlayerId::FIRST, Duration::from_millis(1000)), "all the time, and not more");
        assert_eq!(clocks.left_ms()[0], MAX_CLOCK_MS);
        assert!(!clocks.charge(PlayerId::SECOND, Duration::MAX));
        assert_eq!(clocks.left(PlayerId::SECOND), Duration::ZERO);
        clocks.left_ms[0] = u64::MAX - 1;
        assert!(clocks.charge(PlayerId::FIRST, Duration::ZERO));
        assert_eq!(clocks.left_ms()[0], u64::MAX);
        assert_eq!(format_clock(MAX_CLOCK_MS), "1440:00.0");
    }

    #[test]
    fn time_spent_before_an_undo_counts_without_the_increment() {
        let mut clocks = Clocks::new(Clock { initial_ms: 1000, increment_ms: 500 });
        assert!(clocks.spend(PlayerId::FIRST, Duration::from_millis(400)));
        assert_eq!(clocks.left_ms()[0], 600);
        assert!(clocks.spend(PlayerId::FIRST, Duration::from_millis(600)), "all the time, and not more");
        assert!(!clocks.spend(PlayerId::SECOND, Duration::MAX));
        assert_eq!(clocks.left_ms(), [0, 0]);
    }

    #[test]
    fn controls_are_written_as_they_are_read() {
        for text in ["5m", "3m+2s", "1m30s", "60m", "500ms"] {
            let control = hetproba_engine::rules::parse_clock(text).expect("a clock");
            assert_eq!(control_label(&control), text);
        }
    }
}
