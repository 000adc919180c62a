//! Why a message stops the match, in words for the person to read.

use super::Device;
use std::fmt;

/// Why a message stops the match. Each names what went wrong, for the person to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The text is not a message of this protocol.
    Unreadable(String),
    /// The text is longer than [`MAX_MESSAGE`](crate::protocol::MAX_MESSAGE).
    TooLong {
        /// Its length in bytes.
        bytes: usize,
    },
    /// A message whose sequence number was already seen (a replay).
    Replayed {
        /// The sender.
        from: Device,
        /// Its number.
        seq: u64,
    },
    /// A message came with a gap before it (one was dropped or held back).
    Skipped {
        /// The sender.
        from: Device,
        /// The number expected.
        expected: u64,
        /// The number given.
        got: u64,
    },
    /// A message that claims to come from a device that is not at the table (or from us).
    Impostor {
        /// The claimed sender.
        from: Device,
    },
    /// A message that came on the connection to one device but names another as its sender:
    /// the device on that connection is the one speaking for another.
    WrongSender {
        /// The device at the other end of the connection it came on.
        line: Device,
        /// The sender it named.
        claimed: Device,
    },
    /// A commitment or reveal for a seat its sender does not play.
    NotTheirSeat {
        /// The sender.
        from: Device,
        /// The seat.
        seat: u8,
    },
    /// A commitment or reveal for a seat that does not act in that step.
    NotActing {
        /// The step.
        step: u32,
        /// The seat.
        seat: u8,
    },
    /// A message about a step other than the one being played.
    WrongStep {
        /// The step being played.
        expected: u32,
        /// The step named.
        got: u32,
    },
    /// A second, different commitment for the same seat and step.
    Recommitted {
        /// The step.
        step: u32,
        /// The seat.
        seat: u8,
    },
    /// A reveal sent before every acting seat had committed.
    EarlyReveal {
        /// The step.
        step: u32,
        /// The seat.
        seat: u8,
    },
    /// A withheld choice shown twice, or one that was never withheld.
    NotWithheld {
        /// The step.
        step: u32,
        /// The seat.
        seat: u8,
    },
    /// A reveal that does not open its commitment.
    Forged {
        /// The step.
        step: u32,
        /// The seat.
        seat: u8,
    },
    /// Another device's table differs from ours after a step.
    Diverged {
        /// The step.
        step: u32,
        /// The device whose hash differs.
        device: Device,
    },
    /// A commitment to the match's chance sent twice, or an opening before every device had
    /// committed, or twice.
    BadChance {
        /// The sender.
        from: Device,
    },
    /// An opening of the match's chance that does not match its commitment.
    ForgedChance {
        /// The sender.
        from: Device,
    },
    /// A start message from a guest, or a second one.
    BadStart,
    /// A message before the match started.
    NotStarted,
    /// The match is already stopped.
    Over,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Unreadable(why) => write!(f, "a message could not be read ({why})"),
            Violation::TooLong { bytes } => write!(f, "a message of {bytes} bytes came, longer than any this game sends"),
            Violation::Replayed { from, seq } => write!(f, "device {from} sent message {seq} again: a replayed message"),
            Violation::Skipped { from, expected, got } => {
                write!(f, "device {from}'s message {got} came where {expected} was due: a message was lost or held back")
            }
            Violation::Impostor { from } => write!(f, "a message claims to come from device {from}, which is not at this table"),
            Violation::WrongSender { line, claimed } => {
                write!(f, "{} sent a message in the name of {}", device_name(*line), device_name(*claimed))
            }
            Violation::NotTheirSeat { from, seat } => {
                write!(f, "device {from} spoke for Player {}, whom it does not play", u16::from(*seat) + 1)
            }
            Violation::NotActing { step, seat } => write!(f, "Player {} does not choose in step {step}", u16::from(*seat) + 1),
            Violation::WrongStep { expected, got } => write!(f, "a message about step {got} came during step {expected}"),
            Violation::Recommitted { step, seat } => {
                write!(f, "Player {} tried to change their commitment in step {step}", u16::from(*seat) + 1)
            }
            Violation::EarlyReveal { step, seat } => {
                write!(f, "Player {}'s choice in step {step} was revealed before every player had committed", u16::from(*seat) + 1)
            }
            Violation::NotWithheld { step, seat } => {
                write!(f, "Player {}'s choice in step {step} was shown though it was not face down", u16::from(*seat) + 1)
            }
            Violation::Forged { step, seat } => {
                write!(
                    f,
                    "Player {}'s revealed choice in step {step} does not match their commitment: a forged reveal",
                    u16::from(*seat) + 1
                )
            }
            Violation::Diverged { step, device } => write!(f, "after step {step}, device {device}'s table differs from this one"),
            Violation::BadChance { from } => write!(f, "device {from} sent its part of the match's chance out of turn"),
            Violation::ForgedChance { from } => {
                write!(f, "device {from}'s part of the match's chance does not match its commitment: a forged opening")
            }
            Violation::BadStart => write!(f, "a start message came from a guest, or came twice"),
            Violation::NotStarted => write!(f, "a message came before the match started"),
            Violation::Over => write!(f, "the match is already stopped"),
        }
    }
}

/// A device as the people at the table call it: the host's, or a friend's by number.
pub fn device_name(device: Device) -> String {
    if device == 0 { "the host's device".to_string() } else { format!("friend {device}'s device") }
}
