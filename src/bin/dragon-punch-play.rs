//! DRAGON PUNCH's play module: its play page, fetched only when someone opens it, and the
//! computer's thinking, for the workers it runs in.

pocket_dojo::play_module!(
    "dragon-punch",
    pocket_dojo::games::dragon_punch::play::PlayDragonPunch,
    pocket_dojo::games::dragon_punch::play::session::DragonPunchSite
);
