//! A WebRTC session description cut to what a data channel needs, so an invitation or an
//! answer fits in a link and a QR code: the ICE user name and password, the DTLS certificate's
//! SHA-256 fingerprint, the DTLS role, and the addresses to try. Everything else in the
//! browser's description is the same for every data channel and is written back on arrival.
//!
//! The packed form is bytes, then URL-safe base64: one byte of version and kind, the user name
//! and password with a length byte each, the 32 fingerprint bytes, then the candidates (a byte
//! of kind, the address as 4 or 16 bytes, or 16 bytes for a private `<uuid>.local` name, or a
//! length and text for any other name, then the port).

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use std::fmt;

/// Whether a description opens the connection (the host's) or answers it (the guest's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The host's invitation.
    Offer,
    /// The guest's answer.
    Answer,
}

impl Kind {
    /// The name `RTCSessionDescription.type` uses.
    pub fn sdp_type(self) -> &'static str {
        match self {
            Kind::Offer => "offer",
            Kind::Answer => "answer",
        }
    }
}

/// How a candidate address was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// On this machine's own network.
    Host,
    /// As seen from outside, through a STUN server.
    Reflexive,
    /// Through a TURN relay.
    Relay,
}

/// Where a candidate can be reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Address {
    /// An IPv4 address.
    V4([u8; 4]),
    /// An IPv6 address.
    V6([u8; 16]),
    /// A private name `<uuid>.local` (how browsers hide local addresses), as the uuid's bytes.
    Private([u8; 16]),
    /// Any other name.
    Name(String),
}

/// One address to try.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// How it was found.
    pub found: Found,
    /// Where.
    pub address: Address,
    /// The UDP port.
    pub port: u16,
}

/// The fields of a description that matter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compact {
    /// Offer or answer.
    pub kind: Kind,
    /// `a=ice-ufrag`.
    pub ufrag: String,
    /// `a=ice-pwd`.
    pub pwd: String,
    /// `a=fingerprint:sha-256`, as bytes.
    pub fingerprint: [u8; 32],
    /// `a=setup`: true for `active`, false for `actpass` (offers) or `passive`.
    pub active: bool,
    /// The UDP candidates.
    pub candidates: Vec<Candidate>,
}

/// Why a description or a packed text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OfferError {
    /// The description lacks a field every data channel has.
    Missing(&'static str),
    /// The fingerprint is not a SHA-256 one.
    Fingerprint,
    /// The text is not URL-safe base64.
    NotBase64,
    /// The text ends before its fields do.
    Truncated,
    /// The text comes from another version of the site, or is not an invitation or answer.
    Version(u8),
    /// An invitation where an answer was expected, or the other way round.
    WrongKind,
    /// A field is too long to pack.
    TooLong(&'static str),
}

impl fmt::Display for OfferError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OfferError::Missing(field) => write!(f, "the connection description has no {field}"),
            OfferError::Fingerprint => write!(f, "the connection's certificate fingerprint is not SHA-256"),
            OfferError::NotBase64 => write!(f, "it is not a code from this site (it has characters a code never has)"),
            OfferError::Truncated => write!(f, "it is cut short: copy the whole code"),
            OfferError::Version(v) => write!(f, "it is not an invitation or answer from this version of the site (mark {v})"),
            OfferError::WrongKind => {
                write!(f, "it is the wrong half: paste the other device's answer here, or open the invitation on the other device")
            }
            OfferError::TooLong(field) => write!(f, "the {field} is too long to pack"),
        }
    }
}

const VERSION: u8 = 1;

fn field<'a>(sdp: &'a str, name: &str) -> Option<&'a str> {
    sdp.lines().find_map(|l| l.trim_end().strip_prefix(name))
}

fn parse_uuid(text: &str) -> Option<[u8; 16]> {
    let hex: String = text.chars().filter(|c| *c != '-').collect();
    if hex.len() != 32 || text.len() != 36 || !hex.chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()) {
        return None;
    }
    let mut out = [0u8; 16];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()?;
    }
    // Only the canonical spelling packs to bytes; anything else travels as text.
    (format_uuid(&out) == text).then_some(out)
}

fn format_uuid(b: &[u8; 16]) -> String {
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &h[..8], &h[8..12], &h[12..16], &h[16..20], &h[20..])
}

fn parse_address(text: &str) -> Address {
    if let Ok(ip) = text.parse::<std::net::Ipv4Addr>() {
        return Address::V4(ip.octets());
    }
    if let Ok(ip) = text.parse::<std::net::Ipv6Addr>() {
        return Address::V6(ip.octets());
    }
    match text.strip_suffix(".local").and_then(parse_uuid) {
        Some(uuid) => Address::Private(uuid),
        None => Address::Name(text.to_string()),
    }
}

impl Address {
    fn text(&self) -> String {
        match self {
            Address::V4(b) => std::net::Ipv4Addr::from(*b).to_string(),
            Address::V6(b) => std::net::Ipv6Addr::from(*b).to_string(),
            Address::Private(b) => format!("{}.local", format_uuid(b)),
            Address::Name(n) => n.clone(),
        }
    }
}

/// One `a=candidate:` line's UDP candidate, if it is one.
fn parse_candidate(line: &str) -> Option<Candidate> {
    let parts: Vec<&str> = line.split_whitespace().collect();
    // foundation component transport priority address port "typ" kind …
    if parts.len() < 8 || !parts[2].eq_ignore_ascii_case("udp") || parts[1] != "1" || parts[6] != "typ" {
        return None;
    }
    let found = match parts[7] {
        "host" => Found::Host,
        "srflx" | "prflx" => Found::Reflexive,
        "relay" => Found::Relay,
        _ => return None,
    };
    Some(Candidate { found, address: parse_address(parts[4]), port: parts[5].parse().ok()? })
}

impl Compact {
    /// The fields that matter of a browser's description `sdp` of kind `kind`.
    pub fn from_sdp(kind: Kind, sdp: &str) -> Result<Compact, OfferError> {
        let ufrag = field(sdp, "a=ice-ufrag:").ok_or(OfferError::Missing("ICE user name"))?.to_string();
        let pwd = field(sdp, "a=ice-pwd:").ok_or(OfferError::Missing("ICE password"))?.to_string();
        let print = field(sdp, "a=fingerprint:").ok_or(OfferError::Missing("certificate fingerprint"))?;
        let hex = print.strip_prefix("sha-256 ").ok_or(OfferError::Fingerprint)?;
        let bytes: Vec<u8> =
            hex.split(':').map(|h| u8::from_str_radix(h, 16)).collect::<Result<_, _>>().map_err(|_| OfferError::Fingerprint)?;
        let fingerprint: [u8; 32] = bytes.try_into().map_err(|_| OfferError::Fingerprint)?;
        let active = field(sdp, "a=setup:").ok_or(OfferError::Missing("DTLS role"))? == "active";
        let candidates = sdp.lines().filter_map(|l| l.trim_end().strip_prefix("a=candidate:")).filter_map(parse_candidate).collect();
        Ok(Compact { kind, ufrag, pwd, fingerprint, active, candidates })
    }

    /// A description the browser accepts, with every field that does not matter written back.
    pub fn to_sdp(&self) -> String {
        let mut s = String::from("v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=msid-semantic: WMS\r\n");
        s.push_str("m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n");
        for (i, c) in self.candidates.iter().enumerate() {
            let (kind, priority, related) = match c.found {
                Found::Host => ("host", 2_113_937_151u32 - i as u32, ""),
                Found::Reflexive => ("srflx", 1_677_729_535 - i as u32, " raddr 0.0.0.0 rport 0"),
                Found::Relay => ("relay", 41_885_439 - i as u32, " raddr 0.0.0.0 rport 0"),
            };
            s.push_str(&format!("a=candidate:{} 1 udp {priority} {} {} typ {kind}{related}\r\n", i + 1, c.address.text(), c.port));
        }
        let print: Vec<String> = self.fingerprint.iter().map(|b| format!("{b:02X}")).collect();
        s.push_str(&format!("a=ice-ufrag:{}\r\na=ice-pwd:{}\r\na=fingerprint:sha-256 {}\r\n", self.ufrag, self.pwd, print.join(":")));
        let setup = match (self.kind, self.active) {
            (Kind::Offer, _) => "actpass",
            (Kind::Answer, true) => "active",
            (Kind::Answer, false) => "passive",
        };
        s.push_str(&format!("a=setup:{setup}\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"));
        s
    }

    /// The packed text (URL-safe base64 of the fields).
    pub fn pack(&self) -> Result<String, OfferError> {
        let mut b = vec![(VERSION << 2) | u8::from(self.kind == Kind::Answer) | (u8::from(self.active) << 1)];
        for (name, text) in [("ICE user name", &self.ufrag), ("ICE password", &self.pwd)] {
            b.push(u8::try_from(text.len()).map_err(|_| OfferError::TooLong(name))?);
            b.extend_from_slice(text.as_bytes());
        }
        b.extend_from_slice(&self.fingerprint);
        b.push(u8::try_from(self.candidates.len()).map_err(|_| OfferError::TooLong("candidate list"))?);
        for c in &self.candidates {
            let found = match c.found {
                Found::Host => 0,
                Found::Reflexive => 1,
                Found::Relay => 2,
            };
            match &c.address {
                Address::V4(a) => {
                    b.push(found << 2);
                    b.extend_from_slice(a);
                }
                Address::V6(a) => {
                    b.push((found << 2) | 1);
                    b.extend_from_slice(a);
                }
                Address::Private(a) => {
                    b.push((found << 2) | 2);
                    b.extend_from_slice(a);
                }
                Address::Name(n) => {
                    b.push((found << 2) | 3);
                    b.push(u8::try_from(n.len()).map_err(|_| OfferError::TooLong("candidate name"))?);
                    b.extend_from_slice(n.as_bytes());
                }
            }
            b.extend_from_slice(&c.port.to_be_bytes());
        }
        Ok(URL_SAFE_NO_PAD.encode(b))
    }

    /// Reads a packed text, expecting `kind`. Spaces and line breaks (from copying) are ignored.
    pub fn unpack(text: &str, kind: Kind) -> Result<Compact, OfferError> {
        let clean: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let bytes = URL_SAFE_NO_PAD.decode(clean.trim_end_matches('=')).map_err(|_| OfferError::NotBase64)?;
        let mut r = Reader { bytes: &bytes, at: 0 };
        let head = r.byte()?;
        if head >> 2 != VERSION {
            return Err(OfferError::Version(head >> 2));
        }
        let found_kind = if head & 1 == 1 { Kind::Answer } else { Kind::Offer };
        if found_kind != kind {
            return Err(OfferError::WrongKind);
        }
        let ufrag = r.text()?;
        let pwd = r.text()?;
        let fingerprint: [u8; 32] = r.take(32)?.try_into().map_err(|_| OfferError::Truncated)?;
        let count = r.byte()?;
        let mut candidates = Vec::new();
        for _ in 0..count {
            let tag = r.byte()?;
            let found = match tag >> 2 {
                0 => Found::Host,
                1 => Found::Reflexive,
                _ => Found::Relay,
            };
            let address = match tag & 3 {
                0 => Address::V4(r.take(4)?.try_into().map_err(|_| OfferError::Truncated)?),
                1 => Address::V6(r.take(16)?.try_into().map_err(|_| OfferError::Truncated)?),
                2 => Address::Private(r.take(16)?.try_into().map_err(|_| OfferError::Truncated)?),
                _ => Address::Name(r.text()?),
            };
            let port = u16::from_be_bytes(r.take(2)?.try_into().map_err(|_| OfferError::Truncated)?);
            candidates.push(Candidate { found, address, port });
        }
        Ok(Compact { kind, ufrag, pwd, fingerprint, active: head & 2 == 2, candidates })
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], OfferError> {
        let slice = self.bytes.get(self.at..self.at + n).ok_or(OfferError::Truncated)?;
        self.at += n;
        Ok(slice)
    }

    fn byte(&mut self) -> Result<u8, OfferError> {
        Ok(self.take(1)?[0])
    }

    fn text(&mut self) -> Result<String, OfferError> {
        let n = usize::from(self.byte()?);
        String::from_utf8(self.take(n)?.to_vec()).map_err(|_| OfferError::NotBase64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An offer as headless Chromium wrote it for a data channel (two private host candidates).
    const OFFER: &str = "v=0\r\no=- 8140166709375123846 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\na=candidate:3119878766 1 udp 2113937151 3806720b-2a4f-4c42-9e86-3767ba3db0e3.local 48054 typ host generation 0 network-cost 999\r\na=candidate:3196583646 1 udp 2113942271 bf9e236e-7b4d-4404-8f24-c7ef85922879.local 41633 typ host generation 0 network-cost 999\r\na=candidate:1 1 tcp 1518280447 192.168.1.4 9 typ host tcptype active\r\na=candidate:2 1 udp 1677729535 203.0.113.9 50000 typ srflx raddr 0.0.0.0 rport 0\r\na=ice-ufrag:oBRo\r\na=ice-pwd:H5rS6bYUb79p6lZDgMOX8ZIj\r\na=ice-options:trickle\r\na=fingerprint:sha-256 7F:25:C3:7B:E8:A5:68:87:1A:E9:86:8C:7E:68:6A:00:25:21:66:28:49:99:A0:61:02:E5:97:C9:49:03:E0:A4\r\na=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n";

    #[test]
    fn an_offer_packs_short_and_comes_back_with_every_field_that_matters() {
        let compact = Compact::from_sdp(Kind::Offer, OFFER).unwrap();
        assert_eq!(compact.ufrag, "oBRo");
        assert_eq!(compact.candidates.len(), 3, "UDP candidates only: {:?}", compact.candidates);
        assert_eq!(compact.candidates[2], Candidate { found: Found::Reflexive, address: Address::V4([203, 0, 113, 9]), port: 50000 });
        let packed = compact.pack().unwrap();
        assert!(packed.len() < 160, "{} characters", packed.len());
        let back = Compact::unpack(&packed, Kind::Offer).unwrap();
        assert_eq!(back, compact);
        let sdp = back.to_sdp();
        for needed in [
            "a=ice-ufrag:oBRo",
            "a=ice-pwd:H5rS6bYUb79p6lZDgMOX8ZIj",
            "a=fingerprint:sha-256 7F:25:C3",
            "3806720b-2a4f-4c42-9e86-3767ba3db0e3.local 48054 typ host",
            "a=setup:actpass",
        ] {
            assert!(sdp.contains(needed), "{needed} in {sdp}");
        }
        assert_eq!(Compact::from_sdp(Kind::Offer, &sdp).unwrap(), compact, "the rebuilt description reads the same");
    }

    #[test]
    fn bad_texts_are_refused_with_a_reason() {
        let packed = Compact::from_sdp(Kind::Offer, OFFER).unwrap().pack().unwrap();
        assert_eq!(Compact::unpack(&packed, Kind::Answer), Err(OfferError::WrongKind));
        assert_eq!(Compact::unpack(&packed[..40], Kind::Offer), Err(OfferError::Truncated));
        assert_eq!(Compact::unpack("not a code!", Kind::Offer), Err(OfferError::NotBase64));
        assert_eq!(Compact::unpack("", Kind::Offer), Err(OfferError::Truncated));
        assert!(matches!(Compact::unpack("AAAA", Kind::Offer), Err(OfferError::Version(0))));
        let spaced: String = packed.chars().flat_map(|c| [c, ' ']).collect();
        assert!(Compact::unpack(&spaced, Kind::Offer).is_ok(), "spaces from copying are ignored");
        assert_eq!(Compact::from_sdp(Kind::Offer, "v=0\r\n"), Err(OfferError::Missing("ICE user name")));
    }

    #[test]
    fn every_address_kind_round_trips() {
        let compact = Compact {
            kind: Kind::Answer,
            ufrag: "abcd".into(),
            pwd: "p".repeat(24),
            fingerprint: [3; 32],
            active: true,
            candidates: vec![
                Candidate { found: Found::Host, address: Address::V6([1; 16]), port: 1 },
                Candidate { found: Found::Relay, address: Address::Name("turn.example".into()), port: 3478 },
                Candidate { found: Found::Host, address: Address::Name("ABCDEF01-0000-0000-0000-000000000000.local".into()), port: 9 },
            ],
        };
        let back = Compact::unpack(&compact.pack().unwrap(), Kind::Answer).unwrap();
        assert_eq!(back, compact);
        assert!(back.to_sdp().contains("a=setup:active"));
    }
}
