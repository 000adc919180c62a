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
mod tests {
    use super::*;
    use crate::games::punish::session::PunishSite as Site;
    use dojo_games::punish::{Options, Punish, Setup};

    fn frozen_clock() -> f64 {
        0.0
    }

    #[test]
    fn the_explaining_worker_decides_as_the_plain_one_and_says_what_it_expected_only_when_asked() {
        let state = Punish::from_setup(&Setup::deal(3, Options::default())).unwrap();
        let request = |explain| {
            serde_json::to_string(&Request::<Punish> { view: state.view_for(Seat(1)), seat: Seat(1), level: Level::Hard, seed: 9, explain })
                .unwrap()
        };
        let plain = super::super::think::answer_plain::<Punish>(&request(false), frozen_clock).unwrap();
        let explained = answer::<Site>(&request(true), frozen_clock).unwrap();
        let (action, lines) = explained.split_once('\n').expect("an explanation follows the action");
        assert_eq!(action, plain, "explaining changes nothing of the decision");
        assert!(lines.starts_with("P\t"), "{lines}");
        assert_eq!(answer::<Site>(&request(false), frozen_clock).unwrap(), plain, "nothing explained unless asked");
    }

    /// Plays a match of `T` against the Easy computer with explanations on and checks each:
    /// the shares are hundredths, a game whose options would tell a hidden hand names none of
    /// the computer's but what it played, and what is kept of the person's lines names only
    /// options the person had. Returns how many explanations named the person's choice.
    fn check_explained<T: crate::play::OnSite>(setup: &<T::G as Game>::Setup, seats: usize, seed: u64) -> usize {
        let mut session = crate::play::Session::<T>::new(crate::play::Seats::against_computer(Level::Easy, seats), setup).unwrap();
        let mut rng = Rng::new(seed);
        let mut with_person = 0;
        let text = session.explained_play(&mut rng, 12);
        let whys = whys::<T>(&read::<T::G>(&text));
        assert!(!whys.is_empty(), "the computer explained itself");
        for why in whys {
            assert!(!why.played.is_empty(), "{why:?}");
            let total: u32 = why.mine.iter().map(|(_, p)| u32::from(*p)).sum();
            assert!((95..=105).contains(&total), "the computer's options add up to about 100: {why:?}");
            if T::hides_options(&session.public_view()) {
                assert!(why.mine.iter().all(|(w, _)| *w == why.played || w == "another choice"), "a hidden option named: {why:?}");
            }
            for (seat, lines) in &why.theirs {
                let chose = why.chosen.iter().find(|(s, _)| s == seat);
                assert!(lines.is_empty() || chose.is_some(), "lines kept for a seat that is no person's: {why:?}");
                if lines.iter().any(|(w, _, _)| Some(w) == chose.map(|(_, c)| c)) {
                    with_person += 1;
                }
                assert!(lines.iter().all(|(_, p, c)| *p <= 100 && *c <= 100), "{why:?}");
            }
        }
        with_person
    }

    #[test]
    fn every_game_explains_its_computer_in_words_that_hide_what_it_holds() {
        use crate::games;
        use dojo_games::{dragon_punch, fusion, rumble, taunt};
        let punish = check_explained::<games::punish::session::PunishSite>(&Setup::deal(3, Options::default()), 2, 1);
        let taunt = check_explained::<games::taunt::play::session::TauntSite>(
            &taunt::Setup::new([taunt::FighterId::Tuggle, taunt::FighterId::TeaBot], taunt::Options::default()),
            2,
            2,
        );
        let dragon = check_explained::<games::dragon_punch::play::session::DragonPunchSite>(
            &dragon_punch::Setup::standard(games::dragon_punch::sets::ours(), [0, 1]),
            2,
            3,
        );
        let rumble_setup = rumble::Setup::heroes(&["A", "B"], vec![rumble::catalog::PowerId::ToughSkin], 4);
        // Rumble's computer weighs its allocations by playing each out, with no guess at the person's.
        assert_eq!(check_explained::<games::rumble::play::session::RumbleSite>(&rumble_setup, 2, 4), 0);
        let fusion_setup =
            fusion::Setup::sample(1, fusion::Conflict::Throwdown { challenger: 0, stakes: "The gate".into(), threats: vec![0] }, 5);
        check_explained::<games::fusion::play::session::FusionSite>(&fusion_setup, 2, 5);
        // In the games where both choose at once, the computer's guesses include the person's choices.
        for (game, named) in [("PUNISH", punish), ("TAUNT", taunt), ("DRAGON PUNCH", dragon)] {
            assert!(named > 0, "{game}: no explanation weighed the person's own choice");
        }
    }

    #[test]
    fn an_explained_answer_reads_back_as_it_was_written_and_a_broken_one_is_refused() {
        let why = Why {
            step: 0,
            seat: Seat(1),
            played: "Strike".into(),
            mine: vec![("Strike".into(), 60), ("another choice".into(), 40)],
            theirs: Vec::new(),
            chosen: Vec::new(),
        };
        let card = |c| dojo_games::punish::Play::card(c);
        use dojo_games::punish::Card;
        let thought = Thought::<Punish> {
            action: card(Card::Strike),
            why: Some(why),
            expected: vec![(Seat(0), vec![(card(Card::Dodge), 70, 35), (card(Card::Rush), 30, 80)])],
        };
        let wire = thought.to_wire().unwrap();
        assert_eq!(Thought::<Punish>::from_wire(&wire, Seat(1)).unwrap(), thought);
        let plain = Thought::<Punish> { action: card(Card::Guard), why: None, expected: Vec::new() };
        assert_eq!(Thought::<Punish>::from_wire(&plain.to_wire().unwrap(), Seat(1)).unwrap(), plain);
        for broken in [format!("{wire}\nX\t1"), format!("{wire}\nE\t0\t300\t1\t{{}}"), "M\t5".to_string()] {
            assert!(
                Thought::<Punish>::from_wire(&broken, Seat(1)).unwrap_err().starts_with("the computer's answer cannot be read"),
                "{broken}"
            );
        }
    }

    #[test]
    fn lines_are_ordered_likeliest_first_and_equal_ones_keep_their_order() {
        let mut lines = vec![("a", 1.0), ("b", 3.0), ("c", 1.0), ("d", 2.0)];
        likeliest_first(&mut lines, |l| l.1);
        assert_eq!(lines.iter().map(|l| l.0).collect::<String>(), "bdac");
    }

    #[test]
    fn a_session_asks_for_the_panel_of_the_step_just_played_and_for_the_end_once_over() {
        let mut session = crate::play::Session::<Site>::new(
            crate::play::Seats::against_computer(Level::Easy, 2),
            &Setup::deal(5, Options { best_of: 1, ..Options::default() }),
        )
        .unwrap();
        let mut rng = Rng::new(5);
        session.explained_play(&mut rng, 1);
        let request = session.explain_request(None).expect("the step just played was explained");
        assert!(request.contains("Q\t0\n"), "{request}");
        assert_eq!(request.contains("O\n"), session.is_over(), "{request}");
        assert!(why_html::<Site>(&request).contains("What the computer expected"));
        session.explained_play(&mut rng, 400);
        assert!(session.is_over());
        let end = session.explain_request(Some("PIECE")).expect("the end is always told");
        assert!(end.contains("O\n") && end.contains("L\tpunish\tPIECE\n"), "{end}");
    }

    /// Against the computer, a reload keeps what it was seen to expect at the steps revealed:
    /// the end's panel still has every decision, and the save holds nothing of the step not
    /// yet played.
    #[test]
    fn explanations_of_revealed_steps_survive_a_reload() {
        let mut session = crate::play::Session::<Site>::new(
            crate::play::Seats::against_computer(Level::Easy, 2),
            &Setup::deal(5, Options { best_of: 1, ..Options::default() }),
        )
        .unwrap();
        let mut rng = Rng::new(8);
        let before = session.explained_play(&mut rng, 3);
        assert!(before.matches("S\t").count() >= 3, "{before}");
        // The computer has decided the next step, unseen: the save must not hold it.
        let seat = session.computer_to_move().expect("the computer decides the next step");
        let lines = session.computer_think_here(seat, 1).unwrap();
        session.keep_explained(seat, &lines);
        let next = session.steps();
        let json = session.save().unwrap();
        assert!(!json.contains(&format!("S\\t{next}\\t")), "the step not yet played is not saved: {json}");
        let back = crate::play::Session::<Site>::load(&json, 99).unwrap();
        let kept = back.explain_request(None);
        assert_eq!(kept, None, "no panel until the next reveal");
        let mut back = back;
        let after = back.explained_play(&mut rng, 400);
        assert!(back.is_over());
        for step in 0..next {
            assert!(after.contains(&format!("S\t{step}\t")), "step {step} was kept: {after}");
        }
        assert!(why_html::<Site>(&back.explain_request(None).unwrap()).contains("What the computer expected"));
    }

    #[test]
    fn only_revealed_steps_and_the_persons_own_lines_are_kept() {
        let text = "N\t0\tAnn\nS\t0\t1\nP\tGuard\nM\t60\tGuard\nE\t0\t50\t40\t\"Rush\"\nE\t2\t50\t40\t\"Rush\"\nV\t0\t0\t{}\nC\t0\t0\t\"Rush\"\nQ\t0\nS\t1\t1\nP\tRush\nE\t0\t9\t9\t\"Guard\"\nV\t1\t0\t{}\n";
        let kept = crate::play::session::kept_explanations(text, 1, Seat(0));
        assert_eq!(kept, "S\t0\t1\nP\tGuard\nM\t60\tGuard\nE\t0\t50\t40\t\"Rush\"\nV\t0\t0\t{}\nC\t0\t0\t\"Rush\"\n");
        assert_eq!(crate::play::session::kept_explanations(text, 0, Seat(0)), "");
    }

    #[test]
    fn the_panels_say_what_was_expected_in_words_and_name_every_seat_safely() {
        let text = [
            "N\t0\t<b>Ann</b>",
            "N\t1\tThe computer",
            "Y\t0",
            "Q\t0",
            "L\tpunish\tPIECE",
            "S\t0\t1",
            "P\tDodge",
            "M\t60\tDodge",
            "M\t40\tanother choice",
            "E\t0\t70\t30\t{\"card\":\"Strike\"}",
            "E\t0\t30\t80\t{\"card\":\"Rush\"}",
        ]
        .join("\n");
        use dojo_games::punish::Card::{Dodge, Guard, Punish as P, Rush, Strike};
        let setup =
            Setup::arranged([&[Dodge, Strike, Rush, Guard, P], &[Strike, Rush, P, Guard, Dodge]], &[Guard, Dodge], Options::default())
                .unwrap();
        let state = Punish::from_setup(&setup).unwrap();
        let view = serde_json::to_string(&state.view_for(Seat(0))).unwrap();
        let text = format!("{text}\nV\t0\t0\t{view}\nC\t0\t0\t{{\"card\":\"Rush\"}}\n");
        let html = why_html::<Site>(&text);
        assert!(html.contains("The computer played Dodge. It would have played: Dodge 60%, another choice 40%."), "{html}");
        assert!(html.contains("It expected you to choose:"), "{html}");
        assert!(html.contains("What it feared most: you choosing Strike, which left it 30 chances in 100."), "{html}");
        let end = why_html::<Site>(&format!("O\n{text}"));
        assert!(end.contains("Step 1: you chose Rush; the computer thought Strike would have left it 50 fewer chances in 100."), "{end}");
        assert!(end.contains("href=\"/watch/punish?step=1#PIECE\""), "{end}");
        // A name is text, never markup.
        let named = why_html::<Site>(&text.replace("Y\t0\n", ""));
        assert!(named.contains("&lt;b&gt;Ann&lt;/b&gt;") && !named.contains("<b>"), "{named}");
        // A step with no explanation draws nothing.
        assert_eq!(why_html::<Site>(&text.replace("Q\t0", "Q\t3")), "");
    }
}
