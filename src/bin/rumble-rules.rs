//! Rumble's rules module: the pieces of its rules page (power cards and the worked examples'
//! players), fetched only when someone opens that page.

pocket_dojo::rules_module!(
    "rumble",
    pocket_dojo::games::rumble::rules::piece,
    pocket_dojo::games::rumble::play::session::RumbleSite,
    pocket_dojo::games::rumble::table::table
);
