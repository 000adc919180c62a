//! The servers that help two devices find each other, kept on this device: STUN servers (which
//! only tell a device its own public address) and an optional TURN server (which relays the
//! traffic when the networks block direct connections).

use serde::{Deserialize, Serialize};

/// Where the settings are kept in the browser's storage.
pub const KEY: &str = "dojo-remote-settings";

/// The public STUN server used unless the person lists others.
pub const DEFAULT_STUN: &str = "stun:stun.l.google.com:19302";

/// The connection settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// STUN server addresses (`stun:host:port`), one per entry; may be empty.
    pub stun: Vec<String>,
    /// A TURN server address (`turn:host:port`), or empty for none.
    pub turn: String,
    /// The TURN user name.
    pub turn_user: String,
    /// The TURN password.
    pub turn_password: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { stun: vec![DEFAULT_STUN.to_string()], turn: String::new(), turn_user: String::new(), turn_password: String::new() }
    }
}

impl Settings {
    /// The settings from their stored text; the defaults when there is none or it is damaged.
    pub fn read(text: Option<&str>) -> Settings {
        text.and_then(|t| dojo_engine::json::from_str(t).ok()).unwrap_or_default()
    }

    /// STUN servers from text, one per line (blank lines dropped), or why one is refused.
    pub fn parse_stun(text: &str) -> Result<Vec<String>, String> {
        let servers: Vec<String> = text.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect();
        match servers.iter().find(|s| !(s.starts_with("stun:") || s.starts_with("stuns:"))) {
            Some(bad) => Err(format!("{bad:?} is not a STUN address: it should start with stun: (for example {DEFAULT_STUN})")),
            None => Ok(servers),
        }
    }

    /// Checks the TURN fields: an address that starts with `turn:` or `turns:` and has a user
    /// name and password, or all three empty.
    pub fn check_turn(&self) -> Result<(), String> {
        if self.turn.is_empty() {
            return Ok(());
        }
        if !(self.turn.starts_with("turn:") || self.turn.starts_with("turns:")) {
            return Err(format!("{:?} is not a TURN address: it should start with turn: or turns:", self.turn));
        }
        if self.turn_user.is_empty() || self.turn_password.is_empty() {
            return Err("a TURN server needs the user name and password its provider gave you".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_read_back_and_refuse_junk() {
        assert_eq!(Settings::read(None), Settings::default());
        assert_eq!(Settings::read(Some("{broken")), Settings::default());
        let s = Settings { stun: vec![], turn: "turn:t.example:3478".into(), turn_user: "u".into(), turn_password: "p".into() };
        assert_eq!(Settings::read(Some(&serde_json::to_string(&s).unwrap())), s);
        assert_eq!(Settings::parse_stun("stun:a:1\n\n stun:b:2 ").unwrap(), ["stun:a:1", "stun:b:2"]);
        assert!(Settings::parse_stun("http://x").unwrap_err().contains("not a STUN address"));
        assert!(Settings { turn_password: String::new(), ..s.clone() }.check_turn().is_err());
        assert!(Settings { turn: "stun:x".into(), ..s }.check_turn().is_err());
    }
}
