"""The group's history with a long past (issues 21, 31): a store of 1,000 finished games made
the store's own way (``Store.import_record``, names varied), and how long the Games list (target
here: 50 ms), the Players screen and a game take to open, reached as the table reaches them
(through the Menu). Also: how long a game's summary takes to compute from its record.

Run: python -m benchmarks.history [GAMES]. Prints figures; asserts nothing. CI runs a short form
(``tests/test_history_benchmark.py``) so that it cannot rot.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.store import Store
from companion.store.summaries import summary_of
from tests.ui_driver import Driver

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
NAMES = ["Anna", "Ben", "Carla", "Dario", "Eva", "Fritz", "Greta", "Hans"]
COLOURS = ("red", "blue", "yellow", "white")


def records() -> list[list[str]]:
    """Finished records of the test data (2 to 4 players)."""
    out = []
    for name in ("game-2p", "game-3p", "game-4p"):
        lines = (DATA / f"{name}.jsonl").read_text().splitlines()
        out.append([ln for ln in lines if ln.strip()])
    return out


def fill(store: Store, games: int, rng: random.Random) -> None:
    """``games`` finished games imported the store's own way (replayed, journaled, summed up
    after the commit), each a record of the pool with names drawn from ``NAMES``; mostly the
    short 2-player game, so that a thousand are made in about a minute."""
    pool = records()
    for i in range(games):
        lines = list(pool[0 if i % 10 else (i // 10) % len(pool)])
        header = json.loads(lines[0])
        for p, name in zip(header["players"], rng.sample(NAMES, len(header["players"])),
                           strict=True):
            p["name"] = name
        lines[0] = json.dumps(header, ensure_ascii=False)
        store.import_record(lines)


def through_menu(d: Driver, item: str, repeat: int) -> list[float]:
    """Menu, then ``item`` (timed: the tap, the screen's layout and its first frame), back."""
    out = []
    for _ in range(repeat):
        d.tap("menu")
        start = time.perf_counter()
        d.tap(item)
        out.append((time.perf_counter() - start) * 1000)
        d.tap("back")
    return out


def timed(d: Driver, tap: str, repeat: int, back: str = "back") -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        d.tap(tap)  # the tap, the screen's layout and its first frame
        out.append((time.perf_counter() - start) * 1000)
        d.tap(back)
    return out


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 1000
    rng = random.Random(21)
    with tempfile.TemporaryDirectory() as tmp:
        store, _ = Store.open(Path(tmp) / "helvetia.db")
        t0 = time.perf_counter()
        fill(store, games, rng)
        print(f"store: {games} finished games imported in {time.perf_counter() - t0:.1f} s")
        t0 = time.perf_counter()
        for gid in range(1, 11):
            summary_of(store, gid)  # (from its row)
        row = (time.perf_counter() - t0) / 10
        store.close()
        app = App(Config(data_dir=Path(tmp), buttons=Buttons(backend="keyboard"),
                         leds=Leds(backend="simulated")))
        d = Driver(app)
        d.widgets()
        figures = {"Games list (Menu, Games)": through_menu(d, "menu:games", 5)}
        d.open_games()
        figures["a game (from the Games list)"] = timed(d, f"game:{games}", 5)
        figures["next page of the Games list"] = timed(d, "games:next", 5, back="games:prev")
        figures["Players screen (from the Games list)"] = timed(d, "players", 3)
        app.close()
    print(f"a game's summary from its row: {row * 1000:.1f} ms")
    for what, ms in figures.items():
        print(f"{what}: median {statistics.median(ms):.0f} ms, worst {max(ms):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
