"""A virtual player's steps are said to the person who moves its pieces (play-test
2026-11-25, finding 19): "Yellow's supply", never "your supply"."""

from __future__ import annotations

import random
from pathlib import Path

from companion.bot.playout import table_action
from companion.config import Buttons, Config, Leds
from companion.display.app import App
from companion.display.describe import step_text
from companion.display.screens.virtual import VirtualScreen
from companion.selfplay import drawn_costs
from tests.ui_driver import Driver
from tests.virtual_play import Table, set_up, virtual_turn


def test_a_virtual_player_s_steps_never_say_your(tmp_path: Path) -> None:
    app = App(Config(language="en", data_dir=tmp_path, seats=("red", "blue", "yellow", "white"),
                     buttons=Buttons(backend="keyboard"), leds=Leds(backend="simulated")))
    try:
        d = Driver(app)
        set_up(d, ["red", "blue", "yellow"], {"red": "normal", "blue": "easy", "yellow": "easy"})
        secret = drawn_costs(random.Random(1))
        rng = random.Random(2)
        t = Table()
        seen: list[str] = []
        theirs = 0
        for _ in range(400):
            d.widgets()
            screen = app.screen
            if isinstance(screen, VirtualScreen) and screen.reading is None \
                    and screen.thinking is None and screen.plan:
                for step, _st, undone in screen.table.shown():
                    if undone or step.message.params.get("player") != screen.colour:
                        continue
                    words = step_text(step)
                    seen.append(words)
                    assert " your " not in f" {words} ", words
                    theirs += "'s supply" in words or "'s village" in words
            if isinstance(screen, VirtualScreen):
                virtual_turn(d, secret, t, press=False)
            else:
                d.enter(table_action(app.state, rng))
            if theirs >= 3 or app.state.game_over:
                break
        assert theirs >= 3, seen
    finally:
        app.close()
