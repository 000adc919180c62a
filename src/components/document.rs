//! Renders one of our Markdown documents, with linkable headings and page-supplied pieces for
//! `::directive` lines.

use crate::components::section_heading::SectionHeading;
use crate::markdown::{Block, Inline, escape_html, inline, parse};
use leptos::prelude::*;

fn inline_view(text: &str) -> impl IntoView + use<> {
    inline(text)
        .into_iter()
        .map(|part| match part {
            Inline::Text(t) => t.into_any(),
            Inline::Strong(t) => view! { <strong>{t}</strong> }.into_any(),
            Inline::Code(t) => view! { <code>{t}</code> }.into_any(),
            Inline::Link(label, href) => view! { <a href=href>{label}</a> }.into_any(),
        })
        .collect_view()
}

/// Inline Markdown as escaped HTML, appended to `out`.
fn inline_html(out: &mut String, text: &str) {
    for part in inline(text) {
        let (open, body, close) = match &part {
            Inline::Text(t) => ("", t, ""),
            Inline::Strong(t) => ("<strong>", t, "</strong>"),
            Inline::Code(t) => ("<code>", t, "</code>"),
            Inline::Link(label, href) => {
                out.push_str("<a href=\"");
                escape_html(out, href);
                out.push_str("\">");
                ("", label, "</a>")
            }
        };
        out.push_str(open);
        escape_html(out, body);
        out.push_str(close);
    }
}

/// A Markdown pipe table as HTML. Tables are static, so one string is lighter in the download
/// than building each cell as a view.
fn table_html(header: &[String], rows: &[Vec<String>]) -> String {
    let mut out = String::from("<table><thead><tr>");
    for cell in header {
        out.push_str(r#"<th scope="col">"#);
        inline_html(&mut out, cell);
        out.push_str("</th>");
    }
    out.push_str("</tr></thead><tbody>");
    for row in rows {
        out.push_str("<tr>");
        for cell in row {
            out.push_str("<td>");
            inline_html(&mut out, cell);
            out.push_str("</td>");
        }
        out.push_str("</tr>");
    }
    out + "</tbody></table>"
}

/// Fills in a `::name argument` line; `None` renders nothing.
pub type Directive = fn(&str, &str) -> Option<AnyView>;

/// The document's blocks. Its level-1 heading is skipped (the page has its own); headings
/// become linkable sections of `page`, at least `min_level` deep, ids prefixed with `prefix`.
#[component]
pub fn Document(
    /// The Markdown text.
    text: &'static str,
    /// The page path its section links point to.
    #[prop(into)]
    page: String,
    /// Prefix for heading ids, so nested documents cannot collide with the page's own.
    #[prop(into, optional)]
    prefix: String,
    /// The shallowest heading level to use (2 on a page of its own, deeper when nested).
    #[prop(default = 2)]
    min_level: u8,
    /// What to show for directive lines.
    #[prop(optional)]
    directive: Option<Directive>,
) -> impl IntoView {
    parse(text)
        .into_iter()
        .filter(|b| !matches!(b, Block::Heading(1, ..)))
        .map(|block| match block {
            Block::Heading(level, title, id) => {
                view! { <SectionHeading id=format!("{prefix}{id}") level=level.clamp(min_level, 4) title=title page=page.clone()/> }
                    .into_any()
            }
            Block::Paragraph(text) => view! { <p>{inline_view(&text)}</p> }.into_any(),
            Block::List(false, items) => {
                view! { <ul>{items.into_iter().map(|i| view! { <li>{inline_view(&i)}</li> }).collect_view()}</ul> }.into_any()
            }
            Block::List(true, items) => {
                view! { <ol>{items.into_iter().map(|i| view! { <li>{inline_view(&i)}</li> }).collect_view()}</ol> }.into_any()
            }
            Block::Directive(name, arg) => directive.and_then(|d| d(&name, &arg)).unwrap_or_else(|| ().into_any()),
            Block::Table(header, rows) => {
                view! { <div class="table-scroll" tabindex="0" inner_html=table_html(&header, &rows)></div> }.into_any()
            }
        })
        .collect_view()
}

/// A table of contents: links to the document's level-2 sections.
#[component]
pub fn Contents(
    /// The Markdown text.
    text: &'static str,
) -> impl IntoView {
    let entries: Vec<(String, String)> = parse(text)
        .into_iter()
        .filter_map(|b| match b {
            Block::Heading(2, title, id) => Some((title, id)),
            _ => None,
        })
        .collect();
    view! {
        <nav class="toc" aria-label="Contents">
            <ol>{entries.into_iter().map(|(title, id)| view! { <li><a href=format!("#{id}")>{title}</a></li> }).collect_view()}</ol>
        </nav>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_become_escaped_html_with_inline_marks() {
        let html = table_html(&["a".into(), "**b**".into()], &[vec!["[why](#note-x)".into(), "1 < 2 & `c`".into()]]);
        assert_eq!(
            html,
            r##"<table><thead><tr><th scope="col">a</th><th scope="col"><strong>b</strong></th></tr></thead><tbody><tr><td><a href="#note-x">why</a></td><td>1 &lt; 2 &amp; <code>c</code></td></tr></tbody></table>"##
        );
    }
}
