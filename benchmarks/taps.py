"""Tap to frame: the recorded games (tests/data/*.jsonl) and two games with virtual players
played through the screens, headless, as a table would (``tests/ui_driver.py``); every tap and
seat button timed from its event to its frame on the screen (the loop step that handles it,
its wait for events left out).

Prints p50 / p95 / p99 / max per screen kind (the screen tapped) and over all, the ten slowest
inputs with what they did, the longest the screen's thread was held (one loop step) while a
virtual player or a hint was being thought out, and the frame that shows a thought once in.
Targets (issue 31, this machine): tap to frame p99 <= 12 ms, max <= 30 ms; no hold longer
than a frame (33 ms).

Run: python -m benchmarks.taps [--short]. ``--short`` (under a minute): one record's first
150 actions and a few turns of one game with virtual players. Prints figures; asserts
nothing.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from companion.display.app.loop import App
from tests import uiplay, virtual_play
from tests.ui_driver import Driver

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
VIRTUAL_GAMES = (  # (players, their levels, seed): a solo game and one virtual player of three
    (["red", "blue", "yellow", "white"], {"blue": "strong", "yellow": "normal", "white": "easy"},
     7),
    (["red", "blue", "yellow"], {"yellow": "strong"}, 3),
)


@dataclass
class Timings:
    inputs: list[tuple[float, str, str, str, float]] = field(default_factory=list)
    """(seconds, screen kind, what was tapped or pressed, which game, the screen thread's own
    CPU seconds) of every input."""
    holds: list[tuple[float, str, str, float]] = field(default_factory=list)
    """(seconds, screen kind, which game, CPU seconds) of every loop step while a thought
    was on."""
    arrivals: list[tuple[float, str, str]] = field(default_factory=list)
    """The same of each loop step that took a thought in and showed it."""
    game: str = ""


TIMINGS = Timings()


def thinking(app: App) -> bool:
    return any(getattr(x, "thinking", None) is not None for x in (app.screen, app.overlay))


class TimedApp(App):
    """The app, its loop steps timed (the wait for events left out)."""

    input_what: str | None = None
    waited = 0.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        gc.freeze()  # as ``App.run`` does before its first frame


    def _wait(self, seconds: float) -> list[Any]:
        t = time.perf_counter()
        try:
            return super()._wait(seconds)
        finally:
            self.waited += time.perf_counter() - t

    def step(self, timeout: float = 1.0) -> None:
        what, self.input_what = self.input_what, None
        kind = type(self.overlay or self.screen).__name__
        thought = thinking(self)
        self.waited = 0.0
        t, cpu = time.perf_counter(), time.thread_time()
        super().step(timeout)
        held = time.perf_counter() - t - self.waited
        if what is not None:
            TIMINGS.inputs.append((held, kind, what, TIMINGS.game, time.thread_time() - cpu))
        elif thought and thinking(self):
            TIMINGS.holds.append((held, kind, TIMINGS.game, time.thread_time() - cpu))
        elif thought:  # the thought came in: its plan laid out and shown
            TIMINGS.arrivals.append((held, kind, TIMINGS.game))


class TimedDriver(Driver):
    """A driver that names each input for the app's timing."""

    def touch(self, w: Any) -> None:
        self.app.input_what = f"tap {w.id}"  # type: ignore[attr-defined]
        super().touch(w)

    def seat(self, seat: str, kind: str = "press") -> None:
        self.app.input_what = f"seat {seat} {kind}"  # type: ignore[attr-defined]
        super().seat(seat, kind)


def play_record(path: Path, stop: int | None) -> None:
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]
    header = json.loads(lines[0])
    try:
        uiplay.check_header(header)
        costs = uiplay.device_costs(header)
    except uiplay.Skipped as exc:
        print(f"  {path.name}: skipped ({exc})")
        return
    TIMINGS.game = path.stem
    with tempfile.TemporaryDirectory(prefix="taps-", dir=uiplay.scratch()) as tmp:
        app = TimedApp(uiplay.config(header, Path(tmp), "en"))
        try:
            if costs and app.store is not None:
                app.store.learn_costs(costs)
            d = TimedDriver(app)
            d.new_game(header)
            d.play(lines, stop=None if stop is None else min(stop, len(lines) - 1))
        finally:
            app.close()


class Enough(Exception):
    """The short form's game with virtual players stops here."""


def play_virtual(players: list[str], levels: dict[str, str], seed: int,
                 turns: int | None) -> None:
    TIMINGS.game = f"virtual-{len(players)}p-{seed}"
    seen = [0]

    def watch(app: Any, screen: Any) -> None:
        seen[0] += 1
        if turns is not None and seen[0] > turns:
            raise Enough

    vars(virtual_play).update(App=TimedApp, Driver=TimedDriver)  # its games, timed
    random.seed(seed)
    with tempfile.TemporaryDirectory(prefix="taps-", dir=uiplay.scratch()) as tmp:
        try:
            app, _table = virtual_play.play(players, levels, seed, Path(tmp), watch=watch)
            app.close()
        except Enough:
            pass


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def line(name: str, values: list[float]) -> str:
    ms = [v * 1e3 for v in values]
    return (f"  {name:24} {len(ms):5}  p50 {pct(ms, 50):5.1f}  p95 {pct(ms, 95):5.1f}  "
            f"p99 {pct(ms, 99):5.1f}  max {max(ms):6.1f} ms")


def report() -> None:
    inputs = TIMINGS.inputs
    by_kind: dict[str, list[float]] = defaultdict(list)
    for t, kind, *_ in inputs:
        by_kind[kind].append(t)
    print("tap to frame, per screen kind (inputs, p50, p95, p99, max):")
    for kind, values in sorted(by_kind.items(), key=lambda kv: -max(kv[1])):
        print(line(kind, values))
    print(line("ALL", [t for t, *_ in inputs]))
    # The screen thread's own CPU time: what the machine's other programs leave out.
    print(line("ALL, its thread's CPU", [c for *_, c in inputs]))
    print("the ten slowest inputs:")
    for t, kind, what, game, cpu in sorted(inputs, reverse=True)[:10]:
        print(f"  {t * 1e3:6.1f} ms ({cpu * 1e3:5.1f} ms CPU)  {what} on {kind} ({game})")
    holds = TIMINGS.holds
    if holds:
        t, kind, game, cpu = max(holds)
        print(f"while a thought was on: {len(holds)} loop steps, p99 "
              f"{pct([h for h, *_ in holds], 99) * 1e3:.1f} ms, longest hold of the screen's "
              f"thread {t * 1e3:.1f} ms ({cpu * 1e3:.1f} ms CPU; on {kind}, {game}); most "
              f"CPU in one step {max(c for *_, c in holds) * 1e3:.1f} ms")
    else:
        print("while a thought was on: no loop step")
    if TIMINGS.arrivals:
        ms = [t * 1e3 for t, *_ in TIMINGS.arrivals]
        print(f"a thought taken in and shown: {len(ms)} frames, p50 {pct(ms, 50):.1f} ms, "
              f"max {max(ms):.1f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.taps",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--short", action="store_true", help="a short run (under a minute)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    records = [DATA / "game-3p.jsonl"] if args.short else sorted(DATA.glob("*.jsonl"))
    for path in records:
        print(f"playing {path.name}", flush=True)
        play_record(path, 150 if args.short else None)
    for players, levels, seed in VIRTUAL_GAMES[:1] if args.short else VIRTUAL_GAMES:
        print(f"playing {len(players)} players, virtual {levels}, seed {seed}", flush=True)
        play_virtual(players, levels, seed, 8 if args.short else None)
    report()
    print(f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
