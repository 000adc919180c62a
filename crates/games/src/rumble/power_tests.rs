//! One test per power: placeholder filled below.
