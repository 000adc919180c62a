//! The PDF worker: builds a kit's PDF (`dojo_print::pdf`) and hands the bytes to the page. It is the
//! only wasm with the bundled fonts in it, and the page fetches it on the first download.

use dojo_print_worker::{Reply, Request, error, serve};
use js_sys::{Date, Uint8Array};
use wasm_bindgen::JsValue;

fn progress(stage: &str) {
    Reply::new("progress").set("stage", &JsValue::from_str(stage)).send();
}

fn handle(request: Request) {
    let started = Date::now();
    progress("Laying out the sheets");
    let document = match request.kind.as_str() {
        "alignment" => dojo_print::document::alignment_sheet(&request.settings).map_err(|e| e.to_string()),
        _ => dojo_print::document_for(&request.game, &request.settings).map_err(|e| e.to_string()),
    };
    let document = match document {
        Ok(d) => d,
        Err(message) => return error(&message),
    };
    progress("Writing the PDF");
    match dojo_print::pdf::render(&document, request.number) {
        Ok(bytes) => Reply::new("pdf")
            .set("bytes", &Uint8Array::from(bytes.as_slice()))
            .set("pages", &JsValue::from_f64(document.pages.len() as f64))
            .set("ms", &JsValue::from_f64(Date::now() - started))
            .send(),
        Err(e) => error(&e.to_string()),
    }
}

fn main() {
    serve(handle);
}
