use super::sheets::{hero_label, rows_per_page};
use super::*;
use crate::draw::Drawing;
use crate::geometry::CardSize;
use crate::geometry::Rect;
use crate::kits::card_art::testing::{shows, texts};
use dojo_games::rumble::catalog::PowerId;
use dojo_games::rumble::setup::CostKind;

fn styles() -> Vec<Style> {
    CardSize::ALL.into_iter().flat_map(|card| [false, true].map(|ink_saver| Style { card: card.size(), bleed: 0.0, ink_saver })).collect()
}

fn poker() -> Style {
    Style { card: CardSize::Poker.size(), bleed: 0.0, ink_saver: false }
}

/// Checks every line of text on a card lies inside its frame and clear of every other line;
/// returns the smallest size used.
fn check_card(d: &Drawing, style: &Style, what: &str) -> f32 {
    let inner = Rect::of_size(style.card).outset(-3.0 * unit(style));
    let lines = texts(d);
    for (i, (text, _, r)) in lines.iter().enumerate() {
        assert!(inner.contains(r, 0.05), "{what}: '{text}' leaves the frame");
        for (other, _, s) in &lines[i + 1..] {
            assert!(!r.overlaps(s), "{what}: '{text}' overlaps '{other}'");
        }
    }
    lines.iter().map(|(_, size, _)| *size).fold(f32::MAX, f32::min)
}

fn typed(author: u8, name: &str, text: &str) -> Invented {
    Invented { author, name: name.into(), text: text.into(), kind: Kind::Normal, cost: None, activate: None, exhaust: None, targets: false }
}

/// The longest text a typed power may have, and one with markup that must print as it is.
fn two_typed() -> PowerList {
    let long = "Once per round, after the reveal, name a hero and a number. If their largest Attack equals it, they lose that much Energy and you gain half of it, rounded down; otherwise you lose 5. A hero named this way may not be named again until every other hero has been. Exhaust when nobody is left. ";
    let long: String = long.chars().cycle().take(300).collect();
    let mut first = typed(0, "Numerology of the Thousand Whispering Stars", &long);
    first.name = first.name.chars().take(40).collect();
    first.cost = Some((CostKind::Burn, None));
    first.activate = Some(1);
    first.exhaust = Some(3);
    first.targets = true;
    // A Sidekick's card also carries its reminder: the least room a typed text gets.
    first.kind = Kind::Sidekick;
    let mut second = typed(1, "<b>markup</b> & quotes", "Gain 5 Energy <b>now</b> & \"then\"; it's <i>yours</i>.");
    second.kind = Kind::Flaw;
    PowerList { set: vec![PowerId::Flight, PowerId::Sidekick, PowerId::Regeneration], typed: vec![first, second] }
}

fn settings_with(list: &PowerList) -> Settings {
    let (settings, problems) = Settings::from_query(&format!("set={}", list.to_link()));
    assert!(problems.is_empty(), "{problems:?}");
    settings
}

fn component<'k>(kit: &'k Kit, id: &str) -> &'k Component {
    kit.components.iter().find(|c| c.id == id).unwrap_or_else(|| panic!("no component {id}"))
}

#[test]
fn the_default_kit_has_a_card_for_every_power_of_the_set_in_set_order() {
    let kit = kit(&poker(), &Settings::default());
    assert_eq!(kit.card_set.as_deref(), Some("The whole set: 49 powers"));
    let powers = component(&kit, "powers");
    assert_eq!(powers.pieces.len(), catalog::CARDS.len());
    for (piece, card) in powers.pieces.iter().zip(catalog::CARDS) {
        assert_eq!(piece.name, card.name);
        for words in [card.name, card.text, card.tier.label(), cards::kind_label(card.kind)] {
            assert!(shows(&piece.front, words), "{}: {words}", card.name);
        }
        if !card.cost.is_empty() {
            assert!(shows(&piece.front, card.cost), "{}: {}", card.name, card.cost);
        }
        assert_eq!(shows(&piece.front, "★ Beginner"), card.beginner, "{}", card.name);
        assert!(shows(&piece.front, "POWER STRENGTH") || shows(&piece.front, "POWER"), "{}", card.name);
        assert!(piece.back.is_some());
    }
    // Kevan, Raven, Sandy, Ben and Card are credited.
    let credits = powers.pieces.iter().filter(|p| texts(&p.front).iter().any(|(t, _, _)| t.starts_with("by "))).count();
    assert_eq!(credits, 49);
    assert_eq!(component(&kit, "blanks").default_copies, 8);
}

#[test]
fn a_linked_list_prints_its_cards_in_order_then_the_typed_ones() {
    let list = two_typed();
    let kit = kit(&poker(), &settings_with(&list));
    assert_eq!(kit.card_set.as_deref(), Some("Your list: 3 powers of the set and 2 typed in"));
    let names: Vec<&str> = component(&kit, "powers").pieces.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Flight", "Sidekick", "Regeneration", list.typed[0].name.as_str(), "<b>markup</b> & quotes"]);
    // The auction record lists the same powers, and one page holds them.
    let auction = &component(&kit, "auction").pieces;
    assert_eq!(auction.len(), 1);
    for name in &names {
        assert!(shows(&auction[0].front, name), "{name}");
    }
    assert!(shows(&auction[0].front, "FLAW: lowest wins"), "the typed Flaw's row says its auction runs backwards");
}

#[test]
fn typed_text_prints_as_plain_text_and_the_longest_fits_its_card() {
    let list = two_typed();
    for style in styles() {
        let kit = kit(&style, &settings_with(&list));
        let pieces = &component(&kit, "powers").pieces;
        let (long, markup) = (&pieces[3].front, &pieces[4].front);
        assert!(shows(long, &list.typed[0].text) && shows(long, &list.typed[0].name));
        assert!(shows(long, "Burn X, Activate 1, Exhaust 3, names a hero") && shows(long, "typed in by player 1"));
        assert!(shows(long, "SIDEKICK") && shows(long, "an extra hero with 50 Energy"));
        // Markup and quotes are characters like any other: every one of them is printed.
        assert!(shows(markup, "<b>markup</b> & quotes") && shows(markup, "Gain 5 Energy <b>now</b> & \"then\"; it's <i>yours</i>."));
        assert!(shows(markup, "FLAW") && shows(markup, "the lowest bid wins it for free"));
        let u = unit(&style);
        let what = format!("{:?}", style.card);
        // 300 characters shrink, but stay legible: 5 pt on a poker card.
        let smallest = check_card(long, &style, &what);
        assert!(smallest >= 4.0 * u, "{what}: {smallest} {:?}", texts(long).into_iter().map(|(t, s, _)| (t, s)).collect::<Vec<_>>());
        let body: Vec<f32> =
            texts(long).into_iter().filter(|(t, _, _)| list.typed[0].text.contains(t.as_str())).map(|(_, s, _)| s).collect();
        assert!(body.iter().all(|s| *s >= 5.0 * u - 1e-3), "{what}: {body:?}");
        check_card(markup, &style, &what);
        assert!(long.missing.is_empty() && markup.missing.is_empty());
    }
}

#[test]
fn every_card_of_the_set_reads_at_six_points_inside_its_frame() {
    for style in styles() {
        let kit = kit(&style, &Settings::default());
        let u = unit(&style);
        for piece in &component(&kit, "powers").pieces {
            let what = format!("{} at {:?}", piece.name, style.card);
            check_card(&piece.front, &style, &what);
            // The text itself, not the small print, at 6 pt or more on a poker card.
            let card = catalog::CARDS.iter().find(|c| c.name == piece.name).unwrap();
            for (text, size, _) in texts(&piece.front).into_iter().filter(|(t, _, _)| card.text.contains(t.as_str()) && *t != card.aspects)
            {
                assert!(size >= 6.0 * u - 1e-3, "{what}: '{text}' at {size}");
            }
        }
        for id in ["blanks", "reference"] {
            let piece = &component(&kit, id).pieces[0];
            check_card(&piece.front, &style, id);
            if let Some(back) = &piece.back {
                check_card(back, &style, &format!("{id} back"));
            }
        }
    }
}

#[test]
fn the_reference_card_has_every_keyword_a_line_each_and_the_round_and_auction() {
    let kit = kit(&poker(), &Settings::default());
    let piece = &component(&kit, "reference").pieces[0];
    let back = piece.back.as_ref().unwrap();
    for keyword in ["Spend N:", "Burn N:", "Drain N:", "Activate N:", "Exhaust N:", "Flaw:", "Sidekick:", "Power Strength:"] {
        let lines: Vec<_> = texts(back).into_iter().filter(|(t, _, _)| t == keyword).collect();
        assert_eq!(lines.len(), 1, "{keyword}");
    }
    for words in ["Allocation", "Reveal", "Resolution", "The auction", "highest bid"] {
        assert!(shows(&piece.front, words), "{words}");
    }
}

#[test]
fn the_tracker_has_a_column_for_each_of_eight_heroes_and_rows_for_many_rounds() {
    let kit = kit(&poker(), &Settings::default());
    let tracker = &component(&kit, "tracker").pieces[0].front;
    for i in 0..HEROES {
        let cells = texts(tracker).into_iter().filter(|(t, _, _)| *t == hero_label(i)).count();
        assert_eq!(cells, 1, "{}", hero_label(i));
    }
    assert!(!shows(tracker, "Hero 9"));
    assert_eq!(texts(tracker).into_iter().filter(|(t, _, _)| t == "100").count(), HEROES, "everyone starts on 100");
    assert!(shows(tracker, "After auction") && shows(tracker, "Round 15"), "a long game has its rows");
    // The auction record has the same eight hero columns.
    let auction = &component(&kit, "auction").pieces;
    for page in auction {
        assert_eq!(texts(&page.front).into_iter().filter(|(t, _, _)| t.starts_with("Hero ")).count(), HEROES);
    }
    // Every power of the set has its row, over two pages, in set order.
    assert_eq!(auction.len(), 49usize.div_ceil(rows_per_page()));
    assert!(rows_per_page() >= 30, "{}", rows_per_page());
    let rows: Vec<String> =
        auction.iter().flat_map(|p| texts(&p.front)).map(|(t, _, _)| t).filter(|t| catalog::CARDS.iter().any(|c| c.name == t)).collect();
    let names: Vec<&str> = catalog::CARDS.iter().map(|c| c.name).collect();
    assert_eq!(rows, names);
}

#[test]
fn sheet_text_stays_inside_the_frame_and_clear_of_other_text() {
    let kit = kit(&poker(), &settings_with(&two_typed()));
    let inner = Rect::of_size(SHEET).outset(-3.0);
    for id in ["tracker", "auction"] {
        for piece in &component(&kit, id).pieces {
            let lines = texts(&piece.front);
            for (i, (text, size, r)) in lines.iter().enumerate() {
                assert!(inner.contains(r, 0.05), "{id}: '{text}' leaves the frame");
                assert!(*size >= 4.5, "{id}: '{text}' at {size} pt");
                for (other, _, s) in &lines[i + 1..] {
                    assert!(!r.overlaps(s), "{id}: '{text}' overlaps '{other}'");
                }
            }
        }
    }
}

#[test]
fn a_bad_list_is_reported_and_the_whole_set_prints_instead() {
    let mut piece = two_typed().to_link();
    piece.truncate(piece.len() - 7);
    let (settings, problems) = Settings::from_query(&format!("set={piece}&card=mini"));
    assert!(problems.is_empty(), "the form is right: the content is what is wrong");
    let problem = crate::kits::set_problem("rumble", &settings).expect("a damaged list is reported");
    assert!(problem.to_string().contains("power list") && problem.to_string().contains("prints its own card set"), "{problem}");
    let fallback = kit(&poker(), &settings);
    assert_eq!(fallback.card_set.as_deref(), Some("The whole set: 49 powers"));
    assert_eq!(component(&fallback, "powers").pieces.len(), 49);
    // A list that breaks a rule (a third power by one author), and one with no power at all.
    let mut three = two_typed();
    three.typed.push(typed(0, "Third", "One too many."));
    three.typed.push(typed(0, "Fourth", "Two too many."));
    let problem = crate::kits::set_problem("rumble", &settings_with(&three)).expect("too many typed by one player");
    assert!(problem.to_string().contains("typed-in power"), "{problem}");
    let empty = crate::kits::set_problem("rumble", &settings_with(&PowerList::default())).expect("an empty list");
    assert!(empty.to_string().contains("holds no powers"), "{empty}");
    // DRAGON PUNCH's card set is no power list either.
    let dragon = dojo_games::dragon_punch::set::reconstructed().to_link();
    assert!(crate::kits::set_problem("rumble", &settings_with_piece(&dragon)).is_some());
    assert!(crate::kits::set_problem("rumble", &Settings::default()).is_none());
    assert!(crate::kits::set_problem("punish", &settings_with_piece(&dragon)).is_none(), "PUNISH reads no set");
}

fn settings_with_piece(piece: &str) -> Settings {
    Settings::from_query(&format!("set={piece}")).0
}

#[test]
fn a_typed_list_lays_out_as_a_whole_kit() {
    let settings = settings_with(&two_typed());
    let document = crate::document_for("rumble", &settings).expect("the typed list lays out");
    assert!(document.placements.iter().any(|p| p.name == "<b>markup</b> & quotes"));
    let default = crate::document_for("rumble", &Settings::default()).unwrap();
    let cards = default.placements.iter().filter(|p| p.component == "powers").count();
    assert_eq!(cards, 49);
    assert_eq!(list_name(&PowerList { set: vec![PowerId::Flight], typed: vec![] }), "Your list: 1 power of the set");
    assert_eq!(list_name(&PowerList { set: vec![], typed: two_typed().typed }), "Your list: 2 typed-in powers");
}
