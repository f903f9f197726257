"""Counts and side texts that agree with what they count (play-test 2026-11-25 in a window,
finding 8): each count has one source, the thing it counts."""

from __future__ import annotations

import json
from pathlib import Path

from companion.display.app import App
from companion.display.screens import TurnScreen
from companion.display.screens.virtual import VirtualScreen
from tests.test_table_steps_kept import config, record, stored_game
from tests.test_turn_flow import LINES
from tests.test_turn_flow import config as turn_config
from tests.test_turn_words import texts
from tests.ui_driver import Driver


def first_pick_virtual(tmp: Path) -> tuple[App, Driver, VirtualScreen]:
    """The 3-player record before its first pick, the picking player virtual: its screen
    shows the person's start token step, then its own pick's."""
    lines = record("game-3p.jsonl")
    who = json.loads(lines[2])["player"]
    header = json.loads(lines[0])
    for p in header["players"]:
        if p["colour"] == who:
            p["virtual"] = "easy"
    stored_game(tmp / "helvetia.db", [json.dumps(header), *lines[1:]], 0)
    app = App(config(tmp))
    d = Driver(app)
    for _ in range(3):  # "thinking" first
        d.widgets()
    screen = app.screen
    assert isinstance(screen, VirtualScreen) and screen.table is not None
    return app, d, screen


def test_a_virtual_player_s_screen_counts_every_step_it_shows_unticked(tmp_path: Path) -> None:
    """Giallo's first screen had 2 unticked steps but said "1 da fare" and "Done — 1 step not
    ticked": the person's start token step was not counted, yet "Done" ticks it."""
    app, d, screen = first_pick_virtual(tmp_path)
    try:
        assert screen.table is not None
        shown = screen.table.shown()
        assert shown[0][0].message.code == "table.start_token" and len(shown) >= 2
        n = len(shown)
        said = " ".join(texts(app))
        assert f"{n} steps left" in said
        done = next(w for w in d.widgets() if w.id == "virtual:done")
        assert done.lines == ["Done", f"{n} steps not ticked"]
        d.tap("tick:0")
        said = " ".join(texts(app))
        left = n - 1
        assert f"{left} step{'s' if left > 1 else ''} left" in said
    finally:
        app.close()


def test_a_chosen_character_with_actions_left_asks_for_its_next_action(tmp_path: Path) -> None:
    """"Carter: 3 more actions" came with "Choose a character." on the characters' view,
    where only the chosen character (and no other) may be tapped."""
    app = App(turn_config(tmp_path))
    d = Driver(app)
    try:
        d.play(LINES, stop=24)  # Blue's steps of the first Carter action; a second is due
        assert isinstance(app.screen, TurnScreen)
        d.tap("continue")  # the Carter's options
        d.tap("back_list")  # the characters
        o = app.screen.options
        assert o.chosen == "carter" and o.actions_left > 0
        said = " ".join(texts(app))
        assert "Choose a character." not in said, said
        assert "Tap Carter for its next action." in said, said
    finally:
        app.close()
