//! DRAGON PUNCH's connection module: a match against a friend on another device, fetched only
//! when someone plays that way.

pocket_dojo::remote_module!(dojo_games::dragon_punch::DragonPunch);
