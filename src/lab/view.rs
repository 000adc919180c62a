//! What the lab page shows: the settings, the run's progress with its Stop button, and the
//! report as it fills in (a matchup heat map with confidence intervals, the first seat's
//! advantage, a histogram of game lengths with its text, what stands out, the CSV and the link).

use super::{Lab, LabGame, MAX_GAMES, Progress, from_hash, to_hash};
use dojo_bot::Level;
use dojo_games::registry::{LabAsk, LabKind, LabOffer};
use dojo_lab::stats::Rate;
use dojo_lab::{Plan, Report};
use leptos::prelude::*;

/// Games a run plays when its address asks for none: per pair or option, or in all for a
/// table whose seats hold what is compared.
fn usual_games(kind: LabKind) -> u32 {
    if kind == LabKind::Holdings { 60 } else { 20 }
}

/// The settings a lab page opens with at a table of `seats` when its address holds none.
fn usual(game: &LabGame, seats: usize) -> Plan {
    let offer = (game.offer)(LabAsk::seats(seats)).ok();
    let kind = offer.as_ref().map_or(LabKind::Matchups, |o| o.kind);
    let entries = offer.map_or(0, |o| o.entries.len());
    Plan {
        kind,
        sides: (0..entries).collect(),
        levels: [Level::Easy; 2],
        games: usual_games(kind),
        seed: 1,
        seats,
        mode: String::new(),
        custom: String::new(),
    }
}

/// The page's words for each kind of comparison: its lede, the two level selects, the games.
fn words(kind: LabKind, noun: &str) -> (String, &'static str, &'static str, &'static str) {
    match kind {
        LabKind::Matchups => (
            format!(
                "The computer plays every pair of the {noun} you choose against each other, seats swapped every game, and the table fills in as the games come back."
            ),
            "First side of each pair:",
            "Second side:",
            "Games per pair: ",
        ),
        LabKind::Variants => (
            format!(
                "The computer plays the game under each of the {noun} you choose, one single game at a time with seats swapped every game, and the table compares them: who sits first, how long games last, and how the two computers fare."
            ),
            "One computer:",
            "The other:",
            "Games per option: ",
        ),
        LabKind::Holdings => (
            format!(
                "The computer plays whole tables, handing out the {noun} you choose in turn, and the table shows how often a seat holding each one wins against the average seat."
            ),
            "Seats holding them:",
            "The other seats:",
            "Games in all: ",
        ),
    }
}

/// The page: settings, progress and report.
#[component]
pub fn LabView(game: LabGame, lab: Lab, start: Callback<Plan>) -> impl IntoView {
    let from_link = from_hash(&crate::browser::hash(), game.offer, game.usual_seats, MAX_GAMES);
    let first = match &from_link {
        Some(Ok(plan)) => plan.clone(),
        Some(Err(why)) => {
            lab.error.set(Some(why.clone()));
            usual(&game, game.usual_seats)
        }
        None => usual(&game, game.usual_seats),
    };
    let seats = RwSignal::new(first.seats);
    let mode = RwSignal::new(first.mode.clone());
    // The game's own material from the link (a DRAGON PUNCH card set), if any.
    let custom = RwSignal::new(first.custom.clone());
    let ask_offer = move |mode: &str, seats: usize, custom: &str| (game.offer)(LabAsk { mode, seats, custom });
    let offer = Memo::new(move |_| {
        mode.with(|m| custom.with(|c| ask_offer(m, seats.get(), c))).unwrap_or(LabOffer {
            kind: LabKind::Matchups,
            entries: Vec::new(),
            noun: "sides",
        })
    });
    let count = offer.get_untracked().entries.len();
    let chosen = RwSignal::new((0..count).map(|s| first.sides.contains(&s)).collect::<Vec<bool>>());
    let levels = RwSignal::new(first.levels);
    let games = RwSignal::new(first.games);
    let seed = RwSignal::new(first.seed);
    let plan = move || Plan {
        kind: offer.get().kind,
        sides: chosen.get().iter().enumerate().filter(|(_, on)| **on).map(|(s, _)| s).collect(),
        levels: levels.get(),
        games: games.get(),
        seed: seed.get(),
        seats: seats.get(),
        mode: mode.get(),
        custom: custom.get(),
    };
    let run = move || {
        let p = plan();
        crate::browser::replace_hash(&to_hash(&p));
        start.run(p);
    };
    let link = move || format!("{}/lab/{}#{}", crate::browser::origin(), game.id, to_hash(&plan()));
    // Another table size: everything it offers is chosen, and the usual number of games set
    // when the way of comparing changes.
    // Another table size or way of playing: everything it offers is chosen, the table size
    // moved to one the way offers, and the usual number of games set when the way of
    // comparing changes.
    let set_table = move |new_mode: String, n: usize| {
        let before = offer.get_untracked().kind;
        let fits = |n: usize| custom.with_untracked(|c| ask_offer(&new_mode, n, c).is_ok());
        let n = if fits(n) { n } else { game.seats.iter().copied().find(|s| fits(*s)).unwrap_or(n) };
        mode.set(new_mode.clone());
        seats.set(n);
        let after = offer.get_untracked();
        chosen.set(vec![true; after.entries.len()]);
        if after.kind != before {
            games.set(usual_games(after.kind));
        }
    };
    let level_select = move |which: usize| {
        view! {
            <label>{move || { let (_, a, b, _) = words(offer.get().kind, offer.get().noun); if which == 0 { a } else { b } }}" "
                <select data-testid=format!("lab-level-{}", which + 1) on:change=move |ev| {
                    let value = event_target_value(&ev);
                    if let Some(l) = Level::ALL.into_iter().find(|l| l.label() == value) {
                        levels.update(|ls| ls[which] = l);
                    }
                }>
                    {Level::ALL.into_iter().map(|l| view! { <option value=l.label() selected=move || levels.get()[which] == l>{l.label()}</option> }).collect_view()}
                </select>
            </label>
        }
    };
    // The sets kept in this browser, offered beside ours.
    let kept = StoredValue::new((game.materials)());
    let is_kept = move |piece: &str| kept.with_value(|k| k.iter().any(|(_, p)| p == piece));
    let material_select = move || {
        (kept.with_value(|k| !k.is_empty())).then(|| {
            view! {
                <fieldset><legend>"Cards"</legend><label>"Card set: "
                    <select data-testid="lab-set" on:change=move |ev| {
                        custom.set(event_target_value(&ev));
                        chosen.set(vec![true; offer.get_untracked().entries.len()]);
                    }>
                        <option value="" selected=move || custom.with(String::is_empty)>"Ours"</option>
                        {kept.get_value().into_iter().map(|(name, piece)| {
                            let value = piece.clone();
                            view! { <option value=value selected=move || custom.with(|c| *c == piece)>{name}</option> }
                        }).collect_view()}
                        {move || custom.with(|c| !c.is_empty() && !is_kept(c)).then(|| view! { <option value=custom.get_untracked() selected>"The set in your link"</option> })}
                    </select>
                </label></fieldset>
            }
        })
    };
    let own_material = move || {
        custom.with(|c| !c.is_empty() && !is_kept(c)).then(|| {
            view! {
                <p class="notice" data-testid="lab-custom">{move || format!("These are the {} of the set in your link, not ours.", offer.get().noun)}" "
                    <button type="button" class="button subtle" data-testid="lab-ours" on:click=move |_| {
                        custom.set(String::new());
                        chosen.set(vec![true; offer.get_untracked().entries.len()]);
                    }>"Use our set instead"</button>
                </p>
            }
        })
    };
    let mode_select = (!game.modes.is_empty()).then(|| {
        view! {
            <label>"Way of playing: "
                <select data-testid="lab-mode" on:change=move |ev| set_table(event_target_value(&ev), seats.get_untracked())>
                    <option value="" selected=move || mode.with(String::is_empty)>"The usual"</option>
                    {game.modes.iter().map(|(id, name)| view! { <option value=*id selected=move || mode.with(|m| m == id)>{*name}</option> }).collect_view()}
                </select>
            </label>
        }
    });
    let table_select = (game.seats.len() > 1).then(|| {
        view! {
            <label>"Seats at the table: "
                <select data-testid="lab-seats" on:change=move |ev| {
                    if let Ok(n) = event_target_value(&ev).parse::<usize>() { set_table(mode.get_untracked(), n) }
                }>
                    {game.seats.iter().map(|n| {
                        let n = *n;
                        // A size the way of playing does not offer is shown but cannot be chosen.
                        let offered = move || mode.with(|m| custom.with(|c| ask_offer(m, n, c).is_ok()));
                        view! { <option value=n.to_string() disabled=move || !offered() selected=move || seats.get() == n>{n.to_string()}</option> }
                    }).collect_view()}
                </select>
            </label>
        }
    });
    let entries = move || {
        let o = offer.get();
        o.entries
            .into_iter()
            .enumerate()
            .map(|(i, name)| {
                view! {
                    <label><input type="checkbox" data-testid=format!("lab-side-{}", i + 1) prop:checked=move || chosen.get().get(i).copied().unwrap_or(false)
                        on:change=move |ev| chosen.update(|c| if let Some(on) = c.get_mut(i) { *on = event_target_checked(&ev) })/>{format!(" {name}")}</label>
                }
            })
            .collect_view()
    };
    view! {
        <div class="lab" data-testid="lab" data-kind=move || format!("{:?}", offer.get().kind).to_ascii_lowercase()>
            <h1>{format!("{} balance lab", game.title)}</h1>
            <p class="lede">{move || words(offer.get().kind, offer.get().noun).0}" Runs stay on this device; the link below reruns the same games anywhere."</p>
            {move || lab.error.get().map(|e| view! { <p class="notice" role="alert" data-testid="lab-error">{e}</p> })}
            {own_material}
            <form class="lab-settings" on:submit=move |ev| { ev.prevent_default(); run(); }>
                {(mode_select.is_some() || table_select.is_some()).then(|| view! { <fieldset><legend>"Table"</legend>{mode_select}{table_select}</fieldset> })}
                {material_select}
                <fieldset>
                    <legend>{move || { let noun = offer.get().noun; format!("{} to compare", crate::text::sentence(noun)) }}</legend>
                    <p class="lab-all">
                        <button type="button" class="button subtle" data-testid="lab-all" on:click=move |_| chosen.update(|c| c.iter_mut().for_each(|on| *on = true))>"All"</button>
                        <button type="button" class="button subtle" data-testid="lab-clear" on:click=move |_| chosen.update(|c| c.iter_mut().for_each(|on| *on = false))>"None"</button>
                    </p>
                    <div class="lab-entries">{entries}</div>
                </fieldset>
                <fieldset>
                    <legend>"The computer"</legend>
                    {level_select(0)}
                    {level_select(1)}
                    {move || (offer.get().kind == LabKind::Matchups).then(|| view! { <p class="hint">"A pair's first side is the one listed first above."</p> })}
                </fieldset>
                <fieldset>
                    <legend>"Games"</legend>
                    <label>{move || words(offer.get().kind, offer.get().noun).3}<input type="number" min="1" max=MAX_GAMES.to_string() data-testid="lab-games" prop:value=move || games.get().to_string()
                        on:change=move |ev| games.set(event_target_value(&ev).trim().parse::<u32>().unwrap_or(1).clamp(1, MAX_GAMES))/></label>
                    <label>"Seed: "<input type="number" min="0" data-testid="lab-seed" prop:value=move || seed.get().to_string()
                        on:change=move |ev| seed.set(event_target_value(&ev).trim().parse().unwrap_or(1))/></label>
                </fieldset>
                <p class="actions">
                    <button type="submit" class="button primary" data-testid="lab-run">"Run"</button>
                    {move || lab.progress.get().filter(|p| p.running).map(|_| view! {
                        <button type="button" class="button" data-testid="lab-stop" on:click=move |_| lab.stop()>"Stop"</button>
                    })}
                </p>
            </form>
            <p class="lab-link">
                <label>"Link to this run: "<input type="text" readonly data-testid="lab-link" prop:value=link/></label>
                <button type="button" class="button subtle" on:click=move |_| { crate::browser::copy_text(&link()); }>"Copy"</button>
            </p>
            {move || lab.progress.get().map(progress_view)}
            {move || lab.report.get().map(|r| report_view(r, game.id, game.round_word))}
        </div>
    }
}

/// The progress bar and its words.
fn progress_view(p: Progress) -> impl IntoView {
    let words = if p.running {
        format!("{} of {} games, {:.1} games a second", p.done, p.total, p.rate())
    } else if p.stopped {
        format!("Stopped after {} of {} games; the report shows those.", p.done, p.total)
    } else {
        format!("Done: {} at {:.1} a second.", games(p.done as u64), p.rate())
    };
    let who = if p.workers == 0 { "this page".to_string() } else { format!("{} workers", p.workers) };
    view! {
        <div class="lab-progress" role="status">
            <progress data-testid="lab-progress" max=p.total.to_string() value=p.done.to_string() data-done=p.done data-state=if p.running { "running" } else if p.stopped { "stopped" } else { "done" }></progress>
            <span data-testid="lab-rate" data-rate=format!("{:.2}", p.rate())>{format!("{words} ({who})")}</span>
        </div>
    }
}

/// A heat-map colour for a share: red for 0, a pale neutral for ½, green for 1.
fn heat(share: f64) -> String {
    let hue = (share.clamp(0.0, 1.0) * 120.0).round();
    let saturation = ((share - 0.5).abs() * 140.0).round();
    format!("background: hsl({hue} {saturation}% 82%)")
}

/// One cell of the table: the share, its interval, and whether it could be chance.
fn cell_view(rate: Option<Rate>) -> AnyView {
    match rate {
        None => view! { <td class="self">"—"</td> }.into_any(),
        Some(r) => {
            let mark = if r.significant() { "" } else { " ≈" };
            view! {
                <td style=heat(r.share) title=format!("95% interval {:.0}–{:.0}%, {}", r.low * 100.0, r.high * 100.0, games(r.games))>
                    <span class="share">{format!("{:.0}%{mark}", r.share * 100.0)}</span>
                    <span class="interval">{format!("{:.0}–{:.0}", r.low * 100.0, r.high * 100.0)}</span>
                </td>
            }
            .into_any()
        }
    }
}

/// The report: the table, the figures, the lengths, the notes, the CSV.
fn report_view(r: Report, game: &'static str, round_word: &'static str) -> impl IntoView {
    let csv = format!("data:text/csv;charset=utf-8,{}", String::from(js_sys::encode_uri_component(&r.csv())));
    let (heading, table) = match r.kind {
        LabKind::Matchups => ("Matchups", matchup_table(&r)),
        LabKind::Variants => ("Options compared", variant_table(&r)),
        LabKind::Holdings => ("What wins", holding_table(&r)),
    };
    let overall = (r.kind == LabKind::Matchups)
        .then(|| r.names.iter().zip(&r.overall).map(|(n, rate)| view! { <li>{format!("{n}: {}", rate.text())}</li> }).collect_view());
    let notes = r.notes.iter().map(|n| view! { <li>{n.clone()}</li> }).collect_view();
    let lengths = lengths_view(&r, round_word);
    let first_even = r.first_seat_baseline;
    view! {
        <section class="lab-report" data-testid="lab-report" data-games=r.games>
            <h2>{heading}</h2>
            <div class="table-scroll">{table}</div>
            <ul class="lab-figures" data-testid="lab-figures">
                <li>{format!("Games: {}, draws: {}{}.", r.games, r.draws, if r.unfinished > 0 { format!(" ({} cut off)", r.unfinished) } else { String::new() })}</li>
                <li data-testid="lab-first-seat">{format!(
                    "The first seat scored {}{}{}.",
                    r.first_seat.text(),
                    if r.kind == LabKind::Holdings { format!(" against {:.0}% for a seat like it", first_even * 100.0) } else { String::new() },
                    if r.first_seat.differs_from(first_even) { "" } else { ", which could be chance" }
                )}</li>
                {overall}
            </ul>
            <h2>"What stands out"</h2>
            <ul data-testid="lab-notes">{notes}</ul>
            <h2>"How long games last"</h2>
            {lengths}
            <p><a class="button" data-testid="lab-csv" href=csv download=format!("{game}-lab.csv")>"Download the figures (CSV)"</a></p>
        </section>
    }
}

/// Two sides' matchups as a heat map.
fn matchup_table(r: &Report) -> AnyView {
    let header = r.names.iter().map(|n| view! { <th scope="col">{n.clone()}</th> }).collect_view();
    let rows = r
        .cells
        .iter()
        .zip(&r.names)
        .map(|(cells, name)| {
            let cells = cells.iter().map(|c| cell_view(*c)).collect_view();
            view! { <tr><th scope="row">{name.clone()}</th>{cells}</tr> }
        })
        .collect_view();
    view! {
        <table class="lab-table" data-testid="lab-table">
            <caption>"The row side's share of wins against the column side (a draw counts half), with its 95% interval. ≈: could still be chance (the interval includes 50%)."</caption>
            <thead><tr><th></th>{header}</tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
    .into_any()
}

/// One row per variant: its games, the first computer's share, the first seat's share, draws
/// and length.
fn variant_table(r: &Report) -> AnyView {
    // Two computers at the same level: their shares only say how even they are.
    let computers = !r.same_levels;
    let rows = r
        .names
        .iter()
        .zip(&r.overall)
        .zip(&r.variants)
        .map(|((name, rate), f)| {
            view! {
                <tr>
                    <th scope="row">{name.clone()}</th>
                    <td>{rate.games}</td>
                    {computers.then(|| cell_view(Some(*rate)))}
                    {cell_view(Some(f.first_seat))}
                    <td>{f.draws}</td>
                    <td>{format!("{:.1}", f.mean_length)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="lab-table" data-testid="lab-table">
            <caption>{if computers { "Per option: the first computer's share of wins against the other, " } else { "Per option: " }}"the first seat's share of wins, draws and the mean length in rounds; each share with its 95% interval. ≈: could still be chance (the interval includes 50%)."</caption>
            <thead><tr><th></th><th scope="col">"Games"</th>{computers.then(|| view! { <th scope="col">"First computer"</th> })}<th scope="col">"First seat"</th><th scope="col">"Draws"</th><th scope="col">"Mean length"</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
    .into_any()
}

/// One row per entry held, the strongest first: how often its holders won, against the
/// average seat.
fn holding_table(r: &Report) -> AnyView {
    let mut order: Vec<usize> = (0..r.names.len()).collect();
    order.sort_by(|a, b| r.overall[*b].share.total_cmp(&r.overall[*a].share).then(a.cmp(b)));
    let baseline = r.baseline;
    let rows = order
        .into_iter()
        .map(|i| {
            let rate = r.overall[i];
            let cell = if rate.games == 0 {
                view! { <td class="self">"not held"</td> }.into_any()
            } else {
                let mark = if rate.differs_from(baseline) { "" } else { " ≈" };
                // Coloured by the distance from the average seat, not from an even share.
                let shade = (0.5 + (rate.share - baseline)).clamp(0.0, 1.0);
                view! {
                    <td style=heat(shade) title=format!("95% interval {:.0}–{:.0}%, held {} times", rate.low * 100.0, rate.high * 100.0, rate.games)>
                        <span class="share">{format!("{:.0}%{mark}", rate.share * 100.0)}</span>
                        <span class="interval">{format!("{:.0}–{:.0}", rate.low * 100.0, rate.high * 100.0)}</span>
                    </td>
                }
                .into_any()
            };
            view! { <tr><th scope="row">{r.names[i].clone()}</th><td>{rate.games}</td>{cell}</tr> }
        })
        .collect_view();
    view! {
        <table class="lab-table" data-testid="lab-table">
            <caption>{format!("How often a seat holding each won (a shared first place counts half), with its 95% interval; the average seat won {:.0}%. ≈: could still be chance (the interval includes the average). Strongest first.", baseline * 100.0)}</caption>
            <thead><tr><th></th><th scope="col">"Held"</th><th scope="col">"Its seats won"</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
    .into_any()
}

/// `n` games, in words ("1 game", "40 games").
fn games(n: impl Into<u64>) -> String {
    match n.into() {
        1 => "1 game".into(),
        n => format!("{n} games"),
    }
}

/// The caption of the lengths histogram, in the game's own unit (`round_word`, plural).
fn lengths_caption(played: u32, mean: f64, round_word: &str) -> String {
    format!("Game lengths in {round_word}, {}, mean {mean:.1}.", games(played))
}

/// The game lengths as an SVG histogram, with the same figures as text for screen readers.
fn lengths_view(r: &Report, round_word: &'static str) -> AnyView {
    let most = r.lengths.iter().map(|b| b.2).max().unwrap_or(1).max(1);
    let bars = r.lengths.len().max(1) as f64;
    let width = 100.0 / bars;
    let rects = r
        .lengths
        .iter()
        .enumerate()
        .map(|(i, (from, to, count))| {
            let h = f64::from(*count) / f64::from(most) * 40.0;
            let x = i as f64 * width;
            let label = if from == to { from.to_string() } else { format!("{from}–{to}") };
            view! {
                <g>
                    <rect x=format!("{:.2}", x + width * 0.1) y=format!("{:.2}", 44.0 - h) width=format!("{:.2}", width * 0.8) height=format!("{h:.2}") class="bar"></rect>
                    <text x=format!("{:.2}", x + width / 2.0) y="50" text-anchor="middle" class="axis">{label}</text>
                </g>
            }
        })
        .collect_view();
    let text = r
        .lengths
        .iter()
        .map(|(from, to, count)| view! { <li>{format!("{from} to {to} {round_word}: {}", games(*count))}</li> })
        .collect_view();
    view! {
        <figure class="lab-lengths" data-testid="lab-lengths">
            <svg viewBox="0 0 100 52" role="img" aria-labelledby="lab-lengths-caption" preserveAspectRatio="none">{rects}</svg>
            <figcaption id="lab-lengths-caption">{lengths_caption(r.games, r.mean_length, round_word)}</figcaption>
            <ul class="visually-hidden">{text}</ul>
        </figure>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The audit read "Game lengths in rounds" on a game counted in turns, and "1 games".
    #[test]
    fn lengths_are_told_in_the_games_own_unit_with_plurals_that_agree() {
        assert_eq!(lengths_caption(1, 12.0, "turns"), "Game lengths in turns, 1 game, mean 12.0.");
        assert_eq!(lengths_caption(40, 7.25, "breaths"), "Game lengths in breaths, 40 games, mean 7.2.");
    }
}
