//! DRAGON PUNCH's balance lab: its page, fetched only when someone opens `/lab/dragon-punch`,
//! and the games its workers play; it offers the sets kept in the card editor too.

pocket_dojo::lab_module!(
    "dragon-punch",
    "DRAGON PUNCH",
    pocket_dojo::games::dragon_punch::play::session::DragonPunchSite,
    pocket_dojo::games::dragon_punch::sets::lab_materials
);
