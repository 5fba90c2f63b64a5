"""Screenshots of every built-in ruleset's board at the start, for a person to look at:
`python3 web/tests/shots.py` writes target/web-shots/ID.png (the page at 1280x900) after
`cargo xtask web` and a release build of hetproba."""

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import conftest  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

ROOT = conftest.ROOT


def main():
    out = ROOT / "target/web-shots"
    out.mkdir(parents=True, exist_ok=True)
    ids = [g["id"] for g in json.loads(subprocess.check_output([str(conftest.BINARY), "list", "--json"]))]
    with conftest.serving() as url:
        run(url, ids, out)


def run(url, ids, out):
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=conftest.CHROMIUM, headless=True, args=conftest.FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        for ruleset in ids:
            page.goto(url + "#" + ruleset)
            page.reload()
            page.wait_for_selector("#board svg")
            page.locator("#player-rows input[data-side='1']").fill("human")
            page.locator("#player-rows input[data-side='1']").dispatch_event("change")
            page.screenshot(path=str(out / f"{ruleset}.png"))
            print(out / f"{ruleset}.png")
        browser.close()


if __name__ == "__main__":
    main()
