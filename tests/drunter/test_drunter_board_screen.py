"""The board entered once (§D9), through the screen: from the new-game screen, a made-up board
tapped in square by square, checked on "Save" (a refusal worded for the table, nothing kept),
kept on the device, and shown again to correct after a restart."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from companion.display.app.loop import App
from companion.display.kit import text_reports
from companion.display.screens.drunter.board import DrunterBoardScreen
from companion.display.words import i18n
from companion.drunter import Building, load_board
from companion.drunter_store import SETTING
from companion.store import Store
from tests.app_config import config
from tests.ui_driver import Driver


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")


def enter_made_up_board(d: Driver) -> None:
    """A made-up 9 x 7 board: three buildings, a toilet, the four starts in the corners."""
    d.tap("game:drunter")
    d.tap("drunter_board")
    assert isinstance(d.app.screen, DrunterBoardScreen)
    d.tap("size:-1,0")
    for _ in range(3):
        d.tap("size:0,-1")
    d.tap("square:3,1")  # A 1 (the first tool)
    d.tap("tool:C")
    d.tap("value:+")
    d.tap("value:+")
    d.tap("square:2,2")  # C 3
    d.tap("square:5,5")
    d.tap("tool:toilet")
    d.tap("square:4,0")
    for road, sq in (("street", "0,0"), ("wall_1", "8,0"), ("wall_2", "0,6"),
                     ("canal", "8,6")):
        d.tap(f"tool:{road}")
        d.tap(f"square:{sq}")


def test_a_made_up_board_is_entered_by_taps_saved_and_shown_again(tmp_path: Path) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    enter_made_up_board(d)
    d.tap("save")
    save = next(w for w in d.widgets() if w.id == "save")  # a confirmation, not a refusal
    assert app.banner is None and save.label == "The board is saved" and save.style != "primary"
    store, _ = Store.open(tmp_path / "helvetia.db", writer=False)
    board = load_board(json.loads(store.setting(SETTING)))
    store.close()
    assert (board.width, board.height) == (9, 7)
    assert board.buildings == {(3, 1): Building("A", 1), (2, 2): Building("C", 3),
                               (5, 5): Building("C", 3)}
    assert board.toilets == {(4, 0)}
    assert board.starts == {"street": (0, 0), "wall_1": (8, 0), "wall_2": (0, 6),
                            "canal": (8, 6)}
    app.store.lock.release()  # (what the kernel does for a killed process's lock)
    again = App(config(tmp_path))  # after a restart: the board to correct
    d = Driver(again)
    d.tap("game:drunter")
    d.tap("drunter_board")
    assert again.screen.draft.board() == board
    d.tap("tool:erase")
    d.tap("square:5,5")
    d.tap("back")
    assert type(again.screen).__name__ == "DrunterSetupScreen"  # back where it was opened


def test_a_board_against_the_rules_is_said_and_not_kept(tmp_path: Path) -> None:
    app = App(config(tmp_path, "de"))
    d = Driver(app)
    enter_made_up_board(d)
    d.tap("tool:canal")
    d.tap("square:4,3")  # the water source inside the map
    d.tap("save")
    assert app.banner == ("Der Start (der Kanal, Spalte 5, Zeile 4) muss am Rand des Plans "
                          "liegen.")
    assert app.store.setting(SETTING) is None


def test_one_thing_a_square_and_the_same_tap_again_takes_it_away(tmp_path: Path) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    d.tap("game:drunter")
    d.tap("drunter_board")
    draft = app.screen.draft
    d.tap("square:1,1")
    assert draft.what((1, 1)) == ("A", 1)
    d.tap("tool:toilet")
    d.tap("square:1,1")
    assert draft.what((1, 1)) == ("toilet", 0) and not draft.buildings
    d.tap("square:1,1")
    assert draft.what((1, 1)) is None
    d.tap("tool:street")
    d.tap("square:0,0")
    d.tap("square:0,1")  # the inn moves
    assert draft.starts == {"street": (0, 1)}


def test_a_large_map_scrolls(tmp_path: Path) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    d.tap("game:drunter")
    d.tap("drunter_board")
    for _ in range(4):
        d.tap("size:1,0")
    assert app.screen.draft.width == 14
    d.tap("scroll:1,0")
    d.tap("scroll:1,0")  # as far as the map goes, no further
    assert "scroll:1,0 (off)" in d.listing()
    assert "square:13,0" in d.ids() and "square:0,0" not in d.ids()
    d.tap("square:13,0")
    assert app.screen.draft.what((13, 0)) == ("A", 1)


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_text_fits_in_every_language(lang: str, tmp_path: Path) -> None:
    text_reports.clear_reports()
    app = App(config(tmp_path, lang))
    d = Driver(app)
    app.draw()
    enter_made_up_board(d)
    d.tap("save")
    app.draw()
    pygame.image.save(app.surface, str(tmp_path / f"board-{lang}.png"))
    reports = [r for r in text_reports.REPORTS
               if r.screen in ("DrunterBoardScreen", "NewGameScreen")]
    assert reports == []
    assert text_reports.contrast_misses() == [] or all(
        m[0] not in ("DrunterBoardScreen",) for m in text_reports.contrast_misses())


def test_a_board_half_entered_survives_a_restart(tmp_path: Path) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    d.tap("game:drunter")
    d.tap("drunter_board")
    d.tap("size:1,0")
    d.tap("square:2,3")
    d.tap("tool:toilet")
    d.tap("square:4,4")
    d.tap("tool:canal")
    d.tap("square:0,2")  # no save: the power goes
    app.store.lock.release()  # (what the kernel does for a killed process's lock)
    again = App(config(tmp_path))
    Driver(again).tap("game:drunter")
    Driver(again).tap("drunter_board")
    draft = again.screen.draft
    assert (draft.width, draft.height) == (11, 10)
    assert draft.what((2, 3)) == ("A", 1) and draft.what((4, 4)) == ("toilet", 0)
    assert draft.starts == {"canal": (0, 2)}
    assert again.store.setting(SETTING) is None  # not a board yet: nothing saved as one
