//! TAUNT's module: its play page and its rules page's pieces, fetched only when someone opens
//! one of those pages, and the computer's thinking, for the workers it runs in.

pocket_dojo::lazy_page!(
    "taunt",
    pocket_dojo::games::taunt::play::PlayTaunt,
    pocket_dojo::games::taunt::rules::piece,
    pocket_dojo::games::taunt::play::session::TauntSite
);
