"""The app end to end: a whole recorded game played through the screens by touches and seat
buttons; its scores equal `helvetia replay`; killed and restarted mid-game, it goes on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from companion.config import Buttons, Config, Leds
from companion.display.app import App
from companion.display.screens import GameOverScreen
from tests.ui_driver import Driver

DATA = Path(__file__).parent / "data"


def config(tmp: Path) -> Config:
    return Config(data_dir=tmp, buttons=Buttons(backend="keyboard"),
                  leds=Leds(backend="simulated"))


def replay(path: Path) -> dict:
    done = subprocess.run([sys.executable, "-m", "companion.cli", "replay", str(path)],
                          capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize("name", ["game-2p"])
def test_a_recorded_game_through_the_ui_and_a_restart_mid_game(tmp_path: Path,
                                                                name: str) -> None:
    lines = (DATA / f"{name}.jsonl").read_text().splitlines()
    app = App(config(tmp_path))
    driver = Driver(app)
    half = (len(lines) - 1) // 2
    driver.play(lines, stop=half)
    before = app.session.game.record_lines()  # type: ignore[union-attr]
    # Killed: nothing closed, nothing flushed by hand. A new app on the same data resumes.
    app = App(config(tmp_path))
    assert app.session is not None
    assert app.session.game.record_lines() == before
    again = Driver(app)
    again.play(lines)
    screen = app.screen
    assert isinstance(screen, GameOverScreen)
    app.draw()
    truth = replay(DATA / f"{name}.jsonl")
    assert screen.shown == {c: p["vp"] for c, p in truth["players"].items()}
    assert app.session.game.record_lines()[1:] == lines[1:]
    app.close()
