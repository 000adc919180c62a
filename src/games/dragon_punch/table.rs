//! The DRAGON PUNCH table as both players see it: each player's health (white cards left),
//! rounds won, the Initiative, the character, and the hand as the other player sees it (which
//! cards are flipped, the last flipped card face up). Public information only; the play page and
//! the rules page's examples share it.

use super::cards::{Hue, move_summary};
use super::seen::{self, Known};
use dojo_games::dragon_punch::{DragonPunchView, MAX_HAND, Phase, ROUNDS_TO_WIN};
use leptos::prelude::*;

/// A player's health as the table shows it: the white cards left once the damage just dealt is
/// switched, and how many of them are still to turn red. The rules count the damage when the
/// attack lands; the switches only say which cards take it, so the board drops at once rather
/// than card by card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Health {
    /// White cards left after the damage owed.
    pub left: u8,
    /// Cards the player still has to switch to red.
    pub owed: u8,
}

/// Player `p`'s health in `v`.
pub fn health(v: &DragonPunchView, p: usize) -> Health {
    let owed = match v.phase {
        Phase::Switch { owed } => owed[p],
        _ => 0,
    };
    let owed = owed.min(v.health[p]);
    Health { left: v.health[p] - owed, owed }
}

/// Health as pips, white for each white card left, half for each still to switch, red for each
/// switched: shape and words as well as colour.
fn health_pips(health: Health, basics: usize) -> impl IntoView + use<> {
    let (left, owed) = (usize::from(health.left), usize::from(health.owed));
    let lost = basics.saturating_sub(left + owed);
    let pips = (0..basics).map(move |i| {
        let (class, mark) = match i {
            i if i < left => ("pip white", "○"),
            i if i < left + owed => ("pip owed", "◐"),
            _ => ("pip red", "●"),
        };
        view! { <span class=class aria-hidden="true">{mark}</span> }
    });
    let owed_words = if owed > 0 { format!(", {owed} still to switch") } else { String::new() };
    view! {
        <span class="dp-health" role="img" aria-label=format!("{left} white cards left, {lost} switched to red{owed_words}")>
            {pips.collect_view()}
        </span>
    }
}

/// The words beside the pips: "Health 5 of 7", and the cards still to turn red.
fn health_words(health: Health, basics: usize) -> String {
    match health.owed {
        0 => format!("Health {} of {basics}", health.left),
        1 => format!("Health {} of {basics} (1 card to turn red)", health.left),
        n => format!("Health {} of {basics} ({n} cards to turn red)", health.left),
    }
}

/// One card of a hand as the table shows it: its place, flipped or ready, and its move when the
/// observer knows it (the last flipped card, the card just played, the character).
fn card_tile(known: &Known, shown: bool, second: bool) -> impl IntoView + use<> {
    let state = if known.flipped { "flipped" } else { "ready" };
    let face = shown.then(|| known.moves.get(usize::from(second && known.character)).map(|m| move_summary(m, known.hue))).flatten();
    let title = face.clone().unwrap_or_else(|| format!("Card {}: {state}", known.index + 1));
    let hue = if shown { known.hue } else { Hue::Unknown };
    let label = match &face {
        Some(_) => known.moves.get(usize::from(second && known.character)).map(|m| m.name.to_string()).unwrap_or_default(),
        None if known.character => known.character_name.clone().unwrap_or_else(|| "?".into()),
        None => String::new(),
    };
    view! {
        <li class=format!("dp-tile {} {}", state, hue.class()) class:face=face.is_some() title=title.clone() aria-label=title>
            <span class="dp-tile-num">{known.index + 1}</span>
            <span class="dp-tile-name">{label}</span>
            {(face.is_some() && hue == Hue::Red).then(|| view! { <span class="dp-tile-red">"red"</span> })}
            <span class="dp-tile-state">{if known.flipped { "flipped" } else { "" }}</span>
        </li>
    }
}

fn player_panel(v: &DragonPunchView, names: &[String], p: usize) -> impl IntoView + use<> {
    let hand = seen::hand(v, p);
    let basics = v.basics(p);
    let characters: Vec<String> =
        hand.iter().filter(|k| k.character).map(|k| k.character_name.clone().unwrap_or_else(|| "?".into())).collect();
    let played = v.played[p];
    let last = v.last_flipped[p];
    let tiles = hand.iter().map(|k| {
        let is_played = played.is_some_and(|(c, _)| c == k.index);
        let second = played.filter(|(c, _)| *c == k.index).is_some_and(|(_, s)| s);
        let shown = is_played || last == Some(k.index);
        card_tile(k, shown, second)
    });
    let last_line = last
        .and_then(|c| hand.get(usize::from(c)))
        .and_then(|k| k.moves.first().map(|m| (m.name.to_string(), k.hue)))
        .map(|(name, hue)| format!("Last flipped: {name} ({})", hue.label()));
    let wins = v.wins[p];
    let name = names.get(p).cloned().unwrap_or_default();
    let initiative = v.initiative == Some(p);
    view! {
        <div class="dp-panel" class:has-initiative=initiative data-testid=format!("dp-player-{}", p + 1) data-down=(v.phase != Phase::Pick && health(v, p).left == 0).then_some("")>
            <div class="dp-panel-head">
                <span class="player-name">{name}</span>
                <span class="dp-character">{characters.join(" & ")}</span>
                <span class="dp-wins" data-testid=format!("wins-{}", p + 1) title="Rounds won">
                    {format!("{}{} ", "★".repeat(usize::from(wins)), "☆".repeat(usize::from(ROUNDS_TO_WIN.saturating_sub(wins))))}
                    {format!("{wins} round{} won", if wins == 1 { "" } else { "s" })}
                </span>
            </div>
            <div class="dp-health-line" data-testid=format!("health-{}", p + 1) hidden=v.phase == Phase::Pick>
                {health_pips(health(v, p), basics)}
                <span class="dp-health-text">{health_words(health(v, p), basics)}</span>
                {initiative.then(|| view! { <span class="badge initiative" data-testid="initiative">"Has the Initiative"</span> })}
            </div>
            {(v.phase == Phase::Pick).then(|| view! { <p class="dp-picking" data-testid=format!("picked-{}", p + 1)>{format!("Taking cards in secret: {} of {MAX_HAND}", v.picked[p])}</p> })}
            <ul class="dp-tiles" aria-label="Cards in hand">{tiles.collect_view()}</ul>
            <p class="dp-last" data-testid=format!("last-flipped-{}", p + 1)>{last_line.unwrap_or_else(|| "No card flipped yet this round.".into())}</p>
        </div>
    }
}

/// The table from `view`'s public parts, with the players' names.
#[component]
pub fn DpTable(
    /// A view of the match; only what its observer may see is shown.
    #[prop(into)]
    view: Signal<DragonPunchView>,
    /// The players' names, in seat order.
    #[prop(into)]
    names: Signal<Vec<String>>,
) -> impl IntoView {
    move || {
        let v = view.get();
        let names = names.get();
        let holder = v.initiative.and_then(|p| names.get(p).cloned());
        let results = v
            .results
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let who = r.and_then(|s| names.get(s.index()).cloned()).unwrap_or_else(|| "nobody".into());
                format!("Round {}: {who}", i + 1)
            })
            .collect::<Vec<_>>();
        view! {
            <section class="dp-table" aria-label="Table" data-motion>
                <p class="where" data-testid="where">
                    {format!("Round {} · Turn {}", v.round, v.turn)}
                    <span class="dp-holder">{match holder { Some(n) => format!(" · Initiative: {n}"), None => " · Initiative: nobody".into() }}</span>
                </p>
                {(!results.is_empty()).then(|| view! { <p class="dp-results">{results.join(" · ")}</p> })}
                <div class="dp-panels">
                    {player_panel(&v, &names, 0)}
                    {player_panel(&v, &names, 1)}
                </div>
            </section>
        }
    }
}

/// The table as a piece of a page (the play machine's and the example player's table).
pub fn table(view: Signal<DragonPunchView>, names: Signal<Vec<String>>) -> AnyView {
    view! { <DpTable view=view names=names/> }.into_any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_engine::{Game, PerSeat, Seat};
    use dojo_games::dragon_punch::{DragonPunch, Setup, set::reconstructed};

    /// Plays the first legal card for both until someone owes damage.
    fn until_damage() -> DragonPunchView {
        let mut state = DragonPunch::from_setup(&Setup::standard(reconstructed(), [0, 1])).unwrap();
        for _ in 0..40 {
            let view = state.public_view();
            if matches!(view.phase, Phase::Switch { .. }) {
                return view;
            }
            let joint = PerSeat::from_fn(2, |s: Seat| state.legal_actions(s).into_iter().next());
            dojo_engine::apply(&mut state, &joint).unwrap();
        }
        panic!("no damage in 40 steps")
    }

    #[test]
    fn damage_shows_on_the_board_as_soon_as_it_is_dealt() {
        let v = until_damage();
        let Phase::Switch { owed } = v.phase else { unreachable!() };
        let p = if owed[0] > 0 { 0 } else { 1 };
        let shown = health(&v, p);
        assert_eq!(shown, Health { left: v.health[p] - owed[p], owed: owed[p] });
        let words = health_words(shown, v.basics(p));
        assert!(words.starts_with(&format!("Health {} of", v.health[p] - owed[p])), "{words}");
        assert!(words.contains("to turn red"), "{words}");
    }

    #[test]
    fn with_nothing_owed_the_board_shows_the_white_cards() {
        assert_eq!(health_words(Health { left: 7, owed: 0 }, 7), "Health 7 of 7");
        assert_eq!(health_words(Health { left: 4, owed: 1 }, 7), "Health 4 of 7 (1 card to turn red)");
    }
}
