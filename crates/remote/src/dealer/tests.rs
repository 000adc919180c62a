//! Deals between two and three devices: each reads only its own cards, a pass out of turn
//! or garbled is refused, and a cheat or a false key is named at the audit.

use super::*;

/// Devices passing messages: everything sent goes to every other device, in order.
struct Table {
    dealers: Vec<Dealer>,
    known: Vec<Vec<Dealt>>,
}

impl Table {
    fn new(devices: u8) -> Table {
        Table { dealers: (0..devices).map(|d| Dealer::new("punish", 15, d, devices)).collect(), known: vec![Vec::new(); devices.into()] }
    }

    fn deliver(&mut self, from: Device, messages: Vec<DealMessage>) {
        let mut queue: Vec<(Device, DealMessage)> = messages.into_iter().map(|m| (from, m)).collect();
        while !queue.is_empty() {
            let (sender, message) = queue.remove(0);
            for d in 0..self.dealers.len() as u8 {
                if d == sender {
                    continue;
                }
                let (out, known) = self.dealers[usize::from(d)].receive(sender, message.clone()).unwrap();
                self.known[usize::from(d)].extend(known);
                queue.extend(out.into_iter().map(|m| (d, m)));
            }
        }
    }

    /// Every device begins the next deal, the last device first (its messages wait).
    fn deal(&mut self, pool: Option<Vec<Pooled>>, round: u8) {
        for d in (0..self.dealers.len() as u8).rev() {
            let (out, known) = self.dealers[usize::from(d)].begin(pool.clone(), [round * 16 + d + 1; 32]).unwrap();
            self.known[usize::from(d)].extend(known);
            self.deliver(d, out);
        }
    }

    /// Every device but `to` gives `to` its keys for `slots` (or all, for everyone).
    fn give(&mut self, deal: u32, slots: &[u16], to: Option<Device>) {
        for d in 0..self.dealers.len() as u8 {
            if Some(d) == to {
                continue;
            }
            let message = self.dealers[usize::from(d)].give(deal, slots, to).unwrap();
            self.deliver(d, vec![message]);
        }
    }
}

#[test]
fn the_passes_of_a_deal_merge_where_one_device_works_twice() {
    let count = |n: u8, fresh: bool| passes(n, fresh).len();
    assert_eq!((count(2, true), count(2, false)), (3, 4));
    assert_eq!((count(3, true), count(3, false)), (5, 7));
    assert_eq!(passes(2, false)[1], (1, vec![Op::Refresh, Op::Permute]));
}

#[test]
fn two_devices_deal_hands_each_reads_only_its_own_and_the_deal_goes_again_mid_match() {
    let mut t = Table::new(2);
    t.deal(None, 0);
    assert!(t.dealers.iter().all(|d| d.is_ready(0)), "both hold the dealt deck");
    assert!(t.known.iter().all(|k| k.contains(&Dealt::Ready { deal: 0 })));
    // A (device 0) is dealt places 0..5, B places 5..10; places 10 and 11 are turned up.
    t.give(0, &[0, 1, 2, 3, 4], Some(0));
    t.give(0, &[5, 6, 7, 8, 9], Some(1));
    t.give(0, &[10, 11], None);
    let a: Vec<u16> = (0..5).map(|s| t.dealers[0].open(0, s).unwrap().unwrap()).collect();
    let b: Vec<u16> = (5..10).map(|s| t.dealers[1].open(0, s).unwrap().unwrap()).collect();
    assert!((0..5).all(|s| t.dealers[1].open(0, s).is_none()), "B holds no key for A's cards");
    assert!((5..10).all(|s| t.dealers[0].open(0, s).is_none()));
    assert_eq!(t.dealers[0].open(0, 10), t.dealers[1].open(0, 10), "a card turned up opens for both");
    // A measure later: each played four (shown), each holds one (places 4 and 9).
    t.give(0, &[0, 1, 2, 3, 5, 6, 7, 8], None);
    let b_played: Vec<u16> = (5..9).map(|s| t.dealers[0].open(0, s).unwrap().unwrap()).collect();
    assert_eq!(b_played, b[..4], "B's plays open for A once B shows its keys");
    let shown = |s: u16| t.dealers[0].open(0, s).unwrap().unwrap();
    let mut pool: Vec<Pooled> = [0, 1, 2, 3, 5, 6, 7, 8, 10, 11].iter().map(|s| Pooled::FaceUp(shown(*s))).collect();
    pool.extend((12..15).map(|slot| Pooled::Locked { slot }));
    t.deal(Some(pool), 1);
    assert!(t.dealers.iter().all(|d| d.is_ready(1)));
    t.give(1, &[0, 1, 2, 3], Some(0));
    let drawn: Vec<u16> = (0..4).map(|s| t.dealers[0].open(1, s).unwrap().unwrap()).collect();
    let mut all = [drawn.clone(), vec![a[4], b[4]]].concat();
    t.give(1, &(4..13).collect::<Vec<_>>(), None);
    all.extend((4..13).map(|s| t.dealers[1].open(1, s).unwrap().unwrap()));
    all.sort();
    assert_eq!(all, (0..15).collect::<Vec<u16>>(), "the held cards and the pool dealt again make the deck");
    // The end: both show their secrets and every pass checks out.
    let (m0, k0) = t.dealers[0].audit().unwrap();
    assert!(k0.is_empty(), "one audit is not enough");
    t.deliver(0, vec![m0]);
    let (m1, k1) = t.dealers[1].audit().unwrap();
    assert_eq!(k1, vec![Dealt::Audited]);
    let (_, k) = t.dealers[0].receive(1, m1).unwrap();
    assert_eq!(k, vec![Dealt::Audited]);
    let orders = t.dealers[0].orders().unwrap();
    assert_eq!(orders, t.dealers[1].orders().unwrap(), "every device reads the same orders");
    assert_eq!(&orders[0][..5], &a[..], "the first deal's places 0..5 are A's hand");
    assert_eq!(&orders[1][..4], &drawn[..], "and the second's 0..4 what A drew");
}

#[test]
fn three_devices_deal_and_a_card_passed_on_by_the_host_stays_closed_to_it() {
    let mut t = Table::new(3);
    t.deal(None, 0);
    assert!(t.dealers.iter().all(|d| d.is_ready(0)));
    // Device 2's card: the host and device 1 give it their keys (the host sees device 1's).
    t.give(0, &[7], Some(2));
    assert!(t.dealers[2].open(0, 7).unwrap().is_ok());
    assert!(t.dealers[0].open(0, 7).is_none() && t.dealers[1].open(0, 7).is_none());
}

#[test]
fn a_pass_out_of_turn_or_garbled_is_refused_and_a_cheat_is_named_at_the_audit() {
    let mut a = Dealer::new("punish", 15, 0, 2);
    let mut b = Dealer::new("punish", 15, 1, 2);
    let (first, _) = a.begin(None, [1; 32]).unwrap();
    let DealMessage::Pass { cards, .. } = first[0].clone() else { panic!("A's pass") };
    assert_eq!(
        a.clone().receive(1, DealMessage::Pass { deal: 0, pass: 3, cards: cards.clone() }),
        Err(DealViolation::WrongPass { deal: 0, pass: 3, from: 1 })
    );
    let mut junk = cards.clone();
    junk[3] = [0xff; 32];
    let mut fresh = Dealer::new("punish", 15, 1, 2);
    fresh.begin(None, [2; 32]).unwrap();
    assert_eq!(fresh.receive(0, DealMessage::Pass { deal: 0, pass: 1, cards: junk }), Err(DealViolation::Garbled { deal: 0 }));
    // A puts one card in twice: nothing shows until the audit, which names A.
    let mut forged = cards.clone();
    forged[1] = forged[0];
    let (to_a, _) = {
        b.begin(None, [2; 32]).unwrap();
        b.receive(0, DealMessage::Pass { deal: 0, pass: 1, cards: forged }).unwrap()
    };
    let (to_b, _) = a.receive(1, to_a[0].clone()).unwrap();
    b.receive(0, to_b[0].clone()).unwrap();
    assert!(a.is_ready(0) && b.is_ready(0));
    let (audit_a, _) = a.audit().unwrap();
    b.audit().unwrap();
    assert_eq!(b.receive(0, audit_a), Err(DealViolation::Cheated { device: 0, deal: 0 }));
}

#[test]
fn a_false_key_opens_nothing_and_the_audit_names_its_sender() {
    let mut t = Table::new(2);
    t.deal(None, 0);
    // B gives A someone else's key for place 0.
    let false_key = Keys::new(&[9; 32], 15).card_key(0).unwrap();
    t.deliver(1, vec![DealMessage::Keys { deal: 0, to: Some(0), keys: vec![(0, false_key)] }]);
    assert_eq!(t.dealers[0].open(0, 0), Some(Err(DealError::NotACard { at: 0 })));
    let true_key = t.dealers[1].keys_for_test(0);
    assert_eq!(
        t.dealers[0].receive(1, DealMessage::Keys { deal: 0, to: Some(0), keys: vec![(0, true_key)] }),
        Err(DealViolation::StrayKey { deal: 0, slot: 0 }),
        "a second, different key for one card is refused"
    );
    let (m1, _) = t.dealers[1].audit().unwrap();
    t.dealers[0].audit().unwrap();
    assert_eq!(t.dealers[0].receive(1, m1), Err(DealViolation::Cheated { device: 1, deal: 0 }));
}

impl Dealer {
    fn keys_for_test(&self, slot: usize) -> [u8; 32] {
        self.deals[0].keys.card_key(slot).unwrap()
    }
}
