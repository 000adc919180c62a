//! # Play between devices that do not trust each other
//!
//! Two or more browsers play one match over a direct connection, with no game server. Each
//! device runs the same engine on the same record, so what travels is only each seat's
//! choices, and cryptography keeps those honest. This crate holds everything that is not the
//! browser (it is tested natively):
//!
//! - [`commit`]: a SHA-256 commitment to a choice with a fresh 256-bit salt, opened later.
//! - [`mix`]: randomness no device chooses alone, from committed contributions.
//! - [`deal`]: a mental-poker deal on the Ristretto group, so a card dealt to one seat is
//!   decrypted only by its holder.
//! - [`dealer`]: that deal as messages between devices, dealt again mid-match, each card
//!   opened only to the devices the rules allow, every pass checked at the end.
//! - [`places`]: where each card of such a match lies, as places of the deals, moved by each
//!   step.
//! - [`filling`]: a world consistent with what one device has seen of such deals, so that its
//!   copy of the match plays in the engine as usual.
//! - [`protocol`]: the match protocol: commit every secret choice, reveal once every acting
//!   seat has committed, compare a hash of the table after every step, refuse replayed or
//!   forged messages. Choices are opaque text (an action as JSON), so it serves every game.
//! - [`side`]: one device's side of a match, the protocol and the device's copy of the match
//!   driven together, for a page to feed with choices and messages.
//! - [`offer`]: a WebRTC session description cut to the fields that matter, so an invitation
//!   fits in a link and a QR code.
//!
//! ## What each device holds of another's face-down choices
//!
//! Every secret choice travels first as a commitment (a hash). What happens next, per game and
//! way of playing (checked by `tests/sides.rs` natively and `tests/e2e/friend-hidden.test.mjs`
//! in the browser, which record every message, journal and copy of the match):
//!
//! | game, mode | kind of step | what the other devices get, and when |
//! |---|---|---|
//! | TAUNT, DRAGON PUNCH, PUNISH | a card picked for a turn, every seat at once | the commitment; the card once every acting seat has committed, at that step's reveal |
//! | TAUNT, every way of playing | a combo card laid face down, the end of a combo | the commitment and its outline (that a card was laid, or the combo ended); the card when it acts. Exception: when both fighters lay combos, a card can be shown one turn before it acts (10 of 447 in the native test), because its owner judges on a table where the other's face-down cards are stand-ins |
//! | TAUNT Monsters | each of the 15 cards of a build | the commitment and that a card was placed; the card not before both trainers have built (in the browser test, none before the fight starts) |
//! | DRAGON PUNCH Custom Character | each of the 9 cards picked | the commitment and whether it is a basic or a character card; the card not before both hands are picked |
//! | PUNISH | the hands (dealt) | cards locked by every device; a card is opened only to its holder, and to all when played |
//! | PUNISH Blindfolded | a measure's plan | the commitment; the plan at the measure's reveal |
//! | Rumble | a bid sheet, an energy split | the commitment; every sheet (losing bids included) once every hero has sealed: each device works the auction out from all of them. Keeping a losing bid on its device would need the devices to compare sealed bids without opening them, which this protocol does not do |
//! | every game | the end of the match | every choice still face down is shown, so each device can check the whole match |
//! | FUSION | the Deck (dealt), a card laid face down, the Threshold, the Coach's blind card, a Card-Assist | each Stash opened on its pilot's device alone, a card laid face down shown when the initiative stack turns it, the Threshold and a blind card opened to all only when turned; whether a Joker lies on the top is drawn by every device together each time a new top shows; a Card-Assist stays face down but for its discard and how many cards went on: the giver's device names the places of its hand it passed, and only the receiver's device is given their keys |
//!
//! | parameter | value |
//! |---|---|
//! | commitment | SHA-256 over a domain tag, the step, the seat, the choice and the salt |
//! | salt | 32 random bytes from the browser's `crypto.getRandomValues` |
//! | devices | 2–8, one host relaying for more than two |
//! | deal | SRA-style commutative encryption, one key per card per device |
//! | cards shuffled in face up (FUSION's Jokers) | not dealt; at each new top, one draw from a hash of every device's next value of a SHA-256 chain whose head it sent in the first key round (at most 4,096 draws a match) |

pub mod commit;
pub mod deal;
pub mod dealer;
pub mod filling;
pub mod ledger;
pub mod mix;
pub mod offer;
pub mod places;
pub mod protocol;
pub mod side;
pub mod table;

pub use commit::{Commitment, Salt};
pub use protocol::{Body, Choice, Device, Happening, Message, Peer, Violation};
