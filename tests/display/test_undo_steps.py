"""Undo after undo: the table takes back the pieces of every action undone, a person's and a
virtual player's alike (play-test 2026-11-28, finding 1): a model of the table that was right
before the undos and applies only the steps shown equals the engine's state after them."""

from __future__ import annotations

import random
from pathlib import Path

from companion.bot import deciders
from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.contract import helvetia_state, table_log
from companion.display.kit import text_reports
from companion.display.screens.turn.virtual import VirtualScreen
from companion.display.words import i18n
from companion.engine.state import PLAY
from companion.selfplay import drawn_costs
from tests.display.test_turn_flow import LINES, app_for
from tests.engine.test_table_model import diff
from tests.table_model import Table, placing
from tests.ui_driver import Driver
from tests.virtual_play import Table as Happened
from tests.virtual_play import person, set_up, virtual_turn


def taken_back(app: App, model: Table) -> Table:
    """The model after the steps the screen shows to take back (and only those)."""
    for step, state, back in table_log(app).shown():
        if back:
            model.do(step, state, placing(state))
    return model


def test_two_quick_undos_take_back_both_actions(tmp_path: Path) -> None:
    app = app_for(LINES, tmp_path)
    d = Driver(app)
    d.play(LINES, stop=25)  # Blue: 2 coins on the Carter, two deliveries
    assert [a.type for a in d.done()[-3:]] == ["choose", "deliver", "deliver"]
    assert helvetia_state(app) is not None
    model = Table.of(helvetia_state(app))
    app.undo()
    app.undo()  # at once, before the table took anything back
    assert helvetia_state(app) is not None
    now = Table.of(helvetia_state(app))
    assert taken_back(app, model) == now, diff(model, now)
    text_reports.clear_reports()
    app.dirty = True
    app.draw()
    # "n to take back" fits beside the pager
    assert text_reports.REPORTS == [], text_reports.REPORTS
    app.close()


def test_undoing_a_virtual_turn_and_the_turn_before_takes_back_all_of_it(
        tmp_path: Path) -> None:
    rng = random.Random(11)
    secret = drawn_costs(rng)
    app = App(Config(language="es", data_dir=tmp_path, seats=("red", "blue", "yellow", "white"),
                     buttons=Buttons(backend="keyboard"), leds=Leds(backend="simulated")))
    d = Driver(app)
    happened = Happened()
    set_up(d, ["red", "blue", "yellow"], {"yellow": "easy"})
    try:
        for _ in range(400):  # to a virtual turn of three actions or more, done
            d.widgets()
            state = helvetia_state(app)
            assert state is not None
            if isinstance(app.screen, VirtualScreen):
                long_turn = state.phase == PLAY and app.screen.reading is None and \
                    len(app.screen.plan) >= 4 and d.done()[-1].type == "end_turn"
                virtual_turn(d, secret, happened, press=False)
                if long_turn and d.done()[-1].type == "end_turn":  # the round goes on
                    break
                continue
            if app.summary_pending and d.has("continue"):
                d.tap("continue")
                continue
            who = deciders(state)
            person(d, next((c for c in who if c != "yellow"), None), rng, secret, 3)
        else:
            raise AssertionError("no virtual turn of three actions in 400 decisions")
        game = app.session.game if app.session else None
        assert game is not None
        last = len(game.actions) - 1
        assert game.actions[last].type == "end_turn" and game.actions[last].player == "yellow"
        first = max(i for i, a in enumerate(game.actions[:last]) if a.type == "end_turn"
                    and a.player != "yellow")  # a person's end of turn: the turn before
        model = Table.of(game.state)
        while len(game.actions) > first:  # the virtual turn, and the end of the turn before
            app.undo()
            d.widgets()  # the virtual player's screen plans its turn again in between
            game = app.session.game if app.session else game
        assert not isinstance(app.screen, VirtualScreen)
        assert helvetia_state(app) is not None
        now = Table.of(helvetia_state(app))
        assert taken_back(app, model) == now, diff(model, now)
    finally:
        app.close()
        i18n.use("en")  # the language is the process's: the next test's is English
