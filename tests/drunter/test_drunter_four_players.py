"""Four players (the most Drunter & Drüber takes), through the screens to the end's cards, in
every language: every text whole at 24 px, the reveal's steps included (four rows of cards
left them too little room: the last step, "reveal your building card", was cut)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from companion.display.app.loop import App
from companion.display.kit import text_reports as ui
from companion.drunter.state import OVER, REVEAL
from tests.drunter.test_drunter_ui import config, play_to_the_end, set_up
from tests.ui_driver import Driver


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "es"])
def test_a_four_player_game_fits_in_every_language(tmp_path: Path, language: str) -> None:
    ui.clear_reports()
    app = App(config(tmp_path, language))
    d = Driver(app)
    set_up(d, players=("red", "blue", "yellow", "white"))
    play_to_the_end(d, spare=True)
    assert app.session.state.phase == REVEAL and d.screen_name() == "DrunterRevealScreen"
    d.widgets()
    done = len(app.session.game.actions)
    greyed = next(w for w in d.widgets() if w.id == "score")
    d.touch_at(greyed.rect.center)  # greyed (nobody has shown a card): it says why
    assert app.banner and len(app.session.game.actions) == done
    for colour, card in (("red", "A"), ("blue", "C"), ("yellow", "B"), ("white", "D")):
        d.tap(f"reveal:{colour}:{card}")
    d.tap("score")
    assert app.session.state.phase == OVER
    d.widgets()
    mine = [(r.screen, r.text) for r in ui.REPORTS if r.screen.startswith("Drunter")]
    assert mine == []
    app.close()
