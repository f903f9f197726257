"""Renders every screen at 800 x 480 under SDL's dummy driver, into PNG files: the app's
screens at points of a recorded game, reached through the UI."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from companion.config import Buttons, Config, Leds
from companion.display.app import App
from tests.ui_driver import Driver

DATA = Path(__file__).parent / "data"


TARGETS: list[tuple[str, str, int, int]] = []
"""Every tappable widget drawn: (screen, id, width, height)."""


def save(app: App, path: Path) -> Path:
    app.draw()
    pygame.image.save(app.surface, str(path))
    screen = type(app.overlay or app.screen).__name__
    TARGETS.extend((screen, w.id, w.rect.width, w.rect.height) for w in app.widgets
                   if w.on_tap is not None)
    return path


def render_all(out: Path, data: Path, language: str = "en") -> dict[str, Path]:
    """Every screen, saved as out/<name>.png; returns name -> file."""
    out.mkdir(parents=True, exist_ok=True)
    lines = (DATA / "game-2p.jsonl").read_text().splitlines()
    config = Config(language=language, data_dir=data, buttons=Buttons(backend="keyboard"),
                    leds=Leds(backend="simulated"))
    app = App(config)
    d = Driver(app)
    shots: dict[str, Path] = {}
    shots["new-game"] = save(app, out / "new-game.png")
    d.new_game(json.loads(lines[0]))
    d.play(lines, stop=3)
    shots["setup-neutral"] = save(app, out / "setup-neutral.png")
    d.play(lines, stop=14)
    shots["setup-couples"] = save(app, out / "setup-couples.png")
    d.play(lines, stop=19)  # the setup is done: Red's first turn
    shots["turn"] = save(app, out / "turn.png")
    d.tap("character:builder")
    shots["turn-options"] = save(app, out / "turn-options.png")
    d.tap("option:0")
    shots["turn-confirm"] = save(app, out / "turn-confirm.png")
    if d.has("field:cell"):
        d.tap("field:cell")
        shots["turn-cell"] = save(app, out / "turn-cell.png")
    app.after_change()
    d.play(lines, stop=22)
    shots["turn-after"] = save(app, out / "turn-after.png")
    d.play(lines, stop=39)
    shots["round-school"] = save(app, out / "round-end.png")
    d.play(lines, stop=40)
    shots["round-reveal"] = save(app, out / "round-reveal.png")
    d.tap("villages")
    shots["villages"] = save(app, out / "villages.png")
    d.tap("back")
    d.tap("market")
    shots["market"] = save(app, out / "market.png")
    d.tap("back")
    d.tap("costs")
    shots["costs"] = save(app, out / "costs.png")
    d.tap("back")
    d.tap("undo")
    shots["undo"] = save(app, out / "undo.png")
    d.tap("undo:no")
    d.play(lines)
    shots["game-over"] = save(app, out / "game-over.png")
    app.close()
    return shots


if __name__ == "__main__":
    import sys
    import tempfile

    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    with tempfile.TemporaryDirectory() as tmp:
        for name, path in render_all(target, Path(tmp)).items():
            print(name, path)
