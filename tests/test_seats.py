"""Seats as they are: the group puts each colour on the place where that player sits; play
order, draft order, dowry and left neighbour follow the places counter-clockwise; empty
places stay empty; the seat buttons belong to whoever sits there."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from companion.config import Buttons, Config, Leds
from companion.display.app import App
from companion.display.seating import places, sitter
from companion.engine import Game, MalformedAction
from companion.engine.setup import left_neighbour
from companion.hw.events import PRESS, ButtonEvent
from tests.ui_driver import Driver


def test_colours_in_any_places_give_the_order_of_the_places(tmp_path: Path) -> None:
    app = App(Config(data_dir=tmp_path, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    d = Driver(app)
    # Yellow at seat 1, Red at seat 2, seat 3 empty, White at seat 4.
    d.seat_players(["yellow", "red", None, "white"])  # type: ignore[list-item]
    d.tap("start")
    header = app.session.game.header
    assert [(p["colour"], p["seat"]) for p in header["players"]] == [
        ("yellow", 1), ("red", 2), ("white", 4)]
    state = app.state
    assert state.colours == ["yellow", "red", "white"]
    assert left_neighbour(state, "yellow") == "white"  # the place before, counter-clockwise
    # The dowry: each player gives a coin to the two players to its right (next in order).
    assert state.villages["red"].coins == {"yellow": 1, "white": 1}
    assert places(header, app.config.seats) == ["yellow", "red", None, "white"]
    # The button at seat 2 (wired as the configuration's second seat) is Red's now.
    second = app.config.seats[1]
    assert sitter(ButtonEvent(second, PRESS, 0.0), header, app.config.seats).seat == "red"
    assert sitter(ButtonEvent(app.config.seats[2], PRESS, 0.0), header,
                  app.config.seats) is None
    d.seat(app.config.seats[2])  # nobody sits there: the screen says so
    assert app.banner == "Nobody plays at this seat in this game."
    app.close()


def test_the_draft_order_follows_the_places() -> None:
    from companion.engine import header_line

    header = header_line([("white", "W"), ("blue", "B"), ("red", "R")],
                         seats={"white": 1, "blue": 3, "red": 4})
    game = Game(header)
    game.apply({"type": "start_player", "player": "blue"})
    # Pick 1 clockwise from the start player, pick 2 counter-clockwise from its right.
    assert game.state.queue[:3] == ["blue", "white", "red"]
    assert game.state.queue[3:6] == ["red", "white", "blue"]


@pytest.mark.parametrize("seats", [{"red": 1, "blue": 1}, {"red": 0, "blue": 2},
                                   {"red": "1", "blue": 2}])
def test_a_record_with_impossible_seats_is_refused(seats: dict) -> None:
    header = {"format": "helvetia-record", "version": 1,
              "players": [{"colour": c, "seat": s} for c, s in seats.items()]}
    with pytest.raises(MalformedAction):
        Game(header)


def test_a_record_without_seats_sits_by_the_configuration() -> None:
    header = {"players": [{"colour": "red"}, {"colour": "yellow"}]}
    assert places(header, ("red", "blue", "yellow", "white")) == ["red", None, "yellow", None]
