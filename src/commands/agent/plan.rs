//! What `agent setup` does for each client: the plan made from the files as they are, then the changes made,
//! each file read again just before it is replaced.

use std::collections::HashMap;
use std::path::Path;

use petstore_core::config::files;

use super::clients::{self, Client, Dirs, Format, Place, Scope};
use super::edit::{self, Entry, Unusable, differs};
use super::report::{ClientReport, SkillReport, Status};

/// What is done to one file once the question is answered.
#[derive(Debug)]
pub enum Change {
    /// Write `text` to the file (read as `before`).
    Write { before: Option<String>, text: String },
    /// Remove the file (read as `before`: it held nothing else); a symlink's target gets `empty` instead, the
    /// link kept.
    Delete { before: Option<String>, empty: &'static str },
}

/// The work for one client: its place, its line of the report, the file changes it needs, and the entry to
/// start once they are made (the one written, or with `--status` the one found).
#[derive(Debug)]
pub struct Plan {
    pub place: Option<Place>,
    pub report: ClientReport,
    pub config: Option<Change>,
    pub skill: Option<Change>,
    pub start: Option<Entry>,
    /// What an entry it replaces runs, for the question.
    pub replaces: Option<String>,
}

/// What `agent setup` does: set up, report, or remove.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Setup,
    Status,
    Remove,
}

/// Whether a client's line, or its skill's, failed.
pub fn plan_failed(plan: &Plan) -> bool {
    plan.report.status == Status::Failed
        || plan.report.skill.as_ref().is_some_and(|skill| skill.status == Status::Failed)
}

/// The text of the file at `path`, `None` when there is none.
pub fn read(path: &Path) -> Result<Option<String>, String> {
    files::read_regular(path).map_err(|err| err.to_string())
}

/// Whether the file at `path` (where its links lead) is read-only: its owner's wish that it not change.
fn read_only(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|meta| meta.permissions().readonly())
}

/// What to do for `client`: its line of the report as far as it is known before anything is written.
pub fn plan(
    client: Client,
    mode: Mode,
    scope: Scope,
    dirs: &Dirs,
    named: bool,
    entry: &Entry,
    skill: Option<&str>,
) -> Plan {
    let place = clients::place(client, scope, dirs);
    let report = ClientReport {
        client: client.name(),
        path: place.as_ref().map(|place| place.path.clone()),
        status: Status::Skipped,
        tools: Vec::new(),
        reason: None,
        skill: None,
        next: None,
    };
    let mut plan = Plan { place: place.clone(), report, config: None, skill: None, start: None, replaces: None };
    let Some(place) = place else {
        plan.report.reason = Some(format!("{} has no project config", client.name()));
        return plan;
    };
    if !named && !place.installed() {
        plan.report.reason = Some(format!("not installed here (no {})", clients::shown(&place.sign, dirs)));
        return plan;
    }
    match plan_config(&mut plan, &place, mode, entry) {
        Ok(true) => {}
        Ok(false) => return plan,
        Err(why) => (plan.report.status, plan.report.reason) = (Status::Failed, Some(why)),
    }
    if let Some(skill) = skill {
        let (report, change) = plan_skill(&place, mode, skill);
        (plan.report.skill, plan.skill) = (Some(report), change);
    }
    plan
}

/// Fills in what `plan` does to the client's config file: its status (and reason), the change, and the entry
/// to start; `Err` why it failed. `Ok(false)` when setup leaves the client alone whole, its skill too: the
/// file's `petstore` entry is not one `agent setup` wrote.
fn plan_config(plan: &mut Plan, place: &Place, mode: Mode, entry: &Entry) -> Result<bool, String> {
    let before = read(&place.path)?;
    let text = before.clone().unwrap_or_default();
    let left_alone = |Unusable(why)| format!("left alone: {why}");
    let found = edit::entry(&text, place.format).map_err(left_alone)?;
    let wanted = entry.value(place.format);
    let report = &mut plan.report;
    match (mode, found) {
        (Mode::Status, None) => report.status = Status::Absent,
        (Mode::Status, Some(found)) => match Entry::written_by_setup(&found) {
            Some(found) => (report.status, plan.start) = (Status::Installed, Some(found)),
            None => (report.status, report.reason) = (Status::Differs, Some(differs(&found))),
        },
        (Mode::Setup, Some(found)) if found == wanted => {
            (report.status, plan.start) = (Status::Unchanged, Some(entry.clone()));
        }
        _ if before.is_some() && read_only(&place.path) => return Err(left_alone(Unusable("it is read-only".into()))),
        (Mode::Setup, found) => {
            let replaces = match &found {
                None => None,
                Some(found) => match Entry::written_by_setup(found) {
                    Some(ours) => Some(ours.line()),
                    None => {
                        report.status = Status::Failed;
                        report.reason = Some(format!(
                            "left alone: its `petstore` entry was not written by `agent setup` ({}); take it out by \
                             hand to have it replaced",
                            differs(found)
                        ));
                        return Ok(false);
                    }
                },
            };
            let text = edit::set(&text, place.format, &wanted).map_err(left_alone)?;
            report.status = Status::Installed;
            report.reason = replaces.as_ref().map(|runs| format!("replaced the entry that ran `{runs}`"));
            (plan.config, plan.start, plan.replaces) =
                (Some(Change::Write { before, text }), Some(entry.clone()), replaces);
        }
        (Mode::Remove, None) => report.status = Status::Absent,
        (Mode::Remove, Some(found)) if Entry::written_by_setup(&found).is_none() => {
            return Err(format!(
                "left alone: its `petstore` entry was not written by `agent setup` ({})",
                differs(&found)
            ));
        }
        (Mode::Remove, Some(_)) => {
            report.status = Status::Removed;
            plan.config = Some(match edit::remove(&text, place.format).map_err(left_alone)? {
                Some(text) => Change::Write { before, text },
                None => Change::Delete { before, empty: if place.format == Format::Toml { "" } else { "{}\n" } },
            });
        }
    }
    Ok(true)
}

/// What to do with a client's skill file.
fn plan_skill(place: &Place, mode: Mode, skill: &str) -> (SkillReport, Option<Change>) {
    let report = |status, reason: Option<&str>| SkillReport {
        path: place.skill.clone(),
        status,
        reason: reason.map(str::to_owned),
    };
    let Some(path) = &place.skill else { return (report(Status::Unsupported, Some("it reads no skills")), None) };
    let before = match read(path) {
        Ok(before) => before,
        Err(why) => return (report(Status::Failed, Some(&why)), None),
    };
    let ours = |text: &str| text.starts_with(super::skill::FRONT_MATTER_START);
    let (status, reason, change) = match (mode, before) {
        (Mode::Status | Mode::Remove, None) => (Status::Absent, None, None),
        (Mode::Status, Some(text)) if text == skill => (Status::Installed, None, None),
        (Mode::Status, Some(_)) => (Status::Differs, Some("it is not this version's guide"), None),
        (Mode::Setup, Some(text)) if text == skill => (Status::Unchanged, None, None),
        (Mode::Setup, Some(text)) if !ours(&text) => {
            (Status::Failed, Some("left alone: a skill named petstore that `agent setup` did not write is there"), None)
        }
        (Mode::Setup, before) => (Status::Installed, None, Some(Change::Write { before, text: skill.to_owned() })),
        (Mode::Remove, Some(text)) if !ours(&text) => {
            (Status::Failed, Some("left alone: `agent setup` did not write this skill"), None)
        }
        (Mode::Remove, Some(text)) => (Status::Removed, None, Some(Change::Delete { before: Some(text), empty: "" })),
    };
    (report(status, reason), change)
}

/// Each entry started, and the tools it listed or why it did not: one start for the clients that share an
/// entry.
pub type Started = HashMap<Entry, Result<Vec<String>, String>>;

/// Makes a plan's changes, then reports the tools of the entry it wrote (started before anything was written)
/// or, with `--status`, starts the entry it found.
pub async fn apply(plan: &mut Plan, started: &mut Started, real: &Path) {
    let Some(place) = plan.place.clone() else { return };
    if let Some(change) = plan.config.take()
        && let Err(why) = make(&place.path, change)
    {
        plan.report.status = Status::Failed;
        plan.report.reason = Some(why);
        return;
    }
    if let (Some(change), Some(path), Some(skill)) = (plan.skill.take(), &place.skill, plan.report.skill.as_mut())
        && let Err(why) = make(path, change)
    {
        skill.status = Status::Failed;
        skill.reason = Some(why);
    }
    let Some(entry) = plan.start.take() else { return };
    if !started.contains_key(&entry) {
        let tools = super::verify::tools(real, &entry).await;
        started.insert(entry.clone(), tools);
    }
    match &started[&entry] {
        Ok(tools) => plan.report.tools = tools.clone(),
        Err(why) => {
            plan.report.status = Status::Failed;
            plan.report.reason = Some(format!("it does not start: {why}"));
        }
    }
}

/// Makes `change` to the file at `path`, unless the file changed since it was read (another program wrote
/// it: say so rather than undo that). The file is read again at the last moment, just before the new one
/// takes its place.
fn make(path: &Path, change: Change) -> Result<(), String> {
    let (Change::Write { before, .. } | Change::Delete { before, .. }) = &change;
    let before = before.clone();
    let unchanged = || -> std::io::Result<()> {
        match read(path).map_err(std::io::Error::other)? {
            now if now == before => Ok(()),
            _ => Err(std::io::Error::other("it changed while `agent setup` ran; run it again")),
        }
    };
    unchanged().map_err(|err| err.to_string())?;
    let text = match change {
        Change::Write { text, .. } => {
            if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(|err| format!("cannot make `{}`: {err}", dir.display()))?;
            }
            text
        }
        Change::Delete { empty, .. } if std::fs::symlink_metadata(path).is_ok_and(|meta| meta.is_symlink()) => {
            empty.to_owned()
        }
        Change::Delete { .. } => {
            std::fs::remove_file(path).map_err(|err| format!("cannot remove `{}`: {err}", path.display()))?;
            // The skill's own directory, when nothing else is in it.
            if path.file_name().is_some_and(|name| name == "SKILL.md")
                && let Some(dir) = path.parent()
            {
                let _ = std::fs::remove_dir(dir);
            }
            return Ok(());
        }
    };
    files::replace_checked(path, text.as_bytes(), files::Mode::Kept, &unchanged).map_err(|err| err.to_string())
}
