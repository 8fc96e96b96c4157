//! Numbers typed on the command line or at a prompt, read as the API's JSON Schema reads them (`3`, `3.0` and
//! `30e-1` are the integer 3, as in a bulk file), and refused in plain words: never Rust's "invalid digit
//! found in string" or a range written `1..=100`.

use petstore_core::bulk::int64_of_json_number;

// The messages follow clap's "invalid value 'X' for '--flag <N>': ", so they do not repeat the value; each
// reads after "`X` is " too, as the prompt shows it.

/// An int64 (an id, a category id): any number whose fraction is zero, within int64.
pub fn parse_int64(text: &str) -> Result<i64, String> {
    let trimmed = text.trim();
    int64_of_json_number(trimmed).map_err(|_| match classify(trimmed) {
        Kind::Fraction => "not a whole number".to_owned(),
        Kind::TooLarge => format!("out of range: expected a whole number from {} to {}", i64::MIN, i64::MAX),
        Kind::NotANumber => "not a number: expected a whole number such as 3".to_owned(),
    })
}

/// `--name` of `pets add`: any name but a blank one ([`petstore_core::api::models::name_problem`]).
pub fn parse_name(text: &str) -> Result<String, String> {
    match petstore_core::api::models::name_problem(text) {
        Some(problem) => Err(problem),
        None => Ok(text.to_owned()),
    }
}

/// A duration: whole seconds (`90`), or as people write one (`90s`, `5m`, `1h30m`, `2 minutes`); at least a
/// second, at most a week.
pub fn parse_duration(text: &str) -> Result<std::time::Duration, String> {
    let trimmed = text.trim();
    let duration = match trimmed.parse::<u64>() {
        Ok(seconds) => std::time::Duration::from_secs(seconds),
        Err(_) => with_unit(trimmed).ok_or_else(|| {
            "not a duration: expected seconds, or a number with a unit, such as 90s, 5m or 1h".to_owned()
        })?,
    };
    if duration < std::time::Duration::from_secs(1) || duration > std::time::Duration::from_secs(7 * 86_400) {
        return Err("out of range: expected from 1 second to 7 days".to_owned());
    }
    Ok(duration)
}

/// A duration written with its unit as people write one (`90s`, `1500ms`, `5m`, `1h30m`, `2 minutes`), or
/// `None`; a negative one is none.
pub fn with_unit(text: &str) -> Option<std::time::Duration> {
    text.parse::<jiff::SignedDuration>().ok().and_then(|duration| std::time::Duration::try_from(duration).ok())
}

/// `--limit`: a whole number from 1 to 100.
pub fn parse_limit(text: &str) -> Result<u8, String> {
    whole_number_from(text, 1, i64::from(petstore_core::catalog::MAX_LIMIT)).map(|n| u8::try_from(n).unwrap_or(u8::MAX))
}

/// `--concurrency`: a whole number from 1 to 256.
pub fn parse_concurrency(text: &str) -> Result<u16, String> {
    whole_number_from(text, 1, 256).map(|n| u16::try_from(n).unwrap_or(u16::MAX))
}

fn whole_number_from(text: &str, min: i64, max: i64) -> Result<i64, String> {
    let trimmed = text.trim();
    let expected = format!("expected a whole number from {min} to {max}");
    match int64_of_json_number(trimmed) {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        Ok(_) => Err(format!("out of range: {expected}")),
        Err(_) => Err(match classify(trimmed) {
            Kind::Fraction => format!("not a whole number: {expected}"),
            Kind::TooLarge => format!("out of range: {expected}"),
            Kind::NotANumber => format!("not a number: {expected}"),
        }),
    }
}

enum Kind {
    NotANumber,
    Fraction,
    TooLarge,
}

/// Why a text that is no int64 is not: a number with a fraction, one too large, or no number at all.
fn classify(text: &str) -> Kind {
    match text.parse::<f64>() {
        Ok(n) if n.is_finite() && n.fract() != 0.0 && n.abs() < 9.3e18 => Kind::Fraction,
        Ok(n) if !n.is_nan() && !text.to_ascii_lowercase().contains("inf") => Kind::TooLarge,
        _ => Kind::NotANumber,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_in_any_json_form_are_read_and_the_rest_refused_in_words() {
        assert_eq!(parse_int64("1.0"), Ok(1));
        assert_eq!(parse_int64(" 30e-1 "), Ok(3));
        assert_eq!(parse_int64("-7"), Ok(-7));
        assert_eq!(parse_int64("1.5").unwrap_err(), "not a whole number");
        assert!(parse_int64("99999999999999999999").unwrap_err().starts_with("out of range"));
        assert_eq!(parse_int64("abc").unwrap_err(), "not a number: expected a whole number such as 3");
        assert_eq!(parse_limit("100.0"), Ok(100));
        assert_eq!(parse_limit("0").unwrap_err(), "out of range: expected a whole number from 1 to 100");
        assert_eq!(parse_limit("1e30").unwrap_err(), "out of range: expected a whole number from 1 to 100");
        assert_eq!(parse_concurrency("x").unwrap_err(), "not a number: expected a whole number from 1 to 256");
        for refused in ["NaN", "inf", "-", "", "0x10", "1_000"] {
            assert!(parse_int64(refused).is_err(), "{refused}");
        }
    }
}
