//! `petstore pets get` (the API deprecates the operation behind it)

use crate::context::Context;
use crate::error::{Error, code};

/// The warning every `pets get` prints on stderr, unless `--quiet`.
pub const DEPRECATION_WARNING: &str =
    "`pets get` is deprecated: the API removes it on 2030-12-05; use `petstore pets find --id ID` instead";

/// Show one animal by its id (deprecated)
///
/// The API deprecates the operation behind this command and removes it on 2030-12-05; each use prints a
/// warning on stderr (silence it with `--quiet`). Use `petstore pets find --id ID` instead: it searches the
/// lists, and asks this operation only for an id no list shows.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore pets get 42
  petstore pets get 42 --json --quiet")]
pub struct GetArgs {
    /// The animal's id
    #[arg(value_name = "ID", allow_negative_numbers = true, value_parser = crate::commands::values::parse_int64,
        add = clap_complete::ArgValueCandidates::new(crate::complete::pet_ids))]
    pub id: i64,

    #[command(flatten)]
    pub columns: crate::commands::formats::ColumnArgs,
}

/// Fetches the animal and prints it, after the deprecation warning.
pub async fn run(ctx: &Context, args: &GetArgs) -> Result<(), Error> {
    let client = ctx.client()?;
    crate::commands::pets::offline::note_outbox(ctx, &client);
    // Printed before the request, and only once: the server's own Deprecation header adds nothing to it.
    ctx.output.deprecation_warning(DEPRECATION_WARNING);
    let pet = client.get_pet(args.id).await.map_err(|err| match Error::from(err) {
        err if err.is(&code::NOT_FOUND) => Error::new(&code::PET_NOT_FOUND, format!("pet `{}` not found", args.id))
            .with_hint("search the pets with `petstore pets find`")
            .with_status(Some(404))
            .with_server_code(err.server_code().map(str::to_owned))
            .with_request_id(err.request_id()),
        other => other,
    })?;
    ctx.output.pet(&pet)?;
    Ok(())
}
