//! Whole matches between two [`Side`]s, driven as a play page drives one: a person chooses
//! when the page hears that the match started or a step was agreed, and the page shows the
//! match by replaying the joint actions it is told. Then a message forged on the wire.

use dojo_engine::{Game, GameRecord, Observer, Rng, Seat, acting_seats};
use dojo_games::registry::{Sampled, Table};
use dojo_remote::commit::Salt;
use dojo_remote::protocol::{Body, Message};
use dojo_remote::side::{Out, Side, Told};
use std::collections::VecDeque;

fn salt(rng: &mut Rng) -> Salt {
    let mut salt = [0u8; 32];
    for chunk in salt.chunks_mut(8) {
        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    Salt(salt)
}

/// What the page of device `d` does with `out`: sends its messages, and chooses for its seats
/// when told a step was agreed (or the match started). Returns the reason if told of a stop.
struct Page<G: Game> {
    setup: Option<G::Setup>,
    shown: Option<G>,
    stopped: Option<String>,
    rng: Rng,
    /// Steps shown when this page last chose: once per step.
    chose_at: Option<usize>,
    steps: usize,
}

fn handle<G: Game>(d: u8, side: &mut Side<G>, page: &mut Page<G>, out: Out<G>, wire: &mut VecDeque<(u8, String)>) {
    let mut pending = vec![out];
    while let Some(out) = pending.pop() {
        for m in out.send {
            wire.push_back((1 - d, serde_json::to_string(&m).unwrap()));
        }
        for told in out.told {
            match told {
                Told::Started { setup, owners, me } => {
                    assert_eq!((owners, me), (vec![0, 1], d));
                    page.shown = Some(G::from_setup(&setup).unwrap());
                    page.setup = Some(setup);
                }
                Told::Agreed { joints, .. } => {
                    page.steps = joints.len();
                    let record = GameRecord::<G> { actions: joints, ..GameRecord::new(page.setup.clone().unwrap()) };
                    page.shown = Some(record.replay().unwrap());
                    let mine = page.shown.as_ref().unwrap().view(Observer::Seat(Seat(d)));
                    assert_eq!(mine, side.state().unwrap().view(Observer::Seat(Seat(d))), "the page shows what the side holds");
                }
                Told::Stopped(reason) => page.stopped = Some(reason),
            }
            let state = page.shown.clone().unwrap();
            if state.outcome().is_none()
                && acting_seats(&state).contains(&Seat(d))
                && page.stopped.is_none()
                && page.chose_at != Some(page.steps)
            {
                page.chose_at = Some(page.steps);
                let legal = state.legal_actions(Seat(d));
                let action = legal[page.rng.below(legal.len())].clone();
                let salt = salt(&mut page.rng);
                pending.push(side.choose(d, action, salt));
            }
        }
    }
}

/// Plays a match of `setup` between two sides, device `d` playing seat `d`; `forge` changes
/// the choice of the first reveal device 1 sends at or after that step. Returns both pages.
fn play<G: Game>(setup: &G::Setup, seed: u64, forge: Option<u32>) -> [Page<G>; 2] {
    let page = |d: u64| Page::<G> { setup: None, shown: None, stopped: None, rng: Rng::new(seed * 7 + d), chose_at: None, steps: 0 };
    let mut pages = [page(0), page(1)];
    let (host, out) = Side::<G>::host(setup, vec![0, 1], 2, format!("table-{seed}")).unwrap();
    let mut sides = [host, Side::<G>::guest(1, 2)];
    pages[0].setup = Some(setup.clone());
    pages[0].shown = Some(G::from_setup(setup).unwrap());
    let mut wire = VecDeque::new();
    // The host's person chooses first, as on its page.
    handle(0, &mut sides[0], &mut pages[0], out, &mut wire);
    let state = pages[0].shown.clone().unwrap();
    if acting_seats(&state).contains(&Seat(0)) {
        pages[0].chose_at = Some(0);
        let legal = state.legal_actions(Seat(0));
        let out = sides[0].choose(0, legal[0].clone(), Salt([9; 32]));
        handle(0, &mut sides[0], &mut pages[0], out, &mut wire);
    }
    let mut forged = false;
    let mut delivered = 0;
    while let Some((to, mut text)) = wire.pop_front() {
        delivered += 1;
        assert!(delivered < 100_000, "the match ends");
        if let Some(at) = forge
            && to == 0
            && !forged
        {
            let mut m: Message = serde_json::from_str(&text).unwrap();
            if let Body::Reveal { step, choice, .. } = &mut m.body
                && *step >= at
            {
                choice.push(' ');
                forged = true;
                text = serde_json::to_string(&m).unwrap();
            }
        }
        let out = sides[usize::from(to)].receive(&text);
        handle(to, &mut sides[usize::from(to)], &mut pages[usize::from(to)], out, &mut wire);
    }
    pages
}

fn setup<G: Sampled>(seed: u64, mode: Option<&str>) -> G::Setup {
    G::seeded_setup(seed, Table { seats: 2, mode }).unwrap()
}

fn finished<G: Game>(pages: &[Page<G>; 2], what: &str) {
    for (d, page) in pages.iter().enumerate() {
        assert_eq!(page.stopped, None, "{what}: device {d}");
        let shown = page.shown.as_ref().unwrap();
        assert!(shown.outcome().is_some(), "device {d} shows the end");
    }
    let [a, b] = pages;
    assert_eq!(a.shown, b.shown, "at the end every choice is shown and both pages show the same match");
}

#[test]
fn two_pages_play_every_open_two_seat_table_to_the_end() {
    use dojo_games::{dragon_punch::DragonPunch, taunt::Taunt};
    for seed in 1..=4 {
        finished(&play::<Taunt>(&setup::<Taunt>(seed, Some("duel")), seed, None), &format!("TAUNT duel {seed}"));
        finished(&play::<Taunt>(&setup::<Taunt>(seed, Some("monsters")), seed, None), &format!("TAUNT monsters {seed}"));
        for mode in [None, Some("tag-team"), Some("custom")] {
            let pages = play::<DragonPunch>(&setup::<DragonPunch>(seed, mode), seed, None);
            finished(&pages, &format!("DRAGON PUNCH {mode:?} {seed}"));
        }
    }
}

#[test]
fn a_forged_reveal_stops_both_pages_with_its_reason() {
    let pages = play::<dojo_games::taunt::Taunt>(&setup::<dojo_games::taunt::Taunt>(3, Some("duel")), 3, Some(2));
    let host = pages[0].stopped.clone().expect("the host stops");
    assert!(host.contains("does not match") || host.contains("forged") || host.contains("commit"), "{host}");
    let guest = pages[1].stopped.clone().expect("the guest hears it");
    assert!(guest.starts_with("device 1 stopped the match: "), "{guest}");
}
