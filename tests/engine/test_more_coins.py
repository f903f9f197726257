"""The coins follow the actions (§7, ``engine/more_coins``): one more coin on the chosen
character once its coins have bought their actions; the same game as the coins counted up
front, refused where the rules forbid it, undone and replayed like any action, and told to
the table as one coin put on the character."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from companion.engine import (
    AddCoin,
    Choose,
    EndTurn,
    Game,
    action_to_json,
    parse_action,
    why_not,
)
from companion.engine.actions import Action
from companion.engine.invariants import check
from companion.engine.table import back_steps, steps
from tests.table_model import Table, expected, placing

DATA = Path(__file__).parent.parent / "data"
RECORDS = ["game-2p.jsonl", "game-3p.jsonl", "game-4p.jsonl", "hurried-4p.jsonl"]


def coins_follow(actions: list[Action]) -> list[Action]:
    """The record with every choice of n coins made one coin, and one more coin put on the
    character before each of its further actions."""
    out: list[Action] = []
    more = 0
    for a in actions:
        if isinstance(a, Choose):
            out.append(replace(a, coins=1))
            more = a.coins - 1
            first = True
            continue
        if isinstance(a, EndTurn):
            more = 0
        elif more and a.type in ("build", "deliver", "wake", "marry", "birth") \
                and not getattr(a, "tile", False):
            if first:
                first = False
            else:
                out.append(AddCoin(a.player))  # type: ignore[attr-defined]
                more -= 1
        out.append(a)
    return out


def replay(name: str) -> tuple[Game, list[Action]]:
    lines = (DATA / name).read_text().splitlines()
    return Game(json.loads(lines[0])), [parse_action(json.loads(x)) for x in lines[1:]]


@pytest.mark.parametrize("name", RECORDS)
def test_coins_added_as_the_actions_go_make_the_same_game(name: str) -> None:
    """Each recorded game, its coins put on one at a time as the actions go: after every
    turn the same coins on the characters, in the hands, the same scores; the same end."""
    game, actions = replay(name)
    up_front, _ = replay(name)
    followed = coins_follow(actions)
    assert any(isinstance(a, AddCoin) for a in followed)
    k = 0
    model = Table.of(game.state)
    for a in followed:
        before = game.state
        after = game.apply(a)
        for step in steps(before, a, after):  # the table moves only what it is told
            model.do(step, after, placing(before))
        assert model == expected(model, after), a
        assert check(after) == [], a  # every coin and villager accounted for
        if isinstance(a, AddCoin):
            continue
        if isinstance(a, Choose):
            up_front.apply(actions[k])
            k += 1
            continue
        while k < len(actions) and actions[k] != a:
            up_front.apply(actions[k])
            k += 1
        up_front.apply(actions[k])
        k += 1
        if isinstance(a, EndTurn):
            s, t = game.state, up_front.state
            assert s.character_coins == t.character_coins
            assert [(p.coins, p.won_coins) for p in s.players] == \
                [(p.coins, p.won_coins) for p in t.players]
            assert s.track == t.track and s.phase == t.phase
    assert game.state.track == up_front.state.track


def _to_first_turn(name: str = "game-2p.jsonl") -> tuple[Game, list[Action]]:
    game, actions = replay(name)
    k = next(i for i, a in enumerate(actions) if isinstance(a, Choose) and a.coins == 2)
    for a in actions[:k]:
        game.apply(a)
    return game, actions[k:]


def test_a_coin_is_refused_before_a_character_and_while_coins_are_unused() -> None:
    game, rest = _to_first_turn()
    who = game.state.active
    assert game.state.turn is not None and game.state.turn.character is None
    with pytest.raises(Exception) as e:
        game.apply(AddCoin(who))
    assert e.value.code == "no_character_yet"
    game.apply(rest[0])  # two coins on the Carter
    with pytest.raises(Exception) as e:
        game.apply(AddCoin(who))
    assert e.value.code == "actions_left"
    other = next(c for c in game.state.colours if c != who)
    with pytest.raises(Exception) as e:
        game.apply(AddCoin(other))
    assert e.value.code == "not_your_turn"


def test_a_coin_is_undone_and_recorded_like_any_action() -> None:
    game, rest = _to_first_turn()
    who = game.state.active
    game.apply(replace(rest[0], coins=1))
    game.apply(rest[1])
    before = game.state
    coins = before.player(who).coins
    after = game.apply(AddCoin(who))
    assert after.player(who).coins == coins - 1
    assert after.turn is not None and after.turn.coins == 2 and after.turn.done == 1
    said = steps(before, AddCoin(who), after)
    assert [(s.code, s.message.params["n"], s.character) for s in said] == [
        ("table.coins_on_character", 1, "carter")]
    model = Table.of(after)
    undone = game.undo()
    for step in back_steps(game.state, undone, after):
        model.do(step, game.state, placing(game.state))
    assert model == Table.of(before) and game.state.player(who).coins == coins
    game.apply(AddCoin(who))
    lines = game.record_lines()
    assert json.loads(lines[-1]) == action_to_json(AddCoin(who)) == {"type": "add_coin",
                                                                        "player": who}
    assert Game.from_record(lines).state.turn == game.state.turn


def test_no_regular_action_follows_a_tile_action_that_came_after_one() -> None:
    """A character tile's action comes before or after the regular actions (§7): once it
    followed one, no coin buys another."""
    seen = 0
    for name in RECORDS:
        game, actions = replay(name)
        for a in actions:
            turn = game.state.turn
            after = game.apply(a)
            if not (getattr(a, "tile", False) and turn is not None and turn.character
                    and turn.done == turn.coins and after.turn is not None):
                continue
            assert after.turn.tile_after
            if after.player(a.player).coins:  # type: ignore[attr-defined]
                reason = why_not(after, AddCoin(a.player))  # type: ignore[attr-defined]
                assert reason is not None and reason.code == "tile_came_after"
                seen += 1
    assert seen > 0
