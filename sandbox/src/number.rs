//! The spec's `integer` type as JSON Schema reads it: a number whose value has no fractional part,
//! whatever its spelling, so `3`, `3.0`, `3e0` and `30e-1` are all the integer 3 and `3.5` is not
//! an integer. Used for the body's `categoryId` and for the `limit` and `petId` parameters.
//!
//! The value is worked out from the decimal text, never through an `f64`: a float would call
//! `9007199254740993.0` an integer other than the one written, and `1e400` not a number at all.

/// The int64 value of `text` when it is a decimal number with an integer value that fits in int64.
///
/// `text` is `[+-]digits[.digits][(e|E)[+-]digits]`: JSON's number grammar, plus the leading `+`
/// and leading zeros that Rust's own integer parsing takes, so text parameters keep accepting what
/// they did before. Anything else (empty, spaces, `.5`, `5.`, `0x10`, `inf`) is `None`.
pub(crate) fn int64(text: &str) -> Option<i64> {
    let (negative, unsigned) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, Some(exponent)),
        None => (unsigned, None),
    };
    let (whole, fraction) = match mantissa.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (mantissa, None),
    };
    let all_digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(whole) || !fraction.is_none_or(all_digits) {
        return None;
    }
    let exponent = match exponent {
        None => 0,
        Some(exponent) => {
            let digits = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
            if !all_digits(digits) {
                return None;
            }
            // Beyond a billion the exponent's exact value no longer matters: the text (at most
            // a request body long) has far fewer digits, so such a value is 0, a fraction or huge
            // either way.
            let magnitude = digits.parse::<i64>().unwrap_or(i64::MAX).min(1_000_000_000);
            if exponent.starts_with('-') { -magnitude } else { magnitude }
        }
    };
    let fraction = fraction.unwrap_or_default();
    // The value is `digits × 10^scale`, with the decimal point moved to the end of the digits.
    let digits = format!("{whole}{fraction}");
    let mut scale = exponent - i64::try_from(fraction.len()).ok()?;
    let significant = digits.trim_start_matches('0');
    if significant.is_empty() {
        return Some(0);
    }
    let trimmed = significant.trim_end_matches('0');
    scale += i64::try_from(significant.len() - trimmed.len()).ok()?;
    // The last digit of `trimmed` is not 0, so a negative scale leaves a fraction.
    if scale < 0 {
        return None;
    }
    // int64 has at most 19 digits; anything longer (or scaled past that) is out of range, and the
    // check keeps the text built below short.
    if i64::try_from(trimmed.len()).ok()? + scale > 19 {
        return None;
    }
    let magnitude: i128 = format!("{trimmed}{}", "0".repeat(usize::try_from(scale).ok()?)).parse().ok()?;
    i64::try_from(if negative { -magnitude } else { magnitude }).ok()
}

#[cfg(test)]
mod tests {
    use super::int64;

    #[test]
    fn integers_in_any_spelling() {
        for (text, value) in [
            ("3", 3),
            ("3.0", 3),
            ("3e0", 3),
            ("30e-1", 3),
            ("0.3e1", 3),
            ("3.000E+0", 3),
            ("300E-2", 3),
            ("+3", 3),
            ("003", 3),
            ("0", 0),
            ("-0", 0),
            ("0.0e-5", 0),
            ("0e999999999999999999999", 0),
            ("1e1", 10),
            ("-12.50e1", -125),
            ("9223372036854775807", i64::MAX),
            ("9223372036854775807.000", i64::MAX),
            ("922337203685477580.7e1", i64::MAX),
            ("-9223372036854775808", i64::MIN),
            ("-9.223372036854775808e18", i64::MIN),
            ("9007199254740993.0", 9_007_199_254_740_993),
        ] {
            assert_eq!(int64(text), Some(value), "{text}");
        }
    }

    #[test]
    fn fractions_out_of_range_and_non_numbers_are_none() {
        for text in [
            "3.5",
            "30e-2",
            "0.1",
            "-0.5",
            "1e-999999999999999999999",
            "9223372036854775807.5",
            "9223372036854775808",
            "-9223372036854775809",
            "9.3e18",
            "1e19",
            "1e400",
            "1e999999999999999999999",
            "100000000000000000000000000000",
            "",
            "-",
            "+",
            "--3",
            "+-3",
            " 3",
            "3 ",
            ".5",
            "5.",
            "5.e1",
            "5e",
            "5e+",
            "5e1.0",
            "0x10",
            "1_000",
            "inf",
            "NaN",
            "३",
        ] {
            assert_eq!(int64(text), None, "{text}");
        }
    }
}
