//! Rumble's balance lab: its page, fetched only when someone opens `/lab/rumble`, and the
//! tables of heroes its workers play.

pocket_dojo::lab_module!("rumble", "Rumble", pocket_dojo::games::rumble::play::session::RumbleSite);
