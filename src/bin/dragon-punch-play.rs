//! DRAGON PUNCH's module: its play page and its rules page's pieces, fetched only when someone
//! opens one of those pages.

pocket_dojo::lazy_page!(
    "dragon-punch",
    pocket_dojo::games::dragon_punch::play::PlayDragonPunch,
    pocket_dojo::games::dragon_punch::rules::piece
);
