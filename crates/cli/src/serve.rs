//! `serve`: the web board (built by `cargo xtask web` into `target/web/`) over HTTP, on every
//! address of the machine, for a classroom on the local network. The page needs nothing of the
//! server but its files: the engine runs in each browser.

use crate::CliError;
use std::path::{Component, Path, PathBuf};

#[derive(clap::Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port, printed).
    #[arg(long, default_value_t = 8080, value_parser = crate::bounds::integer(0u16, u16::MAX))]
    pub port: u16,
    /// The built page (default: target/web beside the binary's folder, then in the current
    /// directory).
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Listen on this machine only (127.0.0.1), not on the local network.
    #[arg(long)]
    pub local: bool,
}

/// Requests answered at once: a class loading the page together does not wait in one line.
const THREADS: usize = 4;

pub fn serve(args: &ServeArgs) -> Result<(), CliError> {
    let dir = match &args.dir {
        Some(dir) => dir.clone(),
        None => default_dir()
            .ok_or_else(|| CliError::failure("the web board is not built: run `cargo xtask web` first, or give --dir with a built page"))?,
    };
    if !dir.join("index.html").is_file() {
        return Err(CliError::failure(format!("{} holds no built page (index.html): run `cargo xtask web` first", dir.display())));
    }
    let host = if args.local { "127.0.0.1" } else { "0.0.0.0" };
    let server =
        tiny_http::Server::http((host, args.port)).map_err(|e| CliError::failure(format!("cannot listen on port {}: {e}", args.port)))?;
    let port = server.server_addr().to_ip().map(|a| a.port()).unwrap_or(args.port);
    crate::outln!("serving the web board from {} (Ctrl-C stops)", dir.display());
    crate::outln!("  on this machine:      http://localhost:{port}/");
    if !args.local
        && let Some(ip) = local_address()
    {
        crate::outln!("  on the local network: http://{ip}:{port}/");
    }
    std::thread::scope(|scope| {
        for _ in 0..THREADS {
            scope.spawn(|| {
                for request in server.incoming_requests() {
                    let response = respond(&dir, request.method(), request.url());
                    // A browser that went away mid-answer is no error of ours.
                    let _ = request.respond(response);
                }
            });
        }
    });
    Ok(())
}

/// `target/web` of the build the binary belongs to (`target/release/hetproba`), else of the
/// current directory.
fn default_dir() -> Option<PathBuf> {
    let beside = std::env::current_exe().ok().and_then(|exe| Some(exe.parent()?.parent()?.join("web")));
    [beside, Some(PathBuf::from("target/web"))].into_iter().flatten().find(|d| d.join("index.html").is_file())
}

/// The address other machines on the network reach this one at: the one a route out would
/// leave from (a UDP socket's connect sends nothing).
fn local_address() -> Option<std::net::IpAddr> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified()).then_some(ip)
}

type Response = tiny_http::Response<std::io::Cursor<Vec<u8>>>;

/// The answer to one request: a file of the page for GET and HEAD, 404 for anything outside it.
fn respond(dir: &Path, method: &tiny_http::Method, url: &str) -> Response {
    if !matches!(method, tiny_http::Method::Get | tiny_http::Method::Head) {
        return text(405, "only GET and HEAD");
    }
    let Some(path) = file_of(dir, url) else { return text(404, "not found") };
    match std::fs::read(&path) {
        Ok(bytes) => {
            let mut response = tiny_http::Response::from_data(bytes);
            for (name, value) in [("Content-Type", content_type(&path)), ("Cache-Control", "no-cache")] {
                if let Ok(h) = tiny_http::Header::from_bytes(name, value) {
                    response.add_header(h);
                }
            }
            response
        }
        Err(_) => text(404, "not found"),
    }
}

fn text(status: u16, body: &str) -> Response {
    tiny_http::Response::from_string(body).with_status_code(status)
}

/// The file a URL names inside `dir`: its path without query, each part a plain name (no `..`,
/// no root), a folder meaning its index.html.
fn file_of(dir: &Path, url: &str) -> Option<PathBuf> {
    let path = url.split(['?', '#']).next().unwrap_or("");
    let path = percent_decode(path)?;
    let mut file = dir.to_path_buf();
    for component in Path::new(path.trim_start_matches('/')).components() {
        match component {
            Component::Normal(part) => file.push(part),
            Component::CurDir => {}
            _ => return None,
        }
    }
    if file.is_dir() {
        file.push("index.html");
    }
    file.is_file().then_some(file)
}

/// `%20` and the like; None for a malformed escape or bytes that are not UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The media type of a file of the page; `.wasm` must be `application/wasm` for the browser to
/// compile it while it loads.
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" | "webmanifest" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "toml" | "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page() -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hetproba-serve-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("pkg")).unwrap();
        std::fs::write(dir.join("index.html"), "<!doctype html>board").unwrap();
        std::fs::write(dir.join("pkg/a b.wasm"), b"\0asm").unwrap();
        dir
    }

    fn get(dir: &Path, url: &str) -> (u16, String, String) {
        let response = respond(dir, &tiny_http::Method::Get, url);
        let status = response.status_code().0;
        let kind = response.headers().iter().find(|h| h.field.equiv("Content-Type")).map(|h| h.value.to_string()).unwrap_or_default();
        let mut body = String::new();
        std::io::Read::read_to_string(&mut response.into_reader(), &mut body).unwrap_or_default();
        (status, kind, body)
    }

    #[test]
    fn the_root_is_the_page_and_files_have_their_types() {
        let dir = page();
        let (status, kind, body) = get(&dir, "/");
        assert_eq!((status, kind.as_str(), body.as_str()), (200, "text/html; charset=utf-8", "<!doctype html>board"));
        assert_eq!(get(&dir, "/pkg/a%20b.wasm?v=1").1, "application/wasm");
    }

    #[test]
    fn nothing_outside_the_page_is_served() {
        let dir = page();
        std::fs::write(dir.parent().unwrap().join("secret.txt"), "no").unwrap();
        for url in ["/../secret.txt", "/pkg/../../secret.txt", "/%2e%2e/secret.txt", "//etc/passwd", "/missing.js", "/%zz"] {
            assert_eq!(get(&dir, url).0, 404, "{url}");
        }
        let post = respond(&dir, &tiny_http::Method::Post, "/");
        assert_eq!(post.status_code().0, 405);
    }
}
