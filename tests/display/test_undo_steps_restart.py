"""What an undo told the table to take back survives a crash (play-test 2026-11-28, HIGH): the
companion killed and started again right after an undo shows the same red take-back steps,
in Helvetia and in Drunter & Drüber, until the next action is done (then they go, as before)."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from companion.config import Config
from companion.display.app.loop import App
from companion.display.contract import table_log
from companion.display.kit import text_reports
from companion.display.kit import widgets as ui
from companion.drunter.actions import Place
from companion.drunter.state import VOTE
from companion.store import Store
from companion.store.undo import UNDONE
from tests import uiplay
from tests.display.test_turn_flow import LINES, app_for
from tests.drunter.test_drunter_ui import config, play_turn, set_up, vote
from tests.sigkill import killed_once_reported
from tests.ui_driver import Driver


def texts(d: Driver) -> dict[str, tuple[int, int, int]]:
    """Every line of text the screen draws now, with its colour."""
    text_reports.CONTRAST.clear()
    d.app.dirty = True
    d.widgets()
    return {text: colour for (_screen, text, colour, _bg) in text_reports.CONTRAST}


def red(d: Driver) -> list[str]:
    return sorted(t for t, colour in texts(d).items() if colour == ui.WARNING_INK)


def killed(app: App) -> None:
    """As a kill -9 leaves the store: the background writes done or not (waited for here, so
    that the test does not race them), the lock gone with the process, nothing closed."""
    assert app.store is not None
    if app.store.later_thread is not None:
        app.store.later_thread.join(10)
    app.store.lock.release()


def helvetia_config(tmp: Path) -> Config:
    return uiplay.config(json.loads(LINES[0]), tmp, "en")


def test_helvetia_s_take_back_steps_come_back_after_a_restart(tmp_path: Path) -> None:
    app = app_for(LINES, tmp_path)
    d = Driver(app)
    d.play(LINES, stop=25)  # Blue: 2 coins on the Carter, two deliveries
    d.hold("blue")
    d.tap("undo:yes")
    d.hold("blue")
    d.tap("undo:yes")  # both deliveries: the goods go back
    shown = [(s, back) for s, _st, back in table_log(app).shown()]
    assert sum(back for _s, back in shown) >= 2, shown
    screen, lines, ticked = d.screen_name(), texts(d), set(table_log(app).ticked)
    reds = red(d)
    assert reds, lines
    killed(app)

    again = App(helvetia_config(tmp_path))
    d2 = Driver(again)
    assert [(s, back) for s, _st, back in table_log(again).shown()] == shown
    assert table_log(again).ticked == ticked and table_log(again).last == table_log(app).last
    assert d2.screen_name() == screen and red(d2) == reds
    now = texts(d2)  # every line as it was (a restart may add a mark of its own)
    assert {t: c for t, c in now.items() if t in lines} == lines
    assert again.session is not None and len(again.session.game.actions) == 23

    d2.play(LINES, stop=24)  # the next action: nothing to take back any more
    assert not any(back for _s, _st, back in table_log(again).shown())
    assert red(d2) == []
    killed(again)
    third = App(helvetia_config(tmp_path))
    assert not any(back for _s, _st, back in table_log(third).shown())
    assert third.session is not None and len(third.session.game.actions) == 24
    for a in (app, again, third):
        a.close()


def _drunter_undone(d: Driver) -> None:
    """A lost vote, a tile laid, then the tile and the vote undone."""
    set_up(d)
    while d.app.session.state.phase != VOTE:
        play_turn(d, want_vote=True)
    vote(d, yes=False)
    play_turn(d, want_vote=False)
    assert isinstance(d.app.session.game.actions[-1], Place)
    d.hold("red")
    d.tap("undo:yes")  # the tile: red on the turn screen
    d.tap("undo")
    d.tap("undo:yes")  # the vote: "Take back" on the vote screen
    assert d.screen_name() == "DrunterVoteScreen"


def test_drunter_s_take_back_steps_survive_a_kill_9(tmp_path: Path) -> None:
    def before_the_kill(report: int) -> None:
        app = App(config(tmp_path))
        d = Driver(app)
        _drunter_undone(d)
        d.tap("steps:show")
        shown = {"steps": [[m.code, back] for m, back in app.session.table.shown()],
                 "red": red(d), "actions": len(app.session.game.actions)}
        os.write(report, json.dumps(shown).encode())
        signal.pause()  # killed here, the app still open

    before = json.loads(killed_once_reported(before_the_kill))
    assert before["steps"] and all(back for _code, back in before["steps"])
    assert "drunter.table.back.tile" in [c for c, _b in before["steps"]]  # the tile's, kept
    assert any("JA out of the box" in t for t in before["red"]), before["red"]

    app = App(config(tmp_path))
    d = Driver(app)
    assert len(app.session.game.actions) == before["actions"]
    assert [[m.code, back] for m, back in app.session.table.shown()] == before["steps"]
    assert d.screen_name() == "DrunterVoteScreen"
    d.tap("steps:show")
    assert red(d) == before["red"]
    d.tap("steps:close")

    vote(d, yes=True)  # the vote again: a new action
    assert len(app.session.game.actions) == before["actions"] + 1
    assert not any(back for _m, back in app.session.table.shown())
    killed(app)
    again = App(config(tmp_path))
    assert not any(back for _m, back in again.session.table.shown())
    app.close()
    again.close()


def test_drunter_s_steps_come_back_the_same_after_one_undo_and_a_restart(tmp_path: Path
                                                                         ) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    set_up(d)
    play_turn(d, want_vote=False)
    d.hold("red")
    d.tap("undo:yes")
    steps = app.session.table.shown()
    screen, lines = d.screen_name(), red(d)
    assert steps and lines and all(back for _m, back in steps)
    killed(app)
    again = App(config(tmp_path))
    d2 = Driver(again)
    assert again.session.table.shown() == steps
    assert d2.screen_name() == screen and red(d2) == lines
    play_turn(d2, want_vote=False)
    assert not any(back for _m, back in again.session.table.shown())
    app.close()
    again.close()


def test_a_damaged_or_refused_kept_undo_shows_no_take_back_steps(tmp_path: Path) -> None:
    """What no longer fits the game (a damaged setting, an action the rules refuse) is
    dropped: the game comes back as stored, with the last action's steps only."""
    app = App(config(tmp_path))
    d = Driver(app)
    set_up(d)
    play_turn(d, want_vote=False)
    d.hold("red")
    d.tap("undo:yes")
    assert app.store is not None
    kept = json.loads(app.store.setting(UNDONE) or "null")
    killed(app)
    for damaged in ("{", json.dumps({**kept, "undone": ['{"type": "nonsense"}']}),
                    json.dumps({**kept, "head": "elsewhere"})):
        store, _notice = Store.open(app.store_path)
        store.set_setting(UNDONE, damaged)
        store.close()
        again = App(config(tmp_path))
        assert not any(back for _m, back in again.session.table.shown()), damaged
        assert len(again.session.game.actions) == len(app.session.game.actions)
        killed(again)
        again.close()
    app.close()


def test_helvetia_s_take_back_steps_survive_a_kill_9_right_after_the_undo(tmp_path: Path
                                                                          ) -> None:
    """Killed as soon as the undo is on the screen (the ticks' background write done or not):
    the same steps, the same ticks, the same red lines."""
    def before_the_kill(report: int) -> None:
        app = app_for(LINES, tmp_path)
        d = Driver(app)
        d.play(LINES, stop=25)
        d.hold("blue")
        d.tap("undo:yes")
        d.hold("blue")
        d.tap("undo:yes")
        shown = {"steps": [[s.message.code, back] for s, _st, back in table_log(app).shown()],
                 "ticked": sorted(table_log(app).ticked), "red": red(d)}
        os.write(report, json.dumps(shown).encode())
        signal.pause()

    before = json.loads(killed_once_reported(before_the_kill))
    assert sum(back for _c, back in before["steps"]) >= 2 and before["red"]
    app = App(helvetia_config(tmp_path))
    d = Driver(app)
    assert [[s.message.code, back] for s, _st, back in table_log(app).shown()] == before["steps"]
    assert sorted(table_log(app).ticked) == before["ticked"]
    assert red(d) == before["red"]
    app.close()
