"""Ending the game by agreement (§12) where a table looks for it (play-test 2026-11-28,
finding 24): on the round end's screen and in the Menu, greyed with the engine's reason
elsewhere, asked before it ends; then the final screen and the Games list say how it ended
and the change since the last round end's scoring."""

from __future__ import annotations

import json
from pathlib import Path

from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.screens import GameOverScreen, RoundScreen
from companion.display.screens.history.game import GameScreen
from companion.display.screens.history.games import GamesScreen
from companion.engine import Game
from companion.engine.state import PLAY, REVEAL
from companion.session import Session
from companion.store import Store
from tests.app_config import config
from tests.ui_driver import Driver

RECORD = (Path(__file__).parent.parent / "data" / "game-4p.jsonl").read_text().splitlines()


def upto(stop: object) -> int:
    """How many actions of the 4-player record lead to the first state ``stop`` accepts."""
    game = Game.from_record(RECORD[:1])
    for line in RECORD[1:]:
        game.apply(json.loads(line))
        if stop(game.state):  # type: ignore[operator]
            return len(game.actions)
    raise AssertionError("never")


def second_reveal(s: object) -> bool:
    return s.phase == REVEAL and s.round == 2  # type: ignore[attr-defined]


def stored(tmp: Path, n: int) -> App:
    store, _ = Store.open(tmp / "helvetia.db")
    session = Session.start(store, json.loads(RECORD[0]))
    for line in RECORD[1:n + 1]:
        session.apply(json.loads(line))
    store.close()
    return App(config(tmp))


def end_here(d: Driver, where: str) -> None:
    d.tap(where)
    assert d.screen_name() == "EndGameConfirm"  # asked first
    d.tap("endgame:no")
    assert helvetia_state(d.app) is not None and not helvetia_state(d.app).game_over
    if where == "menu:end_game":
        d.tap("menu")
    d.tap(where)
    d.tap("endgame:yes")


def test_the_round_end_screen_offers_to_end_the_game_and_the_winner_screen_says_so(
        tmp_path: Path) -> None:
    app = stored(tmp_path, upto(second_reveal))
    d = Driver(app)
    assert isinstance(app.screen, RoundScreen) and d.has("round:end_game")
    state = app.session.state  # type: ignore[union-attr]
    before = dict(app.last_track)
    assert before and before != state.track  # the round end's scoring changed the scores
    end_here(d, "round:end_game")
    assert helvetia_state(app) is not None and helvetia_state(app).ended_by == "agreement"
    screen = app.screen
    assert isinstance(screen, GameOverScreen)
    d.widgets()
    vp = max(helvetia_state(app).track.values())
    assert f"agreed to end the game after round 2, at {vp} VP" in screen.words
    assert screen.change == {c: helvetia_state(app).track[c] - before.get(c, 0)
                             for c in helvetia_state(app).colours}
    assert any(screen.change.values())  # not "+0" for everybody
    app.close()


def test_the_menu_ends_the_game_only_at_a_round_end_and_says_why_elsewhere(
        tmp_path: Path) -> None:
    mid = upto(lambda s: s.phase == PLAY and s.round == 2 and s.acted)
    app = stored(tmp_path, mid)
    d = Driver(app)
    d.to_turn_main()
    d.tap("menu")
    [end] = [w for w in d.widgets() if w.id == "menu:end_game"]
    assert not end.enabled and end.why_not == (
        "The game can be ended by agreement only at a round end, once it is scored.")
    d.touch(end)  # a tap on it says why
    state = helvetia_state(app)
    assert app.banner == end.why_not and state is not None and not state.game_over
    app.close()
    app = stored(tmp_path / "b", upto(second_reveal))
    d = Driver(app)
    d.tap("menu")
    assert d.has("menu:end_game")
    end_here(d, "menu:end_game")
    state = helvetia_state(app)
    assert state is not None and state.game_over and state.ended_by == "agreement"
    app.close()


def test_the_checklist_before_the_next_round_offers_it_too_and_the_games_list_says_so(
        tmp_path: Path) -> None:
    app = stored(tmp_path, upto(second_reveal))
    d = Driver(app)
    d.reveal(Game.from_record(RECORD[:1 + upto(second_reveal) + 1]).actions[-1])
    assert isinstance(app.screen, RoundScreen) and helvetia_state(app) is not None
    assert helvetia_state(app).phase == PLAY and d.has("reveal:back") and d.has("continue")
    end_here(d, "round:end_game")  # beside Back, before the next round
    state = helvetia_state(app)
    assert state is not None and state.ended_by == "agreement"
    vp = max(state.track.values())
    d.tap("history")
    games = app.screen
    assert isinstance(games, GamesScreen)
    d.widgets()
    [row] = games.shown
    assert row["result"].endswith(f"wins! · by agreement at {vp} VP")
    assert row["winners"]
    d.tap(f"game:{row['id']}")
    game = app.screen
    assert isinstance(game, GameScreen)
    d.widgets()
    assert f"wins! · by agreement at {vp} VP" in game.shown["head"]
    assert game.shown["counts"].startswith("2 rounds")  # the agreement adds no round
    app.close()
