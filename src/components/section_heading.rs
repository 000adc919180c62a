//! A heading with an anchor, a visible `#` link and a "copy link" button, for sections people share.

use crate::browser;
use leptos::prelude::*;

/// A linkable heading at `level` (2–4) with anchor `id`.
#[component]
pub fn SectionHeading(
    /// Anchor id.
    #[prop(into)]
    id: String,
    /// Heading level, 2 to 4.
    level: u8,
    /// Heading text.
    #[prop(into)]
    title: String,
    /// Path of the page the section is on.
    #[prop(into)]
    page: String,
) -> impl IntoView {
    let copied = RwSignal::new(false);
    let link = format!("{page}#{id}");
    let copy = {
        let link = link.clone();
        move |_| {
            let url = format!("{}{}", browser::origin(), link);
            copied.set(browser::copy_text(&url));
        }
    };
    let anchor = view! {
        <a class="anchor" href=link.clone() aria-label=format!("Link to “{title}”")>"#"</a>
        {title.clone()}
        <button type="button" class="copy-link" data-testid=format!("copy-{id}") on:click=copy title="Copy a link to this section">
            {move || if copied.get() { "Link copied" } else { "Copy link" }}
        </button>
    };
    match level {
        2 => view! { <h2 id=id class="linkable">{anchor}</h2> }.into_any(),
        3 => view! { <h3 id=id class="linkable">{anchor}</h3> }.into_any(),
        _ => view! { <h4 id=id class="linkable">{anchor}</h4> }.into_any(),
    }
}
