//! TAUNT's module: its play page and its rules page's pieces, fetched only when someone opens
//! one of those pages.

pocket_dojo::lazy_page!("taunt", pocket_dojo::games::taunt::play::PlayTaunt, pocket_dojo::games::taunt::rules::piece);
