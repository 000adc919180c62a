//! The connection page (`/connect`): two devices connect directly, by an invitation and an
//! answer passed by hand, and exchange a line of text; the servers that help them find each
//! other are set here; a fair deal is timed on this device; and the page says plainly what
//! the protocol protects against and what it cannot.

use super::link::{Link, LinkState, Listeners, code_in};
use super::settings::{self, Settings};
use crate::browser;
use leptos::prelude::*;
use std::rc::Rc;

/// Who this device is in the connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Nothing started yet.
    None,
    /// It made the invitation.
    Host,
    /// It opened an invitation.
    Guest,
}

/// 32 random bytes from the browser's cryptographic generator (never the game's own dice).
pub fn secret_bytes() -> [u8; 32] {
    let mut bytes = [0u8; 32];
    if let Some(crypto) = web_sys::window().and_then(|w| w.crypto().ok()) {
        let _ = crypto.get_random_values_with_u8_array(&mut bytes);
    }
    bytes
}

/// What [`time_deal`] measured, in whole milliseconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DealTimes {
    /// The deal of 15 cards and each device reading its five.
    pub deal: u32,
    /// A measure's reshuffle: the 13 cards not held (the eight played, face up; the two shown
    /// out of play and the three left in the deck, still in their locks) dealt again, and each
    /// device reading the four it draws.
    pub reshuffle: u32,
}

/// Times a two-device mental-poker deal of PUNISH's 15 cards, both sides run here, then the
/// reshuffle at the end of a measure; or why it failed.
pub fn time_deal() -> Result<DealTimes, String> {
    use dojo_remote::deal::{Pooled, deal_two, reshuffle_two, reveal};
    let (a, b) = (secret_bytes(), secret_bytes());
    let start = browser::now_ms();
    let (deck, keys) = deal_two("punish", 15, [&a, &b]).map_err(|e| format!("{e:?}"))?;
    let read = |deck: &[dojo_remote::deal::Locked], keys: &[dojo_remote::deal::Keys; 2], each: usize| -> Result<Vec<u16>, String> {
        // Each device reads its cards: the other's key for each, then its own.
        (0..2 * each)
            .map(|k| {
                let pair = [keys[0].card_key(k).unwrap_or_default(), keys[1].card_key(k).unwrap_or_default()];
                reveal("punish", 15, &deck[k], &pair).map_err(|e| format!("{e:?}"))
            })
            .collect()
    };
    let cards = read(&deck, &keys, 5)?;
    let dealt = browser::now_ms();
    // A measure later: each has played four of its five; the rest keep their locks.
    let mut what: Vec<Pooled> = [0, 1, 2, 3, 5, 6, 7, 8].iter().map(|k| Pooled::FaceUp(cards[*k])).collect();
    what.extend((10..15).map(|slot| Pooled::Locked { slot }));
    let (again, new_keys) =
        reshuffle_two("punish", &deck, &what, [&keys[0], &keys[1]], [&secret_bytes(), &secret_bytes()]).map_err(|e| format!("{e:?}"))?;
    read(&again, &new_keys, 4)?;
    let ms = |from: f64, to: f64| (to - from).max(0.0).round() as u32;
    Ok(DealTimes { deal: ms(start, dealt), reshuffle: ms(dealt, browser::now_ms()) })
}

/// Cards in FUSION's Deck, as the devices would deal them: two packs and the four Jokers.
pub const BIG_DECK: u16 = 108;

/// Times a mental-poker deal of [`BIG_DECK`] cards among `devices` devices, every device's part
/// run here one after another as the devices would run them in turn: every shuffle and relock,
/// then each device reading a Stash of three (every other device's key for each card, then its
/// own) and one card turned face up for all. Whole milliseconds, or why it failed.
pub fn time_big_deal(devices: usize) -> Result<u32, String> {
    use dojo_remote::deal::{deal_among, reveal};
    let secrets: Vec<[u8; 32]> = (0..devices).map(|_| secret_bytes()).collect();
    let refs: Vec<&[u8; 32]> = secrets.iter().collect();
    let start = browser::now_ms();
    let (deck, keys) = deal_among("fusion", BIG_DECK, &refs).map_err(|e| format!("{e:?}"))?;
    let read = |k: usize| -> Result<u16, String> {
        let every: Vec<[u8; 32]> = keys.iter().map(|key| key.card_key(k).unwrap_or_default()).collect();
        reveal("fusion", BIG_DECK, &deck[k], &every).map_err(|e| format!("{e:?}"))
    };
    for k in 0..3 * devices + 1 {
        read(k)?;
    }
    Ok((browser::now_ms() - start).max(0.0).round() as u32)
}

/// A QR code of `text`, or nothing when it is too long for one.
pub(crate) fn qr_view(text: String, label: &'static str) -> impl IntoView {
    super::qr::svg_path(&text).map(|(size, path)| {
        view! {
            <svg class="qr" viewBox=format!("0 0 {size} {size}") width="200" height="200" role="img" aria-label=label data-testid="qr">
                <rect width="100%" height="100%" fill="#fff"></rect>
                <path d=path fill="#000"></path>
            </svg>
        }
    })
}

/// The page.
#[component]
pub fn ConnectPage() -> impl IntoView {
    let settings = RwSignal::new(Settings::read(browser::load(settings::KEY).as_deref()));
    let role = RwSignal::new(Role::None);
    let invite = RwSignal::new(None::<String>);
    let answer = RwSignal::new(None::<String>);
    let pasted = RwSignal::new(String::new());
    let state = RwSignal::new(None::<LinkState>);
    let error = RwSignal::new(None::<String>);
    let heard = RwSignal::new(Vec::<String>::new());
    let line = RwSignal::new(String::new());
    let connect_ms = RwSignal::new(None::<u32>);
    let deal_ms = RwSignal::new(None::<Result<DealTimes, String>>);
    let big_deal_ms = RwSignal::new(None::<Result<(u32, u32), String>>);
    let big_deal_runs = RwSignal::new(0u32);
    let busy = RwSignal::new(false);
    let link: StoredValue<Option<Rc<Link>>, LocalStorage> = StoredValue::new_local(None);
    let started = StoredValue::new(0.0f64);

    let listeners = move || Listeners {
        state: Rc::new(move |s: LinkState| {
            if s == LinkState::Open && connect_ms.get_untracked().is_none() {
                connect_ms.set(Some((browser::now_ms() - started.get_value()).max(0.0).round() as u32));
            }
            // A loss after the channel opened is reported once, at once.
            if !matches!(state.get_untracked(), Some(LinkState::Lost(_))) {
                state.set(Some(s));
            }
        }),
        message: Rc::new(move |text: String| heard.update(|h| h.push(format!("Them: {text}")))),
    };

    let make_invitation = move |_| {
        error.set(None);
        busy.set(true);
        role.set(Role::Host);
        wasm_bindgen_futures::spawn_local(async move {
            match Link::invite(&settings.get_untracked(), listeners()).await {
                Ok((l, code)) => {
                    link.set_value(Some(Rc::new(l)));
                    invite.set(Some(code));
                    state.set(Some(LinkState::Waiting));
                }
                Err(e) => error.set(Some(format!("No invitation could be made: {e}"))),
            }
            busy.set(false);
        });
    };

    let take_answer = move |_| {
        let code = code_in(&pasted.get_untracked());
        let Some(l) = link.get_value() else { return };
        error.set(None);
        started.set_value(browser::now_ms());
        wasm_bindgen_futures::spawn_local(async move {
            if let Err(e) = l.accept(&code).await {
                error.set(Some(e));
            }
        });
    };

    // A guest answers an invitation: from the address it arrived by, or pasted.
    let answer_invitation = move |code: String| {
        error.set(None);
        role.set(Role::Guest);
        busy.set(true);
        started.set_value(browser::now_ms());
        wasm_bindgen_futures::spawn_local(async move {
            match Link::answer(&settings.get_untracked(), &code, listeners()).await {
                Ok((l, code)) => {
                    link.set_value(Some(Rc::new(l)));
                    answer.set(Some(code));
                    if state.get_untracked().is_none() {
                        state.set(Some(LinkState::Waiting));
                    }
                }
                Err(e) => {
                    error.set(Some(e));
                    role.set(Role::None);
                }
            }
            busy.set(false);
        });
    };
    if let Some(code) = browser::hash().strip_prefix("join=").map(code_in) {
        answer_invitation(code);
    }
    let invitation_pasted = RwSignal::new(String::new());

    let send_line = move || {
        let text = line.get_untracked();
        if text.trim().is_empty() {
            return;
        }
        match link.get_value().map(|l| l.send(&text)) {
            Some(Ok(())) => {
                heard.update(|h| h.push(format!("You: {text}")));
                line.set(String::new());
            }
            Some(Err(e)) => error.set(Some(format!("Not sent: {e}"))),
            None => error.set(Some("Not sent: connect first".into())),
        }
    };

    let invite_link = move || invite.get().map(|c| format!("{}/connect#join={c}", browser::origin()));
    let status = move || match state.get() {
        None => ("idle", "Not connected.".to_string()),
        Some(LinkState::Waiting) if role.get() == Role::Host => ("waiting", "Waiting for your friend's answer.".to_string()),
        Some(LinkState::Waiting) => ("waiting", "Waiting for your friend to paste your answer.".to_string()),
        Some(LinkState::Open) => ("connected", "Connected directly to the other device.".to_string()),
        Some(LinkState::Lost(why)) => ("lost", format!("Connection lost: {why}. Make a new invitation to connect again.")),
    };

    view! {
        <main class="connect-page">
            <h1>"Connect to a friend's device"</h1>
            <p>"Two browsers can talk directly, with no game server in between. One of you makes an invitation; the other opens it and sends back an answer; pasting the answer connects you. This page checks that your two devices can connect, before playing on them."</p>
            <p class="status" role="status" aria-live="polite" data-testid="link-status" data-state=move || status().0>{move || status().1}</p>
            {move || connect_ms.get().map(|ms| view! { <p data-testid="connect-ms" data-ms=ms.to_string()>{format!("Connected {ms} ms after the answer was taken.")}</p> })}
            {move || error.get().map(|e| view! { <p class="error" role="alert" data-testid="link-error">{e}</p> })}
            <Show when=move || role.get() == Role::None>
                <button class="primary" data-testid="make-invitation" on:click=make_invitation>"Make an invitation"</button>
                <form class="paste-invitation" on:submit=move |e| { e.prevent_default(); answer_invitation(code_in(&invitation_pasted.get_untracked())); }>
                    <label>"Or paste an invitation you were sent"
                        <textarea data-testid="invitation-input" rows="2" prop:value=move || invitation_pasted.get() on:input=move |e| invitation_pasted.set(event_target_value(&e))></textarea>
                    </label>
                    <button data-testid="invitation-answer" type="submit">"Answer it"</button>
                </form>
            </Show>
            <Show when=move || busy.get()>
                <p class="progress"><span class="spinner" aria-hidden="true"></span>"Finding this device's addresses (up to three seconds)…"</p>
            </Show>
            {move || invite_link().map(|url| {
                let copy_url = url.clone();
                view! {
                    <section class="invitation">
                        <h2>"1. Send this invitation"</h2>
                        <p>"Send the link, or let your friend scan the code. It holds only what the browsers need to find each other."</p>
                        <input readonly class="code" data-testid="invite-link" prop:value=url.clone() aria-label="Invitation link" data-length=url.len().to_string()/>
                        <button on:click=move |_| { browser::copy_text(&copy_url); }>"Copy the link"</button>
                        {qr_view(url, "QR code of the invitation link")}
                        <h2>"2. Paste your friend's answer"</h2>
                        <textarea data-testid="answer-input" aria-label="Your friend's answer" rows="3" prop:value=move || pasted.get() on:input=move |e| pasted.set(event_target_value(&e))></textarea>
                        <button class="primary" data-testid="answer-connect" on:click=take_answer>"Connect"</button>
                    </section>
                }
            })}
            {move || answer.get().map(|code| {
                let copy_code = code.clone();
                view! {
                    <section class="answer">
                        <h2>"Send this answer back"</h2>
                        <p>"Send this code to the friend who invited you (by message, or let them scan it); when they paste it you are connected."</p>
                        <textarea readonly class="code" data-testid="answer-text" rows="3" aria-label="Your answer" data-length=code.len().to_string() prop:value=code.clone()></textarea>
                        <button on:click=move |_| { browser::copy_text(&copy_code); }>"Copy the answer"</button>
                        {qr_view(code, "QR code of the answer")}
                    </section>
                }
            })}
            <Show when=move || state.get() == Some(LinkState::Open)>
                <section class="say">
                    <h2>"Say hello"</h2>
                    <form on:submit=move |e| { e.prevent_default(); send_line(); }>
                        <input data-testid="say-input" aria-label="A line to send" prop:value=move || line.get() on:input=move |e| line.set(event_target_value(&e))/>
                        <button data-testid="say-send" type="submit">"Send"</button>
                    </form>
                    <ul data-testid="said">{move || heard.get().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                </section>
            </Show>
            <SettingsForm settings=settings/>
            <section class="deal-check">
                <h2>"How long a fair deal takes here"</h2>
                <p>"When a game deals cards that only their holder may see, two devices deal them together, each locking every card so neither can read the other's hand. These buttons time such a deal on this device: PUNISH's 15 cards between two devices, and FUSION's 108 between two and among five."</p>
                <button data-testid="time-deal" on:click=move |_| deal_ms.set(Some(time_deal()))>"Time a deal of 15 cards"</button>
                <button data-testid="time-big-deal" on:click=move |_| {
                    big_deal_runs.update(|n| *n += 1);
                    big_deal_ms.set(Some(time_big_deal(2).and_then(|two| time_big_deal(5).map(|five| (two, five)))));
                }>"Time a deal of 108 cards"</button>
                {move || big_deal_ms.get().map(|r| match r {
                    Ok((two, five)) => view! { <p data-testid="big-deal-ms" data-run=big_deal_runs.get_untracked().to_string() data-two-ms=two.to_string() data-five-ms=five.to_string()>{format!("A deal of FUSION's {BIG_DECK} cards, with each device reading a Stash of three, took {two} ms between two devices and {five} ms among five (every device's share of the work run here in turn).")}</p> }.into_any(),
                    Err(e) => view! { <p class="error" role="alert">{format!("The deal failed: {e}")}</p> }.into_any(),
                })}
                {move || deal_ms.get().map(|r| match r {
                    Ok(t) => view! { <p data-testid="deal-ms" data-ms=t.deal.to_string() data-reshuffle-ms=t.reshuffle.to_string()>{format!("A deal of 15 cards took {} ms on this device, and dealing 13 of them again at the end of a measure {} ms.", t.deal, t.reshuffle)}</p> }.into_any(),
                    Err(e) => view! { <p class="error" role="alert">{format!("The deal failed: {e}")}</p> }.into_any(),
                })}
            </section>
            <ThreatModel/>
        </main>
    }
}

/// The STUN and TURN settings, saved on this device.
#[component]
fn SettingsForm(settings: RwSignal<Settings>) -> impl IntoView {
    let stun = RwSignal::new(settings.get_untracked().stun.join("\n"));
    let turn = RwSignal::new(settings.get_untracked().turn);
    let user = RwSignal::new(settings.get_untracked().turn_user);
    let password = RwSignal::new(settings.get_untracked().turn_password);
    let said = RwSignal::new(None::<Result<String, String>>);
    let save = move |_| {
        let parsed = Settings::parse_stun(&stun.get_untracked()).and_then(|stun| {
            let s = Settings {
                stun,
                turn: turn.get_untracked().trim().to_string(),
                turn_user: user.get_untracked(),
                turn_password: password.get_untracked(),
            };
            s.check_turn().map(|()| s)
        });
        said.set(Some(match parsed {
            Ok(s) if browser::store(settings::KEY, &dojo_engine::json::to_string(&s).unwrap_or_default()) => {
                settings.set(s);
                Ok("Saved on this device. They apply to the next invitation or answer.".into())
            }
            Ok(_) => Err("This browser would not let us save the settings.".into()),
            Err(e) => Err(e),
        }));
    };
    view! {
        <details class="connection-settings">
            <summary>"Connection settings"</summary>
            <p>"A STUN server only tells each device its own public address, so devices on different networks can find each other; "{settings::DEFAULT_STUN}" is used unless you list others. If you still cannot connect (some office, school and mobile networks block direct connections), add a TURN server, which relays your game's messages (never readable by it: they are encrypted end to end)."</p>
            <label>"STUN servers, one per line"<textarea data-testid="stun-servers" rows="2" prop:value=move || stun.get() on:input=move |e| stun.set(event_target_value(&e))></textarea></label>
            <label>"TURN server (optional)"<input placeholder="turn:turn.example.org:3478" prop:value=move || turn.get() on:input=move |e| turn.set(event_target_value(&e))/></label>
            <label>"TURN user name"<input prop:value=move || user.get() on:input=move |e| user.set(event_target_value(&e))/></label>
            <label>"TURN password"<input type="password" data-testid="turn-password" prop:value=move || password.get() on:input=move |e| password.set(event_target_value(&e))/></label>
            <p class="hint" data-testid="turn-password-note">"Saved settings are kept in this browser's storage as typed, the password too: anyone using this browser can read them. Use a TURN account that serves only this."</p>
            <button data-testid="save-settings" on:click=save>"Save settings"</button>
            {move || said.get().map(|r| match r {
                Ok(t) => view! { <p role="status" data-testid="settings-said">{t}</p> }.into_any(),
                Err(e) => view! { <p class="error" role="alert" data-testid="settings-said">{e}</p> }.into_any(),
            })}
        </details>
    }
}

/// What playing between devices protects against, and what it cannot.
#[component]
fn ThreatModel() -> impl IntoView {
    view! {
        <section class="threat-model" id="threat-model">
            <h2>"What a fair game between devices protects"</h2>
            <p>"Each device runs the rules itself, so there is no referee to trust. Every secret choice is first sent as a SHA-256 fingerprint of the choice and 256 random bits, and shown only after every player has sent theirs: a program cannot see your pick before committing its own, and cannot change its pick afterwards without the fingerprint giving it away. A card laid face down (a TAUNT combo card, a Monsters build, a DRAGON PUNCH Custom hand, a PUNISH Blindfolded plan) stays on your device until the rules turn it over: the other devices see only what the table shows of it (that a card was laid, or a hand picked). One exception: when both fighters lay TAUNT combos, your device judges on a table where the other's face-down cards are guesses, and may show a combo card of yours a turn before it acts. A Rumble bid sheet reaches the other devices' programs once every hero has sealed theirs, losing bids included (the pages show only who won what, and for how much): each device works the auction out from every sheet, and nobody can bid in answer to another's. After every step the devices compare a fingerprint of the table and stop, naming the step, if they differ; a message sent twice, out of order, or for a seat its device does not play stops the match too, and so does one a friend's device sends in another device's name (the host knows which connection each message came on), naming the device that sent it. What a modified program can still do: see everything your own screen could (the table, the log), leave the game or stall it, take longer than a Turbo count allows (each device times only its own player), and with three or more devices the host, which relays messages, could drop or alter what it passes on between two guests (it still cannot read a pick before committing its own, and the table fingerprints expose an altered choice). Cards dealt from a shared deck are locked by both devices; a program that cheats in that deal is caught only when the match ends and every lock is opened."</p>
            <p data-testid="threat-rumble">"Rumble between devices: every device works the auction out itself, so once every hero has sent a sealed sheet, each device's program holds every bid sheet (the pages show only who won what). Alternate Universe's draw comes from random bits each device seals at the start and opens only once the step that settles the auction is fixed, so no device knows or picks it while a bid can still change (a program can still leave once it has seen it). There is no moderator, so no typed-in powers."</p>
            <p data-testid="threat-punish">"PUNISH between devices: the two devices deal the cards themselves. Each card is locked by both, so your hand opens only on your device; a card you play is opened to your friend's device just before your pick is shown, the deck's top card for a Feint and the cards out of play to both, and at the end of a measure the cards not in hands are shuffled again by both. Your friend's device plays its copy with your unseen cards filled in at random, which shows it exactly what it may see. When the match ends both devices show every key, each checks every shuffle and that the match plays the same from the true cards, and a deal or a key that lied is named. Blindfolded, your plan stays on your device, sealed by its commitments, until the measure's breaths are revealed; your friend's device only learns which of your breaths stay empty after a Punish, as across a table."</p>
        </section>
    }
}
