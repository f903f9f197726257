"""Counts and side texts that agree with what they count (play-test 2026-11-25 in a window,
finding 8): each count has one source, the thing it counts."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.bot import deciders
from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.screens import SetupScreen, TurnScreen
from companion.engine import Game
from companion.engine.setup import centre_coins, coins_at_hand
from companion.engine.table import steps
from companion.selfplay import drawn_costs
from tests.display.test_table_steps_kept import first_pick_virtual, record
from tests.display.test_turn_flow import LINES
from tests.display.test_turn_flow import config as turn_config
from tests.display.test_turn_words import texts
from tests.ui_driver import Driver
from tests.virtual_play import person, set_up


def test_a_virtual_player_s_screen_counts_every_step_it_shows_unticked(tmp_path: Path) -> None:
    """Giallo's first screen had 2 unticked steps but said "1 da fare" and "Done — 1 step not
    ticked". It shows its own steps (a person's start token stays for the setup's checklist:
    play-test 2026-11-28, finding 3) and counts every one of them, as "Done" ticks them."""
    app, d, screen = first_pick_virtual(tmp_path)
    try:
        assert screen.table is not None
        shown = screen.table.shown()
        assert "table.start_token" not in [s.message.code for s, _st, _b in shown]
        n = len(shown)
        assert n >= 1

        def steps(k: int) -> str:
            return f"{k} step{'s' if k > 1 else ''}"

        said = " ".join(texts(app))
        assert f"{steps(n)} left" in said
        done = next(w for w in d.widgets() if w.id == "virtual:done")
        assert done.lines == ["Done", f"{steps(n)} not ticked"]
        d.tap("tick:0")
        said = " ".join(texts(app))
        left = n - 1
        assert (f"{steps(left)} left" if left else "All done") in said
    finally:
        app.close()


def test_a_chosen_character_with_actions_left_asks_for_its_next_action(tmp_path: Path) -> None:
    """"Carter: 3 more actions" came with "Choose a character." on the characters' view,
    where only the chosen character (and no other) may be tapped."""
    app = App(turn_config(tmp_path))
    d = Driver(app)
    try:
        d.play(LINES, stop=24)  # Blue's steps of the first Carter action; a second is due
        assert isinstance(app.screen, TurnScreen)
        d.tap("continue")  # the Carter's options
        d.tap("back_list")  # the characters
        o = app.screen.options
        assert o.chosen == "carter" and o.actions_left > 0
        said = " ".join(texts(app))
        assert "Choose a character." not in said, said
        assert "Tap Carter for its next action." in said, said
    finally:
        app.close()


def test_the_side_bar_counts_the_coins_the_table_holds_during_the_setup(tmp_path: Path) -> None:
    """During the draft the side bar showed 4 coins a player while each holds 6: the dowry
    is laid only once the couples are placed."""
    app = App(Config(language="en", data_dir=tmp_path, seats=("red", "blue", "yellow", "white"),
                     buttons=Buttons(backend="keyboard"), leds=Leds(backend="simulated")))
    d = Driver(app)
    try:
        set_up(d, ["red", "blue", "yellow", "white"], {})
        rng = random.Random(3)
        secret = drawn_costs(rng)
        seen = set()
        while helvetia_state(app) is not None and helvetia_state(app).phase != "play":
            d.widgets()
            if helvetia_state(app).phase in ("place", "couples") and isinstance(app.screen,
                                                                           SetupScreen):
                seen.add(helvetia_state(app).phase)
                said = texts(app)
                assert "4" not in said and "6" in said, "|".join(said)
            person(d, next(iter(deciders(helvetia_state(app))), None), rng, secret, 3)
        assert seen == {"place", "couples"}  # each player's count beside its coin
    finally:
        app.close()


@pytest.mark.parametrize("name", ["game-2p.jsonl", "game-3p.jsonl", "game-4p.jsonl"])
def test_the_centres_hold_the_dowry_from_the_step_that_lays_it(name: str) -> None:
    """The village centres showed the dowry coins from the placements on, before any step
    lays them; every setup state holds 6 coins a colour on the table (with 2 players one of
    them goes to the neutral village)."""
    game = Game.from_record(record(name))
    laid: dict[tuple[str, str], int] = {}
    for before, action, after in zip(game.states, game.actions, game.states[1:],
                                     strict=False):
        for s in steps(before, action, after):
            if s.code == "table.dowry":
                key = (s.message.params["village"], s.message.params["player"])
                laid[key] = laid.get(key, 0) + 1
        if after.phase in ("play", "school", "reveal", "over"):
            break
        for v in after.villages:
            assert centre_coins(after, v) == {}
        for p in after.players:
            assert coins_at_hand(after, p.colour) == 6
    players = len(game.states[0].players)
    assert sum(laid.values()) == 2 * players  # each gives one to each of two others
    first = next(s for s in game.states if s.phase == "play")
    held = {(v, c): n for v in first.villages for c, n in centre_coins(first, v).items()}
    assert sum(held.values()) == 2 * players and all(n == 1 for n in held.values())
    assert all(coins_at_hand(first, p.colour) == 4 for p in first.players)


def test_the_village_picture_draws_no_coin_in_a_centre_before_the_dowry(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from companion.display.kit import widgets as ui
    from companion.display.pictures import village_view

    pygame.init()
    ui.reset_fonts()
    game = Game.from_record(record("game-3p.jsonl"))
    couples = next(s for s in game.states if s.phase == "couples")
    drawn: list[str] = []
    real = village_view.coin
    monkeypatch.setattr(village_view, "coin", lambda s, c, *a, **k: (drawn.append(c),
                                                                      real(s, c, *a, **k)))
    surface = pygame.Surface((400, 300))
    for v in couples.villages:
        village_view.draw_village(surface, couples, v, pygame.Rect(0, 0, 400, 300))
    assert drawn == []
    first = next(s for s in game.states if s.phase == "play")
    for v in first.villages:
        village_view.draw_village(surface, first, v, pygame.Rect(0, 0, 400, 300))
    assert len(drawn) == 6
