//! The "Your games" page (`/games`), in its own module (`src/bin/history.rs`): the games
//! finished on this device, newest first and filtered by game, each to watch or share; per game
//! the count, the results against each computer level, the current streak and a small chart
//! of results over time; export to a JSON file, import one (entry by entry), and forget all.

use crate::browser;
use crate::history::{self, Entry, Result as Played, Stats};
use leptos::prelude::*;

/// The id of the element the page mounts into.
pub const HISTORY_ROOT: &str = "history-root";

/// The stored list, read entry by entry: the good ones and why others were skipped.
fn stored() -> history::Read {
    browser::load(history::KEY).map_or_else(history::Read::default, |text| history::read(&text).unwrap_or_default())
}

/// Writes `entries` as the stored list; false when storage refused.
fn store(entries: &[Entry]) -> bool {
    browser::store(history::KEY, &serde_json::to_string(entries).unwrap_or_default())
}

/// A date for people, from milliseconds since 1970, in the browser's own words.
fn date(ms: f64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    String::from(d.to_locale_string("default", &wasm_bindgen::JsValue::UNDEFINED))
}

/// The game's name for `id`.
fn game_name(id: &str) -> &'static str {
    dojo_games::registry::find(id).map_or("?", |g| g.name)
}

/// A result in words.
fn result_word(result: Played) -> &'static str {
    match result {
        Played::Won => "Won",
        Played::Drew => "Draw",
        Played::Lost => "Lost",
        Played::Played => "Played",
    }
}

/// The results of `entries` (oldest first) as a row of squares, one per game against the
/// computer, coloured by result and stepped up for a win, down for a loss: a small SVG chart.
fn chart(entries: &[&Entry]) -> impl IntoView + use<> {
    let games: Vec<&&Entry> = entries.iter().filter(|e| e.result != Played::Played).collect();
    let games = &games[games.len().saturating_sub(40)..];
    let width = (games.len().max(1) * 12) as u32;
    let squares = games
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let (y, class) = match e.result {
                Played::Won => (4, "won"),
                Played::Drew => (14, "drew"),
                _ => (24, "lost"),
            };
            view! { <rect x=(i * 12).to_string() y=y.to_string() width="10" height="10" rx="2" class=class><title>{format!("{}: {}", date(e.when), result_word(e.result))}</title></rect> }
        })
        .collect_view();
    view! {
        <svg class="results-chart" data-testid="results-chart" viewBox=format!("0 0 {width} 38") width=width height="38" role="img"
            aria-label=format!("Results of the last {} games against the computer, oldest first: high for a win, middle for a draw, low for a loss", games.len())>
            {squares}
        </svg>
        <p class="chart-legend" data-testid="chart-legend">
            "Oldest first: "<span class="key won">"■"</span>" won (high), "<span class="key drew">"■"</span>" drew (middle), "
            <span class="key lost">"■"</span>" lost (low)."
        </p>
    }
}

/// One game's figures.
fn stats_view(stats: Stats) -> impl IntoView {
    let rows = ["Easy", "Medium", "Hard"]
        .iter()
        .zip(stats.by_level)
        .filter(|(_, t)| t.won + t.drew + t.lost > 0)
        .map(|(level, t)| view! { <tr><th scope="row">{*level}</th><td>{t.won}</td><td>{t.drew}</td><td>{t.lost}</td></tr> })
        .collect_view();
    let streak = stats.streak.map(|(r, n)| {
        format!(
            "Current streak: {n} {}",
            match r {
                Played::Won =>
                    if n == 1 {
                        "win"
                    } else {
                        "wins"
                    },
                Played::Drew =>
                    if n == 1 {
                        "draw"
                    } else {
                        "draws"
                    },
                _ =>
                    if n == 1 {
                        "loss"
                    } else {
                        "losses"
                    },
            }
        )
    });
    view! {
        <p>{format!("{} finished {}.", stats.games, if stats.games == 1 { "game" } else { "games" })} " " {streak}</p>
        <table class="level-table">
            <thead><tr><th scope="col">"Against"</th><th scope="col">"Won"</th><th scope="col">"Drawn"</th><th scope="col">"Lost"</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

/// Offers `text` as a file named `name` for download.
fn download(name: &str, text: &str) -> bool {
    use wasm_bindgen::JsCast;
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else { return false };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return false };
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return false };
    let Some(a) = document.create_element("a").ok().and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok()) else { return false };
    a.set_href(&url);
    a.set_download(name);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    true
}

/// The "Your games" page.
#[component]
pub fn HistoryPage() -> impl IntoView {
    let first = stored();
    let entries = RwSignal::new(first.entries);
    let notice = RwSignal::new(
        (!first.skipped.is_empty()).then(|| format!("Some stored games could not be read and are not shown. {}", first.skipped.join(" "))),
    );
    let filter = RwSignal::new(String::new());
    let copied = RwSignal::new(None::<String>);
    let shown = Memo::new(move |_| {
        let f = filter.get();
        entries.with(|all| all.iter().rev().filter(|e| f.is_empty() || e.game == f).cloned().collect::<Vec<_>>())
    });
    let games_played = Memo::new(move |_| {
        let all = entries.get();
        dojo_games::registry::on_site().filter(|g| all.iter().any(|e| e.game == g.id)).map(|g| g.id).collect::<Vec<_>>()
    });

    let export = move |_| {
        let text = entries.with_untracked(|all| serde_json::to_string_pretty(all).unwrap_or_default());
        if !download("pocket-dojo-games.json", &text) {
            notice.set(Some("This browser would not save the file.".into()));
        }
    };
    let import = move |ev: leptos::ev::Event| {
        use wasm_bindgen::JsCast;
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
        let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
        input.set_value("");
        wasm_bindgen_futures::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text()).await.ok().and_then(|v| v.as_string());
            let Some(text) = text else {
                notice.set(Some("The file could not be read.".into()));
                return;
            };
            match history::read(&text) {
                Err(e) => notice.set(Some(format!("Nothing was imported: {e}."))),
                Ok(read) => {
                    let (all, added) = history::merged(entries.get_untracked(), read.entries);
                    if !store(&all) {
                        notice.set(Some("This browser would not keep the imported games.".into()));
                        return;
                    }
                    entries.set(all);
                    let skipped = if read.skipped.is_empty() { String::new() } else { format!(" {}", read.skipped.join(" ")) };
                    notice.set(Some(format!("Imported {added} new {}.{skipped}", if added == 1 { "game" } else { "games" })));
                }
            }
        });
    };
    let forget = move |_| {
        if browser::confirm("Forget every game kept on this device? This cannot be undone.") {
            browser::forget(history::KEY);
            entries.set(Vec::new());
            notice.set(Some("Every game kept on this device was forgotten.".into()));
        }
    };

    let rows = move || {
        let list = shown.get();
        if list.is_empty() {
            return view! { <p class="empty" data-testid="no-games">"No finished games yet. Games you finish on this device appear here."</p> }.into_any();
        }
        let items = list
            .into_iter()
            .map(|e| {
                let watch = e.watch_path();
                let link = watch.clone().map(|p| format!("{}{p}", browser::origin()));
                let id = e.id.clone();
                let copy = move |_| {
                    if let Some(link) = &link
                        && browser::copy_text(link)
                    {
                        copied.set(Some(id.clone()));
                    }
                };
                let id = e.id.clone();
                view! {
                    <li class=format!("game-entry result-{}", result_word(e.result).to_ascii_lowercase()) data-testid="game-entry" data-game=e.game.clone()>
                        <p class="entry-head"><strong>{game_name(&e.game)}</strong>" · "{date(e.when)}" · "<span class="entry-result">{result_word(e.result)}</span></p>
                        <p class="entry-summary">{e.summary.clone()}</p>
                        <p class="entry-details">{e.details()}</p>
                        {match watch {
                            Some(path) => view! {
                                <p class="controls">
                                    <a class="button" href=path data-testid="entry-watch">"Watch"</a>
                                    <button type="button" class="button" data-testid="entry-share" on:click=copy>
                                        {move || if copied.get().as_deref() == Some(id.as_str()) { "Link copied" } else { "Copy the link" }}
                                    </button>
                                </p>
                            }.into_any(),
                            None => view! { <p class="muted">"No replay: this game was reloaded part way."</p> }.into_any(),
                        }}
                    </li>
                }
            })
            .collect_view();
        view! { <ol class="game-list" data-testid="game-list">{items}</ol> }.into_any()
    };

    let per_game = move || {
        let all = entries.get();
        games_played
            .get()
            .into_iter()
            .map(|id| {
                let mine: Vec<&Entry> = all.iter().filter(|e| e.game == id).collect();
                view! {
                    <section class="game-stats" data-testid=format!("stats-{id}")>
                        <h3>{game_name(id)}</h3>
                        {stats_view(history::stats(&all, id))}
                        {chart(&mine)}
                    </section>
                }
            })
            .collect_view()
    };

    view! {
        <div class="history" data-testid="history">
            <h1>"Your games"</h1>
            <p>"Every game finished in this browser, newest first: watch one again or send its link. They stay on this device only (the last 200)."</p>
            {move || notice.get().map(|n| view! { <p class="notice" role="status" data-testid="history-notice">{n}<button type="button" class="close" aria-label="Dismiss" on:click=move |_| notice.set(None)>"×"</button></p> })}
            <section class="history-stats" aria-label="How you have been doing">
                <h2>"How you have been doing"</h2>
                {per_game}
            </section>
            <section aria-label="Finished games">
                <h2>"Finished games"</h2>
                <label>"Show "
                    <select data-testid="history-filter" on:change=move |ev| filter.set(event_target_value(&ev))>
                        <option value="">"every game"</option>
                        {dojo_games::registry::on_site().map(|g| view! { <option value=g.id>{g.name}</option> }).collect_view()}
                    </select>
                </label>
                {rows}
            </section>
            <section class="history-tools" aria-label="Keep or move your games">
                <h2>"Keep or move them"</h2>
                <p class="controls">
                    <button type="button" class="button" data-testid="history-export" on:click=export>"Export all games (JSON)"</button>
                    <label class="button">"Import games from a file" <input type="file" accept="application/json,.json" data-testid="history-import" on:change=import class="visually-hidden"/></label>
                    <button type="button" class="button subtle" data-testid="history-forget" on:click=forget>"Forget all my games"</button>
                </p>
            </section>
        </div>
    }
}

/// Draws a play page's share panel (the end screen's element
/// [`crate::play::page::SHARE_PANEL`]) for a finished match: `request` is the game's id and the
/// replay piece on the next line, or the game's id, an empty line and why the match cannot be
/// shared. The link, a copy button, the system share sheet where the browser has one, and a
/// link to watch it.
pub fn show_share(request: &str) {
    let mut lines = request.splitn(3, '\n');
    let (game, piece, why) = (lines.next().unwrap_or_default(), lines.next().unwrap_or_default(), lines.next().unwrap_or_default());
    let (game, piece, why) = (game.to_string(), piece.to_string(), why.to_string());
    crate::lazy_page::mount_into(crate::play::page::SHARE_PANEL, move || {
        if piece.is_empty() {
            let why = if why.is_empty() { "it could not be packed".to_string() } else { why };
            return view! { <p class="notice" data-testid="share-unavailable">{format!("This game cannot be shared: {why}.")}</p> }
                .into_any();
        }
        let path = dojo_games::replay_link::watch_path(&game, &piece);
        let full = format!("{}{path}", browser::origin());
        let copied = RwSignal::new(false);
        let (copy, sheet) = (full.clone(), full.clone());
        view! {
            <p>"Anyone with this link can watch the whole game, step by step. It holds the game itself, so no server ever sees it."</p>
            <input type="text" readonly class="share-link" data-testid="share-link" prop:value=full aria-label="Link to this game" on:focus=|ev| { use wasm_bindgen::JsCast; if let Some(i) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) { i.select(); } }/>
            <div class="controls">
                <button type="button" class="button primary" data-testid="share-copy" on:click=move |_| copied.set(browser::copy_text(&copy))>{move || if copied.get() { "Copied" } else { "Copy the link" }}</button>
                {browser::can_share().then(|| view! { <button type="button" class="button" data-testid="share-sheet" on:click=move |_| { browser::share_sheet("A game on Pocket Dojo", &sheet); }>"Share…"</button> })}
                <a class="button" href=path data-testid="watch-link" target="_blank" rel="noopener">"Watch it again"</a>
            </div>
        }
        .into_any()
    });
}
