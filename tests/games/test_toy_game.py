"""A third game, Race to Ten (``tests/toy``), plugs into the table through ``companion.games``
alone and lives its whole life through the app: chosen on the new-game screen, played with
seat buttons (the LEDs showing whose turn it is), stored, resumed after the app is killed,
undone by a held button, finished, and listed in the history with its name."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from companion.display.app.loop import App
from companion.display.screens.history.words import setup_words
from companion.games import kind_named, unregister
from companion.hw.leds import OFF, PLAYER
from companion.store.summaries import summaries
from tests.app_config import config
from tests.sigkill import killed_once_reported
from tests.toy import NAME, plug_in
from tests.toy.rules import Step
from tests.ui_driver import Driver


@pytest.fixture(autouse=True)
def race_known() -> Iterator[None]:
    plug_in()
    yield
    unregister(NAME)


def start(d: Driver) -> None:
    d.seat_players(["red", "blue"])
    d.tap(f"game:{NAME}")
    assert d.screen_name() == "RaceSetup"
    d.tap("start")
    assert d.app.session is not None and d.app.session.kind is kind_named(NAME)
    assert d.screen_name() == "RaceScreen"


def lit(app: App, colour: str) -> bool:
    assert app.strip is not None
    seat = app.config.leds.layout.seats[list(app.config.seats).index(colour)].seat
    return bool(app.strip.pixels[seat] == PLAYER[colour])


def test_race_to_ten_lives_its_whole_life_through_the_app(tmp_path: Path) -> None:
    def before_the_kill(report: int) -> None:
        app = App(config(tmp_path))
        d = Driver(app)
        start(d)
        d.seat("red")  # red steps 1
        d.tap("by:2")
        d.seat("blue")  # blue steps 2
        assert app.session is not None and app.session.state.count == 3
        os.write(report, b"played")
        signal.pause()  # killed here, the app still open

    assert killed_once_reported(before_the_kill) == b"played"

    app = App(config(tmp_path))  # resumed: the kind from the store, the record replayed
    d = Driver(app)
    session = app.session
    assert session is not None and session.kind.name == NAME
    assert session.game.actions == [Step("red", 1), Step("blue", 2)]
    assert d.screen_name() == "RaceScreen"
    assert lit(app, "red") and not lit(app, "blue")

    d.seat("blue")  # not blue's turn: said, nothing done
    assert len(session.game.actions) == 2 and app.banner and "Red" in app.banner
    d.seat("red")
    assert session.game.actions[-1] == Step("red", 1) and lit(app, "blue")
    d.hold("red")  # held: undo, asked first
    assert d.screen_name() == "RaceUndo"
    d.tap("undo:yes")
    assert len(session.game.actions) == 2 and app.store is not None
    assert len(app.store.record_lines(session.game_id)) == 3  # undone in the store too

    while not session.state.game_over:
        d.tap("by:2")
        d.seat(session.state.active)
    assert session.state.count == 10 and d.has("new")
    winner = session.state.winners[0]
    assert lit(app, winner)
    assert app.store.unfinished() is None  # finished, with its result
    listed = summaries(app.store)
    assert [(g.game, g.status, g.winners) for g in listed] == [(NAME, "finished", (winner,))]
    d.open_games()  # listed, drawn with the game's name
    assert d.screen_name() == "GamesScreen" and d.has(f"game:{listed[0].id}")
    assert setup_words(listed[0]) == "Race to Ten · 2 players"
    app.close()


def test_a_race_is_abandoned_from_its_undo_question_like_any_game(tmp_path: Path) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    start(d)
    d.seat("red")
    app.abandon()
    assert app.session is None and d.screen_name() == "NewGameScreen"
    assert app.store is not None
    assert [(g.game, g.status) for g in summaries(app.store)] == [(NAME, "abandoned")]
    assert app.strip is not None and set(app.strip.pixels) == {OFF}
    app.close()
