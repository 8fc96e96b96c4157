//! The API key, in a type that never prints it: the client sends it, `credentials` stores it.

/// An API key. Its `Debug` and `Display` print no secret; only [`ApiKey::expose`] reveals it.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey(String);

impl ApiKey {
    /// A key, or `None` for an empty (or all-whitespace) value, which cannot be one. Surrounding whitespace
    /// (a newline from `echo`) is not part of a key.
    pub fn new(key: String) -> Option<ApiKey> {
        let trimmed = key.trim();
        if trimmed.is_empty() {
            None
        } else if trimmed.len() == key.len() {
            Some(ApiKey(key))
        } else {
            Some(ApiKey(trimmed.to_owned()))
        }
    }

    /// Whether it can be sent as `Authorization: Bearer KEY`: no control characters but tab.
    pub fn is_sendable(&self) -> bool {
        reqwest::header::HeaderValue::try_from(format!("Bearer {}", self.0)).is_ok()
    }

    /// The secret itself, for the few places that must send, store or print it (`auth token`).
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// The key as `auth status` shows it: its last four characters when it is long enough that they give
    /// little away (16 or more), otherwise nothing of it.
    pub fn masked(&self) -> String {
        let chars: Vec<char> = self.0.chars().collect();
        if chars.len() >= 16 {
            format!("****{}", chars[chars.len() - 4..].iter().collect::<String>())
        } else {
            "****".into()
        }
    }
}

impl std::fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ApiKey(****)")
    }
}

impl std::fmt::Display for ApiKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("****")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_never_formats_its_secret() {
        let key = ApiKey::new("s3cret-value".into()).unwrap();
        assert_eq!(format!("{key} {key:?} {:?}", Some(&key)), "**** ApiKey(****) Some(ApiKey(****))");
        assert_eq!(key.expose(), "s3cret-value");
    }

    #[test]
    fn masking_shows_at_most_the_last_four_of_a_long_key() {
        assert_eq!(ApiKey::new("short-key".into()).unwrap().masked(), "****");
        assert_eq!(ApiKey::new("0123456789abcdefWXYZ".into()).unwrap().masked(), "****WXYZ");
    }

    #[test]
    fn blank_keys_are_no_keys_and_whitespace_is_trimmed() {
        assert!(ApiKey::new(String::new()).is_none());
        assert!(ApiKey::new(" \n".into()).is_none());
        assert_eq!(ApiKey::new("abc\n".into()).unwrap().expose(), "abc");
    }
}
