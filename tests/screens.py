"""Renders every screen at 800 x 480 under SDL's dummy driver, into PNG files: the app's
screens at points of a recorded game, reached through the UI.

``python -m tests.screenshots`` (or ``python -m tests.screens [DIR] [--language LANG]``)
re-makes ``docs/screenshots/``. Every text drawn meanwhile is checked: the text-fit reports
and the contrast of every text against its background are in ``text_reports.REPORTS`` and
``text_reports.CONTRAST`` afterwards.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from tests.ui_driver import Driver
from tests.uiplay import EveryLanguage

DATA = Path(__file__).parent / "data"
DOCS = Path(__file__).parent.parent / "docs" / "screenshots"


TARGETS: list[tuple[str, str, int, int]] = []
"""Every tappable widget drawn: (screen, id, width, height)."""


def save(app: App, path: Path) -> Path:
    app.draw()
    pygame.image.save(app.surface, str(path))
    screen = type(app.overlay or app.screen).__name__
    TARGETS.extend((screen, w.id, w.rect.width, w.rect.height) for w in app.widgets
                   if w.on_tap is not None)
    return path


def render_all(out: Path, data: Path, language: str = "en",
               also: Sequence[str] = ()) -> dict[str, Path]:
    """Every screen, saved as out/<name>.png; returns name -> file. Each is drawn in the
    languages ``also`` too (and each new screen on the way), the picture saved in
    ``language``."""
    out.mkdir(parents=True, exist_ok=True)
    lines = (DATA / "game-2p.jsonl").read_text().splitlines()
    config = Config(language=language, data_dir=data, buttons=Buttons(backend="keyboard"),
                    leds=Leds(backend="simulated"))
    app = App(config)
    every = EveryLanguage(app, [language, *also]) if also else None
    d = Driver(app)
    shots: dict[str, Path] = {}

    def shot(name: str) -> None:
        if every is not None:
            every.everywhere()
        shots[name] = save(app, out / f"{name}.png")

    shot("new-game")
    driver, app.driver = app.driver, "x11"  # as on a desktop: the first start names the keys
    app.keys_hint()
    shot("keys-hint")
    d.tap("hint:ok")
    app.driver = driver
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="\x1b", scancode=41))
    app.step(0)
    shot("quit")
    d.tap("quit:no")
    shot_config_problem(app, data, shot)
    d.new_game(json.loads(lines[0]))
    shot("setup-checklist")  # before you start: what to lay out, with pictures
    d.play(lines, stop=3)
    shot("setup-neutral")
    d.play(lines, stop=14)
    shot("setup-couples")
    d.tap("steps:show")
    shot("setup-steps")  # what the last answer asks of the table
    d.tap("steps:close")
    d.play(lines, stop=19)  # the setup is done: Red's first turn
    shot("setup-done")  # the setup's steps as a checklist before the first turn (the dowry)
    d.go_on("character:")
    shot("turn")
    d.tap("character:builder")
    shot("turn-options")
    d.tap("option:0")
    shot("turn-confirm")
    if d.has("field:cell"):
        d.tap("field:cell")
        shot("turn-cell")
    app.after_change()
    d.play(lines, stop=21)
    shot("turn-one-action")  # the table steps of a one-action turn
    d.play(lines, stop=33)  # Anna's turn with the neutral coin (record line 35)
    d.to_turn_main()
    d.tap("neutral")
    shot("turn-neutral")  # its two kinds of options, a tab each
    d.tap("group:marry")
    shot("turn-neutral-marry")
    d.tap("group:build")
    d.tap(next(w.id for w in d.enabled("option:")))
    shot("turn-neutral-place")  # where it goes and who moves in, before "Do it"
    app.after_change()
    d.play(lines, stop=39)
    shot("round-school")
    d.play(lines, stop=40)
    shot("round-reveal")
    d.tap("round:scores")
    shot("round-scores")
    d.tap("reveal:start")
    shot("round-new-buildings")
    d.tap("villages")
    shot("villages")
    d.tap("back")
    d.tap("market")
    shot("market")
    d.tap("back")
    d.tap("menu")
    shot("menu")
    d.tap("menu:costs")
    shot("costs")
    d.tap(next(w.id for w in d.widgets() if w.id.startswith("costs:") and w.id != "costs:page"))
    for g in ("wood", "wood", "brick", "cowbell"):
        d.tap(f"good:{g}")
    shot("cost-form")  # the one cost form, as during a turn
    d.tap("back")  # the form, back to the list
    d.tap("back")
    d.tap("undo")
    shot("undo")
    d.tap("undo:no")
    d.play(lines, stop=47)  # Blue's turn: build with bought goods, then the tile's wake
    shot("turn-steps")
    d.play(lines, stop=49)  # Blue put 2 coins on the Night Watchman
    d.tap("continue")
    shot("turn-wake")  # the quarter to wake, picked on the picture
    d.play(lines, stop=52)
    shot("round-end")  # the whole round end, step by step
    d.play(lines)
    shot("game-over")
    app.close()
    return shots


def shot_config_problem(app: App, data: Path, shot: Callable[[str], None]) -> None:
    """The screen a start with mistakes in the configuration opens on (issue 19)."""
    from companion.config import load_forgiving
    from companion.display.screens.menu.config_problem import ConfigProblem

    path = data / "config.toml"
    path.write_text('language = "xx"\n[display]\nrotation = 45\n')
    app.overlay = ConfigProblem(load_forgiving(str(path))[1],
                                Path("/etc/helvetia/config.toml"))
    shot("config-problem")
    Driver(app).tap("config:continue")


def main(argv: list[str] | None = None) -> int:
    import argparse
    import tempfile

    from companion.display.kit import text_reports

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", nargs="?", default=str(DOCS))
    parser.add_argument("--language", default="en")
    args = parser.parse_args(argv)
    text_reports.clear_reports()
    with tempfile.TemporaryDirectory() as tmp:
        for name, path in render_all(Path(args.out), Path(tmp), args.language).items():
            print(name, path)
    for r in text_reports.REPORTS:
        print(f"{r.why}: {r.screen}: {r.text!r} in {r.box[0]}x{r.box[1]} at {r.size} px")
    for screen, s, fg, bg, ratio in text_reports.contrast_misses():
        print(f"contrast {ratio:.2f}: {screen}: {s!r} {fg} on {bg}")
    return 1 if text_reports.REPORTS or text_reports.contrast_misses() else 0


if __name__ == "__main__":
    raise SystemExit(main())
