"""``tests/window_play.py``'s ``auto`` (play-test in a window 2026-11-25, finding 12): when
the easy level plans "choose X with n coins" and then a tile's action, it no longer looks for
"do:n" on the tile's form (it stalled there 4 times in 3 games); the coins go on with X's first
regular action, the tile's action before or after, as a table enters it."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.bot.decide import decide
from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.engine import Choose, EndTurn, apply
from tests.display.test_table_steps_kept import config, record, stored_game
from tests.ui_driver import Driver
from tests.window_play import auto_step


@pytest.mark.parametrize("at", [71, 130])
def test_auto_plays_a_turn_planned_with_coins_and_a_tile_s_action(tmp_path: Path, at: int
                                                                   ) -> None:
    lines = record("game-3p.jsonl")
    stored_game(tmp_path / "helvetia.db", lines, at - 1)
    app = App(config(tmp_path))
    try:
        d = Driver(app)
        state = helvetia_state(app)
        assert state is not None and state.active is not None
        who = state.active
        first = decide(state, who, level="easy")
        then = decide(apply(state, first), who, level="easy")
        assert isinstance(first, Choose) and getattr(then, "tile", False)  # the case
        assert app.session is not None
        done = len(app.session.game.actions)
        for _ in range(12):  # the round's checklist first, if any; then the turn
            auto_step(app, d)
            new = app.session.game.actions[done:]
            if any(isinstance(a, EndTurn) and a.player == who for a in new):
                break
        assert any(isinstance(a, Choose) and a.player == who for a in new), new
        assert any(isinstance(a, EndTurn) and a.player == who for a in new), new
    finally:
        app.close()
