//! Small helpers around browser APIs: storage, clipboard, time, scrolling. Each one fails
//! quietly (returning `None` or doing nothing) where the browser refuses, so nothing panics.

/// The page's window; none off the web (natively, where the play machine's tests run, there is
/// no storage, clock or address to read, and asking for one would abort).
fn window() -> Option<web_sys::Window> {
    if cfg!(target_arch = "wasm32") { web_sys::window() } else { None }
}

/// Reads a string from local storage.
pub fn load(key: &str) -> Option<String> {
    window()?.local_storage().ok()??.get_item(key).ok()?
}

/// Writes a string to local storage; returns false if storage is unavailable or full.
pub fn store(key: &str, value: &str) -> bool {
    window().and_then(|w| w.local_storage().ok().flatten()).is_some_and(|s| s.set_item(key, value).is_ok())
}

/// Removes a key from local storage.
pub fn forget(key: &str) {
    if let Some(s) = window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = s.remove_item(key);
    }
}

/// Milliseconds from a monotonic clock (for measuring, never for game logic).
pub fn now_ms() -> f64 {
    window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// A seed for a new deal or the bot's dice, from the browser's random source.
pub fn random_seed() -> u64 {
    let hi = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    let lo = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (hi << 32) ^ lo
}

/// The page's origin, e.g. `http://127.0.0.1:8080`.
pub fn origin() -> String {
    window().and_then(|w| w.location().origin().ok()).unwrap_or_default()
}

/// Puts `text` on the clipboard; returns false when the browser offers no clipboard.
pub fn copy_text(text: &str) -> bool {
    match window() {
        Some(w) => {
            let _ = w.navigator().clipboard().write_text(text);
            true
        }
        None => false,
    }
}

/// Scrolls the element with this id to the top of the view; returns false if there is none.
pub fn scroll_to_id(id: &str) -> bool {
    let Some(el) = window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id)) else { return false };
    el.scroll_into_view();
    true
}

/// After a play screen is drawn: brings its stage to the top of the view when `to_top` (the
/// first screen after the lobby, whose Start button sat far down a phone's page), and puts the
/// keyboard on the next thing to do there: its primary button ("Next", "I am …", "Play again"),
/// else its first button. Nothing outside a browser (native tests draw pages too).
pub fn focus_stage(to_top: bool) {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::JsCast;
        let Some(document) = window().and_then(|w| w.document()) else { return };
        let Ok(Some(stage)) = document.query_selector(".play .stage") else { return };
        if to_top {
            stage.scroll_into_view();
        }
        let active_inside = document.active_element().is_some_and(|a| stage.contains(Some(&a)));
        if active_inside {
            return;
        }
        let target = ["button.primary:not([hidden]):not([disabled])", "button:not([hidden]):not([disabled])"]
            .iter()
            .find_map(|selector| stage.query_selector(selector).ok().flatten());
        if let Some(button) = target.and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = button.focus();
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = to_top;
}

/// Puts `css` in the page's head as a style element with `id`, unless one is there already: a
/// game's module brings its own styles when its page opens, so the shell carries none. Outside
/// a browser (native unit tests render pages) there is no page and nothing is done, since
/// asking for the window there panics.
pub fn add_style_once(id: &str, css: &str) {
    #[cfg(target_arch = "wasm32")]
    {
        let Some(doc) = window().and_then(|w| w.document()) else { return };
        if doc.get_element_by_id(id).is_some() {
            return;
        }
        let (Ok(style), Ok(Some(head))) = (doc.create_element("style"), doc.query_selector("head")) else { return };
        style.set_id(id);
        style.set_text_content(Some(css));
        let _ = head.append_child(&style);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (id, css);
}

/// The address's fragment without its `#` (empty when there is none).
pub fn hash() -> String {
    let hash = window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
    hash.strip_prefix('#').unwrap_or(&hash).to_string()
}

/// Puts `html` (written by the site itself) in the element with id `id`, if there is one.
pub fn set_html(id: &str, html: &str) {
    if let Some(el) = window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id)) {
        el.set_inner_html(html);
    }
}

/// The value of `name` in the address's query (`?step=4`), if it is there.
pub fn query(name: &str) -> Option<String> {
    let search = window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    search.trim_start_matches('?').split('&').find_map(|pair| pair.strip_prefix(name)?.strip_prefix('=').map(str::to_string))
}

/// Puts `fragment` (without `#`) in the address without a navigation or a history entry, so a
/// reload or a copied address keeps it.
pub fn replace_hash(fragment: &str) {
    if let Some(history) = window().and_then(|w| w.history().ok()) {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&format!("#{fragment}")));
    }
}

/// Opens `path` on this site (a full page load).
pub fn go_to(path: &str) {
    if let Some(w) = window() {
        let _ = w.location().set_href(path);
    }
}

/// Asks with the browser's own dialog; false when it cannot ask.
pub fn confirm(question: &str) -> bool {
    window().and_then(|w| w.confirm_with_message(question).ok()).unwrap_or(false)
}

/// Milliseconds since 1970 by the device's clock (for dates shown to people).
pub fn epoch_ms() -> f64 {
    js_sys::Date::now()
}

/// True when the browser has a system share sheet (`navigator.share`).
pub fn can_share() -> bool {
    window().is_some_and(|w| js_sys::Reflect::get(&w.navigator(), &"share".into()).is_ok_and(|f| f.is_function()))
}

/// Opens the system share sheet for `url` with `title`; false when there is none.
pub fn share_sheet(title: &str, url: &str) -> bool {
    use wasm_bindgen::JsCast;
    let Some(navigator) = window().map(|w| w.navigator()) else { return false };
    let Ok(share) = js_sys::Reflect::get(&navigator, &"share".into()).and_then(|f| f.dyn_into::<js_sys::Function>()) else { return false };
    let data = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&data, &"title".into(), &title.into());
    let _ = js_sys::Reflect::set(&data, &"url".into(), &url.into());
    // The promise is left to itself: a person closing the sheet is not an error.
    share.call1(&navigator, &data).is_ok()
}
