//! Gattaibushido:FUSION! on the site: the Gambit and the Throwdown between 1–4 pilots and the
//! Coach (rules engine: [`dojo_games::fusion`]). Events and choices in words ([`words`]), its terms explained
//! where they show ([`terms`]), the table ([`table`]), the play page ([`play`]) and the rules page's pieces ([`rules`],
//! [`examples`]). The play page is built into the `fusion-play` module, the rules pieces into
//! `fusion-rules`.

pub mod examples;
pub mod play;
pub mod rules;
pub mod style;
pub mod table;
pub mod terms;
pub mod words;
