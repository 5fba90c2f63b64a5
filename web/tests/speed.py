"""The engine's speed in the browser as a ratio to the native build, measured in one run on
this machine: perft of reversi to depth 7 (the best of five runs) and random reversi playouts per second, in the page
(headless Chromium) and natively (the same functions, `cargo run --release -p hetproba-web
--example speed`), the size of the .wasm (as it is and gzipped), and the time from opening the
page to its first board (the median of five fresh loads, no cache). Run after `cargo xtask web`:
`python3 web/tests/speed.py`. Speed is reported, never asserted."""

import gzip
import json
import statistics
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
        firsts = []
        for _ in range(5):
            context = browser.new_context()
            fresh = context.new_page()
            fresh.goto(url + "#chess")
            fresh.wait_for_selector("#board svg")
            firsts.append(fresh.evaluate("performance.now()"))
            context.close()
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("#board svg")
        web = page.evaluate(
            """async () => {
                const hp = await import('./pkg/hetproba_web.js');
                // The best of five, as natively: the machine is shared.
                const runs = [0, 1, 2, 3, 4].map(() => JSON.parse(hp.bench_perft('reversi', 7)));
                const perft = runs.reduce((a, b) => (b.ms < a.ms ? b : a));
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
    wasm = next((ROOT / "target/web/pkg").glob("*.wasm"))
    size = wasm.stat().st_size
    packed = len(gzip.compress(wasm.read_bytes(), 9))
    print(f"reversi perft 7 ({web['perft']['nodes']} nodes): browser {web['perft']['ms']:.0f} ms, native {native['perft']['ms']:.0f} ms: browser at {perft_ratio:.2f} of native speed")
    print(f"reversi random playouts: browser {web_rate:.0f}/s, native {native_rate:.0f}/s: browser at {web_rate / native_rate:.2f} of native speed")
    print(f"the .wasm: {size} bytes ({size / 1024:.0f} KiB), gzip -9 {packed} bytes ({packed / 1024:.0f} KiB)")
    print(f"first board (chess, loopback, no cache): median {statistics.median(firsts):.0f} ms of {', '.join(f'{f:.0f}' for f in firsts)}")


if __name__ == "__main__":
    main()
