//! The engine's parts import each other in no large circle. Read from the sources: a module is
//! a file of `src/` (`moves/mod.rs` is `moves`, `moves/ray.rs` is `moves::ray`); module A
//! depends on B when A names a path `crate::…` or `super::…` that leads into B (the longest
//! prefix that is a module; `crate::Name` re-exported by lib.rs leads to the module it comes
//! from), and, stricter than the paths alone, every module depends on the modules it declares.
//! A module's `#[cfg(test)] mod tests` is left out: nothing names it, so it is in no circle.
//! The strongly connected components of that graph are the circles; none may hold more than
//! [`MOST`] modules.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The most modules one import circle may span.
const MOST: usize = 4;

#[test]
fn no_import_circle_spans_more_than_four_modules() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules = read_modules(&src);
    let graph = dependencies(&modules);
    let circles: Vec<Vec<String>> = components(&graph).into_iter().filter(|c| c.len() > 1).collect();
    let largest = circles.iter().map(Vec::len).max().unwrap_or(1);
    // The measure, shown with `--nocapture`.
    println!("{} modules; the largest import circle spans {largest}: {circles:?}", modules.len());
    assert!(modules.len() > 20, "the engine's sources were not found under {}", src.display());
    assert!(largest <= MOST, "an import circle spans {largest} modules (at most {MOST}): {circles:?}");
}

#[test]
fn a_circle_is_found() {
    // The measure itself: a → b → c → a by paths, d declared by a and naming it back.
    let modules: BTreeMap<String, String> = [
        ("", "mod a;"),
        ("a", "use crate::b::X; mod d;"),
        ("b", "fn f() { crate::c::g() }"),
        ("c", "use crate::{a::Y, b};"),
        ("a::d", "use super::Z;"),
        ("e", "use crate::b::X;\n#[cfg(test)]\nmod tests { use crate::e; }"),
    ]
    .into_iter()
    .map(|(m, text)| (m.to_string(), text.to_string()))
    .collect();
    let circles: Vec<Vec<String>> = components(&dependencies(&modules)).into_iter().filter(|c| c.len() > 1).collect();
    assert_eq!(circles, vec![vec!["a", "a::d", "b", "c"]]);
}

/// Every module of `src`, by name, with its text.
fn read_modules(src: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("reads the source folder") {
            let path = entry.expect("reads an entry").path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).expect("under src").with_extension("");
            let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
            if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
                parts.pop();
            }
            out.insert(parts.join("::"), std::fs::read_to_string(&path).expect("reads a source file"));
        }
    }
    out
}

/// The code of a module: without its test module and its line comments.
fn code(text: &str) -> String {
    let text = text.find("#[cfg(test)]\nmod tests").map_or(text, |i| &text[..i]);
    text.lines().map(|line| line.find("//").map_or(line, |i| &line[..i])).collect::<Vec<_>>().join("\n")
}

/// Which modules each module depends on (itself left out).
fn dependencies(modules: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let within = |base: &[String], segments: &[String]| -> String {
        let mut full: Vec<String> = base.to_vec();
        full.extend_from_slice(segments);
        (0..=full.len()).rev().map(|k| full[..k].join("::")).find(|m| modules.contains_key(m)).unwrap_or_default()
    };
    // `crate::Name` through a `pub use` of lib.rs: the module it comes from.
    let mut exported: BTreeMap<String, String> = BTreeMap::new();
    if let Some(lib) = modules.get("") {
        for statement in code(lib).split(';') {
            let Some(rest) = statement.trim().strip_prefix("pub use ") else { continue };
            for path in paths(rest) {
                if let Some(name) = path.last() {
                    let from = within(&[], &path[..path.len() - 1]);
                    if !from.is_empty() {
                        exported.insert(name.clone(), from);
                    }
                }
            }
        }
    }
    let mut graph: BTreeMap<String, BTreeSet<String>> = modules.keys().map(|m| (m.clone(), BTreeSet::new())).collect();
    for (module, text) in modules {
        let here: Vec<String> = if module.is_empty() { Vec::new() } else { module.split("::").map(str::to_string).collect() };
        let text = code(text);
        let mut targets = BTreeSet::new();
        let mut rest = text.as_str();
        while let Some(at) = find_root(rest) {
            let before_ok = at == 0 || !rest[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':');
            let mut tail = &rest[at..];
            let mut base = here.clone();
            let root = if let Some(t) = tail.strip_prefix("crate::") {
                tail = t;
                base.clear();
                true
            } else {
                while let Some(t) = tail.strip_prefix("super::") {
                    tail = t;
                    base.pop();
                }
                false
            };
            if before_ok {
                for path in paths(tail) {
                    let target = within(&base, &path);
                    let target = match (root && target.is_empty(), path.first().and_then(|name| exported.get(name))) {
                        (true, Some(from)) => from.clone(),
                        _ => target,
                    };
                    targets.insert(target);
                }
                if paths(tail).is_empty() {
                    targets.insert(base.join("::"));
                }
            }
            rest = &rest[at + 1..];
        }
        // A module depends on the modules it declares.
        let prefix = if module.is_empty() { String::new() } else { format!("{module}::") };
        for other in modules.keys() {
            if let Some(child) = other.strip_prefix(&prefix)
                && !other.is_empty()
                && other != module
                && !child.contains("::")
            {
                targets.insert(other.clone());
            }
        }
        targets.remove(module);
        graph.insert(module.clone(), targets);
    }
    graph
}

/// Where the next `crate::` or `super::` path starts.
fn find_root(text: &str) -> Option<usize> {
    match (text.find("crate::"), text.find("super::")) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The paths a use tree (or a plain path) names: `a::b`, `{a::X, b}`, `a::{X, Y}`.
fn paths(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    tree(&mut text.chars().peekable(), &mut Vec::new(), &mut out);
    out
}

fn tree(chars: &mut std::iter::Peekable<std::str::Chars>, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let depth = prefix.len();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.peek() == Some(&'{') {
            chars.next();
            loop {
                tree(chars, prefix, out);
                while chars.peek().is_some_and(|c| c.is_whitespace()) {
                    chars.next();
                }
                match chars.next() {
                    Some(',') => continue,
                    _ => break,
                }
            }
            break;
        }
        let mut ident = String::new();
        while let Some(&c) = chars.peek() {
            if c.is_alphanumeric() || c == '_' {
                ident.push(c);
                chars.next();
            } else {
                break;
            }
        }
        if ident.is_empty() {
            break;
        }
        prefix.push(ident);
        let mut look = chars.clone();
        if look.next() == Some(':') && look.next() == Some(':') {
            chars.next();
            chars.next();
            continue;
        }
        out.push(prefix.clone());
        break;
    }
    prefix.truncate(depth);
}

/// The strongly connected components of `graph` (Tarjan's algorithm), each sorted.
fn components(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in &s.graph[v] {
            let w = w.as_str();
            if !s.graph.contains_key(w) {
                continue;
            }
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w.to_string());
                if w == v {
                    break;
                }
            }
            component.sort();
            s.out.push(component);
        }
    }
    let mut state =
        State { graph, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), on_stack: BTreeSet::new(), out: Vec::new() };
    for v in graph.keys() {
        if !state.index.contains_key(v.as_str()) {
            visit(&mut state, v);
        }
    }
    state.out
}
