//! A session's computers: each decides on the position as its seat sees it (here, or in a
//! worker from [`Session::think_request`]), and what it expected is kept beside the match for
//! the explanations after the reveal (see [`crate::play::explain`]).

use super::*;

impl<T: OnSite> Session<T> {
    /// Every computer seat that must decide in this step: they may all think at once, as each
    /// reads only its own view of the same position.
    pub fn computers_to_move(&self) -> Vec<Seat> {
        self.acting().into_iter().filter(|s| self.seats.computer(*s).is_some() && !self.has_given(*s)).collect()
    }

    /// The level of the computer in `seat`, when it has something to decide now.
    fn computer_level(&self, seat: Seat) -> Result<Level, String> {
        let level = self.seats.computer(seat).ok_or_else(|| format!("{seat} is not played by the computer"))?;
        if !self.acting().contains(&seat) || self.has_given(seat) {
            return Err(format!("{seat} has nothing to decide now"));
        }
        Ok(level)
    }

    /// Makes the decision of the computer in `seat` for this step, reading only its own view.
    pub fn computer_decide(&mut self, seat: Seat, rng: &mut Rng) -> Result<(), String> {
        self.computer_decide_within(seat, rng, None)
    }

    /// [`Session::computer_decide`] with the search cut short when `budget` runs out.
    pub fn computer_decide_within(&mut self, seat: Seat, rng: &mut Rng, budget: Option<TimeBudget>) -> Result<(), String> {
        let level = self.computer_level(seat)?;
        let action = level.strategy_within::<T::G>(&self.view(seat), seat, rng, budget).sample(rng);
        self.give(seat, action)
    }

    /// What a worker needs to decide for the computer in `seat` (see [`crate::play::think`]): its
    /// view, its level and `seed`, as JSON.
    pub fn think_request(&self, seat: Seat, seed: u64, explain: bool) -> Result<String, String> {
        let request = Request::<T::G> { view: self.view(seat), seat, level: self.computer_level(seat)?, seed, explain };
        dojo_engine::json::to_string(&request).map_err(|e| e.to_string())
    }

    /// Gives the computer in `seat` the action a worker chose (JSON), checked like any input.
    pub fn give_thought(&mut self, seat: Seat, answer: &str) -> Result<(), String> {
        self.computer_level(seat)?;
        let action: Action<T> = dojo_engine::json::from_str(answer).map_err(|e| format!("the computer's answer cannot be read: {e}"))?;
        self.give(seat, action)
    }

    /// Keeps what the explaining worker said the computer in `seat` expected at this step (its
    /// lines after the action; see [`crate::play::explain`]).
    pub fn keep_explained(&mut self, seat: Seat, lines: &str) {
        let step = self.steps;
        self.explained.0.push_str(&format!("S\t{step}\t{}\n{lines}\n", seat.index()));
        self.explained.1 = Some(step);
    }

    /// When the computer explained the step waiting to be played: keeps each person's own view
    /// and choice, the `V` and `C` lines the lab module weighs their choices with.
    pub fn keep_choices(&mut self) {
        if self.explained.1 != Some(self.steps) {
            return;
        }
        for seat in Seat::all(self.seats.count()).filter(|seat| self.seats.is_person(*seat)) {
            let Some(action) = self.planned(seat) else { continue };
            if let (Ok(view), Ok(action)) = (dojo_engine::json::to_string(&self.own_view(seat)), dojo_engine::json::to_string(action)) {
                let (step, at) = (self.steps, seat.index());
                self.explained.0.push_str(&format!("V\t{step}\t{at}\t{view}\nC\t{step}\t{at}\t{action}\n"));
            }
        }
    }

    /// What the lab module is asked to put in words: every seat's name (`N`), the one person at
    /// a table of computers (`Y`), the step just played when it was explained (`Q`), the end of
    /// the match (`O`) and its replay link once packed (`L`, from `piece`), then every
    /// explanation. `None` when the last step played was not explained and the match goes on.
    pub fn explain_request(&self, piece: Option<&str>) -> Option<String> {
        let last = self.explained.1?;
        let shown = last + 1 == self.steps;
        if !shown && !self.is_over() {
            return None;
        }
        let mut text = String::new();
        for (i, name) in self.names().iter().enumerate() {
            text.push_str(&format!("N\t{i}\t{}\n", name.replace(['\t', '\n'], " ")));
        }
        if let Some(you) = self.seats.lone_person() {
            text.push_str(&format!("Y\t{}\n", you.index()));
        }
        if shown {
            text.push_str(&format!("Q\t{last}\n"));
        }
        if self.is_over() {
            text.push_str("O\n");
            if let Some(piece) = piece {
                text.push_str(&format!("L\t{}\t{piece}\n", <T::G as Game>::NAME));
            }
        }
        text.push_str(&self.explained.0);
        Some(text)
    }

    /// The computer in `seat` decides on this thread as the lab module's explaining worker
    /// does, and the decision is given; returns the worker's lines after the action (what it
    /// expected), for the native tests.
    #[cfg(test)]
    pub fn computer_think_here(&mut self, seat: Seat, seed: u64) -> Result<String, String> {
        let level = self.computer_level(seat)?;
        let thought = crate::play::explain::think::<T>(&self.view(seat), seat, level, seed, None, true, self.steps())?;
        let wire = thought.to_wire()?;
        self.give(seat, thought.action)?;
        Ok(wire.split_once('\n').map_or(String::new(), |(_, rest)| rest.to_string()))
    }
}

/// The lines of the explanation text `text` (see [`crate::play::explain`]) that may be kept in the
/// browser's storage for `person`, the one person at a table of computers, when `steps` steps
/// have been played: the computer's decisions (`S`, with their `P` and `M` lines) and the
/// person's own views and choices (`V`, `C`) at steps already revealed, and of what a computer
/// expected of another seat (`E`) only what it expected of the person. What a computer thought
/// of another computer's options could name that computer's hidden cards; the step being
/// played is not revealed yet; the other lines are the page's, written afresh each time.
pub fn kept_explanations(text: &str, steps: usize, person: Seat) -> String {
    let mut out = String::new();
    let mut keep = false;
    for line in text.lines() {
        let mut fields = line.split('\t');
        let number = |field: Option<&str>| field.and_then(|f| f.parse::<usize>().ok());
        match fields.next() {
            Some("S" | "V" | "C") => keep = number(fields.next()).is_some_and(|step| step < steps),
            Some("P" | "M") => {}
            Some("E") if number(fields.next()) == Some(person.index()) => {}
            _ => continue,
        }
        if keep {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}
