//! The range of every number the command line takes, and the parsers that hold options to them.
//! README.md ("Limits") lists the same ranges; each option's --help names its own.
//!
//! Out of range is bad usage (exit status 2), with one message that names the range. A value
//! that starts with `-` reaches these parsers (the options allow hyphen values), so `-1` is told
//! it is out of range rather than mistaken for an option.

/// `perft DEPTH` and `compare --depth`: the move tree is searched depth first, one stack frame a
/// ply; no published count goes past depth 20.
pub const MAX_DEPTH: u32 = 64;
/// `perft --threads` and `selfplay --jobs`.
pub const MAX_THREADS: usize = 256;
/// `selfplay --games`.
pub const MAX_GAMES: u64 = 10_000_000;
/// `compare --play`: the games of both rulesets are kept in memory.
pub const MAX_COMPARE_GAMES: u64 = 100_000;
/// `selfplay --max-plies` and `play --max-plies`.
pub const MAX_PLIES: usize = 100_000;
/// `compare --time`, in seconds (24 h).
pub const MAX_COMPARE_SECONDS: f64 = 86_400.0;

/// A parser for an integer from `min` to `max`, for clap's `value_parser`.
pub fn integer<T>(min: T, max: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    move |text: &str| match text.trim().parse::<T>() {
        Ok(n) if n >= min && n <= max => Ok(n),
        _ => Err(format!("expected an integer from {min} to {max}")),
    }
}

/// `compare --time`: seconds above 0 and at most 24 h.
pub fn seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s <= MAX_COMPARE_SECONDS => Ok(s),
        _ => Err(format!("expected a number of seconds above 0 and at most {MAX_COMPARE_SECONDS} (24 h)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_in_and_out_of_range() {
        let depth = integer(0u32, MAX_DEPTH);
        assert_eq!(depth("0"), Ok(0));
        assert_eq!(depth("64"), Ok(64));
        for bad in ["65", "-1", "4000000000000", "deep", ""] {
            assert_eq!(depth(bad), Err("expected an integer from 0 to 64".to_string()), "{bad}");
        }
    }

    #[test]
    fn seconds_in_and_out_of_range() {
        assert_eq!(seconds("0.5"), Ok(0.5));
        assert_eq!(seconds("86400"), Ok(86400.0));
        for bad in ["0", "-5", "1e19", "1e20", "inf", "NaN", "soon"] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
    }
}
