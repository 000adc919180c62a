//! The TAUNT table for more than two fighters, readable on a phone: a compact panel per fighter
//! (damage and mode, or blood; charge; block tokens; knocked down; disabled cards; face-down
//! combo cards; out of the circle or Team Spirit), and where everyone stands. A circle lists its
//! fighters in seat order with the Near or Far marker between each pair of neighbours (and a
//! drawn ring on wide screens); a Team Battle shows the two halves of the Dojo, with Team
//! Spirits apart. Public information only.
//!
//! Who neighbours whom is worked out from the view as the engine does: seat order, skipping the
//! fighters out of the circle, the last seat next to the first.

use super::board::corner_state;
use dojo_engine::Seat;
use dojo_games::taunt::{Battle, Half, Position, TauntView};
use leptos::prelude::*;

/// The seats still in the fight, in seat order (a circle's fighters, or a Team Battle's
/// fighters who are not Team Spirits).
pub fn standing(v: &TauntView) -> Vec<usize> {
    (0..v.corners.len()).filter(|s| !v.corners.0[*s].out).collect()
}

/// The next fighter still in the circle after seat `s` (the last seat's next is the first).
pub fn next_in_circle(v: &TauntView, s: usize) -> usize {
    let n = v.corners.len();
    (1..n).map(|k| (s + k) % n).find(|o| !v.corners.0[*o].out).unwrap_or(s)
}

/// The fighter still in the circle before seat `s`.
pub fn prev_in_circle(v: &TauntView, s: usize) -> usize {
    let n = v.corners.len();
    (1..n).map(|k| (s + n - k) % n).find(|o| !v.corners.0[*o].out).unwrap_or(s)
}

/// The marker between seat `s` and the next fighter in the circle: its own marker, or the one
/// Position once only two are left.
pub fn marker_after(v: &TauntView, s: usize) -> Position {
    if standing(v).len() <= 2 { v.position } else { v.markers.get(s).copied().unwrap_or_default() }
}

/// How far apart fighters `a` and `b` stand as the view shows it: the one Position when they
/// share it, their marker in a circle, their halves in a Team Battle.
pub fn distance(v: &TauntView, a: usize, b: usize) -> Position {
    match v.battle {
        Battle::Team => {
            if v.halves.get(a) == v.halves.get(b) {
                Position::Near
            } else {
                Position::Far
            }
        }
        Battle::FreeForAll | Battle::LastStanding if standing(v).len() > 2 => {
            if next_in_circle(v, a) == b {
                marker_after(v, a)
            } else {
                marker_after(v, b)
            }
        }
        _ => v.position,
    }
}

/// Team Battle: seat `s`'s team, 1 or 2.
pub fn team_of(v: &TauntView, s: usize) -> usize {
    s * 2 / v.corners.len().max(1) + 1
}

/// Team Battle: seat `s`'s teammate.
pub fn teammate(v: &TauntView, s: usize) -> Option<usize> {
    (v.battle == Battle::Team).then(|| (0..v.corners.len()).find(|o| *o != s && team_of(v, *o) == team_of(v, s))).flatten()
}

fn half_name(half: Half) -> &'static str {
    match half {
        Half::Left => "Left half",
        Half::Right => "Right half",
    }
}

fn name(names: &[String], s: usize) -> String {
    names.get(s).cloned().unwrap_or_else(|| format!("Player {}", s + 1))
}

/// One fighter's panel.
fn panel(v: &TauntView, names: &[String], s: usize) -> impl IntoView + use<> {
    let c = v.corners.0[s];
    let card = c.fighter.card();
    let n = s + 1;
    let out = c.out.then(|| if v.battle == Battle::Team { "Team Spirit" } else { "Out of the circle" });
    let place = match v.battle {
        Battle::Team => {
            let half = if c.out { "out of the Dojo".to_string() } else { v.halves.get(s).map_or("", |h| half_name(*h)).to_string() };
            format!("Team {} · {half}", team_of(v, s))
        }
        _ => format!("Seat {n}"),
    };
    let queued = v.queued.0.get(s).copied().unwrap_or(0);
    let disabled = c.disabled;
    // Three disabled cards lose only a fighter still fighting, and never a Wampire (its cards
    // come back at the end of each turn).
    let disabled_label =
        if c.out || v.options.wampires { format!("Disabled ({})", disabled.len()) } else { format!("Disabled ({} of 3)", disabled.len()) };
    view! {
        <div class="fighter-panel" class:out=c.out data-testid=format!("fighter-{n}") data-down=super::board::is_down(&c, v.options.wampires).then_some("")>
            <div class="fighter-head">
                <span class="player-name">{name(names, s)}</span>
                <span class="fighter-name">{format!("{} {}", card.name, card.face)}</span>
                <span class="wins">{place}</span>
            </div>
            {out.map(|o| view! { <span class="badge out" data-testid=format!("out-{n}")>{o}</span> })}
            {corner_state(v, &c, n, queued, disabled_label)}
        </div>
    }
}

/// A marker as a pill: its test id, and Near or Far.
fn marker(testid: String, position: Position, between: String) -> impl IntoView {
    let near = position == Position::Near;
    view! { <li class="mk" class:near=near data-testid=testid aria-label=format!("{between}: {position}")>{if near { "NEAR" } else { "FAR" }}</li> }
}

/// A circle in seat order, a marker between each pair of neighbours and the last back to the first.
fn circle_list(v: &TauntView, names: &[String]) -> impl IntoView + use<> {
    let ring = standing(v);
    let mut items = Vec::new();
    for (i, s) in ring.iter().copied().enumerate() {
        items.push(view! { <li class="who">{name(names, s)}</li> }.into_any());
        let next = next_in_circle(v, s);
        // Two fighters share one Position: one marker between them, not two.
        if ring.len() == 2 && i == 1 {
            break;
        }
        let between = format!("Between {} and {}", name(names, s), name(names, next));
        items.push(marker(format!("marker-{}", s + 1), marker_after(v, s), between).into_any());
        if i + 1 == ring.len() {
            items.push(
                view! { <li class="who again" title="Round to the first again">{format!("↺ {}", name(names, next))}</li> }.into_any(),
            );
        }
    }
    view! { <ol class="ring-list" data-testid="circle" aria-label="The circle, in seat order, with the marker between each pair of neighbours">{items}</ol> }
}

/// Where `k` fighters sit on a ring of radius 80, the first at the top, clockwise. Whole
/// numbers from a table: drawing with floats would bring a float printer (and the sines) into
/// the download for a picture.
fn ring_points(k: usize) -> &'static [(i32, i32)] {
    match k {
        2 => &[(0, -80), (0, 80)],
        3 => &[(0, -80), (69, 40), (-69, 40)],
        4 => &[(0, -80), (80, 0), (0, 80), (-80, 0)],
        5 => &[(0, -80), (76, -25), (47, 65), (-47, 65), (-76, -25)],
        6 => &[(0, -80), (69, -40), (69, 40), (0, 80), (-69, 40), (-69, -40)],
        _ => &[],
    }
}

/// The circle drawn as a ring (shown on wide screens only; the list says the same).
fn circle_ring(v: &TauntView, names: &[String]) -> impl IntoView + use<> {
    let ring = standing(v);
    let points = ring_points(ring.len());
    let at = |i: usize| points.get(i % points.len().max(1)).copied().unwrap_or((0, 0));
    let edges = (0..ring.len()).filter(|i| ring.len() > 2 || *i == 0).map(|i| {
        let (a, b) = (at(i), at(i + 1));
        let near = marker_after(v, ring[i]) == Position::Near;
        let (mx, my) = ((a.0 + b.0) / 2, (a.1 + b.1) / 2);
        view! {
            <line x1=a.0 y1=a.1 x2=b.0 y2=b.1 class=if near { "edge near" } else { "edge" }/>
            <text x=mx y=my + 4 class="edge-label">{if near { "NEAR" } else { "FAR" }}</text>
        }
    });
    let nodes = ring.iter().enumerate().map(|(i, s)| {
        let (x, y) = at(i);
        view! {
            <circle cx=x cy=y r="15" class="node"/>
            <text x=x y=y + 5 class="node-label">{(s + 1).to_string()}</text>
            <text x=x y=y + if y < 0 { -20 } else { 28 } class="node-name">{name(names, *s)}</text>
        }
    });
    view! {
        <svg class="ring-svg" viewBox="-135 -120 270 245" role="img" aria-hidden="true">
            {edges.collect_view()}
            {nodes.collect_view()}
        </svg>
    }
}

/// The two halves of the Dojo with who stands in each, and the Team Spirits apart.
fn dojo(v: &TauntView, names: &[String]) -> impl IntoView + use<> {
    let in_half = |half: Half| {
        standing(v)
            .into_iter()
            .filter(|s| v.halves.get(*s) == Some(&half))
            .map(|s| view! { <li>{format!("{} (Team {})", name(names, s), team_of(v, s))}</li> })
            .collect_view()
    };
    let spirits: Vec<String> =
        (0..v.corners.len()).filter(|s| v.corners.0[*s].out).map(|s| format!("{} (Team {})", name(names, s), team_of(v, s))).collect();
    view! {
        <div class="dojo" data-testid="dojo">
            <div class="half" data-testid="half-left"><h3>"Left half"</h3><ul>{in_half(Half::Left)}</ul></div>
            <div class="half" data-testid="half-right"><h3>"Right half"</h3><ul>{in_half(Half::Right)}</ul></div>
        </div>
        <p class="hint">"Fighters in the same half are Near; across the halves, Far."</p>
        {(!spirits.is_empty()).then(|| view! { <p class="spirits" data-testid="spirits">{format!("Team Spirits (out of the Dojo, still picking cards): {}", spirits.join(", "))}</p> })}
    }
}

/// Who left the circle, first out first.
fn out_line(v: &TauntView, names: &[String]) -> Option<String> {
    if v.out_order.is_empty() || v.battle == Battle::Team {
        return None;
    }
    let groups: Vec<String> =
        v.out_order.iter().map(|g| g.iter().map(|s: &Seat| name(names, s.index())).collect::<Vec<_>>().join(" and ")).collect();
    Some(format!("Out of the circle, first out first: {}.", groups.join(", then ")))
}

/// The table of a mode for more fighters, from `v`'s public parts.
pub fn table(v: &TauntView, names: &[String]) -> impl IntoView + use<> {
    let place = match v.battle {
        Battle::Team => dojo(v, names).into_any(),
        _ => view! { {circle_list(v, names)} {circle_ring(v, names)} }.into_any(),
    };
    let variant = if v.options.wampires { " · Wampires" } else { "" };
    view! {
        <section class="taunt-table modes-table" aria-label="Table" data-motion>
            <p class="where" data-testid="where">{format!("{}{variant} · Turn {}", v.battle.title(), v.turn)}</p>
            {place}
            <div class="crowd">{(0..v.corners.len()).map(|s| panel(v, names, s)).collect_view()}</div>
            {out_line(v, names).map(|l| view! { <p class="hint" data-testid="out-order">{l}</p> })}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_engine::Game;
    use dojo_games::taunt::{FighterId, Options, Setup, Taunt};

    fn view_of(battle: Battle, count: usize, markers: Option<Vec<Position>>) -> TauntView {
        let mut setup = Setup::new(vec![FighterId::Tuggle; count], Options { battle, best_of: 1, ..Options::default() });
        setup.markers = markers;
        Taunt::from_setup(&setup).unwrap().public_view()
    }

    #[test]
    fn neighbours_wrap_round_and_skip_the_fighters_out() {
        let mut v = view_of(Battle::LastStanding, 4, Some(vec![Position::Near, Position::Far, Position::Far, Position::Near]));
        assert_eq!((prev_in_circle(&v, 0), next_in_circle(&v, 0)), (3, 1));
        assert_eq!(distance(&v, 0, 1), Position::Near);
        assert_eq!(distance(&v, 3, 0), Position::Near);
        assert_eq!(distance(&v, 1, 2), Position::Far);
        v.corners.0[1].out = true;
        assert_eq!(next_in_circle(&v, 0), 2);
        assert_eq!(prev_in_circle(&v, 2), 0);
        assert_eq!(standing(&v), vec![0, 2, 3]);
    }

    #[test]
    fn the_last_two_share_one_position() {
        let mut v = view_of(Battle::LastStanding, 3, None);
        v.corners.0[2].out = true;
        v.position = Position::Near;
        assert_eq!(marker_after(&v, 0), Position::Near);
        assert_eq!(distance(&v, 1, 0), Position::Near);
    }

    #[test]
    fn ring_points_sit_on_the_ring() {
        for k in 2..=6 {
            let points = ring_points(k);
            assert_eq!(points.len(), k);
            for (x, y) in points {
                let r2 = x * x + y * y;
                assert!((6200..=6500).contains(&r2), "{k}: ({x}, {y})");
            }
        }
    }

    #[test]
    fn teams_are_the_two_halves_of_the_seats() {
        let v = view_of(Battle::Team, 4, None);
        assert_eq!((0..4).map(|s| team_of(&v, s)).collect::<Vec<_>>(), [1, 1, 2, 2]);
        assert_eq!(teammate(&v, 2), Some(3));
        assert_eq!(distance(&v, 0, 1), Position::Near);
        assert_eq!(distance(&v, 1, 2), Position::Far);
        assert_eq!(teammate(&view_of(Battle::FreeForAll, 4, None), 0), None);
    }
}
