//! UTC calendar dates without a time-zone database.
//!
//! The data store's manifests date each chunk (`YYYY-MM-DD`) and PGN headers date each
//! game by its start (`YYYY.MM.DD`); both need only the UTC day of a system time, which
//! Howard Hinnant's days-to-civil algorithm gives in a few integer operations.

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

/// A day of the proleptic Gregorian calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub year: i64,
    pub month: u32,
    pub day: u32,
}

impl Date {
    /// Today, UTC.
    pub fn today() -> Date {
        Date::of(SystemTime::now())
    }

    /// The UTC day that `time` falls in; times before 1970 count as 1970-01-01.
    pub fn of(time: SystemTime) -> Date {
        let seconds = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        Date::from_days_since_epoch((seconds / 86_400) as i64)
    }

    /// The date `days` days after 1970-01-01 (before it when negative).
    pub fn from_days_since_epoch(days: i64) -> Date {
        // Count from 0000-03-01 so that the leap day ends each 400-year era's years.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let day_of_era = z.rem_euclid(146_097);
        let year_of_era =
            (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let month_index = (5 * day_of_year + 2) / 153;
        let day = (day_of_year - (153 * month_index + 2) / 5 + 1) as u32;
        let month = if month_index < 10 { month_index + 3 } else { month_index - 9 } as u32;
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        Date { year, month, day }
    }

    /// `YYYY.MM.DD`, as PGN's Date tag writes it.
    pub fn pgn(self) -> String {
        format!("{:04}.{:02}.{:02}", self.year, self.month, self.day)
    }
}

/// `YYYY-MM-DD` (ISO 8601).
impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn date(days: i64) -> String {
        Date::from_days_since_epoch(days).to_string()
    }

    #[test]
    fn days_count_from_the_epoch() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(-1), "1969-12-31");
        assert_eq!(date(59), "1970-03-01");
        assert_eq!(date(11_016), "2000-02-29");
        assert_eq!(date(19_723), "2024-01-01");
        assert_eq!(date(20_793), "2026-12-06");
    }

    #[test]
    fn leap_days_follow_the_gregorian_rule() {
        // 2100 is not a leap year, 2000 was.
        assert_eq!(date(47_540), "2100-02-28");
        assert_eq!(date(47_541), "2100-03-01");
        assert_eq!(date(11_015), "2000-02-28");
    }

    fn month_length(date: Date) -> u32 {
        let leap = date.year % 4 == 0 && (date.year % 100 != 0 || date.year % 400 == 0);
        match date.month {
            2 if leap => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        }
    }

    #[test]
    fn every_day_follows_the_one_before() {
        let mut previous = Date::from_days_since_epoch(-800);
        for days in -799..150_000 {
            let next = Date::from_days_since_epoch(days);
            let same_month = next.year == previous.year && next.month == previous.month;
            if same_month {
                assert_eq!(next.day, previous.day + 1, "{next}");
            } else {
                assert_eq!(next.day, 1, "{next}");
                assert_eq!(previous.day, month_length(previous), "{previous}");
                let new_year = next.year == previous.year + 1 && next.month == 1;
                assert!(new_year || next.month == previous.month + 1, "{next}");
            }
            previous = next;
        }
    }

    #[test]
    fn times_fall_in_their_utc_day() {
        let end_of_1970 = UNIX_EPOCH + Duration::from_secs(86_400 * 365 - 1);
        assert_eq!(Date::of(end_of_1970).pgn(), "1970.12.31");
        assert_eq!(Date::of(end_of_1970 + Duration::from_secs(1)).pgn(), "1971.01.01");
        assert_eq!(Date::of(UNIX_EPOCH - Duration::from_secs(5)).to_string(), "1970-01-01");
    }
}
