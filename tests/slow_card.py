"""The app on a slow card, measured (run under the ``slowfsync.c`` shim by
``tests/store/test_store_slow.py`` and ``benchmarks/store_faults.py``): how long the screen thread
was ever held (the longest gap between two signs of life: a turn of the loop, or a call-back
of the saver, which keeps the window and the watchdog alive), and how long a round end's
"Saving..." lasted. Prints one JSON line."""

from __future__ import annotations

import itertools
import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.engine import parse_action


def main(data: Path, record: Path, upto: int, more: int) -> dict[str, float]:
    lines = record.read_text().splitlines()
    marks: list[float] = []
    saving: list[float] = []
    mark = lambda: marks.append(time.monotonic())  # noqa: E731
    t0 = time.monotonic()
    app = App(Config(data_dir=data, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    opened = time.monotonic() - t0
    waiting = app.saver.waiting

    def alive(seconds: float) -> None:
        mark()
        waiting(seconds)

    app.saver.waiting = alive
    assert app.session is not None and len(app.session.game.actions) == upto - 1
    mark()
    app.step(0)
    mark()
    from companion.store import keep_language

    store = app.store
    assert store is not None
    if hasattr(store, "later"):  # what choosing a language does
        store.later(lambda: keep_language(store, "de"))
    else:  # (the store before issue 18, measured by benchmarks/store_faults.py)
        keep_language(store, "de")
    mark()
    for line in lines[upto:upto + more]:
        start = time.monotonic()
        app.apply(parse_action(json.loads(line)))
        saving.append(time.monotonic() - start)
        mark()
        app.step(0)
        mark()
    gaps = [b - a for a, b in itertools.pairwise(marks)]
    out = {"open": opened, "max_gap": max(gaps), "saving": saving[-1], "savings": saving,
           "actions": len(app.session.game.actions)}
    app.close()
    return out


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]),
                          int(sys.argv[4]))))
