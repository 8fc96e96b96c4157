//! What the screen of `petstore ui` holds and how each key changes it: plain state, no terminal, so that every
//! key's effect is a unit test. The loop ([`super::run`]) turns the [`Action`]s into requests.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use petstore_core::api::{NewPet, Pet, PetStatus};

/// How long a new or changed animal stays marked.
pub const MARKED_FOR: Duration = Duration::from_secs(5);

/// What a key asks of the loop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    None,
    /// `q`, or Esc with nothing to close: leave.
    Quit,
    /// Ctrl-C, which raw mode reads as a key: leave as SIGINT would.
    Interrupt,
    /// Ctrl-Z, which raw mode reads as a key: stop as SIGTSTP would, the terminal put back until `fg`.
    Suspend,
    /// `r`: look again now.
    Refresh,
    /// The form's animal, checked; `if_absent` as toggled.
    Send {
        pet: NewPet,
        if_absent: bool,
    },
    /// The answer to the question before a write.
    Answer(bool),
}

/// What covers the table, if anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum View {
    Table,
    /// The details of the animal with this id.
    Details(i64),
    Help,
    Form(Form),
    /// The question before a write to an environment whose writes are confirmed.
    Confirm(String),
    /// An add on its way: keys wait.
    Sending,
}

/// The form of `n`: what is typed so far, and which field has the cursor.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Form {
    pub name: String,
    pub category: String,
    pub status: Option<PetStatus>,
    pub if_absent: bool,
    pub field: Field,
    /// Why the last Enter sent nothing: each field's problem, as `pets add` words it.
    pub problems: Vec<String>,
}

/// The fields of the form, in Tab order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Field {
    #[default]
    Name,
    Category,
    Status,
    IfAbsent,
}

const FIELDS: [Field; 4] = [Field::Name, Field::Category, Field::Status, Field::IfAbsent];
const STATUSES: [Option<PetStatus>; 4] =
    [None, Some(PetStatus::Available), Some(PetStatus::Pending), Some(PetStatus::Sold)];

impl Form {
    /// The animal the form describes, checked as `pets add` checks its flags (the same parsers), or each
    /// problem in words.
    pub fn checked(&self) -> Result<NewPet, Vec<String>> {
        let name = crate::commands::values::parse_name(&self.name).map_err(|why| format!("name: {why}"));
        let category = crate::commands::values::parse_int64(&self.category)
            .map_err(|why| format!("category id: `{}` is {why}", self.category.trim()));
        match (name, category) {
            (Ok(name), Ok(category_id)) => Ok(NewPet { name, category_id, status: self.status }),
            (name, category) => Err([name.err(), category.err()].into_iter().flatten().collect()),
        }
    }
}

/// What the first `q` says when `waiting` writes wait in the outbox: the screen and its accessible mode alike.
pub fn leaving_words(waiting: usize) -> String {
    let writes = if waiting == 1 { "write waits" } else { "writes wait" };
    format!(
        "{waiting} {writes} in the outbox: `petstore journal send` (or the next `petstore ui`) sends them; q again leaves"
    )
}

/// The one after `now` in `all` (`forward`), or the one before, round the ends: the form's fields in Tab order,
/// and its statuses (none, then each in the spec's order).
fn cycle<T: PartialEq + Copy>(all: &[T], now: T, forward: bool) -> T {
    let at = all.iter().position(|item| *item == now).unwrap_or(0);
    let next = if forward { at + 1 } else { at + all.len() - 1 };
    all[next % all.len()]
}

/// A write of this environment that waits in the outbox, shown as a row marked queued until it is sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Queued {
    pub write: String,
    pub pet: NewPet,
    /// Why the screen's sending did not create it (`refused: …`), if it did not.
    pub problem: Option<String>,
}

/// The screen's state.
#[derive(Debug)]
pub struct App {
    /// The environment's name, its URL, and whether it is production.
    pub env: String,
    pub url: String,
    pub production: bool,
    /// Every animal of the last look (and those added here since), in id order.
    pub pets: Vec<Pet>,
    /// Whether a look has come back yet.
    pub loaded: bool,
    /// What the last look could not reach, in words ("more may exist"), if anything.
    pub caveat: Option<String>,
    /// The last error or note, on the line above the help bar.
    pub message: Option<String>,
    /// The name filter, and whether it is being typed.
    pub filter: String,
    pub typing: bool,
    /// The status filter (`None`: all).
    pub status: Option<PetStatus>,
    /// The selected row of the shown animals.
    pub selected: usize,
    pub view: View,
    /// Animals new or changed since the first look, until when they stay marked.
    pub marked: HashMap<i64, Instant>,
    /// The server cannot be reached: the animals are the last look's, as of when (`as of 14:02, 12 min ago`).
    pub offline: Option<String>,
    /// The writes that wait in the outbox, and those the screen sent that were not created.
    pub queued: Vec<Queued>,
    /// `q` was pressed with writes waiting: the next `q` leaves.
    pub leaving: bool,
}

impl App {
    pub fn new(env: String, url: String, production: bool) -> App {
        App {
            env,
            url,
            production,
            pets: Vec::new(),
            loaded: false,
            caveat: None,
            message: None,
            filter: String::new(),
            typing: false,
            status: None,
            selected: 0,
            view: View::Table,
            marked: HashMap::new(),
            offline: None,
            queued: Vec::new(),
            leaving: false,
        }
    }

    /// How many writes wait to be sent.
    pub fn waiting(&self) -> usize {
        self.queued.iter().filter(|queued| queued.problem.is_none()).count()
    }

    /// The animals the filters keep, in id order.
    pub fn shown(&self) -> Vec<&Pet> {
        let filter = self.filter.to_lowercase();
        self.pets
            .iter()
            .filter(|pet| self.status.is_none() || pet.status == self.status)
            .filter(|pet| pet.name.to_lowercase().contains(&filter))
            .collect()
    }

    /// The selected animal, if any is shown.
    pub fn selected_pet(&self) -> Option<&Pet> {
        self.shown().get(self.selected).copied()
    }

    /// Whether `id` is marked as new or changed at `now`.
    pub fn is_marked(&self, id: i64, now: Instant) -> bool {
        self.marked.get(&id).is_some_and(|until| *until > now)
    }

    /// A look's animals: the list replaced, `changed` marked until [`MARKED_FOR`] from `now`, the selection
    /// kept on the same animal where it is still shown.
    pub fn looked(&mut self, pets: Vec<Pet>, changed: &[i64], caveat: Option<String>, now: Instant) {
        let was = self.selected_pet().map(|pet| pet.id);
        self.pets = pets;
        self.loaded = true;
        self.caveat = caveat;
        self.marked.retain(|_, until| *until > now);
        for id in changed {
            self.marked.insert(*id, now + MARKED_FOR);
        }
        match was {
            Some(id) => self.select(id),
            None => self.clamp(),
        }
    }

    /// An animal the form created (or found): in the list, shown and selected.
    pub fn added(&mut self, pet: Pet, now: Instant) {
        let id = pet.id;
        match self.pets.iter_mut().find(|shown| shown.id == id) {
            Some(shown) => *shown = pet,
            None => {
                self.pets.push(pet);
                self.pets.sort_by_key(|pet| pet.id);
            }
        }
        if !self.shown().iter().any(|pet| pet.id == id) {
            self.filter.clear();
            self.status = None;
        }
        self.marked.insert(id, now + MARKED_FOR);
        self.select(id);
    }

    fn select(&mut self, id: i64) {
        match self.shown().iter().position(|pet| pet.id == id) {
            Some(at) => self.selected = at,
            None => self.clamp(),
        }
    }

    fn clamp(&mut self) {
        self.selected = self.selected.min(self.shown().len().saturating_sub(1));
    }

    fn moved(&mut self, by: isize) {
        let last = self.shown().len().saturating_sub(1);
        self.selected = self.selected.saturating_add_signed(by).min(last);
    }

    /// What `key` does here; leaving with writes waiting takes a second `q`.
    pub fn key(&mut self, key: KeyEvent) -> Action {
        let leaving = std::mem::take(&mut self.leaving);
        match self.any_key(key) {
            Action::Quit if !leaving && self.waiting() > 0 => {
                self.leaving = true;
                self.message = Some(leaving_words(self.waiting()));
                Action::None
            }
            action => action,
        }
    }

    fn any_key(&mut self, key: KeyEvent) -> Action {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return Action::Interrupt;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('z') {
            return Action::Suspend;
        }
        // Any other chord (Ctrl-W, Alt-x, a pasted line break, which raw mode reads as Ctrl-J) is no letter: it
        // does nothing, rather than type `w`, `x` or `j`.
        if key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) && matches!(key.code, KeyCode::Char(_)) {
            return Action::None;
        }
        match self.view.clone() {
            View::Table => self.table_key(key),
            View::Details(_) | View::Help => {
                if matches!(key.code, KeyCode::Esc | KeyCode::Enter | KeyCode::Char('q' | '?')) {
                    self.view = View::Table;
                }
                Action::None
            }
            View::Form(form) => self.form_key(form, key),
            View::Confirm(_) => match key.code {
                KeyCode::Char('y' | 'Y') => {
                    self.view = View::Sending;
                    Action::Answer(true)
                }
                KeyCode::Char('n' | 'N') | KeyCode::Esc | KeyCode::Enter => {
                    self.view = View::Table;
                    Action::Answer(false)
                }
                _ => Action::None,
            },
            View::Sending => Action::None,
        }
    }

    fn table_key(&mut self, key: KeyEvent) -> Action {
        match key.code {
            KeyCode::Up => self.moved(-1),
            KeyCode::Down => self.moved(1),
            KeyCode::PageUp => self.moved(-10),
            KeyCode::PageDown => self.moved(10),
            KeyCode::Home => self.selected = 0,
            KeyCode::End => self.moved(isize::MAX),
            KeyCode::Esc if self.typing || !self.filter.is_empty() => {
                self.typing = false;
                self.filter.clear();
                self.clamp();
            }
            KeyCode::Esc => return Action::Quit,
            KeyCode::Enter if self.typing => self.typing = false,
            KeyCode::Backspace if self.typing => {
                self.filter.pop();
                self.clamp();
            }
            KeyCode::Char(c) if self.typing => {
                self.filter.push(c);
                self.selected = 0;
            }
            KeyCode::Char('k') => self.moved(-1),
            KeyCode::Char('j') => self.moved(1),
            KeyCode::Char('/') => self.typing = true,
            KeyCode::Char(c @ ('a' | 'p' | 's' | '*')) => {
                self.status = match c {
                    'a' => Some(PetStatus::Available),
                    'p' => Some(PetStatus::Pending),
                    's' => Some(PetStatus::Sold),
                    _ => None,
                };
                self.selected = 0;
            }
            KeyCode::Enter => {
                if let Some(pet) = self.selected_pet() {
                    self.view = View::Details(pet.id);
                }
            }
            KeyCode::Char('?') => self.view = View::Help,
            KeyCode::Char('r') => return Action::Refresh,
            KeyCode::Char('n') => self.view = View::Form(Form::default()),
            KeyCode::Char('q') => return Action::Quit,
            _ => {}
        }
        Action::None
    }

    fn form_key(&mut self, mut form: Form, key: KeyEvent) -> Action {
        match key.code {
            KeyCode::Esc => {
                self.view = View::Table;
                return Action::None;
            }
            KeyCode::Tab | KeyCode::Down => form.field = cycle(&FIELDS, form.field, true),
            KeyCode::BackTab | KeyCode::Up => form.field = cycle(&FIELDS, form.field, false),
            KeyCode::Enter => match form.checked() {
                Ok(pet) => {
                    let if_absent = form.if_absent;
                    self.view = View::Sending;
                    return Action::Send { pet, if_absent };
                }
                Err(problems) => form.problems = problems,
            },
            KeyCode::Left | KeyCode::Right | KeyCode::Char(' ') if form.field == Field::Status => {
                form.status = cycle(&STATUSES, form.status, key.code != KeyCode::Left);
            }
            KeyCode::Left | KeyCode::Right | KeyCode::Char(' ') if form.field == Field::IfAbsent => {
                form.if_absent = !form.if_absent;
            }
            KeyCode::Backspace => {
                match form.field {
                    Field::Name => form.name.pop(),
                    Field::Category => form.category.pop(),
                    _ => None,
                };
            }
            KeyCode::Char(c) => match form.field {
                Field::Name => form.name.push(c),
                Field::Category => form.category.push(c),
                _ => {}
            },
            _ => {}
        }
        self.view = View::Form(form);
        Action::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pet(id: i64, name: &str, status: Option<PetStatus>) -> Pet {
        Pet { id, name: name.to_owned(), category_id: 1, status }
    }

    fn press(app: &mut App, keys: &str) -> Vec<Action> {
        keys.chars().map(|c| app.key(KeyEvent::from(KeyCode::Char(c)))).collect()
    }

    fn app() -> App {
        let mut app = App::new("local".into(), "http://x/v1".into(), false);
        let pets =
            vec![pet(1, "Rex", Some(PetStatus::Available)), pet(2, "Tom", Some(PetStatus::Sold)), pet(3, "rexy", None)];
        app.looked(pets, &[], None, Instant::now());
        app
    }

    fn names(app: &App) -> Vec<&str> {
        app.shown().iter().map(|pet| pet.name.as_str()).collect()
    }

    #[test]
    fn slash_filters_by_name_in_any_case_and_esc_clears_it() {
        let mut app = app();
        press(&mut app, "/REX");
        assert_eq!(names(&app), ["Rex", "rexy"]);
        assert_eq!(app.key(KeyEvent::from(KeyCode::Esc)), Action::None);
        assert_eq!(names(&app), ["Rex", "Tom", "rexy"]);
        assert_eq!(app.key(KeyEvent::from(KeyCode::Esc)), Action::Quit);
    }

    #[test]
    fn status_keys_filter_and_star_shows_all() {
        let mut app = app();
        press(&mut app, "s");
        assert_eq!(names(&app), ["Tom"]);
        press(&mut app, "a");
        assert_eq!(names(&app), ["Rex"]);
        press(&mut app, "*");
        assert_eq!(names(&app).len(), 3);
    }

    #[test]
    fn moving_stays_in_the_list_and_enter_shows_the_selected_animal() {
        let mut app = app();
        press(&mut app, "jjjj");
        assert_eq!(app.selected, 2);
        press(&mut app, "k");
        app.key(KeyEvent::from(KeyCode::Enter));
        assert_eq!(app.view, View::Details(2));
        app.key(KeyEvent::from(KeyCode::Esc));
        assert_eq!(app.view, View::Table);
    }

    #[test]
    fn ctrl_c_interrupts_from_any_view() {
        let mut app = app();
        press(&mut app, "n");
        assert_eq!(app.key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)), Action::Interrupt);
        assert_eq!(app.key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL)), Action::Suspend);
        for chord in [
            KeyEvent::new(KeyCode::Char('q'), KeyModifiers::CONTROL),
            KeyEvent::new(KeyCode::Char('q'), KeyModifiers::ALT),
        ] {
            assert_eq!(app.key(chord), Action::None, "a chord is no key of its letter");
        }
    }

    #[test]
    fn the_form_goes_round_its_fields_and_statuses_both_ways() {
        assert_eq!(cycle(&FIELDS, Field::Name, false), Field::IfAbsent);
        assert_eq!(cycle(&FIELDS, Field::IfAbsent, true), Field::Name);
        assert_eq!(cycle(&STATUSES, None, false), Some(PetStatus::Sold));
        assert_eq!(cycle(&STATUSES, Some(PetStatus::Available), true), Some(PetStatus::Pending));
        assert_eq!(cycle(&STATUSES, Some(PetStatus::Sold), true), None);
    }

    #[test]
    fn the_form_checks_as_pets_add_does_before_sending() {
        let mut app = app();
        press(&mut app, "n");
        app.key(KeyEvent::from(KeyCode::Tab));
        press(&mut app, "1.5");
        assert_eq!(app.key(KeyEvent::from(KeyCode::Enter)), Action::None);
        let View::Form(form) = &app.view else { panic!("{:?}", app.view) };
        assert_eq!(form.problems.len(), 2, "{:?}", form.problems);
        assert!(form.problems[1].contains("not a whole number"), "{:?}", form.problems);
        app.key(KeyEvent::from(KeyCode::BackTab));
        press(&mut app, "Max");
        app.key(KeyEvent::from(KeyCode::Tab));
        for _ in 0..3 {
            app.key(KeyEvent::from(KeyCode::Backspace));
        }
        press(&mut app, "2 ");
        app.key(KeyEvent::from(KeyCode::Tab));
        press(&mut app, " ");
        app.key(KeyEvent::from(KeyCode::Tab));
        press(&mut app, " ");
        let sent = app.key(KeyEvent::from(KeyCode::Enter));
        let pet = NewPet { name: "Max".into(), category_id: 2, status: Some(PetStatus::Available) };
        assert_eq!(sent, Action::Send { pet, if_absent: true });
    }

    #[test]
    fn a_look_marks_what_changed_and_keeps_the_selection() {
        let mut app = app();
        press(&mut app, "j");
        let now = Instant::now();
        let mut pets = app.pets.clone();
        pets.insert(0, pet(0, "Ada", None));
        app.looked(pets, &[0], None, now);
        assert_eq!(app.selected_pet().unwrap().name, "Tom");
        assert!(app.is_marked(0, now) && !app.is_marked(0, now + MARKED_FOR));
    }

    #[test]
    fn leaving_with_writes_waiting_says_so_and_a_second_q_leaves() {
        let mut app = app();
        let pet = NewPet { name: "Box".into(), category_id: 1, status: None };
        app.queued.push(Queued { write: "w".into(), pet, problem: None });
        assert_eq!(press(&mut app, "q"), [Action::None]);
        assert_eq!(
            app.message.as_deref(),
            Some(
                "1 write waits in the outbox: `petstore journal send` (or the next `petstore ui`) sends them; q again \
                 leaves"
            )
        );
        assert_eq!(press(&mut app, "jq"), [Action::None, Action::None], "another key first asks again");
        assert_eq!(press(&mut app, "q"), [Action::Quit]);
        app.queued[0].problem = Some("refused".into());
        assert_eq!(press(&mut app, "q"), [Action::Quit], "a write that was refused waits for nothing");
    }

    #[test]
    fn an_added_animal_is_shown_and_selected() {
        let mut app = app();
        press(&mut app, "s");
        app.added(pet(9, "Zed", None), Instant::now());
        assert_eq!(app.selected_pet().unwrap().name, "Zed");
        assert_eq!(app.status, None);
    }
}
