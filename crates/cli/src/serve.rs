//! `serve`: the web board over HTTP (by default the page built into the binary from
//! `crates/cli/page/`, which `cargo xtask web` writes; `--dir` a folder), on every address of
//! the machine, for a classroom on the local network. The page needs nothing of the
//! server but its files: the engine runs in each browser.
//!
//! Anyone on that network can reach it, so every resource a client can make it spend is
//! bounded: connections at once ([`MAX_CONNECTIONS`], more are closed at once), the time to send
//! a request's head ([`HEAD_TIMEOUT`], idle connections included) and a connection's whole life
//! ([`CONNECTION_LIFE`]), a request head's size ([`MAX_HEAD`]: an endless header line is refused,
//! not stored), a URL's length ([`MAX_URL`]); request bodies are never read (only GET and HEAD
//! are answered), and the threads are a fixed few. HTTP/1.0 and 1.1 only: any other version is
//! refused (400) and the connection closed. Files come from a [`Page`]: a folder, where nothing outside it is served (no
//! `..`, no symbolic link that leads out), or files built into the binary. `.wasm`, `.js` and
//! the other text files go out compressed (brotli or gzip, as the browser accepts), compressed
//! once and kept; a file whose name carries its content's hash (`app-3f2a9c1e.js`) may be kept
//! by the browser for a year, every other file is checked again each time (`ETag`). Ctrl-C stops
//! taking connections and gives those open [`DRAIN`] to finish.

use crate::CliError;
use bytes::Bytes;
use http_body_util::Full;
use hyper::body::Incoming;
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

#[derive(clap::Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port, printed).
    #[arg(long, default_value_t = 8080, value_parser = crate::bounds::integer(0u16, u16::MAX))]
    pub port: u16,
    /// A folder with a built page, as `cargo xtask web` writes into target/web (default: the
    /// page built into hetproba).
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Listen on this machine only (127.0.0.1), not on the local network.
    #[arg(long)]
    pub local: bool,
}

/// Connections open at once; one more is closed as soon as it is accepted. A class is a few
/// dozen browsers, each opening a handful.
pub const MAX_CONNECTIONS: usize = 1024;
/// The time a client has to send a request's head, from the connection's start or the end of
/// its last answer: a connection that says nothing is closed after it.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest a connection lives, however it spends its time (a client that reads an answer
/// a byte a minute).
pub const CONNECTION_LIFE: Duration = Duration::from_secs(120);
/// The largest request head (request line and headers) read; a larger one is answered 431.
pub const MAX_HEAD: usize = 16 * 1024;
/// The longest URL answered; a longer one is answered 414.
pub const MAX_URL: usize = 2048;
/// The largest file served from a folder: the page's largest, the .wasm, is a few MiB.
pub const MAX_FILE: u64 = 64 << 20;
/// After Ctrl-C, the time open connections have to finish their answers.
pub const DRAIN: Duration = Duration::from_secs(5);
/// Threads: the network's, and those that read and compress files.
const WORKERS: usize = 2;
const FILE_THREADS: usize = 4;

/// The page built into the binary: `crates/cli/page/`, the copy of the web board that `cargo
/// xtask web` writes and CI checks against a fresh build (`files.rs` is its index).
mod built_in {
    include!("../page/files.rs");
}
const BUILT_IN: &[(&str, &[u8])] = built_in::FILES;

/// Where the page's files come from.
pub enum Page {
    /// A folder on disk (its canonical path): files are read when asked for, so a page rebuilt
    /// while serving is served new.
    Dir(PathBuf),
    /// Files built into the binary: each path (`index.html`, `pkg/board.wasm`) with its bytes.
    Embedded(&'static [(&'static str, &'static [u8])]),
}

/// A file of the page, as read now.
struct Found {
    /// The path inside the page (`index.html` for the root).
    path: String,
    bytes: Bytes,
    /// When it last changed (a folder's file), to know a kept compression still fits it.
    modified: Option<SystemTime>,
}

impl Page {
    /// The page in `dir`, which must hold its index.html.
    pub fn dir(dir: &Path) -> Result<Page, CliError> {
        let canonical = dir.canonicalize().map_err(|e| CliError::failure(format!("cannot open {}: {e}", dir.display())))?;
        if !canonical.join("index.html").is_file() {
            return Err(CliError::failure(format!("{} holds no built page (index.html): run `cargo xtask web` first", dir.display())));
        }
        Ok(Page::Dir(canonical))
    }

    /// The file that `path` (decoded, without the leading `/`) names: a folder means its
    /// index.html. Nothing outside the page: each part of the path is a plain name, and the
    /// file found, symbolic links followed, must lie inside the folder.
    fn find(&self, path: &str) -> Option<Found> {
        let mut parts = Vec::new();
        for component in Path::new(path).components() {
            match component {
                Component::Normal(part) => parts.push(part.to_str()?),
                Component::CurDir => {}
                _ => return None,
            }
        }
        match self {
            Page::Embedded(files) => {
                let joined = parts.join("/");
                let index = if joined.is_empty() { "index.html".to_string() } else { format!("{joined}/index.html") };
                files.iter().find(|(p, _)| *p == joined).or_else(|| files.iter().find(|(p, _)| *p == index)).map(|(p, bytes)| Found {
                    path: p.to_string(),
                    bytes: Bytes::from_static(bytes),
                    modified: None,
                })
            }
            Page::Dir(root) => {
                let mut file = root.clone();
                file.extend(&parts);
                let mut file = file.canonicalize().ok()?;
                if file.is_dir() {
                    file = file.join("index.html").canonicalize().ok()?;
                }
                let inside = file.strip_prefix(root).ok()?.to_str()?.replace(std::path::MAIN_SEPARATOR, "/");
                let meta = std::fs::metadata(&file).ok().filter(|m| m.is_file() && m.len() <= MAX_FILE)?;
                let bytes = std::fs::read(&file).ok()?;
                Some(Found { path: inside, bytes: Bytes::from(bytes), modified: meta.modified().ok() })
            }
        }
    }
}

pub fn serve(args: &ServeArgs) -> Result<(), CliError> {
    let page = match &args.dir {
        Some(dir) => Page::dir(dir)?,
        None => Page::Embedded(BUILT_IN),
    };
    let shown = match &page {
        Page::Dir(dir) => dir.display().to_string(),
        Page::Embedded(_) => "the files built into hetproba".to_string(),
    };
    let host = if args.local { "127.0.0.1" } else { "0.0.0.0" };
    let listener = std::net::TcpListener::bind((host, args.port))
        .and_then(|l| l.set_nonblocking(true).map(|()| l))
        .map_err(|e| CliError::failure(format!("cannot listen on port {}: {e}", args.port)))?;
    let port = listener.local_addr().map(|a| a.port()).unwrap_or(args.port);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(WORKERS)
        .max_blocking_threads(FILE_THREADS)
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| CliError::failure(format!("cannot start the server: {e}")))?;
    crate::outln!("serving the web board from {shown} (Ctrl-C stops)");
    crate::outln!("  on this machine:      http://localhost:{port}/");
    if !args.local
        && let Some(ip) = local_address()
    {
        crate::outln!("  on the local network: http://{ip}:{port}/");
    }
    let stop = Arc::new(tokio::sync::Notify::new());
    let signal = Arc::new(Mutex::new(None));
    {
        let (stop, signal) = (Arc::clone(&stop), Arc::clone(&signal));
        crate::files::interrupt::divert(Box::new(move |number| {
            *signal.lock().unwrap_or_else(|e| e.into_inner()) = Some(number);
            stop.notify_one();
        }));
    }
    let served = runtime.block_on(run(listener, Arc::new(Server { page, kept: Mutex::new(HashMap::new()) }), stop));
    served.map_err(|e| CliError::failure(format!("cannot serve on port {port}: {e}")))?;
    match *signal.lock().unwrap_or_else(|e| e.into_inner()) {
        Some(number) => Err(CliError { message: String::new(), status: u8::try_from(128 + number).unwrap_or(1) }),
        None => Ok(()),
    }
}

/// Accepts connections until `stop`, then lets the open ones finish within [`DRAIN`].
async fn run(listener: std::net::TcpListener, server: Arc<Server>, stop: Arc<tokio::sync::Notify>) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let slots = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(hyper_util::rt::TokioTimer::new()).header_read_timeout(HEAD_TIMEOUT).max_buf_size(MAX_HEAD);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    loop {
        let accepted = tokio::select! {
            () = stop.notified() => break,
            accepted = listener.accept() => accepted,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            // Out of file descriptors, or a connection reset before it was accepted: the others
            // go on, and a moment later so does accepting.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let Ok(slot) = Arc::clone(&slots).try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let server = Arc::clone(&server);
        let service = hyper::service::service_fn(move |request: Request<Incoming>| {
            let server = Arc::clone(&server);
            async move { Ok::<_, std::convert::Infallible>(server.answer_request(request).await) }
        });
        let connection = graceful.watch(http.serve_connection(hyper_util::rt::TokioIo::new(stream), service));
        tokio::spawn(async move {
            // A client that went away, or one too slow, is no error of ours.
            let _ = tokio::time::timeout(CONNECTION_LIFE, connection).await;
            drop(slot);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(DRAIN, graceful.shutdown()).await;
    Ok(())
}

/// The page and the compressed files kept.
struct Server {
    page: Page,
    /// Per file and encoding: the compressed bytes, for the file as it was.
    kept: Mutex<HashMap<(String, Encoding), Kept>>,
}

struct Kept {
    length: usize,
    modified: Option<SystemTime>,
    bytes: Bytes,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Encoding {
    Brotli,
    Gzip,
}

impl Encoding {
    fn name(self) -> &'static str {
        match self {
            Encoding::Brotli => "br",
            Encoding::Gzip => "gzip",
        }
    }

    fn compress(self, bytes: &[u8]) -> Option<Vec<u8>> {
        use std::io::Write;
        match self {
            Encoding::Brotli => {
                let mut out = Vec::new();
                // Quality 9 of 11: most of the gain at a small part of the time (a 2 MiB .wasm
                // in under a second, once).
                let params = brotli::enc::BrotliEncoderParams { quality: 9, lgwin: 22, ..Default::default() };
                brotli::BrotliCompress(&mut &bytes[..], &mut out, &params).ok()?;
                Some(out)
            }
            Encoding::Gzip => {
                let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
                encoder.write_all(bytes).ok()?;
                encoder.finish().ok()
            }
        }
    }
}

impl Server {
    async fn answer_request(self: Arc<Self>, request: Request<Incoming>) -> Response<Full<Bytes>> {
        let (parts, _body) = request.into_parts();
        let server = Arc::clone(&self);
        // Reading and compressing files blocks: on the few file threads.
        tokio::task::spawn_blocking(move || server.answer(&parts.method, &parts.uri.to_string(), &parts.headers))
            .await
            .unwrap_or_else(|_| text(StatusCode::INTERNAL_SERVER_ERROR, "internal error"))
    }

    /// The answer to one request: a file of the page for GET and HEAD.
    fn answer(&self, method: &Method, uri: &str, headers: &HeaderMap) -> Response<Full<Bytes>> {
        if method != Method::GET && method != Method::HEAD {
            let mut response = text(StatusCode::METHOD_NOT_ALLOWED, "only GET and HEAD");
            response.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
            return response;
        }
        if uri.len() > MAX_URL {
            return text(StatusCode::URI_TOO_LONG, "the address is too long");
        }
        let path = uri.split(['?', '#']).next().unwrap_or("");
        let Some(found) = percent_decode(path).and_then(|p| self.page.find(p.trim_start_matches('/'))) else {
            return text(StatusCode::NOT_FOUND, "not found");
        };
        let tag = format!("\"{:016x}\"", fnv(&found.bytes));
        let kind = content_type(&found.path);
        let mut response =
            if headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).is_some_and(|v| v.split(',').any(|t| t.trim() == tag)) {
                let mut response = Response::new(Full::new(Bytes::new()));
                *response.status_mut() = StatusCode::NOT_MODIFIED;
                response
            } else {
                let encoding = compressible(kind, found.bytes.len()).then(|| accepted(headers)).flatten();
                let (bytes, encoding) = match encoding.and_then(|e| self.compressed(&found, e).map(|b| (b, e))) {
                    Some((bytes, e)) => (bytes, Some(e)),
                    None => (found.bytes.clone(), None),
                };
                let mut response = Response::new(Full::new(bytes));
                if let Some(e) = encoding {
                    response.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static(e.name()));
                }
                response
            };
        let out = response.headers_mut();
        out.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
        out.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
        if compressible(kind, found.bytes.len()) {
            out.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        }
        if let Ok(tag) = HeaderValue::from_str(&tag) {
            out.insert(header::ETAG, tag);
        }
        let cache = if content_hashed(&found.path) { "public, max-age=31536000, immutable" } else { "no-cache" };
        out.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
        response
    }

    /// The file compressed, from what is kept when it still fits the file.
    fn compressed(&self, found: &Found, encoding: Encoding) -> Option<Bytes> {
        let key = (found.path.clone(), encoding);
        let fits = |k: &Kept| k.length == found.bytes.len() && k.modified == found.modified;
        if let Some(kept) = self.kept.lock().unwrap_or_else(|e| e.into_inner()).get(&key).filter(|k| fits(k)) {
            return Some(kept.bytes.clone());
        }
        let bytes = Bytes::from(encoding.compress(&found.bytes)?);
        let kept = Kept { length: found.bytes.len(), modified: found.modified, bytes: bytes.clone() };
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).insert(key, kept);
        Some(bytes)
    }
}

fn text(status: StatusCode, body: &'static str) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from_static(body.as_bytes())));
    *response.status_mut() = status;
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    response
}

/// The encoding to answer in, brotli first, as `Accept-Encoding` allows (a `q=0` refuses one).
fn accepted(headers: &HeaderMap) -> Option<Encoding> {
    let list = headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok()).collect::<Vec<_>>().join(",");
    let allows = |name: &str| {
        list.split(',').any(|item| {
            let mut fields = item.split(';').map(str::trim);
            fields.next().is_some_and(|n| n.eq_ignore_ascii_case(name))
                && fields.all(|f| f.strip_prefix("q=").is_none_or(|q| q.parse::<f32>().is_ok_and(|q| q > 0.0)))
        })
    };
    [Encoding::Brotli, Encoding::Gzip].into_iter().find(|e| allows(e.name()))
}

/// Worth compressing: text and WebAssembly, above a size where the headers cost more.
fn compressible(kind: &str, length: usize) -> bool {
    length >= 1024
        && (kind.starts_with("text/")
            || kind.starts_with("application/wasm")
            || kind.starts_with("application/json")
            || kind == "image/svg+xml")
}

/// A name whose last part before the extension is a hash of 8 to 64 hex digits, after `-` or
/// `.` (`hetproba_web_bg-1a2b3c4d.wasm`, `app.0f3e9a2b.js`): its content never changes.
fn content_hashed(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
    stem.rsplit_once(['-', '.']).is_some_and(|(_, hash)| (8..=64).contains(&hash.len()) && hash.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// FNV-1a: the entity tag of a file's bytes.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// The address other machines on the network reach this one at: the one a route out would
/// leave from (a UDP socket's connect sends nothing).
fn local_address() -> Option<std::net::IpAddr> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified()).then_some(ip)
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
fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map_or("", |(_, extension)| extension) {
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

    fn page(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hetproba-serve-{}-{name}", std::process::id()));
        std::fs::create_dir_all(dir.join("page/pkg")).unwrap();
        std::fs::write(dir.join("page/index.html"), "<!doctype html>board").unwrap();
        std::fs::write(dir.join("page/pkg/a b.wasm"), b"\0asm").unwrap();
        std::fs::write(dir.join("page/pkg/big.js"), "let x = 1;\n".repeat(1000)).unwrap();
        std::fs::write(dir.join("secret.txt"), "no").unwrap();
        dir
    }

    fn server(page: Page) -> Server {
        Server { page, kept: Mutex::new(HashMap::new()) }
    }

    fn get(server: &Server, url: &str, headers: &[(&'static str, &'static str)]) -> Response<Full<Bytes>> {
        let mut map = HeaderMap::new();
        for (name, value) in headers {
            map.insert(*name, HeaderValue::from_static(value));
        }
        server.answer(&Method::GET, url, &map)
    }

    fn body(response: Response<Full<Bytes>>) -> Vec<u8> {
        use http_body_util::BodyExt;
        let collect = response.into_body().collect();
        let mut collect = std::pin::pin!(collect);
        let waker = std::task::Waker::noop();
        match collect.as_mut().poll(&mut std::task::Context::from_waker(waker)) {
            std::task::Poll::Ready(Ok(collected)) => collected.to_bytes().to_vec(),
            _ => panic!("a full body is ready at once"),
        }
    }

    fn header(response: &Response<Full<Bytes>>, name: header::HeaderName) -> &str {
        response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
    }

    #[test]
    fn the_root_is_the_page_and_files_have_their_types() {
        let dir = page("types");
        let server = server(Page::dir(&dir.join("page")).unwrap());
        let root = get(&server, "/", &[]);
        assert_eq!((root.status(), header(&root, header::CONTENT_TYPE)), (StatusCode::OK, "text/html; charset=utf-8"));
        assert_eq!(header(&root, header::CACHE_CONTROL), "no-cache");
        assert_eq!(body(root), b"<!doctype html>board");
        assert_eq!(header(&get(&server, "/pkg/a%20b.wasm?v=1", &[]), header::CONTENT_TYPE), "application/wasm");
    }

    #[test]
    fn nothing_outside_the_page_is_served() {
        let dir = page("outside");
        let server = server(Page::dir(&dir.join("page")).unwrap());
        for url in ["/../secret.txt", "/pkg/../../secret.txt", "/%2e%2e/secret.txt", "//etc/passwd", "/missing.js", "/%zz"] {
            assert_eq!(get(&server, url, &[]).status(), StatusCode::NOT_FOUND, "{url}");
        }
        let post = server.answer(&Method::POST, "/", &HeaderMap::new());
        assert_eq!((post.status(), header(&post, header::ALLOW)), (StatusCode::METHOD_NOT_ALLOWED, "GET, HEAD"));
        assert_eq!(get(&server, &format!("/{}", "a".repeat(MAX_URL)), &[]).status(), StatusCode::URI_TOO_LONG);
    }

    #[cfg(unix)]
    #[test]
    fn symbolic_links_out_of_the_page_are_not_followed() {
        let dir = page("links");
        std::os::unix::fs::symlink(dir.join("secret.txt"), dir.join("page/out.txt")).unwrap();
        std::os::unix::fs::symlink(&dir, dir.join("page/up")).unwrap();
        std::os::unix::fs::symlink(dir.join("page/index.html"), dir.join("page/in.html")).unwrap();
        let server = server(Page::dir(&dir.join("page")).unwrap());
        for url in ["/out.txt", "/up/secret.txt"] {
            assert_eq!(get(&server, url, &[]).status(), StatusCode::NOT_FOUND, "{url}");
        }
        // A link that stays inside is served, as is a file of the page reached through a link
        // that leads out and back in.
        assert_eq!(get(&server, "/in.html", &[]).status(), StatusCode::OK);
        assert_eq!(get(&server, "/up/page/index.html", &[]).status(), StatusCode::OK);
    }

    #[test]
    fn text_and_wasm_go_out_compressed_as_the_browser_accepts() {
        let dir = page("compressed");
        let server = server(Page::dir(&dir.join("page")).unwrap());
        let plain = std::fs::read(dir.join("page/pkg/big.js")).unwrap();
        let br = get(&server, "/pkg/big.js", &[("accept-encoding", "gzip, deflate, br")]);
        assert_eq!((header(&br, header::CONTENT_ENCODING), header(&br, header::VARY)), ("br", "Accept-Encoding"));
        let mut unpacked = Vec::new();
        brotli::BrotliDecompress(&mut &body(br)[..], &mut unpacked).unwrap();
        assert_eq!(unpacked, plain);
        let gzip = get(&server, "/pkg/big.js", &[("accept-encoding", "gzip, br;q=0")]);
        assert_eq!(header(&gzip, header::CONTENT_ENCODING), "gzip");
        let mut unpacked = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&body(gzip)[..]), &mut unpacked).unwrap();
        assert_eq!(unpacked, plain);
        let none = get(&server, "/pkg/big.js", &[]);
        assert_eq!(header(&none, header::CONTENT_ENCODING), "");
        assert_eq!(body(none), plain);
        // Too small to gain: as it is.
        assert_eq!(header(&get(&server, "/", &[("accept-encoding", "br")]), header::CONTENT_ENCODING), "");
    }

    #[test]
    fn content_hashed_names_are_kept_and_others_checked_by_their_tag() {
        let page = Page::Embedded(&[("index.html", b"<!doctype html>"), ("pkg/board-0123456789abcdef.wasm", b"\0asm")]);
        let server = server(page);
        let wasm = get(&server, "/pkg/board-0123456789abcdef.wasm", &[]);
        assert_eq!(header(&wasm, header::CACHE_CONTROL), "public, max-age=31536000, immutable");
        let root = get(&server, "/", &[]);
        let tag = header(&root, header::ETAG).to_string();
        assert!(tag.starts_with('"') && tag.len() == 18, "{tag}");
        let mut again = HeaderMap::new();
        again.insert(header::IF_NONE_MATCH, HeaderValue::from_str(&tag).unwrap());
        let unchanged = server.answer(&Method::GET, "/", &again);
        assert_eq!(unchanged.status(), StatusCode::NOT_MODIFIED);
        assert!(body(unchanged).is_empty());
        for (name, hashed) in [
            ("app-3f2a9c1e.js", true),
            ("app.3f2a9c1e.js", true),
            ("app.js", false),
            ("sw.js", false),
            ("hetproba_web_bg.wasm", false),
            ("x-zz2a9c1e.js", false),
        ] {
            assert_eq!(content_hashed(name), hashed, "{name}");
        }
    }
}
