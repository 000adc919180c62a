//! The lobby's choice of who plays each seat, for games of more than two seats: one row per
//! seat, holding whatever the game asks of that seat (a fighter, a colour) and a choice of a
//! person at this device or the computer at a strength. Any mix is allowed; the session then
//! refuses a table with no person at it, in words.

use super::seats::{Controller, Keeping, Seats};
use dojo_bot::Level;
use leptos::prelude::*;

/// The value a controller has in the lobby's choice (`person`, `easy`, `medium`, `hard`).
pub fn controller_id(controller: Controller) -> String {
    match controller {
        Controller::Person => "person".into(),
        Controller::Computer(level) => level.label().to_ascii_lowercase(),
        Controller::Remote => "friend".into(),
    }
}

/// The controller a lobby value names, if any.
pub fn controller_from_id(id: &str) -> Option<Controller> {
    match id {
        "person" => return Some(Controller::Person),
        "friend" => return Some(Controller::Remote),
        _ => {}
    }
    Level::ALL.into_iter().find(|l| l.label().eq_ignore_ascii_case(id)).map(Controller::Computer)
}

/// What a controller is called in the lobby.
fn controller_label(controller: Controller) -> String {
    match controller {
        Controller::Person => "A person at this device".into(),
        Controller::Computer(level) => format!("The computer ({})", level.label()),
        Controller::Remote => "A friend on another device".into(),
    }
}

/// Every choice a seat offers, a person first, and last a friend on another device where the
/// game's tables can be played between devices (`friends`).
fn choices(friends: bool) -> impl Iterator<Item = Controller> {
    std::iter::once(Controller::Person).chain(Level::ALL.into_iter().map(Controller::Computer)).chain(friends.then_some(Controller::Remote))
}

/// The first `count` seats of `controllers` (one choice per possible seat, kept while the count
/// changes); a seat with no choice yet is a person's.
pub fn seats_of(controllers: &[Controller], count: usize) -> Seats {
    Seats((0..count).map(|i| controllers.get(i).copied().unwrap_or(Controller::Person)).collect())
}

/// The starting choices for up to `max` seats: a person in the first, the computer at `level`
/// in every other one.
pub fn default_controllers(max: usize, level: Level) -> Vec<Controller> {
    Seats::against_computer(level, max).0
}

/// One row per seat (`count` of them): `label(i)` names seat `i` (from 0), `extra(i)` is what
/// the game asks of it, and a choice (`data-testid="seat-N-controller"`, N from 1) says who
/// plays it, kept in `controllers`. Below them, what will be saved ([`save_note`]).
pub fn seat_rows(
    count: Signal<usize>,
    controllers: RwSignal<Vec<Controller>>,
    label: impl Fn(usize) -> String + Send + Sync + 'static,
    extra: impl Fn(usize) -> AnyView + Send + Sync + 'static,
) -> impl IntoView {
    seat_rows_noted(count, controllers, label, extra, save_note, false)
}

/// [`seat_rows`] with the game's own words on what will be saved (`note`), for a way of
/// playing that saves less than usual ([`save_note_secret_to_the_end`]), and with friends on
/// other devices among the choices when `friends` (each friend's seat is played on a device
/// of its own; starting makes an invitation for each).
pub fn seat_rows_noted(
    count: Signal<usize>,
    controllers: RwSignal<Vec<Controller>>,
    label: impl Fn(usize) -> String + Send + Sync + 'static,
    extra: impl Fn(usize) -> AnyView + Send + Sync + 'static,
    note: fn(&Seats) -> &'static str,
    friends: bool,
) -> impl IntoView {
    let row = move |i: usize| {
        let chosen = move || controllers.with(|c| c.get(i).copied().unwrap_or(Controller::Person));
        let set = move |ev: leptos::ev::Event| {
            if let Some(c) = controller_from_id(&event_target_value(&ev)) {
                controllers.update(|all| {
                    if let Some(slot) = all.get_mut(i) {
                        *slot = c;
                    }
                });
            }
        };
        view! {
            <div class="seat-row" data-testid=format!("seat-{}", i + 1)>
                <span class="seat-label">{label(i)}</span>
                // A space, so the row reads "The Coach plays every Threat" aloud and as text.
                " "
                {extra(i)}
                <label>"Played by "
                    <select data-testid=format!("seat-{}-controller", i + 1) on:change=set>
                        {choices(friends).map(|c| view! { <option value=controller_id(c) selected=move || chosen() == c>{controller_label(c)}</option> }).collect_view()}
                    </select>
                </label>
            </div>
        }
    };
    let note = move || controllers.with(|c| note(&seats_of(c, count.get())));
    view! {
        <div class="seat-rows">{move || (0..count.get()).map(&row).collect_view()}</div>
        <p class="hint" data-testid="save-note">{note}</p>
    }
}

/// What the lobby says will be saved in this browser for `seats`.
pub fn save_note(seats: &Seats) -> &'static str {
    if seats.has_remote() {
        return "Friends on other devices: starting makes an invitation for each. Every device keeps only its own side of the match (its choices, and what the others sent it) to take it up again after a reload.";
    }
    match seats.keeping() {
        Keeping::Record => "Only people at this device: the game is saved in this browser as it goes, never a choice not yet revealed.",
        Keeping::ViewOf(_) => {
            "One person against the computer: only what that person can see is saved in this browser, never the computer's cards."
        }
        Keeping::Nothing => {
            "Several people and the computer at one table: this game is not saved, since no save could leave out the computer's cards."
        }
    }
}

/// What the lobby says will be saved for `seats` in a way of playing where something chosen at
/// the start stays face down to the end (the game's face-down predicate holds from the first
/// secret on): a shared device then saves nothing past the lobby.
pub fn save_note_secret_to_the_end(seats: &Seats) -> &'static str {
    match seats.keeping() {
        Keeping::Record => {
            "Only people at this device: what each of you builds stays secret to the end, so nothing past the lobby is saved in this browser: after a reload the game starts again from the beginning."
        }
        _ => save_note(seats),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_choice_reads_back_from_its_value() {
        for c in choices(true) {
            assert_eq!(controller_from_id(&controller_id(c)), Some(c));
        }
        assert_eq!(controller_from_id("nobody"), None);
        assert_eq!(choices(false).count(), 4);
        assert_eq!(choices(true).last(), Some(Controller::Remote));
    }

    #[test]
    fn the_seats_are_the_first_choices_and_missing_ones_are_people() {
        let all = default_controllers(6, Level::Hard);
        assert_eq!(all[0], Controller::Person);
        assert_eq!(
            seats_of(&all, 3),
            Seats(vec![Controller::Person, Controller::Computer(Level::Hard), Controller::Computer(Level::Hard)])
        );
        assert_eq!(seats_of(&[], 2), Seats::people(2));
    }

    #[test]
    fn the_save_note_follows_who_plays() {
        assert!(save_note(&Seats::people(4)).starts_with("Only people"));
        assert!(save_note(&Seats::against_computer(Level::Easy, 4)).starts_with("One person"));
        let mixed = Seats(vec![Controller::Person, Controller::Person, Controller::Computer(Level::Hard)]);
        assert!(save_note(&mixed).contains("not saved"));
        assert!(save_note_secret_to_the_end(&Seats::people(2)).contains("nothing past the lobby"));
        assert_eq!(save_note_secret_to_the_end(&mixed), save_note(&mixed));
        let friends = Seats(vec![Controller::Person, Controller::Remote, Controller::Computer(Level::Easy)]);
        assert!(save_note(&friends).starts_with("Friends on other devices"));
    }
}
