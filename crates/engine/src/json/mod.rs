//! A small JSON reader and writer for serde: the site's own saves, links and worker messages.
//!
//! It reads the same JSON as `serde_json::from_str` for our types, with one difference that is
//! the reason it exists: a struct is read from an object only, never from an array. `serde_json`
//! accepts both, so every struct's generated reader is built twice into each page; this one
//! builds only the object reader, and a page's download is several kilobytes smaller for it (a
//! play page is held to a budget). Everything else is standard JSON:
//! - objects, arrays, strings with every escape (`\uXXXX` and surrogate pairs), numbers, `true`,
//!   `false` and `null`; whitespace between tokens; nothing after the value;
//! - enums as `serde_json` writes them: `"Unit"`, `{"Variant": value}`;
//! - unknown fields are skipped unless the type denies them, and nesting stops at
//!   [`MAX_DEPTH`], so a hostile link cannot overflow the stack.
//!
//! [`to_string`] writes the same JSON as `serde_json::to_string`, for the same reason.
//!
//! The reader is in `read.rs`, the writer in `write.rs`; this file holds what they share.

mod read;
#[cfg(test)]
mod tests;
mod write;

pub use read::from_str;
pub use write::to_string;

use serde::{de, ser};
use std::fmt;

/// How deep arrays and objects may nest (as `serde_json`).
pub const MAX_DEPTH: usize = 128;

/// Why a text could not be read, and where. (Boxed: a reader's every step passes its
/// result on, and a one-pointer error keeps that code small.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(Box<Fault>);

/// The inside of an [`Error`].
#[derive(Debug, Clone, PartialEq, Eq)]
struct Fault {
    message: String,
    /// Line and column (from 1) of the character the reader stopped at.
    place: Option<(usize, usize)>,
}

impl Error {
    #[cold]
    #[inline(never)]
    fn new(message: &str) -> Self {
        Error(Box::new(Fault { message: message.to_string(), place: None }))
    }

    /// Notes the place of byte `at` of `text`, unless a place is already known.
    fn placed(mut self, text: &str, at: usize) -> Self {
        if self.0.place.is_none() {
            let before = &text.as_bytes()[..at.min(text.len())];
            let line = 1 + before.iter().filter(|b| **b == b'\n').count();
            let column = 1 + before.iter().rev().take_while(|b| **b != b'\n').count();
            self.0.place = Some((line, column));
        }
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.place {
            Some((line, column)) => write!(f, "{} at line {line} column {column}", self.0.message),
            None => f.write_str(&self.0.message),
        }
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(message: T) -> Self {
        Error(Box::new(Fault { message: message.to_string(), place: None }))
    }
}

type Result<T> = std::result::Result<T, Error>;

impl ser::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(message: T) -> Self {
        Error(Box::new(Fault { message: message.to_string(), place: None }))
    }
}
