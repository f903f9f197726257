"""The screens after an undo (play-test 2026-11-28, findings 7, 10, 11): what is already on
the table reads as done, what to take back is in sight at once, and the next undo is one
obvious tap away."""

from __future__ import annotations

from pathlib import Path

from companion.display.screens.turn import TurnScreen
from companion.display.screens.turn_main import Steps
from tests.table_model import Table
from tests.test_table_model import diff
from tests.test_turn_flow import LINES, app_for
from tests.test_undo_steps import taken_back
from tests.ui_driver import Driver


def test_after_undoing_an_action_the_coins_read_as_done_and_their_undo_is_one_tap(
        tmp_path: Path) -> None:
    app = app_for(LINES, tmp_path)
    d = Driver(app)
    d.play(LINES, stop=24)  # Ben: 2 coins on the Carter, one delivery
    assert app.state is not None and app.session is not None
    model = Table.of(app.state)
    app.undo()  # the delivery
    d.widgets()
    assert isinstance(app.screen, TurnScreen) and isinstance(app.screen.mode, Steps)
    shown = app.table.shown()
    kept = [i for i, (_s, _st, back) in enumerate(shown) if not back]
    assert kept and all(i in app.table.ticked for i in kept)  # the coins: on the table
    assert all(shown[i][2] for i in app.table.left())  # left to do: only the take-back
    too = next(w for w in d.enabled() if w.id == "undo:too")
    assert too.label == "Undo too: 2 coins"
    d.tap("undo:too")  # the coins too, one tap
    assert app.session.game.actions[-1].type == "end_turn"
    assert app.state is not None
    assert taken_back(app, model) == Table.of(app.state), diff(model, Table.of(app.state))
    assert not d.has("undo:too")  # nothing of this turn left to undo
    app.close()

