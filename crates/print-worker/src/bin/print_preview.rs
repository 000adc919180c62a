//! The preview worker: lays out a kit and answers with one sheet as SVG, plus what the settings
//! form lists. Small (no PDF code), so `/print/<game>` can load it at once.

use dojo_print::document::PageRole;
use dojo_print::kits;
use dojo_print_worker::{Reply, Request, error, serve};
use wasm_bindgen::JsValue;

fn label(role: PageRole) -> String {
    match role {
        PageRole::Instructions => "How to print".into(),
        PageRole::Fronts(n) => format!("Sheet {n} fronts"),
        PageRole::Backs(n) => format!("Sheet {n} backs"),
        PageRole::Folded(n) => format!("Sheet {n}"),
        PageRole::AlignmentFront => "Alignment test, front".into(),
        PageRole::AlignmentBack => "Alignment test, back".into(),
    }
}

fn handle(request: Request) {
    let Some(make) = kits::find(&request.game) else {
        return error(&format!("there is no print-and-play kit for '{}'", request.game));
    };
    let kit = make(&dojo_print::style_for(&request.settings), &request.settings);
    let components: Vec<String> =
        kit.infos(&request.settings).iter().map(|c| format!("{}|{}|{}|{}", c.id, c.name, c.pieces, c.default_copies)).collect();
    let document = match request.kind.as_str() {
        "alignment" => dojo_print::document::alignment_sheet(&request.settings),
        _ => dojo_print::document::build(&kit, &request.settings),
    };
    let mut reply = Reply::new("preview").strings("components", &components).strings("problems", &request.problems);
    if let Some(name) = &kit.card_set {
        reply = reply.set("setName", &JsValue::from_str(name));
    }
    match document {
        Ok(document) => {
            let page = (request.number.max(0) as usize).min(document.pages.len() - 1);
            let labels: Vec<String> = document.pages.iter().map(|p| label(p.role)).collect();
            let per_sheet = dojo_print::cards_per_sheet(&request.settings);
            let turned = dojo_print::cards_per_sheet(&dojo_print::turned(&request.settings));
            reply
                .set("svg", &JsValue::from_str(&dojo_print::svg::page(&document.pages[page])))
                .set("page", &JsValue::from_f64(page as f64))
                .set("pages", &JsValue::from_f64(document.pages.len() as f64))
                .set("perSheet", &JsValue::from_f64(per_sheet as f64))
                .set("turnedPerSheet", &JsValue::from_f64(turned as f64))
                .strings("labels", &labels)
                .send()
        }
        Err(e) => reply.set("message", &JsValue::from_str(&e.to_string())).send(),
    }
}

fn main() {
    serve(handle);
}
