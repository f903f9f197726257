"""``python -m tests.window_play DIR [LANG]``: the companion in a real window, played by hand.

Run it under Xvfb (``xvfb-run -s "-screen 0 800x480x24" ...`` or ``DISPLAY=:N``) with a
throw-away data dir. It reads one command a line from ``DIR/cmd`` (a FIFO it makes) and answers
in ``DIR/out``: what is on the screen (widget ids, labels, greyed-out ones), any text the
screen reports too small or not fitting, and a screenshot ``DIR/NNN-what.png`` of the window.
Commands: ``tap ID`` (a finger at the widget's centre), ``at X Y`` (a finger anywhere),
``seat COLOUR`` / ``hold COLOUR`` (a seat button), ``shot WHAT``, ``quit``, and ``auto N``:
N decisions played through the screens by taps (humans' turns as the *easy* level would play them,
entered with the driver; a virtual player's turn confirmed with Done; a tile cost or a round end's
draw entered as a table would), a screenshot after each. A play-tester taps what the screen shows;
the ids only say where it is.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pygame

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.kit import text_reports
from tests.ui_driver import Driver


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "window-shots")
    out.mkdir(parents=True, exist_ok=True)
    language = sys.argv[2] if len(sys.argv) > 2 else "en"
    data = Path(os.environ.get("WINDOW_PLAY_DATA") or tempfile.mkdtemp(prefix="window-play-"))
    print(f"data dir: {data} (WINDOW_PLAY_DATA={data} resumes it)", file=sys.stderr)
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
        for r in text_reports.REPORTS[seen:]:
            lines.append(f"  !! {r.why}: {r.text!r} box={r.box} size={r.size}")
        seen = len(text_reports.REPORTS)
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
                elif verb == "reports":  # every text too small or not fitting since the start
                    text.extend(f"  !! {r.screen}: {r.why}: {r.text!r} box={r.box} size={r.size}\n"
                                for r in text_reports.REPORTS)
                    text.append(f"  sizes drawn: {sorted(text_reports.SIZES.items())}\n")
                elif verb == "auto":
                    for _ in range(int(args[0])):
                        what = auto_step(app, d)
                        for _ in range(5):
                            app.step(0)
                        text.append(report("auto-" + what)[:200].split("\n")[0] + "\n")
                        if what == "over":
                            break
                elif verb != "shot":
                    raise ValueError(f"unknown command {verb}")
                for _ in range(5):
                    app.step(0)
            except Exception as e:  # a play-tester's log, not a test
                text.append(f"ERROR {cmd}: {e}\n")
        tag = cmds[-1].split()[-1].replace(":", "_").replace("/", "_")[:40] if cmds else "x"
        text.append(report(tag))
        (out / "out").write_text("".join(text))


def auto_step(app: App, d: Driver) -> str:
    """One decision through the screens, as a hurried table would: what it was, for the log."""
    import random

    from companion.bot.decide import decide
    from companion.bot.legal import CostNeeded, deciders
    from companion.bot.playout import table_draw
    from companion.engine.actions import TileCost
    from companion.engine.header import check_header
    from companion.engine.state import OVER, REVEAL
    from tests.ui_driver import TURN

    d.widgets()
    if d.has("virtual:done"):
        d.tap("virtual:done")
        return "virtual-done"
    if d.enabled("good:"):
        d.tap("good:wood")
        d.tap("good:brick")
        d.tap("cost:done")
        return "cost"
    if d.enabled("tile_cost:"):
        d.tap(d.enabled("tile_cost:")[0].id)
        return "cost-which"
    state = helvetia_state(app)
    if d.screen_name() == "RoundScreen" and d.has("continue") and state.phase not in (REVEAL,):
        d.tap("continue")
        return "round-continue"
    if state is None or state.phase == OVER:
        return "over"
    if state.phase == REVEAL:
        d.enter(table_draw(state, random.Random(state.round)))
        return "reveal"
    humans = {p.colour for p in check_header(app.session.game.header).players if not p.virtual}
    who = [c for c in deciders(state) if c in humans]
    if not who:
        raise RuntimeError(f"nothing to do for a human on {d.screen_name()}")
    colour = who[0]
    try:
        a = decide(state, colour, level="easy")
    except CostNeeded as e:
        b = e.buildings[0]
        d.tile_cost(TileCost(colour, b, (("wood", 1), ("brick", 1))))
        return "cost-" + b
    if a.type == "choose":
        # The coins go on with the character's first regular action (a tile's action is
        # entered before or after, as a table does): the turn in the order the screen takes
        # it. A tile's form has no "do:n" to look for.
        ordered = turn_in_screen_order(state, colour)
        if ordered is not None:
            a = ordered[0]
            if a.type == "choose" and len(ordered) > 1 and ordered[1].type in TURN:
                d.turn_action(ordered[1], coins=a.coins)  # type: ignore[attr-defined]
                return f"{colour}-{ordered[1].type}"
    d.enter(a)
    return f"{colour}-{a.type}"


def turn_in_screen_order(state: object, colour: str) -> list[object] | None:
    """The turn a level plans, ordered as the turn screen takes it (``enterable``): from the
    easy level on, the first a person could enter; None if none."""
    from companion.bot import whole_turn
    from companion.bot.legal import CostNeeded
    from tests.virtual_play import enterable

    for level in ("easy", "normal", "strong", "random"):
        try:
            ordered = enterable(state, list(whole_turn(state, colour, level=level)))  # type: ignore[arg-type]
        except CostNeeded:
            continue
        if ordered is not None:
            return ordered  # type: ignore[return-value]
    return None


if __name__ == "__main__":
    raise SystemExit(main())
