"""The history's record replays its game beside the screen's thread: the first frame says the
record is being read (only "Back" to tap), the loop goes on, and the record's lines come once
the replay is in, the same as the game's own replay gives; leaving before then throws the
replay's answer away."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.kit import text_reports
from companion.display.screens.history.game import GameScreen, RecordScreen, record_lines
from companion.engine import Game
from companion.session import Session
from companion.store import Store
from tests.ui_driver import Driver, tap_at_once

DATA = Path(__file__).parent.parent / "data"


def stored_game(data: Path, name: str = "game-4p") -> list[str]:
    """A whole game stored as the table stores it (through the session)."""
    lines = [ln for ln in (DATA / f"{name}.jsonl").read_text().splitlines() if ln.strip()]
    store, _ = Store.open(data / "helvetia.db")
    session = Session.start(store, json.loads(lines[0]))
    for line in lines[1:]:
        session.apply(json.loads(line))
    store.close()
    return lines


def app_at_the_game(tmp_path: Path) -> tuple[App, Driver, list[str]]:
    lines = stored_game(tmp_path)
    app = App(Config(data_dir=tmp_path, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    d = Driver(app)
    d.open_games()
    d.tap("game:1")
    assert isinstance(app.screen, GameScreen)
    return app, d, lines


def test_the_record_is_replayed_beside_the_screen_and_shown_once_it_is_in(
        tmp_path: Path) -> None:
    app, d, lines = app_at_the_game(tmp_path)
    summary = app.screen.game  # type: ignore[union-attr]
    assert summary is not None
    text_reports.DRAWN.clear()
    tap_at_once(app, "record")
    record = app.screen
    assert isinstance(record, RecordScreen)
    # The first frame: the replay is on its way beside the screen, which says so.
    assert record.loading and record.replay is not None and app.beside.jobs
    assert [w.id for w in app.widgets] == ["back"]
    assert any(text == "Reading the record..." for text, _r in text_reports.DRAWN)
    frames = app.frames
    end = time.monotonic() + 30
    while record.loading:  # the loop goes on: the replay's answer wakes it, then it is drawn
        assert time.monotonic() < end, "the replay never came in"
        app.step(0.01)
    assert app.frames > frames and not app.beside.jobs
    assert record.lines == record_lines(summary, Game.from_record(lines))
    assert record.lines[0] == ("round", "Round 1")
    assert "record:next" in d.ids()  # a whole game: more than a page
    assert not any(text == "Reading the record..." for text, _r in
                   list(text_reports.DRAWN)[-5:])
    app.close()


def test_leaving_the_record_before_the_replay_is_in_throws_its_answer_away(
        tmp_path: Path) -> None:
    app, _d, _lines = app_at_the_game(tmp_path)
    tap_at_once(app, "record")
    record = app.screen
    assert isinstance(record, RecordScreen) and record.replay is not None
    job = record.replay
    tap_at_once(app, "back")  # before the replay is in
    assert isinstance(app.screen, GameScreen)
    assert job.withdrawn or job.ready
    job.wait(30)
    app.step(0)
    assert not app.beside.jobs and record.lines is None  # nothing worded for a screen gone
    app.close()

