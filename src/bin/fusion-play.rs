//! FUSION's play module: its play page, fetched only when someone opens it, and the computer's
//! thinking, for the workers it runs in.

pocket_dojo::play_module!("fusion", pocket_dojo::games::fusion::play::PlayFusion, pocket_dojo::games::fusion::play::session::FusionSite);
