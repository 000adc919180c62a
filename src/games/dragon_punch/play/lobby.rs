//! DRAGON PUNCH's lobby: who plays (a person against the computer at a strength, or two people
//! on this device), the card set (ours, one kept in this browser, or one sent by link, whose
//! problem is shown in words when it cannot be played), the way of playing (the usual game or
//! Tag Team or Custom Character) with each player's characters, and Turbo Mode. The card editor
//! opens above the lobby; a set kept there joins the list and is chosen.

use super::session::Session;
use super::{Ctx, TURBO_KEY};
use crate::browser;
use crate::games::dragon_punch::cards::character_line;
use crate::games::dragon_punch::editor::CardEditor;
use crate::games::dragon_punch::sets;
use crate::play::page::chosen_seats;
use crate::play::who_plays;
use dojo_bot::Level;
use dojo_games::dragon_punch::{CardSet, Loadout, Setup};
use leptos::prelude::*;
use std::sync::Arc;

/// The way of playing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Six basic cards and one character each.
    Standard,
    /// Six basic cards and two characters each.
    TagTeam,
    /// Each player takes a Taunt, six other basic cards and two characters, in secret.
    Custom,
}

impl Variant {
    /// Every way of playing, in the lobby's order.
    pub const ALL: [Variant; 3] = [Variant::Standard, Variant::TagTeam, Variant::Custom];

    /// Its value in the lobby's choice.
    pub fn id(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::TagTeam => "tag-team",
            Variant::Custom => "custom",
        }
    }

    /// What the lobby calls it.
    pub fn title(self) -> &'static str {
        match self {
            Variant::Standard => "Standard: one character each",
            Variant::TagTeam => "Tag Team: two characters each",
            Variant::Custom => "Custom Character: nine cards each, picked in secret",
        }
    }

    /// Why this way of playing cannot be played with `set`, in words for the lobby; `None`
    /// when it can. Tag Team and Custom Character give each player two different characters
    /// (notes `#tag-team`), so they need a set of two or more.
    pub fn unavailable(self, set: &CardSet) -> Option<String> {
        let n = set.characters.len();
        match self {
            Variant::Standard => None,
            Variant::TagTeam | Variant::Custom if n >= 2 => None,
            Variant::TagTeam => Some(format!(
                "Tag Team gives each player two different characters, and this card set has only {n}: add a character in the card editor, or play Standard."
            )),
            Variant::Custom => Some(format!(
                "Custom Character gives each player two different characters, and this card set has only {n}: add a character in the card editor, or play Standard."
            )),
        }
    }
}

/// A Tag Team pair from the lobby's two choices, each kept within the set's `count` characters
/// and never the same character twice: a second choice equal to the first moves to the next
/// character. (With fewer than two characters there is no pair: the lobby does not offer Tag
/// Team then.)
pub fn tag_pair([a, b]: [usize; 2], count: usize) -> [usize; 2] {
    let fit = |c: usize| c.min(count.saturating_sub(1));
    let (a, b) = (fit(a), fit(b));
    if a == b && count >= 2 { [a, (a + 1) % count] } else { [a, b] }
}

/// A card set the lobby offers, with its value in the choice and its label.
#[derive(Clone, Debug, PartialEq)]
pub struct Offered {
    /// The choice's value (`ours`, `link`, `kept:NAME`).
    pub id: String,
    /// What the choice says.
    pub label: String,
    /// The set.
    pub set: Arc<CardSet>,
}

/// The sets to choose from: ours, then a valid set from the link, then the kept ones.
pub fn offered(link: Option<&CardSet>, kept: &[CardSet]) -> Vec<Offered> {
    let ours = sets::ours();
    let mut list = vec![Offered { id: "ours".into(), label: "Our reconstructed set (not the retail cards)".into(), set: ours }];
    if let Some(set) = link {
        list.push(Offered { id: "link".into(), label: format!("Sent by link: {}", set.name), set: Arc::new(set.clone()) });
    }
    list.extend(kept.iter().map(|s| Offered {
        id: format!("kept:{}", s.name),
        label: format!("Kept in this browser: {}", s.name),
        set: Arc::new(s.clone()),
    }));
    list
}

/// The setup for `variant` on `set` with the characters chosen per player (`picks[p]`, as many
/// as the variant asks for, first ones first, each kept within the set's characters). Custom
/// Character leaves both hands to be picked in the match.
pub fn setup(variant: Variant, set: Arc<CardSet>, picks: [[usize; 2]; 2]) -> Setup {
    let count = set.characters.len();
    let hands = |tag: bool| {
        picks.map(|pair| match tag_pair(pair, count) {
            [a, b] if tag => Loadout::tag_team(a, b),
            [a, _] => Loadout::standard(a),
        })
    };
    match variant {
        Variant::Standard => Setup { set, players: hands(false), custom: false, turbo: false },
        Variant::TagTeam => Setup { set, players: hands(true), custom: false, turbo: false },
        Variant::Custom => Setup::custom(set),
    }
}

/// The lobby.
#[component]
pub fn Lobby(cx: Ctx) -> impl IntoView {
    let vs_bot = RwSignal::new(true);
    let level = RwSignal::new(Level::Medium);
    let variant = RwSignal::new(Variant::Standard);
    let turbo = RwSignal::new(false);
    let link = sets::from_address();
    let link_error =
        link.as_ref().and_then(|r| r.as_ref().err()).map(|e| format!("The card set in this page's link cannot be played: {e}."));
    let (kept, problems) = sets::stored();
    let link_set = link.as_ref().and_then(|r| r.as_ref().ok()).cloned();
    let list = offered(link_set.as_ref(), &kept);
    // A set sent by link is what its reader came for; otherwise the set chosen last time.
    let first = if list.iter().any(|o| o.id == "link") {
        "link".to_string()
    } else {
        let name = sets::chosen_name();
        list.iter().find(|o| *o.set.name == name && o.id != "link").map_or_else(|| "ours".into(), |o| o.id.clone())
    };
    let chosen = RwSignal::new(first);
    let list = RwSignal::new(list);
    let editing = RwSignal::new(false);
    // A set kept from the editor joins the list and is chosen.
    let on_kept = Callback::new(move |name: String| {
        list.set(offered(link_set.as_ref(), &sets::stored().0));
        chosen.set(format!("kept:{name}"));
    });
    let set = Memo::new(move |_| {
        let id = chosen.get();
        list.with(|l| l.iter().find(|o| o.id == id).map_or_else(sets::ours, |o| o.set.clone()))
    });
    let picks = RwSignal::new([[0usize, 1], [1, 2]]);
    let pick_of = move |p: usize, k: usize| picks.with(|all| all[p][k]);
    // The second character is never the first: choosing the first one's character moves it on.
    let set_pick = move |p: usize, k: usize, c: usize| {
        let count = set.with_untracked(|s| s.characters.len());
        picks.update(|all| {
            all[p][k] = c;
            all[p] = if k == 0 { tag_pair(all[p], count) } else { [all[p][0], tag_pair([all[p][0], c], count)[1]] };
        })
    };
    let unavailable = Memo::new(move |_| set.with(|s| variant.get().unavailable(s)));
    let start = move || {
        if unavailable.get_untracked().is_some() {
            return;
        }
        let set = set.get_untracked();
        if chosen.get_untracked() != "link" {
            sets::choose(&set.name);
        }
        browser::store(TURBO_KEY, if turbo.get_untracked() { "1" } else { "0" });
        let setup = Setup { turbo: turbo.get_untracked(), ..setup(variant.get_untracked(), set, picks.get_untracked()) };
        cx.start(Session::new(chosen_seats(vs_bot, level, cx.friend, 2), &setup));
    };
    let character_select = move |p: usize, k: usize| {
        let testid = format!("character-{}{}", p + 1, if k == 1 { "b" } else { "" });
        let label = match (p, k) {
            (0, 0) => "Player 1's character: ",
            (0, _) => "Player 1's second character: ",
            (_, 0) => "Player 2's character: ",
            _ => "Player 2's second character: ",
        };
        view! {
            <label>{move || if vs_bot.get() { label.replace("Player 1's", "Your").replace("Player 2's", "The computer's") } else { label.to_string() }}
                <select data-testid=testid on:change=move |ev| { if let Ok(c) = event_target_value(&ev).parse() { set_pick(p, k, c) } }>
                    {move || {
                        let set = set.get();
                        // A second character is any but the first.
                        let first = (k == 1).then(|| pick_of(p, 0));
                        (0..set.characters.len()).filter(|c| first != Some(*c)).map(|c| view! { <option value=c.to_string() selected=move || pick_of(p, k) == c>{character_line(&set, c)}</option> }).collect_view()
                    }}
                </select>
            </label>
        }
    };
    view! {
        <Show when=move || editing.get()>
            <section class="dp-editor-box" aria-label="Card editor" data-testid="editor-box">
                <CardEditor on_kept=on_kept/>
                <button type="button" class="button" on:click=move |_| editing.set(false)>"Back to the match settings"</button>
            </section>
        </Show>
        <form class="lobby" data-testid="lobby" on:submit=move |ev| { ev.prevent_default(); start(); }>
            {who_plays(vs_bot, level, Some(cx.friend))}
            <fieldset>
                <legend>"Cards"</legend>
                <label>"Card set: "
                    <select data-testid="card-set" on:change=move |ev| chosen.set(event_target_value(&ev))>
                        {move || list.with(|l| l.iter().map(|o| { let id = o.id.clone(); view! { <option value=o.id.clone() selected=move || chosen.get() == id>{o.label.clone()}</option> } }).collect_view())}
                    </select>
                </label>
                {link_error.map(|e| view! { <p class="error" role="alert" data-testid="set-error">{e}</p> })}
                {(!problems.is_empty()).then(|| view! {
                    <ul class="error" data-testid="stored-errors">{problems.iter().map(|p| view! { <li>{crate::text::sentence(&p.to_string())}.</li> }).collect_view()}</ul>
                })}
                <p class="hint">"Our set is rebuilt from what the rulebook and reviews say about the moves; the retail card list is not public. "<a href="/rules/dragon-punch#note-set">"About our set"</a></p>
                <button type="button" class="button" data-testid="edit-cards" aria-expanded=move || editing.get().to_string() on:click=move |_| editing.update(|e| *e = !*e)>
                    {move || if editing.get() { "Close the card editor" } else { "Edit cards (type in your own set)" }}
                </button>
            </fieldset>
            <fieldset>
                <legend>"Way of playing"</legend>
                <select data-testid="variant" aria-label="Way of playing" on:change=move |ev| {
                    if let Some(v) = Variant::ALL.into_iter().find(|v| v.id() == event_target_value(&ev)) { variant.set(v) }
                }>
                    {Variant::ALL.into_iter().map(|v| view! {
                        <option value=v.id() selected=move || variant.get() == v disabled=move || v != variant.get() && set.with(|s| v.unavailable(s).is_some())>{v.title()}</option>
                    }).collect_view()}
                </select>
                {move || unavailable.get().map(|why| view! { <p class="error" role="alert" data-testid="variant-error">{why}</p> })}
                <Show when=move || variant.get() != Variant::Custom fallback=move || view! {
                    <p class="hint" data-testid="custom-note">{move || if vs_bot.get() {
                        "At the start each of you takes a Taunt card, six other basic cards (at most two of each) and two different characters, card by card; the computer's hand stays secret until its cards are played. Seven health each."
                    } else {
                        "At the start each of you takes a Taunt card, six other basic cards (at most two of each) and two different characters, card by card, behind a hand-off; each hand stays secret until its cards are played. Seven health each. On one device nothing past the lobby is saved, since both hands stay secret to the end: after a reload the match starts again."
                    }}</p>
                }>
                    {character_select(0, 0)}
                    <Show when=move || variant.get() == Variant::TagTeam>{character_select(0, 1)}</Show>
                    {character_select(1, 0)}
                    <Show when=move || variant.get() == Variant::TagTeam>{character_select(1, 1)}</Show>
                </Show>
            </fieldset>
            <fieldset>
                <legend>"Options"</legend>
                <label><input type="checkbox" data-testid="opt-turbo" prop:checked=move || turbo.get() on:change=move |ev| turbo.set(event_target_checked(&ev))/>
                    " Turbo Mode: every choice gets a “3, 2, 1, FIGHT!” count; what is selected at FIGHT! is played (nothing selected: a suggested card)"</label>
            </fieldset>
            <button type="submit" class="button primary" data-testid="start" disabled=move || unavailable.get().is_some()>"Start the match"</button>
            <p class="hint">"New to DRAGON PUNCH? "<a href="/rules/dragon-punch">"Read the rules"</a>" or "<a href="/rules/dragon-punch#compare">"just how two moves compare"</a>"."</p>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_games::dragon_punch::set::reconstructed;

    #[test]
    fn the_lobby_offers_ours_first_then_the_link_then_kept_sets() {
        let mut mine = reconstructed();
        mine.name = "Mine".into();
        let list = offered(Some(&mine), std::slice::from_ref(&mine));
        assert_eq!(list.iter().map(|o| o.id.as_str()).collect::<Vec<_>>(), ["ours", "link", "kept:Mine"]);
        assert!(list[0].label.contains("not the retail cards"));
        assert_eq!(offered(None, &[]).len(), 1);
    }

    #[test]
    fn each_way_of_playing_deals_its_characters() {
        let ours = sets::ours();
        let [a, b] = setup(Variant::TagTeam, ours.clone(), [[0, 3], [2, 4]]).players;
        assert_eq!((a.characters, b.characters), (vec![0, 3], vec![2, 4]));
        let [a, _] = setup(Variant::Standard, ours.clone(), [[4, 3], [2, 4]]).players;
        assert_eq!(a.characters, vec![4]);
        let mut two = reconstructed();
        two.characters.truncate(2);
        let [a, _] = setup(Variant::Standard, Arc::new(two), [[4, 3], [2, 4]]).players;
        assert_eq!(a.characters, vec![1], "a set with fewer characters keeps the choice in range");
        let custom = setup(Variant::Custom, ours, [[0, 1], [2, 3]]);
        assert!(custom.custom && custom.to_pick(), "Custom Character hands are picked in the match");
        for v in Variant::ALL {
            assert!(setup(v, sets::ours(), [[0, 1], [2, 3]]).check().is_ok(), "{v:?}");
        }
    }

    #[test]
    fn tag_team_never_deals_one_character_twice() {
        // The pickers' choices, even the same character twice, make a hand of two different ones.
        let [a, b] = setup(Variant::TagTeam, sets::ours(), [[2, 2], [4, 4]]).players;
        assert_eq!((a.characters, b.characters), (vec![2, 3], vec![4, 0]));
        assert_eq!(setup(Variant::TagTeam, sets::ours(), [[9, 9], [1, 1]]).check(), Ok(()));
        assert_eq!(tag_pair([1, 3], 5), [1, 3]);
        // A set of one character: Tag Team and Custom Character are not offered, and the lobby
        // says why; the usual game is.
        let mut one = reconstructed();
        one.characters.truncate(1);
        assert_eq!(Variant::Standard.unavailable(&one), None);
        for v in [Variant::TagTeam, Variant::Custom] {
            let why = v.unavailable(&one).expect("not offered");
            assert!(why.contains("only 1") && why.contains("play Standard"), "{why}");
            assert!(setup(v, Arc::new(one.clone()), [[0, 0], [0, 0]]).check().is_err(), "{v:?} would be refused anyway");
            assert_eq!(v.unavailable(&reconstructed()), None);
        }
        assert_eq!(setup(Variant::Standard, Arc::new(one), [[0, 0], [0, 0]]).check(), Ok(()));
    }
}
