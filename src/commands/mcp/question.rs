//! The question: a write to an environment whose writes are confirmed is asked of the person through MCP
//! elicitation; the model cannot answer it.

use rmcp::RoleServer;
use rmcp::model::{ElicitRequestParams, ElicitationAction, ElicitationSchema};
use rmcp::service::{ElicitationMode, RequestContext};
use serde_json::Value;

use super::Server;
use crate::context::Target;
use crate::error::{Error, code};
use petstore_core::api::NewPet;

impl Server {
    /// Asks the person through the client (form elicitation): `Ok` only for `accept` with `confirm: true`.
    pub(super) async fn ask(
        &self,
        env: &str,
        by_hand: &str,
        message: String,
        context: &RequestContext<RoleServer>,
    ) -> Result<(), Error> {
        let cannot_elicit = || {
            let message = format!(
                "cannot ask before writing to `{env}`: the MCP client cannot ask its user (no elicitation), so \
                 nothing was sent"
            );
            Error::new(&code::CANNOT_ASK, message)
                .with_hint(format!("run it by hand at a terminal, where petstore asks: `{by_hand}`"))
        };
        if !context.peer.supported_elicitation_modes().contains(&ElicitationMode::Form) {
            return Err(cannot_elicit());
        }
        let schema = ElicitationSchema::builder()
            .required_bool_with("confirm", |schema| {
                schema.title("Send it").description("True to send this request; anything else sends nothing")
            })
            .build()
            .expect("one boolean property is a valid form");
        let params = ElicitRequestParams::FormElicitationParams { meta: None, message, requested_schema: schema };
        let answer = tokio::select! {
            answer = context.peer.create_elicitation(params) => answer,
            () = context.ct.cancelled() => return Err(declined(env)),
        };
        match answer {
            Ok(answer)
                if answer.action == ElicitationAction::Accept
                    && answer.content.as_ref().and_then(|content| content.get("confirm"))
                        == Some(&Value::Bool(true)) =>
            {
                Ok(())
            }
            Ok(_) => Err(declined(env)),
            // A client that declared elicitation but cannot carry it out, or a protocol that forbids the
            // request: nobody was asked, so nothing is sent.
            Err(_) => Err(cannot_elicit()),
        }
    }
}

/// The person declined or dismissed the question in the MCP client, or answered anything but `confirm: true`:
/// nothing was sent to `env`.
pub(super) fn declined(env: &str) -> Error {
    let message = format!("the user did not confirm the write in the MCP client, so nothing was sent to `{env}`");
    Error::new(&code::NOT_CONFIRMED, message)
        .with_hint("add it only if the user asks again; `petstore pets add --dry-run` shows what would be sent")
}

/// The question of adding `pets` (`what` the write does) to `target`'s confirmed environment, and under
/// `heading` the requests as they will go: the method and URL, then the first `shown` bodies exactly, as JSON
/// with control, bidirectional and invisible characters escaped (a name escaped in `what` too).
pub(super) fn question(
    target: &Target<'_>,
    client: &petstore_core::api::Client,
    pets: &[NewPet],
    what: &str,
    heading: &str,
    shown: usize,
) -> String {
    let env = target.confirmed.map_or("", |env| env.name.as_str());
    let mut lines =
        vec![crate::commands::confirm::question(env, target.base_url, what), String::new(), heading.to_owned()];
    for (at, pet) in pets.iter().take(shown).enumerate() {
        let request = client.prepare_create_pet(pet);
        if at == 0 {
            lines.push(format!("{} {}", request.method, petstore_core::config::DisplaySafeUrl::show(&request.url)));
        }
        let body = String::from_utf8_lossy(request.body.as_deref().unwrap_or_default()).into_owned();
        lines.push(crate::output::safe::escape_json(&body).into_owned());
    }
    if pets.len() > shown {
        lines.push(format!("… and {} more", pets.len() - shown));
    }
    lines.join("\n")
}
