//! Genre variants: the words the table uses for Hero, Energy, Power, Attack, Defense and Round
//! in each of the source's eight settings. Only the words change, never the rules.

/// One genre's words (singular and plural where the site needs both).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Genre {
    /// The id used in settings and links.
    pub id: &'static str,
    /// The genre's name.
    pub name: &'static str,
    /// A hero.
    pub hero: &'static str,
    /// Heroes.
    pub heroes: &'static str,
    /// Energy.
    pub energy: &'static str,
    /// A power.
    pub power: &'static str,
    /// Powers.
    pub powers: &'static str,
    /// Attack.
    pub attack: &'static str,
    /// Defense.
    pub defense: &'static str,
    /// A round.
    pub round: &'static str,
}

/// The superhero words of the rules, then the source's eight genres.
pub const GENRES: &[Genre] = &[
    Genre {
        id: "superhero",
        name: "Superhero",
        hero: "Hero",
        heroes: "Heroes",
        energy: "Energy",
        power: "Power",
        powers: "Powers",
        attack: "Attack",
        defense: "Defense",
        round: "Round",
    },
    Genre {
        id: "giant-monster",
        name: "Giant Monster",
        hero: "Monster",
        heroes: "Monsters",
        energy: "Energy",
        power: "Mutation",
        powers: "Mutations",
        attack: "Attack",
        defense: "Defense",
        round: "Round",
    },
    Genre {
        id: "spaceship",
        name: "Spaceship",
        hero: "Ship",
        heroes: "Ships",
        energy: "Energy",
        power: "System",
        powers: "Systems",
        attack: "Attack",
        defense: "Shields",
        round: "Round",
    },
    Genre {
        id: "hacker",
        name: "Hacker",
        hero: "System",
        heroes: "Systems",
        energy: "Bits",
        power: "Program",
        powers: "Programs",
        attack: "Attack",
        defense: "Defense",
        round: "Round",
    },
    Genre {
        id: "dungeon",
        name: "Dungeon",
        hero: "Adventurer",
        heroes: "Adventurers",
        energy: "Hit Points",
        power: "Object",
        powers: "Objects",
        attack: "Attack",
        defense: "Defense",
        round: "Round",
    },
    Genre {
        id: "racing",
        name: "Racing",
        hero: "Driver",
        heroes: "Drivers",
        energy: "Speed",
        power: "Gadget",
        powers: "Gadgets",
        attack: "Ramming",
        defense: "Swerving",
        round: "Round",
    },
    Genre {
        id: "corporation",
        name: "Corporation",
        hero: "Corporation",
        heroes: "Corporations",
        energy: "Millions",
        power: "Asset",
        powers: "Assets",
        attack: "Lawsuits",
        defense: "Counter-Suits",
        round: "Fiscal Quarter",
    },
    Genre {
        id: "dinosaur",
        name: "Dinosaur",
        hero: "Dinosaur",
        heroes: "Dinosaurs",
        energy: "Energy",
        power: "Mutation",
        powers: "Mutations",
        attack: "Attack",
        defense: "Defense",
        round: "Round",
    },
    Genre {
        id: "civilisation",
        name: "Civilisation",
        hero: "Nation",
        heroes: "Nations",
        energy: "Territory",
        power: "Technology",
        powers: "Technologies",
        attack: "Attack",
        defense: "Defence",
        round: "Round",
    },
];

/// The genre with `id`, or the superhero words when there is none.
pub fn genre(id: &str) -> &'static Genre {
    GENRES.iter().find(|g| g.id == id).unwrap_or(&GENRES[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_genres_besides_the_superhero_words_each_with_its_own_id() {
        assert_eq!(GENRES.len(), 9);
        let mut ids: Vec<&str> = GENRES.iter().map(|g| g.id).collect();
        ids.dedup();
        assert_eq!(ids.len(), 9);
        assert_eq!(genre("corporation").attack, "Lawsuits");
        assert_eq!(genre("nonsense").hero, "Hero");
    }
}
