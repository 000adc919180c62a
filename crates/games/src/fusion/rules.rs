//! Who decides what in a FUSION conflict, every choice open to them, and why a choice is
//! refused: the [`dojo_engine::Game`] contract's `decision`, `legal_actions` and `check`.

use super::action::{Action, Decision, Refusal};
use super::cards::{Card, Suit, beats_back, pushes};
use super::gambit::{Consequence, ConsequenceError, Outcome, check_one, same_effect};
use super::micro::{Micro, Target};
use super::payload::{Buy, SpendError};
use super::state::{Fusion, Phase, Used};
use super::throwdown::{Part, coach_push_in_range};

/// One copy of each card of `cards` (sorted), in order.
fn distinct(cards: &[Card]) -> Vec<Card> {
    let mut out: Vec<Card> = Vec::with_capacity(cards.len());
    for card in cards {
        if !out.contains(card) {
            out.push(*card);
        }
    }
    out
}

impl Fusion {
    /// What `seat` must decide now.
    pub(super) fn decision_of(&self, seat: u8) -> Option<Decision> {
        let gambit_pilot = self.gambit.as_ref().map(|g| g.pilot);
        let decision = match self.phase {
            Phase::Offered if gambit_pilot == Some(seat) => Decision::TakeGambit,
            Phase::Laid if gambit_pilot == Some(seat) => Decision::GambitCard,
            Phase::Picking if gambit_pilot == Some(seat) => Decision::PickOutcome,
            Phase::Choosing => {
                let gambit = self.gambit.as_ref()?;
                let chooser = if gambit.outcome?.positive() { gambit.pilot } else { self.coach() };
                if chooser != seat {
                    return None;
                }
                Decision::Consequence
            }
            Phase::Challenge if self.fight.as_ref()?.challenger == seat => Decision::Challenge,
            Phase::Joining(s) if s == seat => Decision::Join,
            Phase::Turn(s) if s == seat => Decision::Turn,
            Phase::Spoils => {
                let fight = self.fight.as_ref()?;
                let winner = fight.winner?;
                let (side, decision) =
                    if fight.owed > 0 { (super::flow::other(winner), Decision::Concession) } else { (winner, Decision::Spoils) };
                if self.leader(side) != seat {
                    return None;
                }
                decision
            }
            Phase::Landing => {
                let hit = self.hits.first()?;
                let decider = match hit.target {
                    None => self.leader(hit.side),
                    Some(Target::Pilot(p)) => p,
                    Some(_) => self.coach(),
                };
                if decider != seat {
                    return None;
                }
                if hit.target.is_none() { Decision::Aim } else { Decision::Soak }
            }
            Phase::Discarding(p) if p == seat => Decision::Discard,
            _ => return None,
        };
        Some(decision)
    }

    /// Every action open to `seat` now.
    pub(super) fn legal(&self, seat: u8) -> Vec<Action> {
        let Some(decision) = self.decision_of(seat) else { return Vec::new() };
        let stash = &self.stashes[usize::from(seat)];
        match decision {
            Decision::TakeGambit => {
                let needed = 1 + usize::from(stash.is_empty());
                let mut out = Vec::with_capacity(2);
                if self.cards_to_take() >= needed {
                    out.push(Action::Take);
                }
                out.push(Action::BackOff);
                out
            }
            Decision::GambitCard => {
                let mut out: Vec<Action> = distinct(stash).into_iter().map(Action::Play).collect();
                if self.cards_to_take() > 0 {
                    out.push(Action::Flip);
                }
                out
            }
            Decision::PickOutcome => {
                let gambit = self.gambit.as_ref().expect("a Gambit");
                Outcome::open(gambit.card.expect("a card"), gambit.threshold.expect("a Threshold"))
                    .iter()
                    .map(|o| Action::Pick(*o))
                    .collect()
            }
            Decision::Consequence => self.consequences().into_iter().map(Action::Consequence).collect(),
            Decision::Challenge => distinct(stash).into_iter().map(Action::Lay).collect(),
            Decision::Join => {
                let mut out: Vec<Action> = if self.is_pilot(seat) {
                    distinct(stash).into_iter().map(Action::Lay).collect()
                } else if self.cards_to_take() > 0 {
                    vec![Action::LayBlind]
                } else {
                    Vec::new()
                };
                out.push(Action::SitOut);
                out
            }
            Decision::Turn => self.turn_actions(seat),
            Decision::Spoils => {
                let fight = self.fight.as_ref().expect("a Throwdown");
                let winner = fight.winner.expect("a winner");
                let mut out = Vec::new();
                let buys = self.buys(winner);
                for card in distinct(&fight.spoils) {
                    if card.suit == Suit::Spades && self.table.spades_for_losers {
                        continue;
                    }
                    out.extend(buys.iter().filter(|b| card.suit == Suit::Spades || b.suit() == card.suit).map(|b| Action::Spend(card, *b)));
                }
                out.push(Action::StopSpending);
                out
            }
            Decision::Concession => {
                let winner = self.fight.as_ref().and_then(|f| f.winner).expect("a winner");
                self.buys(super::flow::other(winner)).into_iter().map(Action::Concede).collect()
            }
            Decision::Aim => {
                let hit = &self.hits[0];
                self.targets(&hit.micro, hit.side).into_iter().map(Action::Aim).collect()
            }
            Decision::Soak => self.soak_options(&self.hits[0]).into_iter().map(Action::Soak).collect(),
            Decision::Discard => distinct(stash).into_iter().map(Action::Discard).collect(),
        }
    }

    /// The consequences open to the chooser now (a Specialty's second must differ).
    fn consequences(&self) -> Vec<Consequence> {
        let gambit = self.gambit.as_ref().expect("a Gambit");
        let positive = gambit.outcome.expect("an outcome").positive();
        let pilots = 0..self.pilots;
        let mut candidates: Vec<Consequence> = Vec::new();
        if positive {
            for p in pilots {
                for micro in [Micro::Chargeup(1), Micro::Fortify, Micro::Recover] {
                    candidates.push(Consequence::Fire(micro, Target::Pilot(p)));
                }
            }
            candidates
                .extend(self.standing.counters.iter().map(|(name, _)| Consequence::Fire(Micro::Replenish(name.clone()), Target::Team)));
            candidates.push(Consequence::Fire(Micro::Rebuild, Target::Team));
        } else {
            candidates.extend(pilots.map(|p| Consequence::Fire(Micro::Purge, Target::Pilot(p))));
            candidates.push(Consequence::Fire(Micro::Strife, Target::Pilot(gambit.pilot)));
            for (t, threat) in self.standing.threats.iter().enumerate() {
                candidates.extend((0..threat.waves.len()).map(|w| Consequence::Wave(t as u8, w as u8)));
            }
        }
        candidates.push(Consequence::Told);
        candidates
            .into_iter()
            .filter(|c| check_one(positive, c, gambit.pilot, &self.standing).is_ok())
            .filter(|c| gambit.chosen.iter().all(|first| !same_effect(first, c)))
            .collect()
    }

    /// What `side` may buy with spoils or a concession.
    fn buys(&self, side: Part) -> Vec<Buy> {
        let fight = self.fight.as_ref().expect("a Throwdown");
        let mut out = vec![Buy::Harm];
        let against = if side == Part::Coach { &fight.at_coach } else { &fight.at_pilots };
        out.extend(against.entries.iter().enumerate().filter(|(_, e)| !e.cancelled).map(|(i, _)| Buy::Cancel(i)));
        if self.table.about_location {
            out.push(Buy::Mend(Target::Team));
        } else if side == Part::Coach {
            for t in fight.threats.iter().filter(|t| self.standing.threats[usize::from(**t)].rating > 0) {
                if self.standing.threats[usize::from(*t)].buffers < self.threat_buffers[usize::from(*t)] {
                    out.push(Buy::Mend(Target::Threat(*t)));
                }
            }
        } else {
            for p in self.pilots_side() {
                let sheet = &self.standing.pilots[usize::from(p)];
                if sheet.buffers < sheet.buffer_max {
                    out.push(Buy::Mend(Target::Pilot(p)));
                }
            }
        }
        out
    }

    /// Every side action and main action open to `seat` in its turn.
    fn turn_actions(&self, seat: u8) -> Vec<Action> {
        let fight = self.fight.as_ref().expect("a Throwdown");
        let hand = self.hand(seat);
        let cards = distinct(&hand);
        let used = |u: Used| fight.used.contains(&u);
        let mut out = Vec::with_capacity(4 * cards.len() + cards.len() * cards.len() + 2);
        if self.is_pilot(seat) {
            if !used(Used::Recharge) {
                out.extend(cards.iter().map(|c| Action::Recharge(*c)));
            }
            let activated = &fight.activated[usize::from(seat)];
            for g in 0..self.standing.pilots[usize::from(seat)].gear.len() as u8 {
                if !used(Used::Gear(g)) && !activated.contains(&g) {
                    out.push(Action::Activate(g));
                    out.push(Action::Sacrifice(g));
                }
            }
        } else {
            let faces: Vec<Card> = hand.iter().copied().filter(|c| c.rank.is_face()).collect();
            for t in self.involved() {
                let threat = &self.standing.threats[usize::from(t)];
                for w in 0..threat.waves.len() as u8 {
                    if !used(Used::Surge(t, false, w)) {
                        out.extend(distinct(&faces).into_iter().map(|c| Action::Surge {
                            threat: t,
                            storm: false,
                            index: w,
                            cards: vec![c],
                        }));
                    }
                }
                for s in 0..threat.storms.len() as u8 {
                    if !used(Used::Surge(t, true, s)) {
                        for cards in triples(&faces) {
                            out.push(Action::Surge { threat: t, storm: true, index: s, cards });
                        }
                    }
                }
            }
            if self.deck.active_omens() > 0 && !used(Used::Omen) {
                out.push(Action::SpendOmen);
            }
        }
        let top = fight.pile.top().map(|c| c.card);
        let range = self.coach_range();
        for card in &cards {
            if pushes(*card, top) && (self.is_pilot(seat) || coach_push_in_range(*card, top, range)) {
                out.push(Action::Push(*card));
            }
            if top.is_some_and(|t| beats_back(*card, t)) {
                out.push(Action::BeatBack(*card));
            }
        }
        // An Assist discards, and hands on, cards of the pilot's own Stash: what she received
        // goes on whole (see the notes).
        if self.is_pilot(seat) && self.next_ally(seat).is_some() {
            let stash = &self.stashes[usize::from(seat)];
            let own = distinct(stash);
            for discard in &own {
                out.push(Action::Assist { discard: *discard, give: None });
                let twice = stash.iter().filter(|c| *c == discard).count() > 1;
                out.extend(own.iter().filter(|g| *g != discard || twice).map(|g| Action::Assist { discard: *discard, give: Some(*g) }));
            }
        }
        out.push(Action::Fold);
        out
    }

    /// Whether `seat` may take `action` now: the turn's actions checked directly (the common
    /// case, and the one random play leans on), anything else against the full list.
    pub(super) fn allows(&self, seat: u8, action: &Action) -> bool {
        match (self.decision_of(seat), action) {
            (None, _) => return false,
            (Some(Decision::Challenge | Decision::Discard), Action::Lay(c) | Action::Discard(c)) => {
                return self.is_pilot(seat)
                    && self.stashes[usize::from(seat)].contains(c)
                    && matches!((self.phase, action), (Phase::Challenge, Action::Lay(_)) | (Phase::Discarding(_), Action::Discard(_)));
            }
            (Some(Decision::Join), Action::Lay(c)) => return self.is_pilot(seat) && self.stashes[usize::from(seat)].contains(c),
            (Some(Decision::Join), Action::LayBlind) => return !self.is_pilot(seat) && self.cards_to_take() > 0,
            (Some(Decision::Join), Action::SitOut) => return true,
            _ => {}
        }
        let (Phase::Turn(s), Some(fight)) = (self.phase, &self.fight) else { return self.legal(seat).contains(action) };
        if s != seat {
            return false;
        }
        let pilot = self.is_pilot(seat);
        let used = |u: Used| fight.used.contains(&u);
        let holds = |c: &Card| self.holds(seat, c);
        let top = fight.pile.top().map(|c| c.card);
        match action {
            Action::Recharge(c) => pilot && !used(Used::Recharge) && holds(c),
            Action::Activate(g) | Action::Sacrifice(g) => {
                pilot
                    && usize::from(*g) < self.standing.pilots[usize::from(seat)].gear.len()
                    && !used(Used::Gear(*g))
                    && !fight.activated[usize::from(seat)].contains(g)
            }
            Action::SpendOmen => !pilot && self.deck.active_omens() > 0 && !used(Used::Omen),
            Action::Push(c) => holds(c) && pushes(*c, top) && (pilot || coach_push_in_range(*c, top, self.coach_range())),
            Action::BeatBack(c) => top.is_some_and(|t| beats_back(*c, t)) && holds(c),
            Action::Assist { discard, give } => {
                if !pilot || self.next_ally(seat).is_none() {
                    return false;
                }
                let mut rest = self.stashes[usize::from(seat)].clone();
                let Some(at) = rest.iter().position(|c| c == discard) else { return false };
                rest.remove(at);
                give.is_none_or(|g| rest.contains(&g))
            }
            Action::Fold => true,
            _ => self.legal(seat).contains(action),
        }
    }

    /// Why `seat` may not take `action` now.
    pub(super) fn refusal(&self, seat: u8, action: &Action) -> Refusal {
        let Some(decision) = self.decision_of(seat) else { return Refusal::NotNow(Decision::Turn) };
        let hand = self.hand(seat);
        let held = |c: &Card| hand.contains(c);
        let fits = match (decision, action) {
            (Decision::TakeGambit, Action::Take) => return Refusal::DeckEmpty,
            (Decision::GambitCard, Action::Flip) => return Refusal::DeckEmpty,
            (Decision::GambitCard, Action::Play(c))
            | (Decision::Challenge | Decision::Join | Decision::Discard, Action::Lay(c) | Action::Discard(c)) => {
                return if !self.is_pilot(seat) { Refusal::WrongSide } else { Refusal::NoSuchCard(*c) };
            }
            (Decision::Join, Action::LayBlind) => return if self.is_pilot(seat) { Refusal::WrongSide } else { Refusal::DeckEmpty },
            (Decision::PickOutcome, Action::Pick(_)) => return Refusal::OutcomeClosed,
            (Decision::Consequence, Action::Consequence(c)) => {
                let gambit = self.gambit.as_ref().expect("a Gambit");
                let positive = gambit.outcome.map(Outcome::positive).unwrap_or(false);
                return match check_one(positive, c, gambit.pilot, &self.standing) {
                    Err(e) => Refusal::Consequence(e),
                    Ok(()) => Refusal::Consequence(ConsequenceError::Repeated),
                };
            }
            (Decision::Turn, action) => action,
            (Decision::Spoils | Decision::Concession, Action::Spend(card, buy)) => {
                let fight = self.fight.as_ref().expect("a Throwdown");
                if decision == Decision::Concession {
                    return Refusal::NotNow(decision);
                }
                if !fight.spoils.contains(card) {
                    return Refusal::NoSuchCard(*card);
                }
                if card.suit == Suit::Spades && self.table.spades_for_losers {
                    return Refusal::Spend(SpendError::SpadesForLosers);
                }
                if card.suit != Suit::Spades && card.suit != buy.suit() {
                    return Refusal::Spend(SpendError::WrongSuit);
                }
                return Refusal::Spend(SpendError::unavailable(*buy));
            }
            (Decision::Concession, Action::Concede(buy)) => return Refusal::Concession(SpendError::unavailable(*buy)),
            (Decision::Aim, Action::Aim(_)) => return Refusal::BadTarget,
            (Decision::Soak, Action::Soak(_)) => return Refusal::BadSoak,
            _ => return Refusal::NotNow(decision),
        };
        let fight = self.fight.as_ref().expect("a Throwdown");
        match fits {
            Action::Recharge(c) | Action::Push(c) | Action::BeatBack(c) if !held(c) => Refusal::NoSuchCard(*c),
            Action::Recharge(_) if !self.is_pilot(seat) => Refusal::WrongSide,
            Action::Recharge(_) => Refusal::AlreadyUsed,
            Action::Activate(g) | Action::Sacrifice(g) if !self.is_pilot(seat) => {
                let _ = g;
                Refusal::WrongSide
            }
            Action::Activate(g) | Action::Sacrifice(g) if usize::from(*g) >= self.standing.pilots[usize::from(seat)].gear.len() => {
                Refusal::NoSuchThing
            }
            Action::Activate(_) | Action::Sacrifice(_) => Refusal::AlreadyUsed,
            Action::Surge { .. } | Action::SpendOmen if self.is_pilot(seat) => Refusal::WrongSide,
            Action::SpendOmen if self.deck.active_omens() == 0 => Refusal::NoOmen,
            Action::SpendOmen => Refusal::AlreadyUsed,
            Action::Surge { threat, storm, index, cards } => {
                let surges = self
                    .standing
                    .threats
                    .get(usize::from(*threat))
                    .filter(|_| self.involved().contains(threat))
                    .map(|t| if *storm { &t.storms } else { &t.waves });
                if surges.is_none_or(|s| usize::from(*index) >= s.len()) {
                    Refusal::NoSuchThing
                } else if cards.len() != if *storm { 3 } else { 1 } || cards.iter().any(|c| !c.rank.is_face()) {
                    Refusal::NeedsFaces
                } else if cards.iter().any(|c| !held(c)) {
                    Refusal::NoSuchCard(cards[0])
                } else {
                    Refusal::AlreadyUsed
                }
            }
            Action::Push(c) => {
                let top = fight.pile.top().map(|t| t.card);
                if !pushes(*c, top) { Refusal::DoesNotBeat } else { Refusal::OutOfRange }
            }
            Action::BeatBack(_) => Refusal::DoesNotBeat,
            Action::Assist { .. } if !self.is_pilot(seat) => Refusal::WrongSide,
            Action::Assist { .. } if self.next_ally(seat).is_none() => Refusal::NoAlly,
            Action::Assist { discard, give } => {
                let own = &self.stashes[usize::from(seat)];
                if !own.contains(discard) {
                    Refusal::NoSuchCard(*discard)
                } else if let Some(g) = give.filter(|g| !own.contains(g)) {
                    Refusal::NoSuchCard(g)
                } else {
                    Refusal::SameCard
                }
            }
            _ => Refusal::NotNow(decision),
        }
    }
}

/// Every distinct set of three of `faces` (sorted), lowest first: a card equal to the one
/// before it at the same place would give a set already listed, so it is skipped.
fn triples(faces: &[Card]) -> Vec<Vec<Card>> {
    let mut out: Vec<Vec<Card>> = Vec::new();
    let n = faces.len();
    for i in 0..n {
        if i > 0 && faces[i] == faces[i - 1] {
            continue;
        }
        for j in i + 1..n {
            if j > i + 1 && faces[j] == faces[j - 1] {
                continue;
            }
            for k in j + 1..n {
                if k > j + 1 && faces[k] == faces[k - 1] {
                    continue;
                }
                out.push(vec![faces[i], faces[j], faces[k]]);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triples_of_face_cards_are_listed_once_each() {
        let c = |t: &str| Card::try_from(t.to_string()).unwrap();
        let faces: Vec<Card> = ["JC", "JC", "QH", "KS"].map(c).to_vec();
        let sets = triples(&faces);
        assert_eq!(sets.len(), 3, "{sets:?}");
        assert!(sets.contains(&vec![c("JC"), c("JC"), c("QH")]));
        assert!(sets.contains(&vec![c("JC"), c("QH"), c("KS")]));
        assert!(sets.contains(&vec![c("JC"), c("JC"), c("KS")]));
        assert!(triples(&faces[..2]).is_empty());
    }
}
