//! What the lab page shows: the settings, the run's progress with its Stop button, and the
//! report as it fills in (a matchup heat map with confidence intervals, the first seat's
//! advantage, a histogram of game lengths with its text, what stands out, the CSV and the link).

use super::{Lab, MAX_GAMES, Progress, from_hash, to_hash};
use dojo_bot::Level;
use dojo_lab::stats::Rate;
use dojo_lab::{Plan, Report};
use leptos::prelude::*;

/// The settings a lab page opens with when its address holds none.
fn usual(sides: usize) -> Plan {
    Plan { sides: (0..sides).collect(), levels: [Level::Easy; 2], games: 20, seed: 1 }
}

/// The page: settings, progress and report.
#[component]
pub fn LabView(title: &'static str, game: &'static str, names: Vec<String>, lab: Lab, start: Callback<Plan>) -> impl IntoView {
    let count = names.len();
    let from_link = from_hash(&crate::browser::hash(), count, MAX_GAMES);
    let first = match &from_link {
        Some(Ok(plan)) => plan.clone(),
        Some(Err(why)) => {
            lab.error.set(Some(why.clone()));
            usual(count)
        }
        None => usual(count),
    };
    let chosen = RwSignal::new((0..count).map(|s| first.sides.contains(&s)).collect::<Vec<bool>>());
    let levels = RwSignal::new(first.levels);
    let games = RwSignal::new(first.games);
    let seed = RwSignal::new(first.seed);
    let plan = move || Plan {
        sides: chosen.get().iter().enumerate().filter(|(_, on)| **on).map(|(s, _)| s).collect(),
        levels: levels.get(),
        games: games.get(),
        seed: seed.get(),
    };
    let run = move || {
        let p = plan();
        crate::browser::replace_hash(&to_hash(&p));
        start.run(p);
    };
    let link = move || format!("{}/lab/{game}#{}", crate::browser::origin(), to_hash(&plan()));
    let names_for_form = names.clone();
    let level_select = move |which: usize, label: &'static str| {
        view! {
            <label>{label}" "
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
    view! {
        <div class="lab" data-testid="lab">
            <h1>{format!("{title} balance lab")}</h1>
            <p class="lede">"The computer plays every pair of the sides you choose against each other, seats swapped every game, and the table fills in as the games come back. Runs stay on this device; the link below reruns the same games anywhere."</p>
            {move || lab.error.get().map(|e| view! { <p class="notice" role="alert" data-testid="lab-error">{e}</p> })}
            <form class="lab-settings" on:submit=move |ev| { ev.prevent_default(); run(); }>
                <fieldset>
                    <legend>"Sides to compare"</legend>
                    {names_for_form.iter().enumerate().map(|(i, name)| view! {
                        <label><input type="checkbox" data-testid=format!("lab-side-{}", i + 1) prop:checked=move || chosen.get()[i]
                            on:change=move |ev| chosen.update(|c| c[i] = event_target_checked(&ev))/>{format!(" {name}")}</label>
                    }).collect_view()}
                </fieldset>
                <fieldset>
                    <legend>"The computer"</legend>
                    {level_select(0, "First side of each pair:")}
                    {level_select(1, "Second side:")}
                    <p class="hint">"A pair's first side is the one listed first above."</p>
                </fieldset>
                <fieldset>
                    <legend>"Games"</legend>
                    <label>"Games per pair: "<input type="number" min="1" max=MAX_GAMES.to_string() data-testid="lab-games" prop:value=move || games.get().to_string()
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
            {move || lab.report.get().map(|r| report_view(r, game))}
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
        format!("Done: {} games at {:.1} a second.", p.done, p.rate())
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
                <td style=heat(r.share) title=format!("95% interval {:.0}–{:.0}%, {} games", r.low * 100.0, r.high * 100.0, r.games)>
                    <span class="share">{format!("{:.0}%{mark}", r.share * 100.0)}</span>
                    <span class="interval">{format!("{:.0}–{:.0}", r.low * 100.0, r.high * 100.0)}</span>
                </td>
            }
            .into_any()
        }
    }
}

/// The report: the table, the figures, the lengths, the notes, the CSV.
fn report_view(r: Report, game: &'static str) -> impl IntoView {
    let csv = format!("data:text/csv;charset=utf-8,{}", String::from(js_sys::encode_uri_component(&r.csv())));
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
    let overall = r.names.iter().zip(&r.overall).map(|(n, rate)| view! { <li>{format!("{n}: {}", rate.text())}</li> }).collect_view();
    let notes = r.notes.iter().map(|n| view! { <li>{n.clone()}</li> }).collect_view();
    let lengths = lengths_view(&r);
    view! {
        <section class="lab-report" data-testid="lab-report" data-games=r.games>
            <h2>"Matchups"</h2>
            <div class="table-scroll">
                <table class="lab-table" data-testid="lab-table">
                    <caption>"The row side's share of wins against the column side (a draw counts half), with its 95% interval. ≈: could still be chance (the interval includes 50%)."</caption>
                    <thead><tr><th></th>{header}</tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <ul class="lab-figures" data-testid="lab-figures">
                <li>{format!("Games: {}, draws: {}{}.", r.games, r.draws, if r.unfinished > 0 { format!(" ({} cut off)", r.unfinished) } else { String::new() })}</li>
                <li data-testid="lab-first-seat">{format!("The first seat scored {}{}.", r.first_seat.text(), if r.first_seat.significant() { "" } else { ", which could be chance" })}</li>
                {overall}
            </ul>
            <h2>"What stands out"</h2>
            <ul data-testid="lab-notes">{notes}</ul>
            <h2>"How long games last"</h2>
            {lengths}
            <p><a class="button" data-testid="lab-csv" href=csv download=format!("{game}-lab.csv")>"Download the matchups (CSV)"</a></p>
        </section>
    }
}

/// The game lengths as an SVG histogram, with the same figures as text for screen readers.
fn lengths_view(r: &Report) -> AnyView {
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
    let text =
        r.lengths.iter().map(|(from, to, count)| view! { <li>{format!("{from} to {to} rounds: {count} games")}</li> }).collect_view();
    view! {
        <figure class="lab-lengths" data-testid="lab-lengths">
            <svg viewBox="0 0 100 52" role="img" aria-labelledby="lab-lengths-caption" preserveAspectRatio="none">{rects}</svg>
            <figcaption id="lab-lengths-caption">{format!("Game lengths in rounds, {} games, mean {:.1}.", r.games, r.mean_length)}</figcaption>
            <ul class="visually-hidden">{text}</ul>
        </figure>
    }
    .into_any()
}
