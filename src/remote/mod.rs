//! Direct connections between browsers, for playing with a friend on another device (the
//! `remote` module, `src/bin/remote.rs`, fetched only when needed).
//!
//! - [`friend`]: a match against a friend on another device, in each game's connection
//!   module: the connection, the protocol's side and the panel above the table.
//! - [`link`]: one WebRTC data channel, opened by an invitation and an answer passed by hand
//!   (a link, a QR code or pasted text), with no server of ours in between.
//! - [`settings`]: the STUN servers and the optional TURN server, kept on the device.
//! - [`qr`]: a QR code as SVG.
//! - [`page`]: the connection page (`/connect`): make or open an invitation, answer it, see
//!   the connection's state, exchange a line of text, time a fair deal on this device, and
//!   read what the protocol protects against.
//!
//! The match protocol itself (commitments, withheld choices, table hashes) is the
//! `dojo-remote` crate, tested natively.

pub mod friend;
pub mod link;
pub mod page;
pub mod qr;
pub mod settings;

/// The id of the element the connection page mounts into.
pub const REMOTE_ROOT: &str = "remote-root";
