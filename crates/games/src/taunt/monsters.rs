//! Monsters: each of two trainers splits two standard decks into three monsters of five cards
//! in secret, fights with one of them at a time and switches between them. The monsters of a
//! trainer share the trainer's corner (Danger Track, block tokens, charge); what is kept here is
//! what belongs to each monster: its cards, which of them are disabled, and which of them the
//! other trainer has seen.
//!
//! A monster's cards are counts per card ([`Hand`]): a monster may hold two of a card, and the
//! order of cards in a hand means nothing. Both Runs are in the decks, so a monster's Run type 2
//! is [`Slot::RunTwo`]. The Switch cards are not in any monster: every trainer always holds both.

use super::moves::Slot;
use serde::{Deserialize, Serialize};

/// The ten cards of one standard deck as Monsters uses it, in hand order (see
/// [`super::modes_data::MONSTER_DECK`] for the printed cards).
pub const MONSTER_KINDS: [Slot; 10] =
    [Slot::Block, Slot::Run, Slot::RunTwo, Slot::Punch, Slot::Grab, Slot::Shoot, Slot::Kick, Slot::Charge, Slot::Heal, Slot::Taunt];

/// Copies of each card a trainer has: two decks.
pub const COPIES: u8 = 2;

/// Monsters per trainer.
pub const MONSTERS: usize = 3;

/// Cards per monster.
pub const MONSTER_CARDS: usize = 5;

/// Cards in a trainer's split: three monsters of five (the other five sit out).
pub const SQUAD_CARDS: usize = MONSTERS * MONSTER_CARDS;

/// A trainer's split as written down: fifteen cards, the first monster's five first, then the
/// second's, then the third's.
pub type Squad = Vec<Slot>;

/// Why a split cannot be made from two standard decks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquadFault {
    /// A card that is not in a standard deck (a Switch, which every trainer holds anyway).
    NotInDecks(Slot),
    /// More copies of a card than the two decks hold.
    TooMany(Slot),
}

/// The first reason a split cannot be made from two standard decks, if any.
pub fn squad_error(squad: &[Slot]) -> Option<SquadFault> {
    let mut used = Hand::EMPTY;
    for card in squad {
        if !MONSTER_KINDS.contains(card) {
            return Some(SquadFault::NotInDecks(*card));
        }
        if used.count(*card) >= COPIES {
            return Some(SquadFault::TooMany(*card));
        }
        used.add(*card);
    }
    None
}

/// The cards a Peril letter for `letter`'s slot can disable: both Runs for R.
pub(crate) fn named_by(letter: Slot) -> &'static [Slot] {
    match letter {
        Slot::Run | Slot::RunTwo => &[Slot::Run, Slot::RunTwo],
        Slot::Block => &[Slot::Block],
        Slot::Punch => &[Slot::Punch],
        Slot::Grab => &[Slot::Grab],
        Slot::Shoot => &[Slot::Shoot],
        Slot::Kick => &[Slot::Kick],
        Slot::Charge => &[Slot::Charge],
        Slot::Heal => &[Slot::Heal],
        Slot::Taunt => &[Slot::Taunt],
        Slot::SwitchHigher | Slot::SwitchLower => &[],
    }
}

/// How many of each card of [`MONSTER_KINDS`] a monster holds (or has disabled, or has shown).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hand([u8; 10]);

impl Hand {
    /// No card.
    pub const EMPTY: Hand = Hand([0; 10]);

    fn index(card: Slot) -> Option<usize> {
        MONSTER_KINDS.iter().position(|k| *k == card)
    }

    /// Copies of `card`.
    pub fn count(&self, card: Slot) -> u8 {
        Hand::index(card).map_or(0, |i| self.0[i])
    }

    /// Adds one copy of `card` (a card outside [`MONSTER_KINDS`] is ignored).
    pub fn add(&mut self, card: Slot) {
        if let Some(i) = Hand::index(card) {
            self.0[i] += 1;
        }
    }

    /// Cards in all.
    pub fn len(&self) -> usize {
        self.0.iter().map(|n| usize::from(*n)).sum()
    }

    /// Whether the hand is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The cards, one entry per copy, in hand order.
    pub fn cards(&self) -> Vec<Slot> {
        MONSTER_KINDS.iter().zip(self.0).flat_map(|(k, n)| std::iter::repeat_n(*k, usize::from(n))).collect()
    }

    /// A hand from a list of cards.
    pub fn of(cards: &[Slot]) -> Hand {
        let mut hand = Hand::EMPTY;
        cards.iter().for_each(|c| hand.add(*c));
        hand
    }
}

/// One trainer: the three monsters' cards (secret), what of them is public, and who is active.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trainer {
    /// Each monster's cards. Secret from the other trainer.
    pub(crate) cards: [Hand; MONSTERS],
    /// Each monster's disabled cards (face up, so public).
    pub(crate) disabled: [Hand; MONSTERS],
    /// Each monster's cards the other trainer has seen: played, or disabled (public).
    pub(crate) shown: [Hand; MONSTERS],
    /// The monster in play, 0 to 2 (public).
    pub(crate) active: u8,
}

impl Trainer {
    /// A trainer whose split is `squad` (as many cards as are built so far), monster 1 active.
    pub(crate) fn from_squad(squad: &[Slot]) -> Trainer {
        let mut trainer = Trainer::default();
        for (i, card) in squad.iter().enumerate() {
            trainer.cards[i / MONSTER_CARDS].add(*card);
        }
        trainer
    }

    fn active(&self) -> usize {
        usize::from(self.active)
    }

    /// Copies of `card` the active monster can play: held and not disabled.
    pub(crate) fn playable(&self, card: Slot) -> u8 {
        let m = self.active();
        self.cards[m].count(card) - self.disabled[m].count(card)
    }

    /// Cards of the active monster that are disabled.
    #[cfg(test)]
    pub(crate) fn disabled_here(&self) -> usize {
        self.disabled[self.active()].len()
    }

    /// The trainer's disabled cards, on every monster: three lose (notes, "Monsters").
    pub(crate) fn disabled_count(&self) -> usize {
        self.disabled.iter().map(Hand::len).sum()
    }

    /// The active monster's disabled cards as a set (for the corner the page and bots read).
    pub(crate) fn disabled_set(&self) -> super::moves::Slots {
        self.disabled[self.active()].cards().into_iter().collect()
    }

    /// The monster a Switch brings in: of the two on the bench, the later (`higher`) or the earlier.
    pub(crate) fn switch_target(&self, higher: bool) -> u8 {
        let mut bench = (0..MONSTERS as u8).filter(|m| *m != self.active);
        let (first, second) = (bench.next().unwrap_or(0), bench.next().unwrap_or(0));
        if higher { second } else { first }
    }

    /// The active monster shows `card` (it is played face up): the other trainer now knows of
    /// one more enabled copy than of those disabled.
    pub(crate) fn show(&mut self, card: Slot) {
        let m = self.active();
        let known = self.disabled[m].count(card) + 1;
        if let Some(i) = Hand::index(card) {
            self.shown[m].0[i] = self.shown[m].0[i].max(known).min(self.cards[m].0[i]);
        }
    }

    /// Peril names `letter` on the active monster: one playable copy is disabled, for R the type 1
    /// Run before the type 2 (notes, "Monsters"). Returns the card disabled, if the monster had one.
    pub(crate) fn disable(&mut self, letter: Slot) -> Option<Slot> {
        let card = named_by(letter).iter().copied().find(|c| self.playable(*c) > 0)?;
        let m = self.active();
        let i = Hand::index(card)?;
        self.disabled[m].0[i] += 1;
        self.shown[m].0[i] = self.shown[m].0[i].max(self.disabled[m].0[i]);
        Some(card)
    }

    /// The team's Heal: every disabled card of every monster comes back. Returns them.
    pub(crate) fn heal_all(&mut self) -> Vec<Slot> {
        let restored = self.disabled.iter().flat_map(Hand::cards).collect();
        self.disabled = [Hand::EMPTY; MONSTERS];
        restored
    }
}

/// Both trainers of a Monsters battle, and how far the secret build has gone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trainers {
    /// One per seat.
    pub(crate) trainers: [Trainer; 2],
    /// Cards each trainer has put into their monsters so far (both build at the same pace);
    /// [`SQUAD_CARDS`] once the battle has begun.
    pub(crate) placed: u8,
}

impl Trainers {
    /// Whether the split is still being built.
    pub(crate) fn building(&self) -> bool {
        usize::from(self.placed) < SQUAD_CARDS
    }

    /// Copies of `card` trainer `s` may still put into a monster.
    pub(crate) fn left_to_build(&self, s: usize, card: Slot) -> u8 {
        let used: u8 = self.trainers[s].cards.iter().map(|h| h.count(card)).sum();
        if MONSTER_KINDS.contains(&card) { COPIES - used } else { 0 }
    }
}

/// What one observer may see of a monster.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MonsterView {
    /// Its cards the observer knows: all of them for its trainer, those seen for anyone else.
    pub cards: Vec<Slot>,
    /// Its disabled cards.
    pub disabled: Vec<Slot>,
    /// Its cards the other trainer has seen (played or disabled): public.
    pub seen: Vec<Slot>,
    /// Cards of it the observer does not know.
    pub unknown: u8,
}

/// What one observer may see of a trainer.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrainerView {
    /// The monster in play, 0 to 2.
    pub active: u8,
    /// The three monsters.
    pub monsters: Vec<MonsterView>,
}

/// What one observer may see of a Monsters battle.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MonstersView {
    /// Cards each trainer has built so far (15 once the battle has begun).
    pub placed: u8,
    /// One per seat.
    pub trainers: Vec<TrainerView>,
}

impl MonstersView {
    /// The view of `trainers` for an observer who owns `own` (a seat index), if anyone.
    pub(crate) fn of(trainers: &Trainers, own: Option<usize>) -> MonstersView {
        let placed = trainers.placed;
        let trainers = trainers
            .trainers
            .iter()
            .enumerate()
            .map(|(s, t)| TrainerView {
                active: t.active,
                monsters: (0..MONSTERS)
                    .map(|m| {
                        let known = if own == Some(s) { t.cards[m] } else { t.shown[m] };
                        let built = (usize::from(placed).saturating_sub(m * MONSTER_CARDS)).min(MONSTER_CARDS);
                        MonsterView {
                            cards: known.cards(),
                            disabled: t.disabled[m].cards(),
                            seen: t.shown[m].cards(),
                            unknown: built.saturating_sub(known.len()) as u8,
                        }
                    })
                    .collect(),
            })
            .collect();
        MonstersView { placed, trainers }
    }

    /// The trainers of a battle this view allows, the unknown cards drawn by `draw` from those
    /// the two decks still have (a monster's unknown cards first, in monster order).
    pub(crate) fn trainers(&self, mut draw: impl FnMut(&mut Vec<Slot>) -> Slot) -> Trainers {
        let mut out = Trainers { placed: self.placed, ..Trainers::default() };
        for (s, view) in self.trainers.iter().enumerate().take(2) {
            let t = &mut out.trainers[s];
            t.active = view.active;
            for (m, monster) in view.monsters.iter().enumerate().take(MONSTERS) {
                t.cards[m] = Hand::of(&monster.cards);
                t.shown[m] = Hand::of(&monster.seen);
                t.disabled[m] = Hand::of(&monster.disabled);
            }
            let mut pool: Vec<Slot> = MONSTER_KINDS
                .iter()
                .flat_map(|k| std::iter::repeat_n(*k, usize::from(COPIES - t.cards.iter().map(|h| h.count(*k)).sum::<u8>().min(COPIES))))
                .collect();
            for (m, monster) in view.monsters.iter().enumerate().take(MONSTERS) {
                for _ in 0..monster.unknown {
                    if pool.is_empty() {
                        break;
                    }
                    let card = draw(&mut pool);
                    t.cards[m].add(card);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squad() -> Squad {
        use Slot::*;
        vec![Block, Run, Punch, Punch, Heal, Block, RunTwo, Grab, Shoot, Kick, Run, Grab, Shoot, Kick, Charge]
    }

    #[test]
    fn a_split_uses_two_decks_at_most() {
        assert_eq!(squad_error(&squad()), None);
        let mut three_punches = squad();
        three_punches[4] = Slot::Punch;
        three_punches[5] = Slot::Punch;
        assert_eq!(squad_error(&three_punches), Some(SquadFault::TooMany(Slot::Punch)));
        let mut switch = squad();
        switch[0] = Slot::SwitchLower;
        assert_eq!(squad_error(&switch), Some(SquadFault::NotInDecks(Slot::SwitchLower)));
    }

    #[test]
    fn peril_disables_one_copy_and_runs_type_one_first() {
        let mut trainer = Trainer::from_squad(&squad());
        assert_eq!(trainer.playable(Slot::Punch), 2);
        assert_eq!(trainer.disable(Slot::Punch), Some(Slot::Punch));
        assert_eq!((trainer.playable(Slot::Punch), trainer.disabled_here()), (1, 1));
        trainer.active = 1;
        assert_eq!(trainer.disable(Slot::Run), Some(Slot::RunTwo), "monster 2 has only the type 2 Run");
        assert_eq!(trainer.disable(Slot::Run), None);
        assert_eq!((trainer.disabled_here(), trainer.disabled_count()), (1, 2), "disabled cards stay with a benched monster");
        trainer.active = 0;
        assert_eq!(trainer.heal_all(), [Slot::Punch, Slot::RunTwo]);
        assert_eq!(trainer.playable(Slot::Punch), 2);
    }

    #[test]
    fn switches_bring_in_the_later_or_earlier_benched_monster() {
        let mut trainer = Trainer::from_squad(&squad());
        assert_eq!((trainer.switch_target(true), trainer.switch_target(false)), (2, 1));
        trainer.active = 1;
        assert_eq!((trainer.switch_target(true), trainer.switch_target(false)), (2, 0));
        trainer.active = 2;
        assert_eq!((trainer.switch_target(true), trainer.switch_target(false)), (1, 0));
    }

    #[test]
    fn the_other_trainer_sees_only_what_was_shown() {
        let mut trainers = Trainers { trainers: [Trainer::from_squad(&squad()); 2], placed: SQUAD_CARDS as u8 };
        trainers.trainers[0].show(Slot::Punch);
        trainers.trainers[0].show(Slot::Punch);
        let theirs = MonstersView::of(&trainers, Some(1));
        assert_eq!(
            theirs.trainers[0].monsters[0],
            MonsterView { cards: vec![Slot::Punch], disabled: vec![], seen: vec![Slot::Punch], unknown: 4 }
        );
        let mine = MonstersView::of(&trainers, Some(0));
        assert_eq!(mine.trainers[0].monsters[0].cards.len(), 5);
        // Drawn back, the unknown cards come from what the decks still hold.
        let drawn = theirs.trainers(|pool| pool.remove(0));
        assert_eq!(drawn.trainers[0].cards.iter().map(Hand::len).sum::<usize>(), SQUAD_CARDS);
        assert_eq!(squad_error(&drawn.trainers[0].cards.iter().flat_map(Hand::cards).collect::<Vec<_>>()), None);
        assert_eq!(MonstersView::of(&drawn, Some(1)), theirs);
    }
}
