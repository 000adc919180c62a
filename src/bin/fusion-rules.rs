//! FUSION's rules module: the pieces of its rules page (the worked examples' players), fetched
//! only when someone opens that page.

pocket_dojo::rules_module!(
    "fusion",
    pocket_dojo::games::fusion::rules::piece,
    pocket_dojo::games::fusion::play::session::FusionSite,
    pocket_dojo::games::fusion::table::table
);
