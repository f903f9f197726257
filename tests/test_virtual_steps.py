"""A virtual player's screen, played through taps (play-test 2026-11-25): its "Done" says how
many of its own steps are not ticked (the round end's, shown before, not counted); its pager
never covers a step."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from companion.bot.playout import table_action
from companion.config import Buttons, Config, Leds
from companion.display import ui
from companion.display.app import App
from companion.display.screens.virtual import VirtualScreen
from companion.engine import apply
from companion.engine.table import steps
from companion.selfplay import drawn_costs
from tests.ui_driver import Driver
from tests.virtual_play import Table, set_up, virtual_turn


def play_until(tmp: Path, want: Callable[[VirtualScreen], bool]) -> tuple[App, Driver]:
    """Three virtual players from "New game" on, every turn confirmed with Done, until a
    virtual player's screen that ``want`` picks."""
    app = App(Config(language="en", data_dir=tmp, seats=("red", "blue", "yellow", "white"),
                     buttons=Buttons(backend="keyboard"), leds=Leds(backend="simulated")))
    d = Driver(app)
    set_up(d, ["red", "blue", "yellow"], {"red": "normal", "blue": "easy", "yellow": "easy"})
    secret = drawn_costs(random.Random(1))
    rng = random.Random(2)
    t = Table()
    for _ in range(400):
        d.widgets()
        screen = app.screen
        if isinstance(screen, VirtualScreen):
            if screen.reading is None and screen.table is not None and want(screen):
                return app, d
            virtual_turn(d, secret, t, press=False)
        elif d.has("continue"):
            d.tap("continue")
        else:
            d.enter(table_action(app.state, rng))
    raise AssertionError("no such virtual player's screen")


def own_steps(screen: VirtualScreen) -> int:
    n, s = 0, screen.state
    for action in screen.plan:
        after = apply(s, action)
        n += len(steps(s, action, after))
        s = after
    return n


def done_words(app: App) -> list[str]:
    app.draw()
    return next(w for w in app.widgets if w.id == "virtual:done").lines


def test_done_counts_only_this_turns_steps_not_ticked(tmp_path: Path) -> None:
    """Finding 4: at a round end the school's choice shows its own steps only (the round's
    moves are on the round end's checklist, replay finding 2); Done counts what is left of
    them, and says nothing once they are ticked."""
    app, d = play_until(tmp_path, lambda s: s.state.phase == "school"
                        and len(s.table.shown()) - s.table.own > 0)
    try:
        screen = app.screen
        assert isinstance(screen, VirtualScreen) and screen.table is not None
        own = len(screen.table.shown()) - screen.table.own
        assert done_words(app) == ["Done", f"{own} step{'s' if own > 1 else ''} not ticked"]
        shown = len(screen.table.shown())
        for i in range(shown - own, shown):
            while f"tick:{i}" not in {w.id for w in d.widgets()}:
                d.tap("steps:next")
            d.tap(f"tick:{i}")
        assert app.table.left()  # the round end's moves are still unticked, on its checklist
        assert done_words(app) == []
        d.tap("virtual:done")
        assert app.screen is not screen
    finally:
        app.close()


def test_the_pager_covers_no_step(tmp_path: Path) -> None:
    """Finding 8: the "Next unticked / < / >" row cut the top of the first step's words."""
    ui.clear_reports()
    app, d = play_until(tmp_path, lambda s: len(s.view.pages(
        s.table.shown(), pygame_rect_of(s))) > 1)
    try:
        d.widgets()
        rows = [w.rect for w in app.widgets if w.id.startswith("tick:")]
        pager = [w.rect for w in app.widgets if w.id.startswith("steps:")]
        assert rows and pager
        assert all(r.collidelist(pager) < 0 for r in rows)
        assert done_words(app)  # its steps are unticked: Done says so
    finally:
        app.close()


def pygame_rect_of(screen: VirtualScreen):
    from companion.display.screens import virtual

    return virtual._steps_area()
