//! PUNISH's module: its play page and its rules page's pieces (cards and the worked examples'
//! players), fetched only when someone opens one of those pages, and the computer's thinking,
//! for the workers it runs in.

pocket_dojo::lazy_page!(
    "punish",
    pocket_dojo::games::punish::play::PlayPunish,
    pocket_dojo::games::punish::rules::piece,
    pocket_dojo::games::punish::session::PunishSite
);
