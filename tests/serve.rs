//! `hetproba serve` under load and abuse, on loopback only and bounded in time: each of the
//! server findings of issue 38 (one `Content-Length` of a terabyte, an endless header line, a
//! thousand slow connections, symbolic links out of the folder, an HTTP/2.0 request line), the
//! compression and caching a browser sees, and Ctrl-C.

#![cfg(unix)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A page in a folder of its own, with a secret beside it.
fn page(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hetproba-serve-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("page/pkg")).expect("a temporary folder");
    std::fs::write(dir.join("page/index.html"), "<!doctype html><title>board</title>").expect("written");
    std::fs::write(dir.join("page/pkg/app-0123abcd.js"), "export const x = 1;\n".repeat(500)).expect("written");
    std::fs::write(dir.join("secret.txt"), "secret").expect("written");
    dir
}

/// `hetproba serve --local --port 0` on a page, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start(dir: &Path) -> Server {
        Server::serving(Some(dir))
    }

    /// The page in `dir`, or without one the page built into the binary.
    fn serving(dir: Option<&Path>) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_hetproba"));
        command.args(["serve", "--local", "--port", "0"]);
        if let Some(dir) = dir {
            command.arg("--dir").arg(dir);
        }
        let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("hetproba starts");
        let stdout = child.stdout.take().expect("piped");
        let mut lines = BufReader::new(stdout).lines();
        let port = loop {
            let line = lines.next().expect("serve prints its address").expect("a line");
            if let Some(rest) = line.split("http://localhost:").nth(1) {
                break rest.trim_end_matches('/').parse().expect("a port");
            }
        };
        Server { child, port }
    }

    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connects");
        stream.set_read_timeout(Some(Duration::from_secs(20))).expect("a timeout");
        stream
    }

    /// One request on a connection of its own; the whole answer, as the server closes it.
    fn ask(&self, request: &str) -> String {
        let mut stream = self.connect();
        stream.write_all(request.as_bytes()).expect("sent");
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        String::from_utf8_lossy(&answer).into_owned()
    }

    fn get(&self, path: &str) -> String {
        self.ask(&format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"))
    }

    /// A field of /proc/PID/status (`VmRSS` in kB, `Threads`).
    fn status(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    }

    fn alive(&mut self) -> bool {
        self.child.try_wait().expect("a status").is_none()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn status_line(answer: &str) -> &str {
    answer.lines().next().unwrap_or("")
}

#[test]
fn the_page_is_served_compressed_and_cacheable_by_name() {
    let dir = page("basic");
    let server = Server::start(&dir.join("page"));
    let root = server.get("/");
    assert!(status_line(&root).starts_with("HTTP/1.1 200"), "{root}");
    assert!(root.contains("<title>board</title>") && root.to_ascii_lowercase().contains("cache-control: no-cache"), "{root}");
    let js = server.ask("GET /pkg/app-0123abcd.js HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip, br\r\nConnection: close\r\n\r\n");
    let head = js.to_ascii_lowercase();
    assert!(head.contains("content-encoding: br") && head.contains("immutable"), "{head}");
    let head = server.ask("HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assert!(status_line(&head).starts_with("HTTP/1.1 200") && !head.contains("<title>"), "{head}");
}

/// Without `--dir`, the page committed in crates/cli/page, built into the binary: a fresh clone
/// serves the web board without building any WebAssembly.
#[test]
fn without_a_folder_the_page_built_into_the_binary_is_served() {
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("page");
    let server = Server::serving(None);
    let root = server.get("/");
    let index = std::fs::read_to_string(committed.join("index.html")).expect("the committed page");
    assert!(status_line(&root).starts_with("HTTP/1.1 200") && root.ends_with(&index), "{}", &root[..root.len().min(400)]);
    let wasm = std::fs::read_dir(committed.join("pkg"))
        .expect("the committed page's pkg")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .find(|name| name.ends_with(".wasm"))
        .expect("a .wasm in the committed page");
    let size = std::fs::metadata(committed.join("pkg").join(&wasm)).expect("its size").len();
    let head = server.ask(&format!("HEAD /pkg/{wasm} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).to_ascii_lowercase();
    assert!(status_line(&head).starts_with("http/1.1 200") && head.contains("content-type: application/wasm"), "{head}");
    assert!(head.contains(&format!("content-length: {size}")) && head.contains("immutable"), "{head}");
}

/// Finding 1: one request with `Content-Length: 1000000000000` aborted the server (the body
/// was allocated when the request was dropped).
#[test]
fn a_terabyte_content_length_neither_stops_nor_swells_the_server() {
    let dir = page("length");
    let mut server = Server::start(&dir.join("page"));
    for method in ["GET", "POST", "PUT"] {
        let answer = server.ask(&format!("{method} / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000000\r\n\r\nabc"));
        assert!(status_line(&answer).starts_with("HTTP/1.1 "), "{method}: {answer}");
    }
    assert!(server.alive(), "the server is still running");
    assert!(status_line(&server.get("/")).starts_with("HTTP/1.1 200"));
    let rss = server.status("VmRSS");
    assert!(rss < 200_000, "{rss} kB resident");
}

/// Finding 2: a header line without an end grew memory with every byte.
#[test]
fn an_endless_header_line_is_refused_and_not_kept() {
    let dir = page("header");
    let mut server = Server::start(&dir.join("page"));
    let mut stream = server.connect();
    stream.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Endless: ").expect("sent");
    let chunk = vec![b'a'; 64 * 1024];
    let mut sent = 0usize;
    // Up to 64 MiB, or until the server closes the connection.
    while sent < 64 << 20 && stream.write_all(&chunk).is_ok() {
        sent += chunk.len();
    }
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.is_empty() || status_line(&answer).starts_with("HTTP/1.1 431"), "{answer}");
    assert!(sent < 64 << 20, "the server read on to {sent} bytes");
    assert!(server.alive());
    let rss = server.status("VmRSS");
    assert!(rss < 200_000, "{rss} kB resident");
    assert!(status_line(&server.get("/")).starts_with("HTTP/1.1 200"));
}

/// Finding 3: each slow connection held a thread (1000 held 960), and a thread that could not
/// start stopped the server. Now they hold no thread, the page is still served beside them, and
/// they are closed once the time to send a request's head is up.
#[test]
fn a_thousand_slow_connections_hold_no_threads_and_time_out() {
    let dir = page("slow");
    let mut server = Server::start(&dir.join("page"));
    let started = Instant::now();
    let slow: Vec<TcpStream> = (0..1000)
        .map(|_| {
            let mut s = server.connect();
            s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").expect("sent");
            s
        })
        .collect();
    assert!(status_line(&server.get("/")).starts_with("HTTP/1.1 200"), "served beside 1000 slow connections");
    let threads = server.status("Threads");
    assert!(threads <= 12, "{threads} threads");
    assert!(server.alive());
    // The time to send a head is 10 s: the slow ones are closed by then (a read sees the end).
    for mut s in slow.into_iter().step_by(100) {
        s.set_read_timeout(Some(Duration::from_secs(30))).expect("a timeout");
        let mut buf = [0u8; 512];
        let n = s.read(&mut buf).unwrap_or(0);
        assert!(n == 0 || String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 408"), "{}", String::from_utf8_lossy(&buf[..n]));
    }
    assert!(started.elapsed() < Duration::from_secs(30), "closed after {:?}", started.elapsed());
    assert!(status_line(&server.get("/")).starts_with("HTTP/1.1 200"));
}

/// Finding 4: symbolic links inside the folder were followed out of it.
#[test]
fn symbolic_links_out_of_the_folder_are_not_followed() {
    let dir = page("links");
    std::os::unix::fs::symlink(dir.join("secret.txt"), dir.join("page/secret.txt")).expect("a link");
    std::os::unix::fs::symlink(&dir, dir.join("page/up")).expect("a link");
    let server = Server::start(&dir.join("page"));
    for path in ["/secret.txt", "/up/secret.txt", "/../secret.txt", "/%2e%2e/secret.txt", "/up/../secret.txt"] {
        let answer = server.get(path);
        assert!(status_line(&answer).starts_with("HTTP/1.1 404") && !answer.ends_with("secret"), "{path}: {answer}");
    }
    // A link that leads out and back in names a file of the page: that one is served.
    assert!(status_line(&server.get("/up/page/index.html")).starts_with("HTTP/1.1 200"));
}

/// Finding 5: `GET / HTTP/2.0` got no answer and the connection was held. Now a version other
/// than HTTP/1.0 and 1.1 is refused at once and the connection closed.
#[test]
fn an_http_2_request_line_is_answered_and_closed() {
    let dir = page("h2");
    let server = Server::start(&dir.join("page"));
    for request in
        ["GET / HTTP/2.0\r\nHost: x\r\n\r\n", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "GET / HTTP/3\r\n\r\n", "GET / FTP/1.0\r\n\r\n"]
    {
        let started = Instant::now();
        let answer = server.ask(request);
        assert!(started.elapsed() < Duration::from_secs(5), "{request:?} held the connection");
        assert!(
            answer.is_empty() || status_line(&answer).starts_with("HTTP/1.1 505") || status_line(&answer).starts_with("HTTP/1.1 400"),
            "{request:?}: {answer}"
        );
    }
    // Refused, and the connection closed: hyper answers a version it does not speak 400.
    let answer = server.ask("GET / HTTP/2.0\r\nHost: x\r\n\r\n");
    assert!(status_line(&answer).starts_with("HTTP/1.1 400") && answer.contains("connection: close"), "{answer}");
}

/// Ctrl-C: no new connection is taken, open ones have their answers, and the server ends as
/// a program ended by SIGINT does (status 130).
#[test]
fn ctrl_c_stops_the_server_gracefully() {
    let dir = page("stop");
    let mut server = Server::start(&dir.join("page"));
    assert!(status_line(&server.get("/")).starts_with("HTTP/1.1 200"));
    let status = Command::new("kill").args(["-INT", &server.child.id().to_string()]).status().expect("kill runs");
    assert!(status.success());
    let started = Instant::now();
    let code = loop {
        if let Some(code) = server.child.try_wait().expect("a status") {
            break code;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "still running after Ctrl-C");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(code.code(), Some(130));
    assert!(TcpStream::connect(("127.0.0.1", server.port)).is_err(), "no longer listening");
}
