//! `petstore pets add`

use crate::api::{NewPet, PetStatus};
use crate::context::Context;
use crate::error::Error;

/// Add an animal to the store
///
/// Sends one `POST /pets` and prints the created animal with the id the service assigned: a table on a
/// terminal, a tab-separated line when piped, the API's JSON object with `--json`.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore pets add --name Rex --category-id 1
  petstore pets add --name Tom --category-id 2 --status pending
  id=$(petstore pets add --name Rex --category-id 1 | cut -f1)")]
pub struct AddArgs {
    /// The animal's name
    #[arg(long, value_name = "NAME")]
    pub name: String,

    /// The id of the category it belongs to (an integer)
    #[arg(long, value_name = "ID", allow_negative_numbers = true)]
    pub category_id: i64,

    /// Its availability; the API states no default, so none is sent when omitted
    #[arg(long, value_enum, value_name = "STATUS")]
    pub status: Option<PetStatus>,
}

/// Creates the animal and prints it.
pub async fn run(ctx: &Context, args: &AddArgs) -> Result<(), Error> {
    let client = ctx.client()?;
    ctx.warn_before_writing_to_production()?;
    let new_pet = NewPet { name: args.name.clone(), category_id: args.category_id, status: args.status };
    let pet = client.create_pet(&new_pet).await.map_err(|err| match Error::from(err) {
        // Both come after the server may have acted: the user must check before adding again.
        Error::ServerError { status, detail } => Error::ServerErrorOnWrite { status, detail },
        Error::Unreadable { status, reason, excerpt } if (200..300).contains(&status) => {
            Error::UnreadableAfterWrite { status, reason, excerpt }
        }
        other => other,
    })?;
    ctx.output.pet(&pet)?;
    Ok(())
}
