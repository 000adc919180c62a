//! How a FUSION conflict moves on: the cards coming off the Deck, the Gambit's and the
//! Throwdown's steps, damage landing, drop and draw, and the next conflict of the evening.
//! Every function here assumes the action was checked ([`super::rules`]).

use super::action::Action;
use super::cards::{Card, Suit, difference};
use super::event::Event;
use super::gambit::{Consequence, Outcome};
use super::micro::{Choices, Commitment, Happened, Micro, Target};
use super::payload::{Buy, harm, sorted_spoils};
use super::setup::Conflict;
use super::state::{Fight, Fusion, GambitCards, Hit, Phase, Used};
use super::throwdown::{Committed, Part, Pile, initiative_overreach, initiative_stack, next_seat};
use dojo_engine::Seat;

impl Fusion {
    // ----- cards off the Deck -----

    /// Every pilot gains a Charge per Joker that reached the top (notes `#jokers`).
    pub(super) fn jokers(&mut self, count: u8, events: &mut Vec<Event>) {
        events.push(Event::Jokers { count });
        for _ in 0..count {
            for p in 0..self.pilots {
                let happened = self.standing.fire(&Micro::Chargeup(1), Target::Pilot(p), Choices::default());
                events.extend(happened.into_iter().filter(|h| *h != Happened::NoEffect).map(Event::Happened));
            }
        }
    }

    /// The Deck's top card (reshuffling the Trash in when needed), or `None` when both are empty.
    pub(super) fn take(&mut self, events: &mut Vec<Event>) -> Option<Card> {
        let restock = self.deck.next_restock();
        let taken = self.deck.take(&mut self.rng);
        if let Some((cards, jokers)) = restock.filter(|_| taken.reshuffled) {
            events.push(Event::Reshuffled { cards, jokers });
        }
        if taken.jokers > 0 {
            self.jokers(taken.jokers, events);
        }
        taken.card
    }

    /// Whether a card can still come off the Deck (from it, or from the Trash shuffled in).
    pub(super) fn cards_to_take(&self) -> usize {
        self.deck.cards_left() + self.deck.trash_pile().len()
    }

    /// `seat` draws up to `n` cards into its Stash.
    pub(super) fn draw(&mut self, seat: u8, n: usize, events: &mut Vec<Event>) {
        let mut cards = Vec::new();
        let mut jokers = 0;
        for _ in 0..n {
            let restock = self.deck.next_restock();
            let taken = self.deck.take(&mut self.rng);
            if let Some((cards, jokers)) = restock.filter(|_| taken.reshuffled) {
                events.push(Event::Reshuffled { cards, jokers });
            }
            jokers += taken.jokers;
            match taken.card {
                Some(card) => cards.push(card),
                None => break,
            }
        }
        if jokers > 0 {
            self.jokers(jokers, events);
        }
        if cards.is_empty() {
            return;
        }
        events.push(Event::Drew { seat: Seat(seat), count: cards.len() as u8 });
        let stash = &mut self.stashes[usize::from(seat)];
        stash.extend(&cards);
        dojo_engine::sorting::sort(stash);
        dojo_engine::sorting::sort(&mut cards);
        events.push(Event::DrewCards { seat: Seat(seat), cards });
    }

    /// Takes `card` out of `seat`'s hand: a card received by an Assist first, then the Stash.
    pub(super) fn remove_card(&mut self, seat: u8, card: Card) {
        if let Some(fight) = &mut self.fight
            && let Some(i) = fight.received[usize::from(seat)].iter().position(|c| *c == card)
        {
            fight.received[usize::from(seat)].remove(i);
            return;
        }
        let stash = &mut self.stashes[usize::from(seat)];
        if let Some(i) = stash.iter().position(|c| *c == card) {
            stash.remove(i);
        }
    }

    /// Takes `card` out of `seat`'s own Stash (not the cards received by an Assist).
    fn remove_own_card(&mut self, seat: u8, card: Card) {
        let stash = &mut self.stashes[usize::from(seat)];
        if let Some(i) = stash.iter().position(|c| *c == card) {
            stash.remove(i);
        }
    }

    /// Every card `seat` may play: its Stash and any cards received by an Assist.
    pub fn hand(&self, seat: u8) -> Vec<Card> {
        let mut hand = self.stashes[usize::from(seat)].clone();
        if let Some(received) = self.fight.as_ref().map(|f| &f.received[usize::from(seat)]).filter(|r| !r.is_empty()) {
            hand.extend(received);
            dojo_engine::sorting::sort(&mut hand);
        }
        hand
    }

    /// Whether `seat` holds `card` (in its Stash, or received by an Assist).
    pub(super) fn holds(&self, seat: u8, card: &Card) -> bool {
        self.stashes[usize::from(seat)].contains(card) || self.fight.as_ref().is_some_and(|f| f.received[usize::from(seat)].contains(card))
    }

    // ----- microevents at once -----

    /// Fires a microevent at once and carries out what it leaves to the table (+Burn, +Tarry,
    /// +Trauma on each pilot after a Strife in the Red).
    pub(super) fn fire_now(&mut self, micro: &Micro, target: Target, choices: Choices, events: &mut Vec<Event>) {
        let happened = self.standing.fire(micro, target, choices);
        for h in happened {
            match h {
                Happened::Burn(Target::Pilot(p)) => self.burn(p, events),
                Happened::Burn(Target::Coach) => self.burn(self.coach(), events),
                Happened::Tarry => {
                    for _ in 0..self.deck.active_omens() {
                        if let Some(card) = self.take(events) {
                            self.deck.trash([card]);
                            events.push(Event::Milled { cards: vec![card] });
                        }
                    }
                    events.push(Event::Happened(Happened::Tarry));
                }
                Happened::TraumaOnEach => {
                    events.push(Event::Happened(Happened::TraumaOnEach));
                    let each = (0..self.pilots).map(|p| Hit { micro: Micro::Trauma, side: Part::Pilots, target: Some(Target::Pilot(p)) });
                    self.hits.splice(0..0, each);
                }
                other => events.push(Event::Happened(other)),
            }
        }
    }

    /// +Burn: `seat`'s whole Stash (and cards received) goes to the Trash.
    fn burn(&mut self, seat: u8, events: &mut Vec<Event>) {
        let mut cards = std::mem::take(&mut self.stashes[usize::from(seat)]);
        if let Some(fight) = &mut self.fight {
            cards.append(&mut fight.received[usize::from(seat)]);
        }
        events.push(Event::Happened(Happened::Burn(if self.is_pilot(seat) { Target::Pilot(seat) } else { Target::Coach })));
        self.deck.trash(cards.iter().copied());
        events.push(Event::Discarded { seat: Seat(seat), cards, whole: true });
    }

    // ----- conflicts -----

    /// Starts the conflict `self.current`.
    pub(super) fn start_conflict(&mut self, events: &mut Vec<Event>) {
        events.push(Event::ConflictBegins { index: self.current });
        match self.conflicts[usize::from(self.current)].clone() {
            Conflict::Gambit { pilot, specialty } => {
                self.gambit = Some(GambitCards {
                    pilot,
                    specialty,
                    threshold: None,
                    card: None,
                    flipped: false,
                    outcome: None,
                    chosen: Vec::new(),
                    trashed: false,
                });
                self.phase = Phase::Offered;
            }
            Conflict::Throwdown { challenger, stakes, threats } => {
                let seats = usize::from(self.seats());
                self.fight = Some(Fight {
                    challenger,
                    stakes,
                    threats,
                    parts: vec![None; seats],
                    laid: Vec::new(),
                    blind: false,
                    stack: Vec::new(),
                    pile: Pile::default(),
                    folded: vec![false; seats],
                    folded_stash: vec![Vec::new(); seats],
                    received: vec![Vec::new(); seats],
                    assisted: vec![false; seats],
                    strike: vec![0; seats],
                    used: Vec::new(),
                    activated: vec![Vec::new(); seats],
                    at_pilots: Default::default(),
                    at_coach: Default::default(),
                    winner: None,
                    spoils: Vec::new(),
                    owed: 0,
                });
                if challenger == self.coach() {
                    match self.take(events) {
                        Some(card) => {
                            self.lay(challenger, card, true, events);
                            self.phase = Phase::Joining((challenger + 1) % self.seats());
                        }
                        None => self.end_conflict(None, events),
                    }
                } else if self.stashes[usize::from(challenger)].is_empty() {
                    // A pilot with nothing to lay cannot challenge (notes `#throwdown-start`).
                    self.end_conflict(None, events);
                } else {
                    self.phase = Phase::Challenge;
                }
            }
        }
    }

    /// Ends the conflict under way with `winner`, and starts the next one or ends the evening.
    pub(super) fn end_conflict(&mut self, winner: Option<Part>, events: &mut Vec<Event>) {
        events.push(Event::ConflictOver { winner });
        self.results.push(winner);
        self.gambit = None;
        self.fight = None;
        self.hits.clear();
        self.refill.clear();
        self.current += 1;
        if usize::from(self.current) < self.conflicts.len() {
            self.start_conflict(events);
        } else {
            self.phase = Phase::Over;
        }
    }

    /// Carries out one seat's checked action.
    pub(super) fn act(&mut self, seat: u8, action: &Action, events: &mut Vec<Event>) {
        match (self.phase, action) {
            (Phase::Offered, Action::BackOff) => {
                events.push(Event::BackedOff);
                self.end_conflict(None, events);
            }
            (Phase::Offered, Action::Take) => {
                let threshold = self.take(events);
                self.gambit.as_mut().expect("a Gambit").threshold = threshold;
                events.push(Event::ThresholdLaid);
                self.phase = Phase::Laid;
            }
            (Phase::Laid, Action::Play(card)) => {
                self.remove_card(seat, *card);
                self.reveal_gambit(*card, false, events);
            }
            (Phase::Laid, Action::Flip) => {
                let card = self.take(events).expect("checked: a card to flip");
                self.reveal_gambit(card, true, events);
            }
            (Phase::Picking, Action::Pick(outcome)) => {
                events.push(Event::Outcome(*outcome));
                let gambit = self.gambit.as_mut().expect("a Gambit");
                gambit.outcome = Some(*outcome);
                let pilot = gambit.pilot;
                self.phase = Phase::Choosing;
                if *outcome == Outcome::NoAnd {
                    // "No, and…"'s own Charge arrives at once, before the Coach names the
                    // negatives (notes `#gambit`), so every view shows it while he decides.
                    self.fire_now(&Micro::Chargeup(1), Target::Pilot(pilot), Choices::default(), events);
                }
            }
            (Phase::Choosing, Action::Consequence(consequence)) => {
                events.push(Event::Consequence(consequence.clone()));
                let gambit = self.gambit.as_mut().expect("a Gambit");
                gambit.chosen.push(consequence.clone());
                let outcome = gambit.outcome.expect("an outcome");
                if gambit.chosen.len() == outcome.consequences(gambit.specialty) {
                    self.settle_gambit(events);
                }
            }
            (Phase::Challenge, Action::Lay(card)) => {
                self.remove_card(seat, *card);
                self.lay(seat, *card, false, events);
                self.phase = Phase::Joining((seat + 1) % self.seats());
            }
            (Phase::Joining(_), Action::Lay(card)) => {
                self.remove_card(seat, *card);
                self.lay(seat, *card, false, events);
                self.next_joiner(seat, events);
            }
            (Phase::Joining(_), Action::LayBlind) => {
                let card = self.take(events).expect("checked: a card to lay blind");
                self.lay(seat, card, true, events);
                self.next_joiner(seat, events);
            }
            (Phase::Joining(_), Action::SitOut) => {
                events.push(Event::SatOut { seat: Seat(seat) });
                self.fight_mut().parts[usize::from(seat)] = Some(Part::Out);
                self.next_joiner(seat, events);
            }
            (Phase::Turn(_), action) if action.is_side() => self.side_action(seat, action, events),
            (Phase::Turn(_), action) => self.main_action(seat, action, events),
            (Phase::Spoils, Action::Spend(card, buy)) => self.spend(*card, *buy, events),
            (Phase::Spoils, Action::StopSpending) => self.stop_spending(events),
            (Phase::Spoils, Action::Concede(buy)) => {
                events.push(Event::Conceded(*buy));
                let fight = self.fight.as_ref().expect("a fight");
                let losers = other(fight.winner.expect("a winner"));
                self.buy(losers, *buy, events);
                self.fight_mut().owed -= 1;
            }
            (Phase::Landing, Action::Aim(target)) => {
                events.push(Event::Aimed { micro: self.hits[0].micro.clone(), target: *target });
                self.hits[0].target = Some(*target);
                self.land(events);
            }
            (Phase::Landing, Action::Soak(choices)) => {
                let hit = self.hits.remove(0);
                self.fire_now(&hit.micro, hit.target.expect("aimed"), *choices, events);
                self.land(events);
            }
            (Phase::Discarding(p), Action::Discard(card)) => {
                self.remove_card(p, *card);
                self.deck.trash([*card]);
                events.push(Event::Discarded { seat: Seat(p), cards: vec![*card], whole: false });
                self.do_refill(events);
            }
            (phase, action) => unreachable!("checked: {action:?} in {phase:?}"),
        }
    }

    // ----- the Gambit -----

    /// Turns the Threshold and the pilot's card face up and opens the outcomes.
    fn reveal_gambit(&mut self, card: Card, flipped: bool, events: &mut Vec<Event>) {
        let gambit = self.gambit.as_mut().expect("a Gambit");
        gambit.card = Some(card);
        gambit.flipped = flipped;
        let threshold = gambit.threshold.expect("a Threshold");
        events.push(Event::Revealed { pilot: Seat(gambit.pilot), threshold, card, flipped });
        match Outcome::open(card, threshold) {
            [only] => {
                gambit.outcome = Some(*only);
                events.push(Event::Outcome(*only));
                self.phase = Phase::Choosing;
            }
            _ => self.phase = Phase::Picking,
        }
    }

    /// The consequences are named: the cards go to the Trash, every consequence lands in order
    /// (after "No, and…"'s Charge, which came when the outcome was picked), then the pilot draws
    /// back up.
    fn settle_gambit(&mut self, events: &mut Vec<Event>) {
        let gambit = self.gambit.clone().expect("a Gambit");
        let outcome = gambit.outcome.expect("an outcome");
        self.deck.trash(gambit.threshold.into_iter().chain(gambit.card));
        self.gambit.as_mut().expect("a Gambit").trashed = true;
        let pilot = Target::Pilot(gambit.pilot);
        for consequence in &gambit.chosen {
            match consequence {
                Consequence::Fire(micro, target) => {
                    let side = if outcome.positive() { Part::Pilots } else { side_of(*target) };
                    self.hits.push(Hit { micro: micro.clone(), side, target: Some(*target) });
                }
                Consequence::Wave(threat, wave) => {
                    let fires = self.standing.threats[usize::from(*threat)].waves[usize::from(*wave)].fires.clone();
                    self.hits.extend(fires.into_iter().map(|micro| Hit { micro, side: Part::Pilots, target: Some(pilot) }));
                }
                Consequence::Told => {}
            }
        }
        if outcome.lesson(gambit.specialty) {
            self.standing.pilots[usize::from(gambit.pilot)].lessons += 1;
            events.push(Event::Lesson);
        }
        self.refill = vec![gambit.pilot];
        self.phase = Phase::Landing;
        self.land(events);
    }

    // ----- starting a Throwdown -----

    fn fight_mut(&mut self) -> &mut Fight {
        self.fight.as_mut().expect("a Throwdown")
    }

    /// `seat` lays `card` face down and enters the fight on its side.
    fn lay(&mut self, seat: u8, card: Card, blind: bool, events: &mut Vec<Event>) {
        let part = if self.is_pilot(seat) { Part::Pilots } else { Part::Coach };
        let fight = self.fight_mut();
        fight.parts[usize::from(seat)] = Some(part);
        fight.laid.push(Committed { seat, card });
        fight.blind |= blind;
        events.push(Event::Laid { seat: Seat(seat), blind });
        if !blind {
            events.push(Event::LaidCard { seat: Seat(seat), card });
        }
    }

    /// The seat after `seat` chooses, or, once every seat has, the cards turn over.
    fn next_joiner(&mut self, seat: u8, events: &mut Vec<Event>) {
        let next = (seat + 1) % self.seats();
        if next == self.fight.as_ref().expect("a Throwdown").challenger {
            self.reveal_initiative(events);
        } else {
            self.phase = Phase::Joining(next);
        }
    }

    /// Every seat has chosen: a refusal, or the initiative stack, the Strike check and the
    /// bonus draws (notes `#throwdown-start`).
    fn reveal_initiative(&mut self, events: &mut Vec<Event>) {
        let coach = self.coach();
        let fight = self.fight_mut();
        let stack = initiative_stack(&fight.laid);
        fight.laid.clear();
        // Only the Coach lays blind.
        let blind = std::mem::take(&mut fight.blind).then_some(Seat(coach));
        fight.stack = stack.clone();
        fight.pile = Pile::from_stack(stack.clone());
        events.push(Event::Initiative { stack: stack.clone(), blind });
        let challenger_side = fight.parts[usize::from(fight.challenger)].expect("the Challenger laid a card");
        let opposed = fight.parts.iter().any(|p| matches!(p, Some(side) if *side != Part::Out && *side != challenger_side));
        if !opposed {
            events.push(Event::Refused);
            self.win(challenger_side, events);
            return;
        }
        let pilots = self.pilots;
        let ranges: Vec<i16> = (0..pilots).map(|p| self.pilot_range(p)).collect();
        if let Some(seat) = initiative_overreach(&stack, |s| s < pilots, |s| ranges[usize::from(s)]) {
            self.add_payload(Part::Pilots, Micro::Strife, Some(seat), events);
        }
        let winner = stack.last().expect("cards were laid").seat;
        let in_fight: Vec<u8> = self.order_from(winner).into_iter().filter(|s| self.in_fight(*s)).collect();
        let pilots_in = in_fight.iter().filter(|s| **s != coach).count();
        for seat in in_fight {
            let n = if seat == coach {
                pilots_in + usize::from(self.coach_range())
            } else {
                usize::from(self.standing.pilots[usize::from(seat)].team)
            };
            self.draw(seat, n, events);
        }
        self.next_turn_after(winner, events);
    }

    /// Every seat, starting with `first` and going round to the left.
    pub(super) fn order_from(&self, first: u8) -> Vec<u8> {
        (0..self.seats()).map(|i| (first + i) % self.seats()).collect()
    }

    /// Whether `seat` is in the Throwdown and has not folded.
    pub(super) fn in_fight(&self, seat: u8) -> bool {
        self.fight
            .as_ref()
            .is_some_and(|f| matches!(f.parts[usize::from(seat)], Some(Part::Pilots | Part::Coach)) && !f.folded[usize::from(seat)])
    }

    /// Adds damage to the Payload aimed at side `at`.
    pub(super) fn add_payload(&mut self, at: Part, micro: Micro, overreach_by: Option<u8>, events: &mut Vec<Event>) {
        let fight = self.fight_mut();
        match at {
            Part::Coach => fight.at_coach.add(micro.clone(), overreach_by),
            _ => fight.at_pilots.add(micro.clone(), overreach_by),
        }
        events.push(Event::Payload { at, micro, overreach_by });
    }

    /// The turn passes to the next seat in the fight after `seat`.
    fn next_turn_after(&mut self, seat: u8, events: &mut Vec<Event>) {
        match next_seat(seat, self.seats(), |s| !self.in_fight(s)) {
            Some(next) => self.turn_of(next, events),
            None => self.finish_fight(events),
        }
    }

    fn turn_of(&mut self, seat: u8, events: &mut Vec<Event>) {
        self.phase = Phase::Turn(seat);
        events.push(Event::TurnOf { seat: Seat(seat) });
    }

    // ----- turns -----

    fn side_action(&mut self, seat: u8, action: &Action, events: &mut Vec<Event>) {
        match action {
            Action::Recharge(card) => {
                self.remove_card(seat, *card);
                self.deck.trash([*card]);
                self.fight_mut().used.push(Used::Recharge);
                events.push(Event::Recharged { seat: Seat(seat), card: *card });
                self.fire_now(&Micro::Chargeup(card.suit.value()), Target::Pilot(seat), Choices::default(), events);
            }
            Action::Activate(g) => {
                let gear = self.standing.pilots[usize::from(seat)].gear[usize::from(*g)].clone();
                let fight = self.fight_mut();
                fight.used.push(Used::Gear(*g));
                fight.activated[usize::from(seat)].push(*g);
                events.push(Event::Activated { seat: Seat(seat), gear: gear.name });
                self.draw(seat, usize::from(gear.draw), events);
            }
            Action::Sacrifice(g) => {
                let gear = self.standing.pilots[usize::from(seat)].gear.remove(usize::from(*g));
                let fight = self.fight_mut();
                fight.used.retain(|u| *u != Used::Gear(*g));
                fight.used.iter_mut().for_each(|u| {
                    if let Used::Gear(i) = u
                        && *i > *g
                    {
                        *i -= 1;
                    }
                });
                fight.activated[usize::from(seat)].iter_mut().for_each(|i| *i -= u8::from(*i > *g));
                events.push(Event::Sacrificed { seat: Seat(seat), gear: gear.name });
                if gear.sacrifice.is_damage() {
                    self.add_payload(Part::Coach, gear.sacrifice, None, events);
                } else {
                    let target = if gear.sacrifice == Micro::Burn { Target::Coach } else { Target::Pilot(seat) };
                    self.fire_now(&gear.sacrifice, target, Choices::default(), events);
                }
            }
            Action::Surge { threat, storm, index, cards } => {
                for card in cards {
                    self.remove_card(seat, *card);
                }
                self.deck.trash(cards.iter().copied());
                self.fight_mut().used.push(Used::Surge(*threat, *storm, *index));
                let t = &self.standing.threats[usize::from(*threat)];
                let surge = if *storm { &t.storms } else { &t.waves }[usize::from(*index)].clone();
                events.push(Event::Surged { seat: Seat(seat), threat: *threat, name: surge.name, cards: cards.clone() });
                let aimed = self.surge_target();
                for micro in &surge.fires {
                    if micro.is_damage() {
                        self.add_payload(Part::Pilots, micro.clone(), None, events);
                    } else {
                        self.fire_now(micro, aimed, Choices::default(), events);
                    }
                }
            }
            Action::SpendOmen => {
                self.deck.spend_omen();
                self.escalations += 1;
                self.fight_mut().used.push(Used::Omen);
                let text = self.table.escalations.get(usize::from(self.escalations - 1)).cloned();
                events.push(Event::OmenSpent { number: self.escalations, text });
            }
            other => unreachable!("not a side action: {other:?}"),
        }
    }

    /// The pilot a Wave's or Storm's other microevents land on: the owner of the top card if
    /// she is a pilot, otherwise the first pilot still in the fight (notes `#turns`).
    fn surge_target(&self) -> Target {
        let fight = self.fight.as_ref().expect("a Throwdown");
        let top = fight.pile.top().map(|c| c.seat).filter(|s| self.is_pilot(*s));
        let first = (0..self.pilots).find(|p| self.in_fight(*p));
        top.or(first).map_or(Target::Team, Target::Pilot)
    }

    fn main_action(&mut self, seat: u8, action: &Action, events: &mut Vec<Event>) {
        match action {
            Action::Push(card) => {
                let top = self.fight.as_ref().expect("a Throwdown").pile.top().map(|c| c.card);
                self.remove_card(seat, *card);
                let gap = top.map_or(0, |t| difference(*card, t));
                events.push(Event::Pushed { seat: Seat(seat), card: *card, difference: gap });
                if self.is_pilot(seat) && top.is_some() && i16::from(gap) > self.pilot_range(seat) {
                    self.add_payload(Part::Pilots, Micro::Strife, Some(seat), events);
                }
                self.fight_mut().pile.push(seat, *card);
            }
            Action::BeatBack(card) => {
                self.remove_card(seat, *card);
                events.push(Event::BeatBack { seat: Seat(seat), card: *card });
                if let Some(owner) = self.fight_mut().pile.beat_back(*card) {
                    self.end_turn(seat);
                    if self.check_over(events) {
                        return;
                    }
                    if self.in_fight(owner) {
                        self.turn_of(owner, events);
                    } else {
                        self.next_turn_after(owner, events);
                    }
                    return;
                }
            }
            Action::Assist { discard, give } => {
                let to = self.next_ally(seat).expect("checked: an ally");
                // Both come from her own Stash: what she received goes on whole.
                self.remove_own_card(seat, *discard);
                self.deck.trash([*discard]);
                if let Some(card) = give {
                    self.remove_own_card(seat, *card);
                }
                let bonus = if give.is_none() { self.table.assist_at(self.standing.harmony) } else { 0 };
                let fight = self.fight_mut();
                let (s, t) = (usize::from(seat), usize::from(to));
                let mut cards = std::mem::take(&mut fight.received[s]);
                cards.extend(give.iter().copied());
                let passed = if fight.assisted[s] { fight.strike[s] } else { 0 };
                fight.strike[s] = 0;
                fight.assisted[s] = false;
                fight.strike[t] = fight.strike[t].saturating_add(passed).saturating_add(bonus);
                fight.assisted[t] = true;
                fight.received[t].extend(&cards);
                dojo_engine::sorting::sort(&mut fight.received[t]);
                let strike = fight.strike[t];
                events.push(Event::Assisted { seat: Seat(seat), to: Seat(to), discard: *discard, cards: cards.len() as u8, strike });
                if !cards.is_empty() {
                    dojo_engine::sorting::sort(&mut cards);
                    events.push(Event::Handed { from: Seat(seat), to: Seat(to), cards });
                }
            }
            Action::Fold => {
                let mut hand = std::mem::take(&mut self.stashes[usize::from(seat)]);
                let fight = self.fight_mut();
                hand.append(&mut fight.received[usize::from(seat)]);
                dojo_engine::sorting::sort(&mut hand);
                fight.folded[usize::from(seat)] = true;
                fight.folded_stash[usize::from(seat)] = hand;
                events.push(Event::Folded { seat: Seat(seat) });
            }
            other => unreachable!("not a main action: {other:?}"),
        }
        self.end_turn(seat);
        if self.check_over(events) {
            return;
        }
        self.next_turn_after(seat, events);
    }

    /// The end of `seat`'s turn: side actions reset, and an Assist held expires (its cards
    /// stay in the Stash).
    fn end_turn(&mut self, seat: u8) {
        let s = usize::from(seat);
        let fight = self.fight.as_mut().expect("a Throwdown");
        fight.used.clear();
        fight.assisted[s] = false;
        fight.strike[s] = 0;
        let received = std::mem::take(&mut fight.received[s]);
        if fight.folded[s] {
            fight.folded_stash[s].extend(received);
            dojo_engine::sorting::sort(&mut fight.folded_stash[s]);
        } else {
            let stash = &mut self.stashes[s];
            stash.extend(received);
            dojo_engine::sorting::sort(stash);
        }
    }

    /// The next seat of `seat`'s side in turn order still in the fight.
    pub(super) fn next_ally(&self, seat: u8) -> Option<u8> {
        let fight = self.fight.as_ref()?;
        let side = fight.parts[usize::from(seat)]?;
        next_seat(seat, self.seats(), |s| s == seat || fight.parts[usize::from(s)] != Some(side) || fight.folded[usize::from(s)])
    }

    /// Ends the fight if nobody opposing the top card's side is left (notes `#end`).
    fn check_over(&mut self, events: &mut Vec<Event>) -> bool {
        let fight = self.fight.as_ref().expect("a Throwdown");
        let top_side = fight.pile.top().and_then(|c| fight.parts[usize::from(c.seat)]);
        let mut standing = (0..self.seats()).filter(|s| self.in_fight(*s)).map(|s| fight.parts[usize::from(s)]);
        let is_over = match top_side {
            Some(side) => standing.all(|p| p == Some(side)),
            None => standing.next().is_none(),
        };
        if !is_over {
            return false;
        }
        self.finish_fight(events);
        true
    }

    /// The fight is over: the side of the top card wins; with no face-up card left and
    /// everyone folded, the side that was challenged (notes `#end`).
    fn finish_fight(&mut self, events: &mut Vec<Event>) {
        let fight = self.fight.as_ref().expect("a Throwdown");
        let winner = match fight.pile.top() {
            Some(top) => fight.parts[usize::from(top.seat)].expect("the top card's owner is in the fight"),
            None => other(fight.parts[usize::from(fight.challenger)].expect("the Challenger is in")),
        };
        self.win(winner, events);
    }

    // ----- resolution -----

    /// `side` wins the Throwdown: the Stakes, then the spoils.
    fn win(&mut self, side: Part, events: &mut Vec<Event>) {
        let spades_for_losers = self.table.spades_for_losers;
        let fight = self.fight_mut();
        fight.winner = Some(side);
        fight.spoils = sorted_spoils(&fight.pile.cards());
        fight.pile = Pile::default();
        if spades_for_losers {
            fight.owed = fight.spoils.iter().filter(|c| c.suit == Suit::Spades).count() as u8;
        }
        let stakes = fight.stakes.clone();
        events.push(Event::Won { side, stakes });
        self.phase = Phase::Spoils;
    }

    /// The leader of `side`: the Coach for his; for the pilots, the pilot whose initiative card
    /// lay highest, or the Challenger, or the first pilot (notes `#resolution`).
    pub fn leader(&self, side: Part) -> u8 {
        if side == Part::Coach {
            return self.coach();
        }
        let Some(fight) = &self.fight else { return self.gambit.as_ref().map_or(0, |g| g.pilot) };
        let highest = fight.stack.iter().rev().find(|c| self.is_pilot(c.seat)).map(|c| c.seat);
        highest.or_else(|| self.is_pilot(fight.challenger).then_some(fight.challenger)).unwrap_or(0)
    }

    fn spend(&mut self, card: Card, buy: Buy, events: &mut Vec<Event>) {
        let fight = self.fight_mut();
        let i = fight.spoils.iter().position(|c| *c == card).expect("checked: among the spoils");
        fight.spoils.remove(i);
        if card.suit == Suit::Spades {
            fight.owed += 1;
        }
        let winners = fight.winner.expect("a winner");
        self.deck.trash([card]);
        events.push(Event::Spent { card, buy });
        self.buy(winners, buy, events);
    }

    /// What `side` buys with a card of the spoils or a concession.
    fn buy(&mut self, side: Part, buy: Buy, events: &mut Vec<Event>) {
        match buy {
            Buy::Harm => self.add_payload(other(side), harm(self.table.robos_present), None, events),
            Buy::Cancel(i) => {
                let fight = self.fight_mut();
                match side {
                    Part::Coach => fight.at_coach.cancel(i),
                    _ => fight.at_pilots.cancel(i),
                };
            }
            Buy::Mend(Target::Threat(t)) => {
                let threat = &mut self.standing.threats[usize::from(t)];
                threat.buffers += 1;
                events.push(Event::Happened(Happened::Buffers(t, threat.buffers)));
            }
            Buy::Mend(target) => {
                let micro = if target == Target::Team { Micro::Rebuild } else { Micro::Fortify };
                self.fire_now(&micro, target, Choices::default(), events);
            }
        }
    }

    /// The rest of the spoils go to the Trash; the Payloads land, the pilots' first.
    fn stop_spending(&mut self, events: &mut Vec<Event>) {
        let winner = self.fight.as_ref().expect("a Throwdown").winner.expect("a winner");
        let fight = self.fight_mut();
        let rest = std::mem::take(&mut fight.spoils);
        let at_pilots: Vec<Hit> = fight
            .at_pilots
            .live()
            .map(|e| Hit { micro: e.micro.clone(), side: Part::Pilots, target: e.overreach_by.map(Target::Pilot) })
            .collect();
        let at_coach: Vec<Hit> = fight.at_coach.live().map(|e| Hit { micro: e.micro.clone(), side: Part::Coach, target: None }).collect();
        self.deck.trash(rest);
        self.hits = at_pilots.into_iter().chain(at_coach).collect();
        let leader = self.leader(winner);
        self.refill = self.order_from(leader).into_iter().filter(|s| self.is_pilot(*s)).collect();
        self.phase = Phase::Landing;
        self.land(events);
    }

    /// The units of `side` that `micro` may land on.
    pub fn targets(&self, micro: &Micro, side: Part) -> Vec<Target> {
        match (micro, side) {
            (Micro::Ruin | Micro::Rebuild | Micro::Rally | Micro::Tarry | Micro::Replenish(_), _) => vec![Target::Team],
            (_, Part::Coach) => match micro {
                Micro::Trauma => self.involved().into_iter().map(Target::Threat).collect(),
                Micro::Burn => vec![Target::Coach],
                _ => Vec::new(),
            },
            _ => {
                let in_it: Vec<u8> = match &self.fight {
                    Some(_) => self.pilots_side(),
                    None => self.gambit.iter().map(|g| g.pilot).collect(),
                };
                in_it.into_iter().map(Target::Pilot).collect()
            }
        }
    }

    /// The pilots on the pilots' side of the Throwdown: those who entered it, or, when every
    /// pilot declined the Coach's challenge, those who declined, who are the losers (notes
    /// `#throwdown-start`).
    pub(super) fn pilots_side(&self) -> Vec<u8> {
        let Some(fight) = &self.fight else { return Vec::new() };
        let part = |p: u8| fight.parts[usize::from(p)];
        let fought: Vec<u8> = (0..self.pilots).filter(|p| part(*p) == Some(Part::Pilots)).collect();
        if fought.is_empty() && fight.challenger == self.coach() {
            (0..self.pilots).filter(|p| part(*p) == Some(Part::Out)).collect()
        } else {
            fought
        }
    }

    /// Whether the unit hit has a choice to make as `hit` lands: a Buffer to spend on damage,
    /// or which Commitment a +Trauma lowers.
    pub fn soak_options(&self, hit: &Hit) -> Vec<Choices> {
        let Some(target) = hit.target else { return Vec::new() };
        let buffers = match target {
            Target::Pilot(p) => self.standing.pilots[usize::from(p)].buffers,
            Target::Threat(t) => self.standing.threats[usize::from(t)].buffers,
            _ => 0,
        };
        let mut options = Vec::new();
        if hit.micro.is_damage() && buffers > 0 {
            options.push(Choices { buffer: true, commitment: None });
        }
        match (&hit.micro, target) {
            (Micro::Trauma, Target::Pilot(p)) => {
                let sheet = &self.standing.pilots[usize::from(p)];
                if sheet.fight > 0 && sheet.team > 0 {
                    options.push(Choices { buffer: false, commitment: Some(Commitment::Fight) });
                    options.push(Choices { buffer: false, commitment: Some(Commitment::Team) });
                } else {
                    options.push(Choices { buffer: false, commitment: None });
                }
            }
            (Micro::Recover, Target::Pilot(p)) => {
                let sheet = &self.standing.pilots[usize::from(p)];
                let (fight, team) = self.standing.full[usize::from(p)];
                let lost: Vec<Commitment> = [(Commitment::Fight, sheet.fight < fight), (Commitment::Team, sheet.team < team)]
                    .into_iter()
                    .filter(|(_, lost)| *lost)
                    .map(|(c, _)| c)
                    .collect();
                if lost.len() == 2 {
                    options.extend(lost.into_iter().map(|c| Choices { buffer: false, commitment: Some(c) }));
                } else {
                    options.push(Choices { buffer: false, commitment: lost.first().copied() });
                }
            }
            _ => options.push(Choices::default()),
        }
        options
    }

    /// Lands microevents until one needs a decision (an aim or a soak), then draws back up.
    pub(super) fn land(&mut self, events: &mut Vec<Event>) {
        while let Some(hit) = self.hits.first().cloned() {
            if hit.target.is_none() {
                let targets = self.targets(&hit.micro, hit.side);
                match targets.as_slice() {
                    [] => {
                        self.hits.remove(0);
                        events.push(Event::Happened(Happened::NoEffect));
                        continue;
                    }
                    [only] => self.hits[0].target = Some(*only),
                    _ => return,
                }
            }
            let hit = self.hits[0].clone();
            let options = self.soak_options(&hit);
            if options.len() > 1 {
                return;
            }
            self.hits.remove(0);
            let choices = options.first().copied().unwrap_or_default();
            self.fire_now(&hit.micro, hit.target.expect("aimed"), choices, events);
        }
        self.start_refill(events);
    }

    /// Drop and draw: the Coach discards his Stash; each pilot in turn takes back her folded
    /// Stash and draws up to her maximum, or discards down to it.
    fn start_refill(&mut self, events: &mut Vec<Event>) {
        if self.fight.is_some() {
            let coach = self.coach();
            let mut cards = std::mem::take(&mut self.stashes[usize::from(coach)]);
            cards.append(&mut self.fight_mut().folded_stash[usize::from(coach)]);
            if !cards.is_empty() {
                self.deck.trash(cards.iter().copied());
                events.push(Event::Discarded { seat: Seat(coach), cards, whole: true });
            }
            for p in 0..self.pilots {
                let fight = self.fight_mut();
                let mut back = std::mem::take(&mut fight.folded_stash[usize::from(p)]);
                back.append(&mut fight.received[usize::from(p)]);
                let stash = &mut self.stashes[usize::from(p)];
                stash.extend(back);
                dojo_engine::sorting::sort(stash);
            }
        }
        self.do_refill(events);
    }

    /// Brings each pilot waiting in `refill` back to her Stash maximum, stopping at one who
    /// must choose discards; then the conflict ends.
    fn do_refill(&mut self, events: &mut Vec<Event>) {
        while let Some(&p) = self.refill.first() {
            let max = usize::from(self.standing.pilots[usize::from(p)].stash_max);
            let held = self.stashes[usize::from(p)].len();
            if held > max {
                self.phase = Phase::Discarding(p);
                return;
            }
            self.refill.remove(0);
            if held < max {
                self.draw(p, max - held, events);
            }
        }
        let winner = match (&self.gambit, &self.fight) {
            (Some(g), _) => g.outcome.map(|o| if o.success() { Part::Pilots } else { Part::Coach }),
            (_, Some(f)) => f.winner,
            _ => None,
        };
        self.end_conflict(winner, events);
    }
}

/// The other side.
pub(super) fn other(side: Part) -> Part {
    if side == Part::Coach { Part::Pilots } else { Part::Coach }
}

/// The side a unit belongs to.
fn side_of(target: Target) -> Part {
    match target {
        Target::Threat(_) | Target::Coach => Part::Coach,
        _ => Part::Pilots,
    }
}
