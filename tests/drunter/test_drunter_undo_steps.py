"""Drunter & Drüber's undo through the screens: after a seat button held undid a tile, the
turn screen says in red what to take back (the tile into the hand, its worker back) and no
longer the earlier vote's "take your tile back" (issue: stale lines after an undo)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from companion.display.app.loop import App
from companion.display.kit import text_reports
from companion.display.kit import widgets as ui
from companion.drunter.actions import Place
from companion.drunter.state import PLAY, VOTE
from tests.drunter.test_drunter_ui import config, play_turn, set_up, vote
from tests.ui_driver import Driver


def texts(d: Driver) -> dict[str, tuple[int, int, int]]:
    """Every line of text the screen draws now, with its colour."""
    text_reports.CONTRAST.clear()
    d.app.dirty = True
    d.widgets()
    return {text: colour for (_screen, text, colour, _bg) in text_reports.CONTRAST}


def test_an_undone_tile_is_taken_back_in_red_and_the_old_vote_is_gone(tmp_path: Path) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    set_up(d)
    while app.session.state.phase != VOTE:
        play_turn(d, want_vote=True)
    vote(d, yes=False)  # lost: "take your tile back", on the next turn's screen
    assert app.session.state.phase == PLAY
    lost = next(t for t in texts(d) if "take your tile back" in t)
    play_turn(d, want_vote=False)
    placed = app.session.game.actions[-1]
    assert isinstance(placed, Place)
    d.hold("red")
    d.tap("undo:yes")
    assert d.screen_name() == "DrunterTurnScreen" and app.session.game.actions[-1] != placed
    shown = texts(d)
    assert lost not in shown
    red = " ".join(t for t, colour in shown.items() if colour == ui.WARNING_INK)
    assert "back into your hand" in red, shown
    assert "Move the worker of" in red and "back to column" in red, shown
    app.close()


def test_an_undone_vote_says_which_cards_come_out_of_the_box(tmp_path: Path) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    set_up(d)
    while app.session.state.phase != VOTE:
        play_turn(d, want_vote=True)
    vote(d, yes=False)
    d.tap("undo")
    d.tap("undo:yes")
    assert d.screen_name() == "DrunterVoteScreen"
    assert "Yes 0, no 0" not in " ".join(texts(d))  # no result before a card is shown
    d.tap("steps:show")
    red = " ".join(t for t, colour in texts(d).items() if colour == ui.WARNING_INK)
    assert "JA out of the box" in red and "it is voted on again" in red, red
    d.tap("steps:close")
    d.tap(f"card:{app.session.state.active}:ja")
    assert "So far yes 1, no 0" in texts(d)
    app.close()


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "es"])
def test_the_key_and_the_take_back_steps_fit_in_every_language(tmp_path: Path,
                                                                 language: str) -> None:
    """The key ("?") to every sign, the take-back steps over the vote screen and the turn
    screen after an undo: every text whole, at 24 px or more."""
    text_reports.clear_reports()
    app = App(config(tmp_path, language))
    d = Driver(app)
    set_up(d, players=("red", "blue", "yellow", "white"))
    d.tap("key")
    assert d.screen_name() == "DrunterKey"
    while d.has("key:next") and d.app.overlay.page < len(d.app.overlay.pages()) - 1:
        d.tap("key:next")  # every page drawn
        d.widgets()
    d.tap("key:close")
    while app.session.state.phase != VOTE:
        play_turn(d, want_vote=True)
    vote(d, yes=False)
    play_turn(d, want_vote=False)
    d.tap("undo")
    d.tap("undo:yes")  # the tile: red on the turn screen
    d.widgets()
    d.tap("undo")
    d.tap("undo:yes")  # the vote: "Take back" on the vote screen (four rows: no room)
    assert d.screen_name() == "DrunterVoteScreen"
    d.tap("steps:show")
    d.widgets()
    d.tap("steps:close")
    d.tap("key")
    d.widgets()
    assert [(r.screen, r.text) for r in text_reports.REPORTS
            if r.screen.startswith("Drunter")] == []
    app.close()
