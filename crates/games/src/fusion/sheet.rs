//! What the chapters name but never define, as settings a table fills in (notes `#stand-ins`):
//! pilot sheets, Threats, Gear and the table's own switches. Every value here is ours, with a
//! default that lets "Play" work in one tap.

use serde::{Deserialize, Serialize};

/// Harmony's lowest level, the Red.
pub const HARMONY_RED: u8 = 1;
/// Harmony's highest level, Violet.
pub const HARMONY_VIOLET: u8 = 7;

/// A pilot's sheet: what her conflicts read and what they change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PilotSheet {
    /// Her name.
    pub name: String,
    /// Commitment to the Fight: her Strike Range.
    pub fight: u8,
    /// Commitment to the Team: her bonus draw in a Throwdown.
    pub team: u8,
    /// Charges she holds.
    pub charges: u8,
    /// The most Charges she may hold.
    pub charge_max: u8,
    /// Buffers not yet spent.
    pub buffers: u8,
    /// Her Buffers in all, spent or not.
    pub buffer_max: u8,
    /// The most cards her Stash holds after a conflict.
    pub stash_max: u8,
    /// Lessons recorded (a "No, and…" on her Gambit Specialty).
    pub lessons: u8,
    /// Her Gear.
    #[serde(default)]
    pub gear: Vec<Gear>,
}

impl PilotSheet {
    /// A pilot with our default sheet: Fight 3, Team 2, Charges 0 of 3, Buffers 2 of 2, a Stash
    /// of 3.
    pub fn named(name: &str) -> PilotSheet {
        PilotSheet {
            name: name.into(),
            fight: 3,
            team: 2,
            charges: 0,
            charge_max: 3,
            buffers: 2,
            buffer_max: 2,
            stash_max: 3,
            lessons: 0,
            gear: Vec::new(),
        }
    }

    /// Both Commitments at 0: Crisis Mode (shown, with no rules of its own here).
    pub fn in_crisis(&self) -> bool {
        self.fight == 0 && self.team == 0
    }
}

/// A piece of Gear: cards to draw when Activated, a microevent when Sacrificed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gear {
    /// Its name.
    pub name: String,
    /// Cards drawn when it is Activated (once per Throwdown).
    pub draw: u8,
    /// What Sacrificing it fires.
    pub sacrifice: super::micro::Micro,
}

/// One of the Coach's Threats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Threat {
    /// Its name.
    pub name: String,
    /// Its Rating: Strike Range and bonus draw, pooled with the other involved Threats; at 0
    /// it is removed.
    pub rating: u8,
    /// Buffers not yet spent.
    pub buffers: u8,
    /// Its Waves: each a name and the microevents it fires (one Face card each).
    #[serde(default)]
    pub waves: Vec<Surge>,
    /// Its Storms (three Face cards each).
    #[serde(default)]
    pub storms: Vec<Surge>,
}

impl Threat {
    /// A Threat with no Waves or Storms.
    pub fn plain(name: &str, rating: u8, buffers: u8) -> Threat {
        Threat { name: name.into(), rating, buffers, waves: Vec::new(), storms: Vec::new() }
    }
}

/// A named Wave or Storm: the microevents it fires, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Surge {
    /// Its name.
    pub name: String,
    /// What it fires.
    pub fires: Vec<super::micro::Micro>,
}

/// The table's own settings for an evening.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TableSettings {
    /// Harmony at the start, 1–7.
    pub harmony: u8,
    /// Strike-Assist modifier at each Harmony level, Red first.
    pub strike_assist: [i8; 7],
    /// Robos are in the scene: a Club spent as spoils gives +Ruin on the Location.
    pub robos_present: bool,
    /// The fight is about the scene's Location: a Heart spent as spoils gives +Rebuild.
    pub about_location: bool,
    /// The playtest variant: the winner may not spend Spades; each gives the loser an effect.
    pub spades_for_losers: bool,
    /// Texts shown, in turn, when the Coach Spends an Omen.
    pub escalations: Vec<String>,
    /// Names of the team's counters that +Replenish raises.
    pub team_counters: Vec<String>,
}

impl Default for TableSettings {
    fn default() -> TableSettings {
        TableSettings {
            harmony: 4,
            strike_assist: [-3, -2, -1, 0, 1, 2, 3],
            robos_present: false,
            about_location: false,
            spades_for_losers: false,
            escalations: Vec::new(),
            team_counters: Vec::new(),
        }
    }
}

impl TableSettings {
    /// The Strike-Assist modifier at Harmony `harmony` (1–7; outside that range, the nearest).
    pub fn assist_at(&self, harmony: u8) -> i8 {
        self.strike_assist[usize::from(harmony.clamp(HARMONY_RED, HARMONY_VIOLET) - 1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_notes_stand_ins() {
        let table = TableSettings::default();
        assert_eq!(table.harmony, 4);
        assert_eq!(table.assist_at(1), -3, "negative in the Red");
        assert_eq!(table.assist_at(4), 0);
        assert_eq!(table.assist_at(7), 3);
        let pilot = PilotSheet::named("Aiko");
        assert_eq!((pilot.charge_max, pilot.stash_max), (3, 3));
        assert!(!pilot.in_crisis());
        assert!(PilotSheet { fight: 0, team: 0, ..pilot }.in_crisis());
    }

    #[test]
    fn settings_read_from_json_with_defaults_filled_in() {
        let table: TableSettings = serde_json::from_str(r#"{"robos_present": true}"#).unwrap();
        assert!(table.robos_present);
        assert_eq!(table.harmony, 4);
        assert!(serde_json::from_str::<TableSettings>(r#"{"harmoni": 3}"#).is_err(), "a misspelt setting is refused");
    }
}
