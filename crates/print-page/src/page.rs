//! `/print/<game>`: choose how to print a kit, see a sheet as it will print, download the PDF.
//!
//! The page itself holds only the form. Layout and the SVG preview run in the small preview
//! worker (loaded with the page); the PDF is made by the PDF worker, which holds the fonts and
//! is fetched on the first download, so neither weighs on the site's first download. Settings
//! live in the address bar, so a kit can be shared as a link.

use dojo_print::geometry::Orientation;
use dojo_print::settings::{MAX_COPIES, Settings, format_tenths};
use js_sys::{Array, Reflect, Uint8Array};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Blob, BlobPropertyBag, MessageEvent, Url, Worker};

/// Where the PDF stands.
#[derive(Clone, PartialEq)]
enum PdfStatus {
    Idle,
    Working(String),
    Done { url: String, file: String, bytes: u32, pages: u32, ms: u32 },
    Failed(String),
}

/// What the preview worker last said.
#[derive(Clone, Default, PartialEq)]
struct Preview {
    svg: String,
    page: u32,
    pages: u32,
    per_sheet: u32,
    /// Cards per sheet with the paper turned the other way.
    turned_per_sheet: u32,
    labels: Vec<String>,
    /// (id, name, pieces, default copies)
    components: Vec<(String, String, String, u8)>,
    message: Option<String>,
    /// The card set the kit prints, for kits that print one (DRAGON PUNCH).
    set_name: Option<String>,
    /// What the worker could not use of the settings (a damaged card set).
    problems: Vec<String>,
}

fn field(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn text(obj: &JsValue, key: &str) -> String {
    field(obj, key).as_string().unwrap_or_default()
}

fn number(obj: &JsValue, key: &str) -> u32 {
    field(obj, key).as_f64().map_or(0, |n| n as u32)
}

fn strings(obj: &JsValue, key: &str) -> Vec<String> {
    field(obj, key).dyn_into::<Array>().map(|a| a.iter().filter_map(|v| v.as_string()).collect()).unwrap_or_default()
}

/// Starts the worker `name` (its content-hashed script, which starts its own wasm) and routes
/// its replies to `on_reply`.
/// A worker started before this module arrived (public/early.js does so on a print page's first
/// load), taken over once, with what it said meanwhile.
fn adopt_worker(name: &str) -> Option<(Worker, Array)> {
    let adopt = Reflect::get(&js_sys::global(), &JsValue::from_str("dojoAdoptWorker")).ok()?.dyn_into::<js_sys::Function>().ok()?;
    let pair = adopt.call1(&JsValue::NULL, &JsValue::from_str(name)).ok()?.dyn_into::<Array>().ok()?;
    Some((pair.get(0).dyn_into().ok()?, pair.get(1).dyn_into().ok()?))
}

/// Starts the worker `name` (its content-hashed script, which starts its own wasm), or takes
/// over the one started early, and routes its replies to `on_reply`.
fn start_worker(name: &str, on_reply: impl Fn(JsValue) + 'static) -> Result<Worker, String> {
    let (worker, said) = match adopt_worker(name) {
        Some(early) => early,
        None => {
            let files = dojo_assets::files(name).map_err(|e| e.to_string())?;
            (Worker::new(&files.js).map_err(|_| format!("the browser refused to start {name}"))?, Array::new())
        }
    };
    let on_reply = std::rc::Rc::new(on_reply);
    let reply = on_reply.clone();
    let handler = Closure::<dyn Fn(MessageEvent)>::new(move |e: MessageEvent| reply(e.data()));
    worker.set_onmessage(Some(handler.as_ref().unchecked_ref()));
    // The handler lives as long as the worker, which lives as long as the page.
    handler.forget();
    // What the worker said before this module took it over comes first (later messages arrive
    // as tasks of their own, after this).
    for message in said.iter() {
        on_reply(message);
    }
    Ok(worker)
}

fn address_bar_query() -> String {
    web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default()
}

/// Puts the settings in the address bar without adding a history entry.
fn show_in_address_bar(path: &str, settings: &Settings) {
    let query = settings.to_query();
    let url = if query.is_empty() { path.to_string() } else { format!("{path}?{query}") };
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// Saves `bytes` as a file by clicking a temporary download link; returns the object URL.
fn offer_download(bytes: &Uint8Array, file: &str) -> Option<String> {
    let options = BlobPropertyBag::new();
    options.set_type("application/pdf");
    let blob = Blob::new_with_u8_array_sequence_and_options(&Array::of1(bytes), &options).ok()?;
    let url = Url::create_object_url_with_blob(&blob).ok()?;
    let document = web_sys::window()?.document()?;
    let link = document.create_element("a").ok()?;
    let _ = link.set_attribute("href", &url);
    let _ = link.set_attribute("download", file);
    link.dyn_ref::<web_sys::HtmlElement>()?.click();
    Some(url)
}

/// How a setting is edited.
enum Control {
    /// A drop-down of (code, label).
    Choice(&'static [(&'static str, &'static str)]),
    /// A tick box (1 or 0).
    Check,
    /// A number box.
    Number { min: &'static str, max: &'static str, step: &'static str },
}

/// One setting on the form: its link key, its label, how it is edited, its current value in
/// link form, and when it applies.
struct Field {
    key: &'static str,
    label: &'static str,
    control: Control,
    value: fn(&Settings) -> String,
    shown: fn(&Settings) -> bool,
}

fn always(_: &Settings) -> bool {
    true
}

fn duplex(s: &Settings) -> bool {
    s.backs.is_duplex()
}

fn on_off(on: bool) -> String {
    if on { "1" } else { "0" }.to_string()
}

/// The form, group by group, in the order people decide things.
const GROUPS: &[(&str, &[Field])] = &[
    (
        "Paper and cards",
        &[
            Field {
                key: "paper",
                label: "Paper",
                control: Control::Choice(&[("a4", "A4"), ("letter", "US Letter")]),
                value: |s| s.paper.code().into(),
                shown: always,
            },
            Field {
                key: "orient",
                label: "Orientation",
                control: Control::Choice(&[("portrait", "Portrait"), ("landscape", "Landscape")]),
                value: |s| if s.orientation == Orientation::Portrait { "portrait" } else { "landscape" }.into(),
                shown: always,
            },
            Field {
                key: "card",
                label: "Card size",
                control: Control::Choice(&[("poker", "Poker 63 × 88 mm"), ("bridge", "Bridge 57 × 89 mm"), ("mini", "Mini 44 × 63 mm")]),
                value: |s| s.card.code().into(),
                shown: always,
            },
            Field {
                key: "gutter",
                label: "Gap between cards (mm)",
                control: Control::Number { min: "0", max: "10", step: "1" },
                value: |s| s.gutter_mm.to_string(),
                shown: always,
            },
        ],
    ),
    (
        "Backs",
        &[
            Field {
                key: "backs",
                label: "How to print backs",
                control: Control::Choice(&[
                    ("long", "Two-sided, flip on long edge"),
                    ("short", "Two-sided, flip on short edge"),
                    ("fold", "One-sided, fold in half"),
                    ("none", "No backs (fronts only)"),
                ]),
                value: |s| s.backs.code().into(),
                shown: always,
            },
            Field {
                key: "dx",
                label: "Move backs across (mm, as seen on the back)",
                control: Control::Number { min: "-10", max: "10", step: "0.1" },
                value: |s| format_tenths(s.offset_tenths.0),
                shown: duplex,
            },
            Field {
                key: "dy",
                label: "Move backs down (mm)",
                control: Control::Number { min: "-10", max: "10", step: "0.1" },
                value: |s| format_tenths(s.offset_tenths.1),
                shown: duplex,
            },
        ],
    ),
    (
        "Marks and ink",
        &[
            Field { key: "crop", label: "Crop marks", control: Control::Check, value: |s| on_off(s.crop_marks), shown: always },
            Field {
                key: "bleed",
                label: "3 mm bleed (for print shops)",
                control: Control::Check,
                value: |s| on_off(s.bleed),
                shown: always,
            },
            Field {
                key: "ink",
                label: "Ink saver (outlines, no big fills)",
                control: Control::Check,
                value: |s| on_off(s.ink_saver),
                shown: always,
            },
        ],
    ),
];

/// One field of the form, bound to the settings.
fn field_view(f: &'static Field, settings: RwSignal<Settings>, set: impl Fn(&str, String) + Copy + 'static) -> AnyView {
    let value = move || (f.value)(&settings.get());
    let hidden = move || !(f.shown)(&settings.get());
    match f.control {
        Control::Choice(options) => view! {
            <label hidden=hidden>{f.label}" "
                <select data-testid=f.key prop:value=value on:change=move |e| set(f.key, event_target_value(&e))>
                    {options.iter().map(|(code, label)| view! { <option value=*code selected=move || value() == *code>{*label}</option> }).collect_view()}
                </select>
            </label>
        }
        .into_any(),
        Control::Check => view! {
            <label class="check" hidden=hidden>
                <input type="checkbox" data-testid=f.key prop:checked=move || value() == "1"
                    on:change=move |e| set(f.key, on_off(event_target_checked(&e)))/>
                " "{f.label}
            </label>
        }
        .into_any(),
        Control::Number { min, max, step } => view! {
            <label hidden=hidden>{f.label}" "
                <input type="number" min=min max=max step=step data-testid=f.key prop:value=value on:change=move |e| set(f.key, event_target_value(&e))/>
            </label>
        }
        .into_any(),
    }
}

/// The print page for `game` (its id) called `title`.
#[component]
pub fn PrintKit(
    /// The game's id, as in the address.
    game: &'static str,
    /// The game's name.
    title: &'static str,
) -> impl IntoView {
    let path = format!("/print/{game}");
    let (initial, link_problems) = Settings::from_query(&address_bar_query());
    let settings = RwSignal::new(initial);
    let page = RwSignal::new(0u32);
    let preview = RwSignal::new(Preview::default());
    let pdf = RwSignal::new(PdfStatus::Idle);
    let link_note = RwSignal::new(String::new());
    // A worker drops messages that arrive before its wasm has started, so requests wait for
    // its "ready" reply.
    let preview_ready = RwSignal::new(false);

    let preview_worker = start_worker("print-preview", move |reply| match text(&reply, "type").as_str() {
        "preview" => {
            let components = strings(&reply, "components")
                .iter()
                .filter_map(|c| {
                    let mut parts = c.split('|');
                    let (id, name, pieces, copies) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
                    Some((id.to_string(), name.to_string(), pieces.to_string(), copies.parse().ok()?))
                })
                .collect();
            let message = field(&reply, "message").as_string();
            preview.set(Preview {
                svg: text(&reply, "svg"),
                page: number(&reply, "page"),
                pages: number(&reply, "pages"),
                per_sheet: number(&reply, "perSheet"),
                turned_per_sheet: number(&reply, "turnedPerSheet"),
                labels: strings(&reply, "labels"),
                components,
                message,
                set_name: field(&reply, "setName").as_string(),
                problems: strings(&reply, "problems"),
            });
        }
        "error" => preview.update(|p| p.message = Some(text(&reply, "message"))),
        "ready" => preview_ready.set(true),
        _ => {}
    });
    let preview_worker = preview_worker
        .map_err(|e| preview.update(|p| p.message = Some(format!("The preview could not start: {e}. Reload the page to try again."))))
        .ok();
    let preview_worker = StoredValue::new_local(preview_worker);
    let pdf_worker: StoredValue<Option<Worker>, LocalStorage> = StoredValue::new_local(None);
    let file_name = StoredValue::new(String::new());
    // The request waiting for the PDF worker to start, if it has not yet.
    let pending: StoredValue<Option<String>> = StoredValue::new(None);

    // Leaving the page ends its workers.
    on_cleanup(move || {
        for worker in
            [preview_worker.try_with_value(Clone::clone).flatten(), pdf_worker.try_with_value(Clone::clone).flatten()].into_iter().flatten()
        {
            worker.terminate();
        }
    });

    // Every change of settings or sheet: new preview, new address.
    let path_for_effect = path.clone();
    Effect::new(move |_| {
        let s = settings.get();
        let request = format!("{game}|preview|{}|{}", page.get(), s.to_query());
        show_in_address_bar(&path_for_effect, &s);
        if !preview_ready.get() {
            return;
        }
        preview_worker.with_value(|w| {
            if let Some(w) = w {
                let _ = w.post_message(&JsValue::from_str(&request));
            }
        });
    });

    let download = move |kind: &'static str| {
        if matches!(pdf.get_untracked(), PdfStatus::Working(_)) {
            return;
        }
        let s = settings.get_untracked();
        file_name.set_value(format!("{game}-{}{}.pdf", if kind == "alignment" { "alignment-" } else { "" }, s.paper.code()));
        if pdf_worker.with_value(Option::is_none) {
            pdf.set(PdfStatus::Working("Loading the PDF maker (about 1 MB, once)".into()));
            let worker = start_worker("print-pdf", move |reply| match text(&reply, "type").as_str() {
                "progress" => pdf.set(PdfStatus::Working(text(&reply, "stage"))),
                "pdf" => {
                    let Ok(bytes) = field(&reply, "bytes").dyn_into::<Uint8Array>() else {
                        pdf.set(PdfStatus::Failed("the PDF maker sent something that is not a file".into()));
                        return;
                    };
                    let file = file_name.get_value();
                    match offer_download(&bytes, &file) {
                        Some(url) => pdf.set(PdfStatus::Done {
                            url,
                            file,
                            bytes: bytes.length(),
                            pages: number(&reply, "pages"),
                            ms: number(&reply, "ms"),
                        }),
                        None => pdf.set(PdfStatus::Failed("the browser would not save the file".into())),
                    }
                }
                "error" => pdf.set(PdfStatus::Failed(text(&reply, "message"))),
                "ready" => {
                    if let Some(request) = pending.try_update_value(Option::take).flatten() {
                        pdf_worker.with_value(|w| {
                            if let Some(w) = w {
                                let _ = w.post_message(&JsValue::from_str(&request));
                            }
                        });
                    }
                }
                _ => {}
            });
            match worker {
                Ok(worker) => pdf_worker.set_value(Some(worker)),
                Err(e) => {
                    pdf.set(PdfStatus::Failed(format!("the PDF maker could not start ({e})")));
                    return;
                }
            }
            pending.set_value(Some(String::new()));
        }
        let created = (js_sys::Date::now() / 1000.0) as i64;
        let request = format!("{game}|{kind}|{created}|{}", s.to_query());
        if pending.with_value(Option::is_some) {
            // Still starting: send when it says it is ready.
            pending.set_value(Some(request));
            return;
        }
        pdf_worker.with_value(|w| {
            if let Some(w) = w {
                let _ = w.post_message(&JsValue::from_str(&request));
            }
        });
    };

    let set = move |key: &str, value: String| {
        settings.update(|s| {
            let _ = s.set(key, &value);
        });
        page.set(0);
        pdf.set(PdfStatus::Idle);
    };

    // The game's other ways to play: each one ticked adds its pieces to the kit and its id to
    // the link. None are ticked at first, since the basic kit is all two fighters need.
    let modes = dojo_print::kits::modes(game);
    let choose_mode = move |id: &'static str, on: bool| {
        settings.update(|s| s.set_mode(id, on));
        page.set(0);
        pdf.set(PdfStatus::Idle);
    };

    let problems = link_problems.iter().map(ToString::to_string).collect::<Vec<_>>();
    let copy_link = move |_| {
        let query = settings.get_untracked().to_query();
        let link = format!("{}/print/{game}{}{query}", origin(), if query.is_empty() { "" } else { "?" });
        link_note.set(if copy_text(&link) { "Link copied.".into() } else { link });
    };

    view! {
        <article class="print-page">
            <h1>{format!("Print {title}")}</h1>
            <p class="lede">"Choose your paper and how your printer handles two sides, check a sheet below, then download. Everything is made in your browser."</p>
            {(!problems.is_empty()).then(|| view! {
                <div class="notice" role="alert" data-testid="link-problems">
                    <p>"Some settings in this link could not be read, so they are back at their defaults:"</p>
                    <ul>{problems.into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}</ul>
                </div>
            })}
            // The card set printed (typed text: shown as text), and what was wrong with a linked one.
            {move || preview.get().set_name.map(|name| view! {
                <p class="card-set" data-testid="card-set">"Card set: "<strong>{name}</strong>" "
                    {settings.get().set.is_some().then(|| view! {
                        <button type="button" class="button" data-testid="our-set" on:click=move |_| {
                            settings.update(|s| s.set = None);
                            page.set(0);
                            pdf.set(PdfStatus::Idle);
                        }>"Print our set instead"</button>
                    })}
                </p>
            })}
            {move || {
                let problems = preview.get().problems;
                (!problems.is_empty()).then(|| view! {
                    <div class="notice" role="alert" data-testid="set-problems">
                        <ul>{problems.into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}</ul>
                    </div>
                })
            }}
            <form class="print-form" on:submit=|e| e.prevent_default()>
                {GROUPS.iter().map(|(legend, fields)| view! {
                    <fieldset>
                        <legend>{*legend}</legend>
                        {fields.iter().map(|f| field_view(f, settings, set)).collect_view()}
                        {(*legend == "Backs").then(|| view! {
                            <button type="button" class="button" data-testid="alignment" hidden=move || !settings.get().backs.is_duplex()
                                on:click=move |_| download("alignment")>"Download alignment test"</button>
                        })}
                    </fieldset>
                }).collect_view()}
                {(!modes.is_empty()).then(|| view! {
                    <fieldset class="ways-to-play">
                        <legend>"Other ways to play"</legend>
                        <p class="hint">"The basic kit is for two fighters. Tick a way to play to add the pieces it needs."</p>
                        {modes.iter().map(|mode| {
                            let id = mode.id;
                            view! {
                                <label class="check" title=mode.about>
                                    <input type="checkbox" data-testid=format!("mode-{id}") prop:checked=move || settings.get().has_mode(id)
                                        on:change=move |e| choose_mode(id, event_target_checked(&e))/>
                                    " "{mode.name}
                                </label>
                            }
                        }).collect_view()}
                    </fieldset>
                })}
                <fieldset class="what-to-print">
                    <legend>"What to print"</legend>
                    {move || preview.get().components.into_iter().map(|(id, name, pieces, default)| {
                        let id_for_change = id.clone();
                        let copies = move || settings.get().copies_of(&id, default).to_string();
                        view! {
                            <label>{format!("{name} ({pieces} per copy), copies ")}
                                <input type="number" min="0" max=MAX_COPIES.to_string() step="1" data-testid=format!("copies-{id_for_change}")
                                    prop:value=copies
                                    on:change=move |e| {
                                        let n = event_target_value(&e).parse::<u8>().unwrap_or(default).min(MAX_COPIES);
                                        // Show what will print, even when the typed number was out of range.
                                        if let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                                            input.set_value(&n.to_string());
                                        }
                                        settings.update(|s| s.set_copies(&id_for_change, n));
                                        page.set(0);
                                    }/>
                            </label>
                        }
                    }).collect_view()}
                </fieldset>
            </form>
            <section class="print-actions" aria-live="polite">
                <button type="button" class="button primary" data-testid="download" on:click=move |_| download("kit")
                    disabled=move || matches!(pdf.get(), PdfStatus::Working(_))>"Download PDF"</button>
                <button type="button" class="button" on:click=copy_link>"Copy link to these settings"</button>
                <span class="link-note">{move || link_note.get()}</span>
                {move || match pdf.get() {
                    PdfStatus::Idle => ().into_any(),
                    PdfStatus::Working(stage) => view! { <p class="progress" data-testid="pdf-progress"><progress></progress>" "{stage}"…"</p> }.into_any(),
                    PdfStatus::Done { url, file, bytes, pages, ms } => view! {
                        <p class="done" data-testid="pdf-done" data-bytes=bytes.to_string() data-ms=ms.to_string()>
                            {format!("Ready: {file}, {} KB, {pages} pages, made in {ms} ms. ", bytes.div_ceil(1024))}
                            <a href=url download=file>"Save it again"</a>
                        </p>
                    }.into_any(),
                    PdfStatus::Failed(why) => view! { <p class="error" role="alert" data-testid="pdf-error">{format!("No PDF: {why}.")}</p> }.into_any(),
                }}
            </section>
            <section class="print-preview">
                <h2>"Preview"</h2>
                {move || {
                    let p = preview.get();
                    if let Some(message) = p.message.clone() {
                        return view! { <p class="error" role="alert" data-testid="preview-error">{message}</p> }.into_any();
                    }
                    if p.pages == 0 {
                        return view! { <p class="progress"><progress></progress>" Drawing the sheets…"</p> }.into_any();
                    }
                    let label = p.labels.get(p.page as usize).cloned().unwrap_or_default();
                    let last = p.pages - 1;
                    view! {
                        <div class="sheet-nav">
                            <button type="button" class="button" disabled={ p.page == 0 } on:click=move |_| page.update(|n| *n = n.saturating_sub(1))>"◀ Previous"</button>
                            <span data-testid="sheet-label">{format!("Page {} of {}: {label}", p.page + 1, p.pages)}</span>
                            <button type="button" class="button" disabled={ p.page >= last } on:click=move |_| page.update(|n| *n = (*n + 1).min(last))>"Next ▶"</button>
                        </div>
                        <p class="hint" data-testid="per-sheet">{
                            let other = if settings.get().orientation == Orientation::Portrait { "landscape" } else { "portrait" };
                            if p.turned_per_sheet > p.per_sheet {
                                format!("{} cards on a full sheet ({} if you turn the paper to {other}).", p.per_sheet, p.turned_per_sheet)
                            } else {
                                format!("{} cards on a full sheet.", p.per_sheet)
                            }
                        }</p>
                        <div class="sheet" data-testid="sheet" inner_html=p.svg></div>
                    }.into_any()
                }}
            </section>
        </article>
    }
}

fn origin() -> String {
    web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default()
}

/// Puts `text` on the clipboard; false when the browser offers none.
fn copy_text(text: &str) -> bool {
    web_sys::window().is_some_and(|w| {
        let _ = w.navigator().clipboard().write_text(text);
        true
    })
}

#[cfg(test)]
mod tests {
    use dojo_print::settings::Settings;

    #[test]
    fn ticking_ways_to_play_reaches_the_link_and_back() {
        // What the "Other ways to play" boxes do, for every mode the TAUNT page offers.
        let modes = dojo_print::kits::modes("taunt");
        assert_eq!(modes.len(), 5);
        let mut settings = Settings::default();
        for mode in modes.iter().rev() {
            settings.set_mode(mode.id, true);
        }
        let (read, problems) = Settings::from_query(&settings.to_query());
        assert!(problems.is_empty());
        assert!(modes.iter().all(|m| read.has_mode(m.id)));
        for mode in modes {
            settings.set_mode(mode.id, false);
        }
        assert_eq!(settings.to_query(), "", "unticking every box gives the default link");
        assert!(dojo_print::kits::modes("punish").is_empty(), "PUNISH's page shows no such boxes");
    }

    #[test]
    fn a_card_set_in_the_address_stays_in_every_link_the_page_makes() {
        // The page reads the address, changes settings and writes them back (address bar,
        // copied link, worker requests): `set=` must come through untouched.
        let piece = "1.eyJuYW1lIjoiT3VycyJ9";
        let (mut settings, problems) = Settings::from_query(&format!("?card=mini&set={piece}"));
        assert!(problems.is_empty());
        settings.set("ink", "1").unwrap();
        settings.set_copies("basics", 4);
        assert_eq!(settings.to_query(), format!("card=mini&ink=1&copies=basics:4&set={piece}"));
        // "Print our set instead" drops it.
        settings.set = None;
        assert!(!settings.to_query().contains("set="));
    }
}
