//! The screens every play page shares: the lobby's choice of who plays, hand-offs between
//! people on one device, the result of a reveal, game over and rematch, lessons, and the frame
//! around the game's own screens (notices, the thinking and countdown screens, the log,
//! abandoning). What comes next is the [`super::flow`]'s; these only draw it.

use super::flow::Screen;
use super::page::{PlayCtx, WHY_PANEL};
use super::seats::Seats;
use super::{OnSite, Session};
use crate::browser;
use crate::components::event_log::EventLog;
use dojo_bot::Level;
use dojo_engine::Seat;
use leptos::prelude::*;

/// What the lobby says about saving: the threat model of a game kept in this browser.
pub const SAVE_NOTE: &str = "The game in progress is saved in this browser. Against the computer only what you can see is saved, never its cards. On one shared device the saved game holds every player's hand so it can resume; picks not yet revealed are never saved.";

/// The lobby's first choices for two seats: a person against the computer (and how strong), two
/// people on one device, or (where the game's tables can be played between devices and
/// `friend` is given) a person here against a friend on another device; shown as `vs_bot`,
/// `level` and `friend` say (a lobby starts them at true, Medium and false), so the choice
/// survives the lobby redrawing this part.
pub fn who_plays(vs_bot: RwSignal<bool>, level: RwSignal<Level>, friend: Option<RwSignal<bool>>) -> impl IntoView {
    // A game whose tables cannot yet be played between devices offers no friend.
    let offers_friend = friend.is_some();
    let friend = friend.unwrap_or_else(|| RwSignal::new(false));
    let choose = move |bot: bool, far: bool| {
        vs_bot.set(bot);
        friend.set(far);
    };
    view! {
        <fieldset>
            <legend>"Who plays?"</legend>
            <label><input type="radio" name="mode" data-testid="mode-bot" prop:checked=move || vs_bot.get() && !friend.get() on:change=move |_| choose(true, false)/>" Me against the computer"</label>
            <label><input type="radio" name="mode" data-testid="mode-hotseat" prop:checked=move || !vs_bot.get() && !friend.get() on:change=move |_| choose(false, false)/>" Two players on this device"</label>
            <label hidden=!offers_friend><input type="radio" name="mode" data-testid="mode-friend" prop:checked=move || friend.get() on:change=move |_| choose(false, true)/>" Me against a friend on another device"</label>
            <p class="hint" data-testid="save-note">{SAVE_NOTE}</p>
        </fieldset>
        <p class="hint" data-testid="friend-note" hidden=move || !friend.get()>"Starting makes an invitation for your friend; your devices then connect directly, with no game server."</p>
        <Show when=move || vs_bot.get() && !friend.get()>
            <fieldset>
                <legend>"Computer strength"</legend>
                {Level::ALL.into_iter().map(|l| view! {
                    <label><input type="radio" name="level" data-testid=format!("level-{}", l.label().to_ascii_lowercase()) prop:checked=move || level.get() == l on:change=move |_| level.set(l)/>{format!(" {}", l.label())}</label>
                }).collect_view()}
            </fieldset>
        </Show>
    }
}

/// The seats the lobby's first choices ask for, in a game of `count` seats: the person in the
/// first seat and the computer at `level` in the others, `count` people on the device, or the
/// person here against friends on other devices (`friend`).
pub fn chosen_seats(vs_bot: RwSignal<bool>, level: RwSignal<Level>, friend: RwSignal<bool>, count: usize) -> Seats {
    if friend.get_untracked() {
        let mut seats = vec![super::Controller::Remote; count];
        seats[0] = super::Controller::Person;
        Seats(seats)
    } else if vs_bot.get_untracked() {
        Seats::against_computer(level.get_untracked(), count)
    } else {
        Seats::people(count)
    }
}

/// What the hand-off screen says about the others: who has already chosen in secret this
/// `round` ("breath", "turn"), or that nobody has.
pub fn waiting_status<T: OnSite>(s: &Session<T>, seat: Seat, round: &str) -> String {
    let names = s.names();
    let done: Vec<&str> = Seat::all(names.len()).filter(|o| *o != seat && s.has_given(*o)).map(|o| names[o.index()].as_str()).collect();
    match done.as_slice() {
        [] => format!("Nobody has chosen yet this {round}."),
        [one] => format!("{one} has chosen in secret."),
        [first @ .., last] => format!("{} and {last} have chosen in secret.", first.join(", ")),
    }
}

/// The hand-off between people on one device: nothing secret is shown until `name` says they hold the device.
/// `status` says what the other player has done; `show` names what the button reveals.
pub fn hand_off<T: OnSite>(cx: PlayCtx<T>, seat: Seat, name: String, status: String, show: &'static str) -> impl IntoView {
    view! {
        <div class="stage handoff" data-testid="handoff">
            <p class="big">{format!("Pass the device to {name}")}</p>
            <p>{status}</p>
            <button type="button" class="button primary" data-testid="show-hand" autofocus on:click=move |_| cx.handed_over(seat)>
                {format!("I am {name}: show my {show}")}
            </button>
            {cx.can_take_back().filter(|p| *p != seat).map(|p| {
                let who = cx.names().with_untracked(|n| n.get(p.index()).cloned().unwrap_or_default());
                view! { <p><button type="button" class="button subtle" data-testid="change-choice" on:click=move |_| cx.take_back()>{format!("Change {who}'s choice")}</button></p> }
            })}
        </div>
    }
}

/// The screen after a reveal: the revealed cards (`reveals`, drawn by the game), what happened
/// in words, and a button (`next`) to go on.
pub fn turn_result<T: OnSite>(cx: PlayCtx<T>, reveals: AnyView, happened: Vec<String>, next: &'static str) -> impl IntoView {
    view! {
        <div class="stage result" data-testid="result">
            {reveals}
            <ul class="what-happened">{happened.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
            <button type="button" class="button primary" data-testid="next" autofocus on:click=move |_| cx.advance()>{next}</button>
        </div>
    }
}

/// `seats` by name: "A", "A and B", "A, B and C".
fn name_list(seats: &[Seat], names: &[String]) -> String {
    let who: Vec<&str> = seats.iter().map(|s| names.get(s.index()).map_or("?", String::as_str)).collect();
    match who.as_slice() {
        [] => String::new(),
        [one] => (*one).to_string(),
        [first @ .., last] => format!("{} and {last}", first.join(", ")),
    }
}

/// `seats` as the end screen names them: "Team 2 (A and B)" when they are exactly one of
/// `outcome`'s teams, else their names.
fn group_name(outcome: &dojo_engine::Outcome, seats: &[Seat], names: &[String]) -> String {
    let same = |team: &Vec<Seat>| team.len() == seats.len() && team.iter().all(|s| seats.contains(s));
    match outcome.teams.iter().position(same) {
        Some(k) => format!("Team {} ({})", k + 1, name_list(seats, names)),
        None => name_list(seats, names),
    }
}

/// The result in words: who won (`"… won the {what}!"`, several names for a team or a shared
/// first place, a team by its number) or a draw.
pub fn winner_line(outcome: &dojo_engine::Outcome, names: &[String], what: &str) -> String {
    if outcome.is_draw() {
        return format!("The {what} is a draw.");
    }
    match outcome.winning_seats() {
        [] => format!("The {what} is over."),
        winners => format!("{} won the {what}!", group_name(outcome, winners, names)),
    }
}

/// The end screen: the last step in words, who won, every place (teams by number) when more
/// than two play, and buttons to play again (`again` builds the new session from the old) or
/// to go back to the lobby.
pub fn game_over<T: OnSite>(
    cx: PlayCtx<T>,
    labels: [&'static str; 2],
    again: impl Fn(&Session<T>) -> Result<Session<T>, String> + Send + Sync + 'static,
) -> impl IntoView {
    let names = cx.names();
    let outcome = move || cx.session.with(|s| s.as_ref().and_then(Session::outcome));
    // Another match with a friend on another device starts from a new invitation.
    let remote = move || cx.session.with(|s| s.as_ref().is_some_and(|s| s.seats().has_remote()));
    let again = StoredValue::new(again);
    let replay = move |_| {
        if let Some(next) = cx.session.with_untracked(|s| s.as_ref().map(|s| again.with_value(|again| again(s)))) {
            cx.start(next);
        }
    };
    // The costliest choices, once the match's link is packed (their replay links need it).
    let places = move || {
        let names = names.get();
        outcome().filter(|o| o.players().count() > 2).map(|o| {
            let rows = o.places.iter().enumerate().map(|(i, seats)| {
                let shared = if seats.len() > 1 && o.teams.is_empty() { " (shared)" } else { "" };
                view! { <li>{format!("Place {}{shared}: {}", i + 1, group_name(&o, seats, &names))}</li> }
            });
            view! { <ol class="places" data-testid="places">{rows.collect_view()}</ol> }
        })
    };
    view! {
        <div class="stage over" data-testid="match-over">
            <ul class="what-happened">
                {move || cx.session.with(|s| s.as_ref().map(|s| s.last_lines().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()))}
            </ul>
            <p class="big" data-testid="winner">{move || outcome().map(|o| winner_line(&o, &names.get(), cx.noun().get())).unwrap_or_default()}</p>
            {places}
            <button type="button" class="button primary" data-testid="again" hidden=remote on:click=replay>{labels[0]}</button>
            <button type="button" class="button" on:click=move |_| cx.abandon()>{labels[1]}</button>
            <SharePanel cx=cx/>
        </div>
    }
}

/// "Share this game" on the end screen: a button that opens the panel, which the "Your
/// games" module (that packed the link) draws once the link is known: the replay link of the
/// finished match, a copy button, the system share sheet where the browser has one, and a link
/// to watch it; or why this match cannot be shared (see `crate::history_page::show_share`).
#[component]
fn SharePanel<T: OnSite>(cx: PlayCtx<T>) -> impl IntoView {
    let open = RwSignal::new(false);
    let toggle = move |_| {
        open.update(|o| *o = !*o);
        // A match restored after its end has no link packed yet.
        if cx.link.get_untracked().is_none() {
            cx.pack_link(None);
        }
    };
    // Why the "Your games" module could not draw the panel, if it could not be fetched.
    let failed = RwSignal::new(None::<String>);
    Effect::new(move || {
        if let Some(link) = cx.link.get() {
            let game = <T::G as dojo_engine::Game>::NAME;
            let request = match link {
                Ok(piece) => format!("{game}\n{piece}"),
                Err(why) => format!("{game}\n\n{why}"),
            };
            crate::components::lazy_module::call_module("history".into(), "show_share", request, move |answer| {
                // The end screen may be gone by now.
                let _ = failed.try_set(answer.err());
            });
        }
    });
    view! {
        <section class="share" data-testid="share">
            <button type="button" class="button" data-testid="share-game" aria-expanded=move || open.get().to_string() on:click=toggle>"Share this game"</button>
            {move || failed.get().map(|e| view! { <p class="notice" data-testid="share-unavailable" hidden=move || !open.get()>{format!("This game cannot be shared: {e}.")}</p> })}
            <div id=SHARE_PANEL hidden=move || !open.get() || failed.get().is_some()>
                <p class="progress" role="status"><span class="spinner" aria-hidden="true"></span>"Preparing the link…"</p>
            </div>
        </section>
    }
}

/// In the lobby, the way into the game's lesson; during a lesson, what the next step needs,
/// with what it is about highlighted on the page.
fn lesson_panel<T: OnSite>(cx: PlayCtx<T>) -> Option<AnyView> {
    let screen = cx.screen.get();
    if screen == Screen::Lobby {
        let titles: Vec<&'static str> = T::lessons().iter().map(|l| l.title).collect();
        return match titles.as_slice() {
            [] => None,
            [_] => Some(
                view! {
                    <p class="learn" data-testid="learn-offer">
                        <button type="button" class="button" data-testid="learn" on:click=move |_| cx.learn(0)>"Learn by playing"</button>
                        " A guided first match of a few minutes against a computer that follows a script."
                    </p>
                }
                .into_any(),
            ),
            several => {
                let buttons = several
                    .iter()
                    .enumerate()
                    .map(|(n, title)| {
                        let testid = if n == 0 { "learn".to_string() } else { format!("learn-{}", n + 1) };
                        view! { <li><button type="button" class="button" data-testid=testid on:click=move |_| cx.learn(n)>{format!("Learn: {title}")}</button></li> }
                    })
                    .collect_view();
                Some(
                    view! {
                        <div class="learn" data-testid="learn-offer">
                            <p>"Learn by playing: a guided match of a few minutes each, against a computer that follows a script."</p>
                            <ul class="learn-list">{buttons}</ul>
                        </div>
                    }
                    .into_any(),
                )
            }
        };
    }
    let lesson = cx.lesson.with_value(Clone::clone)?;
    let step = cx.session.with(|s| s.as_ref().map(Session::steps))?;
    let (now, number, total) = lesson.shown(step).filter(|_| screen != Screen::Over)?;
    let glow = format!("{} {{ outline: 4px solid var(--focus); outline-offset: 3px; }}", now.point);
    Some(
        view! {
            <aside class="lesson" data-testid="lesson" data-point=now.point aria-live="polite">
                <p class="lesson-step">{format!("Lesson · step {number} of {total}")}</p>
                <p>{now.say}</p>
                <style>{glow}</style>
            </aside>
        }
        .into_any(),
    )
}

/// The end of a lesson: what it taught, and the way to a real match.
fn lesson_done<T: OnSite>(cx: PlayCtx<T>) -> impl IntoView {
    let done = cx.lesson.with_value(|l| l.as_ref().map(|l| l.done)).unwrap_or_default();
    view! {
        <div class="stage over" data-testid="lesson-done">
            <ul class="what-happened">
                {move || cx.session.with(|s| s.as_ref().map(|s| s.last_lines().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()))}
            </ul>
            <p class="big">"Lesson over"</p>
            <p>{done}</p>
            <button type="button" class="button primary" data-testid="lesson-play" on:click=move |_| cx.abandon()>"Play a real match"</button>
            <a class="button" href=format!("/rules/{}", <T::G as dojo_engine::Game>::NAME)>"Read the rules"</a>
        </div>
    }
}

/// "Change my choice" while the last person's input waits for the computer or the count (drawn
/// again only when that changes, not at each of the computer's inputs, so it stays put).
fn change_choice<T: OnSite>(cx: PlayCtx<T>) -> impl IntoView {
    let open = Memo::new(move |_| cx.can_take_back().is_some());
    move || {
        open.get().then(|| {
            view! { <p class="change-choice"><button type="button" class="button subtle" data-testid="change-choice" on:click=move |_| cx.take_back()>"Change my choice"</button></p> }
        })
    }
}

/// What the page asks before a match in progress is thrown away (in the browser's own dialog,
/// which costs the tight play pages almost nothing).
const ABANDON_QUESTION: &str = "Throw this game away? It is not kept anywhere.";

/// The id of the end screen's share panel, drawn by the "Your games" module.
pub const SHARE_PANEL: &str = "share-panel";

/// What a game's play page is made of; [`play_page`] adds the shared frame, thinking,
/// countdown and end screens.
pub struct PlayPage<T: OnSite> {
    /// The page's heading.
    pub title: &'static str,
    /// The page's test id (`play-<game>`).
    pub testid: &'static str,
    /// The game's own screens: the lobby, the hand-off, deciding and the result of a reveal.
    pub screen: fn(PlayCtx<T>, Screen, Signal<Vec<String>>) -> AnyView,
    /// The shared table, drawn from the public view with the players' names.
    pub table: crate::components::example_player::TableFn<T::G>,
    /// The end screen's two buttons: play again, and back to the lobby.
    pub over: [&'static str; 2],
    /// The next match from the one that ended, for the "play again" button.
    pub again: fn(&Session<T>) -> Result<Session<T>, String>,
}

/// A whole play page: restores any save, then shows the game's screens, the shared ones and
/// the table.
pub fn play_page<T: OnSite>(page: PlayPage<T>) -> impl IntoView {
    let PlayPage { title, testid, screen, table, over: labels, again } = page;
    let cx = PlayCtx::<T>::open();
    // An invitation (or a lesson link) opened in a tab already on this page changes only the
    // address's fragment: the page answers it as it would on opening.
    let listening = window_event_listener(leptos::ev::hashchange, move |_| {
        cx.follow_hash();
    });
    on_cleanup(move || listening.remove());
    let names = cx.names();
    // A memo: the table is drawn again only when what it shows has changed, not at every change
    // of the session (a pick waiting for the reveal, the computer's timing, …).
    let table_view = Memo::new(move |_| cx.session.with(|s| s.as_ref().map(|s| s.public_view())));
    play_frame(
        cx,
        title,
        testid,
        move |now| match now {
            Screen::Over if cx.in_lesson() => lesson_done(cx).into_any(),
            Screen::Over => game_over(cx, labels, again).into_any(),
            other => screen(cx, other, names),
        },
        move || table_view.get().map(|v| table(Signal::stored(v), names)),
    )
}

/// The frame of a play page: title, notices, the game's screen from `screen` (the thinking and
/// countdown screens are drawn here), the table from `table` (hidden in the lobby), the
/// computer's thinking time, the log and the abandon button.
pub fn play_frame<T: OnSite>(
    cx: PlayCtx<T>,
    title: &'static str,
    testid: &'static str,
    screen: impl Fn(Screen) -> AnyView + Send + Sync + 'static,
    table: impl Fn() -> Option<AnyView> + Send + Sync + 'static,
) -> impl IntoView {
    // Memos, so that a change of the session that leaves them alone redraws nothing.
    let log = Memo::new(move |_| cx.session.with(|s| s.as_ref().map(|s| s.log().to_vec()).unwrap_or_default()));
    // A guest waiting for the host's match has no goal of its own to show yet.
    let goal = Memo::new(move |_| {
        let waiting_for_host = cx.screen.get() == Screen::Friend && cx.session.with(Option::is_none);
        (!waiting_for_host).then(|| cx.session.with(|s| T::goal(s.as_ref().map(|s| s.public_view()).as_ref())))
    });
    // Where the play machine is, written on the frame: tests wait on it instead of sleeping.
    let step = Memo::new(move |_| cx.session.with(|s| s.as_ref().map_or(0, Session::steps)));
    // A host whose cards the devices deal has none to show before the deal: its own setup's
    // cards are placeholders (the flow shows a new screen once they are dealt).
    let table_shown = Memo::new(move |_| !matches!(cx.screen.get(), Screen::Lobby | Screen::Countdown(_)) && !cx.awaiting_deal());
    // The computer thinking or the count to a reveal: the last choice can still change.
    let waiting = Memo::new(move |_| matches!(cx.screen.get(), Screen::Thinking | Screen::Countdown(_)));
    // Each new screen a person acts on gets the keyboard on its next thing to do (a reveal, a
    // hand-off, the end left it on the page's body), and the first after the lobby is brought
    // into view (a phone stayed where the Start button was).
    Effect::new(move |before: Option<Screen>| {
        let now = cx.screen.get();
        if matches!(now, Screen::HandOff(_) | Screen::Decide(_) | Screen::Result | Screen::Over) && before != Some(now) {
            let to_top = before == Some(Screen::Lobby);
            request_animation_frame(move || browser::focus_stage(to_top));
        }
        now
    });
    view! {
        <div class=format!("play {testid}") data-testid=testid data-screen=move || cx.screen.get().name() data-step=move || step.get()>
            <h1>{title}</h1>
            {move || {
                let Some((text, section)) = goal.get() else {
                    return view! { <p class="goal" data-testid="goal">"The match's rules and length come with your friend's table."</p> }.into_any();
                };
                view! { <p class="goal" data-testid="goal">{text}" "<a href=format!("/rules/{}#{section}", <T::G as dojo_engine::Game>::NAME)>"Rules"</a></p> }.into_any()
            }}
            {move || cx.notice.get().map(|n| view! { <p class="notice" role="status" data-testid="notice">{n}<button type="button" class="close" aria-label="Dismiss" on:click=move |_| cx.notice.set(None)>"×"</button></p> })}
            {move || lesson_panel(cx)}
            // The connection module draws the invitation and the connection's state here, above
            // the game, where a phone shows it first.
            <div id=super::friend::PANEL data-testid=super::friend::PANEL></div>
            {move || match cx.screen.get() {
                // The computer thinking and a friend choosing on another device: one screen.
                now @ (Screen::Thinking | Screen::Friend) => {
                    let (testid, text) = if now == Screen::Friend { ("waiting-friend", "Waiting for your friend's device…") } else { ("thinking", "The computer is choosing…") };
                    view! { <div class="stage thinking" data-testid=testid role="status"><span class="spinner" aria-hidden="true"></span>{text}</div> }.into_any()
                }
                Screen::Countdown(n) => view! { <div class="stage countdown" data-testid="countdown" aria-live="assertive"><span class="count">{n}</span></div> }.into_any(),
                other => screen(other),
            }}
            // Drawn once for the whole wait, not again at each step of the count, so it stays put.
            {move || waiting.get().then(|| change_choice(cx))}
            // What the computer expected at the last step, once revealed (the lab module writes it).
            <div id=WHY_PANEL></div>
            {move || table_shown.get().then(&table).flatten()}
            {move || cx.bot_ms.get().map(|ms| view! { <p class="bot-time" data-testid="bot-ms" data-ms=ms data-count=move || cx.bot_decisions.get() data-slowest=move || cx.bot_slowest.get()>{format!("The computer decided in {ms} ms.")}</p> })}
            {move || (cx.screen.get() != Screen::Lobby).then(|| view! {
                {move || (!cx.in_lesson() && cx.session.with(|s| s.as_ref().is_some_and(|s| s.seats().has_computer()))).then(|| view! {
                    <p class="switches"><label><input type="checkbox" data-testid="explain" prop:checked=move || cx.explain.get() on:change=move |ev| cx.set_explain(event_target_checked(&ev))/>" Say what the computer expected, after each reveal"</label></p>
                })}
                <EventLog lines=log/>
                // A decided match has nothing left to abandon: its own screen offers what comes next.
                {move || (cx.screen.get() != Screen::Over).then(|| view! {
                    <p class="abandon"><button type="button" class="button subtle" data-testid="abandon" on:click=move |_| if crate::browser::confirm(ABANDON_QUESTION) { cx.abandon() }>{move || format!("Abandon this {}", cx.noun().get())}</button></p>
                })}
            })}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::session::toy_page::toy;

    #[test]
    fn the_hand_off_names_who_has_chosen() {
        let mut s = toy(Seats::people(4));
        assert_eq!(waiting_status(&s, Seat(0), "round"), "Nobody has chosen yet this round.");
        for seat in [Seat(0), Seat(1)] {
            let bid = s.own_view(seat).hand[0];
            s.give(seat, dojo_games::toy::Bid(bid)).unwrap();
        }
        assert_eq!(waiting_status(&s, Seat(2), "round"), "Player 1 and Player 2 have chosen in secret.");
        assert_eq!(waiting_status(&s, Seat(1), "round"), "Player 1 has chosen in secret.");
    }

    #[test]
    fn the_winner_line_names_every_winner_or_the_draw() {
        use dojo_engine::Outcome;
        let names: Vec<String> = ["You", "Computer 2 (Easy)", "Computer 3 (Easy)"].map(String::from).to_vec();
        assert_eq!(winner_line(&Outcome::winner(Seat(0), Seat::all(3)), &names, "game"), "You won the game!");
        assert_eq!(
            winner_line(&Outcome::winners(vec![Seat(1), Seat(2)], Seat::all(3)), &names, "game"),
            "Computer 2 (Easy) and Computer 3 (Easy) won the game!"
        );
        assert_eq!(winner_line(&Outcome::draw(Seat::all(3)), &names, "series"), "The series is a draw.");
        let four: Vec<String> = ["Player 1", "Player 2", "Computer 3 (Easy)", "Computer 4 (Easy)"].map(String::from).to_vec();
        let teams = vec![vec![Seat(0), Seat(1)], vec![Seat(2), Seat(3)]];
        let second_won = Outcome::ranked(vec![teams[1].clone(), teams[0].clone()]).with_teams(teams.clone());
        assert_eq!(winner_line(&second_won, &four, "fight"), "Team 2 (Computer 3 (Easy) and Computer 4 (Easy)) won the fight!");
        assert_eq!(group_name(&second_won, &teams[0], &four), "Team 1 (Player 1 and Player 2)");
        let shared = Outcome::ranked(vec![vec![Seat(0), Seat(2)], vec![Seat(1)], vec![Seat(3)]]);
        assert_eq!(winner_line(&shared, &four, "fight"), "Player 1 and Computer 3 (Easy) won the fight!");
        assert_eq!(group_name(&shared, &[Seat(0), Seat(1), Seat(3)], &four), "Player 1, Player 2 and Computer 4 (Easy)");
    }
}
