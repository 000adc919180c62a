//! FUSION's lobby: how many pilots (1–4) and who plays each seat (a person at this device or
//! the computer), the pilots' names, the conflict (a Throwdown, a Gambit, or an evening of
//! three), and the stand-ins a table sets (ours, labelled so): starting Harmony, the pilots'
//! Commitments, the Threat's Rating, the Location switches and the Spades playtest option.
//! The defaults play a Throwdown with one computer ally against a computer Coach in one tap.

use super::Ctx;
use super::session::Session;
use crate::play::lobby::{default_controllers, seat_rows, seats_of};
use crate::play::{Controller, Seats};
use dojo_bot::Level;
use dojo_games::fusion::setup::{MAX_NAME, MAX_PILOTS};
use dojo_games::fusion::{Conflict, Setup};
use leptos::prelude::*;

/// Names the lobby starts with.
const NAMES: [&str; MAX_PILOTS] = ["Aiko", "Bea", "Chiyo", "Dana"];

/// The conflicts the lobby offers.
const CONFLICTS: [(&str, &str); 4] = [
    ("throwdown", "A Throwdown: the first pilot challenges"),
    ("coach", "A Throwdown: the Coach challenges"),
    ("gambit", "A Gambit for the first pilot"),
    ("evening", "An evening: a Gambit, then two Throwdowns"),
];

/// What the lobby's stand-in fields hold.
#[derive(Clone, Debug, PartialEq)]
pub struct Choices {
    /// The pilots' names.
    pub names: Vec<String>,
    /// Which conflict (an id of [`CONFLICTS`]).
    pub conflict: String,
    /// The Challenger's Stakes.
    pub stakes: String,
    /// Starting Harmony.
    pub harmony: u8,
    /// Every pilot's Commitment to the Fight.
    pub fight: u8,
    /// Every pilot's Commitment to the Team.
    pub team: u8,
    /// The Threat's Rating.
    pub rating: u8,
    /// The Gambit's Specialty applies.
    pub specialty: bool,
    /// Robos are present.
    pub robos: bool,
    /// The fight is about the Location.
    pub location: bool,
    /// The Spades playtest option.
    pub spades: bool,
}

impl Default for Choices {
    fn default() -> Choices {
        Choices {
            names: NAMES.iter().map(|n| n.to_string()).collect(),
            conflict: "throwdown".into(),
            stakes: "The upper hand".into(),
            harmony: 4,
            fight: 3,
            team: 2,
            rating: 2,
            specialty: false,
            robos: false,
            location: false,
            spades: false,
        }
    }
}

/// The table the lobby describes for `pilots` pilots, dealt from `seed`.
pub fn table_setup(pilots: usize, c: &Choices, seed: u64) -> Setup {
    let throwdown = |challenger: u8| Conflict::Throwdown { challenger, stakes: c.stakes.trim().to_string(), threats: vec![0] };
    let gambit = Conflict::Gambit { pilot: 0, specialty: c.specialty };
    let (first, then) = match c.conflict.as_str() {
        "coach" => (throwdown(pilots as u8), Vec::new()),
        "gambit" => (gambit, Vec::new()),
        "evening" => (gambit, vec![throwdown(0), throwdown(pilots as u8)]),
        _ => (throwdown(0), Vec::new()),
    };
    let mut setup = Setup::sample(pilots, first, seed);
    setup.then = then;
    for (sheet, name) in setup.pilots.iter_mut().zip(&c.names) {
        sheet.name = name.trim().to_string();
        sheet.fight = c.fight;
        sheet.team = c.team;
    }
    setup.threats[0].rating = c.rating;
    setup.table.harmony = c.harmony;
    setup.table.robos_present = c.robos;
    setup.table.about_location = c.location;
    setup.table.spades_for_losers = c.spades;
    setup
}

/// The next evening after `s`: the same pilots, sheets as they were at its start, a new deal.
pub fn rematch(s: &Session, seed: u64) -> Result<Session, String> {
    let setup = s.record().map(|r| r.setup.clone()).ok_or("this table cannot be dealt again; change the table in the lobby")?;
    Session::new(s.seats().clone(), &Setup { seed, stashes: Vec::new(), deck_top: Vec::new(), ..setup })
}

#[component]
pub fn Lobby(cx: Ctx) -> impl IntoView {
    let pilots = RwSignal::new(2usize);
    // Seat order: the pilots, then the Coach; the rows grow with the number of pilots.
    let controllers = RwSignal::new(default_controllers(MAX_PILOTS + 1, Level::Medium));
    let choices = RwSignal::new(Choices::default());
    let count = Signal::derive(move || pilots.get() + 1);
    let label = move |i: usize| if i < pilots.get_untracked() { format!("Pilot {}", i + 1) } else { "The Coach".to_string() };
    let name_field = move |i: usize| {
        if i >= pilots.get_untracked() {
            return view! { <span class="hint">"plays every Threat"</span> }.into_any();
        }
        let value = choices.with_untracked(|c| c.names[i].clone());
        view! {
            <label>"Name "
                <input type="text" maxlength=MAX_NAME.to_string() data-testid=format!("pilot-{}-name", i + 1) value=value
                    on:input=move |ev| choices.update(|c| c.names[i] = event_target_value(&ev))/>
            </label>
        }
        .into_any()
    };
    let all_people = move |people: bool| {
        controllers.update(|c| {
            for (i, slot) in c.iter_mut().enumerate() {
                *slot = if people || i == 0 { Controller::Person } else { Controller::Computer(Level::Medium) };
            }
        });
    };
    let start = move || {
        let n = pilots.get_untracked();
        // The Coach is the seat after the pilots: his controller is kept in the last row.
        let mut chosen = controllers.get_untracked();
        chosen.truncate(n + 1);
        let seats: Seats = seats_of(&chosen, n + 1);
        let c = choices.get_untracked();
        if c.names.iter().take(n).any(|name| name.trim().is_empty()) {
            cx.notice.set(Some("Every pilot needs a name.".into()));
            return;
        }
        cx.start(Session::new(seats, &table_setup(n, &c, crate::browser::random_seed())));
    };
    let number = move |field: fn(&mut Choices) -> &mut u8, testid: &'static str, label: &'static str, range: (u8, u8)| {
        let value = choices.with_untracked(|c| *field(&mut c.clone())).to_string();
        view! {
            <label>{label}" "
                <input type="number" min=range.0.to_string() max=range.1.to_string() value=value data-testid=testid
                    on:change=move |ev| { if let Ok(n) = event_target_value(&ev).parse::<u8>() { choices.update(|c| *field(c) = n.clamp(range.0, range.1)); } }/>
            </label>
        }
    };
    let switch = move |field: fn(&mut Choices) -> &mut bool, testid: &'static str, label: &'static str| {
        view! { <label><input type="checkbox" data-testid=testid on:change=move |ev| choices.update(|c| *field(c) = event_target_checked(&ev))/>" "{label}</label> }
    };
    view! {
        <form class="lobby" data-testid="lobby" on:submit=move |ev| { ev.prevent_default(); start(); }>
            <fieldset>
                <legend>"Who plays"</legend>
                <label>"Pilots "
                    <select data-testid="pilots" on:change=move |ev| {
                        let n: usize = event_target_value(&ev).parse().unwrap_or(2);
                        // Keep the Coach's choice on the last row as rows are added or removed.
                        controllers.update(|c| {
                            let coach = c.get(pilots.get_untracked()).copied().unwrap_or(Controller::Computer(Level::Medium));
                            let mut pilots_rows: Vec<Controller> = c.iter().copied().take(pilots.get_untracked()).collect();
                            pilots_rows.resize(n, Controller::Computer(Level::Medium));
                            pilots_rows.push(coach);
                            pilots_rows.resize(MAX_PILOTS + 1, Controller::Computer(Level::Medium));
                            *c = pilots_rows;
                        });
                        pilots.set(n.clamp(1, MAX_PILOTS));
                    }>
                        {(1..=MAX_PILOTS).map(|n| view! { <option value=n.to_string() selected=n == 2>{n.to_string()}</option> }).collect_view()}
                    </select>
                </label>
                <label><input type="radio" name="mode" data-testid="mode-bot" checked on:change=move |_| all_people(false)/>" Me as the first pilot, the computer in every other seat"</label>
                <label><input type="radio" name="mode" data-testid="mode-hotseat" on:change=move |_| all_people(true)/>" Everyone at this device, the Coach too"</label>
                {seat_rows(count, controllers, label, name_field)}
            </fieldset>
            <fieldset>
                <legend>"The conflict"</legend>
                <select data-testid="conflict" on:change=move |ev| choices.update(|c| c.conflict = event_target_value(&ev))>
                    {CONFLICTS.iter().map(|(id, text)| view! { <option value=*id>{*text}</option> }).collect_view()}
                </select>
                <label>"Stakes "
                    <input type="text" maxlength="200" data-testid="stakes" value=choices.with_untracked(|c| c.stakes.clone())
                        on:input=move |ev| choices.update(|c| c.stakes = event_target_value(&ev))/>
                </label>
                {switch(|c| &mut c.specialty, "opt-specialty", "The Gambit is on the pilot's Specialty (two consequences)")}
            </fieldset>
            <details class="fu-standins">
                <summary>"Stand-ins (ours: the source never defines these)"</summary>
                {number(|c| &mut c.harmony, "opt-harmony", "Starting Harmony (1 Red – 7 Violet)", (1, 7))}
                {number(|c| &mut c.fight, "opt-fight", "Every pilot's Commitment to the Fight (Strike Range)", (0, 13))}
                {number(|c| &mut c.team, "opt-team", "Every pilot's Commitment to the Team (bonus draw)", (0, 13))}
                {number(|c| &mut c.rating, "opt-rating", "The Rival's Rating (the Coach's Strike Range and bonus draw)", (1, 13))}
                {switch(|c| &mut c.robos, "opt-robos", "Robos present: Clubs give +Ruin on the Location")}
                {switch(|c| &mut c.location, "opt-location", "The fight is about the Location: Hearts give +Rebuild")}
                {switch(|c| &mut c.spades, "opt-spades", "Playtest option: Spades go to the losers")}
                <p class="hint">"Pilots have 2 Buffers, 3 Charges at most and a Stash of 3; the first pilot carries a Booster (draw 2, or Sacrifice for +Rally); the Rival has a Wave (Shove: +Purge) and a Storm (Crush: +Strife, +Trauma)."</p>
            </details>
            <button type="submit" class="button primary" data-testid="start">"Play"</button>
            <p class="hint">"New to FUSION? "<a href="/rules/fusion">"The rules, with a worked example to watch."</a></p>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lobby_table_is_valid_for_one_to_four_pilots() {
        for pilots in 1..=MAX_PILOTS {
            for (conflict, _) in CONFLICTS {
                let c = Choices { conflict: conflict.into(), ..Choices::default() };
                let setup = table_setup(pilots, &c, 3);
                assert_eq!(setup.validate(), Ok(()), "{pilots} pilots, {conflict}");
                assert_eq!(setup.seats(), pilots + 1);
            }
        }
    }
}
