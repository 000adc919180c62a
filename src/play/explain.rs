//! "What the computer expected": the computer's decision with what its search expected, and
//! the panels that say it after a reveal and at the end of a match. All of it runs in the game's
//! lab module, which the play page fetches only once the person turns explanations on: the
//! computer then decides and explains there ([`answer`], on the page's own thread, within the
//! usual 300 ms budget), and the page hands it the match's explanations as text to put in words
//! ([`why_html`]). The play module itself only keeps
//! that text, so the play pages stay within their download budget.
//!
//! What is shown names nothing the person could not see: the computer's options in
//! [`crate::play::OnSite::option_words`]'s public words (only what it played, where options would
//! tell a hidden hand), and of its guesses at the person's choice only the options the person
//! truly had, named from the person's own view.
//!
//! The page's text is lines of tab-separated fields:
//! - `N` seat, name (every seat); `Y` seat (the one person at a table of computers); `Q` step
//!   (the step whose panel to draw); `L` game, replay piece (the finished match's link);
//! - `S` step, seat: a computer's decision at that step, followed by its worker's lines
//!   ([`Thought::to_wire`] without the action): `P` words, `M` share and words, `E` seat, share,
//!   chances and action (JSON);
//! - `V` step, seat, view (JSON): a person's own view when they chose; `C` step, seat, action
//!   (JSON): what they chose.

use super::think::Request;
use dojo_bot::{Level, SearchHints, TimeBudget};
use dojo_engine::{Game, Rng, Seat};
use std::fmt::Write;

/// What the computer expected of each other seat choosing with it: each option (an action,
/// or its words), how likely it thought it and its own chances after it, in hundredths.
pub type Guesses<O> = Vec<(Seat, Vec<(O, u8, u8)>)>;

/// A worker's answer: the action, and what the computer expected when the page asked. It
/// travels as lines of text ([`Thought::to_wire`]): the action as JSON, then one line per
/// expectation, which keeps the play modules free of a reader for nested lists.
#[derive(Debug, PartialEq)]
pub struct Thought<G: Game> {
    /// The action chosen.
    pub action: G::Action,
    /// What the computer expected of its own options, in words that tell nothing hidden.
    pub why: Option<Why>,
    /// What it expected of each seat choosing with it, as actions, with how likely it thought
    /// each and its chances after it (hundredths): the page keeps of a person's only the
    /// options that person had, and names them from the person's own view ([`told`]).
    pub expected: Guesses<G::Action>,
}

impl<G: Game> Thought<G> {
    /// The answer as text: the action's JSON on the first line; then, when explained, `P` and
    /// the words of what was played, an `M` line per option of its own (share, words) and an
    /// `E` line per option it expected of another seat (seat, share, chances, action's JSON),
    /// fields apart by tabs (a tab or line break in the words becomes a space).
    pub fn to_wire(&self) -> Result<String, String> {
        let json = |a: &G::Action| dojo_engine::json::to_string(a).map_err(|e| e.to_string());
        // A name typed by a person could hold a tab or a line break: the wire never does.
        let plain = |words: &str| words.replace(['\t', '\n'], " ");
        let mut out = json(&self.action)?;
        if let Some(why) = &self.why {
            out.push_str(&format!("\nP\t{}", plain(&why.played)));
            for (words, share) in &why.mine {
                out.push_str(&format!("\nM\t{share}\t{}", plain(words)));
            }
        }
        for (seat, lines) in &self.expected {
            for (action, share, chances) in lines {
                out.push_str(&format!("\nE\t{}\t{share}\t{chances}\t{}", seat.index(), json(action)?));
            }
        }
        Ok(out)
    }

    /// Reads [`Thought::to_wire`]'s text back; `seat` is the computer's (the wire leaves it
    /// out, and the step, which the page fills in).
    pub fn from_wire(text: &str, seat: Seat) -> Result<Self, String> {
        let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
        let action = dojo_engine::json::from_str(first).map_err(|e| format!("the computer's answer cannot be read: {e}"))?;
        let (why, expected) = Thought::<G>::expectations(rest, seat)?;
        Ok(Thought { action, why, expected })
    }

    /// Reads the wire's lines after the action (`P`, `M` and `E`; see [`Thought::to_wire`]).
    pub fn expectations(lines: &str, seat: Seat) -> Result<(Option<Why>, Guesses<G::Action>), String> {
        let bad = |what: &str| format!("the computer's answer cannot be read: {what}");
        let (mut why, mut expected): (Option<Why>, Guesses<G::Action>) = (None, Vec::new());
        for line in lines.split('\n').filter(|l| !l.is_empty()) {
            let mut fields = line.split('\t');
            let number = |f: Option<&str>| f.and_then(|n| n.parse::<u8>().ok()).ok_or_else(|| bad(line));
            match fields.next() {
                Some("P") => {
                    let played = fields.next().unwrap_or_default().into();
                    why = Some(Why { step: 0, seat, played, mine: Vec::new(), theirs: Vec::new(), chosen: Vec::new() });
                }
                Some("M") => {
                    let share = number(fields.next())?;
                    why.get_or_insert_with(|| Why {
                        step: 0,
                        seat,
                        played: String::new(),
                        mine: Vec::new(),
                        theirs: Vec::new(),
                        chosen: Vec::new(),
                    })
                    .mine
                    .push((fields.next().unwrap_or_default().into(), share));
                }
                Some("E") => {
                    let other = Seat(number(fields.next())?);
                    let (share, chances) = (number(fields.next())?, number(fields.next())?);
                    let action = dojo_engine::json::from_str(fields.next().unwrap_or_default()).map_err(|e| bad(&e.to_string()))?;
                    match expected.iter_mut().find(|(s, _)| *s == other) {
                        Some((_, list)) => list.push((action, share, chances)),
                        None => expected.push((other, vec![(action, share, chances)])),
                    }
                }
                _ => return Err(bad(line)),
            }
        }
        Ok((why, expected))
    }
}

/// What the computer expected when it chose, for the page to show after the reveal: every
/// option in the words of [`crate::play::OnSite::option_words`], which name nothing a seat holds
/// hidden, so options alike in public merge into one line. Shares and chances are whole
/// hundredths.
#[derive(Clone, Debug, PartialEq)]
pub struct Why {
    /// The step (from 0) it was chosen at.
    pub step: usize,
    /// The computer's seat.
    pub seat: Seat,
    /// What it played.
    pub played: String,
    /// Its options, likeliest first, each with how often it would have played it.
    pub mine: Vec<(String, u8)>,
    /// The people choosing at the same moment, each with the options they had as the computer
    /// expected them: how likely, and the computer's chances (0 to 100) should they take it.
    /// Empty when it weighed only its own options.
    pub theirs: Guesses<String>,
    /// What the person in each of those seats actually chose, filled in by the page once the
    /// step is played.
    pub chosen: Vec<(Seat, String)>,
}

/// `share` (0 to 1) in whole hundredths.
fn hundredths(share: f64) -> u8 {
    (share * 100.0).round().clamp(0.0, 100.0) as u8
}

/// Merges `(words, share, chances)` lines with the same words: shares add up, chances are
/// averaged by share. Likeliest first.
fn merged(lines: impl Iterator<Item = (String, f64, f64)>) -> Vec<(String, f64, f64)> {
    let mut out: Vec<(String, f64, f64)> = Vec::new();
    for (words, share, chances) in lines {
        match out.iter_mut().find(|(w, _, _)| *w == words) {
            Some(line) => {
                let total = line.1 + share;
                line.2 = if total > 0.0 { (line.2 * line.1 + chances * share) / total } else { chances };
                line.1 = total;
            }
            None => out.push((words, share, chances)),
        }
    }
    likeliest_first(&mut out, |line| line.1);
    out
}

/// Orders `lines` by `share`, the largest first, keeping the order of equal ones (an insertion
/// sort: the lists are short, and it spares each play module a general sort of its own).
pub fn likeliest_first<L>(lines: &mut [L], share: impl Fn(&L) -> f64) {
    for i in 1..lines.len() {
        let mut j = i;
        while j > 0 && share(&lines[j - 1]) < share(&lines[j]) {
            lines.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// What a search expected, in public words: see [`Why`].
pub fn why<T: crate::play::OnSite>(
    view: &<T::G as Game>::View,
    seat: Seat,
    step: usize,
    action: &<T::G as Game>::Action,
    explained: &dojo_bot::Explained<<T::G as Game>::Action>,
) -> Why {
    let words = |s: Seat, a: &<T::G as Game>::Action| T::option_words(view, s, a);
    let played = words(seat, action);
    let hidden = T::hides_options(view);
    let mine = merged(explained.strategy.weights.iter().map(|(a, p)| {
        let named = words(seat, a);
        // Hidden options stay unnamed: only what was played is shown by the reveal.
        let named = if hidden && named != played { "another choice".to_string() } else { named };
        (named, *p, 0.0)
    }));
    Why { step, seat, played, mine: mine.into_iter().map(|(w, p, _)| (w, hundredths(p))).collect(), theirs: Vec::new(), chosen: Vec::new() }
}

/// What a search expected of the other seats, as the worker sends it: see [`Thought::expected`].
pub fn expected<A: Clone>(explained: &dojo_bot::Explained<A>) -> Guesses<A> {
    explained
        .others
        .iter()
        .map(|(seat, lines)| (*seat, lines.iter().map(|e| (e.action.clone(), hundredths(e.share), hundredths(e.payoff))).collect()))
        .collect()
}

/// What the computer expected of the person in `seat`, kept to the options they had (`legal`:
/// it guessed at cards they may not hold, and its guesses are not the page's to show) and named
/// from their own `view`; options alike in words merge.
pub fn told<T: crate::play::OnSite>(
    view: &<T::G as Game>::View,
    seat: Seat,
    legal: &[<T::G as Game>::Action],
    lines: &[(<T::G as Game>::Action, u8, u8)],
) -> Vec<(String, u8, u8)> {
    let kept =
        lines.iter().filter(|(a, _, _)| legal.contains(a)).map(|(a, p, c)| (T::option_words(view, seat, a), f64::from(*p), f64::from(*c)));
    merged(kept).into_iter().map(|(w, p, c)| (w, p.round().min(100.0) as u8, c.round().min(100.0) as u8)).collect()
}

/// Answers `request` as [`super::think::answer_plain`] does, followed by what the computer expected when the
/// request asks ([`Thought::to_wire`]): what a game's lab module exports as `explain`, which a
/// play page whose person asked for explanations calls instead of its own workers.
pub fn answer<T: crate::play::OnSite>(request: &str, clock: fn() -> f64) -> Result<String, String>
where
    T::G: SearchHints,
{
    let request: Request<T::G> = dojo_engine::json::from_str(request).map_err(|e| format!("a request the computer cannot read: {e}"))?;
    let thought = think::<T>(
        &request.view,
        request.seat,
        request.level,
        request.seed,
        Some(super::think::budget(clock)),
        request.explain,
        usize::MAX,
    )?;
    thought.to_wire()
}

/// The computer's decision from `view` as `seat` at `level` with the dice of `seed`, and what
/// it expected when `explain` asks (at step `step`; a worker, which is not told the step,
/// leaves it for the page to fill in).
pub fn think<T: crate::play::OnSite>(
    view: &<T::G as Game>::View,
    seat: Seat,
    level: Level,
    seed: u64,
    budget: Option<TimeBudget>,
    explain: bool,
    step: usize,
) -> Result<Thought<T::G>, String>
where
    T::G: SearchHints,
{
    let mut rng = Rng::new(seed);
    let explained = level.explained_within::<T::G>(view, seat, &mut rng, budget);
    if explained.strategy.weights.is_empty() {
        return Err(format!("{seat} has nothing to decide"));
    }
    let action = explained.strategy.sample(&mut rng);
    let why = explain.then(|| why::<T>(view, seat, step, &action, &explained));
    let expected = if explain { expected(&explained) } else { Vec::new() };
    Ok(Thought { action, why, expected })
}

/// One step's explanation as the page's text gives it, before it is put in words.
struct Decision<G: Game> {
    /// What the computer expected, in words (its own options).
    why: Why,
    /// What it expected of the others, as actions.
    expected: Guesses<G::Action>,
}

/// The page's text read: names, the lone person, the step to show, the replay link and every
/// decision explained, with what each person saw and chose.
struct Reading<G: Game> {
    names: Vec<String>,
    you: Option<Seat>,
    show: Option<usize>,
    link: Option<(String, String)>,
    over: bool,
    decisions: Vec<Decision<G>>,
    seen: Vec<(usize, Seat, G::View)>,
    chose: Vec<(usize, Seat, G::Action)>,
}

/// Reads the page's text (see the module's summary); a line it cannot read is skipped, so a
/// page and a lab module of different builds show less rather than nothing.
fn read<G: Game>(text: &str) -> Reading<G> {
    let mut r = Reading {
        names: Vec::new(),
        you: None,
        show: None,
        link: None,
        over: false,
        decisions: Vec::new(),
        seen: Vec::new(),
        chose: Vec::new(),
    };
    for line in text.split('\n') {
        let mut f = line.split('\t');
        let kind = f.next().unwrap_or_default();
        let mut field = || f.next().unwrap_or_default();
        let seat = |n: &str| n.parse::<u8>().ok().map(Seat);
        match kind {
            "N" => {
                if let Some(s) = seat(field()) {
                    r.names.resize(r.names.len().max(s.index() + 1), String::new());
                    r.names[s.index()] = field().to_string();
                }
            }
            "Y" => r.you = seat(field()),
            "Q" => r.show = field().parse().ok(),
            "O" => r.over = true,
            "L" => r.link = Some((field().to_string(), field().to_string())),
            "S" => {
                if let (Ok(step), Some(s)) = (field().parse::<usize>(), seat(field())) {
                    let why = Why { step, seat: s, played: String::new(), mine: Vec::new(), theirs: Vec::new(), chosen: Vec::new() };
                    r.decisions.push(Decision { why, expected: Vec::new() });
                }
            }
            "P" | "M" | "E" => {
                let Some(d) = r.decisions.last_mut() else { continue };
                if let Ok((why, expected)) = Thought::<G>::expectations(line, d.why.seat) {
                    if let Some(w) = why {
                        if kind == "P" {
                            d.why.played = w.played;
                        }
                        d.why.mine.extend(w.mine);
                    }
                    for (s, lines) in expected {
                        match d.expected.iter_mut().find(|(x, _)| *x == s) {
                            Some((_, list)) => list.extend(lines),
                            None => d.expected.push((s, lines)),
                        }
                    }
                }
            }
            "V" | "C" => {
                let (step, s) = (field().parse::<usize>().ok(), seat(field()));
                let json = field();
                if let (Some(step), Some(s)) = (step, s) {
                    if kind == "V" {
                        if let Ok(v) = dojo_engine::json::from_str(json) {
                            r.seen.push((step, s, v));
                        }
                    } else if let Ok(a) = dojo_engine::json::from_str(json) {
                        r.chose.push((step, s, a));
                    }
                }
            }
            _ => {}
        }
    }
    r
}

/// Every decision of `reading` in words, with what each person had and chose filled in.
fn whys<T: crate::play::OnSite>(reading: &Reading<T::G>) -> Vec<Why>
where
    T::G: SearchHints,
{
    reading
        .decisions
        .iter()
        .map(|d| {
            let mut why = d.why.clone();
            for (step, seat, view) in reading.seen.iter().filter(|(step, _, _)| *step == why.step) {
                // The person's options, from what they saw alone.
                let legal = T::G::determinize(view, &mut Rng::new(1)).legal_actions(*seat);
                let lines = d.expected.iter().find(|(s, _)| s == seat).map_or(&[][..], |(_, l)| &l[..]);
                why.theirs.push((*seat, told::<T>(view, *seat, &legal, lines)));
                if let Some((_, _, a)) = reading.chose.iter().find(|(st, s, _)| st == step && s == seat) {
                    why.chosen.push((*seat, T::option_words(view, *seat, a)));
                }
            }
            why
        })
        .collect()
}

/// `text` made safe inside HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A seat as the panels name it: "you" for the one person at a table of computers.
fn called(reading_names: &[String], you: Option<Seat>, seat: Seat) -> String {
    if you == Some(seat) { "you".into() } else { escape(reading_names.get(seat.index()).map_or("", String::as_str)) }
}

/// The panel for the step the page's text asks about (`Q`), as HTML: what the computer played
/// and how often it would have played each of its options, how likely it thought each option
/// of each person choosing with it and its chances after each, and the one it feared most;
/// then, at the end of a match (`O`), its costliest choices. Empty when there is nothing to say.
pub fn why_html<T: crate::play::OnSite>(text: &str) -> String
where
    T::G: SearchHints,
{
    let reading = read::<T::G>(text);
    let whys = whys::<T>(&reading);
    let shown: Vec<&Why> = whys.iter().filter(|w| Some(w.step) == reading.show).collect();
    let end = if reading.over { costliest(&reading, &whys) } else { String::new() };
    if shown.is_empty() {
        return end;
    }
    let mut html = String::from("<section class=\"why\" data-testid=\"why\" aria-live=\"polite\"><h2>What the computer expected</h2>");
    for w in shown {
        let mine: Vec<String> = w.mine.iter().map(|(words, p)| format!("{} {p}%", escape(words))).collect();
        let _ = write!(
            html,
            "<p data-testid=\"why-played\">{} played {}. It would have played: {}.</p>",
            called(&reading.names, None, w.seat),
            escape(&w.played),
            mine.join(", ")
        );
        let mut told_any = false;
        for (seat, lines) in w.theirs.iter().filter(|(_, lines)| !lines.is_empty()) {
            told_any = true;
            let who = called(&reading.names, reading.you, *seat);
            let _ = write!(html, "<p>It expected {who} to choose:</p><ul class=\"why-list\">");
            for (words, p, c) in lines {
                let _ = write!(html, "<li>{}: {p}% likely; its chances then {c} in 100</li>", escape(words));
            }
            html.push_str("</ul>");
            if let Some((words, _, c)) = lines.iter().filter(|(_, p, _)| *p > 0).min_by_key(|(_, _, c)| *c) {
                let _ = write!(
                    html,
                    "<p class=\"why-fear\" data-testid=\"why-fear\">What it feared most: {who} choosing {}, which left it {c} chances in 100.</p>",
                    escape(words)
                );
            }
        }
        if !told_any {
            html.push_str(if w.theirs.is_empty() {
                "<p>Nobody at this device was choosing at the same moment.</p>"
            } else {
                "<p>It weighed only its own options this time, with no guess at yours.</p>"
            });
        }
    }
    html.push_str("</section>");
    html + &end
}

/// The end of a match's panel, as HTML (what [`why_html`] adds once the text says the match is
/// over, `O`): the two or three choices after which the computer thought a person's chances
/// fell the most against their best option, each linked to that step of the replay when the
/// text holds the link (`L`). Empty when no choice cost anything.
fn costliest<G: Game>(reading: &Reading<G>, whys: &[Why]) -> String {
    // (the computer's gain, step, who, what they chose, the better choice)
    let mut costs: Vec<(u8, usize, Seat, String, String)> = Vec::new();
    for w in whys {
        for (seat, chose) in &w.chosen {
            let Some((_, lines)) = w.theirs.iter().find(|(s, _)| s == seat) else { continue };
            let (Some((_, _, then)), Some((best, _, low))) =
                (lines.iter().find(|(words, _, _)| words == chose), lines.iter().min_by_key(|(_, _, c)| *c))
            else {
                continue;
            };
            if then > low {
                costs.push((then - low, w.step, *seat, chose.clone(), best.clone()));
            }
        }
    }
    if costs.is_empty() {
        return String::new();
    }
    likeliest_first(&mut costs, |c| f64::from(c.0));
    costs.truncate(3);
    let mut html = String::from("<section class=\"why\" data-testid=\"costliest\"><h2>Where the computer thought the game turned</h2><ol>");
    for (gain, step, seat, chose, best) in costs {
        let _ = write!(
            html,
            "<li>Step {}: {} chose {}; the computer thought {} would have left it {gain} fewer chances in 100.",
            step + 1,
            called(&reading.names, reading.you, seat),
            escape(&chose),
            escape(&best)
        );
        if let Some((game, piece)) = &reading.link {
            let _ = write!(
                html,
                " <a href=\"/watch/{}?step={}#{}\" data-testid=\"costly-link\">See it in the replay</a>",
                escape(game),
                step + 1,
                escape(piece)
            );
        }
        html.push_str("</li>");
    }
    html.push_str("</ol></section>");
    html
}

#[cfg(test)]
#[path = "explain_tests.rs"]
mod tests;
