//! PUNISH's balance lab: its page, fetched only when someone opens `/lab/punish`, and the
//! games under each option its workers play.

pocket_dojo::lab_module!("punish", "PUNISH", pocket_dojo::games::punish::session::PunishSite);
