//! PUNISH's connection module: a match against a friend on another device, the cards dealt by
//! the two devices between them, fetched only when someone plays that way.

pocket_dojo::remote_module!(dojo_games::punish::Punish);
