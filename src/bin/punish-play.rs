//! PUNISH's play module: its play page, fetched only when someone opens it, and the computer's
//! thinking, for the workers it runs in.

pocket_dojo::play_module!("punish", pocket_dojo::games::punish::play::PlayPunish, pocket_dojo::games::punish::session::PunishSite);
