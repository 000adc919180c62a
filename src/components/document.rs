//! Renders one of our Markdown documents, with linkable headings and page-supplied pieces for
//! `::directive` lines.

use crate::components::section_heading::SectionHeading;
use crate::markdown::{Block, Inline, escape_html, inline, parse};
use leptos::prelude::*;
use std::sync::Arc;

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

/// Inline Markdown as escaped HTML, appended to `out`. Like the views, it links only what
/// [`inline`] made a link, so both agree on which hrefs are safe.
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

/// A section heading as [`SectionHeading`] draws it, as HTML (its copy button works once the
/// page's module has started).
fn heading_html(out: &mut String, id: &str, level: u8, title: &str, page: &str) {
    let escaped = |text: &str| {
        let mut out = String::new();
        escape_html(&mut out, text);
        out
    };
    let (id, title_text, link) = (escaped(id), escaped(title), escaped(&format!("{page}#{id}")));
    out.push_str(&format!(
        "<h{level} id=\"{id}\" class=\"linkable\"><a class=\"anchor\" href=\"{link}\" aria-label=\"Link to “{title_text}”\">#</a>{title_text}<button type=\"button\" class=\"copy-link\" data-testid=\"copy-{id}\" title=\"Copy a link to this section\">Copy link</button></h{level}>"
    ));
}

/// The document as [`Document`] draws it, as HTML, `directive` giving the HTML of a
/// `::name argument` line: what a page's own copy of `index.html` shows before its module has
/// started (see [`crate::routes::rules::first_paint_html`]).
pub fn document_html(text: &str, page: &str, prefix: &str, min_level: u8, directive: &dyn Fn(&str, &str) -> Option<String>) -> String {
    let mut out = String::new();
    for block in parse(text) {
        match block {
            Block::Heading(1, ..) => {}
            Block::Heading(level, title, id) => heading_html(&mut out, &format!("{prefix}{id}"), level.clamp(min_level, 4), &title, page),
            Block::Paragraph(text) => {
                out.push_str("<p>");
                inline_html(&mut out, &text);
                out.push_str("</p>");
            }
            Block::List(ordered, items) => {
                let tag = if ordered { "ol" } else { "ul" };
                out.push_str(&format!("<{tag}>"));
                for item in items {
                    out.push_str("<li>");
                    inline_html(&mut out, &item);
                    out.push_str("</li>");
                }
                out.push_str(&format!("</{tag}>"));
            }
            Block::Directive(name, arg) => out.push_str(&directive(&name, &arg).unwrap_or_default()),
            Block::Table(header, rows) => {
                out.push_str("<div class=\"table-scroll\" tabindex=\"0\">");
                out.push_str(&table_html(&header, &rows));
                out.push_str("</div>");
            }
        }
    }
    out
}

/// The table of contents as [`Contents`] draws it, as HTML.
pub fn contents_html(text: &str) -> String {
    let mut out = String::from("<nav class=\"toc\" aria-label=\"Contents\"><ol>");
    for block in parse(text) {
        if let Block::Heading(2, title, id) = block {
            out.push_str("<li><a href=\"#");
            escape_html(&mut out, &id);
            out.push_str("\">");
            escape_html(&mut out, &title);
            out.push_str("</a></li>");
        }
    }
    out + "</ol></nav>"
}

/// Fills in a `::name argument` line; `None` renders nothing.
pub type Directive = Arc<dyn Fn(&str, &str) -> Option<AnyView> + Send + Sync>;

/// The document's blocks. Its level-1 heading is skipped (the page has its own); headings
/// become linkable sections of `page`, at least `min_level` deep, ids prefixed with `prefix`.
#[component]
pub fn Document(
    /// The Markdown text.
    #[prop(into)]
    text: Arc<str>,
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
    parse(&text)
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
            Block::Directive(name, arg) => directive.as_ref().and_then(|d| d(&name, &arg)).unwrap_or_else(|| ().into_any()),
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
    #[prop(into)]
    text: Arc<str>,
) -> impl IntoView {
    let entries: Vec<(String, String)> = parse(&text)
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

    #[test]
    fn unsafe_links_are_plain_text_in_tables() {
        let html =
            table_html(&["[a](javascript:alert(1))".into()], &[vec!["[b](//evil.example)".into(), "[c](/rules/taunt#moves)".into()]]);
        assert_eq!(
            html,
            r#"<table><thead><tr><th scope="col">a)</th></tr></thead><tbody><tr><td>b</td><td><a href="/rules/taunt#moves">c</a></td></tr></tbody></table>"#
        );
    }

    /// A small deterministic generator (xorshift), so a failure names a seed to replay.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// Random documents from Markdown's marks, link targets good and bad, and odd characters.
    fn garbage(rng: &mut Rng) -> String {
        const MARKS: &str = "# ## ###### [ ] ( ) ]( | \\| :: ::card ` * ** - 1. {# } : / // \\ é – → 🥋 word 12 #x /rules";
        const SPACES: [&str; 10] = [" ", "  ", "\n", "\n\n", "\t", "\r", "\u{0}", "\u{7f}", "\u{a0}", "\u{301}"];
        const HREFS: &str = "javascript: JaVaScRiPt: data: http: https: mailto: / // /\\ \\ # . .. x : alert(1";
        let marks: Vec<&str> = MARKS.split(' ').chain(SPACES).collect();
        let hrefs: Vec<&str> = HREFS.split(' ').chain(SPACES).collect();
        let mut text = String::new();
        for _ in 0..rng.below(80) {
            match rng.below(40) {
                0 => text.push_str(&"#".repeat(250 + rng.below(20))),
                1 => text.push_str("| a | b |\n|---|---|\n"),
                2..=7 => {
                    text.push_str("[go](");
                    for _ in 0..=rng.below(3) {
                        text.push_str(hrefs[rng.below(hrefs.len())]);
                    }
                    text.push(')');
                }
                _ => text.push_str(marks[rng.below(marks.len())]),
            }
        }
        text
    }

    /// Everything the HTML renderer would write for `text`'s blocks, tables or not.
    fn all_html(text: &str) -> String {
        let mut out = String::new();
        for block in parse(text) {
            match block {
                Block::Heading(level, ..) => assert!((1..=6).contains(&level), "level {level}"),
                Block::Paragraph(t) => inline_html(&mut out, &t),
                Block::List(_, items) => items.iter().for_each(|i| inline_html(&mut out, i)),
                Block::Table(header, rows) => out.push_str(&table_html(&header, &rows)),
                Block::Directive(..) => {}
            }
        }
        out
    }

    #[test]
    fn garbage_never_panics_nor_links_anywhere_unsafe() {
        for seed in 1..=3000u64 {
            let text = garbage(&mut Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
            let html = all_html(&text);
            for (at, _) in html.match_indices("<a ") {
                let href = html[at..].strip_prefix(r#"<a href=""#).unwrap_or_else(|| panic!("seed {seed}: {html}"));
                let safe = (href.starts_with('/') && !href.starts_with("//")) || href.starts_with('#') || href.starts_with("https:");
                assert!(safe, "seed {seed}: unsafe link in {html:?} from {text:?}");
            }
            assert_eq!(html.matches("<a ").count(), html.matches("</a>").count(), "seed {seed}: {html:?}");
        }
    }
}
