//! The Throwdown mat: a Throwdown step by step down the left, the place for the Pile in the
//! middle, and the Strike Range check on the right with a worked example whose numbers come
//! from the engine (`cards::difference` and our default Commitment to the Fight).

use super::text::{Inks, entry, heading, para, write};
use super::{ACCENT, FAINT, INK, MAT, SOFT, piece_frame};
use crate::draw::{Align, Drawing, Ink, Stroke};
use crate::geometry::{Point, Rect};
use crate::kit::Style;
use crate::text::{Face, cap_height};
use dojo_games::fusion::cards::{Card, Rank, Suit, difference};
use dojo_games::fusion::micro::Micro;
use dojo_games::fusion::sheet::PilotSheet;

/// Where the three columns go, left to right, below the title.
const TOP: f32 = 24.0;
const STEPS: (f32, f32) = (9.0, 89.0);
const PILE: (f32, f32) = (96.0, 168.0);
const CHECK: (f32, f32) = (175.0, 251.0);

/// The pale fill of the Pile's place in a colour print.
const PALE: Ink = Ink::Rgb(253, 238, 226);

/// The cards of the worked example: a Nine of Hearts played on a Four of Clubs.
pub(super) const PLAYED: Card = Card::new(Rank::Nine, Suit::Hearts);
/// The card the example's Push beats.
pub(super) const BEATEN: Card = Card::new(Rank::Four, Suit::Clubs);

/// The mat.
pub(super) fn mat(style: &Style) -> Drawing {
    let mut d = Drawing::new();
    let inner = piece_frame(&mut d, MAT, ACCENT);
    let end = STEPS.0 + d.text(STEPS.0, 14.5, 16.0, Face::Bold, ACCENT, Align::Left, "THROWDOWN MAT");
    d.text(end + 4.0, 14.5, 8.0, Face::Regular, SOFT, Align::Left, "Gattaibushido:FUSION! · the Pile goes in the middle");
    let bottom = inner.bottom() - 3.0;
    for x in [(STEPS.1 + PILE.0) / 2.0, (PILE.1 + CHECK.0) / 2.0] {
        d.line(Point::new(x, TOP), Point::new(x, bottom), Stroke::solid(FAINT, 0.3));
    }
    let inks = Inks { text: INK, heading: ACCENT };
    write(&mut d, Rect::new(STEPS.0, TOP, STEPS.1 - STEPS.0, bottom - TOP), &steps(), 9.6, 6.0, inks);
    pile(&mut d, style, bottom, inks);
    check(&mut d, bottom, inks);
    d
}

/// A Throwdown from the challenge to the resolution.
fn steps() -> Vec<super::text::Item> {
    vec![
        heading("A Throwdown"),
        entry(
            "1. Challenge:",
            "a pilot lays a card from her Stash face down, without drawing, and says what she wants: the Stakes. The Coach challenges with the top card of the Deck, blind.",
        ),
        entry(
            "2. Join:",
            "from the Challenger's left, each seat in turn opposes, joins the Challenger's side or sits out, for all to see. A pilot who takes part lays a Stash card face down; the Coach plays blind. If nobody opposes, the Challenger's side wins at once.",
        ),
        entry(
            "3. Initiative:",
            "turn the cards up and stack them by value, lowest at the bottom, an Ace above a King, equal ranks by suit; of two copies of one card, the one laid first lies higher. The top card's owner has the initiative. A pilot on top takes the Strike check against the card under hers.",
        ),
        entry(
            "4. Bonus draws:",
            "from the initiative winner round to the left, each pilot in the fight draws as many cards as her Commitment to the Team. The Coach draws 1 per pilot in the fight plus the Ratings of his Threats in it.",
        ),
        entry(
            "5. Turns:",
            "from the seat left of the initiative winner: side actions, then one main action (see the reference cards). Damage goes on the Payload pads.",
        ),
        entry(
            "6. The end:",
            "as soon as every seat opposing the top card's side has folded, that side wins. If all have folded and no face-up card is left, the challenged side wins.",
        ),
        entry(
            "7. Resolution:",
            "the Challenger's Stakes come true if her side won; the winners spend the Pile by suit; both Payloads land, the damage at the pilots first; then drop and draw. The pilots' leader is the pilot whose initiative card lay highest.",
        ),
    ]
}

/// The place for the Pile, with what goes on it and under it.
fn pile(d: &mut Drawing, style: &Style, bottom: f32, inks: Inks) {
    let centre = (PILE.0 + PILE.1) / 2.0;
    d.text(centre, TOP + 5.2, 12.0, Face::Bold, ACCENT, Align::Centre, "THE PILE");
    let spot = Rect::new(centre - 35.0, TOP + 9.0, 70.0, 96.0);
    d.rounded_rect(spot, 4.0, style.fill(PALE), Some(Stroke::dashed(ACCENT, 0.6, 3.0, 1.8)));
    let note = |d: &mut Drawing, top: f32, text: &str| {
        d.paragraph(Rect::new(spot.x + 5.0, top, spot.w - 10.0, 0.0), 7.0, 1.25, Face::Regular, SOFT, Align::Centre, text);
    };
    note(d, spot.y + 6.0, "Start it with the initiative stack, lowest card at the bottom.");
    note(d, spot.centre().y - 3.0, "Each Push goes face up on top.");
    note(d, spot.bottom() - 12.0, "A Beat-Back's two cards go face down under the whole Pile.");
    // The Stakes of this Throwdown, written at the foot.
    let field = bottom - 19.0;
    let end = PILE.0 + d.text(PILE.0, field + 3.0, 8.0, Face::Bold, INK, Align::Left, "Stakes");
    d.text(end + 1.5, field + 3.0, 7.0, Face::Regular, SOFT, Align::Left, "what the Challenger wants");
    for y in [field + 11.0, bottom - 1.0] {
        d.line(Point::new(PILE.0, y), Point::new(PILE.1, y), Stroke::solid(FAINT, 0.3));
    }
    let area = Rect::new(PILE.0, spot.bottom() + 6.0, PILE.1 - PILE.0, field - 5.0 - spot.bottom() - 6.0);
    let items = [
        entry("Push:", "a card strictly higher than the top card."),
        entry("Beat-Back:", "the same rank, suit equal or higher; the card now on top leads."),
        entry("Spoils:", "at the end the whole Pile, face-down cards too, is the winners' to spend by suit."),
        entry("Deck and Trash:", "beside the mat. Discards go to the Trash, face up, never to the Pile."),
    ];
    write(d, area, &items, 9.0, 6.0, inks);
}

/// A card of the worked example, `w` wide, at `at`: its rank in the corner and its suit large.
fn card(d: &mut Drawing, at: Rect, card: Card) {
    d.rounded_rect(at, 1.6, Some(Ink::White), Some(Stroke::solid(INK, 0.4)));
    let ink = match card.suit {
        Suit::Hearts | Suit::Diamonds => Ink::Rgb(190, 30, 40),
        Suit::Spades | Suit::Clubs => INK,
    };
    d.text(at.x + 2.0, at.y + 2.0 + cap_height(9.0), 9.0, Face::Bold, ink, Align::Left, card.rank.label());
    let big = 20.0;
    let c = at.centre();
    d.text(c.x, c.y + cap_height(big) / 2.0 + 1.5, big, Face::Regular, ink, Align::Centre, &card.suit.symbol().to_string());
}

/// The Strike Range check: the worked example, then the rule and its special cases.
fn check(d: &mut Drawing, bottom: f32, inks: Inks) {
    let centre = (CHECK.0 + CHECK.1) / 2.0;
    d.text(centre, TOP + 5.2, 12.0, Face::Bold, ACCENT, Align::Centre, "STRIKE RANGE CHECK");
    let (w, h, gap) = (19.0, 26.0, 9.5);
    let y = TOP + 10.0;
    let x0 = CHECK.0 + (CHECK.1 - CHECK.0 - 3.0 * w - 2.0 * gap) / 2.0;
    let boxes = [Rect::new(x0, y, w, h), Rect::new(x0 + w + gap, y, w, h), Rect::new(x0 + 2.0 * (w + gap), y, w, h)];
    card(d, boxes[0], PLAYED);
    card(d, boxes[1], BEATEN);
    let diff = difference(PLAYED, BEATEN);
    d.rounded_rect(boxes[2], 1.6, None, Some(Stroke::solid(ACCENT, 0.7)));
    let big = 22.0;
    let result = boxes[2].centre();
    d.text(result.x, result.y + cap_height(big) / 2.0, big, Face::Bold, ACCENT, Align::Centre, &diff.to_string());
    let mid = y + h / 2.0 + cap_height(16.0) / 2.0;
    d.text(boxes[0].right() + gap / 2.0, mid, 16.0, Face::Bold, INK, Align::Centre, "−");
    d.text(boxes[1].right() + gap / 2.0, mid, 16.0, Face::Bold, INK, Align::Centre, "=");
    for (r, words) in boxes.iter().zip(["played", "beaten", "difference"]) {
        d.text(r.centre().x, r.bottom() + 4.0, 7.0, Face::Regular, SOFT, Align::Centre, words);
    }
    let range = PilotSheet::named("").fight;
    let strife = Micro::Strife.name();
    let example = format!(
        "{PLAYED} on {BEATEN}: {} − {} = {diff}. With our default Strike Range of {range}, a pilot may play it but adds a {strife}; a Coach whose range is {range} may not play it.",
        PLAYED.rank.value(),
        BEATEN.rank.value(),
    );
    let items = [
        para(example),
        entry("Difference:", "the value of the card played minus the value of the card it beats."),
        entry("Within range:", "a difference no greater than the Strike Range: equal is fine."),
        entry("Beyond, a pilot:", format!("a {strife} with her name goes into the Payload at the pilots. The card stays.")),
        entry("Beyond, the Coach:", "never allowed."),
        entry(
            "Strike Range:",
            "a pilot's Commitment to the Fight, plus any Strike-Assists she holds (one per Strike token; they may be negative). The Coach's: the Ratings of his Threats in the fight, added up.",
        ),
        entry(
            "Special cases:",
            format!(
                "an Ace on a J, Q or K: {}. A Two on an Ace: {}. No check for a Beat-Back or a Push on an empty Pile.",
                difference(Card::new(Rank::Ace, Suit::Clubs), Card::new(Rank::King, Suit::Clubs)),
                difference(Card::new(Rank::Two, Suit::Clubs), Card::new(Rank::Ace, Suit::Clubs)),
            ),
        ),
        entry("At initiative:", "the top card against the card just under it, for a pilot only; the Coach's top card is never checked."),
    ];
    // This fight's pilots' leader and the Coach's range, written at the foot.
    let field = bottom - 13.0;
    let end = CHECK.0 + d.text(CHECK.0, field + 3.0, 8.0, Face::Bold, INK, Align::Left, "Pilots' leader");
    d.line(Point::new(end + 2.0, field + 3.5), Point::new(CHECK.1, field + 3.5), Stroke::solid(FAINT, 0.3));
    d.rect(Rect::new(CHECK.1 - 10.0, bottom - 8.0, 10.0, 8.0), None, Some(Stroke::solid(INK, 0.4)));
    let end = CHECK.0 + d.text(CHECK.0, bottom - 2.2, 8.0, Face::Bold, INK, Align::Left, "Coach's Strike Range");
    d.text(end + 1.5, bottom - 2.2, 7.0, Face::Regular, SOFT, Align::Left, "this fight");
    let area_top = y + h + 8.0;
    write(d, Rect::new(CHECK.0, area_top, CHECK.1 - CHECK.0, field - 5.0 - area_top), &items, 9.0, 6.0, inks);
}
