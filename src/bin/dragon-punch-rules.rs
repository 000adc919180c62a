//! DRAGON PUNCH's rules module: the pieces of its rules page (cards and the worked examples'
//! players), fetched only when someone opens that page.

pocket_dojo::rules_module!(
    "dragon-punch",
    pocket_dojo::games::dragon_punch::rules::piece,
    pocket_dojo::games::dragon_punch::play::session::DragonPunchSite,
    pocket_dojo::games::dragon_punch::table::table
);
