// The web board, built by `cargo xtask web` with rustc 1.95.0 (59807616e 2026-04-14), wasm-bindgen 0.2.130; do not edit (CI checks it
// against a build with `cargo xtask web --check`). Each file of the page and its bytes.
pub const FILES: &[(&str, &[u8])] = &[
    ("app.js", include_bytes!("app.js")),
    ("favicon.svg", include_bytes!("favicon.svg")),
    ("i18n.js", include_bytes!("i18n.js")),
    ("index.html", include_bytes!("index.html")),
    ("manifest.webmanifest", include_bytes!("manifest.webmanifest")),
    ("style.css", include_bytes!("style.css")),
    ("sw.js", include_bytes!("sw.js")),
    ("worker.js", include_bytes!("worker.js")),
    ("pkg/hetproba_web.js", include_bytes!("pkg/hetproba_web.js")),
    ("pkg/hetproba_web.46c379b44ef4b91b.wasm", include_bytes!("pkg/hetproba_web.46c379b44ef4b91b.wasm")),
];
