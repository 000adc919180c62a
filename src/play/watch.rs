//! `/watch/<game>#<piece>`: a shared game watched step by step in the one replay viewer, and
//! played on from any step. The page lives in the game's rules module, beside the worked
//! examples that use the same viewer, started by the module's `start_watch_page()` entry; a play page
//! never carries it.
//!
//! Playing on from a step makes the match of the record's first steps with new players (every
//! seat at this device, or one person against the computer), saves it as a play page saves a
//! match and opens the play page, which restores it. A save against the computer keeps only
//! the person's view, so the computer's hidden cards are dealt afresh, as after any reload.

use super::page::winner_line;
use super::{OnSite, Seats, Session};
use crate::browser;
use crate::components::example_player::TableFn;
use crate::components::replayer::{DescribeFn, Extras, Replayer, Tape};
use dojo_bot::Level;
use dojo_engine::{Game, GameRecord, Observer, Seat};
use dojo_games::Speaker;
use dojo_games::replay_link::{SharedGame, from_piece};
use leptos::prelude::*;
use std::sync::Arc;

/// The storage key that tells a play page its save was made by "Play on from here", and from
/// which step: `<game>:<step>`.
pub const PLAY_ON_KEY: &str = "dojo-play-on";

/// The id of the element the watch page mounts into.
pub const WATCH_ROOT: &str = "watch-root";

/// A shared game and the tape of it played out.
pub type Watched<G> = (SharedGame<G>, Tape<G>);

/// A shared game read from a piece and played out, or why it cannot be watched.
pub fn read<T: OnSite>(piece: &str) -> Result<Watched<T::G>, String> {
    let shared = from_piece::<T::G>(piece).map_err(|e| e.to_string())?;
    let tape = Tape::play(&shared.record.setup, shared.record.actions.iter().cloned())
        .map_err(|e| format!("the game in the link does not replay: {e}"))?;
    Ok((shared, tape))
}

/// Who plays on from a step, as the page offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayOn {
    /// Every seat a person at this device.
    Everyone,
    /// The person in this seat, the computer at Medium in the others.
    AgainstComputer(Seat),
}

impl PlayOn {
    /// The seats for a table of `count`.
    pub fn seats(self, count: usize) -> Seats {
        match self {
            PlayOn::Everyone => Seats::people(count),
            PlayOn::AgainstComputer(me) => Seats(
                Seat::all(count)
                    .map(|s| if s == me { super::Controller::Person } else { super::Controller::Computer(Level::Medium) })
                    .collect(),
            ),
        }
    }
}

/// The save a play page restores to play `record` on from its first `steps` steps with `who`,
/// or why it cannot be played on.
pub fn play_on_save<T: OnSite>(record: &GameRecord<T::G>, steps: usize, who: PlayOn) -> Result<String, String> {
    let count = T::G::from_setup(&record.setup).map_err(|e| e.to_string())?.seat_count();
    let session = Session::<T>::played_on(who.seats(count), record, steps)?;
    if session.is_over() {
        return Err(format!("the {} is over at this step: go back to an earlier one", session.noun()));
    }
    session.save().ok_or_else(|| "this table cannot be saved, so it cannot be played on".to_string())
}

/// The watch page of game `T`, reading the piece in the address.
pub fn watch_page<T: OnSite>(game: &'static str, title: &'static str, table: TableFn<T::G>) -> impl IntoView {
    // A link opened in a tab already on this page changes only the fragment: it is read again.
    let piece = RwSignal::new(browser::hash());
    let listening = window_event_listener(leptos::ev::hashchange, move |_| piece.set(browser::hash()));
    on_cleanup(move || listening.remove());
    let body = move || match read::<T>(&piece.get()) {
        Ok((shared, tape)) => watched::<T>(game, shared, tape, table).into_any(),
        Err(e) => view! {
            <p class="error" role="alert" data-testid="watch-error">{format!("This link cannot be watched: {e}.")}</p>
            <p><a href=format!("/play/{game}")>"Play a game of your own"</a></p>
        }
        .into_any(),
    };
    view! {
        <div class=format!("watch watch-{game}") data-testid=format!("watch-{game}")>
            <h1>{format!("{title}: a game to watch")}</h1>
            {body}
        </div>
    }
}

/// The viewer and the "play on" panel for a game that replays.
fn watched<T: OnSite>(game: &'static str, shared: SharedGame<T::G>, tape: Tape<T::G>, table: TableFn<T::G>) -> impl IntoView {
    let count = tape.positions[0].seat_count();
    let mut names = shared.names.clone();
    names.resize_with(count, String::new);
    for (i, name) in names.iter_mut().enumerate() {
        if name.trim().is_empty() {
            *name = format!("Player {}", i + 1);
        }
    }
    let total = tape.steps();
    let end = tape.positions.last().and_then(|s| s.outcome());
    let result = end
        .map(|o| winner_line(&o, &names, T::noun(&tape.positions[total])))
        .unwrap_or_else(|| "The game in the link stops before its end.".into());
    // A link to one step (`?step=N`, from the end screen's costliest decisions) opens there.
    let step = RwSignal::new(browser::query("step").and_then(|n| n.parse::<usize>().ok()).unwrap_or(0).min(total));
    let describe: DescribeFn<T::G> = {
        let names = names.clone();
        Arc::new(move |after: &T::G, event, _who: Observer| {
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            Some(T::describe_in(after, event, &Speaker { names: &refs, you: None }))
        })
    };
    let extras = Extras { describe: Some(describe), reveals: Some(T::shows_reveal), narration: None, below: None };
    let record = StoredValue::new(shared.record);
    let who = RwSignal::new(PlayOn::Everyone);
    let problem = RwSignal::new(None::<String>);
    let play_on = move |_| {
        let at = step.get_untracked();
        match record.with_value(|r| play_on_save::<T>(r, at, who.get_untracked())) {
            Ok(save) if browser::store(T::SAVE_KEY, &save) && browser::store(PLAY_ON_KEY, &format!("{game}:{at}")) => {
                browser::go_to(&format!("/play/{game}"))
            }
            Ok(_) => problem.set(Some("This browser would not let us keep the game to play on.".into())),
            Err(e) => problem.set(Some(format!("You cannot play on from here: {e}."))),
        }
    };
    let choices = std::iter::once(view! { <option value="all">"Everyone at this device"</option> }.into_any())
        .chain(names.iter().enumerate().map(|(i, n)| {
            view! { <option value=i.to_string()>{format!("Me as {n}, the computer (Medium) for the rest")}</option> }.into_any()
        }))
        .collect_view();
    let on_who = move |ev: leptos::ev::Event| {
        who.set(event_target_value(&ev).parse::<u8>().map_or(PlayOn::Everyone, |i| PlayOn::AgainstComputer(Seat(i))))
    };
    let copied = RwSignal::new(false);
    let copy = move |_| copied.set(browser::copy_text(&format!("{}/watch/{game}#{}", browser::origin(), browser::hash())));
    view! {
        <p class="watch-summary" data-testid="watch-summary">{format!("{}: {} steps. {result}", names.join(", "), total)}</p>
        <Replayer tape=Arc::new(tape) names=names.clone() table=table step=step extras=extras/>
        <section class="play-on" aria-label="Play on from here">
            <h2>"Play on from here"</h2>
            <p>"Take over from the step shown, with new players. The rest of the game is played afresh: against the computer, its hidden cards are dealt again."</p>
            <label>"Who plays " <select data-testid="play-on-who" on:change=on_who>{choices}</select></label>
            <button type="button" class="button primary" data-testid="play-on" on:click=play_on disabled=move || { step.get() >= total }>
                {move || format!("Play on from step {}", step.get())}
            </button>
            {move || problem.get().map(|p| view! { <p class="error" role="alert" data-testid="play-on-error">{p}</p> })}
        </section>
        <p class="watch-links">
            <button type="button" class="button subtle" data-testid="watch-copy" on:click=copy>{move || if copied.get() { "Link copied" } else { "Copy this link" }}</button>
            " " <a href=format!("/play/{game}")>"Play a game of your own"</a>
            " " <a href="/games">"Your games"</a>
        </p>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::session::toy_page::ToyPage;
    use dojo_engine::Rng;
    use dojo_games::replay_link::to_piece;

    fn finished() -> Session<ToyPage> {
        let setup = <dojo_games::toy::Toy as dojo_games::registry::Sampled>::seeded_setup(3, dojo_games::registry::Table::of(3)).unwrap();
        let mut s = Session::<ToyPage>::new(Seats::against_computer(Level::Easy, 3), &setup).unwrap();
        let mut rng = Rng::new(4);
        while !s.is_over() {
            s.random_step(&mut rng);
        }
        s
    }

    #[test]
    fn a_finished_match_against_the_computer_is_shared_whole_and_watched_to_the_same_end() {
        let s = finished();
        let shared = s.shared().unwrap();
        assert_eq!(s.names()[0], "You");
        assert_eq!(shared.names[0], "Player 1", "a watcher is not the person who played");
        assert_eq!(shared.names[1..], s.names()[1..]);
        let (back, tape) = read::<ToyPage>(&to_piece(&shared)).unwrap();
        assert_eq!(back, shared);
        assert_eq!(tape.steps(), s.steps());
        assert_eq!(tape.positions.last().unwrap().outcome(), s.outcome());
    }

    #[test]
    fn nothing_is_shared_before_the_end_nor_after_a_reload_against_the_computer() {
        let setup = <dojo_games::toy::Toy as dojo_games::registry::Sampled>::seeded_setup(3, dojo_games::registry::Table::of(2)).unwrap();
        let mut s = Session::<ToyPage>::new(Seats::against_computer(Level::Easy, 2), &setup).unwrap();
        assert!(s.shared().unwrap_err().contains("not over"));
        s.random_step(&mut Rng::new(1));
        let mut back = Session::<ToyPage>::load(&s.save().unwrap(), 2).unwrap();
        while !back.is_over() {
            back.random_step(&mut Rng::new(5));
        }
        assert!(back.shared().unwrap_err().contains("reloaded"), "{:?}", back.shared());
    }

    #[test]
    fn play_on_saves_the_match_at_that_step_for_the_play_page() {
        let record = finished().shared().unwrap().record;
        let at = record.actions.len() / 2;
        for who in [PlayOn::Everyone, PlayOn::AgainstComputer(Seat(1))] {
            let save = play_on_save::<ToyPage>(&record, at, who).unwrap();
            let s = Session::<ToyPage>::load(&save, 1).unwrap();
            assert!(s.steps() <= at && !s.is_over(), "{who:?}: at step {} of {at}", s.steps());
            assert_eq!(s.seats(), &who.seats(3));
        }
        assert!(play_on_save::<ToyPage>(&record, record.actions.len(), PlayOn::Everyone).unwrap_err().contains("over"));
        let mut bad = record.clone();
        bad.actions[0].0.iter_mut().for_each(|slot| *slot = None);
        assert!(play_on_save::<ToyPage>(&bad, 2, PlayOn::Everyone).is_err());
    }

    #[test]
    fn the_your_games_entry_names_the_result_for_the_lone_person_and_holds_the_replay() {
        let s = finished();
        let entry = s.history_entry(5.0, "x".into()).unwrap();
        let first = &s.outcome().unwrap().places[0];
        let expected = if !first.contains(&Seat(0)) {
            crate::history::Result::Lost
        } else if first.len() == 1 {
            crate::history::Result::Won
        } else {
            crate::history::Result::Drew
        };
        assert_eq!(entry.result, expected);
        assert_eq!(entry.levels, vec![None, Some("Easy".to_string()), Some("Easy".to_string())]);
        assert_eq!(entry.check(), Err("it names no game of this site (\"toy\")".to_string()), "the test game is not on the site");
        assert_eq!(entry.piece, None, "packed by the Your games module");
        assert_eq!(s.shared().unwrap().record.actions.len(), entry.steps);
        let setup = <dojo_games::toy::Toy as dojo_games::registry::Sampled>::seeded_setup(3, dojo_games::registry::Table::of(2)).unwrap();
        let mut people = Session::<ToyPage>::new(Seats::people(2), &setup).unwrap();
        assert!(people.history_entry(1.0, "y".into()).is_none(), "nothing before the end");
        while !people.is_over() {
            people.random_step(&mut Rng::new(8));
        }
        assert_eq!(people.history_entry(1.0, "y".into()).unwrap().result, crate::history::Result::Played);
    }

    #[test]
    fn a_damaged_link_is_refused_in_words() {
        assert!(read::<ToyPage>("").unwrap_err().contains("nothing after"));
        assert!(read::<ToyPage>("r1.toy.@@").unwrap_err().contains("characters"));
    }
}
