//! `add_pet`: one animal, looked up first with `ifAbsent`, asked of the person where the environment's writes
//! are confirmed, and written down in the journal.

use std::sync::PoisonError;
use std::sync::atomic::{AtomicBool, Ordering};

use rmcp::RoleServer;
use rmcp::service::RequestContext;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::ledger::{Cancelled, CancelledAdd};
use super::question::{declined, question};
use super::results::Confirmation;
use super::{Server, Writing, if_absent_default};
use crate::commands::pets::add::{Added, Face, Says, Undecidable, add_one};
use crate::context::Context;
use crate::error::Error;
use petstore_core::api::{NewPet, Pet, PetStatus};
use petstore_core::journal::Via;

/// `add_pet`'s arguments: the API's NewPet.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct AddPetArgs {
    /// The animal's name.
    pub(super) name: String,
    /// The id of the category it belongs to.
    #[serde(rename = "categoryId")]
    pub(super) category_id: i64,
    /// Its availability; none is sent when omitted.
    pub(super) status: Option<PetStatus>,
    /// Look the animal up first, and send nothing when one with this name, categoryId and status exists (it
    /// is returned with `created: false`): a call made again after a lost answer does not add it twice. True
    /// when omitted; false sends it whatever exists.
    #[serde(rename = "ifAbsent", default = "if_absent_default")]
    if_absent: bool,
}

impl AddPetArgs {
    /// The animal to send, or why its name cannot be sent: refused before anything is.
    pub(super) fn new_pet(&self) -> Result<NewPet, Error> {
        if let Some(problem) = petstore_core::api::models::name_problem(&self.name) {
            return Err(Error::invalid_value(problem));
        }
        Ok(NewPet { name: self.name.clone(), category_id: self.category_id, status: self.status })
    }
}

/// What `add_pet` returns.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub(super) struct AddResult {
    /// The animal created, with the id the service assigned; or, `created: false`, the one that existed.
    pub(super) pet: Pet,
    /// False when `ifAbsent` found the animal on the server and nothing was sent.
    pub(super) created: bool,
    /// The `X-Request-Id` of the `POST /pets`, as the server's logs know it (absent when nothing was sent).
    #[serde(rename = "requestId", skip_serializing_if = "Option::is_none")]
    pub(super) request_id: Option<String>,
    /// How the animal the server created differs from the one sent (a name it normalised, a mock's example),
    /// when it does: a 201 is still a creation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) note: Option<String>,
    /// `accepted`: the user accepted the question in the client; `not_required`: the environment's writes are
    /// not confirmed.
    pub(super) confirmation: Confirmation,
    /// As in `list_pets`'s result.
    #[serde(rename = "cancelledAdds", default, skip_serializing_if = "Vec::is_empty")]
    pub(super) cancelled_adds: Vec<Cancelled>,
}

impl Server {
    /// The animal added as every face adds one ([`add_one`]): the question asked in the client, the request
    /// counted among this server's writes, and a call cancelled while it was out told of otherwise.
    pub(super) async fn add_pet(
        &self,
        ctx: &Context,
        args: AddPetArgs,
        context: &RequestContext<RoleServer>,
    ) -> Result<Value, Error> {
        let new_pet = args.new_pet()?;
        let target = ctx.target()?;
        let client = self.client(ctx).await?;
        let asked = AtomicBool::new(false);
        let confirm = async |_: &str| {
            if let Some(env) = target.confirmed {
                let what = crate::commands::pets::describe_new_pet(&new_pet);
                let message = question(&target, &client, std::slice::from_ref(&new_pet), &what, "The request:", 1);
                self.ask(&env.name, &by_hand(&env.name, &new_pet), message, context).await?;
                asked.store(true, Ordering::Relaxed);
            }
            // A call the client cancelled while the question was open is not sent.
            match context.ct.is_cancelled() {
                true => Err(declined(target.confirmed.or(target.env).map_or("", |env| env.name.as_str()))),
                false => Ok(()),
            }
        };
        let ended = std::sync::OnceLock::new();
        let face = Face {
            via: Via::Mcp,
            asks_first: target.confirmed.is_some(),
            undecided_hint: "no query reaches past the first 100: call again with `ifAbsent: false` only if you \
                             know it does not exist",
            sending: || {
                self.adds.lock().unwrap_or_else(PoisonError::into_inner).sending.insert(context.id.clone(), false);
                Ok(Writing::start(&self.writes))
            },
            answered: |outcome| {
                let _ = ended.set(outcome);
            },
        };
        let says = Says { notice: |_: &str| {}, status: |text: &str| ctx.output.status(text) };
        let if_absent = args.if_absent.then_some(Undecidable::Hold);
        let added = add_one(ctx, &client, &new_pet, if_absent, &says, face, confirm).await;
        let added = added.map_err(|err| if ended.get().is_some() { ctx.with_true_hint(err) } else { err });
        if let Some(&outcome) = ended.get() {
            // A call the client cancelled while its request was out: rmcp drops its answer, so what came of it is
            // told otherwise, as the journal wrote it down.
            let created = match &added {
                Ok(Added::Created { pet, .. } | Added::Exists(pet)) => Ok(pet),
                Err(err) => Err(err),
            };
            let report = Cancelled::Add(CancelledAdd::of(&context.id, &new_pet, outcome, created));
            self.report_sent(context, report, None).await;
        }
        let confirmation =
            if asked.load(Ordering::Relaxed) { Confirmation::Accepted } else { Confirmation::NotRequired };
        let result = match added? {
            Added::Created { pet, note, request_id } => AddResult {
                pet,
                created: true,
                request_id: Some(request_id),
                note,
                confirmation,
                cancelled_adds: Vec::new(),
            },
            Added::Exists(pet) => {
                let note = Some(format!(
                    "an animal with this name, categoryId and status exists already, as id {}: nothing was sent",
                    pet.id
                ));
                AddResult { pet, created: false, request_id: None, note, confirmation, cancelled_adds: Vec::new() }
            }
        };
        Ok(serde_json::to_value(result).expect("a result serialises"))
    }
}

/// The command that adds `new_pet` by hand, at a terminal, where petstore asks; the name as `NAME`, as it is
/// data and not for a hint.
fn by_hand(env: &str, new_pet: &NewPet) -> String {
    let status = new_pet.status.map_or_else(String::new, |status| format!(" --status {status}"));
    format!(
        "petstore --env {} pets add --name NAME --category-id {}{status}",
        crate::output::suggested_shell_word(env),
        new_pet.category_id
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::code;

    #[test]
    fn a_write_declined_or_asked_by_hand_is_worded_for_the_model_and_the_person() {
        let err = declined("production");
        assert!(err.is(&code::NOT_CONFIRMED));
        assert_eq!(
            err.to_string(),
            "the user did not confirm the write in the MCP client, so nothing was sent to `production`"
        );
        let new_pet = NewPet { name: "Rex; rm -rf /".into(), category_id: 3, status: Some(PetStatus::Sold) };
        assert_eq!(
            by_hand("production", &new_pet),
            "petstore --env production pets add --name NAME --category-id 3 --status sold"
        );
        let unnamed = NewPet { status: None, ..new_pet };
        assert_eq!(by_hand("my env", &unnamed), "petstore --env 'my env' pets add --name NAME --category-id 3");
    }
}
