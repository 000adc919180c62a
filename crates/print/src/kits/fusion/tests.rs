use super::cards::{does, every_micro, suit_name};
use super::sheets::{PAYLOAD_ROWS, signed};
use super::*;
use crate::draw::Drawing;
use crate::geometry::CardSize;
use crate::geometry::Rect;
use crate::kits::card_art::testing::{shows, texts};
use crate::settings::Settings;
use dojo_games::fusion::cards::{Rank, Suit};
use dojo_games::fusion::gambit::Outcome;
use dojo_games::fusion::micro::Micro;
use dojo_games::fusion::sheet::{HARMONY_RED, HARMONY_VIOLET, TableSettings};

fn styles() -> Vec<Style> {
    CardSize::ALL
        .into_iter()
        .flat_map(|card| [(false, 0.0), (true, 0.0), (false, 3.0)].map(|(ink_saver, bleed)| Style { card: card.size(), bleed, ink_saver }))
        .collect()
}

fn poker() -> Style {
    Style { card: CardSize::Poker.size(), bleed: 0.0, ink_saver: false }
}

fn component<'k>(kit: &'k Kit, id: &str) -> &'k Component {
    kit.components.iter().find(|c| c.id == id).unwrap_or_else(|| panic!("no component {id}"))
}

/// Both sides of a piece.
fn sides(piece: &Piece) -> impl Iterator<Item = &Drawing> {
    std::iter::once(&piece.front).chain(piece.back.as_ref())
}

/// Whether any side of any piece of `id` shows `needle`.
fn component_shows(kit: &Kit, id: &str, needle: &str) -> bool {
    component(kit, id).pieces.iter().flat_map(sides).any(|d| shows(d, needle))
}

#[test]
fn the_kit_has_every_item_the_table_needs_and_no_playing_cards() {
    let kit = kit(&poker());
    let ids: Vec<&str> = kit.components.iter().map(|c| c.id).collect();
    assert_eq!(ids, ["reference", "microevents", "pilots", "harmony", "coach", "payloads", "mat", "omens", "strike", "marker"]);
    let count = |id: &str| {
        let c = component(&kit, id);
        c.pieces.len() * usize::from(c.default_copies)
    };
    assert_eq!(count("reference"), 8, "four cards, one per two or three players");
    assert_eq!(count("microevents"), 1, "with the reference cards, one sheet of nine cards");
    assert_eq!(count("pilots"), dojo_games::fusion::setup::MAX_PILOTS, "a sheet for each pilot of a full table");
    assert_eq!((count("harmony"), count("coach"), count("payloads"), count("mat")), (1, 1, 2, 1));
    assert_eq!((count("omens"), count("strike"), count("marker")), (tokens::OMENS, tokens::STRIKES, 1));
    // Cards are two-sided; sheets and the mat are not; tokens are, so they share a sheet.
    for c in &kit.components {
        let backed = matches!(c.id, "reference" | "microevents" | "omens" | "strike" | "marker");
        assert!(c.pieces.iter().all(|p| p.back.is_some() == backed), "{}", c.id);
    }
    // The Omen token says which side is which in words and by its star.
    let omen = &component(&kit, "omens").pieces[0];
    assert!(shows(&omen.front, "Active") && shows(&omen.front, "★"));
    assert!(shows(omen.back.as_ref().unwrap(), "Spent") && shows(omen.back.as_ref().unwrap(), "☆"));
}

#[test]
fn the_default_kit_lays_out_in_eleven_pages() {
    let document = crate::document_for("fusion", &Settings::default()).expect("the kit lays out");
    let mut ids: Vec<&str> = document.placements.iter().map(|p| p.component).collect();
    ids.dedup();
    assert_eq!(ids.len(), 10);
    // How to print; the cards and their backs; two pages of sheets and one of the mat, each with
    // the blank side two-sided printing keeps; the tokens and their backs.
    assert_eq!(document.pages.len(), 11);
    let sheet_pages: Vec<usize> =
        document.placements.iter().filter(|p| p.component == "pilots" || p.component == "payloads").map(|p| p.front_page).collect();
    assert_eq!(sheet_pages, [3, 3, 3, 3, 5, 5], "four sheets to a page");
}

/// The position of a microevent in the card's list: a new microevent in the engine does not
/// compile here until it is listed.
fn listed_at(micro: &Micro) -> usize {
    match micro {
        Micro::Chargeup(_) => 0,
        Micro::Fortify => 1,
        Micro::Rally => 2,
        Micro::Recover => 3,
        Micro::Replenish(_) => 4,
        Micro::Burn => 5,
        Micro::Tarry => 6,
        Micro::Rebuild => 7,
        Micro::Purge => 8,
        Micro::Strife => 9,
        Micro::Trauma => 10,
        Micro::Ruin => 11,
    }
}

#[test]
fn every_microevent_has_its_line_on_the_side_that_says_whether_it_is_damage() {
    let all = every_micro();
    let positions: Vec<usize> = all.iter().map(listed_at).collect();
    assert_eq!(positions, (0..12).collect::<Vec<_>>(), "every microevent once, in order");
    let kit = kit(&poker());
    let card = &component(&kit, "microevents").pieces[0];
    let back = card.back.as_ref().unwrap();
    assert!(shows(&card.front, "Microevents: actions") && shows(back, "Microevents: damage"));
    for micro in &all {
        let lead = format!("{}:", micro.name());
        let on = |d: &Drawing| texts(d).iter().filter(|(t, _, _)| *t == lead).count();
        let (here, there) = if micro.is_damage() { (back, &card.front) } else { (&card.front, back) };
        assert_eq!((on(here), on(there)), (1, 0), "{lead}");
        assert!(shows(here, does(micro)), "{lead}");
    }
}

#[test]
fn the_reference_cards_cover_turns_actions_the_gambit_spoils_and_card_values() {
    let kit = kit(&poker());
    for words in [
        "side actions",
        "exactly one main action",
        "Push",
        "Beat-Back:",
        "Card-Assist:",
        "Strike-Assist:",
        "Chains:",
        "Fold:",
        "Recharge:",
        "Activate Gear:",
        "Sacrifice Gear:",
        "Wave or Storm:",
        "Storm",
        "Playtest option:",
        "Drop and draw:",
        "Ace:",
        "Two",
    ] {
        assert!(component_shows(&kit, "reference", words), "{words}");
    }
    // Each outcome, with its result and who chooses.
    for outcome in [Outcome::YesAnd, Outcome::YesBut, Outcome::NoBut, Outcome::NoAnd] {
        let who = if outcome.positive() { "the pilot's choice" } else { "the Coach's choice" };
        let lead = texts(&component(&kit, "reference").pieces[2].front).into_iter().filter(|(t, _, _)| t == outcome.words()).count();
        assert_eq!(lead, 1, "{}", outcome.words());
        assert!(component_shows(&kit, "reference", who));
    }
    // The spoils, suit by suit, and the Suit Values.
    for suit in Suit::ALL {
        assert!(component_shows(&kit, "reference", &format!("{} {}:", suit.symbol(), suit_name(suit))), "{suit:?}");
        assert!(component_shows(&kit, "reference", &format!("{} {} {}", suit.symbol(), suit_name(suit), suit.value())), "{suit:?}");
    }
    // The value of every rank, from the engine.
    let values = &component(&kit, "reference").pieces[1].back.as_ref().unwrap().clone();
    let lines: Vec<String> = texts(values).into_iter().map(|(t, _, _)| t).collect();
    for rank in Rank::ALL {
        let at = lines.iter().position(|t| t == rank.label()).unwrap_or_else(|| panic!("{}", rank.label()));
        assert_eq!(lines[at + 1], rank.value().to_string(), "{}", rank.label());
    }
}

#[test]
fn the_harmony_gauge_has_every_level_with_its_strike_assist_and_the_start() {
    let table = TableSettings::default();
    for style in [poker(), Style { ink_saver: true, ..poker() }] {
        let gauge = sheets::harmony(&style);
        let lines: Vec<String> = texts(&gauge).into_iter().map(|(t, _, _)| t).collect();
        for level in HARMONY_RED..=HARMONY_VIOLET {
            assert!(lines.contains(&level.to_string()), "level {level}");
            assert!(lines.contains(&signed(table.assist_at(level))), "Strike-Assist at {level}");
        }
        assert!(lines.iter().any(|t| t == "Red") && lines.iter().any(|t| t == "Violet"));
        assert!(shows(&gauge, "start") && shows(&gauge, &format!("Strike-Assist, {OURS}")));
        assert!(shows(&gauge, "+Rally") && shows(&gauge, "+Strife") && shows(&gauge, "+Trauma on each pilot"));
    }
    assert_eq!([-3, 0, 3].map(signed), ["−3", "0", "+3"]);
}

#[test]
fn every_stand_in_of_ours_says_so_where_it_is_printed() {
    let kit = kit(&poker());
    assert!(component_shows(&kit, "pilots", OURS), "the pilot sheet");
    assert!(component_shows(&kit, "pilots", &format!("Gear {OURS}")), "Gear");
    assert!(component_shows(&kit, "coach", "stand-ins (ours)"), "Threats, the scene, Escalation Events");
    for words in ["Threat 1", "Threat 2", "Robos present", "Team counters", "Escalation Events", "Waves", "Storms"] {
        assert!(component_shows(&kit, "coach", words), "{words}");
    }
    assert!(component_shows(&kit, "harmony", OURS), "the starting Harmony and the Strike-Assist table");
    for words in ["Stand-ins (ours):", "Specialty (ours):", "Robos present, ours", "about a Location, ours"] {
        assert!(component_shows(&kit, "reference", words), "{words}");
    }
    assert!(component_shows(&kit, "microevents", "team counter (ours)"));
    // Our default sheet, as the engine has it.
    let ours = dojo_games::fusion::sheet::PilotSheet::named("");
    assert!(component_shows(&kit, "pilots", &format!("Fight {}, Team {}", ours.fight, ours.team)));
}

#[test]
fn payload_pads_say_whose_damage_they_hold_and_have_a_column_for_each_kind() {
    let kit = kit(&poker());
    let pads = &component(&kit, "payloads").pieces;
    assert!(shows(&pads[0].front, "PAYLOAD at the pilots") && shows(&pads[0].front, "+Strife here, with her name"));
    assert!(shows(&pads[1].front, "PAYLOAD at the Coach's side"));
    for pad in pads {
        let lines: Vec<String> = texts(&pad.front).into_iter().map(|(t, _, _)| t).collect();
        for micro in every_micro().iter().filter(|m| m.is_damage()) {
            assert!(lines.contains(&micro.name().trim_start_matches('+').to_string()), "{}", micro.name());
        }
        assert!(lines.contains(&PAYLOAD_ROWS.to_string()) && lines.contains(&"♦".to_string()));
    }
}

#[test]
fn the_mat_has_the_pile_and_the_strike_check_with_the_engine_s_difference() {
    let mat = mat::mat(&poker());
    assert!(shows(&mat, "THE PILE") && shows(&mat, "STRIKE RANGE CHECK") && shows(&mat, "A Throwdown"));
    let diff = dojo_games::fusion::cards::difference(mat::PLAYED, mat::BEATEN);
    assert!(shows(&mat, &format!("{} − {} = {diff}", mat::PLAYED.rank.value(), mat::BEATEN.rank.value())));
    assert!(diff > dojo_games::fusion::sheet::PilotSheet::named("").fight, "the example overreaches our default range");
    for step in ["1. Challenge:", "2. Join:", "3. Initiative:", "4. Bonus draws:", "5. Turns:", "6. The end:", "7. Resolution:"] {
        assert!(shows(&mat, step), "{step}");
    }
}

#[test]
fn text_fits_inside_every_frame_clear_of_other_text_and_legible() {
    for style in styles() {
        let u = unit(&style);
        let kit = kit(&style);
        for c in &kit.components {
            let (size, smallest) = match c.size {
                PieceSize::Card => (style.card, 6.0 * u - 1e-3),
                PieceSize::Fixed(size) => (size, 6.0 - 1e-3),
            };
            // Inside the frame (cards and sheets), or inside the cut line (tokens).
            let frame = if c.size == PieceSize::Fixed(tokens::SIZE) {
                0.6
            } else if c.size == PieceSize::Card {
                3.0 * u
            } else {
                3.0
            };
            let inner = Rect::of_size(size).outset(-frame);
            for piece in &c.pieces {
                for side in sides(piece) {
                    let lines = texts(side);
                    for (i, (text, pt, r)) in lines.iter().enumerate() {
                        let what = format!("{} at {:?}: '{text}'", piece.name, style.card);
                        assert!(inner.contains(r, 0.05), "{what} leaves the frame");
                        assert!(*pt >= smallest, "{what} is {pt} pt");
                        for (other, _, s) in &lines[i + 1..] {
                            assert!(!r.overlaps(s), "{what} overlaps '{other}'");
                        }
                    }
                    assert!(side.missing.is_empty(), "{}: {:?}", piece.name, side.missing);
                }
            }
        }
    }
}

#[test]
fn the_strike_tokens_and_the_marker_read_the_same_either_side() {
    let kit = kit(&poker());
    for id in ["strike", "marker"] {
        for piece in &component(&kit, id).pieces {
            assert_eq!(Some(&piece.front), piece.back.as_ref(), "{id}");
        }
    }
    // The marker fits on a level of the gauge.
    const { assert!(tokens::SIDE <= sheets::HARMONY_ROW) };
}

#[test]
fn token_words_stay_inside_the_ring() {
    let kit = kit(&poker());
    let (centre, room) = (tokens::SIDE / 2.0, tokens::SIDE / 2.0 - 0.6 - 0.25);
    for id in ["omens", "strike", "marker"] {
        for piece in &component(&kit, id).pieces {
            for side in sides(piece) {
                for (text, _, r) in texts(side) {
                    for (x, y) in [(r.x, r.y), (r.right(), r.y), (r.x, r.bottom()), (r.right(), r.bottom())] {
                        assert!((x - centre).hypot(y - centre) <= room, "{id}: '{text}' crosses the ring");
                    }
                }
            }
        }
    }
}
