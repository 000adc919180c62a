//! Entry point of the Pocket Dojo shell: the home page and the not-found page (every other page
//! is a module of its own, see public/start.js). Reports panics to the console, then draws the
//! page in place of the home page `index.html` showed while the wasm was on its way.

fn main() {
    console_error_panic_hook::set_once();
    pocket_dojo::start_shell();
}
