"""A game of Drunter & Drüber still in play is listed on the Games screen as what it is (the
game named, as a finished one is), never as a game of Helvetia with Helvetia's setup, and is
not counted in Helvetia's statistics."""

from __future__ import annotations

import os
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from companion.display.app.loop import App
from companion.store.summaries import summaries
from tests.drunter.test_drunter_ui import config, play_turn, set_up
from tests.ui_driver import Driver


def test_a_drunter_game_in_play_is_listed_with_its_game_named(tmp_path: Path) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    set_up(d)
    play_turn(d, want_vote=False)
    [listed] = summaries(app.store)
    assert listed.status == "in_play" and listed.game == "drunter"
    assert listed.setup == "drunter" and not listed.counted
    assert [s.colour for s in listed.seats] == ["red", "blue", "yellow"]
    app.close()
