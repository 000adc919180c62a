//! Every power of the set, each with its whole behaviour in one module (or one small family of
//! powers in one module): the card as printed, what it does to the round, what the menus and the
//! site need of it, and its tests.
//!
//! The round (`round.rs`, `battle.rs`, `resolution.rs`) and the auction (`auction.rs`) never
//! name a power: at each step they run that step's hooks below, in the order written here,
//! which is the order the effects happen in. A power that does something at a step puts one
//! function in that step's list; everything else about it stays in its module.

use super::action::{Allocation, Refusal, RevealChoice, Source, Use};
use super::catalog::PowerId;
use super::event::Event;
use super::setup::{Held, PowerRef};
use super::state::{Auction, Fight, Hero, Rumble};
use std::collections::VecDeque;

pub mod attack_boosts;
pub mod batman_captions;
pub mod block_rules;
pub mod brainswap;
pub mod control;
pub mod curses;
pub mod defense_boosts;
pub mod direct_damage;
pub mod flight;
pub mod gains;
pub mod galactic;
pub mod javalin;
pub mod lighten_load;
pub mod precognition;
pub mod psionic_rays;
pub mod psuedonite;
pub mod reactions;
pub mod revivals;
pub mod sidekick;
pub mod technical_training;
pub mod when_won;
pub mod win_conditions;
pub mod wounds;
pub mod zypher;

#[cfg(test)]
mod test_kit;

/// A set power as the source of an event.
pub(crate) fn set(id: PowerId) -> Source {
    Source::Power(PowerRef::Set(id))
}

// ---- questions the rest of the game and the site ask of powers ----

/// Whether a held power is a curse its winner must hand on to an opponent, and so may not
/// discard after the auction.
pub fn handed_on(held: &Held) -> bool {
    curses::handed_on(held)
}

/// The slot of the power that lets its holder halve or double a number after the auction.
pub fn number_changer(hero: &Hero) -> Option<usize> {
    when_won::expert_training_slot(hero)
}

/// Whether a lot of the auction, once won, draws from the match's seed (the devices then draw
/// it together just before the auction settles).
pub fn draws_when_won(lot: &PowerRef) -> bool {
    when_won::draws_from_the_seed(lot)
}

/// Whether `hero` may hold Energy back at Allocation, to split in the reveal step.
pub fn may_hold_back(hero: &Hero) -> bool {
    precognition::holds(hero)
}

/// How much cheaper `hero`'s fixed Spend and Burn costs are.
pub(crate) fn discount(hero: &Hero) -> i32 {
    technical_training::discount(hero)
}

/// Whether the damage `hero` deals sets something off: the only case where a defender's choice
/// of which points to block can matter (notes: blocking).
pub(crate) fn reacts_to_damage(hero: &Hero) -> bool {
    wounds::reacts_to_damage(hero) || galactic::reacts_to_damage(hero)
}

// ---- the round begins ----

/// For each standing hero in order, when a round begins.
pub(crate) const ROUND_BEGINS: &[fn(&mut Rumble, usize, &mut Vec<Event>)] = &[revivals::clockwork_runs_down, gains::regenerate];

// ---- Allocation ----

/// A rule an allocation must keep: the seat's hero, and the allocation.
pub(crate) type AllocationRule = fn(&Rumble, u8, &Allocation) -> Result<(), Refusal>;

/// Checked before the uses of powers are counted.
pub(crate) const BEFORE_USES: &[AllocationRule] = &[control::grounded_may_not_attack, precognition::reserve_needs_the_power];

/// Checked once the Energy put in is known to fit.
pub(crate) const AFTER_USES: &[AllocationRule] = &[control::hypnotised_must_attack];

/// Turns a representative allocation of the menu into one the rules above allow.
pub(crate) const OBEY: &[fn(&Rumble, u8, &mut Allocation)] = &[control::obey];

// ---- the reveal step ----

/// One option of the reveal step.
pub(crate) struct RevealOption {
    /// The power's name, as the site and the menus know the option.
    pub name: &'static str,
    /// Whether it is open to the standing hero with this allocation.
    pub open: fn(&Rumble, u8, &Allocation) -> bool,
    /// The representative choices the menu offers for it, each made from the default choice.
    pub menu: fn(&Rumble, u8, &RevealChoice) -> Vec<RevealChoice>,
}

/// The reveal step's options, in the order they are offered.
pub(crate) const REVEAL_OPTIONS: &[RevealOption] = &[
    precognition::OPTION,
    flight::OPTION,
    reactions::QUICK_REFLEXES_OPTION,
    reactions::BARTER_OPTION,
    reactions::LIZARD_OPTION,
    zypher::OPTION,
    batman_captions::OPTION,
];

/// A rule a reveal-step choice must keep: the hero, the choice, and the options open.
pub(crate) type ChoiceRule = fn(&Rumble, u8, &RevealChoice, &[&str]) -> Result<(), Refusal>;

/// The rules of a reveal-step choice, in the order they are checked.
pub(crate) const CHOICE_RULES: &[ChoiceRule] = &[
    precognition::check_split,
    flight::check_choice,
    reactions::check_reflexes,
    reactions::check_barter,
    reactions::check_lizard,
    zypher::check_redirects,
    drain_limit,
    batman_captions::check_shouts,
];

/// What a reveal-step choice drains, when it uses the power: (the power, Energy).
pub(crate) type RevealDrain = fn(&Rumble, u8, &RevealChoice) -> Option<(PowerId, i32)>;

/// What a reveal-step choice drains at once, when it uses the power: (the power, Energy).
pub(crate) const REVEAL_DRAINS: &[RevealDrain] = &[flight::drain, zypher::drain];

/// A hero cannot drain more Energy than they have (notes: drain-limit).
fn drain_limit(game: &Rumble, hero: u8, c: &RevealChoice, _open: &[&str]) -> Result<(), Refusal> {
    let (drain, has) = (game.reveal_drain(hero, c), game.heroes[usize::from(hero)].energy.max(0));
    if drain > has { Err(Refusal::OverDrained { drain, has }) } else { Ok(()) }
}

/// A choice's effect as it is shown: (hero, choice).
pub(crate) type ChoiceEffect = fn(&mut Rumble, u8, &RevealChoice, &mut Vec<Event>);

/// For each hero's shown choice in order, after its drain is paid.
pub(crate) const CHOICE_EFFECTS: &[ChoiceEffect] = &[batman_captions::shout, reactions::lizard_sheds];

/// An effect once every choice is in: every (hero, choice) shown.
pub(crate) type AfterChoices = fn(&mut Rumble, &[(u8, RevealChoice)], &mut Vec<Event>);

/// Once every choice is in and paid for: (hero, choice) in order.
pub(crate) const AFTER_CHOICES: &[AfterChoices] = &[zypher::redirect, reactions::barter_discards];

// ---- the battle ----

/// Attack and Defense as the battle builds them up.
#[derive(Clone, Debug)]
pub(crate) struct Battle {
    /// `attack[from][to]`.
    pub attack: Vec<Vec<i32>>,
    /// Each hero's Defense.
    pub defense: Vec<i32>,
}

impl Battle {
    /// The heroes `h` attacks, in order.
    pub fn targets(&self, h: usize) -> Vec<usize> {
        (0..self.attack.len()).filter(|t| self.attack[h][*t] > 0).collect()
    }
}

/// For each standing hero, after the allocation is laid out: its reveal-step choices.
pub(crate) const BATTLE_CHOICES: &[fn(&Rumble, usize, &mut Battle)] = &[precognition::split_reserve, reactions::reflexes_to_defense];

/// For each standing hero, its passive bonuses in order; `before` is the battle before any.
pub(crate) const BATTLE_BONUSES: &[fn(&Rumble, usize, &Battle, &mut Battle)] = &[
    attack_boosts::wind_up_punch,
    attack_boosts::combat_training,
    attack_boosts::big_gnashy_claws,
    attack_boosts::perfect_balance,
    defense_boosts::tough_skin,
    defense_boosts::reflex_training,
    defense_boosts::green_gas_bombs,
    wounds::tentacled_defense,
];

/// Once every hero's bonuses are in.
pub(crate) const BATTLE_LAST: &[fn(&Rumble, &mut Battle)] = &[flight::zero_attacks];

/// What every defender's block rules read: each hero's total Attack, and how many stand.
pub(crate) struct BlockCtx {
    /// Each hero's total Attack after the battle's bonuses.
    pub totals: Vec<i32>,
    /// Heroes standing.
    pub standing: usize,
}

/// For each standing defender in order, before blocks: Attacks ignored or unblockable.
pub(crate) const BLOCK_RULES: &[fn(&mut Rumble, usize, &BlockCtx)] =
    &[block_rules::ninja_training, block_rules::combat_roll, block_rules::shieldbreaker];

// ---- Resolution ----

/// One source of damage on its way to a hero.
#[derive(Clone, Debug)]
pub(crate) struct Hit {
    /// The hero hit.
    pub to: usize,
    /// Who deals it, if a hero does.
    pub from: Option<usize>,
    /// How much, before it lands.
    pub amount: i32,
    /// An Attack or a power.
    pub source: Source,
    /// For an Attack, its size before blocks (Disarming Strike compares with it).
    pub attack: i32,
}

/// As Resolution begins, once burnt Energy is gone: the battle as it stood.
pub(crate) const RESOLUTION_BEGINS: &[fn(&mut Rumble, &Fight, &mut Vec<Event>)] = &[gains::disagreeable_when_angry];

/// Extra damage an Attack deals past the blocks: (attacker, defender, damage so far).
pub(crate) const ATTACK_EXTRAS: &[fn(&Rumble, usize, usize, &mut i32)] = &[javalin::extra_damage];

/// A power that cancels an Attack: (attacker, defender) → the power.
pub(crate) type AttackCancel = fn(&Fight, usize, usize) -> Option<PowerId>;

/// Powers that cancel an Attack outright: (attacker, defender) → the power that cancels it.
pub(crate) const ATTACK_CANCELS: &[AttackCancel] = &[reactions::lizard_cancels];

/// What the rest of Resolution reads of the round: who stands, and each hero's allocated Attack.
pub(crate) struct HitCtx {
    /// The heroes standing as damage begins.
    pub standing: Vec<usize>,
    /// Each hero's allocated Attack in all.
    pub totals: Vec<i32>,
}

/// A use's damage: (user, the use, the power used).
pub(crate) type UseHits = fn(&Rumble, usize, &Use, &Held, &HitCtx, &mut Vec<Hit>);

/// A use's damage: (user, the use, the power used).
pub(crate) const USE_HITS: &[UseHits] = &[direct_damage::use_hits];

/// Damage a hero takes from their own state or powers.
pub(crate) type HeroHits = fn(&Rumble, usize, &HitCtx, &mut Vec<Hit>);

/// Damage a standing hero takes from their own state or powers.
pub(crate) const HERO_HITS: &[HeroHits] = &[wounds::knives_bleed, curses::weak_hands, curses::blood_rage];

/// Once every hit of the round is listed.
pub(crate) const HITS_LISTED: &[fn(&mut Rumble)] = &[wounds::knives_count_down];

/// Damage on its way in: what each power keeps while the round's hits land.
#[derive(Debug)]
pub(crate) struct Landing {
    /// Hits still to land, in order; a power may add one.
    pub queue: VecDeque<Hit>,
    /// Extra damage every source that damages a hero deals (Lazer Eyes).
    pub extra: Vec<i32>,
    /// Extra damage the first source that damages a hero deals (Batman Captions).
    pub first_extra: Vec<i32>,
    /// Whether a hero's first damage of the round has been dealt (Galactic Ray Gun).
    pub dealt_first: Vec<bool>,
    /// How many damages a hero has taken this round (Galactic Helm).
    pub taken: Vec<u8>,
}

/// Before any hit lands.
pub(crate) const LANDING_READY: &[fn(&Rumble, &mut Landing)] = &[direct_damage::lazer_marks, batman_captions::captions_ready];

/// A change to a hit as it lands; false stops it.
pub(crate) type LandingStep = fn(&mut Rumble, &mut Landing, &Hit, &mut i32, &mut Vec<Event>) -> bool;

/// As each hit lands, in order: change its amount, or stop it (false).
pub(crate) const LANDING: &[LandingStep] =
    &[reactions::barter_prevents, direct_damage::lazer_adds, batman_captions::caption_adds, galactic::ray_gun, galactic::helm];

/// An effect of an Attack that damaged: (attacker, defender, the hit, damage dealt).
pub(crate) type AttackDamaged = fn(&mut Rumble, usize, usize, &Hit, i32, &mut Vec<Event>);

/// After an Attack damaged: (attacker, defender, the hit, damage dealt).
pub(crate) const ATTACK_DAMAGED: &[AttackDamaged] = &[wounds::metal_tentacles, wounds::sharp_knives, wounds::disarming_strike];

/// What every use's effect at Resolution reads: whether anyone took damage this round.
pub(crate) struct Aftermath {
    /// True when some hit dealt damage.
    pub anyone_hurt: bool,
}

/// A use's effect once the damage is done: (user, the use, the power).
pub(crate) type UseEffect = fn(&mut Rumble, usize, &Use, &Held, &Aftermath, &mut Vec<Event>);

/// Each use of a standing hero, in order, once the damage is done: (user, the use, the power).
pub(crate) const USE_EFFECTS: &[UseEffect] =
    &[gains::meditation, control::plastic_ooze, control::hypnotism, win_conditions::doomsday_device, psionic_rays::aim];

/// A hero's effect after its uses: (hero, allocation).
pub(crate) type HeroEffect = fn(&mut Rumble, usize, &Allocation, &mut Vec<Event>);

/// Each standing hero, after its uses: (hero, allocation).
pub(crate) const HERO_EFFECTS: &[HeroEffect] = &[lighten_load::discard_for_energy, attack_boosts::remember_attacking];

/// At the end of the round, in order.
pub(crate) const ROUND_ENDS: &[fn(&mut Rumble, &mut Vec<Event>)] =
    &[gains::hyper_immune_system, psuedonite::drain_everyone, brainswap::swap, javalin::hand_over, psionic_rays::knock_out_due];

/// A standing hero's own win conditions, read at the very end of the round.
pub(crate) const WINS: &[fn(&Hero) -> bool] = &[win_conditions::friends_with_death, win_conditions::doomsday_reached];

/// How a power keeps a hero at 0 or less in the game.
pub(crate) enum Rescue {
    /// The hero stays in.
    Stands,
    /// The hero stays in and deals this damage to every other hero standing.
    Blast {
        /// Damage to each.
        damage: i32,
        /// The power that blasts.
        by: PowerId,
    },
}

/// A power that may keep a hero at 0 or less in the game.
pub(crate) type RescueStep = fn(&mut Rumble, usize, &mut Vec<Event>) -> Option<Rescue>;

/// What may keep a hero at 0 or less from going out, in order: the first that does wins.
pub(crate) const RESCUES: &[RescueStep] = &[revivals::clockwork_being, revivals::hidden_clone, revivals::bomberman];

// ---- the auction ----

/// An effect when the auction settles: (hero, the auction).
pub(crate) type WhenWon = fn(&mut Rumble, usize, &Auction, &mut Vec<Event>);

/// For each hero in order, once the auction is settled and paid for.
pub(crate) const WHEN_WON: &[WhenWon] = &[when_won::alternate_universe, when_won::pure_energy_being];

#[cfg(test)]
mod tests;
