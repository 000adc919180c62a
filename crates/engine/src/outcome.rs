//! How a game ended: the players' places, first to last, with ties and teams.

use crate::seat::{PerSeat, Seat};
use serde::{Deserialize, Serialize};

/// The result of a finished game.
///
/// `places` lists the players from first to last; seats that share a place (a draw, a team, a
/// field of losers) stand in one group. A seat in no group is not a player (a moderator) and
/// shares no result. `teams`, when the game has them, names which seats played together, so a
/// page can say "Team 1 won" rather than listing its members.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Groups of seats from first place to last; every group is non-empty.
    pub places: Vec<Vec<Seat>>,
    /// The teams, when the game has teams (empty otherwise).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<Vec<Seat>>,
}

impl Outcome {
    /// `winner` first, every other seat of `players` sharing second place.
    pub fn winner(winner: Seat, players: impl IntoIterator<Item = Seat>) -> Self {
        Outcome::winners(vec![winner], players)
    }

    /// `winners` share first place, the rest of `players` share second place.
    pub fn winners(winners: Vec<Seat>, players: impl IntoIterator<Item = Seat>) -> Self {
        let rest: Vec<Seat> = players.into_iter().filter(|s| !winners.contains(s)).collect();
        Outcome::ranked(vec![winners, rest])
    }

    /// Nobody won: all of `players` share first place.
    pub fn draw(players: impl IntoIterator<Item = Seat>) -> Self {
        Outcome::ranked(vec![players.into_iter().collect()])
    }

    /// Places from first to last, with ties inside a group; empty groups are dropped.
    pub fn ranked(places: Vec<Vec<Seat>>) -> Self {
        Outcome { places: places.into_iter().filter(|g| !g.is_empty()).collect(), teams: Vec::new() }
    }

    /// The same result, naming the teams that played.
    pub fn with_teams(mut self, teams: Vec<Vec<Seat>>) -> Self {
        self.teams = teams;
        self
    }

    /// The seats in first place, if there is more than one place; none after a draw.
    pub fn winning_seats(&self) -> &[Seat] {
        match self.places.as_slice() {
            [first, _, ..] => first,
            _ => &[],
        }
    }

    /// True when nobody won: every player shares first place.
    pub fn is_draw(&self) -> bool {
        self.places.len() == 1
    }

    /// True when `seat` is in first place and someone is below it.
    pub fn is_win_for(&self, seat: Seat) -> bool {
        self.winning_seats().contains(&seat)
    }

    /// The place of `seat` from 0 (first), or `None` when the seat is not a player.
    pub fn place_of(&self, seat: Seat) -> Option<usize> {
        self.places.iter().position(|g| g.contains(&seat))
    }

    /// Every player, first place first.
    pub fn players(&self) -> impl Iterator<Item = Seat> + '_ {
        self.places.iter().flatten().copied()
    }

    /// Scores in `[0, 1]` per seat: the share of the other players each one finished above, a
    /// tie counting half. With two players a win is 1, a loss 0 and a draw ½; a seat that is not
    /// a player scores 0.
    pub fn payoff(&self, seat_count: usize) -> PerSeat<f64> {
        let players = self.players().count();
        let mut scores = PerSeat::filled(seat_count, 0.0);
        if players < 2 {
            for seat in self.players().filter(|s| s.index() < seat_count) {
                scores[seat] = 1.0;
            }
            return scores;
        }
        let mut below = players;
        for group in &self.places {
            below -= group.len();
            let score = (below as f64 + 0.5 * (group.len() - 1) as f64) / (players - 1) as f64;
            for seat in group.iter().filter(|s| s.index() < seat_count) {
                scores[*seat] = score;
            }
        }
        scores
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FOUR: [Seat; 4] = [Seat(0), Seat(1), Seat(2), Seat(3)];

    #[test]
    fn two_players_score_one_for_a_win_and_a_half_for_a_draw() {
        let won = Outcome::winner(Seat(1), FOUR[..2].iter().copied());
        assert_eq!(won.places, vec![vec![Seat(1)], vec![Seat(0)]]);
        assert_eq!(won.payoff(2).0, vec![0.0, 1.0]);
        assert!(won.is_win_for(Seat(1)) && !won.is_win_for(Seat(0)));
        let draw = Outcome::draw(FOUR[..2].iter().copied());
        assert!(draw.is_draw());
        assert!(draw.winning_seats().is_empty());
        assert_eq!(draw.payoff(2).0, vec![0.5, 0.5]);
    }

    #[test]
    fn places_with_ties_share_their_scores_and_a_moderator_scores_nothing() {
        // Seat 3 moderates; seat 2 first, seats 0 and 1 tied behind.
        let o = Outcome::ranked(vec![vec![Seat(2)], vec![Seat(0), Seat(1)]]);
        assert_eq!(o.payoff(4).0, vec![0.25, 0.25, 1.0, 0.0]);
        assert_eq!(o.place_of(Seat(3)), None);
        assert_eq!(o.place_of(Seat(1)), Some(1));
        let chain = Outcome::ranked(vec![vec![Seat(3)], vec![Seat(1)], vec![], vec![Seat(0)], vec![Seat(2)]]);
        assert_eq!(chain.places.len(), 4, "empty groups are dropped");
        let p = chain.payoff(4);
        assert_eq!((p[Seat(3)], p[Seat(0)], p[Seat(2)]), (1.0, 1.0 / 3.0, 0.0));
    }

    #[test]
    fn teams_travel_with_the_result() {
        let teams = vec![vec![Seat(0), Seat(2)], vec![Seat(1), Seat(3)]];
        let o = Outcome::winners(teams[1].clone(), FOUR).with_teams(teams.clone());
        assert_eq!(o.winning_seats(), &[Seat(1), Seat(3)]);
        // Each side's score counts the teammate as a tie: 5/6 for the winners, 1/6 for the losers.
        assert_eq!(o.payoff(4).0, vec![1.0 / 6.0, 5.0 / 6.0, 1.0 / 6.0, 5.0 / 6.0]);
        let json = serde_json::to_string(&o).unwrap();
        assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), o);
        let no_teams = serde_json::to_string(&Outcome::draw(FOUR)).unwrap();
        assert!(!no_teams.contains("teams"), "{no_teams}");
    }
}
