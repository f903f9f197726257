"""The round end's "Back" (the last building tapped taken back) keeps its place on the new
buildings' costs once a cost is saved: greyed, its tap saying why, rather than gone and
leaving a gap (play-test 2026-11-28); an Undo of the cost gives it back."""

from __future__ import annotations

import random
from pathlib import Path

from companion.bot import deciders
from companion.display.contract import helvetia_state
from companion.display.screens import RoundScreen
from companion.engine import CorrectCost
from companion.engine.state import REVEAL
from companion.selfplay import drawn_costs
from tests.display.test_costs_in_hand import PLAYERS, new_app
from tests.ui_driver import Driver
from tests.virtual_play import person, set_up


def test_back_stays_greyed_with_its_reason_once_a_cost_is_saved(tmp_path: Path) -> None:
    app = new_app(tmp_path)
    try:
        d = Driver(app)
        set_up(d, PLAYERS, {})
        rng = random.Random(6)
        secret = drawn_costs(random.Random(6))
        for _ in range(800):  # to the first round end's new buildings
            d.widgets()
            state = helvetia_state(app)
            assert state is not None
            if state.phase == REVEAL:
                break
            if app.summary_pending and d.has("continue"):
                d.tap("continue")
                continue
            person(d, next(iter(deciders(state)), None), rng, secret, 6)
        else:
            raise AssertionError("no round end")
        person(d, None, rng, secret, 6)  # the new buildings tapped on the grid
        screen = app.screen
        assert isinstance(screen, RoundScreen) and screen.view == "costs"
        back = next(w for w in d.widgets() if w.id == "reveal:back")
        assert back.enabled
        unknown = [w for w in d.enabled("at_hand:")
                   if any(line == "not known yet" for line in w.lines)]
        t = unknown[0].value
        d.tap(unknown[0].id)
        d.tap("good:wood")
        d.tap("cost:done")
        assert app.session is not None
        assert app.session.game.actions[-1] == CorrectCost(t, (("wood", 1),))
        greyed = next(w for w in d.widgets() if w.id == "reveal:back")
        assert greyed.rect == back.rect and not greyed.enabled
        assert greyed.why_not is not None and "Undo" in greyed.why_not
        d.touch(greyed)  # says why, changes nothing
        assert app.session.game.actions[-1] == CorrectCost(t, (("wood", 1),))
        app.undo()  # the cost: Back takes back the last building again
        again = next(w for w in d.widgets() if w.id == "reveal:back")
        assert again.enabled and again.rect == back.rect
    finally:
        app.close()
