"""Costs asked once, when the tile is in the players' hands (issue 32), through the screens:
stack I's on the setup checklist, the new tiles' on the round screen right after they are
drawn (each optional, kept in the game as a correction), and a virtual player that asks
only for the one tile it wants, whose "Back" plans without it. The costs entered are test
data, never real ones."""

from __future__ import annotations

import random
from pathlib import Path

from companion.bot import CostNeeded, decide, deciders
from companion.bot.playout import next_decider, table_action
from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.screens import RoundScreen
from companion.display.screens.setup.checklist import SetupChecklist
from companion.display.screens.turn.virtual import VirtualScreen
from companion.engine import CorrectCost, Game, TileCost, apply, header_line, turn_options
from companion.engine.state import PLAY, REVEAL
from companion.selfplay import drawn_costs
from tests.ui_driver import Driver
from tests.virtual_play import Table, person, set_up, virtual_turn

PLAYERS = ["red", "blue", "yellow", "white"]


def new_app(tmp: Path) -> App:
    return App(Config(language="en", data_dir=tmp, seats=tuple(PLAYERS),
                      buttons=Buttons(backend="keyboard"), leds=Leds(backend="simulated")))


def test_stack_i_s_costs_on_the_setup_checklist(tmp_path: Path) -> None:
    app = new_app(tmp_path)
    try:
        d = Driver(app)
        set_up(d, PLAYERS, {"white": "strong"})
        assert isinstance(app.screen, SetupChecklist)
        opener = next(w for w in d.widgets() if w.id == "at_hand:open")
        assert opener.lines[-1] == "4 not known yet"
        d.tap("at_hand:open")
        cells = {w.id: w.rect for w in d.widgets() if w.id.startswith("at_hand:")}
        d.tap("at_hand:mine")
        d.tap("back_cost")  # Back on the form: the list again, nothing kept
        assert app.session is not None and app.session.game.actions == []
        d.tap("at_hand:mine")
        for g in ("wood", "stone"):
            d.tap(f"good:{g}")
        d.tap("cost:done")
        assert app.session.game.actions == [CorrectCost("mine", (("stone", 1), ("wood", 1)))]
        assert isinstance(app.screen, SetupChecklist)  # still the setup, the list in place
        assert {w.id: w.rect for w in d.widgets() if w.id.startswith("at_hand:")} == cells
        d.tap("at_hand:close")
        opener = next(w for w in d.widgets() if w.id == "at_hand:open")
        assert opener.lines[-1] == "3 not known yet"
        d.tap("continue")  # on to the draft: the cost moved nothing on the table
        state = helvetia_state(app)
        assert state is not None and state.known_cost("mine") is not None
        assert not isinstance(app.screen, SetupChecklist)
    finally:
        app.close()


def test_the_virtual_player_asks_for_one_tile_and_back_plans_without_it(
        tmp_path: Path) -> None:
    app = new_app(tmp_path)
    try:
        d = Driver(app)
        set_up(d, PLAYERS, {"white": "strong"})
        secret = drawn_costs(random.Random(1))
        rng = random.Random(2)
        t = Table()
        for _ in range(600):
            d.widgets()
            screen = app.screen
            if isinstance(screen, VirtualScreen) and screen.reading is not None:
                break
            if isinstance(screen, VirtualScreen):
                virtual_turn(d, secret, t, press=False)
            elif app.summary_pending and d.has("continue"):
                d.tap("continue")
            else:
                state = helvetia_state(app)
                assert state is not None
                person(d, next((c for c in deciders(state) if c != "white"), None), rng,
                       secret, 3)
        else:
            raise AssertionError("the virtual player never asked for a cost")
        assert screen.reading.types == (screen.reading.type,)  # one tile: the one it wants
        wanted = screen.reading.type
        assert wanted is not None
        before = len(app.session.game.actions) if app.session else 0
        d.tap("back_cost")  # not now: it plans without that building
        d.widgets()
        assert app.session is not None and len(app.session.game.actions) == before
        assert wanted in screen.without
        # one tile asked for a turn: the other unknown ones are planned without too (the
        # play-test: after Back on the Mill it asked for the Church at once)
        assert set(screen.unknown_costs()) <= set(screen.without)
        for _ in range(200):  # the plan made again, beside the screen
            if screen.thinking is None:
                break
            d.widgets()
        assert screen.reading is None
        assert not any(getattr(a, "building", None) == wanted for a in screen.plan)
    finally:
        app.close()


def test_a_plan_asks_only_for_the_building_it_builds() -> None:
    """On a new device every building on offer has an unknown cost: the virtual player is
    never stopped for those it does not want (before: all of them, one after another)."""
    rng = random.Random(4)
    game = Game(header_line([(c, c) for c in PLAYERS]))
    asked: list[tuple[str, ...]] = []
    secret = drawn_costs(random.Random(4))
    while game.state.phase != PLAY or game.state.round < 3:
        state = game.state
        colour = next_decider(state, rng)
        if colour is None:
            game.apply(table_action(state, rng))
            continue
        try:
            game.apply(decide(state, colour, level="normal", seed=1, budget_s=0.02))
        except CostNeeded as need:
            asked.append(need.buildings)
            missing = turn_options(state).costs_needed
            assert len(need.buildings) == 1 and need.buildings[0] in missing
            b = need.buildings[0]
            after = apply(state, TileCost(colour, b, tuple(sorted(secret[b].items()))))
            game.apply(TileCost(colour, b, tuple(sorted(secret[b].items()))))
            assert after.known_cost(b) is not None
    assert asked  # some building was wanted
    assert len(asked) < 12  # the stacks' types: never each one in turn


def at_the_new_tiles_costs(app: App) -> Driver:
    """A game of persons played through the screens to its first round end, the new
    buildings tapped on the grid: the round end's costs of the tiles just drawn."""
    d = Driver(app)
    set_up(d, PLAYERS, {})
    rng = random.Random(6)
    secret = drawn_costs(random.Random(6))
    for _ in range(800):
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
    return d


def test_the_new_tiles_costs_right_after_they_are_drawn(tmp_path: Path) -> None:
    app = new_app(tmp_path)
    try:
        d = at_the_new_tiles_costs(app)
        screen = app.screen
        assert isinstance(screen, RoundScreen)
        d.widgets()
        assert screen.view == "costs" and screen.costs is not None
        unknown = [w for w in d.enabled("at_hand:")
                   if any(line == "not known yet" for line in w.lines)]
        assert unknown
        bar = {w.id: w.rect for w in d.widgets() if w.id in ("round:end_game", "continue")}
        t = unknown[0].value
        d.tap(unknown[0].id)
        d.tap("good:wood")
        d.tap("cost:done")
        assert app.session is not None
        assert app.session.game.actions[-1] == CorrectCost(t, (("wood", 1),))
        assert app.screen is screen and screen.view == "costs"
        assert {w.id: w.rect for w in d.widgets()
                if w.id in ("round:end_game", "continue")} == bar
        d.tap("round:steps")  # the round end's steps, as before
        assert screen.view == "steps"
        d.tap("continue")
        state = helvetia_state(app)
        assert state is not None and state.known_cost(t) == (("wood", 1),)
    finally:
        app.close()
