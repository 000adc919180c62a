//! What one observer may see of a Rumble table, and records that never hold a losing bid.
//!
//! Almost everything in Rumble is public once revealed: allocations and reveal-step choices
//! are made together and shown together, so no pick waits in the state. The secrets are the
//! auction's: while ties are re-bid, each hero's standing bids (a seat sees only its own hero's;
//! the moderator sees all), the "might discard" flags, and who tied on which power (a seat sees
//! only its own hero's ties; everyone sees who bids again). When the auction settles, the bids
//! are dropped from the state altogether.

use super::action::Act;
use super::catalog::Kind;
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
        // Only the observer's own ties, naming nobody else (notes: secrecy).
        auction.rebids.retain(|(_, tied)| own.is_some_and(|h| tied.contains(&h)));
        for (_, tied) in auction.rebids.iter_mut() {
            tied.retain(|h| Some(*h) == own);
        }
        auction.first_total = None;
    }
    RumbleView { observer, table }
}

/// A full table consistent with `view`: hidden bids drawn so that the same heroes bid again,
/// the observer's own ties standing as it sees them.
pub fn determinize(view: &RumbleView, rng: &mut Rng) -> Rumble {
    let mut game = view.table.clone();
    game.rng = Rng::new(rng.next_u64());
    if sees_all(&view.table, view.observer) {
        return game;
    }
    let own = view.observer.seat().and_then(|s| view.table.hero_of_seat(s.index()));
    let flaws: Vec<bool> = view.table.lots.iter().map(|p| view.table.kind(*p) == Kind::Flaw).collect();
    let Some(auction) = game.auction.as_mut() else { return game };
    let own_bid = |a: &super::state::Auction, lot: usize| own.and_then(|h| a.bids[usize::from(h)][lot]).unwrap_or(0);
    // Who tied where: the other heroes bidding again partner the observer's own ties, and any
    // left over (all of them, when the observer is not tied) tie on one more power.
    let mut others: Vec<u8> = auction.rebidding.iter().copied().filter(|h| Some(*h) != own).collect();
    rng.shuffle(&mut others);
    let mut ties = auction.rebids.clone();
    if !ties.is_empty() && !others.is_empty() {
        let count = ties.len();
        for (i, tie) in ties.iter_mut().enumerate() {
            tie.1.push(others[i % others.len()]);
        }
        for h in others.get(count..).unwrap_or_default() {
            let k = rng.below(count);
            ties[k].1.push(*h);
        }
    } else if others.len() >= 2 {
        let open: Vec<usize> = (0..flaws.len())
            .filter(|l| !flaws[*l] && own_bid(auction, *l) < 100 && !ties.iter().any(|(t, _)| usize::from(*t) == *l))
            .collect();
        if let Some(lot) = rng.choose(&open).copied() {
            ties.push((lot as u8, others.clone()));
        }
    }
    ties.iter_mut().for_each(|(_, tied)| dojo_engine::sorting::sort(tied));
    dojo_engine::sorting::sort(&mut ties);
    for (lot, flaw) in flaws.iter().enumerate() {
        let tied = ties.iter().find(|(l, _)| usize::from(*l) == lot).map(|(_, t)| t.clone());
        let tie = match &tied {
            Some(t) if own.is_some_and(|h| t.contains(&h)) => own_bid(auction, lot),
            Some(_) => {
                let floor = own_bid(auction, lot) + 1;
                floor + rng.below(usize::from(101 - floor)) as u16
            }
            None => 0,
        };
        for hero in 0..auction.bids.len() {
            if auction.bids[hero][lot].is_some() {
                continue;
            }
            let drawn = match &tied {
                Some(t) if t.contains(&(hero as u8)) => tie,
                Some(_) => rng.below(usize::from(tie)) as u16,
                None if *flaw => rng.below(30) as u16,
                // A power not in a re-bid has no tie: unseen bids on it are drawn as 0.
                None => 0,
            };
            auction.bids[hero][lot] = Some(drawn);
        }
    }
    auction.rebids = ties;
    if auction.first_total.is_none() {
        let total: i32 = auction.bids.iter().flatten().map(|b| i32::from(b.unwrap_or(0))).sum();
        auction.first_total = Some(total);
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
    Ok(GameRecord { format: record.format, game: record.game.clone(), setup, actions })
}
