//! What one observer may see of a Rumble table, and records that never hold a losing bid.
//!
//! Almost everything in Rumble is public once revealed: allocations and reveal-step choices
//! are made together and shown together, so no pick waits in the state. The secrets are the
//! auction's: while ties are re-bid, each hero's standing bids (a seat sees only its own hero's;
//! the moderator sees all) and the "might discard" flags. When the auction settles, the bids
//! are dropped from the state altogether.

use super::action::Act;
use super::catalog::{self, Kind};
use super::setup::{Setup, Start};
use super::state::{Phase, Rumble};
use dojo_engine::{GameRecord, Joint, Observer, Rng, apply};
use serde::{Deserialize, Serialize};

/// One observer's view: the table with every secret the observer may not see blanked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RumbleView {
    /// Who is looking.
    pub observer: Observer,
    /// The table as the observer may see it (hidden bids are `None`; the chance is not shown).
    pub table: Rumble,
}

/// True when `observer` sees every secret (the moderator).
fn sees_all(game: &Rumble, observer: Observer) -> bool {
    observer.seat().is_some_and(|s| game.moderator() == Some(s.index()))
}

/// The view of `observer`.
pub fn view(game: &Rumble, observer: Observer) -> RumbleView {
    let mut table = game.clone();
    table.rng = Rng::new(0);
    if !sees_all(game, observer)
        && let Some(auction) = table.auction.as_mut()
    {
        let own = observer.seat().and_then(|s| game.hero_of_seat(s.index()));
        for (hero, bids) in auction.bids.iter_mut().enumerate() {
            if Some(hero as u8) != own {
                bids.iter_mut().for_each(|b| *b = None);
                auction.flags[hero].clear();
            }
        }
        auction.first_total = None;
    }
    RumbleView { observer, table }
}

/// A full table consistent with `view`: hidden bids drawn so that the same re-bids stand.
pub fn determinize(view: &RumbleView, rng: &mut Rng) -> Rumble {
    let mut game = view.table.clone();
    game.rng = Rng::new(rng.next_u64());
    if let Some(auction) = game.auction.as_mut() {
        for (lot, power) in view.table.lots.iter().enumerate() {
            let rebid = auction.rebids.iter().find(|(l, _)| usize::from(*l) == lot).map(|(_, t)| t.clone());
            let known_tie = rebid.as_ref().and_then(|tied| tied.iter().find_map(|h| auction.bids[usize::from(*h)][lot]));
            let flaw = matches!(power, super::setup::PowerRef::Set(id) if catalog::card(*id).kind == Kind::Flaw);
            let tie = known_tie.unwrap_or_else(|| 1 + rng.below(100) as u16);
            for hero in 0..auction.bids.len() {
                if auction.bids[hero][lot].is_some() {
                    continue;
                }
                let drawn = match &rebid {
                    Some(tied) if tied.contains(&(hero as u8)) => tie,
                    Some(_) => rng.below(usize::from(tie)) as u16,
                    None if flaw => rng.below(30) as u16,
                    // A power not in a re-bid has no tie: unseen bids on it are drawn as 0.
                    None => 0,
                };
                auction.bids[hero][lot] = Some(drawn);
            }
        }
        if auction.first_total.is_none() {
            let total: i32 = auction.bids.iter().flatten().map(|b| i32::from(b.unwrap_or(0))).sum();
            auction.first_total = Some(total);
        }
    }
    game
}

/// Why a record could not be sealed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SealError(pub String);

/// The same game as a record that starts after the auction: its setup carries the auction's
/// public result and its actions are the rounds', so no losing bid is in it. A record whose
/// auction is not settled yet is sealed as its setup alone with a fresh auction.
pub fn sealed_record(record: &GameRecord<Rumble>) -> Result<GameRecord<Rumble>, SealError> {
    let mut game = <Rumble as dojo_engine::Game>::from_setup(&record.setup).map_err(|e| SealError(e.to_string()))?;
    if matches!(record.setup.start, Start::Settled(_)) {
        return Ok(record.clone());
    }
    let in_auction = |g: &Rumble| matches!(g.phase, Phase::Bidding | Phase::Rebidding | Phase::Giving | Phase::Settling);
    let mut settled_at = None;
    for (i, joint) in record.actions.iter().enumerate() {
        if !in_auction(&game) {
            settled_at = Some(i);
            break;
        }
        apply(&mut game, joint).map_err(|e| SealError(format!("step {}: {e}", i + 1)))?;
    }
    let settled_at = match settled_at {
        Some(i) => i,
        None if !in_auction(&game) => record.actions.len(),
        None => return Ok(GameRecord::new(Setup { start: Start::Auction, ..record.setup.clone() })),
    };
    let heroes = game.settled.clone().ok_or_else(|| SealError("the auction left no result".into()))?;
    let setup = Setup { start: Start::Settled(heroes), ..record.setup.clone() };
    let actions: Vec<Joint<Act>> = record.actions[settled_at..].to_vec();
    Ok(GameRecord { game: record.game.clone(), setup, actions })
}
