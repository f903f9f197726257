"""The group's history with a long past (issue 21): a store of 1,000 finished 4-player games,
and how long the Games and Players screens take to open on this machine (target: 150 ms),
through the app as a tap would open them, with the summary table in step. Also: how long a
game's summary takes to compute from its record (what a rebuild costs per game).

Run: python -m benchmarks.history [GAMES]. Prints figures; asserts nothing.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.engine import Game, header_line
from companion.history.summary import GameSummary, play_id, summarize
from companion.history.table import _compute, _write
from companion.store import Store
from tests.gamegen import TEST_COSTS, play
from tests.ui_driver import Driver

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
NAMES = ["Anna", "Ben", "Carla", "Dario", "Eva", "Fritz", "Greta", "Hans"]
COLOURS = ("red", "blue", "yellow", "white")


def pool() -> list[list[str]]:
    """Finished 4-player records: the test data's and a few the bot plays."""
    records = [(DATA / f"{n}.jsonl").read_text().splitlines() for n in ("game-4p", "hurried-4p")]
    for seed in (1, 2, 4, 6):
        header = header_line([(c, c.capitalize()) for c in COLOURS], catalogue=TEST_COSTS)
        records.append(Game(header).record_lines()[:1] + play(header, seed).record_lines()[1:])
    return [[ln for ln in r if ln.strip()] for r in records]


def fill(store: Store, games: int, rng: random.Random) -> None:
    """``games`` finished games, each a record of the pool with 4 of the 8 names; the summary
    of each written as the store writes it at a game's end (computed once per record, then
    given the game's names and id; a sample is checked against a full recompute below)."""
    records = pool()
    base = [summarize(0, r, "2026-01-01T19:00:00", "2026-01-01T20:30:00", None)
            for r in records]
    t = time.mktime((2023, 1, 1, 19, 0, 0, 0, 0, -1))
    with store._tx() as db:
        for i in range(games):
            k = i % len(records)
            names = rng.sample(NAMES, 4)
            header = json.loads(records[k][0])
            for p, name in zip(header["players"], names, strict=True):
                p["name"] = name
            head = json.dumps(header, ensure_ascii=False)
            start = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(t + i * 86_400))
            end = time.strftime("%Y-%m-%dT%H:%M:%S",
                                time.localtime(t + i * 86_400 + rng.randint(50, 150) * 60))
            gid = db.execute("INSERT INTO games (header, started_at, ended_at, result) VALUES "
                             "(?, ?, ?, '{}')", (head, start, end)).lastrowid
            db.executemany("INSERT INTO actions (game_id, seq, line) VALUES (?, ?, ?)",
                           [(gid, n, ln) for n, ln in enumerate(records[k][1:], 1)])
            seats = tuple(replace(s, name=names[j]) for j, s in enumerate(base[k].seats))
            _write(db, replace(base[k], id=gid, started_at=start, ended_at=end, seats=seats,
                               play_id=play_id(start, head)))


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
        print(f"store: {games} finished 4-player games in {time.perf_counter() - t0:.1f} s")
        for gid in rng.sample(range(1, games + 1), 20):  # the rows are what a rebuild writes
            row = store.db.execute("SELECT summary FROM summaries WHERE game_id=?",
                                   (gid,)).fetchone()[0]
            assert GameSummary.from_json(json.loads(row)) == _compute(store.db, gid), gid
        t0 = time.perf_counter()
        for gid in range(1, 21):
            _compute(store.db, gid)
        per = (time.perf_counter() - t0) / 20
        print(f"a summary from its record: {per * 1000:.0f} ms a game "
              f"(a rebuild of {games}: about {per * games:.0f} s)")
        store.close()
        app = App(Config(data_dir=Path(tmp), buttons=Buttons(backend="keyboard"),
                         leds=Leds(backend="simulated")))
        d = Driver(app)
        d.widgets()
        figures = {"Games screen (from the new-game screen)": timed(d, "history", 5)}
        d.tap("history")
        figures["Players screen (from the Games screen)"] = timed(d, "players", 5)
        figures["a game (from the Games screen)"] = timed(d, f"game:{games}", 5)
        app.close()
    for what, ms in figures.items():
        print(f"{what}: median {statistics.median(ms):.0f} ms, worst {max(ms):.0f} ms "
              f"(target 150 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
