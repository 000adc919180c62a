//! Random inputs of each kind a decoder reads: base64, query strings and Markdown.

use super::{Mutator, NUMBERS};

impl Mutator {
    /// Random URL-safe base64 (sometimes with a stray character or a bad length).
    pub fn base64(&mut self) -> String {
        const DIGITS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let len = self.size(0.05, 40_000, 200);
        let mut out: String = (0..len).map(|_| char::from(DIGITS[self.below(64)])).collect();
        if self.chance(0.2) {
            let at = self.below(out.len() + 1);
            out.insert(at, ['=', '+', '/', '.', ' ', 'é', '%'][self.below(7)]);
        }
        out
    }

    /// A random query string of `keys` (and some unknown ones) with odd values and escapes.
    pub fn query(&mut self, keys: &[&str], values: &[&str]) -> String {
        let n = self.below(8);
        let mut parts = Vec::new();
        for _ in 0..n {
            let key = if self.chance(0.85) { keys[self.below(keys.len())].to_string() } else { self.string() };
            let value = match self.below(5) {
                0 | 1 => values[self.below(values.len())].to_string(),
                2 => NUMBERS[self.below(NUMBERS.len())].to_string(),
                3 => format!("%{:02X}{}", self.below(256), self.string()),
                _ => self.string(),
            };
            parts.push(if self.chance(0.1) { key } else { format!("{key}={value}") });
        }
        let q = parts.join(if self.chance(0.9) { "&" } else { "&&" });
        if self.chance(0.5) { format!("?{q}") } else { q }
    }

    /// A random Markdown text: headings (with and without anchors), paragraphs, nested and
    /// broken lists, tables of uneven rows, directives, and inline marks, links and code,
    /// some of them unclosed, with non-ASCII text throughout.
    pub fn markdown(&mut self) -> String {
        let mut out = String::new();
        for _ in 0..self.below(16) {
            match self.below(9) {
                0 => {
                    out.push_str(&"#".repeat(1 + self.below(9)));
                    out.push(' ');
                    out.push_str(&self.inline_text());
                    if self.chance(0.5) {
                        out.push_str(&format!(" {{#{}}}", self.string()));
                    }
                }
                1 => {
                    for i in 0..1 + self.below(5) {
                        let indent = " ".repeat(self.below(5));
                        let mark = if self.chance(0.5) { "- ".to_string() } else { format!("{}. ", i + self.below(3)) };
                        out.push_str(&format!("{indent}{mark}{}\n", self.inline_text()));
                    }
                }
                2 => {
                    let cols = self.below(5);
                    let row =
                        |m: &mut Mutator, c: usize| (0..c).map(|_| m.inline_text().replace('\n', " ")).collect::<Vec<_>>().join(" | ");
                    out.push_str(&format!("| {} |\n", row(self, cols)));
                    out.push_str(&format!("|{}|\n", vec!["---"; cols.max(1)].join("|")));
                    for _ in 0..self.below(4) {
                        let c = self.below(7);
                        out.push_str(&format!("| {} {}\n", row(self, c), if self.chance(0.5) { "|" } else { "\\|" }));
                    }
                }
                3 => out.push_str(&format!("::{} {}", self.word(), self.string())),
                4 => out.push_str(&"\n".repeat(1 + self.below(3))),
                5 => out.push_str(&format!("  {}", self.inline_text())),
                _ => out.push_str(&self.inline_text()),
            }
            out.push('\n');
        }
        out
    }

    fn inline_text(&mut self) -> String {
        let mut out = String::new();
        for _ in 0..self.below(8) {
            let t = self.string();
            match self.below(8) {
                0 => out.push_str(&format!("**{t}**")),
                1 => out.push_str(&format!("`{t}`")),
                2 => {
                    let href = ["/rules/punish", "#x", "https://x.org", "javascript:alert(1)", "//evil", "/\\evil", " /a", "", "/a b"]
                        [self.below(9)];
                    out.push_str(&format!("[{t}]({href})"));
                }
                3 => out.push_str(["**", "`", "[", "](", ")", "[a](", "*", "\\|"][self.below(8)]),
                _ => out.push_str(&t),
            }
            out.push(if self.chance(0.8) { ' ' } else { self.char() });
        }
        out
    }
}
