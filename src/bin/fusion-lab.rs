//! FUSION's balance lab: its page, fetched only when someone opens `/lab/fusion`, and the
//! Throwdowns its workers play.

pocket_dojo::lab_module!("fusion", "Gattaibushido:FUSION!", pocket_dojo::games::fusion::play::session::FusionSite);
