//! How the screen of `petstore ui` looks: a status line, the table, a message line and the help bar, with the
//! details, the help, the form or the question over them. Drawn into a ratatui frame, never printed: the
//! frame reaches the terminal through [`crate::output::screen`], and every text from the server passes
//! [`crate::output::screen::cell`].

use std::time::Instant;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Row, Table, TableState, Wrap};

use super::app::{App, Field, Form, View};
use crate::output::screen::cell;

/// The one-line help bar: the keys used most (`?` shows them all).
pub const HELP_BAR: &str = "↑↓ move  / filter  a p s * status  ⏎ details  n add  r refresh  ? keys  q quit";

/// Every key, for `?` (and docs/ui.md).
pub const KEYS: &[(&str, &str)] = &[
    ("↑ ↓  j k", "move (PgUp, PgDn, Home, End too)"),
    ("/", "filter by name as you type (any case); Enter keeps it, Esc clears it"),
    ("a p s *", "show available, pending, sold, or all animals"),
    ("Enter", "the selected animal's details"),
    ("n", "add an animal (Tab between fields, Space to choose, Enter to send)"),
    ("r", "look again now"),
    ("?", "these keys"),
    ("q  Esc", "leave (Esc first clears a filter or closes what is open)"),
];

/// The styles, or none with colour off (`NO_COLOR`, `--color never`); the selection is reversed either way.
struct Styles {
    colour: bool,
}

impl Styles {
    fn pick(&self, style: Style) -> Style {
        if self.colour { style } else { Style::default() }
    }
    fn bar(&self) -> Style {
        self.pick(Style::default().bg(Color::Blue).fg(Color::White))
    }
    fn production(&self) -> Style {
        self.pick(Style::default().bg(Color::Red).fg(Color::White)).add_modifier(Modifier::BOLD)
    }
    fn marked(&self) -> Style {
        self.pick(Style::default().fg(Color::Yellow)).add_modifier(Modifier::BOLD)
    }
    fn message(&self) -> Style {
        self.pick(Style::default().fg(Color::Red))
    }
}

/// Draws `app` at `now` into `frame`.
pub fn draw(frame: &mut Frame<'_>, app: &App, colour: bool, now: Instant) {
    let styles = Styles { colour };
    // An error (its message and hint) or the caveat of an incomplete look gets the lines it needs
    // (word-wrapped, so one more), up to a quarter of the screen; the table keeps the rest.
    let width = usize::from(frame.area().width.max(1));
    let below_lines = match app.message.as_ref().or(app.caveat.as_ref()) {
        Some(text) if !app.typing => unicode_width::UnicodeWidthStr::width(cell(text).as_str()).div_ceil(width) + 1,
        _ => 1,
    };
    let below_lines = u16::try_from(below_lines).unwrap_or(1).clamp(1, (frame.area().height / 4).max(1));
    let [status, table, message, help] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(below_lines),
        Constraint::Length(1),
    ])
    .areas(frame.area());
    frame.render_widget(Paragraph::new(status_line(app, &styles)).style(styles.bar()), status);
    draw_table(frame, table, app, &styles, now);
    let below = if app.typing {
        Line::from(format!("/{}", cell(&app.filter)))
    } else {
        match (&app.message, &app.caveat) {
            (Some(text), _) => Line::styled(cell(text), styles.message()),
            (None, Some(text)) => Line::from(cell(text)),
            (None, None) => Line::default(),
        }
    };
    frame.render_widget(Paragraph::new(below).wrap(Wrap { trim: true }), message);
    frame.render_widget(Paragraph::new(HELP_BAR).style(styles.bar()), help);
    match &app.view {
        View::Table => {}
        View::Details(id) => details(frame, app, *id, now),
        View::Help => keys(frame),
        View::Form(form) => form_box(frame, form, &styles),
        View::Confirm(question) => {
            let text = format!("{}\n\ny: send   n: do not send", cell(question));
            popup(frame, "Confirm", &text, 6);
        }
        View::Sending => popup(frame, "Adding", "sending…", 3),
    }
}

fn status_line(app: &App, styles: &Styles) -> Line<'static> {
    // Offline, the line says so before the counts, in place of the URL: it has to fit 80 columns.
    let mut spans = vec![Span::raw(match &app.offline {
        None => format!(" {} ({}) ", cell(&app.env), cell(&app.url)),
        Some(_) => format!(" {} ", cell(&app.env)),
    })];
    if app.production {
        spans.push(Span::styled(" PRODUCTION ", styles.production()));
    }
    if let Some(as_of) = &app.offline {
        spans.push(Span::styled(format!(" offline · {as_of} "), styles.production()));
    }
    if app.waiting() > 0 {
        spans.push(Span::raw(format!(" · {} queued ·", app.waiting())));
    }
    let shown = app.shown().len();
    let status = app.status.map_or_else(|| "all".to_owned(), |status| status.to_string());
    let mut counts = format!(" {shown} of {} · {status}", app.pets.len());
    if !app.filter.is_empty() {
        counts.push_str(&format!(" · name ~ {}", cell(&app.filter)));
    }
    spans.push(Span::raw(counts));
    Line::from(spans)
}

fn draw_table(frame: &mut Frame<'_>, area: Rect, app: &App, styles: &Styles, now: Instant) {
    if !app.loaded {
        frame.render_widget(Paragraph::new("looking…"), area);
        return;
    }
    let rows = app.shown().into_iter().map(|pet| {
        let status = pet.status.map_or_else(String::new, |status| status.to_string());
        let row = Row::new([pet.id.to_string(), cell(&pet.name), pet.category_id.to_string(), status]);
        if app.is_marked(pet.id, now) { row.style(styles.marked()) } else { row }
    });
    // The writes that wait (or that the screen's sending did not create), under the animals, never selected.
    let queued = app.queued.iter().map(|queued| {
        let status = queued.pet.status.map_or_else(String::new, |status| status.to_string());
        let mark = queued.problem.as_deref().map_or("queued", |problem| problem.split(':').next().unwrap_or(problem));
        let row = [mark.to_owned(), cell(&queued.pet.name), queued.pet.category_id.to_string(), status];
        Row::new(row).style(styles.marked().add_modifier(Modifier::DIM))
    });
    let rows = rows.chain(queued);
    let widths = [Constraint::Length(20), Constraint::Fill(1), Constraint::Length(20), Constraint::Length(9)];
    let table = Table::new(rows, widths)
        .header(Row::new(["ID", "NAME", "CATEGORY", "STATUS"]).style(Style::default().add_modifier(Modifier::BOLD)))
        .row_highlight_style(Style::default().add_modifier(Modifier::REVERSED))
        .highlight_symbol("› ");
    let mut state = TableState::default().with_selected((!app.shown().is_empty()).then_some(app.selected));
    frame.render_stateful_widget(table, area, &mut state);
    if app.shown().is_empty() && app.queued.is_empty() {
        let [_, below] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(area);
        frame.render_widget(Paragraph::new("no animals found"), below);
    }
}

fn details(frame: &mut Frame<'_>, app: &App, id: i64, now: Instant) {
    let Some(pet) = app.pets.iter().find(|pet| pet.id == id) else { return };
    let status = pet.status.map_or_else(|| "none".to_owned(), |status| status.to_string());
    let mut text = format!(
        "ID        {}\nName      {}\nCategory  {}\nStatus    {status}",
        pet.id,
        cell(&pet.name),
        pet.category_id
    );
    if app.is_marked(pet.id, now) {
        text.push_str("\n\nnew or changed in the last look");
    }
    text.push_str("\n\nEsc: back");
    popup(frame, "Animal", &text, 10);
}

fn keys(frame: &mut Frame<'_>) {
    let text: Vec<String> = KEYS.iter().map(|(keys, what)| format!("{keys:<10} {what}")).collect();
    popup(frame, "Keys", &text.join("\n"), u16::try_from(KEYS.len()).unwrap_or(10) + 4);
}

fn form_box(frame: &mut Frame<'_>, form: &Form, styles: &Styles) {
    let marker = |field: Field| if form.field == field { "›" } else { " " };
    let status = form.status.map_or_else(|| "(none)".to_owned(), |status| status.to_string());
    let mut text = format!(
        "{} Name         {}\n{} Category id  {}\n{} Status       ◂ {status} ▸\n{} If absent    [{}]\n",
        marker(Field::Name),
        cell(&form.name),
        marker(Field::Category),
        cell(&form.category),
        marker(Field::Status),
        marker(Field::IfAbsent),
        if form.if_absent { "x" } else { " " },
    );
    for problem in &form.problems {
        text.push_str(&format!("\n{}", cell(problem)));
    }
    text.push_str("\n\nTab: next field  Space: choose  Enter: send  Esc: cancel");
    let height = 9 + u16::try_from(form.problems.len()).unwrap_or(2);
    let _ = styles;
    popup(frame, "Add an animal", &text, height);
}

/// A box in the middle of the screen, as wide as fits (at most 70 columns).
fn popup(frame: &mut Frame<'_>, title: &str, text: &str, height: u16) {
    let area = frame.area();
    let width = area.width.saturating_sub(4).min(70);
    let height = (height + 2).min(area.height);
    let rect = Rect { x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width, height };
    frame.render_widget(Clear, rect);
    let block = Block::default().borders(Borders::ALL).title(format!(" {title} "));
    frame.render_widget(Paragraph::new(text.to_owned()).block(block).wrap(Wrap { trim: false }), rect);
}
