//! Values in words, for messages: durations (`15 minutes`, `3 days`) and shell words (a path quoted only when
//! it must be).

use std::time::Duration;

/// A duration in words, for every message that names one: under two minutes in seconds, to a tenth under ten
/// (`1 s`, `2.5 s`, `30 s`, `60 s`); past that in the largest unit it is a whole number of (`15 minutes`, `3 days`), else in the
/// largest unit of which it makes two or more, rounded down (`7 minutes`, `3 hours`, `400 days`).
/// `a`, `a and b`, `a, b and c` (or `or`, as `conjunction` says); `None` for no items.
pub fn listed(items: &[String], conjunction: &str) -> Option<String> {
    let (last, rest) = items.split_last()?;
    Some(if rest.is_empty() { last.clone() } else { format!("{} {conjunction} {last}", rest.join(", ")) })
}

pub fn duration_words(duration: Duration) -> String {
    let secs = duration.as_secs();
    if secs < 10 {
        let text = format!("{:.1}", duration.as_secs_f64());
        return format!("{} s", text.trim_end_matches(".0"));
    }
    if secs < 120 {
        return format!("{secs} s");
    }
    let plural = |count: u64, unit: &str| format!("{count} {unit}{}", if count == 1 { "" } else { "s" });
    if secs.is_multiple_of(86_400) {
        return plural(secs / 86_400, "day");
    }
    if secs.is_multiple_of(3_600) && secs < 172_800 {
        return plural(secs / 3_600, "hour");
    }
    match secs {
        // Whole minutes and hours stay exact below two days; past that, days read better than a count of
        // minutes or hours.
        _ if secs < 7_200 || secs.is_multiple_of(60) && secs < 172_800 => plural(secs / 60, "minute"),
        _ if secs < 172_800 => plural(secs / 3_600, "hour"),
        _ => plural(secs / 86_400, "day"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_are_listed_with_commas_and_the_conjunction_before_the_last() {
        let items = |names: &[&str]| names.iter().map(ToString::to_string).collect::<Vec<_>>();
        assert_eq!(listed(&items(&[]), "and"), None);
        assert_eq!(listed(&items(&["a"]), "and").as_deref(), Some("a"));
        assert_eq!(listed(&items(&["a", "b"]), "or").as_deref(), Some("a or b"));
        assert_eq!(listed(&items(&["a", "b", "c"]), "and").as_deref(), Some("a, b and c"));
    }

    #[test]
    fn durations_read_in_a_sensible_unit() {
        let words = duration_words;
        assert_eq!(words(Duration::from_secs(61)), "61 s");
        assert_eq!(words(Duration::from_secs(7 * 60 + 5)), "7 minutes");
        assert_eq!(words(Duration::from_secs(3 * 3_600)), "3 hours");
        assert_eq!(words(Duration::from_secs(400 * 86_400)), "400 days");
        assert_eq!(words(Duration::from_secs(259_200)), "3 days");
        assert_eq!(words(Duration::from_secs(3_600)), "1 hour");
        assert_eq!(words(Duration::from_secs(900)), "15 minutes");
        assert_eq!(words(Duration::from_secs(90)), "90 s");
        assert_eq!(words(Duration::from_millis(2_500)), "2.5 s");
        assert_eq!(words(Duration::from_secs(60)), "60 s");
        assert_eq!(words(Duration::from_secs(7_300)), "2 hours");
        assert_eq!(words(Duration::from_secs(25 * 3_600 + 60)), "1501 minutes");
        // A skew of years that happens to be whole minutes still reads in days (it once read "6260969 minutes").
        assert_eq!(words(Duration::from_secs(4_348 * 86_400 + 60)), "4348 days");
        assert_eq!(words(Duration::from_secs(3 * 86_400 + 3_600)), "3 days");
    }
}
