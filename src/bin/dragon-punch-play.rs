//! DRAGON PUNCH's module: its play page and its rules page's pieces, fetched only when someone
//! opens one of those pages, and the computer's thinking, for the workers it runs in.

pocket_dojo::lazy_page!(
    "dragon-punch",
    pocket_dojo::games::dragon_punch::play::PlayDragonPunch,
    pocket_dojo::games::dragon_punch::rules::piece,
    pocket_dojo::games::dragon_punch::play::session::DragonPunchSite
);
