//! TAUNT's rules module: the pieces of its rules page (cards, fighters, tracks and the worked
//! examples' players), fetched only when someone opens that page.

pocket_dojo::rules_module!(
    "taunt",
    pocket_dojo::games::taunt::rules::piece,
    pocket_dojo::games::taunt::play::session::TauntSite,
    pocket_dojo::games::taunt::examples::table
);
