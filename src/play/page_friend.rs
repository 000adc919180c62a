//! The play page with friends on other devices: [`PlayCtx`]'s side of the connection module,
//! which makes the invitation, deals between the devices and agrees each step; the page gives
//! it this device's choices and follows what the devices agreed (see [`super::friend`]).

use super::flow::{Flow, Input};
use super::page::PlayCtx;
use super::seats::Seats;
use super::{OnSite, Session};
use dojo_engine::Seat;
use leptos::prelude::*;

impl<T: OnSite> PlayCtx<T> {
    /// The connection module's name for this game.
    fn friend_module() -> String {
        super::friend::module_name::<T::G>()
    }

    /// Calls the connection module's `entry` with `request`; a failure is shown in words.
    pub(super) fn ask_friend_module(self, entry: &'static str, request: String) {
        crate::components::lazy_module::call_module(Self::friend_module(), entry, request, move |answer| {
            if let Err(e) = answer {
                self.notice.set(Some(format!("The connection to your friend's device failed: {e}.")));
                // No match with a friend began (a kept one that could not be read, an
                // invitation that could not be made): nothing will come, so the lobby, under
                // the reason, instead of a wait for ever.
                if matches!(entry, "join" | "host") {
                    self.run(Input::Stopped);
                }
            }
        });
    }

    /// Answers the invitation `code` from another device (the connection module shows the
    /// answer to send back, and the match starts when the host's arrives), or with no code takes
    /// up the match the module kept.
    pub(super) fn join(self, code: String) {
        // The match comes from the host: nothing of a match this page held before (its save
        // stays in storage) is shown meanwhile, neither its table nor its length.
        self.session.set(None);
        self.run(Input::Joining);
        self.listen_to_friend();
        self.ask_friend_module("join", code);
    }

    /// Hosts the match on the page for a friend on another device: the connection module makes
    /// the invitation.
    pub(super) fn host(self) {
        let request = self.session.with_untracked(|s| {
            let s = s.as_ref()?;
            // This device plays its people's and its computers' seats; each friend's seat is
            // played on a device of its own, numbered in seat order.
            let mut friends = 0u8;
            let owners: Vec<u8> = s
                .seats()
                .0
                .iter()
                .map(|c| match c {
                    super::Controller::Remote => {
                        friends += 1;
                        friends
                    }
                    _ => 0,
                })
                .collect();
            Some(super::friend::host_request(&owners, &s.setup_json()?))
        });
        if let Some(request) = request {
            self.listen_to_friend();
            self.ask_friend_module("host", request);
        }
    }

    /// Gives the connection module the choices this device's people and computers made for the
    /// step (the flow asks once per step).
    pub(super) fn send_choices(self) {
        let requests = self.session.with_untracked(|s| {
            let Some(s) = s.as_ref() else { return Vec::new() };
            let here = Seat::all(s.seats().count()).filter(|seat| s.seats().0[seat.index()] != super::Controller::Remote);
            let mine = here.filter_map(|seat| s.planned(seat).map(|a| (seat, a)));
            mine.filter_map(|(seat, a)| dojo_engine::json::to_string(a).ok().map(|json| super::friend::choose_request(seat.0, &json)))
                .collect()
        });
        for request in requests {
            self.ask_friend_module("choose", request);
        }
    }

    /// Listens to the connection module from now on.
    fn listen_to_friend(self) {
        super::friend::listen(move |text| self.heard(&text));
    }

    /// What the connection module said.
    fn heard(self, text: &str) {
        use super::friend::Heard;
        let heard = match Heard::<T::G>::read(text) {
            Ok(h) => h,
            Err(e) => return self.notice.set(Some(e)),
        };
        match heard {
            Heard::Connected => self.notice.set(None),
            Heard::Start { setup, owners, me } => {
                let seats =
                    Seats(owners.iter().map(|o| if *o == me { super::Controller::Person } else { super::Controller::Remote }).collect());
                if me != 0 {
                    T::joined(&setup);
                }
                if self.awaiting_deal() {
                    // The host's cards are dealt: the match it already hosts goes on from them.
                    match Session::new(seats, &setup) {
                        Ok(s) => self.session.set(Some(s)),
                        Err(e) => return self.notice.set(Some(format!("The dealt cards could not be used here: {e}"))),
                    }
                    return self.run(Input::Dealt);
                }
                self.start(Session::new(seats, &setup));
            }
            Heard::Seeded { setup, actions } => {
                match self.session.try_update(|s| s.as_mut().map(|s| s.reseed(&setup, actions))).flatten() {
                    Some(Err(e)) => self.notice.set(Some(format!("The setup the devices settled could not be used here: {e}"))),
                    // After the end of a dealt match: every deal is shown, and the match is remembered.
                    Some(Ok(())) => self.run(Input::Reseeded),
                    None => {}
                }
            }
            Heard::Line { actions } => self.agreed(|s| s.follow(actions)),
            Heard::Step { step, joint } => self.agreed(|s| s.follow_step(step, joint)),
            Heard::Say { text } => self.notice.set(Some(text)),
            // Nothing more will come: the lobby, under the reason, starts another match.
            Heard::Stopped { text } => {
                self.notice.set(Some(text));
                self.run(Input::Stopped);
            }
        }
    }

    /// True while this device hosts a dealt match whose deal is not done.
    pub(super) fn awaiting_deal(self) -> bool {
        self.flow.with_value(Flow::awaiting_deal)
    }

    /// Every device agreed on a step: `follow` moves the match here to it (the whole match, or
    /// the step alone), and the page shows it.
    fn agreed(self, follow: impl FnOnce(&mut Session<T>) -> Result<Vec<<T::G as dojo_engine::Game>::Event>, String>) {
        match self.session.try_update(|s| s.as_mut().map(follow)).flatten() {
            Some(Ok(events)) => self.run(Input::Agreed { revealed: T::shows_reveal(&events) }),
            Some(Err(e)) => self.notice.set(Some(format!("The other device's step could not be shown here: {e}"))),
            None => {}
        }
    }
}
