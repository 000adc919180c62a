//! What each seat sees of a FUSION table ([`FusionView`]): the table itself with every card the
//! observer may not see taken off it, and how many there were. Dealing those cards again
//! ([`deal`]) gives the positions the computer reasons over and a shared device resumes from.

use super::cards::Card;
use super::deck::DeckCard;
use super::state::Fusion;
use super::throwdown::Committed;
use dojo_engine::{Observer, Rng, Seat};
use serde::{Deserialize, Serialize};

/// What one observer sees.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FusionView {
    /// Whose view this is.
    pub observer: Observer,
    /// The table with the hidden cards taken off: the Deck's order, other Stashes, face-down
    /// cards, and the seed of later shuffles.
    pub table: Fusion,
    /// What was taken off.
    pub hidden: Hidden,
}

/// The cards a view leaves out, by place.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Hidden {
    /// Ordinary cards in the Deck.
    pub deck_cards: u16,
    /// Jokers in the Deck (face up, so their number is known; never on top).
    pub deck_jokers: u8,
    /// Per seat: cards of its Stash not shown.
    pub stashes: Vec<u8>,
    /// Per seat: cards received by an Assist not shown.
    pub received: Vec<u8>,
    /// Per seat: cards of its folded Stash not shown.
    pub folded: Vec<u8>,
    /// Face-down cards laid for the initiative: their place in the order laid, their seat, and
    /// the card when another source knows it.
    pub laid: Vec<(u8, u8, Option<Card>)>,
    /// The Gambit's Threshold is face down.
    pub threshold: bool,
}

impl FusionView {
    /// The seat whose view this is, if any.
    pub fn seat(&self) -> Option<Seat> {
        self.observer.seat()
    }
}

/// What `observer` sees of `state`.
pub fn mask(state: &Fusion, observer: Observer) -> FusionView {
    let mut table = state.clone();
    let seats = usize::from(state.seats());
    let mut hidden = Hidden {
        deck_cards: state.deck.cards_left() as u16,
        deck_jokers: state.deck.jokers_in_deck(),
        stashes: vec![0; seats],
        received: vec![0; seats],
        folded: vec![0; seats],
        laid: Vec::new(),
        threshold: false,
    };
    table.rng = Rng::new(0);
    table.deck = state.deck.masked();
    let coach = state.coach();
    for s in 0..seats {
        if observer.is(Seat(s as u8)) {
            continue;
        }
        hidden.stashes[s] = table.stashes[s].len() as u8;
        table.stashes[s].clear();
        if let Some(fight) = &mut table.fight {
            hidden.received[s] = fight.received[s].len() as u8;
            fight.received[s].clear();
            hidden.folded[s] = fight.folded_stash[s].len() as u8;
            fight.folded_stash[s].clear();
        }
    }
    if let Some(fight) = &mut table.fight {
        let blind = fight.blind;
        let mut shown = Vec::new();
        for (i, laid) in fight.laid.iter().enumerate() {
            if observer.is(Seat(laid.seat)) && !(blind && laid.seat == coach) {
                shown.push(*laid);
            } else {
                hidden.laid.push((i as u8, laid.seat, None));
            }
        }
        fight.laid = shown;
    }
    if let Some(gambit) = &mut table.gambit
        && gambit.card.is_none()
        && gambit.threshold.is_some()
    {
        gambit.threshold = None;
        hidden.threshold = true;
    }
    FusionView { observer, table, hidden }
}

/// The 104 ordinary cards of the two packs.
fn full_deck() -> Vec<Card> {
    Card::pack().chain(Card::pack()).collect()
}

/// Every card on `table` (ordinary cards only), wherever it lies.
fn cards_on(table: &Fusion) -> Vec<Card> {
    let mut out: Vec<Card> = table.stashes.iter().flatten().copied().collect();
    out.extend(table.deck.trash_pile());
    out.extend(table.deck.order().iter().filter_map(|c| match c {
        DeckCard::Card(card) => Some(*card),
        DeckCard::Joker => None,
    }));
    if let Some(g) = table.gambit.as_ref().filter(|g| !g.trashed) {
        out.extend(g.threshold.iter().chain(&g.card));
    }
    if let Some(f) = &table.fight {
        out.extend(f.received.iter().flatten());
        out.extend(f.folded_stash.iter().flatten());
        out.extend(f.laid.iter().map(|c| c.card));
        out.extend(f.pile.cards());
        out.extend(&f.spoils);
    }
    out
}

/// Removes one copy of each of `cards` from `pool`; false if one is missing.
fn remove_each(pool: &mut Vec<Card>, cards: impl IntoIterator<Item = Card>) -> bool {
    let mut ok = true;
    for card in cards {
        match pool.iter().position(|c| *c == card) {
            Some(i) => {
                pool.swap_remove(i);
            }
            None => ok = false,
        }
    }
    ok
}

/// Deals the cards `hidden` says are missing from `table` at random from those nobody shows,
/// with a fresh seed for later shuffles. `None` when the counts do not add up (a broken view).
pub fn deal(mut table: Fusion, hidden: &Hidden, rng: &mut Rng) -> Option<Fusion> {
    let mut pool = full_deck();
    let known_laid = hidden.laid.iter().filter_map(|(_, _, c)| *c);
    if !remove_each(&mut pool, cards_on(&table).into_iter().chain(known_laid)) {
        return None;
    }
    let wanted = usize::from(hidden.deck_cards)
        + hidden.stashes.iter().chain(&hidden.received).chain(&hidden.folded).map(|n| usize::from(*n)).sum::<usize>()
        + hidden.laid.iter().filter(|(_, _, c)| c.is_none()).count()
        + usize::from(hidden.threshold);
    if pool.len() != wanted || hidden.stashes.len() != usize::from(table.seats()) {
        return None;
    }
    rng.shuffle(&mut pool);
    let mut next = || pool.pop().expect("counted");
    for s in 0..usize::from(table.seats()) {
        for _ in 0..hidden.stashes[s] {
            table.stashes[s].push(next());
        }
        dojo_engine::sorting::sort(&mut table.stashes[s]);
        if let Some(fight) = &mut table.fight {
            for _ in 0..hidden.received[s] {
                fight.received[s].push(next());
            }
            dojo_engine::sorting::sort(&mut fight.received[s]);
            for _ in 0..hidden.folded[s] {
                fight.folded_stash[s].push(next());
            }
            dojo_engine::sorting::sort(&mut fight.folded_stash[s]);
        }
    }
    if let Some(fight) = &mut table.fight {
        for (at, seat, card) in &hidden.laid {
            let card = card.unwrap_or_else(&mut next);
            let at = usize::from(*at).min(fight.laid.len());
            fight.laid.insert(at, Committed { seat: *seat, card });
        }
    } else if !hidden.laid.is_empty() {
        return None;
    }
    if hidden.threshold {
        let gambit = table.gambit.as_mut()?;
        gambit.threshold = Some(next());
    }
    let mut order: Vec<DeckCard> = (0..hidden.deck_cards).map(|_| DeckCard::Card(next())).collect();
    for _ in 0..hidden.deck_jokers {
        if order.is_empty() {
            return None;
        }
        let at = rng.below(order.len());
        order.insert(at, DeckCard::Joker);
    }
    table.deck = table.deck.with_order(order);
    table.rng = Rng::new(rng.next_u64());
    Some(table)
}

/// A position consistent with `view`, the cards it does not show dealt at random.
pub fn determinize(view: &FusionView, rng: &mut Rng) -> Fusion {
    deal(view.table.clone(), &view.hidden, rng).unwrap_or_else(|| view.table.clone())
}

/// A position consistent with every seat's view at once (`views[i]` is seat `i`'s): each
/// seat's own cards from its view, and what no seat sees dealt at random.
pub fn determinize_table(views: &[FusionView], rng: &mut Rng) -> Option<Fusion> {
    let first = views.first()?;
    let mut table = first.table.clone();
    let mut hidden = first.hidden.clone();
    if views.len() != usize::from(table.seats()) {
        return None;
    }
    for (i, view) in views.iter().enumerate() {
        if view.observer != Observer::Seat(Seat(i as u8)) {
            return None;
        }
        if i == 0 {
            continue;
        }
        table.stashes[i] = view.table.stashes.get(i)?.clone();
        hidden.stashes[i] = 0;
        if let (Some(fight), Some(theirs)) = (&mut table.fight, &view.table.fight) {
            fight.received[i] = theirs.received.get(i)?.clone();
            fight.folded_stash[i] = theirs.folded_stash.get(i)?.clone();
            hidden.received[i] = 0;
            hidden.folded[i] = 0;
            if let Some(own) = theirs.laid.iter().find(|c| usize::from(c.seat) == i) {
                for entry in hidden.laid.iter_mut().filter(|(_, seat, _)| usize::from(*seat) == i) {
                    entry.2 = Some(own.card);
                }
            }
        }
    }
    let state = deal(table, &hidden, rng)?;
    let shows_each = views.iter().all(|v| mask(&state, v.observer) == *v);
    shows_each.then_some(state)
}

/// The same position with what `observer` cannot see dealt again.
pub fn resample_hidden(state: &Fusion, observer: Observer, rng: &mut Rng) -> Fusion {
    determinize(&mask(state, observer), rng)
}

/// Checks a view kept in a save before a position is dealt from it: the observer, every
/// per-seat list the right length, every seat, pilot and Threat it names at the table, and the
/// hidden cards adding up. What is wrong, in words.
pub fn check(view: &FusionView, person: Seat) -> Result<(), String> {
    let t = &view.table;
    let seats = usize::from(t.seats());
    if view.observer != Observer::Seat(person) || person.index() >= seats {
        return Err("it is not the view of your seat".into());
    }
    let pilots = t.standing.pilots.len();
    let per_seat = |n: usize| n == seats;
    if !(2..=5).contains(&seats)
        || pilots + 1 != seats
        || t.standing.full.len() != pilots
        || !per_seat(t.stashes.len())
        || !per_seat(view.hidden.stashes.len())
        || !per_seat(view.hidden.received.len())
        || !per_seat(view.hidden.folded.len())
        || t.threat_buffers.len() != t.standing.threats.len()
    {
        return Err("its table has the wrong number of seats".into());
    }
    let seat_ok = |s: u8| usize::from(s) < seats;
    let threat_ok = |i: u8| usize::from(i) < t.standing.threats.len();
    let conflicts_ok = t.conflicts.iter().all(|c| match c {
        super::setup::Conflict::Gambit { pilot, .. } => usize::from(*pilot) < pilots,
        super::setup::Conflict::Throwdown { challenger, threats, .. } => seat_ok(*challenger) && threats.iter().all(|i| threat_ok(*i)),
    });
    let phase_ok = match t.phase {
        super::state::Phase::Joining(s) | super::state::Phase::Turn(s) => seat_ok(s),
        super::state::Phase::Discarding(p) => usize::from(p) < pilots,
        super::state::Phase::Over => true,
        _ => usize::from(t.current) < t.conflicts.len(),
    };
    let target_ok = |x: &super::micro::Target| match x {
        super::micro::Target::Pilot(p) => usize::from(*p) < pilots,
        super::micro::Target::Threat(i) => threat_ok(*i),
        _ => true,
    };
    let gambit_ok = t.gambit.as_ref().is_none_or(|g| usize::from(g.pilot) < pilots);
    let fight_ok = t.fight.as_ref().is_none_or(|f| {
        per_seat(f.parts.len())
            && per_seat(f.folded.len())
            && per_seat(f.folded_stash.len())
            && per_seat(f.received.len())
            && per_seat(f.assisted.len())
            && per_seat(f.strike.len())
            && per_seat(f.activated.len())
            && seat_ok(f.challenger)
            && f.threats.iter().all(|i| threat_ok(*i))
            && f.laid.iter().chain(&f.stack).chain(&f.pile.face_up).all(|c| seat_ok(c.seat))
            && view.hidden.laid.iter().all(|(_, s, _)| seat_ok(*s))
    });
    if !conflicts_ok
        || !phase_ok
        || !gambit_ok
        || !fight_ok
        || !t.hits.iter().all(|h| h.target.as_ref().is_none_or(target_ok))
        || !t.refill.iter().all(|p| usize::from(*p) < pilots)
    {
        return Err("it names a seat, pilot or Threat that is not at the table".into());
    }
    if deal(t.clone(), &view.hidden, &mut Rng::new(0)).is_none() {
        return Err("its cards do not add up to two packs".into());
    }
    Ok(())
}
