//! Rumble's lobby: how many seats and who plays each (a person at this device or the computer
//! at a strength), each seat's name and role (a hero, the moderator, or a hero's player who
//! also moderates), the powers up for auction (the whole set, the beginner set, or picked by
//! hand), powers people type in (up to two each, which need a person as moderator), and the
//! genre whose words the table uses.

use super::session::Session;
use super::{Ctx, GENRE_KEY};
use crate::games::rumble::table::power_chip;
use crate::games::rumble::words::{self, invented_keywords};
use crate::play::lobby::{controller_id, default_controllers, save_note, seat_rows_noted, seats_of};
use crate::play::{Controller, Seats};
use dojo_bot::Level;
use dojo_games::rumble::catalog::{self, Kind, PowerId};
use dojo_games::rumble::genre::GENRES;
use dojo_games::rumble::setup::{INVENTED_PER_PLAYER, MAX_NAME, MAX_TEXT};
use dojo_games::rumble::share::PowerList;
use dojo_games::rumble::{CostKind, Invented, PowerRef, Role, Rumble, SeatSetup, Setup, Start};
use leptos::prelude::*;

/// The most seats at a table.
const MOST: usize = 8;

/// Names the lobby starts with.
const NAMES: [&str; MOST] =
    ["Mantisman", "Doctor Cuttlefish", "Plastiquegirl", "The Breeze", "Captain Volt", "Night Owl", "Ironclad", "Star Sparrow"];

/// Which powers go up for auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PowerSet {
    /// The beginner subset.
    Beginner,
    /// All 49.
    All,
    /// Ticked by hand.
    Hand,
}

/// A typed-in power as the lobby's form holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct Typed {
    /// Its name (blank: not typed).
    pub name: String,
    /// What it does.
    pub text: String,
    /// `none`, `spend`, `burn` or `drain`.
    pub cost: String,
    /// The cost's amount; 0 means X.
    pub amount: u16,
    /// Activate N (0: none).
    pub activate: u8,
    /// Exhaust N (0: none).
    pub exhaust: u8,
    /// `normal`, `flaw` or `sidekick`.
    pub kind: String,
    /// Whether a use names a hero.
    pub targets: bool,
}

impl Default for Typed {
    fn default() -> Self {
        Typed {
            name: String::new(),
            text: String::new(),
            cost: "none".into(),
            amount: 0,
            activate: 0,
            exhaust: 0,
            kind: "normal".into(),
            targets: false,
        }
    }
}

impl Typed {
    /// The power, by `author`, when its name is filled in.
    pub fn invented(&self, author: u8) -> Option<Invented> {
        if self.name.trim().is_empty() {
            return None;
        }
        let cost = match self.cost.as_str() {
            "spend" => Some(CostKind::Spend),
            "burn" => Some(CostKind::Burn),
            "drain" => Some(CostKind::Drain),
            _ => None,
        };
        Some(Invented {
            author,
            name: self.name.trim().to_string(),
            text: self.text.trim().to_string(),
            kind: match self.kind.as_str() {
                "flaw" => Kind::Flaw,
                "sidekick" => Kind::Sidekick,
                _ => Kind::Normal,
            },
            cost: cost.map(|c| (c, (self.amount > 0).then_some(self.amount))),
            activate: (self.activate > 0).then_some(self.activate),
            exhaust: (self.exhaust > 0).then_some(self.exhaust),
            targets: self.targets,
        })
    }
}

fn role_id(role: Role) -> &'static str {
    match role {
        Role::Hero => "hero",
        Role::Moderator => "moderator",
        Role::HeroModerator => "hero-moderator",
    }
}

/// The table the lobby describes, or what is wrong with it, in words.
pub fn table_setup(
    seats: &Seats,
    names: &[String],
    roles: &[Role],
    set: Vec<PowerId>,
    typed: Option<&[[Typed; INVENTED_PER_PLAYER]]>,
    seed: u64,
) -> Result<Setup, String> {
    let n = seats.count();
    if seats.has_remote() && roles.iter().take(n).any(|r| r.moderates()) {
        return Err("With friends on other devices every seat plays a hero: a moderator sees every secret, and no device may.".into());
    }
    let mut invented = Vec::new();
    if let Some(typed) = typed {
        for (seat, pair) in typed.iter().enumerate().take(n) {
            if roles[seat].plays() && seats.is_person(dojo_engine::Seat(seat as u8)) {
                invented.extend(pair.iter().filter_map(|t| t.invented(seat as u8)));
            }
        }
        if seats.has_remote() && !invented.is_empty() {
            return Err("Typed-in powers need a moderator, so they cannot be played with friends on other devices.".into());
        }
        let list = PowerList { set: set.clone(), typed: invented.clone() };
        if let Some((i, why)) = list.problems().first() {
            return Err(format!("Typed-in power “{}” {why}.", invented[*i].name));
        }
    }
    if let Some(m) = roles.iter().take(n).position(|r| r.moderates())
        && !seats.is_person(dojo_engine::Seat(m as u8))
    {
        return Err("The computer never moderates: the moderator's seat must be a person's.".into());
    }
    if !invented.is_empty() && !roles.iter().take(n).any(|r| r.moderates()) {
        return Err("Typed-in powers need a moderator: make one seat the moderator (or a hero's player who also moderates).".into());
    }
    let mut powers: Vec<PowerRef> = set.into_iter().map(PowerRef::Set).collect();
    powers.extend((0..invented.len()).map(|i| PowerRef::Invented(i as u8)));
    let setup = Setup {
        seats: (0..n).map(|i| SeatSetup { name: names[i].trim().to_string(), role: roles[i] }).collect(),
        powers,
        invented,
        seed,
        start: Start::Auction,
        round_limit: dojo_games::rumble::setup::ROUND_LIMIT,
        genre: String::new(),
    };
    setup.check().map_err(|e| {
        // A message may start with a typed-in name.
        format!("{}.", crate::text::sentence(&e.to_string()))
    })?;
    Ok(setup)
}

fn typed_form(seat: usize, k: usize, typed: RwSignal<Vec<[Typed; INVENTED_PER_PLAYER]>>) -> impl IntoView {
    let id = move |f: &str| format!("typed-{}-{}-{f}", seat + 1, k + 1);
    let get = move |f: fn(&Typed) -> String| move || typed.with(|t| f(&t[seat][k]));
    let set = move |f: fn(&mut Typed, String)| move |ev: leptos::ev::Event| typed.update(|t| f(&mut t[seat][k], event_target_value(&ev)));
    let opt = move |field: fn(&Typed) -> String, value: &'static str, label: &'static str| {
        view! { <option value=value selected=move || get(field)() == value>{label}</option> }
    };
    view! {
        <fieldset class="rb-typed" data-testid=id("form")>
            <legend>{format!("Power {}", k + 1)}</legend>
            <label>"Name: "<input type="text" maxlength=MAX_NAME.to_string() data-testid=id("name") prop:value=get(|t| t.name.clone()) on:input=set(|t, v| t.name = v)/></label>
            <label>"What it does: "<textarea maxlength=MAX_TEXT.to_string() rows="2" data-testid=id("text") prop:value=get(|t| t.text.clone()) on:input=set(|t, v| t.text = v)></textarea></label>
            <div class="rb-keywords">
                <label>"Cost: "<select data-testid=id("cost") on:change=set(|t, v| t.cost = v)>
                    {opt(|t| t.cost.clone(), "none", "none")}{opt(|t| t.cost.clone(), "spend", "Spend")}{opt(|t| t.cost.clone(), "burn", "Burn")}{opt(|t| t.cost.clone(), "drain", "Drain")}
                </select></label>
                <label>"amount (blank: X) "<input type="number" min="0" max="100" data-testid=id("amount") prop:value=get(|t| if t.amount == 0 { String::new() } else { t.amount.to_string() }) on:input=set(|t, v| t.amount = v.trim().parse().unwrap_or(0))/></label>
                <label>"Activate "<input type="number" min="0" max="9" data-testid=id("activate") prop:value=get(|t| if t.activate == 0 { String::new() } else { t.activate.to_string() }) on:input=set(|t, v| t.activate = v.trim().parse().unwrap_or(0))/></label>
                <label>"Exhaust "<input type="number" min="0" max="9" data-testid=id("exhaust") prop:value=get(|t| if t.exhaust == 0 { String::new() } else { t.exhaust.to_string() }) on:input=set(|t, v| t.exhaust = v.trim().parse().unwrap_or(0))/></label>
                <label>"Kind: "<select data-testid=id("kind") on:change=set(|t, v| t.kind = v)>
                    {opt(|t| t.kind.clone(), "normal", "a power")}{opt(|t| t.kind.clone(), "flaw", "Flaw")}{opt(|t| t.kind.clone(), "sidekick", "Sidekick")}
                </select></label>
                <label><input type="checkbox" data-testid=id("targets") prop:checked=move || typed.with(|t| t[seat][k].targets) on:change=move |ev| typed.update(|t| t[seat][k].targets = event_target_checked(&ev))/>" names a hero"</label>
            </div>
            <p class="hint">{move || typed.with(|t| t[seat][k].invented(seat as u8).map(|p| invented_keywords(&p)).filter(|k| !k.is_empty()).map(|k| format!("Keywords: {k}")))}</p>
        </fieldset>
    }
}

/// The lobby.
#[component]
pub fn Lobby(cx: Ctx) -> impl IntoView {
    let count = RwSignal::new(4usize);
    let controllers = RwSignal::new(default_controllers(MOST, Level::Medium));
    let names = RwSignal::new(NAMES.map(String::from).to_vec());
    let roles = RwSignal::new(vec![Role::Hero; MOST]);
    let power_set = RwSignal::new(PowerSet::Beginner);
    let picked = RwSignal::new(catalog::beginner());
    let typing = RwSignal::new(false);
    let typed = RwSignal::new(vec![[Typed::default(), Typed::default()]; MOST]);
    let genre = RwSignal::new(crate::browser::load(GENRE_KEY).unwrap_or_else(|| "superhero".into()));
    let level = RwSignal::new(Level::Medium);
    let error = RwSignal::new(None::<String>);
    let all_people = move |people: bool| {
        controllers.update(|c| {
            for (i, slot) in c.iter_mut().enumerate() {
                *slot = if people || i == 0 { Controller::Person } else { Controller::Computer(level.get_untracked()) };
            }
        });
        if !people {
            roles.update(|r| r.iter_mut().for_each(|x| *x = Role::Hero));
        }
    };
    let start = move || {
        let n = count.get_untracked();
        let seats = controllers.with_untracked(|c| seats_of(c, n));
        let set = match power_set.get_untracked() {
            PowerSet::Beginner => catalog::beginner(),
            PowerSet::All => catalog::all(),
            PowerSet::Hand => picked.get_untracked(),
        };
        let typed_now = typed.get_untracked();
        let setup = table_setup(
            &seats,
            &names.get_untracked(),
            &roles.get_untracked(),
            set,
            typing.get_untracked().then_some(typed_now.as_slice()),
            crate::browser::random_seed(),
        );
        match setup {
            Ok(setup) => {
                error.set(None);
                let g = genre.get_untracked();
                crate::browser::store(GENRE_KEY, &g);
                words::use_genre(&g);
                // The table keeps its words: a friend's device tells it in the host's genre.
                let setup = Setup { genre: g, ..setup };
                cx.start(Session::new(seats, &setup));
            }
            Err(e) => error.set(Some(e)),
        }
    };
    let extra = move |i: usize| {
        view! {
            <label class="rb-seat-name">"Name: "<input type="text" maxlength=MAX_NAME.to_string() data-testid=format!("name-{}", i + 1)
                prop:value=move || names.with(|n| n[i].clone()) on:input=move |ev| names.update(|n| n[i] = event_target_value(&ev))/></label>
            <label>"Role: "<select data-testid=format!("role-{}", i + 1) on:change=move |ev| {
                let role = match event_target_value(&ev).as_str() { "moderator" => Role::Moderator, "hero-moderator" => Role::HeroModerator, _ => Role::Hero };
                roles.update(|r| r[i] = role);
                if role.moderates() { controllers.update(|c| c[i] = Controller::Person); }
            }>
                {[(Role::Hero, "a hero"), (Role::Moderator, "the moderator (no hero)"), (Role::HeroModerator, "a hero who also moderates")].into_iter().map(|(r, l)| view! {
                    <option value=role_id(r) selected=move || roles.with(|x| x[i] == r)>{l}</option>
                }).collect_view()}
            </select></label>
        }
        .into_any()
    };
    let chooser = move || {
        let table = Rumble::start(&Setup::heroes(&["A", "B"], catalog::all(), 0)).ok();
        let boxes = catalog::CARDS
            .iter()
            .map(|c| {
                let id = c.id;
                let chip = table.as_ref().map(|t| power_chip(t, PowerRef::Set(id), None));
                view! {
                    <li><label><input type="checkbox" data-testid=format!("pick-{:?}", id) prop:checked=move || picked.with(|p| p.contains(&id))
                        on:change=move |ev| picked.update(|p| { p.retain(|x| *x != id); if event_target_checked(&ev) { p.push(id); dojo_engine::sorting::sort(p); } })/></label>
                        {chip}<span class="rb-tier">{c.tier.label()}</span></li>
                }
            })
            .collect_view();
        view! { <ul class="rb-picks" data-testid="power-picks">{boxes}</ul> }
    };
    let typed_forms = move || {
        let n = count.get();
        let c = controllers.get();
        let r = roles.get();
        (0..n)
            .filter(|i| r[*i].plays() && c.get(*i) == Some(&Controller::Person))
            .map(|i| {
                view! {
                    <div class="rb-typed-seat" data-testid=format!("typed-{}", i + 1)>
                        <p class="rb-typed-who">{move || names.with(|n| n[i].clone())}</p>
                        {typed_form(i, 0, typed)}{typed_form(i, 1, typed)}
                    </div>
                }
            })
            .collect_view()
    };
    let radio = move |v: PowerSet, testid: &'static str, label: String| {
        view! { <label><input type="radio" name="power-set" data-testid=testid prop:checked=move || power_set.get() == v on:change=move |_| power_set.set(v)/>{label}</label> }
    };
    view! {
        <form class="lobby rb-lobby" data-testid="lobby" on:submit=move |ev| { ev.prevent_default(); start(); }>
            <fieldset>
                <legend>"Who plays?"</legend>
                // Each choice shows as chosen when the seats below are set that way (neither for
                // another mix), so a fresh visit shows the usual table as chosen.
                <label><input type="radio" name="mode" data-testid="mode-bot" prop:checked=move || {
                    let n = count.get();
                    controllers.with(|c| c.iter().take(n).enumerate().all(|(i, x)| if i == 0 { *x == Controller::Person } else { matches!(x, Controller::Computer(_)) }))
                } on:change=move |_| all_people(false)/>" Me against the computer"</label>
                <label><input type="radio" name="mode" data-testid="mode-hotseat" prop:checked=move || {
                    let n = count.get();
                    controllers.with(|c| c.iter().take(n).all(|x| *x == Controller::Person))
                } on:change=move |_| all_people(true)/>" People on this device"</label>
                <label>" Computer strength: "<select data-testid="level" on:change=move |ev| {
                    if let Some(Controller::Computer(l)) = crate::play::lobby::controller_from_id(&event_target_value(&ev)) {
                        level.set(l);
                        controllers.update(|c| c.iter_mut().for_each(|x| if matches!(x, Controller::Computer(_)) { *x = Controller::Computer(l) }));
                    }
                }>{Level::ALL.into_iter().map(|l| view! { <option value=controller_id(Controller::Computer(l)) selected=move || level.get() == l>{l.label()}</option> }).collect_view()}</select></label>
                <label>" Seats: "<select data-testid="seat-count" on:change=move |ev| count.set(event_target_value(&ev).parse().unwrap_or(4))>
                    {(2..=MOST).map(|n| view! { <option value=n.to_string() selected=move || count.get() == n>{n.to_string()}</option> }).collect_view()}
                </select></label>
                <p class="hint">"Each seat is a hero played by a person at this device, by the computer, or by a friend on another device, in any mix. A seat may instead be the moderator, who plays no hero, sees every secret and applies typed-in powers (never the computer, and not with friends on other devices). People pass the device for every secret step."</p>
                {seat_rows_noted(count.into(), controllers, |i| format!("Seat {}", i + 1), extra, save_note, true)}
            </fieldset>
            <fieldset>
                <legend>"Powers up for auction"</legend>
                {radio(PowerSet::Beginner, "power-set-beginner", format!(" The beginner set ({})", catalog::beginner().len()))}
                {radio(PowerSet::All, "power-set-all", format!(" All {} of the set", catalog::CARDS.len()))}
                {radio(PowerSet::Hand, "power-set-hand", " Chosen by hand".into())}
                <Show when=move || power_set.get() == PowerSet::Hand>{chooser}</Show>
                <label class="rb-typed-toggle"><input type="checkbox" data-testid="typed-on" prop:checked=move || typing.get() on:change=move |ev| typing.set(event_target_checked(&ev))/>
                    " Powers we type in (up to two per person; needs a person as moderator)"</label>
                <Show when=move || typing.get()>
                    <p class="hint">"A typed-in power goes into the auction like any other. The site shows its text and takes its cost; what it does is up to the moderator. Leave a name blank to type nothing."</p>
                    {typed_forms}
                </Show>
            </fieldset>
            <fieldset>
                <legend>"Genre"</legend>
                <select data-testid="genre" aria-label="Genre" on:change=move |ev| genre.set(event_target_value(&ev))>
                    {GENRES.iter().map(|g| view! { <option value=g.id selected=move || genre.get() == g.id>{format!("{} ({}, {}, {})", g.name, g.heroes, g.energy, g.powers)}</option> }).collect_view()}
                </select>
                <p class="hint">"Only the words change, never the rules."</p>
            </fieldset>
            {move || error.get().map(|e| view! { <p class="error" role="alert" data-testid="lobby-error">{e}</p> })}
            <button type="submit" class="button primary" data-testid="start">"Start the auction"</button>
            <p class="hint">"New to Rumble? "<a href="/rules/rumble">"Read the rules"</a>" or "<a href="/rules/rumble#auction">"just how the auction works"</a>"."</p>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(name: &str) -> Typed {
        Typed { name: name.into(), text: "Gain 5 Energy.".into(), cost: "spend".into(), amount: 0, activate: 1, ..Typed::default() }
    }

    #[test]
    fn typed_in_powers_need_a_person_as_moderator() {
        let names: Vec<String> = NAMES.map(String::from).to_vec();
        let people = Seats::people(3);
        let roles = [Role::Hero, Role::Hero, Role::Moderator];
        let mut pairs = vec![[Typed::default(), Typed::default()]; 3];
        pairs[0][0] = typed("Zap");
        let setup = table_setup(&people, &names, &roles, catalog::beginner(), Some(&pairs), 1).unwrap();
        assert_eq!(setup.invented[0].cost, Some((CostKind::Spend, None)), "no amount is X");
        assert_eq!(setup.powers.last(), Some(&PowerRef::Invented(0)));
        let heroes_only = [Role::Hero; 3];
        assert!(table_setup(&people, &names, &heroes_only, vec![], Some(&pairs), 1).unwrap_err().contains("need a moderator"));
        let computer_moderates = Seats(vec![Controller::Person, Controller::Person, Controller::Computer(Level::Easy)]);
        assert!(table_setup(&computer_moderates, &names, &roles, vec![], Some(&pairs), 1).unwrap_err().contains("never moderates"));
        pairs[0][1] = Typed { text: " ".into(), ..typed("Blank") };
        assert!(table_setup(&people, &names, &roles, vec![], Some(&pairs), 1).unwrap_err().contains("needs a text"));
        let with_friend = Seats(vec![Controller::Person, Controller::Remote, Controller::Person]);
        assert!(table_setup(&with_friend, &names, &roles, vec![], None, 1).unwrap_err().contains("no device may"));
        assert!(
            table_setup(&with_friend, &names, &heroes_only, vec![], Some(&pairs), 1).unwrap_err().contains("cannot be played with friends")
        );
        assert!(table_setup(&with_friend, &names, &heroes_only, catalog::beginner(), None, 1).is_ok(), "heroes only, set powers: playable");
        let long = vec!["x".repeat(41), "B".into()];
        assert!(table_setup(&Seats::people(2), &long, &[Role::Hero; 2], vec![], None, 1).unwrap_err().starts_with("The name"));
    }
}
