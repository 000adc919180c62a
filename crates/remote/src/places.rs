//! Where every card of a match dealt between devices ([`crate::dealer`]) lies, as places of
//! the deals, on one device: the hands, the deck and the cards face up, moved by what each step
//! did ([`CardMove`]), and what this device has seen of each deal. From it come the pool of
//! each deal again, the places whose keys go to whom, and, through [`crate::filling`], a world
//! in which the engine plays this device's copy of the match.
//!
//! Every device keeps the same places; only what each has seen differs. A place is *public*
//! once every device's key for it went to everyone: a card played, turned up from the deck or
//! shown out of play.

use crate::deal::Pooled;
use crate::filling::{DealSight, fill_in_order};
use dojo_engine::{CardMove, Dealing};
use std::collections::{BTreeMap, BTreeSet};

/// One card's place: the deal, and its position in that deal's order.
pub type Place = (u32, u16);

/// Where the cards lie between deals: the part of [`Places`] a step moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zones {
    /// Each seat's hand, in the order its cards were dealt.
    pub hands: Vec<Vec<Place>>,
    /// The deck, top card first (all of the last deal).
    pub deck: Vec<Place>,
    /// The cards face up outside the hands and the deck.
    pub face_up: Vec<Place>,
    /// Cards laid face down from the deck that no one has seen, the oldest first.
    pub hidden: Vec<Place>,
    /// Deals laid out so far.
    pub laid: u32,
    /// Passes of cards between hands followed so far ([`Places::passes`]).
    pub passes: usize,
    /// Marked cards still in the deck, face up under the dealt ones ([`Dealing::marked`]).
    pub marked: u8,
    /// Whether the deck's top has been looked at since it last changed: a marked card there
    /// surfaced, or an ordinary one is known to lie there.
    pub settled: bool,
    /// Checks of the top followed so far (of those recorded by [`Places::record_check`]).
    pub checks: usize,
}

/// Why a step's cards cannot be followed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaceError {
    /// A card played that its player never showed: no public place in the hand has its face.
    NotShown {
        /// The seat.
        seat: u8,
    },
    /// The deck ran out.
    EmptyDeck,
    /// A card face up whose face is not known to every device.
    Unseen,
    /// What this device has seen fits no deal of the deck (a device cheated, or a key lied).
    NoWorld,
    /// A card turned face up from no card laid face down.
    NothingHidden,
    /// Cards passed that the giver's hand does not hold, or a number of them other than the
    /// step's.
    BadPass {
        /// The giver's seat.
        seat: u8,
    },
}

impl std::fmt::Display for PlaceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlaceError::NotShown { seat } => {
                write!(f, "Player {} played a card whose place in their hand they never opened", u16::from(*seat) + 1)
            }
            PlaceError::EmptyDeck => write!(f, "a card was taken from an empty deck"),
            PlaceError::Unseen => write!(f, "a card face up was never opened to every device"),
            PlaceError::NoWorld => write!(f, "the cards opened so far cannot come from one deck: a deal or a key was false"),
            PlaceError::NothingHidden => write!(f, "a card was turned face up where none lay face down"),
            PlaceError::BadPass { seat } => {
                write!(f, "Player {} passed cards their hand does not hold, or too many or too few", u16::from(*seat) + 1)
            }
        }
    }
}

/// What the next move needs before this device can follow it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Need {
    /// Nothing: the move was followed.
    Nothing,
    /// The deck's top card must be opened to everyone.
    Top(Place),
    /// A deal again of `pool` (the deck, locked, and the cards face up), to lay out as the move
    /// says, with this many marked cards shuffled in by the devices' joint checks.
    Deal(Option<Vec<Pooled>>, u8),
    /// The devices must draw together whether a marked card lies on top: one of `marked` among
    /// `marked + cards` ([`surfaces`]), the top's dealt card being `at` (its deal and place).
    Check {
        /// Marked cards left in the deck.
        marked: u8,
        /// Dealt cards left in the deck.
        cards: u16,
        /// The place of the dealt card on top.
        at: Place,
    },
    /// These places must be opened to everyone (a card laid face down turned up, a hand shown).
    Open(Vec<Place>),
    /// These places, new in `seat`'s hand, must be opened to the device that plays it.
    Give {
        /// The holder.
        seat: usize,
        /// The places.
        places: Vec<Place>,
    },
    /// The device that plays `from` must name the places of its hand it passes (`count` of
    /// them) in a key round, once the step is played.
    Pass {
        /// The giver.
        from: usize,
        /// How many.
        count: u8,
        /// Their faces as this device's copy holds them (true on the giver's device).
        faces: Vec<u16>,
    },
}

/// A world filled in ([`Places::fill_with_passes`]): each deal's order of card numbers, and
/// the faces each pass of cards between hands moved in it.
pub type FilledWorld = (Vec<Vec<u16>>, Vec<Vec<u16>>);

/// Every card's place on one device, and what it has seen.
#[derive(Clone, Debug)]
pub struct Places {
    dealing: Dealing,
    /// Each deal's pool and the cards this device has seen in it.
    sights: Vec<DealSight>,
    /// Places every device has seen.
    public: BTreeSet<Place>,
    /// Places opened to the device of a seat that holds them (drawn or passed to it), once
    /// every device gave its key, with that seat.
    given: BTreeSet<(Place, usize)>,
    /// The places each pass of cards between hands moved, in the order the givers named them.
    passes: Vec<Vec<Place>>,
    /// Each check of the top so far, in order: the place of the dealt card on top, and whether
    /// a marked card surfaced above it.
    checks: Vec<(Place, bool)>,
    /// Marked cards shuffled into each deal.
    deal_marks: Vec<u8>,
    /// Where the cards lie.
    pub zones: Zones,
}

/// The deck's places as the first part of a deal again's pool, still locked; every one must be
/// of the last deal laid out.
fn locked_deck(zones: &Zones) -> Result<Vec<Pooled>, PlaceError> {
    let last = zones.laid.checked_sub(1).ok_or(PlaceError::NoWorld)?;
    zones.deck.iter().map(|p| if p.0 == last { Ok(Pooled::Locked { slot: usize::from(p.1) }) } else { Err(PlaceError::NoWorld) }).collect()
}

/// Whether a marked card lies on the deck's top, drawn from `chance` (32 bytes no device chose
/// alone): one of `marked` among `marked + cards` cards, each equally likely to be on top, as
/// in a shuffled deck. Each such draw, made as a new top shows, lays the marked cards exactly
/// as a shuffle of the whole deck would.
pub fn surfaces(chance: &[u8; 32], marked: u8, cards: u16) -> bool {
    let mut first = [0u8; 8];
    first.copy_from_slice(&chance[..8]);
    let total = u64::from(marked) + u64::from(cards);
    total > 0 && u64::from_le_bytes(first) % total < u64::from(marked)
}

impl Places {
    /// No deal yet, for a game of `dealing` with `seats` seats.
    pub fn new(dealing: Dealing, seats: usize) -> Places {
        Places {
            dealing,
            sights: Vec::new(),
            public: BTreeSet::new(),
            given: BTreeSet::new(),
            passes: Vec::new(),
            checks: Vec::new(),
            deal_marks: Vec::new(),
            zones: Zones {
                hands: vec![Vec::new(); seats],
                deck: Vec::new(),
                face_up: Vec::new(),
                hidden: Vec::new(),
                laid: 0,
                passes: 0,
                marked: 0,
                settled: true,
                checks: 0,
            },
        }
    }

    /// The game's deck.
    pub fn dealing(&self) -> &Dealing {
        &self.dealing
    }

    /// Deals begun.
    pub fn deals(&self) -> u32 {
        self.sights.len() as u32
    }

    /// Records the next deal's pool (`None`: the whole deck, with every marked card) as it
    /// begins; `marks` marked cards are shuffled into a deal again.
    pub fn begin_deal(&mut self, pool: Option<Vec<Pooled>>, marks: u8) {
        let marks = if pool.is_none() { self.dealing.size() - self.dealing.dealt_size() } else { u16::from(marks) };
        self.deal_marks.push(marks as u8);
        self.sights.push(DealSight { pool, known: BTreeMap::new() });
    }

    /// The devices drew whether a marked card lay on top of the dealt card at `at`.
    pub fn record_check(&mut self, at: Place, surfaced: bool) {
        self.checks.push((at, surfaced));
    }

    /// Looks at the deck's top until a dealt card lies there (or the deck is out of them): each
    /// marked card found there surfaces. `None` when that is settled; otherwise the check the
    /// devices must draw next.
    fn settle(&self, zones: &mut Zones) -> Option<Need> {
        while !zones.settled {
            let Some(top) = zones.deck.first().copied() else {
                // No dealt card is left: every marked one surfaces.
                zones.marked = 0;
                zones.settled = true;
                break;
            };
            if zones.marked == 0 {
                zones.settled = true;
                break;
            }
            match self.checks.get(zones.checks) {
                None => return Some(Need::Check { marked: zones.marked, cards: zones.deck.len() as u16, at: top }),
                Some((_, true)) => zones.marked -= 1,
                Some((_, false)) => zones.settled = true,
            }
            zones.checks += 1;
        }
        None
    }

    /// Takes the deck's top dealt card, the top settled first and after.
    fn take_top(&self, zones: &mut Zones) -> Result<Result<Place, Need>, PlaceError> {
        if let Some(need) = self.settle(zones) {
            return Ok(Err(need));
        }
        if zones.deck.is_empty() {
            return Err(PlaceError::EmptyDeck);
        }
        let top = zones.deck.remove(0);
        zones.settled = false;
        Ok(Ok(top))
    }

    /// The card at `place`, if this device has seen it.
    pub fn known(&self, place: Place) -> Option<u16> {
        self.sights.get(place.0 as usize)?.known.get(&place.1).copied()
    }

    /// This device has seen `card` at `place`; `public` when every device has.
    pub fn learn(&mut self, place: Place, card: u16, public: bool) {
        if let Some(sight) = self.sights.get_mut(place.0 as usize) {
            sight.known.insert(place.1, card);
        }
        if public {
            self.public.insert(place);
        }
    }

    /// True once every device has seen the card at `place`.
    pub fn is_public(&self, place: Place) -> bool {
        self.public.contains(&place)
    }

    /// Every device gave its key for `places` to the device that plays `seat`.
    pub fn mark_given(&mut self, seat: usize, places: &[Place]) {
        self.given.extend(places.iter().map(|p| (*p, seat)));
    }

    /// The giver's device named `places` of its hand for the next pass of cards.
    pub fn record_pass(&mut self, places: Vec<Place>) {
        self.passes.push(places);
    }

    /// The places pass `n` (from 0) moved, in the order its giver named them.
    pub fn pass(&self, n: usize) -> Option<&[Place]> {
        self.passes.get(n).map(Vec::as_slice)
    }

    /// Passes named so far.
    pub fn passes(&self) -> usize {
        self.passes.len()
    }

    /// For the giver `seat`'s device: the places of its hand holding `faces`, each the first
    /// with that face not taken already. `None` when the hand lacks one.
    pub fn to_pass(&self, zones: &Zones, seat: usize, faces: &[u16]) -> Option<Vec<Place>> {
        let hand = zones.hands.get(seat)?;
        let mut picked: Vec<Place> = Vec::new();
        for face in faces {
            let place = hand.iter().find(|p| !picked.contains(p) && self.face(**p) == Some(*face)).copied()?;
            picked.push(place);
        }
        Some(picked)
    }

    /// The faces of each pass's places in the world `dealt` (each deal's order of card
    /// numbers, before the marked cards are laid in), in the order the givers named them.
    pub fn pass_faces(&self, dealt: &[Vec<u16>]) -> Vec<Vec<u16>> {
        let face = |(deal, slot): &Place| {
            dealt.get(*deal as usize).and_then(|d| d.get(usize::from(*slot))).and_then(|c| self.dealing.faces.get(usize::from(*c))).copied()
        };
        self.passes.iter().map(|places| places.iter().filter_map(face).collect()).collect()
    }

    fn face(&self, place: Place) -> Option<u16> {
        self.known(place).and_then(|c| self.dealing.faces.get(usize::from(c)).copied())
    }

    /// For the player of `seat`, whose shown choices play cards of `faces`: the places in its
    /// hand to open to everyone, each the first not yet public with that face, unless one with
    /// that face is open already (a card handed on by a choice since shown), which the play then
    /// takes ([`CardMove::Played`] takes the first open one). `None` when the hand lacks one
    /// (this device does not hold that hand, or the choice was illegal).
    pub fn to_open(&self, seat: usize, faces: &[u16]) -> Option<Vec<Place>> {
        let hand = self.zones.hands.get(seat)?;
        let mut picked: Vec<Place> = Vec::new();
        for face in faces {
            let with_face = |p: &&Place| !picked.contains(p) && self.face(**p) == Some(*face);
            let place = hand
                .iter()
                .filter(with_face)
                .find(|p| self.is_public(**p))
                .or_else(|| hand.iter().filter(with_face).find(|p| !self.is_public(**p)))
                .copied()?;
            picked.push(place);
        }
        Some(picked)
    }

    /// Follows `moves` on `zones` as far as this device can: how far it got and what the next
    /// move needs (a deal begun but not laid out yet is laid out from its recorded pool).
    pub fn follow(&self, zones: &mut Zones, moves: &[CardMove]) -> Result<(usize, Need), PlaceError> {
        for (done, m) in moves.iter().enumerate() {
            match m {
                CardMove::Played { seat, face } => {
                    let hand = zones.hands.get_mut(seat.index()).ok_or(PlaceError::NotShown { seat: seat.0 })?;
                    // The first public place with that face: the one its player opened for it.
                    let at = hand
                        .iter()
                        .position(|p| self.is_public(*p) && self.face(*p) == Some(*face))
                        .ok_or(PlaceError::NotShown { seat: seat.0 })?;
                    zones.face_up.push(hand.remove(at));
                }
                CardMove::TopShown => {
                    if let Some(need) = self.settle(zones) {
                        return Ok((done, need));
                    }
                    let top = *zones.deck.first().ok_or(PlaceError::EmptyDeck)?;
                    if !self.is_public(top) {
                        return Ok((done, Need::Top(top)));
                    }
                    match self.take_top(zones)? {
                        Ok(place) => zones.face_up.push(place),
                        Err(need) => return Ok((done, need)),
                    }
                }
                CardMove::Reshuffled { draws, shown } => {
                    let pool = self.pool(zones)?;
                    if zones.laid as usize >= self.sights.len() {
                        return Ok((done, Need::Deal(Some(pool), 0)));
                    }
                    if self.sights[zones.laid as usize].pool.as_ref() != Some(&pool) {
                        return Err(PlaceError::NoWorld);
                    }
                    zones.face_up.clear();
                    self.lay_out(zones, draws, *shown);
                }
                CardMove::Redealt { hands, shown } => {
                    if zones.laid as usize >= self.sights.len() {
                        return Ok((done, Need::Deal(None, 0)));
                    }
                    zones.face_up.clear();
                    zones.hands.iter_mut().for_each(Vec::clear);
                    self.lay_out(zones, hands, *shown);
                }
                CardMove::Drawn { seat, count } => {
                    let n = usize::from(*count);
                    if zones.deck.len() < n {
                        return Err(PlaceError::EmptyDeck);
                    }
                    let drawn: Vec<Place> = zones.deck[..n].to_vec();
                    if drawn.iter().any(|p| !self.given.contains(&(*p, seat.index()))) {
                        return Ok((done, Need::Give { seat: seat.index(), places: drawn }));
                    }
                    for _ in 0..n {
                        match self.take_top(zones)? {
                            Ok(place) => zones.hands.get_mut(seat.index()).ok_or(PlaceError::NotShown { seat: seat.0 })?.push(place),
                            Err(need) => return Ok((done, need)),
                        }
                    }
                }
                CardMove::TopHidden => match self.take_top(zones)? {
                    Ok(place) => zones.hidden.push(place),
                    Err(need) => return Ok((done, need)),
                },
                CardMove::HiddenShown => {
                    let oldest = *zones.hidden.first().ok_or(PlaceError::NothingHidden)?;
                    if !self.is_public(oldest) {
                        return Ok((done, Need::Open(vec![oldest])));
                    }
                    zones.face_up.push(zones.hidden.remove(0));
                }
                CardMove::HandShown { seat } => {
                    let hand = zones.hands.get_mut(seat.index()).ok_or(PlaceError::NotShown { seat: seat.0 })?;
                    let closed: Vec<Place> = hand.iter().copied().filter(|p| !self.is_public(*p)).collect();
                    if !closed.is_empty() {
                        return Ok((done, Need::Open(closed)));
                    }
                    zones.face_up.append(hand);
                }
                CardMove::Passed { from, to, count, faces } => {
                    let Some(places) = self.passes.get(zones.passes) else {
                        return Ok((done, Need::Pass { from: from.index(), count: *count, faces: faces.clone() }));
                    };
                    let bad = PlaceError::BadPass { seat: from.0 };
                    let hand = zones.hands.get_mut(from.index()).ok_or(bad.clone())?;
                    if places.len() != usize::from(*count) || places.iter().any(|p| !hand.contains(p)) {
                        return Err(bad);
                    }
                    let fresh: Vec<Place> =
                        places.iter().copied().filter(|p| !self.given.contains(&(*p, to.index())) && !self.is_public(*p)).collect();
                    if !fresh.is_empty() {
                        return Ok((done, Need::Give { seat: to.index(), places: fresh }));
                    }
                    hand.retain(|p| !places.contains(p));
                    zones.hands.get_mut(to.index()).ok_or(bad)?.extend(places.iter().copied());
                    zones.passes += 1;
                }
                CardMove::Restocked { faces } => {
                    if let Some(need) = self.settle(zones) {
                        return Ok((done, need));
                    }
                    let marks = faces.iter().filter(|f| self.dealing.marked.contains(f)).count() as u8;
                    let dealt_faces: Vec<u16> = faces.iter().copied().filter(|f| !self.dealing.marked.contains(f)).collect();
                    let pool = self.restock_pool(zones, &dealt_faces)?;
                    if zones.laid as usize >= self.sights.len() {
                        return Ok((done, Need::Deal(Some(pool), marks)));
                    }
                    if self.sights[zones.laid as usize].pool.as_ref() != Some(&pool) {
                        return Err(PlaceError::NoWorld);
                    }
                    let mut taken = Vec::new();
                    for face in &dealt_faces {
                        let at = zones
                            .face_up
                            .iter()
                            .position(|p| !taken.contains(p) && self.face(*p) == Some(*face))
                            .ok_or(PlaceError::Unseen)?;
                        taken.push(zones.face_up[at]);
                    }
                    zones.face_up.retain(|p| !taken.contains(p));
                    let seats = zones.hands.len();
                    self.lay_out(zones, &vec![0; seats], 0);
                }
            }
        }
        // Whatever the last move left on top is looked at within the step, as the rules do.
        if let Some(need) = self.settle(zones) {
            return Ok((moves.len(), need));
        }
        Ok((moves.len(), Need::Nothing))
    }

    /// The first deal, as the game deals it at the start.
    pub fn lay_out_first(&mut self) {
        let mut zones = self.zones.clone();
        let (hands, shown) = (self.dealing.hands.clone(), self.dealing.shown);
        self.lay_out(&mut zones, &hands, shown);
        self.zones = zones;
    }

    /// Lays out deal `zones.laid`: `draws[s]` places to seat `s`, seat by seat, then `shown`
    /// face up, the rest as the deck.
    fn lay_out(&self, zones: &mut Zones, draws: &[u8], shown: u8) {
        let deal = zones.laid;
        let size = self.size_of(deal);
        let mut slots = (0..size).map(|s| (deal, s));
        for (hand, n) in zones.hands.iter_mut().zip(draws) {
            hand.extend(slots.by_ref().take(usize::from(*n)));
        }
        zones.face_up.extend(slots.by_ref().take(usize::from(shown)));
        zones.deck = slots.collect();
        zones.marked += self.deal_marks.get(deal as usize).copied().unwrap_or(0);
        zones.settled = false;
        zones.laid += 1;
    }

    /// Cards in deal `deal`.
    pub fn size_of(&self, deal: u32) -> u16 {
        match self.sights.get(deal as usize).and_then(|s| s.pool.as_ref()) {
            Some(pool) => pool.len() as u16,
            None => self.dealing.dealt_size(),
        }
    }

    /// The pool of a deal again from `zones`: the deck's places, still locked, then the cards
    /// face up by number, smallest first. Every card face up must be public.
    fn pool(&self, zones: &Zones) -> Result<Vec<Pooled>, PlaceError> {
        let mut pool = locked_deck(zones)?;
        let mut up = Vec::new();
        for p in &zones.face_up {
            up.push(self.known(*p).filter(|_| self.is_public(*p)).ok_or(PlaceError::Unseen)?);
        }
        up.sort_unstable();
        pool.extend(up.into_iter().map(Pooled::FaceUp));
        Ok(pool)
    }

    /// The pool of a restock from `zones`: the deck's places, still locked, then the cards
    /// face up with `faces` (the first public place of each face, in order), by number,
    /// smallest first.
    fn restock_pool(&self, zones: &Zones, faces: &[u16]) -> Result<Vec<Pooled>, PlaceError> {
        let mut pool = locked_deck(zones)?;
        let mut taken: Vec<Place> = Vec::new();
        let mut up = Vec::new();
        for face in faces {
            let place = zones
                .face_up
                .iter()
                .copied()
                .find(|p| !taken.contains(p) && self.is_public(*p) && self.face(*p) == Some(*face))
                .ok_or(PlaceError::Unseen)?;
            taken.push(place);
            up.push(self.known(place).ok_or(PlaceError::Unseen)?);
        }
        up.sort_unstable();
        pool.extend(up.into_iter().map(Pooled::FaceUp));
        Ok(pool)
    }

    /// Where the cards of deal `deal` go as it is laid out in `zones` (just laid out): the
    /// places of each seat's draws, by seat, and those face up.
    pub fn layout_of(&self, zones: &Zones, deal: u32) -> (Vec<Vec<Place>>, Vec<Place>) {
        let hands = zones.hands.iter().map(|h| h.iter().copied().filter(|p| p.0 == deal).collect()).collect();
        let up = zones.face_up.iter().copied().filter(|p| p.0 == deal).collect();
        (hands, up)
    }

    /// Every deal's order in a world that shows this device exactly what it has seen, its
    /// unseen cards laid in the order drawn from `order` (0: smallest number first).
    pub fn fill(&self, order: u64) -> Result<Vec<Vec<u16>>, PlaceError> {
        self.fill_with_passes(order).map(|(orders, _)| orders)
    }

    /// [`Places::fill`], and the faces each pass moved in that world ([`Places::pass_faces`]).
    pub fn fill_with_passes(&self, order: u64) -> Result<FilledWorld, PlaceError> {
        let dealt = fill_in_order(self.dealing.dealt_size(), &self.sights, order).ok_or(PlaceError::NoWorld)?;
        let passed = self.pass_faces(&dealt);
        Ok((self.with_marks(dealt), passed))
    }

    /// Each deal's order with its marked cards laid in (numbered after the dealt ones, in
    /// turn): each above the dealt card a check found it on, the rest at the bottom, where no
    /// check has looked yet and a world may put them.
    pub fn with_marks(&self, dealt: Vec<Vec<u16>>) -> Vec<Vec<u16>> {
        if self.dealing.marked.is_empty() {
            return dealt;
        }
        let first_mark = self.dealing.dealt_size();
        dealt
            .into_iter()
            .enumerate()
            .map(|(d, cards)| {
                let d32 = d as u32;
                let mut marks = (first_mark..self.dealing.size()).take(usize::from(self.deal_marks.get(d).copied().unwrap_or(0)));
                let mut order = Vec::with_capacity(cards.len() + 4);
                for (slot, card) in cards.into_iter().enumerate() {
                    let above = self.checks.iter().filter(|(at, up)| *up && *at == (d32, slot as u16)).count();
                    order.extend(marks.by_ref().take(above));
                    order.push(card);
                }
                order.extend(marks);
                order
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_engine::Seat;

    fn punish_like() -> Places {
        let faces = (0..15).map(|n| n / 3).collect();
        Places::new(Dealing { faces, hands: vec![5, 5], shown: 2, marked: Vec::new(), opening: Vec::new() }, 2)
    }

    #[test]
    fn a_first_deal_lays_out_hands_then_the_cards_face_up_then_the_deck() {
        let mut places = punish_like();
        places.begin_deal(None, 0);
        places.lay_out_first();
        assert_eq!(places.zones.hands[0], (0..5).map(|s| (0, s)).collect::<Vec<_>>());
        assert_eq!(places.zones.hands[1], (5..10).map(|s| (0, s)).collect::<Vec<_>>());
        assert_eq!(places.zones.face_up, vec![(0, 10), (0, 11)]);
        assert_eq!(places.zones.deck, vec![(0, 12), (0, 13), (0, 14)]);
    }

    #[test]
    fn a_played_card_must_have_been_opened_and_a_deal_again_waits_for_its_pool() {
        let mut places = punish_like();
        places.begin_deal(None, 0);
        places.lay_out_first();
        // Seat 0 holds cards 3, 4, 5, 6, 7 (faces 1, 1, 1, 2, 2) and opens a face-2 card.
        for (slot, card) in (0..5).zip(3..8) {
            places.learn((0, slot), card, false);
        }
        let open = places.to_open(0, &[2]).unwrap();
        assert_eq!(open, vec![(0, 3)], "the first place with that face");
        assert_eq!(places.to_open(0, &[4]), None, "a face the hand lacks");
        let mut zones = places.zones.clone();
        let played = [CardMove::Played { seat: Seat(0), face: 2 }];
        assert_eq!(places.follow(&mut zones, &played), Err(PlaceError::NotShown { seat: 0 }), "not opened yet");
        places.learn((0, 3), 6, true);
        places.learn((0, 10), 0, true);
        places.learn((0, 11), 14, true);
        let mut zones = places.zones.clone();
        let moves = [played[0].clone(), CardMove::TopShown, CardMove::Reshuffled { draws: vec![1, 0], shown: 2 }];
        assert_eq!(places.follow(&mut zones, &moves), Ok((1, Need::Top((0, 12)))));
        places.learn((0, 12), 9, true);
        let mut zones = places.zones.clone();
        let (done, need) = places.follow(&mut zones, &moves).unwrap();
        assert_eq!(done, 2);
        let Need::Deal(Some(pool), 0) = need else { panic!("a deal again") };
        assert_eq!(
            pool,
            vec![
                Pooled::Locked { slot: 13 },
                Pooled::Locked { slot: 14 },
                Pooled::FaceUp(0),
                Pooled::FaceUp(6),
                Pooled::FaceUp(9),
                Pooled::FaceUp(14)
            ]
        );
        places.begin_deal(Some(pool), 0);
        let mut zones = places.zones.clone();
        assert_eq!(places.follow(&mut zones, &moves), Ok((3, Need::Nothing)));
        assert_eq!(zones.hands[0].last(), Some(&(1, 0)), "seat 0 drew the new deal's first card");
        assert_eq!(places.layout_of(&zones, 1), (vec![vec![(1, 0)], vec![]], vec![(1, 1), (1, 2)]));
        assert_eq!(zones.deck, vec![(1, 3), (1, 4), (1, 5)]);
        assert!(places.fill(0).is_ok());
    }

    /// A FUSION-like deck of 12 cards, faces 0–5 twice, nothing in the hands at the start.
    fn drawn_deck() -> Places {
        let faces = (0..12).map(|n| n % 6).collect();
        let mut places = Places::new(Dealing { faces, hands: vec![0, 0, 0], shown: 0, marked: Vec::new(), opening: Vec::new() }, 3);
        places.begin_deal(None, 0);
        places.lay_out_first();
        places
    }

    #[test]
    fn a_draw_waits_until_its_holder_was_given_the_cards_and_a_hidden_card_until_it_is_opened() {
        let mut places = drawn_deck();
        let moves = [CardMove::Drawn { seat: Seat(1), count: 2 }, CardMove::TopHidden, CardMove::HiddenShown];
        let mut zones = places.zones.clone();
        assert_eq!(places.follow(&mut zones, &moves), Ok((0, Need::Give { seat: 1, places: vec![(0, 0), (0, 1)] })));
        places.mark_given(0, &[(0, 0), (0, 1)]);
        let mut zones = places.zones.clone();
        assert_eq!(places.follow(&mut zones, &moves).unwrap().0, 0, "given to another seat's device");
        places.mark_given(1, &[(0, 0), (0, 1)]);
        let mut zones = places.zones.clone();
        assert_eq!(
            places.follow(&mut zones, &moves),
            Ok((2, Need::Open(vec![(0, 2)]))),
            "the card laid face down is opened to all to turn it"
        );
        assert!(!places.is_public((0, 0)), "a drawn card stays its holder's");
        places.learn((0, 2), 7, true);
        let mut zones = places.zones.clone();
        assert_eq!(places.follow(&mut zones, &moves), Ok((3, Need::Nothing)));
        assert_eq!(zones.hands[1], vec![(0, 0), (0, 1)]);
        assert_eq!((zones.face_up.clone(), zones.hidden.clone()), (vec![(0, 2)], vec![]));
        assert_eq!(zones.deck.len(), 9);
        let mut empty = places.zones.clone();
        assert_eq!(places.follow(&mut empty, &[CardMove::HiddenShown]), Err(PlaceError::NothingHidden));
    }

    #[test]
    fn a_pass_moves_the_places_the_giver_named_and_a_shown_hand_opens_every_card() {
        let mut places = drawn_deck();
        places.mark_given(0, &[(0, 0), (0, 1), (0, 2)]);
        let draw = [CardMove::Drawn { seat: Seat(0), count: 3 }];
        let pass = [draw[0].clone(), CardMove::Passed { from: Seat(0), to: Seat(2), count: 1, faces: vec![4] }];
        let mut zones = places.zones.clone();
        assert_eq!(
            places.follow(&mut zones, &pass),
            Ok((1, Need::Pass { from: 0, count: 1, faces: vec![4] })),
            "the giver names its places first"
        );
        places.record_pass(vec![(0, 5)]);
        let mut zones = places.zones.clone();
        assert_eq!(places.follow(&mut zones, &pass), Err(PlaceError::BadPass { seat: 0 }), "a place the giver does not hold");
        let mut named = drawn_deck();
        named.mark_given(0, &[(0, 0), (0, 1), (0, 2)]);
        named.record_pass(vec![(0, 1)]);
        let mut zones = named.zones.clone();
        assert_eq!(
            named.follow(&mut zones, &pass),
            Ok((1, Need::Give { seat: 2, places: vec![(0, 1)] })),
            "…then every other device gives the receiver its key"
        );
        named.mark_given(2, &[(0, 1)]);
        let show = [pass[0].clone(), pass[1].clone(), CardMove::HandShown { seat: Seat(0) }];
        let mut zones = named.zones.clone();
        assert_eq!(named.follow(&mut zones, &show), Ok((2, Need::Open(vec![(0, 0), (0, 2)]))));
        assert_eq!(zones.hands[2], vec![(0, 1)]);
        named.learn((0, 0), 0, true);
        named.learn((0, 2), 2, true);
        let mut zones = named.zones.clone();
        assert_eq!(named.follow(&mut zones, &show), Ok((3, Need::Nothing)));
        assert!(zones.hands[0].is_empty() && zones.face_up == vec![(0, 0), (0, 2)]);
        assert_eq!(zones.passes, 1);
    }

    #[test]
    fn marked_cards_surface_where_the_devices_checks_found_them_and_the_world_lays_them_there() {
        // Six dealt cards (faces 0–5) and two marked ones (face 9), numbered last.
        let dealing = Dealing { faces: vec![0, 1, 2, 3, 4, 5, 9, 9], hands: vec![0, 0], shown: 0, marked: vec![9], opening: Vec::new() };
        assert_eq!((dealing.dealt_size(), dealing.is_marked(6), dealing.is_marked(5)), (6, true, false));
        let mut places = Places::new(dealing, 2);
        places.begin_deal(None, 0);
        places.lay_out_first();
        assert_eq!((places.zones.deck.len(), places.zones.marked), (6, 2), "the marked cards are not dealt");
        places.mark_given(0, &[(0, 0), (0, 1)]);
        let draw = [CardMove::Drawn { seat: Seat(0), count: 2 }];
        let mut expected = vec![
            (Need::Check { marked: 2, cards: 6, at: (0, 0) }, true),
            (Need::Check { marked: 1, cards: 6, at: (0, 0) }, false),
            (Need::Check { marked: 1, cards: 5, at: (0, 1) }, false),
            (Need::Check { marked: 1, cards: 4, at: (0, 2) }, true),
        ]
        .into_iter();
        loop {
            let mut zones = places.zones.clone();
            match places.follow(&mut zones, &draw).unwrap() {
                (_, Need::Nothing) => {
                    assert_eq!(zones.marked, 0, "both surfaced");
                    assert_eq!(zones.hands[0], vec![(0, 0), (0, 1)]);
                    break;
                }
                (_, need) => {
                    let (want, surfaced) = expected.next().expect("no more checks than the deck needs");
                    assert_eq!(need, want);
                    let Need::Check { at, .. } = need else { unreachable!() };
                    places.record_check(at, surfaced);
                }
            }
        }
        assert_eq!(expected.next(), None, "every check was asked for");
        let order = places.fill(0).unwrap();
        assert_eq!(order, vec![vec![6, 0, 1, 7, 2, 3, 4, 5]], "each marked card above the dealt card it was found on");
    }

    #[test]
    fn a_check_finds_a_marked_card_as_often_as_a_shuffle_would_put_one_on_top() {
        assert!(!surfaces(&[7; 32], 0, 10), "none left");
        assert!(surfaces(&[7; 32], 2, 0), "nothing else left");
        let mut found = 0;
        for n in 0u32..4000 {
            let chance: [u8; 32] = sha2::Digest::finalize(<sha2::Sha256 as sha2::Digest>::new_with_prefix(n.to_le_bytes())).into();
            found += usize::from(surfaces(&chance, 4, 100));
        }
        // 4 of 104: about 154 of 4000.
        assert!((110..200).contains(&found), "{found}");
    }

    #[test]
    fn a_restock_that_takes_marked_cards_back_asks_for_them_beside_the_dealt_pool() {
        let dealing = Dealing { faces: vec![0, 1, 2, 9], hands: vec![0], shown: 0, marked: vec![9], opening: Vec::new() };
        let mut places = Places::new(dealing, 1);
        places.begin_deal(None, 0);
        places.lay_out_first();
        for slot in 0..3 {
            places.record_check((0, slot), false);
            places.learn((0, slot), slot, true);
        }
        let moves = [CardMove::TopShown, CardMove::TopShown, CardMove::TopShown, CardMove::Restocked { faces: vec![0, 9] }];
        let mut zones = places.zones.clone();
        let (done, need) = places.follow(&mut zones, &moves).unwrap();
        assert_eq!(done, 3, "the marked card surfaced once the deck held no dealt card");
        assert_eq!(need, Need::Deal(Some(vec![Pooled::FaceUp(0)]), 1));
    }

    #[test]
    fn a_restock_deals_the_deck_and_the_named_cards_face_up_again_and_lays_them_all_in_the_deck() {
        let mut places = drawn_deck();
        for slot in 0..3 {
            places.learn((0, slot), [4, 10, 3][usize::from(slot)], true);
        }
        // Three cards turned up from the top (faces 4, 4 and 3), then those of faces 4 and 3 go back.
        let moves = [CardMove::TopShown, CardMove::TopShown, CardMove::TopShown, CardMove::Restocked { faces: vec![4, 3] }];
        let mut zones = places.zones.clone();
        let (done, need) = places.follow(&mut zones, &moves).unwrap();
        assert_eq!(done, 3);
        let Need::Deal(Some(pool), 0) = need else { panic!("a deal again: {need:?}") };
        assert_eq!(pool.len(), 9 + 2, "the nine still in the deck and the two named");
        assert_eq!(&pool[9..], &[Pooled::FaceUp(3), Pooled::FaceUp(4)]);
        places.begin_deal(Some(pool), 0);
        let mut zones = places.zones.clone();
        assert_eq!(places.follow(&mut zones, &moves), Ok((4, Need::Nothing)));
        assert_eq!(zones.deck, (0..11).map(|s| (1, s)).collect::<Vec<_>>());
        assert_eq!(zones.face_up, vec![(0, 1)], "the card not named stays face up");
        let unseen = [CardMove::Restocked { faces: vec![5] }];
        let mut zones = places.zones.clone();
        assert_eq!(places.follow(&mut zones, &unseen), Err(PlaceError::Unseen));
    }
}
