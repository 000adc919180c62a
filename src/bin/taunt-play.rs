//! TAUNT's play module: its play page, fetched only when someone opens it, and the computer's
//! thinking, for the workers it runs in.

pocket_dojo::play_module!("taunt", pocket_dojo::games::taunt::play::PlayTaunt, pocket_dojo::games::taunt::play::session::TauntSite);
