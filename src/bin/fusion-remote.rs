//! FUSION's connection module: an evening between devices (each pilot and the Coach on a device
//! of their own, or any mix with the host's people and computers), the 108-card Deck dealt by
//! the devices between them, fetched only when someone plays that way.

pocket_dojo::remote_module!(dojo_games::fusion::Fusion);
