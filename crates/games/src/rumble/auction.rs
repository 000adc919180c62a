//! The auction: the sealed sheets, re-bids on ties, the settling of every power (with the powers
//! that act when won), and the steps after it: curses handed on, powers discarded or changed.

use super::action::{Act, Decision};
use super::catalog::Kind;
use super::event::Event;
use super::powers::{self, WHEN_WON};
use super::setup::Held;
use super::state::{Phase, Rumble};

/// A settled power: (auction place, winners, Power Strength).
type LotResult = (u8, Vec<u8>, i32);

impl Rumble {
    pub(super) fn take_bids(&mut self, joint: &[Option<Act>], events: &mut Vec<Event>) {
        let Some(auction) = self.auction.as_mut() else { return };
        let mut total = 0;
        for (seat, act) in joint.iter().enumerate() {
            if let Some(Act::Bid { bids, might_discard }) = act {
                let hero = self.heroes.iter().position(|h| usize::from(h.seat) == seat && !h.sidekick).expect("a bidding seat has a hero");
                auction.bids[hero] = bids.iter().map(|b| Some(*b)).collect();
                auction.flags[hero] = might_discard.clone();
                total += bids.iter().map(|b| i32::from(*b)).sum::<i32>();
            }
        }
        auction.first_total = Some(total);
        events.push(Event::BidsIn);
        self.look_for_ties(events);
    }

    pub(super) fn take_rebids(&mut self, joint: &[Option<Act>], events: &mut Vec<Event>) {
        let Some(auction) = self.auction.as_mut() else { return };
        let rebids = std::mem::take(&mut auction.rebids);
        auction.rebidding.clear();
        for (seat, act) in joint.iter().enumerate() {
            if let Some(Act::Rebid(new)) = act {
                let hero = self.heroes.iter().position(|h| usize::from(h.seat) == seat && !h.sidekick).expect("a bidding seat has a hero");
                let lots = rebids.iter().filter(|(_, tied)| tied.contains(&(hero as u8))).map(|(l, _)| *l);
                for (lot, bid) in lots.zip(new) {
                    auction.bids[hero][usize::from(lot)] = Some(*bid);
                }
            }
        }
        self.look_for_ties(events);
    }

    /// Who wins each power, or which powers must be bid on again.
    fn auction_results(&self) -> (Vec<LotResult>, Vec<(u8, Vec<u8>)>) {
        let auction = self.auction.as_ref().expect("the auction runs");
        let (mut results, mut ties) = (Vec::new(), Vec::new());
        for (lot, power) in self.lots.iter().enumerate() {
            let bids: Vec<i32> = auction.bids.iter().map(|b| i32::from(b[lot].unwrap_or(0))).collect();
            let heroes_with = |v: i32| bids.iter().enumerate().filter(|(_, b)| **b == v).map(|(h, _)| h as u8).collect::<Vec<u8>>();
            if self.kind(*power) == Kind::Flaw {
                // The lowest bid wins, and is the Flaw's Power Strength (notes: flaws).
                let low = *bids.iter().min().expect("heroes bid");
                results.push((lot as u8, heroes_with(low), low));
                continue;
            }
            let high = *bids.iter().max().expect("heroes bid");
            let top = heroes_with(high);
            if high == 0 {
                results.push((lot as u8, Vec::new(), 0));
            } else if top.len() == 1 {
                results.push((lot as u8, top, high));
            } else {
                ties.push((lot as u8, top));
            }
        }
        (results, ties)
    }

    fn look_for_ties(&mut self, events: &mut Vec<Event>) {
        let (_, ties) = self.auction_results();
        if ties.is_empty() {
            self.settle_auction(events);
            return;
        }
        let auction = self.auction.as_mut().expect("the auction runs");
        let mut heroes: Vec<u8> = ties.iter().flat_map(|(_, t)| t.iter().copied()).collect();
        dojo_engine::sorting::sort(&mut heroes);
        heroes.dedup();
        // The table hears who bids again; each tied hero alone hears what tied, and at what bid.
        events.push(Event::Rebid { heroes: heroes.clone() });
        auction.rebidding = heroes;
        for (lot, tied) in &ties {
            for hero in tied {
                let bid = auction.bids[usize::from(*hero)][usize::from(*lot)].unwrap_or(0);
                events.push(Event::Tied { seat: self.heroes[usize::from(*hero)].seat, hero: *hero, lot: *lot, bid });
            }
        }
        auction.rebids = ties;
        self.phase = Phase::Rebidding;
    }

    fn settle_auction(&mut self, events: &mut Vec<Event>) {
        let (results, _) = self.auction_results();
        let auction = self.auction.take().expect("the auction runs");
        let mut paid = vec![0; self.heroes.len()];
        for (lot, winners, strength) in &results {
            let power = self.lots[usize::from(*lot)];
            if winners.is_empty() {
                events.push(Event::NoTaker { lot: *lot });
                continue;
            }
            events.push(Event::Won { lot: *lot, heroes: winners.clone(), strength: *strength });
            if self.kind(power) == Kind::Flaw {
                for (hero, bids) in auction.bids.iter().enumerate() {
                    if !winners.contains(&(hero as u8)) {
                        paid[hero] += i32::from(bids[usize::from(*lot)].unwrap_or(0));
                    }
                }
            } else {
                paid[usize::from(winners[0])] += strength;
            }
            for w in winners {
                self.heroes[usize::from(*w)].powers.push(Held::new(power, *strength));
            }
        }
        for (hero, amount) in paid.iter().enumerate() {
            if *amount > 0 {
                self.heroes[hero].energy -= amount;
                events.push(Event::Paid { hero: hero as u8, amount: *amount });
            }
        }
        // Powers that act when won.
        for hero in 0..self.heroes.len() {
            for won in WHEN_WON {
                won(self, hero, &auction, events);
            }
        }
        let fallen: Vec<u8> = self.standing().filter(|h| self.heroes[usize::from(*h)].energy <= 0).collect();
        for h in &fallen {
            let hero = &mut self.heroes[usize::from(*h)];
            hero.out = Some(0);
            hero.powers.clear();
        }
        if !fallen.is_empty() {
            events.push(Event::Out(fallen));
        }
        self.sidekicks_join(events);
        let flagged: Vec<u8> = (0..auction.flags.len())
            .filter(|h| {
                self.heroes[*h].standing()
                    && auction.flags[*h].iter().any(|lot| self.heroes[*h].powers.iter().any(|p| p.power == self.lots[usize::from(*lot)]))
            })
            .map(|h| h as u8)
            .collect();
        if !flagged.is_empty() {
            events.push(Event::MightDiscard(flagged.clone()));
        }
        for h in self.standing().collect::<Vec<_>>() {
            let hero = &self.heroes[usize::from(h)];
            for (slot, p) in hero.powers.iter().enumerate() {
                if powers::handed_on(p) && self.standing().filter(|o| self.heroes[usize::from(*o)].seat != hero.seat).count() > 0 {
                    self.to_give.push((h, slot as u8));
                }
            }
        }
        self.to_settle =
            self.standing().filter(|h| flagged.contains(h) || powers::number_changer(&self.heroes[usize::from(*h)]).is_some()).collect();
        self.after_auction_step(events);
    }

    /// Moves past whichever after-auction step is finished.
    fn after_auction_step(&mut self, events: &mut Vec<Event>) {
        if !self.to_give.is_empty() {
            self.phase = Phase::Giving;
        } else if !self.to_settle.is_empty() {
            self.phase = Phase::Settling;
        } else {
            self.sync_sidekicks(events);
            self.settled = Some(self.snapshot());
            if !self.check_over(events) {
                self.begin_round(events);
            }
        }
    }

    pub(super) fn take_gifts(&mut self, joint: &[Option<Act>], events: &mut Vec<Event>) {
        let mut moves = Vec::new();
        for (seat, act) in joint.iter().enumerate() {
            if let (Some(Act::Give(to)), Some(Decision::Give { hero, slot })) = (act, self.decision_of(seat)) {
                moves.push((hero, slot, *to));
            }
        }
        // Take from the highest slot first so earlier slots stay put.
        dojo_engine::sorting::sort_by_key(&mut moves, |(h, s, _)| (*h, std::cmp::Reverse(*s)));
        for (hero, slot, to) in moves {
            self.to_give.retain(|g| *g != (hero, slot));
            for g in self.to_give.iter_mut().filter(|(h, s)| *h == hero && *s > slot) {
                g.1 -= 1;
            }
            let held = self.heroes[usize::from(hero)].powers.remove(usize::from(slot));
            events.push(Event::Given { power: held.power, from: hero, to });
            self.heroes[usize::from(to)].powers.push(held);
        }
        self.after_auction_step(events);
    }

    pub(super) fn take_settles(&mut self, joint: &[Option<Act>], events: &mut Vec<Event>) {
        for (seat, act) in joint.iter().enumerate() {
            let (Some(Act::Settle { discard, expert }), Some(Decision::Settle { hero })) = (act, self.decision_of(seat)) else { continue };
            self.to_settle.retain(|h| *h != hero);
            let h = usize::from(hero);
            if let Some((slot, number, double)) = expert {
                let held = &mut self.heroes[h].powers[usize::from(*slot)];
                let from = held.n(usize::from(*number));
                let to = if *double { from * 2 } else { from / 2 };
                held.numbers[usize::from(*number)] = to;
                events.push(Event::Changed { hero, power: held.power, from, to });
            }
            let mut slots = discard.clone();
            dojo_engine::sorting::sort_by(&mut slots, |a, b| b.cmp(a));
            for slot in slots {
                let held = self.heroes[h].powers.remove(usize::from(slot));
                events.push(Event::Discarded { hero, power: held.power });
            }
        }
        self.after_auction_step(events);
    }
}
