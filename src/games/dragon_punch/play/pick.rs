//! Custom Character's secret screen: a player takes a Taunt card, six other basic cards (at most
//! two of each) and two different characters, one card per tap, in the order they will sit in
//! the hand. What may be taken next is asked of the engine (the session's legal inputs), so the
//! page repeats none of the rules. Not timed, even in Turbo Mode.

use super::Ctx;
use crate::games::dragon_punch::cards::{Hue, move_face};
use crate::games::dragon_punch::seen::basic_face;
use dojo_engine::Seat;
use dojo_games::dragon_punch::set::reconstructed;
use dojo_games::dragon_punch::{Action, CardRef, CardSet, MAX_HAND};
use leptos::prelude::*;

/// What a card of the set is called in a hand being taken.
pub fn card_name(set: &CardSet, card: CardRef) -> String {
    match card {
        CardRef::Basic(b) => set.basics.get(usize::from(b)).map(|c| format!("{} / {}", c.white.name, c.red.name)).unwrap_or_default(),
        CardRef::Character(c) => set.characters.get(usize::from(c)).map(|c| c.name.clone()).unwrap_or_default(),
    }
}

/// The printed front of our character card `name` with these two moves, for public/table.js,
/// named as the print crate names it (typed-in sets have no printed faces on the site).
fn character_face(name: &str, first: &str, second: &str) -> String {
    format!("dragon-punch#{}", dojo_print::faces::slug(&format!("{name}: {first} / {second}")))
}

#[component]
pub(super) fn PickHand(cx: Ctx, seat: Seat, taken: u8, names: Signal<Vec<String>>) -> impl IntoView {
    let me = seat.index();
    let own = move || cx.session.with(|s| s.as_ref().map(|s| (s.own_view(seat), s.legal(seat))));
    let take = move |card: CardRef| cx.decide(move |s| s.give(seat, Action::Pick(card)));
    move || {
        let Some((v, legal)) = own() else { return ().into_any() };
        let set = v.table.set.clone();
        let who = names.get().get(me).cloned().unwrap_or_default();
        let can = |card: CardRef| legal.contains(&Action::Pick(card));
        let count = |card: CardRef| v.picks.iter().filter(|c| **c == card).count();
        let suggested = v.default_action().and_then(|a| if let Action::Pick(c) = a { Some(c) } else { None }).filter(|c| can(*c));
        let hand = v.picks.iter().map(|c| view! { <li>{card_name(&set, *c)}</li> }).collect_view();
        let ours = *set == reconstructed();
        let basics = (0..set.basics.len() as u8).map(|b| {
            let card = CardRef::Basic(b);
            let basic = &set.basics[usize::from(b)];
            let taunt = set.is_taunt(usize::from(b));
            let have = count(card);
            let most = if taunt { 1 } else { 2 };
            view! {
                <button type="button" class="dp-card dp-take basic" disabled=!can(card) data-testid=format!("take-basic-{}", b + 1)
                    aria-label=format!("Take {} (you have {have} of {most})", card_name(&set, card)) on:click=move |_| take(card)>
                    <span class="dp-card-top">
                        <span class="dp-take-count">{format!("{have} of {most}")}</span>
                        {taunt.then(|| view! { <span class="badge" title="A hand holds exactly one Taunt card">"the Taunt card"</span> })}
                        {(suggested == Some(card)).then(|| view! { <span class="badge suggested">"suggested"</span> })}
                    </span>
                    <span class="dp-sides" data-face=ours.then(|| basic_face(&basic.white.name, &basic.red.name))>
                        {move_face(&basic.white, Hue::White)}
                        {move_face(&basic.red, Hue::Red)}
                    </span>
                </button>
            }
        });
        let characters = (0..set.characters.len() as u8).map(|c| {
            let card = CardRef::Character(c);
            let character = &set.characters[usize::from(c)];
            view! {
                <button type="button" class="dp-card dp-take character" disabled=!can(card) data-testid=format!("take-character-{}", c + 1)
                    aria-label=format!("Take {}", character.name) on:click=move |_| take(card)>
                    <span class="dp-card-top">
                        <span class="dp-character-name">{character.name.clone()}</span>
                        {(count(card) > 0).then(|| view! { <span class="badge">"taken"</span> })}
                        {(suggested == Some(card)).then(|| view! { <span class="badge suggested">"suggested"</span> })}
                    </span>
                    <span class="dp-halves" data-face=ours.then(|| character_face(&character.name, &character.moves[0].name, &character.moves[1].name))>
                        {move_face(&character.moves[0], Hue::Purple)}{move_face(&character.moves[1], Hue::Purple)}
                    </span>
                </button>
            }
        });
        view! {
            <div class="stage pick-hand dp-pick" data-testid="pick-hand" data-seat=seat.0 + 1>
                <p class="big">{format!("{who}: take card {} of {MAX_HAND}, in secret", taken + 1)}</p>
                <p class="hint">"A hand is one Taunt card, six other basic cards (at most two of any one) and two different characters: seven health. Basic cards sit in the hand in the order you take them. The other player learns each card only when you play it."</p>
                <ol class="dp-taken" data-testid="taken">{hand}</ol>
                <div class="choices">
                    {suggested.map(|c| view! { <button type="button" class="button" data-testid="take-suggested" on:click=move |_| take(c)>{format!("Take the suggested card ({})", card_name(&set, c))}</button> })}
                    <button type="button" class="button subtle" data-testid="take-back" disabled=taken == 0
                        on:click=move |_| { cx.session.update(|s| if let Some(s) = s.as_mut() { s.take_back(seat) }); }>"Start the hand again"</button>
                </div>
                <div class="dp-hand dp-take-list" role="group" aria-label="Basic cards" data-testid="hand">{basics.collect_view()}</div>
                <div class="dp-hand dp-take-list" role="group" aria-label="Characters">{characters.collect_view()}</div>
            </div>
        }
        .into_any()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_games::dragon_punch::set::reconstructed;

    #[test]
    fn our_cards_have_printed_faces() {
        let set = reconstructed();
        let sprite = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/public/faces/dragon-punch.svg")).unwrap();
        let has = |face: &str| sprite.contains(&format!("<symbol id=\"face-{}\"", face.trim_start_matches("dragon-punch#")));
        for b in &set.basics {
            let face = basic_face(&b.white.name, &b.red.name);
            assert!(has(&face), "no printed face {face}");
        }
        for c in &set.characters {
            let face = character_face(&c.name, &c.moves[0].name, &c.moves[1].name);
            assert!(has(&face), "no printed face {face}");
        }
        assert!(!has(&basic_face("Low Poke", "High Kick")), "the check can fail");
    }

    #[test]
    fn cards_being_taken_are_named_with_both_sides() {
        let set = reconstructed();
        assert_eq!(card_name(&set, CardRef::Basic(0)), "Low Poke / Low Sweep");
        assert_eq!(card_name(&set, CardRef::Character(1)), "Rook");
        assert_eq!(card_name(&set, CardRef::Character(9)), "");
    }
}
