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
from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.engine import Game, MalformedAction
from companion.engine.setup import left_neighbour
from companion.games.seating import places, sitter
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
    state = helvetia_state(app)
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


def new_game(tmp_path: Path) -> tuple[App, Driver]:
    app = App(Config(data_dir=tmp_path, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    return app, Driver(app)


def type_name(d: Driver, name: str) -> None:
    from companion.display.screens.setup.keyboard import taps_for

    for key in taps_for(name, "en"):
        d.tap(key)
    d.tap("name:ok")


def seated(d: Driver) -> list[str | None]:
    return [next(w.colour for w in d.widgets() if w.id == f"seat:{p}") for p in range(1, 5)]


def test_two_seats_swap_their_colours_in_two_taps(tmp_path: Path) -> None:
    app, d = new_game(tmp_path)
    assert seated(d) == ["red", "blue", "yellow", "white"]
    d.tap("name:red")  # Anna sits at seat 1, Ben at seat 2
    type_name(d, "Anna")
    d.tap("level:blue")  # the companion plays seat 2
    before = d.taps
    d.tap("seat:1")  # picked up: its colours are offered, the place framed
    assert {f"seat-colour:{c}" for c in ("red", "blue", "yellow", "white")} <= set(d.ids())
    d.tap("seat:2")  # the other place: the two colours swap
    assert d.taps - before == 2
    assert seated(d) == ["blue", "red", "yellow", "white"]
    # Whoever sits at a place stays there: Anna now plays Blue, the companion Red.
    labels = {w.id: w.label for w in d.widgets()}
    assert labels["name:blue"] == "Anna" and labels["name:red"] == "Red"
    assert app.screen.levels == {"red": "easy"}
    # The same with a colour: seat 3 takes White, White's seat takes Yellow.
    before = d.taps
    d.tap("seat:3")
    d.tap("seat-colour:white")
    assert d.taps - before == 2
    assert seated(d) == ["blue", "red", "white", "yellow"]
    d.tap("start")
    assert [p["colour"] for p in app.session.game.header["players"]] == [
        "blue", "red", "white", "yellow"]
    assert app.session.game.header["players"][0]["name"] == "Anna"
    assert app.session.game.header["players"][1].get("virtual") == "easy"
    app.close()


def test_a_colour_moves_to_an_empty_seat_with_its_player(tmp_path: Path) -> None:
    app, d = new_game(tmp_path)
    d.seat_players(["red", "blue", None, "yellow"])
    d.tap("name:red")
    type_name(d, "Anna")
    before = d.taps
    d.tap("seat:3")  # the empty place, then Red: Anna moves there with her colour
    d.tap("seat-colour:red")
    assert d.taps - before == 2
    assert seated(d) == [None, "blue", "red", "yellow"]
    assert {w.id: w.label for w in d.widgets()}["name:red"] == "Anna"
    d.tap("seat:2")  # a place picked up and tapped again is let go: nothing changes
    d.tap("seat:2")
    assert seated(d) == [None, "blue", "red", "yellow"] and "start" in d.ids()
    d.tap("seat:4")
    d.tap("seat-colour:none")  # nobody sits there any more
    assert seated(d) == [None, "blue", "red", None]
    assert "seat-colour:none" not in d.ids()
    app.close()


def test_each_seat_shows_a_person_or_the_companion_at_its_level(tmp_path: Path) -> None:
    from companion.display.kit import text_reports
    from companion.display.pictures import pictograms

    app, d = new_game(tmp_path)
    text_reports.clear_reports()
    d.tap("level:white")
    d.tap("level:white")  # easy, then normal
    widgets = {w.id: w for w in d.widgets()}
    assert widgets["level:white"].icon is pictograms.companion
    assert widgets["level:white"].label == "Normal"
    assert widgets["level:red"].icon is pictograms.person
    assert widgets["level:red"].label == "Person"
    # all ≥ 24 px, fitting
    assert not [r for r in text_reports.REPORTS if r.screen == "NewGameScreen"]
    app.close()
