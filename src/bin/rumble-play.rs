//! Rumble's module: its play page and its rules page's pieces, fetched only when someone opens
//! one of those pages.

pocket_dojo::lazy_page!("rumble", pocket_dojo::games::rumble::play::PlayRumble, pocket_dojo::games::rumble::rules::piece);
