"""Choices that matter are shown before "Do it" and one tap changes them (play-test
2026-11-25, findings 2 and 4): the child's sex (Midwife) and which coin of the village
centre the Priest takes; the hint's cost entry goes from one cost to the next and back to
the hint; the hint's plan says when an action is done with a character tile; the option the
hint names is the one preselected. All through the screens, by taps."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.kit import text_reports
from companion.display.words import i18n
from companion.engine import Birth, Build, Choose, Game, Marry, TileCost, parse_action
from tests import uiplay
from tests.ui_driver import Driver

DATA = Path(__file__).parent.parent / "data"


def record(name: str) -> list[str]:
    return [ln for ln in (DATA / name).read_text().splitlines() if ln.strip()]


@pytest.fixture(autouse=True)
def _english_after() -> Any:
    yield
    i18n.use("en")  # the next tests expect the default language


def do_it(d: Driver) -> Any:
    return next(w for w in d.enabled("do") if w.id in ("do", "do:1"))


def drawn_whole(app: App) -> None:
    text_reports.clear_reports()
    app.draw()
    assert text_reports.REPORTS == [], text_reports.REPORTS


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_child_s_sex_is_shown_beside_do_it_and_one_tap_turns_it(tmp_path: Path,
                                                                    language: str) -> None:
    """game-3p: Anna's Midwife. Before "Do it" the screen says the child will be a boy;
    one tap makes it a girl, and "Do it" then does that: 3 taps in all."""
    lines = record("game-3p.jsonl")
    app, d = uiplay.started(lines, tmp_path, language)
    d.reach(lines, stop=150)  # Anna's turn: the Midwife next
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
    d.reach(lines, stop=150)
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
    d.reach(lines, stop=31)
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
    d.reach(lines, stop=46)  # 2 coins on the Midwife, the first birth done
    assert app.screen.view == "steps"
    first = do_it(d).value.sex  # the table's habit: the sex of Blue's first child
    assert first == app.session.game.actions[-1].sex
    drawn_whole(app)
    d.tap("field:sex")
    other = "f" if first == "m" else "m"
    assert do_it(d).value.sex == other
    d.touch(do_it(d))
    assert app.session.game.actions[-1] == parse_action(dict(json.loads(lines[47]), sex=other))
    app.close()


def at_the_hint_with_costs(tmp_path: Path, language: str = "en") -> tuple[App, Driver, Any]:
    from companion.display.screens.turn.hint import HintOverlay
    from tests.display.test_screens import config
    from tests.walks.test_do_it_shown import at_the_first_turn_unpriced

    app = App(config(tmp_path, language=language))
    d, costs = at_the_first_turn_unpriced(app)
    d.go_on("hint")
    d.tap("hint")
    assert isinstance(app.overlay, HintOverlay) and len(app.overlay.costs) > 1
    return app, d, costs


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_hint_s_costs_are_entered_one_after_the_other_then_the_hint_again(
        tmp_path: Path, language: str) -> None:
    """Four costs unknown: "Enter a cost" goes straight to the first tile's goods, Done to
    the next, and after the last the hint is back with its plan: one tap to start, then the
    goods and Done of each tile (no tile to pick, no hint to open again)."""
    from companion.display.screens.turn.hint import HintOverlay

    app, d, costs = at_the_hint_with_costs(tmp_path, language)
    wanted = app.overlay.costs
    taps = d.taps
    d.tap("hint:cost")
    goods = 0
    for t in wanted:
        assert app.screen.mode.view.type == t  # its goods, at once
        drawn_whole(app)
        for g, n in costs[t]:
            for _ in range(n):
                d.tap(f"good:{g}")
                goods += 1
        before = len(app.session.game.actions)
        d.tap("cost:done")
        assert app.session.game.actions[before] == TileCost(helvetia_state(app).active, t, costs[t])
    assert isinstance(app.overlay, HintOverlay) and app.overlay.words and not app.overlay.costs
    assert d.taps - taps == 1 + goods + len(wanted)
    drawn_whole(app)
    app.close()


def test_after_a_hint_the_hinted_option_is_preselected(tmp_path: Path) -> None:
    """The hint builds the Marketplace; the Builder's likeliest is the Mine. Followed into
    the Builder, the Marketplace is the one framed and "Do it" builds it."""
    app, d, costs = at_the_hint_with_costs(tmp_path)
    d.tap("hint:cost")
    while app.overlay is None:
        t = app.screen.mode.view.type
        for g, n in costs[t]:
            for _ in range(n):
                d.tap(f"good:{g}")
        d.tap("cost:done")
    plan = app.overlay.plan
    hinted = next(a for a in plan if isinstance(a, Build))
    coins = next(a for a in plan if isinstance(a, Choose))
    d.tap("hint:close")
    d.tap(f"character:{coins.character}")
    mode = app.screen.mode
    assert mode.preset is not None and mode.preset[0].action.building == hinted.building
    from companion.display.screens.turn.list_view import OptionsView
    from companion.display.screens.turn.thinking import likeliest_first

    unhinted = OptionsView(helvetia_state(app), app.screen.options, coins.character,
                           order=likeliest_first)
    assert unhinted.preset is not None and unhinted.preset[0] != mode.preset[0]  # the finding
    framed = [w.value for w in d.widgets() if w.id.startswith("option:") and w.selected]
    assert [o.action.building for o in framed] == [hinted.building]
    before = len(app.session.game.actions)
    d.touch(next(w for w in d.enabled("do") if w.id == f"do:{coins.coins}"))
    done = app.session.game.actions[before:]
    assert isinstance(done[-1], Build) and done[-1].building == hinted.building
    app.close()


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "es"])
def test_the_plan_says_when_an_action_is_a_character_tile_s(language: str) -> None:
    """game-3p: Anna's Midwife, then the Town Hall built with her Builder tile: the plan
    says the tile."""
    from companion.display.screens.turn.hint import plan_words

    i18n.use(language)
    lines = record("game-3p.jsonl")
    game = Game(json.loads(lines[0]))
    for line in lines[1:152]:
        game.apply(parse_action(json.loads(line)))
    plan = tuple(parse_action(json.loads(line)) for line in lines[152:155])
    assert [getattr(a, "tile", False) for a in plan] == [False, True, False]
    words = plan_words(game.state, plan)
    said = i18n.ngettext(  # the tile, and the coins its goods put on the Builder (issue 32)
        "{what} (with the {character} tile; {n} coin on the Builder for goods)",
        "{what} (with the {character} tile; {n} coins on the Builder for goods)", 3).format(
        what="", character=i18n.character("builder"), n=3)
    assert words[1].endswith(said) and len(words[1]) > len(said)
    assert not any(w.endswith(said) for w in (words[0], words[2]))
