//! What the print workers share: reading a request, replying to the page.
//!
//! A request is one string, `game|kind|number|query`: the game id, `preview`, `pdf` or
//! `alignment`, a number (the sheet to preview, or the PDF's creation time in seconds) and the
//! settings as a share-link query. Replies are plain objects with a `type` field:
//! `progress` (`stage`), `preview` (`svg`, `page`, `pages`, `labels`, `components`, `problems`,
//! and `setName`, the card set printed, for kits that print one),
//! `pdf` (`bytes`, `pages`, `ms`) or `error` (`message`).
#![deny(missing_docs)]

use dojo_print::settings::Settings;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// A parsed request from the page.
#[derive(Debug, PartialEq)]
pub struct Request {
    /// The game id.
    pub game: String,
    /// What is wanted: `preview`, `pdf` or `alignment`.
    pub kind: String,
    /// Sheet to preview (from 0), or the creation time for a PDF.
    pub number: i64,
    /// The settings.
    pub settings: Settings,
    /// Parts of the query that could not be read, as messages.
    pub problems: Vec<String>,
}

impl Request {
    /// Reads `game|kind|number|query`.
    pub fn parse(text: &str) -> Result<Request, String> {
        let mut parts = text.splitn(4, '|');
        let (Some(game), Some(kind), Some(number), Some(query)) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
            return Err("the page sent a request the print worker cannot read".into());
        };
        let number = number.parse().map_err(|_| format!("'{number}' is not a number"))?;
        let (settings, problems) = Settings::from_query(query);
        let mut problems: Vec<String> = problems.iter().map(ToString::to_string).collect();
        // A card set of the right form may still not decode: say so (the kit prints its own).
        if let Some(e) = dojo_print::kits::set_problem(game, &settings) {
            problems.push(e.to_string());
        }
        Ok(Request { game: game.into(), kind: kind.into(), number, settings, problems })
    }
}

/// A reply object under construction.
pub struct Reply(Object);

impl Reply {
    /// A reply of type `kind`.
    pub fn new(kind: &str) -> Reply {
        let reply = Reply(Object::new());
        reply.set("type", &JsValue::from_str(kind))
    }

    /// Sets field `key`.
    pub fn set(self, key: &str, value: &JsValue) -> Reply {
        // Setting a property on a fresh plain object cannot fail.
        let _ = Reflect::set(&self.0, &JsValue::from_str(key), value);
        self
    }

    /// Sets field `key` to a list of strings.
    pub fn strings(self, key: &str, values: &[String]) -> Reply {
        let list: Array = values.iter().map(|v| JsValue::from_str(v)).collect();
        self.set(key, &list)
    }

    /// Sends the reply to the page.
    pub fn send(self) {
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let _ = scope.post_message(&self.0);
    }
}

/// Sends an error reply.
pub fn error(message: &str) {
    Reply::new("error").set("message", &JsValue::from_str(message)).send();
}

/// Runs `handle` on every request string the page posts.
pub fn serve(handle: fn(Request)) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| match event.data().as_string() {
        Some(text) => match Request::parse(&text) {
            Ok(request) => handle(request),
            Err(message) => error(&message),
        },
        None => error("the page sent a request the print worker cannot read"),
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    Reply::new("ready").send();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_carry_game_kind_number_and_settings() {
        let r = Request::parse("punish|preview|2|paper=letter&dx=zz").unwrap();
        assert_eq!((r.game.as_str(), r.kind.as_str(), r.number), ("punish", "preview", 2));
        assert_eq!(r.settings.paper, dojo_print::geometry::Paper::Letter);
        assert_eq!(r.problems.len(), 1);
        assert!(Request::parse("punish|pdf").is_err());
        // Every kit is reachable by its id, as the preview worker looks it up.
        let r = Request::parse("taunt|preview|0|ink=1").unwrap();
        assert!(dojo_print::kits::find(&r.game).is_some() && r.settings.ink_saver);
        assert!(Request::parse("punish|pdf|x|").is_err());
    }

    #[test]
    fn a_damaged_card_set_is_a_problem_for_the_kits_that_print_one() {
        let piece = dojo_print::kits::dragon_punch::card_set(&Settings::default()).to_link();
        let ok = Request::parse(&format!("dragon-punch|preview|0|set={piece}")).unwrap();
        assert!(ok.problems.is_empty() && ok.settings.set.is_some());
        let cut = &piece[..piece.len() - 9];
        let r = Request::parse(&format!("dragon-punch|pdf|0|set={cut}")).unwrap();
        assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
        assert!(r.problems[0].contains("its own card set"));
        let bad = Request::parse("dragon-punch|preview|0|set=%3Cb%3E").unwrap();
        assert_eq!(bad.problems.len(), 1);
        assert!(Request::parse(&format!("punish|preview|0|set={cut}")).unwrap().problems.is_empty(), "PUNISH reads no set");
        // Rumble reads its own piece, a power list: DRAGON PUNCH's card set is none.
        let list = dojo_print::kits::rumble::whole_set().to_link();
        assert!(Request::parse(&format!("rumble|preview|0|set={list}")).unwrap().problems.is_empty());
        let r = Request::parse(&format!("rumble|preview|0|set={piece}")).unwrap();
        assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
        assert!(r.problems[0].contains("power list"), "{}", r.problems[0]);
    }
}
