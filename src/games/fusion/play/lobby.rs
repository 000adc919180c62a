//! FUSION's lobby: how many pilots (1–4) and who plays each seat (a person at this device or
//! the computer), the pilots' names, the conflict (a Throwdown, a Gambit, or an evening of
//! three), and, folded away, the whole table (ours, labelled as stand-ins): starting Harmony,
//! the Location switches and the Spades playtest option, each pilot's sheet and Booster, the
//! Coach's Threats with their Waves and Storms, the Escalation texts and the evening's
//! conflicts in order. The defaults play a Throwdown with one computer ally against a computer
//! Coach in one tap; the table travels whole in the game's share link (its record's setup).

use super::Ctx;
use super::session::Session;
use crate::play::lobby::{default_controllers, save_note, seat_rows_noted, seats_of};
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
    /// Each pilot's sheet, in seat order (the first `pilots` are used).
    pub sheets: Vec<SheetChoice>,
    /// The Coach's Threats, each in every Throwdown.
    pub threats: Vec<ThreatChoice>,
    /// The Escalation Events an Omen sets off, one a line, in order.
    pub escalations: String,
    /// The evening's conflicts, in order (the conflict choice above fills it in).
    pub evening: Vec<Step>,
    /// The Gambit's Specialty applies.
    pub specialty: bool,
    /// Robos are present.
    pub robos: bool,
    /// The fight is about the Location.
    pub location: bool,
    /// The Spades playtest option.
    pub spades: bool,
}

/// One pilot's sheet as the lobby sets it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SheetChoice {
    /// Commitment to the Fight (her Strike Range).
    pub fight: u8,
    /// Commitment to the Team (her bonus draw).
    pub team: u8,
    /// Her Buffers.
    pub buffers: u8,
    /// The most Charges she may hold.
    pub charge_max: u8,
    /// Her Stash's maximum.
    pub stash_max: u8,
    /// She carries a Booster (Gear: draw 2, or Sacrifice for +Rally).
    pub booster: bool,
}

/// One of the Coach's Threats as the lobby sets it.
#[derive(Clone, Debug, PartialEq)]
pub struct ThreatChoice {
    /// Its name.
    pub name: String,
    /// Its Rating.
    pub rating: u8,
    /// Its Buffers.
    pub buffers: u8,
    /// It has the Wave Shove (+Purge).
    pub wave: bool,
    /// It has the Storm Crush (+Strife, +Trauma).
    pub storm: bool,
}

/// One conflict of the evening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A Throwdown challenged by this pilot (`None`: by the Coach).
    Throwdown(Option<u8>),
    /// A Gambit for this pilot.
    Gambit(u8),
}

impl Step {
    /// Its value in the lobby's list (`t1`, `tc`, `g2`).
    fn code(self) -> String {
        match self {
            Step::Throwdown(Some(p)) => format!("t{}", p + 1),
            Step::Throwdown(None) => "tc".into(),
            Step::Gambit(p) => format!("g{}", p + 1),
        }
    }

    /// The conflict a value of the lobby's list names.
    fn from_code(code: &str) -> Option<Step> {
        let pilot = |n: &str| n.parse::<u8>().ok().filter(|n| (1..=MAX_PILOTS as u8).contains(n)).map(|n| n - 1);
        match code.split_at_checked(1)? {
            ("t", "c") => Some(Step::Throwdown(None)),
            ("t", n) => pilot(n).map(|p| Step::Throwdown(Some(p))),
            ("g", n) => pilot(n).map(Step::Gambit),
            _ => None,
        }
    }

    /// In words, for the list's options.
    fn words(self, names: &[String]) -> String {
        let name = |p: u8| names.get(usize::from(p)).cloned().unwrap_or_else(|| format!("Pilot {}", p + 1));
        match self {
            Step::Throwdown(Some(p)) => format!("A Throwdown: {} challenges", name(p)),
            Step::Throwdown(None) => "A Throwdown: the Coach challenges".into(),
            Step::Gambit(p) => format!("A Gambit for {}", name(p)),
        }
    }

    /// The conflict for a table of `pilots` pilots (a pilot beyond them is the first).
    fn conflict(self, pilots: usize, c: &Choices, specialty: bool) -> Conflict {
        let seat = |p: u8| if usize::from(p) < pilots { p } else { 0 };
        let threats = (0..c.threats.len().max(1) as u8).collect();
        match self {
            Step::Throwdown(by) => {
                Conflict::Throwdown { challenger: by.map_or(pilots as u8, seat), stakes: c.stakes.trim().to_string(), threats }
            }
            Step::Gambit(p) => Conflict::Gambit { pilot: seat(p), specialty },
        }
    }
}

/// The evening a conflict choice of [`CONFLICTS`] stands for.
fn preset(conflict: &str) -> Vec<Step> {
    match conflict {
        "coach" => vec![Step::Throwdown(None)],
        "gambit" => vec![Step::Gambit(0)],
        "evening" => vec![Step::Gambit(0), Step::Throwdown(Some(0)), Step::Throwdown(None)],
        _ => vec![Step::Throwdown(Some(0))],
    }
}

/// The longest evening the lobby builds.
const MAX_CONFLICTS: usize = 8;

/// The most Threats the lobby sets.
const MAX_THREATS: usize = 4;

impl Default for SheetChoice {
    fn default() -> SheetChoice {
        SheetChoice { fight: 3, team: 2, buffers: 2, charge_max: 3, stash_max: 3, booster: false }
    }
}

impl Default for ThreatChoice {
    fn default() -> ThreatChoice {
        ThreatChoice { name: "Rival".into(), rating: 2, buffers: 1, wave: true, storm: true }
    }
}

impl Default for Choices {
    fn default() -> Choices {
        let mut sheets = vec![SheetChoice::default(); MAX_PILOTS];
        sheets[0].booster = true;
        Choices {
            names: NAMES.iter().map(|n| n.to_string()).collect(),
            conflict: "throwdown".into(),
            stakes: "The upper hand".into(),
            harmony: 4,
            sheets,
            threats: vec![ThreatChoice::default()],
            escalations: String::new(),
            evening: preset("throwdown"),
            specialty: false,
            robos: false,
            location: false,
            spades: false,
        }
    }
}

/// The table the lobby describes for `pilots` pilots, dealt from `seed`.
pub fn table_setup(pilots: usize, c: &Choices, seed: u64) -> Setup {
    let evening = if c.evening.is_empty() { preset("throwdown") } else { c.evening.clone() };
    let mut conflicts = evening.iter().map(|step| step.conflict(pilots, c, c.specialty));
    let first = conflicts.next().unwrap_or(Conflict::Gambit { pilot: 0, specialty: c.specialty });
    let mut setup = Setup::sample(pilots, first, seed);
    setup.then = conflicts.collect();
    let booster = setup.pilots.first().and_then(|p| p.gear.first().cloned());
    for ((sheet, name), chosen) in setup.pilots.iter_mut().zip(&c.names).zip(&c.sheets) {
        sheet.name = name.trim().to_string();
        sheet.fight = chosen.fight;
        sheet.team = chosen.team;
        sheet.buffers = chosen.buffers;
        sheet.buffer_max = chosen.buffers;
        sheet.charge_max = chosen.charge_max;
        sheet.stash_max = chosen.stash_max;
        sheet.gear = if chosen.booster { booster.clone().into_iter().collect() } else { Vec::new() };
    }
    let (wave, storm) = (setup.threats[0].waves.clone(), setup.threats[0].storms.clone());
    setup.threats = c
        .threats
        .iter()
        .map(|t| dojo_games::fusion::sheet::Threat {
            name: t.name.trim().to_string(),
            rating: t.rating,
            buffers: t.buffers,
            waves: if t.wave { wave.clone() } else { Vec::new() },
            storms: if t.storm { storm.clone() } else { Vec::new() },
        })
        .collect();
    setup.table.escalations = c.escalations.lines().map(str::trim).filter(|l| !l.is_empty()).map(str::to_string).collect();
    setup.table.harmony = c.harmony;
    setup.table.robos_present = c.robos;
    setup.table.about_location = c.location;
    setup.table.spades_for_losers = c.spades;
    setup
}

/// The next evening after `s`: the same pilots, sheets as they were at its start, a new deal.
pub fn rematch(s: &Session, seed: u64) -> Result<Session, String> {
    let setup = s.record().map(|r| r.setup.clone()).ok_or("this table cannot be dealt again; change the table in the lobby")?;
    Session::new(s.seats().clone(), &Setup { seed, stashes: Vec::new(), deck_top: Vec::new(), dealt: Vec::new(), ..setup })
}

#[component]
pub fn Lobby(cx: Ctx) -> impl IntoView {
    let pilots = RwSignal::new(2usize);
    // Seat order: the pilots, then the Coach; the rows grow with the number of pilots.
    let controllers = RwSignal::new(default_controllers(MAX_PILOTS + 1, Level::Medium));
    let choices = RwSignal::new(Choices::default());
    // Bumped when the evening's list is replaced or grows or shrinks: its rows are drawn again
    // then, not at each keystroke.
    let evening_rev = RwSignal::new(0u32);
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
                {seat_rows_noted(count, controllers, label, name_field, save_note, true)}
            </fieldset>
            <fieldset>
                <legend>"The conflict"</legend>
                <select data-testid="conflict" on:change=move |ev| {
                    let conflict = event_target_value(&ev);
                    choices.update(|c| {
                        c.evening = preset(&conflict);
                        c.conflict = conflict;
                    });
                    evening_rev.update(|n| *n += 1);
                }>
                    {CONFLICTS.iter().map(|(id, text)| view! { <option value=*id>{*text}</option> }).collect_view()}
                </select>
                <label>"Stakes "
                    <input type="text" maxlength="200" data-testid="stakes" value=choices.with_untracked(|c| c.stakes.clone())
                        on:input=move |ev| choices.update(|c| c.stakes = event_target_value(&ev))/>
                </label>
                {switch(|c| &mut c.specialty, "opt-specialty", "The Gambit is on the pilot's Specialty (two consequences)")}
            </fieldset>
            <details class="fu-standins">
                <summary>"The whole table: Harmony, sheets, Threats, the evening (stand-ins, ours: the source never defines these)"</summary>
                {number(|c| &mut c.harmony, "opt-harmony", "Starting Harmony (1 Red – 7 Violet)", (1, 7))}
                {switch(|c| &mut c.robos, "opt-robos", "Robos present: Clubs give +Ruin on the Location")}
                {switch(|c| &mut c.location, "opt-location", "The fight is about the Location: Hearts give +Rebuild")}
                {switch(|c| &mut c.spades, "opt-spades", "Playtest option: Spades go to the losers")}
                <h3>"The pilots' sheets"</h3>
                {sheets_view(choices, pilots)}
                <h3>"The Coach's Threats"</h3>
                {threats_view(choices)}
                <h3>"The evening, in order"</h3>
                {evening_view(choices, pilots, evening_rev)}
                <label class="fu-escalations">"Escalation Events, one a line (an Omen spent sets off the next)"
                    <textarea rows="3" data-testid="escalations" prop:value=choices.with_untracked(|c| c.escalations.clone())
                        on:input=move |ev| choices.update(|c| c.escalations = event_target_value(&ev))></textarea>
                </label>
                <p class="hint">"A Booster draws 2 when Activated, or gives +Rally when Sacrificed. A Wave (Shove) fires +Purge for one Face card; a Storm (Crush) fires +Strife and +Trauma for three."</p>
            </details>
            <button type="submit" class="button primary" data-testid="start">"Play"</button>
            <p class="hint">"New to FUSION? "<a href="/rules/fusion">"The rules, with a worked example to watch."</a></p>
        </form>
    }
}

/// A number field: `set` takes each change, kept within `range`.
fn number_field(testid: String, label: &'static str, value: u8, range: (u8, u8), set: impl Fn(u8) + 'static) -> impl IntoView {
    view! {
        <label>{label}" "
            <input type="number" min=range.0.to_string() max=range.1.to_string() value=value.to_string() data-testid=testid
                on:change=move |ev| { if let Ok(n) = event_target_value(&ev).parse::<u8>() { set(n.clamp(range.0, range.1)); } }/>
        </label>
    }
}

/// A row of numbers for each pilot's sheet, and her Booster.
fn sheets_view(choices: RwSignal<Choices>, pilots: RwSignal<usize>) -> impl IntoView {
    move || {
        (0..pilots.get())
            .map(|i| {
                let s = choices.with_untracked(|c| c.sheets[i]);
                let at = move |f: fn(&mut SheetChoice, u8)| move |n: u8| choices.update(|c| f(&mut c.sheets[i], n));
                let id = |what: &str| format!("sheet-{}-{what}", i + 1);
                view! {
                    <fieldset class="fu-sheet" data-testid=format!("sheet-{}", i + 1)>
                        <legend>{format!("Pilot {}", i + 1)}</legend>
                        {number_field(id("fight"), "Fight", s.fight, (0, 13), at(|s, n| s.fight = n))}
                        {number_field(id("team"), "Team", s.team, (0, 13), at(|s, n| s.team = n))}
                        {number_field(id("buffers"), "Buffers", s.buffers, (0, 6), at(|s, n| s.buffers = n))}
                        {number_field(id("charges"), "Charges at most", s.charge_max, (0, 9), at(|s, n| s.charge_max = n))}
                        {number_field(id("stash"), "Stash", s.stash_max, (1, 7), at(|s, n| s.stash_max = n))}
                        <label><input type="checkbox" data-testid=id("booster") checked=s.booster
                            on:change=move |ev| choices.update(|c| c.sheets[i].booster = event_target_checked(&ev))/>" Booster"</label>
                    </fieldset>
                }
            })
            .collect_view()
    }
}

/// A row for each of the Coach's Threats, with a way to add and remove them.
fn threats_view(choices: RwSignal<Choices>) -> impl IntoView {
    let count = RwSignal::new(choices.with_untracked(|c| c.threats.len()));
    let rows = move || {
        (0..count.get())
            .map(|i| {
                let t = choices.with_untracked(|c| c.threats[i].clone());
                let at = move |f: fn(&mut ThreatChoice, u8)| move |n: u8| choices.update(|c| f(&mut c.threats[i], n));
                let id = |what: &str| format!("threat-{}-{what}", i + 1);
                let remove = move |_| {
                    choices.update(|c| {
                        c.threats.remove(i);
                    });
                    count.update(|n| *n -= 1);
                };
                view! {
                    <fieldset class="fu-sheet" data-testid=format!("threat-{}", i + 1)>
                        <legend>{format!("Threat {}", i + 1)}</legend>
                        <label>"Name "<input type="text" maxlength=MAX_NAME.to_string() data-testid=id("name") value=t.name
                            on:input=move |ev| choices.update(|c| c.threats[i].name = event_target_value(&ev))/></label>
                        {number_field(id("rating"), "Rating", t.rating, (1, 13), at(|t, n| t.rating = n))}
                        {number_field(id("buffers"), "Buffers", t.buffers, (0, 6), at(|t, n| t.buffers = n))}
                        <label><input type="checkbox" data-testid=id("wave") checked=t.wave
                            on:change=move |ev| choices.update(|c| c.threats[i].wave = event_target_checked(&ev))/>" Wave"</label>
                        <label><input type="checkbox" data-testid=id("storm") checked=t.storm
                            on:change=move |ev| choices.update(|c| c.threats[i].storm = event_target_checked(&ev))/>" Storm"</label>
                        {(count.get_untracked() > 1).then(|| view! { <button type="button" class="button subtle" data-testid=id("remove") on:click=remove>"Remove"</button> })}
                    </fieldset>
                }
            })
            .collect_view()
    };
    let add = move |_| {
        choices.update(|c| c.threats.push(ThreatChoice { name: format!("Threat {}", c.threats.len() + 1), ..ThreatChoice::default() }));
        count.update(|n| *n += 1);
    };
    view! {
        {rows}
        {move || (count.get() < MAX_THREATS).then(|| view! { <button type="button" class="button" data-testid="add-threat" on:click=add>"Add a Threat"</button> })}
    }
}

/// The evening's conflicts in order, each a choice of every conflict the table can hold, with
/// a way to add and remove them.
fn evening_view(choices: RwSignal<Choices>, pilots: RwSignal<usize>, rev: RwSignal<u32>) -> impl IntoView {
    let rows = move || {
        rev.track();
        let n = pilots.get();
        let (steps, names) = choices.with_untracked(|c| (c.evening.clone(), c.names.clone()));
        let offered: Vec<Step> =
            (0..n as u8).map(|p| Step::Throwdown(Some(p))).chain([Step::Throwdown(None)]).chain((0..n as u8).map(Step::Gambit)).collect();
        let many = steps.len() > 1;
        steps
            .into_iter()
            .enumerate()
            .map(|(i, step)| {
                let options = offered
                    .iter()
                    .map(|o| view! { <option value=o.code() selected=*o == step>{o.words(&names)}</option> })
                    .collect_view();
                let change = move |ev| {
                    if let Some(step) = Step::from_code(&event_target_value(&ev)) {
                        choices.update(|c| c.evening[i] = step);
                    }
                };
                let remove = move |_| {
                    choices.update(|c| {
                        c.evening.remove(i);
                    });
                    rev.update(|n| *n += 1);
                };
                view! {
                    <li>
                        <select data-testid=format!("evening-{}", i + 1) aria-label=format!("Conflict {}", i + 1) on:change=change>{options}</select>
                        {many.then(|| view! { <button type="button" class="button subtle" data-testid=format!("evening-{}-remove", i + 1) on:click=remove>"Remove"</button> })}
                    </li>
                }
            })
            .collect_view()
    };
    let add = move |_| {
        choices.update(|c| c.evening.push(Step::Throwdown(Some(0))));
        rev.update(|n| *n += 1);
    };
    let room = move || {
        rev.track();
        choices.with_untracked(|c| c.evening.len()) < MAX_CONFLICTS
    };
    view! {
        <ol class="fu-evening" data-testid="evening">{rows}</ol>
        {move || room().then(|| view! { <button type="button" class="button" data-testid="add-conflict" on:click=add>"Add a conflict"</button> })}
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

    /// The whole table set in the lobby is the table played: each pilot's sheet, every Threat
    /// (each in every Throwdown), the Escalation texts and the evening in order.
    #[test]
    fn the_whole_table_set_in_the_lobby_is_the_table_played() {
        let mut c = Choices::default();
        c.sheets[1] = SheetChoice { fight: 5, team: 0, buffers: 4, charge_max: 6, stash_max: 5, booster: true };
        c.threats.push(ThreatChoice { name: "Mecha".into(), rating: 4, buffers: 3, wave: false, storm: true });
        c.escalations = "The lights go out\n\n  Reinforcements arrive  ".into();
        c.evening = vec![Step::Gambit(2), Step::Throwdown(None), Step::Throwdown(Some(1)), Step::Gambit(3)];
        let setup = table_setup(3, &c, 9);
        assert_eq!(setup.validate(), Ok(()));
        let bea = &setup.pilots[1];
        assert_eq!((bea.fight, bea.team, bea.buffers, bea.buffer_max, bea.charge_max, bea.stash_max), (5, 0, 4, 4, 6, 5));
        assert_eq!(bea.gear.len(), 1, "Bea carries the Booster");
        assert!(setup.pilots[2].gear.is_empty());
        assert_eq!(setup.threats.len(), 2);
        assert_eq!(
            (setup.threats[1].rating, setup.threats[1].buffers, setup.threats[1].waves.len(), setup.threats[1].storms.len()),
            (4, 3, 0, 1)
        );
        assert_eq!(setup.table.escalations, vec!["The lights go out".to_string(), "Reinforcements arrive".to_string()]);
        assert_eq!(setup.conflict, Conflict::Gambit { pilot: 2, specialty: false });
        assert_eq!(setup.then.len(), 3);
        assert!(
            matches!(&setup.then[0], Conflict::Throwdown { challenger: 3, threats, .. } if threats == &vec![0, 1]),
            "the Coach challenges with both Threats"
        );
        assert!(matches!(&setup.then[1], Conflict::Throwdown { challenger: 1, .. }));
        assert_eq!(setup.then[2], Conflict::Gambit { pilot: 0, specialty: false }, "a pilot beyond the table's is the first");
    }

    #[test]
    fn every_conflict_of_the_list_reads_back_from_its_value() {
        for step in [Step::Throwdown(None), Step::Throwdown(Some(0)), Step::Throwdown(Some(3)), Step::Gambit(0), Step::Gambit(3)] {
            assert_eq!(Step::from_code(&step.code()), Some(step));
        }
        for bad in ["", "t", "t0", "t5", "g", "gx", "x1", "tcc"] {
            assert_eq!(Step::from_code(bad), None, "{bad}");
        }
    }
}
