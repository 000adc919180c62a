//! Generated input for the decoders' tests: every reader of outside text (game records, saves,
//! share links, print settings, the rules reader) is fed a large volume of mutated valid inputs
//! and structured random ones, from a fixed seed, under a time cap.
//!
//! [`Mutator`] makes the inputs: byte-level changes (flips, inserted, deleted and repeated spans,
//! cuts, two inputs spliced), JSON-aware ones (numbers made huge, negative or fractional,
//! strings made long, foreign or full of control characters or swapped for another string the
//! seeds hold, keys dropped, added or repeated, values nested deeply, subtrees swapped between
//! seeds) and random ones (JSON trees, base64, query strings, Markdown). [`Campaign`] feeds
//! them to a decoder, catches any panic and names the input that caused it, and reports the
//! counts as `fuzz_<name>_inputs: N` and `fuzz_<name>_ms: T` lines.
//!
//! The defaults (at least [`MIN_INPUTS`] inputs per decoder, at most [`TIME_CAP_SECS`]
//! seconds) can be changed with the environment variables `DOJO_FUZZ_INPUTS`,
//! `DOJO_FUZZ_SECS` and `DOJO_FUZZ_SEED` (another seed explores other inputs; the default one
//! keeps every run alike).

//!
//! `mutate.rs` holds the changes to valid inputs, `random.rs` the random inputs of each kind.

mod mutate;
mod random;
#[cfg(test)]
mod tests;

pub use mutate::count_nodes;

use crate::rng::Rng;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

/// Inputs each decoder is fed by default.
pub const MIN_INPUTS: usize = 100_000;
/// Seconds each decoder may take by default before its campaign stops short: a guard against a
/// decoder gone slow, not the measure. Every campaign reaches [`MIN_INPUTS`] well within it on
/// this project's 2-core machines (its figures are printed; the slowest, Rumble's saves, needs
/// about 20 s in an unoptimised test build while another campaign runs beside it).
pub const TIME_CAP_SECS: u64 = 40;

/// Strings and numbers worth trying anywhere: edges of the integer types, floats, escapes.
const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "2",
    "7",
    "8",
    "9",
    "10",
    "100",
    "127",
    "128",
    "255",
    "256",
    "-128",
    "65535",
    "65536",
    "2147483647",
    "4294967295",
    "4294967296",
    "9007199254740993",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999",
    "0.5",
    "-0.5",
    "1e308",
    "1e309",
    "-1e308",
    "1e-320",
    "3.0",
    "1E2",
];

/// Odd strings: empty, long, right-to-left, combining marks, astral, control characters, HTML.
const ODD_STRINGS: &[&str] = &[
    "",
    " ",
    "\u{0}",
    "\t\n\r",
    "\u{1b}[31m",
    "\u{202e}evil",
    "e\u{301}\u{301}\u{301}",
    "🎴🐉👊🏽",
    "ﷺ",
    "\u{feff}",
    "\u{fffd}",
    "<script>alert(1)</script>",
    "&amp;\"'",
    "%00%ff%2C",
    "null",
    "NaN",
    "-",
    "1.",
    "../../etc",
];

/// A seeded generator of inputs for decoders. `dictionary` holds the strings (object keys and
/// string values) found in the seeds, so mutated inputs keep naming real fields and variants.
#[derive(Clone, Debug)]
pub struct Mutator {
    /// The random source, seeded by the campaign.
    pub rng: Rng,
    dictionary: Vec<String>,
}

/// `bytes` as URL-safe base64 without padding (the form of share-link pieces).
pub fn base64url(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(char::from(DIGITS[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

/// `text` cut to its first 300 and last 100 characters, for a failure message.
pub fn shorten(text: &str) -> String {
    let count = text.chars().count();
    if count <= 500 {
        return format!("{text:?}");
    }
    let head: String = text.chars().take(300).collect();
    // The last 100 characters start at the byte where character `count - 100` begins.
    let start = text.char_indices().nth(count - 100).map_or(text.len(), |(at, _)| at);
    let tail = &text[start..];
    format!("{head:?} … ({} characters in all) … {tail:?}", count)
}

/// What a campaign did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Inputs fed to the decoder.
    pub inputs: usize,
    /// Inputs the decoder accepted (the rest it refused without panicking).
    pub accepted: usize,
    /// Wall-clock milliseconds taken.
    pub ms: u128,
    /// True when the time cap stopped the campaign before its input count.
    pub capped: bool,
}

/// One decoder's run of generated inputs.
#[derive(Clone, Debug)]
pub struct Campaign {
    /// The decoder's name in the report lines (`fuzz_<name>_inputs`).
    pub name: String,
    /// Inputs to feed unless the cap comes first.
    pub inputs: usize,
    /// The most time the campaign may take.
    pub cap: Duration,
    /// The seed of its generator.
    pub seed: u64,
}

impl Campaign {
    /// A campaign for decoder `name` with the default (or environment's) count, cap and seed;
    /// the seed also depends on the name, so decoders are fed different inputs.
    pub fn new(name: &str) -> Self {
        let env = |key: &str| std::env::var(key).ok().and_then(|v| v.parse::<u64>().ok());
        let name_hash = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
        Campaign {
            name: name.to_string(),
            inputs: env("DOJO_FUZZ_INPUTS").map_or(MIN_INPUTS, |n| n as usize),
            cap: Duration::from_secs(env("DOJO_FUZZ_SECS").unwrap_or(TIME_CAP_SECS)),
            seed: env("DOJO_FUZZ_SEED").unwrap_or(1) ^ name_hash,
        }
    }

    /// Feeds inputs made by `make` to `check`, which returns whether the decoder accepted the
    /// input and panics (for instance through `assert!`) when a property is broken. Stops after
    /// [`Campaign::inputs`] inputs or at the time cap, prints the report lines and returns the
    /// tally. A panic in `check` fails the campaign with the input that caused it (shortened;
    /// the whole input is written to a file in the temporary directory).
    pub fn run(&self, mut m: Mutator, mut make: impl FnMut(&mut Mutator) -> String, mut check: impl FnMut(&str) -> bool) -> Tally {
        m.rng = Rng::new(self.seed);
        let start = Instant::now();
        let mut tally = Tally { inputs: 0, accepted: 0, ms: 0, capped: false };
        while tally.inputs < self.inputs {
            if tally.inputs.is_multiple_of(32) && start.elapsed() >= self.cap {
                tally.capped = true;
                break;
            }
            let input = make(&mut m);
            match catch_unwind(AssertUnwindSafe(|| check(&input))) {
                Ok(accepted) => tally.accepted += usize::from(accepted),
                Err(payload) => {
                    let why = payload
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_else(|| "(no message)".into());
                    let file = std::env::temp_dir().join(format!("fuzz-{}-panic.txt", self.name));
                    let _ = std::fs::write(&file, &input);
                    panic!(
                        "fuzz_{}: input {} (seed {}) panicked: {why}\ninput: {}\n(the whole input is in {})",
                        self.name,
                        tally.inputs + 1,
                        self.seed,
                        shorten(&input),
                        file.display()
                    );
                }
            }
            tally.inputs += 1;
        }
        tally.ms = start.elapsed().as_millis();
        if tally.capped {
            println!(
                "fuzz_{}: the time cap of {} s stopped it after {} of {} inputs",
                self.name,
                self.cap.as_secs(),
                tally.inputs,
                self.inputs
            );
        }
        println!("fuzz_{}_inputs: {}", self.name, tally.inputs);
        println!("fuzz_{}_accepted: {}", self.name, tally.accepted);
        println!("fuzz_{}_ms: {}", self.name, tally.ms);
        tally
    }
}
