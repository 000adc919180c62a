//! The FUSION table as everyone sees it: Harmony as a gauge, the Omens, Deck and Trash, each
//! pilot's sheet (Strike Range, Charges, Buffers, Commitments), the Coach's Threats, and the
//! conflict under way: the Gambit's two cards, or the Throwdown's Pile as a stack with values
//! and owners and both Payload tallies. The play page and the rules page's examples share it.

use super::terms::explained;
use super::words::{self, harmony_name, micro_name, seat_name, side_name};
use dojo_games::fusion::cards::Card;
use dojo_games::fusion::micro::Location;
use dojo_games::fusion::payload::Payload;
use dojo_games::fusion::sheet::{HARMONY_RED, HARMONY_VIOLET};
use dojo_games::fusion::throwdown::Part;
use dojo_games::fusion::{Conflict, Fusion, FusionView, Phase};
use leptos::prelude::*;

/// A card face up: its rank and suit symbol, red suits marked for colour and by a class.
pub fn card_face(card: Card) -> impl IntoView + use<> {
    let red = matches!(card.suit, dojo_games::fusion::cards::Suit::Hearts | dojo_games::fusion::cards::Suit::Diamonds);
    view! { <span class="fu-card" class:red=red data-card=String::from(card)>{card.to_string()}</span> }
}

/// A card face down.
pub fn card_back() -> impl IntoView {
    view! { <span class="fu-card back" aria-label="a face-down card">"?"</span> }
}

/// Where the evening stands, in words.
pub fn where_words(t: &Fusion) -> String {
    let (conflicts, current) = t.conflicts();
    let of = if conflicts.len() > 1 { format!(" {} of {}", (current + 1).min(conflicts.len()), conflicts.len()) } else { String::new() };
    let what = match conflicts.get(current) {
        Some(Conflict::Gambit { pilot, .. }) => format!("Gambit{of}: {}", seat_name(t, *pilot)),
        Some(Conflict::Throwdown { challenger, .. }) => format!("Throwdown{of}: {} challenges", seat_name(t, *challenger)),
        None if conflicts.len() > 1 => "The evening is over".into(),
        None => "The conflict is over".into(),
    };
    let step = match t.phase() {
        Phase::Offered => " · take it or back off",
        Phase::Laid => " · the Threshold lies face down",
        Phase::Picking => " · the pilot picks the outcome",
        Phase::Choosing => " · consequences",
        Phase::Challenge => " · the challenge",
        Phase::Joining(_) => " · joining, cards face down",
        Phase::Turn(_) => " · turns",
        Phase::Spoils => " · the spoils",
        Phase::Landing => " · the Payloads land",
        Phase::Discarding(_) => " · drop and draw",
        Phase::Over => "",
    };
    format!("{what}{step}")
}

fn harmony_gauge(h: u8) -> impl IntoView {
    let cells = (HARMONY_RED..=HARMONY_VIOLET)
        .map(|level| {
            let label = match level {
                1 => "R".to_string(),
                7 => "V".to_string(),
                n => n.to_string(),
            };
            view! { <span class="fu-level" class:on=level == h class:red=level == 1 class:violet=level == 7>{label}</span> }
        })
        .collect_view();
    view! {
        <div class="fu-harmony" data-testid="fu-harmony" data-harmony=h role="meter" aria-valuemin="1" aria-valuemax="7" aria-valuenow=h aria-label="Harmony">
            <span class="fu-label">{explained("harmony", "Harmony")}" "{harmony_name(h)}</span>
            <span class="fu-gauge">{cells}</span>
        </div>
    }
}

fn payload_list(p: &Payload, testid: &'static str, title: String) -> impl IntoView + use<> {
    let items: Vec<_> = p
        .entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let by = e.overreach_by.map(|_| " (overreach)").unwrap_or("");
            view! { <li class:cancelled=e.cancelled>{format!("#{} {}{by}", i + 1, micro_name(&e.micro))}</li> }
        })
        .collect();
    let empty = items.is_empty();
    view! {
        <div class="fu-payload" data-testid=testid data-live=p.live().count()>
            <span class="fu-label">{title}</span>
            {if empty { view! { <span class="fu-none">" none"</span> }.into_any() } else { view! { <ul>{items}</ul> }.into_any() }}
        </div>
    }
}

fn pilots(t: &Fusion, v: &FusionView) -> impl IntoView + use<> {
    let fight = t.fight();
    let rows = (0..t.coach())
        .map(|p| {
            let sheet = &t.standing().pilots[usize::from(p)];
            let held = t.stash(dojo_engine::Seat(p)).len() + usize::from(v.hidden.stashes[usize::from(p)]);
            let part = fight.map(|f| match (f.parts[usize::from(p)], f.folded[usize::from(p)]) {
                (Some(Part::Out), _) => "sits out",
                (Some(_), true) => "folded",
                (Some(_), false) => "in the fight",
                (None, _) => "to choose",
            });
            let assist = fight.map_or(0, |f| f.strike[usize::from(p)]);
            let range = t.pilot_range(p);
            view! {
                <li class="fu-pilot" data-testid=format!("fu-pilot-{}", p + 1)>
                    <strong>{sheet.name.clone()}</strong>
                    {part.map(|s| view! { <span class="fu-part">{format!(" · {s}")}</span> })}
                    {sheet.in_crisis().then(|| view! { <span class="fu-crisis">" · Crisis Mode"</span> })}
                    <span class="fu-stats">
                        <span>{explained("strike-range", "Strike Range")}{format!(" {range}{}", if assist != 0 { format!(" ({assist:+})") } else { String::new() })}</span>
                        <span>{explained("commitments", "Commitments")}{format!(" Fight {} · Team {}", sheet.fight, sheet.team)}</span>
                        <span data-testid=format!("fu-charges-{}", p + 1)>{explained("charges", "Charges")}{format!(" {}/{}", sheet.charges, sheet.charge_max)}</span>
                        <span data-testid=format!("fu-buffers-{}", p + 1)>{explained("buffers", "Buffers")}{format!(" {}/{}", sheet.buffers, sheet.buffer_max)}</span>
                        <span>{format!("Stash {held}")}</span>
                        {(sheet.lessons > 0).then(|| view! { <span>{format!("Lessons {}", sheet.lessons)}</span> })}
                    </span>
                </li>
            }
        })
        .collect_view();
    view! { <ul class="fu-pilots">{rows}</ul> }
}

fn coach(t: &Fusion, v: &FusionView) -> impl IntoView + use<> {
    let coach = t.coach();
    let held = t.stash(dojo_engine::Seat(coach)).len() + usize::from(v.hidden.stashes[usize::from(coach)]);
    let threats = t
        .standing()
        .threats
        .iter()
        .map(|th| {
            let out = th.rating == 0;
            view! { <li class:out=out>{format!("{}: ", th.name)}{explained("rating", "Rating")}{format!(" {}{}, Buffers {}", th.rating, if out { " (out of play)" } else { "" }, th.buffers)}</li> }
        })
        .collect_view();
    let folded = t.fight().is_some_and(|f| f.folded[usize::from(coach)]);
    view! {
        <div class="fu-coach" data-testid="fu-coach">
            <strong>"The Coach"</strong>
            " · "{explained("strike-range", "Strike Range")}
            {format!(" {} · Stash {held}{}", t.coach_range(), if folded { " · folded" } else { "" })}
            <ul class="fu-threats">{threats}</ul>
        </div>
    }
}

fn gambit(t: &Fusion, v: &FusionView) -> Option<impl IntoView + use<>> {
    let g = t.gambit()?;
    let threshold = match (g.threshold, v.hidden.threshold) {
        (Some(card), _) => card_face(card).into_any(),
        (None, true) => card_back().into_any(),
        (None, false) => view! { <span class="fu-none">"not laid"</span> }.into_any(),
    };
    let card = g.card.map(|c| card_face(c).into_any()).unwrap_or_else(|| view! { <span class="fu-none">"—"</span> }.into_any());
    Some(view! {
        <div class="fu-gambit" data-testid="fu-gambit">
            <div><span class="fu-label">{explained("threshold", "Threshold")}" "</span>{threshold}</div>
            <div><span class="fu-label">{format!("{}'s card{} ", seat_name(t, g.pilot), if g.flipped { " (flipped)" } else { "" })}</span>{card}</div>
            {g.specialty.then(|| view! { <div class="fu-note">"Her Specialty applies: two consequences."</div> })}
            {g.outcome.map(|o| view! { <div class="fu-outcome" data-testid="fu-outcome"><strong>{o.words()}</strong>" "{explained("outcomes", "What it means")}</div> })}
        </div>
    })
}

fn throwdown(t: &Fusion, v: &FusionView) -> Option<impl IntoView + use<>> {
    let f = t.fight()?;
    let laid = f.laid.len() + v.hidden.laid.len();
    let top_first: Vec<_> = f
        .pile
        .face_up
        .iter()
        .rev()
        .enumerate()
        .map(|(i, c)| {
            view! { <li class:top=i == 0>{card_face(c.card)}<span class="fu-owner">{seat_name(t, c.seat)}</span></li> }
        })
        .collect();
    let under = f.pile.beaten_back.len();
    let stakes = match &t.conflicts().0.get(t.conflicts().1) {
        Some(Conflict::Throwdown { stakes, .. }) => stakes.clone(),
        _ => String::new(),
    };
    let spoils = (!f.spoils.is_empty()).then(|| {
        let cards = f.spoils.iter().map(|c| card_face(*c)).collect_view();
        view! { <div class="fu-spoils" data-testid="fu-spoils"><span class="fu-label">"Spoils "</span>{cards}</div> }
    });
    Some(view! {
        <div class="fu-throwdown" data-testid="fu-throwdown">
            <p class="fu-stakes">{format!("Stakes: \u{201c}{stakes}\u{201d}")}</p>
            {(laid > 0).then(|| view! { <p class="fu-laid">{format!("{} face down, waiting for everyone to choose", super::words::count(laid as u32, "card"))}</p> })}
            {(!top_first.is_empty()).then(|| view! {
                <p class="fu-label fu-pile-label">{explained("pile", "The Pile")}", top card first"</p>
                <ol class="fu-pile" data-testid="fu-pile" aria-label="The Pile, top card first">{top_first}</ol>
            })}
            {(under > 0).then(|| view! { <p class="fu-under">{format!("{} beaten back, face down at the bottom", super::words::count(under as u32, "card"))}</p> })}
            {f.winner.map(|w| view! { <p class="fu-winner" data-testid="fu-winner">{format!("Won by {}", side_name(w))}</p> })}
            {spoils}
            <p class="fu-note">{explained("payloads", "Payloads")}" land at the end, whoever wins."</p>
            <div class="fu-payloads">
                {payload_list(&f.at_pilots, "fu-at-pilots", "Payload aimed at the pilots:".into())}
                {payload_list(&f.at_coach, "fu-at-coach", "Payload aimed at the Coach's side:".into())}
            </div>
        </div>
    })
}

/// The table for a view (the public one on the play page and in the examples) and the seats'
/// names.
pub fn table(view: Signal<FusionView>, _names: Signal<Vec<String>>) -> AnyView {
    super::style::ensure();
    (move || {
        let v = view.get();
        let t = &v.table;
        let deck = &t.deck();
        let location = match t.standing().location {
            Location::Standing => None,
            Location::Damaged => Some("The Location is Damaged"),
            Location::Razed => Some("The Location is Razed"),
        };
        let hits = t.hits().first().map(|h| {
            let aim = h.target.map(|x| format!(" at {}", words::target_name(t, x))).unwrap_or_default();
            view! { <p class="fu-landing" data-testid="fu-landing">{format!("Landing now: {}{aim} ({} to go)", micro_name(&h.micro), t.hits().len())}</p> }
        });
        view! {
            <section class="fu-table" data-testid="fu-table" aria-label="The table" data-motion>
                <p class="fu-where" data-testid="fu-where">{where_words(t)}</p>
                {harmony_gauge(t.standing().harmony)}
                <p class="fu-deck">
                    {format!("Deck {} · Trash {} · ", v.hidden.deck_cards, deck.trash_pile().len())}
                    {explained("omens", "Omens")}
                    {format!(" {} active, {} spent", deck.active_omens(), deck.spent_omens())}
                    {location.map(|l| format!(" · {l}"))}
                </p>
                {pilots(t, &v)}
                {coach(t, &v)}
                {gambit(t, &v)}
                {throwdown(t, &v)}
                {hits}
            </section>
        }
    })
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_engine::{Game, Rng};
    use dojo_games::fusion::Setup;

    /// `setup` played at random to its end.
    fn ended(setup: &Setup) -> Fusion {
        let mut state = Fusion::from_setup(setup).unwrap();
        let mut rng = Rng::new(3);
        while state.outcome().is_none() {
            let joint = dojo_engine::joint_from(&state, |_, legal| legal[rng.below(legal.len())].clone()).unwrap();
            dojo_engine::apply(&mut state, &joint).unwrap();
        }
        state
    }

    /// The audit read "The evening is over" after a single conflict, and "the Coach's side win".
    #[test]
    fn the_end_is_a_conflicts_or_an_evenings_and_a_side_wins_in_good_grammar() {
        let one = Setup::sample(2, Conflict::Gambit { pilot: 0, specialty: false }, 3);
        assert!(where_words(&ended(&one)).starts_with("The conflict is over"), "{}", where_words(&ended(&one)));
        let mut evening = one.clone();
        evening.then = vec![Conflict::Gambit { pilot: 1, specialty: false }];
        assert!(where_words(&ended(&evening)).starts_with("The evening is over"));
        assert_eq!(super::super::words::side_wins(Part::Coach), "the Coach's side wins");
        assert_eq!(super::super::words::side_wins(Part::Pilots), "the pilots win");
    }
}
