//! The HTTP client layer: typed models, the client, and transport errors. It never prints and never sees clap
//! (beyond `PetStatus` deriving `ValueEnum`, so the enumeration exists once).

pub mod client;
pub mod error;
pub mod models;

pub use client::{Client, Observer};
pub use error::Error;
pub use models::{ListQuery, NewPet, Pet, PetStatus};
