//! The counter through an outage: each complete look at the store kept as its snapshot
//! ([`petstore_core::snapshot`]), what `--offline` answers from, and the outbox that waits for the line.

use petstore_core::api::{self, Client, PetStatus};
use petstore_core::catalog::{Catalog, Source};
use petstore_core::journal;
use petstore_core::snapshot::Snapshot;

use crate::context::{Context, Target};
use crate::error::{Error, code};

/// What a look at the store looks at: the server, or with `--offline` the snapshot (said with its age).
#[derive(Debug)]
pub enum Looking {
    Server(Client),
    Kept(Snapshot),
}

impl Looking {
    pub fn new(ctx: &Context, offline: bool) -> Result<Looking, Error> {
        if offline {
            return Ok(Looking::Kept(answer_from(ctx)?));
        }
        let client = ctx.client()?;
        note_outbox(ctx, &client);
        Ok(Looking::Server(client))
    }

    pub fn client(&self) -> Option<&Client> {
        match self {
            Looking::Server(client) => Some(client),
            Looking::Kept(_) => None,
        }
    }

    pub fn source(&self) -> Source<'_> {
        match self {
            Looking::Server(client) => Source::Server(client),
            Looking::Kept(snapshot) => Source::Kept(&snapshot.catalog),
        }
    }
}

/// Says that writes wait in the outbox of `client`'s server, if any do: once a run.
pub fn note_outbox(ctx: &Context, client: &Client) {
    let env = ctx
        .target()
        .ok()
        .and_then(|target| target.env)
        .map_or("this server".to_owned(), |env| format!("`{}`", env.name));
    if let Some(note) = outbox_note(queued(ctx, client.base_url().as_str()), &env) {
        ctx.output.notice(&note);
    }
}

/// A look at every animal the API can reach (`status`'s alone, when given), from `source`; a complete look at
/// the server is kept as the snapshot of where it looked, and one that cannot be kept is said with `warn`.
pub async fn look(
    ctx: &Context,
    source: Source<'_>,
    status: Option<PetStatus>,
    warn: impl FnOnce(&str),
) -> Result<Catalog, api::Error> {
    let catalog = source.all(status).await?;
    if let Source::Server(client) = source
        && let (Ok(target), Some(dir)) = (ctx.target(), journal::dir())
        && let Some(snapshot) = Snapshot::of(&catalog, client.base_url().as_str())
        && let Err(err) = snapshot.keep(&dir, &name(&target))
    {
        warn(&format!("{err}; `--offline` answers from the look before"));
    }
    Ok(catalog)
}

/// The snapshot of where this command looks, if one was kept.
pub fn kept(ctx: &Context) -> Result<Option<Snapshot>, Error> {
    let target = ctx.target()?;
    let Some(dir) = journal::dir() else { return Ok(None) };
    Snapshot::read(&dir, &name(&target), target.base_url.as_str())
        .map_err(|err| Error::new(&code::NO_SNAPSHOT, err.to_string()).with_hint(LOOK_ONCE))
}

pub const LOOK_ONCE: &str = "look once while the server answers (`petstore pets list --all`, `ui`, `pets find`, `pets \
                         watch`): each complete look is kept";

/// The snapshot `--offline` answers from, said on stderr with its age; exit 2 when there is none.
pub fn answer_from(ctx: &Context) -> Result<Snapshot, Error> {
    let Some(snapshot) = kept(ctx)? else {
        return Err(
            Error::new(&code::NO_SNAPSHOT, "`--offline`: no look at this store was kept yet").with_hint(LOOK_ONCE)
        );
    };
    ctx.output.notice(&format!("offline: the store as of {}", as_of(&snapshot)));
    Ok(snapshot)
}

/// The hint of a write that could not be sent and waits in the outbox.
pub const QUEUED: &str = "the write waits in the outbox: `petstore journal send` sends it once, when the server answers \
                          (`petstore ui` sends it by itself)";

/// When a snapshot was taken, and how long ago: `2026-11-29T14:02:07Z, 12 min ago`.
pub fn as_of(snapshot: &Snapshot) -> String {
    let age = snapshot.age_seconds(jiff::Timestamp::now());
    let ago = match age {
        0..60 => format!("{age} s"),
        60..3600 => format!("{} min", age / 60),
        3600..172_800 => format!("{} h", age / 3600),
        _ => format!("{} days", age / 86_400),
    };
    format!("{}, {ago} ago", snapshot.taken)
}

/// `err`, a look that could not reach the server, with a hint that names `--offline` where a snapshot is kept.
pub fn or_offline(ctx: &Context, err: api::Error) -> Error {
    let unreachable = err.unreachable();
    let err = Error::from(err);
    match kept(ctx) {
        Ok(Some(snapshot)) if unreachable => {
            with_hint_too(err, &format!("`--offline` answers from the store as of {}", as_of(&snapshot)))
        }
        _ => err,
    }
}

/// `err` with `hint` after the hint it has.
pub fn with_hint_too(err: Error, hint: &str) -> Error {
    let hint = err.hint().map_or_else(|| hint.to_owned(), |before| format!("{before}; {hint}"));
    err.with_hint(hint)
}

/// How many writes wait in the outbox of `base_url`'s server, by the journal; 0 when it cannot be read.
pub fn queued(ctx: &Context, base_url: &str) -> usize {
    ctx.journal().path().and_then(|path| Some(journal::waiting(path.parent()?, base_url))).unwrap_or(0)
}

/// The note that writes wait in the outbox, if any do.
pub fn outbox_note(count: usize, env: &str) -> Option<String> {
    (count > 0).then(|| {
        let writes = if count == 1 { "write waits" } else { "writes wait" };
        format!("{count} {writes} in the outbox for {env}: `petstore journal send` sends them")
    })
}

/// The name the snapshot of `target` is kept under.
fn name(target: &Target<'_>) -> String {
    Snapshot::name(target.env.map(|env| env.name.as_str()), target.base_url.as_str())
}
