//! The auction's secret screens: the sealed bid sheet (a bid of 0 to 100 for every power and a
//! "might discard" tick) and the re-bid of a tied hero, who alone is told what tied.

use super::Ctx;
use super::forms::{number, refusal};
use crate::games::rumble::table::power_chip;
use crate::games::rumble::words::{self, words};
use dojo_engine::Seat;
use dojo_games::rumble::{Act, Decision, PowerRef, Rumble, catalog};
use leptos::prelude::*;

/// Where the bid sheet's "show every text" choice is kept, for the next sheet and the next visit.
const TEXTS_KEY: &str = "pocket-dojo/rumble/texts";

/// The printed front of a power of the game's set, for public/table.js (shown with the texts),
/// named as the print crate names it; a typed-in power has none on the site.
pub fn printed_face(power: PowerRef) -> Option<String> {
    match power {
        PowerRef::Set(id) => Some(format!("rumble#{}", dojo_print::faces::slug(catalog::card(id).name))),
        PowerRef::Invented(_) => None,
    }
}

fn own_table(cx: Ctx, seat: Seat) -> Option<Rumble> {
    cx.session.with_untracked(|s| s.as_ref().map(|s| s.own_view(seat).table))
}

#[component]
pub(super) fn BidSheet(cx: Ctx, seat: Seat) -> impl IntoView {
    let Some(game) = own_table(cx, seat) else { return ().into_any() };
    let n = game.lots.len();
    // A lesson fills the sheet in with its numbers, for the person to read and seal.
    let (start, flagged) = match cx.lesson_input(seat) {
        Some(Act::Bid { bids, might_discard }) if bids.len() == n => (bids, might_discard),
        _ => (vec![0u16; n], Vec::new()),
    };
    let bids = RwSignal::new(start);
    let flags = RwSignal::new((0..n).map(|i| flagged.contains(&(i as u8))).collect::<Vec<bool>>());
    let act = move || Act::Bid {
        bids: bids.get(),
        might_discard: flags.with(|f| f.iter().enumerate().filter(|(_, x)| **x).map(|(i, _)| i as u8).collect()),
    };
    let check = {
        let game = game.clone();
        move || game.check_act(&Decision::Bid, &act()).err().map(|r| r.to_string())
    };
    let hero = game.hero_of_seat(seat.index()).map(|h| words::hero(&game, h)).unwrap_or_default();
    let w = words();
    let texts = RwSignal::new(crate::browser::load(TEXTS_KEY).is_some());
    let rows = game
        .lots
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let text = words::power_text(&game, *p);
            view! {
                <li class="rb-bid-row">
                    {power_chip(&game, *p, None)}
                    <p class="rb-text" data-testid=format!("text-{}", i + 1) hidden=move || !texts.get() data-face=printed_face(*p)><span>{text}</span></p>
                    {number(format!("bid-{}", i + 1), "Bid".into(), 100, move || bids.with(|b| b[i]), move |v| bids.update(|b| b[i] = v))}
                    <label class="rb-flag"><input type="checkbox" data-testid=format!("discard-{}", i + 1) prop:checked=move || flags.with(|f| f[i])
                        on:change=move |ev| flags.update(|f| f[i] = event_target_checked(&ev))/>" might discard"</label>
                </li>
            }
        })
        .collect_view();
    let total = move || bids.with(|b| b.iter().map(|x| u32::from(*x)).sum::<u32>());
    view! {
        <div class="stage rb-bids" data-testid="bids">
            <p class="big">{format!("{hero}: your sealed bid sheet")}</p>
            <p class="hint">{format!("Bid 0 to 100 on each {} (0 for what you do not want). The highest bid wins and pays it in {}; a Flaw goes to the lowest bid, and everyone else pays theirs. Tick “might discard” to keep the right to throw away a {} you win. Tap a name for its text, or show them all.", w.power.to_ascii_lowercase(), w.energy, w.power.to_ascii_lowercase())}</p>
            <label class="rb-flag"><input type="checkbox" data-testid="show-texts" prop:checked=move || texts.get() on:change=move |ev| {
                let on = event_target_checked(&ev);
                texts.set(on);
                if on { crate::browser::store(TEXTS_KEY, "1"); } else { crate::browser::forget(TEXTS_KEY); }
            }/>{format!(" Show every {}'s text", w.power.to_ascii_lowercase())}</label>
            <ol class="rb-bid-list">{rows}</ol>
            <p class="rb-live" data-testid="bid-total">{move || format!("Your bids add up to {}. You pay only for what you win.", total())}</p>
            {refusal(check)}
            <button type="button" class="button primary" data-testid="submit-bids" on:click=move |_| {
                let a = act();
                cx.decide(move |s| s.give(seat, a));
            }>"Seal my bid sheet"</button>
        </div>
    }
    .into_any()
}

#[component]
pub(super) fn Rebid(cx: Ctx, seat: Seat, hero: u8) -> impl IntoView {
    let Some(game) = own_table(cx, seat) else { return ().into_any() };
    // The tied powers are in this seat's own view only.
    let lots = game.rebid_lots(hero);
    let bids = RwSignal::new(vec![0u16; lots.len()]);
    let name = words::hero(&game, hero);
    let rows = lots
        .iter()
        .enumerate()
        .map(|(k, lot)| {
            let power = game.lots[usize::from(*lot)];
            let own = game.auction.as_ref().and_then(|a| a.bids[usize::from(hero)][usize::from(*lot)]);
            let note = own.map(|b| format!("Your bid of {b} tied for the top.")).unwrap_or_default();
            view! {
                <li class="rb-bid-row">
                    {power_chip(&game, power, None)}
                    <span class="rb-tied" data-testid=format!("tied-{}", k + 1)>{note}</span>
                    {number(format!("rebid-{}", k + 1), "New bid".into(), 100, move || bids.with(|b| b[k]), move |v| bids.update(|b| b[k] = v))}
                </li>
            }
        })
        .collect_view();
    let decision = Decision::Rebid { hero };
    let check = {
        let game = game.clone();
        move || game.check_act(&decision, &Act::Rebid(bids.get())).err().map(|r| r.to_string())
    };
    view! {
        <div class="stage rb-bids" data-testid="rebid">
            <p class="big">{format!("{name}: bid again, in secret")}</p>
            <p class="hint">"Only you and the others tied with you bid again: any amount from 0 to 100, higher or lower than before. Everyone else's first bid still counts, so if all of you back down the power can go to someone else."</p>
            <ol class="rb-bid-list">{rows}</ol>
            {refusal(check)}
            <button type="button" class="button primary" data-testid="submit-rebid" on:click=move |_| {
                let a = Act::Rebid(bids.get_untracked());
                cx.decide(move |s| s.give(seat, a));
            }>"Seal my new bids"</button>
        </div>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_power_of_the_set_has_its_printed_face() {
        let sprite = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/public/faces/rumble.svg")).unwrap();
        let printed = |face: &str| sprite.contains(&format!("<symbol id=\"face-{}\"", face.trim_start_matches("rumble#")));
        for id in catalog::all() {
            let face = printed_face(PowerRef::Set(id)).unwrap();
            assert!(printed(&face), "{}: no printed face {face}", catalog::card(id).name);
        }
        assert!(!printed("rumble#no-such-power"), "the check can fail");
        assert_eq!(printed_face(PowerRef::Invented(0)), None);
    }
}
