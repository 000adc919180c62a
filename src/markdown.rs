//! A very small Markdown reader for our own rules and notes files. It knows `#` headings (with
//! an optional `{#id}` anchor), paragraphs, `-` and `1.` lists, pipe tables (a header row, a
//! `|---|` separator, body rows), `::name argument` directive lines for live pieces (a card, a
//! playable example), and `**bold**`, `` `code` `` and `[links](/to)` inline. Rules pages are data, so their size on the wire grows with the text, not the code.
//!
//! The texts are fetched, so a link's target is checked before it becomes a link (see
//! [`safe_href`]): one that is not safe reads as its plain label.

/// A block of a document.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    /// A heading: level (1–6; more than six `#` still read as 6), text, and its anchor id (given
    /// as `{#id}`, or made from the text).
    Heading(u8, String, String),
    /// A paragraph of inline text.
    Paragraph(String),
    /// A list of inline texts; `true` when numbered.
    List(bool, Vec<String>),
    /// A `::name argument` line, for the page to fill in.
    Directive(String, String),
    /// A pipe table: header cells, then body rows of inline texts, each as wide as the header.
    Table(Vec<String>, Vec<Vec<String>>),
}

/// A piece of inline text.
#[derive(Clone, Debug, PartialEq)]
pub enum Inline {
    /// Plain text.
    Text(String),
    /// `**strong**` text.
    Strong(String),
    /// `` `code` `` text.
    Code(String),
    /// `[text](href)`, with an href that [`safe_href`] accepts.
    Link(String, String),
}

/// Appends `text` to `out` escaped for HTML (for static pieces written as one string).
pub fn escape_html(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
}

/// `href` if it is safe in an `<a href>`: a path on this site (`/…`, but not `//…` or `/\…`,
/// which browsers read as another host), a fragment (`#…`) or an `https:` address (lowercase, as
/// our texts write it). Anything else is refused, and so is any href with a space or control
/// character anywhere, since browsers strip or skip those before reading the scheme.
pub fn safe_href(href: &str) -> Option<&str> {
    let site_path = href.strip_prefix('/').is_some_and(|path| !path.starts_with(['/', '\\']));
    let allowed = site_path || href.starts_with('#') || href.starts_with("https:");
    (allowed && !href.chars().any(|c| c.is_control() || c.is_whitespace())).then_some(href)
}

/// An anchor id from a heading: lowercase ASCII words joined by `-`.
pub fn slug(text: &str) -> String {
    text.to_ascii_lowercase().split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect::<Vec<_>>().join("-")
}

fn list_item(line: &str) -> Option<(bool, &str)> {
    if let Some(item) = line.strip_prefix("- ") {
        return Some((false, item));
    }
    let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    (digits > 0).then(|| line[digits..].strip_prefix(". ")).flatten().map(|item| (true, item))
}

/// The cells of a `| a | b |` row (outer pipes optional; `\|` is a literal pipe).
fn cells(line: &str) -> Vec<String> {
    let line = line.trim();
    let line = line.strip_prefix('|').unwrap_or(line);
    let line = if line.ends_with('|') && !line.ends_with("\\|") { &line[..line.len() - 1] } else { line };
    let mut out = vec![String::new()];
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => out.last_mut().expect("a cell").push(chars.next().expect("peeked")),
            '|' => out.push(String::new()),
            c => out.last_mut().expect("a cell").push(c),
        }
    }
    out.into_iter().map(|c| c.trim().to_string()).collect()
}

/// Whether `line` is a table's `|---|:--:|` separator row.
fn is_separator(line: &str) -> bool {
    let line = line.trim();
    line.starts_with('|')
        && line.contains('-')
        && cells(line).iter().all(|c| !c.is_empty() && c.trim_matches(':').chars().all(|ch| ch == '-'))
}

/// A heading from its line after the first `#`. Markdown has six levels; a line with more `#`
/// (however many) is a level-6 heading, so the level can neither overflow nor wrap around.
fn heading(rest: &str) -> Block {
    let level = (1 + rest.chars().take_while(|c| *c == '#').count()).min(6) as u8;
    let text = rest.trim_start_matches('#').trim();
    match text.rsplit_once("{#") {
        Some((title, id)) if id.ends_with('}') => Block::Heading(level, title.trim().to_string(), id.trim_end_matches('}').to_string()),
        _ => Block::Heading(level, text.to_string(), slug(text)),
    }
}

/// Splits a document into blocks.
pub fn parse(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut para: Vec<&str> = Vec::new();
    let mut list: Option<(bool, Vec<String>)> = None;
    fn flush(blocks: &mut Vec<Block>, para: &mut Vec<&str>, list: &mut Option<(bool, Vec<String>)>) {
        if !para.is_empty() {
            blocks.push(Block::Paragraph(para.join(" ")));
            para.clear();
        }
        if let Some((ordered, items)) = list.take() {
            blocks.push(Block::List(ordered, items));
        }
    }
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim();
        if trimmed.starts_with('|') && lines.peek().is_some_and(|next| is_separator(next)) {
            flush(&mut blocks, &mut para, &mut list);
            lines.next();
            let header = cells(trimmed);
            let mut rows = Vec::new();
            while let Some(row) = lines.next_if(|l| l.trim().starts_with('|')) {
                let mut row = cells(row);
                row.resize(header.len(), String::new());
                rows.push(row);
            }
            blocks.push(Block::Table(header, rows));
        } else if trimmed.is_empty() {
            flush(&mut blocks, &mut para, &mut list);
        } else if let Some(rest) = trimmed.strip_prefix('#') {
            flush(&mut blocks, &mut para, &mut list);
            blocks.push(heading(rest));
        } else if let Some(rest) = trimmed.strip_prefix("::") {
            flush(&mut blocks, &mut para, &mut list);
            let (name, arg) = rest.split_once(' ').unwrap_or((rest, ""));
            blocks.push(Block::Directive(name.to_string(), arg.trim().to_string()));
        } else if let Some((ordered, item)) = list_item(trimmed) {
            if !para.is_empty() || list.as_ref().is_some_and(|(o, _)| *o != ordered) {
                flush(&mut blocks, &mut para, &mut list);
            }
            list.get_or_insert_with(|| (ordered, Vec::new())).1.push(item.to_string());
        } else if let (Some((_, items)), true) = (list.as_mut(), line.starts_with("  ")) {
            let last = items.last_mut().expect("a list has an item");
            last.push(' ');
            last.push_str(trimmed);
        } else {
            if list.is_some() {
                flush(&mut blocks, &mut para, &mut list);
            }
            para.push(trimmed);
        }
    }
    flush(&mut blocks, &mut para, &mut list);
    blocks
}

/// Splits inline text into plain, strong, code and link runs. Unclosed marks stay plain text, and
/// so does the label of a link whose href [`safe_href`] refuses.
pub fn inline(text: &str) -> Vec<Inline> {
    let mut out = Vec::new();
    let mut rest = text;
    let mut plain = String::new();
    // A mark whose closing is missing once is missing for the rest of the text (`rest` only moves
    // on): remembering it keeps a line of many unclosed marks from being searched again and again.
    let (mut no_strong, mut no_code, mut no_link) = (false, false, false);
    while let Some(start) = rest.find(['*', '`', '[']) {
        let (before, from) = rest.split_at(start);
        plain.push_str(before);
        let parsed = if let Some(after) = from.strip_prefix("**").filter(|_| !no_strong) {
            let found = after.find("**").map(|end| (Inline::Strong(after[..end].to_string()), &after[end + 2..]));
            no_strong = found.is_none();
            found
        } else if let Some(after) = from.strip_prefix('`').filter(|_| !no_code) {
            let found = after.find('`').map(|end| (Inline::Code(after[..end].to_string()), &after[end + 1..]));
            no_code = found.is_none();
            found
        } else if let Some(after) = from.strip_prefix('[').filter(|_| !no_link) {
            let found = after.split_once("](").and_then(|(label, tail)| Some((label, tail, tail.find(')')?)));
            no_link = found.is_none();
            found.map(|(label, tail, end)| {
                let label = label.to_string();
                let link = match safe_href(&tail[..end]) {
                    Some(href) => Inline::Link(label, href.to_string()),
                    None => Inline::Text(label),
                };
                (link, &tail[end + 1..])
            })
        } else {
            None
        };
        match parsed {
            Some((Inline::Text(label), tail)) => {
                plain.push_str(&label);
                rest = tail;
            }
            Some((piece, tail)) => {
                if !plain.is_empty() {
                    out.push(Inline::Text(std::mem::take(&mut plain)));
                }
                out.push(piece);
                rest = tail;
            }
            None => {
                let mark_len = from.chars().next().map_or(1, char::len_utf8);
                plain.push_str(&from[..mark_len]);
                rest = &from[mark_len..];
            }
        }
    }
    plain.push_str(rest);
    if !plain.is_empty() {
        out.push(Inline::Text(plain));
    }
    out
}

/// Every anchor a rules page carries: the rules' own sections, then the notes' under `note-`
/// (for the games' tests of their links).
#[cfg(test)]
pub fn page_anchors(rules: &str, notes: &str) -> Vec<String> {
    let ids = |text: &str, prefix: &str| -> Vec<String> {
        parse(text)
            .into_iter()
            .filter_map(|b| match b {
                Block::Heading(level, _, id) if level > 1 => Some(format!("{prefix}{id}")),
                _ => None,
            })
            .collect()
    };
    let mut all = ids(rules, "");
    all.extend(ids(notes, "note-"));
    all
}

/// For every game's rules-page test: every directive of the rules text `rules` but `::contents`
/// and `::notes` has a piece from the game's `piece` (called inside a reactive owner), and the
/// `::example` directives name the game's `examples` (id, title), each once.
/// With `anchor`, each example's directive also comes under a heading with its title and the
/// anchor `anchor(id)`. Returns the text's blocks, for the game's own checks.
#[cfg(test)]
pub fn check_pieces(
    rules: &str,
    piece: fn(&str, &str) -> Option<leptos::prelude::AnyView>,
    examples: &[(String, String)],
    anchor: Option<fn(&str) -> String>,
) -> Vec<Block> {
    let blocks = parse(rules);
    let owner = leptos::prelude::Owner::new();
    owner.with(|| {
        let mut seen = Vec::new();
        for (i, block) in blocks.iter().enumerate() {
            let Block::Directive(name, arg) = block else { continue };
            if ["contents", "notes"].contains(&name.as_str()) {
                continue;
            }
            assert!(piece(name, arg).is_some(), "::{name} {arg} has no piece");
            if name != "example" {
                continue;
            }
            seen.push(arg.clone());
            let Some(anchor) = anchor else { continue };
            let title = examples.iter().find(|(id, _)| id == arg).map(|(_, title)| title.clone());
            let heading = blocks[..i].iter().rev().find_map(|b| match b {
                Block::Heading(_, title, id) => Some((title.clone(), id.clone())),
                _ => None,
            });
            assert_eq!(heading.map(|(t, id)| (Some(t), id)), Some((title, anchor(arg))), "::example {arg} sits under its heading");
        }
        let mut ids: Vec<String> = examples.iter().map(|(id, _)| id.clone()).collect();
        ids.sort();
        seen.sort();
        assert_eq!(seen, ids, "every example is on the page, once");
    });
    blocks
}

/// For every game's rules-page test: the page's anchors (see [`page_anchors`]) are unique and
/// include each of `want` and the section the home page's quick link for `game` opens; every `##` heading of the rules writes its anchor out (so links
/// survive retitling); and every link inside the page (in paragraphs, lists and tables of the
/// rules and the notes) points at one of them. Returns how many such links there are.
#[cfg(test)]
pub fn check_page_links(game: &str, rules: &str, notes: &str, want: &[&str]) -> usize {
    let ids = page_anchors(rules, notes);
    let quick = dojo_games::registry::find(game).map(|g| g.quick.0).expect("a game of the registry");
    assert!(ids.iter().any(|id| id == quick), "the home page's quick link for {game} opens #{quick}, which the page lacks");
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "anchors must be unique: {ids:?}");
    for want in want {
        assert!(ids.iter().any(|id| id == want), "no section #{want}");
    }
    for line in rules.lines().filter(|l| l.starts_with("##")) {
        assert!(line.trim_end().ends_with('}') && line.contains("{#"), "heading without an anchor: {line}");
    }
    let mut links = 0;
    for block in parse(rules).into_iter().chain(parse(notes)) {
        let texts: Vec<String> = match block {
            Block::Paragraph(t) => vec![t],
            Block::List(_, items) => items,
            Block::Table(head, rows) => head.into_iter().chain(rows.into_iter().flatten()).collect(),
            _ => continue,
        };
        for text in texts {
            for part in inline(&text) {
                if let Inline::Link(label, href) = part
                    && let Some(id) = href.strip_prefix('#')
                {
                    assert!(ids.iter().any(|a| a == id), "[{label}]({href}) points at no anchor");
                    links += 1;
                }
            }
        }
    }
    links
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_paragraphs_lists_and_directives() {
        let doc = "# Notes\n\n## Clash of Punish\nTwo lines\nof text.\n\n- one\n  continued\n- two\nafter\n\n### Guard (priority 1) {#guard}\n::card Guard\n1. first\n2. second";
        assert_eq!(
            parse(doc),
            vec![
                Block::Heading(1, "Notes".into(), "notes".into()),
                Block::Heading(2, "Clash of Punish".into(), "clash-of-punish".into()),
                Block::Paragraph("Two lines of text.".into()),
                Block::List(false, vec!["one continued".into(), "two".into()]),
                Block::Paragraph("after".into()),
                Block::Heading(3, "Guard (priority 1)".into(), "guard".into()),
                Block::Directive("card".into(), "Guard".into()),
                Block::List(true, vec!["first".into(), "second".into()]),
            ]
        );
    }

    #[test]
    fn inline_marks_and_links() {
        assert_eq!(
            inline("a **b** and `c`, [play](/play/punish) d **unclosed [x]"),
            vec![
                Inline::Text("a ".into()),
                Inline::Strong("b".into()),
                Inline::Text(" and ".into()),
                Inline::Code("c".into()),
                Inline::Text(", ".into()),
                Inline::Link("play".into(), "/play/punish".into()),
                Inline::Text(" d **unclosed [x]".into()),
            ]
        );
    }

    #[test]
    fn only_site_paths_fragments_and_https_become_links() {
        for href in ["/rules/punish#clash", "/", "#note-modes", "#", "https://example.org/a?b=c", "https:"] {
            assert_eq!(inline(&format!("[go]({href})")), vec![Inline::Link("go".into(), href.into())], "{href}");
        }
        for href in [
            "javascript:alert(1",
            "JaVaScRiPt:alert(1",
            "data:text/html,<b>x</b>",
            "vbscript:x",
            "http://example.org",
            "HTTPS://example.org",
            "//evil.example",
            "/\\evil.example",
            "/\t/evil.example",
            "mailto:a@example.org",
            "rules/punish",
            "./x",
            "../x",
            "?x=1",
            "",
            " /rules",
            " javascript:x",
            "\u{0}javascript:x",
            "\u{1f}/x",
            "java\tscript:x",
            "java\nscript:x",
            "/ok\u{7f}",
            "\u{a0}https://example.org",
        ] {
            assert_eq!(inline(&format!("a [go]({href}) b")), vec![Inline::Text("a go b".into())], "{href:?}");
            assert_eq!(safe_href(href), None, "{href:?}");
        }
        assert_eq!(
            inline("[x](javascript:alert(1)) then [y](#y)"),
            vec![Inline::Text("x) then ".into()), Inline::Link("y".into(), "#y".into())]
        );
    }

    #[test]
    fn headings_deeper_than_six_read_as_level_six() {
        for hashes in [7, 255, 256, 257, 300, 1000] {
            let line = format!("{} Deep {{#deep}}", "#".repeat(hashes));
            assert_eq!(parse(&line), vec![Block::Heading(6, "Deep".into(), "deep".into())], "{hashes} #");
        }
        assert_eq!(parse(&format!("{}x", "#".repeat(300))), vec![Block::Heading(6, "x".into(), "x".into())]);
        assert_eq!(parse("###### Six"), vec![Block::Heading(6, "Six".into(), "six".into())]);
    }

    #[test]
    fn pipe_tables_with_inline_cells() {
        let doc = "Before.\n| track | **White** | link |\n|---|:---:|--:|\n| 20 | 0–4 | [why](#note-modes) |\n|25|`a\\|b`|\n| 30 | 0–14 | x | extra |\nAfter.";
        assert_eq!(
            parse(doc),
            vec![
                Block::Paragraph("Before.".into()),
                Block::Table(
                    vec!["track".into(), "**White**".into(), "link".into()],
                    vec![
                        vec!["20".into(), "0–4".into(), "[why](#note-modes)".into()],
                        vec!["25".into(), "`a|b`".into(), "".into()],
                        vec!["30".into(), "0–14".into(), "x".into()],
                    ]
                ),
                Block::Paragraph("After.".into()),
            ]
        );
        assert_eq!(inline("**White**"), vec![Inline::Strong("White".into())]);
    }

    #[test]
    fn a_pipe_line_without_a_separator_is_text() {
        assert_eq!(parse("| not | a table |\nstill text"), vec![Block::Paragraph("| not | a table | still text".into())]);
        assert_eq!(parse("| a |\n| b |"), vec![Block::Paragraph("| a | | b |".into())]);
        assert_eq!(parse("|---|\n| a |"), vec![Block::Paragraph("|---| | a |".into())]);
    }

    #[test]
    fn a_table_needs_no_blank_line_around_it_and_may_have_no_body() {
        assert_eq!(
            parse("## Head {#h}\n| a | b |\n| --- | --- |\n- item"),
            vec![
                Block::Heading(2, "Head".into(), "h".into()),
                Block::Table(vec!["a".into(), "b".into()], vec![]),
                Block::List(false, vec!["item".into()]),
            ]
        );
    }

    #[test]
    fn the_taunt_notes_table_is_read_as_a_table() {
        let tables: Vec<Block> =
            parse(dojo_games::taunt::INTERPRETATION_NOTES).into_iter().filter(|b| matches!(b, Block::Table(..))).collect();
        let [Block::Table(header, rows)] = tables.as_slice() else { panic!("one table expected: {tables:?}") };
        assert_eq!(header, &["track", "White", "Yellow", "Orange", "Red"]);
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0], ["20", "0–4", "5–10", "11–16", "17–20"]);
    }

    #[test]
    fn the_punish_rules_have_every_section_people_link_to() {
        let ids: Vec<String> = parse(dojo_games::punish::RULES_TEXT)
            .into_iter()
            .filter_map(|b| match b {
                Block::Heading(_, _, id) => Some(id),
                _ => None,
            })
            .collect();
        for want in [
            "overview",
            "setup",
            "priority",
            "guard",
            "rush",
            "dodge",
            "strike",
            "punish",
            "clash",
            "exhausted",
            "disarmed",
            "exposed",
            "end-of-measure",
            "winning",
            "blindfolded",
            "feint",
            "blitz",
            "examples",
            "notes",
        ] {
            assert!(ids.iter().any(|id| id == want), "no section #{want}");
        }
        let mut unique = ids.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), ids.len(), "section ids must be unique: {ids:?}");
    }
}
