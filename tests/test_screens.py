"""Every screen at 800 x 480 under SDL's dummy driver, saved as PNG and checked; rotation;
the app's start with a damaged store; a real kill and restart."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame

from companion.config import Buttons, Config, Display, Leds
from companion.display.app import App
from companion.display.screens import TurnScreen
from companion.store import Store
from tests import screens
from tests.ui_driver import Driver

DATA = Path(__file__).parent / "data"
LINES = (DATA / "game-2p.jsonl").read_text().splitlines()


def config(tmp: Path, **kw: object) -> Config:
    return Config(data_dir=tmp, buttons=Buttons(backend="keyboard"),
                  leds=Leds(backend="simulated"), **kw)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("shots")
    return screens.render_all(out, tmp_path_factory.mktemp("data"))


def test_every_screen_is_drawn_at_800_by_480(shots: dict[str, Path]) -> None:
    assert set(shots) >= {"new-game", "setup-neutral", "setup-couples", "turn", "turn-options",
                          "turn-confirm", "turn-after", "round-school", "round-reveal",
                          "villages", "market", "costs", "undo", "game-over"}
    for name, path in shots.items():
        img = pygame.image.load(str(path))
        assert img.get_size() == (800, 480), name
        colours = {img.get_at((x, y))[:3] for x in range(0, 800, 7) for y in range(0, 480, 7)}
        assert len(colours) > 12, f"{name} looks blank"


def test_every_touch_target_is_at_least_48_px(shots: dict[str, Path]) -> None:
    small = [t for t in screens.TARGETS if t[1] != "banner" and min(t[2], t[3]) < 48]
    assert small == []


def test_german_screens_use_the_rulebooks_terms(tmp_path: Path) -> None:
    app = App(config(tmp_path, language="de"))
    d = Driver(app)
    d.play(LINES, stop=19)
    app.draw()
    labels = {w.id: w.lines[0] for w in app.widgets if w.lines}
    assert labels["character:builder"] == "Baumeister"
    assert labels["character:night_watchman"] == "Nachtwächter"
    assert labels["character:midwife"] == "Hebamme"
    pygame.image.save(app.surface, str(tmp_path / "turn-de.png"))
    app.close()


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_rotation_maps_touches_to_what_is_drawn(tmp_path: Path, rotation: int) -> None:
    app = App(config(tmp_path, display=Display(rotation=rotation)))
    expected = (800, 480) if rotation in (0, 180) else (480, 800)
    assert app.window.get_size() == expected
    for point in [(10, 10), (790, 20), (400, 240), (20, 470)]:
        x, y = app.to_window(point)
        back = app.to_logical(x, y)
        assert abs(back[0] - point[0]) <= 1 and abs(back[1] - point[1]) <= 1
    # The start button is drawn where a touch on it lands.
    app.draw()
    start = next(w for w in app.widgets if w.id == "start")
    x, y = app.to_window(start.rect.center)
    assert app.window.get_at((int(x), int(y)))[:3] == app.surface.get_at(start.rect.center)[:3]
    Driver(app).tap("colour:white")  # a tap through the rotation reaches its button
    assert "white" not in app.screen.playing
    app.close()


def test_a_damaged_store_is_said_in_plain_words_at_start(tmp_path: Path) -> None:
    (tmp_path / "helvetia.db").write_bytes(b"not a database" * 500)
    app = App(config(tmp_path))
    assert app.banner and app.banner.startswith("The saved games could not be read")
    app.draw()
    assert any(p.name.startswith("helvetia.db.damaged-") for p in tmp_path.iterdir())
    app.close()


def test_killed_mid_game_the_app_starts_again_where_it_was(tmp_path: Path) -> None:
    store, _ = Store.open(tmp_path / "helvetia.db")
    store.import_record(LINES[:60])  # a game in the middle of round 2
    store.close()
    (tmp_path / "config.toml").write_text(
        f'data_dir = "{tmp_path}"\n[buttons]\nbackend = "keyboard"\n[leds]\nbackend = "none"\n')
    notify = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(notify)
        server.settimeout(60)
        env = {**os.environ, "NOTIFY_SOCKET": notify, "SDL_VIDEODRIVER": "dummy"}
        start = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "run", "--config",
                                 str(tmp_path / "config.toml")], env=env)
        try:
            assert server.recv(64) == b"READY=1"  # after its first frame
            first_frame = time.monotonic() - start
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=30)
    assert first_frame < 30
    app = App(config(tmp_path))
    assert app.session is not None
    assert app.session.game.record_lines()[1:] == LINES[1:60]
    assert isinstance(app.screen, TurnScreen)
    Driver(app).play(LINES)  # and it plays on to the end
    assert app.state is not None and app.state.game_over
    app.close()


def test_a_stored_game_that_no_longer_replays_is_kept_and_said(tmp_path: Path) -> None:
    store, _ = Store.open(tmp_path / "helvetia.db")
    game_id = store.new_game(json.loads(LINES[0]))
    store.append(game_id, 1, '{"type": "end_turn", "player": "red"}')  # not legal at setup
    store.close()
    app = App(config(tmp_path))
    assert app.session is None and app.banner and "does not replay" in app.banner
    assert type(app.screen).__name__ == "NewGameScreen"
    app.close()
