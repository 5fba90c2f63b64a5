"""A tournament day in the browser: the page in Hungarian and English, pieces children know, a
game's end shown as such, the editor's and the desk's work kept, the keyboard, accessibility
(axe-core), a phone's screen, a game shared by link and the analysis board."""

import re
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import serving
from test_board import TIMEOUT, cell, click, moves, open_game, set_position

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}


@pytest.fixture
def phone(chromium, server):
    """A page on a phone's screen (390 x 844, touch) of a browser that asks for Hungarian."""
    context = chromium.new_context(**PHONE, locale="hu-HU")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.server = server
    yield page
    context.close()
    assert not errors, f"errors on the page: {errors}"


def tap(page, name):
    cell(page, name).tap()


def test_a_whole_game_in_hungarian_on_a_phone_by_taps(phone):
    page = phone
    page.goto(page.server + "#chess")
    expect(page.locator("#board svg")).to_be_visible(timeout=TIMEOUT)
    # The browser says Hungarian: the page, the game's name and its players speak it.
    expect(page.locator("html")).to_have_attribute("lang", "hu")
    expect(page.locator("#title")).to_have_text("Sakk")
    expect(page.locator("#new")).to_have_text("Új játszma")
    expect(page.locator("#status-text")).to_have_text("világos lép")
    expect(cell(page, "e1")).to_have_attribute("aria-label", "e1, világos király")
    # Both sides are people (the players' fields).
    for side in (0, 1):
        field = page.locator(f'#player-rows input[data-side="{side}"]')
        field.fill("human")
        field.dispatch_event("change")
    # On the phone the board and New game come before the list of games, within the screen.
    board = page.locator("#board").bounding_box()
    new = page.locator("#new").bounding_box()
    games = page.locator("#games").bounding_box()
    assert board["y"] < new["y"] < games["y"], (board, new, games)
    assert new["y"] + new["height"] <= 844, new
    # Fool's mate, every move by two taps: 1. f3 e5 2. g4 Qh4#.
    for start, end in [("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")]:
        tap(page, start)
        tap(page, end)
    assert moves(page) == ["f3", "e5", "g4", "Qh4#"]
    # The end is a banner with the winner and the reason, in Hungarian; the mated king is marked.
    expect(page.locator("#banner")).to_be_visible()
    expect(page.locator("#banner-title")).to_have_text("sötét nyert")
    expect(page.locator("#banner-reason")).to_have_text("matt")
    expect(cell(page, "e1")).to_have_class(re.compile(r"\balert\b"))
    expect(cell(page, "e1")).to_have_attribute("aria-label", re.compile(r"^e1, világos király \(sakk\)$"))


def test_the_language_is_switched_and_kept(page):
    page.goto(page.server + "#reversi")
    expect(page.locator("#board svg")).to_be_visible(timeout=TIMEOUT)
    page.locator("#lang").select_option("hu")
    expect(page.locator("#tab-desk")).to_have_text("Versenyiroda")
    expect(page.locator("#game-list .game strong", has_text="Tologatós amőba")).to_have_count(1)
    expect(cell(page, "d4")).to_have_attribute("aria-label", "d4, fehér korong")
    # The rules in words follow the language: reversi's placing and flipping, in Hungarian.
    expect(page.locator("#words")).to_contain_text("Egy saját korong kerül bármely üres mezőre.")
    expect(page.locator("#words")).to_contain_text("a lépő színére fordul")
    expect(page.locator("#words")).not_to_contain_text("Turn:")
    # Every key of the page's words is in both languages.
    assert page.evaluate("import('./i18n.js').then((m) => m.missingKeys())") == []
    page.reload()
    expect(page.locator("#tab-play")).to_have_text("Játék", timeout=TIMEOUT)
    page.locator("#lang").select_option("en")
    expect(page.locator("#tab-play")).to_have_text("Play")
    expect(page.locator("#words")).to_contain_text("Place an own disc on any empty cell.")


def test_chess_pieces_are_figures_and_draughts_keep_discs(page):
    open_game(page, "chess")
    # 32 pieces, each drawn as its figure, none as a lettered disc.
    expect(page.locator("#board .figure")).to_have_count(32)
    assert page.locator("#board .letter").count() == 0
    # The legend shows the figures too, by their names.
    expect(page.locator("#legend .figure")).to_have_count(12)
    # Another game by the address alone (a link's #ID): its men are discs.
    page.evaluate("location.hash = 'draughts-brazilian'")
    expect(page.locator("#title")).to_have_text("Brazilian draughts")
    assert page.locator("#board .figure").count() == 0
    assert page.locator("#board .disc").count() == 24


def test_who_is_to_move_shows_their_colour(page):
    open_game(page, "amoba-push")
    chip = page.locator("#status-chip .chip")
    expect(chip).to_have_count(1)
    first = chip.evaluate("(e) => e.style.background")
    click(page, "a1")
    # Another player, another colour beside their name.
    expect(page.locator("#status-text")).to_have_text(re.compile("^o to move"))
    assert chip.evaluate("(e) => e.style.background") != first


def test_a_won_line_is_marked_and_the_end_is_a_banner(page):
    open_game(page, "gomoku")
    set_position(page, "15/15/15/15/15/15/15/15/15/15/15/15/15/oooo11/xxxx11 b")
    click(page, "e1")
    expect(page.locator("#banner")).to_be_visible()
    expect(page.locator("#banner-title")).to_have_text("black wins")
    expect(page.locator("#board .winning")).to_have_count(5)


def test_the_last_capture_is_shown_where_the_piece_stood(page):
    open_game(page, "draughts-brazilian")
    set_position(page, "W:Wc3:Bd4,f6,d6")
    click(page, "c3", "e5", "g7")
    # The two men taken are drawn faintly on their squares, and said so.
    expect(page.locator("#board .ghost")).to_have_count(2)
    expect(cell(page, "d4")).to_have_attribute("aria-label", re.compile(r"^d4, empty \(taken by the last move: black man\)$"))


def test_a_column_shows_every_piece_in_it(page):
    open_game(page, "lasca")
    set_position(page, "W:Wc3:Bd4,b6 stacks:c3=wbb")
    expect(cell(page, "c3")).to_have_attribute("aria-label", "c3, a column of 3: white soldier, black soldier, black soldier")
    assert cell(page, "c3").locator(".disc").count() == 3
    expect(cell(page, "c3").locator(".height")).to_have_text("3")


def test_chess_outlines_only_the_movers_far_row_and_a_wrong_click_says_why(page):
    open_game(page, "chess")
    # The promotion row of the side to move only: rank 8 for white.
    expect(page.locator("#board .region")).to_have_count(8)
    assert cell(page, "a8").locator(".region").count() == 1 and cell(page, "a1").locator(".region").count() == 0
    click(page, "e7")
    expect(page.locator("#message")).to_have_text("that is black's piece: white moves now")
    click(page, "e2", "e4")
    # A move played clears the old message; black's row is outlined now.
    expect(page.locator("#message")).to_have_text("")
    assert cell(page, "a1").locator(".region").count() == 1


def test_promotion_is_chosen_by_keyboard(page):
    open_game(page, "chess")
    set_position(page, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
    cell(page, "e7").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    # The choice takes the focus: the arrow keys and Enter choose a knight.
    choices = page.locator("#choices button")
    expect(choices).to_have_count(4)
    expect(choices.first).to_be_focused()
    knight = [i for i, t in enumerate(choices.all_inner_texts()) if "=N" in t][0]
    for _ in range(knight):
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(cell(page, "e8")).to_have_attribute("aria-label", "e8, white knight")


def test_the_editor_keeps_its_text_and_downloads_it(page):
    open_game(page, "reversi")
    page.locator("#tab-edit").click()
    page.locator("#revert-source").click()
    source = page.locator("#source")
    text = source.input_value()
    edited = text.replace('name = "Reversi"', 'name = "Our Reversi"', 1)
    source.fill(edited)
    page.reload()
    expect(page.locator("#board svg")).to_be_visible(timeout=TIMEOUT)
    page.locator("#tab-edit").click()
    # Kept in the browser: the edit is there after a reload, and opening a game keeps it.
    expect(source).to_have_value(edited)
    with page.expect_download() as download:
        page.locator("#download-source").click()
    assert Path(download.value.path()).read_text() == edited
    # Opened from a file: the file's text.
    page.locator("#source-file").set_input_files(files=[{"name": "mine.toml", "mimeType": "text/plain", "buffer": text.encode()}])
    expect(source).to_have_value(text)
    expect(page.locator("#check-status")).to_have_text(re.compile("^ok: "), timeout=TIMEOUT)


def test_the_desk_warns_of_a_misspelt_game_or_player_and_prints_the_event(page):
    page.goto(page.server)
    expect(page.locator("#board svg")).to_be_visible(timeout=TIMEOUT)
    page.evaluate("localStorage.removeItem('hetproba-desk-event')")
    page.reload()
    page.locator("#tab-desk").click()
    page.locator("#event").fill("player Anna school=A\nplayer Bence school=B\nreversi Anna Bence 1-0\n")
    page.locator("#event").dispatch_event("input")

    def duel(game, first, second):
        page.locator("#duel-game").fill(game)
        page.locator("#duel-first").fill(first)
        page.locator("#duel-second").fill(second)
        page.locator("#duel-form button").click()

    duel("revresi", "Anna", "Bence")
    warning = page.locator("#desk-warning")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("'revresi' is no game of the list. Did you mean 'reversi'?")
    # Nothing was entered: the event still has one duel.
    assert page.locator("#event").input_value().count("\n") == 3
    warning.get_by_role("button", name="Use 'reversi'").click()
    page.locator("#duel-first").fill("Anna")
    page.locator("#duel-second").fill("Bence")
    page.locator("#duel-form button").click()
    expect(page.locator("#desk-message")).to_have_text(re.compile("counted"))
    # An unregistered player is entered only when asked again.
    duel("reversi", "Zoltán", "Anna")
    expect(warning).to_contain_text("'Zoltán' has not played or been added yet.")
    page.locator("#enter-anyway").click()
    assert re.search(r"^reversi +Zoltán +Anna +1-0$", page.locator("#event").input_value(), re.M), page.locator("#event").input_value()
    # The points are explained; the event's name and date head the printout.
    expect(page.locator("#standings .points")).to_contain_text("Trophy points")
    page.locator("#event-name").fill("Hétpróbások Bajnoksága")
    page.locator("#event-date").fill("2026-05-16")
    page.emulate_media(media="print")
    expect(page.locator("#print-title")).to_be_visible()
    expect(page.locator("#print-title")).to_have_text("Hétpróbások Bajnoksága — 2026-05-16")
    page.emulate_media(media="screen")


def test_a_game_shared_by_link_opens_where_it_was(page, browser):
    open_game(page, "reversi")
    click(page, "d3", "c5")
    page.locator("#share").click()
    url = page.url
    assert "#record=" in url
    other = browser.new_page()
    try:
        other.goto(url)
        expect(other.locator("#moves button")).to_have_count(2, timeout=TIMEOUT)
        assert other.locator("#moves button").all_inner_texts() == ["d3", "c5"]
        expect(other.locator("#title")).to_have_text("Reversi")
    finally:
        other.close()


def test_the_analysis_board_steps_through_a_game_with_its_evaluation(page):
    open_game(page, "chess")
    for start, end in [("f2", "f3"), ("e7", "e5"), ("g2", "g4")]:
        click(page, start, end)
    page.locator("#analyse").click()
    expect(page.locator("#evalbar")).to_be_visible()
    # Black to move mates at once: the analysis says so, with the mating move first.
    expect(page.locator("#analysis-score")).to_have_text(re.compile("black wins in 1"), timeout=TIMEOUT)
    expect(page.locator("#analysis-line")).to_have_text(re.compile("^Best line: Qh4#"))
    # Stepping back analyses the position shown.
    page.locator("#first").click()
    expect(page.locator("#analysis-score")).to_have_text(re.compile(r"Evaluation: .*depth \d+"), timeout=TIMEOUT)


def test_hex_cells_are_big_enough_to_tap_on_a_phone(phone):
    page = phone
    page.goto(page.server + "#hex")
    expect(page.locator("#board svg")).to_be_visible(timeout=TIMEOUT)
    box = cell(page, "f6").bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    # The board scrolls to reach the far cells; a tap there places a stone.
    cell(page, "k11").scroll_into_view_if_needed()
    tap(page, "k11")
    expect(page.locator("#moves button")).to_have_count(1)


def test_no_request_of_the_page_fails(page):
    failed = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    page.goto(page.server + "#chess")
    expect(page.locator("#board svg")).to_be_visible(timeout=TIMEOUT)
    page.wait_for_load_state("networkidle")
    assert failed == [], failed
    assert page.locator("link[rel=icon]").get_attribute("href") == "favicon.svg"


AXE = ROOT / "web/tests/node_modules/axe-core/axe.min.js"


@pytest.mark.parametrize("view", ["play", "edit", "desk"])
def test_axe_finds_no_serious_violation(page, view):
    assert AXE.exists(), f"{AXE}: npm install axe-core in web/tests (.ci/run does)"
    open_game(page, "chess")
    page.locator(f"#tab-{view}").click()
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"] if v["impact"] in ("critical", "serious")]
    assert bad == [], bad


def test_the_embedded_page_is_the_page_the_sources_build():
    # cargo xtask web --check (CI runs it after building) compares byte for byte; here the page
    # the binary embeds must at least name every file it holds.
    page = ROOT / "crates/cli/page"
    index = (page / "files.rs").read_text()
    files = sorted(str(p.relative_to(page)) for p in page.rglob("*") if p.is_file() and p.name != "files.rs")
    assert files == sorted(re.findall(r'\("([^"]+)", include_bytes!', index)), index
    wasm = [f for f in files if f.endswith(".wasm")]
    assert len(wasm) == 1 and re.fullmatch(r"pkg/hetproba_web\.[0-9a-f]{16}\.wasm", wasm[0]), wasm
    sw = (page / "sw.js").read_text()
    assert wasm[0] in sw and "WASM_FILE" not in sw and "BUILD_ID" not in sw
    assert subprocess.run(["git", "ls-files", "--error-unmatch", "crates/cli/page/files.rs"], cwd=ROOT, capture_output=True).returncode == 0


def test_the_page_in_the_repository_plays_without_building_anything(browser):
    # What a fresh clone serves after `cargo run --release -- perft reversi 8`: crates/cli/page.
    with serving("crates/cli/page") as url:
        page = browser.new_page()
        try:
            page.goto(url + "#chess")
            expect(page.locator("#board .figure")).to_have_count(32, timeout=TIMEOUT)
            click(page, "e2", "e4")
            assert moves(page) == ["e4"]
        finally:
            page.close()
