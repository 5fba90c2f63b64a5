"""The web board's browser tests: `hetproba serve` on a free port of this machine, serving the
page `cargo xtask web` built, and Debian's Chromium driven by Playwright (its own browser is
never downloaded)."""

import contextlib
import os
import re
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("HETPROBA", ROOT / "target/release/hetproba"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def built_binary():
    """The hetproba that serves the page, built (release) when it is not there yet: a checkout
    that only ran `cargo test` and `cargo xtask web` has none."""
    if not BINARY.exists() and "HETPROBA" not in os.environ:
        subprocess.run(["cargo", "build", "--release", "--locked", "-p", "hetproba"], cwd=ROOT, check=True)
    return BINARY


@contextlib.contextmanager
def serving(folder="target/web"):
    """The base address of `hetproba serve --local --port 0 --dir FOLDER` (the port it prints)."""
    proc = subprocess.Popen(
        [str(built_binary()), "serve", "--local", "--port", "0", "--dir", str(ROOT / folder)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        url = None
        for line in proc.stdout:
            found = re.search(r"http://localhost:(\d+)/", line)
            if found:
                url = f"http://127.0.0.1:{found.group(1)}/"
                break
        assert url, "serve printed no address"
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="session")
def server():
    # WEB_URL: a page served some other way (while iterating on the page alone).
    if os.environ.get("WEB_URL"):
        yield os.environ["WEB_URL"]
        return
    with serving() as url:
        yield url


@pytest.fixture(scope="session")
def chromium():
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def browser(chromium):
    """A desktop browser's window, in English (its storage shared by the tests, as one
    person's browser would be)."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB", accept_downloads=True)
    yield context
    context.close()


@pytest.fixture
def page(browser, server):
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.server = server
    yield page
    page.close()
    assert not errors, f"errors on the page: {errors}"
