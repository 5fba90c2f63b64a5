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
    # The move field shows how a move is written: one of black's four first moves.
    expect(page.locator("#move-text")).to_have_attribute("placeholder", re.compile(r"^for example (d3|c4|f5|e6)$"))
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
    # Empty now; the men taken are drawn faintly where they stood until the next move.
    expect(cell(page, "d4")).to_have_attribute("aria-label", re.compile(r"^d4, empty \(taken by the last move"))
    expect(cell(page, "f6")).to_have_attribute("aria-label", re.compile(r"^f6, empty \(taken by the last move"))


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
    # Edits of another test are kept in the browser: start from the built-in's text.
    page.locator("#revert-source").click()
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


def standing(page, player, column):
    row = page.locator("#standings table").first.locator("tr", has=page.locator(f'td[data-col="player"]:text-is("{player}")'))
    return row.locator(f'td[data-col="{column}"]')


def enter_duel(page):
    """Enters the duel in the form; a player new to the event (Bence, Csaba: nobody added them)
    is taken as written when the desk asks."""
    page.locator("#duel-form button").click()
    if page.locator("#desk-warning").is_visible():
        page.locator("#enter-anyway").click()


def test_the_championship_desk_scores_a_small_event(page):
    page.goto(page.server)
    expect(page.locator("#board svg")).to_be_visible(timeout=TIMEOUT)
    page.evaluate("localStorage.clear()")
    page.locator("#tab-desk").click()
    page.locator("#event").fill("")
    for name, school, category in [("Anna", "A", "lower"), ("Dóra", "A", "")]:
        page.locator("#player-name").fill(name)
        page.locator("#player-school").fill(school)
        page.locator("#player-category").fill(category)
        page.locator("#player-form button").click()
    message = page.locator("#desk-message")
    # Scored by hand: Anna beats Bence and Csaba, Csaba beats Bence; Dóra is Anna's schoolmate.
    for game, first, second, result in [
        ("reversi", "Anna", "Bence", "1-0"),
        ("loa", "Csaba", "Anna", "0-1"),
        ("loa", "Bence", "Csaba", "0-1"),
        ("quints", "Dóra", "Anna", "0-1"),
    ]:
        page.locator("#duel-game").fill(game)
        page.locator("#duel-first").fill(first)
        page.locator("#duel-second").fill(second)
        page.locator("#duel-result").select_option(result)
        enter_duel(page)
    expect(message).to_have_text(re.compile("hors concours"))
    # Anna: 2 won, trophy 1 (Csaba's one win), total 3; Csaba: 1 won, trophy 0, total 1.
    expect(standing(page, "Anna", "won")).to_have_text("2")
    expect(standing(page, "Anna", "total")).to_have_text("3")
    expect(standing(page, "Csaba", "total")).to_have_text("1")
    expect(standing(page, "Bence", "total")).to_have_text("0")
    expect(page.locator("#standings caption", has_text="Category lower")).to_have_count(1)
    # A third duel with the same opponent breaks a limit: entered, not counted.
    for _ in range(2):
        page.locator("#duel-game").fill("reversi")
        page.locator("#duel-first").fill("Anna")
        page.locator("#duel-second").fill("Bence")
        page.locator("#duel-result").select_option("1-0")
        enter_duel(page)
    expect(message).to_have_text(re.compile("NOT counted"))
    expect(standing(page, "Anna", "won")).to_have_text("3")
    # A typo in the event file is shown at its line and column.
    page.locator("#event").fill(page.locator("#event").input_value() + "reversi Anna Anna 1-0\n")
    expect(page.locator("#desk-problem")).to_have_text(re.compile(r"event:9:14: .*cannot duel themself"))


def open_record_panel(page):
    details = page.locator("details", has=page.locator("#record"))
    if details.get_attribute("open") is None:
        details.locator("summary").click()


def test_a_record_copied_and_loaded_replays_the_game(page):
    open_game(page, "reversi")
    click(page, "d3", "c5")
    open_record_panel(page)
    page.locator("#copy-record").click()
    record = page.locator("#record").input_value()
    assert '[Ruleset "reversi"]' in record and "d3" in record and "c5" in record, record
    page.locator("#new").click()
    expect(page.locator("#moves button")).to_have_count(0)
    page.locator("#load-record").click()
    expect(page.locator("#moves button")).to_have_count(2)
    assert moves(page) == ["d3", "c5"]
    expect(cell(page, "c5")).to_have_attribute("aria-label", "c5, white disc")
    # A record of another game (its Ruleset tag) opens that game and replays it.
    pdn = '[Ruleset "draughts-russian"]\n[White "human"]\n[Black "human"]\n\n1. c3-d4 f6-g5 *\n'
    page.locator("#record").fill(pdn)
    page.locator("#load-record").click()
    expect(page.locator("#title")).to_have_text("Russian draughts")
    assert moves(page) == ["c3-d4", "f6-g5"]
    expect(cell(page, "g5")).to_have_attribute("aria-label", "g5, black man")


def test_a_clock_runs_and_its_flag_fall_loses(page):
    open_game(page, "reversi")
    page.locator("#clock").fill("1s")
    page.locator("#clock").dispatch_event("change")
    expect(page.locator("#clocks .clock")).to_have_count(2)
    # The first move is not timed: the clocks start after it.
    expect(page.locator("#clocks .clock.running")).to_have_count(0)
    click(page, "d3")
    expect(page.locator("#clocks .clock.running")).to_have_text(re.compile("^white"))
    expect(page.locator("#status")).to_have_text(re.compile("black wins.*time"), timeout=TIMEOUT)


def test_a_piece_dragged_to_its_target_moves(page):
    open_game(page, "chess")
    cell(page, "g1").drag_to(cell(page, "f3"))
    expect(cell(page, "f3")).to_have_attribute("aria-label", "f3, white knight")
    assert moves(page) == ["Nf3"]


def test_dameo_line_moves_by_its_rear_man(page):
    open_game(page, "dameo")
    set_position(page, "W:Wc3,d4,e5:Ba8")
    # The line c3, d4, e5 moves up its diagonal: clicked at its rear man and the square entered.
    click(page, "c3", "f6")
    assert moves(page) == ["c3-f6"]
    expect(cell(page, "c3")).to_have_attribute("aria-label", "c3, empty")
    for name in ["d4", "e5", "f6"]:
        expect(cell(page, name)).to_have_attribute("aria-label", f"{name}, white man")
