//! The cards of a match the devices deal between them ([`Game::DEALT`]): the first deal, each
//! key round, the cards a step moves or opens, the worlds filled in for the cards not seen, and
//! the audit at the end.

use super::{Out, Side, Told};
use crate::dealer::{DealMessage, Dealer, Dealt};
use crate::ledger::Ledger;
use crate::places::{Need, Place, Places};
use crate::protocol::{Choice, Device};
use crate::table::hash_of;
use dojo_engine::{Game, GameRecord};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// The cards of a match the devices deal between them ([`Game::DEALT`]): the deal's
/// messages, where each card lies, and the key rounds in which cards are opened.
///
/// A key round is one [`crate::protocol::Body::Keys`] from every device, in the same order
/// on all of them: the first deal's hands and cards face up; each step's cards played (from
/// the hands of the seats whose choices it shows); the deck's top card when the step turns
/// it up; and the hands and cards face up of a deal again. Between rounds every device
/// refills the cards it has not seen ([`Places::fill`]) and plays its copy again from there.
#[derive(Clone)]
pub(super) struct Cards<G: Game> {
    dealer: Dealer,
    places: Places,
    /// The setup as the host sent it: its options, its cards to be replaced by the deal's.
    base: G::Setup,
    /// Key rounds this device has sent, and what it sent in each.
    outbox: Vec<Vec<DealMessage>>,
    /// Key rounds taken in.
    done: u32,
    /// Keys received, by round and device.
    inbox: BTreeMap<u32, BTreeMap<Device, Vec<DealMessage>>>,
    /// What the cards wait for.
    wait: Wait,
    /// The earlier choices shown in the step being dealt; `None` between steps.
    step: Option<Vec<(u32, u8, String)>>,
    /// The last setup the page was told.
    pub(super) told: Option<G::Setup>,
    /// What the step being dealt does with the cards, as far as it is known.
    step_moves: Vec<dojo_engine::CardMove>,
    /// Places being given to their holder in the key round under way: given once it is in.
    giving: Vec<(usize, Vec<Place>)>,
    /// The key round under way passes cards between hands: the giver's device, and the step
    /// and seat of the choice that passed them.
    passing: Option<(Device, u32, u8)>,
    /// Places named in each key round, by round and device (this device's too).
    named: BTreeMap<u32, BTreeMap<Device, Vec<Place>>>,
    /// For each pass of cards between hands so far, in order: the step and seat of the choice.
    pass_at: Vec<(u32, u8)>,
    /// True once the setup's own moves ([`dojo_engine::Dealing::opening`]) were followed.
    opening_done: bool,
    /// The checks of the deck's top drawn together ([`Chances`]).
    chances: Chances,
    /// True once every deal was shown at the end and checked.
    pub(super) audited: bool,
    /// Other devices' choices still face down when the match was decided, shown then.
    pub(super) unveiled: Vec<(u32, u8, String)>,
}

impl<G: Game> std::fmt::Debug for Cards<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cards").field("deals", &self.dealer.deals()).field("rounds", &self.done).field("wait", &self.wait).finish()
    }
}

impl<G: Game> Cards<G> {
    /// The other devices (of `devices`; this one is `me`) that owe the cards a message needing
    /// nobody to choose: their keys of the key round under way, or their pass of a deal.
    pub(super) fn owing(&self, me: Device, devices: u8) -> Vec<Device> {
        match self.wait {
            Wait::Round(round) => (0..devices).filter(|d| *d != me && !self.inbox.get(&round).is_some_and(|r| r.contains_key(d))).collect(),
            Wait::Deal(deal) => self.dealer.due(deal).filter(|d| *d != me).into_iter().collect(),
            Wait::Nothing | Wait::Audit => Vec::new(),
        }
    }
}

/// What a dealt match waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wait {
    /// Nothing: the cards can move on.
    Nothing,
    /// Deal `0` to be ready: then its layout's keys go round.
    Deal(u32),
    /// Key round `0` to be in from every device.
    Round(u32),
    /// The end: every device's secrets.
    Audit,
}

/// The cards of a dealt match: each key round and deal, and what the step waits for.
impl<G: Game> Side<G> {
    /// For a game whose cards the devices deal: begins the first deal. The page hears that the
    /// match started only once this device's cards are open ([`Side::opened_cards`]).
    pub(super) fn start_cards(&mut self, setup: &G::Setup, out: &mut Out<G>) {
        let Some(hooks) = G::DEALT else { return };
        let dealing = hooks.dealing(setup);
        let seats = self.state().map_or(0, G::seat_count);
        let mut places = Places::new(dealing.clone(), seats);
        places.begin_deal(None, 0);
        places.lay_out_first();
        let mut dealer = Dealer::new(G::NAME, dealing.dealt_size(), self.peer.me(), self.peer.devices());
        let begun = dealer.begin(None, deal_secret(&self.secret, 0));
        self.cards = Some(Box::new(Cards {
            dealer,
            places,
            base: setup.clone(),
            outbox: Vec::new(),
            done: 0,
            inbox: BTreeMap::new(),
            wait: Wait::Deal(0),
            step: None,
            told: None,
            step_moves: Vec::new(),
            giving: Vec::new(),
            passing: None,
            named: BTreeMap::new(),
            pass_at: Vec::new(),
            opening_done: false,
            chances: Chances::new(&self.secret),
            audited: false,
            unveiled: Vec::new(),
        }));
        match begun {
            Ok((send, known)) => self.dealt(send, known, out),
            Err(v) => self.stop(v.to_string(), out),
        }
    }

    pub(super) fn cards(&mut self) -> Result<&mut Cards<G>, String> {
        self.cards.as_deref_mut().ok_or_else(|| NOT_DEALT.to_string())
    }

    /// What this device's dealer said: messages to send, deals ready, the audit done.
    pub(super) fn dealt(&mut self, send: Vec<DealMessage>, known: Vec<Dealt>, out: &mut Out<G>) {
        if G::DEALT.is_none() {
            return;
        }
        for message in send {
            out.send.push(self.peer.deal(message));
        }
        let result = if known.contains(&Dealt::Audited) { self.audited(out) } else { self.advance_cards(out) };
        if let Err(reason) = result {
            self.stop(reason, out);
        }
    }

    pub(super) fn deal_message(&mut self, from: Device, message: DealMessage, out: &mut Out<G>) -> Result<(), String> {
        if G::DEALT.is_none() {
            return Err(NOT_DEALT.into());
        }
        let (send, known) = self.cards()?.dealer.receive(from, message).map_err(|v| v.to_string())?;
        self.dealt(send, known, out);
        Ok(())
    }

    pub(super) fn keys_in(
        &mut self,
        from: Device,
        round: u32,
        keys: Vec<DealMessage>,
        chance: Option<[u8; 32]>,
        named: Vec<Place>,
        out: &mut Out<G>,
    ) -> Result<(), String> {
        if G::DEALT.is_none() {
            return Err(NOT_DEALT.into());
        }
        let cards = self.cards()?;
        if round < cards.done || cards.inbox.get(&round).is_some_and(|r| r.contains_key(&from)) {
            return Err(format!("device {from} sent its keys of round {round} twice"));
        }
        if round > cards.done + 64 {
            return Err(format!("device {from} sent keys far ahead of the match"));
        }
        if keys.iter().any(|k| !matches!(k, DealMessage::Keys { .. } | DealMessage::Relayed { .. })) {
            return Err(format!("device {from}'s keys of round {round} hold something else"));
        }
        cards.inbox.entry(round).or_default().insert(from, keys);
        if let Some(part) = chance {
            cards.chances.parts.entry(round).or_default().insert(from, part);
        }
        if !named.is_empty() {
            cards.named.entry(round).or_default().insert(from, named);
        }
        self.advance_cards(out)
    }

    /// Sends this device's keys of the next key round, and waits for every other device's.
    pub(super) fn send_round(&mut self, keys: Vec<DealMessage>, out: &mut Out<G>) -> Result<(), String> {
        self.send_named_round(keys, Vec::new(), out)
    }

    /// [`Side::send_round`], naming the places of a hand this device passed (`named`).
    fn send_named_round(&mut self, keys: Vec<DealMessage>, named: Vec<Place>, out: &mut Out<G>) -> Result<(), String> {
        let me = self.peer.me();
        let cards = self.cards()?;
        let round = cards.outbox.len() as u32;
        cards.outbox.push(keys.clone());
        cards.wait = Wait::Round(round);
        // Round 0 carries the head of every device's chain; a check's round the next value.
        let chance =
            if round == 0 { Some(cards.chances.head()) } else { cards.chances.checking.map(|_| cards.chances.next_own()).transpose()? };
        if let Some(part) = chance {
            cards.chances.parts.entry(round).or_default().insert(me, part);
        }
        if !named.is_empty() {
            cards.named.entry(round).or_default().insert(me, named.clone());
        }
        out.send.push(self.peer.keys(round, keys, chance, named));
        Ok(())
    }

    /// Moves the cards on as far as what has arrived allows.
    pub(super) fn advance_cards(&mut self, out: &mut Out<G>) -> Result<(), String> {
        if G::DEALT.is_none() {
            return Ok(());
        }
        loop {
            let Some(cards) = self.cards.as_deref_mut() else { return Ok(()) };
            match cards.wait {
                Wait::Audit => return Ok(()),
                Wait::Deal(deal) => {
                    if !cards.dealer.is_ready(deal) {
                        return Ok(());
                    }
                    let keys = self.layout_keys(deal)?;
                    self.send_round(keys, out)?;
                }
                Wait::Round(round) => {
                    let others = usize::from(self.peer.devices()) - 1;
                    if cards.inbox.get(&round).is_none_or(|r| r.len() < others) {
                        return Ok(());
                    }
                    self.take_round(round)?;
                    self.cards()?.wait = Wait::Nothing;
                }
                // Between steps there is nothing to move (keys of the next step came early).
                Wait::Nothing if cards.step.is_none() && cards.told.is_some() => return Ok(()),
                Wait::Nothing => return self.cards_moved(out),
            }
        }
    }

    /// The keys this device gives as deal `deal` is laid out: each seat's new cards to the
    /// device that plays it (none for its own), the cards face up to everyone.
    pub(super) fn layout_keys(&mut self, deal: u32) -> Result<Vec<DealMessage>, String> {
        let me = self.peer.me();
        let owners: Vec<Device> = (0..).map_while(|s| self.peer_owner(s)).collect();
        let cards = self.cards()?;
        let zones = if deal == 0 {
            cards.places.zones.clone()
        } else {
            let mut zones = cards.places.zones.clone();
            let moves = cards.step_moves.clone();
            cards.places.follow(&mut zones, &moves).map_err(|e| e.to_string())?;
            zones
        };
        let (hands, up) = cards.places.layout_of(&zones, deal);
        let mut keys = Vec::new();
        for (seat, places) in hands.iter().enumerate() {
            let owner = owners.get(seat).copied().unwrap_or(me);
            if owner != me && !places.is_empty() {
                keys.push(give(&cards.dealer, deal, places, Some(owner))?);
            }
        }
        if !up.is_empty() {
            keys.push(give(&cards.dealer, deal, &up, None)?);
        }
        Ok(keys)
    }

    pub(super) fn peer_owner(&self, seat: u8) -> Option<Device> {
        (0..self.peer.devices()).find(|d| self.peer.seats_of(*d).contains(&seat))
    }

    /// Key round `round` is in: the dealer takes every key, and each card this device can now
    /// open is seen (by everyone, when its keys went to everyone).
    pub(super) fn take_round(&mut self, round: u32) -> Result<(), String> {
        let me = self.peer.me();
        let devices = self.peer.devices();
        let cards = self.cards()?;
        let got = cards.inbox.remove(&round).unwrap_or_default();
        let mine = cards.outbox.get(round as usize).cloned().unwrap_or_default();
        for (from, messages) in &got {
            for message in messages {
                cards.dealer.receive(*from, message.clone()).map_err(|v| v.to_string())?;
            }
        }
        let every: Vec<&DealMessage> = got.values().flatten().chain(&mine).collect();
        for message in every {
            let DealMessage::Keys { deal, to, keys } = message else { continue };
            if to.is_some_and(|t| t != me) {
                continue;
            }
            for (slot, _) in keys {
                let place: Place = (*deal, *slot);
                let card = match cards.places.known(place) {
                    Some(card) => card,
                    None => match cards.dealer.open(*deal, *slot) {
                        Some(Ok(card)) => card,
                        Some(Err(e)) => return Err(format!("a key of round {round} opens no card ({e:?}): a false key")),
                        None => return Err(format!("round {round} left card {slot} of deal {deal} closed")),
                    },
                };
                cards.places.learn(place, card, to.is_none());
            }
        }
        for (seat, places) in std::mem::take(&mut cards.giving) {
            cards.places.mark_given(seat, &places);
        }
        let parts = cards.chances.parts.remove(&round).unwrap_or_default();
        if round == 0 {
            cards.chances.take_heads(&parts, devices)?;
        } else if let Some((at, marked, dealt)) = cards.chances.checking.take() {
            let joint = cards.chances.draw(&parts, devices)?;
            cards.places.record_check(at, crate::places::surfaces(&joint, marked, dealt));
        }
        // The places a giver named: the pass, as every device now follows it.
        let mut named = cards.named.remove(&round).unwrap_or_default();
        let giver = cards.passing.take();
        if let Some((device, step, seat)) = giver {
            let places = named.remove(&device).unwrap_or_default();
            cards.places.record_pass(places);
            cards.pass_at.push((step, seat));
        }
        if let Some((device, _)) = named.iter().find(|(_, places)| !places.is_empty()) {
            return Err(format!("device {device} named cards to pass in round {round}, where it passed none"));
        }
        cards.done = round + 1;
        Ok(())
    }

    /// Every key round so far is in: the cards this device has not seen are filled in, and the
    /// match goes on (the first step begins, or the step being dealt moves on).
    pub(super) fn cards_moved(&mut self, out: &mut Out<G>) -> Result<(), String> {
        let step = self.cards.as_deref().ok_or("no cards")?.step.clone();
        let Some(shown) = step else {
            // The first deal is open: the setup's own moves (a Stash drawn), then the match starts.
            let cards = self.cards()?;
            if cards.told.is_some() {
                return Ok(());
            }
            if !cards.opening_done {
                let opening = cards.places.dealing().opening.clone();
                if !self.follow_all(&opening, out)? {
                    return Ok(());
                }
                self.cards()?.opening_done = true;
            }
            let setup = self.fit(None)?;
            let cards = self.cards()?;
            cards.told = Some(setup.clone());
            let owners = (0..).map_while(|s| self.peer_owner(s)).collect();
            out.told.push(Told::Started { setup, owners, me: self.peer.me() });
            self.begin_next(out);
            return Ok(());
        };
        let opened = self.opened.clone();
        let setup = self.fit(Some((opened.as_slice(), shown.as_slice())))?;
        let ledger = self.ledger.as_ref().ok_or("no match")?;
        let events = ledger.events_of(&self.opened, &self.own, &shown).map_err(|e| e.to_string())?;
        let joints = ledger.joints();
        let moves = G::DEALT.ok_or(NOT_DEALT)?.card_moves(&events);
        self.cards()?.step_moves = moves.clone();
        if !self.follow_all(&moves, out)? {
            return Ok(());
        }
        let cards = self.cards()?;
        cards.step = None;
        if cards.told.as_ref() != Some(&setup) {
            cards.told = Some(setup.clone());
            out.told.push(Told::Seeded { setup, joints });
        }
        self.take_step(&shown, out)
    }

    /// Moves the cards as `moves` say: true once they moved; false when something they need
    /// first (a key round, a deal again) was started instead, to take them up again later.
    fn follow_all(&mut self, moves: &[dojo_engine::CardMove], out: &mut Out<G>) -> Result<bool, String> {
        let cards = self.cards()?;
        let mut zones = cards.places.zones.clone();
        let (_, need) = cards.places.follow(&mut zones, moves).map_err(|e| e.to_string())?;
        if need != Need::Nothing {
            self.meet(need, &zones, out)?;
            return Ok(false);
        }
        self.cards()?.places.zones = zones;
        Ok(true)
    }

    /// Starts what the cards need before they can move on: a key round that opens places to
    /// everyone or to their holder, or a deal again.
    /// `zones` are the cards as far as the moves got.
    fn meet(&mut self, need: Need, zones: &crate::places::Zones, out: &mut Out<G>) -> Result<(), String> {
        let me = self.peer.me();
        let owner_of = |side: &Self, seat: usize| u8::try_from(seat).ok().and_then(|s| side.peer_owner(s)).unwrap_or(me);
        let secret = self.secret;
        match need {
            Need::Nothing => Ok(()),
            Need::Top(place) => {
                let key = give(&self.cards()?.dealer, place.0, &[place], None)?;
                self.send_round(vec![key], out)
            }
            Need::Open(places) => {
                let cards = self.cards()?;
                let keys = by_deal(&places)
                    .into_iter()
                    .map(|(deal, places)| give(&cards.dealer, deal, &places, None))
                    .collect::<Result<Vec<_>, _>>()?;
                self.send_round(keys, out)
            }
            Need::Give { seat, places } => {
                let owner = owner_of(self, seat);
                let cards = self.cards()?;
                // The holder's own device gives no key to itself; it still takes its turn in the round.
                let keys = if owner == me {
                    Vec::new()
                } else {
                    by_deal(&places)
                        .into_iter()
                        .map(|(deal, places)| give(&cards.dealer, deal, &places, Some(owner)))
                        .collect::<Result<Vec<_>, _>>()?
                };
                cards.giving.push((seat, places));
                self.send_round(keys, out)
            }
            Need::Pass { from, count, faces } => {
                // The giver's device names the places of the hand it passed: its own choice's
                // cards first, then those it passes on; every other device takes its turn.
                let giver = owner_of(self, from);
                let step = self.ledger.as_ref().map_or(0, |l| l.len() as u32 + 1);
                let seat = u8::try_from(from).map_err(|_| "a seat past the table")?;
                let mut handed_itself = 0;
                let named = if giver == me {
                    let hooks = G::DEALT.ok_or(NOT_DEALT)?;
                    let mut ordered = self.own.get(from).cloned().flatten().map(|a| hooks.passed_of(&a)).unwrap_or_default();
                    handed_itself = ordered.len();
                    let mut rest = faces.clone();
                    for face in &ordered {
                        let at = rest.iter().position(|f| f == face).ok_or("this device's pass lacks its own card")?;
                        rest.remove(at);
                    }
                    ordered.extend(rest);
                    let cards = self.cards()?;
                    let places = cards
                        .places
                        .to_pass(zones, from, &ordered)
                        .ok_or(format!("Player {}'s hand here lacks a card they passed", from + 1))?;
                    if places.len() != usize::from(count) {
                        return Err(format!("Player {} passed {count} cards, not {}", from + 1, places.len()));
                    }
                    places
                } else {
                    Vec::new()
                };
                // A choice already shown in this step hands on no secret: the cards it handed on
                // itself are opened to everyone as their places are named.
                let shown = self.opened.get(from).is_some_and(|c| matches!(c, Choice::Shown(_)))
                    || self.cards()?.step.as_ref().is_some_and(|s| s.iter().any(|(at, s, _)| *at == step && *s == seat));
                let keys = if giver == me && shown { self.open_to_all(&named[..handed_itself])? } else { Vec::new() };
                self.cards()?.passing = Some((giver, step, seat));
                self.send_named_round(keys, named, out)
            }
            Need::Check { marked, cards: dealt, at } => {
                self.cards()?.chances.checking = Some((at, marked, dealt));
                self.send_round(Vec::new(), out)
            }
            Need::Deal(pool, marks) => {
                let cards = self.cards()?;
                let deal = cards.dealer.deals();
                cards.places.begin_deal(pool.clone(), marks);
                cards.wait = Wait::Deal(deal);
                let (send, known) = cards.dealer.begin(pool, deal_secret(&secret, deal)).map_err(|v| v.to_string())?;
                self.dealt(send, known, out);
                Ok(())
            }
        }
    }

    /// After a step's choices are settled, in a dealt match: the step moves the cards once
    /// every key it needs is in.
    pub(super) fn open_plays(&mut self, shown: &[(u32, u8, String)], out: &mut Out<G>) -> Result<(), String> {
        let cards = self.cards()?;
        cards.step = Some(shown.to_vec());
        cards.step_moves = Vec::new();
        cards.wait = Wait::Nothing;
        self.advance_cards(out)
    }

    /// Before this device shows its choices, in a dealt match: it opens to everyone the cards
    /// of `acts` (seat, faces) they play, each at the first place in the seat's hand with that
    /// face that is not open yet, so that every device holds those cards when it checks them.
    /// The keys that open `places` (of this device's hand, or handed on from it) to everyone:
    /// its own, and with more than two devices those the others gave it. Each is seen here as
    /// open to all.
    fn open_to_all(&mut self, places: &[Place]) -> Result<Vec<DealMessage>, String> {
        let devices = self.peer.devices();
        let cards = self.cards()?;
        let mut by_deal: BTreeMap<u32, Vec<Place>> = BTreeMap::new();
        for &place in places {
            if cards.places.is_public(place) {
                continue;
            }
            let card = cards.places.known(place).ok_or("a card this device handed on is not known here")?;
            cards.places.learn(place, card, true);
            by_deal.entry(place.0).or_default().push(place);
        }
        let mut keys = by_deal.iter().map(|(deal, places)| give(&cards.dealer, *deal, places, None)).collect::<Result<Vec<_>, _>>()?;
        if devices > 2 {
            for (deal, places) in &by_deal {
                let slots: Vec<u16> = places.iter().map(|p| p.1).collect();
                keys.extend(cards.dealer.relay(*deal, &slots).ok_or("this device lacks another's key for a card it held")?);
            }
        }
        Ok(keys)
    }

    /// `handed` are (step, seat) of choices that handed cards on, shown now: the places of the
    /// cards they handed on themselves ([`dojo_engine::Dealt::passed_of`]) are opened too,
    /// wherever those cards lie now.
    pub(super) fn open_own(&mut self, acts: &[(u8, Vec<u16>)], handed: &[(u32, u8, usize)], out: &mut Out<G>) -> Result<(), String> {
        if G::DEALT.is_none() || self.cards.is_none() {
            return Ok(());
        }
        let cards = self.cards()?;
        let mut faces: BTreeMap<usize, Vec<u16>> = BTreeMap::new();
        for (seat, played) in acts {
            faces.entry(usize::from(*seat)).or_default().extend(played);
        }
        let mut places = Vec::new();
        for (seat, faces) in faces {
            places.extend(cards.places.to_open(seat, &faces).ok_or(format!("Player {}'s hand here lacks a card they played", seat + 1))?);
        }
        for (step, seat, count) in handed {
            let n = cards.pass_at.iter().position(|at| *at == (*step, *seat)).ok_or("a choice shown here handed on no cards")?;
            places.extend(cards.places.pass(n).unwrap_or_default().iter().take(*count).copied());
        }
        let keys = self.open_to_all(&places)?;
        if !keys.is_empty() {
            out.send.push(self.peer.opens(keys));
        }
        Ok(())
    }

    /// Another device opened the cards its choices about to be shown play: this device sees
    /// them, and plays its copy again from a world that holds them.
    pub(super) fn opens_in(&mut self, from: Device, keys: Vec<DealMessage>) -> Result<(), String> {
        if G::DEALT.is_none() {
            return Err(NOT_DEALT.into());
        }
        let cards = self.cards()?;
        // Every key first (another device's keys passed on may come after the sender's own),
        // then the cards they open.
        let mut opened = Vec::new();
        for message in &keys {
            match message {
                DealMessage::Keys { deal, to: None, keys: slots } => opened.extend(slots.iter().map(|(slot, _)| (*deal, *slot))),
                DealMessage::Relayed { .. } => {}
                _ => return Err(format!("device {from} opened cards to only some devices")),
            }
            cards.dealer.receive(from, message.clone()).map_err(|v| v.to_string())?;
        }
        for (deal, slot) in opened {
            let card = match cards.dealer.open(deal, slot) {
                Some(Ok(card)) => card,
                Some(Err(e)) => return Err(format!("device {from}'s key opens no card ({e:?}): a false key")),
                None => return Err(format!("device {from} opened card {slot} of deal {deal}, which this device cannot read")),
            };
            cards.places.learn((deal, slot), card, true);
        }
        self.fit(None).map(|_| ())
    }

    /// Fills in the cards this device has not seen so that its copy plays: the first of a few
    /// worlds, each laying the unseen cards in another order ([`Places::fill`]), in which every
    /// step so far, and the step `pending` (its choices and the earlier ones it shows), has a
    /// stand-in of the right outline for each face-down choice of another device. Every such
    /// world shows this device the same. The setup its copy now plays from, or why none fits.
    pub(super) fn fit(&mut self, pending: Option<Pending<'_>>) -> Result<G::Setup, String> {
        let hooks = G::DEALT.ok_or(NOT_DEALT)?;
        let cards = self.cards.as_deref().ok_or("no cards")?;
        let ledger = self.ledger.as_ref().ok_or("cards came before the match started")?;
        let mut why = String::new();
        for order in 0..WORLDS_TO_TRY {
            let (orders, passed) = cards.places.fill_with_passes(order).map_err(|e| e.to_string())?;
            let setup = hooks.dealt_setup(&cards.base, &orders);
            let mut trial = ledger.clone();
            // Another device's choice that passed cards hands on the cards its device named.
            trial.prefer(cards.pass_at.iter().copied().zip(passed).collect());
            let plays = trial
                .resetup(setup.clone())
                .and_then(|()| match pending {
                    Some((choices, shown)) => trial.plays(choices, &self.own, shown).map_err(|e| e.to_string()),
                    None => Ok(()),
                })
                .and_then(|()| match trial.passes_agree(pending.map(|(choices, shown)| (choices, self.own.as_slice(), shown))) {
                    true => Ok(()),
                    false => Err("a pass moves other cards than its giver named".to_string()),
                });
            match plays {
                Ok(()) => {
                    self.ledger = Some(trial);
                    return Ok(setup);
                }
                Err(e) => why = e,
            }
        }
        Err(format!("the cards opened so far do not play: {why}"))
    }

    /// Tells the page the setup its copy plays from changed, in a dealt match (not before the
    /// first deal is open).
    pub(super) fn tell_setup(&mut self, setup: G::Setup, out: &mut Out<G>) {
        let joints = self.ledger.as_ref().map(Ledger::joints).unwrap_or_default();
        let Some(cards) = self.cards.as_deref_mut() else { return };
        if cards.told.is_some() && cards.told.as_ref() != Some(&setup) {
            cards.told = Some(setup.clone());
            out.told.push(Told::Seeded { setup, joints });
        }
    }

    /// Once the match is decided, each device shows the secrets of its deals.
    pub(super) fn audit_at_end(&mut self, out: &mut Out<G>) {
        if G::DEALT.is_none() {
            return;
        }
        let over = self.state().is_some_and(|s| s.outcome().is_some());
        let Some(cards) = self.cards.as_deref_mut() else { return };
        if !over || cards.wait == Wait::Audit {
            return;
        }
        cards.wait = Wait::Audit;
        // Choices still face down (plans a game's end left unplayed) go first, so that every
        // device holds the whole match when the deals are shown.
        out.send.push(self.peer.unveil());
        let Some(cards) = self.cards.as_deref_mut() else { return };
        match cards.dealer.audit() {
            Ok((message, known)) => self.dealt(vec![message], known, out),
            Err(v) => self.stop(v.to_string(), out),
        }
    }

    /// Every deal is shown: the true setup, checked to play the match as agreed, for the page.
    pub(super) fn audited(&mut self, out: &mut Out<G>) -> Result<(), String> {
        let hooks = G::DEALT.ok_or(NOT_DEALT)?;
        let cards = self.cards.as_deref().ok_or("no cards")?;
        let orders = cards.places.with_marks(cards.dealer.orders().map_err(|v| v.to_string())?);
        let setup = hooks.dealt_setup(&cards.base, &orders);
        let ledger = self.ledger.as_ref().ok_or("no match")?;
        let truth =
            ledger.unveiled(setup.clone(), &cards.unveiled).map_err(|e| format!("the match does not play from the cards as dealt: {e}"))?;
        if truth.has_face_down() {
            return Err("a device kept choices face down after the match was decided".into());
        }
        let joints = truth.joints();
        let record = GameRecord::<G> { actions: joints.clone(), ..GameRecord::new(setup.clone()) };
        let end = record.replay().map_err(|e| format!("the match does not play from the cards as dealt: {e}"))?;
        if hash_of(&end) != hash_of(ledger.state()) {
            return Err("the cards as dealt end the match otherwise than the devices agreed".into());
        }
        self.ledger = Some(truth);
        let cards = self.cards()?;
        cards.audited = true;
        cards.told = Some(setup.clone());
        out.told.push(Told::Seeded { setup, joints });
        Ok(())
    }
}

/// A step being decided: its choices, and the earlier face-down ones it shows.
type Pending<'a> = (&'a [Choice], &'a [(u32, u8, String)]);

/// Worlds a device tries before it gives up on filling in the cards it has not seen so that
/// another device's face-down choices have stand-ins ([`Side::fit`]).
const WORLDS_TO_TRY: u64 = 200;

/// Why a deal message is refused in a match whose cards are not dealt.
const NOT_DEALT: &str = "a deal message came in a match whose cards are not dealt";

/// Checks of the deck's top drawn by every device together (does a card shuffled in face up,
/// a FUSION Joker, lie there?), with no round of its own: each device commits at the start
/// to the head of a chain of hashes of its secret, sent in key round 0, and in each round that
/// checks the top it sends the value before the last one shown, which every device checks
/// hashes to it. No device can change its values once the head is sent, nor foresee another's,
/// so the joint draw (a hash of every device's value, in device order) is nobody's choice.
#[derive(Clone, Debug)]
struct Chances {
    /// This device's chain, the head last: value `i` hashes to value `i + 1`.
    own: Vec<[u8; 32]>,
    /// Values of this device's chain shown so far.
    shown: usize,
    /// Each device's last value shown (its head at first).
    last: BTreeMap<Device, [u8; 32]>,
    /// Parts received, by round and device.
    parts: BTreeMap<u32, BTreeMap<Device, [u8; 32]>>,
    /// The check under way: the place of the dealt card on top, the marked cards and the
    /// dealt cards left.
    checking: Option<(Place, u8, u16)>,
    /// Checks drawn so far.
    drawn: u32,
}

/// The most checks of the top one match may draw: a long FUSION evening looks at the top a
/// few hundred times.
const MAX_CHECKS: usize = 4096;

impl Chances {
    fn new(secret: &[u8; 32]) -> Chances {
        let mut own = Vec::with_capacity(MAX_CHECKS + 1);
        own.push(Sha256::digest([&secret[..], b"pocket-dojo chances"].concat()).into());
        while own.len() <= MAX_CHECKS {
            let next: [u8; 32] = Sha256::digest(own[own.len() - 1]).into();
            own.push(next);
        }
        Chances { own, shown: 0, last: BTreeMap::new(), parts: BTreeMap::new(), checking: None, drawn: 0 }
    }

    /// The head of this device's chain.
    fn head(&self) -> [u8; 32] {
        self.own[MAX_CHECKS]
    }

    /// This device's next value.
    fn next_own(&mut self) -> Result<[u8; 32], String> {
        self.shown += 1;
        MAX_CHECKS
            .checked_sub(self.shown)
            .map(|i| self.own[i])
            .ok_or_else(|| format!("the match looked at the deck's top more than {MAX_CHECKS} times"))
    }

    /// Round 0 is in: every device's head.
    fn take_heads(&mut self, parts: &BTreeMap<Device, [u8; 32]>, devices: u8) -> Result<(), String> {
        for d in 0..devices {
            let head = parts.get(&d).ok_or(format!("device {d} sent no head of its chances"))?;
            self.last.insert(d, *head);
        }
        Ok(())
    }

    /// A check's round is in: each device's value, checked against its chain, and the draw.
    fn draw(&mut self, parts: &BTreeMap<Device, [u8; 32]>, devices: u8) -> Result<[u8; 32], String> {
        let mut hasher = Sha256::new_with_prefix(b"pocket-dojo check");
        hasher.update(self.drawn.to_le_bytes());
        for d in 0..devices {
            let part = parts.get(&d).ok_or(format!("device {d} sent no part of a check of the deck's top"))?;
            let last = self.last.get(&d).ok_or(format!("device {d} sent no head of its chances"))?;
            if <[u8; 32]>::from(Sha256::digest(part)) != *last {
                return Err(format!("device {d}'s part of a check of the deck's top is not the next of its chain: a forged draw"));
            }
            self.last.insert(d, *part);
            hasher.update(part);
        }
        self.drawn += 1;
        Ok(hasher.finalize().into())
    }
}

/// `places` grouped by their deal.
fn by_deal(places: &[Place]) -> BTreeMap<u32, Vec<Place>> {
    let mut grouped: BTreeMap<u32, Vec<Place>> = BTreeMap::new();
    for place in places {
        grouped.entry(place.0).or_default().push(*place);
    }
    grouped
}

/// This device's keys for `places` of deal `deal`, for `to` (or everyone).
fn give(dealer: &Dealer, deal: u32, places: &[Place], to: Option<Device>) -> Result<DealMessage, String> {
    let slots: Vec<u16> = places.iter().map(|p| p.1).collect();
    dealer.give(deal, &slots, to).ok_or_else(|| format!("this device holds no keys for deal {deal}"))
}

/// This device's secret for deal `deal`, from its secret.
fn deal_secret(secret: &[u8; 32], deal: u32) -> [u8; 32] {
    Sha256::digest([&secret[..], b"pocket-dojo deal", &deal.to_le_bytes()].concat()).into()
}
