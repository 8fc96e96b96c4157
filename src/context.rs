//! Settings resolved once from flags and environment variables, the output, and the API client on demand.

use reqwest::Url;

use crate::api::Client;
use crate::cli::GlobalArgs;
use crate::config;
use crate::credentials;
use crate::error::Error;
use crate::output::Output;

/// What every command runs with.
#[derive(Debug)]
pub struct Context {
    pub output: Output,
    base_url: Url,
}

impl Context {
    /// Resolves the global options once.
    pub fn new(global: &GlobalArgs) -> Context {
        let base_url = global.base_url.clone().unwrap_or_else(config::default_base_url);
        Context { output: Output::new(global), base_url }
    }

    /// The base URL requests go to.
    pub fn base_url(&self) -> &Url {
        &self.base_url
    }

    /// A client for the active base URL with the user's key; fails with a hint when there is no key.
    pub fn client(&self) -> Result<Client, Error> {
        let key = credentials::from_env().ok_or(Error::NoApiKey)?;
        let client = Client::new(self.base_url.clone(), &key)?;
        Ok(match self.output.request_observer() {
            Some(observer) => client.with_observer(observer),
            None => client,
        })
    }
}
