//! The card editor: an owner of the retail game types in their own DRAGON PUNCH cards (or
//! changes ours), sees every problem with where it is, keeps the set in this browser and
//! shares it as a link that plays and prints the same set.
//!
//! What people type is only ever put into text nodes and input values, never read as markup.
//! The set being edited is kept as a draft in storage on every change, so a reload loses nothing.

use super::sets;
use crate::browser;
use dojo_games::dragon_punch::card::{CharacterCard, Icon, Move, Properties};
use dojo_games::dragon_punch::{CardSet, MAX_SET_CHARACTERS, MAX_STRENGTH, MAX_TEXT, MAX_TIME, is_hidden};
use leptos::prelude::*;

/// The storage key of the set being edited (a draft, kept on every change).
pub const DRAFT_KEY: &str = "dojo.dragon-punch.draft";

/// Where a move sits in a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveAt {
    /// Basic card `0`, white move.
    White(usize),
    /// Basic card `0`, red move.
    Red(usize),
    /// Character `0`, move `1`.
    Character(usize, usize),
}

impl MoveAt {
    /// The move in `set`, if the place exists.
    pub fn get(self, set: &CardSet) -> Option<&Move> {
        match self {
            MoveAt::White(i) => set.basics.get(i).map(|c| &c.white),
            MoveAt::Red(i) => set.basics.get(i).map(|c| &c.red),
            MoveAt::Character(i, k) => set.characters.get(i).and_then(|c| c.moves.get(k)),
        }
    }

    /// The move in `set` to change, if the place exists.
    pub fn get_mut(self, set: &mut CardSet) -> Option<&mut Move> {
        match self {
            MoveAt::White(i) => set.basics.get_mut(i).map(|c| &mut c.white),
            MoveAt::Red(i) => set.basics.get_mut(i).map(|c| &mut c.red),
            MoveAt::Character(i, k) => set.characters.get_mut(i).and_then(|c| c.moves.get_mut(k)),
        }
    }

    /// A short id for test hooks and labels: `b1-white`, `c2-m1`.
    pub fn id(self) -> String {
        match self {
            MoveAt::White(i) => format!("b{}-white", i + 1),
            MoveAt::Red(i) => format!("b{}-red", i + 1),
            MoveAt::Character(i, k) => format!("c{}-m{}", i + 1, k + 1),
        }
    }
}

/// What a location's select shows: nothing, an attack, a Block or an Evade.
pub fn icon_kind(icon: Option<Icon>) -> &'static str {
    match icon {
        None => "none",
        Some(Icon::Attack { .. }) => "attack",
        Some(Icon::Block) => "block",
        Some(Icon::Evade) => "evade",
    }
}

/// The icon a select's choice makes, keeping an attack's numbers when it stays an attack.
pub fn icon_from_kind(kind: &str, old: Option<Icon>) -> Option<Icon> {
    match kind {
        "attack" => Some(match old {
            Some(attack @ Icon::Attack { .. }) => attack,
            _ => Icon::Attack { strength: 1, time: 3 },
        }),
        "block" => Some(Icon::Block),
        "evade" => Some(Icon::Evade),
        _ => None,
    }
}

/// A number typed into a field, kept within `1..=max` (`0..=max` when `zero` is allowed).
pub fn bounded(text: &str, zero: bool, max: u8) -> u8 {
    let low = u8::from(!zero);
    text.trim().parse::<i64>().map_or(low, |n| n.clamp(i64::from(low), i64::from(max)) as u8)
}

/// A new character, for "Add a character".
pub fn blank_character(n: usize) -> CharacterCard {
    let plain = |name: String| Move { name: name.into(), effect: None, high: None, low: None, properties: Properties::default() };
    CharacterCard { name: format!("Character {n}"), moves: [plain("First move".into()), plain("Second move".into())] }
}

/// Every typed text of `set` with where it is, in the words the problems use ("Basic card 2,
/// red move"): what the checks below read.
fn typed_texts(set: &CardSet) -> Vec<(String, String)> {
    fn of_move(all: &mut Vec<(String, String)>, at: String, m: &Move) {
        all.push((at.clone(), m.name.to_string()));
        if let Some(effect) = &m.effect {
            all.push((format!("{at}, effect"), effect.clone()));
        }
    }
    let mut all = vec![("The set's name".to_string(), set.name.clone())];
    for (i, card) in set.basics.iter().enumerate() {
        of_move(&mut all, format!("Basic card {}, white move", i + 1), &card.white);
        of_move(&mut all, format!("Basic card {}, red move", i + 1), &card.red);
    }
    for (i, character) in set.characters.iter().enumerate() {
        all.push((format!("Character {}", i + 1), character.name.clone()));
        for (k, m) in character.moves.iter().enumerate() {
            of_move(&mut all, format!("Character {}, move {}", i + 1, k + 1), m);
        }
    }
    all
}

/// What the editor warns of before printing (notes `#unprintable`): each typed text holding
/// characters the print kit's font cannot draw, which print as a question mark. They play on
/// screen as typed; only the printed cards differ.
pub fn print_warnings(set: &CardSet) -> Vec<String> {
    typed_texts(set)
        .into_iter()
        .filter_map(|(at, text)| {
            let lacking = dojo_print::text::unprintable(&text);
            (!lacking.is_empty()).then(|| {
                let list = lacking.iter().map(|c| format!("“{c}”")).collect::<Vec<_>>().join(", ");
                format!(
                    "{at}: {list} will print as “{}” (the print font has no such character)",
                    dojo_print::kits::dragon_punch::REPLACEMENT
                )
            })
        })
        .collect()
}

/// `set` without the hidden characters its checks refuse (notes `#hidden-characters`): what
/// the editor's "Remove hidden characters" button does, as the owner asks, never on its own.
pub fn without_hidden(set: &CardSet) -> CardSet {
    let strip = |t: &str| t.chars().filter(|c| !is_hidden(*c)).collect::<String>();
    let mut out = set.clone();
    out.name = strip(&out.name);
    let fix = |m: &mut Move| {
        m.name = strip(&m.name).into();
        m.effect = m.effect.as_deref().map(strip);
    };
    for card in &mut out.basics {
        fix(&mut card.white);
        fix(&mut card.red);
    }
    for character in &mut out.characters {
        character.name = strip(&character.name);
        character.moves.iter_mut().for_each(fix);
    }
    out
}

/// Whether any typed text of `set` holds a hidden character.
fn has_hidden(set: &CardSet) -> bool {
    typed_texts(set).iter().any(|(_, t)| t.chars().any(is_hidden))
}

/// The draft kept in storage, if it is a set (its problems are shown, not refused: it is a draft).
fn stored_draft() -> Option<CardSet> {
    browser::load(DRAFT_KEY).and_then(|text| dojo_engine::json::from_str(&text).ok())
}

/// One location of a move: what stands there, and an attack's strength and time.
fn location_editor(set: RwSignal<CardSet>, at: MoveAt, high: bool) -> impl IntoView {
    let word = if high { "High" } else { "Low" };
    let read = move || set.with(|s| at.get(s).and_then(|m| if high { m.high } else { m.low }));
    let write = move |icon: Option<Icon>| {
        set.update(|s| {
            if let Some(m) = at.get_mut(s) {
                if high { m.high = icon } else { m.low = icon }
            }
        })
    };
    let numbers = move || match read() {
        Some(Icon::Attack { strength, time }) => Some((strength, time)),
        _ => None,
    };
    let testid = format!("dp-edit-{}-{}", at.id(), word.to_ascii_lowercase());
    view! {
        <div class="dp-location">
            <label>{word}
                <select data-testid=testid.clone() prop:value=move || icon_kind(read()) on:change=move |ev| write(icon_from_kind(&event_target_value(&ev), read()))>
                    <option value="none">"nothing"</option>
                    <option value="attack">"Attack"</option>
                    <option value="block">"Block"</option>
                    <option value="evade">"Evade"</option>
                </select>
            </label>
            <Show when=move || numbers().is_some()>
                <label>"strength"
                    <input type="number" min="0" max=MAX_STRENGTH.to_string() inputmode="numeric" data-testid=format!("{testid}-strength")
                        prop:value=move || numbers().map_or(0, |n| n.0).to_string()
                        on:change=move |ev| {
                            let strength = bounded(&event_target_value(&ev), true, MAX_STRENGTH);
                            let time = numbers().map_or(3, |n| n.1);
                            write(Some(Icon::Attack { strength, time }));
                        } />
                </label>
                <label>"time"
                    <input type="number" min="1" max=MAX_TIME.to_string() inputmode="numeric" data-testid=format!("{testid}-time")
                        prop:value=move || numbers().map_or(1, |n| n.1).to_string()
                        on:change=move |ev| {
                            let time = bounded(&event_target_value(&ev), false, MAX_TIME);
                            let strength = numbers().map_or(1, |n| n.0);
                            write(Some(Icon::Attack { strength, time }));
                        } />
                </label>
            </Show>
        </div>
    }
}

/// A property's checkbox.
fn property_box(set: RwSignal<CardSet>, at: MoveAt, label: &'static str, pick: fn(&mut Properties) -> &mut bool) -> impl IntoView {
    let read = move || set.with(|s| at.get(s).map(|m| *pick(&mut m.properties.clone())).unwrap_or(false));
    view! {
        <label class="dp-property">
            <input type="checkbox" prop:checked=read on:change=move |ev| {
                let on = event_target_checked(&ev);
                set.update(|s| if let Some(m) = at.get_mut(s) { *pick(&mut m.properties) = on });
            } />
            {label}
        </label>
    }
}

/// Everything about one move: name, effect, both locations, properties.
fn move_editor(set: RwSignal<CardSet>, at: MoveAt, title: String) -> impl IntoView {
    let name = move || set.with(|s| at.get(s).map(|m| m.name.to_string()).unwrap_or_default());
    let effect = move || set.with(|s| at.get(s).and_then(|m| m.effect.clone()).unwrap_or_default());
    view! {
        <fieldset class="dp-move-editor" data-testid=format!("dp-edit-{}", at.id())>
            <legend>{title}</legend>
            <label>"Name"
                <input type="text" maxlength=MAX_TEXT.to_string() data-testid=format!("dp-edit-{}-name", at.id()) prop:value=name
                    on:input=move |ev| { let v = event_target_value(&ev); set.update(|s| if let Some(m) = at.get_mut(s) { m.name = v.into() }) } />
            </label>
            <label>"Effect (optional)"
                <input type="text" maxlength=MAX_TEXT.to_string() data-testid=format!("dp-edit-{}-effect", at.id()) prop:value=effect
                    on:input=move |ev| {
                        let v = event_target_value(&ev);
                        set.update(|s| if let Some(m) = at.get_mut(s) { m.effect = (!v.trim().is_empty()).then_some(v) })
                    } />
            </label>
            {location_editor(set, at, true)}
            {location_editor(set, at, false)}
            <div class="dp-properties">
                {property_box(set, at, "Throw (cannot be Blocked)", |p| &mut p.throw)}
                {property_box(set, at, "Cannot be Interrupted", |p| &mut p.unstoppable)}
                {property_box(set, at, "Projectile", |p| &mut p.projectile)}
                {property_box(set, at, "Gains the Initiative", |p| &mut p.initiative)}
                {property_box(set, at, "Taunt", |p| &mut p.taunt)}
            </div>
        </fieldset>
    }
}

/// The card editor. `on_kept` hears the name of a set once it is kept in this browser.
#[component]
pub fn CardEditor(
    /// Hears the name of a set once it is kept in this browser.
    #[prop(into)]
    on_kept: Callback<String>,
) -> impl IntoView {
    let set = RwSignal::new(stored_draft().unwrap_or_else(|| (*sets::ours()).clone()));
    // Every change is kept as a draft at once: a reload or a closed tab loses nothing.
    Effect::new(move || {
        if let Ok(text) = set.with(serde_json::to_string) {
            browser::store(DRAFT_KEY, &text);
        }
    });
    let message = RwSignal::new(String::new());
    let problems = Memo::new(move |_| set.with(|s| s.problems().into_iter().map(|(at, e)| format!("{at}: {e}")).collect::<Vec<_>>()));
    let valid = move || problems.with(Vec::is_empty);
    let warnings = Memo::new(move |_| set.with(print_warnings));
    let hidden = Memo::new(move |_| set.with(has_hidden));
    let characters = Memo::new(move |_| set.with(|s| s.characters.len()));
    let (kept, _) = sets::stored();
    let starts: Vec<String> = std::iter::once(sets::ours().name.clone()).chain(kept.into_iter().map(|s| s.name)).collect();
    let start_from = move |name: String| {
        let mut start = (*sets::by_name(&name)).clone();
        if start.name == sets::ours().name {
            start.name = "My cards".into();
        }
        set.set(start);
        message.set(format!("Editing a copy of “{name}”."));
    };
    let keep = move |_| {
        let current = set.get_untracked();
        let name = current.name.clone();
        match sets::keep(current) {
            Ok(()) => {
                sets::choose(&name);
                message.set(format!("Kept in this browser as “{name}”. It is now the set for play and print."));
                on_kept.run(name);
            }
            Err(e) => message.set(format!("Not kept: {e}.")),
        }
    };
    let play_link = move || set.with(|s| sets::share_address("/play/dragon-punch", s));
    let print_link = move || set.with(|s| sets::share_address("/print/dragon-punch", s));
    // The balance lab with every character of this set, the usual settings.
    let lab_link = move || {
        set.with(|s| {
            let plan = dojo_lab::Plan {
                kind: dojo_lab::LabKind::Matchups,
                sides: (0..s.characters.len()).collect(),
                levels: [dojo_bot::Level::Easy; 2],
                games: 20,
                seed: 1,
                seats: 2,
                mode: String::new(),
                custom: s.to_link(),
            };
            format!("/lab/dragon-punch#{}", crate::lab::to_hash(&plan))
        })
    };
    view! {
        <section class="dp-editor" data-testid="dp-editor" aria-label="Card editor">
            <p class="dp-editor-intro">
                "Own the printed game? Type your cards in here, or change ours. Names and effects are yours, up to "
                {MAX_TEXT} " characters; strengths run 0 to " {MAX_STRENGTH} " and execution times 1 to " {MAX_TIME} "."
            </p>
            <label>"Start from "
                <select data-testid="dp-editor-start" on:change=move |ev| start_from(event_target_value(&ev))>
                    <option value="" selected>"(keep editing)"</option>
                    {starts.into_iter().map(|n| view! { <option value=n.clone()>{n.clone()}</option> }).collect_view()}
                </select>
            </label>
            <label>"Set name"
                <input type="text" maxlength=MAX_TEXT.to_string() data-testid="dp-edit-set-name" prop:value=move || set.with(|s| s.name.clone())
                    on:input=move |ev| { let v = event_target_value(&ev); set.update(|s| s.name = v) } />
            </label>
            <h3>"Basic cards"</h3>
            <p class="dp-hint">"Six cards, each with a white move and the red move it turns to. Exactly one card Taunts on both moves."</p>
            {(0..dojo_games::dragon_punch::BASIC_CARDS).map(|i| view! {
                <div class="dp-edit-card">
                    {move_editor(set, MoveAt::White(i), format!("Basic card {}: white move", i + 1))}
                    {move_editor(set, MoveAt::Red(i), format!("Basic card {}: red move", i + 1))}
                </div>
            }).collect_view()}
            <h3>"Characters"</h3>
            {move || (0..characters.get()).map(|i| view! {
                <div class="dp-edit-card" data-testid=format!("dp-edit-character-{}", i + 1)>
                    <label>{format!("Character {} name", i + 1)}
                        <input type="text" maxlength=MAX_TEXT.to_string() data-testid=format!("dp-edit-c{}-name", i + 1)
                            prop:value=move || set.with(|s| s.characters.get(i).map(|c| c.name.clone()).unwrap_or_default())
                            on:input=move |ev| { let v = event_target_value(&ev); set.update(|s| if let Some(c) = s.characters.get_mut(i) { c.name = v }) } />
                    </label>
                    {move_editor(set, MoveAt::Character(i, 0), format!("Character {}: first move", i + 1))}
                    {move_editor(set, MoveAt::Character(i, 1), format!("Character {}: second move", i + 1))}
                    <button type="button" class="button subtle" disabled=move || { characters.get() <= 1 }
                        on:click=move |_| set.update(|s| if s.characters.len() > 1 { s.characters.remove(i); })>
                        {format!("Remove character {}", i + 1)}
                    </button>
                </div>
            }).collect_view()}
            <button type="button" class="button" data-testid="dp-edit-add-character" disabled=move || { characters.get() >= MAX_SET_CHARACTERS }
                on:click=move |_| set.update(|s| { let n = s.characters.len() + 1; s.characters.push(blank_character(n)) })>
                "Add a character"
            </button>
            <div class="dp-editor-check" role="status" aria-live="polite" data-testid="dp-editor-problems">
                <Show when=valid fallback=move || view! {
                    <p>"Fix these before the set can be kept or shared:"</p>
                    <ul>{move || problems.get().into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}</ul>
                    <Show when=move || hidden.get()>
                        <button type="button" class="button" data-testid="dp-editor-remove-hidden" on:click=move |_| set.update(|s| *s = without_hidden(s))>
                            "Remove hidden characters"
                        </button>
                    </Show>
                }>
                    <p>"The set is complete: every card can be played."</p>
                </Show>
            </div>
            <div class="dp-editor-actions">
                <button type="button" class="button primary" data-testid="dp-editor-keep" disabled=move || !valid() on:click=keep>"Keep in this browser and use it"</button>
                <p data-testid="dp-editor-message" role="status">{move || message.get()}</p>
            </div>
            <Show when=move || !warnings.with(Vec::is_empty)>
                <div class="dp-editor-print-warnings" role="status" data-testid="dp-editor-print-warnings">
                    <p>"Before you print: the printed cards cannot show every character you typed (play on screen shows them all)."</p>
                    <ul>{move || warnings.get().into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}</ul>
                </div>
            </Show>
            <Show when=valid>
                <div class="dp-editor-share">
                    <label>"Link to play this set"
                        <input type="text" readonly data-testid="dp-editor-play-link" prop:value=play_link />
                    </label>
                    <button type="button" class="button" on:click=move |_| { browser::copy_text(&play_link()); message.set("Link copied.".into()); }>"Copy link"</button>
                    <a class="button" data-testid="dp-editor-print-link" href=print_link>"Print this set"</a>
                    <a class="button" data-testid="dp-editor-lab-link" href=lab_link>"Test in the lab"</a>
                </div>
            </Show>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_place_reads_and_writes_its_move() {
        let mut set = (*sets::ours()).clone();
        for at in [MoveAt::White(0), MoveAt::Red(5), MoveAt::Character(4, 1)] {
            at.get_mut(&mut set).unwrap().name = "Typed <b>name</b>".into();
            assert_eq!(&*at.get(&set).unwrap().name, "Typed <b>name</b>");
        }
        assert!(MoveAt::Character(9, 0).get(&set).is_none() && MoveAt::White(6).get_mut(&mut set).is_none());
        assert_eq!(MoveAt::Character(1, 0).id(), "c2-m1");
    }

    #[test]
    fn location_choices_keep_attack_numbers_and_typed_numbers_stay_in_range() {
        let hit = Some(Icon::Attack { strength: 4, time: 2 });
        assert_eq!(icon_from_kind("attack", hit), hit);
        assert_eq!(icon_from_kind("attack", Some(Icon::Block)), Some(Icon::Attack { strength: 1, time: 3 }));
        assert_eq!((icon_from_kind("evade", hit), icon_from_kind("none", hit)), (Some(Icon::Evade), None));
        assert_eq!(["none", "attack", "block", "evade"].map(|k| icon_kind(icon_from_kind(k, None))), ["none", "attack", "block", "evade"]);
        assert_eq!(
            (bounded("99", true, MAX_STRENGTH), bounded("-3", true, MAX_STRENGTH), bounded("x", false, MAX_TIME)),
            (MAX_STRENGTH, 0, 1)
        );
        assert_eq!(bounded(" 4 ", false, MAX_TIME), 4);
    }

    #[test]
    fn the_editor_warns_before_printing_what_the_font_cannot_draw() {
        let mut set = (*sets::ours()).clone();
        assert_eq!(print_warnings(&set), Vec::<String>::new(), "our set prints whole");
        set.characters[0].name = "Chun-Li 春麗".into();
        set.basics[1].red.effect = Some("Hits ✿ twice, Zoë".into());
        assert_eq!(
            print_warnings(&set),
            vec![
                "Basic card 2, red move, effect: “✿” will print as “?” (the print font has no such character)".to_string(),
                "Character 1: “春”, “麗” will print as “?” (the print font has no such character)".to_string(),
            ]
        );
        assert!(set.problems().is_empty(), "a warning, not a refusal: the set still plays");
    }

    #[test]
    fn hidden_characters_are_named_as_problems_and_removed_on_request() {
        let mut set = (*sets::ours()).clone();
        set.characters[1].moves[0].name = "Dragon\u{202E} Sweep".into();
        set.name = "Mine\u{200B}".into();
        assert!(has_hidden(&set));
        let words: Vec<String> = set.problems().into_iter().map(|(at, e)| format!("{at}: {e}")).collect();
        assert!(words.iter().any(|w| w.starts_with("Character 2, move 1:") && w.contains("U+202E")), "{words:?}");
        let clean = without_hidden(&set);
        assert_eq!((&*clean.characters[1].moves[0].name, clean.name.as_str()), ("Dragon Sweep", "Mine"));
        assert!(!has_hidden(&clean) && clean.problems().is_empty());
    }

    #[test]
    fn a_blank_character_is_a_valid_card() {
        let mut set = (*sets::ours()).clone();
        set.characters.push(blank_character(6));
        assert_eq!(set.problems(), vec![]);
    }
}
