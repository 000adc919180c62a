//! PUNISH's rules module: the pieces of its rules page (cards and the worked examples' players),
//! fetched only when someone opens that page.

pocket_dojo::rules_module!("punish", pocket_dojo::games::punish::rules::piece);
