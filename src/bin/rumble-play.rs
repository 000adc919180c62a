//! Rumble's module: its play page and its rules page's pieces, fetched only when someone opens
//! one of those pages, and the computer's thinking, for the workers it runs in.

pocket_dojo::lazy_page!(
    "rumble",
    pocket_dojo::games::rumble::play::PlayRumble,
    pocket_dojo::games::rumble::rules::piece,
    pocket_dojo::games::rumble::play::session::RumbleSite
);
