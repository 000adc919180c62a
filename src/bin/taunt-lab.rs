//! TAUNT's balance lab: its page, fetched only when someone opens `/lab/taunt`, and the duels
//! its workers play.

pocket_dojo::lab_module!("taunt", "TAUNT", pocket_dojo::games::taunt::play::session::TauntSite);
