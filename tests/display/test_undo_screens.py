"""The screens after an undo (play-test 2026-11-28, findings 7, 10, 11): what is already on
the table reads as done, what to take back is in sight at once, and the next undo is one
obvious tap away."""

from __future__ import annotations

from pathlib import Path

from companion.display.app.loop import App
from companion.display.contract import helvetia_state, table_log
from companion.display.screens import RoundScreen, SetupScreen
from companion.display.screens.turn.characters_view import Steps
from companion.display.screens.turn.turn_screen import TurnScreen
from companion.engine.state import PLAY
from companion.hw.events import HOLD
from tests.display.test_turn_flow import LINES, app_for
from tests.display.test_turn_words import texts
from tests.display.test_undo_steps import taken_back
from tests.engine.test_table_model import diff
from tests.table_model import Table
from tests.ui_driver import Driver


def test_after_undoing_an_action_the_coins_read_as_done_and_their_undo_is_one_tap(
        tmp_path: Path) -> None:
    app = app_for(LINES, tmp_path)
    d = Driver(app)
    d.reach(LINES, stop=24)  # Ben: 2 coins on the Carter, one delivery
    assert helvetia_state(app) is not None and app.session is not None
    model = Table.of(helvetia_state(app))
    app.undo()  # the delivery
    d.widgets()
    assert isinstance(app.screen, TurnScreen) and isinstance(app.screen.mode, Steps)
    shown = table_log(app).shown()
    kept = [i for i, (_s, _st, back) in enumerate(shown) if not back]
    assert kept and all(i in table_log(app).ticked for i in kept)  # the coins: on the table
    assert all(shown[i][2] for i in table_log(app).left())  # left to do: only the take-back
    too = next(w for w in d.enabled() if w.id == "undo:too")
    assert too.label == "Undo too: 2 coins"
    d.tap("undo:too")  # the coins too, one tap
    assert app.session.game.actions[-1].type == "end_turn"
    assert helvetia_state(app) is not None
    now = Table.of(helvetia_state(app))
    assert taken_back(app, model) == now, diff(model, now)
    assert not d.has("undo:too")  # nothing of this turn left to undo
    app.close()


def drawn(app: App) -> str:
    """Every text on the screen now, one after the other."""
    return " ".join(texts(app))


def test_undoing_a_round_end_says_so_and_its_round_goes_on(tmp_path: Path) -> None:
    app = app_for(LINES, tmp_path)
    d = Driver(app)
    d.reach(LINES, stop=39)  # round 1's end: the school's villagers back, the reveal next
    assert isinstance(app.screen, RoundScreen) and helvetia_state(app) is not None
    model = Table.of(helvetia_state(app))
    d.seat("red", HOLD)  # a seat button held: the undo question
    asked = drawn(app)
    # the action Ben did (the school's return after it was no choice), and what goes back
    assert "This takes back Ben's last action: ended the turn." in asked, asked
    assert "Then take back on the table:" in asked, asked
    assert "takes back the whole end of round 1" in asked, asked
    d.tap("undo:yes")
    state = helvetia_state(app)
    assert state is not None and state.phase == PLAY and state.round == 1
    assert app.session is not None and app.session.game.actions[-1].type == "wake"
    assert isinstance(app.screen, RoundScreen)  # the round end's steps, to take back
    shown = drawn(app)
    assert "Round 1 goes on" in shown and "Round 0" not in shown, shown
    go_on = next(w for w in d.enabled() if w.id == "continue")
    assert go_on.label == "Back to round 1"
    now = Table.of(helvetia_state(app))
    assert taken_back(app, model) == now, diff(model, now)
    d.tap("continue")
    assert isinstance(app.screen, TurnScreen) and helvetia_state(app).active == "blue"
    app.close()


def test_an_undo_in_the_setup_shows_what_to_take_back_at_once(tmp_path: Path) -> None:
    app = app_for(LINES, tmp_path)
    d = Driver(app)
    d.reach(LINES, stop=17)  # both second couples: Ben's woman on the Well, his man at school
    assert helvetia_state(app) is not None
    model = Table.of(helvetia_state(app))
    app.undo()  # Ben's couple 2
    assert isinstance(app.screen, SetupScreen)
    shown = table_log(app).shown()
    ticks = [w for w in d.widgets() if w.id.startswith("tick:")]
    assert ticks, d.listing()  # over the setup screen at once, not behind "On the table"
    on_it = [int(w.id.removeprefix("tick:")) for w in ticks]
    back = [i for i, (_s, _st, b) in enumerate(shown) if b]
    assert on_it == back  # only what to take back, the first unticked first
    now = Table.of(helvetia_state(app))
    assert taken_back(app, model) == now, diff(model, now)
    d.tap(f"tick:{back[0]}")
    d.tap("steps:close")
    again = next(w for w in d.enabled() if w.id == "steps:show")
    assert again.label == "Take back (1)"  # what is left to take back, on the screen itself
    d.tap("steps:show")
    assert d.has(f"tick:{back[1]}")
    d.tap(f"tick:{back[1]}")
    d.tap("steps:close")
    assert next(w for w in d.enabled() if w.id == "steps:show").label.startswith("On the table")
    d.reach(LINES, stop=19)  # the setup goes on
    app.close()
