//! Entry point of the Pocket Dojo site: report panics to the console, then mount the app.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(pocket_dojo::App);
}
