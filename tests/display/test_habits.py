"""The table's habit: a free choice of sex is preset as the table last made it, on the screens
and in the options they offer; the engine's default stands until the table chose."""

from __future__ import annotations

from pathlib import Path

from companion.display.screens import TurnScreen
from companion.display.screens.turn.form_view import PlaceView
from companion.engine import Game, NeutralBuild, Sex, turn_options
from companion.engine.habits import habitual, last_sexes
from tests.display.test_turn_flow import LINES, app_for
from tests.ui_driver import Driver

GAME = Game.from_record(LINES)
SECOND_NEUTRAL_BUILD = 62
"""Red's second neutral build in game-2p: 5 neutral men and 6 women wait in the centre, so
the engine's default is a woman; the table put a man on its first neutral build."""


def neutral_bakehouse(options: list) -> NeutralBuild:
    return next(o.action for o in options if o.action.type == "neutral_build"
                and o.action.building == "bakehouse")


def test_the_engine_s_default_is_a_woman_there_and_the_table_s_habit_a_man() -> None:
    state = GAME.states[SECOND_NEUTRAL_BUILD]
    assert GAME.actions[SECOND_NEUTRAL_BUILD] == NeutralBuild("red", "bakehouse", (2, 0), Sex.M)
    plain = turn_options(state)
    assert neutral_bakehouse(list(plain.neutral)).sex == Sex.F
    record = GAME.actions[:SECOND_NEUTRAL_BUILD]
    assert last_sexes(record)[("neutral_build", "red")] == Sex.M
    assert neutral_bakehouse(list(habitual(plain, record).neutral)).sex == Sex.M
    # Nothing else changes: the same options, in the same order, the same words.
    assert [(o.via, o.action.type, o.message) for o in habitual(plain, record).all()] == \
        [(o.via, o.action.type, o.message) for o in plain.all()]


def test_before_the_table_chose_the_engine_s_default_stands() -> None:
    first = next(i for i, a in enumerate(GAME.actions) if a.type == "neutral_build")
    state = GAME.states[first]
    record = GAME.actions[:first]
    assert not any(k[0] == "neutral_build" for k in last_sexes(record))
    assert habitual(turn_options(state), record) == turn_options(state)


def test_a_sex_no_longer_there_is_not_preset() -> None:
    """With no neutral man left the habit cannot be followed: the woman, the only choice."""
    last = next(i for i, a in enumerate(GAME.actions)
                if a.type == "neutral_build" and a.sex == Sex.F)
    state = GAME.states[last]
    options = habitual(turn_options(state), GAME.actions[:last])
    assert {o.action.sex for o in options.neutral
            if o.action.type == "neutral_build" and o.action.sex is not None} == {Sex.F}


def test_the_screen_presets_the_man_the_table_placed_before(tmp_path: Path) -> None:
    app = app_for(LINES, tmp_path)
    d = Driver(app)
    d.play(LINES, stop=SECOND_NEUTRAL_BUILD)
    assert isinstance(app.screen, TurnScreen)
    d.tap("neutral")
    option = next(w for w in d.enabled("option:")
                  if w.value.action.type == "neutral_build"
                  and w.value.action.building == "bakehouse")
    d.touch(option)
    assert isinstance(app.screen.mode, PlaceView)
    sex = next(w.value for w in d.widgets() if w.id == "field:sex")
    assert sex.value == Sex.M
    cell = next(w for w in d.enabled("cell:") if w.value == (2, 0))
    d.touch(cell)
    d.tap("do")  # no change of who moves in: the table's man
    assert app.session is not None
    assert app.session.game.actions[-1] == GAME.actions[SECOND_NEUTRAL_BUILD]
    app.close()
