//! One WebRTC data channel between this browser and another, opened by hand: the host makes an
//! invitation, the guest answers it, the host takes the answer. Each is a short code (see
//! `dojo_remote::offer`) that travels by link, QR code or pasted text; no server of ours sees
//! it. Each side gathers its addresses before writing its code (no trickling: there is no
//! server to trickle through), for at most [`GATHER_MS`].

use super::settings::Settings;
use dojo_remote::offer::{Compact, Kind};
use js_sys::{Array, Object, Reflect};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{MessageEvent, RtcDataChannel, RtcDataChannelEvent, RtcIceGatheringState, RtcPeerConnection, RtcPeerConnectionState};

/// A function the browser calls with an event.
type Callback = Closure<dyn FnMut(JsValue)>;

/// The longest wait for this device's addresses before its code is written anyway.
pub const GATHER_MS: u32 = 3000;

/// Where the connection stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkState {
    /// Waiting for the other side (its answer, or the channel to open).
    Waiting,
    /// The channel is open.
    Open,
    /// It closed or failed, and why.
    Lost(String),
}

/// What the page hears from the link.
#[derive(Clone)]
pub struct Listeners {
    /// The connection's state changed.
    pub state: Rc<dyn Fn(LinkState)>,
    /// A message came.
    pub message: Rc<dyn Fn(String)>,
}

/// A connection, open or opening.
pub struct Link {
    pc: RtcPeerConnection,
    channel: Rc<RefCell<Option<RtcDataChannel>>>,
    /// The browser calls these; they live as long as the link.
    _callbacks: Vec<Callback>,
}

fn js_error(e: JsValue) -> String {
    e.as_string().or_else(|| Reflect::get(&e, &"message".into()).ok().and_then(|m| m.as_string())).unwrap_or_else(|| "unknown error".into())
}

/// The browser's configuration object for `settings`.
fn configuration(settings: &Settings) -> JsValue {
    let servers = Array::new();
    if !settings.stun.is_empty() {
        let stun = Object::new();
        let urls = Array::new();
        for url in &settings.stun {
            urls.push(&url.into());
        }
        let _ = Reflect::set(&stun, &"urls".into(), &urls);
        servers.push(&stun);
    }
    if !settings.turn.is_empty() {
        let turn = Object::new();
        let _ = Reflect::set(&turn, &"urls".into(), &settings.turn.as_str().into());
        let _ = Reflect::set(&turn, &"username".into(), &settings.turn_user.as_str().into());
        let _ = Reflect::set(&turn, &"credential".into(), &settings.turn_password.as_str().into());
        servers.push(&turn);
    }
    let config = Object::new();
    let _ = Reflect::set(&config, &"iceServers".into(), &servers);
    config.into()
}

/// A description for the browser: `{type, sdp}`.
fn description(kind: Kind, sdp: &str) -> web_sys::RtcSessionDescriptionInit {
    let init = Object::new();
    let _ = Reflect::set(&init, &"type".into(), &kind.sdp_type().into());
    let _ = Reflect::set(&init, &"sdp".into(), &sdp.into());
    init.unchecked_into()
}

impl Link {
    fn start(settings: &Settings, listeners: &Listeners) -> Result<Link, String> {
        let pc = RtcPeerConnection::new_with_configuration(&configuration(settings).unchecked_into()).map_err(js_error)?;
        let mut link = Link { pc, channel: Rc::default(), _callbacks: Vec::new() };
        let (pc, state) = (link.pc.clone(), listeners.state.clone());
        let changed = Closure::<dyn FnMut(JsValue)>::new(move |_| match pc.connection_state() {
            RtcPeerConnectionState::Failed => {
                state(LinkState::Lost("the devices could not reach each other (a TURN server may help)".into()))
            }
            RtcPeerConnectionState::Disconnected => state(LinkState::Lost("the other device stopped answering".into())),
            _ => {}
        });
        link.pc.set_onconnectionstatechange(Some(changed.as_ref().unchecked_ref()));
        link._callbacks.push(changed);
        Ok(link)
    }

    /// Listens on `channel` and keeps it as the link's.
    fn adopt(channel: &RtcDataChannel, slot: &Rc<RefCell<Option<RtcDataChannel>>>, listeners: &Listeners) -> Vec<Callback> {
        let state = listeners.state.clone();
        let open = Closure::<dyn FnMut(JsValue)>::new(move |_| state(LinkState::Open));
        let state = listeners.state.clone();
        let close = Closure::<dyn FnMut(JsValue)>::new(move |_| state(LinkState::Lost("the other device closed the connection".into())));
        let message = listeners.message.clone();
        let arrived = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            if let Some(text) = e.dyn_into::<MessageEvent>().ok().and_then(|e| e.data().as_string()) {
                message(text);
            }
        });
        channel.set_onopen(Some(open.as_ref().unchecked_ref()));
        channel.set_onclose(Some(close.as_ref().unchecked_ref()));
        channel.set_onmessage(Some(arrived.as_ref().unchecked_ref()));
        *slot.borrow_mut() = Some(channel.clone());
        vec![open, close, arrived]
    }

    /// Waits for this side's addresses (at most [`GATHER_MS`]), then packs its description.
    async fn packed(&self, kind: Kind) -> Result<String, String> {
        let mut waited = 0;
        while self.pc.ice_gathering_state() != RtcIceGatheringState::Complete && waited < GATHER_MS {
            gloo_timers::future::TimeoutFuture::new(50).await;
            waited += 50;
        }
        let sdp = self.pc.local_description().map(|d| d.sdp()).ok_or("the browser made no connection description")?;
        Compact::from_sdp(kind, &sdp).and_then(|c| c.pack()).map_err(|e| e.to_string())
    }

    /// The host's side: a new connection and its invitation code.
    pub async fn invite(settings: &Settings, listeners: Listeners) -> Result<(Link, String), String> {
        let mut link = Link::start(settings, &listeners)?;
        let channel = link.pc.create_data_channel("dojo");
        let callbacks = Link::adopt(&channel, &link.channel, &listeners);
        link._callbacks.extend(callbacks);
        let offer = JsFuture::from(link.pc.create_offer()).await.map_err(js_error)?;
        JsFuture::from(link.pc.set_local_description(&offer.unchecked_into())).await.map_err(js_error)?;
        let code = link.packed(Kind::Offer).await?;
        Ok((link, code))
    }

    /// The guest's side: a connection answering the invitation `code`, and the answer code.
    pub async fn answer(settings: &Settings, code: &str, listeners: Listeners) -> Result<(Link, String), String> {
        let offer = Compact::unpack(code, Kind::Offer).map_err(|e| format!("This invitation cannot be read: {e}."))?;
        let mut link = Link::start(settings, &listeners)?;
        let (slot, heard) = (link.channel.clone(), listeners.clone());
        let adopted: Rc<RefCell<Vec<Callback>>> = Rc::default();
        let keep = adopted.clone();
        let on_channel = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            if let Ok(e) = e.dyn_into::<RtcDataChannelEvent>() {
                keep.borrow_mut().extend(Link::adopt(&e.channel(), &slot, &heard));
            }
        });
        link.pc.set_ondatachannel(Some(on_channel.as_ref().unchecked_ref()));
        link._callbacks.push(on_channel);
        // The channel's own callbacks are made later, inside the browser's event; they are
        // kept alive for the page's life (a handful per connection).
        std::mem::forget(adopted);
        JsFuture::from(link.pc.set_remote_description(&description(Kind::Offer, &offer.to_sdp()))).await.map_err(js_error)?;
        let answer = JsFuture::from(link.pc.create_answer()).await.map_err(js_error)?;
        JsFuture::from(link.pc.set_local_description(&answer.unchecked_into())).await.map_err(js_error)?;
        let code = link.packed(Kind::Answer).await?;
        Ok((link, code))
    }

    /// The host takes the guest's answer `code`; the channel opens shortly after.
    pub async fn accept(&self, code: &str) -> Result<(), String> {
        let answer = Compact::unpack(code, Kind::Answer).map_err(|e| format!("This answer cannot be read: {e}."))?;
        JsFuture::from(self.pc.set_remote_description(&description(Kind::Answer, &answer.to_sdp())))
            .await
            .map_err(|e| format!("The browser refused this answer: {}.", js_error(e)))?;
        Ok(())
    }

    /// Sends `text` to the other device.
    pub fn send(&self, text: &str) -> Result<(), String> {
        let channel = self.channel.borrow();
        let channel = channel.as_ref().ok_or("not connected yet")?;
        channel.send_with_str(text).map_err(js_error)
    }

    /// Closes the connection. Its handlers are taken off first: the browser can report the
    /// closing (or news of the old connection) after the link's callbacks are gone, and a call
    /// to a dropped callback throws ("closure invoked recursively or after being dropped", seen
    /// on the host after a reconnect).
    pub fn close(&self) {
        self.pc.set_onconnectionstatechange(None);
        self.pc.set_ondatachannel(None);
        if let Some(channel) = self.channel.borrow().as_ref() {
            channel.set_onopen(None);
            channel.set_onclose(None);
            channel.set_onmessage(None);
            channel.close();
        }
        self.pc.close();
    }
}

impl Drop for Link {
    /// A link dropped without being closed (replaced by a newer one while it was being made, or
    /// failed half made) is closed too, so no browser event reaches its dropped callbacks.
    fn drop(&mut self) {
        self.close();
    }
}

/// The code in `text`: a whole link (`…#join=CODE`, `…#answer=CODE` or a game's `…#friend=CODE`)
/// or the bare code.
pub fn code_in(text: &str) -> String {
    let text = text.trim();
    let code = ["#join=", "#answer=", "#friend="].iter().find_map(|mark| text.rsplit_once(mark).map(|(_, c)| c)).unwrap_or(text);
    code.chars().filter(|c| !c.is_whitespace()).collect()
}

#[cfg(test)]
mod tests {
    use super::code_in;

    #[test]
    fn a_code_is_found_in_any_of_our_links_or_alone() {
        assert_eq!(code_in(" https://example.org/play/taunt#friend=AB c\n"), "ABc");
        assert_eq!(code_in("https://example.org/connect#join=Q"), "Q");
        assert_eq!(code_in("https://example.org/connect#answer=Z9"), "Z9");
        assert_eq!(code_in("  R S "), "RS");
    }
}
