"""End-to-end tests of the web board in headless Chromium: what a player does, by clicks."""

import re

from playwright.sync_api import expect

TIMEOUT = 20_000


def open_game(page, ruleset, second="human", first="human"):
    page.goto(page.server + "#" + ruleset)
    expect(page.locator("#board svg")).to_be_visible(timeout=TIMEOUT)
    set_player(page, 0, first)
    set_player(page, 1, second)


def set_player(page, side, agent):
    field = page.locator(f'#player-rows input[data-side="{side}"]')
    field.fill(agent)
    field.dispatch_event("change")


def set_position(page, text):
    details = page.locator("details", has=page.locator("#position"))
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    page.locator("#position").fill(text)
    page.locator("#setup button").click()


def cell(page, name):
    return page.locator(f'#board [data-key][aria-label^="{name},"]')


def click(page, *names):
    for name in names:
        cell(page, name).click()


def moves(page):
    return page.locator("#moves button").all_inner_texts()


def test_reversi_a_click_flips_and_the_computer_replies(page):
    open_game(page, "reversi", second="mcts:50")
    expect(cell(page, "d4")).to_have_attribute("aria-label", "d4, white disc")
    click(page, "d3")
    # d3 encloses d4 between itself and d5: it turns black.
    expect(cell(page, "d4")).to_have_attribute("aria-label", "d4, black disc")
    expect(page.locator("#moves button")).to_have_count(2, timeout=TIMEOUT)
    assert moves(page)[0] == "d3"
    expect(page.locator("#status")).to_have_text(re.compile("black to move"))


def test_brazilian_draughts_capture_chain_by_its_landings(page):
    open_game(page, "draughts-brazilian")
    set_position(page, "W:Wc3:Bd4,f6,d6")
    click(page, "c3", "e5")
    # Two ways on from e5: the board waits for the next landing.
    expect(page.locator("#board .target")).to_have_count(2)
    click(page, "g7")
    assert moves(page) == ["c3:e5:g7"]
    expect(cell(page, "g7")).to_have_attribute("aria-label", "g7, white man")
    expect(cell(page, "d4")).to_have_attribute("aria-label", "d4, empty")
    expect(cell(page, "f6")).to_have_attribute("aria-label", "f6, empty")


def test_chess_promotion_asks_for_the_piece(page):
    open_game(page, "chess")
    set_position(page, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
    click(page, "e7", "e8")
    choices = page.locator("#choices button")
    expect(choices).to_have_count(4)
    page.locator("#choices button", has_text="=N").click()
    expect(cell(page, "e8")).to_have_attribute("aria-label", "e8, white knight")


def test_hexasah_moves_on_hex_cells(page):
    open_game(page, "hexasah")
    expect(page.locator("#board polygon.ground")).to_have_count(93)
    # The knight on d1 leaps to c4 (the first move list of the game page: ... Cd1-c4 ...).
    click(page, "d1", "c4")
    expect(cell(page, "c4")).to_have_attribute("aria-label", "c4, white knight")
    assert moves(page) == ["Cd1-c4"]


def test_tobit_moves_on_points(page):
    open_game(page, "tobit")
    assert page.locator("#board line.line").count() > 0
    first = page.locator("#board .movable").first
    start = first.get_attribute("aria-label").split(",")[0]
    first.click()
    target = page.locator("#board .target").first
    end = target.get_attribute("aria-label").split(",")[0]
    target.click()
    expect(cell(page, end)).to_have_attribute("aria-label", f"{end}, white hul")
    assert len(moves(page)) == 1 and start in moves(page)[0]


def test_editor_locates_a_typo_and_the_fixed_rules_play(page):
    open_game(page, "reversi")
    page.locator("#tab-edit").click()
    source = page.locator("#source")
    text = source.input_value()
    line = text.split("\n").index("[board]") + 2
    source.fill(text.replace("[board]\n", "[board]\nshap = \"rect\"\n", 1))
    problem = page.locator("#problems .problem").first
    expect(problem).to_have_text(re.compile(rf"edited.toml:{line}:1: unknown key 'shap' in \[board\]"), timeout=TIMEOUT)
    expect(page.locator("#play-edited")).to_be_disabled()
    source.fill(text.replace("name = \"Reversi\"", "name = \"My Reversi\"", 1))
    expect(page.locator("#check-status")).to_have_text(re.compile("^ok: "), timeout=TIMEOUT)
    page.locator("#play-edited").click()
    expect(page.locator("#title")).to_have_text("My Reversi")
    click(page, "d3")
    assert moves(page) == ["d3"]


def test_set_up_from_fen_then_undo(page):
    open_game(page, "chess")
    set_position(page, "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1")
    expect(cell(page, "a1")).to_have_attribute("aria-label", "a1, white rook")
    expect(cell(page, "d1")).to_have_attribute("aria-label", "d1, empty")
    click(page, "a1", "a8")
    assert moves(page) == ["Ra8#"]
    expect(page.locator("#status")).to_have_text(re.compile("white wins"))
    page.locator("#undo").click()
    expect(page.locator("#moves button")).to_have_count(0)
    expect(cell(page, "a1")).to_have_attribute("aria-label", "a1, white rook")
