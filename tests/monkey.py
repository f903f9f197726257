"""A monkey at the table: seeded random taps on enabled widgets (navigation, undo and
abandoning included), taps anywhere, and seat-button presses and holds, through the app's own
event loop. After every event the screen must still offer a way on.

    python -m tests.monkey [--events N] [--seed S] [--language LANG]

Prints the events played, the screens seen and the games started and finished; exits 1 at the
first event that leaves a screen without a way on (or raises), with the events before it.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from companion.config import Buttons, Config, Leds
from companion.display.contract import helvetia_state
from companion.hw.events import NEXT
from tests.ui_driver import NAV, Driver, ways_on

LOOKING = {"CostsScreen", "VillagesScreen", "MarketScreen"}
"""Screens to look around on: the monkey leaves them soon."""
ONWARD = ("do", "confirm", "continue", "end_turn", "cost:done", "reveal:", "letter:",
          "value:", "start", "new_game", "cannot_act", "tile_cost")
"""Widgets that move the game on: tapped more often, so that games get to their end."""
RARE = {"abandon", "abandon:yes", "undo:yes", "reveal:clear", "reveal:back", "cost:clear"}
"""Widgets a table taps seldom: tapped by the monkey a tenth as often, so games get far."""


@dataclass
class Run:
    events: int = 0
    screens: Counter[str] = field(default_factory=Counter)
    games: int = 0
    finished: int = 0
    actions: int = 0
    rounds: int = 0
    """The furthest round reached."""
    stranded: list[str] = field(default_factory=list)
    trail: list[str] = field(default_factory=list)


def monkey(data_dir: Path, events: int, seed: int, language: str = "en",
           start: list[str] | None = None) -> Run:
    """``start``: a record to play through the screens first (e.g. all but its last turns, to
    let the monkey loose near a game's end)."""
    from companion.display.app.loop import App
    rng = random.Random(seed)
    config = Config(language=language, data_dir=data_dir, buttons=Buttons(backend="keyboard"),
                    leds=Leds(backend="simulated"))
    app = App(config)
    d = Driver(app)
    run = Run()
    last_game = None
    try:
        if start:
            d.play(start)
        for _ in range(events):
            run.events += 1
            r = rng.random()
            seats = [*(helvetia_state(app).colours if helvetia_state(app) else config.seats), NEXT]
            if r < 0.08:
                active = helvetia_state(app).active if helvetia_state(app) else None
                seat = active if active and rng.random() < 0.5 else rng.choice(seats)
                run.trail.append(f"press {seat}")
                d.seat(seat)
            elif r < 0.09:
                seat = rng.choice(seats)
                run.trail.append(f"hold {seat}")
                d.hold(seat)
            elif r < 0.12:
                x, y = rng.randrange(800), rng.randrange(480)
                run.trail.append(f"tap at {x},{y}")
                d.touch_at((x, y))
            elif d.screen_name() in LOOKING and d.has("back") and rng.random() < 0.3:
                run.trail.append("back")
                d.tap("back")
            else:
                ws = d.enabled()
                weights = [0.1 if w.id in RARE or w.id in NAV else
                           4.0 if w.id.startswith(ONWARD) else 1.0 for w in ws]
                w = rng.choices(ws, weights)[0]
                run.trail.append(w.id)
                d.touch(w)
            run.trail = run.trail[-40:]
            run.screens[d.screen_name()] += 1
            session = app.session
            if session is not None:
                run.rounds = max(run.rounds, session.state.round)
            if session is not None and session.game_id != last_game:
                last_game = session.game_id
                run.games += 1
            if session is not None and session.state.game_over and d.has("new_game"):
                run.finished += 1
                run.actions += len(session.game.actions)
                d.tap("new_game")
            if not ways_on(d):
                run.stranded.append(f"event {run.events}: {d.screen_name()} {d.listing()} "
                                    f"after {run.trail[-10:]}")
                break
    finally:
        app.close()
    return run


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.monkey")
    parser.add_argument("--events", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--language", default="en")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="monkey-") as tmp:
        run = monkey(Path(tmp), args.events, args.seed, args.language)
    print(f"events {run.events}, games started {run.games}, finished {run.finished}, "
          f"furthest round {run.rounds}, stranded {len(run.stranded)}")
    print("screens: " + ", ".join(f"{k} {v}" for k, v in run.screens.most_common()))
    for s in run.stranded:
        print(s)
    return 1 if run.stranded else 0


if __name__ == "__main__":
    sys.exit(main())
