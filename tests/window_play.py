"""``python -m tests.window_play DIR [LANG]``: the companion in a real window, played by hand.

Run it under Xvfb (``xvfb-run -s "-screen 0 800x480x24" ...`` or ``DISPLAY=:N``) with a
throw-away data dir. It reads one command a line from ``DIR/cmd`` (a FIFO it makes) and answers
in ``DIR/out``: what is on the screen (widget ids, labels, greyed-out ones), any text the
screen reports too small or not fitting, and a screenshot ``DIR/NNN-what.png`` of the window.
Commands: ``tap ID`` (a finger at the widget's centre), ``at X Y`` (a finger anywhere),
``seat COLOUR`` / ``hold COLOUR`` (a seat button), ``shot WHAT``, ``quit``. A play-tester
taps what the screen shows; the ids only say where it is.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pygame

from companion.config import Buttons, Config, Leds
from companion.display import ui
from companion.display.app import App
from tests.ui_driver import Driver


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "window-shots")
    out.mkdir(parents=True, exist_ok=True)
    language = sys.argv[2] if len(sys.argv) > 2 else "en"
    data = Path(tempfile.mkdtemp(prefix="window-play-"))
    app = App(Config(language=language, data_dir=data, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    d = Driver(app)
    fifo = out / "cmd"
    if not fifo.exists():
        os.mkfifo(fifo)
    n = 0
    seen = 0

    def report(what: str) -> str:
        nonlocal n, seen
        ws = d.widgets()
        app.draw()
        path = out / f"{n:03d}-{what}.png"
        pygame.image.save(app.window, str(path))
        n += 1
        lines = [f"== {path.name} screen={d.screen_name()} banner={app.banner!r}"]
        for w in ws:
            off = "" if w.enabled and w.on_tap else " (off)"
            sel = " [sel]" if w.selected else ""
            why = f" why={w.why_not!r}" if w.why_not else ""
            label = w.label or " / ".join(w.lines)
            lines.append(f"  {w.id}{off}{sel} @{tuple(w.rect)} {label!r}{why}")
        for r in ui.REPORTS[seen:]:
            lines.append(f"  !! {r.why}: {r.text!r} box={r.box} size={r.size}")
        seen = len(ui.REPORTS)
        return "\n".join(lines) + "\n"

    (out / "out").write_text(report("start"))
    while True:
        with open(fifo) as f:
            cmds = [c.strip() for c in f.read().splitlines() if c.strip()]
        text = []
        for cmd in cmds:
            verb, *args = cmd.split()
            try:
                if verb == "quit":
                    app.close()
                    return 0
                if verb == "tap":
                    d.tap(args[0])
                elif verb == "at":
                    d.touch_at((int(args[0]), int(args[1])))
                elif verb == "seat":
                    d.seat(args[0])
                elif verb == "hold":
                    d.hold(args[0])
                elif verb != "shot":
                    raise ValueError(f"unknown command {verb}")
                for _ in range(5):
                    app.step(0)
            except Exception as e:  # a play-tester's log, not a test
                text.append(f"ERROR {cmd}: {e}\n")
        tag = cmds[-1].split()[-1].replace(":", "_").replace("/", "_")[:40] if cmds else "x"
        text.append(report(tag))
        (out / "out").write_text("".join(text))


if __name__ == "__main__":
    raise SystemExit(main())
