//! What `agent setup` does for each client: the plan made from the files as they are, then the changes made,
//! each file read again just before it is replaced.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use petstore_core::config::files;

use super::clients::{self, Client, Dirs, Format, Place, Scope};
use super::edit::{self, Entry, Unusable, differs};
use super::report::{ClientReport, SkillReport, Status};

/// What is done to one file once the question is answered.
#[derive(Debug)]
pub enum Change {
    /// Write `text` to the file (read as `before`).
    Write { before: Option<String>, text: String },
    /// Remove the file (it held nothing else); a symlink's target gets `empty` instead, the link kept.
    Delete { before: String, empty: &'static str },
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
    let report = |path: Option<PathBuf>, status, reason: Option<String>| ClientReport {
        client: client.name(),
        path,
        status,
        tools: Vec::new(),
        reason,
        skill: None,
        next: None,
    };
    let nothing =
        |place: Option<Place>, report| Plan { place, report, config: None, skill: None, start: None, replaces: None };
    let Some(place) = clients::place(client, scope, dirs) else {
        let reason = format!("{} has no project config", client.name());
        return nothing(None, report(None, Status::Skipped, Some(reason)));
    };
    if !named && !place.installed() {
        let reason = format!("not installed here (no {})", clients::shown(&place.sign, dirs));
        return nothing(Some(place.clone()), report(Some(place.path), Status::Skipped, Some(reason)));
    }
    let wanted = entry.value(place.format);
    let left_alone = |why: String| (Status::Failed, Some(format!("left alone: {why}")), None, None, None);
    let (status, reason, config, start, replaces) = match read(&place.path) {
        Err(why) => (Status::Failed, Some(why), None, None, None),
        Ok(before) => {
            let text = before.clone().unwrap_or_default();
            let writable = before.is_none() || !read_only(&place.path);
            match (mode, edit::entry(&text, place.format)) {
                (_, Err(Unusable(why))) => left_alone(why),
                (Mode::Status, Ok(None)) => (Status::Absent, None, None, None, None),
                (Mode::Status, Ok(Some(found))) => match Entry::written_by_setup(&found) {
                    Some(found) => (Status::Installed, None, None, Some(found), None),
                    None => (Status::Differs, Some(differs(&found)), None, None, None),
                },
                (Mode::Setup, Ok(Some(found))) if found == wanted => {
                    (Status::Unchanged, None, None, Some(entry.clone()), None)
                }
                (Mode::Setup | Mode::Remove, Ok(_)) if !writable => left_alone("it is read-only".to_owned()),
                (Mode::Setup, Ok(found)) => {
                    let replaces = match found.as_ref().map(|found| (found, Entry::written_by_setup(found))) {
                        None => None,
                        Some((_, Some(ours))) => Some(ours.line()),
                        Some((found, None)) => {
                            return nothing(
                                Some(place.clone()),
                                report(
                                    Some(place.path),
                                    Status::Failed,
                                    Some(format!(
                                        "left alone: its `petstore` entry was not written by `agent setup` ({}); take \
                                         it out by hand to have it replaced",
                                        differs(found)
                                    )),
                                ),
                            );
                        }
                    };
                    match edit::set(&text, place.format, &wanted) {
                        Ok(text) => {
                            let reason = replaces.as_ref().map(|runs| format!("replaced the entry that ran `{runs}`"));
                            (
                                Status::Installed,
                                reason,
                                Some(Change::Write { before, text }),
                                Some(entry.clone()),
                                replaces,
                            )
                        }
                        Err(Unusable(why)) => left_alone(why),
                    }
                }
                (Mode::Remove, Ok(None)) => (Status::Absent, None, None, None, None),
                (Mode::Remove, Ok(Some(found))) if Entry::written_by_setup(&found).is_none() => {
                    left_alone(format!("its `petstore` entry was not written by `agent setup` ({})", differs(&found)))
                }
                (Mode::Remove, Ok(Some(_))) => match edit::remove(&text, place.format) {
                    Ok(Some(text)) => (Status::Removed, None, Some(Change::Write { before, text }), None, None),
                    Ok(None) => {
                        let empty = if place.format == Format::Toml { "" } else { "{}\n" };
                        (Status::Removed, None, Some(Change::Delete { before: text, empty }), None, None)
                    }
                    Err(Unusable(why)) => left_alone(why),
                },
            }
        }
    };
    let mut report = report(Some(place.path.clone()), status, reason);
    let mut skill_change = None;
    if let Some(skill) = skill {
        let (skill_report, change) = plan_skill(&place, mode, skill);
        report.skill = Some(skill_report);
        skill_change = change;
    }
    Plan { place: Some(place), report, config, skill: skill_change, start, replaces }
}

/// What to do with a client's skill file.
fn plan_skill(place: &Place, mode: Mode, skill: &str) -> (SkillReport, Option<Change>) {
    let Some(path) = &place.skill else {
        return (
            SkillReport { path: None, status: Status::Unsupported, reason: Some("it reads no skills".into()) },
            None,
        );
    };
    let report = |status, reason| SkillReport { path: Some(path.clone()), status, reason };
    let before = match read(path) {
        Ok(before) => before,
        Err(why) => return (report(Status::Failed, Some(why)), None),
    };
    let ours = |text: &str| text.starts_with(super::skill::FRONT_MATTER_START);
    match (mode, before) {
        (Mode::Status, None) | (Mode::Remove, None) => (report(Status::Absent, None), None),
        (Mode::Status, Some(text)) if text == skill => (report(Status::Installed, None), None),
        (Mode::Status, Some(_)) => (report(Status::Differs, Some("it is not this version's guide".into())), None),
        (Mode::Setup, Some(text)) if text == skill => (report(Status::Unchanged, None), None),
        (Mode::Setup, Some(text)) if !ours(&text) => (
            report(
                Status::Failed,
                Some("left alone: a skill named petstore that `agent setup` did not write is there".into()),
            ),
            None,
        ),
        (Mode::Setup, before) => {
            (report(Status::Installed, None), Some(Change::Write { before, text: skill.to_owned() }))
        }
        (Mode::Remove, Some(text)) if !ours(&text) => {
            (report(Status::Failed, Some("left alone: `agent setup` did not write this skill".into())), None)
        }
        (Mode::Remove, Some(text)) => (report(Status::Removed, None), Some(Change::Delete { before: text, empty: "" })),
    }
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
    let before = match &change {
        Change::Write { before, .. } => before.clone(),
        Change::Delete { before, .. } => Some(before.clone()),
    };
    let changed = || "it changed while `agent setup` ran; run it again".to_owned();
    let unchanged = || -> std::io::Result<()> {
        match read(path) {
            Ok(now) if now == before => Ok(()),
            Ok(_) => Err(std::io::Error::other(changed())),
            Err(why) => Err(std::io::Error::other(why)),
        }
    };
    unchanged().map_err(|err| err.to_string())?;
    match change {
        Change::Write { text, .. } => {
            if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(|err| format!("cannot make `{}`: {err}", dir.display()))?;
            }
            files::replace_checked(path, text.as_bytes(), files::Mode::Kept, &unchanged).map_err(|err| err.to_string())
        }
        Change::Delete { empty, .. } if std::fs::symlink_metadata(path).is_ok_and(|meta| meta.is_symlink()) => {
            files::replace_checked(path, empty.as_bytes(), files::Mode::Kept, &unchanged).map_err(|err| err.to_string())
        }
        Change::Delete { .. } => {
            std::fs::remove_file(path).map_err(|err| format!("cannot remove `{}`: {err}", path.display()))?;
            // The skill's own directory, when nothing else is in it.
            if path.file_name().is_some_and(|name| name == "SKILL.md")
                && let Some(dir) = path.parent()
            {
                let _ = std::fs::remove_dir(dir);
            }
            Ok(())
        }
    }
}
