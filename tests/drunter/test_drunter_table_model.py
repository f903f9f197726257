"""Drunter & Drüber's table steps put the table right: a model of the table that moves its
pieces only as the screens say (the act previewed, the steps, after an undo the take-back
steps) equals the engine's board after every action and every undo of random games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.drunter.selfplay import new_random_game, random_action
from companion.drunter.table import TableLog
from companion.session import Session
from companion.store import Store
from tests.drunter_table_model import Table


def play_with_undos(seed: int, players: int, variant: bool) -> tuple[int, int]:
    """One random game, undoing one to three actions now and then; the model is compared
    after each action and each undo. Returns (actions, undos)."""
    rng = random.Random(seed)
    game = new_random_game(seed, players, variant)
    log = TableLog()
    model = Table.of(game.state)
    done = undone = 0
    while not game.state.game_over and done < 800:
        if game.actions and rng.random() < 0.15:
            for _ in range(rng.randint(1, min(3, len(game.actions)))):
                before, after = game.states[-2], game.states[-1]
                shown = len(log.back)  # the take-back steps already followed
                action = game.undo()
                log.took_back(before, action, after)
                assert not log.steps  # nothing of an action still in the game (stale lines)
                for m, back in log.shown()[shown:]:
                    assert back, m
                    model.do(m)
                undone += 1
                assert model.comparable() == Table.of(game.state).comparable(), \
                    (seed, "undo", action)
            continue
        action = random_action(game, rng)
        before = game.state
        game.apply(action)
        log.done(before, action, game.state)
        model.act(action)
        for m, back in log.shown():
            assert not back, m
            model.do(m)
        done += 1
        assert model.comparable() == Table.of(game.state).comparable(), (seed, action)
    return done, undone


@pytest.mark.parametrize("seed", range(12))
def test_the_steps_shown_put_the_table_right(seed: int) -> None:
    done, undone = play_with_undos(seed, 2 + seed % 3, variant=seed % 4 == 3)
    assert done > 10 and undone > 0


def test_an_undo_shows_only_what_to_take_back() -> None:
    """After an undo no step of an action still in the game is shown (the stale lines)."""
    game = new_random_game(5, 3)
    log = TableLog()
    rng = random.Random(5)
    while len(game.actions) < 20 and not game.state.game_over:
        before = game.state
        action = random_action(game, rng)
        game.apply(action)
        log.done(before, action, game.state)
    before, after = game.states[-2], game.states[-1]
    log.took_back(before, game.undo(), after)
    assert log.shown() and all(back for _m, back in log.shown())


def test_the_session_shows_the_steps_that_put_the_table_right(tmp_path: Path) -> None:
    """The same through the app's session (a real store): what ``table_log`` shows after
    each action and each undo moves the model to the engine's board."""
    store = Store.open(tmp_path / "helvetia.db")[0]
    rng = random.Random(7)
    session = Session.start(store, new_random_game(7, 3).header)
    assert isinstance(session.table, TableLog)  # the game's kind keeps its table's steps
    log = session.table
    model = Table.of(session.state)
    undos = 0
    while not session.state.game_over and len(session.game.actions) < 60:
        if session.game.actions and rng.random() < 0.2:
            followed = len(log.back)
            session.undo()
            undos += 1
            for m, back in log.shown()[followed:]:
                assert back
                model.do(m)
        else:
            action = random_action(session.game, rng)
            session.apply(action)
            model.act(action)
            for m, _back in log.shown():
                model.do(m)
        assert model.comparable() == Table.of(session.state).comparable()
    assert undos > 0
    store.close()
