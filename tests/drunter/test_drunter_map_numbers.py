"""The words and the picture agree: the texts name a square "column 3, row 5", so every map a
Drunter screen draws numbers its columns on the top edge and its rows on the left (24 px
where it fits), the numbers of the square chosen stand out, a screen without room for the
map (the vote, the steps to take back) shows it a tap away with the square marked, the
squares an undo's red steps name are framed red, and the key explains every sign and count
the screens show, in every language."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from companion.display.app.loop import App
from companion.display.kit.widgets import WARNING_INK, font, reset_fonts
from companion.display.screens.drunter.board import VIEW_AREA, DrunterBoardScreen
from companion.display.screens.drunter.end import SPECIAL_SHORT
from companion.display.screens.drunter.map import (
    KEY,
    LABEL,
    MIN_LABEL,
    DrunterMapOverlay,
    MapView,
)
from companion.display.screens.drunter.turn import MAP
from companion.display.words import i18n
from companion.drunter.board import MAX_SIDE, MIN_SIDE
from companion.drunter.state import VOTE
from tests.drunter.test_drunter_ui import config, play_turn, set_up
from tests.ui_driver import Driver

SQUARE = re.compile(r"column (\d+), row (\d+)")


@settings(max_examples=60, deadline=None)
@given(st.integers(MIN_SIDE, MAX_SIDE), st.integers(MIN_SIDE, MAX_SIDE),
       st.sampled_from([MAP, pygame.Rect(8, 64, 460, 316), pygame.Rect(16, 14, 440, 456)]))
def test_every_map_size_fits_with_its_numbers_beside_their_squares(
        cols: int, rows: int, rect: pygame.Rect) -> None:
    """Any map the table may enter (3 to 40 squares a side), in each screen's room: the map
    and its numbers inside the room, each number over its column or beside its row and as
    wide as its square allows, at 24 px whenever the map is small enough for it."""
    if not pygame.font.get_init():  # an app closed before: fonts anew
        pygame.init()
        reset_fonts()
    view = MapView.grid(cols, rows, rect, largest=56)
    assert MIN_LABEL <= view.label <= LABEL
    whole = view.rect((0, 0)).union(view.rect((cols - 1, rows - 1)))
    numbers = view.column_label(0).union(view.row_label(rows - 1))
    if view.cell > 12:  # squares of 12 px are the floor: a 40-square map may not fit
        assert rect.contains(whole.union(numbers)), (rect, whole, numbers)
    for c in range(cols):
        label = view.column_label(c)
        assert label.centerx == view.rect((c, 0)).centerx and label.bottom <= whole.top
        if (c + 1) % view.every == 0:  # numbered: as wide as its squares
            assert font(view.label).size(str(c + 1))[0] <= view.cell * view.every
    for r in range(rows):
        label = view.row_label(r)
        assert label.centery == view.rect((0, r)).centery and label.right <= whole.left
    if cols <= 9 and rows <= 9 and rect.width >= 396:
        assert view.label == LABEL and view.every == 1


def _ink_in(s: pygame.Surface, r: pygame.Rect) -> int:
    """How many pixels of ``r`` are dark (digits drawn, or a number lit white on ink)."""
    return sum(1 for x in range(r.left, r.right) for y in range(r.top, r.bottom)
               if sum(s.get_at((x, y))[:3]) < 200)


def test_the_turn_screen_numbers_the_square_its_words_name(tmp_path: Path) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    set_up(d)
    screen = app.screen
    target = screen.places[0]
    d.tap(f"tile:{target.kind}:{target.length}")
    d.tap(f"square:{target.square[0]},{target.square[1]}")
    if app.screen.chosen != target:
        d.tap(f"way:{target.road}:{target.direction}")
    app.dirty = True
    d.widgets()
    view = MapView.fit(app.session.state, MAP, largest=46)
    assert view.label == LABEL
    words = i18n.say(next(o.message for o in app.screen.options if o.action == target))
    col, row = (int(n) for n in SQUARE.search(words).groups())
    assert (col - 1, row - 1) == target.square
    lit_col, lit_row = view.column_label(col - 1), view.row_label(row - 1)
    other = view.column_label(col % app.session.state.board.width)
    shot = app.surface
    assert _ink_in(shot, lit_col) > lit_col.width * lit_col.height // 2  # white on ink
    assert _ink_in(shot, lit_row) > lit_row.width * lit_row.height // 2
    assert 0 < _ink_in(shot, other) < other.width * other.height // 3  # a digit, no block
    app.close()


def test_the_vote_shows_its_square_on_the_map_and_an_undo_frames_its_squares_red(
        tmp_path: Path) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    set_up(d)
    while app.session.state.phase != VOTE:
        play_turn(d, want_vote=True)
    first = app.session.state.pending.squares[0]
    line = app.screen.tile_words()
    assert SQUARE.search(line).groups() == (str(first[0] + 1), str(first[1] + 1))
    d.tap("map")
    overlay = app.overlay
    assert isinstance(overlay, DrunterMapOverlay) and overlay.focus == first
    assert overlay.words[0][0] == line
    d.tap("map:close")
    assert app.overlay is None and d.screen_name() == "DrunterVoteScreen"
    d.tap("undo")
    d.tap("undo:yes")  # the tile announced goes back into the hand: its square framed red
    assert d.screen_name() == "DrunterTurnScreen"
    app.dirty = True
    d.widgets()
    view = MapView.fit(app.session.state, MAP, largest=46)
    r = view.rect(first)
    shot = app.surface
    edge = [shot.get_at((r.left + 3, y))[:3] for y in range(r.top + 6, r.bottom - 6)]
    assert all(px == WARNING_INK for px in edge), edge
    app.close()


def test_the_board_screen_numbers_what_it_shows_and_its_squares_never_move(
        tmp_path: Path) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    d.tap("game:drunter")
    d.tap("drunter_board")
    screen = app.screen
    assert isinstance(screen, DrunterBoardScreen)
    before = {w.id: w.rect for w in d.widgets() if w.id == "square:0,0"}
    for _ in range(12):
        d.tap("size:1,0")
        d.tap("size:0,1")
    d.tap("scroll:1,0")
    d.tap("scroll:0,1")
    assert (screen.left, screen.top) == (4, 4)
    view = screen.view()
    assert view.first == (4, 4) and VIEW_AREA.contains(view.column_label(0))
    assert d.widgets()[0].id == "square:4,4" and d.widgets()[0].rect == before["square:0,0"]
    app.close()


SHOWN = ["WC", "A3", "3\u00d7", "0\u00d7", "..?", "JEEIIN", *SPECIAL_SHORT.values()]
"""The codes and counts the Drunter screens draw that are not words."""


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "es"])
def test_the_key_explains_every_code_and_count_the_screens_show(language: str) -> None:
    i18n.use(language)
    try:
        key = " ".join(i18n._(words) for _sign, words in KEY)
        missing = [code for code in SHOWN if code not in key]
        assert missing == [], missing
        assert i18n._("Take back ({n})").format(n=4) in key
        assert i18n._("value {n}").format(n=3) in key
    finally:
        i18n.use("en")



def test_the_undo_question_names_the_tile_and_its_square(tmp_path: Path) -> None:
    from companion.display.kit import text_reports as ui

    app = App(config(tmp_path))
    d = Driver(app)
    set_up(d)
    play_turn(d, want_vote=False)
    tile = app.session.state.tiles[-1]
    d.hold("red")
    assert d.screen_name() == "DrunterUndoConfirm"
    ui.CONTRAST.clear()
    app.dirty = True
    d.widgets()
    said = " ".join(text for (_screen, text, _colour, _bg) in ui.CONTRAST)
    col, row = tile.squares[0]
    assert f"column {col + 1}, row {row + 1}" in said, said
    assert ui.REPORTS == [] or all(not r.screen.startswith("Drunter") for r in ui.REPORTS)
    app.close()
