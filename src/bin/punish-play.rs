//! PUNISH's module: its play page and its rules page's pieces (cards and the worked examples'
//! players), fetched only when someone opens one of those pages.

pocket_dojo::lazy_page!("punish", pocket_dojo::games::punish::play::PlayPunish, pocket_dojo::games::punish::rules::piece);
