//! The readable event log of a match.

use crate::play::LogLine;
use leptos::prelude::*;

/// The log, newest first (numbered from the start of the match), in a scrolling box announced
/// politely to screen readers.
#[component]
pub fn EventLog(
    /// The log lines, oldest first.
    #[prop(into)]
    lines: Signal<Vec<LogLine>>,
) -> impl IntoView {
    view! {
        <section class="log" aria-label="Event log">
            <h2>"Log"</h2>
            <ol reversed aria-live="polite" data-testid="event-log">
                {move || {
                    let lines = lines.get();
                    if lines.is_empty() {
                        view! { <li class="empty">"Nothing has happened yet."</li> }.into_any()
                    } else {
                        lines.into_iter().rev().map(|l| view! { <li>{l.text}</li> }).collect_view().into_any()
                    }
                }}
            </ol>
        </section>
    }
}
