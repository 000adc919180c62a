//! Code a page fetches only when it needs it, from another module: a play page asks the "Your
//! games" module to pack a finished game, the lab module why the computer chose a step, the
//! game's connection module to play between devices.
//!
//! Each module is an ES module built by Trunk (`data-bindgen-target="web"`), under a
//! content-hashed name that [`dojo_assets`] looks up. It is loaded with a dynamic `import()` (no
//! inline script, no `eval`, so the Content-Security-Policy can forbid both), started with its
//! wasm once, and its exported entries are called with [`call_module`].

use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen(inline_js = "export function import_module(url) { return import(url); }")]
extern "C" {
    /// `import(url)`: the module namespace, as a promise.
    fn import_module(url: &str) -> js_sys::Promise;
}

/// What to do with a module once it runs (or why it could not be loaded).
type Waiter = Box<dyn FnOnce(Result<JsValue, String>)>;

/// Where one lazily loaded module stands.
enum Loaded {
    /// Being fetched; these wait for it.
    Loading(Vec<Waiter>),
    /// Running: its namespace, whose exported functions are its entries.
    Ready(JsValue),
}

thread_local! {
    static MODULES: RefCell<HashMap<String, Loaded>> = RefCell::new(HashMap::new());
}

/// Reads `key` of a JS object.
fn field(object: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// Calls the function `key` of `object` with `arg`, giving back its result.
fn call(object: &JsValue, key: &str, arg: &JsValue) -> Result<JsValue, JsValue> {
    field(object, key).dyn_into::<js_sys::Function>()?.call1(object, arg)
}

/// Fetches module `name` and starts it with its wasm.
async fn fetch_and_start(name: &str) -> Result<JsValue, String> {
    let files = dojo_assets::files(name).map_err(|e| e.to_string())?;
    let module = JsFuture::from(import_module(&files.js)).await.map_err(|e| describe(&e))?;
    let init_arg = js_sys::Object::new();
    js_sys::Reflect::set(&init_arg, &JsValue::from_str("module_or_path"), &JsValue::from_str(&files.wasm)).map_err(|e| describe(&e))?;
    let started = call(&module, "default", &init_arg).map_err(|e| describe(&e))?;
    JsFuture::from(js_sys::Promise::from(started)).await.map_err(|e| describe(&e))?;
    Ok(module)
}

/// A JS error in words.
fn describe(error: &JsValue) -> String {
    error.as_string().or_else(|| field(error, "message").as_string()).unwrap_or_else(|| "unknown error".into())
}

/// Calls the exported function `entry(arg)` of module `name`, which answers with a string (or
/// throws one), fetching and starting the module first if needed; `done` gets the answer. A
/// play page asks the "Your games" module to pack a finished game this way, so that only that
/// module carries the compressor.
pub fn call_module(name: String, entry: &'static str, arg: String, done: impl FnOnce(Result<String, String>) + 'static) {
    with_module(
        name,
        Box::new(move |module| {
            let answer = module.and_then(|m| call(&m, entry, &JsValue::from_str(&arg)).map_err(|e| describe(&e)));
            done(answer.and_then(|v| v.as_string().ok_or_else(|| "the module gave no answer".to_string())));
        }),
    );
}

/// Runs `waiter` with module `name` once it has started (fetching and starting it if this
/// visit has not).
fn with_module(name: String, waiter: Waiter) {
    let ready = MODULES.with(|m| {
        let mut modules = m.borrow_mut();
        match modules.get_mut(&name) {
            Some(Loaded::Ready(module)) => Some(Ok((module.clone(), waiter))),
            Some(Loaded::Loading(waiters)) => {
                waiters.push(waiter);
                None
            }
            None => {
                modules.insert(name.clone(), Loaded::Loading(Vec::new()));
                Some(Err(waiter))
            }
        }
    });
    match ready {
        None => {}
        Some(Ok((module, waiter))) => waiter(Ok(module)),
        Some(Err(first)) => wasm_bindgen_futures::spawn_local(async move {
            let result = fetch_and_start(&name).await;
            let waiters = MODULES.with(|m| {
                let mut modules = m.borrow_mut();
                let waiters = match modules.remove(&name) {
                    Some(Loaded::Loading(waiters)) => waiters,
                    _ => Vec::new(),
                };
                // A failed load is forgotten, so the next visit tries again.
                if let Ok(module) = &result {
                    modules.insert(name.clone(), Loaded::Ready(module.clone()));
                }
                waiters
            });
            for waiter in std::iter::once(first).chain(waiters) {
                waiter(result.clone());
            }
        }),
    }
}
