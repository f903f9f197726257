"""Choices that matter are shown before "Do it" and one tap changes them (play-test
2026-11-25, finding 2): the child's sex (Midwife) and which coin of the village centre the
Priest takes. All through the screens, by taps."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from companion.display import i18n, ui
from companion.display.app import App
from companion.engine import Birth, Marry, parse_action
from tests import uiplay
from tests.ui_driver import Driver

DATA = Path(__file__).parent / "data"


def record(name: str) -> list[str]:
    return [ln for ln in (DATA / name).read_text().splitlines() if ln.strip()]


@pytest.fixture(autouse=True)
def _english_after() -> Any:
    yield
    i18n.use("en")  # the next tests expect the default language


def do_it(d: Driver) -> Any:
    return next(w for w in d.enabled("do") if w.id in ("do", "do:1"))


def drawn_whole(app: App) -> None:
    ui.clear_reports()
    app.draw()
    assert ui.REPORTS == [], ui.REPORTS


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_child_s_sex_is_shown_beside_do_it_and_one_tap_turns_it(tmp_path: Path,
                                                                    language: str) -> None:
    """game-3p: Anna's Midwife. Before "Do it" the screen says the child will be a boy;
    one tap makes it a girl, and "Do it" then does that: 3 taps in all."""
    lines = record("game-3p.jsonl")
    app, d = uiplay.started(lines, tmp_path, language)
    d.play(lines, stop=150)  # Anna's turn: the Midwife next
    before, taps = len(app.session.game.actions), d.taps
    d.tap("character:midwife")
    sex = next(w for w in d.enabled() if w.id == "field:sex")
    assert i18n._("a boy") in sex.label and do_it(d).value.sex == "m"
    drawn_whole(app)
    d.tap("field:sex")
    sex = next(w for w in d.enabled() if w.id == "field:sex")
    assert i18n._("a girl") in sex.label and do_it(d).value.sex == "f"
    d.touch(do_it(d))
    done = app.session.game.actions[before:]
    assert isinstance(done[-1], Birth) and done[-1].sex == "f"
    assert d.taps - taps == 3
    app.close()


def test_the_default_child_costs_no_tap_more(tmp_path: Path) -> None:
    """The boy, as preselected: the character, then "Do it" (2 taps, as before)."""
    lines = record("game-3p.jsonl")
    app, d = uiplay.started(lines, tmp_path)
    d.play(lines, stop=150)
    taps = d.taps
    d.tap("character:midwife")
    d.touch(do_it(d))
    assert app.session.game.actions[-1] == parse_action(json.loads(lines[152]))  # the boy
    assert d.taps - taps == 2
    app.close()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_priest_says_which_coin_it_takes_and_one_tap_takes_the_other(
        tmp_path: Path, language: str) -> None:
    """game-3p: Carla's Priest into Ben's village, whose centre holds her own coin and
    Anna's. The screen says "Do it" takes her own back to her supply; one tap: Anna's, into
    her centre as dowry."""
    lines = record("game-3p.jsonl")
    app, d = uiplay.started(lines, tmp_path, language)
    d.play(lines, stop=31)
    before = len(app.session.game.actions)
    d.tap("character:priest")
    dowry = next(w for w in d.enabled() if w.id == "field:dowry")
    assert do_it(d).value.dowry == "yellow"
    assert i18n._("your own, back to your supply") in dowry.label
    drawn_whole(app)
    d.tap("field:dowry")
    dowry = next(w for w in d.enabled() if w.id == "field:dowry")
    assert do_it(d).value.dowry == "red"
    assert i18n._("{name}'s, into your village centre").format(name=i18n.name("red")) \
        in dowry.label
    drawn_whole(app)
    d.touch(do_it(d))
    done = app.session.game.actions[before:]
    assert isinstance(done[-1], Marry) and done[-1].dowry == "red"
    app.close()


def test_the_next_birth_on_the_steps_shows_its_sex_too(tmp_path: Path) -> None:
    """hurried-4p: Blue's second Midwife action is "Do it" on the steps of the first: the
    child's sex is there beside it, and one tap turns it."""
    lines = record("hurried-4p.jsonl")
    app, d = uiplay.started(lines, tmp_path)
    d.play(lines, stop=46)  # 2 coins on the Midwife, the first birth done
    assert app.screen.view == "steps"
    assert do_it(d).value.sex == "m"
    drawn_whole(app)
    d.tap("field:sex")
    assert do_it(d).value.sex == "f"
    d.touch(do_it(d))
    assert app.session.game.actions[-1] == parse_action(dict(json.loads(lines[47]), sex="f"))
    app.close()
