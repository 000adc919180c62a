//! Rumble's connection module: a match against friends on other devices, fetched only when
//! someone plays that way.

pocket_dojo::remote_module!(dojo_games::rumble::Rumble);
