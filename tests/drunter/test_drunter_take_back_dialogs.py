"""Drunter & Drüber's undo and take-back dialogs through the screens (final play-test): the
undo question names the vote it takes back; the take-back steps "On the map" fit whole, on
pages; one "Close" there goes back to the screen; "Take back (n)" stays on the vote screen
until the vote is counted."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from companion.display.app.loop import App
from companion.display.kit import text_reports
from companion.display.words import i18n
from companion.drunter.actions import Place, Vote
from companion.drunter.state import PLAY, VOTE
from tests.drunter.test_drunter_ui import config, play_turn, set_up, vote
from tests.drunter.test_drunter_undo_steps import texts
from tests.ui_driver import Driver


def label(d: Driver, id_: str) -> str:
    return next(w.label for w in d.widgets() if w.id == id_)


def voted_then_played(d: Driver, turns: int) -> None:
    """A tile over a toilet, a vote it wins, then ``turns`` turns more."""
    while d.app.session.state.phase != VOTE:
        play_turn(d, want_vote=True)
    vote(d, yes=True)
    for _ in range(turns):
        assert d.app.session.state.phase == PLAY
        play_turn(d, want_vote=False, spare=True)


def undo_back_to_the_vote(d: Driver) -> None:
    """Undo (the button, then "Undo it") until the vote is undone: the vote screen."""
    while not isinstance(d.app.session.game.actions[-1], Vote):
        d.tap("undo")
        d.tap("undo:yes")
    d.tap("undo")


def vote_undone(tmp: Path, turns: int, language: str = "en") -> tuple[App, Driver]:
    """A game set up, a vote won, ``turns`` turns more, all undone back to the vote: the vote
    screen again, with the steps to take back."""
    app = App(config(tmp, language))
    d = Driver(app)
    set_up(d)
    voted_then_played(d, turns)
    undo_back_to_the_vote(d)
    d.tap("undo:yes")
    return app, d


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "es"])
def test_the_undo_question_names_the_vote_its_tile_and_its_count(
        tmp_path: Path, language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whose tile, where, and the count, whole in every language (strict text fit)."""
    app = App(config(tmp_path, language))
    d = Driver(app)
    set_up(d)
    voted_then_played(d, 0)
    before = app.session.game.states[-2]
    assert before.pending is not None
    monkeypatch.setenv("HELVETIA_STRICT_TEXT", "1")
    d.tap("undo")
    shown = " ".join(texts(d))
    who = i18n.name(before.pending.player)
    assert who in shown and str(before.pending.squares[0][0] + 1) in shown, shown
    if language != "en":
        app.close()
        return
    col, row = before.pending.squares[0][0] + 1, before.pending.squares[0][1] + 1
    assert f"The vote on {who}'s " in shown, shown
    assert f"column {col}, row {row}" in shown and "(yes " in shown, shown
    assert "the vote" not in shown.replace("The vote", ""), shown
    app.close()


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "es"])
def test_many_take_back_steps_on_the_map_fit_on_pages(tmp_path: Path, language: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Four turns and a vote undone: the steps over the vote screen and "On the map" run
    over pages, every text whole (strict text fit raises at a cut)."""
    app, d = vote_undone(tmp_path, 4, language)
    assert d.screen_name() == "DrunterVoteScreen"
    monkeypatch.setenv("HELVETIA_STRICT_TEXT", "1")
    text_reports.clear_reports()
    d.tap("steps:show")
    steps = app.overlay
    shown: list[str] = []
    for key in ("steps", "map"):
        if key == "map":
            d.tap("map")
            assert d.screen_name() == "DrunterMapOverlay"
        assert len(app.overlay.pages()) > 1  # more steps than one page holds
        while True:
            d.widgets()
            shown += [app.overlay.words[i][0] for i in
                      app.overlay.pages()[app.overlay.page]]
            if not d.has(f"{key}:next"):
                break
            d.tap(f"{key}:next")
    words = [w for w, _c in steps.words]
    assert shown == words + words  # every step, once on each view's pages, in order
    assert [r.text for r in text_reports.REPORTS if r.screen.startswith("Drunter")] == []
    app.close()


def test_one_close_on_the_map_goes_back_to_the_vote(tmp_path: Path) -> None:
    app, d = vote_undone(tmp_path, 1)
    d.tap("steps:show")
    d.tap("map")
    d.tap("map:close")
    assert app.overlay is None and d.screen_name() == "DrunterVoteScreen"
    active = app.session.state.active
    d.tap(f"card:{active}:ja")  # the next tap reaches the screen
    assert app.screen.shown[active] == ["ja"]
    app.close()


def test_take_back_stays_on_the_vote_screen_until_the_vote_is_counted(tmp_path: Path) -> None:
    app, d = vote_undone(tmp_path, 1)
    n = sum(back for _m, back in app.session.table.shown())
    take_back = f"Take back ({n})"
    assert label(d, "steps:show") == take_back
    state = app.session.state
    for p in state.players:  # the re-vote: every card tapped, the result shown
        d.tap(f"card:{p.colour}:{'ja' if p.colour == state.active else 'ne'}")
        assert label(d, "steps:show") == take_back
    assert any(t.startswith("Yes ") for t in texts(d))
    d.tap("steps:show")  # still readable before the count
    assert d.screen_name() == "DrunterStepsOverlay"
    d.tap("steps:close")
    d.tap("count")
    assert isinstance(app.session.game.actions[-1], Vote)
    assert not d.has("steps:show") and not isinstance(app.session.game.actions[-1], Place)
    app.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_more_to_take_back_than_the_turn_screen_holds_is_behind_take_back(
        tmp_path: Path, language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Four turns undone: the turn screen draws no step cut (strict text fit); "Take back
    (8)" opens every step; it stays until the next tile is laid."""
    app = App(config(tmp_path, language))
    d = Driver(app)
    set_up(d)
    voted_then_played(d, 5)
    monkeypatch.setenv("HELVETIA_STRICT_TEXT", "1")
    text_reports.clear_reports()
    for _ in range(4):
        d.tap("undo")
        d.tap("undo:yes")
        d.widgets()
    assert d.screen_name() == "DrunterTurnScreen"
    n = sum(back for _m, back in app.session.table.shown())
    assert n == 8 and d.has("steps:show")
    d.tap("steps:show")
    while True:  # every step, on the overlay's pages
        d.widgets()
        if not d.has("steps:next"):
            break
        d.tap("steps:next")
    assert len(app.overlay.words) == n
    d.tap("steps:close")
    assert [r.text for r in text_reports.REPORTS if r.screen.startswith("Drunter")] == []
    play_turn(d, want_vote=False, spare=True)  # the table goes on: the steps are gone
    assert not d.has("steps:show")
    app.close()
