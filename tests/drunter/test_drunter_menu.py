"""The menu during a game of Drunter & Drüber: "New game" asks before the game under way is
left (as during Helvetia), and the game is still there after "Keep playing"; "Costs" (the
building costs of a game that has them) is not offered."""

from __future__ import annotations

import os
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from companion.display.app.loop import App
from tests.drunter.test_drunter_ui import config, play_turn, set_up
from tests.ui_driver import Driver


def test_new_game_from_the_menu_asks_before_leaving_a_game_under_way(tmp_path: Path) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    set_up(d)
    play_turn(d, want_vote=False)
    lines = app.session.game.record_lines()
    d.tap("menu")
    assert "menu:costs" not in d.ids() and "menu:language" in d.ids()
    d.tap("menu:new_game")
    assert d.screen_name() == "AbandonConfirm" and app.session is not None
    d.tap("abandon:no")
    assert d.screen_name() == "DrunterTurnScreen"
    assert app.session.game.record_lines() == lines
    app.close()
