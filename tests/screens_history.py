"""Screenshots of the group's history (Games, a game with its chart, Players, the BG Stats
code) in English and German, from three evenings of the same players and an abandoned game:

    python -m tests.screens_history [OUT]     # default docs/screenshots; writes OUT/<lang>/*.png

Prints the texts that do not fit and those that stand below 4.5:1 against their background.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.kit import text_reports
from companion.session import Session
from companion.store import Store
from tests.ui_driver import Driver

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
RECORDS = ["game-3p", "history-shared-3p", "history-3p"]
"""Anna (red), Carla (yellow) and Ben (blue), three times; the second a shared win."""
T0 = 1_772_823_600  # 2026-03-06 19:00 UTC
STARTS = [T0, T0 + 86_400, T0 + 2 * 86_400, T0 + 3 * 86_400]
MINUTES = [95, 62, 48]
SHOTS = ("games", "game", "game-record", "bgstats", "players")


def lines_of(name: str) -> list[str]:
    return [ln for ln in (DATA / f"{name}.jsonl").read_text().splitlines() if ln.strip()]


def store_evenings(data: Path) -> None:
    """The three games, each from its start to its end an evening apart, the fourth abandoned
    after 40 actions (through the session, as the table stores them) and a fifth in play,
    imported half-way."""
    now = [float(T0)]
    store, _ = Store.open(data / "helvetia.db", clock=lambda: now[0])
    for i, name in enumerate([*RECORDS, "history-3p"]):
        lines = lines_of(name)
        now[0] = STARTS[i]
        session = Session.start(store, json.loads(lines[0]))
        actions = lines[1:] if i < 3 else lines[1:41]
        for line in actions[:-1]:
            session.apply(json.loads(line))
        now[0] = STARTS[i] + 60 * (MINUTES[i] if i < 3 else 20)
        session.apply(json.loads(actions[-1]))
        if i == 3:
            session.abandon()
    now[0] = STARTS[3] + 3600  # and one imported half-way: in play, not the table's game
    store.import_record(lines_of("game-3p")[:41])
    store.close()


def render(lang: str, out: Path, data: Path) -> dict[str, Path]:
    """The history's screens in ``lang``, reached by taps from the new-game screen."""
    out.mkdir(parents=True, exist_ok=True)
    store_evenings(data)
    app = App(Config(language=lang, data_dir=data, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    d = Driver(app)
    shots: dict[str, Path] = {}

    def save(name: str) -> None:
        app.draw()
        shots[name] = out / f"{name}.png"
        pygame.image.save(app.surface, str(shots[name]))

    d.open_games()
    save("games")
    d.tap("tab:other")
    for game in ("game:5", "game:4"):
        d.tap(game)
        d.tap("back")
    d.tap("tab:finished")
    for game in ("game:3", "game:1", "game:2"):  # the shared win last: its shots
        d.tap(game)
        d.tap("record")
        while d.has("record:next"):
            d.tap("record:next")
        d.tap("back")
        d.tap("bgstats")
        d.tap("bgstats:close")
        d.tap("back")
    d.tap("game:2")
    save("game")
    d.tap("record")
    save("game-record")
    d.tap("back")
    d.tap("bgstats")
    save("bgstats")
    d.tap("bgstats:close")
    d.tap("back")
    d.tap("players")
    for _ in range(3):
        d.tap("players:next")
    save("players")
    d.tap("back")
    d.tap("back")
    app.close()
    return shots


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs" / "screenshots"
    bad = 0
    for lang in ("en", "de"):
        text_reports.clear_reports()
        with tempfile.TemporaryDirectory() as data:
            for name, path in render(lang, out / lang / "history", Path(data)).items():
                print(lang, name, path)
        for r in text_reports.REPORTS:
            print(f"  does not fit: {r.screen} {r.box}: {r.text!r}")
        for screen, s, fg, bg, ratio in text_reports.contrast_misses():
            print(f"  contrast {ratio:.2f}: {screen}: {s!r} {fg} on {bg}")
        bad += len(text_reports.REPORTS) + len(text_reports.contrast_misses())
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
