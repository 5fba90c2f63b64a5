"""The hands beside the board, in games that keep them (shogi, crazyhouse): a capture puts the
piece in the captor's hand, a click on it and then on an empty cell drops it, and undo, loaded
positions and the computer's drops keep the hands as the position has them."""

import re

from playwright.sync_api import expect

from test_day import AXE
from test_board import TIMEOUT, cell, click, moves, open_game, open_record_panel, set_position


def hand(page, where):
    """The hand drawn above (`top`) or below (`bottom`) the board."""
    return page.locator(f"#hand-{where}")


def held(page, where, name):
    """The pieces of type `name` in a hand (their title, and the name they are read out by, is
    `NAME: COUNT`)."""
    return hand(page, where).locator(f'.held[title^="{name}:"]')


def test_shogi_a_capture_goes_into_the_hand_and_a_click_drops_it(page):
    open_game(page, "shogi")
    # Black (sente) plays up the board: its hand below, white's above; both empty, black's marked.
    expect(hand(page, "bottom")).to_have_attribute("aria-label", "black's hand")
    expect(hand(page, "top")).to_have_attribute("aria-label", "white's hand")
    expect(hand(page, "bottom")).to_have_class(re.compile(r"\bto-move\b"))
    expect(hand(page, "top")).not_to_have_class(re.compile(r"\bto-move\b"))
    expect(hand(page, "bottom").locator(".hand-empty")).to_have_count(1)
    click(page, "7g", "7f")
    click(page, "3c", "3d")
    # The bishop takes the bishop inside the camp: promoting is optional, the board asks.
    click(page, "8h", "2b")
    expect(page.locator("#choices button")).to_have_count(2)
    page.locator("#choices button", has_text="8h2b+").click()
    expect(held(page, "bottom", "bishop")).to_have_attribute("title", "bishop: 1")
    expect(hand(page, "top")).to_have_class(re.compile(r"\bto-move\b"))
    # White's silver takes the horse: it goes into white's hand as a bishop.
    click(page, "3a", "2b")
    expect(held(page, "top", "bishop")).to_have_attribute("title", "bishop: 1")
    # The opponent's pieces in hand are not buttons; the mover's are.
    expect(hand(page, "top").locator("button.held")).to_have_count(0)
    bishop = hand(page, "bottom").locator("button.held")
    expect(bishop).to_have_count(1)
    bishop.click()
    expect(bishop).to_have_attribute("aria-pressed", "true")
    # A bishop drops on any empty square: 81 squares less the 38 pieces on the board.
    expect(page.locator("#board .target")).to_have_count(43)
    click(page, "5e")
    assert moves(page) == ["7g7f", "3c3d", "8h2b+", "3a2b", "B*5e"]
    expect(cell(page, "5e")).to_have_attribute("aria-label", "5e, black bishop")
    expect(hand(page, "bottom").locator(".held")).to_have_count(0)
    # Undo takes the drop back: the bishop is in hand again.
    page.locator("#undo").click()
    expect(held(page, "bottom", "bishop")).to_have_attribute("title", "bishop: 1")
    expect(cell(page, "5e")).to_have_attribute("aria-label", "5e, empty")


def test_crazyhouse_a_captured_pawn_is_dropped_by_clicks(page):
    open_game(page, "crazyhouse")
    # White plays up the board: its hand below.
    expect(hand(page, "bottom")).to_have_attribute("aria-label", "white's hand")
    click(page, "e2", "e4", "d7", "d5", "e4", "d5")
    expect(held(page, "bottom", "pawn")).to_have_attribute("title", "pawn: 1")
    click(page, "d8", "d5")
    expect(held(page, "top", "pawn")).to_have_attribute("title", "pawn: 1")
    hand(page, "bottom").locator("button.held").click()
    # A pawn drops on ranks 2 to 7 only: 48 squares, less the 7 + 7 pawns and the queen there.
    expect(page.locator("#board .target")).to_have_count(33)
    expect(cell(page, "e1")).not_to_have_class(re.compile(r"\btarget\b"))
    click(page, "e4")
    assert moves(page) == ["e4", "d5", "exd5", "Qxd5", "P@e4"]
    expect(cell(page, "e4")).to_have_attribute("aria-label", "e4, white pawn")
    expect(hand(page, "bottom").locator(".held")).to_have_count(0)
    # The record writes the drop as the game does.
    open_record_panel(page)
    page.locator("#copy-record").click()
    expect(page.locator("#record")).to_have_value(re.compile(r"3\. P@e4 \*"))


def test_the_computers_drop_is_shown_and_its_hand_empties(page):
    open_game(page, "crazyhouse", second="random")
    # Black's king on h8 cannot move (the queen on f7 holds g8, g7 and h7) and is not in check:
    # its only moves are drops of the knight it holds.
    set_position(page, "7k/5Q2/8/8/8/8/8/K7[n] b - - 0 1")
    expect(page.locator("#moves button")).to_have_count(1, timeout=TIMEOUT)
    assert re.fullmatch(r"N@[a-h][1-8][+#]?", moves(page)[0]), moves(page)
    expect(hand(page, "top").locator(".held")).to_have_count(0)
    expect(hand(page, "bottom")).to_have_class(re.compile(r"\bto-move\b"))


def test_a_position_loaded_with_pieces_in_hand_shows_them_in_both_languages(page):
    open_game(page, "shogi")
    set_position(page, "4k4/9/9/9/9/9/9/9/4K4 b RG2Pn 1")
    expect(hand(page, "bottom").locator(".held")).to_have_count(3)
    labels = [hand(page, "bottom").locator(".held").nth(i).get_attribute("title") for i in range(3)]
    assert labels == ["rook: 1", "gold: 1", "pawn: 2"], labels
    # A screen reader hears the same words: the mover's pieces are buttons by those names, the
    # other player's images.
    expect(hand(page, "bottom").get_by_role("button", name="pawn: 2", exact=True)).to_have_count(1)
    expect(hand(page, "top").get_by_role("img", name="knight: 1", exact=True)).to_have_count(1)
    expect(held(page, "top", "knight")).to_have_attribute("title", "knight: 1")
    expect(hand(page, "bottom").locator(".count").nth(2)).to_have_text("2")
    # The hands (the mover's pieces buttons, the other's images) break no serious axe rule.
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run('#play', {resultTypes: ['violations']})")
    bad = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"] if v["impact"] in ("critical", "serious")]
    assert bad == [], bad
    page.locator("#lang").select_option("hu")
    try:
        expect(hand(page, "bottom")).to_have_attribute("aria-label", "fekete kézben lévő bábui")
        expect(held(page, "bottom", "gyalog")).to_have_attribute("title", "gyalog: 2")
    finally:
        page.locator("#lang").select_option("en")
    # A game without hands draws none.
    open_game(page, "chess")
    expect(hand(page, "top")).to_be_hidden()
    expect(hand(page, "bottom")).to_be_hidden()
