"""The engine's speed in the browser as a ratio to the native build, measured in one run on
this machine: perft of reversi to depth 7 and random reversi playouts per second, in the page
(headless Chromium) and natively (the same functions, `cargo run --release -p hetproba-web
--example speed`), and the size of the .wasm. Run after `cargo xtask web`:
`python3 web/tests/speed.py`. Speed is reported, never asserted."""

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import conftest  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

ROOT = conftest.ROOT


def main():
    with conftest.serving() as url:
        run(url)


def run(url):
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=conftest.CHROMIUM, headless=True, args=conftest.FLAGS)
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("#board svg")
        web = page.evaluate(
            """async () => {
                const hp = await import('./pkg/hetproba_web.js');
                const perft = JSON.parse(hp.bench_perft('reversi', 7));
                const playouts = JSON.parse(hp.bench_playouts('reversi', 3000));
                return { perft, playouts };
            }"""
        )
        browser.close()
    native = json.loads(
        subprocess.check_output(["cargo", "run", "--quiet", "--release", "-p", "hetproba-web", "--example", "speed"], cwd=ROOT)
    )
    assert web["perft"]["nodes"] == native["perft"]["nodes"]
    perft_ratio = native["perft"]["ms"] / web["perft"]["ms"]
    web_rate = web["playouts"]["playouts"] / web["playouts"]["ms"] * 1000
    native_rate = native["playouts"]["playouts"] / native["playouts"]["ms"] * 1000
    size = (ROOT / "target/web/pkg/hetproba_web_bg.wasm").stat().st_size
    print(f"reversi perft 7 ({web['perft']['nodes']} nodes): browser {web['perft']['ms']:.0f} ms, native {native['perft']['ms']:.0f} ms: browser at {perft_ratio:.2f} of native speed")
    print(f"reversi random playouts: browser {web_rate:.0f}/s, native {native_rate:.0f}/s: browser at {web_rate / native_rate:.2f} of native speed")
    print(f"the .wasm: {size} bytes ({size / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
