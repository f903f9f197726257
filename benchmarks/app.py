"""The app's figures: time to the first frame, frame time of a full redraw, taps per turn over
a whole recorded game played through the UI, and idle CPU (goals: a typical turn in <= 4 taps
plus the seat button; idle CPU near zero). Runs under SDL's dummy driver.

Run: python -m benchmarks.app [IDLE_SECONDS]. Prints figures; asserts nothing.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from tests.ui_driver import Driver

RECORD = Path(__file__).resolve().parent.parent / "tests" / "data" / "game-2p.jsonl"


def config(tmp: str) -> Config:
    return Config(data_dir=Path(tmp), buttons=Buttons(backend="keyboard"),
                  leds=Leds(backend="simulated"))


def kind(widget: str) -> str:
    """What a tap was for: the action itself, changing a default, a cost, or the round end."""
    if widget.startswith(("field:", "cell:", "choice:", "choices:")):
        return "edit"
    if widget.startswith(("good:", "cost:")):
        return "cost"
    if widget.startswith(("reveal", "continue", "value:")):
        return "round end"
    return "core"


def taps_per_turn(app: App, lines: list[str]
                  ) -> tuple[Driver, int, list[int], list[Counter[str]]]:
    """The record played through the screens: the taps of each turn (from the end of the one
    before to its end, the round end's taps included; the setup excluded), and their kinds;
    with the taps of the new-game screen."""
    d = Driver(app)
    d.new_game(json.loads(lines[0]))
    setup_taps = d.taps
    per_turn: list[int] = []
    kinds_per_turn: list[Counter[str]] = []
    actions = [json.loads(x) for x in lines[1:]]
    i = 0
    while i < len(actions):
        nxt = next((k for k in range(i, len(actions)) if actions[k]["type"] == "end_turn"),
                   len(actions) - 1)
        before = d.taps
        d.play(lines, stop=nxt + 1)
        if actions[nxt]["type"] == "end_turn" and i >= 19:  # turns, not the setup
            per_turn.append(d.taps - before)
            kinds_per_turn.append(Counter(kind(x) for x in d.log[before:]))
        i = nxt + 1
    return d, setup_taps, per_turn, kinds_per_turn


def main(idle: float = 30.0) -> None:
    lines = RECORD.read_text().splitlines()
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        app = App(config(tmp))
        app.step(0)
        print(f"time to the first frame: {(time.perf_counter() - start) * 1e3:.0f} ms")

        d, setup_taps, per_turn, kinds_per_turn = taps_per_turn(app, lines)
        actions = [json.loads(x) for x in lines[1:]]
        kinds = Counter(a["type"] for a in actions)
        turns = kinds["end_turn"]
        print(f"taps per turn over {turns} turns: median {statistics.median(per_turn):g}, "
              f"mean {statistics.mean(per_turn):.1f}, max {max(per_turn)}, plus the seat button")
        print(f"  each turn's taps, fewest first ({len(per_turn)} turns after the setup): "
              f"{sorted(per_turn)}")
        for k in ("core", "edit", "cost", "round end"):
            counts = [c[k] for c in kinds_per_turn]
            print(f"  {k:9}: median {statistics.median(counts):.0f}, "
                  f"mean {statistics.mean(counts):.1f}, max {max(counts)}")
        print(f"all taps: {d.taps} for {len(actions)} recorded actions "
              f"({d.taps / len(actions):.2f} per action; setup {setup_taps} to start)")

        times = []
        for _ in range(50):
            t = time.perf_counter()
            app.draw()
            times.append(time.perf_counter() - t)
        print(f"full redraw: median {statistics.median(times) * 1e3:.1f} ms, "
              f"worst {max(times) * 1e3:.1f} ms")

        app.new_game()
        while app.animating():
            app.step()
        app.step(0)
        cpu, wall = time.process_time(), time.monotonic()
        frames = app.frames
        while time.monotonic() - wall < idle:
            app.step()
        used = time.process_time() - cpu
        print(f"idle for {idle:.0f} s: {used:.2f} s CPU ({used / idle * 100:.2f} %), "
              f"{app.frames - frames} frames drawn")
        app.close()


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 30.0)
