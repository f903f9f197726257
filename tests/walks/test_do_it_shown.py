""""Do it" on the turn screen only ever does what the screen shows selected: on a character's
options the preselected option is on the page shown and framed (or on the picture shown and
framed), else "Do it" is greyed; on the steps of a multi-coin turn what it does is said in
words. Checked through taps (every character, page, list and picture) over the turns of
self-play games replayed on a device that knows no cost, as in the play-test: the builds on
offer come first, unpriced, and cannot be preselected; a priced one after them may be."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from companion import selfplay
from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.kit import text_reports
from companion.display.screens import TurnScreen
from companion.display.screens.parts import value_key
from companion.display.screens.turn.characters_view import Steps
from companion.display.screens.turn.list_view import OptionsView
from tests.app_config import config
from tests.ui_driver import Driver

SEEDS = ((3, 5), (4, 11), (2, 7), (2, 3), (3, 13), (4, 17))
"""(players, seed) of the self-play games looked at: the suite looks at the first (each game
takes about 30 s), ``pytest -m long`` at all of them. The last real bug (play-test finding 2,
"Do it" doing an option paged out of sight, d0f5fdd) was found at the play-test table; this
test came with its fix, over the first three games."""


def do_widgets(d: Driver) -> list[Any]:
    return [w for w in d.widgets() if (w.id == "do" or w.id.startswith("do:")) and w.enabled]


def check_shown(d: Driver) -> int:
    """The invariant on the view on screen; 1 when "Do it" was enabled there (a case seen)."""
    app = d.app
    mode = app.screen.mode
    dos = do_widgets(d)
    if not dos:
        return 0
    if isinstance(mode, Steps):
        assert mode.next is not None and all(w.value == mode.next[1] for w in dos)
        return 1
    if not isinstance(mode, OptionsView):
        return 0
    assert mode.preset is not None
    option, action = mode.preset
    assert all(w.value == action for w in dos)
    if mode.on_the_picture():
        village = mode.picture_village()
        a: Any = option.action
        assert (getattr(a, "village", None) or getattr(a, "player", None)) == village
        place = (f"quarter:{village}:{a.quarter}" if mode.character == "night_watchman"
                 else f"cell:{value_key(a.cell)}")
        assert any(w.id == place for w in d.widgets()), (place, d.listing())
    else:
        framed = [w for w in d.widgets() if w.id.startswith("option:") and w.selected]
        assert [w.value for w in framed] == [option], (mode.page, d.listing())
    return 1


def explore(d: Driver) -> int:
    """Every character's options, each page, list and picture, then back: the invariant on
    each view."""
    seen = check_shown(d)
    if isinstance(d.app.screen.mode, Steps) and d.has("continue"):
        d.tap("continue")  # the chosen character's options, or the characters
        seen += check_shown(d)
    if d.has("back_list"):
        d.tap("back_list")
    ids = [w.id for w in d.enabled("character:")] + (["neutral"] if d.has("neutral") else [])
    for id_ in ids:
        if not d.has(id_):
            continue
        d.tap(id_)
        seen += check_shown(d)
        for tab in [w.id for w in d.enabled("village:")]:  # each village's picture
            d.tap(tab)
            seen += check_shown(d)
        for way in ("list", "picture"):
            if d.has(way):
                d.tap(way)
                seen += check_shown(d)
        for _ in range(6):
            if not d.has("page:next"):
                break
            d.tap("page:next")
            seen += check_shown(d)
        if d.has("back_list"):
            d.tap("back_list")
    return seen


def unknown_costs(header: dict[str, Any]) -> dict[str, Any]:
    """The record's header with no building cost known: a group on a new device, as in the
    play-test, where every build on offer is unpriced until read off its tile."""
    out = json.loads(json.dumps(header))
    for entry in out["catalogue"]["buildings"].values():
        entry.pop("cost", None)
        entry.pop("cost_confidence", None)
    return out


def at_the_first_turn_unpriced(app: App) -> tuple[Driver, dict[str, Any]]:
    """A self-played 3-player game entered into ``app`` up to its first turn, the costs of
    the buildings on offer unknown to the device; the costs on the tiles (to read off)."""
    game, _result = selfplay.play(3, 5)
    header = json.loads(game.record_lines()[0])
    costs = {t: game.state.known_cost(t) for t in header["catalogue"]["buildings"]}
    app.start_game(unknown_costs(header))
    for k, action in enumerate(game.actions):
        if helvetia_state(app).phase == "play":
            break
        if len(app.session.game.actions) <= k:
            assert app.apply(entered(app, action, costs))
    return Driver(app), costs


def entered(app: App, action: Any, costs: dict[str, Any]) -> Any:
    """The action as the table enters it when the device does not know the cost: a build
    with the cost read off its tile."""
    building = getattr(action, "building", None)
    if (action.type == "build" and action.cost is None
            and helvetia_state(app).known_cost(building) is None):
        return replace(action, cost=costs[building])
    return action


@pytest.mark.parametrize(("players", "seed"), [SEEDS[0], *(
    pytest.param(*s, marks=pytest.mark.long) for s in SEEDS[1:])])
def test_do_it_only_does_what_is_shown_selected(tmp_path: Path, players: int, seed: int) -> None:
    seen = 0
    game, _result = selfplay.play(players, seed)
    header = json.loads(game.record_lines()[0])
    costs = {t: game.state.known_cost(t) for t in header["catalogue"]["buildings"]}
    app = App(config(tmp_path / f"{players}-{seed}"))
    app.start_game(unknown_costs(header))
    d = Driver(app)
    for k, action in enumerate(game.actions):
        if len(app.session.game.actions) > k:  # taken by the app itself (no real choice)
            continue
        state = helvetia_state(app)
        if app.summary_pending and d.has("continue"):  # past a checklist (setup, round)
            d.tap("continue")
        if state.phase == "play" and isinstance(app.screen, TurnScreen) and not app.overlay:
            seen += explore(d)
        assert app.apply(entered(app, action, costs)), action
    app.close()
    assert seen > 15


def test_the_options_open_at_the_likeliest_and_do_it_waits_until_the_preselected_is_seen(
        tmp_path: Path) -> None:
    """game-2p: Anna's Builder tile, after her delivery: the unpriced new buildings are the
    likeliest (the table built the Mine here), the doable builds come after them, on page 2.
    The list opens at the likeliest, where "Do it" is greyed; paged on to the preselected
    build, framed, "Do it" does it."""
    lines = (Path(__file__).parent.parent / "data" / "game-2p.jsonl").read_text().splitlines()
    app = App(config(tmp_path))
    d = Driver(app)
    d.play(lines, stop=60)
    d.tap("continue")  # the tile's options: all that is left of the turn
    mode = app.screen.mode
    assert isinstance(mode, OptionsView) and mode.preset is not None and mode.page == 0
    assert mode.shown()[0].needs_cost
    assert any(w.id.startswith("option:") and w.value.action.building == "mine"
               for w in d.widgets())  # what the table did: seen at once
    assert not do_widgets(d)
    before = len(app.session.game.actions)
    d.touch(next(w for w in d.widgets() if w.id == "do"))
    assert len(app.session.game.actions) == before
    for _ in range(5):
        if do_widgets(d):
            break
        d.tap("page:next")
    assert mode.page > 0 and check_shown(d) == 1
    app.close()


def test_the_hint_names_the_tiles_whose_costs_it_needs(tmp_path: Path) -> None:
    from companion.bot.decide import needed_costs
    from companion.display.screens.turn.hint import HintOverlay
    from companion.display.words.i18n import building

    game, _result = selfplay.play(3, 5)
    header = json.loads(game.record_lines()[0])
    costs = {t: game.state.known_cost(t) for t in header["catalogue"]["buildings"]}
    app = App(config(tmp_path))
    app.start_game(unknown_costs(header))
    d = Driver(app)
    for k, action in enumerate(game.actions):
        if helvetia_state(app).phase == "play":
            break
        if len(app.session.game.actions) <= k:
            assert app.apply(entered(app, action, costs))
    d.go_on("hint")  # past the setup's last steps
    text_reports.clear_reports()
    d.tap("hint")
    app.draw()
    assert text_reports.REPORTS == []  # said whole
    overlay = app.overlay
    assert isinstance(overlay, HintOverlay)
    unknown = needed_costs(helvetia_state(app), helvetia_state(app).active)
    assert unknown and "{" not in overlay.why
    for t in unknown:
        assert building(helvetia_state(app).catalogue, t) in overlay.why
    app.close()


def test_an_unpriced_build_takes_its_cost_in_the_one_cost_form(tmp_path: Path) -> None:
    """A build whose cost is read off its tile, from the turn's options: the goods in the
    layout of the Costs screen, each entered shown on the tile; the build then done."""
    app = App(config(tmp_path))
    d, _costs = at_the_first_turn_unpriced(app)
    d.go_on("character:")
    d.tap("character:builder")
    unpriced = next(w for w in d.enabled("option:") if w.value.needs_cost)
    d.touch(unpriced)
    in_turn = {w.id: tuple(w.rect) for w in d.widgets() if w.id.startswith(("good:", "cost:"))}
    goods = list(helvetia_state(app).catalogue.goods)
    d.tap(f"good:{goods[0]}")
    d.tap(f"good:{goods[0]}")
    d.tap(f"good:{goods[1]}")
    on_tile = [w.value for w in d.widgets() if w.id.startswith("cost_tile:")]
    assert on_tile == [goods[0], goods[0], goods[1]]
    d.touch(next(w for w in d.widgets() if w.id.startswith("cost_tile:")))  # one off again
    assert [w.value for w in d.widgets() if w.id.startswith("cost_tile:")] == goods[:2]
    d.tap("back_cost")
    d.tap("menu")
    d.tap("menu:costs")
    t = unpriced.value.action.building
    d.tap(f"costs:{t}")
    on_costs = {w.id: tuple(w.rect) for w in d.widgets() if w.id.startswith(("good:", "cost:"))}
    assert on_costs == in_turn
    app.close()
