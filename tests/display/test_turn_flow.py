"""The turn screen's flow as a table uses it: few taps a turn on the recorded 2-player game,
"Do it" (and End turn) always in one place, the likeliest option preselected, the seat button
confirming a form; the draft's and the placement's progress; the new-buildings grid that never
moves."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

import pytest

from benchmarks.app import taps_per_turn
from companion.bot.likely import likeliest_first
from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.screens import SetupScreen, TurnScreen
from companion.display.screens.turn.do_it import DO_RECT
from companion.display.screens.turn.form_view import FormView
from companion.display.screens.turn.list_view import OptionsView
from companion.engine import Game, parse_action, turn_options
from tests.app_config import config
from tests.ui_driver import Driver

DATA = Path(__file__).parent.parent / "data"
LINES = (DATA / "game-2p.jsonl").read_text().splitlines()
MEDIAN_TAPS = 6.5
"""The median taps a turn on game-2p (issue 20's goal; 11 before the turn screen's rework,
6.5 before a free choice of sex followed the table's habit, 6 before a count of coins was
chosen first and then done with "Do it": issue 32, a tap on a count never does the action)."""


def app_for(lines: list[str], tmp: Path, language: str = "en") -> App:
    """An app set up for the record as ``tests/uiplay.py`` does: its seats, its costs."""
    from tests import uiplay

    header = json.loads(lines[0])
    app = App(uiplay.config(header, tmp, language))
    costs = uiplay.device_costs(header)
    if costs:
        app.store.learn_costs(costs)
    return app


class Watching(Driver):
    """A driver that notes, before every tap, where "Do it" and End turn are on the turn
    screen."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.places: set[tuple[str, tuple[int, int, int, int]]] = set()

    def touch(self, w: Any) -> None:
        if isinstance(self.app.screen, TurnScreen) and self.app.overlay is None:
            for x in self.app.widgets:
                if x.id in ("do", "do:1", "end_turn"):
                    self.places.add((x.id, tuple(x.rect)))
        super().touch(w)


def test_the_recorded_2_player_game_needs_few_taps_a_turn(tmp_path: Path) -> None:
    app = App(config(tmp_path))
    _d, _setup, per_turn, _kinds = taps_per_turn(app, LINES)
    app.close()
    assert len(per_turn) == 26
    assert statistics.median(per_turn) <= MEDIAN_TAPS


def test_do_it_and_end_turn_are_always_in_the_same_place(tmp_path: Path) -> None:
    app = App(config(tmp_path))
    d = Watching(app)
    d.play(LINES)
    app.close()
    ids = {i for i, _r in d.places}
    assert {"do", "do:1", "end_turn"} <= ids
    assert {r for _i, r in d.places} == {DO_RECT}


def test_the_likeliest_option_is_preselected_and_one_tap_does_it(tmp_path: Path) -> None:
    """Blue's second Carter action: "Do it" on the steps of the first does the likeliest
    delivery, as the record has it."""
    app = App(config(tmp_path))
    d = Driver(app)
    d.play(LINES, stop=24)  # Blue put 2 coins on the Carter and delivered once
    assert isinstance(app.screen, TurnScreen) and app.screen.view == "steps"
    do = next(w for w in d.enabled() if w.id == "do")
    assert do.value == parse_action(json.loads(LINES[25]))  # the record's next delivery
    taps = d.taps
    d.tap("do")
    assert d.taps - taps == 1 and app.session.game.actions[-1] == do.value
    app.close()


def test_the_seat_button_confirms_a_form(tmp_path: Path) -> None:
    app = App(config(tmp_path))
    d = Driver(app)
    d.play(LINES, stop=26)  # Red's turn: 2 coins to put on the Carter
    d.tap("character:carter")
    option = next(w for w in d.enabled("option:"))
    d.touch(option)
    assert isinstance(app.screen.mode, FormView)
    before = len(app.session.game.actions)
    d.seat("blue")  # not Red's button: nothing
    assert len(app.session.game.actions) == before
    d.seat("red")
    assert len(app.session.game.actions) == before + 2  # the coin on the Carter, the delivery
    assert app.session.game.actions[-2].coins == 1  # type: ignore[attr-defined]
    app.close()


def test_options_come_best_first_and_the_greyed_ones_last() -> None:
    game = Game(json.loads(LINES[0]))
    seen = 0
    for line in LINES[1:]:
        state = game.state
        if state.phase == "play" and state.turn and state.turn.character is None:
            screen = TurnScreen(state)
            listed = OptionsView(state, screen.options, "carter", order=likeliest_first).listed
            doable = [o.affordable or o.needs_cost for o in listed]
            assert doable == sorted(doable, reverse=True)
            seen += bool(listed)
        game.apply(parse_action(json.loads(line)))
    assert seen


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_draft_says_who_drafted_what_and_who_picks_again(tmp_path: Path,
                                                            language: str) -> None:
    from companion.display.kit import text_reports
    from companion.display.screens.setup.progress import drafted, picks_again
    from companion.display.words import i18n

    lines = (DATA / "game-4p.jsonl").read_text().splitlines()
    app = app_for(lines, tmp_path, language)
    d = Driver(app)
    text_reports.clear_reports()
    d.play(lines, stop=5)  # Carla (yellow) picked last and picks again (the snake's turn)
    assert isinstance(app.screen, SetupScreen)
    state = helvetia_state(app)
    again = picks_again(state, app.session.game.actions[-1])
    assert again is not None and i18n.name("yellow") in again
    assert drafted(state)["yellow"] and drafted(state)["red"]
    app.draw()
    d.play(lines, stop=6)
    assert picks_again(helvetia_state(app), app.session.game.actions[-1]) is None  # White now
    app.draw()
    assert text_reports.REPORTS == []
    app.close()


def test_the_placements_count_up(tmp_path: Path) -> None:
    from companion.display.screens.setup.progress import placed_line

    lines = (DATA / "game-4p.jsonl").read_text().splitlines()
    app = app_for(lines, tmp_path)
    d = Driver(app)
    first = next(i for i, x in enumerate(lines[1:]) if '"place_building"' in x)
    d.play(lines, stop=first)
    assert placed_line(helvetia_state(app)) == "0 of 12 placed"
    d.play(lines, stop=first + 7)
    assert placed_line(helvetia_state(app)) == "7 of 12 placed"
    app.close()


def test_the_new_buildings_grid_never_moves_and_names_the_stack(tmp_path: Path) -> None:
    """game-4p's fourth round end draws 2 from stack II and 3 from stack III: the buttons keep
    their places across the switch."""
    from companion.display.screens.round_end.reveal_grid import current, stack_name
    lines = (DATA / "game-4p.jsonl").read_text().splitlines()
    reveals = [i for i, x in enumerate(lines[1:]) if '"reveal"' in x]
    app = app_for(lines, tmp_path)
    d = Driver(app)
    d.play(lines, stop=reveals[3])
    d.go_on("reveal:")
    d.tap("reveal:start")
    places = {w.id: tuple(w.rect) for w in d.widgets() if w.id.startswith("reveal:")}
    drawn = json.loads(lines[reveals[3] + 1])["buildings"]
    for t in drawn[:-1]:
        key, _mine, _left = current(helvetia_state(app), app.screen.picked)
        assert stack_name(key) in ("II", "III")
        d.tap(f"reveal:{t}")
        now = {w.id: tuple(w.rect) for w in d.widgets() if w.id.startswith("reveal:")}
        assert all(now[i] == r for i, r in places.items() if i in now)
        assert set(places) == set(now)
    assert current(helvetia_state(app), app.screen.picked)[0] == "3"
    d.tap(f"reveal:{drawn[-1]}")  # the last tap finishes the reveal by itself
    assert app.session.game.actions[-1].type == "reveal"
    d.tap("reveal:back")  # one tap takes it back: the grid as it was before the last tap
    assert app.session.game.actions[-1].type != "reveal"
    assert {w.id: tuple(w.rect) for w in d.widgets() if w.id.startswith("reveal:")} == places
    assert app.screen.picked == drawn[:-1]
    d.tap(f"reveal:{drawn[-1]}")
    assert app.session.game.actions[-1] == parse_action(json.loads(lines[reveals[3] + 1]))
    app.close()


def test_the_coins_offered_are_no_more_than_the_actions_they_can_buy(tmp_path: Path) -> None:
    """§7, every coin must buy an action: with one couple the Midwife offers one coin (not
    "2 coins", "3 coins" that would only go back to the hand); the Priest with two unbound
    villagers offers two; the engine's count (``most_coins``) is what the screen offers."""
    lines = (DATA / "hurried-4p.jsonl").read_text().splitlines()
    game = Game.from_record(lines)
    for at, character, most in ((48, "midwife", 1), (34, "priest", 2)):
        app = app_for(lines, tmp_path / str(at))
        d = Driver(app)
        d.play(lines, stop=at)
        options = turn_options(game.states[at])
        assert options.most_coins[character] == most < game.states[at].player(
            game.actions[at].player).coins
        d.tap(f"character:{character}")
        offered = {w.id for w in d.enabled("coins:")}  # the counts to choose from
        assert offered == ({f"coins:{n}" for n in range(1, most + 1)} if most > 1 else set()), \
            offered
        app.close()
