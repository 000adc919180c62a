//! PUNISH's rules module: the pieces of its rules page (cards and the worked examples' players),
//! fetched only when someone opens that page; and the watch page of its replay links.

pocket_dojo::rules_module!(
    "punish",
    pocket_dojo::games::punish::rules::piece,
    pocket_dojo::games::punish::session::PunishSite,
    pocket_dojo::games::punish::scenario_player::table
);
