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
//! | parameter | value |
//! |---|---|
//! | commitment | SHA-256 over a domain tag, the step, the seat, the choice and the salt |
//! | salt | 32 random bytes from the browser's `crypto.getRandomValues` |
//! | devices | 2–8, one host relaying for more than two |
//! | deal | SRA-style commutative encryption, one key per card per device |

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
