//! Rumble's play module: its play page, fetched only when someone opens it, and the computer's
//! thinking, for the workers it runs in.

pocket_dojo::play_module!("rumble", pocket_dojo::games::rumble::play::PlayRumble, pocket_dojo::games::rumble::play::session::RumbleSite);
