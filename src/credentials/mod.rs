//! Where the API key comes from, and the type that holds it so that it never prints.
//!
//! For now the only source is `PETSTORE_API_KEY`; the OS keyring comes with the credentials work.

/// The environment variable that supplies the API key.
pub const API_KEY_VAR: &str = "PETSTORE_API_KEY";

/// An API key. Its `Debug` and `Display` print no secret; only [`ApiKey::expose`] reveals it.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey(String);

impl ApiKey {
    /// A key, or `None` for an empty (or all-whitespace) value, which cannot be one.
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

    /// The secret itself, for the one place that must send it.
    pub fn expose(&self) -> &str {
        &self.0
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

/// The key from [`API_KEY_VAR`], if it is set and not empty.
pub fn from_env() -> Option<ApiKey> {
    std::env::var(API_KEY_VAR).ok().and_then(ApiKey::new)
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
    fn blank_keys_are_no_keys_and_whitespace_is_trimmed() {
        assert!(ApiKey::new(String::new()).is_none());
        assert!(ApiKey::new(" \n".into()).is_none());
        assert_eq!(ApiKey::new("abc\n".into()).unwrap().expose(), "abc");
    }
}
