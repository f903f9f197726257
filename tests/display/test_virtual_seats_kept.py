"""The seats the companion played stay virtual, at their levels, for the next game at the same
table: after a game is abandoned, and after the device starts again (the play-test: a new game
after an abandoned one made the virtual player a person again)."""

from __future__ import annotations

from pathlib import Path

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.screens.setup.new_game import NewGameScreen
from tests.ui_driver import Driver
from tests.virtual_play import set_up

SEATS = ("red", "blue", "yellow", "white")


def app_at(tmp: Path) -> tuple[App, Driver]:
    app = App(Config(language="en", data_dir=tmp, seats=SEATS,
                     buttons=Buttons(backend="keyboard"), leds=Leds(backend="simulated")))
    return app, Driver(app)


def levels_shown(d: Driver) -> dict[str, str | None]:
    return {w.id.removeprefix("level:"): w.value for w in d.widgets()
            if w.id.startswith("level:")}


def test_a_virtual_seat_stays_virtual_after_an_abandoned_game_and_a_restart(
        tmp_path: Path) -> None:
    app, d = app_at(tmp_path)
    set_up(d, ["red", "blue", "yellow"], {"blue": "strong"})
    assert app.session is not None
    d.tap("undo")
    d.tap("abandon")
    d.tap("abandon:yes")
    if not isinstance(app.screen, NewGameScreen):
        d.tap("new_game")
    assert isinstance(app.screen, NewGameScreen)
    shown = levels_shown(d)
    assert shown["blue"] == "strong" and shown["red"] is None and shown["yellow"] is None
    app.close()

    app, d = app_at(tmp_path)  # the device started again: kept on the card
    if not isinstance(app.screen, NewGameScreen):
        d.tap("new_game")
    assert isinstance(app.screen, NewGameScreen)
    assert levels_shown(d)["blue"] == "strong"
    d.tap("level:blue")  # a person again, by the table's choice: kept so for the next game
    assert levels_shown(d)["blue"] != "strong"
    app.close()
