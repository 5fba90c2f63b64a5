//! Reading the files a command is given: only regular files, and only up to a size that depends
//! on what the file is, so that `show /dev/zero` or a mistyped path to a huge file is refused
//! with a message instead of reading without end. Writing files whole or not at all.

use std::io::{BufWriter, Read, Write};
use std::path::PathBuf;

/// What a file is read as, and the most it may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A ruleset `.toml` file (and every file it extends): at most 1 MiB. The largest built-in
    /// ruleset is 25 KB.
    Ruleset,
    /// A game record (`replay`, `play --resume`): at most 16 MiB.
    Record,
    /// Game lines written by `selfplay` (`stats`): at most 1 GiB per file; larger runs split
    /// into shards.
    Games,
}

impl Kind {
    pub const fn max_bytes(self) -> u64 {
        match self {
            Kind::Ruleset => 1 << 20,
            Kind::Record => 16 << 20,
            Kind::Games => 1 << 30,
        }
    }

    fn what(self) -> &'static str {
        match self {
            Kind::Ruleset => "a ruleset file",
            Kind::Record => "a game record",
            Kind::Games => "a file of game lines",
        }
    }
}

/// A size in words: `1 MiB`, `16 MiB`, `1 GiB`, or bytes.
fn size_words(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 && b.is_multiple_of(1 << 30) => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b.is_multiple_of(1 << 20) => format!("{} MiB", b >> 20),
        b => format!("{b} bytes"),
    }
}

/// Reads a text file of the given kind whole, or says why not in one line: it is missing or
/// unreadable, not a regular file (a directory, a device, a pipe), larger than the kind allows,
/// or not UTF-8.
pub fn read_text(path: &str, kind: Kind) -> Result<String, String> {
    let fail = |why: String| format!("cannot read {path}: {why}");
    // The path first: opening a pipe would wait for a writer.
    let meta = std::fs::metadata(path).map_err(|e| fail(e.to_string()))?;
    if !meta.is_file() {
        return Err(fail(format!("not a regular file ({})", if meta.is_dir() { "a directory" } else { "a device, pipe or socket" })));
    }
    let max = kind.max_bytes();
    let too_large = |size: u64| fail(format!("{} may be at most {} and this one is {size} bytes", kind.what(), size_words(max)));
    if meta.len() > max {
        return Err(too_large(meta.len()));
    }
    let file = std::fs::File::open(path).map_err(|e| fail(e.to_string()))?;
    // The file may have grown since: read one byte past the limit at most.
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(max + 1).read_to_end(&mut bytes).map_err(|e| fail(e.to_string()))?;
    if bytes.len() as u64 > max {
        return Err(too_large(bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|e| fail(format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to() + 1)))
}

/// A file written whole or not at all (`play --record`, `selfplay --out`, `championship --out`):
/// a regular file, or a new one, is written to `NAME.part` beside it and renamed over it by
/// [`Output::commit`]; through a symbolic link, the file it points to. Anything else that exists
/// (`/dev/null`, a pipe, a terminal) is written in place: renaming over it would replace it.
pub struct Output {
    file: BufWriter<std::fs::File>,
    /// (the temporary file, the file it becomes)
    rename: Option<(PathBuf, PathBuf)>,
    path: String,
}

impl Output {
    pub fn create(path: &str) -> Result<Output, String> {
        let fail = |e: std::io::Error| format!("cannot write {path}: {e}");
        let rename = match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => return Err(format!("cannot write {path}: it is a directory")),
            Ok(meta) if !meta.is_file() => None,
            Ok(meta) if meta.is_file() => {
                let target = std::fs::canonicalize(path).map_err(fail)?;
                let mut temp = target.clone().into_os_string();
                temp.push(".part");
                Some((PathBuf::from(temp), target))
            }
            _ => Some((PathBuf::from(format!("{path}.part")), PathBuf::from(path))),
        };
        let opened = match &rename {
            // The temporary file's own error, under its own name: the target may be fine.
            Some((temp, _)) => {
                std::fs::File::create(temp).map_err(|e| format!("cannot write {}, the temporary file for {path}: {e}", temp.display()))?
            }
            None => std::fs::OpenOptions::new().write(true).open(path).map_err(fail)?,
        };
        if let Some((temp, _)) = &rename {
            interrupt::remove_on_signal(temp);
        }
        Ok(Output { file: BufWriter::new(opened), rename, path: path.to_string() })
    }

    /// Flushes the text and puts it in place; on failure the temporary file is removed.
    pub fn commit(mut self) -> Result<(), String> {
        if let Err(e) = self.file.flush() {
            self.abandon();
            return Err(format!("cannot write {}: {e}", self.path));
        }
        if let Some((temp, target)) = &self.rename {
            let renamed = std::fs::rename(temp, target);
            interrupt::keep(temp);
            if let Err(e) = renamed {
                self.abandon();
                return Err(format!("cannot rename {} to {}: {e}", temp.display(), target.display()));
            }
        }
        Ok(())
    }

    /// Removes the temporary file, leaving the target as it was.
    pub fn abandon(&self) {
        if let Some((temp, _)) = &self.rename {
            let _ = std::fs::remove_file(temp);
            interrupt::keep(temp);
        }
    }
}

/// What Ctrl-C and `kill` do: the temporary files being written are removed (a run of
/// `selfplay --out` stopped midway left gigabytes behind), then the program ends with the usual
/// status, 128 plus the signal's number (130 for SIGINT, 143 for SIGTERM).
pub mod interrupt {
    use std::path::{Path, PathBuf};
    use std::sync::Mutex;

    /// The temporary files being written now.
    static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

    /// Called on the way out by a signal, before the temporary files go: the terminal view
    /// restores the terminal.
    static BEFORE_EXIT: Mutex<Option<fn()>> = Mutex::new(None);

    /// Told the next signal instead of ending the program (`serve` stops gracefully); a signal
    /// after that ends it as usual.
    type Handler = Box<dyn FnOnce(i32) + Send>;
    static DIVERTED: Mutex<Option<Handler>> = Mutex::new(None);

    /// Signals are left to the system.
    #[cfg(not(unix))]
    pub fn install() {}

    /// Handles SIGINT, SIGTERM and SIGHUP on a thread of their own from now on. Without it
    /// (it could not be set up) they end the program as they would anyway.
    #[cfg(unix)]
    pub fn install() {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else { return };
        let _ = std::thread::Builder::new().name("signals".into()).spawn(move || {
            for signal in signals.forever() {
                match DIVERTED.lock().unwrap_or_else(|e| e.into_inner()).take() {
                    Some(handler) => handler(signal),
                    None => stop(signal),
                }
            }
        });
    }

    /// Removes the temporary files and ends the program as the signal would have.
    #[cfg(unix)]
    fn stop(signal: i32) -> ! {
        if let Some(before) = *BEFORE_EXIT.lock().unwrap_or_else(|e| e.into_inner()) {
            before();
        }
        for temp in PENDING.lock().unwrap_or_else(|e| e.into_inner()).drain(..) {
            let _ = std::fs::remove_file(temp);
        }
        std::process::exit(128 + signal);
    }

    /// The next signal goes to `handler`, which ends the program its own way; the one after
    /// that ends it at once.
    pub fn divert(handler: Box<dyn FnOnce(i32) + Send>) {
        *DIVERTED.lock().unwrap_or_else(|e| e.into_inner()) = Some(handler);
    }

    /// `before` runs first when a signal ends the program (`None`: nothing).
    pub fn before_exit(before: Option<fn()>) {
        *BEFORE_EXIT.lock().unwrap_or_else(|e| e.into_inner()) = before;
    }

    pub(super) fn remove_on_signal(temp: &Path) {
        PENDING.lock().unwrap_or_else(|e| e.into_inner()).push(temp.to_path_buf());
    }

    /// The file is gone or in place: a signal leaves it be.
    pub(super) fn keep(temp: &Path) {
        PENDING.lock().unwrap_or_else(|e| e.into_inner()).retain(|t| t != temp);
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.file.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

/// Writes `text` to `path` whole or not at all (see [`Output`]).
pub fn write_whole(path: &str, text: &str) -> Result<(), String> {
    let mut out = Output::create(path)?;
    if let Err(e) = out.write_all(text.as_bytes()) {
        out.abandon();
        return Err(format!("cannot write {path}: {e}"));
    }
    out.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_in_words() {
        assert_eq!(size_words(Kind::Ruleset.max_bytes()), "1 MiB");
        assert_eq!(size_words(Kind::Record.max_bytes()), "16 MiB");
        assert_eq!(size_words(Kind::Games.max_bytes()), "1 GiB");
        assert_eq!(size_words(1000), "1000 bytes");
    }

    #[test]
    fn devices_and_directories_are_refused() {
        let err = read_text(".", Kind::Ruleset).unwrap_err();
        assert!(err.contains("not a regular file (a directory)"), "{err}");
        if std::path::Path::new("/dev/zero").exists() {
            let err = read_text("/dev/zero", Kind::Ruleset).unwrap_err();
            assert!(err.contains("not a regular file"), "{err}");
        }
    }

    #[test]
    fn written_whole_through_a_temporary_file_and_never_over_a_device() {
        let dir = std::env::temp_dir().join(format!("hetproba-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.txt");
        let name = path.to_str().unwrap();
        write_whole(name, "one").unwrap();
        write_whole(name, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        assert!(!dir.join("out.txt.part").exists());
        // An abandoned output leaves the file as it was.
        let mut out = Output::create(name).unwrap();
        out.write_all(b"three").unwrap();
        out.abandon();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        std::fs::remove_dir_all(&dir).unwrap();
        // Renaming over /dev/null would replace the device with a file (as root).
        if std::path::Path::new("/dev/null").exists() {
            write_whole("/dev/null", "nothing").unwrap();
            use std::os::unix::fs::FileTypeExt;
            assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
        }
    }
}
